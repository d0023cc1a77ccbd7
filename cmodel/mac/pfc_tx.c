/* pfc_tx.c - C twin of rtl/mac/fg_pfc_tx.v (see pfc_tx.h). */
#include "mac/pfc_tx.h"

#include <string.h>

#include "common/crc32.h"

const char *const fg_pfc_tx_cov_names[FG_PFC_TX_COV_N] = {
    "start_now",      "start_stalled",      "start_after_ctrl", "wait_in_frame",
    "wait_skid",      "race_data_wins",     "ready_held",       "capture_pfc",
    "capture_pause_xoff", "capture_pause_xon", "ctrl_byte",     "ctrl_stall",
    "ctrl_last",      "data_direct",        "data_from_skid",   "data_to_skid",
    "out_idle",       "out_stall",          "frame_first",      "frame_last",
    "frame_one_byte", "stat_tx_ctrl",       "capture_mixed",    "pause_max_above",
    "capture_gfc",    "gfc_xon_class",      "gfc_in_8023x",
};

void fg_pfc_tx_reset(fg_pfc_tx_state *st, const fg_pfc_tx_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    st->crc = FG_CRC32_INIT;
}

void fg_pfc_tx_outputs(const fg_pfc_tx_state *st, fg_pfc_tx_out *out)
{
    out->req_ack = st->req_ack;
    out->s_ready = st->s_ready;
    out->m_data = st->m_data;
    out->m_valid = st->m_valid;
    out->m_last = st->m_last;
    out->stat_tx_ctrl = st->stat_tx_ctrl;
}

/* Byte idx of the control frame from the captured request. Bytes 0..5 do not depend on the
 * capture (they may be loaded on the edge that captures). */
static uint8_t ctrl_byte(const fg_pfc_tx_state *st, unsigned idx)
{
    static const uint8_t da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
    const uint16_t pause_time = st->cap_pause;
    if (idx < 6)
        return da[idx];
    if (idx < 12)
        return (uint8_t)(st->cap_src_mac >> (8u * (11u - idx)));
    switch (idx) {
    case 12: return 0x88;
    case 13: return 0x08;
    case 14: return st->cap_mode_8023x ? 0x00 : 0x01; /* opcode 0x0001 / 0x0101 */
    case 15: return st->cap_gfc ? 0x02 : 0x01; /* GFC opcode 0x0102 */
    case 16: return st->cap_mode_8023x ? (uint8_t)(pause_time >> 8) : 0x00;
    case 17: return st->cap_mode_8023x ? (uint8_t)pause_time : st->cap_cev;
    default: break;
    }
    if (idx < 34) {
        if (st->cap_mode_8023x)
            return 0x00;
        const unsigned n = (idx - 18u) / 2u;
        const uint16_t t = st->cap_time[n];
        return (idx & 1u) ? (uint8_t)t : (uint8_t)(t >> 8); /* even index: high byte first */
    }
    if (idx < FG_PFC_TX_FCS_AT)
        return 0x00;
    return (uint8_t)(~st->crc >> (8u * (idx - FG_PFC_TX_FCS_AT)));
}

