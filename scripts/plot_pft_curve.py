#!/usr/bin/env python3
"""plot_pft_curve.py - draw `flowgate pft curve --json` output: injection rate (flits/cycle) vs
credits in use c, measured on the C model of fg_pft beside the closed form, with the band the
comparison tolerates (docs/blocks/pft.md).

    flowgate pft curve --mode ri --m 18 --n 0 --k 0 --json > ri.json
    python3 scripts/plot_pft_curve.py --json ri.json --out ri.png
    flowgate pft curve --mode fi --m 0 --n 8 --k 0 --json | python3 scripts/plot_pft_curve.py --out fi.png
"""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="the JSON written by flowgate pft curve --json (default: stdin)")
    ap.add_argument("--out", required=True, help="PNG file to write")
    ap.add_argument("--log", action="store_true", help="logarithmic rate axis")
    a = ap.parse_args()
    try:
        data = json.load(open(a.json) if a.json else sys.stdin)
        pts = data["points"]
        cs = [p["c"] for p in pts]
        meas = [p["measured"] for p in pts]
        closed = [p["closed_form"] for p in pts]
        band = [p["tol_flits"] / data["cycles"] for p in pts]
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"plot_pft_curve.py: cannot read the curve JSON ({a.json or 'stdin'}): {e}")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    lo = [max(cf - b, 0.0) for cf, b in zip(closed, band)]
    hi = [min(cf + b, 1.0) for cf, b in zip(closed, band)]
    ax.fill_between(cs, lo, hi, color="tab:blue", alpha=0.18, label="tolerance")
    ax.plot(cs, closed, color="tab:blue", lw=1.2, label="closed form")
    ax.plot(cs, meas, ".", color="tab:red", ms=3, label="measured (C model)")
    bad = [(c, m) for c, m, p in zip(cs, meas, pts) if not p["ok"]]
    if bad:
        ax.plot([b[0] for b in bad], [b[1] for b in bad], "kx", ms=7, label="outside tolerance")
    mode = data["mode"].upper()
    ax.set_title(f"PFT {mode}: f(c) = ((c << {data['m']}) >> {data['n']}) + {data['k']}, "
                 f"{data['cycles']} cycles/point")
    ax.set_xlabel("credits in use c")
    ax.set_ylabel("injection rate (flits/cycle)")
    if a.log:
        ax.set_yscale("log")
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    fig.savefig(a.out, dpi=110)
    print(f"plot_pft_curve.py: wrote {a.out} ({len(pts)} points, {len(bad)} outside)")


if __name__ == "__main__":
    main()
