// tb_gfc_stage.cpp - lock-step test of rtl/switch/fg_gfc_stage.v against
// cmodel/switch/gfc_stage.c. Shape from -DTB_CW / -DTB_CNT_W (mk/gfc.mk passes the same
// values to Verilator).
//
// Directed checks first, on the RTL and the model separately, with thresholds written out by
// hand from SPEC section 5 (B_k = B_m - (B_m - B_1)/2^(k-1), the distance rounded down to
// whole cells) and the stage counts of SPEC section 10/11:
//  - the paper's case study (section 6.2.2): B_m = 300 KB, B_1 = 281 KB, stage widths
//    19 KB/2^n; in 1 KB cells the stages start at 281, 291, 296, 298, 299, 300 (N = 6);
//  - a power-of-two span, B_1 = 1000, B_m = 1064: 1000, 1032, 1048, 1056, 1060, 1062, 1063,
//    1064 (N = 8);
//  a ramp of the occupancy up one cell per cycle and back down must produce exactly one
//  feedback request per stage, in order, at those thresholds (every stage up and down), a jump
//  from empty to full one request for stage N, and disabling a request for stage 0;
//  - in byte units (1 cell = 1 B, CW >= 18 only): B_m - B_1 = 2*C*tau = 18500 / 56000 /
//    130000 B at 10/40/100 Gb/s gives N = 16 / 17 / 18, the rule's numbers in SPEC 10/11.
// Random run: the occupancy walks around the thresholds (small steps, jumps, exactly B_1 and
// B_m), B_1/B_m change now and then (small spans, powers of two, B_1 = B_m, B_1 > B_m, large
// random), the serialiser acks at random rates, the counter is cleared now and then.
//
// -DTB_PIPE=P (mk/gfc.mk passes the same value to Verilator as -GPIPE) builds it against the
// pipelined variant (docs/blocks/gfc_stage.md): the block is the PIPE = 0 block with enable,
// B_1, B_m and occupancy taken P edges late (zero for P edges after reset), req_ack on time.
// The directed checks then expect every request P cells further along a ramp, and the latency
// checks (for every P) count the edges by hand: a step of the occupancy, the first edges after
// reset, and a change of B_1/B_m and occupancy on one edge that must never be mixed.
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "switch/gfc_stage.h"

#ifndef TB_CW
#define TB_CW 18
#endif
#ifndef TB_CNT_W
#define TB_CNT_W 10
#endif
#ifndef TB_PIPE
#define TB_PIPE 0
#endif

static fg_gfc_stage_cfg tb_cfg() {
    fg_gfc_stage_cfg c{};
    c.cw = TB_CW;
    c.cnt_w = TB_CNT_W;
    c.pipe = TB_PIPE;
    return c;
}

struct TbGfcStage {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_gfc_stage";
    std::vector<std::pair<std::string, long>> params{{"CW", TB_CW}, {"CNT_W", TB_CNT_W}, {"PIPE", TB_PIPE}};
    bool require_coverage = true;
    fg::Options opt;
    fg_gfc_stage_cfg cfg = tb_cfg();
    fg_gfc_stage_state st{};
    fg_gfc_stage_in in{};
    fg_gfc_stage_out out{};
    bool rst = true;
    uint32_t ack_num = 2;  // the serialiser takes a pending request ack_num/8 of the cycles

