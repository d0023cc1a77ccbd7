#!/usr/bin/env python3
"""corrupt_vectors.py - copy a vector file with one model output value changed.

    corrupt_vectors.py --in build/icarus/lfsr/vectors.txt --out build/icarus/lfsr/corrupt.txt \
                       --signal value --cycle 1234

Flips the least significant bit of output SIGNAL on the line of cycle CYCLE (the model's
expected value), leaving everything else as it was. The replay of the copy must stop at
exactly that cycle naming that signal: the self-test that shows the Icarus bench can fail
(icarus.tests, `run_replay.py --expect-mismatch SIGNAL@CYCLE`).
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # keep verif/icarus free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vectors import VectorError, read_header  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--in", dest="src", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--signal", required=True, help="an output named in the header")
    ap.add_argument("--cycle", type=int, required=True)
    args = ap.parse_args()
    try:
        h = read_header(args.src)
    except VectorError as e:
        sys.exit(f"corrupt_vectors: error: {e}")
    cols = [n for n, _, _ in h.signals]
    outs = [n for n, _ in h.outputs]
    if args.signal not in outs:
        sys.exit(f"corrupt_vectors: error: --signal '{args.signal}' is not an output of {h.module}; "
                 f"legal: {', '.join(outs)}")
    col = cols.index(args.signal)
    with open(args.src) as f:
        lines = f.readlines()
    data = lines[h.n_lines:]
    if not 0 <= args.cycle < len(data):
        sys.exit(f"corrupt_vectors: error: --cycle {args.cycle} out of range 0..{len(data) - 1}")
    fields = data[args.cycle].split()
    if len(fields) != len(cols):
        sys.exit(f"corrupt_vectors: error: line of cycle {args.cycle} has {len(fields)} fields, "
                 f"the header names {len(cols)}")
    old = fields[col]
    new = format(int(old, 16) ^ 1, "0%dx" % len(old))
    fields[col] = new
    data[args.cycle] = " ".join(fields) + "\n"
    with open(args.out, "w") as f:
        f.writelines(lines[:h.n_lines] + data)
    print(f"CHECK corrupt_vectors cycle={args.cycle} signal={args.signal} model=0x{old} -> 0x{new}")


if __name__ == "__main__":
    main()
