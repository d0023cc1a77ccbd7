/* fg_example_incast.c - a firmware developer's path through flowgate, end to end (docs/sw.md):
 *
 *   1. open the C driver over a switch core - here the bit-accurate C model of the 4x2 core,
 *      on a real board the same two bus callbacks reach the chip;
 *   2. compute the PFC headroom of the lossless priority with the calculator (10 Gb/s, 100 m);
 *   3. build a configuration, validate it and apply it through the driver (which writes every
 *      register in a rule-safe order and reads them all back);
 *   4. run an incast: three ports send lossless traffic to a fourth port whose link is paused,
 *      each sender stopping only when its PG's PFC pause reaches it, after the delay the
 *      headroom was sized for;
 *   5. read the counters back through the driver: PFC requests sent, lossless drops.
 *
 * Exit 0 when the configuration was applied, every sender was paused and no lossless cell was
 * dropped; 1 otherwise (with the reason). Build: cc $(pkg-config --cflags flowgate)
 * fg_example_incast.c $(pkg-config --libs flowgate). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg_drv.h"
#include "fg_headroom.h"
#include "fg_regs.h"
#include "csr/csr_sw.h"
#include "top/sw_core.h"

#define PORTS 4
#define PRIO 2
#define LOSSLESS_PRIO 1
#define CELL_BYTES 64 /* one cell per packet and per cycle in this example */

/* The "board": the core's model, its inputs held between edges, its outputs after the last. */
typedef struct {
    fg_sw_core_state *core;
    fg_sw_core_in in;
    fg_sw_core_out out;
    unsigned long long cycles;
} board;

static void edge(board *b)
{
    fg_sw_core_step(b->core, &b->in, &b->out);
    b->cycles++;
    b->in.csr_wr = b->in.csr_rd = false;
    /* the MAC's PFC serialiser: it takes a pending request on the next edge */
    for (int i = 0; i < PORTS; i++)
        b->in.tx_ctrl_ack[i] = b->out.tx_ctrl_valid[i];
}

/* One whole register access, as the bus wants it (docs/registers.md, "Bus"): the access on the
 * first edge where csr_ready is 1, then edges until csr_ready is 1 again, when a read's value is
 * in csr_rdata and a write is committed. Traffic runs on every edge meanwhile. */
static void wait_ready(board *b)
{
    for (int n = 0; !b->out.csr_ready; n++) {
        if (n > FG_CSR_SW_LATENCY) { /* a register block that never answers: say so, stop */
            fprintf(stderr, "fg_example_incast: register bus stuck (csr_ready low)\n");
            exit(1);
        }
        edge(b);
    }
}

static void bus_access(board *b)
{
    bool wr = b->in.csr_wr, rd = b->in.csr_rd;
    b->in.csr_wr = b->in.csr_rd = false;
    wait_ready(b);
    b->in.csr_wr = wr;
    b->in.csr_rd = rd;
    edge(b); /* taken */
    wait_ready(b);
}

/* The two bus callbacks the driver needs. */
static uint32_t bus_read(void *ctx, uint32_t addr)
{
    board *b = ctx;
    b->in.csr_rd = true;
    b->in.csr_addr = (uint16_t)addr;
    bus_access(b);
    return b->out.csr_rdata;
}

static void bus_write(void *ctx, uint32_t addr, uint32_t value)
{
    board *b = ctx;
    b->in.csr_wr = true;
    b->in.csr_addr = (uint16_t)addr;
    b->in.csr_wdata = value;
    bus_access(b);
}

static int fail(const char *step, const char *msg)
{
    fprintf(stderr, "fg_example_incast: %s: %s\n", step, msg);
    return 1;
}

