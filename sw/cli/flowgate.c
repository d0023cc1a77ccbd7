/* flowgate.c - the flowgate command-line tool: parameter calculators and register tools for
 * people choosing a configuration before they touch hardware (docs/sw.md).
 *
 *   flowgate headroom --rate 40G --cable 100m [--mtu 1500] [--cell 64] [--phy-delay-ns N]
 *                     [--reaction-quanta Q] [--lossless 3,4] [--json]
 *   flowgate regs [--ports N] [--prio P] [--cw W] [--json]
 *   flowgate check-config FILE [--json] [--rate R --cable L [--mtu M] [--cell C] [--phy-delay-ns N]]
 *
 * A subcommand is one entry of the table `commands` below: a name, a function taking its own
 * argc/argv and a one-line summary; subcommands with their own file (sw/cli/fg_cmd_*.c) are
 * declared in sw/cli/fg_cli.h.
 * Every number and quantity is read by fg_parse.h (sw/cli/fg_cli_args.c holds the specs the
 * commands share); an option given twice is an error.
 * Exit status: 0 success, 1 the input is understood but not legal (a configuration that
 * breaks a rule), 2 bad command line (a message names the argument and its legal range). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fg_cli.h"
#include "fg_gfc_plan.h"
#include "fg_headroom.h"
#include "fg_parse.h"
#include "fg_reg_plan.h"
#include "fg_regs.h"
#include "fg_units.h"

#define EXIT_INVALID 1
#define EXIT_USAGE 2

static const char *g_cmd = "flowgate";

static int usage_error(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", g_cmd);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

/* ---- argument parsers: each returns 0, or prints "CMD: ARG ..." and returns EXIT_USAGE ---- */

/* --rate: a rate through the shared parser (fg_cli_rate), or 10GBASE-T (74 reaction quanta) */
static int parse_rate(const char *arg, const char *s, double *gbps, int *base_t)
{
    *base_t = 0;
    if (!strcasecmp(s, "10GBASE-T") || !strcasecmp(s, "10GBASET")) {
        *gbps = 10;
        *base_t = 1;
        return 0;
    }
    return fg_cli_qty(g_cmd, arg, s, &fg_cli_rate, gbps);
}

static int parse_uint(const char *arg, const char *s, long lo, long hi, long *v)
{
    uint64_t x;
    int rc = fg_cli_uint(g_cmd, arg, s, (uint64_t)lo, (uint64_t)hi, FG_PARSE_DEC, &x);
    if (!rc)
        *v = (long)x;
    return rc;
}

/* "3", "3,4", "0-7" -> bit mask of priorities 0..7; every number through fg_parse_u64 */
static int parse_prio_list(const char *arg, const char *s, unsigned *mask)
{
    char buf[64];
    *mask = 0;
    if (strlen(s) >= sizeof buf)
        goto bad;
    snprintf(buf, sizeof buf, "%s", s);
    for (char *item = buf, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *dash = strchr(item, '-');
        if (dash)
            *dash = '\0';
        uint64_t a, b;
        if (fg_parse_u64(item, 0, 7, FG_PARSE_DEC, &a) || fg_parse_u64(dash ? dash + 1 : item, a, 7, FG_PARSE_DEC, &b))
            goto bad;
        for (uint64_t i = a; i <= b; i++)
            *mask |= 1u << i;
    }
    if (*mask)
        return 0;
bad:
    return usage_error("%s expects priorities 0..7 as a list like 3 or 3,4 or 0-7, got '%s'", arg, s);
}

/* The value of option argv[*i] (which must exist). */
static const char *need_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s: %s needs a value\n", g_cmd, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* ---- headroom --------------------------------------------------------------------------- */

typedef struct {
    fg_headroom_in in;
    int have_rate, have_cable;
    int core_form; /* --core: -1 not given, else the core's LINE_RATE (0 default, 1 line-rate) */
    long core_ports; /* --ports, 0 not given */
    fg_cli_seen seen;
} headroom_opts;

