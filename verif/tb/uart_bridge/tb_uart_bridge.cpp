// tb_uart_bridge.cpp - lock-step test of rtl/board/fg_uart_bridge.v (with fg_uart_rx,
// fg_uart_tx) against cmodel/board/uart_bridge.c. The shape comes from the build:
// -GCLKS_PER_BIT/-GTIMEOUT_CYCLES/-GN_REGIONS for Verilator and the same numbers as
// -DTB_CPB/-DTB_TIMEOUT/-DTB_REGIONS here (mk/board.mk, one place).
//
// Stimulus: a host that serialises requests onto rxd - good reads and writes, and every kind
// of bad one (wrong CRC, unknown command, misaligned or out-of-region address, a request cut
// short until the timeout, a byte with a stop bit of 0, glitches shorter than half a bit, a
// held-low line, bytes sent while the bridge is still answering), with the host's bit time
// off by one cycle now and then when the bit is long enough to bear it; and a register target
// on the bus whose ready falls for a random time after each access and at random otherwise,
// with garbage on bus_rdata whenever ready is low.
// Before the random run, known answers on the model alone: a host decodes the model's txd
// with a receiver written here (not the model's) and checks each response byte, the CRC and
// the registers behind the bus against what the protocol (docs/blocks/uart_bridge.md) says
// (TB_DEBUG=1 in the environment prints each decoded answer and the statistics).
#include <cstdlib>
#include <cstring>
#include <map>

#include "Vtop.h"
#include "board/uart_bridge.h"
#include "fg_lockstep.h"
#include "fg_serial.h"
#include "../../board/fg_uart_host.h"

#ifndef TB_CPB
#define TB_CPB 8
#endif
#ifndef TB_TIMEOUT
#define TB_TIMEOUT 300
#endif
#ifndef TB_REGIONS
#define TB_REGIONS 2
#endif

// The register target: ready low for a while after each access it takes, and at random.
struct Target {
    std::map<uint32_t, uint32_t> mem;
    uint32_t wait = 0;
    uint32_t rdata = 0;
    uint64_t writes = 0;
    // inputs for this edge from the bridge's outputs before it
    void drive(const fg_uart_bridge_out& o, fg_uart_bridge_in& in, fg::Rng* r) {
        in.bus_ready = wait == 0;
        in.bus_rdata = in.bus_ready ? rdata : (r ? (uint32_t)r->bits(32) : 0xDEADBEEFu);
        if (in.bus_ready && (o.bus_wr || o.bus_rd)) {
            if (o.bus_wr) {
                mem[o.bus_addr] = o.bus_wdata;
                writes++;
            }
            rdata = mem.count(o.bus_addr) ? mem[o.bus_addr] : 0;
            wait = r ? (uint32_t)r->range(0, 20) : 17;
        } else if (wait > 0) {
            wait--;
        } else if (r && r->chance(1, 64)) {
            wait = (uint32_t)r->range(1, 6);   // busy with something else
        }
    }
};

static uint8_t crc_of(const uint8_t* b, size_t n) {
    uint8_t c = 0;
    for (size_t i = 0; i < n; i++) c = fg_crc8_update(c, b[i]);
    return c;
}

struct TbUartBridge {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_uart_bridge";
    std::vector<std::pair<std::string, long>> params{
        {"CLKS_PER_BIT", TB_CPB}, {"TIMEOUT_CYCLES", TB_TIMEOUT}, {"N_REGIONS", TB_REGIONS}};
    bool require_coverage = true;
    fg::Options opt;
    fg_uart_bridge_cfg cfg{};
    fg_uart_bridge_state st{};
    fg_uart_bridge_in in{};
    fg_uart_bridge_out out{};
    bool rst = true;
    fg::UartLine line;
    Target tgt;
    uint32_t gap = 0;   // idle cycles before the host's next request

