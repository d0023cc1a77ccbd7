// tb_ecn_mark.cpp - lock-step test of rtl/switch/fg_ecn_mark.v against cmodel/switch/ecn_mark.c.
//
// Build-time: TB_N_PRIO matches the Verilator -G override (mk/ecn.mk).
// Directed (on the model, expected values from docs/blocks/ecn_mark.md, not from the model):
// the six-edge latency, in_q taken on the input's third edge, below/at Kmin, at/above
// Kmax, p = 0 (slope 0), p = 1 (product >= 2^32), a p = 1/2 draw checked against an LFSR
// sequence computed here (one step per input, ECT or not), back-to-back inputs.
// Random, in phases: queue lengths drawn around Kmin/Kmax, thresholds and slope changed per
// phase, Kmin == Kmax now and then, ECT and priority mixes (some priorities >= N_PRIO), input
// load from sparse to every cycle, seed loads, rare resets. in_q changes on a quarter of the
// edges (the RTL reads it only on an input's third edge: the lock-step checks that edge's
// value is the one used).
#include <deque>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "ecn_stimulus.h"
#include "switch/ecn_mark.h"

#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif

struct TbEcnMark {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_ecn_mark";
    std::vector<std::pair<std::string, long>> params{{"N_PRIO", TB_N_PRIO}};
    bool require_coverage = true;
    fg::Options opt;
    fg_ecn_mark_cfg cfg{TB_N_PRIO, 18, 2};
    fg_ecn_mark_state st{};
    fg_ecn_mark_in in{};
    fg_ecn_mark_out out{};
    bool rst = true;
    uint64_t phase_end = 0;
    uint32_t load_den = 2;

    explicit TbEcnMark(const fg::Options& o) : opt(o) {
        const int P = TB_N_PRIO;
        fg_ecn_mark_reset(&st, &cfg);
        fg_ecn_mark_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_prio_mask", P, &top->cfg_prio_mask, [this] { return (uint64_t)in.cfg_prio_mask; });
        sig.input("cfg_kmin", 18, &top->cfg_kmin, [this] { return (uint64_t)in.cfg_kmin; });
        sig.input("cfg_kmax", 18, &top->cfg_kmax, [this] { return (uint64_t)in.cfg_kmax; });
        sig.input("cfg_slope", 32, &top->cfg_slope, [this] { return (uint64_t)in.cfg_slope; });
        sig.input("cfg_seed", 32, &top->cfg_seed, [this] { return (uint64_t)in.cfg_seed; });
        sig.input("cfg_seed_load", 1, &top->cfg_seed_load, [this] { return (uint64_t)in.cfg_seed_load; });
        sig.input("in_valid", 1, &top->in_valid, [this] { return (uint64_t)in.in_valid; });
        sig.input("in_prio", 3, &top->in_prio, [this] { return (uint64_t)in.in_prio; });
        sig.input("in_ect", 1, &top->in_ect, [this] { return (uint64_t)in.in_ect; });
        sig.input("in_q", 18, &top->in_q, [this] { return (uint64_t)in.in_q; });
        sig.output("mark", 1, &top->mark, [this] { return (uint64_t)out.mark; });
    }

    void new_phase(uint64_t cycle, fg::Rng& r) {
        phase_end = cycle + r.range(300, 3000);
        ecnstim::new_thresholds(in, r, TB_N_PRIO);
        static const uint32_t loads[] = {1, 1, 2, 5, 30};
        load_den = loads[r.below(5)];
    }

    uint32_t queue_len(fg::Rng& r) { return ecnstim::queue_len(in.cfg_kmin, in.cfg_kmax, r); }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (cycle >= phase_end) new_phase(cycle, r);
        in.cfg_seed_load = r.chance(1, 5000);
        if (in.cfg_seed_load) in.cfg_seed = (uint32_t)(r.chance(1, 20) ? 0 : r.bits(32));
        if (r.chance(1, 4)) in.in_q = queue_len(r);
        in.in_valid = r.chance(1, load_den);
        in.in_prio = (uint8_t)(r.chance(1, 30) ? r.below(8) : r.below(TB_N_PRIO));
        in.in_ect = !r.chance(1, 5);
    }

    void model_step() {
        if (rst) {
            fg_ecn_mark_reset(&st, &cfg);
            fg_ecn_mark_outputs(&st, &out);
        } else {
            fg_ecn_mark_step(&st, &in, &out);
        }
    }

    bool coverage() { return fg::report_coverage(opt, fg_ecn_mark_cov_names, st.cov, FG_ECN_MARK_COV_N); }
};

