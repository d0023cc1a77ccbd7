// fg_sim_nic.cpp - the NIC node and its C-model backend (see fg_sim_nic.h).
#include "fg_sim_nic.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "fg_sim_host.h"  // current_cycle()

// The C-model backend is compiled in when the NIC core's C twin exists (helper "nic").
#if __has_include("top/nic_core.h")
#define FG_SIM_HAVE_CMODEL_NIC 1
extern "C" {
#include "top/nic_core.h"
}
#endif
#if __has_include("fg_regs_nic.h")
#define FG_SIM_HAVE_NIC_REGS 1
#include "fg_regs_nic.h"
#endif

namespace fg {
namespace sim {

// ---------------------------------------------------------------- backends

#ifdef FG_SIM_HAVE_CMODEL_NIC
namespace {
class CModelNic : public NicBackend {
   public:
    CModelNic() {
        cfg_.sw = 8;
        cfg_.fw = 16;
        cfg_.cnt_w = 32;
        cfg_.gfc_pipe = 2; /* as the rtl backend's fg_nic_core (its default GFC_PIPE) */
        std::memset(&st_, 0, sizeof st_);
    }
    std::string name() const override { return "cmodel"; }
    void reset() override { fg_nic_core_reset(&st_, &cfg_); }
    void step(const NicCoreIn& in, NicCoreOut& out) override {
        fg_nic_core_in ci;
        std::memset(&ci, 0, sizeof ci);
        ci.csr_wr = in.csr_wr;
        ci.csr_rd = in.csr_rd;
        ci.csr_addr = in.csr_addr;
        ci.csr_wdata = in.csr_wdata;
        ci.tx_head_valid = in.tx_head_valid;
        ci.tx_head_blocks = in.tx_head_blocks;
        ci.tx_pkt_start = in.tx_pkt_start;
        ci.tx_flit = in.tx_flit;
        ci.rx_fccl_valid = in.rx_fccl_valid;
        ci.rx_fccl = in.rx_fccl;
        ci.rx_blocks_valid = in.rx_blocks_valid;
        ci.rx_blocks = in.rx_blocks;
        ci.rx_free_blocks = in.rx_free_blocks;
        ci.rx_fccl_req = in.rx_fccl_req;
        fg_nic_core_out co;
        std::memset(&co, 0, sizeof co);
        fg_nic_core_step(&st_, &ci, &co);
        out.csr_ready = co.csr_ready;
        out.csr_rdata = co.csr_rdata;
        out.cfg_error = co.cfg_error;
        out.tx_start = co.tx_start;
        out.tx_fccl_valid = co.tx_fccl_valid;
        out.tx_fccl = uint16_t(co.tx_fccl);
        out.pft_congested = co.pft_congested;
        out.credits_in_use = uint16_t(co.credits_in_use);
        out.credits_avail = uint16_t(co.credits_avail);
        out.fccl = uint16_t(co.fccl);
        out.fctbs = uint16_t(co.fctbs);
    }

