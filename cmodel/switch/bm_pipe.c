/* bm_pipe.c - C twin of rtl/switch/fg_bm_pipe.v (see bm_pipe.h, docs/blocks/bm_pipe.md).
 *
 * One fg_bm_pipe_step is one rising edge: every right-hand side reads the state of before the
 * edge (the struct `st` is read, the new state is built in `nx` and copied at the end), the
 * same discipline as the RTL's _next logic and single clocked block. */
#include "switch/bm_pipe.h"

#include <stdio.h>
#include <string.h>

const char *const fg_bm_pipe_cov_names[FG_BMP_COV_N] = {
    "adm_reserve",     "adm_shared",        "adm_shared_split",  "adm_shared_static",
    "adm_headroom",    "adm_drop_lossy",    "adm_violation",     "adm_limit_clamp",
    "enq_bad_index",   "enq_wait",          "deq_wait",          "rel_headroom",
    "rel_mixed",       "rel_ingress",       "rel_underflow",     "rel_wait_same_pg",
    "adm_wait_same_pg", "adm_interlock",    "rel_interlock",
    "adm_rel_same_eq",
    "rel_after_a_write_1", "rel_after_r_write_1", "adm_after_a_write_1", "adm_after_r_write_1",
    "rel_after_a_write_2", "rel_after_r_write_2", "rel_after_a_write_3", "rel_after_r_write_3",
    "adm_after_a_write_2", "adm_after_r_write_2", "adm_after_a_write_3", "adm_after_r_write_3",
    "egress_underflow", "shared_underflow", "deq_bad_index",
    "pool_sat0",       "thr_sat0",          "pause_headroom",    "pause_shared",
    "resume",          "hold_paused",       "static_pause",      "static_resume",
    "scan_pause",      "scan_yield",        "scan_resume_only",  "eq_pair_under_lo",
    "egress_sat",
};

static int fg_bmp_pw(int n)
{
    int w = 1;
    while ((1 << w) < n) w++;
    return w;
}

int fg_bm_pipe_check_cfg(const fg_bm_pipe_cfg *cfg, char *msg, size_t len)
{
    const char *field = NULL;
    long val = 0, lo = 0, hi = 0;
    if (cfg->n_ports < 1 || cfg->n_ports > FG_BMP_MAX_PORTS) {
        field = "n_ports", val = cfg->n_ports, lo = 1, hi = FG_BMP_MAX_PORTS;
    } else if (cfg->n_prio < 1 || cfg->n_prio > FG_BMP_MAX_PRIO) {
        field = "n_prio", val = cfg->n_prio, lo = 1, hi = FG_BMP_MAX_PRIO;
    } else if (cfg->cw < 4 || cfg->cw > 30) {
        field = "cw", val = cfg->cw, lo = 4, hi = 30;
    } else if (cfg->sw < 1 || cfg->sw > 16 || cfg->sw >= cfg->cw) {
        field = "sw", val = cfg->sw, lo = 1, hi = cfg->cw - 1 < 16 ? cfg->cw - 1 : 16;
    } else if (cfg->tag_w < 0 || cfg->tag_w > 32) {
        field = "tag_w", val = cfg->tag_w, lo = 0, hi = 32;
    }
    if (!field) return 0;
    if (msg && len) snprintf(msg, len, "fg_bm_pipe: cfg.%s = %ld out of range %ld..%ld", field, val, lo, hi);
    return -1;
}

int fg_bm_pipe_reset(fg_bm_pipe_state *st, const fg_bm_pipe_cfg *cfg)
{
    if (fg_bm_pipe_check_cfg(cfg, NULL, 0)) return -1;
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->c_prev_apg = st->c_prev_rpg = st->w_apg = st->w_rpg = st->k.w_apg = st->k.w_rpg = -1;
    st->c_prev2_apg = st->c_prev2_rpg = st->c_prev3_apg = st->c_prev3_rpg = -1;
    st->k.c_aeq = st->c_aeq = st->q_aeq = st->cv_pair_eq = -1;
    st->pa.pg = st->s2.pg = st->sa.pg = st->sb.pg = st->sv.pg = st->cr_pg = -1;
    {
        const int npg = cfg->n_ports * cfg->n_prio;
        /* the index registers count as if the ring had been running: mon_pg names PG
         * (c - FG_BMP_MON_DELAY) mod npg in cycle c (R1, SA, SB, SV one PG apart each) */
        st->cr_k = (uint16_t)((npg - 1) % npg);
        st->sa_k = (uint16_t)((2 * (npg - 1)) % npg);
        st->sb_k = (uint16_t)((3 * (npg - 1)) % npg);
        st->sv_k = (uint16_t)((4 * (npg - 1)) % npg);
        st->o.mon_pg = (uint16_t)((FG_BMP_MON_DELAY * (npg - 1)) % npg);
    }
    for (int i = 0; i < cfg->n_ports; i++) st->o.enq_ready[i] = st->o.deq_ready[i] = true;
    return 0;
}

