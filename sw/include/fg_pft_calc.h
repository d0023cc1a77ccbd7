/* fg_pft_calc.h - PFT closed forms for firmware and the CLI (docs/blocks/pft.md):
 * f(c) = ((c << m) >> n) + k computed exactly (no saturation), the injection rate of a port
 * held in Congested with a flit always waiting, and the tolerance `flowgate pft curve` allows
 * between a measured rate and the closed form. Independent of the C model on purpose: the
 * curve compares the two. */
#ifndef FG_PFT_CALC_H
#define FG_PFT_CALC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PFT_C_MAX 4095u        /* c of a 12-bit CBFC sender */
#define FG_PFT_SHIFT_LIMIT 31u    /* m, n: 5-bit register fields */
#define FG_PFT_K_MAX 0xFFFFFFFFull /* k: FW = 32 in the NIC */

/* RI tolerance: Z binomial standard errors, widened by sqrt(3) because consecutive values of
 * a once-per-cycle LFSR share 31 bits (the variance of the count is at most 3x binomial), plus
 * one flit. */
#define FG_PFT_RI_Z 5.0
#define FG_PFT_RI_VAR_INFLATION 3.0

/* Exact f(c) = ((c << m) >> n) + k, no width limit (c <= 65535, m, n <= 31: fits 64 bits). */
uint64_t fg_pft_calc_f(uint32_t c, unsigned m, unsigned n, uint64_t k);
/* FI: one flit every f + 1 cycles: 1 / (f + 1) flits per cycle. */
double fg_pft_calc_rate_fi(uint64_t f);
/* RI: P(r >= f) for a uniform 32-bit r: (2^32 - min(f, 2^32)) / 2^32. */
double fg_pft_calc_rate_ri(uint64_t f);
/* Largest |measured - expected| flit count accepted over `cycles` cycles at rate p (RI). */
double fg_pft_calc_ri_tolerance(uint64_t cycles, double p);
/* FI: |measured - cycles / (f + 1)| must stay below this many flits (the first flit may go
 * at once, so the count is ceil, not floor, of cycles / (f + 1)). */
#define FG_PFT_FI_TOLERANCE_FLITS 1.0

#ifdef __cplusplus
}
#endif
#endif
