// tb_counter_bank.cpp - lock-step test of rtl/common/fg_counter_bank.v (with fg_ram_1r1w)
// against cmodel/common/counter_bank.c, and of both against a reference count.
// The shape comes from the build: -GN_KIND -GN_PORTS -GCNT_W for Verilator and the same
// numbers as -DTB_N_KIND / -DTB_N_PORTS / -DTB_CNT_W here (mk/common_prims.mk gives both).
//
// Stimulus: phases of a few thousand cycles - every counter's event every cycle (a visit then
// finds NC events waiting), dense, sparse, quiet, one hot counter - with clears that land on
// any stage of a counter's visit (rare, or a burst on one counter), and a read every cycle of
// a random index (sometimes outside the bank, sometimes the word being written back).
//
// Besides the every-cycle comparison with the twin, an independent check: the testbench keeps
// each counter's exact count since its last clear (clipped at 2^CNT_W - 1) for the last
// NC + 5 edges, and every read of a counter must lie between its count NC + 3 edges before the
// read's edge (0 if it was cleared since) and its count on that edge; a counter with no event
// and no clear in that window must read exactly its count (the bank's promise: nothing is
// lost, nothing invented, a clear reads 0 at once, the lag is at most NC + 3 edges).
#include <cstring>

#include "Vtop.h"
#include "common/counter_bank.h"
#include "fg_lockstep.h"

#ifndef TB_N_KIND
#define TB_N_KIND 9
#endif
#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_CNT_W
#define TB_CNT_W 32
#endif
// the kinds whose events come (the RTL's LIVE_KINDS, -GLIVE_KINDS): a dead kind's ev bits are 0
#ifndef TB_LIVE_KINDS
#define TB_LIVE_KINDS 0xFFFF
#endif

static constexpr int NC = TB_N_KIND * TB_N_PORTS;
static constexpr int KW = TB_N_KIND > 1 ? (32 - __builtin_clz(TB_N_KIND - 1)) : 1;
static constexpr int PW = TB_N_PORTS > 1 ? (32 - __builtin_clz(TB_N_PORTS - 1)) : 1;

static constexpr int HIST = NC + 5;     // edges of count history kept per counter
static uint64_t g_reference_checks = 0;  // quiet reads checked for the exact count
static uint64_t g_bound_checks = 0;      // every in-bank read checked against its bounds
static uint64_t g_reference_errors = 0;

struct TbCounterBank {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_counter_bank";
    std::vector<std::pair<std::string, long>> params{
        {"N_KIND", TB_N_KIND}, {"N_PORTS", TB_N_PORTS}, {"CNT_W", TB_CNT_W}};
    // 32-bit counters cannot saturate in a test's length: coverage is required of narrow ones
    bool require_coverage = TB_CNT_W <= 16;
    fg::Options opt;
    fg_counter_bank_cfg cfg{};
    fg_counter_bank_state st{};
    fg_counter_bank_in in{};
    fg_counter_bank_out out{};
    bool rst = true;
    int phase = 0;
    int hot = 0;  // the counter of the one-hot phase and of clear bursts
    // the reference: per counter the exact count since its last clear and the last edge
    // that changed it; the reads in flight (index, edge)
    uint64_t ref[NC] = {};
    int64_t touched[NC] = {};
    int64_t cleared_at[NC] = {};           // the last clear (or reset)
    uint64_t hist[NC][HIST] = {};          // ref after edge e, at [e % HIST]
    int64_t edge = 0;
    struct Pending {
        bool valid;
        int idx;
        int64_t edge;
    } rd_q = {};

