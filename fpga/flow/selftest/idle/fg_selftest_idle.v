// fg_selftest_idle - fixture of fpga/flow/selftest/check_idle.py, not a flowgate block: a
// block with known idle bits, so the synthesis wrapper's tie-offs can be checked by count.
// Read inputs: a (8 bits), mix[1:0]; never read: skip (8 bits), mix[3:2]. Outputs: q (8
// flops of a), m[1:0] (2 flops of mix[1:0]); constant: k (4 bits), m[3:2]. 10 flops in all.
`default_nettype none

module fg_selftest_idle (
    input  wire       clk,
    input  wire       rst,
    input  wire [7:0] a,
    input  wire [7:0] skip,
    input  wire [3:0] mix,
    output wire [7:0] q,
    output wire [3:0] k,
    output wire [3:0] m
);
    reg [7:0] q_reg;
    reg [1:0] m_reg;
    wire [7:0] q_next = rst ? 8'd0 : a;
    wire [1:0] m_next = rst ? 2'd0 : mix[1:0];

    always @(posedge clk) begin
        q_reg <= q_next;
        m_reg <= m_next;
    end

    assign q = q_reg;
    assign k = 4'b0101;
    assign m = {2'b00, m_reg};
endmodule

`default_nettype wire
