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

void fg_ppfc_reset(fg_ppfc_state *st, const fg_ppfc_cfg *cfg)
{
    char msg[200];
    if (fg_ppfc_check_cfg(cfg, msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        abort();
    }
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->lfsr = 1u;
    st->fsm = FG_PPFC_S_IDLE;
}

void fg_ppfc_reset_edge(fg_ppfc_state *st, const fg_ppfc_cfg *cfg, const fg_ppfc_in *in, fg_ppfc_out *out)
{
    fg_ppfc_reset(st, cfg);
    /* The RTL drives the LFSR's load with rst | cfg_seed_load: a reset loads cfg_seed. */
    st->lfsr = fg_lfsr_seed(in->cfg_seed);
    *out = st->out;
}

/* Starts the serial multiplier: the product is what the RTL's accumulator holds after
 * `steps` cycles (exact: every factor fits 4*steps bits and the product CW+41 bits). */
static void mul_start(fg_ppfc_state *st, uint64_t a, uint64_t b, uint32_t steps, int next_fsm)
{
    st->mul_acc = a * b;
    st->mul_cnt = steps;
    st->fsm = next_fsm;
}

/* One multiplier cycle: the state after the last step is `done`. */
static void mul_run(fg_ppfc_state *st, const fg_ppfc_state *r, int done)
{
    st->mul_cnt = r->mul_cnt - 1u;
    if (r->mul_cnt <= 1u) st->fsm = done;
}

/* After an EQ: the next one, or the end of the decision. */
static void next_eq(fg_ppfc_state *st, const fg_ppfc_state *r)
{
    const int P = st->cfg.n_prio, N = st->cfg.n_ports;
    if (r->p == P - 1 && r->o == N - 1) {
        st->fsm = FG_PPFC_S_IDLE;
    } else {
        st->p = (r->p == P - 1) ? 0 : r->p + 1;
        st->o = (r->p == P - 1) ? r->o + 1 : r->o;
        st->fsm = FG_PPFC_S_GATE;
    }
}

void fg_ppfc_step(fg_ppfc_state *st, const fg_ppfc_in *in, fg_ppfc_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio, CW = st->cfg.cw;
    const uint64_t cmax = fg_mask(CW);
    const fg_ppfc_state old = *st; /* the registered values of this edge */
    const fg_ppfc_state *r = &old;

    /* output pulses default to 0 */
    memset(&st->out, 0, sizeof st->out);
    bool lfsr_step = false;

    const uint32_t interval = in->cfg_interval & 0xFFFFFFu;
    const bool tick = in->cfg_enable && ((uint64_t)r->ivl_cnt + 1u >= (uint64_t)interval);

    if (!in->cfg_enable) {
        /* Disabled: no boundaries, no decision; snapshots track the occupancy so that the
         * first interval after enabling measures a real increment. */
        if (r->fsm != FG_PPFC_S_IDLE) FG_COV(st, FG_PPFC_COV_DISABLE_ABORT);
        st->ivl_cnt = 0;
        st->fsm = FG_PPFC_S_IDLE;
        st->pending = false;
        for (int i = 0; i < N; i++)
            for (int p = 0; p < P; p++) {
                uint64_t occ = (uint64_t)(in->ingress_cnt[i][p] & cmax) + (in->hdrm_cnt[i][p] & cmax);
                st->snap[i][p] = (uint32_t)(occ > cmax ? cmax : occ);
                st->inc[i][p] = 0;
                st->hold[i][p] = 0;
            }
    } else {
        st->ivl_cnt = tick ? 0u : ((r->ivl_cnt + 1u) & 0xFFFFFFu);
        if (tick) {
            FG_COV(st, FG_PPFC_COV_BOUNDARY);
            for (int i = 0; i < N; i++)
                for (int p = 0; p < P; p++) {
                    uint64_t occ = (uint64_t)(in->ingress_cnt[i][p] & cmax) + (in->hdrm_cnt[i][p] & cmax);
                    if (occ > cmax) {
                        FG_COV(st, FG_PPFC_COV_OCC_SAT);
                        occ = cmax;
                    }
                    st->inc[i][p] = (int32_t)occ - (int32_t)r->snap[i][p];
                    if (st->inc[i][p] < 0) FG_COV(st, FG_PPFC_COV_INC_NEGATIVE);
                    st->snap[i][p] = (uint32_t)occ;
                    if (r->hold[i][p]) {
                        if (r->hold[i][p] == 1) FG_COV(st, FG_PPFC_COV_HOLD_EXPIRE);
                        st->hold[i][p] = (uint16_t)(r->hold[i][p] - 1u);
                    }
                }
        }
        if (tick && r->fsm != FG_PPFC_S_IDLE) {
            FG_COV(st, FG_PPFC_COV_OVERRUN);
            st->pending = true;
            st->out.stat_overrun = true;
        }

        const int o = r->o, p = r->p, i = r->i;
        switch (r->fsm) {
            case FG_PPFC_S_IDLE:
                if (tick || r->pending) {
                    if (r->pending) FG_COV(st, FG_PPFC_COV_PENDING_START);
                    st->pending = false;
                    st->fsm = FG_PPFC_S_SUM;
                    st->i = 0;
                    st->p = 0;
                    st->inc_total = 0;
                }
                break;
            case FG_PPFC_S_SUM: {
                /* PG (i,p), priority fastest */
                int64_t total = r->inc_total + r->inc[i][p];
                st->inc_total = total;
                if (i == N - 1 && p == P - 1) {
                    mul_start(st, total > 0 ? (uint64_t)total : 0u, in->cfg_horizon, FG_PPFC_STEPS_PRED,
                              FG_PPFC_S_PRED_MUL);
                } else {
                    st->p = (p == P - 1) ? 0 : p + 1;
                    st->i = (p == P - 1) ? i + 1 : i;
                }
                break;
            }
            case FG_PPFC_S_PRED_MUL: mul_run(st, r, FG_PPFC_S_PRED); break;
            case FG_PPFC_S_PRED:
                if (r->inc_total <= 0) {
                    FG_COV(st, FG_PPFC_COV_PRED_NONPOS);
                    st->fsm = FG_PPFC_S_IDLE;
                } else if ((uint64_t)(in->shared_free & cmax) >= r->mul_acc) {
                    FG_COV(st, FG_PPFC_COV_PRED_SPACE_OK);
                    st->fsm = FG_PPFC_S_IDLE;
                } else {
                    FG_COV(st, FG_PPFC_COV_PRED_FIRE);
                    st->o = 0;
                    st->p = 0;
                    st->fsm = FG_PPFC_S_GATE;
                }
                break;
            case FG_PPFC_S_GATE: {
                uint32_t eg = in->egress_cnt[o][p] & (uint32_t)cmax;
                if (!((in->cfg_lossless >> p) & 1u)) {
                    FG_COV(st, FG_PPFC_COV_GATE_LOSSY);
                    next_eq(st, r);
                } else if (eg <= (in->cfg_kmax & (uint32_t)cmax)) {
                    FG_COV(st, FG_PPFC_COV_GATE_KMAX);
                    next_eq(st, r);
                } else {
                    FG_COV(st, FG_PPFC_COV_GATE_PASS);
                    st->out.stat_predict = true;
                    st->i = 0;
                    st->rem = 0;
                    st->chosen_sum = 0;
                    mul_start(st, eg, in->cfg_ratio & 0x1FFFFu, FG_PPFC_STEPS_RATIO, FG_PPFC_S_EQ_MUL);
                }
                break;
            }
            case FG_PPFC_S_EQ_MUL: mul_run(st, r, FG_PPFC_S_CAND); break;
            case FG_PPFC_S_CAND: {
                st->target = r->mul_acc;
                uint32_t c = in->comp_cnt[o][p][i] & (uint32_t)cmax;
                int32_t inc = r->inc[i][p];
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
                uint64_t rem = r->rem + (ok ? c : 0u);
                st->rem = rem;
                if (i == N - 1) {
                    if (rem == 0) {
                        FG_COV(st, FG_PPFC_COV_EQ_NO_CAND);
                        next_eq(st, r);
                    } else {
                        mul_start(st, rem, r->lfsr, FG_PPFC_STEPS_PICK, FG_PPFC_S_PICK_MUL);
                        lfsr_step = true;
                    }
                } else {
                    st->i = i + 1;
                }
                break;
            }
            case FG_PPFC_S_PICK_MUL:
                mul_run(st, r, FG_PPFC_S_SELECT);
                st->i = 0;
                st->run = 0;
                break;
            case FG_PPFC_S_SELECT: {
                uint64_t pick_r = r->mul_acc >> 32;
                uint64_t run = r->run + (r->cand[i] ? r->comp_snap[i] : 0u);
                if (r->cand[i] && run > pick_r) {
                    if (r->run != 0) FG_COV(st, FG_PPFC_COV_SELECT_PASS);
                    st->chosen = i;
                    st->cand[i] = false;
                    st->rem = r->rem - r->comp_snap[i];
                    st->chosen_sum = r->chosen_sum + r->comp_snap[i];
                    int32_t inc = r->inc[i][p];
                    uint64_t x = (uint64_t)r->comp_snap[i] + (inc > 0 ? (uint64_t)inc : 0u);
                    mul_start(st, x, in->cfg_cell_cycles[o], FG_PPFC_STEPS_CELL, FG_PPFC_S_QMUL1);
                } else if (i == N - 1) {
                    next_eq(st, r); /* unreachable: the last candidate always ends the scan */
                } else {
                    st->i = i + 1;
                    st->run = run;
                }
                break;
            }
            case FG_PPFC_S_QMUL1: mul_run(st, r, FG_PPFC_S_QLOAD2); break;
            case FG_PPFC_S_QLOAD2:
                mul_start(st, r->mul_acc, in->cfg_quanta_step[r->chosen] & 0xFFFFFFu, FG_PPFC_STEPS_QSTEP,
                          FG_PPFC_S_QMUL2);
                break;
            case FG_PPFC_S_QMUL2: mul_run(st, r, FG_PPFC_S_ISSUE); break;
            case FG_PPFC_S_ISSUE: {
                uint64_t q = r->mul_acc >> 24;
                uint16_t quanta;
                if (q > 0xFFFFu) {
                    FG_COV(st, FG_PPFC_COV_QUANTA_SAT);
                    quanta = 0xFFFFu;
                } else if (q == 0 && r->mul_acc != 0) {
                    FG_COV(st, FG_PPFC_COV_QUANTA_MIN1);
                    quanta = 1u;
                } else if (q == 0) {
                    FG_COV(st, FG_PPFC_COV_QUANTA_ZERO);
                    quanta = 0u;
                } else {
                    FG_COV(st, FG_PPFC_COV_QUANTA_EXACT);
                    quanta = (uint16_t)q;
                }
                const int c = r->chosen;
                st->out.pp_valid = true;
                st->out.pp_port = (uint8_t)c;
                st->out.pp_prio = (uint8_t)p;
                st->out.pp_quanta = quanta;
                st->out.stat_pp[c][p] = true;
                if (in->cfg_holdoff == 0) FG_COV(st, FG_PPFC_COV_HOLD_ZERO_CFG);
                st->hold[c][p] = in->cfg_holdoff ? in->cfg_holdoff : 1u; /* wins over the boundary */
                if ((r->chosen_sum << 16) >= r->target) {
                    FG_COV(st, FG_PPFC_COV_STOP_RATIO);
                    next_eq(st, r);
                } else if (r->rem == 0) {
                    FG_COV(st, FG_PPFC_COV_STOP_NO_CAND);
                    next_eq(st, r);
                } else {
                    FG_COV(st, FG_PPFC_COV_REPICK);
                    mul_start(st, r->rem, r->lfsr, FG_PPFC_STEPS_PICK, FG_PPFC_S_PICK_MUL);
                    lfsr_step = true;
                }
                break;
            }
            default: st->fsm = FG_PPFC_S_IDLE; break;
        }
    }

    /* The LFSR (fg_lfsr, load before step): one step per pick, when its product starts. */
    if (in->cfg_seed_load) {
        FG_COV(st, FG_PPFC_COV_SEED_LOAD);
        st->lfsr = fg_lfsr_seed(in->cfg_seed);
    } else if (lfsr_step) {
        st->lfsr = fg_lfsr_next(r->lfsr);
    }

    st->out.busy = st->fsm != FG_PPFC_S_IDLE;
    *out = st->out;
}
