#!/usr/bin/env python3
"""The PFT sweep of issue #4: the endpoint-congestion scenario (fg_sim endpoint) for every
strategy (FT-FI, FT-RI, AT-FI, AT-RI) over a set of (m, n, k), against one no-throttling
baseline run, and the table of the control factor F_C = (B_C * D_0) / (B_0 * D_C).

    pft_sweep.py [--sim build/bin/fg_sim] [--out docs/endpoint_results.md]
                 [--json-dir build/endpoint] [--nic cmodel] [--quick] [-- extra fg_sim options]

The baseline is run once (--pft off --json) and handed to every other run with
--baseline-json, so all F_C values share one D_0 and B_0. The table goes between the markers
<!-- sweep:begin --> and <!-- sweep:end --> of the output file (created if missing); the
rest of the file is left as it is. All results also go to JSON-DIR/sweep.json
(scripts/plot_endpoint.py plots them). Exit 1 if a run fails or is inconsistent, or if a
run loses a lossless packet."""
import argparse
import json
import os
import subprocess
import sys
import time

STRATEGIES = ["ft-fi", "ft-ri", "at-fi", "at-ri"]
# (m, n, k): FI waits f(c) idle cycles before each packet, so useful f(c) are tens of cycles
# at c of a few hundred blocks (m = 0, n = 3..8); RI draws a 32-bit r each cycle and lets a
# packet start when r >= f(c), so f(c) must reach a good part of 2^32 (m = 18..24).
FI_SETS = [(0, 8, 0), (0, 6, 0), (0, 5, 0), (0, 4, 0), (0, 3, 0), (0, 4, 8)]
RI_SETS = [(18, 0, 0), (20, 0, 0), (21, 0, 0), (22, 0, 0), (23, 0, 0), (24, 0, 0)]
QUICK_FI = [(0, 6, 0), (0, 0, 0)]
QUICK_RI = [(18, 0, 0), (23, 0, 0)]
FI_SETS.append((0, 0, 0))
# Thresholds on c (blocks; the switch allotment is 1024 by default): the paper's values
# (threshold_enter 0x250, threshold_escape 0x2a0 for AT; the same pair for FT, t_e >= t_s)
# and a low set that enters the Congested state early.
THRESHOLDS = {
    "paper": ["--te", "0x2a0", "--ts", "0x250", "--the", "0x250", "--ths", "0x2a0"],
    "low": ["--te", "128", "--ts", "64", "--the", "64", "--ths", "128"],
}


def run(sim, args, path):
    cmd = [sim, "endpoint"] + args + ["--json"]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        raise SystemExit(f"pft_sweep: {' '.join(cmd)} exited {p.returncode}")
    with open(path, "w") as f:
        f.write(p.stdout)
    r = json.loads(p.stdout)
    r["wall_s"] = round(time.time() - t0, 2)
    print(f"  {' '.join(args):60s} F_C={r['fc']:.3f}  victim B={r['victim_tput']:.4f} "
          f"D={r['victim_delay_cycles']:.0f}  ({r['wall_s']} s)", flush=True)
    return r


