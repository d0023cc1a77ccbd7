/* fg_regs_nic.c - NIC configuration: defaults, validation, key=value parsing and the register
 * writes that program it (see fg_regs_nic_cfg.h). Ranges and rules come from the tables
 * generated from sw/regmap/nic_regmap.json, so a change of the map changes the checks. */
#include "fg_regs_nic_cfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fg_gfc_plan.h"
#include "fg_parse.h"
#include "fg_reg_plan.h"

static int is_config_field(const fg_reg_field_desc *f)
{
    return f->kind == FG_REG_KIND_RW && f->cfg_offset != (size_t)-1;
}

static uint32_t field_max(const fg_reg_field_desc *f)
{
    /* every NIC configuration field has a constant width; max 0xFFFFFFFF means "all ones" */
    return f->max != 0xFFFFFFFFu ? f->max : fg_regs_ones(f->width);
}

uint32_t *fg_nic_config_field(fg_nic_config *cfg, const fg_reg_field_desc *f)
{
    return (uint32_t *)((char *)cfg + f->cfg_offset);
}

static uint32_t field_value(const fg_nic_config *cfg, size_t offset)
{
    return *(const uint32_t *)((const char *)cfg + offset);
}

void fg_nic_config_defaults(fg_nic_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++)
        if (is_config_field(&fg_regs_nic_fields[i]))
            *fg_nic_config_field(cfg, &fg_regs_nic_fields[i]) = fg_regs_nic_fields[i].reset;
}

/* Number of configuration fields in the register of f (1 means a key may use the register name). */
static int fields_in_register(const fg_reg_field_desc *f)
{
    int count = 0;
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++)
        if (is_config_field(&fg_regs_nic_fields[i]) && fg_regs_nic_fields[i].addr == f->addr)
            count++;
    return count;
}

const fg_reg_field_desc *fg_nic_field_named(const char *name)
{
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++)
        if (is_config_field(&fg_regs_nic_fields[i]) && !strcasecmp(fg_regs_nic_fields[i].field, name))
            return &fg_regs_nic_fields[i];
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_nic_fields[i];
        if (is_config_field(f) && !strcasecmp(f->reg, name) && fields_in_register(f) == 1)
            return f;
    }
    return NULL;
}

static const fg_reg_field_desc *field_at_offset(size_t offset)
{
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++)
        if (is_config_field(&fg_regs_nic_fields[i]) && fg_regs_nic_fields[i].cfg_offset == offset)
            return &fg_regs_nic_fields[i];
    return NULL;
}

static void range_message(const fg_reg_field_desc *f, const char *v, char *msg, size_t n)
{
    snprintf(msg, n, "%s = %s is outside its legal range %u..%u (register %s, %d bit%s)", f->field, v, f->min,
             field_max(f), f->reg, f->width, f->width == 1 ? "" : "s");
}

static int field_in_range(const fg_nic_config *cfg, const fg_reg_field_desc *f)
{
    uint32_t v = field_value(cfg, f->cfg_offset);
    return v >= f->min && v <= field_max(f);
}

int fg_nic_config_errors(const fg_nic_config *cfg, char (*msgs)[FG_NIC_MSG_LEN], int max)
{
    int count = 0;
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_nic_fields[i];
        if (!is_config_field(f) || field_in_range(cfg, f))
            continue;
        if (count < max) {
            char v[16];
            snprintf(v, sizeof v, "%u", field_value(cfg, f->cfg_offset));
            range_message(f, v, msgs[count], FG_NIC_MSG_LEN);
        }
        count++;
    }
    for (size_t i = 0; i < FG_REGS_NIC_N_RULES; i++) {
        const fg_regs_nic_rule_desc *r = &fg_regs_nic_rules[i];
        const fg_reg_field_desc *lf = field_at_offset(r->lhs_offset), *rf = field_at_offset(r->rhs_offset);
        /* an out-of-range side was reported above; comparing it would only repeat that */
        if (!lf || !rf || !field_in_range(cfg, lf) || !field_in_range(cfg, rf))
            continue;
        uint32_t lhs = field_value(cfg, r->lhs_offset), rhs = field_value(cfg, r->rhs_offset);
        if (lhs <= rhs)
            continue;
        if (count < max)
            snprintf(msgs[count], FG_NIC_MSG_LEN, "%s = %u exceeds %s = %u (rule %s: %s)", r->lhs, lhs, r->rhs, rhs,
                     r->name, r->doc);
        count++;
    }
    return count;
}

