/* pfc_timer.h - C twin of rtl/mac/fg_pfc_timer.v: the per-priority pause timers of one
 * transmit port (docs/ARCHITECTURE.md 5.5, docs/blocks/pfc_timer.md).
 *
 * Timer n counts pause quanta with 16 fraction bits (32 bits: quanta in [31:16]).
 * On each edge, for n < n_prio:
 *   pfc_valid && pfc_cev[n]:  timer[n] = {pfc_time[n], 16'h0}   (time 0 clears it)
 *   otherwise:                timer[n] = sat0(timer[n] - cfg_quanta_step)
 * cfg_quanta_step is quanta per cycle in Q8.16 (= bits per cycle / 512): 1 GbE byte-wide
 * 0x000400, one 64-byte cell per cycle 0x010000. Outputs (registered): timer[n] and
 * tx_paused[n] = (timer[n] != 0). pfc_cev bits >= n_prio are ignored.
 *
 * compact (RTL parameter COMPACT = 1, docs/blocks/pfc_timer.md "The compact form"): a quantum
 * prescaler acc (16 bits) adds cfg_quanta_step[15:0] each edge, and quantum_tick (registered)
 * is its carry out or cfg_quanta_step[23:16] != 0. Per class the whole quanta left (count) and
 * a skip bit: a load sets count = time, skip = 1; otherwise a tick clears skip, or with skip
 * clear takes one quantum off count (0 stays 0). timer[n] = count << 16, tx_paused = count != 0:
 * a pause is never shorter than the full form's and, for steps up to 0x10000 (one quantum per
 * cycle), at most one quantum period longer; a larger step pauses T + 1 cycles. */
#ifndef FG_PFC_TIMER_H
#define FG_PFC_TIMER_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PFC_TIMER_MAX_PRIO 8

enum {
    FG_PFC_TIMER_COV_LOAD,          /* a timer loaded with a non-zero time */
    FG_PFC_TIMER_COV_CLEAR,         /* a running timer cleared by time 0 (XON) */
    FG_PFC_TIMER_COV_CLEAR_IDLE,    /* time 0 to a timer already at 0 */
    FG_PFC_TIMER_COV_RELOAD,        /* a running timer loaded again with a non-zero time */
    FG_PFC_TIMER_COV_COUNT,         /* countdown, timer > step */
    FG_PFC_TIMER_COV_EXACT,         /* timer == step: reaches 0 exactly */
    FG_PFC_TIMER_COV_SATURATE,      /* 0 < timer < step: saturates at 0 */
    FG_PFC_TIMER_COV_HOLD_ZERO_STEP,/* running timer with step 0: holds */
    FG_PFC_TIMER_COV_IDLE,          /* timer at 0, nothing loaded */
    FG_PFC_TIMER_COV_NOT_ADDRESSED, /* pfc_valid without this class: keeps counting */
    FG_PFC_TIMER_COV_SKIP,          /* compact: the first tick after a load is not counted */
    FG_PFC_TIMER_COV_TICK,          /* compact: a tick takes one quantum off a count > 1 */
    FG_PFC_TIMER_COV_EXPIRE,        /* compact: a tick takes the last quantum */
    FG_PFC_TIMER_COV_WAIT,          /* compact: a running count, no tick on this edge */
    FG_PFC_TIMER_COV_N
};
extern const char *const fg_pfc_timer_cov_names[FG_PFC_TIMER_COV_N];

typedef struct {
    int n_prio;   /* RTL parameter N_PRIO, 1..8 */
    bool compact; /* RTL parameter COMPACT */
} fg_pfc_timer_cfg;

typedef struct {
    bool pfc_valid;
    uint8_t pfc_cev;
    uint16_t pfc_time[8];
    uint32_t cfg_quanta_step; /* 24 bits, Q8.16 quanta per cycle */
} fg_pfc_timer_in;

typedef struct {
    bool tx_paused[FG_PFC_TIMER_MAX_PRIO];
    uint32_t timer[FG_PFC_TIMER_MAX_PRIO];
} fg_pfc_timer_out;

typedef struct {
    fg_pfc_timer_cfg cfg;
    uint32_t timer[FG_PFC_TIMER_MAX_PRIO]; /* full form: Q16.16 quanta left */
    /* compact form */
    uint16_t acc;                          /* prescaler: fraction of a quantum */
    bool quantum_tick;                     /* registered tick */
    uint16_t count[FG_PFC_TIMER_MAX_PRIO]; /* whole quanta left */
    bool skip[FG_PFC_TIMER_MAX_PRIO];      /* the next tick is the first after a load */
    uint64_t cov[FG_PFC_TIMER_COV_N];
} fg_pfc_timer_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_pfc_timer_cfg_error(const fg_pfc_timer_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_pfc_timer_reset(fg_pfc_timer_state *st, const fg_pfc_timer_cfg *cfg);
void fg_pfc_timer_step(fg_pfc_timer_state *st, const fg_pfc_timer_in *in, fg_pfc_timer_out *out);

#ifdef __cplusplus
}
#endif
#endif
