// fg_pft - PFT proactive flow throttling of one NIC port (SPEC 6, docs/blocks/pft.md).
//
// A Normal/Congested FSM watches c, the credits in use at the CBFC sender, one cycle late (the
// edge at the end of cycle t registers c's threshold compares of cycle t; the next edge decides
// from them):
//   FT (cfg_strategy 0): Normal -> Congested when c > t_e; Congested -> Normal when c < t_s.
//   AT (cfg_strategy 1): a window of W cycles counts the cycles that meet the condition of the
//     state (Normal: c > th_e, Congested: c < th_s); reaching N (N_e / N_s) within one window,
//     including in its last cycle, changes the state. A window takes W and N of its state on
//     the edge it starts (the edge of the previous window's end or of a state change, or
//     reset): the counters count down from them, and a W or N written during a window acts
//     from the next window. FT and cfg_enable = 0 start a window on every edge, so AT begins
//     with the parameters of the cycle before.
// While Congested it throttles with f(c) = ((c << m) >> n) + k, c << m taken with no bit lost
// (c shifted by m - n); the sum saturates to FW bits.
//   FI (cfg_injection 0): allow when the idle cycles since the last flit_sent >= f(c).
//   RI (cfg_injection 1): allow when r >= f(c), r = the fg_lfsr value of the cycle (the LFSR
//     steps every cycle), compared in max(FW, 32) + 1 bits, so an f >= 2^32 never allows.
// f is computed every cycle in two stages: the edge at the end of cycle t registers
// (c << m) >> n of c of cycle t and m, n of cycle t - 2 (m - n is registered, then its
// one-hot and thermometer), the next edge adds k (of cycle t + 1) and saturates into
// f_value (the shifters end in a flop, the adder in another; on iCE40 the sum's parts are
// registered and the saturation follows them, below); allow compares with the
// f_value of the cycle before, i.e. with f of the c of three cycles before (its compares are
// made one edge ahead). Outputs are registered (f_value on iCE40: below): the edge at the
// end of cycle t computes from the inputs of cycle t (the state from c's compares of cycle
// t - 1, allow from compares made on the edge before with the f_value of cycle t - 1 =
// f(c of cycle t - 3)) what the NIC sees in cycle t + 1. Latencies since 2026-11-27 (issue
// 13): docs/blocks/pft.md.
// Logic form per device (docs/synthesis.md "Logic forms per device"): f's sum is carry-select
// by default (iCE40), registered in parts as it leaves its chains, and the injection compares
// are made against both cases of its carry, their selects after their registers (f_value is
// then a select of registers, not a flop); under FG_ECP5_FORMS (which the synthesis flow
// defines for ECP5) f's sum is one chain into f_value's register and each compare one
// register. The same function on every edge (docs/blocks/pft.md, "f in parts on iCE40").
// The C twin is cmodel/nic/pft.c.
`default_nettype none

module fg_pft #(
    parameter integer CW_C = 12,            // credit width, 4..16
    parameter integer FW   = 32,            // width of f(c), k and the FI idle counter, 8..48
    parameter integer WW   = 16,            // AT window / count register width, 8..24
    parameter [31:0]  RESET_SEED = 32'h0000_0001
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [CW_C-1:0] c,               // credits in use
    input  wire            flit_req,        // a flit is waiting this cycle
    input  wire            flit_sent,       // a flit went this cycle
    // configuration (registers)
    input  wire            cfg_enable,
    input  wire            cfg_strategy,    // 0 FT, 1 AT
    input  wire            cfg_injection,   // 0 FI, 1 RI
    input  wire [CW_C-1:0] cfg_t_e,
    input  wire [CW_C-1:0] cfg_t_s,
    input  wire [WW-1:0]   cfg_w_e,
    input  wire [WW-1:0]   cfg_n_e,
    input  wire [CW_C-1:0] cfg_th_e,
    input  wire [WW-1:0]   cfg_w_s,
    input  wire [WW-1:0]   cfg_n_s,
    input  wire [CW_C-1:0] cfg_th_s,
    input  wire [4:0]      cfg_m,
    input  wire [4:0]      cfg_n,
    input  wire [FW-1:0]   cfg_k,
    input  wire [31:0]     cfg_seed,
    input  wire            cfg_seed_load,
    // registered outputs
    output wire            congested,
    output wire            allow,           // a flit may go in this cycle
    output wire [FW-1:0]   f_value,
    output wire            stat_enter,
    output wire            stat_exit,
    output wire            stat_throttled
);

    generate
        if (CW_C < 4 || CW_C > 16) begin : g_bad_cw_c
            fg_pft_CW_C_must_be_4_to_16 u_bad_param ();
        end
        if (FW < 8 || FW > 48) begin : g_bad_fw
            fg_pft_FW_must_be_8_to_48 u_bad_param ();
        end
        if (WW < 8 || WW > 24) begin : g_bad_ww
            fg_pft_WW_must_be_8_to_24 u_bad_param ();
        end
    endgenerate

    localparam integer CMPW = ((FW > 32) ? FW : 32) + 1;     // r >= f without truncation

    reg            congested_reg, congested_next;
    reg  [WW-1:0]  rem_w_reg, rem_w_next;       // AT: cycles left in the window, this one included
    reg  [WW-1:0]  need_reg, need_next;         // AT: hits still needed in the window
    reg            last_reg, last_next;         // rem_w_reg <= 1: this is the window's last cycle
    reg            need1_reg, need1_next;       // need_reg <= 1: a hit now reaches N
    reg            need0_reg, need0_next;       // need_reg == 0: N reached without a hit
    reg  [FW-1:0]  gap_plus2_reg, gap_plus2_next;  // FI: idle cycles since the last flit + 2, saturating
    reg            f0_reg;                          // F == 0, an edge ahead
    reg            seed_load_q_reg;                 // cfg_seed_load of the cycle before
    reg            allow_reg, allow_next;
    reg            stat_enter_reg, stat_enter_next;
    reg            stat_exit_reg, stat_exit_next;
    reg            stat_throttled_reg;

    // ---- the random number of this cycle ----
    // RI compares with the value of the next cycle, one edge ahead (below); `value` itself
    // is not read
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] lfsr_value;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0] lfsr_value_step;
    fg_lfsr #(
        .RESET_SEED (RESET_SEED)
    ) u_lfsr (
        .clk   (clk),
        .rst   (rst),
        .load  (cfg_seed_load),
        .seed  (cfg_seed),
        .step  (1'b1),
        .value (lfsr_value),
        .value_step (lfsr_value_step)
    );

    // ---- f(c) = ((c << m) >> n) + k, saturating to FW bits ----
    // With no bit lost, (c << m) >> n is c shifted by d = m - n (left when d >= 0, right
    // otherwise). The shift is formed from m and n two edges earlier, as a one-hot of d over
    // -31..31 (d_oh_reg, bit d + 31) beside a thermometer of d (hi_th_reg, for the saturation
    // below), so a new m or n reaches the shift two edges after it is presented, and each bit
    // j of the shifted c is one AND-OR over c: bit i of c lands at j when d = j - i (the
    // subtraction in front of the shifters was the block's worst path once; two barrel
    // shifters and their select, four LUT levels from c, the NIC core's on ECP5 in one seed
    // of three, 152 MHz).
    // d = m - n is registered first (d_reg), and the one-hot and the thermometer are formed
    // from it on the next edge: the thermometer behind the subtraction's chain in one edge
    // was four LUT levels, 144.2-151.6 MHz on ECP5
    wire [5:0]      d_next        = {1'b0, cfg_m} - {1'b0, cfg_n};   // -31..31, two's complement
    reg  [5:0]      d_reg;
    reg  [62:0]     d_oh_reg;
    // the one-hot of a difference d (6-bit two's complement, -31..31): bit d + 31
    function [62:0] f_d_oh;
        input [5:0] d;
        integer k;
        begin
            for (k = 0; k < 63; k = k + 1)
                f_d_oh[k] = (d == k[5:0] - 6'd31);
        end
    endfunction
    // Two stages: the shifted c is registered, the addition of k and the saturation follow
    // on the next edge (shifters, then the addition, in one edge made this block 74 MHz on
    // ECP5). The shifted c is registered as its low FW bits, and whether any bit lands above
    // them (any such bit saturates f whatever k is) is found beside (below), so the second
    // stage adds FW + 1 bits (the full shifted width, a 43-bit carry chain and a 12-input OR
    // behind it, made 132 MHz).
    reg  [FW-1:0]   shr_lo_next;
    integer sj, si;
    always @* begin
        shr_lo_next = {FW{1'b0}};
        for (sj = 0; sj < FW; sj = sj + 1)
            for (si = 0; si < CW_C; si = si + 1)
                if (sj - si >= -31 && sj - si <= 31)
                    shr_lo_next[sj] = shr_lo_next[sj] | (c[si] & d_oh_reg[sj - si + 31]);
    end
    // Whether a bit of c lands at or above FW is found from c itself, beside the shifters, and
    // registered with the shifted c (shr_hi_reg): bit b of c lands at b + d, at or above FW
    // exactly when d >= FW - b, so a thermometer of d (hi_th_reg[b] = d >= FW - b) is
    // registered with d's one-hot and the OR of c's bits under it is one AND-OR over c.
    // (c, the shifter and a 43-bit OR in one edge were the NIC core's worst path on ECP5 in
    // one seed of three, 151 MHz; a mask formed from cfg_m and cfg_n on the amounts' edge put
    // m - n and a table in one edge, 150 MHz; c and a mask registered apart and ANDed on the
    // sum's edge put that AND-OR, three LUT levels on iCE40, beside the sum's chain, and in
    // front of it when ORed into the chain's top: 132.7-148.8 MHz on ECP5.)
    // Each bit an OR of d's equalities, as the one-hot is (a compare of d with FW - b became a
    // carry chain behind the subtraction's, 132.5-136.2 MHz on ECP5): a function of d's six
    // bits.
    function [CW_C-1:0] f_hi_th;
        input [5:0] d;
        integer b, k;
        begin
            for (b = 0; b < CW_C; b = b + 1) begin
                f_hi_th[b] = 1'b0;
                for (k = 0; k < 63; k = k + 1)
                    if (k - 31 >= FW - b)
                        f_hi_th[b] = f_hi_th[b] | (d == k[5:0] - 6'd31);
            end
        end
    endfunction
    reg  [CW_C-1:0]  hi_th_reg;
    reg  [FW-1:0]    shr_lo_reg;
    reg              shr_hi_reg;
    wire             shr_hi_next = |(c & hi_th_reg);
    wire             shr_hi = shr_hi_reg;
    // On iCE40 the sum is formed carry-select: the low half's carry out picks between the
    // high half's sums without and with a carry in (three half-width chains side by side), and
    // that carry picks f's overflow too, so the saturation OR of every bit sits behind a
    // half-width chain and one LUT (one FW + 1-bit chain into the saturation: 22.1 ns of
    // 20.8, the NIC core's worst path on iCE40UP5K in one seed of three). ECP5's carry is fast
    // enough for the full width, and there the select was a LUT level too many (the NIC core
    // 146.0 against 162.1 MHz): there one chain. The same function; FG_ECP5_FORMS picks the
    // ECP5 form, in synthesis for ECP5 and in simulation (its lock-step builds: pft_at_ri_ecp5 in mk/pft.mk,
    // nic_core_at_ri_ecp5 in mk/nic_core.mk).
`ifdef FG_ECP5_FORMS
    localparam integer SUM_FULL_CHAIN = 1;
