// fg_st_async - lint self-test fixture: an asynchronous reset (flowgate resets synchronously).
// expect: yosys
`default_nettype none

module fg_st_async (
    input  wire clk,
    input  wire rst,
    input  wire d,
    output wire q
);

    reg q_reg;

    always @(posedge clk or posedge rst) begin
        if (rst) begin
            q_reg <= 1'b0;
        end else begin
            q_reg <= d;
        end
    end

    assign q = q_reg;

endmodule

`default_nettype wire
