/* uart.c - C twins of rtl/board/fg_uart_rx.v and fg_uart_tx.v (see uart.h). */
#include "board/uart.h"

#include <string.h>

void fg_uart_rx_reset(fg_uart_rx_state *st, uint32_t clks_per_bit)
{
    memset(st, 0, sizeof *st);
    st->clks_per_bit = clks_per_bit;
    st->s1 = true;
    st->s2 = true;
    st->state = FG_UART_RX_IDLE;
}

void fg_uart_rx_step(fg_uart_rx_state *st, bool rxd)
{
    const uint32_t bit_last = st->clks_per_bit - 1u;
    const uint32_t half_last = st->clks_per_bit / 2u - 1u;
    bool line = st->s2;
    st->valid = false;
    st->ferr = false;
    st->glitch = false;
    switch (st->state) {
    case FG_UART_RX_IDLE:
        if (!line) {
            st->state = FG_UART_RX_START;
            st->cnt = half_last;
        }
        break;
    case FG_UART_RX_START:
        if (st->cnt == 0) {
            if (!line) {
                st->state = FG_UART_RX_DATA;
                st->cnt = bit_last;
                st->nbit = 0;
            } else {
                st->state = FG_UART_RX_IDLE;
                st->glitch = true;
            }
        } else {
            st->cnt--;
        }
        break;
    case FG_UART_RX_DATA:
        if (st->cnt == 0) {
            st->shift = (uint8_t)((st->shift >> 1) | (line ? 0x80u : 0u));
            st->cnt = bit_last;
            if (st->nbit == 7) st->state = FG_UART_RX_STOP;
            st->nbit = (st->nbit + 1u) & 7u;
        } else {
            st->cnt--;
        }
        break;
    case FG_UART_RX_STOP:
        if (st->cnt == 0) {
            if (line) {
                st->valid = true;
                st->state = FG_UART_RX_IDLE;
            } else {
                st->ferr = true;
                st->state = FG_UART_RX_BREAK;
            }
        } else {
            st->cnt--;
        }
        break;
    default: /* BREAK */
        if (line) st->state = FG_UART_RX_IDLE;
        break;
    }
    st->s2 = st->s1;
    st->s1 = rxd;
}

void fg_uart_tx_reset(fg_uart_tx_state *st, uint32_t clks_per_bit)
{
    memset(st, 0, sizeof *st);
    st->clks_per_bit = clks_per_bit;
    st->txd = true;
    st->shift = 0x1FFu;
}

void fg_uart_tx_step(fg_uart_tx_state *st, bool start, uint8_t data)
{
    if (!st->busy) {
        st->txd = true;
        if (start) {
            st->busy = true;
            st->txd = false;
            st->cnt = st->clks_per_bit - 1u;
            st->left = 9;
            st->shift = 0x100u | data;
        }
    } else if (st->cnt == 0) {
        if (st->left == 0) {
            st->busy = false;
        } else {
            st->txd = (st->shift & 1u) != 0;
            st->shift = 0x100u | (st->shift >> 1);
            st->left--;
            st->cnt = st->clks_per_bit - 1u;
        }
    } else {
        st->cnt--;
    }
}

uint8_t fg_crc8_update(uint8_t crc, uint8_t byte)
{
    uint32_t c = (uint32_t)(crc ^ byte);
    for (int j = 0; j < 8; j++) c = (c & 0x80u) ? ((c << 1) ^ 0x07u) : (c << 1);
    return (uint8_t)c;
}
