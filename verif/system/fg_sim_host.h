// fg_sim_host.h - a host (NIC) of the system simulator: sends flows of fixed-size (or seeded
// uniform-size, FlowSpec::uniform_size) packets
// at line rate, obeys the PFC frames it receives, and drains whatever reaches it at line rate.
//
// Per edge, in this order:
//  1. receive: a PFC frame loads the quanta timer of every class in its class-enable vector
//     (time 0 clears it); timers not loaded count down by `quanta_step` (Q16 quanta per
//     cycle; 0x10000 = one quantum per cycle at line rate). A data cell is counted; the last
//     cell of a packet completes it (latency = this edge - t_sent).
//     A CE-marked data packet asks the NP (DCQCN, fg_sim_dcqcn.h) for a CNP to its sender; a
//     CNP for one of this host's flows goes to that flow's RP (rate cut).
//  2. transmit, one symbol: the next cell of the packet in progress; else a scripted PFC
//     frame that is due; else a queued CNP; else the first cell of a new packet from the next
//     flow (round robin) that has started, has packets left, whose priority's timer is zero
//     and whose rate limiter allows it (DCQCN flow: a packet of c cells at rate R_C holds the
//     flow for c * line/R_C cycles from its start; periodic flow: packet k not before
//     start + k*period); else idle.
// So a frame with time q read at edge t stops new packets at edges t .. t+q-1 and allows one
// at t+q; a packet already on the wire is never cut.
#pragma once

#include <systemc>
#include <vector>

#include <deque>
#include <memory>

#include "fg_sim_dcqcn.h"
#include "fg_sim_latency.h"
#include "fg_sim_wire.h"

namespace fg {
namespace sim {

struct FlowSpec {
    uint32_t flow = 0;
    uint16_t dst = 0;       // destination host id
    uint8_t prio = 3;       // 802.1Q priority (lossless class in the scenarios)
    uint16_t bytes = 1024;  // frame length
    uint64_t start = 0;     // first cycle the flow may start a packet
    uint64_t packets = 0;   // packets to send, 0 = unlimited
    uint64_t period = 0;    // > 0: packet k not before start + k*period (a probe flow)
    bool dcqcn = false;     // ECN-capable, rate-controlled by a DCQCN RP
    // Variable sizes: false = every packet `bytes`; true = each packet 64*k bytes (at most
    // `bytes`), k uniform over 2..cells_of(bytes) (1 if bytes <= 64), drawn from a per-flow PRNG (splitmix64)
    // seeded with `seed`: deterministic, the same sequence whatever gates the starts.
    bool uniform_size = false;
    uint64_t seed = 0;
};

// A PFC frame the host sends on its own (tests of the switch's receive path).
struct ScriptedPfc {
    uint64_t cycle = 0;  // sent at the first free edge at or after this one
    uint8_t cev = 0;
    uint16_t time[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};
};

// An outside link-level flow control at the host's transmitter (credits, GFC rate limiters:
// fg_sim_gfc.h). Per edge: begin() sees what arrived, before the host acts; when the
// transmitter is free, control() may put a control symbol (an FCCL update) on the wire
// instead of a new packet; may_start() gates each new packet; end() sees what was sent.
class HostTxGate {
   public:
    virtual ~HostTxGate() {}
    virtual void begin(uint64_t now, const WireSymbol& rx) = 0;
    virtual bool control(uint64_t now, WireSymbol& tx) = 0;
    virtual bool may_start(uint64_t now, int prio, uint16_t cells) = 0;
    virtual void end(uint64_t now, const WireSymbol& tx) = 0;
};

struct HostConfig {
    uint16_t id = 0;
    HostTxGate* tx_gate = nullptr;        // not owned; nullptr: only PFC/DCQCN gate the host
    std::vector<FlowSpec> flows;
    std::vector<ScriptedPfc> pfc_script;  // in cycle order
    bool obey_pfc = true;                 // false: a misbehaving NIC (ignores pauses)
    uint32_t quanta_step = 0x10000;       // Q16 quanta per cycle
    DcqcnParams dcqcn;                    // RP of the dcqcn flows, NP interval
    bool cnp_on_ce = true;                // NP: answer CE-marked packets with CNPs
    bool keep_latency = true;             // keep every packet's latency per flow
};

struct HostStats {
    uint64_t tx_packets = 0, tx_cells = 0, tx_pfc = 0;
    uint64_t rx_packets = 0, rx_cells = 0, rx_pfc = 0;
    uint64_t rx_out_of_order = 0;  // a packet whose seq is not the next of its flow
    uint64_t latency_sum = 0, latency_max = 0;  // cycles, first cell sent -> last cell received
    uint64_t paused_cycles[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};  // edges with the timer running
    uint64_t rx_ce = 0, tx_cnp = 0, rx_cnp = 0, rx_cnp_unknown = 0;  // DCQCN
};

class HostLogic {
   public:
    explicit HostLogic(const HostConfig& cfg);
    // One rising edge at cycle `now`: `rx` is what arrived, the return value is what to send.
    WireSymbol edge(uint64_t now, const WireSymbol& rx);
    bool paused(int prio) const { return timer_[prio] != 0; }
    uint32_t timer(int prio) const { return timer_[prio]; }
    const HostStats& stats() const { return stats_; }
    const HostConfig& config() const { return cfg_; }
    // Packets each flow has sent (index as in config().flows).
    uint64_t flow_sent(size_t i) const { return sent_[i]; }
    // The DCQCN RP of flow i (nullptr when it is not a dcqcn flow).
    const DcqcnRp* rp(size_t i) const { return rp_[i].get(); }
    // Latency of every packet received, per flow (keep_latency).
    const LatencyByFlow& latency() const { return lat_; }

   private:
    void receive(uint64_t now, const WireSymbol& rx);
    WireSymbol edge_ungated(uint64_t now, const WireSymbol& rx);
    HostConfig cfg_;
    HostStats stats_;
    uint32_t timer_[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};
    std::vector<uint64_t> sent_;
    size_t rr_ = 0;
    size_t script_next_ = 0;
    PacketDesc cur_;          // packet on the wire
    uint16_t cur_next_ = 0;   // its next cell
    bool busy_ = false;
    std::vector<std::pair<uint32_t, uint32_t>> rx_next_seq_;  // (flow, next seq) seen
    std::vector<std::unique_ptr<DcqcnRp>> rp_;  // per flow, dcqcn flows only
    std::vector<double> next_start_;             // per flow: earliest cycle of its next packet
    std::vector<uint64_t> size_rng_;             // per flow: PRNG state (uniform_size)
    std::vector<uint16_t> next_bytes_;           // per flow: size of its next packet
    uint16_t draw_bytes(size_t i);
    DcqcnNp np_;
    std::deque<WireSymbol> cnp_q_;               // CNPs waiting for the wire
    LatencyByFlow lat_;
};

SC_MODULE(HostNode) {
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<WireSymbol> rx;
    sc_core::sc_out<WireSymbol> tx;
    HostLogic logic;
    SC_HAS_PROCESS(HostNode);
    HostNode(sc_core::sc_module_name name, const HostConfig& cfg);

   private:
    void on_edge();
};

// The cycle number of the current rising edge (the clock's first edge is cycle 0).
uint64_t current_cycle();

}  // namespace sim
}  // namespace fg
