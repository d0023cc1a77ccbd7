/* fg_drv.h - C driver for the registers of the switch core and the NIC core, through a bus
 * callback, so the same code runs against the C models (cmodel/csr/csr_sw.c, csr_nic.c), the
 * Verilated RTL or real hardware: the caller supplies read(ctx, addr) and write(ctx, addr,
 * value) for 32-bit registers at 12-bit byte addresses. fg_drv_open finds which block answers
 * (its ID register) and every function walks that block's generated map (fg_reg_map), so a
 * field added to a map is read, written and applied with no change here.
 *
 * Registers are named as in docs/registers.md: "TOTAL_CELLS", "HEADROOM[2]" (port 2),
 * "XOFF[1][3]" (port 1, priority 3) or "XOFF[11]" (entry i*N_PRIO+p), case-insensitive.
 * Every function returns 0 on success, -1 with a message in msg. */
#ifndef FG_DRV_H
#define FG_DRV_H

#include <stddef.h>
#include <stdint.h>

#include "fg_reg_plan.h"
#include "fg_regs.h"
#include "fg_regs_nic.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t (*fg_bus_read_fn)(void *ctx, uint32_t addr);
typedef void (*fg_bus_write_fn)(void *ctx, uint32_t addr, uint32_t value);

typedef struct {
    fg_bus_read_fn read;
    fg_bus_write_fn write;
    void *ctx;
    const fg_reg_map *map;   /* the block found at open (compare ->id: each file has its own copy of a map) */
    int n_ports, n_prio, cw; /* switch: from the PARAMS register; NIC: 1, 1, 0 (no arrays) */
    int no_stats;            /* switch: BUILD.stats = 0 (map version 1.3 on): no statistics counters */
    uint32_t absent;         /* switch: the BUILD bits that read 0 (1.3: the stats bit; 1.4 on: every
                              * option, so an engine's registers are absent too); 0 otherwise */
} fg_drv;

/* Reads ID ("FGSW": switch core, "FGNI": NIC core) and, for the switch, PARAMS and (from map
 * version 1.3, VERSION tells) BUILD. */
int fg_drv_open(fg_drv *d, fg_bus_read_fn rd, fg_bus_write_fn wr, void *ctx, char *msg, size_t n);

/* Address of a named register. */
int fg_drv_lookup(const fg_drv *d, const char *name, uint32_t *addr, char *msg, size_t n);

/* Reads a register; a register the block is built without (a statistics counter with
 * BUILD.stats = 0, an engine's register with its BUILD bit 0) is refused with a message saying
 * so (it would read 0 whatever happened). */
int fg_drv_read(fg_drv *d, const char *name, uint32_t *value, char *msg, size_t n);

/* 1 when the register whose field is f exists in the block found at open (0: a statistics
 * counter of a switch core built without them, or a register of an engine it leaves out). */
int fg_drv_built(const fg_drv *d, const fg_reg_field_desc *f);

/* Writes, then reads ERR: when the block rejected the write, the message gives the reason
 * from ERR_ADDR, ERR is cleared and -1 returned. A register the block is built without is
 * refused before any write (as fg_drv_read). */
int fg_drv_write(fg_drv *d, const char *name, uint32_t value, char *msg, size_t n);

/* Validates cfg (fg_sw_config_validate), checks its parameters against the block's, reads the
 * block's current configuration, then writes every read-write register of the map in the
 * order fg_reg_plan derives from the map's rules (lower what a rule bounds, raise bounds
 * before what they bound, enables last), so no write is refused on the way from any legal
 * state. Then checks ERR (naming the register, entry and reason) and reads every field back:
 * 0 only when the block holds exactly cfg; else -1 and the first field that differs. */
int fg_drv_apply(fg_drv *d, const fg_sw_config *cfg, char *msg, size_t n);
/* The same for a NIC core (fg_nic_config_validate first). */
int fg_drv_apply_nic(fg_drv *d, const fg_nic_config *cfg, char *msg, size_t n);

/* Reads every configuration register back into cfg. */
int fg_drv_read_config(fg_drv *d, fg_sw_config *cfg, char *msg, size_t n);
int fg_drv_read_config_nic(fg_drv *d, fg_nic_config *cfg, char *msg, size_t n);

#ifdef __cplusplus
}
#endif
#endif
