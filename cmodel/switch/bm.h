/* bm.h - C twin of rtl/switch/fg_bm.v: the shared-buffer manager of SPEC.md section 1,
 * built as docs/ARCHITECTURE.md section 5.1 says (cycle semantics) and docs/blocks/bm.md
 * details (the readings chosen where the architecture text leaves room).
 *
 * Ingress priority groups PG(i,p), egress queues EQ(o,p). Every cycle each ingress port may
 * offer one packet (enq) and each egress port may release one (deq). Admission, release and
 * the pause decision all read the *registered* counters and threshold; the next state is the
 * registered state plus every admission minus every release of the cycle. Counters are CW
 * bits, saturate at 0 (and pulse stat_underflow) and at 2^CW-1. */
#ifndef FG_BM_H
#define FG_BM_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_BM_MAX_PORTS 32
#define FG_BM_MAX_PRIO 8

/* enq_where codes */
enum { FG_BM_WHERE_RESERVE = 0, FG_BM_WHERE_SHARED = 1, FG_BM_WHERE_HEADROOM = 2, FG_BM_WHERE_DROPPED = 3 };

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, cell-count width, 4..30 (default 18) */
    int sw;      /* RTL parameter SW, packet-size width in cells, 1..16, SW + clog2(N) < CW (default 8) */
} fg_bm_cfg;

/* Coverage points: every branch of admission, release, counter update and pause. */
enum {
    FG_BM_COV_ADM_RESERVE,        /* ing+s <= reserve */
    FG_BM_COV_ADM_SHARED,         /* whole packet into shared (ing >= reserve) */
    FG_BM_COV_ADM_SHARED_SPLIT,   /* packet straddles reserve and shared */
    FG_BM_COV_ADM_SHARED_STATIC,  /* shared admission against xoff (static mode) */
    FG_BM_COV_ADM_HEADROOM,       /* lossless, over threshold, fits headroom */
    FG_BM_COV_ADM_DROP_LOSSY,     /* lossy over threshold */
    FG_BM_COV_ADM_VIOLATION,      /* lossless over threshold and headroom */
    FG_BM_COV_ENQ_BAD_INDEX,      /* enq_prio >= N_PRIO or enq_dst >= N_PORTS: dropped */
    FG_BM_COV_REL_HEADROOM,       /* a PG release served from headroom only */
    FG_BM_COV_REL_SHARED,         /* ... from shared only */
    FG_BM_COV_REL_RESERVE,        /* ... from reserve only */
    FG_BM_COV_REL_MIXED,          /* ... from more than one of them */
    FG_BM_COV_REL_UNDERFLOW,      /* release larger than the PG holds */
    FG_BM_COV_REL_MULTI_DEQ,      /* several deq of one cycle name the same PG */
    FG_BM_COV_ENQ_DEQ_SAME_PG,    /* admission and release of one PG in one cycle */
    FG_BM_COV_EQ_MULTI_ENQ,       /* several accepted enq to one EQ in one cycle */
    FG_BM_COV_EGRESS_UNDERFLOW,   /* deq larger than egress[o][p] */
    FG_BM_COV_COMP_UNDERFLOW,     /* deq larger than comp[o][p][i] */
    FG_BM_COV_SHARED_UNDERFLOW,   /* shared releases of a cycle larger than shared_used */
    FG_BM_COV_DEQ_BAD_INDEX,      /* deq_prio >= N_PRIO or deq_src >= N_PORTS: ignored */
    FG_BM_COV_POOL_SAT0,          /* headroom + reserve exceed B */
    FG_BM_COV_THR_SAT0,           /* shared_used >= pool */
    FG_BM_COV_PAUSE_HEADROOM,     /* pause because hdrm > 0 */
    FG_BM_COV_PAUSE_SHARED,       /* pause because shared >= thr (hdrm == 0) */
    FG_BM_COV_RESUME_ZERO,        /* resume with shared == 0 */
    FG_BM_COV_RESUME_OFFSET,      /* resume with shared > 0 and shared + offset <= thr */
    FG_BM_COV_HOLD_PAUSED,        /* paused and the resume condition fails */
    FG_BM_COV_STATIC_PAUSE,       /* static mode: pause (hdrm > 0 or shared >= xoff) */
    FG_BM_COV_STATIC_RESUME,      /* static mode: resume (hdrm == 0, shared <= xon) */
    FG_BM_COV_LOSSY_UNPAUSE,      /* a paused PG whose priority became lossy is released */
    FG_BM_COV_N
};
extern const char *const fg_bm_cov_names[FG_BM_COV_N];

