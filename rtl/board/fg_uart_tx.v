// fg_uart_tx - UART transmitter, 8N1, LSB first (docs/blocks/uart_bridge.md).
//
// `start` with `ready` high takes `data` on that edge: the line then carries the start bit
// (0), the eight data bits and the stop bit (1), CLKS_PER_BIT cycles each, and `ready` is 0
// from the taking edge until the stop bit's last cycle has passed (10 * CLKS_PER_BIT edges).
// A start while ready is 0 is ignored. `txd` and `ready` are flops. The C twin is
// cmodel/board/uart.c (fg_uart_tx_*).
`default_nettype none

module fg_uart_tx #(
    parameter integer CLKS_PER_BIT = 16   // clock cycles per bit, 4..65535
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,
    input  wire [7:0] data,
    output wire       ready,
    output wire       txd
);

    localparam integer BIT_LAST_I = CLKS_PER_BIT - 1;
    localparam [15:0] BIT_LAST = BIT_LAST_I[15:0];

    generate
        if (CLKS_PER_BIT < 4 || CLKS_PER_BIT > 65535) begin : g_bad_clks_per_bit
            fg_uart_tx_parameter_CLKS_PER_BIT_must_be_4_to_65535 u_param_error ();
        end
    endgenerate

    reg        busy_reg, busy_next;
    reg        txd_reg, txd_next;
    reg [15:0] cnt_reg, cnt_next;
    reg  [3:0] left_reg, left_next;      // bits still to put on the line after the current one
    reg  [8:0] shift_reg, shift_next;    // the data bits then the stop bit, LSB first

    always @* begin
        busy_next  = busy_reg;
        txd_next   = txd_reg;
        cnt_next   = cnt_reg;
        left_next  = left_reg;
        shift_next = shift_reg;
        if (!busy_reg) begin
            txd_next = 1'b1;
            if (start) begin
                busy_next  = 1'b1;
                txd_next   = 1'b0;          // the start bit
                cnt_next   = BIT_LAST;
                left_next  = 4'd9;
                shift_next = {1'b1, data};
            end
        end else if (cnt_reg == 16'd0) begin
            if (left_reg == 4'd0) begin
                busy_next = 1'b0;           // the stop bit has had its time
            end else begin
                txd_next   = shift_reg[0];
                shift_next = {1'b1, shift_reg[8:1]};
                left_next  = left_reg - 4'd1;
                cnt_next   = BIT_LAST;
            end
        end else begin
            cnt_next = cnt_reg - 16'd1;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            busy_reg  <= 1'b0;
            txd_reg   <= 1'b1;
            cnt_reg   <= 16'd0;
            left_reg  <= 4'd0;
            shift_reg <= 9'h1FF;
        end else begin
            busy_reg  <= busy_next;
            txd_reg   <= txd_next;
            cnt_reg   <= cnt_next;
            left_reg  <= left_next;
            shift_reg <= shift_next;
        end
    end

    assign ready = !busy_reg;
    assign txd   = txd_reg;

endmodule

`default_nettype wire
