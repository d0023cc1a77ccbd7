// fg_ppfc_snap - P-PFC's interval snapshot at line rate: the increment of every PG's
// occupancy over the last interval, from the buffer manager's monitor stream (SPEC.md
// section 4 step 1; docs/blocks/ppfc_snap.md, docs/blocks/ppfc.md "The engine at line rate").
// The C twin is cmodel/switch/ppfc_snap.c.
//
// The line-rate buffer manager keeps its PG counters in block RAM and shows one PG per edge
// (fg_bm_pipe's monitor: PG (c - PHASE) mod NP in cycle c after reset, then the next one each
// edge). Instead of reading every PG at the boundary, a boundary starts a pass: the next NP
// samples, one of each PG, each compared with that PG's snapshot:
//   inc[k] = occ - snap[k],  snap[k] <- occ          (occ = min(occ_in, 2^CW - 1))
// and inc_total = the sum of the pass's increments. `done` pulses when the last one is
// written: the decision may start then. Between passes the snapshots hold (the interval is
// measured from one pass to the next); with cfg_enable low every sample updates its PG's
// snapshot (so the first interval after enabling measures growth since then, as fg_ppfc's
// "follow"), no pass runs and a running one is abandoned. A boundary that comes while a pass
// runs (interval < NP edges) is counted (stat_short) and ignored.
//
// Edges, for the sample shown in cycle c (edge e ends cycle c):
//   e    the sample saturated and compared with its snapshot (d = occ - snap, registered);
//        the snapshot ring shifts (the snapshot of the next PG comes to its head; the tail
//        takes occ when the sample updates, else the old snapshot)
//   e+1  inc[k] <- d (a pass's samples), the pass's sum += d; after the last: done
// A tick in cycle c makes the samples of cycles c+1 .. c+NP the pass. The snapshots live in a
// ring of NP registers that turns with the stream (its head is always the shown PG's), so no
// NP:1 selector reads them; inc is written through the one-hot of the shown PG.
`default_nettype none

module fg_ppfc_snap #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // occupancy width, 2..24 (occ_in CW+1 bits)
    parameter integer PHASE   = 0,   // occ_in names PG (c - PHASE) mod NP, c edges after reset
    // derived, do not override
    parameter integer PGW     = (N_PORTS * N_PRIO > 1) ? $clog2(N_PORTS * N_PRIO) : 1
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire                              cfg_enable,
    input  wire                              tick,         // an interval boundary
    input  wire [CW:0]                       occ_in,       // the shown PG's occupancy
    output wire [N_PORTS*N_PRIO*(CW+1)-1:0]  inc,          // per PG i*N_PRIO+p, signed
    output wire [CW+PGW:0]                   inc_total,    // the last pass's sum, signed
    output wire                              done,         // pulse: a pass ended
    output wire                              busy,         // a pass runs
    output wire                              stat_short    // pulse: a tick during a pass
);

    localparam integer NP = N_PORTS * N_PRIO;
    localparam integer IW = CW + 1;          // an increment, signed
    localparam integer TW = CW + PGW + 1;    // the sum of NP increments, signed
    localparam [PGW:0] NP_W = NP[PGW:0];
    localparam integer PH_I = ((-PHASE) % NP + NP) % NP;   // the PG after reset
    localparam [NP-1:0] OH_RESET = {{(NP - 1){1'b0}}, 1'b1} << PH_I;

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n
            fg_ppfc_snap_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_p
            fg_ppfc_snap_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (CW < 2 || CW > 24) begin : g_bad_cw
            fg_ppfc_snap_parameter_CW_must_be_2_to_24 u_param_error ();
        end
        if (PHASE < 0) begin : g_bad_phase
            fg_ppfc_snap_parameter_PHASE_must_be_0_or_more u_param_error ();
        end
    endgenerate

    // ---- edge e: the sample against its snapshot
    reg  [NP*CW-1:0] ring_reg;           // word j: the snapshot of the shown PG + j
    reg  [NP-1:0]   oh_reg;              // the shown PG, one-hot
    reg  [PGW:0]    left_reg;            // samples of the pass still to take (0: none)
    wire [CW-1:0]   occ_sat = occ_in[CW] ? {CW{1'b1}} : occ_in[CW-1:0];
    wire            in_pass = cfg_enable && (left_reg != {(PGW + 1){1'b0}});
    wire            take    = in_pass || !cfg_enable;      // the sample updates its snapshot
    wire            start   = cfg_enable && tick && !in_pass;
    wire [CW-1:0]   head    = ring_reg[CW-1:0];
    wire [IW-1:0]   d_now   = {1'b0, occ_sat} - {1'b0, head};
    // the ring turned and the one-hot rotated, written so that NP = 1 needs no special case
    /* verilator lint_off UNUSEDSIGNAL */
    wire [(NP+1)*CW-1:0] ring_next = {take ? occ_sat : head, ring_reg} >> CW;
    wire [2*NP-1:0]      oh_next   = {oh_reg, oh_reg} >> (NP - 1);
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- edge e+1: the increments and the sum
    reg  [IW-1:0]   d_reg;
    reg  [NP-1:0]   d_oh_reg;            // the PG of d_reg
    reg             d_pass_reg;          // d_reg is a pass's sample
    reg             d_last_reg;          // ... its last
    reg             d_first_reg;         // ... its first (the sum restarts)
    reg  [NP*IW-1:0] inc_reg;
    reg  [TW-1:0]   sum_reg;
    reg             done_reg, short_reg, busy_reg;
    wire [PGW:0]    left_next = start ? NP_W : (in_pass ? left_reg - 1'b1 : {(PGW + 1){1'b0}});

    integer j;
    always @(posedge clk) begin
        if (rst) begin
            ring_reg    <= {(NP * CW){1'b0}};
            oh_reg      <= OH_RESET;
            left_reg    <= {(PGW + 1){1'b0}};
            d_pass_reg  <= 1'b0;
            d_last_reg  <= 1'b0;
            d_first_reg <= 1'b0;
            done_reg    <= 1'b0;
            short_reg   <= 1'b0;
            busy_reg    <= 1'b0;
            sum_reg     <= {TW{1'b0}};
            inc_reg     <= {(NP * IW){1'b0}};
        end else begin
            // the ring turns: word j takes word j + 1, the tail the shown PG's new snapshot
            ring_reg    <= ring_next[NP*CW-1:0];
            oh_reg      <= oh_next[NP-1:0];
            // a pass: the NP samples after the tick's cycle (its own sample is not one)
            left_reg    <= left_next;
            // a pass runs while samples are left or the last one's increment is pending
            busy_reg    <= (left_next != {(PGW + 1){1'b0}}) || in_pass;
            d_pass_reg  <= in_pass;
            d_last_reg  <= in_pass && (left_reg == {{PGW{1'b0}}, 1'b1});
            d_first_reg <= in_pass && (left_reg == NP_W);
            short_reg   <= cfg_enable && tick && in_pass;
            // e+1
            for (j = 0; j < NP; j = j + 1)
                if (d_pass_reg && d_oh_reg[j]) inc_reg[j*IW +: IW] <= d_reg;
            if (d_pass_reg)
                sum_reg <= (d_first_reg ? {TW{1'b0}} : sum_reg) + {{(TW - IW){d_reg[IW-1]}}, d_reg};
            done_reg    <= d_pass_reg && d_last_reg;
        end
    end
    always @(posedge clk) begin
        d_reg    <= d_now;
        d_oh_reg <= oh_reg;
    end

    assign inc        = inc_reg;
    assign inc_total  = sum_reg;
    assign done       = done_reg;
    assign busy       = busy_reg;
    assign stat_short = short_reg;

endmodule

`default_nettype wire
