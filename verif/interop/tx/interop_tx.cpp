// interop_tx.cpp - transmit-side interop: the Verilated RTL (fg_pfc_gen -> fg_pfc_tx, top
// verif/interop/tx/fg_interop_tx_top.v) runs a scripted scenario and every frame it
// transmits goes into a pcap file (LINKTYPE_ETHERNET, frames WITH their 4-byte FCS, so the
// reader must be told: tshark -o eth.fcs:Always). Next to it a JSON file lists what the
// scenario configured and, per control frame it provokes, what that frame must carry - from
// the scenario's intent, not from the RTL. verif/interop/tx/check_pfc_tx.py compares the
// two through tshark.
//
// Scenario (1 cycle = 8 ns, a 1 GbE byte-wide port at 125 MHz; cfg_refresh = 3000 cycles):
//   XOFF on priority 3, then on 5, then on 1 and 2 in the same cycle (one frame with two
//   classes); each is refreshed 3000 cycles after its XOFF left; XON on 3; in one cycle a
//   standard XOFF on 6 and a predictive XOFF on 3 with its own time 0x0123 (one frame with
//   mixed times); XON on 1, 2, 5, 6 in one frame; a GFC stage frame (opcode 0x0102, docs/gfc.md:
//   stage 3 on priority 0, stage 17 on priority 3); then 802.3x mode with quanta 0x1000: PAUSE
//   (XOFF on 0) and PAUSE time 0; then a GFC frame in 802.3x mode (it keeps the 802.1Qbb
//   layout: stage 0 = line rate again on priority 7).
//   Client data frames (EtherType 0x88B5, own FCS) run all the time, so control frames wait
//   for data frames in progress; m_ready drops one cycle in seven. Timestamps (nanosecond
//   pcap) are the cycle each frame's first byte left, so the checker can time the refreshes.
//
// Usage: fg_interop_tx --pcap FILE --json FILE
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vtop.h"
#include "verilated.h"

namespace {

constexpr uint64_t kSrcMac = 0x026667000001ull;  // 02:66:67:00:00:01, locally administered
constexpr uint32_t kRefresh = 3000;
constexpr uint16_t kQuantaPfc = 0xFFFF;
constexpr uint16_t kQuantaPause = 0x1000;
constexpr uint16_t kQuantaPred = 0x0123;  // a predictive pause's own time
constexpr uint64_t kEnd = 6600;
constexpr double kNsPerCycle = 8.0;

struct Expect {
    std::string kind;  // "pfc", "pause" or "gfc"
    uint8_t cev;
    uint16_t times[8];  // pfc: per class; pause: times[0]
    std::string why;
    int refresh_of;  // index of the frame this one refreshes, or -1
};

Expect pfc(uint8_t cev, uint8_t xoff, uint16_t q, const std::string& why) {
    Expect e{"pfc", cev, {0}, why, -1};
    for (int n = 0; n < 8; n++) e.times[n] = ((cev >> n) & 1) && ((xoff >> n) & 1) ? q : 0;
    return e;
}
Expect gfc(uint8_t cev, const uint16_t* stage, const std::string& why) {
    Expect e{"gfc", cev, {0}, why, -1};
    for (int n = 0; n < 8; n++) e.times[n] = ((cev >> n) & 1) ? stage[n] : 0;
    return e;
}
Expect pause(uint16_t t, const std::string& why) {
    Expect e{"pause", 0xFF, {0}, why, -1};
    e.times[0] = t;
    return e;
}

uint32_t fcs_of(const std::vector<uint8_t>& b) {
    uint32_t c = 0xFFFFFFFFu;
    for (uint8_t x : b) {
        c ^= x;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ ((c & 1u) ? 0xEDB88320u : 0u);
    }
    return ~c;
}

void put32(FILE* f, uint32_t v) { std::fwrite(&v, 4, 1, f); }  // host order, as the magic
void put16(FILE* f, uint16_t v) { std::fwrite(&v, 2, 1, f); }

}  // namespace

