// tb_gfc_scan.cpp - lock-step test of rtl/switch/fg_gfc_scan.v against cmodel/switch/gfc_scan.c.
//
// Build-time: TB_N_PORTS / TB_N_PRIO / TB_CW match the Verilator -G overrides (mk/gfc.mk).
// Directed (on the model, expected values from docs/blocks/gfc_scan.md and SPEC 5, not from the
// model): the visit schedule (PG k's stage and request appear exactly 6 + k edges after reset
// and not before), the stages of B_1 = 64, B_m = 128 at chosen occupancies, an occupancy at or
// above 2^CW, a take clearing only its port's requests, disable (stage 0, a request), a
// change undone between two visits (not reported).
// Random, in phases: B_1 / B_m (B_1 > B_m and B_1 == B_m now and then), the enables, the
// occupancies as random walks around the thresholds (some at the CW+1-bit top), takes per
// port from rare to every cycle, rare resets.
#include "Vtop.h"
#include "fg_lockstep.h"
#include "switch/gfc_scan.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif
#ifndef TB_CW
#define TB_CW 18
#endif

#ifndef TB_PHASE
#define TB_PHASE 0
#endif

static const int NPG = TB_N_PORTS * TB_N_PRIO;
// the PG the stream names in the first cycle after reset, (0 - PHASE) mod NPG
static const int PG_AFTER_RESET = ((-TB_PHASE) % NPG + NPG) % NPG;

// The per-PG occupancy the testbench keeps and the stream it shows the block: one PG per cycle
// in turn, from PG_AFTER_RESET after a reset edge (the RTL counts the same way; the model
// follows occ_pg, so a stream out of step with the RTL's pointer is a mismatch).
struct OccStream {
    uint32_t occ[FG_GFC_SCAN_MAX_PG] = {0};
    int pos = PG_AFTER_RESET;  // the PG of this cycle
    void show(fg_gfc_scan_in& in) const {
        in.occ_pg = pos;
        in.occ_in = occ[pos];
    }
    void edge(bool rst) { pos = rst ? PG_AFTER_RESET : (pos + 1) % NPG; }
};

