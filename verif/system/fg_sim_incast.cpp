// fg_sim_incast.cpp - the N:1 incast scenario (see fg_sim_incast.h).
#include "fg_sim_args.h"
#include "fg_sim_incast.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include "fg_headroom.h"
#include "fg_regs_sw.h"
#include "fg_units.h"
#include "fg_sim_flowctl.h"
#include "fg_sim_network.h"

namespace fg {
namespace sim {

std::string incast_usage() {
    return "usage: fg_sim incast [options]\n"
           "  --senders N          senders (1..FG_SW_MAX_PORTS-1; default 16)\n"
           "  --switch cmodel|rtl|stub   switch core behind the switch node (default cmodel)\n"
           "  --core default|line-rate   the core's form: default (LINE_RATE 0) or line-rate\n"
           "                       (LINE_RATE 1: one admission per cycle, no P-PFC; the calculator's\n"
           "                       headroom then includes its reaction, fg_headroom_core_cycles)\n"
           "  --cycles N           cycles to simulate (one cycle = one 64-byte cell at line rate)\n"
           "  --rate GBPS          line rate of every link (default 40)\n"
           "  --link-delay-ns NS   one-way propagation delay of every link (default 1000)\n"
           "  --pkt BYTES          packet size, 64..9216 (default 1024)\n"
           "  --headroom auto|CELLS  per lossless PG (auto: SPEC.md section 2 calculator)\n"
           "  --buffer-kb KB       total switch buffer (default 9216 = 9 MB)\n"
           "  --reserve CELLS      reserved cells per PG (default 16)\n"
           "  --alpha-shift K      dynamic threshold alpha = 2^-K, 0..15 (default 0)\n"
           "  --resume-offset CELLS  resume hysteresis (default 48)\n"
           "  --prio P             priority of the flows, lossless (default 3)\n"
           "  --prios N            switch priorities, 1..8 (default 8)\n"
           "  --pause-quanta Q     XOFF time, 1..65535 (default 65535)\n"
           "  --refresh CYCLES     XOFF refresh interval (default 32768)\n"
           "  --no-pfc             switch sends no PFC frames\n"
           "  --packets N          packets per sender (default 0 = unlimited)\n"
           "  --start-gap CYCLES   sender k starts k*CYCLES after sender 0 (default 0)\n"
           "  --rx-pause CYCLE:QUANTA  the receiver sends a PFC frame for the flows' priority\n"
           "                       (repeatable; QUANTA 0 = XON)\n"
           "  --trace FILE.csv     per-sample switch trace\n"
           "  --sample K           trace every K cycles (default 10)\n"
           "  --core-trace FILE    record the core's inputs of every cycle (for make bench)\n"
           "  --json               print the results as one JSON object\n"
           "  --quiet              no summary lines\n"
           "P-PFC experiments (seed 000; docs/ppfc_results.md):\n"
           "  --mode pfc|ppfc      standard PFC only, or P-PFC beside it; selects the experiment\n"
           "                       profile: --dcqcn on --ecn on --probe on --shared-kb 4096\n"
           "  --dcqcn on|off       DCQCN rate control at the senders (CNPs from the receiver)\n"
           "  --dcqcn-clamp on|off every CNP sets R_T = R_C (on, SPEC 9) or only after an increase\n"
           "                       event (off, the ns-3 simulator's rule)\n"
           "  --ecn on|off         RED/ECN marking at the switch (--kmin/--kmax KB, --pmax)\n"
           "  --kmin KB --kmax KB --pmax P   ECN thresholds (default 40, 200, 0.01); P-PFC's Kmax\n"
           "  --probe on|off       a probe flow from an extra host into the receiver's port\n"
           "  --probe-bytes B      probe packet size, 64..9216 (default 64)\n"
           "  --probe-period T     one probe packet every T (default 1us)\n"
           "  --shared-kb KB       size headroom so that the shared pool is KB (0: --headroom)\n"
           "  --switch-ports N     switch core ports (default: hosts; the rest stay idle)\n"
           "  --T TIME             P-PFC horizon (default 100us; TIME = number[ns|us|ms])\n"
           "  --R FRACTION         P-PFC share of the queue to pause, (0, 1] (default 0.8)\n"
           "  --interval TIME      P-PFC interval (default 1us)\n"
           "  --holdoff TIME       P-PFC hold-off per PG after a predictive pause (default 4us:\n"
           "                       RTT + 2 intervals, so that a PG is not paused again before\n"
           "                       its pause can show in an increment)\n"
           "  --ppfc-seed S        P-PFC LFSR seed, non-zero (default 1)\n"
           "  --pause-scale C|fanin  CELL_CYCLES of the receiver's port: P-PFC pause time per cell\n"
           "                       of a paused port's share, 0.004..255 (default 1: the literal\n"
           "                       SPEC 4 reading); fanin = the number of senders (the Fig. 2c\n"
           "                       reading: a port's cells leave at its share of the line rate)\n"
           "  --png FILE           PNG of the queue over time with the pause events (python3 +\n"
           "                       matplotlib, scripts/plot_ppfc.py)\n"
           "  --scenario FILE      options from a file (verif/system/scenarios/*.txt)\n";
}

static bool onoff(const std::string& opt, const std::string& v) {
    if (v == "on") return true;
    if (v == "off") return false;
    throw std::invalid_argument(opt + " '" + v + "': expected on or off");
}

// A duration: a number with a unit s, ms, us or ns (a bare number is us); returned in us.
static double dur_us(const std::string& opt, const std::string& v, double lo_us, double hi_us) {
    return arg_time_us(opt, v.c_str(), lo_us, hi_us);
}

// Reads a scenario file into `--option value` tokens.
static std::vector<std::string> scenario_tokens(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::invalid_argument("--scenario " + path + ": cannot read the file");
    std::vector<std::string> t;
    std::string line;
    int ln = 0;
    while (std::getline(f, line)) {
        ln++;
        size_t h = line.find('#');
        if (h != std::string::npos) line.resize(h);
        std::istringstream is(line);
        std::string key, val, extra;
        if (!(is >> key)) continue;
        if (key.compare(0, 2, "--") != 0) key = "--" + key;
        if (key == "--scenario")
            throw std::invalid_argument("--scenario " + path + " line " + std::to_string(ln) + ": no nesting");
        t.push_back(key);
        if (is >> val) t.push_back(val);
        if (is >> extra)
            throw std::invalid_argument("--scenario " + path + " line " + std::to_string(ln) +
                                        ": expected `option value`, got more");
    }
    return t;
}

IncastOptions parse_incast(int argc, char** argv) {
    IncastOptions o;
    std::vector<std::string> args;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--scenario") {
            if (i + 1 >= argc) throw std::invalid_argument("--scenario needs a value");
            o.scenario_files.push_back(argv[++i]);
            for (const auto& t : scenario_tokens(argv[i])) args.push_back(t);
        } else {
            args.push_back(a);
        }
    }
    std::set<std::string> given;
    for (size_t i = 0; i < args.size(); i++) {
        std::string a = args[i];
        given.insert(a);
        auto val = [&]() -> const char* {
            if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
            return args[++i].c_str();
        };
        if (a == "--senders") o.senders = int(arg_uint(a, val(), 1, FG_SW_MAX_PORTS - 1));
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
        else if (a == "--headroom") {
            std::string v = val();
            if (v == "auto") o.headroom_auto = true;
            else o.headroom_auto = false, o.headroom_cells = uint32_t(arg_uint(a, v.c_str(), 0, 262143));
        } else if (a == "--buffer-kb") o.buffer_kb = uint32_t(arg_uint(a, val(), 1, 16383));
        else if (a == "--reserve") o.reserve = uint32_t(arg_uint(a, val(), 0, 262143));
        else if (a == "--alpha-shift") o.alpha_shift = uint32_t(arg_uint(a, val(), 0, 15));
        else if (a == "--resume-offset") o.resume_offset = uint32_t(arg_uint(a, val(), 0, 262143));
        else if (a == "--prio") o.prio = int(arg_uint(a, val(), 0, 7));
        else if (a == "--prios") o.n_prio = int(arg_uint(a, val(), 1, 8));
        else if (a == "--pause-quanta") o.pause_quanta = uint32_t(arg_uint(a, val(), 1, 65535));
        else if (a == "--refresh") o.refresh = uint32_t(arg_uint(a, val(), 1, 0xFFFFFF));
        else if (a == "--no-pfc") o.pfc = false;
        else if (a == "--packets") o.packets = arg_uint(a, val(), 0, 1ull << 40);
        else if (a == "--start-gap") o.start_gap = arg_uint(a, val(), 0, 1000000);
        else if (a == "--rx-pause") {
            std::string v = val();
            size_t c = v.find(':');
            if (c == std::string::npos) throw std::invalid_argument("--rx-pause '" + v + "': expected CYCLE:QUANTA");
            o.rx_pause.push_back({arg_uint("--rx-pause cycle", v.substr(0, c).c_str(), 0, 1000000000ull),
                                  uint32_t(arg_uint("--rx-pause quanta", v.substr(c + 1).c_str(), 0, 65535))});
        } else if (a == "--trace") o.trace = val();
        else if (a == "--core-trace") o.core_trace = val();
        else if (a == "--sample") o.sample = uint32_t(arg_uint(a, val(), 1, 1000000));
        else if (a == "--json") o.json = true;
        else if (a == "--quiet") o.quiet = true;
        else if (a == "--mode") {
            o.mode = val();
            if (o.mode != "pfc" && o.mode != "ppfc")
                throw std::invalid_argument("--mode '" + o.mode + "': expected pfc or ppfc");
        } else if (a == "--dcqcn") o.dcqcn = onoff(a, val());
        else if (a == "--dcqcn-clamp") o.dcqcn_clamp = onoff(a, val());
        else if (a == "--ecn") o.ecn = onoff(a, val());
        else if (a == "--probe") o.probe = onoff(a, val());
        else if (a == "--probe-bytes") o.probe_bytes = uint32_t(arg_uint(a, val(), 64, 9216));
        else if (a == "--probe-period") o.probe_period_us = dur_us(a, val(), 0.001, 1e6);
        else if (a == "--shared-kb") o.shared_kb = uint32_t(arg_uint(a, val(), 0, 16383));
        else if (a == "--switch-ports") o.switch_ports = int(arg_uint(a, val(), 2, FG_SW_MAX_PORTS));
        else if (a == "--T") o.T_us = dur_us(a, val(), 0.001, 1e6);
        else if (a == "--R") o.R = arg_real(a, val(), 1.0 / 65536, 1);
        else if (a == "--interval") o.interval_us = dur_us(a, val(), 0.001, 1e5);
        else if (a == "--holdoff") o.holdoff_us = dur_us(a, val(), 0, 1e6);
        else if (a == "--ppfc-seed") o.ppfc_seed = uint32_t(arg_uint(a, val(), 1, 0xFFFFFFFFull));
        else if (a == "--pause-scale") {
            std::string v = val();
            o.pause_scale = v == "fanin" ? 0 : arg_real(a, v.c_str(), 1.0 / 256, 255);
        }
        else if (a == "--kmin") o.kmin_kb = arg_real(a, val(), 0, 16383);
        else if (a == "--kmax") o.kmax_kb = arg_real(a, val(), 0, 16383);
        else if (a == "--pmax") o.pmax = arg_real(a, val(), 0, 1);
        else if (a == "--png") o.png = val();
        else throw std::invalid_argument("unknown option '" + a + "'\n" + incast_usage());
    }
    if (!o.mode.empty()) {  // the experiment profile, for what was not given
        if (!given.count("--dcqcn")) o.dcqcn = true;
        if (!given.count("--ecn")) o.ecn = true;
        if (!given.count("--probe")) o.probe = true;
        if (!given.count("--shared-kb") && !given.count("--headroom")) o.shared_kb = 4096;
    }
    if (o.core_form == "line-rate" && o.mode == "ppfc")
        throw std::invalid_argument("--mode ppfc needs --core default: the line-rate core has no P-PFC engine yet");
    if (o.prio >= o.n_prio)
        throw std::invalid_argument("--prio " + std::to_string(o.prio) + ": legal range 0.." +
                                    std::to_string(o.n_prio - 1) + " (--prios " + std::to_string(o.n_prio) + ")");
    if (o.kmin_kb > o.kmax_kb)
        throw std::invalid_argument("--kmin " + std::to_string(o.kmin_kb) + ": legal range 0..--kmax (" +
                                    std::to_string(o.kmax_kb) + ")");
    const int hosts = o.senders + 1 + (o.probe ? 1 : 0);
    if (hosts > FG_SW_MAX_PORTS)
        throw std::invalid_argument("--senders " + std::to_string(o.senders) + " with --probe on: legal range 1.." +
                                    std::to_string(FG_SW_MAX_PORTS - 2));
    if (o.switch_ports && o.switch_ports < hosts)
        throw std::invalid_argument("--switch-ports " + std::to_string(o.switch_ports) + ": legal range " +
                                    std::to_string(hosts) + ".." + std::to_string(FG_SW_MAX_PORTS) +
                                    " (senders + receiver" + (o.probe ? " + probe" : "") + ")");
    return o;
}

