/* test_pft.c - unit tests of sw/lib/fg_pft_calc.c (closed forms, tolerance, option parsing) and
 * of the C model's parameter validation (fg_pft_in_check: messages name the field and range).
 * Expected values are worked out by hand in the comments. Prints CHECK lines, RESULT at the end. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fg_pft_calc.h"
#include "nic/pft.h"

static int failures;

static void check(const char *name, int good, const char *detail)
{
    failures += !good;
    printf("CHECK pft_unit %s %s%s%s\n", name, good ? "ok" : "WRONG", *detail ? " " : "", detail);
}

static fg_pft_in legal_in(void)
{
    fg_pft_in in;
    memset(&in, 0, sizeof in);
    in.cfg_enable = true;
    in.cfg_t_e = 0x250;
    in.cfg_t_s = 0x200;
    in.cfg_w_e = in.cfg_w_s = 100;
    in.cfg_n_e = in.cfg_n_s = 50;
    in.cfg_th_e = 0x250;
    in.cfg_th_s = 0x2a0; /* the paper's best AT-RI configuration: th_s above th_e is legal */
    in.cfg_m = 18;
    in.cfg_seed = 1;
    return in;
}

static void expect_msg(const char *name, fg_pft_in in, const char *want)
{
    fg_pft_cfg cfg = {.cw_c = 12, .fw = 32, .ww = 16, .reset_seed = 1};
    char msg[200] = "";
    int rc = fg_pft_in_check(&cfg, &in, msg, sizeof msg);
    char detail[300];
    snprintf(detail, sizeof detail, "msg='%s'", msg);
    check(name, want ? (rc == -1 && strcmp(msg, want) == 0) : rc == 0, detail);
}

int main(void)
{
    char d[200];
    /* f(c): (100 << 3) >> 5 = 25, + 2 = 27; (3 << 31) >> 31 = 3 (no bit lost);
     * 4095 << 31 = 8793945538560; the paper's FI: c = 4095, m = 0, n = 8: 15. */
    check("f_27", fg_pft_calc_f(100, 3, 5, 2) == 27, "");
    check("f_wide_shift", fg_pft_calc_f(3, 31, 31, 0) == 3, "");
    check("f_big", fg_pft_calc_f(4095, 31, 0, 0) == 8793945538560ull, "");
    check("f_fi_paper", fg_pft_calc_f(4095, 0, 8, 0) == 15, "");
    /* rates: FI f = 15 -> 1/16; RI f = 2^30 -> 3/4; f = 2^32 and above -> 0; f = 0 -> 1 */
    check("rate_fi", fg_pft_calc_rate_fi(15) == 0.0625, "");
    check("rate_ri_quarter", fg_pft_calc_rate_ri(1ull << 30) == 0.75, "");
    check("rate_ri_zero", fg_pft_calc_rate_ri(1ull << 32) == 0.0 && fg_pft_calc_rate_ri(1ull << 40) == 0.0, "");
    check("rate_ri_one", fg_pft_calc_rate_ri(0) == 1.0, "");
    /* tolerance: C = 10^6, p = 1/2: 5 * sqrt(3 * 250000) + 1 = 5 * 866.025... + 1 = 4331.13 */
    double t = fg_pft_calc_ri_tolerance(1000000, 0.5);
    snprintf(d, sizeof d, "tol=%.2f expected=4331.13", t);
    check("ri_tolerance", fabs(t - 4331.127) < 0.01, d);
    check("ri_tolerance_p1", fg_pft_calc_ri_tolerance(1000, 1.0) == 1.0, "");
    /* the model's parameter check */
    expect_msg("in_legal_paper_at_ri", legal_in(), NULL);
    fg_pft_in in = legal_in();
    in.cfg_t_s = 0x251;
    expect_msg("in_ts_above_te", in, "t_s = 593 out of range: legal 0..t_e (t_e = 592)");
    in = legal_in();
    in.cfg_n_e = 101;
    expect_msg("in_ne_above_we", in, "N_e = 101 out of range: legal 1..W_e (W_e = 100)");
    in = legal_in();
    in.cfg_w_s = 0;
    expect_msg("in_ws_zero", in, "W_s = 0 out of range: legal 1..65535");
    in = legal_in();
    in.cfg_m = 32;
    expect_msg("in_m_32", in, "m = 32 out of range: legal 0..31");
    in = legal_in();
    in.cfg_k = 1ull << 32;
    expect_msg("in_k_33_bits", in, "k = 4294967296 out of range: legal 0..4294967295");
    in = legal_in();
    in.cfg_seed = 0;
    expect_msg("in_seed_zero", in, "seed = 0 out of range: legal 1..4294967295");
    in = legal_in();
    in.cfg_th_e = 4096;
    expect_msg("in_th_e_4096", in, "th_e = 4096 out of range: legal 0..4095");
    fg_pft_cfg bad = {.cw_c = 12, .fw = 64, .ww = 16, .reset_seed = 1};
    char msg[200];
    int rc = fg_pft_cfg_check(&bad, msg, sizeof msg);
    check("cfg_fw_64", rc == -1 && !strcmp(msg, "FW = 64 out of range: legal 8..48"), msg);
    printf("RESULT pft_unit %s failures=%d\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
