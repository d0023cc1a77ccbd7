// tb_lfsr.cpp - lock-step test of rtl/common/fg_lfsr.v against cmodel/common/lfsr.c.
// Stimulus: occasional reset, occasional load (sometimes of seed 0), random step enable.
#include "Vtop.h"
#include "common/lfsr.h"
#include "fg_lockstep.h"

struct TbLfsr {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_lfsr";
    std::vector<std::pair<std::string, long>> params;
    bool require_coverage = true;
    fg_lfsr_cfg cfg{};
    fg_lfsr_state st{};
    fg_lfsr_in in{};
    fg_lfsr_out out{};
    bool rst = true;

    fg::Options opt;
    explicit TbLfsr(const fg::Options& o) : opt(o) {
        cfg.reset_seed = 1; /* RTL default RESET_SEED */
        fg_lfsr_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("load", 1, &top->load, [this] { return (uint64_t)in.load; });
        sig.input("seed", 32, &top->seed, [this] { return (uint64_t)in.seed; });
        sig.input("step", 1, &top->step, [this] { return (uint64_t)in.step; });
        sig.output("value", 32, &top->value, [this] { return (uint64_t)out.value; });
        sig.output("value_step", 32, &top->value_step, [this] { return (uint64_t)out.value_step; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 20000);
        in.load = r.chance(1, 500);
        in.seed = r.chance(1, 8) ? 0u : (uint32_t)r.bits(32);
        in.step = r.chance(3, 4);
    }
    void model_step() {
        if (rst) {
            fg_lfsr_reset(&st, &cfg);
            out.value = st.state;
            out.value_step = fg_lfsr_next(st.state);
        } else {
            fg_lfsr_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_lfsr_cov_names, st.cov, FG_LFSR_COV_N); }
};

int main(int argc, char** argv) { return fg::run<TbLfsr>(argc, argv, "lfsr"); }
