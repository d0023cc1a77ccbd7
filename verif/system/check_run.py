#!/usr/bin/env python3
"""Checks conditions on the JSON result of build/bin/fg_sim --json.

    check_run.py RESULT.json 'violations==0' 'pfc_xoff>0' 'consistent==true' ...

Each condition is FIELD OP VALUE with OP in == != > >= < <=; VALUE a number, true or false.
Prints one CHECK line per condition; exit 1 if any fails or a field is missing."""
import json
import re
import sys

OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, ">=": lambda a, b: a >= b,
       "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, "<": lambda a, b: a < b}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        res = json.load(f)
    bad = 0
    for cond in sys.argv[2:]:
        m = re.fullmatch(r"(\w+)(==|!=|>=|<=|>|<)(\S+)", cond)
        if not m:
            sys.exit(f"check_run: bad condition '{cond}' (expected FIELD OP VALUE)")
        field, op, want = m.groups()
        want = {"true": True, "false": False}.get(want, None) if want in ("true", "false") else float(want)
        if field not in res:
            print(f"CHECK {cond} FAIL: no field '{field}' in {sys.argv[1]}")
            bad += 1
            continue
        ok = OPS[op](res[field], want)
        print(f"CHECK {cond} {'ok' if ok else 'FAIL'} ({field}={res[field]})")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