// P-PFC debug log (environment FG_PPFC_LOG=FILE, "-" = stderr): wraps the core and writes,
// from the core's ports only (the model is not touched), one line per interval boundary
// while the receiver's queue is over Kmax or a predictive pause was issued in it: interval,
// inc_total and the prediction as the engine computes them (boundaries re-derived from the
// PPFC_CTRL / PPFC_INTERVAL writes; occupancies are the core's registered outputs, so they
// may lag the engine's by an edge), the queue, and every predictive pause of the interval
// (port, offset in the interval, the PG's last increment, its hold-off left, the quanta of
// the frame). A summary at the end: pauses per decision, re-pauses, pause lengths.
class PpfcLogCore : public CoreBackend {
   public:
    PpfcLogCore(std::unique_ptr<CoreBackend> inner, const std::string& path, int ports, int prio, int rx,
                uint32_t pool, uint32_t horizon, uint32_t holdoff, uint32_t kmax)
        : in_(std::move(inner)), ports_(ports), prio_(prio), rx_(rx), pool_(pool), horizon_(horizon),
          holdoff_(holdoff ? holdoff : 1), kmax_(kmax) {
        f_ = path == "-" ? stderr : std::fopen(path.c_str(), "w");
        if (!f_) throw std::invalid_argument("FG_PPFC_LOG=" + path + ": cannot write the file");
        snap_.assign(ports, 0), inc_.assign(ports, 0), hold_.assign(ports, 0), npp_.assign(ports, 0);
        last_pp_.assign(ports, 0);
    }
    ~PpfcLogCore() override {
        std::fprintf(f_, "SUMMARY boundaries=%llu fired=%llu intervals_with_pp=%llu pp=%llu frames=%llu "
                         "quanta_sum=%llu quanta_mean=%.1f max_pp_in_interval=%u repause_within_100us=%llu\n",
                     (unsigned long long)nb_, (unsigned long long)nfire_, (unsigned long long)nivl_pp_,
                     (unsigned long long)npp_tot_, (unsigned long long)nframes_, (unsigned long long)qsum_,
                     nframes_ ? double(qsum_) / double(nframes_) : 0.0, max_pp_ivl_, (unsigned long long)nrepause_);
        std::fprintf(f_, "SUMMARY pp per port:");
        for (int i = 0; i < ports_; i++) std::fprintf(f_, " %u", npp_[i]);
        std::fprintf(f_, "\n");
        if (f_ != stderr) std::fclose(f_);
    }
    std::string name() const override { return in_->name(); }
    void reset() override {
        in_->reset();
        bus_ready_ = true, wr_left_ = 0;
    }
    void step(const fg_sw_core_in& in, fg_sw_core_out& out) override {
        // A register write takes effect on its commit edge, FG_CSR_SW_LATENCY edges after the
        // edge that took it (docs/registers.md, "Bus"): follow the engine's settings from then.
        const bool taken = bus_ready_ && in.csr_wr;
        in_->step(in, out);
        cyc_++;
        if (wr_left_ > 0 && --wr_left_ == 0) {
            if (wr_addr_ == FG_REG_PPFC_INTERVAL_ADDR) interval_ = wr_data_ ? wr_data_ : 1;
            if (wr_addr_ == FG_REG_PPFC_CTRL_ADDR) enable_ = wr_data_ & 1u;
        }
        if (taken) wr_addr_ = in.csr_addr, wr_data_ = in.csr_wdata, wr_left_ = FG_CSR_SW_LATENCY;
        bus_ready_ = out.csr_ready;
        if (!enable_) return;
        std::string pp;
        for (int i = 0; i < ports_; i++) {
            if (out.stat_pp[i][prio_]) {
                char b[96];
                std::snprintf(b, sizeof b, " pp(port %d @+%llu inc %d hold %u)", i, (unsigned long long)ivl_cnt_,
                              inc_[i], hold_[i]);
                line_ += b;
                npp_[i]++, npp_tot_++, nivl_pp_now_++;
                if (last_pp_[i] && cyc_ - last_pp_[i] < 7813) nrepause_++;
                last_pp_[i] = cyc_;
                hold_[i] = holdoff_;
            }
            if (out.tx_ctrl_valid[i] && ((out.tx_ctrl_pred[i] >> prio_) & 1u)) {
                // the request stays up until the serialiser takes it: count it once
                if (!(pending_[i])) {
                    char b[64];
                    std::snprintf(b, sizeof b, " frame(port %d q %u)", i, out.tx_ctrl_time[i][prio_]);
                    line_ += b;
                    nframes_++, qsum_ += out.tx_ctrl_time[i][prio_];
                }
                pending_[i] = true;
            } else {
                pending_[i] = false;
            }
        }
        if (++ivl_cnt_ < interval_) return;
        // boundary: what the engine snapshots now
        ivl_cnt_ = 0;
        nb_++;
        int64_t tot = 0;
        for (int i = 0; i < ports_; i++) {
            uint32_t occ = out.ingress_cnt[i][prio_] + out.hdrm_cnt[i][prio_];
            inc_[i] = int32_t(occ) - int32_t(snap_[i]);
            snap_[i] = occ;
            tot += inc_[i];
            if (hold_[i]) hold_[i]--;
        }
        const uint32_t q = out.egress_cnt[rx_][prio_];
        const uint64_t free = out.shared_used < pool_ ? pool_ - out.shared_used : 0;
        const bool fire = tot > 0 && free < uint64_t(tot) * horizon_;
        if (fire && q > kmax_) nfire_++;
        if (q > kmax_ || !line_.empty()) {
            std::string incs;
            for (int i = 0; i < ports_; i++) incs += (i ? "," : "") + std::to_string(inc_[i]);
            std::fprintf(f_, "B %llu c=%llu q=%u free=%llu inc_total=%lld fire=%d |%s| inc=[%s]\n",
                         (unsigned long long)nb_, (unsigned long long)cyc_, q, (unsigned long long)free, (long long)tot,
                         int(fire && q > kmax_), line_.c_str(), incs.c_str());
        }
        if (nivl_pp_now_) nivl_pp_++, max_pp_ivl_ = std::max(max_pp_ivl_, nivl_pp_now_);
        nivl_pp_now_ = 0;
        line_.clear();
    }

