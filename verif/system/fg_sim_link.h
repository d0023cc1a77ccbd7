// fg_sim_link.h - a full-duplex link of the system simulator: two independent directions,
// each a fixed propagation delay in cycles, carrying data cells and PFC frames alike.
//
// Delay contract (unit-tested): a symbol a transmitter writes to its output signal at
// rising edge t is read by the receiver at rising edge t + delay. The transmitter's output
// register and the link's own output register account for two of those cycles, so the
// smallest delay is 2; the rest is a ring of delay-2 symbols.
#pragma once

#include <systemc>
#include <vector>

#include "fg_sim_wire.h"

namespace fg {
namespace sim {

// One direction: the ring buffer, apart from SystemC so it can be reasoned about alone.
class DelayLine {
   public:
    explicit DelayLine(uint32_t delay);
    // One rising edge: takes what the transmitter drove, returns what to drive to the receiver.
    WireSymbol edge(const WireSymbol& in);
    uint32_t delay() const { return delay_; }
    // Traffic counters (symbols that entered the line).
    uint64_t data_cells = 0, pfc_frames = 0;

   private:
    uint32_t delay_;
    std::vector<WireSymbol> ring_;
    size_t head_ = 0;
};

// The link as a SystemC module: end A and end B, each with an input (what that end
// transmits) and an output (what that end receives).
SC_MODULE(Link) {
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<WireSymbol> a_tx, b_tx;
    sc_core::sc_out<WireSymbol> a_rx, b_rx;

    SC_HAS_PROCESS(Link);
    Link(sc_core::sc_module_name name, uint32_t delay_cycles);
    DelayLine a_to_b, b_to_a;

   private:
    void on_edge();
};

// Smallest legal delay (see the contract above).
constexpr uint32_t kMinLinkDelay = 2;

}  // namespace sim
}  // namespace fg