/* The core forms --core names, as the RTL parameter LINE_RATE. The compact form (2) is not
 * here: its reaction is not characterised yet (fg_headroom_core_cycles). */
static const struct {
    const char *name;
    int line_rate;
} core_forms[] = {{"default", 0}, {"line-rate", 1}};

/* Parses one headroom option at argv[*i]; 1 = not a headroom option, 0 = ok, else exit code. */
static int headroom_option(headroom_opts *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v;
    long x;
    int rc;
    if (!strcmp(a, "--rate") || !strcmp(a, "--cable") || !strcmp(a, "--mtu") || !strcmp(a, "--cell") ||
        !strcmp(a, "--phy-delay-ns") || !strcmp(a, "--reaction-quanta") || !strcmp(a, "--core") ||
        !strcmp(a, "--ports") || !strcmp(a, "--core-mhz")) {
        if ((rc = fg_cli_once(g_cmd, &o->seen, a)))
            return rc;
        if (!(v = need_value(argc, argv, i)))
            return EXIT_USAGE;
    } else {
        return 1;
    }
    if (!strcmp(a, "--rate")) {
        if ((rc = parse_rate(a, v, &o->in.rate_gbps, &o->in.base_t)))
            return rc;
        o->have_rate = 1;
    } else if (!strcmp(a, "--cable")) {
        double ns;
        if ((rc = fg_cli_qty(g_cmd, a, v, &fg_cli_cable, &ns)))
            return rc;
        o->in.cable_m = ns / FG_CABLE_NS_PER_M;
        o->have_cable = 1;
    } else if (!strcmp(a, "--mtu")) {
        if ((rc = parse_uint(a, v, 68, 16000, &x)))
            return rc;
        o->in.mtu = (uint32_t)x;
    } else if (!strcmp(a, "--cell")) {
        if ((rc = parse_uint(a, v, 1, 16384, &x)))
            return rc;
        o->in.cell_bytes = (uint32_t)x;
    } else if (!strcmp(a, "--phy-delay-ns")) {
        if ((rc = fg_cli_qty(g_cmd, a, v, &fg_cli_time_ns, &o->in.phy_delay_ns)))
            return rc;
    } else if (!strcmp(a, "--core")) {
        o->core_form = -2;
        for (size_t k = 0; k < sizeof core_forms / sizeof core_forms[0]; k++)
            if (!strcmp(v, core_forms[k].name))
                o->core_form = core_forms[k].line_rate;
        if (o->core_form == -2)
            return usage_error("--core: '%s' is not a core form (legal: default, line-rate)%s", v, "");
    } else if (!strcmp(a, "--ports")) {
        if ((rc = parse_uint(a, v, 1, 32, &o->core_ports)))
            return rc;
    } else if (!strcmp(a, "--core-mhz")) {
        char *end;
        double mhz = strtod(v, &end);
        if (end == v || *end || !(mhz > 0 && mhz <= 1000))
            return usage_error("--core-mhz: '%s' is outside its legal range (0, 1000] MHz%s", v, "");
        o->in.core_mhz = mhz;
    } else {
        if ((rc = parse_uint(a, v, 1, 65535, &x)))
            return rc;
        o->in.reaction_quanta = (int)x;
    }
    return 0;
}

/* --core (with --ports) into the calculator's core term: the core form's worst reaction. */
static int headroom_core(headroom_opts *o)
{
    if (o->core_form < 0) {
        if (o->core_ports)
            return usage_error("--ports goes with --core (the core's reaction grows with its ports)%s%s", "", "");
        return 0;
    }
    if (o->core_form == 1 && !o->core_ports)
        return usage_error("--core line-rate needs --ports N (the core's port count, 1..32)%s%s", "", "");
    long c = fg_headroom_core_cycles(o->core_form, o->core_ports ? (int)o->core_ports : 1, 1);
    if (c < 0)
        return usage_error("--core: no reaction figure for this form%s%s", "", "");
    o->in.core_cycles = (int)c;
    return 0;
}

