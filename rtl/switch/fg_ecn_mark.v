// fg_ecn_mark - ECN marking by RED on the instantaneous egress queue (SPEC 7/9, the congestion
// point of DCQCN), one decision per cycle through a pipeline: the marker of the line-rate
// switch core, which admits one packet per cycle (fg_bm_pipe; docs/blocks/ecn_mark.md).
//
// The rule is fg_ecn_red's (per-port form, one decision per ingress port per edge): for a
// packet of priority p to egress port o, with q = the length of EQ(o,p):
//   not ECN-capable, p >= N_PRIO or cfg_prio_mask[p] = 0  -> no mark
//   q >= cfg_kmax                                         -> mark
//   q <= cfg_kmin                                         -> no mark
//   else mark when rnd < (q - kmin) * cfg_slope           (Q0.32; a product >= 2^32 marks)
// What differs is the schedule. An input sampled on edge 1 (in_valid, in_prio, in_ect) gives
// its mark after edge 6 (the C twin's FG_ECN_MARK_LATENCY), every stage a register apart:
//   edge 1  eligibility, the draw (the LFSR's value; it steps)
//   edge 2  (the queue length in_q: the user's register, presented in the cycle before edge 3;
//           the line-rate core's is fg_bm_pipe's adm_eq_cnt, the EQ as it stood before edge 2)
//   edge 3  d = q - kmin, q >= kmax, q <= kmin
//   edge 4  the two halves of the product: d * slope[15:0], d * slope[31:16]
//   edge 5  prob = lo + (hi << 16)
//   edge 6  mark = eligible && (q >= kmax || (q > kmin && (prob >= 2^32 || rnd < prob)))
// A new input every edge is allowed (throughput one decision per cycle). The LFSR steps on
// every in_valid, eligible or not, so the draws do not depend on the queues; it loads cfg_seed
// on cfg_seed_load (priority over a step) and RESET_SEED on reset (fg_lfsr, a zero seed
// becomes 1). The mask and thresholds are registered once (cq_*) and each stage reads the
// registered copy: a stage uses the value presented one edge before it. Until 2026-11-27 the
// block read q itself on edge 2 from every EQ's count (an N*P-way AND-OR: the 8x8 marker's
// worst path); the buffer manager's egress lane holds the verdict's EQ anyway. The slope is
// registered the same way, in the multipliers' input registers: edges 3 and 4 are two
// fg_mul_reg2 (on ECP5 each one MULT18X18D with its input and output registers; the array
// between fabric flops was this block's worst path, 3.9 ns of 7.3). The C twin is
// cmodel/switch/ecn_mark.c.
`default_nettype none

module fg_ecn_mark #(
    parameter integer N_PRIO     = 2,   // 1..8
    parameter integer CW         = 18,  // cell-count width, 1..31
    parameter [31:0]  RESET_SEED = 32'h0000_0002
) (
    input  wire                         clk,
    input  wire                         rst,
    // configuration
    input  wire [N_PRIO-1:0]            cfg_prio_mask,
    input  wire [CW-1:0]                cfg_kmin,
    input  wire [CW-1:0]                cfg_kmax,
    input  wire [31:0]                  cfg_slope,
    input  wire [31:0]                  cfg_seed,
    input  wire                         cfg_seed_load,
    // one packet to decide (the core: an admission verdict)
    input  wire                         in_valid,
    input  wire [2:0]                   in_prio,
    input  wire                         in_ect,
    // the length of the input's EQ, presented after its edge 2 and read on edge 3 (a register
    // of the user's, loaded on edge 2)
    input  wire [CW-1:0]                in_q,
    // the decision of the input sampled LATENCY (6) edges before (registered)
    output wire                         mark
);

    localparam integer PL = CW + 16;  // a half product's width

    generate
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_n_prio
            fg_ecn_mark_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (CW < 1 || CW > 31) begin : g_bad_cw
            fg_ecn_mark_parameter_CW_must_be_1_to_31 u_param_error ();
        end
    endgenerate

    // The thresholds and mask are registered once before any logic reads them, so no path
    // starts at the register block elsewhere on the chip: a new value acts one edge later.
    // cfg_slope goes to the multipliers' input registers (the same one edge), the seed and
    // its load strobe to the LFSR directly.
    reg  [N_PRIO-1:0] cq_prio_mask_reg;
    reg  [CW-1:0]     cq_kmin_reg, cq_kmax_reg;
    always @(posedge clk) begin
        if (rst) begin
            cq_prio_mask_reg <= {N_PRIO{1'b0}};
            cq_kmin_reg      <= {CW{1'b0}};
            cq_kmax_reg      <= {CW{1'b0}};
        end else begin
            cq_prio_mask_reg <= cfg_prio_mask;
            cq_kmin_reg      <= cfg_kmin;
            cq_kmax_reg      <= cfg_kmax;
        end
    end

    // The mask over all eight priority codes: codes >= N_PRIO are never marked.
    wire [7:0] prio_mask8;
    generate
        if (N_PRIO < 8) begin : g_mask_pad
            assign prio_mask8 = {{(8-N_PRIO){1'b0}}, cq_prio_mask_reg};
        end else begin : g_mask_full
            assign prio_mask8 = cq_prio_mask_reg[7:0];
        end
    endgenerate

    wire [31:0] rnd;
    // the value one step on: not needed here (the marker draws the value of its cycle)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] lfsr_step_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    fg_lfsr #(
        .RESET_SEED (RESET_SEED)
    ) u_lfsr (
        .clk   (clk),
        .rst   (rst),
        .load  (cfg_seed_load),
        .seed  (cfg_seed),
        .step  (in_valid),
        .value (rnd),
        .value_step (lfsr_step_unused)
    );

    // ---- stage registers (s<k>: after edge k) -------------------------------------------
    reg           s1_elig_reg, s2_elig_reg, s3_elig_reg, s4_elig_reg, s5_elig_reg;
    reg  [31:0]   s1_rnd_reg, s2_rnd_reg, s3_rnd_reg, s4_rnd_reg, s5_rnd_reg;
    reg           s3_ge_reg, s3_le_reg, s4_ge_reg, s4_le_reg, s5_ge_reg, s5_le_reg;
    wire [PL-1:0] s4_lo, s4_hi;       // the half products after edge 4 (fg_mul_reg2's registers)
    reg  [CW+31:0] s5_prob_reg;
    reg           mark_reg;

    // ---- next-state logic -----------------------------------------------------------------
    // edge 1: the eligibility (a priority >= N_PRIO is never in the mask)
    wire          s1_elig_next = in_valid && in_ect && prio_mask8[in_prio];

    // edge 3: the offset into the band and the two compares
    wire [CW-1:0] s3_d_next  = in_q - cq_kmin_reg;
    wire          s3_ge_next = in_q >= cq_kmax_reg;
    wire          s3_le_next = in_q <= cq_kmin_reg;

    // edges 3 and 4: d and the slope's halves into the multipliers' input registers, the half
    // products d * slope[15:0] and d * slope[31:16] into their output registers (each an
    // 18x18 DSP at CW <= 18)
    fg_mul_reg2 #(.AW(CW), .BW(16)) u_mul_lo (
        .clk (clk), .rst (rst), .a (s3_d_next), .b (cfg_slope[15:0]), .p (s4_lo)
    );
    fg_mul_reg2 #(.AW(CW), .BW(16)) u_mul_hi (
        .clk (clk), .rst (rst), .a (s3_d_next), .b (cfg_slope[31:16]), .p (s4_hi)
    );

    // edge 5: their sum, Q(CW).32
    wire [CW+31:0] s5_prob_next = {{16{1'b0}}, s4_lo} + {s4_hi, 16'd0};

    // edge 6: the decision
    wire          s6_sat = |s5_prob_reg[CW+31:32];
    wire          mark_next = s5_elig_reg && (s5_ge_reg || (!s5_le_reg && (s6_sat || (s5_rnd_reg < s5_prob_reg[31:0]))));

    // ---- flops ----------------------------------------------------------------------------
    always @(posedge clk) begin
        if (rst) begin
            s1_elig_reg <= 1'b0;
            s2_elig_reg <= 1'b0;
            s3_elig_reg <= 1'b0;
            s4_elig_reg <= 1'b0;
            s5_elig_reg <= 1'b0;
            s1_rnd_reg  <= 32'd0;
            s2_rnd_reg  <= 32'd0;
            s3_rnd_reg  <= 32'd0;
            s4_rnd_reg  <= 32'd0;
            s5_rnd_reg  <= 32'd0;
            s3_ge_reg   <= 1'b0;
            s3_le_reg   <= 1'b0;
            s4_ge_reg   <= 1'b0;
            s4_le_reg   <= 1'b0;
            s5_ge_reg   <= 1'b0;
            s5_le_reg   <= 1'b0;
            s5_prob_reg <= {(CW+32){1'b0}};
            mark_reg    <= 1'b0;
        end else begin
            s1_elig_reg <= s1_elig_next;
            s1_rnd_reg  <= rnd;
            s2_elig_reg <= s1_elig_reg;
            s2_rnd_reg  <= s1_rnd_reg;
            s3_elig_reg <= s2_elig_reg;
            s3_rnd_reg  <= s2_rnd_reg;
            s3_ge_reg   <= s3_ge_next;
            s3_le_reg   <= s3_le_next;
            s4_elig_reg <= s3_elig_reg;
            s4_rnd_reg  <= s3_rnd_reg;
            s4_ge_reg   <= s3_ge_reg;
            s4_le_reg   <= s3_le_reg;
            s5_elig_reg <= s4_elig_reg;
            s5_rnd_reg  <= s4_rnd_reg;
            s5_ge_reg   <= s4_ge_reg;
            s5_le_reg   <= s4_le_reg;
            s5_prob_reg <= s5_prob_next;
            mark_reg    <= mark_next;
        end
    end

    assign mark = mark_reg;

endmodule

`default_nettype wire
