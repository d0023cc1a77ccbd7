/* fg_parse.c - numbers, quantities with units and key = value text (see fg_parse.h). */
#define _POSIX_C_SOURCE 200809L
#include "fg_parse.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fg_units.h"

/* ---- whole numbers ---------------------------------------------------------------------- */

static int digit_value(char c, int base)
{
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
    return d < base ? d : -1;
}

int fg_parse_u64(const char *s, uint64_t lo, uint64_t hi, unsigned flags, uint64_t *out)
{
    if (!s || !*s)
        return FG_PARSE_SYNTAX;
    int base = 10;
    if ((flags & FG_PARSE_HEX) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    } else if (s[0] == '0' && s[1] >= '0' && s[1] <= '9') {
        for (const char *p = s; *p; p++) /* "007" is a leading zero; "0abc" stays a syntax error */
            if (digit_value(*p, 10) < 0)
                return FG_PARSE_SYNTAX;
        return FG_PARSE_LEADING_ZERO;
    }
    if (!*s)
        return FG_PARSE_SYNTAX;
    uint64_t v = 0;
    int overflow = 0;
    for (; *s; s++) {
        int d = digit_value(*s, base);
        if (d < 0)
            return FG_PARSE_SYNTAX;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            overflow = 1;
        else
            v = v * (uint64_t)base + (uint64_t)d;
    }
    if (overflow || v < lo || v > hi)
        return FG_PARSE_RANGE;
    *out = v;
    return FG_PARSE_OK;
}

void fg_parse_quote(const char *s, char *buf, size_t n)
{
    size_t o = 0;
    if (!n)
        return;
    for (size_t i = 0; s && s[i]; i++) {
        unsigned char c = (unsigned char)s[i];
        char piece[8];
        if (c >= 0x20 && c < 0x7F && c != '\\')
            snprintf(piece, sizeof piece, "%c", c);
        else
            snprintf(piece, sizeof piece, "\\x%02X", c);
        size_t len = strlen(piece);
        if (o + len + 4 > n || o >= 60) {
            snprintf(buf + o, n - o, "...");
            return;
        }
        memcpy(buf + o, piece, len);
        o += len;
    }
    buf[o] = '\0';
}

int fg_parse_u64_msg(const char *name, const char *s, uint64_t lo, uint64_t hi, unsigned flags, uint64_t *out,
                     char *msg, size_t n)
{
    int rc = fg_parse_u64(s, lo, hi, flags, out);
    if (rc == FG_PARSE_OK)
        return 0;
    char q[80];
    fg_parse_quote(s, q, sizeof q);
    const char *why = rc == FG_PARSE_LEADING_ZERO ? ": leading zeros are not allowed"
                      : rc == FG_PARSE_RANGE      ? ": out of range"
                                                  : "";
    snprintf(msg, n, "%s expects a whole number in %llu..%llu (decimal%s), got '%s'%s", name, (unsigned long long)lo,
             (unsigned long long)hi, (flags & FG_PARSE_HEX) ? " or 0x hex" : "", q, why);
    return -1;
}

/* ---- quantities ------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    fg_qty_kind kind; /* FG_QTY_TIME and FG_QTY_LENGTH units also serve FG_QTY_DELAY */
    double to_base;   /* multiplier to the kind's base unit (a length's is metres) */
} qty_unit;

static const qty_unit units[] = {
    {"G", FG_QTY_RATE, 1},       {"Gbps", FG_QTY_RATE, 1},    {"Gb/s", FG_QTY_RATE, 1},   {"M", FG_QTY_RATE, 1e-3},
    {"Mbps", FG_QTY_RATE, 1e-3}, {"Mb/s", FG_QTY_RATE, 1e-3}, {"T", FG_QTY_RATE, 1e3},    {"Tbps", FG_QTY_RATE, 1e3},
    {"Tb/s", FG_QTY_RATE, 1e3},  {"s", FG_QTY_TIME, 1e9},     {"ms", FG_QTY_TIME, 1e6},   {"us", FG_QTY_TIME, 1e3},
    {"ns", FG_QTY_TIME, 1},      {"B", FG_QTY_SIZE, 1},       {"KB", FG_QTY_SIZE, 1e3},   {"MB", FG_QTY_SIZE, 1e6},
    {"KiB", FG_QTY_SIZE, 1024},  {"MiB", FG_QTY_SIZE, 1048576}, {"m", FG_QTY_LENGTH, 1}, {"km", FG_QTY_LENGTH, 1e3},
};

