/* bm_seq.c - C twin of rtl/switch/fg_bm_seq.v (see bm_seq.h, docs/blocks/bm_seq.md).
 *
 * One fg_bm_seq_step is one rising edge: every right-hand side reads the state of before the
 * edge (`st`), the new state is built in `n` and copied at the end, the same discipline as
 * the RTL's single clocked block. */
#include "switch/bm_seq.h"

#include <stdio.h>
#include <string.h>

const char *const fg_bm_seq_cov_names[FG_BMS_COV_N] = {
    "adm_reserve",    "adm_shared",      "adm_shared_split", "adm_shared_static", "adm_headroom",
    "adm_drop_lossy", "adm_violation",   "adm_limit_clamp",  "enq_bad_index",     "deq_bad_index",
    "enq_wait",       "deq_wait",        "turn_adm",         "turn_rel",          "scan_forced",
    "init_wait",      "same_pg_next",    "rel_headroom",     "rel_mixed",         "rel_ingress",
    "rel_underflow",  "egress_underflow", "shared_underflow", "pool_sat0",        "thr_sat0",
    "pause_headroom", "pause_shared",    "resume",           "hold_paused",       "static_pause",
    "static_resume",  "scan_pause",      "scan_resume",      "rel_resume",
};

static int fg_bms_w(int n)
{
    int w = 1;
    while ((1 << w) < n) w++;
    return w;
}

int fg_bm_seq_check_cfg(const fg_bm_pipe_cfg *cfg, char *msg, size_t len)
{
    /* the same parameters and ranges as fg_bm_pipe, but cw at most 29: the signed limits are
     * CW + 3 bits and the model keeps them in 32; the message names this block */
    char inner[160];
    if (cfg->cw < 4 || cfg->cw > 29) {
        if (msg && len) snprintf(msg, len, "fg_bm_seq: cfg.cw = %d out of range 4..29", cfg->cw);
        return -1;
    }
    if (!fg_bm_pipe_check_cfg(cfg, inner, sizeof inner)) return 0;
    if (msg && len) snprintf(msg, len, "fg_bm_seq: %s", strchr(inner, ' ') ? strchr(inner, ' ') + 1 : inner);
    return -1;
}

int fg_bm_seq_reset(fg_bm_seq_state *st, const fg_bm_pipe_cfg *cfg)
{
    if (fg_bm_seq_check_cfg(cfg, NULL, 0)) return -1;
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->init = true;
    st->last_write_pg = -1;
    for (int i = 0; i < cfg->n_ports; i++) st->o.enq_ready[i] = st->o.deq_ready[i] = true;
    return 0;
}

void fg_bm_seq_outputs(const fg_bm_seq_state *st, fg_bm_pipe_out *out) { *out = st->o; }

/* round robin: the first set entry at or above ptr, else the first; -1 when none */
static int fg_bms_rr(const bool *v, int n, int ptr)
{
    for (int j = ptr; j < n; j++)
        if (v[j]) return j;
    for (int j = 0; j < n; j++)
        if (v[j]) return j;
    return -1;
}

/* v <= lim for an unsigned v and a signed w-bit lim: the sign of lim - v */
static bool fg_bms_fits(uint32_t v, uint32_t lim, int w) { return !(((lim - v) >> (w - 1)) & 1u); }

