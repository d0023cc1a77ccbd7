/* fg_core_bus.h - the switch core's C model (cmodel/top/sw_core.c) driven edge by edge, with
 * its register bus behind the driver's callbacks (fg_drv_open's read/write), so a program
 * configures the model exactly as firmware configures the chip: fg_drv_apply orders the
 * writes and reads every field back. The bus handshake is docs/registers.md's ("Bus"): the
 * access on the first edge where csr_ready is 1, then edges until csr_ready is 1 again;
 * nothing else is offered meanwhile. Used by sw/tests/test_core_reaction.c and
 * verif/bench/fg_bench_admit.c. Header-only (static functions). */
#ifndef FG_CORE_BUS_H
#define FG_CORE_BUS_H

#include <stdbool.h>
#include <string.h>

#include "csr/csr_sw.h"
#include "top/sw_core.h"

typedef struct {
    fg_sw_core_state *st;
    fg_sw_core_cfg cfg;
    fg_sw_core_in in;
    fg_sw_core_out out;
    long edge;
} fg_core_run;

/* Creates and resets the model (0), or -1 when fg_sw_core_check_cfg refuses cfg. */
static inline int fg_core_run_open(fg_core_run *r, const fg_sw_core_cfg *cfg)
{
    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->st = fg_sw_core_create(cfg);
    if (!r->st) return -1;
    fg_sw_core_reset(r->st, cfg);
    fg_sw_core_outputs(r->st, &r->out);
    return 0;
}

static inline void fg_core_run_close(fg_core_run *r)
{
    fg_sw_core_free(r->st);
    r->st = NULL;
}

static inline void fg_core_run_step(fg_core_run *r)
{
    fg_sw_core_step(r->st, &r->in, &r->out);
    r->edge++;
}

static inline void fg_core_bus_wait_ready(fg_core_run *r)
{
    for (int k = 0; !r->out.csr_ready && k <= 4 * FG_CSR_SW_LATENCY; k++) fg_core_run_step(r);
}

static inline void fg_core_bus_access(fg_core_run *r)
{
    bool wr = r->in.csr_wr, rd = r->in.csr_rd;
    r->in.csr_wr = r->in.csr_rd = false;
    fg_core_bus_wait_ready(r);
    r->in.csr_wr = wr;
    r->in.csr_rd = rd;
    fg_core_run_step(r);
    r->in.csr_wr = r->in.csr_rd = false;
    fg_core_bus_wait_ready(r);
}

/* fg_drv_open's callbacks; ctx is the fg_core_run. */
static inline uint32_t fg_core_bus_read(void *ctx, uint32_t addr)
{
    fg_core_run *r = (fg_core_run *)ctx;
    r->in.csr_rd = true;
    r->in.csr_addr = (uint16_t)addr;
    fg_core_bus_access(r);
    return r->out.csr_rdata;
}

static inline void fg_core_bus_write(void *ctx, uint32_t addr, uint32_t value)
{
    fg_core_run *r = (fg_core_run *)ctx;
    r->in.csr_wr = true;
    r->in.csr_addr = (uint16_t)addr;
    r->in.csr_wdata = value;
    fg_core_bus_access(r);
}

#endif
