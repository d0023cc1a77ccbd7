/* fg_reg_plan.c - the write order of a register map's configuration (see fg_reg_plan.h). */
#include "fg_reg_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_cfg(const fg_reg_field_desc *f) { return f->kind == FG_REG_KIND_RW; }

int fg_reg_built(const fg_reg_field_desc *f, const fg_reg_shape *s)
{
    return !f->build_mask || (f->build_mask & ~s->absent) != 0;
}

int fg_reg_field_count(const fg_reg_field_desc *f, const fg_reg_shape *s)
{
    return f->array == FG_REG_ARRAY_PORT ? s->n_ports : f->array == FG_REG_ARRAY_PG ? s->n_ports * s->n_prio : 1;
}

uint32_t fg_reg_field_max(const fg_reg_field_desc *f, const fg_reg_shape *s)
{
    return f->max != 0xFFFFFFFFu ? f->max : fg_regs_ones(fg_reg_field_width(f, s));
}

const fg_reg_field_desc *fg_reg_rw_field_named(const fg_reg_map *m, const char *name)
{
    for (size_t i = 0; i < m->n_fields; i++)
        if (m->fields[i].kind == FG_REG_KIND_RW && !strcmp(m->fields[i].field, name))
            return &m->fields[i];
    return NULL;
}

int fg_reg_field_width(const fg_reg_field_desc *f, const fg_reg_shape *s)
{
    switch (f->width_from) {
    case FG_WIDTH_N_PORTS:
        return s->n_ports;
    case FG_WIDTH_N_PRIO:
        return s->n_prio;
    case FG_WIDTH_CW:
        return s->cw;
    case FG_WIDTH_CNT_W:
        return 32;
    default:
        return f->width;
    }
}

uint32_t *fg_reg_cfg_slot(void *cfg, const fg_reg_field_desc *f, int k)
{
    return (uint32_t *)((char *)cfg + f->cfg_offset) + k;
}

uint32_t fg_reg_cfg_get(const void *cfg, const fg_reg_field_desc *f, int k)
{
    return ((const uint32_t *)((const char *)cfg + f->cfg_offset))[k];
}

size_t fg_reg_first_field(const fg_reg_map *m, size_t i)
{
    while (i > 0 && m->fields[i - 1].addr == m->fields[i].addr)
        i--;
    return i;
}

size_t fg_reg_end_field(const fg_reg_map *m, size_t first)
{
    size_t e = first + 1;
    while (e < m->n_fields && m->fields[e].addr == m->fields[first].addr)
        e++;
    return e;
}

uint32_t fg_reg_compose(const fg_reg_map *m, const void *cfg, size_t first, int k)
{
    uint32_t v = 0;
    for (size_t j = first; j < fg_reg_end_field(m, first); j++)
        v |= fg_reg_cfg_get(cfg, &m->fields[j], k) << m->fields[j].lsb;
    return v;
}

void fg_reg_entry_name(const fg_reg_field_desc *f, const fg_reg_shape *s, int k, char *buf, size_t n)
{
    if (f->array == FG_REG_ARRAY_PORT)
        snprintf(buf, n, "%s[%d]", f->reg, k);
    else if (f->array == FG_REG_ARRAY_PG)
        snprintf(buf, n, "%s[%d][%d]", f->reg, k / s->n_prio, k % s->n_prio);
    else
        snprintf(buf, n, "%s", f->reg);
}

long fg_reg_at_addr(const fg_reg_map *m, const fg_reg_shape *s, uint32_t addr, int *k)
{
    for (size_t i = 0; i < m->n_fields; i = fg_reg_end_field(m, i)) {
        const fg_reg_field_desc *f = &m->fields[i];
        uint32_t count = (uint32_t)fg_reg_field_count(f, s);
        if (addr >= f->addr && addr < f->addr + 4u * count && (addr - f->addr) % 4u == 0) {
            *k = (int)((addr - f->addr) / 4u);
            return (long)i;
        }
    }
    return -1;
}

