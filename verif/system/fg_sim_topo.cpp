// fg_sim_topo.cpp - topology builders and static routes (see fg_sim_topo.h).
#include "fg_sim_topo.h"

#include <deque>
#include <stdexcept>

namespace fg {
namespace sim {

int Topology::peer_switch(int s, int p, int* peer_port) const {
    for (const TopoLink& l : links) {
        if (l.a == s && l.pa == p) {
            if (peer_port) *peer_port = l.pb;
            return l.b;
        }
        if (l.b == s && l.pb == p) {
            if (peer_port) *peer_port = l.pa;
            return l.a;
        }
    }
    return -1;
}

std::string Topology::port_name(int s, int p) const {
    std::string n = switch_names[s] + ":" + std::to_string(p);
    int pp = 0, peer = peer_switch(s, p, &pp);
    if (peer >= 0) n += ">" + switch_names[peer];
    for (const TopoHost& h : hosts)
        if (h.sw == s && h.port == p) n += ">" + h.name;
    return n;
}

namespace {

// Ports are handed out in the order hosts and links are added, so a topology's port
// numbers are fixed by the order of its builder calls; a failed link keeps its ports
// (the cable is there, it is down).
class Builder {
   public:
    explicit Builder(const std::string& name, const std::string& what) {
        t.name = name;
        t.what = what;
    }
    int sw(const std::string& n) {
        t.switch_names.push_back(n);
        next_.push_back(0);
        return int(t.switch_names.size()) - 1;
    }
    int find(const std::string& n) const {
        for (size_t k = 0; k < t.switch_names.size(); k++)
            if (t.switch_names[k] == n) return int(k);
        throw std::logic_error("topology " + t.name + ": no switch " + n);
    }
    int host_id(const std::string& n) const {
        for (size_t k = 0; k < t.hosts.size(); k++)
            if (t.hosts[k].name == n) return int(k);
        throw std::logic_error("topology " + t.name + ": no host " + n);
    }
    void host(const std::string& n, int s) { t.hosts.push_back(TopoHost{n, s, next_[s]++}); }
    void link(int a, int b, bool failed = false) {
        TopoLink l{a, next_[a]++, b, next_[b]++};
        (failed ? t.failed : t.links).push_back(l);
    }
    void fail(int a, int b) {
        for (size_t k = 0; k < t.links.size(); k++) {
            const TopoLink& l = t.links[k];
            if ((l.a == a && l.b == b) || (l.a == b && l.b == a)) {
                t.failed.push_back(l);
                t.links.erase(t.links.begin() + long(k));
                return;
            }
        }
        throw std::logic_error("topology " + t.name + ": no link " + t.switch_names[a] + "-" + t.switch_names[b]);
    }
    void flow(const std::string& n, const std::string& src, const std::string& dst,
              const std::vector<std::string>& path, bool victim = false) {
        TopoFlow f;
        f.name = n;
        f.src = host_id(src);
        f.dst = host_id(dst);
        for (const auto& s : path) f.path.push_back(find(s));
        f.victim = victim;
        t.flows.push_back(f);
    }
    Topology finish();
    Topology t;

