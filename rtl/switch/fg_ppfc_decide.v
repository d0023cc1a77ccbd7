// fg_ppfc_decide - P-PFC's decision engine at line rate (docs/blocks/ppfc_decide.md): the
// prediction, the gate, the random pick of the ingress ports in proportion to their share of
// a congested queue, the pause time and the hold-off of SPEC.md section 4 (seed 000,
// Algorithms 1-3), built so that every stage is one carry chain, one select or one DSP
// product between registers. It reads what the line-rate buffer manager provides as streams
// and block-RAM reads instead of fg_ppfc's N*N*P parallel wires:
//
//   - the interval's increments from fg_ppfc_snap (`snap_inc`, `snap_inc_total`, `snap_done`;
//     this block's `tick` starts the snapshot's pass);
//   - the composition counters of one egress queue from fg_comp_bank (`rq_valid`/`rq_eq` out,
//     `rs_valid`/`rs_comp` back some edges later: the engine waits for `rs_valid`);
//   - the egress queue lengths, `paused`, `shared_free` as flops of fg_bm_pipe.
//
// A decision, state by state (one edge each unless said; M is the shared fg_mul_wide, four
// edges from operands to product, tagged so that each product goes to the state that asked):
//   IDLE    a pass's `done` (or a pending one) with the engine and its pause pipe idle: latch
//           the pass's inc_total
//   PMUL    M <- horizon x max(inc_total, 0)
//   PRED    wait for the product and, one edge later, its registered compare: fire =
//           bank_ready && inc_total > 0 && shared_free < product (the inputs of the cycle the
//           product is there); fire latches the gate bits as the queues to visit, else IDLE
//   FIRST, FIRST2  (two edges after PRED: the first bit of the new list registered)
//   FIND    the first queue left (x & -x in two registered levels, groups of 8, every edge
//           from the list); none: IDLE
//   GATE    its index, port and priority (one-hots), its length (groups of 8 queues); the
//           composition read issued
//   LANES   per port i: inc[i][p] selected; the length (the groups' OR)
//   LANES2  per port: inc > 1 and no hold-off, latched (an answer here is not taken: the bank
//           must answer two edges or more after the read; fg_comp_bank takes four);
//           M <- ratio x length (the target)
//   WAIT    until rs_valid: per port the candidate test (that bit; comp > 0; not paused in
//           the cycle before) and its share (comp or 0): the CAND edge
//   PREFIX  the prefix sums of the shares by a Sklansky network, a register after each of its
//           clog2(N) levels
//   LOAD    the prefix sums and their total (rem) into the working registers; rem 0: FIND
//   PICK    M <- lfsr x rem, the LFSR steps
//   PWAIT   wait for the product: r = (lfsr x rem) >> 32, uniform in [0, rem)
//   SEL1    per port: prefix > r (a thermometer: prefix sums rise only at candidates)
//   SEL2    its first bit: the chosen port, its share and increment
//   SEL3    prefix, rem, chosen sum updated, the share cleared, the hold-off set, the stop
//           tests registered (chosen + share >= ceil(target / 2^16), rem = share); the pick
//           enters the pause pipe
//   TEST    a stop test true (the ratio R reached, or no share left): FIND, else PICK
// The pause pipe (beside the FSM): x = comp + max(inc, 0); y = x * cell_cycles[o] (M2, four
// edges), z = y * quanta_step[i] (M3, four edges), pp_quanta = sat16(z >> 24), at least 1
// when z > 0; then pp_valid with pp_port / pp_prio and stat_pp.
// The hold-off of a PG is an expiry stamp: the boundary count at which it ends (16 bits per
// PG and one equality compare, instead of a down-counter per PG).
`default_nettype none

module fg_ppfc_decide #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width, 4..19 (the pause product's 36 bits)
    // derived - do not override
    parameter integer NP      = N_PORTS * N_PRIO,
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1,
    parameter integer EW      = (NP > 1) ? $clog2(NP) : 1,
    parameter integer TW      = CW + EW + 1    // fg_ppfc_snap's inc_total width
) (
    input  wire                   clk,
    input  wire                   rst,
    // configuration (fg_ppfc's registers)
    input  wire                   cfg_enable,
    input  wire [23:0]            cfg_interval,
    input  wire [15:0]            cfg_horizon,
    input  wire [16:0]            cfg_ratio,
    input  wire [CW-1:0]          cfg_kmax,
    input  wire [15:0]            cfg_holdoff,
    input  wire [31:0]            cfg_seed,
    input  wire                   cfg_seed_load,
    input  wire [N_PRIO-1:0]      cfg_lossless,
    input  wire [N_PORTS*16-1:0]  cfg_cell_cycles,
    input  wire [N_PORTS*24-1:0]  cfg_quanta_step,
    // the snapshot (fg_ppfc_snap)
    output wire                   tick,
    input  wire [NP*(CW+1)-1:0]   snap_inc,
    input  wire [TW-1:0]          snap_inc_total,
    input  wire                   snap_done,
    // the composition counters (fg_comp_bank)
    input  wire                   bank_ready,
    output wire                   rq_valid,
    output wire [EW-1:0]          rq_eq,
    input  wire                   rs_valid,
    input  wire [N_PORTS*CW-1:0]  rs_comp,
    // the buffer manager's flops
    input  wire [NP*CW-1:0]       egress_cnt,
    input  wire [CW-1:0]          shared_free,
    input  wire [NP-1:0]          paused,
    // the requests
    output wire                   pp_valid,
    output wire [PW-1:0]          pp_port,
    output wire [2:0]             pp_prio,
    output wire [15:0]            pp_quanta,
    output wire                   stat_predict,
    output wire [NP-1:0]          stat_pp,
    output wire                   stat_overrun,
    output wire                   busy
);

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n
            fg_ppfc_decide_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_p
            fg_ppfc_decide_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (CW < 4 || CW > 19) begin : g_bad_cw
            fg_ppfc_decide_parameter_CW_must_be_4_to_19 u_param_error ();
        end
    endgenerate

    localparam integer SUMW = CW + PW;              // a share sum over N ports
    localparam integer LV   = (N_PORTS > 1) ? $clog2(N_PORTS) : 0;   // prefix levels
    localparam integer MAW  = 32;                   // M's operand a: horizon, ratio, lfsr
    localparam integer MBW  = CW + EW + 1;          // M's operand b: inc_total, length, rem
    localparam integer XW   = CW + 1;               // x = comp + max(inc, 0)
    localparam integer YW   = XW + 16;              // y = x * cell_cycles
    localparam integer ZW   = YW + 24;              // z = y * quanta_step
    localparam integer IW   = CW + 1;               // a signed increment

    localparam [4:0] S_IDLE = 5'd0, S_PMUL = 5'd1, S_PRED = 5'd2, S_FIND = 5'd3, S_GATE = 5'd4,
                     S_LANES = 5'd5, S_WAIT = 5'd6, S_PREFIX = 5'd7, S_LOAD = 5'd8,
                     S_PICK = 5'd9, S_PWAIT = 5'd10, S_SEL1 = 5'd11, S_SEL2 = 5'd12,
                     S_SEL3 = 5'd13, S_TEST = 5'd14, S_FIRST = 5'd15, S_LANES2 = 5'd16,
                     S_FIRST2 = 5'd17;
    localparam integer LV_LAST_I = (LV > 0) ? LV - 1 : 0;
    localparam [3:0] LV_LAST = LV_LAST_I[3:0];      // PREFIX's last level (LV > 0)
    localparam [1:0] T_NONE = 2'd0, T_PRED = 2'd1, T_TARGET = 2'd2, T_PICK = 2'd3;

    // ---- registers -----------------------------------------------------------------------
    reg  [4:0]            state_reg,     state_next;
    // cfg_enable registered once: every use below is en_reg (a change acts one edge later;
    // the input then drives one flop, not the engine's hundreds of gated registers); so are
    // kmax, lossless, horizon, ratio, cell_cycles and quanta_step (the *_q registers)
    reg                   en_reg;
    // the configuration that fans out to many lanes, registered once as cfg_enable is
    reg  [CW-1:0]         kmax_q;
    reg  [N_PRIO-1:0]     lossless_q;
    reg  [15:0]           horizon_q;
    reg  [16:0]           ratio_q;
    reg  [N_PORTS*16-1:0] cell_cycles_q;
    reg  [N_PORTS*24-1:0] quanta_step_q;
    reg                   pending_reg,   pending_next;
    reg  [24:0]           ivl_p1_reg,    ivl_p1_next;    // cycles of the interval + 1
    reg                   tick_reg,      tick_next;
    reg  [15:0]           bcnt_reg,      bcnt_next;      // boundaries since reset (wraps)
    // kept beside bcnt so that no adder sits before the NP stamp compares and writes:
    reg  [15:0]           bcnt_p1_reg, bcnt_p2_reg;      // bcnt + 1, bcnt + 2
    reg  [15:0]           holdoff_reg;                   // max(cfg_holdoff, 1), registered
    reg  [15:0]           stamp0_reg, stamp1_reg;        // bcnt + h, bcnt + 1 + h
    reg  [TW-1:0]         tot_reg,       tot_next;       // the pass's inc_total
    reg  [NP-1:0]         gate_reg;                       // lossless && egress_cnt > kmax
    reg  [NP-1:0]         todo_reg,      todo_next;      // queues this decision still visits
    reg  [NP-1:0]         eq_hot_reg,    eq_hot_next;    // the queue FIND chose
    // todo's first bit in two registered levels (groups of 8): ff_reg is todo's of two
    // edges before
    localparam integer NGT = (NP + 7) / 8;
    reg  [NP-1:0]         ff_low_reg;                    // per group, its first bit
    reg  [NGT-1:0]        ff_grp_reg;                    // per group, any bit
    reg  [NP-1:0]         ff_reg;
    reg                   ff_any_reg;                    // ff_reg != 0, registered beside it
    reg  [N_PORTS-1:0]    o_hot_reg,     o_hot_next;
    reg  [N_PRIO-1:0]     p_hot_reg,     p_hot_next;
    reg  [2:0]            p_idx_reg,     p_idx_next;
    reg  [CW-1:0]         egress_sel_reg, egress_sel_next;
    // the queue's length in two levels: GATE registers the OR of each group of 8 queues,
    // LANES the OR of the groups
    localparam integer NGQ = (NP + 7) / 8;
    reg  [NGQ*CW-1:0]     egress_grp_reg;
    wire [NGQ*CW-1:0]     egress_grp_w;
    reg  [15:0]           cc_sel_reg,    cc_sel_next;    // cell_cycles[o]
    reg                   rq_valid_reg,  rq_valid_next;
    reg  [EW-1:0]         rq_eq_reg,     rq_eq_next;
    reg                   stat_predict_reg, stat_predict_next;
    reg                   stat_overrun_reg, stat_overrun_next;
    reg  [CW+1:0]         target_c_reg,  target_c_next;  // ceil(ratio x length / 2^16)
    reg                   fire_reg;                      // the prediction, from last cycle's
    reg  [1:0]            mtag5_reg;                     // M's tag one edge after its product
    reg                   ratio_hit_reg, ratio_hit_next; // SEL3: the chosen sum reaches it
    reg  [SUMW+1:0]       need_reg,      need_next;      // SEL2: target_c - chosen (signed)
    reg                   empty_hit_reg, empty_hit_next; // SEL3: no share left after this pick
    reg  [SUMW-1:0]       rem_reg,       rem_next;
    reg  [SUMW-1:0]       chosen_sum_reg, chosen_sum_next;
    reg                   r_load;                        // PWAIT: r = M's product >> 32
    reg                   c_load;                        // SEL2: the chosen port's share
    reg  [3:0]            lvl_cnt_reg,   lvl_cnt_next;   // PREFIX: levels done
    // prefix > r per port, registered every edge (prefix and r hold from PWAIT to SEL3, so
    // the flops show SEL1's compare in SEL2 and SEL3): gt_reg for the lane's prefix update,
    // sel_hit_reg its first bit (the chosen port) for SEL2's selects, formed after the
    // compares so that no LUT stands between the flops and the muxes
    reg  [N_PORTS-1:0]    gt_reg,        sel_hit_reg;
    wire [N_PORTS-1:0]    gt_w;
    reg  [N_PORTS-1:0]    sel_hot_reg,   sel_hot_next;
    reg  [PW-1:0]         c_i_reg,       c_i_next;
    reg  [CW-1:0]         c_comp_reg,    c_comp_next;
    reg  [CW-1:0]         c_inc_reg,     c_inc_next;
    reg  [N_PORTS*IW-1:0] lane_inc_reg;                  // inc[i][p] of the queue's priority
    reg  [N_PORTS-1:0]    lane_gt1_reg;                  // LANES2: inc > 1
    reg  [N_PORTS-1:0]    lane_blk_reg;                  // LANES2: a hold-off runs
    reg  [N_PORTS-1:0]    lane_paused_reg;               // PG (i, p) paused, last cycle's
    reg  [N_PORTS*CW-1:0] share_reg;                     // a candidate's comp, else 0
    reg  [N_PORTS*SUMW-1:0] prefix_reg;
    reg  [NP-1:0]         hold_act_reg;                  // a PG's hold-off runs
    reg  [NP*16-1:0]      hold_stamp_reg;                // ... until this boundary count
    reg  [7:0]            mtag_reg,      mtag_next;      // M's tags, 4 stages of 2 bits
    reg                   busy_reg,      busy_next;
    // the pause pipe: q1 (after SEL3), d2 (beside M2, 4 stages), d3 (beside M3, 4 stages)
    reg                   q1_v_reg;
    reg  [PW-1:0]         q1_i_reg;
    reg  [2:0]            q1_p_reg;
    reg  [XW-1:0]         q1_x_reg;
    reg  [15:0]           q1_cc_reg;
    reg  [23:0]           q1_qs_reg;
    reg  [3:0]            d2_v_reg;
    reg  [4*PW-1:0]       d2_i_reg;
    reg  [11:0]           d2_p_reg;
    reg  [95:0]           d2_qs_reg;
    reg  [3:0]            d3_v_reg;
    reg  [4*PW-1:0]       d3_i_reg;
    reg  [11:0]           d3_p_reg;
    reg                   pp_valid_reg,  pp_valid_next;
    reg  [PW-1:0]         pp_port_reg,   pp_port_next;
    reg  [2:0]            pp_prio_reg,   pp_prio_next;
    reg  [15:0]           pp_quanta_reg, pp_quanta_next;
    reg  [NP-1:0]         stat_pp_reg;
    wire [NP-1:0]         stat_pp_next;

    wire [N_PORTS*IW-1:0]   lane_inc_next;
    wire [N_PORTS-1:0]      lane_gt1_next, lane_blk_next;
    wire [N_PORTS-1:0]      lane_paused_next;
    wire [N_PORTS*CW-1:0]   share_next;
    wire [N_PORTS*SUMW-1:0] prefix_next;
    wire [N_PORTS*SUMW-1:0] pre_top;           // the Sklansky network's last level
    wire [NP-1:0]           hold_act_next;
    wire [NP*16-1:0]        hold_stamp_next;
    wire [NP-1:0]           gate_next;

    // ---- the shared multiplier M and its tags -------------------------------------------
    wire [31:0]         lfsr_value;
    // the product's top bits are zero by the operands in use (each consumer takes its slice)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [MAW+MBW-1:0]  m_p;
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [MAW-1:0]      m_a;
    reg  [MBW-1:0]      m_b;
    reg  [1:0]          m_tag;
    wire [1:0]          m_tag_out = mtag_reg[7:6];
    wire                pipe_busy = q1_v_reg || (d2_v_reg != 4'd0) || (d3_v_reg != 4'd0);
    wire                idle_all  = (state_reg == S_IDLE) && !pipe_busy;

    fg_mul_wide #(.AW(MAW), .BW(MBW)) u_mul (
        .clk(clk), .rst(rst), .a(m_a), .b(m_b), .p(m_p));

    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] lfsr_step_unused;   // the value one step on: not needed (the pick uses today's)
    /* verilator lint_on UNUSEDSIGNAL */
    wire        lfsr_step = en_reg && (state_reg == S_PICK);
    fg_lfsr #(.RESET_SEED(32'h0000_0001)) u_lfsr (
        .clk(clk), .rst(1'b0), .load(rst | cfg_seed_load), .seed(cfg_seed),
        .step(lfsr_step), .value(lfsr_value), .value_step(lfsr_step_unused));

    // ---- one-hot selects of the chosen queue, port, priority -----------------------------
    wire [EW-1:0]      eq_idx_w;     // index of eq_hot_reg
    wire [N_PORTS-1:0] o_hot_w;
    wire [N_PRIO-1:0]  p_hot_w;
    wire [2:0]         p_idx_w;
    wire [CW-1:0]      egress_sel_w;
    wire [15:0]        cc_sel_w;
    wire [NP-1:0]      ff_low_w;
    wire [NGT-1:0]     ff_grp_w;
    localparam [NGT-1:0] ONE_T = 1;
    wire [NGT-1:0]     ff_grp_first = ff_grp_reg & (~ff_grp_reg + ONE_T);
    wire [NP-1:0]      find_first;
    genvar gt;
    generate
        for (gt = 0; gt < NGT; gt = gt + 1) begin : g_ff
            localparam integer LO = gt * 8;
            localparam integer NQ = (NP - LO < 8) ? NP - LO : 8;
            localparam [NQ-1:0] ONE_G = 1;
            wire [NQ-1:0] t = todo_reg[LO +: NQ];
            assign ff_low_w[LO +: NQ]   = t & (~t + ONE_G);
            assign ff_grp_w[gt]         = |t;
            assign find_first[LO +: NQ] = ff_low_reg[LO +: NQ] & {NQ{ff_grp_first[gt]}};
        end
    endgenerate
    wire [N_PORTS-1:0] sel_hit = sel_hit_reg;
    wire [PW-1:0]      sel_idx_w;
    wire [CW-1:0]      sel_comp_w;
    wire [CW-1:0]      sel_inc_w;    // max(inc, 0) of the chosen port
    wire [23:0]        sel_qs_w;

    genvar gq;
    generate
        for (gq = 0; gq < NGQ; gq = gq + 1) begin : g_egress_grp
            localparam integer LO = gq * 8;
            localparam integer NQ = (NP - LO < 8) ? NP - LO : 8;
            fg_ppfc_mux #(.W(CW), .N(NQ)) u_mux (
                .data(egress_cnt[LO*CW +: NQ*CW]), .sel(eq_hot_reg[LO +: NQ]),
                .out(egress_grp_w[gq*CW +: CW]));
        end
    endgenerate
    reg  [CW-1:0] egress_or;
    integer kq;
    always @* begin
        egress_or = {CW{1'b0}};
        for (kq = 0; kq < NGQ; kq = kq + 1) egress_or = egress_or | egress_grp_reg[kq*CW +: CW];
    end
    assign egress_sel_w = egress_or;
    fg_ppfc_mux #(.W(16), .N(N_PORTS)) u_cc_mux (.data(cell_cycles_q), .sel(o_hot_reg), .out(cc_sel_w));
    fg_ppfc_mux #(.W(CW), .N(N_PORTS)) u_comp_mux (.data(share_reg), .sel(sel_hit), .out(sel_comp_w));
    // (the quanta step of the chosen port from SEL2's registered one-hot, into the pause pipe)
    fg_ppfc_mux #(.W(24), .N(N_PORTS)) u_qs_mux (.data(quanta_step_q), .sel(sel_hot_reg), .out(sel_qs_w));

    genvar gi, gp, gl;
    // the indices of the one-hots
    fg_onehot_index #(.N(NP), .W(EW))      u_eq_idx  (.onehot(eq_hot_reg), .index(eq_idx_w));
    fg_onehot_index #(.N(N_PORTS), .W(PW)) u_sel_idx (.onehot(sel_hit), .index(sel_idx_w));
    fg_onehot_index #(.N(N_PRIO), .W(3))   u_p_idx   (.onehot(p_hot_w), .index(p_idx_w));
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_o_hot
            assign o_hot_w[gi] = |eq_hot_reg[gi*N_PRIO +: N_PRIO];
        end
        for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_p_hot
            wire [N_PORTS-1:0] m;
            for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_b
                assign m[gi] = eq_hot_reg[gi*N_PRIO + gp];
            end
            assign p_hot_w[gp] = |m;
        end
    endgenerate

    // ---- per port: the lane of the queue's priority, the candidate test, the share --------
    // one-hot flags of the states that enable wide register groups, each the registered
    // decode of state_next (so equal to state_reg == S_x), so that those enables are flops
    // rather than a decode of state_reg
    reg  f_gate_reg, f_lanes_reg, f_lanes2_reg, f_wait_reg, f_load_reg, f_sel3_reg;
    reg  f_pick_reg;
    // f_wait_reg and f_sel3_reg carry en_reg too (cfg_enable with state_next, registered)
    wire cand_edge = f_wait_reg && rs_valid;
    wire sel3_now  = f_sel3_reg;
    wire [N_PORTS*CW-1:0] lane_incpos;   // max(inc, 0) per port
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_lane
            wire [IW-1:0] inc_p;        // inc[gi][p] through p_hot_reg
            wire [IW-1:0] inc_l  = lane_inc_reg[gi*IW +: IW];
            wire [CW-1:0] comp_l = rs_comp[gi*CW +: CW];
            wire          blocked_l = |(hold_act_reg[gi*N_PRIO +: N_PRIO] & p_hot_reg);
            // "increment > 1" (SPEC 11: literally): non-negative and above 1; with the
            // hold-off, latched at LANES2 from the increment LANES latched, so that the
            // answer's edge tests three flops and a NOR
            wire          gt1_l  = !inc_l[IW-1] && (inc_l[CW-1:1] != {(CW-1){1'b0}});
            wire          ok_l   = lane_gt1_reg[gi] && !lane_blk_reg[gi] && (comp_l != {CW{1'b0}}) &&
                                   !lane_paused_reg[gi];
            assign lane_gt1_next[gi] = f_lanes2_reg ? gt1_l : lane_gt1_reg[gi];
            assign lane_blk_next[gi] = f_lanes2_reg ? blocked_l : lane_blk_reg[gi];
            assign lane_paused_next[gi] = |(paused[gi*N_PRIO +: N_PRIO] & p_hot_reg);
            fg_ppfc_mux #(.W(IW), .N(N_PRIO)) u_inc_mux (
                .data(snap_inc[gi*N_PRIO*IW +: N_PRIO*IW]), .sel(p_hot_reg), .out(inc_p));
            assign lane_inc_next[gi*IW +: IW] =
                f_lanes_reg ? inc_p : inc_l;
            assign lane_incpos[gi*CW +: CW] = inc_l[IW-1] ? {CW{1'b0}} : inc_l[CW-1:0];
            // SEL1's compare against a copy of r of the lane's own: one r register's net to
            // every lane's carry chain was an 8x8 worst path (2.5 ns of routing). The copies
            // load from the same source under the same condition, so they are equal on every
            // edge; fg_keep_reg, so that yosys does not merge them into one.
            wire [SUMW-1:0] r_l_reg;
            fg_keep_reg #(.W(SUMW), .RESET(0)) u_r_copy (
                .clk(clk), .rst(rst), .load(r_load), .d(m_p[32 +: SUMW]), .q(r_l_reg));
            // prefix > r as the sign of r - prefix: the chain's own last sum bit, no LUT
            // behind it (as a compare, yosys put the top bits in two LUTs after the chain)
            wire [SUMW:0] r_less = {1'b0, r_l_reg} - {1'b0, prefix_reg[gi*SUMW +: SUMW]};
            assign gt_w[gi] = r_less[SUMW];
            // SEL3's prefix update subtracts the chosen share from a copy of c_comp_reg of
            // the lane's own (same D, same load): c_comp_reg's one net to every lane's chain
            // was an 8x8 worst path (2.3 ns of routing)
            wire [CW-1:0] c_comp_l;
            fg_keep_reg #(.W(CW), .RESET(0)) u_c_copy (
                .clk(clk), .rst(rst), .load(c_load), .d(sel_comp_w), .q(c_comp_l));
            assign share_next[gi*CW +: CW] =
                cand_edge                  ? (ok_l ? comp_l : {CW{1'b0}}) :
                (sel3_now && sel_hot_reg[gi]) ? {CW{1'b0}} : share_reg[gi*CW +: CW];
            // SELECT's thermometer, and the update of the prefix sums from it
            assign prefix_next[gi*SUMW +: SUMW] =
                f_load_reg ? pre_top[gi*SUMW +: SUMW] :
                sel3_now ? prefix_reg[gi*SUMW +: SUMW] -
                           (gt_reg[gi] ? {{PW{1'b0}}, c_comp_l} : {SUMW{1'b0}}) :
                prefix_reg[gi*SUMW +: SUMW];
        end
    endgenerate
    fg_ppfc_mux #(.W(CW), .N(N_PORTS)) u_inc_sel_mux (.data(lane_incpos), .sel(sel_hit), .out(sel_inc_w));

    // ---- the prefix sums: Sklansky, a register after each level (free-running) -----------
    // level l + 1 from level l: in each group of 2^(l+1) ports, the upper half adds the last
    // sum of the lower half
    generate
        if (LV == 0) begin : g_pre_none
            assign pre_top = {{PW{1'b0}}, share_reg};
        end else begin : g_pre
            wire [(LV+1)*N_PORTS*SUMW-1:0] lvl;    // lvl[0] the shares, lvl[l] registers
            for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_l0
                assign lvl[gi*SUMW +: SUMW] = {{PW{1'b0}}, share_reg[gi*CW +: CW]};
            end
            for (gl = 0; gl < LV; gl = gl + 1) begin : g_level
                reg [N_PORTS*SUMW-1:0] lv_reg;
                for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_port
                    localparam integer SRC = ((gi >> (gl + 1)) << (gl + 1)) + (1 << gl) - 1;
                    wire [SUMW-1:0] own = lvl[(gl*N_PORTS + gi)*SUMW +: SUMW];
                    wire [SUMW-1:0] nxt;
                    if (((gi >> gl) & 1) == 1) begin : g_add
                        assign nxt = own + lvl[(gl*N_PORTS + SRC)*SUMW +: SUMW];
                    end else begin : g_keep
                        assign nxt = own;
                    end
                    always @(posedge clk) begin
                        if (rst) lv_reg[gi*SUMW +: SUMW] <= {SUMW{1'b0}};
                        else     lv_reg[gi*SUMW +: SUMW] <= nxt;
                    end
                end
                assign lvl[(gl+1)*N_PORTS*SUMW +: N_PORTS*SUMW] = lv_reg;
            end
            assign pre_top = lvl[LV*N_PORTS*SUMW +: N_PORTS*SUMW];
        end
    endgenerate

    // ---- per PG: the gate bit, the hold-off, stat_pp ---------------------------------------
    wire [15:0] holdoff_eff = (cfg_holdoff == 16'd0) ? 16'd1 : cfg_holdoff;
    wire [15:0] bcnt_p1_d   = tick_reg ? bcnt_p2_reg : bcnt_p1_reg;   // bcnt_p1_reg's D
    // a pick's stamp: bcnt after this edge + h, from registers (h as holdoff_reg held it in
    // the cycle before: cfg_holdoff two cycles before the pick)
    wire [15:0] stamp_new   = tick_reg ? stamp1_reg : stamp0_reg;
    wire [NP-1:0] pp_hot;              // the PG of the sat stage's request
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pg
            // bcnt + 1 for this port's PGs' expiry compares: a copy of bcnt_p1_reg (same D,
            // same reset), since the one register's net to all NP 16-bit compares was an 8x8
            // worst path (1.5 ns of routing into four LUT levels); fg_keep_reg: not merged back
            wire [15:0] bcnt_inc;
            fg_keep_reg #(.W(16), .RESET(1)) u_bcnt_copy (
                .clk(clk), .rst(rst), .load(1'b1), .d(bcnt_p1_d), .q(bcnt_inc));
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                localparam integer K = gi*N_PRIO + gp;
                wire [15:0] stamp  = hold_stamp_reg[K*16 +: 16];
                wire        picked = sel3_now && sel_hot_reg[gi] && p_hot_reg[gp];
                // bcnt + 1 == stamp as a carry chain's last bit: ~(a ^ b) + 1 carries out
                // of the top iff every bit of ~(a ^ b) is 1 (a 16-bit equality as a LUT tree
                // was four levels before the hold-off bit's enable: 8x8, 146.3 MHz)
                /* verilator lint_off UNUSEDSIGNAL */
                wire [16:0] eq_chain = {1'b0, ~(bcnt_inc ^ stamp)} + 17'd1;
                /* verilator lint_on UNUSEDSIGNAL */
                wire        ends   = tick_reg && eq_chain[16];
                assign hold_act_next[K] = !en_reg ? 1'b0 :
                                          picked      ? 1'b1 :
                                          ends        ? 1'b0 : hold_act_reg[K];
                assign hold_stamp_next[K*16 +: 16] = picked ? stamp_new : stamp;
                assign gate_next[K] = lossless_q[gp] && (egress_cnt[K*CW +: CW] > kmax_q);
                localparam [PW-1:0] I_IDX = gi;
                localparam [2:0]    P_IDX = gp;
                assign pp_hot[K] = (d3_i_reg[3*PW +: PW] == I_IDX) && (d3_p_reg[9 +: 3] == P_IDX);
            end
        end
    endgenerate

    // ---- the pause pipe's multipliers -----------------------------------------------------
    wire [YW-1:0] y_p;
    wire [ZW-1:0] z_p;
    fg_mul_wide #(.AW(XW), .BW(16)) u_mul_y (
        .clk(clk), .rst(rst), .a(q1_x_reg), .b(q1_cc_reg), .p(y_p));
    fg_mul_wide #(.AW(YW), .BW(24)) u_mul_z (
        .clk(clk), .rst(rst), .a(y_p), .b(d2_qs_reg[72 +: 24]), .p(z_p));
    wire [ZW-25:0] z_q      = z_p[ZW-1:24];
    wire [15:0]    quanta_w = (z_q[ZW-25:16] != {(ZW-40){1'b0}}) ? 16'hFFFF :
                              (z_q[15:0] != 16'd0)                  ? z_q[15:0] :
                              (z_p[23:0] != 24'd0)                  ? 16'd1 : 16'd0;
    // en_reg && d3_v_reg[3], as a flop of its own (it clears the pause outputs' ~100 bits)
    reg            pp_now_reg;
    wire           pp_now   = pp_now_reg;
    assign stat_pp_next = pp_now ? pp_hot : {NP{1'b0}};

    // ---- the FSM ---------------------------------------------------------------------------
    wire [TW-2:0]   tot_mag    = tot_reg[TW-1] ? {(TW-1){1'b0}} : tot_reg[TW-2:0];
    // tot_pos and the product's high OR are kept nets: each is formed from flops before the
    // fire test, which is then one LUT behind free_less's chain (left to ABC, the chain's bit
    // went through three LUT levels into fire: 8x8, 143.5 MHz)
    (* keep *) wire tot_pos;
    assign tot_pos = !tot_reg[TW-1] && (tot_reg != {TW{1'b0}});
    wire [16+TW-2:0] pred_prod = m_p[16+TW-2:0];     // horizon (16 bits) x tot_mag
    // shared_free < the product as "the product's bits above CW are not all 0, or
    // shared_free < its low CW bits": a CW-bit carry chain beside an OR of flops, instead
    // of one chain over the product's width (an 8x8 worst path, 41 bits)
    // (the low compare as the sign of shared_free - product, the chain's last sum bit)
    wire [CW:0]     free_less  = {1'b0, shared_free} - {1'b0, pred_prod[CW-1:0]};
    (* keep *) wire prod_high;
    assign prod_high = pred_prod[16+TW-2:CW] != {(16+TW-1-CW){1'b0}};
    wire            fire       = bank_ready && tot_pos && (prod_high || free_less[CW]);
    // chosen * 2^16 >= target  <=>  chosen >= ceil(target / 2^16): the test after a pick,
    // registered at SEL3 from the sum before it and the pick's share
    // (as c_comp >= target_c - chosen: the difference registered at SEL2, one compare at SEL3)
    wire [SUMW+1:0] need_w       = {{PW{1'b0}}, target_c_reg} - {2'b00, chosen_sum_reg};
    wire            ratio_hit_w  = need_reg[SUMW+1] ||
                                   ({{(PW+2){1'b0}}, c_comp_reg} >= need_reg);
    wire            empty_hit_w  = rem_reg == {{PW{1'b0}}, c_comp_reg};
    // (the low 16 bits of the rounded-up target are dropped by the shift)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [CW+17:0]  target_up    = {1'b0, m_p[CW+16:0]} + {{(CW+2){1'b0}}, 16'hFFFF};
    /* verilator lint_on UNUSEDSIGNAL */
    // the interval counter + 1 kept as the register, so the boundary is one compare of flops
    // ivl_p1 >= interval as "ivl_p1 - interval is not negative": the chain's last sum bit
    /* verilator lint_off UNUSEDSIGNAL */
    wire [25:0]     ivl_less   = {1'b0, ivl_p1_reg} - {2'b00, cfg_interval};
    /* verilator lint_on UNUSEDSIGNAL */
    wire            tick_now   = en_reg && !ivl_less[25];

    always @* begin
        state_next        = state_reg;
        pending_next      = pending_reg;
        tot_next          = tot_reg;
        todo_next         = todo_reg;
        eq_hot_next       = eq_hot_reg;
        o_hot_next        = o_hot_reg;
        p_hot_next        = p_hot_reg;
        p_idx_next        = p_idx_reg;
        egress_sel_next   = egress_sel_reg;
        cc_sel_next       = cc_sel_reg;
        rq_valid_next     = 1'b0;
        rq_eq_next        = rq_eq_reg;
        stat_predict_next = 1'b0;
        stat_overrun_next = 1'b0;
        target_c_next     = target_c_reg;
        ratio_hit_next    = ratio_hit_reg;
        need_next         = need_reg;
        empty_hit_next    = empty_hit_reg;
        rem_next          = rem_reg;
        chosen_sum_next   = chosen_sum_reg;
        r_load            = 1'b0;
        c_load            = 1'b0;
        lvl_cnt_next      = lvl_cnt_reg;
        sel_hot_next      = sel_hot_reg;
        c_i_next          = c_i_reg;
        c_comp_next       = c_comp_reg;
        c_inc_next        = c_inc_reg;
        // M's operands by the registered flags of PICK and LANES2 (PMUL's are the default)
        m_a               = f_pick_reg ? lfsr_value :
                            f_lanes2_reg ? {15'd0, ratio_q} : {16'd0, horizon_q};
        m_b               = f_pick_reg ? {{(EW-PW+1){1'b0}}, rem_reg} :
                            f_lanes2_reg ? {{(EW+1){1'b0}}, egress_sel_reg} : {1'b0, tot_mag};
        m_tag             = T_NONE;
        ivl_p1_next       = (!en_reg || tick_now) ? 25'd1 : ivl_p1_reg + 25'd1;
        tick_next         = tick_now;
        bcnt_next         = tick_reg ? bcnt_p1_reg : bcnt_reg;

        // a pass's done: starts a decision when all is idle, else waits (one at most)
        if (snap_done && en_reg && !idle_all) begin
            stat_overrun_next = 1'b1;
            pending_next      = 1'b1;
        end

        if (!en_reg) begin
            // disabled: the decision is abandoned, nothing waits, no product is awaited
            state_next   = S_IDLE;
            pending_next = 1'b0;
            todo_next    = {NP{1'b0}};
        end else case (state_reg)
            S_IDLE: begin
                if (idle_all && (snap_done || pending_reg)) begin
                    tot_next     = snap_inc_total;
                    pending_next = 1'b0;
                    state_next   = S_PMUL;
                end
            end
            S_PMUL: begin
                m_tag      = T_PRED;       // operands: the defaults above
                state_next = S_PRED;
            end
            S_PRED: begin
                // the product arrived last cycle; fire is the registered compare of it
                if (mtag5_reg == T_PRED) begin
                    todo_next  = fire_reg ? gate_reg : {NP{1'b0}};
                    state_next = fire_reg ? S_FIRST : S_IDLE;
                end
            end
            S_FIRST: begin
                state_next = S_FIRST2;     // two edges for ff_reg to see the new todo
            end
            S_FIRST2: begin
                state_next = S_FIND;
            end
            S_FIND: begin
                // ff_reg is todo's first bit: todo has not changed for two edges or more here
                if (!ff_any_reg) begin
                    state_next = S_IDLE;
                end else begin
                    eq_hot_next = ff_reg;
                    todo_next   = todo_reg & ~ff_reg;
                    state_next  = S_GATE;
                end
            end
            S_GATE: begin
                o_hot_next        = o_hot_w;
                p_hot_next        = p_hot_w;
                p_idx_next        = p_idx_w;
                rq_valid_next     = 1'b1;
                rq_eq_next        = eq_idx_w;
                stat_predict_next = 1'b1;
                chosen_sum_next   = {SUMW{1'b0}};
                state_next        = S_LANES;
            end
            S_LANES: begin
                cc_sel_next     = cc_sel_w;
                egress_sel_next = egress_sel_w;
                state_next      = S_LANES2;
            end
            S_LANES2: begin
                m_tag       = T_TARGET;
                state_next  = S_WAIT;       // the lanes' tests from the latched increments
            end
            S_WAIT: begin
                if (rs_valid) begin
                    lvl_cnt_next = 4'd0;
                    state_next   = (LV == 0) ? S_LOAD : S_PREFIX;
                end
            end
            S_PREFIX: begin
                lvl_cnt_next = lvl_cnt_reg + 4'd1;
                if (lvl_cnt_reg == LV_LAST) state_next = S_LOAD;
            end
            S_LOAD: begin
                rem_next   = pre_top[(N_PORTS-1)*SUMW +: SUMW];
                state_next = (pre_top[(N_PORTS-1)*SUMW +: SUMW] == {SUMW{1'b0}}) ? S_FIND : S_PICK;
            end
            S_PICK: begin
                m_tag      = T_PICK;
                state_next = S_PWAIT;
            end
            S_PWAIT: begin
                if (m_tag_out == T_PICK) begin
                    r_load     = 1'b1;
                    state_next = S_SEL1;
                end
            end
            S_SEL1: begin
                state_next = S_SEL2;
            end
            S_SEL2: begin
                sel_hot_next = sel_hit;
                c_i_next     = sel_idx_w;
                c_comp_next  = sel_comp_w;
                c_load       = 1'b1;
                c_inc_next   = sel_inc_w;
                need_next    = need_w;
                state_next   = S_SEL3;
            end
            S_SEL3: begin
                rem_next        = rem_reg - {{PW{1'b0}}, c_comp_reg};
                chosen_sum_next = chosen_sum_reg + {{PW{1'b0}}, c_comp_reg};
                ratio_hit_next  = ratio_hit_w;
                empty_hit_next  = empty_hit_w;
                state_next      = S_TEST;
            end
            S_TEST: begin
                state_next = (ratio_hit_reg || empty_hit_reg) ? S_FIND : S_PICK;
            end
            default: state_next = S_IDLE;
        endcase

        // the products, whichever state is waiting for them
        if (m_tag_out == T_TARGET) target_c_next = target_up[CW+17:16];

        mtag_next = en_reg ? {mtag_reg[5:0], m_tag} : 8'd0;
        // busy shows the cycle before's state (from flops only: no next-state logic before it)
        busy_next = (state_reg != S_IDLE) || pipe_busy;

        pp_valid_next  = pp_now;
        pp_port_next   = pp_now ? d3_i_reg[3*PW +: PW] : {PW{1'b0}};
        pp_prio_next   = pp_now ? d3_p_reg[9 +: 3] : 3'd0;
        pp_quanta_next = pp_now ? quanta_w : 16'd0;
    end

    // ---- flops -----------------------------------------------------------------------------
    always @(posedge clk) begin
        if (rst) begin
            state_reg        <= S_IDLE;
            en_reg           <= 1'b0;
            kmax_q           <= {CW{1'b0}};
            lossless_q       <= {N_PRIO{1'b0}};
            horizon_q        <= 16'd0;
            ratio_q          <= 17'd0;
            cell_cycles_q    <= {(N_PORTS*16){1'b0}};
            quanta_step_q    <= {(N_PORTS*24){1'b0}};
            pending_reg      <= 1'b0;
            ivl_p1_reg       <= 25'd1;
            tick_reg         <= 1'b0;
            bcnt_reg         <= 16'd0;
            bcnt_p1_reg      <= 16'd1;
            bcnt_p2_reg      <= 16'd2;
            holdoff_reg      <= 16'd1;
            stamp0_reg       <= 16'd1;
            stamp1_reg       <= 16'd2;
            tot_reg          <= {TW{1'b0}};
            gate_reg         <= {NP{1'b0}};
            todo_reg         <= {NP{1'b0}};
            eq_hot_reg       <= {NP{1'b0}};
            ff_reg           <= {NP{1'b0}};
            ff_any_reg       <= 1'b0;
            ff_low_reg       <= {NP{1'b0}};
            ff_grp_reg       <= {NGT{1'b0}};
            o_hot_reg        <= {N_PORTS{1'b0}};
            p_hot_reg        <= {N_PRIO{1'b0}};
            p_idx_reg        <= 3'd0;
            egress_sel_reg   <= {CW{1'b0}};
            egress_grp_reg   <= {(NGQ*CW){1'b0}};
            f_gate_reg       <= 1'b0;
            f_lanes_reg      <= 1'b0;
            f_lanes2_reg     <= 1'b0;
            f_wait_reg       <= 1'b0;
            f_load_reg       <= 1'b0;
            f_sel3_reg       <= 1'b0;
            f_pick_reg       <= 1'b0;
            pp_now_reg       <= 1'b0;
            cc_sel_reg       <= 16'd0;
            rq_valid_reg     <= 1'b0;
            rq_eq_reg        <= {EW{1'b0}};
            stat_predict_reg <= 1'b0;
            stat_overrun_reg <= 1'b0;
            target_c_reg     <= {(CW+2){1'b0}};
            fire_reg         <= 1'b0;
            mtag5_reg        <= 2'd0;
            ratio_hit_reg    <= 1'b0;
            need_reg         <= {(SUMW+2){1'b0}};
            empty_hit_reg    <= 1'b0;
            rem_reg          <= {SUMW{1'b0}};
            chosen_sum_reg   <= {SUMW{1'b0}};
            lvl_cnt_reg      <= 4'd0;
            gt_reg           <= {N_PORTS{1'b0}};
            sel_hit_reg      <= {N_PORTS{1'b0}};
            sel_hot_reg      <= {N_PORTS{1'b0}};
            c_i_reg          <= {PW{1'b0}};
            c_comp_reg       <= {CW{1'b0}};
            c_inc_reg        <= {CW{1'b0}};
            lane_inc_reg     <= {(N_PORTS*IW){1'b0}};
            lane_gt1_reg     <= {N_PORTS{1'b0}};
            lane_blk_reg     <= {N_PORTS{1'b0}};
            lane_paused_reg  <= {N_PORTS{1'b0}};
            share_reg        <= {(N_PORTS*CW){1'b0}};
            prefix_reg       <= {(N_PORTS*SUMW){1'b0}};
            hold_act_reg     <= {NP{1'b0}};
            hold_stamp_reg   <= {(NP*16){1'b0}};
            mtag_reg         <= 8'd0;
            busy_reg         <= 1'b0;
            q1_v_reg         <= 1'b0;
            q1_i_reg         <= {PW{1'b0}};
            q1_p_reg         <= 3'd0;
            q1_x_reg         <= {XW{1'b0}};
            q1_cc_reg        <= 16'd0;
            q1_qs_reg        <= 24'd0;
            d2_v_reg         <= 4'd0;
            d2_i_reg         <= {(4*PW){1'b0}};
            d2_p_reg         <= 12'd0;
            d2_qs_reg        <= 96'd0;
            d3_v_reg         <= 4'd0;
            d3_i_reg         <= {(4*PW){1'b0}};
            d3_p_reg         <= 12'd0;
            pp_valid_reg     <= 1'b0;
            pp_port_reg      <= {PW{1'b0}};
            pp_prio_reg      <= 3'd0;
            pp_quanta_reg    <= 16'd0;
            stat_pp_reg      <= {NP{1'b0}};
        end else begin
            state_reg        <= state_next;
            en_reg           <= cfg_enable;
            kmax_q           <= cfg_kmax;
            lossless_q       <= cfg_lossless;
            horizon_q        <= cfg_horizon;
            ratio_q          <= cfg_ratio;
            cell_cycles_q    <= cfg_cell_cycles;
            quanta_step_q    <= cfg_quanta_step;
            pending_reg      <= pending_next;
            ivl_p1_reg       <= ivl_p1_next;
            tick_reg         <= tick_next;
            bcnt_reg         <= bcnt_next;
            bcnt_p1_reg      <= bcnt_p1_d;
            bcnt_p2_reg      <= bcnt_p1_d + 16'd1;
            holdoff_reg      <= holdoff_eff;
            stamp0_reg       <= bcnt_next + holdoff_reg;
            stamp1_reg       <= bcnt_p1_d + holdoff_reg;
            tot_reg          <= tot_next;
            gate_reg         <= gate_next;
            todo_reg         <= todo_next;
            eq_hot_reg       <= eq_hot_next;
            ff_reg           <= find_first;
            ff_any_reg       <= |ff_grp_reg;
            ff_low_reg       <= ff_low_w;
            ff_grp_reg       <= ff_grp_w;
            o_hot_reg        <= o_hot_next;
            p_hot_reg        <= p_hot_next;
            p_idx_reg        <= p_idx_next;
            egress_sel_reg   <= egress_sel_next;
            egress_grp_reg   <= f_gate_reg ? egress_grp_w : egress_grp_reg;
            // the flags: state_next decoded, so each equals state_reg == S_x by construction
            f_gate_reg       <= (state_next == S_GATE);
            f_lanes_reg      <= (state_next == S_LANES);
            f_lanes2_reg     <= (state_next == S_LANES2);
            f_wait_reg       <= cfg_enable && (state_next == S_WAIT);
            f_load_reg       <= (state_next == S_LOAD);
            f_sel3_reg       <= cfg_enable && (state_next == S_SEL3);
            f_pick_reg       <= (state_next == S_PICK);
            pp_now_reg       <= cfg_enable && en_reg && d3_v_reg[2];
            cc_sel_reg       <= cc_sel_next;
            rq_valid_reg     <= rq_valid_next;
            rq_eq_reg        <= rq_eq_next;
            stat_predict_reg <= stat_predict_next;
            stat_overrun_reg <= stat_overrun_next;
            target_c_reg     <= target_c_next;
            fire_reg         <= fire;
            mtag5_reg        <= en_reg ? m_tag_out : T_NONE;
            ratio_hit_reg    <= ratio_hit_next;
            need_reg         <= need_next;
            empty_hit_reg    <= empty_hit_next;
            rem_reg          <= rem_next;
            chosen_sum_reg   <= chosen_sum_next;
            lvl_cnt_reg      <= lvl_cnt_next;
            gt_reg           <= gt_w;
            sel_hit_reg      <= gt_w & ~{gt_w[N_PORTS-1:0] << 1};
            sel_hot_reg      <= sel_hot_next;
            c_i_reg          <= c_i_next;
            c_comp_reg       <= c_comp_next;
            c_inc_reg        <= c_inc_next;
            lane_inc_reg     <= lane_inc_next;
            lane_gt1_reg     <= lane_gt1_next;
            lane_blk_reg     <= lane_blk_next;
            lane_paused_reg  <= lane_paused_next;
            share_reg        <= share_next;
            prefix_reg       <= prefix_next;
            hold_act_reg     <= hold_act_next;
            hold_stamp_reg   <= hold_stamp_next;
            mtag_reg         <= mtag_next;
            busy_reg         <= busy_next;
            // the pause pipe: SEL3's pick enters; disabling empties it
            q1_v_reg         <= sel3_now;
            q1_i_reg         <= c_i_reg;
            q1_p_reg         <= p_idx_reg;
            q1_x_reg         <= {1'b0, c_comp_reg} + {1'b0, c_inc_reg};
            q1_cc_reg        <= cc_sel_reg;
            q1_qs_reg        <= sel_qs_w;
            d2_v_reg         <= en_reg ? {d2_v_reg[2:0], q1_v_reg} : 4'd0;
            d2_i_reg         <= {d2_i_reg[3*PW-1:0], q1_i_reg};
            d2_p_reg         <= {d2_p_reg[8:0], q1_p_reg};
            d2_qs_reg        <= {d2_qs_reg[71:0], q1_qs_reg};
            d3_v_reg         <= en_reg ? {d3_v_reg[2:0], d2_v_reg[3]} : 4'd0;
            d3_i_reg         <= {d3_i_reg[3*PW-1:0], d2_i_reg[3*PW +: PW]};
            d3_p_reg         <= {d3_p_reg[8:0], d2_p_reg[9 +: 3]};
            pp_valid_reg     <= pp_valid_next;
            pp_port_reg      <= pp_port_next;
            pp_prio_reg      <= pp_prio_next;
            pp_quanta_reg    <= pp_quanta_next;
            stat_pp_reg      <= stat_pp_next;
        end
    end

    assign tick         = tick_reg;
    assign rq_valid     = rq_valid_reg;
    assign rq_eq        = rq_eq_reg;
    assign pp_valid     = pp_valid_reg;
    assign pp_port      = pp_port_reg;
    assign pp_prio      = pp_prio_reg;
    assign pp_quanta    = pp_quanta_reg;
    assign stat_predict = stat_predict_reg;
    assign stat_pp      = stat_pp_reg;
    assign stat_overrun = stat_overrun_reg;
    assign busy         = busy_reg;

endmodule

`default_nettype wire
