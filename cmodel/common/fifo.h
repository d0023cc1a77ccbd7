/* fifo.h - C twin of rtl/common/fg_fifo.v: synchronous FIFO, first-word-fall-through with a
 * registered read port.
 *
 * 2^DEPTH_LOG2 entries of WIDTH bits. rd_data always shows the oldest entry while !empty
 * (first-word fall-through); it comes from a register, loaded on the edge that changes the
 * head, so a word written into an empty FIFO is visible after that one edge.
 * On one edge:
 *   rd_ok = rd_en && count > 0                 a read of an empty FIFO is ignored
 *   wr_ok = wr_en && (count < DEPTH || rd_ok)  a write to a full FIFO is ignored unless
 *                                              the same edge reads (the read frees a slot)
 *   count += wr_ok - rd_ok
 *   rd_data = the new head when count > 0, else it keeps its old value
 * stat_overflow / stat_underflow pulse for one cycle after an ignored write / read and are
 * counted by two saturating CNT_W-bit counters (fg_sat_counter), cleared by clr_stats
 * (an event on the clearing edge counts 1). full / empty / count are registered. */
#ifndef FG_FIFO_H
#define FG_FIFO_H

#include <stddef.h>

#include "common/fg_model.h"
#include "common/sat_counter.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_FIFO_WIDTH_MIN 1
#define FG_FIFO_WIDTH_MAX 64
#define FG_FIFO_DEPTH_LOG2_MIN 1
#define FG_FIFO_DEPTH_LOG2_MAX 12
#define FG_FIFO_CNT_W_MIN 1
#define FG_FIFO_CNT_W_MAX 62

typedef struct {
    int width;      /* RTL parameter WIDTH: 1..64 */
    int depth_log2; /* RTL parameter DEPTH_LOG2: 1..12 (2..4096 entries) */
    int cnt_w;      /* RTL parameter CNT_W: width of the drop counters, 1..62 */
} fg_fifo_cfg;

/* Returns true when cfg is legal; otherwise writes a message naming the field and its legal
 * range into msg (if msg != NULL) and returns false. */
bool fg_fifo_cfg_check(const fg_fifo_cfg *cfg, char *msg, size_t len);

enum {
    FG_FIFO_COV_IDLE,              /* neither wr_en nor rd_en */
    FG_FIFO_COV_WRITE,             /* write accepted, no read */
    FG_FIFO_COV_READ,              /* read accepted, no write */
    FG_FIFO_COV_WRITE_READ,        /* both accepted on one edge */
    FG_FIFO_COV_WRITE_FULL_READ,   /* write to a full FIFO accepted because of the read */
    FG_FIFO_COV_OVERFLOW,          /* write to a full FIFO ignored */
    FG_FIFO_COV_UNDERFLOW,         /* read of an empty FIFO ignored */
    FG_FIFO_COV_UNDERFLOW_WRITE,   /* read of an empty FIFO ignored while a write goes in */
    FG_FIFO_COV_FALL_THROUGH,      /* rd_data loaded with the word written on this edge */
    FG_FIFO_COV_BECOME_FULL,
    FG_FIFO_COV_BECOME_EMPTY,
    FG_FIFO_COV_WRAP,              /* write pointer wrapped from the last entry to 0 */
    FG_FIFO_COV_CLR_STATS,
    FG_FIFO_COV_DROP_CNT_SATURATED, /* an overflow or underflow counter was clipped */
    FG_FIFO_COV_N
};
extern const char *const fg_fifo_cov_names[FG_FIFO_COV_N];

typedef struct {
    fg_fifo_cfg cfg;
    uint64_t mem[1u << FG_FIFO_DEPTH_LOG2_MAX];
    uint32_t wr_ptr;
    uint32_t rd_ptr;
    uint32_t count;
    uint64_t rd_data;
    bool stat_overflow;
    bool stat_underflow;
    fg_sat_counter_state overflow_cnt;
    fg_sat_counter_state underflow_cnt;
    uint64_t cov[FG_FIFO_COV_N];
} fg_fifo_state;

typedef struct {
    bool wr_en;
    uint64_t wr_data; /* WIDTH bits */
    bool rd_en;
    bool clr_stats;
} fg_fifo_in;

typedef struct {
    uint64_t rd_data;
    bool full;
    bool empty;
    uint32_t count; /* DEPTH_LOG2+1 bits: 0..2^DEPTH_LOG2 */
    bool stat_overflow;
    bool stat_underflow;
    uint64_t overflow_cnt;
    uint64_t underflow_cnt;
} fg_fifo_out;

void fg_fifo_reset(fg_fifo_state *st, const fg_fifo_cfg *cfg);
void fg_fifo_step(fg_fifo_state *st, const fg_fifo_in *in, fg_fifo_out *out);
/* The registered outputs of the current state (after a reset: empty, rd_data 0). */
void fg_fifo_outputs(const fg_fifo_state *st, fg_fifo_out *out);

#ifdef __cplusplus
}
#endif
#endif
