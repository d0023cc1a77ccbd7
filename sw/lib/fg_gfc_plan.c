/* fg_gfc_plan.c - GFC parameter calculator (see fg_gfc_plan.h). */
#include "fg_gfc_plan.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fg_reg_plan.h"
#include "fg_regs_nic.h"
#include "fg_regs_sw.h"
#include "fg_units.h"

void fg_gfc_plan_defaults(fg_gfc_plan_in *in)
{
    memset(in, 0, sizeof *in);
    in->mtu = 1500;
    in->wire_ns = 1000;
    in->proc_ns = 3000;
    in->cell_bytes = 64;
    in->msg_bytes = 64;
    in->mode = FG_GFC_MODE_BUFFER;
    in->period_ns = -1;
    in->b1_bytes = -1;
    in->b0_bytes = -1;
    in->cw = FG_PARAM_CW_DEFAULT;
}

/* The legal maximum of a read-write field of a generated map, for counter width cw. */
static uint32_t field_max(const fg_reg_map *map, const char *name, int cw)
{
    fg_reg_shape shape = {FG_PARAM_N_PORTS_MIN, FG_PARAM_N_PRIO_MIN, cw, 0};
    const fg_reg_field_desc *f = fg_reg_rw_field_named(map, name);
    return f ? fg_reg_field_max(f, &shape) : 0;
}

int fg_gfc_paper_stage_count(double rate_gbps)
{
    if (fabs(rate_gbps - 10) < 1e-9) return 16;
    if (fabs(rate_gbps - 40) < 1e-9) return 18;
    if (fabs(rate_gbps - 100) < 1e-9) return 20;
    return -1;
}

/* last k with (span >> (k-2)) != 0: floor(log2 span) + 2, or 1 for span 0 (fg_gfc_stage) */
static unsigned stage_count(uint64_t span)
{
    unsigned n = 1;
    for (unsigned k = 2; k <= 64 && (span >> (k - 2)) != 0; k++) n = k;
    return n;
}

/* bytes carried in ns at rate, exact (not rounded) */
static double bytes_in(double ns, double gbps) { return ns * gbps / 8.0; }

/* the link parameters every calculation needs: 0, or -1 with the field and its range */
static int link_error(const fg_gfc_plan_in *in, char *msg, size_t n)
{
    if (!(in->rate_gbps > 0 && in->rate_gbps <= 1600)) {
        snprintf(msg, n, "rate %g Gb/s is outside its legal range (0, 1600] Gb/s", in->rate_gbps);
        return -1;
    }
    if (in->mtu < 68 || in->mtu > 16000) {
        snprintf(msg, n, "mtu %u is outside its legal range 68..16000 bytes", in->mtu);
        return -1;
    }
    if (!(in->wire_ns >= 0 && in->wire_ns <= 1e9) || !(in->proc_ns >= 0 && in->proc_ns <= 1e9)) {
        snprintf(msg, n, "cable / processing time %g / %g ns is outside its legal range 0..1e9 ns", in->wire_ns,
                 in->proc_ns);
        return -1;
    }
    if (in->cell_bytes < 1 || in->cell_bytes > 16384) {
        snprintf(msg, n, "cell %u is outside its legal range 1..16384 bytes", in->cell_bytes);
        return -1;
    }
    if (in->msg_bytes < 1 || in->msg_bytes > 16384) {
        snprintf(msg, n, "message size %u is outside its legal range 1..16384 bytes", in->msg_bytes);
        return -1;
    }
    return 0;
}

/* tau = 2*MTU/C + 2*t_w + t_r, ns (paper Eq. 6) */
static double tau_ns_of(const fg_gfc_plan_in *in)
{
    return 2.0 * in->mtu * 8.0 / in->rate_gbps + 2.0 * in->wire_ns + in->proc_ns;
}