static void headroom_help(void)
{
    printf("usage: flowgate headroom --rate RATE --cable LENGTH [--mtu BYTES] [--cell BYTES]\n"
           "                         [--phy-delay-ns NS] [--reaction-quanta Q] [--core FORM [--ports N]]\n"
           "                         [--core-mhz F] [--lossless LIST] [--cw W] [--json]\n"
           "PFC headroom of one lossless priority group (SPEC.md section 2), term by term.\n"
           "  --rate             link rate: 1G, 10G, 10GBASE-T, 40G, 100G (others need --reaction-quanta)\n"
           "  --cable            cable length or one-way delay: 100m, 3 (m), 2km, 500ns (5 ns per metre)\n"
           "  --mtu              IP MTU, 68..16000 (default 1500; frame on the wire = MTU + 42)\n"
           "  --cell             buffer cell size in bytes, 1..16384 (default 64)\n"
           "  --phy-delay-ns     PHY + MAC + pipeline delay of both ends, 0..1000000 ns or with a unit\n"
           "                     (100ns, 0.2us; default 100)\n"
           "  --reaction-quanta  sender reaction time in quanta, 1..65535 (default: 802.3 Annex 31B)\n"
           "  --core             add the switch core's own reaction (its worst case, measured on the C\n"
           "                     model): default (3 edges) or line-rate (N + 12 edges, needs --ports N);\n"
           "                     without it that time is left to --phy-delay-ns\n"
           "  --core-mhz         the core's clock, (0, 1000] MHz (default 156.25)\n"
           "  --lossless         lossless priorities, e.g. 3 or 3,4 or 0-7 (default 3)\n"
           "  --cw               the switch core's counter width: HEADROOM holds 2^CW - 1 cells at most\n"
           "                     (default %d, legal %d..%d); a larger result is refused (exit 1)\n"
           "  --json             one JSON object instead of the table\n"
           "Exit 0 ok, 1 the result does not fit HEADROOM, 2 bad command line.\n",
           FG_PARAM_CW_DEFAULT, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX);
}

