/* lfsr.h - C twin of rtl/common/fg_lfsr.v: 32-bit Galois LFSR, taps 0x80200003
 * (x^32 + x^22 + x^2 + x + 1), shifting right, one step per use. */
#ifndef FG_LFSR_H
#define FG_LFSR_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_LFSR_TAPS 0x80200003u

/* The pure next-state function, shared by every model that embeds an LFSR. */
static inline uint32_t fg_lfsr_next(uint32_t s) { return (s >> 1) ^ ((s & 1u) ? FG_LFSR_TAPS : 0u); }
static inline uint32_t fg_lfsr_seed(uint32_t seed) { return seed ? seed : 1u; }

typedef struct {
    uint32_t reset_seed; /* RTL parameter RESET_SEED */
} fg_lfsr_cfg;

enum { FG_LFSR_COV_LOAD, FG_LFSR_COV_LOAD_ZERO, FG_LFSR_COV_STEP, FG_LFSR_COV_HOLD, FG_LFSR_COV_N };
extern const char *const fg_lfsr_cov_names[FG_LFSR_COV_N];

typedef struct {
    fg_lfsr_cfg cfg;
    uint32_t state;
    uint64_t cov[FG_LFSR_COV_N];
} fg_lfsr_state;

typedef struct {
    bool load;
    uint32_t seed;
    bool step;
} fg_lfsr_in;

typedef struct {
    uint32_t value;
    uint32_t value_step; /* the value one step on (the RTL keeps it in a register of its own) */
} fg_lfsr_out;

void fg_lfsr_reset(fg_lfsr_state *st, const fg_lfsr_cfg *cfg);
void fg_lfsr_step(fg_lfsr_state *st, const fg_lfsr_in *in, fg_lfsr_out *out);

#ifdef __cplusplus
}
#endif
#endif
