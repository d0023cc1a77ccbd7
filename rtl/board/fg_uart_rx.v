// fg_uart_rx - UART receiver, 8 data bits, no parity, one stop bit (8N1), LSB first
// (docs/blocks/uart_bridge.md).
//
// The line is synchronised by two flops (rxd_s2 is what the receiver reads). A falling edge
// seen in IDLE starts a byte; the start bit is re-checked HALF = CLKS_PER_BIT / 2 cycles later
// (a glitch shorter than that is ignored) and each data bit and the stop bit are then sampled
// every CLKS_PER_BIT cycles, i.e. near the middle of the bit. A good stop bit (1) gives
// `byte_valid` for one cycle with the byte in `byte_data`; a 0 there gives `frame_err` for
// one cycle and the receiver waits for the line to be 1 again before it looks for a start
// bit (a held-low line, a break, is one error, not a stream of them). Every output is a flop.
// The C twin is cmodel/board/uart.c (fg_uart_rx_*).
`default_nettype none

module fg_uart_rx #(
    parameter integer CLKS_PER_BIT = 16   // clock cycles per bit, 4..65535
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       rxd,          // the line, idle high
    output wire       byte_valid,   // one cycle: a byte with a good stop bit
    output wire [7:0] byte_data,    // the last byte shifted in (valid with byte_valid)
    output wire       frame_err     // one cycle: the stop bit was 0, the byte is dropped
);

    localparam [2:0] S_IDLE = 3'd0, S_START = 3'd1, S_DATA = 3'd2, S_STOP = 3'd3, S_BREAK = 3'd4;
    localparam integer HALF_I = CLKS_PER_BIT / 2;
    localparam integer BIT_LAST_I  = CLKS_PER_BIT - 1;
    localparam integer HALF_LAST_I = HALF_I - 1;
    localparam [15:0] BIT_LAST  = BIT_LAST_I[15:0];    // a bit's cycle count, from CLKS_PER_BIT - 1 down
    localparam [15:0] HALF_LAST = HALF_LAST_I[15:0];

    generate
        if (CLKS_PER_BIT < 4 || CLKS_PER_BIT > 65535) begin : g_bad_clks_per_bit
            fg_uart_rx_parameter_CLKS_PER_BIT_must_be_4_to_65535 u_param_error ();
        end
    endgenerate

    reg        rxd_s1_reg, rxd_s2_reg;
    reg  [2:0] state_reg, state_next;
    reg [15:0] cnt_reg, cnt_next;
    reg  [2:0] nbit_reg, nbit_next;
    reg  [7:0] shift_reg, shift_next;
    reg        valid_reg, valid_next;
    reg        ferr_reg, ferr_next;

    always @* begin
        state_next = state_reg;
        cnt_next   = cnt_reg;
        nbit_next  = nbit_reg;
        shift_next = shift_reg;
        valid_next = 1'b0;
        ferr_next  = 1'b0;
        case (state_reg)
            S_IDLE: begin
                if (!rxd_s2_reg) begin
                    state_next = S_START;
                    cnt_next   = HALF_LAST;
                end
            end
            S_START: begin
                if (cnt_reg == 16'd0) begin
                    if (!rxd_s2_reg) begin
                        state_next = S_DATA;
                        cnt_next   = BIT_LAST;
                        nbit_next  = 3'd0;
                    end else begin
                        state_next = S_IDLE;   // a glitch, not a start bit
                    end
                end else begin
                    cnt_next = cnt_reg - 16'd1;
                end
            end
            S_DATA: begin
                if (cnt_reg == 16'd0) begin
                    shift_next = {rxd_s2_reg, shift_reg[7:1]};
                    cnt_next   = BIT_LAST;
                    nbit_next  = nbit_reg + 3'd1;
                    if (nbit_reg == 3'd7) state_next = S_STOP;
                end else begin
                    cnt_next = cnt_reg - 16'd1;
                end
            end
            S_STOP: begin
                if (cnt_reg == 16'd0) begin
                    if (rxd_s2_reg) begin
                        valid_next = 1'b1;
                        state_next = S_IDLE;
                    end else begin
                        ferr_next  = 1'b1;
                        state_next = S_BREAK;
                    end
                end else begin
                    cnt_next = cnt_reg - 16'd1;
                end
            end
            default: begin   // S_BREAK: wait for the idle level
                if (rxd_s2_reg) state_next = S_IDLE;
            end
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            rxd_s1_reg <= 1'b1;
            rxd_s2_reg <= 1'b1;
            state_reg  <= S_IDLE;
            cnt_reg    <= 16'd0;
            nbit_reg   <= 3'd0;
            shift_reg  <= 8'd0;
            valid_reg  <= 1'b0;
            ferr_reg   <= 1'b0;
        end else begin
            rxd_s1_reg <= rxd;
            rxd_s2_reg <= rxd_s1_reg;
            state_reg  <= state_next;
            cnt_reg    <= cnt_next;
            nbit_reg   <= nbit_next;
            shift_reg  <= shift_next;
            valid_reg  <= valid_next;
            ferr_reg   <= ferr_next;
        end
    end

    assign byte_valid = valid_reg;
    assign byte_data  = shift_reg;
    assign frame_err  = ferr_reg;

endmodule

`default_nettype wire
