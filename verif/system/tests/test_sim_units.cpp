// test_sim_units.cpp - unit tests of the system simulator's nodes: links, hosts, the switch
// node around a core. One SystemC elaboration per process, so one test per run:
//   fg_sim_unit --test NAME [--switch cmodel|rtl|stub] [--delay D]
// Every expected value below is derived from the contracts in the headers (delay D, one cell
// per cycle, q quanta = q cycles), never read back from the code under test. Each check
// prints `CHECK name ok|FAIL ...`; the exit code is 1 when any check failed.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "fg_sim_dcqcn.h"
#include "fg_sim_host.h"
#include "fg_sim_latency.h"
#include "fg_sim_link.h"
#include "fg_sim_network.h"
#include "fg_sim_switch.h"

using namespace fg::sim;

namespace {

int failures = 0;
// --core line-rate: the switch node tests run the line-rate core (LINE_RATE 1, no P-PFC)
int core_line_rate = 0;

void check(const std::string& name, bool ok, const std::string& detail = "") {
    std::printf("CHECK %s %s%s%s\n", name.c_str(), ok ? "ok" : "FAIL", detail.empty() ? "" : " ", detail.c_str());
    if (!ok) failures++;
}
std::string kv(const char* k, uint64_t v) { return std::string(k) + "=" + std::to_string(v); }

// Records every non-idle symbol on a wire with the edge at which a reader of that wire sees it.
SC_MODULE(Probe) {
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<WireSymbol> in;
    std::vector<std::pair<uint64_t, WireSymbol>> seen;
    SC_CTOR(Probe) {
        SC_METHOD(on_edge);
        sensitive << clk.pos();
        dont_initialize();
    }
    void on_edge() {
        if (!in.read().idle()) seen.push_back({current_cycle(), in.read()});
    }
    // Edges at which a packet's first cell is seen.
    std::vector<uint64_t> starts() const {
        std::vector<uint64_t> v;
        for (const auto& s : seen)
            if (s.second.first_cell()) v.push_back(s.first);
        return v;
    }
};

// Two hosts back to back, with probes on the wires: a_tx (what A sends, seen one edge after
// A wrote it) and b_rx (what B receives, at the edge B reads it); likewise b_tx / a_rx.
struct Pair {
    sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS, 0.5, 0, sc_core::SC_NS, true};
    sc_core::sc_signal<WireSymbol> a_tx{"a_tx"}, a_rx{"a_rx"}, b_tx{"b_tx"}, b_rx{"b_rx"};
    HostNode a, b;
    Link link;
    Probe p_a_tx{"p_a_tx"}, p_b_rx{"p_b_rx"}, p_a_rx{"p_a_rx"};
    Pair(const HostConfig& ca, const HostConfig& cb, uint32_t delay) : a("a", ca), b("b", cb), link("link", delay) {
        a.clk(clk);
        b.clk(clk);
        link.clk(clk);
        a.tx(a_tx);
        link.a_tx(a_tx);
        link.b_rx(b_rx);
        b.rx(b_rx);
        b.tx(b_tx);
        link.b_tx(b_tx);
        link.a_rx(a_rx);
        a.rx(a_rx);
        for (Probe* p : {&p_a_tx, &p_b_rx, &p_a_rx}) p->clk(clk);
        p_a_tx.in(a_tx);
        p_b_rx.in(b_rx);
        p_a_rx.in(a_rx);
    }
    void run(uint64_t cycles) { sc_core::sc_start(sc_core::sc_time(double(cycles) - 0.5, sc_core::SC_NS)); }
};

sc_core::sc_signal<WireSymbol>* find_wire(const std::string& name) {
    for (sc_core::sc_object* o : sc_core::sc_get_top_level_objects())
        if (name == o->name()) return dynamic_cast<sc_core::sc_signal<WireSymbol>*>(o);
    return nullptr;
}

// Binds probe p to the network's clock and the wire `name`; false (and the failed check
// `tag`.found_wire) when the network has no such wire.
bool probe_wire(Probe& p, Network& net, const std::string& name, const std::string& tag) {
    p.clk(net.clock());
    sc_core::sc_signal<WireSymbol>* w = find_wire(name);
    check(tag + ".found_wire", w != nullptr);
    if (w) p.in(*w);
    return w != nullptr;
}

ScriptedPfc pfc_at(uint64_t cycle, int prio, uint16_t quanta) {
    ScriptedPfc s;
    s.cycle = cycle;
    s.cev = uint8_t(1u << prio);
    s.time[prio] = quanta;
    return s;
}

FlowSpec flow(uint32_t id, uint16_t dst, int prio, uint16_t bytes, uint64_t start, uint64_t packets) {
    FlowSpec f;
    f.flow = id;
    f.dst = dst;
    f.prio = uint8_t(prio);
    f.bytes = bytes;
    f.start = start;
    f.packets = packets;
    return f;
}

