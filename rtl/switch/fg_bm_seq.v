// fg_bm_seq - compact shared-buffer manager for small devices (SPEC.md section 1;
// docs/blocks/bm_seq.md, docs/ARCHITECTURE.md section 5.1c).
//
// The same accounting as fg_bm_pipe (reserve / shared / headroom per ingress PG, egress
// queues, shared_used, dynamic or static thresholds, pause per lossless PG) and the same
// ports (the static limits come as the register block's writes, kept in block RAM:
// cfg_xoff_wr, ... below), done one operation at a time. fg_bm_pipe buys one decision per
// cycle at 156.25 MHz with forwarding, an interlock and ten stages; an iCE40UP5K at 48 MHz
// with a few 1 GbE ports needs a decision every several cycles, and cannot hold that
// pipeline (fg_bm_pipe alone is 70 % of the UP5K). Here a free-running slot of five cycles carries one op:
//
//   any edge               an offer (release) enters its port's empty holding register
//                          (ready = the register is empty, as fg_bm_pipe)
//   t = 3 (previous slot)  select the next op: a scan when three ops have passed since the
//                          last one, else an admission and a release by turns when both
//                          wait, else whichever waits, else a scan; round robin over the
//                          ports of its kind whose holding register is full
//   edge out of t = 4      O: the op taken from that register (the scan: the next PG)
//   t = 0                  the op's PG and port decoded into one-hots (the mode folded in);
//                          its size, headroom, reserve - resume_offset registered
//   t = 1                  the limit's bases (thr through a one-hot; or xoff, xon from their
//                          block-RAM copies, fg_cfg_copy, read on the take edge);
//                          headroom - s, reserve - s; the EQ counter read; the PG's counters
//                          read from block RAM (the word is there from t = 3; on ECP5,
//                          FG_ECP5_FORMS, read on t = 0's edge instead and held in a flop
//                          from t = 2's, the write-back of that edge forwarded: EARLY_READ)
//   t = 2                  the limits (lim, rsm, L - s), each one adder from registers
//   t = 3                  the RAM word: compares and candidates; the EQ counter's
//   t = 4                  decide: the verdict; the new values, the EQ counter's new value,
//                          split and rs registered
//   next slot, t = 0       the new values into the RAM, the EQ counter written; the pause
//                          compares on the new values; shared_used's two updates
//   next slot, t = 1       the PG's pause bit; shared_used
//
// No stage has two carry chains in series (an iCE40 chain of 19 bits and its routing take
// ~13 ns of the 20.8): L - s is formed as thr + (reserve - s); a release's ing + hd - r as
// ing - sat0(r - hd), whose borrow is the underflow, at t = 4 with one AND behind it.
//
// One op is in flight, so no op ever sees another's unfinished update: no forwarding, no
// interlock, no hazard (the next op's RAM read comes an edge after the last op's write). The
// PG counters (ingress, headroom) live in block RAM, cleared after reset by a sweep of
// N_PORTS*N_PRIO cycles (no op is taken meanwhile); the egress counters are flops (they are
// outputs); the ports' thresholds come from a ring. Logic per PG: its pause bit, its egress
// counter, the limits' live bits (in fg_cfg_copy) and a term of the AND-OR reads: area is linear in
// ports x priorities. The C twin is cmodel/switch/bm_seq.c.
`default_nettype none

module fg_bm_seq #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width, 4..29
    parameter integer SW      = 8,   // packet-size width (cells), SW < CW
    parameter integer TAG_W   = 1,   // enq_tag width: carried with the admission to its verdict
    // the static limits' copies' read (below): 1 edge from the op's registers, or 2 from the
    // next op's select; 0: by technology (2 under FG_TECH_ECP5, whose block RAM needs its output
    // register at 156.25 MHz; else 1, the iCE40 form). The same outputs on every edge either way
    parameter integer LIM_LAT = 0,
    // derived, do not override: port-index width clog2(N_PORTS), at least 1, and PG-index
    // width clog2(N_PORTS*N_PRIO), at least 1
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1,
    parameter integer PGW     = (N_PORTS * N_PRIO > 1) ? $clog2(N_PORTS * N_PRIO) : 1
) (
    input  wire                             clk,
    input  wire                             rst,

    // runtime configuration (as fg_bm_pipe; read where the op needs it, not registered)
    input  wire [CW-1:0]                    cfg_total_cells,
    input  wire [CW-1:0]                    cfg_reserve,
    input  wire [N_PORTS*CW-1:0]            cfg_headroom,
    input  wire [N_PORTS*4-1:0]             cfg_alpha_shift,
    input  wire [CW-1:0]                    cfg_resume_offset,
    input  wire [N_PRIO-1:0]                cfg_lossless,
    input  wire                             cfg_static_mode,
    // the static limits as the register block writes them (as fg_bm_pipe; fg_bm takes them
    // as N*P words, cfg_xoff / cfg_xon): on an edge where cfg_xoff_wr (cfg_xon_wr) is 1, XOFF
    // (XON) of PG cfg_lim_wr_pg becomes cfg_lim_wr_data, on the edge the register's flops
    // would take it; a PG not written since reset has cfg_xoff_rst (cfg_xon_rst), the
    // register's reset value
    input  wire                             cfg_xoff_wr,
    input  wire                             cfg_xon_wr,
    input  wire [PGW-1:0]                   cfg_lim_wr_pg,
    input  wire [CW-1:0]                    cfg_lim_wr_data,
    input  wire [CW-1:0]                    cfg_xoff_rst,
    input  wire [CW-1:0]                    cfg_xon_rst,

    // per ingress port: a packet offered, held until an edge where enq_ready is 1
    input  wire [N_PORTS-1:0]               enq_valid,
    output wire [N_PORTS-1:0]               enq_ready,
    input  wire [N_PORTS*3-1:0]             enq_prio,
    input  wire [N_PORTS*PW-1:0]            enq_dst,
    input  wire [N_PORTS*SW-1:0]            enq_cells,
    input  wire [N_PORTS*TAG_W-1:0]         enq_tag,            // the user's bits (the core: ECT)

    // per egress port: a packet of EQ(o, deq_prio) from ingress deq_src has left
    input  wire [N_PORTS-1:0]               deq_valid,
    output wire [N_PORTS-1:0]               deq_ready,
    input  wire [N_PORTS*3-1:0]             deq_prio,
    input  wire [N_PORTS*PW-1:0]            deq_src,
    input  wire [N_PORTS*SW-1:0]            deq_cells,

    // verdicts and events (one-cycle pulses; the admission's fields 0 without adm_valid;
    // rel_port names the port of any release op, a bad one too, as fg_bm_pipe)
    output wire                             adm_valid,
    output wire [PW-1:0]                    adm_port,
    output wire [1:0]                       adm_where,          // 0 res, 1 shared, 2 hdrm, 3 drop
    output wire [2:0]                       adm_prio,
    output wire [PW-1:0]                    adm_dst,
    output wire [SW-1:0]                    adm_cells,
    output wire [TAG_W-1:0]                 adm_tag,
    output wire                             stat_drop,
    output wire                             stat_violation,
    output wire                             rel_valid,
    output wire [PW-1:0]                    rel_port,
    output wire [2:0]                       rel_prio,           // the release's fields as
    output wire [PW-1:0]                    rel_src,            // offered, 0 without rel_valid
    output wire [SW-1:0]                    rel_cells,
    output wire                             stat_bad_deq,
    output wire                             stat_pg_underflow,
    output wire                             stat_eq_underflow,
    // the verdict's EQ count before its admission, two edges after adm_valid (as fg_bm_pipe)
    output wire [CW-1:0]                    adm_eq_cnt,
    output wire                             stat_shared_underflow,
    // the monitor: a scan op's read of one PG (a pulse per scan, in the ring's order)
    output wire                             mon_valid,
    output wire [PGW-1:0]                   mon_pg,
    output wire [CW-1:0]                    mon_ing,
    output wire [CW-1:0]                    mon_hd,
    output wire [CW:0]                      mon_occ,            // mon_ing + mon_hd

    // state
    output wire [N_PORTS*N_PRIO-1:0]        paused,
    output wire [N_PORTS*N_PRIO*CW-1:0]     egress_cnt,
    output wire [CW-1:0]                    shared_used,
    output wire [N_PORTS*CW-1:0]            thr,                // per port, from a ring (one port per edge)
    output wire [CW-1:0]                    shared_free
);

    localparam integer NPG = N_PORTS * N_PRIO;
    localparam integer XW  = CW + 2;          // signed resume thresholds
    localparam integer LW  = CW + 3;          // signed admission limits L - s
    localparam [LW-1:0] LNEG = {3'b110, {CW{1'b0}}};   // a limit nothing fits under
    localparam integer OW  = CW + 1;          // a CW-bit value plus the reserve
    // carve-out sums: at most 2 * NPG * (2^CW - 1) (every PG's headroom and reserve at their
    // field maximum, whatever mix of old and new values a sweep meets), below 2^HW
    localparam integer HW  = CW + 1 + $clog2(NPG);
    localparam [CW-1:0] CMAX = {CW{1'b1}};
    localparam integer  P_LAST_I  = N_PRIO - 1;
    localparam [2:0]    P_LAST    = P_LAST_I[2:0];
    localparam integer  I_LAST_I  = N_PORTS - 1;
    localparam [PW-1:0] I_LAST    = I_LAST_I[PW-1:0];
    localparam integer  PG_LAST_I = NPG - 1;
    localparam [PGW-1:0] PG_LAST  = PG_LAST_I[PGW-1:0];
    localparam [N_PORTS-1:0] ONE_N = 1;
    localparam [3:0]    N_PRIO_W  = N_PRIO[3:0];
    localparam [PW:0]   N_PORTS_W = N_PORTS[PW:0];
    localparam [1:0] K_NONE = 2'd0, K_ADM = 2'd1, K_REL = 2'd2, K_SCAN = 2'd3;
    // the slot's cycles (t_reg): what each does is in the header; the next op is selected in
    // T_CMP's cycle and loaded on T_DECIDE's edge
    localparam [2:0] T_READ = 3'd0, T_MODE = 3'd1, T_LIMIT = 3'd2, T_CMP = 3'd3, T_DECIDE = 3'd4;
`ifdef FG_TECH_ECP5
    localparam integer LIM_LAT_TECH = 2;
