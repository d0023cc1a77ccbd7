/* test_nic_regs.c - unit tests of the NIC configuration library (sw/lib/fg_regs_nic.c):
 * every field's bounds, each cross-field rule, key=value files, the rules that need the link
 * (time-based GFC's B_0 bound, fg_nic_config_check_link), and the register writes run
 * through the NIC CSR block's C model (cmodel/csr/csr_nic.c), including a random comparison of
 * the library's verdict with the block's for many configurations.
 *
 * The expected ranges, addresses and messages are written out by hand below from
 * docs/registers_nic.md, not read from the generated tables the library uses, so a wrong
 * table or a wrong check shows up here.
 *
 *   fg_nic_regs_unit [--seed S] [--configs N] [--random-only]
 * Prints one line per failed check (FAIL ...; CHECK DISAGREE ... when the C model and the
 * library disagree about a configuration) and `RESULT nic_regs_unit passed=N failed=M`;
 * exit 1 on failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr/csr_nic.h"
#include "fg_regs_nic_cfg.h"

typedef struct {
    int passed, failed;
} tally;

#define CHECK(t, cond, ...)                             \
    do {                                                \
        if (cond) {                                     \
            (t)->passed++;                              \
        } else {                                        \
            (t)->failed++;                              \
            printf("FAIL %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__);                        \
            printf("\n");                               \
        }                                               \
    } while (0)
#define CHECK_EQ(t, got, want)                                                                           \
    CHECK(t, (unsigned long long)(got) == (unsigned long long)(want), "%s = %llu, want %llu", #got, \
          (unsigned long long)(got), (unsigned long long)(want))
#define CHECK_STR(t, got, want) CHECK(t, strcmp(got, want) == 0, "message\n  '%s'\nwant\n  '%s'", got, want)

/* ---- the map, by hand from docs/registers_nic.md ---------------------------------------- */

typedef struct {
    const char *field, *reg;
    uint32_t addr;
    int lsb, width;
    uint32_t min, max, reset;
    int in_rule; /* 1: one side of t_s_le_t_e / n_e_le_w_e / n_s_le_w_s */
} field_spec;

static const field_spec k_fields[] = {
    {"pft_enable", "CTRL", 0x010, 0, 1, 0, 1, 0, 0},
    {"pft_strategy", "CTRL", 0x010, 1, 1, 0, 1, 0, 0},
    {"pft_injection", "CTRL", 0x010, 2, 1, 0, 1, 0, 0},
    {"t_fc", "T_FC", 0x014, 0, 16, 1, 65535, 64, 0},
    {"rx_capacity", "RX_CAPACITY", 0x018, 0, 12, 1, 4095, 2047, 0},
    {"t_e", "PFT_T_E", 0x020, 0, 12, 0, 4095, 1536, 1},
    {"t_s", "PFT_T_S", 0x024, 0, 12, 0, 4095, 1024, 1},
    {"w_e", "PFT_W_E", 0x028, 0, 16, 1, 65535, 256, 1},
    {"n_e", "PFT_N_E", 0x02C, 0, 16, 1, 65535, 128, 1},
    {"th_e", "PFT_TH_E", 0x030, 0, 12, 0, 4095, 1536, 0},
    {"w_s", "PFT_W_S", 0x034, 0, 16, 1, 65535, 256, 1},
    {"n_s", "PFT_N_S", 0x038, 0, 16, 1, 65535, 128, 1},
    {"th_s", "PFT_TH_S", 0x03C, 0, 12, 0, 4095, 1024, 0},
    {"pft_m", "PFT_M", 0x040, 0, 5, 0, 31, 0, 0},
    {"pft_n", "PFT_N", 0x044, 0, 5, 0, 31, 0, 0},
    {"pft_k", "PFT_K", 0x048, 0, 32, 0, 0xFFFFFFFFu, 0, 0},
    {"lfsr_seed", "LFSR_SEED", 0x04C, 0, 32, 1, 0xFFFFFFFFu, 1, 0},
    {"gfc_enable", "GFC_CTRL", 0x060, 0, 1, 0, 1, 0, 0},
    {"gfc_mode", "GFC_CTRL", 0x060, 1, 1, 0, 1, 0, 0},
    {"gfc_period", "GFC_PERIOD", 0x064, 0, 24, 1, 16777215, 1023, 0},
    /* round(2^28 / (B_m - B_0)) for B_m - B_0 = 2^27 .. 17 blocks; reset: B_m - B_0 = 1024 */
    {"gfc_recip", "GFC_RECIP", 0x068, 0, 24, 2, 15790321, 262144, 0},
    {"gfc_depth", "GFC_DEPTH", 0x06C, 0, 12, 0, 4095, 1, 0},
};
/* registers holding more than one field: one past a field is the next field's bit on the bus */
static int shared_reg(const char *reg) { return !strcmp(reg, "CTRL") || !strcmp(reg, "GFC_CTRL"); }
#define N_FIELDS ((int)(sizeof k_fields / sizeof k_fields[0]))
#define ADDR_ERR 0x058u
#define ADDR_ERR_ADDR 0x05Cu
#define REASON_RANGE 3u

/* rule lhs <= rhs: field names, reason code in ERR_ADDR, register addresses */
typedef struct {
    const char *name, *lhs, *rhs, *doc;
    uint32_t reason, lhs_addr, rhs_addr;
} rule_spec;
static const rule_spec k_rules[] = {
    {"t_s_le_t_e", "t_s", "t_e", "PFT_T_S <= PFT_T_E (a write to either side is checked against the other)", 4,
     0x024, 0x020},
    {"n_e_le_w_e", "n_e", "w_e", "PFT_N_E <= PFT_W_E (the count must fit in its window)", 5, 0x02C, 0x028},
    {"n_s_le_w_s", "n_s", "w_s", "PFT_N_S <= PFT_W_S (the count must fit in its window)", 6, 0x038, 0x034},
};
#define N_RULES ((int)(sizeof k_rules / sizeof k_rules[0]))