void fg_bm_seq_step(fg_bm_seq_state *st, const fg_bm_pipe_in *in, fg_bm_pipe_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio, CW = st->cfg.cw, SW = st->cfg.sw;
    const int NPG = N * P, PW = fg_bms_w(N), PGW = fg_bms_w(NPG);
    const int XW = CW + 2, LW = CW + 3, HW = CW + PW + 4;
    const uint32_t cmax = (uint32_t)fg_mask(CW), smax = (uint32_t)fg_mask(SW);
    const uint32_t xmask = (uint32_t)fg_mask(XW), lmask = (uint32_t)fg_mask(LW);
    const uint32_t lneg = 6u << CW; /* {3'b110, 0}: a limit nothing fits under */
    const uint32_t tmax = (uint32_t)fg_mask(st->cfg.tag_w > 0 ? st->cfg.tag_w : 1);
    const uint32_t pgmask = (uint32_t)fg_mask(PGW), pmask = (uint32_t)fg_mask(PW);
    const uint32_t reserve = in->cfg_reserve & cmax;
    const uint8_t lossless = (uint8_t)(in->cfg_lossless & fg_mask(P));
    fg_bm_seq_state n;
    memcpy(&n, st, sizeof n);

    const bool adm_live = st->o_kind == FG_BMS_ADM && st->o_ok;
    const bool rel_live = st->o_kind == FG_BMS_REL && st->o_ok;

    /* ---- slot timer, clear sweep, the RAM's read registers */
    n.t = (uint8_t)(st->t == FG_BMS_T_DECIDE ? 0 : st->t + 1);
    if (st->init) {
        n.ram_ing[st->clr] = n.ram_hd[st->clr] = 0;
        n.clr = (uint16_t)((st->clr + 1) & pgmask);
        if (st->clr == NPG - 1) n.init = false;
    }
    n.q1_ing = st->ram_ing[st->o_pg], n.q1_hd = st->ram_hd[st->o_pg];
    n.q2_ing = st->q1_ing, n.q2_hd = st->q1_hd;
    if (st->t == FG_BMS_T_READ && st->w_we && !st->init)
        n.ram_ing[st->p_pg] = st->w_ing, n.ram_hd[st->p_pg] = st->w_hd;

    /* ---- t = 3: select the next op and its port */
    if (st->t == FG_BMS_T_CMP) {
        bool any_e = false, any_d = false;
        int ne = 0, nd = 0;
        bool ev[FG_BMP_MAX_PORTS], dv[FG_BMP_MAX_PORTS];
        for (int i = 0; i < N; i++) {
            ev[i] = st->eh_v[i], dv[i] = st->dh_v[i];
            any_e |= ev[i], any_d |= dv[i];
            ne += ev[i], nd += dv[i];
        }
        uint8_t kind;
        if (st->init) {
            kind = FG_BMS_NONE;
            if (any_e || any_d) FG_COV(st, FG_BMS_COV_INIT_WAIT);
        } else if (st->since_scan == FG_BMS_SCAN_EVERY) {
            kind = FG_BMS_SCAN;
            if (any_e || any_d) FG_COV(st, FG_BMS_COV_SCAN_FORCED);
        } else if (any_e && any_d) {
            kind = st->turn_rel ? FG_BMS_REL : FG_BMS_ADM;
            FG_COV(st, st->turn_rel ? FG_BMS_COV_TURN_REL : FG_BMS_COV_TURN_ADM);
        } else if (any_e) {
            kind = FG_BMS_ADM;
        } else if (any_d) {
            kind = FG_BMS_REL;
        } else {
            kind = FG_BMS_SCAN;
        }
        n.sel_kind = kind;
        for (int i = 0; i < N; i++) n.sel_e[i] = n.sel_d[i] = false;
        if (kind == FG_BMS_ADM) {
            const int p = fg_bms_rr(ev, N, st->ea_ptr);
            n.sel_e[p] = true;
            n.ea_ptr = (uint8_t)(p == N - 1 ? 0 : p + 1);
            n.turn_rel = true;
            if (ne > 1) FG_COV(st, FG_BMS_COV_ENQ_WAIT);
        }
        if (kind == FG_BMS_REL) {
            const int p = fg_bms_rr(dv, N, st->da_ptr);
            n.sel_d[p] = true;
            n.da_ptr = (uint8_t)(p == N - 1 ? 0 : p + 1);
            n.turn_rel = false;
            if (nd > 1) FG_COV(st, FG_BMS_COV_DEQ_WAIT);
        }
        if (kind == FG_BMS_SCAN) n.since_scan = 0;
        else if (kind != FG_BMS_NONE) n.since_scan = (uint8_t)(st->since_scan + 1);
    }

    /* ---- the holding registers take offers when empty (ready = empty) */
    for (int i = 0; i < N; i++) {
        if (in->enq_valid[i] && !st->eh_v[i]) {
            n.eh_v[i] = true;
            n.eh_p[i] = in->enq_prio[i] & 7u;
            n.eh_o[i] = (uint8_t)(in->enq_dst[i] & pmask);
            n.eh_s[i] = in->enq_cells[i] & smax;
            n.eh_t[i] = in->enq_tag[i] & tmax;
        }
        if (in->deq_valid[i] && !st->dh_v[i]) {
            n.dh_v[i] = true;
            n.dh_p[i] = in->deq_prio[i] & 7u;
            n.dh_i[i] = (uint8_t)(in->deq_src[i] & pmask);
            n.dh_s[i] = in->deq_cells[i] & smax;
        }
    }

    /* ---- t = 4 -> 0: the op taken from the picked port's holding register */
    if (st->t == FG_BMS_T_DECIDE) {
        int sel = -1;
        for (int i = 0; i < N; i++) n.sel_e[i] = n.sel_d[i] = false;
        n.o_kind = FG_BMS_NONE, n.o_ok = false, n.o_port = n.o_other = n.o_pi = n.o_prio = 0;
        n.o_s = n.o_tag = 0;
        if (st->sel_kind == FG_BMS_ADM) {
            for (int i = 0; i < N; i++)
                if (st->sel_e[i]) sel = i;
            const uint8_t pr = st->eh_p[sel], d = st->eh_o[sel];
            n.o_kind = FG_BMS_ADM, n.o_ok = pr < P && d < N;
            n.o_port = n.o_pi = (uint8_t)sel, n.o_other = d, n.o_prio = pr;
            n.o_s = st->eh_s[sel], n.o_tag = st->eh_t[sel];
            n.eh_v[sel] = false;
        } else if (st->sel_kind == FG_BMS_REL) {
            for (int i = 0; i < N; i++)
                if (st->sel_d[i]) sel = i;
            const uint8_t pr = st->dh_p[sel], s = st->dh_i[sel];
            n.o_kind = FG_BMS_REL, n.o_ok = pr < P && s < N;
            n.o_port = (uint8_t)sel, n.o_other = n.o_pi = s, n.o_prio = pr;
            n.o_s = st->dh_s[sel];
            n.dh_v[sel] = false;
        } else if (st->sel_kind == FG_BMS_SCAN) {
            n.o_kind = FG_BMS_SCAN, n.o_ok = true;
            n.o_port = n.o_pi = st->sc_i, n.o_prio = st->sc_p;
            if (st->sc_p == P - 1) {
                n.sc_p = 0;
                n.sc_i = (uint8_t)(st->sc_i == N - 1 ? 0 : st->sc_i + 1);
            } else {
                n.sc_p = (uint8_t)(st->sc_p + 1);
            }
        }
        n.o_pg = (uint16_t)((n.o_pi * P + n.o_prio) & pgmask);
        n.o_eq = (uint16_t)(((n.o_kind == FG_BMS_ADM ? n.o_other : n.o_port) * P + n.o_prio) & pgmask);
        if (n.o_kind != FG_BMS_NONE && n.o_ok && (int)n.o_pg == st->last_write_pg && st->last_write_pg >= 0)
            FG_COV(st, FG_BMS_COV_SAME_PG_NEXT);
    }

    /* ---- t = 0: the PG's port threshold, its static limits and headroom selected; the
     * previous op's pause compares */
    const bool lossless_sel = st->o_prio < P && ((lossless >> st->o_prio) & 1u);
    if (st->t == FG_BMS_T_READ) {
        n.l_static = in->cfg_static_mode; /* the mode the op's limits are read in */
        n.l_s = st->o_s;
        n.l_hr = st->o_pi < N ? in->cfg_headroom[st->o_pi] & cmax : 0;
        n.l_res_off = (reserve - (in->cfg_resume_offset & cmax)) & xmask;
        n.l_lossless = lossless_sel;
        n.p_hd0 = st->w_hd == 0;
        n.p_above = st->w_ing > reserve;
        n.p_ge = st->w_ing >= st->m_lim;
        n.p_le = !((((st->m_rsm - st->w_ing) & xmask) >> (XW - 1)) & 1u);
    }

    /* ---- t = 1: the limit's bases by the mode; the EQ counter read */
    if (st->t == FG_BMS_T_MODE) {
        const bool stat = st->l_static, pi_ok = st->o_pi < N, pg_ok = st->o_pg < NPG;
        const uint32_t thr = pi_ok ? st->thr[st->o_pi] : 0;
        n.k_t = stat ? (pg_ok ? in->cfg_xoff[st->o_pg / P][st->o_pg % P] & cmax : 0) : thr;
        n.k_r = stat ? (pg_ok ? in->cfg_xon[st->o_pg / P][st->o_pg % P] & cmax : 0) : thr;
        n.k_ro = stat ? reserve : st->l_res_off;
        n.k_static = stat;
        n.k_hd_s = (st->l_hr - st->l_s) & lmask;
        n.m_eq = st->o_eq < NPG ? st->egress[st->o_eq] : 0;
        n.l_res_s = (reserve - st->l_s) & lmask;
    }

    /* ---- t = 2: limits, each one adder from registers (the RTL: no two carry chains in
     * series), the same values as lim - s and thr + reserve - resume_offset */
    if (st->t == FG_BMS_T_LIMIT) {
        const uint32_t tres = st->k_t + reserve;
        const bool clamped = tres > cmax;
        n.m_lim = clamped ? cmax : tres;
        n.m_rsm = (st->k_r + st->k_ro) & xmask;
        n.m_lim_s = clamped ? (cmax & ~st->l_s) : ((st->k_t + st->l_res_s) & lmask);
        n.m_res_s = st->l_res_s;
        n.m_hd_s = st->l_lossless ? st->k_hd_s : lneg;
        n.m_s = st->l_s;
        n.m_lossless = st->l_lossless;
        n.m_static = st->k_static, n.m_clamped = clamped; /* coverage only */
    }

    /* ---- t = 3: the RAM word, compares, candidates, the EQ counter's */
    if (st->t == FG_BMS_T_CMP) {
        const uint32_t ing = st->q2_ing, hd = st->q2_hd, s = st->m_s;
        n.c_ing = ing, n.c_hd = hd;
        n.c_ing_s = (ing + s) & cmax;
        n.c_hd_s = (hd + s) & cmax;
        n.c_hd_r = (hd - s) & cmax;
        n.c_eq_add = (uint32_t)fg_sat_add(st->m_eq, s, CW);
        n.c_eq_sub = (uint32_t)fg_sat_sub(st->m_eq, s);
        n.c_eq_under = s > st->m_eq;
        n.c_f_res = fg_bms_fits(ing, st->m_res_s, LW);
        n.c_f_shr = fg_bms_fits(ing, st->m_lim_s, LW);
        n.c_f_hd = fg_bms_fits(hd, st->m_hd_s, LW);
        n.c_r_le_hd = s <= hd;
        n.c_room = (uint32_t)fg_sat_sub(reserve, ing);
        n.c_rem = (uint32_t)fg_sat_sub(s, hd);
        n.c_sh = (uint32_t)fg_sat_sub(ing, reserve);
    }

    /* ---- t = 4: decide */
    uint8_t where = st->c_f_res ? FG_BMP_WHERE_RESERVE
                    : st->c_f_shr ? FG_BMP_WHERE_SHARED
                    : st->c_f_hd  ? FG_BMP_WHERE_HEADROOM
                                  : FG_BMP_WHERE_DROPPED;
    /* a release beyond the headroom: r <= ing + hd <=> rem = r - hd <= ing, leaving ing - rem */
    const bool r_le_occ = st->c_rem <= st->c_ing;
    uint32_t new_ing = st->c_ing, new_hd = st->c_hd;
    if (adm_live) {
        if (where <= FG_BMP_WHERE_SHARED) new_ing = st->c_ing_s;
        else if (where == FG_BMP_WHERE_HEADROOM) new_hd = st->c_hd_s;
    } else if (rel_live) {
        if (st->c_r_le_hd) {
            new_hd = st->c_hd_r;
        } else if (r_le_occ) {
            new_hd = 0, new_ing = st->c_ing - st->c_rem;
        } else {
            new_hd = new_ing = 0;
        }
    }
    const bool accepted = adm_live && where != FG_BMP_WHERE_DROPPED;
    const bool is3 = st->t == FG_BMS_T_DECIDE;
    const bool is_adm = is3 && st->o_kind == FG_BMS_ADM, is_rel = is3 && st->o_kind == FG_BMS_REL;
    const bool is_scan = is3 && st->o_kind == FG_BMS_SCAN;
    n.o.adm_valid = is_adm;
    n.o.adm_port = is_adm ? st->o_port : 0;
    n.o.adm_where = is_adm ? (st->o_ok ? where : FG_BMP_WHERE_DROPPED) : 0;
    n.o.adm_prio = is_adm ? st->o_prio : 0;
    n.o.adm_dst = is_adm ? st->o_other : 0;
    n.o.adm_cells = (uint16_t)(is_adm ? st->o_s : 0);
    n.o.adm_tag = is_adm ? st->o_tag : 0;
    n.o.stat_drop = is_adm && (!st->o_ok || (where == FG_BMP_WHERE_DROPPED && !st->m_lossless));
    n.o.stat_violation = is3 && adm_live && where == FG_BMP_WHERE_DROPPED && st->m_lossless;
    n.o.rel_valid = is3 && rel_live;
    n.o.rel_port = is_rel ? st->o_port : 0;
    n.o.rel_prio = (is3 && rel_live) ? st->o_prio : 0;
    n.o.rel_src = (is3 && rel_live) ? st->o_other : 0;
    n.o.rel_cells = (uint16_t)((is3 && rel_live) ? st->o_s : 0);
    n.o.stat_bad_deq = is_rel && !st->o_ok;
    n.o.stat_pg_underflow = is3 && rel_live && !st->c_r_le_hd && !r_le_occ;
    n.o.stat_eq_underflow = is3 && rel_live && st->c_eq_under;
    n.o.mon_valid = is_scan;
    n.o.mon_pg = (uint16_t)(is_scan ? st->o_pg : 0);
    n.o.mon_ing = is_scan ? st->c_ing : 0;
    n.o.mon_hd = is_scan ? st->c_hd : 0;
    n.o.mon_occ = is_scan ? st->c_ing + st->c_hd : 0;
    if (is3) {
        n.w_we = adm_live || rel_live; /* the RAM takes them on the next t = 0 edge */
        if (adm_live || rel_live) {
            n.last_write_pg = st->o_pg;
        } else if (st->o_kind != FG_BMS_NONE) {
            n.last_write_pg = -1;
        }
        n.e_we = accepted || rel_live;
        n.e_idx = st->o_eq;
        n.e_val = accepted ? st->c_eq_add : st->c_eq_sub;
        n.eqc = adm_live ? st->m_eq : 0;
        n.d_split = (adm_live && where == FG_BMP_WHERE_SHARED) ? (uint32_t)fg_sat_sub(st->m_s, st->c_room) : 0;
        n.d_rel = rel_live;
        n.d_rs = rel_live ? (st->c_rem < st->c_sh ? st->c_rem : st->c_sh) : 0;
        n.p_v = st->o_kind != FG_BMS_NONE && st->o_ok;
        n.p_scan = st->o_kind == FG_BMS_SCAN, n.p_rel = st->o_kind == FG_BMS_REL;
        n.p_lossless = lossless_sel;
        n.p_static = in->cfg_static_mode; /* coverage only */
        n.p_pg = st->o_pg;
        n.w_ing = new_ing, n.w_hd = new_hd;
        /* coverage of the decision */
        if (adm_live) {
            if (where == FG_BMP_WHERE_RESERVE) {
                FG_COV(st, FG_BMS_COV_ADM_RESERVE);
            } else if (where == FG_BMP_WHERE_SHARED) {
                FG_COV(st, st->c_ing >= reserve ? FG_BMS_COV_ADM_SHARED : FG_BMS_COV_ADM_SHARED_SPLIT);
                if (st->m_static) FG_COV(st, FG_BMS_COV_ADM_SHARED_STATIC);
                if (st->m_clamped) FG_COV(st, FG_BMS_COV_ADM_LIMIT_CLAMP);
            } else if (where == FG_BMP_WHERE_HEADROOM) {
                FG_COV(st, FG_BMS_COV_ADM_HEADROOM);
            } else {
                FG_COV(st, st->m_lossless ? FG_BMS_COV_ADM_VIOLATION : FG_BMS_COV_ADM_DROP_LOSSY);
            }
        }
        if (st->o_kind == FG_BMS_ADM && !st->o_ok) FG_COV(st, FG_BMS_COV_ENQ_BAD_INDEX);
        if (st->o_kind == FG_BMS_REL && !st->o_ok) FG_COV(st, FG_BMS_COV_DEQ_BAD_INDEX);
        if (rel_live) {
            if (st->c_r_le_hd) FG_COV(st, st->c_hd ? FG_BMS_COV_REL_HEADROOM : FG_BMS_COV_REL_INGRESS);
            else if (r_le_occ) FG_COV(st, st->c_hd ? FG_BMS_COV_REL_MIXED : FG_BMS_COV_REL_INGRESS);
            else FG_COV(st, FG_BMS_COV_REL_UNDERFLOW);
            if (st->c_eq_under) FG_COV(st, FG_BMS_COV_EGRESS_UNDERFLOW);
        }
    }
    n.o.adm_eq_cnt = st->t == FG_BMS_T_MODE ? st->eqc : 0;

    /* ---- next slot, t = 0: shared_used (an op has a split or an rs, never both); t = 1: the
     * pause bit of the last op's PG */
    const uint32_t rs = st->d_rs;
    n.o.stat_shared_underflow = st->t == FG_BMS_T_READ && rs > st->shared_used;
    if (st->t == FG_BMS_T_READ) {
        if (rs > st->shared_used) FG_COV(st, FG_BMS_COV_SHARED_UNDERFLOW);
        n.su_sub = (uint32_t)fg_sat_sub(st->shared_used, rs);
        n.su_add = (uint32_t)fg_sat_add(st->shared_used, st->d_split, CW);
        if (st->e_we) n.egress[st->e_idx] = st->e_val;
    }
    if (st->t == FG_BMS_T_MODE) {
        n.shared_used = st->d_rel ? st->su_sub : st->su_add;
        if (st->p_v) {
            const bool pause = !st->p_hd0 || (st->p_above && st->p_ge);
#ifdef FG_INJECT_BUG
            /* injected bug: a resume ignores the headroom */
            const bool resume = !st->p_above || st->p_le;
#else
            const bool resume = st->p_hd0 && (!st->p_above || st->p_le);
#endif
            const bool was = st->paused[st->p_pg];
            bool now = false;
            if (st->p_lossless) {
                now = was ? !resume : pause;
                if (was && resume) {
                    FG_COV(st, st->p_static ? FG_BMS_COV_STATIC_RESUME : FG_BMS_COV_RESUME);
                    if (st->p_scan) FG_COV(st, FG_BMS_COV_SCAN_RESUME);
                    if (st->p_rel) FG_COV(st, FG_BMS_COV_REL_RESUME);
                } else if (was) {
                    FG_COV(st, FG_BMS_COV_HOLD_PAUSED);
                } else if (pause) {
                    FG_COV(st, st->p_static ? FG_BMS_COV_STATIC_PAUSE
                                            : (!st->p_hd0 ? FG_BMS_COV_PAUSE_HEADROOM : FG_BMS_COV_PAUSE_SHARED));
                    if (st->p_scan) FG_COV(st, FG_BMS_COV_SCAN_PAUSE);
                }
            }
            n.paused[st->p_pg] = now;
        }
    }

    /* ---- thresholds (every edge; as fg_bm_pipe's ring, reading the configuration directly) */
    {
        /* the ports' thr(i) = pool_free >> alpha(i), one port per edge, shifted in two steps */
        n.tr_k = (uint8_t)(st->tr_k == N - 1 ? 0 : st->tr_k + 1);
        n.tr_a_k = st->tr_k;
        n.tr_alpha = in->cfg_alpha_shift[st->tr_k] & 15u;
        n.tr_pf = st->pool_free;
        n.tr_b_k = st->tr_a_k;
        n.tr_alo = st->tr_alpha & 3u;
        n.tr_pf1 = st->tr_pf >> (st->tr_alpha & 12u);
        n.thr[st->tr_b_k] = st->tr_pf1 >> st->tr_alo;
        const uint64_t hmax = fg_mask(HW);
        n.hs_term = ((lossless >> st->hs_p) & 1u) ? (in->cfg_headroom[st->hs_k] & cmax) : 0;
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
        const uint64_t B = in->cfg_total_cells & cmax;
        if (st->carved >= B) FG_COV(st, FG_BMS_COV_POOL_SAT0);
        n.pool = st->carved < B ? (uint32_t)(B - st->carved) : 0;
        if (st->shared_used >= st->pool) FG_COV(st, FG_BMS_COV_THR_SAT0);
        n.pool_free = (uint32_t)fg_sat_sub(st->pool, st->shared_used);
    }

    /* ---- commit, outputs */
    memcpy(n.cov, st->cov, sizeof n.cov);
    *st = n;
    for (int i = 0; i < N; i++) {
        st->o.enq_ready[i] = !st->eh_v[i];
        st->o.deq_ready[i] = !st->dh_v[i];
        for (int p = 0; p < P; p++) {
            st->o.paused[i][p] = st->paused[i * P + p];
            st->o.egress_cnt[i][p] = st->egress[i * P + p];
        }
        st->o.thr[i] = st->thr[i];
    }
    st->o.shared_used = st->shared_used;
    st->o.shared_free = st->pool_free;
    if (out) *out = st->o;
}
