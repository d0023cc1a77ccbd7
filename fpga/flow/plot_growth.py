#!/usr/bin/env python3
"""plot_growth - block LUT4 (and Fmax where place and route ran) against ports x priorities,
from the synthesis flow's own results (build/synth/<design>/<device>/result.json).

  python3 fpga/flow/plot_growth.py --top fg_bm_pipe --top fg_bm [--device ecp5-85f]
      [--out build/synth/growth.png]
  python3 fpga/flow/plot_growth.py --top fg_sw_core:LINE_RATE=1,GFC=-,ECN=-

A --top may name parameters after a colon: only the designs whose table row sets each
NAME=VALUE are its points; NAME=- asks for a row that does not set NAME (the module's
default). The example takes the line-rate core rows and leaves out those built without GFC
or ECN.

Every design of the tables (fpga/designs.txt and fpga/designs_sweep.txt) whose top is one of --top, that sets N_PORTS and N_PRIO and
that has a result on --device is a point: x = N_PORTS * N_PRIO,
y = the block's LUT4 (yosys) and, on a second axis, the median Fmax. The points are printed
as a table too, so the figure can be checked against the numbers.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fgrtl  # noqa: E402
from fgrtl import REPO  # noqa: E402


def split_top(spec):
    """'fg_sw_core:LINE_RATE=1,PPFC=0' -> ('fg_sw_core', {'LINE_RATE': '1', 'PPFC': '0'})."""
    top, _, rest = spec.partition(":")
    want = {}
    for kv in filter(None, rest.split(",")):
        k, eq, v = kv.partition("=")
        if not eq:
            sys.exit(f"plot_growth: --top {spec}: '{kv}' is not NAME=VALUE")
        want[k.strip()] = v.strip()
    return top, want


def points(spec, device, designs, index):
    top, want = split_top(spec)
    out = []
    for d in designs:
        if d.top != top or device not in d.devices:
            continue
        if any((k in d.params) if v == "-" else (str(d.params.get(k)) != v) for k, v in want.items()):
            continue
        path = os.path.join(REPO, "build", "synth", d.name, device, "result.json")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            r = json.load(f)
        if r.get("params") != d.params or not r.get("block"):
            continue
        if "N_PORTS" not in d.params or "N_PRIO" not in d.params:
            continue  # a point needs both sizes in the table's parameters
        n, p = int(d.params["N_PORTS"]), int(d.params["N_PRIO"])
        out.append(dict(design=d.name, pgs=n * p, luts=r["block"]["luts"], status=r["status"],
                        fmax=r.get("fmax_mhz")))
    return sorted(out, key=lambda x: (x["pgs"], x["design"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--top", action="append", required=True, help="top module (repeatable)")
    ap.add_argument("--device", default="ecp5-85f")
    ap.add_argument("--table", action="append", default=None,
                    help="design table (repeatable; default fpga/designs.txt and fpga/designs_sweep.txt)")
    ap.add_argument("--out", default=os.path.join(REPO, "build", "synth", "growth.png"))
    args = ap.parse_args()
    index = fgrtl.RtlIndex()
    tables = args.table or [os.path.join(REPO, "fpga", "designs.txt"), os.path.join(REPO, "fpga", "designs_sweep.txt")]
    designs = [d for t in tables for d in fgrtl.read_designs(t, index)]
    series = {t: points(t, args.device, designs, index) for t in args.top}
    if not any(series.values()):
        sys.exit(f"plot_growth: no results for {', '.join(args.top)} on {args.device} "
                 "(run python3 fpga/flow/synth.py --run <design>-<device> first)")
    print(f"{'top':12} {'design':16} {'N*P':>5} {'LUT4':>8} {'Fmax':>7}  status")
    for t, pts in series.items():
        for x in pts:
            fm = f"{x['fmax']:.1f}" if x["fmax"] is not None else "-"
            print(f"{t:12} {x['design']:16} {x['pgs']:5d} {x['luts']:8d} {fm:>7}  {x['status']}")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax2 = ax.twinx()
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for k, (t, pts) in enumerate(series.items()):
        if not pts:
            continue
        c = colors[k % len(colors)]
        xs = [x["pgs"] for x in pts]
        ax.plot(xs, [x["luts"] for x in pts], "o-", color=c, label=f"{t} LUT4")
        fx = [(x["pgs"], x["fmax"]) for x in pts if x["fmax"] is not None]
        if fx:
            ax2.plot([a for a, _ in fx], [b for _, b in fx], "s--", color=c, mfc="none", label=f"{t} Fmax")
    target = 156.25 if args.device.startswith("ecp5") else 48.0
    ax2.axhline(target, color="red", lw=0.8, ls="--")
    ax2.text(0.01, target, f"Fmax target {target:g} MHz", ha="left", va="bottom", fontsize=8, color="red",
             transform=ax2.get_yaxis_transform())
    ax2.set_ylim(0, max(200.0, target * 1.3))
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("ports x priorities (PGs)")
    ax.set_ylabel("block LUT4 (yosys)")
    ax2.set_ylabel("Fmax MHz (median of the seeds)")
    if args.device == "ecp5-85f":
        ax.set_ylim(top=max(ax.get_ylim()[1], 83640 * 1.4))
        ax.axhline(83640, color="grey", lw=0.8, ls=":")
        ax.text(0.99, 83640, "ECP5-85F logic cells", ha="right", va="bottom", fontsize=8, color="grey",
                transform=ax.get_yaxis_transform())
    lines = ax.get_legend_handles_labels()
    lines2 = ax2.get_legend_handles_labels()
    ax.legend(lines[0] + lines2[0], lines[1] + lines2[1], loc="lower right", fontsize=8)
    ax.set_title(f"growth with ports x priorities on {args.device} (fpga/designs.txt)")
    fig.tight_layout()
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    fig.savefig(args.out, dpi=110)
    print(f"plot_growth: wrote {os.path.relpath(args.out, REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
