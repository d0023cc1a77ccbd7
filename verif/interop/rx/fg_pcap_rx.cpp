// fg_pcap_rx.cpp - feeds every frame of a pcap through the Verilated receive path
// (fg_pfc_rx -> fg_pfc_timer, verif/interop/rx/fg_pcap_rx_top.v) with the C models
// (cmodel/mac/pfc_rx.c, pfc_timer.c) run beside it in lock-step; any disagreement of any
// output on any cycle ends the run with a LOCKSTEP MISMATCH line and exit status 1.
//
// usage: fg_pcap_rx FILE.pcap [--fcs present|absent|auto] [--accept-8023x 0|1]
//                   [--accept-gfc 0|1] [--quanta-step N] [--gap N]
//   --fcs present   frames in the capture end with their FCS (kept as is, good or bad)
//   --fcs absent    frames have no FCS: a correct one is appended before feeding
//   --fcs auto      (default) present when at least half of the frames of 5 bytes or more
//                   end in a correct FCS, else absent. A capture that is meant to carry bad
//                   FCSs must therefore carry its good ones too (or use --fcs present).
//   --quanta-step   cfg_quanta_step, 24-bit Q8.16 quanta per cycle (default 0: timers hold
//                   what the frames loaded, so a timer line shows exactly time << 16)
//   --accept-gfc    cfg_accept_gfc (default 0, as after reset): GFC frames (opcode 0x0102)
//                   are accepted as reason=gfc with their stage ids, else refused as bad_opcode
//   --gap           idle cycles between frames (default 12, the inter-frame gap; 0 = back to back)
//
// Output: one line per frame, in order,
//   FRAME idx=I len=L verdict=accepted|rejected reason=R [cev=0xCC] [stages=S0,...,S7] timers=T0,...,T7
// (stages: the GFC stage ids of an accepted GFC frame, from pfc_time, decimal)
// where the timers (32-bit hex, quanta << 16) are the RTL's after the edge on which a frame
// accepted at that point would have loaded them; then
//   RESULT frames=N accepted=A rejected=R pfc=.. pause=.. runt=.. bad_fcs=.. bad_da=..
//          bad_opcode=.. not_ctrl=.. gfc=.. fcs=present|absent cycles=C lockstep=ok
// with the counts taken from the RTL's stat_* pulses (what the CSR counters would count).
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "Vpcaprx.h"
#include "common/crc32.h"
#include "mac/pfc_rx.h"
#include "mac/pfc_timer.h"
#include "verilated.h"

namespace {

[[noreturn]] void die(const std::string& msg) {
    std::fprintf(stderr, "fg_pcap_rx: error: %s\n", msg.c_str());
    std::exit(2);
}

uint64_t parse_num(const char* flag, const char* v, uint64_t lo, uint64_t hi) {
    char* end = nullptr;
    errno = 0;
    unsigned long long x = std::strtoull(v, &end, 0);
    if (!v[0] || *end || errno || x < lo || x > hi)
        die(std::string(flag) + " expects an integer in " + std::to_string(lo) + ".." + std::to_string(hi) +
            ", got '" + v + "'");
    return x;
}

struct Pcap {
    std::vector<std::vector<uint8_t>> frames;
    std::vector<bool> cut;  // the capture kept fewer bytes than were on the wire
};

uint32_t rd32(const uint8_t* p, bool swap) {
    uint32_t v = (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
    return swap ? __builtin_bswap32(v) : v;
}

Pcap read_pcap(const std::string& path) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) die("cannot open '" + path + "': " + std::strerror(errno));
    std::vector<uint8_t> d;
    uint8_t buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) d.insert(d.end(), buf, buf + n);
    std::fclose(f);
    if (d.size() < 24) die("'" + path + "' is too short for a pcap global header (24 bytes)");
    uint32_t magic = rd32(d.data(), false);
    bool swap;
    if (magic == 0xa1b2c3d4u || magic == 0xa1b23c4du)
        swap = false;
    else if (magic == 0xd4c3b2a1u || magic == 0x4d3cb2a1u)
        swap = true;
    else
        die("'" + path + "' is not a classic pcap file (magic 0x" + [&] {
            char h[16];
            std::snprintf(h, sizeof h, "%08x", magic);
            return std::string(h);
        }() + "; pcapng is not supported)");
    uint32_t linktype = rd32(d.data() + 20, swap) & 0xFFFFu;
    if (linktype != 1) die("link type " + std::to_string(linktype) + " is not Ethernet (1)");
    Pcap p;
    size_t off = 24;
    while (off < d.size()) {
        if (off + 16 > d.size()) die("record header cut short at byte " + std::to_string(off));
        uint32_t incl = rd32(d.data() + off + 8, swap);
        uint32_t orig = rd32(d.data() + off + 12, swap);
        off += 16;
        if (incl > 262144 || off + incl > d.size())
            die("record " + std::to_string(p.frames.size()) + " length " + std::to_string(incl) +
                " runs past the end of the file");
        p.frames.emplace_back(d.begin() + off, d.begin() + off + incl);
        p.cut.push_back(incl < orig);
        off += incl;
    }
    return p;
}

