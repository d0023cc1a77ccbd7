// tb_sat_counter.cpp - lock-step test of rtl/common/fg_sat_counter.v against
// cmodel/common/sat_counter.c.
// The width comes from the build: -GW=.. -GAW=.. for Verilator and the same numbers as
// -DTB_W / -DTB_AW for this file (mk/common_prims.mk passes both from one place).
// Stimulus: phases of a few thousand cycles that drift up, drift down, cancel or stay quiet,
// amounts that are mostly 1, sometimes random and sometimes all ones, rare clears (with and
// without a same-cycle event) and rare resets, so both rails are reached and left again.
#include <cstring>

#include "Vtop.h"
#include "common/sat_counter.h"
#include "fg_lockstep.h"

#ifndef TB_W
#define TB_W 8
#endif
#ifndef TB_AW
#define TB_AW 1
#endif

struct TbSatCounter {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_sat_counter";
    std::vector<std::pair<std::string, long>> params{{"W", TB_W}, {"AW", TB_AW}};
    bool require_coverage = true;
    fg::Options opt;
    fg_sat_counter_cfg cfg{};
    fg_sat_counter_state st{};
    fg_sat_counter_in in{};
    fg_sat_counter_out out{};
    bool rst = true;
    int phase = 0;  // 0 up, 1 down, 2 both, 3 quiet

    explicit TbSatCounter(const fg::Options& o) : opt(o) {
        cfg.w = TB_W;
        cfg.aw = TB_AW;
        char msg[160];
        if (!fg_sat_counter_cfg_check(&cfg, msg, sizeof msg)) {
            std::fprintf(stderr, "error: %s\n", msg);
            std::exit(2);
        }
        fg_sat_counter_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("clr", 1, &top->clr, [this] { return (uint64_t)in.clr; });
        sig.input("inc", 1, &top->inc, [this] { return (uint64_t)in.inc; });
        sig.input("inc_amt", TB_AW, &top->inc_amt, [this] { return in.inc_amt; });
        sig.input("dec", 1, &top->dec, [this] { return (uint64_t)in.dec; });
        sig.input("dec_amt", TB_AW, &top->dec_amt, [this] { return in.dec_amt; });
        sig.output("count", TB_W, &top->count, [this] { return out.count; });
        sig.output("at_max", 1, &top->at_max, [this] { return (uint64_t)out.at_max; });
        sig.output("stat_overflow", 1, &top->stat_overflow, [this] { return (uint64_t)out.stat_overflow; });
        sig.output("stat_underflow", 1, &top->stat_underflow, [this] { return (uint64_t)out.stat_underflow; });
    }
    uint64_t amount(fg::Rng& r) {
        uint64_t pick = r.below(8);
        if (pick < 5) return 1;                   // the event-counter case
        if (pick < 7) return r.bits(TB_AW);       // anything, including 0
        return fg_mask(TB_AW);                    // the largest step
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (cycle % 2048 == 0) phase = (int)r.below(4);
        static const uint32_t p_inc[4] = {12, 1, 8, 1}, p_dec[4] = {1, 12, 8, 1};
        in.inc = r.chance(p_inc[phase], 16);
        in.dec = r.chance(p_dec[phase], 16);
        in.inc_amt = amount(r);
        in.dec_amt = amount(r);
        in.clr = r.chance(1, 1500);
    }
    void model_step() {
        if (rst) {
            fg_sat_counter_reset(&st, &cfg);
            fg_sat_counter_outputs(&st, &out);
        } else {
            fg_sat_counter_step(&st, &in, &out);
        }
    }
    bool coverage() {
        return fg::report_coverage(opt, fg_sat_counter_cov_names, st.cov, FG_SAT_COUNTER_COV_N);
    }
};

// Facts worked out by hand for an 8-bit counter, checked on the model before the random run.
static bool known_answers() {
    struct Case {
        uint64_t count;
        bool clr;
        uint64_t inc, dec, expect;
        bool over, under;
        const char* what;
    };
    static const Case cases[] = {
        {250, false, 10, 0, 255, true, false, "250+10 clips at 255"},
        {250, false, 5, 0, 255, false, false, "250+5 lands on 255"},
        {3, false, 0, 5, 0, false, true, "3-5 clips at 0"},
        {255, false, 7, 7, 255, false, false, "255+7-7 nets to 255"},
        {200, true, 1, 0, 1, false, false, "clear keeps the same-cycle event"},
        {200, true, 0, 1, 0, false, true, "clear then -1 clips at 0"},
        {0, false, 200, 100, 100, false, false, "0+200-100 = 100"},
    };
    bool all = true;
    for (const Case& c : cases) {
        bool over, under;
        uint64_t got = fg_sat_counter_next(c.count, 8, c.clr, c.inc, c.dec, &over, &under);
        bool ok = got == c.expect && over == c.over && under == c.under;
        std::printf("CHECK sat_counter %s: got=%llu over=%d under=%d %s\n", c.what, (unsigned long long)got, over,
                    under, ok ? "ok" : "WRONG");
        all = all && ok;
    }
    return all;
}

int main(int argc, char** argv) {
    // A wrong directed fact fails the run, but the lock-step run still goes ahead so that a
    // wrong model is also caught (and located) against the RTL.
    bool facts_ok = known_answers();
    // One test name per shape, so waveforms and logs of different builds do not collide.
    std::string name = "sat_counter_w" + std::to_string(TB_W) + "_aw" + std::to_string(TB_AW);
    int rc = fg::run<TbSatCounter>(argc, argv, name.c_str());
    return facts_ok ? rc : 1;
}
