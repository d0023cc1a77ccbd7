// tb_board_sw.cpp - lock-step test of rtl/board/fg_board_sw.v (the line-rate switch core, the
// on-board test system and the UART register bridge) against cmodel/board/board_sw.c. The
// shape comes from the build: -GN_PORTS/-GN_PRIO/-GCLKS_PER_BIT/-GTIMEOUT_CYCLES for Verilator
// and -DTB_N_PORTS/-DTB_N_PRIO/-DTB_CPB/-DTB_TIMEOUT here (mk/board.mk).
//
// Everything reaches the board through its UART, as on a real board: a host writes the core's
// and the test system's registers (legal values mostly, illegal ones now and then), starts and
// stops traffic patterns (N:1 incasts and random sources; CELL_CYCLES 1..12, REACT 0..60), reads
// counters, and now and then
// sends a malformed request. The lock-step compares the UART line, the LEDs and the test
// system's counter pulses every cycle.
// Before the random run, known answers on the model alone (a host with its own UART receiver
// decodes the answers): a 4:1 incast into a lossless class with headroom to spare, run, stopped
// and drained, must show SENT = DELIVERED summed over the ports, no drop (the test system's
// DROPPED and the core's DROPS and VIOLATIONS), no LOST, XOFF frames sent on the senders'
// ports, and the sources held by the pause (PAUSED_CYCLES); a malformed request changes no
// register.
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>

#include "Vtop.h"
#include "board/board_sw.h"
#include "../../board/fg_uart_host.h"
#include "../../board/tb_board_shape.h"
#include "fg_lockstep.h"
#include "fg_serial.h"
#include "fg_regs_sw.h"
#include "fg_regs_tsys.h"

static const uint16_t TS = 0x1000;   // the test system's region

// ---- known answers on the model alone ---------------------------------------------------

struct ModelHost {
    fg_board_sw_cfg cfg = board_cfg();
    fg_board_sw_state* st = fg_board_sw_create(&cfg);
    fg_board_sw_in in{};
    fg_board_sw_out out{};
    fg::UartLine line;
    fg::UartRx rx{TB_CPB};
    uint64_t cycles = 0;
    ~ModelHost() { fg_board_sw_free(st); }
    void step() {
        in.uart_rxd = line.next();
        fg_board_sw_step(st, &in, &out);
        rx.sample(out.uart_txd);
        cycles++;
    }
    void run(uint64_t n) {
        for (uint64_t i = 0; i < n; i++) step();
    }
    // one request, its answer (status first); empty when none came
    std::vector<uint8_t> request(const uint8_t* b, size_t n, size_t answer_len) {
        rx.bytes.clear();
        line.frame(TB_CPB, b, n);
        uint64_t limit = cycles + 40000;
        while (rx.bytes.size() < answer_len && cycles < limit) step();
        run(4 * TB_CPB);
        return std::vector<uint8_t>(rx.bytes.begin(), rx.bytes.end());
    }
    bool write(uint16_t addr, uint32_t v) {
        uint8_t b[8];
        size_t n = fg_serial_frame_write(b, addr, v);
        std::vector<uint8_t> a = request(b, n, 2);
        return a.size() >= 2 && a[0] == FG_UART_ST_OK;
    }
    bool read(uint16_t addr, uint32_t* v) {
        uint8_t b[4];
        size_t n = fg_serial_frame_read(b, addr);
        std::vector<uint8_t> a = request(b, n, 6);
        if (a.size() < 6 || a[0] != FG_UART_ST_OK) return false;
        *v = ((uint32_t)a[1] << 24) | ((uint32_t)a[2] << 16) | ((uint32_t)a[3] << 8) | a[4];
        return true;
    }
};

