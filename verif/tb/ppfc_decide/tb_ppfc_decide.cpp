// tb_ppfc_decide.cpp - lock-step test of rtl/switch/fg_ppfc_decide.v against
// cmodel/switch/ppfc_decide.c, with checks of its own from
// docs/blocks/ppfc_decide.md.
//
// Build-time: TB_N_PORTS / TB_N_PRIO / TB_CW match the Verilator -G overrides
// (mk/ppfc_decide.mk).
// The environment the engine sees in the switch core, played by the testbench: a
// snapshot that answers the engine's `tick` with `done` N*P + 1 edges later (and now and
// then out of turn) with new increments and their total; a composition bank that answers
// each read L edges later (4 as fg_comp_bank, 2..9 in some phases: the engine waits for
// rs_valid) with shares that mostly split the queue's length, some zero, and garbage on
// rs_comp when it does not answer; egress lengths as random walks around kmax; paused bits;
// the free buffer changing at each done. Phases change the configuration (interval,
// horizon, ratio, hold-off, seed loads, lossless, cell_cycles / quanta_step with zeros and
// extremes), drop cfg_enable and bank_ready now and then, and reset rarely.
// The testbench's own checks (from the docs, not from the model): every read names a
// lossless priority's queue; every decision that reads was predicted (inc_total > 0 and
// shared_free below horizon x inc_total, for the values of the last passes); every request
// is for a port that was a candidate of one of the queues read (comp > 0, increment > 1,
// not paused in the cycle before the answer), at most once per queue, in the order the
// queues were read; its pause time is sat16(floor((comp + max(inc, 0)) * cell_cycles[o] *
// quanta_step[i] / 2^24)), at least 1 when not 0; within a queue the picks stop as soon as
// the chosen shares reach ratio x length and not before unless no candidate is left; each
// decision's busy cycles and each pause's cycle follow the latency rules; something shows
// within LV + 30 edges of each answer and pause (no hang). The engine registers cfg_enable
// and its configuration: the checks use the values of the cycles the engine used.
#include <deque>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "switch/ppfc_decide.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif
#ifndef TB_CW
#define TB_CW 18
#endif

static const int N = TB_N_PORTS, P = TB_N_PRIO, NP = N * P;
static const int PW = fg::index_width(N), EW = fg::index_width(NP);
static const int IW = TB_CW + 1, TW = TB_CW + EW + 1;
static const uint64_t CMAX = fg_mask(TB_CW);           // the largest count
static const int LV = N > 1 ? fg::index_width(N) : 0;  // the prefix network's levels

struct TbPpfcDecide {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_ppfc_decide";
    std::vector<std::pair<std::string, long>> params{{"N_PORTS", N}, {"N_PRIO", P}, {"CW", TB_CW}};
    bool require_coverage = true;
    fg::Options opt;
    fg_ppfc_decide_cfg cfg{N, P, TB_CW};
    fg_ppfc_decide_state st{};
    fg_ppfc_decide_in in{};
    fg_ppfc_decide_in in_prev{};  // the last cycle's inputs (registered configuration)
    fg_ppfc_decide_out out{};
    uint64_t now = 0;

    // phase
    uint64_t phase_end = 0;
    uint32_t off_den = 0, notready_den = 0, rs_lat_lo = 4, rs_lat_hi = 4, comp_zero_den = 4;
    uint32_t egress_span = 40;
    uint64_t phase_start = 0;
    uint32_t lossless_before = 0, horizon_before = 0;
    uint32_t holdoff_max = 1;  // the largest hold-off of this and the last phase

    // the environment
    uint64_t done_at = UINT64_MAX;  // the snapshot's pending done
    std::deque<uint64_t> rs_at;     // cycles of the bank's pending answers
    uint32_t egress_walk[FG_PPFC_DECIDE_MAX_PG] = {0};

