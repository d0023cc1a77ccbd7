/* fg_drv.c - register driver over a bus callback (see fg_drv.h). Everything walks the map the
 * block's ID selects (fg_reg_map, generated from the JSON maps in sw/regmap); nothing here names a
 * register but ID, PARAMS, VERSION and BUILD (the switch's build options) and the error pair
 * the map descriptor points at. */
#include "fg_drv.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fg_regs_nic_cfg.h"
#include "fg_regs_tsys.h"

static const fg_reg_map *const known_maps[] = {&fg_regs_sw_map, &fg_regs_nic_map, &fg_regs_tsys_map};

static fg_reg_shape shape_of(const fg_drv *d)
{
    fg_reg_shape s = {d->n_ports, d->n_prio, d->cw, d->absent};
    return s;
}

int fg_drv_open(fg_drv *d, fg_bus_read_fn rd, fg_bus_write_fn wr, void *ctx, char *msg, size_t n)
{
    d->read = rd;
    d->write = wr;
    d->ctx = ctx;
    d->map = NULL;
    d->no_stats = 0;
    d->absent = 0;
    uint32_t id = rd(ctx, FG_REG_ID_ADDR);
    for (size_t i = 0; i < sizeof known_maps / sizeof known_maps[0]; i++)
        if (known_maps[i]->id == id)
            d->map = known_maps[i];
    if (!d->map) {
        snprintf(msg, n,
                 "ID register reads 0x%08x, none of 0x%08x (\"FGSW\", switch core), 0x%08x (\"FGNI\", NIC core), "
                 "0x%08x (\"FGTS\", a board's test system): no flowgate block on this bus",
                 id, fg_regs_sw_map.id, fg_regs_nic_map.id, fg_regs_tsys_map.id);
        return -1;
    }
    if (d->map->id == fg_regs_sw_map.id) {
        uint32_t p = rd(ctx, FG_REG_PARAMS_ADDR);
        d->n_ports = (int)((p >> FG_FLD_PARAMS_N_PORTS_LSB) & 0xFFu);
        d->n_prio = (int)((p >> FG_FLD_PARAMS_N_PRIO_LSB) & 0xFFu);
        d->cw = (int)((p >> FG_FLD_PARAMS_CW_LSB) & 0xFFu);
        /* BUILD exists from map version 1.3 (an older block reads 0 there and has everything);
         * an engine's registers are left out with it from 1.4 (1.3 kept them) */
        uint32_t ver = rd(ctx, FG_REG_VERSION_ADDR), options = 0;
        for (size_t i = 0; i < d->map->n_fields; i++)
            if (!strcmp(d->map->fields[i].reg, "BUILD"))
                options |= 1u << d->map->fields[i].lsb;
        if (ver < ((1u << FG_FLD_VERSION_MAJOR_LSB) | 4u))
            options &= 1u << FG_FLD_BUILD_STATS_LSB;
        if (ver >= ((1u << FG_FLD_VERSION_MAJOR_LSB) | 3u))
            d->absent = ~rd(ctx, FG_REG_BUILD_ADDR) & options;
        d->no_stats = (d->absent >> FG_FLD_BUILD_STATS_LSB) & 1u;
    } else if (d->map->id == fg_regs_tsys_map.id) {
        uint32_t p = rd(ctx, FG_TSYS_REG_PARAMS_ADDR);
        d->n_ports = (int)((p >> FG_TSYS_FLD_PARAMS_N_PORTS_LSB) & 0xFFu);
        d->n_prio = (int)((p >> FG_TSYS_FLD_PARAMS_N_PRIO_LSB) & 0xFFu);
        d->cw = 0;
    } else {
        d->n_ports = d->n_prio = 1;
        d->cw = 0;
    }
    return 0;
}

/* The first field of the register called `name` (register names are unique). */
static const fg_reg_field_desc *reg_named(const fg_reg_map *m, const char *name, size_t len)
{
    for (size_t i = 0; i < m->n_fields; i++) {
        const char *r = m->fields[i].reg;
        if (strlen(r) == len && !strncasecmp(r, name, len))
            return &m->fields[i];
    }
    return NULL;
}

