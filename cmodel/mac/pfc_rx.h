/* pfc_rx.h - C twin of rtl/mac/fg_pfc_rx.v: the PFC / PAUSE receive parser
 * (docs/ARCHITECTURE.md 5.4, docs/blocks/pfc_rx.md).
 *
 * It taps an 8-bit receive stream (s_data, s_valid, s_last; s_last marks the last FCS byte)
 * and gives, for every frame, one frame_done pulse with frame_status, and for an accepted
 * PFC or PAUSE frame a pfc_valid pulse with the class-enable vector and the eight times.
 *
 * Verdict order (the first that applies): runt (< 64 bytes incl. FCS), bad FCS, not MAC
 * control (EtherType != 0x8808), wrong DA, opcode not accepted (neither 0x0101 nor, with
 * cfg_accept_8023x, 0x0001, nor, with cfg_accept_gfc, the GFC opcode 0x0102), else PFC /
 * PAUSE / GFC accepted. A GFC frame (docs/gfc.md) pulses gfc_valid instead of pfc_valid and
 * puts its vector in pfc_cev and its stage ids in pfc_time. The reserved first byte of the
 * class-enable vector is ignored; MAC-control frames longer than 64 bytes are accepted
 * (fields at fixed offsets, trailing bytes ignored).
 *
 * Latency: the verdict for a frame whose last byte is taken on edge E is shown after edge
 * E+1 (frame_done, pfc_valid and the stat pulses are high for that one cycle).
 * pfc_cev, pfc_time and frame_status hold their value until the next verdict that changes
 * them (pfc_cev/pfc_time change only on an accepted frame). */
#ifndef FG_PFC_RX_H
#define FG_PFC_RX_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* frame_status codes (ARCHITECTURE 5.4) */
enum {
    FG_PFC_RX_ST_PFC = 0,
    FG_PFC_RX_ST_PAUSE = 1,
    FG_PFC_RX_ST_RUNT = 2,
    FG_PFC_RX_ST_BAD_FCS = 3,
    FG_PFC_RX_ST_BAD_DA = 4,
    FG_PFC_RX_ST_BAD_OPCODE = 5,
    FG_PFC_RX_ST_NOT_CTRL = 6,
    FG_PFC_RX_ST_GFC = 7 /* GFC stage frame accepted (cfg_accept_gfc) */
};

#define FG_PFC_RX_MIN_FRAME 64 /* bytes including FCS */
#define FG_PFC_RX_LEN_SAT 64   /* the byte counter saturates here */

enum {
    FG_PFC_RX_COV_ST_PFC,
    FG_PFC_RX_COV_ST_PAUSE,
    FG_PFC_RX_COV_ST_RUNT,
    FG_PFC_RX_COV_ST_BAD_FCS,
    FG_PFC_RX_COV_ST_BAD_DA,
    FG_PFC_RX_COV_ST_BAD_OPCODE,
    FG_PFC_RX_COV_ST_NOT_CTRL,
    FG_PFC_RX_COV_PAUSE_DISABLED,     /* a PAUSE frame refused because cfg_accept_8023x = 0 */
    FG_PFC_RX_COV_RESERVED_NONZERO,   /* accepted PFC whose reserved vector byte was not 0 */
    FG_PFC_RX_COV_LONG_CTRL,          /* accepted control frame longer than 64 bytes */
    FG_PFC_RX_COV_EXACT_MIN,          /* a frame of exactly 64 bytes */
    FG_PFC_RX_COV_RUNT_MAX,           /* a frame of exactly 63 bytes (largest runt) */
    FG_PFC_RX_COV_ONE_BYTE,           /* a frame of one byte */
    FG_PFC_RX_COV_BACK_TO_BACK,       /* a frame starts on the edge after the previous last */
    FG_PFC_RX_COV_GAP_IN_FRAME,       /* s_valid low inside a frame */
    FG_PFC_RX_COV_LAST_WITHOUT_VALID, /* s_last high while s_valid low: ignored */
    FG_PFC_RX_COV_ST_GFC,             /* a GFC frame accepted */
    FG_PFC_RX_COV_GFC_DISABLED,       /* a GFC frame refused because cfg_accept_gfc = 0 */
    FG_PFC_RX_COV_GFC_AFTER_PFC,      /* a GFC frame accepted right after an accepted PFC one */
    FG_PFC_RX_COV_N
};
extern const char *const fg_pfc_rx_cov_names[FG_PFC_RX_COV_N];

typedef struct {
    int unused; /* no parameters */
} fg_pfc_rx_cfg;

typedef struct {
    uint8_t s_data;
    bool s_valid;
    bool s_last;
    bool cfg_accept_8023x;
    bool cfg_accept_gfc; /* accept GFC stage frames (opcode 0x0102) */
} fg_pfc_rx_in;

typedef struct {
    bool frame_done;
    uint8_t frame_status; /* 3 bits */
    bool pfc_valid;
    uint8_t pfc_cev;
    uint16_t pfc_time[8];
    bool stat_pfc, stat_pause, stat_runt, stat_bad_fcs, stat_bad_da, stat_bad_opcode, stat_not_ctrl;
    bool gfc_valid; /* pulse: a GFC frame was accepted; pfc_cev/pfc_time hold its vector/stages */
    bool stat_gfc;
} fg_pfc_rx_out;

typedef struct {
    fg_pfc_rx_cfg cfg;
    /* frame being received */
    uint8_t len;        /* bytes taken so far, saturating at FG_PFC_RX_LEN_SAT; 0 = idle */
    uint32_t crc;       /* running CRC register of the current frame */
    bool da_ok;         /* bytes 0..5 == 01-80-C2-00-00-01 so far */
    uint16_t ethertype; /* bytes 12..13 */
    uint16_t opcode;    /* bytes 14..15 */
    uint16_t param;     /* bytes 16..17: {reserved, cev} for PFC, the time for PAUSE */
    uint16_t time[8];   /* bytes 18..33 */
    bool last_prev;     /* the previous edge took a last byte (coverage of back-to-back) */
    /* verdict pending for the next edge */
    bool pend;
    uint8_t pend_status; /* status before the FCS check */
    bool pend_crc_ok;
    uint8_t len_of_pend; /* its length, 65 meaning "more than 64" (coverage only) */
    uint8_t last_accepted; /* status of the last accepted frame, 0xFF none (coverage only) */
    fg_pfc_rx_out out; /* registered outputs */
    uint64_t cov[FG_PFC_RX_COV_N];
} fg_pfc_rx_state;

void fg_pfc_rx_reset(fg_pfc_rx_state *st, const fg_pfc_rx_cfg *cfg);
void fg_pfc_rx_step(fg_pfc_rx_state *st, const fg_pfc_rx_in *in, fg_pfc_rx_out *out);

/* Human-readable name of a frame_status code ("pfc", "pause", "runt", "bad_fcs", "bad_da",
 * "bad_opcode", "not_ctrl", "gfc"). */
const char *fg_pfc_rx_status_name(unsigned status);

#ifdef __cplusplus
}
#endif
#endif
