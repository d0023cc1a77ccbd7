// check_pfc_tx_frames.cpp - frames out of the fg_pfc_tx C model checked against the
// 802.1Qbb / 802.3x layout written here, independently of the model.
//
// The model is driven with random data frames, random m_ready stalls and requests that follow
// the fg_pfc_gen handshake. Every byte that leaves (m_valid && m_ready) is collected into
// frames at m_last. Each output frame must be, in order, either the next data frame the
// client sent (byte for byte), or the control frame expected for the next req_ack:
//   DA 01-80-C2-00-00-01, SA = cfg_src_mac (MSB first), type 0x8808,
//   802.1Qbb: opcode 0x0101, vector {0x00, cev}, time[0..7] MSB first = ctrl_time[n] for
//             classes enabled and XOFF, else 0;
//   802.3x:   opcode 0x0001, one time = the largest ctrl_time of the enabled XOFF classes,
//             0 when there is none;
//   GFC (ctrl_gfc, docs/gfc.md, whatever the mode): opcode 0x0102, vector {0x00, cev},
//             time[n] = ctrl_time[n] (the stage id) for every enabled class, XOFF or not;
//   zero padding to 60 bytes; 4 FCS bytes such that the CRC-32 register (reflected
//   0xEDB88320, preset all ones, computed here) over all 64 bytes ends at the residue
//   0xDEBB20E3.
// The request and configuration are those shown in the cycle req_ack is high. A control
// frame must come after exactly the data frames whose first byte was accepted before its
// req_ack (it waits for the frame in progress, then goes ahead of every later one).
// Prints FRAMES PASS ... or FRAMES FAIL ... (exit 1).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "mac/pfc_tx.h"

