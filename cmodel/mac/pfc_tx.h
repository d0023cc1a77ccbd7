/* pfc_tx.h - C twin of rtl/mac/fg_pfc_tx.v: PFC / PAUSE control-frame serialiser and data
 * mux on an 8-bit stream (docs/ARCHITECTURE.md 5.3, docs/blocks/pfc_tx.md).
 *
 * Client data frames pass through a one-byte skid buffer into the output register unchanged.
 * Between data frames (input side at a frame boundary, skid empty) a request from fg_pfc_gen
 * starts a 64-byte control frame: req_ack is raised for one cycle, and in that cycle the
 * request (req_cev, req_xoff), its per-class times (ctrl_time[n], sent when n is XOFF, else
 * 0; 802.3x mode sends the largest XOFF time) and the configuration (cfg_mode_8023x,
 * cfg_src_mac) are captured for the whole frame. With ctrl_gfc (captured too) the frame is a
 * GFC stage frame (docs/gfc.md): 802.1Qbb layout, opcode 0x0102, time[n] = ctrl_time[n] for
 * every class in cev whatever req_xoff says, and cfg_mode_8023x does not apply. Bytes 0..59 are fed to the running CRC
 * (fg_crc32), bytes 60..63 are its complement, low byte first. Every output is a register. */
#ifndef FG_PFC_TX_H
#define FG_PFC_TX_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_PFC_TX_FRAME_BYTES 64 /* control frame: 60 bytes + FCS */
#define FG_PFC_TX_FCS_AT 60

enum {
    FG_PFC_TX_COV_START_NOW,        /* control frame starts, first byte loaded on the same edge */
    FG_PFC_TX_COV_START_STALLED,    /* control frame starts while the output is stalled */
    FG_PFC_TX_COV_START_AFTER_CTRL, /* a control frame directly after another one */
    FG_PFC_TX_COV_WAIT_IN_FRAME,    /* request waits: a data frame is in progress */
    FG_PFC_TX_COV_WAIT_SKID,        /* request waits: last data byte still in the skid */
    FG_PFC_TX_COV_RACE_DATA_WINS,   /* request and first data byte on one edge: data first */
    FG_PFC_TX_COV_READY_HELD,       /* s_ready held low for a waiting request */
    FG_PFC_TX_COV_CAPTURE_PFC,      /* request captured, 802.1Qbb mode */
    FG_PFC_TX_COV_CAPTURE_PAUSE_XOFF, /* request captured, 802.3x mode, some class XOFF */
    FG_PFC_TX_COV_CAPTURE_PAUSE_XON,  /* request captured, 802.3x mode, all XON */
    FG_PFC_TX_COV_CTRL_BYTE,        /* control byte loaded */
    FG_PFC_TX_COV_CTRL_STALL,       /* control frame held by m_ready */
    FG_PFC_TX_COV_CTRL_LAST,        /* last FCS byte loaded */
    FG_PFC_TX_COV_DATA_DIRECT,      /* input byte straight into the output register */
    FG_PFC_TX_COV_DATA_FROM_SKID,   /* skid byte into the output register */
    FG_PFC_TX_COV_DATA_TO_SKID,     /* input byte parked in the skid (output stalled) */
    FG_PFC_TX_COV_OUT_IDLE,         /* nothing to send: m_valid drops */
    FG_PFC_TX_COV_OUT_STALL,        /* output held by m_ready (data) */
    FG_PFC_TX_COV_FRAME_FIRST,      /* first byte of a data frame accepted */
    FG_PFC_TX_COV_FRAME_LAST,       /* last byte of a multi-byte data frame accepted */
    FG_PFC_TX_COV_FRAME_ONE_BYTE,   /* one-byte data frame accepted */
    FG_PFC_TX_COV_STAT_TX_CTRL,     /* last byte of a control frame left */
    FG_PFC_TX_COV_CAPTURE_MIXED,    /* captured XOFF classes with different times */
    FG_PFC_TX_COV_PAUSE_MAX_ABOVE,  /* 802.3x: the largest time is not the lowest XOFF class's */
    FG_PFC_TX_COV_CAPTURE_GFC,      /* GFC request captured (opcode 0x0102) */
    FG_PFC_TX_COV_GFC_XON_CLASS,    /* GFC: a class of cev with its xoff bit 0 sends its stage */
    FG_PFC_TX_COV_GFC_IN_8023X,     /* GFC captured while cfg_mode_8023x = 1 (802.1Qbb layout) */
    FG_PFC_TX_COV_N
};
extern const char *const fg_pfc_tx_cov_names[FG_PFC_TX_COV_N];

typedef struct {
    int unused; /* no parameters */
} fg_pfc_tx_cfg;

typedef struct {
    fg_pfc_tx_cfg cfg;
    /* output register */
    uint8_t m_data;
    bool m_valid;
    bool m_last;
    bool out_ctrl; /* the output register holds a control-frame byte */
    /* skid buffer of the data path */
    uint8_t skid_data;
    bool skid_last;
    bool skid_valid;
    bool s_ready;
    bool in_frame; /* input side inside a data frame (a byte without s_last accepted) */
    /* control frame */
    bool ctrl_active;
    unsigned idx; /* next control byte, 0..63 */
    bool req_ack;
    uint8_t cap_cev;
    uint16_t cap_time[8]; /* time per class at capture, 0 for classes not XOFF */
    uint16_t cap_pause;   /* 802.3x time: the largest cap_time */
    bool cap_mode_8023x;
    bool cap_gfc; /* GFC frame: opcode 0x0102 */
    uint64_t cap_src_mac;
    uint32_t crc; /* fg_crc32 register */
    bool stat_tx_ctrl;
    uint64_t cov[FG_PFC_TX_COV_N];
} fg_pfc_tx_state;

typedef struct {
    bool cfg_mode_8023x;
    uint64_t cfg_src_mac; /* 48 bits, bits 47:40 go on the wire first */
    bool req_valid;
    uint8_t req_cev;
    uint8_t req_xoff;
    uint16_t ctrl_time[8]; /* pause time per class (fg_pfc_gen req_time); GFC: stage id */
    bool ctrl_gfc;         /* the request is a GFC frame (core tx_ctrl_gfc) */
    uint8_t s_data;
    bool s_valid;
    bool s_last;
    bool m_ready;
} fg_pfc_tx_in;

typedef struct {
    bool req_ack;
    bool s_ready;
    uint8_t m_data;
    bool m_valid;
    bool m_last;
    bool stat_tx_ctrl;
} fg_pfc_tx_out;

void fg_pfc_tx_reset(fg_pfc_tx_state *st, const fg_pfc_tx_cfg *cfg);
void fg_pfc_tx_step(fg_pfc_tx_state *st, const fg_pfc_tx_in *in, fg_pfc_tx_out *out);
/* The registered outputs as they are now (after reset or the last step). */
void fg_pfc_tx_outputs(const fg_pfc_tx_state *st, fg_pfc_tx_out *out);

#ifdef __cplusplus
}
#endif
#endif