static int cmd_headroom(int argc, char **argv)
{
    headroom_opts o;
    memset(&o, 0, sizeof o);
    fg_headroom_defaults(&o.in);
    o.core_form = -1;
    unsigned lossless = 1u << 3;
    int json = 0, rc;
    for (int i = 1; i < argc; i++) {
        rc = headroom_option(&o, argc, argv, &i);
        if (rc == 0)
            continue;
        if (rc != 1)
            return rc;
        if ((!strcmp(argv[i], "--json") || !strcmp(argv[i], "--lossless") || !strcmp(argv[i], "--cw")) &&
            (rc = fg_cli_once(g_cmd, &o.seen, argv[i])))
            return rc;
        if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "--lossless") || !strcmp(argv[i], "--cw")) {
            const char *a = argv[i], *v = need_value(argc, argv, &i);
            long cw;
            if (!v)
                return EXIT_USAGE;
            if (!strcmp(a, "--cw")) {
                if ((rc = parse_uint(a, v, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX, &cw)))
                    return rc;
                o.in.cw = (int)cw;
            } else if ((rc = parse_prio_list(a, v, &lossless))) {
                return rc;
            }
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            headroom_help();
            return 0;
        } else {
            return usage_error("unknown option '%s'%s (see flowgate headroom --help)", argv[i], "");
        }
    }
    if (!o.have_rate)
        return usage_error("--rate is required (a link rate like 10G, 40G, 100G or 10GBASE-T)%s%s", "", "");
    if (!o.have_cable)
        return usage_error("--cable is required (a cable length like 100m, 0..100000 m)%s%s", "", "");
    if ((rc = headroom_core(&o)))
        return rc;
    fg_headroom_out h;
    char msg[400];
    if ((rc = fg_headroom_compute(&o.in, &h, msg, sizeof msg))) {
        if (rc == -2) { /* legal inputs, but no HEADROOM register can hold the result */
            fprintf(stderr, "%s: %s\n", g_cmd, msg);
            return EXIT_INVALID;
        }
        if (o.in.reaction_quanta < 0 && strstr(msg, "Annex 31B"))
            return usage_error("--rate: %s (pass --reaction-quanta Q, 1..65535)%s", msg, "");
        return usage_error("%s%s", msg, "");
    }
    int nl = 0;
    for (int p = 0; p < 8; p++)
        nl += (lossless >> p) & 1u;
    uint64_t frame = (uint64_t)o.in.mtu + FG_HEADROOM_FRAME_OVERHEAD;
    if (json) {
        printf("{\"rate_gbps\": %g, \"base_t\": %s, \"cable_m\": %g, \"cable_ns\": %g, \"mtu\": %u, "
               "\"frame_bytes\": %llu, \"cell_bytes\": %u, \"phy_delay_ns\": %g, \"reaction_quanta\": %u, "
               "\"terms_bytes\": {\"max_frame_rx\": %llu, \"pfc_frame\": %llu, \"cable\": %llu, \"reaction\": %llu, "
               "\"max_frame_tx\": %llu, \"core\": %llu, \"phy\": %llu}, \"core_cycles\": %d, "
               "\"core_mhz\": %g, \"total_bytes\": %llu, \"total_cells\": %llu, "
               "\"lossless\": [",
               o.in.rate_gbps, o.in.base_t ? "true" : "false", o.in.cable_m, h.cable_ns, o.in.mtu,
               (unsigned long long)frame, o.in.cell_bytes, o.in.phy_delay_ns, h.reaction_quanta,
               (unsigned long long)h.max_frame_rx, (unsigned long long)h.pfc_frame, (unsigned long long)h.cable,
               (unsigned long long)h.reaction, (unsigned long long)h.max_frame_tx, (unsigned long long)h.core,
               (unsigned long long)h.phy, o.in.core_cycles, o.in.core_mhz, (unsigned long long)h.total_bytes,
               (unsigned long long)h.total_cells);
        for (int p = 0, first = 1; p < 8; p++)
            if ((lossless >> p) & 1u) {
                printf(first ? "%d" : ", %d", p);
                first = 0;
            }
        printf("], \"headroom_register\": %llu, \"port_total_cells\": %llu}\n", (unsigned long long)h.total_cells,
               (unsigned long long)(h.total_cells * (uint64_t)nl));
        return 0;
    }
    printf("PFC headroom per lossless priority group (SPEC.md section 2)\n");
    printf("  link %g Gb/s%s, cable %g m (%g ns one way), MTU %u (frame %llu B on the wire), cell %u B\n",
           o.in.rate_gbps, o.in.base_t ? " (10GBASE-T)" : "", o.in.cable_m, h.cable_ns, o.in.mtu,
           (unsigned long long)frame, o.in.cell_bytes);
    printf("  %-46s %8llu B\n", "max frame in flight at the receiver", (unsigned long long)h.max_frame_rx);
    printf("  %-46s %8llu B\n", "PFC frame (64 B + preamble + IFG)", (unsigned long long)h.pfc_frame);
    char label[80];
    snprintf(label, sizeof label, "2 x cable delay x rate (2 x %g ns)", h.cable_ns);
    printf("  %-46s %8llu B\n", label, (unsigned long long)h.cable);
    snprintf(label, sizeof label, "sender reaction (%u quanta%s)", h.reaction_quanta,
             o.in.reaction_quanta < 0 ? ", 802.3 Annex 31B" : ", given");
    printf("  %-46s %8llu B\n", label, (unsigned long long)h.reaction);
    printf("  %-46s %8llu B\n", "max frame in flight at the sender", (unsigned long long)h.max_frame_tx);
    if (o.in.core_cycles) {
        snprintf(label, sizeof label, "switch core reaction (%d edges at %g MHz)", o.in.core_cycles, o.in.core_mhz);
        printf("  %-46s %8llu B\n", label, (unsigned long long)h.core);
    }
    snprintf(label, sizeof label, "PHY/pipeline delay (%g ns)", o.in.phy_delay_ns);
    printf("  %-46s %8llu B\n", label, (unsigned long long)h.phy);
    printf("  %-46s %8llu B = %llu cells\n", "total", (unsigned long long)h.total_bytes,
           (unsigned long long)h.total_cells);
    for (int p = 0; p < 8; p++)
        if ((lossless >> p) & 1u)
            printf("priority %d: headroom %llu cells (%llu B)\n", p, (unsigned long long)h.total_cells,
                   (unsigned long long)h.total_bytes);
    printf("HEADROOM[i] = %llu for such a port; %d lossless priorit%s hold%s %llu cells of the port\n",
           (unsigned long long)h.total_cells, nl, nl == 1 ? "y" : "ies", nl == 1 ? "s" : "",
           (unsigned long long)(h.total_cells * (uint64_t)nl));
    return 0;
}

