/* sw_core.c - C twin of rtl/top/fg_sw_core.v (see sw_core.h).
 *
 * Composition rule, the same as the RTL's wiring: every sub-block's inputs are the core's
 * inputs of this edge and the other sub-blocks' registered outputs *before* this edge
 * (kept in st->prev_*). All sub-blocks then take the edge, and the core's outputs are read
 * from their new outputs. The P-PFC engine's pp request goes to the pfc_gen of pp_port; the
 * seed-load strobes are registered from the bus here, as in the RTL. GFC: one stage generator
 * per ingress PG, a received-stage register and a rate limiter per EQ; a port shows its PFC
 * request first and its GFC request (the PG generators' pending stages) when no PFC one is
 * pending. */
#include "top/sw_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rate_limiter.h"
#include "csr/csr_sw.h"
#include "mac/pfc_gen.h"
#include "mac/pfc_timer.h"
#include "switch/bm.h"
#include "switch/ecn_red.h"
#include "switch/egress_sched.h"
#include "switch/gfc_stage.h"
#include "switch/ppfc.h"

/* The ECN seed's reset value (the RTL's fg_ecn_red RESET_SEED). */
#define FG_SW_CORE_ECN_RESET_SEED 2u
/* The per-EQ limiter's build parameters (the RTL's fg_rate_limiter instance) and the per-PG
 * stage generator's (unused) counter width. */
#define FG_SW_CORE_LIM_MAX_STAGE 20
#define FG_SW_CORE_STAGE_CNT_W 2

struct fg_sw_core_state {
    fg_sw_core_cfg cfg;
    fg_csr_sw_state csr;
    fg_bm_state bm;
    fg_pfc_gen_state gen[FG_SW_MAX_PORTS];
    fg_pfc_timer_state timer[FG_SW_MAX_PORTS];
    fg_egress_sched_state sched[FG_SW_MAX_PORTS];
    fg_ecn_red_state ecn;
    fg_ppfc_state ppfc;
    fg_gfc_stage_state stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];      /* ingress PG (i, p) */
    fg_rate_limiter_state limiter[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO]; /* EQ (o, p) */
    uint8_t rx_stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];              /* EQ (o, p), register */
    /* registered outputs of the sub-blocks as they stand before the next edge */
    fg_csr_sw_out prev_csr;
    fg_bm_out prev_bm;
    fg_pfc_gen_out prev_gen[FG_SW_MAX_PORTS];
    fg_pfc_timer_out prev_timer[FG_SW_MAX_PORTS];
    fg_egress_sched_out prev_sched[FG_SW_MAX_PORTS];
    fg_ecn_red_out prev_ecn;
    fg_ppfc_out prev_ppfc;
    fg_gfc_stage_out prev_stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    bool prev_allow[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    /* scratch, kept here so a step allocates nothing */
    fg_csr_sw_in csr_in;
    fg_bm_in bm_in;
    fg_ecn_red_in ecn_in;
    fg_ppfc_in ppfc_in;
};

int fg_sw_core_check_cfg(const fg_sw_core_cfg *cfg, char *msg, size_t n)
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
    } else if (cfg->ppfc_lanes < 0 || cfg->ppfc_lanes > cfg->n_ports) {
        field = "ppfc_lanes";
        lo = 0;
        hi = cfg->n_ports;
        v = cfg->ppfc_lanes;
    }
    if (field) {
        snprintf(msg, n, "fg_sw_core: %s = %d is out of range %d..%d", field, v, lo, hi);
        return -1;
    }
    /* the blocks' own parameters (cw, sw, ...): their checks name the field and range */
    const fg_csr_sw_cfg ccfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cnt_w = 32};
    const fg_bm_cfg bcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
    const fg_ppfc_cfg pcfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cand_lanes = cfg->ppfc_lanes};
    char inner[200];
    if (fg_csr_sw_check_cfg(&ccfg, inner, sizeof inner) || fg_bm_check_cfg(&bcfg, inner, sizeof inner) ||
        fg_ppfc_check_cfg(&pcfg, inner, sizeof inner)) {
        snprintf(msg, n, "fg_sw_core: %s", inner);
        return -1;
    }
    return 0;
}