int main(void)
{
    char msg[600];
    /* 1. the switch core and the driver */
    fg_sw_core_cfg core_cfg = {.n_ports = PORTS, .n_prio = PRIO, .cw = 18, .sw = 8};
    if (fg_sw_core_check_cfg(&core_cfg, msg, sizeof msg))
        return fail("core", msg);
    board b;
    memset(&b, 0, sizeof b);
    b.core = fg_sw_core_create(&core_cfg);
    if (!b.core)
        return fail("core", "out of memory");
    fg_sw_core_outputs(b.core, &b.out);
    fg_drv d;
    if (fg_drv_open(&d, bus_read, bus_write, &b, msg, sizeof msg))
        return fail("open", msg);
    printf("driver: %s block, %d ports x %d priorities, CW %d\n", d.map->block, d.n_ports, d.n_prio, d.cw);

    /* 2. headroom of one lossless PG */
    fg_headroom_in hin;
    fg_headroom_defaults(&hin);
    hin.rate_gbps = 10;
    hin.cable_m = 100;
    hin.cell_bytes = CELL_BYTES;
    fg_headroom_out h;
    if (fg_headroom_compute(&hin, &h, msg, sizeof msg))
        return fail("headroom", msg);
    printf("headroom: %llu B = %llu cells per lossless PG (10 Gb/s, 100 m)\n", (unsigned long long)h.total_bytes,
           (unsigned long long)h.total_cells);

    /* 3. the configuration, validated and applied */
    fg_sw_config cfg;
    if (fg_sw_config_defaults(&cfg, PORTS, PRIO, 18, msg, sizeof msg))
        return fail("config", msg);
    const char *const settings[][2] = {
        {"static_mode", "1"}, {"lossless_mask", "0x2"}, {"total_cells", "4000"}, {"reserve", "8"},
        {"xoff", "200"},     {"xon", "150"},
    };
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
        if (fg_sw_config_set(&cfg, settings[i][0], settings[i][1], msg, sizeof msg))
            return fail("config", msg);
    for (int i = 0; i < PORTS; i++)
        cfg.headroom[i] = (uint32_t)h.total_cells;
    if (fg_sw_config_validate(&cfg, msg, sizeof msg))
        return fail("validate", msg);
    if (fg_drv_apply(&d, &cfg, msg, sizeof msg))
        return fail("apply", msg);
    printf("applied and read back: %llu bus cycles so far\n", b.cycles);

    /* 4. incast: ports 0..2 -> port 3, whose link never frees (link_idle = 0). A sender keeps
     * sending for `lag` cells after its PG is paused: the bytes the headroom holds beyond the
     * two maximum frames (a packet here is one cell, not a maximum frame). */
    const unsigned long long lag = (h.total_bytes - h.max_frame_rx - h.max_frame_tx) / CELL_BYTES;
    unsigned long long sent[PORTS] = {0}, after_pause[PORTS] = {0};
    int stopped[PORTS] = {0};
    for (int t = 0; t < 5000; t++) {
        for (int i = 0; i < 3; i++) {
            int paused = b.out.paused[i][LOSSLESS_PRIO];
            if (paused && after_pause[i] >= lag)
                stopped[i] = 1;
            int send = !stopped[i];
            b.in.enq_valid[i] = send;
            b.in.enq_prio[i] = LOSSLESS_PRIO;
            b.in.enq_dst[i] = 3;
            b.in.enq_cells[i] = 1;
            if (send) {
                sent[i]++;
                after_pause[i] += paused != 0;
            }
        }
        edge(&b);
    }
    memset(b.in.enq_valid, 0, sizeof b.in.enq_valid);
    edge(&b);

    /* 5. counters through the driver, after the register block's counter lag (its counters are
     * flushed into block RAM: a read includes every event FG_CSR_SW_COUNTER_LAG edges old) */
    for (int e = 0; e < FG_CSR_SW_COUNTER_LAG(PORTS); e++)
        edge(&b);
    uint32_t pfc[PORTS], violations[PORTS], drops[PORTS];
    int ok = 1;
    for (int i = 0; i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "PFC_REQ_TX[%d]", i);
        if (fg_drv_read(&d, name, &pfc[i], msg, sizeof msg))
            return fail("read", msg);
        snprintf(name, sizeof name, "VIOLATIONS[%d]", i);
        if (fg_drv_read(&d, name, &violations[i], msg, sizeof msg))
            return fail("read", msg);
        snprintf(name, sizeof name, "DROPS[%d]", i);
        if (fg_drv_read(&d, name, &drops[i], msg, sizeof msg))
            return fail("read", msg);
        printf("port %d: sent %llu cells (%llu after its pause), PFC requests %u, lossless drops %u, lossy drops %u\n",
               i, sent[i], after_pause[i], pfc[i], violations[i], drops[i]);
        ok &= stopped[i] && pfc[i] > 0 && violations[i] == 0;
    }
    fg_sw_core_free(b.core);
    printf("RESULT example_incast %s: %llu cycles\n", ok ? "PASS" : "FAIL", b.cycles);
    if (!ok)
        return fail("incast", "a sender was never paused, or a lossless cell was dropped");
    return 0;
}
