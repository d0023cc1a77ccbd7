// tb_ecn_red.cpp - lock-step test of rtl/switch/fg_ecn_red.v against cmodel/switch/ecn_red.c.
//
// Build-time: TB_N_PORTS / TB_N_PRIO match the Verilator -G overrides (mk/ecn.mk).
// Directed (on the model, expected values from docs/blocks/ecn_red.md, not from the model):
// below/at Kmin, above Kmax, p = 0 (slope 0), p = 1 (product >= 2^32), a p = 1/2 draw checked
// against an LFSR sequence computed here, non-ECT and masked priorities.
// Random, in phases: queue lengths drawn around Kmin/Kmax (below, at, in the band, at Kmax,
// above), thresholds and slope changed per phase (slope 0, tiny, mid, saturating), Kmin == Kmax
// now and then, ECT and priority mask mixes, enq load from sparse to every cycle, seed loads,
// rare resets.
#include "Vtop.h"
#include "fg_lockstep.h"
#include "ecn_stimulus.h"
#include "switch/ecn_red.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif

struct TbEcnRed {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_ecn_red";
    std::vector<std::pair<std::string, long>> params{{"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO}};
    bool require_coverage = true;
    fg::Options opt;
    fg_ecn_red_cfg cfg{TB_N_PORTS, TB_N_PRIO, 18, 2};
    fg_ecn_red_state st{};
    fg_ecn_red_in in{};
    fg_ecn_red_out out{};
    bool rst = true;
    uint64_t phase_end = 0;
    uint32_t load_den = 2;

    explicit TbEcnRed(const fg::Options& o) : opt(o) {
        const int N = TB_N_PORTS, P = TB_N_PRIO, PW = fg::index_width(TB_N_PORTS);
        fg_ecn_red_reset(&st, &cfg);
        fg_ecn_red_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_prio_mask", P, &top->cfg_prio_mask, [this] { return (uint64_t)in.cfg_prio_mask; });
        sig.input("cfg_kmin", 18, &top->cfg_kmin, [this] { return (uint64_t)in.cfg_kmin; });
        sig.input("cfg_kmax", 18, &top->cfg_kmax, [this] { return (uint64_t)in.cfg_kmax; });
        sig.input("cfg_slope", 32, &top->cfg_slope, [this] { return (uint64_t)in.cfg_slope; });
        sig.input("cfg_seed", 32, &top->cfg_seed, [this] { return (uint64_t)in.cfg_seed; });
        sig.input("cfg_seed_load", 1, &top->cfg_seed_load, [this] { return (uint64_t)in.cfg_seed_load; });
        sig.input_array("enq_valid", 1, N, &top->enq_valid, [this](int i) { return (uint64_t)in.enq_valid[i]; });
        sig.input_array("enq_prio", 3, N, &top->enq_prio, [this](int i) { return (uint64_t)in.enq_prio[i]; });
        sig.input_array("enq_dst", PW, N, &top->enq_dst, [this](int i) { return (uint64_t)in.enq_dst[i]; });
        sig.input_array("enq_ect", 1, N, &top->enq_ect, [this](int i) { return (uint64_t)in.enq_ect[i]; });
        sig.input_array("egress_cnt", 18, N * P, &top->egress_cnt,
                        [this](int k) { return (uint64_t)in.egress_cnt[k / TB_N_PRIO][k % TB_N_PRIO]; });
        sig.output_array("mark", 1, N, &top->mark, [this](int i) { return (uint64_t)out.mark[i]; });
    }

    void new_phase(uint64_t cycle, fg::Rng& r) {
        phase_end = cycle + r.range(300, 3000);
        ecnstim::new_thresholds(in, r, TB_N_PRIO);
        static const uint32_t loads[] = {1, 2, 5, 30};
        load_den = loads[r.below(4)];
    }

    uint32_t queue_len(fg::Rng& r) { return ecnstim::queue_len(in.cfg_kmin, in.cfg_kmax, r); }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 200000);
        if (cycle >= phase_end) new_phase(cycle, r);
        in.cfg_seed_load = r.chance(1, 5000);
        if (in.cfg_seed_load) in.cfg_seed = (uint32_t)(r.chance(1, 20) ? 0 : r.bits(32));
        for (int o = 0; o < TB_N_PORTS; o++)
            for (int p = 0; p < TB_N_PRIO; p++)
                if (r.chance(1, 4)) in.egress_cnt[o][p] = queue_len(r);
        for (int i = 0; i < TB_N_PORTS; i++) {
            in.enq_valid[i] = r.chance(1, load_den);
            in.enq_prio[i] = (uint8_t)(r.chance(1, 30) ? r.below(8) : r.below(TB_N_PRIO));
            in.enq_dst[i] = (uint8_t)r.below(TB_N_PORTS);
            in.enq_ect[i] = !r.chance(1, 5);
        }
    }

