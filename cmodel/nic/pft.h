/* pft.h - C twin of rtl/nic/fg_pft.v: PFT proactive flow throttling at the NIC (SPEC 6).
 *
 * A Normal/Congested FSM watches c (credits in use at the CBFC sender) with the FT (fixed
 * threshold) or AT (windowed count) strategy; while Congested it throttles flits with f(c) =
 * ((c << m) >> n) + k, either FI (at least f(c) idle cycles between two flits) or RI (a flit
 * may go when the LFSR value r >= f(c)). Cycle semantics and widths: docs/blocks/pft.md. */
#ifndef FG_PFT_H
#define FG_PFT_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PFT_SHIFT_MAX 31u /* m and n are 5-bit fields, 0..31 */

enum { FG_PFT_STRATEGY_FT = 0, FG_PFT_STRATEGY_AT = 1 };
enum { FG_PFT_INJECT_FI = 0, FG_PFT_INJECT_RI = 1 };

/* Build-time parameters (RTL parameters of the same names). */
typedef struct {
    int cw_c;            /* CW_C: credit width, 4..16 (12: CBFC mod-4096 counters) */
    int fw;              /* FW: width of f(c), of k and of the FI idle counter, 8..48 */
    int ww;              /* WW: width of the AT window length/count registers, 8..24 */
    uint32_t reset_seed; /* RESET_SEED: LFSR state after reset (0 behaves as 1) */
} fg_pft_cfg;

/* Coverage points: FSM transitions per strategy, the boundary cases SPEC 6 names, both
 * injection modes allowing and blocking, saturation, runtime-change corners. */
enum {
    FG_PFT_COV_DISABLED,          /* cfg_enable = 0 while Normal */
    FG_PFT_COV_DISABLE_EXIT,      /* cfg_enable dropped while Congested: forced to Normal */
    FG_PFT_COV_FT_NORMAL_STAY,    /* FT, Normal, stays (c <= t_e in the cycle before) */
    FG_PFT_COV_FT_AT_TE,          /* FT, Normal, c == t_e: stays Normal (strict >) */
    FG_PFT_COV_FT_ENTER,          /* FT, Normal -> Congested */
    FG_PFT_COV_FT_CONG_STAY,      /* FT, Congested, stays (c >= t_s in the cycle before) */
    FG_PFT_COV_FT_AT_TS,          /* FT, Congested, c == t_s: stays Congested (strict <) */
    FG_PFT_COV_FT_EXIT,           /* FT, Congested -> Normal */
    FG_PFT_COV_AT_N_HIT,          /* AT, Normal, a cycle with c > th_e counted */
    FG_PFT_COV_AT_N_MISS,         /* AT, Normal, c <= th_e */
    FG_PFT_COV_AT_N_WINDOW_END,   /* AT, Normal, window of W_e cycles ended without N_e */
    FG_PFT_COV_AT_ENTER,          /* AT, Normal -> Congested (N_e reached inside the window) */
    FG_PFT_COV_AT_ENTER_LAST,     /* ... reached exactly in the window's last cycle */
    FG_PFT_COV_AT_C_HIT,          /* AT, Congested, a cycle with c < th_s counted */
    FG_PFT_COV_AT_C_MISS,         /* AT, Congested, c >= th_s */
    FG_PFT_COV_AT_C_WINDOW_END,   /* AT, Congested, window of W_s cycles ended without N_s */
    FG_PFT_COV_AT_EXIT,           /* AT, Congested -> Normal */
    FG_PFT_COV_AT_EXIT_LAST,      /* ... reached exactly in the window's last cycle */
    FG_PFT_COV_WINDOW_KEPT,       /* the state's W or N changed during a window: it keeps its own */
    FG_PFT_COV_FI_ALLOW,          /* Congested, FI, gap >= f(c) */
    FG_PFT_COV_FI_BLOCK,          /* Congested, FI, gap < f(c) */
    FG_PFT_COV_RI_ALLOW,          /* Congested, RI, r >= f(c) */
    FG_PFT_COV_RI_BLOCK,          /* Congested, RI, r < f(c) */
    FG_PFT_COV_F_SATURATED,       /* ((c << m) >> n) + k above 2^FW - 1 */
    FG_PFT_COV_THROTTLED,         /* a waiting flit held back (stat_throttled) */
    FG_PFT_COV_FLIT_SENT,         /* flit_sent: the FI idle counter restarts */
    FG_PFT_COV_SEED_LOAD,         /* cfg_seed_load */
    FG_PFT_COV_RI_SEED0_F1,       /* Congested, RI, r = 1 from a seed of 0 loaded, f = 1 */
    FG_PFT_COV_N
};
extern const char *const fg_pft_cov_names[FG_PFT_COV_N];

