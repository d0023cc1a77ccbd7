// fg_board_reset - the reset of a board top (fpga/boards/<board>/): high while `hold` is (the PLL
// not locked, a reset button) and 16 clock cycles after, from power-up on (the FPGA's flip-flop
// initial values). The reset is a flip-flop of its own, active high: derived as an inverted
// count bit it made yosys put an inverter in front of every flip-flop's reset input, one net
// each, which nextpnr could not pack into ECP5 slices (docs/boards.md, "Measured").
`default_nettype none

module fg_board_reset (
    input  wire clk,
    input  wire hold,
    output wire rst
);

    reg [15:0] por_reg = 16'd0;
    reg        rst_reg = 1'b1;
    always @(posedge clk) begin
        if (hold)
            por_reg <= 16'd0;
        else
            por_reg <= {por_reg[14:0], 1'b1};
        rst_reg <= !por_reg[15];
    end
    assign rst = rst_reg;

endmodule

`default_nettype wire
