// fg_st_clean - lint self-test fixture: clean code every tool must accept.
// expect: clean
// A registered 4-bit adder with synchronous reset, written to the house rules.
`default_nettype none

module fg_st_clean (
    input  wire       clk,
    input  wire       rst,
    input  wire [3:0] a,
    input  wire [3:0] b,
    output wire [4:0] sum
);

    reg  [4:0] sum_reg;
    wire [4:0] sum_next;

    assign sum_next = {1'b0, a} + {1'b0, b};

    always @(posedge clk) begin
        if (rst) begin
            sum_reg <= 5'd0;
        end else begin
            sum_reg <= sum_next;
        end
    end

    assign sum = sum_reg;

endmodule

`default_nettype wire