int fg_nic_config_validate(const fg_nic_config *cfg, char *msg, size_t n)
{
    char first[1][FG_NIC_MSG_LEN];
    if (fg_nic_config_errors(cfg, first, 1) == 0)
        return 0;
    snprintf(msg, n, "%s", first[0]);
    return -1;
}

/* ---- key = value ------------------------------------------------------------------------ */

/* Mnemonics of the one-bit mode fields (docs/registers_nic.md: 0 FT / 1 AT, 0 FI / 1 RI). */
static int mnemonic(const fg_reg_field_desc *f, const char *s, uint32_t *v)
{
    static const struct {
        const char *field, *name;
        uint32_t value;
    } names[] = {
        {"pft_strategy", "FT", 0}, {"pft_strategy", "AT", 1}, {"pft_injection", "FI", 0}, {"pft_injection", "RI", 1},
        {"gfc_mode", "TIME", 0},   {"gfc_mode", "BUFFER", 1}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!strcmp(f->field, names[i].field) && !strcasecmp(s, names[i].name)) {
            *v = names[i].value;
            return 0;
        }
    }
    return -1;
}

/* fg_nic_config_set, also writing the field's name as the key's canonical spelling */
static int nic_set(fg_nic_config *cfg, const char *key, const char *value, char *canon, size_t canon_n, char *msg,
                   size_t n)
{
    const fg_reg_field_desc *f = fg_nic_field_named(key);
    if (!f) {
        char q[80];
        fg_parse_quote(key, q, sizeof q);
        snprintf(msg, n, "'%s' is not a field of the NIC register map (docs/registers_nic.md lists them)", q);
        return -1;
    }
    snprintf(canon, canon_n, "%s", f->field);
    uint32_t v;
    if (mnemonic(f, value, &v) == 0) {
        *fg_nic_config_field(cfg, f) = v;
        return 0;
    }
    /* checked at full width here; a value that fits the 32-bit slot but not the field is kept
     * for fg_nic_config_errors, which lists every such field at once */
    uint64_t x;
    char err[FG_NIC_MSG_LEN];
    int rc = fg_parse_u64(value, 0, UINT64_MAX, FG_PARSE_HEX, &x);
    if (rc == FG_PARSE_RANGE || (rc == FG_PARSE_OK && x > 0xFFFFFFFFull)) {
        char q[80];
        fg_parse_quote(value, q, sizeof q);
        range_message(f, q, msg, n);
        return -1;
    }
    if (rc != FG_PARSE_OK) {
        fg_parse_u64_msg(f->field, value, f->min, field_max(f), FG_PARSE_HEX, &x, err, sizeof err);
        const char *extra = !strcmp(f->field, "pft_strategy")    ? "; or FT / AT"
                            : !strcmp(f->field, "pft_injection") ? "; or FI / RI"
                            : !strcmp(f->field, "gfc_mode")      ? "; or TIME / BUFFER"
                                                                 : "";
        snprintf(msg, n, "%s (register %s, %d bit%s%s)", err, f->reg, f->width, f->width == 1 ? "" : "s", extra);
        return -1;
    }
    *fg_nic_config_field(cfg, f) = (uint32_t)x;
    return 0;
}

int fg_nic_config_set(fg_nic_config *cfg, const char *key, const char *value, char *msg, size_t n)
{
    char canon[64];
    return nic_set(cfg, key, value, canon, sizeof canon, msg, n);
}

static int load_set(void *ctx, const char *key, const char *value, char *canon, size_t canon_n, char *msg, size_t n)
{
    return nic_set(ctx, key, value, canon, canon_n, msg, n);
}

int fg_nic_config_load(fg_nic_config *cfg, const char *path, char *msg, size_t n)
{
    return fg_cfg_parse_file(path, load_set, cfg, msg, n);
}

