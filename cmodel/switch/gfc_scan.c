/* gfc_scan.c - C twin of rtl/switch/fg_gfc_scan.v (see gfc_scan.h). */
#include "switch/gfc_scan.h"

#include <string.h>

#include "switch/gfc_stage.h"

const char *const fg_gfc_scan_cov_names[FG_GFC_SCAN_COV_N] = {
    "disabled", "below_b1", "staged", "top", "occ_wide", "b1_above_bm",
    "up", "down", "taken", "taken_and_new", "replaced"};

const char *fg_gfc_scan_cfg_error(const fg_gfc_scan_cfg *cfg)
{
    if (cfg->n_ports < 1 || cfg->n_ports > FG_GFC_SCAN_MAX_PORTS)
        return "fg_gfc_scan: n_ports (N_PORTS) out of range, legal 1..32";
    if (cfg->n_prio < 1 || cfg->n_prio > FG_GFC_SCAN_MAX_PRIO)
        return "fg_gfc_scan: n_prio (N_PRIO) out of range, legal 1..8";
    if (cfg->cw < 2 || cfg->cw > 24) return "fg_gfc_scan: cw (CW) out of range, legal 2..24";
    if (cfg->phase < 0) return "fg_gfc_scan: phase (PHASE) out of range, legal 0 or more";
    return NULL;
}

int fg_gfc_scan_reset(fg_gfc_scan_state *st, const fg_gfc_scan_cfg *cfg)
{
    if (fg_gfc_scan_cfg_error(cfg))
        return -1; /* state untouched: fg_gfc_scan_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    /* as if the pipeline had been running: stage n holds PG (0 - n - phase) mod npg */
    const int npg = cfg->n_ports * cfg->n_prio;
    for (int n = 1; n <= 5; n++) st->pg[n] = ((-n - cfg->phase) % npg + npg) % npg;
    return 0;
}

void fg_gfc_scan_outputs(const fg_gfc_scan_state *st, fg_gfc_scan_out *out)
{
    const int npg = st->cfg.n_ports * st->cfg.n_prio;
    memset(out, 0, sizeof *out);
    for (int k = 0; k < npg; k++) {
        out->stage[k] = st->stage[k];
        out->req_pend[k] = st->pend[k];
    }
}

void fg_gfc_scan_step(fg_gfc_scan_state *st, const fg_gfc_scan_in *in, fg_gfc_scan_out *out)
{
    const int npg = st->cfg.n_ports * st->cfg.n_prio, P = st->cfg.n_prio;
    const uint32_t m = (uint32_t)fg_mask(st->cfg.cw), om = (uint32_t)fg_mask(st->cfg.cw + 1);

    /* e6: the stage write of stage 5's PG and the requests */
    const int k5 = st->pg[5];
    const bool changed = st->s5_target != st->s5_old;
    bool pend_next[FG_GFC_SCAN_MAX_PG];
    for (int k = 0; k < npg; k++) {
        const bool ack = in->req_ack[k / P];
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: a return to stage 0 sets no request, so
         * the upstream queue is never told to go back to line rate. */
        const bool set = k == k5 && changed && st->s5_target != 0;
#else
        const bool set = k == k5 && changed;
#endif
        if (st->pend[k] && ack) FG_COV(st, FG_GFC_SCAN_COV_TAKEN);
        if (st->pend[k] && ack && set) FG_COV(st, FG_GFC_SCAN_COV_TAKEN_AND_NEW);
        if (st->pend[k] && !ack && set) FG_COV(st, FG_GFC_SCAN_COV_REPLACED);
        pend_next[k] = (st->pend[k] && !ack) || set;
    }
    if (changed) FG_COV(st, st->s5_target > st->s5_old ? FG_GFC_SCAN_COV_UP : FG_GFC_SCAN_COV_DOWN);
    const uint8_t stage_wr = st->s5_target;

    /* e5: the target and the PG's stage as it stands (with one PG, the one being written) */
    const int k4 = st->pg[4];
    const uint8_t old_next = npg == 1 ? st->s5_target : st->stage[k4];
    const uint8_t target5_next = st->s4_target;

    /* e4: the decision of the edge-3 snapshot */
    uint8_t target4_next = 0;
    if (st->s3_en) target4_next = (uint8_t)fg_gfc_stage_of(st->s3_q, st->s3_b1, st->s3_bm);

    /* e3: stage 2's PG with the configuration sampled with its occupancy (e1) */
    const int k2 = st->pg[2];
    const uint32_t b1 = st->s2_b1, bm = st->s2_bm;
    const bool en = (st->s2_en >> (k2 % P)) & 1u;
    if (!en) FG_COV(st, FG_GFC_SCAN_COV_DISABLED);
    else if (st->s2_q < b1) FG_COV(st, FG_GFC_SCAN_COV_BELOW_B1);
    else if (st->s2_q < bm) FG_COV(st, FG_GFC_SCAN_COV_STAGED);
    else FG_COV(st, FG_GFC_SCAN_COV_TOP);
    if (st->s2_q > m) FG_COV(st, FG_GFC_SCAN_COV_OCC_WIDE);
    if (b1 > bm) FG_COV(st, FG_GFC_SCAN_COV_B1_ABOVE_BM);

    /* e1: sample the stream's PG and the configuration (e2 moves the sample on) */
    const uint32_t q_next = in->occ_in & om;

    /* the edge */
    for (int k = 0; k < npg; k++) st->pend[k] = pend_next[k];
    st->stage[k5] = stage_wr;
    st->s5_old = old_next;
    st->s5_target = target5_next;
    st->s4_target = target4_next;
    st->s3_q = st->s2_q;
    st->s3_b1 = b1;
    st->s3_bm = bm;
    st->s3_en = en;
    st->s2_q = st->s1_q;
    st->s2_b1 = st->s1_b1;
    st->s2_bm = st->s1_bm;
    st->s2_en = st->s1_en;
    st->s1_q = q_next;
    st->s1_b1 = in->cfg_b1 & m;
    st->s1_bm = in->cfg_bm & m;
    st->s1_en = in->cfg_enable;
    for (int n = 5; n > 1; n--) st->pg[n] = st->pg[n - 1];
    st->pg[1] = ((in->occ_pg % npg) + npg) % npg;
    fg_gfc_scan_outputs(st, out);
}