// A symbol written at edge t is read at edge t + D, for data and PFC alike, both directions.
int test_link_delay(uint32_t D) {
    HostConfig ca, cb;
    ca.id = 0;
    cb.id = 1;
    ca.pfc_script.push_back(pfc_at(5, 3, 7));                 // idle at 5: sent at edge 5
    ca.flows.push_back(flow(1, 1, 2, 128, 20, 2));             // 2 packets of 2 cells from edge 20
    cb.pfc_script.push_back(pfc_at(9, 6, 1));                  // B -> A
    Pair n(ca, cb, D);
    n.run(40 + 2 * D);
    const auto& rx = n.p_b_rx.seen;
    check("link.count", rx.size() == 5, kv("symbols", rx.size()));
    if (rx.size() == 5) {
        check("link.pfc_arrival", rx[0].second.pfc() && rx[0].first == 5 + D, kv("at", rx[0].first));
        check("link.pfc_fields", rx[0].second.cev == 0x08 && rx[0].second.time[3] == 7);
        bool cells_ok = true;
        for (int k = 0; k < 4; k++)
            cells_ok &= rx[1 + k].second.data() && rx[1 + k].first == 20 + D + k && rx[1 + k].second.cell == k % 2 &&
                        rx[1 + k].second.pkt.seq == uint32_t(k / 2);
        check("link.data_arrival", cells_ok, kv("first_at", rx[1].first));
    }
    const auto& back = n.p_a_rx.seen;
    check("link.reverse", back.size() == 1 && back[0].first == 9 + D && back[0].second.pfc(),
          back.empty() ? "none" : kv("at", back[0].first));
    // A's transmit probe sees each symbol one edge after A wrote it.
    check("link.tx_probe", !n.p_a_tx.seen.empty() && n.p_a_tx.seen[0].first == 6);
    return 0;
}

// A sender paused with q quanta at a packet boundary leaves the wire idle for exactly q cycles;
// a pause of another class changes nothing; a second XOFF reloads; XON releases at once.
int test_pause() {
    const uint32_t D = 16;  // PFC sent by B at edge s arrives at A at s + 16
    const uint16_t cells = 16, bytes = 1024;
    HostConfig ca, cb;
    ca.id = 0;
    cb.id = 1;
    ca.flows.push_back(flow(1, 1, 3, bytes, 0, 0));  // back to back: starts at 0, 16, 32, ...
    cb.pfc_script.push_back(pfc_at(40, 5, 1000));    // other class: arrives 56
    cb.pfc_script.push_back(pfc_at(96, 3, 500));     // arrives 112 = a packet boundary
    // Second episode: XOFF 300 arriving at 2000 (boundary: 2000 = 125*16), refreshed with
    // 300 at 2200 -> released at 2500; third: XOFF 5000 at 3200, XON at 3700.
    cb.pfc_script.push_back(pfc_at(2000 - D, 3, 300));
    cb.pfc_script.push_back(pfc_at(2200 - D, 3, 300));
    cb.pfc_script.push_back(pfc_at(3200 - D, 3, 5000));
    cb.pfc_script.push_back(pfc_at(3700 - D, 3, 0));
    Pair n(ca, cb, D);
    n.run(4500);
    std::vector<uint64_t> st;  // edges at which A started a packet
    for (uint64_t s : n.p_a_tx.starts()) st.push_back(s - 1);
    auto has = [&](uint64_t c) {
        for (uint64_t s : st)
            if (s == c) return true;
        return false;
    };
    auto none_in = [&](uint64_t lo, uint64_t hi) {  // no start in [lo, hi)
        for (uint64_t s : st)
            if (s >= lo && s < hi) return false;
        return true;
    };
    check("pause.other_class_ignored", has(48) && has(64) && has(96), "");
    check("pause.exact_q", has(96) && none_in(112, 612) && has(612), "");
    // The wire: cells of the packet started at 96 until edge 111, then idle for exactly 500.
    uint64_t idle = 0;
    for (uint64_t c = 112; c < 700; c++) {
        bool busy = false;
        for (const auto& s : n.p_a_tx.seen)
            if (s.first - 1 == c) busy = true;
        if (!busy) idle++;
        else if (idle) break;
    }
    check("pause.idle_cycles", idle == 500, kv("idle", idle));
    check("pause.refresh_reload", none_in(2000, 2500) && has(2500), "");
    check("pause.xon_releases", none_in(3200, 3700) && has(3700), "");
    check("pause.after_resume_line_rate", has(3700 + cells) && has(3700 + 2 * cells), "");
    check("pause.paused_cycles", n.a.logic.stats().paused_cycles[3] == 500 + 500 + 500,
          kv("paused_cycles", n.a.logic.stats().paused_cycles[3]));
    return 0;
}

// A sender at line rate fills the link completely; the receiver counts every cell, in order,
// each packet D + cells - 1 cycles after its first cell left.
int test_line_rate() {
    const uint32_t D = 78;
    const uint64_t start = 10, cycles = 10000;
    HostConfig ca, cb;
    ca.id = 0;
    cb.id = 1;
    ca.flows.push_back(flow(1, 1, 3, 1000, start, 0));  // 1000 B = 16 cells (last one partial)
    Pair n(ca, cb, D);
    n.run(cycles);
    const HostStats& r = n.b.logic.stats();
    const uint64_t cells = cycles - (start + D);  // B reads a cell at every edge from start + D
    check("line.rx_cells", r.rx_cells == cells, kv("rx_cells", r.rx_cells) + " " + kv("expected", cells));
    check("line.rx_packets", r.rx_packets == cells / 16, kv("rx_packets", r.rx_packets));
    check("line.in_order", r.rx_out_of_order == 0);
    check("line.latency", r.latency_max == D + 15 && r.latency_sum == r.rx_packets * (D + 15),
          kv("latency_max", r.latency_max));
    return 0;
}

// The switch of the node tests: hosts on ports 0, 1, 2 (the others idle), 8 priorities,
// 64 cells of headroom, egress port 2 monitored.
static SwitchConfig three_host_switch(int ports, uint32_t total_cells) {
    SwitchParams sp;
    sp.n_ports = ports;
    sp.n_prio = 8;
    sp.total_cells = total_cells;
    sp.headroom = 64;
    SwitchConfig sc;
    sc.core = fg_sw_core_cfg{ports, 8, 18, 8, 0, 0, 0, 0, 0, 0};
    if (core_line_rate) sc.core.line_rate = 1, sc.core.no_ppfc = 1;
    sc.csr_writes = switch_register_writes(sp, 18);
    sc.route = {0, 1, 2};
    sc.mon_port = 2;
    return sc;
}

