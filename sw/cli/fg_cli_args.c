/* fg_cli_args.c - what every flowgate subcommand reads its options with (fg_cli.h): the one
 * number and quantity parser of the library (fg_parse.h) with the option specs the commands
 * share, so `--rate`, `--cable`, `--mtu` ... mean the same in every subcommand, and the check
 * that an option is not given twice. */
#include <stdio.h>
#include <string.h>

#include "fg_cli.h"
#include "fg_parse.h"

const fg_qty_spec fg_cli_rate = {FG_QTY_RATE, "G", 0, 1600, 1};
const fg_qty_spec fg_cli_cable = {FG_QTY_DELAY, "m", 0, 100000 * 5.0, 0}; /* 0..100 km, in ns */
const fg_qty_spec fg_cli_time_us = {FG_QTY_TIME, "us", 0, 1e9, 0};
const fg_qty_spec fg_cli_period_us = {FG_QTY_TIME, "us", 0, 1e9, 1};
const fg_qty_spec fg_cli_time_ns = {FG_QTY_TIME, "ns", 0, 1e6, 0};

int fg_cli_qty(const char *cmd, const char *opt, const char *val, const fg_qty_spec *spec, double *out)
{
    char msg[512];
    if (fg_parse_qty_msg(opt, val, spec, out, msg, sizeof msg) == 0)
        return 0;
    fprintf(stderr, "%s: %s\n", cmd, msg);
    return FG_EXIT_USAGE;
}

int fg_cli_uint(const char *cmd, const char *opt, const char *val, uint64_t lo, uint64_t hi, unsigned flags,
                uint64_t *out)
{
    char msg[400];
    if (fg_parse_u64_msg(opt, val, lo, hi, flags, out, msg, sizeof msg) == 0)
        return 0;
    fprintf(stderr, "%s: %s\n", cmd, msg);
    return FG_EXIT_USAGE;
}

int fg_cli_once(const char *cmd, fg_cli_seen *seen, const char *opt)
{
    for (int i = 0; i < seen->n; i++) {
        if (!strcmp(seen->opt[i], opt)) {
            fprintf(stderr, "%s: %s is given twice (each option once)\n", cmd, opt);
            return FG_EXIT_USAGE;
        }
    }
    if (seen->n < FG_CLI_MAX_OPTS)
        seen->opt[seen->n++] = opt;
    return 0;
}

void fg_cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20 || ch == 0x7F)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}
