#!/usr/bin/env python3
"""gen_wrap - synthesis wrapper around any flowgate block, for pin-limited FPGA packages.

A switch core has thousands of I/O bits; an iCE40UP5K-SG48 has 39 pins. If the block's ports
were left dangling, synthesis would delete everything that drives no pin. The wrapper keeps
every bit alive with a few pins and with logic whose cost is known and reported on its own:

  rst_pin --> rst_reg -------------------------------------------> dut.rst
  sin     --> shift_reg[W_IN-1:0] (one flop per input bit) ------> every other dut input
  dut outputs (W_OUT bits) --> fold stage 1: XOR of 4 bits, registered (ceil(W_OUT/4) flops)
                           --> fold stage 2 ... until at most FOLD_PINS bits --> dout pins

* Every input bit is a distinct flop fed from a pin, so no input is constant and no logic
  behind it can be simplified away; inputs change every cycle like registered inputs would.
* Every output bit reaches a pin through XOR (an XOR loses no bit: flipping any one output
  flips a pin), so no output logic can be removed.
* Each fold stage is one LUT4 deep and registered, so the wrapper never sets Fmax: its
  paths are flop -> 1 LUT -> flop, shorter than any real block's.
* The block instance carries (* keep_hierarchy *): synthesis optimises it as a unit (as it
  would be inside a real design whose ports are all used), and `stat` counts its cells apart
  from the wrapper's. Cost of the wrapper itself, by construction:
      FFs  = W_IN + (1 if the block has rst) + sum of fold stage widths
      LUT4 = number of fold groups with 2..4 bits (a 1-bit group is a plain flop)
* Idle bits (optional, `idle_in` / `idle_out`: found by synth.py in the block as synthesised):
  an input bit the block never reads is tied to 0 instead of taking a shift-register flop, and
  an output bit the block drives with a constant is left out of the fold. A board's top would
  not register an input nothing reads nor route a constant; the block cannot change (its
  hierarchy is kept, so no constant crosses into it; synth.py checks its cells are the same).
  W_IN and W_OUT above then count the live bits only.

Usage: gen_wrap.py --top fg_bm --ports ports.txt [--param N_PORTS=4 ...] [--name fg_wrap_x]
                   [--fold-pins 8] -o wrap.v   (ports.txt: yosys `portlist` output)
"""
import argparse
import json
import re
import sys

_PORT_RE = re.compile(r"^(input|output|inout)\s+\[(\d+):(\d+)\]\s+(\S+)$")


def parse_portlist(text):
    """yosys `portlist` lines -> [(direction, name, width)] in declaration order."""
    ports = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("module "):
            continue
        m = _PORT_RE.match(line)
        if not m:
            raise ValueError(f"cannot read port line '{line}' (expected 'input [msb:lsb] name')")
        msb, lsb = int(m.group(2)), int(m.group(3))
        ports.append((m.group(1), m.group(4), abs(msb - lsb) + 1))
    return ports


def fold_plan(width, fold_pins):
    """Widths of the fold stages: XOR groups of 4 (one LUT4), registered, until <= fold_pins.
    At least one registered stage so every pin is driven by a wrapper flop."""
    stages = []
    n = width
    while True:
        n_next = n if (n <= fold_pins and not stages) else (n + 3) // 4
        stages.append((n, n_next))  # (bits in, bits out)
        n = n_next
        if n <= fold_pins:
            return stages


def _bits_expr(vec, bits):
    """Verilog for a port's connection, MSB first: each bit is an index into `vec` or None (0);
    runs of consecutive indices become one part-select."""
    parts = []
    for b in reversed(bits):
        if parts and b is not None and parts[-1][0] == "v" and parts[-1][2] == b + 1:
            parts[-1] = ("v", parts[-1][1], b)
        elif parts and b is None and parts[-1][0] == "z":
            parts[-1] = ("z", parts[-1][1] + 1, None)
        else:
            parts.append(("v", b, b) if b is not None else ("z", 1, None))
    out = []
    for kind, x, y in parts:
        if kind == "z":
            out.append(f"{x}'b0")
        else:
            out.append(f"{vec}[{x}]" if x == y else f"{vec}[{x}:{y}]")
    return out[0] if len(out) == 1 else "{" + ", ".join(out) + "}"


