/* rate_limiter.h - C twin of rtl/common/fg_rate_limiter.v: the GFC rate limiter of one
 * transmit queue (docs/blocks/rate_limiter.md, SPEC section 5).
 *
 * Stage engine (cfg_token_mode = 0): a packet of L cycles started at stage k is L units of
 * 2^k cycles; a unit ends on a cycle where the prescaler's low k bits are all ones, so
 * starts are L*2^k cycles apart (wait L*(2^k - 1) after the packet: rate C/2^k).
 *   cur_units = start ? L : units;  cur_pre = start ? 0 : pre;
 *   units == 0 -> stays 0;  (cur_pre & mask_k) == mask_k -> units-1, pre = 0;  else pre+1
 * Token engine (cfg_token_mode = 1): tokens (two's complement, 16 fraction bits, cycles of
 * line-rate transmit time) += cfg_rate (Q1.16) - start*L<<16, capped at cfg_depth<<16 and
 * floored at -(2^SW)<<16; allow = tokens >= 0.
 * Registered outputs: allow, stat_start (= pkt_start of the edge), stat_early (a start while
 * allow was low). Both engines always run; the mode only picks which one drives allow.
 * Pipelined option (RTL parameter PIPE, fg_rate_limiter_cfg.pipe, 0..1): at pipe 1 the
 * token engine takes each edge's cfg_rate, start*L and cfg_depth one edge late (the bucket
 * is pipe 0's bucket one edge behind, but for the floor, which comes one edge late: an edge
 * whose sum falls below it keeps the sum, and the next edge sets the tokens to the floor
 * without adding its rate and debit) and token mode's allow = no start on this edge &&
 * tokens >= 0. The stage engine is the same at both. */
#ifndef FG_RATE_LIMITER_H
#define FG_RATE_LIMITER_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_RATE_LIMITER_COV_START,          /* a packet starts while allowed */
    FG_RATE_LIMITER_COV_START_EARLY,    /* a start while allow is low */
    FG_RATE_LIMITER_COV_START_ZERO,     /* a start of length 0 */
    FG_RATE_LIMITER_COV_UNIT_TICK,      /* a cycle inside a unit */
    FG_RATE_LIMITER_COV_UNIT_DONE,      /* a unit ends, more to go */
    FG_RATE_LIMITER_COV_LAST_UNIT,      /* the last unit ends: allowed again */
    FG_RATE_LIMITER_COV_IDLE,           /* nothing to time */
    FG_RATE_LIMITER_COV_STAGE0,         /* stage 0: line rate */
    FG_RATE_LIMITER_COV_STAGE_MAX,      /* stage == MAX_STAGE */
    FG_RATE_LIMITER_COV_STAGE_CLAMPED,  /* stage > MAX_STAGE counted as MAX_STAGE */
    FG_RATE_LIMITER_COV_PRE_ABOVE_MASK, /* prescaler beyond the unit after a stage decrease */
    FG_RATE_LIMITER_COV_TOK_FILL,       /* tokens grow below the cap */
    FG_RATE_LIMITER_COV_TOK_CAP,        /* tokens held at the bucket depth */
    FG_RATE_LIMITER_COV_TOK_CAP_LOWERED, /* capped on a start's debit: the depth was lowered
                                            under the bucket */
    FG_RATE_LIMITER_COV_TOK_DEFICIT,    /* tokens negative: not allowed */
    FG_RATE_LIMITER_COV_TOK_FLOOR,      /* debt floored at one maximum packet */
    FG_RATE_LIMITER_COV_MODE_STAGE,     /* allow from the stage engine */
    FG_RATE_LIMITER_COV_MODE_TOKEN,     /* allow from the token engine */
    FG_RATE_LIMITER_COV_N
};
extern const char *const fg_rate_limiter_cov_names[FG_RATE_LIMITER_COV_N];

typedef struct {
    int sw;        /* RTL parameter SW, 1..16 */
    int max_stage; /* RTL parameter MAX_STAGE, 1..24 */
    int dw;        /* RTL parameter DW, 1..24 */
    int pipe;      /* RTL parameter PIPE, 0..1 (0: every other block's choice, initialise by name) */
} fg_rate_limiter_cfg;

typedef struct {
    bool cfg_token_mode;
    uint8_t stage;      /* 5 bits */
    uint32_t cfg_rate;  /* 17 bits, Q1.16 of line rate */
    uint32_t cfg_depth; /* DW bits, cells */
    bool pkt_start;
    uint32_t pkt_cells; /* SW bits */
} fg_rate_limiter_in;

typedef struct {
    bool allow;
    bool stat_start;
    bool stat_early;
} fg_rate_limiter_out;

typedef struct {
    fg_rate_limiter_cfg cfg;
    uint32_t units;
    uint32_t pre;
    int64_t tokens;
    fg_rate_limiter_in late; /* pipe 1: the last edge's inputs, not yet seen by the bucket */
    bool allow;
    uint64_t cov[FG_RATE_LIMITER_COV_N];
} fg_rate_limiter_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_rate_limiter_cfg_error(const fg_rate_limiter_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why).
 * After reset allow = 1. */
int fg_rate_limiter_reset(fg_rate_limiter_state *st, const fg_rate_limiter_cfg *cfg);
void fg_rate_limiter_step(fg_rate_limiter_state *st, const fg_rate_limiter_in *in, fg_rate_limiter_out *out);

#ifdef __cplusplus
}
#endif
#endif
