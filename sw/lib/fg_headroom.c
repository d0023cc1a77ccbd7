/* fg_headroom.c - PFC headroom calculator (see fg_headroom.h for the terms). */
#include "fg_headroom.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fg_reg_plan.h"
#include "fg_regs.h"
#include "fg_units.h"

void fg_headroom_defaults(fg_headroom_in *in)
{
    in->rate_gbps = 0;
    in->base_t = 0;
    in->cable_m = 0;
    in->mtu = 1500;
    in->cell_bytes = FG_HEADROOM_CELL_BYTES_DEFAULT;
    in->phy_delay_ns = FG_HEADROOM_PHY_DELAY_NS_DEFAULT;
    in->reaction_quanta = -1;
    in->core_cycles = 0;
    in->core_mhz = FG_HEADROOM_CORE_MHZ_DEFAULT;
    in->cw = FG_PARAM_CW_DEFAULT;
}

uint64_t fg_headroom_field_max(int cw)
{
    fg_reg_shape shape = {FG_PARAM_N_PORTS_MIN, FG_PARAM_N_PRIO_MIN, cw, 0};
    const fg_reg_field_desc *f = fg_reg_rw_field_named(&fg_regs_sw_map, "headroom");
    return f ? fg_reg_field_max(f, &shape) : 0; /* the generated map always has HEADROOM */
}

long fg_headroom_core_cycles(int line_rate, int n_ports, int n_prio)
{
    if (line_rate < 0 || line_rate > 2 || n_ports < 1 || n_ports > 32 || n_prio < 1 || n_prio > 8) return -1;
    /* default core (fg_bm): the pause with the taking edge, fg_pfc_gen's request two edges on */
    if (line_rate == 0) return 3;
    /* line-rate core (fg_bm_pipe): taken at once, the request 11 edges on (pause after H+9,
     * docs/blocks/sw_core.md, and fg_pfc_gen's edge); the worst case waits behind an earlier
     * packet of the same port that every other port's offer beats to the arbiter (N - 1
     * edges) and then for the PG interlock, 2 edges more than the next slot */
    if (line_rate == 1) return 11L + (n_ports - 1) + 2;
    /* compact core (fg_bm_seq): not characterised yet - its slot and scan schedule give a
     * worst case that the measurement has not pinned to a formula */
    return -1;
}

