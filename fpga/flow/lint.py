#!/usr/bin/env python3
"""lint - every RTL module through Verilator, Icarus, yosys and the house style; warnings are errors.

Targets: every module of rtl/**/*.v with its default parameters, plus every design of
fpga/designs.txt whose top exists, with the table's parameters. Each target is linted with
its own file plus every rtl/ module it instantiates (fgrtl.RtlIndex scans the instantiations),
so a new RTL file is picked up with no list to edit.

  verilator  verilator --lint-only -Wall --top-module M -GP=V ...   (any warning fails)
  iverilog   iverilog -g2005 -Wall -s M -PM.P=V ...                 (any message fails)
  yosys      read_verilog -noautowire; chparam; hierarchy -check; proc; opt_clean; check -assert;
             and no latch ($dlatch/$adlatch/$dlatchsr/$sr), no asynchronous-reset flop
             ($adff/$adffe/$dffsr/$dffsre/$aldff/$aldffe: flowgate resets synchronously);
             any `Warning:` fails. A module whose own file has an `ifdef FG_TECH_ECP5 form is
             linted a second time with that define and yosys's ECP5 cell blackboxes
  style      per file: `default_nettype none before the module, `default_nettype wire at the
             end, one module, named like the file, fg_ prefix, a header comment first

  lint.py [--tool verilator|iverilog|yosys|style|all] [--top MODULE] [-v]
  lint.py --selftest   each tool must reject the broken fixtures of fpga/lint/selftest/ that
                       it is expected to catch (a `// expect:` line in each) and accept the clean one
Ends with `RESULT lint tool=T targets=N failed=F`; exit 1 on any failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fgrtl  # noqa: E402
from fgrtl import REPO, FlowError  # noqa: E402

TOOLS = ["verilator", "iverilog", "yosys", "style"]
LATCH_CELLS = ["$dlatch", "$adlatch", "$dlatchsr", "$sr"]
ASYNC_CELLS = ["$adff", "$adffe", "$dffsr", "$dffsre", "$aldff", "$aldffe"]


def run(cmd, timeout=600):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                           timeout=timeout, cwd=REPO)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return 124, f"TIMEOUT after {timeout}s"
    except OSError as e:
        return 127, f"cannot run {cmd[0]}: {e}"


def lint_verilator(top, params, files, index):
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top]
    cmd += [f"-I{d}" for d in index.include_dirs]
    cmd += [f"-G{k}={v}" for k, v in params.items()] + files
    rc, out = run(cmd)
    msgs = [l for l in out.splitlines() if l.startswith("%")]
    return rc == 0 and not msgs, msgs or out.splitlines()[-5:]


def lint_iverilog(top, params, files, index):
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["iverilog", "-g2005", "-Wall", "-o", os.path.join(tmp, "a.vvp"), "-s", top]
        cmd += [f"-I{d}" for d in index.include_dirs]
        cmd += [f"-P{top}.{k}={v}" for k, v in params.items()] + files
        rc, out = run(cmd)
    msgs = [l for l in out.splitlines() if l.strip()]
    return rc == 0 and not msgs, msgs


def lint_yosys(top, params, files, index, tech=None):
    incs = " ".join(f"-I{d}" for d in index.include_dirs)
    defs = ""
    script = []
    if tech == "ecp5":
        # the ECP5 branches (`ifdef FG_TECH_ECP5: the vendor cells as yosys's blackboxes;
        # `ifdef FG_ECP5_FORMS: the logic forms, as synth.py defines them for ECP5)
        defs = "-DFG_TECH_ECP5 -DFG_ECP5_FORMS "
        script.append("read_verilog -lib -specify +/ecp5/cells_sim.v +/ecp5/cells_bb.v")
    script += [f"read_verilog -noautowire {defs}{incs} {f}" for f in files]
    script += [f"chparam -set {k} {v} {top}" for k, v in params.items()]
    # opt_clean first: a loop variable assigned only inside one branch of a combinational block
    # becomes a latch that drives nothing; it is not hardware and is not reported.
    script += [f"hierarchy -check -top {top}", "proc", "opt_clean", "check -assert",
               "log FG_LINT_LATCHES", "select -list " + " ".join(f"t:{c}" for c in LATCH_CELLS),
               "log FG_LINT_ASYNC", "select -list " + " ".join(f"t:{c}" for c in ASYNC_CELLS),
               "log FG_LINT_END"]
    rc, out = run(["yosys", "-p", "; ".join(script)])
    lines = out.splitlines()
    msgs = [l for l in lines if re.search(r"\b(Warning|ERROR):", l)]
    section = None
    for l in lines:
        if l.strip() == "FG_LINT_LATCHES":
            section = "latch (not all paths of a combinational block assign it)"
        elif l.strip() == "FG_LINT_ASYNC":
            section = "asynchronous-reset flop (flowgate resets synchronously)"
        elif l.strip() == "FG_LINT_END":
            section = None
        elif section and re.match(r"^\S+/\S+$", l.strip()):
            msgs.append(f"{section}: {l.strip()}")
    if any(m.startswith("latch") for m in msgs):
        msgs += [l for l in lines if l.startswith("Latch inferred")]
    return rc == 0 and not msgs, msgs or lines[-5:]


def lint_style(path):
    """House rules of docs/ARCHITECTURE.md section 4 that no simulator checks."""
    with open(os.path.join(REPO, path), errors="replace") as f:
        raw = f.read()
    msgs = []
    text = fgrtl.strip_comments(raw)
    mods = re.findall(r"\bmodule\s+([A-Za-z_][\w$]*)", text)
    base = os.path.splitext(os.path.basename(path))[0]
    if len(mods) != 1:
        msgs.append(f"{path}: {len(mods)} modules in the file (one module per file)")
    for m in mods:
        if m != base:
            msgs.append(f"{path}: module {m} is not named like its file ({base})")
        if not m.startswith("fg_"):
            msgs.append(f"{path}: module {m} lacks the fg_ prefix")
    first_mod = re.search(r"\bmodule\b", text)
    dn_none = re.search(r"`default_nettype\s+none", text)
    if not dn_none or (first_mod and dn_none.start() > first_mod.start()):
        msgs.append(f"{path}: no `default_nettype none before the module")
    tail = [l.strip() for l in text.splitlines() if l.strip()]
    if not tail or not re.match(r"`default_nettype\s+wire$", tail[-1]):
        msgs.append(f"{path}: last line is not `default_nettype wire")
    first = next((l for l in raw.splitlines() if l.strip()), "")
    if not first.startswith("//") or (mods and mods[0] not in first):
        msgs.append(f"{path}: first line is not a header comment naming the module "
                    f"(// {mods[0] if mods else base} - what it does)")
    return not msgs, msgs


LINTERS = {"verilator": lint_verilator, "iverilog": lint_iverilog, "yosys": lint_yosys}


def targets(index, with_designs=True):
    """(top, params, label) for every module with defaults and every table design."""
    out = [(name, {}, name) for name in sorted(index.modules)]
    if with_designs:
        for d in fgrtl.read_designs(index=index):
            if d.top in index.modules and d.params:
                index.check_params(d.top, d.params, f"{d.where}: field 'params'")
                out.append((d.top, d.params, f"{d.top}({d.param_text()}) [design {d.name}]"))
    seen, uniq = set(), []
    for t in out:
        key = (t[0], tuple(sorted(t[1].items())))
        if key not in seen:
            seen.add(key)
            uniq.append(t)
    return uniq


def tech_specific(index, top):
    """True when the top's own file has a form for one technology (`ifdef FG_TECH_ECP5 or
    FG_ECP5_FORMS)."""
    with open(os.path.join(REPO, index.modules[top].path), errors="replace") as f:
        text = fgrtl.strip_comments(f.read())
    return "FG_TECH_ECP5" in text or "FG_ECP5_FORMS" in text


def lint_all(tools, index, only_top=None, verbose=False, with_designs=True):
    """Runs the tools; returns {tool: [(label, ok, msgs)]} and prints PASS/FAIL lines."""
    results = {}
    for tool in tools:
        t0 = time.time()
        rows = []
        if tool == "style":
            for path in index.files:
                mods = [m for m in index.modules.values() if m.path == path]
                if only_top and not any(m.name == only_top for m in mods):
                    continue
                ok, msgs = lint_style(path)
                rows.append((path, ok, msgs))
        else:
            for top, params, label in targets(index, with_designs):
                if only_top and top != only_top:
                    continue
                files = index.files_for(top)
                ok, msgs = LINTERS[tool](top, params, files, index)
                rows.append((label, ok, msgs))
                # a module with an ECP5 form of its own (`ifdef FG_TECH_ECP5 in its file) is
                # read a second time with the define, so that form (vendor cells, parameters,
                # port widths) is checked too: no simulator ever elaborates it
                if tool == "yosys" and tech_specific(index, top):
                    ok, msgs = lint_yosys(top, params, files, index, tech="ecp5")
                    rows.append((f"{label} [FG_TECH_ECP5]", ok, msgs))
        for label, ok, msgs in rows:
            if not ok or verbose:
                print(f"LINT {'PASS' if ok else 'FAIL'} tool={tool} {label}")
            if not ok:
                for m in msgs[:30]:
                    print(f"    {m}")
        failed = sum(1 for r in rows if not r[1])
        print(f"RESULT lint tool={tool} targets={len(rows)} failed={failed} seconds={time.time() - t0:.1f}",
              flush=True)
        results[tool] = rows
    return results


def selftest():
    """Every tool must catch the defects it claims to catch, and pass clean code."""
    index = fgrtl.RtlIndex(root=os.path.join("fpga", "lint", "selftest"))
    if not index.modules:
        raise FlowError("no fixtures in fpga/lint/selftest/")
    problems, checked = [], 0
    for name, mod in sorted(index.modules.items()):
        with open(os.path.join(REPO, mod.path)) as f:
            m = re.search(r"//\s*expect:\s*(.*)", f.read())
        if not m:
            raise FlowError(f"{mod.path}: no '// expect: tool ...' line (tools: {', '.join(TOOLS)} or 'clean')")
        expect = m.group(1).split()
        for tool in expect:
            if tool not in TOOLS + ["clean"]:
                raise FlowError(f"{mod.path}: expect: '{tool}' is not a tool (legal: {', '.join(TOOLS)}, clean)")
        for tool in TOOLS:
            if tool == "style":
                ok, msgs = lint_style(mod.path)
            else:
                ok, msgs = LINTERS[tool](name, {}, index.files_for(name), index)
                if tool == "yosys" and ok and tech_specific(index, name):
                    ok, msgs = lint_yosys(name, {}, index.files_for(name), index, tech="ecp5")
            must_fail = tool in expect
            must_pass = "clean" in expect
            if must_fail or must_pass:
                checked += 1
                good = (not ok) if must_fail else ok
                verdict = "rejects" if not ok else "accepts"
                print(f"SELFTEST {'PASS' if good else 'FAIL'} {tool} {verdict} {name}"
                      + (f": {msgs[0].strip()}" if msgs and not ok else ""))
                if not good:
                    problems.append(f"{tool} {verdict} {name}")
    print(f"RESULT lint selftest checks={checked} failed={len(problems)}")
    return not problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", default="all", help="verilator, iverilog, yosys, style or all")
    ap.add_argument("--top", help="lint only this module (and its table designs)")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true", help="print passing targets too")
    args = ap.parse_args()
    try:
        if args.selftest:
            return 0 if selftest() else 1
        tools = TOOLS if args.tool == "all" else [args.tool]
        if tools[0] not in TOOLS:
            raise FlowError(f"--tool {args.tool}: legal values are {', '.join(TOOLS)}, all")
        index = fgrtl.RtlIndex()
        if args.top and args.top not in index.modules:
            raise FlowError(f"--top {args.top}: no such module in rtl/ (have: {', '.join(sorted(index.modules))})")
        if not index.modules:
            raise FlowError("no modules found in rtl/**/*.v")
        results = lint_all(tools, index, args.top, args.verbose)
        failed = sum(1 for rows in results.values() for r in rows if not r[1])
        return 1 if failed else 0
    except FlowError as e:
        print(f"lint: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