// Two senders into one egress port through a switch: every packet arrives, in order, and the
// egress link is never idle from its first cell to its last (grants back to back).
int test_switch_forward(const std::string& core, int ports) {
    const uint32_t D = 5;
    Network net;
    SwitchConfig sc = three_host_switch(ports, 8192);
    SwitchNode& sw = net.add_switch(sc, make_core(core, sc.core));
    const uint64_t t0 = sw.logic.config_cycles() + 4;
    HostConfig h0, h1, h2;
    h0.id = 0;
    h1.id = 1;
    h2.id = 2;
    h0.flows.push_back(flow(10, 2, 3, 1024, t0, 100));  // 16 cells
    h1.flows.push_back(flow(11, 2, 3, 300, t0, 100));   // 5 cells
    HostNode& a = net.add_host(h0);
    HostNode& b = net.add_host(h1);
    HostNode& r = net.add_host(h2);
    net.connect(a, sw, 0, D);
    net.connect(b, sw, 1, D);
    net.connect(r, sw, 2, D);
    Probe p("p_egress");
    if (!probe_wire(p, net, "w_host2_switch0p2_down", "fwd")) return 1;
    net.run(t0 + 100 * 21 + 400);
    // Both senders start together: B's first 5-cell packet is queued 11 cells before A's first
    // 16-cell one, so the egress may idle in its first 32 cycles. From then on the queue never
    // runs dry (2 cells/cycle arrive, then 1 cell/cycle from A alone while B's cells wait), so
    // the egress wire carries a data cell on every edge up to its last.
    std::vector<uint64_t> data;
    for (const auto& x : p.seen)
        if (x.second.data()) data.push_back(x.first);
    size_t k = 0;
    while (k < data.size() && data[k] < data.front() + 32) k++;
    check("fwd.egress_back_to_back", k < data.size() && data.back() - data[k] + 1 == data.size() - k,
          data.empty() ? "" : kv("span", data.back() - data[k] + 1) + " " + kv("cells", data.size() - k));
    const HostStats& rs = r.logic.stats();
    const SwitchStats& ss = sw.logic.stats();
    check("fwd.delivered", rs.rx_packets == 200, kv("rx_packets", rs.rx_packets));
    check("fwd.cells", rs.rx_cells == 100 * 16 + 100 * 5, kv("rx_cells", rs.rx_cells));
    check("fwd.in_order", rs.rx_out_of_order == 0);
    check("fwd.no_drops", ss.dropped == 0 && ss.stat_drop == 0 && ss.stat_violation == 0);
    check("fwd.consistent", ss.protocol_errors == 0 && ss.acct_mismatch == 0, sw.logic.first_error());
    check("fwd.queue_empty_at_end", sw.logic.eq_len(2, 3) == 0 && sw.logic.core_out().egress_cnt[2][3] == 0);
    check("fwd.egress_tx_cells", ss.tx_cells == rs.rx_cells, kv("tx_cells", ss.tx_cells));
    return 0;
}

// A core that shows `delta` cells more (or fewer, never below 0) in egress_cnt[o][p] than it
// holds, from edge `from` on: what a core that invents or loses a cell looks like to the node.
class SkewedCore : public CoreBackend {
   public:
    SkewedCore(std::unique_ptr<CoreBackend> in, int o, int p, int delta, uint64_t from)
        : in_(std::move(in)), o_(o), p_(p), delta_(delta), from_(from) {}
    std::string name() const override { return in_->name(); }
    void set_from(uint64_t from) { from_ = from; }
    void reset() override { in_->reset(), edge_ = 0; }
    void step(const fg_sw_core_in& in, fg_sw_core_out& out) override {
        in_->step(in, out);
        if (edge_++ < from_) return;
        uint32_t& c = out.egress_cnt[o_][p_];
        c = delta_ < 0 && c < uint32_t(-delta_) ? 0 : uint32_t(int64_t(c) + delta_);
    }

   private:
    std::unique_ptr<CoreBackend> in_;
    int o_, p_, delta_;
    uint64_t from_, edge_ = 0;
};

// The node's accounting check can fail: switch_forward's traffic through a core skewed by
// `delta` cells in EQ(2,3) from the middle of the run must be reported (acct_mismatch, a
// first error naming that EQ). With the line-rate core the check is a window (fg_sim_switch.h):
// this shows the window closes while the egress drains.
int test_switch_acct_caught(const std::string& core, int ports, int delta) {
    const uint32_t D = 5;
    Network net;
    SwitchConfig sc = three_host_switch(ports, 8192);
    SkewedCore* skew = new SkewedCore(make_core(core, sc.core), 2, 3, delta, 0);
    SwitchNode& sw = net.add_switch(sc, std::unique_ptr<CoreBackend>(skew));
    const uint64_t t0 = sw.logic.config_cycles() + 4;
    const uint64_t from = t0 + 600;  // the traffic runs from t0 to about t0 + 2100
    skew->set_from(from);
    HostConfig h0, h1, h2;
    h0.id = 0;
    h1.id = 1;
    h2.id = 2;
    h0.flows.push_back(flow(10, 2, 3, 1024, t0, 100));
    h1.flows.push_back(flow(11, 2, 3, 300, t0, 100));
    net.connect(net.add_host(h0), sw, 0, D);
    net.connect(net.add_host(h1), sw, 1, D);
    HostNode& r = net.add_host(h2);
    net.connect(r, sw, 2, D);
    net.run(t0 + 100 * 21 + 400);
    const SwitchStats& ss = sw.logic.stats();
    check("acct.traffic", r.logic.stats().rx_packets == 200, kv("rx_packets", r.logic.stats().rx_packets));
    check("acct.caught", ss.acct_mismatch > 0, kv("acct_mismatch", ss.acct_mismatch));
    check("acct.named", sw.logic.first_error().find("EQ(2,3)") != std::string::npos, sw.logic.first_error());
    check("acct.not_before_skew", sw.logic.first_error().find("cycle ") == 0 &&
                                      std::strtoull(sw.logic.first_error().c_str() + 6, nullptr, 10) > from,
          sw.logic.first_error() + " " + kv("skew_from", from));
    return 0;
}

