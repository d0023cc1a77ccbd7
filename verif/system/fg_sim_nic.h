// fg_sim_nic.h - a NIC of the system simulator whose link-level logic is the NIC core
// (fg_nic_core: CBFC sender + PFT throttle + CBFC receiver + register block), run as the C
// model or the Verilated RTL behind one interface (NicBackend, like the switch's CoreBackend).
//
// Traffic: each flow is an application that queues packets into its own NIC queue at an
// offered load (fraction of line rate, deterministic: a Q16 accumulator of cells per cycle;
// when the queue holds `queue_max` packets the application is blocked and the arrival is
// lost to the offered load, counted as `blocked`). The NIC serves its flow queues round
// robin, one packet at a time, cells back to back.
//
// Per edge (cycle t), with `co` = the NIC core's registered outputs after edge t-1:
//  1. configuration phase: the register writes (one per cycle from cycle 0), then ERR_ADDR
//     is read back; a rejected write stops the run naming the register.
//  2. arrivals: every flow's accumulator; a packet gets its queue time t_queued = t.
//  3. receive: a Credit symbol -> rx_fccl for the core (the switch's FCCL for our VL); a data
//     cell -> rx_blocks (one block = one 64-byte cell) and, on the last cell, the packet is
//     delivered to the application (the NIC drains at line rate, so its receive buffer never
//     holds a block and the receiver advertises free_blocks = rx_capacity every edge).
//  4. transmit, one symbol: the next cell of the packet in progress (tx_flit); else a pending
//     FCCL update (co.tx_fccl_valid latched; a newer one replaces it); else, when the head
//     packet has been presented and co.tx_start says credits and PFT allow it, the head
//     packet's first cell (tx_flit, tx_pkt_start with its blocks). The head packet is chosen
//     (round robin) as soon as the previous one started and stays the head until it starts,
//     so what the core decided on is what goes.
//  5. the core steps (edge t).
//
// Delay of a packet: `delay` = first cell queued at the NIC (t_queued) -> last cell
// delivered, what an application sees (the paper's GPCNeT latency is measured by the
// application, so the waiting at the NIC counts); `net_delay` = first cell on the wire ->
// last cell delivered. The control factor F_C uses `delay` (docs/endpoint_results.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "csr/csr_nic.h"
#include "fg_sim_regs.h"
#include "fg_sim_wire.h"

namespace fg {
namespace sim {

// What the NIC node gives the NIC core on one edge and what it reads back (the registered
// outputs). Backends map these to the core's own structs / ports.
struct NicCoreIn {
    bool csr_wr = false, csr_rd = false;
    uint16_t csr_addr = 0;
    uint32_t csr_wdata = 0;
    bool tx_head_valid = false;   // a packet waits to start
    uint16_t tx_head_blocks = 0;  // its size in 64-byte blocks (cells)
    bool tx_pkt_start = false;    // the head packet starts this edge (its blocks are charged)
    bool tx_flit = false;         // a cell (flit) of ours goes on the wire this edge
    bool rx_fccl_valid = false;   // the switch's FCCL for our VL arrived
    uint16_t rx_fccl = 0;
    bool rx_blocks_valid = false;  // blocks of data received this edge
    uint16_t rx_blocks = 0;
    uint16_t rx_free_blocks = 0;   // free space of our receive buffer (before this edge)
    bool rx_fccl_req = false;      // ask our receiver for an FCCL now (link up)
};

struct NicCoreOut {
    bool csr_ready = false;  // the register bus takes an access
    uint32_t csr_rdata = 0;
    bool cfg_error = false;
    bool tx_start = false;         // the head packet may start
    bool tx_fccl_valid = false;    // an FCCL update for the switch's sender
    uint16_t tx_fccl = 0;
    bool pft_congested = false;
    uint16_t credits_in_use = 0;   // c, what PFT watches
    uint16_t credits_avail = 0;
    uint16_t fccl = 0, fctbs = 0;  // the sender's view (SPEC 3)
};

class NicBackend {
   public:
    virtual ~NicBackend() {}
    virtual std::string name() const = 0;
    virtual void reset() = 0;
    virtual void step(const NicCoreIn& in, NicCoreOut& out) = 0;
};

// Backends compiled into this binary ("cmodel" once cmodel/top/nic_core.h exists, "rtl"
// when the Verilated fg_nic_core is linked in).
std::vector<std::string> available_nics();
// Throws std::invalid_argument naming the choice and the legal ones.
std::unique_ptr<NicBackend> make_nic(const std::string& kind);
#ifdef FG_SIM_HAVE_RTL_NIC
std::unique_ptr<NicBackend> make_rtl_nic();
#endif

// PFT and CBFC settings of a NIC, applied through its register block.
struct NicParams {
    bool pft_enable = false;
    bool pft_at = false;  // strategy: false FT, true AT
    bool pft_ri = false;  // injection: false FI, true RI
    uint32_t t_e = 0x2a0, t_s = 0x250;
    uint32_t w_e = 256, n_e = 128, th_e = 0x250;
    uint32_t w_s = 256, n_s = 128, th_s = 0x2a0;
    uint32_t m = 18, n = 0, k = 0;
    uint32_t seed = 0x1234567;
    uint32_t t_fc = 64;            // cycles between FCCL updates of the NIC's receiver
    uint32_t rx_capacity = 1024;   // the switch port's allotment (blocks): c = capacity - available
};
// Register writes for these settings (names from the NIC register map); throws
// std::invalid_argument naming the field and its legal range.
std::vector<CsrWrite> nic_register_writes(const NicParams& p);

enum class FlowClass : uint8_t { Victim = 0, Congestor = 1 };

struct NicFlowSpec {
    uint32_t flow = 0;
    uint16_t dst = 0;
    uint8_t prio = 3;
    uint16_t bytes = 1024;
    uint64_t start = 0;       // first cycle packets arrive
    uint32_t load_q16 = 0;    // offered load, cells per cycle in Q16 (0x10000 = line rate)
    uint32_t queue_max = 32;  // packets the NIC queue of this flow holds
    FlowClass cls = FlowClass::Victim;
};

// Per-flow bookkeeping shared by the senders (queue times) and receivers (deliveries): it
// only collects statistics, nothing in it feeds back into the simulation.
class FlowLedger {
   public:
    struct Flow {
        FlowClass cls = FlowClass::Victim;
        std::vector<uint64_t> t_queued;  // per seq
        uint64_t delivered = 0, cells = 0;             // after the warm-up
        uint64_t delay_sum = 0, net_delay_sum = 0;     // cycles, after the warm-up
        uint64_t delay_max = 0;
        std::vector<uint32_t> delays;                  // for percentiles
        uint64_t next_undelivered = 0;                 // packets arrive in order: all below it are in
        uint64_t censored = 0;                         // queued after the warm-up, not delivered by the end
    };
    explicit FlowLedger(uint64_t warmup = 0) : warmup_(warmup) {}
    void add_flow(uint32_t flow, FlowClass cls);
    void queued(uint32_t flow, uint32_t seq, uint64_t now);
    // Returns false when the packet is unknown (a wrong seq): the run is inconsistent.
    bool delivered(const PacketDesc& p, uint64_t now);
    // At the end of a run: every packet queued after the warm-up and not delivered counts
    // with the age it has reached (a lower bound of its delay), so a starved flow cannot
    // look fast by delivering little.
    void censor(uint64_t end);
    const std::vector<Flow>& flows() const { return flows_; }
    uint64_t warmup() const { return warmup_; }

