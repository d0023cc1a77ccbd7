// tb_ppfc_directed.cpp - directed lock-step test of fg_ppfc (N_PORTS=4, N_PRIO=2) whose
// expected values are worked out by hand from SPEC.md section 4 and the schedule of
// docs/blocks/ppfc.md, not taken from the code under test. The lock-step compares RTL and
// model every cycle as usual; on top, every pp_valid cycle, port, priority and pause time,
// stat_predict and busy are checked against the numbers below (CHECK FAIL ends the run).
//
// Setup: interval 400 (boundaries at edges 401, 801, 1201, 1601: cycles 0 and 1 are reset,
// the counter starts at edge 2), T = 10, kmax = 20, holdoff = 2, priority 1 lossless,
// priority 0 lossy, cell_cycles 0x100 and quanta_step 0x10000 (1 cell = 1 quantum) unless said.
// The random picks are predicted with an independent LFSR (x^32+x^22+x^2+x+1, Galois, right
// shift, taps 0x80200003, seeded at reset, one step per pick): r = (lfsr * remaining) >> 32,
// the first candidate whose running comp sum exceeds r.
//
// Schedule after a boundary edge b: TOT b+1, PRED b+2; when it fires, GATE of the first EQ
// whose gate bit (lossless, egress > kmax, registered) is set at b+3 (stat_predict), CAND
// b+4..b+7 (N = 4), then per pick PICK, SELECT, QMUL, ISSUE (pp_valid): the first ISSUE is
// at (last CAND edge) + 4, every further pick 4 edges later; after the last ISSUE (or a CAND
// scan without candidates) the next gated EQ's GATE follows, or IDLE on that same edge.
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include "tb_ppfc.inc"

namespace ppfctb {

struct Expect {
    uint64_t cycle;
    int port, prio;
    uint16_t quanta;
};

struct TbPpfcDirected : PpfcBench {
    bool require_coverage = false;  // a short script; the random tests own coverage
    int failures = 0, passed = 0;
    uint64_t now = 0;
    uint32_t lfsr_ref = 0x12345679u;
    std::vector<Expect> pps;          // every expected pp request
    std::vector<uint64_t> predicts;   // every expected stat_predict
    std::vector<std::pair<uint64_t, int>> busy_checks;
    size_t pp_seen = 0, predict_seen = 0;

    static uint32_t lfsr_next(uint32_t s) { return (s >> 1) ^ ((s & 1u) ? 0x80200003u : 0u); }
    // one pick among (port, comp) candidates in port order: returns the index in the list
    int pick(const std::vector<std::pair<int, uint32_t>>& cands) {
        uint64_t rem = 0;
        for (auto& c : cands) rem += c.second;
        uint64_t r = ((uint64_t)lfsr_ref * rem) >> 32;
        lfsr_ref = lfsr_next(lfsr_ref);
        uint64_t run = 0;
        for (size_t k = 0; k < cands.size(); k++) {
            run += cands[k].second;
            if (run > r) return (int)k;
        }
        return -1;
    }

