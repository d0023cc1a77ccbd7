#!/usr/bin/env python3
"""Every `make` command the README names must set itself up on a fresh machine.

For each target T in a `make ...` command of README.md (code spans and code blocks), this runs
`make -n T` in the repository with a clean make environment and checks that:
  1. the first command make would run is the deps step (`bash scripts/deps.sh`), and
  2. the second pass (`make -n FG_DEPS_DONE=1 T`, what runs once deps is done) knows T.
So a new README target cannot forget its set-up, and a README name that no rule makes fails.
`--selftest` runs the check on two small fixtures, one good and one whose target skips deps,
and fails unless it accepts the first and refuses the second.
Exit 0 when every target passes; 1 otherwise, with one line per failing target.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# `make T`, `make -j2 T`, `make T VAR=...`: the first word after make and its flags.
MAKE_CMD_RE = re.compile(r"\bmake((?:\s+-[a-zA-Z0-9]+)*)\s+([a-z][a-z0-9_.-]*)")
NO_SETUP = {"help", "deps", "clean"}  # the Makefile's FG_NO_SETUP
DEPS_CMD = "bash scripts/deps.sh"


def readme_targets(readme_text):
    """The targets of every `make` command in code spans and fenced blocks, in order, once each."""
    code = re.findall(r"```.*?```", readme_text, flags=re.S) + re.findall(r"`[^`\n]+`", readme_text)
    seen = []
    for chunk in code:
        for m in MAKE_CMD_RE.finditer(chunk):
            target = m.group(2)
            if chunk[m.end():m.end() + 1] == "<":  # a placeholder such as synth-<design>
                continue
            if target not in seen:
                seen.append(target)
    return seen


def clean_env():
    """The environment of a user's shell: no make variables inherited from a calling make."""
    env = dict(os.environ)
    for k in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "FG_DEPS_DONE", "MAKE_TERMOUT", "MAKE_TERMERR"):
        env.pop(k, None)
    return env


def dry_run(repo, args):
    p = subprocess.run(["make", "-n", "--no-print-directory"] + args, cwd=repo, env=clean_env(),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
    lines = [ln.strip() for ln in p.stdout.splitlines() if ln.strip()]
    return p.returncode, lines


def check_target(repo, target):
    """None when T sets itself up, else why not."""
    if target in NO_SETUP:
        return None
    rc, lines = dry_run(repo, [target])
    first = next((ln for ln in lines if not ln.startswith("make")), "")
    if first != DEPS_CMD:
        return f"`make -n {target}` runs '{first[:80]}' first, not '{DEPS_CMD}'"
    rc2, lines2 = dry_run(repo, ["FG_DEPS_DONE=1", target])
    if rc2 != 0:
        tail = lines2[-1] if lines2 else ""
        return f"`make -n FG_DEPS_DONE=1 {target}` exits {rc2}: {tail[:120]}"
    if any(DEPS_CMD in ln for ln in lines2):
        return f"the second pass of `make {target}` runs deps again"
    return None


def check_repo(repo):
    with open(os.path.join(repo, "README.md")) as f:
        targets = readme_targets(f.read())
    failures = []
    for t in targets:
        why = check_target(repo, t)
        print(f"  {'ok  ' if why is None else 'FAIL'} make {t}" + ("" if why is None else f": {why}"))
        if why is not None:
            failures.append(t)
    return targets, failures


FIXTURE_MAKEFILE_GOOD = """\
FG_SETUP_GOALS := $(if $(FG_DEPS_DONE),,$(filter-out help deps clean,$(MAKECMDGOALS)))
ifneq ($(FG_SETUP_GOALS),)
$(FG_SETUP_GOALS): setup ; @:
setup: deps
\t@$(MAKE) FG_DEPS_DONE=1 $(FG_SETUP_GOALS)
else
demo:
\techo demo
endif
deps:
\t@bash scripts/deps.sh
"""
FIXTURE_MAKEFILE_BAD = """\
deps:
\t@bash scripts/deps.sh
demo:
\techo demo
"""


def selftest():
    ok = True
    for name, makefile, expect_fail in (("good", FIXTURE_MAKEFILE_GOOD, False), ("bad", FIXTURE_MAKEFILE_BAD, True)):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "Makefile"), "w") as f:
                f.write(makefile)
            with open(os.path.join(d, "README.md"), "w") as f:
                f.write("Run `make demo`.\n")
            print(f"fixture {name}:")
            targets, failures = check_repo(d)
            refused = failures == ["demo"]
            if targets != ["demo"] or refused != expect_fail:
                print(f"selftest: fixture {name} was {'refused' if refused else 'accepted'}")
                ok = False
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap.add_argument("--selftest", action="store_true")
    args = ap.parse_args()
    if args.selftest:
        ok = selftest()
        print("selftest", "ok" if ok else "FAILED")
        return 0 if ok else 1
    targets, failures = check_repo(os.path.abspath(args.repo))
    if not targets:
        print("no `make` command found in README.md")
        return 1
    print(f"{len(targets) - len(failures)} of {len(targets)} README make targets set themselves up")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
