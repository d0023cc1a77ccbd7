/* pfc_gen.h - C twin of rtl/mac/fg_pfc_gen.v: PFC frame requests for one port
 * (docs/ARCHITECTURE.md 5.2, docs/blocks/pfc_gen.md).
 *
 * Per priority p < n_prio: a pending bit and its kind (XOFF/XON), the paused level of the
 * previous edge (edge detector) and a 24-bit refresh counter. A 0->1 edge of paused[p] or an
 * expiring refresh counter makes p pending XOFF, a 1->0 edge makes it pending XON; the newest
 * event wins over a pending one not yet taken. The request shown to the serialiser is the
 * pending set (req_cev) and the kinds (req_xoff); req_ack takes exactly the bits shown in
 * that cycle, except a bit that gets a new event on the same edge (it stays pending).
 *
 * Pause times (req_time, per class): standard XOFF -> cfg_pause_quanta (followed while
 * pending), predictive XOFF -> the pp_quanta it came with, XON -> 0; req_pred marks the
 * predictive XOFF classes. A predictive request (pp_valid, pp_prio, pp_quanta from fg_ppfc)
 * for class p is dropped (stat_pp_dropped) when p >= n_prio, paused[p] is 1, p has a
 * standard event on this edge, or a standard request of p is waiting (pending, not taken
 * now). Otherwise it makes p pending predictive XOFF, replacing a waiting predictive one.
 * A standard event replaces a waiting predictive request.
 *
 * compact (RTL COMPACT = 1, docs/blocks/pfc_gen.md "The compact form"): no refresh counters and
 * no predictive requests. refresh_tick (fg_pfc_refresh, every cfg_refresh cycles) makes every
 * paused class pending XOFF; pp_* are ignored; the times are the cfg_pause_quanta of the
 * previous edge for the XOFF classes (what the full form shows when nothing is predictive). */
#ifndef FG_PFC_GEN_H
#define FG_PFC_GEN_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PFC_GEN_MAX_PRIO 8
#define FG_PFC_GEN_REFRESH_BITS 24

enum {
    FG_PFC_GEN_COV_DISABLED,         /* cfg_enable low: everything cleared */
    FG_PFC_GEN_COV_RISE,             /* 0->1 edge of paused[p]: pending XOFF */
    FG_PFC_GEN_COV_FALL,             /* 1->0 edge: pending XON */
    FG_PFC_GEN_COV_XON_OVER_XOFF,    /* XON replaces an XOFF not yet taken */
    FG_PFC_GEN_COV_XOFF_OVER_XON,    /* XOFF replaces an XON not yet taken */
    FG_PFC_GEN_COV_REFRESH_FIRE,     /* refresh counter reached 0 while paused */
    FG_PFC_GEN_COV_REFRESH_COUNT,    /* refresh counter counting down */
    FG_PFC_GEN_COV_REFRESH_RELOAD,   /* XOFF of p taken while paused: counter reloaded */
    FG_PFC_GEN_COV_REFRESH_CLEAR,    /* counter cleared because p is not paused */
    FG_PFC_GEN_COV_TAKE_XOFF,        /* ack took an XOFF bit */
    FG_PFC_GEN_COV_TAKE_XON,         /* ack took an XON bit */
    FG_PFC_GEN_COV_EVENT_ON_ACK,     /* a taken bit got a new event on the same edge */
    FG_PFC_GEN_COV_ACK_IDLE,         /* req_ack with nothing requested */
    FG_PFC_GEN_COV_ACK_MULTI,        /* ack took a frame of several classes */
    FG_PFC_GEN_COV_HOLD,             /* request shown, not taken */
    FG_PFC_GEN_COV_PP_TAKE,          /* predictive request accepted (class idle or XON-free) */
    FG_PFC_GEN_COV_PP_REPLACE,       /* predictive request replaces a waiting predictive one */
    FG_PFC_GEN_COV_PP_ON_ACK,        /* predictive request on the edge its class is taken */
    FG_PFC_GEN_COV_PP_DROP_PAUSED,   /* dropped: class standard-paused */
    FG_PFC_GEN_COV_PP_DROP_EVENT,    /* dropped: standard event on the same edge */
    FG_PFC_GEN_COV_PP_DROP_WAITING,  /* dropped: standard request waiting */
    FG_PFC_GEN_COV_STD_OVER_PP,      /* standard event replaces a waiting predictive request */
    FG_PFC_GEN_COV_TAKE_PRED,        /* ack took a predictive XOFF */
    FG_PFC_GEN_COV_MIXED_TIMES,      /* request shown with standard and predictive XOFF classes */
    FG_PFC_GEN_COV_TICK_FIRE,        /* compact: the tick made a paused class pending XOFF (none waiting, or taken now) */
    FG_PFC_GEN_COV_TICK_IDLE,        /* compact: a refresh tick with no class paused */
    FG_PFC_GEN_COV_N
};
extern const char *const fg_pfc_gen_cov_names[FG_PFC_GEN_COV_N];

