/* fg_serial.c - the host side of the UART register bridge (see fg_serial.h). */
#define _DEFAULT_SOURCE
#include "fg_serial.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static uint8_t crc_of(const uint8_t *b, size_t n)
{
    uint8_t c = 0;
    for (size_t i = 0; i < n; i++) c = fg_serial_crc8(c, b[i]);
    return c;
}

const char *fg_serial_status_name(int status)
{
    static const char *const names[] = {"ok", "bad CRC", "unknown command", "bad address (misaligned or no such region)",
                                        "timeout inside the request", "framing error"};
    return (status >= 0 && status < (int)(sizeof names / sizeof names[0])) ? names[status] : "unknown status";
}

static speed_t baud_const(unsigned baud)
{
    switch (baud) {
    case 9600: return B9600;
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
    case 460800: return B460800;
    case 921600: return B921600;
    case 1000000: return B1000000;
    case 2000000: return B2000000;
    case 3000000: return B3000000;
    default: return 0;
    }
}

int fg_serial_open(fg_serial *s, const char *path, unsigned baud, char *msg, size_t n)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->timeout_ms = 2000;
    speed_t sp = baud_const(baud);
    if (sp == 0) {
        snprintf(msg, n, "baud %u is not one of 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, "
                         "1000000, 2000000, 3000000", baud);
        return -1;
    }
    /* non-blocking open: a port whose carrier-detect line is low would block a plain open */
    int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        snprintf(msg, n, "cannot open serial device %s: %s", path, strerror(errno));
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    struct termios t;
    if (tcgetattr(fd, &t) != 0) {
        snprintf(msg, n, "%s is not a serial device (tcgetattr: %s)", path, strerror(errno));
        close(fd);
        return -1;
    }
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
    t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY); /* no software flow control: every byte is data */
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    cfsetispeed(&t, sp);
    cfsetospeed(&t, sp);
    if (tcsetattr(fd, TCSANOW, &t) != 0) {
        snprintf(msg, n, "cannot set %s to %u baud 8N1: %s", path, baud, strerror(errno));
        close(fd);
        return -1;
    }
    tcflush(fd, TCIOFLUSH);
    s->fd = fd;
    return 0;
}

void fg_serial_close(fg_serial *s)
{
    if (s->fd >= 0) close(s->fd);
    s->fd = -1;
}

void fg_serial_clear(fg_serial *s)
{
    s->failed = 0;
    s->err[0] = 0;
}

static int fail(fg_serial *s, const char *what)
{
    if (!s->failed) snprintf(s->err, sizeof s->err, "%s", what);
    s->failed = 1;
    return -1;
}

/* one byte within the timeout: 1, 0 on timeout, -1 on an error */
static int read_byte(fg_serial *s, uint8_t *b)
{
    struct pollfd p = {s->fd, POLLIN, 0};
    int r = poll(&p, 1, s->timeout_ms);
    if (r <= 0) return r;
    ssize_t k = read(s->fd, b, 1);
    return k == 1 ? 1 : (k == 0 ? 0 : -1);
}

static int write_all(fg_serial *s, const uint8_t *b, size_t n)
{
    while (n > 0) {
        ssize_t k = write(s->fd, b, n);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        b += k;
        n -= (size_t)k;
    }
    return 0;
}

/* one exchange: 0 answer good, 1 worth a retry (no, cut or corrupt answer; CRC or framing error
 * in the bridge), -1 failed */
static int exchange(fg_serial *s, bool write, uint16_t addr, uint32_t wdata, uint32_t *rdata, char *why, size_t n)
{
    uint8_t req[8], ans[6];
    size_t len = write ? fg_serial_frame_write(req, addr, wdata) : fg_serial_frame_read(req, addr);
    tcflush(s->fd, TCIFLUSH);
    if (write_all(s, req, len) != 0) {
        snprintf(why, n, "write to the serial device failed: %s", strerror(errno));
        return -1;
    }
    size_t got = 0, want = 2;
    while (got < want) {
        int r = read_byte(s, &ans[got]);
        if (r <= 0) {
            snprintf(why, n, "%s of 0x%04X: %s after %zu of %zu answer bytes", write ? "write" : "read", addr,
                     r == 0 ? "no answer within the timeout (is the board attached and programmed?)" : "read error",
                     got, want);
            return r == 0 ? 1 : -1;
        }
        if (got == 0 && ans[0] == FG_SERIAL_ST_OK && !write) want = 6;
        got++;
    }
    if (ans[want - 1] != crc_of(ans, want - 1)) {
        snprintf(why, n, "%s of 0x%04X: the answer's CRC is wrong", write ? "write" : "read", addr);
        return 1;
    }
    if (ans[0] != FG_SERIAL_ST_OK) {
        snprintf(why, n, "%s of 0x%04X: the bridge answered 0x%02X (%s)", write ? "write" : "read", addr, ans[0],
                 fg_serial_status_name(ans[0]));
        return ans[0] == FG_SERIAL_ST_BAD_CRC || ans[0] == FG_SERIAL_ST_FRAMING ? 1 : -1;
    }
    if (!write && rdata != NULL)
        *rdata = ((uint32_t)ans[1] << 24) | ((uint32_t)ans[2] << 16) | ((uint32_t)ans[3] << 8) | ans[4];
    return 0;
}

/* After anything but a good answer the line may still carry stray answers (a corrupted first byte
 * is answered at once, the rest of the request then parsed as new requests): wait for the bridge's
 * request timeout (0.1 s on the board tops) and a margin, then drop whatever arrived, so the next
 * request reads its own answer. */
static void resync(fg_serial *s)
{
    usleep(250000);
    tcflush(s->fd, TCIFLUSH);
}

int fg_serial_access(fg_serial *s, bool write, uint16_t addr, uint32_t wdata, uint32_t *rdata)
{
    char why[200];
    s->requests++;
    int r = exchange(s, write, addr, wdata, rdata, why, sizeof why);
    if (r != 0) {
        resync(s);
        /* once more when the exchange itself went wrong (no answer, a cut or corrupt one, the
         * bridge's CRC or framing error); a bridge that refused the request (bad address) is final */
        if (r == 1) {
            s->retries++;
            r = exchange(s, write, addr, wdata, rdata, why, sizeof why);
            if (r != 0) resync(s);
        }
    }
    return r == 0 ? 0 : fail(s, why);
}

uint32_t fg_serial_bus_read(void *ctx, uint32_t addr)
{
    fg_serial *s = ctx;
    uint32_t v = 0;
    if (fg_serial_access(s, false, (uint16_t)(s->base + addr), 0, &v) != 0) return 0;
    return v;
}

void fg_serial_bus_write(void *ctx, uint32_t addr, uint32_t value)
{
    fg_serial *s = ctx;
    (void)fg_serial_access(s, true, (uint16_t)(s->base + addr), value, NULL);
}