   private:
    std::unique_ptr<CoreBackend> in_;
    int ports_, prio_, rx_;
    uint32_t pool_, horizon_, holdoff_, kmax_;
    FILE* f_ = nullptr;
    uint64_t cyc_ = 0, ivl_cnt_ = 0, interval_ = 1, nb_ = 0, nfire_ = 0, nivl_pp_ = 0, npp_tot_ = 0, nframes_ = 0,
             qsum_ = 0, nrepause_ = 0;
    uint32_t nivl_pp_now_ = 0, max_pp_ivl_ = 0;
    bool enable_ = false;
    bool bus_ready_ = true;  // the core takes an access on this edge (csr_ready before it)
    uint32_t wr_addr_ = 0, wr_data_ = 0;  // the write in flight, committed when wr_left_ reaches 0
    int wr_left_ = 0;
    std::vector<uint32_t> snap_, hold_, npp_;
    std::vector<int32_t> inc_;
    std::vector<uint64_t> last_pp_;
    bool pending_[FG_SW_MAX_PORTS] = {};
    std::string line_;
};

// The repository root, from this program's path (build/bin/fg_sim): for scripts/.
static std::string repo_root() {
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return ".";
    self[n] = 0;
    std::string p(self);
    for (int k = 0; k < 3; k++) {
        size_t s = p.rfind('/');
        if (s == std::string::npos) return ".";
        p.resize(s);
    }
    return p.empty() ? "/" : p;
}