    explicit TbGfcStage(const fg::Options& o) : opt(o) {
        fg_gfc_stage_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_enable", 1, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("cfg_b1", TB_CW, &top->cfg_b1, [this] { return (uint64_t)in.cfg_b1; });
        sig.input("cfg_bm", TB_CW, &top->cfg_bm, [this] { return (uint64_t)in.cfg_bm; });
        sig.input("occupancy", TB_CW, &top->occupancy, [this] { return (uint64_t)in.occupancy; });
        sig.input("req_ack", 1, &top->req_ack, [this] { return (uint64_t)in.req_ack; });
        sig.input("cnt_clear", 1, &top->cnt_clear, [this] { return (uint64_t)in.cnt_clear; });
        sig.output("stage", 5, &top->stage, [this] { return (uint64_t)out.stage; });
        sig.output("n_stages", 5, &top->n_stages, [this] { return (uint64_t)out.n_stages; });
        sig.output("req_valid", 1, &top->req_valid, [this] { return (uint64_t)out.req_valid; });
        sig.output("req_stage", 5, &top->req_stage, [this] { return (uint64_t)out.req_stage; });
        sig.output("stat_up", 1, &top->stat_up, [this] { return (uint64_t)out.stat_up; });
        sig.output("stat_down", 1, &top->stat_down, [this] { return (uint64_t)out.stat_down; });
        sig.output("stat_req", 1, &top->stat_req, [this] { return (uint64_t)out.stat_req; });
        sig.output("fb_cnt", TB_CNT_W, &top->fb_cnt, [this] { return (uint64_t)out.fb_cnt; });
    }
    uint32_t maxc() const { return (uint32_t)((1ull << TB_CW) - 1); }
    void pick_thresholds(fg::Rng& r) {
        uint32_t m = maxc();
        uint32_t bm = (uint32_t)r.range(m / 4, m);
        uint32_t span;
        switch (r.below(6)) {
        case 0: span = 0; break;
        case 1: span = 1u << r.below(TB_CW - 1); break;
        case 2: span = (uint32_t)r.range(1, 40); break;
        case 3: span = (uint32_t)r.range(1, bm); break;
        default: span = (uint32_t)r.range(1, 300); break;
        }
        if (span > bm) span = bm;
        in.cfg_bm = bm;
        in.cfg_b1 = bm - span;
        if (r.chance(1, 10)) in.cfg_b1 = (uint32_t)r.range(bm, m);  // B_1 >= B_m
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (cycle == 0 || r.chance(1, 5000)) pick_thresholds(r);
        if (cycle == 0 || r.chance(1, 10000)) in.cfg_enable = !r.chance(1, 8);
        if (r.chance(1, 20000)) ack_num = (uint32_t)r.range(0, 8);
        uint32_t m = maxc();
        int64_t q = in.occupancy;
        switch (r.below(400)) {
        case 0: q = in.cfg_b1; break;
        case 1: q = in.cfg_bm; break;
        case 2: q = 0; break;
        case 3: q = (int64_t)r.range(0, m); break;
        case 4: q = (int64_t)in.cfg_bm - (int64_t)r.range(0, 8); break;
        default: {
            // random walk, drifting towards the interesting band [B_1 - 4, B_m + 2]
            int64_t lo = (int64_t)(in.cfg_b1 < in.cfg_bm ? in.cfg_b1 : in.cfg_bm) - 4, hi = (int64_t)in.cfg_bm + 2;
            int64_t d = (int64_t)r.range(0, 6) - 3;
            if (q < lo) d = (int64_t)r.range(0, 1 + (uint64_t)((lo - q) / 64 > 0 ? (lo - q) / 64 : 0)) + d / 2 + 1;
            if (q > hi) d = -((int64_t)r.range(0, 1 + (uint64_t)((q - hi) / 64 > 0 ? (q - hi) / 64 : 0)) + 1);
            q += d;
        }
        }
        if (q < 0) q = 0;
        if (q > (int64_t)m) q = m;
        in.occupancy = (uint32_t)q;
        in.req_ack = r.below(8) < ack_num || r.chance(1, 50);
        in.cnt_clear = r.chance(1, 30000);
    }
    void model_step() {
        if (rst) {
            fg_gfc_stage_reset(&st, &cfg);
            out = fg_gfc_stage_out{};
        } else {
            fg_gfc_stage_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_gfc_stage_cov_names, st.cov, FG_GFC_STAGE_COV_N); }
};

// ---- directed checks, derived by hand ---------------------------------------------------------

