/* pfc_gen.h - C twin of rtl/mac/fg_pfc_gen.v: PFC frame requests for one port
 * (docs/ARCHITECTURE.md 5.2, docs/blocks/pfc_gen.md).
 *
 * Per priority p < n_prio: a pending bit and its kind (XOFF/XON), the paused level of the
 * previous edge (edge detector) and a 24-bit refresh counter. A 0->1 edge of paused[p] or an
 * expiring refresh counter makes p pending XOFF, a 1->0 edge makes it pending XON; the newest
 * event wins over a pending one not yet taken. The request shown to the serialiser is the
 * pending set (req_cev) and the kinds (req_xoff); req_ack takes exactly the bits shown in
 * that cycle, except a bit that gets a new event on the same edge (it stays pending). */
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
    FG_PFC_GEN_COV_N
};
extern const char *const fg_pfc_gen_cov_names[FG_PFC_GEN_COV_N];

typedef struct {
    unsigned n_prio; /* RTL parameter N_PRIO, 1..8 */
} fg_pfc_gen_cfg;

typedef struct {
    fg_pfc_gen_cfg cfg;
    uint8_t paused_prev; /* paused[] seen on the previous edge (0 while disabled) */
    uint8_t pending;     /* bit p: a request for class p waits */
    uint8_t kind_xoff;   /* bit p: the pending request of p is XOFF (1) or XON (0) */
    uint32_t refresh_cnt[FG_PFC_GEN_MAX_PRIO];
    bool req_valid;
    bool stat_xoff_req;
    bool stat_xon_req;
    uint64_t cov[FG_PFC_GEN_COV_N];
} fg_pfc_gen_state;

typedef struct {
    bool cfg_enable;
    uint32_t cfg_refresh; /* 24 bits, cycles between XOFF refreshes; 0 = never refresh */
    uint8_t paused;       /* n_prio bits */
    bool req_ack;
} fg_pfc_gen_in;

typedef struct {
    bool req_valid;
    uint8_t req_cev;
    uint8_t req_xoff;
    bool stat_xoff_req; /* a request carrying >= 1 XOFF class was taken */
    bool stat_xon_req;  /* a request carrying >= 1 XON class was taken */
} fg_pfc_gen_out;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_pfc_gen_cfg_error(const fg_pfc_gen_cfg *cfg);
/* Aborts with that message on an illegal cfg. */
void fg_pfc_gen_reset(fg_pfc_gen_state *st, const fg_pfc_gen_cfg *cfg);
void fg_pfc_gen_step(fg_pfc_gen_state *st, const fg_pfc_gen_in *in, fg_pfc_gen_out *out);
/* The registered outputs as they are now (after reset or the last step). */
void fg_pfc_gen_outputs(const fg_pfc_gen_state *st, fg_pfc_gen_out *out);

#ifdef __cplusplus
}
#endif
#endif
