/* sw_core.c - C twin of rtl/top/fg_sw_core.v (see sw_core.h).
 *
 * Composition rule, the same as the RTL's wiring: every sub-block's inputs are the core's
 * inputs of this edge and the other sub-blocks' registered outputs *before* this edge
 * (kept in st->prev_*). All sub-blocks then take the edge, and the core's outputs are read
 * from their new outputs. */
#include "top/sw_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr/csr_sw.h"
#include "mac/pfc_gen.h"
#include "mac/pfc_timer.h"
#include "switch/bm.h"
#include "switch/egress_sched.h"

struct fg_sw_core_state {
    fg_sw_core_cfg cfg;
    fg_csr_sw_state csr;
    fg_bm_state bm;
    fg_pfc_gen_state gen[FG_SW_MAX_PORTS];
    fg_pfc_timer_state timer[FG_SW_MAX_PORTS];
    fg_egress_sched_state sched[FG_SW_MAX_PORTS];
    /* registered outputs of the sub-blocks as they stand before the next edge */
    fg_csr_sw_out prev_csr;
    fg_bm_out prev_bm;
    fg_pfc_gen_out prev_gen[FG_SW_MAX_PORTS];
    fg_pfc_timer_out prev_timer[FG_SW_MAX_PORTS];
    fg_egress_sched_out prev_sched[FG_SW_MAX_PORTS];
    /* scratch, kept here so a step allocates nothing */
    fg_csr_sw_in csr_in;
    fg_bm_in bm_in;
};

static void check_cfg(const fg_sw_core_cfg *cfg)
{
    const char *field = NULL;
    int lo = 0, hi = 0, v = 0;
    if (cfg->n_ports < 1 || cfg->n_ports > FG_SW_MAX_PORTS || cfg->n_ports > FG_BM_MAX_PORTS ||
        cfg->n_ports > FG_CSR_SW_MAX_PORTS) {
        field = "n_ports";
        lo = 1;
        hi = FG_BM_MAX_PORTS < FG_CSR_SW_MAX_PORTS ? FG_BM_MAX_PORTS : FG_CSR_SW_MAX_PORTS;
        v = cfg->n_ports;
    } else if (cfg->n_prio < 1 || cfg->n_prio > FG_SW_MAX_PRIO) {
        field = "n_prio";
        lo = 1;
        hi = FG_SW_MAX_PRIO;
        v = cfg->n_prio;
    }
    if (field) {
        fprintf(stderr, "fg_sw_core: %s = %d is out of range %d..%d\n", field, v, lo, hi);
        abort();
    }
}

fg_sw_core_state *fg_sw_core_create(const fg_sw_core_cfg *cfg)
{
    check_cfg(cfg);
    fg_sw_core_state *st = calloc(1, sizeof *st);
    if (!st) {
        fprintf(stderr, "fg_sw_core: out of memory\n");
        abort();
    }
    fg_sw_core_reset(st, cfg);
    return st;
}

void fg_sw_core_free(fg_sw_core_state *st) { free(st); }

void fg_sw_core_reset(fg_sw_core_state *st, const fg_sw_core_cfg *cfg)
{
    check_cfg(cfg);
    st->cfg = *cfg;
    const fg_csr_sw_cfg ccfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cnt_w = 32};
    const fg_bm_cfg bcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
    const fg_pfc_gen_cfg gcfg = {.n_prio = (unsigned)cfg->n_prio};
    const fg_pfc_timer_cfg tcfg = {.n_prio = cfg->n_prio};
    const fg_egress_sched_cfg scfg = {.n_prio = cfg->n_prio};
    fg_csr_sw_reset(&st->csr, &ccfg);
    fg_bm_reset(&st->bm, &bcfg);
    for (int i = 0; i < cfg->n_ports; i++) {
        fg_pfc_gen_reset(&st->gen[i], &gcfg);
        fg_pfc_timer_reset(&st->timer[i], &tcfg);
        fg_egress_sched_reset(&st->sched[i], &scfg);
    }
    /* Every sub-block's registers reset to zero except the register block's, whose
     * outputs are its reset values. */
    fg_csr_sw_outputs(&st->csr, &st->prev_csr);
    memset(&st->prev_bm, 0, sizeof st->prev_bm);
    memset(st->prev_gen, 0, sizeof st->prev_gen);
    memset(st->prev_timer, 0, sizeof st->prev_timer);
    memset(st->prev_sched, 0, sizeof st->prev_sched);
}

void fg_sw_core_outputs(const fg_sw_core_state *st, fg_sw_core_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio;
    const fg_csr_sw_out *c = &st->prev_csr;
    const fg_bm_out *b = &st->prev_bm;
    out->csr_rdata = c->csr_rdata;
    out->cfg_error = c->cfg_error;
    out->cfg_pause_quanta = (uint16_t)c->cfg_pause_quanta;
    out->cfg_src_mac = c->cfg_src_mac;
    out->cfg_mode_8023x = c->cfg_mode_8023x;
    out->shared_used = b->shared_used;
    for (int i = 0; i < N; i++) {
        out->enq_accept[i] = b->enq_accept[i];
        out->enq_drop[i] = b->enq_drop[i];
        out->enq_where[i] = b->enq_where[i];
        out->stat_drop[i] = b->stat_drop[i];
        out->stat_violation[i] = b->stat_violation[i];
        out->tx_ctrl_valid[i] = st->prev_gen[i].req_valid;
        out->tx_ctrl_cev[i] = st->prev_gen[i].req_cev;
        out->tx_ctrl_xoff[i] = st->prev_gen[i].req_xoff;
        out->grant_valid[i] = st->prev_sched[i].grant_valid;
        out->grant_prio[i] = st->prev_sched[i].grant_prio;
        for (int p = 0; p < P; p++) {
            out->paused[i][p] = b->paused[i][p];
            out->tx_paused[i][p] = st->prev_timer[i].tx_paused[p];
            out->ingress_cnt[i][p] = b->ingress_cnt[i][p];
            out->hdrm_cnt[i][p] = b->hdrm_cnt[i][p];
            out->egress_cnt[i][p] = b->egress_cnt[i][p];
        }
    }
}

