#!/usr/bin/env python3
"""Transmit interop check: what tshark decodes from the frames fg_pfc_tx sent.

usage: check_pfc_tx.py PCAP EXPECTED_JSON

PCAP is written by build/bin/fg_interop_tx (frames with their FCS, LINKTYPE_ETHERNET), and
EXPECTED_JSON lists what the scenario configured and the control frames it must provoke, in
order. tshark (-o eth.fcs:Always -o eth.check_fcs:TRUE -T json) must decode:
  - every control frame (EtherType 0x8808) as MAC control to 01:80:c2:00:00:01 from the
    configured source, 64 bytes, good FCS, and in order exactly the expected ones:
    PFC (opcode 0x0101) with the class-enable vector and the eight per-class times, or
    802.3x PAUSE (opcode 0x0001) with its pause time, or GFC (opcode 0x0102, docs/gfc.md):
    tshark 3.x/4.x has no GFC dissector, so it must show macc.opcode 0x0102 flagged with its
    expert info "Unknown opcode" (macc.opcode.unknown) and nothing else; the class-enable
    vector and the eight stage ids are then read from the frame's bytes 16..33 in the pcap;
  - every other frame as a data frame with a good FCS, as many as the scenario sent.
A refresh must leave cfg_refresh cycles (plus at most the wait for a data frame) after the
XOFF it refreshes, from the pcap timestamps. Before that it proves it can fail: a copy of the capture with one bit flipped in the first
control frame must come back from tshark with a bad FCS.
Prints one line per frame and ends with INTEROP TX PASS or INTEROP TX FAIL (exit 1).
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

PREFS = ["-o", "eth.fcs:Always", "-o", "eth.check_fcs:TRUE"]
FCS_GOOD = "1"  # Wireshark's checksum status: 0 bad, 1 good, 2 unverified


def tshark_json(pcap):
    try:
        p = subprocess.run(["tshark", "-r", pcap, *PREFS, "-T", "json"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, check=False)
    except FileNotFoundError:
        sys.exit("INTEROP TX FAIL tshark not found (install the tshark package)")
    if p.returncode != 0:
        sys.exit(f"INTEROP TX FAIL tshark exit {p.returncode}: {p.stderr.decode(errors='replace').strip()}")
    return json.loads(p.stdout.decode())


def find(d, key):
    """First value of `key` anywhere in tshark's nested JSON layer (subtrees included)."""
    if isinstance(d, dict):
        if key in d:
            return d[key]
        for v in d.values():
            r = find(v, key)
            if r is not None:
                return r
    return None


def read_pcap(path):
    with open(path, "rb") as f:
        buf = f.read()
    if len(buf) < 24 or struct.unpack("<I", buf[:4])[0] not in (0xA1B2C3D4, 0xA1B23C4D):
        sys.exit(f"INTEROP TX FAIL {path}: not a little-endian pcap file")
    linktype = struct.unpack("<I", buf[20:24])[0]
    if linktype != 1:
        sys.exit(f"INTEROP TX FAIL {path}: linktype {linktype}, expected 1 (Ethernet)")
    recs, off = [], 24
    while off < len(buf):
        _, _, incl, _ = struct.unpack("<IIII", buf[off:off + 16])
        recs.append((off + 16, incl))
        off += 16 + incl
    return bytearray(buf), recs


