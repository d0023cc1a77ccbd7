/* drv_roundtrip_model.c - the driver round-trip (fg_roundtrip.h) against the C CSR models of
 * the switch core (cmodel/csr/csr_sw.c, any shape) and the NIC core (cmodel/csr/csr_nic.c).
 *
 *   fg_drv_roundtrip --map sw --ports 4 --prio 2 --cw 18 --configs 1000 --seed 1
 *   fg_drv_roundtrip --map nic --configs 1000 --seed 1
 *   ... --mode naive|skip   a mutated driver: must fail (exit 0 only when it does)
 * Prints one ROUNDTRIP line with the counts; exit 0 on success, 1 on a failure, 2 on a bad
 * command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr/csr_nic.h"
#include "csr/csr_sw.h"
#include "fg_roundtrip.h"

typedef struct {
    int nic;
    fg_csr_sw_state sw;
    fg_csr_sw_out sw_out;
    fg_csr_nic_state ni;
    fg_csr_nic_out ni_out;
    long cycles, writes;
} model_bus;

/* One whole register access (the bus handshake: fg_csr_*_access). */
static uint32_t step(model_bus *b, int rd, int wr, uint32_t addr, uint32_t v)
{
    long edges = b->nic ? fg_csr_nic_access(&b->ni, wr, rd, (uint16_t)addr, v, &b->ni_out)
                        : fg_csr_sw_access(&b->sw, wr, rd, (uint16_t)addr, v, &b->sw_out);
    if (edges < 0) {
        fprintf(stderr, "ROUNDTRIP FAIL: register bus stuck (csr_ready low) at 0x%03x\n", addr);
        exit(1);
    }
    b->cycles += edges;
    return b->nic ? b->ni_out.csr_rdata : b->sw_out.csr_rdata;
}
static uint32_t bus_read(void *ctx, uint32_t addr) { return step(ctx, 1, 0, addr, 0); }
static void bus_write(void *ctx, uint32_t addr, uint32_t v)
{
    ((model_bus *)ctx)->writes++;
    step(ctx, 0, 1, addr, v);
}

static int arg_int(int argc, char **argv, int *i, long lo, long hi, long *out)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s needs a value\n", argv[*i]);
        return -1;
    }
    char *end;
    long v = strtol(argv[++*i], &end, 10);
    if (*end || end == argv[*i] || v < lo || v > hi) {
        fprintf(stderr, "%s: '%s' is not a number in %ld..%ld\n", argv[*i - 1], argv[*i], lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    long ports = 4, prio = 2, cw = 18, configs = 1000, seed = 1;
    int nic = 0, mode = FG_RT_DRIVER;
    for (int i = 1; i < argc; i++) {
        int bad = 0;
        if (!strcmp(argv[i], "--map") && i + 1 < argc) {
            nic = !strcmp(argv[++i], "nic");
            bad = !nic && strcmp(argv[i], "sw");
        } else if (!strcmp(argv[i], "--mode") && i + 1 < argc) {
            i++;
            mode = !strcmp(argv[i], "naive") ? FG_RT_NAIVE_ORDER : !strcmp(argv[i], "skip") ? FG_RT_SKIP_LAST : FG_RT_DRIVER;
            bad = mode == FG_RT_DRIVER && strcmp(argv[i], "driver");
        } else if (!strcmp(argv[i], "--ports"))
            bad = arg_int(argc, argv, &i, 1, FG_CSR_SW_MAX_PORTS, &ports);
        else if (!strcmp(argv[i], "--prio"))
            bad = arg_int(argc, argv, &i, 1, FG_CSR_SW_MAX_PRIO, &prio);
        else if (!strcmp(argv[i], "--cw"))
            bad = arg_int(argc, argv, &i, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX, &cw);
        else if (!strcmp(argv[i], "--configs"))
            bad = arg_int(argc, argv, &i, 1, 100000000, &configs);
        else if (!strcmp(argv[i], "--seed"))
            bad = arg_int(argc, argv, &i, 0, 2147483647, &seed);
        else
            bad = 1;
        if (bad) {
            fprintf(stderr, "usage: %s [--map sw|nic] [--ports N --prio P --cw W] [--configs N] [--seed S] "
                            "[--mode driver|naive|skip]\n", argv[0]);
            return 2;
        }
    }
    static model_bus b;
    b.nic = nic;
    if (nic) {
        fg_csr_nic_cfg c = {32};
        fg_csr_nic_reset(&b.ni, &c);
    } else {
        fg_csr_sw_cfg c = {.n_ports = (int)ports, .n_prio = (int)prio, .cw = (int)cw, .cnt_w = 32};
        fg_csr_sw_reset(&b.sw, &c);
    }
    fg_drv d;
    char msg[256];
    if (fg_drv_open(&d, bus_read, bus_write, &b, msg, sizeof msg)) {
        fprintf(stderr, "open: %s\n", msg);
        return 1;
    }
    fg_rt_stats st;
    int rc = fg_rt_run(&d, (uint64_t)seed, (int)configs, mode, stdout, &st);
    printf("ROUNDTRIP map=%s model=c shape=%dx%d cw=%d mode=%s seed=%ld: %d configurations, %d failed, %ld fields "
           "compared, %ld writes, %ld bus cycles\n",
           d.map->block, d.n_ports, d.n_prio, d.cw, mode == FG_RT_DRIVER ? "driver" : mode == FG_RT_NAIVE_ORDER ? "naive" : "skip",
           seed, st.configs, st.failed, st.fields, b.writes, b.cycles);
    if (mode != FG_RT_DRIVER) /* a mutant must be caught */
        return st.failed > 0 ? 0 : 1;
    return rc ? 1 : 0;
}
