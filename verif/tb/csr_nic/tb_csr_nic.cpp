// tb_csr_nic.cpp - lock-step test of rtl/csr/fg_csr_nic.v against cmodel/csr/csr_nic.c (both
// generated from sw/regmap/nic_regmap.json). Built with CNT_W = TB_CNT_W (8) so counters
// saturate within the run.
//
// Stimulus: reads and writes anywhere in 0x000..0x0FF (mapped registers most of the time,
// holes and misaligned addresses sometimes), counter pulses in bursts, ERR clears. Write data
// comes from the register table of sw/include/fg_regs_nic.h: legal values, boundaries
// (min-1, min, max, max+1), undefined bits, and - for the fields of a cross-field rule - the
// other side's current value, one above and one below it, so every rule is hit from both
// sides and at equality.
#include <vector>

#include "Vtop.h"
#include "csr/csr_nic.h"
#include "fg_lockstep.h"
#include "fg_regs_nic.h"
#include "../csr_common/fg_csr_values.h"

#ifndef TB_CNT_W
#define TB_CNT_W 8
#endif

struct TbCsrNic {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_csr_nic";
    std::vector<std::pair<std::string, long>> params{{"CNT_W", TB_CNT_W}};
    bool require_coverage = true;
    fg_csr_nic_cfg cfg{TB_CNT_W};
    fg_csr_nic_state st{};
    fg_csr_nic_in in{};
    fg_csr_nic_out out{};
    bool rst = true;
    uint64_t burst_end = 0;
    fg::Options opt;

