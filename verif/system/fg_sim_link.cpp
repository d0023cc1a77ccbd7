// fg_sim_link.cpp - link delay lines (see fg_sim_link.h).
#include "fg_sim_link.h"

#include <stdexcept>
#include <string>

namespace fg {
namespace sim {

DelayLine::DelayLine(uint32_t delay) : delay_(delay) {
    if (delay < kMinLinkDelay)
        throw std::invalid_argument("link delay " + std::to_string(delay) + " cycles: legal range is >= " +
                                    std::to_string(kMinLinkDelay));
    ring_.resize(delay - kMinLinkDelay);
}

WireSymbol DelayLine::edge(const WireSymbol& in) {
    if (in.data()) data_cells++;
    if (in.pfc()) pfc_frames++;
    if (ring_.empty()) return in;
    WireSymbol out = ring_[head_];
    ring_[head_] = in;
    head_ = (head_ + 1) % ring_.size();
    return out;
}

Link::Link(sc_core::sc_module_name name, uint32_t delay_cycles)
    : sc_core::sc_module(name), a_to_b(delay_cycles), b_to_a(delay_cycles) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
}

void Link::on_edge() {
    b_rx.write(a_to_b.edge(a_tx.read()));
    a_rx.write(b_to_a.edge(b_tx.read()));
}

}  // namespace sim
}  // namespace fg
