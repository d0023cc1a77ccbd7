#!/usr/bin/env python3
"""nic_cli_test.py - `flowgate check-nic-config`: legal and illegal files, every error listed,
the register writes (text and JSON) and bad command lines.

Expected values are written by hand from docs/registers_nic.md (ranges, addresses, resets).
Prints one line per failed case and 'RESULT nic_cli passed=N failed=M'.
"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fg_clitest import Cli  # noqa: E402

CMD = "check-nic-config"
cli = Cli()
run, check, expect = cli.run, cli.check, cli.expect


def expect_json(name, args, rc):
    code, out, err = run(*args, "--json")
    check(name, code == rc, f"exit {code}, want {rc}: {err}")
    try:
        return json.loads(out)
    except ValueError as e:
        check(name, False, f"not one JSON object: {e}: {out!r}")
        return {}


tmp = tempfile.mkdtemp(prefix="fg_nic_cli_")


def cfgfile(name, text):
    p = os.path.join(tmp, name)
    with open(p, "w") as f:
        f.write(text)
    return p


# ---- legal ------------------------------------------------------------------------------------
# AT + RI with the FT thresholds lowered: T_S 1024 -> 600 goes down, so PFT_T_S (0x024) is
# written before PFT_T_E (0x020); N_E/W_E and N_S/W_S keep their resets (128 <= 256), lower side
# first; the GFC parameters keep their resets (GFC_PERIOD 1023, GFC_RECIP 2^18 = round(2^28 / 1024),
# GFC_DEPTH 1), then GFC_CTRL (0: GFC off) and CTRL = enable | AT << 1 | RI << 2 = 0x7, written last.
good = cfgfile("good.cfg", "# NIC port\npft_enable = 1\npft_strategy = AT\nPFT_INJECTION = RI\n"
                           "T_FC = 0x80\nt_e = 900\nt_s = 600   # exit below\nlfsr_seed = 0xACE1\n")
# The driver's order (fg_reg_plan, docs/registers_nic.md): T_S, bounded by T_E, falls first
# (reset 1024 -> 600, before T_E falls 1536 -> 900); then every register no rule bounds, in
# address order; then the bounded ones not yet written; CTRL and GFC_CTRL ("written last").
want_writes = [
    ("0x024", "PFT_T_S", "0x00000258"),      # 600
    ("0x014", "T_FC", "0x00000080"),
    ("0x018", "RX_CAPACITY", "0x000007FF"),  # reset 2047
    ("0x020", "PFT_T_E", "0x00000384"),      # 900
    ("0x028", "PFT_W_E", "0x00000100"),
    ("0x030", "PFT_TH_E", "0x00000600"),     # 1536
    ("0x034", "PFT_W_S", "0x00000100"),
    ("0x03C", "PFT_TH_S", "0x00000400"),     # 1024
    ("0x040", "PFT_M", "0x00000000"),
    ("0x044", "PFT_N", "0x00000000"),
    ("0x048", "PFT_K", "0x00000000"),
    ("0x04C", "LFSR_SEED", "0x0000ACE1"),
    ("0x064", "GFC_PERIOD", "0x000003FF"),
    ("0x068", "GFC_RECIP", "0x00040000"),
    ("0x06C", "GFC_DEPTH", "0x00000001"),
    ("0x02C", "PFT_N_E", "0x00000080"),
    ("0x038", "PFT_N_S", "0x00000080"),
    ("0x010", "CTRL", "0x00000007"),
    ("0x060", "GFC_CTRL", "0x00000000"),
]
out, _ = expect("nic.good", [CMD, good], 0, out_has=[f"{good}: OK"])
check("nic.good.no-writes", "write " not in out, out)
out, _ = expect("nic.good.writes", [CMD, good, "--writes"], 0)
got = [tuple(l.split()[1:]) for l in out.splitlines() if l.startswith("write ")]
check("nic.good.writes.list", got == want_writes, f"{got!r}")
j = expect_json("nic.good.json", [CMD, good], 0)
check("nic.good.json.ok", j.get("ok") is True and j.get("errors") == [], repr(j))
check("nic.good.json.file", j.get("file") == good, repr(j.get("file")))
cfg = j.get("config", {})
for k, v in {"pft_enable": 1, "pft_strategy": 1, "pft_injection": 1, "t_fc": 128, "rx_capacity": 2047,
             "t_e": 900, "t_s": 600, "lfsr_seed": 0xACE1, "pft_k": 0}.items():
    check("nic.good.json.config", cfg.get(k) == v, f"{k} = {cfg.get(k)!r}, want {v!r}")
check("nic.good.json.fields", len(cfg) == 22, f"{len(cfg)} fields")
got = [(w.get("addr"), w.get("register"), w.get("value")) for w in j.get("writes", [])]
check("nic.good.json.writes", got == want_writes, f"{got!r}")

# time-based GFC on: the new keys (field names, a one-field register's name, the mode mnemonic)
gfc = cfgfile("gfc.cfg", "gfc_enable = 1\ngfc_mode = TIME\nGFC_PERIOD = 500\ngfc_recip = 0x20000\ngfc_depth = 16\n")
out, _ = expect("nic.gfc.writes", [CMD, gfc, "--writes"], 0, out_has=[f"{gfc}: OK"])
got = [tuple(l.split()[1:]) for l in out.splitlines() if l.startswith("write ")]
# the GFC parameters are written with their new values before GFC_CTRL enables GFC, and the
# map's "written last" registers (CTRL, GFC_CTRL) end the list
gfc_params = [("0x064", "GFC_PERIOD", "0x000001F4"), ("0x068", "GFC_RECIP", "0x00020000"), ("0x06C", "GFC_DEPTH", "0x00000010")]
check("nic.gfc.writes.params", all(p in got[:-2] for p in gfc_params), f"{got!r}")
check("nic.gfc.writes.tail", got[-2:] == [("0x010", "CTRL", "0x00000000"), ("0x060", "GFC_CTRL", "0x00000001")],
      f"{got[-2:]!r}")
j = expect_json("nic.gfc.json", [CMD, gfc], 0)
cfg = j.get("config", {})
for k, v in {"gfc_enable": 1, "gfc_mode": 0, "gfc_period": 500, "gfc_recip": 0x20000, "gfc_depth": 16}.items():
    check("nic.gfc.json.config", cfg.get(k) == v, f"{k} = {cfg.get(k)!r}, want {v!r}")
expect("nic.gfc.buffer", [CMD, cfgfile("gfcb.cfg", "gfc_enable = 1\ngfc_mode = buffer\n")], 0, out_has=["OK"])

# an empty file is the reset state, which is legal
expect("nic.empty", [CMD, cfgfile("empty.cfg", "# nothing\n")], 0, out_has=["OK"])
# bounds: both ends of the widest fields
expect("nic.bounds", [CMD, cfgfile("bounds.cfg", "pft_k = 4294967295\nlfsr_seed = 4294967295\nt_fc = 65535\n"
                                                  "rx_capacity = 1\nw_e = 1\nn_e = 1\n")], 0, out_has=["OK"])

# ---- illegal: every error, each naming field, value and range ---------------------------------
bad = cfgfile("bad.cfg", "t_fc = 0\nrx_capacity = 4096\npft_m = 32\nn_e = 300\nt_s = 2000\n")
_, err = expect("nic.bad", [CMD, bad], 1, err_has=[
    "t_fc = 0 is outside its legal range 1..65535 (register T_FC, 16 bits)",
    "rx_capacity = 4096 is outside its legal range 1..4095 (register RX_CAPACITY, 12 bits)",
    "pft_m = 32 is outside its legal range 0..31 (register PFT_M, 5 bits)",
    "t_s = 2000 exceeds t_e = 1536 (rule t_s_le_t_e: PFT_T_S <= PFT_T_E",
    "n_e = 300 exceeds w_e = 256 (rule n_e_le_w_e: PFT_N_E <= PFT_W_E",
    f"{bad}: 5 errors"])
j = expect_json("nic.bad.json", [CMD, bad], 1)
check("nic.bad.json.ok", j.get("ok") is False and len(j.get("errors", [])) == 5 and j.get("writes") == [],
      repr(j))
expect("nic.ctrl-bit", [CMD, cfgfile("ctrl.cfg", "pft_enable = 2\n")], 1,
       err_has=["pft_enable = 2 is outside its legal range 0..1 (register CTRL, 1 bit)", "1 error"])
expect("nic.n_s", [CMD, cfgfile("ns.cfg", "w_s = 10\nn_s = 11\n")], 1,
       err_has=["n_s = 11 exceeds w_s = 10 (rule n_s_le_w_s"])
# GFC fields: the reciprocal's range is B_m - B_0 = 17..2^27 blocks, the period at least 1, the
# depth 12 bits, the mode TIME / BUFFER
bad_gfc = cfgfile("badgfc.cfg", "gfc_recip = 15790322\ngfc_period = 0\ngfc_depth = 4096\ngfc_enable = 1\n")
expect("nic.gfc.bad", [CMD, bad_gfc], 1, err_has=[
    "gfc_period = 0 is outside its legal range 1..16777215 (register GFC_PERIOD, 24 bits)",
    "gfc_recip = 15790322 is outside its legal range 2..15790321 (register GFC_RECIP, 24 bits)",
    "gfc_depth = 4096 is outside its legal range 0..4095 (register GFC_DEPTH, 12 bits)",
    f"{bad_gfc}: 3 errors"])
expect("nic.gfc.recip-min", [CMD, cfgfile("recip1.cfg", "gfc_recip = 1\n")], 1,
       err_has=["gfc_recip = 1 is outside its legal range 2..15790321 (register GFC_RECIP, 24 bits)"])
expect("nic.gfc.mode", [CMD, cfgfile("gfcmode.cfg", "gfc_mode = STAGE\n")], 1,
       err_has=["gfc_mode expects a whole number in 0..1 (decimal or 0x hex), got 'STAGE' (register GFC_CTRL, 1 bit; or TIME / BUFFER)"])
# With the link (--rate ...): Theorem 5.1 on gfc_period/gfc_recip, B_m = rx_capacity = 2047 blocks.
# By hand: tau = 2*1500 B/10G + 2*1 us + 3 us = 7.4 us; T = 64 cells * 51.2 ns = 3276.8 ns;
# (sqrt(7.4/3.2768) + 1)^2 * C*T = 6.264 * 4096 B = 25657 B = 401 blocks, so
# recip = 2^28/(B_m - B_0) lies in ceil(2^28/2047) .. floor(2^28/401) = 131136..669415.
link_ok = cfgfile("link.cfg", "rx_capacity = 2047\ngfc_enable = 1\ngfc_mode = TIME\ngfc_period = 64\n"
                  "gfc_recip = 669415\n")
expect("nic.link.ok", [CMD, link_ok, "--rate", "10G"], 0, out_has=["OK (legal NIC configuration)"])
link_bad = cfgfile("linkbad.cfg", "rx_capacity = 2047\ngfc_enable = 1\ngfc_mode = TIME\ngfc_period = 64\n"
                   "gfc_recip = 669416\n")
expect("nic.link.recip", [CMD, link_bad, "--rate", "10G", "--mtu", "1500", "--cable", "1us", "--tr", "3us"], 1,
       err_has=["gfc_recip (register GFC_RECIP) breaks time-based GFC on this link",
                "legal range 131136..669415"])
expect("nic.link.no-rate", [CMD, link_bad], 0, out_has=["OK (legal NIC configuration)"])
j = expect_json("nic.link.json", [CMD, link_bad, "--rate", "10G"], 1)
check("nic.link.json", j.get("ok") is False and j.get("writes") == [] and "GFC_RECIP" in j.get("errors", [""])[0],
      repr(j))
expect("nic.link.bad-rate", [CMD, link_ok, "--rate", "10Q"], 2, err_has=["--rate expects a link rate"])
expect("nic.seed0", [CMD, cfgfile("seed.cfg", "lfsr_seed = 0\n")], 1,
       err_has=["lfsr_seed = 0 is outside its legal range 1..4294967295 (register LFSR_SEED, 32 bits)"])

# ---- syntax: FILE:LINE and the key --------------------------------------------------------------
syn = cfgfile("syn.cfg", "t_fc = 10\nxoff = 5\n")
expect("nic.unknown-key", [CMD, syn], 1, err_has=[f"{syn}:2: 'xoff' is not a field of the NIC register map"])
j = expect_json("nic.unknown-key.json", [CMD, syn], 1)
check("nic.unknown-key.json", j.get("ok") is False and "config" not in j and len(j.get("errors", [])) == 1
      and "'xoff'" in j["errors"][0], repr(j))
expect("nic.bad-number", [CMD, cfgfile("num.cfg", "t_e = 1e3\n")], 1,
       err_has=["t_e expects a whole number in 0..4095 (decimal or 0x hex), got '1e3' (register PFT_T_E, 12 bits)"])
expect("nic.big-number", [CMD, cfgfile("big.cfg", "pft_k = 4294967296\n")], 1,
       err_has=["pft_k = 4294967296 is outside its legal range 0..4294967295 (register PFT_K, 32 bits)"])
expect("nic.no-file", [CMD, os.path.join(tmp, "missing.cfg")], 1, err_has=["cannot open"])

# ---- command line ---------------------------------------------------------------------------------
expect("nic.no-arg", [CMD], 2, err_has=["FILE is required"])
expect("nic.two-files", [CMD, good, good], 2, err_has=["one configuration FILE only"])
expect("nic.bad-option", [CMD, good, "--frob"], 2, err_has=["unknown option '--frob'"])
expect("nic.help", [CMD, "--help"], 0, out_has=["usage: flowgate check-nic-config FILE"])
expect("nic.listed", ["--help"], 0, out_has=["check-nic-config"])

shutil.rmtree(tmp)
print(f"RESULT nic_cli passed={cli.passed} failed={cli.failed}")
sys.exit(1 if cli.failed else 0)
