/* ppfc_decide.h - C twin of rtl/switch/fg_ppfc_decide.v: P-PFC's decision
 * engine at line rate (docs/blocks/ppfc_decide.md).
 *
 * The engine reads the interval's increments from fg_ppfc_snap (its `tick`
 * starts the pass, the pass's `done` starts a decision), the composition
 * counters of one egress queue at a time from fg_comp_bank (rq out, rs back: it
 * waits for rs_valid), and the buffer manager's egress lengths, paused bits and
 * free shared buffer. One fg_ppfc_decide_step is one rising edge; the struct
 * holds every register of the RTL, named as there, and the products of its
 * three fg_mul_wide units as 4-deep delay lines. `rst` is an input (the RTL's
 * LFSR loads cfg_seed on it). All state lives in the struct. */
#ifndef FG_PPFC_DECIDE_H
#define FG_PPFC_DECIDE_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PPFC_DECIDE_MAX_PORTS 32
#define FG_PPFC_DECIDE_MAX_PG (32 * 8)

enum {
    FG_PPFC_DECIDE_COV_DECISION,      /* a decision started */
    FG_PPFC_DECIDE_COV_NO_FIRE,       /* the prediction did not fire */
    FG_PPFC_DECIDE_COV_FIRE_NO_GATE,  /* it fired with no gated queue */
    FG_PPFC_DECIDE_COV_NOT_READY,     /* it would have fired but the bank was not
                                         ready */
    FG_PPFC_DECIDE_COV_GATE,          /* a queue visited */
    FG_PPFC_DECIDE_COV_NO_CAND,       /* a visited queue without a candidate */
    FG_PPFC_DECIDE_COV_CAND_PAUSED,   /* a port refused because its PG is paused */
    FG_PPFC_DECIDE_COV_CAND_HELD,     /* ... because its hold-off runs */
    FG_PPFC_DECIDE_COV_CAND_INC1,     /* ... because its increment is exactly 1 */
    FG_PPFC_DECIDE_COV_PICK,          /* a pick */
    FG_PPFC_DECIDE_COV_STOP_RATIO,    /* a queue ended by the ratio */
    FG_PPFC_DECIDE_COV_STOP_EMPTY,    /* ... by no candidate left */
    FG_PPFC_DECIDE_COV_MULTI_PICK,    /* a queue with 3 picks or more */
    FG_PPFC_DECIDE_COV_QUANTA_SAT,    /* a pause time saturated at 0xffff */
    FG_PPFC_DECIDE_COV_QUANTA_MIN1,   /* a pause time raised to 1 */
    FG_PPFC_DECIDE_COV_QUANTA_ZERO,   /* a pause time of 0 (cell_cycles or
                                         quanta_step 0) */
    FG_PPFC_DECIDE_COV_OVERRUN,       /* a pass ended while a decision ran */
    FG_PPFC_DECIDE_COV_PENDING_START, /* a waiting decision started */
    FG_PPFC_DECIDE_COV_HOLD_END,      /* a hold-off ended at a boundary */
    FG_PPFC_DECIDE_COV_ABORT,         /* a decision abandoned by cfg_enable low */
    FG_PPFC_DECIDE_COV_N
};
extern const char *const fg_ppfc_decide_cov_names[FG_PPFC_DECIDE_COV_N];

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, 4..19 */
} fg_ppfc_decide_cfg;

typedef struct {
    bool rst;
    /* configuration (registers) */
    bool cfg_enable;
    uint32_t cfg_interval; /* 24 bits */
    uint16_t cfg_horizon;
    uint32_t cfg_ratio; /* 17 bits, Q0.16 */
    uint32_t cfg_kmax;  /* cw bits */
    uint16_t cfg_holdoff;
    uint32_t cfg_seed;
    bool cfg_seed_load;
    uint8_t cfg_lossless;                               /* n_prio bits */
    uint16_t cfg_cell_cycles[FG_PPFC_DECIDE_MAX_PORTS]; /* Q8.8, per egress port */
    uint32_t cfg_quanta_step[FG_PPFC_DECIDE_MAX_PORTS]; /* 24 bits, Q8.16, per
                                                           ingress port */
    /* fg_ppfc_snap */
    int32_t snap_inc[FG_PPFC_DECIDE_MAX_PG]; /* signed, cw + 1 bits, PG i*n_prio+p */
    int64_t snap_inc_total;                  /* signed, cw + EW + 1 bits */
    bool snap_done;
    /* fg_comp_bank */
    bool bank_ready;
    bool rs_valid;
    uint32_t rs_comp[FG_PPFC_DECIDE_MAX_PORTS]; /* cw bits, per ingress port */
    /* fg_bm_pipe */
    uint32_t egress_cnt[FG_PPFC_DECIDE_MAX_PG]; /* cw bits, EQ o*n_prio+p */
    uint32_t shared_free;                       /* cw bits */
    bool paused[FG_PPFC_DECIDE_MAX_PG];         /* PG i*n_prio+p */
} fg_ppfc_decide_in;

typedef struct {
    bool tick;
    bool rq_valid;
    int rq_eq;
    bool pp_valid;
    int pp_port, pp_prio;
    uint16_t pp_quanta;
    bool stat_predict;
    bool stat_pp[FG_PPFC_DECIDE_MAX_PG];
    bool stat_overrun;
    bool busy;
} fg_ppfc_decide_out;

