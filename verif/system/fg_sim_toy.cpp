// fg_sim_toy.cpp - the Fig. 2 toy example of seed 000 (see fg_sim_toy.h for the mapping).
#include "fg_sim_args.h"
#include "fg_sim_toy.h"

#include <algorithm>
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
           "                       (default: pfc 6; ppfc 6 + the engine's decision time, N + 9 = 26\n"
           "                       on the 17-port core; the links are (K - R)/2 cycles)\n"
           "  --link-delay D       link delay in cycles, 2..100000 (overrides --react)\n"
           "  --phase C            X and Y start C cycles after a P-PFC interval boundary\n"
           "                       (default: their first packets are queued on a boundary)\n"
           "  --ppfc-kmax C        P-PFC gate (ECN_KMAX), cells (default K/2)\n"
           "  --ppfc-holdoff H     P-PFC hold-off, intervals = slots (default 2)\n"
           "  --ppfc-cell-cycles C P-PFC pause scale CELL_CYCLES of P4, 0.004..255 (default 2.0)\n"
           "  --trace FILE.csv     switch trace, one row per cycle\n"
           "  --json               results as one JSON object\n"
           "  --verbose            slot-by-slot timeline on stderr: at every P-PFC interval boundary the\n"
           "                       queue, X's and Y's PG occupancy and increment, who is paused, the\n"
           "                       pause frames sent (cycle in the slot, length), Z's delay\n";
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
        else if (a == "--react") o.react = int(arg_uint(a, val(), 0, 64));
        else if (a == "--phase") o.phase = int64_t(arg_uint(a, val(), 0, 65535));
        else if (a == "--ppfc-kmax") o.ppfc_kmax = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--ppfc-holdoff") o.ppfc_holdoff = uint32_t(arg_uint(a, val(), 0, 65535));
        else if (a == "--ppfc-cell-cycles") o.ppfc_cell_cycles = arg_real(a, val(), 1.0 / 256, 255);
        else if (a == "--trace") o.trace = val();
        else if (a == "--json") o.json = true;
        else if (a == "--verbose") o.verbose = true;
        else throw std::invalid_argument("unknown option '" + a + "'\n" + toy_usage());
    }
    return o;
}

