// tb_bm_pipe_directed.cpp - directed lock-step test of fg_bm_pipe (N_PORTS=4, N_PRIO=2) whose
// expected values were worked out by hand from docs/blocks/bm_pipe.md (the pipeline table and
// its latencies), not taken from the code under test. RTL and model are compared every cycle
// as usual; on top, after the listed edges the outputs must equal the hand-computed numbers
// (a wrong one prints CHECK FAIL and the run exits 1).
//
// Setup: B = 100, reserve = 2, headroom = 10 (every port), alpha_shift = 1, resume_offset = 2,
// priority 1 lossless, priority 0 lossy, dynamic mode. Carve-out = 4 ports x 10 (priority 1)
// + 8 PGs x 2 = 56, pool = 44, thr = 22, lim = thr + reserve = 24.
// Edge e is the e-th call of the step (0 and 1 are reset); "after e" = the registered outputs
// then. An offer driven in cycle c is captured at edge c (H), granted at c+1 (A1: the holding
// register empties), in slot A2 at c+2, its counters' read from block RAM at c+3 (R) and c+4
// (F), prepared at c+5 (B: the RAM's word or a write-back of the edges c+3 .. c+5), compared
// at c+6 (C1), decided at c+7 (C2: verdict), written at c+8 (W; D reads the EQ's counter), the
// EQ counter at c+9 (Q); split/rs at c+9 (D2), c+10 (D3), shared_used at c+11 (E), when no
// interlock wait intervenes (an op in A2 waits while either of the two slots ahead, at R or
// F, names its PG). The PG counters are seen through the monitor: after edge e it shows PG
// (e - 6) mod 8 (edge e is the (e - 1)-th after the reset edge 1) as it stood after edge e - 3
// (PG k = port * 2 + priority).
#define TB_N_PORTS 4
#define TB_N_PRIO 2
#include <functional>
#include <string>

#include "tb_bm_pipe.inc"

namespace bmptb {

struct Check {
    uint64_t cycle;
    std::string what;
    uint64_t expect;
    std::function<uint64_t(const fg_bm_pipe_out&)> get;
};

struct Offer {
    uint64_t cycle;
    bool deq;
    int port, prio, other, cells;
};

struct TbBmPipeDirected : TbBmPipe {
    std::vector<Check> checks;
    std::vector<Offer> offers;
    int failures = 0, passed = 0;

