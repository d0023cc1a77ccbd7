// tb_bm_directed.cpp - directed lock-step test of fg_bm (N_PORTS=4, N_PRIO=2) whose expected
// values were worked out by hand from SPEC.md section 1 and ARCHITECTURE.md 5.1, not taken
// from the code under test. The lock-step compares RTL and model every cycle as usual; on
// top, after the listed edges, the outputs are checked against the hand-computed numbers
// (a wrong one prints CHECK FAIL and ends the run with exit 1).
//
// Setup: B = 100, reserve = 2, headroom = 10 (every port), alpha_shift = 1 (every port),
// resume_offset = 2, priority 1 lossless, priority 0 lossy, dynamic mode.
//   pool = 100 - 4 ports * 10 * 1 lossless - 2 * 4 * 2 PGs = 44,  thr = (44 - shared_used) >> 1.
// Cycle c is the c-th edge (0 and 1 are reset); "after c" = the registered outputs then.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include <functional>

#include "tb_bm.inc"

namespace bmtb {

struct Check {
    uint64_t cycle;
    std::string what;
    uint64_t expect;
    std::function<uint64_t(const fg_bm_out&)> get;
};

struct TbBmDirected : BmBench {
    bool require_coverage = false;  // a short directed script; the random tests own coverage
    std::vector<Check> checks;
    int failures = 0, passed = 0;
    uint64_t now = 0;

