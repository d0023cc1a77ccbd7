/* ecn_red.c - C twin of rtl/switch/fg_ecn_red.v (see ecn_red.h). */
#include "switch/ecn_red.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/lfsr.h"

const char *const fg_ecn_red_cov_names[FG_ECN_RED_COV_N] = {
    "not_ect",   "prio_off",  "below_kmin", "at_kmin", "above_kmax", "at_kmax",
    "band_mark", "band_pass", "p_zero",     "p_sat",   "seed_load",
};

const char *fg_ecn_red_cfg_error(const fg_ecn_red_cfg *cfg)
{
    if (cfg->n_ports < 1 || cfg->n_ports > FG_ECN_RED_MAX_PORTS)
        return "fg_ecn_red: n_ports (RTL parameter N_PORTS) out of range, legal 1..32";
    if (cfg->n_prio < 1 || cfg->n_prio > FG_ECN_RED_MAX_PRIO)
        return "fg_ecn_red: n_prio (RTL parameter N_PRIO) out of range, legal 1..8";
    if (cfg->cw < 1 || cfg->cw > 31)
        return "fg_ecn_red: cw (RTL parameter CW) out of range, legal 1..31";
    return NULL;
}

static uint32_t port_seed(uint32_t seed, int i)
{
    return fg_lfsr_seed(seed ^ (uint32_t)(FG_ECN_RED_SEED_MIX * (uint32_t)i));
}

int fg_ecn_red_reset(fg_ecn_red_state *st, const fg_ecn_red_cfg *cfg)
{
    if (fg_ecn_red_cfg_error(cfg))
        return -1; /* state untouched: fg_ecn_red_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    for (int i = 0; i < cfg->n_ports; i++)
        st->lfsr[i] = port_seed(cfg->reset_seed, i);
    return 0;
}

void fg_ecn_red_outputs(const fg_ecn_red_state *st, fg_ecn_red_out *out)
{
    for (int i = 0; i < FG_ECN_RED_MAX_PORTS; i++)
        out->mark[i] = i < st->cfg.n_ports && st->mark[i];
}

void fg_ecn_red_step(fg_ecn_red_state *st, const fg_ecn_red_in *in, fg_ecn_red_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio;
    const uint32_t cmask = (uint32_t)fg_mask(st->cfg.cw);
    const uint32_t kmin = in->cfg_kmin & cmask, kmax = in->cfg_kmax & cmask;
    if (in->cfg_seed_load)
        FG_COV(st, FG_ECN_RED_COV_SEED_LOAD);
    for (int i = 0; i < N; i++) {
        const unsigned p = in->enq_prio[i] & 7u;
        const int o = in->enq_dst[i];
        bool mark = false;
        if (!in->enq_valid[i]) {
            /* no enq: no decision */
        } else if (!in->enq_ect[i]) {
            FG_COV(st, FG_ECN_RED_COV_NOT_ECT);
        } else if ((int)p >= P || !((in->cfg_prio_mask >> p) & 1u)) {
            FG_COV(st, FG_ECN_RED_COV_PRIO_OFF);
        } else {
            const uint32_t q = in->egress_cnt[o][p] & cmask;
            if (q >= kmax) { /* SPEC 7: p = 1 at or above Kmax (also when Kmin = Kmax) */
                FG_COV(st, q == kmax ? FG_ECN_RED_COV_AT_KMAX : FG_ECN_RED_COV_ABOVE_KMAX);
                mark = true;
            } else if (q <= kmin) {
                FG_COV(st, q == kmin ? FG_ECN_RED_COV_AT_KMIN : FG_ECN_RED_COV_BELOW_KMIN);
            } else {
                const uint64_t prob = (uint64_t)(q - kmin) * in->cfg_slope;
                mark = prob >> 32 != 0 || st->lfsr[i] < (uint32_t)prob;
                if (in->cfg_slope == 0)
                    FG_COV(st, FG_ECN_RED_COV_P_ZERO);
                if (prob >> 32 != 0)
                    FG_COV(st, FG_ECN_RED_COV_P_SAT);
                FG_COV(st, mark ? FG_ECN_RED_COV_BAND_MARK : FG_ECN_RED_COV_BAND_PASS);
            }
        }
        st->mark[i] = mark;
        /* The LFSR loads (priority) or steps once per enq of this port. */
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the LFSR steps only on ECN-capable enqs,
         * so the draws drift away from the RTL's after the first non-ECT packet. */
        const bool step = in->enq_valid[i] && in->enq_ect[i];
#else
        const bool step = in->enq_valid[i];
#endif
        if (in->cfg_seed_load)
            st->lfsr[i] = port_seed(in->cfg_seed, i);
        else if (step)
            st->lfsr[i] = fg_lfsr_next(st->lfsr[i]);
    }
    fg_ecn_red_outputs(st, out);
}
