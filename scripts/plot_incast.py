#!/usr/bin/env python3
"""Plots fg_sim incast traces: egress queue occupancy and per-ingress pause state over time.

    plot_incast.py --out build/demo/incast.png RUN [RUN ...]
    RUN = LABEL=TRACE.csv,RESULT.json   (the trace and the --json result of one fg_sim run)

One column per run: on top the monitored egress queue (KB) with the cells held in headroom
(not for the line-rate core, which does not output them) and the cumulative lossless violations, below it one row per ingress port, dark while that
port's PG is paused (the switch is asking its sender to stop)."""
import argparse
import csv
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(spec):
    label, files = spec.split("=", 1)
    trace, result = files.split(",", 1)
    with open(result) as f:
        res = json.load(f)
    rows = []
    with open(trace) as f:
        for r in csv.DictReader(f):
            rows.append({k: int(v, 0) for k, v in r.items()})
    return label, rows, res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("runs", nargs="+")
    a = ap.parse_args()
    runs = [load(s) for s in a.runs]
    fig, axes = plt.subplots(2, len(runs), figsize=(7 * len(runs), 7), squeeze=False,
                             gridspec_kw={"height_ratios": [3, 2]}, sharex="col")
    for col, (label, rows, res) in enumerate(runs):
        us = [r["cycle"] * res["cycle_ns"] / 1000.0 for r in rows]
        q = axes[0][col]
        q.plot(us, [r["eq_cells"] * 64 / 1024.0 for r in rows], label="egress queue (KB)", color="tab:blue")
        # The line-rate core has no per-PG headroom outputs (its trace column is 0): no curve.
        line_rate = res.get("core") == "line-rate"
        if not line_rate:
            q.plot(us, [r["hdrm_cells"] * 64 / 1024.0 for r in rows], label="in headroom, all PGs (KB)",
                   color="tab:orange")
        q.set_ylabel("KB")
        form = ", line-rate core" if line_rate else ""
        q.set_title(f"{label}{form}: {res['senders']}:1 incast, switch={res['switch']}, headroom "
                    f"{res['headroom_cells']} cells/PG\npeak {res['queue_peak_kb']:.0f} KB, "
                    f"{res['pfc_frames']} PFC frames, {res['violations']} lossless drops", fontsize=9)
        q.grid(alpha=0.3)
        v = q.twinx()
        v.plot(us, [r["violations"] for r in rows], color="tab:red", label="lossless drops (cumulative)")
        v.set_ylim(0, max(1, max(r["violations"] for r in rows)) * 1.05)
        v.set_ylabel("lossless drops", color="tab:red")
        h1, l1 = q.get_legend_handles_labels()
        h2, l2 = v.get_legend_handles_labels()
        q.legend(h1 + h2, l1 + l2, loc="lower right", fontsize=8)
        p = axes[1][col]
        n = res["senders"]
        for port in range(n):
            on = [(us[k], us[k + 1] - us[k]) for k in range(len(rows) - 1) if (rows[k]["paused"] >> port) & 1]
            if on:
                p.broken_barh(on, (port - 0.4, 0.8), color="black")
        p.set_ylim(-0.5, n - 0.5)
        p.set_ylabel("ingress port (paused = dark)")
        p.set_xlabel("time (us)")
    fig.tight_layout()
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    fig.savefig(a.out, dpi=110)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
