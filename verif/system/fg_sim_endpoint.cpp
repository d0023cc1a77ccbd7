// fg_sim_endpoint.cpp - the endpoint-congestion scenario (see fg_sim_endpoint.h).
#include "fg_sim_args.h"
#include "fg_sim_endpoint.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "fg_sim_host.h"
#include "fg_sim_link.h"
#include "fg_sim_switch.h"

namespace fg {
namespace sim {

std::string endpoint_usage() {
    return "usage: fg_sim endpoint [options]\n"
           "  --pft off|ft-fi|ft-ri|at-fi|at-ri   PFT strategy and injection mode of every NIC (default off)\n"
           "  --m M --n N --k K    f(c) = ((c << m) >> n) + k: m, n 0..31, k 0..2^32-1 (default 18 0 0)\n"
           "  --te T --ts T        FT enter/exit thresholds on c, 0..4095, ts <= te (default 0x2a0 0x250)\n"
           "  --We W --Ne N --the T   AT enter: window 1..65535 cycles, count 1..We, threshold 0..4095\n"
           "                       (default 256 128 0x250)\n"
           "  --Ws W --Ns N --ths T   AT exit: window, count 1..Ws, threshold (default 256 128 0x2a0)\n"
           "  --seed S             PFT LFSR seed, 1..2^32-1 (NIC k uses a seed derived from it)\n"
           "  --nodes N            sending NICs, 2..31 (switch ports = N + 1; default 16)\n"
           "  --nic cmodel|rtl     NIC core model (default cmodel)\n"
           "  --switch cmodel|rtl|stub  switch core model of both leaves (default cmodel)\n"
           "  --switch-ports P     ports of each leaf switch (default: just enough; the rtl core\n"
           "                       is Verilated with 17)\n"
           "  --cycles C           cycles to simulate (default 100000)\n"
           "  --warmup C           cycles after traffic start before measuring (default 20000)\n"
           "  --rate GBPS          line rate (default 100; one cycle = one 64-byte cell)\n"
           "  --link-delay-ns NS   one-way link delay (default 100)\n"
           "  --pkt BYTES          packet size 64..9216 (default 1024)\n"
           "  --victim-load F      offered load of each victim flow, 0..1 of line rate (default 0.5)\n"
           "  --cong-load F        offered load of each congestor flow, 0..1 (default 1.0)\n"
           "  --queue P            NIC queue per flow, 1..4096 packets (default 16)\n"
           "  --tfc C              FCCL period of every receiver, 1..65535 cycles (default 64)\n"
           "  --allot B            switch ingress allotment per port = credits, 16..2047 blocks (default 1024)\n"
           "  --nic-buffer B       NIC receive buffer advertised, 16..2047 blocks (default 1024)\n"
           "  --prio P             the CBFC VL / lossless priority, 0..7 (default 3)\n"
           "  --advertise B        test only: credits the switch advertises per port, 16..2047, while it\n"
           "                       reserves --allot (default = --allot; more must lose lossless packets)\n"
           "  --baseline-json F    B_0, D_0 from a saved `--pft off --json` run of the same scenario\n"
           "  --no-baseline        do not run the baseline (no F_C)\n"
           "  --trace FILE.csv     per-sample trace of the NIC cores and the hot-spot queue\n"
           "  --sample K           trace every K cycles (default 100)\n"
           "  --json               one JSON object\n"
           "  --quiet              no summary lines\n";
}


EndpointOptions parse_endpoint(int argc, char** argv) {
    EndpointOptions o;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char* {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        NicParams& p = o.pftp;
        if (a == "--pft") {
            o.pft = val();
            if (o.pft != "off" && o.pft != "ft-fi" && o.pft != "ft-ri" && o.pft != "at-fi" && o.pft != "at-ri")
                throw std::invalid_argument("--pft '" + o.pft + "': legal values off|ft-fi|ft-ri|at-fi|at-ri");
        } else if (a == "--m") p.m = uint32_t(arg_uint(a, val(), 0, 31));
        else if (a == "--n") p.n = uint32_t(arg_uint(a, val(), 0, 31));
        else if (a == "--k") p.k = uint32_t(arg_uint(a, val(), 0, 0xFFFFFFFFull));
        else if (a == "--te") p.t_e = uint32_t(arg_uint(a, val(), 0, 4095));
        else if (a == "--ts") p.t_s = uint32_t(arg_uint(a, val(), 0, 4095));
        else if (a == "--We") p.w_e = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--Ne") p.n_e = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--the") p.th_e = uint32_t(arg_uint(a, val(), 0, 4095));
        else if (a == "--Ws") p.w_s = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--Ns") p.n_s = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--ths") p.th_s = uint32_t(arg_uint(a, val(), 0, 4095));
        else if (a == "--seed") p.seed = uint32_t(arg_uint(a, val(), 1, 0xFFFFFFFFull));
        else if (a == "--nodes") o.nodes = int(arg_uint(a, val(), 2, FG_SW_MAX_PORTS - 1));
        else if (a == "--nic") o.nic = val();
        else if (a == "--switch") o.core = val();
        else if (a == "--cycles") o.cycles = arg_uint(a, val(), 1, 1000000000ull);
        else if (a == "--warmup") o.warmup = arg_uint(a, val(), 0, 1000000000ull);
        else if (a == "--rate") o.rate_gbps = arg_real(a, val(), 1, 800);
        else if (a == "--link-delay-ns") o.link_delay_ns = arg_real(a, val(), 0, 1e6);
        else if (a == "--pkt") o.pkt_bytes = uint32_t(arg_uint(a, val(), 64, 9216));
        else if (a == "--victim-load") o.victim_load = arg_real(a, val(), 0, 1);
        else if (a == "--cong-load") o.cong_load = arg_real(a, val(), 0, 1);
        else if (a == "--queue") o.queue = uint32_t(arg_uint(a, val(), 1, 4096));
        else if (a == "--tfc") o.t_fc = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--allot") o.allot = uint32_t(arg_uint(a, val(), 16, 2047));
        else if (a == "--nic-buffer") o.nic_buffer = uint32_t(arg_uint(a, val(), 16, 2047));
        else if (a == "--prio") o.prio = int(arg_uint(a, val(), 0, 7));
        else if (a == "--advertise") o.advertise = uint32_t(arg_uint(a, val(), 16, 2047));
        else if (a == "--switch-ports") o.switch_ports = int(arg_uint(a, val(), 3, FG_SW_MAX_PORTS));
        else if (a == "--baseline-json") o.baseline_json = val();
        else if (a == "--no-baseline") o.no_baseline = true;
        else if (a == "--trace") o.trace = val();
        else if (a == "--sample") o.sample = uint32_t(arg_uint(a, val(), 1, 1000000));
        else if (a == "--json") o.json = true;
        else if (a == "--quiet") o.quiet = true;
        else throw std::invalid_argument("unknown option '" + a + "'\n" + endpoint_usage());
    }
    NicParams& p = o.pftp;
    if (p.t_s > p.t_e)
        throw std::invalid_argument("--ts " + std::to_string(p.t_s) + ": legal range 0..--te (" +
                                    std::to_string(p.t_e) + "); FT needs t_e >= t_s");
    if (p.n_e > p.w_e)
        throw std::invalid_argument("--Ne " + std::to_string(p.n_e) + ": legal range 1..--We (" +
                                    std::to_string(p.w_e) + ")");
    if (p.n_s > p.w_s)
        throw std::invalid_argument("--Ns " + std::to_string(p.n_s) + ": legal range 1..--Ws (" +
                                    std::to_string(p.w_s) + ")");
    if (o.pkt_bytes / kCellBytes + 1 > o.allot)
        throw std::invalid_argument("--allot " + std::to_string(o.allot) + ": must hold one packet (" +
                                    std::to_string(cells_of(o.pkt_bytes)) + " blocks)");
    if (!o.baseline_json.empty() && o.no_baseline)
        throw std::invalid_argument("--baseline-json and --no-baseline: give one of them");
    return o;
}

