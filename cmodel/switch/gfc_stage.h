/* gfc_stage.h - C twin of rtl/switch/fg_gfc_stage.v: the buffer-based GFC message generator
 * of one ingress PG (docs/blocks/gfc_stage.md, SPEC section 5).
 *
 * D = sat0(B_m - B_1); B_k = B_m - (D >> (k-1)), k >= 1; N = floor(log2 D) + 2 (D >= 1), 1
 * (D = 0): the last k with B_k - B_(k-1) >= 1 cell. Target stage: 0 when disabled or
 * q < B_1, else the largest k <= N with B_m - q <= D >> (k-1) (q >= B_k).
 * Each edge: stage = target; a change sets the pending request to the new stage (newest
 * wins); req_ack with req_valid takes it (cleared unless changed on the same edge).
 * Registered outputs: stage, n_stages, req_valid, req_stage, stat_up, stat_down, stat_req,
 * fb_cnt (taken requests, saturating at 2^CNT_W - 1; cnt_clear zeroes it, a request taken
 * on the same edge counts 1).
 * cfg.pipe (RTL parameter PIPE, 0..FG_GFC_STAGE_PIPE_MAX): the block behaves as at pipe 0
 * with cfg_enable, cfg_b1, cfg_bm and occupancy taken pipe edges late (all zero for the first
 * pipe edges after reset); req_ack and cnt_clear are not delayed. */
#ifndef FG_GFC_STAGE_H
#define FG_GFC_STAGE_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_GFC_STAGE_PIPE_MAX 2 /* cfg.pipe 0..2 */

enum {
    FG_GFC_STAGE_COV_DISABLED,      /* enable low: stage forced to 0 */
    FG_GFC_STAGE_COV_BELOW_B1,      /* q < B_1: stage 0 */
    FG_GFC_STAGE_COV_STAGED,        /* B_1 <= q < B_m: a stage 1..N-1 */
    FG_GFC_STAGE_COV_TOP,           /* q >= B_m: stage N */
    FG_GFC_STAGE_COV_SPAN_ZERO,     /* B_1 == B_m: one stage */
    FG_GFC_STAGE_COV_B1_ABOVE_BM,   /* B_1 > B_m: treated as D = 0 */
    FG_GFC_STAGE_COV_SPAN_POW2,     /* D a power of two (>= 2) */
    FG_GFC_STAGE_COV_UP1,           /* stage up by one */
    FG_GFC_STAGE_COV_UP_JUMP,       /* stage up by more than one */
    FG_GFC_STAGE_COV_DOWN1,         /* stage down by one */
    FG_GFC_STAGE_COV_DOWN_JUMP,     /* stage down by more than one */
    FG_GFC_STAGE_COV_TO_ZERO,       /* back to stage 0 */
    FG_GFC_STAGE_COV_TAKEN,         /* request taken */
    FG_GFC_STAGE_COV_REPLACED,      /* change while a request is pending, not taken */
    FG_GFC_STAGE_COV_TAKEN_AND_NEW, /* taken and a new change on the same edge */
    FG_GFC_STAGE_COV_ACK_IDLE,      /* req_ack with nothing pending: ignored */
    FG_GFC_STAGE_COV_CNT_SAT,       /* counter saturated */
    FG_GFC_STAGE_COV_CNT_CLEAR,     /* counter cleared */
    FG_GFC_STAGE_COV_N
};
extern const char *const fg_gfc_stage_cov_names[FG_GFC_STAGE_COV_N];

typedef struct {
    int cw;    /* RTL parameter CW, 2..24 */
    int cnt_w; /* RTL parameter CNT_W, 2..32 */
    int pipe;  /* RTL parameter PIPE, 0..FG_GFC_STAGE_PIPE_MAX: edges of latency (initialise by name) */
} fg_gfc_stage_cfg;

typedef struct {
    bool cfg_enable;
    uint32_t cfg_b1, cfg_bm; /* CW bits, cells */
    uint32_t occupancy;      /* CW bits, cells */
    bool req_ack;
    bool cnt_clear;
} fg_gfc_stage_in;

typedef struct {
    uint8_t stage, n_stages;
    bool req_valid;
    uint8_t req_stage;
    bool stat_up, stat_down, stat_req;
    uint32_t fb_cnt;
} fg_gfc_stage_out;

typedef struct {
    fg_gfc_stage_cfg cfg;
    fg_gfc_stage_out r; /* the registers are exactly the outputs */
    fg_gfc_stage_in late[FG_GFC_STAGE_PIPE_MAX]; /* inputs of the last cfg.pipe edges, newest first */
    uint64_t cov[FG_GFC_STAGE_COV_N];
} fg_gfc_stage_state;

/* N for a span D = B_m - B_1 (cells): floor(log2 D) + 2, or 1 for D = 0. */
unsigned fg_gfc_stage_count(uint32_t span);
/* The stage of occupancy q for B_1, B_m (the combinational part of the block). */
unsigned fg_gfc_stage_of(uint32_t q, uint32_t b1, uint32_t bm);

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_gfc_stage_cfg_error(const fg_gfc_stage_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_gfc_stage_reset(fg_gfc_stage_state *st, const fg_gfc_stage_cfg *cfg);
void fg_gfc_stage_step(fg_gfc_stage_state *st, const fg_gfc_stage_in *in, fg_gfc_stage_out *out);

#ifdef __cplusplus
}
#endif
#endif