    explicit TbUartBridge(const fg::Options& o) : opt(o) {
        cfg.clks_per_bit = TB_CPB;
        cfg.timeout_cycles = TB_TIMEOUT;
        cfg.n_regions = TB_REGIONS;
        char msg[160];
        if (!fg_uart_bridge_cfg_check(&cfg, msg, sizeof msg)) {
            std::fprintf(stderr, "error: %s\n", msg);
            std::exit(2);
        }
        fg_uart_bridge_reset(&st, &cfg);
        fg_uart_bridge_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("rxd", 1, &top->rxd, [this] { return (uint64_t)in.rxd; });
        sig.input("bus_ready", 1, &top->bus_ready, [this] { return (uint64_t)in.bus_ready; });
        sig.input("bus_rdata", 32, &top->bus_rdata, [this] { return (uint64_t)in.bus_rdata; });
        sig.output("txd", 1, &top->txd, [this] { return (uint64_t)out.txd; });
        sig.output("bus_wr", 1, &top->bus_wr, [this] { return (uint64_t)out.bus_wr; });
        sig.output("bus_rd", 1, &top->bus_rd, [this] { return (uint64_t)out.bus_rd; });
        sig.output("bus_addr", 16, &top->bus_addr, [this] { return (uint64_t)out.bus_addr; });
        sig.output("bus_wdata", 32, &top->bus_wdata, [this] { return (uint64_t)out.bus_wdata; });
        sig.output("busy", 1, &top->busy, [this] { return (uint64_t)out.busy; });
        sig.output("stat_ok", 1, &top->stat_ok, [this] { return (uint64_t)out.stat_ok; });
        sig.output("stat_bad_crc", 1, &top->stat_bad_crc, [this] { return (uint64_t)out.stat_bad_crc; });
        sig.output("stat_bad_cmd", 1, &top->stat_bad_cmd, [this] { return (uint64_t)out.stat_bad_cmd; });
        sig.output("stat_bad_addr", 1, &top->stat_bad_addr, [this] { return (uint64_t)out.stat_bad_addr; });
        sig.output("stat_timeout", 1, &top->stat_timeout, [this] { return (uint64_t)out.stat_timeout; });
        sig.output("stat_framing", 1, &top->stat_framing, [this] { return (uint64_t)out.stat_framing; });
        sig.output("stat_overrun", 1, &top->stat_overrun, [this] { return (uint64_t)out.stat_overrun; });
    }

    // one request of a random kind onto the line
    void queue_request(fg::Rng& r) {
        // the host's bit time: off by one now and then when a bit is long enough to bear it
        uint32_t cpb = TB_CPB;
        if (TB_CPB >= 12 && r.chance(1, 4)) cpb = r.chance(1, 2) ? TB_CPB + 1 : TB_CPB - 1;
        uint8_t b[8];
        size_t n;
        uint32_t region = (uint32_t)r.below(r.chance(1, 10) ? 16 : TB_REGIONS);
        uint16_t addr = (uint16_t)((region << 12) | (r.bits(12) & (r.chance(1, 12) ? 0xFFFu : 0xFFCu)));
        if (r.chance(1, 3)) addr = (uint16_t)(addr & 0xF03Cu);   // a few addresses, read back often
        if (r.chance(1, 2))
            n = fg_serial_frame_write(b, addr, (uint32_t)r.bits(32));
        else
            n = fg_serial_frame_read(b, addr);
        uint32_t kind = (uint32_t)r.below(100);
        if (kind < 6) b[n - 1] ^= (uint8_t)(1u << r.below(8));                  // bad CRC
        else if (kind < 11) b[0] = (uint8_t)r.bits(8);                          // bad command (mostly)
        size_t cut = n;
        if (kind >= 11 && kind < 16) cut = (size_t)r.range(1, n - 1);           // cut short: timeout
        int ferr_at = (kind >= 16 && kind < 20) ? (r.chance(1, 3) ? 0 : (int)r.below(n)) : -1;   // a stop bit of 0
        for (size_t i = 0; i < cut; i++) {
            line.bits(cpb, b[i], (int)i != ferr_at);
            if (r.chance(1, 8)) line.level(true, (uint32_t)r.below(TB_TIMEOUT / 2));   // a gap inside
        }
        if (kind >= 20 && kind < 23) line.level(false, (uint32_t)r.range(1, TB_CPB / 2 - 1));   // glitch
        if (kind == 23) line.level(false, (uint32_t)r.range(10 * TB_CPB, 30 * TB_CPB));         // break
        if (kind == 24) line.level(true, (uint32_t)r.range(TB_TIMEOUT, TB_TIMEOUT + 50));       // a long gap
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 300000);
        if (line.empty()) {
            if (gap > 0) {
                gap--;
            } else if (!out.busy || r.chance(1, 4000)) {
                // usually after the answer is out (and a little idle); now and then at once
                queue_request(r);
                gap = r.chance(1, 10) ? 0 : (uint32_t)r.range(TB_CPB * 12, TB_CPB * 14);
            }
        }
        in.rxd = line.next();
        tgt.drive(out, in, &r);
    }
    void model_step() {
        if (rst) {
            fg_uart_bridge_reset(&st, &cfg);
            fg_uart_bridge_outputs(&st, &out);
        } else {
            fg_uart_bridge_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_uart_bridge_cov_names, st.cov, FG_UART_BRIDGE_COV_N); }
};