struct Obs {
    uint8_t stage, n;
    bool req_valid;
    uint8_t req_stage;
};
struct Dut {
    virtual ~Dut() {}
    virtual Obs edge(bool rst, bool en, uint32_t b1, uint32_t bm, uint32_t q, bool ack) = 0;
};
struct RtlDut : Dut {
    Vtop top;
    Obs edge(bool rst, bool en, uint32_t b1, uint32_t bm, uint32_t q, bool ack) override {
        top.rst = rst;
        top.cfg_enable = en;
        top.cfg_b1 = b1;
        top.cfg_bm = bm;
        top.occupancy = q;
        top.req_ack = ack;
        top.cnt_clear = 0;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
        return Obs{top.stage, top.n_stages, (bool)top.req_valid, top.req_stage};
    }
};
struct ModelDut : Dut {
    fg_gfc_stage_cfg cfg = tb_cfg();
    fg_gfc_stage_state st{};
    Obs edge(bool rst, bool en, uint32_t b1, uint32_t bm, uint32_t q, bool ack) override {
        if (rst) {
            fg_gfc_stage_reset(&st, &cfg);
            return Obs{0, 0, false, 0};
        }
        fg_gfc_stage_in in{};
        fg_gfc_stage_out out{};
        in.cfg_enable = en;
        in.cfg_b1 = b1;
        in.cfg_bm = bm;
        in.occupancy = q;
        in.req_ack = ack;
        fg_gfc_stage_step(&st, &in, &out);
        return Obs{out.stage, out.n_stages, out.req_valid, out.req_stage};
    }
};

// Ramps q from 0 to bm+3 and back to 0, one cell per cycle, acking every request at once.
// Records (q, stage id) of every request.
static std::vector<std::pair<uint32_t, int>> ramp(Dut& d, uint32_t b1, uint32_t bm, uint8_t* n_out) {
    std::vector<std::pair<uint32_t, int>> reqs;
    d.edge(true, true, b1, bm, 0, false);
    Obs o = d.edge(false, true, b1, bm, 0, false);
    auto step = [&](uint32_t q) {
        o = d.edge(false, true, b1, bm, q, o.req_valid);  // ack what is shown
        // a request raised on this edge shows now; it is taken on the next edge
        if (o.req_valid) reqs.push_back({q, o.req_stage});
    };
    for (uint32_t q = 0; q <= bm + 3; q++) step(q);
    *n_out = o.n;
    for (int64_t q = bm + 3; q >= 0; q--) step((uint32_t)q);
    step(0);
    return reqs;
}

static bool check_table(const char* who, Dut& d, const char* name, uint32_t b1, uint32_t bm,
                        const std::vector<uint32_t>& starts /* B_1..B_N by hand */) {
    uint8_t n = 0;
    auto reqs = ramp(d, b1, bm, &n);
    const int N = (int)starts.size();
    std::vector<std::pair<uint32_t, int>> want;
    // P = TB_PIPE edges late: on a ramp of one cell per edge the request shows P cells further
    for (int k = 1; k <= N; k++) want.push_back({starts[k - 1] + TB_PIPE, k});  // up: stage k at q = B_k
    for (int k = N - 1; k >= 0; k--) want.push_back({starts[k] - 1 - TB_PIPE, k});  // down: below B_(k+1)
    bool ok = reqs == want && n == N;
    std::printf("CHECK gfc_stage %s %s B_1=%u B_m=%u N=%u expected=%d requests=%zu expected=%zu %s\n", who, name, b1,
                bm, n, N, reqs.size(), want.size(), ok ? "ok" : "WRONG");
    if (!ok) {
        for (size_t i = 0; i < reqs.size() || i < want.size(); i++)
            std::printf("  request %zu: got q=%d stage=%d  expected q=%d stage=%d\n", i,
                        i < reqs.size() ? (int)reqs[i].first : -1, i < reqs.size() ? reqs[i].second : -1,
                        i < want.size() ? (int)want[i].first : -1, i < want.size() ? want[i].second : -1);
    }
    return ok;
}

