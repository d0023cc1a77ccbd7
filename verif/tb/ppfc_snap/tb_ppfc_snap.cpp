// tb_ppfc_snap.cpp - lock-step test of rtl/switch/fg_ppfc_snap.v against
// cmodel/switch/ppfc_snap.c, with a reference of its own.
//
// Build-time: TB_N_PORTS / TB_N_PRIO / TB_CW / TB_PHASE match the Verilator -G overrides
// (mk/ppfc_snap.mk).
// Stimulus, in phases: per-PG occupancies as random walks (some at and above 2^CW), ticks
// every few edges to every few hundred (shorter than a pass: stat_short; exactly a pass and
// one edge apart: back to back), cfg_enable dropping now and then (follow, abort, ticks while
// disabled), rare resets.
// The reference (from docs/blocks/ppfc_snap.md, not from the model): the testbench keeps the
// value it showed for each PG and a snapshot per PG by the rule "a pass takes the NP samples
// after the tick's cycle; while disabled every sample is the snapshot". At every `done` each
// PG's increment must be the value shown in the pass minus the snapshot before it, the total
// their sum, and `done` must come NP + 1 edges after the tick's edge; `busy` and stat_short are
// checked against the testbench's own pass too.
#include <deque>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "switch/ppfc_snap.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif
#ifndef TB_CW
#define TB_CW 18
#endif
#ifndef TB_PHASE
#define TB_PHASE 0
#endif

static const int NP = TB_N_PORTS * TB_N_PRIO;
static const int PGW = fg::index_width(NP);
static const int IW = TB_CW + 1, TW = TB_CW + PGW + 1;

