/* ppfc_decide.c - C twin of rtl/switch/fg_ppfc_decide.v (see ppfc_decide.h).
 * Each step computes every register's next value from the current ones (r) and
 * the inputs, in the order of the RTL's next-state logic, then commits them. */
#include "switch/ppfc_decide.h"

#include <string.h>

#include "common/lfsr.h"

const char *const fg_ppfc_decide_cov_names[FG_PPFC_DECIDE_COV_N] = {
    "decision",    "no_fire",     "fire_no_gate", "not_ready",     "gate",       "no_cand",    "cand_paused",
    "cand_held",   "cand_inc1",   "pick",         "stop_ratio",    "stop_empty", "multi_pick", "quanta_sat",
    "quanta_min1", "quanta_zero", "overrun",      "pending_start", "hold_end",   "abort"};

enum { T_NONE, T_PRED, T_TARGET, T_PICK };

static int clog2i(int n)
{
    int w = 0;
    while ((1 << w) < n)
        w++;
    return w;
}
static int ew_of(const fg_ppfc_decide_cfg *c)
{
    const int np = c->n_ports * c->n_prio;
    return np > 1 ? clog2i(np) : 1;
}
static int pw_of(const fg_ppfc_decide_cfg *c) { return c->n_ports > 1 ? clog2i(c->n_ports) : 1; }
static int lv_of(const fg_ppfc_decide_cfg *c) { return c->n_ports > 1 ? clog2i(c->n_ports) : 0; }

const char *fg_ppfc_decide_cfg_error(const fg_ppfc_decide_cfg *cfg)
{
    if (cfg->n_ports < 1 || cfg->n_ports > 32)
        return "fg_ppfc_decide: n_ports (N_PORTS) out of range, legal 1..32";
    if (cfg->n_prio < 1 || cfg->n_prio > 8) return "fg_ppfc_decide: n_prio (N_PRIO) out of range, legal 1..8";
    if (cfg->cw < 4 || cfg->cw > 19) return "fg_ppfc_decide: cw (CW) out of range, legal 4..19";
    return NULL;
}

static void clear_regs(fg_ppfc_decide_regs *r)
{
    memset(r, 0, sizeof *r);
    r->eq = r->o = r->p = r->sel = r->ff = r->ff1 = -1;
    r->lfsr = 1;
    r->stamp0 = 1; /* the RTL's reset values (bcnt 0, h taken as 1) */
    r->stamp1 = 2;
    r->holdoff = 1;
}

int fg_ppfc_decide_reset(fg_ppfc_decide_state *st, const fg_ppfc_decide_cfg *cfg)
{
    if (fg_ppfc_decide_cfg_error(cfg)) return -1; /* state untouched: fg_ppfc_decide_cfg_error says why */
    st->cfg = *cfg;
    clear_regs(&st->r);
    return 0;
}

void fg_ppfc_decide_outputs(const fg_ppfc_decide_state *st, fg_ppfc_decide_out *out) { *out = st->r.o_reg; }

uint16_t fg_ppfc_decide_quanta(uint64_t x, uint32_t cell_cycles, uint32_t quanta_step)
{
    const uint64_t z = x * (cell_cycles & 0xFFFFu) * (quanta_step & 0xFFFFFFu);
    const uint64_t q = z >> 24;
    if (q > 0xFFFFu) return 0xFFFF;
    if (q) return (uint16_t)q;
    return z ? 1 : 0;
}

/* a product's delay line: the value shown is h[3]; the new product enters h[0]
 */
static void mul_push(uint64_t h[4], uint64_t v)
{
    h[3] = h[2];
    h[2] = h[1];
    h[1] = h[0];
    h[0] = v;
}