// The egress port of a switch holds back when its downstream (the receiver) pauses it: no
// packet starts from a few cycles after the frame arrives until q cycles later, then the
// queue drains again. The bounds allow the core's pipeline (a handful of cycles), no more.
int test_switch_rx_pfc(const std::string& core, int ports) {
    const uint32_t D = 5;
    const uint16_t q = 1000;
    Network net;
    SwitchConfig sc = three_host_switch(ports, 65536);
    SwitchNode& sw = net.add_switch(sc, make_core(core, sc.core));
    const uint64_t t0 = sw.logic.config_cycles() + 4;
    const uint64_t s = t0 + 600;  // the receiver's frame leaves at s, reaches the switch at s + D
    const uint64_t r = s + D;
    HostConfig h0, h1, h2;
    h0.id = 0;
    h1.id = 1;
    h2.id = 2;
    h0.flows.push_back(flow(10, 2, 3, 512, t0, 0));  // 8 cells, two senders: egress backlogged
    h1.flows.push_back(flow(11, 2, 3, 512, t0, 0));
    h2.pfc_script.push_back(pfc_at(s, 3, q));
    HostNode& a = net.add_host(h0);
    HostNode& b = net.add_host(h1);
    HostNode& rcv = net.add_host(h2);
    net.connect(a, sw, 0, D);
    net.connect(b, sw, 1, D);
    net.connect(rcv, sw, 2, D);
    // Probe the switch -> receiver wire (a start seen at edge e was sent at e - 1).
    Probe p("p_egress");
    if (!probe_wire(p, net, "w_host2_switch0p2_down", "rxpfc")) return 1;
    net.run(r + q + 600);
    std::vector<uint64_t> st;  // edges at which the switch started a packet on port 2
    for (uint64_t c : p.starts()) st.push_back(c - 1);
    const uint64_t hold_from = r + 4, hold_to = r + q;  // pipeline allowance: 4 cycles
    bool none = true;
    uint64_t first_after = 0;
    for (uint64_t c : st) {
        if (c >= hold_from && c < hold_to) none = false;
        if (c >= hold_to && !first_after) first_after = c;
    }
    check("rxpfc.started_before", !st.empty() && st.front() < r, "");
    check("rxpfc.held", none, "");
    check("rxpfc.resumed", first_after >= hold_to && first_after <= hold_to + 4, kv("first_after", first_after) +
                                                                                   " " + kv("pause_end", hold_to));
    check("rxpfc.rx_counted", sw.logic.stats().pfc_rx == 1);
    check("rxpfc.consistent", sw.logic.stats().protocol_errors == 0 && sw.logic.stats().acct_mismatch == 0,
          sw.logic.first_error());
    return 0;
}

// Head-of-line blocking, input-queued (--egress iq) against combined input-output queued
// (cioq) with an output queue of `out` packets. Host 0 sends two 16-cell packets for host 2
// and then one for host 3; host 2 has paused the switch's port 2 (4000 quanta = cycles)
// before the first one arrives. iq: the packet for host 3 waits behind the paused head, so
// host 3 sees it only after the pause. cioq: both packets for host 2 move into port 2's
// output queue when it holds two, and the one for host 3 goes out during the pause; with one
// slot the second packet for host 2 stays at the head of the ingress FIFO and blocks it.
int test_switch_hol(const std::string& core, int ports, const std::string& egress, uint32_t out) {
    const uint32_t D = 5;
    const uint16_t q = 4000;
    Network net;
    SwitchConfig sc = three_host_switch(ports, 8192);
    sc.route = {0, 1, 2, 3};
    sc.egress = egress == "iq" ? EgressDiscipline::Iq : EgressDiscipline::Cioq;
    sc.cioq_out = out;
    SwitchNode& sw = net.add_switch(sc, make_core(core, sc.core));
    const uint64_t t0 = sw.logic.config_cycles() + 4;
    HostConfig h[4];
    for (int k = 0; k < 4; k++) h[k].id = uint16_t(k);
    h[0].flows.push_back(flow(10, 2, 3, 1024, t0 + 20, 2));  // cells at t0+20 .. t0+51
    h[0].flows.push_back(flow(11, 3, 3, 1024, t0 + 52, 1));  // the packet for host 3 after them
    h[2].pfc_script.push_back(pfc_at(t0, 3, q));             // reaches the switch at t0 + D
    std::vector<HostNode*> host;
    for (int k = 0; k < 4; k++) host.push_back(&net.add_host(h[k]));
    for (int k = 0; k < 4; k++) net.connect(*host[k], sw, k, D);
    Probe p2("p_port2"), p3("p_port3");
    p2.clk(net.clock());
    p3.clk(net.clock());
    sc_core::sc_signal<WireSymbol>* w2 = find_wire("w_host2_switch0p2_down");
    sc_core::sc_signal<WireSymbol>* w3 = find_wire("w_host3_switch0p3_down");
    check("hol.found_wires", w2 && w3);
    if (!w2 || !w3) return 1;
    p2.in(*w2);
    p3.in(*w3);
    const uint64_t pause_end = t0 + D + q;
    net.run(pause_end + 400);
    const std::vector<uint64_t> s2 = p2.starts(), s3 = p3.starts();
    const bool early = !s3.empty() && s3.front() < pause_end;
    const bool expect_early = egress == "cioq" && out >= 2;
    check("hol.port2_held", !s2.empty() && s2.front() >= pause_end, s2.empty() ? "none" : kv("first", s2.front()));
    check("hol.port3_" + std::string(expect_early ? "during_pause" : "after_pause"), early == expect_early,
          s3.empty() ? "none" : kv("first", s3.front()) + " " + kv("pause_end", pause_end));
    check("hol.delivered", host[2]->logic.stats().rx_packets == 2 && host[3]->logic.stats().rx_packets == 1,
          kv("host2", host[2]->logic.stats().rx_packets) + " " + kv("host3", host[3]->logic.stats().rx_packets));
    // Port 3's EQ is held (a packet, none eligible) exactly when its packet waits behind the head.
    check("hol.held_counted", (sw.logic.stats().hol_held > 0) == !expect_early, kv("hol_held", sw.logic.stats().hol_held));
    check("hol.consistent", sw.logic.stats().protocol_errors == 0 && sw.logic.stats().acct_mismatch == 0,
          sw.logic.first_error());
    return 0;
}