    // the checks' records
    struct Read {
        int eq, o, p;
        uint32_t egress = 0;  // the length the engine latched (the GATE cycle's)
        uint32_t comp[32] = {0};
        int32_t inc[32] = {0};  // the increments the engine latched (LANES: the rq cycle's)
        bool cand[32] = {false};
        bool picked[32] = {false};
        bool answered = false;
        bool held[32] = {false};  // its PG paused by P-PFC within a hold-off of the read
        uint64_t rq_ticks = 0;
        uint64_t close_at = UINT64_MAX;  // the next queue was read: its last pause shows by then
        uint64_t rq_at = 0, ans_at = 0, last_pp = 0;
        int npicks = 0;
        bool timed = false;   // read and answered within a clean decision
        uint64_t chosen = 0;  // sum of the picked shares
        uint32_t ratio = 0;
        uint32_t cc = 0;        // cell_cycles[o] when read (the engine latches it then)
        uint32_t qs[32] = {0};  // quanta_step when answered (latched at the pick: a
                                // phase change in between is allowed either value)
        bool stopped = false;   // the chosen sum reached the target
    };
    std::deque<Read> reads;
    uint32_t prev_egress[FG_PPFC_DECIDE_MAX_PG] = {0};
    bool prev_paused[FG_PPFC_DECIDE_MAX_PG] = {false};
    static const int HIST = 8;       // passes kept: a read shows 8 edges after its start
    int64_t done_total[HIST] = {0};  // the last passes' inc_total and free buffer, [0] newest
    uint32_t done_free[HIST] = {0};
    bool decision_checked = false;  // this decision's prediction checked
    uint64_t reads_checked = 0, pauses_checked = 0, stops_checked = 0;
    fg::DeferredCheck check;

