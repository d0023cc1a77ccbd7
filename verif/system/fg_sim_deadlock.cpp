// fg_sim_deadlock.cpp - the deadlock scenario and detector (see fg_sim_deadlock.h).
#include "fg_sim_args.h"
#include "fg_sim_deadlock.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <stdexcept>

#include <sys/wait.h>
#include <unistd.h>

#include "fg_gfc_plan.h"
#include "fg_sim_gfc.h"
#include "fg_sim_gfcbuf.h"
#include "fg_sim_network.h"
#include "fg_sim_regs.h"

namespace fg {
namespace sim {

// ---------------------------------------------------------------------------------------
// Flow-control option

FlowControl parse_flow_control(const std::string& v) {
    if (v == "pfc") return FlowControl::Pfc;
    if (v == "cbfc") return FlowControl::Cbfc;
    if (v == "gfc-time") return FlowControl::GfcTime;
    if (v == "gfc-buffer") return FlowControl::GfcBuffer;
    throw std::invalid_argument("--fc " + v + ": unknown flow control; legal values: pfc|cbfc|gfc-time|gfc-buffer");
}

// ---------------------------------------------------------------------------------------
// Detector

DeadlockDetector::DeadlockDetector(const Topology& t, const std::vector<SwitchNode*>& sw, const HoldView& hv,
                                   const FlowMonitor& mon, uint64_t detect_cycles, int n_prio)
    : t_(t), sw_(sw), hv_(hv), mon_(mon), detect_(detect_cycles), n_prio_(n_prio) {}

bool DeadlockDetector::stuck(uint64_t now, int s, int o, int p) const {
    return sw_[s]->logic.eq_len(o, p) > 0 && hv_.egress_held(s, o, p) && now - mon_.last_tx(s, o, p) >= detect_;
}

bool DeadlockDetector::waits_on(int s, int o, int p, int n, int o2) const {
    int i = 0;
    if (t_.peer_switch(s, o, &i) != n) return false;
    if (!hv_.ingress_withholds(n, i, p)) return false;
    // Input-queued switch: ingress (i,p) frees space only when the packet at the head of its
    // FIFO starts, so it waits for that packet's output alone (head-of-line blocking), not
    // for every output it holds cells for (SwitchLogic::ingress_waits_on).
    return sw_[n]->logic.ingress_waits_on(i, p, o2);
}

void DeadlockDetector::check(uint64_t now) {
    v_.checks++;
    // Nodes: the stuck queues, numbered in (switch, port, prio) order.
    std::vector<DeadlockPort> nodes;
    for (int s = 0; s < int(sw_.size()); s++)
        for (int o = 0; o < t_.ports_used[s]; o++)
            for (int p = 0; p < n_prio_; p++)
                if (stuck(now, s, o, p)) nodes.push_back(DeadlockPort{s, o, p});
    v_.stuck_at_last_check = nodes.size();
    const size_t N = nodes.size();
    std::vector<std::vector<size_t>> succ(N);
    for (size_t a = 0; a < N; a++) {
        int peer = t_.peer_switch(nodes[a].sw, nodes[a].port, nullptr);
        if (peer < 0) continue;
        for (size_t b = 0; b < N; b++)
            if (nodes[b].sw == peer && nodes[b].prio == nodes[a].prio &&
                waits_on(nodes[a].sw, nodes[a].port, nodes[a].prio, peer, nodes[b].port))
                succ[a].push_back(b);
    }
    if (v_.found) {
        // Does the reported cycle still stand (every queue stuck, every edge there)?
        bool ok = true;
        const auto& c = v_.cycle;
        for (size_t k = 0; k < c.size() && ok; k++) {
            const DeadlockPort& a = c[k];
            const DeadlockPort& b = c[(k + 1) % c.size()];
            ok = stuck(now, a.sw, a.port, a.prio) && waits_on(a.sw, a.port, a.prio, b.sw, b.port);
        }
        v_.standing = ok;
        return;
    }
    // Depth-first search for a back edge (iterative; colours 0 new, 1 on the stack, 2 done).
    std::vector<int> colour(N, 0);
    std::vector<size_t> stack, next_succ(N, 0);
    for (size_t root = 0; root < N && !v_.found; root++) {
        if (colour[root]) continue;
        stack.assign(1, root);
        colour[root] = 1;
        while (!stack.empty() && !v_.found) {
            size_t a = stack.back();
            if (next_succ[a] == succ[a].size()) {
                colour[a] = 2;
                stack.pop_back();
                continue;
            }
            size_t b = succ[a][next_succ[a]++];
            if (colour[b] == 0) {
                colour[b] = 1;
                stack.push_back(b);
            } else if (colour[b] == 1) {
                // The cycle is the stack from b to the top.
                auto it = std::find(stack.begin(), stack.end(), b);
                std::vector<DeadlockPort> cyc;
                for (; it != stack.end(); ++it) cyc.push_back(nodes[*it]);
                // Start the report at the lowest (switch, port): the same deadlock reads the same.
                auto first = std::min_element(cyc.begin(), cyc.end(), [](const DeadlockPort& x, const DeadlockPort& y) {
                    return x.sw != y.sw ? x.sw < y.sw : x.port < y.port;
                });
                std::rotate(cyc.begin(), first, cyc.end());
                v_.found = true;
                v_.standing = true;
                v_.cycle = cyc;
                v_.detected_cycle = now;
                uint64_t last = 0;
                for (const auto& q : cyc) last = std::max(last, mon_.last_tx(q.sw, q.port, q.prio));
                v_.stalled_since = last + 1;
            }
        }
    }
}

std::string DeadlockDetector::cycle_text() const {
    std::string s;
    for (const auto& q : v_.cycle) s += (s.empty() ? "" : " -> ") + t_.port_name(q.sw, q.port);
    return s;
}

// ---------------------------------------------------------------------------------------
// Options

std::string deadlock_usage() {
    return "usage: fg_sim deadlock [options]\n"
           "  --topo ring3|ring3-nocycle|fattree4-failed|fattree4   topology and flows (default ring3)\n"
           "  --fc pfc|cbfc|gfc-time|gfc-buffer  flow control (gfc-buffer: the core's stage GFC, B_m = XOFF)\n"
           "  --switch cmodel|rtl  switch core of every switch (default cmodel)\n"
           "  --core default|line-rate  the core's form (line-rate: LINE_RATE 1, one admission per edge)\n"
           "  --cycles N           cycles to simulate (default: 60000 ring3*, 80000 fattree4*)\n"
           "  --rate GBPS          line rate of every link and host (default 10, the paper's)\n"
           "  --link-delay-ns NS   one-way delay of every link (default 1000)\n"
           "  --pkt BYTES          packet size, 64..9216 (default 1024)\n"
           "  --pkt-dist fixed|uniform  fixed: every packet --pkt bytes (default); uniform: each packet\n"
           "                       64*k bytes (at most --pkt), k uniform over 2..cells(--pkt), from a seeded\n"
           "                       per-flow PRNG (deterministic: C model and RTL runs see the same sizes)\n"
           "  --seed N             seed of the size PRNGs, 0..2^32-1 (default 1)\n"
           "  --buffer-kb KB       input buffer per ingress port (default: ring3 1024, fattree4 300; cbfc and\n"
           "                       gfc-time: 100, at most 127.9 = 2047 cells, the 12-bit credit limit)\n"
           "  --xoff-kb KB         PFC XOFF threshold per ingress port (default: ring3 800, fattree4 280)\n"
           "  --xon-kb KB          PFC XON threshold (default: ring3 797, fattree4 277)\n"
           "  --ports N            ports per switch (default 17, the rtl core's)\n"
           "  --prio P             priority of the flows, lossless (default 3)\n"
           "  --pause-quanta Q     XOFF time, 1..65535 (default 65535)\n"
           "  --refresh CYCLES     XOFF refresh interval (default 32768)\n"
           "  --egress fifo|rr|iq|cioq  egress discipline: fifo = one FIFO per egress queue; rr = round robin\n"
           "                       over the ingress ports within it (no head-of-line blocking); iq = the\n"
           "                       paper's input-queued switch, one FIFO per ingress port, head-of-line\n"
           "                       blocking; cioq = iq with an output queue of --cioq-out packets per\n"
           "                       egress queue (head-of-line blocking only behind a full one) (default fifo)\n"
           "  --cioq-out N         cioq: packets per output queue, 1..64 (default 2)\n"
           "  --transit-skip PPM   cioq: an injected transit bias (an experiment, not a switch feature): a\n"
           "                       switch-facing input loses its turn, with probability PPM/10^6, when it\n"
           "                       is the round robin's next candidate for an output queue that another\n"
           "                       input also waits for; 0..1000000 (default 0: none)\n"
           "  --tfc CYCLES         CBFC FCCL period, 1..65535 (default 64)\n"
           "  --gfc-period CYCLES  time-based GFC rate update period, 1..16777215 (default: --tfc)\n"
           "  --gfc-proc-ns NS     t_r in the GFC calculator's tau (default 3000, the paper's)\n"
           "  --gfc-b1-kb KB       gfc-buffer: B_1 (default: the calculator's B_m - 2*C*tau)\n"
           "  --gfc-backstop       gfc-buffer: GFC_CTRL.gfc_pfc_backstop, PFC pauses where the buffer manager\n"
           "                       pauses (XOFF = B_m) besides the GFC stages (default: GFC alone)\n"
           "  --gfc-b0-kb KB       gfc-time: B_0, 0..the Theorem 5.1 bound (default: the bound)\n"
           "  --window-us US       throughput window (default 20)\n"
           "  --window-cycles W    throughput window in cycles (overrides --window-us)\n"
           "  --detect-us US       no-progress time before a cycle of held queues is a deadlock (default 200)\n"
           "  --check-cycles K     detector period (default 100)\n"
           "  --tail N             windows averaged for the end-of-run throughput and transit PG means (default 3)\n"
           "  --csv FILE           one row per window: cells per flow, queue, paused and held ports per switch\n"
           "  --png FILE           plot the run (throughput per flow over time, queued KB per switch) with\n"
           "                       scripts/plot_deadlock.py; also writes FILE.json (and FILE.csv without --csv)\n"
           "  --port-csv FILE      one row per window: per switch port, its lossless PG's mean cells, the\n"
           "                       cells it sent, and its GFC state (gfc-time: the adjuster's rate of\n"
           "                       EQ(port), fraction of C; gfc-buffer: the PG's stage); gfc-time: hosts' rates\n"
           "  --json               print the results as one JSON object\n"
           "  --quiet              only the RESULT line\n";
}


DeadlockOptions parse_deadlock(int argc, char** argv) {
    DeadlockOptions o;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char* {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return argv[++i];
        };
        if (a == "--topo") o.topo = val();
        else if (a == "--fc") o.fc = parse_flow_control(val());
        else if (a == "--switch") o.core = val();
        else if (a == "--core") {
            o.core_form = val();
            if (o.core_form != "default" && o.core_form != "line-rate")
                throw std::invalid_argument("--core '" + o.core_form + "': expected default or line-rate");
        }
        else if (a == "--cycles") o.cycles = arg_uint(a, val(), 1, 1000000000ull);
        else if (a == "--rate") o.rate_gbps = arg_real(a, val(), 1, 800);
        else if (a == "--link-delay-ns") o.link_delay_ns = arg_real(a, val(), 0, 1e6);
        else if (a == "--pkt") o.pkt_bytes = uint32_t(arg_uint(a, val(), 64, 9216));
        else if (a == "--pkt-dist") {
            const std::string d = val();
            if (d != "fixed" && d != "uniform")
                throw std::invalid_argument("--pkt-dist " + d + ": legal values: fixed|uniform");
            o.pkt_uniform = d == "uniform";
        } else if (a == "--seed") o.seed = arg_uint(a, val(), 0, 0xFFFFFFFFull);
        else if (a == "--buffer-kb") o.buffer_kb = arg_real(a, val(), 1, 16383);
        else if (a == "--xoff-kb") o.xoff_kb = arg_real(a, val(), 0, 16383);
        else if (a == "--xon-kb") o.xon_kb = arg_real(a, val(), 0, 16383);
        else if (a == "--ports") o.ports = int(arg_uint(a, val(), 1, FG_SW_MAX_PORTS));
        else if (a == "--prio") o.prio = int(arg_uint(a, val(), 0, 7));
        else if (a == "--pause-quanta") o.pause_quanta = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--refresh") o.refresh = uint32_t(arg_uint(a, val(), 1, 0xFFFFFF));
        else if (a == "--egress") {
            o.egress = val();
            if (o.egress != "fifo" && o.egress != "rr" && o.egress != "iq" && o.egress != "cioq")
                throw std::invalid_argument("--egress " + o.egress + ": legal values: fifo|rr|iq|cioq");
        } else if (a == "--cioq-out") o.cioq_out = uint32_t(arg_uint(a, val(), 1, 64));
        else if (a == "--transit-skip") o.transit_skip_ppm = uint32_t(arg_uint(a, val(), 0, 1000000));
        else if (a == "--gfc-backstop") o.gfc_backstop = true;
        else if (a == "--tfc") o.t_fc = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--gfc-period") o.gfc_period = uint32_t(arg_uint(a, val(), 1, 0xFFFFFF));
        else if (a == "--gfc-proc-ns") o.gfc_proc_ns = arg_real(a, val(), 0, 1e6);
        else if (a == "--gfc-b1-kb") o.gfc_b1_kb = arg_real(a, val(), 0, 16383);
        else if (a == "--gfc-b0-kb") o.gfc_b0_kb = arg_real(a, val(), 0, 16383);
        else if (a == "--window-us") o.window_us = arg_real(a, val(), 0.001, 1e6);
        else if (a == "--window-cycles") o.window_cycles = arg_uint(a, val(), 1, 100000000ull);
        else if (a == "--detect-us") o.detect_us = arg_real(a, val(), 0.001, 1e6);
        else if (a == "--check-cycles") o.check_cycles = arg_uint(a, val(), 1, 100000000ull);
        else if (a == "--tail") o.tail = int(arg_uint(a, val(), 1, 1000));
        else if (a == "--csv") o.csv = val();
        else if (a == "--png") {
            o.png = val();
            if (o.png.empty()) throw std::invalid_argument("--png expects a file name, got ''");
        }
        else if (a == "--port-csv") o.port_csv = val();
        else if (a == "--json") o.json = true;
        else if (a == "--quiet") o.quiet = true;
        else throw std::invalid_argument("unknown option '" + a + "'\n" + deadlock_usage());
    }
    make_topology(o.topo);  // an unknown name fails here, before anything is built
    // A threshold for the other GFC form would be silently ignored: refuse it.
    if (o.gfc_b1_kb >= 0 && o.fc != FlowControl::GfcBuffer)
        throw std::invalid_argument("--gfc-b1-kb applies to --fc gfc-buffer only");
    if (o.gfc_b0_kb >= 0 && o.fc != FlowControl::GfcTime)
        throw std::invalid_argument("--gfc-b0-kb applies to --fc gfc-time only");
    if (o.gfc_backstop && o.fc != FlowControl::GfcBuffer)
        throw std::invalid_argument("--gfc-backstop applies to --fc gfc-buffer only");
    if (o.core != "cmodel" && o.core != "rtl")
        throw std::invalid_argument("--switch " + o.core + ": legal values: cmodel|rtl (the stub core has no "
                                    "static thresholds)");
    return o;
}

// ---------------------------------------------------------------------------------------
// The run

namespace {

#ifdef FG_SIM_RTL_PORTS
constexpr int kDefaultPorts = FG_SIM_RTL_PORTS;
#else
constexpr int kDefaultPorts = 17;
#endif

uint32_t kb_to_cells(double kb) { return uint32_t(std::llround(kb * 1024.0 / kCellBytes)); }

// --png: scripts/plot_deadlock.py (found from $FG_ROOT, else from this executable:
// build/bin/fg_sim -> the repository) draws the run; its own output goes to stderr so that
// --json output on stdout stays one JSON object. "" on success, else what went wrong.
std::string plot_png(const std::string& png, const std::string& json_path, const std::string& csv_path) {
    std::string root;
    if (const char* r = std::getenv("FG_ROOT")) {
        root = r;
    } else {
        char self[PATH_MAX];
        const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) return "cannot find this executable (set FG_ROOT to the repository)";
        self[n] = '\0';
        root = self;
        for (int up = 0; up < 3; up++) root = root.substr(0, root.rfind('/'));
    }
    const std::string script = root + "/scripts/plot_deadlock.py";
    if (access(script.c_str(), R_OK) != 0) return "no " + script + " (set FG_ROOT to the repository)";
    const pid_t pid = fork();
    if (pid < 0) return std::string("fork: ") + std::strerror(errno);
    if (pid == 0) {
        dup2(2, 1);
        execlp("python3", "python3", script.c_str(), "--out", png.c_str(), "--csv", csv_path.c_str(), json_path.c_str(),
               static_cast<char*>(nullptr));
        std::fprintf(stderr, "fg_sim: cannot run python3: %s\n", std::strerror(errno));
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) < 0) return std::string("waitpid: ") + std::strerror(errno);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return script + " failed (its message is above)";
    return "";
}

