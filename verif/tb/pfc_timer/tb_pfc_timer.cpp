// tb_pfc_timer.cpp - lock-step test of rtl/mac/fg_pfc_timer.v against cmodel/mac/pfc_timer.c,
// N_PRIO from -DTB_N_PRIO (default 8).
//
// Before the random run, a directed check that does not come from the code under test, run on
// the RTL and on the model separately: at 1 GbE on a byte-wide datapath one cycle is 8 bit
// times and a quantum is 512 bit times, so a quantum lasts 512/8 = 64 cycles and a pause of T
// quanta must hold tx_paused high for exactly 64*T cycles (cfg_quanta_step = 8/512 quanta =
// 2^16/64 = 0x400 in Q8.16). It also checks that an XON (time 0) ends a pause on the next
// edge, that an addressed class other than p leaves p alone, and that 64-byte cells per cycle
// (step 0x10000) give exactly T cycles.
//
// The compact form (-DFG_TB_COMPACT=1, RTL COMPACT = 1: a quantum prescaler, whole quanta per
// class) may pause longer than that by up to one quantum, never shorter: the directed check
// loads T at every phase of the 64-cycle quantum and wants 64*T + 1 .. 64*T + 64 cycles, both
// ends reached (a quantum counted from the load's own period would give 64*T - 63 .. 64*T;
// one period too many, 64*T + 65 ..), and T + 1 cycles at one quantum per cycle.
//
// Random run: PFC messages with random class vectors at random intervals (sometimes every
// cycle, sometimes rare enough for timers to run out), times drawn from {0, 1..3, random,
// 0xFFFF}, quanta step changed now and then among the realistic values, 0, a value that does
// not divide 2^16, and any 24-bit value.
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/pfc_timer.h"

#ifndef TB_N_PRIO
#define TB_N_PRIO 8
#endif
#ifndef FG_TB_COMPACT
#define FG_TB_COMPACT 0
#endif

struct TbPfcTimer {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_pfc_timer";
    std::vector<std::pair<std::string, long>> params{{"N_PRIO", TB_N_PRIO}, {"COMPACT", FG_TB_COMPACT}};
    bool require_coverage = true;
    fg::Options opt;
    fg_pfc_timer_cfg cfg{};
    fg_pfc_timer_state st{};
    fg_pfc_timer_in in{};
    fg_pfc_timer_out out{};
    bool rst = true;
    uint32_t msg_rate = 50;  // 1 in msg_rate cycles carries a PFC message

    explicit TbPfcTimer(const fg::Options& o) : opt(o) {
        cfg.n_prio = TB_N_PRIO;
        cfg.compact = FG_TB_COMPACT;
        fg_pfc_timer_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("pfc_valid", 1, &top->pfc_valid, [this] { return (uint64_t)in.pfc_valid; });
        sig.input("pfc_cev", 8, &top->pfc_cev, [this] { return (uint64_t)in.pfc_cev; });
        sig.input_array("pfc_time", 16, 8, &top->pfc_time, [this](int n) { return (uint64_t)in.pfc_time[n]; });
        sig.input("cfg_quanta_step", 24, &top->cfg_quanta_step, [this] { return (uint64_t)in.cfg_quanta_step; });
        sig.output_array("tx_paused", 1, TB_N_PRIO, &top->tx_paused,
                         [this](int n) { return (uint64_t)out.tx_paused[n]; });
        sig.output_array("timer", 32, TB_N_PRIO, &top->timer, [this](int n) { return (uint64_t)out.timer[n]; });
    }
    uint16_t pick_time(fg::Rng& r) {
        switch (r.below(6)) {
        case 0: return 0;
        case 1: return (uint16_t)r.range(1, 3);
        case 2: return 0xFFFF;
        default: return (uint16_t)r.range(1, 40);  // short enough to expire at 1/64 quanta per cycle
        }
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 100000);
        if (r.chance(1, 20000)) msg_rate = r.chance(1, 4) ? 1 : (uint32_t)r.range(2, 3000);
        if (cycle == 0 || r.chance(1, 5000)) {
            switch (r.below(7)) {
            case 0: in.cfg_quanta_step = 0x000400; break;  // 1 GbE, byte-wide
            case 1: in.cfg_quanta_step = 0x010000; break;  // one 64-byte cell per cycle
            case 2: in.cfg_quanta_step = 0x004000; break;  // 128 bits per cycle (40 GbE, 128-bit)
            case 3: in.cfg_quanta_step = 0; break;          // timers frozen
            case 4: in.cfg_quanta_step = 0x00A3D7; break;   // does not divide 2^16
            case 5: in.cfg_quanta_step = 0xFFFFFF; break;   // largest
            default: in.cfg_quanta_step = (uint32_t)r.bits(24); break;
            }
        }
        in.pfc_valid = r.chance(1, msg_rate);
        in.pfc_cev = r.chance(1, 8) ? 0xFF : (uint8_t)r.bits(8);
        for (int n = 0; n < 8; n++) in.pfc_time[n] = pick_time(r);
    }
    void model_step() {
        if (rst) {
            fg_pfc_timer_reset(&st, &cfg);
            memset(&out, 0, sizeof out);
        } else {
            fg_pfc_timer_step(&st, &in, &out);
        }
    }
    // Only the points this form can reach are counted; one it cannot reach that is hit fails.
    static bool reachable(int k) {
        const bool full_only = k == FG_PFC_TIMER_COV_COUNT || k == FG_PFC_TIMER_COV_EXACT ||
                               k == FG_PFC_TIMER_COV_SATURATE;
        const bool compact_only = k == FG_PFC_TIMER_COV_SKIP || k == FG_PFC_TIMER_COV_TICK ||
                                  k == FG_PFC_TIMER_COV_EXPIRE || k == FG_PFC_TIMER_COV_WAIT;
        return FG_TB_COMPACT ? !full_only : !compact_only;
    }
    bool coverage() {
        bool form[FG_PFC_TIMER_COV_N];
        for (int k = 0; k < FG_PFC_TIMER_COV_N; k++) form[k] = reachable(k);
        return fg::report_coverage_form(opt, "pfc_timer", fg_pfc_timer_cov_names, st.cov, form, FG_PFC_TIMER_COV_N);
    }
};

