// fg_sim_toy.cpp - the Fig. 2 toy example of seed 000 (see fg_sim_toy.h for the mapping).
#include "fg_sim_args.h"
#include "fg_sim_toy.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

#include "fg_sim_flowctl.h"
#include "fg_sim_network.h"

namespace fg {
namespace sim {

std::string toy_usage() {
    return "usage: fg_sim toy [options]   (seed 000 Fig. 2: X, Y, Z -> one port; Z's latency in slots)\n"
           "  --mode pfc|ppfc      standard PFC (static thresholds) or P-PFC (default pfc)\n"
           "  --switch cmodel|rtl|stub  switch core (default cmodel)\n"
           "  --unit-cells K       cells per unit of data = cycles per slot, 8..4096, even (default 4096)\n"
           "  --window W           slots of Z samples, a multiple of 8, 8..4096 (default 32)\n"
           "  --ports N            switch core ports, 4..32 (default 17, the RTL backend's)\n"
           "  --xy-cells C         cells per packet of X and Y, 2..64 (default 4)\n"
           "  --react R            the switch's share of the one-slot reaction loop, 0..64 cycles\n"
           "                       (default 6; the links are (K - R)/2 cycles)\n"
           "  --link-delay D       link delay in cycles, 2..100000 (overrides --react)\n"
           "  --phase C            X and Y start C cycles after a P-PFC interval boundary\n"
           "                       (default K/2 - K/64)\n"
           "  --ppfc-kmax C        P-PFC gate (ECN_KMAX), cells (default K/2)\n"
           "  --ppfc-holdoff H     P-PFC hold-off, intervals = slots (default 2)\n"
           "  --ppfc-cell-cycles C P-PFC pause scale CELL_CYCLES of P4, 0.004..255 (default 2.0)\n"
           "  --trace FILE.csv     switch trace, one row per cycle\n"
           "  --json               results as one JSON object\n";
}

ToyOptions parse_toy(int argc, char** argv) {
    ToyOptions o;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char* {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        if (a == "--mode") {
            o.mode = val();
            if (o.mode != "pfc" && o.mode != "ppfc") throw std::invalid_argument("--mode '" + o.mode + "': expected pfc or ppfc");
        } else if (a == "--switch") o.core = val();
        else if (a == "--unit-cells") {
            o.unit_cells = uint32_t(arg_uint(a, val(), 8, 4096));
            if (o.unit_cells % 2) throw std::invalid_argument("--unit-cells " + std::to_string(o.unit_cells) + ": must be even (link delay = K/2)");
        } else if (a == "--window") {
            o.window = uint32_t(arg_uint(a, val(), 8, 4096));
            if (o.window % 8) throw std::invalid_argument("--window " + std::to_string(o.window) + ": must be a multiple of 8 (whole periods)");
        } else if (a == "--ports") o.ports = int(arg_uint(a, val(), 4, 32));
        else if (a == "--xy-cells") o.xy_cells = uint32_t(arg_uint(a, val(), 2, 64));
        else if (a == "--link-delay") o.link_delay = uint32_t(arg_uint(a, val(), 2, 100000));
        else if (a == "--react") o.react = uint32_t(arg_uint(a, val(), 0, 64));
        else if (a == "--phase") o.phase = int64_t(arg_uint(a, val(), 0, 65535));
        else if (a == "--ppfc-kmax") o.ppfc_kmax = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--ppfc-holdoff") o.ppfc_holdoff = uint32_t(arg_uint(a, val(), 0, 65535));
        else if (a == "--ppfc-cell-cycles") {
            const char* v = val();
            char* end = nullptr;
            double x = std::strtod(v, &end);
            if (!v[0] || *end || !(x >= 1.0 / 256 && x <= 255))
                throw std::invalid_argument(std::string("--ppfc-cell-cycles '") + v + "': expected a number in 0.004..255");
            o.ppfc_cell_cycles = x;
        } else if (a == "--trace") o.trace = val();
        else if (a == "--json") o.json = true;
        else throw std::invalid_argument("unknown option '" + a + "'\n" + toy_usage());
    }
    return o;
}

int run_toy(const ToyOptions& o) {
    const uint32_t K = o.unit_cells, P = 8, prio = 3;
    const uint32_t D = o.link_delay ? o.link_delay : (K - o.react) / 2;
    const int X = 0, Y = 1, Z = 2, O = 3;
    SwitchParams sp;
    sp.n_ports = o.ports;
    sp.n_prio = int(P);
    sp.total_cells = 16384 + 2 * K * uint32_t(o.ports);  // room for the headroom of every port
    sp.reserve = 0;
    sp.headroom = K;            // per lossless PG: the unit in flight after the pause
    sp.lossless_mask = 1u << prio;
    sp.pause_quanta = 4 * K;    // 4 slots
    sp.refresh_cycles = 0xFFFFFF;
    SwitchConfig sc;
    sc.core = fg_sw_core_cfg{o.ports, int(P), 18, 8, 0};
    sc.csr_writes = switch_register_writes(sp, 18);
    // Static thresholds: XON down first (XON <= XOFF is checked on every write), then XOFF.
    const uint32_t xoff = 3 * K / 2, xon = K / 4;
    for (int i : {X, Y, Z}) {
        uint32_t k = uint32_t(i) * P + prio;
        sc.csr_writes.push_back({uint16_t(FG_REG_XON_ADDR(k)), xon, "XON[" + std::to_string(k) + "]"});
        sc.csr_writes.push_back({uint16_t(FG_REG_XOFF_ADDR(k)), xoff, "XOFF[" + std::to_string(k) + "]"});
    }
    sc.csr_writes.push_back({uint16_t(FG_REG_CTRL_ADDR),
                             (1u << FG_FLD_CTRL_STATIC_MODE_LSB) | (1u << FG_FLD_CTRL_PFC_ENABLE_LSB), "CTRL"});
    uint64_t en_cycle = 0;  // the edge that enables P-PFC (its intervals start there)
    if (o.mode == "ppfc") {
        FlowCtlParams fp;
        fp.ppfc = true;
        fp.ecn = false;
        fp.interval = K;
        fp.horizon = 65535;
        fp.ratio_q16 = 0x10000;
        fp.holdoff = o.ppfc_holdoff;
        fp.kmin = 0;
        fp.kmax = o.ppfc_kmax ? o.ppfc_kmax : K / 2;
        fp.cell_cycles = 0x100;
        // P4's pause scale goes in before the enable (PPFC_CTRL, the last write): the engine's
        // interval counter starts at that write, so the intervals' phase is known (en_cycle).
        for (const auto& w : flowctl_register_writes(fp, o.ports)) {
#ifdef FG_REG_CELL_CYCLES_ADDR
            if (w.what == "PPFC_CTRL")
                sc.csr_writes.push_back({uint16_t(FG_REG_CELL_CYCLES_ADDR(O)),
                                         uint32_t(std::lround(o.ppfc_cell_cycles * 256)), "CELL_CYCLES[P4]"});
#endif
            if (w.what == "PPFC_CTRL") en_cycle = sc.csr_writes.size();
            sc.csr_writes.push_back(w);
        }
    }
    sc.route.assign(o.ports, -1);
    for (int k = 0; k <= O; k++) sc.route[k] = k;
    sc.mon_port = O;
    sc.mon_prio = int(prio);
    sc.sample_every = o.trace.empty() ? 0 : 1;
    std::unique_ptr<TraceWriter> trace;
    if (!o.trace.empty()) trace.reset(new TraceWriter(o.trace));

    Network net;
    SwitchNode& sw = net.add_switch(sc, make_core(o.core, sc.core));
    sw.logic.set_trace(trace.get());
    // X and Y start `phase` cycles after a boundary of the P-PFC interval counter (enabled by
    // the last register write), at least 5 slots after reset: Z starts 4 slots before them.
    const uint64_t cfg_end = sw.logic.config_cycles();
    const uint64_t phase = o.phase >= 0 ? uint64_t(o.phase) : K / 2 - K / 64;
    const uint64_t t_xy = en_cycle + ((cfg_end - en_cycle) / K + 5) * uint64_t(K) + phase;
    const uint32_t calib = 4;
    const uint64_t t_z = t_xy - calib * K;
    std::vector<HostNode*> h;
    for (int id : {X, Y, Z, O}) {
        HostConfig hc;
        hc.id = uint16_t(id);
        if (id != O) {
            FlowSpec f;
            f.flow = uint32_t(id);
            f.dst = uint16_t(O);
            f.prio = uint8_t(prio);
            f.bytes = uint16_t(id == Z ? 64 : 64 * o.xy_cells);
            f.start = id == Z ? t_z : t_xy;
            if (id == Z) {
                f.period = K;
                f.packets = calib + o.window + 8;
            }
            hc.flows.push_back(f);
        }
        h.push_back(&net.add_host(hc));
        net.connect(*h.back(), sw, id, D);
    }
    net.run(t_xy + uint64_t(o.window + 2) * K);  // Z's last sample arrives within its slot
    trace.reset();

    const SwitchStats& s = sw.logic.stats();
    const HostLogic& rx = h[O]->logic;
    auto it = rx.latency().find(uint32_t(Z));
    const std::vector<uint64_t> none;
    const std::vector<uint64_t>& zl = it == rx.latency().end() ? none : it->second.samples();
    if (zl.size() < calib + o.window)
        throw std::runtime_error("toy: Z delivered " + std::to_string(zl.size()) + " packets, expected at least " +
                                 std::to_string(calib + o.window));
    uint64_t base = zl[0];
    for (uint32_t k = 0; k < calib; k++) base = std::min(base, zl[k]);
    double raw_sum = 0;
    long rounded_sum = 0, tail = 0;
    std::string samples;
    for (uint32_t k = calib; k < calib + o.window; k++) {
        double q = (double(zl[k]) - double(base)) / double(K);
        long r = std::lround(q);
        raw_sum += q;
        rounded_sum += r;
        tail = std::max(tail, r);
        samples += (samples.empty() ? "" : ",") + std::to_string(r);
    }
    const double mean = double(rounded_sum) / o.window, mean_raw = raw_sum / o.window;
    const bool consistent = s.protocol_errors == 0 && s.acct_mismatch == 0 && rx.stats().rx_out_of_order == 0 &&
                            s.stat_violation == 0;
    if (o.json) {
        std::printf("{\"scenario\": \"toy\", \"mode\": \"%s\", \"switch\": \"%s\", \"unit_cells\": %u, \"link_delay\": %u, "
                    "\"window_slots\": %u, \"z_base_cycles\": %llu, \"z_mean_slots\": %.4f, \"z_tail_slots\": %ld, "
                    "\"z_mean_raw_slots\": %.4f, \"z_samples\": [%s], \"pfc_std\": %llu, \"pfc_pred\": %llu, "
                    "\"pfc_xon\": %llu, \"queue_peak_cells\": %u, \"queue_peak_units\": %.3f, \"violations\": %llu, "
                    "\"consistent\": %s}\n",
                    o.mode.c_str(), sw.logic.core().name().c_str(), K, D, o.window, (unsigned long long)base, mean, tail,
                    mean_raw, samples.c_str(), (unsigned long long)s.pfc_std, (unsigned long long)s.pfc_pred,
                    (unsigned long long)s.pfc_xon, s.peak_eq_cells, double(s.peak_eq_cells) / K,
                    (unsigned long long)s.stat_violation, consistent ? "true" : "false");
    } else {
        std::printf("toy (seed 000 Fig. 2) mode=%s switch=%s unit=%u cells slot=%u cycles link=%u cycles\n",
                    o.mode.c_str(), sw.logic.core().name().c_str(), K, K, D);
        std::printf("Z queueing delay per slot (slots): %s\n", samples.c_str());
        std::printf("RESULT toy mode=%s switch=%s z_mean=%.3f slots (raw %.3f) z_tail=%ld slots peak_queue=%.2f units "
                    "pfc_std=%llu pfc_pred=%llu (paper: %s)\n",
                    o.mode.c_str(), sw.logic.core().name().c_str(), mean, mean_raw, tail,
                    double(s.peak_eq_cells) / K, (unsigned long long)s.pfc_std, (unsigned long long)s.pfc_pred,
                    o.mode == "pfc" ? "mean 2, tail 4" : "mean 1, tail 2");
    }
    if (!consistent) {
        std::fprintf(stderr, "fg_sim toy: inconsistent run (protocol_errors=%llu acct_mismatch=%llu violations=%llu)%s%s\n",
                     (unsigned long long)s.protocol_errors, (unsigned long long)s.acct_mismatch,
                     (unsigned long long)s.stat_violation, sw.logic.first_error().empty() ? "" : ": ",
                     sw.logic.first_error().c_str());
        return 3;
    }
    return 0;
}

}  // namespace sim
}  // namespace fg
