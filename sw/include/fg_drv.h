/* fg_drv.h - C driver for the switch core's registers, through a bus callback, so the same
 * code runs against the C model (cmodel/csr/csr_sw.c), the Verilated RTL or real hardware:
 * the caller supplies read(ctx, addr) and write(ctx, addr, value) for 32-bit registers at
 * 12-bit byte addresses.
 *
 * Registers are named as in docs/registers.md: "TOTAL_CELLS", "HEADROOM[2]" (port 2),
 * "XOFF[1][3]" (port 1, priority 3) or "XOFF[11]" (entry i*N_PRIO+p), case-insensitive.
 * Every function returns 0 on success, -1 with a message in msg. */
#ifndef FG_DRV_H
#define FG_DRV_H

#include <stddef.h>
#include <stdint.h>

#include "fg_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t (*fg_bus_read_fn)(void *ctx, uint32_t addr);
typedef void (*fg_bus_write_fn)(void *ctx, uint32_t addr, uint32_t value);

typedef struct {
    fg_bus_read_fn read;
    fg_bus_write_fn write;
    void *ctx;
    int n_ports, n_prio, cw; /* from the PARAMS register */
} fg_drv;

/* Reads ID (must be "FGSW") and PARAMS. */
int fg_drv_open(fg_drv *d, fg_bus_read_fn rd, fg_bus_write_fn wr, void *ctx, char *msg, size_t n);

/* Address of a named register. */
int fg_drv_lookup(const fg_drv *d, const char *name, uint32_t *addr, char *msg, size_t n);

int fg_drv_read(fg_drv *d, const char *name, uint32_t *value, char *msg, size_t n);

/* Writes, then reads ERR: when the block rejected the write, the message gives the reason
 * from ERR_ADDR, ERR is cleared and -1 returned. */
int fg_drv_write(fg_drv *d, const char *name, uint32_t value, char *msg, size_t n);

/* Validates cfg (fg_sw_config_validate), checks its parameters against the block's, then
 * writes every register in an order the block accepts from any legal starting point: values
 * that lower what a rule charges first (XON, RESERVE, HEADROOM, LOSSLESS_MASK), then
 * TOTAL_CELLS, then the rest. Finally checks ERR. */
int fg_drv_apply(fg_drv *d, const fg_sw_config *cfg, char *msg, size_t n);

/* Reads every configuration register back into cfg. */
int fg_drv_read_config(fg_drv *d, fg_sw_config *cfg, char *msg, size_t n);

#ifdef __cplusplus
}
#endif
#endif
