#!/usr/bin/env python3
"""Queue over time with the pause events, from a switch trace of build/bin/fg_sim.

    plot_ppfc.py --trace T.csv --out F.png [--cycle-ns 12.8] [--title S] [--trace2 U.csv --label2 S]

Top: the monitored egress queue (KB) over time (us), and a second run's queue when --trace2 is
given (e.g. PFC beside P-PFC). Below: one tick per standard XOFF frame and per predictive
(P-PFC) XOFF frame sent in the sample interval (from the cumulative pfc_xoff / pfc_pred columns).
Used by `fg_sim incast --png` and scripts in verif/system; needs matplotlib."""
import argparse
import csv
import sys


def load(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        sys.exit(f"plot_ppfc: {path}: no rows")
    return rows


def events(rows, key):
    """Cycles at which the cumulative counter `key` went up (one entry per frame)."""
    out, prev = [], 0
    for r in rows:
        v = int(r.get(key, 0) or 0)
        out += [int(r["cycle"])] * max(0, v - prev)
        prev = v
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--trace", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cycle-ns", type=float, default=12.8)
    ap.add_argument("--title", default="")
    ap.add_argument("--label", default="queue")
    ap.add_argument("--trace2")
    ap.add_argument("--label2", default="queue (2)")
    a = ap.parse_args()
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    us = lambda c: c * a.cycle_ns / 1000.0
    runs = [(a.trace, a.label)] + ([(a.trace2, a.label2)] if a.trace2 else [])
    fig, (q, ev) = plt.subplots(2, 1, figsize=(10, 6), sharex=True, gridspec_kw={"height_ratios": [3, 1]})
    for k, (path, label) in enumerate(runs):
        rows = load(path)
        t = [us(int(r["cycle"])) for r in rows]
        q.plot(t, [int(r["eq_cells"]) * 64 / 1024 for r in rows], label=label, lw=1)
        pred = events(rows, "pfc_pred")
        xoff = events(rows, "pfc_xoff")
        # standard XOFF frames = all XOFF frames minus the predictive ones (in time order)
        std = list(xoff)
        for c in pred:
            if c in std:
                std.remove(c)
        y = 2 * k  # one pair of rows per run: predictive below, standard above
        ev.plot([us(c) for c in std], [y + 1] * len(std), "|", color=("tab:red", "tab:purple")[k], ms=10,
                label=f"standard XOFF ({label})")
        ev.plot([us(c) for c in pred], [y] * len(pred), "|", color=("tab:green", "tab:olive")[k], ms=10,
                label=f"predictive XOFF ({label})")
    q.set_ylabel("egress queue (KB)")
    q.legend(loc="upper right", fontsize=8)
    q.set_title(a.title, fontsize=10)
    ev.set_yticks([])
    ev.set_ylim(-1, 2 * len(runs))
    ev.set_xlabel("time (us)")
    ev.legend(loc="upper right", fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(a.out, dpi=110)
    print(f"plot_ppfc: wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