typedef struct {
    /* runtime configuration (the cfg_* ports) */
    uint32_t cfg_total_cells;                                /* B, CW bits */
    uint32_t cfg_reserve;                                    /* per PG, CW bits */
    uint32_t cfg_headroom[FG_BM_MAX_PORTS];                  /* per PG of port i, CW bits */
    uint8_t cfg_alpha_shift[FG_BM_MAX_PORTS];                /* alpha = 2^-k, 4 bits */
    uint32_t cfg_resume_offset;                              /* CW bits */
    uint8_t cfg_lossless;                                    /* bit p: priority p lossless */
    bool cfg_static_mode;                                    /* xoff/xon instead of alpha */
    uint32_t cfg_xoff[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];      /* static mode, per PG */
    uint32_t cfg_xon[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];       /* static mode, per PG */
    /* per ingress port i: a packet arrives */
    bool enq_valid[FG_BM_MAX_PORTS];
    uint8_t enq_prio[FG_BM_MAX_PORTS];
    uint8_t enq_dst[FG_BM_MAX_PORTS];
    uint16_t enq_cells[FG_BM_MAX_PORTS];
    /* per egress port o: a packet of EQ(o, deq_prio) that came from ingress deq_src leaves */
    bool deq_valid[FG_BM_MAX_PORTS];
    uint8_t deq_prio[FG_BM_MAX_PORTS];
    uint8_t deq_src[FG_BM_MAX_PORTS];
    uint16_t deq_cells[FG_BM_MAX_PORTS];
} fg_bm_in;

typedef struct {
    bool enq_accept[FG_BM_MAX_PORTS];
    bool enq_drop[FG_BM_MAX_PORTS];
    uint8_t enq_where[FG_BM_MAX_PORTS]; /* FG_BM_WHERE_* */
    bool stat_drop[FG_BM_MAX_PORTS];
    bool stat_violation[FG_BM_MAX_PORTS];
    bool stat_underflow[FG_BM_MAX_PORTS];
    bool paused[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t ingress_cnt[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t hdrm_cnt[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t egress_cnt[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t comp_cnt[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO][FG_BM_MAX_PORTS]; /* [o][p][i] */
    uint32_t shared_used;
    uint32_t thr[FG_BM_MAX_PORTS];
    uint32_t shared_free; /* sat0(pool - shared_used), registered like thr (for fg_ppfc) */
} fg_bm_out;

typedef struct {
    fg_bm_cfg cfg;
    /* registers of the RTL, by the same names */
    uint32_t pool_reg;
    uint32_t thr_reg[FG_BM_MAX_PORTS];
    uint32_t shared_free_reg;
    uint32_t shared_used_reg;
    uint32_t ingress_reg[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t hdrm_reg[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t egress_reg[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    uint32_t comp_reg[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO][FG_BM_MAX_PORTS];
    bool paused_reg[FG_BM_MAX_PORTS][FG_BM_MAX_PRIO];
    bool enq_accept_reg[FG_BM_MAX_PORTS];
    bool enq_drop_reg[FG_BM_MAX_PORTS];
    uint8_t enq_where_reg[FG_BM_MAX_PORTS];
    bool stat_drop_reg[FG_BM_MAX_PORTS];
    bool stat_violation_reg[FG_BM_MAX_PORTS];
    bool stat_underflow_reg[FG_BM_MAX_PORTS];
    uint64_t cov[FG_BM_COV_N];
} fg_bm_state;

/* Checks a build-time configuration. Returns 0, or -1 with a message naming the field and
 * its legal range in msg (when msg is not NULL). */
int fg_bm_check_cfg(const fg_bm_cfg *cfg, char *msg, size_t len);
/* Checks that every input value fits its port (cfg->cw bits for cell counts, and so on) and
 * that the indices name existing ports and priorities. Returns 0, or -1 with a message
 * naming the field, the element and the legal range. The step itself never fails: like the
 * RTL, it truncates each value to its port width and gives out-of-range indices the
 * hardware's meaning (docs/blocks/bm.md). */
int fg_bm_check_in(const fg_bm_cfg *cfg, const fg_bm_in *in, char *msg, size_t len);

/* Resets to the RTL's reset state: 0, or -1 with the state untouched when fg_bm_check_cfg
 * refuses cfg (it says why). Coverage counters survive. */
int fg_bm_reset(fg_bm_state *st, const fg_bm_cfg *cfg);
void fg_bm_step(fg_bm_state *st, const fg_bm_in *in, fg_bm_out *out);
/* The registered outputs of the current state (what step writes to out). Writes the entries of
 * existing ports and priorities only: zero `out` once before the first use. */
void fg_bm_outputs(const fg_bm_state *st, fg_bm_out *out);

#ifdef __cplusplus
}
#endif
#endif
