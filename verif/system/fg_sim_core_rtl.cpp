// fg_sim_core_rtl.cpp - the `rtl` core backend: rtl/top/fg_sw_core.v, Verilated, behind the
// C API structs through the core's own adapter (FgSwCoreRtl, verif/tb/sw_core/sw_core_rtl.h,
// which maps the ports with the lock-step test's table), so the C model and the RTL are
// driven and read by the same code. The RTL's parameters are fixed when it is Verilated
// (mk/system.mk: SIM_RTL_PORTS, SIM_RTL_PRIO; Vswcore the default form, Vswcorelr the
// line-rate form, LINE_RATE = 1 and PPFC = 0); a scenario of another shape is refused with a
// clear message. Compiled only when the RTL exists (FG_SIM_HAVE_RTL_CORE).
#include <stdexcept>

#include "Vswcore.h"
#include "Vswcorelr.h"
#include "fg_sim_core.h"
#include "sw_core_rtl.h"

namespace fg {
namespace sim {
namespace {

template <class V>
class RtlCore : public CoreBackend {
   public:
    explicit RtlCore(const fg_sw_core_cfg& cfg) : rtl_(cfg) {}
    ~RtlCore() override { rtl_.top()->final(); }
    std::string name() const override { return "rtl"; }
    void reset() override { rtl_.reset(nullptr); }
    void step(const fg_sw_core_in& in, fg_sw_core_out& out) override { rtl_.step(&in, &out); }

   private:
    fg::FgSwCoreRtl<V> rtl_;
};

}  // namespace

std::unique_ptr<CoreBackend> make_rtl_core(const fg_sw_core_cfg& cfg) {
    if (cfg.n_ports != FG_SIM_RTL_PORTS || cfg.n_prio != FG_SIM_RTL_PRIO || cfg.cw != 18 || cfg.sw != 8)
        throw std::invalid_argument("--switch rtl: this build's RTL core is N_PORTS=" +
                                    std::to_string(FG_SIM_RTL_PORTS) + " N_PRIO=" + std::to_string(FG_SIM_RTL_PRIO) +
                                    " CW=18 SW=8; the scenario needs N_PORTS=" + std::to_string(cfg.n_ports) +
                                    " N_PRIO=" + std::to_string(cfg.n_prio) +
                                    " (senders = N_PORTS - 1; rebuild with make SIM_RTL_PORTS=... SIM_RTL_PRIO=...)");
    // The two builds' other parameters: the RTL defaults (P-PFC, GFC and ECN in), PPFC = 0 in
    // the line-rate build.
    if (cfg.line_rate == 1 && cfg.no_ppfc == 1 && !cfg.no_gfc && !cfg.no_ecn && cfg.ppfc_lanes <= 1)
        return std::unique_ptr<CoreBackend>(new RtlCore<Vswcorelr>(cfg));
    if (cfg.line_rate == 0 && !cfg.no_ppfc && !cfg.no_gfc && !cfg.no_ecn && cfg.ppfc_lanes <= 1)
        return std::unique_ptr<CoreBackend>(new RtlCore<Vswcore>(cfg));
    throw std::invalid_argument("--switch rtl: this build has the default core and the line-rate core (LINE_RATE=1 "
                                "PPFC=0) with every other engine in; the scenario needs line_rate=" +
                                std::to_string(cfg.line_rate) + " no_ppfc=" + std::to_string(cfg.no_ppfc) +
                                " no_gfc=" + std::to_string(cfg.no_gfc) + " no_ecn=" + std::to_string(cfg.no_ecn) +
                                " ppfc_lanes=" + std::to_string(cfg.ppfc_lanes));
}

}  // namespace sim
}  // namespace fg
