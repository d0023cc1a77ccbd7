/* counter_bank.h - C twin of rtl/common/fg_counter_bank.v: N_KIND x N_PORTS saturating event
 * counters whose words live in block RAM, flushed by a scanner (docs/blocks/counter_bank.md).
 *
 * Counter k = kind * n_ports + port. Each keeps a pending count of its events; a scanner
 * visits k = 0, 1, .., NC-1, 0, .. (NC = n_kind * n_ports), one per edge:
 *   edge s   snapshot: S1 = {k, pend[k] (0 if clr[k] now), cleared[k] | clr[k], word[k]};
 *            pend[k] = ev[k]
 *   edge s+3 write-back: word[k] = min((cleared ? 0 : word) + snap, 2^cnt_w - 1);
 *            cleared[k] = 0 unless clr[k] on that edge or on s+1 or s+2 (a clear after the
 *            visit stays until the next visit's write-back)
 * clr[k] (a committed register write) sets pend[k] to that edge's event and cleared[k].
 * Read: rd_kind/rd_port before edge e -> rd_count after e + 1 = the word after e, or 0 if
 * cleared[k] after e or the index is outside the bank. */
#ifndef FG_COUNTER_BANK_H
#define FG_COUNTER_BANK_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_COUNTER_BANK_MAX_KIND 16
#define FG_COUNTER_BANK_MAX_PORTS 32
#define FG_COUNTER_BANK_MAX_NC (FG_COUNTER_BANK_MAX_KIND * FG_COUNTER_BANK_MAX_PORTS)
#define FG_COUNTER_BANK_MIN_NC 4
#define FG_COUNTER_BANK_CNT_W_MAX 32

typedef struct {
    int n_kind;  /* RTL parameter N_KIND, 1..16 */
    int n_ports; /* RTL parameter N_PORTS, 1..32; n_kind * n_ports >= 4 */
    int cnt_w;   /* RTL parameter CNT_W, 1..32 */
} fg_counter_bank_cfg;

/* Returns true when cfg is legal; otherwise writes a message naming the field and its legal
 * range into msg (if msg != NULL) and returns false. */
bool fg_counter_bank_cfg_check(const fg_counter_bank_cfg *cfg, char *msg, size_t len);

enum {
    FG_COUNTER_BANK_COV_SNAPSHOT_EVENTS,    /* a visit that moved events into a word */
    FG_COUNTER_BANK_COV_PEND_FULL,          /* a visit found NC events waiting (one every edge) */
    FG_COUNTER_BANK_COV_SATURATED,          /* a write-back clipped at 2^cnt_w - 1 */
    FG_COUNTER_BANK_COV_CLEAR,              /* a clear */
    FG_COUNTER_BANK_COV_CLEAR_WITH_EVENT,   /* a clear with an event of the same counter */
    FG_COUNTER_BANK_COV_CLEAR_AT_SNAPSHOT,  /* a clear on the edge its counter is visited */
    FG_COUNTER_BANK_COV_CLEAR_AT_WRITEBACK, /* a clear on the edge its counter is written back */
    FG_COUNTER_BANK_COV_CLEAR_IN_FLIGHT,    /* a clear between the visit and the write-back */
    FG_COUNTER_BANK_COV_READ_CLEARED,       /* a read of a counter still marked cleared */
    FG_COUNTER_BANK_COV_READ_BYPASS,        /* a read on the edge its word is written back */
    FG_COUNTER_BANK_COV_READ_OUTSIDE,       /* a read of an index outside the bank */
    FG_COUNTER_BANK_COV_READ_NONZERO,       /* a read that returned a count above 0 */
    FG_COUNTER_BANK_COV_N
};
extern const char *const fg_counter_bank_cov_names[FG_COUNTER_BANK_COV_N];

/* One stage of the write-back pipeline. */
typedef struct {
    bool valid;
    int idx;
    uint32_t snap;
    bool clr;
    bool stale;    /* cleared after the visit: the write-back does not end that clear */
    uint32_t word; /* S1, S2: the word read at the visit; S3: the value to write */
} fg_counter_bank_stage;

typedef struct {
    fg_counter_bank_cfg cfg;
    int sc; /* the counter visited on the next edge */
    uint32_t pend[FG_COUNTER_BANK_MAX_NC];
    bool cleared[FG_COUNTER_BANK_MAX_NC];
    uint32_t word[FG_COUNTER_BANK_MAX_NC];
    fg_counter_bank_stage s1, s2, s3;
    bool rd1_in, rd2_in, rd2_clr; /* the read: index and word after e, then the flag */
    int rd1_idx;
    uint32_t rd1_word, rd2_word;
    int sat_idx; /* the counter whose value the last edge clipped into S3, or -1 */
    uint64_t cov[FG_COUNTER_BANK_COV_N];
} fg_counter_bank_state;

typedef struct {
    bool ev[FG_COUNTER_BANK_MAX_NC];
    bool clr[FG_COUNTER_BANK_MAX_NC];
    uint32_t rd_kind;
    uint32_t rd_port;
} fg_counter_bank_in;

typedef struct {
    uint32_t rd_count;
} fg_counter_bank_out;

/* Returns -1 (and changes nothing) when cfg is illegal. */
int fg_counter_bank_reset(fg_counter_bank_state *st, const fg_counter_bank_cfg *cfg);
void fg_counter_bank_step(fg_counter_bank_state *st, const fg_counter_bank_in *in, fg_counter_bank_out *out);
void fg_counter_bank_outputs(const fg_counter_bank_state *st, fg_counter_bank_out *out);

#ifdef __cplusplus
}
#endif
#endif
