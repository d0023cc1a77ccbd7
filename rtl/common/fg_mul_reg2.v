// fg_mul_reg2 - unsigned multiplier with its operands and its product registered: the product
// of the operands presented before edge e is on p after edge e + 1 (docs/blocks/common.md).
//
//   a, b in the cycle before edge e  ->  a_q, b_q after e  ->  p = a_q * b_q after e + 1
//
// Why a block of its own: ECP5's MULT18X18D takes 3.9 ns from its inputs to its product when
// none of its registers is used, and yosys 0.23 never packs fabric flops into them, so a
// product between two fabric registers fails 156.25 MHz by itself (clock-to-q, two routes
// and the array: 7.3 ns in fg_ecn_mark, 7.2 ns in fg_gfc_time). Under `FG_TECH_ECP5
// (fpga/flow/synth.py defines it for ECP5) the block is one MULT18X18D instantiated with its
// input and output registers, so the array sits between the DSP's own registers and the
// fabric only reaches its input registers (nextpnr times the setup at A/B and the
// clock-to-out at P; the array between the DSP's registers is the device's rating, not a
// path it analyses). Elsewhere (iCE40 and the simulators), and on ECP5 for operands wider
// than 18 bits, the three registers are fabric flops around the product (on the UP5K yosys
// maps the product to SB_MAC16s and, measured at 18 x 16, leaves the flops in the fabric).
// A user whose operand register already exists feeds the operand's next value in, and the
// block's input register replaces it (equal on every edge). All registers reset to 0
// (synchronous); the ECP5 form resets them through RST0 with RESETMODE SYNC and GSR off.
`default_nettype none

module fg_mul_reg2 #(
    parameter integer AW = 18,   // operand a width, 1..32 (the ECP5 DSP: 18 at most)
    parameter integer BW = 18    // operand b width, 1..32
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [AW-1:0]   a,
    input  wire [BW-1:0]   b,
    output wire [AW+BW-1:0] p
);

    generate
        if (AW < 1 || AW > 32) begin : g_bad_aw
            fg_mul_reg2_ERROR_parameter_AW_must_be_1_to_32 u_bad_aw ();
        end
        if (BW < 1 || BW > 32) begin : g_bad_bw
            fg_mul_reg2_ERROR_parameter_BW_must_be_1_to_32 u_bad_bw ();
        end
    endgenerate

`ifdef FG_TECH_ECP5
    localparam integer USE_MULT18 = (AW <= 18 && BW <= 18) ? 1 : 0;
`else
    localparam integer USE_MULT18 = 0;
`endif

    generate
        if (USE_MULT18 == 1) begin : g_mult18
`ifdef FG_TECH_ECP5
            // operands zero-extended to the DSP's 18 bits: an unsigned 18 x 18 product
            wire [AW+17:0] a_wide = {18'd0, a};
            wire [BW+17:0] b_wide = {18'd0, b};
            wire [17:0]    a18 = a_wide[17:0];
            wire [17:0]    b18 = b_wide[17:0];
            wire [35:0] p36;
            MULT18X18D #(
                .REG_INPUTA_CLK("CLK0"), .REG_INPUTA_CE("CE0"), .REG_INPUTA_RST("RST0"),
                .REG_INPUTB_CLK("CLK0"), .REG_INPUTB_CE("CE0"), .REG_INPUTB_RST("RST0"),
                .REG_OUTPUT_CLK("CLK0"), .REG_OUTPUT_CE("CE0"), .REG_OUTPUT_RST("RST0"),
                .GSR("DISABLED"), .RESETMODE("SYNC"),
                .SOURCEB_MODE("B_SHIFT"), .MULT_BYPASS("DISABLED"), .CAS_MATCH_REG("FALSE")
            ) u_mult (
                .A0(a18[0]), .A1(a18[1]), .A2(a18[2]), .A3(a18[3]), .A4(a18[4]), .A5(a18[5]),
                .A6(a18[6]), .A7(a18[7]), .A8(a18[8]), .A9(a18[9]), .A10(a18[10]), .A11(a18[11]),
                .A12(a18[12]), .A13(a18[13]), .A14(a18[14]), .A15(a18[15]), .A16(a18[16]), .A17(a18[17]),
                .B0(b18[0]), .B1(b18[1]), .B2(b18[2]), .B3(b18[3]), .B4(b18[4]), .B5(b18[5]),
                .B6(b18[6]), .B7(b18[7]), .B8(b18[8]), .B9(b18[9]), .B10(b18[10]), .B11(b18[11]),
                .B12(b18[12]), .B13(b18[13]), .B14(b18[14]), .B15(b18[15]), .B16(b18[16]), .B17(b18[17]),
                .C0(1'b0), .C1(1'b0), .C2(1'b0), .C3(1'b0), .C4(1'b0), .C5(1'b0),
                .C6(1'b0), .C7(1'b0), .C8(1'b0), .C9(1'b0), .C10(1'b0), .C11(1'b0),
                .C12(1'b0), .C13(1'b0), .C14(1'b0), .C15(1'b0), .C16(1'b0), .C17(1'b0),
                .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
                .CLK0(clk), .CLK1(1'b0), .CLK2(1'b0), .CLK3(1'b0),
                .CE0(1'b1), .CE1(1'b0), .CE2(1'b0), .CE3(1'b0),
                .RST0(rst), .RST1(1'b0), .RST2(1'b0), .RST3(1'b0),
                .P0(p36[0]), .P1(p36[1]), .P2(p36[2]), .P3(p36[3]), .P4(p36[4]), .P5(p36[5]),
                .P6(p36[6]), .P7(p36[7]), .P8(p36[8]), .P9(p36[9]), .P10(p36[10]), .P11(p36[11]),
                .P12(p36[12]), .P13(p36[13]), .P14(p36[14]), .P15(p36[15]), .P16(p36[16]), .P17(p36[17]),
                .P18(p36[18]), .P19(p36[19]), .P20(p36[20]), .P21(p36[21]), .P22(p36[22]), .P23(p36[23]),
                .P24(p36[24]), .P25(p36[25]), .P26(p36[26]), .P27(p36[27]), .P28(p36[28]), .P29(p36[29]),
                .P30(p36[30]), .P31(p36[31]), .P32(p36[32]), .P33(p36[33]), .P34(p36[34]), .P35(p36[35])
            );
            assign p = p36[AW+BW-1:0];
`endif
        end else begin : g_fabric
            reg  [AW-1:0]    a_q_reg;
            reg  [BW-1:0]    b_q_reg;
            reg  [AW+BW-1:0] p_reg;
            wire [AW+BW-1:0] p_next = {{BW{1'b0}}, a_q_reg} * {{AW{1'b0}}, b_q_reg};
            always @(posedge clk) begin
                if (rst) begin
                    a_q_reg <= {AW{1'b0}};
                    b_q_reg <= {BW{1'b0}};
                    p_reg   <= {(AW+BW){1'b0}};
                end else begin
                    a_q_reg <= a;
                    b_q_reg <= b;
                    p_reg   <= p_next;
                end
            end
            assign p = p_reg;
        end
    endgenerate

endmodule

`default_nettype wire
