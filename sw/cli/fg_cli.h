/* fg_cli.h - subcommands of the flowgate CLI that live in their own file under sw/cli/.
 * Each takes its own argc/argv (argv[0] is the subcommand name) and returns the exit status
 * of flowgate: 0 success, 1 understood but not legal, 2 bad command line. */
#ifndef FG_CLI_H
#define FG_CLI_H

#define FG_EXIT_INVALID 1
#define FG_EXIT_USAGE 2

#include <stdint.h>
#include <stdio.h>

#include "fg_gfc_plan.h"
#include "fg_parse.h"

/* ---- option parsing shared by the subcommands (fg_cli_args.c) ---- */

/* --rate (bare G, above 0 up to 1600G), --cable (a one-way delay or a length, 0..100 km, in
 * ns), --tr and other times (bare us, 0..1 s), --period (bare us, above 0 up to 1 s),
 * --phy-delay-ns (bare ns, 0..1 ms). */
extern const fg_qty_spec fg_cli_rate, fg_cli_cable, fg_cli_time_us, fg_cli_period_us, fg_cli_time_ns;

/* Parse a quantity / a whole number; on error print "CMD: OPT expects ..., got 'VAL'" and
 * return FG_EXIT_USAGE. */
int fg_cli_qty(const char *cmd, const char *opt, const char *val, const fg_qty_spec *spec, double *out);
int fg_cli_uint(const char *cmd, const char *opt, const char *val, uint64_t lo, uint64_t hi, unsigned flags,
                uint64_t *out);

/* Options a command has seen: fg_cli_once prints "CMD: OPT is given twice" and returns
 * FG_EXIT_USAGE the second time. */
#define FG_CLI_MAX_OPTS 32
typedef struct {
    const char *opt[FG_CLI_MAX_OPTS];
    int n;
} fg_cli_seen;
int fg_cli_once(const char *cmd, fg_cli_seen *seen, const char *opt);

/* s as a JSON string (quotes, backslashes and control characters escaped). */
void fg_cli_json_string(FILE *f, const char *s);

/* The link options shared by the GFC commands and check-nic-config (fg_cmd_gfc.c): --rate 10G,
 * --mtu B, --cable 1us|200m, --tr 3us, --cell B into `link`. Returns -1 when `arg` is not one of
 * them, 0 when parsed, FG_EXIT_USAGE after printing "CMDNAME: ARG expects ..., got 'VAL'" or
 * "CMDNAME: ARG is given twice" (seen may be NULL). */
int fg_cli_parse_link(const char *cmdname, const char *arg, const char *val, fg_gfc_plan_in *link, fg_cli_seen *seen);
/* 1 when arg is one of those options (--cw too: the CW of the GFC_BM / GFC_B1 fields). */
int fg_cli_is_link_option(const char *arg);

/* flowgate sim SCENARIO ...: runs the system simulator (build/bin/fg_sim, beside flowgate). */
int fg_cmd_sim(int argc, char **argv);
/* flowgate gfc plan ...: GFC parameters (tau, stages, B_0 bound, feedback bandwidth). */
int fg_cmd_gfc(int argc, char **argv);
/* flowgate pft curve ...: PFT injection rate vs c on the C model, against the closed form. */
int fg_cmd_pft(int argc, char **argv);
/* flowgate reg --serial DEV read|write|dump ...: a board's registers over its UART (fg_cmd_reg.c). */
int fg_cmd_reg(int argc, char **argv);
/* flowgate check-nic-config FILE [--writes] [--json]: validates a NIC configuration (fg_cmd_nic.c). */
int fg_cmd_check_nic_config(int argc, char **argv);

#endif
