#!/usr/bin/env python3
"""run_replay.py - compile and run one Icarus replay bench; the test command of icarus.tests.

    run_replay.py --dir build/icarus/lfsr [--vectors FILE] [--test NAME] [--vcd]
                  [--wave-window K] [--expect-mismatch SIGNAL@CYCLE]

DIR holds what mk/icarus.mk made: replay_tb.v (gen_replay_tb.py), rtl.f (the RTL files, one
a line), vectors.txt and lockstep.status (make_vectors.py). This script
  1. checks that the vector file's header is the one the bench was made from,
  2. compiles replay_tb.v + the RTL with `iverilog -g2005 -Wall` into DIR/replay_<test>.vvp
     (-Wno-timescale: the bench sets a timescale the RTL files do not),
  3. runs `vvp -n` and times it: prints `ICARUS SPEED test=T cycles=N wall_s=S cycles_per_s=R`,
  4. on a mismatch reruns with +wave_from=<cycle - K> so build/waves/icarus_<test>.vcd holds
     the last K cycles up to the mismatch (`gtkwave build/waves/icarus_<test>.vcd`).
Exit 0 only when vvp printed ICARUS PASS and exited 0 and the lock-step run that made the
vectors did not fail. With --expect-mismatch it inverts: exit 0 only when the replay failed
with `ICARUS MISMATCH ... cycle=CYCLE signal=SIGNAL` (the self-test of the replay itself).
"""
import argparse
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep verif/icarus free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vectors import VectorError, read_header  # noqa: E402

MISMATCH_RE = re.compile(r"ICARUS MISMATCH test=\S+ cycle=(\d+) signal=(\S+) rtl=\S+ model=\S+")


def bench_header(path):
    with open(path) as f:
        return [l[len("// HDR "):].rstrip("\n") for l in f if l.startswith("// HDR ")]


def run(cmd, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                           timeout=timeout)
        out, rc = p.stdout.decode(errors="replace"), p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode(errors="replace") + f"\nTIMEOUT after {timeout}s\n", 124
    return out, rc, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--vectors", help="vector file to replay (default DIR/vectors.txt)")
    ap.add_argument("--test", help="test name (default: the last part of DIR)")
    ap.add_argument("--vcd", action="store_true", help="dump the whole run to the VCD file")
    ap.add_argument("--wave-window", type=int, default=200, help="cycles before a mismatch in the VCD")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--expect-mismatch", metavar="SIGNAL@CYCLE")
    args = ap.parse_args()

    d = args.dir
    test = args.test or os.path.basename(os.path.normpath(d))
    vectors = args.vectors or os.path.join(d, "vectors.txt")
    bench = os.path.join(d, "replay_tb.v")
    # one compiled bench per test: a replay and its corrupted-trace selftest share the directory
    # and may run at the same time (run_tests.py -j2)
    vvp = os.path.join(d, f"replay_{test}.vvp")
    for need in (bench, os.path.join(d, "rtl.f"), vectors):
        if not os.path.exists(need):
            sys.exit(f"ICARUS FAIL test={test} reason=missing-file file={need} (run `make icarus-{os.path.basename(os.path.normpath(d))}`)")
    try:
        h = read_header(vectors)
    except VectorError as e:
        sys.exit(f"ICARUS FAIL test={test} reason=bad-vector-file: {e}")
    if h.lines != bench_header(bench):
        sys.exit(f"ICARUS FAIL test={test} reason=header-differs: {vectors} does not have the header "
                 f"{bench} was generated from (regenerate with `make icarus-{os.path.basename(os.path.normpath(d))}`)")
    with open(os.path.join(d, "rtl.f")) as f:
        rtl = [l.strip() for l in f if l.strip()]
    if not rtl:
        sys.exit(f"ICARUS FAIL test={test} reason=no-rtl-files: {os.path.join(d, 'rtl.f')} is empty "
                 "(the rtl files argument of FG_ICARUS in mk/icarus.mk expanded to nothing)")

    os.makedirs("build/waves", exist_ok=True)
    out, rc, dt = run(["iverilog", "-g2005", "-Wall", "-Wno-timescale", "-s", "fg_replay_tb", "-o", vvp, bench] + rtl, 600)
    if rc != 0:
        print(out, end="")
        sys.exit(f"ICARUS FAIL test={test} reason=iverilog-compile-error (exit {rc})")
    warnings = [l for l in out.splitlines() if "warning" in l.lower()]
    if warnings:
        print(f"ICARUS NOTE test={test} iverilog printed {len(warnings)} warning(s):")
        for l in warnings[:10]:
            print("    " + l)

    plus = [f"+vectors={vectors}", f"+test={test}", f"+wave_file=build/waves/icarus_{test}.vcd"]
    if args.vcd:
        plus.append("+vcd")
    out, rc, dt = run(["vvp", "-n", vvp] + plus, args.timeout)
    print(out, end="")
    passed = rc == 0 and re.search(rf"^ICARUS PASS test={re.escape(test)} cycles=\d+", out, re.M) is not None
    m_pass = re.search(r"^ICARUS PASS test=\S+ cycles=(\d+)", out, re.M)
    mm = MISMATCH_RE.search(out)
    cycles = int(m_pass.group(1)) if m_pass else (int(mm.group(1)) + 1 if mm else 0)
    if cycles:
        print(f"ICARUS SPEED test={test} cycles={cycles} wall_s={dt:.2f} cycles_per_s={cycles / max(dt, 1e-6):.0f}")

    if mm and not args.vcd:
        # Same vectors, same result: rerun with the dump on for the cycles before the mismatch.
        start = max(0, int(mm.group(1)) - args.wave_window)
        out2, _, _ = run(["vvp", "-n", vvp] + plus + [f"+wave_from={start}"], args.timeout)
        for l in out2.splitlines():
            if l.startswith("ICARUS WAVE"):
                print(l)

    if args.expect_mismatch:
        sig, _, cyc = args.expect_mismatch.rpartition("@")
        ok = rc != 0 and mm is not None and mm.group(2) == sig and mm.group(1) == cyc
        print(f"CHECK icarus-selftest test={test} expected mismatch signal={sig} cycle={cyc}: "
              + ("reported" if ok else f"NOT reported as expected (vvp exit {rc})"))
        sys.exit(0 if ok else 1)

    status_file = os.path.join(d, "lockstep.status")
    status = open(status_file).read().strip() if os.path.exists(status_file) else "unknown"
    if status.startswith("fail"):
        print(f"ICARUS FAIL test={test} reason=lockstep-failed-while-recording: {status}")
        sys.exit(1)
    if not passed:
        if not re.search(r"^ICARUS FAIL", out, re.M):
            print(f"ICARUS FAIL test={test} reason=vvp-exit-{rc}-without-pass-line")
        sys.exit(1)
    sys.exit(0)


if __name__ == "__main__":
    main()