static const struct {
    const char *what, *examples, *units, *base;
} kinds[] = {
    [FG_QTY_RATE] = {"a link rate", "10G, 400M or 1.6T", "G, M, T; Gbps, Mb/s ...", "Gb/s"},
    [FG_QTY_TIME] = {"a time", "3us, 500ns, 0.5ms or 1s", "s, ms, us, ns", "ns"},
    [FG_QTY_SIZE] = {"a size", "300KB, 256KiB, 1MB or 18500B", "B, KB = 1000 B, MB, KiB = 1024 B, MiB", "B"},
    [FG_QTY_LENGTH] = {"a cable length", "100m, 2.5m or 2km", "m, km", "m"},
    [FG_QTY_DELAY] = {"a one-way cable delay", "1us or 500ns, or a length like 200m", "s, ms, us, ns; m, km at 5 ns/m",
                      "ns"},
    [FG_QTY_NUMBER] = {"a number", "0.5 or 2", "no unit", ""},
};

static int unit_fits(fg_qty_kind unit_kind, fg_qty_kind want)
{
    return unit_kind == want || (want == FG_QTY_DELAY && (unit_kind == FG_QTY_TIME || unit_kind == FG_QTY_LENGTH));
}

/* The unit's multiplier to the base of `want` (a length in a delay becomes ns), or -1. */
static double unit_scale(const char *u, fg_qty_kind want)
{
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (!unit_fits(units[i].kind, want) || strcasecmp(u, units[i].name))
            continue;
        return units[i].kind == FG_QTY_LENGTH && want == FG_QTY_DELAY ? units[i].to_base * FG_CABLE_NS_PER_M
                                                                        : units[i].to_base;
    }
    return -1;
}

int fg_parse_qty(const char *s, const fg_qty_spec *spec, double *out)
{
    if (!s || !*s)
        return FG_PARSE_SYNTAX;
    const char *p = s;
    size_t int_digits = 0, frac_digits = 0;
    while (*p >= '0' && *p <= '9')
        p++, int_digits++;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9')
            p++, frac_digits++;
        if (!frac_digits)
            return FG_PARSE_SYNTAX;
    }
    if (!int_digits)
        return FG_PARSE_SYNTAX;
    if (int_digits > 1 && s[0] == '0')
        return FG_PARSE_LEADING_ZERO;
    if (int_digits + frac_digits > 30)
        return FG_PARSE_RANGE;
    char num[40];
    memcpy(num, s, (size_t)(p - s));
    num[p - s] = '\0';
    double v = strtod(num, NULL); /* digits and one '.': strtod reads exactly them */
    double scale = -1;
    if (spec->kind == FG_QTY_NUMBER)
        scale = *p ? -1 : 1;
    else if (*p)
        scale = unit_scale(p, spec->kind);
    else if (spec->bare_unit)
        scale = unit_scale(spec->bare_unit, spec->kind);
    if (scale < 0)
        return FG_PARSE_UNIT;
    v *= scale;
    if (!isfinite(v) || v < spec->lo || v > spec->hi || (spec->lo_open && v <= spec->lo))
        return FG_PARSE_RANGE;
    *out = v;
    return FG_PARSE_OK;
}

int fg_parse_qty_msg(const char *name, const char *s, const fg_qty_spec *spec, double *out, char *msg, size_t n)
{
    int rc = fg_parse_qty(s, spec, out);
    if (rc == FG_PARSE_OK)
        return 0;
    char q[80], bare[48] = "";
    fg_parse_quote(s, q, sizeof q);
    if (spec->kind == FG_QTY_NUMBER)
        bare[0] = '\0';
    else if (spec->bare_unit)
        snprintf(bare, sizeof bare, "; a bare number is %s", spec->bare_unit);
    else
        snprintf(bare, sizeof bare, "; a unit is required");
    const char *why = rc == FG_PARSE_LEADING_ZERO ? ": leading zeros are not allowed"
                      : rc == FG_PARSE_RANGE      ? ": out of range"
                      : rc == FG_PARSE_UNIT       ? ": unknown or missing unit"
                                                  : "";
    char range[80];
    const char *sp = kinds[spec->kind].base[0] ? " " : "";
    if (spec->lo_open)
        snprintf(range, sizeof range, "above %g and at most %g%s%s", spec->lo, spec->hi, sp, kinds[spec->kind].base);
    else
        snprintf(range, sizeof range, "%g..%g%s%s", spec->lo, spec->hi, sp, kinds[spec->kind].base);
    snprintf(msg, n, "%s expects %s like %s (%s%s), %s, got '%s'%s", name, kinds[spec->kind].what,
             kinds[spec->kind].examples, kinds[spec->kind].units, bare, range, q, why);
    return -1;
}

