/* test_sw.c - unit tests of sw/lib: unit conversions, the headroom calculator, configuration
 * validation and parsing, and the driver run against the CSR block's C model through its bus
 * callback. Every expected number is worked out by hand in the comment next to it.
 * Prints one line per failed check and `RESULT sw_unit passed=N failed=M`; exit 1 on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csr/csr_sw.h"
#include "top/sw_core.h"
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
    CHECK_EQ(t, c.headroom[3], 128);  /* HEADROOM reset 128 cells */
    CHECK_EQ(t, c.reserve, 8);         /* RESERVE reset 8 cells */
    /* the largest instance's defaults keep the pool rule: 32 ports x 128 headroom x 8 lossless
     * = 32768, + 8 reserve x 32*8 = 256 PGs = 2048: 34816 < 65535 (= 2^16 - 1, TOTAL_CELLS at CW 16) */
    CHECK_EQ(t, fg_sw_config_defaults(&d, 32, 8, 16, msg, sizeof msg), 0);
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "32x8 CW16 defaults rejected: %s", msg);
    CHECK(t, fg_sw_config_defaults(&d, 33, 8, 18, msg, sizeof msg) == -1, "33 ports accepted");
    CHECK_MSG(t, msg, "n_ports = 33 is outside its legal range 1..32");

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
    /* the P-PFC / ECN registers (issue #3): ranges from the map, the Kmin <= Kmax rule */
    CHECK_EQ(t, c.ecn_kmin, 64);
    CHECK_EQ(t, c.ecn_kmax, 256);
    CHECK_EQ(t, c.cell_cycles[1], 0x100);
    d = c;
    d.ppfc_interval = 0;
    expect_invalid(t, &d, "ppfc_interval = 0 is outside its legal range 1..16777215");
    d = c;
    d.ppfc_ratio = 0x10001;
    expect_invalid(t, &d, "ppfc_ratio = 65537 is outside its legal range 1..65536");
    d = c;
    d.ppfc_seed = 0;
    expect_invalid(t, &d, "ppfc_seed = 0 is outside its legal range 1..4294967295");
    d = c;
    d.ecn_seed = 0;
    expect_invalid(t, &d, "ecn_seed = 0 is outside its legal range 1..4294967295");
    d = c;
    d.cell_cycles[3] = 0;
    expect_invalid(t, &d, "cell_cycles[3] = 0 is outside its legal range 1..65535");
    d = c;
    d.ecn_kmin = 300; /* kmax stays 256 */
    expect_invalid(t, &d, "ecn_kmin = 300 exceeds ecn_kmax = 256 (rule kmin_le_kmax");
    d.ecn_kmin = 256; /* equal is legal */
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "kmin == kmax rejected: %s", msg);
    d = c;
    d.gfc_b1 = 1024; /* gfc_bm stays 1024: equal breaks the strict rule */
    expect_invalid(t, &d, "gfc_b1 = 1024 is not below gfc_bm = 1024 (rule gfc_b1_lt_bm");
    d.gfc_b1 = 1023;
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "gfc_b1 one below gfc_bm rejected: %s", msg);
    d = c;
    d.xon[9] = d.xoff[9]; /* equal is legal */
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "xon == xoff rejected: %s", msg);
    /* pool: 4 ports * 128 * 8 lossless + 8 * 32 PGs = 4096 + 256 = 4352 */
    d = c;
    d.total_cells = 4352;
    expect_invalid(t, &d, "sum(headroom) 512 x 8 lossless priorities + reserve 8 x 32 PGs = 4352 cells (rule pool"); /* 4 x 128 = 512 */
    d.total_cells = 4353;
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "pool with one spare cell rejected: %s", msg);
    d.lossless_mask = 0x0F; /* half the priorities lossless: 4 * 128 * 4 = 2048, + 256 = 2304 */
    d.total_cells = 2304;
    expect_invalid(t, &d, "= 2304 cells (rule pool");
    d.total_cells = 2305;
    CHECK(t, fg_sw_config_validate(&d, msg, sizeof msg) == 0, "2305 cells with 4 lossless rejected: %s", msg);

    /* key = value */
    d = c;
    CHECK_EQ(t, fg_sw_config_set(&d, "xoff[1][3]", "2000", msg, sizeof msg), 0);
    CHECK_EQ(t, d.xoff[11], 2000);
    CHECK_EQ(t, d.xoff[10], 1024);
    CHECK_EQ(t, fg_sw_config_set(&d, "HEADROOM", "0x100", msg, sizeof msg), 0);
    CHECK_EQ(t, fg_sw_config_set(&d, "headroom[2]", "300", msg, sizeof msg), 0);
    CHECK_EQ(t, d.headroom[2], 300);
    CHECK_EQ(t, d.headroom[1], 256); /* "HEADROOM = 0x100" set every port to 256; only [2] was changed after */
    CHECK_EQ(t, fg_sw_config_set(&d, "src_mac", "02:11:22:33:44:55", msg, sizeof msg), 0);
    CHECK_EQ(t, d.src_mac_hi, 0x0211);
    CHECK_EQ(t, d.src_mac_lo, 0x22334455);
    CHECK(t, fg_sw_config_set(&d, "headroom[4]", "1", msg, sizeof msg) == -1, "port 4 of 4 accepted");
    CHECK_MSG(t, msg, "headroom[4]: the port index expects a whole number in 0..3 (decimal), got '4': out of range");
    CHECK(t, fg_sw_config_set(&d, "xoff[1][8]", "1", msg, sizeof msg) == -1, "priority 8 accepted");
    CHECK_MSG(t, msg, "xoff[1][8]: the priority index expects a whole number in 0..7 (decimal), got '8'");
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