// ---- directed checks, derived by hand -------------------------------------------------------

// One edge of either twin, so the same directed sequence runs on both.
struct Dut {
    virtual ~Dut() {}
    virtual void edge(bool rst, bool valid, uint8_t cev, const uint16_t* time, uint32_t step) = 0;
    virtual bool paused(int p) = 0;
};
struct RtlDut : Dut {
    Vtop top;  // built with the form's COMPACT
    void edge(bool rst, bool valid, uint8_t cev, const uint16_t* time, uint32_t step) override {
        top.rst = rst;
        top.pfc_valid = valid;
        top.pfc_cev = cev;
        fg::Bits b(128);
        for (int n = 0; n < 8; n++) b.set_field(16 * n, 16, time[n]);
        fg::rtl_write(&top.pfc_time, b);
        top.cfg_quanta_step = step;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
    }
    bool paused(int p) override { return (top.tx_paused >> p) & 1u; }
};
struct ModelDut : Dut {
    fg_pfc_timer_cfg cfg{TB_N_PRIO, FG_TB_COMPACT};
    fg_pfc_timer_state st{};
    fg_pfc_timer_out out{};
    void edge(bool rst, bool valid, uint8_t cev, const uint16_t* time, uint32_t step) override {
        if (rst) {
            fg_pfc_timer_reset(&st, &cfg);
            out = fg_pfc_timer_out{};
            return;
        }
        fg_pfc_timer_in in{};
        in.pfc_valid = valid;
        in.pfc_cev = cev;
        for (int n = 0; n < 8; n++) in.pfc_time[n] = time[n];
        in.cfg_quanta_step = step;
        fg_pfc_timer_step(&st, &in, &out);
    }
    bool paused(int p) override { return out.tx_paused[p]; }
};

// Loads time T on priority p and counts the cycles tx_paused[p] stays high (other priorities
// are hit by a second message with their own times, which must not disturb p).
static uint64_t pause_cycles(Dut& d, int p, uint16_t T, uint32_t step, int idle_before = 0) {
    uint16_t t[8] = {0};
    d.edge(true, false, 0, t, step);
    d.edge(true, false, 0, t, step);
    for (int k = 0; k < idle_before; k++) d.edge(false, false, 0, t, step);  // the quantum's phase
    t[p] = T;
    d.edge(false, true, (uint8_t)(1u << p), t, step);
    uint64_t n = 0;
    uint16_t other[8];
    for (int k = 0; k < 8; k++) other[k] = (uint16_t)(k == p ? 0 : 0x4444);
    for (uint64_t c = 0; d.paused(p) && c < (1ull << 32); c++) {
        n++;
        // a message for every other class, every 1000 cycles
        bool v = (c % 1000) == 7;
        d.edge(false, v, (uint8_t)(0xFFu & ~(1u << p)), other, step);
    }
    return n;
}

