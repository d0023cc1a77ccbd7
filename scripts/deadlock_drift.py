#!/usr/bin/env python3
"""Summarises a ring3 --port-csv trace of `fg_sim deadlock` (docs/deadlock.md, "Variable packet
sizes with iq"): per segment of the run, the three ring ingresses' mean PG (cells; S1 from S3,
S2 from S1, S3 from S2), their common level (mean) and spread (max - min), the host ingresses'
mean PG, each ring link's rate (Gb/s, cells sent / window), the cells to the hosts, and the
GFC state (gfc-time: the ring senders' and hosts' adjuster rates, fraction of C; gfc-buffer:
the ring and host ingresses' stages).

    deadlock_drift.py [--segments 12] [--rate 10] RING.csv ...
"""
import argparse
import csv

RING_IN = {"S1": "S1_p2", "S2": "S2_p1", "S3": "S3_p1"}  # ingress fed by the upstream switch
HOST_IN = {"S1": "S1_p0", "S2": "S2_p0", "S3": "S3_p0"}
LINKS = {"S1>S2": "S1_p1", "S2>S3": "S2_p2", "S3>S1": "S3_p2"}
CYCLE_NS_AT_10G = 51.2


def summarise(path, segments, rate):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if len(rows) < 2 * segments:
        raise SystemExit(f"{path}: {len(rows)} windows, fewer than 2 per segment")
    if "S1_p2_pg" not in rows[0]:
        raise SystemExit(f"{path}: not a ring3 --port-csv trace (no S1_p2_pg column)")
    window = int(rows[1]["cycle"]) - int(rows[0]["cycle"])
    cycle_ns = CYCLE_NS_AT_10G * 10 / rate
    mode = "rate" if "S1_p1_rate" in rows[0] else "stage" if "S1_p1_stage" in rows[0] else None
    seg = len(rows) // segments
    print(f"{path}: {len(rows)} windows of {window} cycles, {segments} segments")
    print("  t_ms | ring PG S1 S2 S3 | common spread | host PG S1 S2 S3 | ring links Gb/s | to hosts Gb/s | GFC")
    for k in range(segments):
        part = rows[k * seg:(k + 1) * seg]

        def mean(col):
            return sum(float(r[col]) for r in part) / len(part)

        ring = [mean(RING_IN[s] + "_pg") for s in ("S1", "S2", "S3")]
        host = [mean(HOST_IN[s] + "_pg") for s in ("S1", "S2", "S3")]
        links = [mean(LINKS[l] + "_tx") / window * rate for l in LINKS]
        to_host = [mean(HOST_IN[s] + "_tx") / window * rate for s in ("S1", "S2", "S3")]
        if mode == "rate":
            gfc = "ring " + " ".join("%.2f" % mean(LINKS[l] + "_rate") for l in LINKS)
            gfc += " hosts " + " ".join("%.2f" % mean(h + "_rate") for h in ("H1", "H2", "H3"))
        elif mode == "stage":
            gfc = "stage ring-in " + " ".join("%.2f" % mean(RING_IN[s] + "_stage") for s in ("S1", "S2", "S3"))
            gfc += " host-in " + " ".join("%.2f" % mean(HOST_IN[s] + "_stage") for s in ("S1", "S2", "S3"))
        else:
            gfc = "-"
        t_ms = (int(part[-1]["cycle"]) + 1) * cycle_ns / 1e6
        print("  %5.1f | %5.0f %5.0f %5.0f | %6.0f %5.0f | %5.0f %5.0f %5.0f | %s | %s | %s" % (
            t_ms, *ring, sum(ring) / 3, max(ring) - min(ring), *host,
            " ".join("%.2f" % x for x in links), " ".join("%.2f" % x for x in to_host), gfc))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--segments", type=int, default=12)
    ap.add_argument("--rate", type=float, default=10.0, help="line rate, Gb/s (the run's --rate)")
    ap.add_argument("csv", nargs="+")
    a = ap.parse_args()
    for p in a.csv:
        summarise(p, a.segments, a.rate)


if __name__ == "__main__":
    main()
