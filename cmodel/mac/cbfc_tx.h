/* cbfc_tx.h - C twin of rtl/mac/fg_cbfc_tx.v: the sender side of InfiniBand-style
 * credit-based flow control for one link (one VL), SPEC 3, docs/blocks/cbfc.md.
 *
 * Registers (all outputs are registers): FCCL (last credit limit received, 0 after reset),
 * FCTBS (blocks sent mod 4096), credits_avail, credits_in_use, can_send, stat_no_credit.
 * On each edge:
 *   FCCL'  = fccl_valid ? fccl_in : FCCL
 *   FCTBS' = (FCTBS + (send ? send_blocks : 0)) mod 4096
 *   credits_avail'  = (FCCL' - FCTBS') mod 4096
 *   credits_in_use' = c = max(0, cfg_rx_capacity - credits_avail)    (PFT watches c; from the
 *                     credits_avail before the edge, so one edge behind it: the RTL keeps
 *                     that subtraction after the register)
 *   can_send'       = head_valid && !send && (!fccl_valid || raise)
 *                     && credits_avail >= head_blocks,
 *                     raise = (fccl_in - FCCL) mod 4096 < 2048 && credits_avail < 2048
 *   stat_no_credit' = send && send_blocks > credits_avail       (environment broke the rule)
 * `can_send` is therefore about the head packet presented on the previous edge; the `!send`
 * term makes a one-cycle gap after each send so a decision is never applied to the packet
 * that just left. It is decided on the credits before the edge: with no send and no new
 * FCCL they are the credits after it, and a new FCCL that raises (or keeps) the limit from
 * credits below 2048 cannot lower them, so a yes stays right; one that could (`!raise`: a
 * partner that broke the protocol, or sends without credit) holds can_send low for that
 * edge. Credit returned by a new FCCL thus reaches can_send one edge after credits_avail
 * (deciding on the new credits in the same edge was the NIC core's worst path on ECP5-85F,
 * 139 MHz). After reset FCCL = FCTBS = 0: no credit until the partner's first FCCL. */
#ifndef FG_CBFC_TX_H
#define FG_CBFC_TX_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_CBFC_TX_COV_FCCL_UPDATE,    /* an FCCL received */
    FG_CBFC_TX_COV_FCCL_WRAP,      /* received FCCL numerically below the old one (mod 4096 wrap) */
    FG_CBFC_TX_COV_SEND,           /* a packet sent with credit */
    FG_CBFC_TX_COV_SEND_NO_CREDIT, /* a packet sent without enough credit (stat_no_credit) */
    FG_CBFC_TX_COV_FCTBS_WRAP,     /* FCTBS wrapped past 4095 */
    FG_CBFC_TX_COV_SEND_AND_FCCL,  /* send and FCCL on the same edge */
    FG_CBFC_TX_COV_CAN_SEND,       /* head packet fits */
    FG_CBFC_TX_COV_EXACT_FIT,      /* head packet fits exactly (credits == blocks) */
    FG_CBFC_TX_COV_BLOCKED,        /* head packet larger than the credits */
    FG_CBFC_TX_COV_GAP,            /* head valid on a send edge: can_send held low */
    FG_CBFC_TX_COV_NO_HEAD,        /* nothing waiting */
    FG_CBFC_TX_COV_C_SAT0,         /* credits above the capacity: c saturates at 0 */
    FG_CBFC_TX_COV_FCCL_LOWERS,    /* head waiting, the new FCCL could lower the credits: low */
    FG_CBFC_TX_COV_CREDIT_LATE,    /* head blocked, the new FCCL makes it fit: yes one edge later */
    FG_CBFC_TX_COV_N
};
extern const char *const fg_cbfc_tx_cov_names[FG_CBFC_TX_COV_N];

typedef struct {
    int sw; /* RTL parameter SW: width of head_blocks/send_blocks, 1..12 */
} fg_cbfc_tx_cfg;

typedef struct {
    uint32_t cfg_rx_capacity; /* 12 bits: the partner's receive buffer in blocks */
    bool fccl_valid;
    uint32_t fccl_in; /* 12 bits */
    bool head_valid;
    uint32_t head_blocks; /* SW bits */
    bool send;
    uint32_t send_blocks; /* SW bits */
} fg_cbfc_tx_in;

typedef struct {
    uint32_t fccl, fctbs, credits_avail, credits_in_use; /* 12 bits each */
    bool can_send, stat_no_credit;
} fg_cbfc_tx_out;

typedef struct {
    fg_cbfc_tx_cfg cfg;
    fg_cbfc_tx_out r; /* the registers are exactly the outputs */
    uint64_t cov[FG_CBFC_TX_COV_N];
} fg_cbfc_tx_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_cbfc_tx_cfg_error(const fg_cbfc_tx_cfg *cfg);
/* 0, or -1 with the state untouched on an illegal cfg (the function above says why). */
int fg_cbfc_tx_reset(fg_cbfc_tx_state *st, const fg_cbfc_tx_cfg *cfg);
void fg_cbfc_tx_step(fg_cbfc_tx_state *st, const fg_cbfc_tx_in *in, fg_cbfc_tx_out *out);
void fg_cbfc_tx_outputs(const fg_cbfc_tx_state *st, fg_cbfc_tx_out *out);

#ifdef __cplusplus
}
#endif
#endif