std::string fmt(const char* f, double x) {
    char b[64];
    std::snprintf(b, sizeof b, f, x);
    return b;
}

}  // namespace

int run_deadlock(const DeadlockOptions& o) {
    std::clock_t t0 = std::clock();
    const Topology t = make_topology(o.topo);
    const int S = int(t.switch_names.size()), H = int(t.hosts.size()), F = int(t.flows.size());
    const int P = 8;
    const int ports = o.ports ? o.ports : kDefaultPorts;
    for (int s = 0; s < S; s++)
        if (t.ports_used[s] > ports)
            throw std::invalid_argument("--ports " + std::to_string(ports) + ": switch " + t.switch_names[s] + " of " +
                                        t.name + " uses " + std::to_string(t.ports_used[s]) + " ports; legal range " +
                                        std::to_string(t.ports_used[s]) + ".." + std::to_string(FG_SW_MAX_PORTS));
    const double cycle_ns = 512.0 / o.rate_gbps;
    const double d = std::round(o.link_delay_ns / cycle_ns);
    if (d < kMinLinkDelay)
        throw std::invalid_argument("--link-delay-ns " + fmt("%g", o.link_delay_ns) + ": is " + fmt("%g", d) +
                                    " cycles at " + fmt("%g", o.rate_gbps) + " Gb/s; legal range >= " +
                                    std::to_string(kMinLinkDelay) + " cycles (" + fmt("%g", kMinLinkDelay * cycle_ns) +
                                    " ns)");
    const uint32_t delay = uint32_t(d);
    const uint64_t cycles = o.cycles ? o.cycles : (t.name.rfind("ring3", 0) == 0 ? 60000 : 80000);

    // Buffer: the paper gives each ingress port an input buffer with XOFF/XON thresholds.
    // The core's static mode is exactly that per PG: a packet is admitted while the PG's
    // cells stay within XOFF, beyond it into the PG's headroom (buffer - XOFF); the PG is
    // paused when it reaches XOFF (or uses headroom) and resumed at or below XON.
    // Credit modes: the input buffer is the port's credit allotment (B_m of GFC); the 12-bit
    // credit counters (FCCL - FCTBS < 2048, SPEC 3) cap it at 2047 cells, so the paper's
    // 1 MB is out of reach and 100 KB is the default. XOFF/XON do not apply: the core keeps
    // its static mode with XOFF = the allotment only for accounting (PFC frames off), and a
    // cell beyond the allotment would land in the 2-packet headroom and be counted as a
    // credit overrun.
    // Buffer-based GFC keeps the PFC input buffer (its stages replace the PG's PFC frames).
    const bool credit = o.fc == FlowControl::Cbfc || o.fc == FlowControl::GfcTime;
    const uint32_t pkt_cells = cells_of(o.pkt_bytes);
    const double buffer_kb = o.buffer_kb >= 0 ? o.buffer_kb : credit ? 100.0 : t.buffer_kb;
    if (credit && (kb_to_cells(buffer_kb) > 2047 || kb_to_cells(buffer_kb) < 2 * pkt_cells))
        throw std::invalid_argument("--buffer-kb " + fmt("%g", buffer_kb) + ": legal range " +
                                    fmt("%g", 2.0 * pkt_cells * kCellBytes / 1024) + "..127.9 with --fc " +
                                    (o.fc == FlowControl::Cbfc ? "cbfc" : "gfc-time") +
                                    " (two packets .. 2047 cells: 12-bit credits)");
    const double xoff_kb = credit ? buffer_kb : o.xoff_kb >= 0 ? o.xoff_kb : t.xoff_kb;
    const double xon_kb = credit ? buffer_kb : o.xon_kb >= 0 ? o.xon_kb : t.xon_kb;
    const uint32_t buf_cells = kb_to_cells(buffer_kb) + (credit ? 2 * pkt_cells : 0);
    const uint32_t xoff = kb_to_cells(xoff_kb), xon = kb_to_cells(xon_kb);
    const uint32_t allot = credit ? xoff : 0;
    if (xoff < 1 || xoff >= buf_cells)
        throw std::invalid_argument("--xoff-kb " + fmt("%g", xoff_kb) + ": legal range " + fmt("%g", 64.0 / 1024) +
                                    ".." + fmt("%g", buffer_kb - 64.0 / 1024) + " (below --buffer-kb " +
                                    fmt("%g", buffer_kb) + ")");
    if (xon > xoff)
        throw std::invalid_argument("--xon-kb " + fmt("%g", xon_kb) + ": legal range 0.." + fmt("%g", xoff_kb) +
                                    " (at most --xoff-kb)");
    if (buf_cells - xoff < 2 * pkt_cells)
        throw std::invalid_argument("--buffer-kb " + fmt("%g", buffer_kb) + ": the headroom above XOFF (" +
                                    std::to_string(buf_cells - xoff) + " cells) must hold at least two packets (" +
                                    std::to_string(2 * pkt_cells) + " cells)");
    if (o.prio >= P) throw std::invalid_argument("--prio " + std::to_string(o.prio) + ": legal range 0..7");

    SwitchParams sp;
    sp.n_ports = ports;
    sp.n_prio = P;
    sp.reserve = 0;  // the paper's buffer has no reserved part
    sp.headroom = buf_cells - xoff;
    const uint64_t cmax = (1u << 18) - 1;
    // Static mode does not use the shared pool; TOTAL_CELLS only has to pass the pool rule.
    sp.total_cells = uint32_t(std::min<uint64_t>(cmax, uint64_t(ports) * buf_cells));
    sp.alpha_shift = 0;
    sp.resume_offset = 0;
    sp.lossless_mask = 1u << o.prio;
    sp.pause_quanta = o.pause_quanta;
    sp.refresh_cycles = o.refresh;
    sp.pfc_enable = !credit;
    std::vector<CsrWrite> writes = switch_register_writes(sp, 18);
    for (int i = 0; i < ports; i++) {
        const int k = i * P + o.prio;
        const std::string n = "[" + std::to_string(k) + "]";
        CsrWrite wx{uint16_t(FG_REG_XOFF_ADDR(k)), xoff, "XOFF" + n}, wn{uint16_t(FG_REG_XON_ADDR(k)), xon, "XON" + n};
        // XON <= XOFF holds after every write: raise XOFF first, or lower XON first.
        if (xoff >= FG_FLD_XON_XON_RESET(&sp)) writes.push_back(wx), writes.push_back(wn);
        else writes.push_back(wn), writes.push_back(wx);
    }
    writes.push_back({uint16_t(FG_REG_CTRL_ADDR), (credit ? 0u : kCtrlPfcEnable) | (1u << FG_FLD_CTRL_STATIC_MODE_LSB),
                      "CTRL"});

    // Buffer-based GFC: B_m = XOFF (above it the PG spills into headroom, as under PFC), B_1
    // from the calculator (B_m - 2*C*tau) unless --gfc-b1-kb; the core compares them with the
    // PG's ingress+headroom cells. B_1 < B_m holds after every write: B_1 = 0, B_m, B_1.
    fg_gfc_plan_out bplan;
    std::memset(&bplan, 0, sizeof bplan);
    uint32_t gfc_b1 = 0, gfc_bm = 0;
    if (o.fc == FlowControl::GfcBuffer) {
        fg_gfc_plan_in pin;
        fg_gfc_plan_defaults(&pin);
        pin.rate_gbps = o.rate_gbps;
        pin.buffer_bytes = double(xoff) * kCellBytes;
        pin.mtu = o.pkt_bytes;
        pin.wire_ns = delay * cycle_ns;
        pin.proc_ns = o.gfc_proc_ns;
        pin.cell_bytes = kCellBytes;
        pin.mode = FG_GFC_MODE_BUFFER;
        if (o.gfc_b1_kb >= 0) pin.b1_bytes = double(kb_to_cells(o.gfc_b1_kb)) * kCellBytes;
        char msg[256];
        if (fg_gfc_plan(&pin, &bplan, msg, sizeof msg) != 0)
            throw std::invalid_argument(std::string("--fc gfc-buffer: ") + msg);
        gfc_bm = xoff;
        gfc_b1 = bplan.b1_cells;
        if (gfc_b1 >= gfc_bm)
            throw std::invalid_argument("--gfc-b1-kb " + fmt("%g", gfc_b1 * 64.0 / 1024) + ": legal range 0.." +
                                        fmt("%g", (gfc_bm - 1) * 64.0 / 1024) + " (below B_m = --xoff-kb)");
        writes.push_back({uint16_t(FG_REG_GFC_B1_ADDR), 0u, "GFC_B1"});
        writes.push_back({uint16_t(FG_REG_GFC_BM_ADDR), gfc_bm, "GFC_BM"});
        writes.push_back({uint16_t(FG_REG_GFC_B1_ADDR), gfc_b1, "GFC_B1"});
        writes.push_back({uint16_t(FG_REG_GFC_CTRL_ADDR),
                          1u | (o.gfc_backstop ? 1u << FG_FLD_GFC_CTRL_GFC_PFC_BACKSTOP_LSB : 0u), "GFC_CTRL"});
    }

    // Time-based GFC: B_m = the allotment, tau and the Theorem 5.1 bound on B_0 from the
    // calculator (sw/include/fg_gfc_plan.h) for this rate, packet, wire and period.
    fg_gfc_plan_out plan;
    std::memset(&plan, 0, sizeof plan);
    const uint32_t gfc_period = o.gfc_period ? o.gfc_period : o.t_fc;
    if (o.fc == FlowControl::GfcTime) {
        fg_gfc_plan_in pin;
        fg_gfc_plan_defaults(&pin);
        pin.rate_gbps = o.rate_gbps;
        pin.buffer_bytes = double(allot) * kCellBytes;
        pin.mtu = o.pkt_bytes;
        pin.wire_ns = delay * cycle_ns;
        pin.proc_ns = o.gfc_proc_ns;
        pin.cell_bytes = kCellBytes;
        pin.mode = FG_GFC_MODE_TIME;
        pin.period_ns = gfc_period * cycle_ns;
        // --gfc-b0-kb: the calculator checks it against the bound and names the legal range.
        if (o.gfc_b0_kb >= 0) pin.b0_bytes = double(kb_to_cells(o.gfc_b0_kb)) * kCellBytes;
        char msg[256];
        if (fg_gfc_plan(&pin, &plan, msg, sizeof msg) != 0)
            throw std::invalid_argument(std::string(o.gfc_b0_kb >= 0 ? "--gfc-b0-kb: " : "--fc gfc-time: ") + msg);
    }

    const std::string egress = o.egress.empty() ? "fifo" : o.egress;
    if (o.transit_skip_ppm > 0 && egress != "cioq")
        throw std::invalid_argument("--transit-skip needs --egress cioq (it biases the cioq round robin)");
    const EgressDiscipline disc = egress == "rr"     ? EgressDiscipline::Rr
                                  : egress == "iq"   ? EgressDiscipline::Iq
                                  : egress == "cioq" ? EgressDiscipline::Cioq
                                                     : EgressDiscipline::Fifo;
    Network net;
    std::vector<SwitchNode*> sw;
    for (int s = 0; s < S; s++) {
        SwitchConfig sc;
        sc.core = fg_sw_core_cfg{};  // value-initialised: fields added later keep their zero defaults
        sc.core.n_ports = ports;
        sc.core.n_prio = P;
        sc.core.cw = 18;
        sc.core.sw = 8;
        if (o.core_form == "line-rate") sc.core.line_rate = 1, sc.core.no_ppfc = 1;
        sc.csr_writes = writes;
        sc.route = t.route[s];
        sc.mon_prio = o.prio;
        sc.sample_every = 0;
        sc.egress = disc;
        sc.cioq_out = o.cioq_out;
        if (o.transit_skip_ppm > 0) {  // the inputs from other switches: the transit packets
            sc.skip_ppm = o.transit_skip_ppm;
            sc.skip_seed = uint32_t(o.seed * 2654435761u + uint64_t(s) + 1) | 1u;
            sc.skip_ports.assign(ports, false);
            for (int k = 0; k < ports; k++) sc.skip_ports[k] = t.peer_switch(s, k, nullptr) >= 0;
        }
        if (credit) {
            sc.cbfc.port_cbfc.assign(ports, false);
            for (int k = 0; k < t.ports_used[s]; k++) sc.cbfc.port_cbfc[k] = true;
            sc.cbfc.vl_mask = uint8_t(1u << o.prio);
            sc.cbfc.allotment = allot;
            sc.cbfc.t_fc = o.t_fc;
            sc.cbfc.partner_capacity = allot;  // every partner (switch or host) advertises as much
            sc.cbfc.gfc_time = o.fc == FlowControl::GfcTime;
            sc.cbfc.gfc_period = gfc_period;
            sc.cbfc.gfc_recip = plan.recip;
            sc.cbfc.rl_depth = pkt_cells;
            sc.cbfc.rtl = o.core == "rtl";  // the credit ports (fg_sw_credit_port) as RTL too
        }
        sw.push_back(&net.add_switch(sc, make_core(o.core, sc.core)));
    }
    const uint64_t start = sw[0]->logic.config_cycles() + 8;  // traffic after the register writes
    std::vector<HostNode*> hosts;
    std::vector<std::unique_ptr<HostCreditGate>> gates;
    std::vector<std::unique_ptr<HostGfcStageGate>> gfc_gates;
    for (int h = 0; h < H; h++) {
        HostConfig hc;
        hc.id = uint16_t(h);
        if (credit) {
            HostCreditConfig gc;
            gc.prio = o.prio;
            // --pkt-dist uniform: the gate waits for credit for the largest packet (--pkt), so
            // a host never overruns; the switches' credit ports see each packet's own size.
            gc.pkt_cells = uint16_t(pkt_cells);
            gc.t_fc = o.t_fc;
            gc.rx_capacity = allot;
            gc.partner_capacity = allot;
            gc.gfc_time = o.fc == FlowControl::GfcTime;
            gc.gfc_period = gfc_period;
            gc.gfc_recip = plan.recip;
            gc.rl_depth = pkt_cells;
            gates.emplace_back(new HostCreditGate(gc));
            hc.tx_gate = gates.back().get();
        } else if (o.fc == FlowControl::GfcBuffer) {
            gfc_gates.emplace_back(new HostGfcStageGate(o.prio));
            hc.tx_gate = gfc_gates.back().get();
        }
        for (int f = 0; f < F; f++)
            if (t.flows[f].src == h) {
                FlowSpec fs;
                fs.flow = uint32_t(f);
                fs.dst = uint16_t(t.flows[f].dst);
                fs.prio = uint8_t(o.prio);
                fs.bytes = uint16_t(o.pkt_bytes);
                fs.start = start;
                fs.uniform_size = o.pkt_uniform;
                fs.seed = (o.seed << 20) + uint64_t(f);
                hc.flows.push_back(fs);
            }
        hosts.push_back(&net.add_host(hc));
        net.connect(*hosts.back(), *sw[t.hosts[h].sw], t.hosts[h].port, delay);
    }
    for (const TopoLink& l : t.links) net.connect(*sw[l.a], l.pa, *sw[l.b], l.pb, delay);

    FlowMonConfig mc;
    mc.window = o.window_cycles ? o.window_cycles : std::max<uint64_t>(1, uint64_t(std::llround(o.window_us * 1000 / cycle_ns)));
    mc.check_every = o.check_cycles;
    mc.n_prio = P;
    for (int f = 0; f < F; f++) mc.flow_ids.push_back(uint32_t(f)), mc.flow_names.push_back(t.flows[f].name);
    mc.switch_names = t.switch_names;
    mc.ports_used = t.ports_used;
    mc.prio_mask = 1u << o.prio;
    FlowMonitor mon("flowmon", mc, hosts, sw);
    mon.clk(net.clock());
    FILE* csv = nullptr;
    // --png needs the per-window trace for its queue row: PNG.csv unless --csv names one.
    const std::string csv_path = !o.csv.empty() ? o.csv : !o.png.empty() ? o.png + ".csv" : "";
    if (!csv_path.empty()) {
        csv = std::fopen(csv_path.c_str(), "w");
        if (!csv) throw std::invalid_argument((o.csv.empty() ? "--png " + o.png + ": cannot write " : "--csv ") + csv_path +
                                              (o.csv.empty() ? "" : ": cannot open for writing"));
        mon.set_csv(csv);
    }
    const uint64_t detect = std::max<uint64_t>(1, uint64_t(std::llround(o.detect_us * 1000 / cycle_ns)));
    PfcHoldView pfc_view(sw);
    CbfcHoldView cbfc_view(sw, pkt_cells);
    GfcTimeHoldView gfct_view(sw, pkt_cells);
    GfcBufferHoldView gfc_view(sw, mon, pkt_cells);
    const HoldView& hold_view = o.fc == FlowControl::GfcTime ? static_cast<const HoldView&>(gfct_view)
                                : credit ? static_cast<const HoldView&>(cbfc_view)
                                : o.fc == FlowControl::GfcBuffer ? static_cast<const HoldView&>(gfc_view)
                                                                 : pfc_view;
    DeadlockDetector det(t, sw, hold_view, mon, detect, P);
    mon.on_check = [&det](uint64_t now) { det.check(now); };
    // --port-csv: what the GFC-time drift needs (docs/deadlock.md): every PG's level against
    // B_0 / B_1 / B_m, every link's rate, the rate the adjusters (or the stages) ask for.
    FILE* pcsv = nullptr;
    const char* gfc_col = o.fc == FlowControl::GfcTime ? "rate" : o.fc == FlowControl::GfcBuffer ? "stage" : nullptr;
    if (!o.port_csv.empty()) {
        pcsv = std::fopen(o.port_csv.c_str(), "w");
        if (!pcsv) throw std::invalid_argument("--port-csv " + o.port_csv + ": cannot open for writing");
        std::fprintf(pcsv, "cycle");
        for (int s = 0; s < S; s++)
            for (int i = 0; i < t.ports_used[s]; i++) {
                const std::string n = t.switch_names[s] + "_p" + std::to_string(i);
                std::fprintf(pcsv, ",%s_pg,%s_tx", n.c_str(), n.c_str());
                if (gfc_col) std::fprintf(pcsv, ",%s_%s", n.c_str(), gfc_col);
            }
        if (o.fc == FlowControl::GfcTime)
            for (int h = 0; h < H; h++) std::fprintf(pcsv, ",%s_rate", t.hosts[h].name.c_str());
        std::fprintf(pcsv, "\n");
        mon.on_window = [&](uint64_t now) {
            const WindowRow& r = mon.windows().back();
            std::fprintf(pcsv, "%llu", (unsigned long long)now);
            for (int s = 0; s < S; s++)
                for (int i = 0; i < t.ports_used[s]; i++) {
                    std::fprintf(pcsv, ",%.1f,%llu", r.pg_mean[s][i], (unsigned long long)r.port_tx[s][i]);
                    if (o.fc == FlowControl::GfcTime) {
                        const CbfcPorts* c = sw[s]->logic.cbfc();
                        std::fprintf(pcsv, ",%.4f", c ? c->gfc_rate(i, o.prio) / 65536.0 : 1.0);
                    } else if (o.fc == FlowControl::GfcBuffer) {
                        std::fprintf(pcsv, ",%u", unsigned(sw[s]->logic.core_out().gfc_pg_stage[i][o.prio]));
                    }
                }
            if (o.fc == FlowControl::GfcTime)
                for (int h = 0; h < H; h++) std::fprintf(pcsv, ",%.4f", gates[h]->rate() / 65536.0);
            std::fprintf(pcsv, "\n");
        };
    }

    net.run(cycles);
    if (csv) std::fclose(csv);
    if (pcsv) std::fclose(pcsv);
    const double cpu = double(std::clock() - t0) / CLOCKS_PER_SEC;

    // Figures.
    const auto& rows = mon.windows();
    const size_t W = rows.size();
    const double win_us = mc.window * cycle_ns / 1000;
    auto gbps = [&](uint64_t cells) { return double(cells) / double(mc.window) * o.rate_gbps; };
    const size_t tail = std::min<size_t>(size_t(o.tail), W);
    std::vector<double> tail_tput(F, 0), peak_tput(F, 0), avg_tput(F, 0);
    for (int f = 0; f < F; f++) {
        for (size_t k = 0; k < W; k++) peak_tput[f] = std::max(peak_tput[f], gbps(rows[k].flow_cells[f]));
        for (size_t k = W - tail; k < W; k++) tail_tput[f] += gbps(rows[k].flow_cells[f]) / double(tail);
        avg_tput[f] = double(mon.flow_cells(f)) / double(cycles) * o.rate_gbps;
    }
    double tail_max = 0, tail_min = 1e9, victim_tail = -1, victim_peak = -1;
    for (int f = 0; f < F; f++) {
        tail_max = std::max(tail_max, tail_tput[f]);
        tail_min = std::min(tail_min, tail_tput[f]);
        if (t.flows[f].victim) victim_tail = tail_tput[f], victim_peak = peak_tput[f];
    }
    uint64_t violations = 0, drops = 0, xoff_frames = 0, xon_frames = 0, errors = 0, mismatch = 0, ooo = 0;
    bool consistent = true;
    uint64_t offer_starts = 0;  // credit ports with rr/iq: grants that started the credit-checked packet
    uint64_t cioq_moves = 0;    // cioq: packets moved from an ingress FIFO into an output queue
    uint64_t cioq_skips = 0;    // cioq: switch-facing candidates passed over (--transit-skip)
    uint64_t hol_held = 0;  // iq, cioq: EQ-cycles held because no packet of theirs headed its ingress FIFO (cioq: was in its output queue)
    uint32_t transit_end_min = UINT32_MAX, transit_end_max = 0;  // transit PGs at the end of the run
    double transit_tail_min = tail ? 1e18 : 0, transit_tail_max = 0;  // their means over the tail windows
    uint32_t qpeak_max = 0, pg_peak_max = 0, transit_pg_peak = 0;  // transit: ingress from a switch  // pg: the most one ingress PG held (B_m: XOFF / allotment)
    for (int s = 0; s < S; s++) {
        const SwitchStats& st = sw[s]->logic.stats();
        violations += st.stat_violation;
        drops += st.stat_drop;
        xoff_frames += st.pfc_xoff;
        xon_frames += st.pfc_xon;
        errors += st.protocol_errors;
        mismatch += st.acct_mismatch;
        consistent = consistent && sw[s]->logic.node_drops() == st.stat_drop + st.stat_violation;
        qpeak_max = std::max(qpeak_max, mon.queue_peak(s));
        hol_held += st.hol_held;
        offer_starts += st.offer_starts;
        cioq_moves += st.cioq_moves;
        cioq_skips += st.cioq_skips;
        for (int i = 0; i < t.ports_used[s]; i++) {
            pg_peak_max = std::max(pg_peak_max, mon.pg_peak(s, i));
            if (t.peer_switch(s, i, nullptr) >= 0) {
                transit_pg_peak = std::max(transit_pg_peak, mon.pg_peak(s, i));
                // Only the transit ingresses that carried traffic (a port toward an idle
                // switch stays empty and would pin the minimum at 0).
                if (mon.pg_peak(s, i) > 0) {
                    transit_end_min = std::min(transit_end_min, mon.pg_now(s, i));
                    transit_end_max = std::max(transit_end_max, mon.pg_now(s, i));
                    double m = 0;  // its mean over the tail windows
                    for (size_t k = W - tail; k < W; k++) m += rows[k].pg_mean[s][i] / double(tail);
                    transit_tail_min = std::min(transit_tail_min, m);
                    transit_tail_max = std::max(transit_tail_max, m);
                }
            }
        }
    }
    for (HostNode* h : hosts) ooo += h->logic.stats().rx_out_of_order;
    consistent = consistent && errors == 0 && mismatch == 0 && ooo == 0;
    const DeadlockVerdict& v = det.verdict();
    const std::string fc_name = o.fc == FlowControl::Pfc    ? "pfc"
                                : o.fc == FlowControl::Cbfc ? "cbfc"
                                : o.fc == FlowControl::GfcBuffer ? "gfc-buffer"
                                                                 : "gfc-time";
    // Buffer-based GFC figures: frames the switches sent and received, the highest stage
    // sent, the hosts' frames and limiter holds, starts a limiter did not allow.
    uint64_t gfc_tx = 0, gfc_rx = 0, gfc_host_rx = 0, gfc_host_held = 0, gfc_early = 0;
    uint32_t gfc_stage_max = 0;
    for (int s = 0; s < S; s++) {
        const SwitchStats& st = sw[s]->logic.stats();
        gfc_tx += st.gfc_tx;
        gfc_rx += st.gfc_rx;
        gfc_stage_max = std::max(gfc_stage_max, st.gfc_stage_max);
    }
    for (const auto& g : gfc_gates) {
        gfc_host_rx += g->stats().frames_rx;
        gfc_host_held += g->stats().rate_held_cycles;
        gfc_early += g->stats().early_starts;
    }
    consistent = consistent && gfc_early == 0;
    // Credit figures: the most any ingress port held (a queue can never exceed its
    // allotment B_m without an overrun), overruns, starts without credit, GFC rates.
    uint64_t overruns = 0, no_credit = 0, gfc_updates = 0, rate_held = 0, credit_updates = 0;
    uint32_t held_peak = 0, min_rate = 0x10000;
    std::string credit_ports = "none";  // the switches' fg_sw_credit_port: cmodel or rtl
    for (int s = 0; s < S; s++)
        if (const CbfcPorts* c = sw[s]->logic.cbfc()) {
            const CbfcPortStats& cs = c->stats();
            credit_ports = c->backend();
            overruns += cs.overruns;
            no_credit += cs.no_credit_starts;
            gfc_updates += cs.gfc_updates;
            rate_held += cs.rate_held_cycles;
            credit_updates += cs.updates_tx;
            held_peak = std::max(held_peak, cs.peak_held);
            min_rate = std::min(min_rate, cs.gfc_min_rate);
        }
    for (const auto& g : gates) {
        no_credit += g->stats().no_credit_starts;
        gfc_updates += g->stats().gfc_updates;
        rate_held += g->stats().rate_held_cycles;
        credit_updates += g->stats().updates_tx;
        min_rate = std::min(min_rate, g->stats().gfc_min_rate);
    }
    consistent = consistent && overruns == 0 && no_credit == 0;
    auto us = [&](uint64_t c) { return double(c) * cycle_ns / 1000; };

    // The JSON result: on stdout with --json, into PNG.json for the plot with --png.
    auto write_json = [&](FILE* js) {
        std::fprintf(js, "{\"scenario\": \"deadlock\", \"topo\": \"%s\", \"fc\": \"%s\", \"switch\": \"%s\", \"cycles\": %llu, "
                    "\"rate_gbps\": %g, \"cycle_ns\": %g, \"link_delay_cycles\": %u, \"pkt_bytes\": %u, \"pkt_dist\": \"%s\", \"seed\": %llu, "
                    "\"egress\": \"%s\", \"cioq_out\": %u, \"buffer_kb\": %g, \"xoff_kb\": %g, \"xon_kb\": %g, \"buffer_cells\": %u, \"xoff_cells\": %u, "
                    "\"xon_cells\": %u, \"ports\": %d, \"traffic_start_cycle\": %llu, \"window_cycles\": %llu, "
                    "\"window_us\": %g, \"detect_cycles\": %llu, \"detect_us\": %g, \"core\": \"%s\", ",
                    t.name.c_str(), fc_name.c_str(), sw[0]->logic.core().name().c_str(), (unsigned long long)cycles,
                    o.rate_gbps, cycle_ns, delay, o.pkt_bytes, o.pkt_uniform ? "uniform" : "fixed", (unsigned long long)o.seed, egress.c_str(), egress == "cioq" ? o.cioq_out : 0u, buffer_kb, xoff_kb, xon_kb, buf_cells, xoff, xon,
                    ports, (unsigned long long)start, (unsigned long long)mc.window, win_us,
                    (unsigned long long)detect, us(detect), o.core_form.c_str());
        std::fprintf(js, "\"deadlock\": %s, \"deadlock_cycle\": %lld, \"deadlock_us\": %.2f, \"stalled_since_cycle\": %lld, "
                    "\"deadlock_standing\": %s, \"deadlock_ports\": [",
                    v.found ? "true" : "false", v.found ? (long long)v.detected_cycle : -1LL,
                    v.found ? us(v.detected_cycle) : -1.0, v.found ? (long long)v.stalled_since : -1LL,
                    v.standing ? "true" : "false");
        for (size_t k = 0; k < v.cycle.size(); k++)
            std::fprintf(js, "%s\"%s\"", k ? ", " : "", t.port_name(v.cycle[k].sw, v.cycle[k].port).c_str());
        std::fprintf(js, "], \"deadlock_len\": %zu, \"detector_checks\": %llu, \"tail_windows\": %zu, "
                    "\"tail_tput_max_gbps\": %.4f, \"tail_tput_min_gbps\": %.4f, \"victim_tail_tput_gbps\": %.4f, "
                    "\"victim_peak_tput_gbps\": %.4f, \"queue_peak_max_cells\": %u, \"pg_peak_max_cells\": %u, \"transit_pg_peak_max_cells\": %u, \"transit_pg_end_min_cells\": %u, \"transit_pg_end_max_cells\": %u, \"transit_pg_tail_min_cells\": %.1f, \"transit_pg_tail_max_cells\": %.1f, \"hol_held_cycles\": %llu, \"offer_starts\": %llu, \"cioq_moves\": %llu, \"transit_skip_ppm\": %u, \"cioq_skips\": %llu, \"violations\": %llu, "
                    "\"drops\": %llu, \"pfc_xoff\": %llu, \"pfc_xon\": %llu, \"protocol_errors\": %llu, "
                    "\"acct_mismatch\": %llu, \"out_of_order\": %llu, \"consistent\": %s, \"cpu_s\": %.2f, ",
                    v.cycle.size(), (unsigned long long)v.checks, tail, tail_max, F ? tail_min : 0.0, victim_tail,
                    victim_peak, qpeak_max, pg_peak_max, transit_pg_peak, transit_end_min == UINT32_MAX ? 0u : transit_end_min,
                    transit_end_max, transit_tail_min > 1e17 ? 0.0 : transit_tail_min, transit_tail_max, (unsigned long long)hol_held, (unsigned long long)offer_starts, (unsigned long long)cioq_moves, o.transit_skip_ppm, (unsigned long long)cioq_skips, (unsigned long long)violations, (unsigned long long)drops,
                    (unsigned long long)xoff_frames, (unsigned long long)xon_frames, (unsigned long long)errors,
                    (unsigned long long)mismatch, (unsigned long long)ooo, consistent ? "true" : "false", cpu);
        std::fprintf(js, "\"allotment_cells\": %u, \"t_fc\": %u, \"credit_updates\": %llu, \"held_peak_cells\": %u, "
                    "\"credit_overruns\": %llu, \"no_credit_starts\": %llu, \"credit_ports\": \"%s\", ",
                    allot, credit ? o.t_fc : 0, (unsigned long long)credit_updates, held_peak,
                    (unsigned long long)overruns, (unsigned long long)no_credit, credit_ports.c_str());
        if (o.fc == FlowControl::GfcTime)
            std::fprintf(js, "\"gfc\": {\"bm_cells\": %u, \"b0_cells\": %u, \"span_cells\": %u, \"recip\": %u, "
                        "\"period_cycles\": %u, \"tau_us\": %.3f, \"b0_factor\": %.4f, \"updates\": %llu, "
                        "\"rate_held_cycles\": %llu, \"min_rate\": %.4f}, ",
                        allot, allot - plan.b0_span_blocks, plan.b0_span_blocks, plan.recip, gfc_period,
                        plan.tau_ns / 1000, plan.b0_factor, (unsigned long long)gfc_updates,
                        (unsigned long long)rate_held, min_rate / 65536.0);
        if (o.fc == FlowControl::GfcBuffer)
            std::fprintf(js, "\"gfc_frames\": %llu, \"gfc_stage_max\": %u, \"gfc_early_starts\": %llu, "
                        "\"gfc_buffer\": {\"bm_cells\": %u, \"b1_cells\": %u, \"tau_us\": %.3f, \"n_stages\": %u, "
                        "\"frames_tx\": %llu, \"frames_rx\": %llu, \"host_frames_rx\": %llu, \"stage_max\": %u, "
                        "\"host_rate_held_cycles\": %llu, \"early_starts\": %llu}, ",
                        (unsigned long long)gfc_tx, gfc_stage_max, (unsigned long long)gfc_early,
                        gfc_bm, gfc_b1, bplan.tau_ns / 1000, bplan.n_stages_cells, (unsigned long long)gfc_tx,
                        (unsigned long long)gfc_rx, (unsigned long long)gfc_host_rx, gfc_stage_max,
                        (unsigned long long)gfc_host_held, (unsigned long long)gfc_early);
        std::fprintf(js, "\"switches\": [");
        for (int s = 0; s < S; s++) {
            const SwitchStats& st = sw[s]->logic.stats();
            std::fprintf(js, "%s{\"name\": \"%s\", \"queue_peak_cells\": %u, \"queue_peak_kb\": %.1f, \"queue_peak_cycle\": %llu, "
                        "\"pfc_xoff\": %llu, \"pfc_xon\": %llu, \"violations\": %llu, \"ingress_peak_cells\": [",
                        s ? ", " : "", t.switch_names[s].c_str(), mon.queue_peak(s), mon.queue_peak(s) * 64.0 / 1024,
                        (unsigned long long)mon.queue_peak_cycle(s), (unsigned long long)st.pfc_xoff,
                        (unsigned long long)st.pfc_xon, (unsigned long long)st.stat_violation);
            for (int i = 0; i < t.ports_used[s]; i++) std::fprintf(js, "%s%u", i ? ", " : "", mon.pg_peak(s, i));
            std::fprintf(js, "], \"ingress_end_cells\": [");
            for (int i = 0; i < t.ports_used[s]; i++) std::fprintf(js, "%s%u", i ? ", " : "", mon.pg_now(s, i));
            std::fprintf(js, "]}");
        }
        std::fprintf(js, "], \"window_end_us\": [");
        for (size_t k = 0; k < W; k++) std::fprintf(js, "%s%.3f", k ? ", " : "", us(rows[k].end_cycle + 1));
        std::fprintf(js, "], \"flows\": [");
        for (int f = 0; f < F; f++) {
            const TopoFlow& fl = t.flows[f];
            std::string path;
            for (int s : fl.path) path += (path.empty() ? "" : " ") + t.switch_names[s];
            std::fprintf(js, "%s{\"name\": \"%s\", \"src\": \"%s\", \"dst\": \"%s\", \"path\": \"%s\", \"victim\": %s, "
                        "\"avg_gbps\": %.4f, \"peak_gbps\": %.4f, \"tail_gbps\": %.4f, \"tput_gbps\": [",
                        f ? ", " : "", fl.name.c_str(), t.hosts[fl.src].name.c_str(), t.hosts[fl.dst].name.c_str(),
                        path.c_str(), fl.victim ? "true" : "false", avg_tput[f], peak_tput[f], tail_tput[f]);
            for (size_t k = 0; k < W; k++) std::fprintf(js, "%s%.3f", k ? ", " : "", gbps(rows[k].flow_cells[f]));
            std::fprintf(js, "]}");
        }
        std::fprintf(js, "], \"csv\": \"%s\"}\n", csv_path.c_str());
    };
    if (o.json) {
        write_json(stdout);
    } else {
        if (!o.quiet) {
            std::printf("deadlock %s (%s) fc=%s egress=%s switch=%s cycles=%llu (%.1f us, %.2f ns/cycle at %g Gb/s) "
                        "link=%u cycles pkt=%u B%s\n",
                        t.name.c_str(), t.what.c_str(), fc_name.c_str(), egress.c_str(), sw[0]->logic.core().name().c_str(),
                        (unsigned long long)cycles, us(cycles), cycle_ns, o.rate_gbps, delay, o.pkt_bytes,
                        o.pkt_uniform ? (" (uniform 128.." + std::to_string(o.pkt_bytes) + " B, seed " + std::to_string(o.seed) + ")").c_str() : "");
            if (!credit)
                std::printf("input buffer %g KB per ingress port, XOFF %g KB, XON %g KB (%u/%u/%u cells), traffic from "
                            "cycle %llu\n",
                            buffer_kb, xoff_kb, xon_kb, buf_cells, xoff, xon, (unsigned long long)start);
            else
                std::printf("credit-based links: allotment %u cells (%g KB) per ingress port, FCCL every %u cycles, "
                            "traffic from cycle %llu\n",
                            allot, buffer_kb, o.t_fc, (unsigned long long)start);
            if (o.fc == FlowControl::GfcBuffer)
                std::printf("buffer-based GFC: B_m %u cells (= XOFF), B_1 %u cells (tau %.2f us), %u stages, rate C/2^k\n",
                            gfc_bm, gfc_b1, bplan.tau_ns / 1000, bplan.n_stages_cells);
            if (o.fc == FlowControl::GfcTime)
                std::printf("time-based GFC: B_m %u cells, B_0 %u cells (%s, tau %.2f us, T %u cycles), "
                            "rate = C*min(1, r/%u), recip %u\n",
                            allot, allot - plan.b0_span_blocks,
                            o.gfc_b0_kb >= 0 ? "--gfc-b0-kb" : "Theorem 5.1 bound", plan.tau_ns / 1000, gfc_period,
                            plan.b0_span_blocks, plan.recip);
            for (const TopoFlow& fl : t.flows) {
                std::string path;
                for (int s : fl.path) path += " " + t.switch_names[s];
                std::printf("  %s %s -> %s via%s%s\n", fl.name.c_str(), t.hosts[fl.src].name.c_str(),
                            t.hosts[fl.dst].name.c_str(), path.c_str(), fl.victim ? " (victim: not on the cycle)" : "");
            }
            // Compact table: at most 16 rows, each the average of consecutive windows.
            const size_t group = std::max<size_t>(1, (W + 15) / 16);
            std::vector<int> shown;  // the switches that ever held cells, at most 8 of them
            for (int s = 0; s < S && shown.size() < 8; s++)
                if (mon.queue_peak(s)) shown.push_back(s);
            std::printf("throughput received, Gb/s (rows: %zu window(s) of %.1f us each)\n  %9s", group, win_us, "t_us");
            for (int f = 0; f < F; f++) std::printf(" %6s", t.flows[f].name.c_str());
            std::printf("   queued cells per switch\n");
            for (size_t k0 = 0; k0 < W; k0 += group) {
                size_t k1 = std::min(W, k0 + group);
                std::printf("  %9.1f", us(rows[k1 - 1].end_cycle + 1));
                for (int f = 0; f < F; f++) {
                    uint64_t c = 0;
                    for (size_t k = k0; k < k1; k++) c += rows[k].flow_cells[f];
                    std::printf(" %6.2f", gbps(c) / double(k1 - k0));
                }
                std::printf("  ");
                for (int s : shown) std::printf(" %s=%u", t.switch_names[s].c_str(), rows[k1 - 1].queue_cells[s]);
                std::printf("\n");
            }
            std::printf("queue peaks (cells):");
            for (int s = 0; s < S; s++)
                if (mon.queue_peak(s)) std::printf(" %s=%u", t.switch_names[s].c_str(), mon.queue_peak(s));
            std::printf("\ningress PG cells, peak/end, per port:");
            for (int s = 0; s < S; s++)
                if (mon.queue_peak(s)) {
                    std::printf(" %s[", t.switch_names[s].c_str());
                    for (int i = 0; i < t.ports_used[s]; i++)
                        std::printf("%s%u/%u", i ? " " : "", mon.pg_peak(s, i), mon.pg_now(s, i));
                    std::printf("]");
                }
            std::printf("\n");
        }
        std::printf("RESULT topo=%s fc=%s switch=%s deadlock=%s", t.name.c_str(), fc_name.c_str(),
                    sw[0]->logic.core().name().c_str(), v.found ? "yes" : "no");
        if (v.found)
            std::printf(" detected_cycle=%llu (%.1f us) stalled_since=%llu (%.1f us) standing=%s ports=[%s] (%s, no cell "
                        "for >= %llu cycles)",
                        (unsigned long long)v.detected_cycle, us(v.detected_cycle), (unsigned long long)v.stalled_since,
                        us(v.stalled_since), v.standing ? "yes" : "no", det.cycle_text().c_str(),
                        hold_view.held_word().c_str(), (unsigned long long)detect);
        std::printf(" tail_tput_max=%.3f Gb/s", tail_max);
        if (victim_tail >= 0) std::printf(" victim_tail=%.3f Gb/s (peak %.3f)", victim_tail, victim_peak);
        std::printf(" tail_tput_min=%.3f Gb/s queue_peak_max=%u cells lossless_drops=%llu pfc_xoff=%llu", F ? tail_min : 0.0,
                    qpeak_max, (unsigned long long)violations, (unsigned long long)xoff_frames);
        if (credit)
            std::printf(" held_peak=%u/%u cells credit_overruns=%llu credit_ports=%s", held_peak, allot,
                        (unsigned long long)overruns, credit_ports.c_str());
        if (o.fc == FlowControl::GfcBuffer)
            std::printf(" gfc_frames=%llu gfc_stage_max=%u", (unsigned long long)gfc_tx, gfc_stage_max);
        if (egress == "iq" || egress == "cioq") std::printf(" hol_held=%llu", (unsigned long long)hol_held);
        if (egress == "cioq") std::printf(" cioq_out=%u", o.cioq_out);
        if (o.transit_skip_ppm > 0)
            std::printf(" transit_skip=%u ppm cioq_skips=%llu", o.transit_skip_ppm, (unsigned long long)cioq_skips);
        std::printf(" pg_peak_max=%u transit_pg_peak_max=%u cells egress=%s cpu=%.2fs\n", pg_peak_max, transit_pg_peak,
                    egress.c_str(), cpu);
    }
    if (!o.png.empty()) {
        const std::string json_path = o.png + ".json";
        FILE* js = std::fopen(json_path.c_str(), "w");
        if (!js) throw std::invalid_argument("--png " + o.png + ": cannot write " + json_path);
        write_json(js);
        std::fclose(js);
        std::string err = plot_png(o.png, json_path, csv_path);
        if (!err.empty()) {
            std::fprintf(stderr, "fg_sim: --png %s: %s\n", o.png.c_str(), err.c_str());
            return 1;
        }
    }
    if (!consistent) {
        std::string first;
        for (int s = 0; s < S && first.empty(); s++)
            if (!sw[s]->logic.first_error().empty()) first = t.switch_names[s] + ": " + sw[s]->logic.first_error();
        std::fprintf(stderr, "fg_sim: inconsistent run: protocol_errors=%llu acct_mismatch=%llu out_of_order=%llu "
                     "credit_overruns=%llu no_credit_starts=%llu gfc_early_starts=%llu%s%s\n",
                     (unsigned long long)errors, (unsigned long long)mismatch, (unsigned long long)ooo,
                     (unsigned long long)overruns, (unsigned long long)no_credit, (unsigned long long)gfc_early,
                     first.empty() ? "" : "; first: ", first.c_str());
        return 3;
    }
    return 0;
}

}  // namespace sim
}  // namespace fg