namespace {

// Watches the switch core and the senders on the falling clock edge (after every node's
// rising edge of the cycle, so the order SystemC runs them in does not matter) and keeps what
// the window's statistics and the --verbose timeline need: per cycle the pause frames the
// switch sends to X and Y (their time in quanta = cycles here: PAUSE_QUANTA 4K is 4 slots),
// when the switch sets X's and Y's PG paused, when their pause timers run and the queue peak;
// at every P-PFC interval boundary a snapshot of the queue and of X's and Y's PG occupancy
// (ingress + headroom cells, what the engine differentiates). It changes nothing.
struct ToyFrame {
    uint64_t cycle;  // edge the frame leaves the switch
    int port;
    uint32_t quanta; // XOFF time (0: XON)
    bool pred;
};
struct ToySnap {
    uint64_t cycle;
    uint32_t queue, occ[2];
    bool sw_paused[2], host_paused[2];
};

SC_MODULE(ToyProbe) {
    sc_core::sc_in<bool> clk;
    SC_HAS_PROCESS(ToyProbe);
    ToyProbe(sc_core::sc_module_name name, const SwitchLogic& sw, const HostLogic* hx, const HostLogic* hy, int o,
             int prio, uint64_t first_boundary, uint32_t interval, uint64_t win_start, uint64_t win_end)
        : sc_core::sc_module(name), sw_(sw), o_(o), prio_(prio), next_(first_boundary), interval_(interval),
          win_start_(win_start), win_end_(win_end) {
        host_[0] = hx;
        host_[1] = hy;
        SC_METHOD(on_neg);
        sensitive << clk.neg();
        dont_initialize();
    }
    std::vector<ToyFrame> frames;
    std::vector<ToySnap> snaps;
    std::vector<std::pair<uint64_t, uint64_t>> host_pause[2];  // [start, end) cycles, per sender
    std::vector<std::pair<uint64_t, int>> xoff_set;  // (cycle, sender): the switch sets PG paused
    uint32_t win_peak = 0;  // peak of the queue (cells) over the window

   private:
    void on_neg() {
        const uint64_t now = current_cycle();
        const fg_sw_core_out& co = sw_.core_out();
        if (now >= win_start_ && now < win_end_) win_peak = std::max(win_peak, co.egress_cnt[o_][prio_]);
        for (int k = 0; k < 2; k++) {
            // A request pending after edge `now` leaves at edge now+1 (nothing else uses the link).
            const bool v = co.tx_ctrl_valid[k] && !co.tx_ctrl_gfc[k] && ((co.tx_ctrl_cev[k] >> prio_) & 1u);
            if (v && !req_[k]) {
                const bool xoff = (co.tx_ctrl_xoff[k] >> prio_) & 1u;
                frames.push_back({now + 1, k, xoff ? co.tx_ctrl_time[k][prio_] : 0u,
                                  xoff && ((co.tx_ctrl_pred[k] >> prio_) & 1u)});
            }
            req_[k] = v;
            const bool sp = co.paused[k][prio_];
            if (sp && !sp_[k]) xoff_set.push_back({now, k});
            sp_[k] = sp;
            const bool hp = host_[k]->paused(prio_);
            if (hp && !hp_[k]) host_pause[k].push_back({now, 0});
            if (!hp && hp_[k]) host_pause[k].back().second = now;
            hp_[k] = hp;
        }
        if (now == next_) {
            ToySnap s{now, co.egress_cnt[o_][prio_], {0, 0}, {false, false}, {false, false}};
            for (int k = 0; k < 2; k++) {
                s.occ[k] = co.ingress_cnt[k][prio_] + co.hdrm_cnt[k][prio_];
                s.sw_paused[k] = co.paused[k][prio_];
                s.host_paused[k] = hp_[k];
            }
            snaps.push_back(s);
            next_ += interval_;
        }
    }
    const SwitchLogic& sw_;
    const HostLogic* host_[2];
    int o_, prio_;
    uint64_t next_;
    uint32_t interval_;
    uint64_t win_start_, win_end_;
    bool req_[2] = {false, false}, hp_[2] = {false, false}, sp_[2] = {false, false};
};

// The timeline of --verbose (stderr), one line per P-PFC interval boundary b: the state the
// engine samples at b (queue, X's and Y's PG occupancy, their increments over the interval
// that ends at b), who is paused, and what happens in the slot that starts at b - the pause
// frames the decision taken at b sends, the senders stopping, their data coming back - and
// the delay of Z's packet that reaches the switch at b (the figure's Z samples the queue at
// the slot ends).
void print_timeline(const ToyProbe& pr, const ToyOptions& o, uint32_t K, uint32_t D, uint64_t t_xy, uint64_t t_z,
                    uint64_t z_base, const std::vector<uint64_t>& zl, uint32_t calib) {
    if (pr.snaps.size() < 2) return;
    auto u = [K](double cells) { return cells / double(K); };
    const uint64_t b0 = pr.snaps[0].cycle;
    // Signed distance (cycles) of t from the nearest boundary.
    auto near = [&](uint64_t t) {
        int64_t off = int64_t(t - b0) % int64_t(K);
        return off > int64_t(K) / 2 ? off - int64_t(K) : off;
    };
    // Data a sender starts at cycle t are queued at the switch at t + D + xy_cells (store and
    // forward): where X's and Y's flow reaches the queue, the figure's "start of slot 1".
    const uint64_t lag = D + o.xy_cells;
    std::fprintf(stderr,
                 "timeline: K=%u cycles per slot; b = P-PFC interval boundaries (b0 = cycle %llu); X's and Y's first "
                 "packets are queued at b%llu%+lld cycles\n",
                 K, (unsigned long long)b0, (unsigned long long)((t_xy + lag - b0 + K / 2) / K),
                 (long long)near(t_xy + lag));
    std::fprintf(stderr, "%4s %9s %6s %6s %6s %7s %7s %7s %5s %5s %6s  %s\n", "b", "cycle", "queue", "occX", "occY",
                 "incX", "incY", "incTot", "swP", "hostP", "Zdel",
                 "in the slot from b to b+1 (cycles after b; data back: cycles from the nearest boundary)");
    for (size_t m = 1; m + 1 < pr.snaps.size(); m++) {
        const ToySnap& s = pr.snaps[m];
        const ToySnap& p = pr.snaps[m - 1];
        const uint64_t end = pr.snaps[m + 1].cycle;
        const int64_t ix = int64_t(s.occ[0]) - int64_t(p.occ[0]), iy = int64_t(s.occ[1]) - int64_t(p.occ[1]);
        std::string ev;
        char b[96];
        for (const ToyFrame& f : pr.frames)
            if (f.cycle > s.cycle && f.cycle <= end) {
                std::snprintf(b, sizeof b, " %s->%c@+%llu(%.3f slots)", f.pred ? "PPAUSE" : (f.quanta ? "PAUSE" : "XON"),
                              "XY"[f.port], (unsigned long long)(f.cycle - s.cycle), u(f.quanta));
                ev += b;
            }
        for (const auto& x : pr.xoff_set)
            if (x.first > s.cycle && x.first <= end) {
                std::snprintf(b, sizeof b, " XOFF(%c)@+%llu", "XY"[x.second], (unsigned long long)(x.first - s.cycle));
                ev += b;
            }
        for (int k = 0; k < 2; k++)
            for (const auto& hp : pr.host_pause[k]) {
                if (hp.first > s.cycle && hp.first <= end) {
                    std::snprintf(b, sizeof b, " %c-stops@+%llu", "XY"[k], (unsigned long long)(hp.first - s.cycle));
                    ev += b;
                }
                // Resumed data reach the queue `lag` cycles after the sender's timer ran out.
                if (hp.second && hp.second + lag > s.cycle && hp.second + lag <= end) {
                    std::snprintf(b, sizeof b, " %c-data-back@%+lld", "XY"[k], (long long)near(hp.second + lag));
                    ev += b;
                }
            }
        // Z's packet that reaches the switch nearest to b (D + 1 cycles after it leaves Z).
        std::string zd = "-";
        for (size_t k = calib; k < zl.size(); k++) {
            const uint64_t at = t_z + uint64_t(k) * K + D + 1;
            if (at + K / 2 > s.cycle && at + K / 2 <= s.cycle + K) {
                std::snprintf(b, sizeof b, "%.3f", (double(zl[k]) - double(z_base)) / K);
                zd = b;
            }
        }
        std::fprintf(stderr, "%4zu %9llu %6.3f %6.3f %6.3f %7.3f %7.3f %7.3f %2d%2d  %2d%2d  %6s %s\n", m,
                     (unsigned long long)s.cycle, u(s.queue), u(s.occ[0]), u(s.occ[1]), u(double(ix)), u(double(iy)),
                     u(double(ix + iy)), s.sw_paused[0], s.sw_paused[1], s.host_paused[0], s.host_paused[1],
                     zd.c_str(), ev.c_str());
    }
}

}  // namespace

