/* fg_cli.h - subcommands of the flowgate CLI that live in their own file under sw/cli/.
 * Each takes its own argc/argv (argv[0] is the subcommand name) and returns the exit status
 * of flowgate: 0 success, 1 understood but not legal, 2 bad command line. */
#ifndef FG_CLI_H
#define FG_CLI_H

#define FG_EXIT_INVALID 1
#define FG_EXIT_USAGE 2

/* flowgate sim SCENARIO ...: runs the system simulator (build/bin/fg_sim, beside flowgate). */
int fg_cmd_sim(int argc, char **argv);

#endif
