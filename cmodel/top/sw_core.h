/* sw_core.h - C twin of rtl/top/fg_sw_core.v: the switch core (buffer manager, PFC
 * generation, PFC receive timers, egress start gates and the register block) of
 * docs/ARCHITECTURE.md section 5, as one block with the usual cycle contract.
 *
 * The core holds no packet data: the environment tells it what arrives (enq) and what
 * leaves (deq), hands it decoded received PFC frames (rx_pfc_*), takes its PFC frame
 * requests (tx_ctrl_*) and starts a packet of EQ(o, grant_prio) when it sees grant_valid.
 * Inside, each sub-block sees the other sub-blocks' registered outputs of the previous
 * edge, exactly as the RTL wires them. */
#ifndef FG_SW_CORE_H
#define FG_SW_CORE_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_SW_MAX_PORTS 32
#define FG_SW_MAX_PRIO 8

typedef struct {
    int n_ports; /* RTL parameter N_PORTS (1..32) */
    int n_prio;  /* RTL parameter N_PRIO (1..8) */
    int cw;      /* RTL parameter CW, cell-count width (default 18) */
    int sw;      /* RTL parameter SW, packet-size-in-cells width (default 8) */
    int no_ppfc; /* 1: RTL parameter PPFC = 0 (the P-PFC engine left out); 0: PPFC = 1 */
    int ppfc_lanes; /* RTL parameter PPFC_LANES (fg_ppfc CAND_LANES), 1..n_ports; 0 = 1 */
    int line_rate;    /* RTL parameter LINE_RATE: 1 the line-rate buffer manager and marker (fg_bm_pipe,
                     * fg_ecn_mark, fg_sw_admit; P-PFC as fg_ppfc_snap, fg_comp_bank, fg_ppfc_decide,
                     * cw <= 19), 2 the same with the compact fg_bm_seq (needs no_gfc = 1 and
                     * no_ppfc = 1), 0 fg_bm and fg_ecn_red */
    int no_gfc;     /* 1: RTL parameter GFC = 0 (no stage generators or limiters; GFC_CTRL has no effect) */
    int no_ecn;     /* 1: RTL parameter ECN = 0 (no marker: enq_mark = 0) */
    int no_stats;   /* 1: RTL parameter STATS = 0 (no statistics counters: every counter reads 0) */
} fg_sw_core_cfg;

