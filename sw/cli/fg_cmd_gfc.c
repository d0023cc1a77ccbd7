/* fg_cmd_gfc.c - `flowgate gfc plan`: the Gentle Flow Control calculator (docs/gfc.md,
 * sw/include/fg_gfc_plan.h).
 *
 *   flowgate gfc plan --rate 10G --buffer 300KB [--mtu 1500] [--cable 1us] [--tr 3us]
 *                     [--mode buffer|time] [--period T] [--b1 SIZE] [--b0 SIZE] [--cell 64]
 *                     [--msg 64] [--json]
 *
 * Sizes: 300KB (KB = 1000 B, as the paper), 256KiB, 1MB, 18500 (bytes). Times: 1us, 500ns,
 * 0.5ms, a bare number is us. --cable takes a time (t_w) or a length (200m: 5 ns/m).
 *   flowgate gfc check --rate 10G --bm-cells M --b1-cells N | --mode time --bm-cells M
 *                      --period-cells P --recip R    [--mtu] [--cable] [--tr] [--cell]
 *
 * `check` validates register values (fg_gfc_check_stage_regs / fg_gfc_check_time_regs).
 * Exit status as every flowgate command: 0 ok, 1 a configuration that breaks a GFC rule,
 * 2 bad command line. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fg_cli.h"
#include "fg_gfc_plan.h"
#include "fg_regs_sw.h"
#include "fg_units.h"

static const char *cmd = "flowgate gfc plan";

static int bad(const char *arg, const char *expects, const char *got)
{
    fprintf(stderr, "%s: %s expects %s, got '%s'\n", cmd, arg, expects, got);
    return FG_EXIT_USAGE;
}

static const fg_qty_spec size_spec = {FG_QTY_SIZE, "B", 0, FG_GFC_BUFFER_MAX_BYTES, 0};

static int parse_uint(const char *arg, const char *s, long lo, long hi, long *v)
{
    uint64_t x;
    int rc = fg_cli_uint(cmd, arg, s, (uint64_t)lo, (uint64_t)hi, FG_PARSE_DEC, &x);
    if (!rc) *v = (long)x;
    return rc;
}

/* register values (gfc check): decimal or 0x hex, as in a configuration file */
static int parse_reg(const char *arg, const char *s, long hi, long *v)
{
    uint64_t x;
    int rc = fg_cli_uint(cmd, arg, s, 0, (uint64_t)hi, FG_PARSE_HEX, &x);
    if (!rc) *v = (long)x;
    return rc;
}

static int parse_mode(const char *arg, const char *v, fg_gfc_mode *mode)
{
    if (!strcmp(v, "buffer"))
        *mode = FG_GFC_MODE_BUFFER;
    else if (!strcmp(v, "time"))
        *mode = FG_GFC_MODE_TIME;
    else
        return bad(arg, "buffer or time", v);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: flowgate gfc plan --rate 10G --buffer 300KB [--mtu 1500] [--cable 1us] [--tr 3us]\n"
            "                         [--mode buffer|time] [--period T] [--b1 SIZE] [--b0 SIZE]\n"
            "                         [--cell 64] [--msg 64] [--json]\n"
            "  tau = 2*MTU/C + 2*t_w + t_r; buffer-based stages B_k = B_m - (B_m - B_1)/2^(k-1),\n"
            "  R_k = C/2^k, B_1 <= B_m - 2*C*tau; time-based B_0 <= B_m - (sqrt(tau/T)+1)^2*C*T\n"
            "  (T default: 65535 B at C). Sizes: KB = 1000 B; times: a bare number is us.\n");
}

