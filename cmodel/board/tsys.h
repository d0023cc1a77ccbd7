/* tsys.h - C twin of rtl/board/fg_tsys.v: the on-board test system around a line-rate switch
 * core - traffic sources on the ingress ports, egress queues and links, counter pulses
 * (docs/boards.md; the RTL header says what each part does, and this model does it on the
 * same edges). The egress queues of port o are one fg_ram_1r1w: a read addressed in the cycle
 * before edge e gives its word after edge e + 1, as the word stood before e. */
#ifndef FG_TSYS_H
#define FG_TSYS_H

#include <stddef.h>

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_TSYS_MAX_PORTS 32
#define FG_TSYS_MAX_PRIO 8
#define FG_TSYS_DEPTH_LOG2_MAX 9

typedef struct {
    int n_ports;       /* 1..32 */
    int n_prio;        /* 1..8 */
    int sw;            /* the core's packet-size width, 8..16 */
    int eq_depth_log2; /* 1..9 */
} fg_tsys_cfg;

bool fg_tsys_cfg_check(const fg_tsys_cfg *cfg, char *msg, size_t len);

enum {
    FG_TSYS_COV_OFFER,          /* an offer taken */
    FG_TSYS_COV_OFFER_WAIT,     /* an offer held for enq_ready */
    FG_TSYS_COV_GAP,            /* a source waited its gap */
    FG_TSYS_COV_PAUSE_HELD,     /* a source held by the pause */
    FG_TSYS_COV_PAUSE_REACT,    /* a pause within the reaction time (offers go on) */
    FG_TSYS_COV_SNAPSHOT,       /* settings taken while stopped */
    FG_TSYS_COV_SNAPSHOT_WAIT,  /* stopped with an offer in flight: settings not taken */
    FG_TSYS_COV_BAD_SOURCE,     /* an enabled source whose prio or dst names nothing */
    FG_TSYS_COV_PUSH,
    FG_TSYS_COV_LOST_FULL,
    FG_TSYS_COV_GRANT,
    FG_TSYS_COV_DEQ,
    FG_TSYS_COV_LINK_MULTI_CELL, /* a link counted down more than one cell */
    FG_TSYS_COV_XOFF,
    FG_TSYS_COV_XON,
    FG_TSYS_COV_N
};
extern const char *const fg_tsys_cov_names[FG_TSYS_COV_N];

typedef struct {
    bool run;
    uint32_t cell_cycles; /* 8 bits */
    uint32_t react;       /* 16 bits */
    bool src_enable[FG_TSYS_MAX_PORTS];
    bool src_ect[FG_TSYS_MAX_PORTS];
    uint32_t src_prio[FG_TSYS_MAX_PORTS];  /* 3 bits */
    uint32_t src_dst[FG_TSYS_MAX_PORTS];   /* 5 bits */
    uint32_t src_cells[FG_TSYS_MAX_PORTS]; /* 8 bits */
    uint32_t src_gap[FG_TSYS_MAX_PORTS];   /* 16 bits */
    /* the core */
    bool enq_ready[FG_TSYS_MAX_PORTS];
    bool enq_accept[FG_TSYS_MAX_PORTS];
    bool enq_drop[FG_TSYS_MAX_PORTS];
    bool paused[FG_TSYS_MAX_PORTS * FG_TSYS_MAX_PRIO];
    bool grant_valid[FG_TSYS_MAX_PORTS];
    uint32_t grant_prio[FG_TSYS_MAX_PORTS];
    bool tx_ctrl_valid[FG_TSYS_MAX_PORTS];
    uint32_t tx_ctrl_xoff[FG_TSYS_MAX_PORTS];
    bool tx_ctrl_gfc[FG_TSYS_MAX_PORTS];
} fg_tsys_in;