    explicit TbBmDirected(const fg::Options& o) : BmBench(o) {
        // ---- expectations, by hand (cell arithmetic in the comments) ----
        auto ing = [](int i, int p) { return [=](const fg_bm_out& x) { return (uint64_t)x.ingress_cnt[i][p]; }; };
        auto hd = [](int i, int p) { return [=](const fg_bm_out& x) { return (uint64_t)x.hdrm_cnt[i][p]; }; };
        auto eg = [](int o, int p) { return [=](const fg_bm_out& x) { return (uint64_t)x.egress_cnt[o][p]; }; };
        auto comp = [](int o, int p, int i) {
            return [=](const fg_bm_out& x) { return (uint64_t)x.comp_cnt[o][p][i]; };
        };
        auto su = [](const fg_bm_out& x) { return (uint64_t)x.shared_used; };
        auto thr = [](int i) { return [=](const fg_bm_out& x) { return (uint64_t)x.thr[i]; }; };
        auto where = [](int i) { return [=](const fg_bm_out& x) { return (uint64_t)x.enq_where[i]; }; };
        auto acc = [](int i) { return [=](const fg_bm_out& x) { return (uint64_t)x.enq_accept[i]; }; };
        auto viol = [](int i) { return [=](const fg_bm_out& x) { return (uint64_t)x.stat_violation[i]; }; };
        auto sdrop = [](int i) { return [=](const fg_bm_out& x) { return (uint64_t)x.stat_drop[i]; }; };
        auto paused_mask = [](const fg_bm_out& x) {
            uint64_t m = 0;
            for (int i = 0; i < N; i++)
                for (int p = 0; p < P; p++) m |= (uint64_t)x.paused[i][p] << (i * P + p);
            return m;
        };
        auto uf_mask = [](const fg_bm_out& x) {
            uint64_t m = 0;
            for (int i = 0; i < N; i++) m |= (uint64_t)x.stat_underflow[i] << i;
            return m;
        };
        auto C = [this](uint64_t c, const char* w, uint64_t e, std::function<uint64_t(const fg_bm_out&)> g) {
            checks.push_back(Check{c, w, e, g});
        };
        // pool_reg becomes 44 at edge 2; thr still sees the reset pool (0) there.
        C(2, "thr[0] (pool_reg was 0)", 0, thr(0));
        C(3, "thr[0] = 44>>1", 22, thr(0));
        C(3, "thr[3] = 44>>1", 22, thr(3));
        // c4: port0 p1 -> dst1, 2 cells: 0+2 <= reserve 2 -> reserve
        C(4, "enq_where[0] reserve", 0, where(0));
        C(4, "enq_accept[0]", 1, acc(0));
        C(4, "ingress(0,1)", 2, ing(0, 1));
        C(4, "egress(1,1)", 2, eg(1, 1));
        C(4, "comp(1,1,0)", 2, comp(1, 1, 0));
        C(4, "shared_used", 0, su);
        // c5: 5 cells: 2+5-2 = 5 <= thr 22 -> shared, shared_used += min(5,5)
        C(5, "enq_where[0] shared", 1, where(0));
        C(5, "ingress(0,1)", 7, ing(0, 1));
        C(5, "shared_used", 5, su);
        C(5, "thr[0] (old shared_used)", 22, thr(0));
        C(6, "thr[0] = (44-5)>>1", 19, thr(0));
        C(6, "paused (5 < 22)", 0, paused_mask);
        // c7: 20 cells to dst3: 7+20-2 = 25 > 19; hdrm 0+20 > 10 -> lossless violation
        C(7, "enq_where[0] dropped", 3, where(0));
        C(7, "stat_violation[0]", 1, viol(0));
        C(7, "stat_drop[0]", 0, sdrop(0));
        C(7, "ingress(0,1) unchanged", 7, ing(0, 1));
        // c8: 10 cells to dst3: 7+10-2 = 15 <= 19 -> shared, shared_used = 5+10
        C(8, "enq_where[0] shared", 1, where(0));
        C(8, "shared_used", 15, su);
        C(8, "ingress(0,1)", 17, ing(0, 1));
        C(8, "egress(3,1)", 10, eg(3, 1));
        C(8, "comp(3,1,0)", 10, comp(3, 1, 0));
        // c9: thr = (44-15)>>1 = 14; pause still judged on the old thr 19: shared 15 < 19
        C(9, "thr[0] = (44-15)>>1", 14, thr(0));
        C(9, "paused (15 < 19)", 0, paused_mask);
        // c10: shared(0,1) = 15 >= thr 14 -> PG(0,1) paused (bit 0*2+1)
        C(10, "paused = PG(0,1)", 0x02, paused_mask);
        // c11: 4 cells to dst1: 17+4-2 = 19 > 14; hdrm 0+4 <= 10 -> headroom
        C(11, "enq_where[0] headroom", 2, where(0));
        C(11, "hdrm(0,1)", 4, hd(0, 1));
        C(11, "ingress(0,1) unchanged", 17, ing(0, 1));
        C(11, "egress(1,1) = 2+5+4", 11, eg(1, 1));
        C(11, "comp(1,1,0)", 11, comp(1, 1, 0));
        // c12: 7 cells: hdrm 4+7 = 11 > 10 -> violation
        C(12, "stat_violation[0]", 1, viol(0));
        C(12, "hdrm(0,1) unchanged", 4, hd(0, 1));
        // c13: 6 cells to dst3: hdrm 4+6 = 10 <= 10 -> headroom
        C(13, "enq_where[0] headroom", 2, where(0));
        C(13, "hdrm(0,1)", 10, hd(0, 1));
        C(13, "egress(3,1) = 10+6", 16, eg(3, 1));
        // c14: port2 p0 (lossy) -> dst1, 3 cells: 0+3 > 2, 3-2 = 1 <= 14 -> shared, +min(3,1)
        C(14, "enq_where[2] shared (split)", 1, where(2));
        C(14, "shared_used = 15+1", 16, su);
        C(14, "ingress(2,0)", 3, ing(2, 0));
        C(14, "comp(1,0,2)", 3, comp(1, 0, 2));
        C(15, "thr[2] = (44-16)>>1", 14, thr(2));
        // c16: port2 p0, 20 cells: 3+20-2 = 21 > 14, lossy -> drop
        C(16, "enq_where[2] dropped", 3, where(2));
        C(16, "stat_drop[2]", 1, sdrop(2));
        C(16, "stat_violation[2]", 0, viol(2));
        C(16, "paused holds (hdrm 10 > 0)", 0x02, paused_mask);
        // c17: deq at egress1 of PG(0,1), 2 cells: headroom first -> hdrm 10-2
        C(17, "hdrm(0,1)", 8, hd(0, 1));
        C(17, "ingress(0,1)", 17, ing(0, 1));
        C(17, "shared_used", 16, su);
        C(17, "egress(1,1) = 11-2", 9, eg(1, 1));
        // c18: two deqs of PG(0,1) in one cycle (egress1 5 cells, egress3 10 cells): r = 15,
        //      rh = min(15,8) = 8, rs = min(7, 17-2) = 7 -> ingress 10, shared_used 16-7
        C(18, "hdrm(0,1)", 0, hd(0, 1));
        C(18, "ingress(0,1)", 10, ing(0, 1));
        C(18, "shared_used", 9, su);
        C(18, "egress(1,1) = 9-5", 4, eg(1, 1));
        C(18, "egress(3,1) = 16-10", 6, eg(3, 1));
        C(18, "comp(3,1,0)", 6, comp(3, 1, 0));
        // c19: thr = (44-9)>>1 = 17. Resume judged on the old thr 14: hdrm 0, shared 10-2 = 8,
        //      8 + offset 2 = 10 <= 14 -> resume
        C(19, "thr[0] = (44-9)>>1", 17, thr(0));
        C(19, "paused (resume by offset)", 0, paused_mask);
        // c20: deq egress1 4 cells + egress3 6 cells of PG(0,1): r = 10, rh = 0,
        //      rs = min(10, 8) = 8, 2 from reserve -> ingress 0, shared_used 9-8
        C(20, "ingress(0,1)", 0, ing(0, 1));
        C(20, "shared_used", 1, su);
        C(20, "egress(1,1)", 0, eg(1, 1));
        C(20, "egress(3,1)", 0, eg(3, 1));
        C(20, "comp(1,1,0)", 0, comp(1, 1, 0));
        // c21: deq egress1 of PG(2,0), 3 cells: rs = min(3, 3-2) = 1, 2 from reserve
        C(21, "shared_used", 0, su);
        C(21, "ingress(2,0)", 0, ing(2, 0));
        C(21, "egress(1,0)", 0, eg(1, 0));
        // c22: rogue deq at egress2 of PG(3,0), 5 cells: PG(3,0), EQ(2,0), comp(2,0,3) all 0
        //      -> underflow flagged on ingress port 3 and egress port 2, counters stay 0
        C(22, "stat_underflow = ports 2,3", 0x0C, uf_mask);
        C(22, "ingress(3,0)", 0, ing(3, 0));
        C(22, "egress(2,0)", 0, eg(2, 0));
        C(22, "thr[0] = 44>>1", 22, thr(0));
        C(23, "stat_underflow pulse over", 0, uf_mask);
        // c24..29: static mode, xoff(1,1) = 6, xon(1,1) = 3 (every other PG: xoff 50, xon 40).
        // c24: port1 p1 -> dst0, 8 cells: 8 > 2, 8-2 = 6 <= xoff 6 -> shared, +min(8,6)
        C(24, "enq_where[1] shared (static)", 1, where(1));
        C(24, "shared_used", 6, su);
        C(24, "ingress(1,1)", 8, ing(1, 1));
        // c25: static pause: shared 6 >= xoff 6 -> PG(1,1) (bit 1*2+1); thr keeps the dynamic value
        C(25, "paused = PG(1,1)", 0x08, paused_mask);
        C(25, "thr[1] = (44-6)>>1", 19, thr(1));
        // c26: 1 cell: 9-2 = 7 > 6 -> headroom (0+1 <= 10)
        C(26, "enq_where[1] headroom", 2, where(1));
        C(26, "hdrm(1,1)", 1, hd(1, 1));
        // c27: deq egress0 of PG(1,1), 8 cells: rh 1, rs min(7, 6) = 6, 1 from reserve
        C(27, "hdrm(1,1)", 0, hd(1, 1));
        C(27, "ingress(1,1)", 1, ing(1, 1));
        C(27, "shared_used", 0, su);
        C(27, "paused holds (hdrm was 1)", 0x08, paused_mask);
        // c28: static resume: hdrm 0, shared max(0, 1-2) = 0 <= xon 3
        C(28, "paused (static resume)", 0, paused_mask);
        C(29, "ingress(1,1)", 0, ing(1, 1));
        C(29, "egress(0,1)", 0, eg(0, 1));
        // c30: headroom 30 per port, dynamic mode: 4*30*1 + 16 = 136 > 100 -> pool 0 at edge 30
        C(30, "thr[0] (old pool 44)", 22, thr(0));
        C(31, "thr[0] (pool saturated at 0)", 0, thr(0));
        // c32, c33: thr 0, but every PG is empty (shared 0, hdrm 0): an empty PG never
        // pauses (the literal rule 0 >= 0 would pause them all and resume them on the next
        // edge; docs/blocks/bm.md "Threshold 0")
        C(32, "paused (empty PGs at thr 0)", 0, paused_mask);
        C(33, "paused (empty PGs at thr 0)", 0, paused_mask);
    }

