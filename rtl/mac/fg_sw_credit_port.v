// fg_sw_credit_port - the credit-based logic of one switch port for one credit-based VL
// (priority): the CBFC receiver fg_cbfc_rx (what the port advertises to its upstream), the
// CBFC sender fg_cbfc_tx (the credits toward its downstream), and time-based GFC (SPEC 5):
// the rate adjuster fg_gfc_time feeding the token bucket of fg_rate_limiter.
// docs/blocks/sw_credit_port.md; C twin: cmodel/mac/sw_credit_port.c.
//
// It sits beside the switch core fg_sw_core, which counts what each PG holds (ingress_cnt):
//   receiver: held = ingress_cnt (the core's count after the previous edge: packets already
//     enqueued) + partial_reg (cells of the packet still being received: store-and-forward,
//     they are in the buffer but not enqueued yet); free_blocks = cfg_allotment - held, 0
//     when held >= cfg_allotment; fg_cbfc_rx steps with rx_valid/rx_blocks (the cells of this
//     VL received this edge) and that free space; partial_reg <= rx_last ? 0 :
//     partial_reg + rx_blocks (the last cell enqueues the packet on this edge, and the core
//     counts it from the next edge on). held, free_blocks and overrun (held > allotment)
//     are registered as computed on the edge, for statistics.
//   sender: fg_cbfc_tx with the FCCL received this edge (fccl_in_valid/fccl_in), the packet
//     the egress queue would start next (head_valid/head_blocks) and the one that started
//     this edge (send/send_blocks).
//   time-based GFC (cfg_gfc_enable = 1): fg_rate_limiter in token mode with cfg_rate = the
//     adjuster's rate registered before this edge and pkt_start = this edge's send; then
//     fg_gfc_time sampling the sender's FCCL/FCTBS as registered before this edge. With
//     cfg_gfc_enable = 0 both are held in reset, so gfc_rate = 0x10000 (line rate),
//     gfc_allow = 1, gfc_update = 0, and enabling starts them from reset.
// Order within an edge (the same in the C twin, and the same as the simulator's former C++
// glue, so the traces do not change): every sub-block steps once from this edge's inputs
// and the registered outputs of the others before the edge (receiver, sender, limiter,
// adjuster); nothing combinational reaches an output. The decision "hold the EQ" =
// head && (!can_send || !gfc_allow) combines the next edge's head with these registered
// outputs and stays with the environment (the simulator's CbfcPorts).
// Legal configuration: cfg_tfc 1..65535 (0 acts as 1), cfg_allotment 1..2047,
// cfg_rx_capacity 1..4095, cfg_gfc_period 1..2^24-1 (0 acts as 1), cfg_gfc_recip
// 1..2^24-1, cfg_rl_depth 1..65535 cells. partial_reg wraps modulo 2^CW.
// GFC_PIPE (0..2) is the PIPE of fg_gfc_time, and fg_rate_limiter's is min(GFC_PIPE, 1) (as
// in fg_nic_core): at 1 the rate comes one edge later and the bucket lags a start by one edge
// (docs/gfc.md), and their arithmetic is no longer the port's longest path (at 0 it is: 71
// MHz on ECP5); at 2 the adjuster's product is registered too (one more edge to the rate),
// the line-rate form (159 MHz on ECP5-25F, 155.7 on the 85F: docs/blocks/sw_credit_port.md).
// The default stays 0 because the simulator's GFC-time figures (docs/gfc_results.md,
// docs/deadlock.md) were made with it.
`default_nettype none

module fg_sw_credit_port #(
    parameter SW = 8,    // packet size width in blocks (cells), 1..12
    parameter CW = 18,   // the core's cell-count width (ingress_cnt), 1..30
    parameter GFC_PIPE = 0 // PIPE of fg_gfc_time, 0..2 (fg_rate_limiter's: min(GFC_PIPE, 1))
) (
    input  wire          clk,
    input  wire          rst,
    // configuration
    input  wire [15:0]   cfg_tfc,          // cycles between FCCL updates
    input  wire [11:0]   cfg_allotment,    // blocks this ingress PG may hold (advertised space)
    input  wire [11:0]   cfg_rx_capacity,  // the downstream's buffer (blocks), for credits_in_use
    input  wire          cfg_gfc_enable,   // time-based GFC on this sender
    input  wire [23:0]   cfg_gfc_period,   // fg_gfc_time T_fc, cycles
    input  wire [23:0]   cfg_gfc_recip,    // round(2^28 / (B_m - B_0))
    input  wire [15:0]   cfg_rl_depth,     // token bucket depth, cells
    // receiver: the core's count of this PG and what arrived on the port this edge
    input  wire [CW-1:0] ingress_cnt,
    input  wire          rx_valid,
    input  wire [SW-1:0] rx_blocks,
    input  wire          rx_last,          // those cells end a packet
    // sender: credit update from the downstream, the EQ's next packet, a start this edge
    input  wire          fccl_in_valid,
    input  wire [11:0]   fccl_in,
    input  wire          head_valid,
    input  wire [SW-1:0] head_blocks,
    input  wire          send,
    input  wire [SW-1:0] send_blocks,
    // receiver outputs
    output wire          fccl_valid,       // an FCCL update to send upstream
    output wire [11:0]   fccl,
    output wire [CW:0]   held,             // blocks the PG held on the last edge
    output wire [11:0]   free_blocks,      // free space given to fg_cbfc_rx on the last edge
    output wire          overrun,          // held > cfg_allotment on the last edge
    // sender outputs
    output wire [11:0]   tx_fccl,
    output wire [11:0]   tx_fctbs,
    output wire          can_send,
    output wire [11:0]   credits_avail,
    output wire [11:0]   credits_in_use,
    output wire          stat_no_credit,
    // GFC outputs
    output wire [16:0]   gfc_rate,         // Q1.16 of line rate
    output wire          gfc_update,       // a new rate on the last edge
    output wire          gfc_allow         // the limiter allows a start
);

    generate
        if (SW < 1 || SW > 12) begin : g_bad_sw
            fg_sw_credit_port_SW_must_be_1_to_12 u_param_error ();
        end
        if (GFC_PIPE < 0 || GFC_PIPE > 2) begin : g_bad_pipe
            fg_sw_credit_port_GFC_PIPE_must_be_0_to_2 u_param_error ();
        end
        if (CW < 1 || CW > 30) begin : g_bad_cw
            fg_sw_credit_port_CW_must_be_1_to_30 u_param_error ();
        end
    endgenerate

    // ---- receiver ----------------------------------------------------------------------
    reg  [CW-1:0] partial_reg, partial_next;
    reg  [CW:0]   held_reg;
    reg  [11:0]   free_reg;
    reg           overrun_reg;

    /* verilator lint_off UNUSEDSIGNAL */
    wire [30:0]   rx_ext = {{(31-SW){1'b0}}, rx_blocks};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [CW-1:0] rx_cells = rx_valid ? rx_ext[CW-1:0] : {CW{1'b0}};
    wire [CW:0]   held_now = {1'b0, ingress_cnt} + {1'b0, partial_reg};
    // The free space and the FCCL from the counts in one carry chain each (a sum of held,
    // then the allotment's compare, then fg_cbfc_rx's ABR + free were three chains in
    // series: 103 MHz on ECP5-25F). d = allotment - ingress_cnt - partial:
    //   d < 0: held > allotment (overrun), free 0;  else free = d (d <= 4095).
    // Above bit 11 only whether any bit of ingress_cnt or partial is set matters (d_hi: then
    // held >= 4096 > allotment, d < 0; a LUT tree beside the chain, entering it at bit 13);
    // below, d over the low 12 bits of each, minus 2^13 when d_hi, is a 15-bit two's
    // complement (-16382 .. 4095) with d's sign: its three operands first compressed to two
    // (carry-save: the bits' sum and majority, one LUT level) and the +2 of the two
    // negations as carry-ins. (A 20-bit chain at CW = 18 ended the port's worst path on
    // ECP5-85F, 153.9 MHz; d_hi ORed with the sign behind the chain was a LUT more, 132.5.)
    // The FCCL an emit loads, ABR + min(free, 2047) mod 4096, is then ABR for d <= 0,
    // ABR + 2047 for d >= 2048 (bit 11 of a non-negative d), and otherwise ABR + d, which is
    // ABR + allotment - ingress_cnt - partial mod 4096: one 12-bit chain beside d's (below);
    // the sign and bit 11 select last.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [63:0]   ing_ext64  = {{(64-CW){1'b0}}, ingress_cnt};
    wire [63:0]   part_ext64 = {{(64-CW){1'b0}}, partial_reg};
    /* verilator lint_on UNUSEDSIGNAL */
    // partial's part of d_hi comes from a flop set with partial (part_hi_reg)
    reg           part_hi_reg;
    wire          d_hi = (CW > 12) && ((|ing_ext64[63:12]) || part_hi_reg);
    wire [14:0]   d_x = {d_hi, d_hi, 1'b0, cfg_allotment};   // - 2^13 mod 2^15 when d_hi
    wire [14:0]   d_y = {3'b111, ~ing_ext64[11:0]};
    wire [14:0]   d_z = {3'b111, ~part_ext64[11:0]};
    wire [14:0]   d_s = d_x ^ d_y ^ d_z;
    // (the top bits of the majorities and of d fall off: sums mod 2^15, d < 4096 read)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [14:0]   d_m = (d_x & d_y) | (d_x & d_z) | (d_y & d_z);
    // {s, 1} + {2m + 1, 1} = 2 (s + 2m + 2): the sum's upper 15 bits are x + y + z + 2
    wire [15:0]   d_sum = {d_s, 1'b1} + {d_m[13:0], 1'b1, 1'b1};
    wire [14:0]   d_val = d_sum[15:1];
    /* verilator lint_on UNUSEDSIGNAL */
    wire          d_neg = d_val[14];
    wire [11:0]   free_now = d_neg ? 12'd0 : d_val[11:0];
    wire [11:0]   rx_abr;
    wire [11:0]   f_y = ~ing_ext64[11:0];
    wire [11:0]   f_sum;     // ABR + allotment - ingress_cnt - partial mod 4096
    generate
        if (CW >= 12) begin : g_ap
            // ap_reg = ABR - partial mod 4096, kept: a cell adds to both (CW >= 12: partial
            // does not wrap below 4096), so it moves only when a packet ends (partial 0, ABR
            // + the last cells). The sum is then three operands, one carry-save level.
            reg  [11:0] ap_reg;
            wire [11:0] rx_blk12 = rx_valid ? rx_ext[11:0] : 12'd0;
            always @(posedge clk) begin
                if (rst) ap_reg <= 12'd0;
                else if (rx_valid && rx_last) ap_reg <= rx_abr + rx_blk12;
            end
            wire [11:0] f_s = ap_reg ^ cfg_allotment ^ f_y;
            // {s, 1} + {2m, 1} = 2 (s + 2m + 1), mod 2^12 (f_m's top bit falls off)
            /* verilator lint_off UNUSEDSIGNAL */
            wire [11:0] f_m = (ap_reg & cfg_allotment) | (ap_reg & f_y) | (cfg_allotment & f_y);
            wire [12:0] f_add = {f_s, 1'b1} + {f_m[10:0], 1'b0, 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            assign f_sum = f_add[12:1];
        end else begin : g_four
            // partial wraps modulo 2^CW < 4096: the four operands, two carry-save levels
            wire [11:0] f_z = ~part_ext64[11:0];
            wire [11:0] f_s1 = rx_abr ^ cfg_allotment ^ f_y;
            /* verilator lint_off UNUSEDSIGNAL */
            wire [11:0] f_m1 = (rx_abr & cfg_allotment) | (rx_abr & f_y) | (cfg_allotment & f_y);
            wire [11:0] f_c1 = {f_m1[10:0], 1'b0};
            wire [11:0] f_s2 = f_s1 ^ f_c1 ^ f_z;
            wire [11:0] f_m2 = (f_s1 & f_c1) | (f_s1 & f_z) | (f_c1 & f_z);
            wire [12:0] f_add = {f_s2, 1'b1} + {f_m2[10:0], 1'b1, 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            assign f_sum = f_add[12:1];
        end
    endgenerate
    wire [11:0]   abr_max = rx_abr + 12'd2047;
    wire [11:0]   fccl_calc = d_neg ? rx_abr : (d_val[11] ? abr_max : f_sum);

    always @* begin
        partial_next = (rx_valid && rx_last) ? {CW{1'b0}} : partial_reg + rx_cells;
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire [63:0] part_next_ext64 = {{(64-CW){1'b0}}, partial_next};
    /* verilator lint_on UNUSEDSIGNAL */
    wire        part_hi_next = (CW > 12) && (|part_next_ext64[63:12]);

    always @(posedge clk) begin
        if (rst) begin
            partial_reg <= {CW{1'b0}};
            part_hi_reg <= 1'b0;
            held_reg    <= {(CW+1){1'b0}};
            free_reg    <= 12'd0;
            overrun_reg <= 1'b0;
        end else begin
            partial_reg <= partial_next;
            part_hi_reg <= part_hi_next;
            held_reg    <= held_now;
            free_reg    <= d_val[11:0];   // free_blocks: 0 where overrun_reg (below)
            overrun_reg <= d_neg;
        end
    end

    fg_cbfc_rx #(.SW(SW), .FW(12), .EXT_FCCL(1)) u_cbfc_rx (
        .clk(clk), .rst(rst),
        .cfg_tfc(cfg_tfc), .rx_valid(rx_valid), .rx_blocks(rx_blocks),
        .free_blocks(free_now), .fccl_req(1'b0), .fccl_ext(fccl_calc),
        .fccl_valid(fccl_valid), .fccl(fccl), .abr(rx_abr));

    // ---- sender ------------------------------------------------------------------------
    fg_cbfc_tx #(.SW(SW)) u_cbfc_tx (
        .clk(clk), .rst(rst),
        .cfg_rx_capacity(cfg_rx_capacity),
        .fccl_valid(fccl_in_valid), .fccl_in(fccl_in),
        .head_valid(head_valid), .head_blocks(head_blocks),
        .send(send), .send_blocks(send_blocks),
        .fccl(tx_fccl), .fctbs(tx_fctbs), .credits_avail(credits_avail), .credits_in_use(credits_in_use),
        .can_send(can_send), .stat_no_credit(stat_no_credit));

    // ---- time-based GFC: in reset while disabled (line rate, allowed) ------------------
    wire gfc_rst = rst | ~cfg_gfc_enable;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [11:0] gfc_free_unused;
    wire        gfc_full_unused, gfc_zero_unused, rl_start_unused, rl_early_unused;
    /* verilator lint_on UNUSEDSIGNAL */

    fg_rate_limiter #(.SW(SW), .MAX_STAGE(20), .DW(16), .PIPE((GFC_PIPE > 0) ? 1 : 0)) u_limiter (
        .clk(clk), .rst(gfc_rst),
        .cfg_token_mode(1'b1), .stage(5'd0), .cfg_rate(gfc_rate), .cfg_depth(cfg_rl_depth),
        .pkt_start(send), .pkt_cells(send_blocks),
        .allow(gfc_allow), .stat_start(rl_start_unused), .stat_early(rl_early_unused));

    fg_gfc_time #(.PIPE(GFC_PIPE)) u_gfc_time (
        .clk(clk), .rst(gfc_rst),
        .cfg_enable(1'b1), .cfg_period(cfg_gfc_period), .cfg_recip(cfg_gfc_recip),
        .fccl(tx_fccl), .fctbs(tx_fctbs),
        .rate(gfc_rate), .free_blocks(gfc_free_unused),
        .stat_update(gfc_update), .stat_full(gfc_full_unused), .stat_zero(gfc_zero_unused));

    assign held        = held_reg;
    // the zero of a negative d after the flops: selected into them, it became their
    // synchronous reset (with rst), d's sign at the LSR pin on the port's worst path
    assign free_blocks = overrun_reg ? 12'd0 : free_reg;
    assign overrun     = overrun_reg;

endmodule

`default_nettype wire