static void print_text(const fg_gfc_plan_in *in, const fg_gfc_plan_out *o)
{
    printf("GFC plan: C = %g Gb/s, B_m = %llu B, MTU %u B, t_w %g us, t_r %g us, mode %s\n", in->rate_gbps,
           (unsigned long long)o->bm_bytes, in->mtu, in->wire_ns / 1000, in->proc_ns / 1000,
           in->mode == FG_GFC_MODE_TIME ? "time" : "buffer");
    printf("tau      = 2*MTU/C + 2*t_w + t_r = %.3f + %.3f + %.3f = %.3f us\n", o->tau_mtu_ns / 1000,
           2 * in->wire_ns / 1000, in->proc_ns / 1000, o->tau_ns / 1000);
    printf("           (paper 5.4, MTU 1.5 KB, t_w 1 us, t_r 3 us: 7.4 / 5.6 / 5.2 us at 10/40/100 Gb/s)\n");
    printf("C*tau    = %llu B, 2*C*tau = %llu B   (paper: 2*C*tau <= 18.5 / 56 / 130 KB)\n",
           (unsigned long long)o->ctau_bytes, (unsigned long long)o->two_ctau_bytes);
    if (in->mode == FG_GFC_MODE_BUFFER) {
        printf("\nbuffer-based GFC\n");
        printf("B_1      = %llu B (limit B_m - 2*C*tau = %llu B); B_m - B_1 = %llu B\n",
               (unsigned long long)o->b1_bytes, (unsigned long long)o->b1_max_bytes,
               (unsigned long long)o->span_bytes);
        printf("  stage   B_k (B)     width (B)   R_k (Gb/s)\n");
        printf("  %5d   < %-9llu %-11s %.6g\n", 0, (unsigned long long)o->b1_bytes, "-", o->stage_rate_gbps[0]);
        for (unsigned k = 1; k <= o->n_stages; k++) {
            if (k == 1)
                printf("  %5u   %-11llu %-11s %.6g\n", k, (unsigned long long)o->stage_start[k], "-",
                       o->stage_rate_gbps[k]);
            else
                printf("  %5u   %-11llu %-11llu %.6g\n", k, (unsigned long long)o->stage_start[k],
                       (unsigned long long)(o->stage_start[k] - o->stage_start[k - 1]), o->stage_rate_gbps[k]);
        }
        printf("N        = %u stages (the rule: last k with B_k - B_(k-1) >= 1 byte = floor(log2(B_m - B_1)) + 2)\n",
               o->n_stages);
        if (o->n_paper > 0)
            printf("           the paper prints N = %d at %g Gb/s; its own rule gives 16 / 17 / 18 at 10/40/100 Gb/s\n"
                   "           (SPEC section 11 errata: flowgate implements the rule)\n",
                   o->n_paper, in->rate_gbps);
        printf("headroom = B_m - B_1 = %llu B = %u cells of %u B (GFC needs >= 2*C*tau; PFC about C*tau)\n",
               (unsigned long long)o->headroom_bytes, o->headroom_cells, in->cell_bytes);
        printf("hardware (fg_gfc_stage, cells of %u B): cfg_bm = %u, cfg_b1 = %u, N = %u\n", in->cell_bytes,
               o->bm_cells, o->b1_cells, o->n_stages_cells);
        printf("feedback bandwidth (%u B messages): worst m/tau = %.2f Mb/s (%.3f %%), steady m/(8*tau) = %.3f Mb/s "
               "(%.4f %%)\n",
               in->msg_bytes, o->fb_worst_mbps, o->fb_worst_pct, o->fb_steady_mbps, o->fb_steady_pct);
        printf("           (paper 4.2, 10 GbE, 64 B, tau 7.4 us: 0.69 %% worst, 0.086 %% steady)\n");
    } else {
        printf("\ntime-based GFC (on CBFC)\n");
        printf("T_fc     = %.3f us (%s) = %llu cell times of %u B\n", o->period_ns / 1000,
               in->period_ns > 0 ? "--period" : "65535 B at C, the CBFC default", (unsigned long long)o->period_cell_times,
               in->cell_bytes);
        printf("B_0     <= B_m - (sqrt(tau/T)+1)^2 * C * T = %llu - %.4f * %.0f = %.1f B (Theorem 5.1)\n",
               (unsigned long long)o->bm_bytes, o->b0_factor, o->period_ns * in->rate_gbps / 8.0, o->b0_bound_bytes);
        printf("           (paper 5.4: (sqrt(tau/T)+1)^2*C*T <= 140.8 / 191.4 / 271 KB at 10/40/100 Gb/s, IB MTU 4 KB)\n");
        printf("B_0      = %llu B; B_m - B_0 = %u blocks of %u B\n", (unsigned long long)o->b0_bytes, o->b0_span_blocks,
               in->cell_bytes);
        printf("hardware (fg_gfc_time): cfg_period = %llu (cycles at one cell per cycle), cfg_recip = %u "
               "(round(2^28 / %u))\n",
               (unsigned long long)o->period_cell_times, o->recip, o->b0_span_blocks);
        printf("feedback bandwidth (%u B messages): one per T = %.3f Mb/s (%.4f %%), as CBFC\n", in->msg_bytes,
               o->fb_time_mbps, o->fb_time_pct);
    }
}