// ---- known answers on the model alone ---------------------------------------------------

struct Host {
    fg_uart_bridge_cfg cfg{TB_CPB, TB_TIMEOUT, TB_REGIONS};
    fg_uart_bridge_state st{};
    fg_uart_bridge_in in{};
    fg_uart_bridge_out out{};
    fg::UartLine line;
    Target tgt;
    fg::UartRx rx{TB_CPB};   // the model's txd, decoded
    uint64_t n_ok = 0, n_crc = 0, n_cmd = 0, n_addr = 0, n_tmo = 0, n_fr = 0, n_over = 0;
    Host() {
        fg_uart_bridge_reset(&st, &cfg);
        fg_uart_bridge_outputs(&st, &out);
    }
    void step() {
        in.rxd = line.next();
        tgt.drive(out, in, nullptr);
        fg_uart_bridge_step(&st, &in, &out);
        rx.sample(out.txd);
        n_ok += out.stat_ok, n_crc += out.stat_bad_crc, n_cmd += out.stat_bad_cmd;
        n_addr += out.stat_bad_addr, n_tmo += out.stat_timeout, n_fr += out.stat_framing;
        n_over += out.stat_overrun;
    }
    // runs until the line is sent and the bridge is idle again; what txd carried meanwhile
    std::vector<uint8_t> exchange(uint64_t max_cycles = 200000) {
        rx.bytes.clear();
        // the receiver finishes a byte after the line has carried its stop bit's middle (plus
        // two synchroniser flops): quiet means a line idle for two bit times, and no answer
        uint64_t c = 0, idle = 0;
        do {
            step();
            idle = line.empty() ? idle + 1 : 0;
        } while ((idle < 2 * TB_CPB || out.busy || st.tx_start || st.tx.busy) && ++c < max_cycles);
        for (int i = 0; i < 2 * TB_CPB; i++) step();
        return std::vector<uint8_t>(rx.bytes.begin(), rx.bytes.end());
    }
    std::vector<uint8_t> send(const uint8_t* b, size_t n) {
        for (size_t i = 0; i < n; i++) line.bits(TB_CPB, b[i], true);
        return exchange();
    }
};