typedef struct {
    bool enq_valid[FG_TSYS_MAX_PORTS];
    uint32_t enq_prio[FG_TSYS_MAX_PORTS];
    uint32_t enq_dst[FG_TSYS_MAX_PORTS];
    uint32_t enq_cells[FG_TSYS_MAX_PORTS];
    bool enq_ect[FG_TSYS_MAX_PORTS];
    bool deq_valid[FG_TSYS_MAX_PORTS];
    uint32_t deq_prio[FG_TSYS_MAX_PORTS];
    uint32_t deq_src[FG_TSYS_MAX_PORTS];
    uint32_t deq_cells[FG_TSYS_MAX_PORTS];
    bool link_idle[FG_TSYS_MAX_PORTS];
    bool tx_ctrl_ack[FG_TSYS_MAX_PORTS];
    bool stat_sent[FG_TSYS_MAX_PORTS], stat_dropped[FG_TSYS_MAX_PORTS], stat_delivered[FG_TSYS_MAX_PORTS];
    bool stat_xoff[FG_TSYS_MAX_PORTS], stat_xon[FG_TSYS_MAX_PORTS], stat_paused[FG_TSYS_MAX_PORTS];
    bool stat_lost[FG_TSYS_MAX_PORTS];
} fg_tsys_out;

/* the registers (everything but the RAM's array): fg_tsys_step reads them as they were before
 * the edge from a copy of this part alone */
typedef struct {
    /* sources */
    bool snap_ok[FG_TSYS_MAX_PORTS], snap_ect[FG_TSYS_MAX_PORTS];
    uint32_t snap_prio[FG_TSYS_MAX_PORTS], snap_dst[FG_TSYS_MAX_PORTS], snap_cells[FG_TSYS_MAX_PORTS],
        snap_gap[FG_TSYS_MAX_PORTS];
    bool offer[FG_TSYS_MAX_PORTS];
    uint32_t gap_cnt[FG_TSYS_MAX_PORTS], react_cnt[FG_TSYS_MAX_PORTS], inflight[FG_TSYS_MAX_PORTS];
    bool sent[FG_TSYS_MAX_PORTS], dropped[FG_TSYS_MAX_PORTS], paused_st[FG_TSYS_MAX_PORTS], lost[FG_TSYS_MAX_PORTS];
    /* egress: per EQ head and tail (D+1 bits), per port the RAM read's two stages */
    uint32_t head[FG_TSYS_MAX_PORTS][FG_TSYS_MAX_PRIO], tail[FG_TSYS_MAX_PORTS][FG_TSYS_MAX_PRIO];
    uint32_t ram_r1[FG_TSYS_MAX_PORTS], ram_rdata[FG_TSYS_MAX_PORTS];
    bool pend1[FG_TSYS_MAX_PORTS], pend2[FG_TSYS_MAX_PORTS];
    uint32_t prio1[FG_TSYS_MAX_PORTS], prio2[FG_TSYS_MAX_PORTS];
    bool busy[FG_TSYS_MAX_PORTS], waitd[FG_TSYS_MAX_PORTS];
    uint32_t cells_left[FG_TSYS_MAX_PORTS], cyc_left[FG_TSYS_MAX_PORTS];
    bool deliv[FG_TSYS_MAX_PORTS];
    bool ack[FG_TSYS_MAX_PORTS], xoff[FG_TSYS_MAX_PORTS], xon[FG_TSYS_MAX_PORTS];
} fg_tsys_regs;

typedef struct {
    fg_tsys_cfg cfg;
    int pw; /* clog2(n_ports), at least 1 */
    fg_tsys_regs r;
    uint16_t ram[FG_TSYS_MAX_PORTS][FG_TSYS_MAX_PRIO << FG_TSYS_DEPTH_LOG2_MAX]; /* per port: {cells, source} */
    uint64_t ram_collisions; /* grants whose read hit the word written on the same edge (undefined in the RTL):
                              * must stay 0; cleared by a reset like every other member but cov */
    uint64_t cov[FG_TSYS_COV_N];
} fg_tsys_state;

void fg_tsys_reset(fg_tsys_state *st, const fg_tsys_cfg *cfg);
void fg_tsys_step(fg_tsys_state *st, const fg_tsys_in *in, fg_tsys_out *out);
void fg_tsys_outputs(const fg_tsys_state *st, fg_tsys_out *out);

#ifdef __cplusplus
}
#endif
#endif
