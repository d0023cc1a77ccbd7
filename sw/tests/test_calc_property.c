/* test_calc_property.c - properties of the calculators over a grid of inputs:
 *  1. every `gfc plan` (fg_gfc_plan) that succeeds emits registers `gfc check` accepts
 *     (fg_gfc_check_stage_regs on cfg_b1/cfg_bm, fg_gfc_check_time_regs on cfg_period/cfg_recip
 *     with B_m = the buffer in whole blocks) and that fit their fields (GFC_BM at the plan's CW,
 *     NIC GFC_PERIOD and GFC_RECIP), with feedback at most FG_GFC_FEEDBACK_MAX_PCT of the link;
 *  2. the headroom calculator refuses (-2) exactly the results wider than HEADROOM (2^cw - 1),
 *     and returns every other one.
 * Both outcomes must occur often (at least 1000 planned points, 200 refusals, 1000 headroom
 * results of each kind), so a calculator that refused everything would fail too.
 * Prints the first failures and "RESULT calc_property ...". Exit 1 on any failure. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fg_gfc_plan.h"
#include "fg_headroom.h"
#include "fg_reg_plan.h"
#include "fg_regs_nic.h"
#include "fg_regs_sw.h"

static int failures;

static void fail(const char *what, const char *detail)
{
    if (failures++ < 20)
        printf("FAIL %s: %s\n", what, detail);
}

static uint32_t nic_field_max(const char *name)
{
    static const fg_reg_shape nic = {1, 1, 0, 0};
    return fg_reg_field_max(fg_reg_rw_field_named(&fg_regs_nic_map, name), &nic);
}

int main(void)
{
    static const double rates[] = {1, 10, 25, 40, 100, 200, 400, 1600};
    static const double buffers[] = {20e3, 100e3, 300032 + 17, 1e6, 4e6, 16e6, 64e6, 1e9};
    static const double periods[] = {-1, 30, 60, 500, 2000, 52428.8, 1e6, 1e9};
    static const double wires[] = {0, 100, 1000, 10000};
    static const uint32_t cells[] = {1, 64, 256};
    static const uint32_t mtus[] = {1500, 4000, 9000};
    static const int cws[] = {18, 24};
    long planned = 0, refused = 0, points = 0;
    char msg[600], detail[900];
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (size_t b = 0; b < sizeof buffers / sizeof buffers[0]; b++)
            for (size_t w = 0; w < sizeof wires / sizeof wires[0]; w++)
                for (size_t c = 0; c < sizeof cells / sizeof cells[0]; c++)
                    for (size_t m = 0; m < sizeof mtus / sizeof mtus[0]; m++)
                        for (int mode = 0; mode < 3; mode++) /* buffer, time, time with B_0 = 0 */
                            for (size_t p = 0; p < (mode ? sizeof periods / sizeof periods[0] : 2); p++) {
                                fg_gfc_plan_in in;
                                fg_gfc_plan_defaults(&in);
                                in.rate_gbps = rates[r];
                                in.buffer_bytes = buffers[b];
                                in.wire_ns = wires[w];
                                in.cell_bytes = cells[c];
                                in.mtu = mtus[m];
                                in.mode = mode ? FG_GFC_MODE_TIME : FG_GFC_MODE_BUFFER;
                                in.b0_bytes = mode == 2 ? 0 : -1;
                                in.period_ns = mode ? periods[p] : -1;
                                in.cw = mode ? 18 : cws[p];
                                points++;
                                fg_gfc_plan_out o;
                                if (fg_gfc_plan(&in, &o, msg, sizeof msg)) {
                                    refused++;
                                    continue;
                                }
                                planned++;
                                snprintf(detail, sizeof detail,
                                         "rate %g buffer %g wire %g cell %u mtu %u mode %s period %g cw %d", in.rate_gbps,
                                         in.buffer_bytes, in.wire_ns, in.cell_bytes, in.mtu, mode ? "time" : "buffer",
                                         in.period_ns, in.cw);
                                char cmsg[600];
                                if (mode) {
                                    uint32_t bm_blocks = (uint32_t)(o.bm_bytes / in.cell_bytes);
                                    if (fg_gfc_check_time_regs(&in, bm_blocks, (uint32_t)o.period_cell_times, o.recip,
                                                               cmsg, sizeof cmsg)) {
                                        char d2[1600];
                                        snprintf(d2, sizeof d2, "%s: gfc check refuses cfg_period %llu cfg_recip %u: %s",
                                                 detail, (unsigned long long)o.period_cell_times, o.recip, cmsg);
                                        fail("plan_vs_check_time", d2);
                                    }
                                    if (o.period_cell_times < 1 || o.period_cell_times > nic_field_max("gfc_period") ||
                                        o.recip < 2 || o.recip > nic_field_max("gfc_recip"))
                                        fail("plan_time_field_width", detail);
                                    if (o.fb_time_pct > FG_GFC_FEEDBACK_MAX_PCT)
                                        fail("plan_time_feedback", detail);
                                } else {
                                    if (fg_gfc_check_stage_regs(&in, o.b1_cells, o.bm_cells, cmsg, sizeof cmsg)) {
                                        char d2[1600];
                                        snprintf(d2, sizeof d2, "%s: gfc check refuses b1 %u bm %u: %s", detail,
                                                 o.b1_cells, o.bm_cells, cmsg);
                                        fail("plan_vs_check_buffer", d2);
                                    }
                                    if (o.bm_cells > (1u << in.cw) - 1 || o.b1_cells >= o.bm_cells)
                                        fail("plan_buffer_field_width", detail);
                                    if (o.fb_worst_pct > FG_GFC_FEEDBACK_MAX_PCT)
                                        fail("plan_buffer_feedback", detail);
                                }
                            }
    if (planned < 1000)
        fail("plan_coverage", "fewer than 1000 planned points: the grid no longer tests the promise");
    if (refused < 200)
        fail("plan_coverage", "fewer than 200 refused points: the grid no longer reaches the limits");

    /* headroom: refused exactly when wider than the field */
    static const double hr_rates[] = {1, 10, 40, 100, 400, 800, 1600};
    static const double cables[] = {0, 3, 100, 1000, 10000, 40000, 100000};
    static const int quanta[] = {-1, 1, 1000, 65535};
    static const uint32_t hr_cells[] = {16, 64, 256};
    static const int hr_cws[] = {16, 18, 20, 24};
    long fits = 0, wide = 0, hpoints = 0;
    for (size_t r = 0; r < sizeof hr_rates / sizeof hr_rates[0]; r++)
        for (size_t c = 0; c < sizeof cables / sizeof cables[0]; c++)
            for (size_t q = 0; q < sizeof quanta / sizeof quanta[0]; q++)
                for (size_t e = 0; e < sizeof hr_cells / sizeof hr_cells[0]; e++)
                    for (size_t w = 0; w < sizeof hr_cws / sizeof hr_cws[0]; w++) {
                        fg_headroom_in in;
                        fg_headroom_defaults(&in);
                        in.rate_gbps = hr_rates[r];
                        in.cable_m = cables[c];
                        in.reaction_quanta = quanta[q] < 0 && fg_headroom_reaction_quanta(in.rate_gbps, 0) < 0 ? 500
                                                                                                                : quanta[q];
                        in.cell_bytes = hr_cells[e];
                        in.cw = hr_cws[w];
                        fg_headroom_out h;
                        int rc = fg_headroom_compute(&in, &h, msg, sizeof msg);
                        hpoints++;
                        /* the total recomputed here from the terms, not taken from the code under test */
                        uint64_t total = h.max_frame_rx + h.pfc_frame + h.cable + h.reaction + h.max_frame_tx + h.phy;
                        uint64_t cells_needed = (total + in.cell_bytes - 1) / in.cell_bytes;
                        uint64_t max = (1ull << in.cw) - 1;
                        snprintf(detail, sizeof detail, "rate %g cable %g quanta %d cell %u cw %d: rc %d cells %llu",
                                 in.rate_gbps, in.cable_m, in.reaction_quanta, in.cell_bytes, in.cw, rc,
                                 (unsigned long long)cells_needed);
                        if (rc == -1) {
                            fail("headroom_unexpected_error", msg);
                        } else if (cells_needed > max) {
                            wide++;
                            if (rc != -2 || !strstr(msg, "above the field's maximum"))
                                fail("headroom_wide_accepted", detail);
                        } else {
                            fits++;
                            if (rc != 0 || h.total_cells != cells_needed)
                                fail("headroom_fit_refused", detail);
                        }
                    }
    if (fits < 1000 || wide < 100)
        fail("headroom_coverage", "too few results of one kind: the grid no longer tests the field limit");
    printf("RESULT calc_property gfc_points=%ld planned=%ld refused=%ld headroom_points=%ld fits=%ld too_wide=%ld "
           "failures=%d\n",
           points, planned, refused, hpoints, fits, wide, failures);
    return failures ? 1 : 0;
}
