// fg_sim_core.h - the switch core as the switch node sees it: one object with reset and
// step over the C API structs of cmodel/top/sw_core.h, whatever runs behind it.
//
// Backends (chosen at run time with --switch):
//   cmodel  the C model, cmodel/top/sw_core.c (the golden reference)
//   rtl     the Verilated rtl/top/fg_sw_core.v behind the same structs
//   stub    a small C++ test double of this directory (fg_sim_stub_core.cpp) that lets the
//           simulator be tested without either of the above; it is not the product.
// A backend is compiled in when its sources exist (FG_SIM_HAVE_CMODEL_CORE,
// FG_SIM_HAVE_RTL_CORE, set by mk/system.mk); asking for a missing one is a clear error.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "top/sw_core.h"

namespace fg {
namespace sim {

class CoreBackend {
   public:
    virtual ~CoreBackend() {}
    virtual std::string name() const = 0;
    // Synchronous reset of every register of the core (the registers take their reset values).
    virtual void reset() = 0;
    // One rising edge: `out` = the registered outputs after it.
    virtual void step(const fg_sw_core_in& in, fg_sw_core_out& out) = 0;
};

// Backends compiled into this binary, e.g. {"cmodel", "rtl", "stub"}.
std::vector<std::string> available_cores();
// Throws std::invalid_argument naming the choice and the legal ones.
std::unique_ptr<CoreBackend> make_core(const std::string& kind, const fg_sw_core_cfg& cfg);

// Wraps a backend so that every edge's inputs are also written to `path` (fg_core_trace.h).
// A reset is not recorded: a trace starts from the reset state.
std::unique_ptr<CoreBackend> record_core(std::unique_ptr<CoreBackend> inner, const std::string& path,
                                         const fg_sw_core_cfg& cfg);

// Defined by the backend sources when compiled in.
std::unique_ptr<CoreBackend> make_stub_core(const fg_sw_core_cfg& cfg);
#ifdef FG_SIM_HAVE_CMODEL_CORE
std::unique_ptr<CoreBackend> make_cmodel_core(const fg_sw_core_cfg& cfg);
#endif
#ifdef FG_SIM_HAVE_RTL_CORE
std::unique_ptr<CoreBackend> make_rtl_core(const fg_sw_core_cfg& cfg);
#endif

}  // namespace sim
}  // namespace fg
