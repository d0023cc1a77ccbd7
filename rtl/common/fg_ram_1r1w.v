// fg_ram_1r1w - a block RAM with one write port and one read port, read latency two edges
// (or one: RD_LAT) (docs/blocks/counter_bank.md, "Block RAM").
//
// Write: we, waddr, wdata in the cycle before edge e -> the word is written at e.
// Read:  raddr in the cycle before edge e -> rdata after edge e + 1 (RD_LAT = 1: after edge
//        e), the word as it was before e. A read at the edge that writes the same address
//        returns an undefined word: a user that can collide bypasses (fg_counter_bank does).
// RD_LAT = 1 is for iCE40-speed users that can give the address only a cycle later
// (fg_cfg_copy LATENCY = 1 in fg_bm_seq): the word comes from the block RAM's own read
// register, and the inferred array is used on ECP5 too (its DP16KD then without the output
// register: ~5.8 ns from the clock, too slow for 156.25 MHz).
// Why two edges: ECP5's DP16KD takes ~5.8 ns from clock to data without its output register
// and ~1 ns with it (nextpnr, speed 6), so at 156.25 MHz nothing can follow the array read in
// the same cycle. yosys 0.23 does not use that register when it infers a DP16KD, so under
// `FG_TECH_ECP5 (fpga/flow/synth.py defines it for ECP5) an AW <= 9 RAM is one DP16KD per 36
// bits of the word, each instantiated in its 36-bit pseudo dual-port form with REGMODE OUTREG
// (the tiles side by side, the same addresses). Elsewhere (iCE40 and
// the simulators) the array is inferred: yosys maps it to SB_RAM40_4K and the second edge is
// a fabric register; the array carries (* no_rw_check *), so yosys adds no logic to define
// the collision the contract leaves undefined (32 iCE40 LUT4 for the counter bank's two
// copies). Contents are not reset.
`default_nettype none

module fg_ram_1r1w #(
    parameter integer W  = 32,   // word width, 1..1024
    parameter integer AW = 6,    // address width, 1..16
    parameter integer RD_LAT = 2 // read latency in edges, 1 or 2
) (
    input  wire          clk,
    input  wire          we,
    input  wire [AW-1:0] waddr,
    input  wire [W-1:0]  wdata,
    input  wire [AW-1:0] raddr,
    output wire [W-1:0]  rdata
);

    generate
        if (W < 1 || W > 1024) begin : g_bad_w
            fg_ram_1r1w_ERROR_parameter_W_must_be_1_to_1024 u_bad_w ();
        end
        if (AW < 1 || AW > 16) begin : g_bad_aw
            fg_ram_1r1w_ERROR_parameter_AW_must_be_1_to_16 u_bad_aw ();
        end
        if (RD_LAT < 1 || RD_LAT > 2) begin : g_bad_rd_lat
            fg_ram_1r1w_ERROR_parameter_RD_LAT_must_be_1_or_2 u_bad_rd_lat ();
        end
    endgenerate

`ifdef FG_TECH_ECP5
    localparam integer USE_DP16KD = (AW <= 9 && RD_LAT == 2) ? 1 : 0;
`else
    localparam integer USE_DP16KD = 0;
`endif

    generate
        if (USE_DP16KD == 1) begin : g_dp16kd
