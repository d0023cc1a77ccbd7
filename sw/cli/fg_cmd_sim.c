/* fg_cmd_sim.c - `flowgate sim SCENARIO [options]`: the system-level scenarios (docs/system.md)
 * are run by the SystemC simulator fg_sim, a C++ program built beside flowgate; this command
 * finds it next to its own executable and replaces itself with it, so options, output and
 * exit status are the simulator's own. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg_cli.h"

int fg_cmd_sim(int argc, char **argv)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "flowgate sim: cannot find its own executable: %s\n", strerror(errno));
        return FG_EXIT_USAGE;
    }
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash || (size_t)(slash - self) + sizeof "/fg_sim" > sizeof self) {
        fprintf(stderr, "flowgate sim: odd executable path '%s'\n", self);
        return FG_EXIT_USAGE;
    }
    strcpy(slash, "/fg_sim");
    if (access(self, X_OK) != 0) {
        fprintf(stderr, "flowgate sim: the simulator %s is not built (make build/bin/fg_sim)\n", self);
        return FG_EXIT_USAGE;
    }
    /* argv[0] is "sim"; the simulator takes the scenario as its first argument. */
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args) return FG_EXIT_USAGE;
    args[0] = self;
    for (int i = 1; i < argc; i++) args[i] = argv[i];
    execv(self, args);
    fprintf(stderr, "flowgate sim: cannot run %s: %s\n", self, strerror(errno));
    free(args);
    return FG_EXIT_USAGE;
}
