/* fg_reg_plan.h - the order in which a register map's configuration is written, for any map
 * gen.py makes (the switch core's, the NIC core's): every read-write register of the map, in
 * an order derived from the map's own rules, so that a block holding one legal configuration
 * moves to another without a single write the block would refuse. The C driver (fg_drv.h)
 * runs it over a bus; fg_nic_config_writes turns it into a list. docs/registers.md, "Moving
 * between configurations", explains why no write on the way breaks a rule.
 *
 * A configuration is the map's fg_*_config struct (fg_sw_config, fg_nic_config), reached
 * through the field table's cfg_offset; array fields hold one entry per port or PG. */
#ifndef FG_REG_PLAN_H
#define FG_REG_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "fg_regs_sw.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An instance's parameters: array lengths and the widths that depend on them (the NIC map has
 * no arrays and no parameter-wide configuration field: {1, 1, 0}), and the build options it
 * leaves out: the bits of its BUILD register that read 0 (0: everything built; the default of
 * an initialiser that names only the first three). */
typedef struct {
    int n_ports, n_prio, cw;
    uint32_t absent;
} fg_reg_shape;

/* 1 when field f's register exists in this instance (its build_mask names a built option, or
 * is 0). A register that does not exist is neither read nor written by the functions below. */
int fg_reg_built(const fg_reg_field_desc *f, const fg_reg_shape *s);

/* Entries of field f's register in this instance: 1, n_ports or n_ports * n_prio. */
int fg_reg_field_count(const fg_reg_field_desc *f, const fg_reg_shape *s);
/* Width of field f in this instance (counters: 32). */
int fg_reg_field_width(const fg_reg_field_desc *f, const fg_reg_shape *s);
/* Legal maximum of field f in this instance (its max, or all ones of its width). */
uint32_t fg_reg_field_max(const fg_reg_field_desc *f, const fg_reg_shape *s);
/* The read-write field of map m named `name` (exact, lower case), or NULL. */
const fg_reg_field_desc *fg_reg_rw_field_named(const fg_reg_map *m, const char *name);
/* Entry k of field f in a configuration struct. */
uint32_t *fg_reg_cfg_slot(void *cfg, const fg_reg_field_desc *f, int k);
uint32_t fg_reg_cfg_get(const void *cfg, const fg_reg_field_desc *f, int k);
/* Index of the first field of the register that field i belongs to, and one past its last. */
size_t fg_reg_first_field(const fg_reg_map *m, size_t i);
size_t fg_reg_end_field(const fg_reg_map *m, size_t first);
/* The value of entry k of the register whose fields are first..end-1: each field's value from
 * cfg shifted to its lsb. Not masked: a value wider than its field reaches the block as the
 * illegal write it is. */
uint32_t fg_reg_compose(const fg_reg_map *m, const void *cfg, size_t first, int k);
/* "HEADROOM[2]", "XOFF[1][3]" (port, priority) or "TOTAL_CELLS" for entry k of the register of
 * field f. */
void fg_reg_entry_name(const fg_reg_field_desc *f, const fg_reg_shape *s, int k, char *buf, size_t n);
/* The register (first field) and entry at a byte address, or -1 when none is mapped there. */
long fg_reg_at_addr(const fg_reg_map *m, const fg_reg_shape *s, uint32_t addr, int *k);

/* Every configuration field of the block into cfg (its other members untouched), one read
 * per register entry through read(ctx, addr). */
void fg_reg_read_fields(const fg_reg_map *m, const fg_reg_shape *s, uint32_t (*read)(void *ctx, uint32_t addr), void *ctx,
                        void *cfg);

/* One write of the plan: entry k of the register whose first field is `reg`. */
typedef void (*fg_reg_emit_fn)(void *ctx, uint32_t addr, uint32_t value, const fg_reg_field_desc *reg, int k);

/* Calls emit for every write that takes a block holding `from` to `to`:
 *   1. lower: each field a rule bounds (meet != NONE) goes to min(from, to) (AND for a mask),
 *      deepest bound_depth first; a write only where the value changes;
 *   2. raise: for depth 0, 1, ...: each register with a field at that depth, those fields set
 *      to `to`, written - unless step 1 already wrote it and it holds that value, so every
 *      read-write register is written at least once;
 *   3. the registers marked apply_last (enables, strobes), in address order.
 * Both configurations must be legal for the rules to hold on the way (the block never holds
 * anything else; the caller validates `to`). Returns the number of writes, or -1 when the
 * scratch copy cannot be allocated. */
int fg_reg_plan(const fg_reg_map *m, const fg_reg_shape *s, const void *from, const void *to, fg_reg_emit_fn emit,
                void *ctx);

#ifdef __cplusplus
}
#endif
#endif
