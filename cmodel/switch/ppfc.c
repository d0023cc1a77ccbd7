/* ppfc.c - C twin of rtl/switch/fg_ppfc.v (see ppfc.h and docs/blocks/ppfc.md).
 *
 * The step computes every register's next value from the registered values of the edge
 * (the copy `r` below) and the inputs of the cycle, as the RTL's _next logic does. */
#include "switch/ppfc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/lfsr.h"

const char *const fg_ppfc_cov_names[FG_PPFC_COV_N] = {
    "boundary",       "inc_negative",  "occ_saturated",   "pred_nonpos",     "pred_space_ok",
    "pred_fire",      "gate_lossy",    "gate_kmax",       "gate_pass",       "skip_inc_le1",
    "skip_comp_zero", "skip_paused",   "skip_holdoff",    "candidate",       "eq_no_candidate",
    "select_pass",    "quanta_sat",    "quanta_min1",     "quanta_zero",     "quanta_exact",
    "hold_zero_cfg",  "hold_expire",   "stop_ratio",      "stop_no_cand",    "repick",
    "seed_load",      "overrun",       "pending_start",   "disable_abort",
};

int fg_ppfc_check_cfg(const fg_ppfc_cfg *cfg, char *msg, size_t len)
{
    const char *bad = NULL;
    if (cfg->n_ports < 1 || cfg->n_ports > FG_PPFC_MAX_PORTS)
        bad = "n_ports (N_PORTS) must be 1..32";
    else if (cfg->n_prio < 1 || cfg->n_prio > FG_PPFC_MAX_PRIO)
        bad = "n_prio (N_PRIO) must be 1..8";
    else if (cfg->cw < 4 || cfg->cw > 23)
        bad = "cw (CW) must be 4..23 (products of CW+41 bits fit 64)";
    if (bad && msg) snprintf(msg, len, "fg_ppfc: %s", bad);
    if (!bad && (cfg->cand_lanes < 0 || cfg->cand_lanes > cfg->n_ports)) {
        if (msg)
            snprintf(msg, len, "fg_ppfc: cand_lanes (CAND_LANES)=%d must be 1..n_ports=%d (0 = 1)", cfg->cand_lanes,
                     cfg->n_ports);
        return -1;
    }
    return bad ? -1 : 0;
}

int fg_ppfc_check_in(const fg_ppfc_cfg *cfg, const fg_ppfc_in *in, char *msg, size_t len)
{
    const uint64_t cmax = fg_mask(cfg->cw);
    char buf[160] = "";
    if (in->cfg_interval < 1 || in->cfg_interval > 0xFFFFFFu)
        snprintf(buf, sizeof buf, "cfg_interval=%u out of range 1..16777215", in->cfg_interval);
    else if (in->cfg_horizon < 1)
        snprintf(buf, sizeof buf, "cfg_horizon=0 out of range 1..65535");
    else if (in->cfg_ratio < 1 || in->cfg_ratio > 0x10000u)
        snprintf(buf, sizeof buf, "cfg_ratio=0x%x out of range 0x1..0x10000 (Q0.16)", in->cfg_ratio);
    else if (in->cfg_kmax > cmax)
        snprintf(buf, sizeof buf, "cfg_kmax=%u out of range 0..%llu", in->cfg_kmax, (unsigned long long)cmax);
    else if (in->cfg_lossless >> cfg->n_prio)
        snprintf(buf, sizeof buf, "cfg_lossless=0x%x has bits above N_PRIO=%d", in->cfg_lossless, cfg->n_prio);
    else if (in->shared_free > cmax)
        snprintf(buf, sizeof buf, "shared_free=%u out of range 0..%llu", in->shared_free, (unsigned long long)cmax);
    for (int o = 0; o < cfg->n_ports && !buf[0]; o++) {
        if (in->cfg_quanta_step[o] > 0xFFFFFFu)
            snprintf(buf, sizeof buf, "cfg_quanta_step[%d]=0x%x out of range 0..0xffffff (Q8.16)", o,
                     in->cfg_quanta_step[o]);
        for (int p = 0; p < cfg->n_prio && !buf[0]; p++) {
            if (in->ingress_cnt[o][p] > cmax || in->hdrm_cnt[o][p] > cmax || in->egress_cnt[o][p] > cmax)
                snprintf(buf, sizeof buf, "ingress/hdrm/egress_cnt[%d][%d] out of range 0..%llu", o, p,
                         (unsigned long long)cmax);
            for (int i = 0; i < cfg->n_ports && !buf[0]; i++)
                if (in->comp_cnt[o][p][i] > cmax)
                    snprintf(buf, sizeof buf, "comp_cnt[%d][%d][%d]=%u out of range 0..%llu", o, p, i,
                             in->comp_cnt[o][p][i], (unsigned long long)cmax);
        }
    }
    if (buf[0] && msg) snprintf(msg, len, "fg_ppfc: %s", buf);
    return buf[0] ? -1 : 0;
}

