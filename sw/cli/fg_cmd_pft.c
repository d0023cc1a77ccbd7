/* fg_cmd_pft.c - `flowgate pft curve`: the injection rate of a PFT port as a function of c,
 * measured on the C model of fg_pft and compared with the closed form (docs/blocks/pft.md).
 *
 * For each c the model (NIC shape: CW_C 12, FW 32, WW 16) is reset, put in Congested with
 * FT (t_e = 0: one edge with c = 4095 enters; t_s = 0: c < 0 never leaves), given the c under
 * test for two more edges (allow compares with the registered f), then run for C cycles
 * with a flit always waiting, sent whenever the registered `allow` is 1. Flits / C is compared with
 *   FI: 1 / (f(c) + 1)                    exact: every gap between flits must be f + 1 cycles
 *                                           and |flits - C/(f+1)| < 1 (the first flit goes at once)
 *   RI: (2^32 - min(f, 2^32)) / 2^32      |flits - C p| <= 5 sqrt(3 C p (1-p)) + 1
 * Exit 0 when every point is inside its tolerance, 1 when one is not, 2 on a bad option. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fg_cli.h"
#include "fg_parse.h"
#include "fg_pft_calc.h"

#define FG_PFT_CURVE_MAX_WORK 10000000000ull   /* default --max-work: about two minutes */
#define FG_PFT_CURVE_PROGRESS_WORK 100000000ull /* above this many model cycles, report progress */
#include "nic/pft.h"

typedef struct {
    int ri;
    uint64_t m, n, k, cycles, seed, c_min, c_max, step;
    uint64_t max_work; /* points x cycles allowed (--max-work): a sweep is bounded before it starts */
    double scale; /* multiplies the closed form: a check that the comparison can fail */
    int json;
    const char *png;
} pft_curve_opts;

typedef struct {
    uint32_t c;
    uint64_t f;        /* closed-form f(c), exact */
    uint64_t f_model;  /* what the block computed (saturated to FW bits) */
    uint64_t flits;
    double expected;   /* flits the closed form predicts over C cycles */
    double tol;        /* allowed |flits - expected| */
    int gaps_exact;    /* FI: every gap after the first flit was f_model + 1 */
    int ok;
} pft_point;

static int curve_usage(FILE *f)
{
    fprintf(f,
            "usage: flowgate pft curve --mode fi|ri --m M --n N --k K [--cycles C] [--seed S]\n"
            "                          [--c-min A] [--c-max B] [--step D] [--max-work W] [--json]\n"
            "                          [--png FILE]\n"
            "  Injection rate (flits per cycle) of a PFT port held in Congested with a flit always\n"
            "  waiting, measured on the C model of fg_pft for c = A, A+D, ..., B (and B), beside the\n"
            "  closed form. m, n 0..31; k 0..4294967295; C 1000..100000000 (default 100000);\n"
            "  S 1..4294967295 (LFSR seed, default 1); A, B 0..4095 (default 0..4095, A <= B);\n"
            "  D 1..4096 (default 16). --png FILE draws the curve with scripts/plot_pft_curve.py\n"
            "  (and leaves FILE.json). --max-work W bounds points x C (default 10^10, about two\n"
            "  minutes); a longer sweep is refused before it starts, and one above 10^8 reports\n"
            "  progress on stderr. Exit 1 if a point is outside its tolerance.\n");
    return f == stdout ? 0 : FG_EXIT_USAGE;
}

static int curve_error(const char *msg)
{
    fprintf(stderr, "flowgate pft curve: %s\n", msg);
    return FG_EXIT_USAGE;
}

