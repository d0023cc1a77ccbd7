/* fg_serial.h - the host side of the UART register bridge (rtl/board/fg_uart_bridge.v; the
 * protocol: docs/blocks/uart_bridge.md): request frames, their CRC-8, and a transport over a
 * serial device (a board's USB-UART, or the pseudo-terminal of the Verilated board top) whose
 * bus callbacks plug into fg_drv (fg_drv.h), so the driver and the CLI reach a board's
 * registers exactly as they reach a C model.
 *
 * Request: 'R' A1 A0 CRC | 'W' A1 A0 D3 D2 D1 D0 CRC; answer: STATUS [D3..D0 after a good read]
 * CRC. CRC-8: polynomial 0x07, initial 0, MSB first, over the frame's bytes before it. */
#ifndef FG_SERIAL_H
#define FG_SERIAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_SERIAL_CMD_READ = 0x52, FG_SERIAL_CMD_WRITE = 0x57 };
enum {
    FG_SERIAL_ST_OK = 0x00,
    FG_SERIAL_ST_BAD_CRC = 0x01,
    FG_SERIAL_ST_BAD_CMD = 0x02,
    FG_SERIAL_ST_BAD_ADDR = 0x03,
    FG_SERIAL_ST_TIMEOUT = 0x04,
    FG_SERIAL_ST_FRAMING = 0x05
};
/* the address regions of a board top (rtl/board/fg_board_sw.v): A[15:12] */
#define FG_SERIAL_REGION_SW 0x0000u
#define FG_SERIAL_REGION_TSYS 0x1000u

/* The frames, here in the header so that hosts (sw/lib/fg_serial.c) and the testbenches' hosts
 * (verif/tb/uart_bridge, verif/tb/board_sw, which link the models alone) build them with one piece
 * of code; the bridge's own CRC is its C twin's (cmodel/board/uart.c), written apart on purpose. */
static inline uint8_t fg_serial_crc8(uint8_t crc, uint8_t byte)
{
    uint32_t c = (uint32_t)(crc ^ byte);
    for (int j = 0; j < 8; j++) c = (c & 0x80u) ? ((c << 1) ^ 0x07u) : (c << 1);
    return (uint8_t)c;
}
/* a read request's 4 bytes into buf; returns 4 */
static inline size_t fg_serial_frame_read(uint8_t *buf, uint16_t addr)
{
    buf[0] = FG_SERIAL_CMD_READ;
    buf[1] = (uint8_t)(addr >> 8);
    buf[2] = (uint8_t)addr;
    buf[3] = fg_serial_crc8(fg_serial_crc8(fg_serial_crc8(0, buf[0]), buf[1]), buf[2]);
    return 4;
}
/* a write request's 8 bytes into buf; returns 8 */
static inline size_t fg_serial_frame_write(uint8_t *buf, uint16_t addr, uint32_t value)
{
    buf[0] = FG_SERIAL_CMD_WRITE;
    buf[1] = (uint8_t)(addr >> 8);
    buf[2] = (uint8_t)addr;
    buf[3] = (uint8_t)(value >> 24);
    buf[4] = (uint8_t)(value >> 16);
    buf[5] = (uint8_t)(value >> 8);
    buf[6] = (uint8_t)value;
    uint8_t c = 0;
    for (int i = 0; i < 7; i++) c = fg_serial_crc8(c, buf[i]);
    buf[7] = c;
    return 8;
}
/* "ok", "bad CRC", ... for a status byte */
const char *fg_serial_status_name(int status);

typedef struct {
    int fd;
    uint32_t base;   /* added to every driver address: the block's region */
    int timeout_ms;  /* per answer byte */
    int failed;      /* the first transport or bridge error since open (or fg_serial_clear) */
    char err[256];   /* its message */
    unsigned long requests, retries;
} fg_serial;

/* Opens a serial device at `baud` (8N1, raw). 0, or -1 with a message naming the device. */
int fg_serial_open(fg_serial *s, const char *path, unsigned baud, char *msg, size_t n);
void fg_serial_close(fg_serial *s);
void fg_serial_clear(fg_serial *s);
/* One access at a 16-bit byte address: 0, or -1 with s->err set (and s->failed). A request that
 * gets no answer, a cut or corrupt one, or the bridge's CRC or framing error is sent again, once;
 * after anything but a good answer the line is left quiet for 0.25 s and what arrived is dropped.
 * A write whose answer was lost may so reach the register twice: harmless for every register but
 * a strobe (docs/registers.md, e.g. PPFC_CTRL.ppfc_seed_load, which then acts twice). */
int fg_serial_access(fg_serial *s, bool write, uint16_t addr, uint32_t wdata, uint32_t *rdata);
/* fg_drv bus callbacks (ctx = fg_serial *): addr + base; an error is kept in the context (the
 * read returns 0) for the caller to check after each driver call */
uint32_t fg_serial_bus_read(void *ctx, uint32_t addr);
void fg_serial_bus_write(void *ctx, uint32_t addr, uint32_t value);

#ifdef __cplusplus
}
#endif
#endif
