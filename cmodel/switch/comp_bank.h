/* comp_bank.h - C twin of rtl/switch/fg_comp_bank.v: the composition counters of a line-rate
 * switch (cells of EQ(o, p) from ingress i), fed by the accepted admissions and the releases
 * of fg_bm_pipe, read by P-PFC one EQ at a time (docs/blocks/comp_bank.md).
 *
 * Each key k = (o * n_prio + p) * n_ports + i is a counter that saturates (an admission at
 * 2^cw - 1, a release at 0), kept as A - R mod 2^cw: A counts cells added (only admissions
 * write it), R cells taken (only releases). An op entering on edge T0 reads A and R on T0 + 1,
 * with the words of the ops three, four and five edges ahead forwarded (so it sees every op
 * entered by T0 - 3), computes on T0 + 4, registers its new word on T0 + 5 and writes it on
 * T0 + 6: an admission A' = comp + s > 2^cw - 1 ? R - 1 : A + s, a release
 * R' = r > comp ? A : R + r. An op whose key an op of the last two edges (or the other lane of
 * its own edge) named reads the counters without that op (stat_close, after T0 + 2); the
 * model does the same. A P-PFC read entering on R0 shows, after R0 + 4, A - R of the EQ's
 * n_ports keys as they stand after edge R0 + 1's writes (every op entered by edge R0 - 5).
 * After reset the RTL clears its RAMs, one key per edge: `ready` rises after
 * n_ports^2 * n_prio edges; ops and reads before it are ignored. The model keeps one A and
 * one R per key (the RTL's three copies of each hold the same words once cleared) and clears
 * them at reset; the sweep's own writes show in nothing the RTL outputs. All state lives in
 * the struct. */
#ifndef FG_COMP_BANK_H
#define FG_COMP_BANK_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_COMP_MAX_PORTS 32
#define FG_COMP_MAX_PRIO 8
#define FG_COMP_MAX_KEYS (FG_COMP_MAX_PORTS * FG_COMP_MAX_PORTS * FG_COMP_MAX_PRIO)
#define FG_COMP_WRITE_EDGE 6 /* edges from an op's input edge to its write */
#define FG_COMP_READ_EDGES 4 /* edges from a read's input edge to rs_valid */
#define FG_COMP_STAGES 6     /* T0 .. T5 */

enum {
    FG_COMP_COV_ADM,         /* an admission applied */
    FG_COMP_COV_REL,         /* a release applied */
    FG_COMP_COV_OVERFLOW,    /* an admission clamped at 2^cw - 1 */
    FG_COMP_COV_UNDERFLOW,   /* a release larger than its counter */
    FG_COMP_COV_FWD_ADM_A,   /* an admission's read of A forwarded (an admission 3 edges ahead) */
    FG_COMP_COV_FWD_ADM_R,   /* an admission's read of R forwarded (a release 3 edges ahead) */
    FG_COMP_COV_FWD_REL_A,   /* a release's read of A forwarded */
    FG_COMP_COV_FWD_REL_R,   /* a release's read of R forwarded */
    FG_COMP_COV_FWD4,        /* a lane's read forwarded from the op four edges ahead */
    FG_COMP_COV_FWD5,        /* ... five edges ahead (its word written on the read's edge) */
    FG_COMP_COV_READ,        /* a P-PFC read */
    FG_COMP_COV_READ_FWD,    /* a P-PFC read with a word forwarded */
    FG_COMP_COV_READ_FULL,   /* a P-PFC read showing a counter at 2^cw - 1 */
    FG_COMP_COV_CLOSE,       /* two ops on one key closer than three edges */
    FG_COMP_COV_EARLY,       /* an op before ready */
    FG_COMP_COV_BAD,         /* an op naming no key */
    FG_COMP_COV_N
};
extern const char *const fg_comp_cov_names[FG_COMP_COV_N];

typedef struct {
    int n_ports; /* RTL parameter N_PORTS, 1..32 */
    int n_prio;  /* RTL parameter N_PRIO, 1..8 */
    int cw;      /* RTL parameter CW, 4..24 */
    int sw;      /* RTL parameter SW, 1..cw-1 */
} fg_comp_cfg;

typedef struct {
    bool adm_valid;
    uint32_t adm_port, adm_prio, adm_dst, adm_cells; /* as the RTL's port widths */
    bool rel_valid;
    uint32_t rel_port, rel_prio, rel_src, rel_cells;
    bool rq_valid;
    uint32_t rq_eq;
} fg_comp_in;

typedef struct {
    bool rs_valid;
    uint32_t rs_eq;
    uint32_t rs_comp[FG_COMP_MAX_PORTS];
    bool ready;
    bool stat_overflow, stat_underflow, stat_close, stat_early, stat_bad;
} fg_comp_out;

/* one lane's op in a stage */
typedef struct {
    bool v;          /* a live op */
    uint32_t key, eq, i, s;
    uint8_t fa, fr;  /* T1 .. T3: its read of A / R misses the op 3, 4, 5 edges ahead (bits 0..2) */
    uint32_t qa, qr; /* T1 .. T3: the words read */
    uint32_t comp, sum, other; /* T4: comp, A + s / R + r, R - 1 / A */
    uint32_t w;      /* T5: the new word */
} fg_comp_op;

typedef struct {
    fg_comp_cfg cfg;
    uint32_t clr_k; /* the RTL's sweep: keys cleared since reset */
    bool ready;
    uint32_t A[FG_COMP_MAX_KEYS], R[FG_COMP_MAX_KEYS];
    fg_comp_op a[FG_COMP_STAGES], r[FG_COMP_STAGES]; /* T0 .. T5 of each lane */
    uint32_t wa_d[4], wr_d[4];      /* T5's words one, two, three edges later (index 1..3) */
    uint16_t close_t;               /* stat_close's terms, registered at T1 */
    /* P-PFC's read: R0 .. R3 */
    bool q_v[4];
    uint32_t q_eq[4];
    uint32_t q_fa[3], q_fr[3]; /* R1, R2: one-hot over ports, the word written on R1 */
    uint32_t q_a[4][FG_COMP_MAX_PORTS], q_r[4][FG_COMP_MAX_PORTS];
    fg_comp_out o; /* the registered outputs */
    uint64_t cov[FG_COMP_COV_N];
} fg_comp_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_comp_cfg_error(const fg_comp_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg. */
int fg_comp_reset(fg_comp_state *st, const fg_comp_cfg *cfg);
void fg_comp_step(fg_comp_state *st, const fg_comp_in *in, fg_comp_out *out);
void fg_comp_outputs(const fg_comp_state *st, fg_comp_out *out);
/* the counter of key (o, p, i) as the RAMs hold it now: A - R mod 2^cw */
uint32_t fg_comp_value(const fg_comp_state *st, int o, int p, int i);

#ifdef __cplusplus
}
#endif
#endif
