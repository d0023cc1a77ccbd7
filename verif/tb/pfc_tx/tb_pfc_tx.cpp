// tb_pfc_tx.cpp - lock-step test of rtl/mac/fg_pfc_tx.v (+ fg_crc32) against
// cmodel/mac/pfc_tx.c.
//
// Stimulus, in phases of a few thousand cycles so that every regime is visited:
//   - a client that sends data frames of random length (1..80 bytes mostly, up to 400),
//     with random gaps inside and between frames, obeying the valid/ready rule (a byte
//     offered stays offered until taken);
//   - m_ready always high, randomly low, or low for long stretches;
//   - a request source that behaves like fg_pfc_gen: a request stays up until req_ack is
//     shown and is cleared on the edge after; classes are added at random times, also in the
//     ack cycle itself (so the capture cycle matters); now and then the request is
//     withdrawn without an ack (the generator being disabled); bursts of requests give
//     back-to-back control frames;
//   - GFC requests (ctrl_gfc, opcode 0x0102): a new request is GFC with a per-phase
//     probability, and the flag flips now and then while it waits (the core shows a PFC
//     request ahead of a GFC one), so the value in the ack cycle is the one that counts;
//   - 802.1Qbb or 802.3x mode, pause quanta and source MAC change per phase and sometimes
//     in the middle of a frame; rare resets.
#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/pfc_tx.h"

struct TbPfcTx {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_pfc_tx";
    std::vector<std::pair<std::string, long>> params;
    bool require_coverage = true;
    fg::Options opt;
    fg_pfc_tx_cfg cfg{};
    fg_pfc_tx_state st{};
    fg_pfc_tx_in in{};
    fg_pfc_tx_out out{};
    bool rst = true;

    // phase knobs
    uint64_t phase_end = 0;
    uint32_t stall_num = 0, stall_den = 1;  // m_ready low with this probability
    uint32_t gap_den = 4;                   // 1/gap_den: a hole inside a frame
    uint32_t idle_max = 10;                 // idle cycles between frames, up to
    uint32_t req_den = 200;                 // a new request per cycle, 1/req_den
    uint32_t max_len = 80;
    // client state
    bool sending = false;
    uint32_t frame_left = 0;  // bytes left in the current frame, including the offered one
    uint32_t idle_left = 0;
    bool first_byte = false;  // the byte offered is the first of its frame
    // request source state
    bool clear_req = false;
    bool mixed_times = false;
    uint32_t gfc_den = 3;  // a new request is GFC with probability 1/gfc_den (0: never)

    explicit TbPfcTx(const fg::Options& o) : opt(o) {
        fg_pfc_tx_reset(&st, &cfg);
        fg_pfc_tx_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_mode_8023x", 1, &top->cfg_mode_8023x, [this] { return (uint64_t)in.cfg_mode_8023x; });
        sig.input("cfg_src_mac", 48, &top->cfg_src_mac, [this] { return in.cfg_src_mac; });
        sig.input("req_valid", 1, &top->req_valid, [this] { return (uint64_t)in.req_valid; });
        sig.input("req_cev", 8, &top->req_cev, [this] { return (uint64_t)in.req_cev; });
        sig.input("req_xoff", 8, &top->req_xoff, [this] { return (uint64_t)in.req_xoff; });
        sig.input_array("ctrl_time", 16, 8, &top->ctrl_time, [this](int n) { return (uint64_t)in.ctrl_time[n]; });
        sig.input("ctrl_gfc", 1, &top->ctrl_gfc, [this] { return (uint64_t)in.ctrl_gfc; });
        sig.input("s_data", 8, &top->s_data, [this] { return (uint64_t)in.s_data; });
        sig.input("s_valid", 1, &top->s_valid, [this] { return (uint64_t)in.s_valid; });
        sig.input("s_last", 1, &top->s_last, [this] { return (uint64_t)in.s_last; });
        sig.input("m_ready", 1, &top->m_ready, [this] { return (uint64_t)in.m_ready; });
        sig.output("req_ack", 1, &top->req_ack, [this] { return (uint64_t)out.req_ack; });
        sig.output("s_ready", 1, &top->s_ready, [this] { return (uint64_t)out.s_ready; });
        sig.output("m_data", 8, &top->m_data, [this] { return (uint64_t)out.m_data; });
        sig.output("m_valid", 1, &top->m_valid, [this] { return (uint64_t)out.m_valid; });
        sig.output("m_last", 1, &top->m_last, [this] { return (uint64_t)out.m_last; });
        sig.output("stat_tx_ctrl", 1, &top->stat_tx_ctrl, [this] { return (uint64_t)out.stat_tx_ctrl; });
    }