static uint32_t *fld(fg_nic_config *c, const char *name)
{
    const fg_reg_field_desc *f = fg_nic_field_named(name);
    if (!f) {
        printf("FAIL: the library has no field '%s'\n", name);
        exit(1);
    }
    return fg_nic_config_field(c, f);
}

static void set_ok(tally *t, fg_nic_config *c, const char *key, const char *value)
{
    char msg[FG_NIC_MSG_LEN];
    CHECK(t, fg_nic_config_set(c, key, value, msg, sizeof msg) == 0, "set %s = %s: %s", key, value, msg);
}

/* ---- the C model on a bus --------------------------------------------------------------- */

typedef struct {
    fg_csr_nic_state st;
    fg_csr_nic_out out;
    long cycles;
} model_bus;

static void bus_reset(model_bus *b)
{
    fg_csr_nic_cfg cfg = {32};
    memset(b, 0, sizeof *b);
    fg_csr_nic_reset(&b->st, &cfg);
    fg_csr_nic_outputs(&b->st, &b->out);
}

/* One register access per call, the whole bus handshake (fg_csr_nic_access). */
static void bus_access(model_bus *b, bool wr, uint32_t addr, uint32_t v)
{
    long edges = fg_csr_nic_access(&b->st, wr, !wr, (uint16_t)addr, v, &b->out);
    if (edges < 0) {
        fprintf(stderr, "FAIL: register bus stuck (csr_ready low) on %s of 0x%03x\n", wr ? "write" : "read", addr);
        exit(1);
    }
    b->cycles += edges;
}

static uint32_t bus_read(model_bus *b, uint32_t addr)
{
    bus_access(b, false, addr, 0);
    return b->out.csr_rdata;
}

static void bus_write(model_bus *b, uint32_t addr, uint32_t v) { bus_access(b, true, addr, v); }

static void bus_apply(model_bus *b, const fg_nic_reg_write *w, int n)
{
    for (int i = 0; i < n; i++)
        bus_write(b, w[i].addr, w[i].value);
}

/* The block's configuration read back over the bus, register by register (hand addresses). */
static void bus_read_config(model_bus *b, fg_nic_config *c)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < N_FIELDS; i++) {
        uint32_t v = bus_read(b, k_fields[i].addr);
        uint32_t mask = k_fields[i].width == 32 ? 0xFFFFFFFFu : (1u << k_fields[i].width) - 1u;
        *fld(c, k_fields[i].field) = (v >> k_fields[i].lsb) & mask;
    }
}

/* The block's cfg_* outputs must carry the configuration too. */
static void check_outputs(tally *t, const model_bus *b, const fg_nic_config *c)
{
    const fg_csr_nic_out *o = &b->out;
    CHECK_EQ(t, o->cfg_pft_enable, c->pft_enable);
    CHECK_EQ(t, o->cfg_pft_strategy, c->pft_strategy);
    CHECK_EQ(t, o->cfg_pft_injection, c->pft_injection);
    CHECK_EQ(t, o->cfg_tfc, c->t_fc);
    CHECK_EQ(t, o->cfg_rx_capacity, c->rx_capacity);
    CHECK_EQ(t, o->cfg_t_e, c->t_e);
    CHECK_EQ(t, o->cfg_t_s, c->t_s);
    CHECK_EQ(t, o->cfg_w_e, c->w_e);
    CHECK_EQ(t, o->cfg_n_e, c->n_e);
    CHECK_EQ(t, o->cfg_th_e, c->th_e);
    CHECK_EQ(t, o->cfg_w_s, c->w_s);
    CHECK_EQ(t, o->cfg_n_s, c->n_s);
    CHECK_EQ(t, o->cfg_th_s, c->th_s);
    CHECK_EQ(t, o->cfg_m, c->pft_m);
    CHECK_EQ(t, o->cfg_n, c->pft_n);
    CHECK_EQ(t, o->cfg_k, c->pft_k);
    CHECK_EQ(t, o->cfg_seed, c->lfsr_seed);
    CHECK_EQ(t, o->cfg_gfc_enable, c->gfc_enable);
    CHECK_EQ(t, o->cfg_gfc_mode, c->gfc_mode);
    CHECK_EQ(t, o->cfg_gfc_period, c->gfc_period);
    CHECK_EQ(t, o->cfg_gfc_recip, c->gfc_recip);
    CHECK_EQ(t, o->cfg_gfc_depth, c->gfc_depth);
}

/* ---- defaults and field bounds ---------------------------------------------------------- */

static void test_defaults(tally *t)
{
    fg_nic_config c;
    char msg[FG_NIC_MSG_LEN];
    fg_nic_config_defaults(&c);
    for (int i = 0; i < N_FIELDS; i++)
        CHECK(t, *fld(&c, k_fields[i].field) == k_fields[i].reset, "default %s = %u, want %u", k_fields[i].field,
              *fld(&c, k_fields[i].field), k_fields[i].reset);
    CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == 0, "defaults rejected: %s", msg);
    /* the reset state of the C model holds exactly the defaults */
    static model_bus b;
    bus_reset(&b);
    fg_nic_config r;
    bus_read_config(&b, &r);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "C model reset state differs from fg_nic_config_defaults");
}

