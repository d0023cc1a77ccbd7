#!/usr/bin/env python3
"""lc_breakdown - where an iCE40 design's logic cells go, module by module.

    python3 fpga/flow/lc_breakdown.py DESIGN [--json OUT]

DESIGN is a row of fpga/designs.txt (its top and parameters). The top is synthesised by
yosys `synth_ice40` with the flow's options (fpga/flow/synth.py) and `-noflatten` (each module
optimised apart, its outputs all kept, so a module's count is an upper bound on what it costs
flattened) and every module's cells are counted the way an iCE40 logic cell is spent. A logic
cell holds one LUT4, one flop and one carry cell, and a flop takes its D input only from its
own cell's LUT: a flop whose D is a LUT output that feeds nothing else shares that LUT's cell
("FF with its LUT"); any other flop (D from a net with other loads, from another flop, a RAM
output or a port) needs a cell of its own ("FF alone"). A flop fed across a module boundary (an input port, a submodule's output) is
counted apart ("FF on in"): flattened, it shares the cell of the LUT that drives it outside if that LUT drives
nothing else. So a module needs about LUT4 + FF alone cells ("cells>="; kept apart, a module
also keeps logic the flattened design would drop, so this is an estimate, not a bound); carry
cells that no LUT of the same operands shares add more (nextpnr's packer has the exact total
for a whole design: synth.py reports it for an iCE40 no-fit). Instances of one module are
counted once per instance in the totals.

The flops alone are grouped by the name of the net they drive, so a module's biggest holders
of state show first (`--flops MODULE`).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fgrtl  # noqa: E402
from fgrtl import REPO, FlowError  # noqa: E402
from synth import YOSYS_SYNTH  # noqa: E402  (the flow's own synthesis command and options)


def count_module(mod, submodules=()):
    """LUT4, flops with their own LUT, flops alone, flops fed across a module boundary, carry
    cells, RAMs, and flops alone by net. submodules: the netlist's own (non-cell) module names."""
    cells = mod.get("cells", {})
    names = {}
    for nn, n in mod.get("netnames", {}).items():
        for b in n["bits"]:
            if isinstance(b, str):
                continue
            # prefer a name from the source over a generated one
            if b not in names or (not nn.startswith("$") and names[b].startswith("$")):
                names[b] = nn
    drivers, loads = {}, collections.Counter()
    for c in cells.values():
        for pn, bits in c.get("connections", {}).items():
            out = c.get("port_directions", {}).get(pn) == "output"
            for b in bits:
                if isinstance(b, str):
                    continue
                if out:
                    drivers[b] = c["type"]
                else:
                    loads[b] += 1
    inputs = set()
    for p in mod.get("ports", {}).values():
        for b in p["bits"]:
            if isinstance(b, str):
                continue
            if p["direction"] == "output":
                loads[b] += 1
            else:
                inputs.add(b)
    n = dict(lut4=0, ff_with_lut=0, ff_alone=0, ff_on_input=0, carry=0, ram=0, dsp=0)
    alone_by_net = collections.Counter()
    for c in cells.values():
        t = c["type"]
        if t == "SB_LUT4":
            n["lut4"] += 1
        elif t.startswith("SB_DFF"):
            d = c["connections"]["D"][0]
            if drivers.get(d) == "SB_LUT4" and loads[d] == 1:
                n["ff_with_lut"] += 1
            elif d in inputs or drivers.get(d) in submodules:
                # fed across a module boundary (an input port, a submodule's output): flattened,
                # it shares a cell with the LUT that drives it if that LUT drives nothing else;
                # not counted either way
                n["ff_on_input"] += 1
            else:
                n["ff_alone"] += 1
                q = c["connections"]["Q"][0]
                alone_by_net[re.sub(r"\[\d+\]$", "", names.get(q, "?"))] += 1
        elif t == "SB_CARRY":
            n["carry"] += 1
        elif t.startswith("SB_RAM40"):
            n["ram"] += 1
        elif t == "SB_MAC16":
            n["dsp"] += 1
    n["cells_at_least"] = n["lut4"] + n["ff_alone"]
    return n, alone_by_net


def bare(name):
    """$paramod$<hash>\\fg_x or $paramod\\fg_x\\P=... -> fg_x"""
    m = re.search(r"\\(fg_\w+)", name)
    return m.group(1) if m else name.lstrip("\\")


