// fg_sim_network.h - a network of hosts, switches and links on one clock: the builder the
// scenarios use. Every node talks to the others only through sc_signal wires written on the
// rising edge, so the order SystemC runs the nodes' processes in cannot change the result:
// a run is a pure function of the scenario (no randomness, no wall-clock).
#pragma once

#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "fg_sim_host.h"
#include "fg_sim_link.h"
#include "fg_sim_switch.h"

namespace fg {
namespace sim {

class Network {
   public:
    Network();
    HostNode& add_host(const HostConfig& cfg);
    SwitchNode& add_switch(const SwitchConfig& cfg, std::unique_ptr<CoreBackend> core);
    // Connects a host's port to switch port `port` with a link of `delay` cycles.
    Link& connect(HostNode& h, SwitchNode& s, int port, uint32_t delay);
    // Connects port pa of switch a to port pb of switch b (multi-switch topologies).
    Link& connect(SwitchNode& a, int pa, SwitchNode& b, int pb, uint32_t delay);
    // Connects two hosts back to back (tests).
    Link& connect(HostNode& a, HostNode& b, uint32_t delay);
    // Ties every switch port left unconnected to an idle wire. Call once before run().
    void finish();
    // Runs `cycles` rising edges (cycles 0 .. cycles-1).
    void run(uint64_t cycles);
    sc_core::sc_clock& clock() { return clk_; }
    std::vector<std::unique_ptr<HostNode>>& hosts() { return hosts_; }
    std::vector<std::unique_ptr<SwitchNode>>& switches() { return switches_; }
    std::vector<std::unique_ptr<Link>>& links() { return links_; }

   private:
    using Wire = sc_core::sc_signal<WireSymbol>;
    Wire& new_wire(const std::string& name);
    size_t claim(SwitchNode& s, int port);  // marks a switch port used, returns the switch index
    sc_core::sc_clock clk_;
    std::vector<std::unique_ptr<HostNode>> hosts_;
    std::vector<std::unique_ptr<SwitchNode>> switches_;
    std::vector<std::unique_ptr<Link>> links_;
    std::vector<std::unique_ptr<Wire>> wires_;
    std::vector<std::vector<bool>> bound_;  // per switch, per port
    bool finished_ = false;
};

}  // namespace sim
}  // namespace fg
