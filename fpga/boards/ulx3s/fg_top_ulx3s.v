// fg_top_ulx3s - flowgate on the ULX3S (ECP5-85F; docs/boards.md): the switch core with its
// on-board test system (fg_board_sw), the board's 25 MHz oscillator through a PLL to the core
// clock (fg_pll, generated at build time by yowasp-ecppll for CLK_HZ), the FT231X USB-UART to
// the register bridge at BAUD, five status LEDs, FIRE1 as reset.
//
// Pins (ulx3s.lpf): clk_25mhz G2; ftdi_txd M1 (the FTDI's TX, the FPGA's receive), ftdi_rxd L4
// (the FPGA's transmit); led[7:0] B2 C2 C1 D2 D1 E2 E1 H3; btn[1] (FIRE1) R1; wifi_gpio0 L2
// held high so the ESP32 does not reset the board.
// LEDs: 0 traffic running, 1 a PG paused, 2 error, 3 bridge busy, 4 heartbeat, 7 PLL locked.
`default_nettype none

module fg_top_ulx3s #(
    parameter integer CLK_HZ = 100000000,   // the PLL's output (the flow sets it from board.json)
    parameter integer BAUD   = 115200
) (
    input  wire       clk_25mhz,
    input  wire       ftdi_txd,
    output wire       ftdi_rxd,
    input  wire [1:1] btn,
    output wire [7:0] led,
    output wire       wifi_gpio0
);

    localparam integer CPB     = (CLK_HZ + BAUD / 2) / BAUD;
    localparam integer TIMEOUT = CLK_HZ / 10;          // 0.1 s inside a request

    wire clk, locked;
    fg_pll u_pll (.clkin(clk_25mhz), .clkout0(clk), .locked(locked));

    // reset: until the PLL locks, then 16 cycles more; FIRE1 resets too
    wire rst;
    fg_board_reset u_reset (.clk(clk), .hold(!locked || btn[1]), .rst(rst));

    wire [4:0] status;
    /* verilator lint_off PINCONNECTEMPTY */
    fg_board_sw #(
        .N_PORTS(4), .N_PRIO(2), .GFC(0), .ECN(0), .CLKS_PER_BIT(CPB), .TIMEOUT_CYCLES(TIMEOUT),
        .EQ_DEPTH_LOG2(9), .HEARTBEAT_LOG2(26), .CNT_W(32)
    ) u_sys (
        .clk(clk), .rst(rst), .uart_rxd(ftdi_txd), .uart_txd(ftdi_rxd), .led(status),
        .stat_sent(), .stat_dropped(), .stat_delivered(), .stat_xoff(), .stat_xon(), .stat_paused(),
        .stat_lost()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    assign led        = {locked, 2'b00, status};
    assign wifi_gpio0 = 1'b1;

endmodule

`default_nettype wire
