"""vectors.py - reader for the lock-step vector files (verif/lockstep, `--vectors FILE`).

Format (written by fg::FgSignals::write_vector_header / write_vector_line):

    #module fg_lfsr
    #param NAME VALUE        zero or more, decimal (may be negative)
    #in NAME WIDTH           every input, in table order (rst is an ordinary input)
    #out NAME WIDTH          every output, in table order
    #end
    <hex> <hex> ...          one line per cycle: every input, then every model output

The line of cycle c holds the inputs applied before rising edge c and the model's outputs
after edge c. Shared by gen_replay_tb.py, run_replay.py and corrupt_vectors.py.
"""
import re

IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_$]*$")


class VectorError(Exception):
    """A vector file that does not follow the format; the message names file, line and field."""


class Header:
    def __init__(self):
        self.module = None
        self.params = []   # (name, int value)
        self.inputs = []   # (name, width)
        self.outputs = []  # (name, width)
        self.lines = []    # the header lines as read, for comparing two files
        self.n_lines = 0   # header lines including #end

    @property
    def signals(self):
        """Every column of a data line, in order: (name, width, is_input)."""
        return [(n, w, True) for n, w in self.inputs] + [(n, w, False) for n, w in self.outputs]


def read_header(path):
    """Parses the header of a vector file; raises VectorError naming the bad line."""
    h = Header()
    seen = set()
    try:
        f = open(path)
    except OSError as e:
        raise VectorError(f"{path}: cannot open vector file: {e.strerror}")
    with f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            h.lines.append(line)
            where = f"{path}:{lineno}"
            if not line.startswith("#"):
                raise VectorError(f"{where}: header ended without '#end' (got a data line first)")
            parts = line[1:].split()
            if not parts:
                raise VectorError(f"{where}: empty header line")
            key = parts[0]
            if key == "end":
                h.n_lines = lineno
                break
            if key == "module":
                if len(parts) != 2 or not IDENT_RE.match(parts[1]):
                    raise VectorError(f"{where}: '#module' needs one Verilog identifier, got '{line}'")
                h.module = parts[1]
            elif key == "param":
                if len(parts) != 3 or not IDENT_RE.match(parts[1]):
                    raise VectorError(f"{where}: '#param' needs NAME VALUE, got '{line}'")
                try:
                    h.params.append((parts[1], int(parts[2], 10)))
                except ValueError:
                    raise VectorError(f"{where}: '#param {parts[1]}' value must be a decimal integer, "
                                      f"got '{parts[2]}'")
            elif key in ("in", "out"):
                if len(parts) != 3 or not IDENT_RE.match(parts[1]):
                    raise VectorError(f"{where}: '#{key}' needs NAME WIDTH, got '{line}'")
                name = parts[1]
                try:
                    width = int(parts[2], 10)
                except ValueError:
                    width = 0
                if width < 1 or width > 1 << 20:
                    raise VectorError(f"{where}: '#{key} {name}' width must be 1..1048576, got '{parts[2]}'")
                if name in seen:
                    raise VectorError(f"{where}: signal '{name}' appears twice in the header")
                if name == "clk":
                    raise VectorError(f"{where}: 'clk' must not be a vector column (the bench makes the clock)")
                seen.add(name)
                (h.inputs if key == "in" else h.outputs).append((name, width))
            else:
                raise VectorError(f"{where}: unknown header key '#{key}' "
                                  "(expected #module, #param, #in, #out, #end)")
        else:
            raise VectorError(f"{path}: no '#end' line: not a vector file, or it was cut short")
    if h.module is None:
        raise VectorError(f"{path}: header has no '#module' line")
    if not h.outputs:
        raise VectorError(f"{path}: header has no '#out' line: nothing to check")
    return h
