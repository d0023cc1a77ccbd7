#!/usr/bin/env python3
"""param_errors - the generated register block refuses illegal parameter sets at elaboration.

For every parameter of sw/regmap/regmap.json: one below its minimum and one above its maximum
must stop `verilator --lint-only` on fg_csr_sw with the error module named after that
parameter; the extremes themselves must elaborate. Each build option (the engines the counters
name, the statistics option) must refuse -1 and 2 and elaborate at 0. The reset carve-out rule (HEADROOM +
RESERVE per PG below TOTAL_CELLS' reset 2^CW - 1) must refuse 32 x 8 at the smallest CW and
accept 4 x 2 there (the iCE40UP5K build). The C twin's check_cfg says the same in words
(sw/tests/test_sw.c).
"""
import json
import os
import subprocess
import sys

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "fpga", "flow"))
import fgrtl  # noqa: E402


def lint(files, params):
    cmd = ["verilator", "--lint-only", "-Wall", "-Wno-fatal", "--top-module", "fg_csr_sw"]
    cmd += [f"-G{k}={v}" for k, v in params.items()] + files
    r = subprocess.run(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.returncode, r.stdout


def main():
    m = json.load(open(os.path.join(REPO, "sw", "regmap", "regmap.json")))
    params = {p["name"]: p for p in m["params"]}
    files = fgrtl.RtlIndex().files_for("fg_csr_sw")
    base = {k: p["default"] for k, p in params.items()}
    cases = []  # (name, parameter overrides, expected error module or None)
    for k, p in params.items():
        # N_PORTS 0 and N_PRIO 0 or 9 give zero-width or out-of-range vectors that Verilator
        # refuses before it reaches the generate block: those must be refused, by any message
        err = f"fg_csr_sw_parameter_{k}_must_be_{p['min']}_to_{p['max']}"
        early = k in ("N_PORTS", "N_PRIO")
        cases.append((f"{k}.below", {k: p["min"] - 1}, "" if early else err))
        cases.append((f"{k}.above", {k: p["max"] + 1}, "" if early and k == "N_PRIO" else err))
    # the build options: the engines the counters name and the statistics option, 0 or 1
    options = sorted({r["engine"] for r in m["registers"] if r.get("engine")} |
                     ({m["stats_option"]} if m.get("stats_option") else set()))
    for k in options:
        err = f"fg_csr_sw_parameter_{k}_must_be_0_or_1"
        cases.append((f"{k}.below", {k: -1}, err))
        cases.append((f"{k}.above", {k: 2}, err))
        cases.append((f"{k}.off", {k: 0}, None))
    carve = "fg_csr_sw_reset_carve_out_of_N_PORTS_x_N_PRIO_needs_a_larger_CW"
    cw_min = params["CW"]["min"]
    cases.append(("carve.32x8_min_cw", {"N_PORTS": 32, "N_PRIO": 8, "CW": cw_min}, carve))
    cases.append(("carve.4x2_min_cw", {"N_PORTS": 4, "N_PRIO": 2, "CW": cw_min}, None))
    cases.append(("extremes.max", {"N_PORTS": 32, "N_PRIO": 8, "CW": params["CW"]["max"],
                                   "CNT_W": params["CNT_W"]["max"]}, None))
    failed = 0
    for name, over, err in cases:
        p = dict(base)
        p.update(over)
        rc, out = lint(files, p)
        if err is None:
            ok = rc == 0 and "fg_csr_sw_parameter_" not in out and carve not in out
        else:
            ok = rc != 0 and err in out
        failed += not ok
        want = "elaborates" if err is None else (err or "refused")
        print(f"{'PASS' if ok else 'FAIL'} {name} {over} -> {want}")
        if not ok:
            print("\n".join(out.splitlines()[:8]))
    print(f"RESULT param_errors cases={len(cases)} failed={failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
