// fg_sim_flowctl.h - the P-PFC and ECN settings of a scenario (seed 000's experiments) and
// the register writes that apply them to the switch core (addresses and fields from
// sw/include/fg_regs_sw.h, registers PPFC_*, ECN_*, CELL_CYCLES added with the P-PFC engine).
//
// Units are the core's: cycles, cells, intervals. The paper's values (Table 2 of seed 000) at
// 40 Gb/s (12.8 ns per 64-byte cell): interval 1 us = 78 cycles, T = 100 us = 100 intervals,
// R = 80 % (Q0.16 52429), ECN Kmin 40 KB = 640 cells, Kmax 200 KB = 3200 cells, Pmax 1 %
// (the paper's table prints "1"; DCQCN's Pmax is 1 %, and with Pmax = 100 % every packet above
// Kmax/2 would be marked: we read it as 1 %). P-PFC's Kmax is ECN_KMAX (SPEC 4).
#pragma once

#include <cstdint>
#include <vector>

#include "fg_sim_regs.h"

namespace fg {
namespace sim {

struct FlowCtlParams {
    bool ppfc = false;
    uint32_t interval = 78;      // cycles per P-PFC measurement interval
    uint32_t horizon = 100;      // T, in intervals
    uint32_t ratio_q16 = 52429;  // R in Q0.16 (0x10000 = 1.0)
    uint32_t holdoff = 2;        // intervals a PG is not paused again after a predictive pause
    uint32_t seed = 0x1u;        // P-PFC LFSR seed (non-zero)
    bool ecn = false;
    uint32_t prio_mask = 1u << 3;  // priorities ECN marks (ECN_CTRL)
    uint32_t kmin = 640, kmax = 3200;  // cells
    double pmax = 0.01;          // marking probability at Kmax
    uint32_t ecn_seed = 0xACE1u;
    uint32_t cell_cycles = 0x100;  // Q8.8 cycles per cell on every port (1 cell per cycle)
    int scaled_port = -1;          // >= 0: this port's CELL_CYCLES is scaled_cell_cycles instead
    uint32_t scaled_cell_cycles = 0x100;  // (the pause-time reading of Fig. 2c, ppfc_results.md)
    // ECN_SLOPE, Q0.32: Pmax / (Kmax - Kmin), what the driver programs (no divider in RTL).
    uint32_t slope_q32() const;
};

// true when this build's core has the registers (the switch integration is in).
bool core_has_ppfc_regs();
bool core_has_ecn_regs();

// The writes (appended after the foundation's; P-PFC's Kmax is ECN_KMAX, so ECN_KMAX is
// written whenever P-PFC or ECN is on). Throws std::invalid_argument naming the field and
// its legal range, or saying that the core lacks the registers.
std::vector<CsrWrite> flowctl_register_writes(const FlowCtlParams& p, int n_ports);

}  // namespace sim
}  // namespace fg
