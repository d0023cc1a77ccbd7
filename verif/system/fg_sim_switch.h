// fg_sim_switch.h - the switch node of the system simulator: N ports, the packet side of a
// switch (descriptor queues, receive and transmit of every port) around a switch core
// (C model, Verilated RTL or the stub), which holds no packets and decides admission, pause,
// PFC frames and which queue may start a packet.
//
// Per edge (cycle t), with `co` = the core's registered outputs after edge t-1:
//  1. verdicts: a packet presented as enq at edge t-1 is appended to its egress queue
//     EQ(o,p) if co.enq_accept[i], else dropped (counted; a violation if co.stat_violation).
//  2. check: cells in every EQ descriptor queue == co.egress_cnt[o][p] (the environment and
//     the core must agree; a difference is counted and reported once).
//  3. receive, per port i: a PFC frame -> rx_pfc_valid/cev/time for this edge's core step;
//     the last cell of a data packet -> enq (store-and-forward: a packet of s cells is
//     enqueued when its s-th cell has arrived), egress port from the route table.
//  4. transmit, per port o, one symbol: the next cell of the packet in progress; else the PFC
//     frame the core requests (co.tx_ctrl_valid: cev, time[n] = xoff bit ? pause_quanta : 0),
//     acked with tx_ctrl_ack (a grant arriving together with it is held one cycle); else the
//     held grant; else on co.grant_valid the packet pick(o, grant_prio) of EQ(o, grant_prio)
//     starts (the egress discipline, SwitchConfig::egress): it is
//     released with deq at this edge (at the start of transmission) and keeps the link busy
//     for its cells. link_idle = nothing in progress after this edge, no held grant and no
//     packet started at this edge (a 1-cell packet started from a held grant must not let the
//     scheduler grant the same EQ again from a count that still holds it).
//  4b. holds (core input tx_hold, OR-ed): credit-based ports hold an EQ whose pick(o,p) lacks
//     credit (fg_sim_cbfc_port.h); the input-queued discipline (iq) holds every non-empty EQ
//     with no eligible packet, both from the node's state at the end of this edge.
//  5. the core steps (edge t) with those inputs, after the register writes of the
//     configuration phase (one per cycle from cycle 0).
// ECN (DCQCN's congestion point): enq_ect[i] = the packet's ECT bit; a packet the core accepts
// with enq_mark[i] (same edge as enq_accept) is queued with its CE bit set.
// CNPs (DCQCN notifications, one cycle each) never enter the core: a CNP received on any
// port goes to a FIFO of its egress port (route table; kCnpQueueDepth deep, a CNP arriving
// at a full FIFO is dropped and counted - the path is lossy) and is sent in step 4 after a
// PFC frame and a held grant but before a new packet (a grant arriving with it is held, as
// with a PFC frame): a strict-priority lossy control queue, like RoCE NICs' and switches'
// high-priority CNP class.
// Predictive PFC: a frame whose XOFF classes the core marks in tx_ctrl_pred is counted as
// predictive (pfc_pred), every other XOFF frame as standard (pfc_std).
// The line-rate core (SwitchConfig::core.line_rate = 1: fg_bm_pipe behind per-port holding
// registers, docs/blocks/sw_core.md "The line-rate form") changes steps 1-3 and the deq of 4:
//  3. a packet whose last cell arrives joins its ingress port's offer queue; the head of every
//     non-empty offer queue is presented as enq, and it is taken on this edge when
//     co.enq_ready[i] (the core's holding register was free after the edge before): it moves
//     to the port's in-flight FIFO (peak offer queue and edges an offer waited are counted).
//  1. verdicts: co.enq_accept[i] / co.enq_drop[i] decide the oldest in-flight packet of port i
//     (verdicts come in each port's order of offers, 13 edges or more after the take).
//  2. check, at a lag: the core counts an admission in egress_cnt kLrAdmLead edges before its
//     enq_accept shows. A release (deq, taken on its edge: the core grants only while
//     deq_ready) waits in the port's release register for the release arbiter; the edge after
//     which deq_ready is 1 again is its grant (A1), and the core counts it kLrRelFromA1 edges
//     after that at the earliest, kLrRelHold edges later at the latest (slot A2's interlock
//     waits). So the core's egress_cnt[o][p] after edge x = t - kLrAdmLead - 1 must lie
//     between the cells the node has accepted so far minus the released cells granted by edge
//     x - kLrRelFromA1 (the releases that can have counted) and the same minus those granted
//     by edge x - kLrRelFromA1 - kLrRelHold (those that must have). The bounds are one value (an
//     exact compare) whenever EQ(o,p) had no release granted in that window; a cell lost or
//     invented by the core breaks one the next time it is exact.
//  4. a deq is presented only while co.deq_ready[o] (a grant on a port whose release
//     register is full is a protocol error).
// The core has no per-PG ingress or headroom outputs in this form (hdrm_cells is 0 in the
// trace, the PG figures of the flow monitor are 0). LINE_RATE = 2 (fg_bm_seq) is refused: its
// latencies differ and are not modelled here; so are credit-based ports with the line-rate core
// (their receive side reads ingress_cnt).
#pragma once

