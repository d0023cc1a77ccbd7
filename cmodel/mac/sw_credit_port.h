/* sw_credit_port.h - C twin of rtl/mac/fg_sw_credit_port.v: the credit-based logic of one
 * switch port for one credit-based VL (priority), docs/blocks/sw_credit_port.md.
 *
 * It composes the C models of fg_cbfc_rx (receiver), fg_cbfc_tx (sender), fg_rate_limiter
 * (token mode) and fg_gfc_time (time-based GFC, SPEC 5). On each edge, every sub-block
 * steps once from this edge's inputs and the others' registered outputs before the edge:
 *   receiver: held = ingress_cnt + partial; free = held >= allotment ? 0 : allotment - held;
 *     fg_cbfc_rx(rx_valid, rx_blocks, free, cfg_tfc); partial = rx_valid && rx_last ? 0 :
 *     (partial + (rx_valid ? rx_blocks : 0)) mod 2^CW; held, free, overrun (held >
 *     allotment) registered as computed.
 *   sender: fg_cbfc_tx(fccl_in_valid, fccl_in, head, send, cfg_rx_capacity).
 *   GFC (cfg_gfc_enable): fg_rate_limiter(token mode, cfg_rate = adjuster's rate before the
 *     edge, cfg_rl_depth, pkt_start = send, pkt_cells = send_blocks), then fg_gfc_time
 *     (cfg_period, cfg_recip, fccl/fctbs of the sender before the edge). Disabled: both are
 *     held in reset (rate 0x10000, allow 1, no update).
 * All outputs are registers. Legal configuration: cfg_tfc 1..65535, cfg_allotment 1..2047,
 * cfg_rx_capacity 1..4095, cfg_gfc_period 1..2^24-1, cfg_gfc_recip 1..2^24-1, cfg_rl_depth
 * 1..65535 (fg_sw_credit_port_in_error checks them). */
#ifndef FG_SW_CREDIT_PORT_H
#define FG_SW_CREDIT_PORT_H

#include <stddef.h>

#include "common/fg_model.h"
#include "common/rate_limiter.h"
#include "mac/cbfc_rx.h"
#include "mac/cbfc_tx.h"
#include "mac/gfc_time.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    FG_SW_CREDIT_PORT_COV_RX_CELL,        /* cells of a packet received, more to come */
    FG_SW_CREDIT_PORT_COV_RX_LAST,        /* a packet's last cell: partial count cleared */
    FG_SW_CREDIT_PORT_COV_FREE_ZERO,      /* held >= allotment: no free space advertised */
    FG_SW_CREDIT_PORT_COV_OVERRUN,        /* held > allotment */
    FG_SW_CREDIT_PORT_COV_FCCL_OUT,       /* the receiver emits an FCCL update */
    FG_SW_CREDIT_PORT_COV_FCCL_IN,        /* a credit limit received from downstream */
    FG_SW_CREDIT_PORT_COV_SEND,           /* a start covered by the credits */
    FG_SW_CREDIT_PORT_COV_SEND_NO_CREDIT, /* a start beyond the credits */
    FG_SW_CREDIT_PORT_COV_SEND_EARLY,     /* GFC on: a start the limiter did not allow */
    FG_SW_CREDIT_PORT_COV_HOLD_CREDIT,    /* head waiting, no credit (after the edge) */
    FG_SW_CREDIT_PORT_COV_HOLD_RATE,      /* head has credit, the limiter holds it */
    FG_SW_CREDIT_PORT_COV_RATE_SCALED,    /* a new rate 0 < rate < line rate */
    FG_SW_CREDIT_PORT_COV_RATE_FULL,      /* a new rate at line rate (GFC on) */
    FG_SW_CREDIT_PORT_COV_RATE_ZERO,      /* a new rate 0 */
    FG_SW_CREDIT_PORT_COV_GFC_OFF,        /* an edge with GFC disabled */
    FG_SW_CREDIT_PORT_COV_N
};
extern const char *const fg_sw_credit_port_cov_names[FG_SW_CREDIT_PORT_COV_N];

typedef struct {
    int sw; /* RTL parameter SW: packet size width in blocks, 1..12 */
    int cw; /* RTL parameter CW: the core's cell-count width (ingress_cnt), 1..30 */
    int gfc_pipe; /* RTL parameter GFC_PIPE: PIPE of the GFC adjuster, 0..2 (the limiter's:
                     min(gfc_pipe, 1)) */
} fg_sw_credit_port_cfg;

typedef struct {
    uint32_t cfg_tfc;         /* 16 bits */
    uint32_t cfg_allotment;   /* 12 bits */
    uint32_t cfg_rx_capacity; /* 12 bits */
    bool cfg_gfc_enable;
    uint32_t cfg_gfc_period; /* 24 bits */
    uint32_t cfg_gfc_recip;  /* 24 bits */
    uint32_t cfg_rl_depth;   /* 16 bits */
    uint32_t ingress_cnt;    /* CW bits */
    bool rx_valid;
    uint32_t rx_blocks; /* SW bits */
    bool rx_last;
    bool fccl_in_valid;
    uint32_t fccl_in; /* 12 bits */
    bool head_valid;
    uint32_t head_blocks; /* SW bits */
    bool send;
    uint32_t send_blocks; /* SW bits */
} fg_sw_credit_port_in;

typedef struct {
    bool fccl_valid;
    uint32_t fccl;        /* 12 bits */
    uint32_t held;        /* CW+1 bits */
    uint32_t free_blocks; /* 12 bits */
    bool overrun;
    uint32_t tx_fccl, tx_fctbs; /* 12 bits */
    bool can_send;
    uint32_t credits_avail, credits_in_use; /* 12 bits */
    bool stat_no_credit;
    uint32_t gfc_rate; /* 17 bits, Q1.16 */
    bool gfc_update;
    bool gfc_allow;
} fg_sw_credit_port_out;

typedef struct {
    fg_sw_credit_port_cfg cfg;
    fg_cbfc_rx_state rx;
    fg_cbfc_tx_state tx;
    fg_rate_limiter_state rl;
    fg_gfc_time_state gt;
    fg_cbfc_rx_out rx_out;
    fg_cbfc_tx_out tx_out;
    fg_rate_limiter_out rl_out;
    fg_gfc_time_out gt_out;
    uint32_t partial; /* cells of the packet being received */
    uint32_t held, free_blocks;
    bool overrun;
    uint64_t cov[FG_SW_CREDIT_PORT_COV_N];
} fg_sw_credit_port_state;

/* NULL when cfg is legal, else a message naming the field and its legal range. */
const char *fg_sw_credit_port_cfg_error(const fg_sw_credit_port_cfg *cfg);
/* 0 when the configuration inputs of `in` are in their legal ranges, else -1 with a message
 * naming the field and its range (the block itself accepts any value). */
int fg_sw_credit_port_in_error(const fg_sw_credit_port_in *in, char *msg, size_t n);
/* 0, or -1 with the state untouched on an illegal cfg (fg_sw_credit_port_cfg_error says why). */
int fg_sw_credit_port_reset(fg_sw_credit_port_state *st, const fg_sw_credit_port_cfg *cfg);
void fg_sw_credit_port_step(fg_sw_credit_port_state *st, const fg_sw_credit_port_in *in, fg_sw_credit_port_out *out);
void fg_sw_credit_port_outputs(const fg_sw_credit_port_state *st, fg_sw_credit_port_out *out);

#ifdef __cplusplus
}
#endif
#endif
