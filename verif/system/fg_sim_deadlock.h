// fg_sim_deadlock.h - the deadlock scenario (fg_sim deadlock) and the deadlock detector.
//
// Scenario: a multi-switch topology of fg_sim_topo.h, every host sending its flows at line
// rate on the lossless priority, switches with the paper's per-ingress-port buffer and
// static XOFF/XON thresholds (the core's static mode), per-flow throughput over windows of W
// cycles, queue peaks per switch, lossless drops and the detector's verdict.
//
// Detector. Every check period it builds a wait-for graph from the switches' state:
//   node  (S, o, p): egress queue EQ(o,p) of switch S is non-empty, is held by its downstream
//         (PFC: the pause timer of p on port o is running) and has sent no cell of p for at
//         least the detection time;
//   edge  (S, o, p) -> (N, o', p): N is the switch on the other end of S's port o (its port
//         i), N withholds that ingress (PFC: PG(i,p) paused, XOFF in force) and N's queue
//         EQ(o',p) holds cells that came in on port i and is itself a node; with the
//         input-queued discipline (iq) o' must be the output of the packet at the head of
//         N's ingress FIFO (i,p), the only one whose start frees space there.
// A cycle in that graph is a deadlock: each queue waits for the next, none has moved for the
// detection time. It is reported once, with the ports of the cycle and the cycle time it was
// found; later checks only say whether it still stands.
// The flow-control mechanism enters only through HoldView (what "held" and "withholds"
// mean), so credit-based flow control and GFC plug in with their own view.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fg_sim_flowmon.h"
#include "fg_sim_switch.h"
#include "fg_sim_topo.h"

namespace fg {
namespace sim {

enum class FlowControl { Pfc, Cbfc, GfcBuffer, GfcTime };

// Parses --fc (pfc|cbfc|gfc-time|gfc-buffer); anything else is refused naming the legal values.
FlowControl parse_flow_control(const std::string& v);

class HoldView {
   public:
    virtual ~HoldView() {}
    // Egress queue (o,p) of switch s may not start a packet because its downstream says so.
    virtual bool egress_held(int s, int o, int p) const = 0;
    // Switch s holds back its upstream on ingress port i, priority p.
    virtual bool ingress_withholds(int s, int i, int p) const = 0;
    virtual std::string held_word() const = 0;  // "paused", "credit-starved"
};

// PFC: held = the pause timer of (o,p) is running; withholds = PG(i,p) is paused.
class PfcHoldView : public HoldView {
   public:
    explicit PfcHoldView(const std::vector<SwitchNode*>& sw) : sw_(sw) {}
    bool egress_held(int s, int o, int p) const override { return sw_[s]->logic.core_out().tx_paused[o][p]; }
    bool ingress_withholds(int s, int i, int p) const override { return sw_[s]->logic.core_out().paused[i][p]; }
    std::string held_word() const override { return "paused"; }

   private:
    std::vector<SwitchNode*> sw_;
};

// CBFC (and time-based GFC, which runs on it): held = the head packet of EQ(o,p) needs more
// blocks than the credits the sender has (FCCL - FCTBS); withholds = the receiver of (i,p)
// advertised less free space than one packet at its last edge.
class CbfcHoldView : public HoldView {
   public:
    CbfcHoldView(const std::vector<SwitchNode*>& sw, uint32_t pkt_cells) : sw_(sw), pkt_(pkt_cells) {}
    bool egress_held(int s, int o, int p) const override {
        const CbfcPorts* c = sw_[s]->logic.cbfc();
        return c && c->cbfc(o, p) && c->starved(o, p);
    }
    bool ingress_withholds(int s, int i, int p) const override {
        const CbfcPorts* c = sw_[s]->logic.cbfc();
        return c && c->withholds(i, p, pkt_);
    }
    std::string held_word() const override { return "credit-starved"; }

   private:
    std::vector<SwitchNode*> sw_;
    uint32_t pkt_;
};

// Buffer-based GFC: a queue held by its rate limiter still makes progress, one packet of L
// cells every L*2^stage cycles. So held = paused by a PFC frame, or held by the limiter
// (gfc_hold) AND silent for longer than twice the limiter's interval for its received stage
// (the limiter alone does not explain it: stalled); withholds = the PG (i,p) is above B_1
// (stage > 0: its upstream is slowed). The detector's no-progress time comes on top.
class GfcBufferHoldView : public HoldView {
   public:
    GfcBufferHoldView(const std::vector<SwitchNode*>& sw, const FlowMonitor& mon, uint32_t pkt_cells)
        : sw_(sw), mon_(mon), pkt_(pkt_cells) {}
    bool egress_held(int s, int o, int p) const override {
        const fg_sw_core_out& co = sw_[s]->logic.core_out();
        if (co.tx_paused[o][p]) return true;
        if (!co.gfc_hold[o][p]) return false;
        const uint64_t interval = uint64_t(pkt_) << (co.gfc_rx_stage[o][p] > 20 ? 20 : co.gfc_rx_stage[o][p]);
        return current_cycle() - mon_.last_tx(s, o, p) > 2 * interval;
    }
    bool ingress_withholds(int s, int i, int p) const override {
        return sw_[s]->logic.core_out().gfc_pg_stage[i][p] > 0;
    }
    std::string held_word() const override { return "rate-limited beyond the stage"; }