    explicit TbCounterBank(const fg::Options& o) : opt(o) {
        cfg.n_kind = TB_N_KIND;
        cfg.n_ports = TB_N_PORTS;
        cfg.cnt_w = TB_CNT_W;
        char msg[160];
        if (!fg_counter_bank_cfg_check(&cfg, msg, sizeof msg)) {
            std::fprintf(stderr, "error: %s\n", msg);
            std::exit(2);
        }
        fg_counter_bank_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input_array("ev", 1, NC, &top->ev, [this](int k) { return (uint64_t)in.ev[k]; });
        sig.input_array("clr", 1, NC, &top->clr, [this](int k) { return (uint64_t)in.clr[k]; });
        sig.input("rd_kind", KW, &top->rd_kind, [this] { return (uint64_t)in.rd_kind; });
        sig.input("rd_port", PW, &top->rd_port, [this] { return (uint64_t)in.rd_port; });
        sig.output("rd_count", 32, &top->rd_count, [this] { return (uint64_t)out.rd_count; });
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 300000);
        if (cycle % 3000 == 0) {
            phase = (int)r.below(6);
            hot = (int)r.below(NC);
        }
        // 0 all every cycle, 1 dense, 2 sparse, 3 quiet, 4 one hot counter, 5 sparse + clear bursts
        for (int k = 0; k < NC; k++) {
            bool e = false;
            switch (phase) {
                case 0: e = true; break;
                case 1: e = r.chance(3, 4); break;
                case 2: e = r.chance(1, 64); break;
                case 3: e = false; break;
                case 4: e = k == hot; break;
                default: e = r.chance(1, 16); break;
            }
            in.ev[k] = e && ((TB_LIVE_KINDS >> (k / TB_N_PORTS)) & 1);
            in.clr[k] = r.chance(1, 4000) || (phase == 5 && k == hot && r.chance(1, 6));
        }
        // a read every cycle: any counter, now and then an index outside the bank
        if (r.chance(1, 20)) {
            in.rd_kind = (uint32_t)r.bits(KW);
            in.rd_port = (uint32_t)r.bits(PW);
        } else {
            int k = (int)r.below(NC);
            in.rd_kind = (uint32_t)(k / TB_N_PORTS);
            in.rd_port = (uint32_t)(k % TB_N_PORTS);
        }
    }

    void reference_step() {
        // the read whose result shows after this edge was addressed for the edge before
        Pending done = rd_q;
        bool in_bank = in.rd_kind < (uint32_t)TB_N_KIND && in.rd_port < (uint32_t)TB_N_PORTS;
        rd_q = {in_bank, in_bank ? (int)(in.rd_kind * TB_N_PORTS + in.rd_port) : 0, edge};
        const uint64_t max = fg_mask(TB_CNT_W);
        if (done.valid) {
            // the read saw the word after its edge E: at least the count of E - NC - 3 (0 if a
            // clear came after that), at most the count of E
            const int k = done.idx;
            const int64_t lo_edge = done.edge - (NC + 3);
            const uint64_t hi = hist[k][done.edge % HIST];
            const uint64_t lo = cleared_at[k] > lo_edge ? 0 : hist[k][lo_edge % HIST];
            g_bound_checks++;
            bool quiet = touched[k] <= lo_edge;
            g_reference_checks += quiet;
            bool bad = out.rd_count < lo || out.rd_count > hi || (quiet && out.rd_count != ref[k]);
            if (bad && g_reference_errors++ < 5)
                std::printf("CHECK counter_bank reference counter %d read at edge %lld: got %u, counted %llu..%llu%s WRONG\n",
                            k, (long long)done.edge, out.rd_count, (unsigned long long)lo, (unsigned long long)hi,
                            quiet ? " (quiet)" : "");
        }
        for (int k = 0; k < NC; k++) {
            if (in.clr[k]) {
                ref[k] = 0;
                cleared_at[k] = edge;
            }
            if (in.ev[k] && ref[k] < max) ref[k]++;
            if (in.clr[k] || in.ev[k]) touched[k] = edge;
            hist[k][edge % HIST] = ref[k];
        }
    }

    void model_step() {
        if (rst) {
            fg_counter_bank_reset(&st, &cfg);
            fg_counter_bank_outputs(&st, &out);
            for (int k = 0; k < NC; k++) {
                ref[k] = 0;
                touched[k] = edge;
                cleared_at[k] = edge;
                hist[k][edge % HIST] = 0;
            }
            rd_q.valid = false;
        } else {
            fg_counter_bank_step(&st, &in, &out);
            reference_step();
        }
        edge++;
    }
    bool coverage() {
        return fg::report_coverage(opt, fg_counter_bank_cov_names, st.cov, FG_COUNTER_BANK_COV_N);
    }
};

int main(int argc, char** argv) {
    std::string name = "counter_bank_" + std::to_string(TB_N_KIND) + "x" + std::to_string(TB_N_PORTS) + "_w" +
                       std::to_string(TB_CNT_W);
    if (TB_LIVE_KINDS != 0xFFFF) name += "_live";
    int rc = fg::run<TbCounterBank>(argc, argv, name.c_str());
    bool ref_ok = g_reference_errors == 0 && g_reference_checks > 0 && g_bound_checks > 0;
    std::printf("CHECK counter_bank reference: %llu reads within their bounds, %llu quiet ones equal to the exact count, "
                "%llu wrong %s\n",
                (unsigned long long)g_bound_checks, (unsigned long long)g_reference_checks,
                (unsigned long long)g_reference_errors, ref_ok ? "ok" : "WRONG");
    return ref_ok ? rc : 1;
}
