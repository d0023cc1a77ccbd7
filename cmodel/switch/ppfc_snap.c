/* ppfc_snap.c - C twin of rtl/switch/fg_ppfc_snap.v (see ppfc_snap.h). */
#include "switch/ppfc_snap.h"

#include <string.h>

const char *const fg_ppfc_snap_cov_names[FG_PPFC_SNAP_COV_N] = {
    "pass", "done", "short", "abort", "follow", "tick_off", "inc_neg", "occ_sat", "back_to_back"};

const char *fg_ppfc_snap_cfg_error(const fg_ppfc_snap_cfg *cfg)
{
    if (cfg->n_ports < 1 || cfg->n_ports > 32) return "fg_ppfc_snap: n_ports (N_PORTS) out of range, legal 1..32";
    if (cfg->n_prio < 1 || cfg->n_prio > 8) return "fg_ppfc_snap: n_prio (N_PRIO) out of range, legal 1..8";
    if (cfg->cw < 2 || cfg->cw > 24) return "fg_ppfc_snap: cw (CW) out of range, legal 2..24";
    if (cfg->phase < 0) return "fg_ppfc_snap: phase (PHASE) out of range, legal 0 or more";
    return NULL;
}

int fg_ppfc_snap_first_pg(const fg_ppfc_snap_cfg *cfg)
{
    const int np = cfg->n_ports * cfg->n_prio;
    return ((-cfg->phase) % np + np) % np;
}

int fg_ppfc_snap_reset(fg_ppfc_snap_state *st, const fg_ppfc_snap_cfg *cfg)
{
    if (fg_ppfc_snap_cfg_error(cfg))
        return -1; /* state untouched: fg_ppfc_snap_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->pg = fg_ppfc_snap_first_pg(cfg);
    return 0;
}

void fg_ppfc_snap_outputs(const fg_ppfc_snap_state *st, fg_ppfc_snap_out *out) { *out = st->o; }

void fg_ppfc_snap_step(fg_ppfc_snap_state *st, const fg_ppfc_snap_in *in, fg_ppfc_snap_out *out)
{
    const int np = st->cfg.n_ports * st->cfg.n_prio;
    const uint32_t m = (uint32_t)fg_mask(st->cfg.cw);
    fg_ppfc_snap_out *o = &st->o;

    /* e+1 for the sample registered on the last edge */
    if (st->d_pass) {
        o->inc[st->d_pg] = st->d;
        o->inc_total = (st->d_first ? 0 : o->inc_total) + st->d;
        if (st->d < 0) FG_COV(st, FG_PPFC_SNAP_COV_INC_NEG);
    }
    const bool done = st->d_pass && st->d_last;

    /* e for this cycle's sample */
    const bool in_pass = in->cfg_enable && st->left > 0;
    const bool take = in_pass || !in->cfg_enable;
    const bool start = in->cfg_enable && in->tick && !in_pass;
    const uint32_t occ = in->occ_in > m ? m : in->occ_in;
    if (in->occ_in > m) FG_COV(st, FG_PPFC_SNAP_COV_OCC_SAT);
    if (start) FG_COV(st, FG_PPFC_SNAP_COV_PASS);
    if (start && done) FG_COV(st, FG_PPFC_SNAP_COV_BACK_TO_BACK);
    if (in->cfg_enable && in->tick && in_pass) FG_COV(st, FG_PPFC_SNAP_COV_SHORT);
    if (!in->cfg_enable && in->tick) FG_COV(st, FG_PPFC_SNAP_COV_TICK_OFF);
    if (!in->cfg_enable && st->left > 0) FG_COV(st, FG_PPFC_SNAP_COV_ABORT);
    if (!in->cfg_enable && occ != st->snap[st->pg]) FG_COV(st, FG_PPFC_SNAP_COV_FOLLOW);
    if (done) FG_COV(st, FG_PPFC_SNAP_COV_DONE);

    st->d = (int32_t)occ - (int32_t)st->snap[st->pg];
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: a shrinking PG reads as no growth (the
     * increment clamped at 0), so inc_total overstates the buffer's growth. */
    if (st->d < 0) st->d = 0;
#endif
    st->d_pg = st->pg;
    st->d_pass = in_pass;
    st->d_last = in_pass && st->left == 1;
    st->d_first = in_pass && st->left == np;
    if (take) st->snap[st->pg] = occ;
    const int left_next = start ? np : (in_pass ? st->left - 1 : 0);
    st->left = left_next;
    st->pg = (st->pg + 1) % np;

    o->done = done;
    o->stat_short = in->cfg_enable && in->tick && in_pass;
    o->busy = left_next > 0 || in_pass;
    *out = *o;
}
