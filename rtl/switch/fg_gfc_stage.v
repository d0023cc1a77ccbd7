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
//
// PIPE (0..2) trades latency for clock rate (docs/blocks/gfc_stage.md "Pipelined option").
// The block at PIPE = P behaves exactly as at PIPE = 0 with cfg_enable, cfg_b1, cfg_bm and
// occupancy taken P edges late (as if through P registers that reset to 0); req_ack and
// cnt_clear act on their own edge as before. Each decision therefore uses one consistent
// snapshot (B_1, B_m, q, enable) of a single edge. How: PIPE >= 1 registers the snapshot D,
// B_m - q and "enable && q >= B_1", so the compares start from flops instead of behind the
// subtractors; the compares give hit[k-1] = (stage >= k), a thermometer code, which is turned
// into a number by one-hot ORs (no priority chain) while the change is found against the
// stage kept as a thermometer too. PIPE = 2 also registers hit (and N) before that last step.
// The C twin is cmodel/switch/gfc_stage.c.
`default_nettype none

module fg_gfc_stage #(
    parameter integer CW    = 18,   // cell count width, 2..24
    parameter integer CNT_W = 16,   // feedback counter width, 2..32
    parameter integer PIPE  = 0     // edges of latency from occupancy/cfg to stage, 0..2
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
        if (PIPE < 0 || PIPE > 2) begin : g_bad_pipe
            fg_gfc_stage_PIPE_must_be_0_to_2 u_param_error ();
        end
    endgenerate

    localparam integer KMAX = CW + 1;   // N <= floor(log2(2^CW - 1)) + 2

    // A thermometer code (bit k-1 set for k = 1..K, none above; bit KMAX is 0) as the number
    // K: the one k whose bit is set and the next one's is not, each bit of K an OR over those
    // one-hot terms (no priority chain: this is on the PIPE >= 1 paths).
    function [4:0] therm_count;
        input [KMAX:0] t;
        integer k;
        begin
            therm_count = 5'd0;
            for (k = 1; k <= KMAX; k = k + 1) begin
                if (t[k-1] && !t[k]) begin
                    therm_count = therm_count | k[4:0];
                end
            end
        end
    endfunction

    // ---- stage registers (the decision below compares with them) ------------------------
    reg  [4:0]       stage_reg, n_stages_reg, req_stage_reg;
    reg              req_valid_reg, stat_up_reg, stat_down_reg, stat_req_reg;
    reg  [CNT_W-1:0] fb_cnt_reg;

    // ---- target stage from the occupancy -----------------------------------------------
    // target: the stage of this edge's decision; n_next: N of the same snapshot; stage_up /
    // stage_down: target above / below stage_reg; stage_changed: either.
    wire [4:0] target;
    wire [4:0] n_next;
    wire       stage_up;
    wire       stage_down;
    wire       stage_changed;

    generate
        if (PIPE == 0) begin : g_direct
            reg  [CW-1:0] span;       // D = B_m - B_1, 0 if B_1 > B_m
            reg  [CW-1:0] room;       // B_m - q, 0 if q >= B_m
            reg  [4:0]    target_c;
            reg  [4:0]    n_c;
            integer       k;

            always @* begin
                span = (cfg_bm > cfg_b1) ? (cfg_bm - cfg_b1) : {CW{1'b0}};
                room = (cfg_bm > occupancy) ? (cfg_bm - occupancy) : {CW{1'b0}};
                n_c  = 5'd1;
                for (k = 2; k <= KMAX; k = k + 1) begin
                    if ((span >> (k - 2)) != {CW{1'b0}}) begin
                        n_c = k[4:0];
                    end
                end
                target_c = 5'd0;
                if (cfg_enable && occupancy >= cfg_b1) begin
                    target_c = 5'd1;
                    for (k = 2; k <= KMAX; k = k + 1) begin
                        if (k[4:0] <= n_c && room <= (span >> (k - 1))) begin
                            target_c = k[4:0];
                        end
                    end
                end
            end
            assign target        = target_c;
            assign n_next        = n_c;
            assign stage_up      = (target_c > stage_reg);
            assign stage_down    = (target_c < stage_reg);
            assign stage_changed = (target_c != stage_reg);
        end else begin : g_pipe
            // -- snapshot of one edge: D, B_m - q (0 if q >= B_m), enable && q >= B_1.
            //    Each saturating difference is one subtraction whose borrow masks it (not a
            //    compare chain, then a subtraction chain, then a select).
            wire [CW:0]   span_diff = {1'b0, cfg_bm} - {1'b0, cfg_b1};
            wire [CW:0]   room_diff = {1'b0, cfg_bm} - {1'b0, occupancy};
            wire [CW-1:0] span_in = span_diff[CW-1:0] & {CW{~span_diff[CW]}};
            wire [CW-1:0] room_in = room_diff[CW-1:0] & {CW{~room_diff[CW]}};
            wire          inb1_in = cfg_enable && (occupancy >= cfg_b1);

            // Registered snapshot (every PIPE >= 1), reset to that of all-zero inputs: D = 0,
            // room 0, not in stage 1.
            reg  [CW-1:0] span_reg, room_reg;
            reg           inb1_reg;
            always @(posedge clk) begin
                if (rst) begin
                    span_reg <= {CW{1'b0}};
                    room_reg <= {CW{1'b0}};
                    inb1_reg <= 1'b0;
                end else begin
                    span_reg <= span_in;
                    room_reg <= room_in;
                    inb1_reg <= inb1_in;
                end
            end

            // -- the compares: hit[k-1] = (stage >= k), k = 1..KMAX. Stage k >= 2 needs k <= N
            //    (exists[k-2]: D >> (k-2) != 0) and B_m - q <= D >> (k-1); both only get harder
            //    as k grows, so hit is a thermometer code (hit[k] implies hit[k-1]), and so is
            //    {exists, 1}, whose count is N.
            reg  [KMAX-1:0] hit_c;
            reg  [KMAX-2:0] exists;
            integer         h;
            always @* begin
                hit_c[0] = inb1_reg;
                for (h = 2; h <= KMAX; h = h + 1) begin
                    exists[h-2] = ((span_reg >> (h - 2)) != {CW{1'b0}});
                    hit_c[h-1]  = inb1_reg && exists[h-2] && (room_reg <= (span_reg >> (h - 1)));
                end
            end
            wire [4:0]    n_c = therm_count({1'b0, exists, 1'b1});

            wire [KMAX-1:0] hit;
            if (PIPE == 2) begin : g_hit_reg
                // Registered compare vector and N; reset to the all-zero snapshot's.
                reg  [KMAX-1:0] hit_reg;
                reg  [4:0]      n_hit_reg;
                always @(posedge clk) begin
                    if (rst) begin
                        hit_reg   <= {KMAX{1'b0}};
                        n_hit_reg <= 5'd1;
                    end else begin
                        hit_reg   <= hit_c;
                        n_hit_reg <= n_c;
                    end
                end
                assign hit    = hit_reg;
                assign n_next = n_hit_reg;
            end else begin : g_hit_wire
                assign hit    = hit_c;
                assign n_next = n_c;
            end

            // -- thermometer to number
            assign target = therm_count({1'b0, hit});

            // -- the stage also kept as a thermometer code, so up / down are wide ORs beside
            //    the encoding instead of a 5-bit compare behind it (stage_reg = its number).
            reg  [KMAX-1:0] stage_hit_reg;
            always @(posedge clk) begin
                if (rst) begin
                    stage_hit_reg <= {KMAX{1'b0}};
                end else begin
                    stage_hit_reg <= hit;
                end
            end
            assign stage_up      = |(hit & ~stage_hit_reg);
            assign stage_down    = |(~hit & stage_hit_reg);
            assign stage_changed = stage_up || stage_down;
        end
    endgenerate

    // ---- stage, pending request, statistics --------------------------------------------
    reg              req_valid_next;
    reg  [4:0]       req_stage_next;
    reg  [CNT_W-1:0] fb_cnt_next;
    wire             taken   = req_valid_reg && req_ack;
    wire             changed = stage_changed;

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
            stat_up_reg   <= stage_up;
            stat_down_reg <= stage_down;
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