int fg_headroom_reaction_quanta(double rate_gbps, int base_t)
{
    static const struct {
        double gbps;
        int base_t;
        int quanta;
    } table[] = {{1, 0, 2}, {10, 0, 60}, {10, 1, 74}, {40, 0, 118}, {100, 0, 394}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (fabs(rate_gbps - table[i].gbps) < 1e-9 && base_t == table[i].base_t)
            return table[i].quanta;
    return -1;
}

int fg_headroom_compute(const fg_headroom_in *in, fg_headroom_out *out, char *msg, size_t n)
{
    if (!(in->rate_gbps > 0 && in->rate_gbps <= 1600)) {
        snprintf(msg, n, "rate %g Gb/s is outside its legal range (0, 1600] Gb/s", in->rate_gbps);
        return -1;
    }
    if (in->base_t && fabs(in->rate_gbps - 10) > 1e-9) {
        snprintf(msg, n, "BASE-T reaction time is defined for 10 Gb/s only, not %g Gb/s", in->rate_gbps);
        return -1;
    }
    if (!(in->cable_m >= 0 && in->cable_m <= 100000)) {
        snprintf(msg, n, "cable %g m is outside its legal range 0..100000 m", in->cable_m);
        return -1;
    }
    if (in->mtu < 68 || in->mtu > 16000) {
        snprintf(msg, n, "mtu %u is outside its legal range 68..16000 bytes", in->mtu);
        return -1;
    }
    if (in->cell_bytes < 1 || in->cell_bytes > 16384) {
        snprintf(msg, n, "cell %u is outside its legal range 1..16384 bytes", in->cell_bytes);
        return -1;
    }
    if (in->cw < FG_PARAM_CW_MIN || in->cw > FG_PARAM_CW_MAX) {
        snprintf(msg, n, "cw %d is outside its legal range %d..%d", in->cw, FG_PARAM_CW_MIN, FG_PARAM_CW_MAX);
        return -1;
    }
    if (in->core_cycles < 0 || in->core_cycles > 100000) {
        snprintf(msg, n, "core cycles %d is outside its legal range 0..100000", in->core_cycles);
        return -1;
    }
    if (!(in->core_mhz > 0 && in->core_mhz <= 1000)) {
        snprintf(msg, n, "core clock %g MHz is outside its legal range (0, 1000] MHz", in->core_mhz);
        return -1;
    }
    if (!(in->phy_delay_ns >= 0 && in->phy_delay_ns <= 1e6)) {
        snprintf(msg, n, "phy delay %g ns is outside its legal range 0..1000000 ns", in->phy_delay_ns);
        return -1;
    }
    int q = in->reaction_quanta;
    if (q < 0) {
        q = fg_headroom_reaction_quanta(in->rate_gbps, in->base_t);
        if (q < 0) {
            snprintf(msg, n,
                     "no 802.3 Annex 31B reaction time for %g Gb/s (the table has 1G, 10G, 10GBASE-T, "
                     "40G, 100G): give the reaction time in quanta (1..65535)",
                     in->rate_gbps);
            return -1;
        }
    } else if (q < 1 || q > 65535) {
        snprintf(msg, n, "reaction quanta %d is outside its legal range 1..65535", q);
        return -1;
    }
    uint64_t frame = (uint64_t)in->mtu + FG_HEADROOM_FRAME_OVERHEAD;
    out->reaction_quanta = (uint32_t)q;
    out->cable_ns = fg_cable_delay_ns(in->cable_m);
    out->max_frame_rx = frame;
    out->pfc_frame = FG_HEADROOM_PFC_FRAME_BYTES;
    out->cable = fg_ns_to_bytes(2.0 * out->cable_ns, in->rate_gbps);
    out->reaction = (uint64_t)q * FG_QUANTUM_BITS / 8;
    out->max_frame_tx = frame;
    out->core = fg_ns_to_bytes(in->core_cycles * 1000.0 / in->core_mhz, in->rate_gbps);
    out->phy = fg_ns_to_bytes(in->phy_delay_ns, in->rate_gbps);
    out->total_bytes = out->max_frame_rx + out->pfc_frame + out->cable + out->reaction + out->max_frame_tx +
                       out->core + out->phy;
    out->total_cells = fg_bytes_to_cells(out->total_bytes, in->cell_bytes);
    uint64_t max = fg_headroom_field_max(in->cw);
    if (out->total_cells > max) {
        /* the cable term is the one a user can shorten: how long may it be for `max` cells? */
        double fixed = (double)(out->total_bytes - out->cable), budget = (double)max * in->cell_bytes - fixed;
        if (budget < 0)
            snprintf(msg, n,
                     "HEADROOM = %llu cells is above the field's maximum %llu (%d bits, CW %d), and even without "
                     "a cable the other terms need %.0f bytes: use larger cells or a larger CW",
                     (unsigned long long)out->total_cells, (unsigned long long)max, in->cw, in->cw, fixed);
        else
            snprintf(msg, n,
                     "HEADROOM = %llu cells is above the field's maximum %llu (%d bits, CW %d): the largest legal "
                     "setting, %llu cells, covers a cable of at most %.0f m at %g Gb/s (or use larger cells or CW)",
                     (unsigned long long)out->total_cells, (unsigned long long)max, in->cw, in->cw,
                     (unsigned long long)max, floor(budget * 8.0 / in->rate_gbps / 2.0 / FG_CABLE_NS_PER_M),
                     in->rate_gbps);
        return -2;
    }
    return 0;
}