std::string EndpointOptions::scenario_key() const {
    char b[512];
    std::snprintf(b, sizeof b,
                  "nodes=%d cycles=%llu warmup=%llu rate=%g delay_ns=%g pkt=%u vload=%g cload=%g queue=%u tfc=%u "
                  "allot=%u nicbuf=%u prio=%d adv=%u ports=%d",
                  nodes, (unsigned long long)cycles, (unsigned long long)warmup, rate_gbps, link_delay_ns, pkt_bytes,
                  victim_load, cong_load, queue, t_fc, allot, nic_buffer, prio, advertise, switch_ports);
    return b;
}

namespace {

// The switch core's build-time parameters for `ports` ports (fields not named stay 0).
fg_sw_core_cfg core_cfg(int ports) {
    fg_sw_core_cfg c;
    std::memset(&c, 0, sizeof c);
    c.n_ports = ports;
    c.n_prio = 8;
    c.cw = 18;
    c.sw = 8;
    return c;
}

// Samples the NICs and the switches at the falling edge, after every node has done its
// rising edge, so the order SystemC runs the nodes in cannot change a row.
SC_MODULE(EndpointSampler) {
    sc_core::sc_in<bool> clk;
    std::vector<NicNode*> nics;  // the N senders, then the hot-spot NIC
    SwitchNode* leaf0 = nullptr;
    SwitchNode* leaf1 = nullptr;
    int hot_port = 0, uplink0 = 0, prio = 3, nodes = 0;
    uint32_t every = 100;
    FILE* f = nullptr;
    uint32_t hot_eq_peak = 0, uplink_eq_peak = 0;
    SC_CTOR(EndpointSampler) {
        SC_METHOD(on_neg);
        sensitive << clk.neg();
        dont_initialize();
    }
    void on_neg() {
        const uint64_t now = current_cycle();
        const uint32_t hot = leaf1->logic.core_out().egress_cnt[hot_port][prio];
        const uint32_t up = leaf0->logic.core_out().egress_cnt[uplink0][prio];
        hot_eq_peak = std::max(hot_eq_peak, hot);
        uplink_eq_peak = std::max(uplink_eq_peak, up);
        if (!f || now % every) return;
        uint32_t congested = 0;
        uint64_t tx = 0;
        std::fprintf(f, "%llu,%u,%u", (unsigned long long)now, hot, up);
        for (int k = 0; k < nodes; k++) {
            const NicLogic& n = nics[k]->logic;
            congested |= uint32_t(n.core_out().pft_congested) << k;
            tx += n.stats().tx_cells;
            std::fprintf(f, ",%u", n.core_out().credits_in_use);
        }
        std::fprintf(f, ",0x%x,%llu,%llu\n", congested, (unsigned long long)tx,
                     (unsigned long long)nics[nodes]->logic.stats().rx_cells);
    }
};

// The summary of one class of flows.
EndpointClassResult summarize(const FlowLedger& L, FlowClass cls, uint64_t window_cycles,
                              const std::vector<uint64_t>& window_cells) {
    EndpointClassResult r;
    std::vector<uint32_t> all;
    double dsum = 0, nsum = 0;
    uint64_t cells_w = 0;
    for (size_t f = 0; f < L.flows().size(); f++) {
        const auto& fl = L.flows()[f];
        if (fl.cls != cls) continue;
        r.flows++;
        r.packets += fl.delivered;
        r.censored += fl.censored;
        r.cells += fl.cells;
        dsum += double(fl.delay_sum);
        nsum += double(fl.net_delay_sum);
        r.delay_max = std::max(r.delay_max, double(fl.delay_max));
        all.insert(all.end(), fl.delays.begin(), fl.delays.end());
        cells_w += window_cells[f];
    }
    if (r.flows && window_cycles) r.tput = double(cells_w) / double(window_cycles) / double(r.flows);
    r.tput_min = 1e9;
    for (size_t f = 0; f < L.flows().size(); f++)
        if (L.flows()[f].cls == cls && window_cycles)
            r.tput_min = std::min(r.tput_min, double(window_cells[f]) / double(window_cycles));
    if (!r.flows) r.tput_min = 0;
    if (r.packets) {
        r.delay = dsum / double(r.packets);
        r.net_delay = nsum / double(r.packets);
        std::sort(all.begin(), all.end());
        r.p99 = all[std::min(all.size() - 1, size_t(std::ceil(0.99 * double(all.size()))) - 1)];
    }
    return r;
}

// One leaf switch of the scenario: every port credit-based on the one VL; the bm gives each
// ingress PG exactly its allotment (reserve) and nothing more (no headroom, alpha = 2^-15 on
// a pool < 2^15 cells, so the dynamic threshold is 0): a credit overrun is a lossless drop.
SwitchConfig leaf_config(const EndpointOptions& o, int ports, int mon_port) {
    SwitchParams sp;
    sp.n_ports = ports;
    sp.n_prio = 8;
    sp.reserve = o.allot;
    sp.headroom = 0;
    sp.alpha_shift = 15;
    sp.lossless_mask = 1u << o.prio;
    sp.pfc_enable = false;
    const uint64_t reserved = uint64_t(o.allot) * ports * sp.n_prio;
    sp.total_cells = uint32_t(reserved + 1024);
    if (sp.total_cells > 262143)
        throw std::invalid_argument("--allot " + std::to_string(o.allot) + ": with " + std::to_string(ports) +
                                    " ports x 8 priorities the reserve needs " + std::to_string(reserved) +
                                    " cells, more than the core's 262143 (CW = 18); legal range 16.." +
                                    std::to_string((262143 - 1024) / (ports * sp.n_prio)));
    SwitchConfig sc;
    sc.core = core_cfg(ports);
    sc.csr_writes = switch_register_writes(sp, sc.core.cw);
    sc.mon_port = mon_port;
    sc.mon_prio = o.prio;
    sc.sample_every = 0;
    sc.cbfc.port_cbfc.assign(ports, true);
    sc.cbfc.vl_mask = uint8_t(1u << o.prio);
    sc.cbfc.allotment = o.advertise ? o.advertise : o.allot;
    sc.cbfc.t_fc = o.t_fc;
    sc.cbfc.partner_capacity = o.nic_buffer;  // (only c of the switch's senders depends on it)
    return sc;
}

EndpointResult simulate(const EndpointOptions& o, const std::string& trace_path) {
    std::clock_t t0 = std::clock();
    // Topology: leaf 0 = NICs 0..N0-1 on ports 0..N0-1, uplink on port N0; leaf 1 = NICs
    // N0..N-1 on ports 0..N1-1, the hot-spot NIC (host N) on port N1, uplink on port N1+1.
    const int N = o.nodes, N0 = N / 2, N1 = N - N0, hot = N;
    const int up0 = N0, hot_port = N1, up1 = N1 + 1;
    const int ports0 = o.switch_ports ? o.switch_ports : N0 + 1;
    const int ports1 = o.switch_ports ? o.switch_ports : N1 + 2;
    if (ports0 < N0 + 1 || ports1 < N1 + 2)
        throw std::invalid_argument("--switch-ports " + std::to_string(o.switch_ports) + ": the leaves need " +
                                    std::to_string(std::max(N0 + 1, N1 + 2)) + " ports for --nodes " +
                                    std::to_string(N));
    const double cycle_ns = 512.0 / o.rate_gbps;
    const double d = std::round(o.link_delay_ns / cycle_ns);
    if (d < kMinLinkDelay)
        throw std::invalid_argument("--link-delay-ns " + std::to_string(o.link_delay_ns) + ": is " +
                                    std::to_string(int(d)) + " cycles at " + std::to_string(o.rate_gbps) +
                                    " Gb/s; legal range >= " + std::to_string(kMinLinkDelay) + " cycles");
    const uint32_t delay = uint32_t(d);

    SwitchConfig sc0 = leaf_config(o, ports0, up0), sc1 = leaf_config(o, ports1, hot_port);
    sc0.route.assign(N + 1, up0);
    sc1.route.assign(N + 1, up1);
    for (int h = 0; h < N0; h++) sc0.route[h] = h;
    for (int h = N0; h < N; h++) sc1.route[h] = h - N0;
    sc1.route[hot] = hot_port;

    // NICs.
    NicParams np = o.pftp;
    np.pft_enable = o.pft != "off";
    np.pft_at = o.pft.compare(0, 2, "at") == 0;
    np.pft_ri = o.pft.size() == 5 && o.pft.compare(3, 2, "ri") == 0;
    np.t_fc = o.t_fc;
    np.rx_capacity = o.allot;
    const size_t nic_writes = nic_register_writes(np).size();  // validates before anything is built

    // traffic after every register write is committed (one access per bus handshake)
    const uint64_t sw_cfg = std::max(sc0.csr_writes.size(), sc1.csr_writes.size()) * (FG_CSR_SW_LATENCY + 1);
    const uint64_t start = std::max<uint64_t>(sw_cfg, nic_writes * (FG_CSR_NIC_LATENCY + 1)) + 20;
    const uint64_t warm_end = start + o.warmup;
    if (warm_end >= o.cycles)
        throw std::invalid_argument("--warmup " + std::to_string(o.warmup) + ": leaves no measurement window in --cycles " +
                                    std::to_string(o.cycles) + " (traffic starts at cycle " + std::to_string(start) + ")");
    FlowLedger ledger(warm_end);

    sc_core::sc_clock clk("clk", 1, sc_core::SC_NS, 0.5, 0, sc_core::SC_NS, true);
    std::unique_ptr<SwitchNode> leaf0(new SwitchNode("leaf0", sc0, make_core(o.core, sc0.core)));
    std::unique_ptr<SwitchNode> leaf1(new SwitchNode("leaf1", sc1, make_core(o.core, sc1.core)));
    leaf0->clk(clk);
    leaf1->clk(clk);
    std::vector<std::unique_ptr<NicNode>> nics;
    std::vector<std::unique_ptr<Link>> links;
    std::vector<std::unique_ptr<sc_core::sc_signal<WireSymbol>>> wires;
    auto wire = [&](const std::string& n) -> sc_core::sc_signal<WireSymbol>& {
        wires.emplace_back(new sc_core::sc_signal<WireSymbol>(n.c_str()));
        return *wires.back();
    };
    for (int k = 0; k <= N; k++) {
        NicConfig nc;
        nc.id = uint16_t(k);
        nc.vl = uint8_t(o.prio);
        nc.rx_buffer = o.nic_buffer;
        NicParams kp = np;
        kp.seed = np.seed ^ (0x9E3779B9u * uint32_t(k + 1));  // decorrelate the NICs' RI draws
        if (!kp.seed) kp.seed = 1;
        nc.csr_writes = nic_register_writes(kp);
        if (k < N) {
            NicFlowSpec c;
            c.flow = uint32_t(2 * k);
            c.dst = uint16_t(hot);
            c.prio = uint8_t(o.prio);
            c.bytes = uint16_t(o.pkt_bytes);
            c.start = start + uint64_t(k) * 3;  // a small stagger, so the NICs are not in phase
            c.load_q16 = uint32_t(std::lround(o.cong_load * 65536.0));
            c.queue_max = o.queue;
            c.cls = FlowClass::Congestor;
            NicFlowSpec v = c;
            v.flow = uint32_t(2 * k + 1);
            v.dst = uint16_t((k + N0) % N);  // a NIC on the other leaf
            v.load_q16 = uint32_t(std::lround(o.victim_load * 65536.0));
            v.cls = FlowClass::Victim;
            nc.flows.push_back(c);
            nc.flows.push_back(v);
        }
        std::string n = "nic" + std::to_string(k);
        nics.emplace_back(new NicNode(n.c_str(), nc, make_nic(o.nic), &ledger));
        NicNode& h = *nics.back();
        h.clk(clk);
        SwitchNode& sw = k < N0 ? *leaf0 : *leaf1;
        const int port = k < N0 ? k : (k == hot ? hot_port : k - N0);
        links.emplace_back(new Link(("link_" + n).c_str(), delay));
        Link& l = *links.back();
        l.clk(clk);
        auto& up = wire("w_" + n + "_up");
        auto& hrx = wire("w_" + n + "_hrx");
        auto& down = wire("w_" + n + "_down");
        auto& srx = wire("w_" + n + "_srx");
        h.tx(up);
        l.a_tx(up);
        l.b_rx(srx);
        sw.rx[port](srx);
        sw.tx[port](down);
        l.b_tx(down);
        l.a_rx(hrx);
        h.rx(hrx);
    }
    {  // the uplink: leaf 0 port up0 (end A) <-> leaf 1 port up1 (end B)
        links.emplace_back(new Link("link_uplink", delay));
        Link& l = *links.back();
        l.clk(clk);
        auto& a_tx = wire("w_up_atx");
        auto& a_rx = wire("w_up_arx");
        auto& b_tx = wire("w_up_btx");
        auto& b_rx = wire("w_up_brx");
        leaf0->tx[up0](a_tx);
        l.a_tx(a_tx);
        l.a_rx(a_rx);
        leaf0->rx[up0](a_rx);
        leaf1->tx[up1](b_tx);
        l.b_tx(b_tx);
        l.b_rx(b_rx);
        leaf1->rx[up1](b_rx);
    }
    for (int p = up0 + 1; p < ports0; p++) {
        leaf0->rx[p](wire("leaf0_unused_rx" + std::to_string(p)));
        leaf0->tx[p](wire("leaf0_unused_tx" + std::to_string(p)));
    }
    for (int p = up1 + 1; p < ports1; p++) {
        leaf1->rx[p](wire("leaf1_unused_rx" + std::to_string(p)));
        leaf1->tx[p](wire("leaf1_unused_tx" + std::to_string(p)));
    }

    FILE* tf = nullptr;
    if (!trace_path.empty()) {
        tf = std::fopen(trace_path.c_str(), "w");
        if (!tf) throw std::invalid_argument("--trace " + trace_path + ": cannot open for writing");
        std::fprintf(tf, "cycle,hot_eq_cells,uplink_eq_cells");
        for (int k = 0; k < N; k++) std::fprintf(tf, ",c%d", k);
        std::fprintf(tf, ",congested,tx_cells,hot_rx_cells\n");
    }
    EndpointSampler sampler("sampler");
    sampler.clk(clk);
    for (auto& n : nics) sampler.nics.push_back(n.get());
    sampler.leaf0 = leaf0.get();
    sampler.leaf1 = leaf1.get();
    sampler.hot_port = hot_port;
    sampler.uplink0 = up0;
    sampler.prio = o.prio;
    sampler.nodes = N;
    sampler.every = o.sample;
    sampler.f = tf;

    // Throughput counts every cell delivered inside the window (the ledger's delays count
    // packets by their queue time): the receivers' per-flow totals are read at the window's
    // two ends, by running the simulation in two parts (edges 0..warm_end-1, then the rest).
    auto flow_cells = [&]() {
        std::vector<uint64_t> v(ledger.flows().size(), 0);
        for (const auto& n : nics)
            for (size_t f = 0; f < v.size(); f++) v[f] += n->logic.rx_flow_cells(uint32_t(f));
        return v;
    };
    sc_core::sc_start(sc_core::sc_time(double(warm_end) - 0.5, sc_core::SC_NS));
    const std::vector<uint64_t> cells_warm = flow_cells();
    sc_core::sc_start(sc_core::sc_time(double(o.cycles - warm_end), sc_core::SC_NS));
    const std::vector<uint64_t> cells_end = flow_cells();
    if (tf) std::fclose(tf);
    ledger.censor(o.cycles);

    EndpointResult r;
    std::vector<uint64_t> window(cells_end.size());
    for (size_t f = 0; f < window.size(); f++) window[f] = cells_end[f] - cells_warm[f];
    const uint64_t wcyc = o.cycles - warm_end;
    r.victim = summarize(ledger, FlowClass::Victim, wcyc, window);
    r.congestor = summarize(ledger, FlowClass::Congestor, wcyc, window);
    bool sw_ok = true;
    std::string first_error;
    for (SwitchNode* sw : {leaf0.get(), leaf1.get()}) {
        const SwitchStats& s = sw->logic.stats();
        r.drops += s.stat_drop;
        r.violations += s.stat_violation;
        if (const CbfcPorts* cp = sw->logic.cbfc()) {
            r.overruns += cp->stats().overruns;
            r.no_credit += cp->stats().no_credit_starts;
            r.credit_updates += cp->stats().updates_tx;
            r.peak_held = std::max(r.peak_held, cp->stats().peak_held);
        }
        if (s.protocol_errors || s.acct_mismatch || sw->logic.node_drops() != s.stat_drop + s.stat_violation) {
            sw_ok = false;
            if (first_error.empty())
                first_error = std::string(sw->basename()) + ": protocol_errors=" + std::to_string(s.protocol_errors) +
                              " acct_mismatch=" + std::to_string(s.acct_mismatch) + " " + sw->logic.first_error();
        }
    }
    uint64_t cong = 0, csum = 0, outoforder = 0, unknown = 0, other = 0;
    for (int k = 0; k <= N; k++) {
        const NicStats& ns = nics[k]->logic.stats();
        if (k < N) {
            cong += ns.congested_cycles;
            r.pft_enter += ns.pft_enter;
            csum += ns.c_sum;
            r.c_max = std::max(r.c_max, ns.c_max);
        }
        r.credit_updates += ns.tx_credit;
        r.blocked += ns.blocked;
        outoforder += ns.rx_out_of_order;
        unknown += ns.unknown_packets;
        other += ns.rx_other;
    }
    r.congested_frac = double(cong) / (double(N) * double(o.cycles));
    r.c_avg = double(csum) / (double(N) * double(o.cycles));
    r.hot_eq_peak = sampler.hot_eq_peak;
    r.uplink_eq_peak = sampler.uplink_eq_peak;
    r.consistent = sw_ok && outoforder == 0 && unknown == 0 && other == 0;
    if (!r.consistent)
        std::fprintf(stderr,
                     "fg_sim endpoint: inconsistent run: out_of_order=%llu unknown_packets=%llu stray_symbols=%llu%s%s\n",
                     (unsigned long long)outoforder, (unsigned long long)unknown, (unsigned long long)other,
                     first_error.empty() ? "" : "; ", first_error.c_str());
    r.cpu_s = double(std::clock() - t0) / CLOCKS_PER_SEC;
    return r;
}

// The baseline in a child process: SystemC cannot elaborate a second network in one process.
EndpointResult run_baseline_child(const EndpointOptions& o) {
    EndpointOptions b = o;
    b.pft = "off";
    int fd[2];
    if (pipe(fd) != 0) throw std::runtime_error("baseline: pipe failed");
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("baseline: fork failed");
    if (pid == 0) {
        close(fd[0]);
        int rc = 0;
        try {
            EndpointResult r = simulate(b, "");
            if (write(fd[1], &r, sizeof r) != ssize_t(sizeof r)) rc = 3;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "fg_sim endpoint: baseline run: %s\n", e.what());
            rc = 3;
        }
        close(fd[1]);
        std::fflush(stderr);
        _exit(rc);
    }
    close(fd[1]);
    EndpointResult r;
    ssize_t got = 0;
    while (got < ssize_t(sizeof r)) {
        ssize_t n = read(fd[0], reinterpret_cast<char*>(&r) + got, sizeof r - size_t(got));
        if (n <= 0) break;
        got += n;
    }
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != ssize_t(sizeof r) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error("the baseline run (--pft off) failed");
    return r;
}

