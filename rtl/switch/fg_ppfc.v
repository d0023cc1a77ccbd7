// fg_ppfc - P-PFC, the predictive PFC engine of the switch core (SPEC.md section 4,
// docs/blocks/ppfc.md).
//
// Every cfg_interval cycles (an interval boundary) it snapshots the occupancy of every
// priority group PG(i,p) = ingress_cnt + hdrm_cnt of fg_bm and keeps the previous snapshot
// (inc[i][p] = snap - snap_prev, formed only for the PG being looked at), and the sum of all
// occupancies (inc_total = tot - tot_prev). One decision per boundary, a sequential FSM:
//   TOT, PRED  inc_total; fire when inc_total > 0 and shared_free < T * inc_total
//   GATE       only the EQs(o,p) whose registered gate bit (lossless, egress_cnt > kmax) is
//              set are visited (find-first): stat_predict, target = R * egress_cnt
//   CAND       one ingress port per cycle: inc > 1, comp > 0, not paused, not in hold-off;
//              comp snapshot, running sum kept per port (prefix sums)
//   PICK       r = (lfsr * remaining) >> 32
//   SELECT     the first port whose prefix sum exceeds r (one cycle; prefix sums of the
//              ports from the chosen one on drop by its comp)
//   QMUL       y = (comp + max(inc,0)) * cell_cycles[o]
//   ISSUE      pp_* with quanta = y * quanta_step[i] >> 24, hold-off; again PICK until the
//              chosen share reaches R (chosen * 2^16 >= R * egress_cnt) or no candidate is left
// With CAND_LANES = W = 1 (default) every product goes through one shared parallel multiplier
// (one product per cycle; on ECP5 it maps to MULT18X18D blocks); nothing divides. Worst-case
// decision NP*(N_PORTS+5)+2 busy cycles (NP = N_PORTS*N_PRIO); 2 without a prediction;
// 2 + G*(N_PORTS+1) + 4*K with G gated EQs and K pauses.
// With W > 1 the CAND scan tests W ports per cycle (C = ceil(N_PORTS/W) cycles per gated EQ,
// a W-input prefix sum of the candidates' shares) and the pause time of a chosen PG is worked
// out by a second multiplier in a two-stage pipe (QMUL, ISSUE) that runs beside the PICK and
// SELECT of the next pick (SELECT also does the stop test and sets the hold-off): 2 cycles
// per pause, 2 + G*(C+1) + 2*K (+2 when the last gated EQ issued a pause: the pipe drains),
// worst case NP*(C+3)+4 (16x2, W=16: 132).
// A boundary during a decision is counted (stat_overrun) and its decision waits.
// Randomness: fg_lfsr, one step per pick (in PICK); loaded with cfg_seed on reset and on
// cfg_seed_load. The C twin is cmodel/switch/ppfc.c.
`default_nettype none

module fg_ppfc #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width (4..23)
    // W: ports tested per CAND cycle, 1..N_PORTS; 1 = the one-multiplier schedule above,
    // > 1 = W lanes and the pipelined pause time (docs/blocks/ppfc.md, "Latency")
    parameter integer CAND_LANES = 1,
    // derived, do not override: port-index width clog2(N_PORTS), at least 1
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                             clk,
    input  wire                             rst,

    // configuration
    input  wire                             cfg_enable,
    input  wire [23:0]                      cfg_interval,     // cycles, >= 1 (0 acts as 1)
    input  wire [15:0]                      cfg_horizon,      // T, intervals
    input  wire [16:0]                      cfg_ratio,        // R, Q0.16
    input  wire [CW-1:0]                    cfg_kmax,
    input  wire [15:0]                      cfg_holdoff,      // intervals (0 acts as 1)
    input  wire [31:0]                      cfg_seed,
    input  wire                             cfg_seed_load,
    input  wire [N_PRIO-1:0]                cfg_lossless,
    input  wire [N_PORTS*16-1:0]            cfg_cell_cycles,  // per egress port, Q8.8
    input  wire [N_PORTS*24-1:0]            cfg_quanta_step,  // per ingress port, Q8.16

    // buffer-manager state (fg_bm registered outputs)
    input  wire [N_PORTS*N_PRIO*CW-1:0]     ingress_cnt,      // per PG i*N_PRIO+p
    input  wire [N_PORTS*N_PRIO*CW-1:0]     hdrm_cnt,         // per PG i*N_PRIO+p
    input  wire [N_PORTS*N_PRIO*CW-1:0]     egress_cnt,       // per EQ o*N_PRIO+p
    input  wire [N_PORTS*N_PRIO*N_PORTS*CW-1:0] comp_cnt,     // (o*N_PRIO+p)*N_PORTS+i
    input  wire [CW-1:0]                    shared_free,
    input  wire [N_PORTS*N_PRIO-1:0]        paused,           // per PG

    // predictive pause requests (registered, at most one per cycle)
    output wire                             pp_valid,
    output wire [PW-1:0]                    pp_port,
    output wire [2:0]                       pp_prio,
    output wire [15:0]                      pp_quanta,

    // events (one-cycle pulses) and status
    output wire                             stat_predict,
    output wire [N_PORTS*N_PRIO-1:0]        stat_pp,
    output wire                             stat_overrun,
    output wire                             busy
);

    localparam integer NP   = N_PORTS * N_PRIO;
    localparam integer NPN  = NP * N_PORTS;
    localparam integer TW   = CW + 9;        // inc_total: up to 256 PGs of CW bits, signed
    localparam integer SUMW = CW + PW;       // sums of up to N_PORTS comp counters
    localparam integer AW   = CW + 17;       // multiplier operand a: widest is y (CW+1 x 16 bits)
    localparam integer PRW  = AW + 32;       // product (operand b up to 32 bits: the LFSR)
    localparam integer TGW  = CW + 17;       // R (17 bits) * egress_cnt (CW bits)
    localparam integer CMPW = SUMW + 17;     // chosen_sum * 2^16 vs target
    localparam integer W    = CAND_LANES;
    localparam integer FAST = (W > 1) ? 1 : 0;   // lanes + pause pipe
    localparam integer NG   = (N_PORTS + W - 1) / W;  // CAND cycles per gated EQ (W > 1)
    localparam integer PBW  = AW + 24;       // pipe multiplier: y (AW) x quanta_step (24)

    localparam [3:0] S_IDLE   = 4'd0;
    localparam [3:0] S_TOT    = 4'd1;
    localparam [3:0] S_PRED   = 4'd2;
    localparam [3:0] S_GATE   = 4'd3;
    localparam [3:0] S_CAND   = 4'd4;
    localparam [3:0] S_PICK   = 4'd5;
    localparam [3:0] S_SELECT = 4'd6;
    localparam [3:0] S_QMUL   = 4'd7;
    localparam [3:0] S_ISSUE  = 4'd8;

    localparam integer  N_LAST_I = N_PORTS - 1;
    localparam [PW-1:0] N_LAST   = N_LAST_I[PW-1:0];
    localparam integer  G_LAST_I = NG - 1;
    localparam [PW-1:0] G_LAST   = G_LAST_I[PW-1:0];

    generate
        if (CAND_LANES < 1 || CAND_LANES > N_PORTS) begin : g_bad_lanes
            fg_ppfc_parameter_CAND_LANES_must_be_1_to_N_PORTS u_param_error ();
        end
    endgenerate

    // ---- registers ---------------------------------------------------------------------
    reg  [3:0]          state_reg,      state_next;
    reg                 pending_reg,    pending_next;
    reg  [23:0]         ivl_cnt_reg,    ivl_cnt_next;
    reg  [PW-1:0]       i_reg,          i_next;       // CAND: scan index (W > 1: group); SELECT..ISSUE: chosen
    reg  [PW-1:0]       o_reg,          o_next;       // EQ's egress port
    reg  [2:0]          p_reg,          p_next;       // EQ's priority
    reg  [TW-1:0]       inc_total_reg,  inc_total_next;
    reg  [TGW-1:0]      target_reg,     target_next;
    reg  [SUMW-1:0]     pick_r_reg,     pick_r_next;
    reg  [AW-1:0]       y_reg,          y_next;
    reg  [SUMW-1:0]     rem_reg,        rem_next;      // comp sum of remaining candidates
    reg  [SUMW-1:0]     chosen_sum_reg, chosen_sum_next;
    reg  [N_PORTS*SUMW-1:0] prefix_reg, prefix_next;   // remaining-candidate comp sum 0..i
    reg  [N_PORTS*CW-1:0] comp_snap_reg, comp_snap_next;
    reg  [N_PORTS-1:0]  cand_reg,       cand_next;
    reg                 pp_valid_reg,   pp_valid_next;
    reg  [PW-1:0]       pp_port_reg,    pp_port_next;
    reg  [2:0]          pp_prio_reg,    pp_prio_next;
    reg  [15:0]         pp_quanta_reg,  pp_quanta_next;
    reg                 stat_predict_reg, stat_predict_next;
    reg                 stat_overrun_reg, stat_overrun_next;
    reg                 busy_reg,       busy_next;
    reg                 lfsr_step;
    reg  [CW+7:0]       tot_reg,        tot_prev_reg;  // sum of snap, of snap_prev
    reg  [CW+7:0]       tot_next;
    // pause pipe (W > 1; constant 0 otherwise): QMUL stage, ISSUE stage, the chosen PG
    reg                 q_qmul_reg,     q_qmul_next;
    reg                 q_issue_reg,    q_issue_next;
    reg  [PW-1:0]       q_i_reg,        q_i_next;
    reg  [PW-1:0]       q_o_reg,        q_o_next;
    reg  [2:0]          q_p_reg,        q_p_next;
    reg  [CW-1:0]       q_comp_reg,     q_comp_next;

    // per PG / EQ (generate below)
    reg  [NP*CW-1:0]     snap_reg, snap_prev_reg;
    reg  [NP*16-1:0]     hold_reg;
    wire [NP*16-1:0]     hold_next;
    reg  [NP-1:0]        stat_pp_reg;
    wire [NP-1:0]        stat_pp_next;
    reg  [NP-1:0]        gate_reg;
    wire [NP-1:0]        gate_next;
    wire [NP*CW-1:0]     occ_all;
    wire [N_PORTS-1:0]   sel_gt;     // SELECT: prefix > r, per port
    wire [N_PORTS-1:0]   sel_hit;    // SELECT: the chosen port, one-hot
    // W > 1: the CAND lanes (below)
    wire [N_PORTS*CW-1:0]   lane_comp_w;  // per port: the comp its lane read
    wire [N_PORTS-1:0]      lane_ok_w;    // per port: its lane's candidate test
    wire [N_PORTS*SUMW-1:0] lane_sum_w;   // per port: its lane's prefix sum
    wire [N_PORTS-1:0]      lane_wr;      // per port: it is in the current group
    wire [SUMW-1:0]         lanes_rem;    // rem_reg + the shares of the group's candidates

    // ---- interval boundary -------------------------------------------------------------
    wire [24:0] ivl_cnt_inc = {1'b0, ivl_cnt_reg} + 25'd1;
    wire        tick        = cfg_enable && (ivl_cnt_inc >= {1'b0, cfg_interval});
    // the pause is issued: in ISSUE (W = 1) or by the pipe's ISSUE stage (W > 1)
    wire        issue_now   = cfg_enable && ((FAST != 0) ? q_issue_reg : (state_reg == S_ISSUE));
    wire        sel_now     = cfg_enable && (state_reg == S_SELECT);
    wire        pipe_busy   = q_qmul_reg || q_issue_reg;
    wire [15:0] holdoff_eff = (cfg_holdoff == 16'd0) ? 16'd1 : cfg_holdoff;
    wire        snap_load   = !cfg_enable || tick;

    // ---- decoded indices ---------------------------------------------------------------
    wire [N_PORTS-1:0] i_dec, o_dec;
    wire [N_PRIO-1:0]  p_dec;
    wire [NP-1:0]      pg_dec;      // PG (i_reg, p_reg)
    wire [NP-1:0]      eq_dec;      // EQ (o_reg, p_reg)
    wire [NPN-1:0]     comp_dec;    // comp (o_reg, p_reg, i_reg)
    // index of the pause-time operands: the FSM's (W = 1) or the pipe's chosen PG (W > 1)
    wire [PW-1:0]      xi = (FAST != 0) ? q_i_reg : i_reg;
    wire [PW-1:0]      xo = (FAST != 0) ? q_o_reg : o_reg;
    wire [2:0]         xp = (FAST != 0) ? q_p_reg : p_reg;
    wire [N_PORTS-1:0] xi_dec, xo_dec;
    wire [N_PRIO-1:0]  xp_dec;
    wire [NP-1:0]      xpg_dec;     // PG (xi, xp)
    wire [N_PORTS*CW-1:0] i_mask_cw; // element i_reg of comp_snap
    wire [N_PORTS*SUMW-1:0] i_mask_sw; // element i_reg of prefix
    wire [N_PORTS*CW-1:0] lane_mask_cw;   // W > 1: the current group's elements of comp_snap
    wire [N_PORTS*SUMW-1:0] lane_mask_sw; // ... of prefix

    genvar gi, gp, go;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_port_dec
            localparam [PW-1:0] IDX = gi;
            assign i_dec[gi]      = (i_reg == IDX);
            assign o_dec[gi]      = (o_reg == IDX);
            assign xi_dec[gi]     = (xi == IDX);
            assign xo_dec[gi]     = (xo == IDX);
            assign i_mask_cw[gi*CW +: CW]     = {CW{i_dec[gi]}};
            assign i_mask_sw[gi*SUMW +: SUMW] = {SUMW{i_dec[gi]}};
            assign lane_mask_cw[gi*CW +: CW]     = {CW{lane_wr[gi]}};
            assign lane_mask_sw[gi*SUMW +: SUMW] = {SUMW{lane_wr[gi]}};
        end
        for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio_dec
            localparam [2:0] IDX = gp;
            assign p_dec[gp]  = (p_reg == IDX);
            assign xp_dec[gp] = (xp == IDX);
        end
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pg_dec
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                assign pg_dec[gi*N_PRIO + gp] = i_dec[gi] & p_dec[gp];
                assign eq_dec[gi*N_PRIO + gp] = o_dec[gi] & p_dec[gp];
                assign xpg_dec[gi*N_PRIO + gp] = xi_dec[gi] & xp_dec[gp];
            end
        end
        for (go = 0; go < N_PORTS; go = go + 1) begin : g_comp_dec_o
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_in
                    assign comp_dec[(go*N_PRIO + gp)*N_PORTS + gi] = o_dec[go] & p_dec[gp] & i_dec[gi];
                end
            end
        end
    endgenerate

    // ---- selected values (one-hot AND-OR muxes on registered indices) ------------------
    wire [CW-1:0]   snap_sel;       // snap[xi][xp]
    wire [CW-1:0]   snap_prev_sel;  // snap_prev[xi][xp]
    wire [15:0]     hold_sel;       // hold[i_reg][p_reg]
    wire            paused_sel = |(paused & pg_dec);
    wire [CW-1:0]   egress_sel;     // egress_cnt[o_reg][p_reg]
    wire [CW-1:0]   comp_sel;       // comp_cnt[o_reg][p_reg][i_reg]
    wire [CW-1:0]   snap_comp_sel;  // comp_snap[i_reg]
    wire [15:0]     cell_cycles_sel; // cfg_cell_cycles[xo]
    wire [23:0]     quanta_step_sel; // cfg_quanta_step[xi]

    fg_ppfc_mux #(.W(CW), .N(NP)) u_snap_mux (
        .data(snap_reg), .sel(xpg_dec), .out(snap_sel));
    fg_ppfc_mux #(.W(CW), .N(NP)) u_snap_prev_mux (
        .data(snap_prev_reg), .sel(xpg_dec), .out(snap_prev_sel));
    fg_ppfc_mux #(.W(16), .N(NP)) u_hold_mux (
        .data(hold_reg), .sel(pg_dec), .out(hold_sel));
    fg_ppfc_mux #(.W(CW), .N(NP)) u_egress_mux (
        .data(egress_cnt), .sel(eq_dec), .out(egress_sel));
    fg_ppfc_mux #(.W(CW), .N(NPN)) u_comp_mux (
        .data(comp_cnt), .sel(comp_dec), .out(comp_sel));
    fg_ppfc_mux #(.W(CW), .N(N_PORTS)) u_snap_comp_mux (
        .data(comp_snap_reg), .sel(i_dec), .out(snap_comp_sel));
    fg_ppfc_mux #(.W(16), .N(N_PORTS)) u_cell_mux (
        .data(cfg_cell_cycles), .sel(xo_dec), .out(cell_cycles_sel));
    fg_ppfc_mux #(.W(24), .N(N_PORTS)) u_qstep_mux (
        .data(cfg_quanta_step), .sel(xi_dec), .out(quanta_step_sel));

    // ---- LFSR: loaded with cfg_seed on reset and on cfg_seed_load, one step per pick -----
    wire [31:0] lfsr_value;
    // the value one step on: not needed here (the pick uses the value of its cycle)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] lfsr_step_unused;
    /* verilator lint_on UNUSEDSIGNAL */

    fg_lfsr #(.RESET_SEED(32'h0000_0001)) u_lfsr (
        .clk(clk),
        .rst(1'b0),
        .load(rst | cfg_seed_load),
        .seed(cfg_seed),
        .step(lfsr_step),
        .value(lfsr_value),
        .value_step(lfsr_step_unused)
    );

    // ---- per-PG occupancy, hold-off, stat_pp; per-EQ gate bit ---------------------------
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pg
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                localparam integer K = gi*N_PRIO + gp;
                // occupancy, saturated to CW bits (a real buffer never exceeds 2^CW-1 cells)
                wire [CW:0]   occ_sum = {1'b0, ingress_cnt[K*CW +: CW]} + {1'b0, hdrm_cnt[K*CW +: CW]};
                wire [15:0]   hold    = hold_reg[K*16 +: 16];
                // W = 1: the hold-off is set and stat_pp pulses in ISSUE; W > 1: the hold-off
                // is set in SELECT (so the next EQ's scan, one edge later, already skips the
                // PG), stat_pp pulses in the pipe's ISSUE stage
                wire          issued  = issue_now && xi_dec[gi] && xp_dec[gp];
                wire          picked  = (FAST != 0) ? (sel_now && sel_hit[gi] && p_dec[gp]) : issued;

                assign occ_all[K*CW +: CW] = occ_sum[CW] ? {CW{1'b1}} : occ_sum[CW-1:0];
                assign hold_next[K*16 +: 16] =
                    !cfg_enable              ? 16'd0 :
                    picked                   ? holdoff_eff :    // a pick wins over the boundary
                    (tick && hold != 16'd0)  ? hold - 16'd1 : hold;
                assign stat_pp_next[K] = issued;
                // EQ K = (o = gi, p = gp): visited by a decision only if this bit is set
                assign gate_next[K] = cfg_lossless[gp] && (egress_cnt[K*CW +: CW] > cfg_kmax);
            end
        end
    endgenerate

    integer k;
    always @* begin
        tot_next = {(CW+8){1'b0}};
        for (k = 0; k < NP; k = k + 1)
            tot_next = tot_next + {8'd0, occ_all[k*CW +: CW]};
    end

    // ---- the decision FSM --------------------------------------------------------------
    wire [CW:0]     inc_sel       = {1'b0, snap_sel} - {1'b0, snap_prev_sel};  // signed
    wire            inc_pos       = !inc_sel[CW] && (inc_sel[CW-1:0] != {CW{1'b0}});
    // "increment > 1" (SPEC 11: literally): positive and not 1
    wire            inc_gt1       = inc_pos && (inc_sel[CW-1:0] != {{(CW-1){1'b0}}, 1'b1});
    wire            cand_ok       = inc_gt1 && (comp_sel != {CW{1'b0}}) && !paused_sel
                                    && (hold_sel == 16'd0);
    wire [SUMW-1:0] rem_add       = rem_reg + (cand_ok ? {{PW{1'b0}}, comp_sel} : {SUMW{1'b0}});
    wire [CMPW-1:0] chosen_scaled = {1'b0, chosen_sum_reg, 16'd0};
    wire [CMPW-1:0] target_ext    = {{(CMPW-TGW){1'b0}}, target_reg};
    wire            ratio_reached = chosen_scaled >= target_ext;
    wire            total_pos     = !inc_total_reg[TW-1] && (inc_total_reg != {TW{1'b0}});
    wire [TW-1:0]   tot_diff      = {1'b0, tot_reg} - {1'b0, tot_prev_reg};

    // SELECT: prefix sums rise only at candidates, so "prefix > r" is a thermometer whose
    // first set bit is the chosen (remaining) candidate
    wire [CW-1:0]      sel_comp;
    reg  [PW-1:0]      sel_idx;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_sel
            assign sel_gt[gi] = prefix_reg[gi*SUMW +: SUMW] > pick_r_reg;
            if (gi == 0) begin : g_first
                assign sel_hit[gi] = sel_gt[gi];
            end else begin : g_rest
                assign sel_hit[gi] = sel_gt[gi] && !sel_gt[gi-1];
            end
        end
    endgenerate
    fg_ppfc_mux #(.W(CW), .N(N_PORTS)) u_sel_comp_mux (
        .data(comp_snap_reg), .sel(sel_hit), .out(sel_comp));
    always @* begin
        sel_idx = N_LAST;
        for (k = N_PORTS - 1; k >= 0; k = k - 1)
            if (sel_gt[k]) sel_idx = k[PW-1:0];
    end

    // ---- W > 1: the CAND lanes ---------------------------------------------------------
    // Lane l tests port g*W+l of the current EQ (g = i_reg, the group) exactly as the W = 1
    // scan tests one port; the prefix sums chain through the lanes from rem_reg (a W-input
    // sum of the candidates' shares). Ports past N_PORTS (last group when W does not divide
    // N_PORTS) read as zero and are never candidates.
    genvar gl, gg, ge;
    generate
        if (FAST != 0) begin : g_lanes
            wire [NG-1:0]         g_dec;
            wire [W*CW-1:0]       l_comp;
            wire [W-1:0]          l_ok;
            reg  [(W+1)*SUMW-1:0] l_sum;   // l_sum[l+1] = l_sum[l] + share of lane l
            integer               kl;
            for (gg = 0; gg < NG; gg = gg + 1) begin : g_gdec
                if (NG == 1) begin : g_one
                    assign g_dec[gg] = 1'b1;
                end else begin : g_many
                    assign g_dec[gg] = i_dec[gg];
                end
            end
            for (gl = 0; gl < W; gl = gl + 1) begin : g_lane
                wire [NP*NG*CW-1:0]     comp_d;
                wire [NP*NG-1:0]        comp_s;
                wire [N_PRIO*NG*CW-1:0] snap_d, prev_d;
                wire [N_PRIO*NG*16-1:0] hold_d;
                wire [N_PRIO*NG-1:0]    paused_d, pg_s;
                wire [NG-1:0]           valid_g;
                for (gg = 0; gg < NG; gg = gg + 1) begin : g_grp
                    localparam integer PORT = gg*W + gl;
                    if (PORT < N_PORTS) begin : g_real
                        assign valid_g[gg] = g_dec[gg];
                    end else begin : g_pad
                        assign valid_g[gg] = 1'b0;
                    end
                    for (ge = 0; ge < NP; ge = ge + 1) begin : g_eq
                        if (PORT < N_PORTS) begin : g_real
                            assign comp_d[(ge*NG + gg)*CW +: CW] = comp_cnt[(ge*N_PORTS + PORT)*CW +: CW];
                        end else begin : g_pad
                            assign comp_d[(ge*NG + gg)*CW +: CW] = {CW{1'b0}};
                        end
                        assign comp_s[ge*NG + gg] = eq_dec[ge] & g_dec[gg];
                    end
                    for (ge = 0; ge < N_PRIO; ge = ge + 1) begin : g_pr
                        localparam integer KP = PORT*N_PRIO + ge;
                        localparam integer KS = ge*NG + gg;
                        if (PORT < N_PORTS) begin : g_real
                            assign snap_d[KS*CW +: CW]  = snap_reg[KP*CW +: CW];
                            assign prev_d[KS*CW +: CW]  = snap_prev_reg[KP*CW +: CW];
                            assign hold_d[KS*16 +: 16]  = hold_reg[KP*16 +: 16];
                            assign paused_d[KS]         = paused[KP];
                        end else begin : g_pad
                            assign snap_d[KS*CW +: CW]  = {CW{1'b0}};
                            assign prev_d[KS*CW +: CW]  = {CW{1'b0}};
                            assign hold_d[KS*16 +: 16]  = 16'd0;
                            assign paused_d[KS]         = 1'b0;
                        end
                        assign pg_s[KS] = p_dec[ge] & g_dec[gg];
                    end
                end
                wire [CW-1:0] c_l, snap_l, prev_l;
                wire [15:0]   hold_l;
                fg_ppfc_mux #(.W(CW), .N(NP*NG)) u_comp (.data(comp_d), .sel(comp_s), .out(c_l));
                fg_ppfc_mux #(.W(CW), .N(N_PRIO*NG)) u_snap (.data(snap_d), .sel(pg_s), .out(snap_l));
                fg_ppfc_mux #(.W(CW), .N(N_PRIO*NG)) u_prev (.data(prev_d), .sel(pg_s), .out(prev_l));
                fg_ppfc_mux #(.W(16), .N(N_PRIO*NG)) u_hold (.data(hold_d), .sel(pg_s), .out(hold_l));
                wire          paused_l = |(paused_d & pg_s);
                wire [CW:0]   inc_l    = {1'b0, snap_l} - {1'b0, prev_l};
                wire          pos_l    = !inc_l[CW] && (inc_l[CW-1:0] != {CW{1'b0}});
                wire          gt1_l    = pos_l && (inc_l[CW-1:0] != {{(CW-1){1'b0}}, 1'b1});
                assign l_ok[gl] = (|valid_g) && gt1_l && (c_l != {CW{1'b0}}) && !paused_l
                                  && (hold_l == 16'd0);
                assign l_comp[gl*CW +: CW] = c_l;
            end
            always @* begin
                l_sum[0 +: SUMW] = rem_reg;
                for (kl = 0; kl < W; kl = kl + 1)
                    l_sum[(kl+1)*SUMW +: SUMW] = l_sum[kl*SUMW +: SUMW]
                        + (l_ok[kl] ? {{PW{1'b0}}, l_comp[kl*CW +: CW]} : {SUMW{1'b0}});
            end
            for (gg = 0; gg < N_PORTS; gg = gg + 1) begin : g_port
                assign lane_wr[gg]                 = g_dec[gg / W];
                assign lane_comp_w[gg*CW +: CW]    = l_comp[(gg % W)*CW +: CW];
                assign lane_ok_w[gg]               = l_ok[gg % W];
                assign lane_sum_w[gg*SUMW +: SUMW] = l_sum[(gg % W + 1)*SUMW +: SUMW];
            end
            assign lanes_rem = l_sum[W*SUMW +: SUMW];
        end else begin : g_no_lanes
            assign lane_comp_w = {(N_PORTS*CW){1'b0}};
            assign lane_ok_w   = {N_PORTS{1'b0}};
            assign lane_sum_w  = {(N_PORTS*SUMW){1'b0}};
            assign lane_wr     = {N_PORTS{1'b0}};
            assign lanes_rem   = {SUMW{1'b0}};
        end
    endgenerate

    // W > 1, SELECT: the stop test of the pick being made (the W = 1 ISSUE's test on the sums
    // after this pick)
    wire [SUMW-1:0] sel_rem_new    = rem_reg - {{PW{1'b0}}, sel_comp};
    wire [SUMW-1:0] sel_chosen_new = chosen_sum_reg + {{PW{1'b0}}, sel_comp};
    wire            sel_stop       = ({1'b0, sel_chosen_new, 16'd0} >= target_ext)
                                     || (sel_rem_new == {SUMW{1'b0}});

    // find-first over the gate bits: after PRED from EQ 0, after an EQ from the next one
    reg  [NP-1:0]    eq_after;    // EQ K comes after the current EQ (o_reg, p_reg)
    wire [NP*PW-1:0] eq_o_tab;    // constant tables: EQ K's port and priority
    wire [NP*3-1:0]  eq_p_tab;
    generate
        for (go = 0; go < N_PORTS; go = go + 1) begin : g_eq_after
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                localparam [PW-1:0] OV = go;
                localparam [2:0]    PV = gp;
                assign eq_o_tab[(go*N_PRIO + gp)*PW +: PW] = OV;
                assign eq_p_tab[(go*N_PRIO + gp)*3 +: 3]   = PV;
            end
        end
    endgenerate
    // EQs after the current one: everything above its one-hot decode
    always @* begin
        eq_after[0] = 1'b0;
        for (k = 1; k < NP; k = k + 1)
            eq_after[k] = eq_after[k-1] | eq_dec[k-1];
    end
    wire [NP-1:0] ff_vec = gate_reg & ((state_reg == S_PRED) ? {NP{1'b1}} : eq_after);
    reg           ff_found;
    reg  [PW-1:0] ff_o;
    reg  [2:0]    ff_p;
    always @* begin
        ff_found = 1'b0;
        ff_o     = {PW{1'b0}};
        ff_p     = 3'd0;
        for (k = NP - 1; k >= 0; k = k - 1)
            if (ff_vec[k]) begin
                ff_found = 1'b1;
                ff_o     = eq_o_tab[k*PW +: PW];
                ff_p     = eq_p_tab[k*3 +: 3];
            end
    end

    // the shared multiplier: operands by state (written as a product: DSP blocks on ECP5)
    wire [CW:0]     inc_pos_part = inc_sel[CW] ? {(CW+1){1'b0}} : inc_sel;
    wire [CW-1:0]   x_comp       = (FAST != 0) ? q_comp_reg : snap_comp_sel;
    wire [CW:0]     x_cells      = {1'b0, x_comp} + inc_pos_part;   // < 2^(CW+1)
    reg  [AW-1:0]   mul_a;
    reg  [31:0]     mul_b;
    always @* begin
        case ((FAST != 0 && state_reg != S_PRED && state_reg != S_GATE) ? S_PICK : state_reg)
            S_PRED: begin
                mul_a = inc_total_reg[TW-1] ? {AW{1'b0}} : {{(AW-TW+1){1'b0}}, inc_total_reg[TW-2:0]};
                mul_b = {16'd0, cfg_horizon};
            end
            S_GATE: begin
                mul_a = {{(AW-CW){1'b0}}, egress_sel};
                mul_b = {15'd0, cfg_ratio};
            end
            S_PICK: begin
                mul_a = {{(AW-SUMW){1'b0}}, rem_reg};
                mul_b = lfsr_value;
            end
            S_QMUL: begin
                mul_a = {{(AW-CW-1){1'b0}}, x_cells};
                mul_b = {16'd0, cell_cycles_sel};
            end
            default: begin  // S_ISSUE
                mul_a = y_reg;
                mul_b = {8'd0, quanta_step_sel};
            end
        endcase
    end
    wire [PRW-1:0]  prod = mul_a * mul_b;
    wire            fire = total_pos && ({{(PRW-CW){1'b0}}, shared_free} < prod);
    // W > 1: the pipe's own multiplier, QMUL (x * cell_cycles) or ISSUE (y * quanta_step);
    // the two stages never hold a pause in the same cycle (SELECTs are >= 2 edges apart)
    wire [PRW-1:0]  prod_q;          // the product the quanta come from
    generate
        if (FAST != 0) begin : g_pipe_mul
            wire [AW-1:0]  mq_a = q_qmul_reg ? {{(AW-CW-1){1'b0}}, x_cells} : y_reg;
            wire [23:0]    mq_b = q_qmul_reg ? {8'd0, cell_cycles_sel} : quanta_step_sel;
            wire [PBW-1:0] prod_pipe = mq_a * mq_b;
            assign prod_q = {{(PRW-PBW){1'b0}}, prod_pipe};
        end else begin : g_one_mul
            assign prod_q = prod;
        end
    endgenerate
    // pause quanta: floor(product / 2^24), saturated at 0xFFFF, at least 1 if non-zero
    wire            q_sat  = prod_q[PRW-1:40] != {(PRW-40){1'b0}};
    wire            q_frac = prod_q[23:0] != 24'd0;
    wire [15:0]     q_int  = prod_q[39:24];
    wire [15:0]     quanta = q_sat ? 16'hFFFF : (q_int == 16'd0 && q_frac) ? 16'd1 : q_int;

    // The current EQ is finished: go on to the next gated EQ (GATE), or the decision is done
    // (IDLE). Called from the next-state block below (C twin: next_eq() in ppfc.c).
    task next_eq_or_done;
        begin
            state_next = ff_found ? S_GATE : S_IDLE;
            o_next     = ff_found ? ff_o : o_reg;
            p_next     = ff_found ? ff_p : p_reg;
        end
    endtask

    always @* begin
        state_next        = state_reg;
        pending_next      = pending_reg;
        ivl_cnt_next      = ivl_cnt_reg;
        i_next            = i_reg;
        o_next            = o_reg;
        p_next            = p_reg;
        inc_total_next    = inc_total_reg;
        target_next       = target_reg;
        pick_r_next       = pick_r_reg;
        y_next            = y_reg;
        rem_next          = rem_reg;
        chosen_sum_next   = chosen_sum_reg;
        prefix_next       = prefix_reg;
        comp_snap_next    = comp_snap_reg;
        cand_next         = cand_reg;
        pp_valid_next     = 1'b0;
        pp_port_next      = {PW{1'b0}};
        pp_prio_next      = 3'd0;
        pp_quanta_next    = 16'd0;
        stat_predict_next = 1'b0;
        stat_overrun_next = 1'b0;
        lfsr_step         = 1'b0;
        q_qmul_next       = 1'b0;
        q_issue_next      = 1'b0;
        q_i_next          = q_i_reg;
        q_o_next          = q_o_reg;
        q_p_next          = q_p_reg;
        q_comp_next       = q_comp_reg;

        if (!cfg_enable) begin
            ivl_cnt_next = 24'd0;
            state_next   = S_IDLE;
            pending_next = 1'b0;
        end else begin
            ivl_cnt_next = tick ? 24'd0 : ivl_cnt_inc[23:0];
            // a decision runs while the FSM is busy or the pause pipe drains
            if (tick && (state_reg != S_IDLE || pipe_busy)) begin
                pending_next      = 1'b1;
                stat_overrun_next = 1'b1;
            end

            case (state_reg)
                S_IDLE: begin
                    if ((tick || pending_reg) && !pipe_busy) begin
                        pending_next = 1'b0;
                        state_next   = S_TOT;
                    end
                end
                S_TOT: begin
                    inc_total_next = tot_diff;
                    state_next     = S_PRED;
                end
                S_PRED: begin
                    if (fire && ff_found) begin
                        o_next     = ff_o;
                        p_next     = ff_p;
                        state_next = S_GATE;
                    end else begin
                        state_next = S_IDLE;
                    end
                end
                S_GATE: begin
                    stat_predict_next = 1'b1;
                    target_next       = prod[TGW-1:0];
                    i_next            = {PW{1'b0}};
                    rem_next          = {SUMW{1'b0}};
                    chosen_sum_next   = {SUMW{1'b0}};
                    state_next        = S_CAND;
                end
                S_CAND: if (FAST != 0) begin
                    comp_snap_next = (comp_snap_reg & ~lane_mask_cw) | (lane_comp_w & lane_mask_cw);
                    prefix_next    = (prefix_reg & ~lane_mask_sw) | (lane_sum_w & lane_mask_sw);
                    cand_next      = (cand_reg & ~lane_wr) | (lane_ok_w & lane_wr);
                    rem_next       = lanes_rem;
                    if (i_reg == G_LAST) begin
                        if (lanes_rem == {SUMW{1'b0}}) begin
                            next_eq_or_done;
                        end else begin
                            state_next = S_PICK;
                        end
                    end else begin
                        i_next = i_reg + {{(PW-1){1'b0}}, 1'b1};
                    end
                end else begin
                    comp_snap_next = (comp_snap_reg & ~i_mask_cw) | ({N_PORTS{comp_sel}} & i_mask_cw);
                    prefix_next    = (prefix_reg & ~i_mask_sw) | ({N_PORTS{rem_add}} & i_mask_sw);
                    cand_next      = (cand_reg & ~i_dec) | (i_dec & {N_PORTS{cand_ok}});
                    rem_next       = rem_add;
                    if (i_reg == N_LAST) begin
                        if (rem_add == {SUMW{1'b0}}) begin
                            next_eq_or_done;
                        end else begin
                            state_next = S_PICK;
                        end
                    end else begin
                        i_next = i_reg + {{(PW-1){1'b0}}, 1'b1};
                    end
                end
                S_PICK: begin
                    pick_r_next = prod[SUMW+31:32];
                    lfsr_step   = 1'b1;
                    state_next  = S_SELECT;
                end
                S_SELECT: if (FAST != 0) begin
                    // the pick, its stop test, and the pause-time pipe's QMUL stage next
                    cand_next       = cand_reg & ~sel_hit;
                    rem_next        = sel_rem_new;
                    chosen_sum_next = sel_chosen_new;
                    for (k = 0; k < N_PORTS; k = k + 1)
                        if (sel_gt[k])
                            prefix_next[k*SUMW +: SUMW] = prefix_reg[k*SUMW +: SUMW] - {{PW{1'b0}}, sel_comp};
                    q_qmul_next = 1'b1;
                    q_i_next    = sel_idx;
                    q_o_next    = o_reg;
                    q_p_next    = p_reg;
                    q_comp_next = sel_comp;
                    if (sel_stop) begin
                        next_eq_or_done;
                    end else begin
                        state_next = S_PICK;
                    end
                end else begin
                    i_next          = sel_idx;
                    cand_next       = cand_reg & ~sel_hit;
                    rem_next        = rem_reg - {{PW{1'b0}}, sel_comp};
                    chosen_sum_next = chosen_sum_reg + {{PW{1'b0}}, sel_comp};
                    for (k = 0; k < N_PORTS; k = k + 1)
                        if (sel_gt[k])
                            prefix_next[k*SUMW +: SUMW] = prefix_reg[k*SUMW +: SUMW] - {{PW{1'b0}}, sel_comp};
                    state_next      = S_QMUL;
                end
                S_QMUL: begin
                    y_next     = prod[AW-1:0];
                    state_next = S_ISSUE;
                end
                S_ISSUE: begin
                    pp_valid_next  = 1'b1;
                    pp_port_next   = i_reg;
                    pp_prio_next   = p_reg;
                    pp_quanta_next = quanta;
                    if (ratio_reached || rem_reg == {SUMW{1'b0}}) begin
                        next_eq_or_done;
                    end else begin
                        state_next = S_PICK;
                    end
                end
                default: state_next = S_IDLE;
            endcase

            // W > 1: the pause pipe (QMUL then ISSUE of the PG chosen in SELECT)
            if (FAST != 0) begin
                q_issue_next = q_qmul_reg;
                if (q_qmul_reg)
                    y_next = prod_q[AW-1:0];
                if (q_issue_reg) begin
                    pp_valid_next  = 1'b1;
                    pp_port_next   = q_i_reg;
                    pp_prio_next   = q_p_reg;
                    pp_quanta_next = quanta;
                end
            end
        end
        busy_next = (state_next != S_IDLE) || q_qmul_next || q_issue_next;
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg        <= S_IDLE;
            pending_reg      <= 1'b0;
            ivl_cnt_reg      <= 24'd0;
            i_reg            <= {PW{1'b0}};
            o_reg            <= {PW{1'b0}};
            p_reg            <= 3'd0;
            inc_total_reg    <= {TW{1'b0}};
            target_reg       <= {TGW{1'b0}};
            pick_r_reg       <= {SUMW{1'b0}};
            y_reg            <= {AW{1'b0}};
            rem_reg          <= {SUMW{1'b0}};
            chosen_sum_reg   <= {SUMW{1'b0}};
            prefix_reg       <= {(N_PORTS*SUMW){1'b0}};
            comp_snap_reg    <= {(N_PORTS*CW){1'b0}};
            cand_reg         <= {N_PORTS{1'b0}};
            pp_valid_reg     <= 1'b0;
            pp_port_reg      <= {PW{1'b0}};
            pp_prio_reg      <= 3'd0;
            pp_quanta_reg    <= 16'd0;
            stat_predict_reg <= 1'b0;
            stat_overrun_reg <= 1'b0;
            busy_reg         <= 1'b0;
            snap_reg         <= {(NP*CW){1'b0}};
            snap_prev_reg    <= {(NP*CW){1'b0}};
            tot_reg          <= {(CW+8){1'b0}};
            tot_prev_reg     <= {(CW+8){1'b0}};
            hold_reg         <= {(NP*16){1'b0}};
            stat_pp_reg      <= {NP{1'b0}};
            gate_reg         <= {NP{1'b0}};
            q_qmul_reg       <= 1'b0;
            q_issue_reg      <= 1'b0;
            q_i_reg          <= {PW{1'b0}};
            q_o_reg          <= {PW{1'b0}};
            q_p_reg          <= 3'd0;
            q_comp_reg       <= {CW{1'b0}};
        end else begin
            state_reg        <= state_next;
            pending_reg      <= pending_next;
            ivl_cnt_reg      <= ivl_cnt_next;
            i_reg            <= i_next;
            o_reg            <= o_next;
            p_reg            <= p_next;
            inc_total_reg    <= inc_total_next;
            target_reg       <= target_next;
            pick_r_reg       <= pick_r_next;
            y_reg            <= y_next;
            rem_reg          <= rem_next;
            chosen_sum_reg   <= chosen_sum_next;
            prefix_reg       <= prefix_next;
            comp_snap_reg    <= comp_snap_next;
            cand_reg         <= cand_next;
            pp_valid_reg     <= pp_valid_next;
            pp_port_reg      <= pp_port_next;
            pp_prio_reg      <= pp_prio_next;
            pp_quanta_reg    <= pp_quanta_next;
            stat_predict_reg <= stat_predict_next;
            stat_overrun_reg <= stat_overrun_next;
            busy_reg         <= busy_next;
            // snapshots: clock-enabled flops (the latest follows the occupancy while disabled)
            if (snap_load) begin
                snap_reg <= occ_all;
                tot_reg  <= tot_next;
            end
            if (tick) begin
                snap_prev_reg <= snap_reg;
                tot_prev_reg  <= tot_reg;
            end
            hold_reg         <= hold_next;
            stat_pp_reg      <= stat_pp_next;
            gate_reg         <= gate_next;
            q_qmul_reg       <= q_qmul_next;
            q_issue_reg      <= q_issue_next;
            q_i_reg          <= q_i_next;
            q_o_reg          <= q_o_next;
            q_p_reg          <= q_p_next;
            q_comp_reg       <= q_comp_next;
        end
    end

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
