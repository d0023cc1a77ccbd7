// sw_core_rtl.h - the Verilated rtl/top/fg_sw_core.v behind the C model's API: step() takes an
// fg_sw_core_in and fills an fg_sw_core_out from the RTL's ports, one rising edge per call.
// The system simulator runs a switch node on either this or cmodel/top/sw_core.c through the
// same structs; the port mapping is the lock-step test's (sw_core_signals.h), so the two
// cannot drift apart. V is the Verilated class of fg_sw_core built with N_PORTS/N_PRIO = cfg.
#pragma once

#include <cstring>
#include <memory>

#include "sw_core_signals.h"

namespace fg {

template <class V>
class FgSwCoreRtl {
   public:
    explicit FgSwCoreRtl(const fg_sw_core_cfg& cfg) : cfg_(cfg), top_(new V) {
        sw_core_signals(sig_, top_.get(), cfg_, &in_, &out_, &rst_);
        reset(nullptr);
    }
    // One edge with rst high: the outputs become the reset values.
    void reset(fg_sw_core_out* out) {
        std::memset(&in_, 0, sizeof in_);
        rst_ = true;
        edge();
        rst_ = false;
        if (out) *out = out_;
    }
    void step(const fg_sw_core_in* in, fg_sw_core_out* out) {
        in_ = *in;
        edge();
        *out = out_;
    }
    V* top() { return top_.get(); }
    // Time spent inside Verilator's eval() alone, for the bench.
    double eval_seconds() const { return eval_s_; }

   private:
    void edge() {
        sig_.apply_inputs();
        std::clock_t t0 = std::clock();
        top_->clk = 0;
        top_->eval();
        top_->clk = 1;
        top_->eval();
        eval_s_ += double(std::clock() - t0) / CLOCKS_PER_SEC;
        std::memset(&out_, 0, sizeof out_);
        sig_.store_rtl_outputs();
    }
    fg_sw_core_cfg cfg_;
    std::unique_ptr<V> top_;
    FgSignals sig_;
    fg_sw_core_in in_{};
    fg_sw_core_out out_{};
    bool rst_ = false;
    double eval_s_ = 0;
};

}  // namespace fg
