// fg_sim_regs.h - switch configuration of a scenario and the register writes that apply it.
//
// The switch node configures its core only through the register bus, one write per bus
// handshake after reset (csr_ready; 18 cycles each), like firmware would (docs/registers.md).
// Addresses and field positions come from sw/include/fg_regs_sw.h, generated from the register
// map's one source of truth, sw/regmap/regmap.json.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fg_regs_sw.h"

namespace fg {
namespace sim {

constexpr uint32_t kCtrlPfcEnable = 1u << FG_FLD_CTRL_PFC_ENABLE_LSB;

struct CsrWrite {
    uint16_t addr;
    uint32_t data;
    std::string what;  // register name, for error messages
};

// What a scenario sets in the switch (cells unless stated).
struct SwitchParams {
    int n_ports = 17;
    int n_prio = 8;
    uint32_t total_cells = 147456;  // 9 MB of 64-byte cells
    uint32_t reserve = 16;          // per PG
    uint32_t headroom = 0;          // per lossless PG, every port
    uint32_t alpha_shift = 0;       // alpha = 1
    uint32_t resume_offset = 48;
    uint32_t lossless_mask = 1u << 3;
    uint32_t pause_quanta = 0xFFFF;
    uint32_t refresh_cycles = 32768;  // < pause_quanta: refreshed before it runs out
    uint32_t quanta_step = 0x10000;   // one quantum per cycle (one cell per cycle)
    bool pfc_enable = true;
};

// Checks the fields (a clear error naming the field and its legal range) and returns the
// writes in an order where every intermediate state is legal for the pool rule
// (TOTAL_CELLS last, after headroom and reserve are set).
std::vector<CsrWrite> switch_register_writes(const SwitchParams& p, int cw);

// The pool the dynamic threshold shares: B - sum headroom - reserve * N * P.
int64_t shared_pool_cells(const SwitchParams& p);

}  // namespace sim
}  // namespace fg
