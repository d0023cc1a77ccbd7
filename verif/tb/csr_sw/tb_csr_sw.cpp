// tb_csr_sw.cpp - lock-step test of rtl/csr/fg_csr_sw.v against cmodel/csr/csr_sw.c.
//
// Parameters come from the build line (mk/csr.mk): -DTB_N_PORTS, -DTB_N_PRIO, -DTB_CW,
// -DTB_CNT_W, the same values as the Verilator -G overrides.
//
// Stimulus, constrained random, in phases that repeat:
//   mixed     reads, writes and counter pulses anywhere in the map;
//   rules     writes aimed at the cross-field rules: XON/XOFF, ECN_KMIN/ECN_KMAX and
//             GFC_B1/GFC_BM (strict) next to the other side's value,
//             TOTAL_CELLS/RESERVE/HEADROOM/LOSSLESS_MASK at and next to the pool limit;
//   saturate  dense stat pulses and no counter writes for 4 x 2^CNT_W cycles (counters reach
//             their maximum; tests build with a small CNT_W so this fits in the run);
//   errors    illegal writes: read-only registers, unmapped and misaligned addresses, array
//             entries beyond N, out-of-range and undefined bits, and ERR clears.
// Bus: an access is offered (almost) every cycle; the block takes one whenever csr_ready is 1
// and both twins ignore the others (coverage busy_ignored, back_to_back), so a run of N cycles
// makes about N / 18 accesses.
// Write data: legal values (log-uniform over the field's range), boundaries (min-1, min, max,
// max+1), small numbers, any 32 bits, and the rule-directed values above. The register list
// and field ranges come from sw/include/fg_regs_sw.h; the values the rules are aimed at come
// from the model's current state.
#include <vector>

#include "Vtop.h"
#include "csr/csr_sw.h"
#include "fg_lockstep.h"
#include "fg_regs_sw.h"

#ifndef TB_N_PORTS
#error "build with -DTB_N_PORTS=... (and TB_N_PRIO, TB_CW, TB_CNT_W) matching the -G overrides"
#endif
// Build options (each 1 = left out, with the RTL parameter at 0): TB_NO_STATS (STATS), TB_NO_ECN
// (ECN), TB_NO_GFC (GFC), TB_NO_PPFC (PPFC). A left-out engine's registers are unmapped in both
// twins; the coverage points such a build cannot reach (fg_csr_sw_cov_reachable) are not required.
#ifndef TB_NO_STATS
#define TB_NO_STATS 0
#endif
#ifndef TB_NO_ECN
#define TB_NO_ECN 0
#endif
#ifndef TB_NO_GFC
#define TB_NO_GFC 0
#endif
#ifndef TB_NO_PPFC
#define TB_NO_PPFC 0
#endif

namespace {

struct RegInfo {
    std::string name;
    uint32_t addr;
    int kind;
    int count;      // entries in this instance
    int max_count;  // entries the address window has room for
    uint32_t mask;  // every defined bit (writable registers)
    std::vector<const fg_reg_field_desc*> fields;
};

int field_width(const fg_reg_field_desc* f) {
    switch (f->width_from) {
        case FG_WIDTH_N_PORTS: return TB_N_PORTS;
        case FG_WIDTH_N_PRIO: return TB_N_PRIO;
        case FG_WIDTH_CW: return TB_CW;
        case FG_WIDTH_CNT_W: return TB_CNT_W;
        default: return f->width;
    }
}

uint32_t ones(int w) { return w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u; }

}  // namespace