/* Every rule slack at its widest, so any one field can sit at either bound. */
static void wide_config(tally *t, fg_nic_config *c)
{
    fg_nic_config_defaults(c);
    set_ok(t, c, "t_e", "4095");
    set_ok(t, c, "t_s", "0");
    set_ok(t, c, "w_e", "65535");
    set_ok(t, c, "n_e", "1");
    set_ok(t, c, "w_s", "65535");
    set_ok(t, c, "n_s", "1");
}

static void test_bounds(tally *t)
{
    char msg[FG_NIC_MSG_LEN], want[FG_NIC_MSG_LEN], text[32];
    for (int i = 0; i < N_FIELDS; i++) {
        const field_spec *s = &k_fields[i];
        const char *bits = s->width == 1 ? "bit" : "bits";
        fg_nic_config c;
        uint32_t bounds[2] = {s->min, s->max};
        for (int k = 0; k < 2; k++) { /* both bounds accepted, written text -> field -> validate */
            wide_config(t, &c);
            snprintf(text, sizeof text, k ? "0x%X" : "%u", bounds[k]);
            set_ok(t, &c, s->field, text);
            CHECK_EQ(t, *fld(&c, s->field), bounds[k]);
            CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == 0, "%s = %s rejected: %s", s->field, text, msg);
        }
        /* one below the minimum */
        wide_config(t, &c);
        if (s->min > 0) {
            *fld(&c, s->field) = s->min - 1;
            CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == -1, "%s = %u accepted", s->field, s->min - 1);
            snprintf(want, sizeof want, "%s = %u is outside its legal range %u..%u (register %s, %d %s)", s->field,
                     s->min - 1, s->min, s->max, s->reg, s->width, bits);
            CHECK_STR(t, msg, want);
        } else {
            CHECK(t, fg_nic_config_set(&c, s->field, "-1", msg, sizeof msg) == -1, "%s = -1 accepted", s->field);
            snprintf(want, sizeof want, "%s expects a whole number in 0..%u (decimal or 0x hex), got '-1'", s->field,
                     s->max);
            CHECK(t, strstr(msg, want) != NULL, "message '%s' lacks '%s'", msg, want);
        }
        /* one above the maximum */
        wide_config(t, &c);
        if (s->max < 0xFFFFFFFFu) {
            *fld(&c, s->field) = s->max + 1;
            CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == -1, "%s = %u accepted", s->field, s->max + 1);
            snprintf(want, sizeof want, "%s = %u is outside its legal range %u..%u (register %s, %d %s)", s->field,
                     s->max + 1, s->min, s->max, s->reg, s->width, bits);
        } else {
            CHECK(t, fg_nic_config_set(&c, s->field, "4294967296", msg, sizeof msg) == -1, "%s = 2^32 accepted",
                  s->field);
            snprintf(want, sizeof want, "%s = 4294967296 is outside its legal range %u..4294967295 (register %s, 32 bits)",
                     s->field, s->min, s->reg);
        }
        CHECK_STR(t, msg, want);
        /* and the block agrees: one past either bound, written alone, is a range error (a
         * field that shares CTRL has no spare bit to go past its width, so only its register's
         * undefined bit 3 is tried, below) */
        static model_bus b;
        bus_reset(&b);
        fg_nic_config w;
        wide_config(t, &w);
        fg_nic_reg_write wr[FG_NIC_MAX_CONFIG_WRITES];
        int n = fg_nic_config_writes(&w, NULL, wr, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg);
        CHECK(t, n >= (int)FG_NIC_N_CONFIG_REGS && n <= (int)FG_NIC_MAX_CONFIG_WRITES, "writes of the wide config: %d (%s)", n, msg);
        bus_apply(&b, wr, n);
        CHECK(t, !b.out.cfg_error, "wide config rejected by the C model");
        if (s->width < 32 && s->lsb == 0 && !shared_reg(s->reg)) {
            bus_write(&b, s->addr, s->max + 1);
            CHECK(t, b.out.cfg_error, "C model accepted %s = %u", s->field, s->max + 1);
            CHECK_EQ(t, bus_read(&b, ADDR_ERR_ADDR), (REASON_RANGE << 16) | s->addr);
            bus_write(&b, ADDR_ERR, 1);
        }
        if (s->min > 0) {
            bus_write(&b, s->addr, s->min - 1);
            CHECK(t, b.out.cfg_error, "C model accepted %s = %u", s->field, s->min - 1);
            CHECK_EQ(t, bus_read(&b, ADDR_ERR_ADDR), (REASON_RANGE << 16) | s->addr);
            bus_write(&b, ADDR_ERR, 1);
        }
    }
    static model_bus b;
    bus_reset(&b);
    bus_write(&b, 0x010, 0x8); /* CTRL bit 3 belongs to no field */
    CHECK(t, b.out.cfg_error, "C model accepted CTRL = 0x8");
    bus_write(&b, ADDR_ERR, 1);
    bus_write(&b, 0x060, 0x4); /* nor does GFC_CTRL bit 2 */
    CHECK(t, b.out.cfg_error, "C model accepted GFC_CTRL = 0x4");
    CHECK_EQ(t, bus_read(&b, ADDR_ERR_ADDR), (REASON_RANGE << 16) | 0x060u);
    /* every error is reported, not only the first */
    fg_nic_config c;
    fg_nic_config_defaults(&c);
    c.t_fc = 0;
    c.pft_m = 32;
    c.n_s = 300; /* w_s = 256 */
    char all[4][FG_NIC_MSG_LEN];
    CHECK_EQ(t, fg_nic_config_errors(&c, all, 4), 3);
    CHECK_STR(t, all[0], "t_fc = 0 is outside its legal range 1..65535 (register T_FC, 16 bits)");
    CHECK_STR(t, all[1], "pft_m = 32 is outside its legal range 0..31 (register PFT_M, 5 bits)");
    CHECK_STR(t, all[2], "n_s = 300 exceeds w_s = 256 (rule n_s_le_w_s: PFT_N_S <= PFT_W_S (the count must fit in "
                         "its window))");
    /* a rule whose side is out of range is not compared as well (one message, not two) */
    fg_nic_config_defaults(&c);
    c.t_s = 5000;
    CHECK_EQ(t, fg_nic_config_errors(&c, all, 4), 1);
    CHECK_STR(t, all[0], "t_s = 5000 is outside its legal range 0..4095 (register PFT_T_S, 12 bits)");
}