int fg_nic_config_load_text(fg_nic_config *cfg, const char *name, const char *text, size_t len, char *msg, size_t n)
{
    return fg_cfg_parse_text(name, text, len, load_set, cfg, msg, n);
}

/* ---- register writes -------------------------------------------------------------------- */

uint32_t fg_nic_config_reg_value(const fg_nic_config *cfg, uint32_t addr)
{
    uint32_t v = 0;
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_nic_fields[i];
        if (is_config_field(f) && f->addr == addr)
            v |= field_value(cfg, f->cfg_offset) << f->lsb;
    }
    return v;
}

int fg_nic_config_unpack(fg_nic_config *cfg, uint32_t addr, uint32_t value)
{
    int found = 0;
    for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_nic_fields[i];
        if (is_config_field(f) && f->addr == addr) {
            *fg_nic_config_field(cfg, f) = (value >> f->lsb) & fg_regs_ones(f->width);
            found = 1;
        }
    }
    return found ? 0 : -1;
}

typedef struct {
    fg_nic_reg_write *w;
    int max, count;
} write_list;

static void list_emit(void *ctx, uint32_t addr, uint32_t value, const fg_reg_field_desc *reg, int k)
{
    (void)k;
    write_list *l = ctx;
    if (l->count < l->max) {
        l->w[l->count].addr = addr;
        l->w[l->count].value = value;
        l->w[l->count].reg = reg->reg;
    }
    l->count++;
}

/* The order is the driver's (fg_reg_plan: lower what a rule bounds, raise bounds first, the
 * registers the map marks "written last" - CTRL and GFC_CTRL - at the end). */
int fg_nic_config_write_order(const fg_nic_config *cfg, const fg_nic_config *from, fg_nic_reg_write *w, int max)
{
    fg_nic_config reset;
    if (!from) {
        fg_nic_config_defaults(&reset);
        from = &reset;
    }
    static const fg_reg_shape shape = {1, 1, 0, 0};
    write_list l = {w, max, 0};
    if (fg_reg_plan(&fg_regs_nic_map, &shape, from, cfg, list_emit, &l) < 0)
        return -1;
    return l.count;
}

int fg_nic_config_writes(const fg_nic_config *cfg, const fg_nic_config *from, fg_nic_reg_write *w, int max,
                         char *msg, size_t n)
{
    if (fg_nic_config_validate(cfg, msg, n))
        return -1;
    if (from && fg_nic_config_validate(from, msg, n)) {
        char inner[FG_NIC_MSG_LEN];
        snprintf(inner, sizeof inner, "%s", msg);
        snprintf(msg, n, "the current state is not legal (the block cannot hold it): %s", inner);
        return -1;
    }
    int count = fg_nic_config_write_order(cfg, from, w, max);
    if (count < 0) {
        snprintf(msg, n, "out of memory");
        return -1;
    }
    if (count > max) {
        snprintf(msg, n, "room for %d register writes, %d needed", max, count);
        return -1;
    }
    return count;
}

/* ---- rules that need the link ----------------------------------------------------------- */

int fg_nic_config_check_link(const fg_nic_config *cfg, const fg_gfc_plan_in *link, char *msg, size_t n)
{
    if (fg_nic_config_validate(cfg, msg, n))
        return -1;
    if (!link || !cfg->gfc_enable || cfg->gfc_mode != 0)
        return 0; /* the B_0 bound concerns time-based GFC only */
    char inner[FG_NIC_MSG_LEN];
    if (fg_gfc_check_time_regs(link, cfg->rx_capacity, cfg->gfc_period, cfg->gfc_recip, inner, sizeof inner) == 0)
        return 0;
    /* fg_gfc_check_time_regs names the rate adjuster's ports: say which NIC field that is */
    const char *field = "rx_capacity", *reg = "RX_CAPACITY";
    if (!strncmp(inner, "cfg_period", 10))
        field = "gfc_period", reg = "GFC_PERIOD";
    else if (!strncmp(inner, "cfg_recip", 9))
        field = "gfc_recip", reg = "GFC_RECIP";
    snprintf(msg, n, "%s (register %s) breaks time-based GFC on this link (B_m = rx_capacity = %u blocks): %s", field,
             reg, cfg->rx_capacity, inner);
    return -1;
}