bool ends_in_good_fcs(const std::vector<uint8_t>& f) {
    if (f.size() < 5) return false;
    uint32_t crc = FG_CRC32_INIT;
    for (uint8_t b : f) crc = fg_crc32_update(crc, b);
    return crc == FG_CRC32_RESIDUE;
}

// The receive path twice: Verilated RTL and the C models, stepped together.
struct Path {
    Vpcaprx top;
    fg_pfc_rx_cfg rx_cfg{};
    fg_pfc_rx_state rx{};
    fg_pfc_rx_out rx_out{};
    fg_pfc_timer_cfg tm_cfg{8};
    fg_pfc_timer_state tm{};
    fg_pfc_timer_out tm_out{};
    bool accept_8023x = true;
    bool accept_gfc = false;
    uint32_t step = 0;
    uint64_t cycle = 0;

    void mismatch(const char* sig, uint64_t rtl, uint64_t model) {
        std::printf("LOCKSTEP MISMATCH test=pcap_rx seed=0 cycle=%llu signal=%s rtl=0x%llx model=0x%llx\n",
                    (unsigned long long)cycle, sig, (unsigned long long)rtl, (unsigned long long)model);
        std::printf("LOCKSTEP FAIL test=pcap_rx cycle=%llu\n", (unsigned long long)cycle);
        std::exit(1);
    }

    void edge(bool rst, bool valid, bool last, uint8_t data) {
        top.rst = rst;
        top.s_valid = valid;
        top.s_last = last;
        top.s_data = data;
        top.cfg_accept_8023x = accept_8023x;
        top.cfg_accept_gfc = accept_gfc;
        top.cfg_quanta_step = step;
        top.clk = 0;
        top.eval();
        top.clk = 1;
        top.eval();
        if (rst) {
            fg_pfc_rx_reset(&rx, &rx_cfg);
            rx_out = rx.out;
            fg_pfc_timer_reset(&tm, &tm_cfg);
            tm_out = fg_pfc_timer_out{};
        } else {
            // the timer sees the parser's registered outputs of the previous edge
            fg_pfc_timer_in ti{};
            ti.pfc_valid = rx_out.pfc_valid;
            ti.pfc_cev = rx_out.pfc_cev;
            std::memcpy(ti.pfc_time, rx_out.pfc_time, sizeof ti.pfc_time);
            ti.cfg_quanta_step = step;
            fg_pfc_rx_in ri{data, valid, last, accept_8023x, accept_gfc};
            fg_pfc_rx_step(&rx, &ri, &rx_out);
            fg_pfc_timer_step(&tm, &ti, &tm_out);
        }
        compare();
        cycle++;
    }

