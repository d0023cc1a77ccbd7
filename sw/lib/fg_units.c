/* fg_units.c - unit conversions (see fg_units.h for the rounding rules). */
#include "fg_units.h"

#include <math.h>
#include <stdio.h>

double fg_ceil(double x)
{
    double r = nearbyint(x);
    double tol = 1e-9 * (fabs(x) > 1.0 ? fabs(x) : 1.0);
    if (fabs(x - r) <= tol)
        return r;
    return ceil(x);
}

static uint64_t to_count(double x) { return x <= 0.0 ? 0 : (uint64_t)fg_ceil(x); }

uint64_t fg_ns_to_cycles(double ns, double clk_hz) { return to_count(ns * clk_hz / 1e9); }
uint64_t fg_us_to_cycles(double us, double clk_hz) { return to_count(us * clk_hz / 1e6); }
double fg_cycles_to_ns(uint64_t cycles, double clk_hz) { return (double)cycles * 1e9 / clk_hz; }
double fg_cycles_to_us(uint64_t cycles, double clk_hz) { return (double)cycles * 1e6 / clk_hz; }

double fg_bits_per_cycle(double rate_gbps, double clk_hz) { return rate_gbps * 1e9 / clk_hz; }
double fg_rate_gbps(double bits_per_cycle, double clk_hz) { return bits_per_cycle * clk_hz / 1e9; }
double fg_datapath_clk_hz(double rate_gbps, int width_bits) { return rate_gbps * 1e9 / (double)width_bits; }

int fg_quanta_step(double bits_per_cycle, uint32_t *step, char *msg, size_t n)
{
    double s = nearbyint(bits_per_cycle * (double)(1u << FG_QUANTA_STEP_FRAC_BITS) / FG_QUANTUM_BITS);
    if (!(s >= 1.0 && s <= (double)FG_QUANTA_STEP_MAX)) {
        snprintf(msg, n,
                 "QUANTA_STEP for %g bits per cycle is %.0f, outside its legal range 1..16777215 "
                 "(0.008..131071 bits per cycle)",
                 bits_per_cycle, s);
        return -1;
    }
    *step = (uint32_t)s;
    return 0;
}

double fg_quanta_step_to_bits_per_cycle(uint32_t step)
{
    return (double)step * FG_QUANTUM_BITS / (double)(1u << FG_QUANTA_STEP_FRAC_BITS);
}

double fg_cable_delay_ns(double metres) { return metres * FG_CABLE_NS_PER_M; }

uint64_t fg_bytes_to_cells(uint64_t bytes, uint32_t cell_bytes) { return (bytes + cell_bytes - 1) / cell_bytes; }
uint64_t fg_cells_to_bytes(uint64_t cells, uint32_t cell_bytes) { return cells * cell_bytes; }

uint64_t fg_ns_to_bytes(double ns, double rate_gbps) { return to_count(ns * rate_gbps / 8.0); }

double fg_quanta_to_ns(double quanta, double rate_gbps) { return quanta * FG_QUANTUM_BITS / rate_gbps; }
uint64_t fg_ns_to_quanta(double ns, double rate_gbps) { return to_count(ns * rate_gbps / FG_QUANTUM_BITS); }
