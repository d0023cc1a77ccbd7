// fg_sim_toy.h - the P-PFC paper's Fig. 2 toy example (seed 000, section 2.3) on the real
// switch core: senders X, Y, Z on ports 0, 1, 2, receiver O on port 3; X and Y send one unit
// of data per slot each, O drains one unit per slot, Z sends a negligible probe every slot;
// shared buffer 3 units, reserved 1 unit, link delay 1 slot, pause 4 slots. The paper: Z sees
// a mean latency of 2 slots and a tail of 4 under PFC, 1 and 2 under P-PFC.
//
// Mapping onto the simulator's time base (one cycle = one 64-byte cell at line rate):
//  - one unit of data = K cells (--unit-cells, default 32), one slot = K cycles; X and Y send
//    4-cell packets back to back (1 unit per slot; small packets so that the queue grows
//    nearly smoothly, not in K-cell steps; 1-cell packets would not keep the egress at line
//    rate), Z one 1-cell packet every slot.
//  - the paper's "one slot for the pause to take effect" is the whole reaction loop: the
//    pause frame's trip to X plus X's data already on the wire; a link of D cycles makes that
//    2D, so D = K/2.
//  - PFC: static thresholds (CTRL.static_mode): XOFF of X's and Y's PG = 1.5 K cells each, so
//    both are paused when the queue holds 3 units (the shared buffer is full); the unit that
//    arrives while the pause takes effect lands in headroom (the paper's "reserved 1 unit",
//    our per-PG headroom of K cells holds it); PAUSE_QUANTA = 4K (4 slots), refresh off;
//    XON at K/4 cells (after the pause has expired: it changes nothing, like the paper's
//    timed pause).
//  - P-PFC (--mode ppfc): interval = 1 slot, Kmax = K-1 cells (the prediction acts once the
//    queue reaches 1 unit), T large (the shared buffer is small: every growth predicts an
//    overflow), R = 1 (pause every growing port). Algorithm 3 gives X its own cells (1/2
//    unit) + its increment (1/2 unit) = 1 slot; the paper's Fig. 2c pauses for 2 slots, the
//    time P4 needs to drain the 2-unit peak: CELL_CYCLES[P4] = 2.0 (--ppfc-cell-cycles) scales
//    the pause to that. docs/ppfc_results.md discusses it.
//  - Z's latency is counted as queueing delay, as the paper does: its measured latency
//    (first cell sent -> last cell received) minus the latency of its packets through the
//    empty switch (Z starts 4 slots before X and Y), in slots, rounded to the nearest slot.
//    Statistics over the window of W slots (--window, a multiple of 8) from the slot X and Y
//    start, i.e. whole periods of both patterns.
#pragma once

#include <cstdint>
#include <string>

namespace fg {
namespace sim {

struct ToyOptions {
    std::string mode = "pfc";
    std::string core = "cmodel";
    uint32_t unit_cells = 4096;  // K
    uint32_t window = 32;      // slots of Z samples (multiple of 8)
    int ports = 17;            // core ports (the RTL backend is Verilated at 17)
    uint32_t link_delay = 0;   // 0: (K - react) / 2
    uint32_t react = 6;        // the switch's own share of the reaction loop, cycles
    uint32_t ppfc_holdoff = 2;  // intervals (= slots)
    uint32_t ppfc_kmax = 0;    // P-PFC gate, cells (0: K/2)
    int64_t phase = -1;        // X and Y start this many cycles after a P-PFC interval boundary
                               // (-1: K/2 - K/64, the queue passes 1 unit just before one)
    uint32_t xy_cells = 4;     // X's and Y's packets (the egress needs >= 2-cell packets for
                               // line rate: a 1-cell packet is followed by an idle cycle)
    double ppfc_cell_cycles = 2.0;
    std::string trace;
    bool json = false;
};

ToyOptions parse_toy(int argc, char** argv);
std::string toy_usage();
int run_toy(const ToyOptions& o);

}  // namespace sim
}  // namespace fg
