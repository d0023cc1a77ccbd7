// fg_gfc_time - time-based GFC rate adjuster of one transmit queue on a credit-based link
// (docs/blocks/gfc_time.md, SPEC sections 3 and 5).
//
// Every cfg_period cycles (T_fc) it samples the free space the receiver advertises,
// r = (FCCL - FCTBS) mod 2^12 blocks, and on the next edge turns it into the sending rate
//   rate = C * min(1, r / (B_m - B_0))  =  min(0x10000, (r * cfg_recip + 2^11) >> 12)  (Q1.16)
// where cfg_recip = round(2^28 / (B_m - B_0)) (B_m - B_0 in blocks) is programmed by
// firmware, so the hardware multiplies and shifts but never divides. Rounding both the
// reciprocal and the product keeps the rate within one Q1.16 step of the exact value. The rate feeds the
// token-bucket mode of fg_rate_limiter (cfg_rate). cfg_enable = 0 outputs line rate
// (0x10000) and leaves the credits alone to guard the buffer, as plain CBFC.
// The period counter counts down from P - 1; a tick comes when it is 0 or when P was lowered
// below it (a shorter period acts at once); P 0 acts as 1. P is cfg_period of three edges
// before (registered three times; 1 after reset).
// Registered outputs: rate, free_blocks (the last r), stat_update (a new rate, every
// T_fc), stat_full (it was capped at line rate), stat_zero (no free credit: rate 0).
// After reset rate = line rate and the first sample is taken on the first edge.
//
// PIPE (0, 1 or 2) trades latency for clock rate. PIPE = 0: the 12x24 multiply, rounding and
// saturation run in the edge after the sample. PIPE = 1: that edge only registers the two
// 12x12 partial products r*recip[11:0] and r*recip[23:12] (with cfg_enable and r == 0 as
// they are then); the next edge adds them (a 24-bit add: the low 11 bits of the first
// product only matter through the rounding bit) and saturates. rate, stat_update,
// stat_full and stat_zero therefore come exactly one edge later than at PIPE = 0, with the
// same values; free_blocks does not move. Samples on consecutive edges (period 0 or 1)
// flow through the pipeline one per edge. PIPE = 2: as PIPE = 1 with the sum registered
// before the saturation (one more edge: rate 4 edges after the tick), and cfg_recip
// registered once on its way to the multipliers, so the products use the cfg_recip of the
// tick's edge (PIPE 0 and 1: of the edge after it).
// Logic form per device (docs/synthesis.md "Logic forms per device"): the count-down compares
// are LUT compares by default (iCE40) and subtraction borrows (chains) under FG_ECP5_FORMS
// (which the synthesis flow defines for ECP5); the same function.
// The C twin is cmodel/mac/gfc_time.c.
`default_nettype none

module fg_gfc_time #(
    parameter integer PIPE = 0        // 0: rate 2 edges after the tick; 1: 3 edges; 2: 4 edges
) (
    input  wire        clk,
    input  wire        rst,
    // configuration
    input  wire        cfg_enable,
    input  wire [23:0] cfg_period,    // T_fc, cycles
    input  wire [23:0] cfg_recip,     // round(2^28 / (B_m - B_0)), B_m - B_0 in blocks
    // credit state of this link (fg_cbfc_tx)
    input  wire [11:0] fccl,
    input  wire [11:0] fctbs,
    // result
    output wire [16:0] rate,          // Q1.16 of line rate
    output wire [11:0] free_blocks,
    output wire        stat_update,
    output wire        stat_full,
    output wire        stat_zero
);

    generate
        if (PIPE < 0 || PIPE > 2) begin : g_bad_pipe
            fg_gfc_time_PIPE_must_be_0_to_2 u_param_error ();
        end
    endgenerate

    localparam [16:0] LINE_RATE = 17'h10000;

    // The tick is a register and the counter is kept as decm1 = cnt - 2 (mod 2^24), with
    // P - 3 registered beside it: "cnt == 0 or cnt >= P" for the next cycle is
    // cnt' - 1 >= P' - 1 (cnt 0 gives 2^24 - 1, above any P - 1), where cnt' - 1 is P - 2
    // after a tick and decm1 otherwise, and P' - 1 is already in pm1n (P - 1 one stage
    // ahead): two compares, the tick selecting which; the reload of decm1 is P - 3 or its
    // decrement, selected by the tick. cfg_period is registered as max(cfg_period, 1) (pq)
    // and, beside it, as that minus 1 (pqm1); P - 2 and P - 3 are formed from pq (pm2n, pm3n),
    // P - 1 is pqm1 one edge on (pm1n), P - 3 is registered once more (pm3): a new period
    // acts three edges after it is presented. The after-a-tick compare (P - 2 >= P' - 1)
    // reads configuration registers only, so it is made one edge ahead and registered
    // (tat_reg, from pm2n and pqm1: the values P - 2 and pm1n hold after the edge); only the
    // count-down compare (decm1 >= pm1n) is in the edge. (P - 1 and the two compares formed
    // from cfg_period in the edge were the NIC core's worst path once PFT's was cut, 135 MHz
    // on ECP5; the compare in front of the tick's selects then was, 36 MHz on iCE40UP5K; the
    // after-a-tick compare, built by yosys as wide LUTs behind the other one's chain, was
    // this block's once its products were in registered DSPs, 145 MHz.)
    reg  [23:0] decm1_reg, decm1_next;
    reg         tick_reg, tick_next;
    reg  [23:0] pq_reg, pqm1_reg, pm2n_reg, pm3n_reg, pm3_reg;
    // (read by the ECP5 form's compare only: the iCE40 form keeps ~pm1n in flops of its own)
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [23:0] pm1n_reg;
    /* verilator lint_on UNUSEDSIGNAL */
    reg         tat_reg;
    // P' = max(P, 1) and P' - 1, written as an OR and an AND with the zero test, not as
    // selects of a constant: yosys made those selects the flops' synchronous set/reset, the
    // zero test's LUT tree merged with rst into one reset net on a global buffer (the NIC
    // core's worst path on iCE40UP5K in one seed of three, 23.9 ns of 20.8)
    wire        period_zero = (cfg_period == 24'd0);
    wire [23:0] pq_next   = {cfg_period[23:1], cfg_period[0] | period_zero};
    wire [23:0] pqm1_next = (cfg_period - 24'd1) & {24{!period_zero}};         // pq_next - 1
    wire        tat_next;                           // P - 2 >= P' - 1 as they stand after the edge
    wire [23:0] pm2n_next = pq_reg - 24'd2;
    wire [23:0] pm3n_next = pq_reg - 24'd3;
    reg         sample_reg;
    reg  [11:0] free_reg, free_next;
    reg  [16:0] rate_reg, rate_next;
    reg         stat_update_reg, stat_full_reg, stat_zero_reg;
    reg         full_next, zero_next;
    wire        tick = tick_reg;
    wire        tk_after_tick = tat_reg;                 // next cycle's tick if this one ticks
    // and if it counts down; kept as a net so the tick is one LUT behind the compare's chain
    // (yosys otherwise merged the select into a second level: 46 MHz on iCE40UP5K, 53 kept)
    // On ECP5 written (with tat_next's compare) as the borrow of a subtraction, so yosys builds
    // one carry chain (as `>=` it built three LUT levels and a wide-mux tree: the NIC core's
    // worst path in one seed of three, 151 MHz; the block alone 181 -> 187 MHz); on iCE40 the
    // LUT form is faster (52.9 against 49.4 MHz for the block alone). The same function;
    // FG_ECP5_FORMS picks the ECP5 form, in synthesis for ECP5 and in simulation (its lock-step
    // builds: gfc_time_pipe2_chain in mk/gfc.mk, nic_core_at_ri_ecp5 in mk/nic_core.mk).
    (* keep *) wire tk_after_dec;
`ifdef FG_ECP5_FORMS
    localparam integer CMP_CHAIN = 1;
