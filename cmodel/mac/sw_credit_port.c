/* sw_credit_port.c - C twin of rtl/mac/fg_sw_credit_port.v (see sw_credit_port.h). */
#include "mac/sw_credit_port.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fg_sw_credit_port_cov_names[FG_SW_CREDIT_PORT_COV_N] = {
    "rx_cell",     "rx_last",   "free_zero",   "overrun",     "fccl_out",  "fccl_in",
    "send",        "send_no_credit", "send_early", "hold_credit", "hold_rate", "rate_scaled",
    "rate_full",   "rate_zero", "gfc_off",
};

/* Limiter parameters fixed by the block (SW is the block's): MAX_STAGE 20, DW 16. */
#define SWCP_RL_MAX_STAGE 20
#define SWCP_RL_DW 16

const char *fg_sw_credit_port_cfg_error(const fg_sw_credit_port_cfg *cfg)
{
    if (cfg->sw < 1 || cfg->sw > 12)
        return "fg_sw_credit_port: sw (RTL parameter SW) must be in 1..12";
    if (cfg->cw < 1 || cfg->cw > 30)
        return "fg_sw_credit_port: cw (RTL parameter CW) must be in 1..30";
    if (cfg->gfc_pipe < 0 || cfg->gfc_pipe > 2)
        return "fg_sw_credit_port: gfc_pipe (RTL parameter GFC_PIPE) must be in 0..2";
    return NULL;
}

/* -1 with "NAME V: legal range LO..HI UNIT" when v is outside lo..hi. */
static int range_error(const char *name, uint32_t v, uint32_t lo, uint32_t hi, const char *unit, char *msg, size_t n)
{
    if (v >= lo && v <= hi) return 0;
    snprintf(msg, n, "%s %u: legal range %u..%u%s", name, (unsigned)v, (unsigned)lo, (unsigned)hi, unit);
    return -1;
}

int fg_sw_credit_port_in_error(const fg_sw_credit_port_in *in, char *msg, size_t n)
{
    if (range_error("cfg_tfc", in->cfg_tfc, 1, 65535, " cycles", msg, n) ||
        range_error("cfg_allotment", in->cfg_allotment, 1, 2047, " blocks (FCCL - FCTBS < 2048)", msg, n) ||
        range_error("cfg_rx_capacity", in->cfg_rx_capacity, 1, 4095, " blocks", msg, n))
        return -1;
    if (!in->cfg_gfc_enable) return 0;
    if (range_error("cfg_gfc_period", in->cfg_gfc_period, 1, 0xFFFFFFu, " cycles", msg, n) ||
        range_error("cfg_gfc_recip", in->cfg_gfc_recip, 1, 0xFFFFFFu, "", msg, n) ||
        range_error("cfg_rl_depth", in->cfg_rl_depth, 1, 65535, " cells", msg, n))
        return -1;
    return 0;
}

/* Limiter and adjuster back to reset, their outputs as after a reset edge. */
static void gfc_reset(fg_sw_credit_port_state *st)
{
    fg_rate_limiter_cfg lcfg = {.sw = st->cfg.sw,
                                .max_stage = SWCP_RL_MAX_STAGE,
                                .dw = SWCP_RL_DW,
                                .pipe = st->cfg.gfc_pipe > 0 ? 1 : 0};
    fg_gfc_time_cfg gcfg = {.pipe = st->cfg.gfc_pipe};
    fg_rate_limiter_reset(&st->rl, &lcfg);
    fg_gfc_time_reset(&st->gt, &gcfg);
    st->rl_out.allow = st->rl.allow;
    st->rl_out.stat_start = false;
    st->rl_out.stat_early = false;
    st->gt_out = st->gt.r;
}

int fg_sw_credit_port_reset(fg_sw_credit_port_state *st, const fg_sw_credit_port_cfg *cfg)
{
    if (fg_sw_credit_port_cfg_error(cfg))
        return -1; /* state untouched: fg_sw_credit_port_cfg_error says why */
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    fg_cbfc_rx_cfg rcfg = {cfg->sw, 12};
    fg_cbfc_tx_cfg tcfg = {cfg->sw};
    fg_cbfc_rx_reset(&st->rx, &rcfg);
    fg_cbfc_tx_reset(&st->tx, &tcfg);
    fg_cbfc_rx_outputs(&st->rx, &st->rx_out);
    fg_cbfc_tx_outputs(&st->tx, &st->tx_out);
    gfc_reset(st);
    return 0;
}

void fg_sw_credit_port_outputs(const fg_sw_credit_port_state *st, fg_sw_credit_port_out *out)
{
    out->fccl_valid = st->rx_out.fccl_valid;
    out->fccl = st->rx_out.fccl;
    out->held = st->held;
    out->free_blocks = st->free_blocks;
    out->overrun = st->overrun;
    out->tx_fccl = st->tx_out.fccl;
    out->tx_fctbs = st->tx_out.fctbs;
    out->can_send = st->tx_out.can_send;
    out->credits_avail = st->tx_out.credits_avail;
    out->credits_in_use = st->tx_out.credits_in_use;
    out->stat_no_credit = st->tx_out.stat_no_credit;
    out->gfc_rate = st->gt_out.rate;
    out->gfc_update = st->gt_out.stat_update;
    out->gfc_allow = st->rl_out.allow;
}

