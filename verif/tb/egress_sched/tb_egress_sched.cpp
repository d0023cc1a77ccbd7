// tb_egress_sched.cpp - lock-step test of rtl/switch/fg_egress_sched.v against
// cmodel/switch/egress_sched.c, N_PRIO from -DTB_N_PRIO (default 8).
//
// Stimulus: queues fill and drain slowly (each bit flips with a small chance per cycle, with
// bursts where all or none are non-empty), pauses come and go on their own slower time
// scale (sometimes all paused), the link is idle about half of the time and sometimes for
// long stretches, an occasional reset.
// Besides the lock-step compare, every grant is checked against properties of the inputs
// that do not come from the code under test: the granted queue was non-empty and not paused,
// no higher priority was both, the link was idle, and no grant followed a grant.
#include <cstdlib>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "switch/egress_sched.h"

#ifndef TB_N_PRIO
#define TB_N_PRIO 8
#endif

struct TbEgressSched {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_egress_sched";
    std::vector<std::pair<std::string, long>> params{{"N_PRIO", TB_N_PRIO}};
    bool require_coverage = true;
    fg::Options opt;
    fg_egress_sched_cfg cfg{};
    fg_egress_sched_state st{};
    fg_egress_sched_in in{};
    fg_egress_sched_out out{};
    bool rst = true;
    // what the previous edge saw, for the property checks
    fg_egress_sched_in prev_in{};
    bool prev_grant = false;  // grant_valid registered before the previous edge
    uint8_t mask = (uint8_t)((1u << TB_N_PRIO) - 1u);

    explicit TbEgressSched(const fg::Options& o) : opt(o) {
        cfg.n_prio = TB_N_PRIO;
        fg_egress_sched_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("q_nonempty", TB_N_PRIO, &top->q_nonempty, [this] { return (uint64_t)in.q_nonempty; });
        sig.input("tx_paused", TB_N_PRIO, &top->tx_paused, [this] { return (uint64_t)in.tx_paused; });
        sig.input("link_idle", 1, &top->link_idle, [this] { return (uint64_t)in.link_idle; });
        sig.output("grant_valid", 1, &top->grant_valid, [this] { return (uint64_t)out.grant_valid; });
        sig.output("grant_prio", 3, &top->grant_prio, [this] { return (uint64_t)out.grant_prio; });
        sig.output("stat_blocked", 1, &top->stat_blocked, [this] { return (uint64_t)out.stat_blocked; });
    }

    void fail(uint64_t cycle, const char* what) {
        std::printf("CHECK FAIL test=%s seed=%llu cycle=%llu %s\n", opt.test.c_str(),
                    (unsigned long long)opt.seed, (unsigned long long)cycle, what);
        std::exit(1);
    }

    // The outputs of the previous edge (already compared with the RTL) against its inputs.
    void check_previous(uint64_t cycle) {
        if (rst) return;  // the previous edge was a reset
        const fg_egress_sched_in& i = prev_in;
        unsigned elig = i.q_nonempty & ~i.tx_paused & mask;
        if (out.grant_valid) {
            unsigned p = out.grant_prio;
            if (p >= TB_N_PRIO) fail(cycle - 1, "grant_prio beyond N_PRIO");
            if (!((i.q_nonempty >> p) & 1u)) fail(cycle - 1, "granted an empty queue");
            if ((i.tx_paused >> p) & 1u) fail(cycle - 1, "granted a paused priority");
            if (elig >> (p + 1)) fail(cycle - 1, "a higher eligible priority was passed over");
            if (!i.link_idle) fail(cycle - 1, "granted while the link was busy");
            if (prev_grant) fail(cycle - 1, "grant on two consecutive edges");
        } else if (i.link_idle && !prev_grant && elig) {
            fail(cycle - 1, "no grant although a queue was eligible at a start opportunity");
        }
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        check_previous(cycle);
        prev_grant = out.grant_valid;
        rst = cycle < 2 || r.chance(1, 50000);
        // queues: slow random walk per bit, occasional all-full / all-empty
        if (r.chance(1, 500)) in.q_nonempty = r.chance(1, 2) ? mask : 0;
        for (int p = 0; p < TB_N_PRIO; p++)
            if (r.chance(1, 12)) in.q_nonempty ^= (uint8_t)(1u << p);
        // pauses: slower, occasional all-paused / none-paused phases
        if (r.chance(1, 700)) in.tx_paused = r.chance(1, 2) ? mask : 0;
        for (int p = 0; p < TB_N_PRIO; p++)
            if (r.chance(1, 40)) in.tx_paused ^= (uint8_t)(1u << p);
        in.q_nonempty &= mask;
        in.tx_paused &= mask;
        // link: idle about half the time, sometimes long idle or busy stretches
        in.link_idle = r.chance(1, 2);
        prev_in = in;
    }
    void model_step() {
        if (rst) {
            fg_egress_sched_reset(&st, &cfg);
            out = st.out;
        } else {
            fg_egress_sched_step(&st, &in, &out);
        }
    }
    bool coverage() {
        return fg::report_coverage(opt, fg_egress_sched_cov_names, st.cov, FG_EGRESS_SCHED_COV_N);
    }
};

int main(int argc, char** argv) { return fg::run<TbEgressSched>(argc, argv, "egress_sched"); }