   private:
    uint64_t warmup_;
    std::vector<Flow> flows_;  // index = flow id
};

struct NicConfig {
    uint16_t id = 0;
    uint8_t vl = 3;  // the VL (priority) the NIC's CBFC runs on
    std::vector<NicFlowSpec> flows;
    std::vector<CsrWrite> csr_writes;
    uint32_t rx_buffer = 1024;  // blocks our receiver advertises (it drains at line rate)
};

struct NicStats {
    uint64_t gen_packets = 0, blocked = 0;  // arrivals queued / lost to a full queue
    uint64_t tx_packets = 0, tx_cells = 0, tx_credit = 0;
    uint64_t rx_packets = 0, rx_cells = 0, rx_credit = 0, rx_other = 0;
    uint64_t rx_out_of_order = 0, unknown_packets = 0;
    uint64_t head_wait_cycles = 0;  // cycles a presented head packet waited for tx_start
    uint64_t congested_cycles = 0, pft_enter = 0;
    uint32_t c_max = 0;
    uint64_t c_sum = 0;             // sum over cycles of credits_in_use
};

class NicLogic {
   public:
    NicLogic(const NicConfig& cfg, std::unique_ptr<NicBackend> core, FlowLedger* ledger);
    WireSymbol edge(uint64_t now, const WireSymbol& rx);
    const NicStats& stats() const { return st_; }
    const NicCoreOut& core_out() const { return co_; }
    const NicConfig& config() const { return cfg_; }
    const NicBackend& core() const { return *core_; }
    // The edge after the configuration phase (one access per bus handshake, then the check).
    uint64_t config_cycles() const { return cfg_.csr_writes.size() * (FG_CSR_NIC_LATENCY + 1) + 2; }
    size_t queued(size_t flow_index) const { return q_[flow_index].size() - qh_[flow_index]; }
    // Cells of flow `flow` this NIC has received (delivered to its application).
    uint64_t rx_flow_cells(uint32_t flow) const { return flow < rx_flow_cells_.size() ? rx_flow_cells_[flow] : 0; }

   private:
    struct Queued {
        uint32_t seq;
        uint64_t t_queued;
    };
    NicConfig cfg_;
    std::unique_ptr<NicBackend> core_;
    FlowLedger* ledger_;
    NicCoreOut co_;
    NicStats st_;
    size_t csr_next_ = 0;
    std::vector<std::vector<Queued>> q_;  // per flow, FIFO (front = index qh_)
    std::vector<size_t> qh_;
    std::vector<uint32_t> acc_;           // arrival accumulators (Q16 cells)
    std::vector<uint32_t> next_seq_;
    size_t rr_ = 0;
    bool head_ = false;                   // a head packet is presented
    size_t head_flow_ = 0;
    PacketDesc cur_;
    uint16_t cur_next_ = 0;
    bool busy_ = false;
    bool fccl_pending_ = false;
    uint16_t fccl_ = 0;
    std::vector<std::pair<uint32_t, uint32_t>> rx_next_seq_;
    std::vector<uint64_t> rx_flow_cells_;  // by flow id
    bool was_congested_ = false;
};

SC_MODULE(NicNode) {
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<WireSymbol> rx;
    sc_core::sc_out<WireSymbol> tx;
    NicLogic logic;
    SC_HAS_PROCESS(NicNode);
    NicNode(sc_core::sc_module_name name, const NicConfig& cfg, std::unique_ptr<NicBackend> core,
            FlowLedger* ledger);

   private:
    void on_edge();
};

}  // namespace sim
}  // namespace fg
