/* bm_pipe.h - C twin of rtl/switch/fg_bm_pipe.v: the line-rate shared-buffer manager
 * (SPEC.md section 1; docs/blocks/bm_pipe.md has the pipeline, its latencies and a timing
 * diagram; docs/ARCHITECTURE.md section 5.1a says why it is built this way).
 *
 * fg_bm (bm.h) decides every port's admission and release in one edge, so each counter adds up
 * to N admissions and N releases per cycle: logic that grows as N^2 and a clock near 25 MHz.
 * fg_bm_pipe serves the ports time-division multiplexed instead: each ingress and egress port
 * has a one-entry holding register with a valid/ready handshake; a round-robin arbiter issues
 * one admission and one release per cycle into a short pipeline:
 *
 *   edge H  capture     enq/deq into the port's holding register (ready = register empty)
 *   edge A1 grant       one held enq and one held deq granted (holding register empties)
 *   edge A2 slot        the granted ops into the slot registers with their PG indices; an
 *                       op waits here while a slot ahead (R, F) names its PG, and an
 *                       admission and a release of one PG side by side take turns
 *   edge R  read        (RTL: the PG counters' block-RAM read, addressed from A2)
 *   edge F  read        (RTL: the RAM's output register; where B takes the values from)
 *   edge B  prepare     limits L - s, the two PGs' counters (RTL: the RAM word or a write-back
 *                       of R's, F's or B's edge)
 *   edge C1 compare     (RTL: compares' signs and candidates registered; the model decides here)
 *   edge C2 decide      the admission and release PGs' new values (one decision unit); verdict
 *   edge W  write back  the new values into the two PGs' counters (RTL: bank A / bank R)
 *   edge D  (= W)       the ops for the egress counters (RTL: the two EQs' counters read); parts of split, rs
 *   edge Q  (= D2)      egress counters; split = s - min(s, room), rs = min(rem, sh)
 *   edge D3             split - rs formed (RTL); stat_eq_underflow
 *   edge E  shared      shared_used = sat(sat0(shared_used - rs) + split)
 *
 * Every counter has at most one admission and one release per edge, so its logic does not
 * depend on N: area is linear in ports x priorities. The configuration inputs are registered
 * once before any logic reads them (cfgq). All state lives in the struct. */
#ifndef FG_BM_PIPE_H
#define FG_BM_PIPE_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_BMP_MAX_PORTS 32
#define FG_BMP_MAX_PRIO 8
#define FG_BMP_MAX_PG (FG_BMP_MAX_PORTS * FG_BMP_MAX_PRIO)
/* the monitor names PG (c - FG_BMP_MON_DELAY) mod npg in cycle c after reset (the RTL's
 * mon_pg; a stream consumer such as fg_gfc_scan takes it as its PHASE) */
#define FG_BMP_MON_DELAY 5

/* adm_where codes (as fg_bm's enq_where) */
enum { FG_BMP_WHERE_RESERVE = 0, FG_BMP_WHERE_SHARED = 1, FG_BMP_WHERE_HEADROOM = 2, FG_BMP_WHERE_DROPPED = 3 };

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, cell-count width, 4..30 (default 18) */
    int sw;      /* RTL parameter SW, packet-size width in cells, 1..16, SW < CW (default 8) */
    int tag_w;   /* RTL parameter TAG_W, enq_tag width, 1..32 (0 counts as the default 1) */
} fg_bm_pipe_cfg;

