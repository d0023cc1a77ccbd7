// tb_mul_wide.cpp - test of rtl/common/fg_mul_wide.v against its contract, kept here as an
// independent reference: the product of the operands presented in cycle c is on p in cycle
// c + 4, a new pair every cycle, and every register is 0 after a reset edge (so the three
// products in flight and the one shown become 0). The reference is a four-deep line of exact
// products, not a copy of the RTL's split into 18-bit halves. 3 operand draws in 8 are 0, 1 or
// all ones (the widest partial sums), the rest uniform; resets at random, with products in
// flight. Build-time widths: -GAW/-GBW with -DTB_AW/-DTB_BW, AW + BW <= 64 (the reference's
// word). TB_BREAK_REFERENCE drops the product's bit 36 (where the upper half products land):
// the `bug_caught` build, which must fail.
#include "Vtop.h"
#include "fg_lockstep.h"

#ifndef TB_AW
#define TB_AW 32
#endif
#ifndef TB_BW
#define TB_BW 28
#endif
static_assert(TB_AW + TB_BW <= 64, "the reference holds the product in 64 bits");

enum { COV_MAX_PRODUCT, COV_ZERO_OPERAND, COV_RESET_IN_FLIGHT, COV_N };
static const char* const cov_names[COV_N] = {"max_product", "zero_operand", "reset_in_flight"};

struct TbMulWide {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_mul_wide";
    std::vector<std::pair<std::string, long>> params{{"AW", TB_AW}, {"BW", TB_BW}};
    bool require_coverage = true;
    static constexpr uint64_t AMAX = (1ull << TB_AW) - 1;
    static constexpr uint64_t BMAX = (1ull << TB_BW) - 1;
    bool rst = true;
    uint64_t a = 0, b = 0;
    uint64_t line[4] = {0, 0, 0, 0};  // line[3]: the product shown after this edge
    uint64_t cov[COV_N] = {};

    fg::Options opt;
    explicit TbMulWide(const fg::Options& o) : opt(o) {
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("a", TB_AW, &top->a, [this] { return a; });
        sig.input("b", TB_BW, &top->b, [this] { return b; });
        sig.output("p", TB_AW + TB_BW, &top->p, [this] { return line[3]; });
    }
    static uint64_t draw(fg::Rng& r, int width, uint64_t max) {
        switch (r.bits(3)) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return max;
            default:
                return r.bits(width);
        }
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 2000);
        a = draw(r, TB_AW, AMAX);
        b = draw(r, TB_BW, BMAX);
    }
    void model_step() {
        if (rst) {
            if (line[0] || line[1] || line[2]) cov[COV_RESET_IN_FLIGHT]++;
            line[0] = line[1] = line[2] = line[3] = 0;
            return;
        }
        line[3] = line[2];
        line[2] = line[1];
        line[1] = line[0];
        line[0] = a * b;
#ifdef TB_BREAK_REFERENCE
        if (TB_AW + TB_BW > 36) line[3] &= ~(1ull << 36);
#endif
        if (a == AMAX && b == BMAX) cov[COV_MAX_PRODUCT]++;
        if (a == 0 || b == 0) cov[COV_ZERO_OPERAND]++;
    }
    bool coverage() { return fg::report_coverage(opt, cov_names, cov, COV_N); }
};

int main(int argc, char** argv) {
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_mul_wide");
    return fg::run<TbMulWide>(argc, argv, name.c_str());
}