/* An index in brackets: decimal digits only, compared at full width before any narrowing. */
static int parse_index(const char *p, const char **end, unsigned long long *v)
{
    const char *q = p;
    unsigned long long x = 0;
    while (*q >= '0' && *q <= '9') {
        if (x > 100000000ull) /* far beyond any array; stops the overflow */
            return -1;
        x = x * 10u + (unsigned)(*q - '0');
        q++;
    }
    if (q == p)
        return -1;
    *end = q;
    *v = x;
    return 0;
}

int fg_drv_lookup(const fg_drv *d, const char *name, uint32_t *addr, char *msg, size_t n)
{
    size_t len = strcspn(name, "[");
    const fg_reg_field_desc *f = reg_named(d->map, name, len);
    if (!f) {
        snprintf(msg, n, "no register named '%.*s' in the %s map (see `flowgate regs`)", (int)len, name,
                 d->map->block);
        return -1;
    }
    unsigned long long idx[2];
    int nidx = 0;
    const char *p = name + len;
    while (*p == '[' && nidx < 2) {
        const char *end;
        if (parse_index(p + 1, &end, &idx[nidx]) || *end != ']') {
            snprintf(msg, n, "'%s': an index must be a decimal number in brackets", name);
            return -1;
        }
        nidx++;
        p = end + 1;
    }
    if (*p) {
        snprintf(msg, n, "'%s': unexpected text '%s'", name, p);
        return -1;
    }
    fg_reg_shape s = shape_of(d);
    unsigned long long count = (unsigned long long)fg_reg_field_count(f, &s), k = 0;
    if (f->array == FG_REG_ARRAY_NONE) {
        if (nidx) {
            snprintf(msg, n, "%s is not an array: no index", f->reg);
            return -1;
        }
    } else if (nidx == 2 && f->array == FG_REG_ARRAY_PG) {
        if (idx[0] >= (unsigned long long)d->n_ports || idx[1] >= (unsigned long long)d->n_prio) {
            snprintf(msg, n, "%s: [%llu][%llu] is outside [0..%d][0..%d]", f->reg, idx[0], idx[1], d->n_ports - 1,
                     d->n_prio - 1);
            return -1;
        }
        k = idx[0] * (unsigned long long)d->n_prio + idx[1];
    } else if (nidx == 1) {
        k = idx[0];
        if (k >= count) {
            snprintf(msg, n, "%s: index %llu is outside its legal range 0..%llu", f->reg, k, count - 1);
            return -1;
        }
    } else {
        snprintf(msg, n, "%s needs %s", f->reg, f->array == FG_REG_ARRAY_PG ? "[port][priority] or [entry]" : "[port]");
        return -1;
    }
    *addr = f->addr + 4u * (uint32_t)k;
    return 0;
}

int fg_drv_built(const fg_drv *d, const fg_reg_field_desc *f)
{
    fg_reg_shape s = shape_of(d);
    return fg_reg_built(f, &s);
}

/* "BUILD.ecn = 0, RTL ECN = 0" (or "BUILD.ecn = 0 and BUILD.ppfc = 0, RTL ..." for a register
 * built with either) for a register f the block leaves out: the names of its BUILD bits. */
static void absent_text(const fg_drv *d, const fg_reg_field_desc *f, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int pass = 0; pass < 2; pass++) {
        int k = 0;
        for (size_t i = 0; i < d->map->n_fields && o < n; i++) {
            const fg_reg_field_desc *b = &d->map->fields[i];
            if (strcmp(b->reg, "BUILD") || !((f->build_mask >> b->lsb) & 1u))
                continue;
            char up[16];
            size_t j = 0;
            for (; b->field[j] && j + 1 < sizeof up; j++)
                up[j] = (char)toupper((unsigned char)b->field[j]);
            up[j] = '\0';
            o += (size_t)snprintf(buf + o, n - o, pass ? "%sRTL %s = 0" : "%sBUILD.%s = 0", k ? " and " : (pass ? ", " : ""),
                                  pass ? up : b->field);
            k++;
        }
    }
}

/* -1 with a message when the register of field f is not built in the block. */
static int refuse_absent(const fg_drv *d, const fg_reg_field_desc *f, char *msg, size_t n)
{
    if (fg_drv_built(d, f))
        return 0;
    char why[96];
    absent_text(d, f, why, sizeof why);
    if (f->kind == FG_REG_KIND_COUNTER)
        snprintf(msg, n, "%s: this switch core is built without statistics counters (%s); every counter reads 0", f->reg,
                 why);
    else
        snprintf(msg, n, "%s: this switch core is built without the engine this register configures (%s): the address "
                 "is unmapped", f->reg, why);
    return -1;
}

