// fg_cbfc_rx - receiver side of InfiniBand-style credit-based flow control, one link / VL.
//
// Keeps ABR (blocks received, mod 4096) and sends FCCL = (ABR + min(free_blocks, 2047))
// mod 4096 as a one-cycle fccl_valid pulse on the first edge after reset, then every
// cfg_tfc cycles (0 is read as 1), and on the edge of an fccl_req (link up: restarts the
// period). ABR and free_blocks are both taken before the edge (free_blocks must not yet
// count this cycle's arriving blocks). The advertised space is clamped to 2047 blocks so
// the sender's FCCL - FCTBS never reaches 2048 and its mod-4096 difference is unambiguous.
// A shorter cfg_tfc written while counting cuts the running count at once. SPEC 3;
// docs/blocks/cbfc.md. C twin: cmodel/mac/cbfc_rx.c.
// EXT_FCCL = 1: the value an emit loads, ABR + min(free_blocks, 2047) mod 4096, comes
// computed from the input fccl_ext (free_blocks is then not read): a block that knows how its
// free space is made can fold the sum into that arithmetic (fg_sw_credit_port: one chain
// from its counts to the FCCL, not three). fccl_ext must be that value, from abr and this
// edge's free space; the outputs are then the same as at EXT_FCCL = 0.
`default_nettype none

module fg_cbfc_rx #(
    parameter SW = 8,   // width of rx_blocks (packet size in blocks)
    parameter FW = 16,  // width of free_blocks
    parameter EXT_FCCL = 0   // 0: FCCL = abr + min(free_blocks, 2047); 1: FCCL = fccl_ext
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [15:0]   cfg_tfc,
    input  wire          rx_valid,
    input  wire [SW-1:0] rx_blocks,
    input  wire [FW-1:0] free_blocks,
    input  wire          fccl_req,
    input  wire [11:0]   fccl_ext,      // EXT_FCCL = 1: abr + min(free, 2047) mod 4096
    output wire          fccl_valid,
    output wire [11:0]   fccl,
    output wire [11:0]   abr
);

    localparam [11:0] MAX_ADV = 12'd2047;

    reg  [11:0] abr_reg, abr_next;
    // the period timer, kept inverted (timer_n = ~timer, so it counts up): its compare with
    // cfg_tfc is then a sum of two flops' values, and iCE40's carry takes no inverted operand
    // (the inverter LUT and its route in front of the compare's chain, 2.7 ns, were on the NIC
    // core's worst path on iCE40UP5K)
    reg  [15:0] timer_n_reg, timer_n_next;
    reg  [11:0] fccl_reg, fccl_next;
    reg         fccl_valid_reg, fccl_valid_next;

    // the period in cycles minus one (cfg_tfc = 0 behaves as 1)
    wire [15:0] period_m1 = (cfg_tfc == 16'd0) ? 16'd0 : cfg_tfc - 16'd1;
    // operands zero-extended one bit wider than any legal width (no zero replications)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] rx_ext = {{(13-SW){1'b0}}, rx_blocks};
    /* verilator lint_on UNUSEDSIGNAL */
    // (at EXT_FCCL = 1 free_blocks and adv are not read; at 0 fccl_ext is not)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [24:0] free_ext = {{(25-FW){1'b0}}, free_blocks};
    wire [11:0] fccl_ext_unused = fccl_ext;
    wire [11:0] blocks = rx_valid ? rx_ext[11:0] : 12'd0;
    // free space clamped to 2047: "above 2047" is any bit from 11 up (no compare chain in
    // front of the FCCL's addition)
    wire        adv_clamp = |free_ext[24:11];
    wire [11:0] adv = adv_clamp ? MAX_ADV : {1'b0, free_ext[10:0]};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [11:0] fccl_emit;
    generate
        if (EXT_FCCL != 0) begin : g_ext_fccl
            assign fccl_emit = fccl_ext;
        end else begin : g_own_fccl
            assign fccl_emit = abr_reg + adv;
        end
    endgenerate
    // timer == 0 is a register of its own (timer_zero_reg), formed with timer_next from the
    // same selects: the 16-bit zero test in front of emit and timer_next's select, behind the
    // cut's compare, was the NIC core's worst path on ECP5 in three seeds of three (151 MHz)
    reg         timer_zero_reg;
    wire        emit = fccl_req || timer_zero_reg;
    wire [15:0] timer_n_inc = timer_n_reg + 16'd1;            // ~(timer - 1)
    wire [15:0] period_m1_n = ~period_m1;
    // timer - 1 > period_m1 (the count is cut to a shorter period) is timer > max(cfg_tfc, 1)
    // when the timer is not 0 (it is not, where this is read): compared with cfg_tfc itself
    // beside period_m1's subtraction, not behind it. cfg_tfc < timer = ~timer_n is
    // cfg_tfc + timer_n + 1 < 2^16: no carry out of that sum, one chain of two flops' values
    // (a 1 appended to both operands is the carry in). The reload (an emit or the cut) is one
    // LUT behind the chain, kept, and each timer bit one select behind it. (The borrow of
    // cfg_tfc - timer, an inverter LUT in front of its chain, was the NIC core's worst path on
    // iCE40UP5K in one seed of three: 22.0 ns of 20.8; carry-select, the halves' select was
    // a LUT level more, 21.3 ns.)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [17:0] tb_s = {1'b0, cfg_tfc, 1'b1} + {1'b0, timer_n_reg, 1'b1};
    /* verilator lint_on UNUSEDSIGNAL */
    // the reload in one LUT behind the chain: what does not wait for it (an emit, or the cut
    // at cfg_tfc = 0) is formed beside the chain and kept, as is cfg_tfc's zero test (ABC
    // otherwise spread the tests over two LUT levels behind the chain, 21.8 ns of 20.8)
    (* keep *) wire tfc_zero;
    assign tfc_zero = (cfg_tfc == 16'd0);
    (* keep *) wire early_reload;
    assign early_reload = emit || (tfc_zero && (timer_n_reg[15:1] != 15'h7FFF));
    (* keep *) wire reload;
    assign reload = early_reload || (!tfc_zero && !tb_s[17]);
    // what timer_next == 0 is: period_m1 == 0 (cfg_tfc <= 1), or timer - 1 == 0 (timer == 1)
    wire        pm1_zero  = (cfg_tfc[15:1] == 15'd0);
    wire        timer_one = (timer_n_reg == 16'hFFFE);
    wire        timer_zero_next = reload ? pm1_zero : timer_one;

    always @* begin
        abr_next = abr_reg + blocks;
        timer_n_next = reload ? period_m1_n : timer_n_inc;
        if (emit) begin
            fccl_next = fccl_emit;
            fccl_valid_next = 1'b1;
        end else begin
            fccl_next = fccl_reg;
            fccl_valid_next = 1'b0;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            abr_reg <= 12'd0;
            timer_n_reg <= 16'hFFFF;   // timer 0
            timer_zero_reg <= 1'b1;
            fccl_reg <= 12'd0;
            fccl_valid_reg <= 1'b0;
        end else begin
            abr_reg <= abr_next;
            timer_n_reg <= timer_n_next;
            timer_zero_reg <= timer_zero_next;
            fccl_reg <= fccl_next;
            fccl_valid_reg <= fccl_valid_next;
        end
    end

    assign fccl_valid = fccl_valid_reg;
    assign fccl = fccl_reg;
    assign abr = abr_reg;

endmodule

`default_nettype wire
