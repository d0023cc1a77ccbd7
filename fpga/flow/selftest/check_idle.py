#!/usr/bin/env python3
"""check_idle - the synthesis wrapper ties off exactly the bits a block leaves idle.

synth.py finds, in the block as synthesised, the input bits no cell reads and the output bits
driven by a constant, makes the wrapper again without registers for them (gen_wrap.py, "Idle
bits"), synthesises that wrapper alone and joins it to the first pass's block netlist. On a
fixture whose idle bits are known from its source (fpga/flow/selftest/idle/fg_selftest_idle.v:
10 of 20 input bits never read, 6 of 16 output bits constant, 10 flops) this checks the counts
the flow found, the wrapper's cost by its formula, and that nextpnr placed the joined netlist
with the block's flops in it (placed flops = block + wrapper), on the UP5K and the ECP5-25F. Prints one PASS/FAIL line each.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
TABLE = os.path.join(HERE, "idle_designs.txt")
DESIGN, DEVICES = "idle_selftest", ("ice40up5k", "ecp5-25f")
# from the fixture's source: unread inputs skip[7:0], mix[3:2]; constant outputs k, m[3:2]
TIED, CONSTANT, BLOCK_FFS = 10, 6, 10
LIVE_IN, LIVE_OUT = 10, 10
# wrapper flops: live inputs + the reset flop + one fold stage of ceil(10 / 4) = 3
WRAP_FFS, WRAP_LUTS = LIVE_IN + 1 + 3, 3


def main():
    fails = 0

    def check(name, ok, detail):
        nonlocal fails
        print(f"CHECK idle {name} {'PASS' if ok else 'FAIL'}: {detail}")
        fails += 0 if ok else 1

    rc = subprocess.run([sys.executable, os.path.join(REPO, "fpga/flow/synth.py"), "--table", TABLE,
                         "--rtl-root", os.path.relpath(os.path.join(HERE, "idle"), REPO),
                         "--design", DESIGN, "--seeds", "1", "--force", "--strict"]).returncode
    if rc != 0:
        print("CHECK idle synth FAIL: synth.py exited", rc)
        return 1
    for DEVICE in DEVICES:
        with open(os.path.join(REPO, "build", "synth", DESIGN, DEVICE, "result.json")) as f:
            res = json.load(f)
        shape = res["wrapper_shape"]
        check(f"{DEVICE} tied", shape.get("tied_inputs") == TIED and shape["w_in"] == LIVE_IN,
              f"{shape.get('tied_inputs')} input bits tied, {shape['w_in']} registered "
              f"(expected {TIED}, {LIVE_IN})")
        check(f"{DEVICE} constant", shape.get("constant_outputs") == CONSTANT and shape["w_out"] == LIVE_OUT,
              f"{shape.get('constant_outputs')} output bits left out, {shape['w_out']} folded "
              f"(expected {CONSTANT}, {LIVE_OUT})")
        check(f"{DEVICE} wrapper", res["wrapper"]["ffs"] == WRAP_FFS and res["wrapper"]["luts"] == WRAP_LUTS
              and res["wrapper_as_designed"],
              f"wrapper {res['wrapper']['ffs']} FF, {res['wrapper']['luts']} LUT4 (expected {WRAP_FFS}, {WRAP_LUTS})")
        check(f"{DEVICE} block", res["block"]["ffs"] == BLOCK_FFS, f"block {res['block']['ffs']} FF (expected {BLOCK_FFS})")
        placed = res.get("total", {}).get("ffs")
        check(f"{DEVICE} placed", res["status"] == "pass" and placed == BLOCK_FFS + WRAP_FFS,
              f"status {res['status']}, {placed} flops placed (expected {BLOCK_FFS + WRAP_FFS})")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
