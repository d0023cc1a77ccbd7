/* ecn_red.h - C twin of rtl/switch/fg_ecn_red.v: ECN marking by RED on the instantaneous
 * egress queue, one decision per ingress port per edge (docs/blocks/ecn_red.md).
 *
 * For the enq of this edge at ingress port i (prio p, dst o), with q = egress_cnt[o][p] (the
 * buffer manager's registered value): no mark unless enq_ect and p < n_prio and bit p of
 * cfg_prio_mask; then q <= kmin -> no mark, q > kmax -> mark, else mark when
 * lfsr_i < (q - kmin) * slope (a product >= 2^32 always marks). `mark` is registered (same
 * edge as fg_bm's enq_accept). Port i's fg_lfsr steps on every enq of the port; it loads
 * seed ^ 0x9E3779B9*i on cfg_seed_load and reset_seed ^ 0x9E3779B9*i on reset. */
#ifndef FG_ECN_RED_H
#define FG_ECN_RED_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_ECN_RED_MAX_PORTS 32
#define FG_ECN_RED_MAX_PRIO 8
#define FG_ECN_RED_SEED_MIX 0x9E3779B9u

enum {
    FG_ECN_RED_COV_NOT_ECT,      /* enq of a packet that is not ECN-capable */
    FG_ECN_RED_COV_PRIO_OFF,     /* ECN-capable, priority not in cfg_prio_mask (or >= n_prio) */
    FG_ECN_RED_COV_BELOW_KMIN,   /* q < kmin: no mark */
    FG_ECN_RED_COV_AT_KMIN,      /* q == kmin: no mark */
    FG_ECN_RED_COV_ABOVE_KMAX,   /* q > kmax: mark */
    FG_ECN_RED_COV_AT_KMAX,      /* q == kmax (> kmin): in the random band */
    FG_ECN_RED_COV_BAND_MARK,    /* kmin < q <= kmax, marked by the draw */
    FG_ECN_RED_COV_BAND_PASS,    /* kmin < q <= kmax, not marked by the draw */
    FG_ECN_RED_COV_P_ZERO,       /* in the band with slope 0: never marks */
    FG_ECN_RED_COV_P_SAT,        /* in the band with (q - kmin) * slope >= 2^32: always marks */
    FG_ECN_RED_COV_SEED_LOAD,    /* seeds loaded */
    FG_ECN_RED_COV_N
};
extern const char *const fg_ecn_red_cov_names[FG_ECN_RED_COV_N];

typedef struct {
    int n_ports;         /* RTL parameter N_PORTS, 1..32 */
    int n_prio;          /* RTL parameter N_PRIO, 1..8 */
    int cw;              /* RTL parameter CW, cell-count width */
    uint32_t reset_seed; /* RTL parameter RESET_SEED (the seed register's reset value) */
} fg_ecn_red_cfg;

typedef struct {
    uint8_t cfg_prio_mask;
    uint32_t cfg_kmin, cfg_kmax;
    uint32_t cfg_slope; /* Q0.32 */
    uint32_t cfg_seed;
    bool cfg_seed_load;
    bool enq_valid[FG_ECN_RED_MAX_PORTS];
    uint8_t enq_prio[FG_ECN_RED_MAX_PORTS];
    uint8_t enq_dst[FG_ECN_RED_MAX_PORTS];
    bool enq_ect[FG_ECN_RED_MAX_PORTS];
    uint32_t egress_cnt[FG_ECN_RED_MAX_PORTS][FG_ECN_RED_MAX_PRIO];
} fg_ecn_red_in;

typedef struct {
    bool mark[FG_ECN_RED_MAX_PORTS];
} fg_ecn_red_out;

typedef struct {
    fg_ecn_red_cfg cfg;
    uint32_t lfsr[FG_ECN_RED_MAX_PORTS];
    bool mark[FG_ECN_RED_MAX_PORTS];
    uint64_t cov[FG_ECN_RED_COV_N];
} fg_ecn_red_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_ecn_red_cfg_error(const fg_ecn_red_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_ecn_red_reset(fg_ecn_red_state *st, const fg_ecn_red_cfg *cfg);
void fg_ecn_red_step(fg_ecn_red_state *st, const fg_ecn_red_in *in, fg_ecn_red_out *out);
void fg_ecn_red_outputs(const fg_ecn_red_state *st, fg_ecn_red_out *out);

#ifdef __cplusplus
}
#endif
#endif
