#!/usr/bin/env python3
"""`make demo`: the 16:1 incast on the system simulator, once per switch core (C model, RTL)
and core form (default, line-rate), with the headroom from the calculator and then cut below it.

Prints queue peak (cells and KB), PFC frames sent, lossless drops, whether the cores' traces
are identical (byte for byte), and writes build/demo/incast.png (incast_lr.png for the
line-rate form). Exit 1 when the traces differ, when calculator headroom loses a lossless
packet, or when cut headroom loses none."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(sim, core, out, tag, args):
    trace = os.path.join(out, f"incast_{tag}_{core}.csv")
    result = os.path.join(out, f"incast_{tag}_{core}.json")
    cmd = [sim, "incast", "--switch", core, "--trace", trace, "--json"] + args
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"demo: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stderr}")
    with open(result, "w") as f:
        f.write(p.stdout)
    return trace, result, json.loads(p.stdout)


def row(core, r):
    return (f"  {core:7s} {r['queue_peak_cells']:7d} cells {r['queue_peak_kb']:8.1f} KB   "
            f"{r['pfc_frames']:5d} ({r['pfc_xoff']} XOFF, {r['pfc_xon']} XON)   "
            f"{r['violations']:6d}       {r['rx_util']:.3f}     {r['cpu_s']:.1f} s")


def same(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


# The core's forms (fg_sim incast --core): the file-name suffix, the plot, the heading.
FORMS = {
    "default": ("", "incast.png", "default core (one edge per decision, every port at once; P-PFC in)"),
    "line-rate": ("_lr", "incast_lr.png",
                  "line-rate core (LINE_RATE=1: one admission per edge, round robin over the ports; "
                  "no P-PFC)"),
}


def demo_form(a, form, cores):
    """The calculator and cut runs of one core form; True when every check passed."""
    suffix, png_name, heading = FORMS[form]
    base = ["--senders", str(a.senders), "--cycles", str(a.cycles), "--rate", "40", "--link-delay-ns", "1000",
            "--pkt", "1024", "--buffer-kb", "9216", "--sample", "10", "--core", form]
    ok = True
    results = {}
    print(f"\n== {heading}")
    for tag, extra in (("calc", ["--headroom", "auto"]), ("cut", None)):
        if extra is None:
            calc = results["calc"][cores[0]][2]["headroom_calc_cells"]
            extra = ["--headroom", str(calc // a.cut_div)]
        results[tag] = {c: run(a.sim, c, a.out, tag + suffix, base + extra) for c in cores}
        r0 = results[tag][cores[0]][2]
        if tag == "calc":
            print(f"{a.senders}:1 incast at {r0['rate_gbps']:g} Gb/s ({r0['cycle_ns']:g} ns per 64-byte cell), "
                  f"links {r0['link_delay_cycles']} cycles, {r0['pkt_bytes']} B packets, buffer "
                  f"{r0['total_cells']} cells, {a.cycles} cycles ({a.cycles * r0['cycle_ns'] / 1000:.0f} us)")
            core_term = (f" (of which the core's own reaction: {r0['headroom_core_cycles']} edges, "
                         f"{r0['headroom_core_bytes']} B)" if r0["headroom_core_cycles"] else "")
            print(f"\nheadroom from the calculator: {r0['headroom_cells']} cells per lossless PG{core_term}")
        else:
            print(f"\nheadroom cut to {r0['headroom_cells']} cells per PG (calculator / {a.cut_div})")
        print("  switch    queue peak                PFC frames sent        lossless drops  rx util   cpu")
        for c in cores:
            print(row(c, results[tag][c][2]))
        if form == "line-rate":
            print(f"  offers: a port held up to {r0['offer_queue_peak']} packets for the admission pipeline, "
                  f"one waited up to {r0['offer_wait_max']} edges (mean {r0['offer_wait_mean']:.1f})")
        for c in cores[1:]:
            t0, t1 = results[tag][cores[0]][0], results[tag][c][0]
            ident = same(t0, t1)
            ok &= ident
            print(f"  traces {cores[0]} vs {c}: {'identical' if ident else 'DIFFERENT'} "
                  f"({os.path.relpath(t0, ROOT)}, {os.path.relpath(t1, ROOT)})")
        for c in cores:
            v = results[tag][c][2]["violations"]
            if tag == "calc" and v != 0:
                print(f"  FAIL: {c} lost {v} lossless packets with the calculator's headroom")
                ok = False
            if tag == "cut" and v == 0:
                print(f"  FAIL: {c} lost no lossless packet with headroom cut below the calculator's")
                ok = False
    if len(cores) < 2:
        print("  (one core only: no trace comparison)")
    png = os.path.join(a.out, png_name)
    c0 = cores[0]
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts/plot_incast.py"), "--out", png,
                    f"calculator headroom={results['calc'][c0][0]},{results['calc'][c0][1]}",
                    f"headroom cut={results['cut'][c0][0]},{results['cut'][c0][1]}"], check=True)
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", default=os.path.join(ROOT, "build/bin/fg_sim"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build/demo"))
    ap.add_argument("--cores", default="cmodel rtl")
    ap.add_argument("--forms", default="default line-rate", help="the core forms to run: " + ", ".join(FORMS))
    ap.add_argument("--senders", type=int, default=16)
    ap.add_argument("--cycles", type=int, default=30000)
    ap.add_argument("--cut-div", type=int, default=4, help="cut headroom = calculator / this")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cores = a.cores.split()
    for f in a.forms.split():
        if f not in FORMS:
            sys.exit(f"demo: --forms {f}: expected one of {', '.join(FORMS)}")
    ok = True
    for f in a.forms.split():
        ok &= demo_form(a, f, cores)
    print("demo: " + ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
