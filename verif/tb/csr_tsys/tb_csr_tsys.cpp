// tb_csr_tsys.cpp - lock-step test of rtl/csr/fg_csr_tsys.v against cmodel/csr/csr_tsys.c
// (both generated from sw/regmap/tsys_regmap.json). Built with N_PORTS = TB_N_PORTS, N_PRIO =
// TB_N_PRIO and CNT_W = TB_CNT_W (8) so counters saturate within the run.
//
// Stimulus: reads and writes anywhere in 0x000..0x7FF (a field's register most of the time,
// holes, array entries beyond N_PORTS and misaligned addresses sometimes), counter pulses in
// bursts, ERR clears. Write data comes from the field table of sw/include/fg_regs_tsys.h:
// legal values, boundaries (min-1, min, max, max+1) and undefined bits. An array register's
// entry is drawn below N_PORTS most of the time.
#include <vector>

#include "Vtop.h"
#include "csr/csr_tsys.h"
#include "fg_lockstep.h"
#include "fg_regs_tsys.h"
#include "../csr_common/fg_csr_values.h"

#ifndef TB_N_PORTS
#define TB_N_PORTS 4
#endif
#ifndef TB_N_PRIO
#define TB_N_PRIO 2
#endif
#ifndef TB_CNT_W
#define TB_CNT_W 8
#endif

struct TbCsrTsys {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_csr_tsys";
    std::vector<std::pair<std::string, long>> params{{"N_PORTS", TB_N_PORTS}, {"N_PRIO", TB_N_PRIO}, {"CNT_W", TB_CNT_W}};
    bool require_coverage = true;
    fg_csr_tsys_cfg cfg{TB_N_PORTS, TB_N_PRIO, TB_CNT_W};
    fg_csr_tsys_state st{};
    fg_csr_tsys_in in{};
    fg_csr_tsys_out out{};
    bool rst = true;
    uint64_t burst_end = 0;
    fg::Options opt;

    explicit TbCsrTsys(const fg::Options& o) : opt(o) {
        const int N = TB_N_PORTS;
        if (fg_csr_tsys_reset(&st, &cfg) != 0) {
            std::fprintf(stderr, "error: bad shape\n");
            std::exit(2);
        }
        fg_csr_tsys_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("csr_wr", 1, &top->csr_wr, [this] { return (uint64_t)in.csr_wr; });
        sig.input("csr_rd", 1, &top->csr_rd, [this] { return (uint64_t)in.csr_rd; });
        sig.input("csr_addr", 12, &top->csr_addr, [this] { return (uint64_t)in.csr_addr; });
        sig.input("csr_wdata", 32, &top->csr_wdata, [this] { return (uint64_t)in.csr_wdata; });
#define STAT(name) sig.input_array(#name, 1, N, &top->name, [this](int k) { return (uint64_t)in.name[k]; })
        STAT(stat_sent);
        STAT(stat_dropped);
        STAT(stat_delivered);
        STAT(stat_xoff);
        STAT(stat_xon);
        STAT(stat_paused);
        STAT(stat_lost);
#undef STAT
        sig.output("csr_ready", 1, &top->csr_ready, [this] { return (uint64_t)out.csr_ready; });
        sig.output("csr_rdata", 32, &top->csr_rdata, [this] { return (uint64_t)out.csr_rdata; });
        sig.output("cfg_run", 1, &top->cfg_run, [this] { return (uint64_t)out.cfg_run; });
        sig.output("cfg_cell_cycles", 8, &top->cfg_cell_cycles, [this] { return (uint64_t)out.cfg_cell_cycles; });
        sig.output("cfg_react", 16, &top->cfg_react, [this] { return (uint64_t)out.cfg_react; });
#define ARR(name, w) sig.output_array(#name, w, N, &top->name, [this](int k) { return (uint64_t)out.name[k]; })
        ARR(cfg_src_enable, 1);
        ARR(cfg_src_ect, 1);
        ARR(cfg_src_prio, 3);
        ARR(cfg_src_dst, 5);
        ARR(cfg_src_cells, 8);
        ARR(cfg_src_gap, 16);
#undef ARR
        sig.output("cfg_error", 1, &top->cfg_error, [this] { return (uint64_t)out.cfg_error; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 100000);
        in.csr_rd = r.chance(1, 3);
        in.csr_wr = r.chance(1, 3);
        // an address: a field's register (an array's entry mostly below N_PORTS), a hole,
        // misaligned
        const fg_reg_field_desc* f = &fg_regs_tsys_fields[r.below(FG_REGS_TSYS_N_FIELDS)];
        uint32_t base = f->addr, addr = base;
        if (f->array != FG_REG_ARRAY_NONE) addr += 4u * (uint32_t)(r.chance(1, 10) ? r.below(32) : r.below(TB_N_PORTS));
        if (r.chance(1, 20)) addr = (uint32_t)r.bits(11) & ~3u;
        if (r.chance(1, 40)) addr = (uint32_t)r.bits(12);
        in.csr_addr = (uint16_t)addr;
        uint32_t v = 0;
        if (addr != base && f->array == FG_REG_ARRAY_NONE) {
            v = (uint32_t)r.bits(32);
        } else if (f->kind == FG_REG_KIND_RW) {
            v = fg::csr_boundary_value(f, TB_CNT_W, r) << f->lsb;   // every array register has one field at bit 0
            if (r.chance(1, 30)) v |= 1u << r.below(32);
        } else if (f->kind == FG_REG_KIND_ERR) {
            v = r.chance(1, 2) ? 1u : (r.chance(1, 2) ? 0u : (uint32_t)r.bits(32));
        } else {
            v = (uint32_t)r.bits(32);
        }
        in.csr_wdata = v;
        // counter pulses: bursts of dense pulses, counter writes rare meanwhile
        if (cycle >= burst_end && r.chance(1, 2000)) burst_end = cycle + 4u * (1u << TB_CNT_W);
        bool burst = cycle < burst_end;
        if (burst && in.csr_wr && f->kind == FG_REG_KIND_COUNTER && !r.chance(1, 50)) in.csr_wr = false;
        for (int k = 0; k < TB_N_PORTS; k++) {
            in.stat_sent[k] = r.chance(burst ? 9 : 1, 10);
            in.stat_dropped[k] = r.chance(burst ? 9 : 1, 10);
            in.stat_delivered[k] = r.chance(burst ? 9 : 1, 10);
            in.stat_xoff[k] = r.chance(burst ? 9 : 1, 10);
            in.stat_xon[k] = r.chance(burst ? 9 : 1, 10);
            in.stat_paused[k] = r.chance(burst ? 9 : 1, 10);
            in.stat_lost[k] = r.chance(burst ? 9 : 1, 10);
        }
    }
    void model_step() {
        if (rst) {
            fg_csr_tsys_reset(&st, &cfg);
            fg_csr_tsys_outputs(&st, &out);
        } else {
            fg_csr_tsys_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_csr_tsys_cov_names, st.cov, FG_CSR_TSYS_COV_N); }
};

int main(int argc, char** argv) {
    return fg::run<TbCsrTsys>(argc, argv, fg::test_name_from_argv(argc, argv, "csr_tsys").c_str());
}
