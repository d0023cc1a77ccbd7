// fg_pfc_rx - IEEE 802.1Qbb PFC / 802.3x PAUSE receive parser on an 8-bit byte stream.
//
// Taps the receive stream (s_data, s_valid, s_last; s_last marks the last FCS byte; s_last
// without s_valid is ignored). For every frame it gives one registered frame_done pulse with
// frame_status (docs/ARCHITECTURE.md 5.4), the first rule that applies:
//   2 runt (< 64 bytes incl. FCS), 3 bad FCS (CRC residue != 32'hDEBB20E3),
//   6 not MAC control (EtherType != 0x8808), 4 wrong DA (!= 01-80-C2-00-00-01),
//   5 opcode not accepted (not 0x0101, and not 0x0001 with cfg_accept_8023x),
//   0 PFC accepted, 1 PAUSE accepted, 7 GFC accepted (opcode 0x0102 with cfg_accept_gfc;
//   without it a GFC frame is status 5 and changes nothing).
// On 0/1 it also pulses pfc_valid with pfc_cev and pfc_time (PAUSE: cev 8'hFF, all eight
// times equal to the PAUSE time). On 7 it pulses gfc_valid instead of pfc_valid, with the
// GFC frame's vector in pfc_cev and the stage ids in pfc_time (docs/gfc.md). The reserved first byte of the PFC class-enable vector is
// ignored; control frames longer than 64 bytes are accepted (fields sit at fixed offsets and
// the trailing bytes are covered by the FCS). pfc_cev/pfc_time change only on an accepted
// frame; frame_status holds the last verdict. One stat_* pulse per frame, per status.
//
// Timing: the frame whose last byte is taken on edge E gets its verdict on edge E+1.
// Frames may follow each other with no idle cycle, so the CRC register is preset on the
// edge that takes a frame's last byte (E), and the residue is checked on E as well, on the
// value that byte would leave (fg_crc32_byte beside the register), into a pending flag: the
// verdict on E+1 then starts from flops only (a 32-bit compare of the register on E+1, with
// the 136 output enables behind it, was this block's longest path). The header fields of
// the finished frame are still intact on E+1 (the next frame can only have written its byte
// 0 by then); only the pre-FCS verdict and the residue flag need pending registers.
// The C twin is cmodel/mac/pfc_rx.c.
`default_nettype none

module fg_pfc_rx (
    input  wire         clk,
    input  wire         rst,
    // receive byte stream
    input  wire [7:0]   s_data,
    input  wire         s_valid,
    input  wire         s_last,
    // configuration
    input  wire         cfg_accept_8023x,
    input  wire         cfg_accept_gfc,    // accept GFC stage frames (opcode 0x0102)
    // verdict, one per frame
    output wire         frame_done,
    output wire [2:0]   frame_status,
    // decoded flow-control message (accepted frames only)
    output wire         pfc_valid,
    output wire [7:0]   pfc_cev,
    output wire [127:0] pfc_time,
    output wire         gfc_valid,         // pulse: a GFC frame was accepted (status 7)
    // counters
    output wire         stat_pfc,
    output wire         stat_pause,
    output wire         stat_runt,
    output wire         stat_bad_fcs,
    output wire         stat_bad_da,
    output wire         stat_bad_opcode,
    output wire         stat_not_ctrl,
    output wire         stat_gfc
);

    localparam [2:0] ST_PFC        = 3'd0;
    localparam [2:0] ST_PAUSE      = 3'd1;
    localparam [2:0] ST_RUNT       = 3'd2;
    localparam [2:0] ST_BAD_FCS    = 3'd3;
    localparam [2:0] ST_BAD_DA     = 3'd4;
    localparam [2:0] ST_BAD_OPCODE = 3'd5;
    localparam [2:0] ST_NOT_CTRL   = 3'd6;
    localparam [2:0] ST_GFC        = 3'd7;

    localparam [6:0]  LEN_SAT   = 7'd64;   // byte counter saturates: only "< 64" matters
    localparam [6:0]  MIN_LAST  = 7'd63;   // index of the last byte of a 64-byte frame
    localparam [47:0] PFC_DA    = 48'h0180_C200_0001;
    localparam [31:0] RESIDUE   = 32'hDEBB_20E3;

    // ---- frame being received ------------------------------------------------------------
    reg  [6:0]   len_reg, len_next;          // bytes taken so far (= index of the next byte)
    reg          da_ok_reg, da_ok_next;
    reg  [15:0]  ethertype_reg, ethertype_next;
    reg  [15:0]  opcode_reg, opcode_next;
    reg  [15:0]  param_reg, param_next;      // bytes 16..17: {reserved, cev} or PAUSE time
    reg  [127:0] time_reg, time_next;        // bytes 18..33 in frame order: time[n] at
                                             // [(7-n)*16 +: 16]

    // ---- verdict pending for the next edge ---------------------------------------------------
    reg          pend_reg, pend_next;
    reg  [2:0]   pend_status_reg, pend_status_next;
    reg          pend_crc_ok_reg, pend_crc_ok_next;  // the frame left the residue
    reg          pend_take_reg, pend_take_next;      // >= 64 bytes, header of PFC/PAUSE/GFC
    reg          pend_pause_reg, pend_pause_next;    // header of an accepted PAUSE
    reg          pend_gfc_reg, pend_gfc_next;        // header of an accepted GFC frame

    // ---- registered outputs -------------------------------------------------------------------
    reg          frame_done_reg, frame_done_next;
    reg  [2:0]   frame_status_reg, frame_status_next;
    reg          pfc_valid_reg, pfc_valid_next;
    reg  [7:0]   pfc_cev_reg, pfc_cev_next;
    reg  [127:0] pfc_time_reg, pfc_time_next;
    reg          gfc_valid_reg, gfc_valid_next;
    reg  [7:0]   stat_reg, stat_next;        // one bit per status 0..7

    // ---- the CRC register and the residue check on the last byte ---------------------------
    wire [31:0]  crc;            // CRC of the frame's bytes so far
    wire [31:0]  crc_with_byte;  // ... and of s_data
    wire         frame_end = s_valid && s_last;

    fg_crc32 u_crc (
        .clk  (clk),
        .rst  (rst),
        .init (frame_end),   // preset by the last byte: the next frame may start on E+1
        .en   (s_valid),
        .data (s_data),
        .crc  (crc)
    );

    fg_crc32_byte u_crc_last (
        .crc_in  (crc),
        .data    (s_data),
        .crc_out (crc_with_byte)
    );

    // ---- field capture and pre-FCS verdict ---------------------------------------------------
    reg  [2:0]   hdr_status;   // verdict of a >= 64-byte frame, before its FCS is known
    // len_reg is 18..33 (a time byte), decoded from the bits: 0b001_0010 .. 0b010_0001
    wire         len_times = ((len_reg[6:4] == 3'b001) && (len_reg[3:1] != 3'b000))
                           || (len_reg[6:1] == 6'b010000);

    always @* begin
        if (ethertype_reg != 16'h8808) begin
            hdr_status = ST_NOT_CTRL;
        end else if (!da_ok_reg) begin
            hdr_status = ST_BAD_DA;
        end else if (opcode_reg == 16'h0101) begin
            hdr_status = ST_PFC;
        end else if (opcode_reg == 16'h0001 && cfg_accept_8023x) begin
            hdr_status = ST_PAUSE;
        end else if (opcode_reg == 16'h0102 && cfg_accept_gfc) begin
            hdr_status = ST_GFC;
        end else begin
            hdr_status = ST_BAD_OPCODE;
        end
    end

    always @* begin
        len_next         = len_reg;
        da_ok_next       = da_ok_reg;
        ethertype_next   = ethertype_reg;
        opcode_next      = opcode_reg;
        param_next       = param_reg;
        time_next        = time_reg;
        pend_next        = 1'b0;
        pend_status_next = pend_status_reg;
        pend_crc_ok_next = pend_crc_ok_reg;
        pend_take_next   = pend_take_reg;
        pend_pause_next  = pend_pause_reg;
        pend_gfc_next    = pend_gfc_reg;

        if (s_valid) begin
            case (len_reg)
                7'd0:    da_ok_next = (s_data == PFC_DA[47:40]);
                7'd1:    da_ok_next = da_ok_reg && (s_data == PFC_DA[39:32]);
                7'd2:    da_ok_next = da_ok_reg && (s_data == PFC_DA[31:24]);
                7'd3:    da_ok_next = da_ok_reg && (s_data == PFC_DA[23:16]);
                7'd4:    da_ok_next = da_ok_reg && (s_data == PFC_DA[15:8]);
                7'd5:    da_ok_next = da_ok_reg && (s_data == PFC_DA[7:0]);
                7'd12:   ethertype_next[15:8] = s_data;
                7'd13:   ethertype_next[7:0]  = s_data;
                7'd14:   opcode_next[15:8]    = s_data;
                7'd15:   opcode_next[7:0]     = s_data;
                7'd16:   param_next[15:8]     = s_data;
                7'd17:   param_next[7:0]      = s_data;
                default: ;
            endcase
            // bytes 18..33 (time[0] first, each MSB first) shift in at the bottom, so the
            // frame's times end in frame order with time[0] at [127:112]; no byte select
            // from len_reg (whose decode into a write index was this block's longest path)
            if (len_times) begin
                time_next = {time_reg[119:0], s_data};
            end

            if (s_last) begin
                pend_next        = 1'b1;
                pend_status_next = (len_reg < MIN_LAST) ? ST_RUNT : hdr_status;
                pend_crc_ok_next = (crc_with_byte == RESIDUE);
                // the accepted kinds (PFC, PAUSE, GFC), decoded on E for the outputs on E+1
                pend_take_next   = (len_reg >= MIN_LAST) && (hdr_status == ST_PFC
                                   || hdr_status == ST_PAUSE || hdr_status == ST_GFC);
                pend_pause_next  = (hdr_status == ST_PAUSE);
                pend_gfc_next    = (hdr_status == ST_GFC);
                len_next         = 7'd0;
            end else if (len_reg != LEN_SAT) begin
                len_next = len_reg + 7'd1;
            end
        end
    end

    // ---- verdict of the frame that ended on the previous edge --------------------------------
    reg  [2:0]   final_status;
    reg  [127:0] time_by_class;   // time[n] at [n*16 +: 16] (wires only: time_reg reversed)
    integer      n;

    always @* begin
        for (n = 0; n < 8; n = n + 1) begin
            time_by_class[n*16 +: 16] = time_reg[(7-n)*16 +: 16];
        end
        final_status = (pend_status_reg != ST_RUNT && !pend_crc_ok_reg) ? ST_BAD_FCS
                                                                         : pend_status_reg;

        frame_done_next   = pend_reg;
        frame_status_next = frame_status_reg;
        pfc_valid_next    = 1'b0;
        gfc_valid_next    = 1'b0;
        pfc_cev_next      = pfc_cev_reg;
        pfc_time_next     = pfc_time_reg;
        stat_next         = 8'd0;

        if (pend_reg) begin
            frame_status_next = final_status;
            stat_next         = 8'd1 << final_status;
        end
        // accepted frames, from flops only: the header's class (decided on E) and the residue
        if (pend_reg && pend_crc_ok_reg && pend_take_reg) begin
            pfc_valid_next = !pend_gfc_reg;
            gfc_valid_next = pend_gfc_reg;
            // PAUSE: all eight classes with the one time; PFC and GFC (stage ids as times):
            // the vector's low byte (its high byte is reserved: ignored) and the times
            pfc_cev_next   = pend_pause_reg ? 8'hFF : param_reg[7:0];
            pfc_time_next  = pend_pause_reg ? {8{param_reg}} : time_by_class;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            len_reg          <= 7'd0;
            da_ok_reg        <= 1'b0;
            ethertype_reg    <= 16'd0;
            opcode_reg       <= 16'd0;
            param_reg        <= 16'd0;
            time_reg         <= 128'd0;
            pend_reg         <= 1'b0;
            pend_status_reg  <= 3'd0;
            pend_crc_ok_reg  <= 1'b0;
            pend_take_reg    <= 1'b0;
            pend_pause_reg   <= 1'b0;
            pend_gfc_reg     <= 1'b0;
            frame_done_reg   <= 1'b0;
            frame_status_reg <= 3'd0;
            pfc_valid_reg    <= 1'b0;
            gfc_valid_reg    <= 1'b0;
            pfc_cev_reg      <= 8'd0;
            pfc_time_reg     <= 128'd0;
            stat_reg         <= 8'd0;
        end else begin
            len_reg          <= len_next;
            da_ok_reg        <= da_ok_next;
            ethertype_reg    <= ethertype_next;
            opcode_reg       <= opcode_next;
            param_reg        <= param_next;
            time_reg         <= time_next;
            pend_reg         <= pend_next;
            pend_status_reg  <= pend_status_next;
            pend_crc_ok_reg  <= pend_crc_ok_next;
            pend_take_reg    <= pend_take_next;
            pend_pause_reg   <= pend_pause_next;
            pend_gfc_reg     <= pend_gfc_next;
            frame_done_reg   <= frame_done_next;
            frame_status_reg <= frame_status_next;
            pfc_valid_reg    <= pfc_valid_next;
            gfc_valid_reg    <= gfc_valid_next;
            pfc_cev_reg      <= pfc_cev_next;
            pfc_time_reg     <= pfc_time_next;
            stat_reg         <= stat_next;
        end
    end

    assign frame_done      = frame_done_reg;
    assign frame_status    = frame_status_reg;
    assign pfc_valid       = pfc_valid_reg;
    assign pfc_cev         = pfc_cev_reg;
    assign pfc_time        = pfc_time_reg;
    assign stat_pfc        = stat_reg[ST_PFC];
    assign stat_pause      = stat_reg[ST_PAUSE];
    assign stat_runt       = stat_reg[ST_RUNT];
    assign stat_bad_fcs    = stat_reg[ST_BAD_FCS];
    assign stat_bad_da     = stat_reg[ST_BAD_DA];
    assign stat_bad_opcode = stat_reg[ST_BAD_OPCODE];
    assign stat_not_ctrl   = stat_reg[ST_NOT_CTRL];
    assign gfc_valid       = gfc_valid_reg;
    assign stat_gfc        = stat_reg[ST_GFC];

endmodule

`default_nettype wire
