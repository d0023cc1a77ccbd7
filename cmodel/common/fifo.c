/* fifo.c - C twin of rtl/common/fg_fifo.v (see fifo.h). */
#include "common/fifo.h"

#include <stdio.h>
#include <string.h>

const char *const fg_fifo_cov_names[FG_FIFO_COV_N] = {
    "idle",          "write",        "read",        "write_read",   "write_full_with_read",
    "overflow",      "underflow",    "underflow_with_write", "fall_through", "become_full",
    "become_empty",  "wrap",         "clr_stats",   "drop_cnt_saturated"};

bool fg_fifo_cfg_check(const fg_fifo_cfg *cfg, char *msg, size_t len)
{
    if (cfg->width < FG_FIFO_WIDTH_MIN || cfg->width > FG_FIFO_WIDTH_MAX) {
        if (msg) snprintf(msg, len, "fg_fifo: WIDTH = %d, legal range %d..%d", cfg->width, FG_FIFO_WIDTH_MIN,
                          FG_FIFO_WIDTH_MAX);
        return false;
    }
    if (cfg->depth_log2 < FG_FIFO_DEPTH_LOG2_MIN || cfg->depth_log2 > FG_FIFO_DEPTH_LOG2_MAX) {
        if (msg) snprintf(msg, len, "fg_fifo: DEPTH_LOG2 = %d, legal range %d..%d", cfg->depth_log2,
                          FG_FIFO_DEPTH_LOG2_MIN, FG_FIFO_DEPTH_LOG2_MAX);
        return false;
    }
    if (cfg->cnt_w < FG_FIFO_CNT_W_MIN || cfg->cnt_w > FG_FIFO_CNT_W_MAX) {
        if (msg) snprintf(msg, len, "fg_fifo: CNT_W = %d, legal range %d..%d", cfg->cnt_w, FG_FIFO_CNT_W_MIN,
                          FG_FIFO_CNT_W_MAX);
        return false;
    }
    return true;
}

void fg_fifo_reset(fg_fifo_state *st, const fg_fifo_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    fg_sat_counter_cfg ccfg = {.w = cfg->cnt_w, .aw = 1};
    fg_sat_counter_reset(&st->overflow_cnt, &ccfg);
    fg_sat_counter_reset(&st->underflow_cnt, &ccfg);
}

void fg_fifo_outputs(const fg_fifo_state *st, fg_fifo_out *out)
{
    out->rd_data = st->rd_data;
    out->count = st->count;
    out->full = st->count == (1u << st->cfg.depth_log2);
    out->empty = st->count == 0;
    out->stat_overflow = st->stat_overflow;
    out->stat_underflow = st->stat_underflow;
    out->overflow_cnt = st->overflow_cnt.count;
    out->underflow_cnt = st->underflow_cnt.count;
}

void fg_fifo_step(fg_fifo_state *st, const fg_fifo_in *in, fg_fifo_out *out)
{
    uint32_t depth = 1u << st->cfg.depth_log2;
    uint32_t ptr_mask = depth - 1u;
    bool rd_ok = in->rd_en && st->count > 0;
    bool wr_ok = in->wr_en && (st->count < depth || rd_ok);
    bool overflow = in->wr_en && !wr_ok;
    bool underflow = in->rd_en && !rd_ok;
    uint32_t old_count = st->count;
    uint64_t old_head_slot = st->rd_ptr;

    if (!in->wr_en && !in->rd_en)
        FG_COV(st, FG_FIFO_COV_IDLE);
    else if (wr_ok && rd_ok)
        FG_COV(st, old_count == depth ? FG_FIFO_COV_WRITE_FULL_READ : FG_FIFO_COV_WRITE_READ);
    else if (wr_ok)
        FG_COV(st, underflow ? FG_FIFO_COV_UNDERFLOW_WRITE : FG_FIFO_COV_WRITE);
    else if (rd_ok)
        FG_COV(st, FG_FIFO_COV_READ);
    if (overflow) FG_COV(st, FG_FIFO_COV_OVERFLOW);
    if (underflow) FG_COV(st, FG_FIFO_COV_UNDERFLOW);
    if (in->clr_stats) FG_COV(st, FG_FIFO_COV_CLR_STATS);

#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: the new head is looked up before this edge's
     * write lands, so a word written into an empty FIFO (or behind a last word being read)
     * does not fall through; rd_data shows a stale memory entry. */
    uint64_t stale_head = st->mem[(st->rd_ptr + (rd_ok ? 1u : 0u)) & ptr_mask];
#endif
    /* The write lands in memory first; the head is then read from memory, so a word written
     * on this edge into the head slot falls through without a special case. */
    if (wr_ok) {
        st->mem[st->wr_ptr] = in->wr_data & fg_mask(st->cfg.width);
        if (st->wr_ptr == ptr_mask) FG_COV(st, FG_FIFO_COV_WRAP);
        st->wr_ptr = (st->wr_ptr + 1u) & ptr_mask;
    }
    if (rd_ok) st->rd_ptr = (st->rd_ptr + 1u) & ptr_mask;
    st->count = old_count + (wr_ok ? 1u : 0u) - (rd_ok ? 1u : 0u);
    if (st->count > 0) {
        /* The head changed when a read moved the pointer or the FIFO was empty. */
        if (old_count == 0 || st->rd_ptr != old_head_slot) {
            uint64_t head = st->mem[st->rd_ptr];
#ifdef FG_INJECT_BUG
            head = stale_head;
#endif
            if (wr_ok && ((st->wr_ptr - 1u) & ptr_mask) == st->rd_ptr) FG_COV(st, FG_FIFO_COV_FALL_THROUGH);
            st->rd_data = head;
        }
    }
    if (st->count == depth && old_count != depth) FG_COV(st, FG_FIFO_COV_BECOME_FULL);
    if (st->count == 0 && old_count != 0) FG_COV(st, FG_FIFO_COV_BECOME_EMPTY);

    fg_sat_counter_in cin = {.clr = in->clr_stats, .inc = overflow, .inc_amt = 1, .dec = false, .dec_amt = 0};
    fg_sat_counter_out cout;
    fg_sat_counter_step(&st->overflow_cnt, &cin, &cout);
    if (cout.stat_overflow) FG_COV(st, FG_FIFO_COV_DROP_CNT_SATURATED);
    cin.inc = underflow;
    fg_sat_counter_step(&st->underflow_cnt, &cin, &cout);
    if (cout.stat_overflow) FG_COV(st, FG_FIFO_COV_DROP_CNT_SATURATED);

    st->stat_overflow = overflow;
    st->stat_underflow = underflow;
    fg_fifo_outputs(st, out);
}
