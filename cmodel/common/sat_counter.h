/* sat_counter.h - C twin of rtl/common/fg_sat_counter.v: a W-bit up/down counter that
 * saturates at 0 and 2^W-1 instead of wrapping, for event statistics and credit counts.
 *
 * One edge: base = clr ? 0 : count; count = clamp(base + (inc ? inc_amt : 0)
 *                                                  - (dec ? dec_amt : 0), 0, 2^W-1).
 * The net change is applied at once (an increment and a decrement on the same edge cancel
 * before clamping). An event on the clearing edge is kept: clr with inc gives inc_amt.
 * Registered outputs: count, at_max (count == 2^W-1), and one-cycle pulses stat_overflow /
 * stat_underflow when the edge clipped the result at the top / at 0. */
#ifndef FG_SAT_COUNTER_H
#define FG_SAT_COUNTER_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Legal parameter ranges (the RTL refuses the same ones at elaboration). */
#define FG_SAT_COUNTER_W_MIN 1
#define FG_SAT_COUNTER_W_MAX 62
#define FG_SAT_COUNTER_AW_MIN 1

typedef struct {
    int w;  /* RTL parameter W: counter width, 1..62 */
    int aw; /* RTL parameter AW: width of inc_amt and dec_amt, 1..W */
} fg_sat_counter_cfg;

/* Returns true when cfg is legal; otherwise writes a message naming the field and its legal
 * range into msg (if msg != NULL) and returns false. */
bool fg_sat_counter_cfg_check(const fg_sat_counter_cfg *cfg, char *msg, size_t len);

enum {
    FG_SAT_COUNTER_COV_IDLE,       /* nothing to do */
    FG_SAT_COUNTER_COV_INC,        /* increment only, not clipped */
    FG_SAT_COUNTER_COV_DEC,        /* decrement only, not clipped */
    FG_SAT_COUNTER_COV_INC_DEC,    /* both on one edge */
    FG_SAT_COUNTER_COV_CLR,        /* clear without an event */
    FG_SAT_COUNTER_COV_CLR_EVENT,  /* clear with an increment or decrement on the same edge */
    FG_SAT_COUNTER_COV_OVERFLOW,   /* result clipped at 2^W-1 */
    FG_SAT_COUNTER_COV_UNDERFLOW,  /* result clipped at 0 */
    FG_SAT_COUNTER_COV_REACH_MAX,  /* landed exactly on 2^W-1 without clipping */
    FG_SAT_COUNTER_COV_LEAVE_MAX,  /* was at 2^W-1 and came down */
    FG_SAT_COUNTER_COV_N
};
extern const char *const fg_sat_counter_cov_names[FG_SAT_COUNTER_COV_N];

typedef struct {
    fg_sat_counter_cfg cfg;
    uint64_t count;
    bool stat_overflow; /* the pulses of the last edge, so outputs() can rebuild `out` */
    bool stat_underflow;
    uint64_t cov[FG_SAT_COUNTER_COV_N];
} fg_sat_counter_state;

typedef struct {
    bool clr;
    bool inc;
    uint64_t inc_amt; /* AW bits */
    bool dec;
    uint64_t dec_amt; /* AW bits */
} fg_sat_counter_in;

typedef struct {
    uint64_t count;
    bool at_max;
    bool stat_overflow;
    bool stat_underflow;
} fg_sat_counter_out;

/* The pure next-value function (used by other models that embed a saturating counter).
 * *over / *under report clipping at the top / at zero. */
uint64_t fg_sat_counter_next(uint64_t count, int w, bool clr, uint64_t inc_v, uint64_t dec_v, bool *over,
                             bool *under);

void fg_sat_counter_reset(fg_sat_counter_state *st, const fg_sat_counter_cfg *cfg);
void fg_sat_counter_step(fg_sat_counter_state *st, const fg_sat_counter_in *in, fg_sat_counter_out *out);
/* The registered outputs of the current state (after a reset: count 0, no pulses). */
void fg_sat_counter_outputs(const fg_sat_counter_state *st, fg_sat_counter_out *out);

#ifdef __cplusplus
}
#endif
#endif