// The cioq transit bias knob (SwitchConfig::skip_ppm), directed. Hosts 0 and 1 each send 24
// back-to-back 16-cell packets to host 2 from the same cycle, so both ingress FIFOs always
// have a head for port 2 and port 2's output queue decides who goes. Port 1 is marked. With
// skip_ppm = 0 the round robin alternates: host 1 has 11..13 of the first 24 packets on port
// 2. With 10^6 (always pass over when the other port waits) port 1 moves only when port 0's
// FIFO has no head for port 2: at the start, when both heads arrive together and port 0's
// FIFO empties as its packet moves (sources 0101 then 0s), so host 1 has at most 2 of the
// first 24; every packet is still delivered once host 0 is done. The check prints the order.
int test_switch_skip(const std::string& core, int ports, uint32_t ppm) {
    const uint32_t D = 5, n = 24;
    Network net;
    SwitchConfig sc = three_host_switch(ports, 8192);
    sc.egress = EgressDiscipline::Cioq;
    sc.skip_ports.assign(size_t(ports), false);
    sc.skip_ports[1] = true;
    sc.skip_ppm = ppm;
    SwitchNode& sw = net.add_switch(sc, make_core(core, sc.core));
    const uint64_t t0 = sw.logic.config_cycles() + 4;
    HostConfig h[3];
    for (int k = 0; k < 3; k++) h[k].id = uint16_t(k);
    h[0].flows.push_back(flow(10, 2, 3, 1024, t0 + 20, n));
    h[1].flows.push_back(flow(11, 2, 3, 1024, t0 + 20, n));
    std::vector<HostNode*> host;
    for (int k = 0; k < 3; k++) host.push_back(&net.add_host(h[k]));
    for (int k = 0; k < 3; k++) net.connect(*host[k], sw, k, D);
    Probe p2("p_port2");
    if (!probe_wire(p2, net, "w_host2_switch0p2_down", "skip")) return 1;
    net.run(t0 + 20 + 2 * n * 17 + 400);
    std::vector<uint16_t> src;  // source host of each packet started on port 2, in order
    for (const auto& s : p2.seen)
        if (s.second.first_cell()) src.push_back(s.second.pkt.src);
    uint32_t from1 = 0;
    for (size_t k = 0; k < src.size() && k < n; k++) from1 += src[k] == 1;
    const bool ok = ppm == 0 ? from1 >= 11 && from1 <= 13 : ppm == 1000000 ? from1 <= 2 : true;
    std::string order;
    for (uint16_t h : src) order += char('0' + h);
    check("skip.share_of_marked_port", src.size() >= n && ok,
          kv("ppm", ppm) + " " + kv("host1_of_first_24", from1) + " " + kv("started", src.size()) + " sources " + order);
    check("skip.counted", (sw.logic.stats().cioq_skips > 0) == (ppm > 0), kv("cioq_skips", sw.logic.stats().cioq_skips));
    check("skip.delivered", host[2]->logic.stats().rx_packets == 2 * n && host[2]->logic.stats().rx_out_of_order == 0,
          kv("rx", host[2]->logic.stats().rx_packets));
    check("skip.consistent", sw.logic.stats().protocol_errors == 0 && sw.logic.stats().acct_mismatch == 0 &&
                                 sw.logic.stats().stat_violation == 0,
          sw.logic.first_error());
    return 0;
}