int fg_gfc_plan(const fg_gfc_plan_in *in, fg_gfc_plan_out *out, char *msg, size_t n)
{
    memset(out, 0, sizeof *out);
    if (link_error(in, msg, n)) return -1;
    if (!(in->buffer_bytes >= 1 && in->buffer_bytes <= FG_GFC_BUFFER_MAX_BYTES)) {
        snprintf(msg, n, "buffer %g B is outside its legal range 1..%g bytes", in->buffer_bytes,
                 FG_GFC_BUFFER_MAX_BYTES);
        return -1;
    }

    /* tau, paper Eq. 6 */
    out->tau_mtu_ns = 2.0 * in->mtu * 8.0 / in->rate_gbps;
    out->tau_ns = out->tau_mtu_ns + 2.0 * in->wire_ns + in->proc_ns;
    out->ctau_bytes = (uint64_t)fg_ceil(bytes_in(out->tau_ns, in->rate_gbps));
    out->two_ctau_bytes = (uint64_t)fg_ceil(2.0 * bytes_in(out->tau_ns, in->rate_gbps));

    /* buffer-based, bytes */
    out->bm_bytes = (uint64_t)floor(in->buffer_bytes + 1e-9);
    out->n_paper = fg_gfc_paper_stage_count(in->rate_gbps);
    bool buffer_ok = out->two_ctau_bytes <= out->bm_bytes;
    out->b1_max_bytes = buffer_ok ? out->bm_bytes - out->two_ctau_bytes : 0;
    if (in->mode == FG_GFC_MODE_BUFFER && !buffer_ok) {
        snprintf(msg, n,
                 "buffer %llu B is too small for buffer-based GFC: it needs at least 2*C*tau = %llu B above B_1 "
                 "(B_1 <= B_m - 2*C*tau, tau = %.3f us)",
                 (unsigned long long)out->bm_bytes, (unsigned long long)out->two_ctau_bytes, out->tau_ns / 1000);
        return -1;
    }
    if (in->b1_bytes >= 0) {
        if (in->mode == FG_GFC_MODE_BUFFER && in->b1_bytes > (double)out->b1_max_bytes + 1e-9) {
            snprintf(msg, n,
                     "b1 %.0f B is outside its legal range 0..%llu B (B_1 <= B_m - 2*C*tau = %llu - %llu)",
                     in->b1_bytes, (unsigned long long)out->b1_max_bytes, (unsigned long long)out->bm_bytes,
                     (unsigned long long)out->two_ctau_bytes);
            return -1;
        }
        out->b1_bytes = (uint64_t)floor(in->b1_bytes + 1e-9);
    } else {
        out->b1_bytes = out->b1_max_bytes;
    }
    if (out->b1_bytes > out->bm_bytes) out->b1_bytes = out->bm_bytes;
    out->span_bytes = out->bm_bytes - out->b1_bytes;
    out->n_stages = stage_count(out->span_bytes);
    if (out->n_stages > FG_GFC_MAX_STAGES) out->n_stages = FG_GFC_MAX_STAGES;
    for (unsigned k = 1; k <= out->n_stages; k++) {
        out->stage_start[k] = out->bm_bytes - (out->span_bytes >> (k - 1));
        out->stage_rate_gbps[k] = in->rate_gbps / (double)(1ull << k);
    }
    out->stage_rate_gbps[0] = in->rate_gbps;
    out->headroom_bytes = out->span_bytes;

    /* hardware registers in cells: B_m rounds down (what the buffer holds), the span rounds
     * up (never less room than 2*C*tau above B_1) */
    out->bm_cells = (uint32_t)(out->bm_bytes / in->cell_bytes);
    out->span_cells = (uint32_t)((out->span_bytes + in->cell_bytes - 1) / in->cell_bytes);
    if (out->span_cells > out->bm_cells) {
        if (in->mode == FG_GFC_MODE_BUFFER) {
            snprintf(msg, n,
                     "buffer %llu B holds %u cells of %u B, fewer than the %u cells B_m - B_1 needs: use a smaller "
                     "--cell or a larger --buffer",
                     (unsigned long long)out->bm_bytes, out->bm_cells, in->cell_bytes, out->span_cells);
            return -1;
        }
        out->span_cells = out->bm_cells;
    }
    out->b1_cells = out->bm_cells - out->span_cells;
    out->n_stages_cells = stage_count(out->span_cells);
    out->headroom_cells = out->span_cells;
    uint32_t bm_field_max = field_max(&fg_regs_sw_map, "gfc_bm", in->cw);
    if (in->mode == FG_GFC_MODE_BUFFER && out->bm_cells > bm_field_max) {
        snprintf(msg, n,
                 "gfc_bm = %u cells is above the field's maximum %u (GFC_BM, CW %d bits): the largest legal "
                 "buffer is %llu B in cells of %u B (use larger cells or a larger CW)",
                 out->bm_cells, bm_field_max, in->cw, (unsigned long long)bm_field_max * in->cell_bytes,
                 in->cell_bytes);
        return -1;
    }

    /* feedback bandwidth of buffer-based GFC */
    double msg_bits = in->msg_bytes * 8.0;
    out->fb_worst_mbps = msg_bits / out->tau_ns * 1e3;
    out->fb_worst_pct = out->fb_worst_mbps / (in->rate_gbps * 1e3) * 100.0;
    out->fb_steady_mbps = out->fb_worst_mbps / 8.0;
    out->fb_steady_pct = out->fb_worst_pct / 8.0;
    if (in->mode == FG_GFC_MODE_BUFFER && out->fb_worst_pct > FG_GFC_FEEDBACK_MAX_PCT) {
        snprintf(msg, n,
                 "feedback of buffer-based GFC would take up to %.2f %% of the link (%u B per tau = %.3f us), above "
                 "the %g %% a plan may spend: tau needs at least %.3f us (longer --cable or --tr, or smaller --msg)",
                 out->fb_worst_pct, in->msg_bytes, out->tau_ns / 1000, FG_GFC_FEEDBACK_MAX_PCT,
                 msg_bits / (in->rate_gbps * FG_GFC_FEEDBACK_MAX_PCT / 100.0) / 1000);
        return -1;
    }

    /* time-based */
    out->period_ns = in->period_ns > 0 ? in->period_ns : FG_GFC_CBFC_PERIOD_BYTES * 8.0 / in->rate_gbps;
    if (in->mode == FG_GFC_MODE_TIME && !(out->period_ns >= 1 && out->period_ns <= 1e9)) {
        snprintf(msg, n, "period %g ns is outside its legal range 1..1e9 ns", out->period_ns);
        return -1;
    }
    out->b0_factor = pow(sqrt(out->tau_ns / out->period_ns) + 1.0, 2.0);
    out->b0_bound_bytes = in->buffer_bytes - out->b0_factor * bytes_in(out->period_ns, in->rate_gbps);
    out->fb_time_mbps = msg_bits / out->period_ns * 1e3;
    out->fb_time_pct = out->fb_time_mbps / (in->rate_gbps * 1e3) * 100.0;
    /* rounded down: a shorter period only lowers (sqrt(tau/T)+1)^2*C*T, so B_0 stays legal for
     * the period the hardware really uses (fg_gfc_check_time_regs) */
    out->period_cell_times = (uint64_t)floor(bytes_in(out->period_ns, in->rate_gbps) / in->cell_bytes + 1e-9);
    if (in->mode != FG_GFC_MODE_TIME) {
        if (out->period_cell_times < 1) out->period_cell_times = 1;
        return 0;
    }
    uint32_t period_max = field_max(&fg_regs_nic_map, "gfc_period", in->cw);
    if (out->period_cell_times < 1 || out->period_cell_times > period_max) {
        snprintf(msg, n,
                 "period %.3f ns is %llu cell times of %u B at %g Gb/s, outside gfc_period's legal range 1..%u "
                 "(GFC_PERIOD): legal periods are %.3f ns .. %.3f us",
                 out->period_ns, (unsigned long long)out->period_cell_times, in->cell_bytes, in->rate_gbps, period_max,
                 in->cell_bytes * 8.0 / in->rate_gbps, (double)period_max * in->cell_bytes * 8.0 / in->rate_gbps / 1000);
        return -1;
    }
    if (out->fb_time_pct > FG_GFC_FEEDBACK_MAX_PCT) {
        snprintf(msg, n,
                 "feedback of time-based GFC would take %.2f %% of the link (%u B every %.3f ns), above the %g %% a "
                 "plan may spend: --period must be at least %.3f ns",
                 out->fb_time_pct, in->msg_bytes, out->period_ns, FG_GFC_FEEDBACK_MAX_PCT,
                 msg_bits / (in->rate_gbps * FG_GFC_FEEDBACK_MAX_PCT / 100.0));
        return -1;
    }
    if (out->b0_bound_bytes < 0) {
        snprintf(msg, n,
                 "buffer %llu B is too small for time-based GFC with T_fc = %.3f us: Theorem 5.1 needs B_m >= "
                 "(sqrt(tau/T)+1)^2 * C * T = %.0f B (shorten --period or enlarge --buffer)",
                 (unsigned long long)out->bm_bytes, out->period_ns / 1000, in->buffer_bytes - out->b0_bound_bytes);
        return -1;
    }
    double b0_max = floor(out->b0_bound_bytes + 1e-9);
    if (in->b0_bytes >= 0) {
        if (in->b0_bytes > b0_max + 1e-9) {
            snprintf(msg, n,
                     "b0 %.0f B is outside its legal range 0..%.0f B (Theorem 5.1: B_0 <= B_m - (sqrt(tau/T)+1)^2 * "
                     "C * T)",
                     in->b0_bytes, b0_max);
            return -1;
        }
        out->b0_bytes = (uint64_t)floor(in->b0_bytes + 1e-9);
    } else {
        out->b0_bytes = (uint64_t)b0_max;
    }
    /* B_m - B_0 in blocks, rounded up: the mapping never gets steeper than the bound allows. The
     * receiver holds whole blocks (B_m = floor(buffer / cell)): B_m - B_0 cannot exceed them, and
     * the bound's term must fit in them too (fg_gfc_check_time_regs checks in blocks). */
    uint64_t bm_blocks = out->bm_bytes / in->cell_bytes;
    uint64_t need_blocks = (uint64_t)fg_ceil((in->buffer_bytes - out->b0_bound_bytes) / in->cell_bytes);
    uint64_t span_blocks = (out->bm_bytes - out->b0_bytes + in->cell_bytes - 1) / in->cell_bytes;
    if (span_blocks > bm_blocks) span_blocks = bm_blocks;
    if (need_blocks > bm_blocks) {
        snprintf(msg, n,
                 "buffer %llu B holds %llu whole blocks of %u B, fewer than the %llu blocks (sqrt(tau/T)+1)^2*C*T "
                 "needs (Theorem 5.1): use a smaller --cell, a shorter --period or a larger --buffer",
                 (unsigned long long)out->bm_bytes, (unsigned long long)bm_blocks, in->cell_bytes,
                 (unsigned long long)need_blocks);
        return -1;
    }
    if (span_blocks < FG_GFC_RECIP_SPAN_MIN || span_blocks > FG_GFC_RECIP_SPAN_MAX) {
        snprintf(msg, n,
                 "B_m - B_0 = %llu blocks of %u B is outside the rate adjuster's legal range %u..%u blocks "
                 "(cfg_recip = round(2^28 / (B_m - B_0)) must fit in 24 bits): change --cell or --b0",
                 (unsigned long long)span_blocks, in->cell_bytes, FG_GFC_RECIP_SPAN_MIN, FG_GFC_RECIP_SPAN_MAX);
        return -1;
    }
    out->b0_span_blocks = (uint32_t)span_blocks;
    out->recip = (uint32_t)((((uint64_t)1 << FG_GFC_RECIP_SHIFT) + span_blocks / 2) / span_blocks);
    return 0;
}

