/* rate_limiter.c - C twin of rtl/common/fg_rate_limiter.v (see rate_limiter.h). */
#include "common/rate_limiter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_rate_limiter_cov_names[FG_RATE_LIMITER_COV_N] = {
    "start",     "start_early", "start_zero", "unit_tick",      "unit_done",  "last_unit",
    "idle",      "stage0",      "stage_max",  "stage_clamped",  "pre_above_mask",
    "tok_fill",  "tok_cap",     "tok_cap_lowered", "tok_deficit", "tok_floor", "mode_stage",
    "mode_token"};

const char *fg_rate_limiter_cfg_error(const fg_rate_limiter_cfg *cfg)
{
    if (cfg->sw < 1 || cfg->sw > 16)
        return "fg_rate_limiter: sw (SW) out of range, legal 1..16";
    if (cfg->max_stage < 1 || cfg->max_stage > 24)
        return "fg_rate_limiter: max_stage (MAX_STAGE) out of range, legal 1..24";
    if (cfg->dw < 1 || cfg->dw > 24)
        return "fg_rate_limiter: dw (DW) out of range, legal 1..24";
    if (cfg->pipe < 0 || cfg->pipe > 1)
        return "fg_rate_limiter: pipe (PIPE) out of range, legal 0..1";
    return NULL;
}

int fg_rate_limiter_reset(fg_rate_limiter_state *st, const fg_rate_limiter_cfg *cfg)
{
    if (fg_rate_limiter_cfg_error(cfg))
        return -1; /* state untouched: fg_rate_limiter_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->allow = true;
    return 0;
}

/* The bucket takes one edge's inputs: tokens += cfg_rate - start*L<<16, capped at
 * cfg_depth<<16, floored at -(2^SW)<<16. At pipe 1 the floor comes one edge late: an edge
 * whose sum falls below it keeps the sum, and the next edge sets the tokens to the floor
 * without adding its own rate and debit (docs/blocks/rate_limiter.md). */
static void fg_rate_limiter_bucket(fg_rate_limiter_state *st, const fg_rate_limiter_in *in)
{
    const int sw = st->cfg.sw;
    const uint32_t len = in->pkt_cells & (uint32_t)fg_mask(sw);
    int64_t cap = (int64_t)(in->cfg_depth & (uint32_t)fg_mask(st->cfg.dw)) << 16;
    int64_t floor = -((int64_t)1 << (sw + 16));
    int64_t delta = (int64_t)(in->cfg_rate & 0x1FFFFu);
    if (in->pkt_start) delta -= (int64_t)len << 16;
    if (st->cfg.pipe == 1 && st->tokens < floor) {
        FG_COV(st, FG_RATE_LIMITER_COV_TOK_FLOOR);
        st->tokens = floor;
        return;
    }
    int64_t sum = st->tokens + delta;
    if (sum > cap) {
        /* above the cap after a debit: the tokens were above it, the depth was lowered */
        FG_COV(st, delta < 0 ? FG_RATE_LIMITER_COV_TOK_CAP_LOWERED : FG_RATE_LIMITER_COV_TOK_CAP);
        sum = cap;
    } else if (sum < floor && st->cfg.pipe == 0) {
        FG_COV(st, FG_RATE_LIMITER_COV_TOK_FLOOR);
        sum = floor;
    } else if (sum < 0) {
        FG_COV(st, FG_RATE_LIMITER_COV_TOK_DEFICIT);
    } else {
        FG_COV(st, FG_RATE_LIMITER_COV_TOK_FILL);
    }
    st->tokens = sum;
}

void fg_rate_limiter_step(fg_rate_limiter_state *st, const fg_rate_limiter_in *in, fg_rate_limiter_out *out)
{
    const int sw = st->cfg.sw, ms = st->cfg.max_stage;
    const uint32_t len = in->pkt_cells & (uint32_t)fg_mask(sw);
    const uint32_t stage = in->stage & 0x1Fu;
    const uint32_t k = stage > (uint32_t)ms ? (uint32_t)ms : stage;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: from stage 3 up the unit is timed with one
     * shift too few, 2^(k-1) cycles, so the queue sends at C/2^(k-1) instead of C/2^k. */
    const uint32_t mask = (uint32_t)fg_mask(k >= 3 ? (int)k - 1 : (int)k);
#else
    const uint32_t mask = (uint32_t)fg_mask((int)k);
#endif

    if (stage == 0) FG_COV(st, FG_RATE_LIMITER_COV_STAGE0);
    if (stage == (uint32_t)ms) FG_COV(st, FG_RATE_LIMITER_COV_STAGE_MAX);
    if (stage > (uint32_t)ms) FG_COV(st, FG_RATE_LIMITER_COV_STAGE_CLAMPED);

    /* stage engine */
    uint32_t units = in->pkt_start ? len : st->units;
    uint32_t pre = in->pkt_start ? 0u : st->pre;
    if (in->pkt_start) {
        FG_COV(st, st->allow ? FG_RATE_LIMITER_COV_START : FG_RATE_LIMITER_COV_START_EARLY);
        if (len == 0) FG_COV(st, FG_RATE_LIMITER_COV_START_ZERO);
    }
    if (units == 0) {
        FG_COV(st, FG_RATE_LIMITER_COV_IDLE);
        pre = 0;
    } else {
        if (pre & ~mask) FG_COV(st, FG_RATE_LIMITER_COV_PRE_ABOVE_MASK);
        if ((pre & mask) == mask) {
            FG_COV(st, units == 1 ? FG_RATE_LIMITER_COV_LAST_UNIT : FG_RATE_LIMITER_COV_UNIT_DONE);
            units--;
            pre = 0;
        } else {
            FG_COV(st, FG_RATE_LIMITER_COV_UNIT_TICK);
            pre++;
        }
    }
    st->units = units;
    st->pre = pre & (uint32_t)fg_mask(ms);

    /* token engine: pipe 0 takes this edge's inputs; pipe 1 the last edge's, and a start on
     * this edge keeps allow low for the next cycle whatever the bucket holds */
    bool tok_allow;
    if (st->cfg.pipe == 0) {
        fg_rate_limiter_bucket(st, in);
        tok_allow = st->tokens >= 0;
    } else {
        fg_rate_limiter_bucket(st, &st->late);
        st->late = *in;
        tok_allow = !in->pkt_start && st->tokens >= 0;
    }
    bool early = in->pkt_start && !st->allow;

    if (in->cfg_token_mode) {
        FG_COV(st, FG_RATE_LIMITER_COV_MODE_TOKEN);
        st->allow = tok_allow;
    } else {
        FG_COV(st, FG_RATE_LIMITER_COV_MODE_STAGE);
        st->allow = st->units == 0;
    }
    out->allow = st->allow;
    out->stat_start = in->pkt_start;
    out->stat_early = early;
}