    void model_step() {
        if (rst) {
            fg_ecn_red_reset(&st, &cfg);
            fg_ecn_red_outputs(&st, &out);
        } else {
            fg_ecn_red_step(&st, &in, &out);
        }
    }

    bool coverage() { return fg::report_coverage(opt, fg_ecn_red_cov_names, st.cov, FG_ECN_RED_COV_N); }
};

// The rules of docs/blocks/ecn_red.md on port 0 of the model, expectations written here.
static bool directed() {
    fg_ecn_red_cfg cfg{TB_N_PORTS, TB_N_PRIO, 18, 2};
    fg_ecn_red_state st{};
    fg_ecn_red_in in{};
    fg_ecn_red_out out{};
    fg_ecn_red_reset(&st, &cfg);
    in.cfg_prio_mask = 1;
    in.cfg_kmin = 10;
    in.cfg_kmax = 20;
    in.cfg_seed = 0x12345678u;
    // Port 0's draw sequence: the seed (port 0: seed ^ 0), then x^32+x^22+x^2+x+1 right-shift
    // Galois steps, one per enq (ARCHITECTURE 4).
    uint32_t lfsr = 0x12345678u;
    auto next = [](uint32_t s) { return (s >> 1) ^ ((s & 1u) ? 0x80200003u : 0u); };
    bool ok = true;
    int n = 0;
    auto step = [&](bool load, uint32_t q, uint32_t slope, bool ect, int prio, bool expect) {
        in.cfg_seed_load = load;
        in.cfg_slope = slope;
        in.enq_valid[0] = !load;
        in.enq_prio[0] = (uint8_t)prio;
        in.enq_dst[0] = 0;
        in.enq_ect[0] = ect;
        in.egress_cnt[0][prio % TB_N_PRIO] = q;
        fg_ecn_red_step(&st, &in, &out);
        n++;
        if (!load) lfsr = next(lfsr);
        if (out.mark[0] != expect) {
            std::printf("CHECK ecn_red directed step %d: q=%u slope=0x%08x mark=%d, expected %d WRONG\n", n, q, slope,
                        out.mark[0], expect);
            ok = false;
        }
    };
    step(true, 0, 0, false, 0, false);               // load the seed
    step(false, 5, 0xFFFFFFFFu, true, 0, false);     // below Kmin
    step(false, 10, 0xFFFFFFFFu, true, 0, false);    // at Kmin
    step(false, 21, 0, true, 0, true);               // above Kmax, whatever the slope
    step(false, 20, 0, true, 0, true);               // at Kmax: p = 1 (SPEC 7), even with slope 0
    step(false, 19, 0, true, 0, false);              // one below Kmax, slope 0: p = 0
    step(false, 15, 0, true, 0, false);              // in the band, p = 0
    step(false, 15, 0x33333334u, true, 0, true);     // 5 * slope >= 2^32: p = 1
    step(false, 100, 0xFFFFFFFFu, false, 0, false);  // not ECN-capable
    if (TB_N_PRIO > 1) step(false, 100, 0xFFFFFFFFu, true, 1, false);  // priority 1 not in the mask
    for (int k = 0; k < 64; k++) {                   // p = 1/2 at q = 11: mark iff draw < 2^31
        bool expect = lfsr < 0x80000000u;
        step(false, 11, 0x80000000u, true, 0, expect);
    }
    in.cfg_kmin = in.cfg_kmax = 30;                  // Kmin = Kmax: mark from Kmax on, none below
    step(false, 30, 0, true, 0, true);
    step(false, 29, 0xFFFFFFFFu, true, 0, false);
    std::printf("CHECK ecn_red directed sequence %s\n", ok ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char** argv) {
    bool directed_ok = directed();
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_ecn_red");
    int rc = fg::run<TbEcnRed>(argc, argv, name.c_str());
    return rc ? rc : (directed_ok ? 0 : 1);
}