    void enq(int i, int p, int d, int cells) {
        in.enq_valid[i] = true, in.enq_prio[i] = (uint8_t)p, in.enq_dst[i] = (uint8_t)d, in.enq_cells[i] = (uint16_t)cells;
    }
    void deq(int o, int p, int src, int cells) {
        in.deq_valid[o] = true, in.deq_prio[o] = (uint8_t)p, in.deq_src[o] = (uint8_t)src, in.deq_cells[o] = (uint16_t)cells;
    }

    void stimulus(uint64_t cycle, fg::Rng&) {
        now = cycle;
        rst = cycle < 2;
        for (int k = 0; k < N; k++) in.enq_valid[k] = in.deq_valid[k] = false;
        in.cfg_total_cells = 100;
        in.cfg_reserve = 2;
        for (int k = 0; k < N; k++) in.cfg_headroom[k] = cycle >= 30 ? 30 : 10, in.cfg_alpha_shift[k] = 1;
        in.cfg_resume_offset = 2;
        in.cfg_lossless = 0x2;
        in.cfg_static_mode = cycle >= 24 && cycle < 30;
        for (int i = 0; i < N; i++)
            for (int p = 0; p < P; p++) in.cfg_xoff[i][p] = 50, in.cfg_xon[i][p] = 40;  // out of the way
        in.cfg_xoff[1][1] = 6;
        in.cfg_xon[1][1] = 3;
        switch (cycle) {
            case 4: enq(0, 1, 1, 2); break;
            case 5: enq(0, 1, 1, 5); break;
            case 7: enq(0, 1, 3, 20); break;
            case 8: enq(0, 1, 3, 10); break;
            case 11: enq(0, 1, 1, 4); break;
            case 12: enq(0, 1, 1, 7); break;
            case 13: enq(0, 1, 3, 6); break;
            case 14: enq(2, 0, 1, 3); break;
            case 16: enq(2, 0, 1, 20); break;
            case 17: deq(1, 1, 0, 2); break;
            case 18: deq(1, 1, 0, 5), deq(3, 1, 0, 10); break;
            case 20: deq(1, 1, 0, 4), deq(3, 1, 0, 6); break;
            case 21: deq(1, 0, 2, 3); break;
            case 22: deq(2, 0, 3, 5); break;
            case 24: enq(1, 1, 0, 8); break;
            case 26: enq(1, 1, 0, 1); break;
            case 27: deq(0, 1, 1, 8); break;
            case 29: deq(0, 1, 1, 1); break;
            default: break;
        }
    }

