#!/usr/bin/env python3
"""fusesoc_lint - `fusesoc run --target=lint` for every core fpga/flow/gen_cores.py writes.

Each core's lint target is Verilator --lint-only -Wall on the core's own file list, run by
FuseSoC from a scratch work directory (build/fusesoc/), as a user pulling flowgate into a FuseSoC
project would. Prints one line per core and `RESULT fusesoc_lint cores=N failed=F`.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "fpga", "flow"))
import gen_cores  # noqa: E402


def main():
    work = os.path.join(REPO, "build", "fusesoc")
    os.makedirs(work, exist_ok=True)
    failed = 0
    for name in gen_cores.CORES:
        cmd = ["fusesoc", "--cores-root", os.path.join(REPO, "rtl"), "run", "--target=lint", f"flowgate:ip:{name}"]
        r = subprocess.run(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
        ok = r.returncode == 0
        failed += 0 if ok else 1
        print(f"FUSESOC lint flowgate:ip:{name} {'PASS' if ok else 'FAIL'}")
        if not ok:
            print("\n".join("    " + l for l in r.stdout.splitlines()[-15:]))
    print(f"RESULT fusesoc_lint cores={len(gen_cores.CORES)} failed={failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
