#!/usr/bin/env python3
"""make_vectors.py - run a lock-step binary with --vectors to record a trace for the replay.

    make_vectors.py --bin build/bin/ls_lfsr --cycles 50000 --out build/icarus/lfsr/vectors.txt \
                    [-- extra lock-step args]

Writes OUT (moved into place when complete), OUT's directory/lockstep.log (the binary's
output) and lockstep.status: `pass`, `coverage-incomplete` (a short trace need not reach
every coverage point: fine for a replay) or `fail ...` (the lock-step itself failed: the
trace ends at the mismatch and the replay test reports it). This script exits 0 in all
three cases so that one broken block does not stop the build of every other test; it exits
non-zero only when no vector file could be made at all (binary missing or crashed early).
"""
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--cycles", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("extra", nargs="*", help="extra lock-step arguments (after --)")
    args = ap.parse_args()
    if args.cycles < 1 or args.cycles > 10_000_000:
        sys.exit(f"make_vectors: error: --cycles must be 1..10000000, got {args.cycles}")
    d = os.path.dirname(args.out) or "."
    os.makedirs(d, exist_ok=True)
    tmp = args.out + ".tmp"
    cmd = [args.bin, "--seed", str(args.seed), "--cycles", str(args.cycles), "--quiet"] + args.extra + ["--vectors", tmp]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    except OSError as e:
        sys.exit(f"make_vectors: error: cannot run {args.bin}: {e.strerror}")
    out = p.stdout.decode(errors="replace")
    with open(os.path.join(d, "lockstep.log"), "w") as f:
        f.write("$ " + " ".join(cmd) + "\n" + out + f"\nexit {p.returncode}\n")
    if p.returncode == 0:
        status = "pass"
    elif re.search(r"LOCKSTEP FAIL .*reason=coverage-incomplete", out) and "LOCKSTEP MISMATCH" not in out:
        status = "coverage-incomplete"
    else:
        m = re.search(r"LOCKSTEP MISMATCH .*", out)
        status = "fail " + (m.group(0) if m else f"exit {p.returncode}")
        print(f"make_vectors: warning: {args.bin} failed ({status}); the replay test will report it",
              file=sys.stderr)
    if not os.path.exists(tmp):
        sys.exit(f"make_vectors: error: {args.bin} wrote no vector file (exit {p.returncode}); "
                 f"see {os.path.join(d, 'lockstep.log')}")
    with open(os.path.join(d, "lockstep.status"), "w") as f:
        f.write(status + "\n")
    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