/* Two's complement helpers for the XW = CW+2 bit signed limits. */
static uint32_t fg_bmp_sub_xw(uint32_t a, uint32_t b, int xw) { return (uint32_t)((a - b) & fg_mask(xw)); }
static bool fg_bmp_neg(uint32_t v, int xw) { return (v >> (xw - 1)) & 1u; }
/* v <= lim for an unsigned v and a signed XW-bit lim (a negative lim holds nothing). */
static bool fg_bmp_le(uint32_t v, uint32_t lim, int xw) { return !fg_bmp_neg(lim, xw) && v <= lim; }

/* Round-robin pick among held[0..n-1] starting at ptr; -1 when none is held. */
static int fg_bmp_pick(const bool *held, int n, int ptr)
{
    for (int k = 0; k < n; k++) {
        int idx = (ptr + k) % n;
        if (held[idx]) return idx;
    }
    return -1;
}

void fg_bm_pipe_outputs(const fg_bm_pipe_state *st, fg_bm_pipe_out *out) { *out = st->o; }

/* A PG's counters as C1 sees them: the counter registers overlaid with the values
 * waiting in the W registers (written on this edge; the RTL forwards them). pg < 0: none. */
static void fg_bmp_pg_value(const fg_bm_pipe_state *st, int pg, uint32_t *ing, uint32_t *hd)
{
    if (pg < 0) return;
    if (pg == st->w_rpg) {
        *ing = st->w_r_ing, *hd = st->w_r_hd;
    } else if (pg == st->w_apg) {
        *ing = st->w_a_ing, *hd = st->w_a_hd;
    } else {
        *ing = st->ingress_reg[pg], *hd = st->hdrm_reg[pg];
    }
}

/* PG k's pause limits in the configured mode: lim (CW bits) and rsmk (XW-bit signed) */
static uint32_t fg_bmp_lim(const fg_bm_pipe_state *st, int k)
{
    return st->cfgq.cfg_static_mode ? st->xlim_reg[k] : st->dlim_reg[k / st->cfg.n_prio];
}
/* port i's dynamic resume threshold rsm (XW-bit signed) */
static uint32_t fg_bmp_drsm(const fg_bm_pipe_state *st, int i)
{
#ifdef FG_INJECT_BUG
    /* injected bug: the dynamic resume forgets resume_offset */
    return st->thrres_reg[i];
#else
    return st->rsm_reg[i];
#endif
}
static uint32_t fg_bmp_rsm(const fg_bm_pipe_state *st, int k)
{
    return st->cfgq.cfg_static_mode ? st->xrsm_reg[k] : fg_bmp_drsm(st, k / st->cfg.n_prio);
}

/* A lane's four compares of PG pg (-1: an empty lane). */
static fg_bmp_lane fg_bmp_lane_of(int pg, uint32_t ing, uint32_t hd, uint32_t lim, uint32_t rsm, uint32_t reserve, int xw)
{
    fg_bmp_lane l = {pg, hd == 0, ing > reserve, ing >= lim, fg_bmp_le(ing, rsm, xw)};
    return l;
}

/* A lane's decision for its PG: the new paused bit (lossy: 0). ronly: it may resume the PG,
 * not pause it (a scan read a release made stale). */
static bool fg_bmp_decide(fg_bm_pipe_state *st, const fg_bmp_lane *l, bool lossless, bool scan, bool ronly)
{
    const bool stat = st->cfgq.cfg_static_mode;
    const bool pause = !l->hd0 || (l->above && l->ge);
    const bool resume = l->hd0 && (!l->above || l->le);
    if (!lossless) return false;
    if (st->paused_reg[l->pg]) {
        if (resume) FG_COV(st, stat ? FG_BMP_COV_STATIC_RESUME : FG_BMP_COV_RESUME);
        else FG_COV(st, FG_BMP_COV_HOLD_PAUSED);
        return !resume;
    }
    if (pause && !ronly) {
        FG_COV(st, stat ? FG_BMP_COV_STATIC_PAUSE : (!l->hd0 ? FG_BMP_COV_PAUSE_HEADROOM : FG_BMP_COV_PAUSE_SHARED));
        if (scan) FG_COV(st, FG_BMP_COV_SCAN_PAUSE);
    }
    return pause && !ronly;
}

