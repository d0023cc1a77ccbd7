/* test_parse.c - unit tests of fg_parse (sw/include/fg_parse.h): the number grammar (decimal,
 * 0x hex where allowed, no leading zeros, full-width range), quantities with units, and the
 * configuration-text rules (line length, NUL, control bytes, UTF-8, duplicates, an all-entries
 * key after an indexed one), each through the switch and the NIC loaders as well. Prints one
 * line per failure and "RESULT parse passed=N failed=M"; exit 1 on any failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg_parse.h"
#include "fg_regs.h"
#include "fg_regs_nic_cfg.h"

static int passed, failed;

static void check(const char *name, int cond, const char *detail)
{
    if (cond) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: %s\n", name, detail);
    }
}

static void u64_case(const char *s, uint64_t lo, uint64_t hi, unsigned flags, int want_rc, uint64_t want_v)
{
    uint64_t v = 0xDEADBEEF;
    int rc = fg_parse_u64(s, lo, hi, flags, &v);
    char d[160];
    snprintf(d, sizeof d, "'%s' in %llu..%llu flags %u: rc %d v %llu, want rc %d v %llu", s, (unsigned long long)lo,
             (unsigned long long)hi, flags, rc, (unsigned long long)v, want_rc, (unsigned long long)want_v);
    check("u64", rc == want_rc && (rc != 0 || v == want_v) && (rc == 0 || v == 0xDEADBEEF), d);
}

static void qty_case(const char *s, fg_qty_kind kind, const char *bare, double lo, double hi, int want_rc,
                     double want)
{
    fg_qty_spec spec = {kind, bare, lo, hi, 0};
    double v = -12345;
    int rc = fg_parse_qty(s, &spec, &v);
    char d[160];
    snprintf(d, sizeof d, "'%s' kind %d: rc %d v %.17g, want rc %d v %.17g", s, (int)kind, rc, v, want_rc, want);
    check("qty", rc == want_rc && (rc != 0 || fabs(v - want) <= 1e-9 * fabs(want)), d);
}

/* loads `text` as a switch configuration; expects failure with `want` in the message, or
 * success when want is NULL */
/* loads `text` as a switch (nic = 0) or NIC configuration; expects failure with `want` in
 * the message, or success when want is NULL */
static void load_text(const char *name, int nic, const char *text, size_t len, const char *want)
{
    fg_sw_config sc;
    fg_nic_config nc;
    char msg[600] = "";
    int rc;
    if (nic) {
        fg_nic_config_defaults(&nc);
        rc = fg_nic_config_load_text(&nc, "n.cfg", text, len, msg, sizeof msg);
    } else {
        fg_sw_config_defaults(&sc, 4, 2, 18, msg, sizeof msg);
        rc = fg_sw_config_load_text(&sc, "t.cfg", text, len, msg, sizeof msg);
    }
    char d[800];
    snprintf(d, sizeof d, "rc %d msg '%s', want %s", rc, msg, want ? want : "success");
    check(name, want ? rc == -1 && strstr(msg, want) != NULL : rc == 0, d);
}

/* a literal's length, NULs inside included */
#define SW(name, lit, want) load_text(name, 0, lit, sizeof(lit) - 1, want)
#define NIC(name, lit, want) load_text(name, 1, lit, sizeof(lit) - 1, want)