static void measure(const pft_curve_opts *o, uint32_t c, pft_point *p)
{
    fg_pft_cfg cfg = {.cw_c = 12, .fw = 32, .ww = 16, .reset_seed = (uint32_t)o->seed};
    fg_pft_state st;
    memset(&st, 0, sizeof st);
    fg_pft_reset(&st, &cfg);
    fg_pft_out out;
    fg_pft_out_after_reset(&st, &out);
    fg_pft_in in;
    memset(&in, 0, sizeof in);
    in.cfg_enable = true;
    in.cfg_strategy = FG_PFT_STRATEGY_FT;
    in.cfg_injection = o->ri ? FG_PFT_INJECT_RI : FG_PFT_INJECT_FI;
    in.cfg_t_e = 0;
    in.cfg_t_s = 0;
    in.cfg_w_e = in.cfg_n_e = in.cfg_w_s = in.cfg_n_s = 1;
    in.cfg_m = (uint8_t)o->m;
    in.cfg_n = (uint8_t)o->n;
    in.cfg_k = o->k;
    in.cfg_seed = (uint32_t)o->seed;
    in.flit_req = true;
    in.c = FG_PFT_C_MAX; /* c > t_e = 0 on this edge: Congested after the next */
    fg_pft_step(&st, &in, &out);
    /* five edges with the c under test: m - n was registered on the edge before and its
     * one-hot on the first (Congested after it too), so c is shifted by m and n on the
     * second, f_value = f(c) after the third, and allow compares with the f_value of the
     * cycle before, so from the fifth on every measured cycle's allow uses f(c) */
    in.c = c;
    for (int settle = 0; settle < 5; settle++) fg_pft_step(&st, &in, &out);

    uint64_t flits = 0, last = 0;
    int gaps_exact = 1;
    for (uint64_t t = 0; t < o->cycles; t++) {
        in.flit_sent = out.allow;
        if (in.flit_sent) {
            if (flits > 0 && t - last != out.f_value + 1) gaps_exact = 0;
            last = t;
            flits++;
        }
        fg_pft_step(&st, &in, &out);
    }
    p->c = c;
    p->f = fg_pft_calc_f(c, (unsigned)o->m, (unsigned)o->n, o->k);
    p->f_model = out.f_value;
    p->flits = flits;
    double rate = o->ri ? fg_pft_calc_rate_ri(p->f) : fg_pft_calc_rate_fi(p->f);
    p->expected = rate * (double)o->cycles * o->scale;
    if (o->ri) {
        p->tol = fg_pft_calc_ri_tolerance(o->cycles, rate);
        p->gaps_exact = 1;
    } else {
        p->tol = FG_PFT_FI_TOLERANCE_FLITS;
        p->gaps_exact = gaps_exact;
    }
    double dev = fabs((double)flits - p->expected);
    p->ok = p->gaps_exact && (o->ri ? dev <= p->tol : dev < p->tol);
}