static void print_json(const fg_gfc_plan_in *in, const fg_gfc_plan_out *o)
{
    printf("{\"rate_gbps\": %.17g, \"buffer_bytes\": %llu, \"mtu\": %u, \"cable_ns\": %.17g, \"tr_ns\": %.17g, ",
           in->rate_gbps, (unsigned long long)o->bm_bytes, in->mtu, in->wire_ns, in->proc_ns);
    printf("\"mode\": \"%s\", \"cell_bytes\": %u, \"msg_bytes\": %u, ", in->mode == FG_GFC_MODE_TIME ? "time" : "buffer",
           in->cell_bytes, in->msg_bytes);
    printf("\"tau_us\": %.17g, \"ctau_bytes\": %llu, \"two_ctau_bytes\": %llu, ", o->tau_ns / 1000,
           (unsigned long long)o->ctau_bytes, (unsigned long long)o->two_ctau_bytes);
    if (in->mode == FG_GFC_MODE_BUFFER) {
        printf("\"buffer\": {\"b1_bytes\": %llu, \"b1_max_bytes\": %llu, \"span_bytes\": %llu, \"n_stages\": %u, ",
               (unsigned long long)o->b1_bytes, (unsigned long long)o->b1_max_bytes, (unsigned long long)o->span_bytes,
               o->n_stages);
        if (o->n_paper > 0)
            printf("\"n_stages_paper\": %d, ", o->n_paper);
        else
            printf("\"n_stages_paper\": null, ");
        printf("\"stages\": [{\"k\": 0, \"b_bytes\": 0, \"rate_gbps\": %.17g}", o->stage_rate_gbps[0]);
        for (unsigned k = 1; k <= o->n_stages; k++)
            printf(", {\"k\": %u, \"b_bytes\": %llu, \"rate_gbps\": %.17g}", k, (unsigned long long)o->stage_start[k],
                   o->stage_rate_gbps[k]);
        printf("], \"headroom_bytes\": %llu, \"headroom_cells\": %u, ", (unsigned long long)o->headroom_bytes,
               o->headroom_cells);
        printf("\"regs\": {\"cfg_bm\": %u, \"cfg_b1\": %u, \"n_stages\": %u}, ", o->bm_cells, o->b1_cells,
               o->n_stages_cells);
        printf("\"feedback\": {\"worst_mbps\": %.17g, \"worst_pct\": %.17g, \"steady_mbps\": %.17g, "
               "\"steady_pct\": %.17g}}",
               o->fb_worst_mbps, o->fb_worst_pct, o->fb_steady_mbps, o->fb_steady_pct);
    } else {
        printf("\"time\": {\"period_us\": %.17g, \"period_cell_times\": %llu, \"b0_factor\": %.17g, "
               "\"b0_bound_bytes\": %.17g, \"b0_bytes\": %llu, \"span_blocks\": %u, ",
               o->period_ns / 1000, (unsigned long long)o->period_cell_times, o->b0_factor, o->b0_bound_bytes,
               (unsigned long long)o->b0_bytes, o->b0_span_blocks);
        printf("\"regs\": {\"cfg_period\": %llu, \"cfg_recip\": %u}, ", (unsigned long long)o->period_cell_times,
               o->recip);
        printf("\"feedback\": {\"mbps\": %.17g, \"pct\": %.17g}}", o->fb_time_mbps, o->fb_time_pct);
    }
    printf("}\n");
}

int fg_cli_is_link_option(const char *arg)
{
    static const char *const names[] = {"--rate", "--mtu", "--cable", "--tr", "--cell", "--cw"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(arg, names[i])) return 1;
    return 0;
}

