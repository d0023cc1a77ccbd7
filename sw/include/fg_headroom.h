/* fg_headroom.h - PFC headroom per lossless priority group (SPEC.md section 2).
 *
 * After a receiver decides to pause a priority, data keeps arriving until the sender stops.
 * The headroom of one lossless PG must hold all of it. Terms, each in bytes on the wire
 * (a term that is a time becomes bytes at the link rate, rounded up):
 *   max_frame_rx  a maximum frame the receiver is sending when it decides: the PFC frame
 *                 waits for it to end                                  = frame(mtu)
 *   pfc_frame     the PFC frame itself, 64 B + 8 B preamble + 12 B IFG  = 84
 *   cable         the PFC frame's trip to the sender and the data already on the way back:
 *                 2 x cable delay (5 ns/m, fg_units.h) x rate
 *   reaction      the sender's reaction time, 802.3 Annex 31B: 2 quanta at 1G, 60 at 10G,
 *                 74 at 10GBASE-T, 118 at 40G, 394 at 100G (other rates: pass
 *                 reaction_quanta); one quantum = 512 bit times = 64 bytes
 *   max_frame_tx  a maximum frame the sender has just started when it reacts = frame(mtu)
 *   core          the switch core's own decision, from the packet that crosses XOFF to the
 *                 XOFF request at its serialiser: core_cycles edges of its clock core_mhz
 *                 (fg_headroom_core_cycles gives them per core form; 0 = counted in phy)
 *   phy           PHY, MAC and pipeline delays of both ends, a user parameter
 *                 (FG_HEADROOM_PHY_DELAY_NS_DEFAULT = 100 ns, a placeholder for a
 *                 SERDES-based PHY pair at 10-100G; measure your own)
 * frame(mtu) = mtu + 14 (MAC header) + 4 (802.1Q tag: PFC needs the priority) + 4 (FCS)
 *              + 8 (preamble) + 12 (IFG) = mtu + 42 bytes; mtu is the IP MTU (1500 -> 1542).
 * Wire bytes (with preamble and IFG) over-count what lands in the buffer a little, which errs
 * on the safe side. Total in bytes, and in cells of cell_bytes (rounded up): that is the value
 * of HEADROOM[i] for a port of this rate and cable. */
#ifndef FG_HEADROOM_H
#define FG_HEADROOM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FG_HEADROOM_PFC_FRAME_BYTES 84
#define FG_HEADROOM_FRAME_OVERHEAD 42
#define FG_HEADROOM_PHY_DELAY_NS_DEFAULT 100.0
#define FG_HEADROOM_CELL_BYTES_DEFAULT 64
#define FG_HEADROOM_CORE_MHZ_DEFAULT 156.25

typedef struct {
    double rate_gbps;     /* link rate, Gb/s */
    int base_t;           /* 1: 10GBASE-T (74 quanta instead of 60) */
    double cable_m;       /* cable length, metres */
    uint32_t mtu;         /* IP MTU, bytes */
    uint32_t cell_bytes;  /* buffer cell size */
    double phy_delay_ns;  /* PHY + MAC + pipeline delay, both ends together */
    int reaction_quanta;  /* < 0: from the Annex 31B table for rate_gbps */
    int core_cycles;      /* the core's reaction in its clock edges, 0..100000 (default 0: in phy) */
    double core_mhz;      /* the core's clock, (0, 1000] MHz (default 156.25) */
    int cw;               /* the switch core's CW: HEADROOM[i] is a CW-bit field (default
                             FG_PARAM_CW_DEFAULT); a total above its maximum is an error */
} fg_headroom_in;

typedef struct {
    uint32_t reaction_quanta; /* the value used */
    double cable_ns;          /* one-way cable delay */
    uint64_t max_frame_rx, pfc_frame, cable, reaction, max_frame_tx, core, phy; /* bytes */
    uint64_t total_bytes;
    uint64_t total_cells;
} fg_headroom_out;

/* Fills in the defaults (cell 64, phy 100 ns, reaction from the table). */
void fg_headroom_defaults(fg_headroom_in *in);

/* Annex 31B reaction time in quanta for a rate, or -1 when the table has no entry. */
int fg_headroom_reaction_quanta(double rate_gbps, int base_t);

/* 0 on success; -1 with a message naming the parameter and its legal range. -2 when every
 * input is legal but the total does not fit the HEADROOM field (2^cw - 1 cells): out is
 * filled in and the message names the field, the value, the maximum and the longest cable
 * the maximum covers at this rate (the nearest setting that is programmable and safe). */
int fg_headroom_compute(const fg_headroom_in *in, fg_headroom_out *out, char *msg, size_t n);

/* The switch core's own reaction, in its clock edges: from the edge a packet that takes a
 * lossless PG over XOFF is first offered to the edge the core shows the XOFF request to its
 * serialiser (tx_ctrl_valid), the worst case of the core form `line_rate` (the RTL parameter
 * LINE_RATE: 0 default, 1 line-rate, 2 compact) with n_ports x n_prio; -1 for an illegal shape
 * and for the compact form, not characterised yet. Measured against the C model (static
 * thresholds) by sw/tests/test_core_reaction.c. */
long fg_headroom_core_cycles(int line_rate, int n_ports, int n_prio);

/* The HEADROOM field's legal maximum for a CW (from the generated register table). */
uint64_t fg_headroom_field_max(int cw);

#ifdef __cplusplus
}
#endif
#endif
