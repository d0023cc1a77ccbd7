/* fg_regs.c - configuration defaults, validation and key=value parsing (see fg_regs.h). */
#include "fg_regs.h"
#include "fg_reg_plan.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The map-generic versions (fg_reg_plan.c) with the instance's parameters. */
int fg_sw_field_width(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    fg_reg_shape s = {cfg->n_ports, cfg->n_prio, cfg->cw};
    return fg_reg_field_width(f, &s);
}

uint32_t fg_sw_field_max(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    return f->max != 0xFFFFFFFFu ? f->max : fg_regs_ones(fg_sw_field_width(f, cfg));
}

uint32_t fg_sw_field_reset(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    return f->reset_is_max ? fg_sw_field_max(f, cfg) : f->reset;
}

int fg_sw_field_count(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    fg_reg_shape s = {cfg->n_ports, cfg->n_prio, cfg->cw};
    return fg_reg_field_count(f, &s);
}

void fg_sw_entry_name(const fg_reg_field_desc *f, const fg_sw_config *cfg, int k, char *buf, size_t n)
{
    if (f->array == FG_REG_ARRAY_PORT)
        snprintf(buf, n, "%s[%d]", f->field, k);
    else if (f->array == FG_REG_ARRAY_PG)
        snprintf(buf, n, "%s[%d][%d]", f->field, k / cfg->n_prio, k % cfg->n_prio);
    else
        snprintf(buf, n, "%s", f->field);
}

uint32_t *fg_sw_config_field(fg_sw_config *cfg, const fg_reg_field_desc *f, int k)
{
    return (uint32_t *)((char *)cfg + f->cfg_offset) + k;
}

static const uint32_t *cfield(const fg_sw_config *cfg, const fg_reg_field_desc *f, int k)
{
    return (const uint32_t *)((const char *)cfg + f->cfg_offset) + k;
}

static int check_params(int n_ports, int n_prio, int cw, char *msg, size_t n)
{
    if (n_ports < FG_PARAM_N_PORTS_MIN || n_ports > FG_PARAM_N_PORTS_MAX) {
        snprintf(msg, n, "n_ports = %d is outside its legal range %d..%d", n_ports, FG_PARAM_N_PORTS_MIN,
                 FG_PARAM_N_PORTS_MAX);
        return -1;
    }
    if (n_prio < FG_PARAM_N_PRIO_MIN || n_prio > FG_PARAM_N_PRIO_MAX) {
        snprintf(msg, n, "n_prio = %d is outside its legal range %d..%d", n_prio, FG_PARAM_N_PRIO_MIN,
                 FG_PARAM_N_PRIO_MAX);
        return -1;
    }
    if (cw < FG_PARAM_CW_MIN || cw > FG_PARAM_CW_MAX) {
        snprintf(msg, n, "cw = %d is outside its legal range %d..%d", cw, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX);
        return -1;
    }
    return 0;
}

int fg_sw_config_defaults(fg_sw_config *cfg, int n_ports, int n_prio, int cw, char *msg, size_t n)
{
    if (check_params(n_ports, n_prio, cw, msg, n))
        return -1;
    memset(cfg, 0, sizeof *cfg);
    cfg->n_ports = n_ports;
    cfg->n_prio = n_prio;
    cfg->cw = cw;
    for (size_t i = 0; i < FG_REGS_SW_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_sw_fields[i];
        if (f->kind != FG_REG_KIND_RW)
            continue;
        for (int k = 0; k < fg_sw_field_count(f, cfg); k++)
            *fg_sw_config_field(cfg, f, k) = fg_sw_field_reset(f, cfg);
    }
    return 0;
}

static const fg_reg_field_desc *field_named(const char *name)
{
    for (size_t i = 0; i < FG_REGS_SW_N_FIELDS; i++)
        if (fg_regs_sw_fields[i].kind == FG_REG_KIND_RW && !strcasecmp(fg_regs_sw_fields[i].field, name))
            return &fg_regs_sw_fields[i];
    return NULL;
}

static uint64_t popcount(uint32_t v)
{
    uint64_t c = 0;
    for (; v; v &= v - 1)
        c++;
    return c;
}

