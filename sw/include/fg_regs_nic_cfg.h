/* fg_regs_nic_cfg.h - the NIC core's configuration (fg_nic_config, generated into fg_regs_nic.h
 * from sw/regmap/nic_regmap.json): defaults, key=value parsing, validation against the field
 * ranges and cross-field rules of the generated tables, and the register writes that program
 * a legal configuration into the NIC's CSR block (fg_csr_nic) without tripping a rule on the way.
 *
 * Configuration text (fg_nic_config_set, fg_nic_config_load): one `key = value` per line, `#`
 * starts a comment. A key is a field name of docs/registers_nic.md (`t_fc`, `t_e`, `pft_k`,
 * `pft_enable`, ...) or the name of a register that holds one field (`T_FC`, `PFT_T_E`,
 * `LFSR_SEED`, ...), case-insensitive. Values are decimal or 0x-prefixed hex without leading
 * zeros, checked at full width when set (a value beyond 32 bits is refused there; one beyond
 * its field is kept for fg_nic_config_errors, which reports every such field); `pft_strategy` also takes FT / AT,
 * `pft_injection` FI / RI and `gfc_mode` TIME / BUFFER. The text rules (line length, file size,
 * NUL, UTF-8, a key given twice, even as field and register name) are fg_parse.h's. */
#ifndef FG_REGS_NIC_CFG_H
#define FG_REGS_NIC_CFG_H

#include <stddef.h>
#include <stdint.h>

#include "fg_gfc_plan.h"
#include "fg_regs_nic.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest message any function here writes (a rule message quotes the rule's description; a
 * link check quotes fg_gfc_check_time_regs). */
#define FG_NIC_MSG_LEN 640

/* One bus write: byte address, 32-bit value, register name (static string). */
typedef struct {
    uint32_t addr;
    uint32_t value;
    const char *reg;
} fg_nic_reg_write;

/* Configuration registers (each written at least once by fg_nic_config_writes), and the most
 * writes it can produce (generated from the map: FG_REGS_NIC_*). */
#define FG_NIC_N_CONFIG_REGS FG_REGS_NIC_N_CONFIG_REGS
#define FG_NIC_MAX_CONFIG_WRITES FG_REGS_NIC_MAX_APPLY_WRITES

/* Every field at its reset value (the state of the CSR block after reset). */
void fg_nic_config_defaults(fg_nic_config *cfg);

/* 0 when every field is in its range and every rule (t_s <= t_e, n_e <= w_e, n_s <= w_s)
 * holds; else -1 and the first error, e.g.
 *   "t_fc = 0 is outside its legal range 1..65535 (register T_FC, 16 bits)"
 *   "t_s = 2000 exceeds t_e = 1500 (rule t_s_le_t_e: PFT_T_S <= PFT_T_E ...)" */
int fg_nic_config_validate(const fg_nic_config *cfg, char *msg, size_t n);

/* Every error, in field order then rule order (a rule is checked only when both its fields are
 * in range). Writes up to max messages and returns how many errors there are (0: legal). */
int fg_nic_config_errors(const fg_nic_config *cfg, char (*msgs)[FG_NIC_MSG_LEN], int max);

/* Sets one key (see above). -1 with a message on an unknown key, or a value that is not a
 * number or does not fit 32 bits (the field's legal range named); field ranges and rules are
 * fg_nic_config_validate's / fg_nic_config_errors'. */
int fg_nic_config_set(fg_nic_config *cfg, const char *key, const char *value, char *msg, size_t n);

/* Loads a configuration file over cfg (call fg_nic_config_defaults first); messages carry
 * FILE:LINE. */
int fg_nic_config_load(fg_nic_config *cfg, const char *path, char *msg, size_t n);
/* The same for configuration text of len bytes, named `name` in messages. */
int fg_nic_config_load_text(fg_nic_config *cfg, const char *name, const char *text, size_t len, char *msg, size_t n);

/* The writes that take a CSR block holding `from` (NULL: the reset values) to cfg, in the
 * driver's order (fg_reg_plan, fg_reg_plan.h): the fields a rule bounds (t_s, n_e, n_s) first
 * lowered to the smaller of old and new value where that is lower, then every configuration
 * register once at its new value, bounds before what they bound, and the registers the map
 * marks "written last" (CTRL, GFC_CTRL: PFT and GFC enables and modes) at the end, so GFC and
 * PFT start with their final parameters. No write breaks a rule on the way. Validates cfg
 * first: -1 with the message if illegal, else the number of writes (FG_NIC_N_CONFIG_REGS to
 * FG_NIC_MAX_CONFIG_WRITES). `from` must be legal (the block never holds anything else). */
int fg_nic_config_writes(const fg_nic_config *cfg, const fg_nic_config *from, fg_nic_reg_write *w, int max,
                         char *msg, size_t n);

/* The same order without the validation: a field is placed as value << lsb, unmasked, so an
 * out-of-range value in a register of its own reaches the block as an illegal write. For
 * tests that compare the block's verdict with fg_nic_config_validate. Returns the count. */
int fg_nic_config_write_order(const fg_nic_config *cfg, const fg_nic_config *from, fg_nic_reg_write *w, int max);

/* The rules that need the link (rate, MTU, cable, t_r, cell size in `link`, as
 * fg_gfc_check_time_regs reads them): with time-based GFC on (gfc_enable = 1, gfc_mode = 0)
 * Theorem 5.1's B_0 bound with B_m = rx_capacity blocks, T = gfc_period cycles and
 * B_m - B_0 = 2^28 / gfc_recip blocks. Validates cfg first. 0 when legal (or GFC off, buffer
 * mode, link NULL); else -1 and a message naming the field, its register and its legal range,
 * e.g. "gfc_recip (register GFC_RECIP) breaks time-based GFC on this link (B_m = rx_capacity =
 * 4687 blocks): cfg_recip = 121962 is outside its legal range 57272..121961 (...)". */
int fg_nic_config_check_link(const fg_nic_config *cfg, const fg_gfc_plan_in *link, char *msg, size_t n);

/* Register value holding cfg's fields at address addr (0 for an address with no field). */
uint32_t fg_nic_config_reg_value(const fg_nic_config *cfg, uint32_t addr);

/* Stores the fields of the register at addr from a value read back. -1 if addr holds no
 * configuration field. */
int fg_nic_config_unpack(fg_nic_config *cfg, uint32_t addr, uint32_t value);

/* Descriptor of a configuration field (or one-field register) by name, NULL if none. */
const fg_reg_field_desc *fg_nic_field_named(const char *name);

/* Pointer to a configuration field. */
uint32_t *fg_nic_config_field(fg_nic_config *cfg, const fg_reg_field_desc *f);

#ifdef __cplusplus
}
#endif
#endif
