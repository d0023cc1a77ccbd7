/* bm.c - C twin of rtl/switch/fg_bm.v, the shared-buffer manager (see bm.h).
 *
 * One fg_bm_step is one rising edge. Everything on the right-hand side of an update reads the
 * registered state of before the edge; the new state is built in locals and committed at the
 * end, exactly like the RTL's _next logic and its single clocked block. */
#include "switch/bm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_bm_cov_names[FG_BM_COV_N] = {
    "adm_reserve",       "adm_shared",        "adm_shared_split", "adm_shared_static",
    "adm_headroom",      "adm_drop_lossy",    "adm_violation",    "enq_bad_index",
    "rel_headroom",      "rel_shared",        "rel_reserve",      "rel_mixed",
    "rel_underflow",     "rel_multi_deq",     "enq_deq_same_pg",  "eq_multi_enq",
    "egress_underflow",  "comp_underflow",    "shared_underflow", "deq_bad_index",
    "pool_sat0",         "thr_sat0",          "pause_headroom",   "pause_shared",
    "resume_zero",       "resume_offset",     "hold_paused",      "static_pause",
    "static_resume",     "lossy_unpause",
};

/* Width of a port index: clog2(n_ports), at least 1 (ARCHITECTURE section 4). */
static int fg_bm_pw(int n_ports)
{
    int w = 1;
    while ((1 << w) < n_ports) w++;
    return w;
}

static int fg_bm_popcount(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1u) n++;
    return n;
}

int fg_bm_check_cfg(const fg_bm_cfg *cfg, char *msg, size_t len)
{
    const char *field = NULL;
    long val = 0, lo = 0, hi = 0;
    if (cfg->n_ports < 1 || cfg->n_ports > FG_BM_MAX_PORTS) {
        field = "n_ports", val = cfg->n_ports, lo = 1, hi = FG_BM_MAX_PORTS;
    } else if (cfg->n_prio < 1 || cfg->n_prio > FG_BM_MAX_PRIO) {
        field = "n_prio", val = cfg->n_prio, lo = 1, hi = FG_BM_MAX_PRIO;
    } else if (cfg->cw < 4 || cfg->cw > 30) {
        field = "cw", val = cfg->cw, lo = 4, hi = 30;
    } else if (cfg->sw < 1 || cfg->sw > 16 || cfg->sw + fg_bm_pw(cfg->n_ports) >= cfg->cw) {
        /* the RTL keeps per-cycle sums of up to N packet sizes in SW + PW < CW bits */
        const int top = cfg->cw - 1 - fg_bm_pw(cfg->n_ports);
        field = "sw", val = cfg->sw, lo = 1, hi = top < 16 ? top : 16;
    }
    if (!field) return 0;
    if (msg && len) snprintf(msg, len, "fg_bm: cfg.%s = %ld out of range %ld..%ld", field, val, lo, hi);
    return -1;
}

/* One input value against its legal range; writes the message and returns -1 if outside. */
static int fg_bm_range(const char *field, int k1, int k2, uint64_t v, uint64_t hi, char *msg, size_t len)
{
    if (v <= hi) return 0;
    if (msg && len) {
        char name[64];
        if (k2 >= 0)
            snprintf(name, sizeof name, "%s[%d][%d]", field, k1, k2);
        else if (k1 >= 0)
            snprintf(name, sizeof name, "%s[%d]", field, k1);
        else
            snprintf(name, sizeof name, "%s", field);
        snprintf(msg, len, "fg_bm: %s = %llu out of range 0..%llu", name, (unsigned long long)v,
                 (unsigned long long)hi);
    }
    return -1;
}