int fg_drv_read(fg_drv *d, const char *name, uint32_t *value, char *msg, size_t n)
{
    uint32_t a;
    if (fg_drv_lookup(d, name, &a, msg, n))
        return -1;
    if (refuse_absent(d, reg_named(d->map, name, strcspn(name, "[")), msg, n))
        return -1;
    *value = d->read(d->ctx, a);
    return 0;
}

/* Why the block refused a write to the register whose first field is `first`: the legal range
 * of each of its fields (reason "range"), or the rule's text (reason "rule_<name>"). */
static void explain_reason(const fg_reg_map *m, const fg_reg_shape *s, long first, const char *rname, char *buf,
                           size_t n)
{
    buf[0] = '\0';
    if (first >= 0 && !strcmp(rname, "range")) {
        size_t o = (size_t)snprintf(buf, n, "; legal:");
        size_t end = fg_reg_end_field(m, (size_t)first);
        for (size_t i = (size_t)first; i < end && o < n; i++) {
            const fg_reg_field_desc *f = &m->fields[i];
            if (f->kind != FG_REG_KIND_RW)
                continue;
            o += (size_t)snprintf(buf + o, n - o, "%s %s %u..%u", i == (size_t)first ? "" : ",", f->field, f->min,
                                  fg_reg_field_max(f, s));
        }
        return;
    }
    for (size_t r = 0; r < m->n_rules; r++)
        if (!strncmp(rname, "rule_", 5) && !strcmp(rname + 5, m->rules[r].name))
            snprintf(buf, n, "; rule %s: %s", m->rules[r].name, m->rules[r].doc);
}

/* Reads ERR; when set, explains ERR_ADDR by register name, entry, the value written (when
 * known), the reason and the legal range or rule, clears ERR and fails. */
static int check_err(fg_drv *d, const char *what, const uint32_t *value, char *msg, size_t n)
{
    const fg_reg_map *m = d->map;
    if (!(d->read(d->ctx, m->err_addr) & 1u))
        return 0;
    uint32_t ea = d->read(d->ctx, m->err_addr_addr);
    uint32_t addr = (ea >> m->ea_addr_lsb) & fg_regs_ones(m->ea_addr_width);
    uint32_t reason = (ea >> m->ea_reason_lsb) & fg_regs_ones(m->ea_reason_width);
    const char *rname = reason < m->n_reasons ? m->reason_names[reason] : "?";
    char where[48] = "an unmapped address", why[400], val[32] = "";
    int k = 0;
    fg_reg_shape s = shape_of(d);
    long i = fg_reg_at_addr(m, &s, addr, &k);
    if (i >= 0)
        fg_reg_entry_name(&m->fields[i], &s, k, where, sizeof where);
    explain_reason(m, &s, i, rname, why, sizeof why);
    if (value)
        snprintf(val, sizeof val, " of 0x%08X", *value);
    snprintf(msg, n, "%s: the block rejected the write%s to %s at 0x%03x (reason %u: %s%s)", what, val, where, addr,
             reason, rname, why);
    d->write(d->ctx, m->err_addr, 1u);
    return -1;
}

int fg_drv_write(fg_drv *d, const char *name, uint32_t value, char *msg, size_t n)
{
    uint32_t a;
    if (fg_drv_lookup(d, name, &a, msg, n))
        return -1;
    if (refuse_absent(d, reg_named(d->map, name, strcspn(name, "[")), msg, n))
        return -1;
    d->write(d->ctx, a, value);
    return check_err(d, name, &value, msg, n);
}

/* Every configuration field of the block into cfg (its other members untouched). */
static void read_fields(fg_drv *d, void *cfg)
{
    fg_reg_shape s = shape_of(d);
    fg_reg_read_fields(d->map, &s, d->read, d->ctx, cfg);
}

static void bus_emit(void *ctx, uint32_t addr, uint32_t value, const fg_reg_field_desc *reg, int k)
{
    (void)reg;
    (void)k;
    fg_drv *d = ctx;
    d->write(d->ctx, addr, value);
}