// Two switches in a line (h0 -> s0 -> s1 -> h1, and h1 -> s1 -> s0 -> h0 at the same time):
// the route tables carry both flows over the inter-switch link, every packet arrives in order,
// and when h1 pauses s1's port toward it, s1 fills and in turn pauses s0 (PFC hop by hop),
// still without a lossless drop.
int test_two_switches(const std::string& core, int ports) {
    const uint32_t D = 20;
    Network net;
    SwitchParams sp;
    sp.n_ports = ports;
    sp.n_prio = 8;
    sp.total_cells = 4096;
    sp.headroom = 128;
    sp.reserve = 8;
    std::vector<SwitchNode*> sw;
    for (int k = 0; k < 2; k++) {
        SwitchConfig sc;
        sc.core = fg_sw_core_cfg{ports, 8, 18, 8, 0, 0, 0, 0, 0, 0};
        sc.csr_writes = switch_register_writes(sp, 18);
        sc.route = k == 0 ? std::vector<int>{0, 1} : std::vector<int>{1, 0};  // host id -> port
        sc.mon_port = 1 - k;
        sw.push_back(&net.add_switch(sc, make_core(core, sc.core)));
    }
    const uint64_t t0 = sw[0]->logic.config_cycles() + 4;
    HostConfig h0, h1;
    h0.id = 0;
    h1.id = 1;
    h0.flows.push_back(flow(1, 1, 3, 1024, t0, 400));
    h1.flows.push_back(flow(2, 0, 3, 512, t0, 100));
    h1.pfc_script.push_back(pfc_at(t0 + 1000, 3, 8000));  // h1 holds s1 back for 8000 cycles
    HostNode& a = net.add_host(h0);
    HostNode& b = net.add_host(h1);
    net.connect(a, *sw[0], 0, D);
    net.connect(*sw[0], 1, *sw[1], 1, D);
    net.connect(b, *sw[1], 0, D);
    net.run(t0 + 400 * 16 + 8000 + 2000);
    check("two.delivered_fwd", b.logic.stats().rx_packets == 400, kv("rx", b.logic.stats().rx_packets));
    check("two.delivered_back", a.logic.stats().rx_packets == 100, kv("rx", a.logic.stats().rx_packets));
    check("two.in_order", a.logic.stats().rx_out_of_order == 0 && b.logic.stats().rx_out_of_order == 0);
    // 8000 cycles of h0's cells cannot fit in s1 (its shared share is about half of ~3700
    // cells) plus s0's: s1 must pause s0 and s0 must pause h0 for a long time. (An empty PG
    // never pauses, so no switch sends anything at start-up: every XOFF here is real.)
    check("two.hop_by_hop", sw[1]->logic.stats().pfc_xoff >= 1 && sw[0]->logic.stats().pfc_xoff >= 1 &&
                                a.logic.stats().paused_cycles[3] > 1000,
          kv("s1_xoff", sw[1]->logic.stats().pfc_xoff) + " " + kv("h0_paused", a.logic.stats().paused_cycles[3]));
    check("two.lossless", sw[0]->logic.stats().stat_violation == 0 && sw[1]->logic.stats().stat_violation == 0);
    check("two.consistent", sw[0]->logic.stats().protocol_errors == 0 && sw[1]->logic.stats().protocol_errors == 0 &&
                                sw[0]->logic.stats().acct_mismatch == 0 && sw[1]->logic.stats().acct_mismatch == 0,
          sw[0]->logic.first_error() + sw[1]->logic.first_error());
    return 0;
}

// Bad construction is refused with a message naming the field and its range.
int test_bad_input() {
    auto msg = [](std::function<void()> f) -> std::string {
        try {
            f();
        } catch (const std::exception& e) {
            return e.what();
        }
        return "";
    };
    std::string m = msg([] { DelayLine d(1); });
    check("bad.link_delay", m.find("link delay 1") != std::string::npos && m.find(">= 2") != std::string::npos, m);
    m = msg([] {
        HostConfig h;
        h.flows.push_back(flow(1, 0, 9, 1024, 0, 0));
        HostLogic l(h);
    });
    check("bad.flow_prio", m.find("prio 9") != std::string::npos && m.find("0..7") != std::string::npos, m);
    m = msg([] {
        SwitchParams p;
        p.alpha_shift = 16;
        switch_register_writes(p, 18);
    });
    check("bad.alpha_shift", m.find("alpha_shift = 16") != std::string::npos && m.find("0..15") != std::string::npos,
          m);
    m = msg([] { make_core("nosuch", fg_sw_core_cfg{3, 8, 18, 8, 0, 0, 0, 0, 0, 0}); });
    check("bad.core", m.find("--switch nosuch") != std::string::npos && m.find("stub") != std::string::npos, m);
    return 0;
}

// DCQCN RP/NP (fg_sim_dcqcn.h) against values worked out by hand from SPEC 9's formulas
// (g = 1/256, F = 5, R_AI = 0.04, R_HAI = 0.2 Gb/s, line 40 Gb/s).
bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }
std::string kd(const char* k, double v) {
    char b[64];
    std::snprintf(b, sizeof b, "%s=%.9g", k, v);
    return b;
}