    void model_step() {
        bench_step();
        for (auto& c : checks) {
            if (c.cycle != now) continue;
            uint64_t got = c.get(out);
            bool ok = got == c.expect;
            if (ok)
                passed++;
            else
                failures++;
            if (!ok || !opt.quiet)
                std::printf("CHECK %s bm.directed cycle=%llu %s got=%llu expected=%llu\n", ok ? "ok" : "FAIL",
                            (unsigned long long)now, c.what.c_str(), (unsigned long long)got,
                            (unsigned long long)c.expect);
        }
    }

    // The C API rejects bad configuration and inputs with a message naming field and range.
    void api_checks() {
        char msg[160];
        auto expect_msg = [&](bool rejected, const char* want) {
            bool ok = rejected && std::string(msg) == want;
            if (ok)
                passed++;
            else
                failures++;
            if (!ok || !opt.quiet)
                std::printf("CHECK %s bm.api '%s' expected '%s'\n", ok ? "ok" : "FAIL", rejected ? msg : "(accepted)", want);
        };
        fg_bm_cfg bad = cfg;
        bad.n_prio = 9;
        expect_msg(fg_bm_check_cfg(&bad, msg, sizeof msg) != 0, "fg_bm: cfg.n_prio = 9 out of range 1..8");
        fg_bm_in x = in;
        x.cfg_alpha_shift[2] = 16;
        expect_msg(fg_bm_check_in(&cfg, &x, msg, sizeof msg) != 0, "fg_bm: cfg_alpha_shift[2] = 16 out of range 0..15");
        x = in;
        x.cfg_xoff[3][1] = 1u << CW;
        expect_msg(fg_bm_check_in(&cfg, &x, msg, sizeof msg) != 0, "fg_bm: cfg_xoff[3][1] = 262144 out of range 0..262143");
        x = in;
        x.enq_valid[1] = true, x.enq_prio[1] = 2, x.enq_dst[1] = 0, x.enq_cells[1] = 1;
        expect_msg(fg_bm_check_in(&cfg, &x, msg, sizeof msg) != 0, "fg_bm: enq_prio[1] = 2 out of range 0..1");
        x = in;
        x.deq_valid[0] = true, x.deq_prio[0] = 0, x.deq_src[0] = 0, x.deq_cells[0] = 256;
        expect_msg(fg_bm_check_in(&cfg, &x, msg, sizeof msg) != 0, "fg_bm: deq_cells[0] = 256 out of range 0..255");
        // and accepts the script's own (legal) inputs
        bool legal = fg_bm_check_in(&cfg, &in, msg, sizeof msg) == 0;
        if (legal)
            passed++;
        else
            failures++;
        if (!legal || !opt.quiet)
            std::printf("CHECK %s bm.api legal inputs accepted%s%s\n", legal ? "ok" : "FAIL", legal ? "" : ": ", legal ? "" : msg);
    }

    bool coverage() {
        api_checks();
        std::printf("CHECK bm.directed %d hand-computed checks passed, %d failed\n", passed, failures);
        if (failures) {
            std::printf("LOCKSTEP FAIL test=%s reason=hand-computed-check\n", opt.test.c_str());
            std::exit(1);
        }
        // A run cut short by a mismatch is reported by the harness; one cut short by --cycles
        // would silently skip checks.
        if (now + 1 == opt.cycles && (size_t)passed != checks.size() + 6) {
            std::printf("LOCKSTEP FAIL test=%s reason=only %d of %zu checks reached (run >= 34 cycles)\n",
                        opt.test.c_str(), passed, checks.size() + 6);
            std::exit(1);
        }
        return fg::report_coverage(opt, fg_bm_cov_names, st.cov, FG_BM_COV_N);
    }
};

}  // namespace bmtb

int main(int argc, char** argv) { return fg::run<bmtb::TbBmDirected>(argc, argv, "bm_directed"); }