int fg_bm_check_in(const fg_bm_cfg *cfg, const fg_bm_in *in, char *msg, size_t len)
{
    if (fg_bm_check_cfg(cfg, msg, len)) return -1;
    const uint64_t cmax = fg_mask(cfg->cw), smax = fg_mask(cfg->sw);
    const int n = cfg->n_ports, np = cfg->n_prio;
    if (fg_bm_range("cfg_total_cells", -1, -1, in->cfg_total_cells, cmax, msg, len)) return -1;
    if (fg_bm_range("cfg_reserve", -1, -1, in->cfg_reserve, cmax, msg, len)) return -1;
    if (fg_bm_range("cfg_resume_offset", -1, -1, in->cfg_resume_offset, cmax, msg, len)) return -1;
    if (fg_bm_range("cfg_lossless", -1, -1, in->cfg_lossless, fg_mask(np), msg, len)) return -1;
    for (int i = 0; i < n; i++) {
        if (fg_bm_range("cfg_headroom", i, -1, in->cfg_headroom[i], cmax, msg, len)) return -1;
        if (fg_bm_range("cfg_alpha_shift", i, -1, in->cfg_alpha_shift[i], 15, msg, len)) return -1;
        for (int p = 0; p < np; p++) {
            if (fg_bm_range("cfg_xoff", i, p, in->cfg_xoff[i][p], cmax, msg, len)) return -1;
            if (fg_bm_range("cfg_xon", i, p, in->cfg_xon[i][p], cmax, msg, len)) return -1;
        }
        if (in->enq_valid[i]) {
            if (fg_bm_range("enq_prio", i, -1, in->enq_prio[i], (uint64_t)np - 1, msg, len)) return -1;
            if (fg_bm_range("enq_dst", i, -1, in->enq_dst[i], (uint64_t)n - 1, msg, len)) return -1;
            if (fg_bm_range("enq_cells", i, -1, in->enq_cells[i], smax, msg, len)) return -1;
        }
        if (in->deq_valid[i]) {
            if (fg_bm_range("deq_prio", i, -1, in->deq_prio[i], (uint64_t)np - 1, msg, len)) return -1;
            if (fg_bm_range("deq_src", i, -1, in->deq_src[i], (uint64_t)n - 1, msg, len)) return -1;
            if (fg_bm_range("deq_cells", i, -1, in->deq_cells[i], smax, msg, len)) return -1;
        }
    }
    return 0;
}

int fg_bm_reset(fg_bm_state *st, const fg_bm_cfg *cfg)
{
    char msg[200];
    if (fg_bm_check_cfg(cfg, msg, sizeof msg))
        return -1; /* state untouched: fg_bm_check_cfg says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

void fg_bm_outputs(const fg_bm_state *st, fg_bm_out *out)
{
    /* Only the entries of existing ports and priorities are written: clearing the whole
     * struct (32 KB of composition counters at the largest size) every step was a fifth of
     * the switch core model's run time. Callers zero `out` once, as they zero the state. */
    const int n = st->cfg.n_ports, np = st->cfg.n_prio;
    for (int i = 0; i < n; i++) {
        out->enq_accept[i] = st->enq_accept_reg[i];
        out->enq_drop[i] = st->enq_drop_reg[i];
        out->enq_where[i] = st->enq_where_reg[i];
        out->stat_drop[i] = st->stat_drop_reg[i];
        out->stat_violation[i] = st->stat_violation_reg[i];
        out->stat_underflow[i] = st->stat_underflow_reg[i];
        out->thr[i] = st->thr_reg[i];
        for (int p = 0; p < np; p++) {
            out->paused[i][p] = st->paused_reg[i][p];
            out->ingress_cnt[i][p] = st->ingress_reg[i][p];
            out->hdrm_cnt[i][p] = st->hdrm_reg[i][p];
            out->egress_cnt[i][p] = st->egress_reg[i][p];
            memcpy(out->comp_cnt[i][p], st->comp_reg[i][p], sizeof(uint32_t) * (size_t)n);
        }
    }
    out->shared_used = st->shared_used_reg;
    out->shared_free = st->shared_free_reg;
}

/* reg - min(rel, reg) + add, saturated at `max`; *underflow when rel > reg. */
static uint32_t fg_bm_update(uint32_t reg, uint64_t rel, uint64_t add, uint64_t max, bool *underflow)
{
    *underflow = rel > reg;
    uint64_t v = (uint64_t)reg - (rel > reg ? reg : rel) + add;
    return (uint32_t)(v > max ? max : v);
}