int fg_gfc_check_stage_regs(const fg_gfc_plan_in *link, uint32_t b1_cells, uint32_t bm_cells, char *msg, size_t n)
{
    if (link_error(link, msg, n)) return -1;
    double tau = tau_ns_of(link);
    uint64_t two_ctau = (uint64_t)fg_ceil(2.0 * bytes_in(tau, link->rate_gbps));
    uint64_t need = (two_ctau + link->cell_bytes - 1) / link->cell_bytes; /* cells between B_1 and B_m */
    if (bm_cells < need) {
        snprintf(msg, n,
                 "gfc_bm = %u cells is too small for buffer-based GFC: legal range %llu.. cells (B_1 <= B_m - "
                 "2*C*tau needs 2*C*tau = %llu B = %llu cells of %u B below B_m; tau = %.3f us at %g Gb/s)",
                 bm_cells, (unsigned long long)need, (unsigned long long)two_ctau, (unsigned long long)need,
                 link->cell_bytes, tau / 1000, link->rate_gbps);
        return -1;
    }
    uint64_t b1_max = bm_cells - need;
    if (b1_cells > b1_max) {
        snprintf(msg, n,
                 "gfc_b1 = %u cells is outside its legal range 0..%llu cells (B_1 <= B_m - 2*C*tau = %u - %llu "
                 "cells of %u B; 2*C*tau = %llu B, tau = %.3f us at %g Gb/s)",
                 b1_cells, (unsigned long long)b1_max, bm_cells, (unsigned long long)need, link->cell_bytes,
                 (unsigned long long)two_ctau, tau / 1000, link->rate_gbps);
        return -1;
    }
    return 0;
}