int fg_cli_parse_link(const char *cmdname, const char *arg, const char *val, fg_gfc_plan_in *link, fg_cli_seen *seen)
{
    const char *saved = cmd;
    long x;
    int rc = -1;
    if (!fg_cli_is_link_option(arg))
        return -1;
    if (seen && (rc = fg_cli_once(cmdname, seen, arg))) return rc;
    cmd = cmdname;
    if (!strcmp(arg, "--rate")) {
        rc = fg_cli_qty(cmd, arg, val, &fg_cli_rate, &link->rate_gbps);
    } else if (!strcmp(arg, "--mtu")) {
        if (!(rc = parse_uint(arg, val, 68, 16000, &x))) link->mtu = (uint32_t)x;
    } else if (!strcmp(arg, "--cable")) {
        rc = fg_cli_qty(cmd, arg, val, &fg_cli_cable, &link->wire_ns);
    } else if (!strcmp(arg, "--tr")) {
        rc = fg_cli_qty(cmd, arg, val, &fg_cli_time_us, &link->proc_ns);
    } else if (!strcmp(arg, "--cell")) {
        if (!(rc = parse_uint(arg, val, 1, 16384, &x))) link->cell_bytes = (uint32_t)x;
    } else {
        if (!(rc = parse_uint(arg, val, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX, &x))) link->cw = (int)x;
    }
    cmd = saved;
    return rc;
}

static void check_usage(FILE *f)
{
    fprintf(f,
            "usage: flowgate gfc check --rate 10G --bm-cells M --b1-cells N\n"
            "                          [--mtu 1500] [--cable 1us] [--tr 3us] [--cell 64]\n"
            "       flowgate gfc check --mode time --rate 10G --bm-cells M --period-cells P --recip R\n"
            "                          [--mtu 1500] [--cable 1us] [--tr 3us] [--cell 64]\n"
            "  Checks register values before they are programmed. Buffer mode (switch GFC_B1/GFC_BM):\n"
            "  B_1 <= B_m - 2*C*tau in cells. Time mode (fg_gfc_time cfg_period/cfg_recip, B_m = the\n"
            "  receiver's buffer in blocks): Theorem 5.1, B_0 <= B_m - (sqrt(tau/T)+1)^2*C*T.\n"
            "  Exit 0 legal, 1 a GFC rule broken (field and legal range named), 2 bad command line.\n");
}

