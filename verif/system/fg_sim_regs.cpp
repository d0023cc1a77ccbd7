// fg_sim_regs.cpp - switch parameters -> register writes (see fg_sim_regs.h).
#include "fg_sim_regs.h"

#include <stdexcept>

namespace fg {
namespace sim {

static void check(const char* field, uint64_t v, uint64_t lo, uint64_t hi) {
    if (v < lo || v > hi)
        throw std::invalid_argument(std::string(field) + " = " + std::to_string(v) + ": legal range " +
                                    std::to_string(lo) + ".." + std::to_string(hi));
}

static int popcount(uint32_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

int64_t shared_pool_cells(const SwitchParams& p) {
    return int64_t(p.total_cells) - int64_t(p.headroom) * p.n_ports * popcount(p.lossless_mask) -
           int64_t(p.reserve) * p.n_ports * p.n_prio;
}

std::vector<CsrWrite> switch_register_writes(const SwitchParams& p, int cw) {
    const uint64_t cmax = (1ull << cw) - 1;
    check("total_cells", p.total_cells, 1, cmax);
    check("reserve", p.reserve, 0, cmax);
    check("headroom", p.headroom, 0, cmax);
    check("alpha_shift", p.alpha_shift, 0, 15);
    check("resume_offset", p.resume_offset, 0, cmax);
    check("lossless_mask", p.lossless_mask, 0, (1u << p.n_prio) - 1);
    check("pause_quanta", p.pause_quanta, 1, 0xFFFF);
    check("refresh_cycles", p.refresh_cycles, 1, 0xFFFFFF);
    check("quanta_step", p.quanta_step, 1, 0xFFFFFF);
    if (shared_pool_cells(p) < 1)
        throw std::invalid_argument("total_cells = " + std::to_string(p.total_cells) +
                                    ": must exceed headroom x ports x lossless priorities + reserve x ports x "
                                    "priorities = " +
                                    std::to_string(p.total_cells - shared_pool_cells(p)));
    std::vector<CsrWrite> w;
    w.push_back({uint16_t(FG_REG_CTRL_ADDR), p.pfc_enable ? kCtrlPfcEnable : 0u, "CTRL"});
    w.push_back({uint16_t(FG_REG_LOSSLESS_MASK_ADDR), p.lossless_mask, "LOSSLESS_MASK"});
    w.push_back({uint16_t(FG_REG_RESERVE_ADDR), p.reserve, "RESERVE"});
    for (int i = 0; i < p.n_ports; i++) {
        std::string n = "[" + std::to_string(i) + "]";
        w.push_back({uint16_t(FG_REG_HEADROOM_ADDR(i)), p.headroom, "HEADROOM" + n});
        w.push_back({uint16_t(FG_REG_ALPHA_SHIFT_ADDR(i)), p.alpha_shift, "ALPHA_SHIFT" + n});
        w.push_back({uint16_t(FG_REG_QUANTA_STEP_ADDR(i)), p.quanta_step, "QUANTA_STEP" + n});
    }
    w.push_back({uint16_t(FG_REG_RESUME_OFFSET_ADDR), p.resume_offset, "RESUME_OFFSET"});
    w.push_back({uint16_t(FG_REG_PAUSE_QUANTA_ADDR), p.pause_quanta, "PAUSE_QUANTA"});
    w.push_back({uint16_t(FG_REG_REFRESH_CYCLES_ADDR), p.refresh_cycles, "REFRESH_CYCLES"});
    w.push_back({uint16_t(FG_REG_TOTAL_CELLS_ADDR), p.total_cells, "TOTAL_CELLS"});
    return w;
}

}  // namespace sim
}  // namespace fg