/* ---- configuration text ----------------------------------------------------------------- */

/* A set of strings with the line that brought each (open addressing, grows by doubling). */
typedef struct {
    char **keys;
    int *lines;
    size_t cap, used;
} key_set;

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static void set_free(key_set *ks)
{
    for (size_t i = 0; i < ks->cap; i++)
        free(ks->keys[i]);
    free(ks->keys);
    free(ks->lines);
    memset(ks, 0, sizeof *ks);
}

/* Line that added `key`, or 0. */
static int set_find(const key_set *ks, const char *key)
{
    if (!ks->cap)
        return 0;
    for (size_t i = fnv1a(key) & (ks->cap - 1);; i = (i + 1) & (ks->cap - 1)) {
        if (!ks->keys[i])
            return 0;
        if (!strcmp(ks->keys[i], key))
            return ks->lines[i];
    }
}

static int set_add(key_set *ks, const char *key, int line)
{
    if (set_find(ks, key))
        return 0;
    if (2 * (ks->used + 1) > ks->cap) {
        key_set bigger = {NULL, NULL, ks->cap ? 2 * ks->cap : 64, 0};
        bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
        bigger.lines = calloc(bigger.cap, sizeof *bigger.lines);
        if (!bigger.keys || !bigger.lines) {
            free(bigger.keys);
            free(bigger.lines);
            return -1;
        }
        for (size_t i = 0; i < ks->cap; i++) {
            if (!ks->keys[i])
                continue;
            size_t j = fnv1a(ks->keys[i]) & (bigger.cap - 1);
            while (bigger.keys[j])
                j = (j + 1) & (bigger.cap - 1);
            bigger.keys[j] = ks->keys[i];
            bigger.lines[j] = ks->lines[i];
            bigger.used++;
        }
        free(ks->keys);
        free(ks->lines);
        *ks = bigger;
    }
    size_t j = fnv1a(key) & (ks->cap - 1);
    while (ks->keys[j])
        j = (j + 1) & (ks->cap - 1);
    size_t len = strlen(key) + 1;
    if (!(ks->keys[j] = malloc(len)))
        return -1;
    memcpy(ks->keys[j], key, len);
    ks->lines[j] = line;
    ks->used++;
    return 0;
}

