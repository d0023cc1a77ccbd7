// fg_ppfc - P-PFC, the predictive PFC engine of the switch core (SPEC.md section 4,
// docs/blocks/ppfc.md).
//
// Every cfg_interval cycles (an interval boundary) it snapshots the occupancy of every
// priority group PG(i,p) = ingress_cnt + hdrm_cnt of fg_bm, keeps the increment
// inc[i][p] = occupancy - previous snapshot (signed, CW+1 bits) and starts one decision, a
// sequential FSM that looks at one thing per cycle so the logic stays shallow:
//   SUM       inc_total += inc[i][p], one PG per cycle
//   PRED      fire when inc_total > 0 and shared_free < T * inc_total
//   per EQ(o,p): GATE (lossless and egress_cnt > kmax), R * egress_cnt, CAND scan (one
//             ingress port per cycle: inc > 1, comp > 0, not paused, not in hold-off;
//             comp snapshot, remaining sum), then picks: r = (lfsr * remaining) >> 32,
//             SELECT the first candidate whose running sum exceeds r, pause time
//             (comp + max(inc,0)) * cell_cycles[o] * quanta_step[i] >> 24, ISSUE one pp_*
//             request and the PG's hold-off, until the chosen share reaches R
//             (chosen * 2^16 >= R * egress_cnt) or no candidate is left.
// Every product goes through one serial multiplier (4 bits of the second factor per cycle);
// nothing divides. The worst-case decision is NP*(2N+27)+5 cycles (NP = N_PORTS*N_PRIO).
// A boundary during a decision is counted (stat_overrun) and its decision waits.
// Randomness: fg_lfsr, one step per pick (when the pick's product starts); loaded with
// cfg_seed on reset and on cfg_seed_load. The C twin is cmodel/switch/ppfc.c.
`default_nettype none

module fg_ppfc #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width (4..23)
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
    localparam integer TW   = CW + 9;        // inc_total: up to 256 PGs of CW+1 bits, signed
    localparam integer SUMW = CW + PW;       // sums of up to N_PORTS comp counters
    localparam integer MULW = CW + 41;       // widest product: (CW+1) x 16 x 24 bits
    localparam integer TGW  = CW + 17;       // R (17 bits) * egress_cnt (CW bits)
    localparam integer CMPW = SUMW + 17;     // chosen_sum * 2^16 vs target

    localparam [3:0] S_IDLE     = 4'd0;
    localparam [3:0] S_SUM      = 4'd1;
    localparam [3:0] S_PRED_MUL = 4'd2;
    localparam [3:0] S_PRED     = 4'd3;
    localparam [3:0] S_GATE     = 4'd4;
    localparam [3:0] S_EQ_MUL   = 4'd5;
    localparam [3:0] S_CAND     = 4'd6;
    localparam [3:0] S_PICK_MUL = 4'd7;
    localparam [3:0] S_SELECT   = 4'd8;
    localparam [3:0] S_QMUL1    = 4'd9;
    localparam [3:0] S_QLOAD2   = 4'd10;
    localparam [3:0] S_QMUL2    = 4'd11;
    localparam [3:0] S_ISSUE    = 4'd12;

    // multiplier steps: 4 bits of the second factor per cycle
    localparam [3:0] STEPS_PRED  = 4'd4;   // cfg_horizon, 16 bits
    localparam [3:0] STEPS_RATIO = 4'd5;   // cfg_ratio, 17 bits
    localparam [3:0] STEPS_PICK  = 4'd8;   // lfsr, 32 bits
    localparam [3:0] STEPS_CELL  = 4'd4;   // cfg_cell_cycles, 16 bits
    localparam [3:0] STEPS_QSTEP = 4'd6;   // cfg_quanta_step, 24 bits

    localparam integer  N_LAST_I = N_PORTS - 1;
    localparam integer  P_LAST_I = N_PRIO - 1;
    localparam [PW-1:0] N_LAST   = N_LAST_I[PW-1:0];
    localparam [2:0]    P_LAST   = P_LAST_I[2:0];

    // ---- registers ---------------------------------------------------------------------
    reg  [3:0]          state_reg,      state_next;
    reg                 pending_reg,    pending_next;
    reg  [23:0]         ivl_cnt_reg,    ivl_cnt_next;
    reg  [PW-1:0]       i_reg,          i_next;       // scan index (SUM: PG's port)
    reg  [PW-1:0]       o_reg,          o_next;       // EQ's egress port
    reg  [2:0]          p_reg,          p_next;       // priority (SUM: PG's priority)
    reg  [PW-1:0]       chosen_reg,     chosen_next;
    reg  [TW-1:0]       inc_total_reg,  inc_total_next;
    reg  [MULW-1:0]     mul_a_reg,      mul_a_next;
    reg  [31:0]         mul_b_reg,      mul_b_next;
    reg  [MULW-1:0]     mul_acc_reg,    mul_acc_next;
    reg  [3:0]          mul_cnt_reg,    mul_cnt_next;
    reg  [TGW-1:0]      target_reg,     target_next;
    reg  [SUMW-1:0]     rem_reg,        rem_next;      // comp sum of remaining candidates
    reg  [SUMW-1:0]     chosen_sum_reg, chosen_sum_next;
    reg  [SUMW-1:0]     run_reg,        run_next;      // running sum of the select scan
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

    // per PG (generate below)
    reg  [NP*CW-1:0]     snap_reg;
    wire [NP*CW-1:0]     snap_next;
    reg  [NP*(CW+1)-1:0] inc_reg;
    wire [NP*(CW+1)-1:0] inc_next;
    reg  [NP*16-1:0]     hold_reg;
    wire [NP*16-1:0]     hold_next;
    reg  [NP-1:0]        stat_pp_reg;
    wire [NP-1:0]        stat_pp_next;

    // ---- interval boundary -------------------------------------------------------------
    wire [24:0] ivl_cnt_inc = {1'b0, ivl_cnt_reg} + 25'd1;
    wire        tick        = cfg_enable && (ivl_cnt_inc >= {1'b0, cfg_interval});
    wire        issue_now   = cfg_enable && (state_reg == S_ISSUE);
    wire [15:0] holdoff_eff = (cfg_holdoff == 16'd0) ? 16'd1 : cfg_holdoff;

    // ---- decoded indices ---------------------------------------------------------------
    wire [N_PORTS-1:0] i_dec, o_dec, chosen_dec;
    wire [N_PRIO-1:0]  p_dec;
    wire [NP-1:0]      pg_dec;      // PG (i_reg, p_reg)
    wire [NP-1:0]      eq_dec;      // EQ (o_reg, p_reg)
    wire [NPN-1:0]     comp_dec;    // comp (o_reg, p_reg, i_reg)
    wire [N_PORTS*CW-1:0] i_mask_cw; // element i_reg of comp_snap

    genvar gi, gp, go;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_port_dec
            localparam [PW-1:0] IDX = gi;
            assign i_dec[gi]      = (i_reg == IDX);
            assign o_dec[gi]      = (o_reg == IDX);
            assign chosen_dec[gi] = (chosen_reg == IDX);
            assign i_mask_cw[gi*CW +: CW] = {CW{i_dec[gi]}};
        end
        for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio_dec
            localparam [2:0] IDX = gp;
            assign p_dec[gp] = (p_reg == IDX);
        end
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pg_dec
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                assign pg_dec[gi*N_PRIO + gp] = i_dec[gi] & p_dec[gp];
                assign eq_dec[gi*N_PRIO + gp] = o_dec[gi] & p_dec[gp];
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
    wire [CW:0]     inc_sel;        // inc[i_reg][p_reg]
    wire [15:0]     hold_sel;       // hold[i_reg][p_reg]
    wire            paused_sel = |(paused & pg_dec);
    wire            lossless_sel = |(cfg_lossless & p_dec);
    wire [CW-1:0]   egress_sel;     // egress_cnt[o_reg][p_reg]
    wire [CW-1:0]   comp_sel;       // comp_cnt[o_reg][p_reg][i_reg]
    wire [CW-1:0]   snap_comp_sel;  // comp_snap[i_reg]
    wire            cand_sel = |(cand_reg & i_dec);
    wire [15:0]     cell_cycles_sel; // cfg_cell_cycles[o_reg]
    wire [23:0]     quanta_step_sel; // cfg_quanta_step[chosen_reg]

    fg_ppfc_mux #(.W(CW + 1), .N(NP)) u_inc_mux (
        .data(inc_reg), .sel(pg_dec), .out(inc_sel));
    fg_ppfc_mux #(.W(16), .N(NP)) u_hold_mux (
        .data(hold_reg), .sel(pg_dec), .out(hold_sel));
    fg_ppfc_mux #(.W(CW), .N(NP)) u_egress_mux (
        .data(egress_cnt), .sel(eq_dec), .out(egress_sel));
    fg_ppfc_mux #(.W(CW), .N(NPN)) u_comp_mux (
        .data(comp_cnt), .sel(comp_dec), .out(comp_sel));
    fg_ppfc_mux #(.W(CW), .N(N_PORTS)) u_snap_mux (
        .data(comp_snap_reg), .sel(i_dec), .out(snap_comp_sel));
    fg_ppfc_mux #(.W(16), .N(N_PORTS)) u_cell_mux (
        .data(cfg_cell_cycles), .sel(o_dec), .out(cell_cycles_sel));
    fg_ppfc_mux #(.W(24), .N(N_PORTS)) u_qstep_mux (
        .data(cfg_quanta_step), .sel(chosen_dec), .out(quanta_step_sel));

    // ---- LFSR: loaded with cfg_seed on reset and on cfg_seed_load, one step per pick -----
    wire [31:0] lfsr_value;

    fg_lfsr #(.RESET_SEED(32'h0000_0001)) u_lfsr (
        .clk(clk),
        .rst(1'b0),
        .load(rst | cfg_seed_load),
        .seed(cfg_seed),
        .step(lfsr_step),
        .value(lfsr_value)
    );

    // ---- per-PG snapshot, increment, hold-off, stat_pp ---------------------------------
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pg
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                localparam integer K = gi*N_PRIO + gp;
                // occupancy, saturated to CW bits (a real buffer never exceeds 2^CW-1 cells)
                wire [CW:0]   occ_sum = {1'b0, ingress_cnt[K*CW +: CW]} + {1'b0, hdrm_cnt[K*CW +: CW]};
                wire [CW-1:0] occ     = occ_sum[CW] ? {CW{1'b1}} : occ_sum[CW-1:0];
                wire [CW-1:0] snap    = snap_reg[K*CW +: CW];
                wire [15:0]   hold    = hold_reg[K*16 +: 16];
                wire          picked  = issue_now && chosen_dec[gi] && p_dec[gp];

                assign snap_next[K*CW +: CW] = (!cfg_enable || tick) ? occ : snap;
                assign inc_next[K*(CW+1) +: CW+1] =
                    !cfg_enable ? {(CW+1){1'b0}} :
                    tick        ? ({1'b0, occ} - {1'b0, snap}) : inc_reg[K*(CW+1) +: CW+1];
                assign hold_next[K*16 +: 16] =
                    !cfg_enable              ? 16'd0 :
                    picked                   ? holdoff_eff :    // a pick wins over the boundary
                    (tick && hold != 16'd0)  ? hold - 16'd1 : hold;
                assign stat_pp_next[K] = picked;
            end
        end
    endgenerate

    // ---- the decision FSM --------------------------------------------------------------
    wire [TW-1:0]   inc_sel_ext   = {{(TW-CW-1){inc_sel[CW]}}, inc_sel};
    wire [TW-1:0]   inc_total_sum = inc_total_reg + inc_sel_ext;
    wire            inc_pos       = !inc_sel[CW] && (inc_sel[CW-1:0] != {CW{1'b0}});
    // "increment > 1" (SPEC 11: literally): positive and not 1
    wire            inc_gt1       = inc_pos && (inc_sel[CW-1:0] != {{(CW-1){1'b0}}, 1'b1});
    wire            cand_ok       = inc_gt1 && (comp_sel != {CW{1'b0}}) && !paused_sel
                                    && (hold_sel == 16'd0);
    wire [SUMW-1:0] rem_add       = rem_reg + (cand_ok ? {{PW{1'b0}}, comp_sel} : {SUMW{1'b0}});
    wire [SUMW-1:0] run_add       = run_reg + (cand_sel ? {{PW{1'b0}}, snap_comp_sel} : {SUMW{1'b0}});
    wire [SUMW-1:0] pick_r        = mul_acc_reg[SUMW+31:32];
    wire            last_eq       = (o_reg == N_LAST) && (p_reg == P_LAST);
    wire            last_pg       = (i_reg == N_LAST) && (p_reg == P_LAST);
    wire [CMPW-1:0] chosen_scaled = {1'b0, chosen_sum_reg, 16'd0};
    wire [CMPW-1:0] target_ext    = {{(CMPW-TGW){1'b0}}, target_reg};
    wire            ratio_reached = chosen_scaled >= target_ext;
    wire            total_pos     = !inc_total_reg[TW-1] && (inc_total_reg != {TW{1'b0}});
    wire            fire          = total_pos && ({{(MULW-CW){1'b0}}, shared_free} < mul_acc_reg);
    // pause quanta: floor(product / 2^24), saturated at 0xFFFF, at least 1 if non-zero
    wire            q_sat  = mul_acc_reg[MULW-1:40] != {(MULW-40){1'b0}};
    wire            q_frac = mul_acc_reg[23:0] != 24'd0;
    wire [15:0]     q_int  = mul_acc_reg[39:24];
    wire [15:0]     quanta = q_sat ? 16'hFFFF : (q_int == 16'd0 && q_frac) ? 16'd1 : q_int;

    // one multiplier step: acc += a * b[3:0] (written as four AND terms: no DSP inference)
    wire [MULW-1:0] mul_step = mul_acc_reg
                             + (mul_a_reg & {MULW{mul_b_reg[0]}})
                             + ({mul_a_reg[MULW-2:0], 1'b0} & {MULW{mul_b_reg[1]}})
                             + ({mul_a_reg[MULW-3:0], 2'b0} & {MULW{mul_b_reg[2]}})
                             + ({mul_a_reg[MULW-4:0], 3'b0} & {MULW{mul_b_reg[3]}});

    // multiplier operands at each start
    wire [MULW-1:0] a_pred  = inc_total_sum[TW-1] ? {MULW{1'b0}}
                                                  : {{(MULW-TW){1'b0}}, inc_total_sum};
    wire [MULW-1:0] a_eg    = {{(MULW-CW){1'b0}}, egress_sel};
    wire [MULW-1:0] a_rem   = {{(MULW-SUMW){1'b0}}, rem_add};
    wire [MULW-1:0] a_rem_r = {{(MULW-SUMW){1'b0}}, rem_reg};
    wire [CW:0]     inc_pos_part = inc_sel[CW] ? {(CW+1){1'b0}} : inc_sel;
    wire [CW:0]     x_cells = {1'b0, snap_comp_sel} + inc_pos_part;   // < 2^(CW+1)
    wire [MULW-1:0] a_cells = {{(MULW-CW-1){1'b0}}, x_cells};

    always @* begin
        state_next        = state_reg;
        pending_next      = pending_reg;
        ivl_cnt_next      = ivl_cnt_reg;
        i_next            = i_reg;
        o_next            = o_reg;
        p_next            = p_reg;
        chosen_next       = chosen_reg;
        inc_total_next    = inc_total_reg;
        mul_a_next        = {mul_a_reg[MULW-5:0], 4'd0};
        mul_b_next        = {4'd0, mul_b_reg[31:4]};
        mul_acc_next      = mul_acc_reg;
        mul_cnt_next      = mul_cnt_reg;
        target_next       = target_reg;
        rem_next          = rem_reg;
        chosen_sum_next   = chosen_sum_reg;
        run_next          = run_reg;
        comp_snap_next    = comp_snap_reg;
        cand_next         = cand_reg;
        pp_valid_next     = 1'b0;
        pp_port_next      = {PW{1'b0}};
        pp_prio_next      = 3'd0;
        pp_quanta_next    = 16'd0;
        stat_predict_next = 1'b0;
        stat_overrun_next = 1'b0;
        lfsr_step         = 1'b0;

        if (!cfg_enable) begin
            ivl_cnt_next = 24'd0;
            state_next   = S_IDLE;
            pending_next = 1'b0;
        end else begin
            ivl_cnt_next = tick ? 24'd0 : ivl_cnt_inc[23:0];
            if (tick && state_reg != S_IDLE) begin
                pending_next      = 1'b1;
                stat_overrun_next = 1'b1;
            end

            case (state_reg)
                S_IDLE: begin
                    if (tick || pending_reg) begin
                        pending_next   = 1'b0;
                        state_next     = S_SUM;
                        i_next         = {PW{1'b0}};
                        p_next         = 3'd0;
                        inc_total_next = {TW{1'b0}};
                    end
                end
                S_SUM: begin
                    inc_total_next = inc_total_sum;
                    if (last_pg) begin
                        mul_a_next   = a_pred;
                        mul_b_next   = {16'd0, cfg_horizon};
                        mul_acc_next = {MULW{1'b0}};
                        mul_cnt_next = STEPS_PRED;
                        state_next   = S_PRED_MUL;
                    end else if (p_reg == P_LAST) begin
                        p_next = 3'd0;
                        i_next = i_reg + {{(PW-1){1'b0}}, 1'b1};
                    end else begin
                        p_next = p_reg + 3'd1;
                    end
                end
                S_PRED: begin
                    if (fire) begin
                        o_next     = {PW{1'b0}};
                        p_next     = 3'd0;
                        state_next = S_GATE;
                    end else begin
                        state_next = S_IDLE;
                    end
                end
                S_GATE: begin
                    if (lossless_sel && (egress_sel > cfg_kmax)) begin
                        stat_predict_next = 1'b1;
                        i_next            = {PW{1'b0}};
                        rem_next          = {SUMW{1'b0}};
                        chosen_sum_next   = {SUMW{1'b0}};
                        mul_a_next        = a_eg;
                        mul_b_next        = {15'd0, cfg_ratio};
                        mul_acc_next      = {MULW{1'b0}};
                        mul_cnt_next      = STEPS_RATIO;
                        state_next        = S_EQ_MUL;
                    end else if (last_eq) begin
                        state_next = S_IDLE;
                    end else begin
                        p_next     = (p_reg == P_LAST) ? 3'd0 : p_reg + 3'd1;
                        o_next     = (p_reg == P_LAST) ? o_reg + {{(PW-1){1'b0}}, 1'b1} : o_reg;
                        state_next = S_GATE;
                    end
                end
                S_CAND: begin
                    target_next = mul_acc_reg[TGW-1:0];
                    comp_snap_next = (comp_snap_reg & ~i_mask_cw) | ({N_PORTS{comp_sel}} & i_mask_cw);
                    cand_next      = (cand_reg & ~i_dec) | (i_dec & {N_PORTS{cand_ok}});
                    rem_next = rem_add;
                    if (i_reg == N_LAST) begin
                        if (rem_add == {SUMW{1'b0}}) begin
                            if (last_eq) begin
                                state_next = S_IDLE;
                            end else begin
                                p_next     = (p_reg == P_LAST) ? 3'd0 : p_reg + 3'd1;
                                o_next     = (p_reg == P_LAST) ? o_reg + {{(PW-1){1'b0}}, 1'b1} : o_reg;
                                state_next = S_GATE;
                            end
                        end else begin
                            mul_a_next   = a_rem;
                            mul_b_next   = lfsr_value;
                            mul_acc_next = {MULW{1'b0}};
                            mul_cnt_next = STEPS_PICK;
                            lfsr_step    = 1'b1;
                            state_next   = S_PICK_MUL;
                        end
                    end else begin
                        i_next = i_reg + {{(PW-1){1'b0}}, 1'b1};
                    end
                end
                S_SELECT: begin
                    if (cand_sel && (run_add > pick_r)) begin
                        chosen_next     = i_reg;
                        cand_next       = cand_reg & ~i_dec;
                        rem_next        = rem_reg - {{PW{1'b0}}, snap_comp_sel};
                        chosen_sum_next = chosen_sum_reg + {{PW{1'b0}}, snap_comp_sel};
                        mul_a_next      = a_cells;
                        mul_b_next      = {16'd0, cell_cycles_sel};
                        mul_acc_next    = {MULW{1'b0}};
                        mul_cnt_next    = STEPS_CELL;
                        state_next      = S_QMUL1;
                    end else if (i_reg == N_LAST) begin
                        // unreachable: the running sum reaches rem > r at the last candidate
                        if (last_eq) begin
                            state_next = S_IDLE;
                        end else begin
                            p_next     = (p_reg == P_LAST) ? 3'd0 : p_reg + 3'd1;
                            o_next     = (p_reg == P_LAST) ? o_reg + {{(PW-1){1'b0}}, 1'b1} : o_reg;
                            state_next = S_GATE;
                        end
                    end else begin
                        i_next   = i_reg + {{(PW-1){1'b0}}, 1'b1};
                        run_next = run_add;
                    end
                end
                S_QLOAD2: begin
                    mul_a_next   = mul_acc_reg;
                    mul_b_next   = {8'd0, quanta_step_sel};
                    mul_acc_next = {MULW{1'b0}};
                    mul_cnt_next = STEPS_QSTEP;
                    state_next   = S_QMUL2;
                end
                S_ISSUE: begin
                    pp_valid_next  = 1'b1;
                    pp_port_next   = chosen_reg;
                    pp_prio_next   = p_reg;
                    pp_quanta_next = quanta;
                    if (ratio_reached || rem_reg == {SUMW{1'b0}}) begin
                        if (last_eq) begin
                            state_next = S_IDLE;
                        end else begin
                            p_next     = (p_reg == P_LAST) ? 3'd0 : p_reg + 3'd1;
                            o_next     = (p_reg == P_LAST) ? o_reg + {{(PW-1){1'b0}}, 1'b1} : o_reg;
                            state_next = S_GATE;
                        end
                    end else begin
                        mul_a_next   = a_rem_r;
                        mul_b_next   = lfsr_value;
                        mul_acc_next = {MULW{1'b0}};
                        mul_cnt_next = STEPS_PICK;
                        lfsr_step    = 1'b1;
                        state_next   = S_PICK_MUL;
                    end
                end
                S_PRED_MUL, S_EQ_MUL, S_PICK_MUL, S_QMUL1, S_QMUL2: begin
                    mul_acc_next = mul_step;
                    mul_cnt_next = mul_cnt_reg - 4'd1;
                    if (state_reg == S_PICK_MUL) begin
                        i_next   = {PW{1'b0}};
                        run_next = {SUMW{1'b0}};
                    end
                    if (mul_cnt_reg <= 4'd1) begin
                        case (state_reg)
                            S_PRED_MUL: state_next = S_PRED;
                            S_EQ_MUL:   state_next = S_CAND;
                            S_PICK_MUL: state_next = S_SELECT;
                            S_QMUL1:    state_next = S_QLOAD2;
                            default:    state_next = S_ISSUE;
                        endcase
                    end
                end
                default: state_next = S_IDLE;
            endcase
        end
        busy_next = (state_next != S_IDLE);
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg        <= S_IDLE;
            pending_reg      <= 1'b0;
            ivl_cnt_reg      <= 24'd0;
            i_reg            <= {PW{1'b0}};
            o_reg            <= {PW{1'b0}};
            p_reg            <= 3'd0;
            chosen_reg       <= {PW{1'b0}};
            inc_total_reg    <= {TW{1'b0}};
            mul_a_reg        <= {MULW{1'b0}};
            mul_b_reg        <= 32'd0;
            mul_acc_reg      <= {MULW{1'b0}};
            mul_cnt_reg      <= 4'd0;
            target_reg       <= {TGW{1'b0}};
            rem_reg          <= {SUMW{1'b0}};
            chosen_sum_reg   <= {SUMW{1'b0}};
            run_reg          <= {SUMW{1'b0}};
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
            inc_reg          <= {(NP*(CW+1)){1'b0}};
            hold_reg         <= {(NP*16){1'b0}};
            stat_pp_reg      <= {NP{1'b0}};
        end else begin
            state_reg        <= state_next;
            pending_reg      <= pending_next;
            ivl_cnt_reg      <= ivl_cnt_next;
            i_reg            <= i_next;
            o_reg            <= o_next;
            p_reg            <= p_next;
            chosen_reg       <= chosen_next;
            inc_total_reg    <= inc_total_next;
            mul_a_reg        <= mul_a_next;
            mul_b_reg        <= mul_b_next;
            mul_acc_reg      <= mul_acc_next;
            mul_cnt_reg      <= mul_cnt_next;
            target_reg       <= target_next;
            rem_reg          <= rem_next;
            chosen_sum_reg   <= chosen_sum_next;
            run_reg          <= run_next;
            comp_snap_reg    <= comp_snap_next;
            cand_reg         <= cand_next;
            pp_valid_reg     <= pp_valid_next;
            pp_port_reg      <= pp_port_next;
            pp_prio_reg      <= pp_prio_next;
            pp_quanta_reg    <= pp_quanta_next;
            stat_predict_reg <= stat_predict_next;
            stat_overrun_reg <= stat_overrun_next;
            busy_reg         <= busy_next;
            snap_reg         <= snap_next;
            inc_reg          <= inc_next;
            hold_reg         <= hold_next;
            stat_pp_reg      <= stat_pp_next;
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