/* ---- regs ------------------------------------------------------------------------------- */

static int instance_option(fg_sw_config *c, int argc, char **argv, int *i, int *rc)
{
    const char *a = argv[*i], *v;
    long x;
    long lo, hi;
    int *dst;
    if (!strcmp(a, "--ports")) {
        lo = FG_PARAM_N_PORTS_MIN, hi = FG_PARAM_N_PORTS_MAX, dst = &c->n_ports;
    } else if (!strcmp(a, "--prio")) {
        lo = FG_PARAM_N_PRIO_MIN, hi = FG_PARAM_N_PRIO_MAX, dst = &c->n_prio;
    } else if (!strcmp(a, "--cw")) {
        lo = FG_PARAM_CW_MIN, hi = FG_PARAM_CW_MAX, dst = &c->cw;
    } else {
        return 1;
    }
    if (!(v = need_value(argc, argv, i))) {
        *rc = EXIT_USAGE;
        return 0;
    }
    *rc = parse_uint(a, v, lo, hi, &x);
    if (!*rc)
        *dst = (int)x;
    return 0;
}

static int cmd_regs(int argc, char **argv)
{
    fg_sw_config c;
    char msg[300];
    fg_cli_seen seen = {{0}, 0};
    int json = 0;
    fg_sw_config_defaults(&c, FG_PARAM_N_PORTS_DEFAULT, FG_PARAM_N_PRIO_DEFAULT, FG_PARAM_CW_DEFAULT, msg, sizeof msg);
    for (int i = 1; i < argc; i++) {
        int rc = 0;
        if (argv[i][0] == '-' && (rc = fg_cli_once(g_cmd, &seen, argv[i])))
            return rc;
        if (instance_option(&c, argc, argv, &i, &rc) == 0) {
            if (rc)
                return rc;
            continue;
        }
        if (!strcmp(argv[i], "--json")) {
            json = 1;
            continue;
        }
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: flowgate regs [--ports N] [--prio P] [--cw W] [--json]\n"
                   "Prints the switch core's register map for an instance (default %d ports x %d priorities, CW %d;\n"
                   "ports %d..%d, priorities %d..%d, CW %d..%d). --json: one object with fields and rules.\n",
                   FG_PARAM_N_PORTS_DEFAULT, FG_PARAM_N_PRIO_DEFAULT, FG_PARAM_CW_DEFAULT, FG_PARAM_N_PORTS_MIN,
                   FG_PARAM_N_PORTS_MAX, FG_PARAM_N_PRIO_MIN, FG_PARAM_N_PRIO_MAX, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX);
            return 0;
        }
        return usage_error("unknown option '%s'%s (see flowgate regs --help)", argv[i], "");
    }
    static const char *const kind[] = {"RO", "RW", "W1C", "RO", "RO/wr clears"};
    const fg_reg_map *map = &fg_regs_sw_map;
    if (json)
        printf("{\"n_ports\": %d, \"n_prio\": %d, \"cw\": %d, \"fields\": [", c.n_ports, c.n_prio, c.cw);
    else {
        printf("flowgate switch-core registers: %d ports x %d priorities, CW %d (docs/registers.md)\n", c.n_ports,
               c.n_prio, c.cw);
        printf("%-7s %-15s %-12s %-8s %-15s %-9s %-23s %s\n", "address", "register", "access", "entries", "field",
               "bits", "range", "reset");
    }
    const char *last = "";
    for (size_t i = 0; i < map->n_fields; i++) {
        const fg_reg_field_desc *f = &map->fields[i];
        int w = fg_sw_field_width(f, &c), cnt = fg_sw_field_count(f, &c);
        int ranged = f->kind == FG_REG_KIND_RW || f->kind == FG_REG_KIND_ERR;
        if (json) {
            printf("%s{\"address\": \"0x%03X\", \"register\": \"%s\", \"access\": \"%s\", \"entries\": %d, "
                   "\"field\": \"%s\", \"lsb\": %d, \"width\": %d, ",
                   i ? ", " : "", f->addr, f->reg, kind[f->kind], cnt, f->field, f->lsb, w);
            if (ranged)
                printf("\"min\": %u, \"max\": %u, \"reset\": %u}", f->min, fg_sw_field_max(f, &c),
                       fg_sw_field_reset(f, &c));
            else
                printf("\"min\": null, \"max\": null, \"reset\": %s}", f->kind == FG_REG_KIND_CONST ? "null" : "0");
            continue;
        }
        char addr[16], ent[16], bits[32], range[32], reset[24];
        int first = strcmp(last, f->reg) != 0;
        last = f->reg;
        snprintf(addr, sizeof addr, "0x%03X", f->addr);
        snprintf(ent, sizeof ent, "%d", cnt);
        if (w == 1)
            snprintf(bits, sizeof bits, "[%d]", f->lsb);
        else
            snprintf(bits, sizeof bits, "[%d:%d]", f->lsb + w - 1, f->lsb);
        if (ranged)
            snprintf(range, sizeof range, "%u..%u", f->min, fg_sw_field_max(f, &c));
        else
            snprintf(range, sizeof range, "-");
        if (ranged)
            snprintf(reset, sizeof reset, "%u", fg_sw_field_reset(f, &c));
        else if (f->kind == FG_REG_KIND_CONST)
            snprintf(reset, sizeof reset, "constant");
        else
            snprintf(reset, sizeof reset, "0");
        printf("%-7s %-15s %-12s %-8s %-15s %-9s %-23s %s\n", first ? addr : "", first ? f->reg : "",
               first ? kind[f->kind] : "", first ? ent : "", f->field, bits, range, reset);
    }
    if (json) {
        printf("], \"rules\": [");
        for (size_t r = 0; r < map->n_rules; r++) {
            printf("%s{\"name\": ", r ? ", " : "");
            fg_cli_json_string(stdout, map->rules[r].name);
            printf(", \"doc\": ");
            fg_cli_json_string(stdout, map->rules[r].doc);
            printf("}");
        }
        printf("]}\n");
        return 0;
    }
    for (size_t r = 0; r < map->n_rules; r++)
        printf("rule %s: %s\n", map->rules[r].name, map->rules[r].doc);
    printf("arrays: per port at base + 4*i; per PG at base + 4*(i*N_PRIO + p)\n");
    return 0;
}