int main(int argc, char** argv) {
    std::string pcap_path, json_path;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--pcap" && i + 1 < argc) {
            pcap_path = argv[++i];
        } else if (a == "--json" && i + 1 < argc) {
            json_path = argv[++i];
        } else {
            std::fprintf(stderr, "error: unknown option '%s' (usage: --pcap FILE --json FILE)\n", a.c_str());
            return 2;
        }
    }
    if (pcap_path.empty() || json_path.empty()) {
        std::fprintf(stderr, "error: --pcap FILE and --json FILE are both required\n");
        return 2;
    }
    FILE* pf = std::fopen(pcap_path.c_str(), "wb");
    if (!pf) {
        std::fprintf(stderr, "error: cannot write %s\n", pcap_path.c_str());
        return 2;
    }
    // pcap global header: magic (nanosecond timestamps), v2.4, GMT offset 0, sigfigs 0,
    // snaplen, LINKTYPE_ETHERNET
    put32(pf, 0xA1B23C4Du);
    put16(pf, 2);
    put16(pf, 4);
    put32(pf, 0);
    put32(pf, 0);
    put32(pf, 65535);
    put32(pf, 1);

    std::vector<Expect> expect;
    // Pause levels over time; each change provokes the frame listed with it.
    struct Step {
        uint64_t cycle;
        uint8_t paused;
        int mode;  // -1 keep, else cfg_mode_8023x
        uint16_t quanta;
        int pp_prio;  // -1: none, else a predictive request for that class, kQuantaPred
        int gfc;      // -1: none, else index into gfc_reqs: a GFC request raised this cycle
    };
    struct GfcReq {
        uint8_t cev;
        uint16_t stage[8];
    };
    const GfcReq gfc_reqs[] = {
        {0x09, {3, 0, 0, 17, 0, 0, 0, 0}},  // stage 3 on priority 0, 17 on priority 3
        {0x80, {0, 0, 0, 0, 0, 0, 0, 0}},   // priority 7 back to stage 0 (line rate)
    };
    const Step steps[] = {
        {100, 0x08, -1, kQuantaPfc, -1, -1},    // XOFF 3
        {600, 0x28, -1, kQuantaPfc, -1, -1},    // XOFF 5
        {1100, 0x2E, -1, kQuantaPfc, -1, -1},   // XOFF 1 and 2 together
        {4700, 0x26, -1, kQuantaPfc, -1, -1},   // XON 3 (after the refreshes of 3, 5, 1+2)
        {4900, 0x66, -1, kQuantaPfc, 3, -1},    // XOFF 6 (standard) + predictive XOFF 3
        {5100, 0x00, -1, kQuantaPfc, -1, -1},   // XON 1, 2, 5, 6 together
        {5300, 0x00, -1, kQuantaPfc, -1, 0},    // GFC: stages 3 and 17
        {5500, 0x00, 1, kQuantaPause, -1, -1},  // 802.3x mode, quanta 0x1000
        {5700, 0x01, -1, kQuantaPause, -1, -1}, // PAUSE
        {6100, 0x00, -1, kQuantaPause, -1, -1}, // PAUSE time 0
        {6250, 0x00, -1, kQuantaPause, -1, 1},  // GFC in 802.3x mode: still opcode 0x0102
    };
    expect.push_back(pfc(0x08, 0x08, kQuantaPfc, "XOFF priority 3"));
    expect.push_back(pfc(0x20, 0x20, kQuantaPfc, "XOFF priority 5"));
    expect.push_back(pfc(0x06, 0x06, kQuantaPfc, "XOFF priorities 1 and 2 (one frame)"));
    expect.push_back(pfc(0x08, 0x08, kQuantaPfc, "refresh priority 3"));
    expect.back().refresh_of = 0;
    expect.push_back(pfc(0x20, 0x20, kQuantaPfc, "refresh priority 5"));
    expect.back().refresh_of = 1;
    expect.push_back(pfc(0x06, 0x06, kQuantaPfc, "refresh priorities 1 and 2"));
    expect.back().refresh_of = 2;
    expect.push_back(pfc(0x08, 0x00, kQuantaPfc, "XON priority 3"));
    expect.push_back(pfc(0x48, 0x48, kQuantaPfc, "XOFF 6 standard + predictive XOFF 3 (mixed times)"));
    expect.back().times[3] = kQuantaPred;
    expect.push_back(pfc(0x66, 0x00, kQuantaPfc, "XON priorities 1, 2, 5, 6 (one frame)"));
    expect.push_back(gfc(gfc_reqs[0].cev, gfc_reqs[0].stage, "GFC stage 3 on priority 0, 17 on priority 3"));
    expect.push_back(pause(kQuantaPause, "802.3x PAUSE"));
    expect.push_back(pause(0, "802.3x PAUSE time 0 (resume)"));
    expect.push_back(gfc(gfc_reqs[1].cev, gfc_reqs[1].stage, "GFC in 802.3x mode: priority 7 back to stage 0"));

    std::unique_ptr<Vtop> top(new Vtop);
    top->cfg_enable = 1;
    top->cfg_refresh = kRefresh;
    top->cfg_mode_8023x = 0;
    top->cfg_pause_quanta = kQuantaPfc;
    top->cfg_src_mac = kSrcMac;
    top->paused = 0;
    top->s_valid = 0;
    top->m_ready = 1;
    top->gfc_valid = 0;

    // client data frames: 60..180 bytes + FCS, a new one 150 cycles after the last ended
    std::vector<uint8_t> data;
    size_t data_pos = 0;
    uint64_t next_data = 40;
    uint32_t data_no = 0;
    int data_frames_sent = 0;

    std::vector<uint8_t> rx;
    uint64_t rx_first_cycle = 0;
    int n_ctrl = 0, n_data = 0, n_frames = 0;
    uint64_t lcg = 12345;

    size_t step_i = 0;
    top->rst = 1;
    for (uint64_t c = 0; c < kEnd; c++) {
        if (c == 2) top->rst = 0;
        top->pp_valid = 0;
        while (step_i < sizeof steps / sizeof steps[0] && steps[step_i].cycle == c) {
            if (steps[step_i].pp_prio >= 0) {
                top->pp_valid = 1;
                top->pp_prio = (uint8_t)steps[step_i].pp_prio;
                top->pp_quanta = kQuantaPred;
            }
            top->paused = steps[step_i].paused;
            if (steps[step_i].mode >= 0) top->cfg_mode_8023x = steps[step_i].mode;
            top->cfg_pause_quanta = steps[step_i].quanta;
            if (steps[step_i].gfc >= 0) {  // held until gfc_ack, like fg_gfc_stage's request
                const GfcReq& g = gfc_reqs[steps[step_i].gfc];
                top->gfc_valid = 1;
                top->gfc_cev = g.cev;
                for (int n = 0; n < 8; n++) {
                    uint32_t& w = top->gfc_stage[n / 2];
                    const int sh = 16 * (n % 2);
                    w = (w & ~(0xFFFFu << sh)) | ((uint32_t)g.stage[n] << sh);
                }
            }
            step_i++;
        }
        // client
        if (data.empty() && c >= next_data && c < kEnd - 400) {
            lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
            size_t len = 60 + (lcg >> 33) % 121;
            data.assign(len, 0);
            for (int i = 0; i < 6; i++) data[i] = (uint8_t)(0x02 + (i == 5));  // 02:02:02:02:02:03
            for (int i = 0; i < 6; i++) data[6 + i] = (uint8_t)(kSrcMac >> (40 - 8 * i));
            data[12] = 0x88;
            data[13] = 0xB5;  // local experimental EtherType
            data[14] = (uint8_t)(data_no >> 8);
            data[15] = (uint8_t)data_no;
            for (size_t i = 16; i < len; i++) data[i] = (uint8_t)(i * 13 + data_no);
            uint32_t f = fcs_of(data);
            for (int i = 0; i < 4; i++) data.push_back((uint8_t)(f >> (8 * i)));
            data_no++;
            data_pos = 0;
        }
        top->s_valid = !data.empty();
        top->s_data = data.empty() ? 0 : data[data_pos];
        top->s_last = !data.empty() && data_pos + 1 == data.size();
        top->m_ready = (c % 7) != 3;

        const bool accept = !top->rst && top->s_valid && top->s_ready;
        const bool xfer = !top->rst && top->m_valid && top->m_ready;
        const uint8_t xbyte = top->m_data;
        const bool xlast = top->m_last;
        const bool gfc_taken = top->gfc_ack;  // shown this cycle: the request is taken on this edge

        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();

        if (gfc_taken) top->gfc_valid = 0;
        if (accept) {
            data_pos++;
            if (data_pos == data.size()) {
                data.clear();
                data_frames_sent++;
                next_data = c + 150;
            }
        }
        if (xfer) {
            if (rx.empty()) rx_first_cycle = c;
            rx.push_back(xbyte);
            if (xlast) {
                // timestamp: the cycle the first byte left
                uint64_t t_ns = (uint64_t)(rx_first_cycle * kNsPerCycle);
                put32(pf, (uint32_t)(t_ns / 1000000000u));
                put32(pf, (uint32_t)(t_ns % 1000000000u));
                put32(pf, (uint32_t)rx.size());
                put32(pf, (uint32_t)rx.size());
                std::fwrite(rx.data(), 1, rx.size(), pf);
                bool is_ctrl = rx.size() >= 14 && rx[12] == 0x88 && rx[13] == 0x08;
                (is_ctrl ? n_ctrl : n_data)++;
                n_frames++;
                rx.clear();
            }
        }
    }
    top->final();
    std::fclose(pf);

    FILE* jf = std::fopen(json_path.c_str(), "w");
    if (!jf) {
        std::fprintf(stderr, "error: cannot write %s\n", json_path.c_str());
        return 2;
    }
    std::fprintf(jf, "{\n  \"pcap\": \"%s\",\n  \"fcs_included\": true,\n", pcap_path.c_str());
    std::fprintf(jf, "  \"src_mac\": \"%02x:%02x:%02x:%02x:%02x:%02x\",\n", (unsigned)(kSrcMac >> 40) & 0xFF,
                 (unsigned)(kSrcMac >> 32) & 0xFF, (unsigned)(kSrcMac >> 24) & 0xFF, (unsigned)(kSrcMac >> 16) & 0xFF,
                 (unsigned)(kSrcMac >> 8) & 0xFF, (unsigned)kSrcMac & 0xFF);
    std::fprintf(jf, "  \"cfg_refresh_cycles\": %u,\n  \"ns_per_cycle\": %.1f,\n", kRefresh, kNsPerCycle);
    // A due refresh may wait for a data frame in progress: <= 184 bytes at 6/7 of the byte
    // rate, about 215 cycles; 300 leaves room for the handshake cycles.
    std::fprintf(jf, "  \"refresh_slack_cycles\": 300,\n");
    std::fprintf(jf, "  \"data_frames_sent\": %d,\n  \"control_frames\": [\n", data_frames_sent);
    for (size_t i = 0; i < expect.size(); i++) {
        const Expect& e = expect[i];
        std::fprintf(jf, "    {\"kind\": \"%s\", \"cev\": %u, \"times\": [", e.kind.c_str(), e.cev);
        int nt = e.kind == "pause" ? 1 : 8;
        for (int n = 0; n < nt; n++) std::fprintf(jf, "%s%u", n ? ", " : "", e.times[n]);
        std::fprintf(jf, "], \"refresh_of\": %d, \"why\": \"%s\"}%s\n", e.refresh_of, e.why.c_str(),
                     i + 1 < expect.size() ? "," : "");
    }
    std::fprintf(jf, "  ]\n}\n");
    std::fclose(jf);
    std::printf("INTEROP TX wrote %s: %d frames (%d control, %d data), %llu cycles; expectations in %s\n",
                pcap_path.c_str(), n_frames, n_ctrl, n_data, (unsigned long long)kEnd, json_path.c_str());
    return 0;
}
