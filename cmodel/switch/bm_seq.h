/* bm_seq.h - C twin of rtl/switch/fg_bm_seq.v: the compact shared-buffer manager, one
 * operation at a time (SPEC.md section 1; docs/blocks/bm_seq.md has the slot, its latencies
 * and a timing diagram; docs/ARCHITECTURE.md section 5.1c says why).
 *
 * The same ports and accounting as fg_bm_pipe (bm_pipe.h: the cfg, in and out structs are
 * that block's), served by a free-running slot of five cycles (t = 0..4) that carries one op,
 * an admission, a release or a scan of one PG's pause state:
 *
 *   t = 3 (slot before)  select the op kind and a port whose holding register is full (round
 *                        robin; ready = the port's holding register is empty, as fg_bm_pipe)
 *   edge out of t = 4    O: the op taken from that register (a scan: the next PG)
 *   t = 0                the PG and port decoded (with the mode); the size, headroom,
 *                        reserve - resume_offset; the last op's RAM write and EQ counter
 *   t = 1                the limit's bases T, R by the mode; headroom - s, reserve - s; the EQ
 *                        counter read; the RAM reads the PG (word from the next edge on)
 *   t = 2                limits lim, rsm, L - s
 *   t = 3                the RAM word: compares, candidates; the EQ counter's
 *   t = 4                decide: verdict, new values, EQ counter's value, split, rs
 *   next slot, t = 0     the new values into the RAM, the EQ counter; the pause compares;
 *                        shared_used's two updates
 *   next slot, t = 1     the PG's pause bit; shared_used
 *
 * After reset the RAM is cleared, one PG per edge, and no op is selected until that ends.
 * All state lives in the struct. */
#ifndef FG_BM_SEQ_H
#define FG_BM_SEQ_H

#include <stddef.h>

#include "common/fg_model.h"
#include "switch/bm_pipe.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the op kinds (the RTL's o_kind_reg) */
enum { FG_BMS_NONE = 0, FG_BMS_ADM = 1, FG_BMS_REL = 2, FG_BMS_SCAN = 3 };
/* the slot's cycles (the RTL's t_reg): five, the next op selected in T_CMP's */
enum { FG_BMS_T_READ = 0, FG_BMS_T_MODE = 1, FG_BMS_T_LIMIT = 2, FG_BMS_T_CMP = 3, FG_BMS_T_DECIDE = 4 };
/* a scan is forced when this many admissions and releases have passed since the last one */
#define FG_BMS_SCAN_EVERY 3

enum {
    FG_BMS_COV_ADM_RESERVE,       /* ing+s <= reserve */
    FG_BMS_COV_ADM_SHARED,        /* whole packet above reserve */
    FG_BMS_COV_ADM_SHARED_SPLIT,  /* packet straddles reserve and shared */
    FG_BMS_COV_ADM_SHARED_STATIC, /* shared admission against xoff (static mode) */
    FG_BMS_COV_ADM_HEADROOM,      /* lossless, over the limit, fits headroom */
    FG_BMS_COV_ADM_DROP_LOSSY,    /* lossy over the limit */
    FG_BMS_COV_ADM_VIOLATION,     /* lossless over the limit and the headroom */
    FG_BMS_COV_ADM_LIMIT_CLAMP,   /* the limit + reserve beyond 2^CW - 1: clamped */
    FG_BMS_COV_ENQ_BAD_INDEX,     /* no such PG/EQ: dropped */
    FG_BMS_COV_DEQ_BAD_INDEX,     /* a deq naming no PG: ignored and counted */
    FG_BMS_COV_ENQ_WAIT,          /* an admission selected while another port also offers */
    FG_BMS_COV_DEQ_WAIT,          /* likewise for releases */
    FG_BMS_COV_TURN_ADM,          /* both kinds wait: the admission's turn */
    FG_BMS_COV_TURN_REL,          /* both kinds wait: the release's turn */
    FG_BMS_COV_SCAN_FORCED,       /* a scan taken because it was due while ops waited */
    FG_BMS_COV_INIT_WAIT,         /* an offer waits while the RAM is cleared after reset */
    FG_BMS_COV_SAME_PG_NEXT,      /* an op reads the PG the op before wrote (RAM write then read) */
    FG_BMS_COV_REL_HEADROOM,      /* release from headroom only */
    FG_BMS_COV_REL_MIXED,         /* release takes all headroom and some of ingress */
    FG_BMS_COV_REL_INGRESS,       /* release with no headroom held */
    FG_BMS_COV_REL_UNDERFLOW,     /* release larger than the PG holds */
    FG_BMS_COV_EGRESS_UNDERFLOW,  /* release larger than its EQ counter */
    FG_BMS_COV_SHARED_UNDERFLOW,  /* rs larger than shared_used */
    FG_BMS_COV_POOL_SAT0,         /* carve-outs exceed B */
    FG_BMS_COV_THR_SAT0,          /* shared_used >= pool */
    FG_BMS_COV_PAUSE_HEADROOM,    /* pause because hdrm > 0 */
    FG_BMS_COV_PAUSE_SHARED,      /* pause because ing >= the dynamic limit */
    FG_BMS_COV_RESUME,            /* dynamic resume */
    FG_BMS_COV_HOLD_PAUSED,       /* paused and the resume condition fails */
    FG_BMS_COV_STATIC_PAUSE,      /* static mode pause */
    FG_BMS_COV_STATIC_RESUME,     /* static mode resume */
    FG_BMS_COV_SCAN_PAUSE,        /* a pause set by a scan (threshold drift, no write) */
    FG_BMS_COV_SCAN_RESUME,       /* a resume by a scan */
    FG_BMS_COV_REL_RESUME,        /* a resume decided by a release of the PG */
    FG_BMS_COV_N
};
extern const char *const fg_bm_seq_cov_names[FG_BMS_COV_N];

