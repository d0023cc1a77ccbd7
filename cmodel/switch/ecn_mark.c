/* ecn_mark.c - C twin of rtl/switch/fg_ecn_mark.v (see ecn_mark.h). */
#include "switch/ecn_mark.h"

#include <string.h>

#include "common/lfsr.h"

const char *const fg_ecn_mark_cov_names[FG_ECN_MARK_COV_N] = {
    "not_ect", "prio_off", "below_kmin", "at_kmin", "above_kmax", "at_kmax", "band_mark",
    "band_pass", "p_zero", "p_sat", "seed_load", "back_to_back",
};

const char *fg_ecn_mark_cfg_error(const fg_ecn_mark_cfg *cfg)
{
    if (cfg->n_prio < 1 || cfg->n_prio > FG_ECN_MARK_MAX_PRIO)
        return "fg_ecn_mark: n_prio (RTL parameter N_PRIO) out of range, legal 1..8";
    if (cfg->cw < 1 || cfg->cw > 31)
        return "fg_ecn_mark: cw (RTL parameter CW) out of range, legal 1..31";
    return NULL;
}

int fg_ecn_mark_reset(fg_ecn_mark_state *st, const fg_ecn_mark_cfg *cfg)
{
    if (fg_ecn_mark_cfg_error(cfg))
        return -1; /* state untouched: fg_ecn_mark_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->lfsr = fg_lfsr_seed(cfg->reset_seed);
    return 0;
}

void fg_ecn_mark_outputs(const fg_ecn_mark_state *st, fg_ecn_mark_out *out) { out->mark = st->mark; }

void fg_ecn_mark_step(fg_ecn_mark_state *st, const fg_ecn_mark_in *in, fg_ecn_mark_out *out)
{
    const int P = st->cfg.n_prio, CW = st->cfg.cw;
    const uint64_t cmask = fg_mask(CW);
    /* the configuration as registered on the last edge (the RTL's cq_* registers) */
    const uint32_t kmin = (uint32_t)(st->cq_kmin & cmask), kmax = (uint32_t)(st->cq_kmax & cmask);
    fg_ecn_mark_state n = *st;
    n.cq_prio_mask = in->cfg_prio_mask;
    n.cq_kmin = in->cfg_kmin;
    n.cq_kmax = in->cfg_kmax;
    n.cq_slope = in->cfg_slope;

    /* edge 1: eligibility, the draw; the LFSR loads (priority) or steps */
    const unsigned p = in->in_prio & 7u;
    n.s1_elig = in->in_valid && in->in_ect && (int)p < P && ((st->cq_prio_mask >> p) & 1u);
    n.s1_rnd = st->lfsr;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: a step wins over a seed load on the same edge
     * (the RTL's load has priority). The directed sequence never loads and steps together. */
    if (in->cfg_seed_load && !in->in_valid) {
#else
    if (in->cfg_seed_load) {
#endif
        n.lfsr = fg_lfsr_seed(in->cfg_seed);
        FG_COV(st, FG_ECN_MARK_COV_SEED_LOAD);
    } else if (in->in_valid) {
        n.lfsr = fg_lfsr_next(st->lfsr);
    }
    if (in->in_valid && !in->in_ect)
        FG_COV(st, FG_ECN_MARK_COV_NOT_ECT);
    else if (in->in_valid && !n.s1_elig)
        FG_COV(st, FG_ECN_MARK_COV_PRIO_OFF);
    if (in->in_valid && st->prev_valid)
        FG_COV(st, FG_ECN_MARK_COV_BACK_TO_BACK);
    n.prev_valid = in->in_valid;

    /* edge 2: the user loads the EQ's length (in_q) */
    n.s2_elig = st->s1_elig, n.s2_rnd = st->s1_rnd;

    /* edge 3: q is in_q as presented before this edge */
    const uint32_t q = (uint32_t)(in->in_q & cmask);
    n.s3_elig = st->s2_elig, n.s3_rnd = st->s2_rnd;
    n.s3_d = (uint32_t)((q - kmin) & cmask);
    n.s3_ge = q >= kmax;
    n.s3_le = q <= kmin;
    if (st->s2_elig) {
        if (q >= kmax)
            FG_COV(st, q == kmax ? FG_ECN_MARK_COV_AT_KMAX : FG_ECN_MARK_COV_ABOVE_KMAX);
        else if (q <= kmin)
            FG_COV(st, q == kmin ? FG_ECN_MARK_COV_AT_KMIN : FG_ECN_MARK_COV_BELOW_KMIN);
    }

    /* edge 4: the half products */
    n.s4_elig = st->s3_elig, n.s4_rnd = st->s3_rnd, n.s4_ge = st->s3_ge, n.s4_le = st->s3_le;
    n.s4_lo = (uint64_t)st->s3_d * (st->cq_slope & 0xFFFFu);
    n.s4_hi = (uint64_t)st->s3_d * (st->cq_slope >> 16);
    if (st->s3_elig && !st->s3_ge && !st->s3_le && st->cq_slope == 0)
        FG_COV(st, FG_ECN_MARK_COV_P_ZERO);

    /* edge 5: their sum, Q(CW).32 (fits CW + 32 bits: d < 2^CW) */
    n.s5_elig = st->s4_elig, n.s5_rnd = st->s4_rnd, n.s5_ge = st->s4_ge, n.s5_le = st->s4_le;
    n.s5_prob = st->s4_lo + (st->s4_hi << 16);

    /* edge 6: the decision */
    const bool sat = (st->s5_prob >> 32) != 0;
    const bool draw = sat || st->s5_rnd < (uint32_t)st->s5_prob;
    n.mark = st->s5_elig && (st->s5_ge || (!st->s5_le && draw));
    if (st->s5_elig && !st->s5_ge && !st->s5_le) {
        if (sat)
            FG_COV(st, FG_ECN_MARK_COV_P_SAT);
        FG_COV(st, draw ? FG_ECN_MARK_COV_BAND_MARK : FG_ECN_MARK_COV_BAND_PASS);
    }

    memcpy(n.cov, st->cov, sizeof n.cov);
    *st = n;
    fg_ecn_mark_outputs(st, out);
}
