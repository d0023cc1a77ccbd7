/* fg_drv.c - register driver over a bus callback (see fg_drv.h). */
#include "fg_drv.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define FG_ID_VALUE 0x46475357u /* "FGSW" */

int fg_drv_open(fg_drv *d, fg_bus_read_fn rd, fg_bus_write_fn wr, void *ctx, char *msg, size_t n)
{
    d->read = rd;
    d->write = wr;
    d->ctx = ctx;
    uint32_t id = rd(ctx, FG_REG_ID_ADDR);
    if (id != FG_ID_VALUE) {
        snprintf(msg, n, "ID register reads 0x%08x, not 0x%08x (\"FGSW\"): no flowgate switch core on this bus", id,
                 FG_ID_VALUE);
        return -1;
    }
    uint32_t p = rd(ctx, FG_REG_PARAMS_ADDR);
    d->n_ports = (int)((p >> FG_FLD_PARAMS_N_PORTS_LSB) & 0xFFu);
    d->n_prio = (int)((p >> FG_FLD_PARAMS_N_PRIO_LSB) & 0xFFu);
    d->cw = (int)((p >> FG_FLD_PARAMS_CW_LSB) & 0xFFu);
    return 0;
}

/* The first field of the register called `name` (register names are unique). */
static const fg_reg_field_desc *reg_named(const char *name, size_t len)
{
    for (size_t i = 0; i < FG_REGS_SW_N_FIELDS; i++) {
        const char *r = fg_regs_sw_fields[i].reg;
        if (strlen(r) == len && !strncasecmp(r, name, len))
            return &fg_regs_sw_fields[i];
    }
    return NULL;
}

int fg_drv_lookup(const fg_drv *d, const char *name, uint32_t *addr, char *msg, size_t n)
{
    size_t len = strcspn(name, "[");
    const fg_reg_field_desc *f = reg_named(name, len);
    if (!f) {
        snprintf(msg, n, "no register named '%.*s' (see `flowgate regs`)", (int)len, name);
        return -1;
    }
    long idx[2];
    int nidx = 0;
    const char *p = name + len;
    while (*p == '[' && nidx < 2) {
        char *end;
        idx[nidx] = strtol(p + 1, &end, 10);
        if (end == p + 1 || *end != ']' || idx[nidx] < 0) {
            snprintf(msg, n, "'%s': an index must be a non-negative number in brackets", name);
            return -1;
        }
        nidx++;
        p = end + 1;
    }
    if (*p) {
        snprintf(msg, n, "'%s': unexpected text '%s'", name, p);
        return -1;
    }
    long count = f->array == FG_REG_ARRAY_PORT ? d->n_ports : f->array == FG_REG_ARRAY_PG ? (long)d->n_ports * d->n_prio : 1;
    long k = 0;
    if (f->array == FG_REG_ARRAY_NONE) {
        if (nidx) {
            snprintf(msg, n, "%s is not an array: no index", f->reg);
            return -1;
        }
    } else if (nidx == 2 && f->array == FG_REG_ARRAY_PG) {
        if (idx[0] >= d->n_ports || idx[1] >= d->n_prio) {
            snprintf(msg, n, "%s: [%ld][%ld] is outside [0..%d][0..%d]", f->reg, idx[0], idx[1], d->n_ports - 1,
                     d->n_prio - 1);
            return -1;
        }
        k = idx[0] * d->n_prio + idx[1];
    } else if (nidx == 1) {
        k = idx[0];
        if (k >= count) {
            snprintf(msg, n, "%s: index %ld is outside its legal range 0..%ld", f->reg, k, count - 1);
            return -1;
        }
    } else {
        snprintf(msg, n, "%s needs %s", f->reg, f->array == FG_REG_ARRAY_PG ? "[port][priority] or [entry]" : "[port]");
        return -1;
    }
    *addr = f->addr + 4u * (uint32_t)k;
    return 0;
}

int fg_drv_read(fg_drv *d, const char *name, uint32_t *value, char *msg, size_t n)
{
    uint32_t a;
    if (fg_drv_lookup(d, name, &a, msg, n))
        return -1;
    *value = d->read(d->ctx, a);
    return 0;
}

/* Reads ERR; when set, explains ERR_ADDR, clears ERR and fails. */
static int check_err(fg_drv *d, const char *what, char *msg, size_t n)
{
    if (!(d->read(d->ctx, FG_REG_ERR_ADDR) & 1u))
        return 0;
    uint32_t ea = d->read(d->ctx, FG_REG_ERR_ADDR_ADDR);
    uint32_t addr = (ea >> FG_FLD_ERR_ADDR_ADDR_LSB) & 0xFFFu;
    uint32_t reason = (ea >> FG_FLD_ERR_ADDR_REASON_LSB) & 7u;
    const char *rname = reason < sizeof fg_regs_sw_reason_names / sizeof fg_regs_sw_reason_names[0]
                            ? fg_regs_sw_reason_names[reason]
                            : "?";
    snprintf(msg, n, "%s: the block rejected the write to 0x%03x (reason %u: %s)", what, addr, reason, rname);
    d->write(d->ctx, FG_REG_ERR_ADDR, 1u);
    return -1;
}