static int run_plot(const char *json_path, const char *png)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 64);
    if (n <= 0) return -1;
    self[n] = '\0';
    /* build/bin/flowgate -> repository root two levels up; FG_ROOT overrides */
    char script[PATH_MAX + 64];
    const char *root = getenv("FG_ROOT");
    if (root) {
        snprintf(script, sizeof script, "%s/scripts/plot_pft_curve.py", root);
    } else {
        for (int up = 0; up < 3; up++) {
            char *slash = strrchr(self, '/');
            if (!slash) return -1;
            *slash = '\0';
        }
        snprintf(script, sizeof script, "%s/scripts/plot_pft_curve.py", self);
    }
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        execlp("python3", "python3", script, "--json", json_path, "--out", png, (char *)NULL);
        fprintf(stderr, "flowgate pft curve: cannot run python3 %s: %s\n", script, strerror(errno));
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) < 0) return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static void write_json(FILE *f, const pft_curve_opts *o, const pft_point *pts, size_t np, size_t outside)
{
    fprintf(f, "{\n  \"mode\": \"%s\", \"m\": %llu, \"n\": %llu, \"k\": %llu, \"cycles\": %llu, \"seed\": %llu,\n",
            o->ri ? "ri" : "fi", (unsigned long long)o->m, (unsigned long long)o->n, (unsigned long long)o->k,
            (unsigned long long)o->cycles, (unsigned long long)o->seed);
    if (o->ri)
        fprintf(f, "  \"tolerance\": \"|flits - C*p| <= %.0f*sqrt(%.0f*C*p*(1-p)) + 1\",\n", FG_PFT_RI_Z,
                FG_PFT_RI_VAR_INFLATION);
    else
        fprintf(f, "  \"tolerance\": \"every gap after the first flit == f+1 and |flits - C/(f+1)| < 1\",\n");
    fprintf(f, "  \"scale_expected\": %.17g, \"outside\": %zu, \"points\": [\n", o->scale, outside);
    for (size_t i = 0; i < np; i++) {
        const pft_point *p = &pts[i];
        fprintf(f,
                "    {\"c\": %u, \"f\": %llu, \"f_block\": %llu, \"flits\": %llu, \"measured\": %.10g, "
                "\"closed_form\": %.10g, \"tol_flits\": %.6g, \"ok\": %s}%s\n",
                p->c, (unsigned long long)p->f, (unsigned long long)p->f_model, (unsigned long long)p->flits,
                (double)p->flits / (double)o->cycles, p->expected / (double)o->cycles, p->tol,
                p->ok ? "true" : "false", i + 1 < np ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
}

static int cmd_curve(int argc, char **argv)
{
    pft_curve_opts o = {.ri = -1, .cycles = 100000, .seed = 1, .c_min = 0, .c_max = FG_PFT_C_MAX, .step = 16,
                        .scale = 1.0, .max_work = FG_PFT_CURVE_MAX_WORK};
    int have_m = 0, have_n = 0, have_k = 0;
    char msg[400];
    fg_cli_seen seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return curve_usage(stdout);
        if (a[0] == '-' && a[1] == '-' && fg_cli_once("flowgate pft curve", &seen, a)) return FG_EXIT_USAGE;
        if (!strcmp(a, "--json")) {
            o.json = 1;
            continue;
        }
        struct {
            const char *name;
            uint64_t lo, hi, *dst;
            int *seen;
        } nums[] = {
            {"--m", 0, FG_PFT_SHIFT_LIMIT, &o.m, &have_m},
            {"--n", 0, FG_PFT_SHIFT_LIMIT, &o.n, &have_n},
            {"--k", 0, FG_PFT_K_MAX, &o.k, &have_k},
            {"--cycles", 1000, 100000000, &o.cycles, NULL},
            {"--seed", 1, 0xFFFFFFFFull, &o.seed, NULL},
            {"--c-min", 0, FG_PFT_C_MAX, &o.c_min, NULL},
            {"--c-max", 0, FG_PFT_C_MAX, &o.c_max, NULL},
            {"--step", 1, FG_PFT_C_MAX + 1, &o.step, NULL},
            {"--max-work", 1000, 1000000000000ull, &o.max_work, NULL},
        };
        int matched = 0;
        for (size_t j = 0; j < sizeof nums / sizeof nums[0]; j++) {
            if (strcmp(a, nums[j].name)) continue;
            matched = 1;
            if (i + 1 >= argc) {
                snprintf(msg, sizeof msg, "%s needs a value (an integer %llu..%llu)", a,
                         (unsigned long long)nums[j].lo, (unsigned long long)nums[j].hi);
                return curve_error(msg);
            }
            if (fg_parse_u64_msg(a, argv[++i], nums[j].lo, nums[j].hi, FG_PARSE_HEX, nums[j].dst, msg, sizeof msg))
                return curve_error(msg);
            if (nums[j].seen) *nums[j].seen = 1;
        }
        if (matched) continue;
        if (!strcmp(a, "--mode") || !strcmp(a, "--png") || !strcmp(a, "--scale-expected")) {
            if (i + 1 >= argc) {
                snprintf(msg, sizeof msg, "%s needs a value%s", a,
                         !strcmp(a, "--mode") ? " (fi or ri)" : !strcmp(a, "--png") ? " (a file name)" : " (0.5..2)");
                return curve_error(msg);
            }
            const char *v = argv[++i];
            if (!strcmp(a, "--mode")) {
                if (!strcmp(v, "fi"))
                    o.ri = 0;
                else if (!strcmp(v, "ri"))
                    o.ri = 1;
                else {
                    snprintf(msg, sizeof msg, "--mode expects fi or ri, got '%s'", v);
                    return curve_error(msg);
                }
            } else if (!strcmp(a, "--png")) {
                if (!*v) return curve_error("--png expects a file name, got ''");
                o.png = v;
            } else {
                static const fg_qty_spec scale = {FG_QTY_NUMBER, NULL, 0.5, 2.0, 0};
                if (fg_parse_qty_msg(a, v, &scale, &o.scale, msg, sizeof msg)) return curve_error(msg);
            }
            continue;
        }
        snprintf(msg, sizeof msg, "unknown option '%s' (see flowgate pft curve --help)", a);
        return curve_error(msg);
    }
    if (o.ri < 0) return curve_error("--mode is required (fi or ri)");
    if (!have_m) return curve_error("--m is required (an integer 0..31)");
    if (!have_n) return curve_error("--n is required (an integer 0..31)");
    if (!have_k) return curve_error("--k is required (an integer 0..4294967295)");
    if (o.c_min > o.c_max) {
        snprintf(msg, sizeof msg, "--c-min = %llu must not exceed --c-max = %llu (both 0..4095)",
                 (unsigned long long)o.c_min, (unsigned long long)o.c_max);
        return curve_error(msg);
    }

    size_t cap = (size_t)((o.c_max - o.c_min) / o.step) + 2, np = 0, outside = 0;
    uint64_t points = (o.c_max - o.c_min) / o.step + 1 + ((o.c_max - o.c_min) % o.step != 0);
    if (points * o.cycles > o.max_work) {
        snprintf(msg, sizeof msg,
                 "%llu points x %llu cycles = %llu model cycles is above --max-work %llu (about %.0f s at 10 ns a "
                 "cycle): raise --step, lower --cycles, narrow --c-min/--c-max, or raise --max-work",
                 (unsigned long long)points, (unsigned long long)o.cycles, (unsigned long long)(points * o.cycles),
                 (unsigned long long)o.max_work, (double)(points * o.cycles) * 1e-8);
        return curve_error(msg);
    }
    pft_point *pts = calloc(cap, sizeof *pts);
    if (!pts) return curve_error("out of memory");
    /* progress on stderr for a sweep that takes more than a few seconds: every 5 % of points */
    int progress = points * o.cycles > FG_PFT_CURVE_PROGRESS_WORK;
    uint64_t next_report = points / 20 ? points / 20 : 1;
    for (uint64_t c = o.c_min;; c += o.step) {
        if (c > o.c_max) c = o.c_max;
        measure(&o, (uint32_t)c, &pts[np]);
        outside += !pts[np].ok;
        np++;
        if (progress && (np % next_report == 0 || c == o.c_max))
            fprintf(stderr, "flowgate pft curve: progress %zu/%llu points (c = %llu)\n", np, (unsigned long long)points,
                    (unsigned long long)c);
        if (c == o.c_max) break;
    }

    if (o.json) {
        write_json(stdout, &o, pts, np, outside);
    } else {
        printf("flowgate pft curve: %s, f(c) = ((c << %llu) >> %llu) + %llu, %llu cycles per point, seed %llu\n",
               o.ri ? "RI (a flit may go when the LFSR value r >= f(c))"
                    : "FI (at least f(c) idle cycles between two flits)",
               (unsigned long long)o.m, (unsigned long long)o.n, (unsigned long long)o.k,
               (unsigned long long)o.cycles, (unsigned long long)o.seed);
        if (o.ri)
            printf("closed form: (2^32 - min(f, 2^32)) / 2^32 flits/cycle; tolerance |flits - C*p| <= "
                   "5*sqrt(3*C*p*(1-p)) + 1:\n  5 binomial sigma, widened by sqrt(3) because successive values of a "
                   "once-per-cycle LFSR share 31 bits\n  (their count varies up to 3x a binomial's), + 1 flit\n");
        else
            printf("closed form: 1 / (f + 1) flits/cycle; FI is deterministic: every gap after the first flit must "
                   "be exactly f + 1 cycles\n  and |flits - C/(f+1)| < 1 (only the first flit, which goes at once, "
                   "may round the count up)\n");
        if (o.scale != 1.0) printf("closed form multiplied by %g (--scale-expected: a check that the comparison fails)\n", o.scale);
        printf("%6s %14s %12s %14s %14s %12s %10s  %s\n", "c", "f(c)", "flits", "measured", "closed_form", "|diff|",
               "tol", "ok");
        for (size_t i = 0; i < np; i++) {
            const pft_point *p = &pts[i];
            printf("%6u %14llu %12llu %14.8f %14.8f %12.2f %10.2f  %s\n", p->c, (unsigned long long)p->f,
                   (unsigned long long)p->flits, (double)p->flits / (double)o.cycles, p->expected / (double)o.cycles,
                   fabs((double)p->flits - p->expected), p->tol,
                   p->ok ? "ok" : (p->gaps_exact ? "OUTSIDE" : "OUTSIDE (gap != f+1)"));
        }
    }
    fprintf(o.json ? stderr : stdout, "RESULT pft curve mode=%s points=%zu outside=%zu %s\n", o.ri ? "ri" : "fi", np,
            outside, outside ? "FAIL" : "PASS");

    int rc = outside ? FG_EXIT_INVALID : 0;
    if (o.png) {
        char json_path[PATH_MAX];
        snprintf(json_path, sizeof json_path, "%s.json", o.png);
        FILE *f = fopen(json_path, "w");
        if (!f) {
            fprintf(stderr, "flowgate pft curve: cannot write %s: %s\n", json_path, strerror(errno));
            free(pts);
            return FG_EXIT_USAGE;
        }
        write_json(f, &o, pts, np, outside);
        fclose(f);
        if (run_plot(json_path, o.png)) {
            fprintf(stderr, "flowgate pft curve: scripts/plot_pft_curve.py could not draw %s\n", o.png);
            if (!rc) rc = FG_EXIT_USAGE;
        }
    }
    free(pts);
    return rc;
}

int fg_cmd_pft(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        FILE *f = argc < 2 ? stderr : stdout;
        fprintf(f, "usage: flowgate pft curve ...   (flowgate pft curve --help)\n");
        return argc < 2 ? FG_EXIT_USAGE : 0;
    }
    if (!strcmp(argv[1], "curve")) return cmd_curve(argc - 1, argv + 1);
    fprintf(stderr, "flowgate pft: unknown subcommand '%s' (the only one is 'curve')\n", argv[1]);
    return FG_EXIT_USAGE;
}
