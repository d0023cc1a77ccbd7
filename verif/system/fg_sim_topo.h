// fg_sim_topo.h - multi-switch topologies of the system simulator: switches, hosts, the
// switch-to-switch links (and the failed ones, kept for the record), the flows of a scenario
// with the path each one takes, and the static route table of every switch (destination
// host id -> egress port) that makes the packets follow those paths.
//
// Topologies (docs/deadlock.md has the drawings):
//   ring3            the GFC paper's Figure 1(a): S1-S2-S3 in a ring, one host per switch,
//                    every host sends at line rate to the host two switches downstream
//                    (H1->H3 over S1,S2,S3; H2->H1; H3->H2): a cyclic buffer dependency.
//   ring3-nocycle    the same ring with flows that leave one segment of the ring unused
//                    (H1->H3, H2->H3, H3->H2): congestion and PFC, no cycle (control case).
//   fattree4-failed  the GFC paper's case study (section 6.2.2, Figure 11): k = 4 fat-tree,
//                    three failed links, flows F1 H0->H8, F2 H4->H12, F3 H9->H1, F4 H13->H5
//                    forming the CBD C1 -> A3 -> C2 -> A7 -> C1, and the victim F5 H4->H5.
//   fattree4         the same fat-tree and flows without failed links (control case).
// Routes: a flow's path is given as its switch sequence ("the paper's routes"); every other
// destination follows the shortest path (BFS over working links, ties to the lowest switch
// index). For fat-trees the builder checks that every given path is a shortest path over
// the working links (the paper routes shortest-path-first), and for every topology that the
// tables, followed hop by hop, deliver each flow along its path.
#pragma once

#include <string>
#include <vector>

namespace fg {
namespace sim {

struct TopoHost {
    std::string name;  // "H1", as in the paper
    int sw = 0;        // switch index
    int port = 0;      // switch port
};

struct TopoLink {
    int a = 0, pa = 0;  // switch a, its port
    int b = 0, pb = 0;  // switch b, its port
};

struct TopoFlow {
    std::string name;       // "F1"
    int src = 0, dst = 0;   // host ids (index in Topology::hosts)
    std::vector<int> path;  // switches crossed, first hop first
    bool victim = false;    // does not cross the cyclic dependency (the paper's F5)
};

struct Topology {
    std::string name;
    std::string what;                        // one line for the printout
    std::vector<std::string> switch_names;   // "S1", "C1", "A3", "E5"
    std::vector<int> ports_used;             // per switch: highest port used + 1
    std::vector<TopoHost> hosts;
    std::vector<TopoLink> links;             // working switch-to-switch links
    std::vector<TopoLink> failed;            // failed links (not connected)
    std::vector<TopoFlow> flows;
    std::vector<std::vector<int>> route;     // per switch: host id -> egress port (-1: none)
    bool shortest_paths = false;             // the flows' paths must be shortest paths
    double buffer_kb = 1024, xoff_kb = 800, xon_kb = 797;  // the paper's settings for it

    // The peer of switch s port p: the switch at the other end of a working link
    // (peer_port set) or -1 (a host or nothing).
    int peer_switch(int s, int p, int* peer_port) const;
    // "S1:2" style name of a switch port, with the peer when there is one ("S1:2>S2").
    std::string port_name(int s, int p) const;
};

// The topologies above by name; throws std::invalid_argument naming the legal ones.
Topology make_topology(const std::string& name);
std::vector<std::string> topology_names();

}  // namespace sim
}  // namespace fg
