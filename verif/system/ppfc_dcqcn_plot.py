#!/usr/bin/env python3
"""ppfc_dcqcn_plot.py - the incast runs' DCQCN state beside P-PFC's pauses (docs/ppfc_results.md
section 2, item 3).

Input, per run: the CSV of `FG_DCQCN_LOG=FILE fg_sim incast ...` (one row per sender per
interval: R_C, R_T, CNPs, paused, comp) and optionally the `FG_PPFC_LOG=FILE` log of the same
run (the predictive-pause decisions). Output: a PNG with one column per run - the receiver's
queue with the decisions, every sender's R_C (drawn grey while the sender is paused), the
senders paused and the CNPs received - and a text summary per run on stdout.

  python3 verif/system/ppfc_dcqcn_plot.py --run 'T=100us:build/t150/dcqcn100.csv:build/t150/log100.txt' \\
      --run 'T=150us:build/t150/dcqcn150.csv:build/t150/log150.txt' --out build/t150/dcqcn.png
"""
import argparse
import collections
import csv
import re
import sys

CELL_KB = 64 / 1024.0


def load_dcqcn(path, cycle_ns):
    by_sender = collections.defaultdict(list)
    with open(path) as f:
        for r in csv.DictReader(f):
            by_sender[int(r["sender"])].append(
                dict(t=int(r["cycle"]) * cycle_ns / 1000.0, q=int(r["q_cells"]) * CELL_KB, rc=float(r["rc_gbps"]),
                     cnps=int(r["cnps"]), paused=int(r["paused"]), comp=int(r["comp_cells"])))
    return by_sender


def load_decisions(path, cycle_ns, interval):
    """(time us, queue KB at the decision, [quanta]) per decision: the log prints a pause in the
    line of the boundary that ends the interval it was issued in, so the decision is one
    boundary earlier."""
    out, prev_q = [], None
    with open(path) as f:
        for ln in f:
            m = re.match(r"B (\d+) c=(\d+) q=(\d+)", ln)
            if not m:
                continue
            c, q = int(m.group(2)), int(m.group(3))
            quanta = [int(x) for x in re.findall(r"frame\(port \d+ q (\d+)\)", ln)]
            if quanta:
                out.append(((c - interval) * cycle_ns / 1000.0, (prev_q or 0) * CELL_KB, prev_q or 0, quanta))
            prev_q = q
    return out


def summary(label, senders, decisions, cycle_ns):
    k0 = min(senders)
    queue = [(s["t"], s["q"]) for s in senders[k0]]
    tpk, qpk = max(queue, key=lambda x: x[1])
    print(f"== {label}: peak {qpk:.0f} KB at {tpk:.0f} us (1 us samples)")
    for t, qkb, qc, quanta in decisions:
        qu = [x * cycle_ns / 1000.0 for x in quanta]
        print(f"  decision {t:6.1f} us queue {qkb:5.0f} KB (drains in {qc * cycle_ns / 1000.0:4.0f} us): "
              f"{len(quanta):2d} pauses {min(qu):4.0f}..{max(qu):4.0f} us (mean {sum(qu) / len(qu):4.0f}), "
              f"{sum(1 for x in quanta if x > qc)} longer than the queue's drain time")
    for k in sorted(senders):
        s = senders[k]
        paused = sum(1 for x in s if x["paused"])
        ivl, i = [], 0
        while i < len(s):
            if s[i]["paused"]:
                j = i
                while j < len(s) and s[j]["paused"]:
                    j += 1
                pre, post = s[max(i - 1, 0)], s[min(j, len(s) - 1)]
                ivl.append(f"{s[i]['t']:.0f}-{post['t']:.0f} {pre['rc']:.1f}->{post['rc']:.1f} ({post['cnps'] - pre['cnps']})")
                i = j
            else:
                i += 1
        print(f"  sender {k:2d}: paused {paused * (s[1]['t'] - s[0]['t']):5.0f} us, {s[-1]['cnps']:3d} CNPs; "
              f"pauses (start-end us, R_C Gb/s before->after, CNPs during): " + "; ".join(ivl))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", action="append", required=True, help="LABEL:DCQCN.csv[:PPFC_LOG]")
    ap.add_argument("--out", help="PNG to write (needs matplotlib)")
    ap.add_argument("--cycle-ns", type=float, default=12.8)
    ap.add_argument("--interval", type=int, default=78, help="P-PFC interval in cycles")
    a = ap.parse_args()
    runs = []
    for spec in a.run:
        parts = spec.split(":")
        if len(parts) not in (2, 3):
            sys.exit(f"--run '{spec}': expected LABEL:DCQCN.csv[:PPFC_LOG]")
        senders = load_dcqcn(parts[1], a.cycle_ns)
        dec = load_decisions(parts[2], a.cycle_ns, a.interval) if len(parts) == 3 else []
        summary(parts[0], senders, dec, a.cycle_ns)
        runs.append((parts[0], senders, dec))
    if not a.out:
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(3, len(runs), figsize=(6.5 * len(runs), 8), sharex=True, squeeze=False)
    for col, (label, senders, dec) in enumerate(runs):
        k0 = min(senders)
        t = [x["t"] for x in senders[k0]]
        ax[0][col].plot(t, [x["q"] for x in senders[k0]], "k-", lw=1)
        for td, qkb, _, quanta in dec:
            ax[0][col].axvline(td, color="r", lw=0.6, alpha=0.6)
            ax[0][col].annotate(str(len(quanta)), (td, qkb), color="r", fontsize=7)
        ax[0][col].set_title(f"16:1 P-PFC {label}: queue (KB), decisions (red, pauses)")
        for k in sorted(senders):
            s = senders[k]
            rc = [x["rc"] for x in s]
            ax[1][col].plot(t, [r if not x["paused"] else float("nan") for r, x in zip(rc, s)], lw=0.8)
            ax[1][col].plot(t, [r if x["paused"] else float("nan") for r, x in zip(rc, s)], color="0.7", lw=0.8)
        ax[1][col].set_ylabel("R_C per sender (Gb/s; grey = paused)")
        ax[2][col].plot(t, [sum(senders[k][i]["paused"] for k in senders) for i in range(len(t))], "b-", lw=1,
                        label="senders paused")
        ax2 = ax[2][col].twinx()
        ax2.plot(t, [sum(senders[k][i]["cnps"] for k in senders) for i in range(len(t))], "g-", lw=1)
        ax2.set_ylabel("CNPs received (cumulative, green)")
        ax[2][col].set_ylabel("senders paused (blue)")
        ax[2][col].set_xlabel("time (us)")
        ax[2][col].set_xlim(0, 1500)
    fig.tight_layout()
    fig.savefig(a.out, dpi=90)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
