#!/usr/bin/env python3
"""pty_test - the flowgate CLI against the Verilated board system over a pseudo-terminal.

build/bin/board_pty runs rtl/board/fg_board_sw.v (the line-rate switch core, the on-board test
system, the UART register bridge) in lock-step with its C twin behind a pty; this test drives it
only as a user drives a board, through `flowgate reg --serial PTY` and raw bytes on the pty:
  - the two register blocks answer with their IDs (switch core region 0, test system region 1);
  - a register written reads back; a write the core refuses (a rule broken) is reported by the CLI
    (exit 1, the reason named) and changes nothing;
  - malformed requests (a bad CRC, a cut request, an unknown command) are answered with their
    error status and change no register;
  - a 4:1 incast into a lossless class: after the run and the drain, the test system's counters
    read over the UART say every packet taken was delivered, none dropped or lost, XOFF frames sent
    and the senders held;
and the simulator ends with no lock-step mismatch, so every answer read was the C model's too.
Prints CHECK lines and `RESULT pty_test ...`; exit 1 on any failure.
"""
import json
import os
import subprocess
import sys
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SIM = os.path.join(REPO, "build", "bin", "board_pty")
CLI = os.path.join(REPO, "build", "bin", "flowgate")
N_PORTS = 4
failures = []


def check(cond, what):
    print(f"CHECK pty_test {what} {'ok' if cond else 'WRONG'}", flush=True)
    if not cond:
        failures.append(what)


def crc8(data):
    c = 0
    for b in data:
        c ^= b
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 0xFF if c & 0x80 else (c << 1) & 0xFF
    return c