// The compact form: longer than 64*T by 1..64 cycles at every phase, both ends reached; at one
// quantum per cycle T + 1.
static bool directed_compact(const char* who, Dut& d) {
    bool ok = true;
    const uint16_t Ts[] = {1, 2, 3, 100, 0xFFFF};
    for (int p : {0, TB_N_PRIO - 1}) {
        for (uint16_t T : Ts) {
            uint64_t lo = ~0ull, hi = 0;
            const int phases = T == 0xFFFF ? 3 : 65;  // 0xFFFF: 4.2M cycles per run
            for (int ph = 0; ph < phases; ph++) {
                uint64_t got = pause_cycles(d, p, T, 0x400, T == 0xFFFF ? ph * 31 : ph);
                lo = std::min(lo, got);
                hi = std::max(hi, got);
            }
            const uint64_t want_lo = 64ull * T + 1, want_hi = 64ull * T + 64;
            bool g = lo >= want_lo && hi <= want_hi && (T == 0xFFFF || (lo == want_lo && hi == want_hi));
            ok &= g;
            std::printf("CHECK pfc_timer %s compact 1GbE-byte-wide p=%d T=%u paused_cycles=%llu..%llu expected=%llu..%llu "
                        "%s\n",
                        who, p, T, (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)want_lo,
                        (unsigned long long)want_hi, g ? "ok" : "WRONG");
        }
        uint64_t got = pause_cycles(d, p, 77, 0x10000, 5);  // one quantum per cycle
        ok &= got == 78;
        std::printf("CHECK pfc_timer %s compact cell-per-cycle p=%d T=77 paused_cycles=%llu expected=78 %s\n", who, p,
                    (unsigned long long)got, got == 78 ? "ok" : "WRONG");
    }
    return ok;
}

static bool directed(const char* who, Dut& d) {
    bool ok = true;
    if (FG_TB_COMPACT) ok &= directed_compact(who, d);
    const uint16_t Ts[] = {1, 2, 3, 100, 0x1234, 0xFFFF};
    for (int p : {0, TB_N_PRIO - 1}) {
        if (FG_TB_COMPACT) break;  // the exact lengths are the full form's
        for (uint16_t T : Ts) {
            uint64_t got = pause_cycles(d, p, T, 0x400);
            uint64_t want = 64ull * T;  // 512 bit times / 8 bits per cycle
            bool g = got == want;
            ok &= g;
            std::printf("CHECK pfc_timer %s 1GbE-byte-wide p=%d T=%u paused_cycles=%llu expected=%llu %s\n", who, p,
                        T, (unsigned long long)got, (unsigned long long)want, g ? "ok" : "WRONG");
        }
        uint64_t got = pause_cycles(d, p, 77, 0x10000);  // one quantum per cycle
        ok &= got == 77;
        std::printf("CHECK pfc_timer %s cell-per-cycle p=%d T=77 paused_cycles=%llu expected=77 %s\n", who, p,
                    (unsigned long long)got, got == 77 ? "ok" : "WRONG");
    }
    // XON: time 0 clears at once; the very next edge shows tx_paused low.
    uint16_t t[8] = {0};
    d.edge(true, false, 0, t, 0x400);
    t[0] = 500;
    d.edge(false, true, 0x01, t, 0x400);
    for (int k = 0; k < 10; k++) d.edge(false, false, 0, t, 0x400);
    bool before = d.paused(0);
    t[0] = 0;
    d.edge(false, true, 0x01, t, 0x400);
    bool after = d.paused(0);
    bool g = before && !after;
    ok &= g;
    std::printf("CHECK pfc_timer %s xon-clears paused_before=%d paused_after=%d %s\n", who, before, after,
                g ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char** argv) {
    bool ok = true;
    {
        RtlDut rtl;
        ok &= directed("rtl", rtl);
    }
    {
        ModelDut model;
        ok &= directed("model", model);
    }
    // The lock-step run goes ahead even when a directed check failed, so a wrong model is also
    // pinned down to the cycle and signal where it parts from the RTL.
    int rc = fg::run<TbPfcTimer>(argc, argv, "pfc_timer");
    if (!ok) {
        std::printf("CHECK FAIL test=pfc_timer directed\n");
        return 1;
    }
    return rc;
}
