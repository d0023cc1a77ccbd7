// tb_nic_core.cpp - lock-step test of rtl/top/fg_nic_core.v against cmodel/top/nic_core.c.
//
// TB_MODE (build line) picks the PFT configuration the register writes set: 0 FT-FI, 1 FT-RI,
// 2 AT-FI, 3 AT-RI. At every reset an epoch starts: new link parameters (the switch port's
// buffer, drain rate, FCCL period, delay: verif/tb/cbfc_tx/cbfc_link_env.h) and a register
// programme written over the bus - CTRL (enable, strategy, injection), RX_CAPACITY = the
// modelled buffer, T_FC, thresholds inside the capacity so the port really becomes Congested
// and Normal again, f(c) = ((c << M) >> N) + K scaled for FI (tens of idle cycles) or RI
// (a fraction of 2^32), a new LFSR seed. Then traffic: the NIC starts its head packet when
// tx_start says so and the link is free, sends its cells back to back (tx_flit), the switch
// port drains slowly or fast and returns FCCLs; the NIC's own receiver gets random packets.
// Random register traffic continues (reads, PFT parameter and seed rewrites, illegal writes).
// GFC: in half of the epochs the programme turns GFC on - time mode (3 in 4: a period of 1..256
// cycles, B_m - B_0 of 17 blocks up to the modelled buffer, a bucket depth 0..300) or buffer
// mode (1 in 4) - and the switch sends GFC stages now and then (rx_gfc_valid, stages 0..31,
// mostly low ones) in every epoch; GFC registers are rewritten at random now and then.
#include <vector>

#include "../cbfc_tx/cbfc_link_env.h"
#include "Vtop.h"
#include "fg_lockstep.h"
#include "fg_regs_nic.h"
#include "top/nic_core.h"

#ifndef TB_MODE
#define TB_MODE 0
#endif
#ifndef TB_CNT_W
#define TB_CNT_W 32
#endif
#ifndef TB_GFC_PIPE
#define TB_GFC_PIPE 2
#endif

struct TbNicCore {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_nic_core";
    std::vector<std::pair<std::string, long>> params{
        {"SW", 8}, {"FW", 16}, {"CNT_W", TB_CNT_W}, {"GFC_PIPE", TB_GFC_PIPE}};
    bool require_coverage = true;
    fg_nic_core_cfg cfg{8, 16, TB_CNT_W, TB_GFC_PIPE};
    fg_nic_core_state st{};
    fg_nic_core_in in{};
    fg_nic_core_out out{};
    bool rst = true;
    CbfcLinkEnv env;
    std::vector<std::pair<uint32_t, uint32_t>> prog;  // pending register writes
    uint32_t flits_left = 0;                           // cells of the packet on the wire
    uint64_t congested_cycles = 0, starts = 0, gfc_epochs = 0, gfc_held = 0;
    fg::Options opt;

