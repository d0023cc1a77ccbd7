#!/usr/bin/env python3
"""Runs build/bin/fg_pcap_rx on the captures of make_frames.py and checks, frame by frame,
against the expectations written when the frames were built:

- the verdict (accepted / rejected) and its reason;
- an accepted frame sets exactly the timers of its classes to time << 16 (the tool runs with
  cfg_quanta_step = 0, so timers hold) and leaves the other timers as they were;
- a rejected frame changes no timer;
- the RTL's stat counters count every frame under its reason.

Runs: the FCS-carrying capture with --fcs present and --fcs auto (auto must keep the bad FCS),
the capture without FCS with --fcs absent and --fcs auto, the FCS capture back to back
(--gap 0), and once with --accept-8023x 0 (the PAUSE frame must be refused as bad_opcode
and change nothing), and twice with --accept-gfc 1 (the GFC frames are accepted as gfc with
their stage ids, and still change no pause timer; without it they are bad_opcode). Prints
CHECK lines and 'RESULT interop-rx ... passed/failed'.
"""
import argparse
import json
import os
import re
import subprocess
import sys

REASONS = ["pfc", "pause", "runt", "bad_fcs", "bad_da", "bad_opcode", "not_ctrl", "gfc"]
FRAME_RE = re.compile(r"^FRAME idx=(\d+) len=(\d+) verdict=(\w+) reason=(\w+)(?: cev=0x([0-9a-f]+))?"
                      r"(?: stages=([0-9,]+))? timers=([0-9a-f,]+)$")


def run(tool, pcap, args):
    cmd = [tool, pcap] + args
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    return cmd, p.returncode, p.stdout


def check_run(label, tool, pcap, args, expect, failures):
    cmd, rc, out = run(tool, pcap, args)
    problems = []
    if rc != 0:
        problems.append("exit %d (a lock-step disagreement or an error):\n%s" % (rc, out[-2000:]))
    frames = [FRAME_RE.match(l) for l in out.splitlines() if l.startswith("FRAME ")]
    if any(m is None for m in frames):
        problems.append("unparsable FRAME line")
        frames = [m for m in frames if m]
    if len(frames) != len(expect):
        problems.append("%d FRAME lines for %d frames" % (len(frames), len(expect)))
    timers = [0] * 8
    counted = dict((r, 0) for r in REASONS)
    for e, m in zip(expect, frames):
        idx, verdict, reason = int(m.group(1)), m.group(3), m.group(4)
        got_t = [int(x, 16) for x in m.group(7).split(",")]
        want_acc = e["reason"] in ("pfc", "pause", "gfc")
        counted[e["reason"]] += 1
        if reason != e["reason"] or verdict != ("accepted" if want_acc else "rejected"):
            problems.append("frame %d %s: %s/%s, expected %s/%s" % (
                idx, e["name"], verdict, reason, "accepted" if want_acc else "rejected", e["reason"]))
        if want_acc:
            if m.group(5) is None or int(m.group(5), 16) != e["cev"]:
                problems.append("frame %d %s: cev 0x%s, expected 0x%02x" % (idx, e["name"], m.group(5), e["cev"]))
        if e["reason"] == "gfc":  # stage ids reported, no pause timer touched
            want_s = ",".join(str(e["times"][n]) for n in range(8))
            if m.group(6) != want_s:
                problems.append("frame %d %s: stages %s, expected %s" % (idx, e["name"], m.group(6), want_s))
        elif want_acc:
            for n in range(8):
                if (e["cev"] >> n) & 1:
                    timers[n] = e["times"][n] << 16
        if got_t != timers:
            problems.append("frame %d %s: timers %s, expected %s%s" % (
                idx, e["name"], ",".join("%08x" % t for t in got_t), ",".join("%08x" % t for t in timers),
                "" if want_acc else " (a rejected frame changed a timer)"))
            timers = got_t  # report each divergence once
    res = [l for l in out.splitlines() if l.startswith("RESULT ")]
    if not res:
        problems.append("no RESULT line")
    else:
        kv = dict(x.split("=", 1) for x in res[0].split()[1:])
        for r in REASONS:
            if int(kv.get(r, -1)) != counted[r]:
                problems.append("counter %s=%s, expected %d" % (r, kv.get(r), counted[r]))
    ok = not problems
    print("CHECK interop-rx %-28s frames=%d %s  ($ %s)" % (label, len(expect), "ok" if ok else "WRONG", " ".join(cmd)))
    for p in problems:
        print("    " + p)
    if not ok:
        failures.append(label)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default="build/bin/fg_pcap_rx")
    ap.add_argument("--pcap", default="build/interop/rx_frames.pcap")
    a = ap.parse_args()
    base = os.path.splitext(a.pcap)[0]
    with open(base + ".json") as f:
        exp = json.load(f)
    failures = []
    check_run("fcs-present", a.tool, a.pcap, ["--fcs", "present"], exp["with_fcs"], failures)
    check_run("fcs-auto(with fcs)", a.tool, a.pcap, ["--fcs", "auto"], exp["with_fcs"], failures)
    check_run("back-to-back", a.tool, a.pcap, ["--fcs", "present", "--gap", "0"], exp["with_fcs"], failures)
    nofcs = base + "_nofcs.pcap"
    check_run("fcs-absent", a.tool, nofcs, ["--fcs", "absent"], exp["no_fcs"], failures)
    check_run("fcs-auto(no fcs)", a.tool, nofcs, ["--fcs", "auto"], exp["no_fcs"], failures)
    no8023x = [dict(e, reason="bad_opcode") if e["reason"] == "pause" else e for e in exp["with_fcs"]]
    check_run("pause-disabled", a.tool, a.pcap, ["--fcs", "present", "--accept-8023x", "0"], no8023x, failures)
    gfc_on = [dict(e, reason=e.get("gfc_reason", e["reason"])) for e in exp["with_fcs"]]
    if not any(e["reason"] == "gfc" for e in gfc_on):
        failures.append("no-gfc-frames")
    check_run("gfc-accepted", a.tool, a.pcap, ["--fcs", "present", "--accept-gfc", "1"], gfc_on, failures)
    check_run("gfc-accepted-back-to-back", a.tool, a.pcap, ["--fcs", "present", "--gap", "0", "--accept-gfc", "1"],
              gfc_on, failures)
    # bad input must be refused with a message naming the option
    _, rc, out = run(a.tool, a.pcap, ["--fcs", "maybe"])
    ok = rc == 2 and "--fcs" in out
    print("CHECK interop-rx %-28s %s" % ("bad-option-refused", "ok" if ok else "WRONG: " + out.strip()))
    if not ok:
        failures.append("bad-option-refused")
    print("RESULT interop-rx runs=9 %s" % ("passed" if not failures else "failed: " + " ".join(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
