#!/usr/bin/env python3
"""test_pft_cli.py - `flowgate pft curve`: both modes pass against their closed forms, the
comparison fails when the closed form is off by 2 % (--scale-expected), a hand-computed FI
point, the JSON and PNG outputs, and every bad option gives exit 2 with a message naming the
option and its range. Prints CHECK lines and a RESULT line; exit 1 on any failure."""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FG = os.path.join(ROOT, "build", "bin", "flowgate")
failures = 0


def run(*args):
    p = subprocess.run([FG, "pft", "curve", *args], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def check(name, good, detail=""):
    global failures
    failures += not good
    print(f"CHECK pft_cli {name} {'ok' if good else 'WRONG'} {detail}".rstrip())


# --- curves that must pass, and the same with a closed form 2 % off that must fail ---------
for mode, m, n, k in (("fi", 0, 8, 0), ("fi", 0, 4, 3), ("ri", 18, 0, 0), ("ri", 20, 0, 0), ("ri", 15, 0, 0)):
    rc, out, err = run("--mode", mode, "--m", str(m), "--n", str(n), "--k", str(k))
    check(f"{mode}_m{m}_n{n}_k{k}_passes", rc == 0 and "outside=0 PASS" in out, f"rc={rc}")
    rc, out, err = run("--mode", mode, "--m", str(m), "--n", str(n), "--k", str(k), "--scale-expected", "1.02")
    check(f"{mode}_m{m}_n{n}_k{k}_off_by_2pct_fails", rc == 1 and "FAIL" in out, f"rc={rc}")

# --- a point worked out by hand: f = ((0 << 0) >> 0) + 9 = 9, a flit every 10 cycles, the
# first at once: 1000 cycles -> flits at 0, 10, ..., 990 = 100 flits -------------------------
rc, out, err = run("--mode", "fi", "--m", "0", "--n", "0", "--k", "9", "--c-min", "0", "--c-max", "0",
                   "--cycles", "1000", "--json")
try:
    d = json.loads(out)
    p = d["points"][0]
    check("fi_hand_point", rc == 0 and len(d["points"]) == 1 and p["f"] == 9 and p["flits"] == 100,
          f"flits={p['flits']} expected=100")
except (ValueError, KeyError, IndexError) as e:
    check("fi_hand_point", False, f"bad JSON: {e}")
# RI by hand: f = (1 << 31) >> 0 + 0 = 2^31 at c = 1, m = 31: p = 1/2; c = 4095, m = 31, n = 0:
# f = 4095 * 2^31 >= 2^32: p = 0, so no flit at all.
rc, out, err = run("--mode", "ri", "--m", "31", "--n", "0", "--k", "0", "--c-min", "1", "--c-max", "4095",
                   "--step", "4094", "--json")
try:
    d = json.loads(out)
    a, b = d["points"]
    check("ri_hand_points", rc == 0 and a["closed_form"] == 0.5 and b["closed_form"] == 0 and b["flits"] == 0
          and abs(a["measured"] - 0.5) < 0.02, f"p(c=1)={a['measured']} flits(c=4095)={b['flits']}")
except (ValueError, KeyError) as e:
    check("ri_hand_points", False, f"bad JSON: {e}")

# --- PNG through scripts/plot_pft_curve.py --------------------------------------------------
with tempfile.TemporaryDirectory() as tmp:
    png = os.path.join(tmp, "fi.png")
    rc, out, err = run("--mode", "fi", "--m", "0", "--n", "8", "--k", "0", "--step", "64", "--png", png)
    magic = open(png, "rb").read(8) if os.path.exists(png) else b""
    check("png_written", rc == 0 and magic == b"\x89PNG\r\n\x1a\n" and os.path.exists(png + ".json"),
          err.strip()[:200])

# --- bad options: exit 2, the message names the option and its legal range -----------------
base = ["--mode", "fi", "--m", "0", "--n", "8", "--k", "0"]


def with_opt(opt, val):
    args = list(base)
    if opt in args:
        i = args.index(opt)
        args[i + 1:i + 2] = [val] if val is not None else []
        if val is None:
            del args[i]
            args.append(opt)
    else:
        args += [opt] + ([val] if val is not None else [])
    return args


bad = [
    (with_opt("--mode", "xi"), "--mode expects fi or ri, got 'xi'"),
    (with_opt("--m", "32"), "--m expects a whole number in 0..31 (decimal or 0x hex), got '32': out of range"),
    (with_opt("--n", "-1"), "--n expects a whole number in 0..31 (decimal or 0x hex), got '-1'"),
    (with_opt("--k", "4294967296"), "--k expects a whole number in 0..4294967295 (decimal or 0x hex), got '4294967296': out of range"),
    (with_opt("--k", "12abc"), "--k expects a whole number in 0..4294967295 (decimal or 0x hex), got '12abc'"),
    (with_opt("--k", "010"), "--k expects a whole number in 0..4294967295 (decimal or 0x hex), got '010': leading zeros are not allowed"),
    (with_opt("--cycles", "999"), "--cycles expects a whole number in 1000..100000000 (decimal or 0x hex), got '999': out of range"),
    (with_opt("--seed", "0"), "--seed expects a whole number in 1..4294967295 (decimal or 0x hex), got '0': out of range"),
    (with_opt("--c-max", "4096"), "--c-max expects a whole number in 0..4095 (decimal or 0x hex), got '4096': out of range"),
    (with_opt("--step", "0"), "--step expects a whole number in 1..4096 (decimal or 0x hex), got '0': out of range"),
    (base + ["--cycles", "100000000", "--step", "1"], "4096 points x 100000000 cycles = 409600000000 model cycles is above --max-work 10000000000"),
    (base + ["--m", "1"], "--m is given twice"),
    (base + ["--c-min", "10", "--c-max", "9"], "--c-min = 10 must not exceed --c-max = 9 (both 0..4095)"),
    (["--m", "0", "--n", "8", "--k", "0"], "--mode is required (fi or ri)"),
    (["--mode", "ri", "--n", "8", "--k", "0"], "--m is required (an integer 0..31)"),
    (base + ["--frobnicate"], "unknown option '--frobnicate'"),
    (base + ["--cycles"], "--cycles needs a value (an integer 1000..100000000)"),
    (base + ["--scale-expected", "3"], "--scale-expected expects a number like 0.5 or 2 (no unit), 0.5..2, got '3': out of range"),
]
for args, want in bad:
    rc, out, err = run(*args)
    check("bad_option " + want.split()[0], rc == 2 and want in err, f"rc={rc} stderr={err.strip()!r}")
# a sweep above 10^8 model cycles reports progress on stderr (3 points x 5*10^7 cycles, ~1.5 s)
rc, out, err = run("--mode", "fi", "--m", "0", "--n", "8", "--k", "0", "--cycles", "50000000", "--c-max", "2",
                   "--step", "1")
check("progress", rc == 0 and "progress 3/3 points (c = 2)" in err and "progress 1/3" in err, f"rc={rc} {err!r}")
rc, out, err = run(*base, "--c-max", "2", "--step", "1")
check("no_progress_short", rc == 0 and "progress" not in err, f"rc={rc} {err!r}")
p = subprocess.run([FG, "pft", "slope"], capture_output=True, text=True)
check("bad_subcommand", p.returncode == 2 and "unknown subcommand 'slope'" in p.stderr, p.stderr.strip())

print(f"RESULT pft_cli {'FAIL' if failures else 'PASS'} failures={failures}")
sys.exit(1 if failures else 0)
