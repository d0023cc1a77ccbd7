/* counter_bank.c - C twin of rtl/common/fg_counter_bank.v (see counter_bank.h). */
#include "common/counter_bank.h"

#include <stdio.h>
#include <string.h>

const char *const fg_counter_bank_cov_names[FG_COUNTER_BANK_COV_N] = {
    "snapshot_events", "pend_full",         "saturated",    "clear",       "clear_with_event",
    "clear_at_snapshot", "clear_at_writeback", "clear_in_flight", "read_cleared", "read_bypass",
    "read_outside",    "read_nonzero"};

bool fg_counter_bank_cfg_check(const fg_counter_bank_cfg *cfg, char *msg, size_t len)
{
    if (cfg->n_kind < 1 || cfg->n_kind > FG_COUNTER_BANK_MAX_KIND) {
        if (msg) snprintf(msg, len, "fg_counter_bank: N_KIND = %d, legal range 1..%d", cfg->n_kind,
                          FG_COUNTER_BANK_MAX_KIND);
        return false;
    }
    if (cfg->n_ports < 1 || cfg->n_ports > FG_COUNTER_BANK_MAX_PORTS) {
        if (msg) snprintf(msg, len, "fg_counter_bank: N_PORTS = %d, legal range 1..%d", cfg->n_ports,
                          FG_COUNTER_BANK_MAX_PORTS);
        return false;
    }
    if (cfg->n_kind * cfg->n_ports < FG_COUNTER_BANK_MIN_NC) {
        if (msg) snprintf(msg, len, "fg_counter_bank: N_KIND * N_PORTS = %d, legal range %d..%d",
                          cfg->n_kind * cfg->n_ports, FG_COUNTER_BANK_MIN_NC, FG_COUNTER_BANK_MAX_NC);
        return false;
    }
    if (cfg->cnt_w < 1 || cfg->cnt_w > FG_COUNTER_BANK_CNT_W_MAX) {
        if (msg) snprintf(msg, len, "fg_counter_bank: CNT_W = %d, legal range 1..%d", cfg->cnt_w,
                          FG_COUNTER_BANK_CNT_W_MAX);
        return false;
    }
    return true;
}

int fg_counter_bank_reset(fg_counter_bank_state *st, const fg_counter_bank_cfg *cfg)
{
    if (!fg_counter_bank_cfg_check(cfg, NULL, 0)) return -1;
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    /* every counter reads 0 until its first write-back; the words are not reset (block RAM) */
    for (int k = 0; k < FG_COUNTER_BANK_MAX_NC; k++) st->cleared[k] = true;
    st->sat_idx = -1;
    return 0;
}

void fg_counter_bank_outputs(const fg_counter_bank_state *st, fg_counter_bank_out *out)
{
    out->rd_count = (st->rd2_in && !st->rd2_clr) ? st->rd2_word : 0u;
}