    explicit TbCsrNic(const fg::Options& o) : opt(o) {
        fg_csr_nic_reset(&st, &cfg);
        fg_csr_nic_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("csr_wr", 1, &top->csr_wr, [this] { return (uint64_t)in.csr_wr; });
        sig.input("csr_rd", 1, &top->csr_rd, [this] { return (uint64_t)in.csr_rd; });
        sig.input("csr_addr", 12, &top->csr_addr, [this] { return (uint64_t)in.csr_addr; });
        sig.input("csr_wdata", 32, &top->csr_wdata, [this] { return (uint64_t)in.csr_wdata; });
        sig.input("stat_pft_change", 1, &top->stat_pft_change, [this] { return (uint64_t)in.stat_pft_change[0]; });
        sig.input("stat_pft_throttled", 1, &top->stat_pft_throttled, [this] { return (uint64_t)in.stat_pft_throttled[0]; });
        sig.input("stat_flit", 1, &top->stat_flit, [this] { return (uint64_t)in.stat_flit[0]; });
        sig.input("stat_no_credit", 1, &top->stat_no_credit, [this] { return (uint64_t)in.stat_no_credit[0]; });
        sig.input("stat_gfc_wait", 1, &top->stat_gfc_wait, [this] { return (uint64_t)in.stat_gfc_wait[0]; });
        sig.output("csr_ready", 1, &top->csr_ready, [this] { return (uint64_t)out.csr_ready; });
        sig.output("csr_rdata", 32, &top->csr_rdata, [this] { return (uint64_t)out.csr_rdata; });
#define OUT(name, w) sig.output(#name, w, &top->name, [this] { return (uint64_t)out.name; })
        OUT(cfg_pft_enable, 1);
        OUT(cfg_pft_strategy, 1);
        OUT(cfg_pft_injection, 1);
        OUT(cfg_tfc, 16);
        OUT(cfg_rx_capacity, 12);
        OUT(cfg_t_e, 12);
        OUT(cfg_t_s, 12);
        OUT(cfg_w_e, 16);
        OUT(cfg_n_e, 16);
        OUT(cfg_th_e, 12);
        OUT(cfg_w_s, 16);
        OUT(cfg_n_s, 16);
        OUT(cfg_th_s, 12);
        OUT(cfg_m, 5);
        OUT(cfg_n, 5);
        OUT(cfg_k, 32);
        OUT(cfg_seed, 32);
        OUT(cfg_gfc_enable, 1);
        OUT(cfg_gfc_mode, 1);
        OUT(cfg_gfc_period, 24);
        OUT(cfg_gfc_recip, 24);
        OUT(cfg_gfc_depth, 12);
        OUT(cfg_error, 1);
#undef OUT
    }
    // current value of a rw field in the model (by name, through the config offsets)
    uint32_t model_field(const char* name) {
        fg_nic_config c{};
#define F(x) c.x = st.x
        F(pft_enable); F(pft_strategy); F(pft_injection); F(t_fc); F(rx_capacity); F(t_e); F(t_s); F(w_e);
        F(n_e); F(th_e); F(w_s); F(n_s); F(th_s); F(pft_m); F(pft_n); F(pft_k); F(lfsr_seed);
        F(gfc_enable); F(gfc_mode); F(gfc_period); F(gfc_recip); F(gfc_depth);
#undef F
        for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
            const fg_reg_field_desc* f = &fg_regs_nic_fields[i];
            if (f->kind == FG_REG_KIND_RW && std::string(f->field) == name)
                return *(const uint32_t*)((const char*)&c + f->cfg_offset);
        }
        return 0;
    }
    uint32_t field_value(const fg_reg_field_desc* f, fg::Rng& r) {
        const int w = fg::csr_field_width(f, TB_CNT_W);
        // aimed at a rule: the other side's value, +-1
        for (size_t i = 0; i < FG_REGS_NIC_N_RULES; i++) {
            const fg_regs_nic_rule_desc* ru = &fg_regs_nic_rules[i];
            const char* other = nullptr;
            if (std::string(ru->lhs) == f->field) other = ru->rhs;
            if (std::string(ru->rhs) == f->field) other = ru->lhs;
            if (other && r.chance(1, 2)) {
                uint32_t v = model_field(other) + (uint32_t)r.range(0, 2) - 1u;
                return v & fg::csr_ones(w);
            }
        }
        return fg::csr_boundary_value(f, TB_CNT_W, r);
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 100000);
        in.csr_rd = r.chance(1, 3);
        in.csr_wr = r.chance(1, 3);
        // an address: a field's register, a hole, misaligned
        const fg_reg_field_desc* f = &fg_regs_nic_fields[r.below(FG_REGS_NIC_N_FIELDS)];
        uint32_t addr = f->addr;
        if (r.chance(1, 20)) addr = (uint32_t)r.bits(8) & ~3u;
        if (r.chance(1, 40)) addr = (uint32_t)r.bits(12);
        in.csr_addr = (uint16_t)addr;
        uint32_t v = 0;
        if (f->addr == addr && f->kind == FG_REG_KIND_RW) {
            // every field of the register: legal by default, one of them from field_value
            for (size_t i = 0; i < FG_REGS_NIC_N_FIELDS; i++) {
                const fg_reg_field_desc* g = &fg_regs_nic_fields[i];
                if (g->addr == addr) v |= (g == f ? field_value(g, r) : g->reset) << g->lsb;
            }
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
        in.stat_pft_change[0] = r.chance(burst ? 9 : 1, 10);
        in.stat_pft_throttled[0] = r.chance(burst ? 9 : 1, 10);
        in.stat_flit[0] = r.chance(burst ? 9 : 1, 10);
        in.stat_no_credit[0] = r.chance(burst ? 9 : 1, 10);
        in.stat_gfc_wait[0] = r.chance(burst ? 9 : 1, 10);
    }
    void model_step() {
        if (rst) {
            fg_csr_nic_reset(&st, &cfg);
            fg_csr_nic_outputs(&st, &out);
        } else {
            fg_csr_nic_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_csr_nic_cov_names, st.cov, FG_CSR_NIC_COV_N); }
};

// verif/drv/tb_drv_roundtrip.cpp includes this file for the struct above and has its own main.
#ifndef TB_NO_MAIN
int main(int argc, char** argv) { return fg::run<TbCsrNic>(argc, argv, "csr_nic"); }
#endif
