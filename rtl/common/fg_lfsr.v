// fg_lfsr - 32-bit Galois LFSR, the one source of pseudo-randomness in flowgate.
//
// Polynomial x^32 + x^22 + x^2 + x + 1 (maximal length, period 2^32 - 1), Galois form,
// shifting right: on each step, lsb = state[0]; state = state >> 1; if lsb, state ^= TAPS
// with TAPS = 32'h8020_0003. The state advances only when `step` is high (one step per use);
// `load` (priority over step) writes `seed`; a zero seed, which would lock the register, is
// replaced by 32'h0000_0001. value_step is the value one step on (what `value` becomes on an
// edge with step and no load, for a user that compares with it one edge ahead): a register of
// its own, kept one step ahead of the state (a user's compare behind the step's XOR was the
// NIC core's worst path on ECP5 in one seed of three; unused, yosys removes it). The C twin is
// cmodel/common/lfsr.c.
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
    // one step of the register
    function [31:0] f_step;
        input [31:0] x;
        begin
            f_step = {1'b0, x[31:1]} ^ (x[0] ? TAPS : 32'd0);
        end
    endfunction
    localparam [31:0] RESET_STATE = (RESET_SEED == 32'd0) ? 32'd1 : RESET_SEED;
    reg  [31:0] step_reg;            // f_step(state_reg), on every edge
    reg  [31:0] step_next;
    wire [31:0] state_step = step_reg;

    always @* begin
        state_next = state_reg;
        step_next  = step_reg;
        if (load) begin
            state_next = (seed == 32'd0) ? 32'd1 : seed;
            step_next  = (seed == 32'd0) ? f_step(32'd1) : f_step(seed);
        end else if (step) begin
            state_next = state_step;
            step_next  = f_step(step_reg);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg <= RESET_STATE;
            step_reg  <= f_step(RESET_STATE);
        end else begin
            state_reg <= state_next;
            step_reg  <= step_next;
        end
    end

    assign value      = state_reg;
    assign value_step = state_step;

endmodule

`default_nettype wire