/* the FSM's states, numbered as the RTL's */
enum {
    FG_PPFC_DECIDE_S_IDLE,
    FG_PPFC_DECIDE_S_PMUL,
    FG_PPFC_DECIDE_S_PRED,
    FG_PPFC_DECIDE_S_FIND,
    FG_PPFC_DECIDE_S_GATE,
    FG_PPFC_DECIDE_S_LANES,
    FG_PPFC_DECIDE_S_WAIT,
    FG_PPFC_DECIDE_S_PREFIX,
    FG_PPFC_DECIDE_S_LOAD,
    FG_PPFC_DECIDE_S_PICK,
    FG_PPFC_DECIDE_S_PWAIT,
    FG_PPFC_DECIDE_S_SEL1,
    FG_PPFC_DECIDE_S_SEL2,
    FG_PPFC_DECIDE_S_SEL3,
    FG_PPFC_DECIDE_S_TEST,
    FG_PPFC_DECIDE_S_FIRST,
    FG_PPFC_DECIDE_S_LANES2,
    FG_PPFC_DECIDE_S_FIRST2
};

typedef struct {
    int state;
    bool en; /* cfg_enable, registered */
    /* the configuration registered once (the RTL's *_q) */
    uint32_t kmax_q, ratio_q;
    uint8_t lossless_q;
    uint16_t horizon_q;
    uint16_t cell_cycles_q[FG_PPFC_DECIDE_MAX_PORTS];
    uint32_t quanta_step_q[FG_PPFC_DECIDE_MAX_PORTS];
    bool pending;
    uint32_t ivl_cnt;
    bool tick;
    uint16_t bcnt;
    uint16_t stamp0, stamp1; /* bcnt + h, bcnt + 1 + h, registered */
    uint16_t holdoff;        /* max(cfg_holdoff, 1), registered (the h of the stamps) */
    int64_t tot;
    bool gate[FG_PPFC_DECIDE_MAX_PG];
    bool todo[FG_PPFC_DECIDE_MAX_PG];
    int eq;   /* the queue FIND chose (eq_hot_reg), -1 none */
    int ff;   /* todo's first bit two edges before (ff_reg), -1 none */
    int ff1;  /* ... one edge before (the RTL's first level: ff_low_reg, ff_grp_reg) */
    int o, p; /* its port and priority (o_hot_reg, p_hot_reg), -1 none */
    int p_idx;
    uint32_t egress_gate; /* GATE: the queue's length (the RTL's groups of 8, ORed at LANES) */
    uint32_t egress_sel;
    uint16_t cc_sel;
    bool rq_valid;
    int rq_eq;
    bool stat_predict, stat_overrun;
    uint64_t target_c;         /* ceil(ratio x length / 2^16) */
    bool fire, fire_raw;       /* the registered prediction (fire_raw: without bank_ready) */
    int mtag5;                 /* M's tag one edge after its product */
    bool ratio_hit, empty_hit; /* the stop tests registered at SEL3 */
    uint64_t rem, chosen_sum, r;
    int lvl_cnt;
    uint32_t gt; /* bit per port */
    int sel;     /* sel_hot_reg: the chosen port, -1 none */
    int c_i;
    uint32_t c_comp, c_inc;
    int32_t lane_inc[FG_PPFC_DECIDE_MAX_PORTS];
    bool lane_pre[FG_PPFC_DECIDE_MAX_PORTS];    /* LANES2: inc > 1 and no hold-off */
    bool lane_held[FG_PPFC_DECIDE_MAX_PORTS];   /* LANES2: a hold-off (coverage only) */
    bool lane_paused[FG_PPFC_DECIDE_MAX_PORTS]; /* PG (i, p) paused, registered every edge */
    uint32_t share[FG_PPFC_DECIDE_MAX_PORTS];
    uint64_t prefix[FG_PPFC_DECIDE_MAX_PORTS];
    uint64_t lvl[6][FG_PPFC_DECIDE_MAX_PORTS]; /* the Sklansky registers,
                                                  levels 1..LV */
    bool hold_act[FG_PPFC_DECIDE_MAX_PG];
    uint16_t hold_stamp[FG_PPFC_DECIDE_MAX_PG];
    int mtag[4];                              /* M's tags, [0] the newest */
    uint64_t m_hist[4], y_hist[4], z_hist[4]; /* the products, [3] the one shown */
    bool busy;
    bool q1_v;
    int q1_i, q1_p;
    uint32_t q1_x, q1_cc, q1_qs;
    bool d2_v[4], d3_v[4];
    int d2_i[4], d2_p[4], d3_i[4], d3_p[4];
    uint32_t d2_qs[4];
    uint32_t lfsr;
    int picks_here; /* picks of the visited queue (coverage) */
    fg_ppfc_decide_out o_reg;
} fg_ppfc_decide_regs;

typedef struct {
    fg_ppfc_decide_cfg cfg;
    fg_ppfc_decide_regs r;
    uint64_t cov[FG_PPFC_DECIDE_COV_N];
} fg_ppfc_decide_state;

/* NULL when cfg is legal, else a message naming the field and its legal range.
 */
const char *fg_ppfc_decide_cfg_error(const fg_ppfc_decide_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg. The registers are 0 (as
 * after the RTL's reset, with the LFSR at 1); a step with in->rst loads the
 * LFSR with cfg_seed. */
int fg_ppfc_decide_reset(fg_ppfc_decide_state *st, const fg_ppfc_decide_cfg *cfg);
void fg_ppfc_decide_step(fg_ppfc_decide_state *st, const fg_ppfc_decide_in *in, fg_ppfc_decide_out *out);
void fg_ppfc_decide_outputs(const fg_ppfc_decide_state *st, fg_ppfc_decide_out *out);
/* the pause time of a pick: sat16(floor(x * cell_cycles * quanta_step / 2^24)),
 * at least 1 when the product is not 0 (the rule of fg_ppfc) */
uint16_t fg_ppfc_decide_quanta(uint64_t x, uint32_t cell_cycles, uint32_t quanta_step);

#ifdef __cplusplus
}
#endif
#endif
