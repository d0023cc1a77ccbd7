// fg_rate_limiter - the GFC rate limiter of one transmit queue (port x priority): decides when
// the next packet may start (docs/blocks/rate_limiter.md, SPEC section 5).
//
// Two engines run side by side on the same packet starts; cfg_token_mode picks which one
// drives `allow`:
//
// Stage engine (buffer-based GFC, cfg_token_mode = 0). At stage k the queue sends at C/2^k:
// after a packet of L cycles it waits L*(2^k - 1) cycles, so starts are L*2^k cycles apart.
// No multiplier or divider: the packet is counted as L "units" (units_reg) of 2^k cycles
// each, timed by a prescaler (pre_reg) whose low k bits all being ones ends a unit. The
// stage is read every cycle, so a new stage acts at the next unit boundary (within 2^k
// cycles) instead of after the whole wait. Stages above MAX_STAGE count as MAX_STAGE.
//
// Token-bucket engine (time-based GFC, cfg_token_mode = 1). tokens_reg is two's complement
// with 16 fraction bits, in cycles of line-rate transmit time (= cells when one cell takes
// one cycle). Every cycle: tokens += cfg_rate (Q1.16 of line rate, 0x10000 = line rate)
// minus L<<16 when a packet of L starts, capped at cfg_depth<<16 (bucket depth in cells) and
// floored at -(2^SW)<<16 (a queue that starts while not allowed owes at most one packet).
// allow = tokens >= 0.
//
// `allow` is registered (each engine's own, selected by the registered mode): after the edge
// of a start at edge t, the next start may come at the earliest on edge t + L*2^k (stage) /
// when the tokens are back to >= 0 (bucket). A start
// while allow is low is obeyed (the limiter restarts its count) and pulses stat_early.
//
// PIPE = 1 (token engine only; the stage engine is the same at both): the bucket's inputs
// (cfg_rate - start*L<<16 and the cap) are registered first and reach tokens_reg one edge
// later, so the add and the cap choice are one two-operand add deep (the cap's compare runs
// in parallel as the sign of tokens + (delta - cap - 1)), and the floor comes one edge late:
// an edge whose sum falls below the floor keeps it, and the next edge sets the tokens to the
// floor instead of adding that edge's rate and debit (a test of the tokens' own bits, no
// chain). tokens therefore lag PIPE = 0's by one edge (and are lower for an edge after a
// floor), and allow = (no start on this edge) && tokens >= 0: a start closes allow for the
// next cycle, and allow rises one edge after the tokens suffice. Whenever allow is high at
// PIPE = 1, PIPE = 0 fed the same inputs would allow too: never a start early by PIPE = 0's rule.
// Logic form per device (docs/synthesis.md "Logic forms per device"): at PIPE = 1 the cap
// sign is carry-select by default (iCE40) and a full-width chain under FG_ECP5_FORMS (which
// the synthesis flow defines for ECP5); the same function.
// The C twin is cmodel/common/rate_limiter.c.
`default_nettype none

module fg_rate_limiter #(
    parameter integer SW        = 8,    // packet length width (cycles / cells), 1..16
    parameter integer MAX_STAGE = 20,   // largest stage the prescaler times, 1..24
    parameter integer DW        = 16,   // bucket depth width (cells), 1..24
    parameter integer PIPE      = 0,    // 0: token update in one cycle; 1: registered inputs
    // 1: `stage` carries the stage of the next cycle (the value the user's stage register takes
    // on this edge) and the limiter registers its unit mask from it, so the stage decode is not
    // in front of the unit-end test; the behaviour is that of STAGE_AHEAD = 0 fed the stage
    // one edge later (the same C twin)
    parameter integer STAGE_AHEAD = 0
) (
    input  wire          clk,
    input  wire          rst,
    // configuration
    input  wire          cfg_token_mode,
    input  wire [4:0]    stage,          // current stage k (STAGE_AHEAD = 1: next cycle's)
    input  wire [16:0]   cfg_rate,       // Q1.16 of line rate (token mode)
    input  wire [DW-1:0] cfg_depth,      // bucket depth in cells (token mode)
    // packets of this queue
    input  wire          pkt_start,
    input  wire [SW-1:0] pkt_cells,      // transmit time L of the starting packet, cycles
    // decision
    output wire          allow,
    output wire          stat_start,
    output wire          stat_early
);

    generate
        if (SW < 1 || SW > 16) begin : g_bad_sw
            fg_rate_limiter_SW_must_be_1_to_16 u_param_error ();
        end
        if (MAX_STAGE < 1 || MAX_STAGE > 24) begin : g_bad_max_stage
            fg_rate_limiter_MAX_STAGE_must_be_1_to_24 u_param_error ();
        end
        if (DW < 1 || DW > 24) begin : g_bad_dw
            fg_rate_limiter_DW_must_be_1_to_24 u_param_error ();
        end
        if (PIPE < 0 || PIPE > 1) begin : g_bad_pipe
            fg_rate_limiter_PIPE_must_be_0_or_1 u_param_error ();
        end
        if (STAGE_AHEAD < 0 || STAGE_AHEAD > 1) begin : g_bad_stage_ahead
            fg_rate_limiter_STAGE_AHEAD_must_be_0_or_1 u_param_error ();
        end
    endgenerate

    // the token engine's cap and floor signs (PIPE 1): full-width chains on ECP5, carry-select
    // elsewhere; FG_ECP5_FORMS picks every block's ECP5 logic form, in synthesis for ECP5 and
    // in simulation (its test builds; docs/synthesis.md "Logic forms per device")
`ifdef FG_ECP5_FORMS
    localparam integer FULL_CHAINS = 1;
