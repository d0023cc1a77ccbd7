// board_pty.cpp - the Verilated board system (rtl/board/fg_board_sw.v) behind a pseudo-terminal,
// in lock-step with its C twin (cmodel/board/board_sw.c): a host program (the flowgate CLI,
// a Python test) opens the pty as it would a board's USB-UART, and every byte it writes is put on
// the board's uart_rxd at CLKS_PER_BIT cycles a bit; every byte the board's uart_txd carries is
// written back. The C model gets the same line and its txd, LEDs and counter pulses are compared
// with the RTL's every cycle: the first difference ends the run (exit 3), so every answer a host
// reads is the model's too.
//
//   board_pty [--pty-file PATH] [--max-seconds S]
// prints "PTY /dev/pts/N" (and writes the path to PATH), runs until SIGTERM/SIGINT or S seconds,
// then prints "BOARD_PTY cycles=C bytes_in=I bytes_out=O mismatches=0" and exits 0.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "Vtop.h"
#include "board/board_sw.h"
#include "fg_uart_host.h"
#include "tb_board_shape.h"
#include "verilated.h"

static volatile sig_atomic_t g_stop = 0;
static void on_signal(int) { g_stop = 1; }

int main(int argc, char** argv) {
    std::string pty_file;
    double max_seconds = 600;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--pty-file") && i + 1 < argc) pty_file = argv[++i];
        else if (!strcmp(argv[i], "--max-seconds") && i + 1 < argc) max_seconds = atof(argv[++i]);
        else {
            fprintf(stderr, "board_pty: unknown argument '%s' (--pty-file PATH, --max-seconds S)\n", argv[i]);
            return 2;
        }
    }
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        perror("board_pty: posix_openpt");
        return 2;
    }
    const char* slave_name = ptsname(master);
    // keep the slave open ourselves (raw), so the master does not hang up between clients
    int slave = open(slave_name, O_RDWR | O_NOCTTY);
    struct termios t;
    if (slave < 0 || tcgetattr(slave, &t) != 0) {
        perror("board_pty: slave");
        return 2;
    }
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    printf("PTY %s\n", slave_name);
    fflush(stdout);
    if (!pty_file.empty()) {
        FILE* f = fopen(pty_file.c_str(), "w");
        if (f) fprintf(f, "%s\n", slave_name), fclose(f);
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);

    std::unique_ptr<VerilatedContext> ctx(new VerilatedContext);
    std::unique_ptr<Vtop> top(new Vtop(ctx.get()));
    fg_board_sw_cfg cfg = board_cfg();
    fg_board_sw_state* st = fg_board_sw_create(&cfg);
    if (!st) {
        fprintf(stderr, "board_pty: the model refused its shape\n");
        return 2;
    }
    fg_board_sw_in in{};
    fg_board_sw_out out{};

    // reset both
    top->rst = 1;
    top->uart_rxd = 1;
    for (int k = 0; k < 4; k++) top->clk = 0, top->eval(), top->clk = 1, top->eval();
    top->rst = 0;
    fg_board_sw_reset(st);

    fg::UartLine line;        // the host's bytes onto the board's uart_rxd
    fg::UartRx rx(TB_CPB);    // the board's uart_txd, decoded
    uint64_t cycles = 0, bytes_in = 0, bytes_out = 0;
    auto t0 = std::chrono::steady_clock::now();
    while (!g_stop) {
        // new bytes from the host, now and then
        if ((cycles & 63) == 0) {
            uint8_t buf[256];
            ssize_t k = read(master, buf, sizeof buf);
            for (ssize_t j = 0; j < k; j++) line.bits(TB_CPB, buf[j]), bytes_in++;
            if ((cycles & 0xFFFFF) == 0) {
                double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                if (s > max_seconds) break;
            }
        }
        const bool rxd = line.next();
        // one edge of both twins
        top->uart_rxd = rxd;
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        in.uart_rxd = rxd;
        fg_board_sw_step(st, &in, &out);
        cycles++;
        bool same = top->uart_txd == out.uart_txd && top->led == out.led;
        for (int i = 0; i < TB_N_PORTS && same; i++) {
            same = ((top->stat_sent >> i) & 1) == out.stat_sent[i] && ((top->stat_dropped >> i) & 1) == out.stat_dropped[i] &&
                   ((top->stat_delivered >> i) & 1) == out.stat_delivered[i] &&
                   ((top->stat_xoff >> i) & 1) == out.stat_xoff[i] && ((top->stat_xon >> i) & 1) == out.stat_xon[i] &&
                   ((top->stat_paused >> i) & 1) == out.stat_paused[i] && ((top->stat_lost >> i) & 1) == out.stat_lost[i];
        }
        if (!same) {
            printf("LOCKSTEP MISMATCH test=board_pty cycle=%llu (txd rtl=%d model=%d, led rtl=0x%x model=0x%x, or a "
                   "counter pulse)\n",
                   (unsigned long long)cycles, top->uart_txd, out.uart_txd, top->led, out.led);
            fflush(stdout);
            fg_board_sw_free(st);
            return 3;
        }
        // the board's answer, byte by byte, to the host
        if (rx.sample(top->uart_txd)) {
            if (write(master, &rx.bytes.back(), 1) == 1) bytes_out++;
            rx.bytes.clear();
        }
    }
    printf("BOARD_PTY cycles=%llu bytes_in=%llu bytes_out=%llu mismatches=0\n", (unsigned long long)cycles,
           (unsigned long long)bytes_in, (unsigned long long)bytes_out);
    fflush(stdout);
    fg_board_sw_free(st);
    top->final();
    close(slave);
    close(master);
    return 0;
}