namespace {

// xorshift64*: the checker's own stimulus randomness.
struct Rand {
    uint64_t s;
    explicit Rand(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 0x2545F4914F6CDD1Dull;
    }
    uint64_t below(uint64_t n) { return next() % n; }
    bool chance(uint64_t num, uint64_t den) { return below(den) < num; }
};

uint32_t crc_register(const std::vector<uint8_t>& bytes) {
    uint32_t c = 0xFFFFFFFFu;
    for (uint8_t b : bytes) {
        c ^= b;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ ((c & 1u) ? 0xEDB88320u : 0u);
    }
    return c;
}

struct CtrlExpect {
    uint8_t cev, xoff;
    uint16_t time[8];
    bool mode_8023x;
    bool gfc;
    uint64_t mac;
    size_t data_frames_before;  // data frames started before the ack
};

// The first 60 bytes of the control frame, from IEEE 802.1Qbb clause 36 / 802.3 annex 31B.
std::vector<uint8_t> expected_head(const CtrlExpect& e) {
    std::vector<uint8_t> f(60, 0x00);
    const uint8_t da[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
    for (int i = 0; i < 6; i++) f[i] = da[i];
    for (int i = 0; i < 6; i++) f[6 + i] = (uint8_t)(e.mac >> (40 - 8 * i));
    f[12] = 0x88;
    f[13] = 0x08;
    if (e.gfc || !e.mode_8023x) {
        f[14] = 0x01;
        f[15] = e.gfc ? 0x02 : 0x01;
        f[16] = 0x00;
        f[17] = e.cev;
        for (int n = 0; n < 8; n++) {
            bool on = ((e.cev >> n) & 1) && (e.gfc || ((e.xoff >> n) & 1));
            uint16_t t = on ? e.time[n] : 0;
            f[18 + 2 * n] = (uint8_t)(t >> 8);
            f[19 + 2 * n] = (uint8_t)t;
        }
    } else {
        f[14] = 0x00;
        f[15] = 0x01;
        uint16_t t = 0;
        for (int n = 0; n < 8; n++)
            if (((e.cev & e.xoff) >> n) & 1 && e.time[n] > t) t = e.time[n];
        f[16] = (uint8_t)(t >> 8);
        f[17] = (uint8_t)t;
    }
    return f;
}

std::string hex(const std::vector<uint8_t>& v) {
    std::string s;
    char b[4];
    for (uint8_t x : v) {
        std::snprintf(b, sizeof b, "%02x", x);
        s += b;
    }
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    uint64_t seed = 1, cycles = 300000;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if ((a == "--seed" || a == "--cycles") && i + 1 < argc) {
            char* end = nullptr;
            uint64_t v = std::strtoull(argv[++i], &end, 0);
            if (!*argv[i] || *end) {
                std::fprintf(stderr, "error: %s expects a non-negative integer, got '%s'\n", a.c_str(), argv[i]);
                return 2;
            }
            (a == "--seed" ? seed : cycles) = v;
        } else {
            std::fprintf(stderr, "error: unknown option '%s' (usage: --seed N --cycles M)\n", a.c_str());
            return 2;
        }
    }

    Rand r(seed);
    fg_pfc_tx_cfg cfg{};
    fg_pfc_tx_state st{};
    fg_pfc_tx_in in{};
    fg_pfc_tx_out out{};
    fg_pfc_tx_reset(&st, &cfg);
    fg_pfc_tx_outputs(&st, &out);

    std::deque<std::vector<uint8_t>> data_sent;  // complete data frames accepted
    std::vector<uint8_t> data_cur;               // data frame being accepted
    size_t data_started = 0, data_seen = 0;
    std::deque<CtrlExpect> ctrl_expect;
    std::vector<uint8_t> rx;  // output frame being collected
    size_t ctrl_seen = 0, stat_pulses = 0, acks = 0, gfc_frames = 0;
    bool clear_req = false, sending = false;
    uint32_t frame_left = 0;
    uint32_t stall_den = 4, req_den = 100;
    in.cfg_src_mac = 0x020000000001ull;
    for (int n = 0; n < 8; n++) in.ctrl_time[n] = 0xFFFF;

    auto fail = [&](const char* what, uint64_t c) {
        std::printf("FRAMES FAIL seed=%llu cycle=%llu %s\n", (unsigned long long)seed, (unsigned long long)c, what);
        std::exit(1);
    };

    const uint64_t drain_from = cycles;  // after this: no new frames or requests, m_ready high
    for (uint64_t c = 0; c < cycles + 2000; c++) {
        const bool drain = c >= drain_from;
        if (c % 4000 == 0 && !drain) {
            stall_den = (uint32_t)(1 + r.below(8));
            req_den = r.chance(1, 3) ? 4 : (uint32_t)(20 + r.below(500));
            in.cfg_mode_8023x = r.chance(1, 3);
            const bool mixed = r.chance(1, 2);
            const uint16_t q = r.chance(1, 2) ? 0xFFFF : (uint16_t)r.next();
            for (int n = 0; n < 8; n++) in.ctrl_time[n] = mixed ? (uint16_t)r.next() : q;
            in.cfg_src_mac = r.next() & 0xFFFFFFFFFFFFull;
        }
        // request source (fg_pfc_gen handshake)
        if (clear_req) {
            in.req_valid = false;
            in.req_cev = in.req_xoff = 0;
            clear_req = false;
        }
        if (!drain && (r.chance(1, req_den) || (in.req_valid && r.chance(1, 40)))) {
            uint8_t bit = (uint8_t)(1u << r.below(8));
            if (!in.req_valid) in.ctrl_gfc = r.chance(1, 3);
            in.req_valid = true;
            in.req_cev |= bit;
            if (r.chance(1, 2))
                in.req_xoff |= bit;
            else
                in.req_xoff &= (uint8_t)~bit;
            if (r.chance(1, 10)) in.req_xoff |= (uint8_t)r.next();
        }
        if (in.req_valid && r.chance(1, 200)) in.ctrl_gfc = !in.ctrl_gfc;  // the ack cycle's value counts
        if (out.req_ack) {
            acks++;
            CtrlExpect e{in.req_cev, in.req_xoff, {}, in.cfg_mode_8023x, in.ctrl_gfc,
                         in.cfg_src_mac & 0xFFFFFFFFFFFFull, data_started};
            if (in.ctrl_gfc) gfc_frames++;
            std::memcpy(e.time, in.ctrl_time, sizeof e.time);
            ctrl_expect.push_back(e);
            clear_req = true;
        }
        // client offer for this cycle (an offered byte stays until taken; while draining only
        // the frame in progress is finished)
        if (!in.s_valid) {
            if (sending || (!drain && r.chance(1, 3))) {
                if (!sending) {
                    sending = true;
                    frame_left = (uint32_t)(r.chance(1, 6) ? 1 : 1 + r.below(r.chance(1, 5) ? 300 : 70));
                }
                in.s_valid = !r.chance(1, 6);
                in.s_data = (uint8_t)r.next();
                in.s_last = frame_left == 1;
            }
        }
        in.m_ready = drain || !r.chance(1, stall_den);

        const bool accept = in.s_valid && out.s_ready;
        const bool xfer = out.m_valid && in.m_ready;
        const uint8_t xbyte = out.m_data;
        const bool xlast = out.m_last;
        if (accept) {
            if (data_cur.empty()) data_started++;
            data_cur.push_back(in.s_data);
            if (in.s_last) {
                data_sent.push_back(data_cur);
                data_cur.clear();
            }
        }
        fg_pfc_tx_step(&st, &in, &out);
        if (out.stat_tx_ctrl) stat_pulses++;
        if (accept) {
            frame_left--;
            if (frame_left == 0) sending = false;
            in.s_valid = false;
        }
        if (xfer) {
            rx.push_back(xbyte);
            if (xlast) {
                bool is_data = !data_sent.empty() && data_sent.front() == rx;
                if (is_data) {
                    data_sent.pop_front();
                    data_seen++;
                } else {
                    if (ctrl_expect.empty()) fail(("unexpected frame " + hex(rx)).c_str(), c);
                    const CtrlExpect e = ctrl_expect.front();
                    ctrl_expect.pop_front();
                    if (rx.size() != 64)
                        fail(("control frame of " + std::to_string(rx.size()) + " bytes: " + hex(rx)).c_str(), c);
                    std::vector<uint8_t> head(rx.begin(), rx.begin() + 60);
                    std::vector<uint8_t> want = expected_head(e);
                    if (head != want)
                        fail(("control frame\n  got  " + hex(head) + "\n  want " + hex(want)).c_str(), c);
                    uint32_t res = crc_register(rx);
                    if (res != 0xDEBB20E3u) {
                        char b[64];
                        std::snprintf(b, sizeof b, "bad FCS: residue 0x%08x", res);
                        fail(b, c);
                    }
                    if (data_seen != e.data_frames_before) {
                        char b[128];
                        std::snprintf(b, sizeof b, "control frame after %zu data frames, expected after %zu",
                                      data_seen, e.data_frames_before);
                        fail(b, c);
                    }
                    ctrl_seen++;
                }
                rx.clear();
            }
        }
    }
    if (!ctrl_expect.empty() || !data_sent.empty() || !rx.empty())
        fail("frames left over after draining", cycles);
    if (stat_pulses != ctrl_seen) fail("stat_tx_ctrl count differs from control frames seen", cycles);
    if (ctrl_seen == 0 || data_seen == 0 || gfc_frames == 0) fail("nothing was checked", cycles);
    std::printf("FRAMES PASS seed=%llu cycles=%llu control=%zu (gfc %zu) data=%zu acks=%zu\n",
                (unsigned long long)seed, (unsigned long long)cycles, ctrl_seen, gfc_frames, data_seen, acks);
    return 0;
}
