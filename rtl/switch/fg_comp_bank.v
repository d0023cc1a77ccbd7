// fg_comp_bank - the composition counters of a line-rate switch in block RAM: per egress
// queue EQ(o, p) and ingress port i, the cells of EQ(o, p) that came from port i
// (comp[o][p][i], SPEC.md section 4: P-PFC chooses whom to pause in proportion to them).
// docs/blocks/comp_bank.md; the C twin is cmodel/switch/comp_bank.c.
//
// Beside fg_bm_pipe, fed by its two streams: the admissions it accepted (adm_*: key
// (dst, prio, port), + cells) and the releases it decided (rel_*: key (port, prio, src),
// - cells). Each key is one counter that saturates (an admission at 2^CW - 1, a release at
// 0), kept as two monotone counters mod 2^CW, A (cells added, written only by the admission
// lane) and R (cells taken, written only by the release lane), comp = A - R mod 2^CW, so each
// RAM has one writer and no live-value table is needed: the saturation is in what each lane
// adds (an admission that would pass 2^CW - 1 sets A = R - 1, a release larger than comp sets
// R = A). Each lane reads both counters of its key, and P-PFC reads both for the N ports of
// one EQ: A and R have three copies each (admission, release, P-PFC). The lanes' copies are
// flat (N*N*P words); P-PFC's are N RAMs of N*P words, one per ingress port, read at one EQ.
//
// Lanes (each op's edges, T0 its input edge):
//   T0  the op registered with its key (eq * N_PORTS + i, eq = o * N_PRIO + p), legality
//   T1  both counters' RAM read addressed; which of the ops three, four and five edges ahead
//       (in T3, T4, T5 on this edge; T5's word is written on it) name the key, registered:
//       the words the read misses (in legal traffic at most one of them)
//   T2  the RAMs' output registers
//   T3  the words in fabric flops (the RAMs may sit far from the logic), and the forward's
//       word beside them
//   T4  A, R (the RAM words or the one forwarded, the nearest op first), comp = A - R, the
//       lane's sum (A + s or R + r) and A's R - 1 registered
//   T5  the new word registered: admission A' = comp + s > 2^CW - 1 ? R - 1 : A + s;
//       release R' = r > comp ? A : R + r (one carry chain and a select from T4's registers)
//   T6  the word written (from T5's registers: one flop fans out to the RAMs' data pins)
// So an op sees every op on its key entered at least three edges before it. An op's key must
// not be named again (by either lane) within the next two edges: fg_bm_pipe spaces ops of one
// PG at least three edges apart (its A2 interlock) and every key belongs to one PG (i, p).
// Closer ops read a counter without the earlier op's word and lose it; they are reported
// (stat_close, after T2) and the twin does the same.
//
// P-PFC's read (rq_valid, rq_eq; R0 its input edge): R1 address (the N ports' RAMs), with the
// word written on that edge forwarded; R2 output registers; R3 the words in fabric flops; R4
// rs_valid, rs_eq and rs_comp[i] = A - R of (eq, i): the counters after edge R1's writes,
// i.e. every op entered by edge R0 - 5. Fields 0 without rs_valid; a read of an EQ >=
// N_PORTS * N_PRIO (or before `ready`) is ignored.
//
// Reset: the RAMs are not reset; after rst the block writes 0 into every word, one key per
// edge (N*N*P edges, P-PFC's copies in the first N*P), then raises `ready`. Ops and reads
// before `ready` are ignored (ops counted as stat_early): a core holds its grants until then.
`default_nettype none

module fg_comp_bank #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // counter width, 4..24
    parameter integer SW      = 8,   // cells of one op, 1..CW-1
    // derived, do not override
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1,
    parameter integer EW      = (N_PORTS * N_PRIO > 1) ? $clog2(N_PORTS * N_PRIO) : 1,
    parameter integer KW      = (N_PORTS * N_PORTS * N_PRIO > 1) ? $clog2(N_PORTS * N_PORTS * N_PRIO) : 1
) (
    input  wire                  clk,
    input  wire                  rst,
    // an accepted admission: cells into EQ(adm_dst, adm_prio) from ingress adm_port
    input  wire                  adm_valid,
    input  wire [PW-1:0]         adm_port,
    input  wire [2:0]            adm_prio,
    input  wire [PW-1:0]         adm_dst,
    input  wire [SW-1:0]         adm_cells,
    // a release: cells out of EQ(rel_port, rel_prio) that came from ingress rel_src
    input  wire                  rel_valid,
    input  wire [PW-1:0]         rel_port,
    input  wire [2:0]            rel_prio,
    input  wire [PW-1:0]         rel_src,
    input  wire [SW-1:0]         rel_cells,
    // P-PFC's read: the N counters of EQ rq_eq (o * N_PRIO + p)
    input  wire                  rq_valid,
    input  wire [EW-1:0]         rq_eq,
    output wire                  rs_valid,
    output wire [EW-1:0]         rs_eq,
    output wire [N_PORTS*CW-1:0] rs_comp,
    // the counters are cleared (after reset: N*N*P edges)
    output wire                  ready,
    // pulses: an admission clamped at 2^CW - 1 / a release larger than its counter (after
    // T5); an op whose key the op one or two edges ahead named (after T2); an op before
    // `ready` or naming no key (a port >= N_PORTS or a priority >= N_PRIO), ignored (after T0)
    output wire                  stat_overflow,
    output wire                  stat_underflow,
    output wire                  stat_close,
    output wire                  stat_early,
    output wire                  stat_bad
);

    localparam integer NEQ = N_PORTS * N_PRIO;
    localparam integer NK  = N_PORTS * NEQ;
    localparam [CW-1:0]  CW_ONE = 1;
    localparam integer   NK_LAST_I = NK - 1;
    localparam [KW:0]    NK_LAST   = NK_LAST_I[KW:0];
    localparam [KW:0]    NEQ_K  = NEQ[KW:0];
    localparam [EW:0]    NEQ_E  = NEQ[EW:0];
    localparam [PW:0]    N_PORTS_W = N_PORTS[PW:0];
    localparam [3:0]     N_PRIO_W  = N_PRIO[3:0];

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n
            fg_comp_bank_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_p
            fg_comp_bank_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (CW < 4 || CW > 24) begin : g_bad_cw
            fg_comp_bank_parameter_CW_must_be_4_to_24 u_param_error ();
        end
        if (SW < 1 || SW >= CW) begin : g_bad_sw
            fg_comp_bank_parameter_SW_must_be_1_to_CW_minus_1 u_param_error ();
        end
    endgenerate

    // ---------------------------------------------------------------- the clearing sweep
    // The sweep's writes go through T4's and T5's registers (as an op's would: key clr_k,
    // values 0, written two edges later), so every RAM port is driven from flops.
    reg  [KW:0] clr_k_reg;      // the next key to clear; NK when done
    reg         ready_reg;
    wire        clr_pp  = clr_k_reg < NEQ_K;   // P-PFC's copies: the first N*P keys' edges
    wire [KW:0] clr_k_next = ready_reg ? clr_k_reg : clr_k_reg + 1'b1;
    always @(posedge clk) begin
        if (rst) begin
            clr_k_reg <= {(KW + 1){1'b0}};
            ready_reg <= 1'b0;
        end else begin
            clr_k_reg <= clr_k_next;
            ready_reg <= ready_reg || (clr_k_reg == NK_LAST);   // the last key this edge
        end
    end

    // ---------------------------------------------------------------- T0: the ops registered
    wire adm_legal = ({1'b0, adm_port} < N_PORTS_W) && ({1'b0, adm_dst} < N_PORTS_W) &&
                     ({1'b0, adm_prio} < N_PRIO_W);
    wire rel_legal = ({1'b0, rel_port} < N_PORTS_W) && ({1'b0, rel_src} < N_PORTS_W) &&
                     ({1'b0, rel_prio} < N_PRIO_W);
    // eq = o * N_PRIO + p, key = eq * N_PORTS + i (16 bits wide, so the products cannot wrap;
    // the bits above EW / KW are 0 for legal ops and unused)
    localparam [15:0] N_PRIO_16  = N_PRIO[15:0];
    localparam [15:0] N_PORTS_16 = N_PORTS[15:0];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0] adm_eq_w  = {{(16 - PW){1'b0}}, adm_dst} * N_PRIO_16 + {13'd0, adm_prio};
    wire [15:0] adm_key_w = adm_eq_w * N_PORTS_16 + {{(16 - PW){1'b0}}, adm_port};
    wire [15:0] rel_eq_w  = {{(16 - PW){1'b0}}, rel_port} * N_PRIO_16 + {13'd0, rel_prio};
    wire [15:0] rel_key_w = rel_eq_w * N_PORTS_16 + {{(16 - PW){1'b0}}, rel_src};
    /* verilator lint_on UNUSEDSIGNAL */

    reg          a0_v_reg, r0_v_reg;         // a live op in T0's registers
    reg [KW-1:0] a0_key_reg, r0_key_reg;
    reg [EW-1:0] a0_eq_reg, r0_eq_reg;
    reg [PW-1:0] a0_i_reg, r0_i_reg;
    reg [SW-1:0] a0_s_reg, r0_s_reg;
    reg          early_reg, bad_reg;
    always @(posedge clk) begin
        if (rst) begin
            a0_v_reg  <= 1'b0;
            r0_v_reg  <= 1'b0;
            early_reg <= 1'b0;
            bad_reg   <= 1'b0;
        end else begin
            a0_v_reg  <= adm_valid && adm_legal && ready_reg;
            r0_v_reg  <= rel_valid && rel_legal && ready_reg;
            early_reg <= !ready_reg && (adm_valid || rel_valid);
            bad_reg   <= ready_reg && ((adm_valid && !adm_legal) || (rel_valid && !rel_legal));
        end
    end
    always @(posedge clk) begin
        a0_key_reg <= adm_key_w[KW-1:0];
        a0_eq_reg  <= adm_eq_w[EW-1:0];
        a0_i_reg   <= adm_port;
        a0_s_reg   <= adm_cells;
        r0_key_reg <= rel_key_w[KW-1:0];
        r0_eq_reg  <= rel_eq_w[EW-1:0];
        r0_i_reg   <= rel_src;
        r0_s_reg   <= rel_cells;
    end

    // ---------------------------------------------------------------- T1 .. T5 registers
    // (per lane: a = admission, r = release; an op moves through every stage, one an edge)
    reg          a1_v_reg, r1_v_reg, a2_v_reg, r2_v_reg, a3_v_reg, r3_v_reg, a4_v_reg, r4_v_reg;
    reg [KW-1:0] a1_key_reg, r1_key_reg, a2_key_reg, r2_key_reg, a3_key_reg, r3_key_reg;
    reg [EW-1:0] a1_eq_reg, r1_eq_reg, a2_eq_reg, r2_eq_reg, a3_eq_reg, r3_eq_reg;
    reg [PW-1:0] a1_i_reg, r1_i_reg, a2_i_reg, r2_i_reg, a3_i_reg, r3_i_reg;
    reg [SW-1:0] a1_s_reg, r1_s_reg, a2_s_reg, r2_s_reg, a3_s_reg, r3_s_reg, a4_s_reg, r4_s_reg;
    // T4 and T5 write (T5 on the next edge, T4 an edge later): an op's word or the sweep's
    reg          a4_we_reg, r4_we_reg, a5_we_reg, r5_we_reg;
    reg [N_PORTS-1:0] a4_pp_we_reg, r4_pp_we_reg, a5_pp_we_reg, r5_pp_we_reg;  // P-PFC's RAM of port i
    reg [KW-1:0] a4_key_reg, r4_key_reg, a5_key_reg, r5_key_reg;
    reg [EW-1:0] a4_eq_reg, r4_eq_reg, a5_eq_reg, r5_eq_reg;
    // forwards: the lane's read of A / R on T1's edge misses the words of the ops three, four
    // and five edges ahead (in T3, T4, T5 on that edge; T5's is written on it): one-hot in
    // legal traffic (two ops on one key are three edges apart), the nearest first otherwise
    reg [2:0]    a1_fa_reg, a1_fr_reg, r1_fa_reg, r1_fr_reg;
    reg [2:0]    a2_fa_reg, a2_fr_reg, r2_fa_reg, r2_fr_reg;
    // T3: the RAM words in the fabric, and beside each the forward's word (registered from the
    // three T5 words as they stand on T3's edge: wa for the op three edges ahead, its d1 for
    // four, d2 for five) with its hit bit, so that T4 selects between two flops
    reg [CW-1:0] a3_qa_reg, a3_qr_reg, r3_qa_reg, r3_qr_reg;
    reg [CW-1:0] a3_fva_reg, a3_fvr_reg, r3_fva_reg, r3_fvr_reg;
    reg          a3_fha_reg, a3_fhr_reg, r3_fha_reg, r3_fhr_reg;
    // T4's values
    reg [CW-1:0] a4_comp_reg, a4_sum_reg, a4_rm1_reg;   // admission: comp, A + s, R - 1
    reg [CW-1:0] r4_comp_reg, r4_sum_reg, r4_a_reg;     // release: comp, R + r, A
    // T5: the new words (written on the next edge), and the same one and two edges later
    // (the forwards' words: T3 takes wa for the op three edges ahead, d1 for four, d2 for five)
    reg [CW-1:0] wa_reg, wa_d1_reg, wa_d2_reg, wr_reg, wr_d1_reg, wr_d2_reg;
    // stat_close's terms (T1) and the stats
    reg [8:0]    close_t_reg;
    reg          close_reg, ovf_reg, und_reg;
    // the ports of T3's ops, one-hot (P-PFC's RAMs are one per port)
    wire [N_PORTS-1:0] a3_i_oh = {{(N_PORTS - 1){1'b0}}, 1'b1} << a3_i_reg;
    wire [N_PORTS-1:0] r3_i_oh = {{(N_PORTS - 1){1'b0}}, 1'b1} << r3_i_reg;

    // T5: the new words from T4's registers (the sweep's: every value 0, so the words are 0)
    wire [CW:0]   a_t   = {1'b0, a4_comp_reg} + {{(CW + 1 - SW){1'b0}}, a4_s_reg};
    wire          a_ovf = a_t[CW];
    wire [CW-1:0] a_new = a_ovf ? a4_rm1_reg : a4_sum_reg;
    wire [CW:0]   r_t   = {1'b0, r4_comp_reg} - {{(CW + 1 - SW){1'b0}}, r4_s_reg};
    wire          r_und = r_t[CW];
    wire [CW-1:0] r_new = r_und ? r4_a_reg : r4_sum_reg;

    // the RAMs' words (T2's output registers); T6 writes T5's registers
    wire [CW-1:0] q_a_adm, q_a_rel, q_r_adm, q_r_rel;
    fg_ram_1r1w #(.W(CW), .AW(KW)) u_a_adm (
        .clk(clk), .we(a5_we_reg), .waddr(a5_key_reg), .wdata(wa_reg), .raddr(a0_key_reg), .rdata(q_a_adm));
    fg_ram_1r1w #(.W(CW), .AW(KW)) u_a_rel (
        .clk(clk), .we(a5_we_reg), .waddr(a5_key_reg), .wdata(wa_reg), .raddr(r0_key_reg), .rdata(q_a_rel));
    fg_ram_1r1w #(.W(CW), .AW(KW)) u_r_adm (
        .clk(clk), .we(r5_we_reg), .waddr(r5_key_reg), .wdata(wr_reg), .raddr(a0_key_reg), .rdata(q_r_adm));
    fg_ram_1r1w #(.W(CW), .AW(KW)) u_r_rel (
        .clk(clk), .we(r5_we_reg), .waddr(r5_key_reg), .wdata(wr_reg), .raddr(r0_key_reg), .rdata(q_r_rel));

    // T3's forward word: the op three / four / five edges ahead (the nearest first), from the
    // T5 word register and its delayed copies as they stand on T3's edge (wa: the op three
    // edges ahead, registered on that edge; d1: four ahead; d2: five ahead, written on T1's)
    function [CW-1:0] f_fwd;
        input [1:0]    hit;   // bits 0, 1 of the hits (bit 2, the op five edges ahead: w2)
        input [CW-1:0] w0, w1, w2;
        begin
            f_fwd = hit[0] ? w0 : hit[1] ? w1 : w2;
        end
    endfunction
    // T4: A and R with every op at least three edges ahead (the RAM word or the forward's)
    wire [CW-1:0] a_av = a3_fha_reg ? a3_fva_reg : a3_qa_reg;
    wire [CW-1:0] a_rv = a3_fhr_reg ? a3_fvr_reg : a3_qr_reg;
    wire [CW-1:0] r_av = r3_fha_reg ? r3_fva_reg : r3_qa_reg;
    wire [CW-1:0] r_rv = r3_fhr_reg ? r3_fvr_reg : r3_qr_reg;

    // two ops on one key closer than three edges: T0's op against T1's and T2's, and the two
    // lanes of one edge (each term registered at T1, their OR at T2)
    wire [8:0] close_t = {
        a0_v_reg && a1_v_reg && a1_key_reg == a0_key_reg, a0_v_reg && a2_v_reg && a2_key_reg == a0_key_reg,
        a0_v_reg && r1_v_reg && r1_key_reg == a0_key_reg, a0_v_reg && r2_v_reg && r2_key_reg == a0_key_reg,
        a0_v_reg && r0_v_reg && r0_key_reg == a0_key_reg,
        r0_v_reg && a1_v_reg && a1_key_reg == r0_key_reg, r0_v_reg && a2_v_reg && a2_key_reg == r0_key_reg,
        r0_v_reg && r1_v_reg && r1_key_reg == r0_key_reg, r0_v_reg && r2_v_reg && r2_key_reg == r0_key_reg};

    always @(posedge clk) begin
        if (rst) begin
            a1_v_reg  <= 1'b0;
            r1_v_reg  <= 1'b0;
            a2_v_reg  <= 1'b0;
            r2_v_reg  <= 1'b0;
            a3_v_reg  <= 1'b0;
            r3_v_reg  <= 1'b0;
            a4_v_reg  <= 1'b0;
            r4_v_reg  <= 1'b0;
            a4_we_reg <= 1'b0;
            r4_we_reg <= 1'b0;
            a5_we_reg <= 1'b0;
            r5_we_reg <= 1'b0;
            a4_pp_we_reg <= {N_PORTS{1'b0}};
            r4_pp_we_reg <= {N_PORTS{1'b0}};
            a5_pp_we_reg <= {N_PORTS{1'b0}};
            r5_pp_we_reg <= {N_PORTS{1'b0}};
            close_t_reg <= 9'd0;
            close_reg <= 1'b0;
            ovf_reg   <= 1'b0;
            und_reg   <= 1'b0;
        end else begin
            a1_v_reg  <= a0_v_reg;
            r1_v_reg  <= r0_v_reg;
            a2_v_reg  <= a1_v_reg;
            r2_v_reg  <= r1_v_reg;
            a3_v_reg  <= a2_v_reg;
            r3_v_reg  <= r2_v_reg;
            a4_v_reg  <= a3_v_reg;
            r4_v_reg  <= r3_v_reg;
            a4_we_reg <= a3_v_reg || !ready_reg;
            r4_we_reg <= r3_v_reg || !ready_reg;
            a5_we_reg <= a4_we_reg;
            r5_we_reg <= r4_we_reg;
            a4_pp_we_reg <= ready_reg ? (a3_v_reg ? a3_i_oh : {N_PORTS{1'b0}}) : {N_PORTS{clr_pp}};
            r4_pp_we_reg <= ready_reg ? (r3_v_reg ? r3_i_oh : {N_PORTS{1'b0}}) : {N_PORTS{clr_pp}};
            a5_pp_we_reg <= a4_pp_we_reg;
            r5_pp_we_reg <= r4_pp_we_reg;
            close_t_reg <= close_t;
            close_reg <= |close_t_reg;
            ovf_reg   <= a4_v_reg && a_ovf;
            und_reg   <= r4_v_reg && r_und;
        end
    end
    always @(posedge clk) begin
        a1_key_reg <= a0_key_reg;
        r1_key_reg <= r0_key_reg;
        a2_key_reg <= a1_key_reg;
        r2_key_reg <= r1_key_reg;
        a3_key_reg <= a2_key_reg;
        r3_key_reg <= r2_key_reg;
        a4_key_reg <= ready_reg ? a3_key_reg : clr_k_reg[KW-1:0];
        r4_key_reg <= ready_reg ? r3_key_reg : clr_k_reg[KW-1:0];
        a5_key_reg <= a4_key_reg;
        r5_key_reg <= r4_key_reg;
        a1_eq_reg  <= a0_eq_reg;
        r1_eq_reg  <= r0_eq_reg;
        a2_eq_reg  <= a1_eq_reg;
        r2_eq_reg  <= r1_eq_reg;
        a3_eq_reg  <= a2_eq_reg;
        r3_eq_reg  <= r2_eq_reg;
        a4_eq_reg  <= ready_reg ? a3_eq_reg : clr_k_reg[EW-1:0];
        r4_eq_reg  <= ready_reg ? r3_eq_reg : clr_k_reg[EW-1:0];
        a5_eq_reg  <= a4_eq_reg;
        r5_eq_reg  <= r4_eq_reg;
        a1_i_reg   <= a0_i_reg;
        r1_i_reg   <= r0_i_reg;
        a2_i_reg   <= a1_i_reg;
        r2_i_reg   <= r1_i_reg;
        a3_i_reg   <= a2_i_reg;
        r3_i_reg   <= r2_i_reg;
        a1_s_reg   <= a0_s_reg;
        r1_s_reg   <= r0_s_reg;
        a2_s_reg   <= a1_s_reg;
        r2_s_reg   <= r1_s_reg;
        a3_s_reg   <= a2_s_reg;
        r3_s_reg   <= r2_s_reg;
        a4_s_reg   <= ready_reg ? a3_s_reg : {SW{1'b0}};
        r4_s_reg   <= ready_reg ? r3_s_reg : {SW{1'b0}};
        // T1: the ops three, four and five edges ahead (in T3, T4, T5 on this edge; the
        // sweep's words too, which the first ops after `ready` can meet)
        a1_fa_reg <= {a5_we_reg && a5_key_reg == a0_key_reg, a4_we_reg && a4_key_reg == a0_key_reg,
                      a3_v_reg && a3_key_reg == a0_key_reg};
        a1_fr_reg <= {r5_we_reg && r5_key_reg == a0_key_reg, r4_we_reg && r4_key_reg == a0_key_reg,
                      r3_v_reg && r3_key_reg == a0_key_reg};
        r1_fa_reg <= {a5_we_reg && a5_key_reg == r0_key_reg, a4_we_reg && a4_key_reg == r0_key_reg,
                      a3_v_reg && a3_key_reg == r0_key_reg};
        r1_fr_reg <= {r5_we_reg && r5_key_reg == r0_key_reg, r4_we_reg && r4_key_reg == r0_key_reg,
                      r3_v_reg && r3_key_reg == r0_key_reg};
        a2_fa_reg <= a1_fa_reg;
        a2_fr_reg <= a1_fr_reg;
        r2_fa_reg <= r1_fa_reg;
        r2_fr_reg <= r1_fr_reg;
        // T3
        a3_fha_reg <= |a2_fa_reg;
        a3_fhr_reg <= |a2_fr_reg;
        r3_fha_reg <= |r2_fa_reg;
        r3_fhr_reg <= |r2_fr_reg;
        a3_fva_reg <= f_fwd(a2_fa_reg[1:0], wa_reg, wa_d1_reg, wa_d2_reg);
        a3_fvr_reg <= f_fwd(a2_fr_reg[1:0], wr_reg, wr_d1_reg, wr_d2_reg);
        r3_fva_reg <= f_fwd(r2_fa_reg[1:0], wa_reg, wa_d1_reg, wa_d2_reg);
        r3_fvr_reg <= f_fwd(r2_fr_reg[1:0], wr_reg, wr_d1_reg, wr_d2_reg);
        a3_qa_reg <= q_a_adm;
        a3_qr_reg <= q_r_adm;
        r3_qa_reg <= q_a_rel;
        r3_qr_reg <= q_r_rel;
        // T4 (the sweep's: comp 0, sum 0, s 0: no clamp, the new word 0)
        a4_comp_reg <= ready_reg ? a_av - a_rv : {CW{1'b0}};
        a4_sum_reg  <= ready_reg ? a_av + {{(CW - SW){1'b0}}, a3_s_reg} : {CW{1'b0}};
        a4_rm1_reg  <= a_rv - CW_ONE;
        r4_comp_reg <= ready_reg ? r_av - r_rv : {CW{1'b0}};
        r4_sum_reg  <= ready_reg ? r_rv + {{(CW - SW){1'b0}}, r3_s_reg} : {CW{1'b0}};
        r4_a_reg    <= r_av;
        // T5
        wa_reg    <= a_new;
        wr_reg    <= r_new;
        wa_d1_reg <= wa_reg;
        wr_d1_reg <= wr_reg;
        wa_d2_reg <= wa_d1_reg;
        wr_d2_reg <= wr_d1_reg;
    end

    // ---------------------------------------------------------------- P-PFC's read
    reg          q0_v_reg, q1_v_reg, q2_v_reg, q3_v_reg, rs_v_reg;
    reg [EW-1:0] q0_eq_reg, q1_eq_reg, q2_eq_reg, q3_eq_reg, rs_eq_reg;
    // R1: the ports whose A / R word of the EQ T5 writes on the address edge (one-hot)
    reg [N_PORTS-1:0] q1_fa_reg, q1_fr_reg, q2_fa_reg, q2_fr_reg;
    reg [N_PORTS*CW-1:0] rs_comp_reg;
    always @(posedge clk) begin
        if (rst) begin
            q0_v_reg <= 1'b0;
            q1_v_reg <= 1'b0;
            q2_v_reg <= 1'b0;
            q3_v_reg <= 1'b0;
            rs_v_reg <= 1'b0;
        end else begin
            q0_v_reg <= rq_valid && ready_reg && ({1'b0, rq_eq} < NEQ_E);
            q1_v_reg <= q0_v_reg;
            q2_v_reg <= q1_v_reg;
            q3_v_reg <= q2_v_reg;
            rs_v_reg <= q3_v_reg;
        end
    end
    always @(posedge clk) begin
        q0_eq_reg <= rq_eq;
        q1_eq_reg <= q0_eq_reg;
        q2_eq_reg <= q1_eq_reg;
        q3_eq_reg <= q2_eq_reg;
        rs_eq_reg <= (q3_v_reg && !rst) ? q3_eq_reg : {EW{1'b0}};
        q1_fa_reg <= (a5_eq_reg == q0_eq_reg) ? a5_pp_we_reg : {N_PORTS{1'b0}};
        q1_fr_reg <= (r5_eq_reg == q0_eq_reg) ? r5_pp_we_reg : {N_PORTS{1'b0}};
        q2_fa_reg <= q1_fa_reg;
        q2_fr_reg <= q1_fr_reg;
    end

    genvar gi;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pp
            wire [CW-1:0] q_a, q_r;
            reg  [CW-1:0] av_reg, rv_reg;   // R3: the words (or the one written on R1)
            // written by the lane whose op names ingress gi (or the sweep)
            fg_ram_1r1w #(.W(CW), .AW(EW)) u_a_pp (
                .clk(clk), .we(a5_pp_we_reg[gi]), .waddr(a5_eq_reg), .wdata(wa_reg), .raddr(q0_eq_reg),
                .rdata(q_a));
            fg_ram_1r1w #(.W(CW), .AW(EW)) u_r_pp (
                .clk(clk), .we(r5_pp_we_reg[gi]), .waddr(r5_eq_reg), .wdata(wr_reg), .raddr(q0_eq_reg),
                .rdata(q_r));
            always @(posedge clk) begin
                av_reg <= q2_fa_reg[gi] ? wa_d2_reg : q_a;
                rv_reg <= q2_fr_reg[gi] ? wr_d2_reg : q_r;
                rs_comp_reg[gi*CW +: CW] <= (q3_v_reg && !rst) ? av_reg - rv_reg : {CW{1'b0}};
            end
        end
    endgenerate

    assign rs_valid       = rs_v_reg;
    assign rs_eq          = rs_eq_reg;
    assign rs_comp        = rs_comp_reg;
    assign ready          = ready_reg;
    assign stat_overflow  = ovf_reg;
    assign stat_underflow = und_reg;
    assign stat_close     = close_reg;
    assign stat_early     = early_reg;
    assign stat_bad       = bad_reg;

endmodule

`default_nettype wire