   private:
    fg_nic_core_cfg cfg_;
    fg_nic_core_state st_;
};
}  // namespace
#endif

std::vector<std::string> available_nics() {
    std::vector<std::string> v;
#ifdef FG_SIM_HAVE_CMODEL_NIC
    v.push_back("cmodel");
#endif
#ifdef FG_SIM_HAVE_RTL_NIC
    v.push_back("rtl");
#endif
    return v;
}

std::unique_ptr<NicBackend> make_nic(const std::string& kind) {
#ifdef FG_SIM_HAVE_CMODEL_NIC
    if (kind == "cmodel") return std::unique_ptr<NicBackend>(new CModelNic());
#endif
#ifdef FG_SIM_HAVE_RTL_NIC
    if (kind == "rtl") return make_rtl_nic();
#endif
    std::string legal;
    for (const auto& k : available_nics()) legal += (legal.empty() ? "" : "|") + k;
    throw std::invalid_argument("--nic " + kind + ": not available in this build; legal values: " +
                                (legal.empty() ? std::string("none") : legal) +
                                " (cmodel appears with cmodel/top/nic_core.h, rtl with rtl/top/fg_nic_core.v)");
}

// ---------------------------------------------------------------- registers

static void check(const char* field, uint64_t v, uint64_t lo, uint64_t hi) {
    if (v < lo || v > hi)
        throw std::invalid_argument(std::string(field) + " = " + std::to_string(v) + ": legal range " +
                                    std::to_string(lo) + ".." + std::to_string(hi));
}

std::vector<CsrWrite> nic_register_writes(const NicParams& p) {
    // Ranges as the NIC register map and fg_pft publish them (notes/pft.md, registers_nic.md).
    check("--tfc", p.t_fc, 1, 65535);
    check("--allot (rx_capacity)", p.rx_capacity, 1, 4095);
    check("--te", p.t_e, 0, 4095);
    check("--ts", p.t_s, 0, 4095);
    if (p.t_s > p.t_e)
        throw std::invalid_argument("--ts = " + std::to_string(p.t_s) + ": legal range 0..--te (" +
                                    std::to_string(p.t_e) + "), FT needs t_e >= t_s");
    check("--We", p.w_e, 1, 65535);
    check("--Ne", p.n_e, 1, p.w_e);
    check("--the", p.th_e, 0, 4095);
    check("--Ws", p.w_s, 1, 65535);
    check("--Ns", p.n_s, 1, p.w_s);
    check("--ths", p.th_s, 0, 4095);
    check("--m", p.m, 0, 31);
    check("--n", p.n, 0, 31);
    check("--k", p.k, 0, 0xFFFFFFFFull);
    check("--seed", p.seed, 1, 0xFFFFFFFFull);
    std::vector<CsrWrite> w;
#ifdef FG_SIM_HAVE_NIC_REGS
    // A pair under a cross-field rule (lo <= hi) is written in an order where the rule holds
    // after each write, starting from the reset values: hi first unless it is below the lo
    // the register holds.
    auto pair = [&w](uint16_t lo_addr, uint32_t lo, uint32_t lo_reset, const char* lo_name, uint16_t hi_addr,
                     uint32_t hi, const char* hi_name) {
        if (hi >= lo_reset) {
            w.push_back({hi_addr, hi, hi_name});
            w.push_back({lo_addr, lo, lo_name});
        } else {
            w.push_back({lo_addr, lo, lo_name});
            w.push_back({hi_addr, hi, hi_name});
        }
    };
    w.push_back({uint16_t(FG_NIC_REG_T_FC_ADDR), p.t_fc, "T_FC"});
    w.push_back({uint16_t(FG_NIC_REG_RX_CAPACITY_ADDR), p.rx_capacity, "RX_CAPACITY"});
    pair(uint16_t(FG_NIC_REG_PFT_T_S_ADDR), p.t_s, FG_NIC_FLD_PFT_T_S_T_S_RESET, "PFT_T_S",
         uint16_t(FG_NIC_REG_PFT_T_E_ADDR), p.t_e, "PFT_T_E");
    pair(uint16_t(FG_NIC_REG_PFT_N_E_ADDR), p.n_e, FG_NIC_FLD_PFT_N_E_N_E_RESET, "PFT_N_E",
         uint16_t(FG_NIC_REG_PFT_W_E_ADDR), p.w_e, "PFT_W_E");
    w.push_back({uint16_t(FG_NIC_REG_PFT_TH_E_ADDR), p.th_e, "PFT_TH_E"});
    pair(uint16_t(FG_NIC_REG_PFT_N_S_ADDR), p.n_s, FG_NIC_FLD_PFT_N_S_N_S_RESET, "PFT_N_S",
         uint16_t(FG_NIC_REG_PFT_W_S_ADDR), p.w_s, "PFT_W_S");
    w.push_back({uint16_t(FG_NIC_REG_PFT_TH_S_ADDR), p.th_s, "PFT_TH_S"});
    w.push_back({uint16_t(FG_NIC_REG_PFT_M_ADDR), p.m, "PFT_M"});
    w.push_back({uint16_t(FG_NIC_REG_PFT_N_ADDR), p.n, "PFT_N"});
    w.push_back({uint16_t(FG_NIC_REG_PFT_K_ADDR), p.k, "PFT_K"});
    w.push_back({uint16_t(FG_NIC_REG_LFSR_SEED_ADDR), p.seed, "LFSR_SEED"});
    const uint32_t ctrl = (p.pft_enable ? 1u : 0u) << FG_NIC_FLD_CTRL_PFT_ENABLE_LSB |
                          (p.pft_at ? 1u : 0u) << FG_NIC_FLD_CTRL_PFT_STRATEGY_LSB |
                          (p.pft_ri ? 1u : 0u) << FG_NIC_FLD_CTRL_PFT_INJECTION_LSB;
    w.push_back({uint16_t(FG_NIC_REG_CTRL_ADDR), ctrl, "CTRL"});
#else
    throw std::invalid_argument("the NIC register map (sw/include/fg_regs_nic.h) is not in this build");
#endif
    return w;
}

// ---------------------------------------------------------------- ledger

void FlowLedger::add_flow(uint32_t flow, FlowClass cls) {
    if (flows_.size() <= flow) flows_.resize(flow + 1);
    flows_[flow].cls = cls;
}

void FlowLedger::queued(uint32_t flow, uint32_t seq, uint64_t now) {
    auto& f = flows_.at(flow);
    if (f.t_queued.size() != seq) throw std::logic_error("ledger: flow queued out of order");
    f.t_queued.push_back(now);
}

bool FlowLedger::delivered(const PacketDesc& p, uint64_t now) {
    if (p.flow >= flows_.size() || p.seq >= flows_[p.flow].t_queued.size()) return false;
    Flow& f = flows_[p.flow];
    f.next_undelivered = std::max<uint64_t>(f.next_undelivered, uint64_t(p.seq) + 1);
    const uint64_t tq = f.t_queued[p.seq];
    if (tq < warmup_) return true;  // queued during the warm-up: not measured
    const uint64_t d = now - tq;
    f.delivered++;
    f.cells += p.cells;
    f.delay_sum += d;
    f.net_delay_sum += now - p.t_sent;
    f.delay_max = std::max(f.delay_max, d);
    f.delays.push_back(uint32_t(std::min<uint64_t>(d, 0xFFFFFFFFu)));
    return true;
}

void FlowLedger::censor(uint64_t end) {
    for (Flow& f : flows_)
        for (uint64_t s = f.next_undelivered; s < f.t_queued.size(); s++) {
            const uint64_t tq = f.t_queued[s];
            if (tq < warmup_) continue;
            const uint64_t d = end - tq;
            f.censored++;
            f.delivered++;
            f.delay_sum += d;
            f.net_delay_sum += 0;
            f.delay_max = std::max(f.delay_max, d);
            f.delays.push_back(uint32_t(std::min<uint64_t>(d, 0xFFFFFFFFu)));
        }
}

// ---------------------------------------------------------------- NIC node

NicLogic::NicLogic(const NicConfig& cfg, std::unique_ptr<NicBackend> core, FlowLedger* ledger)
    : cfg_(cfg), core_(std::move(core)), ledger_(ledger) {
    for (const auto& f : cfg_.flows) {
        if (f.prio != cfg_.vl)
            throw std::invalid_argument("flow " + std::to_string(f.flow) + ": prio " + std::to_string(f.prio) +
                                        " is not the NIC's CBFC VL " + std::to_string(cfg_.vl));
        if (f.bytes < 64 || f.bytes > 9216)
            throw std::invalid_argument("flow " + std::to_string(f.flow) + ": bytes " + std::to_string(f.bytes) +
                                        " out of range 64..9216");
        if (f.queue_max < 1)
            throw std::invalid_argument("flow " + std::to_string(f.flow) + ": queue_max must be >= 1");
        if (ledger_) ledger_->add_flow(f.flow, f.cls);
    }
    if (cfg_.rx_buffer > 0xFFFF) throw std::invalid_argument("NIC rx_buffer > 65535 blocks");
    q_.assign(cfg_.flows.size(), {});
    qh_.assign(cfg_.flows.size(), 0);
    acc_.assign(cfg_.flows.size(), 0);
    next_seq_.assign(cfg_.flows.size(), 0);
    core_->reset();
}

WireSymbol NicLogic::edge(uint64_t now, const WireSymbol& rx) {
    NicCoreIn in;
    // 1. Configuration phase: one access whenever the bus is ready (docs/registers_nic.md,
    // "Bus"; the core is ready after reset, co_ is still zero before the first edge).
    const size_t W = cfg_.csr_writes.size();
    const bool bus_free = csr_next_ == 0 || co_.csr_ready;
    if (!bus_free) {
        // an access in flight: nothing new on the bus until csr_ready
    } else if (csr_next_ < W) {
        in.csr_wr = true;
        in.csr_addr = cfg_.csr_writes[csr_next_].addr;
        in.csr_wdata = cfg_.csr_writes[csr_next_].data;
        csr_next_++;
    } else if (csr_next_ == W) {
        csr_next_++;  // the bus is ready again: the last write has been committed
    } else if (csr_next_ == W + 1) {
        if (co_.cfg_error)
            throw std::runtime_error(core_->name() + " NIC core " + std::to_string(cfg_.id) +
                                     " rejected a register write (sticky error; see docs/registers_nic.md)");
        in.rx_fccl_req = true;  // link up: tell the switch our buffer
        csr_next_++;
    }

    // 2. Arrivals.
    for (size_t i = 0; i < cfg_.flows.size(); i++) {
        const NicFlowSpec& f = cfg_.flows[i];
        if (now < f.start || !f.load_q16) continue;
        const uint32_t pkt = cells_of(f.bytes) << 16;
        acc_[i] += f.load_q16;
        if (acc_[i] >= pkt) {
            acc_[i] -= pkt;
            if (q_[i].size() - qh_[i] >= f.queue_max) {
                st_.blocked++;
            } else {
                uint32_t seq = next_seq_[i]++;
                q_[i].push_back({seq, now});
                if (ledger_) ledger_->queued(f.flow, seq, now);
                st_.gen_packets++;
            }
        }
    }

    // 3. Receive.
    in.rx_free_blocks = uint16_t(cfg_.rx_buffer);
    if (rx.credit()) {
        st_.rx_credit++;
        if ((rx.vl_mask >> cfg_.vl) & 1u) {
            in.rx_fccl_valid = true;
            in.rx_fccl = rx.fccl[cfg_.vl];
        }
    } else if (rx.data()) {
        st_.rx_cells++;
        if (rx_flow_cells_.size() <= rx.pkt.flow) rx_flow_cells_.resize(rx.pkt.flow + 1, 0);
        rx_flow_cells_[rx.pkt.flow]++;
        in.rx_blocks_valid = true;
        in.rx_blocks = 1;
        if (rx.last_cell()) {
            st_.rx_packets++;
            if (ledger_ && !ledger_->delivered(rx.pkt, now)) st_.unknown_packets++;
            bool found = false;
            for (auto& fs : rx_next_seq_) {
                if (fs.first == rx.pkt.flow) {
                    if (rx.pkt.seq != fs.second) st_.rx_out_of_order++;
                    fs.second = rx.pkt.seq + 1;
                    found = true;
                    break;
                }
            }
            if (!found) {
                if (rx.pkt.seq != 0) st_.rx_out_of_order++;
                rx_next_seq_.push_back({rx.pkt.flow, rx.pkt.seq + 1});
            }
        }
    } else if (!rx.idle()) {
        st_.rx_other++;
    }

    // 4. Transmit.
    if (co_.tx_fccl_valid) {
        fccl_pending_ = true;
        fccl_ = co_.tx_fccl;
    }
    WireSymbol out;
    if (busy_) {
        out = WireSymbol::data_cell(cur_, cur_next_++);
        in.tx_flit = true;
        st_.tx_cells++;
        if (cur_next_ == cur_.cells) busy_ = false;
    } else if (fccl_pending_) {
        uint16_t f[kPrios] = {0, 0, 0, 0, 0, 0, 0, 0};
        f[cfg_.vl] = fccl_;
        out = WireSymbol::credit_update(uint8_t(1u << cfg_.vl), f);
        fccl_pending_ = false;
        st_.tx_credit++;
    } else if (head_ && co_.tx_start) {
        const size_t i = head_flow_;
        const NicFlowSpec& f = cfg_.flows[i];
        const Queued qd = q_[i][qh_[i]++];
        if (qh_[i] > 1024) {  // keep the FIFO storage bounded
            q_[i].erase(q_[i].begin(), q_[i].begin() + long(qh_[i]));
            qh_[i] = 0;
        }
        cur_ = PacketDesc{};
        cur_.flow = f.flow;
        cur_.seq = qd.seq;
        cur_.src = cfg_.id;
        cur_.dst = f.dst;
        cur_.prio = f.prio;
        cur_.bytes = f.bytes;
        cur_.cells = uint16_t(cells_of(f.bytes));
        cur_.t_sent = now;
        in.tx_pkt_start = true;
        in.tx_head_valid = true;  // the packet the core decided on
        in.tx_head_blocks = cur_.cells;
        in.tx_flit = true;
        st_.tx_packets++;
        st_.tx_cells++;
        cur_next_ = 1;
        busy_ = cur_.cells > 1;
        out = WireSymbol::data_cell(cur_, 0);
        head_ = false;
    } else if (head_) {
        st_.head_wait_cycles++;
    }
    // The next head packet, round robin over the flows with something queued.
    if (!head_ && !in.tx_pkt_start) {
        const size_t n = cfg_.flows.size();
        for (size_t k = 0; k < n; k++) {
            size_t i = (rr_ + k) % n;
            if (q_[i].size() > qh_[i]) {
                head_ = true;
                head_flow_ = i;
                rr_ = i + 1;
                break;
            }
        }
    }
    if (head_ && !in.tx_pkt_start) {
        in.tx_head_valid = true;
        in.tx_head_blocks = uint16_t(cells_of(cfg_.flows[head_flow_].bytes));
    }

    // 5. The core's edge.
    core_->step(in, co_);
    if (csr_next_ <= cfg_.csr_writes.size() + 1) return out;  // statistics from traffic on
    if (co_.pft_congested) st_.congested_cycles++;
    if (co_.pft_congested && !was_congested_) st_.pft_enter++;
    was_congested_ = co_.pft_congested;
    if (co_.credits_in_use > st_.c_max) st_.c_max = co_.credits_in_use;
    st_.c_sum += co_.credits_in_use;
    return out;
}

NicNode::NicNode(sc_core::sc_module_name name, const NicConfig& cfg, std::unique_ptr<NicBackend> core,
                 FlowLedger* ledger)
    : sc_core::sc_module(name), logic(cfg, std::move(core), ledger) {
    SC_METHOD(on_edge);
    sensitive << clk.pos();
    dont_initialize();
}

void NicNode::on_edge() { tx.write(logic.edge(current_cycle(), rx.read())); }

}  // namespace sim
}  // namespace fg
