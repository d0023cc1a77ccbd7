/* fg_regs.c - configuration defaults, validation and key=value parsing (see fg_regs.h). */
#include "fg_regs.h"
#include "fg_parse.h"
#include "fg_reg_plan.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The map-generic versions (fg_reg_plan.c) with the instance's parameters. */
int fg_sw_field_width(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    fg_reg_shape s = {cfg->n_ports, cfg->n_prio, cfg->cw, 0};
    return fg_reg_field_width(f, &s);
}

uint32_t fg_sw_field_max(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    fg_reg_shape s = {cfg->n_ports, cfg->n_prio, cfg->cw, 0};
    return fg_reg_field_max(f, &s);
}

uint32_t fg_sw_field_reset(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    return f->reset_is_max ? fg_sw_field_max(f, cfg) : f->reset;
}

int fg_sw_field_count(const fg_reg_field_desc *f, const fg_sw_config *cfg)
{
    fg_reg_shape s = {cfg->n_ports, cfg->n_prio, cfg->cw, 0};
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

static int parse_mac(const char *s, uint64_t *mac)
{
    /* six pairs of hex digits separated by ':' and nothing else (sscanf's %x would take signs,
     * spaces and "0x") */
    *mac = 0;
    for (int i = 0; i < 6; i++) {
        for (int j = 0; j < 2; j++) {
            char c = s[3 * i + j];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0)
                return -1;
            *mac = (*mac << 4) | (uint64_t)d;
        }
        if (s[3 * i + 2] != (i < 5 ? ':' : '\0'))
            return -1;
    }
    return 0;
}

static int is_param(const char *base)
{
    return !strcasecmp(base, "n_ports") || !strcasecmp(base, "n_prio") || !strcasecmp(base, "cw");
}