int main(void)
{
    /* numbers */
    u64_case("0", 0, 10, FG_PARSE_DEC, 0, 0);
    u64_case("1500", 68, 16000, FG_PARSE_DEC, 0, 1500);
    u64_case("01500", 68, 16000, FG_PARSE_DEC, FG_PARSE_LEADING_ZERO, 0);
    u64_case("00", 0, 10, FG_PARSE_DEC, FG_PARSE_LEADING_ZERO, 0);
    u64_case("010", 0, 100, FG_PARSE_HEX, FG_PARSE_LEADING_ZERO, 0);
    u64_case("0x28", 0, 100, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case("0x28", 0, 100, FG_PARSE_HEX, 0, 40);
    u64_case("0X0a", 0, 100, FG_PARSE_HEX, 0, 10);
    u64_case("0x", 0, 100, FG_PARSE_HEX, FG_PARSE_SYNTAX, 0);
    u64_case("0xg", 0, 100, FG_PARSE_HEX, FG_PARSE_SYNTAX, 0);
    u64_case("", 0, 100, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case(" 5", 0, 100, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case("5 ", 0, 100, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case("+5", 0, 100, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case("-5", 0, 100, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case("1e3", 0, 10000, FG_PARSE_DEC, FG_PARSE_SYNTAX, 0);
    u64_case("101", 0, 100, FG_PARSE_DEC, FG_PARSE_RANGE, 0);
    u64_case("4294967295", 0, 0xFFFFFFFFull, FG_PARSE_DEC, 0, 0xFFFFFFFFull);
    u64_case("4294967296", 0, 0xFFFFFFFFull, FG_PARSE_DEC, FG_PARSE_RANGE, 0);
    u64_case("18446744073709551615", 0, UINT64_MAX, FG_PARSE_DEC, 0, UINT64_MAX);
    u64_case("18446744073709551616", 0, UINT64_MAX, FG_PARSE_DEC, FG_PARSE_RANGE, 0);
    u64_case("99999999999999999999999999", 0, UINT64_MAX, FG_PARSE_DEC, FG_PARSE_RANGE, 0);
    u64_case("0x10000000000000000", 0, UINT64_MAX, FG_PARSE_HEX, FG_PARSE_RANGE, 0);
    u64_case("2147483648", 0, 3, FG_PARSE_DEC, FG_PARSE_RANGE, 0);
    char msg[400];
    uint64_t v;
    fg_parse_u64_msg("--mtu", "01500", 68, 16000, FG_PARSE_DEC, &v, msg, sizeof msg);
    check("u64_msg_zero", !strcmp(msg, "--mtu expects a whole number in 68..16000 (decimal), got '01500': leading "
                                       "zeros are not allowed"),
          msg);
    fg_parse_u64_msg("k", "\x1b[2J", 0, 9, FG_PARSE_HEX, &v, msg, sizeof msg);
    check("u64_msg_quoted", strstr(msg, "got '\\x1B[2J'") != NULL, msg);

    /* quantities */
    qty_case("40G", FG_QTY_RATE, "G", 0, 1600, 0, 40);
    qty_case("40", FG_QTY_RATE, "G", 0, 1600, 0, 40);
    qty_case("400M", FG_QTY_RATE, "G", 0, 1600, 0, 0.4);
    qty_case("1.6T", FG_QTY_RATE, "G", 0, 1600, 0, 1600);
    qty_case("25Gb/s", FG_QTY_RATE, "G", 0, 1600, 0, 25);
    qty_case("0x28", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_UNIT, 0);
    qty_case("1e3", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_UNIT, 0);
    qty_case("040G", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_LEADING_ZERO, 0);
    qty_case("0.5G", FG_QTY_RATE, "G", 0, 1600, 0, 0.5);
    qty_case(".5G", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_SYNTAX, 0);
    qty_case("5.G", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_SYNTAX, 0);
    qty_case("nan", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_SYNTAX, 0);
    qty_case("inf", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_SYNTAX, 0);
    qty_case("2T", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_RANGE, 0);
    qty_case("1s", FG_QTY_TIME, "us", 0, 1e9, 0, 1e9);
    qty_case("0.5ms", FG_QTY_TIME, "us", 0, 1e9, 0, 5e5);
    qty_case("3", FG_QTY_TIME, "us", 0, 1e9, 0, 3000);
    qty_case("3", FG_QTY_TIME, NULL, 0, 1e9, FG_PARSE_UNIT, 0);
    qty_case("500NS", FG_QTY_TIME, "us", 0, 1e9, 0, 500);
    qty_case("2s", FG_QTY_TIME, "us", 0, 1e9, FG_PARSE_RANGE, 0);
    qty_case("3 us", FG_QTY_TIME, "us", 0, 1e9, FG_PARSE_UNIT, 0);
    qty_case("300KB", FG_QTY_SIZE, "B", 0, 1e9, 0, 300000);
    qty_case("256KiB", FG_QTY_SIZE, "B", 0, 1e9, 0, 262144);
    qty_case("1MB", FG_QTY_SIZE, "B", 0, 1e9, 0, 1e6);
    qty_case("1M", FG_QTY_SIZE, "B", 0, 1e9, FG_PARSE_UNIT, 0); /* M alone is a rate's unit */
    qty_case("100m", FG_QTY_LENGTH, "m", 0, 1e5, 0, 100);
    qty_case("2km", FG_QTY_LENGTH, "m", 0, 1e5, 0, 2000);
    qty_case("1us", FG_QTY_LENGTH, "m", 0, 1e5, FG_PARSE_UNIT, 0);
    qty_case("200m", FG_QTY_DELAY, "m", 0, 5e5, 0, 1000);
    qty_case("1us", FG_QTY_DELAY, "m", 0, 5e5, 0, 1000);
    qty_case("3", FG_QTY_DELAY, "m", 0, 5e5, 0, 15);
    qty_case("0.75", FG_QTY_NUMBER, NULL, 0.5, 2, 0, 0.75);
    qty_case("1x", FG_QTY_NUMBER, NULL, 0.5, 2, FG_PARSE_UNIT, 0);
    qty_case("123456789012345678901234567890123G", FG_QTY_RATE, "G", 0, 1600, FG_PARSE_RANGE, 0);
    fg_qty_spec open_rate = {FG_QTY_RATE, "G", 0, 1600, 1};
    double d = 0;
    check("qty_open_lo", fg_parse_qty("0", &open_rate, &d) == FG_PARSE_RANGE, "a rate of 0 is refused");

    /* configuration text: the switch loader */
    SW("sw.ok", "n_ports = 4\n# comment\n\n headroom = 300 \nheadroom[2] = 400\r\nxoff[1][1] = 0x100\n", NULL);
    SW("sw.dup", "total_cells = 100\nTOTAL_CELLS = 200\n", "t.cfg:2: total_cells is set twice (first at line 1)");
    SW("sw.dup_index", "headroom[1] = 5\nheadroom[1] = 6\n", "headroom[1] is set twice");
    SW("sw.all_after_one", "headroom[1] = 5\nheadroom = 6\n", "t.cfg:2: headroom sets every entry after line 1");
    SW("sw.index_narrowing", "headroom[4294967296] = 7\n", "the port index expects a whole number in 0..3");
    SW("sw.index_2g", "headroom[2147483648] = 1\n", "out of range (this instance has 4 ports)");
    SW("sw.index_leading_zero", "headroom[01] = 1\n", "leading zeros");
    SW("sw.index_three", "xoff[1][1][1] = 1\n", "xoff takes two indices");
    SW("sw.index_scalar", "total_cells[0] = 1\n", "total_cells takes no index");
    SW("sw.octal", "reserve = 010\n", "leading zeros are not allowed");
    SW("sw.value_range", "headroom = 262144\n", "headroom expects a whole number in 0..262143");
    SW("sw.nul", "reserve = 1\0 junk\n", "t.cfg:1: a NUL byte at column 12");
    SW("sw.control", "reserve = 1\x07\n", "control character 0x07");
    SW("sw.utf8_bad", "# caf\xE9\n", "byte 0xE9 at column 6 is not UTF-8");
    SW("sw.utf8_overlong", "# \xC0\xAF\n", "is not UTF-8");
    SW("sw.utf8_ok", "# caf\xC3\xA9 \xE2\x82\xAC\n", NULL);
    SW("sw.no_eq", "reserve 1\n", "expected 'key = value'");
    SW("sw.no_value", "reserve =\n", "a value is missing");
    SW("sw.no_key", "= 5\n", "a key is missing");
    SW("sw.param_late", "reserve = 1\nn_ports = 8\n", "n_ports must come before the first register line");
    SW("sw.param_range", "n_ports = 33\n", "n_ports expects a whole number in 1..32");
    SW("sw.mac", "src_mac = 02:00:00:00:00:0g\n", "src_mac expects a MAC address");
    SW("sw.mac_space", "src_mac = 02:00:00:00:00:01 x\n", "src_mac expects a MAC address");
    /* a long comment is one line (no 512-byte pieces), and a line past the limit is refused */
    size_t big = FG_CFG_MAX_LINE_BYTES + 100;
    char *text = malloc(big + 1);
    memset(text, 'x', big);
    text[0] = '#';
    memcpy(text + 600, "reserve = 1", 11);
    text[FG_CFG_MAX_LINE_BYTES - 1] = '\n';
    load_text("sw.long_comment", 0, text, FG_CFG_MAX_LINE_BYTES, NULL);
    text[FG_CFG_MAX_LINE_BYTES - 1] = 'x';
    text[big - 1] = '\n';
    load_text("sw.line_limit", 0, text, big, "line longer than 4096 bytes");
    free(text);

    /* the NIC loader: a field given twice under its register's name is a duplicate too */
    NIC("nic.ok", "t_e = 100\nt_s = 50\npft_strategy = AT\n", NULL);
    NIC("nic.dup_alias", "t_fc = 10\nT_FC = 11\n", "t_fc is set twice (first at line 1)");
    NIC("nic.octal", "t_e = 0100\n", "leading zeros are not allowed");
    NIC("nic.too_wide", "pft_k = 4294967296\n", "pft_k = 4294967296 is outside its legal range 0..4294967295");
    NIC("nic.nul", "t_e = 1\n\0\n", "n.cfg:2: a NUL byte at column 1");

    printf("RESULT parse passed=%d failed=%d\n", passed, failed);
    return failed ? 1 : 0;
}