`else
    localparam integer FULL_CHAINS = 0;
`endif
    localparam integer MW = (SW > DW) ? SW : DW;
    // integer bits of the tokens: MW, and at least SW + 1 (PIPE 1 floors one edge late, so the
    // tokens may sit one debit of up to (2^SW - 1)<<16 below the floor -(2^SW)<<16 for an edge)
    localparam integer TMW = (MW > SW) ? MW : SW + 1;
    localparam integer TW = TMW + 17;  // token register: sign + TMW integer bits + 16 fraction
    localparam integer IW = TMW + 18;  // one more bit for the sum before cap and floor

    // ---- stage engine ------------------------------------------------------------------
    reg  [SW-1:0]        units_reg;
    reg  [SW-1:0]        units_next;
    reg  [MAX_STAGE-1:0] pre_reg;
    reg  [MAX_STAGE-1:0] pre_next;
    wire [MAX_STAGE-1:0] unit_mask;    // low k bits set: a unit is 2^k cycles
    // ~unit_mask, in flops of its own with STAGE_AHEAD = 1 (read only there)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [MAX_STAGE-1:0] unit_mask_n;
    /* verilator lint_on UNUSEDSIGNAL */
    // bit b set for b < stage (a stage >= MAX_STAGE shifts every one out: all ones), written
    // as a shift, not per-bit compares (yosys builds those as carry chains)
    wire [MAX_STAGE-1:0] stage_mask = ~({MAX_STAGE{1'b1}} << stage);
    generate
        if (STAGE_AHEAD == 1) begin : g_mask_reg
            // loaded on every edge, in reset too: after reset it holds the stage of the cycle
            // (the stage engine does not depend on the stage while reset is high)
            reg [MAX_STAGE-1:0] mask_reg, mask_n_reg;
            always @(posedge clk) begin
                mask_reg   <= stage_mask;
                mask_n_reg <= ~stage_mask;
            end
            assign unit_mask   = mask_reg;
            assign unit_mask_n = mask_n_reg;
        end else begin : g_mask_now
            assign unit_mask   = stage_mask;
            assign unit_mask_n = ~stage_mask;
        end
    endgenerate
    // A unit ends when the prescaler's low k bits are all ones. With the mask in flops
    // (STAGE_AHEAD = 1) that is formed as the carry out of one chain through the bits of
    // pre | ~mask from the top down (pre + ~mask, both operands reversed, carry in 1): above
    // k, ~mask is 1 and the carry stays 1 (propagated or generated); below k, ~mask is 0 and
    // the carry survives a bit only where pre is 1. Exact for the thermometer masks
    // stage_mask makes, and no LUT in front of the chain. As the 20-bit AND it was a LUT tree
    // three levels deep in front of the counters' enable (21.2-22.8 ns of 20.8 in two seeds
    // of three of the NIC core on iCE40UP5K). With the mask decoded from the port in the same
    // cycle (STAGE_AHEAD = 0) the decode would stand in front of the chain (37.8 MHz for the
    // block alone on iCE40UP5K, 143.0 on ECP5-25F, against 42.9 and 167.1 as the AND): there
    // it stays the AND.
    wire unit_end;
    generate
        if (STAGE_AHEAD == 1) begin : g_end_chain
            wire [MAX_STAGE-1:0] pre_rev, mask_n_rev;
            genvar gi;
            for (gi = 0; gi < MAX_STAGE; gi = gi + 1) begin : g_rev
                assign pre_rev[gi]    = pre_reg[MAX_STAGE-1-gi];
                assign mask_n_rev[gi] = unit_mask_n[MAX_STAGE-1-gi];
            end
            /* verilator lint_off UNUSEDSIGNAL */
            wire [MAX_STAGE+1:0] end_s = {1'b0, pre_rev, 1'b1} + {1'b0, mask_n_rev, 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            assign unit_end = end_s[MAX_STAGE+1];
        end else begin : g_end_and
            assign unit_end = ((pre_reg & unit_mask) == unit_mask);
        end
    endgenerate
    // the next state with no start (from the registers) and with a start (from pkt_cells and
    // the stage), each complete, then one select by pkt_start: a start, which comes from the
    // environment's deq late in the cycle, reaches the flops and `allow` through that select
    // only, not through a compare or a carry chain
    // The count's tests and the no-start allow are kept nets: the allow one LUT behind the
    // unit end's chain (zero, end, one), the start's select one more. (Left to ABC, the allow
    // was three LUT levels behind the chain: 21.2-21.7 ns of 20.8 in three seeds of three of
    // the NIC core on iCE40UP5K.)
    (* keep *) wire      idle_zero;
    assign idle_zero = (units_reg == {SW{1'b0}});
    (* keep *) wire      idle_one;
    assign idle_one = (units_reg == {{(SW-1){1'b0}}, 1'b1});
    wire                 idle_end  = unit_end;
    (* keep *) wire      idle_allow;
    assign idle_allow = idle_zero || (idle_end && idle_one);
    reg  [SW-1:0]        idle_units;
    reg  [MAX_STAGE-1:0] idle_pre;
    reg                  start_zero, start_one, start_end, start_allow;
    reg  [SW-1:0]        start_units;
    reg  [MAX_STAGE-1:0] start_pre;
    reg                  stage_allow_next;  // units_next == 0

    always @* begin
        // No start: a unit of 2^k cycles ends when the prescaler's low k bits are all ones;
        // the count drops by one at a unit's end, and allow comes from the tests on the count
        // (zero, or one at a unit's end), not from a zero test behind the decrement.
        if (idle_zero) begin
            idle_units = {SW{1'b0}};
        end else if (idle_end) begin
            idle_units = units_reg - {{(SW-1){1'b0}}, 1'b1};
        end else begin
            idle_units = units_reg;
        end
        // the prescaler restarts (0) when nothing is left or a unit ends, else counts on;
        // written as an AND with that condition, not a select of zero, which yosys makes the
        // flops' reset with the unit-end test in front of it
        idle_pre = (pre_reg + {{(MAX_STAGE-1){1'b0}}, 1'b1}) & {MAX_STAGE{!idle_zero && !idle_end}};
        // A start: the count restarts at pkt_cells and the prescaler at 0 (so at stage 0,
        // where every cycle ends a unit, the first unit ends on the start's own edge).
        start_zero  = (pkt_cells == {SW{1'b0}});
        start_one   = (pkt_cells == {{(SW-1){1'b0}}, 1'b1});
        start_end   = (unit_mask == {MAX_STAGE{1'b0}});
        start_allow = start_zero || (start_end && start_one);
        if (start_zero) begin
            start_units = {SW{1'b0}};
        end else if (start_end) begin
            start_units = pkt_cells - {{(SW-1){1'b0}}, 1'b1};
        end else begin
            start_units = pkt_cells;
        end
        start_pre = {{(MAX_STAGE-1){1'b0}}, 1'b1} & {MAX_STAGE{!start_zero && !start_end}};
        units_next       = pkt_start ? start_units : idle_units;
        pre_next         = pkt_start ? start_pre   : idle_pre;
        stage_allow_next = pkt_start ? start_allow : idle_allow;
    end

    // ---- token-bucket engine -----------------------------------------------------------
    reg  signed [TW-1:0] tokens_reg;
    reg  signed [TW-1:0] tokens_next;
    reg                  tok_allow_next;   // token mode's allow for the next cycle
    // (PIPE = 1 takes its low TW bits only: it selects the floor into the tokens, not a sum)
    /* verilator lint_off UNUSEDSIGNAL */
    wire signed [IW-1:0] tok_floor = -$signed({{(IW-SW-17){1'b0}}, 1'b1, {(SW+16){1'b0}}});
    /* verilator lint_on UNUSEDSIGNAL */

    generate
        if (PIPE == 0) begin : g_tok_direct
            reg  signed [IW-1:0] tok_sum;
            reg  signed [IW-1:0] tok_cap;

            always @* begin
                tok_cap   = $signed({{(IW-DW-16){1'b0}}, cfg_depth, 16'h0000});
                tok_sum   = $signed({tokens_reg[TW-1], tokens_reg})
                          + $signed({{(IW-17){1'b0}}, cfg_rate});
                if (pkt_start) begin
                    tok_sum = tok_sum - $signed({{(IW-SW-16){1'b0}}, pkt_cells, 16'h0000});
                end
                if (tok_sum > tok_cap) begin
                    tokens_next = tok_cap[TW-1:0];
                end else if (tok_sum < tok_floor) begin
                    tokens_next = tok_floor[TW-1:0];
                end else begin
                    tokens_next = tok_sum[TW-1:0];
                end
                tok_allow_next = !tokens_next[TW-1];
            end
        end else begin : g_tok_pipe
            // OW: delta - cap - 1 and tokens + that reach -(2^(SW+17) + 2^(DW+16) + 1).
            localparam integer OW = TMW + 19;
            reg  signed [IW-1:0] delta_reg, delta_next;   // cfg_rate - start*L<<16 of the last edge
            reg  signed [OW-1:0] over_reg, over_next;     // that minus (cap + 1)
            reg  signed [TW-1:0] cap_next;
            reg  signed [TW-1:0] cap_reg;                 // cfg_depth<<16 of the last edge
            reg  signed [IW-1:0] tok_sum;
            // The cap test needs only the sign of tokens + over (>= 0 exactly when tok_sum >
            // cap_reg). On iCE40 (and in the default simulation builds) it is formed
            // carry-select, the low half's carry choosing between the high half's sums with and
            // without it (two full-width chains into the selects were the NIC core's worst path
            // on iCE40UP5K, 40 MHz). ECP5's carry is fast enough for the full width, and there
            // the select was a LUT level too many (the block's worst path, 144 MHz): there
            // (FULL_CHAINS) the sign is one full-width chain.
            wire [OW-1:0]   ov_a  = {{(OW-TW){tokens_reg[TW-1]}}, tokens_reg};
            wire [OW-1:0]   ov_b  = over_reg;
            // The floor one edge late: an edge whose sum falls below the floor keeps it, and
            // the next edge sets the tokens to the floor (that edge's rate and debit are not
            // added). Whether the tokens are below the floor -2^(SW+16) is a test of their own
            // bits, beside the chains: negative, and not all ones from bit SW+16 up. Before,
            // the floor was tested as a second sign (tokens + delta - floor) and the token
            // bits took both signs, three LUT levels behind the chains that ABC shared as "sum
            // AND neither capped nor floored": the NIC core's worst path on iCE40UP5K (43.9
            // MHz, 2026-12-03). The late floor only lowers the tokens (never above PIPE 0's)
            // and is only reached by starts while allow is low.
            wire            below = tokens_reg[TW-1] && !(&tokens_reg[TW-1:SW+16]);
            wire            take_sum;   // the tokens take the sum: neither floored nor capped
            if (FULL_CHAINS == 1) begin : g_full_chains
                wire [OW-1:0] ov_sum = ov_a + ov_b;
                (* keep *) wire over_neg;
                assign over_neg = ov_sum[OW-1];
                assign take_sum = !below && over_neg;
            end else begin : g_carry_select
                localparam integer OH = OW / 2;
                wire [OH:0]      ov_lo = {1'b0, ov_a[OH-1:0]} + {1'b0, ov_b[OH-1:0]};
                wire [OW-OH-1:0] ov_h0 = ov_a[OW-1:OH] + ov_b[OW-1:OH];
                wire [OW-OH:0]   ov_h1 = {ov_a[OW-1:OH], 1'b1} + {ov_b[OW-1:OH], 1'b1};
                // the select of the halves' signs and the floor's test in one LUT of four
                // inputs, kept, and each token bit one select behind it: with the sign's
                // select kept as a LUT of its own and each bit an AND-OR of floor, cap and
                // sum behind it, the bits were two LUT levels behind the select (21.4 ns of
                // 20.8 in one seed of three of the NIC core on iCE40UP5K)
                (* keep *) wire sel_sum;
                assign sel_sum = !below && (ov_lo[OH] ? ov_h1[OW-OH] : ov_h0[OW-OH-1]);
                assign take_sum = sel_sum;
            end

            // The next value of over from the inputs, one carry chain deep (delta - cap - 1
            // formed from delta was two chains in a row, the block's worst path on ECP5, 148
            // MHz): len = start ? L<<16 : 0;
            //   delta = rate - len;
            //   over  = rate + ~cap - len = rate + ~cap + ~len + 1, one carry-save level (a LUT
            //           per bit) into one chain.
            // Each is formed for a start (len = L<<16) and for none (len = 0) side by side,
            // and pkt_start selects: the start, decided late in the cycle by the user (the
            // NIC core's from its inputs), reaches the registers through the select only, not
            // through a carry chain (in front of over's chain it was the NIC core's worst path
            // on ECP5 in one seed of three, 150 MHz).
            wire [OW-1:0] ov_rate = {{(OW-17){1'b0}}, cfg_rate};
            wire [OW-1:0] ov_len  = {{(OW-SW-16){1'b0}}, pkt_cells, 16'h0000};
            wire [OW-1:0] ov_ncap = ~{{(OW-DW-16){1'b0}}, cfg_depth, 16'h0000};
            wire [OW-1:0] ov_nlen = ~ov_len;
            wire [OW-1:0] ov_s    = ov_rate ^ ov_ncap ^ ov_nlen;
            // (the carry out of the top bit would add 2^OW: nothing mod 2^OW)
            wire [OW-2:0] ov_c    = (ov_rate[OW-2:0] & ov_ncap[OW-2:0])
                                  | (ov_rate[OW-2:0] & ov_nlen[OW-2:0])
                                  | (ov_ncap[OW-2:0] & ov_nlen[OW-2:0]);
            // with no start: delta = rate, over = rate + ~cap (rate - cap - 1)
            wire signed [IW-1:0] delta_st = $signed({{(IW-17){1'b0}}, cfg_rate}) - $signed(ov_len[IW-1:0]);
            wire signed [OW-1:0] over_st  = $signed(ov_s + {ov_c, 1'b1});
            wire signed [OW-1:0] over_no  = $signed(ov_rate + ov_ncap);

            always @* begin
                cap_next   = $signed({{(TW-DW-16){1'b0}}, cfg_depth, 16'h0000});
                delta_next = pkt_start ? delta_st : $signed({{(IW-17){1'b0}}, cfg_rate});
                over_next  = pkt_start ? over_st : over_no;
                tok_sum    = $signed({tokens_reg[TW-1], tokens_reg}) + delta_reg;
                // floor, cap or the sum as an AND-OR of the three: a select of the constant
                // floor becomes the flops' synchronous set/reset in yosys, with the tests in
                // front of the reset pin (3 ns more wire on iCE40)
                tokens_next = (tok_floor[TW-1:0] & {TW{below}})
                            | (cap_reg & {TW{!below && !take_sum}})
                            | (tok_sum[TW-1:0] & {TW{take_sum}});
                // allow from tok_sum's sign: capped means above cap >= 0, and below the floor
                // the sum is negative too (tokens < floor, delta < 2^17)
                tok_allow_next = !pkt_start && !tok_sum[IW-1];
            end

            always @(posedge clk) begin
                if (rst) begin
                    delta_reg <= {IW{1'b0}};
                    over_reg  <= {OW{1'b1}};     // -1: tokens 0 + (0 - 0 - 1) < 0, not capped
                    cap_reg   <= {TW{1'b0}};
                end else begin
                    delta_reg <= delta_next;
                    over_reg  <= over_next;
                    cap_reg   <= cap_next;
                end
            end
        end
    endgenerate

    // ---- outputs -----------------------------------------------------------------------
    // Each engine registers its own allow beside its logic, and the mode of the same edge is
    // registered too: allow is the select of the two by the registered mode (the same value a
    // single register of the selected allow would hold). One register behind the mode select
    // put the token sum's sign 1-1.7 ns of wire from its chain, the NIC core's worst path on
    // ECP5 in two seeds of three (154-157 MHz).
    reg tok_allow_reg, stage_allow_reg, mode_tok_reg;
    reg stat_start_reg, stat_early_reg;
    wire allow_now = mode_tok_reg ? tok_allow_reg : stage_allow_reg;

    always @(posedge clk) begin
        if (rst) begin
            units_reg       <= {SW{1'b0}};
            pre_reg         <= {MAX_STAGE{1'b0}};
            tokens_reg      <= {TW{1'b0}};
            tok_allow_reg   <= 1'b1;
            stage_allow_reg <= 1'b1;
            mode_tok_reg    <= 1'b0;
            stat_start_reg  <= 1'b0;
            stat_early_reg  <= 1'b0;
        end else begin
            units_reg       <= units_next;
            pre_reg         <= pre_next;
            tokens_reg      <= tokens_next;
            tok_allow_reg   <= tok_allow_next;
            stage_allow_reg <= stage_allow_next;
            mode_tok_reg    <= cfg_token_mode;
            stat_start_reg  <= pkt_start;
            stat_early_reg  <= pkt_start && !allow_now;
        end
    end

    assign allow      = allow_now;
    assign stat_start = stat_start_reg;
    assign stat_early = stat_early_reg;

endmodule

`default_nettype wire