/* ---- rules ------------------------------------------------------------------------------ */

static void test_rules(tally *t)
{
    char msg[FG_NIC_MSG_LEN], want[FG_NIC_MSG_LEN];
    for (int i = 0; i < N_RULES; i++) {
        const rule_spec *r = &k_rules[i];
        fg_nic_config c;
        /* equal: legal */
        fg_nic_config_defaults(&c);
        *fld(&c, r->lhs) = 100;
        *fld(&c, r->rhs) = 100;
        CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == 0, "%s equal rejected: %s", r->name, msg);
        /* one more on the left: illegal, both fields and values named */
        *fld(&c, r->lhs) = 101;
        CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == -1, "%s = 101 > %s = 100 accepted", r->lhs, r->rhs);
        snprintf(want, sizeof want, "%s = 101 exceeds %s = 100 (rule %s: %s)", r->lhs, r->rhs, r->name, r->doc);
        CHECK_STR(t, msg, want);
        CHECK(t, fg_nic_config_writes(&c, NULL, NULL, 0, msg, sizeof msg) == -1, "writes of a rule-breaking config");
        CHECK_STR(t, msg, want);
        /* one less on the right: the same */
        *fld(&c, r->lhs) = 100;
        *fld(&c, r->rhs) = 99;
        CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == -1, "%s = 100 > %s = 99 accepted", r->lhs, r->rhs);
        snprintf(want, sizeof want, "%s = 100 exceeds %s = 99 (rule %s: %s)", r->lhs, r->rhs, r->name, r->doc);
        CHECK_STR(t, msg, want);

        /* the block: from the equal state, a write past the partner on either side is refused
         * with this rule's reason, and changes nothing */
        static model_bus b;
        bus_reset(&b);
        fg_nic_config_defaults(&c);
        *fld(&c, r->lhs) = 100;
        *fld(&c, r->rhs) = 100;
        fg_nic_reg_write wr[FG_NIC_MAX_CONFIG_WRITES];
        int n = fg_nic_config_writes(&c, NULL, wr, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg);
        bus_apply(&b, wr, n);
        CHECK(t, !b.out.cfg_error, "%s equal rejected by the C model", r->name);
        bus_write(&b, r->lhs_addr, 101);
        CHECK(t, b.out.cfg_error, "C model accepted %s = 101 over %s = 100", r->lhs, r->rhs);
        CHECK_EQ(t, bus_read(&b, ADDR_ERR_ADDR), (r->reason << 16) | r->lhs_addr);
        CHECK_EQ(t, bus_read(&b, r->lhs_addr), 100);
        bus_write(&b, ADDR_ERR, 1);
        bus_write(&b, r->rhs_addr, 99);
        CHECK(t, b.out.cfg_error, "C model accepted %s = 99 under %s = 100", r->rhs, r->lhs);
        CHECK_EQ(t, bus_read(&b, ADDR_ERR_ADDR), (r->reason << 16) | r->rhs_addr);
        CHECK_EQ(t, bus_read(&b, r->rhs_addr), 100);
    }
}

/* ---- key = value files ------------------------------------------------------------------ */