int fg_drv_write(fg_drv *d, const char *name, uint32_t value, char *msg, size_t n)
{
    uint32_t a;
    if (fg_drv_lookup(d, name, &a, msg, n))
        return -1;
    d->write(d->ctx, a, value);
    return check_err(d, name, msg, n);
}

static void put(fg_drv *d, uint32_t addr, uint32_t v) { d->write(d->ctx, addr, v); }
static uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }

int fg_drv_apply(fg_drv *d, const fg_sw_config *c, char *msg, size_t n)
{
    if (fg_sw_config_validate(c, msg, n))
        return -1;
    if (c->n_ports != d->n_ports || c->n_prio != d->n_prio || c->cw != d->cw) {
        snprintf(msg, n, "configuration is for %d ports x %d priorities, CW %d; the block has %d x %d, CW %d", c->n_ports,
                 c->n_prio, c->cw, d->n_ports, d->n_prio, d->cw);
        return -1;
    }
    int npg = c->n_ports * c->n_prio;
    /* clear a stale error so the final check reports only this configuration */
    put(d, FG_REG_ERR_ADDR, 1u);
    /* 1. lower: XON, RESERVE, HEADROOM to the smaller of old and new; LOSSLESS_MASK to the
     *    intersection. Lowering never breaks a rule. */
    for (int k = 0; k < npg; k++)
        put(d, FG_REG_XON_ADDR(k), umin(c->xon[k], d->read(d->ctx, FG_REG_XON_ADDR(k))));
    put(d, FG_REG_RESERVE_ADDR, umin(c->reserve, d->read(d->ctx, FG_REG_RESERVE_ADDR)));
    for (int i = 0; i < c->n_ports; i++)
        put(d, FG_REG_HEADROOM_ADDR(i), umin(c->headroom[i], d->read(d->ctx, FG_REG_HEADROOM_ADDR(i))));
    put(d, FG_REG_LOSSLESS_MASK_ADDR, c->lossless_mask & d->read(d->ctx, FG_REG_LOSSLESS_MASK_ADDR));
    /* 2. the buffer size: what is charged now is at most the new configuration's charge */
    put(d, FG_REG_TOTAL_CELLS_ADDR, c->total_cells);
    /* 3. raise to the targets (each step stays below the new configuration's charge) */
    put(d, FG_REG_LOSSLESS_MASK_ADDR, c->lossless_mask);
    put(d, FG_REG_RESERVE_ADDR, c->reserve);
    for (int i = 0; i < c->n_ports; i++)
        put(d, FG_REG_HEADROOM_ADDR(i), c->headroom[i]);
    for (int k = 0; k < npg; k++)
        put(d, FG_REG_XOFF_ADDR(k), c->xoff[k]);
    for (int k = 0; k < npg; k++)
        put(d, FG_REG_XON_ADDR(k), c->xon[k]);
    /* 4. everything else */
    put(d, FG_REG_CTRL_ADDR, (c->static_mode << FG_FLD_CTRL_STATIC_MODE_LSB) | (c->mode_8023x << FG_FLD_CTRL_MODE_8023X_LSB) |
                                 (c->pfc_enable << FG_FLD_CTRL_PFC_ENABLE_LSB));
    put(d, FG_REG_RESUME_OFFSET_ADDR, c->resume_offset);
    put(d, FG_REG_PAUSE_QUANTA_ADDR, c->pause_quanta);
    put(d, FG_REG_REFRESH_CYCLES_ADDR, c->refresh_cycles);
    put(d, FG_REG_SRC_MAC_LO_ADDR, c->src_mac_lo);
    put(d, FG_REG_SRC_MAC_HI_ADDR, c->src_mac_hi);
    for (int i = 0; i < c->n_ports; i++) {
        put(d, FG_REG_ALPHA_SHIFT_ADDR(i), c->alpha_shift[i]);
        put(d, FG_REG_QUANTA_STEP_ADDR(i), c->quanta_step[i]);
    }
    return check_err(d, "apply", msg, n);
}

int fg_drv_read_config(fg_drv *d, fg_sw_config *cfg, char *msg, size_t n)
{
    if (fg_sw_config_defaults(cfg, d->n_ports, d->n_prio, d->cw, msg, n))
        return -1;
    for (size_t i = 0; i < FG_REGS_SW_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_sw_fields[i];
        if (f->kind != FG_REG_KIND_RW)
            continue;
        uint32_t m = fg_regs_ones(fg_sw_field_width(f, cfg));
        for (int k = 0; k < fg_sw_field_count(f, cfg); k++)
            *fg_sw_config_field(cfg, f, k) = (d->read(d->ctx, f->addr + 4u * (uint32_t)k) >> f->lsb) & m;
    }
    return 0;
}