/* (sqrt(tau/T)+1)^2 * C * T in bytes for a period of `period` cell times */
static double b0_term_bytes(double ctau_bytes, uint64_t period, uint32_t cell)
{
    double ct = (double)period * cell;
    return pow(sqrt(ctau_bytes / ct) + 1.0, 2.0) * ct;
}

static uint32_t recip_of(uint64_t span_blocks)
{
    return (uint32_t)((((uint64_t)1 << FG_GFC_RECIP_SHIFT) + span_blocks / 2) / span_blocks);
}

int fg_gfc_check_time_regs(const fg_gfc_plan_in *link, uint32_t bm_blocks, uint32_t cfg_period, uint32_t cfg_recip,
                           char *msg, size_t n)
{
    if (link_error(link, msg, n)) return -1;
    const uint32_t cell = link->cell_bytes;
    double tau = tau_ns_of(link);
    double ctau = bytes_in(tau, link->rate_gbps);
    double bm_bytes = (double)bm_blocks * cell;
    if (bm_blocks < FG_GFC_RECIP_SPAN_MIN) {
        snprintf(msg, n,
                 "B_m = %u blocks is below its legal minimum %u blocks (cfg_recip = round(2^28 / (B_m - B_0)) "
                 "must fit in 24 bits)",
                 bm_blocks, FG_GFC_RECIP_SPAN_MIN);
        return -1;
    }
    /* the longest legal period: (sqrt(C*tau) + sqrt(C*T))^2 <= B_m, i.e.
     * C*T <= (sqrt(B_m) - sqrt(C*tau))^2, then stepped onto the exact test below */
    double root = sqrt(bm_bytes) - sqrt(ctau);
    uint64_t pmax = root > 0 ? (uint64_t)floor(root * root / cell) : 0;
    while (pmax > 0 && b0_term_bytes(ctau, pmax, cell) > bm_bytes) pmax--;
    while (b0_term_bytes(ctau, pmax + 1, cell) <= bm_bytes && pmax < 0xFFFFFFu) pmax++;
    if (pmax > 0xFFFFFFu) pmax = 0xFFFFFFu;
    if (pmax < 1) {
        snprintf(msg, n,
                 "B_m = %u blocks of %u B is too small for time-based GFC at any period: Theorem 5.1 needs "
                 "B_m > (sqrt(tau/T)+1)^2*C*T > C*tau = %.0f B (tau = %.3f us at %g Gb/s)",
                 bm_blocks, cell, ctau, tau / 1000, link->rate_gbps);
        return -1;
    }
    if (cfg_period < 1 || cfg_period > pmax) {
        snprintf(msg, n,
                 "cfg_period = %u is outside its legal range 1..%llu cell times of %u B (Theorem 5.1: "
                 "(sqrt(tau/T)+1)^2*C*T <= B_m = %u blocks; tau = %.3f us at %g Gb/s)",
                 cfg_period, (unsigned long long)pmax, cell, bm_blocks, tau / 1000, link->rate_gbps);
        return -1;
    }
    /* B_m - B_0 = 2^28 / cfg_recip blocks: at least the bound (rounded up to whole blocks, as the
     * calculator does), at most B_m (B_0 >= 0) */
    double term = b0_term_bytes(ctau, cfg_period, cell);
    uint64_t need_blocks = (uint64_t)fg_ceil(term / cell);
    uint64_t span_max = bm_blocks < FG_GFC_RECIP_SPAN_MAX ? bm_blocks : FG_GFC_RECIP_SPAN_MAX;
    uint32_t recip_max = need_blocks < FG_GFC_RECIP_SPAN_MIN ? 0xFFFFFFu : recip_of(need_blocks);
    uint32_t recip_min = recip_of(span_max);
    if (cfg_recip < recip_min || cfg_recip > recip_max) {
        snprintf(msg, n,
                 "cfg_recip = %u is outside its legal range %u..%u (B_m - B_0 = 2^28/cfg_recip blocks must lie "
                 "between (sqrt(tau/T)+1)^2*C*T = %.0f B = %llu blocks and B_m = %llu blocks; Theorem 5.1: "
                 "B_0 <= B_m - (sqrt(tau/T)+1)^2*C*T)",
                 cfg_recip, recip_min, recip_max, term, (unsigned long long)need_blocks,
                 (unsigned long long)span_max);
        return -1;
    }
    return 0;
}
