/* pft.c - C twin of rtl/nic/fg_pft.v (see pft.h and docs/blocks/pft.md). */
#include "nic/pft.h"

#include <stdio.h>
#include <string.h>

#include "common/lfsr.h"

const char *const fg_pft_cov_names[FG_PFT_COV_N] = {
    "disabled",        "disable_exit",    "ft_normal_stay",   "ft_c_eq_te",       "ft_enter",
    "ft_congested_stay", "ft_c_eq_ts",    "ft_exit",          "at_normal_hit",    "at_normal_miss",
    "at_normal_window_end", "at_enter",   "at_enter_last_cycle", "at_congested_hit", "at_congested_miss",
    "at_congested_window_end", "at_exit", "at_exit_last_cycle", "window_kept",    "fi_allow",
    "fi_block",        "ri_allow",        "ri_block",         "f_saturated",      "throttled",
    "flit_sent",       "seed_load",       "ri_seed0_f1",
};

/* f's first stage, (c << m) >> n. c < 2^CW_C <= 2^16 and m <= 31: c << m < 2^47, so the shift
 * loses nothing. pft_f_raw adds k before the saturation: the sum is below 2^49 and fits the
 * 64-bit word. */
static uint64_t pft_shift(const fg_pft_cfg *cfg, uint32_t c, unsigned m, unsigned n)
{
    return (((uint64_t)(c & (uint32_t)fg_mask(cfg->cw_c))) << (m & 31u)) >> (n & 31u);
}

static uint64_t pft_f_raw(const fg_pft_cfg *cfg, uint32_t c, unsigned m, unsigned n, uint64_t k)
{
    return pft_shift(cfg, c, m, n) + (k & fg_mask(cfg->fw));
}

uint64_t fg_pft_f(const fg_pft_cfg *cfg, uint32_t c, unsigned m, unsigned n, uint64_t k)
{
    uint64_t sum = pft_f_raw(cfg, c, m, n, k);
    return sum > fg_mask(cfg->fw) ? fg_mask(cfg->fw) : sum;
}

void fg_pft_reset(fg_pft_state *st, const fg_pft_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->congested = false;
    st->c_gt_te = st->c_lt_ts = st->c_gt_the = st->c_lt_ths = false;
    /* no window after reset: "last cycle" and "not reached" (rem_w 1, need 2), so the first AT
     * cycle ends it and starts one with that cycle's W and N */
    st->rem_w = 1;
    st->need = 2;
    st->win_w = 1;
    st->win_n = 2;
    st->m_prev = 0;
    st->n_prev = 0;
    st->m_prev2 = 0;
    st->n_prev2 = 0;
    st->gap = fg_mask(cfg->fw); /* "the last flit was long ago": the first flit is not delayed */
    st->lfsr = fg_lfsr_seed(cfg->reset_seed);
    st->seed0_loaded = false;
    st->allow = true;
    st->f_value = 0;
    st->shifted = 0;
}

void fg_pft_out_after_reset(const fg_pft_state *st, fg_pft_out *out)
{
    memset(out, 0, sizeof *out);
    out->congested = st->congested;
    out->allow = st->allow;
    out->f_value = st->f_value;
}

