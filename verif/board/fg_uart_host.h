// fg_uart_host.h - a testbench's side of a UART line (header only): UartLine turns bytes, bad
// stop bits, glitches and idle spells into the line's level cycle by cycle, UartRx decodes a
// line (a falling edge, then the middle of each bit) into bytes. Written apart from the bridge's
// C twin (cmodel/board/uart.c) so a test of the bridge does not check the model against itself.
// Used by verif/tb/uart_bridge, verif/tb/board_sw and verif/board/board_pty.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

namespace fg {

struct UartLine {
    std::deque<std::pair<bool, uint32_t>> segs;   // (level, cycles); idle high when empty
    // one 8N1 byte at cpb cycles a bit; a stop bit of 0 when !stop_ok (then a bit of idle)
    void bits(uint32_t cpb, uint8_t b, bool stop_ok = true) {
        segs.push_back({false, cpb});
        for (int i = 0; i < 8; i++) segs.push_back({((b >> i) & 1) != 0, cpb});
        segs.push_back({stop_ok, cpb});
        if (!stop_ok) segs.push_back({true, cpb});
    }
    void frame(uint32_t cpb, const uint8_t* b, size_t n) {
        for (size_t i = 0; i < n; i++) bits(cpb, b[i]);
    }
    void level(bool v, uint32_t n) {
        if (n) segs.push_back({v, n});
    }
    bool empty() const { return segs.empty(); }
    void clear() { segs.clear(); }
    // the line's level this cycle
    bool next() {
        if (segs.empty()) return true;
        bool v = segs.front().first;
        if (--segs.front().second == 0) segs.pop_front();
        return v;
    }
};

struct UartRx {
    explicit UartRx(uint32_t cpb_) : cpb(cpb_) {}
    uint32_t cpb;
    int state = 0;   // 0 idle, 1 in a byte
    uint32_t t = 0;
    uint8_t v = 0;
    bool prev = true;
    std::deque<uint8_t> bytes;
    // one cycle of the line; returns true when a byte was completed (appended to bytes)
    bool sample(bool line) {
        bool done = false;
        if (state == 0) {
            if (prev && !line) state = 1, t = 0, v = 0;
        } else {
            t++;
            const uint32_t mid = cpb / 2;
            for (int k = 0; k < 8; k++)
                if (t == mid + (uint32_t)(k + 1) * cpb && line) v |= (uint8_t)(1u << k);
            if (t == mid + 9u * cpb) {
                bytes.push_back(v);
                state = 0;
                done = true;
            }
        }
        prev = line;
        return done;
    }
};

}  // namespace fg
