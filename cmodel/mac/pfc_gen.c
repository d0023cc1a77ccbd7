/* pfc_gen.c - C twin of rtl/mac/fg_pfc_gen.v (see pfc_gen.h). */
#include "mac/pfc_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_pfc_gen_cov_names[FG_PFC_GEN_COV_N] = {
    "disabled",       "rise",           "fall",         "xon_over_xoff", "xoff_over_xon",
    "refresh_fire",   "refresh_count",  "refresh_reload", "refresh_clear", "take_xoff",
    "take_xon",       "event_on_ack",   "ack_idle",     "ack_multi",     "hold",
    "pp_take",        "pp_replace",     "pp_on_ack",    "pp_drop_paused", "pp_drop_event",
    "pp_drop_waiting", "std_over_pp",  "take_pred",     "mixed_times",   "tick_fire",
    "tick_idle",
};

const char *fg_pfc_gen_cfg_error(const fg_pfc_gen_cfg *cfg)
{
    if (cfg->n_prio < 1 || cfg->n_prio > FG_PFC_GEN_MAX_PRIO)
        return "fg_pfc_gen: n_prio (RTL parameter N_PRIO) out of range, legal 1..8";
    return NULL;
}

int fg_pfc_gen_reset(fg_pfc_gen_state *st, const fg_pfc_gen_cfg *cfg)
{
    if (fg_pfc_gen_cfg_error(cfg))
        return -1; /* state untouched: fg_pfc_gen_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

void fg_pfc_gen_outputs(const fg_pfc_gen_state *st, fg_pfc_gen_out *out)
{
    out->req_valid = st->req_valid;
    out->req_cev = st->pending;
    out->req_xoff = st->kind_xoff;
    out->stat_xoff_req = st->stat_xoff_req;
    out->stat_xon_req = st->stat_xon_req;
    out->req_pred = st->pred;
    for (unsigned p = 0; p < 8; p++)
        out->req_time[p] = st->cfg.compact ? (((st->kind_xoff >> p) & 1u) ? st->pause_quanta : 0) : st->time[p];
    out->stat_pp_dropped = st->stat_pp_dropped;
}

static int popcount8(uint8_t v)
{
    int n = 0;
    for (; v; v &= (uint8_t)(v - 1u))
        n++;
    return n;
}

void fg_pfc_gen_step(fg_pfc_gen_state *st, const fg_pfc_gen_in *in, fg_pfc_gen_out *out)
{
    const uint8_t mask = (uint8_t)((1u << st->cfg.n_prio) - 1u);
    const uint8_t paused = (uint8_t)(in->paused & mask);
    /* compact: one copy of cfg_pause_quanta for every class, taken on every edge */
    st->pause_quanta = in->cfg_pause_quanta;
    /* compact: no predictive requests */
    const bool pp_valid = in->pp_valid && !st->cfg.compact;

    if (!in->cfg_enable) {
        /* Generation off: forget everything. paused_prev = 0 makes a class that is still
         * paused when generation is enabled again send its XOFF. */
        FG_COV(st, FG_PFC_GEN_COV_DISABLED);
        st->paused_prev = 0;
        st->pending = 0;
        st->kind_xoff = 0;
        st->pred = 0;
        memset(st->time, 0, sizeof st->time);
        st->stat_pp_dropped = false;
        memset(st->refresh_cnt, 0, sizeof st->refresh_cnt);
        st->req_valid = false;
        st->stat_xoff_req = false;
        st->stat_xon_req = false;
        fg_pfc_gen_outputs(st, out);
        return;
    }

    /* The serialiser takes exactly what it saw this cycle: the registered request. */
    const uint8_t taken = in->req_ack ? st->pending : 0u;
    if (in->req_ack && !st->req_valid)
        FG_COV(st, FG_PFC_GEN_COV_ACK_IDLE);
    if (st->req_valid && !in->req_ack)
        FG_COV(st, FG_PFC_GEN_COV_HOLD);
    if (popcount8(taken) >= 2)
        FG_COV(st, FG_PFC_GEN_COV_ACK_MULTI);

    const uint8_t rise = (uint8_t)(paused & ~st->paused_prev);
    const uint8_t fall = (uint8_t)(~paused & st->paused_prev & mask);
    uint8_t pending = st->pending;
    uint8_t kind = st->kind_xoff;
    uint8_t pred = st->pred;
    bool pp_dropped = false;
    if (pp_valid && (in->pp_prio & 7u) >= st->cfg.n_prio) {
        pp_dropped = true;
    }
    if (st->req_valid && (st->kind_xoff & st->pred) && (st->kind_xoff & (uint8_t)~st->pred))
        FG_COV(st, FG_PFC_GEN_COV_MIXED_TIMES);
    if (st->cfg.compact && in->refresh_tick && !paused)
        FG_COV(st, FG_PFC_GEN_COV_TICK_IDLE);

    for (unsigned p = 0; p < st->cfg.n_prio; p++) {
        const uint8_t bit = (uint8_t)(1u << p);
        const bool take_xoff = (taken & kind & bit) != 0;
        bool fire = false;

        if (taken & bit)
            FG_COV(st, (kind & bit) ? FG_PFC_GEN_COV_TAKE_XOFF : FG_PFC_GEN_COV_TAKE_XON);
        if ((taken & pred & bit) != 0)
            FG_COV(st, FG_PFC_GEN_COV_TAKE_PRED);

        /* Refresh counter: only runs while p is paused and its last XOFF has been taken.
         * compact: no counter; the tick refreshes every paused class. */
        if (st->cfg.compact) {
            fire = in->refresh_tick && (paused & bit);
            /* counted where the tick changes something: no XOFF of p waiting, or one taken now */
            if (fire && (!(st->pending & st->kind_xoff & bit) || (taken & bit)))
                FG_COV(st, FG_PFC_GEN_COV_TICK_FIRE);
        } else if (!(paused & bit)) {
            if (st->refresh_cnt[p] != 0)
                FG_COV(st, FG_PFC_GEN_COV_REFRESH_CLEAR);
            st->refresh_cnt[p] = 0;
        } else if (take_xoff) {
            FG_COV(st, FG_PFC_GEN_COV_REFRESH_RELOAD);
            st->refresh_cnt[p] = in->cfg_refresh & (uint32_t)fg_mask(FG_PFC_GEN_REFRESH_BITS);
        } else if (st->refresh_cnt[p] != 0) {
            FG_COV(st, FG_PFC_GEN_COV_REFRESH_COUNT);
            st->refresh_cnt[p]--;
            if (st->refresh_cnt[p] == 0) {
                FG_COV(st, FG_PFC_GEN_COV_REFRESH_FIRE);
                fire = true;
            }
        }

        const bool ev_xoff = (rise & bit) || fire;
        const bool ev_xon = (fall & bit) != 0;
        const bool waiting = (pending & bit) && !(taken & bit); /* pending, not taken now */
        if ((ev_xoff || ev_xon) && (taken & bit))
            FG_COV(st, FG_PFC_GEN_COV_EVENT_ON_ACK);
        if (rise & bit)
            FG_COV(st, FG_PFC_GEN_COV_RISE);
        if (fall & bit)
            FG_COV(st, FG_PFC_GEN_COV_FALL);

        /* Predictive request: taken unless the standard machinery owns the class. */
        const bool std_event = ev_xoff || ev_xon;
        const bool std_waiting = waiting && !(pred & bit);
        const bool pp_here = pp_valid && (in->pp_prio & 7u) == p;
        bool pp_take = false;
        if (pp_here) {
            if (paused & bit) {
                FG_COV(st, FG_PFC_GEN_COV_PP_DROP_PAUSED);
            } else if (std_event) {
                FG_COV(st, FG_PFC_GEN_COV_PP_DROP_EVENT);
            } else if (std_waiting) {
                FG_COV(st, FG_PFC_GEN_COV_PP_DROP_WAITING);
            } else {
                pp_take = true;
                FG_COV(st, FG_PFC_GEN_COV_PP_TAKE);
                if (waiting)
                    FG_COV(st, FG_PFC_GEN_COV_PP_REPLACE);
                if (taken & bit)
                    FG_COV(st, FG_PFC_GEN_COV_PP_ON_ACK);
            }
            pp_dropped = pp_dropped || !pp_take;
        }
        if (std_event && waiting && (pred & bit))
            FG_COV(st, FG_PFC_GEN_COV_STD_OVER_PP);

#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the ack clears a taken bit even when a
         * new event for that class arrives on the same edge (the event is lost). */
        (void)waiting;
        if (ev_xoff) {
            pending |= bit;
            kind |= bit;
        } else if (ev_xon) {
            pending |= bit;
            kind &= (uint8_t)~bit;
        }
        if (pp_take) {
            pending |= bit;
            kind |= bit;
            pred |= bit;
        }
        if (ev_xoff || ev_xon)
            pred &= (uint8_t)~bit;
        if (taken & bit) {
            pending &= (uint8_t)~bit;
            kind &= (uint8_t)~bit;
            pred &= (uint8_t)~bit;
        }
#else
        if (ev_xoff) {
            if (waiting && !(kind & bit))
                FG_COV(st, FG_PFC_GEN_COV_XOFF_OVER_XON);
            pending |= bit;
            kind |= bit;
            pred &= (uint8_t)~bit;
        } else if (ev_xon) {
            if (waiting && (kind & bit))
                FG_COV(st, FG_PFC_GEN_COV_XON_OVER_XOFF);
            pending |= bit;
            kind &= (uint8_t)~bit;
            pred &= (uint8_t)~bit;
        } else if (pp_take) {
            pending |= bit;
            kind |= bit;
            pred |= bit;
        } else if (taken & bit) {
            pending &= (uint8_t)~bit;
            kind &= (uint8_t)~bit; /* a kind only for pending bits: req_xoff is a flop */
            pred &= (uint8_t)~bit;
        }
#endif
        /* Time shown next: a predictive XOFF keeps its quanta, a standard XOFF follows
         * cfg_pause_quanta, an XON (or nothing pending) shows 0. */
        if (!(pending & kind & bit))
            st->time[p] = 0;
        else if (pp_take)
            st->time[p] = in->pp_quanta;
        else if (!(pred & bit))
            st->time[p] = in->cfg_pause_quanta;
    }

    /* The stats describe the frame taken on this edge, so use the kinds it was shown with. */
    st->stat_xoff_req = (taken & st->kind_xoff) != 0;
    st->stat_xon_req = (taken & (uint8_t)~st->kind_xoff) != 0;
    st->paused_prev = paused;
    st->pending = pending;
    st->kind_xoff = kind;
    st->pred = pred;
    st->stat_pp_dropped = pp_dropped;
    st->req_valid = pending != 0;
    fg_pfc_gen_outputs(st, out);
}
