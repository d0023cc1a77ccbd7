/* test_sw.c - unit tests of sw/lib: unit conversions, the headroom calculator, configuration
 * validation and parsing, and the driver run against the CSR block's C model through its bus
 * callback. Every expected number is worked out by hand in the comment next to it.
 * Prints one line per failed check and `RESULT sw_unit passed=N failed=M`; exit 1 on failure. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csr/csr_sw.h"
#include "fg_drv.h"
#include "fg_headroom.h"
#include "fg_regs.h"
#include "fg_units.h"

typedef struct {
    int passed, failed;
} tally;

#define CHECK(t, cond, ...)                                   \
    do {                                                      \
        if (cond) {                                           \
            (t)->passed++;                                    \
        } else {                                              \
            (t)->failed++;                                    \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);       \
            printf(__VA_ARGS__);                              \
            printf("\n");                                     \
        }                                                     \
    } while (0)
#define CHECK_EQ(t, got, want) \
    CHECK(t, (unsigned long long)(got) == (unsigned long long)(want), "%s = %llu, want %llu", #got, \
          (unsigned long long)(got), (unsigned long long)(want))
#define CHECK_NEAR(t, got, want) CHECK(t, fabs((got) - (want)) < 1e-9 * (1 + fabs(want)), "%s = %.12g, want %.12g", #got, (double)(got), (double)(want))
#define CHECK_MSG(t, msg, text) CHECK(t, strstr(msg, text) != NULL, "message '%s' lacks '%s'", msg, text)

static void test_units(tally *t)
{
    char msg[200];
    uint32_t step = 0;
    CHECK_EQ(t, fg_ns_to_cycles(1000, 125e6), 125);   /* 1 us at 8 ns */
    CHECK_EQ(t, fg_us_to_cycles(1, 125e6), 125);
    CHECK_EQ(t, fg_ns_to_cycles(1, 125e6), 1);        /* 0.125 cycle rounds up */
    CHECK_EQ(t, fg_ns_to_cycles(8.5, 125e6), 2);      /* 1.0625 -> 2 */
    CHECK_EQ(t, fg_us_to_cycles(112.5, 156.25e6), 17579); /* 17578.125 -> 17579 */
    CHECK_NEAR(t, fg_cycles_to_ns(125, 125e6), 1000.0);
    CHECK_NEAR(t, fg_cycles_to_us(15625, 156.25e6), 100.0);
    CHECK_NEAR(t, fg_bits_per_cycle(10, 156.25e6), 64.0);   /* 10G on a 64-bit datapath */
    CHECK_NEAR(t, fg_rate_gbps(64, 156.25e6), 10.0);
    CHECK_NEAR(t, fg_datapath_clk_hz(40, 256), 156.25e6);
    CHECK_EQ(t, fg_quanta_step(8, &step, msg, sizeof msg), 0); /* 1 GbE byte-wide */
    CHECK_EQ(t, step, 0x000400);
    CHECK_EQ(t, fg_quanta_step(512, &step, msg, sizeof msg), 0); /* one 64-byte cell per cycle */
    CHECK_EQ(t, step, 0x010000);
    CHECK_EQ(t, fg_quanta_step(64, &step, msg, sizeof msg), 0);
    CHECK_EQ(t, step, 0x002000);
    CHECK(t, fg_quanta_step(0.001, &step, msg, sizeof msg) == -1, "0.001 bits/cycle accepted");
    CHECK_MSG(t, msg, "1..16777215");
    CHECK(t, fg_quanta_step(200000, &step, msg, sizeof msg) == -1, "200000 bits/cycle accepted");
    CHECK_NEAR(t, fg_quanta_step_to_bits_per_cycle(0x400), 8.0);
    CHECK_NEAR(t, fg_cable_delay_ns(100), 500.0);
    CHECK_EQ(t, fg_bytes_to_cells(1500, 64), 24); /* 23.4 -> 24 */
    CHECK_EQ(t, fg_bytes_to_cells(1536, 64), 24);
    CHECK_EQ(t, fg_bytes_to_cells(1537, 64), 25);
    CHECK_EQ(t, fg_bytes_to_cells(0, 64), 0);
    CHECK_EQ(t, fg_cells_to_bytes(24, 64), 1536);
    CHECK_EQ(t, fg_ns_to_bytes(1000, 40), 5000);  /* 40000 bits */
    CHECK_EQ(t, fg_ns_to_bytes(30, 10), 38);      /* 300 bits = 37.5 B -> 38 */
    CHECK_NEAR(t, fg_quanta_to_ns(1, 10), 51.2);  /* 512 bits at 10G */
    CHECK_NEAR(t, fg_quanta_to_ns(65535, 100), 335539.2);
    CHECK_EQ(t, fg_ns_to_quanta(51.2, 10), 1);
    CHECK_EQ(t, fg_ns_to_quanta(52, 10), 2);
}

