#!/usr/bin/env python3
"""cli_test.py - golden and bad-argument cases of build/bin/flowgate.

Every expected number is worked out by hand (the sums are written next to each case; see also
sw/tests/test_sw.c). Prints one line per failed case and 'RESULT cli passed=N failed=M'.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FLOWGATE = os.path.join(ROOT, "build", "bin", "flowgate")
passed = failed = 0


def run(*args):
    p = subprocess.run([FLOWGATE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def expect(name, args, rc, out_has=(), err_has=()):
    code, out, err = run(*args)
    check(name, code == rc, f"exit {code}, want {rc}; stdout={out!r} stderr={err!r}")
    for s in out_has:
        check(name, s in out, f"stdout lacks {s!r}: {out!r}")
    for s in err_has:
        check(name, s in err, f"stderr lacks {s!r}: {err!r}")
    return out


def expect_json(name, args, want):
    code, out, err = run(*args, "--json")
    check(name, code == 0, f"exit {code}: {err}")
    try:
        j = json.loads(out)
    except ValueError as e:
        check(name, False, f"not one JSON object: {e}: {out!r}")
        return
    for path, v in want.items():
        got = j
        for k in path.split("."):
            got = got.get(k) if isinstance(got, dict) else None
        check(name, got == v, f"{path} = {got!r}, want {v!r}")


# ---- golden headroom cases -------------------------------------------------------------------
# 40G, 100 m, MTU 1500: 1542 + 84 + 5000 (2 x 500 ns x 40 Gb/s) + 7552 (118 x 64)
#   + 1542 + 500 (100 ns x 40 Gb/s) = 16220 B = ceil(16220/64) = 254 cells
expect("headroom.40g.text", ["headroom", "--rate", "40G", "--cable", "100m", "--mtu", "1500"], 0,
       out_has=["1542 B", "84 B", "5000 B", "7552 B", "500 B", "16220 B = 254 cells",
                "priority 3: headroom 254 cells"])
expect_json("headroom.40g.json", ["headroom", "--rate", "40G", "--cable", "100m", "--mtu", "1500"],
            {"terms_bytes.max_frame_rx": 1542, "terms_bytes.pfc_frame": 84, "terms_bytes.cable": 5000,
             "terms_bytes.reaction": 7552, "terms_bytes.max_frame_tx": 1542, "terms_bytes.phy": 500,
             "total_bytes": 16220, "total_cells": 254, "reaction_quanta": 118, "lossless": [3]})
# 100G, 10 m, MTU 9000, 128 B cells, no PHY delay: 9042 + 84 + 1250 + 25216 (394 x 64) + 9042
#   = 44634 B = ceil(348.7) = 349 cells
expect_json("headroom.100g.jumbo", ["headroom", "--rate", "100G", "--cable", "10m", "--mtu", "9000",
                                    "--cell", "128", "--phy-delay-ns", "0"],
            {"terms_bytes.cable": 1250, "terms_bytes.reaction": 25216, "terms_bytes.phy": 0,
             "total_bytes": 44634, "total_cells": 349})
# 10GBASE-T, 3 m: 1542 + 84 + 38 (37.5) + 4736 (74 x 64) + 1542 + 125 = 8067 B = 127 cells
expect_json("headroom.10gbase-t", ["headroom", "--rate", "10GBASE-T", "--cable", "3"],
            {"reaction_quanta": 74, "terms_bytes.cable": 38, "total_bytes": 8067, "total_cells": 127})
# 1G, 0.1 km = 100 m: 125 + 128 + 13 (12.5) -> 3434 B = 54 cells
expect_json("headroom.1g.km", ["headroom", "--rate", "1000M", "--cable", "0.1km"],
            {"reaction_quanta": 2, "total_bytes": 3434, "total_cells": 54})
# two lossless priorities hold twice the cells of the port
expect_json("headroom.lossless2", ["headroom", "--rate", "40G", "--cable", "100m", "--lossless", "3,4"],
            {"lossless": [3, 4], "headroom_register": 254, "port_total_cells": 508})
# 25G has no Annex 31B value: with --reaction-quanta 100: 3125 + 6400 + 313 -> 13006 B = 204 cells
expect_json("headroom.25g.given", ["headroom", "--rate", "25G", "--cable", "100m", "--reaction-quanta", "100"],
            {"reaction_quanta": 100, "total_bytes": 13006, "total_cells": 204})

# the switch core's own reaction (--core): the line-rate core at 8 ports, N + 12 = 20 edges at
#   156.25 MHz = 128 ns x 10 Gb/s = 160 B on top of 10G, 100 m: 1542 + 84 + 1250 + 3840 + 1542
#   + 160 + 125 = 8543 B = ceil(133.5) = 134 cells; the default core 3 edges = 19.2 ns = 24 B;
#   at 50 MHz 20 edges are 400 ns = 500 B
expect_json("headroom.core.lr8", ["headroom", "--rate", "10G", "--cable", "100m", "--core", "line-rate",
                                  "--ports", "8"],
            {"core_cycles": 20, "terms_bytes.core": 160, "total_bytes": 8543, "total_cells": 134})
expect("headroom.core.lr8.text", ["headroom", "--rate", "10G", "--cable", "100m", "--core", "line-rate",
                                  "--ports", "8"], 0,
       out_has=["switch core reaction (20 edges at 156.25 MHz)", "160 B", "8543 B = 134 cells"])
expect_json("headroom.core.default", ["headroom", "--rate", "10G", "--cable", "100m", "--core", "default"],
            {"core_cycles": 3, "terms_bytes.core": 24, "total_bytes": 8407})
expect_json("headroom.core.none", ["headroom", "--rate", "10G", "--cable", "100m"],
            {"core_cycles": 0, "terms_bytes.core": 0, "total_bytes": 8383})
expect_json("headroom.core.mhz", ["headroom", "--rate", "10G", "--cable", "100m", "--core", "line-rate",
                                  "--ports", "8", "--core-mhz", "50"],
            {"terms_bytes.core": 500, "total_bytes": 8883})
expect("bad.core.form", ["headroom", "--rate", "10G", "--cable", "100m", "--core", "seq"], 2,
       err_has=["--core", "'seq'", "legal: default, line-rate"])
expect("bad.core.ports", ["headroom", "--rate", "10G", "--cable", "100m", "--core", "line-rate"], 2,
       err_has=["--core line-rate needs --ports N", "1..32"])
expect("bad.core.ports_alone", ["headroom", "--rate", "10G", "--cable", "100m", "--ports", "4"], 2,
       err_has=["--ports goes with --core"])
expect("bad.core.mhz", ["headroom", "--rate", "10G", "--cable", "100m", "--core-mhz", "0"], 2,
       err_has=["--core-mhz", "(0, 1000] MHz"])

# ---- bad arguments: a message naming the argument and its legal range, exit 2 -----------------
H = ["headroom", "--cable", "100m"]
expect("bad.rate", H + ["--rate", "40X"], 2, err_has=["--rate expects a link rate", "got '40X'"])
expect("bad.rate.zero", H + ["--rate", "0"], 2, err_has=["above 0 and at most 1600 Gb/s", "out of range"])
expect("bad.rate.25g", H + ["--rate", "25G"], 2, err_has=["--rate", "Annex 31B", "--reaction-quanta"])
expect("bad.cable", ["headroom", "--rate", "40G", "--cable", "-5m"], 2, err_has=["--cable expects", "0..500000 ns", "'-5m'"])
expect("bad.mtu", H + ["--rate", "40G", "--mtu", "20"], 2, err_has=["--mtu expects a whole number in 68..16000 (decimal), got '20': out of range"])
expect("bad.cell", H + ["--rate", "40G", "--cell", "0"], 2, err_has=["--cell expects a whole number in 1..16384"])
expect("bad.phy", H + ["--rate", "40G", "--phy-delay-ns", "abc"], 2, err_has=["--phy-delay-ns expects a time", "0..1e+06 ns", "'abc'"])
expect("bad.reaction", H + ["--rate", "40G", "--reaction-quanta", "70000"], 2, err_has=["--reaction-quanta", "1..65535"])
expect("bad.lossless", H + ["--rate", "40G", "--lossless", "9"], 2, err_has=["--lossless expects priorities 0..7"])
expect("bad.missing-rate", H, 2, err_has=["--rate is required"])
expect("bad.missing-value", ["headroom", "--rate"], 2, err_has=["--rate needs a value"])
expect("bad.unknown-option", H + ["--rate", "40G", "--frobnicate"], 2, err_has=["unknown option '--frobnicate'"])
expect("bad.command", ["frobnicate"], 2, err_has=["unknown command 'frobnicate'", "headroom", "check-config"])
expect("bad.no-command", [], 2, err_has=["usage: flowgate COMMAND"])
expect("help", ["--help"], 0, out_has=["headroom", "regs", "check-config"])

# ---- regs -------------------------------------------------------------------------------------
# addresses of the 32-port map: HEADROOM 0x080, DROPS 0x200, PFC_RX_BAD 0x400, XOFF 0x800, XON 0xC00;
# default instance 4 ports x 8 priorities, CW 18 (1..2^18-1 = 262143); resets HEADROOM 128, RESERVE 8
out = expect("regs.default", ["regs"], 0, out_has=["0x014   TOTAL_CELLS", "1..262143", "0x800   XOFF", "0xC00   XON",
                                                    "0x400   PFC_RX_BAD", "W1C"])


def reg_line(text, addr_name):
    """The first line of register `addr_name` ('0x080   HEADROOM'), split into columns."""
    for line in text.splitlines():
        if line.startswith(addr_name + " "):
            return line.split()
    return []


# columns: address register access entries field bits range reset
hr = reg_line(out, "0x080   HEADROOM")
check("regs.default", hr[3:] == ["4", "headroom", "[17:0]", "0..262143", "128"], f"HEADROOM line {hr!r}")
rs = reg_line(out, "0x018   RESERVE")
check("regs.default", rs[3:] == ["1", "reserve", "[17:0]", "0..262143", "8"], f"RESERVE line {rs!r}")
xon = reg_line(out, "0xC00   XON")
check("regs.default", xon[3:5] == ["32", "xon"], f"XON line {xon!r} (4 x 8 = 32 entries)")
# CW 20: 2^20 - 1 = 1048575
out = expect("regs.8ports", ["regs", "--ports", "8", "--cw", "20"], 0, out_has=["1..1048575"])
check("regs.8ports", reg_line(out, "0x080   HEADROOM")[3:4] == ["8"], "HEADROOM does not list 8 entries")
# the largest instance: 32 ports, 32 x 8 = 256 PGs
out = expect("regs.32ports", ["regs", "--ports", "32"], 0, out_has=["32 ports x 8 priorities"])
check("regs.32ports", reg_line(out, "0x080   HEADROOM")[3:4] == ["32"], "HEADROOM does not list 32 entries")
check("regs.32ports", reg_line(out, "0x800   XOFF")[3:4] == ["256"], "XOFF does not list 256 entries")
expect("regs.bad-ports", ["regs", "--ports", "33"], 2, err_has=["--ports expects a whole number in 1..32 (decimal), got '33': out of range"])
expect("regs.bad-ports0", ["regs", "--ports", "0"], 2, err_has=["--ports expects a whole number in 1..32 (decimal), got '0': out of range"])

# ---- check-config -------------------------------------------------------------------------------
tmp = tempfile.mkdtemp(prefix="fg_cli_")


def cfgfile(name, text):
    p = os.path.join(tmp, name)
    with open(p, "w") as f:
        f.write(text)
    return p


good = cfgfile("good.cfg", "# 4x8 switch\nn_ports = 4\nn_prio = 8\nheadroom = 300\nheadroom[1] = 200\n"
                           "total_cells = 100000\nxoff[1][2] = 2000   # one PG\nsrc_mac = 02:00:00:00:00:07\n")
expect("check.good", ["check-config", good], 0, out_has=["legal configuration for 4 ports x 8 priorities"])
# 40G/100m needs 254 cells: port 1 (200) and ports 0, 2, 3 (300) -> only port 1 is short
out = expect("check.short", ["check-config", good, "--rate", "40G", "--cable", "100m"], 0,
             out_has=["warning: headroom[1] = 200 cells is short of the 254 cells"])
check("check.short", "headroom[0]" not in out, "port 0 (300 cells) reported short")
expect("check.xon", ["check-config", cfgfile("xon.cfg", "xon[1][2] = 5000\n")], 1,
       err_has=["xon[1][2] = 5000 exceeds xoff[1][2] = 1024"])
# pool at the defaults: 4 ports x 128 headroom = 512 x 8 lossless = 4096, + 8 reserve x 32 PGs = 256:
# 4352 charged
expect("check.pool", ["check-config", cfgfile("pool.cfg", "total_cells = 4352\n")], 1,
       err_has=["total_cells = 4352 must exceed",
                "sum(headroom) 512 x 8 lossless priorities + reserve 8 x 32 PGs = 4352 cells (rule pool"])
expect("check.pool.ok", ["check-config", cfgfile("pool_ok.cfg", "total_cells = 4353\n")], 0)
# 32 ports at CW 16: 32 x 128 x 8 = 32768, + 8 x 256 PGs = 2048: 34816 charged, < 65535 at reset
expect("check.32ports", ["check-config", cfgfile("p32.cfg", "n_ports = 32\ncw = 16\nheadroom[31] = 130\n")], 0,
       out_has=["legal configuration for 32 ports x 8 priorities, CW 16"])
# with headroom[31] = 130: sum 31 x 128 + 130 = 3968 + 130 = 4098, x 8 = 32784, + 2048 = 34832 charged;
# total_cells 34832 is one too few
expect("check.32ports.pool",
       ["check-config", cfgfile("p32pool.cfg", "n_ports = 32\ncw = 16\nheadroom[31] = 130\ntotal_cells = 34832\n")], 1,
       err_has=["sum(headroom) 4098 x 8 lossless priorities + reserve 8 x 256 PGs = 34832 cells (rule pool"])
expect("check.33ports", ["check-config", cfgfile("p33.cfg", "n_ports = 33\n")], 1,
       err_has=["p33.cfg:1: n_ports expects a whole number in 1..32 (decimal), got '33': out of range"])
expect("check.range", ["check-config", cfgfile("range.cfg", "alpha_shift[0] = 20\n")], 1,
       err_has=["range.cfg:1: alpha_shift[0] expects a whole number in 0..15 (decimal or 0x hex), got '20': out of range (register ALPHA_SHIFT, 4 bits)"])
expect("check.syntax", ["check-config", cfgfile("syntax.cfg", "reserve = 4\ngarbage line\n")], 1,
       err_has=["syntax.cfg:2: expected 'key = value'"])
expect("check.param-late", ["check-config", cfgfile("late.cfg", "reserve = 4\nn_ports = 8\n")], 1,
       err_has=["late.cfg:2: n_ports must come before the first register line"])
expect("check.bad-key", ["check-config", cfgfile("key.cfg", "headrom = 4\n")], 1,
       err_has=["key.cfg:1: 'headrom' is not a register field"])
expect("check.no-file", ["check-config", os.path.join(tmp, "absent.cfg")], 1, err_has=["cannot open"])
expect("check.no-arg", ["check-config"], 2, err_has=["FILE is required"])
expect("check.rate-alone", ["check-config", good, "--rate", "40G"], 2, err_has=["--rate and --cable go together"])

for f in os.listdir(tmp):
    os.remove(os.path.join(tmp, f))
os.rmdir(tmp)
print(f"RESULT cli passed={passed} failed={failed}")
sys.exit(1 if failed else 0)
