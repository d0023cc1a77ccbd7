/* test_core_reaction.c - the switch core's own reaction to a pause, measured on its C model
 * (cmodel/top/sw_core.c) and held against the headroom calculator's core term
 * (fg_headroom_core_cycles, sw/lib/fg_headroom.c).
 *
 * A lossless PG's headroom has to take the cells that arrive while the core itself decides
 * to pause: from the edge a packet is offered that takes the PG over XOFF to the edge the core
 * shows the XOFF request to its serialiser (tx_ctrl_valid with the class in tx_ctrl_xoff). In
 * the default core that is two edges; in the line-rate forms it is the pipeline, the wait in
 * the port's holding register while the other ports are served, and the interlock wait behind
 * an earlier op of the same PG. Each trial: reset, static thresholds (the victim PG crosses
 * XOFF with one packet, no other PG can), optionally a packet of the victim PG d edges before
 * (its interlock), the crossing packet on the victim port together with packets on a random
 * set of the other ports (arbitration), then count edges to the request. The first trial of
 * each shape is the constructed worst case; the others are random (victim, gap, ports, phase).
 * Fails when a trial's reaction exceeds fg_headroom_core_cycles (the calculator would size
 * headroom short) or when no trial reaches it (the figure would be loose: the formula has to
 * be the worst case the model has, not a bound picked large). Prints the worst per shape. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg_core_bus.h"
#include "fg_drv.h"
#include "fg_headroom.h"
#include "fg_regs.h"
#include "top/sw_core.h"

static uint32_t rng_state = 12345u;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

/* One trial; returns the reaction in edges (offer's first edge .. the request's edge, both
 * counted), or -1 when no request came within 600 edges or a write was refused. */
static long trial(const fg_sw_core_cfg *cfg, int victim, int prio, int pre_gap, uint32_t others, int phase)
{
    fg_core_run r;
    if (fg_core_run_open(&r, cfg)) return -1;
    for (int i = 0; i < cfg->n_ports; i++) r.in.link_idle[i] = false;
    for (int k = 0; k < 40; k++) fg_core_run_step(&r);
    const int N = cfg->n_ports, P = cfg->n_prio;
    /* static thresholds through the driver (it orders the writes and reads them back): no
     * reserve, and only the victim PG can cross its XOFF */
    char msg[300];
    fg_drv d;
    fg_sw_config c;
    int bad = fg_drv_open(&d, fg_core_bus_read, fg_core_bus_write, &r, msg, sizeof msg) ||
              fg_sw_config_defaults(&c, N, P, cfg->cw, msg, sizeof msg);
    if (!bad) {
        c.static_mode = 1;
        c.reserve = 0;
        for (int k = 0; k < N * P; k++) {
            c.xoff[k] = (k == victim * P + prio) ? 2 : 1000;
            c.xon[k] = 0;
        }
        bad = fg_drv_apply(&d, &c, msg, sizeof msg);
    }
    if (bad) printf("CHECK core_reaction configuration: %s WRONG\n", msg);
    /* the line-rate forms' scans settle; `phase` more idle edges move the trial against the
     * forms' periodic schedules (scan, slot) */
    for (int k = 0; k < 300 + phase; k++) fg_core_run_step(&r);
    if (bad) {
        fg_core_run_close(&r);
        return -1;
    }
    /* the earlier packet of the victim PG (pre_gap >= 0: offered pre_gap edges before) */
    bool pre_pending = pre_gap >= 0, cross_pending = true, others_pending = false;
    long cross_start = -1, t = 0;
    long result = -1;
    for (t = 0; t < 600 && result < 0; t++) {
        int start_at = pre_gap >= 0 ? pre_gap : 0;
        memset(r.in.enq_valid, 0, sizeof r.in.enq_valid);
        if (t == start_at) others_pending = true;
        for (int i = 0; i < N; i++) {
            bool offer = false;
            if (i == victim) {
                if (pre_pending) offer = true;
                else if (cross_pending && t >= start_at) offer = true;
            } else if (others_pending && (others >> i & 1u)) {
                offer = true;
            }
            if (!offer) continue;
            r.in.enq_valid[i] = true;
            r.in.enq_prio[i] = (uint8_t)(i == victim ? prio : 0);
            r.in.enq_dst[i] = (uint8_t)((i + 1) % N);
            /* the victim's earlier packet 1 cell (below XOFF = 2 however it compares), its
             * crossing packet 4 (above it either way, alone or after the first) */
            r.in.enq_cells[i] = (uint16_t)(i != victim ? 2 : pre_pending ? 1 : 4);
            r.in.enq_ect[i] = false;
        }
        if (r.in.enq_valid[victim] && !pre_pending && cross_start < 0) cross_start = t;
        bool taken[FG_SW_MAX_PORTS] = {false};
        for (int i = 0; i < N; i++) taken[i] = r.in.enq_valid[i] && r.out.enq_ready[i];
        fg_core_run_step(&r);
        if (taken[victim]) {
            if (pre_pending) pre_pending = false;
            else cross_pending = false;
        }
        for (int i = 0; i < N; i++)
            if (i != victim && taken[i]) others &= ~(1u << i);
        if (cross_start >= 0 && r.out.tx_ctrl_valid[victim] && (r.out.tx_ctrl_xoff[victim] >> prio & 1u))
            result = t - cross_start + 1;
    }
    fg_core_run_close(&r);
    return result;
}

