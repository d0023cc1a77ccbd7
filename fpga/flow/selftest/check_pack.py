#!/usr/bin/env python3
"""check_pack - the logic-cell counts the synthesis flow reports for iCE40 are nextpnr's.

synth.py reports an iCE40 design that is over the device in logic cells from nextpnr's packer
(`ice40_pack_demand`, `--pack-only`), and lc_breakdown.py gives a lower bound per module. Both
parse tool output, so both can silently break. On a design that fits (fg_crc32, placed and
routed with one seed) this checks: the packer's total equals the placed design's ICESTORM_LC
count to within the few cells placement adds (constant drivers, global-buffer feeds), every
packer kind was found, its LUT4s are the placed design's, and lc_breakdown's estimate for
the block (LUT4 + flops alone) lies between its LUT4 count and the packer's total for the
wrapped design. Prints one PASS/FAIL line each.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import synth  # noqa: E402
from fgrtl import REPO  # noqa: E402

TABLE = os.path.join(HERE, "pack_designs.txt")
DESIGN, DEVICE = "pack_selftest_crc32", "ice40up5k"


def main():
    fails = 0

    def check(name, ok, detail):
        nonlocal fails
        print(f"CHECK pack {name} {'PASS' if ok else 'FAIL'}: {detail}")
        fails += 0 if ok else 1

    rc = subprocess.run([sys.executable, os.path.join(REPO, "fpga/flow/synth.py"), "--table", TABLE,
                         "--run", f"{DESIGN}-{DEVICE}", "--seeds", "1", "--force"]).returncode
    if rc != 0:
        print("CHECK pack synth FAIL: synth.py exited", rc)
        return 1
    ddir = os.path.join(REPO, "build", "synth", DESIGN)
    with open(os.path.join(ddir, DEVICE, "result.json")) as f:
        res = json.load(f)
    placed = res["total"]["lcs"]
    netlist = os.path.join(ddir, "synth-ice40", "netlist.json")
    pack = synth.ice40_pack_demand(DEVICE, netlist, os.path.join(ddir, DEVICE), 600)
    check("parsed", bool(pack) and all(k in pack for k in
                                       ("LUT4 only", "LUT4 and DFF", "DFF only", "CARRY only",
                                        "carry legalisation")), f"packer kinds {pack}")
    if not pack:
        return 1
    check("total", placed - 8 <= pack["lcs"] <= placed, f"packer {pack['lcs']} cells, placed {placed}")
    luts = pack["LUT4 only"] + pack["LUT4 and DFF"]
    check("luts", luts == res["total"]["luts"], f"packer LUT4 {luts}, placed {res['total']['luts']}")
    out = os.path.join(ddir, "lc_breakdown.json")
    rc = subprocess.run([sys.executable, os.path.join(REPO, "fpga/flow/lc_breakdown.py"), DESIGN,
                         "--table", TABLE, "--json", out], stdout=subprocess.DEVNULL).returncode
    if rc != 0:
        print("CHECK pack breakdown FAIL: lc_breakdown.py exited", rc)
        return 1
    with open(out) as f:
        bd = json.load(f)
    tot = bd["total"]
    check("bound", tot["lut4"] <= tot["cells_at_least"] <= pack["lcs"],
          f"lc_breakdown LUT4 {tot['lut4']} <= cells at least {tot['cells_at_least']} <= packer {pack['lcs']}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
