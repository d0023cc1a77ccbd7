// fg_st_latch - lint self-test fixture: a combinational block that misses a branch (a latch).
// expect: verilator yosys
`default_nettype none

module fg_st_latch (
    input  wire       clk,
    input  wire       en,
    input  wire [3:0] d,
    output wire [3:0] q
);

    reg [3:0] q_next;
    reg [3:0] q_reg;

    always @* begin
        if (en) begin
            q_next = d;
        end
    end

    always @(posedge clk) begin
        q_reg <= q_next;
    end

    assign q = q_reg;

endmodule

`default_nettype wire
