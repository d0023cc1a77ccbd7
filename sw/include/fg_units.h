/* fg_units.h - unit conversions between the physical world and the register values of the
 * flowgate blocks, whose time unit is the clock cycle and whose buffer unit is the cell.
 *
 * Rounding: a conversion that yields a count the hardware will wait for or reserve (cycles,
 * cells, quanta) rounds UP, so a configured delay or space is never shorter than asked for;
 * values within 1e-9 (relative) of an integer count as that integer, so 1 us at 125 MHz is
 * exactly 125 cycles despite binary floating point. Conversions back to time or rate are exact
 * doubles. Rates are in Gb/s (1 Gb/s = 1e9 bit/s); clocks in Hz.
 *
 * Cable: signals travel about 5 ns per metre in fibre and copper (refractive index ~1.5,
 * velocity ~2e8 m/s); FG_CABLE_NS_PER_M is that constant. */
#ifndef FG_UNITS_H
#define FG_UNITS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FG_CABLE_NS_PER_M 5.0
#define FG_QUANTUM_BITS 512         /* one pause quantum = 512 bit times at the link's rate */
#define FG_QUANTA_STEP_FRAC_BITS 16 /* QUANTA_STEP is quanta per cycle in Q8.16 */
#define FG_QUANTA_STEP_MAX 0xFFFFFFu

/* Smallest integer >= x, treating values within 1e-9 (relative) of an integer as it. */
double fg_ceil(double x);

/* time <-> clock cycles */
uint64_t fg_ns_to_cycles(double ns, double clk_hz);
uint64_t fg_us_to_cycles(double us, double clk_hz);
double fg_cycles_to_ns(uint64_t cycles, double clk_hz);
double fg_cycles_to_us(uint64_t cycles, double clk_hz);

/* link rate <-> bits per clock cycle, and the clock a datapath of width_bits needs for a rate */
double fg_bits_per_cycle(double rate_gbps, double clk_hz);
double fg_rate_gbps(double bits_per_cycle, double clk_hz);
double fg_datapath_clk_hz(double rate_gbps, int width_bits);

/* QUANTA_STEP (quanta per cycle, Q8.16) for a port moving bits_per_cycle bits per cycle:
 * step = bits_per_cycle / 512 * 65536 = bits_per_cycle * 128, rounded to nearest.
 * 8 bits/cycle (1 GbE, byte-wide) -> 0x000400; 512 bits/cycle (one 64-byte cell) -> 0x010000.
 * Returns 0, or -1 with a message when the step is outside 1..0xFFFFFF. */
int fg_quanta_step(double bits_per_cycle, uint32_t *step, char *msg, size_t n);
double fg_quanta_step_to_bits_per_cycle(uint32_t step);

/* cable length -> one-way propagation delay (5 ns/m) */
double fg_cable_delay_ns(double metres);

/* bytes <-> cells (a packet of L bytes occupies ceil(L / cell_bytes) cells) */
uint64_t fg_bytes_to_cells(uint64_t bytes, uint32_t cell_bytes);
uint64_t fg_cells_to_bytes(uint64_t cells, uint32_t cell_bytes);

/* bits carried in `ns` at rate_gbps, as whole bytes (rounded up) */
uint64_t fg_ns_to_bytes(double ns, double rate_gbps);

/* pause quanta <-> time at a link rate */
double fg_quanta_to_ns(double quanta, double rate_gbps);
uint64_t fg_ns_to_quanta(double ns, double rate_gbps);

#ifdef __cplusplus
}
#endif
#endif