/* fg_sw_config_set, also writing the key's canonical spelling (fg_cfg_set_fn) */
static int sw_set(fg_sw_config *cfg, const char *key, const char *value, char *canon, size_t canon_n, char *msg,
                  size_t n)
{
    char base[64], q[80];
    uint64_t idx[2] = {0, 0};
    int nidx = 0;
    size_t len = strcspn(key, "[");
    fg_parse_quote(key, q, sizeof q);
    if (len == 0 || len >= sizeof base) {
        snprintf(msg, n, "'%s' is not a register key (see `flowgate regs`)", q);
        return -1;
    }
    memcpy(base, key, len);
    base[len] = '\0';
    for (char *b = base; *b; b++)
        *b = (char)tolower((unsigned char)*b);
    const fg_reg_field_desc *f = is_param(base) || !strcmp(base, "src_mac") ? NULL : field_named(base);
    if (!f && !is_param(base) && strcmp(base, "src_mac")) {
        snprintf(msg, n, "'%s' is not a register field (see `flowgate regs` for the names)", q);
        return -1;
    }
    int want = f && f->array == FG_REG_ARRAY_PG ? 2 : f && f->array == FG_REG_ARRAY_PORT ? 1 : 0;
    const char *p = key + len;
    while (*p == '[') {
        const char *close = strchr(p, ']');
        char digits[32];
        if (nidx == want) {
            snprintf(msg, n, "%s takes %s", base,
                     want == 0 ? "no index" : want == 1 ? "one index [port]" : "two indices [port][priority]");
            return -1;
        }
        if (!close || (size_t)(close - p - 1) >= sizeof digits) {
            snprintf(msg, n, "'%s': an index is a number in brackets", q);
            return -1;
        }
        memcpy(digits, p + 1, (size_t)(close - p - 1));
        digits[close - p - 1] = '\0';
        uint64_t hi = (uint64_t)(nidx == 0 ? cfg->n_ports : cfg->n_prio) - 1;
        char what[128], err[256];
        snprintf(what, sizeof what, "%s: the %s index", q, nidx == 0 ? "port" : "priority");
        if (fg_parse_u64_msg(what, digits, 0, hi, FG_PARSE_DEC, &idx[nidx], err, sizeof err)) {
            snprintf(msg, n, "%s (this instance has %d %s)", err, nidx == 0 ? cfg->n_ports : cfg->n_prio,
                     nidx == 0 ? "ports" : "priorities");
            return -1;
        }
        nidx++;
        p = close + 1;
    }
    if (*p) {
        char qp[80];
        fg_parse_quote(p, qp, sizeof qp);
        snprintf(msg, n, "'%s': unexpected text '%s' after the key", q, qp);
        return -1;
    }
    if (nidx != 0 && nidx != want) {
        snprintf(msg, n, "%s takes %s", base, want == 1 ? "one index [port]" : "two indices [port][priority]");
        return -1;
    }
    snprintf(canon, canon_n, "%s", base);
    if (!strcmp(base, "src_mac")) {
        uint64_t mac;
        if (parse_mac(value, &mac)) {
            fg_parse_quote(value, q, sizeof q);
            snprintf(msg, n, "src_mac expects a MAC address like 02:00:00:00:00:01, got '%s'", q);
            return -1;
        }
        cfg->src_mac_hi = (uint32_t)(mac >> 32);
        cfg->src_mac_lo = (uint32_t)mac;
        return 0;
    }
    uint64_t v;
    if (is_param(base)) {
        int np = cfg->n_ports, pr = cfg->n_prio, cw = cfg->cw;
        uint64_t lo = !strcmp(base, "n_ports") ? FG_PARAM_N_PORTS_MIN : !strcmp(base, "n_prio") ? FG_PARAM_N_PRIO_MIN : FG_PARAM_CW_MIN;
        uint64_t hi = !strcmp(base, "n_ports") ? FG_PARAM_N_PORTS_MAX : !strcmp(base, "n_prio") ? FG_PARAM_N_PRIO_MAX : FG_PARAM_CW_MAX;
        if (fg_parse_u64_msg(base, value, lo, hi, FG_PARSE_DEC, &v, msg, n))
            return -1;
        if (!strcmp(base, "n_ports"))
            np = (int)v;
        else if (!strcmp(base, "n_prio"))
            pr = (int)v;
        else
            cw = (int)v;
        return fg_sw_config_defaults(cfg, np, pr, cw, msg, n);
    }
    int k = want == 2 ? (int)(idx[0] * (uint64_t)cfg->n_prio + idx[1]) : (int)idx[0];
    char name[80], err[300];
    if (nidx)
        fg_sw_entry_name(f, cfg, k, name, sizeof name);
    else
        snprintf(name, sizeof name, "%s", f->field);
    snprintf(canon, canon_n, "%s", name);
    uint32_t mx = fg_sw_field_max(f, cfg);
    if (fg_parse_u64_msg(name, value, f->min, mx, FG_PARSE_HEX, &v, err, sizeof err)) {
        snprintf(msg, n, "%s (register %s, %d bits)", err, f->reg, fg_sw_field_width(f, cfg));
        return -1;
    }
    if (nidx == 0) {
        for (int e = 0; e < fg_sw_field_count(f, cfg); e++)
            *fg_sw_config_field(cfg, f, e) = (uint32_t)v;
    } else {
        *fg_sw_config_field(cfg, f, k) = (uint32_t)v;
    }
    return 0;
}

int fg_sw_config_set(fg_sw_config *cfg, const char *key, const char *value, char *msg, size_t n)
{
    char canon[128];
    return sw_set(cfg, key, value, canon, sizeof canon, msg, n);
}

typedef struct {
    fg_sw_config *cfg;
    int seen_reg;
} sw_load_ctx;

static int load_set(void *vctx, const char *key, const char *value, char *canon, size_t canon_n, char *msg, size_t n)
{
    sw_load_ctx *ctx = vctx;
    char base[64];
    size_t len = strcspn(key, "[");
    snprintf(base, sizeof base, "%.*s", (int)(len < sizeof base ? len : sizeof base - 1), key);
    int param = is_param(base);
    if (param && ctx->seen_reg) {
        snprintf(msg, n, "%s must come before the first register line (it resets the defaults)", base);
        return -1;
    }
    ctx->seen_reg |= !param;
    return sw_set(ctx->cfg, key, value, canon, canon_n, msg, n);
}

int fg_sw_config_load(fg_sw_config *cfg, const char *path, char *msg, size_t n)
{
    sw_load_ctx ctx = {cfg, 0};
    return fg_cfg_parse_file(path, load_set, &ctx, msg, n);
}

int fg_sw_config_load_text(fg_sw_config *cfg, const char *name, const char *text, size_t len, char *msg, size_t n)
{
    sw_load_ctx ctx = {cfg, 0};
    return fg_cfg_parse_text(name, text, len, load_set, &ctx, msg, n);
}