`else
    localparam integer CMP_CHAIN = 0;
`endif
    generate
        if (CMP_CHAIN == 1) begin : g_cmp_chain
            wire [24:0] diff = {1'b0, decm1_reg} - {1'b0, pm1n_reg};
            wire [24:0] tat_diff = {1'b0, pm2n_reg} - {1'b0, pqm1_reg};
            assign tk_after_dec = !diff[24];
            assign tat_next     = !tat_diff[24];
        end else begin : g_cmp_lut
            // decm1 >= pm1n as the carry out of decm1 + ~pm1n + 1, ~pm1n kept in flops of its
            // own (loaded with ~pqm1 beside pm1n_reg, which is then not read): iCE40's carry
            // takes no inverted operand, and `>=` put an inverter LUT and its route in front
            // of the 24-bit chain (22.0 ns of 20.8 in two seeds of three of the NIC core on
            // iCE40UP5K)
            reg  [23:0] pm1n_inv_reg;
            always @(posedge clk) begin
                if (rst) pm1n_inv_reg <= 24'hFFFFFF;   // ~pm1n_reg's reset value 0
                else     pm1n_inv_reg <= ~pqm1_reg;
            end
            /* verilator lint_off UNUSEDSIGNAL */
            wire [25:0] ge_sum = {1'b0, decm1_reg, 1'b1} + {1'b0, pm1n_inv_reg, 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            assign tk_after_dec = ge_sum[25];
            assign tat_next     = pm2n_reg >= pqm1_reg;
        end
    endgenerate
    wire [23:0] decm1_dec = decm1_reg - 24'd1;

    // What the rate is computed from on this edge: a sample is due (calc_valid), with
    // cfg_enable and r == 0 as they were at the sample edge, and the rounded, unclamped
    // quotient (r * recip + 2^11) >> 12 (calc_quot; at most 4095 * (2^24 - 1) >> 12 < 2^24).
    wire        calc_valid;
    wire        calc_enable;
    wire        calc_zero;
    wire [23:0] calc_quot;

    always @* begin
        decm1_next = tick ? pm3_reg : decm1_dec;
        tick_next  = tick ? tk_after_tick : tk_after_dec;
        free_next = tick ? (fccl - fctbs) : free_reg;
        rate_next = rate_reg;
        full_next = 1'b0;
        zero_next = 1'b0;
        if (calc_valid) begin
            if (!calc_enable) begin
                rate_next = LINE_RATE;
            end else if (calc_quot[23:16] != 8'd0) begin    // >= 0x10000: capped
                rate_next = LINE_RATE;
                full_next = 1'b1;
            end else begin
                rate_next = calc_quot[16:0];
                zero_next = calc_zero;
            end
        end
    end

    generate
        if (PIPE == 0) begin : g_direct
            // The low 12 bits of the product are the fraction below one Q1.16 step: used only
            // to round (the 2^11 added), then dropped.
            /* verilator lint_off UNUSEDSIGNAL */
            wire [35:0] product = {24'd0, free_reg} * {12'd0, cfg_recip} + 36'h000000800;
            /* verilator lint_on UNUSEDSIGNAL */
            assign calc_valid  = sample_reg;
            assign calc_enable = cfg_enable;
            assign calc_zero   = (free_reg == 12'd0);
            assign calc_quot   = product[35:12];
        end else begin : g_pipe
            // r * recip = (r * recip_hi) << 12 + r * recip_lo. Registered on the edge after the
            // sample edge, added on the next: (r * recip + 2^11) >> 12 = prod_hi +
            // prod_lo[23:12] + prod_lo[11] (2^11 added to the low 12 bits carries out exactly
            // when bit 11 is set), so bits 10..0 of prod_lo are never needed.
            wire [23:0] prod_lo, prod_hi;
            reg         valid_reg, enable_reg, zero_reg;
            if (PIPE == 2) begin : g_mul_reg
                // r and cfg_recip into the multipliers' input registers on the sample edge
                // (the former a copy of free_reg, the latter cfg_recip of the tick's edge), the
                // products into their output registers on the next: two fg_mul_reg2, on ECP5
                // each one MULT18X18D with its registers (the DSP's 3.9 ns between fabric
                // flops was this block's worst path, 143 MHz)
                fg_mul_reg2 #(.AW(12), .BW(12)) u_mul_lo (
                    .clk (clk), .rst (rst), .a (free_next), .b (cfg_recip[11:0]), .p (prod_lo)
                );
                fg_mul_reg2 #(.AW(12), .BW(12)) u_mul_hi (
                    .clk (clk), .rst (rst), .a (free_next), .b (cfg_recip[23:12]), .p (prod_hi)
                );
            end else begin : g_mul_fabric
                // PIPE 1: the products of free_reg and the cfg_recip of the edge after the tick
                reg  [23:0] prod_lo_reg, prod_hi_reg;
                wire [23:0] prod_lo_next = {12'd0, free_reg} * {12'd0, cfg_recip[11:0]};
                wire [23:0] prod_hi_next = {12'd0, free_reg} * {12'd0, cfg_recip[23:12]};
                always @(posedge clk) begin
                    if (rst) begin
                        prod_lo_reg <= 24'd0;
                        prod_hi_reg <= 24'd0;
                    end else begin
                        prod_lo_reg <= prod_lo_next;
                        prod_hi_reg <= prod_hi_next;
                    end
                end
                assign prod_lo = prod_lo_reg;
                assign prod_hi = prod_hi_reg;
            end

            always @(posedge clk) begin
                if (rst) begin
                    valid_reg   <= 1'b0;
                    enable_reg  <= 1'b0;
                    zero_reg    <= 1'b0;
                end else begin
                    valid_reg   <= sample_reg;
                    enable_reg  <= cfg_enable;
                    zero_reg    <= (free_reg == 12'd0);
                end
            end

            // One two-operand add: {prod_hi, 1} + prod_lo[23:11] carries out of bit 0 exactly
            // when prod_lo[11] is set, so bits 24..1 of the sum are the rounded quotient.
            /* verilator lint_off UNUSEDSIGNAL */
            wire [10:0] prod_lo_fraction = prod_lo[10:0];
            wire [24:0] quot_sum = {prod_hi, 1'b1} + {12'd0, prod_lo[23:11]};
            /* verilator lint_on UNUSEDSIGNAL */
            if (PIPE == 1) begin : g_sum_direct
                assign calc_valid  = valid_reg;
                assign calc_enable = enable_reg;
                assign calc_zero   = zero_reg;
                assign calc_quot   = quot_sum[24:1];
            end else begin : g_sum_reg
                // PIPE 2: the sum registered, the saturation on the next edge (a 25-bit carry
                // chain, the 8-input test and the select in one edge: 39 MHz on iCE40UP5K)
                reg  [23:0] quot_reg;
                reg         valid2_reg, enable2_reg, zero2_reg;
                always @(posedge clk) begin
                    if (rst) begin
                        quot_reg    <= 24'd0;
                        valid2_reg  <= 1'b0;
                        enable2_reg <= 1'b0;
                        zero2_reg   <= 1'b0;
                    end else begin
                        quot_reg    <= quot_sum[24:1];
                        valid2_reg  <= valid_reg;
                        enable2_reg <= enable_reg;
                        zero2_reg   <= zero_reg;
                    end
                end
                assign calc_valid  = valid2_reg;
                assign calc_enable = enable2_reg;
                assign calc_zero   = zero2_reg;
                assign calc_quot   = quot_reg;
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            decm1_reg       <= 24'hFFFFFE;   // cnt 0: the first sample on the first edge
            tick_reg        <= 1'b1;
            pq_reg          <= 24'd1;        // P 1 all along the period pipeline
            pqm1_reg        <= 24'd0;
            tat_reg         <= 1'b1;         // P - 2 = 2^24 - 1 >= P - 1 = 0
            pm1n_reg        <= 24'd0;
            pm2n_reg        <= 24'hFFFFFF;
            pm3n_reg        <= 24'hFFFFFE;
            pm3_reg         <= 24'hFFFFFE;
            sample_reg      <= 1'b0;
            free_reg        <= 12'd0;
            rate_reg        <= LINE_RATE;
            stat_update_reg <= 1'b0;
            stat_full_reg   <= 1'b0;
            stat_zero_reg   <= 1'b0;
        end else begin
            decm1_reg       <= decm1_next;
            tick_reg        <= tick_next;
            pq_reg          <= pq_next;
            pqm1_reg        <= pqm1_next;
            tat_reg         <= tat_next;
            pm1n_reg        <= pqm1_reg;
            pm2n_reg        <= pm2n_next;
            pm3n_reg        <= pm3n_next;
            pm3_reg         <= pm3n_reg;
            sample_reg      <= tick;
            free_reg        <= free_next;
            rate_reg        <= rate_next;
            stat_update_reg <= calc_valid;
            stat_full_reg   <= full_next;
            stat_zero_reg   <= zero_next;
        end
    end

    assign rate        = rate_reg;
    assign free_blocks = free_reg;
    assign stat_update = stat_update_reg;
    assign stat_full   = stat_full_reg;
    assign stat_zero   = stat_zero_reg;

endmodule

`default_nettype wire