/* ---- check-config ----------------------------------------------------------------------- */

/* The outcome of check-config, printed as text or as one JSON object. */
typedef struct {
    const char *path;
    int ok, loaded, have_headroom;
    char error[1100];
    fg_sw_config c;
    uint64_t headroom_cells;
    char warnings[8][640];
    int n_warnings;
} check_report;

static void check_warn(check_report *r, const char *text)
{
    if (r->n_warnings < 8)
        snprintf(r->warnings[r->n_warnings], sizeof r->warnings[0], "%s", text);
    r->n_warnings++;
}

static int check_print(const check_report *r, int json)
{
    if (json) {
        printf("{\"file\": ");
        fg_cli_json_string(stdout, r->path);
        printf(", \"ok\": %s, \"error\": ", r->ok ? "true" : "false");
        if (r->ok)
            printf("null");
        else
            fg_cli_json_string(stdout, r->error);
        if (r->loaded)
            printf(", \"n_ports\": %d, \"n_prio\": %d, \"cw\": %d", r->c.n_ports, r->c.n_prio, r->c.cw);
        if (r->have_headroom)
            printf(", \"headroom_needed_cells\": %llu", (unsigned long long)r->headroom_cells);
        printf(", \"warnings\": [");
        for (int i = 0; i < r->n_warnings && i < 8; i++) {
            printf(i ? ", " : "");
            fg_cli_json_string(stdout, r->warnings[i]);
        }
        printf("]}\n");
    } else if (!r->ok) {
        fprintf(stderr, "%s: %s\n", g_cmd, r->error);
    } else {
        printf("%s: legal configuration for %d ports x %d priorities, CW %d\n", r->path, r->c.n_ports, r->c.n_prio,
               r->c.cw);
        for (int i = 0; i < r->n_warnings && i < 8; i++)
            printf("warning: %s\n", r->warnings[i]);
        if (r->n_warnings > 8)
            printf("warning: ... %d more\n", r->n_warnings - 8);
        if (r->have_headroom && !r->n_warnings)
            printf("headroom: every port has at least the %llu cells needed\n", (unsigned long long)r->headroom_cells);
    }
    return r->ok ? 0 : EXIT_INVALID;
}

