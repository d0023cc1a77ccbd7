// fg_gfc_stage - buffer-based GFC message generator of one ingress priority group
// (docs/blocks/gfc_stage.md, SPEC section 5).
//
// Maps the PG's occupancy q (cells) to a stage and asks for a feedback frame whenever the
// stage changes, up or down. Thresholds are computed, not programmed: with D = B_m - B_1
// (0 if B_1 > B_m), B_k = B_m - (D >> (k-1)) for k >= 1, so a new B_1 or B_m needs no table
// rewrite and the stages are monotone by construction. Stage 0 is q < B_1; otherwise the
// stage is the largest k <= N with q >= B_k, where N is the last k whose stage is at least
// one cell wide (B_k - B_(k-1) >= 1, with the shifted integer thresholds), which is
// N = floor(log2 D) + 2 for D >= 1 and N = 1 for D = 0; B_N = B_m.
//
// Request handshake as fg_pfc_gen: a change of stage makes a request pending with the new
// stage id (the newest replaces one not yet taken); req_ack takes what is shown (req_valid,
// req_stage) and clears it unless the stage changes again on the same edge. cfg_enable = 0
// forces the stage to 0, which is itself a change: the upstream queue is told to go back to
// line rate before the block falls silent. Registered outputs: stage, n_stages (N for the
// current B_1, B_m), req_valid, req_stage, stat_up / stat_down (stage rose / fell),
// stat_req (a request was taken), fb_cnt (requests taken, saturating; cnt_clear zeroes it).
// The C twin is cmodel/switch/gfc_stage.c.
`default_nettype none

module fg_gfc_stage #(
    parameter integer CW    = 18,   // cell count width, 2..24
    parameter integer CNT_W = 16    // feedback counter width, 2..32
) (
    input  wire             clk,
    input  wire             rst,
    // configuration
    input  wire             cfg_enable,
    input  wire [CW-1:0]    cfg_b1,       // B_1, cells: stage 1 starts here
    input  wire [CW-1:0]    cfg_bm,       // B_m, cells: the last stage starts here
    // this PG's occupancy (from the buffer manager)
    input  wire [CW-1:0]    occupancy,
    // current stage and stage count
    output wire [4:0]       stage,
    output wire [4:0]       n_stages,
    // feedback request to the frame serialiser
    output wire             req_valid,
    output wire [4:0]       req_stage,
    input  wire             req_ack,
    // statistics
    output wire             stat_up,
    output wire             stat_down,
    output wire             stat_req,
    input  wire             cnt_clear,
    output wire [CNT_W-1:0] fb_cnt
);

    generate
        if (CW < 2 || CW > 24) begin : g_bad_cw
            fg_gfc_stage_CW_must_be_2_to_24 u_param_error ();
        end
        if (CNT_W < 2 || CNT_W > 32) begin : g_bad_cnt_w
            fg_gfc_stage_CNT_W_must_be_2_to_32 u_param_error ();
        end
    endgenerate

    localparam integer KMAX = CW + 1;   // N <= floor(log2(2^CW - 1)) + 2

    // ---- target stage from the occupancy -----------------------------------------------
    reg  [CW-1:0] span;       // D = B_m - B_1, 0 if B_1 > B_m
    reg  [CW-1:0] room;       // B_m - q, 0 if q >= B_m
    reg  [4:0]    target;
    reg  [4:0]    n_next;
    integer       k;

    always @* begin
        span   = (cfg_bm > cfg_b1) ? (cfg_bm - cfg_b1) : {CW{1'b0}};
        room   = (cfg_bm > occupancy) ? (cfg_bm - occupancy) : {CW{1'b0}};
        n_next = 5'd1;
        for (k = 2; k <= KMAX; k = k + 1) begin
            if ((span >> (k - 2)) != {CW{1'b0}}) begin
                n_next = k[4:0];
            end
        end
        target = 5'd0;
        if (cfg_enable && occupancy >= cfg_b1) begin
            target = 5'd1;
            for (k = 2; k <= KMAX; k = k + 1) begin
                if (k[4:0] <= n_next && room <= (span >> (k - 1))) begin
                    target = k[4:0];
                end
            end
        end
    end

    // ---- stage, pending request, statistics --------------------------------------------
    reg  [4:0]       stage_reg, n_stages_reg, req_stage_reg;
    reg              req_valid_reg, stat_up_reg, stat_down_reg, stat_req_reg;
    reg  [CNT_W-1:0] fb_cnt_reg;
    reg              req_valid_next;
    reg  [4:0]       req_stage_next;
    reg  [CNT_W-1:0] fb_cnt_next;
    wire             taken   = req_valid_reg && req_ack;
    wire             changed = (target != stage_reg);

    always @* begin
        req_valid_next = req_valid_reg && !taken;
        req_stage_next = req_stage_reg;
        if (changed) begin
            req_valid_next = 1'b1;
            req_stage_next = target;
        end
        if (cnt_clear) begin
            fb_cnt_next = {{(CNT_W-1){1'b0}}, taken};
        end else if (taken && fb_cnt_reg != {CNT_W{1'b1}}) begin
            fb_cnt_next = fb_cnt_reg + {{(CNT_W-1){1'b0}}, 1'b1};
        end else begin
            fb_cnt_next = fb_cnt_reg;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            stage_reg     <= 5'd0;
            n_stages_reg  <= 5'd0;
            req_valid_reg <= 1'b0;
            req_stage_reg <= 5'd0;
            stat_up_reg   <= 1'b0;
            stat_down_reg <= 1'b0;
            stat_req_reg  <= 1'b0;
            fb_cnt_reg    <= {CNT_W{1'b0}};
        end else begin
            stage_reg     <= target;
            n_stages_reg  <= n_next;
            req_valid_reg <= req_valid_next;
            req_stage_reg <= req_stage_next;
            stat_up_reg   <= (target > stage_reg);
            stat_down_reg <= (target < stage_reg);
            stat_req_reg  <= taken;
            fb_cnt_reg    <= fb_cnt_next;
        end
    end

    assign stage     = stage_reg;
    assign n_stages  = n_stages_reg;
    assign req_valid = req_valid_reg;
    assign req_stage = req_stage_reg;
    assign stat_up   = stat_up_reg;
    assign stat_down = stat_down_reg;
    assign stat_req  = stat_req_reg;
    assign fb_cnt    = fb_cnt_reg;

endmodule

`default_nettype wire
