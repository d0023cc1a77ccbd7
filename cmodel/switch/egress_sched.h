/* egress_sched.h - C twin of rtl/switch/fg_egress_sched.v: the strict-priority start gate of
 * one egress port (docs/ARCHITECTURE.md 5.6, docs/blocks/egress_sched.md).
 *
 * On each edge (all from this cycle's inputs and the registered grant_valid):
 *   opportunity = link_idle && !grant_valid            (one cycle for the link to go busy)
 *   eligible    = q_nonempty & ~tx_paused
 *   grant_valid = opportunity && eligible != 0
 *   grant_prio  = highest set bit of eligible when grant_valid, else 0
 *   stat_blocked = opportunity && the highest non-empty queue is paused
 *                  (the pause changed the decision: a lower class or nothing started). */
#ifndef FG_EGRESS_SCHED_H
#define FG_EGRESS_SCHED_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_EGRESS_SCHED_MAX_PRIO 8

enum {
    FG_EGRESS_SCHED_COV_GRANT_TOP,     /* granted the highest non-empty queue */
    FG_EGRESS_SCHED_COV_GRANT_BELOW,   /* granted a lower queue because the top one is paused */
    FG_EGRESS_SCHED_COV_ALL_PAUSED,    /* queues non-empty, every one of them paused */
    FG_EGRESS_SCHED_COV_EMPTY,         /* start opportunity, nothing queued */
    FG_EGRESS_SCHED_COV_LINK_BUSY,     /* queues waiting, link not idle */
    FG_EGRESS_SCHED_COV_HOLD_AFTER,    /* link idle, but a grant was given on the previous edge */
    FG_EGRESS_SCHED_COV_GRANT_LOWEST,  /* granted priority 0 */
    FG_EGRESS_SCHED_COV_GRANT_HIGHEST, /* granted priority N_PRIO-1 */
    FG_EGRESS_SCHED_COV_N
};
extern const char *const fg_egress_sched_cov_names[FG_EGRESS_SCHED_COV_N];

typedef struct {
    int n_prio; /* RTL parameter N_PRIO, 1..8 */
} fg_egress_sched_cfg;

typedef struct {
    uint8_t q_nonempty; /* bit p: EQ(o,p) holds a packet */
    uint8_t tx_paused;  /* bit p: the peer paused priority p (fg_pfc_timer) */
    bool link_idle;
} fg_egress_sched_in;

typedef struct {
    bool grant_valid;
    uint8_t grant_prio; /* 3 bits */
    bool stat_blocked;
} fg_egress_sched_out;

typedef struct {
    fg_egress_sched_cfg cfg;
    fg_egress_sched_out out; /* registered outputs */
    uint64_t cov[FG_EGRESS_SCHED_COV_N];
} fg_egress_sched_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_egress_sched_cfg_error(const fg_egress_sched_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_egress_sched_reset(fg_egress_sched_state *st, const fg_egress_sched_cfg *cfg);
void fg_egress_sched_step(fg_egress_sched_state *st, const fg_egress_sched_in *in, fg_egress_sched_out *out);

#ifdef __cplusplus
}
#endif
#endif
