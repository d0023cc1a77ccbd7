/* fg_cmd_nic.c - `flowgate check-nic-config FILE [--writes] [--json]`: validates a key=value
 * configuration of the NIC core (fg_regs_nic_cfg.h: every field in its range, T_S <= T_E,
 * N_E <= W_E, N_S <= W_S) and prints OK or every error, each naming the field and its legal
 * range (a rule: both fields and their values). --writes lists the register writes that program
 * it from the reset state, in the order fg_nic_config_writes gives the driver. --json prints one
 * object instead: {"file", "ok", "errors": [...], "config": {field: value}, "writes": [...]}.
 * Exit 0 legal, 1 illegal or unreadable, 2 bad command line. */
#include <stdio.h>
#include <string.h>

#include "fg_cli.h"
#include "fg_regs_nic_cfg.h"

#define CMD "flowgate check-nic-config"
#define MAX_ERRORS 32

static int nic_usage(FILE *f)
{
    fprintf(f,
            "usage: " CMD " FILE [--writes] [--json] [--rate 10G [--mtu 1500] [--cable 1us] [--tr 3us]]\n"
            "  Validates a NIC key=value configuration: keys are the field names of\n"
            "  docs/registers_nic.md (t_fc, rx_capacity, t_e, t_s, w_e, n_e, th_e, w_s, n_s, th_s,\n"
            "  pft_m, pft_n, pft_k, lfsr_seed, pft_enable, pft_strategy FT|AT, pft_injection FI|RI,\n"
            "  gfc_enable, gfc_mode TIME|BUFFER, gfc_period, gfc_recip, gfc_depth)\n"
            "  or a one-field register's name (T_FC, PFT_T_E, ...); unset fields keep their reset\n"
            "  values. Prints OK or every error (field, value and legal range; rules T_S <= T_E,\n"
            "  N_E <= W_E, N_S <= W_S).\n"
            "  --writes  also list the register writes (address, register, value) that program it\n"
            "            from reset, in an order that never breaks a rule; CTRL last\n"
            "  --json    one JSON object: file, ok, errors, config, writes\n"
            "  --rate    with the link (--mtu, --cable, --tr as in flowgate gfc plan): time-based GFC's\n"
            "            Theorem 5.1 bound on gfc_period/gfc_recip with B_m = rx_capacity\n"
            "  Exit 0 legal, 1 illegal, 2 bad command line.\n");
    return f == stdout ? 0 : FG_EXIT_USAGE;
}

static void json_report(const char *path, int loaded, const fg_nic_config *c, char (*errors)[FG_NIC_MSG_LEN],
                        int nerr, const fg_nic_reg_write *w, int nw)
{
    printf("{\"file\": ");
    fg_cli_json_string(stdout, path);
    printf(", \"ok\": %s, \"errors\": [", nerr ? "false" : "true");
    for (int i = 0; i < nerr && i < MAX_ERRORS; i++) {
        printf(i ? ", " : "");
        fg_cli_json_string(stdout, errors[i]);
    }
    printf("]");
    if (loaded) {
        printf(", \"config\": {");
        int first = 1;
        for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
            const fg_reg_field_desc *f = &fg_regs_nic_fields[i];
            if (f->kind != FG_REG_KIND_RW || f->cfg_offset == (size_t)-1)
                continue;
            printf("%s\"%s\": %u", first ? "" : ", ", f->field, *fg_nic_config_field((fg_nic_config *)c, f));
            first = 0;
        }
        printf("}");
    }
    printf(", \"writes\": [");
    for (int i = 0; i < nw; i++)
        printf("%s{\"addr\": \"0x%03X\", \"register\": \"%s\", \"value\": \"0x%08X\"}", i ? ", " : "", w[i].addr,
               w[i].reg, w[i].value);
    printf("]}\n");
}

int fg_cmd_check_nic_config(int argc, char **argv)
{
    const char *path = NULL;
    int json = 0, list_writes = 0, have_link = 0, rc;
    fg_gfc_plan_in link;
    fg_gfc_plan_defaults(&link);
    fg_cli_seen seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return nic_usage(stdout);
        if (!strcmp(argv[i], "--json") || !strcmp(argv[i], "--writes")) {
            if ((rc = fg_cli_once(CMD, &seen, argv[i])))
                return rc;
            if (!strcmp(argv[i], "--json"))
                json = 1;
            else
                list_writes = 1;
            continue;
        }
        if (fg_cli_is_link_option(argv[i]) && i + 1 >= argc) {
            fprintf(stderr, CMD ": %s needs a value\n", argv[i]);
            return FG_EXIT_USAGE;
        }
        rc = i + 1 < argc ? fg_cli_parse_link(CMD, argv[i], argv[i + 1], &link, &seen) : -1;
        if (rc > 0)
            return rc;
        if (rc == 0) {
            have_link |= !strcmp(argv[i], "--rate");
            i++;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr,
                    CMD ": unknown option '%s' (options: --writes, --json, --rate, --mtu, --cable, --tr, --cell)\n",
                    argv[i]);
            return FG_EXIT_USAGE;
        } else if (path) {
            fprintf(stderr, CMD ": one configuration FILE only, got '%s' and '%s'\n", path, argv[i]);
            return FG_EXIT_USAGE;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        fprintf(stderr, CMD ": FILE is required (a key=value NIC configuration file)\n");
        nic_usage(stderr);
        return FG_EXIT_USAGE;
    }

    fg_nic_config c;
    static char errors[MAX_ERRORS][FG_NIC_MSG_LEN];
    fg_nic_config_defaults(&c);
    if (fg_nic_config_load(&c, path, errors[0], sizeof errors[0])) {
        if (json)
            json_report(path, 0, &c, errors, 1, NULL, 0);
        else
            fprintf(stderr, CMD ": %s\n", errors[0]);
        return FG_EXIT_INVALID;
    }
    int nerr = fg_nic_config_errors(&c, errors, MAX_ERRORS);
    if (nerr == 0 && have_link && fg_nic_config_check_link(&c, &link, errors[0], sizeof errors[0]))
        nerr = 1;
    fg_nic_reg_write w[FG_NIC_MAX_CONFIG_WRITES];
    int nw = 0;
    if (nerr == 0) {
        char msg[FG_NIC_MSG_LEN];
        nw = fg_nic_config_writes(&c, NULL, w, FG_NIC_MAX_CONFIG_WRITES, msg, sizeof msg);
        if (nw < 0) { /* cannot happen for a legal configuration; say so rather than print nothing */
            snprintf(errors[0], sizeof errors[0], "%s", msg);
            nerr = 1;
            nw = 0;
        }
    }
    if (json) {
        json_report(path, 1, &c, errors, nerr, w, nw);
        return nerr ? FG_EXIT_INVALID : 0;
    }
    if (nerr) {
        for (int i = 0; i < nerr && i < MAX_ERRORS; i++)
            fprintf(stderr, CMD ": %s: %s\n", path, errors[i]);
        fprintf(stderr, CMD ": %s: %d error%s\n", path, nerr, nerr == 1 ? "" : "s");
        return FG_EXIT_INVALID;
    }
    printf("%s: OK (legal NIC configuration)\n", path);
    if (list_writes)
        for (int i = 0; i < nw; i++)
            printf("write 0x%03X %-12s 0x%08X\n", w[i].addr, w[i].reg, w[i].value);
    return 0;
}
