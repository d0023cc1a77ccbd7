// tb_crc32.cpp - lock-step test of rtl/common/fg_crc32.v against cmodel/common/crc32.c.
// Before the random run it checks the model against two facts that do not come from the
// code under test: the CRC-32 check value of "123456789" (0xCBF43926) and the residue of a
// frame that carries its own FCS (0xDEBB20E3).
#include <cstring>

#include "Vtop.h"
#include "common/crc32.h"
#include "fg_lockstep.h"

struct TbCrc32 {
    std::unique_ptr<Vtop> top{new Vtop};
    fg::FgSignals sig;
    std::string module = "fg_crc32";
    std::vector<std::pair<std::string, long>> params;
    bool require_coverage = true;
    fg::Options opt;
    fg_crc32_cfg cfg{};
    fg_crc32_state st{};
    fg_crc32_in in{};
    fg_crc32_out out{};
    bool rst = true;

    explicit TbCrc32(const fg::Options& o) : opt(o) {
        fg_crc32_reset(&st, &cfg);
        sig.input("rst", 1, &top->rst, [this] { return (uint64_t)rst; });
        sig.input("init", 1, &top->init, [this] { return (uint64_t)in.init; });
        sig.input("en", 1, &top->en, [this] { return (uint64_t)in.en; });
        sig.input("data", 8, &top->data, [this] { return (uint64_t)in.data; });
        sig.output("crc", 32, &top->crc, [this] { return (uint64_t)out.crc; });
    }
    void stimulus(uint64_t cycle, fg::Rng& r) {
        rst = cycle < 2 || r.chance(1, 50000);
        in.init = r.chance(1, 100);
        in.en = r.chance(7, 8);
        in.data = (uint8_t)r.bits(8);
    }
    void model_step() {
        if (rst) {
            fg_crc32_reset(&st, &cfg);
            out.crc = st.crc;
        } else {
            fg_crc32_step(&st, &in, &out);
        }
    }
    bool coverage() { return fg::report_coverage(opt, fg_crc32_cov_names, st.cov, FG_CRC32_COV_N); }
};

static bool known_answers() {
    const char* s = "123456789";
    uint32_t fcs = fg_crc32_fcs((const uint8_t*)s, std::strlen(s));
    bool ok = fcs == 0xCBF43926u;
    std::printf("CHECK crc32 check-value fcs=0x%08x expected=0xcbf43926 %s\n", fcs, ok ? "ok" : "WRONG");
    uint8_t frame[64];
    for (int i = 0; i < 60; i++) frame[i] = (uint8_t)(i * 7 + 3);
    uint32_t f = fg_crc32_fcs(frame, 60);
    for (int i = 0; i < 4; i++) frame[60 + i] = (uint8_t)(f >> (8 * i));
    uint32_t res = FG_CRC32_INIT;
    for (int i = 0; i < 64; i++) res = fg_crc32_update(res, frame[i]);
    bool ok2 = res == FG_CRC32_RESIDUE;
    std::printf("CHECK crc32 residue=0x%08x expected=0xdebb20e3 %s\n", res, ok2 ? "ok" : "WRONG");
    return ok && ok2;
}

int main(int argc, char** argv) {
    if (!known_answers()) return 1;
    return fg::run<TbCrc32>(argc, argv, "crc32");
}