void fg_sw_core_step(fg_sw_core_state *st, const fg_sw_core_in *in, fg_sw_core_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio;
    const fg_csr_sw_out *c = &st->prev_csr;

    /* register block: bus and the stat pulses (bm's registered pulses, the core's inputs) */
    fg_csr_sw_in *ci = &st->csr_in;
    ci->csr_wr = in->csr_wr;
    ci->csr_rd = in->csr_rd;
    ci->csr_addr = in->csr_addr;
    ci->csr_wdata = in->csr_wdata;
    for (int i = 0; i < N; i++) {
        ci->stat_drop[i] = st->prev_bm.stat_drop[i];
        ci->stat_violation[i] = st->prev_bm.stat_violation[i];
        ci->stat_pfc_req_tx[i] = st->prev_gen[i].req_valid && in->tx_ctrl_ack[i];
        ci->stat_pfc_rx_ok[i] = in->rx_pfc_valid[i];
        ci->stat_pfc_rx_bad[i] = in->rx_pfc_bad[i];
    }

    /* buffer manager: configuration from the register block, traffic from the inputs */
    fg_bm_in *bi = &st->bm_in;
    bi->cfg_total_cells = c->cfg_total_cells;
    bi->cfg_reserve = c->cfg_reserve;
    bi->cfg_resume_offset = c->cfg_resume_offset;
    bi->cfg_lossless = (uint8_t)c->cfg_lossless;
    bi->cfg_static_mode = c->cfg_static_mode;
    for (int i = 0; i < N; i++) {
        bi->cfg_headroom[i] = c->cfg_headroom[i];
        bi->cfg_alpha_shift[i] = (uint8_t)c->cfg_alpha_shift[i];
        for (int p = 0; p < P; p++) {
            bi->cfg_xoff[i][p] = c->cfg_xoff[i * P + p];
            bi->cfg_xon[i][p] = c->cfg_xon[i * P + p];
        }
        bi->enq_valid[i] = in->enq_valid[i];
        bi->enq_prio[i] = in->enq_prio[i];
        bi->enq_dst[i] = in->enq_dst[i];
        bi->enq_cells[i] = in->enq_cells[i];
        bi->deq_valid[i] = in->deq_valid[i];
        bi->deq_prio[i] = in->deq_prio[i];
        bi->deq_src[i] = in->deq_src[i];
        bi->deq_cells[i] = in->deq_cells[i];
    }

    /* per port blocks, from the registered outputs before this edge */
    fg_pfc_gen_out gen_out[FG_SW_MAX_PORTS];
    fg_pfc_timer_out timer_out[FG_SW_MAX_PORTS];
    fg_egress_sched_out sched_out[FG_SW_MAX_PORTS];
    for (int i = 0; i < N; i++) {
        fg_pfc_gen_in gi = {0};
        gi.cfg_enable = c->cfg_pfc_enable;
        gi.cfg_refresh = c->cfg_refresh;
        gi.req_ack = in->tx_ctrl_ack[i];
        for (int p = 0; p < P; p++)
            gi.paused |= (uint8_t)(st->prev_bm.paused[i][p] << p);
        fg_pfc_gen_step(&st->gen[i], &gi, &gen_out[i]);

        fg_pfc_timer_in ti = {0};
        ti.pfc_valid = in->rx_pfc_valid[i];
        ti.pfc_cev = in->rx_pfc_cev[i];
        memcpy(ti.pfc_time, in->rx_pfc_time[i], sizeof ti.pfc_time);
        ti.cfg_quanta_step = c->cfg_quanta_step[i];
        fg_pfc_timer_step(&st->timer[i], &ti, &timer_out[i]);

        fg_egress_sched_in si = {0};
        for (int p = 0; p < P; p++) {
            si.q_nonempty |= (uint8_t)((st->prev_bm.egress_cnt[i][p] != 0) << p);
            si.tx_paused |= (uint8_t)(st->prev_timer[i].tx_paused[p] << p);
        }
        si.link_idle = in->link_idle[i];
        fg_egress_sched_step(&st->sched[i], &si, &sched_out[i]);
    }

    fg_csr_sw_out csr_out;
    fg_csr_sw_step(&st->csr, ci, &csr_out);
    fg_bm_step(&st->bm, bi, &st->prev_bm);
    st->prev_csr = csr_out;
    memcpy(st->prev_gen, gen_out, sizeof(gen_out[0]) * (size_t)N);
    memcpy(st->prev_timer, timer_out, sizeof(timer_out[0]) * (size_t)N);
    memcpy(st->prev_sched, sched_out, sizeof(sched_out[0]) * (size_t)N);
    fg_sw_core_outputs(st, out);
}
