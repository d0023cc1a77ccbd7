// fg_gfc_scan - buffer-based GFC message generation for all ingress PGs of a switch through
// one stage engine (docs/blocks/gfc_scan.md, SPEC section 5; the per-PG form is
// fg_gfc_stage).
//
// The stage of a PG is the same function of (B_1, B_m, enable, occupancy) as fg_gfc_stage's
// (B_k = B_m - (D >> (k-1)), D = sat0(B_m - B_1); the largest k <= N with q >= B_k; 0 below
// B_1 or disabled). Instead of one engine per PG, a pointer visits the PGs in turn, one per
// cycle (PG 0, 1, ..., N_PORTS*N_PRIO-1, 0, ...), and one pipelined engine decides the visited
// PG's stage; the per-PG state is only its stage (5 bits) and a pending-request bit. Area is
// one engine plus one NPG:1 read multiplexer (the stage) plus 8 flops per PG (the two, and a
// bit in each of two one-hot rings), instead of NPG engines.
// The price is time: a PG's stage follows its occupancy within NPG cycles (the visit) plus
// the engine's depth, and a change that is undone between two visits is not reported.
//
// The occupancy comes as a stream, one PG per cycle in the same order (occ_in: the PG the
// pointer names; in the line-rate core fg_bm_pipe's monitor, the scan of its own counters),
// so this block reads no per-PG occupancy at all: PHASE says which PG the stream names in the
// first cycle after reset ((0 - PHASE) mod NPG; then one more per edge).
//
// Pipeline (edges counted from the visit; the pointer names PG k on edge e0's cycle):
//   e1  sample: occ_in, PG k's occupancy (OW = CW+1 bits: ingress + headroom;
//       values >= 2^CW act as 2^CW - 1 against CW-bit thresholds); B_1, B_m and the enables
//       are sampled on this edge too
//   e2  the sample moves on (the stage the group read of an occupancy array took until
//       2026-11-27); D = sat0(B_m - B_1)
//   e3  room = sat0(B_m - q), q >= B_1, enable[p(k)], "stage j exists" (D >> (j-2) != 0)
//   e4  compares: B_m - q <= D >> (j-1), j = 2..CW+1; the PG's stage register is read, as
//       the OR of one group per register
//   e5  target = the count of their AND (a thermometer code: stage >= j); the read gathered
//       (the old stage)
//   e6  the PG's stage register takes target; a change (target != old) sets its request
// A PG's request stays pending until req_ack of its port takes it (the port's frame names
// every pending class of the port with its current stage); a change on the edge of the take
// leaves it pending (the frame carried the old stage). cfg_enable low makes the target 0,
// itself a change: the upstream queue is told to return to line rate before GFC falls silent.
// Every decision uses one consistent snapshot: the occupancy and the configuration of e1.
// The C twin is cmodel/switch/gfc_scan.c.
`default_nettype none

module fg_gfc_scan #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // threshold width, 2..24 (occupancy CW+1 bits)
    parameter integer PHASE   = 0    // occ_in names PG (c - PHASE) mod NPG, c edges after reset
) (
    input  wire                             clk,
    input  wire                             rst,
    // configuration: GFC on for priority p (the core: enable && lossless[p]), B_1, B_m (cells)
    input  wire [N_PRIO-1:0]                cfg_enable,
    input  wire [CW-1:0]                    cfg_b1,
    input  wire [CW-1:0]                    cfg_bm,
    // the occupancy of the PG the scan visits in this cycle (PG i*N_PRIO+p, see PHASE)
    input  wire [CW:0]                      occ_in,
    // per port: the port's pending requests are taken (its frame is sent) on this edge
    input  wire [N_PORTS-1:0]               req_ack,
    // per PG: current stage, request pending (the frame carries the current stage)
    output wire [N_PORTS*N_PRIO*5-1:0]      stage,
    output wire [N_PORTS*N_PRIO-1:0]        req_pend
);

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n_ports
            fg_gfc_scan_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_n_prio
            fg_gfc_scan_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (CW < 2 || CW > 24) begin : g_bad_cw
            fg_gfc_scan_CW_must_be_2_to_24 u_param_error ();
        end
        if (PHASE < 0) begin : g_bad_phase
            fg_gfc_scan_PHASE_must_be_0_or_more u_param_error ();
        end
    endgenerate

    localparam integer NPG  = N_PORTS * N_PRIO;
    localparam integer OW   = CW + 1;                        // occupancy width
    localparam integer KMAX = CW + 1;                        // N <= floor(log2(2^CW - 1)) + 2
    localparam integer PRIO_LAST_I = N_PRIO - 1;
    localparam [2:0]    PRIO_LAST = PRIO_LAST_I[2:0];

    // A thermometer code (bit j-1 set for j = 1..J, none above; bit KMAX is 0) as the number
    // J, each bit of J an OR over one-hot terms (as fg_gfc_stage's therm_count).
    function [4:0] therm_count;
        input [KMAX:0] t;
        integer j;
        begin
            therm_count = 5'd0;
            for (j = 1; j <= KMAX; j = j + 1) begin
                if (t[j-1] && !t[j]) begin
                    therm_count = therm_count | j[4:0];
                end
            end
        end
    endfunction

    // ---- e0: the visit pointer, one-hot, and its copies for the later stages ----------------
    // The pipeline runs every cycle, so the PG of stage n is the pointer's of n edges before:
    // each stage's one-hot is a ring of its own, rotating with the pointer's, and reset to
    // PG (0 - n) mod NPG as if the pipeline had been running (a stage's reset contents -
    // occupancy 0, stage 0 - decide nothing). The one-hots make every read an AND-OR from
    // flops and every write a select by one flop (no index decode on those paths).
    reg  [NPG-1:0] oh3_reg, oh5_reg;
    // priority of stage 2's PG (for its enable, read on e3), counted beside the ring
    reg  [2:0]     s2_p_reg;
    wire [2:0]     s2_p_next = (s2_p_reg == PRIO_LAST) ? 3'd0 : s2_p_reg + 3'd1;

    function [NPG-1:0] rotate1;   // PG k -> PG k+1 (mod NPG)
        input [NPG-1:0] v;
        begin
            rotate1 = (v << 1) | (v >> (NPG - 1));   // NPG = 1: v
        end
    endfunction

    // PG (0 - n) mod NPG as a one-hot
    function [NPG-1:0] oh_back;
        input integer n;
        integer b;
        begin
            oh_back = {NPG{1'b0}};
            for (b = 0; b < NPG; b = b + 1) begin
                if (((b + n) % NPG) == 0) oh_back[b] = 1'b1;
            end
        end
    endfunction
    localparam integer   PH      = PHASE % NPG;
    localparam [NPG-1:0] OH3_RST = oh_back(3 + PH);
    localparam [NPG-1:0] OH5_RST = oh_back(5 + PH);
    // stage 2's PG after reset: (-2 - PHASE) mod NPG, whose priority is that mod N_PRIO
    localparam integer   P2_RST_I = ((2 * NPG - 2 - PH) % NPG) % N_PRIO;
    localparam [2:0]     P2_RST   = P2_RST_I[2:0];

    // ---- e1, e2: sample the visited PG's occupancy (a stream: no read here)
    reg  [OW-1:0] q1_reg;     // the occupancy sampled on e1
    reg  [OW-1:0] s1_q_reg;   // the occupancy sampled on e1, moved on by e2

    // ---- configuration, sampled on e1 with the occupancy: D formed on e2 from registers, so
    //      "stage j exists" (an OR over D's upper bits) is one edge of its own on e3.
    reg  [CW-1:0]     c1_b1_reg, c1_bm_reg, c2_b1_reg, c2_bm_reg;
    reg  [N_PRIO-1:0] c1_en_reg, c2_en_reg;
    wire [CW:0]       span_diff = {1'b0, c1_bm_reg} - {1'b0, c1_b1_reg};
    wire [CW-1:0]     span_in   = span_diff[CW-1:0] & {CW{~span_diff[CW]}};
    reg  [CW-1:0]     span2_reg;

    // ---- e3: room, q >= B_1, the enable, "stage j exists". Each saturating difference is one
    //      subtraction whose borrow masks it.
    wire [OW:0]   room_diff = {2'b00, c2_bm_reg} - {1'b0, s1_q_reg};
    wire [CW-1:0] room_in   = room_diff[CW-1:0] & {CW{~room_diff[OW]}};
    reg           en_in;
    integer       e;
    always @* begin
        en_in = 1'b0;
        for (e = 0; e < N_PRIO; e = e + 1) begin
            en_in = en_in | (c2_en_reg[e] && (s2_p_reg == e[2:0]));
        end
    end
    // "q >= B_1" and the enable are registered apart (ANDed on e4: no LUT behind the chain)
    wire          geb1_in   = (s1_q_reg >= {1'b0, c2_b1_reg});
    reg  [KMAX-2:0] exists_c;            // bit j-2 for stage j = 2..KMAX
    integer         h;
    always @* begin
        for (h = 2; h <= KMAX; h = h + 1) begin
            exists_c[h-2] = ((span2_reg >> (h - 2)) != {CW{1'b0}});
        end
    end
    reg  [CW-1:0] span_reg, room_reg;
    reg           geb1_reg, en_reg;
    reg  [KMAX-2:0] exists3_reg;

    // ---- e4: compares, each one carry chain from flops to a flop: cmp[j-2] = (B_m - q <=
    //      D >> (j-1)), j >= 2, with "stage j exists" (j <= N) and inb1 = enable && q >= B_1
    //      carried beside them. e5 ANDs them: both are thermometer codes (the conditions only
    //      get harder as j grows), so hit[j-1] = (stage >= j) is one too.
    reg  [KMAX-2:0] cmp_c;               // bit j-2 for stage j = 2..KMAX
    integer         hc;
    always @* begin
        for (hc = 2; hc <= KMAX; hc = hc + 1) begin
            cmp_c[hc-2] = (room_reg <= (span_reg >> (hc - 1)));
        end
    end
    reg  [KMAX-2:0] cmp_reg, exists_reg;
    reg             inb1_s4_reg;
    wire [KMAX-1:0] hit = {cmp_reg & exists_reg, 1'b1} & {KMAX{inb1_s4_reg}};

    // ---- e4, e5: the PG's stage as it stands, read in two levels (a group's OR of up to 8
    //      PGs on e4 over stage 3's one-hot, the groups' OR on e5: a 64:1 read in one edge was
    //      this block's slowest path at 8x8), and the target as a number on e5
    localparam integer NG = (NPG + 7) / 8;                   // groups
    reg  [NPG*5-1:0] stage_reg;
    reg  [NPG-1:0]   pend_reg;
    reg  [NG*5-1:0]  spart_c;
    integer          s;
    always @* begin
        spart_c = {(NG*5){1'b0}};
        for (s = 0; s < NPG; s = s + 1) begin
            spart_c[(s/8)*5 +: 5] = spart_c[(s/8)*5 +: 5] | (stage_reg[s*5 +: 5] & {5{oh3_reg[s]}});
        end
    end
    reg  [NG*5-1:0]  spart_reg;
    reg  [4:0]       stage_rd;
    integer          sg;
    always @* begin
        stage_rd = 5'd0;
        for (sg = 0; sg < NG; sg = sg + 1) begin
            stage_rd = stage_rd | spart_reg[sg*5 +: 5];
        end
    end
    reg  [4:0]    s5_target_reg, s5_old_reg, wr_prev_reg;
    // The old stage is the PG's stage after every write up to the edge of e5. The group read
    // of e4 misses the writes of e4 and e5, which name the same PG only with one or two PGs
    // (a visit every one or two edges): with two, the write of e4 (wr_prev_reg: s5_target as
    // written on the last edge); with one, the write of e5 itself (s5_target_reg).
    wire [4:0]    old_in = (NPG == 1) ? s5_target_reg : (NPG == 2) ? wr_prev_reg : stage_rd;

    // ---- e6: write the stage, set the request on a change; takes clear the port's requests ---
    wire             changed = (s5_target_reg != s5_old_reg);
    reg  [NPG*5-1:0] stage_next;
    reg  [NPG-1:0]   pend_next;
    integer          w;
    always @* begin
        for (w = 0; w < NPG; w = w + 1) begin
            stage_next[w*5 +: 5] = oh5_reg[w] ? s5_target_reg : stage_reg[w*5 +: 5];
            pend_next[w] = (pend_reg[w] && !req_ack[w / N_PRIO]) || (oh5_reg[w] && changed);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            oh3_reg       <= OH3_RST;
            oh5_reg       <= OH5_RST;
            s2_p_reg      <= P2_RST;
            q1_reg        <= {OW{1'b0}};
            s1_q_reg      <= {OW{1'b0}};
            c1_b1_reg     <= {CW{1'b0}};
            c1_bm_reg     <= {CW{1'b0}};
            c1_en_reg     <= {N_PRIO{1'b0}};
            c2_b1_reg     <= {CW{1'b0}};
            c2_bm_reg     <= {CW{1'b0}};
            c2_en_reg     <= {N_PRIO{1'b0}};
            span2_reg     <= {CW{1'b0}};
            span_reg      <= {CW{1'b0}};
            room_reg      <= {CW{1'b0}};
            geb1_reg      <= 1'b0;
            en_reg        <= 1'b0;
            exists3_reg   <= {(KMAX-1){1'b0}};
            cmp_reg       <= {(KMAX-1){1'b0}};
            exists_reg    <= {(KMAX-1){1'b0}};
            inb1_s4_reg   <= 1'b0;
            spart_reg     <= {(NG*5){1'b0}};
            s5_target_reg <= 5'd0;
            s5_old_reg    <= 5'd0;
            wr_prev_reg   <= 5'd0;
            stage_reg     <= {(NPG*5){1'b0}};
            pend_reg      <= {NPG{1'b0}};
        end else begin
            oh3_reg       <= rotate1(oh3_reg);
            oh5_reg       <= rotate1(oh5_reg);
            s2_p_reg      <= s2_p_next;
            // e1
            q1_reg        <= occ_in;
            c1_b1_reg     <= cfg_b1;
            c1_bm_reg     <= cfg_bm;
            c1_en_reg     <= cfg_enable;
            // e2
            s1_q_reg      <= q1_reg;
            c2_b1_reg     <= c1_b1_reg;
            c2_bm_reg     <= c1_bm_reg;
            c2_en_reg     <= c1_en_reg;
            span2_reg     <= span_in;
            // e3
            span_reg      <= span2_reg;
            room_reg      <= room_in;
            geb1_reg      <= geb1_in;
            en_reg        <= en_in;
            exists3_reg   <= exists_c;
            // e4
            cmp_reg       <= cmp_c;
            exists_reg    <= exists3_reg;
            inb1_s4_reg   <= geb1_reg && en_reg;
            spart_reg     <= spart_c;
            // e5
            s5_target_reg <= therm_count({1'b0, hit});
            s5_old_reg    <= old_in;
            // e6
            wr_prev_reg   <= s5_target_reg;
            stage_reg     <= stage_next;
            pend_reg      <= pend_next;
        end
    end

    assign stage    = stage_reg;
    assign req_pend = pend_reg;

endmodule

`default_nettype wire
