/* cbfc_rx.c - C twin of rtl/mac/fg_cbfc_rx.v (see cbfc_rx.h). */
#include "mac/cbfc_rx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_cbfc_rx_cov_names[FG_CBFC_RX_COV_N] = {
    "period", "request", "wait", "shortened", "tfc_zero", "rx", "abr_wrap", "clamp", "fccl_wrap", "rx_and_fccl",
};

const char *fg_cbfc_rx_cfg_error(const fg_cbfc_rx_cfg *cfg)
{
    if (cfg->sw < 1 || cfg->sw > 12)
        return "fg_cbfc_rx: sw (RTL parameter SW) must be in 1..12";
    if (cfg->fw < 1 || cfg->fw > 24)
        return "fg_cbfc_rx: fw (RTL parameter FW) must be in 1..24";
    return NULL;
}

int fg_cbfc_rx_reset(fg_cbfc_rx_state *st, const fg_cbfc_rx_cfg *cfg)
{
    if (fg_cbfc_rx_cfg_error(cfg))
        return -1; /* state untouched: fg_cbfc_rx_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    return 0;
}

void fg_cbfc_rx_outputs(const fg_cbfc_rx_state *st, fg_cbfc_rx_out *out)
{
    out->fccl_valid = st->fccl_valid;
    out->fccl = st->fccl;
    out->abr = st->abr;
}

void fg_cbfc_rx_step(fg_cbfc_rx_state *st, const fg_cbfc_rx_in *in, fg_cbfc_rx_out *out)
{
    uint32_t tfc = in->cfg_tfc & 0xFFFFu;
    uint32_t blocks = in->rx_valid ? (uint32_t)(in->rx_blocks & fg_mask(st->cfg.sw)) : 0u;
    uint32_t free_blocks = (uint32_t)(in->free_blocks & fg_mask(st->cfg.fw));
    if (tfc == 0) {
        FG_COV(st, FG_CBFC_RX_COV_TFC_ZERO);
        tfc = 1;
    }
    bool emit = in->fccl_req || st->timer == 0;
    if (emit) {
        FG_COV(st, st->timer == 0 ? FG_CBFC_RX_COV_PERIOD : FG_CBFC_RX_COV_REQUEST);
        uint32_t adv = free_blocks;
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the clamp lets 2048 blocks through. */
        if (adv > FG_CBFC_MAX_ADV + 1u) {
            FG_COV(st, FG_CBFC_RX_COV_CLAMP);
            adv = FG_CBFC_MAX_ADV + 1u;
        }
#else
        if (adv > FG_CBFC_MAX_ADV) {
            FG_COV(st, FG_CBFC_RX_COV_CLAMP);
            adv = FG_CBFC_MAX_ADV;
        }
#endif
        if (st->abr + adv > FG_CBFC_MOD_MASK)
            FG_COV(st, FG_CBFC_RX_COV_FCCL_WRAP);
        if (blocks)
            FG_COV(st, FG_CBFC_RX_COV_RX_AND_FCCL);
        st->fccl = (st->abr + adv) & FG_CBFC_MOD_MASK;
        st->fccl_valid = true;
        st->timer = tfc - 1u;
    } else {
        FG_COV(st, FG_CBFC_RX_COV_WAIT);
        uint32_t t = st->timer - 1u;
        if (t > tfc - 1u) {
            FG_COV(st, FG_CBFC_RX_COV_SHORTENED);
            t = tfc - 1u;
        }
        st->fccl_valid = false;
        st->timer = t;
    }
    if (blocks) {
        FG_COV(st, FG_CBFC_RX_COV_RX);
        if (st->abr + blocks > FG_CBFC_MOD_MASK)
            FG_COV(st, FG_CBFC_RX_COV_ABR_WRAP);
    }
    st->abr = (st->abr + blocks) & FG_CBFC_MOD_MASK;
    fg_cbfc_rx_outputs(st, out);
}
