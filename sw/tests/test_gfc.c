/* test_gfc.c - unit tests of the GFC calculator (sw/lib/fg_gfc_plan.c). Expected values are
 * the GFC paper's published numbers (section in each comment) and SPEC sections 10/11, with
 * the paper's own rounding as the tolerance, not values printed by the code under test.
 * Also checks that the calculator's register values agree with the hardware's C twins
 * (fg_gfc_stage_count, fg_gfc_time_recip). Prints 'RESULT gfc_unit passed=N failed=M'. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fg_gfc_plan.h"
#include "mac/gfc_time.h"
#include "switch/gfc_stage.h"

static int passed, failed;

static void check(const char *name, int ok, const char *fmt, double got, double want)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: ", name);
        printf(fmt, got, want);
        printf("\n");
    }
}
#define NEAR(name, got, want, tol) check(name, fabs((double)(got) - (double)(want)) <= (tol), "got %.6g, want %.6g", got, want)
#define EQ(name, got, want) check(name, (double)(got) == (double)(want), "got %.17g, want %.17g", got, want)

static fg_gfc_plan_out plan(double gbps, double buffer, uint32_t mtu, fg_gfc_mode mode, int *rc, char *msg)
{
    fg_gfc_plan_in in;
    fg_gfc_plan_out out;
    fg_gfc_plan_defaults(&in);
    in.rate_gbps = gbps;
    in.buffer_bytes = buffer;
    in.mtu = mtu;
    in.mode = mode;
    *rc = fg_gfc_plan(&in, &out, msg, 400);
    return out;
}

int main(void)
{
    char msg[400];
    int rc;
    /* paper 5.4: tau = 7.4 / 5.6 / 5.2 us at 10/40/100 Gb/s, MTU 1.5 KB, t_w 1 us, t_r 3 us
     * (printed to 0.1 us: 100G is 5.24), and 11.4 / 6.6 / 5.6 us for InfiniBand's 4 KB MTU
     * (4000 B: 2*4000*8/10e9 = 6.4 us) */
    const double rates[3] = {10, 40, 100};
    const double tau_cee[3] = {7.4, 5.6, 5.2}, tau_ib[3] = {11.4, 6.6, 5.6};
    /* paper 5.4: 2*C*tau <= 18.5 / 56 / 130 KB (130 from the rounded 5.2 us: 131 KB from 5.24) */
    const double two_ctau_kb[3] = {18.5, 56, 130}, two_ctau_tol[3] = {0.05, 0.05, 1.05};
    /* SPEC 10/11: the stated rule gives N = 16 / 17 / 18; the paper prints 16 / 18 / 20 */
    const int n_rule[3] = {16, 17, 18}, n_paper[3] = {16, 18, 20};
    /* paper 5.4: (sqrt(tau/T)+1)^2 * C * T <= 140.8 / 191.4 / 271 KB with T = 65535 B at C and
     * the InfiniBand tau (the paper rounds tau to 0.1 us: 5.64 -> 5.6 at 100G moves 272.0 to 271) */
    const double b0_kb[3] = {140.8, 191.4, 271}, b0_tol[3] = {0.15, 0.15, 1.1};
    for (int i = 0; i < 3; i++) {
        char name[80];
        fg_gfc_plan_out o = plan(rates[i], 1e6, 1500, FG_GFC_MODE_BUFFER, &rc, msg);
        snprintf(name, sizeof name, "tau.cee.%gG", rates[i]);
        EQ(name, rc, 0);
        NEAR(name, o.tau_ns / 1000, tau_cee[i], 0.05);
        snprintf(name, sizeof name, "two_ctau.%gG", rates[i]);
        NEAR(name, o.two_ctau_bytes / 1000.0, two_ctau_kb[i], two_ctau_tol[i]);
        snprintf(name, sizeof name, "n_rule.%gG", rates[i]);
        EQ(name, o.n_stages, n_rule[i]);
        snprintf(name, sizeof name, "n_paper.%gG", rates[i]);
        EQ(name, o.n_paper, n_paper[i]);
        /* the hardware computes the same N from the same span (in 1-byte cells here) */
        snprintf(name, sizeof name, "n_rule_matches_fg_gfc_stage.%gG", rates[i]);
        EQ(name, o.n_stages, fg_gfc_stage_count((uint32_t)o.span_bytes));
        fg_gfc_plan_out t = plan(rates[i], 1e6, 4000, FG_GFC_MODE_TIME, &rc, msg);
        snprintf(name, sizeof name, "tau.ib.%gG", rates[i]);
        EQ(name, rc, 0);
        NEAR(name, t.tau_ns / 1000, tau_ib[i], 0.05);
        snprintf(name, sizeof name, "b0_term.%gG", rates[i]);
        NEAR(name, (1e6 - t.b0_bound_bytes) / 1000, b0_kb[i], b0_tol[i]);
        snprintf(name, sizeof name, "period_65535B.%gG", rates[i]);
        NEAR(name, t.period_ns, 65535 * 8 / rates[i], 1e-6);
    }
    /* paper 4.2: 10 GbE, m = 64 B, tau = 7.4 us: 69 Mb/s = 0.69 % worst, 8.6 Mb/s = 0.086 % steady */
    {
        fg_gfc_plan_out o = plan(10, 300e3, 1500, FG_GFC_MODE_BUFFER, &rc, msg);
        NEAR("feedback.worst_mbps", o.fb_worst_mbps, 69, 0.5);
        NEAR("feedback.worst_pct", o.fb_worst_pct, 0.69, 0.005);
        NEAR("feedback.steady_mbps", o.fb_steady_mbps, 8.6, 0.05);
        NEAR("feedback.steady_pct", o.fb_steady_pct, 0.086, 0.0005);
        /* stage rates R_k = C/2^k (SPEC 11 reading of Eq. 4) */
        EQ("rate.stage1", o.stage_rate_gbps[1], 5);
        EQ("rate.stage4", o.stage_rate_gbps[4], 0.625);
        EQ("rate.stage16", o.stage_rate_gbps[16], 10.0 / 65536);
        /* GFC's headroom is 2*C*tau (paper 4.2), the space above B_1 */
        EQ("headroom.bytes", o.headroom_bytes, 18500);
        EQ("headroom.cells", o.headroom_cells, 290); /* ceil(18500/64) */
        EQ("regs.bm_cells", o.bm_cells, 4687);       /* floor(300000/64) */
        EQ("regs.b1_cells", o.b1_cells, 4397);
        EQ("regs.n_cells", o.n_stages_cells, fg_gfc_stage_count(290));
    }
    /* paper 6.2.2 case study: 300 KB buffer, 10 Gb/s, 1 us links; B_1 = 281 KB (legal: the limit is
     * 300 - 18.5 = 281.5 KB) and B_(n+1) - B_n = 19 KB / 2^n, so B_2 = 281 + 9.5 KB */
    {
        fg_gfc_plan_in in;
        fg_gfc_plan_out o;
        fg_gfc_plan_defaults(&in);
        in.rate_gbps = 10;
        in.buffer_bytes = 300e3;
        in.b1_bytes = 281e3;
        EQ("case_study.b1_legal", fg_gfc_plan(&in, &o, msg, sizeof msg), 0);
        EQ("case_study.b2", o.stage_start[2], 290500);
        EQ("case_study.b3", o.stage_start[3], 295250);
        in.b1_bytes = 282e3; /* above B_m - 2*C*tau */
        EQ("case_study.b1_too_high", fg_gfc_plan(&in, &o, msg, sizeof msg), -1);
        check("case_study.b1_message_names_field", strstr(msg, "b1") && strstr(msg, "0..281500"), "%g %g", 0, 0);
    }
    /* paper 6.2.2: time-based B_0 = 159 KB with the 300 KB buffer: the Theorem 5.1 bound with the
     * InfiniBand tau (11.4 us) and T = 52.4 us is 300 - 140.9 = 159.1 KB, so 159 KB is legal and
     * 160 KB is not */
    {
        fg_gfc_plan_in in;
        fg_gfc_plan_out o;
        fg_gfc_plan_defaults(&in);
        in.rate_gbps = 10;
        in.buffer_bytes = 300e3;
        in.mtu = 4000;
        in.mode = FG_GFC_MODE_TIME;
        in.b0_bytes = 159e3;
        EQ("time_case.b0_159KB_legal", fg_gfc_plan(&in, &o, msg, sizeof msg), 0);
        NEAR("time_case.bound_kb", o.b0_bound_bytes / 1000, 159.1, 0.1);
        /* the register the hardware takes is the same as the C twin's helper */
        uint32_t r = 0;
        fg_gfc_time_recip(o.b0_span_blocks, &r, msg, sizeof msg);
        EQ("time_case.recip_matches_fg_gfc_time", o.recip, r);
        EQ("time_case.span_blocks", o.b0_span_blocks, 2204); /* ceil(141000/64) = ceil(2203.1) */
        in.b0_bytes = 160e3;
        EQ("time_case.b0_160KB_illegal", fg_gfc_plan(&in, &o, msg, sizeof msg), -1);
        check("time_case.message_names_b0", strstr(msg, "b0") != NULL, "%g %g", 0, 0);
    }
    /* errors name the parameter and its range */
    {
        fg_gfc_plan_out o = plan(10, 10e3, 1500, FG_GFC_MODE_BUFFER, &rc, msg);
        (void)o;
        EQ("error.buffer_too_small", rc, -1);
        check("error.buffer_too_small.msg", strstr(msg, "too small") && strstr(msg, "18500"), "%g %g", 0, 0);
        plan(10, 100e3, 1500, FG_GFC_MODE_TIME, &rc, msg);
        EQ("error.time_buffer_too_small", rc, -1);
        check("error.time_buffer_too_small.msg", strstr(msg, "Theorem 5.1") != NULL, "%g %g", 0, 0);
        plan(0, 100e3, 1500, FG_GFC_MODE_BUFFER, &rc, msg);
        EQ("error.rate", rc, -1);
        check("error.rate.msg", strstr(msg, "rate") && strstr(msg, "1600"), "%g %g", 0, 0);
        plan(10, 300e3, 20000, FG_GFC_MODE_BUFFER, &rc, msg);
        EQ("error.mtu", rc, -1);
        check("error.mtu.msg", strstr(msg, "mtu") && strstr(msg, "68..16000"), "%g %g", 0, 0);
    }
    /* register checks (fg_gfc_check_stage_regs): B_1 <= B_m - 2*C*tau in cells. 10G, tau 7.4 us:
     * 2*C*tau = 18500 B = ceil(289.06) = 290 cells of 64 B, so with B_m = 4687 cells (300 KB)
     * gfc_b1 may be 0..4397; 100G, tau 5.24 us: 131000 B = ceil(2046.9) = 2047 cells -> 0..2640 */
    {
        fg_gfc_plan_in link;
        fg_gfc_plan_defaults(&link);
        link.rate_gbps = 10;
        EQ("regs.stage.10G.b1_at_limit", fg_gfc_check_stage_regs(&link, 4397, 4687, msg, sizeof msg), 0);
        EQ("regs.stage.10G.b1_one_above", fg_gfc_check_stage_regs(&link, 4398, 4687, msg, sizeof msg), -1);
        check("regs.stage.10G.msg", strstr(msg, "gfc_b1 = 4398") && strstr(msg, "0..4397"), "%g %g", 0, 0);
        EQ("regs.stage.10G.bm_too_small", fg_gfc_check_stage_regs(&link, 0, 289, msg, sizeof msg), -1);
        check("regs.stage.10G.bm_msg", strstr(msg, "gfc_bm = 289") && strstr(msg, "290"), "%g %g", 0, 0);
        EQ("regs.stage.10G.bm_just_enough", fg_gfc_check_stage_regs(&link, 0, 290, msg, sizeof msg), 0);
        /* the calculator's own register values pass the check */
        fg_gfc_plan_out o = plan(10, 300e3, 1500, FG_GFC_MODE_BUFFER, &rc, msg);
        EQ("regs.stage.plan_values_legal", fg_gfc_check_stage_regs(&link, o.b1_cells, o.bm_cells, msg, sizeof msg), 0);
        link.rate_gbps = 100;
        EQ("regs.stage.100G.b1_at_limit", fg_gfc_check_stage_regs(&link, 2640, 4687, msg, sizeof msg), 0);
        EQ("regs.stage.100G.b1_one_above", fg_gfc_check_stage_regs(&link, 2641, 4687, msg, sizeof msg), -1);
        link.rate_gbps = 0;
        EQ("regs.stage.bad_rate", fg_gfc_check_stage_regs(&link, 0, 4687, msg, sizeof msg), -1);
        check("regs.stage.bad_rate.msg", strstr(msg, "rate") && strstr(msg, "1600"), "%g %g", 0, 0);
    }
    /* register checks (fg_gfc_check_time_regs), Theorem 5.1 with T = cfg_period cell times. 10G,
     * MTU 4000: tau 11.4 us, C*tau = 14250 B; B_m = 4687 blocks = 299968 B. cfg_period 1023
     * (C*T = 65472 B): (sqrt(14250/65472)+1)^2 * 65472 = 140811.3 B -> 2201 blocks, so cfg_recip
     * may be round(2^28/4687) = 57272 .. round(2^28/2201) = 121961. Longest period: C*T <=
     * (sqrt(299968) - sqrt(14250))^2 = 183458 B -> 2866 cell times (2866: 299924.5 B <= 299968;
     * 2867: 300006.4 B > 299968). */
    {
        fg_gfc_plan_in link;
        fg_gfc_plan_defaults(&link);
        link.rate_gbps = 10;
        link.mtu = 4000;
        EQ("regs.time.recip_max", fg_gfc_check_time_regs(&link, 4687, 1023, 121961, msg, sizeof msg), 0);
        EQ("regs.time.recip_above", fg_gfc_check_time_regs(&link, 4687, 1023, 121962, msg, sizeof msg), -1);
        check("regs.time.recip_msg", strstr(msg, "cfg_recip = 121962") && strstr(msg, "57272..121961"), "%g %g", 0, 0);
        EQ("regs.time.recip_min", fg_gfc_check_time_regs(&link, 4687, 1023, 57272, msg, sizeof msg), 0);
        EQ("regs.time.recip_below", fg_gfc_check_time_regs(&link, 4687, 1023, 57271, msg, sizeof msg), -1);
        EQ("regs.time.period_max", fg_gfc_check_time_regs(&link, 4687, 2866, 57272, msg, sizeof msg), 0);
        EQ("regs.time.period_above", fg_gfc_check_time_regs(&link, 4687, 2867, 57272, msg, sizeof msg), -1);
        check("regs.time.period_msg", strstr(msg, "cfg_period = 2867") && strstr(msg, "1..2866"), "%g %g", 0, 0);
        EQ("regs.time.period_zero", fg_gfc_check_time_regs(&link, 4687, 0, 57272, msg, sizeof msg), -1);
        /* B_m below C*tau = 14250 B = 222.7 blocks: no period works */
        EQ("regs.time.bm_too_small", fg_gfc_check_time_regs(&link, 222, 1, 0xFFFFFF, msg, sizeof msg), -1);
        check("regs.time.bm_msg", strstr(msg, "too small") && strstr(msg, "B_m = 222"), "%g %g", 0, 0);
        /* the calculator's register values (default B_0 = the bound, T = 65535 B at C) pass the
         * check at 10/40/100 Gb/s with a 1 MB buffer (15625 blocks) */
        for (int i = 0; i < 3; i++) {
            char name[80];
            fg_gfc_plan_out t = plan(rates[i], 1e6, 4000, FG_GFC_MODE_TIME, &rc, msg);
            link.rate_gbps = rates[i];
            snprintf(name, sizeof name, "regs.time.plan_values_legal.%gG", rates[i]);
            EQ(name,
               fg_gfc_check_time_regs(&link, 15625, (uint32_t)t.period_cell_times, t.recip, msg, sizeof msg), 0);
        }
    }
    printf("RESULT gfc_unit passed=%d failed=%d\n", passed, failed);
    return failed ? 1 : 0;
}
