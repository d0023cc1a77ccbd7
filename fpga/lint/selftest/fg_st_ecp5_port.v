// fg_st_ecp5_port - lint self-test fixture: the ECP5 form (`ifdef FG_TECH_ECP5) names a port
// the vendor cell does not have; the other form is clean, so only the second yosys pass, with
// the define and yosys's ECP5 cell blackboxes, can see it.
// expect: yosys
`default_nettype none

module fg_st_ecp5_port (
    input  wire       clk,
    input  wire [1:0] a,
    output wire [3:0] p
);

`ifdef FG_TECH_ECP5
    wire [35:0] p36;
    MULT18X18D u_mult (
        .CLK0(clk), .A0(a[0]), .A1(a[1]), .B0(a[0]), .NO_SUCH_PORT(a[1]),
        .P0(p36[0]), .P1(p36[1]), .P2(p36[2]), .P3(p36[3])
    );
    assign p = p36[3:0];
`else
    reg  [3:0] p_reg;
    always @(posedge clk) begin
        p_reg <= {2'b00, a} * {2'b00, a};
    end
    assign p = p_reg;
`endif

endmodule

`default_nettype wire
