#!/usr/bin/env python3
"""Plots fg_sim deadlock runs: throughput of every flow over time, one panel per run.

    plot_deadlock.py --out build/deadlock/deadlock.png [--cols N] RESULT.json [RESULT.json ...]
    (RESULT.json = the --json output of `fg_sim deadlock`; LABEL=RESULT.json names a panel)

Each panel shows the received throughput of each flow per window (Gb/s; the victim flow
dashed), the line rate, and, when the detector found a deadlock, the cycle time the cycle
of queues stopped (dotted) and the time it was detected (solid), with the ports of the
cycle in the title. With --csv RUN.csv (the run's --csv file, same order as the results)
a second row shows the cells queued in every switch that held any."""
import argparse
import csv
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(spec):
    label, path = spec.split("=", 1) if "=" in spec else (None, spec)
    with open(path) as f:
        res = json.load(f)
    if res.get("scenario") != "deadlock":
        sys.exit(f"plot_deadlock: {path} is not a `fg_sim deadlock --json` result")
    egress = f" egress {res['egress']}" if res.get("egress", "fifo") != "fifo" else ""
    return label or f"{res['topo']} {res['fc']}{egress} ({res['switch']})", res


def load_csv(path):
    with open(path) as f:
        return [{k: int(v, 0) for k, v in r.items()} for r in csv.DictReader(f)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--csv", action="append", default=[], help="the run's --csv file (queues row)")
    ap.add_argument("--cols", type=int, default=0, help="panels per row (without --csv; default: all in one row)")
    ap.add_argument("results", nargs="+")
    a = ap.parse_args()
    runs = [load(s) for s in a.results]
    if a.csv and len(a.csv) != len(runs):
        sys.exit("plot_deadlock: give one --csv per result or none")
    if a.cols < 0 or (a.cols and a.csv):
        sys.exit("plot_deadlock: --cols is a positive number of panels per row, without --csv")
    ncols = min(a.cols, len(runs)) if a.cols else len(runs)
    nrows = 2 if a.csv else (len(runs) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(7 * ncols, 4.2 * nrows), squeeze=False)
    for ax in axes.flat[len(runs) if not a.csv else 2 * len(runs):]:
        ax.set_visible(False)
    for col, (label, res) in enumerate(runs):
        ax = axes[0][col] if a.csv else axes[col // ncols][col % ncols]
        t_ms = [u / 1000 for u in res["window_end_us"]]
        for fl in res["flows"]:
            ax.plot(t_ms, fl["tput_gbps"], "--" if fl["victim"] else "-", lw=1.2,
                    label=f"{fl['name']} {fl['src']}->{fl['dst']}" + (" (victim)" if fl["victim"] else ""))
        ax.axhline(res["rate_gbps"], color="grey", lw=0.6)
        title = label
        if res["deadlock"]:
            cyc_us = res["cycle_ns"] / 1000
            ax.axvline(res["stalled_since_cycle"] * cyc_us / 1000, color="k", ls=":", lw=1)
            ax.axvline(res["deadlock_cycle"] * cyc_us / 1000, color="k", lw=1)
            title += f"\nDEADLOCK detected at {res['deadlock_us'] / 1000:.2f} ms: " + " -> ".join(res["deadlock_ports"])
        else:
            title += "\nno deadlock"
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("time (ms)")
        ax.set_ylabel(f"throughput (Gb/s, {res['window_us']:.0f} us windows)")
        ax.set_ylim(0, res["rate_gbps"] * 1.05)
        ax.legend(fontsize=7, loc="upper right")
        if a.csv:
            rows = load_csv(a.csv[col])
            qa = axes[1][col]
            names = [k[:-len("_queue")] for k in rows[0] if k.endswith("_queue")] if rows else []
            for n in names:
                q = [r[n + "_queue"] * 64 / 1024 for r in rows]
                if max(q) > 0:
                    qa.plot([(r["cycle"] + 1) * res["cycle_ns"] / 1e6 for r in rows], q, lw=1, label=n)
            qa.set_xlabel("time (ms)")
            qa.set_ylabel("queued in switch (KB)")
            qa.legend(fontsize=7, ncol=2, loc="upper left")
    fig.tight_layout()
    fig.savefig(a.out, dpi=110)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
