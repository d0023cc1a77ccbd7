/* ppfc.h - C twin of rtl/switch/fg_ppfc.v: the P-PFC (predictive PFC) engine of SPEC.md
 * section 4, with the micro-architecture of docs/blocks/ppfc.md, cycle for cycle.
 *
 * Every cfg_interval cycles the engine snapshots the occupancy of every priority group
 * PG(i,p) (ingress_cnt + hdrm_cnt; the previous snapshot is kept, inc = cur - prev) and the
 * total occupancy, and starts one decision: inc_total = total - previous total, predict
 * (shared_free < T*inc_total), then visit only the egress queues whose registered gate bit
 * (lossless, egress_cnt > kmax) is set, scan the ingress ports for candidates, pick ingress
 * PGs at random with probability proportional to comp[o][p][i] (fg_lfsr, without
 * replacement; one pick per cycle against registered prefix sums) until the chosen share
 * reaches R, and issue one predictive pause request (pp_*) per chosen PG with a pause time
 * in quanta. Every product goes through one shared parallel multiplier (one per cycle);
 * there is no divider. See docs/blocks/ppfc.md for the timing diagram and the latency bound
 * NP*(N_PORTS+5)+2 busy cycles (NP = N_PORTS*N_PRIO).
 * With cand_lanes = W > 1 (RTL CAND_LANES) the candidate scan tests W ports per cycle and the
 * pause time runs in a two-stage pipe (QMUL, ISSUE) with its own multiplier beside the next
 * pick; SELECT does the stop test and sets the hold-off: worst case NP*(ceil(N/W)+3)+4. */
#ifndef FG_PPFC_H
#define FG_PPFC_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PPFC_MAX_PORTS 32
#define FG_PPFC_MAX_PRIO 8

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, cell-count width, 4..23 (default 18) */
    int cand_lanes; /* RTL parameter CAND_LANES (W), 1..n_ports; 0 = 1 (the default) */
} fg_ppfc_cfg;

/* FSM states (the RTL's state_reg encoding). */
enum {
    FG_PPFC_S_IDLE = 0,
    FG_PPFC_S_TOT,    /* inc_total = total - previous total */
    FG_PPFC_S_PRED,   /* shared_free < T*inc_total? then the first gated EQ */
    FG_PPFC_S_GATE,   /* a gated EQ(o,p): stat_predict, target = R*egress_cnt */
    FG_PPFC_S_CAND,   /* candidate scan, one ingress port per cycle, prefix sums */
    FG_PPFC_S_PICK,   /* r = (lfsr * remaining_sum) >> 32, LFSR steps */
    FG_PPFC_S_SELECT, /* the first port whose prefix sum exceeds r */
    FG_PPFC_S_QMUL,   /* y = (comp + max(inc,0)) * cell_cycles[o] */
    FG_PPFC_S_ISSUE   /* pp_* request with y*quanta_step>>24, hold-off, stop test */
};

