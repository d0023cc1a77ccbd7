// tb_cbfc_rx.cpp - lock-step test of rtl/mac/fg_cbfc_rx.v against cmodel/mac/cbfc_rx.c.
// Stimulus: T_FC redrawn every few thousand cycles (0, 1, short, long; a long count cut by a
// short value), random arrivals of 1..2^SW-1 blocks, free space below and above the 2047
// clamp, occasional fccl_req and resets.
#include "Vtop.h"
#include "fg_lockstep.h"
#include "mac/cbfc_rx.h"

#ifndef TB_SW
#define TB_SW 8
#endif
#ifndef TB_FW
#define TB_FW 16
#endif

struct TbCbfcRx {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_cbfc_rx";
    std::vector<std::pair<std::string, long>> params{{"SW", TB_SW}, {"FW", TB_FW}};
    bool require_coverage = true;
    fg_cbfc_rx_cfg cfg{TB_SW, TB_FW};
    fg_cbfc_rx_state st{};
    fg_cbfc_rx_in in{};
    fg_cbfc_rx_out out{};
    bool rst = true;
    fg::Options opt;

    explicit TbCbfcRx(const fg::Options& o) : opt(o) {
        fg_cbfc_rx_reset(&st, &cfg);
        fg_cbfc_rx_outputs(&st, &out);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("cfg_tfc", 16, &top->cfg_tfc, [this] { return (uint64_t)in.cfg_tfc; });
        sig.input("rx_valid", 1, &top->rx_valid, [this] { return (uint64_t)in.rx_valid; });
        sig.input("rx_blocks", TB_SW, &top->rx_blocks, [this] { return (uint64_t)in.rx_blocks; });
        sig.input("free_blocks", TB_FW, &top->free_blocks, [this] { return (uint64_t)in.free_blocks; });
        sig.input("fccl_req", 1, &top->fccl_req, [this] { return (uint64_t)in.fccl_req; });
        sig.output("fccl_valid", 1, &top->fccl_valid, [this] { return (uint64_t)out.fccl_valid; });
        sig.output("fccl", 12, &top->fccl, [this] { return (uint64_t)out.fccl; });
        sig.output("abr", 12, &top->abr, [this] { return (uint64_t)out.abr; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 50000);
        if (cycle % 3000 == 0) {
            switch (r.below(5)) {
            case 0: in.cfg_tfc = r.chance(1, 2) ? 0 : 1; break;
            case 1: in.cfg_tfc = (uint32_t)r.range(2, 16); break;
            case 2: in.cfg_tfc = (uint32_t)r.range(17, 400); break;
            case 3: in.cfg_tfc = (uint32_t)r.range(1000, 65535); break;
            default: in.cfg_tfc = (uint32_t)r.range(2, 64); break;
            }
        }
        in.rx_valid = r.chance(1, 3);
        in.rx_blocks = (uint32_t)r.range(r.chance(1, 20) ? 0 : 1, (1u << TB_SW) - 1);
        if (r.chance(1, 4)) {
            uint64_t fmax = (1ull << TB_FW) - 1;
            in.free_blocks = (uint32_t)(r.chance(1, 3) ? r.range(0, fmax) : r.range(0, fmax < 2200 ? fmax : 2200));
        }
        in.fccl_req = r.chance(1, 300);
    }
    void model_step() {
        if (rst) {
            fg_cbfc_rx_reset(&st, &cfg);
            fg_cbfc_rx_outputs(&st, &out);
        } else {
            fg_cbfc_rx_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_cbfc_rx_cov_names, st.cov, FG_CBFC_RX_COV_N); }
};

int main(int argc, char** argv) { return fg::run<TbCbfcRx>(argc, argv, "cbfc_rx"); }
