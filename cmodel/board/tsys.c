/* tsys.c - C twin of rtl/board/fg_tsys.v (see tsys.h). */
#include "board/tsys.h"

#include <stdio.h>
#include <string.h>

const char *const fg_tsys_cov_names[FG_TSYS_COV_N] = {
    "offer",     "offer_wait", "gap",       "pause_held", "pause_react", "snapshot",        "snapshot_wait", "bad_source",
    "push",      "lost_full",  "grant",     "deq",         "link_multi_cell", "xoff",          "xon"};

bool fg_tsys_cfg_check(const fg_tsys_cfg *cfg, char *msg, size_t len)
{
    const char *field = NULL;
    int v = 0, lo = 0, hi = 0;
    if (cfg->n_ports < 1 || cfg->n_ports > FG_TSYS_MAX_PORTS)
        field = "n_ports", v = cfg->n_ports, lo = 1, hi = FG_TSYS_MAX_PORTS;
    else if (cfg->n_prio < 1 || cfg->n_prio > FG_TSYS_MAX_PRIO)
        field = "n_prio", v = cfg->n_prio, lo = 1, hi = FG_TSYS_MAX_PRIO;
    else if (cfg->sw < 8 || cfg->sw > 16)
        field = "sw", v = cfg->sw, lo = 8, hi = 16;
    else if (cfg->eq_depth_log2 < 1 || cfg->eq_depth_log2 > FG_TSYS_DEPTH_LOG2_MAX)
        field = "eq_depth_log2", v = cfg->eq_depth_log2, lo = 1, hi = FG_TSYS_DEPTH_LOG2_MAX;
    if (field == NULL) return true;
    if (msg != NULL && len > 0) snprintf(msg, len, "tsys: %s = %d outside %d..%d", field, v, lo, hi);
    return false;
}

void fg_tsys_reset(fg_tsys_state *st, const fg_tsys_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    int pw = 1;
    while ((1 << pw) < cfg->n_ports) pw++;
    st->pw = pw;
    /* the RAM's contents are not reset in the RTL; nothing reads a word before it is written
     * (deq_src and deq_cells are 0 without their deq) */
}

void fg_tsys_outputs(const fg_tsys_state *st, fg_tsys_out *out)
{
    const int n = st->cfg.n_ports;
    const uint32_t pmask = (1u << st->pw) - 1u;
    for (int i = 0; i < n; i++) {
        out->enq_valid[i] = st->r.offer[i];
        out->enq_prio[i] = st->r.snap_prio[i];
        out->enq_dst[i] = st->r.snap_dst[i];
        out->enq_cells[i] = st->r.snap_cells[i];
        out->enq_ect[i] = st->r.snap_ect[i];
        out->deq_valid[i] = st->r.pend2[i];
        out->deq_prio[i] = st->r.prio2[i];
        out->deq_src[i] = st->r.pend2[i] ? (st->r.ram_rdata[i] & pmask) : 0;
        out->deq_cells[i] = st->r.pend2[i] ? ((st->r.ram_rdata[i] >> st->pw) & 0xFFu) : 0;
        out->link_idle[i] = !st->r.busy[i];
        out->tx_ctrl_ack[i] = st->r.ack[i];
        out->stat_sent[i] = st->r.sent[i];
        out->stat_dropped[i] = st->r.dropped[i];
        out->stat_delivered[i] = st->r.deliv[i];
        out->stat_xoff[i] = st->r.xoff[i];
        out->stat_xon[i] = st->r.xon[i];
        out->stat_paused[i] = st->r.paused_st[i];
        out->stat_lost[i] = st->r.lost[i];
    }
}

