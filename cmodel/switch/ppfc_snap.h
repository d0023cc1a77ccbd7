/* ppfc_snap.h - C twin of rtl/switch/fg_ppfc_snap.v: P-PFC's interval snapshot from the
 * buffer manager's monitor stream (docs/blocks/ppfc_snap.md).
 *
 * The stream shows PG (c - phase) mod np in cycle c after reset, then the next PG each edge.
 * A tick in cycle c (with cfg_enable) starts a pass over the samples of cycles c+1 .. c+np:
 * each sets inc[k] = occ - snap[k] and snap[k] = occ (occ = min(occ_in, 2^cw - 1)) on the
 * edge after its own, and adds inc[k] to the pass's sum; `done` pulses after the last one's
 * edge. Outside a pass the snapshots hold while enabled and follow every sample while
 * disabled; disabling abandons a pass (its increments so far stay, no done). A tick while a
 * pass runs pulses stat_short and is ignored. All state lives in the struct. */
#ifndef FG_PPFC_SNAP_H
#define FG_PPFC_SNAP_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PPFC_SNAP_MAX_PG (32 * 8)

enum {
    FG_PPFC_SNAP_COV_PASS,        /* a pass started */
    FG_PPFC_SNAP_COV_DONE,        /* a pass ended */
    FG_PPFC_SNAP_COV_SHORT,       /* a tick during a pass */
    FG_PPFC_SNAP_COV_ABORT,       /* a pass abandoned by cfg_enable low */
    FG_PPFC_SNAP_COV_FOLLOW,      /* a sample updating its snapshot while disabled */
    FG_PPFC_SNAP_COV_TICK_OFF,    /* a tick while disabled (ignored) */
    FG_PPFC_SNAP_COV_INC_NEG,     /* a negative increment */
    FG_PPFC_SNAP_COV_OCC_SAT,     /* a sample at or above 2^cw */
    FG_PPFC_SNAP_COV_BACK_TO_BACK, /* a pass starting on the edge the last one's done comes */
    FG_PPFC_SNAP_COV_N
};
extern const char *const fg_ppfc_snap_cov_names[FG_PPFC_SNAP_COV_N];

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, 2..24 */
    int phase;   /* RTL parameter PHASE, >= 0 */
} fg_ppfc_snap_cfg;

typedef struct {
    bool cfg_enable;
    bool tick;
    uint32_t occ_in; /* cw + 1 bits: the occupancy of the PG the stream shows */
} fg_ppfc_snap_in;

typedef struct {
    int32_t inc[FG_PPFC_SNAP_MAX_PG]; /* signed, cw + 1 bits in the RTL */
    int64_t inc_total;                /* signed, cw + PGW + 1 bits in the RTL */
    bool done, busy, stat_short;
} fg_ppfc_snap_out;

typedef struct {
    fg_ppfc_snap_cfg cfg;
    int pg;                            /* the PG shown in this cycle */
    uint32_t snap[FG_PPFC_SNAP_MAX_PG];
    int left;                          /* samples of the pass still to take */
    bool d_pass, d_last, d_first;      /* the registered sample's role */
    int d_pg;
    int32_t d;
    fg_ppfc_snap_out o;
    uint64_t cov[FG_PPFC_SNAP_COV_N];
} fg_ppfc_snap_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_ppfc_snap_cfg_error(const fg_ppfc_snap_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg. */
int fg_ppfc_snap_reset(fg_ppfc_snap_state *st, const fg_ppfc_snap_cfg *cfg);
void fg_ppfc_snap_step(fg_ppfc_snap_state *st, const fg_ppfc_snap_in *in, fg_ppfc_snap_out *out);
void fg_ppfc_snap_outputs(const fg_ppfc_snap_state *st, fg_ppfc_snap_out *out);
/* the PG the stream shows in the first cycle after reset: (0 - phase) mod np */
int fg_ppfc_snap_first_pg(const fg_ppfc_snap_cfg *cfg);

#ifdef __cplusplus
}
#endif
#endif