def main():
    for p in (SIM, CLI):
        if not os.path.exists(p):
            print(f"pty_test: {os.path.relpath(p, REPO)} is not built (make test-build)", file=sys.stderr)
            return 1
    sim = subprocess.Popen([SIM, "--max-seconds", "300"], stdout=subprocess.PIPE, text=True)
    line = sim.stdout.readline().strip()
    if not line.startswith("PTY "):
        print(f"pty_test: the simulator said '{line}'", file=sys.stderr)
        sim.kill()
        return 1
    pty = line.split()[1]

    def cli(*args, block="sw", ok=True):
        r = subprocess.run([CLI, "reg", "--serial", pty, "--block", block, "--json"] + list(args),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
        if ok and r.returncode != 0:
            print(f"  flowgate reg {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
        return r

    def read(name, block="sw"):
        r = cli("read", name, block=block)
        if r.returncode != 0:
            return None
        return json.loads(r.stdout)["registers"][0]["value"]

    def write(name, value, block="sw"):
        return cli("write", name, str(value), block=block).returncode == 0

    def raw(data, answer_len):
        """bytes straight onto the pty; the bridge's answer"""
        fd = os.open(pty, os.O_RDWR | os.O_NOCTTY)
        try:
            os.write(fd, bytes(data))
            got = b""
            t_end = time.time() + 20
            while len(got) < answer_len and time.time() < t_end:
                try:
                    import select
                    r, _, _ = select.select([fd], [], [], 0.5)
                    if r:
                        got += os.read(fd, 64)
                except OSError:
                    break
            return got
        finally:
            os.close(fd)

    try:
        check(read("ID") == 0x46475357, "the switch core answers in region 0 (ID FGSW)")
        check(read("ID", block="tsys") == 0x46475453, "the test system answers in region 1 (ID FGTS)")
        ok = write("TOTAL_CELLS", 2000)
        for i in range(N_PORTS):
            ok = ok and write(f"HEADROOM[{i}]", 100)
        check(ok and read("TOTAL_CELLS") == 2000 and read("HEADROOM[3]") == 100, "registers written and read back")
        r = cli("write", "TOTAL_CELLS", "5", ok=False)
        check(r.returncode == 1 and "rule_pool" in r.stderr and read("TOTAL_CELLS") == 2000,
              "a write the pool rule refuses is reported (exit 1, rule_pool) and changes nothing")
        check(write("ERR", 1) and read("ERR") == 0, "the sticky error cleared")
        # malformed requests, raw: a write of TOTAL_CELLS = 7 with a bad CRC, an unknown command,
        # a write cut after its address (answered when the bridge's request timeout runs out)
        frame = [0x57, 0x00, 0x14, 0, 0, 0, 7]
        bad = frame + [crc8(frame) ^ 0x20]
        check(raw(bad, 2) == bytes([0x01, crc8([0x01])]), "a bad CRC is answered 0x01")
        check(raw([0x41], 2) == bytes([0x02, crc8([0x02])]), "an unknown command is answered 0x02")
        check(raw(frame[:3], 2) == bytes([0x04, crc8([0x04])]), "a cut request is answered 0x04 (timeout)")
        check(read("TOTAL_CELLS") == 2000 and read("ERR") == 0, "no malformed request changed a register")
        # a 4:1 incast of 4-cell packets into port 3, priority 1 (lossless), drained at 2 cycles a cell
        ok = write("CELL_CYCLES", 2, block="tsys")
        for i in range(N_PORTS):
            for name, v in (("SRC_ENABLE", 1), ("SRC_PRIO", 1), ("SRC_DST", 3), ("SRC_CELLS", 4)):
                ok = ok and write(f"{name}[{i}]", v, block="tsys")
        check(ok, "the incast configured")
        check(write("TS_CTRL", 1, block="tsys"), "traffic started")
        # run until the core has taken 1000 packets (however fast this machine simulates)
        t_end = time.time() + 120
        while time.time() < t_end and (read("SENT[0]", block="tsys") or 0) < 300:
            time.sleep(0.2)
        check(write("TS_CTRL", 0, block="tsys"), "traffic stopped")
        # drained when the delivered count stops moving
        last, t_end = -1, time.time() + 120
        while time.time() < t_end:
            d = sum(read(f"DELIVERED[{i}]", block="tsys") or 0 for i in range(N_PORTS))
            if d == last:
                break
            last = d
            time.sleep(0.3)
        names = [f"{n}[{i}]" for n in ("SENT", "DELIVERED", "DROPPED", "LOST", "XOFF_TX", "PAUSED_CYCLES")
                 for i in range(N_PORTS)]
        r = cli("read", *names, block="tsys")
        vals = {x["name"]: x["value"] for x in json.loads(r.stdout)["registers"]} if r.returncode == 0 else {}
        tot = {n: sum(vals.get(f"{n}[{i}]", -1) for i in range(N_PORTS))
               for n in ("SENT", "DELIVERED", "DROPPED", "LOST", "XOFF_TX", "PAUSED_CYCLES")}
        core = [read(f"DROPS[{i}]") for i in range(N_PORTS)] + [read(f"VIOLATIONS[{i}]") for i in range(N_PORTS)]
        print(f"INCAST pty_test 4:1 " + " ".join(f"{k.lower()}={v}" for k, v in tot.items()) +
              f" core_drops+violations={sum(c for c in core if c is not None)}", flush=True)
        check(tot["SENT"] > 1000 and tot["SENT"] == tot["DELIVERED"], "every packet taken was delivered")
        check(tot["DROPPED"] == 0 and all(c == 0 for c in core), "no drop in the lossless class")
        check(tot["LOST"] == 0, "the test system lost nothing")
        check(tot["XOFF_TX"] > 0 and tot["PAUSED_CYCLES"] > 0, "XOFF frames sent and the senders held")
    finally:
        sim.terminate()
        try:
            out, _ = sim.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            sim.kill()
            out, _ = sim.communicate()
    last = out.strip().splitlines()[-1] if out.strip() else ""
    print(last)
    check(sim.returncode == 0 and "mismatches=0" in last, "the RTL and the C model agreed on every cycle")
    print(f"RESULT pty_test checks_failed={len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
