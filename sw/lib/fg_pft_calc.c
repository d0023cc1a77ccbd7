/* fg_pft_calc.c - PFT closed forms and option parsing (see fg_pft_calc.h). */
#include "fg_pft_calc.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

int fg_pft_calc_parse_u64(const char *option, const char *s, uint64_t lo, uint64_t hi, uint64_t *out,
                          char *msg, size_t msg_len)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = 0;
    int ok = s && *s && *s != '-' && *s != '+';
    if (ok) {
        int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
        v = strtoull(hex ? s + 2 : s, &end, hex ? 16 : 10);
        const char *digits = hex ? s + 2 : s;
        ok = hex ? isxdigit((unsigned char)digits[0]) : isdigit((unsigned char)digits[0]);
        ok = ok && errno == 0 && end && *end == '\0' && v >= lo && v <= hi;
    }
    if (!ok) {
        snprintf(msg, msg_len, "%s expects an integer %" PRIu64 "..%" PRIu64 ", got '%s'", option, lo, hi,
                 s ? s : "");
        return -1;
    }
    *out = v;
    return 0;
}
