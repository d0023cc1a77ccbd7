/* nic_core.c - C twin of rtl/top/fg_nic_core.v (see nic_core.h). */
#include "top/nic_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_nic_core_cov_names[FG_NIC_CORE_COV_N] = {
    "tx_start", "wait_credit", "wait_pft", "wait_both", "seed_reload",
    "cong_ft_fi", "cong_ft_ri", "cong_at_fi", "cong_at_ri",
    "gfc_start", "gfc_hold_time", "gfc_hold_stage", "gfc_rate_scaled", "gfc_rate_full", "gfc_rate_zero",
    "gfc_rate_off", "gfc_stage_rx",
};

/* PFT instance parameters fixed by the core: 12-bit credits, 32-bit f(c), 16-bit windows. */
static const fg_pft_cfg nic_pft_cfg = {12, 32, 16, 1u};
/* GFC rate limiter parameters fixed by the core (SW is the core's): MAX_STAGE 20, DW 12. */
#define NIC_GFC_MAX_STAGE 20
#define NIC_GFC_DW 12

const char *fg_nic_core_cfg_error(const fg_nic_core_cfg *cfg)
{
    if (cfg->sw < 1 || cfg->sw > 12)
        return "fg_nic_core: sw (RTL parameter SW) must be in 1..12";
    if (cfg->fw < 1 || cfg->fw > 24)
        return "fg_nic_core: fw (RTL parameter FW) must be in 1..24";
    if (cfg->cnt_w < 8 || cfg->cnt_w > 32)
        return "fg_nic_core: cnt_w (RTL parameter CNT_W) must be in 8..32";
    if (cfg->gfc_pipe < 0 || cfg->gfc_pipe > 2)
        return "fg_nic_core: gfc_pipe (RTL parameter GFC_PIPE) must be in 0..2";
    return NULL;
}