double json_number(const std::string& text, const std::string& key, const std::string& path) {
    const std::string k = "\"" + key + "\":";
    size_t p = text.find(k);
    if (p == std::string::npos) throw std::invalid_argument("--baseline-json " + path + ": no field '" + key + "'");
    return std::strtod(text.c_str() + p + k.size(), nullptr);
}

std::string json_string(const std::string& text, const std::string& key, const std::string& path) {
    const std::string k = "\"" + key + "\": \"";
    size_t p = text.find(k);
    if (p == std::string::npos) throw std::invalid_argument("--baseline-json " + path + ": no field '" + key + "'");
    size_t e = text.find('"', p + k.size());
    return text.substr(p + k.size(), e - p - k.size());
}

void print_class_json(const char* name, const EndpointClassResult& c, double cycle_ns) {
    // Throughput and delay with 10 significant digits: a saved baseline (--baseline-json)
    // gives the same F_C as the forked one.
    std::printf("\"%s_flows\": %llu, \"%s_packets\": %llu, \"%s_tput\": %.10g, \"%s_delay_cycles\": %.10g, "
                "\"%s_delay_us\": %.4f, \"%s_net_delay_cycles\": %.2f, \"%s_p99_cycles\": %.0f, "
                "\"%s_delay_max_cycles\": %.0f, \"%s_tput_min\": %.5f, \"%s_censored\": %llu, ",
                name, (unsigned long long)c.flows, name, (unsigned long long)c.packets, name, c.tput, name, c.delay,
                name, c.delay * cycle_ns / 1000.0, name, c.net_delay, name, c.p99, name, c.delay_max, name, c.tput_min,
                name, (unsigned long long)c.censored);
}

}  // namespace