def self_test(pcap):
    """A flipped bit in a control frame must show up as a bad FCS."""
    buf, recs = read_pcap(pcap)
    for start, n in recs:
        if n >= 14 and buf[start + 12:start + 14] == b"\x88\x08":
            buf[start + 20] ^= 0x01  # a time / pause-time byte
            break
    else:
        sys.exit("INTEROP TX FAIL self-test: no control frame in the capture")
    with tempfile.NamedTemporaryFile(suffix=".pcap", delete=False) as t:
        t.write(buf)
        bad = t.name
    try:
        pkts = tshark_json(bad)
    finally:
        os.unlink(bad)
    statuses = [find(p["_source"]["layers"].get("eth", {}), "eth.fcs.status") for p in pkts]
    if statuses.count(FCS_GOOD) != len(statuses) - 1:
        sys.exit(f"INTEROP TX FAIL self-test: corrupted frame not reported bad (statuses {statuses})")
    print("self-test: one corrupted control frame -> tshark reports a bad FCS: ok")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pcap, exp_path = sys.argv[1], sys.argv[2]
    with open(exp_path) as f:
        exp = json.load(f)
    if not exp.get("fcs_included", False):
        sys.exit("INTEROP TX FAIL expectations say the capture has no FCS; this checker needs it")
    self_test(pcap)

    errors = []
    controls, n_data = [], 0
    raw_buf, raw_recs = read_pcap(pcap)
    for pkt in tshark_json(pcap):
        layers = pkt["_source"]["layers"]
        num = find(layers.get("frame", {}), "frame.number")
        flen = int(find(layers.get("frame", {}), "frame.len"))
        eth = layers.get("eth", {})
        etype = eth.get("eth.type")
        fcs_ok = find(eth, "eth.fcs.status") == FCS_GOOD
        if "_ws.malformed" in layers:
            errors.append(f"frame {num}: tshark says malformed")
        if etype != "0x8808":
            n_data += 1
            print(f"frame {num:>3}: data   type={etype} len={flen} src={eth.get('eth.src')} "
                  f"fcs={'good' if fcs_ok else 'BAD'}")
            if not fcs_ok:
                errors.append(f"frame {num}: data frame with bad FCS")
            continue
        macc = layers.get("macc")
        if macc is None:
            errors.append(f"frame {num}: EtherType 0x8808 but tshark did not decode MAC control")
            continue
        opcode = macc.get("macc.opcode")
        if opcode == "0x0101":
            enbv = int(macc["macc.cbfc.enbv"], 16)
            times = [int(find(macc, f"macc.cbfc.pause_time.c{n}")) for n in range(8)]
            got = {"kind": "pfc", "cev": enbv, "times": times}
            desc = f"PFC    cev=0x{enbv:02x} times={times}"
        elif opcode == "0x0001":
            t = int(macc["macc.pause_time"])
            got = {"kind": "pause", "cev": 0xFF, "times": [t]}
            desc = f"PAUSE  time={t}"
        elif opcode == "0x0102":
            expert = find(macc, "_ws.expert.message")
            if find(macc, "macc.opcode.unknown") is None or expert != "Unknown opcode":
                errors.append(f"frame {num}: GFC opcode 0x0102 without tshark's 'Unknown opcode' expert info "
                              f"({expert!r})")
            if find(macc, "macc.cbfc.enbv") is not None or find(macc, "macc.pause_time") is not None:
                errors.append(f"frame {num}: tshark decoded PFC/PAUSE fields in a GFC frame")
            start, n = raw_recs[int(num) - 1]
            body = bytes(raw_buf[start:start + n])
            if body[14:16] != b"\x01\x02":
                errors.append(f"frame {num}: opcode bytes {body[14:16].hex()} in the pcap, tshark said 0x0102")
            enbv = body[17]
            times = [int.from_bytes(body[18 + 2 * k:20 + 2 * k], "big") for k in range(8)]
            got = {"kind": "gfc", "cev": enbv, "times": times}
            desc = f"GFC    cev=0x{enbv:02x} stages={times} (tshark: opcode 0x0102, {expert})"
        else:
            errors.append(f"frame {num}: MAC control opcode {opcode}, neither PFC, PAUSE nor GFC")
            continue
        print(f"frame {num:>3}: {desc} dst={eth.get('eth.dst')} src={eth.get('eth.src')} len={flen} "
              f"fcs={'good' if fcs_ok else 'BAD'}")
        if eth.get("eth.dst") != "01:80:c2:00:00:01":
            errors.append(f"frame {num}: DA {eth.get('eth.dst')}")
        if eth.get("eth.src") != exp["src_mac"]:
            errors.append(f"frame {num}: SA {eth.get('eth.src')}, configured {exp['src_mac']}")
        if flen != 64:
            errors.append(f"frame {num}: {flen} bytes, a control frame has 64")
        if not fcs_ok:
            errors.append(f"frame {num}: bad FCS")
        controls.append((num, got, float(find(layers.get("frame", {}), "frame.time_epoch"))))

    want = exp["control_frames"]
    for i in range(max(len(want), len(controls))):
        w = want[i] if i < len(want) else None
        g = controls[i] if i < len(controls) else None
        if w is None:
            errors.append(f"frame {g[0]}: control frame not expected by the scenario: {g[1]}")
        elif g is None:
            errors.append(f"expected control frame {i + 1} ({w['why']}) never sent")
        elif {k: g[1][k] for k in ("kind", "cev", "times")} != {k: w[k] for k in ("kind", "cev", "times")}:
            errors.append(f"frame {g[0]}: decoded {g[1]}, scenario expects {w['kind']} cev={w['cev']} "
                          f"times={w['times']} ({w['why']})")
        else:
            print(f"  control frame {i + 1} = {w['why']}: ok")
            ref = w.get("refresh_of", -1)
            if ref >= 0 and ref < len(controls):
                # The refresh fires cfg_refresh cycles after the refreshed XOFF was taken (its
                # first byte left then or a cycle later); it may then wait for a data frame.
                gap = (g[2] - controls[ref][2]) * 1e9 / exp["ns_per_cycle"]
                lo, hi = exp["cfg_refresh_cycles"] - 2, exp["cfg_refresh_cycles"] + exp["refresh_slack_cycles"]
                ok = lo <= gap <= hi
                print(f"    {gap:.0f} cycles after control frame {ref + 1} (window {lo}..{hi}): "
                      f"{'ok' if ok else 'WRONG'}")
                if not ok:
                    errors.append(f"frame {g[0]}: refresh {gap:.0f} cycles after its XOFF, window {lo}..{hi}")
    if n_data != exp["data_frames_sent"]:
        errors.append(f"{n_data} data frames decoded, the client sent {exp['data_frames_sent']}")

    for e in errors:
        print("ERROR", e)
    if errors:
        print(f"INTEROP TX FAIL {len(errors)} error(s)")
        sys.exit(1)
    print(f"INTEROP TX PASS {len(controls)} control frames as configured, {n_data} data frames, all FCS good")


if __name__ == "__main__":
    main()
