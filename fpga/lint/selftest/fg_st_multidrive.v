// fg_st_multidrive - lint self-test fixture: one flop driven from two always blocks.
// expect: yosys
`default_nettype none

module fg_st_multidrive (
    input  wire clk,
    input  wire a,
    input  wire b,
    output wire q
);

    reg q_reg;

    always @(posedge clk) begin
        q_reg <= a;
    end

    always @(posedge clk) begin
        q_reg <= b;
    end

    assign q = q_reg;

endmodule

`default_nettype wire