int run_endpoint(const EndpointOptions& o) {
    // Validate everything (and fail with exit 2) before forking the baseline.
    if (o.pft != "off" && !o.no_baseline && o.baseline_json.empty()) {
        make_nic(o.nic);
        make_core(o.core, core_cfg(o.switch_ports ? o.switch_ports : o.nodes - o.nodes / 2 + 2));
    }
    bool have_base = false;
    double b0 = 0, d0 = 0, cb0 = 0, cd0 = 0;
    if (!o.baseline_json.empty()) {
        std::ifstream in(o.baseline_json);
        if (!in) throw std::invalid_argument("--baseline-json " + o.baseline_json + ": cannot read");
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string t = ss.str();
        if (json_string(t, "pft", o.baseline_json) != "off")
            throw std::invalid_argument("--baseline-json " + o.baseline_json + ": not a --pft off run");
        const std::string key = json_string(t, "scenario_key", o.baseline_json);
        if (key != o.scenario_key())
            throw std::invalid_argument("--baseline-json " + o.baseline_json + ": another scenario (" + key +
                                        "; this run: " + o.scenario_key() + ")");
        b0 = json_number(t, "victim_tput", o.baseline_json);
        d0 = json_number(t, "victim_delay_cycles", o.baseline_json);
        cb0 = json_number(t, "congestor_tput", o.baseline_json);
        cd0 = json_number(t, "congestor_delay_cycles", o.baseline_json);
        have_base = true;
    } else if (o.pft != "off" && !o.no_baseline) {
        EndpointResult b = run_baseline_child(o);
        b0 = b.victim.tput, d0 = b.victim.delay, cb0 = b.congestor.tput, cd0 = b.congestor.delay;
        have_base = true;
    }
    EndpointResult r = simulate(o, o.trace);
    if (o.pft == "off") {
        b0 = r.victim.tput, d0 = r.victim.delay, cb0 = r.congestor.tput, cd0 = r.congestor.delay;
        have_base = true;
    }
    auto fc = [](double bc, double dc, double b, double d) {
        return (b > 0 && dc > 0) ? (bc * d) / (b * dc) : 0.0;
    };
    const double fcv = have_base ? fc(r.victim.tput, r.victim.delay, b0, d0) : 0;
    const double fcc = have_base ? fc(r.congestor.tput, r.congestor.delay, cb0, cd0) : 0;
    const double cycle_ns = 512.0 / o.rate_gbps;
    const NicParams& p = o.pftp;
    if (o.json) {
        std::printf("{\"scenario\": \"endpoint\", \"scenario_key\": \"%s\", \"pft\": \"%s\", \"nic\": \"%s\", "
                    "\"switch\": \"%s\", \"nodes\": %d, \"cycles\": %llu, \"cycle_ns\": %g, "
                    "\"m\": %u, \"n\": %u, \"k\": %u, \"te\": %u, \"ts\": %u, \"We\": %u, \"Ne\": %u, \"the\": %u, "
                    "\"Ws\": %u, \"Ns\": %u, \"ths\": %u, ",
                    o.scenario_key().c_str(), o.pft.c_str(), o.nic.c_str(), o.core.c_str(), o.nodes,
                    (unsigned long long)o.cycles, cycle_ns, p.m, p.n, p.k, p.t_e, p.t_s, p.w_e, p.n_e, p.th_e, p.w_s,
                    p.n_s, p.th_s);
        print_class_json("victim", r.victim, cycle_ns);
        print_class_json("congestor", r.congestor, cycle_ns);
        std::printf("\"baseline\": %s, \"baseline_victim_tput\": %.5f, \"baseline_victim_delay_cycles\": %.2f, "
                    "\"fc\": %.4f, \"fc_congestor\": %.4f, \"congested_frac\": %.4f, \"c_avg\": %.1f, \"c_max\": %u, "
                    "\"hot_eq_peak_cells\": %u, \"uplink_eq_peak_cells\": %u, \"peak_held_blocks\": %u, \"credit_updates\": %llu, "
                    "\"blocked_arrivals\": %llu, \"drops\": %llu, \"violations\": %llu, \"overruns\": %llu, "
                    "\"no_credit_starts\": %llu, \"consistent\": %s, \"cpu_s\": %.2f}\n",
                    have_base ? "true" : "false", b0, d0, fcv, fcc, r.congested_frac, r.c_avg, r.c_max, r.hot_eq_peak, r.uplink_eq_peak,
                    r.peak_held, (unsigned long long)r.credit_updates, (unsigned long long)r.blocked,
                    (unsigned long long)r.drops, (unsigned long long)r.violations, (unsigned long long)r.overruns,
                    (unsigned long long)r.no_credit, r.consistent ? "true" : "false", r.cpu_s);
    } else if (!o.quiet) {
        std::printf("endpoint %d NICs on 2 leaves -> 1 hot spot + victims across the uplink, nic=%s switch=%s pft=%s cycles=%llu (%.2f ns/cycle)\n",
                    o.nodes, o.nic.c_str(), o.core.c_str(), o.pft.c_str(), (unsigned long long)o.cycles, cycle_ns);
        for (const auto& cr : {std::make_pair("victim   ", &r.victim), std::make_pair("congestor", &r.congestor)})
            std::printf("%s tput=%.4f of line rate/flow (min %.4f)  delay=%.1f cycles (%.3f us) p99=%.0f net=%.1f "
                        "packets=%llu (%llu not delivered)\n",
                        cr.first, cr.second->tput, cr.second->tput_min, cr.second->delay,
                        cr.second->delay * cycle_ns / 1000, cr.second->p99, cr.second->net_delay,
                        (unsigned long long)cr.second->packets, (unsigned long long)cr.second->censored);
        if (have_base)
            std::printf("RESULT pft=%s F_C=%.3f (victims; B_0=%.4f D_0=%.1f) F_C(congestors)=%.3f congested=%.3f "
                        "c_avg=%.0f violations=%llu overruns=%llu cpu=%.2fs\n",
                        o.pft.c_str(), fcv, b0, d0, fcc, r.congested_frac, r.c_avg, (unsigned long long)r.violations,
                        (unsigned long long)r.overruns, r.cpu_s);
        else
            std::printf("RESULT pft=%s (no baseline) congested=%.3f c_avg=%.0f violations=%llu overruns=%llu cpu=%.2fs\n",
                        o.pft.c_str(), r.congested_frac, r.c_avg, (unsigned long long)r.violations,
                        (unsigned long long)r.overruns, r.cpu_s);
    }
    return r.consistent ? 0 : 3;
}

}  // namespace sim
}  // namespace fg