static const char *write_file(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "build/nic_regs_test_%s", name);
    FILE *f = fopen(path, "w");
    if (!f) {
        printf("FAIL: cannot write %s (run from the repository root)\n", path);
        exit(1);
    }
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_files(tally *t)
{
    char msg[FG_NIC_MSG_LEN];
    fg_nic_config c;
    /* every field, by field name or register name, decimal, hex and mnemonics */
    const char *full = write_file("nic_full.cfg",
                                  "# a NIC port in AT + RI mode\n"
                                  "pft_enable = 1\n"
                                  "pft_strategy = AT   # 1\n"
                                  "PFT_INJECTION = ri\n"
                                  "T_FC = 128\n"
                                  "rx_capacity = 0x400\n"
                                  "\n"
                                  "PFT_T_E = 900\n"
                                  "t_s = 600\n"
                                  "w_e = 512\n"
                                  "n_e = 512\n"
                                  "th_e = 800\n"
                                  "PFT_W_S = 1024\n"
                                  "n_s = 1000\n"
                                  "th_s = 300\n"
                                  "pft_m = 12\n"
                                  "pft_n = 3\n"
                                  "pft_k = 0xFFFFFFFF\n"
                                  "lfsr_seed = 0xACE1\n"
                                  "gfc_enable = 1\n"
                                  "gfc_mode = buffer\n"
                                  "GFC_PERIOD = 500\n"
                                  "gfc_recip = 0x20000\n"
                                  "GFC_DEPTH = 4095\n");
    fg_nic_config_defaults(&c);
    CHECK(t, fg_nic_config_load(&c, full, msg, sizeof msg) == 0, "load: %s", msg);
    const uint32_t want[] = {1, 1, 1, 128, 1024, 900, 600, 512, 512, 800, 1024, 1000, 300, 12, 3, 0xFFFFFFFFu, 0xACE1,
                             1, 1, 500, 0x20000, 4095};
    for (int i = 0; i < N_FIELDS; i++)
        CHECK(t, *fld(&c, k_fields[i].field) == want[i], "%s = %u, want %u", k_fields[i].field,
              *fld(&c, k_fields[i].field), want[i]);
    CHECK(t, fg_nic_config_validate(&c, msg, sizeof msg) == 0, "full file rejected: %s", msg);
    /* its register values: CTRL = 1 | 1<<1 | 1<<2 = 7 */
    CHECK_EQ(t, fg_nic_config_reg_value(&c, 0x010), 7);
    CHECK_EQ(t, fg_nic_config_reg_value(&c, 0x014), 128);
    CHECK_EQ(t, fg_nic_config_reg_value(&c, 0x048), 0xFFFFFFFFu);
    CHECK_EQ(t, fg_nic_config_reg_value(&c, 0x060), 3); /* GFC_CTRL = enable | BUFFER << 1 */
    CHECK_EQ(t, fg_nic_config_reg_value(&c, 0x058), 0); /* ERR: no configuration field */

    /* and it programs the block: no error, registers and outputs read back */
    static model_bus b;
    bus_reset(&b);
    fg_nic_reg_write wr[FG_NIC_MAX_CONFIG_WRITES];
    int n = fg_nic_config_writes(&c, NULL, wr, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg);
    /* CTRL, GFC_CTRL + 17 one-field registers, 0x010..0x06C, and bounded fields lowered first */
    CHECK(t, n >= (int)FG_NIC_N_CONFIG_REGS && n <= (int)FG_NIC_MAX_CONFIG_WRITES, "%d writes", n);
    bus_apply(&b, wr, n);
    CHECK(t, !b.out.cfg_error, "C model refused the full file's writes (ERR_ADDR 0x%08X)", bus_read(&b, ADDR_ERR_ADDR));
    check_outputs(t, &b, &c);
    for (int i = 0; i < n; i++)
        CHECK(t, bus_read(&b, wr[i].addr) == wr[i].value, "%s read back 0x%X, wrote 0x%X", wr[i].reg,
              bus_read(&b, wr[i].addr), wr[i].value);
    fg_nic_config r;
    bus_read_config(&b, &r);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "read-back configuration differs");
    /* unpack is the inverse of reg_value */
    fg_nic_config u;
    memset(&u, 0, sizeof u);
    for (int i = 0; i < n; i++)
        CHECK_EQ(t, fg_nic_config_unpack(&u, wr[i].addr, bus_read(&b, wr[i].addr)), 0);
    CHECK(t, memcmp(&u, &c, sizeof c) == 0, "unpacked configuration differs");
    CHECK_EQ(t, fg_nic_config_unpack(&u, 0x000, 0), -1); /* ID */

    /* errors carry FILE:LINE and name the key */
    fg_nic_config_defaults(&c);
    const char *p = write_file("nic_bad_key.cfg", "t_fc = 10\n\ncnt_w = 8\n");
    CHECK(t, fg_nic_config_load(&c, p, msg, sizeof msg) == -1, "unknown key accepted");
    CHECK(t, strstr(msg, "nic_bad_key.cfg:3: 'cnt_w' is not a field of the NIC register map") != NULL, "msg: %s", msg);
    p = write_file("nic_no_eq.cfg", "t_fc 10\n");
    CHECK(t, fg_nic_config_load(&c, p, msg, sizeof msg) == -1, "line without = accepted");
    CHECK(t, strstr(msg, "nic_no_eq.cfg:1: expected 'key = value', got 't_fc 10'") != NULL, "msg: %s", msg);
    p = write_file("nic_bad_num.cfg", "# x\nw_e = 12k\n");
    CHECK(t, fg_nic_config_load(&c, p, msg, sizeof msg) == -1, "12k accepted");
    CHECK(t, strstr(msg, "nic_bad_num.cfg:2: w_e expects a whole number in 1..65535 (decimal or 0x hex), got '12k'") != NULL,
          "msg: %s", msg);
    p = write_file("nic_bad_mode.cfg", "pft_strategy = FI\n");
    CHECK(t, fg_nic_config_load(&c, p, msg, sizeof msg) == -1, "strategy FI accepted");
    CHECK(t, strstr(msg, "pft_strategy expects a whole number in 0..1 (decimal or 0x hex), got 'FI' (register CTRL, 1 bit; or FT / AT)") != NULL,
          "msg: %s", msg);
    p = write_file("nic_bad_gfc_mode.cfg", "gfc_mode = STAGE\n");
    CHECK(t, fg_nic_config_load(&c, p, msg, sizeof msg) == -1, "gfc_mode STAGE accepted");
    CHECK(t, strstr(msg, "gfc_mode expects a whole number in 0..1 (decimal or 0x hex), got 'STAGE' (register GFC_CTRL, 1 bit; or TIME / BUFFER)") != NULL,
          "msg: %s", msg);
    p = write_file("nic_big.cfg", "lfsr_seed = 0x100000000\n");
    CHECK(t, fg_nic_config_load(&c, p, msg, sizeof msg) == -1, "33-bit seed accepted");
    CHECK(t, strstr(msg, "lfsr_seed = 0x100000000 is outside its legal range 1..4294967295 (register LFSR_SEED, 32 bits)") !=
                 NULL,
          "msg: %s", msg);
    CHECK(t, fg_nic_config_load(&c, "build/nic_regs_test_no_such.cfg", msg, sizeof msg) == -1, "missing file accepted");
    CHECK(t, strstr(msg, "cannot open") != NULL, "msg: %s", msg);
    /* CTRL holds three fields, so CTRL is not a key */
    CHECK(t, fg_nic_config_set(&c, "CTRL", "1", msg, sizeof msg) == -1, "CTRL accepted as a key");
    /* GFC_CTRL holds two fields, so it is not a key either */
    CHECK(t, fg_nic_config_set(&c, "GFC_CTRL", "1", msg, sizeof msg) == -1, "GFC_CTRL accepted as a key");
    const char *made[] = {"full", "bad_key", "no_eq", "bad_num", "bad_mode", "bad_gfc_mode", "big"};
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "build/nic_regs_test_nic_%s.cfg", made[i]);
        remove(path);
    }
}