    explicit TbBmPipeDirected(const fg::Options& o) : TbBmPipe(o) {
        require_coverage = false;  // a short script; the random tests own coverage
        using O = const fg_bm_pipe_out&;
        auto C = [this](uint64_t c, const char* w, uint64_t e, std::function<uint64_t(O)> g) {
            checks.push_back(Check{c, w, e, g});
        };
        // PG k's ingress / headroom as the monitor shows them (an unmistakable value when the
        // monitor shows another PG: a check at the wrong edge fails)
        auto ing = [](int i, int p) {
            return [=](O x) { return x.mon_valid && x.mon_pg == i * P + p ? (uint64_t)x.mon_ing : 0xBADull; };
        };
        auto hd = [](int i, int p) {
            return [=](O x) { return x.mon_valid && x.mon_pg == i * P + p ? (uint64_t)x.mon_hd : 0xBADull; };
        };
        auto eg = [](int o, int p) { return [=](O x) { return (uint64_t)x.egress_cnt[o][p]; }; };
        auto su = [](O x) { return (uint64_t)x.shared_used; };
        // the verdict's EQ count before its own admission, after the verdict's Q edge (2 after it)
        auto aq = [](O x) { return (uint64_t)x.adm_eq_cnt; };
        auto thr0 = [](O x) { return (uint64_t)x.thr[0]; };
        auto adm = [](O x) { return (uint64_t)(x.adm_valid ? 0x100u | (x.adm_port << 4) | x.adm_where : 0u); };
        auto viol = [](O x) { return (uint64_t)x.stat_violation; };
        auto rdy0 = [](O x) { return (uint64_t)x.enq_ready[0]; };
        auto relv = [](O x) { return (uint64_t)(x.rel_valid ? 0x100u | x.rel_port : 0u); };
        auto paused = [](O x) {
            uint64_t m = 0;
            for (int i = 0; i < N; i++)
                for (int p = 0; p < P; p++) m |= (uint64_t)x.paused[i][p] << (i * P + p);
            return m;
        };
        // threshold pipeline: the ring registers PG k's term at edge 2 + k and sums it on the
        // next edge; the last PG (7) is summed and the carve-out loaded at edge 10, carved 11,
        // pool 12, pool_free 13, thr 14; until then carved is 0 and the pool is all of B:
        // thr = 100 >> 1
        C(13, "thr[0] = 100 >> 1 (no carve-out yet)", 50, thr0);
        C(14, "thr[0] = 44 >> 1", 22, thr0);
        // P1 cycle 20: port 0 prio 1 -> dst 1, 2 cells: 0 <= reserve - 2 = 0 -> reserve
        offers.push_back(Offer{20, false, 0, 1, 1, 2});
        C(20, "enq_ready[0] low after the capture", 0, rdy0);
        C(21, "enq_ready[0] high after the grant (A1)", 1, rdy0);
        C(26, "no verdict yet", 0, adm);
        C(27, "verdict P1: port 0, reserve", 0x100, adm);
        C(31, "monitor: ingress(0,1) after 28 = 2 (W 28)", 2, ing(0, 1));
        C(28, "egress(1,1) not yet (Q is the edge after W)", 0, eg(1, 1));
        C(29, "egress(1,1) = 2 (Q)", 2, eg(1, 1));
        // P2 cycle 22, same PG, 5 cells -> dst 1: A2 at 24; at 25 P1 is at F (interlock, the
        // slot two ahead): waits; R 26, F 27, B 28 with P1 in W (its write-back forwarded): ing
        // 2, 2 <= 24 - 5 -> shared, verdict 30, W 31, Q 32; split = 5 - min(5, sat0(2 - 2)) =
        // 5, E at 34
        offers.push_back(Offer{22, false, 0, 1, 1, 5});
        C(29, "no verdict: P2 waited behind P1", 0, adm);
        C(30, "verdict P2: shared", 0x101, adm);
        C(32, "egress(1,1) = 7", 7, eg(1, 1));
        C(32, "adm_eq_cnt of P2: egress(1,1) before its Q = P1's 2", 2, aq);
        C(33, "shared_used before E", 0, su);
        C(34, "shared_used = 5 (E)", 5, su);
        C(35, "thr[0] still 22", 22, thr0);
        C(36, "thr[0] = (44 - 5) >> 1", 19, thr0);
        // P3 cycle 24, same PG, 20 cells -> dst 3: A1 25, A2 26, waits at 27 and 28 (P2 at R,
        // then at F), R 29, F 30, B 31 (P2's write-back of that edge forwarded: ing 7): 7 <= 24
        // - 20 no, headroom 10 - 20 < 0 -> violation, verdict 33
        offers.push_back(Offer{24, false, 0, 1, 3, 20});
        C(33, "verdict P3: dropped", 0x103, adm);
        C(33, "stat_violation", 1, viol);
        C(39, "monitor: ingress(0,1) after 36 = 2 + 5 (P3 dropped, P4 not yet)", 7, ing(0, 1));
        // cycle 26: P4 port 0 (10 cells -> dst 3) and P5 port 2 prio 0 (lossy, 3 cells -> dst 1).
        // The last grant was port 0 (P3), so port 2 goes first: A1 27, held there at 28 while
        // P3 waits in A2 (A1 copies its fields), A2 29, R 30, F 31, B 32: 0 <= 24 - 3 ->
        // shared, split = 3 - min(3, 2 - 0) = 1, verdict 34, W 35, Q 36, E 38. Port 0: A1 29,
        // A2 30, waits at 31 (P3 at F: a dropped admission still holds its PG's slot), R 32, F
        // 33, B 34 (P3's write-back of that edge forwarded), lim still 24: 7 <= 24 - 10 ->
        // shared, split = 10, verdict 36, W 37, Q 38, E 40.
        offers.push_back(Offer{26, false, 0, 1, 3, 10});
        offers.push_back(Offer{26, false, 2, 0, 1, 3});
        C(34, "verdict P5 first: port 2, shared", 0x121, adm);
        C(35, "no verdict: P4 waited", 0, adm);
        C(36, "verdict P4: port 0, shared", 0x101, adm);
        C(36, "egress(1,0) = 3", 3, eg(1, 0));
        C(34, "monitor: ingress(2,0) after 31 = 0 (P5 not yet written)", 0, ing(2, 0));
        C(42, "monitor: ingress(2,0) after 39 = 3", 3, ing(2, 0));
        // P10 cycle 28 port 2 prio 1 -> dst 2, 1 cell: port 2's holding register is free again
        // after P5's grant (27) while P5 still waits in A1, so the capture at 28 overwrites the
        // fields A1 copies on that same edge: P5's verdict above is only right from the copy.
        // P10: A1 30 (after P4 at 29), held there at 31 (P4 waits in A2; A1 copies P10), A2
        // 32, R 33, F 34, B 35: PG(2,1) empty, 0 <= 2 - 1 -> reserve, verdict 37, W 38, Q 39.
        offers.push_back(Offer{28, false, 2, 1, 2, 1});
        C(37, "verdict P10: port 2, reserve", 0x120, adm);
        C(43, "monitor: ingress(2,1) after 40 = 1", 1, ing(2, 1));
        C(39, "egress(2,1) = 1", 1, eg(2, 1));
        C(47, "monitor: ingress(0,1) after 44 = 17", 17, ing(0, 1));
        C(37, "egress(3,1) not yet", 0, eg(3, 1));
        C(38, "egress(3,1) = 10", 10, eg(3, 1));
        C(38, "shared_used = 5 + 1", 6, su);
        C(40, "shared_used = 6 + 10", 16, su);
        // pause of PG(0,1) by threshold drift, found by the scan lane: shared_used 16 (40) ->
        // pool_free 28 (41) -> thr 14 (42) -> thrres 16 (43) -> dlim 16, rsm 14 (44). Its last
        // write was P4's at 37 (ing 17, lim 24 then: lane A, no pause). The ring registers PG
        // k's xoff/xon at edges 2 + k + 8m (PG 0 on the first edge after reset) and the scan
        // reads k's counters one edge later (S0), as they stand after that edge, with the
        // limits as registered before it; compares 3 edges later, decides on the 4th. PG 1 at
        // 44: dlim 21 (from thr 19 of shared_used 6): no pause (48); at 52: ing 17, dlim 16 ->
        // compares at 55 (17 > reserve, 17 >= 16), paused after edge 56 (bit 0*2+1).
        C(48, "not paused (the scan's read at 44 had dlim 21)", 0, paused);
        C(55, "not paused yet (the scan read PG 1 at 52, its compares at 55)", 0, paused);
        C(56, "PG(0,1) paused (scan lane)", 0x2, paused);
        // release R cycle 49: egress 1 prio 1 from ingress 0, 5 cells: A2 51, R 52, F 53, B 54,
        // verdict 56: hd 0, r <= occ 17 -> ing = 17 - 5 (W at 57: after the scan's decision
        // window of its read at 52, which a release's write-back on 53 .. 55 would have made
        // resume-only); rs = min(5, 17 - 2) = 5 -> shared_used 16 - 5 at E (60). A release has
        // no pause lane: the scan's next read of PG 1 is at 60 (ing 12; dlim 16 and rsm 14 as
        // registered before 60), compares at 63 (hd 0, 12 <= 14), resumed after edge 64.
        offers.push_back(Offer{49, true, 1, 1, 0, 5});
        C(56, "rel_valid R from egress port 1", 0x101, relv);
        C(58, "egress(1,1) = 7 - 5", 2, eg(1, 1));
        C(59, "shared_used before E", 16, su);
        C(60, "shared_used = 16 - 5", 11, su);
        C(55, "monitor: ingress(0,1) after 52 = 17 (the pause's read)", 17, ing(0, 1));
        C(63, "monitor: ingress(0,1) after 60 = 12", 12, ing(0, 1));
        C(63, "monitor: hdrm(0,1) = 0", 0, hd(0, 1));
        C(63, "PG(0,1) still paused (the release is seen by the scan)", 0x2, paused);
        // A second release R' (cycle 53, egress 1 prio 1 from ingress 0, 2 cells: A1 54, A2 56
        // behind R1 below, R 57, F 58, B 59 with R's write-back of 57 forwarded, verdict 61, W
        // 62, Q 63, E 65; rs = min(2, 12 - 2) = 2) writes PG 1 back two edges after the
        // scan's read at 60, so that read (ing 12) is stale - by a release, which only lowers
        // the occupancy: it may still resume the PG (dropping it would resume after edge 72).
        offers.push_back(Offer{53, true, 1, 1, 0, 2});
        C(61, "rel_valid R' from egress port 1", 0x101, relv);
        C(63, "egress(1,1) = 2 - 2", 0, eg(1, 1));
        C(64, "PG(0,1) resumed by the scan lane on a read R' made stale", 0, paused);
        C(65, "shared_used = 11 - 2", 9, su);
        C(71, "monitor: ingress(0,1) after 68 = 12 - 2", 10, ing(0, 1));
        // interlock: P9 cycle 50 port 1 prio 0 -> dst 2, 2 cells: 0 <= 2 - 2 -> reserve (A2 52,
        // R 53, F 54, B 55, C1 56, verdict 57, W 58, Q 59). Release R1 cycle 51 egress 2 prio 0
        // from ingress 1, 1 cell: A2 at 53; it waits at 54 (P9 in R) and 55 (P9 in F); R 56, F
        // 57, B 58 (P9's write-back of that edge forwarded: ing 2), verdict 60, W 61: ing 2 - 1,
        // Q 62.
        offers.push_back(Offer{50, false, 1, 0, 2, 2});
        offers.push_back(Offer{51, true, 2, 0, 1, 1});
        C(57, "verdict P9: port 1, reserve", 0x110, adm);
        C(58, "R1 waits: no release decided", 0, relv);
        C(59, "R1 still waiting", 0, relv);
        C(59, "egress(2,0) = 2 (P9, Q)", 2, eg(2, 0));
        C(60, "rel_valid R1 from egress port 2", 0x102, relv);
        C(56, "monitor: ingress(1,0) after 53 = 0 (P9 not yet written)", 0, ing(1, 0));
        C(62, "egress(2,0) = 2 - 1", 1, eg(2, 0));
        C(64, "monitor: ingress(1,0) after 61 = 2 - 1 (R1 written on 61)", 1, ing(1, 0));
        // an admission and a release of one PG side by side in slot A2 take turns. shared_used is
        // 9 from 65 (R' took 2; the P9/R1 pair touched no shared cell), pool_free 35, thr 17,
        // lim 19 from edge 69.
        // P6 cycle 68 port 3 prio 0 -> dst 0, 3 cells: 0 <= 2 - 3 no, 0 <= 19 - 3 -> shared,
        // split 3 - 2 = 1 (A2 70, R 71, F 72, B 73, verdict 75, W 76, Q 77, E 79). P7 cycle 70,
        // same PG, 2 cells, and R2 cycle 70 egress 0 prio 0 from ingress 3, 3 cells: both in
        // slot A2 at 72; at 73 both wait for P6 (at F); at 74 their first turn: the release
        // waits, P7 goes (R 74, F 75, B 76, P6's write-back forwarded: ing 3; 3 <= 19 - 2 ->
        // shared, verdict 78, W 79, Q 80). R2 then waits at 75 and 76 (P7 at R, at F), R 77, F
        // 78, B 79 (P7's write-back forwarded: ing 5), verdict 81, W 82: 5 - 3, Q 83.
        offers.push_back(Offer{68, false, 3, 0, 0, 3});
        offers.push_back(Offer{70, false, 3, 0, 0, 2});
        offers.push_back(Offer{70, true, 0, 0, 3, 3});
        C(75, "verdict P6: port 3, shared", 0x131, adm);
        C(76, "monitor: ingress(3,0) after 73 = 0", 0, ing(3, 0));
        C(77, "no verdict: P7 waited for P6", 0, adm);
        C(78, "verdict P7: port 3, shared", 0x131, adm);
        C(78, "R2 waits (the interlock, its turn, the interlock)", 0, relv);
        C(80, "R2 not yet", 0, relv);
        C(80, "egress(0,0) = 3 + 2", 5, eg(0, 0));
        C(80, "adm_eq_cnt of P7: egress(0,0) before its Q = P6's 3", 3, aq);
        C(81, "rel_valid from egress port 0", 0x100, relv);
        C(84, "monitor: ingress(3,0) after 81 = 3 + 2", 5, ing(3, 0));
        C(83, "egress(0,0) = 3 + 2 - 3", 2, eg(0, 0));
        // second meeting, the admission's turn to wait: P8 cycle 80 port 3 prio 0 -> dst 0, 1
        // cell and R3 cycle 80 egress 0 prio 0 from ingress 3, 1 cell; both in A2 at 82, the
        // slots ahead are empty at 83: the turn. R3: R 83, F 84, B 85 (R2's write-back of 82 is
        // in the RAM: bank R), verdict 87, W 88 (ing 1). P8 waits at 83 (turn), 84 and 85 (R3
        // at R, at F): R 86, F 87, B 88 (R3's write-back forwarded: ing 1), 1 <= 2 - 1 ->
        // reserve, verdict 90, W 91, Q 92.
        offers.push_back(Offer{80, false, 3, 0, 0, 1});
        offers.push_back(Offer{80, true, 0, 0, 3, 1});
        C(87, "rel_valid from egress port 0 (the release first this time)", 0x100, relv);
        C(87, "no verdict: P8 waits", 0, adm);
        C(89, "still no verdict", 0, adm);
        C(90, "verdict P8: port 3, reserve", 0x130, adm);
        C(92, "monitor: ingress(3,0) after 89 = 2 - 1", 1, ing(3, 0));
        C(100, "monitor: ingress(3,0) after 97 = 1 + 1", 2, ing(3, 0));
        // P8's Q at 92: EQ(0,0) held 3 + 2 - 3 (83), then R3 took 1 (Q at 89)
        C(92, "adm_eq_cnt of P8: egress(0,0) = 1", 1, aq);
        C(93, "adm_eq_cnt 0: no verdict's Q at 93", 0, aq);
        // B's other two forwards, one PG (1,1) (k = 3, lossless; lim 19: shared_used 9 from 85).
        // P11 cycle 94 port 1 prio 1 -> dst 0, 1 cell: R 97, F 98, B 99, 0 <= 2 - 1 -> reserve,
        // verdict 101, W 102, Q 103. P12 cycle 98, same PG, 2 cells: R 101, F 102, B 103; P11's
        // write-back lands on F's edge (102), one edge before B's: the w1 forward, ing 1; 1 <= 2
        // - 2 no (the RAM word, 0, would say reserve), 1 <= 19 - 2 -> shared, split 2 - 1 = 1,
        // verdict 105, W 106 (ing 3), Q 107, E 109. P13 cycle 103, same PG, 1 cell: R 106, F
        // 107, B 108; P12's write-back lands on R's edge (106): the w2 forward, ing 3 (the RAM
        // word before 106, 1, would say reserve): shared, split 1, verdict 110, W 111 (ing 4),
        // Q 112, E 114. Then the release lane's w1: R4 cycle 114, egress 0 prio 1 from ingress
        // 1, 1 cell (R 117, B 119: ing 4 -> 3, verdict 121, W 122, E 125: rs = min(1, 4 - 2));
        // R5 cycle 118, the same (R 121, F 122 = R4's write-back, B 123: ing 3 -> 2, verdict
        // 125, W 126, E 129; the RAM word before 121 would give 4 -> 3).
        offers.push_back(Offer{94, false, 1, 1, 0, 1});
        offers.push_back(Offer{98, false, 1, 1, 0, 2});
        offers.push_back(Offer{103, false, 1, 1, 0, 1});
        offers.push_back(Offer{114, true, 0, 1, 1, 1});
        offers.push_back(Offer{118, true, 0, 1, 1, 1});
        C(101, "verdict P11: port 1, reserve", 0x110, adm);
        C(103, "egress(0,1) = 1 (P11, Q)", 1, eg(0, 1));
        C(105, "verdict P12: port 1, shared (P11 forwarded from w1)", 0x111, adm);
        C(105, "monitor: ingress(1,1) after 102 = 1", 1, ing(1, 1));
        C(107, "adm_eq_cnt of P12: egress(0,1) = 1", 1, aq);
        C(109, "shared_used = 9 + 1 (P12's split)", 10, su);
        C(110, "verdict P13: port 1, shared (P12 forwarded from w2)", 0x111, adm);
        C(112, "adm_eq_cnt of P13: egress(0,1) = 3", 3, aq);
        C(113, "monitor: ingress(1,1) after 110 = 3", 3, ing(1, 1));
        C(114, "shared_used = 10 + 1 (P13's split)", 11, su);
        C(121, "rel_valid R4 from egress port 0", 0x100, relv);
        C(121, "monitor: ingress(1,1) after 118 = 4", 4, ing(1, 1));
        C(124, "shared_used before R4's E", 11, su);
        C(125, "shared_used = 11 - 1 (R4)", 10, su);
        C(125, "rel_valid R5 from egress port 0", 0x100, relv);
        C(129, "shared_used = 10 - 1 (R5)", 9, su);
        C(129, "monitor: ingress(1,1) after 126 = 4 - 1 - 1 (R4 forwarded from w1 to R5)", 2, ing(1, 1));
    }

