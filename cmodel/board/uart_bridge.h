/* uart_bridge.h - C twin of rtl/board/fg_uart_bridge.v: register reads and writes over a UART
 * in checked frames (docs/blocks/uart_bridge.md is the protocol's reference).
 *
 * Request: 'R' A1 A0 CRC | 'W' A1 A0 D3 D2 D1 D0 CRC; response: STATUS [D3..D0 for a good
 * read] CRC; CRC-8 (poly 0x07, init 0) over the frame's bytes before it. A request reaches the
 * bus only when it is whole, its CRC is right and its address aligned and in a region below
 * n_regions; any other request is answered with an error status and changes nothing.
 * States: RECV (collecting a request; a gap of timeout_cycles inside one is an error), BUS
 * (bus_wr/bus_rd held until an edge with bus_ready), WAIT (until the next edge with
 * bus_ready: bus_rdata captured), RESP (one byte to the transmitter whenever it is ready and
 * none was started on the edge before). Bytes received outside RECV are dropped and pulse
 * stat_overrun. One fg_uart_bridge_step is one rising edge. */
#ifndef FG_UART_BRIDGE_H
#define FG_UART_BRIDGE_H

#include <stddef.h>

#include "board/uart.h"
#include "common/fg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FG_UART_BRIDGE_TIMEOUT_MIN 1u
#define FG_UART_BRIDGE_TIMEOUT_MAX 16777215u
#define FG_UART_BRIDGE_REGIONS_MIN 1u
#define FG_UART_BRIDGE_REGIONS_MAX 16u

enum { FG_UART_CMD_READ = 0x52, FG_UART_CMD_WRITE = 0x57 };
enum {
    FG_UART_ST_OK = 0x00,
    FG_UART_ST_BAD_CRC = 0x01,
    FG_UART_ST_BAD_CMD = 0x02,
    FG_UART_ST_BAD_ADDR = 0x03,
    FG_UART_ST_TIMEOUT = 0x04,
    FG_UART_ST_FRAMING = 0x05
};
enum { FG_UART_BRIDGE_RECV, FG_UART_BRIDGE_BUS, FG_UART_BRIDGE_WAIT, FG_UART_BRIDGE_RESP };

typedef struct {
    uint32_t clks_per_bit;   /* RTL CLKS_PER_BIT: 4..65535 */
    uint32_t timeout_cycles; /* RTL TIMEOUT_CYCLES: 11 * clks_per_bit..16777215 (a byte's time at least) */
    uint32_t n_regions;      /* RTL N_REGIONS: 1..16 */
} fg_uart_bridge_cfg;

/* true when cfg is legal; else a message naming the field and its range in msg */
bool fg_uart_bridge_cfg_check(const fg_uart_bridge_cfg *cfg, char *msg, size_t len);

enum {
    FG_UART_BRIDGE_COV_READ_OK,
    FG_UART_BRIDGE_COV_WRITE_OK,
    FG_UART_BRIDGE_COV_BAD_CRC,
    FG_UART_BRIDGE_COV_BAD_CMD,
    FG_UART_BRIDGE_COV_BAD_ADDR_ALIGN,
    FG_UART_BRIDGE_COV_BAD_ADDR_REGION,
    FG_UART_BRIDGE_COV_TIMEOUT,
    FG_UART_BRIDGE_COV_FRAMING_IDLE,   /* a framing error between requests */
    FG_UART_BRIDGE_COV_FRAMING_INSIDE, /* one inside a request */
    FG_UART_BRIDGE_COV_OVERRUN,
    FG_UART_BRIDGE_COV_BUS_HELD,       /* the access waited for bus_ready */
    FG_UART_BRIDGE_COV_TX_WAIT,        /* a response byte waited for the transmitter */
    FG_UART_BRIDGE_COV_RX_GLITCH,      /* a start bit that was not one */
    FG_UART_BRIDGE_COV_N
};
extern const char *const fg_uart_bridge_cov_names[FG_UART_BRIDGE_COV_N];

typedef struct {
    fg_uart_bridge_cfg cfg;
    fg_uart_rx_state rx;
    fg_uart_tx_state tx;
    int state;
    uint32_t idx;            /* bytes of the request so far (3 bits) */
    bool is_write;
    uint32_t addr;           /* 16 bits */
    uint32_t wdata;
    uint8_t crc_rx;
    uint32_t tmo;            /* 24 bits */
    bool bus_wr, bus_rd;
    uint32_t rdata;
    uint8_t status;
    uint32_t resp_last;      /* index of the response's CRC byte: 1 or 5 */
    uint32_t resp_idx;
    uint8_t crc_tx;
    bool tx_start;
    uint8_t tx_data;
    bool ok, bad_crc, bad_cmd, bad_addr, timeout, framing, overrun;
    uint64_t cov[FG_UART_BRIDGE_COV_N];
} fg_uart_bridge_state;

typedef struct {
    bool rxd;
    bool bus_ready;
    uint32_t bus_rdata;
} fg_uart_bridge_in;

typedef struct {
    bool txd;
    bool bus_wr, bus_rd;
    uint32_t bus_addr; /* 16 bits */
    uint32_t bus_wdata;
    bool busy;
    bool stat_ok, stat_bad_crc, stat_bad_cmd, stat_bad_addr, stat_timeout, stat_framing, stat_overrun;
} fg_uart_bridge_out;

void fg_uart_bridge_reset(fg_uart_bridge_state *st, const fg_uart_bridge_cfg *cfg);
void fg_uart_bridge_step(fg_uart_bridge_state *st, const fg_uart_bridge_in *in, fg_uart_bridge_out *out);
void fg_uart_bridge_outputs(const fg_uart_bridge_state *st, fg_uart_bridge_out *out);

#ifdef __cplusplus
}
#endif
#endif