#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "csr/csr_sw.h"
#include "fg_sim_cbfc_port.h"
#include "fg_sim_core.h"
#include "fg_sim_regs.h"
#include "fg_sim_wire.h"

namespace fg {
namespace sim {

// Egress discipline: which packet of EQ(o,p) a grant starts (pick).
//  Fifo: one FIFO per EQ(o,p), the oldest packet.
//  Rr:   round robin over the ingress ports within EQ(o,p), each port's packets in order
//        (virtual output queues: no head-of-line blocking).
//  Iq:   input-queued switch (the GFC paper's: one FIFO per ingress port and priority holding
//        packets for every output). A packet is eligible only when it is the oldest not yet
//        started packet of its ingress FIFO (i,p); EQ(o,p) serves its eligible packets round
//        robin over ingress ports, and an EQ with no eligible packet is held (tx_hold), so a
//        packet for a free output waits behind the head packet of its ingress that waits
//        for a busy one (head-of-line blocking).
//  Cioq: input-queued with a small output queue (combined input-output queued, like an
//        input-buffered switch whose fabric hands packets to a transmit queue, or the DPDK
//        software switch of the paper's testbed with its TX rings): the head packet of ingress
//        FIFO (i,p) moves to the output queue of its EQ(o,p) as soon as that holds fewer than
//        SwitchConfig::cioq_out packets (round robin over the ingress ports whose head waits
//        for it); EQ(o,p) starts its output queue's packets in order. Head-of-line blocking
//        happens only behind a packet whose output queue is full (a slowed or paused egress),
//        not behind every packet while it is sent. The cells stay counted by the core (the
//        ingress PG) until the packet starts, as with the other disciplines.
enum class EgressDiscipline { Fifo, Rr, Iq, Cioq };

struct SwitchConfig {
    fg_sw_core_cfg core{17, 8, 18, 8, 0, 0, 0, 0, 0, 0};
    std::vector<CsrWrite> csr_writes;  // configuration phase, one per cycle from cycle 0
    std::vector<int> route;            // destination host id -> egress port (-1: none)
    int mon_port = 0, mon_prio = 3;    // the egress queue the trace follows
    uint32_t sample_every = 1;         // trace row every K cycles (0: no trace)
    CbfcPortConfig cbfc;               // per-port mode: credit-based ports (empty: all PFC)
    // Egress discipline: false = one FIFO per EQ(o,p); true = round robin over the ingress
    // ports within EQ(o,p) (each ingress port's packets stay in order): the input-buffered
    // switch of the GFC paper, which the deadlock scenario uses with credits (docs/deadlock.md).
    bool rr_ingress = false;
    EgressDiscipline egress = EgressDiscipline::Fifo;  // rr_ingress = true also selects Rr
    uint32_t cioq_out = 2;  // Cioq: packets each output queue EQ(o,p) holds (>= 1)
    // Cioq: a transit bias injected on purpose, to measure what a bias against some inputs
    // does (docs/gfc_results.md; an experiment, not a switch feature). When the round robin's
    // next candidate for an output queue is a port of skip_ports and another port's head waits
    // for the same queue, the candidate is passed over with probability skip_ppm / 10^6 and
    // forfeits its turn (the round robin resumes after it, as if it had been served), drawn
    // from a xorshift32 seeded with skip_seed (deterministic: C model and RTL runs draw alike).
    std::vector<bool> skip_ports;  // per ingress port (empty: none)
    uint32_t skip_ppm = 0;         // 0..1000000
    uint32_t skip_seed = 1;        // nonzero
};

// One row of the trace: everything comes from the core's outputs or from the node state
// that follows them, so two cores that agree bit for bit give identical rows.
struct SwitchSample {
    uint64_t cycle;
    uint32_t eq_cells;     // core egress_cnt of the monitored EQ
    uint32_t eq_pkts;      // descriptors in that EQ
    uint32_t shared_used;  // core shared_used
    uint32_t hdrm_cells;   // sum of hdrm_cnt over all PGs
    uint32_t paused;       // bit i: PG(i, mon_prio) paused
    uint32_t tx_paused;    // bit p: egress mon_port held by a received pause on p
    uint64_t pfc_xoff, pfc_xon;  // PFC frames sent so far (any XOFF class / all XON)
    uint64_t drops, violations;  // lossy drops, lossless drops so far
    uint64_t pfc_pred;           // predictive XOFF frames sent so far
};

constexpr size_t kCnpQueueDepth = 64;

struct SwitchStats {
    uint64_t enq_pkts = 0, accepted = 0, dropped = 0;
    uint64_t stat_drop = 0, stat_violation = 0;  // core pulses
    uint64_t deq_pkts = 0, tx_cells = 0;
    uint64_t pfc_tx = 0, pfc_xoff = 0, pfc_xon = 0, pfc_rx = 0;
    uint64_t held_grants = 0;
    uint64_t acct_mismatch = 0;   // EQ descriptor cells != core egress_cnt
    uint64_t protocol_errors = 0; // grant to an empty queue or a busy link, stray verdicts
    uint32_t peak_eq_cells = 0, peak_shared = 0, peak_hdrm = 0, peak_total = 0;
    uint64_t peak_eq_cycle = 0;
    uint64_t paused_pg_cycles = 0;  // sum over PGs of cycles paused
    uint64_t pfc_pred = 0, pfc_std = 0;  // XOFF frames with a predictive class / only standard
    uint64_t pause_quanta_sent = 0;      // sum of the XOFF times of every frame sent
    uint64_t ecn_marks = 0;              // packets queued with CE set
    uint64_t cnp_fwd = 0, cnp_drop = 0;  // CNPs forwarded / dropped at a full FIFO
    uint64_t gfc_tx = 0, gfc_rx = 0;     // buffer-based GFC frames (core tx_ctrl_gfc / rx_gfc_valid)
    uint32_t gfc_stage_max = 0;          // highest stage id sent in a GFC frame
    uint64_t hol_held = 0;               // Iq, Cioq: EQ-edges held with packets but none eligible
    uint64_t cioq_moves = 0;             // Cioq: packets moved from an ingress FIFO to an output queue
    uint64_t cioq_skips = 0;             // Cioq: candidates passed over (SwitchConfig::skip_ppm)
    uint64_t offer_starts = 0;           // credit ports, rr/iq: grants that started the packet the
                                         // credit check saw, not an uncovered round-robin choice
    // line-rate core: packets in one port's offer queue at most (taken or waiting), edges an
    // offer waited for its holding register (summed over offers), and the most one waited
    uint32_t lr_offer_peak = 0;
    uint64_t lr_offer_wait_edges = 0, lr_offer_wait_max = 0;
    uint64_t lr_takes = 0;                        // offers taken
};

class TraceWriter;

class SwitchLogic {
   public:
    SwitchLogic(const SwitchConfig& cfg, std::unique_ptr<CoreBackend> core);
    // One edge: rx[i] arrived on port i; tx[i] gets what port i sends.
    void edge(uint64_t now, const std::vector<WireSymbol>& rx, std::vector<WireSymbol>& tx);
    const SwitchStats& stats() const { return st_; }
    const fg_sw_core_out& core_out() const { return co_; }
    bool configured() const { return cfg_done_; }
    // Register write k of the configuration (one access per bus handshake, from the first
    // edge) is committed on this edge. config_cycles(): the edge after the configuration
    // phase, i.e. after the writes and the PARAMS and ERR_ADDR read-backs have been checked
    // (edge (W + 2) * (LATENCY + 1)), so traffic never starts on an unchecked core.
    static uint64_t write_commit_edge(size_t k) { return uint64_t(k) * (FG_CSR_SW_LATENCY + 1) + FG_CSR_SW_LATENCY; }
    uint64_t config_cycles() const { return (cfg_.csr_writes.size() + 2) * (FG_CSR_SW_LATENCY + 1) + 1; }
    const std::string& first_error() const { return first_error_; }
    const CoreBackend& core() const { return *core_; }
    const CbfcPorts* cbfc() const { return cbfc_.get(); }  // null: no credit-based port
    void set_trace(TraceWriter* t) { trace_ = t; }
    size_t eq_len(int o, int p) const { return eq_[o][p].size(); }
    // Cells of EQ(o,p) that arrived on ingress port i (the deadlock detector's wait-for graph).
    uint32_t eq_cells_from(int o, int p, int i) const;
    // Iq: the egress port of the oldest not-started packet of ingress FIFO (i,p); Cioq: of the
    // oldest packet not yet moved to its output queue; -1 when there is none or the discipline
    // is neither (what the ingress waits for: head-of-line).
    int ingress_head_out(int i, int p) const;
    // Whether ingress (i,p) frees buffer only through output o's progress among others (the
    // deadlock detector's wait-for edge): Iq, its head packet is for o; Cioq, its head packet
    // is for o (o's output queue must start one to make room) or it has a packet in o's
    // output queue; otherwise it holds cells in EQ(o,p).
    bool ingress_waits_on(int i, int p, int o) const;
    // Packets the node dropped, counting a rejection the core gave on the last edge that the
    // node has not yet acted on (so it can be compared with the core's drop pulses).
    uint64_t node_drops() const;