static bool known_answers() {
    bool ok = true;
    std::vector<uint8_t> v;
    Host h;
    auto check = [&](bool cond, const char* what) {
        std::printf("CHECK uart_bridge %s %s\n", what, cond ? "ok" : "WRONG");
        if (getenv("TB_DEBUG")) {
            for (uint8_t x : v) std::printf(" %02x", x);
            std::printf(" | ok %lu crc %lu cmd %lu addr %lu tmo %lu fr %lu over %lu writes %lu\n", (unsigned long)h.n_ok,
                        (unsigned long)h.n_crc, (unsigned long)h.n_cmd, (unsigned long)h.n_addr, (unsigned long)h.n_tmo,
                        (unsigned long)h.n_fr, (unsigned long)h.n_over, (unsigned long)h.tgt.writes);
        }
        ok = ok && cond;
    };
    auto status_frame = [](const std::vector<uint8_t>& v, uint8_t status) {
        return v.size() == 2 && v[0] == status && v[1] == crc_of(&v[0], 1);
    };
    uint8_t b[8];
    // a write, then the read of it: OK, the value high byte first, CRCs right
    size_t n = fg_serial_frame_write(b, 0x0104, 0xA1B2C3D4u);
    check(b[7] == crc_of(b, 7) && b[0] == 'W' && b[1] == 0x01 && b[2] == 0x04, "write frame as documented");
    v = h.send(b, n);
    check(status_frame(v, FG_UART_ST_OK) && h.tgt.mem[0x0104] == 0xA1B2C3D4u && h.tgt.writes == 1,
          "write answered OK and written once");
    n = fg_serial_frame_read(b, 0x0104);
    v = h.send(b, n);
    check(v.size() == 6 && v[0] == FG_UART_ST_OK && v[1] == 0xA1 && v[2] == 0xB2 && v[3] == 0xC3 && v[4] == 0xD4 &&
              v[5] == crc_of(&v[0], 5),
          "read answers OK, the value high byte first, CRC over status and value");
    // CRC-8/poly 0x07 of "123456789" is 0xF4 (the catalogue's check value for CRC-8, init 0)
    check(crc_of((const uint8_t*)"123456789", 9) == 0xF4, "CRC-8 check value 0xF4");
    // a bad CRC: answered 0x01, nothing written
    n = fg_serial_frame_write(b, 0x0108, 0x11111111u);
    b[7] ^= 0x10;
    v = h.send(b, n);
    check(status_frame(v, FG_UART_ST_BAD_CRC) && h.tgt.writes == 1 && h.tgt.mem.count(0x0108) == 0,
          "bad CRC answered 0x01 and nothing written");
    // unknown command: answered at once
    b[0] = 0x41;
    v = h.send(b, 1);
    check(status_frame(v, FG_UART_ST_BAD_CMD), "unknown command answered 0x02");
    // misaligned and out-of-region addresses
    n = fg_serial_frame_write(b, 0x0106, 0x22222222u);
    v = h.send(b, n);
    check(status_frame(v, FG_UART_ST_BAD_ADDR) && h.tgt.writes == 1, "misaligned address answered 0x03, not written");
    n = fg_serial_frame_write(b, (uint16_t)(TB_REGIONS << 12), 0x33333333u);
    v = h.send(b, n);
    check(status_frame(v, FG_UART_ST_BAD_ADDR) && h.tgt.writes == 1, "region beyond N_REGIONS answered 0x03");
    // a write cut after its data: timeout, nothing written; the next request is served
    n = fg_serial_frame_write(b, 0x010C, 0x44444444u);
    v = h.send(b, n - 1);
    check(status_frame(v, FG_UART_ST_TIMEOUT) && h.tgt.writes == 1, "cut request times out (0x04), not written");
    n = fg_serial_frame_read(b, 0x0104);
    v = h.send(b, n);
    check(v.size() == 6 && v[0] == FG_UART_ST_OK && v[4] == 0xD4, "served again after a timeout");
    // a stop bit of 0 inside a write: 0x05, nothing written
    n = fg_serial_frame_write(b, 0x0110, 0x55555555u);
    for (size_t i = 0; i < n; i++) h.line.bits(TB_CPB, b[i], i != 3);
    v = h.exchange();
    // the bytes after the bad one arrive while the error is answered (dropped, counted) or
    // start a new request that then times out; either way nothing is written
    check(!v.empty() && v[0] == FG_UART_ST_FRAMING && h.tgt.writes == 1 && h.tgt.mem.count(0x0110) == 0,
          "framing error answered 0x05 first, not written");
    // a glitch shorter than half a bit is not a byte
    uint64_t cmd_before = h.n_cmd, fr_before = h.n_fr;
    h.line.level(false, TB_CPB / 2 - 1);
    v = h.exchange();
    check(v.empty() && h.n_cmd == cmd_before && h.n_fr == fr_before, "glitch ignored");
    // a held-low line is one framing error
    fr_before = h.n_fr;
    h.line.level(false, 40 * TB_CPB);
    v = h.exchange();
    check(h.n_fr == fr_before + 1 && status_frame(v, FG_UART_ST_FRAMING), "break is one framing error");
    // a request sent right behind another: its four bytes arrive while the first one's six-byte
    // answer is under way, so they are dropped and counted, and only the first is answered
    uint64_t over_before = h.n_over, ok_before = h.n_ok;
    n = fg_serial_frame_read(b, 0x0104);
    for (int rep = 0; rep < 2; rep++)
        for (size_t i = 0; i < n; i++) h.line.bits(TB_CPB, b[i], true);
    v = h.exchange();
    check(h.n_over == over_before + 4 && h.n_ok == ok_before + 1 && v.size() == 6 && v[4] == 0xD4,
          "a request sent during an answer is dropped, its 4 bytes counted");
    check(h.n_ok == 4 && h.n_crc == 1 && h.n_addr == 2 && h.n_tmo >= 1, "statistics pulses counted");
    return ok;
}

int main(int argc, char** argv) {
    bool facts_ok = known_answers();
    int rc = fg::run<TbUartBridge>(argc, argv, fg::test_name_from_argv(argc, argv, "uart_bridge").c_str());
    return facts_ok ? rc : 1;
}
