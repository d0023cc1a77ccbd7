/* pfc_rx.c - C twin of rtl/mac/fg_pfc_rx.v (see pfc_rx.h).
 *
 * The model keeps one running CRC register per frame and decides the FCS on the edge that
 * takes the last byte; the verdict is shown one edge later. (The RTL does the same: it
 * compares the value the last byte leaves with the residue on that edge and presets its one
 * CRC register with the same byte.) */
#include "mac/pfc_rx.h"

#include <string.h>

#include "common/crc32.h"

const char *const fg_pfc_rx_cov_names[FG_PFC_RX_COV_N] = {
    "st_pfc",        "st_pause",       "st_runt",      "st_bad_fcs",   "st_bad_da",
    "st_bad_opcode", "st_not_ctrl",    "pause_disabled", "reserved_nonzero", "long_ctrl",
    "exact_min",     "runt_max",       "one_byte",     "back_to_back", "gap_in_frame",
    "last_without_valid", "st_gfc", "gfc_disabled", "gfc_after_pfc"};

static const uint8_t pfc_da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};

const char *fg_pfc_rx_status_name(unsigned status)
{
    static const char *const names[8] = {"pfc",    "pause",      "runt",     "bad_fcs",
                                         "bad_da", "bad_opcode", "not_ctrl", "gfc"};
    return names[status & 7u];
}

void fg_pfc_rx_reset(fg_pfc_rx_state *st, const fg_pfc_rx_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->crc = FG_CRC32_INIT;
    st->last_accepted = 0xFFu;
}

/* Status of a frame of at least 64 bytes before its FCS is known. */
static uint8_t header_verdict(fg_pfc_rx_state *st, bool accept_8023x, bool accept_gfc)
{
    if (st->ethertype != 0x8808u) return FG_PFC_RX_ST_NOT_CTRL;
    if (!st->da_ok) return FG_PFC_RX_ST_BAD_DA;
    if (st->opcode == 0x0101u) return FG_PFC_RX_ST_PFC;
    if (st->opcode == 0x0001u) {
        if (accept_8023x) return FG_PFC_RX_ST_PAUSE;
        FG_COV(st, FG_PFC_RX_COV_PAUSE_DISABLED);
    }
    if (st->opcode == 0x0102u) {
        if (accept_gfc) return FG_PFC_RX_ST_GFC;
        FG_COV(st, FG_PFC_RX_COV_GFC_DISABLED);
    }
    return FG_PFC_RX_ST_BAD_OPCODE;
}

/* Field capture of byte number idx (0 = first DA byte). */
static void take_field(fg_pfc_rx_state *st, unsigned idx, uint8_t b)
{
    if (idx < 6) {
#ifdef FG_INJECT_BUG
        /* Deliberate bug for the harness self-test: the last DA byte is not checked. */
        bool match = (idx == 5) || b == pfc_da[idx];
#else
        bool match = b == pfc_da[idx];
#endif
        st->da_ok = (idx == 0 ? true : st->da_ok) && match;
    } else if (idx == 12) {
        st->ethertype = (uint16_t)((st->ethertype & 0x00FFu) | ((unsigned)b << 8));
    } else if (idx == 13) {
        st->ethertype = (uint16_t)((st->ethertype & 0xFF00u) | b);
    } else if (idx == 14) {
        st->opcode = (uint16_t)((st->opcode & 0x00FFu) | ((unsigned)b << 8));
    } else if (idx == 15) {
        st->opcode = (uint16_t)((st->opcode & 0xFF00u) | b);
    } else if (idx == 16) {
        st->param = (uint16_t)((st->param & 0x00FFu) | ((unsigned)b << 8));
    } else if (idx == 17) {
        st->param = (uint16_t)((st->param & 0xFF00u) | b);
    } else if (idx >= 18 && idx < 34) {
        unsigned n = (idx - 18) / 2; /* time[0] first, MSB first */
        if (((idx - 18) & 1u) == 0)
            st->time[n] = (uint16_t)((st->time[n] & 0x00FFu) | ((unsigned)b << 8));
        else
            st->time[n] = (uint16_t)((st->time[n] & 0xFF00u) | b);
    }
}

