/* cbfc_tx.c - C twin of rtl/mac/fg_cbfc_tx.v (see cbfc_tx.h). */
#include "mac/cbfc_tx.h"

#include "mac/cbfc_rx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_cbfc_tx_cov_names[FG_CBFC_TX_COV_N] = {
    "fccl_update", "fccl_wrap", "send",    "send_no_credit", "fctbs_wrap", "send_and_fccl",
    "can_send",    "exact_fit", "blocked", "gap",            "no_head",    "c_sat0",
    "fccl_lowers", "credit_late",
};

const char *fg_cbfc_tx_cfg_error(const fg_cbfc_tx_cfg *cfg)
{
    if (cfg->sw < 1 || cfg->sw > 12)
        return "fg_cbfc_tx: sw (RTL parameter SW) must be in 1..12";
    return NULL;
}

int fg_cbfc_tx_reset(fg_cbfc_tx_state *st, const fg_cbfc_tx_cfg *cfg)
{
    if (fg_cbfc_tx_cfg_error(cfg))
        return -1; /* state untouched: fg_cbfc_tx_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

void fg_cbfc_tx_outputs(const fg_cbfc_tx_state *st, fg_cbfc_tx_out *out) { *out = st->r; }

void fg_cbfc_tx_step(fg_cbfc_tx_state *st, const fg_cbfc_tx_in *in, fg_cbfc_tx_out *out)
{
    fg_cbfc_tx_out *r = &st->r;
    uint32_t m = (uint32_t)fg_mask(st->cfg.sw);
    uint32_t send_blocks = in->send ? (in->send_blocks & m) : 0u;
    uint32_t head_blocks = in->head_blocks & m;
    uint32_t cap = in->cfg_rx_capacity & FG_CBFC_MOD_MASK;
    uint32_t fccl_in = in->fccl_in & FG_CBFC_MOD_MASK;

    bool no_credit = in->send && send_blocks > r->credits_avail;
    if (in->send)
        FG_COV(st, no_credit ? FG_CBFC_TX_COV_SEND_NO_CREDIT : FG_CBFC_TX_COV_SEND);
    if (in->fccl_valid) {
        FG_COV(st, FG_CBFC_TX_COV_FCCL_UPDATE);
        if (fccl_in < r->fccl)
            FG_COV(st, FG_CBFC_TX_COV_FCCL_WRAP);
        if (in->send)
            FG_COV(st, FG_CBFC_TX_COV_SEND_AND_FCCL);
    }
    if (r->fctbs + send_blocks > FG_CBFC_MOD_MASK)
        FG_COV(st, FG_CBFC_TX_COV_FCTBS_WRAP);

    uint32_t fccl = in->fccl_valid ? fccl_in : r->fccl;
    uint32_t fctbs = (r->fctbs + send_blocks) & FG_CBFC_MOD_MASK;
    uint32_t avail = (fccl - fctbs) & FG_CBFC_MOD_MASK;
    /* a new FCCL that cannot lower the credits: both the raise and the credits below 2048 */
    bool fccl_raise = ((fccl_in - r->fccl) & FG_CBFC_MOD_MASK) < 2048u && r->credits_avail < 2048u;
    bool can;
    if (!in->head_valid) {
        FG_COV(st, FG_CBFC_TX_COV_NO_HEAD);
        can = false;
    } else if (in->send) {
        FG_COV(st, FG_CBFC_TX_COV_GAP);
        can = false;
    } else if (in->fccl_valid && !fccl_raise) {
        FG_COV(st, FG_CBFC_TX_COV_FCCL_LOWERS);
        can = false;
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: an exact fit is refused. */
    } else if (r->credits_avail > head_blocks) {
#else
    } else if (r->credits_avail >= head_blocks) {
#endif
        FG_COV(st, r->credits_avail == head_blocks ? FG_CBFC_TX_COV_EXACT_FIT
                                                   : FG_CBFC_TX_COV_CAN_SEND);
        can = true;
    } else {
        FG_COV(st, avail >= head_blocks ? FG_CBFC_TX_COV_CREDIT_LATE : FG_CBFC_TX_COV_BLOCKED);
        can = false;
    }
    /* c is formed from the registered credits_avail (the one before this edge): the RTL keeps
     * the subtraction after the register, so credits_in_use is one edge behind credits_avail */
    if (r->credits_avail > cap)
        FG_COV(st, FG_CBFC_TX_COV_C_SAT0);
    r->credits_in_use = r->credits_avail > cap ? 0u : cap - r->credits_avail;

    r->fccl = fccl;
    r->fctbs = fctbs;
    r->credits_avail = avail;
    r->can_send = can;
    r->stat_no_credit = no_credit;
    *out = *r;
}