typedef struct {
    /* register bus (docs/registers.md) */
    bool csr_wr, csr_rd;
    uint16_t csr_addr;
    uint32_t csr_wdata;
    /* per ingress port: a packet arrives (line_rate: offered until an edge where enq_ready was 1) */
    bool enq_valid[FG_SW_MAX_PORTS];
    uint8_t enq_prio[FG_SW_MAX_PORTS];
    uint8_t enq_dst[FG_SW_MAX_PORTS];
    uint16_t enq_cells[FG_SW_MAX_PORTS];
    bool enq_ect[FG_SW_MAX_PORTS]; /* the packet is ECN-capable */
    /* per egress port: a packet of EQ(o, deq_prio) from ingress deq_src leaves */
    bool deq_valid[FG_SW_MAX_PORTS];
    uint8_t deq_prio[FG_SW_MAX_PORTS];
    uint8_t deq_src[FG_SW_MAX_PORTS];
    uint16_t deq_cells[FG_SW_MAX_PORTS];
    /* per port: a PFC/PAUSE frame received on that port (decoded by fg_pfc_rx) */
    bool rx_pfc_valid[FG_SW_MAX_PORTS];
    uint8_t rx_pfc_cev[FG_SW_MAX_PORTS];
    uint16_t rx_pfc_time[FG_SW_MAX_PORTS][8];
    bool rx_pfc_bad[FG_SW_MAX_PORTS]; /* a malformed control frame was received (counted) */
    /* per port: a GFC frame received (instead of rx_pfc_valid): classes in rx_pfc_cev, the
     * stage of class p in rx_pfc_time[p] (above 31 counts as 31) */
    bool rx_gfc_valid[FG_SW_MAX_PORTS];
    /* per port: the serialiser took the pending PFC frame request this cycle */
    bool tx_ctrl_ack[FG_SW_MAX_PORTS];
    /* per port: the egress link can start a packet */
    bool link_idle[FG_SW_MAX_PORTS];
    /* per EQ (o, p): an outside flow control (CBFC credits, GFC rate limiters) holds it; OR-ed
     * with the PFC tx_paused into the egress start gate only (tx_paused is unchanged) */
    bool tx_hold[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
} fg_sw_core_in;

typedef struct {
    bool csr_ready; /* the register bus takes an access (docs/registers.md, "Bus") */
    uint32_t csr_rdata;
    bool cfg_error; /* sticky illegal-write flag */
    /* configuration the serialisers outside the core need */
    uint16_t cfg_pause_quanta;
    uint64_t cfg_src_mac;
    bool cfg_mode_8023x;
    bool cfg_gfc_enable; /* GFC_CTRL.gfc_enable (for fg_pfc_rx.cfg_accept_gfc); 0 when no_gfc */
    /* per port: the holding register takes an offer / a release (line_rate; else always 1) */
    bool enq_ready[FG_SW_MAX_PORTS];
    bool deq_ready[FG_SW_MAX_PORTS];
    /* admission verdict: for the enq of the previous edge; line_rate: for the port's oldest taken
     * offer without one, at most one port per edge */
    bool enq_accept[FG_SW_MAX_PORTS];
    bool enq_drop[FG_SW_MAX_PORTS];
    uint8_t enq_where[FG_SW_MAX_PORTS]; /* 0 reserve, 1 shared, 2 headroom, 3 dropped */
    bool enq_mark[FG_SW_MAX_PORTS];     /* admitted and CE-marked (ECN) */
    bool stat_drop[FG_SW_MAX_PORTS];
    bool stat_violation[FG_SW_MAX_PORTS];
    /* ingress PG pause state (what this switch asks its upstream to do) */
    bool paused[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    /* PFC frame request per port: classes and which of them are XOFF (time = quanta) */
    bool tx_ctrl_valid[FG_SW_MAX_PORTS];
    uint8_t tx_ctrl_cev[FG_SW_MAX_PORTS];
    uint8_t tx_ctrl_xoff[FG_SW_MAX_PORTS];
    /* pause time per class of that request (XON 0, standard XOFF PAUSE_QUANTA, predictive
     * XOFF its own quanta) and its predictive XOFF classes (a subset of tx_ctrl_xoff) */
    uint16_t tx_ctrl_time[FG_SW_MAX_PORTS][8];
    uint8_t tx_ctrl_pred[FG_SW_MAX_PORTS];
    /* the pending request is a GFC frame (opcode 0x0102): tx_ctrl_time[k] = stage id of the
     * classes in tx_ctrl_cev, tx_ctrl_xoff = tx_ctrl_pred = 0 */
    bool tx_ctrl_gfc[FG_SW_MAX_PORTS];
    /* GFC: stage of ingress PG (i, p); stage received for EQ (o, p); EQ held by its limiter */
    uint8_t gfc_pg_stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint8_t gfc_rx_stage[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    bool gfc_hold[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    /* predictive pause issued for PG (i, p) by the P-PFC engine (one-cycle pulse) */
    bool stat_pp[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    /* egress gating from received PFC (what the downstream asked of this switch) */
    bool tx_paused[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    /* start the head packet of EQ(o, grant_prio) */
    bool grant_valid[FG_SW_MAX_PORTS];
    uint8_t grant_prio[FG_SW_MAX_PORTS];
    /* occupancy (cells) */
    uint32_t ingress_cnt[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint32_t hdrm_cnt[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint32_t egress_cnt[FG_SW_MAX_PORTS][FG_SW_MAX_PRIO];
    uint32_t shared_used;
} fg_sw_core_out;

typedef struct fg_sw_core_state fg_sw_core_state;

/* 0 when cfg is legal (the core's own fields and every block's parameters), else -1 and a
 * message naming the field, its value and its legal range. */
int fg_sw_core_check_cfg(const fg_sw_core_cfg *cfg, char *msg, size_t n);
/* The state embeds every sub-block's state; it is allocated here (zeroed). NULL when
 * fg_sw_core_check_cfg refuses cfg (or memory runs out): a model never aborts on its input. */
fg_sw_core_state *fg_sw_core_create(const fg_sw_core_cfg *cfg);
void fg_sw_core_free(fg_sw_core_state *st);
/* 0, or -1 with the state untouched when fg_sw_core_check_cfg refuses cfg. */
int fg_sw_core_reset(fg_sw_core_state *st, const fg_sw_core_cfg *cfg);
void fg_sw_core_step(fg_sw_core_state *st, const fg_sw_core_in *in, fg_sw_core_out *out);
/* The registered outputs as they stand now (after a reset: the reset values). */
void fg_sw_core_outputs(const fg_sw_core_state *st, fg_sw_core_out *out);
/* line_rate 1 with P-PFC: the ops the composition counters could not apply exactly since the
 * last reset (fg_comp_bank's stat_close, stat_early, stat_bad pulses: two ops on one key
 * closer than three edges, an op before the bank is ready, an op naming no key); 0 in a sound
 * core, and in every other form. */
uint64_t fg_sw_core_comp_faults(const fg_sw_core_state *st);

#ifdef __cplusplus
}
#endif
#endif
