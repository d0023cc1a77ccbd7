/* gfc_time.h - C twin of rtl/mac/fg_gfc_time.v: the time-based GFC rate adjuster of one
 * transmit queue on a credit-based link (docs/blocks/gfc_time.md, SPEC sections 3, 5).
 *
 * Each edge: tick = (cnt == 0 || cnt >= P); cnt = tick ? sat0(P - 1) : cnt - 1, where P
 * is cfg_period of three edges before (registered three times in the RTL; 1 after reset);
 * on a tick free = (fccl - fctbs) mod 2^12 and `sample` is set for one edge; the edge after
 * a tick computes rate = enable ? min(0x10000, (free*cfg_recip + 2^11) >> 12) :
 * 0x10000 (Q1.16 of line rate) and pulses stat_update, stat_full (capped) or stat_zero
 * (free == 0). cfg_recip = round(2^28 / (B_m - B_0)), B_m - B_0 in blocks.
 * Registered outputs: rate, free_blocks, stat_update, stat_full, stat_zero.
 * cfg.pipe (RTL parameter PIPE, 0..2): rate, stat_update, stat_full and stat_zero show what
 * they would show at pipe 0, pipe edges later (the rate is still computed from the sample and
 * the cfg_enable / cfg_recip of the edge after the tick; at pipe 2 the cfg_recip of the tick's
 * edge, which the RTL registers once); free_blocks is not delayed. */
#ifndef FG_GFC_TIME_H
#define FG_GFC_TIME_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_GFC_TIME_LINE_RATE 0x10000u /* Q1.16 */
#define FG_GFC_TIME_RECIP_SHIFT 28     /* cfg_recip = round(2^28 / (B_m - B_0)) */
#define FG_GFC_TIME_RECIP_MAX 0xFFFFFFu
#define FG_GFC_TIME_SPAN_MIN 17u       /* smallest B_m - B_0 (blocks) whose reciprocal fits */
#define FG_GFC_TIME_SPAN_MAX (1u << 27)
#define FG_GFC_TIME_PIPE_MAX 2         /* cfg.pipe 0..2 */

enum {
    FG_GFC_TIME_COV_TICK,             /* period boundary: sample */
    FG_GFC_TIME_COV_COUNT,            /* counting down */
    FG_GFC_TIME_COV_PERIOD_SHORTENED, /* cfg_period lowered below the counter */
    FG_GFC_TIME_COV_PERIOD_ZERO,      /* cfg_period 0 acts as 1 */
    FG_GFC_TIME_COV_WRAP,             /* fccl < fctbs numerically: modulo 2^12 */
    FG_GFC_TIME_COV_SCALED,           /* 0 < rate < line rate */
    FG_GFC_TIME_COV_FULL,             /* capped at line rate */
    FG_GFC_TIME_COV_ZERO,             /* no free credit: rate 0 */
    FG_GFC_TIME_COV_DISABLED,         /* disabled: line rate */
    FG_GFC_TIME_COV_N
};
extern const char *const fg_gfc_time_cov_names[FG_GFC_TIME_COV_N];

typedef struct {
    int pipe; /* RTL parameter PIPE, 0..FG_GFC_TIME_PIPE_MAX: extra edges of latency of the rate */
} fg_gfc_time_cfg;

typedef struct {
    bool cfg_enable;
    uint32_t cfg_period; /* 24 bits */
    uint32_t cfg_recip;  /* 24 bits */
    uint16_t fccl, fctbs; /* 12 bits */
} fg_gfc_time_in;

typedef struct {
    uint32_t rate; /* 17 bits, Q1.16 */
    uint16_t free_blocks;
    bool stat_update, stat_full, stat_zero;
} fg_gfc_time_out;

typedef struct {
    fg_gfc_time_cfg cfg;
    uint32_t cnt;
    uint32_t recip_prev; /* cfg_recip of the previous edge (pipe 2's products use it) */
    uint32_t period_q[3]; /* cfg_period of the last three edges, newest first: the counter
                           * uses period_q[2] (1 after reset, as the RTL's registers) */
    bool sample;
    fg_gfc_time_out r;                          /* registered outputs as the block shows them */
    fg_gfc_time_out now;                        /* the outputs as they are at pipe 0 */
    fg_gfc_time_out late[FG_GFC_TIME_PIPE_MAX]; /* `now` of the last cfg.pipe edges, newest first */
    uint64_t cov[FG_GFC_TIME_COV_N];
} fg_gfc_time_state;

/* The rate (Q1.16) for r free blocks and a reciprocal: min(0x10000, (r*recip + 2^11) >> 12). */
uint32_t fg_gfc_time_rate(uint32_t free_blocks, uint32_t recip);
/* cfg_recip for B_m - B_0 = span blocks: round(2^28 / span). 0, or -1 with a message naming
 * the field and its legal range (span 17..2^27: the reciprocal must fit in 24 bits and be
 * at least 1). */
int fg_gfc_time_recip(uint32_t span, uint32_t *recip, char *msg, size_t n);

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_gfc_time_cfg_error(const fg_gfc_time_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_gfc_time_reset(fg_gfc_time_state *st, const fg_gfc_time_cfg *cfg);
void fg_gfc_time_step(fg_gfc_time_state *st, const fg_gfc_time_in *in, fg_gfc_time_out *out);

#ifdef __cplusplus
}
#endif
#endif