    explicit TbPpfcDecide(const fg::Options &o) : opt(o) {
        fg_ppfc_decide_reset(&st, &cfg);
        fg_ppfc_decide_outputs(&st, &out);
        for (auto &t : last_pick_tick) t = UINT64_MAX;
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)in.rst; });
        sig.input("cfg_enable", 1, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("cfg_interval", 24, &top->cfg_interval, [this] { return (uint64_t)in.cfg_interval; });
        sig.input("cfg_horizon", 16, &top->cfg_horizon, [this] { return (uint64_t)in.cfg_horizon; });
        sig.input("cfg_ratio", 17, &top->cfg_ratio, [this] { return (uint64_t)in.cfg_ratio; });
        sig.input("cfg_kmax", TB_CW, &top->cfg_kmax, [this] { return (uint64_t)in.cfg_kmax; });
        sig.input("cfg_holdoff", 16, &top->cfg_holdoff, [this] { return (uint64_t)in.cfg_holdoff; });
        sig.input("cfg_seed", 32, &top->cfg_seed, [this] { return (uint64_t)in.cfg_seed; });
        sig.input("cfg_seed_load", 1, &top->cfg_seed_load, [this] { return (uint64_t)in.cfg_seed_load; });
        sig.input("cfg_lossless", P, &top->cfg_lossless, [this] { return (uint64_t)in.cfg_lossless; });
        sig.input_array("cfg_cell_cycles", 16, N, &top->cfg_cell_cycles,
                        [this](int k) { return (uint64_t)in.cfg_cell_cycles[k]; });
        sig.input_array("cfg_quanta_step", 24, N, &top->cfg_quanta_step,
                        [this](int k) { return (uint64_t)in.cfg_quanta_step[k]; });
        sig.input_array("snap_inc", IW, NP, &top->snap_inc,
                        [this](int k) { return (uint64_t)in.snap_inc[k] & fg_mask(IW); });
        sig.input("snap_inc_total", TW, &top->snap_inc_total,
                  [this] { return (uint64_t)in.snap_inc_total & fg_mask(TW); });
        sig.input("snap_done", 1, &top->snap_done, [this] { return (uint64_t)in.snap_done; });
        sig.input("bank_ready", 1, &top->bank_ready, [this] { return (uint64_t)in.bank_ready; });
        sig.input("rs_valid", 1, &top->rs_valid, [this] { return (uint64_t)in.rs_valid; });
        sig.input_array("rs_comp", TB_CW, N, &top->rs_comp,
                        [this](int k) { return (uint64_t)in.rs_comp[k]; });
        sig.input_array("egress_cnt", TB_CW, NP, &top->egress_cnt,
                        [this](int k) { return (uint64_t)in.egress_cnt[k]; });
        sig.input("shared_free", TB_CW, &top->shared_free, [this] { return (uint64_t)in.shared_free; });
        sig.input_array("paused", 1, NP, &top->paused, [this](int k) { return (uint64_t)in.paused[k]; });
        sig.output("tick", 1, &top->tick, [this] { return (uint64_t)out.tick; });
        sig.output("rq_valid", 1, &top->rq_valid, [this] { return (uint64_t)out.rq_valid; });
        sig.output("rq_eq", EW, &top->rq_eq, [this] { return (uint64_t)out.rq_eq; });
        sig.output("pp_valid", 1, &top->pp_valid, [this] { return (uint64_t)out.pp_valid; });
        sig.output("pp_port", PW, &top->pp_port, [this] { return (uint64_t)out.pp_port; });
        sig.output("pp_prio", 3, &top->pp_prio, [this] { return (uint64_t)out.pp_prio; });
        sig.output("pp_quanta", 16, &top->pp_quanta, [this] { return (uint64_t)out.pp_quanta; });
        sig.output("stat_predict", 1, &top->stat_predict, [this] { return (uint64_t)out.stat_predict; });
        sig.output_array("stat_pp", 1, NP, &top->stat_pp, [this](int k) { return (uint64_t)out.stat_pp[k]; });
        sig.output("stat_overrun", 1, &top->stat_overrun, [this] { return (uint64_t)out.stat_overrun; });
        sig.output("busy", 1, &top->busy, [this] { return (uint64_t)out.busy; });
    }

    void fail(const char *what, long a, long b) { check.fail(now, what, a, b); }

    void new_phase(fg::Rng &r) {
        phase_end = now + r.range(2000, 30000);
        lossless_before = in.cfg_lossless;  // a decision running across the change has them
        horizon_before = in.cfg_horizon;
        holdoff_max = std::max<uint32_t>(in.cfg_holdoff ? in.cfg_holdoff : 1, 1);
        phase_start = now;
        const uint32_t pass = (uint32_t)NP + 1;
        switch (r.below(4)) {
            case 0:
                in.cfg_interval = (uint32_t)r.range(1, pass);
                break;  // overruns
            case 1:
                in.cfg_interval = (uint32_t)r.range(pass, pass + 60);
                break;
            default:
                in.cfg_interval = (uint32_t)r.range(pass + 40, pass + 400);
                break;
        }
        in.cfg_horizon = r.chance(1, 8) ? 0 : r.chance(1, 8) ? 0xFFFF : (uint16_t)r.range(1, 40);
        static const uint32_t ratios[] = {1, 0x4000, 0x8000, 0xC000, 0x10000, 0x1FFFF};
        in.cfg_ratio = r.chance(1, 3) ? ratios[r.below(6)] : (uint32_t)r.range(1, 0x10000);
        in.cfg_kmax = (uint32_t)r.below(std::min<uint64_t>(60, CMAX));
        in.cfg_holdoff = (uint16_t)r.below(6);
        holdoff_max = std::max<uint32_t>(holdoff_max, in.cfg_holdoff ? in.cfg_holdoff : 1);
        in.cfg_lossless = (uint8_t)(r.chance(1, 4) ? r.bits(P) : fg_mask(P));
        const bool tiny = r.chance(1, 4);           // pause times below one quantum: raised to 1
        const bool huge = !tiny && r.chance(1, 6);  // the largest factors: saturated pauses
        for (int o = 0; o < N; o++) {
            if (huge) {
                in.cfg_cell_cycles[o] = 0xFFFF;
                in.cfg_quanta_step[o] = 0xFFFFFF;
                continue;
            }
            if (tiny) {
                in.cfg_cell_cycles[o] = (uint16_t)r.range(1, 0x40);
                in.cfg_quanta_step[o] = (uint32_t)r.range(1, 64);
                continue;
            }
            in.cfg_cell_cycles[o] = r.chance(1, 10)   ? 0
                                    : r.chance(1, 10) ? 0xFFFF
                                                      : (uint16_t)r.range(0x40, 0x400);
            in.cfg_quanta_step[o] = r.chance(1, 10)   ? 0
                                    : r.chance(1, 10) ? 0xFFFFFF
                                                      : (uint32_t)r.range(1, 0x20000);
        }
        off_den = r.chance(1, 3) ? (uint32_t)r.range(200, 5000) : 0;
        notready_den = r.chance(1, 4) ? (uint32_t)r.range(50, 2000) : 0;
        if (r.chance(1, 3))
            rs_lat_lo = rs_lat_hi = 4;
        else
            rs_lat_lo = 2, rs_lat_hi = (uint32_t)r.range(2, 9);  // (the engine needs two at least)
        comp_zero_den = (uint32_t)r.range(2, 6);
        egress_span = r.chance(1, 6) ? 0 : (uint32_t)r.range(5, 200);  // 0: no queue above kmax
    }

    int32_t rand_inc(fg::Rng &r) {
        const int64_t m = (int64_t)fg_mask(TB_CW);
        switch (r.below(8)) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return (int32_t) - (int64_t)r.range(0, std::min<uint64_t>(50, CMAX));
            case 3:
                return r.chance(1, 2) ? (int32_t)m : (int32_t)-m;
            default:
                return (int32_t)r.range(2, std::min<uint64_t>(80, CMAX));
        }
    }

    void stimulus(uint64_t cycle, fg::Rng &r) {
        check.exit_if_failed();
        now = cycle;
        in_prev = in;
        in.rst = cycle < 2 || r.chance(1, 200000);
        if (cycle >= phase_end) new_phase(r);
        in.cfg_seed_load = r.chance(1, 20000);
        in.cfg_seed = (uint32_t)r.bits(32);
        if (off_den && r.chance(1, off_den))
            in.cfg_enable = !in.cfg_enable;
        else if (!off_den)
            in.cfg_enable = true;
        if (notready_den && r.chance(1, notready_den))
            in.bank_ready = !in.bank_ready;
        else if (!notready_den)
            in.bank_ready = true;

        // the snapshot: done N*P + 1 edges after a tick it takes, now and then out
        // of turn
        for (int k = 0; k < NP; k++) {
            prev_egress[k] = in.egress_cnt[k];
            prev_paused[k] = in.paused[k];
        }
        in.snap_done = false;
        if (!in.rst && out.tick && in.cfg_enable && done_at == UINT64_MAX) done_at = cycle + (uint64_t)NP;
        if (done_at == cycle || r.chance(1, 30000)) {
            in.snap_done = in.cfg_enable && !in.rst;
            done_at = UINT64_MAX;
            for (int k = 0; k < NP; k++)
                if (r.chance(1, 2)) in.snap_inc[k] = rand_inc(r);
            int64_t sum = 0;
            for (int k = 0; k < NP; k++) sum += in.snap_inc[k];
            const int64_t lim = (int64_t)fg_mask(TW - 1);
            in.snap_inc_total =
                r.chance(1, 6) ? (int64_t)r.range(0, 2 * lim) - lim : std::max(-lim, std::min(lim, sum));
            in.shared_free =
                r.chance(1, 3) ? (uint32_t)r.below(std::min<uint64_t>(200, CMAX)) : (uint32_t)r.bits(TB_CW);
            for (int k = HIST - 1; k > 0; k--)
                done_total[k] = done_total[k - 1], done_free[k] = done_free[k - 1];
            done_total[0] = in.snap_inc_total, done_free[0] = in.shared_free;
        }
        if (in.rst) done_at = UINT64_MAX;

        // the bank: an answer bank_lat edges after each read; garbage otherwise
        // (a read shown in cycle c is answered in cycle c + latency: fg_comp_bank's
        // is 4)
        if (!in.rst && out.rq_valid) rs_at.push_back(cycle + r.range(rs_lat_lo, rs_lat_hi));
        in.rs_valid = false;
        if (!rs_at.empty() && rs_at.front() <= cycle) {
            rs_at.pop_front();
            in.rs_valid = !in.rst;
            for (int i = 0; i < N; i++)
                in.rs_comp[i] = r.chance(1, comp_zero_den) ? 0
                                : r.chance(1, 20)          ? (uint32_t)fg_mask(TB_CW)
                                                  : (uint32_t)r.range(1, std::min<uint64_t>(100, CMAX));
            // mostly, as in a switch: the shares of the queue's length (many picks to
            // reach R)
            const Read *rd = nullptr;
            for (const auto &x : reads)
                if (!x.answered) {
                    rd = &x;
                    break;
                }
            if (rd && r.chance(2, 3)) {
                uint32_t w[32], sum = 0;
                for (int i = 0; i < N; i++)
                    sum += (w[i] = r.chance(1, comp_zero_den) ? 0 : (uint32_t)r.range(1, 10));
                for (int i = 0; i < N; i++)
                    in.rs_comp[i] = sum ? (uint32_t)((uint64_t)rd->egress * w[i] / sum) : 0;
            }
        } else {
            for (int i = 0; i < N; i++) in.rs_comp[i] = (uint32_t)r.bits(TB_CW);
        }
        if (in.rst || !in.cfg_enable) rs_at.clear();  // (a disabled engine's reads are void)

        // egress lengths around kmax, paused bits
        for (int k = 0; k < NP; k++) {
            if (r.chance(1, 4)) {
                const int64_t v =
                    (int64_t)egress_walk[k] + (r.chance(1, 2) ? 1 : -1) * (int64_t)r.range(1, 8);
                egress_walk[k] = (uint32_t)std::max<int64_t>(
                    0, std::min<int64_t>(v, std::min<int64_t>(in.cfg_kmax + egress_span, (int64_t)CMAX)));
            }
            in.egress_cnt[k] = r.chance(1, 5000) ? (uint32_t)fg_mask(TB_CW) : egress_walk[k];
            if (r.chance(1, 50)) in.paused[k] = r.chance(1, 6);
        }
        if (in.rst) {
            reads.clear();
            decision_checked = false;
            dec_clean = false;  // (a reset ends the decision: not timed)
            en_prev = false;
        } else {
            observe();
        }
        en_h2 = in.rst ? false : en_h1;
        en_h1 = in.rst ? false : in.cfg_enable;
    }

    // the checks on what the engine showed in this cycle (its registered outputs)
    void observe() {
        if (out.tick) ticks++;
        // the decision's edges (docs: 6, then 2 + per queue 4 + L + LV + 9 per pause + 1,
        // the pause pipe's tail after): a decision is timed when it runs from idle
        // to idle without an overrun, a disable or a reset
        if (out.busy && !busy_prev) {
            // (busy shows the cycle before's state: a decision disabled then is void)
            dec_start = now;
            dec_clean = en_prev && en_h1 && en_h2;
            dec_reads = 0;
            dec_cost = 0;
            dec_pauses = 0;
            dec_last_pp = 0;
        }
        // the engine registers cfg_enable: the outputs of this cycle were made with the value
        // of two cycles ago (en_h2); a decision near any disable is not timed
        const bool en_out = en_h2;
        if (out.stat_overrun || !in.cfg_enable || !en_h1 || !en_h2) dec_clean = false;
        en_prev = in.cfg_enable && en_h1 && en_h2;
        if (!en_out) {
            reads.clear();
            decision_checked = false;
            busy_prev = out.busy;
            return;
        }
        if (out.rq_valid) {
            Read rd;
            rd.eq = out.rq_eq;
            rd.o = rd.eq / P;
            rd.p = rd.eq % P;
            rd.egress = prev_egress[rd.eq];
            // (the engine registers its configuration: the ratio of this cycle reaches the
            // target product in the next, LANES2; cell_cycles latched now is last cycle's)
            rd.ratio = in.cfg_ratio;
            rd.cc = in_prev.cfg_cell_cycles[rd.o];
            for (int i = 0; i < N; i++) rd.inc[i] = in.snap_inc[i * P + rd.p];
            if (rd.eq >= NP) fail("rq_eq names no queue", NP, rd.eq);
            const uint32_t lossless = in.cfg_lossless | (now - phase_start < 2000 ? lossless_before : 0);
            if (!(lossless >> rd.p & 1)) fail("a read of a lossy priority's queue", rd.p, in.cfg_lossless);
            if (!decision_checked) {
                bool pred = false;
                // the total is latched when the decision starts, the free buffer read
                // five edges later, the read shown three edges after that: with short
                // intervals passes end in between, so any of the last passes' values of
                // each
                const bool recent = now - phase_start < 2000;
                for (int t = 0; t < HIST; t++)
                    for (int f = 0; f < HIST; f++)
                        for (int hb = 0; hb < 2; hb++) {
                            const uint64_t hz = hb && recent ? horizon_before : in.cfg_horizon;
                            pred = pred || (done_total[t] > 0 &&
                                            (uint64_t)done_free[f] < hz * (uint64_t)done_total[t]);
                        }
                if (!pred)
                    fail(
                        "a decision read without a prediction (free buffer vs horizon x "
                        "inc_total)",
                        (long)in.shared_free, (long)in.snap_inc_total);
                decision_checked = true;
            }
            // the queue before this one made its last pick at least four edges ago
            // (TEST, FIND, GATE, LANES) and a pick shows ten edges after it is made
            for (auto &old : reads)
                if (old.close_at == UINT64_MAX) old.close_at = now + 8;
            rd.rq_at = now;
            // the hold-offs the engine latches with the increments (LANES: this cycle)
            rd.rq_ticks = ticks;
            for (int i = 0; i < N; i++) {
                const uint64_t last = last_pick_tick[i * P + rd.p];
                rd.held[i] = last != UINT64_MAX && ticks - last <= (uint64_t)holdoff_max + 1;
            }
            rd.timed = dec_clean && out.busy;
            dec_reads++;
            reads.push_back(rd);
            reads_checked++;
        }
        if (in.rs_valid) {
            // the oldest read not yet answered
            for (auto &rd : reads)
                if (!rd.answered && rd.rq_at < now) {
                    rd.answered = true;
                    rd.ans_at = now;
                    dec_cost += 4 + (now - rd.rq_at) + LV;
                    for (int i = 0; i < N; i++) rd.qs[i] = in.cfg_quanta_step[i];
                    for (int i = 0; i < N; i++) {
                        // (paused as the cycle before the answer showed it: the engine
                        // registers the bits of the queue's priority every edge)
                        rd.comp[i] = in.rs_comp[i];
                        rd.cand[i] = rd.comp[i] > 0 && rd.inc[i] > 1 && !prev_paused[i * P + rd.p];
                    }
                    break;
                }
        }
        while (!reads.empty() && reads.front().close_at < now) {
            retire(reads.front());
            reads.pop_front();
        }
        if (out.pp_valid) {
            const int i = out.pp_port, p = out.pp_prio;
            size_t j = 0;
            while (j < reads.size() && !(reads[j].answered && reads[j].p == p && reads[j].cand[i] &&
                                         !reads[j].picked[i] && !reads[j].stopped))
                j++;
            if (j == reads.size()) {
                fail("a pause for a port that no read queue offered as a candidate", i, p);
                return;
            }
            for (size_t k = 0; k < j; k++) retire(reads.front());
            for (size_t k = 0; k < j; k++) reads.pop_front();
            Read &rd = reads.front();
            // a read's first pause 19 + LV edges after its answer, the next ones 9
            // apart
            const uint64_t want_at = rd.npicks ? rd.last_pp + 9 : rd.ans_at + LV + 19;
            if (rd.timed && dec_clean && now != want_at)
                fail(
                    "a pause's cycle against the schedule (answer + 19 + LV, then "
                    "every 9)",
                    (long)want_at, (long)now);
            rd.npicks++;
            rd.last_pp = now;
            dec_pauses++;
            dec_last_pp = now;
            rd.picked[i] = true;
            last_pick_tick[i * P + p] = ticks;
            rd.chosen += rd.comp[i];
            // the pause time, from the docs
            const uint64_t x = (uint64_t)rd.comp[i] + (uint64_t)std::max<int32_t>(rd.inc[i], 0);
            uint64_t want[2];
            for (int k = 0; k < 2; k++) {
                const uint64_t z = x * rd.cc * (k ? in.cfg_quanta_step[i] : rd.qs[i]);
                const uint64_t q = z >> 24;
                want[k] = q > 0xFFFF ? 0xFFFF : q ? q : (z ? 1 : 0);
            }
            if (out.pp_quanta != want[0] && out.pp_quanta != want[1])
                fail(
                    "pp_quanta against (comp + max(inc,0)) x cell_cycles x "
                    "quanta_step / 2^24",
                    (long)want[0], out.pp_quanta);
            if ((rd.chosen << 16) >= (uint64_t)rd.ratio * rd.egress) rd.stopped = true;
            pauses_checked++;
            if (!out.stat_pp[i * P + p]) fail("stat_pp not on the request's PG", i * P + p, 0);
        }
        // progress: after a queue is answered something shows within LV + 30 edges (its
        // first pause at LV + 19, or the next read or the end of the decision), and after a
        // pause within 30 (the next pause at 9, or the next read, or the end)
        if (out.rq_valid || out.pp_valid || in.rs_valid || !out.busy) last_event = now;
        if (!reads.empty() && reads.back().answered && now - last_event > (uint64_t)LV + 30)
            fail("the engine shows nothing after an answer or a pause (hung?)", (long)last_event, (long)now);
        // (busy shows the cycle before's state: its last cycle is the last pause's at the latest)
        if (!out.busy && busy_prev && dec_clean) {
            const uint64_t fsm = 6 + (dec_reads ? 2 + dec_cost + 9 * dec_pauses + 1 : 0);
            const uint64_t last = std::max(dec_start + fsm - 1, dec_last_pp);
            const bool ok = dec_reads ? now - 1 == last : (now - dec_start == 6 || now - dec_start == 9);
            if (!ok)
                fail("a decision's busy cycles against the latency formula", (long)(last - dec_start + 1),
                     (long)(now - dec_start));
            decisions_timed++;
        }
        busy_prev = out.busy;
        if (!out.busy && !in.snap_done) {
            while (!reads.empty()) {
                retire(reads.front());
                reads.pop_front();
            }
            decision_checked = false;
        }
    }
    // a read whose picks are over: the picks stopped only at the ratio or with no
    // candidate left. Excused: a candidate whose PG P-PFC paused within a
    // hold-off (plus one boundary) before the answer, or after it (an earlier
    // queue's pick shows ten edges after it is made, so it may show after this
    // queue's answer while its hold-off already ran then).
    void retire(const Read &rd) {
        if (!rd.answered || rd.stopped) return;
        for (int i = 0; i < N; i++) {
            if (!rd.cand[i] || rd.picked[i] || rd.held[i]) continue;
            const uint64_t last = last_pick_tick[i * P + rd.p];
            if (last != UINT64_MAX && last + 1 >= rd.rq_ticks) continue;
            if (getenv("TB_DEBUG")) {  // the read's record, for whoever debugs a failure
                std::printf(
                    "read eq=%d egress=%u ratio=%u chosen=%llu rq_ticks=%llu "
                    "close_at=%lld now=%llu h=%u busy=%d\n",
                    rd.eq, rd.egress, rd.ratio, (unsigned long long)rd.chosen,
                    (unsigned long long)rd.rq_ticks, (long long)rd.close_at, (unsigned long long)now,
                    in.cfg_holdoff, out.busy);
                for (int k = 0; k < N; k++) std::printf("  held %d=%d\n", k, rd.held[k]);
                for (int k = 0; k < N; k++)
                    std::printf(
                        "  port %d comp=%u inc=%d cand=%d picked=%d last=%lld "
                        "ticks=%llu\n",
                        k, rd.comp[k], rd.inc[k], rd.cand[k], rd.picked[k],
                        (long long)last_pick_tick[k * P + rd.p], (unsigned long long)ticks);
            }
            fail("a queue's picks ended below the ratio with a candidate left (port)", i, (long)rd.chosen);
            return;
        }
        stops_checked++;
    }
    uint64_t ticks = 0;  // the engine's ticks seen
    bool busy_prev = false, dec_clean = false, en_prev = false;
    bool en_h1 = false, en_h2 = false;  // cfg_enable one and two cycles ago
    uint64_t last_event = 0;  // the last read, answer, pause or idle cycle seen
    uint64_t dec_start = 0, dec_reads = 0, dec_cost = 0, dec_pauses = 0, dec_last_pp = 0, decisions_timed = 0;
    uint64_t last_pick_tick[FG_PPFC_DECIDE_MAX_PG];  // the tick count at a PG's
                                                     // last pause

    void model_step() { fg_ppfc_decide_step(&st, &in, &out); }

    bool coverage() {
        if (!check.ok()) return false;
        if (!opt.quiet)
            std::printf(
                "CHECK ppfc_decide reads %llu, pauses against the rule %llu, "
                "queues retired %llu, "
                "decisions timed %llu (each > 0)\n",
                (unsigned long long)reads_checked, (unsigned long long)pauses_checked,
                (unsigned long long)stops_checked, (unsigned long long)decisions_timed);
        return fg::report_coverage(opt, fg_ppfc_decide_cov_names, st.cov, FG_PPFC_DECIDE_COV_N) &&
               reads_checked > 0 && pauses_checked > 0 && stops_checked > 0 && decisions_timed > 0;
    }
};

int main(int argc, char **argv) {
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_ppfc_decide");
    return fg::run<TbPpfcDecide>(argc, argv, name.c_str());
}
