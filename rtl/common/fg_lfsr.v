// fg_lfsr - 32-bit Galois LFSR, the one source of pseudo-randomness in flowgate.
//
// Polynomial x^32 + x^22 + x^2 + x + 1 (maximal length, period 2^32 - 1), Galois form,
// shifting right: on each step, lsb = state[0]; state = state >> 1; if lsb, state ^= TAPS
// with TAPS = 32'h8020_0003. The state advances only when `step` is high (one step per use);
// `load` (priority over step) writes `seed`; a zero seed, which would lock the register, is
// replaced by 32'h0000_0001. value_step is the value one step on (what `value` becomes on an
// edge with step and no load; combinational, for a user that compares with it one edge
// ahead). The C twin is cmodel/common/lfsr.c.
`default_nettype none

module fg_lfsr #(
    parameter [31:0] RESET_SEED = 32'h0000_0001
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        load,
    input  wire [31:0] seed,
    input  wire        step,
    output wire [31:0] value,
    output wire [31:0] value_step
);

    localparam [31:0] TAPS = 32'h8020_0003;

    reg  [31:0] state_reg;
    reg  [31:0] state_next;
    wire [31:0] state_step = {1'b0, state_reg[31:1]} ^ (state_reg[0] ? TAPS : 32'd0);

    always @* begin
        state_next = state_reg;
        if (load) begin
            state_next = (seed == 32'd0) ? 32'd1 : seed;
        end else if (step) begin
            state_next = state_step;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg <= (RESET_SEED == 32'd0) ? 32'd1 : RESET_SEED;
        end else begin
            state_reg <= state_next;
        end
    end

    assign value      = state_reg;
    assign value_step = state_step;

endmodule

`default_nettype wire