static bool known_answers() {
    bool ok = true;
    auto check = [&](bool cond, const char* what) {
        std::printf("CHECK board_sw %s %s\n", what, cond ? "ok" : "WRONG");
        ok = ok && cond;
    };
    ModelHost h;
    if (h.st == nullptr) {
        std::printf("CHECK board_sw model refused its shape WRONG\n");
        return false;
    }
    const int N = TB_N_PORTS, dst = N - 1, prio = TB_N_PRIO - 1;
    uint32_t v = 0;
    check(h.read(FG_REG_ID_ADDR, &v) && v == 0x46475357u, "region 0 is the switch core (ID FGSW)");
    check(h.read(TS + FG_TSYS_REG_ID_ADDR, &v) && v == 0x46475453u, "region 1 is the test system (ID FGTS)");
    // a malformed write (bad CRC) to TOTAL_CELLS changes nothing
    uint8_t b[8];
    fg_serial_frame_write(b, FG_REG_TOTAL_CELLS_ADDR, 5);
    b[7] ^= 0x01;
    std::vector<uint8_t> a = h.request(b, 8, 2);
    check(a.size() >= 1 && a[0] == FG_UART_ST_BAD_CRC && h.read(FG_REG_TOTAL_CELLS_ADDR, &v) && v == 0x3FFFFu,
          "a write with a bad CRC changes no register");
    // the core: a small buffer, headroom to spare for the on-chip reaction time
    bool w = h.write(FG_REG_TOTAL_CELLS_ADDR, 2000);
    for (int i = 0; i < N; i++) w = w && h.write((uint16_t)FG_REG_HEADROOM_ADDR(i), 100);
    // the test system: a 4:1 incast of 4-cell packets into (dst, prio), back to back
    w = w && h.write(TS + FG_TSYS_REG_CELL_CYCLES_ADDR, 2);
    for (int i = 0; i < N; i++) {
        w = w && h.write((uint16_t)(TS + FG_TSYS_REG_SRC_ENABLE_ADDR + 4 * i), 1);
        w = w && h.write((uint16_t)(TS + FG_TSYS_REG_SRC_PRIO_ADDR + 4 * i), (uint32_t)prio);
        w = w && h.write((uint16_t)(TS + FG_TSYS_REG_SRC_DST_ADDR + 4 * i), (uint32_t)dst);
        w = w && h.write((uint16_t)(TS + FG_TSYS_REG_SRC_CELLS_ADDR + 4 * i), 4);
    }
    check(w, "configuration written (every answer OK)");
    check(h.read(FG_REG_ERR_ADDR, &v) && v == 0 && h.read(TS + FG_TSYS_REG_ERR_ADDR, &v) && v == 0,
          "no illegal write in either block");
    check(h.write(TS + FG_TSYS_REG_TS_CTRL_ADDR, 1), "traffic started");
    h.run(30000);
    check((h.out.led & 1u) != 0, "LED run on while running");
    check(h.write(TS + FG_TSYS_REG_TS_CTRL_ADDR, 0), "traffic stopped");
    h.run(20000);   // drain: 4 x queue contents at 2 cycles a cell
    uint64_t sent = 0, delivered = 0, dropped = 0, lost = 0, xoff = 0, held = 0, core_drops = 0, viol = 0;
    bool r = true;
    for (int i = 0; i < N; i++) {
        r = r && h.read((uint16_t)(TS + FG_TSYS_REG_SENT_ADDR + 4 * i), &v), sent += v;
        r = r && h.read((uint16_t)(TS + FG_TSYS_REG_DELIVERED_ADDR + 4 * i), &v), delivered += v;
        r = r && h.read((uint16_t)(TS + FG_TSYS_REG_DROPPED_ADDR + 4 * i), &v), dropped += v;
        r = r && h.read((uint16_t)(TS + FG_TSYS_REG_LOST_ADDR + 4 * i), &v), lost += v;
        r = r && h.read((uint16_t)(TS + FG_TSYS_REG_XOFF_TX_ADDR + 4 * i), &v), xoff += v;
        r = r && h.read((uint16_t)(TS + FG_TSYS_REG_PAUSED_CYCLES_ADDR + 4 * i), &v), held += v;
        r = r && h.read((uint16_t)(FG_REG_DROPS_ADDR(i)), &v), core_drops += v;
        r = r && h.read((uint16_t)(FG_REG_VIOLATIONS_ADDR(i)), &v), viol += v;
    }
    std::printf("INCAST board_sw %d:1 sent=%llu delivered=%llu dropped=%llu lost=%llu xoff_frames=%llu "
                "paused_cycles=%llu core_drops=%llu violations=%llu\n",
                N, (unsigned long long)sent, (unsigned long long)delivered, (unsigned long long)dropped,
                (unsigned long long)lost, (unsigned long long)xoff, (unsigned long long)held,
                (unsigned long long)core_drops, (unsigned long long)viol);
    check(r, "counters read");
    check(sent > 1000 && sent == delivered, "every packet taken was delivered (SENT = DELIVERED)");
    check(dropped == 0 && core_drops == 0 && viol == 0, "no drop in the lossless class");
    check(lost == 0, "the test system lost nothing");
    check(xoff > 0 && held > 0, "the incast paused the senders (XOFF frames, PAUSED_CYCLES)");
    return ok;
}