static bool directed(const char* who, Dut& d) {
    bool ok = true;
    if ((1u << TB_CW) > 1064 + 3) {
        ok &= check_table(who, d, "paper-case-study-1KB-cells", 281, 300, {281, 291, 296, 298, 299, 300});
        ok &= check_table(who, d, "span-64", 1000, 1064, {1000, 1032, 1048, 1056, 1060, 1062, 1063, 1064});
    } else {
        // small shape: B_1 = 20, B_m = 36 (span 16): 20, 28, 32, 34, 35, 36 (N = 6)
        ok &= check_table(who, d, "span-16", 20, 36, {20, 28, 32, 34, 35, 36});
    }
    // a jump from empty to full and back: one request each, for N and for 0 (each input held
    // 1 + P edges, the last of them observed)
    auto held = [&](bool en, uint32_t b1, uint32_t bm, uint32_t q, bool ack) {
        Obs o{};
        for (int i = 0; i <= TB_PIPE; i++) o = d.edge(false, en, b1, bm, q, ack);
        return o;
    };
    {
        uint32_t b1 = 20, bm = 36;
        d.edge(true, true, b1, bm, 0, false);
        held(true, b1, bm, 0, false);
        Obs a = held(true, b1, bm, bm, false);
        Obs b = held(true, b1, bm, 0, false);  // replaces the pending request
        Obs c = d.edge(false, true, b1, bm, 0, true);   // taken
        bool g = a.req_valid && a.req_stage == 6 && a.stage == 6 && b.req_valid && b.req_stage == 0 && !c.req_valid;
        ok &= g;
        std::printf("CHECK gfc_stage %s jump-full-then-empty stage=%u req=%u then req=%u then valid=%d %s\n", who,
                    a.stage, a.req_stage, b.req_stage, c.req_valid, g ? "ok" : "WRONG");
        held(true, b1, bm, bm, false);
        d.edge(false, true, b1, bm, bm, true);
        Obs e = held(false, b1, bm, bm, false);  // disable at stage 6
        g = e.stage == 0 && e.req_valid && e.req_stage == 0;
        ok &= g;
        std::printf("CHECK gfc_stage %s disable-sends-stage-0 stage=%u req_valid=%d req=%u %s\n", who, e.stage,
                    e.req_valid, e.req_stage, g ? "ok" : "WRONG");
    }
    // SPEC 10/11: N for B_m - B_1 = 2*C*tau in bytes (1 cell = 1 byte here) = 16 / 17 / 18
    if (TB_CW >= 18) {
        struct {
            const char* rate;
            uint32_t span;
            int n;
        } t[] = {{"10G", 18500, 16}, {"40G", 56000, 17}, {"100G", 130000, 18}};
        for (auto& x : t) {
            uint32_t bm = 200000, b1 = bm - x.span;
            d.edge(true, true, b1, bm, 0, false);
            Obs top1 = held(true, b1, bm, bm, true);
            Obs below = held(true, b1, bm, bm - 1, true);
            bool g = top1.n == x.n && top1.stage == x.n && below.stage == x.n - 1;
            ok &= g;
            std::printf("CHECK gfc_stage %s N-at-%s 2Ctau=%uB N=%u expected=%d stage(B_m)=%u stage(B_m-1)=%u %s\n", who,
                        x.rate, x.span, top1.n, x.n, top1.stage, below.stage, g ? "ok" : "WRONG");
        }
    }
    return ok;
}