/* Length of the UTF-8 sequence at p (at most `left` bytes), or 0 when it is not valid UTF-8. */
static size_t utf8_len(const unsigned char *p, size_t left)
{
    size_t len;
    uint32_t cp;
    if (p[0] < 0x80)
        return 1;
    if ((p[0] & 0xE0) == 0xC0)
        len = 2, cp = p[0] & 0x1Fu;
    else if ((p[0] & 0xF0) == 0xE0)
        len = 3, cp = p[0] & 0x0Fu;
    else if ((p[0] & 0xF8) == 0xF0)
        len = 4, cp = p[0] & 0x07u;
    else
        return 0;
    if (len > left)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    static const uint32_t min_cp[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_cp[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0; /* overlong, beyond Unicode, or a surrogate */
    return len;
}

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static char *trim(char *s)
{
    while (is_blank(*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && is_blank(e[-1]))
        *--e = '\0';
    return s;
}

/* Checks one line's bytes (without its '\n'): NUL, control characters and UTF-8. */
static int check_line_bytes(const char *name, int lineno, const unsigned char *p, size_t len, char *msg, size_t n)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = p[i];
        if (c == 0) {
            snprintf(msg, n, "%s:%d: a NUL byte at column %zu (a configuration is text)", name, lineno, i + 1);
            return -1;
        }
        if ((c < 0x20 && c != '\t' && !(c == '\r' && i + 1 == len)) || c == 0x7F) {
            snprintf(msg, n, "%s:%d: control character 0x%02X at column %zu (a configuration is text)", name, lineno,
                     c, i + 1);
            return -1;
        }
        size_t step = utf8_len(p + i, len - i);
        if (!step) {
            snprintf(msg, n, "%s:%d: byte 0x%02X at column %zu is not UTF-8 text", name, lineno, c, i + 1);
            return -1;
        }
        i += step;
    }
    return 0;
}

/* The key's field: the canonical key up to its first '['. */
static void key_base(const char *canon, char *base, size_t n)
{
    size_t len = strcspn(canon, "[");
    if (len >= n)
        len = n - 1;
    memcpy(base, canon, len);
    base[len] = '\0';
}

int fg_cfg_parse_text(const char *name, const char *text, size_t len, fg_cfg_set_fn set, void *ctx, char *msg,
                      size_t n)
{
    key_set seen = {0}, indexed = {0};
    char line[FG_CFG_MAX_LINE_BYTES + 1], canon[256], base[256], err[512];
    int lineno = 0, rc = 0;
    for (size_t pos = 0; pos < len && rc == 0;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len, llen = end - pos;
        lineno++;
        if (llen > FG_CFG_MAX_LINE_BYTES) {
            snprintf(msg, n, "%s:%d: line longer than %u bytes (%zu)", name, lineno, FG_CFG_MAX_LINE_BYTES, llen);
            rc = -1;
            break;
        }
        if (check_line_bytes(name, lineno, (const unsigned char *)text + pos, llen, msg, n)) {
            rc = -1;
            break;
        }
        memcpy(line, text + pos, llen);
        line[llen] = '\0';
        pos = end + 1;
        if (llen && line[llen - 1] == '\r')
            line[llen - 1] = '\0';
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *s = trim(line);
        if (!*s)
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            char q[80];
            fg_parse_quote(s, q, sizeof q);
            snprintf(msg, n, "%s:%d: expected 'key = value', got '%s'", name, lineno, q);
            rc = -1;
            break;
        }
        *eq = '\0';
        char *key = trim(s), *val = trim(eq + 1);
        if (!*key || !*val) {
            snprintf(msg, n, "%s:%d: %s", name, lineno, !*key ? "a key is missing before '='" : "a value is missing after '='");
            rc = -1;
            break;
        }
        canon[0] = '\0';
        if (set(ctx, key, val, canon, sizeof canon, err, sizeof err)) {
            snprintf(msg, n, "%s:%d: %s", name, lineno, err);
            rc = -1;
            break;
        }
        if (!canon[0])
            continue;
        int first = set_find(&seen, canon);
        key_base(canon, base, sizeof base);
        int is_indexed = strchr(canon, '[') != NULL;
        int earlier_entry = is_indexed ? 0 : set_find(&indexed, base);
        if (first) {
            snprintf(msg, n, "%s:%d: %s is set twice (first at line %d); one line per key", name, lineno, canon, first);
            rc = -1;
        } else if (earlier_entry) {
            snprintf(msg, n,
                     "%s:%d: %s sets every entry after line %d set one of them; put the line for every entry first",
                     name, lineno, canon, earlier_entry);
            rc = -1;
        } else if (set_add(&seen, canon, lineno) || (is_indexed && set_add(&indexed, base, lineno))) {
            snprintf(msg, n, "%s:%d: out of memory", name, lineno);
            rc = -1;
        }
    }
    set_free(&seen);
    set_free(&indexed);
    return rc;
}

int fg_cfg_parse_file(const char *path, fg_cfg_set_fn set, void *ctx, char *msg, size_t n)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; we refuse it after fstat */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(msg, n, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        snprintf(msg, n, "%s: not a regular file (%s); a configuration is a text file", path,
                 S_ISDIR(st.st_mode) ? "a directory" : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                   : S_ISFIFO(st.st_mode)                          ? "a pipe"
                                                                                                   : "not a file");
        close(fd);
        return -1;
    }
    if ((uint64_t)st.st_size > FG_CFG_MAX_FILE_BYTES) {
        snprintf(msg, n, "%s: %lld bytes, larger than the %u-byte limit of a configuration file", path,
                 (long long)st.st_size, FG_CFG_MAX_FILE_BYTES);
        close(fd);
        return -1;
    }
    char *buf = malloc(FG_CFG_MAX_FILE_BYTES + 1);
    if (!buf) {
        snprintf(msg, n, "%s: out of memory", path);
        close(fd);
        return -1;
    }
    size_t got = 0;
    for (;;) { /* read to the end; a file that grows past the limit meanwhile is refused */
        ssize_t r = read(fd, buf + got, FG_CFG_MAX_FILE_BYTES + 1 - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(msg, n, "%s: cannot read: %s", path, strerror(errno));
            free(buf);
            close(fd);
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
        if (got > FG_CFG_MAX_FILE_BYTES) {
            snprintf(msg, n, "%s: larger than the %u-byte limit of a configuration file", path, FG_CFG_MAX_FILE_BYTES);
            free(buf);
            close(fd);
            return -1;
        }
    }
    close(fd);
    int rc = fg_cfg_parse_text(path, buf, got, set, ctx, msg, n);
    free(buf);
    return rc;
}