fg_sw_core_state *fg_sw_core_create(const fg_sw_core_cfg *cfg)
{
    char msg[300];
    if (fg_sw_core_check_cfg(cfg, msg, sizeof msg))
        return NULL;
    fg_sw_core_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    fg_sw_core_reset(st, cfg);
    return st;
}

void fg_sw_core_free(fg_sw_core_state *st) { free(st); }

int fg_sw_core_reset(fg_sw_core_state *st, const fg_sw_core_cfg *cfg)
{
    char msg[300];
    if (fg_sw_core_check_cfg(cfg, msg, sizeof msg))
        return -1; /* state untouched: fg_sw_core_check_cfg says why */
    st->cfg = *cfg;
    const fg_csr_sw_cfg ccfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cnt_w = 32};
    const fg_bm_cfg bcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
    const fg_pfc_gen_cfg gcfg = {.n_prio = (unsigned)cfg->n_prio};
    const fg_pfc_timer_cfg tcfg = {.n_prio = cfg->n_prio};
    const fg_egress_sched_cfg scfg = {.n_prio = cfg->n_prio};
    /* fg_ppfc loads cfg_seed on a reset edge: the PPFC_SEED value before this reset. */
    st->ppfc_in.cfg_seed = st->prev_csr.cfg_ppfc_seed;
    fg_csr_sw_reset(&st->csr, &ccfg);
    fg_bm_reset(&st->bm, &bcfg);
    const fg_ecn_red_cfg ecfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw,
                                 .reset_seed = FG_SW_CORE_ECN_RESET_SEED};
    fg_ecn_red_reset(&st->ecn, &ecfg);
    const fg_ppfc_cfg pcfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cand_lanes = cfg->ppfc_lanes};
    fg_ppfc_reset_edge(&st->ppfc, &pcfg, &st->ppfc_in, &st->prev_ppfc);
    if (cfg->no_ppfc)
        memset(&st->prev_ppfc, 0, sizeof st->prev_ppfc);
    for (int i = 0; i < cfg->n_ports; i++) {
        fg_pfc_gen_reset(&st->gen[i], &gcfg);
        fg_pfc_timer_reset(&st->timer[i], &tcfg);
        fg_egress_sched_reset(&st->sched[i], &scfg);
        for (int p = 0; p < cfg->n_prio; p++) {
            const fg_gfc_stage_cfg gscfg = {.cw = cfg->cw, .cnt_w = FG_SW_CORE_STAGE_CNT_W};
            const fg_rate_limiter_cfg lcfg = {.sw = cfg->sw, .max_stage = FG_SW_CORE_LIM_MAX_STAGE, .dw = 1};
            fg_gfc_stage_reset(&st->stage[i][p], &gscfg);
            fg_rate_limiter_reset(&st->limiter[i][p], &lcfg);
            st->prev_stage[i][p] = st->stage[i][p].r;
            st->prev_allow[i][p] = st->limiter[i][p].allow;
            st->rx_stage[i][p] = 0;
        }
    }
    /* Every sub-block's registers reset to zero except the register block's, whose
     * outputs are its reset values. */
    fg_csr_sw_outputs(&st->csr, &st->prev_csr);
    memset(&st->prev_bm, 0, sizeof st->prev_bm);
    memset(st->prev_gen, 0, sizeof st->prev_gen);
    memset(st->prev_timer, 0, sizeof st->prev_timer);
    memset(st->prev_sched, 0, sizeof st->prev_sched);
    memset(&st->prev_ecn, 0, sizeof st->prev_ecn);
    return 0;
}

/* GFC runs on the lossless priorities while GFC_CTRL.gfc_enable is set. */
static bool gfc_on(const fg_csr_sw_out *c, int p) { return c->cfg_gfc_enable && ((c->cfg_lossless >> p) & 1u); }