void fg_ppfc_decide_step(fg_ppfc_decide_state *st, const fg_ppfc_decide_in *in, fg_ppfc_decide_out *out)
{
    const fg_ppfc_decide_cfg *c = &st->cfg;
    const int n = c->n_ports, np_ = c->n_prio, npg = n * np_;
    const int cw = c->cw, ew = ew_of(c), pw = pw_of(c), lv = lv_of(c);
    const int tw = cw + ew + 1, sumw = cw + pw;
    const uint64_t sum_m = fg_mask(sumw), cw_m = fg_mask(cw);
    const fg_ppfc_decide_regs R = st->r; /* the registers during this cycle */
    fg_ppfc_decide_regs *N = &st->r;     /* their values after this edge */

    if (in->rst) {
        clear_regs(N);
        N->lfsr = fg_lfsr_seed(in->cfg_seed); /* the LFSR's load is rst | cfg_seed_load */
        fg_ppfc_decide_outputs(st, out);
        return;
    }

    const bool en = R.en; /* cfg_enable registered: it acts one edge later */
    bool pipe_busy = R.q1_v;
    for (int k = 0; k < 4; k++)
        pipe_busy = pipe_busy || R.d2_v[k] || R.d3_v[k];
    const bool idle_all = R.state == FG_PPFC_DECIDE_S_IDLE && !pipe_busy;
    const int m_tag_out = R.mtag[3];
    const uint64_t m_p = R.m_hist[3];
    const uint64_t tot_mag = R.tot < 0 ? 0 : (uint64_t)R.tot;
    const bool tot_pos = R.tot > 0;
    const uint64_t pred_prod = m_p & fg_mask(16 + tw - 1);
    const bool fire_raw = tot_pos && (uint64_t)in->shared_free < pred_prod;
    const bool fire = in->bank_ready && fire_raw;
    /* chosen * 2^16 >= target  <=>  chosen >= ceil(target / 2^16) */
    const bool ratio_hit = R.chosen_sum + R.c_comp >= R.target_c;
    const bool empty_hit = R.rem == R.c_comp;
    const uint32_t ivl_inc = R.ivl_cnt + 1;
    const bool tick_now = en && ivl_inc >= in->cfg_interval;
    const bool cand_edge = en && R.state == FG_PPFC_DECIDE_S_WAIT && in->rs_valid;
    const bool sel3_now = en && R.state == FG_PPFC_DECIDE_S_SEL3;
    const uint16_t holdoff_eff = in->cfg_holdoff ? in->cfg_holdoff : 1;
    const uint16_t bcnt_inc = (uint16_t)(R.bcnt + 1);
    const uint16_t bcnt_next = R.tick ? bcnt_inc : R.bcnt;
    const uint16_t stamp_new = R.tick ? R.stamp1 : R.stamp0;

    /* SELECT's first bit of the thermometer */
    int sel_hit = -1;
    for (int i = 0; i < n; i++)
        if (R.gt >> i & 1u) {
            sel_hit = i;
            break;
        }
    /* the Sklansky network's last level */
    const uint64_t *pre_top = lv == 0 ? NULL : R.lvl[lv - 1];
    uint64_t share_ext[FG_PPFC_DECIDE_MAX_PORTS];
    for (int i = 0; i < n; i++)
        share_ext[i] = R.share[i];
    if (!pre_top) pre_top = share_ext;

    /* ---- the FSM (the registers it assigns keep their value unless assigned)
     * ---- */
    uint32_t m_a = R.horizon_q;
    uint64_t m_b = tot_mag;
    int m_tag = T_NONE;
    N->rq_valid = false;
    N->stat_predict = false;
    N->stat_overrun = false;
    N->ivl_cnt = !en ? 0 : tick_now ? 0 : (ivl_inc & 0xFFFFFFu);
    N->tick = tick_now;
    N->bcnt = bcnt_next;
    N->en = in->cfg_enable;
    N->kmax_q = in->cfg_kmax & (uint32_t)cw_m;
    N->lossless_q = in->cfg_lossless & (uint8_t)fg_mask(np_);
    N->horizon_q = in->cfg_horizon;
    N->ratio_q = in->cfg_ratio & 0x1FFFFu;
    for (int i = 0; i < n; i++) {
        N->cell_cycles_q[i] = in->cfg_cell_cycles[i];
        N->quanta_step_q[i] = in->cfg_quanta_step[i] & 0xFFFFFFu;
    }
    N->stamp0 = (uint16_t)(bcnt_next + R.holdoff);
    N->stamp1 = (uint16_t)(bcnt_next + 1 + R.holdoff);
    N->holdoff = holdoff_eff;

    if (in->snap_done && en && !idle_all) {
        N->stat_overrun = true;
        N->pending = true;
        FG_COV(st, FG_PPFC_DECIDE_COV_OVERRUN);
    }
    if (!en) {
        if (R.state != FG_PPFC_DECIDE_S_IDLE) FG_COV(st, FG_PPFC_DECIDE_COV_ABORT);
        N->state = FG_PPFC_DECIDE_S_IDLE;
        N->pending = false;
        memset(N->todo, 0, sizeof N->todo);
    } else {
        switch (R.state) {
        case FG_PPFC_DECIDE_S_IDLE:
            if (idle_all && (in->snap_done || R.pending)) {
                N->tot = in->snap_inc_total;
                N->pending = false;
                N->state = FG_PPFC_DECIDE_S_PMUL;
                FG_COV(st, FG_PPFC_DECIDE_COV_DECISION);
                if (!in->snap_done) FG_COV(st, FG_PPFC_DECIDE_COV_PENDING_START);
            }
            break;
        case FG_PPFC_DECIDE_S_PMUL:
            m_tag = T_PRED;
            N->state = FG_PPFC_DECIDE_S_PRED;
            break;
        case FG_PPFC_DECIDE_S_PRED:
            if (R.mtag5 == T_PRED) { /* the product came last cycle; its compare is registered */
                bool any = false;
                for (int e = 0; e < npg; e++) {
                    N->todo[e] = R.fire && R.gate[e];
                    any = any || R.gate[e];
                }
                N->state = R.fire ? FG_PPFC_DECIDE_S_FIRST : FG_PPFC_DECIDE_S_IDLE;
                if (!R.fire_raw) FG_COV(st, FG_PPFC_DECIDE_COV_NO_FIRE);
                if (R.fire_raw && !R.fire) FG_COV(st, FG_PPFC_DECIDE_COV_NOT_READY);
                if (R.fire && !any) FG_COV(st, FG_PPFC_DECIDE_COV_FIRE_NO_GATE);
            }
            break;
        case FG_PPFC_DECIDE_S_FIRST: N->state = FG_PPFC_DECIDE_S_FIRST2; break;
        case FG_PPFC_DECIDE_S_FIRST2: N->state = FG_PPFC_DECIDE_S_FIND; break;
        case FG_PPFC_DECIDE_S_FIND: /* R.ff: todo's first bit as it was two edges ago */
            if (R.ff < 0) {
                N->state = FG_PPFC_DECIDE_S_IDLE;
            } else {
                N->eq = R.ff;
                N->todo[R.ff] = false;
                N->state = FG_PPFC_DECIDE_S_GATE;
            }
            break;
        case FG_PPFC_DECIDE_S_GATE:
            N->o = R.eq >= 0 ? R.eq / np_ : -1;
            N->p = R.eq >= 0 ? R.eq % np_ : -1;
            N->p_idx = R.eq >= 0 ? R.eq % np_ : 0;
            N->egress_gate = R.eq >= 0 ? (in->egress_cnt[R.eq] & (uint32_t)cw_m) : 0;
            N->rq_valid = true;
            N->rq_eq = R.eq >= 0 ? R.eq : 0;
            N->stat_predict = true;
            N->chosen_sum = 0;
            N->picks_here = 0;
            N->state = FG_PPFC_DECIDE_S_LANES;
            FG_COV(st, FG_PPFC_DECIDE_COV_GATE);
            break;
        case FG_PPFC_DECIDE_S_LANES:
            N->cc_sel = R.o >= 0 ? R.cell_cycles_q[R.o] : 0;
            N->egress_sel = R.egress_gate;
            N->state = FG_PPFC_DECIDE_S_LANES2;
            break;
        case FG_PPFC_DECIDE_S_LANES2:
            m_tag = T_TARGET;
            N->state = FG_PPFC_DECIDE_S_WAIT;
            break;
        case FG_PPFC_DECIDE_S_WAIT:
            if (in->rs_valid) {
                N->lvl_cnt = 0;
                N->state = lv == 0 ? FG_PPFC_DECIDE_S_LOAD : FG_PPFC_DECIDE_S_PREFIX;
            }
            break;
        case FG_PPFC_DECIDE_S_PREFIX:
            N->lvl_cnt = (R.lvl_cnt + 1) & 15;
            if (R.lvl_cnt == lv - 1) N->state = FG_PPFC_DECIDE_S_LOAD;
            break;
        case FG_PPFC_DECIDE_S_LOAD:
            N->rem = pre_top[n - 1];
            N->state = pre_top[n - 1] == 0 ? FG_PPFC_DECIDE_S_FIND : FG_PPFC_DECIDE_S_PICK;
            if (pre_top[n - 1] == 0) FG_COV(st, FG_PPFC_DECIDE_COV_NO_CAND);
            break;
        case FG_PPFC_DECIDE_S_PICK:
            m_tag = T_PICK;
            N->state = FG_PPFC_DECIDE_S_PWAIT;
            break;
        case FG_PPFC_DECIDE_S_PWAIT:
            if (m_tag_out == T_PICK) {
                N->r = (m_p >> 32) & sum_m;
                N->state = FG_PPFC_DECIDE_S_SEL1;
            }
            break;
        case FG_PPFC_DECIDE_S_SEL1: N->state = FG_PPFC_DECIDE_S_SEL2; break;
        case FG_PPFC_DECIDE_S_SEL2:
            N->sel = sel_hit;
            N->c_i = sel_hit >= 0 ? sel_hit : 0;
            N->c_comp = sel_hit >= 0 ? R.share[sel_hit] : 0;
            N->c_inc = sel_hit >= 0 && R.lane_inc[sel_hit] > 0 ? (uint32_t)R.lane_inc[sel_hit] : 0;
            N->state = FG_PPFC_DECIDE_S_SEL3;
            break;
        case FG_PPFC_DECIDE_S_SEL3:
            N->rem = (R.rem - R.c_comp) & sum_m;
            N->chosen_sum = (R.chosen_sum + R.c_comp) & sum_m;
            N->ratio_hit = ratio_hit;
            N->empty_hit = empty_hit;
            N->state = FG_PPFC_DECIDE_S_TEST;
            N->picks_here = R.picks_here + 1;
            FG_COV(st, FG_PPFC_DECIDE_COV_PICK);
            if (N->picks_here == 3) FG_COV(st, FG_PPFC_DECIDE_COV_MULTI_PICK);
            break;
        case FG_PPFC_DECIDE_S_TEST:
            if (R.ratio_hit || R.empty_hit) {
                N->state = FG_PPFC_DECIDE_S_FIND;
                FG_COV(st, R.ratio_hit ? FG_PPFC_DECIDE_COV_STOP_RATIO : FG_PPFC_DECIDE_COV_STOP_EMPTY);
            } else {
                N->state = FG_PPFC_DECIDE_S_PICK;
            }
            break;
        default: N->state = FG_PPFC_DECIDE_S_IDLE; break;
        }
    }
    /* M's operands by the state (the RTL's flags of PICK and LANES2), enabled or not */
    if (R.state == FG_PPFC_DECIDE_S_PICK) {
        m_a = R.lfsr;
        m_b = R.rem;
    } else if (R.state == FG_PPFC_DECIDE_S_LANES2) {
        m_a = R.ratio_q;
        m_b = R.egress_sel;
    }
    if (m_tag_out == T_TARGET) N->target_c = ((m_p & fg_mask(cw + 17)) + 0xFFFFu) >> 16;
    N->fire = fire;
    N->fire_raw = fire_raw;
    N->mtag5 = en ? m_tag_out : T_NONE;
    for (int k = 3; k > 0; k--)
        N->mtag[k] = en ? R.mtag[k - 1] : T_NONE;
    N->mtag[0] = en ? m_tag : T_NONE;
    mul_push(N->m_hist, (uint64_t)m_a * m_b);

    N->busy = R.state != FG_PPFC_DECIDE_S_IDLE || pipe_busy; /* the cycle before's state */
    if (R.state == FG_PPFC_DECIDE_S_SEL1) {
        N->gt = 0;
        for (int k = 0; k < n; k++)
            if (R.prefix[k] > R.r) N->gt |= 1u << k;
    }

    N->ff = R.ff1;
    N->ff1 = -1;
    for (int e = 0; e < npg; e++)
        if (R.todo[e]) {
            N->ff1 = e;
            break;
        }

    /* ---- the LFSR ---- */
    if (in->cfg_seed_load)
        N->lfsr = fg_lfsr_seed(in->cfg_seed);
    else if (en && R.state == FG_PPFC_DECIDE_S_PICK)
        N->lfsr = fg_lfsr_next(R.lfsr);

    /* ---- per port: the lanes, the shares, the prefix sums ---- */
    for (int i = 0; i < n; i++) {
        const int32_t inc_l = R.lane_inc[i];
        const bool blocked_l = R.p >= 0 && R.hold_act[i * np_ + R.p];
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: "increment > 1" read as "> 0"
         * (SPEC 11's literal reading lost), so a PG that grew by one cell becomes a
         * candidate. */
        const bool gt1 = inc_l >= 1;
#else
        const bool gt1 = inc_l >= 2;
#endif
        if (R.state == FG_PPFC_DECIDE_S_LANES) N->lane_inc[i] = R.p >= 0 ? in->snap_inc[i * np_ + R.p] : 0;
        if (R.state == FG_PPFC_DECIDE_S_LANES2) { /* "inc > 1 and no hold-off", latched */
            N->lane_pre[i] = gt1 && !blocked_l;
            N->lane_held[i] = blocked_l;
        }
        N->lane_paused[i] = R.p >= 0 && in->paused[i * np_ + R.p]; /* every edge */
        const uint32_t comp_l = in->rs_comp[i] & (uint32_t)cw_m;
        const bool ok = R.lane_pre[i] && comp_l != 0 && !R.lane_paused[i];
        if (cand_edge) {
            N->share[i] = ok ? comp_l : 0;
            if (comp_l && R.lane_paused[i]) FG_COV(st, FG_PPFC_DECIDE_COV_CAND_PAUSED);
            if (comp_l && R.lane_held[i]) FG_COV(st, FG_PPFC_DECIDE_COV_CAND_HELD);
            if (comp_l && inc_l == 1) FG_COV(st, FG_PPFC_DECIDE_COV_CAND_INC1);
        } else if (sel3_now && R.sel == i) {
            N->share[i] = 0;
        }
        if (R.state == FG_PPFC_DECIDE_S_LOAD)
            N->prefix[i] = pre_top[i];
        else if (sel3_now)
            N->prefix[i] = (R.prefix[i] - ((R.gt >> i & 1u) ? R.c_comp : 0)) & sum_m;
    }
    for (int l = 0; l < lv; l++) {
        const uint64_t *src = l == 0 ? share_ext : R.lvl[l - 1];
        for (int i = 0; i < n; i++) {
            const int from = ((i >> (l + 1)) << (l + 1)) + (1 << l) - 1;
            N->lvl[l][i] = ((i >> l) & 1) ? (src[i] + src[from]) & sum_m : src[i];
        }
    }

    /* ---- per PG: gate bits, hold-offs ---- */
    for (int i = 0; i < n; i++)
        for (int p = 0; p < np_; p++) {
            const int k = i * np_ + p;
            const bool picked = sel3_now && R.sel == i && R.p == p;
            const bool ends = R.tick && bcnt_inc == R.hold_stamp[k];
            if (ends && R.hold_act[k] && en && !picked) FG_COV(st, FG_PPFC_DECIDE_COV_HOLD_END);
            N->hold_act[k] = !en ? false : picked ? true : ends ? false : R.hold_act[k];
            if (picked) N->hold_stamp[k] = stamp_new;
            N->gate[k] = ((R.lossless_q >> p) & 1u) && (in->egress_cnt[k] & cw_m) > R.kmax_q;
        }

    /* ---- the pause pipe ---- */
    const bool pp_now = en && R.d3_v[3];
    const uint64_t z_p = R.z_hist[3];
    N->q1_v = sel3_now;
    N->q1_i = R.c_i;
    N->q1_p = R.p_idx;
    N->q1_x = R.c_comp + R.c_inc;
    N->q1_cc = R.cc_sel;
    N->q1_qs = R.sel >= 0 ? R.quanta_step_q[R.sel] : 0; /* SEL2's one-hot */
    mul_push(N->y_hist, (uint64_t)R.q1_x * R.q1_cc);
    mul_push(N->z_hist, R.y_hist[3] * R.d2_qs[3]);
    for (int k = 3; k > 0; k--) {
        N->d2_v[k] = en && R.d2_v[k - 1];
        N->d2_i[k] = R.d2_i[k - 1];
        N->d2_p[k] = R.d2_p[k - 1];
        N->d2_qs[k] = R.d2_qs[k - 1];
        N->d3_v[k] = en && R.d3_v[k - 1];
        N->d3_i[k] = R.d3_i[k - 1];
        N->d3_p[k] = R.d3_p[k - 1];
    }
    N->d2_v[0] = en && R.q1_v;
    N->d2_i[0] = R.q1_i;
    N->d2_p[0] = R.q1_p;
    N->d2_qs[0] = R.q1_qs;
    N->d3_v[0] = en && R.d2_v[3];
    N->d3_i[0] = R.d2_i[3];
    N->d3_p[0] = R.d2_p[3];

    /* ---- the outputs ---- */
    fg_ppfc_decide_out *o = &N->o_reg;
    uint16_t quanta = 0;
    {
        const uint64_t q = z_p >> 24;
        quanta = q > 0xFFFFu ? 0xFFFF : q ? (uint16_t)q : (z_p ? 1 : 0);
    }
    o->tick = N->tick;
    o->rq_valid = N->rq_valid;
    o->rq_eq = N->rq_eq;
    o->stat_predict = N->stat_predict;
    o->stat_overrun = N->stat_overrun;
    o->busy = N->busy;
    o->pp_valid = pp_now;
    o->pp_port = pp_now ? R.d3_i[3] : 0;
    o->pp_prio = pp_now ? R.d3_p[3] : 0;
    o->pp_quanta = pp_now ? quanta : 0;
    memset(o->stat_pp, 0, sizeof o->stat_pp);
    if (pp_now) {
        o->stat_pp[R.d3_i[3] * np_ + R.d3_p[3]] = true;
        if (quanta == 0xFFFF) FG_COV(st, FG_PPFC_DECIDE_COV_QUANTA_SAT);
        if (quanta == 1 && (z_p >> 24) == 0) FG_COV(st, FG_PPFC_DECIDE_COV_QUANTA_MIN1);
        if (quanta == 0) FG_COV(st, FG_PPFC_DECIDE_COV_QUANTA_ZERO);
    }
    fg_ppfc_decide_outputs(st, out);
}