void fg_sw_credit_port_step(fg_sw_credit_port_state *st, const fg_sw_credit_port_in *in, fg_sw_credit_port_out *out)
{
    const uint32_t sw_mask = (uint32_t)fg_mask(st->cfg.sw);
    const uint32_t cw_mask = (uint32_t)fg_mask(st->cfg.cw);
    const uint32_t rx_cells = in->rx_valid ? (in->rx_blocks & sw_mask) : 0;
    const uint32_t send_cells = in->send_blocks & sw_mask;
    const uint32_t allot = in->cfg_allotment & 0xFFFu;

    /* ---- receiver: what the PG holds before this edge ------------------------------- */
    const uint32_t held = (in->ingress_cnt & cw_mask) + st->partial;
    const uint32_t free_now = held >= allot ? 0 : allot - held;
    fg_cbfc_rx_in ri = {0};
    ri.cfg_tfc = in->cfg_tfc & 0xFFFFu;
    ri.rx_valid = in->rx_valid;
    ri.rx_blocks = in->rx_blocks & sw_mask;
    ri.free_blocks = free_now;
    ri.fccl_req = false;

    /* ---- sender ---------------------------------------------------------------------- */
    fg_cbfc_tx_in ti = {0};
    ti.cfg_rx_capacity = in->cfg_rx_capacity & 0xFFFu;
    ti.fccl_valid = in->fccl_in_valid;
    ti.fccl_in = in->fccl_in & 0xFFFu;
    ti.head_valid = in->head_valid;
    ti.head_blocks = in->head_blocks & sw_mask;
    ti.send = in->send;
    ti.send_blocks = send_cells;

    /* ---- GFC: both from the registered outputs before this edge ---------------------- */
    fg_rate_limiter_in li = {0};
    li.cfg_token_mode = true;
    li.stage = 0;
    li.cfg_rate = st->gt_out.rate;
    li.cfg_depth = in->cfg_rl_depth & 0xFFFFu;
    li.pkt_start = in->send;
    li.pkt_cells = send_cells;
    fg_gfc_time_in gi = {0};
    gi.cfg_enable = true;
    gi.cfg_period = in->cfg_gfc_period & 0xFFFFFFu;
    gi.cfg_recip = in->cfg_gfc_recip & 0xFFFFFFu;
    gi.fccl = (uint16_t)st->tx_out.fccl;
    gi.fctbs = (uint16_t)st->tx_out.fctbs;

    /* coverage of the block's own decisions, from this edge's inputs and the registers */
    if (rx_cells && !in->rx_last) FG_COV(st, FG_SW_CREDIT_PORT_COV_RX_CELL);
    if (in->rx_valid && in->rx_last) FG_COV(st, FG_SW_CREDIT_PORT_COV_RX_LAST);
    if (held >= allot) FG_COV(st, FG_SW_CREDIT_PORT_COV_FREE_ZERO);
    if (held > allot) FG_COV(st, FG_SW_CREDIT_PORT_COV_OVERRUN);
    if (in->fccl_in_valid) FG_COV(st, FG_SW_CREDIT_PORT_COV_FCCL_IN);
    if (in->send)
        FG_COV(st, send_cells > st->tx_out.credits_avail ? FG_SW_CREDIT_PORT_COV_SEND_NO_CREDIT
                                                         : FG_SW_CREDIT_PORT_COV_SEND);
    if (in->send && in->cfg_gfc_enable && !st->rl_out.allow) FG_COV(st, FG_SW_CREDIT_PORT_COV_SEND_EARLY);
    if (!in->cfg_gfc_enable) FG_COV(st, FG_SW_CREDIT_PORT_COV_GFC_OFF);

    /* ---- the edge -------------------------------------------------------------------- */
    st->held = held;
    st->free_blocks = free_now;
    st->overrun = held > allot;
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: a packet's last cell does not clear the
     * partial count, so the port seems to hold every packet twice once it is enqueued. */
    st->partial = (st->partial + rx_cells) & cw_mask;
#else
    st->partial = (in->rx_valid && in->rx_last) ? 0 : ((st->partial + rx_cells) & cw_mask);
#endif
    fg_cbfc_rx_step(&st->rx, &ri, &st->rx_out);
    fg_cbfc_tx_step(&st->tx, &ti, &st->tx_out);
    if (in->cfg_gfc_enable) {
        fg_rate_limiter_step(&st->rl, &li, &st->rl_out);
        fg_gfc_time_step(&st->gt, &gi, &st->gt_out);
    } else {
        gfc_reset(st);
    }

    if (st->rx_out.fccl_valid) FG_COV(st, FG_SW_CREDIT_PORT_COV_FCCL_OUT);
    if (in->head_valid && !st->tx_out.can_send) FG_COV(st, FG_SW_CREDIT_PORT_COV_HOLD_CREDIT);
    if (in->head_valid && st->tx_out.can_send && !st->rl_out.allow) FG_COV(st, FG_SW_CREDIT_PORT_COV_HOLD_RATE);
    if (in->cfg_gfc_enable && st->gt_out.stat_update)
        FG_COV(st, st->gt_out.rate == 0                       ? FG_SW_CREDIT_PORT_COV_RATE_ZERO
                   : st->gt_out.rate >= FG_GFC_TIME_LINE_RATE ? FG_SW_CREDIT_PORT_COV_RATE_FULL
                                                              : FG_SW_CREDIT_PORT_COV_RATE_SCALED);
    fg_sw_credit_port_outputs(st, out);
}
