// fg_pfc_tx - PFC / PAUSE control-frame serialiser and data mux on an 8-bit stream
// (docs/ARCHITECTURE.md 5.3, docs/blocks/pfc_tx.md).
//
// Client data frames (s_data/s_valid/s_last, s_ready) pass through a one-byte skid buffer
// into the output register (m_data/m_valid/m_last, m_ready) unchanged; they carry their own
// FCS. The skid lets s_ready be a register and still move one byte per cycle.
// Between data frames - the input side at a frame boundary and the skid empty - a request
// from fg_pfc_gen (req_valid, req_cev, req_xoff) starts a 64-byte control frame ahead of
// any waiting data: req_ack is raised for one cycle, and in that cycle the request, its
// per-class times (ctrl_time, from fg_pfc_gen's req_time) and the configuration
// (cfg_mode_8023x, cfg_src_mac) are captured for the whole frame (exactly the bits the
// generator clears on that edge). While a request waits at a
// boundary, s_ready is held low so no new data frame slips in ahead of it.
// Frame: DA 01-80-C2-00-00-01, SA (cfg_src_mac[47:40] first), 0x8808, opcode 0x0101,
// vector {0x00, cev}, time[0..7] MSB first (time[n] = xoff[n] ? ctrl_time[n] : 0), zero
// padding to 60 bytes, FCS. With cfg_mode_8023x: opcode 0x0001, one time (the largest time
// of the XOFF classes, 0 when none; from the capture), zero padding. The FCS comes from fg_crc32 over bytes 0..59,
// complemented, low byte first. m_ready stalls everything. No preamble / IFG.
// stat_tx_ctrl pulses on the edge after the last control byte left.
// GFC (docs/gfc.md): with ctrl_gfc the request is a GFC stage frame: the 802.1Qbb layout
// with opcode 0x0102 and time[n] = ctrl_time[n] (a stage id) for every class in cev, whatever
// req_xoff says; cfg_mode_8023x does not apply to it. ctrl_gfc is captured with the request.
// The C twin is cmodel/mac/pfc_tx.c.
`default_nettype none

module fg_pfc_tx (
    input  wire        clk,
    input  wire        rst,
    // configuration
    input  wire        cfg_mode_8023x,
    input  wire [47:0] cfg_src_mac,
    // request from fg_pfc_gen
    input  wire        req_valid,
    input  wire [7:0]  req_cev,
    input  wire [7:0]  req_xoff,
    input  wire [127:0] ctrl_time,  // pause time (GFC: stage id) per class n at [n*16 +: 16]
    input  wire        ctrl_gfc,    // the request is a GFC frame (opcode 0x0102)
    output wire        req_ack,
    // client data frames
    input  wire [7:0]  s_data,
    input  wire        s_valid,
    input  wire        s_last,
    output wire        s_ready,
    // transmit stream
    output wire [7:0]  m_data,
    output wire        m_valid,
    output wire        m_last,
    input  wire        m_ready,
    // statistics pulse
    output wire        stat_tx_ctrl
);

    localparam [5:0] LAST_IDX = 6'd63;
    localparam [5:0] FCS_IDX  = 6'd60;

    reg  [7:0]  m_data_reg,        m_data_next;
    reg         m_valid_reg,       m_valid_next;
    reg         m_last_reg,        m_last_next;
    reg         out_ctrl_reg,      out_ctrl_next;
    reg  [7:0]  skid_data_reg,     skid_data_next;
    reg         skid_last_reg,     skid_last_next;
    reg         skid_valid_reg,    skid_valid_next;
    reg         s_ready_reg,       s_ready_next;
    reg         in_frame_reg,      in_frame_next;
    reg         ctrl_active_reg,   ctrl_active_next;
    reg  [5:0]  idx_reg,           idx_next;
    reg  [5:0]  idx_plus1_reg,     idx_plus1_next;  // idx_reg + 1 (mod 64), kept in a flop
    reg         time_phase_reg,    time_phase_next; // idx_reg in 17..32: the times shift
    reg  [7:0]  byte_reg,          byte_next;       // control byte idx_reg (not the FCS)
    reg         req_ack_reg,       req_ack_next;
    reg  [7:0]  cap_cev_reg,       cap_cev_next;
    // the times in frame order, class 0 at [127:112]; 0 for non-XOFF classes; shifted up a
    // byte per time byte sent, so the byte to send is always [127:120] (no 8:1 select)
    reg  [127:0] cap_time_reg,     cap_time_next;
    reg  [63:0] max4_reg,          max4_next;       // max of cap_time's pairs
    reg  [31:0] max2_reg,          max2_next;       // max of max4's pairs
    reg  [15:0] cap_pause_reg,     cap_pause_next;  // 802.3x time: max of cap_time (3 edges on)
    reg         cap_mode_reg,      cap_mode_next;   // 802.3x PAUSE layout
    reg         cap_gfc_reg,       cap_gfc_next;    // GFC opcode 0x0102
    reg  [47:0] cap_src_mac_reg,   cap_src_mac_next;
    reg         stat_tx_ctrl_reg,  stat_tx_ctrl_next;

    wire [31:0] crc;
    reg         crc_init;
    reg         crc_en;

    reg         out_free;
    reg         m_xfer;
    reg         in_accept;
    reg         boundary;
    reg         start;
    reg         ctrl_go;
    reg         ctrl_load;
    reg         ctrl_last;
    reg  [7:0]  ctrl_byte;
    reg  [7:0]  prefetch_byte;
    reg  [15:0] xoff_time;
    integer     n;
    reg  [31:0] fcs;

    // The control frame's bytes are prefetched: byte_reg holds byte idx_reg, and when it is
    // loaded the byte after it (prefetch_byte, from idx_reg + 1) takes its place. The output and
    // the CRC then start from a flop instead of a 64-way select on idx_reg (which, with the
    // CRC's XOR behind it, was this block's longest path). Byte k >= 6 is computed while byte
    // k - 1 >= 5 is current, which is after the capture (at the end of byte 1's cycle). The
    // FCS (bytes 60..63) cannot be prefetched (the CRC takes byte 59 on the edge that would
    // load it) and comes straight from the CRC.
    always @* begin
        prefetch_byte = 8'h00;
        case (idx_plus1_reg)
            6'd0:  prefetch_byte = 8'h01;
            6'd1:  prefetch_byte = 8'h80;
            6'd2:  prefetch_byte = 8'hC2;
            6'd3:  prefetch_byte = 8'h00;
            6'd4:  prefetch_byte = 8'h00;
            6'd5:  prefetch_byte = 8'h01;
            6'd6:  prefetch_byte = cap_src_mac_reg[47:40];
            6'd7:  prefetch_byte = cap_src_mac_reg[39:32];
            6'd8:  prefetch_byte = cap_src_mac_reg[31:24];
            6'd9:  prefetch_byte = cap_src_mac_reg[23:16];
            6'd10: prefetch_byte = cap_src_mac_reg[15:8];
            6'd11: prefetch_byte = cap_src_mac_reg[7:0];
            6'd12: prefetch_byte = 8'h88;
            6'd13: prefetch_byte = 8'h08;
            6'd14: prefetch_byte = cap_mode_reg ? 8'h00 : 8'h01;
            6'd15: prefetch_byte = cap_gfc_reg ? 8'h02 : 8'h01;
            6'd16: prefetch_byte = cap_mode_reg ? cap_pause_reg[15:8] : 8'h00;
            6'd17: prefetch_byte = cap_mode_reg ? cap_pause_reg[7:0] : cap_cev_reg;
            6'd18, 6'd19, 6'd20, 6'd21, 6'd22, 6'd23, 6'd24, 6'd25,
            6'd26, 6'd27, 6'd28, 6'd29, 6'd30, 6'd31, 6'd32, 6'd33:
                prefetch_byte = cap_mode_reg ? 8'h00 : cap_time_reg[127:120];
            default: prefetch_byte = 8'h00;  // padding 34..59; the FCS is not from here
        endcase

        fcs = ~crc;
        case (idx_reg)
            6'd60:   ctrl_byte = fcs[7:0];
            6'd61:   ctrl_byte = fcs[15:8];
            6'd62:   ctrl_byte = fcs[23:16];
            6'd63:   ctrl_byte = fcs[31:24];
            default: ctrl_byte = byte_reg;
        endcase
    end

    always @* begin
        out_free  = !m_valid_reg || m_ready;
        m_xfer    = m_valid_reg && m_ready;
        in_accept = s_valid && s_ready_reg;
        boundary  = !ctrl_active_reg && req_valid && !in_frame_reg;
        start     = boundary && !skid_valid_reg && !in_accept;
        ctrl_go   = ctrl_active_reg || start;
        ctrl_load = ctrl_go && out_free;
        ctrl_last = ctrl_load && (idx_reg == LAST_IDX);

        // Capture in the cycle req_ack is shown: what the generator clears on this edge.
        cap_cev_next     = cap_cev_reg;
        cap_time_next    = cap_time_reg;
        cap_mode_next    = cap_mode_reg;
        cap_gfc_next     = cap_gfc_reg;
        cap_src_mac_next = cap_src_mac_reg;
        xoff_time = 16'd0;
        for (n = 0; n < 8; n = n + 1) begin
            // GFC carries the stage of every enabled class, PFC the time of the XOFF ones
            xoff_time = ((req_xoff[n] || ctrl_gfc) && req_cev[n]) ? ctrl_time[n*16 +: 16] : 16'd0;
            if (req_ack_reg) cap_time_next[(7-n)*16 +: 16] = xoff_time;
        end
        // shifted on the edge that prefetches a time byte (byte 18..33 becomes byte_reg)
        // (time_phase_reg: idx_reg is 17..32, a flop so that the 128 enables are one LUT
        // from flops and m_ready)
        if (ctrl_load && time_phase_reg) begin
            cap_time_next = {cap_time_reg[119:0], 8'h00};
        end
        // The 802.3x time (the largest captured time) is needed at byte 16 only, so it is a
        // registered tree of pairwise maxima over cap_time_reg: four, then two, then one,
        // one compare per edge, settled three edges after the capture (the capture is at the
        // end of byte 1's cycle; byte 16 is prefetched at least 14 edges later, and the times
        // shift only from byte 18's prefetch on, after their maximum was used). Eight
        // compares in a row on the capture edge made this block 29 MHz on ECP5.
        for (n = 0; n < 4; n = n + 1) begin
            max4_next[n*16 +: 16] = (cap_time_reg[(2*n+1)*16 +: 16] > cap_time_reg[(2*n)*16 +: 16])
                                  ? cap_time_reg[(2*n+1)*16 +: 16] : cap_time_reg[(2*n)*16 +: 16];
        end
        for (n = 0; n < 2; n = n + 1) begin
            max2_next[n*16 +: 16] = (max4_reg[(2*n+1)*16 +: 16] > max4_reg[(2*n)*16 +: 16])
                                  ? max4_reg[(2*n+1)*16 +: 16] : max4_reg[(2*n)*16 +: 16];
        end
        cap_pause_next = (max2_reg[31:16] > max2_reg[15:0]) ? max2_reg[31:16] : max2_reg[15:0];
        if (req_ack_reg) begin
            cap_cev_next     = req_cev;
            cap_mode_next    = cfg_mode_8023x && !ctrl_gfc;
            cap_gfc_next     = ctrl_gfc;
            cap_src_mac_next = cfg_src_mac;
        end

        // fg_crc32: preset while no control frame runs and after its last byte.
        crc_init = !ctrl_go || ctrl_last;
        crc_en   = ctrl_load && (idx_reg[5:2] != FCS_IDX[5:2]);  // idx < 60, without a chain

        stat_tx_ctrl_next = m_xfer && m_last_reg && out_ctrl_reg;

        // Output register and skid buffer.
        m_data_next     = m_data_reg;
        m_valid_next    = m_valid_reg;
        m_last_next     = m_last_reg;
        out_ctrl_next   = out_ctrl_reg;
        skid_data_next  = skid_data_reg;
        skid_last_next  = skid_last_reg;
        skid_valid_next = skid_valid_reg;
        idx_next        = idx_reg;
        idx_plus1_next  = idx_plus1_reg;
        time_phase_next = time_phase_reg;
        byte_next       = byte_reg;
        if (ctrl_load) begin
            m_data_next   = ctrl_byte;
            m_valid_next  = 1'b1;
            m_last_next   = ctrl_last;
            out_ctrl_next = 1'b1;
            idx_next      = idx_plus1_reg;  // wraps to 0 after the last byte
            idx_plus1_next = idx_plus1_reg + 6'd1;
            // idx_next = idx_plus1_reg in 17..32, decoded from the bits (a compare would be
            // two carry chains)
            time_phase_next = ((idx_plus1_reg[5:4] == 2'b01) && (idx_plus1_reg[3:0] != 4'd0))
                            || (idx_plus1_reg == 6'd32);
            byte_next     = prefetch_byte;
        end else if (ctrl_go) begin
            // control frame held by m_ready
        end else if (out_free) begin
            if (skid_valid_reg) begin
                m_data_next     = skid_data_reg;
                m_valid_next    = 1'b1;
                m_last_next     = skid_last_reg;
                out_ctrl_next   = 1'b0;
                skid_valid_next = in_accept;
                if (in_accept) begin
                    skid_data_next = s_data;
                    skid_last_next = s_last;
                end
            end else if (in_accept) begin
                m_data_next   = s_data;
                m_valid_next  = 1'b1;
                m_last_next   = s_last;
                out_ctrl_next = 1'b0;
            end else begin
                m_valid_next  = 1'b0;
            end
        end else if (in_accept) begin
            // output stalled: park the byte
            skid_valid_next = 1'b1;
            skid_data_next  = s_data;
            skid_last_next  = s_last;
        end

        in_frame_next    = in_accept ? !s_last : in_frame_reg;
        ctrl_active_next = start || (ctrl_active_reg && !ctrl_last);
        req_ack_next     = start;
        // Accept input next cycle only if it has room and no control frame runs or waits.
        s_ready_next     = !skid_valid_next && !ctrl_active_next && !(req_valid && !in_frame_next);
    end

    fg_crc32 u_crc32 (
        .clk  (clk),
        .rst  (rst),
        .init (crc_init),
        .en   (crc_en),
        .data (byte_reg),  // = ctrl_byte whenever en (bytes 0..59)
        .crc  (crc)
    );

    always @(posedge clk) begin
        if (rst) begin
            m_data_reg       <= 8'd0;
            m_valid_reg      <= 1'b0;
            m_last_reg       <= 1'b0;
            out_ctrl_reg     <= 1'b0;
            skid_data_reg    <= 8'd0;
            skid_last_reg    <= 1'b0;
            skid_valid_reg   <= 1'b0;
            s_ready_reg      <= 1'b0;
            in_frame_reg     <= 1'b0;
            ctrl_active_reg  <= 1'b0;
            idx_reg          <= 6'd0;
            idx_plus1_reg    <= 6'd1;
            time_phase_reg   <= 1'b0;
            byte_reg         <= 8'h01;  // byte 0 of the destination address
            req_ack_reg      <= 1'b0;
            cap_cev_reg      <= 8'd0;
            cap_time_reg     <= 128'd0;
            max4_reg         <= 64'd0;
            max2_reg         <= 32'd0;
            cap_pause_reg    <= 16'd0;
            cap_mode_reg     <= 1'b0;
            cap_gfc_reg      <= 1'b0;
            cap_src_mac_reg  <= 48'd0;
            stat_tx_ctrl_reg <= 1'b0;
        end else begin
            m_data_reg       <= m_data_next;
            m_valid_reg      <= m_valid_next;
            m_last_reg       <= m_last_next;
            out_ctrl_reg     <= out_ctrl_next;
            skid_data_reg    <= skid_data_next;
            skid_last_reg    <= skid_last_next;
            skid_valid_reg   <= skid_valid_next;
            s_ready_reg      <= s_ready_next;
            in_frame_reg     <= in_frame_next;
            ctrl_active_reg  <= ctrl_active_next;
            idx_reg          <= idx_next;
            idx_plus1_reg    <= idx_plus1_next;
            time_phase_reg   <= time_phase_next;
            byte_reg         <= byte_next;
            req_ack_reg      <= req_ack_next;
            cap_cev_reg      <= cap_cev_next;
            cap_time_reg     <= cap_time_next;
            max4_reg         <= max4_next;
            max2_reg         <= max2_next;
            cap_pause_reg    <= cap_pause_next;
            cap_mode_reg     <= cap_mode_next;
            cap_gfc_reg      <= cap_gfc_next;
            cap_src_mac_reg  <= cap_src_mac_next;
            stat_tx_ctrl_reg <= stat_tx_ctrl_next;
        end
    end

    assign req_ack      = req_ack_reg;
    assign s_ready      = s_ready_reg;
    assign m_data       = m_data_reg;
    assign m_valid      = m_valid_reg;
    assign m_last       = m_last_reg;
    assign stat_tx_ctrl = stat_tx_ctrl_reg;

endmodule

`default_nettype wire
