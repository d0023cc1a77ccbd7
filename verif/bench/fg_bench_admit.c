/* fg_bench_admit.c - admission throughput of the switch core's forms, on the C model (which
 * the lock-step tests hold equal to the RTL edge for edge): how many admission verdicts per
 * edge the core gives while every port but 0 offers a packet on every edge, all for egress
 * port 0, and port 0 releases the oldest accepted packet every `release_every` edges (the
 * order an egress FIFO gives in an incast: the releases' PGs follow the admissions' port
 * order). The default core decides every port's offer on one edge; the line-rate forms have
 * one admission pipeline, whose PG interlock (docs/blocks/bm_pipe.md, "Throughput") costs
 * slots when a release of the admission's own PG is just ahead. A benchmark, not a test:
 * nothing is asserted; make bench writes the JSON into build/bench/bench.json.
 *
 *   fg_bench_admit [--edges N]      one JSON object on stdout */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg_core_bus.h"
#include "fg_drv.h"

enum { FIFO_MAX = 1 << 16 };

typedef struct {
    uint8_t src[FIFO_MAX];
    unsigned head, tail;
} accepted_fifo;

/* One run; -1 when the configuration is refused, else 0 and the rates. */
static int run(int line_rate, int n_ports, int n_prio, int release_every, long edges, double *adm_per_edge,
               double *rel_per_edge)
{
    fg_sw_core_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.n_ports = n_ports, cfg.n_prio = n_prio, cfg.cw = 18, cfg.sw = 8;
    cfg.no_ppfc = line_rate != 0;
    cfg.line_rate = line_rate;
    cfg.no_gfc = line_rate == 2;
    fg_core_run r;
    if (fg_core_run_open(&r, &cfg)) return -1;
    char msg[300];
    fg_drv d;
    fg_sw_config c;
    int bad = fg_drv_open(&d, fg_core_bus_read, fg_core_bus_write, &r, msg, sizeof msg) ||
              fg_sw_config_defaults(&c, n_ports, n_prio, cfg.cw, msg, sizeof msg);
    if (!bad) {
        /* static limits far above what the run admits, every class lossy: every offer passes
         * the pipeline and is accepted until the pool is full (a drop is a verdict too) */
        c.static_mode = 1;
        c.reserve = 0;
        c.lossless_mask = 0;
        for (int k = 0; k < n_ports * n_prio; k++) c.xoff[k] = c.total_cells, c.xon[k] = 0;
        bad = fg_drv_apply(&d, &c, msg, sizeof msg);
    }
    if (bad) {
        fprintf(stderr, "fg_bench_admit: configuration refused: %s\n", msg);
        fg_core_run_close(&r);
        return -1;
    }
    for (int k = 0; k < 300; k++) fg_core_run_step(&r); /* the line-rate forms' scans settle */
    static accepted_fifo q;
    q.head = q.tail = 0;
    long adm = 0, rel = 0, warm = edges / 10, next_rel = 0;
    for (long t = 0; t < warm + edges; t++) {
        memset(r.in.enq_valid, 0, sizeof r.in.enq_valid);
        memset(r.in.deq_valid, 0, sizeof r.in.deq_valid);
        for (int i = 1; i < n_ports; i++) {
            r.in.enq_valid[i] = true;
            r.in.enq_prio[i] = (uint8_t)(n_prio - 1);
            r.in.enq_dst[i] = 0;
            r.in.enq_cells[i] = 1;
        }
        if (release_every > 0 && t >= next_rel && q.head != q.tail && r.out.deq_ready[0]) {
            r.in.deq_valid[0] = true;
            r.in.deq_prio[0] = (uint8_t)(n_prio - 1);
            r.in.deq_src[0] = q.src[q.head++ % FIFO_MAX];
            r.in.deq_cells[0] = 1;
            next_rel = t + release_every;
            rel += t >= warm;
        }
        fg_core_run_step(&r);
        for (int i = 1; i < n_ports; i++) {
            if (r.out.enq_accept[i] && q.tail - q.head < FIFO_MAX) q.src[q.tail++ % FIFO_MAX] = (uint8_t)i;
            adm += t >= warm && (r.out.enq_accept[i] || r.out.enq_drop[i]);
        }
    }
    fg_core_run_close(&r);
    *adm_per_edge = (double)adm / (double)edges;
    *rel_per_edge = (double)rel / (double)edges;
    return 0;
}

int main(int argc, char **argv)
{
    long edges = 20000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--edges") && i + 1 < argc) {
            edges = strtol(argv[++i], NULL, 10);
            if (edges < 100 || edges > 10000000) {
                fprintf(stderr, "fg_bench_admit: --edges %ld: legal range 100..10000000\n", edges);
                return 2;
            }
        } else {
            fprintf(stderr, "usage: fg_bench_admit [--edges N]\n");
            return 2;
        }
    }
    static const struct {
        const char *form;
        int line_rate;
    } forms[] = {{"default", 0}, {"line-rate", 1}, {"compact", 2}};
    static const int shapes[][2] = {{8, 2}, {16, 2}};
    static const int release_every[] = {0, 1, 2, 3, 4, 8, 16};
    printf("{\"bench\": \"admission_throughput\", \"edges\": %ld, \"offers\": \"every port but 0, every edge, "
           "to port 0\", \"rows\": [",
           edges);
    int first = 1;
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (size_t k = 0; k < sizeof release_every / sizeof release_every[0]; k++) {
                double a = 0, rl = 0;
                if (run(forms[f].line_rate, shapes[s][0], shapes[s][1], release_every[k], edges, &a, &rl)) return 1;
                printf("%s\n  {\"form\": \"%s\", \"n_ports\": %d, \"n_prio\": %d, \"release_every\": %d, "
                       "\"admissions_per_edge\": %.4f, \"releases_per_edge\": %.4f}",
                       first ? "" : ",", forms[f].form, shapes[s][0], shapes[s][1], release_every[k], a, rl);
                first = 0;
            }
    printf("\n]}\n");
    return 0;
}
