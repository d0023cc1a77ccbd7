/* gfc_time.c - C twin of rtl/mac/fg_gfc_time.v (see gfc_time.h). */
#include "mac/gfc_time.h"

#include <stdio.h>
#include <string.h>

const char *const fg_gfc_time_cov_names[FG_GFC_TIME_COV_N] = {
    "tick", "count", "period_shortened", "period_zero", "wrap", "scaled", "full", "zero", "disabled"};

/* (r * recip + 2^11) >> 12: the unclamped rate, rounded to nearest. */
static uint64_t fg_gfc_time_product(uint32_t free_blocks, uint32_t recip)
{
    uint64_t p = (uint64_t)(free_blocks & 0xFFFu) * (uint64_t)(recip & 0xFFFFFFu);
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: above half of B_m - B_0 the product is
     * truncated instead of rounded (the 2^11 is forgotten). */
    if ((p >> 12) >= 0x8000u) return p >> 12;
#endif
    return (p + 0x800u) >> 12;
}

uint32_t fg_gfc_time_rate(uint32_t free_blocks, uint32_t recip)
{
    uint64_t q = fg_gfc_time_product(free_blocks, recip);
    return q >= FG_GFC_TIME_LINE_RATE ? FG_GFC_TIME_LINE_RATE : (uint32_t)q;
}

int fg_gfc_time_recip(uint32_t span, uint32_t *recip, char *msg, size_t n)
{
    if (span < FG_GFC_TIME_SPAN_MIN || span > FG_GFC_TIME_SPAN_MAX) {
        snprintf(msg, n,
                 "B_m - B_0 = %u blocks is outside its legal range %u..%u (cfg_recip = round(2^28 / (B_m - B_0)) "
                 "must fit in 24 bits and be at least 1)",
                 span, FG_GFC_TIME_SPAN_MIN, FG_GFC_TIME_SPAN_MAX);
        return -1;
    }
    *recip = (uint32_t)((((uint64_t)1 << FG_GFC_TIME_RECIP_SHIFT) + span / 2) / span);
    return 0;
}

void fg_gfc_time_reset(fg_gfc_time_state *st, const fg_gfc_time_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->r.rate = FG_GFC_TIME_LINE_RATE;
}

void fg_gfc_time_step(fg_gfc_time_state *st, const fg_gfc_time_in *in, fg_gfc_time_out *out)
{
    const uint32_t period = in->cfg_period & 0xFFFFFFu;
    fg_gfc_time_out nx = st->r;
    bool tick = st->cnt == 0 || st->cnt >= period;

    nx.stat_update = st->sample;
    nx.stat_full = false;
    nx.stat_zero = false;
    if (st->sample) {
        if (!in->cfg_enable) {
            FG_COV(st, FG_GFC_TIME_COV_DISABLED);
            nx.rate = FG_GFC_TIME_LINE_RATE;
        } else {
            uint64_t q = fg_gfc_time_product(st->r.free_blocks, in->cfg_recip);
            nx.rate = fg_gfc_time_rate(st->r.free_blocks, in->cfg_recip);
            if (q >= FG_GFC_TIME_LINE_RATE) {
                FG_COV(st, FG_GFC_TIME_COV_FULL);
                nx.stat_full = true;
            } else if (st->r.free_blocks == 0) {
                FG_COV(st, FG_GFC_TIME_COV_ZERO);
                nx.stat_zero = true;
            } else {
                FG_COV(st, FG_GFC_TIME_COV_SCALED);
            }
        }
    }
    if (tick) {
        FG_COV(st, FG_GFC_TIME_COV_TICK);
        if (st->cnt != 0) FG_COV(st, FG_GFC_TIME_COV_PERIOD_SHORTENED);
        if (period == 0) FG_COV(st, FG_GFC_TIME_COV_PERIOD_ZERO);
        if ((in->fccl & 0xFFFu) < (in->fctbs & 0xFFFu)) FG_COV(st, FG_GFC_TIME_COV_WRAP);
        nx.free_blocks = (uint16_t)((in->fccl - in->fctbs) & 0xFFFu);
        st->cnt = period == 0 ? 0 : period - 1;
    } else {
        FG_COV(st, FG_GFC_TIME_COV_COUNT);
        st->cnt--;
    }
    st->sample = tick;
    st->r = nx;
    *out = nx;
}