def instances(net, top):
    """How many times each module is instantiated under top (through the hierarchy)."""
    mods = net["modules"]
    count = collections.Counter()

    def walk(mname, k):
        count[mname] += k
        for c in mods[mname].get("cells", {}).values():
            sub = mods.get(c["type"])
            # the device's cells (SB_LUT4, ...) are modules of the netlist too, as blackboxes
            if sub is not None and "blackbox" not in sub.get("attributes", {}):
                walk(c["type"], k)
    walk(top, 1)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("design", help="a design name of fpga/designs.txt")
    ap.add_argument("--table", default=None, help="design table (default fpga/designs.txt)")
    ap.add_argument("--json", default=None, help="also write the counts here")
    ap.add_argument("--flops", action="append", default=[], metavar="MODULE",
                    help="list MODULE's flops alone by net (repeatable)")
    args = ap.parse_args()
    try:
        index = fgrtl.RtlIndex()
        designs = {d.name: d for d in fgrtl.read_designs(args.table, index)}
        if args.design not in designs:
            raise FlowError(f"lc_breakdown: no design '{args.design}' in the table "
                            f"(make synth-list lists them)")
        d = designs[args.design]
        files = fgrtl.design_files(d, index)
    except FlowError as e:
        print(e, file=sys.stderr)
        return 2
    incs = " ".join(f"-I{x}" for x in index.include_dirs)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "net.json")
        script = [f"read_verilog -noautowire -DFG_TECH_ICE40 {incs} {os.path.join(REPO, f)}" for f in files]
        if d.params:
            script.append("chparam " + " ".join(f"-set {k} {v}" for k, v in d.params.items()) + f" {d.top}")
        script += [f"{YOSYS_SYNTH['ice40']} -noflatten -top {d.top}", f"write_json {out}"]
        p = subprocess.run(["yosys", "-q", "-p", "; ".join(script)], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if p.returncode != 0 or not os.path.exists(out):
            print(p.stdout.decode(errors="replace")[-2000:], file=sys.stderr)
            print(f"lc_breakdown: yosys failed on {d.top}", file=sys.stderr)
            return 1
        with open(out) as f:
            net = json.load(f)
    top = next(m for m in net["modules"] if bare(m) == d.top and "top" in net["modules"][m].get("attributes", {}))
    inst = instances(net, top)
    rows, total = [], collections.Counter()
    alone = {}
    subs = set(inst)
    for mname, k in inst.items():
        n, by_net = count_module(net["modules"][mname], subs)
        rows.append((bare(mname), k, n))
        alone.setdefault(bare(mname), collections.Counter()).update(by_net)
        for key, v in n.items():
            total[key] += k * v
    rows.sort(key=lambda r: -r[1] * r[2]["cells_at_least"])
    print(f"{d.name}: {d.top} {d.param_text()}, yosys {YOSYS_SYNTH['ice40']} -noflatten, per module "
          "(x instances: counts are per instance)")
    hdr = (f"{'module':24s} {'x':>2s} {'LUT4':>6s} {'FF+LUT':>7s} {'FF alone':>8s} {'FF on in':>8s} "
           f"{'carry':>6s} {'RAM':>4s} {'cells>=':>8s} {'all x':>7s}")
    print(hdr)
    for name, k, n in rows:
        print(f"{name:24s} {k:2d} {n['lut4']:6d} {n['ff_with_lut']:7d} {n['ff_alone']:8d} {n['ff_on_input']:8d} "
              f"{n['carry']:6d} {n['ram']:4d} {n['cells_at_least']:8d} {k * n['cells_at_least']:7d}")
    print(f"{'total':24s} {'':2s} {total['lut4']:6d} {total['ff_with_lut']:7d} {total['ff_alone']:8d} "
          f"{total['ff_on_input']:8d} {total['carry']:6d} {total['ram']:4d} {total['cells_at_least']:8d}")
    for m in args.flops:
        print(f"\n{m}: flops alone by the net they drive")
        for netname, v in alone.get(m, collections.Counter()).most_common():
            print(f"  {v:5d} {netname}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(design=d.name, top=d.top, params=d.params,
                           modules=[dict(module=nm, instances=k, **n) for nm, k, n in rows],
                           total=dict(total)), f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