void fg_counter_bank_step(fg_counter_bank_state *st, const fg_counter_bank_in *in, fg_counter_bank_out *out)
{
    const int nc = st->cfg.n_kind * st->cfg.n_ports;
    const uint64_t max = fg_mask(st->cfg.cnt_w);
    const int k = st->sc;

    /* the read's second edge: the cleared flag as it is before this edge */
    const bool rd2_in = st->rd1_in;
    const bool rd2_clr = st->rd1_in && st->cleared[st->rd1_idx];
    const uint32_t rd2_word = st->rd1_word;
    if (rd2_in && rd2_clr) FG_COV(st, FG_COUNTER_BANK_COV_READ_CLEARED);

    /* the visit: S1 from the pending count, the flag and the word as they are before the edge */
    fg_counter_bank_stage s1 = {true, k, in->clr[k] ? 0u : st->pend[k], st->cleared[k] || in->clr[k], false,
                                st->word[k]};
    if (s1.snap > 0) FG_COV(st, FG_COUNTER_BANK_COV_SNAPSHOT_EVENTS);
    if (st->pend[k] == (uint32_t)nc) FG_COV(st, FG_COUNTER_BANK_COV_PEND_FULL);

    /* S1 -> S2 -> S3, marked stale by a clear on the way; base + snap, clipped */
    fg_counter_bank_stage s2 = st->s1;
    if (s2.valid && in->clr[s2.idx]) s2.stale = true;
    fg_counter_bank_stage s3 = st->s2;
    if (s3.valid && in->clr[s3.idx]) s3.stale = true;
    st->sat_idx = -1;
    if (s3.valid) {
        uint64_t sum = (uint64_t)(s3.clr ? 0u : s3.word) + s3.snap;
        if (sum > max) {
            sum = max;
            st->sat_idx = s3.idx;
            FG_COV(st, FG_COUNTER_BANK_COV_SATURATED);
        }
        s3.word = (uint32_t)sum;
    }

    /* the write-back of the old S3, and the flag it ends */
    if (st->s3.valid) st->word[st->s3.idx] = st->s3.word;
    for (int c = 0; c < nc; c++) {
        if (in->clr[c]) {
            FG_COV(st, FG_COUNTER_BANK_COV_CLEAR);
            if (in->ev[c]) FG_COV(st, FG_COUNTER_BANK_COV_CLEAR_WITH_EVENT);
            if (c == k) FG_COV(st, FG_COUNTER_BANK_COV_CLEAR_AT_SNAPSHOT);
            if (st->s3.valid && st->s3.idx == c) FG_COV(st, FG_COUNTER_BANK_COV_CLEAR_AT_WRITEBACK);
            if ((st->s1.valid && st->s1.idx == c) || (st->s2.valid && st->s2.idx == c))
                FG_COV(st, FG_COUNTER_BANK_COV_CLEAR_IN_FLIGHT);
            st->cleared[c] = true;
        } else if (st->s3.valid && st->s3.idx == c && !st->s3.stale) {
            st->cleared[c] = false;
        }
        /* visited or cleared: start again from this edge's event; else count it */
        if (c == k || in->clr[c])
            st->pend[c] = in->ev[c] ? 1u : 0u;
        else
            st->pend[c] += in->ev[c] ? 1u : 0u;
    }

    /* the read's first edge: the word after this edge (a write-back of it is bypassed) */
    const bool rd1_in = in->rd_kind < (uint32_t)st->cfg.n_kind && in->rd_port < (uint32_t)st->cfg.n_ports;
    const int rd1_idx = rd1_in ? (int)(in->rd_kind * (uint32_t)st->cfg.n_ports + in->rd_port) : 0;
    if (!rd1_in) FG_COV(st, FG_COUNTER_BANK_COV_READ_OUTSIDE);
    if (rd1_in && st->s3.valid && st->s3.idx == rd1_idx) FG_COV(st, FG_COUNTER_BANK_COV_READ_BYPASS);

#ifdef FG_INJECT_BUG_COUNTER_BANK
    /* the bug the lock-step must catch: a clear on the write-back edge loses to it. Its own
     * macro, in its own library (mk/common_prims.mk), so the _bug builds of the register
     * blocks and cores fail for their own bugs, not for this one */
    if (st->s3.valid && in->clr[st->s3.idx]) st->cleared[st->s3.idx] = false;
#endif

    st->s3 = s3;
    st->s2 = s2;
    st->s1 = s1;
    st->sc = (k + 1 == nc) ? 0 : k + 1;
    st->rd1_in = rd1_in;
    st->rd1_idx = rd1_idx;
    st->rd1_word = rd1_in ? st->word[rd1_idx] : 0u;
    st->rd2_in = rd2_in;
    st->rd2_clr = rd2_clr;
    st->rd2_word = rd2_word;
    fg_counter_bank_outputs(st, out);
    if (out->rd_count > 0) FG_COV(st, FG_COUNTER_BANK_COV_READ_NONZERO);
}
