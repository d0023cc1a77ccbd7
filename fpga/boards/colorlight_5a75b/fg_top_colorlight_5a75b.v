// fg_top_colorlight_5a75b - flowgate on the Colorlight 5A-75B v8.0 (ECP5-25F, CABGA256;
// docs/boards.md): the switch core with its on-board test system (fg_board_sw), the 25 MHz
// oscillator through a PLL to the core clock (fg_pll, generated at build time for CLK_HZ), and a
// 3.3 V UART on the two FPGA pins of header J19 that are not behind the output-only buffers of
// the HUB75 headers: DATA_LED- (T6, the user LED's pin) is the FPGA's transmit, KEY+ (R7, the user
// button's pin) its receive - the pins LiteX's v8.0 platform uses for its serial port. The LED
// therefore flickers with the answers and the button is the UART: the board has no status LED or
// reset button here; the PLL's lock and a power-on count are its reset.
//
// Pins (colorlight_5a75b.lpf): clk P6; uart_tx T6; uart_rx R7.
`default_nettype none

module fg_top_colorlight_5a75b #(
    parameter integer CLK_HZ = 100000000,  // the PLL's output (the flow sets it from board.json)
    parameter integer BAUD   = 115200
) (
    input  wire clk,
    input  wire uart_rx,
    output wire uart_tx
);

    localparam integer CPB     = (CLK_HZ + BAUD / 2) / BAUD;
    localparam integer TIMEOUT = CLK_HZ / 10;

    wire core_clk, locked;
    fg_pll u_pll (.clkin(clk), .clkout0(core_clk), .locked(locked));

    wire rst;
    fg_board_reset u_reset (.clk(core_clk), .hold(!locked), .rst(rst));

    /* verilator lint_off PINCONNECTEMPTY */
    fg_board_sw #(
        .N_PORTS(4), .N_PRIO(2), .GFC(0), .ECN(0), .CLKS_PER_BIT(CPB), .TIMEOUT_CYCLES(TIMEOUT),
        .EQ_DEPTH_LOG2(9), .HEARTBEAT_LOG2(26), .CNT_W(32)
    ) u_sys (
        .clk(core_clk), .rst(rst), .uart_rxd(uart_rx), .uart_txd(uart_tx), .led(),
        .stat_sent(), .stat_dropped(), .stat_delivered(), .stat_xoff(), .stat_xon(), .stat_paused(),
        .stat_lost()
    );
    /* verilator lint_on PINCONNECTEMPTY */

endmodule

`default_nettype wire