def table(base, rows):
    out = []
    out.append(f"Scenario: `{base['scenario_key']}`, NICs and switch core: `{base['nic']}` / "
               f"`{base['switch']}`, {base['cycle_ns']:g} ns per cycle.\n")
    out.append("Baseline (PFT off): victim throughput B_0 = "
               f"{base['victim_tput']:.4f} of line rate per flow, delay D_0 = "
               f"{base['victim_delay_cycles']:.0f} cycles ({base['victim_delay_us']:.2f} us, p99 "
               f"{base['victim_p99_cycles']:.0f}); congestors {base['congestor_tput']:.4f} per flow, "
               f"{base['congestor_delay_cycles']:.0f} cycles; c on average {base['c_avg']:.0f} blocks "
               f"(max {base['c_max']}); hot-spot queue peak {base['hot_eq_peak_cells']} cells; "
               f"violations {base['violations']}.\n")
    out.append("| strategy | thresholds | m | n | k | victim B_C | victim D_C (cycles) | victim p99 | congestor B | "
               "congestor D | congested | c avg | F_C (victims) | F_C (congestors) | lossless drops |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        th = "FT %d/%d" % (r["te"], r["ts"]) if r["pft"].startswith("ft") else "AT %d/%d" % (r["the"], r["ths"])
        out.append(f"| {r['pft'].upper()} | {r['thresholds']} ({th}) | {r['m']} | {r['n']} | {r['k']} | {r['victim_tput']:.4f} | "
                   f"{r['victim_delay_cycles']:.0f} | {r['victim_p99_cycles']:.0f} | {r['congestor_tput']:.4f} | "
                   f"{r['congestor_delay_cycles']:.0f} | {r['congested_frac']:.2f} | {r['c_avg']:.0f} | "
                   f"**{r['fc']:.2f}** | {r['fc_congestor']:.2f} | {r['violations']} |")
    best = max(rows, key=lambda r: r["fc"])
    out.append("")
    out.append(f"Best here: {best['pft'].upper()} ({best['thresholds']} thresholds) m={best['m']} n={best['n']} "
               f"k={best['k']}, F_C = "
               f"{best['fc']:.2f}. The paper's best: AT-RI, m=18, n=0, k=0, F_C = 2.58 (seed 003, "
               "section IV.C).")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sim", default="build/bin/fg_sim")
    ap.add_argument("--out", default="docs/endpoint_results.md")
    ap.add_argument("--json-dir", default="build/endpoint")
    ap.add_argument("--nic", default="cmodel")
    ap.add_argument("--quick", action="store_true", help="two (m, n, k) per injection mode")
    ap.add_argument("extra", nargs="*", help="more fg_sim endpoint options (after --)")
    a = ap.parse_args()
    os.makedirs(a.json_dir, exist_ok=True)
    common = ["--nic", a.nic] + a.extra
    print("baseline (PFT off)", flush=True)
    base_path = os.path.join(a.json_dir, "baseline.json")
    base = run(a.sim, ["--pft", "off"] + common, base_path)
    rows = []
    fi, ri = (QUICK_FI, QUICK_RI) if a.quick else (FI_SETS, RI_SETS)
    for th, th_args in THRESHOLDS.items():
        for s in STRATEGIES:
            for (m, n, k) in (ri if s.endswith("ri") else fi):
                args = ["--pft", s, "--m", str(m), "--n", str(n), "--k", str(k)] + th_args + \
                    ["--baseline-json", base_path] + common
                r = run(a.sim, args, os.path.join(a.json_dir, f"{s}_m{m}_n{n}_k{k}_{th}.json"))
                r["thresholds"] = th
                rows.append(r)
    bad = [r for r in rows + [base] if not r["consistent"] or r["violations"] or r["overruns"]]
    with open(os.path.join(a.json_dir, "sweep.json"), "w") as f:
        json.dump({"baseline": base, "runs": rows}, f, indent=1)
    text = table(base, rows)
    begin, end = "<!-- sweep:begin -->", "<!-- sweep:end -->"
    doc = open(a.out).read() if os.path.exists(a.out) else f"# PFT endpoint-congestion results\n\n{begin}\n{end}\n"
    if begin not in doc or end not in doc:
        doc += f"\n{begin}\n{end}\n"
    pre, rest = doc.split(begin, 1)
    post = rest.split(end, 1)[1]
    cmdline = "python3 verif/system/pft_sweep.py" + (" --quick" if a.quick else "") + \
        (f" --nic {a.nic}" if a.nic != "cmodel" else "") + (" -- " + " ".join(a.extra) if a.extra else "")
    with open(a.out, "w") as f:
        f.write(pre + begin + f"\n<!-- generated by `{cmdline}` (make pft-table); do not edit by hand -->\n\n"
                + text + end + post)
    print(f"wrote {a.out} and {a.json_dir}/sweep.json ({len(rows)} runs + baseline)")
    if bad:
        print(f"pft_sweep: {len(bad)} run(s) inconsistent or lossy", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
