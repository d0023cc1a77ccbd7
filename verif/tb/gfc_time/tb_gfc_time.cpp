// tb_gfc_time.cpp - lock-step test of rtl/mac/fg_gfc_time.v against cmodel/mac/gfc_time.c.
//
// Directed checks first, on the RTL and the model separately, with expectations from SPEC
// section 5 (rate = C * min(1, r / (B_m - B_0)), r = (FCCL - FCTBS) mod 2^12, every T_fc)
// and the GFC paper, not from the code:
//  - every rate: for B_m - B_0 = W in {17, 100, 2032, 4095} blocks and every r = 0..4095,
//    the rate must be within one Q1.16 step (1/65536 of C) of 65536 * min(1, r / W), with the
//    reciprocal programmed as round(2^28 / W) (worked out here in double precision);
//  - the paper's testbed (section 6.1): B_m = 1 MB, B_0 = 492 KB, the queue settles at
//    745 KB with the input at 5 Gb/s of 10: with 250-byte blocks W = 2032, r = 1020, the rate
//    must be 10 * 255/508 = 5.02 Gb/s (+- 0.01);
//  - FCCL below FCTBS numerically (12-bit wrap): FCCL = 10, FCTBS = 4090 is r = 16;
//  - timing: with T_fc = 7 a new rate comes exactly every 7 cycles, and a change of FCCL
//    between two samples is not seen before the next one.
// Random run: FCCL/FCTBS moving like a credit link (FCTBS grows by packets, FCCL by
// advertisements, with wrap), periods 0..40 and rare long ones, shortened periods,
// reciprocals of random spans, enable toggles, rare resets.
// -DTB_PIPE=1 (mk/gfc.mk passes the same value to Verilator as -GPIPE) builds it against the
// pipelined variant: the directed checks then expect the rate one edge later (the documented
// latency of PIPE), everything else is the same.
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/gfc_time.h"

#ifndef TB_PIPE
#define TB_PIPE 0
#endif

static fg_gfc_time_cfg tb_cfg() {
    fg_gfc_time_cfg c{};
    c.pipe = TB_PIPE;
    return c;
}

struct TbGfcTime {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_gfc_time";
    std::vector<std::pair<std::string, long>> params{{"PIPE", TB_PIPE}};
    bool require_coverage = true;
    fg::Options opt;
    fg_gfc_time_cfg cfg = tb_cfg();
    fg_gfc_time_state st{};
    fg_gfc_time_in in{};
    fg_gfc_time_out out{};
    bool rst = true;
    uint32_t cap = 1000;  // the receiver's buffer in blocks (how far FCCL runs ahead)

