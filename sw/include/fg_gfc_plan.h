/* fg_gfc_plan.h - Gentle Flow Control parameter calculator (SPEC section 5, GFC paper
 * sections 4.2, 5.4; docs/gfc.md). What `flowgate gfc plan` prints.
 *
 * tau (feedback latency bound, paper Eq. 6) = 2*MTU/C + 2*t_w + t_r.
 * Buffer-based: B_1 <= B_m - 2*C*tau (default: equal); B_k = B_m - ((B_m - B_1) >> (k-1))
 * with the distance rounded down to whole buffer units, R_k = C/2^k; N = the last k with
 * B_k - B_(k-1) >= one unit = floor(log2(B_m - B_1)) + 2. In bytes (the paper's unit, "8b")
 * this gives 16/17/18 at 10/40/100 Gb/s where the paper prints 16/18/20 (SPEC 11); in cells
 * it is what fg_gfc_stage computes. GFC's headroom is the space above B_1: B_m - B_1 >= 2*C*tau
 * (PFC's is about C*tau).
 * Time-based (Theorem 5.1 as SPEC 11 reads it): B_0 <= B_m - (sqrt(tau/T) + 1)^2 * C * T,
 * T = the CBFC period (default: the time to send 65535 bytes at C, the paper's value);
 * the rate adjuster's cfg_recip = round(2^28 / (B_m - B_0 in blocks)) (fg_gfc_time).
 * Feedback bandwidth of buffer-based GFC with m-byte messages: worst m/tau, steady
 * m/(8*tau) (paper 4.2: 0.69 % and 0.086 % at 10 GbE, m = 64 B, tau = 7.4 us); time-based:
 * one message per T, as CBFC.
 * Sizes in bytes (KB = 1000 B as in the paper), times in ns, rates in Gb/s. A time-based plan
 * needs a period of at least one cell time (cfg_period counts cell times). */
#ifndef FG_GFC_PLAN_H
#define FG_GFC_PLAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FG_GFC_MAX_STAGES 31          /* the stage id travels in 5 bits (fg_gfc_stage) */
#define FG_GFC_BUFFER_MAX_BYTES 1e9   /* keeps N within 31 in byte units */
#define FG_GFC_CBFC_PERIOD_BYTES 65535.0
#define FG_GFC_RECIP_SHIFT 28         /* fg_gfc_time: cfg_recip = round(2^28 / (B_m - B_0)) */
#define FG_GFC_RECIP_SPAN_MIN 17u     /* blocks: smallest B_m - B_0 whose reciprocal fits 24 bits */
#define FG_GFC_RECIP_SPAN_MAX (1u << 27)
#define FG_GFC_FEEDBACK_MAX_PCT 5.0   /* a plan whose feedback takes more of the link is refused */

typedef enum { FG_GFC_MODE_BUFFER = 0, FG_GFC_MODE_TIME = 1 } fg_gfc_mode;

typedef struct {
    double rate_gbps;    /* C */
    double buffer_bytes; /* B_m (= B, the PG's buffer) */
    uint32_t mtu;        /* bytes */
    double wire_ns;      /* t_w, one way */
    double proc_ns;      /* t_r, the sender's processing */
    uint32_t cell_bytes; /* buffer unit of the hardware (cells = CBFC blocks) */
    uint32_t msg_bytes;  /* feedback message size, 64 */
    fg_gfc_mode mode;
    double period_ns;    /* T_fc; <= 0: 65535 bytes at C */
    double b1_bytes;     /* < 0: B_m - 2*C*tau */
    double b0_bytes;     /* < 0: the Theorem 5.1 bound */
    int cw;              /* the switch core's CW: GFC_BM / GFC_B1 are CW-bit fields */
} fg_gfc_plan_in;

