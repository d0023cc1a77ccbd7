// fg_sim_network.cpp - network builder (see fg_sim_network.h).
#include "fg_sim_network.h"

#include <stdexcept>

namespace fg {
namespace sim {

// 1 ns period, first rising edge at time 0: current_cycle() relies on both.
Network::Network() : clk_("clk", 1, sc_core::SC_NS, 0.5, 0, sc_core::SC_NS, true) {}

Network::Wire& Network::new_wire(const std::string& name) {
    wires_.emplace_back(new Wire(name.c_str()));
    return *wires_.back();
}

HostNode& Network::add_host(const HostConfig& cfg) {
    std::string n = "host" + std::to_string(cfg.id);
    hosts_.emplace_back(new HostNode(n.c_str(), cfg));
    hosts_.back()->clk(clk_);
    return *hosts_.back();
}

SwitchNode& Network::add_switch(const SwitchConfig& cfg, std::unique_ptr<CoreBackend> core) {
    std::string n = "switch" + std::to_string(switches_.size());
    switches_.emplace_back(new SwitchNode(n.c_str(), cfg, std::move(core)));
    switches_.back()->clk(clk_);
    bound_.push_back(std::vector<bool>(cfg.core.n_ports, false));
    return *switches_.back();
}

size_t Network::claim(SwitchNode& s, int port) {
    size_t si = 0;
    while (si < switches_.size() && switches_[si].get() != &s) si++;
    if (si == switches_.size()) throw std::logic_error("connect: switch not in this network");
    if (port < 0 || port >= (int)bound_[si].size() || bound_[si][port])
        throw std::invalid_argument(std::string("connect: ") + s.basename() + " port " + std::to_string(port) +
                                    " is not a free port (0.." + std::to_string(bound_[si].size() - 1) + ")");
    bound_[si][port] = true;
    return si;
}

Link& Network::connect(SwitchNode& a, int pa, SwitchNode& b, int pb, uint32_t delay) {
    claim(a, pa);
    claim(b, pb);
    std::string n = std::string(a.basename()) + "p" + std::to_string(pa) + "_" + b.basename() + "p" + std::to_string(pb);
    links_.emplace_back(new Link(("link_" + n).c_str(), delay));
    Link& l = *links_.back();
    l.clk(clk_);
    Wire& a_tx = new_wire("w_" + n + "_atx");
    Wire& a_rx = new_wire("w_" + n + "_arx");
    Wire& b_tx = new_wire("w_" + n + "_btx");
    Wire& b_rx = new_wire("w_" + n + "_brx");
    a.tx[pa](a_tx);
    l.a_tx(a_tx);
    l.a_rx(a_rx);
    a.rx[pa](a_rx);
    b.tx[pb](b_tx);
    l.b_tx(b_tx);
    l.b_rx(b_rx);
    b.rx[pb](b_rx);
    return l;
}

Link& Network::connect(HostNode& h, SwitchNode& s, int port, uint32_t delay) {
    claim(s, port);
    std::string n = std::string(h.basename()) + "_" + s.basename() + "p" + std::to_string(port);
    links_.emplace_back(new Link(("link_" + n).c_str(), delay));
    Link& l = *links_.back();
    l.clk(clk_);
    Wire& h_tx = new_wire("w_" + n + "_up");
    Wire& h_rx = new_wire("w_" + n + "_hrx");
    Wire& s_tx = new_wire("w_" + n + "_down");
    Wire& s_rx = new_wire("w_" + n + "_srx");
    h.tx(h_tx);
    l.a_tx(h_tx);
    l.b_rx(s_rx);
    s.rx[port](s_rx);
    s.tx[port](s_tx);
    l.b_tx(s_tx);
    l.a_rx(h_rx);
    h.rx(h_rx);
    return l;
}

Link& Network::connect(HostNode& a, HostNode& b, uint32_t delay) {
    std::string n = std::string(a.basename()) + "_" + b.basename();
    links_.emplace_back(new Link(("link_" + n).c_str(), delay));
    Link& l = *links_.back();
    l.clk(clk_);
    Wire& a_tx = new_wire("w_" + n + "_atx");
    Wire& a_rx = new_wire("w_" + n + "_arx");
    Wire& b_tx = new_wire("w_" + n + "_btx");
    Wire& b_rx = new_wire("w_" + n + "_brx");
    a.tx(a_tx);
    l.a_tx(a_tx);
    l.a_rx(a_rx);
    a.rx(a_rx);
    b.tx(b_tx);
    l.b_tx(b_tx);
    l.b_rx(b_rx);
    b.rx(b_rx);
    return l;
}

void Network::finish() {
    if (finished_) return;
    finished_ = true;
    for (size_t si = 0; si < switches_.size(); si++)
        for (size_t p = 0; p < bound_[si].size(); p++)
            if (!bound_[si][p]) {
                std::string n = std::string(switches_[si]->basename()) + "_unused" + std::to_string(p);
                switches_[si]->rx[p](new_wire(n + "_rx"));
                switches_[si]->tx[p](new_wire(n + "_tx"));
            }
}

void Network::run(uint64_t cycles) {
    finish();
    // Edges at 0, 1, ..., cycles-1 ns; stop just after the last one.
    sc_core::sc_start(sc_core::sc_time(double(cycles) - 0.5, sc_core::SC_NS));
}

}  // namespace sim
}  // namespace fg