/* ---- write order ------------------------------------------------------------------------ */

static int index_of(const fg_nic_reg_write *w, int n, uint32_t addr)
{
    for (int i = 0; i < n; i++)
        if (w[i].addr == addr)
            return i;
    return -1;
}

static void test_write_order(tally *t)
{
    char msg[FG_NIC_MSG_LEN];
    static model_bus b;
    bus_reset(&b);
    fg_nic_config c, r;
    fg_nic_reg_write wr[FG_NIC_MAX_CONFIG_WRITES];
    /* raise both sides above the reset upper side: T_S 1024 -> 2000 would break T_S <= T_E
     * (1536) if written first, so T_E (0x020) must come before T_S (0x024) */
    fg_nic_config_defaults(&c);
    c.t_e = 3000;
    c.t_s = 2000;
    c.w_s = 1000; /* N_S 128 -> 900 over W_S 256 -> 1000: W_S first */
    c.n_s = 900;
    c.w_e = 100; /* N_E 128 -> 50 under W_E 256 -> 100: N_E first */
    c.n_e = 50;
    c.pft_enable = 1;
    c.gfc_enable = 1;
    c.gfc_recip = 1000;
    int n = fg_nic_config_writes(&c, NULL, wr, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg);
    /* CTRL, GFC_CTRL + 17 one-field registers, 0x010..0x06C, once each; N_E first (128 -> 50,
     * the only bounded field whose new value is below its old one: lowered, not written again) */
    CHECK_EQ(t, n, 19);
    CHECK_EQ(t, wr[0].addr, 0x02C);
    CHECK(t, index_of(wr, n, 0x020) < index_of(wr, n, 0x024), "T_E not before T_S when both rise");
    CHECK(t, index_of(wr, n, 0x034) < index_of(wr, n, 0x038), "W_S not before N_S when both rise");
    CHECK(t, index_of(wr, n, 0x02C) < index_of(wr, n, 0x028), "N_E not before W_E when both fall");
    /* CTRL (PFT enable) and GFC_CTRL (GFC enable), the map's "written last", after every parameter */
    CHECK_EQ(t, wr[n - 2].addr, 0x010);
    CHECK_EQ(t, wr[n - 1].addr, 0x060);
    for (int i = 0; i < N_FIELDS; i++)       /* every configuration register at least once */
        CHECK(t, index_of(wr, n, k_fields[i].addr) >= 0, "%s not written", k_fields[i].reg);
    bus_apply(&b, wr, n);
    CHECK(t, !b.out.cfg_error, "C model refused the ordered writes (ERR_ADDR 0x%08X)", bus_read(&b, ADDR_ERR_ADDR));
    bus_read_config(&b, &r);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "read-back differs after raising");
    check_outputs(t, &b, &c);
    /* now down again, from that state: T_S 2000 -> 10 first, then T_E 3000 -> 20 */
    fg_nic_config from = c;
    c.t_e = 20;
    c.t_s = 10;
    n = fg_nic_config_writes(&c, &from, wr, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg);
    CHECK(t, index_of(wr, n, 0x024) < index_of(wr, n, 0x020), "T_S not before T_E when both fall");
    bus_apply(&b, wr, n);
    CHECK(t, !b.out.cfg_error, "C model refused the lowering writes (ERR_ADDR 0x%08X)", bus_read(&b, ADDR_ERR_ADDR));
    bus_read_config(&b, &r);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "read-back differs after lowering");
    /* the order matters: the same writes from the reset state in the other order fail */
    bus_reset(&b);
    fg_nic_config_defaults(&c);
    c.t_e = 3000;
    c.t_s = 2000;
    bus_write(&b, 0x024, 2000);
    CHECK(t, b.out.cfg_error, "T_S 2000 over T_E 1536 accepted: the order test would prove nothing");
    /* an illegal `from` is refused (the block cannot be in it) */
    from = c;
    from.t_s = 4000;
    CHECK(t, fg_nic_config_writes(&c, &from, wr, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg) == -1, "illegal from accepted");
    CHECK(t, strstr(msg, "the current state is not legal") != NULL && strstr(msg, "t_s = 4000 exceeds t_e = 3000") != NULL,
          "msg: %s", msg);
    /* too little room */
    CHECK(t, fg_nic_config_writes(&c, NULL, wr, 3, msg, sizeof msg) == -1, "3 slots accepted");
    CHECK(t, strstr(msg, "room for 3 register writes, 19 needed") != NULL, "msg: %s", msg);
}

/* ---- rules that need the link: time-based GFC's B_0 bound ------------------------------- */

