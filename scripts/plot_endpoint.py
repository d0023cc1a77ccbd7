#!/usr/bin/env python3
"""Plots of the endpoint-congestion scenario (issue #4, docs/endpoint_results.md).

    plot_endpoint.py --sweep build/endpoint/sweep.json --png build/endpoint/fc.png
    plot_endpoint.py --trace build/endpoint/trace.csv --png build/endpoint/trace.png

--sweep: F_C of every run of verif/system/pft_sweep.py as bars per strategy and (m, n, k),
with the paper's best (2.58) and F_C = 1 as lines. --trace: a `fg_sim endpoint --trace`
CSV: credits in use c of every NIC and the hot-spot egress queue over time."""
import argparse
import csv
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_sweep(path, png):
    with open(path) as f:
        d = json.load(f)
    runs = d["runs"]
    labels = [f"{r['pft'].upper()}\n{r['m']},{r['n']},{r['k']}\n{r.get('thresholds', '')}" for r in runs]
    colors = {"ft-fi": "tab:blue", "ft-ri": "tab:orange", "at-fi": "tab:green", "at-ri": "tab:red"}
    fig, ax = plt.subplots(figsize=(max(8, 0.55 * len(runs)), 4.5))
    ax.bar(range(len(runs)), [r["fc"] for r in runs], color=[colors[r["pft"]] for r in runs])
    ax.axhline(1.0, color="black", lw=0.8, ls="--", label="F_C = 1 (no gain)")
    ax.axhline(2.58, color="gray", lw=0.8, ls=":", label="paper's best 2.58 (AT-RI 18,0,0)")
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_ylabel("F_C (victim flows)")
    ax.set_title("PFT control factor, endpoint congestion (m,n,k and threshold set under each bar)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=120)


def plot_trace(path, png):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"plot_endpoint: {path} has no rows")
    t = [int(r["cycle"]) for r in rows]
    cs = [k for k in rows[0] if k.startswith("c") and k[1:].isdigit()]
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
    for k in cs:
        a1.plot(t, [int(r[k]) for r in rows], lw=0.6)
    a1.set_ylabel("credits in use c (blocks)")
    a1.set_title("NICs' credits in use (one line per NIC)")
    a2.plot(t, [int(r["hot_eq_cells"]) for r in rows], color="black", lw=0.8)
    a2.set_ylabel("hot-spot egress queue (cells)")
    a2.set_xlabel("cycle")
    fig.tight_layout()
    fig.savefig(png, dpi=120)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sweep")
    ap.add_argument("--trace")
    ap.add_argument("--png", required=True)
    a = ap.parse_args()
    if bool(a.sweep) == bool(a.trace):
        sys.exit("plot_endpoint: give exactly one of --sweep FILE.json, --trace FILE.csv")
    (plot_sweep if a.sweep else plot_trace)(a.sweep or a.trace, a.png)
    print(f"wrote {a.png}")


if __name__ == "__main__":
    main()