`else
    localparam integer SUM_FULL_CHAIN = 0;
`endif
    // f_cur: f of this cycle (what f_value shows); on iCE40 it is kept in parts (below),
    // which the injection compares read
    wire [FW-1:0]    f_cur;
    localparam integer SH = FW / 2;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SH-1:0]    p_lo;                  // iCE40: the low half of f + k
    wire             p_cy;                  // its carry, which selects the high half
    wire [FW-SH-1:0] p_h0, p_h1;            // the high half without / with that carry
    wire [SH-1:0]    p_lon;                 // ~p_lo, ~p_h0, ~p_h1 in flops of their own (the
    wire [FW-SH-1:0] p_h0n, p_h1n;          // compares' operands: the carry inverts none)
    wire             p_ov0, p_ov1;          // f saturates, without / with that carry
    /* verilator lint_on UNUSEDSIGNAL */
    generate
        if (SUM_FULL_CHAIN == 1) begin : g_sum_chain
            // bit FW + 1 of {shr_hi, shr_lo} + {1, k} is shr_hi OR the carry out of the low
            // FW bits (01 + {shr_hi, carry} >= 10 unless both are 0): the chain ends in f's
            // overflow itself (the OR of the chain's carry and shr_hi behind it was a LUT level
            // and a route in front of the saturation's fan-out, 149.8 MHz in one seed of three)
            wire [FW+1:0] f_sum = {1'b0, shr_hi, shr_lo_reg} + {1'b0, 1'b1, cfg_k};
            wire          f_over = f_sum[FW+1];
            wire [FW-1:0] f_now  = f_sum[FW-1:0] | {FW{f_over}};
            reg  [FW-1:0] f_value_reg;
            always @(posedge clk) begin
                if (rst) f_value_reg <= {FW{1'b0}};
                else     f_value_reg <= f_now;
            end
            assign f_cur = f_value_reg;
            assign p_lo  = {SH{1'b0}};
            assign p_cy  = 1'b0;
            assign p_h0  = {(FW-SH){1'b0}};
            assign p_h1  = {(FW-SH){1'b0}};
            assign p_lon = {SH{1'b1}};
            assign p_h0n = {(FW-SH){1'b1}};
            assign p_h1n = {(FW-SH){1'b1}};
            assign p_ov0 = 1'b0;
            assign p_ov1 = 1'b0;
        end else begin : g_sum_select
            // The chains' outputs are registered as they leave them (carry select: the low
            // half, its carry, both high halves and both overflows), and the select and the
            // saturation follow on the read side: the compares below read the parts, and f_cur
            // (the f_value port) is a select of them. (The select and the saturation's OR
            // behind the low half's carry, one chain and two routes across the block into a
            // saturated f_value, were 21.0 ns of 20.8, 47.5 MHz, in one seed of three of the
            // NIC core on iCE40UP5K; the compares behind it the other two, 21.6-21.9 ns.)
            // Each high half's chain ends in its overflow, shr_hi folded in as on ECP5 (bit
            // top of {shr_hi, x} + {1, y} is shr_hi OR the carry of x + y).
            wire [SH:0]      f_lo = {1'b0, shr_lo_reg[SH-1:0]} + {1'b0, cfg_k[SH-1:0]};
            // (the bit above each high half, shr_hi's place, is not read; nor f_h1's bit 0:
            // with a carry in, a 1 appended to both operands carries into the high half)
            /* verilator lint_off UNUSEDSIGNAL */
            wire [FW-SH+1:0] f_h0 = {1'b0, shr_hi, shr_lo_reg[FW-1:SH]}
                                  + {1'b0, 1'b1, cfg_k[FW-1:SH]};
            wire [FW-SH+2:0] f_h1 = {1'b0, shr_hi, shr_lo_reg[FW-1:SH], 1'b1}
                                  + {1'b0, 1'b1, cfg_k[FW-1:SH], 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            reg  [SH-1:0]    lo_reg;            // low half of f + k
            reg              cy_reg;            // its carry: selects the high half
            reg  [FW-SH-1:0] h0_reg, h1_reg;    // high half without / with that carry
            reg              ov0_reg, ov1_reg;  // f saturates, without / with that carry
            reg  [SH-1:0]    lon_reg;           // ~lo_reg, ~h0_reg, ~h1_reg
            reg  [FW-SH-1:0] h0n_reg, h1n_reg;
            always @(posedge clk) begin
                if (rst) begin
                    // f = 0 after reset
                    lo_reg  <= {SH{1'b0}};
                    cy_reg  <= 1'b0;
                    h0_reg  <= {(FW-SH){1'b0}};
                    h1_reg  <= {(FW-SH){1'b0}};
                    ov0_reg <= 1'b0;
                    ov1_reg <= 1'b0;
                    lon_reg <= {SH{1'b1}};
                    h0n_reg <= {(FW-SH){1'b1}};
                    h1n_reg <= {(FW-SH){1'b1}};
                end else begin
                    lo_reg  <= f_lo[SH-1:0];
                    cy_reg  <= f_lo[SH];
                    h0_reg  <= f_h0[FW-SH-1:0];
                    h1_reg  <= f_h1[FW-SH:1];
                    ov0_reg <= f_h0[FW-SH+1];
                    ov1_reg <= f_h1[FW-SH+2];
                    lon_reg <= ~f_lo[SH-1:0];
                    h0n_reg <= ~f_h0[FW-SH-1:0];
                    h1n_reg <= ~f_h1[FW-SH:1];
                end
            end
            wire f_over_q = cy_reg ? ov1_reg : ov0_reg;
            assign f_cur = {cy_reg ? h1_reg : h0_reg, lo_reg} | {FW{f_over_q}};
            assign p_lo  = lo_reg;
            assign p_cy  = cy_reg;
            assign p_h0  = h0_reg;
            assign p_h1  = h1_reg;
            assign p_lon = lon_reg;
            assign p_h0n = h0n_reg;
            assign p_h1n = h1n_reg;
            assign p_ov0 = ov0_reg;
            assign p_ov1 = ov1_reg;
        end
    endgenerate

    // ---- AT window and FSM ----
    // The window registers count down from the W and N the window started with, and three
    // flags say where they stand (last cycle, one hit short, reached), each registered with
    // the counters; c's threshold compares are registered too (at_hit_reg, ft_cross_reg). The
    // decision of an edge is then a few LUT levels from flops with no carry chain in front.
    // (Counting up against the live W and N with the state choosing which, and c's compares
    // in the same edge, was the NIC core's worst path: 103 MHz on ECP5, 31.6 on iCE40UP5K.)
    // The compares are registered already selected by the state after the edge (an AT hit:
    // c < th_s when Congested, c > th_e when Normal; an FT crossing likewise with t_s / t_e),
    // the values the selects by congested_reg would give one edge on (the selects behind the
    // four registers put two LUT levels more in front of the window's next values, the NIC
    // core's worst path on ECP5 in one seed of three).
    wire cx_gt_te_next = c > cfg_t_e;
    wire cx_lt_ts_next = c < cfg_t_s;
    wire cx_gt_the_next = c > cfg_th_e;
    wire cx_lt_ths_next = c < cfg_th_s;
    reg  at_hit_reg, ft_cross_reg;
    wire at_hit    = at_hit_reg;
    wire at_mode   = cfg_enable && cfg_strategy;
    // N is reached when this cycle's hit (if any) meets the hits still needed; checked before
    // the window end, so N reached in a window's last cycle counts
    wire at_reached = at_hit ? need1_reg : need0_reg;
    wire ft_cross  = ft_cross_reg;
    // flip: the state changes on this edge (AT reached, FT crossed, or disabled while Congested)
    wire flip      = cfg_enable ? (cfg_strategy ? at_reached : ft_cross) : congested_reg;
    // the window counts on (AT, not reached, not its last cycle); otherwise a new one starts
    wire count_on  = at_mode && !at_reached && !last_reg;
    // a new window's W and N: those of the state after the edge (the present one's unless
    // flip), and their flags, each formed for both states from the inputs and selected last
    wire          w_e_le1 = (cfg_w_e[WW-1:1] == {(WW-1){1'b0}});
    wire          w_s_le1 = (cfg_w_s[WW-1:1] == {(WW-1){1'b0}});
    wire          n_e_le1 = (cfg_n_e[WW-1:1] == {(WW-1){1'b0}});
    wire          n_s_le1 = (cfg_n_s[WW-1:1] == {(WW-1){1'b0}});
    wire          n_e_0   = n_e_le1 && !cfg_n_e[0];
    wire          n_s_0   = n_s_le1 && !cfg_n_s[0];
    // the new window's state is Congested when Congested now xor flip: 0 when disabled, else
    // Congested xor the strategy's event, in two LUT levels from flops (each kept half of
    // four inputs, then one LUT of four): as `congested_reg ^ flip` ABC built three levels in
    // front of the state's wide fan-out (21.4-21.9 ns of 20.8 in two seeds of three of the NIC
    // core on iCE40UP5K)
    (* keep *) wire ns_at;
    assign ns_at = congested_reg ^ at_reached;
    (* keep *) wire ns_ft;
    assign ns_ft = cfg_enable && !cfg_strategy && (congested_reg ^ ft_cross);
    wire          new_s   = (cfg_enable && cfg_strategy && ns_at) || ns_ft;
    wire [WW-1:0] w_new   = new_s ? cfg_w_s : cfg_w_e;
    wire [WW-1:0] n_new   = new_s ? cfg_n_s : cfg_n_e;
    wire          w_new_le1 = new_s ? w_s_le1 : w_e_le1;
    wire          n_new_le1 = new_s ? n_s_le1 : n_e_le1;
    wire          n_new_0   = new_s ? n_s_0 : n_e_0;
    // the flags one cycle on (counting on means rem_w >= 2 and need >= 1, and need >= 2 when
    // this cycle is a hit)
    wire          rem_is2   = (rem_w_reg == {{(WW-2){1'b0}}, 2'b10});
    wire          need_is2  = (need_reg == {{(WW-2){1'b0}}, 2'b10});
    // need - 1 from the flops alone: the hit only selects it (a decrement by the hit bit put
    // c's compare in front of a carry chain)
    wire [WW-1:0] need_dec  = need_reg - {{(WW-1){1'b0}}, 1'b1};

    always @* begin
        congested_next  = new_s;
        stat_enter_next = flip && !congested_reg;
        stat_exit_next  = flip && congested_reg;
        if (count_on) begin
            rem_w_next = rem_w_reg - {{(WW-1){1'b0}}, 1'b1};
            need_next  = at_hit ? need_dec : need_reg;
            last_next  = rem_is2;
            need1_next = at_hit ? need_is2 : need1_reg;
            need0_next = 1'b0;
        end else begin
            rem_w_next = w_new;
            need_next  = n_new;
            last_next  = w_new_le1;
            need1_next = n_new_le1;
            need0_next = n_new_0;
        end
    end

    // ---- injection ----
    // allow on the edge at the end of cycle t compares with F(t) = f_value of cycle t - 1
    // (f of the c of three cycles before), and both compares are made one edge ahead, on
    // the edge at the end of cycle t - 1, from flops: FI's with the idle count cycle t will
    // have (idle + 2 of cycle t - 1, or 1 after a flit), RI's with the LFSR value cycle t
    // will have (the seed when it is loaded on this edge, else fg_lfsr's value_step, each
    // compared and the load selecting). The edge of cycle t then only selects among
    // registered results (pre_*_reg): the wide compares in front of allow were the NIC
    // core's worst path on iCE40 (36 MHz).
    // Each compare is two half-width carry chains side by side, combined by one LUT, on
    // ECP5 (g_cmp_joined) before the register. On iCE40 (g_cmp_split) f is in parts (above),
    // and each compare is made against both high halves (the carry's two cases), the
    // halves' results combined by one LUT behind their chains into a register per case,
    // registered with the carry and the overflow; the cases where the result does not
    // depend on the compare (a flit, a saturated F, a seed of 0) are folded into registers
    // of their own, and the carry's select and those cases follow on the edge that reads
    // them (the combine and the flit select behind the chains were two LUT levels and their
    // routes, 21.6-21.9 ns of 20.8 in two seeds of three of the NIC core on iCE40UP5K). The
    // same values either way, read on the same edge.
    wire [CMPW-1:0] r_ext = {{(CMPW-32){1'b0}}, lfsr_value_step};
    wire [CMPW-1:0] s_ext = {{(CMPW-32){1'b0}}, cfg_seed};
    localparam integer FH = FW / 2;
    localparam integer CH = CMPW / 2;
    localparam [CMPW-1:0] F_ONES = {{(CMPW-FW){1'b0}}, {FW{1'b1}}};   // f saturated
    wire sd_zero = (cfg_seed == 32'd0);
    wire f_le1;                 // F <= 1
    wire f0_next;               // F == 0
    // the compares made on the edge before, as the edge of this cycle reads them:
    // FI, this cycle: after a flit in the cycle before the idle count is 1 now (1 >= F:
    // F <= 1), otherwise idle + 2 of that cycle (gap_plus2_reg); the two RI cases are
    // registered apart and the load selects; a loaded seed of 0 becomes 1 in fg_lfsr: 1 >= F
    // when F <= 1
    // x >= y on iCE40 from x and ~y (yn): a select of two high-half results by the low half's,
    // each the carry out of its own chain: x >= y is x_hi >= y_hi when x_lo >= y_lo, else
    // x_hi > y_hi. The carry of x + ~y + 1 is x >= y, that of x + ~y is x > y (a 1 appended to
    // both operands is the carry in), so no equality is formed and no operand is inverted in
    // front of a chain (iCE40's carry cannot invert one: ~F comes from flops of its own). As
    // `hi_gt || (hi_eq && lo_ge)` yosys built the equality as a LUT tree beside the chain,
    // three LUT levels behind it into the register (21.9 ns of 20.8 in one seed of three of
    // the NIC core on iCE40UP5K, the LFSR's compare).
    function f_ge_cs;
        input [CMPW-1:0] x;
        input [CMPW-1:0] yn;
        reg   [CH+1:0]      lo_s;   // [CH+1]: x_lo >= y_lo
        reg   [CMPW-CH+1:0] ge_s;   // [top]: x_hi >= y_hi
        reg   [CMPW-CH:0]   gt_s;   // [top]: x_hi > y_hi
        begin
            lo_s = {1'b0, x[CH-1:0], 1'b1} + {1'b0, yn[CH-1:0], 1'b1};
            ge_s = {1'b0, x[CMPW-1:CH], 1'b1} + {1'b0, yn[CMPW-1:CH], 1'b1};
            gt_s = {1'b0, x[CMPW-1:CH]} + {1'b0, yn[CMPW-1:CH]};
            f_ge_cs = lo_s[CH+1] ? ge_s[CMPW-CH+1] : gt_s[CMPW-CH];
        end
    endfunction
    wire pre_fi, pre_ri_step, pre_ri_seed;
    generate
        if (SUM_FULL_CHAIN == 1) begin : g_cmp_joined
            wire [CMPW-1:0] f_ext = {{(CMPW-FW){1'b0}}, f_cur};
            wire fi_hi_gt = gap_plus2_reg[FW-1:FH] > f_cur[FW-1:FH];
            wire fi_hi_eq = gap_plus2_reg[FW-1:FH] == f_cur[FW-1:FH];
            wire fi_lo_ge = gap_plus2_reg[FH-1:0] >= f_cur[FH-1:0];
            wire ri_hi_gt = r_ext[CMPW-1:CH] > f_ext[CMPW-1:CH];
            wire ri_hi_eq = r_ext[CMPW-1:CH] == f_ext[CMPW-1:CH];
            wire ri_lo_ge = r_ext[CH-1:0] >= f_ext[CH-1:0];
            wire sd_hi_gt = s_ext[CMPW-1:CH] > f_ext[CMPW-1:CH];
            wire sd_hi_eq = s_ext[CMPW-1:CH] == f_ext[CMPW-1:CH];
            wire sd_lo_ge = s_ext[CH-1:0] >= f_ext[CH-1:0];
            assign f_le1   = (f_cur[FW-1:1] == {(FW-1){1'b0}});
            assign f0_next = f_le1 && !f_cur[0];
            wire pre_fi_next      = flit_sent ? f_le1 : (fi_hi_gt || (fi_hi_eq && fi_lo_ge));
            wire pre_ri_step_next = ri_hi_gt || (ri_hi_eq && ri_lo_ge);
            wire pre_ri_seed_next = (sd_hi_gt || (sd_hi_eq && sd_lo_ge)) || (sd_zero && f_le1);
            reg  pre_fi_reg, pre_ri_step_reg, pre_ri_seed_reg;
            always @(posedge clk) begin
                if (rst) begin
                    pre_fi_reg      <= 1'b1;    // F = 0 after reset: every compare holds
                    pre_ri_step_reg <= 1'b1;
                    pre_ri_seed_reg <= 1'b1;
                end else begin
                    pre_fi_reg      <= pre_fi_next;
                    pre_ri_step_reg <= pre_ri_step_next;
                    pre_ri_seed_reg <= pre_ri_seed_next;
                end
            end
            assign pre_fi      = pre_fi_reg;
            assign pre_ri_step = pre_ri_step_reg;
            assign pre_ri_seed = pre_ri_seed_reg;
        end else begin : g_cmp_split
            // ~F without saturation for each case of the carry, from the inverted flops (an
            // inverter LUT and its route in front of each chain were 4.4 + 3.7 ns of wire in
            // one seed of three), and the overflow of this cycle
            wire [FW-1:0]   fn_c0 = {p_h0n, p_lon};
            wire [FW-1:0]   fn_c1 = {p_h1n, p_lon};
            wire [CMPW-1:0] fn_e0 = {{(CMPW-FW){1'b1}}, fn_c0};
            wire [CMPW-1:0] fn_e1 = {{(CMPW-FW){1'b1}}, fn_c1};
            wire            ov   = p_cy ? p_ov1 : p_ov0;
            // ">=" for each case (c0, c1), f_ge_cs (above) against ~F of that case; FI's count is
            // extended to CMPW bits like the others (a zero above x and a one above ~y pass
            // the carry through). The two cases' low chains are the same cells (F's low half
            // is common to both), merged.
            wire [CMPW-1:0] g_ext = {{(CMPW-FW){1'b0}}, gap_plus2_reg};
            wire fi_c0 = f_ge_cs(g_ext, fn_e0);
            wire fi_c1 = f_ge_cs(g_ext, fn_e1);
            wire fi_ones = &gap_plus2_reg;
            wire ri_c0 = f_ge_cs(r_ext, fn_e0);
            wire ri_c1 = f_ge_cs(r_ext, fn_e1);
            wire ri_ones = r_ext >= F_ONES;
            wire sd_c0 = f_ge_cs(s_ext, fn_e0);
            wire sd_c1 = f_ge_cs(s_ext, fn_e1);
            wire sd_ones = s_ext >= F_ONES;
            // F <= 1: not saturated, the selected high half 0 and the low half 0 or 1
            wire hi_zero = p_cy ? (p_h1 == {(FW-SH){1'b0}}) : (p_h0 == {(FW-SH){1'b0}});
            assign f_le1   = !ov && hi_zero && (p_lo[SH-1:1] == {(SH-1){1'b0}});
            assign f0_next = f_le1 && !p_lo[0];
            // what does not wait for the chains is folded before the register: FI's result
            // is forced after a flit (F <= 1) or when F saturates (the idle count all ones),
            // RI's when F saturates, or for a seed of 0 (F <= 1)
            wire fi_force_next = flit_sent || ov;
            wire fi_fval_next  = flit_sent ? f_le1 : fi_ones;
            wire ri_fval_next  = ri_ones;
            wire sd_fval_next  = sd_ones || (sd_zero && f_le1);
            wire sd_force_next = ov || (sd_zero && f_le1);
            reg  fi_c0_reg, fi_c1_reg, ri_c0_reg, ri_c1_reg, sd_c0_reg, sd_c1_reg;
            reg  fi_force_reg, fi_fval_reg, ri_fval_reg, sd_force_reg, sd_fval_reg;
            reg  cy_q_reg, ov_q_reg;
            always @(posedge clk) begin
                if (rst) begin
                    // F = 0 after reset: every compare holds
                    fi_c0_reg    <= 1'b1;
                    fi_c1_reg    <= 1'b1;
                    ri_c0_reg    <= 1'b1;
                    ri_c1_reg    <= 1'b1;
                    sd_c0_reg    <= 1'b1;
                    sd_c1_reg    <= 1'b1;
                    fi_force_reg <= 1'b0;
                    fi_fval_reg  <= 1'b0;
                    ri_fval_reg  <= 1'b0;
                    sd_force_reg <= 1'b0;
                    sd_fval_reg  <= 1'b0;
                    cy_q_reg     <= 1'b0;
                    ov_q_reg     <= 1'b0;
                end else begin
                    fi_c0_reg    <= fi_c0;
                    fi_c1_reg    <= fi_c1;
                    ri_c0_reg    <= ri_c0;
                    ri_c1_reg    <= ri_c1;
                    sd_c0_reg    <= sd_c0;
                    sd_c1_reg    <= sd_c1;
                    fi_force_reg <= fi_force_next;
                    fi_fval_reg  <= fi_fval_next;
                    ri_fval_reg  <= ri_fval_next;
                    sd_force_reg <= sd_force_next;
                    sd_fval_reg  <= sd_fval_next;
                    cy_q_reg     <= p_cy;
                    ov_q_reg     <= ov;
                end
            end
            assign pre_fi      = fi_force_reg ? fi_fval_reg : (cy_q_reg ? fi_c1_reg : fi_c0_reg);
            assign pre_ri_step = ov_q_reg ? ri_fval_reg : (cy_q_reg ? ri_c1_reg : ri_c0_reg);
            assign pre_ri_seed = sd_force_reg ? sd_fval_reg : (cy_q_reg ? sd_c1_reg : sd_c0_reg);
        end
    endgenerate

    always @* begin
        // gap_plus2_reg holds what the idle count becomes by the end of the next cycle if no
        // flit goes in this one or that one: the previous count plus two, saturating
        if (flit_sent) begin
            gap_plus2_next = {{(FW-2){1'b0}}, 2'b10};
        end else if (&gap_plus2_reg) begin
            gap_plus2_next = gap_plus2_reg;
        end else begin
            gap_plus2_next = gap_plus2_reg + {{(FW-1){1'b0}}, 1'b1};
        end
        // allowed when off or Normal after the edge; otherwise FI: the idle count after this
        // edge >= F (0 >= F after a flit, otherwise the compare made on the edge before), RI:
        // the random compare. Written as an OR, not a select of 1: yosys made that select
        // allow_reg's synchronous set, congested_next's LUTs in front of the reset pin and its
        // route (22.6 ns of 20.8 in one seed of three of the NIC core on iCE40UP5K).
        allow_next = !cfg_enable || !congested_next
                  || (cfg_injection ? (seed_load_q_reg ? pre_ri_seed : pre_ri_step)
                                    : (flit_sent ? f0_reg : pre_fi));
    end

    always @(posedge clk) begin
        if (rst) begin
            congested_reg      <= 1'b0;
            at_hit_reg         <= 1'b0;
            ft_cross_reg       <= 1'b0;
            // no window after reset: "last cycle" and "not reached", so the first AT cycle
            // ends it and starts one with that cycle's W and N (rem_w 1 and need 2 are the
            // counters those flags describe)
            rem_w_reg          <= {{(WW-1){1'b0}}, 1'b1};
            need_reg           <= {{(WW-2){1'b0}}, 2'b10};
            last_reg           <= 1'b1;
            need1_reg          <= 1'b0;
            need0_reg          <= 1'b0;
            gap_plus2_reg      <= {FW{1'b1}};   // the last flit was "long ago"
            seed_load_q_reg    <= 1'b0;
            f0_reg             <= 1'b1;
            allow_reg          <= 1'b1;
            shr_lo_reg         <= {FW{1'b0}};
            hi_th_reg          <= f_hi_th(6'd0);   // m = n = 0
            d_reg              <= 6'd0;
            d_oh_reg           <= f_d_oh(6'd0);
            shr_hi_reg         <= 1'b0;
            stat_enter_reg     <= 1'b0;
            stat_exit_reg      <= 1'b0;
            stat_throttled_reg <= 1'b0;
        end else begin
            congested_reg      <= congested_next;
            at_hit_reg         <= congested_next ? cx_lt_ths_next : cx_gt_the_next;
            ft_cross_reg       <= congested_next ? cx_lt_ts_next : cx_gt_te_next;
            rem_w_reg          <= rem_w_next;
            need_reg           <= need_next;
            last_reg           <= last_next;
            need1_reg          <= need1_next;
            need0_reg          <= need0_next;
            gap_plus2_reg      <= gap_plus2_next;
            seed_load_q_reg    <= cfg_seed_load;
            f0_reg             <= f0_next;
            allow_reg          <= allow_next;
            shr_lo_reg         <= shr_lo_next;
            hi_th_reg          <= f_hi_th(d_reg);
            d_reg              <= d_next;
            d_oh_reg           <= f_d_oh(d_reg);
            shr_hi_reg         <= shr_hi_next;
            stat_enter_reg     <= stat_enter_next;
            stat_exit_reg      <= stat_exit_next;
            stat_throttled_reg <= flit_req && !allow_reg;
        end
    end

    assign congested      = congested_reg;
    assign allow          = allow_reg;
    assign f_value        = f_cur;
    assign stat_enter     = stat_enter_reg;
    assign stat_exit      = stat_exit_reg;
    assign stat_throttled = stat_throttled_reg;

endmodule

`default_nettype wire
