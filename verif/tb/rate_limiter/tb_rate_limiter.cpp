// tb_rate_limiter.cpp - lock-step test of rtl/common/fg_rate_limiter.v against
// cmodel/common/rate_limiter.c. Shape from -DTB_SW / -DTB_MAX_STAGE / -DTB_DW (mk/gfc.mk
// passes the same values to Verilator as -G parameters).
//
// Directed checks first, on the RTL and the model separately, with expected values from the
// SPEC (section 5: "after a packet of transmit time L cycles wait L*(2^k - 1) cycles", rate
// R_k = C/2^k), not from the code: a sender that starts a packet of L cycles whenever it is
// allowed must see starts exactly L*2^k cycles apart at every stage k = 0..MAX_STAGE, so a
// window of such packets carries exactly 1/2^k of the line; in token mode with rate r
// (Q1.16) and depth 0 the starts are ceil(L*65536/r) apart, and with depth 1 cell the long
// run spacing is L*65536/r (the fraction carries over).
//
// Random run: a sender that mostly obeys `allow` (sometimes starts anyway), packet lengths
// 0..2^SW-1 biased short, stage changes at random moments (including mid-wait, both ways,
// and values above MAX_STAGE), mode/rate/depth changes, rare resets.
//
// -DTB_PIPE=1 (with -GPIPE=1) tests the pipelined variant against its documented rule
// (docs/blocks/rate_limiter.md): the stage checks are unchanged; in token mode a start closes
// allow for the next cycle and allow rises one edge after the tokens suffice, so a greedy
// sender's depth-0 spacing is one cycle longer, a full bucket is spent one start every other
// cycle, and, with the same inputs, allow at PIPE 1 is never high where PIPE 0's is low.
#include <cstdlib>
#include <cstring>

#include "Vtop.h"
#include "common/rate_limiter.h"
#include "fg_lockstep.h"

#ifndef TB_SW
#define TB_SW 8
#endif
#ifndef TB_MAX_STAGE
#define TB_MAX_STAGE 20
#endif
#ifndef TB_DW
#define TB_DW 16
#endif
#ifndef TB_PIPE
#define TB_PIPE 0
#endif
// -DTB_STAGE_AHEAD=1 (with -GSTAGE_AHEAD=1): the RTL's stage port carries the stage of the
// next cycle, which the random run draws one cycle ahead; the model sees each cycle's own
#ifndef TB_STAGE_AHEAD
#define TB_STAGE_AHEAD 0
#endif

static fg_rate_limiter_cfg tb_cfg(int pipe = TB_PIPE) {
    fg_rate_limiter_cfg c{};
    c.sw = TB_SW;
    c.max_stage = TB_MAX_STAGE;
    c.dw = TB_DW;
    c.pipe = pipe;
    return c;
}

struct TbRateLimiter {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_rate_limiter";
    std::vector<std::pair<std::string, long>> params{
        {"SW", TB_SW}, {"MAX_STAGE", TB_MAX_STAGE}, {"DW", TB_DW}, {"PIPE", TB_PIPE},
        {"STAGE_AHEAD", TB_STAGE_AHEAD}};
    bool require_coverage = true;
    fg::Options opt;
    fg_rate_limiter_cfg cfg = tb_cfg();
    fg_rate_limiter_state st{};
    fg_rate_limiter_in in{};
    fg_rate_limiter_out out{};
    bool rst = true;
    uint32_t obey_den = 50;   // 1 in obey_den starts ignores allow
    uint32_t busy_num = 3;    // a waiting packet is offered busy_num/4 of the cycles
    uint32_t fill_left = 0;   // cycles left of a bucket fill before its depth is lowered
    uint8_t stage_next = 0;   // the stage drawn last: this cycle's, or the next one's (ahead)

