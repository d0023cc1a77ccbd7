// tb_pfc_gen.cpp - lock-step test of rtl/mac/fg_pfc_gen.v against cmodel/mac/pfc_gen.c.
//
// Build-time: FG_TB_N_PRIO (default 8) must match the RTL parameter N_PRIO given to Verilator.
// Stimulus, in phases of a few thousand cycles so that every regime is visited:
//   - pause levels toggle fast (events pile up and replace each other before they are taken),
//     slowly (refreshes expire while paused), or almost never;
//   - the serialiser stand-in acks a shown request after a random wait, sometimes right away,
//     sometimes only after a 64-cycle "frame", and now and then acks when nothing is shown;
//   - cfg_refresh is small (refreshes happen often), 0 (never) or huge; cfg_enable drops for a
//     few cycles now and then; rare resets;
//   - predictive requests (pp_*) in bursts or rarely, for any class (also >= N_PRIO), while
//     classes are paused or not, with random quanta; cfg_pause_quanta changes now and then;
//   - refresh_tick every few cycles, rarely, or in a fixed period; the full form must ignore
//     it, and the compact form (FG_TB_COMPACT=1, RTL COMPACT=1) the predictive requests.
// Coverage leaves out the points the form cannot reach: the compact form has no refresh
// counters and no predictive requests, the full form no tick.
#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/pfc_gen.h"

#ifndef FG_TB_N_PRIO
#define FG_TB_N_PRIO 8
#endif
#ifndef FG_TB_COMPACT
#define FG_TB_COMPACT 0
#endif
#define FG_TB_STR2(x) #x
#define FG_TB_STR(x) FG_TB_STR2(x)

struct TbPfcGen {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_pfc_gen";
    std::vector<std::pair<std::string, long>> params{{"N_PRIO", FG_TB_N_PRIO}, {"COMPACT", FG_TB_COMPACT}};
    bool require_coverage = true;
    fg::Options opt;
    fg_pfc_gen_cfg cfg{};
    fg_pfc_gen_state st{};
    fg_pfc_gen_in in{};
    fg_pfc_gen_out out{};
    bool rst = true;

    // stimulus state
    uint64_t phase_end = 0;
    uint32_t toggle_den = 30;  // per class per cycle, 1/toggle_den
    uint32_t ack_den = 4;      // per cycle while a request is shown
    bool frame_busy_mode = false;
    uint64_t busy_until = 0;
    uint64_t disable_until = 0;
    uint32_t pp_den = 20;  // predictive requests, 1/pp_den per cycle
    uint32_t tick_den = 50;   // refresh ticks: 1/tick_den per cycle, or every tick_period cycles
    uint32_t tick_period = 0; // 0: random ticks

