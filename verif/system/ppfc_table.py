#!/usr/bin/env python3
"""`make ppfc-table`: the P-PFC paper's incast experiments (seed 000, section 5) on the system
simulator, PFC vs P-PFC at T = 50/100/150 us, 16:1, 6:1 and 4:1, with DCQCN; writes the table
between the markers of docs/ppfc_results.md (the prose around them is kept) and a PNG per
incast degree (queue over time, PFC and P-PFC T=100us) to --out. For the 16:1 incast it also
runs P-PFC at each T with the LFSR seeds 1..--seeds (Algorithm 2's random picks) and gives the
spread of the peak: the seed-1 rows of the main table are one draw of it.

    ppfc_table.py --sim build/bin/fg_sim [--switch cmodel] [--cycles 156250] [--out build/ppfc]
                  [--doc docs/ppfc_results.md] [--senders "16 6 4"] [--seeds 12]

Every run uses verif/system/scenarios/paper_incast.txt; its JSON is kept in --out."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BEGIN = "<!-- ppfc-table:begin (written by verif/system/ppfc_table.py; do not edit) -->"
END = "<!-- ppfc-table:end -->"
# SPEC.md section 10 / seed 000 Table 3 and section 5.1.
PAPER_PFC_MSGS = {4: (0, 0, 0), 6: (0, 5, 43), 16: (277, 316, 406)}
PAPER_PEAK = {16: ("fills 4 MB", "about 1002 KB"), 6: ("1702 KB", "1702 KB")}
TS = (50, 100, 150)
# (mode, T, pause scale): PFC; P-PFC at the three T with the Fig. 2c pause reading; P-PFC T=100
# with the literal one (CELL_CYCLES 1.0).
# Then PFC and P-PFC T=100 with the ns-3 DCQCN target rule (--dcqcn-clamp off).
RUNS = ([("pfc", 100, "fanin", "on")] + [("ppfc", t, "fanin", "on") for t in TS] + [("ppfc", 100, "1", "on")] +
        [("pfc", 100, "fanin", "off"), ("ppfc", 100, "fanin", "off")])


def run(a, senders, mode, T, scale="fanin", clamp="on", seed=None):
    tag = (f"incast{senders}_{mode}" + (f"_T{T}" if mode == "ppfc" else "") + ("_literal" if scale != "fanin" else "")
           + ("_ns3dcqcn" if clamp != "on" else "") + (f"_seed{seed}" if seed is not None else ""))
    trace = os.path.join(a.out, tag + ".csv") if seed is None else ""
    cmd = [a.sim, "incast", "--scenario", os.path.join(HERE, "scenarios", "paper_incast.txt"),
           "--senders", str(senders), "--mode", mode, "--T", f"{T}us", "--switch", a.switch,
           "--cycles", str(a.cycles), "--pause-scale", scale, "--dcqcn-clamp", clamp, "--json"]
    if trace:
        cmd += ["--trace", trace, "--sample", "50"]
    if seed is not None:
        cmd += ["--ppfc-seed", str(seed)]
    if a.switch_ports:
        cmd += ["--switch-ports", str(a.switch_ports)]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"ppfc_table: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stderr}")
    res = json.loads(p.stdout)
    with open(os.path.join(a.out, tag + ".json"), "w") as f:
        json.dump(res, f, indent=1)
    print(f"  {tag:22s} peak {res['queue_peak_kb']:7.0f} KB  std XOFF {res['pfc_std']:4d}  pred {res['pfc_pred']:4d}  "
          f"pause {res['pause_time_us']:9.1f} us  probe p99 {res['probe_latency_p99_us']:7.1f} us  "
          f"cpu {res['cpu_s']:.1f} s", flush=True)
    return res, trace


def seed_table(spread, pfc_kb, a):
    """The 16:1 P-PFC peak over the LFSR seeds, per T."""
    out = ["", f"16:1, P-PFC peak queue over the P-PFC LFSR seeds 1..{a.seeds} (`--ppfc-seed`; the rows above are "
           f"seed 1), against PFC's {pfc_kb:.0f} KB:", "",
           "| T | min | median | max | seeds with peak <= half of PFC | peaks by seed (KB) |", "|---|---|---|---|---|---|"]
    for T in TS:
        pk = [r["queue_peak_kb"] for r in spread[T]]
        srt = sorted(pk)
        med = (srt[(len(srt) - 1) // 2] + srt[len(srt) // 2]) / 2
        half = sum(1 for x in pk if x <= 0.5 * pfc_kb)
        out.append(f"| {T} us | {srt[0]:.0f} KB ({100 * srt[0] / pfc_kb:.0f} %) | {med:.0f} KB ({100 * med / pfc_kb:.0f} %) | "
                   f"{srt[-1]:.0f} KB ({100 * srt[-1] / pfc_kb:.0f} %) | {half} of {len(pk)} | {' '.join(f'{x:.0f}' for x in pk)} |")
    return out


def table(results, a, spread=None):
    us = a.cycles * 12.8 / 1000
    out = [BEGIN, "",
           f"Measured with `make ppfc-table` (`verif/system/ppfc_table.py`): switch `{a.switch}`, "
           f"{a.cycles} cycles = {us:.0f} us per run, scenario `verif/system/scenarios/paper_incast.txt`. "
           "Peak = the receiver's egress queue; PFC frames = XOFF frames sent (standard / predictive); "
           "pause time = sum over the senders (and the probe host) of the time their lossless class "
           "was paused; probe = 64 B every 1 us from an extra host into the same egress port.", "",
           "| incast | scheme | peak queue | probe p50 / p99 / max latency | PFC XOFF frames std / pred "
           "(XON) | total pause time | CNPs | rx util | lossless drops | paper: peak | paper: P-PFC frames |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for n in a.senders:
        for mode, T, sc, cl in RUNS:
            r = results[(n, mode, T, sc, cl)]
            scheme = ("PFC" if mode == "pfc" else f"P-PFC T={T}us" + (" literal pause" if sc != "fanin" else "")) + \
                (", ns-3 DCQCN" if cl != "on" else "")
            pp = PAPER_PEAK.get(n)
            paper_peak = "" if not pp or sc != "fanin" or cl != "on" else (pp[0] if mode == "pfc" else (pp[1] if T == 100 else ""))
            paper_msgs = "" if mode == "pfc" or sc != "fanin" or cl != "on" else str(PAPER_PFC_MSGS.get(n, ("",) * 3)[TS.index(T)])
            out.append(f"| {n}:1 | {scheme} | {r['queue_peak_kb']:.0f} KB | {r['probe_latency_p50_us']:.1f} / "
                       f"{r['probe_latency_p99_us']:.1f} / {r['probe_latency_max_us']:.1f} us | "
                       f"{r['pfc_std']} / {r['pfc_pred']} ({r['pfc_xon']}) | {r['pause_time_us']:.0f} us | "
                       f"{r['cnp_tx']} | {r['rx_util']:.2f} | {r['violations']} | {paper_peak} | {paper_msgs} |")
    if spread:
        out += seed_table(spread, results[(16, "pfc", 100, "fanin", "on")]["queue_peak_kb"], a)
    out += ["", END]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", default=os.path.join(ROOT, "build", "bin", "fg_sim"))
    ap.add_argument("--switch", default="cmodel")
    ap.add_argument("--switch-ports", type=int, default=0)
    ap.add_argument("--cycles", type=int, default=156250)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "ppfc"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "ppfc_results.md"))
    ap.add_argument("--senders", default="16 6 4")
    ap.add_argument("--no-png", action="store_true")
    ap.add_argument("--seeds", type=int, default=12, help="16:1 P-PFC runs per T with seeds 1..N (0: none)")
    a = ap.parse_args()
    a.senders = [int(x) for x in a.senders.split()]
    os.makedirs(a.out, exist_ok=True)
    results, traces = {}, {}
    for n in a.senders:
        for mode, T, sc, cl in RUNS:
            results[(n, mode, T, sc, cl)], traces[(n, mode, T, sc, cl)] = run(a, n, mode, T, sc, cl)
    spread = {}
    if 16 in a.senders and a.seeds > 0:
        for T in TS:
            spread[T] = [results[(16, "ppfc", T, "fanin", "on")]] + \
                [run(a, 16, "ppfc", T, seed=s)[0] for s in range(2, a.seeds + 1)]
    text = table(results, a, spread)
    doc = open(a.doc).read() if os.path.exists(a.doc) else f"# P-PFC results\n\n{BEGIN}\n{END}\n"
    if BEGIN not in doc or END not in doc:
        sys.exit(f"ppfc_table: {a.doc} has no table markers")
    doc = doc[:doc.index(BEGIN)] + text + doc[doc.index(END) + len(END):]
    with open(a.doc, "w") as f:
        f.write(doc)
    print(f"ppfc_table: wrote the table into {a.doc}")
    if not a.no_png:
        for n in a.senders:
            png = os.path.join(a.out, f"incast{n}.png")
            cmd = [sys.executable, os.path.join(ROOT, "scripts", "plot_ppfc.py"), "--trace", traces[(n, "pfc", 100, "fanin", "on")],
                   "--label", "PFC", "--trace2", traces[(n, "ppfc", 100, "fanin", "on")], "--label2", "P-PFC T=100us",
                   "--out", png, "--title", f"{n}:1 incast, DCQCN, 40 Gb/s, 4 MB shared / 9 MB ({a.switch})"]
            subprocess.run(cmd, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
