// tb_fifo.cpp - lock-step test of rtl/common/fg_fifo.v against cmodel/common/fifo.c.
// The shape comes from the build: -GWIDTH/-GDEPTH_LOG2/-GCNT_W for Verilator and the same
// numbers as -DTB_WIDTH/-DTB_DEPTH_LOG2/-DTB_CNT_W here (mk/common_prims.mk, one place).
// Stimulus: phases of random length that fill (mostly writes), drain (mostly reads), run
// balanced or hammer both ends, so the FIFO is driven into full and empty and misused there
// (writes when full, reads when empty, both at once); rare stats clears and resets.
// Before the random run a directed sequence checks the model against what a FIFO must do,
// written down here by hand (order kept, fall-through after one edge, drops counted).
#include <cstring>

#include "Vtop.h"
#include "common/fifo.h"
#include "fg_lockstep.h"

#ifndef TB_WIDTH
#define TB_WIDTH 8
#endif
#ifndef TB_DEPTH_LOG2
#define TB_DEPTH_LOG2 2
#endif
#ifndef TB_CNT_W
#define TB_CNT_W 6
#endif

struct TbFifo {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_fifo";
    std::vector<std::pair<std::string, long>> params{
        {"WIDTH", TB_WIDTH}, {"DEPTH_LOG2", TB_DEPTH_LOG2}, {"CNT_W", TB_CNT_W}};
    bool require_coverage = true;
    fg::Options opt;
    fg_fifo_cfg cfg{};
    std::unique_ptr<fg_fifo_state> st{new fg_fifo_state()};  // large: keep it off the stack
    fg_fifo_in in{};
    fg_fifo_out out{};
    bool rst = true;
    int phase = 0;
    uint64_t phase_end = 0;

    explicit TbFifo(const fg::Options& o) : opt(o) {
        cfg.width = TB_WIDTH;
        cfg.depth_log2 = TB_DEPTH_LOG2;
        cfg.cnt_w = TB_CNT_W;
        char msg[160];
        if (!fg_fifo_cfg_check(&cfg, msg, sizeof msg)) {
            std::fprintf(stderr, "error: %s\n", msg);
            std::exit(2);
        }
        fg_fifo_reset(st.get(), &cfg);
        fg_fifo_outputs(st.get(), &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("wr_en", 1, &top->wr_en, [this] { return (uint64_t)in.wr_en; });
        sig.input("wr_data", TB_WIDTH, &top->wr_data, [this] { return in.wr_data; });
        sig.input("rd_en", 1, &top->rd_en, [this] { return (uint64_t)in.rd_en; });
        sig.input("clr_stats", 1, &top->clr_stats, [this] { return (uint64_t)in.clr_stats; });
        sig.output("rd_data", TB_WIDTH, &top->rd_data, [this] { return out.rd_data; });
        sig.output("full", 1, &top->full, [this] { return (uint64_t)out.full; });
        sig.output("empty", 1, &top->empty, [this] { return (uint64_t)out.empty; });
        sig.output("count", TB_DEPTH_LOG2 + 1, &top->count, [this] { return (uint64_t)out.count; });
        sig.output("stat_overflow", 1, &top->stat_overflow, [this] { return (uint64_t)out.stat_overflow; });
        sig.output("stat_underflow", 1, &top->stat_underflow, [this] { return (uint64_t)out.stat_underflow; });
        sig.output("overflow_cnt", TB_CNT_W, &top->overflow_cnt, [this] { return out.overflow_cnt; });
        sig.output("underflow_cnt", TB_CNT_W, &top->underflow_cnt, [this] { return out.underflow_cnt; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (cycle >= phase_end) {
            phase = (int)r.below(4);
            phase_end = cycle + r.range(4, 8u << TB_DEPTH_LOG2);
        }
        // fill, drain, balanced, both ends hammered (out of 16)
        static const uint32_t p_wr[4] = {13, 2, 8, 15}, p_rd[4] = {2, 13, 8, 15};
        in.wr_en = r.chance(p_wr[phase], 16);
        in.rd_en = r.chance(p_rd[phase], 16);
        in.wr_data = r.bits(TB_WIDTH);
        in.clr_stats = r.chance(1, 6000);
    }
    void model_step() {
        if (rst) {
            fg_fifo_reset(st.get(), &cfg);
            fg_fifo_outputs(st.get(), &out);
        } else {
            fg_fifo_step(st.get(), &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_fifo_cov_names, st->cov, FG_FIFO_COV_N); }
};

// Directed facts about any FIFO of this shape, on the model alone.
static bool known_answers() {
    fg_fifo_cfg cfg{TB_WIDTH, TB_DEPTH_LOG2, TB_CNT_W};
    std::unique_ptr<fg_fifo_state> st(new fg_fifo_state());
    fg_fifo_reset(st.get(), &cfg);
    const uint32_t depth = 1u << TB_DEPTH_LOG2;
    const uint64_t mask = fg_mask(TB_WIDTH);
    fg_fifo_out o{};
    bool ok = true;
    auto check = [&](bool cond, const char* what) {
        std::printf("CHECK fifo %s %s\n", what, cond ? "ok" : "WRONG");
        ok = ok && cond;
    };
    auto step = [&](bool wr, uint64_t data, bool rd) {
        fg_fifo_in i{};
        i.wr_en = wr;
        i.wr_data = data & mask;
        i.rd_en = rd;
        fg_fifo_step(st.get(), &i, &o);
    };
    step(false, 0, true);
    check(o.empty && o.stat_underflow && o.underflow_cnt == 1, "read of empty is ignored and counted");
    step(true, 0x5A5A5A5A5A5A5A5Aull, false);
    check(!o.empty && o.count == 1 && o.rd_data == (0x5A5A5A5A5A5A5A5Aull & mask),
          "first word falls through one edge after its write");
    for (uint32_t k = 1; k < depth; k++) step(true, 0x1000 + k, false);
    check(o.full && o.count == depth, "full after 2^DEPTH_LOG2 writes");
    step(true, 0xDEAD, false);
    check(o.full && o.stat_overflow && o.overflow_cnt == 1, "write to full is ignored and counted");
    step(true, 0x77, true);
    check(o.full && !o.stat_overflow && o.rd_data == ((0x1001ull & mask)), "write with read on full passes");
    bool in_order = true;
    for (uint32_t k = 1; k < depth; k++) {
        in_order = in_order && o.rd_data == ((0x1000ull + k) & mask);
        step(false, 0, true);
    }
    check(in_order, "words come out in write order");
    check(o.count == 1 && o.rd_data == (0x77 & mask), "the last word written comes out last");
    step(false, 0, true);
    check(o.empty && o.rd_data == (0x77 & mask), "emptying keeps the last word shown");
    return ok;
}

int main(int argc, char** argv) {
    // A wrong directed fact fails the run, but the lock-step run still goes ahead so that a
    // wrong model is also caught (and located) against the RTL.
    bool facts_ok = known_answers();
    std::string name = "fifo_w" + std::to_string(TB_WIDTH) + "_d" + std::to_string(TB_DEPTH_LOG2);
    int rc = fg::run<TbFifo>(argc, argv, name.c_str());
    return facts_ok ? rc : 1;
}