int fg_sw_config_validate(const fg_sw_config *cfg, char *msg, size_t n)
{
    if (check_params(cfg->n_ports, cfg->n_prio, cfg->cw, msg, n))
        return -1;
    char name[64];
    for (size_t i = 0; i < FG_REGS_SW_N_FIELDS; i++) {
        const fg_reg_field_desc *f = &fg_regs_sw_fields[i];
        if (f->kind != FG_REG_KIND_RW)
            continue;
        uint32_t mx = fg_sw_field_max(f, cfg);
        for (int k = 0; k < fg_sw_field_count(f, cfg); k++) {
            uint32_t v = *cfield(cfg, f, k);
            if (v < f->min || v > mx) {
                fg_sw_entry_name(f, cfg, k, name, sizeof name);
                snprintf(msg, n, "%s = %u is outside its legal range %u..%u (register %s, %d bits)", name, v, f->min,
                         mx, f->reg, fg_sw_field_width(f, cfg));
                return -1;
            }
        }
    }
    /* rule xon_le_xoff */
    for (int k = 0; k < cfg->n_ports * cfg->n_prio; k++) {
        if (cfg->xon[k] > cfg->xoff[k]) {
            snprintf(msg, n, "xon[%d][%d] = %u exceeds xoff[%d][%d] = %u (rule xon_le_xoff: XON <= XOFF of the same PG)",
                     k / cfg->n_prio, k % cfg->n_prio, cfg->xon[k], k / cfg->n_prio, k % cfg->n_prio, cfg->xoff[k]);
            return -1;
        }
    }
    /* rule kmin_le_kmax */
    if (cfg->ecn_kmin > cfg->ecn_kmax) {
        snprintf(msg, n, "ecn_kmin = %u exceeds ecn_kmax = %u (rule kmin_le_kmax: ECN_KMIN <= ECN_KMAX)", cfg->ecn_kmin,
                 cfg->ecn_kmax);
        return -1;
    }
    /* rule gfc_b1_lt_bm (strict: B_1 = B_m leaves no stage span) */
    if (cfg->gfc_b1 >= cfg->gfc_bm) {
        snprintf(msg, n, "gfc_b1 = %u is not below gfc_bm = %u (rule gfc_b1_lt_bm: GFC_B1 < GFC_BM)", cfg->gfc_b1,
                 cfg->gfc_bm);
        return -1;
    }
    /* rule pool */
    uint64_t hsum = 0;
    for (int i = 0; i < cfg->n_ports; i++)
        hsum += cfg->headroom[i];
    uint64_t lossless = popcount(cfg->lossless_mask);
    uint64_t pgs = (uint64_t)cfg->n_ports * (uint64_t)cfg->n_prio;
    uint64_t used = hsum * lossless + (uint64_t)cfg->reserve * pgs;
    if (!((uint64_t)cfg->total_cells > used)) {
        snprintf(msg, n,
                 "total_cells = %u must exceed headroom and reserve: sum(headroom) %llu x %llu lossless priorities "
                 "+ reserve %u x %llu PGs = %llu cells (rule pool: the shared pool needs at least one cell)",
                 cfg->total_cells, (unsigned long long)hsum, (unsigned long long)lossless, cfg->reserve,
                 (unsigned long long)pgs, (unsigned long long)used);
        return -1;
    }
    return 0;
}

static int parse_u32(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '-' || *s == '\0')
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    while (isspace((unsigned char)*end))
        end++;
    if (*end || errno || x > 0xFFFFFFFFull)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

static int parse_mac(const char *s, uint64_t *mac)
{
    unsigned b[6];
    char tail;
    if (sscanf(s, " %x:%x:%x:%x:%x:%x %c", &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &tail) != 6)
        return -1;
    *mac = 0;
    for (int i = 0; i < 6; i++) {
        if (b[i] > 0xFF)
            return -1;
        *mac = (*mac << 8) | b[i];
    }
    return 0;
}