static int check_shape(const char *name, int line_rate, int n_ports, int n_prio, int trials)
{
    fg_sw_core_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.n_ports = n_ports;
    cfg.n_prio = n_prio;
    cfg.cw = 18;
    cfg.sw = 8;
    cfg.no_ppfc = 1;
    cfg.line_rate = line_rate;
    cfg.no_gfc = line_rate == 2;
    cfg.no_ecn = 0;
    char msg[200];
    if (fg_sw_core_check_cfg(&cfg, msg, sizeof msg)) {
        printf("CHECK core_reaction %s cfg refused: %s WRONG\n", name, msg);
        return 1;
    }
    long want = fg_headroom_core_cycles(line_rate, n_ports, n_prio);
    const bool report_only = want < 0; /* the compact form: not characterised yet */
    long worst = -1;
    int fails = 0;
    enum { HMAX = 128 };
    int hist[HMAX] = {0};
    char worst_case[160] = "";
    for (int k = 0; k < trials; k++) {
        int victim = (int)rnd((uint32_t)n_ports), prio = (int)rnd((uint32_t)n_prio);
        int pre_gap = rnd(3) == 0 ? -1 : (int)rnd(12);
        uint32_t others = rnd(2) ? ((1u << n_ports) - 1u) : rnd(1u << n_ports);
        int phase = (int)rnd(64);
        if (k == 0) {
            /* the case the line-rate formula describes: the last port (the arbiter's last
             * after reset) sends a packet of the PG with every other port, and the crossing one
             * right behind it */
            victim = n_ports - 1, prio = 0, pre_gap = 0, others = (1u << n_ports) - 1u, phase = 0;
        }
        others &= ~(1u << victim);
        long got = trial(&cfg, victim, prio, pre_gap, others, phase);
        if (got < 0) {
            printf("CHECK core_reaction %s trial %d (victim %d prio %d pre %d others 0x%x phase %d): no XOFF request WRONG\n",
                   name, k, victim, prio, pre_gap, others, phase);
            fails++;
            continue;
        }
        hist[got < HMAX ? got : HMAX - 1]++;
        if (got > worst) {
            worst = got;
            snprintf(worst_case, sizeof worst_case, "victim %d prio %d pre %d others 0x%x phase %d", victim, prio,
                     pre_gap, others, phase);
        }
        if (!report_only && got > want) {
            printf("CHECK core_reaction %s trial %d (victim %d prio %d pre %d others 0x%x phase %d): %ld edges > "
                   "fg_headroom_core_cycles %ld WRONG\n",
                   name, k, victim, prio, pre_gap, others, phase, got, want);
            fails++;
        }
    }
    if (report_only) {
        printf("CHECK core_reaction %s trials=%d worst=%ld (%s) calculator=none (not characterised; reported only) "
               "%s\n",
               name, trials, worst, worst_case, fails ? "WRONG" : "ok");
    } else {
        printf("CHECK core_reaction %s trials=%d worst=%ld (%s) calculator=%ld %s\n", name, trials, worst,
               worst_case, want, (!fails && worst == want) ? "ok" : "WRONG");
    }
    printf("  reaction edges:");
    for (int k = 0; k < HMAX; k++)
        if (hist[k]) printf(" %d:%d", k, hist[k]);
    printf("\n");
    return fails || (!report_only && worst != want);
}

int main(int argc, char **argv)
{
    int trials = argc > 1 ? atoi(argv[1]) : 300;
    int fails = 0;
    fails += check_shape("default_4x2", 0, 4, 2, trials);
    fails += check_shape("lr_4x2", 1, 4, 2, trials);
    fails += check_shape("lr_8x2", 1, 8, 2, trials);
    fails += check_shape("lr_5x3", 1, 5, 3, trials);
    fails += check_shape("seq_4x2", 2, 4, 2, trials);
    printf("%s\n", fails ? "CORE REACTION FAIL" : "CORE REACTION PASS");
    return fails ? 1 : 0;
}