/* Expected values by hand (python, from the formulas of docs/gfc.md, not from the library):
 * 10 Gb/s, MTU 1500, t_w 1 us, t_r 3 us: tau = 2.4 + 2 + 3 = 7.4 us, C*tau = 9250 B; 64-byte
 * blocks. B_m = rx_capacity = 4000 blocks = 256000 B.
 *   longest period: (sqrt(9250) + sqrt(64*T))^2 <= 256000 up to T = 2623 (255933.6 B; 2624 gives
 *   256012.6 B);
 *   T = 1023: bound 123940.5 B -> 1937 blocks -> gfc_recip <= round(2^28/1937) = 138583;
 *   B_0 >= 0: gfc_recip >= round(2^28/4000) = 67109. */
static void test_link(tally *t)
{
    char msg[FG_NIC_MSG_LEN];
    fg_gfc_plan_in link;
    fg_gfc_plan_defaults(&link);
    link.rate_gbps = 10;
    link.mtu = 1500;
    link.wire_ns = 1000;
    link.proc_ns = 3000;
    link.cell_bytes = 64;
    fg_nic_config c;
    fg_nic_config_defaults(&c);
    c.rx_capacity = 4000;
    c.gfc_period = 1023;
    c.gfc_recip = 2; /* far outside the bound, ignored while GFC is off */
    CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == 0, "GFC off rejected: %s", msg);
    c.gfc_enable = 1;
    c.gfc_mode = 1; /* buffer mode: the bound does not apply */
    CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == 0, "buffer mode rejected: %s", msg);
    c.gfc_mode = 0;
    CHECK(t, fg_nic_config_check_link(&c, NULL, msg, sizeof msg) == 0, "no link rejected: %s", msg);
    uint32_t legal[] = {67109, 100000, 138583};
    for (int i = 0; i < 3; i++) {
        c.gfc_recip = legal[i];
        CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == 0, "gfc_recip %u rejected: %s", legal[i], msg);
    }
    uint32_t illegal[] = {67108, 138584};
    for (int i = 0; i < 2; i++) {
        c.gfc_recip = illegal[i];
        CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == -1, "gfc_recip %u accepted", illegal[i]);
        CHECK(t, strstr(msg, "gfc_recip (register GFC_RECIP) breaks time-based GFC on this link (B_m = rx_capacity = "
                             "4000 blocks)") == msg,
              "msg: %s", msg);
        CHECK(t, strstr(msg, "legal range 67109..138583") != NULL, "msg: %s", msg);
    }
    /* the period: 2623 is the longest, 2624 too long (any recip) */
    c.gfc_recip = 67109;
    c.gfc_period = 2623;
    CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == 0, "period 2623 rejected: %s", msg);
    c.gfc_period = 2624;
    CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == -1, "period 2624 accepted");
    CHECK(t, strstr(msg, "gfc_period (register GFC_PERIOD)") == msg && strstr(msg, "legal range 1..2623") != NULL,
          "msg: %s", msg);
    /* a buffer below C*tau (100 blocks = 6400 B < 9250 B) fits no period: rx_capacity is named */
    c.gfc_period = 1;
    c.rx_capacity = 100;
    CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == -1, "100-block buffer accepted");
    CHECK(t, strstr(msg, "rx_capacity (register RX_CAPACITY)") == msg, "msg: %s", msg);
    /* a range error comes first, from the field table */
    c.rx_capacity = 4000;
    c.gfc_recip = 1;
    CHECK(t, fg_nic_config_check_link(&c, &link, msg, sizeof msg) == -1, "gfc_recip 1 accepted");
    CHECK_STR(t, msg, "gfc_recip = 1 is outside its legal range 2..15790321 (register GFC_RECIP, 24 bits)");
}

/* ---- random: the library's verdict against the block's ---------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    /* xorshift64*: any non-zero seed */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static uint32_t rng_range(uint64_t *s, uint32_t lo, uint32_t hi)
{
    return lo + (uint32_t)(rng_next(s) % ((uint64_t)hi - lo + 1));
}

static const field_spec *spec_named(const char *name)
{
    for (int i = 0; i < N_FIELDS; i++)
        if (!strcmp(k_fields[i].field, name))
            return &k_fields[i];
    return NULL;
}

/* A legal configuration drawn at random; rules land on equality often (the boundary). */
static void random_legal(uint64_t *s, fg_nic_config *c)
{
    for (int i = 0; i < N_FIELDS; i++) {
        const field_spec *f = &k_fields[i];
        uint32_t v;
        switch (rng_next(s) % 4) {
        case 0:
            v = f->min;
            break;
        case 1:
            v = f->max;
            break;
        default:
            v = rng_range(s, f->min, f->max);
        }
        *fld(c, f->field) = v;
    }
    for (int i = 0; i < N_RULES; i++) {
        uint32_t *l = fld(c, k_rules[i].lhs), *r = fld(c, k_rules[i].rhs);
        if (rng_next(s) % 5 == 0)
            *l = *r;
        else if (*l > *r) {
            uint32_t x = *l;
            *l = *r;
            *r = x;
        }
    }
}

typedef struct {
    int kind; /* 0 range, 1 rule */
    const field_spec *field;
    const rule_spec *rule;
} defect;

/* Breaks c once: a field of its own register past a bound, or a rule. Fields sharing CTRL or
 * GFC_CTRL are
 * left alone: one past a 1-bit field is the next field's bit on the bus (test_bounds covers
 * their ranges in the library and CTRL's undefined bit in the block). */
