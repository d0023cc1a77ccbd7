// fg_pft - PFT proactive flow throttling of one NIC port (SPEC 6, docs/blocks/pft.md).
//
// A Normal/Congested FSM watches c, the credits in use at the CBFC sender:
//   FT (cfg_strategy 0): Normal -> Congested when c > t_e; Congested -> Normal when c < t_s.
//   AT (cfg_strategy 1): a window of W cycles counts the cycles that meet the condition of the
//     state (Normal: c > th_e, Congested: c < th_s); reaching N (N_e / N_s) within one window,
//     including in its last cycle, changes the state. The window and count registers restart
//     at every window end and every state change (FT and cfg_enable = 0 keep them at zero).
// While Congested it throttles with f(c) = ((c << m) >> n) + k. c << m is formed in CW_C + 31
// bits (m <= 31: no bit of c is lost before >> n); the sum saturates to FW bits.
//   FI (cfg_injection 0): allow when the idle cycles since the last flit_sent >= f(c).
//   RI (cfg_injection 1): allow when r >= f(c), r = the fg_lfsr value of the cycle (the LFSR
//     steps every cycle), compared in max(FW, 32) + 1 bits, so an f >= 2^32 never allows.
// f is re-evaluated every cycle and registered (f_value); allow compares with that register,
// i.e. with f of the previous cycle's c (one pipeline stage: the shifters and the adder end in
// a flop). Outputs are registered: the edge at the end of cycle t computes from the inputs of
// cycle t (and f_value = f(c of cycle t-1)) what the NIC sees in cycle t + 1.
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
    reg  [WW-1:0]  win_cnt_reg, win_cnt_next;
    reg  [WW-1:0]  hit_cnt_reg, hit_cnt_next;
    reg  [FW-1:0]  gap_reg, gap_next;
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
    wire [IW-1:0]   c_shr   = m_ge_n ? c_left : {31'd0, c_right};
    wire [SUMW-1:0] f_sum   = {{(SUMW-IW){1'b0}}, c_shr} + {{(SUMW-FW){1'b0}}, cfg_k};
    wire            f_over  = |f_sum[SUMW-1:FW];
    wire [FW-1:0]   f_now   = f_over ? {FW{1'b1}} : f_sum[FW-1:0];

    // ---- AT window arithmetic, in WW + 1 bits ----
    wire [WW-1:0] at_w      = congested_reg ? cfg_w_s : cfg_w_e;
    wire [WW-1:0] at_need   = congested_reg ? cfg_n_s : cfg_n_e;
    wire          at_hit    = congested_reg ? (c < cfg_th_s) : (c > cfg_th_e);
    wire [WW:0]   at_hits   = {1'b0, hit_cnt_reg} + {{WW{1'b0}}, at_hit};
    wire [WW:0]   at_elapsed = {1'b0, win_cnt_reg} + {{WW{1'b0}}, 1'b1};
    wire          at_last   = at_elapsed >= {1'b0, at_w};
    wire          at_reached = at_hits >= {1'b0, at_need};

    // ---- FSM ----
    always @* begin
        congested_next  = congested_reg;
        win_cnt_next    = win_cnt_reg;
        hit_cnt_next    = hit_cnt_reg;
        stat_enter_next = 1'b0;
        stat_exit_next  = 1'b0;
        if (!cfg_enable) begin
            congested_next = 1'b0;
            stat_exit_next = congested_reg;
            win_cnt_next   = {WW{1'b0}};
            hit_cnt_next   = {WW{1'b0}};
        end else if (!cfg_strategy) begin
            // FT: the AT registers stay at zero, so a switch to AT starts a fresh window.
            win_cnt_next = {WW{1'b0}};
            hit_cnt_next = {WW{1'b0}};
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
                win_cnt_next    = {WW{1'b0}};
                hit_cnt_next    = {WW{1'b0}};
            end else if (at_last) begin
                win_cnt_next = {WW{1'b0}};
                hit_cnt_next = {WW{1'b0}};
            end else begin
                win_cnt_next = at_elapsed[WW-1:0];
                hit_cnt_next = at_hits[WW-1:0];
            end
        end
    end

    // ---- injection ----
    wire [CMPW-1:0] r_ext = {{(CMPW-32){1'b0}}, lfsr_value};
    // One pipeline stage for timing: compare with the registered f (f of the previous
    // cycle's c, the f_value output), so the shifters and the adder end in a flop.
    wire [CMPW-1:0] f_ext = {{(CMPW-FW){1'b0}}, f_value_reg};

    always @* begin
        if (flit_sent) begin
            gap_next = {FW{1'b0}};
        end else if (&gap_reg) begin
            gap_next = gap_reg;
        end else begin
            gap_next = gap_reg + {{(FW-1){1'b0}}, 1'b1};
        end
        if (!cfg_enable || !congested_next) begin
            allow_next = 1'b1;
        end else if (!cfg_injection) begin
            allow_next = gap_next >= f_value_reg;
        end else begin
            allow_next = r_ext >= f_ext;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            congested_reg      <= 1'b0;
            win_cnt_reg        <= {WW{1'b0}};
            hit_cnt_reg        <= {WW{1'b0}};
            gap_reg            <= {FW{1'b1}};   // the last flit was "long ago"
            allow_reg          <= 1'b1;
            f_value_reg        <= {FW{1'b0}};
            stat_enter_reg     <= 1'b0;
            stat_exit_reg      <= 1'b0;
            stat_throttled_reg <= 1'b0;
        end else begin
            congested_reg      <= congested_next;
            win_cnt_reg        <= win_cnt_next;
            hit_cnt_reg        <= hit_cnt_next;
            gap_reg            <= gap_next;
            allow_reg          <= allow_next;
            f_value_reg        <= f_now;
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