static int cmd_check_config(int argc, char **argv)
{
    const char *path = NULL;
    headroom_opts o;
    memset(&o, 0, sizeof o);
    fg_headroom_defaults(&o.in);
    o.core_form = -1;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        int rc = headroom_option(&o, argc, argv, &i);
        if (rc == 0)
            continue;
        if (rc != 1)
            return rc;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: flowgate check-config FILE [--json] [--rate RATE --cable LENGTH [--mtu M] [--cell C]\n"
                   "                                  [--phy-delay-ns N] [--reaction-quanta Q]\n"
                   "                                  [--core FORM [--ports N]] [--core-mhz F]]\n"
                   "Validates a key=value configuration (fg_regs.h describes the format): every field in\n"
                   "range, XON <= XOFF, and a shared pool left over. With --rate and --cable it also warns\n"
                   "about ports whose HEADROOM is below what `flowgate headroom` computes, and with\n"
                   "gfc_enable = 1 rejects GFC_B1 above GFC_BM - 2*C*tau (t_r 3 us; flowgate gfc check).\n"
                   "--json: one object {file, ok, error, n_ports, n_prio, cw, headroom_needed_cells, warnings}.\n"
                   "Exit 0 legal, 1 illegal or unreadable, 2 bad command line.\n");
            return 0;
        }
        if (!strcmp(argv[i], "--json")) {
            if ((rc = fg_cli_once(g_cmd, &o.seen, argv[i])))
                return rc;
            json = 1;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1])
            return usage_error("unknown option '%s'%s (see flowgate check-config --help)", argv[i], "");
        if (path)
            return usage_error("one configuration FILE only, got '%s' and '%s'", path, argv[i]);
        path = argv[i];
    }
    if (!path)
        return usage_error("FILE is required (a key=value configuration file)%s%s", "", "");
    if (o.have_rate != o.have_cable)
        return usage_error("--rate and --cable go together (the headroom check needs both)%s%s", "", "");
    {
        int crc = headroom_core(&o);
        if (crc)
            return crc;
    }
    check_report *r = calloc(1, sizeof *r);
    if (!r)
        return usage_error("out of memory%s%s", "", "");
    r->path = path;
    fg_headroom_out h;
    char msg[600];
    /* the link options are command line: a rate without an Annex 31B entry is exit 2, before
     * anything about the file is said */
    if (o.have_rate && fg_headroom_compute(&o.in, &h, msg, sizeof msg) == -1) {
        free(r);
        if (o.in.reaction_quanta < 0 && strstr(msg, "Annex 31B"))
            return usage_error("--rate: %s (pass --reaction-quanta Q, 1..65535)%s", msg, "");
        return usage_error("%s%s", msg, "");
    }
    fg_sw_config_defaults(&r->c, FG_PARAM_N_PORTS_DEFAULT, FG_PARAM_N_PRIO_DEFAULT, FG_PARAM_CW_DEFAULT, msg,
                          sizeof msg);
    if (fg_sw_config_load(&r->c, path, r->error, sizeof r->error)) {
        /* messages of the loader carry FILE:LINE (or FILE: for the file itself) */
    } else if (r->loaded = 1, fg_sw_config_validate(&r->c, msg, sizeof msg)) {
        snprintf(r->error, sizeof r->error, "%s: %s", path, msg);
    } else if (o.have_rate && r->c.gfc_enable) { /* B_1 <= B_m - 2*C*tau needs the link (docs/gfc.md) */
        fg_gfc_plan_in link;
        fg_gfc_plan_defaults(&link);
        link.rate_gbps = o.in.rate_gbps;
        link.wire_ns = fg_cable_delay_ns(o.in.cable_m);
        link.mtu = o.in.mtu;
        link.cell_bytes = o.in.cell_bytes;
        if (fg_gfc_check_stage_regs(&link, r->c.gfc_b1, r->c.gfc_bm, msg, sizeof msg))
            snprintf(r->error, sizeof r->error, "%s: %s (t_r = 3 us)", path, msg);
        else
            r->ok = 1;
    } else {
        r->ok = 1;
    }
    if (r->ok && o.have_rate) {
        o.in.cw = r->c.cw; /* the field this configuration's HEADROOM values live in */
        int hc = fg_headroom_compute(&o.in, &h, msg, sizeof msg);
        r->have_headroom = 1;
        r->headroom_cells = h.total_cells;
        if (hc == -2 && r->c.lossless_mask)
            check_warn(r, msg);
        for (int i = 0; i < r->c.n_ports && r->c.lossless_mask; i++) {
            if (r->c.headroom[i] < h.total_cells) {
                char w[300];
                snprintf(w, sizeof w,
                         "headroom[%d] = %u cells is short of the %llu cells a lossless PG needs at %g Gb/s over %g m "
                         "(flowgate headroom)",
                         i, r->c.headroom[i], (unsigned long long)h.total_cells, o.in.rate_gbps, o.in.cable_m);
                check_warn(r, w);
            }
        }
    }
    int rc = check_print(r, json);
    free(r);
    return rc;
}

