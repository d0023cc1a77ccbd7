// fg_sim_cbfc_port_rtl.cpp - the `rtl` backend of the switch's credit-based ports:
// rtl/mac/fg_sw_credit_port.v Verilated (SW=8, CW=18, the C twin's configuration in
// fg_sim_cbfc_port.cpp) behind SwCreditPortBackend, one instance per credit-based (port, VL),
// so CbfcPorts drives the C twin and the RTL with the same code. One edge = inputs set,
// clock low, clock high; the outputs read after it are the registered outputs after the edge
// (docs/ARCHITECTURE.md section 1). Reset: one rising edge with rst high, which is not a
// traffic edge (the C twin's fg_sw_credit_port_reset takes no step either).
// Compiled only in the simulator's RTL flavour (mk/sw_credit_port.mk, SWCP_SIM_RULES).
#include <memory>
#include <string>

#include "Vswcp.h"
#include "fg_sim_cbfc_port.h"
#include "verilated.h"

namespace fg {
namespace sim {
namespace {

VerilatedContext& swcp_context() {
    static VerilatedContext ctx;  // one context for every credit port of the process
    return ctx;
}

class RtlCreditPort : public SwCreditPortBackend {
   public:
    explicit RtlCreditPort(const std::string& inst) : top_(new Vswcp(&swcp_context(), inst.c_str())) {}
    ~RtlCreditPort() override { top_->final(); }
    void reset(fg_sw_credit_port_out& out) override {
        fg_sw_credit_port_in zero{};
        set_inputs(zero);
        Vswcp& t = *top_;
        t.rst = 1;
        t.clk = 0;
        t.eval();
        t.clk = 1;
        t.eval();
        t.rst = 0;
        t.clk = 0;
        t.eval();
        get_outputs(out);
    }
    void step(const fg_sw_credit_port_in& in, fg_sw_credit_port_out& out) override {
        Vswcp& t = *top_;
        set_inputs(in);
        t.clk = 0;
        t.eval();
        t.clk = 1;
        t.eval();
        get_outputs(out);
    }

   private:
    void set_inputs(const fg_sw_credit_port_in& in) {
        Vswcp& t = *top_;
        t.cfg_tfc = in.cfg_tfc & 0xFFFFu;
        t.cfg_allotment = in.cfg_allotment & 0xFFFu;
        t.cfg_rx_capacity = in.cfg_rx_capacity & 0xFFFu;
        t.cfg_gfc_enable = in.cfg_gfc_enable;
        t.cfg_gfc_period = in.cfg_gfc_period & 0xFFFFFFu;
        t.cfg_gfc_recip = in.cfg_gfc_recip & 0xFFFFFFu;
        t.cfg_rl_depth = in.cfg_rl_depth & 0xFFFFu;
        t.ingress_cnt = in.ingress_cnt & 0x3FFFFu;
        t.rx_valid = in.rx_valid;
        t.rx_blocks = in.rx_blocks & 0xFFu;
        t.rx_last = in.rx_last;
        t.fccl_in_valid = in.fccl_in_valid;
        t.fccl_in = in.fccl_in & 0xFFFu;
        t.head_valid = in.head_valid;
        t.head_blocks = in.head_blocks & 0xFFu;
        t.send = in.send;
        t.send_blocks = in.send_blocks & 0xFFu;
    }
    void get_outputs(fg_sw_credit_port_out& out) const {
        const Vswcp& t = *top_;
        out.fccl_valid = t.fccl_valid;
        out.fccl = t.fccl;
        out.held = t.held;
        out.free_blocks = t.free_blocks;
        out.overrun = t.overrun;
        out.tx_fccl = t.tx_fccl;
        out.tx_fctbs = t.tx_fctbs;
        out.can_send = t.can_send;
        out.credits_avail = t.credits_avail;
        out.credits_in_use = t.credits_in_use;
        out.stat_no_credit = t.stat_no_credit;
        out.gfc_rate = t.gfc_rate;
        out.gfc_update = t.gfc_update;
        out.gfc_allow = t.gfc_allow;
    }
    std::unique_ptr<Vswcp> top_;
};

}  // namespace

std::unique_ptr<SwCreditPortBackend> make_rtl_credit_port() {
    static int instances = 0;  // Verilated instance names must be unique in the context
    return std::unique_ptr<SwCreditPortBackend>(new RtlCreditPort("swcp" + std::to_string(instances++)));
}

}  // namespace sim
}  // namespace fg
