// fg_sim_cbfc_port.h - the credit-based (InfiniBand-style, SPEC.md section 3) port logic of
// the simulator's switch node: for every port in CBFC mode and every VL (priority) in the
// CBFC mask, the C models of the NIC helper's blocks around the switch core:
//
//   ingress (receiver) fg_cbfc_rx: ABR counts the blocks (cells) received on the port;
//     every T_fc cycles it offers FCCL = ABR + free_blocks, with free_blocks = the per-port
//     allotment minus what that port holds: the core's ingress_cnt[i][p] (packets enqueued
//     up to the previous edge) plus the cells of the packet still being received
//     (store-and-forward: they are in the buffer but not yet enqueued). The update goes out
//     as a Credit symbol when the port's transmitter is free (after a packet in progress and
//     a PFC frame; a newer FCCL replaces one not yet sent).
//   egress (sender) fg_cbfc_tx: FCCL from the downstream's Credit symbols, FCTBS advanced by
//     every packet started; when the packet EQ(o,p) would start next (the switch's pick(o,p):
//     the head under fifo, the round-robin choice under rr, the eligible one under iq, none
//     when iq has no eligible packet) does not fit the credits
//     (its can_send output is 0) the core's egress scheduler is held for that EQ (the core's
//     tx_hold input; without that input in the build, the port's link_idle is dropped
//     instead, which holds every priority of the port: documented fallback).
//
// The switch's buffer manager is configured by the scenario so that a port's allotment is
// the reserve of its lossless PG and nothing beyond it is admitted (alpha = 2^-15 on a tiny
// pool, no headroom): a sender that overran its credits would be a lossless drop
// (stat_violation), and `overruns` counts edges where a port held more than its allotment.
//
// Time-based GFC (SPEC 5, option `gfc_time`, the deadlock scenario's --fc gfc-time): every
// credit sender (o,p) also runs the C models of fg_gfc_time (every gfc_period cycles it maps
// the free credit r = FCCL - FCTBS, sampled from the sender's registered outputs, to a rate
// C*min(1, r/(B_m-B_0)) through gfc_recip) and fg_rate_limiter in token mode (cfg_rate = the
// adjuster's registered rate, depth rl_depth cells, pkt_start = a packet of (o,p) started
// this edge). The EQ is held while it lacks credit OR the limiter does not allow a start.
//
// Each credit-based (port, VL) is one fg_sw_credit_port (rtl/mac/fg_sw_credit_port.v,
// docs/blocks/sw_credit_port.md), which composes those four blocks in the order above: its
// C twin (cmodel/mac/sw_credit_port.c) with --switch cmodel, the Verilated RTL with --switch
// rtl (CbfcPortConfig::rtl; verif/system/fg_sim_cbfc_port_rtl.cpp, built in the RTL flavour
// only). This class only moves the inputs and outputs and keeps the statistics; the hold
// decision (head && (!can_send || !allow)), starved and rate_held combine this edge's head
// with the block's registered outputs and are computed here, once for both backends.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fg_sim_wire.h"
#include "top/sw_core.h"

#if __has_include("mac/sw_credit_port.h")
#define FG_SIM_HAVE_CBFC 1
extern "C" {
#include "mac/sw_credit_port.h"
}
#endif