    explicit TbNicCore(const fg::Options& o) : opt(o) {
        fg_nic_core_reset(&st, &cfg);
        fg_nic_core_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("csr_wr", 1, &top->csr_wr, [this] { return (uint64_t)in.csr_wr; });
        sig.input("csr_rd", 1, &top->csr_rd, [this] { return (uint64_t)in.csr_rd; });
        sig.input("csr_addr", 12, &top->csr_addr, [this] { return (uint64_t)in.csr_addr; });
        sig.input("csr_wdata", 32, &top->csr_wdata, [this] { return (uint64_t)in.csr_wdata; });
        sig.input("tx_head_valid", 1, &top->tx_head_valid, [this] { return (uint64_t)in.tx_head_valid; });
        sig.input("tx_head_blocks", 8, &top->tx_head_blocks, [this] { return (uint64_t)in.tx_head_blocks; });
        sig.input("tx_pkt_start", 1, &top->tx_pkt_start, [this] { return (uint64_t)in.tx_pkt_start; });
        sig.input("tx_flit", 1, &top->tx_flit, [this] { return (uint64_t)in.tx_flit; });
        sig.input("rx_fccl_valid", 1, &top->rx_fccl_valid, [this] { return (uint64_t)in.rx_fccl_valid; });
        sig.input("rx_fccl", 12, &top->rx_fccl, [this] { return (uint64_t)in.rx_fccl; });
        sig.input("rx_blocks_valid", 1, &top->rx_blocks_valid, [this] { return (uint64_t)in.rx_blocks_valid; });
        sig.input("rx_blocks", 8, &top->rx_blocks, [this] { return (uint64_t)in.rx_blocks; });
        sig.input("rx_free_blocks", 16, &top->rx_free_blocks, [this] { return (uint64_t)in.rx_free_blocks; });
        sig.input("rx_fccl_req", 1, &top->rx_fccl_req, [this] { return (uint64_t)in.rx_fccl_req; });
        sig.input("rx_gfc_valid", 1, &top->rx_gfc_valid, [this] { return (uint64_t)in.rx_gfc_valid; });
        sig.input("rx_gfc_stage", 5, &top->rx_gfc_stage, [this] { return (uint64_t)in.rx_gfc_stage; });
        sig.output("csr_ready", 1, &top->csr_ready, [this] { return (uint64_t)out.csr_ready; });
        sig.output("csr_rdata", 32, &top->csr_rdata, [this] { return (uint64_t)out.csr_rdata; });
        sig.output("tx_start", 1, &top->tx_start, [this] { return (uint64_t)out.tx_start; });
        sig.output("tx_fccl_valid", 1, &top->tx_fccl_valid, [this] { return (uint64_t)out.tx_fccl_valid; });
        sig.output("tx_fccl", 12, &top->tx_fccl, [this] { return (uint64_t)out.tx_fccl; });
        sig.output("pft_congested", 1, &top->pft_congested, [this] { return (uint64_t)out.pft_congested; });
        sig.output("credits_in_use", 12, &top->credits_in_use, [this] { return (uint64_t)out.credits_in_use; });
        sig.output("credits_avail", 12, &top->credits_avail, [this] { return (uint64_t)out.credits_avail; });
        sig.output("fccl", 12, &top->fccl, [this] { return (uint64_t)out.fccl; });
        sig.output("fctbs", 12, &top->fctbs, [this] { return (uint64_t)out.fctbs; });
        sig.output("cfg_error", 1, &top->cfg_error, [this] { return (uint64_t)out.cfg_error; });
        sig.output("gfc_rate", 17, &top->gfc_rate, [this] { return (uint64_t)out.gfc_rate; });
        sig.output("gfc_stage", 5, &top->gfc_stage, [this] { return (uint64_t)out.gfc_stage; });
        sig.output("gfc_hold", 1, &top->gfc_hold, [this] { return (uint64_t)out.gfc_hold; });
    }
    // The register programme of an epoch (legal values; rule pairs written low side first).
    void program(fg::Rng& r) {
        prog.clear();
        uint32_t cap = env.cap > 2047 ? 2047u : env.cap;
        uint32_t mode = TB_MODE;
        uint32_t t_e = (uint32_t)r.range(cap / 8, cap * 3 / 4), t_s = (uint32_t)r.range(0, t_e);
        uint32_t w_e = (uint32_t)r.range(4, 300), n_e = (uint32_t)r.range(1, w_e);
        uint32_t w_s = (uint32_t)r.range(4, 300), n_s = (uint32_t)r.range(1, w_s);
        prog.push_back({FG_NIC_REG_PFT_T_S_ADDR, 0});
        prog.push_back({FG_NIC_REG_PFT_N_E_ADDR, 1});
        prog.push_back({FG_NIC_REG_PFT_N_S_ADDR, 1});
        prog.push_back({FG_NIC_REG_RX_CAPACITY_ADDR, env.cfg_rx_capacity ? env.cfg_rx_capacity : 1u});
        prog.push_back({FG_NIC_REG_T_FC_ADDR, env.tfc});
        prog.push_back({FG_NIC_REG_PFT_T_E_ADDR, t_e});
        prog.push_back({FG_NIC_REG_PFT_T_S_ADDR, t_s});
        prog.push_back({FG_NIC_REG_PFT_W_E_ADDR, w_e});
        prog.push_back({FG_NIC_REG_PFT_N_E_ADDR, n_e});
        prog.push_back({FG_NIC_REG_PFT_TH_E_ADDR, (uint32_t)r.range(cap / 8, cap * 3 / 4)});
        prog.push_back({FG_NIC_REG_PFT_W_S_ADDR, w_s});
        prog.push_back({FG_NIC_REG_PFT_N_S_ADDR, n_s});
        prog.push_back({FG_NIC_REG_PFT_TH_S_ADDR, (uint32_t)r.range(0, cap / 2)});
        if (mode & 1) {  // RI: f(c) a fraction of 2^32 (c << 14..20: at c ~ 2^11, 2^25..2^31)
            prog.push_back({FG_NIC_REG_PFT_M_ADDR, (uint32_t)r.range(14, 20)});
            prog.push_back({FG_NIC_REG_PFT_N_ADDR, 0});
            prog.push_back({FG_NIC_REG_PFT_K_ADDR, r.chance(1, 4) ? (uint32_t)r.bits(28) : 0u});
        } else {  // FI: f(c) = c >> 3..8 idle cycles, plus a few
            prog.push_back({FG_NIC_REG_PFT_M_ADDR, 0});
            prog.push_back({FG_NIC_REG_PFT_N_ADDR, (uint32_t)r.range(3, 8)});
            prog.push_back({FG_NIC_REG_PFT_K_ADDR, (uint32_t)r.range(0, 4)});
        }
        prog.push_back({FG_NIC_REG_LFSR_SEED_ADDR, (uint32_t)r.range(1, 0xFFFFFFFFu)});
        // GFC: B_m - B_0 = span blocks -> GFC_RECIP = round(2^28 / span) (docs/blocks/gfc_time.md)
        bool gfc = r.chance(1, 2);
        uint32_t gfc_mode = r.chance(1, 4) ? 1u : 0u;
        uint32_t span = r.chance(1, 3) ? (uint32_t)r.range(17, 64) : (uint32_t)r.range(17, cap > 64 ? cap : 64);
        prog.push_back({FG_NIC_REG_GFC_PERIOD_ADDR, r.chance(1, 4) ? (uint32_t)r.range(1, 8) : (uint32_t)r.range(8, 256)});
        prog.push_back({FG_NIC_REG_GFC_RECIP_ADDR, (uint32_t)(((1ull << 28) + span / 2) / span)});
        prog.push_back({FG_NIC_REG_GFC_DEPTH_ADDR, r.chance(1, 3) ? 0u : (uint32_t)r.range(1, 300)});
        prog.push_back({FG_NIC_REG_GFC_CTRL_ADDR, (gfc ? 1u : 0u) | (gfc_mode << 1)});
        if (gfc) gfc_epochs++;
        // time mode with small packets into a slow receiver: the credits run out exactly
        // (r = 0 at a sample: rate 0) now and then, not only with packets that happen to fit
        if (gfc && !gfc_mode && r.chance(1, 2)) {
            env.max_blocks = (uint32_t)r.range(1, 4);
            env.drain_num = 1;
            env.drain_den = (uint32_t)r.range(2, 6);
        }
        uint32_t ctrl = 1u | ((mode >> 1) << 1) | ((mode & 1) << 2);
        prog.push_back({FG_NIC_REG_CTRL_ADDR, r.chance(1, 20) ? ctrl & ~1u : ctrl});
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 60000);
        if (rst) {
            env.new_epoch(r);
            if (r.chance(1, 2)) env.drain_num = 1, env.drain_den = (uint32_t)r.range(2, 6);  // congest
            program(r);
            in = fg_nic_core_in{};
            flits_left = 0;
            return;
        }
        // registers: the programme first, then random traffic; an access is taken on an edge
        // where csr_ready is 1 (ignored otherwise), so the programme's head stays until then
        in.csr_rd = r.chance(1, 8);
        in.csr_addr = (uint16_t)(r.below(0x25) * 4);
        in.csr_wr = false;
        if (!prog.empty()) {
            in.csr_wr = true;
            in.csr_addr = (uint16_t)prog.front().first;
            in.csr_wdata = prog.front().second;
            if (out.csr_ready) prog.erase(prog.begin());
        } else if (r.chance(1, 3000)) {
            in.csr_wr = true;
            switch (r.below(6)) {
            case 4: in.csr_addr = FG_NIC_REG_GFC_CTRL_ADDR; in.csr_wdata = (uint32_t)r.bits(2); break;
            case 5:
                in.csr_addr = r.chance(1, 2) ? FG_NIC_REG_GFC_PERIOD_ADDR : FG_NIC_REG_GFC_DEPTH_ADDR;
                in.csr_wdata = (uint32_t)r.range(0, 64);
                break;
            case 0: in.csr_addr = FG_NIC_REG_LFSR_SEED_ADDR; in.csr_wdata = (uint32_t)r.bits(32); break;
            case 1: in.csr_addr = FG_NIC_REG_ERR_ADDR; in.csr_wdata = 1; break;
            case 2: in.csr_addr = (uint16_t)r.bits(12); in.csr_wdata = (uint32_t)r.bits(32); break;
            default: in.csr_addr = FG_NIC_REG_PFT_K_ADDR; in.csr_wdata = (TB_MODE & 1) ? (uint32_t)r.bits(31) : (uint32_t)r.range(0, 20); break;
            }
        }
        // the switch port's receiver (modelled): FCCL from the state before this cycle's arrival
        uint32_t arrived = env.arrival(cycle);
        if (env.timer == 0) {
            uint32_t adv = env.free_blocks() > 2047 ? 2047u : env.free_blocks();
            env.rev.emplace_back(cycle + env.delay, (env.abr + adv) & 0xFFFu);
            env.timer = env.tfc - 1;
        } else {
            env.timer--;
        }
        env.abr = (env.abr + arrived) & 0xFFFu;
        env.receive_and_drain(arrived, r);
        uint32_t f = 0;
        in.rx_fccl_valid = env.fccl_arrival(cycle, &f);
        in.rx_fccl = in.rx_fccl_valid ? f : (uint32_t)r.bits(12);
        // the NIC's transmitter: start on tx_start when the wire is free, cells back to back
        in.tx_pkt_start = env.head_valid && flits_left == 0 && out.tx_start;
        in.tx_head_valid = env.head_valid;
        in.tx_head_blocks = env.head_blocks;
        if (in.tx_pkt_start) {
            env.fwd.emplace_back(cycle + env.delay, env.head_blocks);
            flits_left = env.head_blocks;
            env.head_valid = false;
            starts++;
        }
        in.tx_flit = flits_left > 0;
        if (flits_left) flits_left--;
        if (!env.head_valid && !in.tx_pkt_start) env.new_head(r);
        // the NIC's receiver
        in.rx_blocks_valid = r.chance(1, 4);
        in.rx_blocks = (uint32_t)r.range(1, 255);
        in.rx_free_blocks = (uint32_t)r.bits(r.chance(1, 2) ? 11 : 16);
        in.rx_fccl_req = r.chance(1, 5000);
        // GFC stages from the switch (acted on in buffer mode only)
        in.rx_gfc_valid = r.chance(1, 3000);
        in.rx_gfc_stage = (uint8_t)(r.chance(1, 8) ? r.bits(5) : r.range(0, 6));
        if (in.tx_head_valid && out.gfc_hold) gfc_held++;
        if (out.pft_congested) congested_cycles++;
    }
    void model_step() {
        if (rst) {
            fg_nic_core_reset(&st, &cfg);
            fg_nic_core_outputs(&st, &out);
        } else {
            fg_nic_core_step(&st, &in, &out);
        }
    }
    bool coverage() {
        if (!opt.rerun && !opt.quiet)
            std::printf("NIC CORE mode=%d packets started %llu, cycles congested %llu, GFC epochs %llu, "
                        "cycles a packet waited for GFC %llu\n",
                        TB_MODE, (unsigned long long)starts, (unsigned long long)congested_cycles,
                        (unsigned long long)gfc_epochs, (unsigned long long)gfc_held);
        // the core's own points must all be reached; only this run's mode's congestion point
        // can be (the other three are reached by the other three builds)
        const char* names[FG_NIC_CORE_COV_N];
        uint64_t counts[FG_NIC_CORE_COV_N];
        int n = 0;
        for (int i = 0; i < FG_NIC_CORE_COV_N; i++) {
            if (i >= FG_NIC_CORE_COV_CONG_FT_FI && i <= FG_NIC_CORE_COV_CONG_AT_RI && i != FG_NIC_CORE_COV_CONG_FT_FI + TB_MODE)
                continue;
            names[n] = fg_nic_core_cov_names[i];
            counts[n++] = st.cov[i];
        }
        bool ok = fg::report_coverage(opt, names, counts, n);
        // the sub-blocks' points, for information (their own tests require them)
        fg::Options adv = opt;
        adv.test = opt.test + ".pft";
        fg::report_coverage(adv, fg_pft_cov_names, st.pft.cov, FG_PFT_COV_N);
        adv.test = opt.test + ".gfc_time";
        fg::report_coverage(adv, fg_gfc_time_cov_names, st.gfc_time.cov, FG_GFC_TIME_COV_N);
        adv.test = opt.test + ".gfc_limiter";
        fg::report_coverage(adv, fg_rate_limiter_cov_names, st.gfc_lim.cov, FG_RATE_LIMITER_COV_N);
        return ok;
    }
};

int main(int argc, char** argv) { return fg::run<TbNicCore>(argc, argv, "nic_core"); }