    explicit TbRateLimiter(const fg::Options& o) : opt(o) {
        fg_rate_limiter_reset(&st, &cfg);
        out.allow = true;
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_token_mode", 1, &top->cfg_token_mode, [this] { return (uint64_t)in.cfg_token_mode; });
        sig.input("stage", 5, &top->stage,
                  [this] { return (uint64_t)(TB_STAGE_AHEAD ? stage_next : in.stage); });
        sig.input("cfg_rate", 17, &top->cfg_rate, [this] { return (uint64_t)in.cfg_rate; });
        sig.input("cfg_depth", TB_DW, &top->cfg_depth, [this] { return (uint64_t)in.cfg_depth; });
        sig.input("pkt_start", 1, &top->pkt_start, [this] { return (uint64_t)in.pkt_start; });
        sig.input("pkt_cells", TB_SW, &top->pkt_cells, [this] { return (uint64_t)in.pkt_cells; });
        sig.output("allow", 1, &top->allow, [this] { return (uint64_t)out.allow; });
        sig.output("stat_start", 1, &top->stat_start, [this] { return (uint64_t)out.stat_start; });
        sig.output("stat_early", 1, &top->stat_early, [this] { return (uint64_t)out.stat_early; });
    }
    uint8_t pick_stage(fg::Rng& r) {
        switch (r.below(10)) {
        case 0: return 0;
        case 1: return TB_MAX_STAGE;                                  // long waits with short packets
        case 2: return (uint8_t)r.range(TB_MAX_STAGE, 31);            // clamped
        default: return (uint8_t)r.range(0, TB_MAX_STAGE < 8 ? TB_MAX_STAGE : 8);
        }
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (r.chance(1, 30000)) obey_den = r.chance(1, 6) ? 3 : (uint32_t)r.range(20, 2000);
        if (r.chance(1, 20000)) busy_num = (uint32_t)r.range(1, 4);
        if (cycle == 0 || r.chance(1, 4000)) in.cfg_token_mode = r.chance(1, 2);
        uint8_t drawn_before = stage_next;   // ahead: drawn on the cycle before for this one
        if (cycle == 0 || r.chance(1, 1500)) stage_next = pick_stage(r);
        in.stage = (TB_STAGE_AHEAD && cycle > 0) ? drawn_before : stage_next;
        if (cycle == 0 || r.chance(1, 3000)) {
            switch (r.below(7)) {
            case 0: in.cfg_rate = 0x10000; break;   // line rate
            case 1: in.cfg_rate = 0x08000; break;   // half
            case 2: in.cfg_rate = 0; break;         // stopped
            case 3: in.cfg_rate = 0x1FFFF; break;   // largest
            case 4: in.cfg_rate = (uint32_t)r.range(1, 64); break;  // very slow
            default: in.cfg_rate = (uint32_t)r.bits(17); break;
            }
        }
        if (cycle == 0 || r.chance(1, 3000)) {
            switch (r.below(4)) {
            case 0: in.cfg_depth = 0; break;
            case 1: in.cfg_depth = 1; break;
            case 2: in.cfg_depth = (uint32_t)r.range(2, 64); break;
            default: in.cfg_depth = (uint32_t)r.bits(TB_DW); break;
            }
        }
        // the depth lowered under a filled bucket while the sender is busy: a fill (token
        // mode, 64 cells deep, the largest rate, nothing offered) for 80 cycles, then the
        // depth drops to 0..2 cells and a packet is offered on every cycle; its starts are
        // debited above the new cap (coverage point tok_cap_lowered), which the random
        // stimulus alone never reached at DW = 16 (docs/blocks/rate_limiter.md)
        if (fill_left == 0 && r.chance(1, 8000)) {
            fill_left = 80;
            in.cfg_token_mode = 1;
            in.cfg_depth = 64;
            in.cfg_rate = 0x1FFFF;
            busy_num = 0;
        } else if (fill_left > 0 && --fill_left == 0) {
            in.cfg_depth = (uint32_t)r.range(0, 2);
            busy_num = 4;
        }
        bool offered = r.below(4) < busy_num;
        bool allowed = out.allow;  // the registered allow the RTL shows now
        in.pkt_start = offered && (allowed || r.chance(1, obey_den));
        uint32_t maxlen = (1u << TB_SW) - 1u;
        switch (r.below(12)) {
        case 0: in.pkt_cells = 0; break;
        case 1: in.pkt_cells = maxlen; break;
        case 2: in.pkt_cells = (uint32_t)r.range(0, maxlen); break;
        default: in.pkt_cells = (uint32_t)r.range(1, 4 < maxlen ? 4 : maxlen); break;
        }
    }
    void model_step() {
        if (rst) {
            fg_rate_limiter_reset(&st, &cfg);
            out = fg_rate_limiter_out{};
            out.allow = true;
        } else {
            fg_rate_limiter_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_rate_limiter_cov_names, st.cov, FG_RATE_LIMITER_COV_N); }
};