typedef struct {
    double tau_ns, tau_mtu_ns;     /* tau, and its 2*MTU/C part */
    uint64_t ctau_bytes, two_ctau_bytes;
    /* buffer-based, in bytes */
    uint64_t bm_bytes, b1_bytes, b1_max_bytes, span_bytes;
    unsigned n_stages;             /* the rule, byte units */
    int n_paper;                   /* the paper's printed N at 10/40/100 Gb/s, else -1 */
    uint64_t stage_start[FG_GFC_MAX_STAGES + 2]; /* B_k, k = 1..n_stages */
    double stage_rate_gbps[FG_GFC_MAX_STAGES + 2];
    /* buffer-based, hardware registers (cells) */
    uint32_t bm_cells, b1_cells, span_cells;
    unsigned n_stages_cells;
    uint64_t headroom_bytes;       /* B_m - B_1 */
    uint32_t headroom_cells;
    /* feedback bandwidth */
    double fb_worst_mbps, fb_worst_pct, fb_steady_mbps, fb_steady_pct;
    /* time-based */
    double period_ns;
    double b0_bound_bytes;         /* may be negative: buffer too small for T */
    double b0_factor;              /* (sqrt(tau/T) + 1)^2 */
    uint64_t b0_bytes;
    uint32_t b0_span_blocks;       /* B_m - B_0 in cells/blocks */
    uint32_t recip;                /* cfg_recip for fg_gfc_time */
    uint64_t period_cell_times;    /* T in cell times (cycles at one cell per cycle) */
    double fb_time_mbps, fb_time_pct;
} fg_gfc_plan_out;

/* Defaults: MTU 1500, t_w 1 us, t_r 3 us, cell 64, message 64, buffer mode, T and B_1/B_0
 * derived. rate and buffer must still be set. */
void fg_gfc_plan_defaults(fg_gfc_plan_in *in);

/* The paper's printed stage count at 10/40/100 Gb/s (16/18/20), -1 for other rates. */
int fg_gfc_paper_stage_count(double rate_gbps);

/* 0 on success; -1 with a message naming the parameter and its legal range. Checks of the
 * time-based part apply only in time mode, and of the buffer-based part only in buffer
 * mode (the other part is still computed where it can be). Every register value of the
 * chosen mode is one fg_gfc_check_stage_regs / fg_gfc_check_time_regs accepts and fits its
 * field (GFC_BM/GFC_B1 at cw bits; GFC_PERIOD, GFC_RECIP of the NIC map), and the feedback
 * takes at most FG_GFC_FEEDBACK_MAX_PCT of the link (worst case m/tau in buffer mode, m/T in
 * time mode); otherwise -1 and a message naming the value, the limit and what to change. */
int fg_gfc_plan(const fg_gfc_plan_in *in, fg_gfc_plan_out *out, char *msg, size_t n);

/* Checks of register values before firmware programs them (the register block itself only
 * knows GFC_B1 < GFC_BM; these rules need the link). `link` gives rate, mtu, wire_ns, proc_ns
 * and cell_bytes (buffer, mode, period, b1, b0 are not read). 0, or -1 with a message naming
 * the field and its legal range.
 * Buffer-based (switch GFC_B1 / GFC_BM, cells): B_1 <= B_m - 2*C*tau, i.e.
 * gfc_b1 <= gfc_bm - ceil(2*C*tau / cell); the thresholds are computed from B_1 and B_m by
 * fg_gfc_stage, so they are monotone by construction and need no table check. */
int fg_gfc_check_stage_regs(const fg_gfc_plan_in *link, uint32_t b1_cells, uint32_t bm_cells, char *msg, size_t n);
/* Time-based (fg_gfc_time cfg_period, cfg_recip; B_m = the receiver's buffer in blocks):
 * Theorem 5.1 with T = cfg_period cell times: 1 <= cfg_period, (sqrt(tau/T)+1)^2*C*T <= B_m,
 * and B_m - B_0 = 2^28/cfg_recip blocks between ceil((sqrt(tau/T)+1)^2*C*T / cell) and B_m
 * (so 0 <= B_0 <= the bound), i.e. cfg_recip in round(2^28/B_m)..round(2^28/that). */
int fg_gfc_check_time_regs(const fg_gfc_plan_in *link, uint32_t bm_blocks, uint32_t cfg_period, uint32_t cfg_recip,
                           char *msg, size_t n);

#ifdef __cplusplus
}
#endif
#endif