    explicit TbGfcTime(const fg::Options& o) : opt(o) {
        fg_gfc_time_reset(&st, &cfg);
        out.rate = FG_GFC_TIME_LINE_RATE;
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_enable", 1, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("cfg_period", 24, &top->cfg_period, [this] { return (uint64_t)in.cfg_period; });
        sig.input("cfg_recip", 24, &top->cfg_recip, [this] { return (uint64_t)in.cfg_recip; });
        sig.input("fccl", 12, &top->fccl, [this] { return (uint64_t)in.fccl; });
        sig.input("fctbs", 12, &top->fctbs, [this] { return (uint64_t)in.fctbs; });
        sig.output("rate", 17, &top->rate, [this] { return (uint64_t)out.rate; });
        sig.output("free_blocks", 12, &top->free_blocks, [this] { return (uint64_t)out.free_blocks; });
        sig.output("stat_update", 1, &top->stat_update, [this] { return (uint64_t)out.stat_update; });
        sig.output("stat_full", 1, &top->stat_full, [this] { return (uint64_t)out.stat_full; });
        sig.output("stat_zero", 1, &top->stat_zero, [this] { return (uint64_t)out.stat_zero; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 100000);
        if (cycle == 0 || r.chance(1, 20000)) in.cfg_enable = !r.chance(1, 6);
        if (cycle == 0 || r.chance(1, 3000)) {
            switch (r.below(6)) {
            case 0: in.cfg_period = 0; break;
            case 1: in.cfg_period = 1; break;
            case 2: in.cfg_period = (uint32_t)r.range(500, 5000); break;
            case 3: in.cfg_period = (uint32_t)r.bits(24); break;  // long: lowered again soon after
            default: in.cfg_period = (uint32_t)r.range(2, 40); break;
            }
        }
        if (cycle == 0 || r.chance(1, 5000)) {
            uint32_t span = (uint32_t)r.range(FG_GFC_TIME_SPAN_MIN, r.chance(1, 2) ? 300 : 4095);
            char msg[200];
            fg_gfc_time_recip(span, &in.cfg_recip, msg, sizeof msg);
            if (r.chance(1, 10)) in.cfg_recip = (uint32_t)r.bits(24);
            cap = (uint32_t)r.range(0, span + span / 2 > 4095 ? 4095 : span + span / 2);
        }
        // a credit link: the sender spends up to what FCCL allows, the receiver advertises
        uint32_t avail = (uint32_t)((in.fccl - in.fctbs) & 0xFFF);
        if (r.chance(1, 3) && avail > 0) in.fctbs = (uint16_t)((in.fctbs + r.range(1, avail < 8 ? avail : 8)) & 0xFFF);
        if (r.chance(1, 20)) {
            uint32_t free_now = (uint32_t)r.range(0, cap);
            in.fccl = (uint16_t)((in.fctbs + free_now) & 0xFFF);
        }
        if (r.chance(1, 20000)) in.fccl = (uint16_t)r.bits(12);  // a jump
    }
    void model_step() {
        if (rst) {
            fg_gfc_time_reset(&st, &cfg);
            out = st.r;
        } else {
            fg_gfc_time_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_gfc_time_cov_names, st.cov, FG_GFC_TIME_COV_N); }
};

// ---- directed checks, derived by hand ---------------------------------------------------------

struct Obs {
    uint32_t rate;
    bool update;
};
struct Dut {
    virtual ~Dut() {}
    virtual Obs edge(bool rst, bool en, uint32_t period, uint32_t recip, uint32_t fccl, uint32_t fctbs) = 0;
};
struct RtlDut : Dut {
    Vtop top;
    Obs edge(bool rst, bool en, uint32_t period, uint32_t recip, uint32_t fccl, uint32_t fctbs) override {
        top.rst = rst;
        top.cfg_enable = en;
        top.cfg_period = period;
        top.cfg_recip = recip;
        top.fccl = fccl;
        top.fctbs = fctbs;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
        return Obs{top.rate, (bool)top.stat_update};
    }
};
struct ModelDut : Dut {
    fg_gfc_time_cfg cfg = tb_cfg();
    fg_gfc_time_state st{};
    Obs edge(bool rst, bool en, uint32_t period, uint32_t recip, uint32_t fccl, uint32_t fctbs) override {
        if (rst) {
            fg_gfc_time_reset(&st, &cfg);
            return Obs{st.r.rate, false};
        }
        fg_gfc_time_in in{};
        fg_gfc_time_out out{};
        in.cfg_enable = en;
        in.cfg_period = period;
        in.cfg_recip = recip;
        in.fccl = (uint16_t)fccl;
        in.fctbs = (uint16_t)fctbs;
        fg_gfc_time_step(&st, &in, &out);
        return Obs{out.rate, out.stat_update};
    }
};

// rate for r free blocks: period 1 samples every edge, the rate shows 1 + PIPE edges later
static uint32_t rate_for(Dut& d, uint32_t recip, uint32_t fccl, uint32_t fctbs) {
    for (int i = 0; i < 1 + TB_PIPE; i++) d.edge(false, true, 1, recip, fccl, fctbs);
    return d.edge(false, true, 1, recip, fccl, fctbs).rate;
}

static bool directed(const char* who, Dut& d) {
    bool ok = true;
    d.edge(true, true, 1, 0, 0, 0);
    for (uint32_t W : {17u, 100u, 2032u, 4095u}) {
        uint32_t recip = (uint32_t)std::llround(268435456.0 / W);
        int bad = 0;
        double worst = 0;
        for (uint32_t r = 0; r <= 4095; r++) {
            uint32_t fctbs = (r * 7919u) & 0xFFF;  // any sender position: only the difference counts
            uint32_t got = rate_for(d, recip, (fctbs + r) & 0xFFF, fctbs);
            double want = 65536.0 * (r >= W ? 1.0 : (double)r / W);
            double err = std::fabs(got - want);
            if (err > worst) worst = err;
            if (err > 1.0) bad++;
        }
        ok &= bad == 0;
        std::printf("CHECK gfc_time %s every-rate W=%u r=0..4095 worst_error=%.3f/65536 of C (limit 1) %s\n", who, W,
                    worst, bad ? "WRONG" : "ok");
    }
    {
        uint32_t recip = (uint32_t)std::llround(268435456.0 / 2032);
        uint32_t got = rate_for(d, recip, 1020, 0);
        double gbps = 10.0 * got / 65536.0, want = 10.0 * 255.0 / 508.0;
        bool g = std::fabs(gbps - want) < 0.01;
        ok &= g;
        std::printf("CHECK gfc_time %s paper-testbed B_m=1MB B_0=492KB q=745KB rate=%.4f Gb/s expected=%.4f %s\n", who,
                    gbps, want, g ? "ok" : "WRONG");
    }
    {
        uint32_t recip = (uint32_t)std::llround(268435456.0 / 64);
        uint32_t got = rate_for(d, recip, 10, 4090);  // r = 16: a quarter of W = 64
        ok &= got == 0x4000;
        std::printf("CHECK gfc_time %s wrap fccl=10 fctbs=4090 r=16 W=64 rate=0x%05x expected=0x04000 %s\n", who, got,
                    got == 0x4000 ? "ok" : "WRONG");
    }
    {
        // T_fc = 7: updates exactly 7 cycles apart; FCCL changes between samples are not seen
        // early. The period is registered three times (1 after reset, 7 from the third edge
        // on), so the counter samples on edges 1 to 4 (its count is 0 on each), then every 7:
        // ticks at 1, 2, 3, 4, 11, ..., 67 (13 in 70 edges), each update 1 + PIPE edges later.
        uint32_t recip = (uint32_t)std::llround(268435456.0 / 64);
        d.edge(true, true, 7, recip, 0, 0);
        uint64_t last = 0, n = 0, first = 0, full_at = 0;
        bool spacing_ok = true, early = false;
        uint32_t fccl = 32;  // half: 0x8000
        for (uint64_t c = 1; c <= 70; c++) {
            if (c == 33) fccl = 64;  // full, between the ticks at 32 and 39
            Obs o = d.edge(false, true, 7, recip, fccl, 0);
            if (o.update) {
                if (!n) first = c;
                if (n && c - last != (n <= 3 ? 1u : 7u)) spacing_ok = false;
                last = c;
                n++;
            }
            // the tick at 39 samples it; its rate shows 1 + PIPE edges after the tick
            if (c >= 33 && c < 40 + TB_PIPE && o.rate != 0x8000) early = true;
            if (c >= 33 && !full_at && o.rate == 0x10000) full_at = c;
        }
        bool g = spacing_ok && !early && n == 13 && first == 2 + TB_PIPE && full_at == 40 + TB_PIPE;
        ok &= g;
        std::printf("CHECK gfc_time %s period=7 updates=%llu expected=13 spacing=%s fccl_change_seen_early=%d "
                    "first_update=%llu expected=%d full_at=%llu expected=%d %s\n",
                    who, (unsigned long long)n, spacing_ok ? "1,1,1,7,7,..." : "WRONG", early, (unsigned long long)first,
                    2 + TB_PIPE, (unsigned long long)full_at, 40 + TB_PIPE, g ? "ok" : "WRONG");
    }
    {
        // Which cfg_recip the rate uses: r = 32 all along, T_fc = 7 (ticks at 1, 2, 3, 4, 11,
        // 18); cfg_recip for W = 64 (rate 0x8000) until the tick at 11, for W = 128 (0x4000)
        // from the edge after it. PIPE 0 and 1 multiply on the edge after the tick, with the
        // new reciprocal: the tick-11 update (shown from edge 13 + PIPE) is 0x4000; PIPE 2
        // registers cfg_recip first, so that update still has W = 64's 0x8000 and the tick at
        // 18 brings 0x4000 (shown from edge 20 + PIPE).
        uint32_t r64 = (uint32_t)std::llround(268435456.0 / 64);
        uint32_t r128 = (uint32_t)std::llround(268435456.0 / 128);
        d.edge(true, true, 7, r64, 0, 0);
        uint32_t at_t11 = 0, at_t18 = 0;
        for (uint32_t c = 1; c <= 30; c++) {
            Obs o = d.edge(false, true, 7, c >= 12 ? r128 : r64, 32, 0);
            if (c == 13 + TB_PIPE) at_t11 = o.rate;
            if (c == 20 + TB_PIPE) at_t18 = o.rate;
        }
        uint32_t want11 = TB_PIPE == 2 ? 0x8000u : 0x4000u;
        bool g = at_t11 == want11 && at_t18 == 0x4000u;
        ok &= g;
        std::printf("CHECK gfc_time %s recip_edge tick11_rate=0x%05x expected=0x%05x tick18_rate=0x%05x expected=0x04000 %s\n",
                    who, at_t11, want11, at_t18, g ? "ok" : "WRONG");
    }
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
    const char* name = TB_PIPE == 2 ? "gfc_time_pipe2" : TB_PIPE ? "gfc_time_pipe" : "gfc_time";
    int rc = fg::run<TbGfcTime>(argc, argv, name);
    if (!ok) {
        std::printf("CHECK FAIL test=%s directed\n", name);
        return 1;
    }
    return rc;
}
