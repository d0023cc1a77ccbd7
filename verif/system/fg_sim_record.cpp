// fg_sim_record.cpp - a core backend that passes every edge to another backend and records
// the core's inputs (verif/bench/fg_core_trace.h), so a system-level scenario can be replayed
// open-loop into the C model, the Verilated RTL and Icarus by the bench (make bench).
#include <stdexcept>

#include "fg_core_trace.h"
#include "fg_sim_core.h"

namespace fg {
namespace sim {

namespace {
class RecordingCore : public CoreBackend {
   public:
    RecordingCore(std::unique_ptr<CoreBackend> inner, const std::string& path, const fg_sw_core_cfg& cfg)
        : inner_(std::move(inner)) {
        if (!writer_.open(path, cfg)) throw std::invalid_argument("--core-trace " + path + ": cannot write");
    }
    std::string name() const override { return inner_->name(); }
    void reset() override { inner_->reset(); }
    void step(const fg_sw_core_in& in, fg_sw_core_out& out) override {
        writer_.record(in);
        inner_->step(in, out);
    }

   private:
    std::unique_ptr<CoreBackend> inner_;
    CoreTraceWriter writer_;
};
}  // namespace

std::unique_ptr<CoreBackend> record_core(std::unique_ptr<CoreBackend> inner, const std::string& path,
                                         const fg_sw_core_cfg& cfg) {
    return std::unique_ptr<CoreBackend>(new RecordingCore(std::move(inner), path, cfg));
}

}  // namespace sim
}  // namespace fg