    void stimulus(uint64_t cycle, fg::Rng&) {
        now = cycle;
        rst = cycle < 2;
        in.cfg_total_cells = 100;
        in.cfg_reserve = 2;
        for (int i = 0; i < N; i++) in.cfg_headroom[i] = 10, in.cfg_alpha_shift[i] = 1;
        in.cfg_resume_offset = 2;
        in.cfg_lossless = 0x2;
        in.cfg_static_mode = false;
        for (int i = 0; i < N; i++) in.enq_valid[i] = in.deq_valid[i] = false;
        for (const Offer& f : offers) {
            if (f.cycle != cycle) continue;
            const bool ready = f.deq ? out.deq_ready[f.port] : out.enq_ready[f.port];
            if (!ready) {
                std::printf("CHECK FAIL cycle=%llu the script offers on port %d, which is not ready\n",
                            (unsigned long long)cycle, f.port);
                failures++;
            }
            if (f.deq) {
                in.deq_valid[f.port] = true, in.deq_prio[f.port] = (uint8_t)f.prio;
                in.deq_src[f.port] = (uint8_t)f.other, in.deq_cells[f.port] = (uint16_t)f.cells;
            } else {
                in.enq_valid[f.port] = true, in.enq_prio[f.port] = (uint8_t)f.prio;
                in.enq_dst[f.port] = (uint8_t)f.other, in.enq_cells[f.port] = (uint16_t)f.cells;
            }
        }
    }

    void model_step() {
        if (rst) {
            fg_bm_pipe_reset(&st, &cfg);
            fg_bm_pipe_outputs(&st, &out);
        } else {
            fg_bm_pipe_step(&st, &in, &out);
        }
        for (const Check& c : checks) {
            if (c.cycle != now) continue;
            const uint64_t got = c.get(out);
            if (got == c.expect) {
                passed++;
            } else {
                failures++;
                std::printf("CHECK FAIL cycle=%llu %s: expected %llu, model %llu\n", (unsigned long long)now,
                            c.what.c_str(), (unsigned long long)c.expect, (unsigned long long)got);
            }
        }
    }

    bool coverage() {
        std::printf("CHECK bm_pipe.directed %d hand-computed checks passed, %d failed\n", passed, failures);
        if (failures || passed != (int)checks.size()) std::exit(1);
        return true;
    }
};

}  // namespace bmptb

int main(int argc, char** argv) { return fg::run<bmptb::TbBmPipeDirected>(argc, argv, "bm_pipe_directed"); }