`else
    localparam integer LIM_LAT_TECH = 1;
`endif
    localparam integer LIM_LAT_USED = (LIM_LAT == 0) ? LIM_LAT_TECH : LIM_LAT;

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n_ports
            fg_bm_seq_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_n_prio
            fg_bm_seq_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (CW < 4 || CW > 29) begin : g_bad_cw
            fg_bm_seq_parameter_CW_must_be_4_to_29 u_param_error ();
        end
        if (SW < 1 || SW >= CW) begin : g_bad_sw
            fg_bm_seq_parameter_SW_must_be_1_to_CW_minus_1 u_param_error ();
        end
        if (TAG_W < 1 || TAG_W > 32) begin : g_bad_tag_w
            fg_bm_seq_parameter_TAG_W_must_be_1_to_32 u_param_error ();
        end
        if (LIM_LAT < 0 || LIM_LAT > 2) begin : g_bad_lim_lat
            fg_bm_seq_parameter_LIM_LAT_must_be_0_to_2 u_param_error ();
        end
    endgenerate

    // v <= lim for an unsigned v and a signed lim (LW bits): the sign of lim - v
    function f_fits;
        input [LW-1:0] v;
        input [LW-1:0] lim;
        reg   [LW-1:0] diff;
        begin
            diff = lim - v;
            f_fits = !diff[LW-1];
        end
    endfunction

    // sat0(a - b) for CW-bit a and b, the borrow masking the difference (an AND, not a select
    // of a constant: yosys turns that into a synchronous reset of the register behind it, a
    // net through a global buffer that was a path of its own on iCE40)
    function [CW-1:0] f_sub0;
        input [CW-1:0] a;
        input [CW-1:0] b;
        reg   [CW:0]   diff;
        begin
            diff = {1'b0, a} - {1'b0, b};
            f_sub0 = diff[CW-1:0] & {CW{!diff[CW]}};
        end
    endfunction

    // min(a + b, 2^CW - 1) for CW-bit a and b
    function [CW-1:0] f_add_sat;
        input [CW-1:0] a;
        input [CW-1:0] b;
        reg   [CW:0]   sum;
        begin
            sum = {1'b0, a} + {1'b0, b};
            f_add_sat = sum[CW] ? CMAX : sum[CW-1:0];
        end
    endfunction

    // the PG (or EQ) index port * N_PRIO + prio
    localparam [15:0] N_PRIO_16 = N_PRIO[15:0];
    /* verilator lint_off UNUSEDSIGNAL */
    function [PGW-1:0] f_pgk;
        input [PW-1:0] port;
        input [2:0]    prio;
        reg   [15:0]   v;
        begin
            v = {{(16-PW){1'b0}}, port} * N_PRIO_16 + {13'd0, prio};
            f_pgk = v[PGW-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // round robin: the first set bit of v at or above index ptr, else the first set bit (one-hot;
    // 0 when v is 0)
    function [N_PORTS-1:0] f_rr;
        input [N_PORTS-1:0] v;
        input [PW-1:0]      ptr;
        reg   [N_PORTS-1:0] pick;
        integer j;
        begin
            pick = {N_PORTS{1'b0}};
            for (j = N_PORTS - 1; j >= 0; j = j - 1)
                if (v[j]) pick = ONE_N << j;
            for (j = N_PORTS - 1; j >= 0; j = j - 1)
                if (v[j] && j >= ptr) pick = ONE_N << j;
            f_rr = pick;
        end
    endfunction

    // the index of a one-hot (0 for none)
    function [PW-1:0] f_enc;
        input [N_PORTS-1:0] oh;
        integer j;
        begin
            f_enc = {PW{1'b0}};
            for (j = 0; j < N_PORTS; j = j + 1)
                if (oh[j]) f_enc = f_enc | j[PW-1:0];
        end
    endfunction

    // the next port index after p (wrapping at N_PORTS)
    function [PW-1:0] f_next_port;
        input [PW-1:0] p;
        begin
            f_next_port = (p == I_LAST) ? {PW{1'b0}} : p + 1'b1;
        end
    endfunction

    integer k;

    // ================================================================== slot timer, clear sweep
    reg  [2:0]     t_reg;        // the slot's cycle: 0..4, free-running from reset
    // t = 4 (t_dec_reg), and t = 4 of an op of each kind, as flops set on t = 3's edge: the
    // decision's enables and its pulse registers' resets (a zero unless t = 4 of the kind, which
    // yosys makes the flops' synchronous reset) start at one flop and not at t_reg's decode
    reg            t_dec_reg, dk_adm_reg, dk_rel_reg, dk_scan_reg;
    reg            init_reg;     // the RAM is being cleared (no op is selected)
    reg  [PGW-1:0] clr_reg;      // the PG cleared on this edge

    // ================================================================== selection (t = 3)
    reg  [1:0]         sel_kind_reg;          // the op the slot's t = 3 offers a port
    reg  [N_PORTS-1:0] sel_e_reg, sel_d_reg;    // the picked port (one-hot), taken on t = 4's edge
    reg  [PW-1:0]      ea_ptr_reg, da_ptr_reg;   // round-robin pointers (next port first)
    reg                turn_rel_reg;          // both kinds waiting: the release's turn
    reg  [1:0]         since_scan_reg;        // admissions and releases since the last scan
    reg  [PW-1:0]      sc_i_reg;              // the next PG the scan reads: (port, prio)
    reg  [2:0]         sc_p_reg;

    // per port a one-entry holding register for an offer and one for a release (valid/ready:
    // ready = the register is empty, as fg_bm_pipe; a user may wait for ready before offering)
    reg  [N_PORTS-1:0]       eh_v_reg, dh_v_reg;
    reg  [N_PORTS*3-1:0]     eh_p_reg, dh_p_reg;
    reg  [N_PORTS*PW-1:0]    eh_o_reg, dh_i_reg;
    reg  [N_PORTS*SW-1:0]    eh_s_reg, dh_s_reg;
    reg  [N_PORTS*TAG_W-1:0] eh_t_reg;
    // and the PG each holds an op of, from its capture (the limit copies' address below)
    reg  [N_PORTS*PGW-1:0]   eh_g_reg, dh_g_reg;

    wire               any_e = |eh_v_reg;
    wire               any_d = |dh_v_reg;
    wire               scan_due = (since_scan_reg == 2'd3);
    wire [N_PORTS-1:0] e_pick = f_rr(eh_v_reg, ea_ptr_reg);
    wire [N_PORTS-1:0] d_pick = f_rr(dh_v_reg, da_ptr_reg);
    reg  [1:0]         sel_kind;
    always @* begin
        if (init_reg)                 sel_kind = K_NONE;
        else if (scan_due)            sel_kind = K_SCAN;
        else if (any_e && any_d)      sel_kind = turn_rel_reg ? K_REL : K_ADM;
        else if (any_e)               sel_kind = K_ADM;
        else if (any_d)               sel_kind = K_REL;
        else                          sel_kind = K_SCAN;
    end

    // ================================================================== O: the op (edge into t = 0)
    reg  [1:0]       o_kind_reg;
    reg              o_ok_reg;       // the op names a PG (and for adm/rel an EQ)
    reg  [PW-1:0]    o_port_reg;     // ingress port (adm), egress port (rel), PG's port (scan)
    reg  [2:0]       o_prio_reg;
    reg  [PW-1:0]    o_other_reg;    // dst (adm), src (rel)
    reg  [PW-1:0]    o_pi_reg;       // the PG's port
    // the PG and EQ indices from the op's registers (wires: f_pgk behind the load's selects
    // was a path of its own)
    wire [PGW-1:0]   o_pg, o_eq;
    reg  [SW-1:0]    o_s_reg;
    reg  [TAG_W-1:0] o_tag_reg;

    // the selected port's fields (one-hot AND-OR over the ports; 0 for none)
    reg  [2:0]       e_prio_sel, d_prio_sel;
    reg  [PW-1:0]    e_dst_sel, d_src_sel;
    reg  [SW-1:0]    e_cells_sel, d_cells_sel;
    reg  [TAG_W-1:0] e_tag_sel;
    always @* begin
        e_prio_sel = 3'd0; e_dst_sel = {PW{1'b0}}; e_cells_sel = {SW{1'b0}};
        e_tag_sel = {TAG_W{1'b0}};
        d_prio_sel = 3'd0; d_src_sel = {PW{1'b0}}; d_cells_sel = {SW{1'b0}};
        for (k = 0; k < N_PORTS; k = k + 1) begin
            if (sel_e_reg[k]) begin
                e_prio_sel  = e_prio_sel  | eh_p_reg[k*3 +: 3];
                e_dst_sel   = e_dst_sel   | eh_o_reg[k*PW +: PW];
                e_cells_sel = e_cells_sel | eh_s_reg[k*SW +: SW];
                e_tag_sel   = e_tag_sel   | eh_t_reg[k*TAG_W +: TAG_W];
            end
            if (sel_d_reg[k]) begin
                d_prio_sel  = d_prio_sel  | dh_p_reg[k*3 +: 3];
                d_src_sel   = d_src_sel   | dh_i_reg[k*PW +: PW];
                d_cells_sel = d_cells_sel | dh_s_reg[k*SW +: SW];
            end
        end
    end
    wire [PW-1:0] e_port_sel = f_enc(sel_e_reg);
    wire [PW-1:0] d_port_sel = f_enc(sel_d_reg);
    // legality: the priority exists, the other port exists
    wire e_ok_sel = ({1'b0, e_prio_sel} < N_PRIO_W) && ({1'b0, e_dst_sel} < N_PORTS_W);
    wire d_ok_sel = ({1'b0, d_prio_sel} < N_PRIO_W) && ({1'b0, d_src_sel} < N_PORTS_W);

    reg  [1:0]       o_kind_next;
    reg              o_ok_next;
    reg  [PW-1:0]    o_port_next, o_other_next, o_pi_next;
    reg  [2:0]       o_prio_next;
    reg  [SW-1:0]    o_s_next;
    reg  [TAG_W-1:0] o_tag_next;
    always @* begin
        o_kind_next = K_NONE; o_ok_next = 1'b0; o_port_next = {PW{1'b0}};
        o_other_next = {PW{1'b0}}; o_pi_next = {PW{1'b0}}; o_prio_next = 3'd0;
        o_s_next = {SW{1'b0}}; o_tag_next = {TAG_W{1'b0}};
        case (sel_kind_reg)
            K_ADM: begin
                o_kind_next = K_ADM; o_ok_next = e_ok_sel; o_port_next = e_port_sel;
                o_other_next = e_dst_sel; o_pi_next = e_port_sel; o_prio_next = e_prio_sel;
                o_s_next = e_cells_sel; o_tag_next = e_tag_sel;
            end
            K_REL: begin
                o_kind_next = K_REL; o_ok_next = d_ok_sel; o_port_next = d_port_sel;
                o_other_next = d_src_sel; o_pi_next = d_src_sel; o_prio_next = d_prio_sel;
                o_s_next = d_cells_sel;
            end
            K_SCAN: begin
                o_kind_next = K_SCAN; o_ok_next = 1'b1; o_port_next = sc_i_reg;
                o_pi_next = sc_i_reg; o_prio_next = sc_p_reg;
            end
            default: ;
        endcase
    end
    // the EQ: (dst, prio) for an admission, (egress port, prio) for a release
    assign o_pg = f_pgk(o_pi_reg, o_prio_reg);
    assign o_eq = f_pgk((o_kind_reg == K_ADM) ? o_other_reg : o_port_reg, o_prio_reg);

    // decoded at the take (the decision's selects at t = 4 start from them)
    reg  o_adm_live_reg, o_rel_live_reg;
    wire adm_live = o_adm_live_reg;
    wire rel_live = o_rel_live_reg;

    // ================================================================== t = 0, 1: reads by index
    // t = 0 decodes the op's PG and port into one-hots, the mode folded in (x_oh: the PG, in
    // static mode; t_oh: the port, in dynamic mode); t = 1 reads through
    // them, so the limit's base T = xoff or thr (and R = xon or thr) is one flat AND-OR (a
    // decode, an AND-OR and a mode select behind O's registers were a path of their own); the
    // headroom is read at t = 0, so that headroom - s and reserve - s are both formed at t = 1
    // (in different cycles yosys shares one subtractor between them, a select in front of it)
    reg  [N_PORTS-1:0] t_oh_reg;
    reg                l_static_reg;
    reg  [CW-1:0] t_sel, r_sel, hdr_sel;
    reg           lossless_sel;
    // The static limits live in two block-RAM copies (fg_cfg_copy, XOFF and XON), written as
    // the register block commits them; their flops and an N*P-way read were the largest part
    // of the compact core's area. The copies read the next op's PG on the take edge L
    // (address: the PG O takes there) with NEWEST = 1, so during t = 1 they give the limits as
    // the flops held them then: through t = 0's edge. (Read on t = 0's edge instead, the word
    // came at t = 2 and its select in front of t = 2's adders ended two seeds of three.)
    // LIM_LAT = 1 (iCE40): read on t = 0's edge from the op's registers instead, the word from
    // the block RAM's own register: the same word at the same time, and the next op's select
    // (a round-robin pick's AND-OR) no longer runs into the block RAM's address (on the UP5K
    // core that path, mostly routing, set one seed of three at 45 MHz).
    // LIM_LAT = 2: the address during t = 4 is f_pgk(o_pi_next, o_prio_next), the PG O takes
    // at L, as one select by sel_kind_reg of three flops loaded on T_CMP's edge: the PG of the
    // admission the round robin picks there, of the release, and of the scan. (As that
    // expression, the address ran from the picks' registers through the field selects and the
    // PG's arithmetic across the chip into the DP16KD: 6.8-8.1 ns on ECP5-85F; as one flop
    // loaded with the kind's select folded in, the pick's path into it was 6.1-6.7.) Each
    // holding register keeps its op's PG from its capture; a picked register is full, so it
    // captures nothing until the take, and the scan's (port, prio) moves only at the take.
    wire [CW-1:0]  lx_rdata, ln_rdata;
    reg  [PGW-1:0] nx_e_reg, nx_d_reg, nx_s_reg, nx_e_pick, nx_d_pick;
    always @* begin
        nx_e_pick = {PGW{1'b0}};
        nx_d_pick = {PGW{1'b0}};
        for (k = 0; k < N_PORTS; k = k + 1) begin
            if (e_pick[k]) nx_e_pick = nx_e_pick | eh_g_reg[k*PGW +: PGW];
            if (d_pick[k]) nx_d_pick = nx_d_pick | dh_g_reg[k*PGW +: PGW];
        end
    end
    wire [PGW-1:0] nx_pg = (sel_kind_reg == K_ADM)  ? nx_e_reg :
                           (sel_kind_reg == K_REL)  ? nx_d_reg :
                           (sel_kind_reg == K_SCAN) ? nx_s_reg : {PGW{1'b0}};
    wire [PGW-1:0] lim_raddr = (LIM_LAT_USED == 1) ? o_pg : nx_pg;
    wire           o_pg_ok = ({{(32-PGW){1'b0}}, o_pg} < NPG);
    always @* begin
        t_sel = {CW{1'b0}}; r_sel = {CW{1'b0}}; hdr_sel = {CW{1'b0}};
        lossless_sel = 1'b0;
        // static mode: the copies' words; 0 for an index of no PG, as the flops' read gave
        if (l_static_reg && o_pg_ok) begin
            t_sel = lx_rdata;
            r_sel = ln_rdata;
        end
        for (k = 0; k < N_PORTS; k = k + 1) begin
            if (t_oh_reg[k]) begin
                t_sel = t_sel | thr_reg[k*CW +: CW];
                r_sel = r_sel | thr_reg[k*CW +: CW];
            end
            if (o_pi_reg == k[PW-1:0]) hdr_sel = hdr_sel | cfg_headroom[k*CW +: CW];
        end
        for (k = 0; k < N_PRIO; k = k + 1)
            if (o_prio_reg == k[2:0]) lossless_sel = lossless_sel | cfg_lossless[k];
    end

    reg  [CW-1:0] pool_free_reg;
    // the ports' thresholds thr(i) = pool_free >> alpha(i), one port per edge by a ring (the
    // op reads its port's from thr_reg: a shifter behind the port's select was a path of its
    // own): the ring's port and its alpha and pool_free registered, then the shift in two
    // steps, by alpha's upper bits (0, 4, 8, 12) and then its lower (a 12-bit shifter by four
    // bits in one cycle, two 4:1 levels in series, was one UP5K seed's slowest path); a change
    // of pool_free reaches thr(i) within N_PORTS + 2 edges
    reg  [PW-1:0] tr_k_reg, tr_a_k_reg, tr_b_k_reg;
    reg  [3:0]    tr_alpha_reg;
    reg  [1:0]    tr_alo_reg;
    reg  [CW-1:0] tr_pf_reg, tr_pf1_reg;
    reg  [3:0]    tr_alpha_sel;
    always @* begin
        tr_alpha_sel = 4'd0;
        for (k = 0; k < N_PORTS; k = k + 1)
            if (tr_k_reg == k[PW-1:0]) tr_alpha_sel = tr_alpha_sel | cfg_alpha_shift[k*4 +: 4];
    end
    // registered at the edge into t = 1: reserve - resume_offset; at the edge into t = 2, by
    // the mode, the limit's base T (thr, or xoff in static mode) and the resume base R (thr,
    // or xon) with its offset RO (reserve - resume_offset, or reserve): lim = min(T + reserve,
    // 2^CW - 1), rsm = R + RO
    reg  [XW-1:0] l_res_off_reg;
    reg  [CW-1:0] k_t_reg, k_r_reg;
    reg  [XW-1:0] k_ro_reg;
    reg  [LW-1:0] l_res_s_reg;                       // reserve - s (at t = 1)
    reg  [SW-1:0] l_s_reg;                           // the op's size, t = 1's and 2's copy
    wire [LW-1:0] ls_lw = {{(LW-SW){1'b0}}, l_s_reg};
    wire [CW-1:0] ls_cw = {{(CW-SW){1'b0}}, l_s_reg};
    reg  [CW-1:0] l_hr_reg;                          // the PG's port's headroom
    reg  [LW-1:0] k_hd_s_reg;                        // headroom - s
    reg           l_lossless_reg;

    // ================================================================== t = 2: limits
    // each value one adder from registers, then the clamp's select: lim = min(T + reserve,
    // 2^CW - 1), lim - s = T + (reserve - s), or (2^CW - 1) - s = ~s when clamped
    wire [OW-1:0] tres     = {1'b0, k_t_reg} + {1'b0, cfg_reserve};
    wire [LW-1:0] t_res_s  = {3'b000, k_t_reg} + l_res_s_reg;
    wire          clamped  = tres[OW-1];
    wire [CW-1:0] lim      = clamped ? CMAX : tres[CW-1:0];
    wire [LW-1:0] lim_s    = clamped ? {3'b000, ~ls_cw} : t_res_s;
    wire [XW-1:0] rsm      = {2'b00, k_r_reg} + k_ro_reg;
    reg  [CW-1:0] m_lim_reg;
    reg  [XW-1:0] m_rsm_reg;
    reg  [LW-1:0] m_lim_s_reg, m_res_s_reg, m_hd_s_reg;
    reg           m_lossless_reg;

    // ================================================================== t = 3: the RAM word
    // The word the op uses (raddr o_pg from the edge into t = 0 on):
    //  - EARLY_READ = 0 (iCE40): the RAM's read on the op's t = 1 edge, out of the RAM during
    //    t = 3 (its second edge is a fabric register there, placed beside t = 3's adders);
    //  - EARLY_READ = 1 (ECP5, FG_ECP5_FORMS): the read on the t = 0 edge, out of the RAM after
    //    the t = 1 edge and kept in d_word_reg on the t = 2 edge, so that t = 3's adders start
    //    at a flop and not at the DP16KD's DOA (its clock-to-out and route across the chip were
    //    a third of the 6.4 ns). The previous op writes its PG back on that same t = 0 edge,
    //    which leaves the read undefined when both name one PG: then the written word is taken
    //    instead (fw_hit_reg, set on the t = 0 edge from registers).
`ifdef FG_ECP5_FORMS
    localparam integer EARLY_READ = 1;
`else
    localparam integer EARLY_READ = 0;
`endif
    wire [2*CW-1:0] ram_rdata;
    reg             fw_hit_reg;
    reg  [2*CW-1:0] d_word_reg;
    wire [2*CW-1:0] op_word = (EARLY_READ == 1) ? d_word_reg : ram_rdata;
    wire [CW-1:0]   r_ing = op_word[2*CW-1:CW];
    wire [CW-1:0]   r_hd  = op_word[CW-1:0];
    reg  [NPG*CW-1:0] egress_reg;
    // the op's EQ decoded at t = 0 (q_oh_reg), read through it at t = 1 (a decode behind O's
    // registers in front of the N*P-way read was a path of its own)
    reg  [NPG-1:0]  q_oh_reg;
    reg  [CW-1:0]   eq_sel;
    always @* begin
        eq_sel = {CW{1'b0}};
        for (k = 0; k < NPG; k = k + 1)
            if (q_oh_reg[k]) eq_sel = eq_sel | egress_reg[k*CW +: CW];
    end
    reg  [CW-1:0] m_eq_reg;        // the EQ counter as read at t = 1
    reg  [SW-1:0] m_s_reg;         // the op's size again (t = 2's copy: o_s_reg's fanout was
                                   // a path of its own)
    wire [CW-1:0] ms_cw = {{(CW-SW){1'b0}}, m_s_reg};
    reg  [CW-1:0] c_ing_reg, c_hd_reg, c_ing_s_reg, c_hd_s_reg, c_hd_r_reg;
    reg  [CW-1:0] c_room_reg, c_rem_reg, c_sh_reg, c_eq_add_reg, c_eq_sub_reg;
    reg           c_f_res_reg, c_f_shr_reg, c_f_hd_reg, c_r_le_hd_reg, c_eq_under_reg;
    // t = 3's subtractions whose borrows are compares too, each written once with the borrow
    // as its top sum bit: a compare yosys merges into the subtraction of its operands reads the
    // chain's carry below the top, which nextpnr brings out through a CCU2C of its own, splitting
    // the chain (1.7 ns in the middle of f_sub0(s, hd) on ECP5-85F)
    wire [CW:0]   hd_less_s = {1'b0, r_hd} - {1'b0, ms_cw};       // hd - s; s <= hd
    wire [CW:0]   eq_less_s = {1'b0, m_eq_reg} - {1'b0, ms_cw};   // eq - s; s > eq

    // ================================================================== t = 4: decide
    // a release beyond the headroom: r <= ing + hd <=> rem = r - hd <= ing, leaving ing - rem
    // (one subtraction gives both); the part of an admission above the reserve, sat0(s - room)
    wire [CW:0]   ing_less_rem = {1'b0, c_ing_reg} - {1'b0, c_rem_reg};
    wire          r_le_occ     = !ing_less_rem[CW];
    wire [CW-1:0] split_val    = f_sub0(ms_cw, c_room_reg);
    wire [1:0] where = c_f_res_reg ? 2'd0 : c_f_shr_reg ? 2'd1 : c_f_hd_reg ? 2'd2 : 2'd3;
    // the new ingress: a release beyond the headroom takes sat0(ing - rem), one AND behind the
    // subtraction; every other case is selected from registers beside it
    wire          rel_beyond = rel_live && !c_r_le_hd_reg;
    reg  [CW-1:0] new_ing_pre, new_hd;
    always @* begin
        new_ing_pre = c_ing_reg;
        new_hd      = c_hd_reg;
        if (adm_live) begin
            if (!where[1]) new_ing_pre = c_ing_s_reg;
            else if (where == 2'd2) new_hd = c_hd_s_reg;
        end else if (rel_live) begin
            new_hd = c_r_le_hd_reg ? c_hd_r_reg : {CW{1'b0}};
        end
    end
    wire [CW-1:0] new_ing = rel_beyond ? (ing_less_rem[CW-1:0] & {CW{r_le_occ}}) : new_ing_pre;
    wire          accepted = adm_live && (where != 2'd3);
    wire [CW-1:0] eq_new = accepted ? c_eq_add_reg : c_eq_sub_reg;
    wire          pg_write = adm_live || rel_live;

    // the RAM: written by the clear sweep, or with the op's new values on the next slot's
    // t = 0 edge (from registers: the decision's selects in front of the RAM's data inputs were
    // a path of their own); read address from O: the word the op uses is read on its t = 1
    // edge, after that write (EARLY_READ = 0), or on its t = 0 edge with the write of that edge
    // forwarded (EARLY_READ = 1: fw_hit_reg, d_word_reg above)
    wire          ram_we    = init_reg || (w_we_reg && (t_reg == T_READ));
    wire [PGW-1:0] ram_waddr = init_reg ? clr_reg : p_pg_reg;
    wire [2*CW-1:0] ram_wdata = init_reg ? {(2*CW){1'b0}} : {w_ing_reg, w_hd_reg};
    fg_cfg_copy #(.W(CW), .AW(PGW), .N(NPG), .NEWEST(1), .LATENCY(LIM_LAT_USED)) u_xoff_copy (
        .clk       (clk),
        .rst       (rst),
        .wr        (cfg_xoff_wr),
        .wr_idx    (cfg_lim_wr_pg),
        .wr_data   (cfg_lim_wr_data),
        .rst_value (cfg_xoff_rst),
        .raddr     (lim_raddr),
        .rdata     (lx_rdata)
    );
    fg_cfg_copy #(.W(CW), .AW(PGW), .N(NPG), .NEWEST(1), .LATENCY(LIM_LAT_USED)) u_xon_copy (
        .clk       (clk),
        .rst       (rst),
        .wr        (cfg_xon_wr),
        .wr_idx    (cfg_lim_wr_pg),
        .wr_data   (cfg_lim_wr_data),
        .rst_value (cfg_xon_rst),
        .raddr     (lim_raddr),
        .rdata     (ln_rdata)
    );
    fg_ram_1r1w #(.W(2 * CW), .AW(PGW)) u_pg_ram (
        .clk   (clk),
        .we    (ram_we),
        .waddr (ram_waddr),
        .wdata (ram_wdata),
        .raddr (o_pg),
        .rdata (ram_rdata)
    );

    // the op's PG and new values for its pause decision (registered at the edge out of t = 4),
    // the compares on them (out of the next slot's t = 0)
    reg           p_v_reg, p_lossless_reg;
    reg  [PGW-1:0] p_pg_reg;
    reg  [CW-1:0] w_ing_reg, w_hd_reg;
    reg           w_we_reg;      // the op writes its PG (an admission or a release)
    reg           p_hd0_reg, p_above_reg, p_ge_reg, p_le_reg;
    wire [XW-1:0] rsm_minus_ing = m_rsm_reg - {2'b00, w_ing_reg};

    // verdict and event registers
    reg              adm_valid_reg, stat_drop_reg, stat_violation_reg, rel_valid_reg;
    reg  [PW-1:0]    adm_port_reg, adm_dst_reg, rel_port_reg, rel_src_reg;
    reg  [2:0]       rel_prio_reg;
    reg  [SW-1:0]    rel_cells_reg;
    reg  [1:0]       adm_where_reg;
    reg  [2:0]       adm_prio_reg;
    reg  [SW-1:0]    adm_cells_reg;
    reg  [TAG_W-1:0] adm_tag_reg;
    reg              stat_bad_deq_reg, stat_pg_underflow_reg, stat_eq_underflow_reg;
    reg              stat_shared_underflow_reg;
    reg  [CW-1:0]    eqc_reg, adm_eq_cnt_reg;
    reg              mon_valid_reg;
    reg  [PGW-1:0]   mon_pg_reg;
    reg  [CW-1:0]    mon_ing_reg, mon_hd_reg;
    reg  [CW:0]      mon_occ_reg;
    // shared_used's parts (t = 4): an admission's split, a release's rs = min(rem, sh); both
    // updates formed on the next t = 0 edge, the op's kind selecting one on the t = 1 edge
    reg  [CW-1:0]    d_split_reg, d_rs_reg;
    reg              d_rel_reg;
    reg  [CW-1:0]    su_sub_reg, su_add_reg;
    // the EQ counter's write, on the next slot's t = 0 edge (its select, four LUT levels from
    // the decision's flags into 8 x CW enables, was the block's worst path at t = 3)
    reg              e_we_reg;
    reg  [PGW-1:0]   e_idx_reg;
    reg  [CW-1:0]    e_val_reg;
    reg  [CW-1:0]    shared_used_reg;
    reg  [NPG-1:0]   paused_reg;
    reg  [N_PORTS*CW-1:0] thr_reg;

    // ================================================================== next slot, t = 0 and 1
    // shared_used = sat(sat0(shared_used - rs) + split): an op has a split or an rs, never
    // both, so the two are side by side, not in series; the pause decision of the op's PG
    wire [CW-1:0] su_less_rs = f_sub0(shared_used_reg, d_rs_reg);
    wire [CW-1:0] su_plus_split = f_add_sat(shared_used_reg, d_split_reg);
    wire          su_under   = d_rs_reg > shared_used_reg;
    // the PG's pause bit as it stands, read at t = 0 with the compares (only the decision on the
    // t = 1 edge writes pause bits, so it is the value then too), and the PG's one-hot for that
    // write (the read and the decode in front of the write were a path of their own)
    reg  [NPG-1:0] p_oh_reg;
    reg            p_was_reg;
    reg            paused_cur;
    always @* begin
        paused_cur = 1'b0;
        for (k = 0; k < NPG; k = k + 1)
            if (p_pg_reg == k[PGW-1:0]) paused_cur = paused_cur | paused_reg[k];
    end
    wire p_pause  = !p_hd0_reg || (p_above_reg && p_ge_reg);
    wire p_resume = p_hd0_reg && (!p_above_reg || p_le_reg);
    wire p_new    = p_lossless_reg && (p_was_reg ? !p_resume : p_pause);

    // ================================================================== thresholds (every edge)
    // carve-out = sum over PGs of (lossless[p] ? headroom[i] : 0) + reserve, one PG per edge
    // (as fg_bm_pipe's ring); pool = sat0(B - carve-out); pool_free = sat0(pool - shared_used)
    reg  [PW-1:0] hs_k_reg;
    reg  [2:0]    hs_p_reg;
    reg  [CW-1:0] hs_term_reg;
    reg           hs_tfirst_reg, hs_tlast_reg;
    reg  [HW-1:0] hs_acc_reg, rs_acc_reg, carve_a_reg, carve_b_reg, carved_reg;
    reg  [CW-1:0] pool_reg;
    reg           hs_lossless;
    reg  [CW-1:0] hs_headroom;
    always @* begin
        hs_lossless = 1'b0;
        hs_headroom = {CW{1'b0}};
        for (k = 0; k < N_PRIO; k = k + 1)
            if (hs_p_reg == k[2:0]) hs_lossless = hs_lossless | cfg_lossless[k];
        for (k = 0; k < N_PORTS; k = k + 1)
            if (hs_k_reg == k[PW-1:0]) hs_headroom = hs_headroom | cfg_headroom[k*CW +: CW];
    end
    wire [HW-1:0] hs_term_hw = {{(HW-CW){1'b0}}, hs_term_reg};
    wire [HW-1:0] reserve_hw = {{(HW-CW){1'b0}}, cfg_reserve};
    wire [HW-1:0] acc_h = hs_tfirst_reg ? hs_term_hw : hs_acc_reg + hs_term_hw;
    wire [HW-1:0] acc_r = hs_tfirst_reg ? reserve_hw : rs_acc_reg + reserve_hw;
    wire [HW-1:0] b_hw  = {{(HW-CW){1'b0}}, cfg_total_cells};
    wire [HW:0]   pool_diff = {1'b0, b_hw} - {1'b0, carved_reg};

    // ================================================================== registers
    always @(posedge clk) begin
        if (rst) begin
            t_reg          <= T_READ;
            t_dec_reg      <= 1'b0;
            dk_adm_reg     <= 1'b0;
            dk_rel_reg     <= 1'b0;
            dk_scan_reg    <= 1'b0;
            init_reg       <= 1'b1;
            clr_reg        <= {PGW{1'b0}};
            sel_kind_reg   <= K_NONE;
            sel_e_reg      <= {N_PORTS{1'b0}};
            sel_d_reg      <= {N_PORTS{1'b0}};
            eh_v_reg       <= {N_PORTS{1'b0}};
            dh_v_reg       <= {N_PORTS{1'b0}};
            eh_p_reg       <= {(N_PORTS*3){1'b0}};
            dh_p_reg       <= {(N_PORTS*3){1'b0}};
            eh_o_reg       <= {(N_PORTS*PW){1'b0}};
            dh_i_reg       <= {(N_PORTS*PW){1'b0}};
            eh_s_reg       <= {(N_PORTS*SW){1'b0}};
            dh_s_reg       <= {(N_PORTS*SW){1'b0}};
            eh_t_reg       <= {(N_PORTS*TAG_W){1'b0}};
            eh_g_reg       <= {(N_PORTS*PGW){1'b0}};
            dh_g_reg       <= {(N_PORTS*PGW){1'b0}};
            nx_e_reg       <= {PGW{1'b0}};
            nx_d_reg       <= {PGW{1'b0}};
            nx_s_reg       <= {PGW{1'b0}};
            ea_ptr_reg     <= {PW{1'b0}};
            da_ptr_reg     <= {PW{1'b0}};
            turn_rel_reg   <= 1'b0;
            since_scan_reg <= 2'd0;
            sc_i_reg       <= {PW{1'b0}};
            sc_p_reg       <= 3'd0;
            o_kind_reg     <= K_NONE;
            o_adm_live_reg <= 1'b0;
            o_rel_live_reg <= 1'b0;
            o_ok_reg       <= 1'b0;
            o_port_reg     <= {PW{1'b0}};
            o_prio_reg     <= 3'd0;
            o_other_reg    <= {PW{1'b0}};
            o_pi_reg       <= {PW{1'b0}};
            o_s_reg        <= {SW{1'b0}};
            o_tag_reg      <= {TAG_W{1'b0}};
            q_oh_reg       <= {NPG{1'b0}};
            p_oh_reg       <= {NPG{1'b0}};
            p_was_reg      <= 1'b0;
            t_oh_reg       <= {N_PORTS{1'b0}};
            k_hd_s_reg     <= LNEG;
            l_static_reg   <= 1'b0;
            l_res_off_reg  <= {XW{1'b0}};
            k_t_reg        <= {CW{1'b0}};
            k_r_reg        <= {CW{1'b0}};
            k_ro_reg       <= {XW{1'b0}};
            e_we_reg       <= 1'b0;
            e_idx_reg      <= {PGW{1'b0}};
            e_val_reg      <= {CW{1'b0}};
            l_res_s_reg    <= LNEG;
            l_hr_reg       <= {CW{1'b0}};
            l_s_reg        <= {SW{1'b0}};
            m_s_reg        <= {SW{1'b0}};
            d_rel_reg      <= 1'b0;
            d_rs_reg       <= {CW{1'b0}};
            su_sub_reg     <= {CW{1'b0}};
            su_add_reg     <= {CW{1'b0}};
            c_room_reg     <= {CW{1'b0}};
            w_we_reg       <= 1'b0;
            l_lossless_reg <= 1'b0;
            w_ing_reg      <= {CW{1'b0}};
            w_hd_reg       <= {CW{1'b0}};
            m_lim_reg      <= {CW{1'b0}};
            fw_hit_reg     <= 1'b0;
            d_word_reg     <= {(2*CW){1'b0}};
            m_rsm_reg      <= {XW{1'b0}};
            m_lim_s_reg    <= LNEG;
            m_res_s_reg    <= LNEG;
            m_hd_s_reg     <= LNEG;
            m_lossless_reg <= 1'b0;
            c_ing_reg      <= {CW{1'b0}};
            c_hd_reg       <= {CW{1'b0}};
            c_ing_s_reg    <= {CW{1'b0}};
            c_hd_s_reg     <= {CW{1'b0}};
            c_hd_r_reg     <= {CW{1'b0}};
            m_eq_reg       <= {CW{1'b0}};
            c_eq_add_reg   <= {CW{1'b0}};
            c_eq_sub_reg   <= {CW{1'b0}};
            c_eq_under_reg <= 1'b0;
            c_rem_reg      <= {CW{1'b0}};
            c_sh_reg       <= {CW{1'b0}};
            c_f_res_reg    <= 1'b0;
            c_f_shr_reg    <= 1'b0;
            c_f_hd_reg     <= 1'b0;
            c_r_le_hd_reg  <= 1'b0;
            p_v_reg        <= 1'b0;
            p_lossless_reg <= 1'b0;
            p_hd0_reg      <= 1'b0;
            p_above_reg    <= 1'b0;
            p_ge_reg       <= 1'b0;
            p_le_reg       <= 1'b0;
            p_pg_reg       <= {PGW{1'b0}};
            adm_valid_reg  <= 1'b0;
            adm_port_reg   <= {PW{1'b0}};
            adm_where_reg  <= 2'd0;
            adm_prio_reg   <= 3'd0;
            adm_dst_reg    <= {PW{1'b0}};
            adm_cells_reg  <= {SW{1'b0}};
            adm_tag_reg    <= {TAG_W{1'b0}};
            stat_drop_reg  <= 1'b0;
            stat_violation_reg <= 1'b0;
            rel_valid_reg  <= 1'b0;
            rel_port_reg   <= {PW{1'b0}};
            rel_prio_reg   <= 3'd0;
            rel_src_reg    <= {PW{1'b0}};
            rel_cells_reg  <= {SW{1'b0}};
            stat_bad_deq_reg <= 1'b0;
            stat_pg_underflow_reg <= 1'b0;
            stat_eq_underflow_reg <= 1'b0;
            stat_shared_underflow_reg <= 1'b0;
            eqc_reg        <= {CW{1'b0}};
            adm_eq_cnt_reg <= {CW{1'b0}};
            mon_valid_reg  <= 1'b0;
            mon_pg_reg     <= {PGW{1'b0}};
            mon_ing_reg    <= {CW{1'b0}};
            mon_hd_reg     <= {CW{1'b0}};
            mon_occ_reg    <= {(CW+1){1'b0}};
            d_split_reg    <= {CW{1'b0}};
            shared_used_reg <= {CW{1'b0}};
            paused_reg     <= {NPG{1'b0}};
            thr_reg        <= {(N_PORTS*CW){1'b0}};
            tr_k_reg       <= {PW{1'b0}};
            tr_a_k_reg     <= {PW{1'b0}};
            tr_b_k_reg     <= {PW{1'b0}};
            tr_alpha_reg   <= 4'd0;
            tr_alo_reg     <= 2'd0;
            tr_pf_reg      <= {CW{1'b0}};
            tr_pf1_reg     <= {CW{1'b0}};
            egress_reg     <= {(NPG*CW){1'b0}};
            hs_k_reg       <= {PW{1'b0}};
            hs_p_reg       <= 3'd0;
            hs_term_reg    <= {CW{1'b0}};
            hs_tfirst_reg  <= 1'b0;
            hs_tlast_reg   <= 1'b0;
            hs_acc_reg     <= {HW{1'b0}};
            rs_acc_reg     <= {HW{1'b0}};
            carve_a_reg    <= {HW{1'b0}};
            carve_b_reg    <= {HW{1'b0}};
            carved_reg     <= {HW{1'b0}};
            pool_reg       <= {CW{1'b0}};
            pool_free_reg  <= {CW{1'b0}};
        end else begin
            t_reg <= (t_reg == T_DECIDE) ? T_READ : t_reg + 3'd1;
            t_dec_reg   <= (t_reg == T_CMP);
            dk_adm_reg  <= (t_reg == T_CMP) && (o_kind_reg == K_ADM);
            dk_rel_reg  <= (t_reg == T_CMP) && (o_kind_reg == K_REL);
            dk_scan_reg <= (t_reg == T_CMP) && (o_kind_reg == K_SCAN);
            if (init_reg) begin
                clr_reg <= clr_reg + 1'b1;
                if (clr_reg == PG_LAST) init_reg <= 1'b0;
            end

            // ---- t = 3: select the next op and the port it takes
            if (t_reg == T_CMP) begin
                sel_kind_reg <= sel_kind;
                nx_e_reg     <= nx_e_pick;
                nx_d_reg     <= nx_d_pick;
                nx_s_reg     <= f_pgk(sc_i_reg, sc_p_reg);
                sel_e_reg <= (sel_kind == K_ADM) ? e_pick : {N_PORTS{1'b0}};
                sel_d_reg <= (sel_kind == K_REL) ? d_pick : {N_PORTS{1'b0}};
                if (sel_kind == K_ADM) begin
                    ea_ptr_reg <= f_next_port(f_enc(e_pick));
                    turn_rel_reg <= 1'b1;
                end
                if (sel_kind == K_REL) begin
                    da_ptr_reg <= f_next_port(f_enc(d_pick));
                    turn_rel_reg <= 1'b0;
                end
                if (sel_kind == K_SCAN) since_scan_reg <= 2'd0;
                else if (sel_kind != K_NONE) since_scan_reg <= since_scan_reg + 2'd1;
            end

            // ---- the holding registers take offers when empty
            for (k = 0; k < N_PORTS; k = k + 1) begin
                if (enq_valid[k] && !eh_v_reg[k]) begin
                    eh_v_reg[k]              <= 1'b1;
                    eh_p_reg[k*3 +: 3]       <= enq_prio[k*3 +: 3];
                    eh_o_reg[k*PW +: PW]     <= enq_dst[k*PW +: PW];
                    eh_s_reg[k*SW +: SW]     <= enq_cells[k*SW +: SW];
                    eh_t_reg[k*TAG_W +: TAG_W] <= enq_tag[k*TAG_W +: TAG_W];
                    eh_g_reg[k*PGW +: PGW]   <= f_pgk(k[PW-1:0], enq_prio[k*3 +: 3]);
                end
                if (deq_valid[k] && !dh_v_reg[k]) begin
                    dh_v_reg[k]              <= 1'b1;
                    dh_p_reg[k*3 +: 3]       <= deq_prio[k*3 +: 3];
                    dh_i_reg[k*PW +: PW]     <= deq_src[k*PW +: PW];
                    dh_s_reg[k*SW +: SW]     <= deq_cells[k*SW +: SW];
                    dh_g_reg[k*PGW +: PGW]   <= f_pgk(deq_src[k*PW +: PW], deq_prio[k*3 +: 3]);
                end
            end

            // ---- t = 4 -> 0: the op is taken from the picked port's holding register
            if (t_dec_reg) begin
                sel_e_reg <= {N_PORTS{1'b0}};
                sel_d_reg <= {N_PORTS{1'b0}};
                // (bit by bit: a whole-vector write here would undo another port's capture on
                // this edge; the picked port's register is full, so it captures nothing)
                for (k = 0; k < N_PORTS; k = k + 1) begin
                    if (sel_e_reg[k]) eh_v_reg[k] <= 1'b0;
                    if (sel_d_reg[k]) dh_v_reg[k] <= 1'b0;
                end
                o_kind_reg  <= o_kind_next;
                o_adm_live_reg <= (o_kind_next == K_ADM) && o_ok_next;
                o_rel_live_reg <= (o_kind_next == K_REL) && o_ok_next;
                o_ok_reg    <= o_ok_next;
                o_port_reg  <= o_port_next;
                o_prio_reg  <= o_prio_next;
                o_other_reg <= o_other_next;
                o_pi_reg    <= o_pi_next;
                o_s_reg     <= o_s_next;
                o_tag_reg   <= o_tag_next;
                if (sel_kind_reg == K_SCAN) begin
                    if (sc_p_reg == P_LAST) begin
                        sc_p_reg <= 3'd0;
                        sc_i_reg <= f_next_port(sc_i_reg);
                    end else begin
                        sc_p_reg <= sc_p_reg + 3'd1;
                    end
                end
            end

            // ---- t = 0: the op's PG and port decoded (with the mode); does the write-back of
            // this edge name the PG the RAM reads?
            if (t_reg == T_READ) begin
                fw_hit_reg <= w_we_reg && (p_pg_reg == o_pg);
                for (k = 0; k < NPG; k = k + 1)
                    q_oh_reg[k] <= o_eq == k[PGW-1:0];
                for (k = 0; k < N_PORTS; k = k + 1) begin
                    t_oh_reg[k] <= !cfg_static_mode && (o_pi_reg == k[PW-1:0]);
                end
                l_static_reg   <= cfg_static_mode;
                l_res_off_reg  <= {2'b00, cfg_reserve} - {2'b00, cfg_resume_offset};
                l_s_reg        <= o_s_reg;
                l_hr_reg       <= hdr_sel;
                l_lossless_reg <= lossless_sel;
            end

            // ---- t = 1: the limit's bases by the mode, the headroom; the EQ counter read
            if (t_reg == T_MODE) begin
                k_t_reg  <= t_sel;
                k_r_reg  <= r_sel;
                k_ro_reg <= l_static_reg ? {2'b00, cfg_reserve} : l_res_off_reg;
                m_eq_reg <= eq_sel;
                k_hd_s_reg  <= {3'b000, l_hr_reg} - ls_lw;
                l_res_s_reg <= {3'b000, cfg_reserve} - ls_lw;
            end

            // ---- t = 2: limits; the op's word (the RAM's t = 0 read, or the word written then)
            if (t_reg == T_LIMIT) begin
                d_word_reg     <= fw_hit_reg ? {w_ing_reg, w_hd_reg} : ram_rdata;
                m_lim_reg      <= lim;
                m_rsm_reg      <= rsm;
                m_lim_s_reg    <= lim_s;
                m_res_s_reg    <= l_res_s_reg;
                m_hd_s_reg     <= l_lossless_reg ? k_hd_s_reg : LNEG;
                m_s_reg        <= l_s_reg;
                m_lossless_reg <= l_lossless_reg;
            end

            // ---- t = 3: the RAM word, compares, candidates, the EQ counter's
            if (t_reg == T_CMP) begin
                c_ing_reg      <= r_ing;
                c_hd_reg       <= r_hd;
                c_ing_s_reg    <= r_ing + ms_cw;
                c_hd_s_reg     <= r_hd + ms_cw;
                c_hd_r_reg     <= hd_less_s[CW-1:0];
                c_f_res_reg    <= f_fits({3'b000, r_ing}, m_res_s_reg);
                c_f_shr_reg    <= f_fits({3'b000, r_ing}, m_lim_s_reg);
                c_f_hd_reg     <= f_fits({3'b000, r_hd}, m_hd_s_reg);
                c_r_le_hd_reg  <= !hd_less_s[CW];
                c_room_reg     <= f_sub0(cfg_reserve, r_ing);
                c_rem_reg      <= f_sub0(ms_cw, r_hd);
                c_sh_reg       <= f_sub0(r_ing, cfg_reserve);
                c_eq_add_reg   <= f_add_sat(m_eq_reg, ms_cw);
                c_eq_sub_reg   <= eq_less_s[CW-1:0] & {CW{!eq_less_s[CW]}};
                c_eq_under_reg <= eq_less_s[CW];
            end

            // ---- t = 4: the verdict, the EQ counter's and shared_used's parts, the new values
            // (pulses: 0 on every other edge)
            adm_valid_reg      <= dk_adm_reg;
            adm_port_reg       <= dk_adm_reg ? o_port_reg : {PW{1'b0}};
            adm_where_reg      <= dk_adm_reg ? (o_ok_reg ? where : 2'd3) : 2'd0;
            adm_prio_reg       <= dk_adm_reg ? o_prio_reg : 3'd0;
            adm_dst_reg        <= dk_adm_reg ? o_other_reg : {PW{1'b0}};
            adm_cells_reg      <= dk_adm_reg ? o_s_reg : {SW{1'b0}};
            adm_tag_reg        <= dk_adm_reg ? o_tag_reg : {TAG_W{1'b0}};
            stat_drop_reg      <= dk_adm_reg
                                  && (!o_ok_reg || (where == 2'd3 && !m_lossless_reg));
            stat_violation_reg <= t_dec_reg && adm_live && (where == 2'd3) && m_lossless_reg;
            rel_valid_reg      <= t_dec_reg && rel_live;
            rel_port_reg       <= dk_rel_reg ? o_port_reg : {PW{1'b0}};
            rel_prio_reg       <= (t_dec_reg && rel_live) ? o_prio_reg : 3'd0;
            rel_src_reg        <= (t_dec_reg && rel_live) ? o_other_reg : {PW{1'b0}};
            rel_cells_reg      <= (t_dec_reg && rel_live) ? o_s_reg : {SW{1'b0}};
            stat_bad_deq_reg   <= dk_rel_reg && !o_ok_reg;
            stat_pg_underflow_reg <= t_dec_reg && rel_live && !c_r_le_hd_reg && !r_le_occ;
            stat_eq_underflow_reg <= t_dec_reg && rel_live && c_eq_under_reg;
            mon_valid_reg      <= dk_scan_reg;
            mon_pg_reg         <= dk_scan_reg ? o_pg : {PGW{1'b0}};
            mon_ing_reg        <= dk_scan_reg ? c_ing_reg : {CW{1'b0}};
            mon_hd_reg         <= dk_scan_reg ? c_hd_reg : {CW{1'b0}};
            mon_occ_reg        <= dk_scan_reg
                                  ? ({1'b0, c_ing_reg} + {1'b0, c_hd_reg}) : {(CW+1){1'b0}};
            if (t_dec_reg) begin
                e_we_reg    <= accepted || rel_live;
                e_idx_reg   <= o_eq;
                e_val_reg   <= eq_new;
                eqc_reg     <= adm_live ? m_eq_reg : {CW{1'b0}};
                d_split_reg <= (adm_live && where == 2'd1) ? split_val : {CW{1'b0}};
                d_rel_reg   <= rel_live;
                d_rs_reg    <= rel_live ? ((c_rem_reg < c_sh_reg) ? c_rem_reg : c_sh_reg) : {CW{1'b0}};
                p_v_reg        <= (o_kind_reg != K_NONE) && o_ok_reg;
                p_lossless_reg <= lossless_sel;
                p_pg_reg       <= o_pg;
                w_ing_reg      <= new_ing;
                w_hd_reg       <= new_hd;
                w_we_reg       <= pg_write;
            end
            adm_eq_cnt_reg <= (t_reg == T_MODE) ? eqc_reg : {CW{1'b0}};

            // ---- next slot, t = 0: shared_used; the pause compares of the last op's PG
            stat_shared_underflow_reg <= (t_reg == T_READ) && su_under;
            if (t_reg == T_READ) begin
                su_sub_reg      <= su_less_rs;
                su_add_reg      <= su_plus_split;
                if (e_we_reg)
                    for (k = 0; k < NPG; k = k + 1)
                        if (e_idx_reg == k[PGW-1:0]) egress_reg[k*CW +: CW] <= e_val_reg;
                p_hd0_reg       <= w_hd_reg == {CW{1'b0}};
                p_above_reg     <= w_ing_reg > cfg_reserve;
                p_ge_reg        <= w_ing_reg >= m_lim_reg;
                p_le_reg        <= !rsm_minus_ing[XW-1];
                p_was_reg       <= paused_cur;
                for (k = 0; k < NPG; k = k + 1)
                    p_oh_reg[k] <= p_pg_reg == k[PGW-1:0];
            end
            // ---- next slot, t = 1: shared_used; its pause bit
            if (t_reg == T_MODE)
                shared_used_reg <= d_rel_reg ? su_sub_reg : su_add_reg;
            if (t_reg == T_MODE && p_v_reg)
                for (k = 0; k < NPG; k = k + 1)
                    if (p_oh_reg[k]) paused_reg[k] <= p_new;

            // ---- thresholds
            tr_k_reg     <= f_next_port(tr_k_reg);
            tr_a_k_reg   <= tr_k_reg;
            tr_alpha_reg <= tr_alpha_sel;
            tr_pf_reg    <= pool_free_reg;
            tr_b_k_reg   <= tr_a_k_reg;
            tr_alo_reg   <= tr_alpha_reg[1:0];
            tr_pf1_reg   <= tr_pf_reg >> {tr_alpha_reg[3:2], 2'b00};
            for (k = 0; k < N_PORTS; k = k + 1)
                if (tr_b_k_reg == k[PW-1:0]) thr_reg[k*CW +: CW] <= tr_pf1_reg >> tr_alo_reg;
            hs_term_reg   <= hs_lossless ? hs_headroom : {CW{1'b0}};
            hs_tfirst_reg <= (hs_k_reg == {PW{1'b0}}) && (hs_p_reg == 3'd0);
            hs_tlast_reg  <= (hs_k_reg == I_LAST) && (hs_p_reg == P_LAST);
            hs_acc_reg    <= acc_h;
            rs_acc_reg    <= acc_r;
            if (hs_tlast_reg) begin
                carve_a_reg <= acc_h;
                carve_b_reg <= acc_r;
            end
            if (hs_p_reg == P_LAST) begin
                hs_p_reg <= 3'd0;
                hs_k_reg <= f_next_port(hs_k_reg);
            end else begin
                hs_p_reg <= hs_p_reg + 3'd1;
            end
            carved_reg    <= carve_a_reg + carve_b_reg;
            pool_reg      <= pool_diff[CW-1:0] & {CW{!pool_diff[HW]}};   // <= B < 2^CW
            pool_free_reg <= f_sub0(pool_reg, shared_used_reg);
        end
    end

    // ================================================================== outputs
    assign enq_ready   = ~eh_v_reg;
    assign deq_ready   = ~dh_v_reg;
    assign adm_valid   = adm_valid_reg;
    assign adm_port    = adm_port_reg;
    assign adm_where   = adm_where_reg;
    assign adm_prio    = adm_prio_reg;
    assign adm_dst     = adm_dst_reg;
    assign adm_cells   = adm_cells_reg;
    assign adm_tag     = adm_tag_reg;
    assign stat_drop   = stat_drop_reg;
    assign stat_violation = stat_violation_reg;
    assign rel_valid   = rel_valid_reg;
    assign rel_port    = rel_port_reg;
    assign rel_prio    = rel_prio_reg;
    assign rel_src     = rel_src_reg;
    assign rel_cells   = rel_cells_reg;
    assign stat_bad_deq = stat_bad_deq_reg;
    assign stat_pg_underflow = stat_pg_underflow_reg;
    assign stat_eq_underflow = stat_eq_underflow_reg;
    assign adm_eq_cnt  = adm_eq_cnt_reg;
    assign stat_shared_underflow = stat_shared_underflow_reg;
    assign mon_valid   = mon_valid_reg;
    assign mon_pg      = mon_pg_reg;
    assign mon_ing     = mon_ing_reg;
    assign mon_hd      = mon_hd_reg;
    assign mon_occ     = mon_occ_reg;
    assign paused      = paused_reg;
    assign shared_used = shared_used_reg;
    assign thr         = thr_reg;
    assign shared_free = pool_free_reg;
    assign egress_cnt  = egress_reg;

endmodule

`default_nettype wire
