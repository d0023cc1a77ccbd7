// fg_uart_bridge - register access over a UART: a host reads and writes 32-bit registers
// through small checked frames (docs/blocks/uart_bridge.md, which is the protocol's reference).
//
// Request (host -> bridge), bytes in order, each 8N1 at CLKS_PER_BIT cycles a bit:
//   read   0x52 ('R')  A1 A0              CRC
//   write  0x57 ('W')  A1 A0 D3 D2 D1 D0  CRC
// A = the 16-bit byte address (A1 high byte), D = the 32-bit value (D3 high byte); CRC =
// CRC-8 (polynomial 0x07, initial 0, no reflection, no final XOR) of every byte before it.
// Response (bridge -> host): STATUS [D3 D2 D1 D0 for a good read] CRC, CRC over the bytes
// before it. STATUS: 0x00 ok, 0x01 bad CRC, 0x02 unknown command byte, 0x03 bad address
// (misaligned, or region A[15:12] >= N_REGIONS), 0x04 timeout (TIMEOUT_CYCLES without a byte
// inside a request), 0x05 framing error (a stop bit of 0).
// Nothing reaches the bus before a whole request is in and its CRC and address are good, so
// a malformed or cut request never writes a register (and is answered, then forgotten). One
// access at a time: the bus side is the register blocks' (docs/registers.md, "Bus"), an
// access held until an edge with bus_ready high takes it, complete on the next edge with
// bus_ready high, when bus_rdata is captured. Bytes that arrive while an access or its
// response is under way are dropped and counted (stat_overrun): a host waits for its answer.
// Every output is a flop (busy: two flops compared); each stat_* is a one-cycle pulse. The C twin is
// cmodel/board/uart_bridge.c.
`default_nettype none

module fg_uart_bridge #(
    parameter integer CLKS_PER_BIT   = 16,        // 4..65535 (clock / baud)
    parameter integer TIMEOUT_CYCLES = 1000000,   // 11*CLKS_PER_BIT..16777215: a request's gap limit
    parameter integer N_REGIONS      = 1          // 1..16: address regions A[15:12] on the bus
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        rxd,
    output wire        txd,

    // register bus master (docs/registers.md, "Bus")
    output wire        bus_wr,
    output wire        bus_rd,
    output wire [15:0] bus_addr,
    output wire [31:0] bus_wdata,
    input  wire        bus_ready,
    input  wire [31:0] bus_rdata,

    output wire        busy,            // a request is being received, served or answered
    output wire        stat_ok,         // a request was served (its access complete)
    output wire        stat_bad_crc,
    output wire        stat_bad_cmd,
    output wire        stat_bad_addr,
    output wire        stat_timeout,
    output wire        stat_framing,
    output wire        stat_overrun     // a byte (or framing error) dropped while busy
);

    localparam [1:0] S_RECV = 2'd0, S_BUS = 2'd1, S_WAIT = 2'd2, S_RESP = 2'd3;
    localparam [7:0] CMD_READ = 8'h52, CMD_WRITE = 8'h57;
    localparam [7:0] ST_OK = 8'h00, ST_BAD_CRC = 8'h01, ST_BAD_CMD = 8'h02, ST_BAD_ADDR = 8'h03,
                     ST_TIMEOUT = 8'h04, ST_FRAMING = 8'h05;
    localparam integer TMO_LAST_I = TIMEOUT_CYCLES - 1;
    localparam [23:0] TMO_LAST = TMO_LAST_I[23:0];
    localparam [4:0]  N_REGIONS_W = N_REGIONS[4:0];

    generate
        if (TIMEOUT_CYCLES < 1 || TIMEOUT_CYCLES > 16777215) begin : g_bad_timeout
            fg_uart_bridge_parameter_TIMEOUT_CYCLES_must_be_1_to_16777215 u_param_error ();
        end
        // a gap shorter than one byte's time would time out every request
        if (TIMEOUT_CYCLES < 11 * CLKS_PER_BIT) begin : g_short_timeout
            fg_uart_bridge_parameter_TIMEOUT_CYCLES_must_be_at_least_11_CLKS_PER_BIT u_param_error ();
        end
        if (N_REGIONS < 1 || N_REGIONS > 16) begin : g_bad_regions
            fg_uart_bridge_parameter_N_REGIONS_must_be_1_to_16 u_param_error ();
        end
    endgenerate

    // CRC-8, polynomial x^8 + x^2 + x + 1, MSB first: one byte into the running value
    function [7:0] f_crc8;
        input [7:0] crc;
        input [7:0] b;
        reg   [7:0] c;
        integer j;
        begin
            c = crc ^ b;
            for (j = 0; j < 8; j = j + 1)
                c = c[7] ? ({c[6:0], 1'b0} ^ 8'h07) : {c[6:0], 1'b0};
            f_crc8 = c;
        end
    endfunction

    wire       rx_valid, rx_ferr;
    wire [7:0] rx_byte;
    wire       tx_ready;

    fg_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
        .clk(clk), .rst(rst), .rxd(rxd),
        .byte_valid(rx_valid), .byte_data(rx_byte), .frame_err(rx_ferr)
    );

    reg  [1:0]  state_reg, state_next;
    reg  [2:0]  idx_reg, idx_next;          // bytes of the request received so far
    reg         is_write_reg, is_write_next;
    reg  [15:0] addr_reg, addr_next;
    reg  [31:0] wdata_reg, wdata_next;
    reg  [7:0]  crc_rx_reg, crc_rx_next;
    reg  [23:0] tmo_reg, tmo_next;
    reg         bus_wr_reg, bus_wr_next, bus_rd_reg, bus_rd_next;
    reg  [31:0] rdata_reg, rdata_next;
    reg  [7:0]  status_reg, status_next;
    reg  [2:0]  resp_last_reg, resp_last_next;   // index of the response's CRC byte (1 or 5)
    reg  [2:0]  resp_idx_reg, resp_idx_next;
    reg  [7:0]  crc_tx_reg, crc_tx_next;
    reg         tx_start_reg, tx_start_next;
    reg  [7:0]  tx_data_reg, tx_data_next;
    reg         ok_reg, ok_next, bad_crc_reg, bad_crc_next, bad_cmd_reg, bad_cmd_next;
    reg         bad_addr_reg, bad_addr_next, timeout_reg, timeout_next;
    reg         framing_reg, framing_next, overrun_reg, overrun_next;

    // the byte that closes the request (its CRC) is byte 3 of a read, 7 of a write
    wire [2:0] req_last = is_write_reg ? 3'd7 : 3'd3;
    wire       addr_bad = (addr_reg[1:0] != 2'b00) || ({1'b0, addr_reg[15:12]} >= N_REGIONS_W);
    // the response byte at resp_idx: status, the read value high byte first, then the CRC
    reg  [7:0]  resp_byte;
    always @* begin
        case (resp_idx_reg)
            3'd0:    resp_byte = status_reg;
            3'd1:    resp_byte = rdata_reg[31:24];
            3'd2:    resp_byte = rdata_reg[23:16];
            3'd3:    resp_byte = rdata_reg[15:8];
            default: resp_byte = rdata_reg[7:0];
        endcase
        if (resp_idx_reg == resp_last_reg) resp_byte = crc_tx_reg;
    end

    always @* begin
        state_next     = state_reg;
        idx_next       = idx_reg;
        is_write_next  = is_write_reg;
        addr_next      = addr_reg;
        wdata_next     = wdata_reg;
        crc_rx_next    = crc_rx_reg;
        tmo_next       = tmo_reg;
        bus_wr_next    = bus_wr_reg;
        bus_rd_next    = bus_rd_reg;
        rdata_next     = rdata_reg;
        status_next    = status_reg;
        resp_last_next = resp_last_reg;
        resp_idx_next  = resp_idx_reg;
        crc_tx_next    = crc_tx_reg;
        tx_start_next  = 1'b0;
        tx_data_next   = tx_data_reg;
        ok_next        = 1'b0;
        bad_crc_next   = 1'b0;
        bad_cmd_next   = 1'b0;
        bad_addr_next  = 1'b0;
        timeout_next   = 1'b0;
        framing_next   = 1'b0;
        overrun_next   = 1'b0;
        case (state_reg)
            S_RECV: begin
                // an error answer: STATUS CRC; the request so far is forgotten
                if (rx_ferr) begin
                    status_next  = ST_FRAMING;
                    framing_next = 1'b1;
                end else if (rx_valid) begin
                    if (idx_reg == 3'd0) begin
                        if (rx_byte == CMD_READ || rx_byte == CMD_WRITE) begin
                            is_write_next = (rx_byte == CMD_WRITE);
                            crc_rx_next   = f_crc8(8'd0, rx_byte);
                            idx_next      = 3'd1;
                        end else begin
                            status_next  = ST_BAD_CMD;
                            bad_cmd_next = 1'b1;
                        end
                    end else if (idx_reg != req_last) begin
                        case (idx_reg)
                            3'd1:    addr_next[15:8]   = rx_byte;
                            3'd2:    addr_next[7:0]    = rx_byte;
                            3'd3:    wdata_next[31:24] = rx_byte;
                            3'd4:    wdata_next[23:16] = rx_byte;
                            3'd5:    wdata_next[15:8]  = rx_byte;
                            default: wdata_next[7:0]   = rx_byte;
                        endcase
                        crc_rx_next = f_crc8(crc_rx_reg, rx_byte);
                        idx_next    = idx_reg + 3'd1;
                    end else if (rx_byte != crc_rx_reg) begin
                        status_next  = ST_BAD_CRC;
                        bad_crc_next = 1'b1;
                    end else if (addr_bad) begin
                        status_next   = ST_BAD_ADDR;
                        bad_addr_next = 1'b1;
                    end else begin
                        idx_next    = 3'd0;
                        state_next  = S_BUS;
                        bus_wr_next = is_write_reg;
                        bus_rd_next = !is_write_reg;
                    end
                end else if (idx_reg != 3'd0) begin
                    if (tmo_reg == TMO_LAST) begin
                        status_next  = ST_TIMEOUT;
                        timeout_next = 1'b1;
                    end
                end
                if (rx_valid || rx_ferr || idx_reg == 3'd0)
                    tmo_next = 24'd0;
                else
                    tmo_next = tmo_reg + 24'd1;
                if (framing_next || bad_cmd_next || bad_crc_next || bad_addr_next || timeout_next) begin
                    idx_next       = 3'd0;
                    state_next     = S_RESP;
                    resp_last_next = 3'd1;
                    resp_idx_next  = 3'd0;
                    crc_tx_next    = 8'd0;
                end
            end
            S_BUS: begin
                if (bus_ready) begin
                    bus_wr_next = 1'b0;
                    bus_rd_next = 1'b0;
                    state_next  = S_WAIT;
                end
            end
            S_WAIT: begin
                if (bus_ready) begin
                    rdata_next     = bus_rdata;
                    status_next    = ST_OK;
                    ok_next        = 1'b1;
                    state_next     = S_RESP;
                    resp_last_next = is_write_reg ? 3'd1 : 3'd5;
                    resp_idx_next  = 3'd0;
                    crc_tx_next    = 8'd0;
                end
            end
            default: begin   // S_RESP: one byte to the transmitter whenever it is free
                if (tx_ready && !tx_start_reg) begin
                    tx_start_next = 1'b1;
                    tx_data_next  = resp_byte;
                    crc_tx_next   = f_crc8(crc_tx_reg, resp_byte);
                    resp_idx_next = resp_idx_reg + 3'd1;
                    if (resp_idx_reg == resp_last_reg) state_next = S_RECV;
                end
            end
        endcase
        if (state_reg != S_RECV && (rx_valid || rx_ferr)) overrun_next = 1'b1;
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg     <= S_RECV;
            idx_reg       <= 3'd0;
            is_write_reg  <= 1'b0;
            addr_reg      <= 16'd0;
            wdata_reg     <= 32'd0;
            crc_rx_reg    <= 8'd0;
            tmo_reg       <= 24'd0;
            bus_wr_reg    <= 1'b0;
            bus_rd_reg    <= 1'b0;
            rdata_reg     <= 32'd0;
            status_reg    <= 8'd0;
            resp_last_reg <= 3'd1;
            resp_idx_reg  <= 3'd0;
            crc_tx_reg    <= 8'd0;
            tx_start_reg  <= 1'b0;
            tx_data_reg   <= 8'd0;
            ok_reg        <= 1'b0;
            bad_crc_reg   <= 1'b0;
            bad_cmd_reg   <= 1'b0;
            bad_addr_reg  <= 1'b0;
            timeout_reg   <= 1'b0;
            framing_reg   <= 1'b0;
            overrun_reg   <= 1'b0;
        end else begin
            state_reg     <= state_next;
            idx_reg       <= idx_next;
            is_write_reg  <= is_write_next;
            addr_reg      <= addr_next;
            wdata_reg     <= wdata_next;
            crc_rx_reg    <= crc_rx_next;
            tmo_reg       <= tmo_next;
            bus_wr_reg    <= bus_wr_next;
            bus_rd_reg    <= bus_rd_next;
            rdata_reg     <= rdata_next;
            status_reg    <= status_next;
            resp_last_reg <= resp_last_next;
            resp_idx_reg  <= resp_idx_next;
            crc_tx_reg    <= crc_tx_next;
            tx_start_reg  <= tx_start_next;
            tx_data_reg   <= tx_data_next;
            ok_reg        <= ok_next;
            bad_crc_reg   <= bad_crc_next;
            bad_cmd_reg   <= bad_cmd_next;
            bad_addr_reg  <= bad_addr_next;
            timeout_reg   <= timeout_next;
            framing_reg   <= framing_next;
            overrun_reg   <= overrun_next;
        end
    end

    fg_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
        .clk(clk), .rst(rst), .start(tx_start_reg), .data(tx_data_reg),
        .ready(tx_ready), .txd(txd)
    );

    assign bus_wr        = bus_wr_reg;
    assign bus_rd        = bus_rd_reg;
    assign bus_addr      = addr_reg;
    assign bus_wdata     = wdata_reg;
    assign busy          = (state_reg != S_RECV) || (idx_reg != 3'd0);
    assign stat_ok       = ok_reg;
    assign stat_bad_crc  = bad_crc_reg;
    assign stat_bad_cmd  = bad_cmd_reg;
    assign stat_bad_addr = bad_addr_reg;
    assign stat_timeout  = timeout_reg;
    assign stat_framing  = framing_reg;
    assign stat_overrun  = overrun_reg;

endmodule

`default_nettype wire