/* Apply a validated configuration `to` (a struct of the map's config type). */
static int apply_map(fg_drv *d, const void *to, char *msg, size_t n)
{
    const fg_reg_map *m = d->map;
    fg_reg_shape s = shape_of(d);
    void *from = malloc(m->cfg_size), *got = malloc(m->cfg_size);
    int rc = -1;
    if (!from || !got) {
        snprintf(msg, n, "apply: out of memory");
        goto out;
    }
    /* a register the block is built without keeps its reset value: any other is refused */
    for (size_t i = 0; i < m->n_fields; i++) {
        const fg_reg_field_desc *f = &m->fields[i];
        if (f->kind != FG_REG_KIND_RW || fg_reg_built(f, &s))
            continue;
        uint32_t reset = f->reset_is_max ? fg_regs_ones(fg_reg_field_width(f, &s)) : f->reset;
        for (int k = 0; k < fg_reg_field_count(f, &s); k++)
            if (fg_reg_cfg_get(to, f, k) != reset) {
                char where[48], why[96];
                fg_reg_entry_name(f, &s, k, where, sizeof where);
                absent_text(d, f, why, sizeof why);
                snprintf(msg, n,
                         "apply: %s.%s = %u, but this core is built without the engine it configures (%s): "
                         "leave it at its reset value %u",
                         where, f->field, (unsigned)fg_reg_cfg_get(to, f, k), why, (unsigned)reset);
                goto out;
            }
    }
    memcpy(from, to, m->cfg_size); /* instance parameters; every built field is read below */
    read_fields(d, from);
    d->write(d->ctx, m->err_addr, 1u); /* so the check below reports this configuration only */
    if (fg_reg_plan(m, &s, from, to, bus_emit, d) < 0) {
        snprintf(msg, n, "apply: out of memory");
        goto out;
    }
    if (check_err(d, "apply", NULL, msg, n))
        goto out;
    memcpy(got, to, m->cfg_size);
    read_fields(d, got);
    for (size_t i = 0; i < m->n_fields; i++) {
        const fg_reg_field_desc *f = &m->fields[i];
        if (f->kind != FG_REG_KIND_RW)
            continue;
        for (int k = 0; k < fg_reg_field_count(f, &s); k++)
            if (fg_reg_cfg_get(got, f, k) != fg_reg_cfg_get(to, f, k)) {
                char where[48];
                fg_reg_entry_name(f, &s, k, where, sizeof where);
                snprintf(msg, n, "apply: %s.%s reads back %u after writing %u", where, f->field,
                         (unsigned)fg_reg_cfg_get(got, f, k), (unsigned)fg_reg_cfg_get(to, f, k));
                goto out;
            }
    }
    rc = 0;
out:
    free(from);
    free(got);
    return rc;
}

static int need_map(const fg_drv *d, const fg_reg_map *want, char *msg, size_t n)
{
    if (d->map->id == want->id)
        return 0;
    snprintf(msg, n, "the block on this bus is the %s core, not the %s core", d->map->block, want->block);
    return -1;
}

int fg_drv_apply(fg_drv *d, const fg_sw_config *c, char *msg, size_t n)
{
    if (need_map(d, &fg_regs_sw_map, msg, n) || fg_sw_config_validate(c, msg, n))
        return -1;
    if (c->n_ports != d->n_ports || c->n_prio != d->n_prio || c->cw != d->cw) {
        snprintf(msg, n, "configuration is for %d ports x %d priorities, CW %d; the block has %d x %d, CW %d", c->n_ports,
                 c->n_prio, c->cw, d->n_ports, d->n_prio, d->cw);
        return -1;
    }
    return apply_map(d, c, msg, n);
}

int fg_drv_apply_nic(fg_drv *d, const fg_nic_config *c, char *msg, size_t n)
{
    if (need_map(d, &fg_regs_nic_map, msg, n) || fg_nic_config_validate(c, msg, n))
        return -1;
    return apply_map(d, c, msg, n);
}

int fg_drv_read_config(fg_drv *d, fg_sw_config *cfg, char *msg, size_t n)
{
    if (need_map(d, &fg_regs_sw_map, msg, n) || fg_sw_config_defaults(cfg, d->n_ports, d->n_prio, d->cw, msg, n))
        return -1;
    read_fields(d, cfg);
    return 0;
}

int fg_drv_read_config_nic(fg_drv *d, fg_nic_config *cfg, char *msg, size_t n)
{
    if (need_map(d, &fg_regs_nic_map, msg, n))
        return -1;
    fg_nic_config_defaults(cfg);
    read_fields(d, cfg);
    return 0;
}