void fg_reg_read_fields(const fg_reg_map *m, const fg_reg_shape *s, uint32_t (*read)(void *ctx, uint32_t addr), void *ctx,
                        void *cfg)
{
    for (size_t first = 0; first < m->n_fields; first = fg_reg_end_field(m, first)) {
        if (!is_cfg(&m->fields[first]) || !fg_reg_built(&m->fields[first], s))
            continue;
        for (int k = 0; k < fg_reg_field_count(&m->fields[first], s); k++) {
            uint32_t v = read(ctx, m->fields[first].addr + 4u * (uint32_t)k);
            for (size_t j = first; j < fg_reg_end_field(m, first); j++)
                *fg_reg_cfg_slot(cfg, &m->fields[j], k) = (v >> m->fields[j].lsb) & fg_regs_ones(fg_reg_field_width(&m->fields[j], s));
        }
    }
}

static uint32_t meet(uint8_t how, uint32_t a, uint32_t b)
{
    return how == FG_REG_MEET_AND ? a & b : a < b ? a : b;
}

int fg_reg_plan(const fg_reg_map *m, const fg_reg_shape *s, const void *from, const void *to, fg_reg_emit_fn emit,
                void *ctx)
{
    void *sh = malloc(m->cfg_size); /* the block's state as the writes change it */
    /* lowered[i * max_k + k]: entry k of field i's register was written by the lowering */
    size_t max_k = (size_t)(s->n_ports > 0 ? s->n_ports : 1) * (size_t)(s->n_prio > 0 ? s->n_prio : 1);
    unsigned char *lowered = calloc(m->n_fields * max_k, 1);
    if (!sh || !lowered) {
        free(sh);
        free(lowered);
        return -1;
    }
    memcpy(sh, from, m->cfg_size);
    int writes = 0, max_depth = 0;
    for (size_t i = 0; i < m->n_fields; i++)
        if (is_cfg(&m->fields[i]) && m->fields[i].bound_depth > max_depth)
            max_depth = m->fields[i].bound_depth;

    /* 1. lower what the rules bound, deepest first: each write only shrinks a bounded side,
     *    and everything deeper is already at its meet */
    for (int depth = max_depth; depth >= 1; depth--)
        for (size_t i = 0; i < m->n_fields; i++) {
            const fg_reg_field_desc *f = &m->fields[i];
            if (!is_cfg(f) || f->meet == FG_REG_MEET_NONE || f->bound_depth != depth || !fg_reg_built(f, s))
                continue;
            for (int k = 0; k < fg_reg_field_count(f, s); k++) {
                uint32_t *v = fg_reg_cfg_slot(sh, f, k), low = meet(f->meet, *v, fg_reg_cfg_get(to, f, k));
                if (low == *v)
                    continue;
                *v = low;
                size_t first = fg_reg_first_field(m, i);
                emit(ctx, f->addr + 4u * (uint32_t)k, fg_reg_compose(m, sh, first, k), &m->fields[first], k);
                lowered[first * max_k + (size_t)k] = 1;
                writes++;
            }
        }

    /* 2. raise, bounds before what they bound: when a field reaches its new value, everything
     *    bounding it already holds its new value and everything it bounds sits at its meet */
    for (int pass = 0; pass < 2; pass++)
        for (int depth = 0; depth <= max_depth; depth++)
            for (size_t first = 0; first < m->n_fields; first = fg_reg_end_field(m, first)) {
                const fg_reg_field_desc *r = &m->fields[first];
                /* 3. the apply_last registers in a second pass, once (their fields are in no rule) */
                if (!is_cfg(r) || r->apply_last != pass || (pass && depth) || !fg_reg_built(r, s))
                    continue;
                size_t end = fg_reg_end_field(m, first);
                int here = 0;
                for (size_t j = first; j < end; j++)
                    here |= pass || m->fields[j].bound_depth == depth;
                if (!here)
                    continue;
                for (int k = 0; k < fg_reg_field_count(r, s); k++) {
                    uint32_t before = fg_reg_compose(m, sh, first, k);
                    for (size_t j = first; j < end; j++)
                        if (pass || m->fields[j].bound_depth == depth)
                            *fg_reg_cfg_slot(sh, &m->fields[j], k) = fg_reg_cfg_get(to, &m->fields[j], k);
                    uint32_t v = fg_reg_compose(m, sh, first, k);
                    /* a register the lowering already took to this value is not written again */
                    if (v == before && lowered[first * max_k + (size_t)k])
                        continue;
                    emit(ctx, r->addr + 4u * (uint32_t)k, v, r, k);
                    writes++;
                }
            }
    free(sh);
    free(lowered);
    return writes;
}