    // The line-rate form's timing, from docs/blocks/sw_core.md (latency paragraph) and
    // docs/blocks/bm_pipe.md (pipeline table): fg_bm_pipe's egress count is written at Q, two
    // edges after its verdict, and the core shows the verdict six edges after that
    // (kLrAdmLead = 4); a release granted at A1 is written at Q eight edges later
    // (A2 R F B C1 C2 W Q: kLrRelFromA1), later when it waits in slot A2 for the two slots
    // ahead (2 edges) and a same-PG turn (1), which the admissions of its PG can make happen
    // again: kLrRelHold = 6 bounds it (a bound, not the measured wait: the check is exact only
    // outside that window; a release later than it is reported as a mismatch).
    static constexpr int kLrAdmLead = 4, kLrRelFromA1 = 8, kLrRelHold = 6;

   private:
    struct Desc {
        PacketDesc pkt;
        uint8_t in_port;
        uint64_t arrived = 0;  // line-rate: the edge it joined its offer queue
    };
    // The line-rate form's steps 1-3 (see the header comment).
    void lr_verdicts(uint64_t now);
    void lr_check(uint64_t now);
    void lr_offer(uint64_t now, fg_sw_core_in& in);
    void queue_accepted(int i, Desc d);
    void error(uint64_t now, const std::string& what);
    void start_packet(uint64_t now, int o, int prio, WireSymbol& tx, fg_sw_core_in& in);
    // The packet a grant of EQ(o,p) would start now under the discipline (end(): none; Iq:
    // no eligible packet). One helper for the grant and for the credit check.
    std::deque<Desc>::iterator pick(int o, int p);
    SwitchConfig cfg_;
    std::unique_ptr<CoreBackend> core_;
    fg_sw_core_out co_{};
    SwitchStats st_;
    std::vector<std::vector<std::deque<Desc>>> eq_;
    std::vector<std::vector<uint32_t>> eq_cells_;
    std::vector<bool> pending_valid_;
    std::vector<Desc> pending_;
    std::vector<PacketDesc> tx_cur_;
    std::vector<uint16_t> tx_next_;  // next cell of the packet in progress; == cells: none
    std::vector<int> held_;          // held grant priority, -1 none
    std::vector<uint16_t> rx_cells_; // cells of the packet being received so far
    std::vector<int> rr_last_;       // [o*P+p]: ingress port served last (Rr, Iq; Cioq: moved last)
    EgressDiscipline disc_;
    std::vector<std::deque<uint8_t>> in_fifo_;  // Iq, Cioq [i*P+p]: egress ports of the ingress
                                                // FIFO's not-started (Cioq: not moved) packets
    std::vector<int> offer_;  // [o*P+p]: ingress port of the packet the credit check saw, -1 none
                              // (empty unless credit-based ports with rr or iq)
    std::vector<std::deque<uint8_t>> out_q_;    // Cioq [o*P+p]: ingress ports of the packets in
                                                // EQ(o,p)'s output queue, in the order moved
    // Cioq: move ingress FIFO heads into output queues with room until none can move.
    void cioq_move();
    bool cioq_skip(int i, int o, int p);  // pass candidate i over (SwitchConfig::skip_ppm)?
    uint32_t skip_rng_ = 1;               // xorshift32 state of the skip draws
    // Cioq: a pass of cioq_move can move nothing and change nothing unless an ingress FIFO got
    // a packet, an output queue lost one, or the last pass drew from skip_rng_ (a candidate
    // passed over may be taken on the next draw); cioq_move skips the pass otherwise. Set by
    // those three; cleared by a pass that ends with no move and no draw.
    bool cioq_dirty_ = true;
    bool cioq_drew_ = false;              // cioq_skip drew from skip_rng_ in this pass
    std::vector<uint64_t> cioq_want_;     // cioq_move's scratch (there); needs N <= 64
    std::vector<std::deque<WireSymbol>> cnp_q_;  // per egress port
    size_t csr_next_ = 0;
    bool cfg_done_ = false;
    std::string first_error_;
    TraceWriter* trace_ = nullptr;
    std::unique_ptr<CbfcPorts> cbfc_;  // credit-based ports (fg_sim_cbfc_port.h)
    // line-rate core
    bool lr_ = false;
    std::vector<std::deque<Desc>> lr_offer_q_;   // [i]: arrived, not yet taken (head presented)
    std::vector<std::deque<Desc>> lr_inflight_;  // [i]: taken, verdict not yet shown
    std::vector<uint64_t> lr_acc_;               // [o*P+p]: cells accepted so far
    // per egress port: the release in its release register (EQ index, cells; -1: none), and
    // per EQ the granted releases (A1 edge, cells) not yet certainly counted, and the cells of
    // those that are
    std::vector<int> lr_deq_k_;
    std::vector<uint16_t> lr_deq_cells_;
    std::vector<std::deque<std::pair<uint64_t, uint16_t>>> lr_granted_;
    std::vector<uint64_t> lr_rel_done_;
    // oldest first: egress_cnt after each of the last kLrAdmLead + 1 edges
    std::deque<std::vector<uint32_t>> lr_eg_hist_;
};

SC_MODULE(SwitchNode) {
    sc_core::sc_in<bool> clk;
    sc_core::sc_vector<sc_core::sc_in<WireSymbol>> rx;
    sc_core::sc_vector<sc_core::sc_out<WireSymbol>> tx;
    SwitchLogic logic;
    SC_HAS_PROCESS(SwitchNode);
    SwitchNode(sc_core::sc_module_name name, const SwitchConfig& cfg, std::unique_ptr<CoreBackend> core);

   private:
    void on_edge();
    std::vector<WireSymbol> rx_buf_, tx_buf_;
};

// CSV trace of the switch (one header line, one row per sample).
class TraceWriter {
   public:
    explicit TraceWriter(const std::string& path);
    ~TraceWriter();
    void row(const SwitchSample& s);
    bool ok() const { return f_ != nullptr; }

   private:
    FILE* f_;
};

}  // namespace sim
}  // namespace fg
