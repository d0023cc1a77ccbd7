// fg_sim_incast.h - the N:1 incast scenario: N senders at line rate, each on its own switch
// port, all to one receiver on port N that drains at line rate; links of one delay.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fg_sim_regs.h"

namespace fg {
namespace sim {

struct IncastOptions {
    int senders = 16;
    std::string core = "cmodel";
    std::string core_form = "default";  // --core: "default" (LINE_RATE 0) or "line-rate" (1)
    uint64_t cycles = 30000;
    double rate_gbps = 40;
    double link_delay_ns = 1000;
    uint32_t pkt_bytes = 1024;
    bool headroom_auto = true;
    uint32_t headroom_cells = 0;   // when !headroom_auto
    uint32_t buffer_kb = 9216;     // total buffer (9 MB)
    uint32_t reserve = 16;         // cells per PG
    uint32_t alpha_shift = 0;
    uint32_t resume_offset = 48;
    int prio = 3;                  // the flows' (lossless) priority
    int n_prio = 8;
    uint32_t pause_quanta = 0xFFFF;
    uint32_t refresh = 32768;
    bool pfc = true;
    uint64_t packets = 0;          // per sender, 0 = unlimited
    uint64_t start_gap = 0;        // sender k starts start_gap*k cycles after the first
    std::vector<std::pair<uint64_t, uint32_t>> rx_pause;  // receiver sends PFC (cycle, quanta)
    std::string trace;
    std::string core_trace;        // record the core's inputs for the bench
    uint32_t sample = 10;
    bool json = false;
    bool quiet = false;
    // The P-PFC experiments (seed 000, issue 3). `--mode pfc|ppfc` selects the experiment
    // profile: DCQCN at the senders, ECN marking at the switch, a probe flow and a 4 MB shared
    // pool, each of which can still be set on its own; without --mode they are all off (the
    // foundation's plain-PFC incast).
    std::string mode;              // "", "pfc" or "ppfc"
    bool dcqcn = false;
    bool ecn = false;
    bool probe = false;
    uint32_t probe_bytes = 64;     // the probe's packets ("negligible size": one cell)
    double probe_period_us = 1;    // one probe packet every ...
    uint32_t shared_kb = 0;        // > 0: headroom sized so that the shared pool is this big
    int switch_ports = 0;          // > 0: a core with this many ports (the rest idle)
    double T_us = 100, R = 0.8, interval_us = 1, holdoff_us = 4;  // hold-off: RTT + 2 intervals
    double kmin_kb = 40, kmax_kb = 200, pmax = 0.01;
    uint32_t ppfc_seed = 1;
    bool dcqcn_clamp = true;       // DcqcnParams::clamp_target (SPEC 9); off: the ns-3 rule
    double pause_scale = 1;        // CELL_CYCLES of the receiver's port (Q8.8); 0 = fan-in (senders)
    std::string png;               // write a PNG of the queue and pause events (python3)
    std::vector<std::string> scenario_files;
};

// Parses `incast ...` arguments (argv[0] is the program, argv[1] "incast"). On bad input
// throws std::invalid_argument naming the option and its legal range. `--scenario FILE`
// reads options from a file (verif/system/scenarios/*.txt: one `option value` per line, `#`
// comments, the option without its leading dashes); options on the command line after it
// override the file's.
IncastOptions parse_incast(int argc, char** argv);
std::string incast_usage();
// Builds and runs the scenario, prints the summary (or JSON); returns the exit code
// (0 ok, 3 the switch node found an inconsistency).
int run_incast(const IncastOptions& o);

}  // namespace sim
}  // namespace fg
