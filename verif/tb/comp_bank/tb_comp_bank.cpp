// tb_comp_bank.cpp - lock-step test of rtl/switch/fg_comp_bank.v against
// cmodel/switch/comp_bank.c, with a reference of its own.
//
// Build-time: TB_N_PORTS / TB_N_PRIO / TB_CW / TB_SW match the Verilator -G overrides
// (mk/comp_bank.mk).
// Stimulus, in phases: admissions and releases on a few hot keys (so that ops on one key come
// exactly three edges apart and the forwards act) or on any key, fill phases (large
// admissions: the counters reach 2^CW - 1 and clamp) and drain phases (releases larger than
// the counters), P-PFC reads of hot EQs and of any EQ (and of EQs >= N*P, ignored), ops
// during the sweep after reset (ignored, stat_early), ops naming no key (stat_bad), and rare
// rogue phases whose ops come closer than three edges on one key (stat_close).
// The reference (written here from docs/blocks/comp_bank.md, not from the model): one
// saturating counter per key, an op applied in stimulus order; a read entering in cycle c
// sees the ops of cycles <= c - 5; every read while no rogue op has happened since reset is
// compared with it, and so are stat_close (the testbench's own spacing test), the overflow
// and underflow pulses (the reference's clamps) and `ready` (N*N*P edges after reset).
#include <deque>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "switch/comp_bank.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif
#ifndef TB_CW
#define TB_CW 18
#endif
#ifndef TB_SW
#define TB_SW 8
#endif

static const int N = TB_N_PORTS, P = TB_N_PRIO, NEQ = N * P, NK = N * N * P;
static const int PW = fg::index_width(N);
static const int EW = fg::index_width(NEQ);
static const uint32_t CMAX = (uint32_t)((1u << TB_CW) - 1u);

struct Op {
    bool v = false;     // offered
    bool applied = false;  // legal and ready: the block takes it
    uint32_t port = 0, prio = 0, peer = 0, cells = 0;  // adm: peer = dst; rel: peer = src
    int key = -1;
};

struct Read {
    uint64_t cycle;
    int eq;
    bool check;  // the reference was good when the read was taken
    uint32_t want[FG_COMP_MAX_PORTS];
};