def generate(name, top, params, ports, fold_pins=8, idle_in=None, idle_out=None):
    """idle_in / idle_out: {port: set of bit indices} the block never reads / drives with a
    constant (None: every bit is live)."""
    idle_in = idle_in or {}
    idle_out = idle_out or {}
    if fold_pins < 1 or fold_pins > 32:
        raise ValueError(f"fold_pins = {fold_pins}: must be 1..32")
    for direction, pname, width in ports:
        if direction == "inout":
            raise ValueError(f"port {pname} of {top} is inout; the wrapper handles input/output only")
        if pname in ("clk", "rst") and (direction != "input" or width != 1):
            raise ValueError(f"port {pname} of {top} must be a 1-bit input")
    has_clk = any(p[1] == "clk" for p in ports)
    has_rst = any(p[1] == "rst" for p in ports)
    data_in = [(p, w) for d, p, w in ports if d == "input" and p not in ("clk", "rst")]
    data_out = [(p, w) for d, p, w in ports if d == "output"]
    names = {p for _, p, _ in ports}
    for kind, idle in (("input", idle_in), ("output", idle_out)):
        for p, bits in idle.items():
            width = next((w for d, q, w in ports if q == p and d == kind), None)
            if width is None or any(not 0 <= b < width for b in bits):
                raise ValueError(f"idle {kind} bits {sorted(bits)} of '{p}': not bits of an {kind} "
                                 f"of {top} ({'no such port' if p not in names else f'width {width}'})")
    if sum(w for _, w in data_out) == 0:
        raise ValueError(f"{top} has no outputs; nothing to synthesise")
    if sum(len(idle_out.get(p, ())) for p, _ in data_out) == sum(w for _, w in data_out):
        idle_out = {}  # every output constant: fold them all rather than nothing
    # each input bit's shift-register index (None: tied to 0); each live output bit's fold index
    in_map, w_in = {}, 0
    for p, w in data_in:
        in_map[p] = []
        for b in range(w):
            if b in idle_in.get(p, ()):
                in_map[p].append(None)
            else:
                in_map[p].append(w_in)
                w_in += 1
    out_live = [(p, b) for p, w in data_out for b in range(w) if b not in idle_out.get(p, ())]
    w_out = len(out_live)
    n_tied = sum(w for _, w in data_in) - w_in
    n_const = sum(w for _, w in data_out) - w_out
    stages = fold_plan(w_out, fold_pins)
    n_pins = stages[-1][1]

    ptxt = ", ".join(f"{k}={v}" for k, v in params.items()) or "default parameters"
    L = []
    a = L.append
    a(f"// {name} - synthesis wrapper for {top} ({ptxt}), generated by fpga/wrap/gen_wrap.py.")
    a("//")
    a(f"// {w_in} input bits from pin `sin` through a shift register, {w_out} output bits XOR-folded")
    a(f"// in {len(stages)} registered stage(s) onto {n_pins} pin(s) `dout`; see gen_wrap.py for why.")
    if n_tied or n_const:
        a(f"// Idle bits of the block as synthesised: {n_tied} input bit(s) it never reads tied to 0,")
        a(f"// {n_const} output bit(s) it drives with a constant not folded.")
    a("`default_nettype none")
    a("")
    a(f"module {name} (")
    a("    input  wire clk,")
    if has_rst:
        a("    input  wire rst_pin,")
    if w_in:
        a("    input  wire sin,")
    a(f"    output wire [{n_pins - 1}:0] dout")
    a(");")
    a("")
    if has_rst:
        a("    reg rst_reg;")
        a("    always @(posedge clk) begin")
        a("        rst_reg <= rst_pin;")
        a("    end")
        a("")
    if w_in:
        a(f"    reg  [{w_in - 1}:0] shift_reg;")
        a(f"    wire [{w_in - 1}:0] shift_next;")
        if w_in == 1:
            a("    assign shift_next = sin;")
        else:
            a(f"    assign shift_next = {{shift_reg[{w_in - 2}:0], sin}};")
        a("    always @(posedge clk) begin")
        a("        shift_reg <= shift_next;")
        a("    end")
        a("")
    for p, w in data_out:
        if idle_out.get(p):
            a(f"    /* verilator lint_off UNUSED */  // constant bits of {p} are not folded")
            a(f"    wire [{w - 1}:0] out_{p};")
            a("    /* verilator lint_on UNUSED */")
        else:
            a(f"    wire [{w - 1}:0] out_{p};")
    a(f"    wire [{w_out - 1}:0] dut_out;")
    sel = []  # live output bits as part-selects, MSB first (the first port's bit 0 is bit 0)
    for p, w in reversed(data_out):
        for b in reversed(range(w)):
            if b in idle_out.get(p, ()):
                continue
            if sel and sel[-1][0] == p and sel[-1][2] == b + 1:
                sel[-1] = (p, sel[-1][1], b)
            else:
                sel.append((p, b, b))
    a("    assign dut_out = {" + ", ".join(
        f"out_{p}[{hi}]" if hi == lo else f"out_{p}[{hi}:{lo}]" for p, hi, lo in sel) + "};")
    a("")
    conns = []
    if has_clk:
        conns.append(".clk(clk)")
    if has_rst:
        conns.append(".rst(rst_reg)")
    for p, w in data_in:
        conns.append(f".{p}({_bits_expr('shift_reg', in_map[p])})")
    for p, w in data_out:
        conns.append(f".{p}(out_{p})")
    a("    (* keep_hierarchy *)")
    if params:
        a(f"    {top} #(")
        a(",\n".join(f"        .{k}({v})" for k, v in params.items()))
        a("    ) u_dut (")
    else:
        a(f"    {top} u_dut (")
    a(",\n".join(f"        {c}" for c in conns))
    a("    );")
    a("")
    src = "dut_out"
    luts = 0
    ffs = (1 if has_rst else 0) + w_in
    for s, (n_in, n_out) in enumerate(stages, 1):
        a(f"    reg  [{n_out - 1}:0] fold{s}_reg;")
        a(f"    wire [{n_out - 1}:0] fold{s}_next;")
        group = 1 if n_in == n_out else 4
        for j in range(n_out):
            lo, hi = j * group, min(n_in, (j + 1) * group) - 1
            if hi == lo:
                a(f"    assign fold{s}_next[{j}] = {src}[{lo}];")
            else:
                a(f"    assign fold{s}_next[{j}] = ^{src}[{hi}:{lo}];")
                luts += 1
        a("    always @(posedge clk) begin")
        a(f"        fold{s}_reg <= fold{s}_next;")
        a("    end")
        a("")
        ffs += n_out
        src = f"fold{s}_reg"
    a(f"    assign dout = {src};")
    a("")
    a("endmodule")
    a("")
    a("`default_nettype wire")
    info = dict(w_in=w_in, w_out=w_out, fold_stages=[n for _, n in stages], pins=n_pins,
                has_rst=has_rst, has_clk=has_clk, expected_ffs=ffs, expected_lut4=luts,
                tied_inputs=n_tied, constant_outputs=n_const)
    return "\n".join(L) + "\n", info


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", required=True)
    ap.add_argument("--ports", required=True, help="yosys portlist output for the top")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--name", default=None)
    ap.add_argument("--fold-pins", type=int, default=8)
    ap.add_argument("--info", help="write the wrapper's shape and expected cost here (JSON)")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    params = {}
    for item in args.param:
        if "=" not in item:
            sys.exit(f"gen_wrap: --param '{item}': expected NAME=VALUE")
        k, v = item.split("=", 1)
        params[k] = v
    try:
        with open(args.ports) as f:
            ports = parse_portlist(f.read())
        text, info = generate(args.name or f"fg_wrap_{args.top}", args.top, params, ports,
                              args.fold_pins)
    except (OSError, ValueError) as e:
        sys.exit(f"gen_wrap: {e}")
    with open(args.output, "w") as f:
        f.write(text)
    if args.info:
        with open(args.info, "w") as f:
            json.dump(info, f, indent=1)


if __name__ == "__main__":
    main()
