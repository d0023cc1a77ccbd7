/* uart.h - C twins of rtl/board/fg_uart_rx.v and fg_uart_tx.v: UART receiver and transmitter,
 * 8N1, LSB first, CLKS_PER_BIT clock cycles a bit (docs/blocks/uart_bridge.md).
 *
 * Receiver: the line passes two synchronising flops (s1, s2); in IDLE a 0 on s2 starts a byte,
 * the start bit is re-checked HALF = CLKS_PER_BIT / 2 cycles later (a 1 there: back to IDLE),
 * then each data bit and the stop bit are sampled every CLKS_PER_BIT cycles. A stop bit of 1
 * gives byte_valid for one cycle (byte_data = the shift register, which keeps the byte until
 * the next one shifts in); a 0 gives frame_err for one cycle and the receiver waits in BREAK
 * for s2 = 1 before it looks for a start bit again.
 * Transmitter: start with ready takes data; txd = 0 for CLKS_PER_BIT cycles, the 8 data bits,
 * then 1 (the stop bit) for CLKS_PER_BIT cycles; ready is 0 from the taking edge for
 * 10 * CLKS_PER_BIT edges. A start while not ready is ignored.
 * One fg_uart_*_step is one rising edge; outputs are the registers after it. */
#ifndef FG_UART_H
#define FG_UART_H

#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_UART_CLKS_PER_BIT_MIN 4
#define FG_UART_CLKS_PER_BIT_MAX 65535

enum { FG_UART_RX_IDLE, FG_UART_RX_START, FG_UART_RX_DATA, FG_UART_RX_STOP, FG_UART_RX_BREAK };

typedef struct {
    uint32_t clks_per_bit;
    bool s1, s2;       /* synchroniser */
    int state;         /* FG_UART_RX_* */
    uint32_t cnt;      /* 16 bits: cycles left in the current bit */
    uint32_t nbit;     /* 3 bits: data bit being sampled */
    uint8_t shift;     /* byte_data */
    bool valid;        /* byte_valid */
    bool ferr;         /* frame_err */
    bool glitch;       /* the last step dropped a start bit that was not one (coverage) */
} fg_uart_rx_state;

typedef struct {
    uint32_t clks_per_bit;
    bool busy;         /* ready = !busy */
    bool txd;
    uint32_t cnt;      /* 16 bits */
    uint32_t left;     /* 4 bits: bits still to send after the current one */
    uint32_t shift;    /* 9 bits: the data bits then the stop bit */
} fg_uart_tx_state;

void fg_uart_rx_reset(fg_uart_rx_state *st, uint32_t clks_per_bit);
void fg_uart_rx_step(fg_uart_rx_state *st, bool rxd);
void fg_uart_tx_reset(fg_uart_tx_state *st, uint32_t clks_per_bit);
void fg_uart_tx_step(fg_uart_tx_state *st, bool start, uint8_t data);

/* CRC-8 of the bridge's frames: polynomial 0x07, MSB first, no reflection, no final XOR;
 * one byte into the running value (start with 0). */
uint8_t fg_crc8_update(uint8_t crc, uint8_t byte);

#ifdef __cplusplus
}
#endif
#endif