/* flowgate gfc check: fg_gfc_check_stage_regs / fg_gfc_check_time_regs on register values */
static int cmd_check(int argc, char **argv)
{
    cmd = "flowgate gfc check";
    fg_gfc_plan_in link;
    fg_gfc_plan_defaults(&link);
    long b1 = -1, bm = -1, period = -1, recip = -1;
    int have_rate = 0, json = 0, rc;
    fg_cli_seen seen = {{0}, 0};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            check_usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            if ((rc = fg_cli_once(cmd, &seen, a))) return rc;
            json = 1;
            continue;
        }
        if (!strcmp(a, "--rate") || !strcmp(a, "--mtu") || !strcmp(a, "--cable") || !strcmp(a, "--tr") ||
            !strcmp(a, "--cell") || !strcmp(a, "--cw") || !strcmp(a, "--mode") || !strcmp(a, "--b1-cells") ||
            !strcmp(a, "--bm-cells") || !strcmp(a, "--period-cells") || !strcmp(a, "--recip")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: %s needs a value\n", cmd, a);
                return FG_EXIT_USAGE;
            }
            v = argv[++i];
        } else {
            fprintf(stderr, "%s: unknown option '%s' (flowgate gfc check --help)\n", cmd, a);
            return FG_EXIT_USAGE;
        }
        if ((rc = fg_cli_parse_link(cmd, a, v, &link, &seen)) >= 0) {
            if (rc) return rc;
            have_rate |= !strcmp(a, "--rate");
            continue;
        }
        if ((rc = fg_cli_once(cmd, &seen, a))) return rc;
        if (!strcmp(a, "--mode")) {
            if ((rc = parse_mode(a, v, &link.mode))) return rc;
        } else if (!strcmp(a, "--b1-cells")) {
            if ((rc = parse_reg(a, v, 0xFFFFFF, &b1))) return rc;
        } else if (!strcmp(a, "--bm-cells")) {
            if ((rc = parse_reg(a, v, 0xFFFFFF, &bm))) return rc;
        } else if (!strcmp(a, "--period-cells")) {
            if ((rc = parse_reg(a, v, 0xFFFFFF, &period))) return rc;
        } else if (!strcmp(a, "--recip")) {
            if ((rc = parse_reg(a, v, 0xFFFFFF, &recip))) return rc;
        }
    }
    int time_mode = link.mode == FG_GFC_MODE_TIME;
    if (!have_rate || bm < 0 || (!time_mode && b1 < 0) || (time_mode && (period < 0 || recip < 0))) {
        fprintf(stderr, "%s: %s\n", cmd,
                time_mode ? "--rate, --bm-cells, --period-cells and --recip are required in time mode"
                          : "--rate, --bm-cells and --b1-cells are required (or --mode time)");
        return FG_EXIT_USAGE;
    }
    if (time_mode && b1 >= 0) {
        fprintf(stderr, "%s: --b1-cells is a buffer-based register: it needs --mode buffer\n", cmd);
        return FG_EXIT_USAGE;
    }
    if (!time_mode && (period >= 0 || recip >= 0)) {
        fprintf(stderr, "%s: --period-cells and --recip are time-based registers: they need --mode time\n", cmd);
        return FG_EXIT_USAGE;
    }
    char msg[600];
    int bad_rule = time_mode
                       ? fg_gfc_check_time_regs(&link, (uint32_t)bm, (uint32_t)period, (uint32_t)recip, msg, sizeof msg)
                       : fg_gfc_check_stage_regs(&link, (uint32_t)b1, (uint32_t)bm, msg, sizeof msg);
    if (json) {
        printf("{\"mode\": \"%s\", \"rate_gbps\": %.17g, \"cell_bytes\": %u, \"bm_cells\": %ld, ",
               time_mode ? "time" : "buffer", link.rate_gbps, link.cell_bytes, bm);
        if (time_mode)
            printf("\"period_cells\": %ld, \"recip\": %ld, ", period, recip);
        else
            printf("\"b1_cells\": %ld, ", b1);
        printf("\"legal\": %s, \"error\": ", bad_rule ? "false" : "true");
        if (bad_rule)
            fg_cli_json_string(stdout, msg);
        else
            printf("null");
        printf("}\n");
        return bad_rule ? FG_EXIT_INVALID : 0;
    }
    if (bad_rule) {
        fprintf(stderr, "%s: %s\n", cmd, msg);
        return FG_EXIT_INVALID;
    }
    if (time_mode)
        printf("legal: cfg_period = %ld, cfg_recip = %ld for B_m = %ld blocks of %u B at %g Gb/s (Theorem 5.1 holds)\n",
               period, recip, bm, link.cell_bytes, link.rate_gbps);
    else
        printf("legal: gfc_b1 = %ld, gfc_bm = %ld cells of %u B at %g Gb/s (B_1 <= B_m - 2*C*tau holds)\n", b1, bm,
               link.cell_bytes, link.rate_gbps);
    return 0;
}

/* What `gfc check` would say of the plan's registers: the calculator promises they pass it
 * (fg_gfc_plan.h; sw/tests/test_gfc_property.c sweeps that promise), and the CLI never prints
 * a plan that breaks it, whatever the library does. */
static int plan_passes_check(const fg_gfc_plan_in *in, const fg_gfc_plan_out *o, char *msg, size_t n)
{
    if (in->mode == FG_GFC_MODE_TIME)
        return fg_gfc_check_time_regs(in, (uint32_t)(o->bm_bytes / in->cell_bytes), (uint32_t)o->period_cell_times,
                                      o->recip, msg, n);
    return fg_gfc_check_stage_regs(in, o->b1_cells, o->bm_cells, msg, n);
}