/* Coverage points: FSM paths, every branch of predictor and chooser, pause-time rounding. */
enum {
    FG_PPFC_COV_BOUNDARY,       /* an interval boundary (snapshot taken) */
    FG_PPFC_COV_INC_NEGATIVE,   /* some PG's increment was negative at a boundary */
    FG_PPFC_COV_OCC_SAT,        /* ingress + hdrm exceeded 2^CW-1 (occupancy saturated) */
    FG_PPFC_COV_PRED_NONPOS,    /* inc_total <= 0: no prediction */
    FG_PPFC_COV_PRED_SPACE_OK,  /* inc_total > 0 but shared_free >= T*inc_total */
    FG_PPFC_COV_PRED_FIRE,      /* shared_free < T*inc_total: scan the EQs */
    FG_PPFC_COV_GATE_LOSSY,     /* prediction fired: an EQ of a lossy priority skipped */
    FG_PPFC_COV_GATE_KMAX,      /* prediction fired: a lossless EQ with egress_cnt <= kmax skipped */
    FG_PPFC_COV_GATE_PASS,      /* EQ over kmax: stat_predict */
    FG_PPFC_COV_SKIP_INC,       /* candidate scan: inc <= 1 */
    FG_PPFC_COV_SKIP_COMP,      /* inc > 1 but comp == 0 */
    FG_PPFC_COV_SKIP_PAUSED,    /* inc > 1, comp > 0, PG standard-paused */
    FG_PPFC_COV_SKIP_HOLDOFF,   /* inc > 1, comp > 0, not paused, in hold-off */
    FG_PPFC_COV_CAND,           /* a candidate */
    FG_PPFC_COV_EQ_NO_CAND,     /* a gated EQ without any candidate */
    FG_PPFC_COV_SELECT_PASS,    /* the pick passed over an earlier candidate */
    FG_PPFC_COV_QUANTA_SAT,     /* pause time saturated at 0xFFFF */
    FG_PPFC_COV_QUANTA_MIN1,    /* product non-zero but below one quantum: 1 */
    FG_PPFC_COV_QUANTA_ZERO,    /* product zero (cell_cycles or quanta_step 0) */
    FG_PPFC_COV_QUANTA_EXACT,   /* 1..0xFFFF quanta */
    FG_PPFC_COV_HOLD_ZERO_CFG,  /* a pick with cfg_holdoff = 0 (hold-off of 1) */
    FG_PPFC_COV_HOLD_EXPIRE,    /* a hold-off counter reached 0 at a boundary */
    FG_PPFC_COV_STOP_RATIO,     /* chosen share reached R */
    FG_PPFC_COV_STOP_NO_CAND,   /* candidates ran out before R */
    FG_PPFC_COV_REPICK,         /* another pick in the same EQ */
    FG_PPFC_COV_SEED_LOAD,      /* cfg_seed_load */
    FG_PPFC_COV_OVERRUN,        /* boundary while a decision runs: stat_overrun */
    FG_PPFC_COV_PENDING_START,  /* a waiting decision starts */
    FG_PPFC_COV_DISABLE_ABORT,  /* cfg_enable dropped during a decision */
    FG_PPFC_COV_N
};
extern const char *const fg_ppfc_cov_names[FG_PPFC_COV_N];

typedef struct {
    /* runtime configuration (the cfg_* ports) */
    bool cfg_enable;
    uint32_t cfg_interval;    /* 24 bits, >= 1 (0 behaves as 1) */
    uint16_t cfg_horizon;     /* T, intervals */
    uint32_t cfg_ratio;       /* R, Q0.16, 17 bits, 1..0x10000 */
    uint32_t cfg_kmax;        /* CW bits */
    uint16_t cfg_holdoff;     /* intervals; 0 behaves as 1 */
    uint32_t cfg_seed;
    bool cfg_seed_load;
    uint8_t cfg_lossless;                        /* bit p */
    uint16_t cfg_cell_cycles[FG_PPFC_MAX_PORTS]; /* per egress port, Q8.8 */
    uint32_t cfg_quanta_step[FG_PPFC_MAX_PORTS]; /* per ingress port, Q8.16, 24 bits */
    /* buffer-manager state (fg_bm registered outputs) */
    uint32_t ingress_cnt[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];
    uint32_t hdrm_cnt[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];
    uint32_t egress_cnt[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];
    uint32_t comp_cnt[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO][FG_PPFC_MAX_PORTS]; /* [o][p][i] */
    uint32_t shared_free;
    bool paused[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];
} fg_ppfc_in;

typedef struct {
    bool pp_valid;
    uint8_t pp_port;
    uint8_t pp_prio;
    uint16_t pp_quanta;
    bool stat_predict;
    bool stat_pp[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];
    bool stat_overrun;
    bool busy;
} fg_ppfc_out;

