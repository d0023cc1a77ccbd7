/* fg_cli.h - subcommands of the flowgate CLI that live in their own file under sw/cli/.
 * Each takes its own argc/argv (argv[0] is the subcommand name) and returns the exit status
 * of flowgate: 0 success, 1 understood but not legal, 2 bad command line. */
#ifndef FG_CLI_H
#define FG_CLI_H

#define FG_EXIT_INVALID 1
#define FG_EXIT_USAGE 2

#include "fg_gfc_plan.h"

/* The link options shared by the GFC commands and check-nic-config (fg_cmd_gfc.c): --rate 10G,
 * --mtu B, --cable 1us|200m, --tr 3us, --cell B into `link`. Returns -1 when `arg` is not one of
 * them, 0 when parsed, FG_EXIT_USAGE after printing "CMDNAME: ARG expects ..., got 'VAL'". */
int fg_cli_parse_link(const char *cmdname, const char *arg, const char *val, fg_gfc_plan_in *link);

/* flowgate sim SCENARIO ...: runs the system simulator (build/bin/fg_sim, beside flowgate). */
int fg_cmd_sim(int argc, char **argv);
/* flowgate gfc plan ...: GFC parameters (tau, stages, B_0 bound, feedback bandwidth). */
int fg_cmd_gfc(int argc, char **argv);
/* flowgate pft curve ...: PFT injection rate vs c on the C model, against the closed form. */
int fg_cmd_pft(int argc, char **argv);
/* flowgate check-nic-config FILE [--writes] [--json]: validates a NIC configuration (fg_cmd_nic.c). */
int fg_cmd_check_nic_config(int argc, char **argv);

#endif
