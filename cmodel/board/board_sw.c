/* board_sw.c - C twin of rtl/board/fg_board_sw.v (see board_sw.h). */
#include "board/board_sw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fg_sw_core_cfg core_cfg(const fg_board_sw_cfg *c)
{
    fg_sw_core_cfg k;
    memset(&k, 0, sizeof k);
    k.n_ports = c->n_ports;
    k.n_prio = c->n_prio;
    k.cw = 18;
    k.sw = 8;
    k.no_ppfc = 1;
    k.ppfc_lanes = 1;
    k.line_rate = 1;
    k.no_gfc = c->no_gfc;
    k.no_ecn = c->no_ecn;
    return k;
}

static fg_uart_bridge_cfg bridge_cfg(const fg_board_sw_cfg *c)
{
    fg_uart_bridge_cfg b = {c->clks_per_bit, c->timeout_cycles, 2};
    return b;
}

static fg_tsys_cfg tsys_cfg(const fg_board_sw_cfg *c)
{
    fg_tsys_cfg t = {c->n_ports, c->n_prio, 8, c->eq_depth_log2};
    return t;
}

int fg_board_sw_check_cfg(const fg_board_sw_cfg *cfg, char *msg, size_t n)
{
    fg_sw_core_cfg k = core_cfg(cfg);
    if (fg_sw_core_check_cfg(&k, msg, n) != 0) return -1;
    fg_uart_bridge_cfg b = bridge_cfg(cfg);
    if (!fg_uart_bridge_cfg_check(&b, msg, n)) return -1;
    fg_tsys_cfg t = tsys_cfg(cfg);
    if (!fg_tsys_cfg_check(&t, msg, n)) return -1;
    fg_csr_tsys_cfg r = {cfg->n_ports, cfg->n_prio, cfg->cnt_w};
    if (fg_csr_tsys_check_cfg(&r, msg, n) != 0) return -1;
    if (cfg->heartbeat_log2 < 1 || cfg->heartbeat_log2 > 31) {
        if (msg != NULL && n > 0)
            snprintf(msg, n, "board_sw: heartbeat_log2 = %d outside 1..31", cfg->heartbeat_log2);
        return -1;
    }
    return 0;
}

fg_board_sw_state *fg_board_sw_create(const fg_board_sw_cfg *cfg)
{
    if (fg_board_sw_check_cfg(cfg, NULL, 0) != 0) return NULL;
    fg_board_sw_state *st = calloc(1, sizeof *st);
    if (st == NULL) return NULL;
    st->cfg = *cfg;
    fg_sw_core_cfg k = core_cfg(cfg);
    st->core = fg_sw_core_create(&k);
    if (st->core == NULL) {
        free(st);
        return NULL;
    }
    fg_board_sw_reset(st);
    return st;
}

void fg_board_sw_free(fg_board_sw_state *st)
{
    if (st == NULL) return;
    fg_sw_core_free(st->core);
    free(st);
}

void fg_board_sw_reset(fg_board_sw_state *st)
{
    const fg_board_sw_cfg *c = &st->cfg;
    fg_uart_bridge_cfg b = bridge_cfg(c);
    fg_uart_bridge_reset(&st->bridge, &b);
    fg_csr_tsys_cfg r = {c->n_ports, c->n_prio, c->cnt_w};
    fg_csr_tsys_reset(&st->csr_tsys, &r);
    fg_sw_core_cfg k = core_cfg(c);
    fg_sw_core_reset(st->core, &k);
    fg_tsys_cfg t = tsys_cfg(c);
    fg_tsys_reset(&st->tsys, &t);
    st->lost_seen = st->paused_any = st->error = false;
    st->beat = 0;
}

void fg_board_sw_outputs(const fg_board_sw_state *st, fg_board_sw_out *out)
{
    fg_uart_bridge_out bo;
    fg_csr_tsys_out ro;
    fg_tsys_out to;
    fg_uart_bridge_outputs(&st->bridge, &bo);
    fg_csr_tsys_outputs(&st->csr_tsys, &ro);
    fg_tsys_outputs(&st->tsys, &to);
    out->uart_txd = bo.txd;
    out->led = (ro.cfg_run ? 1u : 0u) | (st->paused_any ? 2u : 0u) | (st->error ? 4u : 0u) | (bo.busy ? 8u : 0u) |
               (((st->beat >> (st->cfg.heartbeat_log2 - 1)) & 1u) << 4);
    for (int i = 0; i < st->cfg.n_ports; i++) {
        out->stat_sent[i] = to.stat_sent[i];
        out->stat_dropped[i] = to.stat_dropped[i];
        out->stat_delivered[i] = to.stat_delivered[i];
        out->stat_xoff[i] = to.stat_xoff[i];
        out->stat_xon[i] = to.stat_xon[i];
        out->stat_paused[i] = to.stat_paused[i];
        out->stat_lost[i] = to.stat_lost[i];
    }
}