enum {
    FG_BMP_COV_ADM_RESERVE,       /* ing+s <= reserve */
    FG_BMP_COV_ADM_SHARED,        /* whole packet above reserve */
    FG_BMP_COV_ADM_SHARED_SPLIT,  /* packet straddles reserve and shared */
    FG_BMP_COV_ADM_SHARED_STATIC, /* shared admission against xoff (static mode) */
    FG_BMP_COV_ADM_HEADROOM,      /* lossless, over the limit, fits headroom */
    FG_BMP_COV_ADM_DROP_LOSSY,    /* lossy over the limit */
    FG_BMP_COV_ADM_VIOLATION,     /* lossless over the limit and the headroom */
    FG_BMP_COV_ADM_LIMIT_CLAMP,   /* T + reserve beyond 2^CW - 1: the limit is clamped */
    FG_BMP_COV_ENQ_BAD_INDEX,     /* no such PG/EQ: dropped */
    FG_BMP_COV_ENQ_WAIT,          /* a held enq waits: another port won the arbiter */
    FG_BMP_COV_DEQ_WAIT,          /* a held deq waits */
    FG_BMP_COV_REL_HEADROOM,      /* release from headroom only */
    FG_BMP_COV_REL_MIXED,         /* release takes all headroom and some of ingress */
    FG_BMP_COV_REL_INGRESS,       /* release with no headroom held */
    FG_BMP_COV_REL_UNDERFLOW,     /* release larger than the PG holds */
    FG_BMP_COV_REL_WAIT_SAME_PG,  /* slot A2 holds an admission and a release of one PG: the release waits */
    FG_BMP_COV_ADM_WAIT_SAME_PG,  /* the same, the admission's turn to wait */
    FG_BMP_COV_ADM_INTERLOCK,     /* an admission waits in slot A2: a slot ahead (R, F) writes its PG */
    FG_BMP_COV_REL_INTERLOCK,     /* a release waits in slot A2 likewise */
    FG_BMP_COV_ADM_REL_SAME_EQ,   /* admission and release of one EQ on one edge */
    /* A PG written back one (_1), two (_2) or three (_3) edges before C1, by the slot's
     * admission (_A) or release (_R) lane: the RTL's RAM read missed the write and B forwarded
     * it, from one of its six slot sources (the slot in W, w1, w2 x the two lanes), read by the
     * release (REL_) or the admission (ADM_) */
    FG_BMP_COV_REL_AFTER_A_WRITE_1,
    FG_BMP_COV_REL_AFTER_R_WRITE_1,
    FG_BMP_COV_ADM_AFTER_A_WRITE_1,
    FG_BMP_COV_ADM_AFTER_R_WRITE_1,
    FG_BMP_COV_REL_AFTER_A_WRITE_2,
    FG_BMP_COV_REL_AFTER_R_WRITE_2,
    FG_BMP_COV_REL_AFTER_A_WRITE_3,
    FG_BMP_COV_REL_AFTER_R_WRITE_3,
    FG_BMP_COV_ADM_AFTER_A_WRITE_2,
    FG_BMP_COV_ADM_AFTER_R_WRITE_2,
    FG_BMP_COV_ADM_AFTER_A_WRITE_3,
    FG_BMP_COV_ADM_AFTER_R_WRITE_3,
    FG_BMP_COV_EGRESS_UNDERFLOW,  /* release larger than egress[o][p] */
    FG_BMP_COV_SHARED_UNDERFLOW,  /* rs larger than shared_used */
    FG_BMP_COV_DEQ_BAD_INDEX,     /* deq naming no PG: ignored and counted */
    FG_BMP_COV_POOL_SAT0,         /* carve-outs exceed B */
    FG_BMP_COV_THR_SAT0,          /* shared_used >= pool */
    FG_BMP_COV_PAUSE_HEADROOM,    /* pause because hdrm > 0 */
    FG_BMP_COV_PAUSE_SHARED,      /* pause because shared >= thr (dynamic) */
    FG_BMP_COV_RESUME,            /* dynamic resume */
    FG_BMP_COV_HOLD_PAUSED,       /* paused and the resume condition fails */
    FG_BMP_COV_STATIC_PAUSE,      /* static mode pause */
    FG_BMP_COV_STATIC_RESUME,     /* static mode resume */
    FG_BMP_COV_SCAN_PAUSE,        /* a pause set by the scan lane (threshold drift, no write) */
    FG_BMP_COV_SCAN_YIELD,        /* the scan lane's read dropped: an admission wrote its PG back after the read */
    FG_BMP_COV_SCAN_RESUME_ONLY,  /* the scan lane's read made stale by a release alone: resume only */
    FG_BMP_COV_EQ_PAIR_UNDER_LO,  /* an EQ's op right after a slot that admitted to it and released
                                   * more than it held (x < d1), with d2 < s1 and x + s1 >= d1 + d2:
                                   * the one case where the pair's lower flag is x < d1, not the sign
                                   * of x + c1 - d2 (docs/blocks/bm_pipe.md, egress lanes) */
    FG_BMP_COV_EGRESS_SAT,        /* an admission's egress count clamped at 2^CW - 1 (reached by
                                   * the narrow-counter build, tb_bm_pipe_4x2_cw10) */
    FG_BMP_COV_N
};
extern const char *const fg_bm_pipe_cov_names[FG_BMP_COV_N];

