// fg_sim_flowctl.cpp - P-PFC / ECN settings -> register writes (see fg_sim_flowctl.h).
#include "fg_sim_flowctl.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace fg {
namespace sim {

static void check(const char* field, uint64_t v, uint64_t lo, uint64_t hi) {
    if (v < lo || v > hi)
        throw std::invalid_argument(std::string(field) + " = " + std::to_string(v) + ": legal range " +
                                    std::to_string(lo) + ".." + std::to_string(hi));
}

uint32_t FlowCtlParams::slope_q32() const {
    if (kmax <= kmin) return 0xFFFFFFFFu;  // a step: everything above Kmin is past Kmax anyway
    double s = std::ldexp(pmax / double(kmax - kmin), 32);
    return s >= 4294967295.0 ? 0xFFFFFFFFu : uint32_t(std::llround(s));
}

bool core_has_ppfc_regs() {
#if defined(FG_REG_PPFC_CTRL_ADDR) && defined(FG_REG_PPFC_INTERVAL_ADDR)
    return true;
#else
    return false;
#endif
}

bool core_has_ecn_regs() {
#if defined(FG_REG_ECN_CTRL_ADDR) && defined(FG_REG_ECN_KMAX_ADDR)
    return true;
#else
    return false;
#endif
}

std::vector<CsrWrite> flowctl_register_writes(const FlowCtlParams& p, int n_ports) {
    std::vector<CsrWrite> w;
    (void)n_ports;
    if (!p.ppfc && !p.ecn) return w;
    check("ecn kmin", p.kmin, 0, 262143);
    check("ecn kmax", p.kmax, p.kmin, 262143);
    if (!(p.pmax >= 0 && p.pmax <= 1))
        throw std::invalid_argument("ecn pmax = " + std::to_string(p.pmax) + ": legal range 0..1");
    if (p.ppfc) {
        check("ppfc interval", p.interval, 1, 0xFFFFFF);
        check("ppfc horizon (T in intervals)", p.horizon, 1, 65535);
        check("ppfc ratio (R, Q0.16)", p.ratio_q16, 1, 0x10000);
        check("ppfc holdoff (intervals)", p.holdoff, 0, 65535);
        check("ppfc seed", p.seed, 1, 0xFFFFFFFFu);
        check("cell_cycles (Q8.8)", p.cell_cycles, 1, 0xFFFF);
    }
#if defined(FG_REG_ECN_CTRL_ADDR) && defined(FG_REG_ECN_KMAX_ADDR)
    // Kmin <= Kmax is checked on every write: Kmin down to 0 first, then Kmax, then Kmin.
    w.push_back({uint16_t(FG_REG_ECN_KMIN_ADDR), 0, "ECN_KMIN"});
    w.push_back({uint16_t(FG_REG_ECN_KMAX_ADDR), p.kmax, "ECN_KMAX"});
    w.push_back({uint16_t(FG_REG_ECN_KMIN_ADDR), p.kmin, "ECN_KMIN"});
    if (p.ecn) {
        w.push_back({uint16_t(FG_REG_ECN_SLOPE_ADDR), p.slope_q32(), "ECN_SLOPE"});
        w.push_back({uint16_t(FG_REG_ECN_SEED_ADDR), p.ecn_seed, "ECN_SEED"});
        w.push_back({uint16_t(FG_REG_ECN_CTRL_ADDR), p.prio_mask, "ECN_CTRL"});
    }
#else
    throw std::invalid_argument(
        "P-PFC / ECN: this build's switch core has no ECN_* registers yet (switch integration pending); "
        "run with --mode pfc --ecn off");
#endif
    if (p.ppfc) {
#if defined(FG_REG_PPFC_CTRL_ADDR) && defined(FG_REG_PPFC_INTERVAL_ADDR)
        check("scaled cell_cycles (Q8.8)", p.scaled_cell_cycles, 1, 0xFFFF);
        for (int i = 0; i < n_ports; i++)
            w.push_back({uint16_t(FG_REG_CELL_CYCLES_ADDR(i)), i == p.scaled_port ? p.scaled_cell_cycles : p.cell_cycles,
                         "CELL_CYCLES[" + std::to_string(i) + "]"});
        w.push_back({uint16_t(FG_REG_PPFC_INTERVAL_ADDR), p.interval, "PPFC_INTERVAL"});
        w.push_back({uint16_t(FG_REG_PPFC_HORIZON_ADDR), p.horizon, "PPFC_HORIZON"});
        w.push_back({uint16_t(FG_REG_PPFC_RATIO_ADDR), p.ratio_q16, "PPFC_RATIO"});
        w.push_back({uint16_t(FG_REG_PPFC_HOLDOFF_ADDR), p.holdoff, "PPFC_HOLDOFF"});
        w.push_back({uint16_t(FG_REG_PPFC_SEED_ADDR), p.seed, "PPFC_SEED"});
        // PPFC_SEED takes effect only through the PPFC_CTRL.ppfc_seed_load strobe
        // (docs/registers.md): set it in the enable write (seed 1 reloads the reset value).
        w.push_back({uint16_t(FG_REG_PPFC_CTRL_ADDR), 1u | (1u << FG_FLD_PPFC_CTRL_PPFC_SEED_LOAD_LSB), "PPFC_CTRL"});
#else
        throw std::invalid_argument(
            "--mode ppfc: this build's switch core has no PPFC_* registers yet (switch integration pending)");
#endif
    }
    return w;
}

}  // namespace sim
}  // namespace fg
