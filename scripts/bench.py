#!/usr/bin/env python3
"""bench.py - `make bench`: how fast the switch core simulates, and what it costs in an FPGA.

1. Runs the 16:1 incast (verif/system, C model) and records the core's inputs of every cycle.
2. Replays that record into the C model and into the Verilated RTL (build/bin/fg_bench_core),
   three times each, and checks that both produced the same hash of every output of every cycle.
3. Writes the first --icarus-cycles cycles as lock-step vectors and replays them under Icarus
   (verif/icarus), which checks every output again and reports its speed.
4. Adds the end-to-end SystemC run times (fg_sim --switch cmodel / rtl) and, when
   build/synth/report.json exists (make synth), LUT/FF/BRAM/Fmax per design and device and
   the growth of fg_bm with port count.
5. Adds the admission throughput of the core's forms (build/bin/fg_bench_admit, C model):
   verdicts per edge with every port offering and one egress releasing in FIFO order.
Writes one JSON file (--out) and prints a table. Speeds are measurements, never asserted.
"""
import argparse
import json
import os
import platform
import re
import subprocess
import sys


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f"bench: command failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout[-3000:]}")
    return p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cycles", type=int, default=30000)
    ap.add_argument("--icarus-cycles", type=int, default=3000)
    ap.add_argument("--senders", type=int, default=16)
    ap.add_argument("--rtl-files", required=True)
    ap.add_argument("--out", default="build/bench/bench.json")
    a = ap.parse_args()
    bdir = os.path.dirname(a.out) or "."
    os.makedirs(bdir, exist_ok=True)
    trace = os.path.join(bdir, "incast.core")

    scenario = {"name": "incast", "senders": a.senders, "rate_gbps": 40, "link_delay_ns": 1000,
                "pkt_bytes": 1024, "cycles": a.cycles, "headroom": "calculator"}
    sim_runs = {}
    for core in ("cmodel", "rtl"):
        cmd = ["build/bin/fg_sim", "incast", "--senders", str(a.senders), "--switch", core,
               "--cycles", str(a.cycles), "--json", "--quiet"]
        if core == "cmodel":
            cmd += ["--core-trace", trace]
        sim_runs[core] = json.loads(run(cmd))
    system = {core: {"cpu_s": r.get("cpu_s"), "cycles_per_second": round(a.cycles / r["cpu_s"]) if r.get("cpu_s") else None}
              for core, r in sim_runs.items()}

    replay = {}
    for model in ("cmodel", "rtl"):
        replay[model] = json.loads(run(["build/bin/fg_bench_core", "--trace", trace, "--model", model,
                                        "--repeat", "3"]))
    same = replay["cmodel"]["output_hash"] == replay["rtl"]["output_hash"]
    if not same:
        sys.exit("bench: C model and RTL disagree on the recorded scenario (output hashes differ)")

    idir = os.path.join(bdir, "icarus")
    os.makedirs(idir, exist_ok=True)
    vec = os.path.join(idir, "vectors.txt")
    run(["build/bin/fg_bench_core", "--trace", trace, "--model", "cmodel", "--vectors", vec,
         "--vector-cycles", str(a.icarus_cycles)])
    with open(os.path.join(idir, "rtl.f"), "w") as f:
        f.write("\n".join(a.rtl_files.split()) + "\n")
    with open(os.path.join(idir, "lockstep.status"), "w") as f:
        f.write("pass (vectors from the C model on the recorded incast)\n")
    run([sys.executable, "verif/icarus/gen_replay_tb.py", "--vectors", vec, "--test", "bench_incast",
         "--out", os.path.join(idir, "replay_tb.v")])
    out = run([sys.executable, "verif/icarus/run_replay.py", "--dir", idir])
    m = re.search(r"ICARUS SPEED test=\S+ cycles=(\d+) wall_s=(\S+) cycles_per_s=(\d+)", out)
    if not m or "ICARUS PASS" not in out:
        sys.exit("bench: Icarus replay did not pass:\n" + out[-2000:])
    icarus = {"cycles": int(m.group(1)), "seconds": float(m.group(2)), "cycles_per_second": int(m.group(3)),
              "checked_every_output": True}

    cm, rt = replay["cmodel"], replay["rtl"]
    result = {
        "machine": {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
                    "python": platform.python_version()},
        "scenario": scenario,
        "core": {"n_ports": cm["n_ports"], "n_prio": cm["n_prio"]},
        "simulation_speed": {
            "cmodel": {"cycles": cm["cycles"], "seconds": cm["seconds"], "cycles_per_second": cm["cycles_per_second"]},
            "verilator": {"cycles": rt["cycles"], "seconds": rt["seconds"], "cycles_per_second": rt["cycles_per_second"],
                          "eval_only_cycles_per_second": rt["eval_only_cycles_per_second"]},
            "icarus": icarus,
            "cmodel_over_verilator": round(cm["cycles_per_second"] / rt["cycles_per_second"], 2),
            "cmodel_over_verilator_eval_only": round(cm["cycles_per_second"] / rt["eval_only_cycles_per_second"], 2),
            "cmodel_over_icarus": round(cm["cycles_per_second"] / icarus["cycles_per_second"], 1),
            "same_output_hash": same,
        },
        "system_simulator": system,
    }
    # Admission throughput of the core's forms (C model; nothing asserted)
    result["admission_throughput"] = json.loads(run(["build/bin/fg_bench_admit"]))
    synth_path = "build/synth/report.json"
    if os.path.exists(synth_path):
        with open(synth_path) as f:
            result["synthesis"] = json.load(f)
        result["synthesis_source"] = synth_path
    else:
        result["synthesis"] = None
        result["synthesis_source"] = "not run: make synth writes build/synth/report.json, then make bench again"
    with open(a.out, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")

    s = result["simulation_speed"]
    print(f"bench: 16:1 incast, core {cm['n_ports']} ports x {cm['n_prio']} priorities, {a.cycles} cycles")
    print(f"  C model    {s['cmodel']['cycles_per_second']:>12,} cycles/s")
    print(f"  Verilator  {s['verilator']['cycles_per_second']:>12,} cycles/s  "
          f"(eval() alone {s['verilator']['eval_only_cycles_per_second']:,})")
    print(f"  Icarus     {icarus['cycles_per_second']:>12,} cycles/s  ({icarus['cycles']} cycles, every output checked)")
    print(f"  C model / Verilator = {s['cmodel_over_verilator']}x (eval only: {s['cmodel_over_verilator_eval_only']}x); "
          f"outputs identical: {same}")
    print(f"  SystemC end to end: cmodel {system['cmodel']['cpu_s']} s, rtl {system['rtl']['cpu_s']} s")
    rows = result["admission_throughput"]["rows"]
    for form in ("default", "line-rate", "compact"):
        for n in sorted({r["n_ports"] for r in rows}):
            cells = [f"{r['release_every']}:{r['admissions_per_edge']:.2f}" for r in rows
                     if r["form"] == form and r["n_ports"] == n]
            print(f"  admissions/edge {form:9s} {n:2d} ports, by release period (0 = none): {' '.join(cells)}")
    print(f"  synthesis: {result['synthesis_source']}")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
