// tb_cbfc_tx.cpp - lock-step test of rtl/mac/fg_cbfc_tx.v against cmodel/mac/cbfc_tx.c.
// The partner receiver is modelled here (cbfc_link_env.h: buffer, drain, ABR, FCCL every
// T_FC cycles over a delayed link), so credits really flow and wrap; the sender starts its
// head packet when can_send says so (and the link is free), and about once in 20000 cycles
// breaks the rule on purpose (stat_no_credit). Parameters are redrawn at every reset.
#include "Vtop.h"
#include "cbfc_link_env.h"
#include "fg_lockstep.h"
#include "mac/cbfc_rx.h"
#include "mac/cbfc_tx.h"

#ifndef TB_SW
#define TB_SW 8
#endif

struct TbCbfcTx {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_cbfc_tx";
    std::vector<std::pair<std::string, long>> params{{"SW", TB_SW}};
    bool require_coverage = true;
    fg_cbfc_tx_cfg cfg{TB_SW};
    fg_cbfc_tx_state st{};
    fg_cbfc_tx_in in{};
    fg_cbfc_tx_out out{};
    bool rst = true;
    CbfcLinkEnv env;
    fg::Options opt;

    explicit TbCbfcTx(const fg::Options& o) : opt(o) {
        fg_cbfc_tx_reset(&st, &cfg);
        fg_cbfc_tx_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_rx_capacity", 12, &top->cfg_rx_capacity, [this] { return (uint64_t)in.cfg_rx_capacity; });
        sig.input("fccl_valid", 1, &top->fccl_valid, [this] { return (uint64_t)in.fccl_valid; });
        sig.input("fccl_in", 12, &top->fccl_in, [this] { return (uint64_t)in.fccl_in; });
        sig.input("head_valid", 1, &top->head_valid, [this] { return (uint64_t)in.head_valid; });
        sig.input("head_blocks", TB_SW, &top->head_blocks, [this] { return (uint64_t)in.head_blocks; });
        sig.input("send", 1, &top->send, [this] { return (uint64_t)in.send; });
        sig.input("send_blocks", TB_SW, &top->send_blocks, [this] { return (uint64_t)in.send_blocks; });
        sig.output("fccl", 12, &top->fccl, [this] { return (uint64_t)out.fccl; });
        sig.output("fctbs", 12, &top->fctbs, [this] { return (uint64_t)out.fctbs; });
        sig.output("credits_avail", 12, &top->credits_avail, [this] { return (uint64_t)out.credits_avail; });
        sig.output("credits_in_use", 12, &top->credits_in_use, [this] { return (uint64_t)out.credits_in_use; });
        sig.output("can_send", 1, &top->can_send, [this] { return (uint64_t)out.can_send; });
        sig.output("stat_no_credit", 1, &top->stat_no_credit, [this] { return (uint64_t)out.stat_no_credit; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 40000);
        if (rst) {
            env.new_epoch(r);
            in = fg_cbfc_tx_in{};
            in.cfg_rx_capacity = env.cfg_rx_capacity;
            return;
        }
        in.cfg_rx_capacity = env.cfg_rx_capacity;
        // the soft receiver: FCCL from the state before this cycle's arrival
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
        in.fccl_valid = env.fccl_arrival(cycle, &f);
        in.fccl_in = in.fccl_valid ? f : (uint32_t)r.bits(12);
        // the sender
        if (env.busy) env.busy--;
        bool cheat = env.head_valid && !out.can_send && env.busy == 0 && r.chance(1, 20000);
        in.send = env.head_valid && env.busy == 0 && (out.can_send || cheat);
        in.head_valid = env.head_valid;
        in.head_blocks = env.head_blocks;
        in.send_blocks = in.send ? env.head_blocks : (uint32_t)r.bits(TB_SW);
        if (in.send) {
            env.fwd.emplace_back(cycle + env.delay, env.head_blocks);
            env.busy = env.head_blocks;
            env.head_valid = false;
        }
        if (!env.head_valid && !in.send) env.new_head(r);
    }
    void model_step() {
        if (rst) {
            fg_cbfc_tx_reset(&st, &cfg);
            fg_cbfc_tx_outputs(&st, &out);
        } else {
            fg_cbfc_tx_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_cbfc_tx_cov_names, st.cov, FG_CBFC_TX_COV_N); }
};

int main(int argc, char** argv) { return fg::run<TbCbfcTx>(argc, argv, "cbfc_tx"); }
