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
};

// Parses `incast ...` arguments (argv[0] is the program, argv[1] "incast"). On bad input
// throws std::invalid_argument naming the option and its legal range.
IncastOptions parse_incast(int argc, char** argv);
std::string incast_usage();
// Builds and runs the scenario, prints the summary (or JSON); returns the exit code
// (0 ok, 3 the switch node found an inconsistency).
int run_incast(const IncastOptions& o);

}  // namespace sim
}  // namespace fg