static void headroom_case(tally *t, double gbps, int base_t, double cable, uint32_t mtu, uint32_t cell, double phy,
                          int react, uint64_t want_cable, uint64_t want_react, uint64_t want_phy, uint64_t want_bytes,
                          uint64_t want_cells)
{
    fg_headroom_in in;
    fg_headroom_out out;
    char msg[300];
    fg_headroom_defaults(&in);
    in.rate_gbps = gbps;
    in.base_t = base_t;
    in.cable_m = cable;
    in.mtu = mtu;
    in.cell_bytes = cell;
    in.phy_delay_ns = phy;
    in.reaction_quanta = react;
    int rc = fg_headroom_compute(&in, &out, msg, sizeof msg);
    CHECK(t, rc == 0, "headroom %g G failed: %s", gbps, msg);
    if (rc)
        return;
    CHECK_EQ(t, out.max_frame_rx, mtu + 42);
    CHECK_EQ(t, out.max_frame_tx, mtu + 42);
    CHECK_EQ(t, out.pfc_frame, 84);
    CHECK_EQ(t, out.cable, want_cable);
    CHECK_EQ(t, out.reaction, want_react);
    CHECK_EQ(t, out.phy, want_phy);
    CHECK_EQ(t, out.total_bytes, want_bytes);
    CHECK_EQ(t, out.total_cells, want_cells);
}

static void test_headroom(tally *t)
{
    /* 40G, 100 m, MTU 1500, 64 B cells, 100 ns PHY:
     * 1542 + 84 + 2*500 ns*40 Gb/s/8 = 5000 + 118*64 = 7552 + 1542 + 100 ns*40/8 = 500
     * = 16220 B = ceil(253.44) = 254 cells */
    headroom_case(t, 40, 0, 100, 1500, 64, 100, -1, 5000, 7552, 500, 16220, 254);
    /* 100G, 10 m, MTU 9000 (frame 9042), 128 B cells, no PHY delay:
     * 9042 + 84 + 100 ns*100/8 = 1250 + 394*64 = 25216 + 9042 + 0 = 44634 B = ceil(348.7) = 349 */
    headroom_case(t, 100, 0, 10, 9000, 128, 0, -1, 1250, 25216, 0, 44634, 349);
    /* 10GBASE-T, 3 m: 1542 + 84 + 30 ns*10/8 = 37.5 -> 38 + 74*64 = 4736 + 1542 + 125 = 8067 B
     * = ceil(126.05) = 127 cells */
    headroom_case(t, 10, 1, 3, 1500, 64, 100, -1, 38, 4736, 125, 8067, 127);
    /* 10G (not BASE-T), same cable: reaction 60*64 = 3840 -> 7171 B = ceil(112.05) = 113 */
    headroom_case(t, 10, 0, 3, 1500, 64, 100, -1, 38, 3840, 125, 7171, 113);
    /* 1G, 100 m: 1000 ns*1/8 = 125; 2*64 = 128; 100 ns*1/8 = 12.5 -> 13:
     * 1542 + 84 + 125 + 128 + 1542 + 13 = 3434 B = ceil(53.66) = 54 */
    headroom_case(t, 1, 0, 100, 1500, 64, 100, -1, 125, 128, 13, 3434, 54);
    /* 25G with a given reaction of 100 quanta: 3125 + 6400 + 313 (312.5) -> 13006 B = 204 cells */
    headroom_case(t, 25, 0, 100, 1500, 64, 100, 100, 3125, 6400, 313, 13006, 204);

    fg_headroom_in in;
    fg_headroom_out out;
    char msg[300];
    fg_headroom_defaults(&in);
    in.rate_gbps = 25;
    in.cable_m = 100;
    CHECK(t, fg_headroom_compute(&in, &out, msg, sizeof msg) == -1, "25G without reaction time accepted");
    CHECK_MSG(t, msg, "Annex 31B");
    in.rate_gbps = 40;
    in.mtu = 20;
    CHECK(t, fg_headroom_compute(&in, &out, msg, sizeof msg) == -1, "mtu 20 accepted");
    CHECK_MSG(t, msg, "mtu 20 is outside its legal range 68..16000");
    in.mtu = 1500;
    in.base_t = 1;
    CHECK(t, fg_headroom_compute(&in, &out, msg, sizeof msg) == -1, "40GBASE-T accepted");
    CHECK_EQ(t, fg_headroom_reaction_quanta(100, 0), 394);
    CHECK(t, fg_headroom_reaction_quanta(50, 0) == -1, "50G has a table entry");
}