// The rules of docs/blocks/ecn_mark.md on the model, expectations written here: one input per
// edge, in_q set to the input's q before its third edge (the block reads it there), the mark
// checked FG_ECN_MARK_LATENCY edges after its input.
static bool directed() {
    fg_ecn_mark_cfg cfg{TB_N_PRIO, 18, 2};
    fg_ecn_mark_state st{};
    fg_ecn_mark_in in{};
    fg_ecn_mark_out out{};
    fg_ecn_mark_reset(&st, &cfg);
    in.cfg_prio_mask = 1;
    in.cfg_kmin = 10;
    in.cfg_kmax = 20;
    in.cfg_seed = 0x12345678u;
    uint32_t lfsr = 0x12345678u;
    auto next = [](uint32_t s) { return (s >> 1) ^ ((s & 1u) ? 0x80200003u : 0u); };
    struct Item {
        bool valid;
        uint32_t q, slope;
        bool ect;
        int prio;
        bool expect;
    };
    std::vector<Item> items;
    auto add = [&](uint32_t q, uint32_t slope, bool ect, int prio, bool expect) {
        items.push_back({true, q, slope, ect, prio, expect});
    };
    add(5, 0xFFFFFFFFu, true, 0, false);     // below Kmin
    add(10, 0xFFFFFFFFu, true, 0, false);    // at Kmin
    add(21, 0, true, 0, true);               // above Kmax, whatever the slope
    add(20, 0, true, 0, true);               // at Kmax: p = 1 (SPEC 7), even with slope 0
    add(19, 0, true, 0, false);              // one below Kmax, slope 0: p = 0
    add(15, 0x33333334u, true, 0, true);     // 5 * slope >= 2^32: p = 1
    add(100, 0xFFFFFFFFu, false, 0, false);  // not ECN-capable (the LFSR still steps)
    if (TB_N_PRIO > 1) add(100, 0xFFFFFFFFu, true, 1, false);  // priority 1 not in the mask
    // p = 1/2 at q = 11 (d = 1, slope 2^31): mark iff the draw < 2^31; the draws follow below
    const size_t half_from = items.size();
    for (int k = 0; k < 64; k++) add(11, 0x80000000u, true, 0, false);
    // the seed loads on edge 0; every input steps the LFSR once, its draw the value before
    for (size_t k = 0; k < items.size(); k++) {
        if (k >= half_from) items[k].expect = lfsr < 0x80000000u;
        lfsr = next(lfsr);
    }
    const int L = FG_ECN_MARK_LATENCY;
    bool ok = true;
    int marks_seen = 0;
    in.cfg_seed_load = true;  // edge 0: load
    fg_ecn_mark_step(&st, &in, &out);
    in.cfg_seed_load = false;
    const size_t n = items.size();
    for (size_t e = 1; e <= n + L; e++) {
        // input e-1 on edge e; q of input e-3 (read on its third edge, this edge); a wrong
        // value otherwise, so a block reading in_q on another edge fails here
        in.in_valid = e <= n;
        if (e <= n) {
            const Item& it = items[e - 1];
            in.in_prio = (uint8_t)it.prio, in.in_ect = it.ect;
        }
        in.in_q = (e >= 3 && e - 3 < n) ? items[e - 3].q : 0x3FFFFu;
        // the slope is registered on the input's third edge and used on its fourth
        if (e >= 3 && e - 3 < n) in.cfg_slope = items[e - 3].slope;
        fg_ecn_mark_step(&st, &in, &out);
        // the mark after edge e is that of the input on edge e - L + 1 (items[e - L])
        if (e >= (size_t)L && e - L < n) {
            const Item& it = items[e - L];
            marks_seen++;
            if (out.mark != it.expect) {
                std::printf("CHECK ecn_mark directed input %zu: q=%u slope=0x%08x mark=%d, expected %d WRONG\n",
                            e - L, it.q, it.slope, out.mark, it.expect);
                ok = false;
            }
        } else if (out.mark) {
            std::printf("CHECK ecn_mark directed: a mark after edge %zu, with no input due WRONG\n", e);
            ok = false;
        }
    }
    ok = ok && marks_seen == (int)n;
    std::printf("CHECK ecn_mark directed sequence (%d inputs back to back) %s\n", marks_seen, ok ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char** argv) {
    bool directed_ok = directed();
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_ecn_mark");
    int rc = fg::run<TbEcnMark>(argc, argv, name.c_str());
    return rc ? rc : (directed_ok ? 0 : 1);
}
