// tb_sw_credit_port.cpp - lock-step test of rtl/mac/fg_sw_credit_port.v against
// cmodel/mac/sw_credit_port.c (one switch port, one credit-based VL).
//
// The stimulus is a link on both sides of the port, written here independently of the block:
//   upstream: a sender with its own view of our credits (the FCCLs the block emits, after a
//     link delay) sends packets of 1..16 cells cell by cell (rx_last on the last one) when
//     they fit, and now and then one that does not (overrun with a small allotment); the
//     switch core is modelled as a count of enqueued cells (ingress_cnt: a packet counts
//     from the edge after its last cell) drained packet by packet at random.
//   downstream: a receiver with a buffer and a drain rate sends FCCL = ABR + free every
//     T cycles over a delayed link, and in some phases withholds credit (FCCL = ABR).
//   the egress queue: a head packet of 1..16 cells; it starts when can_send and (GFC on)
//     gfc_allow say so and the link is free, and about once in a few thousand cycles in
//     spite of them (stat_no_credit, a start the limiter did not allow).
// Configuration is redrawn at every reset (rare random resets): small and large allotments,
// T_fc, capacity, GFC on or off (and toggled within an epoch now and then), its period,
// reciprocal and bucket depth.
#include <deque>
#include <utility>

#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/sw_credit_port.h"

#ifndef TB_SW
#define TB_SW 8
#endif
#ifndef TB_GFC_PIPE
#define TB_GFC_PIPE 0
#endif
#ifndef TB_CW
#define TB_CW 18
#endif

struct SwCreditEnv {
    // epoch
    uint32_t rx_delay = 4, tx_delay = 4, up_num = 1, up_den = 2, cheat_den = 50, drain_den = 20;
    uint32_t dn_cap = 600, dn_tfc = 16, dn_drain_num = 1, dn_drain_den = 2, max_pkt = 16;
    // upstream sender and the core's count
    std::deque<std::pair<uint64_t, uint32_t>> fccl_up;  // (arrival, fccl) from the block
    uint32_t up_limit = 0, up_sent = 0;                  // upstream's FCCL and FCTBS
    bool up_have_credit = false;
    uint32_t pkt_left = 0, pkt_len = 0;                  // packet being sent upstream
    std::deque<uint32_t> enq;                            // packets counted by the core
    uint32_t ingress = 0, pending_enq = 0;
    // downstream receiver
    std::deque<std::pair<uint64_t, uint32_t>> fwd;  // (arrival, cells) toward downstream
    std::deque<std::pair<uint64_t, uint32_t>> rev;  // (arrival, fccl) from downstream
    uint64_t dn_occ = 0;
    uint32_t dn_abr = 0, dn_timer = 0;
    bool withhold = false;
    // egress queue
    bool head_valid = false;
    uint32_t head = 1, busy = 0;

    void new_epoch(fg::Rng& r) {
        rx_delay = (uint32_t)r.range(1, 12);
        tx_delay = (uint32_t)r.range(1, 12);
        up_den = (uint32_t)r.range(1, 4);
        up_num = (uint32_t)r.range(1, up_den);
        cheat_den = r.chance(1, 2) ? 40u : 1000u;
        drain_den = (uint32_t)r.range(2, 40);
        dn_cap = r.chance(1, 2) ? (uint32_t)r.range(16, 200) : (uint32_t)r.range(200, 3000);
        dn_tfc = (uint32_t)r.range(1, 48);
        dn_drain_den = (uint32_t)r.range(1, 6);
        dn_drain_num = (uint32_t)r.range(1, dn_drain_den);
        max_pkt = r.chance(1, 4) ? (uint32_t)r.range(1, 4) : 16u;
        fccl_up.clear();
        up_limit = up_sent = 0;
        up_have_credit = false;
        pkt_left = pkt_len = 0;
        enq.clear();
        ingress = pending_enq = 0;
        fwd.clear();
        rev.clear();
        dn_occ = 0;
        dn_abr = dn_timer = 0;
        withhold = false;
        head_valid = false;
        busy = 0;
    }
};

