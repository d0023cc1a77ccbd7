// fg_gfc_time - time-based GFC rate adjuster of one transmit queue on a credit-based link
// (docs/blocks/gfc_time.md, SPEC sections 3 and 5).
//
// Every cfg_period cycles (T_fc) it samples the free space the receiver advertises,
// r = (FCCL - FCTBS) mod 2^12 blocks, and on the next edge turns it into the sending rate
//   rate = C * min(1, r / (B_m - B_0))  =  min(0x10000, (r * cfg_recip + 2^11) >> 12)  (Q1.16)
// where cfg_recip = round(2^28 / (B_m - B_0)) (B_m - B_0 in blocks) is programmed by
// firmware, so the hardware multiplies and shifts but never divides. Rounding both the
// reciprocal and the product keeps the rate within one Q1.16 step of the exact value. The rate feeds the
// token-bucket mode of fg_rate_limiter (cfg_rate). cfg_enable = 0 outputs line rate
// (0x10000) and leaves the credits alone to guard the buffer, as plain CBFC.
// The period counter counts down from cfg_period - 1; a tick comes when it is 0 or when
// cfg_period was lowered below it (a shorter period acts at once); cfg_period 0 acts as 1.
// Registered outputs: rate, free_blocks (the last r), stat_update (a new rate, every
// T_fc), stat_full (it was capped at line rate), stat_zero (no free credit: rate 0).
// After reset rate = line rate and the first sample is taken on the first edge.
// The C twin is cmodel/mac/gfc_time.c.
`default_nettype none

module fg_gfc_time (
    input  wire        clk,
    input  wire        rst,
    // configuration
    input  wire        cfg_enable,
    input  wire [23:0] cfg_period,    // T_fc, cycles
    input  wire [23:0] cfg_recip,     // round(2^28 / (B_m - B_0)), B_m - B_0 in blocks
    // credit state of this link (fg_cbfc_tx)
    input  wire [11:0] fccl,
    input  wire [11:0] fctbs,
    // result
    output wire [16:0] rate,          // Q1.16 of line rate
    output wire [11:0] free_blocks,
    output wire        stat_update,
    output wire        stat_full,
    output wire        stat_zero
);

    localparam [16:0] LINE_RATE = 17'h10000;

    reg  [23:0] cnt_reg, cnt_next;
    reg         sample_reg;
    reg  [11:0] free_reg, free_next;
    reg  [16:0] rate_reg, rate_next;
    reg         stat_update_reg, stat_full_reg, stat_zero_reg;
    reg         full_next, zero_next;
    // The low 12 bits of the product are the fraction below one Q1.16 step: used only to
    // round (the 2^11 added), then dropped.
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [35:0] product;
    /* verilator lint_on UNUSEDSIGNAL */
    wire        tick = (cnt_reg == 24'd0) || (cnt_reg >= cfg_period);

    always @* begin
        cnt_next  = tick ? ((cfg_period == 24'd0) ? 24'd0 : cfg_period - 24'd1) : cnt_reg - 24'd1;
        free_next = tick ? (fccl - fctbs) : free_reg;
        product   = {24'd0, free_reg} * {12'd0, cfg_recip} + 36'h000000800;
        rate_next = rate_reg;
        full_next = 1'b0;
        zero_next = 1'b0;
        if (sample_reg) begin
            if (!cfg_enable) begin
                rate_next = LINE_RATE;
            end else if (product[35:12] >= {7'd0, LINE_RATE}) begin
                rate_next = LINE_RATE;
                full_next = 1'b1;
            end else begin
                rate_next = product[28:12];
                zero_next = (free_reg == 12'd0);
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            cnt_reg         <= 24'd0;
            sample_reg      <= 1'b0;
            free_reg        <= 12'd0;
            rate_reg        <= LINE_RATE;
            stat_update_reg <= 1'b0;
            stat_full_reg   <= 1'b0;
            stat_zero_reg   <= 1'b0;
        end else begin
            cnt_reg         <= cnt_next;
            sample_reg      <= tick;
            free_reg        <= free_next;
            rate_reg        <= rate_next;
            stat_update_reg <= sample_reg;
            stat_full_reg   <= full_next;
            stat_zero_reg   <= zero_next;
        end
    end

    assign rate        = rate_reg;
    assign free_blocks = free_reg;
    assign stat_update = stat_update_reg;
    assign stat_full   = stat_full_reg;
    assign stat_zero   = stat_zero_reg;

endmodule

`default_nettype wire