int test_dcqcn() {
    DcqcnParams p = DcqcnParams::paper(40, 12.8);
    check("dcqcn.timers_55us", p.alpha_timer == 4297 && p.rate_timer == 4297, kv("timer", p.rate_timer));
    check("dcqcn.cnp_interval_50us", p.cnp_interval == 3906, kv("cnp_interval", p.cnp_interval));
    {   // alpha starting at 0: one CNP gives alpha = g and R_C = R (1 - g/2)
        DcqcnParams q = p;
        q.alpha0 = 0;
        DcqcnRp rp(q);
        rp.on_cnp(100);
        check("dcqcn.alpha_after_one_cnp_is_g", near(rp.alpha(), 0.00390625), kd("alpha", rp.alpha()));
        check("dcqcn.rate_after_one_cnp", near(rp.rate_gbps(), 39.921875) && near(rp.target_gbps(), 40),
              kd("rc", rp.rate_gbps()));
    }
    DcqcnRp rp(p);  // alpha0 = 1 (ns-3)
    check("dcqcn.line_rate_before_cnp", near(rp.rate_gbps(), 40) && !rp.active());
    rp.advance(1000000);  // no timer runs before the first CNP
    check("dcqcn.no_increase_before_cnp", near(rp.rate_gbps(), 40) && rp.timer_stage() == 0);
    rp.on_cnp(0);
    check("dcqcn.first_cnp_halves", near(rp.alpha(), 1) && near(rp.rate_gbps(), 20) && near(rp.target_gbps(), 40),
          kd("rc", rp.rate_gbps()));
    rp.on_cnp(0);
    check("dcqcn.second_cnp", near(rp.rate_gbps(), 10) && near(rp.target_gbps(), 20), kd("rc", rp.rate_gbps()));
    rp.advance(4296);
    check("dcqcn.timer_not_yet", rp.timer_stage() == 0 && near(rp.rate_gbps(), 10));
    rp.advance(4297);
    check("dcqcn.fast_recovery_1", rp.timer_stage() == 1 && near(rp.rate_gbps(), 15) &&
                                       rp.last_event() == DcqcnRp::kFastRecovery, kd("rc", rp.rate_gbps()));
    check("dcqcn.alpha_decay_1", near(rp.alpha(), 255.0 / 256), kd("alpha", rp.alpha()));
    rp.advance(5 * 4297);
    check("dcqcn.fast_recovery_5", rp.timer_stage() == 5 && near(rp.rate_gbps(), 19.6875) &&
                                       rp.last_event() == DcqcnRp::kFastRecovery, kd("rc", rp.rate_gbps()));
    check("dcqcn.alpha_decay_5", near(rp.alpha(), 0.980620743007421), kd("alpha", rp.alpha()));
    rp.advance(6 * 4297);
    check("dcqcn.additive", rp.last_event() == DcqcnRp::kAdditive && near(rp.target_gbps(), 20.04) &&
                                near(rp.rate_gbps(), 19.86375), kd("rt", rp.target_gbps()) + " " + kd("rc", rp.rate_gbps()));
    rp.on_sent(9999999);
    check("dcqcn.byte_counter_not_yet", rp.byte_stage() == 0);
    rp.on_sent(1);
    check("dcqcn.byte_counter_10MB", rp.byte_stage() == 1 && rp.last_event() == DcqcnRp::kAdditive &&
                                         near(rp.target_gbps(), 20.08) && near(rp.rate_gbps(), 19.971875),
          kd("rc", rp.rate_gbps()));
    rp.on_sent(5 * 10000000ull);  // byte stages 2..5 additive, 6 hyper (both counters > F)
    check("dcqcn.hyper", rp.byte_stage() == 6 && rp.last_event() == DcqcnRp::kHyper &&
                             near(rp.target_gbps(), 20.44), kd("rt", rp.target_gbps()));
    for (int k = 0; k < 40; k++) rp.on_cnp(30000);
    check("dcqcn.min_rate", near(rp.rate_gbps(), 0.1), kd("rc", rp.rate_gbps()));
    rp.advance(30000 + 2000 * 4297);  // additive: 0.04 Gb/s per event, ~1000 events from 0.1 to 40
    check("dcqcn.capped_at_line", near(rp.rate_gbps(), 40) && near(rp.target_gbps(), 40), kd("rc", rp.rate_gbps()));
    {   // the ns-3 rule: CNPs in a row keep the target; after an increase event the next CNP clamps
        DcqcnParams q = p;
        q.clamp_target = false;
        DcqcnRp r3(q);
        r3.on_cnp(0);
        r3.on_cnp(10);
        check("dcqcn.ns3_keeps_target", near(r3.rate_gbps(), 10) && near(r3.target_gbps(), 40),
              kd("rt", r3.target_gbps()));
        r3.advance(10 + 4297);  // one fast recovery: R_C = (40 + 10) / 2
        // After an increase: R_T = R_C = 25. alpha decayed once at 4307 (255/256), the CNP makes
        // it (255/256)^2 + 1/256 = 65281/65536, so R_C = 25 (1 - 65281/131072) = 25 * 65791/131072.
        r3.on_cnp(5000);
        check("dcqcn.ns3_clamps_after_increase",
              near(r3.target_gbps(), 25) && near(r3.rate_gbps(), 25.0 * 65791 / 131072),
              kd("rt", r3.target_gbps()) + " " + kd("rc", r3.rate_gbps()));
    }
    DcqcnNp np(3906);
    bool a = np.on_ce(1, 0), b = np.on_ce(1, 3905), c = np.on_ce(1, 3906), d = np.on_ce(2, 3906);
    check("dcqcn.np_one_cnp_per_interval", a && !b && c && d);
    LatencyRecord lr;
    for (int k = 100; k >= 1; k--) lr.add(uint64_t(k));
    check("latency.percentiles", lr.percentile(50) == 50 && lr.percentile(99) == 99 && lr.max() == 100 &&
                                     near(lr.mean(), 50.5), kv("p50", lr.percentile(50)) + " " + kv("p99", lr.percentile(99)));
    LatencyRecord l4;
    for (int k = 1; k <= 4; k++) l4.add(uint64_t(k));
    check("latency.p50_nearest_rank", l4.percentile(50) == 2 && l4.percentile(100) == 4);
    std::string m;
    try {
        DcqcnParams bad = p;
        bad.g = 2;
        bad.validate();
    } catch (const std::exception& e) {
        m = e.what();
    }
    check("dcqcn.bad_g", m.find("g = 2") != std::string::npos && m.find("(0, 1]") != std::string::npos, m);
    return 0;
}

