// tb_drv_roundtrip.cpp - the driver round-trip (fg_roundtrip.h) against the Verilated CSR RTL
// (rtl/csr/fg_csr_sw.v or fg_csr_nic.v), with the C CSR model clocked beside it: every bus
// access of the driver is a whole bus handshake (the edges until csr_ready, the take, the edges
// until csr_ready again) clocked in both, and every output of the block (read data,
// error bit, every cfg_* port) is compared after every edge, as in the block's own lock-step
// test, whose testbench struct (signal list, model stepping) this file reuses.
//
// Build (mk/drv.mk): -DTB_MAP_NIC selects the NIC block, else the switch block with the
// TB_N_PORTS / TB_N_PRIO / TB_CW / TB_CNT_W of the -G overrides.
//   ls_drv_rt_<shape> [--configs N] [--seed S]
// Ends with one ROUNDTRIP line; exit 0 when every configuration round-tripped with no
// lock-step mismatch, 1 otherwise (a mismatch prints the LOCKSTEP MISMATCH line and stops).
#define TB_NO_MAIN
#ifdef TB_MAP_NIC
#include "../tb/csr_nic/tb_csr_nic.cpp"
typedef TbCsrNic Tb;
#else
#include "../tb/csr_sw/tb_csr_sw.cpp"
typedef TbCsrSw Tb;
#endif

#include <cstdlib>
#include <cstring>

#include "fg_roundtrip.h"

#ifdef TB_MAP_NIC
static const int BUS_LATENCY = FG_CSR_NIC_LATENCY;
#else
static const int BUS_LATENCY = FG_CSR_SW_LATENCY;
#endif

namespace {

struct LockstepBus {
    Tb* tb;
    fg::Options opt;
    uint64_t cycle = 0, writes = 0;

    // One clock edge of the RTL and the model with these bus inputs and no counter pulses.
    uint32_t edge(bool rst, bool rd, bool wr, uint32_t addr, uint32_t data) {
        tb->rst = rst;
        std::memset(&tb->in, 0, sizeof tb->in);
        tb->in.csr_rd = rd;
        tb->in.csr_wr = wr;
        tb->in.csr_addr = (uint16_t)addr;
        tb->in.csr_wdata = data;
        tb->sig.apply_inputs();
        tb->model_step();
        tb->top->eval();
        tb->top->clk = 1;
        tb->top->eval();
        if (!tb->sig.compare(opt, cycle)) {
            std::printf("LOCKSTEP FAIL test=%s seed=%llu cycle=%llu\n", opt.test.c_str(),
                        (unsigned long long)opt.seed, (unsigned long long)cycle);
            std::exit(1);
        }
        tb->top->clk = 0;
        tb->top->eval();
        cycle++;
        return (uint32_t)tb->out.csr_rdata;  // equal to the RTL's: compared above
    }
};

// One whole bus access (docs/registers.md, "Bus"): idle edges until csr_ready, the edge that
// takes the access, idle edges until csr_ready again (read data and commit are then done).
// A bus that does not come back ready within the block's latency fails the test.
void wait_ready(LockstepBus* b) {
    for (int n = 0; !b->tb->out.csr_ready; n++) {
        if (n > BUS_LATENCY) {
            std::printf("ROUNDTRIP FAIL test=%s: csr_ready low for more than %d edges\n", b->opt.test.c_str(),
                        BUS_LATENCY);
            std::exit(1);
        }
        b->edge(false, false, false, 0, 0);
    }
}

uint32_t access(LockstepBus* b, bool rd, bool wr, uint32_t addr, uint32_t data) {
    wait_ready(b);
    b->edge(false, rd, wr, addr, data);
    wait_ready(b);
    return (uint32_t)b->tb->out.csr_rdata;  // equal to the RTL's: compared on every edge
}

uint32_t bus_read(void* ctx, uint32_t addr) { return access(static_cast<LockstepBus*>(ctx), true, false, addr, 0); }
void bus_write(void* ctx, uint32_t addr, uint32_t v) {
    static_cast<LockstepBus*>(ctx)->writes++;
    access(static_cast<LockstepBus*>(ctx), false, true, addr, v);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string name = fg::test_name_from_argv(argc, argv, "ls_drv_rt");
    long configs = 1000;
    fg::Options opt;
    opt.test = name;
    for (int i = 1; i < argc; i++) {
        char* end = nullptr;
        if (!std::strcmp(argv[i], "--configs") && i + 1 < argc)
            configs = std::strtol(argv[++i], &end, 10);
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc)
            opt.seed = std::strtoull(argv[++i], &end, 10);
        if (!end || *end || configs < 1) {
            std::fprintf(stderr, "usage: %s [--configs N (>= 1)] [--seed S]\n", argv[0]);
            return 2;
        }
    }
    Tb tb(opt);
    LockstepBus bus{&tb, opt};
    tb.top->clk = 0;
    tb.top->eval();
    for (int i = 0; i < 2; i++) bus.edge(true, false, false, 0, 0);
    fg_drv d;
    char msg[256];
    if (fg_drv_open(&d, bus_read, bus_write, &bus, msg, sizeof msg)) {
        std::printf("open: %s\n", msg);
        return 1;
    }
    fg_rt_stats st;
    int rc = fg_rt_run(&d, opt.seed, (int)configs, FG_RT_DRIVER, stdout, &st);
    std::printf("ROUNDTRIP map=%s model=rtl+c shape=%dx%d cw=%d seed=%llu: %d configurations, %d failed, %ld fields "
                "compared, %llu writes, %llu cycles in lock-step, every output compared every cycle\n",
                d.map->block, d.n_ports, d.n_prio, d.cw, (unsigned long long)opt.seed, st.configs, st.failed, st.fields,
                (unsigned long long)bus.writes, (unsigned long long)bus.cycle);
    return rc ? 1 : 0;
}