void fg_pfc_tx_step(fg_pfc_tx_state *st, const fg_pfc_tx_in *in, fg_pfc_tx_out *out)
{
    const bool out_free = !st->m_valid || in->m_ready;
    const bool m_xfer = st->m_valid && in->m_ready;
    const bool in_accept = in->s_valid && st->s_ready;
    const bool boundary = !st->ctrl_active && in->req_valid && !st->in_frame;
    const bool start = boundary && !st->skid_valid && !in_accept;
    const bool ctrl_go = st->ctrl_active || start;
    const bool ctrl_load = ctrl_go && out_free;
    const bool ctrl_last = ctrl_load && st->idx == FG_PFC_TX_FRAME_BYTES - 1;
    const uint8_t byte = ctrl_byte(st, st->idx);

    /* coverage of the start decision */
    if (!st->ctrl_active && in->req_valid && st->in_frame)
        FG_COV(st, FG_PFC_TX_COV_WAIT_IN_FRAME);
    if (boundary && st->skid_valid)
        FG_COV(st, FG_PFC_TX_COV_WAIT_SKID);
    if (boundary && !st->skid_valid && in_accept)
        FG_COV(st, FG_PFC_TX_COV_RACE_DATA_WINS);
    if (start) {
        FG_COV(st, out_free ? FG_PFC_TX_COV_START_NOW : FG_PFC_TX_COV_START_STALLED);
        if (st->m_valid && st->out_ctrl)
            FG_COV(st, FG_PFC_TX_COV_START_AFTER_CTRL);
    }
    if (in_accept) {
        if (!st->in_frame)
            FG_COV(st, in->s_last ? FG_PFC_TX_COV_FRAME_ONE_BYTE : FG_PFC_TX_COV_FRAME_FIRST);
        else if (in->s_last)
            FG_COV(st, FG_PFC_TX_COV_FRAME_LAST);
    }

    /* Capture in the cycle req_ack is shown: what the generator clears on this edge. */
#ifdef FG_INJECT_BUG
    /* Deliberate bug for the harness self-test: the request is captured on the start edge,
     * one cycle early, so an event the generator adds on that edge is cleared but not sent. */
    if (start) {
        st->cap_cev = in->req_cev;
        for (unsigned n = 0; n < 8; n++)
            st->cap_time[n] = (((in->ctrl_gfc ? 0xFFu : in->req_xoff) & in->req_cev) >> n) & 1u ? in->ctrl_time[n] : 0u;
    }
#endif
    if (st->req_ack) {
        /* GFC sends the stage of every enabled class, PFC the time of its XOFF classes. */
        const uint8_t xoff = (in->ctrl_gfc ? 0xFFu : in->req_xoff) & in->req_cev;
        const bool mode_8023x = in->cfg_mode_8023x && !in->ctrl_gfc;
        uint16_t max_time = 0;
        int lowest = -1;
        bool mixed = false;
        for (unsigned n = 0; n < 8; n++) {
            const uint16_t t = (xoff >> n) & 1u ? in->ctrl_time[n] : 0u;
#ifndef FG_INJECT_BUG
            st->cap_time[n] = t;
#endif
            if (!((xoff >> n) & 1u))
                continue;
            if (lowest < 0)
                lowest = (int)n;
            else if (t != in->ctrl_time[lowest])
                mixed = true;
            if (t > max_time)
                max_time = t;
        }
        if (mixed)
            FG_COV(st, FG_PFC_TX_COV_CAPTURE_MIXED);
        if (mode_8023x && lowest >= 0 && max_time > in->ctrl_time[lowest])
            FG_COV(st, FG_PFC_TX_COV_PAUSE_MAX_ABOVE);
#ifndef FG_INJECT_BUG
        st->cap_cev = in->req_cev;
#endif
        st->cap_pause = max_time;
        st->cap_mode_8023x = mode_8023x;
        st->cap_gfc = in->ctrl_gfc;
        st->cap_src_mac = in->cfg_src_mac & fg_mask(48);
        if (in->ctrl_gfc) {
            FG_COV(st, FG_PFC_TX_COV_CAPTURE_GFC);
            if (in->cfg_mode_8023x)
                FG_COV(st, FG_PFC_TX_COV_GFC_IN_8023X);
            for (unsigned n = 0; n < 8; n++)
                if ((in->req_cev >> n) & 1u && !((in->req_xoff >> n) & 1u) && in->ctrl_time[n] != 0)
                    FG_COV(st, FG_PFC_TX_COV_GFC_XON_CLASS);
        } else if (!in->cfg_mode_8023x)
            FG_COV(st, FG_PFC_TX_COV_CAPTURE_PFC);
        else
            FG_COV(st, (in->req_xoff & in->req_cev) ? FG_PFC_TX_COV_CAPTURE_PAUSE_XOFF
                                                     : FG_PFC_TX_COV_CAPTURE_PAUSE_XON);
    }

    /* fg_crc32: preset while no control frame runs and after its last byte. */
    if (!ctrl_go || ctrl_last)
        st->crc = FG_CRC32_INIT;
    else if (ctrl_load && st->idx < FG_PFC_TX_FCS_AT)
        st->crc = fg_crc32_update(st->crc, byte);

    /* Statistics: the last byte of a control frame leaves on this edge. */
    st->stat_tx_ctrl = m_xfer && st->m_last && st->out_ctrl;
    if (st->stat_tx_ctrl)
        FG_COV(st, FG_PFC_TX_COV_STAT_TX_CTRL);

    /* Output register and skid buffer. */
    bool skid_valid = st->skid_valid;
    if (ctrl_load) {
        FG_COV(st, FG_PFC_TX_COV_CTRL_BYTE);
        if (ctrl_last)
            FG_COV(st, FG_PFC_TX_COV_CTRL_LAST);
        st->m_data = byte;
        st->m_valid = true;
        st->m_last = ctrl_last;
        st->out_ctrl = true;
        st->idx = (st->idx + 1u) % FG_PFC_TX_FRAME_BYTES;
    } else if (ctrl_go) {
        FG_COV(st, FG_PFC_TX_COV_CTRL_STALL);
    } else if (out_free) {
        if (st->skid_valid) {
            FG_COV(st, FG_PFC_TX_COV_DATA_FROM_SKID);
            st->m_data = st->skid_data;
            st->m_valid = true;
            st->m_last = st->skid_last;
            st->out_ctrl = false;
            skid_valid = in_accept;
            if (in_accept) {
                st->skid_data = in->s_data;
                st->skid_last = in->s_last;
            }
        } else if (in_accept) {
            FG_COV(st, FG_PFC_TX_COV_DATA_DIRECT);
            st->m_data = in->s_data;
            st->m_valid = true;
            st->m_last = in->s_last;
            st->out_ctrl = false;
        } else {
            FG_COV(st, FG_PFC_TX_COV_OUT_IDLE);
            st->m_valid = false;
        }
    } else {
        FG_COV(st, FG_PFC_TX_COV_OUT_STALL);
        if (in_accept) {
            FG_COV(st, FG_PFC_TX_COV_DATA_TO_SKID);
            skid_valid = true;
            st->skid_data = in->s_data;
            st->skid_last = in->s_last;
        }
    }
    st->skid_valid = skid_valid;

    if (in_accept)
        st->in_frame = !in->s_last;
    st->ctrl_active = start || (st->ctrl_active && !ctrl_last);
    st->req_ack = start;
    /* Accept input next cycle only if it has room and no control frame runs or waits. */
    const bool hold_for_req = in->req_valid && !st->in_frame;
    if (!st->skid_valid && !st->ctrl_active && hold_for_req)
        FG_COV(st, FG_PFC_TX_COV_READY_HELD);
    st->s_ready = !st->skid_valid && !st->ctrl_active && !hold_for_req;

    fg_pfc_tx_outputs(st, out);
}