struct TbPpfcSnap {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_ppfc_snap";
    std::vector<std::pair<std::string, long>> params{
        {"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO}, {"CW", TB_CW}, {"PHASE", TB_PHASE}};
    bool require_coverage = true;
    fg::Options opt;
    fg_ppfc_snap_cfg cfg{TB_N_PORTS, TB_N_PRIO, TB_CW, TB_PHASE};
    fg_ppfc_snap_state st{};
    fg_ppfc_snap_in in{};
    fg_ppfc_snap_out out{};
    bool rst = true;
    uint64_t now = 0;

    // phase
    uint64_t phase_end = 0;
    uint32_t tick_lo = 1, tick_hi = 100, move_den = 2, off_den = 0;
    uint64_t next_tick = 0;

    // stimulus and reference
    uint32_t occ[FG_PPFC_SNAP_MAX_PG] = {0};   // the walk of each PG
    int pg = 0;                                // the PG the stream shows this cycle
    uint32_t ref_snap[FG_PPFC_SNAP_MAX_PG] = {0};
    int64_t want_inc[FG_PPFC_SNAP_MAX_PG] = {0};
    int ref_left = 0;          // samples of the reference's pass still to take
    bool ref_enable_prev = false;
    int64_t want_total = 0;
    // the pass's expected result, kept when its last sample is taken (the next pass may start
    // in the cycle its done is checked)
    int64_t done_inc[FG_PPFC_SNAP_MAX_PG] = {0}, done_total = 0;
    uint64_t want_done_at = UINT64_MAX;  // the model step whose output must show done
    uint64_t passes_checked = 0;
    fg::DeferredCheck check;  // the reference's checks, reported after the same edge's compare

    explicit TbPpfcSnap(const fg::Options& o) : opt(o) {
        fg_ppfc_snap_reset(&st, &cfg);
        fg_ppfc_snap_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_enable", 1, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("tick", 1, &top->tick, [this] { return (uint64_t)in.tick; });
        sig.input("occ_in", TB_CW + 1, &top->occ_in, [this] { return (uint64_t)in.occ_in; });
        sig.output_array("inc", IW, NP, &top->inc,
                         [this](int k) { return (uint64_t)out.inc[k] & fg_mask(IW); });
        sig.output("inc_total", TW, &top->inc_total, [this] { return (uint64_t)out.inc_total & fg_mask(TW); });
        sig.output("done", 1, &top->done, [this] { return (uint64_t)out.done; });
        sig.output("busy", 1, &top->busy, [this] { return (uint64_t)out.busy; });
        sig.output("stat_short", 1, &top->stat_short, [this] { return (uint64_t)out.stat_short; });
    }

    void fail(const char* what, long a, long b) { check.fail(now, what, a, b); }

    void new_phase(fg::Rng& r) {
        phase_end = now + r.range(500, 20000);
        switch (r.below(5)) {
        case 0: tick_lo = 1, tick_hi = (uint32_t)NP; break;                       // shorter than a pass
        case 1: tick_lo = tick_hi = (uint32_t)NP + 1; break;                      // back to back
        case 2: tick_lo = (uint32_t)NP + 1, tick_hi = (uint32_t)NP + 8; break;
        default: tick_lo = (uint32_t)NP, tick_hi = 4u * (uint32_t)NP + 200; break;
        }
        static const uint32_t moves[] = {1, 2, 5, 50};
        move_den = moves[r.below(4)];
        off_den = r.chance(1, 3) ? (uint32_t)r.range(50, 3000) : 0;
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        check.exit_if_failed();
        now = cycle;
        if (cycle > 0) pg = rst ? fg_ppfc_snap_first_pg(&cfg) : (pg + 1) % NP;  // the last edge
        rst = cycle < 2 || r.chance(1, 100000);
        if (rst) {
            pg = fg_ppfc_snap_first_pg(&cfg);  // shown in the cycle after this reset edge
            std::memset(ref_snap, 0, sizeof ref_snap);
            std::memset(want_inc, 0, sizeof want_inc);
            ref_left = 0;
            want_total = 0;
            want_done_at = UINT64_MAX;
        }
        if (cycle >= phase_end) new_phase(r);
        // the walks
        const uint32_t om = (uint32_t)fg_mask(TB_CW + 1);
        for (int k = 0; k < NP; k++) {
            if (!r.chance(1, move_den)) continue;
            if (r.chance(1, 500)) {
                occ[k] = r.chance(1, 2) ? om : (uint32_t)fg_mask(TB_CW) + (uint32_t)r.below(3);
            } else {
                const int64_t step = r.chance(1, 2) ? 1 : (int64_t)r.range(2, 64);
                const int64_t v = (int64_t)occ[k] + (r.chance(1, 2) ? step : -step);
                occ[k] = (uint32_t)std::max<int64_t>(0, std::min<int64_t>(v, (int64_t)om));
            }
        }
        // enable and ticks
        if (off_den && r.chance(1, off_den)) in.cfg_enable = !in.cfg_enable;
        else if (!off_den) in.cfg_enable = true;
        in.tick = cycle >= next_tick || r.chance(1, 2000);
        if (cycle >= next_tick) next_tick = cycle + r.range(tick_lo, tick_hi);
        in.occ_in = rst ? 0 : occ[pg];
        if (!rst) reference();
    }

    // the rule, on this cycle's sample (PG pg shows occ[pg])
    void reference() {
        const uint32_t m = (uint32_t)fg_mask(TB_CW);
        const uint32_t v = in.occ_in > m ? m : in.occ_in;
        const bool in_pass = in.cfg_enable && ref_left > 0;
        if (in_pass) {
            want_inc[pg] = (int64_t)v - (int64_t)ref_snap[pg];
            want_total += want_inc[pg];
            ref_snap[pg] = v;
            if (--ref_left == 0) {
                want_done_at = now + 1;  // its increment lands on the next edge
                std::memcpy(done_inc, want_inc, sizeof done_inc);
                done_total = want_total;
            }
        } else {
            ref_left = 0;  // disabled: a pass is abandoned
            if (!in.cfg_enable) ref_snap[pg] = v;
            if (in.cfg_enable && in.tick) {
                ref_left = NP;
                want_total = 0;
            }
        }
        want_short = in.cfg_enable && in.tick && in_pass;
    }
    bool want_short = false;

    void model_step() {
        if (rst) {
            fg_ppfc_snap_reset(&st, &cfg);
            fg_ppfc_snap_outputs(&st, &out);
            return;
        }
        fg_ppfc_snap_step(&st, &in, &out);
        if (out.stat_short != want_short) fail("stat_short against the testbench's pass", want_short, out.stat_short);
        const bool want_busy = ref_left > 0 || (want_done_at == now + 1);
        if (out.busy != want_busy) fail("busy against the testbench's pass", want_busy, out.busy);
        if (out.done != (want_done_at == now)) fail("done against the testbench's pass", want_done_at == now, out.done);
        if (out.done) {
            int64_t sum = 0;
            for (int k = 0; k < NP; k++) {
                if (out.inc[k] != done_inc[k]) fail("inc of PG against the reference", k, out.inc[k]);
                sum += out.inc[k];
            }
            if (out.inc_total != done_total || sum != done_total)
                fail("inc_total against the reference and the sum of inc", (long)done_total, (long)out.inc_total);
            passes_checked++;
            want_done_at = UINT64_MAX;
        }
    }

    bool coverage() {
        if (!check.ok()) return false;
        if (!opt.quiet) std::printf("CHECK ppfc_snap passes equal to the reference: %llu (must be > 0)\n", (unsigned long long)passes_checked);
        return fg::report_coverage(opt, fg_ppfc_snap_cov_names, st.cov, FG_PPFC_SNAP_COV_N) && passes_checked > 0;
    }
};

int main(int argc, char** argv) {
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_ppfc_snap");
    return fg::run<TbPpfcSnap>(argc, argv, name.c_str());
}
