/* pfc_timer.c - C twin of rtl/mac/fg_pfc_timer.v (see pfc_timer.h). */
#include "mac/pfc_timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_pfc_timer_cov_names[FG_PFC_TIMER_COV_N] = {
    "load", "clear", "clear_idle", "reload", "count", "exact", "saturate", "hold_zero_step", "idle",
    "not_addressed", "skip", "tick", "expire", "wait"};

#define FG_PFC_TIMER_STEP_MASK 0x00FFFFFFu /* cfg_quanta_step is 24 bits */

const char *fg_pfc_timer_cfg_error(const fg_pfc_timer_cfg *cfg)
{
    if (cfg->n_prio < 1 || cfg->n_prio > FG_PFC_TIMER_MAX_PRIO)
        return "fg_pfc_timer: n_prio (N_PRIO) out of range, legal 1..8";
    return NULL;
}

int fg_pfc_timer_reset(fg_pfc_timer_state *st, const fg_pfc_timer_cfg *cfg)
{
    if (fg_pfc_timer_cfg_error(cfg))
        return -1; /* state untouched: fg_pfc_timer_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

/* The compact form: a prescaler per port, whole quanta per class (see pfc_timer.h). */
static void step_compact(fg_pfc_timer_state *st, const fg_pfc_timer_in *in, fg_pfc_timer_out *out)
{
    const uint32_t step = in->cfg_quanta_step & FG_PFC_TIMER_STEP_MASK;
    const bool tick = st->quantum_tick; /* the tick as it stood before this edge */
    for (int n = 0; n < st->cfg.n_prio; n++) {
        uint16_t c = st->count[n];
        if (in->pfc_valid && ((in->pfc_cev >> n) & 1u)) {
            const uint16_t load = in->pfc_time[n];
            if (load == 0)
                FG_COV(st, c ? FG_PFC_TIMER_COV_CLEAR : FG_PFC_TIMER_COV_CLEAR_IDLE);
            else
                FG_COV(st, c ? FG_PFC_TIMER_COV_RELOAD : FG_PFC_TIMER_COV_LOAD);
            c = load;
            st->skip[n] = true;
        } else {
            if (in->pfc_valid && c)
                FG_COV(st, FG_PFC_TIMER_COV_NOT_ADDRESSED);
            if (c == 0) {
                FG_COV(st, FG_PFC_TIMER_COV_IDLE);
            } else if (!tick) {
                FG_COV(st, step == 0 ? FG_PFC_TIMER_COV_HOLD_ZERO_STEP : FG_PFC_TIMER_COV_WAIT);
            } else if (st->skip[n]) {
                FG_COV(st, FG_PFC_TIMER_COV_SKIP);
            } else {
                FG_COV(st, c == 1 ? FG_PFC_TIMER_COV_EXPIRE : FG_PFC_TIMER_COV_TICK);
            }
            if (tick) {
                if (!st->skip[n] && c)
                    c--;
                st->skip[n] = false;
            }
        }
        st->count[n] = c;
        out->timer[n] = (uint32_t)c << 16;
        out->tx_paused[n] = c != 0;
    }
    const uint32_t sum = (uint32_t)st->acc + (step & 0xFFFFu);
    st->acc = (uint16_t)sum;
    st->quantum_tick = (sum >> 16) != 0 || (step >> 16) != 0;
}

void fg_pfc_timer_step(fg_pfc_timer_state *st, const fg_pfc_timer_in *in, fg_pfc_timer_out *out)
{
    uint32_t step = in->cfg_quanta_step & FG_PFC_TIMER_STEP_MASK;
    memset(out, 0, sizeof *out);
    if (st->cfg.compact) {
        step_compact(st, in, out);
        return;
    }
    for (int n = 0; n < st->cfg.n_prio; n++) {
        uint32_t t = st->timer[n];
        if (in->pfc_valid && ((in->pfc_cev >> n) & 1u)) {
            uint32_t load = (uint32_t)in->pfc_time[n] << 16;
            if (load == 0) {
                FG_COV(st, t ? FG_PFC_TIMER_COV_CLEAR : FG_PFC_TIMER_COV_CLEAR_IDLE);
#ifdef FG_INJECT_BUG
                /* Deliberate bug for the harness self-test: an XON (time 0) does not stop a
                 * running timer; it keeps counting down as if nothing had arrived. */
                if (t) load = (t > step) ? t - step : 0;
#endif
            } else {
                FG_COV(st, t ? FG_PFC_TIMER_COV_RELOAD : FG_PFC_TIMER_COV_LOAD);
            }
            t = load;
        } else {
            if (in->pfc_valid && t) FG_COV(st, FG_PFC_TIMER_COV_NOT_ADDRESSED);
            if (t == 0) {
                FG_COV(st, FG_PFC_TIMER_COV_IDLE);
            } else if (step == 0) {
                FG_COV(st, FG_PFC_TIMER_COV_HOLD_ZERO_STEP);
            } else if (t > step) {
                FG_COV(st, FG_PFC_TIMER_COV_COUNT);
                t -= step;
            } else {
                FG_COV(st, t == step ? FG_PFC_TIMER_COV_EXACT : FG_PFC_TIMER_COV_SATURATE);
                t = 0;
            }
        }
        st->timer[n] = t;
        out->timer[n] = t;
        out->tx_paused[n] = t != 0;
    }
}