    explicit TbPpfcDirected(const fg::Options& o) : PpfcBench(o) {
        // ---- decision 1 (boundary 401): one congested EQ(2,1), one candidate, port 1 ----
        // inc(1,1) = 50 - 0; inc_total = 50; shared_free 100 < 10 * 50: fire.
        // Gated EQs: only EQ(2,1) (egress 30 > 20; EQ(3,1) has 20, not > kmax; priority 0 is
        // lossy). GATE 404, CAND 405..408, PICK 409, SELECT 410 (port 1), QMUL 411, ISSUE 412.
        // quanta = (comp 30 + inc 50) * 1.0 * 1.0 = 80. Share 30/30 >= R = 1.0: stop; no
        // further gated EQ: idle after 412.
        predicts.push_back(404);
        pick({{1, 30}});
        pps.push_back({412, 1, 1, 80});
        busy_checks.push_back({401, 1});
        busy_checks.push_back({411, 1});
        busy_checks.push_back({412, 0});
        // ---- decision 2 (boundary 801): EQ(0,1) (egress 60), candidates port 0 (inc 10,
        // comp 10) and port 2 (inc 40, comp 40); port 1 inc 0, port 3 inc 1 (not > 1).
        // inc_total = 10 + 0 + 40 + 1 + 100 (lossy PG(2,0)) = 151 -> fire. R = 1.0: both are
        // chosen (50/60 < 1, then no candidate left). cell_cycles[0] = 0x180 (1.5),
        // quanta_step[0] = 0x10000, quanta_step[2] = 0x8000 (0.5):
        //   port 0: (10 + 10) * 1.5 * 1.0 = 30 quanta; port 2: (40 + 40) * 1.5 * 0.5 = 60.
        // GATE 804, CAND 805..808, ISSUE 812 and 816 whichever port comes first.
        predicts.push_back(804);
        {
            std::vector<std::pair<int, uint32_t>> c{{0, 10}, {2, 40}};
            const uint16_t q[4] = {30, 0, 60, 0};
            uint64_t issue = 808;
            while (!c.empty()) {
                int k = pick(c);
                int port = c[(size_t)k].first;
                issue = issue + 4;
                pps.push_back({issue, port, 1, q[port]});
                c.erase(c.begin() + k);
            }
            busy_checks.push_back({issue, 0});  // no other gated EQ: idle at the last ISSUE
            busy_checks.push_back({issue - 1, 1});
        }
        // ---- decision 3 (boundary 1201): ports 0 and 2 grow again but are in hold-off
        // (2 intervals: set in decision 2, 1 left after 1201); port 3 grows by 4 but is
        // standard-paused. EQ(0,1) gated (stat_predict at 1204) with no candidate: no pp,
        // idle after the last CAND edge 1208.
        predicts.push_back(1204);
        busy_checks.push_back({1207, 1});
        busy_checks.push_back({1208, 0});
        // ---- decision 4 (boundary 1601): hold-off expired. R = 0x100 (1/256): the first
        // pick stops. cell_cycles[0] = 0xFFFF, quanta_step[2] = 0xFFFFFF (saturates):
        //   port 0: (10 + 10) * 0xFFFF * 0x10000 >> 24 = 1310700 / 256 = 5119 (floor);
        //   port 2: (40 + 40) * 0xFFFF * 0xFFFFFF >> 24 > 0xFFFF -> 0xFFFF.
        // GATE 1604, CAND 1605..1608, ISSUE 1612.
        predicts.push_back(1604);
        {
            std::vector<std::pair<int, uint32_t>> c{{0, 10}, {2, 40}};
            int port = c[(size_t)pick(c)].first;
            pps.push_back({1612, port, 1, (uint16_t)(port == 0 ? 5119 : 0xFFFF)});
        }
    }

    void set_pg(int i, int p, uint32_t cells) {
        in.ingress_cnt[i][p] = cells;
        in.hdrm_cnt[i][p] = 0;
    }

    void stimulus(uint64_t cycle, fg::Rng&) {
        now = cycle;
        rst = cycle < 2;
        if (cycle == 0) {
            in.cfg_enable = true;
            in.cfg_interval = 400;
            in.cfg_horizon = 10;
            in.cfg_ratio = 0x10000;
            in.cfg_kmax = 20;
            in.cfg_holdoff = 2;
            in.cfg_seed = 0x12345679u;
            in.cfg_lossless = 0x2;
            for (int k = 0; k < N; k++) {
                in.cfg_cell_cycles[k] = 0x100;
                in.cfg_quanta_step[k] = 0x10000;
            }
            in.shared_free = 100;
        }
        if (cycle == 2) {  // decision 1
            set_pg(1, 1, 50);
            in.comp_cnt[2][1][1] = 30;
            in.egress_cnt[2][1] = 30;
            in.comp_cnt[3][1][1] = 20;
            in.egress_cnt[3][1] = 20;
        }
        if (cycle == 460) {  // decision 2
            set_pg(0, 1, 10);
            set_pg(2, 1, 40);
            set_pg(3, 1, 1);
            set_pg(2, 0, 100);
            in.comp_cnt[2][1][1] = 0;
            in.egress_cnt[2][1] = 0;
            in.comp_cnt[0][1][0] = 10;
            in.comp_cnt[0][1][1] = 9;
            in.comp_cnt[0][1][2] = 40;
            in.comp_cnt[0][1][3] = 1;
            in.egress_cnt[0][1] = 60;
            in.cfg_cell_cycles[0] = 0x180;
            in.cfg_quanta_step[2] = 0x8000;
        }
        if (cycle == 900) {  // decision 3
            set_pg(0, 1, 20);
            set_pg(2, 1, 80);
            set_pg(3, 1, 5);
            in.paused[3][1] = true;
        }
        if (cycle == 1300) {  // decision 4
            set_pg(0, 1, 30);
            set_pg(2, 1, 120);
            in.cfg_ratio = 0x100;
            in.cfg_cell_cycles[0] = 0xFFFF;
            in.cfg_quanta_step[2] = 0xFFFFFF;
        }
        in.cfg_seed_load = false;
    }

    void check(bool ok, const char* what, uint64_t got, uint64_t expect) {
        if (ok)
            passed++;
        else
            failures++;
        if (!ok || !opt.quiet)
            std::printf("CHECK %s ppfc.directed cycle=%llu %s got=%llu expected=%llu\n", ok ? "ok" : "FAIL",
                        (unsigned long long)now, what, (unsigned long long)got, (unsigned long long)expect);
    }