int fg_sw_config_set(fg_sw_config *cfg, const char *key, const char *value, char *msg, size_t n)
{
    char base[64];
    int idx[2] = {-1, -1}, nidx = 0;
    size_t len = strcspn(key, "[");
    if (len == 0 || len >= sizeof base) {
        snprintf(msg, n, "'%s' is not a register key (see `flowgate regs`)", key);
        return -1;
    }
    memcpy(base, key, len);
    base[len] = '\0';
    const char *p = key + len;
    while (*p == '[' && nidx < 2) {
        char *end;
        long v = strtol(p + 1, &end, 10);
        if (end == p + 1 || *end != ']' || v < 0) {
            snprintf(msg, n, "'%s': an index must be a non-negative number in brackets", key);
            return -1;
        }
        idx[nidx++] = (int)v;
        p = end + 1;
    }
    if (*p) {
        snprintf(msg, n, "'%s': unexpected text '%s' after the key", key, p);
        return -1;
    }
    if (!strcasecmp(base, "src_mac")) {
        uint64_t mac;
        if (nidx || parse_mac(value, &mac)) {
            snprintf(msg, n, "src_mac expects a MAC address like 02:00:00:00:00:01, got '%s'", value);
            return -1;
        }
        cfg->src_mac_hi = (uint32_t)(mac >> 32);
        cfg->src_mac_lo = (uint32_t)mac;
        return 0;
    }
    uint32_t v;
    if (!strcasecmp(base, "n_ports") || !strcasecmp(base, "n_prio") || !strcasecmp(base, "cw")) {
        if (nidx || parse_u32(value, &v)) {
            snprintf(msg, n, "%s expects a number, got '%s'", base, value);
            return -1;
        }
        int np = cfg->n_ports, pr = cfg->n_prio, cw = cfg->cw;
        if (!strcasecmp(base, "n_ports"))
            np = (int)(v > 1000 ? 1000 : v);
        else if (!strcasecmp(base, "n_prio"))
            pr = (int)(v > 1000 ? 1000 : v);
        else
            cw = (int)(v > 1000 ? 1000 : v);
        return fg_sw_config_defaults(cfg, np, pr, cw, msg, n);
    }
    const fg_reg_field_desc *f = field_named(base);
    if (!f) {
        snprintf(msg, n, "'%s' is not a register field (see `flowgate regs` for the names)", base);
        return -1;
    }
    if (parse_u32(value, &v)) {
        snprintf(msg, n, "%s expects a number (decimal or 0x hex, 0..4294967295), got '%s'", key, value);
        return -1;
    }
    int count = fg_sw_field_count(f, cfg);
    int want = f->array == FG_REG_ARRAY_PG ? 2 : f->array == FG_REG_ARRAY_PORT ? 1 : 0;
    if (nidx == 0) {
        for (int k = 0; k < count; k++)
            *fg_sw_config_field(cfg, f, k) = v;
        return 0;
    }
    if (nidx != want) {
        snprintf(msg, n, "%s takes %s", base,
                 want == 0 ? "no index" : want == 1 ? "one index [port]" : "two indices [port][priority]");
        return -1;
    }
    if (idx[0] >= cfg->n_ports) {
        snprintf(msg, n, "%s: port %d is outside its legal range 0..%d", key, idx[0], cfg->n_ports - 1);
        return -1;
    }
    if (want == 2 && idx[1] >= cfg->n_prio) {
        snprintf(msg, n, "%s: priority %d is outside its legal range 0..%d", key, idx[1], cfg->n_prio - 1);
        return -1;
    }
    *fg_sw_config_field(cfg, f, want == 2 ? idx[0] * cfg->n_prio + idx[1] : idx[0]) = v;
    return 0;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

int fg_sw_config_load(fg_sw_config *cfg, const char *path, char *msg, size_t n)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(msg, n, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char line[512], err[400];
    int lineno = 0, seen_reg = 0, rc = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *s = trim(line);
        if (!*s)
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(msg, n, "%s:%d: expected 'key = value', got '%s'", path, lineno, s);
            rc = -1;
            break;
        }
        *eq = '\0';
        char *key = trim(s), *val = trim(eq + 1);
        int is_param = !strcasecmp(key, "n_ports") || !strcasecmp(key, "n_prio") || !strcasecmp(key, "cw");
        if (is_param && seen_reg) {
            snprintf(msg, n, "%s:%d: %s must come before the first register line (it resets the defaults)", path,
                     lineno, key);
            rc = -1;
            break;
        }
        seen_reg |= !is_param;
        if (fg_sw_config_set(cfg, key, val, err, sizeof err)) {
            snprintf(msg, n, "%s:%d: %s", path, lineno, err);
            rc = -1;
            break;
        }
    }
    fclose(fp);
    return rc;
}
