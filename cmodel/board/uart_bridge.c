/* uart_bridge.c - C twin of rtl/board/fg_uart_bridge.v (see uart_bridge.h). */
#include "board/uart_bridge.h"

#include <stdio.h>
#include <string.h>

const char *const fg_uart_bridge_cov_names[FG_UART_BRIDGE_COV_N] = {
    "read_ok",   "write_ok", "bad_crc",       "bad_cmd",        "bad_addr_align", "bad_addr_region", "timeout",
    "framing_idle", "framing_inside", "overrun", "bus_held", "tx_wait", "rx_glitch"};

bool fg_uart_bridge_cfg_check(const fg_uart_bridge_cfg *cfg, char *msg, size_t len)
{
    const char *field = NULL;
    unsigned long v = 0, lo = 0, hi = 0;
    if (cfg->clks_per_bit < FG_UART_CLKS_PER_BIT_MIN || cfg->clks_per_bit > FG_UART_CLKS_PER_BIT_MAX) {
        field = "clks_per_bit", v = cfg->clks_per_bit, lo = FG_UART_CLKS_PER_BIT_MIN, hi = FG_UART_CLKS_PER_BIT_MAX;
    } else if (cfg->timeout_cycles < FG_UART_BRIDGE_TIMEOUT_MIN || cfg->timeout_cycles > FG_UART_BRIDGE_TIMEOUT_MAX) {
        field = "timeout_cycles", v = cfg->timeout_cycles, lo = FG_UART_BRIDGE_TIMEOUT_MIN,
        hi = FG_UART_BRIDGE_TIMEOUT_MAX;
    } else if (cfg->timeout_cycles < 11u * cfg->clks_per_bit) {
        field = "timeout_cycles", v = cfg->timeout_cycles, lo = 11ul * cfg->clks_per_bit, hi = FG_UART_BRIDGE_TIMEOUT_MAX;
    } else if (cfg->n_regions < FG_UART_BRIDGE_REGIONS_MIN || cfg->n_regions > FG_UART_BRIDGE_REGIONS_MAX) {
        field = "n_regions", v = cfg->n_regions, lo = FG_UART_BRIDGE_REGIONS_MIN, hi = FG_UART_BRIDGE_REGIONS_MAX;
    }
    if (field == NULL) return true;
    if (msg != NULL && len > 0) snprintf(msg, len, "uart_bridge: %s = %lu outside %lu..%lu", field, v, lo, hi);
    return false;
}

void fg_uart_bridge_reset(fg_uart_bridge_state *st, const fg_uart_bridge_cfg *cfg)
{
    FG_CLEAR_STATE_KEEP_COV(st);
    st->cfg = *cfg;
    fg_uart_rx_reset(&st->rx, cfg->clks_per_bit);
    fg_uart_tx_reset(&st->tx, cfg->clks_per_bit);
    st->state = FG_UART_BRIDGE_RECV;
    st->resp_last = 1;
}

/* the response byte at resp_idx: status, the read value high byte first, the CRC last */
static uint8_t resp_byte(const fg_uart_bridge_state *st)
{
    if (st->resp_idx == st->resp_last) return st->crc_tx;
    switch (st->resp_idx) {
    case 0: return st->status;
    case 1: return (uint8_t)(st->rdata >> 24);
    case 2: return (uint8_t)(st->rdata >> 16);
    case 3: return (uint8_t)(st->rdata >> 8);
    default: return (uint8_t)st->rdata;
    }
}