void fg_pfc_rx_step(fg_pfc_rx_state *st, const fg_pfc_rx_in *in, fg_pfc_rx_out *out)
{
    fg_pfc_rx_out o = st->out; /* frame_status, pfc_cev, pfc_time hold */
    o.frame_done = o.pfc_valid = false;
    o.stat_pfc = o.stat_pause = o.stat_runt = o.stat_bad_fcs = false;
    o.stat_bad_da = o.stat_bad_opcode = o.stat_not_ctrl = false;
    o.gfc_valid = o.stat_gfc = false;

    /* 1. The verdict of the frame that ended on the previous edge. */
    if (st->pend) {
        uint8_t status = st->pend_status;
        if (status != FG_PFC_RX_ST_RUNT && !st->pend_crc_ok) status = FG_PFC_RX_ST_BAD_FCS;
        o.frame_done = true;
        o.frame_status = status;
        FG_COV(st, status == FG_PFC_RX_ST_GFC ? FG_PFC_RX_COV_ST_GFC : FG_PFC_RX_COV_ST_PFC + status);
        switch (status) {
        case FG_PFC_RX_ST_PFC:
            o.stat_pfc = true;
            o.pfc_valid = true;
            o.pfc_cev = (uint8_t)(st->param & 0xFFu); /* the reserved byte is ignored */
            memcpy(o.pfc_time, st->time, sizeof o.pfc_time);
            if (st->param >> 8) FG_COV(st, FG_PFC_RX_COV_RESERVED_NONZERO);
            break;
        case FG_PFC_RX_ST_PAUSE:
            o.stat_pause = true;
            o.pfc_valid = true;
            o.pfc_cev = 0xFFu;
            for (int n = 0; n < 8; n++) o.pfc_time[n] = st->param;
            break;
        case FG_PFC_RX_ST_GFC:
            /* same layout as PFC; the times are stage ids, for the core's rx_gfc_valid */
            o.stat_gfc = true;
            o.gfc_valid = true;
            o.pfc_cev = (uint8_t)(st->param & 0xFFu);
            memcpy(o.pfc_time, st->time, sizeof o.pfc_time);
            if (st->last_accepted == FG_PFC_RX_ST_PFC) FG_COV(st, FG_PFC_RX_COV_GFC_AFTER_PFC);
            break;
        case FG_PFC_RX_ST_RUNT: o.stat_runt = true; break;
        case FG_PFC_RX_ST_BAD_FCS: o.stat_bad_fcs = true; break;
        case FG_PFC_RX_ST_BAD_DA: o.stat_bad_da = true; break;
        case FG_PFC_RX_ST_BAD_OPCODE: o.stat_bad_opcode = true; break;
        default: o.stat_not_ctrl = true; break;
        }
        if (status <= FG_PFC_RX_ST_PAUSE && st->len_of_pend > FG_PFC_RX_MIN_FRAME)
            FG_COV(st, FG_PFC_RX_COV_LONG_CTRL);
        if (status <= FG_PFC_RX_ST_PAUSE || status == FG_PFC_RX_ST_GFC) st->last_accepted = status;
    }
    st->pend = false;

    /* 2. The byte of this edge. */
    if (in->s_valid) {
        unsigned idx = st->len;
        if (idx == 0) {
            st->crc = FG_CRC32_INIT;
            if (st->last_prev) FG_COV(st, FG_PFC_RX_COV_BACK_TO_BACK);
        }
        take_field(st, idx, in->s_data);
        st->crc = fg_crc32_update(st->crc, in->s_data);
        if (in->s_last) {
            /* idx + 1 bytes; idx saturates at 64, so 64 here means "more than 64" */
            if (idx == 0) FG_COV(st, FG_PFC_RX_COV_ONE_BYTE);
            if (idx == FG_PFC_RX_MIN_FRAME - 2) FG_COV(st, FG_PFC_RX_COV_RUNT_MAX);
            if (idx == FG_PFC_RX_MIN_FRAME - 1) FG_COV(st, FG_PFC_RX_COV_EXACT_MIN);
            st->pend = true;
            st->pend_status = (idx + 1 < FG_PFC_RX_MIN_FRAME) ? (uint8_t)FG_PFC_RX_ST_RUNT
                                                                : header_verdict(st, in->cfg_accept_8023x, in->cfg_accept_gfc);
            st->pend_crc_ok = st->crc == FG_CRC32_RESIDUE;
            st->len_of_pend = (uint8_t)(idx + 1);
            st->len = 0;
        } else {
            st->len = (uint8_t)((idx < FG_PFC_RX_LEN_SAT) ? idx + 1 : FG_PFC_RX_LEN_SAT);
        }
    } else {
        if (st->len != 0) FG_COV(st, FG_PFC_RX_COV_GAP_IN_FRAME);
        if (in->s_last) FG_COV(st, FG_PFC_RX_COV_LAST_WITHOUT_VALID);
    }
    st->last_prev = in->s_valid && in->s_last;

    st->out = o;
    *out = o;
}
