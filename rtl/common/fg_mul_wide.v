// fg_mul_wide - unsigned multiplier for operands up to 36 x 36 bits, pipelined so that every
// stage is one DSP product or one carry chain between registers: the product of the operands
// presented in cycle c is on p in cycle c + 4 (after four edges), a new pair every cycle
// (docs/blocks/common.md, "fg_mul_wide").
//
//   edge 1, 2   each operand split into 18-bit halves (a = a1:a0, b = b1:b0), each half product
//               an fg_mul_reg2 (on ECP5 one MULT18X18D with its input and output registers)
//   edge 3      s_lo = a0*b0 + (a0*b1 << 18), s_hi = (a1*b0 << 18) + (a1*b1 << 36): two adders
//   edge 4      p = s_lo + s_hi
//
// Why: fg_mul_reg2 holds one 18 x 18 DSP; the products of P-PFC's line-rate engine (T times
// the buffer's growth, R times a queue, the LFSR times a share sum, the pause time's two
// factors) are 16..36 bits wide, and a wider `*` between two fabric registers is the 7 ns path
// fg_mul_reg2 exists to avoid. Half products that are zero by the widths (AW or BW <= 18) are
// not built; the latency is 4 whatever the widths, so a user's schedule does not depend on
// them. The C twins model the product as a 4-deep delay line of exact products. All registers
// reset to 0 (synchronous).
`default_nettype none

module fg_mul_wide #(
    parameter integer AW = 36,   // operand a width, 1..36
    parameter integer BW = 36    // operand b width, 1..36
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [AW-1:0]    a,
    input  wire [BW-1:0]    b,
    output wire [AW+BW-1:0] p
);

    generate
        if (AW < 1 || AW > 36) begin : g_bad_aw
            fg_mul_wide_ERROR_parameter_AW_must_be_1_to_36 u_bad_aw ();
        end
        if (BW < 1 || BW > 36) begin : g_bad_bw
            fg_mul_wide_ERROR_parameter_BW_must_be_1_to_36 u_bad_bw ();
        end
    endgenerate

    localparam integer PWID = AW + BW;
    localparam integer A0W  = (AW > 18) ? 18 : AW;
    localparam integer B0W  = (BW > 18) ? 18 : BW;
    localparam integer A1W  = (AW > 18) ? AW - 18 : 1;   // 1: unused placeholder width
    localparam integer B1W  = (BW > 18) ? BW - 18 : 1;

    wire [A0W-1:0] a0 = a[A0W-1:0];
    wire [B0W-1:0] b0 = b[B0W-1:0];
    wire [A0W+B0W-1:0] p00;
    wire [PWID-1:0] p01_w, p10_w, p11_w;   // the other half products, shifted into place

    fg_mul_reg2 #(.AW(A0W), .BW(B0W)) u_p00 (.clk(clk), .rst(rst), .a(a0), .b(b0), .p(p00));

    generate
        if (BW > 18) begin : g_b1
            wire [B1W-1:0] b1 = b[BW-1:18];
            wire [A0W+B1W-1:0] p01;
            fg_mul_reg2 #(.AW(A0W), .BW(B1W)) u_p01 (.clk(clk), .rst(rst), .a(a0), .b(b1), .p(p01));
            assign p01_w = {{(PWID-A0W-B1W){1'b0}}, p01} << 18;
        end else begin : g_no_b1
            assign p01_w = {PWID{1'b0}};
        end
        if (AW > 18) begin : g_a1
            wire [A1W-1:0] a1 = a[AW-1:18];
            wire [A1W+B0W-1:0] p10;
            fg_mul_reg2 #(.AW(A1W), .BW(B0W)) u_p10 (.clk(clk), .rst(rst), .a(a1), .b(b0), .p(p10));
            assign p10_w = {{(PWID-A1W-B0W){1'b0}}, p10} << 18;
        end else begin : g_no_a1
            assign p10_w = {PWID{1'b0}};
        end
        if (AW > 18 && BW > 18) begin : g_a1b1
            wire [A1W-1:0] a1 = a[AW-1:18];
            wire [B1W-1:0] b1 = b[BW-1:18];
            wire [A1W+B1W-1:0] p11;
            fg_mul_reg2 #(.AW(A1W), .BW(B1W)) u_p11 (.clk(clk), .rst(rst), .a(a1), .b(b1), .p(p11));
            assign p11_w = {p11, 36'd0};
        end else begin : g_no_a1b1
            assign p11_w = {PWID{1'b0}};
        end
    endgenerate

    wire [PWID-1:0] p00_w;
    generate
        if (AW > 18 || BW > 18) begin : g_p00_pad
            assign p00_w = {{(PWID-A0W-B0W){1'b0}}, p00};
        end else begin : g_p00_full
            assign p00_w = p00;
        end
    endgenerate

    reg  [PWID-1:0] s_lo_reg, s_hi_reg, p_reg;
    wire [PWID-1:0] s_lo_next = p00_w + p01_w;
    wire [PWID-1:0] s_hi_next = p10_w + p11_w;
    wire [PWID-1:0] p_next    = s_lo_reg + s_hi_reg;

    always @(posedge clk) begin
        if (rst) begin
            s_lo_reg <= {PWID{1'b0}};
            s_hi_reg <= {PWID{1'b0}};
            p_reg    <= {PWID{1'b0}};
        end else begin
            s_lo_reg <= s_lo_next;
            s_hi_reg <= s_hi_next;
            p_reg    <= p_next;
        end
    end

    assign p = p_reg;

endmodule

`default_nettype wire