/* The GFC request of port i: the classes whose stage generator has a request pending. */
static uint8_t gfc_cev(const fg_sw_core_state *st, int i)
{
    uint8_t cev = 0;
    for (int p = 0; p < st->cfg.n_prio; p++)
        cev |= (uint8_t)(st->prev_stage[i][p].req_valid << p);
    return cev;
}

/* Port i shows its GFC request (not a PFC one) to the serialiser. */
static bool show_gfc(const fg_sw_core_state *st, int i)
{
    return gfc_cev(st, i) != 0 && !st->prev_gen[i].req_valid;
}

void fg_sw_core_outputs(const fg_sw_core_state *st, fg_sw_core_out *out)
{
    const int N = st->cfg.n_ports, P = st->cfg.n_prio;
    const fg_csr_sw_out *c = &st->prev_csr;
    const fg_bm_out *b = &st->prev_bm;
    out->csr_ready = c->csr_ready;
    out->csr_rdata = c->csr_rdata;
    out->cfg_error = c->cfg_error;
    out->cfg_pause_quanta = (uint16_t)c->cfg_pause_quanta;
    out->cfg_src_mac = c->cfg_src_mac;
    out->cfg_mode_8023x = c->cfg_mode_8023x;
    out->cfg_gfc_enable = c->cfg_gfc_enable;
    out->shared_used = b->shared_used;
    for (int i = 0; i < N; i++) {
        out->enq_accept[i] = b->enq_accept[i];
        out->enq_drop[i] = b->enq_drop[i];
        out->enq_where[i] = b->enq_where[i];
        out->enq_mark[i] = st->prev_ecn.mark[i] && b->enq_accept[i];
        out->stat_drop[i] = b->stat_drop[i];
        out->stat_violation[i] = b->stat_violation[i];
        const bool gfc = show_gfc(st, i);
        out->tx_ctrl_valid[i] = st->prev_gen[i].req_valid || gfc_cev(st, i) != 0;
        out->tx_ctrl_gfc[i] = gfc;
        if (gfc) {
            out->tx_ctrl_cev[i] = gfc_cev(st, i);
            out->tx_ctrl_xoff[i] = 0;
            out->tx_ctrl_pred[i] = 0;
            for (int k = 0; k < 8; k++)
                out->tx_ctrl_time[i][k] = k < P && st->prev_stage[i][k].req_valid ? st->prev_stage[i][k].req_stage : 0;
        } else {
            out->tx_ctrl_cev[i] = st->prev_gen[i].req_cev;
            out->tx_ctrl_xoff[i] = st->prev_gen[i].req_xoff;
            out->tx_ctrl_pred[i] = st->prev_gen[i].req_pred;
            memcpy(out->tx_ctrl_time[i], st->prev_gen[i].req_time, sizeof out->tx_ctrl_time[i]);
        }
        out->grant_valid[i] = st->prev_sched[i].grant_valid;
        out->grant_prio[i] = st->prev_sched[i].grant_prio;
        for (int p = 0; p < P; p++) {
            out->paused[i][p] = b->paused[i][p];
            out->stat_pp[i][p] = st->prev_ppfc.stat_pp[i][p];
            out->tx_paused[i][p] = st->prev_timer[i].tx_paused[p];
            out->ingress_cnt[i][p] = b->ingress_cnt[i][p];
            out->hdrm_cnt[i][p] = b->hdrm_cnt[i][p];
            out->egress_cnt[i][p] = b->egress_cnt[i][p];
            out->gfc_pg_stage[i][p] = st->prev_stage[i][p].stage;
            out->gfc_rx_stage[i][p] = st->rx_stage[i][p];
            out->gfc_hold[i][p] = gfc_on(c, p) && !st->prev_allow[i][p];
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
        const bool req_valid = st->prev_gen[i].req_valid || gfc_cev(st, i) != 0;
        ci->stat_pfc_req_tx[i] = req_valid && in->tx_ctrl_ack[i] && !show_gfc(st, i);
        ci->stat_gfc_tx[i] = req_valid && in->tx_ctrl_ack[i] && show_gfc(st, i);
        ci->stat_gfc_rx[i] = in->rx_gfc_valid[i];
        ci->stat_pfc_rx_ok[i] = in->rx_pfc_valid[i];
        ci->stat_pfc_rx_bad[i] = in->rx_pfc_bad[i];
        ci->stat_ecn_mark[i] = st->prev_ecn.mark[i] && st->prev_bm.enq_accept[i];
        bool pp_any = false;
        for (int p = 0; p < P; p++)
            pp_any = pp_any || st->prev_ppfc.stat_pp[i][p];
        ci->stat_ppfc[i] = pp_any;
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

    /* ECN marking: this edge's enqs against the registered egress queues */
    fg_ecn_red_in *ei = &st->ecn_in;
    ei->cfg_prio_mask = (uint8_t)c->cfg_ecn_prio_mask;
    ei->cfg_kmin = c->cfg_ecn_kmin;
    ei->cfg_kmax = c->cfg_ecn_kmax;
    ei->cfg_slope = c->cfg_ecn_slope;
    ei->cfg_seed = c->cfg_ecn_seed;
    ei->cfg_seed_load = c->csr_wrote_ecn_seed; /* the register block's commit strobe */
    for (int i = 0; i < N; i++) {
        ei->enq_valid[i] = in->enq_valid[i];
        ei->enq_prio[i] = in->enq_prio[i];
        ei->enq_dst[i] = in->enq_dst[i];
        ei->enq_ect[i] = in->enq_ect[i];
        for (int p = 0; p < P; p++)
            ei->egress_cnt[i][p] = st->prev_bm.egress_cnt[i][p];
    }

    /* P-PFC engine: the buffer manager's registered state */
    fg_ppfc_out ppfc_out = {0};
    if (!st->cfg.no_ppfc) {
        fg_ppfc_in *pi = &st->ppfc_in;
        pi->cfg_enable = c->cfg_ppfc_enable;
        pi->cfg_interval = c->cfg_ppfc_interval;
        pi->cfg_horizon = (uint16_t)c->cfg_ppfc_horizon;
        pi->cfg_ratio = c->cfg_ppfc_ratio;
        pi->cfg_kmax = c->cfg_ecn_kmax;
        pi->cfg_holdoff = (uint16_t)c->cfg_ppfc_holdoff;
        pi->cfg_seed = c->cfg_ppfc_seed;
        pi->cfg_seed_load = c->csr_wrote_ppfc_ctrl && c->cfg_ppfc_seed_load;
        pi->cfg_lossless = (uint8_t)c->cfg_lossless;
        pi->shared_free = st->prev_bm.shared_free;
        for (int i = 0; i < N; i++) {
            pi->cfg_cell_cycles[i] = (uint16_t)c->cfg_cell_cycles[i];
            pi->cfg_quanta_step[i] = c->cfg_quanta_step[i];
            for (int p = 0; p < P; p++) {
                pi->ingress_cnt[i][p] = st->prev_bm.ingress_cnt[i][p];
                pi->hdrm_cnt[i][p] = st->prev_bm.hdrm_cnt[i][p];
                pi->egress_cnt[i][p] = st->prev_bm.egress_cnt[i][p];
                pi->paused[i][p] = st->prev_bm.paused[i][p];
                memcpy(pi->comp_cnt[i][p], st->prev_bm.comp_cnt[i][p], sizeof(uint32_t) * (size_t)N);
            }
        }
        fg_ppfc_step(&st->ppfc, pi, &ppfc_out);
    }

    /* per port blocks, from the registered outputs before this edge */
    fg_pfc_gen_out gen_out[FG_SW_MAX_PORTS];
    fg_pfc_timer_out timer_out[FG_SW_MAX_PORTS];
    fg_egress_sched_out sched_out[FG_SW_MAX_PORTS];
    fg_gfc_stage_out stage_out[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    bool allow_out[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint8_t rx_stage_next[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    for (int i = 0; i < N; i++) {
        fg_pfc_gen_in gi = {0};
        gi.cfg_enable = c->cfg_pfc_enable;
        gi.cfg_refresh = c->cfg_refresh;
        gi.cfg_pause_quanta = (uint16_t)c->cfg_pause_quanta;
        gi.pp_valid = st->prev_ppfc.pp_valid && st->prev_ppfc.pp_port == i;
        gi.pp_prio = st->prev_ppfc.pp_prio;
        gi.pp_quanta = st->prev_ppfc.pp_quanta;
        gi.req_ack = in->tx_ctrl_ack[i] && st->prev_gen[i].req_valid;
        for (int p = 0; p < P; p++)
            gi.paused |= (uint8_t)((st->prev_bm.paused[i][p] && (!gfc_on(c, p) || c->cfg_gfc_backstop)) << p);
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
            const bool gfc_hold = gfc_on(c, p) && !st->prev_allow[i][p];
            si.tx_paused |= (uint8_t)((st->prev_timer[i].tx_paused[p] || in->tx_hold[i][p] || gfc_hold) << p);
        }
        si.link_idle = in->link_idle[i];
        fg_egress_sched_step(&st->sched[i], &si, &sched_out[i]);

        /* GFC: stage generators (ack when the port shows the GFC request), received stages,
         * limiters (a start is the deq of the granted packet, with its length) */
        const bool ack_gfc = in->tx_ctrl_ack[i] && show_gfc(st, i);
        for (int p = 0; p < P; p++) {
            fg_gfc_stage_in gsi = {0};
            gsi.cfg_enable = gfc_on(c, p);
            gsi.cfg_b1 = c->cfg_gfc_b1;
            gsi.cfg_bm = c->cfg_gfc_bm;
            const uint32_t occ_max = (uint32_t)fg_mask(st->cfg.cw);
            const uint64_t occ = (uint64_t)st->prev_bm.ingress_cnt[i][p] + st->prev_bm.hdrm_cnt[i][p];
            gsi.occupancy = occ > occ_max ? occ_max : (uint32_t)occ;
            gsi.req_ack = ack_gfc;
            stage_out[i][p] = st->prev_stage[i][p];
            fg_gfc_stage_step(&st->stage[i][p], &gsi, &stage_out[i][p]);

            fg_rate_limiter_in li = {0};
            li.stage = st->rx_stage[i][p];
            li.cfg_rate = 0x10000u;
            li.pkt_start = in->deq_valid[i] && in->deq_prio[i] == p;
            li.pkt_cells = in->deq_cells[i];
            fg_rate_limiter_out lo;
            fg_rate_limiter_step(&st->limiter[i][p], &li, &lo);
            allow_out[i][p] = lo.allow;

            rx_stage_next[i][p] = st->rx_stage[i][p];
            if (in->rx_gfc_valid[i] && ((in->rx_pfc_cev[i] >> p) & 1u))
                rx_stage_next[i][p] = in->rx_pfc_time[i][p] > 31 ? 31 : (uint8_t)in->rx_pfc_time[i][p];
        }
    }

    fg_csr_sw_out csr_out;
    fg_csr_sw_step(&st->csr, ci, &csr_out);
    fg_bm_step(&st->bm, bi, &st->prev_bm);
    fg_ecn_red_step(&st->ecn, ei, &st->prev_ecn);
    st->prev_ppfc = ppfc_out;
    st->prev_csr = csr_out;
    memcpy(st->prev_gen, gen_out, sizeof(gen_out[0]) * (size_t)N);
    memcpy(st->prev_timer, timer_out, sizeof(timer_out[0]) * (size_t)N);
    memcpy(st->prev_sched, sched_out, sizeof(sched_out[0]) * (size_t)N);
    for (int i = 0; i < N; i++)
        for (int p = 0; p < P; p++) {
            st->prev_stage[i][p] = stage_out[i][p];
            st->prev_allow[i][p] = allow_out[i][p];
            st->rx_stage[i][p] = rx_stage_next[i][p];
        }
    fg_sw_core_outputs(st, out);
}
