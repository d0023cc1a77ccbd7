/* fg_parse.h - the one number, quantity and configuration-file parser of flowgate: the CLI and
 * the library (fg_sw_config_load, fg_nic_config_load) read every value through it, so a value
 * means the same thing everywhere and bad input gets the same clear refusal.
 *
 * Whole numbers (fg_parse_u64): decimal digits, or "0x" and 1..16 hex digits where the caller
 * allows hex (register values in configuration files). No sign, no spaces, no leading zeros:
 * "010" is refused ("leading zeros are not allowed") rather than read as octal 8 or decimal 10,
 * because either reading silently surprises someone. Checked against [lo, hi] at 64 bits before
 * the caller narrows it; a value beyond 64 bits is out of range, not wrapped.
 *
 * Quantities (fg_parse_qty): a decimal number (digits, optionally "." and digits; no exponent,
 * no hex, no leading zeros except "0.x") and a unit, case-insensitive, no space between:
 *   rate    G, Gbps, Gb/s | M, Mbps, Mb/s | T, Tbps, Tb/s           -> Gb/s
 *   time    s | ms | us | ns                                         -> ns
 *   size    B | KB (1000 B) | MB (10^6 B) | KiB (1024 B) | MiB (2^20 B) -> bytes
 *   length  m | km                                                   -> metres
 *   delay   a time or a length (5 ns per metre of cable, fg_units.h) -> ns
 *   number  no unit (a plain ratio such as 0.5)
 * A bare number takes the spec's bare unit (rates G, lengths m, sizes B, times as the option
 * documents), or is refused when the spec has none.
 *
 * Configuration text (fg_cfg_parse_text / fg_cfg_parse_file): `key = value` per line, `#` to
 * the end of the line is a comment, blank lines and surrounding blanks ignored, "\r\n" accepted.
 * Refused with FILE:LINE and a reason: a line longer than FG_CFG_MAX_LINE_BYTES, a file larger
 * than FG_CFG_MAX_FILE_BYTES or not a regular file (directory, device, pipe), a NUL byte, a
 * control character, bytes that are not UTF-8, a line without '=', an empty key or value, the
 * same key twice, and a key that sets every entry of a field after a line set one of them. */
#ifndef FG_PARSE_H
#define FG_PARSE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FG_CFG_MAX_FILE_BYTES (1024u * 1024u)
#define FG_CFG_MAX_LINE_BYTES 4096u

/* fg_parse_u64 flags */
#define FG_PARSE_DEC 0u
#define FG_PARSE_HEX 1u /* "0x..." is accepted too */

/* Results of the parsers (0 = ok). */
enum { FG_PARSE_OK = 0, FG_PARSE_SYNTAX = -1, FG_PARSE_LEADING_ZERO = -2, FG_PARSE_RANGE = -3, FG_PARSE_UNIT = -4 };

int fg_parse_u64(const char *s, uint64_t lo, uint64_t hi, unsigned flags, uint64_t *out);

/* As fg_parse_u64; on error writes "NAME expects a whole number in LO..HI (decimal[ or 0x hex]),
 * got 'S'" (with the reason for a leading zero or an out-of-range number) and returns -1. */
int fg_parse_u64_msg(const char *name, const char *s, uint64_t lo, uint64_t hi, unsigned flags, uint64_t *out,
                     char *msg, size_t n);

typedef enum { FG_QTY_RATE, FG_QTY_TIME, FG_QTY_SIZE, FG_QTY_LENGTH, FG_QTY_DELAY, FG_QTY_NUMBER } fg_qty_kind;

typedef struct {
    fg_qty_kind kind;
    const char *bare_unit; /* unit of a bare number ("G", "us", "B", "m"), NULL: a unit is required */
    double lo, hi;         /* legal range in the kind's base unit (Gb/s, ns, bytes, metres) */
    int lo_open;           /* 1: the value must be above lo (a rate of 0 is no rate) */
} fg_qty_spec;

/* Parses a quantity into the kind's base unit. Returns FG_PARSE_OK or a negative FG_PARSE_*. */
int fg_parse_qty(const char *s, const fg_qty_spec *spec, double *out);

/* As fg_parse_qty; on error writes "NAME expects <kind> like <examples> (<units>; range), got 'S'". */
int fg_parse_qty_msg(const char *name, const char *s, const fg_qty_spec *spec, double *out, char *msg, size_t n);

/* `s` quoted for a message: printable ASCII as is, other bytes as \xNN, cut to about 60
 * characters with "..." (a message never carries a terminal escape or a megabyte). */
void fg_parse_quote(const char *s, char *buf, size_t n);

/* Called once per `key = value` line. Sets what the key names and writes into `canon` the
 * key's canonical spelling ("headroom[2]", "xoff[1][3]", "total_cells"; an index always in
 * brackets) so the reader can refuse a key given twice in another spelling. Returns 0, or -1
 * with a message (the reader adds FILE:LINE). */
typedef int (*fg_cfg_set_fn)(void *ctx, const char *key, const char *value, char *canon, size_t canon_n, char *msg,
                             size_t n);

/* Parses configuration text of `len` bytes named `name` in messages; calls set for each line
 * in order. Returns 0, or -1 with "NAME:LINE: reason" in msg. */
int fg_cfg_parse_text(const char *name, const char *text, size_t len, fg_cfg_set_fn set, void *ctx, char *msg,
                      size_t n);

/* Reads a regular file of at most FG_CFG_MAX_FILE_BYTES and parses it as above. */
int fg_cfg_parse_file(const char *path, fg_cfg_set_fn set, void *ctx, char *msg, size_t n);

#ifdef __cplusplus
}
#endif
#endif