// A host with a DCQCN flow of 16-cell packets: at line rate a packet starts every 16 cycles;
// after one CNP (alpha = 1: R_C = 20 Gb/s) every 32. The receiving side (NP) answers the
// first CE-marked packet of a flow at once with a CNP to the packet's source, then no more
// than one per flow per cnp_interval.
int test_dcqcn_host() {
    HostConfig hc;
    hc.id = 0;
    hc.dcqcn = DcqcnParams::paper(40, 12.8);
    FlowSpec f = flow(7, 1, 3, 1024, 0, 0);
    f.dcqcn = true;
    hc.flows.push_back(f);
    HostLogic snd(hc);
    std::vector<uint64_t> starts;
    WireSymbol idle;
    for (uint64_t t = 0; t < 400; t++) {
        WireSymbol rx = t == 100 ? WireSymbol::cnp_frame(7, 1, 0) : idle;
        WireSymbol s = snd.edge(t, rx);
        if (s.first_cell()) {
            starts.push_back(t);
            if (!s.pkt.ect) check("host.ect_set", false);
        }
    }
    // Packets start at 0, 16, ..., 96 (line rate); the CNP is read at edge 100, while the packet
    // started at 96 is on the wire: the next starts at 112 (its gap was fixed at line rate), then
    // every 32 cycles.
    std::vector<uint64_t> want = {0, 16, 32, 48, 64, 80, 96, 112, 144, 176, 208, 240, 272, 304, 336, 368};
    check("host.rate_limited", starts == want, kv("starts", starts.size()) + " " + kv("last", starts.empty() ? 0 : starts.back()));
    check("host.cnp_counted", snd.stats().rx_cnp == 1 && snd.rp(0) && snd.rp(0)->cnps() == 1);

    HostConfig rc;
    rc.id = 1;
    rc.dcqcn = hc.dcqcn;
    HostLogic rcv(rc);
    PacketDesc pk;
    pk.flow = 7;
    pk.src = 0;
    pk.dst = 1;
    pk.prio = 3;
    pk.bytes = 64;
    pk.cells = 1;
    pk.ect = true;
    pk.ce = true;
    std::vector<uint64_t> cnps;
    for (uint64_t t = 0; t < 9000; t++) {
        pk.seq = uint32_t(t / 10);
        WireSymbol rx = t % 10 == 0 ? WireSymbol::data_cell(pk, 0) : idle;
        WireSymbol s = rcv.edge(t, rx);
        if (s.cnp()) {
            cnps.push_back(t);
            if (s.pkt.flow != 7 || s.pkt.dst != 0 || s.pkt.src != 1) check("host.cnp_fields", false, to_string(s));
        }
    }
    // CE packets at 0, 10, 20, ...: CNPs for those read at 0, 3910 (first >= 3906), 7820.
    check("host.np_interval", cnps == std::vector<uint64_t>({0, 3910, 7820}), kv("cnps", cnps.size()));
    check("host.ce_counted", rcv.stats().rx_ce == 900 && rcv.stats().tx_cnp == 3);
    return 0;
}

}  // namespace

int sc_main(int argc, char** argv) {
    std::string test, core = "stub";
    uint32_t delay = 78;
    int ports = 3;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--test" && i + 1 < argc) test = argv[++i];
        else if (a == "--switch" && i + 1 < argc) core = argv[++i];
        else if (a == "--delay" && i + 1 < argc) delay = uint32_t(std::strtoul(argv[++i], nullptr, 0));
        else if (a == "--ports" && i + 1 < argc) ports = int(std::strtol(argv[++i], nullptr, 0));
        else if (a == "--core" && i + 1 < argc && (std::string(argv[i + 1]) == "default" ||
                                                   std::string(argv[i + 1]) == "line-rate"))
            core_line_rate = std::string(argv[++i]) == "line-rate";
        else {
            std::fprintf(stderr, "usage: fg_sim_unit --test link_delay|pause|line_rate|switch_forward|"
                                 "switch_rx_pfc|switch_hol_iq|switch_hol_cioq1|switch_hol_cioq2|switch_skip0|\n"
                                 "switch_skip_all|two_switches|"
                                 "switch_acct_plus|switch_acct_minus|bad_input|dcqcn|dcqcn_host [--switch K]\n"
                                 "[--core default|line-rate] [--delay D] [--ports N]\n");
            return 2;
        }
    }
    try {
        if (test == "link_delay") test_link_delay(delay);
        else if (test == "pause") test_pause();
        else if (test == "line_rate") test_line_rate();
        else if (test == "switch_forward") test_switch_forward(core, ports);
        else if (test == "switch_rx_pfc") test_switch_rx_pfc(core, ports);
        else if (test == "switch_acct_plus") test_switch_acct_caught(core, ports, +1);
        else if (test == "switch_acct_minus") test_switch_acct_caught(core, ports, -1);
        else if (test == "switch_hol_iq") test_switch_hol(core, ports, "iq", 0);
        else if (test == "switch_hol_cioq1") test_switch_hol(core, ports, "cioq", 1);
        else if (test == "switch_hol_cioq2") test_switch_hol(core, ports, "cioq", 2);
        else if (test == "switch_skip0") test_switch_skip(core, ports, 0);
        else if (test == "switch_skip_all") test_switch_skip(core, ports, 1000000);
        else if (test == "bad_input") test_bad_input();
        else if (test == "two_switches") test_two_switches(core, ports);
        else if (test == "dcqcn") test_dcqcn();
        else if (test == "dcqcn_host") test_dcqcn_host();
        else {
            std::fprintf(stderr, "fg_sim_unit: unknown test '%s'\n", test.c_str());
            return 2;
        }
    } catch (const std::exception& e) {
        std::printf("CHECK %s FAIL exception: %s\n", test.c_str(), e.what());
        return 1;
    }
    std::printf("RESULT test=%s failures=%d\n", test.c_str(), failures);
    return failures ? 1 : 0;
}

int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    return sc_core::sc_elab_and_sim(argc, argv);
}
