/* sw_core.c - C twin of rtl/top/fg_sw_core.v (see sw_core.h).
 *
 * Composition rule, the same as the RTL's wiring: every sub-block's inputs are the core's
 * inputs of this edge and the other sub-blocks' registered outputs *before* this edge
 * (kept in st->prev_*). All sub-blocks then take the edge, and the core's outputs are read
 * from their new outputs. The P-PFC engine's pp request goes to the pfc_gen of pp_port; the
 * seed-load strobes are registered from the bus here, as in the RTL. GFC: one stage generator
 * per ingress PG (line_rate: one fg_gfc_scan engine visiting the PGs), a received-stage
 * register and a rate limiter per EQ; a port shows its PFC request first and its GFC request
 * (the PGs' pending stages) when no PFC one is pending. */
#include "top/sw_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rate_limiter.h"
#include "csr/csr_sw.h"
#include "mac/pfc_gen.h"
#include "mac/pfc_refresh.h"
#include "mac/pfc_timer.h"
#include "switch/bm.h"
#include "switch/bm_pipe.h"
#include "switch/bm_seq.h"
#include "switch/comp_bank.h"
#include "switch/ecn_mark.h"
#include "switch/ecn_red.h"
#include "switch/egress_sched.h"
#include "switch/gfc_scan.h"
#include "switch/gfc_stage.h"
#include "switch/ppfc.h"
#include "switch/ppfc_decide.h"
#include "switch/ppfc_snap.h"

/* The ECN seed's reset value (the RTL's fg_ecn_red RESET_SEED). */
#define FG_SW_CORE_ECN_RESET_SEED 2u
/* The per-EQ limiter's build parameters (the RTL's fg_rate_limiter instance) and the per-PG
 * stage generator's (unused) counter width. */
#define FG_SW_CORE_LIM_MAX_STAGE 20
#define FG_SW_CORE_STAGE_CNT_W 2
/* line_rate: the verdict's compact delay-line stages before the per-port one (fg_sw_admit DEPTH;
 * with the per-port stage, FG_ECN_MARK_LATENCY edges) */
#define FG_SW_CORE_DL_DEPTH (FG_ECN_MARK_LATENCY - 1)

/* One verdict in fg_sw_admit's delay line. */
typedef struct {
    bool v, sd, sv;
    uint8_t port, where, prio, dst;
} fg_sw_verdict;

