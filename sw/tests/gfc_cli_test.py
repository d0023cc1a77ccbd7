#!/usr/bin/env python3
"""gfc_cli_test.py - `flowgate gfc plan` command-line cases: a good run in text and JSON
(values from the GFC paper, sections 4.2 and 5.4, and SPEC 10/11), and bad options (exit 2,
the option and its legal range named) and rule breaks (exit 1); `flowgate gfc check` on
register values at and one past each limit.
Prints one line per failed case and 'RESULT gfc_cli passed=N failed=M'."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fg_clitest import Cli  # noqa: E402

cli = Cli("gfc", "plan")
run, check, expect = cli.run, cli.check, cli.expect


def plan_json(name, args):
    code, out, err = run(*args, "--json")
    check(name, code == 0, f"exit {code}: {err}")
    try:
        return json.loads(out)
    except ValueError as e:
        check(name, False, f"not one JSON object: {e}: {out!r}")
        return {}


BRIEF = ["--rate", "10G", "--buffer", "300KB", "--mtu", "1500", "--cable", "1us", "--tr", "3us"]
# good run, text: tau 7.4 us (2.4 + 2 + 3), 2*C*tau = 18500 B, N = 16 by the rule and as printed
expect("plan.text", BRIEF, 0, out_has=["7.400 us", "18500 B", "N        = 16 stages", "paper prints N = 16",
                                       "0.692 %", "0.0865 %"])
# --json parses and carries the paper's figures
j = plan_json("plan.json", BRIEF)
if j:
    check("plan.json.tau", abs(j["tau_us"] - 7.4) < 1e-9, j.get("tau_us"))
    check("plan.json.n", j["buffer"]["n_stages"] == 16 and j["buffer"]["n_stages_paper"] == 16, j["buffer"])
    check("plan.json.worst", abs(j["buffer"]["feedback"]["worst_pct"] - 0.69) < 0.005, j["buffer"]["feedback"])
    check("plan.json.steady", abs(j["buffer"]["feedback"]["steady_pct"] - 0.086) < 0.0005, j["buffer"]["feedback"])
    st = j["buffer"]["stages"]
    check("plan.json.stages", len(st) == 17 and st[1]["rate_gbps"] == 5 and st[16]["b_bytes"] == 300000, st[:3])
# 40G and 100G: N 17 / 18 by the rule beside the paper's 18 / 20
for rate, n, paper, tau in (("40G", 17, 18, 5.6), ("100G", 18, 20, 5.24)):
    j = plan_json(f"plan.json.{rate}", ["--rate", rate, "--buffer", "1MB"])
    if j:
        check(f"plan.{rate}.n", j["buffer"]["n_stages"] == n and j["buffer"]["n_stages_paper"] == paper, j["buffer"])
        check(f"plan.{rate}.tau", abs(j["tau_us"] - tau) < 1e-9, j["tau_us"])
# time mode: InfiniBand MTU 4 KB at 10G: (sqrt(tau/T)+1)^2*C*T = 140.8 KB (paper 5.4), T = 65535 B at C
j = plan_json("plan.time", ["--rate", "10G", "--buffer", "1MB", "--mtu", "4000", "--mode", "time"])
if j:
    check("plan.time.b0", abs((1e6 - j["time"]["b0_bound_bytes"]) / 1000 - 140.8) < 0.15, j["time"])
    check("plan.time.period", abs(j["time"]["period_us"] - 52.428) < 0.001, j["time"])
expect("plan.time.text", ["--rate", "10G", "--buffer", "300KB", "--mtu", "4000", "--mode", "time", "--b0", "159KB"],
       0, out_has=["Theorem 5.1", "cfg_recip"])
expect("plan.help", ["--help"], 0, out_has=["usage: flowgate gfc plan"])
# bad command lines: exit 2, the option and its range named
expect("bad.rate", ["--rate", "10Q", "--buffer", "300KB"], 2, err_has=["--rate", "above 0 and at most 1600 Gb/s", "'10Q'", "unknown or missing unit"])
expect("bad.buffer", ["--rate", "10G", "--buffer", "lots"], 2, err_has=["--buffer", "300KB", "'lots'"])
expect("bad.mtu", ["--rate", "10G", "--buffer", "300KB", "--mtu", "20000"], 2, err_has=["--mtu", "68..16000"])
expect("bad.mode", ["--rate", "10G", "--buffer", "300KB", "--mode", "credit"], 2, err_has=["--mode", "buffer or time"])
expect("bad.cable", ["--rate", "10G", "--buffer", "300KB", "--cable", "far"], 2, err_has=["--cable", "200m"])
expect("bad.period_needs_time", ["--rate", "10G", "--buffer", "300KB", "--period", "50us"], 2, err_has=["--mode time"])
expect("bad.missing", ["--rate", "10G"], 2, err_has=["--buffer"])
expect("bad.unknown", ["--rate", "10G", "--buffer", "300KB", "--speed", "1"], 2, err_has=["'--speed'"])
expect("bad.novalue", ["--rate"], 2, err_has=["needs a value"])
# rule breaks: exit 1 with the rule named
expect("rule.buffer_too_small", ["--rate", "10G", "--buffer", "10KB"], 1, err_has=["too small", "2*C*tau"])
expect("rule.b1", ["--rate", "10G", "--buffer", "300KB", "--b1", "290KB"], 1, err_has=["b1", "0..281500"])
expect("rule.b0", ["--rate", "10G", "--buffer", "300KB", "--mtu", "4000", "--mode", "time", "--b0", "160KB"], 1,
       err_has=["b0", "Theorem 5.1"])
expect("rule.time_buffer", ["--rate", "10G", "--buffer", "100KB", "--mode", "time"], 1, err_has=["Theorem 5.1"])
# `flowgate gfc check`: register values. Hand numbers (test_gfc.c has the arithmetic): 10G, tau 7.4 us,
# 2*C*tau = 18500 B = 290 cells of 64 B, B_m 4687 cells -> gfc_b1 0..4397; time mode, MTU 4000, B_m 4687
# blocks, cfg_period 1023 -> cfg_recip 57272..121961, cfg_period 1..2866.
chk = Cli("gfc", "check")
chk.expect("check.stage.legal", ["--rate", "10G", "--bm-cells", "4687", "--b1-cells", "4397"], 0, out_has=["legal"])
chk.expect("check.stage.b1", ["--rate", "10G", "--bm-cells", "4687", "--b1-cells", "4398"], 1,
           err_has=["gfc_b1 = 4398", "0..4397", "2*C*tau"])
chk.expect("check.stage.bm", ["--rate", "10G", "--bm-cells", "289", "--b1-cells", "0"], 1,
           err_has=["gfc_bm = 289", "290"])
TIME = ["--mode", "time", "--rate", "10G", "--mtu", "4000", "--bm-cells", "4687"]
chk.expect("check.time.legal", TIME + ["--period-cells", "1023", "--recip", "121961"], 0, out_has=["legal"])
chk.expect("check.time.recip", TIME + ["--period-cells", "1023", "--recip", "121962"], 1,
           err_has=["cfg_recip = 121962", "57272..121961", "Theorem 5.1"])
chk.expect("check.time.period", TIME + ["--period-cells", "2867", "--recip", "57272"], 1,
           err_has=["cfg_period = 2867", "1..2866"])
# the calculator's register values pass the check (time mode, the paper's case study B_0 = 159 KB)
code, out, err = run("--rate", "10G", "--buffer", "300KB", "--mtu", "4000", "--mode", "time", "--b0", "159KB", "--json")
chk.check("check.time.plan_values.run", code == 0, err)
if code == 0:
    regs = json.loads(out)["time"]["regs"]
    chk.expect("check.time.plan_values", TIME + ["--period-cells", str(regs["cfg_period"]), "--recip",
                                                  str(regs["cfg_recip"])], 0, out_has=["legal"])
chk.expect("check.bad.missing", ["--rate", "10G", "--bm-cells", "4687"], 2, err_has=["--b1-cells"])
chk.expect("check.bad.number", ["--rate", "10G", "--bm-cells", "lots", "--b1-cells", "1"], 2,
           err_has=["--bm-cells", "0..16777215", "'lots'"])
chk.expect("check.bad.recip_needs_time", ["--rate", "10G", "--bm-cells", "4687", "--b1-cells", "1", "--recip", "5"],
           2, err_has=["--mode time"])
chk.expect("check.help", ["--help"], 0, out_has=["usage: flowgate gfc check"])
# `flowgate check-config FILE --rate R --cable L` applies the same rule when the file enables GFC:
# 200 m = 1 us one way, so tau = 7.4 us at 10G and gfc_b1 may be 0..4397 below gfc_bm = 4687
top = Cli()
tmp = tempfile.mkdtemp(prefix="fg_gfc_cli_")


def cfgfile(name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


LINK = ["--rate", "10G", "--cable", "200m"]
top.expect("config.gfc_b1_at_limit", ["check-config", cfgfile("ok.cfg", "gfc_enable = 1\ngfc_bm = 4687\ngfc_b1 = 4397\n"),
                                      *LINK], 0, out_has=["legal configuration"])
top.expect("config.gfc_b1_above", ["check-config", cfgfile("bad.cfg", "gfc_enable = 1\ngfc_bm = 4687\ngfc_b1 = 4398\n"),
                                   *LINK], 1, err_has=["gfc_b1 = 4398", "0..4397"])
top.expect("config.gfc_off_not_checked", ["check-config", cfgfile("off.cfg", "gfc_bm = 4687\ngfc_b1 = 4398\n"), *LINK],
           0, out_has=["legal configuration"])
passed, failed = cli.passed + chk.passed + top.passed, cli.failed + chk.failed + top.failed
print(f"RESULT gfc_cli passed={passed} failed={failed}")
sys.exit(1 if failed else 0)
