// fg_sim_endpoint.h - the endpoint-congestion scenario of issue #4 (PFT, seed 003), in the
// spirit of GPCNeT on a small two-level network: N NICs on two leaf switches joined by one
// uplink, every port of both running credit-based flow control (SPEC.md section 3, no PFC):
//   leaf 0: NICs 0..N0-1 (N0 = N/2), uplink;  leaf 1: NICs N0..N-1, the hot-spot NIC, uplink.
// Every NIC k runs two flows on the one lossless VL, served round robin by its NIC:
//   congestor  k -> the hot-spot NIC: N:1 endpoint congestion at leaf 1's hot port;
//   victim     k -> NIC (k + N0) mod N, on the other leaf: it crosses the uplink.
// The hot port's queue fills leaf 1's ingress allotments, the uplink's among them; leaf 0's
// uplink queue (one FIFO per priority, victims and congestors mixed) then waits for credits
// and the victims in it wait behind hot-spot packets: the congestion tree of a lossless
// network that PFT is meant to keep from growing. (On one output-queued switch a victim never
// shares a queue with a congestor, so no source throttle could help it: docs/endpoint_results.md.)
// The NICs are fg_nic_core (C model or Verilated RTL: --nic), whose PFT throttles injection
// from the credits in use c; the switch cores are the C model or the RTL (--switch).
//
// Metrics per class, over the measurement window [warmup, cycles): throughput = cells
// delivered per cycle per flow (fraction of line rate); delay = first cell queued at the
// NIC -> last cell delivered (the application's view; the paper's GPCNeT latency); also the
// network delay (first cell on the wire -> last cell delivered) and the 99th percentile.
// A packet queued in the window and not delivered by the end counts with the age it reached
// (a lower bound), so a starved flow cannot look fast by delivering little.
// Lossless: the switch reserves exactly the allotment per ingress PG and admits nothing
// beyond it, so a credit error is a lossless drop (violations); --advertise > --allot is the
// deliberate misconfiguration that shows this check can fail.
// Control factor F_C = (B_C * D_0) / (B_0 * D_C) (seed 003, eq. 2) of the victims, against
// the same scenario with PFT off: run by the scenario itself in a child process (fork, same
// options, --pft off) unless --baseline-json gives a saved `--pft off --json` result of the
// same scenario (its scenario key must match).
#pragma once

#include <cstdint>
#include <string>

#include "fg_sim_nic.h"

namespace fg {
namespace sim {

struct EndpointOptions {
    int nodes = 16;                // sending NICs; the switch has nodes + 1 ports
    std::string core = "cmodel";   // switch core backend
    std::string nic = "cmodel";    // NIC core backend
    uint64_t cycles = 100000;
    uint64_t warmup = 20000;       // cycles after traffic start before measuring
    double rate_gbps = 100;
    double link_delay_ns = 100;
    uint32_t pkt_bytes = 1024;
    double victim_load = 0.5;      // offered load of each victim flow (fraction of line rate)
    double cong_load = 1.0;        // offered load of each congestor flow
    uint32_t queue = 16;           // NIC queue per flow, packets
    uint32_t t_fc = 64;            // FCCL period of every receiver (switch and NICs)
    uint32_t allot = 1024;         // switch ingress allotment per port (blocks = credits)
    uint32_t nic_buffer = 1024;    // what a NIC's receiver advertises (it drains at line rate)
    uint32_t advertise = 0;        // test only: the switch advertises this many blocks per port
                                   // while reserving `allot` (0: = allot); > allot must lose packets
    int switch_ports = 0;          // ports of each leaf (0: just enough; the rtl core has 17)
    int prio = 3;                  // the CBFC VL / lossless priority
    std::string pft = "off";       // off | ft-fi | ft-ri | at-fi | at-ri
    NicParams pftp;                // thresholds, windows, m, n, k, seed (t_fc, rx_capacity set from above)
    std::string baseline_json;     // take B_0, D_0 from this file instead of running the baseline
    bool no_baseline = false;
    std::string trace;
    uint32_t sample = 100;
    bool json = false;
    bool quiet = false;
    // A string of every option that changes the traffic or the network (not PFT): a
    // baseline must have the same one.
    std::string scenario_key() const;
};

struct EndpointClassResult {
    uint64_t flows = 0, packets = 0, cells = 0;
    double tput = 0;          // cells per cycle per flow over the window
    double delay = 0;         // cycles, mean (queued -> delivered)
    double net_delay = 0;     // cycles, mean (on the wire -> delivered)
    double p99 = 0;           // cycles
    double delay_max = 0;
    double tput_min = 0;      // the slowest flow of the class
    uint64_t censored = 0;    // packets of `packets` not delivered by the end (counted with their age)
};

struct EndpointResult {
    EndpointClassResult victim, congestor;
    uint64_t drops = 0, violations = 0, overruns = 0, no_credit = 0;
    uint64_t credit_updates = 0, blocked = 0;
    double congested_frac = 0;  // NIC-cycles in Congested / NIC-cycles
    uint64_t pft_enter = 0;
    double c_avg = 0;
    uint32_t c_max = 0;
    uint32_t peak_held = 0, hot_eq_peak = 0, uplink_eq_peak = 0;
    bool consistent = true;
    double cpu_s = 0;
};

EndpointOptions parse_endpoint(int argc, char** argv);
std::string endpoint_usage();
int run_endpoint(const EndpointOptions& o);

}  // namespace sim
}  // namespace fg
