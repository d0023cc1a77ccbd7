/* egress_sched.c - C twin of rtl/switch/fg_egress_sched.v (see egress_sched.h). */
#include "switch/egress_sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_egress_sched_cov_names[FG_EGRESS_SCHED_COV_N] = {
    "grant_top", "grant_below", "all_paused", "empty", "link_busy", "hold_after", "grant_lowest",
    "grant_highest"};

const char *fg_egress_sched_cfg_error(const fg_egress_sched_cfg *cfg)
{
    if (cfg->n_prio < 1 || cfg->n_prio > FG_EGRESS_SCHED_MAX_PRIO)
        return "fg_egress_sched: n_prio (N_PRIO) out of range, legal 1..8";
    return NULL;
}

int fg_egress_sched_reset(fg_egress_sched_state *st, const fg_egress_sched_cfg *cfg)
{
    if (fg_egress_sched_cfg_error(cfg))
        return -1; /* state untouched: fg_egress_sched_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

static int highest_bit(unsigned v)
{
    int h = -1;
    for (int p = 0; p < 8; p++)
        if ((v >> p) & 1u) h = p;
    return h;
}

void fg_egress_sched_step(fg_egress_sched_state *st, const fg_egress_sched_in *in, fg_egress_sched_out *out)
{
    unsigned mask = (1u << st->cfg.n_prio) - 1u;
    unsigned nonempty = in->q_nonempty & mask;
    unsigned paused = in->tx_paused & mask;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: a pause of priority 0 is not honoured. */
    paused &= ~1u;
#endif
    unsigned eligible = nonempty & ~paused;
    bool opportunity = in->link_idle && !st->out.grant_valid;
    int top = highest_bit(nonempty);
    int pick = highest_bit(eligible);
    fg_egress_sched_out o = {false, 0, false};

    if (!in->link_idle) {
        if (nonempty) FG_COV(st, FG_EGRESS_SCHED_COV_LINK_BUSY);
    } else if (st->out.grant_valid) {
        FG_COV(st, FG_EGRESS_SCHED_COV_HOLD_AFTER);
    } else if (!nonempty) {
        FG_COV(st, FG_EGRESS_SCHED_COV_EMPTY);
    } else if (pick < 0) {
        FG_COV(st, FG_EGRESS_SCHED_COV_ALL_PAUSED);
    } else {
        FG_COV(st, pick == top ? FG_EGRESS_SCHED_COV_GRANT_TOP : FG_EGRESS_SCHED_COV_GRANT_BELOW);
        if (pick == 0) FG_COV(st, FG_EGRESS_SCHED_COV_GRANT_LOWEST);
        if (pick == st->cfg.n_prio - 1) FG_COV(st, FG_EGRESS_SCHED_COV_GRANT_HIGHEST);
    }

    if (opportunity && pick >= 0) {
        o.grant_valid = true;
        o.grant_prio = (uint8_t)pick;
    }
    o.stat_blocked = opportunity && top >= 0 && ((paused >> top) & 1u);

    st->out = o;
    *out = o;
}