void fg_bm_pipe_step(fg_bm_pipe_state *st, const fg_bm_pipe_in *in, fg_bm_pipe_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio, CW = st->cfg.cw, SW = st->cfg.sw;
    const int PW = fg_bmp_pw(N), XW = CW + 2, NPG = N * P;
    const uint32_t cmax = (uint32_t)fg_mask(CW), smax = (uint32_t)fg_mask(SW);
    const uint32_t tmax = (uint32_t)fg_mask(st->cfg.tag_w > 0 ? st->cfg.tag_w : 1);
    /* the configuration as registered on the last edge (the RTL's q_* registers) */
    const fg_bm_pipe_in *cq = &st->cfgq;
    const uint32_t reserve = cq->cfg_reserve & cmax;
    const uint8_t lossless = (uint8_t)(cq->cfg_lossless & fg_mask(P));
    fg_bm_pipe_state n; /* the state after the edge; registers not written below hold */
    memcpy(&n, st, sizeof n);

    /* ---------------------------------------------------------------- H, A1, A2: holding, arbiters, slot */
    /* Interlock: an op in slot A2 whose PG one of the two slots ahead (in R, in F) writes waits
     * in slot A2, so the decision never needs their results (the RTL's B stage forwards the
     * write-backs of the three slots ahead of those, which its RAM read missed). An admission
     * and a release of one PG side by side in slot A2: one waits, taking turns (adm_yield),
     * so neither stream can starve the other. A waiting op keeps its slot register and A1
     * keeps its grant (an empty A1 may still take one). */
    const bool a_live = st->a_v && st->a_p < P && st->a_o < N, r_live = st->r_v && st->r_p < P && st->r_i < N;
    const int a_pg = a_live ? st->a_i * P + st->a_p : -1, r_pg = r_live ? st->r_i * P + st->r_p : -1;
    const int ra_pg = st->ra.v ? st->ra.port * P + st->ra.prio : -1;
    const int rr_pg = st->rr.v ? st->rr.other * P + st->rr.prio : -1;
    const int fa_pg = st->fa.v ? st->fa.port * P + st->fa.prio : -1;
    const int fr_pg = st->fr.v ? st->fr.other * P + st->fr.prio : -1;
    const bool a_conf = a_pg >= 0 && (a_pg == ra_pg || a_pg == rr_pg || a_pg == fa_pg || a_pg == fr_pg);
    const bool r_conf = r_pg >= 0 && (r_pg == ra_pg || r_pg == rr_pg || r_pg == fa_pg || r_pg == fr_pg);
    const bool same_pg = a_pg >= 0 && a_pg == r_pg;
    const bool adm_hold = a_conf || (same_pg && st->adm_yield);
    const bool rel_hold = r_conf || (same_pg && !st->adm_yield);
    if (same_pg && !a_conf) {
        FG_COV(st, st->adm_yield ? FG_BMP_COV_ADM_WAIT_SAME_PG : FG_BMP_COV_REL_WAIT_SAME_PG);
        n.adm_yield = !st->adm_yield;
    }
    if (a_conf) FG_COV(st, FG_BMP_COV_ADM_INTERLOCK);
    if (r_conf) FG_COV(st, FG_BMP_COV_REL_INTERLOCK);
    /* A2 takes A1's op unless its own waits; A1 (the registered grant) takes the arbiter's pick
     * when it hands its op on or is empty. The holding register empties at the grant; its
     * fields are the op's from then on (the RTL reads them on the next edge, or copies them
     * when A2 waits), so the model copies them at the grant. */
    if (!adm_hold) {
        n.a_v = st->e1_v;
        if (st->e1_v)
            n.a_i = st->e1_port, n.a_p = st->e1_p, n.a_o = st->e1_o, n.a_s = st->e1_s, n.a_t = st->e1_t;
    }
    if (!rel_hold) {
        n.r_v = st->d1_v;
        if (st->d1_v) n.r_o = st->d1_port, n.r_p = st->d1_p, n.r_i = st->d1_i, n.r_s = st->d1_s;
    }
    const bool e1_adv = !st->e1_v || !adm_hold, d1_adv = !st->d1_v || !rel_hold;
    const int ep = e1_adv ? fg_bmp_pick(st->eh_v, N, st->ea_ptr) : -1;
    const int dp = d1_adv ? fg_bmp_pick(st->dh_v, N, st->da_ptr) : -1;
    int held_e = 0, held_d = 0;
    for (int i = 0; i < N; i++) held_e += st->eh_v[i], held_d += st->dh_v[i];
    if (ep >= 0 && held_e > 1) FG_COV(st, FG_BMP_COV_ENQ_WAIT);
    if (dp >= 0 && held_d > 1) FG_COV(st, FG_BMP_COV_DEQ_WAIT);
    if (e1_adv) {
        n.e1_v = ep >= 0;
        if (ep >= 0) {
            n.e1_port = (uint8_t)ep, n.e1_p = st->eh_p[ep], n.e1_o = st->eh_o[ep], n.e1_s = st->eh_s[ep];
            n.e1_t = st->eh_t[ep];
            n.ea_ptr = (uint8_t)((ep + 1) % N);
            n.eh_v[ep] = false;
        }
    }
    if (d1_adv) {
        n.d1_v = dp >= 0;
        if (dp >= 0) {
            n.d1_port = (uint8_t)dp, n.d1_p = st->dh_p[dp], n.d1_i = st->dh_i[dp], n.d1_s = st->dh_s[dp];
            n.da_ptr = (uint8_t)((dp + 1) % N);
            n.dh_v[dp] = false;
        }
    }
    for (int i = 0; i < N; i++) {
        if (in->enq_valid[i] && !st->eh_v[i]) {
            n.eh_v[i] = true;
            n.eh_p[i] = in->enq_prio[i] & 7u;
            n.eh_o[i] = (uint8_t)(in->enq_dst[i] & fg_mask(PW));
            n.eh_s[i] = in->enq_cells[i] & smax;
            n.eh_t[i] = in->enq_tag[i] & tmax;
        }
        if (in->deq_valid[i] && !st->dh_v[i]) {
            n.dh_v[i] = true;
            n.dh_p[i] = in->deq_prio[i] & 7u;
            n.dh_i[i] = (uint8_t)(in->deq_src[i] & fg_mask(PW));
            n.dh_s[i] = in->deq_cells[i] & smax;
        }
    }

    /* ---------------------------------------------------------------- R, F: the counters' read
     * The RTL reads the PG counters from block RAM: the address from slot A2, the data two
     * edges later (R: the array, F: the output register), B selects the write-backs the read
     * missed; the model reads them at C1 (below), so R and F only carry the ops. */
    {
        const bool a_ok = st->a_p < P && st->a_o < N;
        n.ra.v = st->a_v && a_ok && !adm_hold;
        n.ra.bad = st->a_v && !a_ok;
        n.ra.port = st->a_i, n.ra.prio = st->a_p, n.ra.other = st->a_o, n.ra.s = st->a_s, n.ra.tag = st->a_t;
        n.ra_ok = a_ok;
        const bool r_ok = st->r_p < P && st->r_i < N;
        n.rr.v = st->r_v && r_ok && !rel_hold;
        n.rr.bad = st->r_v && !r_ok;
        n.rr.port = st->r_o, n.rr.prio = st->r_p, n.rr.other = st->r_i, n.rr.s = st->r_s;
        n.fa = st->ra, n.fa_ok = st->ra_ok, n.fr = st->rr;
    }

    /* ---------------------------------------------------------------- B: prepare */
    {
        const fg_bmp_op *fa = &st->fa;
        const bool a_ok = st->fa_ok;
        n.b_adm = *fa;
        n.b_lossless = a_ok && ((lossless >> fa->prio) & 1u);
        const int apg = fa->port * P + fa->prio;
        const uint32_t lc = a_ok ? fg_bmp_lim(st, apg) : 0u;
        n.b_a_lim = lc;
        n.b_a_rsm = a_ok ? fg_bmp_rsm(st, apg) : 0u;
        n.b_clamped = a_ok && (cq->cfg_static_mode ? st->xlim_clamped[apg] : st->dlim_clamped[fa->port]);
        n.b_static = cq->cfg_static_mode;
        n.b_lim_res = fg_bmp_sub_xw(reserve, fa->s, XW);
        n.b_lim_shr = fg_bmp_sub_xw(lc, fa->s, XW);
        n.b_lim_hd = fg_bmp_sub_xw(cq->cfg_headroom[fa->port] & cmax, fa->s, XW);
        n.b_rel = st->fr;
    }

    /* ---------------------------------------------------------------- W: write back
     * The values C2 committed on the edge before go into the two PGs' counters. */
    if (st->w_apg >= 0) n.ingress_reg[st->w_apg] = st->w_a_ing, n.hdrm_reg[st->w_apg] = st->w_a_hd;
    if (st->w_rpg >= 0) n.ingress_reg[st->w_rpg] = st->w_r_ing, n.hdrm_reg[st->w_rpg] = st->w_r_hd;

    /* ---------------------------------------------------------------- C1: decide, compute
     * The RTL compares at C1 and selects at C2; the model decides here and carries the result
     * (k) through C2 unchanged. */
    {
        const fg_bmp_op *a = &st->b_adm, *r = &st->b_rel;
        const int apg = a->v ? a->port * P + a->prio : -1;
        const int rpg = r->v ? r->other * P + r->prio : -1;
        uint8_t where = FG_BMP_WHERE_DROPPED;
        bool underflow = false;
        n.k.c_ing_a = n.k.c_ing_r = n.k.c_hd_r = 0;
        /* The RTL reads these PGs from its RAMs with the address of slot A2 (three edges before
         * B) and at B takes the write-backs of the edges R, F and B from the slots that made
         * them, the newest first. The slot now in W was at C1 then and never names them (the
         * interlock); the overlay below would give its values if it did, so an RTL that missed
         * an interlock would disagree here. Coverage: the write one edge before C1 (B's edge),
         * and two or three (F's, R's). */
        if (rpg >= 0 && rpg == st->c_prev_apg) FG_COV(st, FG_BMP_COV_REL_AFTER_A_WRITE_1);
        if (rpg >= 0 && rpg == st->c_prev_rpg) FG_COV(st, FG_BMP_COV_REL_AFTER_R_WRITE_1);
        if (apg >= 0 && apg == st->c_prev_apg) FG_COV(st, FG_BMP_COV_ADM_AFTER_A_WRITE_1);
        if (apg >= 0 && apg == st->c_prev_rpg) FG_COV(st, FG_BMP_COV_ADM_AFTER_R_WRITE_1);
        if (rpg >= 0 && rpg == st->c_prev2_apg) FG_COV(st, FG_BMP_COV_REL_AFTER_A_WRITE_2);
        if (rpg >= 0 && rpg == st->c_prev2_rpg) FG_COV(st, FG_BMP_COV_REL_AFTER_R_WRITE_2);
        if (rpg >= 0 && rpg == st->c_prev3_apg) FG_COV(st, FG_BMP_COV_REL_AFTER_A_WRITE_3);
        if (rpg >= 0 && rpg == st->c_prev3_rpg) FG_COV(st, FG_BMP_COV_REL_AFTER_R_WRITE_3);
        if (apg >= 0 && apg == st->c_prev2_apg) FG_COV(st, FG_BMP_COV_ADM_AFTER_A_WRITE_2);
        if (apg >= 0 && apg == st->c_prev2_rpg) FG_COV(st, FG_BMP_COV_ADM_AFTER_R_WRITE_2);
        if (apg >= 0 && apg == st->c_prev3_apg) FG_COV(st, FG_BMP_COV_ADM_AFTER_A_WRITE_3);
        if (apg >= 0 && apg == st->c_prev3_rpg) FG_COV(st, FG_BMP_COV_ADM_AFTER_R_WRITE_3);
        n.c_prev3_apg = st->c_prev2_apg, n.c_prev3_rpg = st->c_prev2_rpg;
        n.c_prev2_apg = st->c_prev_apg, n.c_prev2_rpg = st->c_prev_rpg;
        n.c_prev_apg = st->w_apg, n.c_prev_rpg = st->w_rpg;
        uint32_t ing_a = 0, hd_a = 0, ing_r = 0, hd_r = 0;
        fg_bmp_pg_value(st, apg, &ing_a, &hd_a);
        fg_bmp_pg_value(st, rpg, &ing_r, &hd_r);
        const uint32_t occ_r = ing_r + hd_r;
        bool add_ing = false, add_hd = false;
        if (apg >= 0) {
            const bool f_res = fg_bmp_le(ing_a, st->b_lim_res, XW);
            const bool f_shr = fg_bmp_le(ing_a, st->b_lim_shr, XW);
            const bool f_hd = st->b_lossless && fg_bmp_le(hd_a, st->b_lim_hd, XW);
            where = f_res ? FG_BMP_WHERE_RESERVE
                    : f_shr ? FG_BMP_WHERE_SHARED
                    : f_hd  ? FG_BMP_WHERE_HEADROOM
                            : FG_BMP_WHERE_DROPPED;
            add_ing = where <= FG_BMP_WHERE_SHARED;
            add_hd = where == FG_BMP_WHERE_HEADROOM;
            n.k.c_ing_a = ing_a;
            if (f_res) {
                FG_COV(st, FG_BMP_COV_ADM_RESERVE);
            } else if (f_shr) {
                FG_COV(st, ing_a >= reserve ? FG_BMP_COV_ADM_SHARED : FG_BMP_COV_ADM_SHARED_SPLIT);
                if (st->b_static) FG_COV(st, FG_BMP_COV_ADM_SHARED_STATIC);
                if (st->b_clamped) FG_COV(st, FG_BMP_COV_ADM_LIMIT_CLAMP);
            } else if (f_hd) {
                FG_COV(st, FG_BMP_COV_ADM_HEADROOM);
            } else {
                FG_COV(st, st->b_lossless ? FG_BMP_COV_ADM_VIOLATION : FG_BMP_COV_ADM_DROP_LOSSY);
            }
        }
        const uint32_t s = apg >= 0 ? a->s : 0;
        /* the admission PG alone */
        n.k.w_a_ing = ing_a + (add_ing ? s : 0);
        n.k.w_a_hd = hd_a + (add_hd ? s : 0);
        /* the release PG (headroom first); never the admission's PG (slot A2 made one wait) */
        if (rpg >= 0) {
            const uint32_t rc = r->s;
            uint32_t ing1 = ing_r, hd1 = hd_r;
            n.k.c_ing_r = ing_r, n.k.c_hd_r = hd_r;
            if (rc <= hd_r) {
                hd1 = hd_r - rc;
                FG_COV(st, hd_r ? FG_BMP_COV_REL_HEADROOM : FG_BMP_COV_REL_INGRESS);
            } else if (rc <= occ_r) {
                hd1 = 0, ing1 = occ_r - rc;
                FG_COV(st, hd_r ? FG_BMP_COV_REL_MIXED : FG_BMP_COV_REL_INGRESS);
            } else {
                hd1 = ing1 = 0;
                underflow = true;
                FG_COV(st, FG_BMP_COV_REL_UNDERFLOW);
            }
            n.k.w_r_ing = ing1, n.k.w_r_hd = hd1;
        }
        n.k.w_apg = apg, n.k.w_rpg = rpg;
        n.k.w_a_lim = st->b_a_lim, n.k.w_a_rsm = st->b_a_rsm;
        if (a->bad) FG_COV(st, FG_BMP_COV_ENQ_BAD_INDEX);
        if (r->bad) FG_COV(st, FG_BMP_COV_DEQ_BAD_INDEX);
        const bool a_any = a->v || a->bad;
        n.k.adm_valid = a_any;
        n.k.adm_port = a->port;
        n.k.adm_where = a_any ? where : 0;
        n.k.adm_prio = a_any ? a->prio : 0;
        n.k.adm_dst = a_any ? a->other : 0;
        n.k.adm_cells = (uint16_t)(a_any ? a->s : 0);
        n.k.adm_tag = a_any ? a->tag : 0;
        n.k.stat_drop = a->bad || (a->v && where == FG_BMP_WHERE_DROPPED && !st->b_lossless);
        n.k.stat_violation = a->v && where == FG_BMP_WHERE_DROPPED && st->b_lossless;
        n.k.rel_valid = r->v;
        n.k.rel_port = r->port;
        n.k.rel_prio = r->v ? r->prio : 0;
        n.k.rel_src = r->v ? r->other : 0;
        n.k.rel_cells = (uint16_t)(r->v ? r->s : 0);
        n.k.stat_bad_deq = r->bad;
        n.k.stat_pg_underflow = underflow;
        n.k.c_adm = *a;
        n.k.c_adm.v = a->v && where != FG_BMP_WHERE_DROPPED;
        n.k.c_aeq = a->v ? a->other * P + a->prio : -1;
        n.k.c_where = where;
        n.k.c_rel = *r;
    }

    /* ---------------------------------------------------------------- C2: commit C1's result */
    n.w_apg = st->k.w_apg, n.w_rpg = st->k.w_rpg;
    n.w_a_ing = st->k.w_a_ing, n.w_a_hd = st->k.w_a_hd;
    n.w_r_ing = st->k.w_r_ing, n.w_r_hd = st->k.w_r_hd;
    n.w_a_lim = st->k.w_a_lim, n.w_a_rsm = st->k.w_a_rsm;
    n.c_ing_a = st->k.c_ing_a, n.c_ing_r = st->k.c_ing_r, n.c_hd_r = st->k.c_hd_r;
    n.c_adm = st->k.c_adm, n.c_rel = st->k.c_rel, n.c_where = st->k.c_where, n.c_aeq = st->k.c_aeq;
    n.o.adm_valid = st->k.adm_valid, n.o.adm_port = st->k.adm_port, n.o.adm_where = st->k.adm_where;
    n.o.adm_prio = st->k.adm_prio, n.o.adm_dst = st->k.adm_dst, n.o.adm_cells = st->k.adm_cells;
    n.o.adm_tag = st->k.adm_tag;
    n.o.stat_drop = st->k.stat_drop, n.o.stat_violation = st->k.stat_violation;
    n.o.rel_valid = st->k.rel_valid, n.o.rel_port = st->k.rel_port, n.o.stat_bad_deq = st->k.stat_bad_deq;
    n.o.rel_prio = st->k.rel_prio, n.o.rel_src = st->k.rel_src, n.o.rel_cells = st->k.rel_cells;
    n.o.stat_pg_underflow = st->k.stat_pg_underflow;

    /* ---------------------------------------------------------------- Q: egress counters
     * the ops the D stage registered (the RTL reads their two EQs there: its egress lanes) */
    {
        const fg_bmp_op *a = &st->q_adm, *r = &st->q_rel;
        const int aeq = a->v ? a->other * P + a->prio : -1;
        const int req = r->v ? r->port * P + r->prio : -1;
        bool under = false;
        if (aeq >= 0 && aeq == req) FG_COV(st, FG_BMP_COV_ADM_REL_SAME_EQ);
        /* coverage only: this slot's op on the EQ the slot ahead admitted to and underflowed */
        const int pe = st->cv_pair_eq;
        if (pe >= 0 && (pe == aeq || pe == req)) {
            const uint32_t d2 = pe == req ? r->s : 0u;
            if (d2 < st->cv_pair_s1 && (uint64_t)st->cv_pair_x + st->cv_pair_s1 >= (uint64_t)st->cv_pair_d1 + d2)
                FG_COV(st, FG_BMP_COV_EQ_PAIR_UNDER_LO);
        }
        n.cv_pair_eq = -1;
        if (aeq >= 0 && aeq == req && r->s > st->egress_reg[aeq]) {
            n.cv_pair_eq = aeq;
            n.cv_pair_x = st->egress_reg[aeq], n.cv_pair_s1 = a->s, n.cv_pair_d1 = r->s;
        }
        for (int e = 0; e < NPG; e++) {
            if (e != aeq && e != req) continue;
            uint32_t eg = st->egress_reg[e];
            if (e == req) {
                if (r->s > eg) under = true, FG_COV(st, FG_BMP_COV_EGRESS_UNDERFLOW);
                eg = r->s <= eg ? eg - r->s : 0;
            }
            if (e == aeq) {
                if ((uint64_t)eg + a->s > (1ull << CW) - 1u) FG_COV(st, FG_BMP_COV_EGRESS_SAT);
                eg = (uint32_t)fg_sat_add(eg, a->s, CW);
            }
            n.egress_reg[e] = eg;
        }
        n.dd_eq_under = under; /* reaches the output on the next edge */
        /* the verdict's EQ as it stood before this edge, for the marker */
        n.o.adm_eq_cnt = st->q_aeq >= 0 ? st->egress_reg[st->q_aeq] : 0u;
    }

    /* ---------------------------------------------------------------- D: the EQ ops, split, rs */
    {
        const fg_bmp_op *a = &st->c_adm, *r = &st->c_rel;
        n.q_adm = *a, n.q_rel = *r, n.q_aeq = st->c_aeq;
        /* split = s - min(s, sat0(reserve - ing)) and rs = min(r - min(r, hd), sat0(ing - reserve)),
         * each one carry chain per edge: their parts here, the min at D2 */
        n.dd_split_v = a->v && st->c_where == FG_BMP_WHERE_SHARED;
        n.dd_s = a->s;
        n.dd_room = (uint32_t)fg_sat_sub(reserve, st->c_ing_a);
        n.dd_rel_v = r->v;
        n.dd_rem = r->s > st->c_hd_r ? r->s - st->c_hd_r : 0;
        n.dd_sh = (uint32_t)fg_sat_sub(st->c_ing_r, reserve);
    }

    /* ---------------------------------------------------------------- D2: split, rs */
    {
        n.o.stat_eq_underflow = st->dd_eq_under; /* D3: the flag the Q stage set */
        n.d_split = st->dd_split_v ? (st->dd_room >= st->dd_s ? 0 : st->dd_s - st->dd_room) : 0;
        n.d_rs = st->dd_rel_v ? (st->dd_rem < st->dd_sh ? st->dd_rem : st->dd_sh) : 0;
    }

    /* ---------------------------------------------------------------- D3: a stage for E's timing */
    n.d3_split = st->d_split, n.d3_rs = st->d_rs;

    /* ---------------------------------------------------------------- E: shared_used */
    {
        /* sat(sat0(su - rs) + split): the RTL adds split - rs (formed at D3) in one carry chain */
        uint32_t su = st->shared_used_reg;
        n.o.stat_shared_underflow = st->d3_rs > su;
        if (st->d3_rs > su) FG_COV(st, FG_BMP_COV_SHARED_UNDERFLOW);
        su = st->d3_rs <= su ? su - st->d3_rs : 0;
        n.shared_used_reg = (uint32_t)fg_sat_add(su, st->d3_split, CW);
    }

    /* ---------------------------------------------------------------- threshold pipeline */
    {
        const uint64_t hmax = fg_mask(CW + PW + 4);
        /* carve-out = sum over PGs (i,p) of (lossless[p] ? headroom[i] : 0) + reserve, one PG per
         * edge (port hs_k, priority hs_p): no multiplier; the sums land every N*P edges. The
         * headroom term is registered (with its first/last flags) and summed on the next edge;
         * the reserve term is the configuration then. */
        n.hs_term = ((lossless >> st->hs_p) & 1u) ? (cq->cfg_headroom[st->hs_k] & cmax) : 0;
        n.hs_tfirst = st->hs_k == 0 && st->hs_p == 0;
        n.hs_tlast = st->hs_k == N - 1 && st->hs_p == P - 1;
        const uint64_t acc_h = st->hs_tfirst ? st->hs_term : ((st->hs_acc + st->hs_term) & hmax);
        const uint64_t acc_r = st->hs_tfirst ? reserve : ((st->rs_acc + reserve) & hmax);
        n.hs_acc = acc_h, n.rs_acc = acc_r;
        if (st->hs_tlast) n.carve_a = acc_h, n.carve_b = acc_r;
        if (st->hs_p == P - 1) {
            n.hs_p = 0;
            n.hs_k = (uint8_t)(st->hs_k == N - 1 ? 0 : st->hs_k + 1);
        } else {
            n.hs_p = (uint8_t)(st->hs_p + 1);
        }
        n.carved = (st->carve_a + st->carve_b) & hmax;
        const uint64_t B = cq->cfg_total_cells & cmax;
        if (st->carved >= B) FG_COV(st, FG_BMP_COV_POOL_SAT0);
        n.pool_reg = st->carved < B ? (uint32_t)(B - st->carved) : 0;
        if (st->shared_used_reg >= st->pool_reg) FG_COV(st, FG_BMP_COV_THR_SAT0);
        n.pool_free_reg = (uint32_t)fg_sat_sub(st->pool_reg, st->shared_used_reg);
        const uint32_t off = cq->cfg_resume_offset & cmax;
        for (int i = 0; i < N; i++) {
            n.thr_reg[i] = st->pool_free_reg >> (cq->cfg_alpha_shift[i] & 15u);
            n.thrres_reg[i] = st->thr_reg[i] + reserve;
            n.rsm_reg[i] = fg_bmp_sub_xw(st->thrres_reg[i], off, XW);
        }
        for (int i = 0; i < N; i++) {
            n.dlim_reg[i] = st->thrres_reg[i] > cmax ? cmax : st->thrres_reg[i];
            n.dlim_clamped[i] = st->thrres_reg[i] > cmax;
        }
        /* the configuration ring: PG sc_pg's xoff/xon registered, its static limits on the next edge */
        n.cr_pg = st->sc_pg;
        n.cr_xoff = cq->cfg_xoff[st->sc_pg / P][st->sc_pg % P] & cmax;
        n.cr_xon = cq->cfg_xon[st->sc_pg / P][st->sc_pg % P] & cmax;
        if (st->cr_pg >= 0) {
            const uint32_t x = st->cr_xoff + reserve;
            n.xlim_reg[st->cr_pg] = x > cmax ? cmax : x;
            n.xlim_clamped[st->cr_pg] = x > cmax;
            n.xrsm_reg[st->cr_pg] = st->cr_xon + reserve;
        }
    }

    /* ---------------------------------------------------------------- pause lanes */
    {
        /* decide: the scan lane, then the event lane, which wins when both name one PG (an
         * admission written back on S2's edge: lane A's values are newer; one written back on
         * S0 + 1 or S0 + 2 dropped the scan's read) */
        if (st->s2.pg >= 0)
            n.paused_reg[st->s2.pg] = fg_bmp_decide(st, &st->s2, (lossless >> (st->s2.pg % P)) & 1u, true, st->s2_ronly);
        if (st->pa.pg >= 0)
            n.paused_reg[st->pa.pg] = fg_bmp_decide(st, &st->pa, (lossless >> (st->pa.pg % P)) & 1u, false, false);
        /* event lane: the admission PG written back on this edge, with its new values */
        n.pa = fg_bmp_lane_of(st->w_apg, st->w_a_ing, st->w_a_hd, st->w_a_lim, st->w_a_rsm, reserve, XW);
        /* scan: S0 reads the ring's PG (R1: the one whose xoff/xon the ring registered on the
         * edge before) as it stands after this edge (the RTL: its banks' scan copies, and the
         * slot in W's write-back when that slot writes the PG on this edge), with the static
         * limits the ring writes on this edge or its port's dynamic ones; the values arrive
         * two edges later (SV), are compared on the next (S2) and decided on the one after. A
         * write-back to that PG on an edge after S0, up to S2's, makes the read stale: an
         * admission's drops it (occupancy up: lane A decided that PG; one on S2's edge needs
         * nothing, see below), a release's lets it only
         * resume (occupancy down: a resume on the old, higher values holds on the real ones). */
        /* (an admission's write-back on this edge needs nothing: lane A decides that PG on the
         * next edge, the scan's decision's, and goes first) */
        const bool hit_r = st->sv.pg >= 0 && st->sv.pg == st->w_rpg;
        const bool kill_a = st->sv.pg >= 0 && st->sv.ka;
        const bool kill_r = st->sv.pg >= 0 && (st->sv.kr || hit_r);
        if (kill_a) FG_COV(st, FG_BMP_COV_SCAN_YIELD);
        else if (kill_r) FG_COV(st, FG_BMP_COV_SCAN_RESUME_ONLY);
        n.s2 = fg_bmp_lane_of(kill_a ? -1 : st->sv.pg, st->sv.ing, st->sv.hd, st->sv.lim, st->sv.rsm, reserve, XW);
        n.s2_ronly = kill_r;
        /* the monitor: what S0 read, as SV has it */
        n.o.mon_valid = st->sv.pg >= 0;
        n.o.mon_pg = st->sv_k;
        n.o.mon_ing = st->sv.pg >= 0 ? st->sv.ing : 0;
        n.o.mon_hd = st->sv.pg >= 0 ? st->sv.hd : 0;
        n.o.mon_occ = n.o.mon_ing + n.o.mon_hd;
        n.sv_k = st->sb_k, n.sb_k = st->sa_k, n.sa_k = st->cr_k, n.cr_k = st->sc_pg;
        /* SV and SB: the read moves on; write-backs to its PG on these edges mark it stale */
        n.sv = st->sb;
        n.sv.ka = st->sb.ka || (st->sb.pg >= 0 && st->sb.pg == st->w_apg);
        n.sv.kr = st->sb.kr || (st->sb.pg >= 0 && st->sb.pg == st->w_rpg);
        n.sb = st->sa;
        n.sb.ka = st->sa.pg >= 0 && st->sa.pg == st->w_apg;
        n.sb.kr = st->sa.pg >= 0 && st->sa.pg == st->w_rpg;
        /* S0 */
        n.sa.pg = st->cr_pg;
        n.sa.ka = n.sa.kr = false;
        n.sa.ing = n.sa.hd = n.sa.lim = n.sa.rsm = 0;
        if (st->cr_pg >= 0) {
            const uint32_t x = st->cr_xoff + reserve;
            fg_bmp_pg_value(st, st->cr_pg, &n.sa.ing, &n.sa.hd); /* after this edge: W's write-back overlaid */
            n.sa.lim = cq->cfg_static_mode ? (x > cmax ? cmax : x) : st->dlim_reg[st->cr_pg / P];
            n.sa.rsm = cq->cfg_static_mode ? st->cr_xon + reserve : fg_bmp_drsm(st, st->cr_pg / P);
        }
        n.sc_pg = (uint16_t)(st->sc_pg + 1 == NPG ? 0 : st->sc_pg + 1);
    }

    /* ---------------------------------------------------------------- commit, outputs */
    /* the configuration registers take this edge's inputs */
    n.cfgq.cfg_total_cells = in->cfg_total_cells;
    n.cfgq.cfg_reserve = in->cfg_reserve;
    n.cfgq.cfg_resume_offset = in->cfg_resume_offset;
    n.cfgq.cfg_lossless = in->cfg_lossless;
    n.cfgq.cfg_static_mode = in->cfg_static_mode;
    for (int i = 0; i < N; i++) {
        n.cfgq.cfg_headroom[i] = in->cfg_headroom[i];
        n.cfgq.cfg_alpha_shift[i] = in->cfg_alpha_shift[i];
        for (int p = 0; p < P; p++) {
            n.cfgq.cfg_xoff[i][p] = in->cfg_xoff[i][p];
            n.cfgq.cfg_xon[i][p] = in->cfg_xon[i][p];
        }
    }
    memcpy(n.cov, st->cov, sizeof n.cov);
    *st = n;
    for (int i = 0; i < N; i++) {
        st->o.enq_ready[i] = !st->eh_v[i];
        st->o.deq_ready[i] = !st->dh_v[i];
    }
    for (int k = 0; k < NPG; k++) {
        const int i = k / P, p = k % P;
        st->o.paused[i][p] = st->paused_reg[k];
        st->o.egress_cnt[i][p] = st->egress_reg[k];
    }
    st->o.shared_used = st->shared_used_reg;
    for (int i = 0; i < N; i++) st->o.thr[i] = st->thr_reg[i];
    st->o.shared_free = st->pool_free_reg;
    if (out) *out = st->o;
}
