// fg_sat_counter - W-bit up/down counter that saturates at 0 and 2^W-1 instead of wrapping.
//
// Made for event statistics (tie dec low, inc = the event pulse, inc_amt = 1, or a byte or
// cell count per event) and for credit-style counts that go both ways. On each edge:
//   base  = clr ? 0 : count
//   count = clamp(base + (inc ? inc_amt : 0) - (dec ? dec_amt : 0), 0, 2^W-1)
// The net change is clamped once, so an increment and a decrement on one edge cancel first.
// An event on the clearing edge is kept (clr + inc gives inc_amt): a read-and-clear from
// software never loses the event that arrives in the same cycle.
// Registered outputs: count, at_max (count == 2^W-1), and one-cycle pulses stat_overflow /
// stat_underflow when this edge clipped the result at the top / at zero.
// Parameters: W = 1..62 (the C twin holds counts in 64 bits), AW = 1..W.
// The C twin is cmodel/common/sat_counter.c.
`default_nettype none

module fg_sat_counter #(
    parameter integer W  = 32,
    parameter integer AW = 1
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          clr,
    input  wire          inc,
    input  wire [AW-1:0] inc_amt,
    input  wire          dec,
    input  wire [AW-1:0] dec_amt,
    output wire [W-1:0]  count,
    output wire          at_max,
    output wire          stat_overflow,
    output wire          stat_underflow
);

    // Illegal parameters stop elaboration with a module name that says what is wrong.
    generate
        if (W < 1 || W > 62) begin : g_bad_w
            fg_sat_counter_ERROR_parameter_W_must_be_1_to_62 u_bad_w ();
        end
        if (AW < 1 || AW > W) begin : g_bad_aw
            fg_sat_counter_ERROR_parameter_AW_must_be_1_to_W u_bad_aw ();
        end
    endgenerate

    localparam [W:0] MAX = {1'b0, {W{1'b1}}};

    reg  [W-1:0] count_reg;
    reg          at_max_reg;
    reg          overflow_reg;
    reg          underflow_reg;

    reg  [W-1:0] count_next;
    reg          overflow_next;
    reg          underflow_next;
    // W+1 bits: base + inc_amt cannot exceed 2^(W+1)-2 because AW <= W.
    reg  [W:0]   up;
    reg  [W:0]   dn;
    reg  [W:0]   diff;

    always @* begin
        up             = {1'b0, (clr ? {W{1'b0}} : count_reg)} + (inc ? {{(W + 1 - AW){1'b0}}, inc_amt} : {(W + 1){1'b0}});
        dn             = dec ? {{(W + 1 - AW){1'b0}}, dec_amt} : {(W + 1){1'b0}};
        diff           = up - dn;
        overflow_next  = 1'b0;
        underflow_next = 1'b0;
        if (up < dn) begin
            underflow_next = 1'b1;
            count_next     = {W{1'b0}};
        end else if (diff > MAX) begin
            overflow_next  = 1'b1;
            count_next     = {W{1'b1}};
        end else begin
            count_next     = diff[W-1:0];
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            count_reg     <= {W{1'b0}};
            at_max_reg    <= 1'b0;
            overflow_reg  <= 1'b0;
            underflow_reg <= 1'b0;
        end else begin
            count_reg     <= count_next;
            at_max_reg    <= (count_next == {W{1'b1}});
            overflow_reg  <= overflow_next;
            underflow_reg <= underflow_next;
        end
    end

    assign count          = count_reg;
    assign at_max         = at_max_reg;
    assign stat_overflow  = overflow_reg;
    assign stat_underflow = underflow_reg;

endmodule

`default_nettype wire