void fg_pft_step(fg_pft_state *st, const fg_pft_in *in, fg_pft_out *out)
{
    const fg_pft_cfg *cfg = &st->cfg;
    const uint32_t cmask = (uint32_t)fg_mask(cfg->cw_c);
    const uint32_t wmask = (uint32_t)fg_mask(cfg->ww);
    const uint32_t c = in->c & cmask;
    const uint32_t r = st->lfsr; /* the random number of this cycle */
    /* f in two stages, as the RTL: this cycle's c, shifted by the m and n of two cycles
     * before (the RTL registers m - n, then its one-hot), goes into st->shifted, and f is
     * the shifted value of the previous cycle plus this cycle's k, saturated. */
    const uint64_t shifted_now = pft_shift(cfg, c, st->m_prev2, st->n_prev2);
    const uint64_t f_raw = st->shifted + (in->cfg_k & fg_mask(cfg->fw));
    const uint64_t f = f_raw > fg_mask(cfg->fw) ? fg_mask(cfg->fw) : f_raw;
    const bool cong = st->congested;
    bool flip = false;

    if (f_raw > fg_mask(cfg->fw))
        FG_COV(st, FG_PFT_COV_F_SATURATED);

    /* ---- Normal / Congested FSM, on the compares of c registered on the previous edge ---- */
    bool count_on = false;
    bool hit = false;
    if (!in->cfg_enable) {
        FG_COV(st, cong ? FG_PFT_COV_DISABLE_EXIT : FG_PFT_COV_DISABLED);
        flip = cong;
    } else if ((in->cfg_strategy & 1u) == FG_PFT_STRATEGY_FT) {
        if (!cong) {
            flip = st->c_gt_te;
            FG_COV(st, flip ? FG_PFT_COV_FT_ENTER : FG_PFT_COV_FT_NORMAL_STAY);
        } else {
            flip = st->c_lt_ts;
            FG_COV(st, flip ? FG_PFT_COV_FT_EXIT : FG_PFT_COV_FT_CONG_STAY);
        }
    } else {
        /* AT: the window counts down from the W and N it started with; N reached is checked
         * before the window end, so N reached in the window's last cycle counts. */
        const bool last = st->rem_w <= 1u;
        hit = cong ? st->c_lt_ths : st->c_gt_the;
        if (cong)
            FG_COV(st, hit ? FG_PFT_COV_AT_C_HIT : FG_PFT_COV_AT_C_MISS);
        else
            FG_COV(st, hit ? FG_PFT_COV_AT_N_HIT : FG_PFT_COV_AT_N_MISS);
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the window end is checked before the
         * count, so N reached in the last cycle of a window is lost. */
        bool reached = !last && (hit ? st->need <= 1u : st->need == 0u);
#else
        bool reached = hit ? st->need <= 1u : st->need == 0u;
#endif
        if (reached) {
            if (cong) {
                FG_COV(st, FG_PFT_COV_AT_EXIT);
                if (last) FG_COV(st, FG_PFT_COV_AT_EXIT_LAST);
            } else {
                FG_COV(st, FG_PFT_COV_AT_ENTER);
                if (last) FG_COV(st, FG_PFT_COV_AT_ENTER_LAST);
            }
            flip = true;
        } else if (last) {
            FG_COV(st, cong ? FG_PFT_COV_AT_C_WINDOW_END : FG_PFT_COV_AT_N_WINDOW_END);
        } else {
            count_on = true;
            uint32_t w_now = (cong ? in->cfg_w_s : in->cfg_w_e) & wmask;
            uint32_t n_now = (cong ? in->cfg_n_s : in->cfg_n_e) & wmask;
            if (w_now != st->win_w || n_now != st->win_n) FG_COV(st, FG_PFT_COV_WINDOW_KEPT);
        }
    }
    const bool cong_next = cong != flip;
    if (count_on) {
        st->rem_w = (st->rem_w - 1u) & wmask;
        if (hit) st->need = (st->need - 1u) & wmask;
    } else {
        /* a new window with the W and N of the state after the edge */
        st->rem_w = st->win_w = (cong_next ? in->cfg_w_s : in->cfg_w_e) & wmask;
        st->need = st->win_n = (cong_next ? in->cfg_n_s : in->cfg_n_e) & wmask;
    }
    /* this cycle's compares, for the next edge */
    st->c_gt_te = c > (in->cfg_t_e & cmask);
    st->c_lt_ts = c < (in->cfg_t_s & cmask);
    st->c_gt_the = c > (in->cfg_th_e & cmask);
    st->c_lt_ths = c < (in->cfg_th_s & cmask);
    if (in->cfg_enable && (in->cfg_strategy & 1u) == FG_PFT_STRATEGY_FT) {
        if (!cong && c == (in->cfg_t_e & cmask)) FG_COV(st, FG_PFT_COV_FT_AT_TE);
        if (cong && c == (in->cfg_t_s & cmask)) FG_COV(st, FG_PFT_COV_FT_AT_TS);
    }
    const bool enter = flip && !cong;
    const bool leave = flip && cong;

    /* ---- injection ---- */
    uint64_t gap_next = in->flit_sent ? 0u : fg_sat_add(st->gap, 1u, cfg->fw);
    if (in->flit_sent) FG_COV(st, FG_PFT_COV_FLIT_SENT);
    /* The comparison uses f_value of the previous cycle (f of the c of three cycles before;
     * the RTL makes it one edge ahead), not the f being computed on this edge. */
    const uint64_t f_prev = st->f_value_prev;
    bool allow_next = true;
    if (in->cfg_enable && cong_next) {
        if ((in->cfg_injection & 1u) == FG_PFT_INJECT_FI) {
            allow_next = gap_next >= f_prev;
            FG_COV(st, allow_next ? FG_PFT_COV_FI_ALLOW : FG_PFT_COV_FI_BLOCK);
        } else {
            allow_next = (uint64_t)r >= f_prev;
            FG_COV(st, allow_next ? FG_PFT_COV_RI_ALLOW : FG_PFT_COV_RI_BLOCK);
            /* the RTL's own case: the LFSR's 1 for a loaded 0, not the seed, against f = 1 */
            if (st->seed0_loaded && f_prev == 1u) FG_COV(st, FG_PFT_COV_RI_SEED0_F1);
        }
    }
    bool throttled = in->flit_req && !st->allow;
    if (throttled) FG_COV(st, FG_PFT_COV_THROTTLED);

    /* ---- the LFSR steps every cycle (fg_lfsr, step = 1); a load has priority ---- */
    if (in->cfg_seed_load) {
        FG_COV(st, FG_PFT_COV_SEED_LOAD);
        st->lfsr = fg_lfsr_seed(in->cfg_seed);
    } else {
        st->lfsr = fg_lfsr_next(r);
    }

    st->seed0_loaded = in->cfg_seed_load && in->cfg_seed == 0u;
    st->congested = cong_next;
    st->gap = gap_next;
    st->allow = allow_next;
    st->f_value_prev = st->f_value;
    st->f_value = f;
    st->shifted = shifted_now;
    st->m_prev2 = st->m_prev;
    st->n_prev2 = st->n_prev;
    st->m_prev = in->cfg_m & 31u;
    st->n_prev = in->cfg_n & 31u;

    out->congested = cong_next;
    out->allow = allow_next;
    out->f_value = f;
    out->stat_enter = enter;
    out->stat_exit = leave;
    out->stat_throttled = throttled;
}