static defect break_once(uint64_t *s, fg_nic_config *c)
{
    defect d = {0, NULL, NULL};
    if (rng_next(s) % 2) {
        const field_spec *f;
        do
            f = &k_fields[rng_next(s) % N_FIELDS];
        while (shared_reg(f->reg) || (f->min == 0 && f->max == 0xFFFFFFFFu));
        int below = f->max == 0xFFFFFFFFu || (f->min > 0 && rng_next(s) % 2);
        *fld(c, f->field) = below ? f->min - 1 : rng_range(s, f->max + 1, f->max < 0xFFFFu ? 0xFFFFu : 0xFFFFFFFFu);
        d.field = f;
        return d;
    }
    const rule_spec *r = &k_rules[rng_next(s) % N_RULES];
    const field_spec *lf = spec_named(r->lhs);
    uint32_t *l = fld(c, r->lhs), *rr = fld(c, r->rhs);
    if (*rr == lf->max)
        *rr = lf->max - 1; /* room for the left side to go above */
    *l = rng_range(s, *rr + 1, lf->max);
    d.kind = 1;
    d.rule = r;
    return d;
}

static int random_agreement(tally *t, uint64_t seed, int configs)
{
    static model_bus b;
    bus_reset(&b);
    uint64_t s = seed ? seed : 1;
    fg_nic_config from, c;
    fg_nic_config_defaults(&from);
    int disagree = 0, legal = 0, reason_checked = 0;
    char msg[FG_NIC_MSG_LEN];
    for (int it = 0; it < configs; it++) {
        random_legal(&s, &c);
        int defects = 0;
        defect d = {0, NULL, NULL};
        switch (rng_next(&s) % 4) {
        case 0:
        case 1:
            break;
        case 2:
            d = break_once(&s, &c);
            defects = 1;
            break;
        default:
            d = break_once(&s, &c);
            break_once(&s, &c);
            defects = 2;
        }
        int api_ok = fg_nic_config_validate(&c, msg, sizeof msg) == 0;
        fg_nic_reg_write wr[FG_NIC_MAX_CONFIG_WRITES];
        int n = fg_nic_config_write_order(&c, &from, wr, FG_NIC_MAX_CONFIG_WRITES);
        bus_apply(&b, wr, n);
        int model_ok = !b.out.cfg_error;
        if (api_ok != model_ok) {
            if (disagree < 10)
                printf("CHECK DISAGREE config %d: library says %s (%s), C model cfg_error=%d ERR_ADDR=0x%08X\n", it,
                       api_ok ? "legal" : "illegal", api_ok ? "-" : msg, !model_ok, bus_read(&b, ADDR_ERR_ADDR));
            disagree++;
        }
        if (defects == 0)
            CHECK(t, api_ok, "config %d: a legal draw rejected: %s", it, msg);
        if (!model_ok) {
            uint32_t ea = bus_read(&b, ADDR_ERR_ADDR), reason = ea >> 16, addr = ea & 0xFFF;
            if (defects == 1 && d.kind == 1) {
                CHECK(t, reason == d.rule->reason && (addr == d.rule->lhs_addr || addr == d.rule->rhs_addr),
                      "config %d: rule %s broken, ERR_ADDR 0x%08X", it, d.rule->name, ea);
                reason_checked++;
            } else if (defects == 1 && !d.field->in_rule) {
                CHECK(t, reason == REASON_RANGE && addr == d.field->addr,
                      "config %d: %s out of range, ERR_ADDR 0x%08X", it, d.field->field, ea);
                reason_checked++;
            }
            bus_write(&b, ADDR_ERR, 1);
            CHECK(t, !b.out.cfg_error, "config %d: ERR did not clear", it);
        }
        /* the next configuration starts from whatever the block now holds */
        bus_read_config(&b, &from);
        CHECK(t, fg_nic_config_validate(&from, msg, sizeof msg) == 0, "config %d: the block holds an illegal state: %s",
              it, msg);
        if (api_ok && model_ok) {
            legal++;
            CHECK(t, memcmp(&from, &c, sizeof c) == 0, "config %d: read-back differs", it);
            for (int i = 0; i < n; i++)
                CHECK(t, bus_read(&b, wr[i].addr) == wr[i].value, "config %d: %s read back differs", it, wr[i].reg);
        }
    }
    CHECK(t, disagree == 0, "library and C model disagree on %d of %d configurations", disagree, configs);
    /* the draw must exercise both verdicts and the reason checks */
    CHECK(t, legal > configs / 3 && legal < configs * 2 / 3 + 1, "%d legal of %d", legal, configs);
    CHECK(t, reason_checked > configs / 10, "reasons checked %d times", reason_checked);
    printf("random: %d configurations (seed %llu): %d legal, %d reasons checked, %d disagreements, %ld bus cycles\n",
           configs, (unsigned long long)seed, legal, reason_checked, disagree, b.cycles);
    return disagree;
}

int main(int argc, char **argv)
{
    tally t = {0, 0};
    uint64_t seed = 1;
    int configs = 10000, random_only = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--configs") && i + 1 < argc)
            configs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--random-only"))
            random_only = 1;
        else {
            fprintf(stderr, "usage: %s [--seed S] [--configs N (>= 100)] [--random-only]\n", argv[0]);
            return 2;
        }
    }
    if (configs < 100) {
        fprintf(stderr, "%s: --configs expects 100 or more, got %d\n", argv[0], configs);
        return 2;
    }
    if (!random_only) {
        test_defaults(&t);
        test_bounds(&t);
        test_rules(&t);
        test_files(&t);
        test_write_order(&t);
        test_link(&t);
    }
    random_agreement(&t, seed, configs);
    printf("RESULT nic_regs_unit passed=%d failed=%d\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}