struct TbCsrSw {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_csr_sw";
    std::vector<std::pair<std::string, long>> params{
        {"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO}, {"CW", TB_CW}, {"CNT_W", TB_CNT_W}};
    bool require_coverage = true;
    fg_csr_sw_cfg cfg{};
    fg_csr_sw_state st{};
    fg_csr_sw_in in{};
    fg_csr_sw_out out{};
    bool rst = true;
    std::vector<RegInfo> regs;
    enum Phase { MIXED, RULES, SATURATE, ERRORS, N_PHASES };
    int phase = MIXED;
    uint64_t phase_end = 0;
    static constexpr int N = TB_N_PORTS;
    static constexpr int NPG = TB_N_PORTS * TB_N_PRIO;

    fg::Options opt;
    explicit TbCsrSw(const fg::Options& o) : opt(o) {
        cfg.n_ports = TB_N_PORTS;
        cfg.n_prio = TB_N_PRIO;
        cfg.cw = TB_CW;
        cfg.cnt_w = TB_CNT_W;
        cfg.no_stats = TB_NO_STATS;
        cfg.no_ecn = TB_NO_ECN;
        cfg.no_gfc = TB_NO_GFC;
        cfg.no_ppfc = TB_NO_PPFC;
        const std::pair<const char*, int> options[] = {
            {"STATS", TB_NO_STATS}, {"ECN", TB_NO_ECN}, {"GFC", TB_NO_GFC}, {"PPFC", TB_NO_PPFC}};
        for (const auto& o : options)
            if (o.second) params.push_back({o.first, 0});
        fg_csr_sw_reset(&st, &cfg);
        fg_csr_sw_outputs(&st, &out);
        build_reg_list();

        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("csr_wr", 1, &top->csr_wr, [this] { return (uint64_t)in.csr_wr; });
        sig.input("csr_rd", 1, &top->csr_rd, [this] { return (uint64_t)in.csr_rd; });
        sig.input("csr_addr", 12, &top->csr_addr, [this] { return (uint64_t)in.csr_addr; });
        sig.input("csr_wdata", 32, &top->csr_wdata, [this] { return (uint64_t)in.csr_wdata; });
        sig.input_array("stat_drop", 1, N, &top->stat_drop, [this](int k) { return (uint64_t)in.stat_drop[k]; });
        sig.input_array("stat_violation", 1, N, &top->stat_violation,
                        [this](int k) { return (uint64_t)in.stat_violation[k]; });
        sig.input_array("stat_pfc_req_tx", 1, N, &top->stat_pfc_req_tx,
                        [this](int k) { return (uint64_t)in.stat_pfc_req_tx[k]; });
        sig.input_array("stat_pfc_rx_ok", 1, N, &top->stat_pfc_rx_ok,
                        [this](int k) { return (uint64_t)in.stat_pfc_rx_ok[k]; });
        sig.input_array("stat_pfc_rx_bad", 1, N, &top->stat_pfc_rx_bad,
                        [this](int k) { return (uint64_t)in.stat_pfc_rx_bad[k]; });
        sig.input_array("stat_ecn_mark", 1, N, &top->stat_ecn_mark,
                        [this](int k) { return (uint64_t)in.stat_ecn_mark[k]; });
        sig.input_array("stat_ppfc", 1, N, &top->stat_ppfc, [this](int k) { return (uint64_t)in.stat_ppfc[k]; });
        sig.input_array("stat_gfc_tx", 1, N, &top->stat_gfc_tx, [this](int k) { return (uint64_t)in.stat_gfc_tx[k]; });
        sig.input_array("stat_gfc_rx", 1, N, &top->stat_gfc_rx, [this](int k) { return (uint64_t)in.stat_gfc_rx[k]; });

        sig.output("csr_ready", 1, &top->csr_ready, [this] { return (uint64_t)out.csr_ready; });
        sig.output("csr_rdata", 32, &top->csr_rdata, [this] { return (uint64_t)out.csr_rdata; });
        sig.output("cfg_error", 1, &top->cfg_error, [this] { return (uint64_t)out.cfg_error; });
        sig.output("csr_wrote_ppfc_ctrl", 1, &top->csr_wrote_ppfc_ctrl,
                   [this] { return (uint64_t)out.csr_wrote_ppfc_ctrl; });
        sig.output("csr_wrote_ecn_seed", 1, &top->csr_wrote_ecn_seed,
                   [this] { return (uint64_t)out.csr_wrote_ecn_seed; });
        sig.output("cfg_static_mode", 1, &top->cfg_static_mode, [this] { return (uint64_t)out.cfg_static_mode; });
        sig.output("cfg_mode_8023x", 1, &top->cfg_mode_8023x, [this] { return (uint64_t)out.cfg_mode_8023x; });
        sig.output("cfg_pfc_enable", 1, &top->cfg_pfc_enable, [this] { return (uint64_t)out.cfg_pfc_enable; });
        sig.output("cfg_total_cells", TB_CW, &top->cfg_total_cells, [this] { return (uint64_t)out.cfg_total_cells; });
        sig.output("cfg_reserve", TB_CW, &top->cfg_reserve, [this] { return (uint64_t)out.cfg_reserve; });
        sig.output("cfg_resume_offset", TB_CW, &top->cfg_resume_offset,
                   [this] { return (uint64_t)out.cfg_resume_offset; });
        sig.output("cfg_lossless", TB_N_PRIO, &top->cfg_lossless, [this] { return (uint64_t)out.cfg_lossless; });
        sig.output("cfg_pause_quanta", 16, &top->cfg_pause_quanta, [this] { return (uint64_t)out.cfg_pause_quanta; });
        sig.output("cfg_refresh", 24, &top->cfg_refresh, [this] { return (uint64_t)out.cfg_refresh; });
        sig.output("cfg_src_mac", 48, &top->cfg_src_mac, [this] { return (uint64_t)out.cfg_src_mac; });
        sig.output_array("cfg_headroom", TB_CW, N, &top->cfg_headroom,
                         [this](int k) { return (uint64_t)out.cfg_headroom[k]; });
        sig.output_array("cfg_alpha_shift", 4, N, &top->cfg_alpha_shift,
                         [this](int k) { return (uint64_t)out.cfg_alpha_shift[k]; });
        sig.output_array("cfg_quanta_step", 24, N, &top->cfg_quanta_step,
                         [this](int k) { return (uint64_t)out.cfg_quanta_step[k]; });
        sig.output_array("cfg_xoff", TB_CW, NPG, &top->cfg_xoff, [this](int k) { return (uint64_t)out.cfg_xoff[k]; });
        sig.output_array("cfg_xon", TB_CW, NPG, &top->cfg_xon, [this](int k) { return (uint64_t)out.cfg_xon[k]; });
        sig.output("cfg_ppfc_enable", 1, &top->cfg_ppfc_enable, [this] { return (uint64_t)out.cfg_ppfc_enable; });
        sig.output("cfg_ppfc_seed_load", 1, &top->cfg_ppfc_seed_load,
                   [this] { return (uint64_t)out.cfg_ppfc_seed_load; });
        sig.output("cfg_ppfc_interval", 24, &top->cfg_ppfc_interval, [this] { return (uint64_t)out.cfg_ppfc_interval; });
        sig.output("cfg_ppfc_horizon", 16, &top->cfg_ppfc_horizon, [this] { return (uint64_t)out.cfg_ppfc_horizon; });
        sig.output("cfg_ppfc_ratio", 17, &top->cfg_ppfc_ratio, [this] { return (uint64_t)out.cfg_ppfc_ratio; });
        sig.output("cfg_ppfc_holdoff", 16, &top->cfg_ppfc_holdoff, [this] { return (uint64_t)out.cfg_ppfc_holdoff; });
        sig.output("cfg_ppfc_seed", 32, &top->cfg_ppfc_seed, [this] { return (uint64_t)out.cfg_ppfc_seed; });
        sig.output("cfg_ecn_prio_mask", TB_N_PRIO, &top->cfg_ecn_prio_mask,
                   [this] { return (uint64_t)out.cfg_ecn_prio_mask; });
        sig.output("cfg_ecn_kmin", TB_CW, &top->cfg_ecn_kmin, [this] { return (uint64_t)out.cfg_ecn_kmin; });
        sig.output("cfg_ecn_kmax", TB_CW, &top->cfg_ecn_kmax, [this] { return (uint64_t)out.cfg_ecn_kmax; });
        sig.output("cfg_ecn_slope", 32, &top->cfg_ecn_slope, [this] { return (uint64_t)out.cfg_ecn_slope; });
        sig.output("cfg_ecn_seed", 32, &top->cfg_ecn_seed, [this] { return (uint64_t)out.cfg_ecn_seed; });
        sig.output_array("cfg_cell_cycles", 16, N, &top->cfg_cell_cycles,
                         [this](int k) { return (uint64_t)out.cfg_cell_cycles[k]; });
        sig.output("cfg_gfc_enable", 1, &top->cfg_gfc_enable, [this] { return (uint64_t)out.cfg_gfc_enable; });
        sig.output("cfg_gfc_backstop", 1, &top->cfg_gfc_backstop, [this] { return (uint64_t)out.cfg_gfc_backstop; });
        sig.output("cfg_gfc_b1", TB_CW, &top->cfg_gfc_b1, [this] { return (uint64_t)out.cfg_gfc_b1; });
        sig.output("cfg_gfc_bm", TB_CW, &top->cfg_gfc_bm, [this] { return (uint64_t)out.cfg_gfc_bm; });
    }

    void build_reg_list() {
        for (size_t i = 0; i < FG_REGS_SW_N_FIELDS; i++) {
            const fg_reg_field_desc* f = &fg_regs_sw_fields[i];
            if (regs.empty() || regs.back().name != f->reg) {
                RegInfo r;
                r.name = f->reg;
                r.addr = f->addr;
                r.kind = f->kind;
                r.max_count = f->array == FG_REG_ARRAY_NONE ? 1 : f->array == FG_REG_ARRAY_PORT ? FG_PARAM_N_PORTS_MAX : FG_SW_MAX_PG;
                r.count = f->array == FG_REG_ARRAY_NONE ? 1 : f->array == FG_REG_ARRAY_PORT ? N : NPG;
                r.mask = 0;
                regs.push_back(r);
            }
            regs.back().fields.push_back(f);
            regs.back().mask |= ones(field_width(f)) << f->lsb;
        }
    }

    const RegInfo* reg_named(const char* name) const {
        for (auto& r : regs)
            if (r.name == name) return &r;
        return nullptr;
    }

    // Pool-rule bookkeeping from the model's state: cells the rule charges, leaving out the
    // register a write is about to change.
    uint64_t lossless_count(uint32_t mask) const {
        uint64_t c = 0;
        for (int p = 0; p < TB_N_PRIO; p++) c += (mask >> p) & 1u;
        return c;
    }
    uint64_t headroom_sum(int skip) const {
        uint64_t s = 0;
        for (int i = 0; i < N; i++)
            if (i != skip) s += st.headroom[i];
        return s;
    }

    uint32_t log_uniform(fg::Rng& r, uint32_t lo, uint32_t hi) {
        if (hi <= lo) return lo;
        int bits = (int)r.range(0, 32);
        uint32_t v = (uint32_t)r.bits(bits);
        return lo + (uint32_t)(v % ((uint64_t)hi - lo + 1));
    }

    // A value for one write to register `g`, entry k.
    uint32_t write_value(fg::Rng& r, const RegInfo& g, int k) {
        const fg_reg_field_desc* f = g.fields[0];
        int w = field_width(f);
        uint32_t fmax = f->max != 0xFFFFFFFFu ? f->max : ones(w);
        int pick = (int)r.below(100);
        if (phase == RULES && pick < 70) {
            uint32_t v = rule_value(r, g, k);
            if (v != 0xFFFFFFFFu) return v;
        }
        if (g.kind == FG_REG_KIND_ERR) {
            int c = (int)r.below(4);
            return c == 0 ? 0u : c == 1 ? (uint32_t)r.bits(32) : 1u;
        }
        if (pick < 45) {  // legal, every field
            uint32_t v = 0;
            for (auto* fd : g.fields) {
                int fw = field_width(fd);
                uint32_t mx = fd->max != 0xFFFFFFFFu ? fd->max : ones(fw);
                v |= log_uniform(r, fd->min, mx) << fd->lsb;
            }
            return v;
        }
        if (pick < 60) {  // boundaries of the first field
            switch (r.below(4)) {
                case 0: return f->min ? f->min - 1 : f->min;
                case 1: return f->min;
                case 2: return fmax << f->lsb;
                default: return (fmax + 1u) << f->lsb;
            }
        }
        if (pick < 75) return (uint32_t)r.below(17);
        if (pick < 85) return (uint32_t)r.bits(32);
        uint32_t v = rule_value(r, g, k);
        return v != 0xFFFFFFFFu ? v : (uint32_t)r.bits(w);
    }

    // Values next to a cross-field limit (0xFFFFFFFF when the register has no rule).
    uint32_t rule_value(fg::Rng& r, const RegInfo& g, int k) {
        int64_t d = (int64_t)r.range(0, 2) - 1;  // -1, 0, +1 around the limit
        uint64_t np = (uint64_t)NPG;
        uint64_t pc = lossless_count(st.lossless_mask);
        auto clamp = [](int64_t v) { return (uint32_t)(v < 0 ? 0 : v > 0x7FFFFFFF ? 0x7FFFFFFF : v); };
        if (g.name == "XON") return clamp((int64_t)st.xoff[k] + d);
        if (g.name == "XOFF") return clamp((int64_t)st.xon[k] + d);
        if (g.name == "ECN_KMIN") return clamp((int64_t)st.ecn_kmax + d);
        if (g.name == "ECN_KMAX") return clamp((int64_t)st.ecn_kmin + d);
        if (g.name == "GFC_B1") return clamp((int64_t)st.gfc_bm + d);
        if (g.name == "GFC_BM") return clamp((int64_t)st.gfc_b1 + d);
        if (g.name == "TOTAL_CELLS") {
            int64_t used = (int64_t)(headroom_sum(-1) * pc + (uint64_t)st.reserve * np);
            return clamp(used + 1 + d);
        }
        if (g.name == "RESERVE") {
            int64_t room = (int64_t)st.total_cells - (int64_t)(headroom_sum(-1) * pc);
            return clamp(room / (int64_t)np + d);
        }
        if (g.name == "HEADROOM") {
            if (pc == 0) return clamp(d + 1);
            int64_t room = (int64_t)st.total_cells - (int64_t)((uint64_t)st.reserve * np) -
                           (int64_t)(headroom_sum(k) * pc);
            return clamp(room / (int64_t)pc + d);
        }
        if (g.name == "LOSSLESS_MASK") return ones(TB_N_PRIO) >> r.below(TB_N_PRIO);
        return 0xFFFFFFFFu;
    }

    // Picks the target of one bus access: a register entry, or an illegal address.
    uint32_t pick_addr(fg::Rng& r, const RegInfo** g, int* k, bool for_write) {
        int c = (int)r.below(100);
        int bad = phase == ERRORS ? 40 : 8;
        *g = nullptr;
        *k = 0;
        if (c < bad / 4) return (uint32_t)r.bits(12);                     // anywhere
        if (c < bad / 2) return ((uint32_t)r.bits(12) & ~3u) | (uint32_t)r.range(1, 3);  // misaligned
        const RegInfo* t;
        do {
            t = &regs[r.below(regs.size())];
            if (phase == RULES && for_write && r.chance(3, 4)) {
                static const char* const rl[] = {"XON",      "XOFF",          "TOTAL_CELLS", "RESERVE",
                                                 "HEADROOM", "LOSSLESS_MASK", "ECN_KMIN",    "ECN_KMAX",
                                                 "GFC_B1",   "GFC_BM"};
                t = reg_named(rl[r.below(10)]);
            }
        } while (phase == SATURATE && for_write && t->kind == FG_REG_KIND_COUNTER);
        if (c < bad && t->max_count > t->count) {  // an entry beyond N
            *k = (int)r.range(t->count, t->max_count - 1);
            return t->addr + 4u * (uint32_t)*k;
        }
        *g = t;
        *k = (int)r.below(t->count);
        return t->addr + 4u * (uint32_t)*k;
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        if (cycle >= phase_end) {
            phase = (int)((phase + 1) % N_PHASES);
            phase_end = cycle + (phase == SATURATE ? (4ull << TB_CNT_W) : 40000);
        }
        rst = cycle < 2 || r.chance(1, 400000);
        uint32_t pulse_num = 1, pulse_den = phase == SATURATE ? 2 : 24;
        for (int i = 0; i < FG_CSR_SW_MAX_PORTS; i++) {
            bool on = i < N;
            in.stat_drop[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_violation[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_pfc_req_tx[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_pfc_rx_ok[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_pfc_rx_bad[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_ecn_mark[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_ppfc[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_gfc_tx[i] = on && r.chance(pulse_num, pulse_den);
            in.stat_gfc_rx[i] = on && r.chance(pulse_num, pulse_den);
        }
        int op = (int)r.below(16);
        in.csr_wr = (op >= 6 && op < 13) || op == 15;
        in.csr_rd = (op >= 2 && op < 6) || op >= 13;
        const RegInfo* g = nullptr;
        int k = 0;
        in.csr_addr = (uint16_t)pick_addr(r, &g, &k, in.csr_wr);
        if (in.csr_wr) {
            if (g == nullptr || g->kind == FG_REG_KIND_CONST || g->kind == FG_REG_KIND_ERR_ADDR ||
                g->kind == FG_REG_KIND_COUNTER)
                in.csr_wdata = r.chance(1, 2) ? (uint32_t)r.below(16) : (uint32_t)r.bits(32);
            else
                in.csr_wdata = write_value(r, *g, k);
        } else {
            in.csr_wdata = (uint32_t)r.bits(32);  // ignored without csr_wr; both twins must ignore it
        }
    }

    void model_step() {
        if (rst) {
            fg_csr_sw_reset(&st, &cfg);
            fg_csr_sw_outputs(&st, &out);
        } else {
            fg_csr_sw_step(&st, &in, &out);
        }
    }
    // unmapped_array_tail needs an array shorter than its address window (N below the maximum);
    // at 32 ports x 8 priorities no such entry exists, so there the point is not required; nor
    // are the points a build without some option cannot reach (fg_csr_sw_cov_reachable).
    bool coverage() {
        bool ok = fg::report_coverage(opt, fg_csr_sw_cov_names, st.cov, FG_CSR_SW_COV_N);
        if (ok) return true;
        const bool tail_unreachable = N >= FG_PARAM_N_PORTS_MAX && NPG >= FG_SW_MAX_PG;
        int excused = 0;
        for (int i = 0; i < FG_CSR_SW_COV_N; i++) {
            if (st.cov[i]) continue;
            if (!fg_csr_sw_cov_reachable(&cfg, i) || (i == FG_CSR_SW_COV_UNMAPPED_ARRAY_TAIL && tail_unreachable)) {
                excused++;
                continue;
            }
            return false;
        }
        std::printf("COVERAGE note: the %d missing points are unreachable in this build (the largest map has no "
                    "array entry beyond N; a left-out option has no registers or events)\n",
                    excused);
        return true;
    }
};

// verif/drv/tb_drv_roundtrip.cpp includes this file for the struct above and has its own main.
#ifndef TB_NO_MAIN
// The test is named after the binary (ls_csr_sw_4x2 -> csr_sw_4x2, ls_csr_sw_4x2_bug -> ...).
int main(int argc, char** argv) {
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_csr_sw");
    return fg::run<TbCsrSw>(argc, argv, name.c_str());
}
#endif
