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
`default_nettype none

module fg_cbfc_rx #(
    parameter SW = 8,   // width of rx_blocks (packet size in blocks)
    parameter FW = 16   // width of free_blocks
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [15:0]   cfg_tfc,
    input  wire          rx_valid,
    input  wire [SW-1:0] rx_blocks,
    input  wire [FW-1:0] free_blocks,
    input  wire          fccl_req,
    output wire          fccl_valid,
    output wire [11:0]   fccl,
    output wire [11:0]   abr
);

    localparam [11:0] MAX_ADV = 12'd2047;

    reg  [11:0] abr_reg, abr_next;
    reg  [15:0] timer_reg, timer_next;
    reg  [11:0] fccl_reg, fccl_next;
    reg         fccl_valid_reg, fccl_valid_next;

    // the period in cycles minus one (cfg_tfc = 0 behaves as 1)
    wire [15:0] period_m1 = (cfg_tfc == 16'd0) ? 16'd0 : cfg_tfc - 16'd1;
    // operands zero-extended one bit wider than any legal width (no zero replications)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] rx_ext = {{(13-SW){1'b0}}, rx_blocks};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [24:0] free_ext = {{(25-FW){1'b0}}, free_blocks};
    wire [11:0] blocks = rx_valid ? rx_ext[11:0] : 12'd0;
    // free space clamped to 2047: "above 2047" is any bit from 11 up (no compare chain in
    // front of the FCCL's addition)
    wire        adv_clamp = |free_ext[24:11];
    wire [11:0] adv = adv_clamp ? MAX_ADV : {1'b0, free_ext[10:0]};
    wire        emit = fccl_req || (timer_reg == 16'd0);
    wire [15:0] timer_dec = timer_reg - 16'd1;
    // timer - 1 > period_m1 (the count is cut to a shorter period) is timer > max(cfg_tfc, 1)
    // when the timer is not 0 (it is not, where this is read): compared with cfg_tfc itself
    // beside period_m1's subtraction, not behind it
    wire        timer_above = (cfg_tfc == 16'd0) ? (timer_reg[15:1] != 15'd0)
                                                 : (timer_reg > cfg_tfc);

    always @* begin
        abr_next = abr_reg + blocks;
        if (emit) begin
            fccl_next = abr_reg + adv;
            fccl_valid_next = 1'b1;
            timer_next = period_m1;
        end else begin
            fccl_next = fccl_reg;
            fccl_valid_next = 1'b0;
            timer_next = timer_above ? period_m1 : timer_dec;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            abr_reg <= 12'd0;
            timer_reg <= 16'd0;
            fccl_reg <= 12'd0;
            fccl_valid_reg <= 1'b0;
        end else begin
            abr_reg <= abr_next;
            timer_reg <= timer_next;
            fccl_reg <= fccl_next;
            fccl_valid_reg <= fccl_valid_next;
        end
    end

    assign fccl_valid = fccl_valid_reg;
    assign fccl = fccl_reg;
    assign abr = abr_reg;

endmodule

`default_nettype wire