    void compare() {
        if (top.frame_done != rx_out.frame_done) mismatch("frame_done", top.frame_done, rx_out.frame_done);
        if (top.frame_status != rx_out.frame_status) mismatch("frame_status", top.frame_status, rx_out.frame_status);
        if (top.pfc_valid != rx_out.pfc_valid) mismatch("pfc_valid", top.pfc_valid, rx_out.pfc_valid);
        if (top.gfc_valid != rx_out.gfc_valid) mismatch("gfc_valid", top.gfc_valid, rx_out.gfc_valid);
        if (top.pfc_cev != rx_out.pfc_cev) mismatch("pfc_cev", top.pfc_cev, rx_out.pfc_cev);
        for (int n = 0; n < 8; n++) {
            uint16_t r = (uint16_t)(top.pfc_time[n / 2] >> (16 * (n % 2)));
            if (r != rx_out.pfc_time[n]) {
                std::string s = "pfc_time[" + std::to_string(n) + "]";
                mismatch(s.c_str(), r, rx_out.pfc_time[n]);
            }
        }
        const bool rs[8] = {(bool)top.stat_pfc,    (bool)top.stat_pause,      (bool)top.stat_runt,
                            (bool)top.stat_bad_fcs, (bool)top.stat_bad_da,    (bool)top.stat_bad_opcode,
                            (bool)top.stat_not_ctrl, (bool)top.stat_gfc};
        const bool ms[8] = {rx_out.stat_pfc,    rx_out.stat_pause,      rx_out.stat_runt,    rx_out.stat_bad_fcs,
                            rx_out.stat_bad_da, rx_out.stat_bad_opcode, rx_out.stat_not_ctrl, rx_out.stat_gfc};
        static const char* names[8] = {"stat_pfc",    "stat_pause",      "stat_runt",     "stat_bad_fcs",
                                       "stat_bad_da", "stat_bad_opcode", "stat_not_ctrl", "stat_gfc"};
        for (int k = 0; k < 8; k++)
            if (rs[k] != ms[k]) mismatch(names[k], rs[k], ms[k]);
        for (int n = 0; n < 8; n++) {
            if (((top.tx_paused >> n) & 1u) != tm_out.tx_paused[n]) {
                std::string s = "tx_paused[" + std::to_string(n) + "]";
                mismatch(s.c_str(), (top.tx_paused >> n) & 1u, tm_out.tx_paused[n]);
            }
            if (top.timer[n] != tm_out.timer[n]) {
                std::string s = "timer[" + std::to_string(n) + "]";
                mismatch(s.c_str(), top.timer[n], tm_out.timer[n]);
            }
        }
    }
    uint32_t rtl_timer(int n) const { return top.timer[n]; }
};

