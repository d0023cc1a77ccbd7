/* gfc_time.c - C twin of rtl/mac/fg_gfc_time.v (see gfc_time.h). */
#include "mac/gfc_time.h"

#include <stdio.h>
#include <stdlib.h>
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

const char *fg_gfc_time_cfg_error(const fg_gfc_time_cfg *cfg)
{
    if (cfg->pipe < 0 || cfg->pipe > FG_GFC_TIME_PIPE_MAX)
        return "fg_gfc_time: pipe (PIPE) out of range, legal 0..2";
    return NULL;
}

int fg_gfc_time_reset(fg_gfc_time_state *st, const fg_gfc_time_cfg *cfg)
{
    if (fg_gfc_time_cfg_error(cfg))
        return -1; /* state untouched: fg_gfc_time_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->period_q[0] = st->period_q[1] = st->period_q[2] = 1; /* the RTL's period registers: 1 */
    st->now.rate = FG_GFC_TIME_LINE_RATE;
    for (int i = 0; i < FG_GFC_TIME_PIPE_MAX; i++) st->late[i].rate = FG_GFC_TIME_LINE_RATE;
    st->r = st->now;
    return 0;
}

void fg_gfc_time_step(fg_gfc_time_state *st, const fg_gfc_time_in *in, fg_gfc_time_out *out)
{
    /* the period of three edges before (a new cfg_period acts three edges later) */
    const uint32_t period = st->period_q[2];
    fg_gfc_time_out nx = st->now;
    bool tick = st->cnt == 0 || st->cnt >= period;

    nx.stat_update = st->sample;
    nx.stat_full = false;
    nx.stat_zero = false;
    if (st->sample) {
        if (!in->cfg_enable) {
            FG_COV(st, FG_GFC_TIME_COV_DISABLED);
            nx.rate = FG_GFC_TIME_LINE_RATE;
        } else {
            const uint32_t recip = st->cfg.pipe == 2 ? st->recip_prev : in->cfg_recip;
            uint64_t q = fg_gfc_time_product(st->now.free_blocks, recip);
            nx.rate = fg_gfc_time_rate(st->now.free_blocks, recip);
            if (q >= FG_GFC_TIME_LINE_RATE) {
                FG_COV(st, FG_GFC_TIME_COV_FULL);
                nx.stat_full = true;
            } else if (st->now.free_blocks == 0) {
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
    st->recip_prev = in->cfg_recip & 0xFFFFFFu;
    st->period_q[2] = st->period_q[1];
    st->period_q[1] = st->period_q[0];
    st->period_q[0] = in->cfg_period & 0xFFFFFFu;
    st->now = nx;

    /* cfg.pipe edges later: the rate and the stat pulses of pipe edges ago; free_blocks now. */
    if (st->cfg.pipe == 0) {
        st->r = nx;
    } else {
        st->r = st->late[st->cfg.pipe - 1];
        memmove(&st->late[1], &st->late[0], (size_t)(st->cfg.pipe - 1) * sizeof st->late[0]);
        st->late[0] = nx;
        st->r.free_blocks = nx.free_blocks;
    }
    *out = st->r;
}