static void expect_invalid(tally *t, const fg_sw_config *c, const char *text)
{
    char msg[400] = "";
    CHECK(t, fg_sw_config_validate(c, msg, sizeof msg) == -1, "config accepted, expected '%s'", text);
    CHECK_MSG(t, msg, text);
}

static void test_regs(tally *t)
{
    fg_sw_config c, d;
    char msg[400];
    CHECK_EQ(t, fg_sw_config_defaults(&c, 4, 8, 18, msg, sizeof msg), 0);
    CHECK(t, fg_sw_config_validate(&c, msg, sizeof msg) == 0, "defaults rejected: %s", msg);
    CHECK_EQ(t, c.total_cells, 262143); /* 2^18 - 1 */
    CHECK_EQ(t, c.lossless_mask, 0xFF);
    CHECK_EQ(t, c.pause_quanta, 0xFFFF);
    CHECK_EQ(t, c.headroom[3], 256);
    /* the largest instance's defaults keep the pool rule: 16*256*8 + 16*128 = 34816 < 65535 */
    CHECK_EQ(t, fg_sw_config_defaults(&d, 16, 8, 16, msg, sizeof msg), 0);
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "16x8 CW16 defaults rejected: %s", msg);
    CHECK(t, fg_sw_config_defaults(&d, 17, 8, 18, msg, sizeof msg) == -1, "17 ports accepted");
    CHECK_MSG(t, msg, "n_ports = 17 is outside its legal range 1..16");

    d = c;
    d.total_cells = 0;
    expect_invalid(t, &d, "total_cells = 0 is outside its legal range 1..262143");
    d = c;
    d.alpha_shift[2] = 16;
    expect_invalid(t, &d, "alpha_shift[2] = 16 is outside its legal range 0..15");
    d = c;
    d.lossless_mask = 0x100;
    expect_invalid(t, &d, "lossless_mask = 256 is outside its legal range 0..255");
    d = c;
    d.pause_quanta = 0;
    expect_invalid(t, &d, "pause_quanta = 0 is outside its legal range 1..65535");
    d = c;
    d.quanta_step[0] = 1u << 24;
    expect_invalid(t, &d, "quanta_step[0] = 16777216 is outside its legal range 1..16777215");
    d = c;
    d.xoff[1 * 8 + 3] = 100; /* xon stays 512 */
    expect_invalid(t, &d, "xon[1][3] = 512 exceeds xoff[1][3] = 100");
    d = c;
    d.xon[9] = d.xoff[9]; /* equal is legal */
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "xon == xoff rejected: %s", msg);
    /* pool: 4 ports * 256 * 8 lossless + 16 * 32 PGs = 8192 + 512 = 8704 */
    d = c;
    d.total_cells = 8704;
    expect_invalid(t, &d, "8704 cells (rule pool");
    d.total_cells = 8705;
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "pool with one spare cell rejected: %s", msg);
    d.lossless_mask = 0x0F; /* half the priorities lossless: 4096 + 512 */
    d.total_cells = 4609;
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "4609 cells with 4 lossless rejected: %s", msg);

    /* key = value */
    d = c;
    CHECK_EQ(t, fg_sw_config_set(&d, "xoff[1][3]", "2000", msg, sizeof msg), 0);
    CHECK_EQ(t, d.xoff[11], 2000);
    CHECK_EQ(t, d.xoff[10], 1024);
    CHECK_EQ(t, fg_sw_config_set(&d, "HEADROOM", "0x100", msg, sizeof msg), 0);
    CHECK_EQ(t, fg_sw_config_set(&d, "headroom[2]", "300", msg, sizeof msg), 0);
    CHECK_EQ(t, d.headroom[2], 300);
    CHECK_EQ(t, d.headroom[1], 256);
    CHECK_EQ(t, fg_sw_config_set(&d, "src_mac", "02:11:22:33:44:55", msg, sizeof msg), 0);
    CHECK_EQ(t, d.src_mac_hi, 0x0211);
    CHECK_EQ(t, d.src_mac_lo, 0x22334455);
    CHECK(t, fg_sw_config_set(&d, "headroom[4]", "1", msg, sizeof msg) == -1, "port 4 of 4 accepted");
    CHECK_MSG(t, msg, "port 4 is outside its legal range 0..3");
    CHECK(t, fg_sw_config_set(&d, "xoff[1][8]", "1", msg, sizeof msg) == -1, "priority 8 accepted");
    CHECK_MSG(t, msg, "priority 8 is outside its legal range 0..7");
    CHECK(t, fg_sw_config_set(&d, "xoff[3]", "1", msg, sizeof msg) == -1, "one index on a PG array accepted");
    CHECK(t, fg_sw_config_set(&d, "bogus", "1", msg, sizeof msg) == -1, "unknown key accepted");
    CHECK_MSG(t, msg, "'bogus' is not a register field");
    CHECK(t, fg_sw_config_set(&d, "reserve", "12x", msg, sizeof msg) == -1, "12x accepted");
    CHECK(t, fg_sw_config_set(&d, "reserve", "-1", msg, sizeof msg) == -1, "-1 accepted");
    CHECK(t, fg_sw_config_set(&d, "src_mac", "02:11:22", msg, sizeof msg) == -1, "short MAC accepted");
}