// ---- directed checks, derived by hand ---------------------------------------------------------

struct Dut {
    virtual ~Dut() {}
    // one edge; returns allow after it
    virtual bool edge(bool rst, bool tok, uint8_t stage, uint32_t rate, uint32_t depth, bool start, uint32_t len) = 0;
};
struct RtlDut : Dut {
    Vtop top;
    bool edge(bool rst, bool tok, uint8_t stage, uint32_t rate, uint32_t depth, bool start, uint32_t len) override {
        top.rst = rst;
        top.cfg_token_mode = tok;
        top.stage = stage;
        top.cfg_rate = rate;
        top.cfg_depth = depth;
        top.pkt_start = start;
        top.pkt_cells = len;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
        return top.allow;
    }
};
struct ModelDut : Dut {
    fg_rate_limiter_cfg cfg;
    fg_rate_limiter_state st{};
    explicit ModelDut(int pipe = TB_PIPE) : cfg(tb_cfg(pipe)) {}
    bool edge(bool rst, bool tok, uint8_t stage, uint32_t rate, uint32_t depth, bool start, uint32_t len) override {
        if (rst) {
            fg_rate_limiter_reset(&st, &cfg);
            return true;
        }
        fg_rate_limiter_in in{};
        fg_rate_limiter_out out{};
        in.cfg_token_mode = tok;
        in.stage = stage;
        in.cfg_rate = rate;
        in.cfg_depth = depth;
        in.pkt_start = start;
        in.pkt_cells = len;
        fg_rate_limiter_step(&st, &in, &out);
        return out.allow;
    }
};

// A greedy sender: starts a packet of `len` whenever allowed. Returns the edges between the
// first and the last of `npkt` starts (so npkt-1 gaps). At most 2^25 edges: the longest span
// the checks expect is 12M (a gap of at most 3M, 4 gaps), and a limiter that never allows
// again (a unit that never ends) then fails its check instead of running for hours.
static uint64_t greedy_span(Dut& d, bool tok, uint8_t stage, uint32_t rate, uint32_t depth, uint32_t len, int npkt) {
    d.edge(true, tok, stage, rate, depth, false, 0);
    d.edge(true, tok, stage, rate, depth, false, 0);
    bool allow = d.edge(false, tok, stage, rate, depth, false, 0);
    uint64_t cyc = 0, first = 0, last = 0;
    int sent = 0;
    while (sent < npkt && cyc < (1ull << 25)) {
        bool s = allow;
        if (s) {
            if (sent == 0) first = cyc;
            last = cyc;
            sent++;
        }
        allow = d.edge(false, tok, stage, rate, depth, s, len);
        cyc++;
    }
    return last - first;
}

