// fg_sim_core.cpp - the backend factory and the C-model backend (see fg_sim_core.h).
#include "fg_sim_core.h"

#include <algorithm>
#include <stdexcept>

namespace fg {
namespace sim {

#ifdef FG_SIM_HAVE_CMODEL_CORE
extern "C" {
#include "csr/csr_sw.h"
#include "switch/bm.h"
}
namespace {
class CModelCore : public CoreBackend {
   public:
    explicit CModelCore(const fg_sw_core_cfg& cfg) : cfg_(cfg), st_(fg_sw_core_create(&cfg)) {
        if (!st_) throw std::runtime_error("fg_sw_core_create failed");
    }
    ~CModelCore() override { fg_sw_core_free(st_); }
    std::string name() const override { return "cmodel"; }
    void reset() override { fg_sw_core_reset(st_, &cfg_); }
    void step(const fg_sw_core_in& in, fg_sw_core_out& out) override { fg_sw_core_step(st_, &in, &out); }

   private:
    fg_sw_core_cfg cfg_;
    fg_sw_core_state* st_;
};
}  // namespace

std::unique_ptr<CoreBackend> make_cmodel_core(const fg_sw_core_cfg& cfg) {
    // A size the C model's sub-blocks cannot hold: say it in the scenario's words (the model
    // itself would only refuse it, fg_sw_core_check_cfg).
    const int max_ports = std::min({FG_SW_MAX_PORTS, FG_BM_MAX_PORTS, FG_CSR_SW_MAX_PORTS});
    if (cfg.n_ports > max_ports)
        throw std::invalid_argument("--switch cmodel: the C model holds at most " + std::to_string(max_ports) +
                                    " ports (FG_BM_MAX_PORTS, FG_CSR_SW_MAX_PORTS); the scenario needs " +
                                    std::to_string(cfg.n_ports) + " (senders + 1)");
    char msg[300];
    if (fg_sw_core_check_cfg(&cfg, msg, sizeof msg)) throw std::invalid_argument(std::string("--switch cmodel: ") + msg);
    return std::unique_ptr<CoreBackend>(new CModelCore(cfg));
}
#endif

std::vector<std::string> available_cores() {
    std::vector<std::string> v;
#ifdef FG_SIM_HAVE_CMODEL_CORE
    v.push_back("cmodel");
#endif
#ifdef FG_SIM_HAVE_RTL_CORE
    v.push_back("rtl");
#endif
    v.push_back("stub");
    return v;
}

std::unique_ptr<CoreBackend> make_core(const std::string& kind, const fg_sw_core_cfg& cfg) {
    if (cfg.n_ports < 1 || cfg.n_ports > FG_SW_MAX_PORTS)
        throw std::invalid_argument("switch ports " + std::to_string(cfg.n_ports) + " out of range 1.." +
                                    std::to_string(FG_SW_MAX_PORTS) + " (FG_SW_MAX_PORTS)");
    if (cfg.n_prio < 1 || cfg.n_prio > FG_SW_MAX_PRIO)
        throw std::invalid_argument("switch priorities " + std::to_string(cfg.n_prio) + " out of range 1.." +
                                    std::to_string(FG_SW_MAX_PRIO));
#ifdef FG_SIM_HAVE_CMODEL_CORE
    if (kind == "cmodel") return make_cmodel_core(cfg);
#endif
#ifdef FG_SIM_HAVE_RTL_CORE
    if (kind == "rtl") return make_rtl_core(cfg);
#endif
    if (kind == "stub") {
        if (cfg.line_rate)
            throw std::invalid_argument("--switch stub: the stub core models the default form only (line_rate 0)");
        return make_stub_core(cfg);
    }
    std::string legal;
    for (const auto& k : available_cores()) legal += (legal.empty() ? "" : "|") + k;
    throw std::invalid_argument("--switch " + kind + ": not available in this build; legal values: " + legal +
                                " (cmodel/rtl appear once cmodel/top/sw_core.c and rtl/top/fg_sw_core.v exist)");
}

}  // namespace sim
}  // namespace fg