void fg_bm_step(fg_bm_state *st, const fg_bm_in *in, fg_bm_out *out)
{
    const int n = st->cfg.n_ports, np = st->cfg.n_prio;
    const uint64_t cmax = fg_mask(st->cfg.cw), smax = fg_mask(st->cfg.sw);
    const uint64_t pmask = fg_mask(fg_bm_pw(n));

    /* Inputs as the RTL ports see them: truncated to their widths. */
    const uint64_t total = in->cfg_total_cells & cmax;
    const uint64_t reserve = in->cfg_reserve & cmax;
    const uint64_t offset = in->cfg_resume_offset & cmax;
    const uint32_t lossless = in->cfg_lossless & (uint32_t)fg_mask(np);
    const bool static_mode = in->cfg_static_mode;

    /* 1. pool_reg <= sat0(B - sum_i headroom[i] * |lossless| - reserve * N * P) */
    uint64_t hsum = 0;
    for (int i = 0; i < n; i++) hsum += in->cfg_headroom[i] & cmax;
    const uint64_t carved = hsum * (uint64_t)fg_bm_popcount(lossless) + reserve * (uint64_t)n * (uint64_t)np;
    if (carved > total) FG_COV(st, FG_BM_COV_POOL_SAT0);
    const uint32_t pool_next = (uint32_t)(carved < total ? total - carved : 0);

    /* 2. thr_reg[i] <= sat0(pool_reg - shared_used_reg) >> alpha_shift[i] */
    uint32_t thr_next[FG_BM_MAX_PORTS] = {0};
    if (st->shared_used_reg > st->pool_reg) FG_COV(st, FG_BM_COV_THR_SAT0);
    const uint32_t room = st->pool_reg > st->shared_used_reg ? st->pool_reg - st->shared_used_reg : 0;
    for (int i = 0; i < n; i++) thr_next[i] = room >> (in->cfg_alpha_shift[i] & 15u);

    /* 3. admission per ingress port, from the registered counters */
    bool acc[FG_BM_MAX_PORTS] = {0}, drop[FG_BM_MAX_PORTS] = {0};
    bool sdrop[FG_BM_MAX_PORTS] = {0}, viol[FG_BM_MAX_PORTS] = {0}, uflow[FG_BM_MAX_PORTS] = {0};
    uint8_t where[FG_BM_MAX_PORTS] = {0}, eprio[FG_BM_MAX_PORTS] = {0}, edst[FG_BM_MAX_PORTS] = {0};
    uint64_t ecells[FG_BM_MAX_PORTS] = {0}, shared_add = 0;
    for (int i = 0; i < n; i++) {
        if (!in->enq_valid[i]) continue;
        const int p = in->enq_prio[i] & 7u, d = (int)(in->enq_dst[i] & pmask);
        const uint64_t s = in->enq_cells[i] & smax;
        eprio[i] = (uint8_t)p, edst[i] = (uint8_t)d, ecells[i] = s;
        if (p >= np || d >= n) {
            /* no such PG or EQ: dropped, counted as a drop, no counter changes */
            FG_COV(st, FG_BM_COV_ENQ_BAD_INDEX);
            where[i] = FG_BM_WHERE_DROPPED, drop[i] = true, sdrop[i] = true;
            continue;
        }
        const uint64_t ing = st->ingress_reg[i][p], hd = st->hdrm_reg[i][p];
        const uint64_t thr = static_mode ? (in->cfg_xoff[i][p] & cmax) : st->thr_reg[i];
        const uint64_t sum = ing + s; /* CW+1 bits: no wrap */
        if (sum <= reserve) {
            FG_COV(st, FG_BM_COV_ADM_RESERVE);
            where[i] = FG_BM_WHERE_RESERVE, acc[i] = true;
        } else if (sum - reserve <= thr) {
            FG_COV(st, ing >= reserve ? FG_BM_COV_ADM_SHARED : FG_BM_COV_ADM_SHARED_SPLIT);
            if (static_mode) FG_COV(st, FG_BM_COV_ADM_SHARED_STATIC);
            where[i] = FG_BM_WHERE_SHARED, acc[i] = true;
            shared_add += fg_min(s, sum - reserve);
        } else if (((lossless >> p) & 1u) && hd + s <= (in->cfg_headroom[i] & cmax)) {
            FG_COV(st, FG_BM_COV_ADM_HEADROOM);
            where[i] = FG_BM_WHERE_HEADROOM, acc[i] = true;
        } else if ((lossless >> p) & 1u) {
            FG_COV(st, FG_BM_COV_ADM_VIOLATION);
            where[i] = FG_BM_WHERE_DROPPED, drop[i] = true, viol[i] = true;
        } else {
            FG_COV(st, FG_BM_COV_ADM_DROP_LOSSY);
            where[i] = FG_BM_WHERE_DROPPED, drop[i] = true, sdrop[i] = true;
        }
    }

    /* 4. release per PG: every deq of the cycle naming PG(i,p) summed */
    uint64_t rel[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO] = {{0}};
    int ndeq[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO] = {{0}};
    bool deq_ok[FG_BM_MAX_PORTS] = {0};
    for (int o = 0; o < n; o++) {
        if (!in->deq_valid[o]) continue;
        const int p = in->deq_prio[o] & 7u, src = (int)(in->deq_src[o] & pmask);
        if (p >= np || src >= n) {
            /* releases what no counter can hold: ignored, flagged on the egress port */
            FG_COV(st, FG_BM_COV_DEQ_BAD_INDEX);
            uflow[o] = true;
            continue;
        }
        deq_ok[o] = true;
        rel[src][p] += in->deq_cells[o] & smax;
        ndeq[src][p]++;
    }
    uint32_t ing_next[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO], hd_next[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint64_t shared_rel = 0;
    bool released_shared[FG_BM_MAX_PORTS] = {0};
    for (int i = 0; i < n; i++) {
        for (int p = 0; p < np; p++) {
            const uint64_t ing = st->ingress_reg[i][p], hd = st->hdrm_reg[i][p], r = rel[i][p];
            const uint64_t sh = ing > reserve ? ing - reserve : 0;
            const bool hit = in->enq_valid[i] && acc[i] && eprio[i] == p;
#ifdef FG_INJECT_BUG
            /* Deliberate bug: shared is released before headroom (SPEC: headroom first). */
            const uint64_t rs = fg_min(r, sh);
            const uint64_t rh = fg_min(r - rs, hd);
#else
            const uint64_t rh = fg_min(r, hd);
            const uint64_t rs = fg_min(r - rh, sh);
#endif
            const uint64_t rest = r - rh; /* what the ingress counter must give */
            bool uf;
            ing_next[i][p] = fg_bm_update((uint32_t)ing, rest,
                                          hit && where[i] != FG_BM_WHERE_HEADROOM ? ecells[i] : 0, cmax, &uf);
            bool uf_hd;
            hd_next[i][p] = fg_bm_update((uint32_t)hd, rh, hit && where[i] == FG_BM_WHERE_HEADROOM ? ecells[i] : 0,
                                         cmax, &uf_hd);
            if (r) {
                const uint64_t rr = (uf ? ing : rest) - rs; /* from reserve */
                const int parts = (rh != 0) + (rs != 0) + (rr != 0);
                if (parts > 1)
                    FG_COV(st, FG_BM_COV_REL_MIXED);
                else if (rh)
                    FG_COV(st, FG_BM_COV_REL_HEADROOM);
                else if (rs)
                    FG_COV(st, FG_BM_COV_REL_SHARED);
                else if (rr)
                    FG_COV(st, FG_BM_COV_REL_RESERVE);
                if (hit) FG_COV(st, FG_BM_COV_ENQ_DEQ_SAME_PG);
            }
            if (ndeq[i][p] > 1) FG_COV(st, FG_BM_COV_REL_MULTI_DEQ);
            if (uf) {
                FG_COV(st, FG_BM_COV_REL_UNDERFLOW);
                uflow[i] = true;
            }
            shared_rel += rs;
            if (rs) released_shared[i] = true;
        }
    }
    bool uf_shared;
    const uint32_t shared_next = fg_bm_update(st->shared_used_reg, shared_rel, shared_add, cmax, &uf_shared);
    if (uf_shared) {
        /* flagged on every ingress port that released shared cells this cycle */
        FG_COV(st, FG_BM_COV_SHARED_UNDERFLOW);
        for (int i = 0; i < n; i++)
            if (released_shared[i]) uflow[i] = true;
    }

    /* 5. egress and composition counters. EQ(o,p) gains every packet accepted for it (up to
     * one per ingress port) and loses port o's deq. A composition entry comp[o][p][i] changes
     * only when ingress i's accepted packet or port o's deq names it (at most one of each per
     * cycle), so only those entries are visited and updated in place; every other entry keeps
     * its value, as fg_bm_update(reg, 0, 0) would. Visiting all N*N*P entries every step was
     * most of the switch core model's run time. */
    uint64_t eg_add[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO] = {{0}};
    int eg_nadd[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO] = {{0}};
    for (int i = 0; i < n; i++) {
        if (!acc[i]) continue;
        eg_add[edst[i]][eprio[i]] += ecells[i];
        eg_nadd[edst[i]][eprio[i]]++;
    }
    uint32_t eg_next[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    for (int o = 0; o < n; o++) {
        for (int p = 0; p < np; p++) {
            const bool deq_hit = deq_ok[o] && (in->deq_prio[o] & 7u) == (unsigned)p;
            const uint64_t dcells = deq_hit ? (in->deq_cells[o] & smax) : 0;
            if (eg_nadd[o][p] > 1) FG_COV(st, FG_BM_COV_EQ_MULTI_ENQ);
            bool uf;
            eg_next[o][p] = fg_bm_update(st->egress_reg[o][p], dcells, eg_add[o][p], cmax, &uf);
            if (uf) {
                FG_COV(st, FG_BM_COV_EGRESS_UNDERFLOW);
                uflow[o] = true;
            }
        }
    }
    /* composition: each port's deq, with an accepted packet for the same entry folded in */
    for (int o = 0; o < n; o++) {
        if (!deq_ok[o]) continue;
        const int p = (int)(in->deq_prio[o] & 7u), i = (int)(in->deq_src[o] & pmask);
        const bool a = acc[i] && edst[i] == o && eprio[i] == p;
        bool uf;
        st->comp_reg[o][p][i] = fg_bm_update(st->comp_reg[o][p][i], in->deq_cells[o] & smax, a ? ecells[i] : 0,
                                             cmax, &uf);
        if (uf) {
            FG_COV(st, FG_BM_COV_COMP_UNDERFLOW);
            uflow[o] = true;
        }
    }
    /* ... then the accepted packets whose entry no deq named */
    for (int i = 0; i < n; i++) {
        if (!acc[i]) continue;
        const int o = edst[i], p = eprio[i];
        if (deq_ok[o] && (int)(in->deq_prio[o] & 7u) == p && (int)(in->deq_src[o] & pmask) == i) continue;
        bool uf;
        st->comp_reg[o][p][i] = fg_bm_update(st->comp_reg[o][p][i], 0, ecells[i], cmax, &uf);
    }

    /* 6. pause per PG, from the registered counters and threshold */
    bool paused_next[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO] = {{0}};
    for (int i = 0; i < n; i++) {
        for (int p = 0; p < np; p++) {
            const bool paused = st->paused_reg[i][p];
            const uint64_t ing = st->ingress_reg[i][p], hd = st->hdrm_reg[i][p];
            const uint64_t sh = ing > reserve ? ing - reserve : 0;
            bool next;
            if (!((lossless >> p) & 1u)) {
                if (paused) FG_COV(st, FG_BM_COV_LOSSY_UNPAUSE);
                next = false;
            } else if (static_mode) {
                const uint64_t xoff = in->cfg_xoff[i][p] & cmax, xon = in->cfg_xon[i][p] & cmax;
                if (!paused) {
                    /* an empty PG never pauses (see the dynamic case below) */
                    next = hd > 0 || (sh > 0 && sh >= xoff);
                    if (next) FG_COV(st, FG_BM_COV_STATIC_PAUSE);
                } else {
                    next = !(hd == 0 && sh <= xon);
                    FG_COV(st, next ? FG_BM_COV_HOLD_PAUSED : FG_BM_COV_STATIC_RESUME);
                }
            } else {
                const uint64_t thr = st->thr_reg[i];
                if (!paused) {
                    if (hd > 0) {
                        FG_COV(st, FG_BM_COV_PAUSE_HEADROOM);
                        next = true;
                    } else if (sh > 0 && sh >= thr) {
                        /* A PG with nothing in shared or headroom never pauses: with a
                         * threshold of 0 (after reset, or an exhausted pool) SPEC's literal
                         * rule would pause it and resume it on the next edge (shared == 0),
                         * sending XOFF/XON frames for nothing. docs/blocks/bm.md. */
                        FG_COV(st, FG_BM_COV_PAUSE_SHARED);
                        next = true;
                    } else {
                        next = false;
                    }
                } else if (hd == 0 && sh == 0) {
                    FG_COV(st, FG_BM_COV_RESUME_ZERO);
                    next = false;
                } else if (hd == 0 && sh + offset <= thr) {
                    FG_COV(st, FG_BM_COV_RESUME_OFFSET);
                    next = false;
                } else {
                    FG_COV(st, FG_BM_COV_HOLD_PAUSED);
                    next = true;
                }
            }
            paused_next[i][p] = next;
        }
    }

    /* the edge */
    st->pool_reg = pool_next;
    st->shared_free_reg = room;
    st->shared_used_reg = shared_next;
    for (int i = 0; i < n; i++) {
        st->thr_reg[i] = thr_next[i];
        st->enq_accept_reg[i] = acc[i];
        st->enq_drop_reg[i] = drop[i];
        st->enq_where_reg[i] = where[i];
        st->stat_drop_reg[i] = sdrop[i];
        st->stat_violation_reg[i] = viol[i];
        st->stat_underflow_reg[i] = uflow[i];
        for (int p = 0; p < np; p++) {
            st->ingress_reg[i][p] = ing_next[i][p];
            st->hdrm_reg[i][p] = hd_next[i][p];
            st->egress_reg[i][p] = eg_next[i][p];
            st->paused_reg[i][p] = paused_next[i][p];
        }
    }
    fg_bm_outputs(st, out);
}