typedef struct {
    /* runtime configuration: as fg_bm (bm.h) */
    uint32_t cfg_total_cells;
    uint32_t cfg_reserve;
    uint32_t cfg_headroom[FG_BMP_MAX_PORTS];
    uint8_t cfg_alpha_shift[FG_BMP_MAX_PORTS];
    uint32_t cfg_resume_offset;
    uint8_t cfg_lossless;
    bool cfg_static_mode;
    uint32_t cfg_xoff[FG_BMP_MAX_PORTS][FG_BMP_MAX_PRIO];
    uint32_t cfg_xon[FG_BMP_MAX_PORTS][FG_BMP_MAX_PRIO];
    /* per ingress port i: a packet is offered; taken on an edge where enq_ready[i] was 1 */
    bool enq_valid[FG_BMP_MAX_PORTS];
    uint8_t enq_prio[FG_BMP_MAX_PORTS];
    uint8_t enq_dst[FG_BMP_MAX_PORTS];
    uint16_t enq_cells[FG_BMP_MAX_PORTS];
    uint32_t enq_tag[FG_BMP_MAX_PORTS]; /* the user's bits, carried to the verdict (adm_tag) */
    /* per egress port o: a packet of EQ(o, deq_prio) from ingress deq_src has left */
    bool deq_valid[FG_BMP_MAX_PORTS];
    uint8_t deq_prio[FG_BMP_MAX_PORTS];
    uint8_t deq_src[FG_BMP_MAX_PORTS];
    uint16_t deq_cells[FG_BMP_MAX_PORTS];
} fg_bm_pipe_in;

typedef struct {
    bool enq_ready[FG_BMP_MAX_PORTS];
    bool deq_ready[FG_BMP_MAX_PORTS];
    /* verdict of one admission (edge C2): which port, where, and its stat pulses */
    bool adm_valid;
    uint8_t adm_port;
    uint8_t adm_where;
    /* the admission's prio, dst, cells and tag (0 without adm_valid) */
    uint8_t adm_prio, adm_dst;
    uint16_t adm_cells;
    uint32_t adm_tag;
    bool stat_drop;      /* lossy drop or no such PG/EQ */
    bool stat_violation; /* lossless drop */
    /* release events */
    bool rel_valid; /* a release was applied to its PG (edge C2) */
    uint8_t rel_port;
    uint8_t rel_prio, rel_src; /* the release's fields as offered (0 without rel_valid) */
    uint16_t rel_cells;
    bool stat_bad_deq;          /* a deq named no PG (edge C2); nothing released */
    bool stat_pg_underflow;     /* edge C2 */
    bool stat_eq_underflow;     /* edge D3 (the release's EQ counter is updated at Q = D2) */
    uint32_t adm_eq_cnt;        /* the verdict's EQ count before its admission (0: none), edge Q */
    bool stat_shared_underflow; /* edge E */
    /* the scan's read, one PG per edge in turn: PG mon_pg = (c - FG_BMP_MON_DELAY) mod npg in
     * cycle c after reset, its counters as they stood just after the scan's read edge (S0),
     * shown three edges later (mon_valid false and the values 0 for the first cycles) */
    bool mon_valid;
    uint16_t mon_pg;
    uint32_t mon_ing, mon_hd, mon_occ;
    bool paused[FG_BMP_MAX_PORTS][FG_BMP_MAX_PRIO];
    uint32_t egress_cnt[FG_BMP_MAX_PORTS][FG_BMP_MAX_PRIO];
    uint32_t shared_used;
    uint32_t thr[FG_BMP_MAX_PORTS];
    uint32_t shared_free;
} fg_bm_pipe_out;

/* One op in a pipeline stage register (admission or release). */
typedef struct {
    bool v;      /* a legal op (indices name a PG and EQ) */
    bool bad;    /* an op whose indices name nothing */
    uint8_t port; /* ingress port (admission) or egress port (release) */
    uint8_t prio;
    uint8_t other; /* dst (admission) or src (release) */
    uint32_t s;
    uint32_t tag; /* admission: enq_tag */
} fg_bmp_op;

/* C1's result, committed at C2 (the RTL registers the compares' signs and the candidates at
 * C1 and selects at C2; the model decides at C1 and carries the outcome). */
typedef struct {
    int w_apg, w_rpg; /* the PGs the slot writes, -1 none */
    uint32_t w_a_ing, w_a_hd, w_r_ing, w_r_hd;
    uint32_t w_a_lim, w_a_rsm; /* the admission PG's limits read at B, for its pause lane */
    uint32_t c_ing_a, c_ing_r, c_hd_r;
    fg_bmp_op c_adm, c_rel;
    int c_aeq; /* the admission's EQ for any verdict of a legal op (-1 none) */
    uint8_t c_where;
    bool adm_valid, stat_drop, stat_violation, rel_valid, stat_bad_deq, stat_pg_underflow;
    uint8_t adm_port, adm_where, rel_port;
    uint8_t rel_prio, rel_src; /* the release's fields (0 without rel_valid) */
    uint16_t rel_cells;
    uint8_t adm_prio, adm_dst; /* the admission's fields (0 without adm_valid) */
    uint16_t adm_cells;
    uint32_t adm_tag;
} fg_bmp_c1;