/* ---- dispatch --------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} fg_command;

static const fg_command commands[] = {
    {"headroom", cmd_headroom, "PFC headroom per lossless priority, term by term"},
    {"regs", cmd_regs, "the switch core's register map"},
    {"check-config", cmd_check_config, "validate a key=value register configuration"},
    {"check-nic-config", fg_cmd_check_nic_config, "validate a NIC key=value configuration (flowgate check-nic-config --help)"},
    {"reg", fg_cmd_reg, "read and write a board's registers over its serial port (flowgate reg --help)"},
    {"sim", fg_cmd_sim, "system-level scenarios in the SystemC simulator (flowgate sim --help)"},
    {"gfc", fg_cmd_gfc, "Gentle Flow Control parameters: tau, stages, B_0 bound (flowgate gfc plan --help)"},
    {"pft", fg_cmd_pft, "PFT injection rate vs credits in use, measured vs closed form (flowgate pft curve --help)"},
};

static void main_help(FILE *f)
{
    fprintf(f, "usage: flowgate COMMAND [options]   (flowgate COMMAND --help for its options)\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-14s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        main_help(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        main_help(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (!strcmp(argv[1], commands[i].name)) {
            static char name[64];
            snprintf(name, sizeof name, "flowgate %s", commands[i].name);
            g_cmd = name;
            return commands[i].run(argc - 1, argv + 1);
        }
    }
    fprintf(stderr, "flowgate: unknown command '%s'; commands are:\n", argv[1]);
    main_help(stderr);
    return EXIT_USAGE;
}