int run_incast(const IncastOptions& o) {
    std::clock_t t0 = std::clock();
    const int N = o.senders, rx_port = N, probe_port = N + 1;
    const int hosts = N + 1 + (o.probe ? 1 : 0);
    const int ports = o.switch_ports ? o.switch_ports : hosts;
    const double cycle_ns = 512.0 / o.rate_gbps;  // one 64-byte cell
    const double d = std::round(o.link_delay_ns / cycle_ns);
    if (d < kMinLinkDelay)
        throw std::invalid_argument("--link-delay-ns " + std::to_string(o.link_delay_ns) + ": is " +
                                    std::to_string(int(d)) + " cycles at " + std::to_string(o.rate_gbps) +
                                    " Gb/s; legal range >= " + std::to_string(kMinLinkDelay) + " cycles (" +
                                    std::to_string(kMinLinkDelay * cycle_ns) + " ns)");
    const uint32_t delay = uint32_t(d);
    const uint32_t pkt_cells = cells_of(o.pkt_bytes);
    auto us_to_cycles = [&](double us) { return uint64_t(std::llround(us * 1000.0 / cycle_ns)); };
    auto kb_to_cells = [&](double kb) { return uint32_t(std::llround(kb * 1024.0 / kCellBytes)); };

    // Headroom from the project's calculator (sw/lib/fg_headroom.c). Its mtu is the IP MTU
    // (frame = mtu + 22 B of header, tag and FCS, + 20 B preamble and IFG on the wire); our
    // packets are frames of pkt_bytes, so mtu = pkt_bytes - 22. The cable is given in metres.
    fg_headroom_in hin;
    fg_headroom_defaults(&hin);  // reaction from the Annex 31B table, PHY delay 100 ns
    hin.rate_gbps = o.rate_gbps;
    hin.cable_m = o.link_delay_ns / FG_CABLE_NS_PER_M;
    hin.mtu = o.pkt_bytes - 22;
    hin.cell_bytes = kCellBytes;
    const bool line_rate = o.core_form == "line-rate";
    if (line_rate) {
        // The line-rate core's own reaction (offer to XOFF request) in its edges; the simulator
        // steps the core once per cell time, so its clock is the cell rate here. (The default
        // core's 3 edges stay in the PHY term, as they always have.)
        const long cc = fg_headroom_core_cycles(1, ports, o.n_prio);
        if (cc < 0)
            throw std::invalid_argument("--core line-rate: no reaction figure for " + std::to_string(ports) + "x" +
                                        std::to_string(o.n_prio));
        hin.core_cycles = int(cc);
        hin.core_mhz = 1000.0 / cycle_ns;
    }
    fg_headroom_out calc;
    char msg[256];
    if (fg_headroom_compute(&hin, &calc, msg, sizeof msg) != 0)
        throw std::invalid_argument(std::string("headroom calculator: ") + msg);
    char breakdown[256];
    std::snprintf(breakdown, sizeof breakdown,
                  "frame %llu + pfc %llu + 2*cable %llu + reaction %llu (%u quanta) + frame %llu + core %llu + "
                  "phy %llu = %llu B",
                  (unsigned long long)calc.max_frame_rx, (unsigned long long)calc.pfc_frame,
                  (unsigned long long)calc.cable, (unsigned long long)calc.reaction, calc.reaction_quanta,
                  (unsigned long long)calc.max_frame_tx, (unsigned long long)calc.core,
                  (unsigned long long)calc.phy, (unsigned long long)calc.total_bytes);
    const uint32_t calc_cells = uint32_t(calc.total_cells);

    SwitchParams sp;
    sp.n_ports = ports;
    sp.n_prio = o.n_prio;
    sp.total_cells = uint32_t(uint64_t(o.buffer_kb) * 1024 / kCellBytes);
    sp.reserve = o.reserve;
    sp.headroom = o.headroom_auto ? calc_cells : o.headroom_cells;
    if (o.shared_kb) {
        // The paper's "4 MB shared of 9 MB": the rest of the buffer is reserve and headroom.
        const int64_t rest = int64_t(sp.total_cells) - int64_t(kb_to_cells(o.shared_kb)) -
                             int64_t(o.reserve) * ports * o.n_prio;
        const int64_t h = rest / ports;  // one lossless priority per port
        if (h < int64_t(calc_cells))
            throw std::invalid_argument("--shared-kb " + std::to_string(o.shared_kb) + ": leaves " +
                                        std::to_string(h) + " cells of headroom per port, the calculator needs " +
                                        std::to_string(calc_cells) + "; legal range 1.." +
                                        std::to_string((int64_t(sp.total_cells) - int64_t(o.reserve) * ports * o.n_prio -
                                                        int64_t(calc_cells) * ports) * kCellBytes / 1024));
        sp.headroom = uint32_t(h);
    }
    sp.alpha_shift = o.alpha_shift;
    sp.resume_offset = o.resume_offset;
    sp.lossless_mask = 1u << o.prio;
    sp.pause_quanta = o.pause_quanta;
    sp.refresh_cycles = o.refresh;
    sp.pfc_enable = o.pfc;
    FlowCtlParams fp;
    fp.ppfc = o.mode == "ppfc";
    fp.ecn = o.ecn;
    fp.prio_mask = 1u << o.prio;
    fp.kmin = kb_to_cells(o.kmin_kb);
    fp.kmax = kb_to_cells(o.kmax_kb);
    fp.pmax = o.pmax;
    fp.interval = uint32_t(std::max<uint64_t>(1, us_to_cycles(o.interval_us)));
    fp.horizon = uint32_t(std::llround(o.T_us / o.interval_us));
    fp.ratio_q16 = uint32_t(std::llround(o.R * 65536.0));
    fp.holdoff = uint32_t(std::llround(o.holdoff_us / o.interval_us));
    fp.seed = o.ppfc_seed;
    fp.scaled_port = rx_port;
    fp.scaled_cell_cycles = uint32_t(std::llround((o.pause_scale > 0 ? o.pause_scale : double(N)) * 256));
    if (fp.ppfc && (fp.horizon < 1 || fp.horizon > 65535))
        throw std::invalid_argument("--T " + std::to_string(o.T_us) + "us: is " + std::to_string(fp.horizon) +
                                    " intervals of " + std::to_string(o.interval_us) + "us; legal range 1..65535");
    if (fp.ppfc && fp.holdoff > 65535)
        throw std::invalid_argument("--holdoff: legal range 0..65535 intervals");
    SwitchConfig sc;
    sc.core = fg_sw_core_cfg{ports, o.n_prio, 18, 8, 0, 0, 0, 0, 0, 0};
    if (line_rate) sc.core.line_rate = 1, sc.core.no_ppfc = 1;
    sc.csr_writes = switch_register_writes(sp, sc.core.cw);
    for (auto w : flowctl_register_writes(fp, ports)) sc.csr_writes.push_back(w);
    sc.route.assign(ports, -1);
    for (int k = 0; k < hosts; k++) sc.route[k] = k;
    sc.mon_port = rx_port;
    sc.mon_prio = o.prio;
    std::string trace_path = o.trace;
    if (trace_path.empty() && !o.png.empty()) trace_path = o.png + ".csv";
    sc.sample_every = trace_path.empty() ? 0 : o.sample;
    std::unique_ptr<CoreBackend> core = make_core(o.core, sc.core);
    if (!o.core_trace.empty()) core = record_core(std::move(core), o.core_trace, sc.core);
    if (const char* log = std::getenv("FG_PPFC_LOG"))
        if (fp.ppfc && *log)
            core.reset(new PpfcLogCore(std::move(core), log, ports, o.prio, rx_port, uint32_t(shared_pool_cells(sp)),
                                       fp.horizon, fp.holdoff, fp.kmax));

    std::unique_ptr<TraceWriter> trace;
    if (!trace_path.empty()) trace.reset(new TraceWriter(trace_path));

    Network net;
    SwitchNode& sw = net.add_switch(sc, std::move(core));
    sw.logic.set_trace(trace.get());
    const uint64_t start = sw.logic.config_cycles() + 8;  // traffic after the register writes
    DcqcnParams dp = DcqcnParams::paper(o.rate_gbps, cycle_ns);
    dp.clamp_target = o.dcqcn_clamp;
    for (int k = 0; k < N; k++) {
        HostConfig h;
        h.id = uint16_t(k);
        h.dcqcn = dp;
        h.keep_latency = false;
        FlowSpec f;
        f.flow = uint32_t(k);
        f.dst = uint16_t(rx_port);
        f.prio = uint8_t(o.prio);
        f.bytes = uint16_t(o.pkt_bytes);
        f.start = start + o.start_gap * k;
        f.packets = o.packets;
        f.dcqcn = o.dcqcn;
        h.flows.push_back(f);
        net.connect(net.add_host(h), sw, k, delay);
    }
    HostConfig rh;
    rh.id = uint16_t(rx_port);
    rh.dcqcn = dp;
    for (const auto& rp : o.rx_pause) {
        ScriptedPfc s;
        s.cycle = rp.first;
        s.cev = uint8_t(1u << o.prio);
        s.time[o.prio] = uint16_t(rp.second);
        rh.pfc_script.push_back(s);
    }
    HostNode& receiver = net.add_host(rh);
    net.connect(receiver, sw, rx_port, delay);
    const uint32_t probe_flow = 1000000;
    HostNode* probe = nullptr;
    if (o.probe) {
        HostConfig ph;
        ph.id = uint16_t(probe_port);
        FlowSpec f;
        f.flow = probe_flow;
        f.dst = uint16_t(rx_port);
        f.prio = uint8_t(o.prio);
        f.bytes = uint16_t(o.probe_bytes);
        f.start = start;
        f.period = std::max<uint64_t>(1, us_to_cycles(o.probe_period_us));
        ph.flows.push_back(f);
        probe = &net.add_host(ph);
        net.connect(*probe, sw, probe_port, delay);
    }
    if (const char* dlog = std::getenv("FG_DCQCN_LOG")) {
        // DCQCN debug log (environment FG_DCQCN_LOG=FILE): the run in steps of one P-PFC
        // interval (1 us), and after each step one CSV row per sender: its DCQCN state (R_C,
        // R_T, alpha, CNPs received), whether its lossless class is paused and for how many
        // quanta, the cells it has sent, and its cells in the receiver's egress queue (the
        // engine's comp). The result is the same run (the network is only read between steps).
        FILE* df = std::fopen(dlog, "w");
        if (!df) throw std::invalid_argument(std::string("FG_DCQCN_LOG=") + dlog + ": cannot write the file");
        std::fprintf(df, "cycle,q_cells,ecn_marks,sender,rc_gbps,rt_gbps,alpha,cnps,paused,pause_quanta_left,"
                         "tx_cells,comp_cells\n");
        const uint64_t stepc = std::max<uint64_t>(1, fp.interval);
        uint64_t done = std::min<uint64_t>(stepc, o.cycles);
        net.run(done);  // edges 0 .. done-1
        for (;;) {
            const uint32_t q = sw.logic.core_out().egress_cnt[rx_port][o.prio];
            for (int k = 0; k < N; k++) {
                const HostLogic& h = net.hosts()[k]->logic;
                const DcqcnRp* rp = h.rp(0);
                std::fprintf(df, "%llu,%u,%llu,%d,%.4f,%.4f,%.5f,%llu,%d,%u,%llu,%u\n", (unsigned long long)done, q,
                             (unsigned long long)sw.logic.stats().ecn_marks, k, rp ? rp->rate_gbps() : o.rate_gbps,
                             rp ? rp->target_gbps() : o.rate_gbps, rp ? rp->alpha() : 0.0,
                             (unsigned long long)(rp ? rp->cnps() : 0), int(h.paused(o.prio)), h.timer(o.prio) >> 16,
                             (unsigned long long)h.stats().tx_cells, sw.logic.eq_cells_from(rx_port, o.prio, k));
            }
            if (done >= o.cycles) break;
            const uint64_t n = std::min<uint64_t>(stepc, o.cycles - done);
            sc_core::sc_start(sc_core::sc_time(double(n), sc_core::SC_NS));  // edges done .. done+n-1
            done += n;
        }
        std::fclose(df);
    } else {
        net.run(o.cycles);
    }
    trace.reset();  // flush
    double cpu = double(std::clock() - t0) / CLOCKS_PER_SEC;

    const SwitchStats& s = sw.logic.stats();
    const HostStats& r = receiver.logic.stats();
    uint64_t tx_packets = 0, paused_cycles = 0, cnp_rx = 0;
    double min_rate = o.rate_gbps;
    for (int k = 0; k < N; k++) {
        const HostLogic& h = net.hosts()[k]->logic;
        tx_packets += h.stats().tx_packets;
        paused_cycles += h.stats().paused_cycles[o.prio];
        cnp_rx += h.stats().rx_cnp;
        if (h.rp(0) && h.rp(0)->active()) min_rate = std::min(min_rate, h.rp(0)->rate_gbps());
    }
    uint64_t probe_paused = probe ? probe->logic.stats().paused_cycles[o.prio] : 0;
    const uint64_t window = o.cycles > start + 2 * delay ? o.cycles - start - 2 * delay : 1;
    const double util = double(r.rx_cells) / double(window);
    const double peak_kb = s.peak_eq_cells * double(kCellBytes) / 1024.0;
    const double lat_avg_us = r.rx_packets ? r.latency_sum * cycle_ns / 1000.0 / r.rx_packets : 0;
    const double lat_max_us = r.latency_max * cycle_ns / 1000.0;
    const double paused_frac = double(paused_cycles) / (double(N) * double(o.cycles));
    const double pause_time_us = double(paused_cycles + probe_paused) * cycle_ns / 1000.0;
    LatencyRecord incast_lat, probe_lat;
    for (const auto& fl : receiver.logic.latency()) {
        if (fl.first == probe_flow) probe_lat = fl.second;
        else incast_lat.merge(fl.second);
    }
    auto us = [&](double c) { return c * cycle_ns / 1000.0; };
    const bool consistent = s.protocol_errors == 0 && s.acct_mismatch == 0 && r.rx_out_of_order == 0 &&
                            sw.logic.node_drops() == s.stat_drop + s.stat_violation;

    if (o.json) {
        std::printf(
            "{\"scenario\": \"incast\", \"switch\": \"%s\", \"senders\": %d, \"cycles\": %llu, \"rate_gbps\": %g, "
            "\"cycle_ns\": %g, \"link_delay_cycles\": %u, \"pkt_bytes\": %u, \"pkt_cells\": %u, "
            "\"headroom_cells\": %u, \"headroom_auto\": %s, \"headroom_calc_cells\": %u, \"total_cells\": %u, "
            "\"shared_pool_cells\": %lld, \"queue_peak_cells\": %u, \"queue_peak_kb\": %.1f, \"queue_peak_cycle\": %llu, "
            "\"shared_peak_cells\": %u, \"hdrm_peak_cells\": %u, \"pfc_frames\": %llu, \"pfc_xoff\": %llu, "
            "\"pfc_xon\": %llu, \"pfc_rx\": %llu, \"drops\": %llu, \"violations\": %llu, \"node_drops\": %llu, "
            "\"tx_packets\": %llu, \"rx_packets\": %llu, \"rx_util\": %.4f, \"latency_avg_us\": %.3f, "
            "\"latency_max_us\": %.3f, \"sender_paused_frac\": %.4f, \"acct_mismatch\": %llu, "
            "\"protocol_errors\": %llu, \"out_of_order\": %llu, \"consistent\": %s, \"cpu_s\": %.2f, "
            "\"trace\": \"%s\", ",
            sw.logic.core().name().c_str(), N, (unsigned long long)o.cycles, o.rate_gbps, cycle_ns, delay,
            o.pkt_bytes, pkt_cells, sp.headroom, o.headroom_auto ? "true" : "false", calc_cells, sp.total_cells,
            (long long)shared_pool_cells(sp), s.peak_eq_cells, peak_kb, (unsigned long long)s.peak_eq_cycle,
            s.peak_shared, s.peak_hdrm, (unsigned long long)s.pfc_tx, (unsigned long long)s.pfc_xoff,
            (unsigned long long)s.pfc_xon, (unsigned long long)s.pfc_rx, (unsigned long long)s.stat_drop,
            (unsigned long long)s.stat_violation, (unsigned long long)sw.logic.node_drops(), (unsigned long long)tx_packets,
            (unsigned long long)r.rx_packets, util, lat_avg_us, lat_max_us, paused_frac,
            (unsigned long long)s.acct_mismatch, (unsigned long long)s.protocol_errors,
            (unsigned long long)r.rx_out_of_order, consistent ? "true" : "false", cpu, trace_path.c_str());
        std::printf(
            "\"mode\": \"%s\", \"dcqcn\": %s, \"dcqcn_clamp\": %s, \"ecn\": %s, \"probe\": %s, \"switch_ports\": %d, "
            "\"pause_scale\": %g, \"T_us\": %g, \"R\": %g, \"interval_cycles\": %u, \"horizon_intervals\": %u, \"holdoff_intervals\": %u, "
            "\"ecn_kmin_cells\": %u, \"ecn_kmax_cells\": %u, \"ecn_pmax\": %g, "
            "\"pfc_std\": %llu, \"pfc_pred\": %llu, \"pause_quanta_sent\": %llu, \"pause_time_us\": %.3f, "
            "\"ecn_marks\": %llu, \"cnp_tx\": %llu, \"cnp_rx\": %llu, \"cnp_drop\": %llu, \"dcqcn_min_rate_gbps\": %.3f, "
            "\"probe_packets\": %zu, \"probe_latency_avg_us\": %.3f, \"probe_latency_p50_us\": %.3f, "
            "\"probe_latency_p99_us\": %.3f, \"probe_latency_max_us\": %.3f, "
            "\"incast_latency_p50_us\": %.3f, \"incast_latency_p99_us\": %.3f, \"peak_total_cells\": %u, "
            "\"core\": \"%s\", \"headroom_core_cycles\": %d, \"headroom_core_bytes\": %llu, "
            "\"offer_queue_peak\": %u, \"offer_wait_max\": %llu, \"offer_wait_mean\": %.3f}\n",
            o.mode.c_str(), o.dcqcn ? "true" : "false", o.dcqcn_clamp ? "true" : "false", o.ecn ? "true" : "false", o.probe ? "true" : "false", ports,
            fp.scaled_cell_cycles / 256.0, o.T_us, o.R, fp.interval, fp.horizon, fp.holdoff, fp.kmin, fp.kmax, fp.pmax,
            (unsigned long long)s.pfc_std, (unsigned long long)s.pfc_pred, (unsigned long long)s.pause_quanta_sent,
            pause_time_us, (unsigned long long)s.ecn_marks, (unsigned long long)r.tx_cnp, (unsigned long long)cnp_rx,
            (unsigned long long)s.cnp_drop, min_rate, probe_lat.count(), us(probe_lat.mean()),
            us(double(probe_lat.percentile(50))), us(double(probe_lat.percentile(99))), us(double(probe_lat.max())),
            us(double(incast_lat.percentile(50))), us(double(incast_lat.percentile(99))), s.peak_total,
            o.core_form.c_str(), hin.core_cycles, (unsigned long long)calc.core, s.lr_offer_peak,
            (unsigned long long)s.lr_offer_wait_max,
            s.lr_takes ? double(s.lr_offer_wait_edges) / double(s.lr_takes) : 0.0);
    } else if (!o.quiet) {
        std::printf("incast %d:1 switch=%s core=%s cycles=%llu (%.1f us, %.2f ns/cycle at %g Gb/s) link=%u cycles pkt=%u B (%u cells)\n",
                    N, sw.logic.core().name().c_str(), o.core_form.c_str(), (unsigned long long)o.cycles,
                    o.cycles * cycle_ns / 1000,
                    cycle_ns, o.rate_gbps, delay, o.pkt_bytes, pkt_cells);
        std::printf("headroom %u cells/PG (%s; calculator: %u cells = %s)\n", sp.headroom,
                    o.shared_kb ? "sized for --shared-kb" : o.headroom_auto ? "auto" : "set", calc_cells, breakdown);
        std::printf("RESULT switch=%s queue_peak=%u cells (%.1f KB) at cycle %llu pfc_frames=%llu (xoff %llu, xon %llu) "
                    "drops=%llu violations=%llu rx_util=%.3f latency_avg=%.2f us max=%.2f us cpu=%.2fs\n",
                    sw.logic.core().name().c_str(), s.peak_eq_cells, peak_kb, (unsigned long long)s.peak_eq_cycle,
                    (unsigned long long)s.pfc_tx, (unsigned long long)s.pfc_xoff, (unsigned long long)s.pfc_xon,
                    (unsigned long long)s.stat_drop, (unsigned long long)s.stat_violation, util, lat_avg_us,
                    lat_max_us, cpu);
        if (line_rate)
            std::printf("OFFERS queue peak %u packets per port, wait max %llu edges, mean %.2f (%llu offers taken)\n",
                        s.lr_offer_peak, (unsigned long long)s.lr_offer_wait_max,
                        s.lr_takes ? double(s.lr_offer_wait_edges) / double(s.lr_takes) : 0.0,
                        (unsigned long long)s.lr_takes);
        if (!o.mode.empty() || o.dcqcn || o.ecn || o.probe)
            std::printf("PPFC mode=%s dcqcn=%s ecn=%s peak_queue=%.1f KB pause_frames: standard %llu predictive %llu "
                        "(xon %llu) total_pause=%.1f us ecn_marks=%llu cnps=%llu lossless_drops=%llu\n"
                        "PROBE packets=%zu latency mean=%.2f us p50=%.2f us p99=%.2f us max=%.2f us "
                        "(incast flows p99=%.2f us)\n",
                        o.mode.empty() ? "pfc" : o.mode.c_str(), o.dcqcn ? "on" : "off", o.ecn ? "on" : "off", peak_kb,
                        (unsigned long long)s.pfc_std, (unsigned long long)s.pfc_pred, (unsigned long long)s.pfc_xon,
                        pause_time_us, (unsigned long long)s.ecn_marks, (unsigned long long)r.tx_cnp,
                        (unsigned long long)s.stat_violation, probe_lat.count(), us(probe_lat.mean()),
                        us(double(probe_lat.percentile(50))), us(double(probe_lat.percentile(99))),
                        us(double(probe_lat.max())), us(double(incast_lat.percentile(99))));
    }
    if (!consistent) {
        std::fprintf(stderr,
                     "fg_sim: inconsistent run: protocol_errors=%llu acct_mismatch=%llu out_of_order=%llu "
                     "node_drops=%llu core_drops=%llu%s%s\n",
                     (unsigned long long)s.protocol_errors, (unsigned long long)s.acct_mismatch,
                     (unsigned long long)r.rx_out_of_order, (unsigned long long)sw.logic.node_drops(),
                     (unsigned long long)(s.stat_drop + s.stat_violation),
                     sw.logic.first_error().empty() ? "" : "; first: ", sw.logic.first_error().c_str());
        return 3;
    }
    if (!o.png.empty()) {
        std::string script = repo_root() + "/scripts/plot_ppfc.py";
        if (access(script.c_str(), R_OK) != 0) script = "scripts/plot_ppfc.py";  // run from the repository
        std::string cmd = "python3 '" + script + "' --trace '" + trace_path + "' --out '" +
                          o.png + "' --cycle-ns " + std::to_string(cycle_ns) + " --title 'incast " +
                          std::to_string(N) + ":1 " + (o.mode.empty() ? "pfc" : o.mode) + " (" +
                          sw.logic.core().name() + ")' >&2";
        int rc = std::system(cmd.c_str());
        if (rc != 0) {
            std::fprintf(stderr, "fg_sim: --png %s: the plot script failed (exit %d): %s\n", o.png.c_str(), rc,
                         cmd.c_str());
            return 3;
        }
    }
    return 0;
}

}  // namespace sim
}  // namespace fg
