/* fg_roundtrip.c - the driver round-trip test (see fg_roundtrip.h). */
#include "fg_roundtrip.h"

#include <stdlib.h>
#include <string.h>

#include "fg_regs_nic_cfg.h"

static uint64_t next(uint64_t *s)
{
    /* xorshift64*: deterministic across platforms */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* lo..hi, log-uniform (small values as likely as large ones, so boundaries and mid-range both
 * come up), with the bounds themselves one draw in eight. */
static uint32_t draw(uint64_t *s, uint32_t lo, uint32_t hi)
{
    if (hi <= lo)
        return lo;
    uint64_t r = next(s);
    if ((r & 7u) == 0)
        return (r >> 3) & 1u ? hi : lo;
    int bits = (int)((r >> 4) % 33u); /* 0..32 */
    uint64_t v = next(s) & ((1ull << bits) - 1ull);
    return lo + (uint32_t)(v % ((uint64_t)hi - lo + 1u));
}

static fg_reg_shape shape(const fg_drv *d)
{
    fg_reg_shape s = {d->n_ports, d->n_prio, d->cw, d->absent};
    return s;
}

static uint32_t field_max(const fg_reg_field_desc *f, const fg_reg_shape *s)
{
    return f->max != 0xFFFFFFFFu ? f->max : fg_regs_ones(fg_reg_field_width(f, s));
}

static uint64_t popcount(uint32_t v)
{
    uint64_t c = 0;
    for (; v; v &= v - 1)
        c++;
    return c;
}

void fg_rt_random_config(const fg_drv *d, void *cfg, uint64_t *rng)
{
    const fg_reg_map *m = d->map;
    fg_reg_shape s = shape(d);
    for (size_t i = 0; i < m->n_fields; i++) {
        const fg_reg_field_desc *f = &m->fields[i];
        if (f->kind != FG_REG_KIND_RW)
            continue;
        for (int k = 0; k < fg_reg_field_count(f, &s); k++)
            *fg_reg_cfg_slot(cfg, f, k) = draw(rng, f->min, field_max(f, &s));
    }
    for (size_t r = 0; r < m->n_rules; r++) {
        const fg_reg_rule *rule = &m->rules[r];
        if (rule->kind == FG_REG_RULE_POOL) {
            const fg_reg_field_desc *tot = &m->fields[rule->field[0]], *hr = &m->fields[rule->field[1]],
                                    *mask = &m->fields[rule->field[2]], *res = &m->fields[rule->field[3]];
            uint32_t tmax = field_max(tot, &s);
            for (;;) {
                uint64_t charge = (uint64_t)fg_reg_cfg_get(cfg, res, 0) * (uint64_t)(s.n_ports * s.n_prio);
                for (int i = 0; i < fg_reg_field_count(hr, &s); i++)
                    charge += (uint64_t)fg_reg_cfg_get(cfg, hr, i) * popcount(fg_reg_cfg_get(cfg, mask, 0));
                if (charge < fg_reg_cfg_get(cfg, tot, 0))
                    break;
                if (charge < tmax) {
                    *fg_reg_cfg_slot(cfg, tot, 0) = draw(rng, (uint32_t)charge + 1u, tmax);
                    continue;
                }
                /* too much to fit any buffer: shrink what the pool charges */
                int sh = 1 + (int)(next(rng) % 8u);
                *fg_reg_cfg_slot(cfg, res, 0) >>= sh;
                for (int i = 0; i < fg_reg_field_count(hr, &s); i++)
                    *fg_reg_cfg_slot(cfg, hr, i) >>= sh;
            }
            continue;
        }
        const fg_reg_field_desc *lhs = &m->fields[rule->field[0]], *rhs = &m->fields[rule->field[1]];
        uint32_t strict = rule->kind == FG_REG_RULE_LT;
        for (int k = 0; k < fg_reg_field_count(lhs, &s); k++) {
            uint32_t *a = fg_reg_cfg_slot(cfg, lhs, k), *b = fg_reg_cfg_slot(cfg, rhs, k);
            if (strict ? *a < *b : *a <= *b)
                continue;
            if (*b < lhs->min + strict) /* no room under b: raise it first */
                *b = draw(rng, lhs->min + strict, field_max(rhs, &s));
            *a = draw(rng, lhs->min, *b - strict);
        }
    }
}

typedef struct {
    fg_drv *d;
    long writes;
    uint32_t skip_addr_lo, skip_addr_hi; /* FG_RT_SKIP_LAST: writes in [lo, hi) are dropped */
} emit_ctx;

static void emit(void *ctx, uint32_t addr, uint32_t value, const fg_reg_field_desc *reg, int k)
{
    (void)reg;
    (void)k;
    emit_ctx *e = ctx;
    if (addr >= e->skip_addr_lo && addr < e->skip_addr_hi)
        return;
    e->d->write(e->d->ctx, addr, value);
    e->writes++;
}

/* The mutations bypass fg_drv_apply (which checks its own read-back) and write themselves. */
static void apply_mutant(fg_drv *d, const void *to, int mode, emit_ctx *e)
{
    const fg_reg_map *m = d->map;
    fg_reg_shape s = shape(d);
    if (mode == FG_RT_NAIVE_ORDER) {
        for (size_t first = 0; first < m->n_fields; first = fg_reg_end_field(m, first)) {
            if (m->fields[first].kind != FG_REG_KIND_RW)
                continue;
            for (int k = 0; k < fg_reg_field_count(&m->fields[first], &s); k++)
                emit(e, m->fields[first].addr + 4u * (uint32_t)k, fg_reg_compose(m, to, first, k), &m->fields[first],
                     k);
        }
        return;
    }
    size_t last = 0;
    for (size_t i = 0; i < m->n_fields; i++)
        if (m->fields[i].kind == FG_REG_KIND_RW)
            last = fg_reg_first_field(m, i);
    e->skip_addr_lo = m->fields[last].addr;
    e->skip_addr_hi = m->fields[last].addr + 4u * (uint32_t)fg_reg_field_count(&m->fields[last], &s);
    void *from = malloc(m->cfg_size);
    if (!from)
        return;
    memcpy(from, to, m->cfg_size);
    /* the mutant plans from the block's real state, as the driver does */
    fg_reg_read_fields(m, &s, d->read, d->ctx, from);
    fg_reg_plan(m, &s, from, to, emit, e);
    free(from);
}

int fg_rt_run(fg_drv *d, uint64_t seed, int n, int mode, FILE *out, fg_rt_stats *st)
{
    const fg_reg_map *m = d->map;
    fg_reg_shape s = shape(d);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1u;
    void *cfg = malloc(m->cfg_size);
    char msg[FG_NIC_MSG_LEN];
    memset(st, 0, sizeof *st);
    if (!cfg)
        return -1;
    for (int c = 0; c < n; c++) {
        if (m->id == fg_regs_sw_map.id)
            fg_sw_config_defaults(cfg, d->n_ports, d->n_prio, d->cw, msg, sizeof msg);
        else
            fg_nic_config_defaults(cfg);
        fg_rt_random_config(d, cfg, &rng);
        int legal = m->id == fg_regs_sw_map.id ? fg_sw_config_validate(cfg, msg, sizeof msg)
                                         : fg_nic_config_validate(cfg, msg, sizeof msg);
        const char *why = NULL;
        char detail[FG_NIC_MSG_LEN + 64] = "";
        emit_ctx e = {d, 0, 0, 0};
        if (legal != 0) {
            why = "the generator drew an illegal configuration";
            snprintf(detail, sizeof detail, "%s", msg);
        } else if (mode == FG_RT_DRIVER) {
            int rc = m->id == fg_regs_sw_map.id ? fg_drv_apply(d, cfg, msg, sizeof msg) : fg_drv_apply_nic(d, cfg, msg, sizeof msg);
            if (rc) {
                why = "apply refused";
                snprintf(detail, sizeof detail, "%s", msg);
            }
        } else {
            d->write(d->ctx, m->err_addr, 1u);
            apply_mutant(d, cfg, mode, &e);
        }
        /* the raw read-back: every read-write field of every entry */
        for (size_t first = 0; !why && first < m->n_fields; first = fg_reg_end_field(m, first)) {
            if (m->fields[first].kind != FG_REG_KIND_RW)
                continue;
            for (int k = 0; !why && k < fg_reg_field_count(&m->fields[first], &s); k++) {
                uint32_t v = d->read(d->ctx, m->fields[first].addr + 4u * (uint32_t)k);
                for (size_t j = first; !why && j < fg_reg_end_field(m, first); j++) {
                    const fg_reg_field_desc *f = &m->fields[j];
                    uint32_t got = (v >> f->lsb) & fg_regs_ones(fg_reg_field_width(f, &s)), want = fg_reg_cfg_get(cfg, f, k);
                    st->fields++;
                    if (got != want) {
                        char where[48];
                        fg_reg_entry_name(f, &s, k, where, sizeof where);
                        why = "read-back differs";
                        snprintf(detail, sizeof detail, "%s.%s wrote %u read %u", where, f->field, want, got);
                    }
                }
            }
        }
        if (!why && (d->read(d->ctx, m->err_addr) & 1u)) {
            why = "ERR set";
            snprintf(detail, sizeof detail, "ERR_ADDR 0x%08x", d->read(d->ctx, m->err_addr_addr));
        }
        st->configs++;
        if (why) {
            if (st->failed < 10 && out)
                fprintf(out, "ROUNDTRIP MISMATCH map=%s shape=%dx%d cw=%d config=%d: %s: %s\n", m->block, d->n_ports,
                        d->n_prio, d->cw, c, why, detail);
            st->failed++;
            d->write(d->ctx, m->err_addr, 1u);
        }
    }
    free(cfg);
    return st->failed ? 1 : 0;
}