struct TbCompBank {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_comp_bank";
    std::vector<std::pair<std::string, long>> params{
        {"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO}, {"CW", TB_CW}, {"SW", TB_SW}};
    bool require_coverage = true;
    fg::Options opt;
    fg_comp_cfg cfg{TB_N_PORTS, TB_N_PRIO, TB_CW, TB_SW};
    fg_comp_state st{};
    fg_comp_in in{};
    fg_comp_out out{};
    bool rst = true;
    uint64_t now = 0;        // the stimulus cycle
    uint64_t rst_cycle = 0;  // the last cycle with rst high

    // phase
    uint64_t phase_end = 0;
    int hot_n = 1;
    int hot_keys[8];
    uint32_t adm_den = 2, rel_den = 2, rq_den = 2, big_den = 8, bad_den = 0;
    bool rogue = false, fill = false, drain = false, hot_only = true;

    // reference
    uint32_t ref[FG_COMP_MAX_KEYS];
    bool ref_ok = true;
    std::vector<int64_t> last_use;               // the last cycle an applied op named a key
    std::deque<std::pair<Op, Op>> pending;       // ops of the last cycles (front: oldest)
    std::deque<uint64_t> pending_cycle;
    std::deque<Read> reads;
    std::deque<std::pair<uint64_t, int>> want_close;  // cycle of the op, expected pulse
    std::deque<std::tuple<uint64_t, bool, bool>> want_flow;  // cycle, overflow, underflow
    uint64_t reads_checked = 0, closes_seen = 0, flows_checked = 0;

    explicit TbCompBank(const fg::Options& o) : opt(o), last_use(NK, -100) {
        fg_comp_reset(&st, &cfg);
        fg_comp_outputs(&st, &out);
        std::memset(ref, 0, sizeof ref);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("adm_valid", 1, &top->adm_valid, [this] { return (uint64_t)in.adm_valid; });
        sig.input("adm_port", PW, &top->adm_port, [this] { return (uint64_t)in.adm_port; });
        sig.input("adm_prio", 3, &top->adm_prio, [this] { return (uint64_t)in.adm_prio; });
        sig.input("adm_dst", PW, &top->adm_dst, [this] { return (uint64_t)in.adm_dst; });
        sig.input("adm_cells", TB_SW, &top->adm_cells, [this] { return (uint64_t)in.adm_cells; });
        sig.input("rel_valid", 1, &top->rel_valid, [this] { return (uint64_t)in.rel_valid; });
        sig.input("rel_port", PW, &top->rel_port, [this] { return (uint64_t)in.rel_port; });
        sig.input("rel_prio", 3, &top->rel_prio, [this] { return (uint64_t)in.rel_prio; });
        sig.input("rel_src", PW, &top->rel_src, [this] { return (uint64_t)in.rel_src; });
        sig.input("rel_cells", TB_SW, &top->rel_cells, [this] { return (uint64_t)in.rel_cells; });
        sig.input("rq_valid", 1, &top->rq_valid, [this] { return (uint64_t)in.rq_valid; });
        sig.input("rq_eq", EW, &top->rq_eq, [this] { return (uint64_t)in.rq_eq; });
        sig.output("rs_valid", 1, &top->rs_valid, [this] { return (uint64_t)out.rs_valid; });
        sig.output("rs_eq", EW, &top->rs_eq, [this] { return (uint64_t)out.rs_eq; });
        sig.output_array("rs_comp", TB_CW, N, &top->rs_comp, [this](int i) { return (uint64_t)out.rs_comp[i]; });
        sig.output("ready", 1, &top->ready, [this] { return (uint64_t)out.ready; });
        sig.output("stat_overflow", 1, &top->stat_overflow, [this] { return (uint64_t)out.stat_overflow; });
        sig.output("stat_underflow", 1, &top->stat_underflow, [this] { return (uint64_t)out.stat_underflow; });
        sig.output("stat_close", 1, &top->stat_close, [this] { return (uint64_t)out.stat_close; });
        sig.output("stat_early", 1, &top->stat_early, [this] { return (uint64_t)out.stat_early; });
        sig.output("stat_bad", 1, &top->stat_bad, [this] { return (uint64_t)out.stat_bad; });
    }

    static int key_of(uint32_t o, uint32_t p, uint32_t i) { return (int)((o * P + p) * N + i); }

    fg::DeferredCheck check;  // the reference's checks, reported after the same edge's compare
    void fail(const char* what, long a, long b) { check.fail(now, what, a, b); }

    void new_phase(fg::Rng& r) {
        phase_end = now + r.range(300, 9000);
        hot_n = (int)r.range(1, 4);
        for (int h = 0; h < hot_n; h++) hot_keys[h] = (int)r.below(NK);
        hot_only = !r.chance(1, 4);
        static const uint32_t dens[] = {1, 1, 2, 3, 8, 50};
        adm_den = dens[r.below(6)];
        rel_den = dens[r.below(6)];
        rq_den = dens[r.below(6)];
        fill = r.chance(1, 6);
        drain = !fill && r.chance(1, 5);
        if (fill) rel_den = 200;
        if (drain) adm_den = 20;
        big_den = r.chance(1, 2) ? 2 : 10;
        if (fill && r.chance(1, 2)) {  // one key filled as fast as the spacing allows: 2^CW cells
            hot_n = 1;                 // in about 3 * 2^(CW - SW) cycles
            hot_only = true;
            adm_den = 1;
            big_den = 1;
            const uint64_t need = 3ull << (TB_CW - TB_SW + 1);
            phase_end = now + r.range(std::min<uint64_t>(need, 2000), std::max<uint64_t>(need, 2000));
        }
        bad_den = r.chance(1, 8) ? 300 : 0;
        rogue = r.chance(1, 25);
    }

    uint32_t cells_draw(fg::Rng& r) {
        const uint32_t smax = (uint32_t)((1u << TB_SW) - 1u);
        if ((fill || drain) && r.chance(1, big_den)) return smax - (uint32_t)r.below(smax < 4 ? 1 : 4);
        if (r.chance(1, 50)) return 0;
        return (uint32_t)r.range(1, smax < 4 ? smax : 4);
    }

    // a key: one of the phase's hot keys, or any
    void key_draw(fg::Rng& r, uint32_t& o, uint32_t& p, uint32_t& i) {
        const int k = (hot_only || r.chance(1, 2)) ? hot_keys[r.below(hot_n)] : (int)r.below(NK);
        i = (uint32_t)(k % N);
        p = (uint32_t)(k / N % P);
        o = (uint32_t)(k / N / P);
    }

    bool ready_now() const { return now > rst_cycle + (uint64_t)NK; }  // ready before this edge

    void stimulus(uint64_t cycle, fg::Rng& r) {
        check.exit_if_failed();
        now = cycle;
        rst = cycle < 2 || r.chance(1, 150000);
        if (rst) {
            rst_cycle = cycle;
            ref_ok = true;
            std::memset(ref, 0, sizeof ref);
            std::fill(last_use.begin(), last_use.end(), -100);
            pending.clear();
            pending_cycle.clear();
            reads.clear();
            want_close.clear();
            want_flow.clear();
        }
        if (cycle >= phase_end) new_phase(r);
        // the reference takes the ops of cycle - 5 (what a read of this cycle sees)
        while (!pending_cycle.empty() && pending_cycle.front() + 5 <= cycle) {
            apply(pending.front().first, true, pending_cycle.front());
            apply(pending.front().second, false, pending_cycle.front());
            pending.pop_front();
            pending_cycle.pop_front();
        }
        Op a, l;
        a.v = r.chance(1, adm_den);
        l.v = r.chance(1, rel_den);
        if (a.v) key_draw(r, a.peer, a.prio, a.port);
        if (l.v) key_draw(r, l.port, l.prio, l.peer);
        a.cells = cells_draw(r);
        l.cells = cells_draw(r);
        // ops naming no key, where the port widths can name one: a priority >= N_PRIO, a
        // port >= N_PORTS
        const bool bad_prio = P < 8, bad_port = N < (1 << PW);
        if (a.v && bad_den && bad_prio && r.chance(1, bad_den)) a.prio = (uint32_t)r.range(P, 7);
        if (l.v && bad_den && (bad_prio || bad_port) && r.chance(1, bad_den)) {
            if (bad_port && (!bad_prio || r.chance(1, 2))) l.peer = (uint32_t)r.range(N, (1 << PW) - 1);
            else l.prio = (uint32_t)r.range(P, 7);
        }
        const bool ready = ready_now() && !rst;
        a.applied = a.v && ready && a.port < (uint32_t)N && a.peer < (uint32_t)N && a.prio < (uint32_t)P;
        l.applied = l.v && ready && l.port < (uint32_t)N && l.peer < (uint32_t)N && l.prio < (uint32_t)P;
        if (a.applied) a.key = key_of(a.peer, a.prio, a.port);
        if (l.applied) l.key = key_of(l.port, l.prio, l.peer);
        // spacing: outside rogue phases an op on a key named in the last two cycles (or by the
        // other lane now) is withdrawn; in rogue phases it goes ahead now and then
        auto too_close = [&](const Op& x) {
            return x.applied && (int64_t)cycle - last_use[x.key] < 3;
        };
        const bool rogue_go = rogue && r.chance(1, 3);
        if (too_close(a) && !rogue_go) a = Op();
        if ((too_close(l) || (l.applied && a.applied && l.key == a.key)) && !rogue_go) l = Op();
        const bool close = too_close(a) || too_close(l) || (a.applied && l.applied && a.key == l.key);
        if (close) ref_ok = false;
        if (a.applied) last_use[a.key] = (int64_t)cycle;
        if (l.applied) last_use[l.key] = (int64_t)cycle;
        if (!rst) {
            want_close.push_back({cycle, close});
            pending.push_back({a, l});
            pending_cycle.push_back(cycle);
        }
        in.adm_valid = a.v;
        in.adm_port = a.port;
        in.adm_prio = a.prio;
        in.adm_dst = a.peer;
        in.adm_cells = a.cells;
        in.rel_valid = l.v;
        in.rel_port = l.port;
        in.rel_prio = l.prio;
        in.rel_src = l.peer;
        in.rel_cells = l.cells;
        // a read: a hot key's EQ, any EQ, or now and then one beyond the EQs (ignored)
        in.rq_valid = r.chance(1, rq_den);
        int eq = r.chance(2, 3) ? hot_keys[r.below(hot_n)] / N : (int)r.below(NEQ);
        if (NEQ < (1 << EW) && r.chance(1, 40)) eq = (int)r.range(NEQ, (1 << EW) - 1);
        in.rq_eq = (uint32_t)eq;
        if (in.rq_valid && ready && eq < NEQ && !rst) {
            Read rd;
            rd.cycle = cycle;
            rd.eq = eq;
            rd.check = ref_ok;
            for (int i = 0; i < N; i++) rd.want[i] = ref[eq * N + i];
            reads.push_back(rd);
        }
    }

    // the reference: one saturating counter per key; its clamps are the expected pulses
    void apply(const Op& x, bool adm, uint64_t cycle) {
        if (!x.applied) return;
        uint32_t& c = ref[x.key];
        bool ovf = false, und = false;
        if (adm) {
            ovf = (uint64_t)c + x.cells > CMAX;
            c = ovf ? CMAX : c + x.cells;
        } else {
            und = x.cells > c;
            c = und ? 0 : c - x.cells;
        }
        if (ref_ok) want_flow.push_back({cycle, ovf, und});
    }

    void model_step() {
        if (rst) {
            fg_comp_reset(&st, &cfg);
            fg_comp_outputs(&st, &out);
            return;
        }
        fg_comp_step(&st, &in, &out);
        // ready: N*N*P edges after the reset edge
        if (out.ready != (now >= rst_cycle + (uint64_t)NK)) fail("ready after the reset edge, edges", (long)(now - rst_cycle), out.ready);
        // stat_close after T2 = the op's cycle + 2
        while (!want_close.empty() && want_close.front().first + 2 < now) want_close.pop_front();
        if (!want_close.empty() && want_close.front().first + 2 == now) {
            if (out.stat_close != want_close.front().second) fail("stat_close for the ops of cycle", (long)want_close.front().first, out.stat_close);
            closes_seen += out.stat_close;
            want_close.pop_front();
        }
        // overflow / underflow pulses after T5 = the op's cycle + 5 (the reference takes the
        // ops in the stimulus of cycle + 5, before this check)
        bool ovf = false, und = false, have = false;
        while (!want_flow.empty() && std::get<0>(want_flow.front()) + 5 <= now) {
            if (std::get<0>(want_flow.front()) + 5 == now) {
                ovf = ovf || std::get<1>(want_flow.front());
                und = und || std::get<2>(want_flow.front());
                have = true;
            }
            want_flow.pop_front();
        }
        if (ref_ok && (have || out.stat_overflow || out.stat_underflow)) {
            if (out.stat_overflow != ovf) fail("stat_overflow against the reference", ovf, out.stat_overflow);
            if (out.stat_underflow != und) fail("stat_underflow against the reference", und, out.stat_underflow);
            flows_checked++;
        }
        // a read's result after R4 = its cycle + 4
        while (!reads.empty() && reads.front().cycle + 4 < now) {
            fail("a read's result did not come, read cycle", (long)reads.front().cycle, 0);
            reads.pop_front();
        }
        if (!reads.empty() && reads.front().cycle + 4 == now) {
            const Read& rd = reads.front();
            if (!out.rs_valid || (int)out.rs_eq != rd.eq) fail("rs_valid / rs_eq for the read of EQ", rd.eq, out.rs_eq);
            if (rd.check) {
                for (int i = 0; i < N; i++)
                    if (out.rs_comp[i] != rd.want[i]) fail("rs_comp against the reference, EQ * 100 + port", rd.eq * 100 + i, out.rs_comp[i]);
                reads_checked++;
            }
            reads.pop_front();
        } else if (out.rs_valid) {
            fail("rs_valid with no read four cycles ago, EQ", out.rs_eq, 0);
        }
    }

    bool coverage() {
        if (!check.ok()) return false;
        if (!opt.quiet) {
            std::printf("CHECK comp_bank reads equal to the reference: %llu (must be > 0)\n", (unsigned long long)reads_checked);
            std::printf("CHECK comp_bank clamp pulses checked: %llu, close pulses seen: %llu\n",
                        (unsigned long long)flows_checked, (unsigned long long)closes_seen);
        }
        // an op naming no key needs a priority or a port the widths can name beyond the range
        bool reachable[FG_COMP_COV_N];
        for (int k = 0; k < FG_COMP_COV_N; k++) reachable[k] = true;
        reachable[FG_COMP_COV_BAD] = P < 8 || N < (1 << PW);
        const bool cov = fg::report_coverage_form(opt, "comp_bank", fg_comp_cov_names, st.cov, reachable, FG_COMP_COV_N);
        return cov && reads_checked > 0 && flows_checked > 0;
    }
};

int main(int argc, char** argv) {
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_comp_bank");
    return fg::run<TbCompBank>(argc, argv, name.c_str());
}
