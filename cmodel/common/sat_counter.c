/* sat_counter.c - C twin of rtl/common/fg_sat_counter.v (see sat_counter.h). */
#include "common/sat_counter.h"

#include <stdio.h>
#include <string.h>

const char *const fg_sat_counter_cov_names[FG_SAT_COUNTER_COV_N] = {
    "idle", "inc", "dec", "inc_dec", "clr", "clr_with_event", "overflow", "underflow", "reach_max", "leave_max"};

bool fg_sat_counter_cfg_check(const fg_sat_counter_cfg *cfg, char *msg, size_t len)
{
    if (cfg->w < FG_SAT_COUNTER_W_MIN || cfg->w > FG_SAT_COUNTER_W_MAX) {
        if (msg) snprintf(msg, len, "fg_sat_counter: W = %d, legal range %d..%d", cfg->w, FG_SAT_COUNTER_W_MIN,
                          FG_SAT_COUNTER_W_MAX);
        return false;
    }
    if (cfg->aw < FG_SAT_COUNTER_AW_MIN || cfg->aw > cfg->w) {
        if (msg) snprintf(msg, len, "fg_sat_counter: AW = %d, legal range %d..W (W = %d)", cfg->aw,
                          FG_SAT_COUNTER_AW_MIN, cfg->w);
        return false;
    }
    return true;
}

uint64_t fg_sat_counter_next(uint64_t count, int w, bool clr, uint64_t inc_v, uint64_t dec_v, bool *over,
                             bool *under)
{
    /* W <= 62 and amounts <= 2^W-1, so base + inc_v cannot wrap 64 bits. */
    uint64_t max = fg_mask(w);
    uint64_t up = (clr ? 0u : count) + inc_v;
    *over = false;
    *under = false;
    if (up < dec_v) {
        *under = true;
        return 0;
    }
    if (up - dec_v > max) {
        *over = true;
        return max;
    }
    return up - dec_v;
}

void fg_sat_counter_reset(fg_sat_counter_state *st, const fg_sat_counter_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
}

void fg_sat_counter_outputs(const fg_sat_counter_state *st, fg_sat_counter_out *out)
{
    out->count = st->count;
    out->at_max = st->count == fg_mask(st->cfg.w);
    out->stat_overflow = st->stat_overflow;
    out->stat_underflow = st->stat_underflow;
}

void fg_sat_counter_step(fg_sat_counter_state *st, const fg_sat_counter_in *in, fg_sat_counter_out *out)
{
    uint64_t amt_mask = fg_mask(st->cfg.aw);
    uint64_t inc_v = in->inc ? (in->inc_amt & amt_mask) : 0u;
    uint64_t dec_v = in->dec ? (in->dec_amt & amt_mask) : 0u;
    uint64_t max = fg_mask(st->cfg.w);
    bool was_max = st->count == max;
    bool clr = in->clr;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: an event on the clearing edge is lost. */
    if (clr) {
        inc_v = 0;
        dec_v = 0;
    }
#endif
    bool over, under;
    uint64_t next = fg_sat_counter_next(st->count, st->cfg.w, clr, inc_v, dec_v, &over, &under);

    if (in->clr)
        FG_COV(st, (in->inc || in->dec) ? FG_SAT_COUNTER_COV_CLR_EVENT : FG_SAT_COUNTER_COV_CLR);
    else if (in->inc && in->dec)
        FG_COV(st, FG_SAT_COUNTER_COV_INC_DEC);
    else if (in->inc)
        FG_COV(st, FG_SAT_COUNTER_COV_INC);
    else if (in->dec)
        FG_COV(st, FG_SAT_COUNTER_COV_DEC);
    else
        FG_COV(st, FG_SAT_COUNTER_COV_IDLE);
    if (over) FG_COV(st, FG_SAT_COUNTER_COV_OVERFLOW);
    if (under) FG_COV(st, FG_SAT_COUNTER_COV_UNDERFLOW);
    if (!over && !was_max && next == max) FG_COV(st, FG_SAT_COUNTER_COV_REACH_MAX);
    if (was_max && next < max) FG_COV(st, FG_SAT_COUNTER_COV_LEAVE_MAX);

    st->count = next;
    st->stat_overflow = over;
    st->stat_underflow = under;
    fg_sat_counter_outputs(st, out);
}
