// fg_sim_gfcbuf.h - the host end of buffer-based GFC for the deadlock scenario's
// --fc gfc-buffer (docs/deadlock.md, docs/gfc.md). It plugs into a HostNode through
// HostConfig::tx_gate (fg_sim_host.h).
//
// A GFC frame from the switch (WireSymbol::gfc) carries, for each class in its cev, the stage
// id k of the switch's ingress PG: the sender must run that class at C/2^k. The host keeps the
// last stage of its lossless priority (stages do not expire, as in the core's EQs) and gates
// new packets of that priority with the same C model the core uses per EQ, fg_rate_limiter in
// stage mode: a packet of L cells started at stage k lets the next one start L*2^k cycles
// later. The host's PFC timers are left alone by GFC frames (fg_sim_host.cpp).
#pragma once

#include <cstdint>

#include "fg_sim_host.h"

namespace fg {
namespace sim {

struct HostGfcStats {
    uint64_t frames_rx = 0;        // GFC frames that named the host's priority
    uint64_t rate_held_cycles = 0; // edges a packet was ready but the limiter said no
    uint32_t stage_max = 0;        // highest stage received
    uint64_t early_starts = 0;     // starts while allow was low (must stay 0)
};

class HostGfcStageGate : public HostTxGate {
   public:
    explicit HostGfcStageGate(int prio);  // throws on a prio outside 0..7
    ~HostGfcStageGate() override;
    HostGfcStageGate(const HostGfcStageGate&) = delete;
    HostGfcStageGate& operator=(const HostGfcStageGate&) = delete;
    void begin(uint64_t now, const WireSymbol& rx) override;
    bool control(uint64_t, WireSymbol&) override { return false; }
    bool may_start(uint64_t now, int prio, uint16_t cells) override;
    void end(uint64_t now, const WireSymbol& tx) override;
    uint8_t stage() const { return stage_; }
    bool held() const;  // the limiter holds the priority (after the last edge)
    const HostGfcStats& stats() const { return st_; }

   private:
    struct Impl;
    Impl* m_;
    int prio_;
    uint8_t stage_ = 0;
    HostGfcStats st_;
};

}  // namespace sim
}  // namespace fg
