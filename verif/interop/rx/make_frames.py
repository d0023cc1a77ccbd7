#!/usr/bin/env python3
"""Writes the receive-interop captures with scapy, each frame with its expected verdict.

    make_frames.py OUT.pcap

OUT.pcap         every frame carries its FCS (zlib.crc32, independent of flowgate's CRC code),
                 so the bad-FCS frame keeps its bad FCS. Feed with --fcs present (or auto).
OUT_nofcs.pcap   the same frames without FCS, minus the bad-FCS one (a capture without FCS
                 cannot say "bad"). Feed with --fcs absent (or auto).
OUT.json         for each file: per frame its name, expected reason (with the parser's
                 cfg_accept_gfc = 0, the tool's default), and for accepted frames the
                 class-enable vector and the eight times it carries. GFC frames (docs/gfc.md,
                 opcode 0x0102) have reason "gfc" under "gfc_reason" (cfg_accept_gfc = 1) and
                 "bad_opcode" under "reason".

The PFC and PAUSE frames come from scapy's own layers (scapy.contrib.mac_control), so the
frame layout is scapy's reading of 802.1Qbb / 802.3x, not flowgate's; the GFC frames are
scapy's PFC layer with its opcode field set to 0x0102 (the GFC frame is a PFC frame with
another opcode, time[n] = the stage id of priority n).
"""
import json
import os
import struct
import sys
import zlib

from scapy.all import Ether, Raw, raw, wrpcap
from scapy.contrib.mac_control import MACControlClassBasedFlowControl, MACControlPause

PFC_DA = "01:80:c2:00:00:01"
SA = "02:00:00:00:00:07"


def pfc(times, opcode=0x0101):
    """times: dict priority -> pause time (GFC: stage id); the class-enable bits are the keys."""
    kw = {"_op_code": opcode}
    for n in range(8):
        if n in times:
            kw["c%d_enabled" % n] = 1
            kw["c%d_pause_time" % n] = times[n]
    return Ether(dst=PFC_DA, src=SA) / MACControlClassBasedFlowControl(**kw)


def with_fcs(b):
    return b + struct.pack("<I", zlib.crc32(b) & 0xFFFFFFFF)


def pad60(b):
    return b + bytes(max(0, 60 - len(b)))


def frames():
    """(name, bytes without FCS, expected reason, accepted cev, accepted times, fcs_override)."""
    out = []

    def acc_pfc(name, times, extra=b""):
        b = pad60(raw(pfc(times))) + extra
        cev = sum(1 << n for n in times)
        out.append((name, b, "pfc", cev, [times.get(n, 0) for n in range(8)], None))

    acc_pfc("pfc_p0_xoff", {0: 0xFFFF})
    acc_pfc("pfc_p0_p7", {0: 0x0100, 7: 0x0200})
    acc_pfc("pfc_all", {n: 0x1000 + 0x111 * n for n in range(8)})
    acc_pfc("pfc_p2_xon", {2: 0})
    acc_pfc("pfc_long_100B", {3: 0x0033, 5: 0x0055}, extra=bytes(36))
    pause = pad60(raw(Ether(dst=PFC_DA, src=SA) / MACControlPause(pause_time=0x1234)))
    out.append(("pause_0x1234", pause, "pause", 0xFF, [0x1234] * 8, None))
    acc_pfc("pfc_p1_after_pause", {1: 0x0777})
    # malformed / not for us: none of these may touch a timer
    runt = raw(Ether(dst="02:00:00:00:00:01", src=SA, type=0x0800) / Raw(bytes(range(22))))
    out.append(("runt_40B", runt, "runt", None, None, None))
    trunc = raw(pfc({4: 0x4444}))[:30]
    out.append(("truncated_pfc_34B", trunc, "runt", None, None, None))
    bad_op = bytearray(pad60(raw(pfc({4: 0x4444}))))
    bad_op[14:16] = b"\x01\x03"
    out.append(("wrong_opcode_0x0103", bytes(bad_op), "bad_opcode", None, None, None))
    # GFC stage frames: accepted only with cfg_accept_gfc (never load a pause timer)
    for name, stages in (("gfc_p3_stage5", {3: 5}), ("gfc_p0_p4_stages", {0: 17, 4: 0}),
                         ("gfc_all_stages", {n: 31 - 3 * n for n in range(8)})):
        b = pad60(raw(pfc(stages, opcode=0x0102)))
        assert b[14:16] == b"\x01\x02", "scapy did not take the GFC opcode"
        cev = sum(1 << n for n in stages)
        out.append((name, b, "gfc", cev, [stages.get(n, 0) for n in range(8)], None))
    wrong_da = pad60(raw(Ether(dst="01:80:c2:00:00:02", src=SA) / MACControlClassBasedFlowControl(
        c4_enabled=1, c4_pause_time=0x4444)))
    out.append(("wrong_da", wrong_da, "bad_da", None, None, None))
    wrong_type = bytearray(pad60(raw(pfc({4: 0x4444}))))
    wrong_type[12:14] = b"\x88\x09"
    out.append(("wrong_ethertype_0x8809", bytes(wrong_type), "not_ctrl", None, None, None))
    good = pad60(raw(pfc({4: 0x4444})))
    bad = with_fcs(good)
    bad = bad[:-1] + bytes([bad[-1] ^ 0x01])
    out.append(("bad_fcs", good, "bad_fcs", None, None, bad))
    ipv4 = pad60(raw(Ether(dst="02:00:00:00:00:01", src=SA, type=0x0800) / Raw(bytes(50))))
    out.append(("ipv4_data", ipv4, "not_ctrl", None, None, None))
    acc_pfc("pfc_p4_last", {4: 0x0040})
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_frames.py OUT.pcap")
    path = sys.argv[1]
    base = os.path.splitext(path)[0]
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fr = frames()
    expect = {"with_fcs": [], "no_fcs": []}
    pkts_fcs, pkts_nofcs = [], []
    for name, b, reason, cev, times, override in fr:
        e = {"name": name, "reason": reason, "cev": cev, "times": times}
        if reason == "gfc":
            e = dict(e, reason="bad_opcode", gfc_reason="gfc")
        pkts_fcs.append(Ether(override if override is not None else with_fcs(b)))
        expect["with_fcs"].append(e)
        if override is None:
            pkts_nofcs.append(Ether(b))
            expect["no_fcs"].append(e)
    wrpcap(path, pkts_fcs)
    wrpcap(base + "_nofcs.pcap", pkts_nofcs)
    with open(base + ".json", "w") as f:
        json.dump(expect, f, indent=1)
    print("wrote %s (%d frames), %s_nofcs.pcap (%d frames), %s.json" % (
        path, len(pkts_fcs), base, len(pkts_nofcs), base))


if __name__ == "__main__":
    main()
