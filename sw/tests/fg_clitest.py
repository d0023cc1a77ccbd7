"""fg_clitest.py - the small harness the flowgate CLI tests share: run flowgate with a fixed
command prefix, check a condition (counting passes and failures, one line per failure), and
expect an exit status with strings in stdout/stderr."""
import os
import subprocess

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FLOWGATE = os.path.join(ROOT, "build", "bin", "flowgate")


class Cli:
    def __init__(self, *prefix):
        self.prefix = list(prefix)
        self.passed = 0
        self.failed = 0

    def run(self, *args):
        p = subprocess.run([FLOWGATE, *self.prefix, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        return p.returncode, p.stdout, p.stderr

    def check(self, name, cond, detail=""):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}")

    def expect(self, name, args, rc, out_has=(), err_has=()):
        code, out, err = self.run(*args)
        self.check(name, code == rc, f"exit {code}, want {rc}; stdout={out!r} stderr={err!r}")
        for s in out_has:
            self.check(name, s in out, f"stdout lacks {s!r}: {out!r}")
        for s in err_has:
            self.check(name, s in err, f"stderr lacks {s!r}: {err!r}")
        return out, err