/* One register access per call, the whole bus handshake (fg_csr_sw_access); a bus that never
 * comes back ready ends the test program with a failure. */
static void bus_access(model_bus *b, bool wr, uint32_t addr, uint32_t v)
{
    long edges = fg_csr_sw_access(&b->st, wr, !wr, (uint16_t)addr, v, &b->out);
    if (edges < 0) {
        fprintf(stderr, "FAIL: register bus stuck (csr_ready low) on %s of 0x%03x\n", wr ? "write" : "read", addr);
        exit(1);
    }
    b->cycles += (uint64_t)edges;
}

static uint32_t bus_read(void *ctx, uint32_t addr)
{
    model_bus *b = ctx;
    bus_access(b, false, addr, 0);
    return b->out.csr_rdata;
}

static void bus_write(void *ctx, uint32_t addr, uint32_t v) { bus_access(ctx, true, addr, v); }

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
    /* addresses by hand from the map: XOFF at 0x800, XON at 0xC00, per PG k = i*8 + p */
    CHECK(t, fg_drv_lookup(&d, "XOFF[1][3]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x82C); /* k = 1*8 + 3 = 11: 0x800 + 4*11 = 0x800 + 0x2C */
    CHECK(t, fg_drv_lookup(&d, "xon[11]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0xC2C); /* 0xC00 + 4*11 = 0xC00 + 0x2C */
    CHECK(t, fg_drv_lookup(&d, "headroom[3]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x08C); /* HEADROOM at 0x080: 0x080 + 4*3 = 0x08C */
    CHECK(t, fg_drv_lookup(&d, "PFC_RX_BAD[2]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x408); /* PFC_RX_BAD at 0x400: 0x400 + 4*2 */
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
    CHECK_MSG(t, msg, "write of 0x000002BD to XON[2][1] at 0xc44 (reason 4: rule_xon_le_xoff; rule xon_le_xoff: XON[k] <= XOFF[k]"); /* k = 2*8 + 1 = 17: 0xC00 + 4*17 = 0xC00 + 0x44 */
    CHECK_EQ(t, b.out.cfg_xon[17], 512);
    CHECK_EQ(t, b.out.cfg_error, 0); /* the driver cleared it */
    CHECK(t, fg_drv_write(&d, "XON[2][1]", 700, msg, sizeof msg) == 0, "XON == XOFF rejected: %s", msg);
    CHECK(t, fg_drv_write(&d, "ALPHA_SHIFT[0]", 16, msg, sizeof msg) == -1, "alpha 16 accepted");
    CHECK_MSG(t, msg, "write of 0x00000010 to ALPHA_SHIFT[0] at 0x100 (reason 3: range; legal: alpha_shift 0..15)");
    CHECK(t, fg_drv_write(&d, "ID", 1, msg, sizeof msg) == -1, "ID written");
    CHECK_MSG(t, msg, "reason 2: read_only");
    /* pool: 4 * 128 * 8 + 8 * 32 = 4096 + 256 = 4352 charged: 4352 is one too few, 4353 is enough */
    CHECK(t, fg_drv_write(&d, "TOTAL_CELLS", 4352, msg, sizeof msg) == -1, "pool-breaking total accepted");
    CHECK_MSG(t, msg, "0x014 (reason 5: rule_pool; rule pool: TOTAL_CELLS > sum_i HEADROOM[i]");
    CHECK(t, fg_drv_write(&d, "TOTAL_CELLS", 4353, msg, sizeof msg) == 0, "tight total rejected: %s", msg);
    /* one more headroom cell on port 0 charges 8 more (8 lossless): 4352 + 8 = 4360 >= 4353 */
    CHECK(t, fg_drv_write(&d, "HEADROOM[0]", 129, msg, sizeof msg) == -1, "headroom past the pool accepted");
    CHECK_MSG(t, msg, "0x080 (reason 5: rule_pool; rule pool:");
    CHECK_EQ(t, b.out.cfg_headroom[0], 128);
    /* unmapped addresses, straight on the bus: 0x700 lies in the hole between GFC_RX
     * (0x680 + 4*32 = 0x700) and XOFF (0x800) */
    bus_write(&b, 0x700, 5);
    CHECK_EQ(t, b.out.cfg_error, 1);
    CHECK_EQ(t, bus_read(&b, 0x03C), 0x10700); /* reason 1 unmapped << 16 | addr 0x700 */
    bus_write(&b, 0x038, 1);
    CHECK_EQ(t, b.out.cfg_error, 0);
    /* 0x078 lies in the hole between GFC_BM (0x074) and HEADROOM (0x080) */
    bus_write(&b, 0x078, 5);
    CHECK_EQ(t, b.out.cfg_error, 1);
    CHECK_EQ(t, bus_read(&b, 0x03C), 0x10078); /* reason 1 << 16 | 0x078 */
    bus_write(&b, 0x038, 1);
    CHECK_EQ(t, b.out.cfg_error, 0);
    /* GFC_B1 (reset 512) up to GFC_BM (reset 1024) breaks the strict rule: reason 7; 1023 is legal */
    bus_write(&b, 0x070, 1024);
    CHECK_EQ(t, b.out.cfg_error, 1);
    CHECK_EQ(t, bus_read(&b, 0x03C), 0x70070);
    bus_write(&b, 0x038, 1);
    bus_write(&b, 0x070, 1023);
    CHECK_EQ(t, b.out.cfg_error, 0);
    CHECK_EQ(t, b.out.cfg_gfc_b1, 1023);
    /* GFC_BM down to GFC_B1 breaks it from the other side */
    bus_write(&b, 0x074, 1023);
    CHECK_EQ(t, b.out.cfg_error, 1);
    CHECK_EQ(t, bus_read(&b, 0x03C), 0x70074);
    CHECK_EQ(t, b.out.cfg_gfc_bm, 1024);
    bus_write(&b, 0x038, 1);
    bus_write(&b, 0x070, 512);
    bus_write(&b, 0x038, 1);
    CHECK_EQ(t, b.out.cfg_error, 0);
    /* ECN_KMIN above ECN_KMAX (reset 256) breaks the new rule: reason 6 */
    bus_write(&b, 0x05C, 257);
    CHECK_EQ(t, b.out.cfg_error, 1);
    CHECK_EQ(t, bus_read(&b, 0x03C), 0x6005C);
    bus_write(&b, 0x038, 1);
    CHECK_EQ(t, b.out.cfg_error, 0);
    /* HEADROOM[4] of 4 ports: 0x080 + 4*4 = 0x090, an array entry beyond N */
    bus_write(&b, 0x090, 5);
    CHECK_EQ(t, bus_read(&b, 0x03C), 0x10090); /* reason 1 << 16 | 0x090 */
    bus_write(&b, 0x038, 1);
    CHECK_EQ(t, b.out.cfg_error, 0);

    /* counters: 3 drop pulses on port 1, the bank's lag (docs/blocks/counter_bank.md: an event
     * is in every read taken FG_CSR_SW_COUNTER_LAG edges after it), then a read; a write clears
     * and the read after it is 0 at once */
    for (int k = 0; k < 3 + FG_CSR_SW_COUNTER_LAG(4); k++) {
        fg_csr_sw_in in;
        memset(&in, 0, sizeof in);
        in.stat_drop[1] = k < 3;
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
    c.reserve = 4;         /* below the reset value 8: apply lowers it first */
    c.total_cells = 20000; /* charged: (2000+2001+2002+2003) = 8006 * 2 lossless + 4 * 32 = 16012 + 128 = 16140 */
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

/* A switch core built without statistics (STATS = 0, the C twin's no_stats): BUILD says so, the
 * driver refuses a counter read with a message saying why; with them, the same pulses count. */
static void test_driver_stats(tally *t)
{
    for (int no_stats = 0; no_stats <= 1; no_stats++) {
        static model_bus b;
        memset(&b, 0, sizeof b);
        fg_csr_sw_cfg mc = {.n_ports = 4, .n_prio = 2, .cw = 18, .cnt_w = 32, .no_stats = no_stats};
        CHECK(t, fg_csr_sw_reset(&b.st, &mc) == 0, "reset with no_stats = %d refused", no_stats);
        fg_csr_sw_in in;
        memset(&in, 0, sizeof in);
        in.stat_drop[1] = true;
        for (int e = 0; e < 5; e++) fg_csr_sw_step(&b.st, &in, &b.out);
        in.stat_drop[1] = false;
        for (int e = 0; e < FG_CSR_SW_COUNTER_LAG(4); e++) fg_csr_sw_step(&b.st, &in, &b.out);
        fg_drv d;
        char msg[300];
        uint32_t v = 0;
        CHECK(t, fg_drv_open(&d, bus_read, bus_write, &b, msg, sizeof msg) == 0, "open: %s", msg);
        CHECK_EQ(t, d.no_stats, no_stats);
        CHECK(t, fg_drv_read(&d, "BUILD", &v, msg, sizeof msg) == 0, "read BUILD: %s", msg);
        /* every engine built here, the statistics as the case says */
        const uint32_t engines = (1u << FG_FLD_BUILD_ECN_LSB) | (1u << FG_FLD_BUILD_GFC_LSB) | (1u << FG_FLD_BUILD_PPFC_LSB);
        CHECK_EQ(t, v, engines | (no_stats ? 0u : 1u << FG_FLD_BUILD_STATS_LSB));
        const fg_reg_field_desc *drops = NULL;
        for (size_t k = 0; k < d.map->n_fields; k++)
            if (!strcmp(d.map->fields[k].reg, "DROPS")) drops = &d.map->fields[k];
        CHECK(t, drops && fg_drv_built(&d, drops) == !no_stats, "DROPS built = %d with no_stats = %d",
              drops ? fg_drv_built(&d, drops) : -1, no_stats);
        int rc = fg_drv_read(&d, "DROPS[1]", &v, msg, sizeof msg);
        if (no_stats) {
            CHECK(t, rc == -1, "a counter of a core without statistics read as %u", v);
            CHECK_MSG(t, msg, "DROPS: this switch core is built without statistics counters (BUILD.stats = 0");
            /* the block itself: the counter's word is 0 although five drops were pulsed */
            bus_access(&b, false, FG_REG_DROPS_ADDR(1), 0);
            CHECK_EQ(t, b.out.csr_rdata, 0u);
        } else {
            CHECK(t, rc == 0, "read DROPS[1]: %s", msg);
            CHECK_EQ(t, v, 5u);
        }
        CHECK(t, fg_drv_read(&d, "HEADROOM[1]", &v, msg, sizeof msg) == 0, "read HEADROOM[1]: %s", msg);
        CHECK_EQ(t, v, 128u);
    }
}

/* Registers of an engine the core leaves out (map version 1.4): unmapped in the block (a write
 * refused with reason unmapped, a read 0, the output at its reset value), refused by name in
 * the driver, skipped by fg_drv_apply unless the configuration asks for a value other than the
 * reset. ECN_KMIN and ECN_KMAX exist with either ECN or P-PFC (P-PFC reads ECN_KMAX). */
static void test_driver_engines(tally *t)
{
    for (int c = 0; c < 4; c++) {
        const int no_ecn = c & 1, no_ppfc = (c >> 1) & 1, no_gfc = c == 3;
        static model_bus b;
        memset(&b, 0, sizeof b);
        fg_csr_sw_cfg mc = {.n_ports = 4, .n_prio = 2, .cw = 18, .cnt_w = 32, .no_ecn = no_ecn, .no_gfc = no_gfc,
                            .no_ppfc = no_ppfc};
        CHECK(t, fg_csr_sw_reset(&b.st, &mc) == 0, "reset of case %d refused", c);
        char msg[300];
        uint32_t v = 0;
        /* the block: ECN_CTRL (ECN), PPFC_INTERVAL (P-PFC), GFC_B1 (GFC), ECN_KMIN (either) */
        const struct {
            uint32_t addr, value;
            int absent;
            uint32_t reset;
        } w[] = {{FG_REG_ECN_CTRL_ADDR, 1, no_ecn, 0},
                 {FG_REG_PPFC_INTERVAL_ADDR, 100, no_ppfc, 4096},
                 {FG_REG_GFC_B1_ADDR, 7, no_gfc, 512},
                 {FG_REG_ECN_KMIN_ADDR, 10, no_ecn && no_ppfc, 64}};
        for (size_t j = 0; j < sizeof w / sizeof w[0]; j++) {
            bus_access(&b, true, w[j].addr, w[j].value);
            bus_access(&b, false, w[j].addr, 0);
            uint32_t got = b.out.csr_rdata;
            bus_access(&b, false, FG_REG_ERR_ADDR_ADDR, 0);
            uint32_t ea = b.out.csr_rdata;
            if (w[j].absent) {
                CHECK(t, b.out.cfg_error, "case %d: a write to absent 0x%03x did not set ERR", c, w[j].addr);
                CHECK_EQ(t, ea, w[j].addr | (uint32_t)FG_ERR_UNMAPPED << FG_FLD_ERR_ADDR_REASON_LSB);
                CHECK_EQ(t, got, 0u);
            } else {
                CHECK(t, !b.out.cfg_error, "case %d: a write to 0x%03x set ERR (ERR_ADDR 0x%08x)", c, w[j].addr, ea);
                CHECK_EQ(t, got, w[j].value);
            }
            bus_access(&b, true, FG_REG_ERR_ADDR, 1);
        }
        CHECK_EQ(t, b.out.cfg_ecn_prio_mask, no_ecn ? 0u : 1u);
        CHECK_EQ(t, b.out.cfg_ppfc_interval, no_ppfc ? 4096u : 100u);
        CHECK_EQ(t, b.out.cfg_gfc_b1, no_gfc ? 512u : 7u);
        CHECK_EQ(t, b.out.cfg_ecn_kmin, no_ecn && no_ppfc ? 64u : 10u);

        /* the driver on a freshly reset block */
        fg_csr_sw_reset(&b.st, &mc);
        fg_drv d;
        CHECK(t, fg_drv_open(&d, bus_read, bus_write, &b, msg, sizeof msg) == 0, "open: %s", msg);
        CHECK_EQ(t, d.absent, (no_ecn ? 1u << FG_FLD_BUILD_ECN_LSB : 0u) | (no_ppfc ? 1u << FG_FLD_BUILD_PPFC_LSB : 0u) |
                                  (no_gfc ? 1u << FG_FLD_BUILD_GFC_LSB : 0u));
        int rc = fg_drv_write(&d, "ECN_CTRL", 1, msg, sizeof msg);
        if (no_ecn) {
            CHECK(t, rc == -1, "case %d: a write to ECN_CTRL of a core without ECN passed", c);
            CHECK_MSG(t, msg, "ECN_CTRL: this switch core is built without the engine this register configures "
                              "(BUILD.ecn = 0, RTL ECN = 0)");
        } else {
            CHECK(t, rc == 0, "case %d: write ECN_CTRL: %s", c, msg);
        }
        rc = fg_drv_read(&d, "ECN_KMAX", &v, msg, sizeof msg);
        if (no_ecn && no_ppfc) {
            CHECK(t, rc == -1, "case %d: ECN_KMAX of a core without ECN and P-PFC read as %u", c, v);
            CHECK_MSG(t, msg, "(BUILD.ecn = 0 and BUILD.ppfc = 0, RTL ECN = 0 and RTL PPFC = 0)");
        } else {
            CHECK(t, rc == 0 && v == 256u, "case %d: read ECN_KMAX: rc %d, %u (%s)", c, rc, v, msg);
        }
        /* apply: the defaults but for a few fields; a field of an absent engine refused unless at
         * its reset value */
        fg_sw_config cfg;
        CHECK(t, fg_sw_config_defaults(&cfg, 4, 2, 18, msg, sizeof msg) == 0, "defaults: %s", msg);
        cfg.headroom[2] = 100;
        cfg.cell_cycles[3] = 0x200;
        rc = fg_drv_apply(&d, &cfg, msg, sizeof msg);
        if (no_ppfc) {
            CHECK(t, rc == -1, "case %d: cell_cycles[3] applied to a core without P-PFC", c);
            CHECK_MSG(t, msg, "apply: CELL_CYCLES[3].cell_cycles = 512, but this core is built without the engine it "
                              "configures (BUILD.ppfc = 0, RTL PPFC = 0): leave it at its reset value 256");
        } else {
            CHECK(t, rc == 0, "case %d: apply: %s", c, msg);
        }
        cfg.cell_cycles[3] = 0x100;
        CHECK(t, fg_drv_apply(&d, &cfg, msg, sizeof msg) == 0, "case %d: apply at the reset values: %s", c, msg);
        CHECK_EQ(t, b.out.cfg_headroom[2], 100u);
        CHECK(t, !b.out.cfg_error, "case %d: apply left ERR set", c);
        /* read back: an absent register's field is its reset value, not the 0 its address reads */
        fg_sw_config back;
        CHECK(t, fg_drv_read_config(&d, &back, msg, sizeof msg) == 0, "read_config: %s", msg);
        CHECK_EQ(t, back.ecn_kmin, 64u);
        CHECK_EQ(t, back.gfc_bm, 1024u);
        CHECK_EQ(t, back.headroom[2], 100u);
    }
}

/* the largest instance, 32 ports x 8 priorities: the last entries of each array sit at the
 * top of their address windows */
static void test_driver_32(tally *t)
{
    static model_bus b;
    fg_csr_sw_cfg mc = {.n_ports = 32, .n_prio = 8, .cw = 18, .cnt_w = 32};
    fg_csr_sw_reset(&b.st, &mc);
    fg_drv d;
    char msg[300];
    uint32_t v = 0, a = 0;
    CHECK(t, fg_drv_open(&d, bus_read, bus_write, &b, msg, sizeof msg) == 0, "open 32x8: %s", msg);
    CHECK_EQ(t, d.n_ports, 32);
    /* PARAMS = {cnt_w 32 = 0x20, cw 18 = 0x12, n_prio 8, n_ports 32 = 0x20} */
    CHECK(t, fg_drv_read(&d, "PARAMS", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 0x20120820);
    CHECK(t, fg_drv_lookup(&d, "HEADROOM[31]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x0FC); /* 0x080 + 4*31 = 0x080 + 0x7C */
    CHECK(t, fg_drv_lookup(&d, "QUANTA_STEP[31]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x1FC); /* 0x180 + 0x7C */
    CHECK(t, fg_drv_lookup(&d, "PFC_RX_BAD[31]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0x47C); /* 0x400 + 0x7C */
    CHECK(t, fg_drv_lookup(&d, "XOFF[31][7]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0xBFC); /* k = 31*8 + 7 = 255: 0x800 + 4*255 = 0x800 + 0x3FC */
    CHECK(t, fg_drv_lookup(&d, "XON[255]", &a, msg, sizeof msg) == 0, "lookup: %s", msg);
    CHECK_EQ(t, a, 0xFFC); /* 0xC00 + 0x3FC: the last word of the 12-bit space */
    CHECK(t, fg_drv_lookup(&d, "HEADROOM[32]", &a, msg, sizeof msg) == -1, "HEADROOM[32] of 32 ports found");
    CHECK_MSG(t, msg, "index 32 is outside its legal range 0..31");
    CHECK(t, fg_drv_lookup(&d, "XON[32][0]", &a, msg, sizeof msg) == -1, "XON[32][0] of 32 ports found");
    CHECK_MSG(t, msg, "[32][0] is outside [0..31][0..7]");
    /* the last port and PG take writes and reach the block's outputs */
    CHECK(t, fg_drv_write(&d, "HEADROOM[31]", 300, msg, sizeof msg) == 0, "write: %s", msg);
    CHECK_EQ(t, b.out.cfg_headroom[31], 300);
    CHECK_EQ(t, b.out.cfg_headroom[30], 128); /* reset */
    CHECK(t, fg_drv_write(&d, "XOFF[31][7]", 2000, msg, sizeof msg) == 0, "write: %s", msg);
    CHECK(t, fg_drv_write(&d, "XON[31][7]", 2000, msg, sizeof msg) == 0, "XON == XOFF rejected: %s", msg);
    CHECK_EQ(t, b.out.cfg_xoff[255], 2000);
    CHECK_EQ(t, b.out.cfg_xon[255], 2000);
    CHECK(t, fg_drv_write(&d, "XON[31][7]", 2001, msg, sizeof msg) == -1, "XON above XOFF accepted");
    CHECK_MSG(t, msg, "0xffc (reason 4: rule_xon_le_xoff; rule xon_le_xoff");
    /* pool at 32 ports: 31 * 128 + 300 = 4268 headroom x 8 lossless = 34144, + 8 x 256 PGs = 2048:
     * 36192 charged */
    CHECK(t, fg_drv_write(&d, "TOTAL_CELLS", 36192, msg, sizeof msg) == -1, "pool-breaking total accepted");
    CHECK_MSG(t, msg, "0x014 (reason 5: rule_pool; rule pool");
    CHECK(t, fg_drv_write(&d, "TOTAL_CELLS", 36193, msg, sizeof msg) == 0, "tight total rejected: %s", msg);
    /* counters of the last port */
    for (int k = 0; k < 5 + FG_CSR_SW_COUNTER_LAG(32); k++) {
        fg_csr_sw_in in;
        memset(&in, 0, sizeof in);
        in.stat_pfc_rx_ok[31] = k < 5;
        fg_csr_sw_step(&b.st, &in, &b.out);
    }
    CHECK(t, fg_drv_read(&d, "PFC_RX_OK[31]", &v, msg, sizeof msg) == 0, "read: %s", msg);
    CHECK_EQ(t, v, 5);
    CHECK_EQ(t, bus_read(&b, 0x3FC), 5); /* PFC_RX_OK[31] = 0x380 + 0x7C, straight on the bus */
    /* a configuration that uses every port reads back whole */
    fg_sw_config c, r;
    fg_sw_config_defaults(&c, 32, 8, 18, msg, sizeof msg);
    for (int i = 0; i < 32; i++)
        c.headroom[i] = 100 + (uint32_t)i;
    for (int k = 0; k < 256; k++)
        c.xoff[k] = 600 + (uint32_t)k;
    c.total_cells = 40000; /* (100*32 + 0+1+...+31 = 3200 + 496 = 3696) x 8 = 29568 + 2048 = 31616 charged */
    CHECK(t, fg_drv_apply(&d, &c, msg, sizeof msg) == 0, "apply 32x8: %s", msg);
    CHECK(t, fg_drv_read_config(&d, &r, msg, sizeof msg) == 0, "read back: %s", msg);
    CHECK(t, memcmp(&r, &c, sizeof c) == 0, "read-back 32-port configuration differs from the applied one");
    CHECK_EQ(t, b.out.cfg_headroom[31], 131); /* 100 + 31 */
    CHECK_EQ(t, b.out.cfg_xoff[255], 855);    /* 600 + 255 */
    CHECK_EQ(t, b.out.cfg_xon[255], 512);     /* back to the reset value */
}

/* Bad model parameters are refused with a message, never abort(): the core, its CSR block and
 * a block reset directly. */
/* The register bus contract as docs/registers.md ("Bus") states it, edge by edge on the C
 * twin: an access is taken on an edge where csr_ready is 1; csr_ready is 0 for the next 17
 * edges; a write is committed on edge 17 after the take; a read returns the register as it
 * was before edge 2, in csr_rdata from edge 3; an access offered while csr_ready is 0 is
 * ignored. The numbers here are the document's, written out by hand. */
static void test_bus_contract(tally *t)
{
    static fg_csr_sw_state st; /* zeroed, as the model expects before its first reset */
    fg_csr_sw_cfg mc = {.n_ports = 4, .n_prio = 2, .cw = 18, .cnt_w = 32};
    fg_csr_sw_out out;
    fg_csr_sw_in in, idle;
    memset(&idle, 0, sizeof idle);
    CHECK_EQ(t, fg_csr_sw_reset(&st, &mc), 0);
    fg_csr_sw_outputs(&st, &out);
    CHECK_EQ(t, out.csr_ready, 1);
    CHECK_EQ(t, out.cfg_reserve, 8); /* RESERVE's reset value */

    /* a write of RESERVE = 5 (0x018), taken on edge 0 */
    in = idle;
    in.csr_wr = true;
    in.csr_addr = 0x018;
    in.csr_wdata = 5;
    fg_csr_sw_step(&st, &in, &out); /* edge 0 */
    int busy_edges = 0, old_value_edges = 0;
    for (int e = 1; e <= 17; e++) {
        busy_edges += !out.csr_ready;
        old_value_edges += out.cfg_reserve == 8;
        fg_csr_sw_in during = idle;
        if (e == 5) { /* offered while busy: must be ignored */
            during.csr_wr = true;
            during.csr_addr = 0x018;
            during.csr_wdata = 7;
        }
        fg_csr_sw_step(&st, &during, &out); /* edge e */
    }
    CHECK_EQ(t, busy_edges, 17);      /* after edges 0..16 */
    CHECK_EQ(t, old_value_edges, 17); /* the register unchanged until the commit on edge 17 */
    CHECK_EQ(t, out.csr_ready, 1);
    CHECK_EQ(t, out.cfg_reserve, 5);
    CHECK_EQ(t, out.cfg_error, 0);

    /* counters live in block RAM (fg_counter_bank): a read returns the word as the take edge
     * left it, which holds every pulse up to FG_CSR_SW_COUNTER_LAG(4) = 9 kinds x 4 ports + 3
     * = 39 edges old and none of the take edge or later. Two drop pulses on DROPS[0] (0x200),
     * 39 idle edges, then a read with a drop pulse on its edges 0, 1 and 2: it returns 2, in
     * csr_rdata from edge 3 */
    CHECK_EQ(t, FG_CSR_SW_COUNTER_LAG(4), 39);
    fg_csr_sw_in pulse = idle;
    pulse.stat_drop[0] = true;
    fg_csr_sw_step(&st, &pulse, &out);
    fg_csr_sw_step(&st, &pulse, &out);
    for (int e = 0; e < 39; e++)
        fg_csr_sw_step(&st, &idle, &out);
    CHECK_EQ(t, out.csr_ready, 1);
    uint32_t rdata_before = out.csr_rdata;
    CHECK_EQ(t, rdata_before, 0); /* no read yet in this test: the 2 below is this read landing */
    in = idle;
    in.csr_rd = true;
    in.csr_addr = 0x200;
    in.stat_drop[0] = true;
    fg_csr_sw_step(&st, &in, &out); /* edge 0 */
    CHECK_EQ(t, out.csr_rdata, rdata_before);
    fg_csr_sw_step(&st, &pulse, &out); /* edge 1 */
    CHECK_EQ(t, out.csr_rdata, rdata_before);
    fg_csr_sw_step(&st, &pulse, &out); /* edge 2 */
    CHECK_EQ(t, out.csr_rdata, rdata_before);
    fg_csr_sw_step(&st, &idle, &out); /* edge 3 */
    CHECK_EQ(t, out.csr_rdata, 2);
    for (int e = 4; e <= 17; e++)
        fg_csr_sw_step(&st, &idle, &out);
    CHECK_EQ(t, out.csr_ready, 1);
    /* the last pulse was on edge 2, so a read taken on edge 2 + 39 = 41 sees all five (edges
     * 18..40 idle, the access takes on 41) */
    for (int e = 18; e <= 40; e++)
        fg_csr_sw_step(&st, &idle, &out);
    CHECK_EQ(t, fg_csr_sw_access(&st, false, true, 0x200, 0, &out), 18); /* take + 17 edges */
    CHECK_EQ(t, out.csr_rdata, 5);
}

static void test_model_params(tally *t)
{
    char msg[300] = "";
    fg_sw_core_cfg c = {.n_ports = 40, .n_prio = 2, .cw = 18, .sw = 8};
    CHECK(t, fg_sw_core_create(&c) == NULL, "n_ports = 40 created a core");
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == -1, "n_ports = 40 accepted");
    CHECK_MSG(t, msg, "n_ports = 40 is out of range 1..");
    c.n_ports = 4;
    c.sw = 30;
    CHECK(t, fg_sw_core_create(&c) == NULL, "sw = 30 created a core");
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == -1, "sw = 30 accepted");
    CHECK_MSG(t, msg, "fg_bm: cfg.sw = 30 out of range 1..15");
    c.sw = 8;
    c.cw = 40;
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == -1, "cw = 40 accepted");
    char want[96];
    snprintf(want, sizeof want, "CW = 40 is outside its legal range %d..%d", FG_PARAM_CW_MIN, FG_PARAM_CW_MAX);
    CHECK_MSG(t, msg, want);
    /* the smallest CW holds a 4x2 core's reset carve-out (8 PGs x 136 cells) but not a 32x8 one's */
    c.cw = FG_PARAM_CW_MIN;
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == 0, "a 4x2 core at the smallest CW was refused");
    c.n_ports = 32;
    c.n_prio = 8;
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == -1, "a 32x8 core at the smallest CW accepted");
    snprintf(want, sizeof want, "32 x 8 needs a CW above %d", FG_PARAM_CW_MIN);
    CHECK_MSG(t, msg, want);
    c.n_ports = 4;
    /* a build option other than 0 or 1, named with its range (the last of the four too) */
    c.no_stats = 2;
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == -1, "no_stats = 2 accepted");
    CHECK_MSG(t, msg, "no_stats = 2 is out of range 0..1");
    c.no_stats = 0;
    c.no_gfc = -1;
    CHECK(t, fg_sw_core_check_cfg(&c, msg, sizeof msg) == -1, "no_gfc = -1 accepted");
    CHECK_MSG(t, msg, "no_gfc = -1 is out of range 0..1");
    c.no_gfc = 0;
    c.n_prio = 2;
    c.cw = 18;
    fg_sw_core_state *st = fg_sw_core_create(&c);
    CHECK(t, st != NULL, "a legal 4x2 core was refused");
    if (st) {
        fg_sw_core_cfg bad = c;
        bad.n_prio = 9;
        CHECK(t, fg_sw_core_reset(st, &bad) == -1, "reset with n_prio = 9 accepted");
        CHECK(t, fg_sw_core_reset(st, &c) == 0, "reset with the legal cfg refused");
        fg_sw_core_free(st);
    }
    fg_csr_sw_state csr;
    fg_csr_sw_cfg cc = {.n_ports = 4, .n_prio = 2, .cw = 18, .cnt_w = 33};
    CHECK(t, fg_csr_sw_reset(&csr, &cc) == -1, "CNT_W = 33 accepted");
    CHECK(t, fg_csr_sw_check_cfg(&cc, msg, sizeof msg) == -1, "CNT_W = 33 accepted by the check");
    CHECK_MSG(t, msg, "fg_csr_sw: parameter CNT_W = 33 is outside its legal range 8..32");
}

int main(void)
{
    tally t = {0, 0};
    test_model_params(&t);
    test_units(&t);
    test_headroom(&t);
    test_regs(&t);
    test_driver(&t);
    test_driver_32(&t);
    test_driver_stats(&t);
    test_driver_engines(&t);
    test_bus_contract(&t);
    printf("RESULT sw_unit passed=%d failed=%d\n", t.passed, t.failed);
    return t.failed ? 1 : 0;
}