int fg_ppfc_reset(fg_ppfc_state *st, const fg_ppfc_cfg *cfg)
{
    char msg[200];
    if (fg_ppfc_check_cfg(cfg, msg, sizeof msg))
        return -1; /* state untouched: fg_ppfc_check_cfg says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->lfsr = 1u;
    st->fsm = FG_PPFC_S_IDLE;
    return 0;
}

int fg_ppfc_reset_edge(fg_ppfc_state *st, const fg_ppfc_cfg *cfg, const fg_ppfc_in *in, fg_ppfc_out *out)
{
    if (fg_ppfc_reset(st, cfg))
        return -1;
    /* The RTL drives the LFSR's load with rst | cfg_seed_load: a reset loads cfg_seed. */
    st->lfsr = fg_lfsr_seed(in->cfg_seed);
    *out = st->out;
    return 0;
}

/* After PRED (from = -1) or an EQ (from = its index o*P+p): the next EQ whose registered
 * gate bit is set (find-first), or the end of the decision. */
static void next_eq(fg_ppfc_state *st, const fg_ppfc_state *r, int from)
{
    const int P = st->cfg.n_prio, N = st->cfg.n_ports;
    for (int k = from + 1; k < N * P; k++) {
        if (r->gate[k / P][k % P]) {
            st->o = k / P;
            st->p = k % P;
            st->fsm = FG_PPFC_S_GATE;
            return;
        }
    }
    st->fsm = FG_PPFC_S_IDLE;
}

/* occupancy of PG(i,p): ingress + hdrm, saturated to CW bits */
static uint32_t pg_occ(const fg_ppfc_in *in, int i, int p, uint64_t cmax, bool *sat)
{
    uint64_t occ = (uint64_t)(in->ingress_cnt[i][p] & cmax) + (in->hdrm_cnt[i][p] & cmax);
    *sat = occ > cmax;
    return (uint32_t)(occ > cmax ? cmax : occ);
}

/* The pause time of an issued request: floor(y * quanta_step / 2^24), saturated, at least 1
 * when the product is non-zero (docs/blocks/ppfc.md, "Pause time"). */
static uint16_t pause_quanta(fg_ppfc_state *st, uint64_t y, uint32_t quanta_step)
{
    const uint64_t prod = y * (quanta_step & 0xFFFFFFu);
    const uint64_t q = prod >> 24;
    if (q > 0xFFFFu) {
        FG_COV(st, FG_PPFC_COV_QUANTA_SAT);
        return 0xFFFFu;
    }
    if (q == 0 && prod != 0) {
        FG_COV(st, FG_PPFC_COV_QUANTA_MIN1);
        return 1u;
    }
    if (q == 0) {
        FG_COV(st, FG_PPFC_COV_QUANTA_ZERO);
        return 0u;
    }
    FG_COV(st, FG_PPFC_COV_QUANTA_EXACT);
    return (uint16_t)q;
}

/* The candidate test of port i for EQ(o,p) in CAND (both schedules): comp snapshot, coverage,
 * and whether it is a candidate. */