struct TbSwCreditPort {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_sw_credit_port";
    std::vector<std::pair<std::string, long>> params{{"SW", TB_SW}, {"CW", TB_CW}, {"GFC_PIPE", TB_GFC_PIPE}};
    bool require_coverage = true;
    fg_sw_credit_port_cfg cfg{TB_SW, TB_CW, TB_GFC_PIPE};
    fg_sw_credit_port_state st{};
    fg_sw_credit_port_in in{};
    fg_sw_credit_port_out out{};
    bool rst = true;
    SwCreditEnv env;
    fg::Options opt;

    explicit TbSwCreditPort(const fg::Options& o) : opt(o) {
        fg_sw_credit_port_reset(&st, &cfg);
        fg_sw_credit_port_outputs(&st, &out);
        auto& t = *top;
        sig.input("rst", 1, &t.rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_tfc", 16, &t.cfg_tfc, [this] { return (uint64_t)in.cfg_tfc; });
        sig.input("cfg_allotment", 12, &t.cfg_allotment, [this] { return (uint64_t)in.cfg_allotment; });
        sig.input("cfg_rx_capacity", 12, &t.cfg_rx_capacity, [this] { return (uint64_t)in.cfg_rx_capacity; });
        sig.input("cfg_gfc_enable", 1, &t.cfg_gfc_enable, [this] { return (uint64_t)in.cfg_gfc_enable; });
        sig.input("cfg_gfc_period", 24, &t.cfg_gfc_period, [this] { return (uint64_t)in.cfg_gfc_period; });
        sig.input("cfg_gfc_recip", 24, &t.cfg_gfc_recip, [this] { return (uint64_t)in.cfg_gfc_recip; });
        sig.input("cfg_rl_depth", 16, &t.cfg_rl_depth, [this] { return (uint64_t)in.cfg_rl_depth; });
        sig.input("ingress_cnt", TB_CW, &t.ingress_cnt, [this] { return (uint64_t)in.ingress_cnt; });
        sig.input("rx_valid", 1, &t.rx_valid, [this] { return (uint64_t)in.rx_valid; });
        sig.input("rx_blocks", TB_SW, &t.rx_blocks, [this] { return (uint64_t)in.rx_blocks; });
        sig.input("rx_last", 1, &t.rx_last, [this] { return (uint64_t)in.rx_last; });
        sig.input("fccl_in_valid", 1, &t.fccl_in_valid, [this] { return (uint64_t)in.fccl_in_valid; });
        sig.input("fccl_in", 12, &t.fccl_in, [this] { return (uint64_t)in.fccl_in; });
        sig.input("head_valid", 1, &t.head_valid, [this] { return (uint64_t)in.head_valid; });
        sig.input("head_blocks", TB_SW, &t.head_blocks, [this] { return (uint64_t)in.head_blocks; });
        sig.input("send", 1, &t.send, [this] { return (uint64_t)in.send; });
        sig.input("send_blocks", TB_SW, &t.send_blocks, [this] { return (uint64_t)in.send_blocks; });
        sig.output("fccl_valid", 1, &t.fccl_valid, [this] { return (uint64_t)out.fccl_valid; });
        sig.output("fccl", 12, &t.fccl, [this] { return (uint64_t)out.fccl; });
        sig.output("held", TB_CW + 1, &t.held, [this] { return (uint64_t)out.held; });
        sig.output("free_blocks", 12, &t.free_blocks, [this] { return (uint64_t)out.free_blocks; });
        sig.output("overrun", 1, &t.overrun, [this] { return (uint64_t)out.overrun; });
        sig.output("tx_fccl", 12, &t.tx_fccl, [this] { return (uint64_t)out.tx_fccl; });
        sig.output("tx_fctbs", 12, &t.tx_fctbs, [this] { return (uint64_t)out.tx_fctbs; });
        sig.output("can_send", 1, &t.can_send, [this] { return (uint64_t)out.can_send; });
        sig.output("credits_avail", 12, &t.credits_avail, [this] { return (uint64_t)out.credits_avail; });
        sig.output("credits_in_use", 12, &t.credits_in_use, [this] { return (uint64_t)out.credits_in_use; });
        sig.output("stat_no_credit", 1, &t.stat_no_credit, [this] { return (uint64_t)out.stat_no_credit; });
        sig.output("gfc_rate", 17, &t.gfc_rate, [this] { return (uint64_t)out.gfc_rate; });
        sig.output("gfc_update", 1, &t.gfc_update, [this] { return (uint64_t)out.gfc_update; });
        sig.output("gfc_allow", 1, &t.gfc_allow, [this] { return (uint64_t)out.gfc_allow; });
    }

    void new_config(fg::Rng& r) {
        in = fg_sw_credit_port_in{};
        in.cfg_tfc = r.chance(1, 5) ? 1u : (uint32_t)r.range(2, 64);
        in.cfg_allotment = r.chance(1, 2) ? (uint32_t)r.range(4, 40) : (uint32_t)r.range(41, 2047);
        // now and then above the legal 2047 (the block still defines it: the advertised space
        // clamps at 2047), so the FCCL's clamped case is compared too
        if (r.chance(1, 10)) in.cfg_allotment = (uint32_t)r.range(2048, 4095);
        in.cfg_rx_capacity = r.chance(1, 4) ? (uint32_t)r.range(1, 4095) : (env.dn_cap > 4095 ? 4095 : env.dn_cap);
        in.cfg_gfc_enable = r.chance(1, 2);
        in.cfg_gfc_period = r.chance(1, 8) ? 1u : (uint32_t)r.range(2, 64);
        uint32_t span = (uint32_t)r.range(17, 600);
        in.cfg_gfc_recip = (uint32_t)(((1ull << 28) + span / 2) / span);
        in.cfg_rl_depth = (uint32_t)r.range(1, 64);
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 60000);
        if (rst) {
            env.new_epoch(r);
            new_config(r);
            return;
        }
        if (r.chance(1, 30000)) in.cfg_gfc_enable = !in.cfg_gfc_enable;

        // ---- upstream: the block's FCCLs reach it after rx_delay --------------------------
        if (out.fccl_valid) env.fccl_up.emplace_back(cycle + env.rx_delay, out.fccl);
        while (!env.fccl_up.empty() && env.fccl_up.front().first <= cycle) {
            env.up_limit = env.fccl_up.front().second;
            env.up_have_credit = true;
            env.fccl_up.pop_front();
        }
        // the core: a packet whose last cell arrived on the previous edge is counted now
        env.ingress += env.pending_enq;
        if (env.pending_enq) env.enq.push_back(env.pending_enq);
        env.pending_enq = 0;
        if (!env.enq.empty() && r.chance(1, env.drain_den)) {
            env.ingress -= env.enq.front();
            env.enq.pop_front();
        }
        in.ingress_cnt = env.ingress;
        // now and then a count from nowhere for one edge (any CW-bit value is an input the
        // block must follow: the free space's sign over the whole width)
        if (r.chance(1, 5000)) in.ingress_cnt = (uint32_t)r.bits(TB_CW);
        // the upstream sender: one cell per cycle of the packet in progress
        in.rx_valid = false;
        in.rx_blocks = (uint32_t)r.bits(TB_SW);  // ignored without rx_valid
        in.rx_last = r.chance(1, 2);
        // now and then a runaway sender: a packet of thousands of cells, far beyond any
        // allotment and credit (partial and ingress_cnt above 4095, and at CW < 13 wrapping)
        if (env.pkt_left == 0 && r.chance(1, 100000)) {
            env.pkt_left = env.pkt_len = (uint32_t)r.range(4000, 9000);
            env.up_sent = (env.up_sent + env.pkt_len) & 0xFFFu;
        }
        if (env.pkt_left == 0 && r.chance(env.up_num, env.up_den)) {
            uint32_t len = (uint32_t)r.range(1, env.max_pkt);
            // FCCL - FCTBS mod 4096; at or above 2048 it is negative (after a cheat)
            uint32_t credit = (env.up_limit - env.up_sent) & 0xFFFu;
            if (credit >= 2048) credit = 0;
            if ((env.up_have_credit && credit >= len) || r.chance(1, env.cheat_den)) {
                env.pkt_left = env.pkt_len = len;
                env.up_sent = (env.up_sent + len) & 0xFFFu;
            }
        }
        // mostly one cell per edge while a packet is in progress, now and then an idle edge in
        // its middle (rx_last is then random and must be ignored); a count of two when the
        // packet has them, now and then
        if (env.pkt_left && !r.chance(1, 12)) {
            uint32_t n = (env.pkt_left >= 2 && r.chance(1, 16)) ? 2u : 1u;
            in.rx_valid = true;
            in.rx_blocks = n;
            env.pkt_left -= n;
            in.rx_last = env.pkt_left == 0;
            if (in.rx_last) env.pending_enq = env.pkt_len;
        }

        // ---- downstream receiver ----------------------------------------------------------
        uint32_t arrived = 0;
        while (!env.fwd.empty() && env.fwd.front().first <= cycle) {
            arrived += env.fwd.front().second;
            env.fwd.pop_front();
        }
        if (r.chance(1, 3000)) env.withhold = !env.withhold;
        if (env.dn_timer == 0) {
            uint64_t fr = env.dn_occ >= env.dn_cap ? 0 : env.dn_cap - env.dn_occ;
            uint32_t adv = env.withhold ? 0u : (uint32_t)(fr > 2047 ? 2047 : fr);
            env.rev.emplace_back(cycle + env.tx_delay, (env.dn_abr + adv) & 0xFFFu);
            env.dn_timer = env.dn_tfc - 1;
        } else {
            env.dn_timer--;
        }
        env.dn_abr = (env.dn_abr + arrived) & 0xFFFu;
        env.dn_occ += arrived;
        if (env.dn_occ && r.chance(env.dn_drain_num, env.dn_drain_den)) env.dn_occ--;
        in.fccl_in_valid = false;
        in.fccl_in = (uint32_t)r.bits(12);
        while (!env.rev.empty() && env.rev.front().first <= cycle) {
            in.fccl_in_valid = true;
            in.fccl_in = env.rev.front().second;
            env.rev.pop_front();
        }

        // ---- the egress queue -------------------------------------------------------------
        if (env.busy) env.busy--;
        bool gate = out.can_send && (!in.cfg_gfc_enable || out.gfc_allow);
        bool cheat = !gate && r.chance(1, 2500);
        in.send = env.head_valid && env.busy == 0 && (gate || cheat);
        in.head_valid = env.head_valid;
        in.head_blocks = env.head_valid ? env.head : (uint32_t)r.bits(TB_SW);
        in.send_blocks = in.send ? env.head : (uint32_t)r.bits(TB_SW);
        if (in.send) {
            env.fwd.emplace_back(cycle + env.tx_delay, env.head);
            env.busy = env.head;
            env.head_valid = false;
        }
        if (!env.head_valid && !in.send) {
            env.head_valid = !r.chance(1, 8);
            env.head = (uint32_t)r.range(1, env.max_pkt);
        }
    }

    void model_step() {
        if (rst) {
            fg_sw_credit_port_reset(&st, &cfg);
            fg_sw_credit_port_outputs(&st, &out);
        } else {
            fg_sw_credit_port_step(&st, &in, &out);
        }
    }
    bool coverage() {
        return fg::report_coverage(opt, fg_sw_credit_port_cov_names, st.cov, FG_SW_CREDIT_PORT_COV_N);
    }
};

int main(int argc, char** argv) { return fg::run<TbSwCreditPort>(argc, argv, "sw_credit_port"); }
