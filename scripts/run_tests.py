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

-j N runs N tests at a time (default: the JOBS environment variable, else 1); results are
printed as each test ends. Tests are started in manifest order. Each runs with FG_TEST_NAME set
to its name, which the lock-step harness uses for its waveform file, so a test and its _bug
twin never write the same wave. A test whose manifest line carries the marker `# alone`
(after the command) runs with nothing beside it: it calls make, which may relink what other
tests are running. A test marked `# long` (markers combine: `# long alone`) is one that
repeats, on a larger system or for more cycles, a check a shorter test makes: `make test` (and CI) leaves it out
and says how many it left, `make test-long` (--long) runs only those; --lockstep runs every
lock-step test, long or not. A timed-out test is killed with its whole process group.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time

MISMATCH_RE = re.compile(r"(LOCKSTEP|ICARUS) MISMATCH .*cycle=\d+ signal=\S+ rtl=\S+ model=\S+")


def parse_manifest(path):
    tests = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            marks = set()
            m = re.search(r"\s#\s*((?:alone|long)(?:\s+(?:alone|long))*)\s*$", line)
            if m:
                marks, line = set(m.group(1).split()), line[:m.start()].rstrip()
            parts = line.split(None, 2)
            if len(parts) < 3 or parts[1] not in ("test", "lockstep", "expect-fail"):
                sys.exit(f"{path}:{lineno}: expected 'NAME KIND COMMAND', KIND in test|lockstep|expect-fail")
            tests.append((parts[0], parts[1], parts[2], "alone" in marks, "long" in marks))
    return tests


def override_arg(cmd, flag, value):
    if re.search(rf"{flag}\s+\S+", cmd):
        return re.sub(rf"{flag}\s+\S+", f"{flag} {value}", cmd)
    return f"{cmd} {flag} {value}"


# Each test runs in its own session (so a timeout can kill its whole process group), which
# also keeps the terminal's Ctrl-C from reaching it: the runner kills the live groups itself.
LIVE = set()
LIVE_LOCK = threading.Lock()


def kill_live():
    with LIVE_LOCK:
        for p in list(LIVE):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def run_one(name, kind, cmd, timeout, logdir):
    """Runs one test; returns (ok, seconds, output)."""
    t0 = time.time()
    env = dict(os.environ, FG_TEST_NAME=name)
    p = subprocess.Popen(["bash", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    with LIVE_LOCK:
        LIVE.add(p)
    try:
        raw, _ = p.communicate(timeout=timeout)
        out, rc = raw.decode(errors="replace"), p.returncode
    except subprocess.TimeoutExpired:
        # the whole group: a test's children (simulators, vvp) must not outlive it
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        raw, _ = p.communicate()
        out, rc = raw.decode(errors="replace") + f"\nTIMEOUT after {timeout}s\n", 124
    finally:
        with LIVE_LOCK:
            LIVE.discard(p)
    dt = time.time() - t0
    with open(os.path.join(logdir, name + ".log"), "w") as f:
        f.write(f"$ {cmd}\n{out}\nexit {rc}\n")
    if kind == "expect-fail":
        ok = rc != 0 and MISMATCH_RE.search(out) is not None
    else:
        ok = rc == 0
    return ok, dt, out


def report(name, ok, dt, out):
    # Surface the lines a reader wants without opening the log.
    keys = [l for l in out.splitlines()
            if re.match(r"(LOCKSTEP|COVERAGE|ICARUS|CHECK|RESULT)", l)][-3:]
    text = f"{'PASS' if ok else 'FAIL'} {name} ({dt:.1f}s)" + "".join("\n    " + k for k in keys)
    if not ok:
        tail = "\n".join(out.splitlines()[-15:])
        text += "\n    --- last lines of build/test-logs/%s.log ---\n%s" % (name, tail)
    print(text, flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifests", nargs="+")
    ap.add_argument("--lockstep", action="store_true", help="run only lock-step tests (long ones too)")
    ap.add_argument("--long", action="store_true", help="run only the tests marked '# long'")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--cycles", type=int)
    ap.add_argument("--filter", help="regex on test names")
    ap.add_argument("--timeout", type=int, default=1200, help="seconds per test")
    ap.add_argument("-j", "--jobs", type=int, default=int(os.environ.get("JOBS", "1") or 1),
                    help="tests run at a time (default $JOBS or 1)")
    args = ap.parse_args()
    if args.jobs < 1:
        sys.exit(f"run_tests.py: -j {args.jobs}: must be at least 1")

    tests = []
    for m in args.manifests:
        tests += parse_manifest(m)
    left_long = 0
    if args.lockstep:
        tests = [t for t in tests if t[1] == "lockstep"]
    elif args.long:
        tests = [t for t in tests if t[4]]
    else:
        left_long = sum(1 for t in tests if t[4])
        tests = [t for t in tests if not t[4]]
    if args.filter:
        tests = [t for t in tests if re.search(args.filter, t[0])]
    names = [t[0] for t in tests]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        sys.exit(f"run_tests.py: test names used twice: {' '.join(dup)}")

    logdir = os.path.join("build", "test-logs")
    os.makedirs(logdir, exist_ok=True)
    results = {}
    lock = threading.Lock()
    t_all = time.time()

    def worker(name, kind, cmd):
        try:
            ok, dt, out = run_one(name, kind, cmd, args.timeout, logdir)
        except Exception as e:  # the runner's own failure: reported as the test's
            ok, dt, out = False, 0.0, f"run_tests.py: could not run the test: {e!r}"
        with lock:
            results[name] = ok
            report(name, ok, dt, out)

    def on_signal(signum, frame):
        kill_live()
        print(f"\nrun_tests.py: stopped by signal {signum}; running tests killed", flush=True)
        os._exit(130)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    running = []
    for name, kind, cmd, alone, _long in tests:
        if kind == "lockstep" and args.seed is not None:
            cmd = override_arg(cmd, "--seed", args.seed)
        if kind == "lockstep" and args.cycles is not None:
            # A length chosen by the user may be too short to reach every coverage point;
            # mismatches still fail, unreached points are reported.
            cmd = override_arg(cmd, "--cycles", args.cycles) + " --coverage-advisory"
        limit = 1 if alone else args.jobs
        while True:
            running = [t for t in running if t.is_alive()]
            if len(running) < limit:
                break
            running[0].join(0.2)
        th = threading.Thread(target=worker, args=(name, kind, cmd))
        th.start()
        running.append(th)
        if alone:
            th.join()
    for th in running:
        th.join()

    failures = [n for n in names if not results.get(n)]
    passed = len(names) - len(failures)
    print(f"\ntotal time {time.time() - t_all:.0f}s" + (f"; failed: {' '.join(failures)}" if failures else ""))
    if left_long:
        print(f"({left_long} long tests not run here: make test-long)")
    print(f"{passed} passed, {len(failures)} failed")
    sys.exit(0 if not failures and passed > 0 else 1)


if __name__ == "__main__":
    main()
