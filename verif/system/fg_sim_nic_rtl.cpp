// fg_sim_nic_rtl.cpp - the `rtl` NIC backend: rtl/top/fg_nic_core.v Verilated (SW=8, FW=16,
// CNT_W=32, the C model's configuration in fg_sim_nic.cpp) behind the NicBackend interface,
// so the NIC node drives the C model and the RTL with the same code. One edge = inputs set,
// clock low, clock high; the outputs read after it are the registered outputs after the edge
// (the cycle contract of docs/ARCHITECTURE.md section 1). Reset: one rising edge with rst
// high, which is not a traffic edge (the C model's fg_nic_core_reset takes no step either).
// Compiled only when the RTL exists (mk/system.mk, FG_SIM_HAVE_RTL_NIC).
#include <memory>
#include <string>

#include "Vniccore.h"
#include "fg_sim_nic.h"
#include "verilated.h"

namespace fg {
namespace sim {
namespace {

VerilatedContext& nic_context() {
    static VerilatedContext ctx;  // one context for every NIC instance of the process
    return ctx;
}

class RtlNic : public NicBackend {
   public:
    explicit RtlNic(const std::string& inst) : top_(new Vniccore(&nic_context(), inst.c_str())) {}
    ~RtlNic() override { top_->final(); }
    std::string name() const override { return "rtl"; }
    void reset() override {
        Vniccore& t = *top_;
        t.csr_wr = 0;
        t.csr_rd = 0;
        t.csr_addr = 0;
        t.csr_wdata = 0;
        t.tx_head_valid = 0;
        t.tx_head_blocks = 0;
        t.tx_pkt_start = 0;
        t.tx_flit = 0;
        t.rx_fccl_valid = 0;
        t.rx_fccl = 0;
        t.rx_blocks_valid = 0;
        t.rx_blocks = 0;
        t.rx_free_blocks = 0;
        t.rx_fccl_req = 0;
        t.rst = 1;
        t.clk = 0;
        t.eval();
        t.clk = 1;
        t.eval();
        t.rst = 0;
        t.clk = 0;
        t.eval();
    }
    void step(const NicCoreIn& in, NicCoreOut& out) override {
        Vniccore& t = *top_;
        t.csr_wr = in.csr_wr;
        t.csr_rd = in.csr_rd;
        t.csr_addr = in.csr_addr & 0xFFFu;
        t.csr_wdata = in.csr_wdata;
        t.tx_head_valid = in.tx_head_valid;
        t.tx_head_blocks = in.tx_head_blocks & 0xFFu;
        t.tx_pkt_start = in.tx_pkt_start;
        t.tx_flit = in.tx_flit;
        t.rx_fccl_valid = in.rx_fccl_valid;
        t.rx_fccl = in.rx_fccl & 0xFFFu;
        t.rx_blocks_valid = in.rx_blocks_valid;
        t.rx_blocks = in.rx_blocks & 0xFFu;
        t.rx_free_blocks = in.rx_free_blocks;
        t.rx_fccl_req = in.rx_fccl_req;
        t.clk = 0;
        t.eval();
        t.clk = 1;
        t.eval();
        out.csr_ready = t.csr_ready;
        out.csr_rdata = t.csr_rdata;
        out.cfg_error = t.cfg_error;
        out.tx_start = t.tx_start;
        out.tx_fccl_valid = t.tx_fccl_valid;
        out.tx_fccl = uint16_t(t.tx_fccl);
        out.pft_congested = t.pft_congested;
        out.credits_in_use = uint16_t(t.credits_in_use);
        out.credits_avail = uint16_t(t.credits_avail);
        out.fccl = uint16_t(t.fccl);
        out.fctbs = uint16_t(t.fctbs);
    }

   private:
    std::unique_ptr<Vniccore> top_;
};

}  // namespace

std::unique_ptr<NicBackend> make_rtl_nic() {
    static int instances = 0;  // Verilated instance names must be unique in the context
    return std::unique_ptr<NicBackend>(new RtlNic("nic" + std::to_string(instances++)));
}

}  // namespace sim
}  // namespace fg
