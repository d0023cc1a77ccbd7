/* ecn_mark.h - C twin of rtl/switch/fg_ecn_mark.v: ECN marking by RED on the instantaneous
 * egress queue, one decision per cycle through a six-edge pipeline (docs/blocks/ecn_mark.md).
 *
 * The rule is fg_ecn_red's (ecn_red.h); the schedule: an input taken on edge 1 gives its mark
 * after edge FG_ECN_MARK_LATENCY = 6. Edge 1: eligibility (ECN-capable, priority below n_prio
 * and in cfg_prio_mask), the draw (the LFSR's value; the LFSR steps on every in_valid);
 * edge 3: q - kmin and the compares with kmax and kmin, q = in_q as presented before edge 3
 * (the user's register of the EQ's length, loaded on edge 2: the line-rate core's is
 * fg_bm_pipe's adm_eq_cnt); edge 4: the half products (q - kmin) * slope[15:0] and
 * * slope[31:16]; edge 5: their sum; edge 6: the decision. The mask, thresholds and slope a
 * stage uses are those presented one edge before it (registered once: cq_*). All state lives
 * in the struct. */
#ifndef FG_ECN_MARK_H
#define FG_ECN_MARK_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_ECN_MARK_MAX_PRIO 8
#define FG_ECN_MARK_LATENCY 6 /* edges from an input to its mark */

enum {
    FG_ECN_MARK_COV_NOT_ECT,    /* an input not ECN-capable */
    FG_ECN_MARK_COV_PRIO_OFF,   /* ECN-capable, priority not in cfg_prio_mask (or >= n_prio) */
    FG_ECN_MARK_COV_BELOW_KMIN, /* q < kmin: no mark */
    FG_ECN_MARK_COV_AT_KMIN,    /* q == kmin: no mark */
    FG_ECN_MARK_COV_ABOVE_KMAX, /* q > kmax: mark */
    FG_ECN_MARK_COV_AT_KMAX,    /* q == kmax: mark */
    FG_ECN_MARK_COV_BAND_MARK,  /* kmin < q < kmax, marked by the draw */
    FG_ECN_MARK_COV_BAND_PASS,  /* kmin < q < kmax, not marked */
    FG_ECN_MARK_COV_P_ZERO,     /* in the band with slope 0: never marks */
    FG_ECN_MARK_COV_P_SAT,      /* in the band with (q - kmin) * slope >= 2^32: always marks */
    FG_ECN_MARK_COV_SEED_LOAD,  /* the seed loaded */
    FG_ECN_MARK_COV_BACK_TO_BACK, /* inputs on consecutive edges */
    FG_ECN_MARK_COV_N
};
extern const char *const fg_ecn_mark_cov_names[FG_ECN_MARK_COV_N];

typedef struct {
    int n_prio;          /* RTL parameter N_PRIO, 1..8 */
    int cw;              /* RTL parameter CW, 1..31 */
    uint32_t reset_seed; /* RTL parameter RESET_SEED */
} fg_ecn_mark_cfg;

typedef struct {
    uint8_t cfg_prio_mask;
    uint32_t cfg_kmin, cfg_kmax;
    uint32_t cfg_slope; /* Q0.32 */
    uint32_t cfg_seed;
    bool cfg_seed_load;
    bool in_valid;
    uint8_t in_prio;
    bool in_ect;
    uint32_t in_q; /* the length of the EQ of the input taken two edges before (edge 3 reads it) */
} fg_ecn_mark_in;

typedef struct {
    bool mark;
} fg_ecn_mark_out;

typedef struct {
    fg_ecn_mark_cfg cfg;
    /* cfg_prio_mask, cfg_kmin, cfg_kmax, cfg_slope as registered on the last edge (zero after
     * reset): the stages read these, so a new value acts one edge after it is presented */
    uint8_t cq_prio_mask;
    uint32_t cq_kmin, cq_kmax, cq_slope;
    uint32_t lfsr;
    bool prev_valid; /* coverage only */
    /* stage registers, after edge k (the RTL's s<k>_*_reg) */
    bool s1_elig, s2_elig, s3_elig, s4_elig, s5_elig;
    uint32_t s1_rnd, s2_rnd, s3_rnd, s4_rnd, s5_rnd;
    uint32_t s3_d;
    bool s3_ge, s3_le, s4_ge, s4_le, s5_ge, s5_le;
    uint64_t s4_lo, s4_hi, s5_prob;
    bool mark;
    uint64_t cov[FG_ECN_MARK_COV_N];
} fg_ecn_mark_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_ecn_mark_cfg_error(const fg_ecn_mark_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg. */
int fg_ecn_mark_reset(fg_ecn_mark_state *st, const fg_ecn_mark_cfg *cfg);
void fg_ecn_mark_step(fg_ecn_mark_state *st, const fg_ecn_mark_in *in, fg_ecn_mark_out *out);
void fg_ecn_mark_outputs(const fg_ecn_mark_state *st, fg_ecn_mark_out *out);

#ifdef __cplusplus
}
#endif
#endif