   private:
    std::vector<SwitchNode*> sw_;
    const FlowMonitor& mon_;
    uint32_t pkt_;
};

// Time-based GFC: as CBFC, and a queue whose GFC adjuster runs at rate 0 is held too, credit
// or not (held = no credit OR limiter rate 0; the detector adds "no progress"). Rate 0 means
// the last sample saw r = FCCL - FCTBS = 0, so in a frozen state it coincides with no credit;
// the view says so explicitly so that a GFC-time lock-up cannot go unreported.
class GfcTimeHoldView : public CbfcHoldView {
   public:
    GfcTimeHoldView(const std::vector<SwitchNode*>& sw, uint32_t pkt_cells) : CbfcHoldView(sw, pkt_cells), sw_(sw) {}
    bool egress_held(int s, int o, int p) const override {
        if (CbfcHoldView::egress_held(s, o, p)) return true;
        const CbfcPorts* c = sw_[s]->logic.cbfc();
        return c && c->cbfc(o, p) && c->gfc_rate(o, p) == 0;
    }
    std::string held_word() const override { return "credit-starved or at GFC rate 0"; }

   private:
    std::vector<SwitchNode*> sw_;
};

struct DeadlockPort {
    int sw = 0, port = 0, prio = 0;
    bool operator==(const DeadlockPort& o) const { return sw == o.sw && port == o.port && prio == o.prio; }
};

struct DeadlockVerdict {
    bool found = false;
    uint64_t detected_cycle = 0;  // the check that found it
    uint64_t stalled_since = 0;   // first cycle none of the cycle's queues sent a cell
    std::vector<DeadlockPort> cycle;
    bool standing = false;        // still a cycle of stuck queues at the last check
    uint64_t checks = 0;
    size_t stuck_at_last_check = 0;  // queues that were nodes of the graph at the last check
};

class DeadlockDetector {
   public:
    DeadlockDetector(const Topology& t, const std::vector<SwitchNode*>& sw, const HoldView& hv,
                     const FlowMonitor& mon, uint64_t detect_cycles, int n_prio);
    void check(uint64_t now);
    const DeadlockVerdict& verdict() const { return v_; }
    // "S1:1>S2 -> S2:2>S3 -> S3:2>S1"
    std::string cycle_text() const;

   private:
    bool stuck(uint64_t now, int s, int o, int p) const;
    bool waits_on(int s, int o, int p, int n, int o2) const;  // edge (s,o,p) -> (n,o2,p)
    const Topology& t_;
    std::vector<SwitchNode*> sw_;
    const HoldView& hv_;
    const FlowMonitor& mon_;
    uint64_t detect_;
    int n_prio_;
    DeadlockVerdict v_;
};

struct DeadlockOptions {
    std::string topo = "ring3";
    FlowControl fc = FlowControl::Pfc;
    std::string core = "cmodel";
    std::string core_form = "default";  // --core: "default" (LINE_RATE 0) or "line-rate" (1)
    uint64_t cycles = 0;          // 0: the topology's default
    double rate_gbps = 10;
    double link_delay_ns = 1000;
    uint32_t pkt_bytes = 1024;
    bool pkt_uniform = false;     // --pkt-dist uniform: each packet 64*k B, k uniform 2..cells(--pkt)
    uint64_t seed = 1;            // --seed: the hosts' size PRNGs (flow f: seed*2^20 + f)
    double buffer_kb = -1, xoff_kb = -1, xon_kb = -1;  // < 0: the topology's (the paper's)
    int ports = 0;                // switch ports (0: the RTL core's, 17)
    int prio = 3;
    uint32_t pause_quanta = 0xFFFF;
    uint32_t refresh = 32768;
    std::string egress;           // fifo|rr|iq|cioq ("": the scenario's default)
    uint32_t cioq_out = 2;        // --cioq-out: packets per output queue with --egress cioq
    uint32_t transit_skip_ppm = 0;  // --transit-skip: cioq, switch-facing inputs passed over (ppm)
    bool gfc_backstop = false;    // --gfc-backstop: gfc-buffer with GFC_CTRL.gfc_pfc_backstop
    uint32_t t_fc = 64;           // CBFC FCCL period (cycles), --fc cbfc|gfc-time
    uint32_t gfc_period = 0;      // time-based GFC sampling period (cycles, 0: = t_fc)
    double gfc_proc_ns = 3000;    // t_r of the GFC calculator's tau (the paper's 3 us)
    double gfc_b1_kb = -1;        // gfc-buffer: B_1 (< 0: the calculator's)
    double gfc_b0_kb = -1;        // gfc-time: B_0 (< 0: the Theorem 5.1 bound)
    double window_us = 20;
    uint64_t window_cycles = 0;   // overrides window_us
    double detect_us = 200;
    uint64_t check_cycles = 100;
    int tail = 3;                 // windows the "last windows" figures average
    std::string csv;
    std::string png;              // --png: plot the run into this file (and write FILE.json)
    std::string port_csv;         // --port-csv: per window, every switch port's PG mean, cells sent, GFC state
    bool json = false;
    bool quiet = false;
};

DeadlockOptions parse_deadlock(int argc, char** argv);
std::string deadlock_usage();
int run_deadlock(const DeadlockOptions& o);

}  // namespace sim
}  // namespace fg
