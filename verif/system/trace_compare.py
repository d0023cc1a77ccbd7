#!/usr/bin/env python3
"""Compares two switch traces of build/bin/fg_sim (CSV, one row per sample).

    trace_compare.py MODEL.csv RTL.csv [--test NAME]

Identical bytes is the check. On a difference it names the first row and column in the
lock-step harness's format,
    LOCKSTEP MISMATCH test=T seed=0 cycle=C signal=COLUMN rtl=0x.. model=0x..
so the test runner's expect-fail rule applies to system runs too. Exit 0 when identical."""
import argparse
import sys


def num(v):
    return int(v, 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("rtl")
    ap.add_argument("--test", default="system.traces")
    a = ap.parse_args()
    for path in (a.model, a.rtl):
        try:
            open(path, "rb").close()
        except OSError as e:
            print(f"CHECK traces FAIL: cannot read {path}: {e.strerror}")
            return 1
    with open(a.model, "rb") as f:
        mb = f.read()
    with open(a.rtl, "rb") as f:
        rb = f.read()
    ml, rl = mb.decode().splitlines(), rb.decode().splitlines()
    if mb == rb:
        print(f"CHECK traces identical rows={len(ml) - 1} bytes={len(mb)} ({a.model} == {a.rtl})")
        return 0
    if not ml or not rl or ml[0] != rl[0]:
        print(f"CHECK traces FAIL: headers differ")
        return 1
    cols = ml[0].split(",")
    for k in range(1, min(len(ml), len(rl))):
        if ml[k] != rl[k]:
            mv, rv = ml[k].split(","), rl[k].split(",")
            for c, name in enumerate(cols):
                if mv[c] != rv[c]:
                    print(f"LOCKSTEP MISMATCH test={a.test} seed=0 cycle={mv[0]} signal={name} "
                          f"rtl={num(rv[c]):#x} model={num(mv[c]):#x}")
                    break
            print(f"CHECK traces FAIL: first difference at row {k} (cycle {mv[0]})")
            return 1
    print(f"CHECK traces FAIL: lengths differ ({len(ml) - 1} vs {len(rl) - 1} rows)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