void fg_tsys_step(fg_tsys_state *st, const fg_tsys_in *in, fg_tsys_out *out)
{
    const int n = st->cfg.n_ports, np = st->cfg.n_prio, d = st->cfg.eq_depth_log2;
    const uint32_t pmask = (1u << st->pw) - 1u;
    const uint32_t dmask = (2u << d) - 1u; /* D+1 bits */
    const uint32_t depth = 1u << d;
    const fg_tsys_regs old = st->r; /* the registers as they were before this edge */

    /* ---- sources */
    for (int i = 0; i < n; i++) {
        const bool taken = old.offer[i] && in->enq_ready[i];
        const bool verdict = in->enq_accept[i] || in->enq_drop[i];
        const bool pg_paused = old.snap_prio[i] < (uint32_t)np && in->paused[i * np + (int)old.snap_prio[i]];
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the pause stops a source one cycle late. */
        const bool stopped = pg_paused && old.react_cnt[i] > in->react;
#else
        const bool stopped = pg_paused && old.react_cnt[i] >= in->react;
#endif
        const bool can_offer = in->run && old.snap_ok[i] && !stopped;
        if (pg_paused && !stopped && in->run && old.snap_ok[i]) FG_COV(st, FG_TSYS_COV_PAUSE_REACT);
        st->r.react_cnt[i] = !pg_paused ? 0u : (old.react_cnt[i] >= in->react ? old.react_cnt[i] : old.react_cnt[i] + 1u);
        st->r.sent[i] = taken;
        if (taken) {
            FG_COV(st, FG_TSYS_COV_OFFER);
            st->r.offer[i] = old.snap_gap[i] == 0 && can_offer;
            /* SRC_GAP idle cycles before the next offer */
            st->r.gap_cnt[i] = old.snap_gap[i] ? old.snap_gap[i] - 1u : 0u;
        } else {
            if (old.offer[i]) FG_COV(st, FG_TSYS_COV_OFFER_WAIT);
            if (!old.offer[i] && old.gap_cnt[i] == 0 && can_offer) st->r.offer[i] = true;
            if (old.gap_cnt[i] != 0) {
                st->r.gap_cnt[i] = old.gap_cnt[i] - 1u;
                FG_COV(st, FG_TSYS_COV_GAP);
            }
        }
        st->r.paused_st[i] = !old.offer[i] && old.gap_cnt[i] == 0 && in->run && old.snap_ok[i] && !can_offer;
        if (st->r.paused_st[i]) FG_COV(st, FG_TSYS_COV_PAUSE_HELD);
        st->r.inflight[i] = (old.inflight[i] + (taken ? 1u : 0u) - (verdict ? 1u : 0u)) & 31u;
        st->r.dropped[i] = in->enq_drop[i];
        if (!in->run && !old.offer[i] && old.inflight[i] == 0) {
            const uint32_t dst = in->src_dst[i] & 31u, prio = in->src_prio[i] & 7u;
            st->r.snap_ok[i] = in->src_enable[i] && dst < (uint32_t)n && prio < (uint32_t)np;
            if (in->src_enable[i] && !st->r.snap_ok[i]) FG_COV(st, FG_TSYS_COV_BAD_SOURCE);
            st->r.snap_ect[i] = in->src_ect[i];
            st->r.snap_prio[i] = prio;
            st->r.snap_dst[i] = dst & pmask;
            st->r.snap_cells[i] = in->src_cells[i] & 0xFFu;
            st->r.snap_gap[i] = in->src_gap[i] & 0xFFFFu;
            if (in->src_enable[i]) FG_COV(st, FG_TSYS_COV_SNAPSHOT);
        } else if (!in->run && (old.offer[i] || old.inflight[i] != 0)) {
            FG_COV(st, FG_TSYS_COV_SNAPSHOT_WAIT);
        }
    }

    /* ---- egress queues: the lowest accepted verdict is pushed, the others are lost */
    bool push = false;
    uint32_t push_src = 0;
    bool lost[FG_TSYS_MAX_PORTS] = {false};
    for (int j = n - 1; j >= 0; j--)
        if (in->enq_accept[j]) push = true, push_src = (uint32_t)j;
    for (int j = 0; j < n; j++) {
        if (in->enq_accept[j] && (uint32_t)j != push_src && old.snap_dst[j] < (uint32_t)n) {
            lost[old.snap_dst[j]] = true; /* never with the line-rate core: one verdict an edge */
        }
    }
    const uint32_t push_dst = old.snap_dst[push_src], push_prio = old.snap_prio[push_src];
    const uint16_t push_word = (uint16_t)((old.snap_cells[push_src] << st->pw) | push_src);
    int we_port = -1;
    uint32_t waddr = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < np; k++) {
            const uint32_t hd = old.head[i][k], tl = old.tail[i][k];
            if (push && push_dst == (uint32_t)i && push_prio == (uint32_t)k) {
                if (((tl - hd) & dmask) == depth) {
                    lost[i] = true;
                    FG_COV(st, FG_TSYS_COV_LOST_FULL);
                } else {
                    we_port = i;
                    waddr = ((uint32_t)k << d) | (tl & (depth - 1u));
                    st->r.tail[i][k] = (tl + 1u) & dmask;
                    FG_COV(st, FG_TSYS_COV_PUSH);
                }
            }
        }
        /* the read of this edge: addressed by the grant's priority (0 when it names none) */
        const uint32_t gp = in->grant_prio[i];
        uint32_t raddr = 0;
        if (gp < (uint32_t)np) {
            raddr = (gp << d) | (old.head[i][gp] & (depth - 1u));
            if (in->grant_valid[i]) st->r.head[i][gp] = (old.head[i][gp] + 1u) & dmask;
        }
        if (in->grant_valid[i]) FG_COV(st, FG_TSYS_COV_GRANT);
        /* a read the deq will use, of the word written on this edge (its value undefined in the RTL) */
        if (we_port == i && waddr == raddr && in->grant_valid[i]) st->ram_collisions++;
        st->r.ram_rdata[i] = old.ram_r1[i];
        st->r.ram_r1[i] = st->ram[i][raddr];
        /* the link */
        const uint32_t deq_cells = old.pend2[i] ? ((old.ram_rdata[i] >> st->pw) & 0xFFu) : 0u;
        if (in->grant_valid[i]) {
            st->r.busy[i] = true;
            st->r.waitd[i] = true;
        } else if (old.waitd[i]) {
            if (old.pend2[i]) {
                st->r.waitd[i] = false;
                st->r.cells_left[i] = deq_cells;
                st->r.cyc_left[i] = (in->cell_cycles - 1u) & 0xFFu;
            }
        } else if (old.busy[i]) {
            if (old.cyc_left[i] == 0) {
                if (old.cells_left[i] <= 1) {
                    st->r.busy[i] = false;
                } else {
                    st->r.cells_left[i] = old.cells_left[i] - 1u;
                    st->r.cyc_left[i] = (in->cell_cycles - 1u) & 0xFFu;
                    FG_COV(st, FG_TSYS_COV_LINK_MULTI_CELL);
                }
            } else {
                st->r.cyc_left[i] = old.cyc_left[i] - 1u;
            }
        }
        st->r.pend1[i] = in->grant_valid[i];
        st->r.prio1[i] = in->grant_prio[i] & 7u;
        st->r.pend2[i] = old.pend1[i];
        st->r.prio2[i] = old.prio1[i];
        st->r.deliv[i] = old.pend2[i];
        if (old.pend2[i]) FG_COV(st, FG_TSYS_COV_DEQ);
        /* PFC frame requests: taken on the edge after they appear */
        st->r.ack[i] = in->tx_ctrl_valid[i] && !old.ack[i];
        const bool taking = old.ack[i] && in->tx_ctrl_valid[i] && !in->tx_ctrl_gfc[i];
        st->r.xoff[i] = taking && (in->tx_ctrl_xoff[i] & 0xFFu) != 0;
        st->r.xon[i] = taking && (in->tx_ctrl_xoff[i] & 0xFFu) == 0;
        if (st->r.xoff[i]) FG_COV(st, FG_TSYS_COV_XOFF);
        if (st->r.xon[i]) FG_COV(st, FG_TSYS_COV_XON);
    }
    if (we_port >= 0) st->ram[we_port][waddr] = push_word;
    for (int i = 0; i < n; i++) st->r.lost[i] = lost[i];
    if (out != NULL) fg_tsys_outputs(st, out);
}