typedef struct {
    fg_bm_pipe_cfg cfg;
    /* slot timer and the clear sweep */
    uint8_t t;
    bool init;
    uint16_t clr;
    /* selection */
    uint8_t sel_kind;
    bool sel_e[FG_BMP_MAX_PORTS], sel_d[FG_BMP_MAX_PORTS]; /* the picked port, taken at t = 4 */
    /* per port, the holding registers of an offer and of a release (ready = empty) */
    bool eh_v[FG_BMP_MAX_PORTS], dh_v[FG_BMP_MAX_PORTS];
    uint8_t eh_p[FG_BMP_MAX_PORTS], eh_o[FG_BMP_MAX_PORTS], dh_p[FG_BMP_MAX_PORTS], dh_i[FG_BMP_MAX_PORTS];
    uint32_t eh_s[FG_BMP_MAX_PORTS], eh_t[FG_BMP_MAX_PORTS], dh_s[FG_BMP_MAX_PORTS];
    uint8_t ea_ptr, da_ptr;
    bool turn_rel;
    uint8_t since_scan;
    uint8_t sc_i, sc_p;
    /* O: the op */
    uint8_t o_kind;
    bool o_ok;
    uint8_t o_port, o_prio, o_other, o_pi;
    uint16_t o_pg, o_eq;
    uint32_t o_s, o_tag;
    /* t = 0 -> 1 */
    uint32_t l_res_off, l_res_s, l_hr, l_s;
    bool l_lossless, l_static;
    /* t = 1 -> 2: the limit's bases by the mode */
    uint32_t k_t, k_r, k_ro, k_hd_s;
    bool k_static; /* coverage only */
    /* t = 1 -> 2 */
    uint32_t m_lim, m_rsm, m_lim_s, m_res_s, m_hd_s;
    bool m_lossless;
    bool m_static, m_clamped; /* for coverage only (not in the RTL) */
    /* t = 2 -> 3 */
    uint32_t m_eq; /* the EQ counter as read at t = 1 */
    uint32_t m_s;  /* the op's size, t = 2's copy */
    uint32_t c_ing, c_hd, c_ing_s, c_hd_s, c_hd_r, c_room, c_rem, c_sh, c_eq_add, c_eq_sub;
    bool c_f_res, c_f_shr, c_f_hd, c_r_le_hd, c_eq_under;
    /* the op's PG and new values (t = 3 -> next t = 0), its pause compares (-> next t = 1) */
    bool p_v, p_lossless;
    uint32_t w_ing, w_hd;
    bool w_we; /* they go into the RAM on the next t = 0 edge */
    bool p_hd0, p_above, p_ge, p_le;
    bool p_scan, p_rel, p_static; /* for coverage only (not in the RTL) */
    uint16_t p_pg;
    uint32_t eqc, d_split;
    uint32_t d_rs;
    bool d_rel;
    uint32_t su_sub, su_add; /* shared_used's two updates, one taken at the next t = 1 */
    bool e_we; /* the EQ counter's write (t = 3 -> next t = 0) */
    uint16_t e_idx;
    uint32_t e_val;
    /* the PG counters' block RAM and its two read registers */
    uint32_t ram_ing[FG_BMP_MAX_PG], ram_hd[FG_BMP_MAX_PG];
    uint32_t q1_ing, q1_hd, q2_ing, q2_hd;
    int last_write_pg; /* coverage: the PG the last op wrote (-1 none) */
    /* state */
    uint32_t egress[FG_BMP_MAX_PG];
    bool paused[FG_BMP_MAX_PG];
    uint32_t shared_used;
    uint32_t thr[FG_BMP_MAX_PORTS];
    /* the ports' thresholds' ring */
    uint8_t tr_k, tr_a_k, tr_alpha, tr_b_k, tr_alo;
    uint32_t tr_pf, tr_pf1; /* the shift in two steps: by alpha & 12, then by alpha & 3 */
    /* threshold ring */
    uint8_t hs_k, hs_p;
    uint32_t hs_term;
    bool hs_tfirst, hs_tlast;
    uint64_t hs_acc, rs_acc, carve_a, carve_b, carved;
    uint32_t pool, pool_free;
    /* registered outputs */
    fg_bm_pipe_out o;
    uint64_t cov[FG_BMS_COV_N];
} fg_bm_seq_state;

/* 0 when cfg is legal (as fg_bm_pipe_check_cfg), else -1 and a message naming the field */
int fg_bm_seq_check_cfg(const fg_bm_pipe_cfg *cfg, char *msg, size_t len);
int fg_bm_seq_reset(fg_bm_seq_state *st, const fg_bm_pipe_cfg *cfg);
void fg_bm_seq_step(fg_bm_seq_state *st, const fg_bm_pipe_in *in, fg_bm_pipe_out *out);
void fg_bm_seq_outputs(const fg_bm_seq_state *st, fg_bm_pipe_out *out);

#ifdef __cplusplus
}
#endif
#endif