    explicit TbPfcGen(const fg::Options& o) : opt(o) {
        cfg.n_prio = FG_TB_N_PRIO;
        cfg.compact = FG_TB_COMPACT;
        fg_pfc_gen_reset(&st, &cfg);
        fg_pfc_gen_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("refresh_tick", 1, &top->refresh_tick, [this] { return (uint64_t)in.refresh_tick; });
        sig.input("cfg_enable", 1, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("cfg_refresh", 24, &top->cfg_refresh, [this] { return (uint64_t)in.cfg_refresh; });
        sig.input("paused", FG_TB_N_PRIO, &top->paused, [this] { return (uint64_t)in.paused; });
        sig.input("req_ack", 1, &top->req_ack, [this] { return (uint64_t)in.req_ack; });
        sig.input("cfg_pause_quanta", 16, &top->cfg_pause_quanta, [this] { return (uint64_t)in.cfg_pause_quanta; });
        sig.input("pp_valid", 1, &top->pp_valid, [this] { return (uint64_t)in.pp_valid; });
        sig.input("pp_prio", 3, &top->pp_prio, [this] { return (uint64_t)in.pp_prio; });
        sig.input("pp_quanta", 16, &top->pp_quanta, [this] { return (uint64_t)in.pp_quanta; });
        sig.output("req_valid", 1, &top->req_valid, [this] { return (uint64_t)out.req_valid; });
        sig.output("req_cev", 8, &top->req_cev, [this] { return (uint64_t)out.req_cev; });
        sig.output("req_xoff", 8, &top->req_xoff, [this] { return (uint64_t)out.req_xoff; });
        sig.output("stat_xoff_req", 1, &top->stat_xoff_req, [this] { return (uint64_t)out.stat_xoff_req; });
        sig.output("stat_xon_req", 1, &top->stat_xon_req, [this] { return (uint64_t)out.stat_xon_req; });
        sig.output_array("req_time", 16, 8, &top->req_time, [this](int k) { return (uint64_t)out.req_time[k]; });
        sig.output("req_pred", 8, &top->req_pred, [this] { return (uint64_t)out.req_pred; });
        sig.output("stat_pp_dropped", 1, &top->stat_pp_dropped, [this] { return (uint64_t)out.stat_pp_dropped; });
        in.cfg_enable = true;
        in.cfg_refresh = 8;
        in.cfg_pause_quanta = 0xFFFF;
    }

    void new_phase(uint64_t cycle, fg::Rng& r) {
        phase_end = cycle + r.range(500, 5000);
        static const uint32_t toggles[] = {3, 12, 40, 150, 1000, 100000};
        toggle_den = toggles[r.below(6)];
        static const uint32_t acks[] = {1, 2, 8, 40, 200};
        ack_den = acks[r.below(5)];
        frame_busy_mode = r.chance(1, 3);
        static const uint32_t pps[] = {2, 10, 50, 1000};
        pp_den = pps[r.below(4)];
        static const uint32_t ticks[] = {2, 10, 60, 1000};
        tick_den = ticks[r.below(4)];
        tick_period = r.chance(1, 3) ? (uint32_t)r.range(1, 80) : 0;
        in.cfg_pause_quanta = r.chance(1, 3) ? 0xFFFF : (uint16_t)r.range(1, 0xFFFF);
        uint64_t k = r.below(10);
        if (k < 6)
            in.cfg_refresh = (uint32_t)r.range(1, 40);
        else if (k < 8)
            in.cfg_refresh = (uint32_t)r.range(41, 400);
        else if (k < 9)
            in.cfg_refresh = 0;  // illegal for the CSR block; the block never refreshes
        else
            in.cfg_refresh = (uint32_t)r.range(0xFFFF00, 0xFFFFFF);
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (cycle >= phase_end) new_phase(cycle, r);
        if (r.chance(1, 30000)) disable_until = cycle + r.range(1, 20);
        in.cfg_enable = cycle >= disable_until;
        for (int p = 0; p < FG_TB_N_PRIO; p++)
            if (r.chance(1, toggle_den)) in.paused ^= (uint8_t)(1u << p);
        if (r.chance(1, 5000)) in.paused = (uint8_t)r.bits(FG_TB_N_PRIO);  // many classes at once
        if (r.chance(1, 3000)) in.cfg_pause_quanta = (uint16_t)r.bits(16);
        in.pp_valid = r.chance(1, pp_den);
        in.pp_prio = (uint8_t)(r.chance(1, 16) ? r.below(8) : r.below(FG_TB_N_PRIO));
        in.pp_quanta = (uint16_t)(r.chance(1, 4) ? r.bits(16) : r.range(1, 200));
        in.refresh_tick = tick_period ? (cycle % tick_period) == 0 : r.chance(1, tick_den);
        // The serialiser stand-in: out.req_* is what the RTL shows in this cycle.
        if (out.req_valid && cycle >= busy_until) {
            in.req_ack = r.chance(1, ack_den);
            if (in.req_ack && frame_busy_mode) busy_until = cycle + 64;
        } else {
            in.req_ack = r.chance(1, 300);  // acks with nothing shown must take nothing
        }
    }

    void model_step() {
        if (rst) {
            fg_pfc_gen_reset(&st, &cfg);
            fg_pfc_gen_outputs(&st, &out);
        } else {
            fg_pfc_gen_step(&st, &in, &out);
        }
    }

    // The points this form can reach: the compact one has no refresh counters and takes no
    // predictive requests; the full one has no tick.
    static bool reachable(int k) {
        const bool pp = k >= FG_PFC_GEN_COV_PP_TAKE && k <= FG_PFC_GEN_COV_MIXED_TIMES;
        const bool counter = k == FG_PFC_GEN_COV_REFRESH_FIRE || k == FG_PFC_GEN_COV_REFRESH_COUNT ||
                             k == FG_PFC_GEN_COV_REFRESH_RELOAD || k == FG_PFC_GEN_COV_REFRESH_CLEAR;
        const bool tick = k == FG_PFC_GEN_COV_TICK_FIRE || k == FG_PFC_GEN_COV_TICK_IDLE;
        return FG_TB_COMPACT ? !(pp || counter) : !tick;
    }
    bool coverage() {
        bool form[FG_PFC_GEN_COV_N];
        for (int k = 0; k < FG_PFC_GEN_COV_N; k++) form[k] = reachable(k);
        return fg::report_coverage_form(opt, "pfc_gen", fg_pfc_gen_cov_names, st.cov, form, FG_PFC_GEN_COV_N);
    }
};

// The predictive rules of docs/blocks/pfc_gen.md on the model, expected values from the text:
// a predictive XOFF shows its own quanta; a newer one replaces it; a standard edge on the same
// edge wins (the predictive one is dropped) and shows cfg_pause_quanta; a predictive request
// for a paused class is dropped; classes >= n_prio are dropped.
static bool directed_pp() {
    fg_pfc_gen_cfg cfg{};
    cfg.n_prio = FG_TB_N_PRIO;
    if (FG_TB_N_PRIO < 3) return true;
    fg_pfc_gen_state st{};
    fg_pfc_gen_in in{};
    fg_pfc_gen_out out{};
    fg_pfc_gen_reset(&st, &cfg);
    in.cfg_enable = true;
    in.cfg_refresh = 1000;
    in.cfg_pause_quanta = 100;
    bool ok = true;
    int step_no = 0;
    auto step = [&](uint8_t paused, bool ack, int pp_prio, uint16_t pp_q, uint8_t cev, uint8_t xoff, uint8_t pred,
                    uint16_t t1, uint16_t t2, bool dropped) {
        in.paused = paused;
        in.req_ack = ack;
        in.pp_valid = pp_prio >= 0;
        in.pp_prio = (uint8_t)(pp_prio < 0 ? 0 : pp_prio);
        in.pp_quanta = pp_q;
        fg_pfc_gen_step(&st, &in, &out);
        step_no++;
        bool good = out.req_valid == (cev != 0) && out.req_cev == cev && out.req_xoff == xoff &&
                    out.req_pred == pred && out.req_time[1] == t1 && out.req_time[2] == t2 &&
                    out.stat_pp_dropped == dropped;
        if (!good) {
            std::printf("CHECK pfc_gen directed_pp step %d: got cev=0x%02x xoff=0x%02x pred=0x%02x t1=%u t2=%u "
                        "dropped=%d, expected cev=0x%02x xoff=0x%02x pred=0x%02x t1=%u t2=%u dropped=%d WRONG\n",
                        step_no, out.req_cev, out.req_xoff, out.req_pred, out.req_time[1], out.req_time[2],
                        out.stat_pp_dropped, cev, xoff, pred, t1, t2, dropped);
            ok = false;
        }
    };
    step(0x00, false, 1, 7, 0x02, 0x02, 0x02, 7, 0, false);      // predictive XOFF of class 1, 7 quanta
    step(0x00, false, 1, 9, 0x02, 0x02, 0x02, 9, 0, false);      // a newer one replaces it
    step(0x02, false, 1, 5, 0x02, 0x02, 0x00, 100, 0, true);     // standard edge wins, pp dropped
    step(0x02, true, 2, 3, 0x04, 0x04, 0x04, 0, 3, false);       // XOFF 1 taken; pp for class 2
    step(0x02, false, 1, 4, 0x04, 0x04, 0x04, 0, 3, true);       // class 1 paused: dropped
    step(0x02, true, -1, 0, 0x00, 0x00, 0x00, 0, 0, false);      // predictive XOFF 2 taken
    step(0x00, false, 1, 6, 0x02, 0x00, 0x00, 0, 0, true);       // fall: XON pending, pp dropped
    step(0x00, false, 1, 6, 0x02, 0x00, 0x00, 0, 0, true);       // standard XON waiting: dropped
    step(0x00, true, 1, 6, 0x02, 0x02, 0x02, 6, 0, false);       // XON taken, pp accepted same edge
    step(0x00, false, 8 - 1 < FG_TB_N_PRIO ? -1 : 7, 1, 0x02, 0x02, 0x02, 6, 0, FG_TB_N_PRIO < 8);
    std::printf("CHECK pfc_gen directed_pp sequence %s\n", ok ? "ok" : "WRONG");
    return ok;
}

// A directed sequence on the model, with the expected values written from the text of
// ARCHITECTURE 5.2 (not from the model): edge -> XOFF request, hold until ack, refresh after
// cfg_refresh edges, newest event wins, an event on the ack edge stays pending.
static bool directed() {
    fg_pfc_gen_cfg cfg{};
    cfg.n_prio = FG_TB_N_PRIO;
    if (FG_TB_N_PRIO < 3) return true;  // the sequence uses classes 1 and 2
    fg_pfc_gen_state st{};
    fg_pfc_gen_in in{};
    fg_pfc_gen_out out{};
    fg_pfc_gen_reset(&st, &cfg);
    in.cfg_enable = true;
    in.cfg_refresh = 5;
    bool ok = true;
    int step_no = 0;
    auto step = [&](uint8_t paused, bool ack, bool valid, uint8_t cev, uint8_t xoff, bool sx, bool sn) {
        in.paused = paused;
        in.req_ack = ack;
        fg_pfc_gen_step(&st, &in, &out);
        step_no++;
        bool good = out.req_valid == valid && out.req_cev == cev && out.req_xoff == xoff &&
                    out.stat_xoff_req == sx && out.stat_xon_req == sn;
        if (!good) {
            std::printf("CHECK pfc_gen directed step %d: got valid=%d cev=0x%02x xoff=0x%02x stat=%d%d, "
                        "expected valid=%d cev=0x%02x xoff=0x%02x stat=%d%d WRONG\n",
                        step_no, out.req_valid, out.req_cev, out.req_xoff, out.stat_xoff_req, out.stat_xon_req,
                        valid, cev, xoff, sx, sn);
            ok = false;
        }
    };
    step(0x00, false, false, 0x00, 0x00, false, false);  // idle
    step(0x04, false, true, 0x04, 0x04, false, false);   // class 2 pauses: XOFF requested
    step(0x04, false, true, 0x04, 0x04, false, false);   // held until taken
    step(0x04, true, false, 0x00, 0x00, true, false);    // taken: cleared, XOFF stat
    for (int k = 1; k < 5; k++) step(0x04, false, false, 0x00, 0x00, false, false);
    step(0x04, false, true, 0x04, 0x04, false, false);   // 5 edges after the take: refresh
    step(0x00, false, true, 0x04, 0x00, false, false);   // resume before it left: XON wins
    step(0x02, true, true, 0x02, 0x02, false, true);     // XON of 2 taken, class 1 pauses
    step(0x00, true, true, 0x02, 0x00, true, false);     // XOFF of 1 taken, same-edge XON stays
    step(0x00, true, false, 0x00, 0x00, false, true);    // XON of 1 taken
    step(0x00, true, false, 0x00, 0x00, false, false);   // ack with nothing shown takes nothing
    std::printf("CHECK pfc_gen directed sequence %s\n", ok ? "ok" : "WRONG");
    return ok && directed_pp();
}

// The compact form (docs/blocks/pfc_gen.md, "The compact form") on the model, expected values
// from the text: no refresh without a tick, a tick makes every paused class pending XOFF, the
// times follow cfg_pause_quanta one edge behind, predictive requests are ignored.
static bool directed_compact() {
    fg_pfc_gen_cfg cfg{};
    cfg.n_prio = FG_TB_N_PRIO;
    cfg.compact = true;
    if (FG_TB_N_PRIO < 2) return true;  // the sequence uses classes 0 and 1
    fg_pfc_gen_state st{};
    fg_pfc_gen_in in{};
    fg_pfc_gen_out out{};
    fg_pfc_gen_reset(&st, &cfg);
    in.cfg_enable = true;
    in.cfg_refresh = 3;  // unused by the compact form: no refresh after 3 edges below
    in.cfg_pause_quanta = 100;
    bool ok = true;
    int step_no = 0;
    auto step = [&](uint8_t paused, bool ack, bool tick, int pp_prio, uint8_t cev, uint8_t xoff, uint16_t t0,
                    uint16_t t1, bool sx) {
        in.paused = paused;
        in.req_ack = ack;
        in.refresh_tick = tick;
        in.pp_valid = pp_prio >= 0;
        in.pp_prio = (uint8_t)(pp_prio < 0 ? 0 : pp_prio);
        in.pp_quanta = 7;
        fg_pfc_gen_step(&st, &in, &out);
        step_no++;
        bool good = out.req_valid == (cev != 0) && out.req_cev == cev && out.req_xoff == xoff &&
                    out.req_time[0] == t0 && out.req_time[1] == t1 && out.stat_xoff_req == sx &&
                    out.req_pred == 0 && !out.stat_pp_dropped;
        if (!good) {
            std::printf("CHECK pfc_gen directed_compact step %d: got cev=0x%02x xoff=0x%02x t0=%u t1=%u sx=%d "
                        "pred=0x%02x dropped=%d, expected cev=0x%02x xoff=0x%02x t0=%u t1=%u sx=%d pred=0 "
                        "dropped=0 WRONG\n",
                        step_no, out.req_cev, out.req_xoff, out.req_time[0], out.req_time[1], out.stat_xoff_req,
                        out.req_pred, out.stat_pp_dropped, cev, xoff, t0, t1, sx);
            ok = false;
        }
    };
    step(0x02, false, false, -1, 0x02, 0x02, 0, 100, false);  // class 1 pauses: XOFF, 100 quanta
    step(0x02, true, false, -1, 0x00, 0x00, 0, 0, true);       // taken: cleared, XOFF stat
    for (int k = 0; k < 10; k++) step(0x02, false, false, -1, 0x00, 0x00, 0, 0, false);  // no tick: no refresh
    step(0x02, false, true, -1, 0x02, 0x02, 0, 100, false);    // tick: class 1 refreshed
    step(0x02, false, true, -1, 0x02, 0x02, 0, 100, false);    // a tick while it waits: no change
    step(0x02, true, true, -1, 0x02, 0x02, 0, 100, true);      // taken on a tick: stays pending XOFF
    step(0x02, true, false, -1, 0x00, 0x00, 0, 0, true);       // taken again, no tick: cleared
    step(0x03, false, true, -1, 0x03, 0x03, 100, 100, false);  // class 0 pauses on a tick: both
    in.cfg_pause_quanta = 200;
    step(0x03, false, false, -1, 0x03, 0x03, 200, 200, false); // the times follow the register
    step(0x03, true, false, -1, 0x00, 0x00, 0, 0, true);       // taken
    step(0x00, false, true, -1, 0x03, 0x00, 0, 0, false);      // both resume: XON; tick, none paused
    step(0x00, true, false, 0, 0x00, 0x00, 0, 0, false);       // XON taken; a predictive request ignored
    step(0x00, false, false, 1, 0x00, 0x00, 0, 0, false);      // ignored again: nothing pending
    std::printf("CHECK pfc_gen directed_compact sequence %s\n", ok ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char** argv) {
    // A failed directed check does not stop the random run, so a broken model still shows
    // its first lock-step mismatch.
    bool directed_ok = directed() && directed_compact();
    const char* name = FG_TB_COMPACT ? "pfc_gen_compact"
                       : FG_TB_N_PRIO == 8 ? "pfc_gen" : "pfc_gen_p" FG_TB_STR(FG_TB_N_PRIO);
    int rc = fg::run<TbPfcGen>(argc, argv, name);
    return rc ? rc : (directed_ok ? 0 : 1);
}
