// fg_sim_gfc.h - the host end of a credit-based link, optionally with time-based GFC, for
// the deadlock scenario's --fc cbfc and --fc gfc-time (docs/deadlock.md). It plugs into a
// HostNode through HostConfig::tx_gate (fg_sim_host.h) and runs the same C models as the
// switch's credit ports (fg_sim_cbfc_port.h), one set for the host's lossless priority:
//
//   receiver fg_cbfc_rx: counts the cells that reach the host (ABR); the host drains at line
//     rate and stores nothing, so it advertises its whole receive buffer (`rx_capacity`)
//     every t_fc cycles; the update goes out as a Credit symbol between packets.
//   sender fg_cbfc_tx: FCCL from the switch's Credit symbols, FCTBS from the packets the host
//     starts; a packet may start only when its can_send output (after the previous edge) is 1.
//     The host's flows are always backlogged, so the head packet is always `pkt_cells`.
//   time-based GFC (gfc_time): fg_gfc_time maps FCCL - FCTBS to a rate every gfc_period
//     cycles; fg_rate_limiter (token mode) gates packet starts with it, as at the switches.
#pragma once

#include <cstdint>

#include "fg_sim_cbfc_port.h"
#include "fg_sim_host.h"

namespace fg {
namespace sim {

struct HostCreditConfig {
    int prio = 3;
    uint16_t pkt_cells = 16;
    uint32_t t_fc = 64;                // FCCL period of the host's receiver
    uint32_t rx_capacity = 1024;       // blocks the host advertises (<= 2047)
    uint32_t partner_capacity = 1024;  // the switch port's allotment (c at the sender)
    bool gfc_time = false;
    uint32_t gfc_period = 64, gfc_recip = 0, rl_depth = 16;
};

struct HostCreditStats {
    uint64_t updates_tx = 0, updates_rx = 0;
    uint64_t credit_held_cycles = 0;  // edges the head packet lacked credit
    uint64_t rate_held_cycles = 0;    // edges it had credit but the GFC limiter said no
    uint64_t no_credit_starts = 0;
    uint64_t gfc_updates = 0;
    uint32_t gfc_min_rate = 0x10000;  // lowest rate computed from a received FCCL (not reset's r = 0)
};

class HostCreditGate : public HostTxGate {
   public:
    explicit HostCreditGate(const HostCreditConfig& cfg);  // throws on bad values (named)
    ~HostCreditGate() override;
    HostCreditGate(const HostCreditGate&) = delete;
    HostCreditGate& operator=(const HostCreditGate&) = delete;
    void begin(uint64_t now, const WireSymbol& rx) override;
    bool control(uint64_t now, WireSymbol& tx) override;
    bool may_start(uint64_t now, int prio, uint16_t cells) override;
    void end(uint64_t now, const WireSymbol& tx) override;
    const HostCreditStats& stats() const { return st_; }
    uint32_t rate() const;          // GFC adjuster's rate, Q1.16
    bool starved() const;           // credits (after the last edge) below one packet

   private:
    struct Impl;
    Impl* m_;
    HostCreditConfig cfg_;
    HostCreditStats st_;
};

}  // namespace sim
}  // namespace fg
