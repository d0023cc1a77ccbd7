/* gfc_stage.c - C twin of rtl/switch/fg_gfc_stage.v (see gfc_stage.h). */
#include "switch/gfc_stage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_gfc_stage_cov_names[FG_GFC_STAGE_COV_N] = {
    "disabled", "below_b1", "staged", "top", "span_zero", "b1_above_bm", "span_pow2", "up1", "up_jump",
    "down1", "down_jump", "to_zero", "taken", "replaced", "taken_and_new", "ack_idle", "cnt_sat", "cnt_clear"};

unsigned fg_gfc_stage_count(uint32_t span)
{
    unsigned n = 1;
    for (unsigned k = 2; k <= 32 && (span >> (k - 2)) != 0; k++) n = k;
    return n;
}

unsigned fg_gfc_stage_of(uint32_t q, uint32_t b1, uint32_t bm)
{
    if (q < b1) return 0;
    uint32_t span = bm > b1 ? bm - b1 : 0;
    uint32_t room = bm > q ? bm - q : 0;
    unsigned n = fg_gfc_stage_count(span), s = 1;
    for (unsigned k = 2; k <= n; k++) {
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the thresholds from stage 4 up are
         * compared with '<' instead of '<=', so q == B_k still reads as stage k-1. */
        if (k >= 4 ? room < (span >> (k - 1)) : room <= (span >> (k - 1))) s = k;
#else
        if (room <= (span >> (k - 1))) s = k;
#endif
    }
    return s;
}

const char *fg_gfc_stage_cfg_error(const fg_gfc_stage_cfg *cfg)
{
    if (cfg->cw < 2 || cfg->cw > 24) return "fg_gfc_stage: cw (CW) out of range, legal 2..24";
    if (cfg->cnt_w < 2 || cfg->cnt_w > 32) return "fg_gfc_stage: cnt_w (CNT_W) out of range, legal 2..32";
    if (cfg->pipe < 0 || cfg->pipe > FG_GFC_STAGE_PIPE_MAX) return "fg_gfc_stage: pipe (PIPE) out of range, legal 0..2";
    return NULL;
}

int fg_gfc_stage_reset(fg_gfc_stage_state *st, const fg_gfc_stage_cfg *cfg)
{
    if (fg_gfc_stage_cfg_error(cfg))
        return -1; /* state untouched: fg_gfc_stage_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

void fg_gfc_stage_step(fg_gfc_stage_state *st, const fg_gfc_stage_in *in_now, fg_gfc_stage_out *out)
{
    /* cfg.pipe > 0: the pipe-0 block below sees the enable, B_1, B_m and occupancy of pipe
     * edges ago (zero after reset) and this edge's req_ack and cnt_clear. */
    fg_gfc_stage_in delayed = *in_now;
    if (st->cfg.pipe > 0) {
        const fg_gfc_stage_in *old = &st->late[st->cfg.pipe - 1];
        delayed.cfg_enable = old->cfg_enable;
        delayed.cfg_b1 = old->cfg_b1;
        delayed.cfg_bm = old->cfg_bm;
        delayed.occupancy = old->occupancy;
        memmove(&st->late[1], &st->late[0], (size_t)(st->cfg.pipe - 1) * sizeof st->late[0]);
        st->late[0] = *in_now;
    }
    const fg_gfc_stage_in *in = &delayed;
    const uint32_t m = (uint32_t)fg_mask(st->cfg.cw);
    const uint32_t b1 = in->cfg_b1 & m, bm = in->cfg_bm & m, q = in->occupancy & m;
    const uint32_t cnt_max = (uint32_t)fg_mask(st->cfg.cnt_w);
    fg_gfc_stage_out *r = &st->r;
    uint32_t span = bm > b1 ? bm - b1 : 0;
    unsigned n = fg_gfc_stage_count(span);

    if (b1 == bm) FG_COV(st, FG_GFC_STAGE_COV_SPAN_ZERO);
    if (b1 > bm) FG_COV(st, FG_GFC_STAGE_COV_B1_ABOVE_BM);
    if (span >= 2 && (span & (span - 1)) == 0) FG_COV(st, FG_GFC_STAGE_COV_SPAN_POW2);

    unsigned target;
    if (!in->cfg_enable) {
        FG_COV(st, FG_GFC_STAGE_COV_DISABLED);
        target = 0;
    } else {
        target = fg_gfc_stage_of(q, b1, bm);
        if (q < b1)
            FG_COV(st, FG_GFC_STAGE_COV_BELOW_B1);
        else if (q >= bm)
            FG_COV(st, FG_GFC_STAGE_COV_TOP);
        else
            FG_COV(st, FG_GFC_STAGE_COV_STAGED);
    }

    bool taken = r->req_valid && in->req_ack;
    bool changed = target != r->stage;
    if (in->req_ack && !r->req_valid) FG_COV(st, FG_GFC_STAGE_COV_ACK_IDLE);
    if (taken) FG_COV(st, changed ? FG_GFC_STAGE_COV_TAKEN_AND_NEW : FG_GFC_STAGE_COV_TAKEN);
    if (!taken && r->req_valid && changed) FG_COV(st, FG_GFC_STAGE_COV_REPLACED);
    if (changed) {
        if (target > r->stage) FG_COV(st, target == r->stage + 1u ? FG_GFC_STAGE_COV_UP1 : FG_GFC_STAGE_COV_UP_JUMP);
        if (target < r->stage) FG_COV(st, target + 1u == r->stage ? FG_GFC_STAGE_COV_DOWN1 : FG_GFC_STAGE_COV_DOWN_JUMP);
        if (target == 0) FG_COV(st, FG_GFC_STAGE_COV_TO_ZERO);
    }

    uint32_t cnt = r->fb_cnt;
    if (in->cnt_clear) {
        FG_COV(st, FG_GFC_STAGE_COV_CNT_CLEAR);
        cnt = taken ? 1u : 0u;
    } else if (taken) {
        if (cnt == cnt_max)
            FG_COV(st, FG_GFC_STAGE_COV_CNT_SAT);
        else
            cnt++;
    }

    fg_gfc_stage_out nx;
    nx.stage = (uint8_t)target;
    nx.n_stages = (uint8_t)n;
    nx.req_valid = changed || (r->req_valid && !taken);
    nx.req_stage = changed ? (uint8_t)target : r->req_stage;
    nx.stat_up = target > r->stage;
    nx.stat_down = target < r->stage;
    nx.stat_req = taken;
    nx.fb_cnt = cnt;
    *r = nx;
    *out = nx;
}