typedef struct {
    fg_ppfc_cfg cfg;
    /* registers of the RTL, by the same names */
    uint32_t ivl_cnt;
    uint32_t snap[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];      /* occupancy at the last boundary */
    uint32_t snap_prev[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO]; /* ... at the one before: inc = snap - snap_prev */
    uint64_t tot, tot_prev;  /* sum of snap, of snap_prev */
    uint16_t hold[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO];
    bool gate[FG_PPFC_MAX_PORTS][FG_PPFC_MAX_PRIO]; /* lossless && egress_cnt > kmax, one cycle old */
    uint32_t lfsr;
    int fsm;
    bool pending;
    int o, p;   /* current EQ */
    int i;      /* CAND: scan index; SELECT..ISSUE: the chosen port */
    int64_t inc_total;
    uint64_t target;  /* R * egress_cnt */
    uint64_t pick_r;  /* (lfsr * rem) >> 32 */
    uint64_t y;       /* x * cell_cycles */
    uint64_t rem;     /* sum of comp over remaining candidates */
    uint64_t chosen_sum;
    uint64_t prefix[FG_PPFC_MAX_PORTS]; /* sum of comp_snap of remaining candidates 0..i */
    uint32_t comp_snap[FG_PPFC_MAX_PORTS];
    bool cand[FG_PPFC_MAX_PORTS];
    /* W > 1: the pause pipe (QMUL stage, ISSUE stage) and the PG chosen in SELECT */
    bool q_qmul, q_issue;
    int q_i, q_o, q_p;
    uint32_t q_comp;
    fg_ppfc_out out; /* output registers */
    uint64_t cov[FG_PPFC_COV_N];
} fg_ppfc_state;

/* Checks a build-time configuration. Returns 0, or -1 with a message naming the field and
 * its legal range. */
int fg_ppfc_check_cfg(const fg_ppfc_cfg *cfg, char *msg, size_t len);
/* Checks the runtime registers (cfg_interval >= 1, cfg_horizon >= 1, cfg_ratio 1..0x10000,
 * widths of every field). Returns 0, or -1 with a message naming the field and legal range.
 * The step itself never fails: it gives out-of-range values the hardware's meaning. */
int fg_ppfc_check_in(const fg_ppfc_cfg *cfg, const fg_ppfc_in *in, char *msg, size_t len);

/* Resets to the RTL's reset state with the LFSR at seed 1. An RTL reset edge also loads
 * cfg_seed into the LFSR: call fg_ppfc_reset_edge for a reset edge with inputs. Both return 0,
 * or -1 with the state untouched when fg_ppfc_check_cfg refuses cfg. */
int fg_ppfc_reset(fg_ppfc_state *st, const fg_ppfc_cfg *cfg);
/* One rising edge with rst = 1: reset, LFSR loaded from in->cfg_seed; out = reset outputs. */
int fg_ppfc_reset_edge(fg_ppfc_state *st, const fg_ppfc_cfg *cfg, const fg_ppfc_in *in, fg_ppfc_out *out);
void fg_ppfc_step(fg_ppfc_state *st, const fg_ppfc_in *in, fg_ppfc_out *out);

/* The worst-case busy time of one decision in cycles (docs/blocks/ppfc.md): every EQ gated
 * (1 + N_PORTS cycles each), every PG picked once (4 cycles each), plus 2. An interval of at
 * least this + 1 cycles never overruns. */
static inline uint32_t fg_ppfc_worst_latency(int n_ports, int n_prio)
{
    uint32_t np = (uint32_t)(n_ports * n_prio);
    return np * ((uint32_t)n_ports + 5u) + 2u;
}

/* The same with CAND_LANES = lanes (0 or 1: the above). W > 1: every EQ gated (GATE and
 * ceil(N/W) CAND cycles each), every PG picked once (PICK, SELECT: 2 cycles each), the pause
 * pipe's 2 cycles after the last SELECT, plus 2. */
static inline uint32_t fg_ppfc_worst_latency_w(int n_ports, int n_prio, int lanes)
{
    if (lanes <= 1) return fg_ppfc_worst_latency(n_ports, n_prio);
    uint32_t np = (uint32_t)(n_ports * n_prio);
    uint32_t groups = (uint32_t)((n_ports + lanes - 1) / lanes);
    return np * (groups + 3u) + 4u;
}

#ifdef __cplusplus
}
#endif
#endif
