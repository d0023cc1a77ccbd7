#!/usr/bin/env python3
"""bad_input_test.py - the flowgate CLI and its configuration parser against bad input.

Every case is one run of flowgate (by default the ASan + UBSan build, build/asan/bin/flowgate)
with its expected exit status (0 ok, 1 understood but not legal, 2 bad command line) and the
text its message must hold. Each case must also:
  - end within 30 s (no hang: /dev/zero, a FIFO, a sweep that would run for an hour),
  - print nothing from a sanitizer (no crash, no overflow, no undefined behaviour),
  - on an error, print nothing on stdout that reads as acceptance ("legal", "OK", "HEADROOM[",
    "GFC plan") - nothing accepted silently.
A few good inputs stand among them (exit 0), so a CLI that refused everything would fail too.
Prints one line per failed case and "RESULT bad_input cases=N passed=P failed=F".
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# ---- configuration files the cases refer to as @name ----------------------------------------
GOOD_SW = b"n_ports = 4\nn_prio = 2\ntotal_cells = 200000\nheadroom = 300\nxoff = 2000\nxon = 1500\n"
FILES = {
    "good.cfg": GOOD_SW,
    "good_crlf.cfg": GOOD_SW.replace(b"\n", b"\r\n"),
    "long_comment.cfg": b"# " + b"x" * 600 + b" reserve = 5\n" + GOOD_SW,
    "long_line.cfg": b"reserve = 1" + b" " * 5000 + b"\n",
    "nul.cfg": b"reserve = 1\x00 junk\n",
    "nul_in_key.cfg": b"res\x00erve = 1\n",
    "control.cfg": b"reserve = 1\x1b[2J\n",
    "latin1.cfg": b"# caf\xe9\nreserve = 1\n",
    "overlong.cfg": b"reserve = \xc0\xb1\n",
    "surrogate.cfg": b"# \xed\xa0\x80\n",
    "bom.cfg": b"\xef\xbb\xbfreserve = 1\n",
    "dup.cfg": b"reserve = 1\nreserve = 2\n",
    "dup_case.cfg": b"reserve = 1\nRESERVE = 2\n",
    "dup_index.cfg": b"headroom[1] = 300\nheadroom[1] = 301\n",
    "all_after_one.cfg": b"headroom[1] = 300\nheadroom = 301\n",
    "idx_2g.cfg": b"headroom[2147483648] = 1\n",
    "idx_4g.cfg": b"headroom[4294967296] = 7\n",
    "idx_4g_1.cfg": b"headroom[4294967295] = 7\n",
    "idx_neg.cfg": b"headroom[-1] = 7\n",
    "idx_zero.cfg": b"headroom[01] = 7\n",
    "idx_space.cfg": b"headroom[ 1] = 7\n",
    "idx_empty.cfg": b"headroom[] = 7\n",
    "idx_hex.cfg": b"headroom[0x1] = 7\n",
    "idx_unclosed.cfg": b"headroom[1 = 7\n",
    "idx_two_on_port.cfg": b"headroom[1][1] = 7\n",
    "idx_one_on_pg.cfg": b"xoff[1] = 7\n",
    "idx_prio.cfg": b"xoff[0][8] = 7\n",
    "idx_scalar.cfg": b"total_cells[0] = 7\n",
    "idx_trailing.cfg": b"headroom[1]x = 7\n",
    "unknown_key.cfg": b"frobnicate = 1\n",
    "unicode_key.cfg": "réserve = 1\n".encode(),
    "octal.cfg": b"reserve = 010\n",
    "hex_wide.cfg": b"reserve = 0x40000\n",
    "u32_wide.cfg": b"reserve = 4294967296\n",
    "u64_wide.cfg": b"reserve = 99999999999999999999999\n",
    "exp.cfg": b"reserve = 1e3\n",
    "neg.cfg": b"reserve = -1\n",
    "plus.cfg": b"reserve = +1\n",
    "float.cfg": b"reserve = 1.5\n",
    "trailing.cfg": b"reserve = 5x\n",
    "two_values.cfg": b"reserve = 5 6\n",
    "empty_value.cfg": b"reserve =\n",
    "empty_key.cfg": b" = 5\n",
    "no_eq.cfg": b"reserve 5\n",
    "late_param.cfg": b"reserve = 1\nn_ports = 8\n",
    "param_range.cfg": b"n_ports = 33\n",
    "param_octal.cfg": b"n_prio = 08\n",
    "param_zero.cfg": b"cw = 0\n",
    "mac_short.cfg": b"src_mac = 02:00:00:00:01\n",
    "mac_bad.cfg": b"src_mac = 02:00:00:00:00:0g\n",
    "mac_long.cfg": b"src_mac = 02:00:00:00:00:01:02\n",
    "mac_space.cfg": b"src_mac = 02:00:00:00:00:01 x\n",
    "mac_index.cfg": b"src_mac[0] = 02:00:00:00:00:01\n",
    "pool.cfg": b"total_cells = 100\n",
    "xon_gt_xoff.cfg": b"xon[0][1] = 3000\n",
    "kmin_gt_kmax.cfg": b"ecn_kmin = 5000\necn_kmax = 100\n",
    "field_range.cfg": b"alpha_shift = 16\n",
    "headroom_wide.cfg": b"headroom = 262144\n",
    "empty.cfg": b"",
    "comments_only.cfg": b"# nothing\n\n   \n",
    # NIC
    "nic_good.cfg": b"t_e = 100\nt_s = 50\npft_strategy = AT\npft_injection = RI\n",
    "nic_dup_alias.cfg": b"t_fc = 10\nT_FC = 11\n",
    "nic_dup_reg.cfg": b"t_e = 10\nPFT_T_E = 11\n",
    "nic_octal.cfg": b"t_e = 0100\n",
    "nic_wide.cfg": b"pft_k = 4294967296\n",
    "nic_range.cfg": b"t_e = 4096\nw_e = 0\n",
    "nic_rule.cfg": b"t_e = 10\nt_s = 20\n",
    "nic_mnemonic.cfg": b"pft_strategy = FI\n",
    "nic_mnemonic_idx.cfg": b"pft_strategy[0] = AT\n",
    "nic_unknown.cfg": b"pft_x = 1\n",
    "nic_nul.cfg": b"t_e = 1\n\x00\n",
    "nic_latin1.cfg": b"t_e = 1 # \xff\n",
    "nic_long.cfg": b"t_e = 1 #" + b"y" * 5000 + b"\n",
    "nic_gfc_time.cfg": b"gfc_enable = 1\ngfc_mode = TIME\nrx_capacity = 100\ngfc_period = 1000\ngfc_recip = 262144\n",
}

BIG = "big.cfg"  # FG_CFG_MAX_FILE_BYTES + 1 bytes of comment, written below


def cases():
    H = ["headroom"]
    HR = H + ["--rate", "40G", "--cable", "100m"]
    C = ["check-config"]
    N = ["check-nic-config"]
    P = ["gfc", "plan", "--rate", "10G", "--buffer", "300KB"]
    K = ["gfc", "check", "--rate", "10G", "--bm-cells", "4687"]
    PFT = ["pft", "curve", "--mode", "fi", "--m", "0", "--n", "8", "--k", "0"]
    t = []

    def c(name, args, rc, *has, out=()):
        t.append((name, args, rc, has, out))

    # top level
    c("top.none", [], 2, "usage: flowgate COMMAND")
    c("top.unknown", ["frob"], 2, "unknown command 'frob'")
    c("top.unknown_ctrl", ["fr\x1bob"], 2, "unknown command")
    c("top.help", ["--help"], 0, out=("headroom",))
    # headroom: rates
    c("hr.ok", HR, 0, out=("HEADROOM[i] =",))
    c("hr.no_rate", H + ["--cable", "100m"], 2, "--rate is required")
    c("hr.no_cable", H + ["--rate", "40G"], 2, "--cable is required")
    for v, why in [("0x28", "unknown or missing unit"), ("040G", "leading zeros"), ("10Q", "unknown or missing unit"),
                   ("-5G", "'-5G'"), ("0", "out of range"), ("2T", "out of range"), ("nan", "'nan'"),
                   ("inf", "'inf'"), ("1e3", "unknown or missing unit"), ("", "got ''"), (" 10G", "' 10G'"),
                   ("10 G", "unknown or missing unit"), (".5G", "'.5G'"), ("10G\x07", "'10G\\x07'"),
                   ("1" * 40 + "G", "out of range")]:
        c("hr.rate." + (v or "empty"), H + ["--rate", v, "--cable", "100m"], 2, "--rate expects a link rate", why)
    c("hr.rate.25g", H + ["--rate", "25G", "--cable", "3m"], 2, "no 802.3 Annex 31B reaction time for 25 Gb/s")
    c("hr.rate.25g_q", H + ["--rate", "25G", "--cable", "3m", "--reaction-quanta", "100"], 0, out=("HEADROOM[i] =",))
    c("hr.rate.base_t", H + ["--rate", "10GBASE-T", "--cable", "3"], 0, out=("74 quanta",))
    for v, why in [("-5m", "'-5m'"), ("1e3m", "unknown or missing unit"), ("100mm", "unknown or missing unit"),
                   ("0100m", "leading zeros"), ("200km", "out of range"), ("1ly", "unknown or missing unit"),
                   ("100 m", "unknown or missing unit")]:
        c("hr.cable." + v, H + ["--rate", "40G", "--cable", v], 2, "--cable expects", why)
    c("hr.cable.time", H + ["--rate", "40G", "--cable", "500ns"], 0, out=("cable 100 m",))
    for v, why in [("01500", "leading zeros"), ("67", "out of range"), ("16001", "out of range"),
                   ("1500.5", "'1500.5'"), ("0x5dc", "'0x5dc'"), ("", "''"), ("1500B", "'1500B'")]:
        c("hr.mtu." + (v or "empty"), HR + ["--mtu", v], 2, "--mtu expects a whole number in 68..16000", why)
    for v in ["0", "16385", "64B", "-64"]:
        c("hr.cell." + v, HR + ["--cell", v], 2, "--cell expects a whole number in 1..16384")
    for v in ["abc", "-1", "2ms", "1e2"]:
        c("hr.phy." + v, HR + ["--phy-delay-ns", v], 2, "--phy-delay-ns expects a time")
    c("hr.phy.unit", HR + ["--phy-delay-ns", "0.2us"], 0, out=("PHY/pipeline delay (200 ns)",))
    for v in ["0", "65536", "010", "1.5"]:
        c("hr.quanta." + v, HR + ["--reaction-quanta", v], 2, "--reaction-quanta expects a whole number in 1..65535")
    for v in ["8", "3,,4", "4-3", "-1", "3-", "03", "3;4", ",", "0-7,8", "a"]:
        c("hr.lossless." + v, HR + ["--lossless", v], 2, "--lossless expects priorities 0..7")
    c("hr.lossless.ok", HR + ["--lossless", "0-2,5"], 0, out=("priority 5: headroom",))
    c("hr.dup.rate", HR + ["--rate", "10G"], 2, "--rate is given twice")
    c("hr.dup.cable", HR + ["--cable", "3m"], 2, "--cable is given twice")
    c("hr.dup.json", HR + ["--json", "--json"], 2, "--json is given twice")
    c("hr.dup.lossless", HR + ["--lossless", "3", "--lossless", "4"], 2, "--lossless is given twice")
    c("hr.unknown", HR + ["--frob"], 2, "unknown option '--frob'")
    c("hr.missing_value", HR + ["--mtu"], 2, "--mtu needs a value")
    c("hr.too_wide", H + ["--rate", "400G", "--cable", "40km", "--reaction-quanta", "1000"], 1,
      "HEADROOM = 313628 cells is above the field's maximum 262143", "covers a cable of at most")
    c("hr.too_wide_cw", H + ["--rate", "100G", "--cable", "40km", "--cw", "16"], 1,
      "above the field's maximum 65535 (16 bits, CW 16)")
    c("hr.fits_cw18", H + ["--rate", "100G", "--cable", "40km"], 0, out=("HEADROOM[i] =",))
    cw = next(p for p in json.load(open(os.path.join(ROOT, "sw", "regmap", "regmap.json")))["params"]
              if p["name"] == "CW")
    c("hr.cw.range", HR + ["--cw", "7"], 2, f"--cw expects a whole number in {cw['min']}..{cw['max']}")
    # regs
    c("regs.ok", ["regs", "--ports", "8"], 0, out=("8 ports",))
    for opt, v, rng in [("--ports", "010", "1..32"), ("--ports", "0", "1..32"), ("--ports", "33", "1..32"),
                        ("--ports", "0x8", "1..32"), ("--ports", "abc", "1..32"), ("--prio", "9", "1..8"),
                        ("--cw", "99", ""), ("--ports", "-1", "1..32"), ("--ports", "4294967300", "1..32")]:
        c("regs." + opt[2:] + "." + v, ["regs", opt, v], 2, opt + " expects a whole number in " + rng)
    c("regs.dup", ["regs", "--ports", "4", "--ports", "8"], 2, "--ports is given twice")
    c("regs.unknown", ["regs", "--frob"], 2, "unknown option")
    c("regs.missing", ["regs", "--ports"], 2, "--ports needs a value")
    # check-config: the file itself
    c("cc.ok", C + ["@good.cfg"], 0, out=("legal configuration",))
    c("cc.crlf", C + ["@good_crlf.cfg"], 0, out=("legal configuration",))
    c("cc.long_comment", C + ["@long_comment.cfg"], 0, out=("legal configuration",))
    c("cc.empty", C + ["@empty.cfg"], 0, out=("legal configuration",))
    c("cc.comments_only", C + ["@comments_only.cfg"], 0, out=("legal configuration",))
    # files that are not configurations, through both loaders
    for cmd, pre in (("cc", C), ("nic", N)):
        c(cmd + ".missing", pre + ["@does_not_exist.cfg"], 1, "cannot open")
        c(cmd + ".dir", pre + ["@."], 1, "not a regular file (a directory)")
        c(cmd + ".dev_zero", pre + ["/dev/zero"], 1, "not a regular file (a device)")
        c(cmd + ".dev_null", pre + ["/dev/null"], 1, "not a regular file (a device)")
        c(cmd + ".fifo", pre + ["@fifo"], 1, "not a regular file (a pipe)")
        c(cmd + ".big", pre + ["@" + BIG], 1, "larger than the 1048576-byte limit")
    c("cc.long_line", C + ["@long_line.cfg"], 1, ":1: line longer than 4096 bytes")
    c("cc.nul", C + ["@nul.cfg"], 1, ":1: a NUL byte at column 12")
    c("cc.nul_key", C + ["@nul_in_key.cfg"], 1, "a NUL byte at column 4")
    c("cc.control", C + ["@control.cfg"], 1, "control character 0x1B")
    c("cc.latin1", C + ["@latin1.cfg"], 1, ":1: byte 0xE9 at column 6 is not UTF-8")
    c("cc.overlong", C + ["@overlong.cfg"], 1, "byte 0xC0 at column 11 is not UTF-8")
    c("cc.surrogate", C + ["@surrogate.cfg"], 1, "is not UTF-8")
    c("cc.bom", C + ["@bom.cfg"], 1, "is not a register field")
    c("cc.dup", C + ["@dup.cfg"], 1, ":2: reserve is set twice (first at line 1)")
    c("cc.dup_case", C + ["@dup_case.cfg"], 1, ":2: reserve is set twice")
    c("cc.dup_index", C + ["@dup_index.cfg"], 1, "headroom[1] is set twice")
    c("cc.all_after_one", C + ["@all_after_one.cfg"], 1, "headroom sets every entry after line 1 set one of them")
    for f, why in [("idx_2g", "the port index expects a whole number in 0..3"),
                   ("idx_4g", "got '4294967296': out of range"), ("idx_4g_1", "got '4294967295': out of range"),
                   ("idx_neg", "got '-1'"), ("idx_zero", "leading zeros"), ("idx_space", "got ' 1'"),
                   ("idx_empty", "got ''"), ("idx_hex", "got '0x1'"), ("idx_unclosed", "an index is a number in brackets"),
                   ("idx_two_on_port", "headroom takes one index [port]"),
                   ("idx_one_on_pg", "xoff takes two indices [port][priority]"),
                   ("idx_prio", "the priority index expects a whole number in 0..7"),
                   ("idx_scalar", "total_cells takes no index"), ("idx_trailing", "unexpected text 'x' after the key")]:
        c("cc." + f, C + ["@" + f + ".cfg"], 1, why)
    c("cc.unknown_key", C + ["@unknown_key.cfg"], 1, "'frobnicate' is not a register field")
    c("cc.unicode_key", C + ["@unicode_key.cfg"], 1, "is not a register field")
    for f, why in [("octal", "got '010': leading zeros are not allowed"), ("hex_wide", "got '0x40000': out of range"),
                   ("u32_wide", "out of range"), ("u64_wide", "out of range"), ("exp", "got '1e3'"),
                   ("neg", "got '-1'"), ("plus", "got '+1'"), ("float", "got '1.5'"), ("trailing", "got '5x'"),
                   ("two_values", "got '5 6'")]:
        c("cc.value." + f, C + ["@" + f + ".cfg"], 1, "reserve expects a whole number in 0..262143", why)
    c("cc.empty_value", C + ["@empty_value.cfg"], 1, "a value is missing after '='")
    c("cc.empty_key", C + ["@empty_key.cfg"], 1, "a key is missing before '='")
    c("cc.no_eq", C + ["@no_eq.cfg"], 1, "expected 'key = value', got 'reserve 5'")
    c("cc.late_param", C + ["@late_param.cfg"], 1, ":2: n_ports must come before the first register line")
    c("cc.param_range", C + ["@param_range.cfg"], 1, "n_ports expects a whole number in 1..32")
    c("cc.param_octal", C + ["@param_octal.cfg"], 1, "n_prio expects", "leading zeros")
    c("cc.param_zero", C + ["@param_zero.cfg"], 1, "cw expects a whole number in")
    for f in ["mac_short", "mac_bad", "mac_long", "mac_space"]:
        c("cc." + f, C + ["@" + f + ".cfg"], 1, "src_mac expects a MAC address like 02:00:00:00:00:01")
    c("cc.mac_index", C + ["@mac_index.cfg"], 1, "src_mac takes no index")
    c("cc.pool", C + ["@pool.cfg"], 1, "rule pool")
    c("cc.xon_gt_xoff", C + ["@xon_gt_xoff.cfg"], 1, "xon[0][1] = 3000 exceeds xoff[0][1] = 1024")
    c("cc.kmin_gt_kmax", C + ["@kmin_gt_kmax.cfg"], 1, "rule kmin_le_kmax")
    c("cc.field_range", C + ["@field_range.cfg"], 1, "alpha_shift expects a whole number in 0..15")
    c("cc.headroom_wide", C + ["@headroom_wide.cfg"], 1, "headroom expects a whole number in 0..262143")
    # check-config: the command line
    c("cc.no_file", C, 2, "FILE is required")
    c("cc.two_files", C + ["@good.cfg", "@good.cfg"], 2, "one configuration FILE only")
    c("cc.rate_only", C + ["@good.cfg", "--rate", "10G"], 2, "--rate and --cable go together")
    c("cc.rate_25g", C + ["@good.cfg", "--rate", "25G", "--cable", "3m"], 2, "no 802.3 Annex 31B reaction time")
    c("cc.rate_25g_q", C + ["@good.cfg", "--rate", "25G", "--cable", "3m", "--reaction-quanta", "100"], 0,
      out=("legal configuration",))
    c("cc.short_headroom", C + ["@good.cfg", "--rate", "100G", "--cable", "300m"], 0,
      out=("warning: headroom[0] = 300 cells is short",))
    c("cc.rate_bad", C + ["@good.cfg", "--rate", "0x28", "--cable", "3m"], 2, "--rate expects a link rate")
    c("cc.dup_rate", C + ["@good.cfg", "--rate", "10G", "--rate", "10G"], 2, "--rate is given twice")
    c("cc.json_bad", C + ["@dup.cfg", "--json"], 1, out=('"ok": false', "reserve is set twice"))
    c("cc.json_ok", C + ["@good.cfg", "--json"], 0, out=('"ok": true',))
    c("cc.unknown", C + ["@good.cfg", "--frob"], 2, "unknown option '--frob'")
    # check-nic-config
    c("nic.ok", N + ["@nic_good.cfg"], 0, out=("OK (legal NIC configuration)",))
    c("nic.dup_alias", N + ["@nic_dup_alias.cfg"], 1, ":2: t_fc is set twice (first at line 1)")
    c("nic.dup_reg", N + ["@nic_dup_reg.cfg"], 1, ":2: t_e is set twice")
    c("nic.octal", N + ["@nic_octal.cfg"], 1, "t_e expects a whole number in 0..4095", "leading zeros")
    c("nic.wide", N + ["@nic_wide.cfg"], 1, "pft_k = 4294967296 is outside its legal range 0..4294967295")
    c("nic.range", N + ["@nic_range.cfg"], 1, "t_e = 4096 is outside its legal range 0..4095", "2 errors")
    c("nic.rule", N + ["@nic_rule.cfg"], 1, "t_s = 20 exceeds t_e = 10")
    c("nic.mnemonic", N + ["@nic_mnemonic.cfg"], 1, "got 'FI'", "or FT / AT")
    c("nic.mnemonic_idx", N + ["@nic_mnemonic_idx.cfg"], 1, "'pft_strategy[0]' is not a field of the NIC register map")
    c("nic.unknown", N + ["@nic_unknown.cfg"], 1, "'pft_x' is not a field")
    c("nic.nul", N + ["@nic_nul.cfg"], 1, ":2: a NUL byte at column 1")
    c("nic.latin1", N + ["@nic_latin1.cfg"], 1, "byte 0xFF at column 11 is not UTF-8")
    c("nic.long", N + ["@nic_long.cfg"], 1, "line longer than 4096 bytes")
    c("nic.gfc_link", N + ["@nic_gfc_time.cfg", "--rate", "10G"], 1, "breaks time-based GFC on this link")
    c("nic.rate_missing", N + ["@nic_good.cfg", "--rate"], 2, "--rate needs a value")
    c("nic.rate_bad", N + ["@nic_good.cfg", "--rate", "10Q"], 2, "--rate expects a link rate")
    c("nic.dup_writes", N + ["@nic_good.cfg", "--writes", "--writes"], 2, "--writes is given twice")
    c("nic.dup_mtu", N + ["@nic_good.cfg", "--mtu", "1500", "--mtu", "1500"], 2, "--mtu is given twice")
    c("nic.json_bad", N + ["@nic_dup_alias.cfg", "--json"], 1, out=('"ok": false',))
    # gfc plan
    c("plan.ok", P, 0, out=("GFC plan",))
    c("plan.time_ok", P + ["--mode", "time", "--mtu", "4000"], 0, out=("cfg_period",))
    c("plan.period_30ns", P + ["--mode", "time", "--period", "30ns"], 1, "outside gfc_period's legal range 1..16777215",
      "legal periods are 51.200 ns")
    c("plan.period_1s", P + ["--mode", "time", "--period", "1s"], 1, "19531250 cell times")
    c("plan.period_feedback", P + ["--mode", "time", "--period", "60ns"], 1,
      "feedback of time-based GFC would take", "--period must be at least 1024.000 ns")
    c("plan.feedback_buffer", ["gfc", "plan", "--rate", "1600G", "--buffer", "1MB", "--mtu", "68", "--cable", "0",
                               "--tr", "0"], 1, "feedback of buffer-based GFC would take")
    c("plan.period_0", P + ["--mode", "time", "--period", "0"], 2, "--period expects a time", "above 0")
    c("plan.period_2s", P + ["--mode", "time", "--period", "2s"], 2, "--period expects a time", "out of range")
    c("plan.buffer_0", ["gfc", "plan", "--rate", "10G", "--buffer", "0"], 2, "--buffer expects a size")
    c("plan.buffer_huge", ["gfc", "plan", "--rate", "10G", "--buffer", "2000MB"], 2, "--buffer expects a size")
    c("plan.buffer_k", ["gfc", "plan", "--rate", "10G", "--buffer", "300K"], 2, "unknown or missing unit")
    c("plan.buffer_space", ["gfc", "plan", "--rate", "10G", "--buffer", "300 KB"], 2, "--buffer expects a size")
    c("plan.buffer_hex", ["gfc", "plan", "--rate", "10G", "--buffer", "0x1000"], 2, "--buffer expects a size")
    c("plan.mode", P + ["--mode", "credit"], 2, "--mode expects buffer or time")
    c("plan.b1_big", P + ["--b1", "290KB"], 1, "b1 290000 B is outside its legal range")
    c("plan.b0_buffer", P + ["--b0", "100KB"], 2, "--b0 is a time-based parameter")
    c("plan.cable_neg", P + ["--cable", "-1us"], 2, "--cable expects")
    c("plan.tr_big", P + ["--tr", "1s"], 1, "too small for buffer-based GFC")
    c("plan.msg_0", P + ["--msg", "0"], 2, "--msg expects a whole number in 1..16384")
    c("plan.cw", P + ["--cw", "7"], 2, "--cw expects a whole number in")
    c("plan.bm_wide", ["gfc", "plan", "--rate", "10G", "--buffer", "20MB"], 1,
      "gfc_bm = 312500 cells is above the field's maximum 262143")
    c("plan.bm_wide_cw", ["gfc", "plan", "--rate", "10G", "--buffer", "20MB", "--cw", "20"], 0, out=("cfg_bm = 312500",))
    c("plan.dup_rate", P + ["--rate", "40G"], 2, "--rate is given twice")
    c("plan.dup_buffer", P + ["--buffer", "1MB"], 2, "--buffer is given twice")
    c("plan.dup_json", P + ["--json", "--json"], 2, "--json is given twice")
    c("plan.missing", ["gfc", "plan", "--rate", "10G"], 2, "--rate and --buffer are required")
    c("plan.sub", ["gfc", "plot"], 2, "unknown subcommand 'plot'")
    # gfc check
    c("check.ok", K + ["--b1-cells", "4397"], 0, out=("legal: gfc_b1 = 4397",))
    c("check.hex", K + ["--b1-cells", "0x112d"], 0, out=("legal: gfc_b1 = 4397",))
    c("check.rule", K + ["--b1-cells", "4398"], 1, "gfc_b1 = 4398 cells is outside its legal range 0..4397")
    c("check.json", K + ["--b1-cells", "4398", "--json"], 1, out=('"legal": false', "gfc_b1 = 4398"))
    c("check.octal", K + ["--b1-cells", "0100"], 2, "--b1-cells expects", "leading zeros")
    c("check.wide", K + ["--b1-cells", "16777216"], 2, "--b1-cells expects a whole number in 0..16777215")
    c("check.bad_hex", K + ["--b1-cells", "0x"], 2, "--b1-cells expects")
    c("check.dup", K + ["--b1-cells", "1", "--b1-cells", "2"], 2, "--b1-cells is given twice")
    c("check.mode_mix", K + ["--b1-cells", "1", "--recip", "5"], 2, "need --mode time")
    c("check.time_missing", K + ["--mode", "time"], 2, "are required in time mode")
    c("check.missing_value", K + ["--b1-cells"], 2, "--b1-cells needs a value")
    # pft curve
    c("pft.ok", PFT + ["--c-max", "32"], 0, out=("RESULT pft curve",))
    c("pft.max_work", PFT + ["--cycles", "100000000", "--step", "1"], 2, "is above --max-work 10000000000")
    c("pft.max_work_low", PFT + ["--max-work", "999"], 2, "--max-work expects a whole number in 1000..")
    c("pft.k_octal", PFT[:-1] + ["010"], 2, "--k expects", "leading zeros")
    c("pft.scale_exp", PFT + ["--scale-expected", "1e0"], 2, "--scale-expected expects a number")
    c("pft.png_empty", PFT + ["--png", ""], 2, "--png expects a file name")
    c("pft.dup", PFT + ["--mode", "ri"], 2, "--mode is given twice")
    c("pft.cmin_gt_cmax", PFT + ["--c-min", "10", "--c-max", "9"], 2, "must not exceed --c-max")
    c("pft.sub", ["pft", "slope"], 2, "unknown subcommand 'slope'")
    # sim: the simulator's own options read by the same parser (fg_sim, linked beside the CLI)
    c("sim.unknown", ["sim", "frob"], 2, "unknown scenario 'frob'")
    c("sim.octal", ["sim", "incast", "--pkt", "020"], 2, "--pkt expects a whole number in 64..9216", "leading zeros")
    c("sim.range", ["sim", "incast", "--pkt", "20"], 2, "--pkt expects a whole number in 64..9216", "out of range")
    c("sim.time", ["sim", "incast", "--mode", "ppfc", "--T", "2s"], 2, "--T expects a time", "out of range")
    c("sim.time_unit", ["sim", "incast", "--mode", "ppfc", "--T", "100 us"], 2, "--T expects a time")
    c("sim.real_exp", ["sim", "toy", "--ppfc-cell-cycles", "1e0"], 2, "--ppfc-cell-cycles expects a number")
    c("sim.dup", ["sim", "incast", "--senders", "4", "--senders", "5"], 2, "--senders is given twice")
    c("sim.deadlock_zero", ["sim", "deadlock", "--egress", "cioq", "--cioq-out", "00"], 2, "leading zeros")
    c("sim.endpoint_m", ["sim", "endpoint", "--m", "32"], 2, "--m expects a whole number in 0..31")
    c("sim.missing_value", ["sim", "incast", "--pkt"], 2, "--pkt needs a value")
    return t


ACCEPT_WORDS = ("legal configuration", "OK (legal", "HEADROOM[i]", "GFC plan", "legal: ")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flowgate", default=os.path.join(ROOT, "build", "asan", "bin", "flowgate"))
    args = ap.parse_args()
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=99",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=98")
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="fg_bad_input_") as tmp:
        for name, data in FILES.items():
            with open(os.path.join(tmp, name), "wb") as f:
                f.write(data)
        with open(os.path.join(tmp, BIG), "wb") as f:
            f.write(b"#" * (1024 * 1024) + b"\n")
        os.mkfifo(os.path.join(tmp, "fifo"))
        all_cases = cases()
        for name, argv, want_rc, has, out_has in all_cases:
            argv = [os.path.join(tmp, a[1:]) if a.startswith("@") else a for a in argv]
            problems = []
            try:
                p = subprocess.run([args.flowgate, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                   timeout=30)
                out = p.stdout.decode("utf-8", "replace")
                err = p.stderr.decode("utf-8", "replace")
                if p.returncode != want_rc:
                    problems.append(f"exit {p.returncode}, want {want_rc}")
                for s in has:
                    if s not in err:
                        problems.append(f"stderr lacks {s!r}")
                for s in out_has:
                    if s not in out:
                        problems.append(f"stdout lacks {s!r}")
                for s in ("AddressSanitizer", "LeakSanitizer", "runtime error:", "UndefinedBehaviorSanitizer"):
                    if s in err:
                        problems.append(f"sanitizer: {s}")
                if want_rc != 0 and any(w in out for w in ACCEPT_WORDS) and '"ok": false' not in out:
                    problems.append("stdout reads as acceptance")
            except subprocess.TimeoutExpired:
                problems.append("no answer within 30 s (hang)")
                out = err = ""
            if problems:
                failed += 1
                print(f"FAIL {name}: {'; '.join(problems)}\n  argv={argv!r}\n  stderr={err[-600:]!r}\n"
                      f"  stdout={out[-300:]!r}")
            else:
                passed += 1
    print(f"RESULT bad_input cases={passed + failed} passed={passed} failed={failed}")
    return 1 if failed or passed + failed < 150 else 0


if __name__ == "__main__":
    sys.exit(main())