int run_toy(const ToyOptions& o) {
    const uint32_t K = o.unit_cells, P = 8, prio = 3;
    // The reaction loop - from the instant the switch decides to pause to the last cell X
    // sent before the pause acted being queued - is one slot in the figure, for PFC and P-PFC
    // alike ("pause sent at the end of slot 1, reaches X/Y at the end of slot 2"). PFC decides
    // on the admission edge; P-PFC decides at the interval boundary and its engine then needs
    // 2 + (N+1) + 4k cycles for the k-th pause of a decision (docs/blocks/ppfc.md, Latency:
    // one gated EQ, X is k = 1, Y k = 2): the P-PFC loop holds that much more of the switch.
    const int engine_decision = 2 + (o.ports + 1) + 4 * 1 + 2;  // mean of X's and Y's pause
    const int react = o.react >= 0 ? o.react : (o.mode == "ppfc" ? 6 + engine_decision : 6);
    const uint32_t D = o.link_delay ? o.link_delay : (K - uint32_t(react)) / 2;
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
    sc.core = fg_sw_core_cfg{};  // value-initialised: fields added later keep their zero defaults
    sc.core.n_ports = o.ports;
    sc.core.n_prio = int(P);
    sc.core.cw = 18;
    sc.core.sw = 8;
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
        // interval counter starts at that write's commit, so the intervals' phase is known
        // (en_cycle).
        for (const auto& w : flowctl_register_writes(fp, o.ports)) {
#ifdef FG_REG_CELL_CYCLES_ADDR
            if (w.what == "PPFC_CTRL")
                sc.csr_writes.push_back({uint16_t(FG_REG_CELL_CYCLES_ADDR(O)),
                                         uint32_t(std::lround(o.ppfc_cell_cycles * 256)), "CELL_CYCLES[P4]"});
#endif
            if (w.what == "PPFC_CTRL") en_cycle = SwitchLogic::write_commit_edge(sc.csr_writes.size());
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
    // Default phase: the figure's slot 1 (X and Y start) begins on a P-PFC interval boundary,
    // so that the decision at its end sees exactly one slot of growth. X's and Y's first
    // packets are queued D + xy_cells cycles after they start (store and forward).
    const uint64_t phase = o.phase >= 0 ? uint64_t(o.phase) : (K - (D + o.xy_cells) % K) % K;
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
    // --verbose: boundaries of the P-PFC interval counter (en_cycle + m K), from 2 slots
    // before X and Y start (the PFC run uses the same grid: slots of K cycles).
    // The probe also gives the window's statistics: frames and queue peak from the slot X and Y
    // start to the end of the W slots Z samples (the run goes on 8 slots longer, see below).
    const uint64_t first_bnd = t_xy - phase - 2 * uint64_t(K), win_end = t_xy + uint64_t(o.window) * K;
    ToyProbe probe("toy_probe", sw.logic, &h[X]->logic, &h[Y]->logic, O, int(prio), first_bnd, K, t_xy, win_end);
    probe.clk(net.clock());
    // Z's last sample of the window leaves at t_xy + (W - 1) K; 8 more slots let it arrive
    // whatever its delay (a late sample is a result, not a missing one).
    net.run(t_xy + uint64_t(o.window + 8) * K);
    trace.reset();

    const SwitchStats& s = sw.logic.stats();
    const HostLogic& rx = h[O]->logic;
    auto it = rx.latency().find(uint32_t(Z));
    const std::vector<uint64_t> none;
    const std::vector<uint64_t>& zl = it == rx.latency().end() ? none : it->second.samples();
    if (o.verbose)  // before the check below: a run that loses Z's packets is what needs the timeline
        print_timeline(probe, o, K, D, t_xy, t_z, zl.size() >= calib ? *std::min_element(zl.begin(), zl.begin() + calib) : 0,
                       zl, calib);
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
    // Window statistics (frames the switch sent to X and Y within the window).
    uint64_t w_std = 0, w_pred = 0, w_xon = 0;
    std::string pp_offsets;  // cycles from the boundary to each predictive frame
    int64_t first_pp_sum = 0, first_pp_n = 0;
    for (const ToyFrame& f : probe.frames) {
        if (f.cycle < t_xy || f.cycle >= win_end) continue;
        if (!f.quanta) w_xon++;
        else if (f.pred) w_pred++;
        else w_std++;
        if (!f.pred) continue;
        const uint64_t off = (f.cycle - first_bnd) % K;
        pp_offsets += (pp_offsets.empty() ? "" : ",") + std::to_string(off);
        if (first_pp_n < 2) {
            first_pp_sum += int64_t(off);
            first_pp_n++;
        }
    }
    // The P-PFC loop assumed above: X's and Y's frames leave engine_decision cycles (mean) after
    // the boundary plus the 2 cycles a pause request takes to the wire (the same as a standard
    // XOFF's). If the engine's schedule changes, this says so (0 in PFC mode).
    const int loop_error =
        first_pp_n == 2 && o.react < 0 && !o.link_delay ? int(first_pp_sum / 2) - (engine_decision + 2) : 0;
    if (loop_error)
        std::fprintf(stderr,
                     "fg_sim toy: warning: the predictive pauses leave %d cycles later than the reaction loop assumes "
                     "(engine_decision in fg_sim_toy.cpp)\n",
                     loop_error);
    // Where X's data come back after each pause, relative to the nearest interval boundary
    // (cycles, signed): the figure's cycle needs 0; docs/ppfc_results.md section 1.
    std::string resume;
    for (const auto& hp : probe.host_pause[0]) {
        if (!hp.second || hp.second >= win_end) continue;
        const int64_t back = int64_t(hp.second + D + o.xy_cells) - int64_t(first_bnd);
        int64_t off = back % int64_t(K);
        if (off > int64_t(K) / 2) off -= int64_t(K);
        resume += (resume.empty() ? "" : ",") + std::to_string(off);
    }
    const bool consistent = s.protocol_errors == 0 && s.acct_mismatch == 0 && rx.stats().rx_out_of_order == 0 &&
                            s.stat_violation == 0;
    if (o.json) {
        std::printf("{\"scenario\": \"toy\", \"mode\": \"%s\", \"switch\": \"%s\", \"unit_cells\": %u, \"link_delay\": %u, "
                    "\"window_slots\": %u, \"z_base_cycles\": %llu, \"z_mean_slots\": %.4f, \"z_tail_slots\": %ld, "
                    "\"z_mean_raw_slots\": %.4f, \"z_samples\": [%s], \"pfc_std\": %llu, \"pfc_pred\": %llu, "
                    "\"pfc_xon\": %llu, \"queue_peak_cells\": %u, \"queue_peak_units\": %.3f, \"react_cycles\": %d, \"loop_error_cycles\": %d, "
                    "\"phase_cycles\": %llu, \"pp_frame_offsets\": [%s], \"x_resume_offsets\": [%s], "
                    "\"violations\": %llu, \"consistent\": %s}\n",
                    o.mode.c_str(), sw.logic.core().name().c_str(), K, D, o.window, (unsigned long long)base, mean, tail,
                    mean_raw, samples.c_str(), (unsigned long long)w_std, (unsigned long long)w_pred,
                    (unsigned long long)w_xon, probe.win_peak, double(probe.win_peak) / K, react, loop_error,
                    (unsigned long long)phase, pp_offsets.c_str(), resume.c_str(),
                    (unsigned long long)s.stat_violation, consistent ? "true" : "false");
    } else {
        std::printf("toy (seed 000 Fig. 2) mode=%s switch=%s unit=%u cells slot=%u cycles link=%u cycles\n",
                    o.mode.c_str(), sw.logic.core().name().c_str(), K, K, D);
        std::printf("Z queueing delay per slot (slots): %s\n", samples.c_str());
        std::printf("RESULT toy mode=%s switch=%s z_mean=%.3f slots (raw %.3f) z_tail=%ld slots peak_queue=%.2f units "
                    "pfc_std=%llu pfc_pred=%llu (paper: %s)\n",
                    o.mode.c_str(), sw.logic.core().name().c_str(), mean, mean_raw, tail,
                    double(probe.win_peak) / K, (unsigned long long)w_std, (unsigned long long)w_pred,
                    o.mode == "pfc" ? "mean 2, tail 4" : "mean 1, tail 2");
        std::printf("X's data back after each pause, cycles from the nearest P-PFC boundary: %s\n", resume.c_str());
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