struct fg_sw_core_state {
    fg_sw_core_cfg cfg;
    fg_csr_sw_state csr;
    fg_bm_state bm;
    fg_pfc_gen_state gen[FG_SW_MAX_PORTS];
    fg_pfc_refresh_state refresh; /* line_rate 2: the compact generators' refresh period */
    fg_pfc_timer_state timer[FG_SW_MAX_PORTS];
    fg_egress_sched_state sched[FG_SW_MAX_PORTS];
    fg_ecn_red_state ecn;
    fg_ppfc_state ppfc;
    /* line_rate (fg_sw_admit): the line-rate buffer manager, the marker, the verdict's delay line
     * ([0] after the verdict's first edge), its per-port last stage, the packet count per EQ */
    fg_bm_pipe_state bmp;
    fg_bm_seq_state bms; /* line_rate 2: the compact buffer manager in fg_bm_pipe's place */
    fg_ecn_mark_state ecnm;
    fg_sw_verdict dl[FG_SW_CORE_DL_DEPTH];
    bool acc[FG_SW_MAX_PORTS], drop[FG_SW_MAX_PORTS], sd[FG_SW_MAX_PORTS], sv[FG_SW_MAX_PORTS];
    uint8_t where[FG_SW_MAX_PORTS];
    bool acc_eq[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint32_t pkt[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    fg_gfc_stage_state stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];      /* ingress PG (i, p) */
    fg_gfc_scan_state scan; /* line_rate: the stage generation of every PG */
    /* line_rate 1 with P-PFC: the snapshot pass, the composition counters, the decision */
    fg_ppfc_snap_state snap;
    fg_comp_state comp;
    fg_ppfc_decide_state dec;
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
    fg_bm_pipe_out prev_bmp;
    fg_ppfc_snap_out prev_snap;
    fg_comp_out prev_comp;
    fg_ppfc_decide_out prev_dec;
    uint64_t comp_faults; /* fg_comp_bank's stat_close, stat_early and stat_bad pulses since reset */
    bool prev_mark; /* fg_ecn_mark's registered output */
    fg_gfc_stage_out prev_stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    bool prev_allow[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    /* scratch, kept here so a step allocates nothing */
    fg_csr_sw_in csr_in;
    fg_bm_in bm_in;
    fg_bm_pipe_in bmp_in;
    fg_ecn_red_in ecn_in;
    fg_ecn_mark_in ecnm_in;
    fg_ppfc_in ppfc_in;
    fg_ppfc_decide_in dec_in;
};

/* The P-PFC registers as both engines take them (fg_ppfc_in and fg_ppfc_decide_in name these
 * fields alike): one mapping from the register block's outputs, so a new register reaches both. */
#define FG_SW_CORE_PPFC_REGS(in, c)                                                                          \
    do {                                                                                                     \
        (in)->cfg_enable = (c)->cfg_ppfc_enable;                                                             \
        (in)->cfg_interval = (c)->cfg_ppfc_interval;                                                         \
        (in)->cfg_horizon = (uint16_t)(c)->cfg_ppfc_horizon;                                                 \
        (in)->cfg_ratio = (c)->cfg_ppfc_ratio;                                                               \
        (in)->cfg_kmax = (c)->cfg_ecn_kmax;                                                                  \
        (in)->cfg_holdoff = (uint16_t)(c)->cfg_ppfc_holdoff;                                                 \
        (in)->cfg_seed = (c)->cfg_ppfc_seed;                                                                 \
        (in)->cfg_seed_load = (c)->csr_wrote_ppfc_ctrl && (c)->cfg_ppfc_seed_load;                           \
        (in)->cfg_lossless = (uint8_t)(c)->cfg_lossless;                                                     \
    } while (0)

/* line_rate 1 with P-PFC builds fg_ppfc_snap, fg_comp_bank and fg_ppfc_decide (fg_ppfc otherwise) */
static bool ppfc_lr(const fg_sw_core_cfg *cfg) { return cfg->line_rate == 1 && !cfg->no_ppfc; }

/* the composition counters are cleared: until then the line-rate core with P-PFC holds
 * enq_ready and deq_ready low (the RTL's comp_ready; true in every other form) */
static bool comp_ready(const fg_sw_core_state *st) { return !ppfc_lr(&st->cfg) || st->prev_comp.ready; }

/* The register block's parameters: the core's sizes, 32-bit counters, and the build options it
 * reports in BUILD (the RTL passes ECN, GFC, PPFC and STATS down to fg_csr_sw). */
static fg_csr_sw_cfg csr_cfg_of(const fg_sw_core_cfg *cfg)
{
    const fg_csr_sw_cfg c = {.n_ports = cfg->n_ports,
                             .n_prio = cfg->n_prio,
                             .cw = cfg->cw,
                             .cnt_w = 32,
                             .no_ecn = cfg->no_ecn,
                             .no_gfc = cfg->no_gfc,
                             .no_ppfc = cfg->no_ppfc,
                             .no_stats = cfg->no_stats};
    return c;
}

/* The first build option (each 0 = built or 1 = left out) outside 0..1: its name and value. */
static bool bad_option(const fg_sw_core_cfg *cfg, const char **field, int *v)
{
    const struct {
        const char *name;
        int value;
    } options[] = {{"no_ppfc", cfg->no_ppfc}, {"no_gfc", cfg->no_gfc}, {"no_ecn", cfg->no_ecn}, {"no_stats", cfg->no_stats}};
    for (size_t k = 0; k < sizeof options / sizeof options[0]; k++)
        if (options[k].value < 0 || options[k].value > 1) {
            *field = options[k].name;
            *v = options[k].value;
            return true;
        }
    return false;
}

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
    } else if (bad_option(cfg, &field, &v)) {
        lo = 0;
        hi = 1;
    } else if (cfg->line_rate < 0 || cfg->line_rate > 2) {
        field = "line_rate";
        lo = 0;
        hi = 2;
        v = cfg->line_rate;
    } else if (cfg->line_rate == 2 && !cfg->no_ppfc) {
        snprintf(msg, n, "fg_sw_core: line_rate = 2 needs no_ppfc = 1 (fg_bm_seq's monitor is not the stream "
                         "fg_ppfc_snap takes; RTL: LINE_RATE = 2 needs PPFC = 0)");
        return -1;
    } else if (cfg->line_rate == 2 && !cfg->no_gfc) {
        snprintf(msg, n, "fg_sw_core: line_rate = 2 needs no_gfc = 1 (fg_bm_seq's monitor is not the stream "
                         "fg_gfc_scan takes; RTL: LINE_RATE = 2 needs GFC = 0)");
        return -1;
    }
    if (field) {
        snprintf(msg, n, "fg_sw_core: %s = %d is out of range %d..%d", field, v, lo, hi);
        return -1;
    }
    /* the blocks' own parameters (cw, sw, ...): their checks name the field and range */
    const fg_csr_sw_cfg ccfg = csr_cfg_of(cfg);
    const fg_bm_cfg bcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
    const fg_ppfc_cfg pcfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cand_lanes = cfg->ppfc_lanes};
    const fg_bm_pipe_cfg bpcfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw, .tag_w = 1};
    const fg_ppfc_decide_cfg dcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw};
    const fg_comp_cfg kcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
    const fg_ppfc_snap_cfg ncfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .phase = FG_BMP_MON_DELAY};
    const char *lr_err = !ppfc_lr(cfg) ? NULL
                         : fg_ppfc_decide_cfg_error(&dcfg) ? fg_ppfc_decide_cfg_error(&dcfg)
                         : fg_comp_cfg_error(&kcfg) ? fg_comp_cfg_error(&kcfg)
                                                    : fg_ppfc_snap_cfg_error(&ncfg);
    if (lr_err) {
        snprintf(msg, n, "fg_sw_core: %s (line_rate = 1 with P-PFC; RTL: LINE_RATE = 1, PPFC = 1)", lr_err);
        return -1;
    }
    char inner[200];
    /* only the blocks the configuration builds (as the RTL elaborates only those) */
    if (fg_csr_sw_check_cfg(&ccfg, inner, sizeof inner) ||
        (!cfg->line_rate && fg_bm_check_cfg(&bcfg, inner, sizeof inner)) ||
        (cfg->line_rate == 1 && fg_bm_pipe_check_cfg(&bpcfg, inner, sizeof inner)) ||
        (cfg->line_rate == 2 && fg_bm_seq_check_cfg(&bpcfg, inner, sizeof inner)) ||
        (!cfg->no_ppfc && !cfg->line_rate && fg_ppfc_check_cfg(&pcfg, inner, sizeof inner))) {
        snprintf(msg, n, "fg_sw_core: %s", inner);
        return -1;
    }
    const fg_gfc_stage_cfg gscfg = {.cw = cfg->cw, .cnt_w = FG_SW_CORE_STAGE_CNT_W, .pipe = 0};
    const fg_gfc_scan_cfg sccfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .phase = FG_BMP_MON_DELAY};
    const char *gfc_err = cfg->no_gfc      ? NULL
                          : cfg->line_rate ? fg_gfc_scan_cfg_error(&sccfg)
                                           : fg_gfc_stage_cfg_error(&gscfg);
    if (gfc_err) {
        snprintf(msg, n, "fg_sw_core: %s", gfc_err);
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

uint64_t fg_sw_core_comp_faults(const fg_sw_core_state *st) { return st->comp_faults; }

int fg_sw_core_reset(fg_sw_core_state *st, const fg_sw_core_cfg *cfg)
{
    char msg[300];
    if (fg_sw_core_check_cfg(cfg, msg, sizeof msg))
        return -1; /* state untouched: fg_sw_core_check_cfg says why */
    st->cfg = *cfg;
    const fg_csr_sw_cfg ccfg = csr_cfg_of(cfg);
    const fg_bm_cfg bcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
    /* line_rate 2 builds the compact generators (COMPACT = 1) and one fg_pfc_refresh */
    const fg_pfc_gen_cfg gcfg = {.n_prio = (unsigned)cfg->n_prio, .compact = cfg->line_rate == 2};
    fg_pfc_refresh_reset(&st->refresh);
    const fg_pfc_timer_cfg tcfg = {.n_prio = cfg->n_prio, .compact = cfg->line_rate == 2};
    const fg_egress_sched_cfg scfg = {.n_prio = cfg->n_prio};
    /* fg_ppfc loads cfg_seed on a reset edge: the PPFC_SEED value before this reset. */
    st->ppfc_in.cfg_seed = st->prev_csr.cfg_ppfc_seed;
    fg_csr_sw_reset(&st->csr, &ccfg);
    fg_bm_reset(&st->bm, &bcfg);
    const fg_bm_pipe_cfg bpcfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw, .tag_w = 1};
    const fg_ecn_mark_cfg mcfg = {
        .n_prio = cfg->n_prio, .cw = cfg->cw, .reset_seed = FG_SW_CORE_ECN_RESET_SEED};
    memset(&st->prev_bmp, 0, sizeof st->prev_bmp);
    if (cfg->line_rate == 1) {
        fg_bm_pipe_reset(&st->bmp, &bpcfg);
        fg_bm_pipe_outputs(&st->bmp, &st->prev_bmp);
    } else if (cfg->line_rate == 2) {
        fg_bm_seq_reset(&st->bms, &bpcfg);
        fg_bm_seq_outputs(&st->bms, &st->prev_bmp);
    }
    if (cfg->line_rate) {
        fg_ecn_mark_reset(&st->ecnm, &mcfg);
        const fg_gfc_scan_cfg sccfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .phase = FG_BMP_MON_DELAY};
        if (!cfg->no_gfc)
            fg_gfc_scan_reset(&st->scan, &sccfg);
    }
    st->prev_mark = false;
    memset(st->dl, 0, sizeof st->dl);
    memset(st->acc, 0, sizeof st->acc);
    memset(st->drop, 0, sizeof st->drop);
    memset(st->sd, 0, sizeof st->sd);
    memset(st->sv, 0, sizeof st->sv);
    memset(st->where, 0, sizeof st->where);
    memset(st->acc_eq, 0, sizeof st->acc_eq);
    memset(st->pkt, 0, sizeof st->pkt);
    const fg_ecn_red_cfg ecfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw,
                                 .reset_seed = FG_SW_CORE_ECN_RESET_SEED};
    fg_ecn_red_reset(&st->ecn, &ecfg);
    const fg_ppfc_cfg pcfg = {
        .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .cand_lanes = cfg->ppfc_lanes};
    memset(&st->prev_snap, 0, sizeof st->prev_snap);
    memset(&st->prev_comp, 0, sizeof st->prev_comp);
    memset(&st->prev_dec, 0, sizeof st->prev_dec);
    st->comp_faults = 0;
    if (ppfc_lr(cfg)) {
        const fg_ppfc_decide_cfg dcfg = {.n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw};
        const fg_comp_cfg kcfg = {
            .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .sw = cfg->sw};
        const fg_ppfc_snap_cfg ncfg = {
            .n_ports = cfg->n_ports, .n_prio = cfg->n_prio, .cw = cfg->cw, .phase = FG_BMP_MON_DELAY};
        fg_ppfc_snap_reset(&st->snap, &ncfg);
        fg_ppfc_snap_outputs(&st->snap, &st->prev_snap);
        fg_comp_reset(&st->comp, &kcfg);
        fg_comp_outputs(&st->comp, &st->prev_comp);
        /* fg_ppfc_decide's LFSR loads cfg_seed on a reset edge: PPFC_SEED before this reset */
        fg_ppfc_decide_reset(&st->dec, &dcfg);
        memset(&st->dec_in, 0, sizeof st->dec_in);
        st->dec_in.rst = true;
        st->dec_in.cfg_seed = st->ppfc_in.cfg_seed;
        fg_ppfc_decide_step(&st->dec, &st->dec_in, &st->prev_dec);
        st->dec_in.rst = false;
    }
    fg_ppfc_reset_edge(&st->ppfc, &pcfg, &st->ppfc_in, &st->prev_ppfc);
    if (cfg->no_ppfc || cfg->line_rate)
        memset(&st->prev_ppfc, 0, sizeof st->prev_ppfc);
    for (int i = 0; i < cfg->n_ports; i++) {
        fg_pfc_gen_reset(&st->gen[i], &gcfg);
        fg_pfc_timer_reset(&st->timer[i], &tcfg);
        fg_egress_sched_reset(&st->sched[i], &scfg);
        for (int p = 0; p < cfg->n_prio; p++) {
            const fg_gfc_stage_cfg gscfg = {.cw = cfg->cw, .cnt_w = FG_SW_CORE_STAGE_CNT_W, .pipe = 0};
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

/* The buffer manager's registered state, from fg_bm or (line_rate) fg_bm_pipe / fg_bm_seq. */
static bool bm_paused(const fg_sw_core_state *st, int i, int p)
{
    return st->cfg.line_rate ? st->prev_bmp.paused[i][p] : st->prev_bm.paused[i][p];
}
/* (line_rate: fg_bm_pipe and fg_bm_seq keep their PG counters in block RAM and show them one PG
 * at a time on their monitor, not as per-PG outputs: the core's ingress_cnt and hdrm_cnt are 0) */
static uint32_t bm_ingress(const fg_sw_core_state *st, int i, int p)
{
    return st->cfg.line_rate ? 0u : st->prev_bm.ingress_cnt[i][p];
}
static uint32_t bm_hdrm(const fg_sw_core_state *st, int i, int p)
{
    return st->cfg.line_rate ? 0u : st->prev_bm.hdrm_cnt[i][p];
}
static uint32_t bm_egress(const fg_sw_core_state *st, int o, int p)
{
    return st->cfg.line_rate ? st->prev_bmp.egress_cnt[o][p] : st->prev_bm.egress_cnt[o][p];
}
/* The core's verdict outputs of port i (registered). */
static bool v_accept(const fg_sw_core_state *st, int i) { return st->cfg.line_rate ? st->acc[i] : st->prev_bm.enq_accept[i]; }
static bool v_stat_drop(const fg_sw_core_state *st, int i)
{
    return st->cfg.line_rate ? st->sd[i] : st->prev_bm.stat_drop[i];
}
static bool v_stat_violation(const fg_sw_core_state *st, int i)
{
    return st->cfg.line_rate ? st->sv[i] : st->prev_bm.stat_violation[i];
}
static bool v_mark(const fg_sw_core_state *st, int i)
{
    return st->cfg.line_rate ? st->prev_mark && st->acc[i] : st->prev_ecn.mark[i] && st->prev_bm.enq_accept[i];
}

/* GFC runs on the lossless priorities while GFC_CTRL.gfc_enable is set (never when it is not
 * built: the RTL's GFC = 0). */
static bool gfc_on(const fg_sw_core_state *st, const fg_csr_sw_out *c, int p)
{
    return !st->cfg.no_gfc && c->cfg_gfc_enable && ((c->cfg_lossless >> p) & 1u);
}

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
    out->cfg_gfc_enable = c->cfg_gfc_enable && !st->cfg.no_gfc; /* a core without GFC accepts no GFC frame */
    const bool pipe = st->cfg.line_rate;
    out->shared_used = pipe ? st->prev_bmp.shared_used : b->shared_used;
    for (int i = 0; i < N; i++) {
        out->enq_ready[i] = pipe ? st->prev_bmp.enq_ready[i] && comp_ready(st) : true;
        out->deq_ready[i] = pipe ? st->prev_bmp.deq_ready[i] && comp_ready(st) : true;
        out->enq_accept[i] = v_accept(st, i);
        out->enq_drop[i] = pipe ? st->drop[i] : b->enq_drop[i];
        out->enq_where[i] = pipe ? st->where[i] : b->enq_where[i];
        out->enq_mark[i] = v_mark(st, i);
        out->stat_drop[i] = v_stat_drop(st, i);
        out->stat_violation[i] = v_stat_violation(st, i);
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
            out->paused[i][p] = bm_paused(st, i, p);
            out->stat_pp[i][p] = st->prev_ppfc.stat_pp[i][p];
            out->tx_paused[i][p] = st->prev_timer[i].tx_paused[p];
            out->ingress_cnt[i][p] = bm_ingress(st, i, p);
            out->hdrm_cnt[i][p] = bm_hdrm(st, i, p);
            out->egress_cnt[i][p] = bm_egress(st, i, p);
            out->gfc_pg_stage[i][p] = st->prev_stage[i][p].stage;
            out->gfc_rx_stage[i][p] = st->rx_stage[i][p];
            out->gfc_hold[i][p] = gfc_on(st, c, p) && !st->prev_allow[i][p];
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
        ci->stat_drop[i] = v_stat_drop(st, i);
        ci->stat_violation[i] = v_stat_violation(st, i);
        const bool req_valid = st->prev_gen[i].req_valid || gfc_cev(st, i) != 0;
        ci->stat_pfc_req_tx[i] = req_valid && in->tx_ctrl_ack[i] && !show_gfc(st, i);
        ci->stat_gfc_tx[i] = req_valid && in->tx_ctrl_ack[i] && show_gfc(st, i);
        ci->stat_gfc_rx[i] = in->rx_gfc_valid[i];
        ci->stat_pfc_rx_ok[i] = in->rx_pfc_valid[i];
        ci->stat_pfc_rx_bad[i] = in->rx_pfc_bad[i];
        ci->stat_ecn_mark[i] = v_mark(st, i);
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
    fg_ppfc_snap_out snap_out = st->prev_snap;
    fg_comp_out comp_out = st->prev_comp;
    fg_ppfc_decide_out dec_out = st->prev_dec;
    if (ppfc_lr(&st->cfg)) {
        /* line rate: the three blocks, each from the others' (and fg_bm_pipe's) registered outputs */
        const fg_bm_pipe_out *bo = &st->prev_bmp;
        const fg_ppfc_snap_in sni = {
            .cfg_enable = c->cfg_ppfc_enable, .tick = st->prev_dec.tick, .occ_in = bo->mon_occ};
        fg_ppfc_snap_step(&st->snap, &sni, &snap_out);
        const fg_comp_in ki = {.adm_valid = bo->adm_valid && bo->adm_where != FG_BMP_WHERE_DROPPED,
                               .adm_port = bo->adm_port,
                               .adm_prio = bo->adm_prio,
                               .adm_dst = bo->adm_dst,
                               .adm_cells = bo->adm_cells,
                               .rel_valid = bo->rel_valid,
                               .rel_port = bo->rel_port,
                               .rel_prio = bo->rel_prio,
                               .rel_src = bo->rel_src,
                               .rel_cells = bo->rel_cells,
                               .rq_valid = st->prev_dec.rq_valid,
                               .rq_eq = (uint32_t)st->prev_dec.rq_eq};
        fg_comp_step(&st->comp, &ki, &comp_out);
        st->comp_faults += (uint64_t)comp_out.stat_close + comp_out.stat_early + comp_out.stat_bad;
        fg_ppfc_decide_in *di = &st->dec_in;
        di->rst = false;
        FG_SW_CORE_PPFC_REGS(di, c);
        di->snap_inc_total = st->prev_snap.inc_total;
        di->snap_done = st->prev_snap.done;
        di->bank_ready = st->prev_comp.ready;
        di->rs_valid = st->prev_comp.rs_valid;
        di->shared_free = bo->shared_free;
        for (int i = 0; i < N; i++) {
            di->cfg_cell_cycles[i] = (uint16_t)c->cfg_cell_cycles[i];
            di->cfg_quanta_step[i] = c->cfg_quanta_step[i];
            di->rs_comp[i] = st->prev_comp.rs_comp[i];
            for (int p = 0; p < P; p++) {
                di->snap_inc[i * P + p] = st->prev_snap.inc[i * P + p];
                di->egress_cnt[i * P + p] = bo->egress_cnt[i][p];
                di->paused[i * P + p] = bo->paused[i][p];
            }
        }
        fg_ppfc_decide_step(&st->dec, di, &dec_out);
        /* the requests and the per-PG pulses as fg_ppfc shows them to the generators */
        ppfc_out.pp_valid = dec_out.pp_valid;
        ppfc_out.pp_port = dec_out.pp_port;
        ppfc_out.pp_prio = dec_out.pp_prio;
        ppfc_out.pp_quanta = dec_out.pp_quanta;
        for (int i = 0; i < N; i++)
            for (int p = 0; p < P; p++)
                ppfc_out.stat_pp[i][p] = dec_out.stat_pp[i * P + p];
    } else if (!st->cfg.no_ppfc && !st->cfg.line_rate) {
        fg_ppfc_in *pi = &st->ppfc_in;
        FG_SW_CORE_PPFC_REGS(pi, c);
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
    /* line_rate: fg_gfc_scan takes fg_bm_pipe's monitor (one PG's occupancy per cycle, in the
     * order the RTL's PHASE = FG_BMP_MON_DELAY assumes; the model follows mon_pg) and takes a port's requests
     * when the port shows its GFC request and the serialiser acks */
    fg_gfc_scan_out scan_out;
    const bool scan = st->cfg.line_rate && !st->cfg.no_gfc;
    if (scan) {
        fg_gfc_scan_in sci;
        memset(&sci, 0, sizeof sci);
        for (int p = 0; p < P; p++)
            sci.cfg_enable |= (uint8_t)(gfc_on(st, c, p) << p);
        sci.cfg_b1 = c->cfg_gfc_b1;
        sci.cfg_bm = c->cfg_gfc_bm;
        for (int i = 0; i < N; i++) sci.req_ack[i] = in->tx_ctrl_ack[i] && show_gfc(st, i);
        sci.occ_in = st->prev_bmp.mon_occ;
        sci.occ_pg = st->prev_bmp.mon_pg;
        fg_gfc_scan_step(&st->scan, &sci, &scan_out);
    }
    /* line_rate 2: the refresh period's tick as it stands before this edge, for every port */
    const bool refresh_tick = st->refresh.tick;
    if (st->cfg.line_rate == 2) {
        const fg_pfc_refresh_in ri = {.cfg_enable = c->cfg_pfc_enable, .cfg_refresh = c->cfg_refresh};
        fg_pfc_refresh_step(&st->refresh, &ri);
    }
    for (int i = 0; i < N; i++) {
        fg_pfc_gen_in gi = {0};
        gi.refresh_tick = refresh_tick;
        gi.cfg_enable = c->cfg_pfc_enable;
        gi.cfg_refresh = c->cfg_refresh;
        gi.cfg_pause_quanta = (uint16_t)c->cfg_pause_quanta;
        gi.pp_valid = st->prev_ppfc.pp_valid && st->prev_ppfc.pp_port == i;
        gi.pp_prio = st->prev_ppfc.pp_prio;
        gi.pp_quanta = st->prev_ppfc.pp_quanta;
        gi.req_ack = in->tx_ctrl_ack[i] && st->prev_gen[i].req_valid;
        for (int p = 0; p < P; p++)
            gi.paused |= (uint8_t)((bm_paused(st, i, p) && (!gfc_on(st, c, p) || c->cfg_gfc_backstop)) << p);
        fg_pfc_gen_step(&st->gen[i], &gi, &gen_out[i]);

        fg_pfc_timer_in ti = {0};
        ti.pfc_valid = in->rx_pfc_valid[i];
        ti.pfc_cev = in->rx_pfc_cev[i];
        memcpy(ti.pfc_time, in->rx_pfc_time[i], sizeof ti.pfc_time);
        ti.cfg_quanta_step = c->cfg_quanta_step[i];
        fg_pfc_timer_step(&st->timer[i], &ti, &timer_out[i]);

        fg_egress_sched_in si = {0};
        for (int p = 0; p < P; p++) {
            const bool nonempty = st->cfg.line_rate ? st->pkt[i][p] != 0 : st->prev_bm.egress_cnt[i][p] != 0;
            si.q_nonempty |= (uint8_t)(nonempty << p);
            const bool gfc_hold = gfc_on(st, c, p) && !st->prev_allow[i][p];
            si.tx_paused |= (uint8_t)((st->prev_timer[i].tx_paused[p] || in->tx_hold[i][p] || gfc_hold) << p);
        }
        si.link_idle =
            in->link_idle[i] && (!st->cfg.line_rate || (st->prev_bmp.deq_ready[i] && comp_ready(st)));
        fg_egress_sched_step(&st->sched[i], &si, &sched_out[i]);

        /* GFC: stage generators (ack when the port shows the GFC request), received stages,
         * limiters (a start is the deq of the granted packet, with its length) */
        const bool ack_gfc = in->tx_ctrl_ack[i] && show_gfc(st, i);
        for (int p = 0; p < P; p++) {
            if (st->cfg.no_gfc) { /* not built: stages, received stages and holds stay 0 */
                stage_out[i][p] = st->prev_stage[i][p];
                allow_out[i][p] = st->prev_allow[i][p];
                rx_stage_next[i][p] = 0;
                continue;
            }
            if (scan) { /* a pending request carries the PG's current stage */
                memset(&stage_out[i][p], 0, sizeof stage_out[i][p]);
                stage_out[i][p].stage = scan_out.stage[i * P + p];
                stage_out[i][p].req_valid = scan_out.req_pend[i * P + p];
                stage_out[i][p].req_stage = scan_out.stage[i * P + p];
            } else {
                fg_gfc_stage_in gsi = {0};
                gsi.cfg_enable = gfc_on(st, c, p);
                gsi.cfg_b1 = c->cfg_gfc_b1;
                gsi.cfg_bm = c->cfg_gfc_bm;
                const uint32_t occ_max = (uint32_t)fg_mask(st->cfg.cw);
                const uint64_t occ = (uint64_t)bm_ingress(st, i, p) + bm_hdrm(st, i, p);
                gsi.occupancy = occ > occ_max ? occ_max : (uint32_t)occ;
                gsi.req_ack = ack_gfc;
                stage_out[i][p] = st->prev_stage[i][p];
                fg_gfc_stage_step(&st->stage[i][p], &gsi, &stage_out[i][p]);
            }

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

    /* line_rate (fg_sw_admit): the buffer manager takes this edge's offers and releases, the
     * marker the registered verdict, and the verdict moves down its delay line */
    fg_sw_verdict dl_next[FG_SW_CORE_DL_DEPTH];
    bool acc_next[FG_SW_MAX_PORTS] = {0}, drop_next[FG_SW_MAX_PORTS] = {0};
    bool sd_next[FG_SW_MAX_PORTS] = {0}, sv_next[FG_SW_MAX_PORTS] = {0};
    uint8_t where_next[FG_SW_MAX_PORTS] = {0};
    bool acc_eq_next[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint32_t pkt_next[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    if (st->cfg.line_rate) {
        fg_bm_pipe_in *pb = &st->bmp_in;
        pb->cfg_total_cells = bi->cfg_total_cells;
        pb->cfg_reserve = bi->cfg_reserve;
        pb->cfg_resume_offset = bi->cfg_resume_offset;
        pb->cfg_lossless = bi->cfg_lossless;
        pb->cfg_static_mode = bi->cfg_static_mode;
        for (int i = 0; i < N; i++) {
            pb->cfg_headroom[i] = bi->cfg_headroom[i];
            pb->cfg_alpha_shift[i] = bi->cfg_alpha_shift[i];
            for (int p = 0; p < P; p++) {
                pb->cfg_xoff[i][p] = bi->cfg_xoff[i][p];
                pb->cfg_xon[i][p] = bi->cfg_xon[i][p];
            }
            pb->enq_valid[i] = in->enq_valid[i] && comp_ready(st);
            pb->enq_prio[i] = in->enq_prio[i];
            pb->enq_dst[i] = in->enq_dst[i];
            pb->enq_cells[i] = in->enq_cells[i];
            pb->enq_tag[i] = in->enq_ect[i];
            pb->deq_valid[i] = in->deq_valid[i] && comp_ready(st);
            pb->deq_prio[i] = in->deq_prio[i];
            pb->deq_src[i] = in->deq_src[i];
            pb->deq_cells[i] = in->deq_cells[i];
        }
        fg_ecn_mark_in *mi = &st->ecnm_in;
        mi->cfg_prio_mask = ei->cfg_prio_mask;
        mi->cfg_kmin = ei->cfg_kmin;
        mi->cfg_kmax = ei->cfg_kmax;
        mi->cfg_slope = ei->cfg_slope;
        mi->cfg_seed = ei->cfg_seed;
        mi->cfg_seed_load = ei->cfg_seed_load;
        const fg_bm_pipe_out *bo = &st->prev_bmp;
        mi->in_valid = bo->adm_valid;
        mi->in_prio = bo->adm_prio;
        mi->in_ect = bo->adm_tag & 1u;
        /* the verdict's EQ length, registered by the buffer manager's egress lane */
        mi->in_q = bo->adm_eq_cnt;
        /* the delay line: [0] takes the registered verdict, the last compact stage goes out
         * per port, its accepted EQ to the packet count */
        dl_next[0] = (fg_sw_verdict){.v = bo->adm_valid,
                                     .sd = bo->stat_drop,
                                     .sv = bo->stat_violation,
                                     .port = bo->adm_port,
                                     .where = bo->adm_where,
                                     .prio = bo->adm_prio,
                                     .dst = bo->adm_dst};
        for (int k = 1; k < FG_SW_CORE_DL_DEPTH; k++)
            dl_next[k] = st->dl[k - 1];
        const fg_sw_verdict *last = &st->dl[FG_SW_CORE_DL_DEPTH - 1];
        const bool last_acc = last->v && last->where != FG_BMP_WHERE_DROPPED;
        memset(acc_eq_next, 0, sizeof acc_eq_next);
        if (last->port < N) {
            acc_next[last->port] = last_acc;
            drop_next[last->port] = last->v && !last_acc;
            sd_next[last->port] = last->sd;
            sv_next[last->port] = last->sv;
            where_next[last->port] = last->v ? last->where : 0;
        }
        if (last_acc && last->dst < N && last->prio < P)
            acc_eq_next[last->dst][last->prio] = true;
        /* packet count per EQ: +1 for the accepted verdict leaving the line (the edge before),
         * -1 for the grant of the edge before; saturating at 2^CW - 1, never below 0 */
        const uint32_t pmax = (uint32_t)fg_mask(st->cfg.cw);
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++) {
                const bool granted = st->prev_sched[o].grant_valid && st->prev_sched[o].grant_prio == p;
                const uint32_t c = st->pkt[o][p];
                pkt_next[o][p] = c;
                if (st->acc_eq[o][p] && !granted && c != pmax)
                    pkt_next[o][p] = c + 1;
                else if (granted && !st->acc_eq[o][p] && c != 0)
                    pkt_next[o][p] = c - 1;
            }
    }

    fg_csr_sw_out csr_out;
    fg_csr_sw_step(&st->csr, ci, &csr_out);
    if (st->cfg.line_rate) {
        fg_ecn_mark_out mo;
        if (st->cfg.line_rate == 2)
            fg_bm_seq_step(&st->bms, &st->bmp_in, &st->prev_bmp);
        else
            fg_bm_pipe_step(&st->bmp, &st->bmp_in, &st->prev_bmp);
        if (!st->cfg.no_ecn) {
            fg_ecn_mark_step(&st->ecnm, &st->ecnm_in, &mo);
            st->prev_mark = mo.mark;
        }
        memcpy(st->dl, dl_next, sizeof dl_next);
        memcpy(st->acc, acc_next, sizeof acc_next);
        memcpy(st->drop, drop_next, sizeof drop_next);
        memcpy(st->sd, sd_next, sizeof sd_next);
        memcpy(st->sv, sv_next, sizeof sv_next);
        memcpy(st->where, where_next, sizeof where_next);
        memcpy(st->acc_eq, acc_eq_next, sizeof acc_eq_next);
        for (int o = 0; o < N; o++)
            for (int p = 0; p < P; p++)
                st->pkt[o][p] = pkt_next[o][p];
    } else {
        fg_bm_step(&st->bm, bi, &st->prev_bm);
        if (!st->cfg.no_ecn)
            fg_ecn_red_step(&st->ecn, ei, &st->prev_ecn);
    }
    st->prev_ppfc = ppfc_out;
    st->prev_snap = snap_out;
    st->prev_comp = comp_out;
    st->prev_dec = dec_out;
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