int fg_nic_core_reset(fg_nic_core_state *st, const fg_nic_core_cfg *cfg)
{
    if (fg_nic_core_cfg_error(cfg))
        return -1; /* state untouched: fg_nic_core_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    fg_csr_nic_cfg ccfg = {cfg->cnt_w};
    fg_cbfc_tx_cfg tcfg = {cfg->sw};
    fg_cbfc_rx_cfg rcfg = {cfg->sw, cfg->fw};
    fg_csr_nic_reset(&st->csr, &ccfg);
    fg_cbfc_tx_reset(&st->tx, &tcfg);
    fg_cbfc_rx_reset(&st->rx, &rcfg);
    fg_pft_reset(&st->pft, &nic_pft_cfg);
    fg_gfc_time_cfg gcfg = {.pipe = cfg->gfc_pipe};
    fg_rate_limiter_cfg lcfg = {
        .sw = cfg->sw, .max_stage = NIC_GFC_MAX_STAGE, .dw = NIC_GFC_DW, .pipe = cfg->gfc_pipe > 0 ? 1 : 0};
    fg_gfc_time_reset(&st->gfc_time, &gcfg);
    fg_rate_limiter_reset(&st->gfc_lim, &lcfg);
    fg_csr_nic_outputs(&st->csr, &st->csr_out);
    fg_cbfc_tx_outputs(&st->tx, &st->tx_out);
    fg_cbfc_rx_outputs(&st->rx, &st->rx_out);
    fg_pft_out_after_reset(&st->pft, &st->pft_out);
    st->gfc_time_out = st->gfc_time.r;
    st->gfc_lim_out.allow = st->gfc_lim.allow;
    st->gfc_lim_out.stat_start = false;
    st->gfc_lim_out.stat_early = false;
    st->gfc_stage = 0;
    st->seed_seen = st->csr_out.cfg_seed;
    return 0;
}

void fg_nic_core_outputs(const fg_nic_core_state *st, fg_nic_core_out *out)
{
    out->csr_ready = st->csr_out.csr_ready;
    out->csr_rdata = st->csr_out.csr_rdata;
    bool gfc_hold = st->csr_out.cfg_gfc_enable && !st->gfc_lim_out.allow;
    out->tx_start = st->tx_out.can_send && st->pft_out.allow && !gfc_hold;
    out->tx_fccl_valid = st->rx_out.fccl_valid;
    out->tx_fccl = st->rx_out.fccl;
    out->pft_congested = st->pft_out.congested;
    out->credits_in_use = st->tx_out.credits_in_use;
    out->credits_avail = st->tx_out.credits_avail;
    out->fccl = st->tx_out.fccl;
    out->fctbs = st->tx_out.fctbs;
    out->cfg_error = st->csr_out.cfg_error;
    out->gfc_rate = st->gfc_time_out.rate;
    out->gfc_stage = st->gfc_stage;
    out->gfc_hold = gfc_hold;
}

void fg_nic_core_step(fg_nic_core_state *st, const fg_nic_core_in *in, fg_nic_core_out *out)
{
    const fg_csr_nic_out *cfg = &st->csr_out;
    uint32_t sw_mask = (uint32_t)fg_mask(st->cfg.sw);
    bool can = st->tx_out.can_send, allow = st->pft_out.allow;
    bool gfc_on = cfg->cfg_gfc_enable, gfc_hold = gfc_on && !st->gfc_lim_out.allow;

    /* coverage of the combination, from the registered values of this cycle */
    if (in->tx_head_valid) {
        if (can && allow)
            FG_COV(st, FG_NIC_CORE_COV_TX_START);
        else if (allow)
            FG_COV(st, FG_NIC_CORE_COV_WAIT_CREDIT);
        else if (can)
            FG_COV(st, FG_NIC_CORE_COV_WAIT_PFT);
        else
            FG_COV(st, FG_NIC_CORE_COV_WAIT_BOTH);
    }
    if (st->pft_out.congested)
        FG_COV(st, FG_NIC_CORE_COV_CONG_FT_FI + (cfg->cfg_pft_strategy ? 2 : 0) + (cfg->cfg_pft_injection ? 1 : 0));
    if (st->seed_load)
        FG_COV(st, FG_NIC_CORE_COV_SEED_RELOAD);
    if (gfc_on && in->tx_head_valid && can && allow)
        FG_COV(st, !gfc_hold                ? FG_NIC_CORE_COV_GFC_START
                   : cfg->cfg_gfc_mode ? FG_NIC_CORE_COV_GFC_HOLD_STAGE
                                       : FG_NIC_CORE_COV_GFC_HOLD_TIME);
    if (st->gfc_time_out.stat_update) {
        if (!gfc_on)
            FG_COV(st, FG_NIC_CORE_COV_GFC_RATE_OFF);
        else if (!cfg->cfg_gfc_mode)
            FG_COV(st, st->gfc_time_out.stat_full   ? FG_NIC_CORE_COV_GFC_RATE_FULL
                       : st->gfc_time_out.stat_zero ? FG_NIC_CORE_COV_GFC_RATE_ZERO
                                                    : FG_NIC_CORE_COV_GFC_RATE_SCALED);
    }
    if (in->rx_gfc_valid)
        FG_COV(st, FG_NIC_CORE_COV_GFC_STAGE_RX);

    /* every sub-block's inputs from the registered outputs before this edge */
    fg_csr_nic_in ci = {0};
    ci.csr_wr = in->csr_wr;
    ci.csr_rd = in->csr_rd;
    ci.csr_addr = in->csr_addr & 0xFFFu;
    ci.csr_wdata = in->csr_wdata;
    ci.stat_pft_change[0] = st->pft_out.stat_enter || st->pft_out.stat_exit;
    ci.stat_pft_throttled[0] = st->pft_out.stat_throttled;
    ci.stat_flit[0] = in->tx_flit;
    ci.stat_no_credit[0] = in->tx_head_valid && !can;
    ci.stat_gfc_wait[0] = in->tx_head_valid && gfc_hold;

    fg_cbfc_tx_in ti = {0};
    ti.cfg_rx_capacity = cfg->cfg_rx_capacity;
    ti.fccl_valid = in->rx_fccl_valid;
    ti.fccl_in = in->rx_fccl;
    ti.head_valid = in->tx_head_valid;
    ti.head_blocks = in->tx_head_blocks & sw_mask;
    ti.send = in->tx_pkt_start;
    ti.send_blocks = in->tx_head_blocks & sw_mask;

    fg_pft_in pi = {0};
    pi.c = st->tx_out.credits_in_use;
    pi.flit_req = in->tx_head_valid;
    pi.flit_sent = in->tx_flit;
    pi.cfg_enable = cfg->cfg_pft_enable;
    pi.cfg_strategy = cfg->cfg_pft_strategy ? FG_PFT_STRATEGY_AT : FG_PFT_STRATEGY_FT;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: the injection bit is ignored (always FI). */
    pi.cfg_injection = FG_PFT_INJECT_FI;
#else
    pi.cfg_injection = cfg->cfg_pft_injection ? FG_PFT_INJECT_RI : FG_PFT_INJECT_FI;
#endif
    pi.cfg_t_e = cfg->cfg_t_e;
    pi.cfg_t_s = cfg->cfg_t_s;
    pi.cfg_w_e = cfg->cfg_w_e;
    pi.cfg_n_e = cfg->cfg_n_e;
    pi.cfg_th_e = cfg->cfg_th_e;
    pi.cfg_w_s = cfg->cfg_w_s;
    pi.cfg_n_s = cfg->cfg_n_s;
    pi.cfg_th_s = cfg->cfg_th_s;
    pi.cfg_m = (uint8_t)cfg->cfg_m;
    pi.cfg_n = (uint8_t)cfg->cfg_n;
    pi.cfg_k = cfg->cfg_k;
    pi.cfg_seed = cfg->cfg_seed;
    pi.cfg_seed_load = st->seed_load;

    fg_gfc_time_in gi = {0};
    gi.cfg_enable = cfg->cfg_gfc_enable;
    gi.cfg_period = cfg->cfg_gfc_period;
    gi.cfg_recip = cfg->cfg_gfc_recip;
    gi.fccl = (uint16_t)st->tx_out.fccl;
    gi.fctbs = (uint16_t)st->tx_out.fctbs;

    fg_rate_limiter_in li = {0};
    li.cfg_token_mode = !cfg->cfg_gfc_mode;
    li.stage = st->gfc_stage;
    li.cfg_rate = st->gfc_time_out.rate;
    li.cfg_depth = cfg->cfg_gfc_depth;
    li.pkt_start = in->tx_pkt_start;
    li.pkt_cells = in->tx_head_blocks & sw_mask;

    fg_cbfc_rx_in ri = {0};
    ri.cfg_tfc = cfg->cfg_tfc;
    ri.rx_valid = in->rx_blocks_valid;
    ri.rx_blocks = in->rx_blocks & sw_mask;
    ri.free_blocks = in->rx_free_blocks & (uint32_t)fg_mask(st->cfg.fw);
    ri.fccl_req = in->rx_fccl_req;

    /* the core's own registers: a changed seed is loaded on the next edge */
    bool seed_load = cfg->cfg_seed != st->seed_seen;
    st->seed_seen = cfg->cfg_seed;
    st->seed_load = seed_load;
    if (in->rx_gfc_valid)
        st->gfc_stage = in->rx_gfc_stage & 0x1Fu;

    fg_csr_nic_step(&st->csr, &ci, &st->csr_out);
    fg_cbfc_tx_step(&st->tx, &ti, &st->tx_out);
    fg_pft_step(&st->pft, &pi, &st->pft_out);
    fg_gfc_time_step(&st->gfc_time, &gi, &st->gfc_time_out);
    fg_rate_limiter_step(&st->gfc_lim, &li, &st->gfc_lim_out);
    fg_cbfc_rx_step(&st->rx, &ri, &st->rx_out);
    fg_nic_core_outputs(st, out);
}