void fg_uart_bridge_step(fg_uart_bridge_state *st, const fg_uart_bridge_in *in, fg_uart_bridge_out *out)
{
    /* the bridge reads its sub-blocks' registers as they stand before this edge */
    const bool rx_valid = st->rx.valid, rx_ferr = st->rx.ferr;
    const uint8_t rx_byte = st->rx.shift;
    const bool tx_ready = !st->tx.busy;
    const bool tx_start_now = st->tx_start;
    const uint8_t tx_data_now = st->tx_data;
    const int state_now = st->state;
    if (st->rx.glitch) FG_COV(st, FG_UART_BRIDGE_COV_RX_GLITCH);

    st->tx_start = false;
    st->ok = st->bad_crc = st->bad_cmd = st->bad_addr = st->timeout = st->framing = st->overrun = false;
    const uint32_t req_last = st->is_write ? 7u : 3u;
    switch (st->state) {
    case FG_UART_BRIDGE_RECV: {
        uint8_t err = 0xFF;
        const uint32_t idx_now = st->idx;
        if (rx_ferr) {
            err = FG_UART_ST_FRAMING;
            st->framing = true;
            FG_COV(st, st->idx ? FG_UART_BRIDGE_COV_FRAMING_INSIDE : FG_UART_BRIDGE_COV_FRAMING_IDLE);
        } else if (rx_valid) {
            if (st->idx == 0) {
                if (rx_byte == FG_UART_CMD_READ || rx_byte == FG_UART_CMD_WRITE) {
                    st->is_write = rx_byte == FG_UART_CMD_WRITE;
                    st->crc_rx = fg_crc8_update(0, rx_byte);
                    st->idx = 1;
                } else {
                    err = FG_UART_ST_BAD_CMD;
                    st->bad_cmd = true;
                    FG_COV(st, FG_UART_BRIDGE_COV_BAD_CMD);
                }
            } else if (st->idx != req_last) {
                switch (st->idx) {
                case 1: st->addr = (st->addr & 0x00FFu) | ((uint32_t)rx_byte << 8); break;
                case 2: st->addr = (st->addr & 0xFF00u) | rx_byte; break;
                case 3: st->wdata = (st->wdata & 0x00FFFFFFu) | ((uint32_t)rx_byte << 24); break;
                case 4: st->wdata = (st->wdata & 0xFF00FFFFu) | ((uint32_t)rx_byte << 16); break;
                case 5: st->wdata = (st->wdata & 0xFFFF00FFu) | ((uint32_t)rx_byte << 8); break;
                default: st->wdata = (st->wdata & 0xFFFFFF00u) | rx_byte; break;
                }
                st->crc_rx = fg_crc8_update(st->crc_rx, rx_byte);
                st->idx++;
            } else if (rx_byte != st->crc_rx) {
                err = FG_UART_ST_BAD_CRC;
                st->bad_crc = true;
                FG_COV(st, FG_UART_BRIDGE_COV_BAD_CRC);
            } else if ((st->addr & 3u) != 0 || (st->addr >> 12) >= st->cfg.n_regions) {
                err = FG_UART_ST_BAD_ADDR;
                st->bad_addr = true;
                FG_COV(st, (st->addr & 3u) ? FG_UART_BRIDGE_COV_BAD_ADDR_ALIGN : FG_UART_BRIDGE_COV_BAD_ADDR_REGION);
            } else {
                st->idx = 0;
                st->state = FG_UART_BRIDGE_BUS;
                st->bus_wr = st->is_write;
                st->bus_rd = !st->is_write;
            }
        } else if (st->idx != 0 && st->tmo == st->cfg.timeout_cycles - 1u) {
            err = FG_UART_ST_TIMEOUT;
            st->timeout = true;
            FG_COV(st, FG_UART_BRIDGE_COV_TIMEOUT);
        }
        /* the gap counter runs inside a request, from the last byte */
        st->tmo = (rx_valid || rx_ferr || idx_now == 0) ? 0u : ((st->tmo + 1u) & 0xFFFFFFu);
        if (err != 0xFF) {
            st->status = err;
            st->idx = 0;
            st->state = FG_UART_BRIDGE_RESP;
            st->resp_last = 1;
            st->resp_idx = 0;
            st->crc_tx = 0;
        }
        break;
    }
    case FG_UART_BRIDGE_BUS:
        if (in->bus_ready) {
            st->bus_wr = st->bus_rd = false;
            st->state = FG_UART_BRIDGE_WAIT;
        } else {
            FG_COV(st, FG_UART_BRIDGE_COV_BUS_HELD);
        }
        break;
    case FG_UART_BRIDGE_WAIT:
        if (in->bus_ready) {
            st->rdata = in->bus_rdata;
            st->status = FG_UART_ST_OK;
            st->ok = true;
            FG_COV(st, st->is_write ? FG_UART_BRIDGE_COV_WRITE_OK : FG_UART_BRIDGE_COV_READ_OK);
            st->state = FG_UART_BRIDGE_RESP;
            st->resp_last = st->is_write ? 1u : 5u;
            st->resp_idx = 0;
            st->crc_tx = 0;
        }
        break;
    default: /* RESP */
        if (tx_ready && !tx_start_now) {
            uint8_t b = resp_byte(st);
#ifdef FG_INJECT_BUG
            /* Deliberate bug for the harness self-test: the read value's two middle bytes swapped. */
            if (st->resp_idx == 2) b = (uint8_t)(st->rdata >> 8);
            else if (st->resp_idx == 3 && st->resp_last == 5) b = (uint8_t)(st->rdata >> 16);
#endif
            st->tx_start = true;
            st->tx_data = b;
            st->crc_tx = fg_crc8_update(st->crc_tx, b);
            if (st->resp_idx == st->resp_last) st->state = FG_UART_BRIDGE_RECV;
            st->resp_idx = (st->resp_idx + 1u) & 7u;
        } else if (!tx_ready) {
            FG_COV(st, FG_UART_BRIDGE_COV_TX_WAIT);
        }
        break;
    }
    /* anything received while not collecting a request is dropped and counted */
    if (state_now != FG_UART_BRIDGE_RECV && (rx_valid || rx_ferr)) {
        st->overrun = true;
        FG_COV(st, FG_UART_BRIDGE_COV_OVERRUN);
    }
    fg_uart_rx_step(&st->rx, in->rxd);
    fg_uart_tx_step(&st->tx, tx_start_now, tx_data_now);
    if (out != NULL) fg_uart_bridge_outputs(st, out);
}

void fg_uart_bridge_outputs(const fg_uart_bridge_state *st, fg_uart_bridge_out *out)
{
    out->txd = st->tx.txd;
    out->bus_wr = st->bus_wr;
    out->bus_rd = st->bus_rd;
    out->bus_addr = st->addr;
    out->bus_wdata = st->wdata;
    out->busy = st->state != FG_UART_BRIDGE_RECV || st->idx != 0;
    out->stat_ok = st->ok;
    out->stat_bad_crc = st->bad_crc;
    out->stat_bad_cmd = st->bad_cmd;
    out->stat_bad_addr = st->bad_addr;
    out->stat_timeout = st->timeout;
    out->stat_framing = st->framing;
    out->stat_overrun = st->overrun;
}