typedef struct {
    fg_pft_cfg cfg;
    bool congested;     /* FSM state: Normal (0) / Congested (1) */
    /* c's threshold compares of the previous cycle (the FSM decides one cycle late) */
    bool c_gt_te, c_lt_ts, c_gt_the, c_lt_ths;
    uint32_t rem_w;     /* AT: cycles left in the window, this one included (WW bits) */
    uint32_t need;      /* AT: hits still needed in the window (WW bits) */
    uint32_t win_w, win_n; /* the W and N the window started with (coverage only) */
    uint8_t m_prev, n_prev;   /* m and n of the previous cycle (the RTL registers m - n) */
    uint8_t m_prev2, n_prev2; /* m and n two cycles before: the shifters' amounts */
    uint64_t gap;       /* FI: idle cycles since the last flit, saturating at 2^FW - 1 */
    uint32_t lfsr;      /* fg_lfsr state: r of the current cycle */
    bool allow;         /* registered outputs, as the RTL shows them */
    uint64_t f_value;
    uint64_t f_value_prev; /* f_value of the previous cycle: what allow compares with */
    uint64_t shifted; /* c of the previous cycle shifted by the m, n of the cycle before that:
                       * f's first stage */
    bool seed0_loaded;  /* a seed of 0 was loaded on the edge before (coverage only) */
    uint64_t cov[FG_PFT_COV_N];
} fg_pft_state;

typedef struct {
    uint32_t c;          /* credits in use, CW_C bits */
    bool flit_req;       /* a flit is waiting this cycle */
    bool flit_sent;      /* a flit went this cycle */
    bool cfg_enable;
    uint8_t cfg_strategy;  /* FG_PFT_STRATEGY_FT / _AT */
    uint8_t cfg_injection; /* FG_PFT_INJECT_FI / _RI */
    uint32_t cfg_t_e, cfg_t_s;              /* CW_C bits */
    uint32_t cfg_w_e, cfg_n_e, cfg_th_e;    /* WW, WW, CW_C bits */
    uint32_t cfg_w_s, cfg_n_s, cfg_th_s;
    uint8_t cfg_m, cfg_n;                   /* 5 bits */
    uint64_t cfg_k;                         /* FW bits */
    uint32_t cfg_seed;
    bool cfg_seed_load;
} fg_pft_in;

typedef struct {
    bool congested;
    bool allow;
    uint64_t f_value;
    bool stat_enter;
    bool stat_exit;
    bool stat_throttled;
} fg_pft_out;

void fg_pft_reset(fg_pft_state *st, const fg_pft_cfg *cfg);
void fg_pft_step(fg_pft_state *st, const fg_pft_in *in, fg_pft_out *out);

/* Registered outputs right after reset (what the RTL shows while rst is held). */
void fg_pft_out_after_reset(const fg_pft_state *st, fg_pft_out *out);

/* f(c) = ((c << m) >> n) + k with the block's widths: c << m is formed in CW_C + 31 bits, so
 * no bit of c is lost before the right shift; the sum saturates to 2^FW - 1. */
uint64_t fg_pft_f(const fg_pft_cfg *cfg, uint32_t c, unsigned m, unsigned n, uint64_t k);

/* Build-time parameters: 0 if legal, else -1 with a message naming the field and range. */
int fg_pft_cfg_check(const fg_pft_cfg *cfg, char *msg, size_t msg_len);
/* Runtime configuration of `in` (the register values): 0 if legal, else -1 with a message
 * naming the field and its legal range (t_s <= t_e, 1 <= N <= W, m/n 0..31, k < 2^FW,
 * seed non-zero, every field within its width). */
int fg_pft_in_check(const fg_pft_cfg *cfg, const fg_pft_in *in, char *msg, size_t msg_len);

#ifdef __cplusplus
}
#endif
#endif