namespace fg {
namespace sim {

struct CbfcPortConfig {
    std::vector<bool> port_cbfc;  // per switch port: true = credit mode (no PFC on it)
    uint8_t vl_mask = 1u << 3;    // priorities under CBFC on those ports
    uint32_t allotment = 1024;    // blocks each ingress PG advertises (= the bm reserve)
    uint32_t t_fc = 64;           // cycles between FCCL updates, 1..65535
    uint32_t partner_capacity = 1024;  // downstream buffer (blocks), for c at the egress sender
    bool gfc_time = false;        // time-based GFC rate adjuster + limiter at every sender
    uint32_t gfc_period = 64;     // fg_gfc_time cfg_period (cycles), 1..2^24-1
    uint32_t gfc_recip = 0;       // fg_gfc_time cfg_recip = round(2^28/(B_m-B_0 blocks))
    uint32_t rl_depth = 16;       // fg_rate_limiter cfg_depth (cells), 1..65535
    bool rtl = false;             // fg_sw_credit_port as Verilated RTL (else its C twin)
    bool any() const {
        for (bool b : port_cbfc)
            if (b) return true;
        return false;
    }
};

#ifdef FG_SIM_HAVE_CBFC
// One fg_sw_credit_port instance: reset (outputs after reset), then one step per edge.
class SwCreditPortBackend {
   public:
    virtual ~SwCreditPortBackend() = default;
    virtual void reset(fg_sw_credit_port_out& out) = 0;
    virtual void step(const fg_sw_credit_port_in& in, fg_sw_credit_port_out& out) = 0;
};
// The Verilated backend (SW=8, CW=18); defined in fg_sim_cbfc_port_rtl.cpp, which is built
// only in the RTL flavour (FG_SIM_HAVE_RTL_CREDIT_PORT).
std::unique_ptr<SwCreditPortBackend> make_rtl_credit_port();
#endif

struct CbfcPortStats {
    uint64_t updates_tx = 0, updates_rx = 0;  // Credit symbols sent / received
    uint64_t held_cycles = 0;                 // EQ-cycles held for lack of credit
    uint64_t overruns = 0;                    // edges where a port held more than its allotment
    uint64_t no_credit_starts = 0;            // packets started without credits (cbfc_tx stat)
    uint32_t peak_held = 0;                   // most blocks any port held
    uint64_t gfc_updates = 0;                 // rate updates of the GFC adjusters
    uint64_t rate_held_cycles = 0;            // EQ-cycles held by a GFC limiter (with credit)
    uint32_t gfc_min_rate = 0x10000;          // lowest rate any adjuster computed from a received FCCL (Q1.16)
};

class CbfcPorts {
   public:
    // Throws std::invalid_argument when the models are not in the build or a value is out
    // of range (naming it).
    CbfcPorts(const CbfcPortConfig& cfg, int n_ports, int n_prio);
    ~CbfcPorts();
    CbfcPorts(const CbfcPorts&) = delete;
    CbfcPorts& operator=(const CbfcPorts&) = delete;
    bool cbfc(int port, int prio) const;
    // Step 3 (receive) of the switch node's edge: what arrived on port i.
    void receive(int i, const WireSymbol& s);
    // Step 4 (transmit): port o's transmitter is free; true when an FCCL update goes instead.
    bool take_update(int o, WireSymbol& tx);
    // A packet of EQ(o,prio) starts on egress o this edge.
    void started(int o, int prio, uint16_t cells);
    // Before the core's edge: step every receiver and sender with this edge's inputs (`co`
    // = the core's outputs after the previous edge, head_cells(o,p) = the packet EQ(o,p)
    // would start next, after this edge's start, 0 when none) and set the core's holds.
    // It sets tx_hold for every credit-based (o,p); the switch ORs its own holds in after.
    void edge(const fg_sw_core_out& co, const std::function<uint16_t(int, int)>& head_cells, fg_sw_core_in& in);
    const CbfcPortStats& stats() const { return st_; }
    // The sender's credits in use toward port o's downstream (c, SPEC 3).
    uint32_t credits_in_use(int o, int prio) const;
    // Blocks held by ingress port i, priority p, as last computed.
    uint32_t held(int i, int p) const { return held_[i * P_ + p]; }
    // The deadlock detector's view: EQ(o,p) has a head packet its credits do not cover
    // (credits as registered after the last edge); receiver (i,p) advertised fewer free
    // blocks than `cells` at the last edge.
    bool starved(int o, int p) const { return starved_[o * P_ + p]; }
    // Whether the credits of EQ(o,p)'s sender (as registered after the last edge, what the
    // sender checks a start against) cover a packet of `cells`; true for a non-credit (o,p).
    bool covers(int o, int p, uint32_t cells) const { return !cbfc(o, p) || avail_[o * P_ + p] >= cells; }
    bool withholds(int i, int p, uint32_t cells) const { return cbfc(i, p) && free_[i * P_ + p] < cells; }
    // GFC: the adjuster's current rate (Q1.16; 0x10000 without GFC), and whether the limiter
    // held EQ(o,p) at the last edge although credits covered its head packet.
    uint32_t gfc_rate(int o, int p) const;
    bool rate_held(int o, int p) const { return rate_held_[o * P_ + p]; }
    static bool available();
    // The credit ports' implementation: "cmodel" (C twin) or "rtl" (Verilated).
    std::string backend() const { return cfg_.rtl ? "rtl" : "cmodel"; }

   private:
    struct Impl;
    Impl* impl_;
    CbfcPortConfig cfg_;
    int N_, P_;
    CbfcPortStats st_;
    std::vector<uint32_t> held_;  // [i*P+p]
    std::vector<uint32_t> free_;  // [i*P+p] free blocks advertised at the last edge
    std::vector<bool> starved_, rate_held_;  // [o*P+p]
    std::vector<uint32_t> avail_;            // [o*P+p] the sender's credits_avail after the last edge
};

}  // namespace sim
}  // namespace fg