// The documented latency, edge by edge, for P = TB_PIPE (values by hand from the tables above;
// small enough for CW = 6 too: B_1 = 20, B_m = 36, stages 20, 28, 32, 34, 35, 36, N = 6;
// B_1 = 40, B_m = 48, stages 40, 44, 46, 47, 48, N = 5).
static bool latency(const char* who, Dut& d) {
    const int P = TB_PIPE;
    bool ok = true;
    // after reset: the first P edges decide on an all-zero snapshot (stage 0, N = 1); edge P+1
    // shows N = 6 of B_1 = 20, B_m = 36
    {
        d.edge(true, true, 20, 36, 34, false);
        bool g = true;
        std::string seen;
        for (int e = 1; e <= P + 2; e++) {
            Obs o = d.edge(false, true, 20, 36, 34, false);
            int want_n = e <= P ? 1 : 6, want_stage = e <= P ? 0 : 4;
            g &= o.n == want_n && o.stage == want_stage && o.req_valid == (e > P);
            seen += " " + std::to_string(o.n) + "/" + std::to_string(o.stage);
        }
        ok &= g;
        std::printf("CHECK gfc_stage %s latency-after-reset pipe=%d n/stage on edges 1..%d:%s expected N=1 stage 0 for %d "
                    "edges, then 6/4 %s\n", who, P, P + 2, seen.c_str(), P, g ? "ok" : "WRONG");
    }
    // a step of the occupancy from 0 to B_m on edge 0: stage 6 and its request show on edge P;
    // an ack on edge P+1 takes it at once (req_ack is not delayed)
    {
        d.edge(true, true, 20, 36, 0, false);
        for (int i = 0; i < 4; i++) d.edge(false, true, 20, 36, 0, false);
        bool g = true;
        std::string seen;
        for (int e = 0; e <= P + 2; e++) {
            Obs o = d.edge(false, true, 20, 36, 36, e == P + 1);
            bool want_valid = e == P;
            int want_stage = e < P ? 0 : 6;
            g &= o.stage == want_stage && o.req_valid == want_valid && (!want_valid || o.req_stage == 6);
            seen += " " + std::to_string(o.stage) + (o.req_valid ? "r" : "");
        }
        ok &= g;
        std::printf("CHECK gfc_stage %s latency-step pipe=%d stage on edges 0..%d:%s expected 0 until edge %d, then 6 "
                    "with a request taken by the ack of edge %d %s\n", who, P, P + 2, seen.c_str(), P, P + 1,
                    g ? "ok" : "WRONG");
    }
    // B_1/B_m and occupancy change on one edge: (20, 36, q = 30: stage 2) -> (40, 48, q = 47:
    // stage 4). Mixed snapshots would read 6 (new q, old B) or 0 (old q, new B); the block
    // must show 2 (N = 6) until edge P-1 and 4 (N = 5) from edge P.
    {
        d.edge(true, true, 20, 36, 30, false);
        for (int i = 0; i < 4; i++) d.edge(false, true, 20, 36, 30, true);
        bool g = true;
        std::string seen;
        for (int e = 0; e <= P + 2; e++) {
            Obs o = d.edge(false, true, 40, 48, 47, true);
            int want_stage = e < P ? 2 : 4, want_n = e < P ? 6 : 5;
            g &= o.stage == want_stage && o.n == want_n;
            seen += " " + std::to_string(o.stage) + "/" + std::to_string(o.n);
        }
        ok &= g;
        std::printf("CHECK gfc_stage %s latency-cfg-change pipe=%d stage/N on edges 0..%d:%s expected 2/6 until edge %d, "
                    "then 4/5 %s\n", who, P, P + 2, seen.c_str(), P - 1, g ? "ok" : "WRONG");
    }
    return ok;
}

// cfg.pipe out of range is refused with a message naming the field and the range
static bool cfg_check() {
    bool ok = true;
    for (int pipe : {-1, 0, 2, 3}) {
        fg_gfc_stage_cfg c = tb_cfg();
        c.pipe = pipe;
        const char* err = fg_gfc_stage_cfg_error(&c);
        bool legal = pipe >= 0 && pipe <= 2;
        bool g = legal ? err == nullptr : (err && std::strstr(err, "pipe (PIPE)") && std::strstr(err, "0..2"));
        ok &= g;
        std::printf("CHECK gfc_stage cfg pipe=%d error=\"%s\" %s\n", pipe, err ? err : "", g ? "ok" : "WRONG");
    }
    return ok;
}

int main(int argc, char** argv) {
    bool ok = cfg_check();
    {
        RtlDut rtl;
        ok &= directed("rtl", rtl);
        ok &= latency("rtl", rtl);
    }
    {
        ModelDut model;
        ok &= directed("model", model);
        ok &= latency("model", model);
    }
    char name[64];
    const char* pipe_sfx = TB_PIPE == 0 ? "" : TB_PIPE == 1 ? "_pipe" : "_pipe2";
    if (TB_CW == 18)
        std::snprintf(name, sizeof name, "gfc_stage%s", pipe_sfx);
    else
        std::snprintf(name, sizeof name, "gfc_stage_cw%d%s", TB_CW, pipe_sfx);
    int rc = fg::run<TbGfcStage>(argc, argv, name);
    if (!ok) {
        std::printf("CHECK FAIL test=%s directed\n", name);
        return 1;
    }
    return rc;
}