struct TbGfcScan {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_gfc_scan";
    std::vector<std::pair<std::string, long>> params{
        {"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO}, {"CW", TB_CW}, {"PHASE", TB_PHASE}};
    bool require_coverage = true;
    fg::Options opt;
    fg_gfc_scan_cfg cfg{TB_N_PORTS, TB_N_PRIO, TB_CW, TB_PHASE};
    fg_gfc_scan_state st{};
    fg_gfc_scan_in in{};
    fg_gfc_scan_out out{};
    OccStream stream;
    bool rst = true, rst_before = true;
    uint64_t phase_end = 0;
    uint32_t ack_den = 4, move_den = 3;

    explicit TbGfcScan(const fg::Options& o) : opt(o) {
        fg_gfc_scan_reset(&st, &cfg);
        fg_gfc_scan_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_enable", TB_N_PRIO, &top->cfg_enable, [this] { return (uint64_t)in.cfg_enable; });
        sig.input("cfg_b1", TB_CW, &top->cfg_b1, [this] { return (uint64_t)in.cfg_b1; });
        sig.input("cfg_bm", TB_CW, &top->cfg_bm, [this] { return (uint64_t)in.cfg_bm; });
        sig.input("occ_in", TB_CW + 1, &top->occ_in, [this] { return (uint64_t)in.occ_in; });
        sig.input_array("req_ack", 1, TB_N_PORTS, &top->req_ack, [this](int i) { return (uint64_t)in.req_ack[i]; });
        sig.output_array("stage", 5, NPG, &top->stage, [this](int k) { return (uint64_t)out.stage[k]; });
        sig.output_array("req_pend", 1, NPG, &top->req_pend, [this](int k) { return (uint64_t)out.req_pend[k]; });
    }

    uint32_t cmax() const { return (uint32_t)fg_mask(TB_CW); }

    void new_phase(uint64_t cycle, fg::Rng& r) {
        phase_end = cycle + r.range(200, 4000);
        const uint32_t m = cmax();
        in.cfg_bm = r.chance(1, 10) ? m : (uint32_t)r.below(m + 1);
        in.cfg_b1 = r.chance(1, 8)    ? in.cfg_bm
                    : r.chance(1, 8)  ? (uint32_t)r.below(m + 1)          // may be above B_m
                                      : (uint32_t)r.below(in.cfg_bm + 1);
        in.cfg_enable = (uint8_t)(r.chance(1, 6) ? r.bits(TB_N_PRIO) : fg_mask(TB_N_PRIO));
        static const uint32_t acks[] = {1, 2, 4, 20, 200};
        ack_den = acks[r.below(5)];
        static const uint32_t moves[] = {1, 2, 3, 10, 50};
        move_den = moves[r.below(5)];
    }

    // an occupancy near the thresholds: below B_1, between, around B_m, far above (to 2^(CW+1)-1)
    uint32_t occ_draw(fg::Rng& r) {
        const uint32_t lo = in.cfg_b1 < in.cfg_bm ? in.cfg_b1 : in.cfg_bm, hi = in.cfg_bm;
        const uint32_t om = (uint32_t)fg_mask(TB_CW + 1);
        switch (r.below(6)) {
        case 0: return (uint32_t)r.below(lo + 1);
        case 1: return lo + (uint32_t)r.below(hi - lo + 1);
        case 2: return hi - (uint32_t)r.below(hi < 8 ? hi + 1 : 8);
        case 3: return (uint32_t)std::min<uint64_t>(om, (uint64_t)hi + r.below(8));
        case 4: return r.chance(1, 2) ? om : (uint32_t)cmax() + 1u;
        default: return (uint32_t)r.below(om + 1);
        }
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        if (cycle > 0) stream.edge(rst_before);  // the edge at the end of the last cycle
        rst = cycle < 2 || r.chance(1, 200000);
        rst_before = rst;
        if (cycle >= phase_end) new_phase(cycle, r);
        for (int k = 0; k < NPG; k++) {
            if (!r.chance(1, move_den)) continue;
            if (r.chance(1, 3)) {
                stream.occ[k] = occ_draw(r);
            } else {  // a step of a cell or a packet up or down
                const int64_t step = r.chance(1, 2) ? 1 : (int64_t)r.range(2, 40);
                const int64_t v = (int64_t)stream.occ[k] + (r.chance(1, 2) ? step : -step);
                stream.occ[k] = (uint32_t)std::max<int64_t>(0, std::min<int64_t>(v, (int64_t)fg_mask(TB_CW + 1)));
            }
        }
        for (int i = 0; i < TB_N_PORTS; i++) in.req_ack[i] = r.chance(1, ack_den);
        stream.show(in);
    }

    void model_step() {
        if (rst) {
            fg_gfc_scan_reset(&st, &cfg);
            fg_gfc_scan_outputs(&st, &out);
        } else {
            fg_gfc_scan_step(&st, &in, &out);
        }
    }

    bool coverage() { return fg::report_coverage(opt, fg_gfc_scan_cov_names, st.cov, FG_GFC_SCAN_COV_N); }
};

// The schedule and the rule on the model, expectations written here from the docs: B_1 = 64,
// B_m = 128 gives D = 64, B_k = 128 - (64 >> (k-1)) = 64, 96, 112, 120, 124, 126, 127, 128 and
// N = 8, so q = 10 -> 0, 64 -> 1, 100 -> 2, 127 -> 7, 128 and above -> 8.
static bool directed() {
    bool ok = true;
    auto check = [&](bool cond, const char* what, long a, long b) {
        if (!cond) {
            std::printf("CHECK gfc_scan directed: %s (%ld, %ld) WRONG\n", what, a, b);
            ok = false;
        }
    };
    if (TB_CW < 9) {  // the thresholds below need 128 + 1 to fit CW bits
        std::printf("CHECK gfc_scan directed: skipped (CW = %d < 9) ok\n", TB_CW);
        return true;
    }
    // (on the model, with PHASE = 0: the stream names PG t mod NPG t edges after reset)
    fg_gfc_scan_cfg cfg{TB_N_PORTS, TB_N_PRIO, TB_CW, 0};
    fg_gfc_scan_state st{};
    fg_gfc_scan_in in{};
    fg_gfc_scan_out out{};
    uint32_t occupancy[FG_GFC_SCAN_MAX_PG] = {0};
    int pos = 0;  // the stream's PG in this cycle
    auto step = [&]() {
        in.occ_pg = pos;
        in.occ_in = occupancy[pos];
        fg_gfc_scan_step(&st, &in, &out);
        pos = (pos + 1) % NPG;
    };
    fg_gfc_scan_reset(&st, &cfg);  // the reset edge: the stream names PG 0 after it
    in.cfg_b1 = 64;
    in.cfg_bm = 128;
    in.cfg_enable = (uint8_t)fg_mask(TB_N_PRIO);
    static const uint32_t occ_of[] = {10, 64, 100, 127, 128, 0};
    static const uint8_t stage_of[] = {0, 1, 2, 7, 8, 8};
    auto want = [&](int k) { return k % 6 == 5 ? 8 : stage_of[k % 6]; };
    for (int k = 0; k < NPG; k++) occupancy[k] = k % 6 == 5 ? (uint32_t)fg_mask(TB_CW + 1) : occ_of[k % 6];
    // edge t after reset: PG k is written on edge k + 6 (its visit began on the reset edge + k)
    for (int t = 1; t <= NPG + 6; t++) {
        step();
        for (int k = 0; k < NPG; k++) {
            const bool written = t >= k + 6;
            const int exp = written ? want(k) : 0;
            check(out.stage[k] == exp, "stage after edge t of PG k", t, k);
            check(out.req_pend[k] == (written && exp != 0), "request after edge t of PG k", t, k);
        }
    }
    // a take on port 0 clears port 0's requests only
    in.req_ack[0] = true;
    step();
    in.req_ack[0] = false;
    for (int k = 0; k < NPG; k++)
        check(out.req_pend[k] == (k >= TB_N_PRIO && want(k) != 0), "request after port 0's take, PG", k, 0);
    // all PGs to q = 100 (stage 2), then PG 0 disabled priority 0: every PG reaches its new
    // stage within one round of visits plus the pipeline (NPG + 6 edges)
    for (int k = 0; k < NPG; k++) occupancy[k] = 100;
    in.cfg_enable = (uint8_t)(fg_mask(TB_N_PRIO) & ~1u);
    for (int t = 0; t < NPG + 6; t++) step();
    for (int k = 0; k < NPG; k++) {
        const int exp = k % TB_N_PRIO == 0 ? 0 : 2;
        check(out.stage[k] == exp, "stage after a round at q = 100, priority 0 off, PG", k, out.stage[k]);
        // a request wherever the stage changed: from want(k), or PG k >= port 0 taken
        check(out.req_pend[k] == (exp != want(k) || (k >= TB_N_PRIO && want(k) != 0)), "request after the round, PG",
              k, out.req_pend[k]);
    }
    // a change undone between two visits is not seen: PG NPG-1 at q = 128 for one edge just
    // after its sample (it is sampled on edges where the pointer names it)
    if (NPG >= 3) {
        for (int i = 0; i < TB_N_PORTS; i++) in.req_ack[i] = true;
        step();
        for (int i = 0; i < TB_N_PORTS; i++) in.req_ack[i] = false;
        in.cfg_enable = (uint8_t)fg_mask(TB_N_PRIO);
        for (int t = 0; t < 2 * NPG + 6; t++) step();  // settle at stage 2
        for (int i = 0; i < TB_N_PORTS; i++) in.req_ack[i] = true;  // take the requests of the settling
        step();
        for (int i = 0; i < TB_N_PORTS; i++) in.req_ack[i] = false;
        const int last = NPG - 1;
        // wait until stage 0 of the pipeline names PG 0 (PG last was sampled on this edge)
        while (pos != 0) step();
        occupancy[last] = 128;
        step();  // seen by nobody: the stream names PG 0 now
        occupancy[last] = 100;
        for (int t = 0; t < 2 * NPG + 6; t++) {
            step();
            check(out.stage[last] == 2 && !out.req_pend[last], "a change undone between visits reported, edge", t,
                  out.stage[last]);
        }
    }
    std::printf("CHECK gfc_scan directed (schedule, stages, takes, disable, undone change) %s\n", ok ? "ok" : "WRONG");
    return ok;
}

// --no-directed skips the directed sequence (the bug twin's test: its model also carries
// fg_gfc_stage_of's injected bug, which the directed sequence would catch first, and the test
// is there to show that the lock-step catches it).
int main(int argc, char** argv) {
    bool run_directed = true;
    int n = 0;
    for (int a = 0; a < argc; a++) {
        if (a > 0 && std::string(argv[a]) == "--no-directed") run_directed = false;
        else argv[n++] = argv[a];
    }
    argc = n;
    bool directed_ok = run_directed ? directed() : true;
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_gfc_scan");
    int rc = fg::run<TbGfcScan>(argc, argv, name.c_str());
    return rc ? rc : (directed_ok ? 0 : 1);
}
