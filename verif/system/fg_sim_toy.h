// fg_sim_toy.h - the P-PFC paper's Fig. 2 toy example (seed 000, section 2.3) on the real
// switch core: senders X, Y, Z on ports 0, 1, 2, receiver O on port 3; X and Y send one unit
// of data per slot each, O drains one unit per slot, Z sends a negligible probe every slot;
// shared buffer 3 units, reserved 1 unit, link delay 1 slot, pause 4 slots. The paper: Z sees
// a mean latency of 2 slots and a tail of 4 under PFC, 1 and 2 under P-PFC.
//
// Mapping onto the simulator's time base (one cycle = one 64-byte cell at line rate):
//  - one unit of data = K cells (--unit-cells, default 4096), one slot = K cycles; X and Y send
//    4-cell packets back to back (1 unit per slot; 1-cell packets would not keep the egress
//    at line rate), Z one 1-cell packet every slot. The queue therefore grows smoothly, not
//    in the figure's whole units (a unit cannot be one packet: the core's packets are at most
//    255 cells, and a slot must be long against the P-PFC decision time).
//  - the paper's "one slot for the pause to take effect" is the whole reaction loop, from the
//    switch's decision to the last cell X sent before the pause acted being queued: the
//    switch's own share R (--react), the pause frame's trip to X and X's data already on the
//    wire; links of D = (K - R)/2 cycles. PFC decides on the admission edge: R = 6 cycles.
//    P-PFC decides at the interval boundary and the engine needs 2 + (N+1) + 4k cycles more
//    for the k-th pause of the decision (docs/blocks/ppfc.md; X and Y: 24 and 28 on the
//    17-port core): R = 6 + 26 = 32. loop_error_cycles in the JSON checks that assumption.
//  - X and Y start so that their first packets are queued on a P-PFC interval boundary (the
//    figure's slot 1 starts on one: the decision at its end sees one whole slot of growth).
//  - PFC: static thresholds (CTRL.static_mode): XOFF of X's and Y's PG = 1.5 K cells each, so
//    both are paused when the queue holds 3 units (the shared buffer is full); the unit that
//    arrives while the pause takes effect lands in headroom (the paper's "reserved 1 unit",
//    our per-PG headroom of K cells holds it); PAUSE_QUANTA = 4K (4 slots), refresh off;
//    XON at K/4 cells (after the pause has expired: it changes nothing, like the paper's
//    timed pause).
//  - P-PFC (--mode ppfc): interval = 1 slot (the figure decides at every slot end), gate
//    Kmax = K/2 (the figure fires at 1 unit and not at 0: the midpoint; 1/4..3/4 unit give
//    the same run), T = 65535 (the figure's 3-unit buffer overflows within T of any growth;
//    our pool is larger, the 3 units are emulated by XOFF), R = 1 (the figure pauses both X
//    and Y), hold-off 2 (the figure sends no pause at the end of slot 2 although the queue
//    grew in it; 2..4 fit the figure and give the same run). Algorithm 3 gives X its own cells
//    (1/2 unit) + its increment (1/2 unit); the figure's pause is 2 slots, so X's cells leave
//    at its share of P4, 1/2 unit per slot: CELL_CYCLES[P4] = 2.0 (--ppfc-cell-cycles).
//  - Z's latency is counted as queueing delay, as the paper does: its measured latency
//    (first cell sent -> last cell received) minus the latency of its packets through the
//    empty switch (Z starts 4 slots before X and Y), in slots, rounded to the nearest slot.
//    Statistics over the window of W slots (--window, a multiple of 8) from the slot X and Y
//    start, i.e. whole periods of both patterns; frame counts and queue peak over that window.
//  - --verbose prints the timeline slot by slot (docs/ppfc_results.md section 1 uses it).
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
    int react = -1;            // the switch's own share of the reaction loop, cycles (-1: by mode)
    uint32_t ppfc_holdoff = 2;  // intervals (= slots)
    uint32_t ppfc_kmax = 0;    // P-PFC gate, cells (0: K/2)
    int64_t phase = -1;        // X and Y start this many cycles after a P-PFC interval boundary
                               // (-1: their first packets are queued on a boundary)
    uint32_t xy_cells = 4;     // X's and Y's packets (the egress needs >= 2-cell packets for
                               // line rate: a 1-cell packet is followed by an idle cycle)
    double ppfc_cell_cycles = 2.0;
    std::string trace;
    bool json = false;
    bool verbose = false;      // slot-by-slot timeline on stderr
};

ToyOptions parse_toy(int argc, char** argv);
std::string toy_usage();
int run_toy(const ToyOptions& o);

}  // namespace sim
}  // namespace fg
