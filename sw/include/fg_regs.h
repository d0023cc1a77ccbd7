/* fg_regs.h - the switch core's configuration as one struct (fg_sw_config, generated into
 * fg_regs_sw.h from sw/regmap/regmap.json) and the checks the CSR block applies to it, done in
 * software first so a bad value is reported by name instead of a sticky error bit.
 *
 * Configuration text (fg_sw_config_set, fg_sw_config_load): one `key = value` per line,
 * `#` starts a comment. Keys are the field names of docs/registers.md (case-insensitive):
 *   total_cells = 200000          scalar
 *   headroom = 300                every port;      headroom[2] = 400      port 2
 *   xoff = 2000                   every PG;        xoff[1][3] = 1500      port 1, priority 3
 *   src_mac = 02:00:00:00:00:07   both SRC_MAC registers at once
 *   n_ports = 8, n_prio = 8, cw = 18   instance parameters: in a file they must come before
 *                                      any register line (they reset everything to defaults)
 * Values are decimal or 0x-prefixed hex, without leading zeros, and are checked against the
 * field's legal range when they are set; indices against the instance's ports and priorities.
 * The text rules (line length, file size, NUL, UTF-8, duplicate keys) are fg_parse.h's. */
#ifndef FG_REGS_H
#define FG_REGS_H

#include <stddef.h>

#include "fg_regs_sw.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every register at its reset value for an instance with these parameters. Returns -1 with a
 * message when a parameter is outside its legal range. */
int fg_sw_config_defaults(fg_sw_config *cfg, int n_ports, int n_prio, int cw, char *msg, size_t n);

/* 0 when every field is within its range and every cross-field rule holds (xon_le_xoff, pool);
 * else -1 and a message naming the first offending field, its value and its legal range. */
int fg_sw_config_validate(const fg_sw_config *cfg, char *msg, size_t n);

/* Sets one key (see above). -1 with a message on an unknown key, a bad index, or a value that
 * is not a number or outside the field's range; cross-field rules are fg_sw_config_validate's. */
int fg_sw_config_set(fg_sw_config *cfg, const char *key, const char *value, char *msg, size_t n);

/* Loads a configuration file over the defaults; messages carry FILE:LINE. */
int fg_sw_config_load(fg_sw_config *cfg, const char *path, char *msg, size_t n);
/* The same for configuration text of len bytes, named `name` in messages. */
int fg_sw_config_load_text(fg_sw_config *cfg, const char *name, const char *text, size_t len, char *msg, size_t n);

/* Width (bits) and legal max of a field for this instance. */
int fg_sw_field_width(const fg_reg_field_desc *f, const fg_sw_config *cfg);
uint32_t fg_sw_field_max(const fg_reg_field_desc *f, const fg_sw_config *cfg);
uint32_t fg_sw_field_reset(const fg_reg_field_desc *f, const fg_sw_config *cfg);
/* Entries of a field's register in this instance (1, n_ports or n_ports*n_prio). */
int fg_sw_field_count(const fg_reg_field_desc *f, const fg_sw_config *cfg);
/* "headroom[2]", "xoff[1][3]" or "total_cells" for entry k of field f. */
void fg_sw_entry_name(const fg_reg_field_desc *f, const fg_sw_config *cfg, int k, char *buf, size_t n);
/* Pointer to entry k of a configuration field. */
uint32_t *fg_sw_config_field(fg_sw_config *cfg, const fg_reg_field_desc *f, int k);

#ifdef __cplusplus
}
#endif
#endif