int fg_cmd_gfc(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        if (argc >= 2) check_usage(stdout);
        return argc < 2 ? FG_EXIT_USAGE : 0;
    }
    if (!strcmp(argv[1], "check")) return cmd_check(argc, argv);
    if (strcmp(argv[1], "plan")) {
        fprintf(stderr, "flowgate gfc: unknown subcommand '%s' (plan or check)\n", argv[1]);
        return FG_EXIT_USAGE;
    }
    fg_gfc_plan_in in;
    fg_gfc_plan_defaults(&in);
    int json = 0, have_rate = 0, have_buffer = 0, rc;
    long x;
    fg_cli_seen seen = {{0}, 0};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            if ((rc = fg_cli_once(cmd, &seen, a))) return rc;
            json = 1;
            continue;
        }
        if (!strcmp(a, "--rate") || !strcmp(a, "--buffer") || !strcmp(a, "--mtu") || !strcmp(a, "--cable") ||
            !strcmp(a, "--tr") || !strcmp(a, "--mode") || !strcmp(a, "--period") || !strcmp(a, "--b1") ||
            !strcmp(a, "--b0") || !strcmp(a, "--cell") || !strcmp(a, "--msg") || !strcmp(a, "--cw")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: %s needs a value\n", cmd, a);
                return FG_EXIT_USAGE;
            }
            v = argv[++i];
        } else {
            fprintf(stderr, "%s: unknown option '%s' (flowgate gfc plan --help)\n", cmd, a);
            return FG_EXIT_USAGE;
        }
        if ((rc = fg_cli_parse_link(cmd, a, v, &in, &seen)) >= 0) {
            if (rc) return rc;
            have_rate |= !strcmp(a, "--rate");
            continue;
        }
        if ((rc = fg_cli_once(cmd, &seen, a))) return rc;
        if (!strcmp(a, "--buffer")) {
            const fg_qty_spec buffer_spec = {FG_QTY_SIZE, "B", 1, FG_GFC_BUFFER_MAX_BYTES, 0};
            if ((rc = fg_cli_qty(cmd, a, v, &buffer_spec, &in.buffer_bytes))) return rc;
            have_buffer = 1;
        } else if (!strcmp(a, "--period")) {
            if ((rc = fg_cli_qty(cmd, a, v, &fg_cli_period_us, &in.period_ns))) return rc;
        } else if (!strcmp(a, "--mode")) {
            if ((rc = parse_mode(a, v, &in.mode))) return rc;
        } else if (!strcmp(a, "--b1")) {
            if ((rc = fg_cli_qty(cmd, a, v, &size_spec, &in.b1_bytes))) return rc;
        } else if (!strcmp(a, "--b0")) {
            if ((rc = fg_cli_qty(cmd, a, v, &size_spec, &in.b0_bytes))) return rc;
        } else if (!strcmp(a, "--msg")) {
            if ((rc = parse_uint(a, v, 1, 16384, &x))) return rc;
            in.msg_bytes = (uint32_t)x;
        }
    }
    if (!have_rate || !have_buffer) {
        fprintf(stderr, "%s: --rate and --buffer are required (e.g. --rate 10G --buffer 300KB)\n", cmd);
        return FG_EXIT_USAGE;
    }
    if (in.period_ns > 0 && in.mode != FG_GFC_MODE_TIME) {
        fprintf(stderr, "%s: --period is the CBFC feedback period: it needs --mode time\n", cmd);
        return FG_EXIT_USAGE;
    }
    if (in.b0_bytes >= 0 && in.mode != FG_GFC_MODE_TIME) {
        fprintf(stderr, "%s: --b0 is a time-based parameter: it needs --mode time\n", cmd);
        return FG_EXIT_USAGE;
    }
    if (in.b1_bytes >= 0 && in.mode != FG_GFC_MODE_BUFFER) {
        fprintf(stderr, "%s: --b1 is a buffer-based parameter: it needs --mode buffer\n", cmd);
        return FG_EXIT_USAGE;
    }
    fg_gfc_plan_out out;
    char msg[600], inner[600];
    if (fg_gfc_plan(&in, &out, msg, sizeof msg)) {
        fprintf(stderr, "%s: %s\n", cmd, msg);
        return FG_EXIT_INVALID;
    }
    if (plan_passes_check(&in, &out, inner, sizeof inner)) {
        fprintf(stderr, "%s: internal error, the plan's registers break a GFC rule (please report): %s\n", cmd, inner);
        return FG_EXIT_INVALID;
    }
    if (json)
        print_json(&in, &out);
    else
        print_text(&in, &out);
    return 0;
}
