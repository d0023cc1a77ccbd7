#!/usr/bin/env python3
"""flowgate test runner.

Reads test manifests (verif/manifests/*.tests). Each non-comment line is

    NAME  KIND  COMMAND...

KIND is one of
  test         passes when COMMAND exits 0
  lockstep     a lock-step binary; passes when it exits 0. With --lockstep the runner
               overrides its --seed/--cycles arguments (with --cycles, coverage points
               not reached in that length are reported, not failed: --coverage-advisory).
  expect-fail  a deliberately broken build (injected bug) or corrupted trace; passes only when
               COMMAND exits non-zero AND prints a LOCKSTEP or ICARUS mismatch line naming the
               cycle and the signal.

Every test's output goes to build/test-logs/NAME.log. The run ends with the line
'N passed, N failed' and exits 1 if anything failed.
"""
import argparse
import os
import re
import subprocess
import sys
import time

MISMATCH_RE = re.compile(r"(LOCKSTEP|ICARUS) MISMATCH .*cycle=\d+ signal=\S+ rtl=\S+ model=\S+")


def parse_manifest(path):
    tests = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3 or parts[1] not in ("test", "lockstep", "expect-fail"):
                sys.exit(f"{path}:{lineno}: expected 'NAME KIND COMMAND', KIND in test|lockstep|expect-fail")
            tests.append((parts[0], parts[1], parts[2]))
    return tests


def override_arg(cmd, flag, value):
    if re.search(rf"{flag}\s+\S+", cmd):
        return re.sub(rf"{flag}\s+\S+", f"{flag} {value}", cmd)
    return f"{cmd} {flag} {value}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifests", nargs="+")
    ap.add_argument("--lockstep", action="store_true", help="run only lock-step tests")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--cycles", type=int)
    ap.add_argument("--filter", help="regex on test names")
    ap.add_argument("--timeout", type=int, default=1200, help="seconds per test")
    args = ap.parse_args()

    tests = []
    for m in args.manifests:
        tests += parse_manifest(m)
    if args.lockstep:
        tests = [t for t in tests if t[1] == "lockstep"]
    if args.filter:
        tests = [t for t in tests if re.search(args.filter, t[0])]

    logdir = os.path.join("build", "test-logs")
    os.makedirs(logdir, exist_ok=True)
    passed = failed = 0
    failures = []
    t_all = time.time()
    for name, kind, cmd in tests:
        if kind == "lockstep" and args.seed is not None:
            cmd = override_arg(cmd, "--seed", args.seed)
        if kind == "lockstep" and args.cycles is not None:
            # A length chosen by the user may be too short to reach every coverage point;
            # mismatches still fail, unreached points are reported.
            cmd = override_arg(cmd, "--cycles", args.cycles) + " --coverage-advisory"
        t0 = time.time()
        try:
            p = subprocess.run(["bash", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=args.timeout, stdin=subprocess.DEVNULL)
            out, rc = p.stdout.decode(errors="replace"), p.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = (e.stdout or b"").decode(errors="replace") + f"\nTIMEOUT after {args.timeout}s\n", 124
        dt = time.time() - t0
        with open(os.path.join(logdir, name + ".log"), "w") as f:
            f.write(f"$ {cmd}\n{out}\nexit {rc}\n")
        if kind == "expect-fail":
            ok = rc != 0 and MISMATCH_RE.search(out) is not None
        else:
            ok = rc == 0
        status = "PASS" if ok else "FAIL"
        # Surface the lines a reader wants without opening the log.
        keys = [l for l in out.splitlines()
                if re.match(r"(LOCKSTEP|COVERAGE|ICARUS|CHECK|RESULT)", l)][-3:]
        print(f"{status} {name} ({dt:.1f}s)" + ("".join("\n    " + k for k in keys)), flush=True)
        if ok:
            passed += 1
        else:
            failed += 1
            failures.append(name)
            tail = "\n".join(out.splitlines()[-15:])
            print("    --- last lines of build/test-logs/%s.log ---\n%s" % (name, tail), flush=True)
    print(f"\ntotal time {time.time() - t_all:.0f}s" + (f"; failed: {' '.join(failures)}" if failures else ""))
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


if __name__ == "__main__":
    main()