int fg_pft_cfg_check(const fg_pft_cfg *cfg, char *msg, size_t msg_len)
{
    if (cfg->cw_c < 4 || cfg->cw_c > 16) {
        snprintf(msg, msg_len, "CW_C = %d out of range: legal 4..16", cfg->cw_c);
        return -1;
    }
    if (cfg->fw < 8 || cfg->fw > 48) {
        snprintf(msg, msg_len, "FW = %d out of range: legal 8..48", cfg->fw);
        return -1;
    }
    if (cfg->ww < 8 || cfg->ww > 24) {
        snprintf(msg, msg_len, "WW = %d out of range: legal 8..24", cfg->ww);
        return -1;
    }
    return 0;
}

static int pft_range(const char *field, uint64_t v, uint64_t lo, uint64_t hi, char *msg, size_t msg_len)
{
    if (v < lo || v > hi) {
        snprintf(msg, msg_len, "%s = %llu out of range: legal %llu..%llu", field, (unsigned long long)v,
                 (unsigned long long)lo, (unsigned long long)hi);
        return -1;
    }
    return 0;
}

int fg_pft_in_check(const fg_pft_cfg *cfg, const fg_pft_in *in, char *msg, size_t msg_len)
{
    uint64_t cmax = fg_mask(cfg->cw_c), wmax = fg_mask(cfg->ww);
    if (fg_pft_cfg_check(cfg, msg, msg_len)) return -1;
    if (pft_range("strategy", in->cfg_strategy, 0, 1, msg, msg_len) ||
        pft_range("injection", in->cfg_injection, 0, 1, msg, msg_len) ||
        pft_range("c", in->c, 0, cmax, msg, msg_len) || pft_range("t_e", in->cfg_t_e, 0, cmax, msg, msg_len) ||
        pft_range("t_s", in->cfg_t_s, 0, cmax, msg, msg_len) ||
        pft_range("W_e", in->cfg_w_e, 1, wmax, msg, msg_len) ||
        pft_range("N_e", in->cfg_n_e, 1, wmax, msg, msg_len) ||
        pft_range("th_e", in->cfg_th_e, 0, cmax, msg, msg_len) ||
        pft_range("W_s", in->cfg_w_s, 1, wmax, msg, msg_len) ||
        pft_range("N_s", in->cfg_n_s, 1, wmax, msg, msg_len) ||
        pft_range("th_s", in->cfg_th_s, 0, cmax, msg, msg_len) ||
        pft_range("m", in->cfg_m, 0, FG_PFT_SHIFT_MAX, msg, msg_len) ||
        pft_range("n", in->cfg_n, 0, FG_PFT_SHIFT_MAX, msg, msg_len) ||
        pft_range("k", in->cfg_k, 0, fg_mask(cfg->fw), msg, msg_len) ||
        pft_range("seed", in->cfg_seed, 1, 0xFFFFFFFFu, msg, msg_len))
        return -1;
    /* Cross-field rules (SPEC 6: t_e >= t_s; a window must be able to hold its count). */
    if (in->cfg_t_s > in->cfg_t_e) {
        snprintf(msg, msg_len, "t_s = %u out of range: legal 0..t_e (t_e = %u)", in->cfg_t_s, in->cfg_t_e);
        return -1;
    }
    if (in->cfg_n_e > in->cfg_w_e) {
        snprintf(msg, msg_len, "N_e = %u out of range: legal 1..W_e (W_e = %u)", in->cfg_n_e, in->cfg_w_e);
        return -1;
    }
    if (in->cfg_n_s > in->cfg_w_s) {
        snprintf(msg, msg_len, "N_s = %u out of range: legal 1..W_s (W_s = %u)", in->cfg_n_s, in->cfg_w_s);
        return -1;
    }
    return 0;
}