struct Record {
    size_t len = 0;
    bool have_verdict = false, have_timers = false;
    uint8_t status = 7, cev = 0;
    uint16_t stages[8] = {0};
    uint32_t timers[8] = {0};
};

}  // namespace

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    std::string path, fcs_mode = "auto";
    bool accept_8023x = true;
    bool accept_gfc = false;
    uint32_t step = 0;
    uint64_t gap = 12;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char* {
            if (i + 1 >= argc) die(a + " needs a value");
            return argv[++i];
        };
        if (a == "--fcs") {
            fcs_mode = val();
            if (fcs_mode != "present" && fcs_mode != "absent" && fcs_mode != "auto")
                die("--fcs expects present, absent or auto, got '" + fcs_mode + "'");
        } else if (a == "--accept-8023x") {
            accept_8023x = parse_num("--accept-8023x", val(), 0, 1);
        } else if (a == "--accept-gfc") {
            accept_gfc = parse_num("--accept-gfc", val(), 0, 1);
        } else if (a == "--quanta-step") {
            step = (uint32_t)parse_num("--quanta-step", val(), 0, 0xFFFFFF);
        } else if (a == "--gap") {
            gap = parse_num("--gap", val(), 0, 1000000);
        } else if (a == "--help" || a == "-h") {
            std::printf("usage: %s FILE.pcap [--fcs present|absent|auto] [--accept-8023x 0|1] "
                        "[--accept-gfc 0|1] [--quanta-step N] [--gap N]\n",
                        argv[0]);
            return 0;
        } else if (!a.empty() && a[0] == '-') {
            die("unknown option '" + a + "' (try --help)");
        } else if (path.empty()) {
            path = a;
        } else {
            die("only one pcap file, got '" + path + "' and '" + a + "'");
        }
    }
    if (path.empty()) die("no pcap file given (try --help)");

    Pcap pc = read_pcap(path);
    bool fcs_present;
    if (fcs_mode == "auto") {
        size_t good = 0, considered = 0;
        for (auto& f : pc.frames)
            if (f.size() >= 5) {
                considered++;
                good += ends_in_good_fcs(f);
            }
        fcs_present = considered > 0 && 2 * good >= considered;
        std::printf("INFO fcs=auto: %zu of %zu frames end in a correct FCS -> %s\n", good, considered,
                    fcs_present ? "present" : "absent");
    } else {
        fcs_present = fcs_mode == "present";
    }
    for (size_t k = 0; k < pc.frames.size(); k++) {
        if (pc.cut[k]) std::printf("INFO frame %zu was cut by the capture's snap length\n", k);
        if (!fcs_present) {
            uint32_t fcs = fg_crc32_fcs(pc.frames[k].data(), pc.frames[k].size());
            for (int b = 0; b < 4; b++) pc.frames[k].push_back((uint8_t)(fcs >> (8 * b)));
        }
    }

    Path p;
    p.accept_8023x = accept_8023x;
    p.accept_gfc = accept_gfc;
    p.step = step;
    std::vector<Record> rec(pc.frames.size());
    std::deque<size_t> awaiting_verdict;
    long timers_for = -1;  // frame whose verdict edge was the previous edge
    uint64_t counts[8] = {0};

    auto after_edge = [&]() {
        if (timers_for >= 0) {
            for (int n = 0; n < 8; n++) rec[timers_for].timers[n] = p.rtl_timer(n);
            rec[timers_for].have_timers = true;
            timers_for = -1;
        }
        if (p.top.frame_done) {
            if (awaiting_verdict.empty()) {
                std::printf("CHECK FAIL test=pcap_rx cycle=%llu frame_done without a frame\n",
                            (unsigned long long)p.cycle);
                std::exit(1);
            }
            size_t k = awaiting_verdict.front();
            awaiting_verdict.pop_front();
            rec[k].have_verdict = true;
            rec[k].status = p.top.frame_status;
            rec[k].cev = p.top.pfc_cev;
            for (int n = 0; n < 8; n++) rec[k].stages[n] = (uint16_t)(p.top.pfc_time[n / 2] >> (16 * (n % 2)));
            timers_for = (long)k;
        }
        const bool st[8] = {(bool)p.top.stat_pfc,    (bool)p.top.stat_pause,  (bool)p.top.stat_runt,
                            (bool)p.top.stat_bad_fcs, (bool)p.top.stat_bad_da, (bool)p.top.stat_bad_opcode,
                            (bool)p.top.stat_not_ctrl, (bool)p.top.stat_gfc};
        for (int s = 0; s < 8; s++) counts[s] += st[s];
    };

    p.edge(true, false, false, 0);
    p.edge(true, false, false, 0);
    for (size_t k = 0; k < pc.frames.size(); k++) {
        const auto& f = pc.frames[k];
        rec[k].len = f.size();
        if (f.empty()) {
            std::printf("INFO frame %zu is empty: nothing to feed\n", k);
            continue;
        }
        for (size_t i = 0; i < f.size(); i++) {
            p.edge(false, true, i + 1 == f.size(), f[i]);
            after_edge();
        }
        awaiting_verdict.push_back(k);
        for (uint64_t g = 0; g < gap; g++) {
            p.edge(false, false, false, 0);
            after_edge();
        }
    }
    for (int g = 0; g < 3; g++) {  // let the last verdict and its timer load happen
        p.edge(false, false, false, 0);
        after_edge();
    }

    uint64_t accepted = 0, rejected = 0;
    for (size_t k = 0; k < rec.size(); k++) {
        const Record& r = rec[k];
        if (!r.have_verdict) {
            std::printf("FRAME idx=%zu len=%zu verdict=none reason=empty\n", k, r.len);
            continue;
        }
        const bool gfc = r.status == FG_PFC_RX_ST_GFC;
        bool acc = r.status <= FG_PFC_RX_ST_PAUSE || gfc;
        (acc ? accepted : rejected)++;
        std::printf("FRAME idx=%zu len=%zu verdict=%s reason=%s", k, r.len, acc ? "accepted" : "rejected",
                    fg_pfc_rx_status_name(r.status));
        if (acc) std::printf(" cev=0x%02x", r.cev);
        if (gfc)
            for (int n = 0; n < 8; n++) std::printf("%s%u", n ? "," : " stages=", r.stages[n]);
        std::printf(" timers=");
        for (int n = 0; n < 8; n++) std::printf("%s%08x", n ? "," : "", r.timers[n]);
        std::printf("\n");
    }
    std::printf("RESULT frames=%zu accepted=%llu rejected=%llu", rec.size(), (unsigned long long)accepted,
                (unsigned long long)rejected);
    for (int s = 0; s < 8; s++) std::printf(" %s=%llu", fg_pfc_rx_status_name(s), (unsigned long long)counts[s]);
    std::printf(" fcs=%s cycles=%llu lockstep=ok\n", fcs_present ? "present" : "absent",
                (unsigned long long)p.cycle);
    return 0;
}
