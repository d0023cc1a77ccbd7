/* fg_pft_calc.c - PFT closed forms and option parsing (see fg_pft_calc.h). */
#include "fg_pft_calc.h"

#include <math.h>
#include <stdio.h>

uint64_t fg_pft_calc_f(uint32_t c, unsigned m, unsigned n, uint64_t k)
{
    return (((uint64_t)c << m) >> n) + k;
}

double fg_pft_calc_rate_fi(uint64_t f) { return 1.0 / ((double)f + 1.0); }

double fg_pft_calc_rate_ri(uint64_t f)
{
    const double two32 = 4294967296.0;
    double fc = f > 0x100000000ull ? two32 : (double)f;
    return (two32 - fc) / two32;
}

double fg_pft_calc_ri_tolerance(uint64_t cycles, double p)
{
    double var = (double)cycles * p * (1.0 - p) * FG_PFT_RI_VAR_INFLATION;
    return FG_PFT_RI_Z * sqrt(var) + 1.0;
}