static bool directed(const char* who, Dut& d) {
    bool ok = true;
    const uint32_t maxlen = (1u << TB_SW) - 1u;
    // every stage: starts L*2^k apart (wait L*(2^k-1) after a packet of L cycles)
    for (int k = 0; k <= TB_MAX_STAGE; k++) {
        uint32_t lens[3] = {1, 3 <= maxlen ? 3u : maxlen, maxlen};
        for (uint32_t L : lens) {
            uint64_t want_gap = (uint64_t)L << k;
            int npkt = want_gap > 100000 ? 2 : 5;
            if (want_gap > 3000000) continue;  // keep the check short; k up to MAX_STAGE is still reached with L = 1
            uint64_t got = greedy_span(d, false, (uint8_t)k, 0x10000, 0, L, npkt);
            uint64_t want = want_gap * (uint64_t)(npkt - 1);
            bool g = got == want;
            ok &= g;
            if (!g || L == 1)
                std::printf("CHECK rate_limiter %s stage=%d L=%u span_of_%d_starts=%llu expected=%llu (rate C/2^%d) %s\n",
                            who, k, L, npkt, (unsigned long long)got, (unsigned long long)want, k, g ? "ok" : "WRONG");
        }
    }
    // a stage above MAX_STAGE is MAX_STAGE
    {
        uint64_t got = greedy_span(d, false, 31, 0x10000, 0, 1, 3);
        uint64_t want = 2ull << TB_MAX_STAGE;
        ok &= got == want;
        std::printf("CHECK rate_limiter %s stage=31(clamped) L=1 span=%llu expected=%llu %s\n", who,
                    (unsigned long long)got, (unsigned long long)want, got == want ? "ok" : "WRONG");
    }
    // token bucket, depth 0: gap = ceil(L*65536/rate) (+1 at PIPE 1: allow rises one edge
    // after the tokens suffice, and the bucket, capped at 0, keeps nothing of that edge)
    struct {
        uint32_t rate, len;
        uint64_t gap;
    } tb[] = {
        {0x10000, 4, 4},   // line rate
        {0x08000, 4, 8},   // half (time-based GFC at r = (B_m - B_0)/2)
        {0x04000, 3, 12},  // quarter
        {0x05555, 4, 13},  // 4*65536/21845 = 12.0002 -> 13 (depth 0 drops the fraction)
        {0x00100, 1, 256},
    };
    for (auto& t : tb) {
        uint64_t got = greedy_span(d, true, 0, t.rate, 0, t.len, 6);
        uint64_t want = (t.gap + TB_PIPE) * 5;
        ok &= got == want;
        std::printf("CHECK rate_limiter %s token rate=0x%05x depth=0 L=%u span_of_6=%llu expected=%llu %s\n", who,
                    t.rate, t.len, (unsigned long long)got, (unsigned long long)want, got == want ? "ok" : "WRONG");
    }
    // depth 1 cell: the fraction carries, 1000 packets of 4 at rate 0x5555 take 1000*4*65536/21845
    // = 12000.55 cycles of spacing in total: span of 1001 starts in [12000, 12001]. At PIPE 1
    // the edge of late start adds 1/3 cell that the 1-cell bucket keeps: the long run is the same.
    {
        uint64_t got = greedy_span(d, true, 0, 0x5555, 1, 4, 1001);
        bool g = got >= 12000 && got <= 12001;
        ok &= g;
        std::printf("CHECK rate_limiter %s token rate=0x05555 depth=1 L=4 span_of_1001=%llu expected=12000..12001 %s\n",
                    who, (unsigned long long)got, g ? "ok" : "WRONG");
    }
    // a burst: depth 10 cells at rate 1/4 lets 10/1 + 1 packets of 1 go back to back after an idle spell
    if (TB_PIPE == 0) {
        d.edge(true, true, 0, 0x4000, 10, false, 0);
        bool allow = true;
        for (int i = 0; i < 100; i++) allow = d.edge(false, true, 0, 0x4000, 10, false, 0);  // fill
        int burst = 0;
        while (allow && burst < 100) {
            allow = d.edge(false, true, 0, 0x4000, 10, true, 1);
            burst++;
        }
        // tokens: 10, then each start -1 +0.25: after n starts 10 - 0.75n >= 0 while n <= 13;
        // the 14th start leaves -0.5: 14 starts in a row
        ok &= burst == 14;
        std::printf("CHECK rate_limiter %s token burst depth=10 rate=1/4 back_to_back=%d expected=14 %s\n", who, burst,
                    burst == 14 ? "ok" : "WRONG");
    } else {
        // PIPE 1: every start closes allow for one cycle, so a greedy sender goes every other
        // cycle. The bucket (one edge behind) holds 10 when the first start is taken; each pair
        // of edges spends 1 and earns 0.5; start n (from 0) needs the bucket of two edges
        // before it, 9.25 - 0.5(n-1), >= 0: n = 0..19, 20 starts 2 cycles apart.
        d.edge(true, true, 0, 0x4000, 10, false, 0);
        bool allow = true;
        for (int i = 0; i < 100; i++) allow = d.edge(false, true, 0, 0x4000, 10, false, 0);  // fill
        int burst = 0, low = 0, cyc = 0;
        bool spacing_ok = true;
        int last = -2;
        while (low < 2 && cyc < 1000) {
            if (allow) {
                if (cyc - last != 2) spacing_ok = false;
                last = cyc;
                burst++;
            }
            low = allow ? 0 : low + 1;
            allow = d.edge(false, true, 0, 0x4000, 10, allow, 1);
            cyc++;
        }
        bool g = burst == 20 && spacing_ok;
        ok &= g;
        std::printf("CHECK rate_limiter %s token burst depth=10 rate=1/4 every_other_cycle=%d expected=20 spacing=%s %s\n",
                    who, burst, spacing_ok ? "2" : "WRONG", g ? "ok" : "WRONG");
    }
    return ok;
}

