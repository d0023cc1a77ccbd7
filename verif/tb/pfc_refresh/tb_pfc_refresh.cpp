// tb_pfc_refresh.cpp - lock-step test of rtl/mac/fg_pfc_refresh.v against
// cmodel/mac/pfc_refresh.c.
//
// Before the random run, a directed check from the text of docs/blocks/pfc_gen.md ("The compact
// form"), run on the RTL and on the model separately: with cfg_refresh = R the tick is high for
// one cycle in every R (R = 1, 2, 7, 1000), the first R + 1 edges after reset; cfg_refresh = 0
// never ticks; a new cfg_refresh takes effect at the next load (the old period runs out first);
// cfg_enable = 0 holds it, and the first tick comes R + 1 edges after it is set again.
//
// Random run: cfg_refresh small, large, 0 or any 24-bit value, changed at random moments (also
// below the running count), cfg_enable dropping now and then, rare resets.
#include <cstdlib>
#include <cstring>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/pfc_refresh.h"

struct TbPfcRefresh {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_pfc_refresh";
    std::vector<std::pair<std::string, long>> params{};
    bool require_coverage = true;
    fg::Options opt;
    fg_pfc_refresh_state st{};
    fg_pfc_refresh_in in{};
    bool tick = false;
    bool rst = true;

    explicit TbPfcRefresh(const fg::Options& o) : opt(o) {
        fg_pfc_refresh_reset(&st);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_enable", 1, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("cfg_refresh", 24, &top->cfg_refresh, [this] { return (uint64_t)in.cfg_refresh; });
        sig.output("refresh_tick", 1, &top->refresh_tick, [this] { return (uint64_t)tick; });
        in.cfg_enable = true;
        in.cfg_refresh = 5;
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 100000);
        if (r.chance(1, 3000)) {
            switch (r.below(6)) {
            case 0: in.cfg_refresh = 0; break;                                // never
            case 1: in.cfg_refresh = 1; break;                                // every cycle
            case 2: in.cfg_refresh = (uint32_t)r.range(0xFFFFF0, 0xFFFFFF); break;
            case 3: in.cfg_refresh = (uint32_t)r.bits(24); break;
            default: in.cfg_refresh = (uint32_t)r.range(2, 300); break;
            }
        }
        if (r.chance(1, 5000)) in.cfg_enable = !in.cfg_enable;
        if (!in.cfg_enable && r.chance(1, 20)) in.cfg_enable = true;
    }
    void model_step() {
        if (rst) {
            fg_pfc_refresh_reset(&st);
            tick = false;
        } else {
            tick = fg_pfc_refresh_step(&st, &in);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_pfc_refresh_cov_names, st.cov, FG_PFC_REFRESH_COV_N); }
};

// ---- directed checks, from the text ----------------------------------------------------------

struct Dut {
    virtual ~Dut() {}
    virtual bool edge(bool rst, bool enable, uint32_t refresh) = 0;  // the tick after the edge
};
struct RtlDut : Dut {
    Vtop top;
    bool edge(bool rst, bool enable, uint32_t refresh) override {
        top.rst = rst;
        top.cfg_enable = enable;
        top.cfg_refresh = refresh;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
        return top.refresh_tick;
    }
};
struct ModelDut : Dut {
    fg_pfc_refresh_state st{};
    bool edge(bool rst, bool enable, uint32_t refresh) override {
        if (rst) {
            fg_pfc_refresh_reset(&st);
            return false;
        }
        const fg_pfc_refresh_in in{enable, refresh};
        return fg_pfc_refresh_step(&st, &in);
    }
};

static bool directed(const char* who, Dut& d) {
    bool ok = true;
    for (uint32_t R : {1u, 2u, 7u, 1000u}) {
        d.edge(true, true, R);
        // 10 periods: the ticks and the cycles between them
        uint64_t ticks = 0, first = 0, last = 0;
        bool even = true;
        for (uint64_t c = 1; c <= 10ull * R; c++) {
            if (d.edge(false, true, R)) {
                if (ticks && c - last != R) even = false;
                if (!ticks) first = c;
                last = c;
                ticks++;
            }
        }
        // the k-th tick after the edge k*R + 1, so 10R edges hold floor((10R - 1) / R) = 9
        bool g = ticks == (uint64_t)((10ull * R - 1) / R) && even && first == R + 1;
        ok &= g;
        std::printf("CHECK pfc_refresh %s R=%u ticks_in_10R=%llu first_after=%llu even=%d %s\n", who, R,
                    (unsigned long long)ticks, (unsigned long long)first, even, g ? "ok" : "WRONG");
    }
    // 0 never ticks
    d.edge(true, true, 0);
    bool any = false;
    for (int c = 0; c < 5000; c++) any |= d.edge(false, true, 0);
    ok &= !any;
    std::printf("CHECK pfc_refresh %s R=0 ticks=%d %s\n", who, any, !any ? "ok" : "WRONG");
    // a shorter period written mid-count: the old one runs out first, then the new one
    d.edge(true, true, 1000);
    int old_left = 0;
    for (int c = 0; c < 500; c++) d.edge(false, true, 1000);  // edge 501 loaded 1000 at edge 1
    while (old_left < 2000 && !d.edge(false, true, 10)) old_left++;
    int gap = 0;
    while (gap < 100 && !d.edge(false, true, 10)) gap++;
    bool g = old_left + 1 == 1001 - 500 && gap + 1 == 10;
    ok &= g;
    std::printf("CHECK pfc_refresh %s new-period tick_after=%d (old period's rest 501) then_period=%d %s\n", who,
                old_left + 1, gap + 1, g ? "ok" : "WRONG");
    // disabled mid-count: no tick, and the count starts again from 0 (a counter that only froze
    // would tick 70 edges after enable, the rest of its period)
    d.edge(true, true, 100);
    for (int c = 0; c < 30; c++) d.edge(false, true, 100);
    bool dis = false;
    for (int c = 0; c < 50; c++) dis |= d.edge(false, false, 100);
    int after = 0;
    while (after < 300 && !d.edge(false, true, 100)) after++;
    g = !dis && after + 1 == 101;
    ok &= g;
    std::printf("CHECK pfc_refresh %s disabled ticks=%d first_after_enable=%d (expected 101) %s\n", who, dis,
                after + 1, g ? "ok" : "WRONG");
    // a tick showing when enable drops is gone after the next edge
    d.edge(true, true, 4);
    int to_tick = 0;
    while (to_tick < 100 && !d.edge(false, true, 4)) to_tick++;
    const bool tick_after_drop = d.edge(false, false, 4);
    g = to_tick + 1 == 5 && !tick_after_drop;
    ok &= g;
    std::printf("CHECK pfc_refresh %s tick_then_disable first=%d tick_after_drop=%d %s\n", who, to_tick + 1,
                tick_after_drop, g ? "ok" : "WRONG");
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
    int rc = fg::run<TbPfcRefresh>(argc, argv, "pfc_refresh");
    if (!ok) {
        std::printf("CHECK FAIL test=pfc_refresh directed\n");
        return 1;
    }
    return rc;
}