    void model_step() {
        bench_step();
        // the RTL's outputs equal the model's (the lock-step checks that separately)
        if (out.pp_valid) {
            if (pp_seen < pps.size()) {
                const Expect& e = pps[pp_seen];
                check(now == e.cycle, "pp_valid at the scheduled edge", now, e.cycle);
                check(out.pp_port == e.port, "pp_port", out.pp_port, (uint64_t)e.port);
                check(out.pp_prio == e.prio, "pp_prio", out.pp_prio, (uint64_t)e.prio);
                check(out.pp_quanta == e.quanta, "pp_quanta", out.pp_quanta, e.quanta);
                check(out.stat_pp[e.port][e.prio], "stat_pp of the PG", out.stat_pp[e.port][e.prio], 1);
            } else {
                check(false, "unexpected pp_valid (port in got)", out.pp_port, 99);
            }
            pp_seen++;
        }
        if (out.stat_predict) {
            uint64_t e = predict_seen < predicts.size() ? predicts[predict_seen] : 0;
            check(now == e, "stat_predict at the scheduled edge", now, e);
            predict_seen++;
        }
        if (out.stat_overrun) check(false, "no overrun at interval 400", 1, 0);
        for (auto& b : busy_checks)
            if (b.first == now) check(out.busy == (bool)b.second, "busy", out.busy, (uint64_t)b.second);
    }

    // The C API rejects bad configuration and inputs with a message naming field and range.
    void api_checks() {
        char msg[200];
        auto expect_msg = [&](bool rejected, const char* want) {
            bool ok = rejected && std::string(msg) == want;
            if (ok)
                passed++;
            else
                failures++;
            if (!ok || !opt.quiet)
                std::printf("CHECK %s ppfc.api '%s' expected '%s'\n", ok ? "ok" : "FAIL", rejected ? msg : "(accepted)",
                            want);
        };
        fg_ppfc_cfg bad = cfg;
        bad.n_prio = 9;
        expect_msg(fg_ppfc_check_cfg(&bad, msg, sizeof msg) != 0, "fg_ppfc: n_prio (N_PRIO) must be 1..8");
        bad = cfg;
        bad.cand_lanes = 5;  // W above N_PORTS = 4
        expect_msg(fg_ppfc_check_cfg(&bad, msg, sizeof msg) != 0,
                   "fg_ppfc: cand_lanes (CAND_LANES)=5 must be 1..n_ports=4 (0 = 1)");
        fg_ppfc_in x = in;
        x.cfg_ratio = 0x10001;
        expect_msg(fg_ppfc_check_in(&cfg, &x, msg, sizeof msg) != 0,
                   "fg_ppfc: cfg_ratio=0x10001 out of range 0x1..0x10000 (Q0.16)");
        x = in;
        x.cfg_interval = 0;
        expect_msg(fg_ppfc_check_in(&cfg, &x, msg, sizeof msg) != 0, "fg_ppfc: cfg_interval=0 out of range 1..16777215");
        x = in;
        x.comp_cnt[1][0][3] = 1u << CW;
        expect_msg(fg_ppfc_check_in(&cfg, &x, msg, sizeof msg) != 0,
                   "fg_ppfc: comp_cnt[1][0][3]=262144 out of range 0..262143");
        bool legal = fg_ppfc_check_in(&cfg, &in, msg, sizeof msg) == 0;
        if (legal)
            passed++;
        else
            failures++;
        std::printf("CHECK %s ppfc.api legal inputs accepted%s%s\n", legal ? "ok" : "FAIL", legal ? "" : ": ",
                    legal ? "" : msg);
    }

    bool coverage() {
        api_checks();
        if (now + 1 == opt.cycles) {
            check(pp_seen == pps.size(), "number of pp requests", pp_seen, pps.size());
            check(predict_seen == predicts.size(), "number of stat_predict", predict_seen, predicts.size());
        } else {
            std::printf("CHECK FAIL ppfc.directed needs --cycles 1700 (ran %llu)\n", (unsigned long long)(now + 1));
            failures++;
        }
        std::printf("CHECK ppfc.directed %d hand-computed checks passed, %d failed\n", passed, failures);
        if (failures) {
            std::printf("LOCKSTEP FAIL test=%s reason=hand-computed-check\n", opt.test.c_str());
            std::exit(1);
        }
        return fg::report_coverage(opt, fg_ppfc_cov_names, st.cov, FG_PPFC_COV_N);
    }
};

}  // namespace ppfctb

int main(int argc, char** argv) { return fg::run<ppfctb::TbPpfcDirected>(argc, argv, "ppfc_directed"); }