   private:
    std::vector<int> next_;
};

// Port of switch s that reaches switch n over a working link, -1 if none.
int port_to(const Topology& t, int s, int n) {
    for (const TopoLink& l : t.links) {
        if (l.a == s && l.b == n) return l.pa;
        if (l.b == s && l.a == n) return l.pb;
    }
    return -1;
}

// Hop distance from every switch to switch d over the working links (-1: unreachable).
std::vector<int> distances_to(const Topology& t, int d) {
    std::vector<int> dist(t.switch_names.size(), -1);
    std::deque<int> q{d};
    dist[d] = 0;
    while (!q.empty()) {
        int s = q.front();
        q.pop_front();
        for (size_t n = 0; n < dist.size(); n++)
            if (dist[n] < 0 && port_to(t, s, int(n)) >= 0) {
                dist[n] = dist[s] + 1;
                q.push_back(int(n));
            }
    }
    return dist;
}

Topology Builder::finish() {
    const int S = int(t.switch_names.size()), H = int(t.hosts.size());
    t.ports_used = next_;
    t.route.assign(S, std::vector<int>(H, -1));
    // Shortest paths to every host, ties to the lowest switch index.
    for (int h = 0; h < H; h++) {
        const int d = t.hosts[h].sw;
        std::vector<int> dist = distances_to(t, d);
        for (int s = 0; s < S; s++) {
            if (s == d) {
                t.route[s][h] = t.hosts[h].port;
                continue;
            }
            if (dist[s] < 0) continue;
            for (int n = 0; n < S; n++)
                if (dist[n] == dist[s] - 1 && port_to(t, s, n) >= 0) {
                    t.route[s][h] = port_to(t, s, n);
                    break;
                }
        }
    }
    // The flows' own paths (the paper's routes) override the tie-breaks.
    std::vector<std::vector<bool>> pinned(S, std::vector<bool>(H, false));
    for (const TopoFlow& f : t.flows) {
        const std::string where = "topology " + t.name + " flow " + f.name + ": ";
        if (f.path.empty() || f.path.front() != t.hosts[f.src].sw || f.path.back() != t.hosts[f.dst].sw)
            throw std::logic_error(where + "path does not run from the source's switch to the destination's");
        std::vector<int> dist = distances_to(t, f.path.back());
        for (size_t k = 0; k + 1 < f.path.size(); k++) {
            const int s = f.path[k], port = port_to(t, s, f.path[k + 1]);
            if (port < 0)
                throw std::logic_error(where + "no working link " + t.switch_names[s] + "-" +
                                       t.switch_names[f.path[k + 1]]);
            if (t.shortest_paths && dist[s] != int(f.path.size() - 1 - k))
                throw std::logic_error(where + "hop " + t.switch_names[s] + " is " + std::to_string(dist[s]) +
                                       " hops from the destination's switch, the path takes " +
                                       std::to_string(f.path.size() - 1 - k) + " (not a shortest path)");
            if (pinned[s][f.dst] && t.route[s][f.dst] != port)
                throw std::logic_error(where + "two flows to " + t.hosts[f.dst].name + " need different ports at " +
                                       t.switch_names[s] + " (routing is by destination)");
            t.route[s][f.dst] = port;
            pinned[s][f.dst] = true;
        }
    }
    // Follow the tables: each flow must travel exactly its path.
    for (const TopoFlow& f : t.flows) {
        std::vector<int> walked{t.hosts[f.src].sw};
        while (walked.back() != t.hosts[f.dst].sw && walked.size() <= size_t(S)) {
            int pp = 0, n = t.peer_switch(walked.back(), t.route[walked.back()][f.dst], &pp);
            if (n < 0) break;
            walked.push_back(n);
        }
        if (walked != f.path) throw std::logic_error("topology " + t.name + " flow " + f.name + ": tables do not follow its path");
    }
    return t;
}

Topology ring3(bool cycle) {
    Builder b(cycle ? "ring3" : "ring3-nocycle",
              cycle ? "3-switch ring, every host to the host two switches on (cyclic buffer dependency)"
                    : "3-switch ring, flows over two of the three ring segments only (no cycle)");
    int s1 = b.sw("S1"), s2 = b.sw("S2"), s3 = b.sw("S3");
    b.host("H1", s1);
    b.host("H2", s2);
    b.host("H3", s3);
    b.link(s1, s2);
    b.link(s2, s3);
    b.link(s3, s1);
    if (cycle) {
        b.flow("F1", "H1", "H3", {"S1", "S2", "S3"});
        b.flow("F2", "H2", "H1", {"S2", "S3", "S1"});
        b.flow("F3", "H3", "H2", {"S3", "S1", "S2"});
    } else {
        // Nothing crosses S2 -> S3 -> S1, so S3's ingress from S2 never waits on S1.
        b.flow("F1", "H1", "H3", {"S1", "S2", "S3"});
        b.flow("F2", "H2", "H3", {"S2", "S3"});
        b.flow("F3", "H3", "H2", {"S3", "S1", "S2"});
    }
    b.t.buffer_kb = 1024;  // the paper's testbed: 1 MB input buffer, XOFF 800 KB, XON 797 KB
    b.t.xoff_kb = 800;
    b.t.xon_kb = 797;
    return b.finish();
}

// k = 4 fat-tree (Al-Fares): 4 pods of 2 edge (E) and 2 aggregation (A) switches, 4 cores.
// Edge Ej holds hosts H(2j-2), H(2j-1) on ports 0, 1 and goes up to its pod's two
// aggregations on ports 2, 3; aggregation A(2p+1+g) (pod p, g = 0, 1) has the pod's edges
// on ports 0, 1 and cores C(2g+1), C(2g+2) on ports 2, 3; core C(2g+1+c) has pod p's
// aggregation A(2p+1+g) on port p.
Topology fattree4(bool failed) {
    Builder b(failed ? "fattree4-failed" : "fattree4",
              failed ? "k=4 fat-tree, links A1-C2, A5-C1, E1-A2 failed (GFC paper Fig. 11), 5 flows"
                     : "k=4 fat-tree, no failed link, the same 5 flows (no cycle)");
    std::vector<int> C, A, E;
    for (int k = 1; k <= 4; k++) C.push_back(b.sw("C" + std::to_string(k)));
    for (int k = 1; k <= 8; k++) A.push_back(b.sw("A" + std::to_string(k)));
    for (int k = 1; k <= 8; k++) E.push_back(b.sw("E" + std::to_string(k)));
    for (int e = 0; e < 8; e++) {
        b.host("H" + std::to_string(2 * e), E[e]);
        b.host("H" + std::to_string(2 * e + 1), E[e]);
    }
    for (int p = 0; p < 4; p++)
        for (int e = 0; e < 2; e++)
            for (int g = 0; g < 2; g++) b.link(E[2 * p + e], A[2 * p + g]);
    for (int p = 0; p < 4; p++)
        for (int g = 0; g < 2; g++)
            for (int c = 0; c < 2; c++) b.link(A[2 * p + g], C[2 * g + c]);
    if (failed) {
        // The seed's text names the cycle and the flows but not which three links fail (the
        // figure is not in it). These three are the ones that make the flows' paths through
        // the cycle shortest paths: A1-C2 and A5-C1 leave pod 1 only C1 and pod 3 only C2 in
        // the first core plane, E1-A2 takes away H0/H1's way into the second plane.
        b.fail(A[0], C[1]);
        b.fail(A[4], C[0]);
        b.fail(E[0], A[1]);
        b.flow("F1", "H0", "H8", {"E1", "A1", "C1", "A3", "C2", "A5", "E5"});
        b.flow("F2", "H4", "H12", {"E3", "A3", "C2", "A7", "E7"});
        b.flow("F3", "H9", "H1", {"E5", "A5", "C2", "A7", "C1", "A1", "E1"});
        b.flow("F4", "H13", "H5", {"E7", "A7", "C1", "A3", "E3"});
    } else {
        b.flow("F1", "H0", "H8", {"E1", "A1", "C1", "A5", "E5"});
        b.flow("F2", "H4", "H12", {"E3", "A3", "C2", "A7", "E7"});
        b.flow("F3", "H9", "H1", {"E5", "A5", "C2", "A1", "E1"});
        b.flow("F4", "H13", "H5", {"E7", "A7", "C1", "A3", "E3"});
    }
    b.flow("F5", "H4", "H5", {"E3"}, true);
    b.t.shortest_paths = true;
    b.t.buffer_kb = 300;  // the paper's simulation: 300 KB input buffer, XOFF 280 KB, XON 277 KB
    b.t.xoff_kb = 280;
    b.t.xon_kb = 277;
    return b.finish();
}

}  // namespace

std::vector<std::string> topology_names() { return {"ring3", "ring3-nocycle", "fattree4-failed", "fattree4"}; }

Topology make_topology(const std::string& name) {
    if (name == "ring3") return ring3(true);
    if (name == "ring3-nocycle") return ring3(false);
    if (name == "fattree4-failed") return fattree4(true);
    if (name == "fattree4") return fattree4(false);
    std::string legal;
    for (const auto& n : topology_names()) legal += (legal.empty() ? "" : "|") + n;
    throw std::invalid_argument("--topo " + name + ": unknown topology; legal values: " + legal);
}

}  // namespace sim
}  // namespace fg