void fg_board_sw_step(fg_board_sw_state *st, const fg_board_sw_in *in, fg_board_sw_out *out)
{
    const int n = st->cfg.n_ports, np = st->cfg.n_prio;
    /* every block's registered outputs before this edge */
    fg_uart_bridge_out bo;
    fg_csr_tsys_out ro;
    fg_tsys_out to;
    fg_sw_core_out co;
    fg_sw_core_out *cop = &co;
    fg_uart_bridge_outputs(&st->bridge, &bo);
    fg_csr_tsys_outputs(&st->csr_tsys, &ro);
    fg_tsys_outputs(&st->tsys, &to);
    fg_sw_core_outputs(st->core, cop);
    const bool sel_tsys = ((bo.bus_addr >> 12) & 0xFu) == 1u;

    /* the bridge */
    fg_uart_bridge_in bi;
    bi.rxd = in->uart_rxd;
    bi.bus_ready = sel_tsys ? ro.csr_ready : cop->csr_ready;
    bi.bus_rdata = sel_tsys ? ro.csr_rdata : cop->csr_rdata;

    /* the test system's register block */
    fg_csr_tsys_in ri;
    memset(&ri, 0, sizeof ri);
    ri.csr_wr = bo.bus_wr && sel_tsys;
    ri.csr_rd = bo.bus_rd && sel_tsys;
    ri.csr_addr = (uint16_t)(bo.bus_addr & 0xFFFu);
    ri.csr_wdata = bo.bus_wdata;
    for (int i = 0; i < n; i++) {
        ri.stat_sent[i] = to.stat_sent[i];
        ri.stat_dropped[i] = to.stat_dropped[i];
        ri.stat_delivered[i] = to.stat_delivered[i];
        ri.stat_xoff[i] = to.stat_xoff[i];
        ri.stat_xon[i] = to.stat_xon[i];
        ri.stat_paused[i] = to.stat_paused[i];
        ri.stat_lost[i] = to.stat_lost[i];
    }

    /* the core */
    fg_sw_core_in ci;
    memset(&ci, 0, sizeof ci);
    ci.csr_wr = bo.bus_wr && !sel_tsys;
    ci.csr_rd = bo.bus_rd && !sel_tsys;
    ci.csr_addr = (uint16_t)(bo.bus_addr & 0xFFFu);
    ci.csr_wdata = bo.bus_wdata;
    for (int i = 0; i < n; i++) {
        ci.enq_valid[i] = to.enq_valid[i];
        ci.enq_prio[i] = (uint8_t)to.enq_prio[i];
        ci.enq_dst[i] = (uint8_t)to.enq_dst[i];
        ci.enq_cells[i] = (uint16_t)to.enq_cells[i];
        ci.enq_ect[i] = to.enq_ect[i];
        ci.deq_valid[i] = to.deq_valid[i];
        ci.deq_prio[i] = (uint8_t)to.deq_prio[i];
        ci.deq_src[i] = (uint8_t)to.deq_src[i];
        ci.deq_cells[i] = (uint16_t)to.deq_cells[i];
        ci.tx_ctrl_ack[i] = to.tx_ctrl_ack[i];
        ci.link_idle[i] = to.link_idle[i];
    }

    /* the test system */
    fg_tsys_in ti;
    memset(&ti, 0, sizeof ti);
    ti.run = ro.cfg_run;
    ti.cell_cycles = ro.cfg_cell_cycles;
    ti.react = ro.cfg_react;
    bool paused_any = false;
    for (int i = 0; i < n; i++) {
        ti.src_enable[i] = ro.cfg_src_enable[i] != 0;
        ti.src_ect[i] = ro.cfg_src_ect[i] != 0;
        ti.src_prio[i] = ro.cfg_src_prio[i];
        ti.src_dst[i] = ro.cfg_src_dst[i];
        ti.src_cells[i] = ro.cfg_src_cells[i];
        ti.src_gap[i] = ro.cfg_src_gap[i];
        ti.enq_ready[i] = cop->enq_ready[i];
        ti.enq_accept[i] = cop->enq_accept[i];
        ti.enq_drop[i] = cop->enq_drop[i];
        for (int p = 0; p < np; p++) {
            ti.paused[i * np + p] = cop->paused[i][p];
            paused_any = paused_any || cop->paused[i][p];
        }
        ti.grant_valid[i] = cop->grant_valid[i];
        ti.grant_prio[i] = cop->grant_prio[i];
        ti.tx_ctrl_valid[i] = cop->tx_ctrl_valid[i];
        ti.tx_ctrl_xoff[i] = cop->tx_ctrl_xoff[i];
        ti.tx_ctrl_gfc[i] = cop->tx_ctrl_gfc[i];
    }
    bool lost_any = false;
    for (int i = 0; i < n; i++) lost_any = lost_any || to.stat_lost[i];
    const bool core_error = cop->cfg_error, tsys_error = ro.cfg_error;

    /* the edge */
    fg_uart_bridge_step(&st->bridge, &bi, &bo);
    fg_csr_tsys_step(&st->csr_tsys, &ri, &ro);
    fg_sw_core_step(st->core, &ci, cop);
    fg_tsys_step(&st->tsys, &ti, &to);
    st->error = core_error || tsys_error || st->lost_seen;
    st->lost_seen = st->lost_seen || lost_any;
    st->paused_any = paused_any;
    st->beat = (st->beat + 1u) & 0x7FFFFFFFu;
    if (out != NULL) fg_board_sw_outputs(st, out);
}