/* ---- the driver against the C model of the CSR block ---- */

typedef struct {
    fg_csr_sw_state st;
    fg_csr_sw_out out;
    uint64_t cycles;
} model_bus;

static uint32_t bus_read(void *ctx, uint32_t addr)
{
    model_bus *b = ctx;
    fg_csr_sw_in in;
    memset(&in, 0, sizeof in);
    in.csr_rd = true;
    in.csr_addr = (uint16_t)addr;
    fg_csr_sw_step(&b->st, &in, &b->out);
    b->cycles++;
    return b->out.csr_rdata; /* registered: valid after the edge of the read */
}

static void bus_write(void *ctx, uint32_t addr, uint32_t v)
{
    model_bus *b = ctx;
    fg_csr_sw_in in;
    memset(&in, 0, sizeof in);
    in.csr_wr = true;
    in.csr_addr = (uint16_t)addr;
    in.csr_wdata = v;
    fg_csr_sw_step(&b->st, &in, &b->out);
    b->cycles++;
}

static void test_driver(tally *t)
{
    static model_bus b; /* zeroed, as the model expects before its first reset */
    fg_csr_sw_cfg mc = {.n_ports = 4, .n_prio = 8, .cw = 18, .cnt_w = 32};
    fg_csr_sw_reset(&b.st, &mc);
    fg_drv d;
    char msg[300];
    uint32_t v = 0, a = 0;
    CHECK(t, fg_drv_open(&d, bus_read, bus_write, &b, msg, sizeof msg) == 0, "open: %s", msg);
    CHECK_EQ(t, d.n_ports, 4);
    CHECK_EQ(t, d.n_prio, 8);
    CHECK_EQ(t, d.cw, 18);
    /* addresses by hand from the map: XOFF at 0x400, per PG k = i*8 + p */
    CHECK(t, fg_drv_lookup(&d, "XOFF[1][3]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x400 + 4 * 11);
    CHECK(t, fg_drv_lookup(&d, "xon[11]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x600 + 4 * 11);
    CHECK(t, fg_drv_lookup(&d, "headroom[3]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x04C);
    CHECK(t, fg_drv_lookup(&d, "HEADROOM[4]", &a, msg, sizeof msg) == -1, "HEADROOM[4] of 4 ports found");
    CHECK_MSG(t, msg, "index 4 is outside its legal range 0..3");
    CHECK(t, fg_drv_lookup(&d, "NOPE", &a, msg, sizeof msg) == -1, "NOPE found");

    CHECK(t, fg_drv_read(&d, "TOTAL_CELLS", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 262143);
    CHECK(t, fg_drv_read(&d, "ID", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 0x46475357);
    /* PARAMS = {cnt_w 32, cw 18, n_prio 8, n_ports 4} */
    CHECK(t, fg_drv_read(&d, "PARAMS", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 0x20120804);

    /* legal and illegal writes through the block's own checks */
    CHECK(t, fg_drv_write(&d, "XOFF[2][1]", 700, msg, sizeof msg) == 0, "write: %s", msg);
    CHECK_EQ(t, b.out.cfg_xoff[17], 700);
    CHECK(t, fg_drv_write(&d, "XON[2][1]", 701, msg, sizeof msg) == -1, "XON above XOFF accepted");
    CHECK_MSG(t, msg, "0x644 (reason 4: rule_xon_le_xoff)"); /* 0x600 + 4*17 */
    CHECK_EQ(t, b.out.cfg_xon[17], 512);
    CHECK_EQ(t, b.out.cfg_error, 0); /* the driver cleared it */
    CHECK(t, fg_drv_write(&d, "XON[2][1]", 700, msg, sizeof msg) == 0, "XON == XOFF rejected: %s", msg);
    CHECK(t, fg_drv_write(&d, "ALPHA_SHIFT[0]", 16, msg, sizeof msg) == -1, "alpha 16 accepted");
    CHECK_MSG(t, msg, "reason 3: range");
    CHECK(t, fg_drv_write(&d, "ID", 1, msg, sizeof msg) == -1, "ID written");
    CHECK_MSG(t, msg, "reason 2: read_only");
    /* pool: 4 * 256 * 8 + 16 * 32 = 8704 charged: 8704 is one too few, 8705 is enough */
    CHECK(t, fg_drv_write(&d, "TOTAL_CELLS", 8704, msg, sizeof msg) == -1, "pool-breaking total accepted");
    CHECK_MSG(t, msg, "reason 5: rule_pool");
    CHECK(t, fg_drv_write(&d, "TOTAL_CELLS", 8705, msg, sizeof msg) == 0, "tight total rejected: %s", msg);
    CHECK(t, fg_drv_write(&d, "HEADROOM[0]", 257, msg, sizeof msg) == -1, "headroom past the pool accepted");
    /* an unmapped address, straight on the bus */
    bus_write(&b, 0x300, 5);
    CHECK_EQ(t, b.out.cfg_error, 1);
    CHECK_EQ(t, bus_read(&b, 0x03C), (1u << 16) | 0x300); /* reason 1 unmapped, addr 0x300 */
    bus_write(&b, 0x038, 1);
    CHECK_EQ(t, b.out.cfg_error, 0);

    /* counters: 3 drop pulses on port 1, then a read; a write clears */
    for (int k = 0; k < 3; k++) {
        fg_csr_sw_in in;
        memset(&in, 0, sizeof in);
        in.stat_drop[1] = true;
        fg_csr_sw_step(&b.st, &in, &b.out);
    }
    CHECK(t, fg_drv_read(&d, "DROPS[1]", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 3);
    CHECK(t, fg_drv_write(&d, "DROPS[1]", 12345, msg, sizeof msg) == 0, "clear: %s", msg);
    CHECK(t, fg_drv_read(&d, "DROPS[1]", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 0);

    /* apply: from this tight state to a configuration with more headroom and a lossless mask
     * of 2 priorities, then back to the defaults; both need the driver's write order */
    fg_sw_config c, r;
    fg_sw_config_defaults(&c, 4, 8, 18, msg, sizeof msg);
    c.lossless_mask = 0x18;
    for (int i = 0; i < 4; i++)
        c.headroom[i] = 2000 + (uint32_t)i;
    c.reserve = 8;
    c.total_cells = 20000; /* charged: 8006 * 2 + 8 * 32 = 16268 */
    for (int k = 0; k < 32; k++) {
        c.xoff[k] = 300 + (uint32_t)k;
        c.xon[k] = 100 + (uint32_t)k;
    }
    c.static_mode = 1;
    c.quanta_step[2] = 0x400;
    c.src_mac_hi = 0x0211;
    c.src_mac_lo = 0x22334455;
    CHECK(t, fg_drv_apply(&d, &c, msg, sizeof msg) == 0, "apply: %s", msg);
    CHECK(t, fg_drv_read_config(&d, &r, msg, sizeof msg) == 0, "read back: %s", msg);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "read-back configuration differs from the applied one");
    CHECK_EQ(t, b.out.cfg_src_mac, 0x021122334455ull);
    CHECK_EQ(t, b.out.cfg_quanta_step[2], 0x400);
    CHECK_EQ(t, b.out.cfg_static_mode, 1);
    fg_sw_config_defaults(&c, 4, 8, 18, msg, sizeof msg);
    CHECK(t, fg_drv_apply(&d, &c, msg, sizeof msg) == 0, "apply defaults: %s", msg);
    CHECK(t, fg_drv_read_config(&d, &r, msg, sizeof msg) == 0, "read back: %s", msg);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "read-back defaults differ");
    /* apply refuses what validation refuses, and a configuration for another instance */
    c.xon[0] = 2000;
    CHECK(t, fg_drv_apply(&d, &c, msg, sizeof msg) == -1, "illegal configuration applied");
    CHECK_MSG(t, msg, "xon[0][0] = 2000 exceeds xoff[0][0] = 1024");
    fg_sw_config_defaults(&c, 8, 8, 18, msg, sizeof msg);
    CHECK(t, fg_drv_apply(&d, &c, msg, sizeof msg) == -1, "8-port configuration applied to 4 ports");
    CHECK_MSG(t, msg, "the block has 4 x 8");
}

int main(void)
{
    tally t = {0, 0};
    test_units(&t);
    test_headroom(&t);
    test_regs(&t);
    test_driver(&t);
    printf("RESULT sw_unit passed=%d failed=%d\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}