typedef struct {
    unsigned n_prio; /* RTL parameter N_PRIO, 1..8 */
    bool compact;    /* RTL parameter COMPACT */
} fg_pfc_gen_cfg;

typedef struct {
    fg_pfc_gen_cfg cfg;
    uint8_t paused_prev; /* paused[] seen on the previous edge (0 while disabled) */
    uint8_t pending;     /* bit p: a request for class p waits */
    uint8_t kind_xoff;   /* bit p: the pending request of p is XOFF (1) or XON (0) */
    uint8_t pred;        /* bit p: the pending XOFF of p is predictive */
    uint16_t time[FG_PFC_GEN_MAX_PRIO]; /* req_time of class p (0 for XON / not pending) */
    uint16_t pause_quanta; /* compact: cfg_pause_quanta of the previous edge */
    bool stat_pp_dropped;
    uint32_t refresh_cnt[FG_PFC_GEN_MAX_PRIO];
    bool req_valid;
    bool stat_xoff_req;
    bool stat_xon_req;
    uint64_t cov[FG_PFC_GEN_COV_N];
} fg_pfc_gen_state;

typedef struct {
    bool cfg_enable;
    uint32_t cfg_refresh; /* 24 bits, cycles between XOFF refreshes; 0 = never refresh */
    uint16_t cfg_pause_quanta; /* time of a standard XOFF */
    bool refresh_tick;    /* compact: refresh every paused class (ignored otherwise) */
    bool pp_valid;        /* predictive XOFF request (fg_ppfc, decoded for this port) */
    uint8_t pp_prio;      /* 3 bits */
    uint16_t pp_quanta;
    uint8_t paused;       /* n_prio bits */
    bool req_ack;
} fg_pfc_gen_in;

typedef struct {
    bool req_valid;
    uint8_t req_cev;
    uint8_t req_xoff;
    uint16_t req_time[8]; /* pause time per class of the request shown */
    uint8_t req_pred;     /* predictive XOFF classes (a subset of req_xoff) */
    bool stat_xoff_req; /* a request carrying >= 1 XOFF class was taken */
    bool stat_xon_req;  /* a request carrying >= 1 XON class was taken */
    bool stat_pp_dropped; /* a predictive request was dropped */
} fg_pfc_gen_out;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_pfc_gen_cfg_error(const fg_pfc_gen_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_pfc_gen_reset(fg_pfc_gen_state *st, const fg_pfc_gen_cfg *cfg);
void fg_pfc_gen_step(fg_pfc_gen_state *st, const fg_pfc_gen_in *in, fg_pfc_gen_out *out);
/* The registered outputs as they are now (after reset or the last step). */
void fg_pfc_gen_outputs(const fg_pfc_gen_state *st, fg_pfc_gen_out *out);

#ifdef __cplusplus
}
#endif
#endif