`ifdef FG_TECH_ECP5
            // 512 x 36: the write on port A (ADA[3:0] are the four byte enables), the read on
            // port B, data out on DOA (bits 17:0) and DOB (35:18), both output registers used
            localparam integer NT = (W + 35) / 36;   // tiles of 36 bits
            // zero-extended by truncation (no zero-width replication when W is a multiple of 36)
            wire [NT*36-1:0] wd_all = {{(NT*36){1'b0}}, wdata};
            wire [NT*36-1:0] rd_all;
            wire [8:0]  wa = {9'd0, waddr};
            wire [8:0]  ra = {9'd0, raddr};
            genvar gt;
            for (gt = 0; gt < NT; gt = gt + 1) begin : g_tile
                wire [35:0] di = wd_all[gt*36 +: 36];
                wire [35:0] dout;
                DP16KD #(
                    .DATA_WIDTH_A(36), .DATA_WIDTH_B(36),
                    .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
                    .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
                    .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
                    .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
                    .GSR("AUTO")
                ) u_dp16kd (
                    .CLKA(clk), .WEA(we), .CEA(1'b1), .OCEA(1'b1), .RSTA(1'b0),
                    .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),
                    .ADA0(1'b1), .ADA1(1'b1), .ADA2(1'b1), .ADA3(1'b1), .ADA4(1'b0),
                    .ADA5(wa[0]), .ADA6(wa[1]), .ADA7(wa[2]), .ADA8(wa[3]), .ADA9(wa[4]),
                    .ADA10(wa[5]), .ADA11(wa[6]), .ADA12(wa[7]), .ADA13(wa[8]),
                    .DIA0(di[0]), .DIA1(di[1]), .DIA2(di[2]), .DIA3(di[3]), .DIA4(di[4]),
                    .DIA5(di[5]), .DIA6(di[6]), .DIA7(di[7]), .DIA8(di[8]), .DIA9(di[9]),
                    .DIA10(di[10]), .DIA11(di[11]), .DIA12(di[12]), .DIA13(di[13]),
                    .DIA14(di[14]), .DIA15(di[15]), .DIA16(di[16]), .DIA17(di[17]),
                    .DIB0(di[18]), .DIB1(di[19]), .DIB2(di[20]), .DIB3(di[21]), .DIB4(di[22]),
                    .DIB5(di[23]), .DIB6(di[24]), .DIB7(di[25]), .DIB8(di[26]), .DIB9(di[27]),
                    .DIB10(di[28]), .DIB11(di[29]), .DIB12(di[30]), .DIB13(di[31]),
                    .DIB14(di[32]), .DIB15(di[33]), .DIB16(di[34]), .DIB17(di[35]),
                    .CLKB(clk), .WEB(1'b0), .CEB(1'b1), .OCEB(1'b1), .RSTB(1'b0),
                    .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),
                    .ADB0(1'b0), .ADB1(1'b0), .ADB2(1'b0), .ADB3(1'b0), .ADB4(1'b0),
                    .ADB5(ra[0]), .ADB6(ra[1]), .ADB7(ra[2]), .ADB8(ra[3]), .ADB9(ra[4]),
                    .ADB10(ra[5]), .ADB11(ra[6]), .ADB12(ra[7]), .ADB13(ra[8]),
                    .DOA0(dout[0]), .DOA1(dout[1]), .DOA2(dout[2]), .DOA3(dout[3]),
                    .DOA4(dout[4]), .DOA5(dout[5]), .DOA6(dout[6]), .DOA7(dout[7]),
                    .DOA8(dout[8]), .DOA9(dout[9]), .DOA10(dout[10]), .DOA11(dout[11]),
                    .DOA12(dout[12]), .DOA13(dout[13]), .DOA14(dout[14]), .DOA15(dout[15]),
                    .DOA16(dout[16]), .DOA17(dout[17]),
                    .DOB0(dout[18]), .DOB1(dout[19]), .DOB2(dout[20]), .DOB3(dout[21]),
                    .DOB4(dout[22]), .DOB5(dout[23]), .DOB6(dout[24]), .DOB7(dout[25]),
                    .DOB8(dout[26]), .DOB9(dout[27]), .DOB10(dout[28]), .DOB11(dout[29]),
                    .DOB12(dout[30]), .DOB13(dout[31]), .DOB14(dout[32]), .DOB15(dout[33]),
                    .DOB16(dout[34]), .DOB17(dout[35])
                );
                assign rd_all[gt*36 +: 36] = dout;
            end
            assign rdata = rd_all[W-1:0];
`endif
        end else begin : g_infer
            (* no_rw_check *) reg [W-1:0] mem [0:(1 << AW) - 1];
            reg [W-1:0] q1_reg;      // the array's read register (in the block RAM)
            reg [W-1:0] q2_reg;      // the second edge (fabric; unused at RD_LAT = 1)
            always @(posedge clk) begin
                if (we)
                    mem[waddr] <= wdata;
                q1_reg <= mem[raddr];
            end
            always @(posedge clk)
                q2_reg <= q1_reg;
            assign rdata = (RD_LAT == 1) ? q1_reg : q2_reg;
        end
    endgenerate

endmodule

`default_nettype wire
