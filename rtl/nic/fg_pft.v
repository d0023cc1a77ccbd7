// fg_pft - PFT proactive flow throttling of one NIC port (SPEC 6, docs/blocks/pft.md).
//
// A Normal/Congested FSM watches c, the credits in use at the CBFC sender:
//   FT (cfg_strategy 0): Normal -> Congested when c > t_e; Congested -> Normal when c < t_s.
//   AT (cfg_strategy 1): a window of W cycles counts the cycles that meet the condition of the
//     state (Normal: c > th_e, Congested: c < th_s); reaching N (N_e / N_s) within one window,
//     including in its last cycle, changes the state. The window and count registers restart
//     at every window end and every state change (FT and cfg_enable = 0 keep them at the
//     start of a window: elapsed 1, hits 0).
// While Congested it throttles with f(c) = ((c << m) >> n) + k. c << m is formed in CW_C + 31
// bits (m <= 31: no bit of c is lost before >> n); the sum saturates to FW bits.
//   FI (cfg_injection 0): allow when the idle cycles since the last flit_sent >= f(c).
//   RI (cfg_injection 1): allow when r >= f(c), r = the fg_lfsr value of the cycle (the LFSR
//     steps every cycle), compared in max(FW, 32) + 1 bits, so an f >= 2^32 never allows.
// f is computed every cycle in two stages: the edge at the end of cycle t registers
// (c << m) >> n of cycle t, the next edge adds k (of cycle t + 1) and saturates into f_value;
// allow compares with that register, i.e. with f of the c of two cycles before (the shifters
// end in a flop, the adder in another). Outputs are registered: the edge at the end of cycle
// t computes from the inputs of cycle t (and f_value = f(c of cycle t-2)) what the NIC sees
// in cycle t + 1.
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

    localparam integer IW   = CW_C + 31;                     // c << m, m <= 31
    localparam integer SUMW = ((IW > FW) ? IW : FW) + 1;     // (c << m >> n) + k, no carry lost
    localparam integer CMPW = ((FW > 32) ? FW : 32) + 1;     // r >= f without truncation

    reg            congested_reg, congested_next;
    reg  [WW:0]    elapsed_reg, elapsed_next;   // AT: cycles of the window so far, this one included
    reg  [WW-1:0]  hit_cnt_reg, hit_cnt_next;   // AT: cycles of the window that met the condition
    reg  [WW:0]    hit1_reg, hit1_next;         // hit_cnt_reg + 1
    reg  [FW-1:0]  gap_plus1_reg, gap_plus1_next;  // FI: idle cycles since the last flit + 1, saturating
    reg            allow_reg, allow_next;
    reg  [FW-1:0]  f_value_reg;
    reg            stat_enter_reg, stat_enter_next;
    reg            stat_exit_reg, stat_exit_next;
    reg            stat_throttled_reg;

    // ---- the random number of this cycle ----
    wire [31:0] lfsr_value;
    fg_lfsr #(
        .RESET_SEED (RESET_SEED)
    ) u_lfsr (
        .clk   (clk),
        .rst   (rst),
        .load  (cfg_seed_load),
        .seed  (cfg_seed),
        .step  (1'b1),
        .value (lfsr_value)
    );

    // ---- f(c) = ((c << m) >> n) + k, saturating to FW bits ----
    // With no bit lost, (c << m) >> n is c << (m - n) when m >= n and c >> (n - m) otherwise:
    // one left and one right shifter side by side instead of two in series (timing).
    wire            m_ge_n  = cfg_m >= cfg_n;
    wire [4:0]      sh_left = cfg_m - cfg_n;
    wire [4:0]      sh_right = cfg_n - cfg_m;
    wire [IW-1:0]   c_wide  = {31'd0, c};
    wire [IW-1:0]   c_left  = c_wide << sh_left;
    wire [CW_C-1:0] c_right = c >> sh_right;
    wire [IW-1:0]   shr_next   = m_ge_n ? c_left : {31'd0, c_right};
    // Two stages: the shifted c is registered (shr_reg), the addition of k and the
    // saturation follow on the next edge (shifters, then the SUMW-bit addition, in one edge
    // made this block 74 MHz on ECP5).
    reg  [IW-1:0]   shr_reg;
    wire [SUMW-1:0] f_sum   = {{(SUMW-IW){1'b0}}, shr_reg} + {{(SUMW-FW){1'b0}}, cfg_k};
    wire            f_over  = |f_sum[SUMW-1:FW];
    wire [FW-1:0]   f_now   = f_over ? {FW{1'b1}} : f_sum[FW-1:0];

    // ---- AT window arithmetic ----
    // The window counter is kept as elapsed_reg = cycles of the window including this one
    // (win + 1), and the hit counter also as hit1_reg = hits + 1, both WW + 1 bits: the
    // compares "win + 1 >= W" and "hits + 1 >= N" are then one carry chain each from flops,
    // with no increment in front of them, and the increments only feed the registers.
    // at_reached takes the compare for one more hit or none by at_hit, which comes from its
    // own compare of c beside them.
    wire [WW-1:0] at_w      = congested_reg ? cfg_w_s : cfg_w_e;
    wire [WW-1:0] at_need   = congested_reg ? cfg_n_s : cfg_n_e;
    wire          at_hit    = congested_reg ? (c < cfg_th_s) : (c > cfg_th_e);
    wire          at_last   = elapsed_reg >= {1'b0, at_w};
    wire          hits0_ge  = hit_cnt_reg >= at_need;
    wire          hits1_ge  = hit1_reg >= {1'b0, at_need};
    wire          at_reached = at_hit ? hits1_ge : hits0_ge;

    // The AT counters count on only while enabled, in AT, with neither a change nor a window
    // end; otherwise they restart. Written as an AND with that condition (below, after the
    // FSM) rather than selects of zero, which yosys makes the flops' reset with the whole
    // window logic in front of it.
    wire          at_count_on = cfg_enable && cfg_strategy && !at_reached && !at_last;

    // ---- FSM ----
    always @* begin
        congested_next  = congested_reg;
        // counting on: one more cycle, and one more hit when at_hit; otherwise a new window
        // (elapsed 1, hits 0)
        elapsed_next    = at_count_on ? elapsed_reg + {{WW{1'b0}}, 1'b1} : {{WW{1'b0}}, 1'b1};
        hit_cnt_next    = (at_hit ? hit1_reg[WW-1:0] : hit_cnt_reg) & {WW{at_count_on}};
        hit1_next       = at_count_on ? (at_hit ? hit1_reg + {{WW{1'b0}}, 1'b1} : hit1_reg)
                                      : {{WW{1'b0}}, 1'b1};
        stat_enter_next = 1'b0;
        stat_exit_next  = 1'b0;
        if (!cfg_enable) begin
            congested_next = 1'b0;
            stat_exit_next = congested_reg;
        end else if (!cfg_strategy) begin
            // FT: the AT registers stay at a window's start, so a switch to AT starts a fresh
            // window.
            if (!congested_reg && c > cfg_t_e) begin
                congested_next  = 1'b1;
                stat_enter_next = 1'b1;
            end else if (congested_reg && c < cfg_t_s) begin
                congested_next = 1'b0;
                stat_exit_next = 1'b1;
            end
        end else begin
            if (at_reached) begin
                congested_next  = !congested_reg;
                stat_enter_next = !congested_reg;
                stat_exit_next  = congested_reg;
            end
        end
    end

    // ---- injection ----
    wire [CMPW-1:0] r_ext = {{(CMPW-32){1'b0}}, lfsr_value};
    // Compare with the registered f (the f_value output: f of the c of two cycles before),
    // so the adder ends in a flop and the compare starts from one.
    wire [CMPW-1:0] f_ext = {{(CMPW-FW){1'b0}}, f_value_reg};

    always @* begin
        // gap_plus1_reg holds what the idle count becomes if no flit goes in this cycle:
        // the previous count plus one, saturating
        if (flit_sent) begin
            gap_plus1_next = {{(FW-1){1'b0}}, 1'b1};
        end else if (&gap_plus1_reg) begin
            gap_plus1_next = gap_plus1_reg;
        end else begin
            gap_plus1_next = gap_plus1_reg + {{(FW-1){1'b0}}, 1'b1};
        end
        if (!cfg_enable || !congested_next) begin
            allow_next = 1'b1;
        end else if (!cfg_injection) begin
            // gap_next >= f: 0 >= f after a flit, otherwise gap_plus1_reg >= f (one chain
            // from flops; the increment only feeds the register)
            allow_next = flit_sent ? (f_value_reg == {FW{1'b0}}) : (gap_plus1_reg >= f_value_reg);
        end else begin
            allow_next = r_ext >= f_ext;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            congested_reg      <= 1'b0;
            elapsed_reg        <= {{WW{1'b0}}, 1'b1};
            hit_cnt_reg        <= {WW{1'b0}};
            hit1_reg           <= {{WW{1'b0}}, 1'b1};
            gap_plus1_reg      <= {FW{1'b1}};   // the last flit was "long ago"
            allow_reg          <= 1'b1;
            f_value_reg        <= {FW{1'b0}};
            shr_reg            <= {IW{1'b0}};
            stat_enter_reg     <= 1'b0;
            stat_exit_reg      <= 1'b0;
            stat_throttled_reg <= 1'b0;
        end else begin
            congested_reg      <= congested_next;
            elapsed_reg        <= elapsed_next;
            hit_cnt_reg        <= hit_cnt_next;
            hit1_reg           <= hit1_next;
            gap_plus1_reg      <= gap_plus1_next;
            allow_reg          <= allow_next;
            f_value_reg        <= f_now;
            shr_reg            <= shr_next;
            stat_enter_reg     <= stat_enter_next;
            stat_exit_reg      <= stat_exit_next;
            stat_throttled_reg <= flit_req && !allow_reg;
        end
    end

    assign congested      = congested_reg;
    assign allow          = allow_reg;
    assign f_value        = f_value_reg;
    assign stat_enter     = stat_enter_reg;
    assign stat_exit      = stat_exit_reg;
    assign stat_throttled = stat_throttled_reg;

endmodule

`default_nettype wire
