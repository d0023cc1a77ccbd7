// fg_sim_main.cpp - build/bin/fg_sim, the flowgate system simulator's command line.
//   fg_sim incast [options]     (fg_sim incast --help lists them)
// Exit codes: 0 ok, 2 bad input (the message names the option and its legal range),
// 3 the run was inconsistent (switch node and core disagreed, packets reordered, ...).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <stdexcept>
#include <string>
#include <systemc>

#include "fg_sim_deadlock.h"
#include "fg_sim_endpoint.h"
#include "fg_sim_incast.h"
#include "fg_sim_toy.h"

int sc_main(int argc, char** argv) {
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        std::printf("usage: fg_sim SCENARIO [options]\nscenarios: incast, deadlock (fg_sim deadlock --help), toy (fg_sim toy --help), endpoint (fg_sim endpoint --help)\n\n%s",
                    fg::sim::incast_usage().c_str());
        return argc < 2 ? 2 : 0;
    }
    std::string scenario = argv[1];
    try {
        // Each option once on the command line (flowgate's rule, fg_cli_once); --rx-pause and
        // --scenario are lists. A scenario file's options may still be overridden here.
        std::set<std::string> seen;
        for (int i = 2; i < argc; i++) {
            const std::string a = argv[i];
            if (a.rfind("--", 0) != 0 || a == "--rx-pause" || a == "--scenario") continue;
            if (!seen.insert(a).second) throw std::invalid_argument(a + " is given twice (each option once)");
        }
        if (scenario == "incast") {
            for (int i = 2; i < argc; i++)
                if (!std::strcmp(argv[i], "--help")) {
                    std::printf("%s", fg::sim::incast_usage().c_str());
                    return 0;
                }
            fg::sim::IncastOptions o = fg::sim::parse_incast(argc, argv);
            return fg::sim::run_incast(o);
        }
        if (scenario == "toy") {
            for (int i = 2; i < argc; i++)
                if (!std::strcmp(argv[i], "--help")) {
                    std::printf("%s", fg::sim::toy_usage().c_str());
                    return 0;
                }
            return fg::sim::run_toy(fg::sim::parse_toy(argc, argv));
        }
        if (scenario == "deadlock") {
            for (int i = 2; i < argc; i++)
                if (!std::strcmp(argv[i], "--help")) return std::printf("%s", fg::sim::deadlock_usage().c_str()), 0;
            return fg::sim::run_deadlock(fg::sim::parse_deadlock(argc, argv));
        }
        if (scenario == "endpoint") {  // issue #4: CBFC + PFT NICs, endpoint congestion
            for (int i = 2; i < argc; i++)
                if (!std::strcmp(argv[i], "--help")) return std::printf("%s", fg::sim::endpoint_usage().c_str()), 0;
            return fg::sim::run_endpoint(fg::sim::parse_endpoint(argc, argv));
        }
        std::fprintf(stderr, "fg_sim: unknown scenario '%s' (legal: incast, deadlock, toy, endpoint)\n", scenario.c_str());
        return 2;
    } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "fg_sim: error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fg_sim: error: %s\n", e.what());
        return 3;
    }
}

// Our own main, so the SystemC banner can be switched off before the kernel starts.
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    return sc_core::sc_elab_and_sim(argc, argv);
}
