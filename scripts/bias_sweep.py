#!/usr/bin/env python3
"""Summarises the transit-bias sweep of the deadlock scenario (make deadlock-bias-sweep).

    bias_sweep.py --out build/deadlock_long/bias_sweep [--check] RESULT.json [RESULT.json ...]
    (RESULT.json = `fg_sim deadlock --egress cioq --transit-skip PPM --json` runs of the ring,
    one per flow control and PPM)

For every PPM it prints, per flow control, whether and when the detector found a deadlock,
the skips, and the slowest flow's throughput averaged over 1 ms (50 windows of 20 us) at the
time the first PFC or CBFC deadlock was found and at the end of the run. Writes OUT.json
(the same figures) and OUT.png (slowest flow's 1 ms mean over time, one panel per PPM).

--check tests the claim of docs/gfc_results.md ("Why no switch model here gives both
halves"): with no bias (PPM 0) nothing deadlocks or drops and both GFCs keep their slowest
flow above 4 Gb/s for the whole run; with every PPM at which PFC or CBFC deadlocks, both
GFCs' slowest flow is already below 4.5 Gb/s at the first of those deadlocks; PFC, CBFC and
GFC-time never drop a lossless cell. (GFC-buffer's lossless drops under a strong bias are a
finding the table reports: it has no zero-rate stage, so a ring that drains nothing fills
past B_m into the buffer's end. The sweep runs the paper's GFC, without
GFC_CTRL.gfc_pfc_backstop, which would pause there instead: docs/gfc.md.) Exit status 1 when it does not hold, naming the run."""
import argparse
import json
import sys

MEAN_WINDOWS = 50  # 1 ms of 20 us windows
FCS = ("pfc", "cbfc", "gfc-buffer", "gfc-time")


def slowest_mean(res):
    """Per window: the slowest flow's throughput averaged over the last MEAN_WINDOWS windows."""
    flows = [f["tput_gbps"] for f in res["flows"]]
    out = []
    for k in range(len(res["window_end_us"])):
        a = max(0, k - MEAN_WINDOWS + 1)
        out.append(min(sum(t[a : k + 1]) / (k + 1 - a) for t in flows))
    return out


def at_time(res, series, t_us):
    """The series' value at the last window ending at or before t_us (None before the first)."""
    val = None
    for end, v in zip(res["window_end_us"], series):
        if end > t_us:
            break
        val = v
    return val


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("results", nargs="+")
    args = ap.parse_args()

    runs = {}  # ppm -> fc -> result
    for path in args.results:
        with open(path) as f:
            res = json.load(f)
        if res.get("scenario") != "deadlock" or res.get("egress") != "cioq" or "transit_skip_ppm" not in res:
            sys.exit(f"bias_sweep: {path} is not a `fg_sim deadlock --egress cioq --json` result")
        if res["window_us"] > 20.5:
            sys.exit(f"bias_sweep: {path}: windows of {res['window_us']} us, the 1 ms mean needs 20 us ones")
        runs.setdefault(res["transit_skip_ppm"], {})[res["fc"]] = res

    summary, failures = [], []
    print("transit bias sweep, ring3, cioq, uniform sizes (slowest flow: 1 ms mean, Gb/s)")
    for ppm in sorted(runs):
        by_fc = runs[ppm]
        missing = [fc for fc in FCS if fc not in by_fc]
        if missing:
            sys.exit(f"bias_sweep: ppm {ppm}: no run for {', '.join(missing)}")
        locks = [by_fc[fc]["deadlock_us"] for fc in ("pfc", "cbfc") if by_fc[fc]["deadlock"]]
        t_lock = min(locks) if locks else None
        row = {"ppm": ppm, "first_pfc_cbfc_deadlock_us": t_lock, "runs": {}}
        for fc in FCS:
            res = by_fc[fc]
            series = slowest_mean(res)
            entry = {
                "deadlock": res["deadlock"],
                "deadlock_us": res["deadlock_us"] if res["deadlock"] else None,
                "cioq_skips": res["cioq_skips"],
                "slowest_at_first_lock_gbps": at_time(res, series, t_lock) if t_lock is not None else None,
                "slowest_end_gbps": series[-1],
                "slowest_min_gbps": min(series[MEAN_WINDOWS - 1 :]),
                "run_ms": res["window_end_us"][-1] / 1000,
                "lossless_drops": res["violations"],
                "pg_peak_cells": res["pg_peak_max_cells"],
            }
            row["runs"][fc] = entry
            lock = f"deadlock {entry['deadlock_us'] / 1000:6.2f} ms" if res["deadlock"] else "no deadlock     "
            at_lock = entry["slowest_at_first_lock_gbps"]
            print(
                f"  ppm {ppm:6d} {fc:10s} {lock}  skips {entry['cioq_skips']:5d}  slowest at first PFC/CBFC"
                f" deadlock {'-' if at_lock is None else f'{at_lock:.2f}':>5s}, at {entry['run_ms']:.1f} ms"
                f" {entry['slowest_end_gbps']:.2f}; PG peak {entry['pg_peak_cells']}, lossless drops"
                f" {entry['lossless_drops']}"
            )
            if args.check:
                if entry["lossless_drops"] and (ppm == 0 or fc != "gfc-buffer"):
                    failures.append(f"ppm {ppm} {fc}: {entry['lossless_drops']} lossless drops")
                if ppm == 0 and res["deadlock"]:
                    failures.append(f"ppm 0 {fc}: deadlock at {res['deadlock_us']:.0f} us")
                if ppm == 0 and fc.startswith("gfc") and entry["slowest_min_gbps"] <= 4:
                    failures.append(f"ppm 0 {fc}: slowest flow {entry['slowest_min_gbps']:.2f} Gb/s <= 4")
                if fc.startswith("gfc") and t_lock is not None and (at_lock is None or at_lock >= 4.5):
                    failures.append(f"ppm {ppm} {fc}: slowest flow {at_lock} Gb/s at the first PFC/CBFC deadlock")
        summary.append(row)

    with open(args.out + ".json", "w") as f:
        json.dump({"mean_windows": MEAN_WINDOWS, "sweep": summary}, f, indent=1)
    plot(runs, args.out + ".png")
    if args.check:
        for msg in failures:
            print(f"CHECK FAIL {msg}")
        print(f"CHECK bias sweep claim {'FAIL' if failures else 'ok'}")
        return 1 if failures else 0
    return 0


def plot(runs, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ppms = sorted(runs)
    fig, axes = plt.subplots(1, len(ppms), figsize=(4.2 * len(ppms), 3.6), sharey=True, squeeze=False)
    for ax, ppm in zip(axes[0], ppms):
        for fc in FCS:
            res = runs[ppm][fc]
            t_ms = [w / 1000 for w in res["window_end_us"]]
            ax.plot(t_ms, slowest_mean(res), label=fc, linewidth=1)
            if res["deadlock"]:
                ax.axvline(res["deadlock_us"] / 1000, linestyle=":", linewidth=0.8, color=ax.lines[-1].get_color())
        ax.axhline(5, color="grey", linewidth=0.5)
        ax.set_title(f"transit skip {ppm} ppm")
        ax.set_xlabel("time (ms)")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("slowest flow, 1 ms mean (Gb/s)")
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())
