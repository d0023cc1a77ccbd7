// fg_sim_dcqcn.h - DCQCN (SPEC.md section 9) for the system simulator's hosts, as plain
// classes without SystemC: the reaction point (RP, the sender's per-flow rate limiter) and the
// notification point (NP, the receiver's per-flow CNP pacing). The congestion point (ECN
// marking) is the switch core's (enq_mark).
//
// Time is in cycles (one 64-byte cell at line rate); rates are in Gb/s as doubles. This is the
// simulator, not a hardware block: doubles are fine, and every result is a pure function of
// the calls (no clock, no randomness), so runs stay deterministic.
//
// RP, per flow (DCQCN paper, Zhu et al. SIGCOMM 2015, and the ns-3 simulator of the P-PFC
// paper):
//  - until its first CNP a flow sends at line rate and no timer runs;
//  - on a CNP: alpha = (1-g)*alpha + g; R_T = R_C (see clamp_target); R_C = max(R_min,
//    R_C*(1 - alpha/2)); the
//    alpha timer, the rate-increase timer, the byte counter and both stage counters restart;
//  - alpha timer (alpha_timer cycles without a CNP): alpha = (1-g)*alpha, timer restarts;
//  - rate-increase events: the timer (rate_timer cycles) and the byte counter (every
//    byte_counter bytes sent) each count their own stage (T, BC) and each fire one event:
//      max(T, BC) <= F           fast recovery  R_C = (R_T + R_C)/2
//      min(T, BC) >  F           hyper increase R_T += R_HAI, R_C = (R_T + R_C)/2
//      otherwise                 additive       R_T += R_AI,  R_C = (R_T + R_C)/2
//    (F = 5: the first five events after a CNP are fast recovery, SPEC "F = 5 stages"); R_T
//    and R_C never exceed the line rate.
// NP, per flow: a CE-marked packet asks for a CNP; at most one per flow per cnp_interval
// cycles (the first CE of a flow always gets one).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

namespace fg {
namespace sim {

struct DcqcnParams {
    double line_gbps = 40;             // the link's rate (= 1 cell per cycle)
    double g = 1.0 / 256;              // alpha gain
    double alpha0 = 1;                 // alpha before the first CNP (ns-3: 1)
    uint64_t alpha_timer = 4297;       // cycles: 55 us at 12.8 ns/cycle
    uint64_t rate_timer = 4297;        // cycles: 55 us
    uint64_t byte_counter = 10000000;  // bytes: 10 MB
    int fast_stages = 5;               // F
    double rai_gbps = 0.04;            // R_AI = 40 Mb/s
    double rhai_gbps = 0.2;            // R_HAI = 200 Mb/s
    double min_gbps = 0.1;             // R_min = 100 Mb/s (ns-3 default)
    uint64_t cnp_interval = 3906;      // cycles: 50 us (NP)
    // true: every CNP sets R_T = R_C (SPEC 9 as written). false: only when an increase event
    // happened since the previous CNP (or at the first CNP) - the ns-3 simulator the paper
    // used (rdma-hw.cc, EcnClampTgtRate = false): CNPs in a row keep the target, so fast
    // recovery returns towards the rate before the congestion.
    bool clamp_target = true;
    // The paper's values at a given line rate and cycle (SPEC 9, Table 2 of seed 000).
    static DcqcnParams paper(double line_gbps, double cycle_ns);
    // Throws std::invalid_argument naming the field and its legal range.
    void validate() const;
};

class DcqcnRp {
   public:
    enum Event { kNone = 0, kFastRecovery, kAdditive, kHyper };
    explicit DcqcnRp(const DcqcnParams& p);
    // A CNP for this flow arrives at cycle `now`.
    void on_cnp(uint64_t now);
    // Runs the timers up to cycle `now` (call every cycle, or before any use of the rate).
    void advance(uint64_t now);
    // `bytes` of this flow were sent (byte counter).
    void on_sent(uint64_t bytes);
    double rate_gbps() const { return rc_; }
    double target_gbps() const { return rt_; }
    double alpha() const { return alpha_; }
    int timer_stage() const { return t_stage_; }
    int byte_stage() const { return bc_stage_; }
    bool active() const { return active_; }  // a CNP has been received
    uint64_t cnps() const { return cnps_; }
    Event last_event() const { return last_; }

   private:
    void increase();
    DcqcnParams p_;
    double rc_, rt_, alpha_;
    bool active_ = false;
    uint64_t alpha_deadline_ = 0, rate_deadline_ = 0, bytes_ = 0, cnps_ = 0;
    int t_stage_ = 0, bc_stage_ = 0;
    Event last_ = kNone;
};

class DcqcnNp {
   public:
    explicit DcqcnNp(uint64_t cnp_interval) : interval_(cnp_interval) {}
    // A CE-marked packet of `flow` arrived at `now`: true when a CNP is to be sent.
    bool on_ce(uint32_t flow, uint64_t now);

   private:
    uint64_t interval_;
    std::unordered_map<uint32_t, uint64_t> last_;  // flow -> cycle of its last CNP
};

}  // namespace sim
}  // namespace fg
