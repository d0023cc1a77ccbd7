// tb_mul_reg2.cpp - test of rtl/common/fg_mul_reg2.v (its fabric form: Verilator and Icarus
// never see the ECP5 MULT18X18D form) against its contract, kept here as an independent
// reference: the product of the operands presented before edge e is on p after edge e + 1,
// and every register is 0 after a reset edge. The reference is two stages of (a, b) pairs,
// not a copy of the RTL's structure. 3 operand draws in 8 are 0, 1 or all ones, the rest
// uniform; resets come at random, also with products in flight. Before the random run a
// CHECK section drives the RTL with products worked out by hand.
// Build-time widths: -GAW/-GBW with -DTB_AW/-DTB_BW. TB_BREAK_REFERENCE makes the reference
// drop the product's top bit: the `bug_caught` build, which must fail (the check is live).
#include "Vtop.h"
#include "fg_lockstep.h"

#ifndef TB_AW
#define TB_AW 18
#endif
#ifndef TB_BW
#define TB_BW 18
#endif

enum { COV_MAX_PRODUCT, COV_ZERO_OPERAND, COV_RESET_IN_FLIGHT, COV_N };
static const char* const cov_names[COV_N] = {"max_product", "zero_operand", "reset_in_flight"};

struct TbMulReg2 {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_mul_reg2";
    std::vector<std::pair<std::string, long>> params{{"AW", TB_AW}, {"BW", TB_BW}};
    bool require_coverage = true;
    static constexpr uint64_t AMAX = (TB_AW == 64) ? ~0ull : ((1ull << TB_AW) - 1);
    static constexpr uint64_t BMAX = (TB_BW == 64) ? ~0ull : ((1ull << TB_BW) - 1);
    bool rst = true;
    uint64_t a = 0, b = 0;
    uint64_t aq = 0, bq = 0, p = 0;   // the reference: operand stage, product stage
    uint64_t cov[COV_N] = {};

    fg::Options opt;
    explicit TbMulReg2(const fg::Options& o) : opt(o) {
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("a", TB_AW, &top->a, [this] { return a; });
        sig.input("b", TB_BW, &top->b, [this] { return b; });
        sig.output("p", TB_AW + TB_BW, &top->p, [this] { return p; });
    }
    static uint64_t draw(fg::Rng& r, int width, uint64_t max) {
        switch (r.bits(3)) {
            case 0: return 0;
            case 1: return 1;
            case 2: return max;
            default: return r.bits(width);
        }
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 2000);
        a = draw(r, TB_AW, AMAX);
        b = draw(r, TB_BW, BMAX);
    }
    void model_step() {
        if (rst) {
            if (aq != 0 && bq != 0) cov[COV_RESET_IN_FLIGHT]++;
            aq = bq = p = 0;
            return;
        }
        p = aq * bq;
#ifdef TB_BREAK_REFERENCE
        p &= ~(1ull << (TB_AW + TB_BW - 1));
#endif
        if (aq == AMAX && bq == BMAX) cov[COV_MAX_PRODUCT]++;
        if (aq == 0 || bq == 0) cov[COV_ZERO_OPERAND]++;
        aq = a;
        bq = b;
    }
    bool coverage() { return fg::report_coverage(opt, cov_names, cov, COV_N); }
};

// Products worked out by hand, on the RTL: small ones that fit every shape (a <= 31, b <= 7),
// the all-ones product (2^AW - 1)(2^BW - 1) = 2^(AW+BW) - 2^AW - 2^BW + 1, and a reset
// with two products in flight (25 on the reset edge and 49 on the next never appear: 0, 0),
// after which the pipeline restarts (3 * 3 = 9).
static bool directed() {
    Vtop t;
    auto edge = [&t] {
        t.clk = 0;
        t.eval();
        t.clk = 1;
        t.eval();
    };
    const uint64_t amax = (TB_AW == 64) ? ~0ull : ((1ull << TB_AW) - 1);
    const uint64_t bmax = (TB_BW == 64) ? ~0ull : ((1ull << TB_BW) - 1);
    const uint64_t ones = (TB_AW + TB_BW == 64 ? 0ull : (1ull << (TB_AW + TB_BW))) - (1ull << TB_AW) -
                          (1ull << TB_BW) + 1;  // mod 2^64 when AW + BW = 64
    struct Step {
        bool rst;
        uint64_t a, b;
        uint64_t p_after;  // p after this cycle's edge: the product of the previous cycle's a, b
    };
    const Step steps[] = {
        {true, 0, 0, 0},         {true, 0, 0, 0},   {false, 3, 5, 0},  // after a reset edge: 0
        {false, 31, 7, 15},      {false, 0, 7, 217}, {false, amax, bmax, 0},
        {false, 1, 1, ones},     {false, 2, 3, 1},  {false, 5, 5, 6},
        {true, 7, 7, 0},         {false, 3, 3, 0},  {false, 0, 0, 9},  // not 25, not 49
    };
    bool ok = true;
    int n = 0;
    for (const Step& s : steps) {
        t.rst = s.rst;
        t.a = s.a;
        t.b = s.b;
        edge();
        const uint64_t p = (uint64_t)t.p;
        if (p != s.p_after) {
            std::printf("CHECK mul_reg2 directed step %d: p=0x%llx, expected 0x%llx WRONG\n", n,
                        (unsigned long long)p, (unsigned long long)s.p_after);
            ok = false;
        }
        n++;
    }
    std::printf("CHECK mul_reg2 directed products (%d edges, %dx%d) %s\n", n, TB_AW, TB_BW,
                ok ? "ok" : "WRONG");
    return ok;
}

int main(int argc, char** argv) {
    const bool directed_ok = directed();
    const int rc = fg::run<TbMulReg2>(argc, argv, "mul_reg2");
    return rc ? rc : (directed_ok ? 0 : 1);
}