// PIPE 1 is never less strict than PIPE 0: with the same inputs (a random sender, random
// rates and depths in token mode), whenever allow is high at PIPE 1 the pipe-0 model allows
// too. True when it never fails.
static bool never_looser(const char* who, Dut& d) {
    ModelDut ref(0);
    fg::Rng r(7);
    d.edge(true, true, 0, 0x8000, 4, false, 0);
    ref.edge(true, true, 0, 0x8000, 4, false, 0);
    bool allow = true, ref_allow = true;
    uint32_t rate = 0x8000, depth = 4;
    uint64_t bad = 0, starts = 0, cycles = 200000;
    for (uint64_t c = 0; c < cycles; c++) {
        if (r.chance(1, 500)) rate = (uint32_t)(r.chance(1, 3) ? r.range(0, 0x1FFFF) : r.range(0x100, 0x10000));
        if (r.chance(1, 500)) depth = (uint32_t)r.range(0, 20);
        bool start = r.below(4) != 0 && (allow || r.chance(1, 200));
        uint32_t len = (uint32_t)r.range(0, 4);
        starts += start;
        allow = d.edge(false, true, 0, rate, depth, start, len);
        ref_allow = ref.edge(false, true, 0, rate, depth, start, len);
        if (allow && !ref_allow) bad++;
    }
    std::printf("CHECK rate_limiter %s pipe1_never_looser_than_pipe0 cycles=%llu starts=%llu allowed_where_pipe0_denies=%llu "
                "expected=0 %s\n",
                who, (unsigned long long)cycles, (unsigned long long)starts, (unsigned long long)bad, bad ? "WRONG" : "ok");
    return bad == 0;
}

int main(int argc, char** argv) {
    bool ok = true;
    {
        RtlDut rtl;
        ok &= directed("rtl", rtl);
        if (TB_PIPE) ok &= never_looser("rtl", rtl);
    }
    {
        ModelDut model;
        ok &= directed("model", model);
        if (TB_PIPE) ok &= never_looser("model", model);
    }
    char name[64];
    // (the STAGE_AHEAD build is named apart: its waves and vectors must not overwrite the other's)
    const char* ahead = TB_STAGE_AHEAD ? "_ahead" : "";
    if (TB_SW == 8 && TB_MAX_STAGE == 20 && TB_DW == 16)
        std::snprintf(name, sizeof name, "rate_limiter%s%s", TB_PIPE ? "_pipe" : "", ahead);
    else
        std::snprintf(name, sizeof name, "rate_limiter_sw%d_k%d_dw%d%s%s", TB_SW, TB_MAX_STAGE, TB_DW,
                      TB_PIPE ? "_pipe" : "", ahead);
    int rc = fg::run<TbRateLimiter>(argc, argv, name);
    if (!ok) {
        std::printf("CHECK FAIL test=%s directed\n", name);
        return 1;
    }
    return rc;
}
