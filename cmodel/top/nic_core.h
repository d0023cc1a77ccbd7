/* nic_core.h - C twin of rtl/top/fg_nic_core.v: one NIC port = the register block
 * fg_csr_nic, the CBFC sender fg_cbfc_tx (toward the switch), the PFT throttle fg_pft
 * (c = the sender's credits in use), the GFC rate adjuster fg_gfc_time and rate limiter
 * fg_rate_limiter, and the CBFC receiver fg_cbfc_rx (for what the NIC receives),
 * docs/blocks/nic_core.md.
 *
 * How they combine (one edge = every sub-block steps once, each from the others' registered
 * outputs before the edge):
 *   tx_start  = cbfc can_send AND pft allow AND NOT gfc_hold (all registers): the head packet
 *   may start now; gfc_hold = GFC_CTRL.gfc_enable AND NOT limiter allow (0 after reset, so
 *   GFC off is the port without GFC).
 *   GFC: fg_gfc_time turns the sender's registered FCCL/FCTBS into a rate every GFC_PERIOD
 *   (line rate when GFC is off); the limiter runs its token engine at that rate (gfc_mode 0,
 *   time-based) or its stage engine at the last stage received on rx_gfc_valid/rx_gfc_stage
 *   (gfc_mode 1, buffer-based); it counts every start (tx_pkt_start, L = tx_head_blocks).
 *   CBFC charges a packet's blocks when it starts (tx_pkt_start, FCTBS += tx_head_blocks);
 *   PFT gates packet starts; its flit_sent is tx_flit (every cell), so FI's idle cycles are
 *   counted from the last cell of a packet to the next start; flit_req = tx_head_valid.
 *   LFSR_SEED: a changed seed register is loaded into PFT's LFSR on the following edge.
 * Counters: PFT_STATE_CHANGES (stat_enter|stat_exit), PFT_THROTTLED (stat_throttled),
 * FLITS_SENT (tx_flit), NO_CREDIT (tx_head_valid && !can_send), GFC_WAIT (tx_head_valid &&
 * gfc_hold). */
#ifndef FG_NIC_CORE_H
#define FG_NIC_CORE_H

#include "common/fg_model.h"
#include "common/rate_limiter.h"
#include "csr/csr_nic.h"
#include "mac/cbfc_rx.h"
#include "mac/cbfc_tx.h"
#include "mac/gfc_time.h"
#include "nic/pft.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_NIC_CORE_COV_TX_START,      /* credits and PFT both allow a waiting packet */
    FG_NIC_CORE_COV_WAIT_CREDIT,   /* PFT allows, no credit */
    FG_NIC_CORE_COV_WAIT_PFT,      /* credit ok, PFT holds the packet back */
    FG_NIC_CORE_COV_WAIT_BOTH,     /* neither */
    FG_NIC_CORE_COV_SEED_RELOAD,   /* a new LFSR_SEED loaded into PFT */
    FG_NIC_CORE_COV_CONG_FT_FI,    /* a cycle Congested in each strategy x injection mode */
    FG_NIC_CORE_COV_CONG_FT_RI,
    FG_NIC_CORE_COV_CONG_AT_FI,
    FG_NIC_CORE_COV_CONG_AT_RI,
    FG_NIC_CORE_COV_GFC_START,      /* GFC on: a waiting packet allowed by all three gates */
    FG_NIC_CORE_COV_GFC_HOLD_TIME,  /* credit and PFT allow, the token bucket holds the start */
    FG_NIC_CORE_COV_GFC_HOLD_STAGE, /* credit and PFT allow, the stage engine holds the start */
    FG_NIC_CORE_COV_GFC_RATE_SCALED, /* time mode on: a new rate 0 < rate < C */
    FG_NIC_CORE_COV_GFC_RATE_FULL,  /* time mode on: a new rate capped at C */
    FG_NIC_CORE_COV_GFC_RATE_ZERO,  /* time mode on: a new rate 0 (no free credit) */
    FG_NIC_CORE_COV_GFC_RATE_OFF,   /* GFC off: a new rate = C */
    FG_NIC_CORE_COV_GFC_STAGE_RX,   /* a stage received */
    FG_NIC_CORE_COV_N
};
extern const char *const fg_nic_core_cov_names[FG_NIC_CORE_COV_N];

typedef struct {
    int sw;    /* RTL parameter SW: packet size width in blocks, 1..12 */
    int fw;    /* RTL parameter FW: width of rx_free_blocks, 1..24 */
    int cnt_w; /* RTL parameter CNT_W: counter width, 8..32 */
    int gfc_pipe; /* RTL parameter GFC_PIPE: PIPE of the GFC rate adjuster, 0..2 (the
                     limiter's is min(gfc_pipe, 1); the RTL's default is 2) */
} fg_nic_core_cfg;

typedef struct {
    bool csr_wr, csr_rd;
    uint16_t csr_addr;
    uint32_t csr_wdata;
    bool tx_head_valid;
    uint32_t tx_head_blocks;
    bool tx_pkt_start;
    bool tx_flit;
    bool rx_fccl_valid;
    uint32_t rx_fccl;
    bool rx_blocks_valid;
    uint32_t rx_blocks;
    uint32_t rx_free_blocks;
    bool rx_fccl_req;
    bool rx_gfc_valid;    /* buffer-based GFC: a stage received */
    uint8_t rx_gfc_stage; /* 5 bits */
} fg_nic_core_in;

typedef struct {
    bool csr_ready; /* the register bus takes an access (docs/registers_nic.md, "Bus") */
    uint32_t csr_rdata;
    bool tx_start;
    bool tx_fccl_valid;
    uint32_t tx_fccl;
    bool pft_congested;
    uint32_t credits_in_use, credits_avail, fccl, fctbs;
    bool cfg_error;
    uint32_t gfc_rate;  /* 17 bits, Q1.16 of line rate */
    uint8_t gfc_stage;  /* 5 bits */
    bool gfc_hold;
} fg_nic_core_out;

typedef struct {
    fg_nic_core_cfg cfg;
    fg_csr_nic_state csr;
    fg_cbfc_tx_state tx;
    fg_cbfc_rx_state rx;
    fg_pft_state pft;
    fg_gfc_time_state gfc_time;
    fg_rate_limiter_state gfc_lim;
    /* the sub-blocks' registered outputs before the next edge */
    fg_csr_nic_out csr_out;
    fg_cbfc_tx_out tx_out;
    fg_cbfc_rx_out rx_out;
    fg_pft_out pft_out;
    fg_gfc_time_out gfc_time_out;
    fg_rate_limiter_out gfc_lim_out;
    uint8_t gfc_stage;  /* the last stage received */
    uint32_t seed_seen; /* LFSR_SEED as of the last edge */
    bool seed_load;     /* load it into PFT on this edge */
    uint64_t cov[FG_NIC_CORE_COV_N];
} fg_nic_core_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_nic_core_cfg_error(const fg_nic_core_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_nic_core_reset(fg_nic_core_state *st, const fg_nic_core_cfg *cfg);
void fg_nic_core_step(fg_nic_core_state *st, const fg_nic_core_in *in, fg_nic_core_out *out);
void fg_nic_core_outputs(const fg_nic_core_state *st, fg_nic_core_out *out);

#ifdef __cplusplus
}
#endif
#endif
