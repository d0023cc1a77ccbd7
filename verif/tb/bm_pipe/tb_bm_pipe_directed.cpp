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
// register empties), in slot A2 at c+2, prepared at c+3 (B, which reads the PG's counters),
// compared at c+4 (C1), decided at c+5 (C2: verdict), written at c+6 (W; D reads the EQ's
// counter), the EQ counter at c+7 (Q); split/rs at c+7 (D2), c+8 (D3), shared_used at c+9 (E),
// when no interlock wait intervenes (an op in A2 waits while either of the two slots ahead,
// at B or C1, names its PG).
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
        auto ing = [](int i, int p) { return [=](O x) { return (uint64_t)x.ingress_cnt[i][p]; }; };
        auto hd = [](int i, int p) { return [=](O x) { return (uint64_t)x.hdrm_cnt[i][p]; }; };
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
        C(24, "no verdict yet", 0, adm);
        C(25, "verdict P1: port 0, reserve", 0x100, adm);
        C(25, "ingress(0,1) not yet written", 0, ing(0, 1));
        C(26, "ingress(0,1) = 2 (W)", 2, ing(0, 1));
        C(26, "egress(1,1) not yet (Q is the edge after W)", 0, eg(1, 1));
        C(27, "egress(1,1) = 2 (Q)", 2, eg(1, 1));
        // P2 cycle 22, same PG, 5 cells -> dst 1: A2 at 24; at 25 P1 is at C1 (interlock, the
        // slot two ahead): waits; B at 26 with P1 in W (forwarded): ing 2, 2 <= 24 - 5 ->
        // shared, verdict 28, W 29, Q 30; split = 5 - min(5, sat0(2 - 2)) = 5, E at 32
        offers.push_back(Offer{22, false, 0, 1, 1, 5});
        C(27, "no verdict: P2 waited behind P1", 0, adm);
        C(28, "verdict P2: shared", 0x101, adm);
        C(29, "ingress(0,1) = 7", 7, ing(0, 1));
        C(30, "egress(1,1) = 7", 7, eg(1, 1));
        C(30, "adm_eq_cnt of P2: egress(1,1) before its Q = P1's 2", 2, aq);
        C(31, "shared_used before E", 0, su);
        C(32, "shared_used = 5 (E)", 5, su);
        C(33, "thr[0] still 22", 22, thr0);
        C(34, "thr[0] = (44 - 5) >> 1", 19, thr0);
        // P3 cycle 24, same PG, 20 cells -> dst 3: A1 25, A2 26, waits at 27 and 28 (P2 at B,
        // then at C1), B 29 (P2 forwarded: ing 7): 7 <= 24 - 20 no, headroom 10 - 20 < 0 ->
        // violation, verdict 31
        offers.push_back(Offer{24, false, 0, 1, 3, 20});
        C(31, "verdict P3: dropped", 0x103, adm);
        C(31, "stat_violation", 1, viol);
        C(32, "ingress(0,1) unchanged", 7, ing(0, 1));
        // cycle 26: P4 port 0 (10 cells -> dst 3) and P5 port 2 prio 0 (lossy, 3 cells -> dst 1).
        // The last grant was port 0 (P3), so port 2 goes first: A1 27, held there at 28 while
        // P3 waits in A2 (A1 copies its fields), A2 29, B 30: 0 <= 24 - 3 -> shared, split =
        // 3 - min(3, 2 - 0) = 1, verdict 32, W 33, Q 34, E 36. Port 0: A1 29, A2 30, waits at
        // 31 (P3 at C1: a dropped admission still holds its PG's slot), B 32: lim still 24:
        // 7 <= 24 - 10 -> shared, split = 10, verdict 34, W 35, Q 36, E 38.
        offers.push_back(Offer{26, false, 0, 1, 3, 10});
        offers.push_back(Offer{26, false, 2, 0, 1, 3});
        C(32, "verdict P5 first: port 2, shared", 0x121, adm);
        C(33, "ingress(2,0) = 3", 3, ing(2, 0));
        C(33, "no verdict: P4 waited", 0, adm);
        C(34, "verdict P4: port 0, shared", 0x101, adm);
        C(34, "egress(1,0) = 3", 3, eg(1, 0));
        // P10 cycle 28 port 2 prio 1 -> dst 2, 1 cell: port 2's holding register is free again
        // after P5's grant (27) while P5 still waits in A1, so the capture at 28 overwrites the
        // fields A1 copies on that same edge: P5's verdict above is only right from the copy.
        // P10: A1 30 (after P4 at 29), held there at 31 (P4 waits in A2; A1 copies P10), A2
        // 32, B 33: PG(2,1) empty, 0 <= 2 - 1 -> reserve, verdict 35, W 36, Q 37.
        offers.push_back(Offer{28, false, 2, 1, 2, 1});
        C(35, "verdict P10: port 2, reserve", 0x120, adm);
        C(36, "ingress(2,1) = 1", 1, ing(2, 1));
        C(37, "egress(2,1) = 1", 1, eg(2, 1));
        C(35, "ingress(0,1) = 17", 17, ing(0, 1));
        C(35, "egress(3,1) not yet", 0, eg(3, 1));
        C(36, "egress(3,1) = 10", 10, eg(3, 1));
        C(36, "shared_used = 5 + 1", 6, su);
        C(38, "shared_used = 6 + 10", 16, su);
        // pause of PG(0,1) by threshold drift, found by the scan lane: shared_used 16 (38) ->
        // pool_free 28 (39) -> thr 14 (40) -> thrres 16 (41) -> dlim 16, rsm 14 (42). Its last
        // write was P4's at 35 (ing 17, lim 24 then: no pause). The ring registers PG k's
        // xoff/xon at edges 2 + k + 8m (PG 0 on the first edge after reset) and the scan reads
        // k's counters one edge later: PG 1 at 44 (ing 17, dlim 16 as registered at 42),
        // compares at 45 (17 > reserve, 17 >= 16), paused after edge 46 (bit 0*2+1). Its read
        // at 36 saw dlim 24 (thrres 24 after 34: shared_used 0 then).
        C(42, "not paused yet (lim 21 until edge 42)", 0, paused);
        C(45, "not paused yet (the scan read PG 1 at 44, its compares at 45)", 0, paused);
        C(46, "PG(0,1) paused (scan lane)", 0x2, paused);
        // release cycle 40: egress 1 prio 1 from ingress 0, 5 cells: A2 42, B 43, verdict 45:
        // hd 0, r <= occ 17 -> ing = 17 - 5 (W at 46); rs = min(5, 17 - 2) = 5 -> shared_used
        // 16 - 5 at E (49). A release has no pause lane: the scan's next read of PG 1 is at 52
        // (ing 12; dlim 16 and rsm 14 as registered at 51: thrres 16 from thr 14 of
        // shared_used 16), compares at 53 (hd 0, 12 <= 14), resumed after edge 54.
        offers.push_back(Offer{40, true, 1, 1, 0, 5});
        C(53, "PG(0,1) still paused (the release is seen by the scan)", 0x2, paused);
        // A second release R' (cycle 46, egress 1 prio 1 from ingress 0, 2 cells: A2 48, B 49,
        // verdict 51, W 52, Q 53, E 55; rs = min(2, 12 - 2) = 2) writes PG 1 back on the scan's
        // read edge 52, so that read (ing 12) is stale - by a release, which only lowers the
        // occupancy: it may still resume the PG (dropping it would resume after edge 62).
        offers.push_back(Offer{46, true, 1, 1, 0, 2});
        C(51, "rel_valid R' from egress port 1", 0x101, relv);
        C(52, "ingress(0,1) = 12 - 2", 10, ing(0, 1));
        C(53, "egress(1,1) = 2 - 2", 0, eg(1, 1));
        C(54, "PG(0,1) resumed by the scan lane on a read R' made stale", 0, paused);
        C(55, "shared_used = 11 - 2", 9, su);
        C(45, "rel_valid from egress port 1", 0x101, relv);
        C(46, "ingress(0,1) = 12", 12, ing(0, 1));
        C(46, "hdrm(0,1) = 0", 0, hd(0, 1));
        C(47, "egress(1,1) = 7 - 5", 2, eg(1, 1));
        C(48, "shared_used before E", 16, su);
        C(49, "shared_used = 16 - 5", 11, su);
        // interlock: P9 cycle 50 port 1 prio 0 -> dst 2, 2 cells: 0 <= 2 - 2 -> reserve (A2 52,
        // B 53, C1 54, verdict 55, W 56, Q 57). Release R1 cycle 51 egress 2 prio 0 from
        // ingress 1, 1 cell: A2 at 53; it waits at 54 (P9 in B) and 55 (P9 in C1); B at 56
        // (P9 in W: forwarded, ing 2), verdict 58, W 59: ing 2 - 1, Q 60.
        offers.push_back(Offer{50, false, 1, 0, 2, 2});
        offers.push_back(Offer{51, true, 2, 0, 1, 1});
        C(55, "verdict P9: port 1, reserve", 0x110, adm);
        C(56, "ingress(1,0) = 2", 2, ing(1, 0));
        C(56, "R1 waits: no release decided yet", 0, relv);
        C(57, "R1 still waiting", 0, relv);
        C(57, "egress(2,0) = 2 (P9, Q)", 2, eg(2, 0));
        C(58, "rel_valid from egress port 2", 0x102, relv);
        C(58, "ingress(1,0) still 2", 2, ing(1, 0));
        C(59, "ingress(1,0) = 1", 1, ing(1, 0));
        C(60, "egress(2,0) = 2 - 1", 1, eg(2, 0));
        // an admission and a release of one PG side by side in slot A2 take turns. shared_used is
        // 9 (R' took 2 at 55; the P9/R1 pair touched no shared cell), pool_free 35, thr 17,
        // lim 19 from edge 59.
        // P6 cycle 60 port 3 prio 0 -> dst 0, 3 cells: 0 <= 2 - 3 no, 0 <= 19 - 3 -> shared
        // (A2 62, B 63, C1 64, verdict 65, W 66, Q 67). P7 cycle 62, same PG, 2 cells, and R2
        // cycle 62 egress 0 prio 0 from ingress 3, 3 cells: both in slot A2 at 64; at 65 both
        // wait for P6 (at C1); at 66 their first turn: the release waits, P7 goes (B 66, P6
        // forwarded: ing 3; 3 <= 19 - 2 -> shared, verdict 68, W 69, Q 70). R2 then waits at 67
        // and 68 (P7 at B, at C1), B 69 (P7 forwarded: ing 5), verdict 71, W 72: 5 - 3, Q 73.
        offers.push_back(Offer{60, false, 3, 0, 0, 3});
        offers.push_back(Offer{62, false, 3, 0, 0, 2});
        offers.push_back(Offer{62, true, 0, 0, 3, 3});
        C(65, "verdict P6: port 3, shared", 0x131, adm);
        C(66, "ingress(3,0) = 3", 3, ing(3, 0));
        C(67, "no verdict: P7 waited for P6", 0, adm);
        C(68, "verdict P7: port 3, shared", 0x131, adm);
        C(68, "R2 waits (the interlock, its turn, the interlock)", 0, relv);
        C(69, "ingress(3,0) = 3 + 2", 5, ing(3, 0));
        C(70, "R2 not yet", 0, relv);
        C(70, "egress(0,0) = 3 + 2", 5, eg(0, 0));
        C(70, "adm_eq_cnt of P7: egress(0,0) before its Q = P6's 3", 3, aq);
        C(71, "rel_valid from egress port 0", 0x100, relv);
        C(72, "ingress(3,0) = 5 - 3", 2, ing(3, 0));
        C(73, "egress(0,0) = 3 + 2 - 3", 2, eg(0, 0));
        // second meeting, the admission's turn to wait: P8 cycle 70 port 3 prio 0 -> dst 0, 1
        // cell and R3 cycle 70 egress 0 prio 0 from ingress 3, 1 cell; both in A2 at 72, the
        // slots ahead are empty at 73: the turn. R3: B 73, verdict 75, W 76 (ing 1). P8 waits
        // at 73 (turn), 74 and 75 (R3 at B, at C1): B 76 (forwarded: ing 1), 1 <= 2 - 1 ->
        // reserve, verdict 78, W 79.
        offers.push_back(Offer{70, false, 3, 0, 0, 1});
        offers.push_back(Offer{70, true, 0, 0, 3, 1});
        C(75, "rel_valid from egress port 0 (the release first this time)", 0x100, relv);
        C(75, "no verdict: P8 waits", 0, adm);
        C(76, "ingress(3,0) = 2 - 1", 1, ing(3, 0));
        C(77, "still no verdict", 0, adm);
        C(78, "verdict P8: port 3, reserve", 0x130, adm);
        C(79, "ingress(3,0) = 1 + 1", 2, ing(3, 0));
        // P8's Q at 80: EQ(0,0) held 3 + 2 - 3 (73), then R3 took 1 (Q at 77)
        C(80, "adm_eq_cnt of P8: egress(0,0) = 1", 1, aq);
        C(81, "adm_eq_cnt 0: no verdict's Q at 81", 0, aq);
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
