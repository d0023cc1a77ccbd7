// fg_sim_incast.cpp - the N:1 incast scenario (see fg_sim_incast.h).
#include "fg_sim_incast.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <stdexcept>

#include "fg_headroom.h"
#include "fg_units.h"
#include "fg_sim_network.h"

namespace fg {
namespace sim {

std::string incast_usage() {
    return "usage: fg_sim incast [options]\n"
           "  --senders N          senders (1..FG_SW_MAX_PORTS-1; default 16)\n"
           "  --switch cmodel|rtl|stub   switch core behind the switch node (default cmodel)\n"
           "  --cycles N           cycles to simulate (one cycle = one 64-byte cell at line rate)\n"
           "  --rate GBPS          line rate of every link (default 40)\n"
           "  --link-delay-ns NS   one-way propagation delay of every link (default 1000)\n"
           "  --pkt BYTES          packet size, 64..9216 (default 1024)\n"
           "  --headroom auto|CELLS  per lossless PG (auto: SPEC.md section 2 calculator)\n"
           "  --buffer-kb KB       total switch buffer (default 9216 = 9 MB)\n"
           "  --reserve CELLS      reserved cells per PG (default 16)\n"
           "  --alpha-shift K      dynamic threshold alpha = 2^-K, 0..15 (default 0)\n"
           "  --resume-offset CELLS  resume hysteresis (default 48)\n"
           "  --prio P             priority of the flows, lossless (default 3)\n"
           "  --prios N            switch priorities, 1..8 (default 8)\n"
           "  --pause-quanta Q     XOFF time, 1..65535 (default 65535)\n"
           "  --refresh CYCLES     XOFF refresh interval (default 32768)\n"
           "  --no-pfc             switch sends no PFC frames\n"
           "  --packets N          packets per sender (default 0 = unlimited)\n"
           "  --start-gap CYCLES   sender k starts k*CYCLES after sender 0 (default 0)\n"
           "  --rx-pause CYCLE:QUANTA  the receiver sends a PFC frame for the flows' priority\n"
           "                       (repeatable; QUANTA 0 = XON)\n"
           "  --trace FILE.csv     per-sample switch trace\n"
           "  --sample K           trace every K cycles (default 10)\n"
           "  --core-trace FILE    record the core's inputs of every cycle (for make bench)\n"
           "  --json               print the results as one JSON object\n"
           "  --quiet              no summary lines\n";
}

static uint64_t num(const std::string& opt, const char* v, uint64_t lo, uint64_t hi) {
    char* end = nullptr;
    errno = 0;
    unsigned long long x = std::strtoull(v, &end, 0);
    if (!v[0] || *end || errno || v[0] == '-' || x < lo || x > hi)
        throw std::invalid_argument(opt + " '" + v + "': expected an integer in " + std::to_string(lo) + ".." +
                                    std::to_string(hi));
    return x;
}

static double real(const std::string& opt, const char* v, double lo, double hi) {
    char* end = nullptr;
    errno = 0;
    double x = std::strtod(v, &end);
    if (!v[0] || *end || errno || !(x >= lo && x <= hi)) {
        char b[64];
        std::snprintf(b, sizeof b, "%g..%g", lo, hi);
        throw std::invalid_argument(opt + " '" + v + "': expected a number in " + b);
    }
    return x;
}

IncastOptions parse_incast(int argc, char** argv) {
    IncastOptions o;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char* {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        if (a == "--senders") o.senders = int(num(a, val(), 1, FG_SW_MAX_PORTS - 1));
        else if (a == "--switch") o.core = val();
        else if (a == "--cycles") o.cycles = num(a, val(), 1, 1000000000ull);
        else if (a == "--rate") o.rate_gbps = real(a, val(), 1, 800);
        else if (a == "--link-delay-ns") o.link_delay_ns = real(a, val(), 0, 1e6);
        else if (a == "--pkt") o.pkt_bytes = uint32_t(num(a, val(), 64, 9216));
        else if (a == "--headroom") {
            std::string v = val();
            if (v == "auto") o.headroom_auto = true;
            else o.headroom_auto = false, o.headroom_cells = uint32_t(num(a, v.c_str(), 0, 262143));
        } else if (a == "--buffer-kb") o.buffer_kb = uint32_t(num(a, val(), 1, 16383));
        else if (a == "--reserve") o.reserve = uint32_t(num(a, val(), 0, 262143));
        else if (a == "--alpha-shift") o.alpha_shift = uint32_t(num(a, val(), 0, 15));
        else if (a == "--resume-offset") o.resume_offset = uint32_t(num(a, val(), 0, 262143));
        else if (a == "--prio") o.prio = int(num(a, val(), 0, 7));
        else if (a == "--prios") o.n_prio = int(num(a, val(), 1, 8));
        else if (a == "--pause-quanta") o.pause_quanta = uint32_t(num(a, val(), 1, 65535));
        else if (a == "--refresh") o.refresh = uint32_t(num(a, val(), 1, 0xFFFFFF));
        else if (a == "--no-pfc") o.pfc = false;
        else if (a == "--packets") o.packets = num(a, val(), 0, 1ull << 40);
        else if (a == "--start-gap") o.start_gap = num(a, val(), 0, 1000000);
        else if (a == "--rx-pause") {
            std::string v = val();
            size_t c = v.find(':');
            if (c == std::string::npos) throw std::invalid_argument("--rx-pause '" + v + "': expected CYCLE:QUANTA");
            o.rx_pause.push_back({num("--rx-pause cycle", v.substr(0, c).c_str(), 0, 1000000000ull),
                                  uint32_t(num("--rx-pause quanta", v.substr(c + 1).c_str(), 0, 65535))});
        } else if (a == "--trace") o.trace = val();
        else if (a == "--core-trace") o.core_trace = val();
        else if (a == "--sample") o.sample = uint32_t(num(a, val(), 1, 1000000));
        else if (a == "--json") o.json = true;
        else if (a == "--quiet") o.quiet = true;
        else throw std::invalid_argument("unknown option '" + a + "'\n" + incast_usage());
    }
    if (o.prio >= o.n_prio)
        throw std::invalid_argument("--prio " + std::to_string(o.prio) + ": legal range 0.." +
                                    std::to_string(o.n_prio - 1) + " (--prios " + std::to_string(o.n_prio) + ")");
    return o;
}

int run_incast(const IncastOptions& o) {
    std::clock_t t0 = std::clock();
    const int N = o.senders, rx_port = N;
    const double cycle_ns = 512.0 / o.rate_gbps;  // one 64-byte cell
    const double d = std::round(o.link_delay_ns / cycle_ns);
    if (d < kMinLinkDelay)
        throw std::invalid_argument("--link-delay-ns " + std::to_string(o.link_delay_ns) + ": is " +
                                    std::to_string(int(d)) + " cycles at " + std::to_string(o.rate_gbps) +
                                    " Gb/s; legal range >= " + std::to_string(kMinLinkDelay) + " cycles (" +
                                    std::to_string(kMinLinkDelay * cycle_ns) + " ns)");
    const uint32_t delay = uint32_t(d);
    const uint32_t pkt_cells = cells_of(o.pkt_bytes);

    // Headroom from the project's calculator (sw/lib/fg_headroom.c). Its mtu is the IP MTU
    // (frame = mtu + 22 B of header, tag and FCS, + 20 B preamble and IFG on the wire); our
    // packets are frames of pkt_bytes, so mtu = pkt_bytes - 22. The cable is given in metres.
    fg_headroom_in hin;
    fg_headroom_defaults(&hin);  // reaction from the Annex 31B table, PHY delay 100 ns
    hin.rate_gbps = o.rate_gbps;
    hin.cable_m = o.link_delay_ns / FG_CABLE_NS_PER_M;
    hin.mtu = o.pkt_bytes - 22;
    hin.cell_bytes = kCellBytes;
    fg_headroom_out calc;
    char msg[256];
    if (fg_headroom_compute(&hin, &calc, msg, sizeof msg) != 0)
        throw std::invalid_argument(std::string("headroom calculator: ") + msg);
    char breakdown[256];
    std::snprintf(breakdown, sizeof breakdown,
                  "frame %llu + pfc %llu + 2*cable %llu + reaction %llu (%u quanta) + frame %llu + phy %llu = %llu B",
                  (unsigned long long)calc.max_frame_rx, (unsigned long long)calc.pfc_frame,
                  (unsigned long long)calc.cable, (unsigned long long)calc.reaction, calc.reaction_quanta,
                  (unsigned long long)calc.max_frame_tx, (unsigned long long)calc.phy,
                  (unsigned long long)calc.total_bytes);
    const uint32_t calc_cells = uint32_t(calc.total_cells);

    SwitchParams sp;
    sp.n_ports = N + 1;
    sp.n_prio = o.n_prio;
    sp.total_cells = uint32_t(uint64_t(o.buffer_kb) * 1024 / kCellBytes);
    sp.reserve = o.reserve;
    sp.headroom = o.headroom_auto ? calc_cells : o.headroom_cells;
    sp.alpha_shift = o.alpha_shift;
    sp.resume_offset = o.resume_offset;
    sp.lossless_mask = 1u << o.prio;
    sp.pause_quanta = o.pause_quanta;
    sp.refresh_cycles = o.refresh;
    sp.pfc_enable = o.pfc;
    SwitchConfig sc;
    sc.core = fg_sw_core_cfg{N + 1, o.n_prio, 18, 8};
    sc.csr_writes = switch_register_writes(sp, sc.core.cw);
    sc.route.resize(N + 1);
    for (int k = 0; k <= N; k++) sc.route[k] = k;
    sc.mon_port = rx_port;
    sc.mon_prio = o.prio;
    sc.sample_every = o.trace.empty() ? 0 : o.sample;
    std::unique_ptr<CoreBackend> core = make_core(o.core, sc.core);
    if (!o.core_trace.empty()) core = record_core(std::move(core), o.core_trace, sc.core);

    std::unique_ptr<TraceWriter> trace;
    if (!o.trace.empty()) trace.reset(new TraceWriter(o.trace));

    Network net;
    SwitchNode& sw = net.add_switch(sc, std::move(core));
    sw.logic.set_trace(trace.get());
    const uint64_t start = sw.logic.config_cycles() + 8;  // traffic after the register writes
    for (int k = 0; k < N; k++) {
        HostConfig h;
        h.id = uint16_t(k);
        FlowSpec f;
        f.flow = uint32_t(k);
        f.dst = uint16_t(rx_port);
        f.prio = uint8_t(o.prio);
        f.bytes = uint16_t(o.pkt_bytes);
        f.start = start + o.start_gap * k;
        f.packets = o.packets;
        h.flows.push_back(f);
        net.connect(net.add_host(h), sw, k, delay);
    }
    HostConfig rh;
    rh.id = uint16_t(rx_port);
    for (const auto& rp : o.rx_pause) {
        ScriptedPfc s;
        s.cycle = rp.first;
        s.cev = uint8_t(1u << o.prio);
        s.time[o.prio] = uint16_t(rp.second);
        rh.pfc_script.push_back(s);
    }
    HostNode& receiver = net.add_host(rh);
    net.connect(receiver, sw, rx_port, delay);
    net.run(o.cycles);
    double cpu = double(std::clock() - t0) / CLOCKS_PER_SEC;

    const SwitchStats& s = sw.logic.stats();
    const HostStats& r = receiver.logic.stats();
    uint64_t tx_packets = 0, paused_cycles = 0;
    for (int k = 0; k < N; k++) {
        tx_packets += net.hosts()[k]->logic.stats().tx_packets;
        paused_cycles += net.hosts()[k]->logic.stats().paused_cycles[o.prio];
    }
    const uint64_t window = o.cycles > start + 2 * delay ? o.cycles - start - 2 * delay : 1;
    const double util = double(r.rx_cells) / double(window);
    const double peak_kb = s.peak_eq_cells * double(kCellBytes) / 1024.0;
    const double lat_avg_us = r.rx_packets ? r.latency_sum * cycle_ns / 1000.0 / r.rx_packets : 0;
    const double lat_max_us = r.latency_max * cycle_ns / 1000.0;
    const double paused_frac = double(paused_cycles) / (double(N) * double(o.cycles));
    const bool consistent = s.protocol_errors == 0 && s.acct_mismatch == 0 && r.rx_out_of_order == 0 &&
                            sw.logic.node_drops() == s.stat_drop + s.stat_violation;

    if (o.json) {
        std::printf(
            "{\"scenario\": \"incast\", \"switch\": \"%s\", \"senders\": %d, \"cycles\": %llu, \"rate_gbps\": %g, "
            "\"cycle_ns\": %g, \"link_delay_cycles\": %u, \"pkt_bytes\": %u, \"pkt_cells\": %u, "
            "\"headroom_cells\": %u, \"headroom_auto\": %s, \"headroom_calc_cells\": %u, \"total_cells\": %u, "
            "\"shared_pool_cells\": %lld, \"queue_peak_cells\": %u, \"queue_peak_kb\": %.1f, \"queue_peak_cycle\": %llu, "
            "\"shared_peak_cells\": %u, \"hdrm_peak_cells\": %u, \"pfc_frames\": %llu, \"pfc_xoff\": %llu, "
            "\"pfc_xon\": %llu, \"pfc_rx\": %llu, \"drops\": %llu, \"violations\": %llu, \"node_drops\": %llu, "
            "\"tx_packets\": %llu, \"rx_packets\": %llu, \"rx_util\": %.4f, \"latency_avg_us\": %.3f, "
            "\"latency_max_us\": %.3f, \"sender_paused_frac\": %.4f, \"acct_mismatch\": %llu, "
            "\"protocol_errors\": %llu, \"out_of_order\": %llu, \"consistent\": %s, \"cpu_s\": %.2f, "
            "\"trace\": \"%s\"}\n",
            sw.logic.core().name().c_str(), N, (unsigned long long)o.cycles, o.rate_gbps, cycle_ns, delay,
            o.pkt_bytes, pkt_cells, sp.headroom, o.headroom_auto ? "true" : "false", calc_cells, sp.total_cells,
            (long long)shared_pool_cells(sp), s.peak_eq_cells, peak_kb, (unsigned long long)s.peak_eq_cycle,
            s.peak_shared, s.peak_hdrm, (unsigned long long)s.pfc_tx, (unsigned long long)s.pfc_xoff,
            (unsigned long long)s.pfc_xon, (unsigned long long)s.pfc_rx, (unsigned long long)s.stat_drop,
            (unsigned long long)s.stat_violation, (unsigned long long)sw.logic.node_drops(), (unsigned long long)tx_packets,
            (unsigned long long)r.rx_packets, util, lat_avg_us, lat_max_us, paused_frac,
            (unsigned long long)s.acct_mismatch, (unsigned long long)s.protocol_errors,
            (unsigned long long)r.rx_out_of_order, consistent ? "true" : "false", cpu, o.trace.c_str());
    } else if (!o.quiet) {
        std::printf("incast %d:1 switch=%s cycles=%llu (%.1f us, %.2f ns/cycle at %g Gb/s) link=%u cycles pkt=%u B (%u cells)\n",
                    N, sw.logic.core().name().c_str(), (unsigned long long)o.cycles, o.cycles * cycle_ns / 1000,
                    cycle_ns, o.rate_gbps, delay, o.pkt_bytes, pkt_cells);
        std::printf("headroom %u cells/PG (%s; calculator: %u cells = %s)\n", sp.headroom,
                    o.headroom_auto ? "auto" : "set", calc_cells, breakdown);
        std::printf("RESULT switch=%s queue_peak=%u cells (%.1f KB) at cycle %llu pfc_frames=%llu (xoff %llu, xon %llu) "
                    "drops=%llu violations=%llu rx_util=%.3f latency_avg=%.2f us max=%.2f us cpu=%.2fs\n",
                    sw.logic.core().name().c_str(), s.peak_eq_cells, peak_kb, (unsigned long long)s.peak_eq_cycle,
                    (unsigned long long)s.pfc_tx, (unsigned long long)s.pfc_xoff, (unsigned long long)s.pfc_xon,
                    (unsigned long long)s.stat_drop, (unsigned long long)s.stat_violation, util, lat_avg_us,
                    lat_max_us, cpu);
    }
    if (!consistent) {
        std::fprintf(stderr,
                     "fg_sim: inconsistent run: protocol_errors=%llu acct_mismatch=%llu out_of_order=%llu "
                     "node_drops=%llu core_drops=%llu%s%s\n",
                     (unsigned long long)s.protocol_errors, (unsigned long long)s.acct_mismatch,
                     (unsigned long long)r.rx_out_of_order, (unsigned long long)sw.logic.node_drops(),
                     (unsigned long long)(s.stat_drop + s.stat_violation),
                     sw.logic.first_error().empty() ? "" : "; first: ", sw.logic.first_error().c_str());
        return 3;
    }
    return 0;
}

}  // namespace sim
}  // namespace fg