/* the scan lane's read of one PG on its way to the compares: its values, limits and stale marks */
typedef struct {
    int pg; /* -1: none */
    uint32_t ing, hd, lim, rsm;
    bool ka, kr; /* an admission / a release wrote the PG back since the read */
} fg_bmp_scan;

/* one pause lane's registered compares, decided on the next edge */
typedef struct {
    int pg; /* -1: none */
    bool hd0, above, ge, le;
} fg_bmp_lane;

typedef struct {
    fg_bm_pipe_cfg cfg;
    /* the configuration inputs as registered on the last edge (only its cfg_* fields are
     * used; zero after reset): every decision reads these, so a new value acts one edge after
     * it is presented */
    fg_bm_pipe_in cfgq;
    /* H: holding registers */
    bool eh_v[FG_BMP_MAX_PORTS], dh_v[FG_BMP_MAX_PORTS];
    uint8_t eh_p[FG_BMP_MAX_PORTS], eh_o[FG_BMP_MAX_PORTS], dh_p[FG_BMP_MAX_PORTS], dh_i[FG_BMP_MAX_PORTS];
    uint32_t eh_s[FG_BMP_MAX_PORTS], dh_s[FG_BMP_MAX_PORTS];
    uint32_t eh_t[FG_BMP_MAX_PORTS];
    uint8_t ea_ptr, da_ptr;
    /* A1: the registered grants and their ops (raw, not yet checked) */
    bool e1_v, d1_v;
    uint8_t e1_port, e1_p, e1_o, d1_port, d1_p, d1_i;
    uint32_t e1_s, d1_s, e1_t;
    /* A2: slot registers (raw, not yet checked) */
    bool a_v, r_v;
    bool adm_yield; /* an admission and a release of one PG in slot A2: true, the admission waits */
    uint8_t a_i, a_p, a_o, r_o, r_p, r_i;
    uint32_t a_s, r_s, a_t;
    /* R, F: the ops on their way to B (the RTL's counters' read from block RAM); ok: the
     * admission names a PG and an EQ */
    fg_bmp_op ra, rr, fa, fr;
    bool ra_ok, fa_ok;
    /* B: prepared ops */
    fg_bmp_op b_adm, b_rel;
    bool b_lossless;       /* cfg_lossless of the admission's priority */
    /* limits L - s, XW = CW+2 bits two's complement (the RTL keeps CW+3 bits, room for a
     * "nothing fits" value for lossy headroom; the model tests b_lossless instead) */
    uint32_t b_lim_res;
    uint32_t b_lim_shr;
    uint32_t b_lim_hd;
    bool b_clamped;        /* coverage only */
    bool b_static;         /* coverage only */
    /* the admission PG's pause limits as read at B (lim, and rsmk as XW-bit signed), carried
     * to its pause lane with the values the slot writes back */
    uint32_t b_a_lim, b_a_rsm;
    fg_bmp_c1 k; /* C1: the decision, committed at C2 */
    /* C2: committed ops for D and the verdict */
    fg_bmp_op c_adm, c_rel;
    uint8_t c_where;
    uint32_t c_ing_a, c_ing_r, c_hd_r;
    int c_prev_apg, c_prev_rpg; /* PGs written back on the previous edge, -1 none (coverage only) */
    int c_prev2_apg, c_prev2_rpg, c_prev3_apg, c_prev3_rpg; /* two and three edges before (coverage only) */
    /* W: C2's results, written into the PG counters on the next edge */
    int w_apg, w_rpg; /* -1: none */
    uint32_t w_a_ing, w_a_hd, w_r_ing, w_r_hd;
    uint32_t w_a_lim, w_a_rsm;
    /* D: the parts of split and rs; D2: split and rs for E */
    bool dd_split_v, dd_rel_v;
    fg_bmp_op q_adm, q_rel; /* D: the ops the egress counters take at Q */
    int c_aeq, q_aeq;       /* C2, D: the verdict's EQ (accepted or not; -1 none) */
    bool dd_eq_under;        /* the release at Q was larger than its EQ counter */
    uint32_t dd_s, dd_room, dd_rem, dd_sh;
    uint32_t d_split, d_rs;
    uint32_t d3_split, d3_rs; /* D3: the same one edge later (E adds split - rs formed here) */
    /* counters */
    /* the PG counters (the RTL: two block-RAM banks and a live-value table) */
    uint32_t ingress_reg[FG_BMP_MAX_PG], hdrm_reg[FG_BMP_MAX_PG];
    uint32_t egress_reg[FG_BMP_MAX_PG];
    bool paused_reg[FG_BMP_MAX_PG];
    /* pause lanes: each registers the four compares of one PG (hd == 0, ing > reserve,
     * ing >= lim, ing <= rsmk) and decides that PG on the next edge. Event lane A: the
     * admission PG the slot in W writes back (its new values, the limits read at B); scan lane
     * S: one PG per edge in turn behind the configuration ring, read at S0 as it stands after
     * that edge (with the limits the ring writes then or the port's), the values in SV two
     * edges later, compared at S2, decided on the next edge; a read made stale by an
     * admission's write-back on an edge after S0 up to S2's is dropped, one made stale by a
     * release's may only resume (an admission's on the decision's edge: lane A decides that
     * PG on the next). Releases have no lane: the scan sees them. */
    fg_bmp_lane pa, s2;
    uint16_t sc_pg;                 /* the PG the ring's R0 registers on the next edge (S0 reads it one later) */
    fg_bmp_scan sa, sb, sv;         /* the scan's read after S0, S0 + 1, S0 + 2 (SV) */
    bool s2_ronly;                  /* the decision may resume its PG, not pause it (a release since its read) */
    uint16_t cr_k, sa_k, sb_k, sv_k; /* R1, SA, SB, SV's PG counted from reset as if the ring had been running (the monitor's index) */
    /* configuration ring: on R0's edge it registers xoff/xon of PG sc_pg; on the next
     * edge xlim, xrsm of that PG take xoff + reserve (clamped), xon + reserve */
    int cr_pg;
    uint32_t cr_xoff, cr_xon;
    uint32_t shared_used_reg;
    /* threshold pipeline */
    uint8_t hs_k, hs_p;                            /* the PG whose term the carve-out ring registers this edge */
    uint32_t hs_term;                              /* its headroom term, summed on the next edge */
    bool hs_tfirst, hs_tlast;                      /* the term is the ring's first / last PG */
    uint64_t hs_acc, rs_acc, carve_a, carve_b, carved; /* HW = CW+PW+4 bits */
    uint32_t pool_reg, pool_free_reg;
    uint32_t thr_reg[FG_BMP_MAX_PORTS];
    uint32_t thrres_reg[FG_BMP_MAX_PORTS]; /* thr + reserve, CW+1 bits */
    uint32_t rsm_reg[FG_BMP_MAX_PORTS];    /* thr + reserve - resume_offset, CW+2 bits signed */
    uint32_t dlim_reg[FG_BMP_MAX_PORTS];   /* dynamic limit min(thrres, 2^CW-1) */
    bool dlim_clamped[FG_BMP_MAX_PORTS];   /* coverage only */
    uint32_t xlim_reg[FG_BMP_MAX_PG];      /* static limit min(xoff + reserve, 2^CW-1), by the ring */
    bool xlim_clamped[FG_BMP_MAX_PG];      /* coverage only */
    /* coverage only: the last Q edge's EQ that took an admission and an underflowing release
     * (-1: none), its count x before them, s1 and d1 */
    int cv_pair_eq;
    uint32_t cv_pair_x, cv_pair_s1, cv_pair_d1;
    uint32_t xrsm_reg[FG_BMP_MAX_PG];      /* static resume xon + reserve, CW+1 bits, by the ring */
    /* registered outputs */
    fg_bm_pipe_out o;
    uint64_t cov[FG_BMP_COV_N];
} fg_bm_pipe_state;

int fg_bm_pipe_check_cfg(const fg_bm_pipe_cfg *cfg, char *msg, size_t len);
/* 0, or -1 with the state untouched when the cfg is refused (check_cfg says why). */
int fg_bm_pipe_reset(fg_bm_pipe_state *st, const fg_bm_pipe_cfg *cfg);
void fg_bm_pipe_step(fg_bm_pipe_state *st, const fg_bm_pipe_in *in, fg_bm_pipe_out *out);
void fg_bm_pipe_outputs(const fg_bm_pipe_state *st, fg_bm_pipe_out *out);

#ifdef __cplusplus
}
#endif
#endif