    void new_phase(uint64_t cycle, fg::Rng& r) {
        phase_end = cycle + r.range(1000, 6000);
        static const uint32_t stalls[][2] = {{0, 1}, {1, 2}, {1, 10}, {9, 10}, {1, 100}};
        uint64_t s = r.below(5);
        stall_num = stalls[s][0];
        stall_den = stalls[s][1];
        static const uint32_t gaps[] = {1000000, 20, 3};
        gap_den = gaps[r.below(3)];
        static const uint32_t idles[] = {0, 3, 40};
        idle_max = idles[r.below(3)];
        static const uint32_t reqs[] = {3, 60, 400, 5000};
        req_den = reqs[r.below(4)];
        max_len = r.chance(1, 4) ? 400 : 80;
        in.cfg_mode_8023x = r.chance(1, 3);
        static const uint32_t gfcs[] = {0, 2, 5};
        gfc_den = gfcs[r.below(3)];
        // Times per class: all equal (standard XOFFs only) or mixed (predictive ones too).
        mixed_times = r.chance(1, 2);
        uint16_t q = r.chance(1, 2) ? 0xFFFF : (uint16_t)r.bits(16);
        for (int n = 0; n < 8; n++) in.ctrl_time[n] = mixed_times ? (uint16_t)r.bits(16) : q;
        in.cfg_src_mac = r.bits(48);
    }

    void client(bool accepted, fg::Rng& r) {
        // `accepted`: the byte offered in the previous cycle was taken on its edge.
        if (accepted) {
            first_byte = false;
            frame_left--;
            if (frame_left == 0) {
                sending = false;
                idle_left = (uint32_t)r.range(0, idle_max);
            }
        }
        if (in.s_valid && !accepted) return;  // an offered byte stays offered
        if (!sending) {
            if (idle_left > 0) {
                idle_left--;
                in.s_valid = false;
                return;
            }
            sending = true;
            first_byte = true;
            frame_left = (uint32_t)(r.chance(1, 8) ? 1 : r.range(1, max_len));
        }
        in.s_valid = !r.chance(1, gap_den);
        in.s_data = (uint8_t)r.bits(8);
        in.s_last = frame_left == 1;
    }

    void requests(fg::Rng& r) {
        // out.req_ack is shown in this cycle: the request now is the one taken on this edge;
        // the generator clears it on the edge, so it is gone next cycle.
        if (clear_req) {
            in.req_valid = false;
            in.req_cev = 0;
            in.req_xoff = 0;
            clear_req = false;
        }
        // A request that appears just as a data frame's first byte is offered races it.
        bool race = !in.req_valid && in.s_valid && first_byte && out.s_ready && r.chance(1, 4);
        if (race || r.chance(1, req_den) || (in.req_valid && r.chance(1, 50))) {
            uint8_t bit = (uint8_t)(1u << r.below(8));
            if (!in.req_valid) in.ctrl_gfc = gfc_den != 0 && r.chance(1, gfc_den);
            in.req_valid = true;
            in.req_cev |= bit;
            if (r.chance(1, 2))
                in.req_xoff |= bit;
            else
                in.req_xoff &= (uint8_t)~bit;
            if (r.chance(1, 20)) in.req_xoff |= (uint8_t)r.bits(8);  // stray bits outside cev
        }
        if (in.req_valid && !out.req_ack && r.chance(1, 20000)) {
            in.req_valid = false;  // generator disabled: request withdrawn
            in.req_cev = in.req_xoff = 0;
        }
        if (in.req_valid && gfc_den != 0 && r.chance(1, 300)) in.ctrl_gfc = !in.ctrl_gfc;
        if (out.req_ack) clear_req = true;
    }

    void stimulus(uint64_t cycle, fg::Rng& r) {
        bool accepted = !rst && in.s_valid && out.s_ready;
        rst = cycle < 2 || r.chance(1, 300000);
        if (cycle >= phase_end) new_phase(cycle, r);
        if (rst) {
            sending = false;
            first_byte = false;
            in.s_valid = false;
            idle_left = 0;
            in.req_valid = false;
            in.req_cev = in.req_xoff = 0;
            clear_req = false;
            accepted = false;
        }
        client(accepted, r);
        requests(r);
        in.m_ready = !r.chance(stall_num, stall_den);
        if (r.chance(1, mixed_times ? 200 : 20000)) in.ctrl_time[r.below(8)] = (uint16_t)r.bits(16);
        if (r.chance(1, 20000)) in.cfg_mode_8023x = !in.cfg_mode_8023x;
    }

    void model_step() {
        if (rst) {
            fg_pfc_tx_reset(&st, &cfg);
            fg_pfc_tx_outputs(&st, &out);
        } else {
            fg_pfc_tx_step(&st, &in, &out);
        }
    }

    bool coverage() { return fg::report_coverage(opt, fg_pfc_tx_cov_names, st.cov, FG_PFC_TX_COV_N); }
};

int main(int argc, char** argv) { return fg::run<TbPfcTx>(argc, argv, "pfc_tx"); }