// ---- the lock-step run ------------------------------------------------------------------

struct TbBoardSw {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_board_sw";
    std::vector<std::pair<std::string, long>> params{
        {"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO},     {"GFC", 0},           {"ECN", 0},
        {"CLKS_PER_BIT", TB_CPB}, {"TIMEOUT_CYCLES", TB_TIMEOUT}, {"EQ_DEPTH_LOG2", TB_EQ_DEPTH_LOG2}, {"HEARTBEAT_LOG2", TB_HEARTBEAT_LOG2},
        {"CNT_W", 32}};
    bool require_coverage = true;
    fg::Options opt;
    fg_board_sw_cfg cfg = board_cfg();
    fg_board_sw_state* st = nullptr;
    fg_board_sw_in in{};
    fg_board_sw_out out{};
    bool rst = true;
    fg::UartLine line;
    std::deque<std::vector<uint8_t>> requests;
    uint32_t gap = 0;
    uint64_t collisions = 0;   // the model's RAM collisions, summed over resets (a reset clears its count)

    explicit TbBoardSw(const fg::Options& o) : opt(o) {
        st = fg_board_sw_create(&cfg);
        if (st == nullptr) {
            std::fprintf(stderr, "error: the model refused the shape\n");
            std::exit(2);
        }
        fg_board_sw_outputs(st, &out);
        const int N = TB_N_PORTS;
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("uart_rxd", 1, &top->uart_rxd, [this] { return (uint64_t)in.uart_rxd; });
        sig.output("uart_txd", 1, &top->uart_txd, [this] { return (uint64_t)out.uart_txd; });
        sig.output("led", 5, &top->led, [this] { return (uint64_t)out.led; });
#define STAT(name) sig.output_array(#name, 1, N, &top->name, [this](int k) { return (uint64_t)out.name[k]; })
        STAT(stat_sent);
        STAT(stat_dropped);
        STAT(stat_delivered);
        STAT(stat_xoff);
        STAT(stat_xon);
        STAT(stat_paused);
        STAT(stat_lost);
#undef STAT
    }
    ~TbBoardSw() { fg_board_sw_free(st); }

    void wr(uint16_t addr, uint32_t v) {
        std::vector<uint8_t> b(8);
        fg_serial_frame_write(b.data(), addr, v);
        requests.push_back(b);
    }
    void rd(uint16_t addr) {
        std::vector<uint8_t> b(4);
        fg_serial_frame_read(b.data(), addr);
        requests.push_back(b);
    }
    // a new traffic pattern: the core's buffer and the sources, then run
    void queue_pattern(fg::Rng& r) {
        const int N = TB_N_PORTS;
        wr(TS + FG_TSYS_REG_TS_CTRL_ADDR, 0);
        wr(FG_REG_TOTAL_CELLS_ADDR, (uint32_t)r.range(1200, 4000));
        for (int i = 0; i < N; i++) wr((uint16_t)FG_REG_HEADROOM_ADDR(i), (uint32_t)r.range(20, 120));
        if (r.chance(1, 3)) wr(FG_REG_LOSSLESS_MASK_ADDR, (uint32_t)r.below(1u << TB_N_PRIO));
        if (r.chance(1, 4)) wr(FG_REG_CTRL_ADDR, (uint32_t)r.below(8));   // static mode, 802.3x, PFC enable
        wr(TS + FG_TSYS_REG_CELL_CYCLES_ADDR, (uint32_t)r.range(1, 12));
        wr(TS + FG_TSYS_REG_REACT_ADDR, r.chance(1, 2) ? 0u : (uint32_t)r.range(1, 60));
        const int dst = (int)r.below(N);
        const bool incast = r.chance(2, 3);
        for (int i = 0; i < N; i++) {
            wr((uint16_t)(TS + FG_TSYS_REG_SRC_ENABLE_ADDR + 4 * i), r.chance(4, 5) ? 1u : 0u);
            wr((uint16_t)(TS + FG_TSYS_REG_SRC_PRIO_ADDR + 4 * i),
               (uint32_t)(r.chance(1, 10) ? r.below(8) : r.below(TB_N_PRIO)));
            wr((uint16_t)(TS + FG_TSYS_REG_SRC_DST_ADDR + 4 * i),
               (uint32_t)(incast && !r.chance(1, 10) ? dst : (r.chance(1, 8) ? r.below(32) : r.below(N))));
            wr((uint16_t)(TS + FG_TSYS_REG_SRC_CELLS_ADDR + 4 * i), (uint32_t)r.range(1, r.chance(1, 4) ? 40 : 8));
            wr((uint16_t)(TS + FG_TSYS_REG_SRC_GAP_ADDR + 4 * i), (uint32_t)(r.chance(1, 2) ? 0 : r.below(40)));
            if (r.chance(1, 4)) wr((uint16_t)(TS + FG_TSYS_REG_SRC_ECT_ADDR + 4 * i), (uint32_t)r.below(2));
        }
        wr(TS + FG_TSYS_REG_TS_CTRL_ADDR, 1);
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 2000000);
        if (line.empty()) {
            if (gap > 0) {
                gap--;
            } else if ((out.led & 8u) == 0 || r.chance(1, 20000)) {
                if (requests.empty()) {
                    uint32_t what = (uint32_t)r.below(100);
                    if (what < 6) {
                        queue_pattern(r);
                    } else if (what < 8) {
                        wr(TS + FG_TSYS_REG_TS_CTRL_ADDR, (uint32_t)r.below(2));   // stop or resume
                    } else if (what < 50) {
                        // a counter or a register of either block
                        const fg_reg_field_desc* f = r.chance(1, 2)
                                                         ? &fg_regs_tsys_fields[r.below(FG_REGS_TSYS_N_FIELDS)]
                                                         : &fg_regs_sw_fields[r.below(FG_REGS_SW_N_FIELDS)];
                        uint16_t base = (f >= fg_regs_tsys_fields && f < fg_regs_tsys_fields + FG_REGS_TSYS_N_FIELDS)
                                            ? TS
                                            : 0;
                        uint32_t k = f->array != FG_REG_ARRAY_NONE ? (uint32_t)r.below(TB_N_PORTS) : 0;
                        rd((uint16_t)(base + f->addr + 4 * k));
                    } else if (what < 53) {
                        // an illegal or odd write: any register, any value
                        wr((uint16_t)((r.chance(1, 2) ? TS : 0) + (r.bits(11) & ~3u)), (uint32_t)r.bits(32));
                    } else if (what < 55) {
                        // a malformed request: a bad CRC, a cut one, garbage
                        std::vector<uint8_t> b(8);
                        fg_serial_frame_write(b.data(), (uint16_t)(TS + FG_TSYS_REG_TS_CTRL_ADDR), 0);
                        if (r.chance(1, 2)) b[7] ^= (uint8_t)(1u << r.below(8));
                        else b.resize(r.range(1, 7));
                        requests.push_back(b);
                    } else if (what < 56) {
                        requests.push_back({(uint8_t)r.bits(8)});
                    } else {
                        gap = (uint32_t)r.range(100, 3000);   // let the traffic run
                    }
                }
                if (!requests.empty()) {
                    line.frame(TB_CPB, requests.front().data(), requests.front().size());
                    requests.pop_front();
                    gap = 2 * TB_CPB;
                }
            }
        }
        in.uart_rxd = line.next();
    }
    void model_step() {
        if (rst) {
            collisions += st->tsys.ram_collisions;
            fg_board_sw_reset(st);
            fg_board_sw_outputs(st, &out);
            line.clear();
            requests.clear();
        } else {
            fg_board_sw_step(st, &in, &out);
        }
    }
    bool coverage() {
        // the test system's own points (the sub-blocks' tests cover theirs)
        // and no read of an egress-queue word on the edge that writes it (undefined in the RTL)
        const uint64_t total = collisions + st->tsys.ram_collisions;
        if (total != 0)
            std::printf("TB ERROR test=%s egress-queue RAM read and written at one address on %llu edges\n",
                        opt.test.c_str(), (unsigned long long)total);
        return fg::report_coverage(opt, fg_tsys_cov_names, st->tsys.cov, FG_TSYS_COV_N) && total == 0;
    }
};

int main(int argc, char** argv) {
    bool facts_ok = known_answers();
    int rc = fg::run<TbBoardSw>(argc, argv, fg::test_name_from_argv(argc, argv, "board_sw").c_str());
    return facts_ok ? rc : 1;
}