static bool cand_test(fg_ppfc_state *st, const fg_ppfc_state *r, const fg_ppfc_in *in, int o, int p, int i,
                      uint32_t cmax)
{
    uint32_t c = in->comp_cnt[o][p][i] & cmax;
    int64_t inc = (int64_t)r->snap[i][p] - (int64_t)r->snap_prev[i][p];
    bool ok = false;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: "increment > 1" read as ">= 1". */
    const bool inc_small = inc < 1;
#else
    const bool inc_small = inc <= 1;
#endif
    if (inc_small)
        FG_COV(st, FG_PPFC_COV_SKIP_INC);
    else if (c == 0)
        FG_COV(st, FG_PPFC_COV_SKIP_COMP);
    else if (in->paused[i][p])
        FG_COV(st, FG_PPFC_COV_SKIP_PAUSED);
    else if (r->hold[i][p])
        FG_COV(st, FG_PPFC_COV_SKIP_HOLDOFF);
    else {
        FG_COV(st, FG_PPFC_COV_CAND);
        ok = true;
    }
    st->comp_snap[i] = c;
    st->cand[i] = ok;
    return ok;
}

void fg_ppfc_step(fg_ppfc_state *st, const fg_ppfc_in *in, fg_ppfc_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio, CW = st->cfg.cw;
    const uint64_t cmax = fg_mask(CW);
    const fg_ppfc_state old = *st; /* the registered values of this edge */
    const fg_ppfc_state *r = &old;
    /* W > 1: W lanes in CAND and the pause pipe (docs/blocks/ppfc.md, "Latency") */
    const int W = st->cfg.cand_lanes > 1 ? st->cfg.cand_lanes : 1;
    const bool fast = W > 1;
    const int groups = (N + W - 1) / W;
    const bool pipe_busy = r->q_qmul || r->q_issue;

    /* output pulses default to 0 */
    memset(&st->out, 0, sizeof st->out);
    bool lfsr_step = false;

    const uint32_t interval = in->cfg_interval & 0xFFFFFFu;
    const bool tick = in->cfg_enable && ((uint64_t)r->ivl_cnt + 1u >= (uint64_t)interval);

    /* gate bits, every cycle from the live inputs (registered: the FSM sees last cycle's) */
    for (int o = 0; o < N; o++)
        for (int p = 0; p < P; p++)
            st->gate[o][p] = ((in->cfg_lossless >> p) & 1u) &&
                             (in->egress_cnt[o][p] & (uint32_t)cmax) > (in->cfg_kmax & (uint32_t)cmax);

    if (!in->cfg_enable) {
        /* Disabled: no boundaries, no decision; the latest snapshot tracks the occupancy so
         * that the first interval after enabling measures a real increment. */
        if (r->fsm != FG_PPFC_S_IDLE) FG_COV(st, FG_PPFC_COV_DISABLE_ABORT);
        st->ivl_cnt = 0;
        st->fsm = FG_PPFC_S_IDLE;
        st->pending = false;
        st->q_qmul = st->q_issue = false;
        uint64_t tot = 0;
        for (int i = 0; i < N; i++)
            for (int p = 0; p < P; p++) {
                bool sat;
                st->snap[i][p] = pg_occ(in, i, p, cmax, &sat);
                tot += st->snap[i][p];
                st->hold[i][p] = 0;
            }
        st->tot = tot;
    } else {
        st->ivl_cnt = tick ? 0u : ((r->ivl_cnt + 1u) & 0xFFFFFFu);
        if (tick) {
            FG_COV(st, FG_PPFC_COV_BOUNDARY);
            uint64_t tot = 0;
            for (int i = 0; i < N; i++)
                for (int p = 0; p < P; p++) {
                    bool sat;
                    uint32_t occ = pg_occ(in, i, p, cmax, &sat);
                    if (sat) FG_COV(st, FG_PPFC_COV_OCC_SAT);
                    if (occ < r->snap[i][p]) FG_COV(st, FG_PPFC_COV_INC_NEGATIVE);
                    st->snap_prev[i][p] = r->snap[i][p];
                    st->snap[i][p] = occ;
                    tot += occ;
                    if (r->hold[i][p]) {
                        if (r->hold[i][p] == 1) FG_COV(st, FG_PPFC_COV_HOLD_EXPIRE);
                        st->hold[i][p] = (uint16_t)(r->hold[i][p] - 1u);
                    }
                }
            st->tot_prev = r->tot;
            st->tot = tot;
        }
        /* a decision runs while the FSM is busy or the pause pipe drains */
        if (tick && (r->fsm != FG_PPFC_S_IDLE || pipe_busy)) {
            FG_COV(st, FG_PPFC_COV_OVERRUN);
            st->pending = true;
            st->out.stat_overrun = true;
        }

        st->q_qmul = false; /* set again by a W > 1 SELECT */
        const int o = r->o, p = r->p, i = r->i;
        switch (r->fsm) {
            case FG_PPFC_S_IDLE:
                if ((tick || r->pending) && !pipe_busy) {
                    if (r->pending) FG_COV(st, FG_PPFC_COV_PENDING_START);
                    st->pending = false;
                    st->fsm = FG_PPFC_S_TOT;
                }
                break;
            case FG_PPFC_S_TOT:
                st->inc_total = (int64_t)r->tot - (int64_t)r->tot_prev;
                st->fsm = FG_PPFC_S_PRED;
                break;
            case FG_PPFC_S_PRED:
                if (r->inc_total <= 0) {
                    FG_COV(st, FG_PPFC_COV_PRED_NONPOS);
                    st->fsm = FG_PPFC_S_IDLE;
                } else if ((uint64_t)(in->shared_free & cmax) >= (uint64_t)r->inc_total * in->cfg_horizon) {
                    FG_COV(st, FG_PPFC_COV_PRED_SPACE_OK);
                    st->fsm = FG_PPFC_S_IDLE;
                } else {
                    FG_COV(st, FG_PPFC_COV_PRED_FIRE);
                    for (int k = 0; k < N * P; k++)
                        if (!r->gate[k / P][k % P])
                            FG_COV(st, ((in->cfg_lossless >> (k % P)) & 1u) ? FG_PPFC_COV_GATE_KMAX
                                                                          : FG_PPFC_COV_GATE_LOSSY);
                    next_eq(st, r, -1);
                }
                break;
            case FG_PPFC_S_GATE:
                FG_COV(st, FG_PPFC_COV_GATE_PASS);
                st->out.stat_predict = true;
                st->i = 0;
                st->rem = 0;
                st->chosen_sum = 0;
                st->target = (uint64_t)(in->egress_cnt[o][p] & (uint32_t)cmax) * (in->cfg_ratio & 0x1FFFFu);
                st->fsm = FG_PPFC_S_CAND;
                break;
            case FG_PPFC_S_CAND: {
                /* W = 1: port i; W > 1: group i, ports i*W .. i*W+W-1 (those below N), the
                 * prefix sums chaining through the lanes */
                uint64_t rem = r->rem;
                const int first = fast ? i * W : i, last = fast ? (i * W + W < N ? i * W + W : N) : i + 1;
                for (int k = first; k < last; k++) {
                    if (cand_test(st, r, in, o, p, k, (uint32_t)cmax)) rem += st->comp_snap[k];
                    st->prefix[k] = rem;
                }
                st->rem = rem;
                if (i == (fast ? groups - 1 : N - 1)) {
                    if (rem == 0) {
                        FG_COV(st, FG_PPFC_COV_EQ_NO_CAND);
                        next_eq(st, r, o * P + p);
                    } else {
                        st->fsm = FG_PPFC_S_PICK;
                    }
                } else {
                    st->i = i + 1;
                }
                break;
            }
            case FG_PPFC_S_PICK:
                st->pick_r = ((uint64_t)r->lfsr * r->rem) >> 32; /* 0 <= r < rem */
                lfsr_step = true;
                st->fsm = FG_PPFC_S_SELECT;
                break;
            case FG_PPFC_S_SELECT: {
                /* the first port whose prefix sum exceeds r: a remaining candidate, chosen with
                 * probability comp/rem (prefix sums rise only at candidates) */
                int c = N - 1;
                for (int k = N - 1; k >= 0; k--)
                    if (r->prefix[k] > r->pick_r) c = k;
                if (c > 0 && r->prefix[c - 1] != 0) FG_COV(st, FG_PPFC_COV_SELECT_PASS);
                const uint32_t comp = r->comp_snap[c];
                st->cand[c] = false;
                st->rem = r->rem - comp;
                st->chosen_sum = r->chosen_sum + comp;
                for (int k = c; k < N; k++) st->prefix[k] = r->prefix[k] - comp;
                if (!fast) {
                    st->i = c;
                    st->fsm = FG_PPFC_S_QMUL;
                    break;
                }
                /* W > 1: the chosen PG goes down the pause pipe; its hold-off starts now (wins
                 * over a boundary on this edge); the stop test on the sums after this pick */
                st->q_qmul = true;
                st->q_i = c;
                st->q_o = o;
                st->q_p = p;
                st->q_comp = comp;
                if (in->cfg_holdoff == 0) FG_COV(st, FG_PPFC_COV_HOLD_ZERO_CFG);
                st->hold[c][p] = in->cfg_holdoff ? in->cfg_holdoff : 1u;
                if ((st->chosen_sum << 16) >= r->target) {
                    FG_COV(st, FG_PPFC_COV_STOP_RATIO);
                    next_eq(st, r, o * P + p);
                } else if (st->rem == 0) {
                    FG_COV(st, FG_PPFC_COV_STOP_NO_CAND);
                    next_eq(st, r, o * P + p);
                } else {
                    FG_COV(st, FG_PPFC_COV_REPICK);
                    st->fsm = FG_PPFC_S_PICK;
                }
                break;
            }
            case FG_PPFC_S_QMUL: {
                int64_t inc = (int64_t)r->snap[i][p] - (int64_t)r->snap_prev[i][p];
                uint64_t x = (uint64_t)r->comp_snap[i] + (inc > 0 ? (uint64_t)inc : 0u);
                st->y = x * in->cfg_cell_cycles[o];
                st->fsm = FG_PPFC_S_ISSUE;
                break;
            }
            case FG_PPFC_S_ISSUE: {
                const uint16_t quanta = pause_quanta(st, r->y, in->cfg_quanta_step[i]);
                st->out.pp_valid = true;
                st->out.pp_port = (uint8_t)i;
                st->out.pp_prio = (uint8_t)p;
                st->out.pp_quanta = quanta;
                st->out.stat_pp[i][p] = true;
                if (in->cfg_holdoff == 0) FG_COV(st, FG_PPFC_COV_HOLD_ZERO_CFG);
                st->hold[i][p] = in->cfg_holdoff ? in->cfg_holdoff : 1u; /* wins over the boundary */
                if ((r->chosen_sum << 16) >= r->target) {
                    FG_COV(st, FG_PPFC_COV_STOP_RATIO);
                    next_eq(st, r, o * P + p);
                } else if (r->rem == 0) {
                    FG_COV(st, FG_PPFC_COV_STOP_NO_CAND);
                    next_eq(st, r, o * P + p);
                } else {
                    FG_COV(st, FG_PPFC_COV_REPICK);
                    st->fsm = FG_PPFC_S_PICK;
                }
                break;
            }
            default: st->fsm = FG_PPFC_S_IDLE; break;
        }

        /* W > 1: the pause pipe. QMUL: y = (comp + max(inc,0)) * cell_cycles[o] of the PG
         * chosen on the last edge; ISSUE: the request one edge later. */
        if (fast) {
            st->q_issue = r->q_qmul;
            if (r->q_qmul) {
                int64_t inc = (int64_t)r->snap[r->q_i][r->q_p] - (int64_t)r->snap_prev[r->q_i][r->q_p];
                uint64_t x = (uint64_t)r->q_comp + (inc > 0 ? (uint64_t)inc : 0u);
                st->y = x * in->cfg_cell_cycles[r->q_o];
            }
            if (r->q_issue) {
                st->out.pp_valid = true;
                st->out.pp_port = (uint8_t)r->q_i;
                st->out.pp_prio = (uint8_t)r->q_p;
                st->out.pp_quanta = pause_quanta(st, r->y, in->cfg_quanta_step[r->q_i]);
                st->out.stat_pp[r->q_i][r->q_p] = true;
            }
        }
    }

    /* The LFSR (fg_lfsr, load before step): one step per pick, in PICK. */
    if (in->cfg_seed_load) {
        FG_COV(st, FG_PPFC_COV_SEED_LOAD);
        st->lfsr = fg_lfsr_seed(in->cfg_seed);
    } else if (lfsr_step) {
        st->lfsr = fg_lfsr_next(r->lfsr);
    }

    st->out.busy = st->fsm != FG_PPFC_S_IDLE || st->q_qmul || st->q_issue;
    *out = st->out;
}
