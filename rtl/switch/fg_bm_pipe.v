// fg_bm_pipe - line-rate shared-buffer manager (SPEC.md section 1; docs/blocks/bm_pipe.md,
// docs/ARCHITECTURE.md section 5.1a).
//
// The same accounting as fg_bm (reserve / shared / headroom per ingress PG, egress queues,
// shared_used, dynamic or static thresholds, pause per lossless PG), served time-division
// multiplexed: each ingress and egress port has a one-entry holding register (valid/ready),
// and round-robin arbiters issue one admission and one release per cycle into a pipeline:
//
//   H capture -> A1 grant -> A2 slot (fields, PG index, interlock) -> R, F the two PGs'
//   counters read from block RAM -> B prepare (limits; the RAM word or a write-back the read
//   missed) -> C1 compares and candidates -> C2 decide once (verdict) -> W write back into
//   the banks | D the two EQs' counters read, each lane's result from three bases (the slot
//   ahead's two, composed with it, and the read: sums and clamp flags), parts of split and
//   rs -> Q = D2 the egress lanes' clamps and writes, split, rs -> D3 split - rs -> E
//   shared_used
//   and the pause decided by lanes: the admission's PG after W, a scan over the PGs.
//
// Each counter sees at most one admission and one release per edge; the PG counters are in
// block RAM (two write banks, a live-value table) and the EQ counters only select their new
// value, so no logic depends on N beyond the decoders, the AND-OR reads and the round-robin
// pick: area is linear in ports x priorities, and no carry chain feeds another within a
// stage. The admission limits are clamped to 2^CW-1 so no ingress or headroom
// counter can overflow. The C twin is cmodel/switch/bm_pipe.c.
`default_nettype none

module fg_bm_pipe #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width
    parameter integer SW      = 8,   // packet-size width (cells), SW < CW
    parameter integer TAG_W   = 1,   // enq_tag width: carried with the admission to its verdict
    // derived, do not override: port-index width clog2(N_PORTS), at least 1, and PG-index
    // width clog2(N_PORTS*N_PRIO), at least 1
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1,
    parameter integer PGW     = (N_PORTS * N_PRIO > 1) ? $clog2(N_PORTS * N_PRIO) : 1
) (
    input  wire                             clk,
    input  wire                             rst,

    // runtime configuration (as fg_bm)
    input  wire [CW-1:0]                    cfg_total_cells,
    input  wire [CW-1:0]                    cfg_reserve,
    input  wire [N_PORTS*CW-1:0]            cfg_headroom,
    input  wire [N_PORTS*4-1:0]             cfg_alpha_shift,
    input  wire [CW-1:0]                    cfg_resume_offset,
    input  wire [N_PRIO-1:0]                cfg_lossless,
    input  wire                             cfg_static_mode,
    // the static limits as the register block writes them (not N*P words in flops): on an
    // edge where cfg_xoff_wr (cfg_xon_wr) is 1, XOFF (XON) of PG cfg_lim_wr_pg becomes
    // cfg_lim_wr_data, on the edge the register's flops would take it; a PG not written since
    // reset has cfg_xoff_rst (cfg_xon_rst), the register's reset value (R0's read below)
    input  wire                             cfg_xoff_wr,
    input  wire                             cfg_xon_wr,
    input  wire [PGW-1:0]                   cfg_lim_wr_pg,
    input  wire [CW-1:0]                    cfg_lim_wr_data,
    input  wire [CW-1:0]                    cfg_xoff_rst,
    input  wire [CW-1:0]                    cfg_xon_rst,

    // per ingress port: a packet offered, taken on an edge with enq_ready high
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

    // one admission verdict per cycle at most (in each port's order of offers)
    output wire                             adm_valid,
    output wire [PW-1:0]                    adm_port,
    output wire [1:0]                       adm_where,          // 0 res, 1 shared, 2 hdrm, 3 drop
    output wire [2:0]                       adm_prio,           // the admission's fields (0
    output wire [PW-1:0]                    adm_dst,            //  without adm_valid)
    output wire [SW-1:0]                    adm_cells,
    output wire [TAG_W-1:0]                 adm_tag,
    output wire                             stat_drop,
    output wire                             stat_violation,
    output wire                             rel_valid,
    output wire [PW-1:0]                    rel_port,
    // the release's priority, source and cells as offered (0 without rel_valid): with
    // rel_port the key of a composition counter (fg_comp_bank)
    output wire [2:0]                       rel_prio,
    output wire [PW-1:0]                    rel_src,
    output wire [SW-1:0]                    rel_cells,
    output wire                             stat_bad_deq,
    output wire                             stat_pg_underflow,
    output wire                             stat_eq_underflow,
    // the verdict's EQ count before its own admission (0 for none), two edges after adm_valid
    // (the marker's queue length)
    output wire [CW-1:0]                    adm_eq_cnt,
    output wire                             stat_shared_underflow,

    // the scan's read, one PG per edge in turn: PG mon_pg = (c - 5) mod N*P in cycle c after
    // reset, its counters as they stood just after the scan's read edge, three edges before
    // they show here (mon_valid low, and the values 0, in the first five cycles)
    output wire                             mon_valid,
    output wire [PGW-1:0]                   mon_pg,
    output wire [CW-1:0]                    mon_ing,
    output wire [CW-1:0]                    mon_hd,
    output wire [CW:0]                      mon_occ,            // mon_ing + mon_hd

    // state
    output wire [N_PORTS*N_PRIO-1:0]        paused,
    output wire [N_PORTS*N_PRIO*CW-1:0]     egress_cnt,
    output wire [CW-1:0]                    shared_used,
    output wire [N_PORTS*CW-1:0]            thr,
    output wire [CW-1:0]                    shared_free
);

    localparam integer NPG = N_PORTS * N_PRIO;
    localparam integer XW  = CW + 2;          // signed resume thresholds
    localparam integer LW  = CW + 3;          // signed admission limits L - s
    // the limit of a slot without an admission: every lim - v stays negative in LW bits
    localparam [LW-1:0] LNEG = {3'b110, {CW{1'b0}}};
    localparam integer OW  = CW + 1;          // a CW-bit value plus the reserve (thrres, xrsm)
    // headroom sum and carve-out: at most 2 * NPG * (2^CW - 1) (every PG's headroom and
    // reserve at their field maximum, whatever mix of old and new values a sweep meets), below 2^HW
    localparam integer HW  = CW + 1 + $clog2(NPG);
    localparam [CW-1:0] CMAX = {CW{1'b1}};
    localparam [3:0]    N_PRIO_W  = N_PRIO[3:0];
    localparam [PW:0]   N_PORTS_W = N_PORTS[PW:0];
    localparam integer  P_LAST_I  = N_PRIO - 1;
    localparam [2:0]    P_LAST    = P_LAST_I[2:0];
    localparam [N_PORTS-1:0] ONE_N    = 1;   // port 0, one-hot
    localparam [N_PORTS-1:0] HS_FIRST = ONE_N;
    localparam [N_PORTS*N_PRIO-1:0] ONE_PG = 1;   // PG 0, one-hot (the ring's first)


    // v <= lim for an unsigned CW/OW-bit v and a signed XW-bit lim: the sign of lim - v (it
    // fits XW bits; a negative lim gives a negative difference). Written as a subtraction so
    // that it maps onto one carry chain, with nothing after it but the sign.
    function f_le;
        input [XW-1:0] v;
        input [XW-1:0] lim;
        reg   [XW-1:0] diff;
        begin
            diff = lim - v;
            f_le = !diff[XW-1];
        end
    endfunction

    // v fits under an admission limit (v <= lim, LW-bit signed lim, LNEG for none): the sign
    // of lim - v, one carry chain and nothing after it
    function f_fits;
        input [LW-1:0] v;
        input [LW-1:0] lim;
        reg   [LW-1:0] diff;
        begin
            diff = lim - v;
            f_fits = !diff[LW-1];
        end
    endfunction

    // sat0(a - b) for CW-bit a and b: one subtraction, its borrow selects 0 (no compare chain
    // beside it and no mux behind two chains)
    function [CW-1:0] f_sub0;
        input [CW-1:0] a;
        input [CW-1:0] b;
        reg   [CW:0]   diff;
        begin
            diff = {1'b0, a} - {1'b0, b};
            f_sub0 = diff[CW] ? {CW{1'b0}} : diff[CW-1:0];
        end
    endfunction

    // a <= b for unsigned W-bit a and b, as the borrow of b - a (one carry chain)
    function f_leu;
        input [OW-1:0] a;
        input [OW-1:0] b;
        reg   [OW:0]   diff;
        begin
            diff = {1'b0, b} - {1'b0, a};
            f_leu = !diff[OW];
        end
    endfunction

    // min(v, 2^CW - 1) for a CW+1-bit v
    function [CW-1:0] f_clamp;
        input [OW-1:0] v;
        begin
            f_clamp = v[OW-1] ? CMAX : v[CW-1:0];
        end
    endfunction

    // the PG index port * N_PRIO + prio (PGW bits; meaningless when the op names no PG, which
    // its ok bit says)
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

    // PG one-hot over NPG bits from a PG index and its legal bit (not legal: 0)
    function [NPG-1:0] f_pg_oh;
        input [PGW-1:0] pgk;
        input           legal;
        integer j;
        begin
            f_pg_oh = {NPG{1'b0}};
            for (j = 0; j < NPG; j = j + 1)
                if (legal && (pgk == j[PGW-1:0])) f_pg_oh[j] = 1'b1;
        end
    endfunction

    // port one-hot over N_PORTS bits from a port index (< N_PORTS)
    function [N_PORTS-1:0] f_port_oh;
        input [PW-1:0] port;
        integer j;
        begin
            f_port_oh = {N_PORTS{1'b0}};
            for (j = 0; j < N_PORTS; j = j + 1)
                if (port == j[PW-1:0]) f_port_oh[j] = 1'b1;
        end
    endfunction

    // priority one-hot over N_PRIO bits; a priority >= N_PRIO gives 0
    function [N_PRIO-1:0] f_prio_oh;
        input [2:0] prio;
        integer j;
        begin
            f_prio_oh = {N_PRIO{1'b0}};
            for (j = 0; j < N_PRIO; j = j + 1)
                if (prio == j[2:0]) f_prio_oh[j] = 1'b1;
        end
    endfunction

    generate
        if (TAG_W < 1 || TAG_W > 32) begin : g_bad_tag_w
            fg_bm_pipe_parameter_TAG_W_must_be_1_to_32 u_param_error ();
        end
    endgenerate

    genvar gk;
    integer k;

    // ================================================================== configuration snapshot
    // Every cfg input is registered here once and the logic reads the registers, so no path
    // starts at a register block elsewhere on the chip (cfg_lossless from the core's register
    // block into the admission limits was the line-rate core's worst path, 2.75 ns of routing).
    // A new value acts one edge after it is presented; zero after reset. (The static limits
    // come as writes into block RAM instead, with the same effect: see R0's read.)
    reg  [CW-1:0]                cq_total_cells_reg, cq_reserve_reg, cq_resume_offset_reg;
    reg  [N_PORTS*CW-1:0]        cq_headroom_reg;
    reg  [N_PORTS*4-1:0]         cq_alpha_shift_reg;
    reg  [N_PRIO-1:0]            cq_lossless_reg;
    reg                          cq_static_mode_reg;
    // (the static limits have no snapshot: the ring reads their block-RAM copies, "R0's read")
    always @(posedge clk) begin
        if (rst) begin
            cq_total_cells_reg    <= {CW{1'b0}};
            cq_reserve_reg        <= {CW{1'b0}};
            cq_resume_offset_reg  <= {CW{1'b0}};
            cq_headroom_reg       <= {(N_PORTS*CW){1'b0}};
            cq_alpha_shift_reg    <= {(N_PORTS*4){1'b0}};
            cq_lossless_reg       <= {N_PRIO{1'b0}};
            cq_static_mode_reg    <= 1'b0;
        end else begin
            cq_total_cells_reg    <= cfg_total_cells;
            cq_reserve_reg        <= cfg_reserve;
            cq_resume_offset_reg  <= cfg_resume_offset;
            cq_headroom_reg       <= cfg_headroom;
            cq_alpha_shift_reg    <= cfg_alpha_shift;
            cq_lossless_reg       <= cfg_lossless;
            cq_static_mode_reg    <= cfg_static_mode;
        end
    end


    // ================================================================== H: holding registers
    reg  [N_PORTS-1:0]    eh_v_reg, dh_v_reg;
    reg  [N_PORTS*3-1:0]  eh_p_reg, dh_p_reg;
    reg  [N_PORTS*PW-1:0] eh_o_reg;
    reg  [N_PORTS*SW-1:0] eh_s_reg, dh_s_reg;
    reg  [N_PORTS-1:0]    eh_ok_reg, dh_ok_reg;         // the offer names a PG and an EQ
    reg  [N_PORTS*TAG_W-1:0] eh_t_reg;
    reg  [N_PORTS*PGW-1:0] eh_k_reg, dh_k_reg;          // the op's PG index (f_pgk)

    // ================================================================== A1: round-robin arbiters
    // The grant is one-hot: the first held port at or after the round-robin pointer (the port
    // after the last one granted; port 0 before any grant), else the lowest held port, from
    // registers alone. The pointer is a one-hot register of its own (e1_base_reg, d1_base_reg),
    // loaded with the grant rotated by one, so neither an index nor a mask is formed behind the
    // pick. The pick is one subtraction over the held bits twice, x = {held, held}: x - base
    // clears x's first set bit at or above the pointer (the borrow runs up to it, through the
    // upper copy when the lower has none) and sets only bits that were 0 below it, so x & ~(x -
    // base) is that bit alone. Both operands are flops, and a CCU2C inverts its B operand
    // itself, so the chain starts at registers. The form before, x & -x over {held, held &
    // mask} with a thermometer mask register, had an AND and the negation's inverter in front
    // of the chain: at 8x2 on ECP5-85F the pick into the holding registers' valid bits was two
    // seeds' worst path (7.1-7.2 ns), and at 4x2 one seed's.
    function [N_PORTS-1:0] f_rr_pick;
        input [N_PORTS-1:0] held;
        input [N_PORTS-1:0] base;      // one-hot
        reg [2*N_PORTS-1:0] x, y;
        begin
            x = {held, held};
            y = x & ~(x - {{N_PORTS{1'b0}}, base});
            f_rr_pick = y[N_PORTS-1:0] | y[2*N_PORTS-1:N_PORTS];
        end
    endfunction
    // the pointer after a grant: the next port up, port 0 after the last
    function [N_PORTS-1:0] f_rot1;
        input [N_PORTS-1:0] g;
        integer b;
        begin
            for (b = 0; b < N_PORTS; b = b + 1) f_rot1[(b + 1) % N_PORTS] = g[b];
        end
    endfunction

    // Interlock (slot A2): an op waits in slot A2 while either of the two slots ahead (in R, in
    // F) names its PG, so the decision never needs their results (only B forwards: the
    // write-backs of R's, F's and B's edges, which the RAM read missed). An admission and a release of the same PG side by side in slot A2: one waits,
    // taking turns (adm_yield_reg), so a stream of one cannot starve the other. A waiting op
    // keeps its slot register, and A1 keeps its grant (an empty A1 may still take one).
    wire               adm_hold, rel_hold;
    // A1 registers the grant only (no field select behind the arbiter's carry chain). The
    // port's holding register empties at the grant and may take a new offer on the next edge,
    // on which its old fields are still read: A2 loads them, or - when A2 waits - A1 copies
    // them (e1_cp_reg) and A2 takes the copy later.
    reg  [N_PORTS-1:0] e1_gnt_reg, d1_gnt_reg;
    reg  [N_PORTS-1:0] e1_base_reg, d1_base_reg;     // the round-robin pointers (one-hot)
    reg                e1_v_reg, d1_v_reg, e1_cp_reg, d1_cp_reg;
    reg  [2:0]         e1_p_reg, d1_p_reg;
    reg  [PW-1:0]      e1_o_reg;
    reg  [SW-1:0]      e1_s_reg, d1_s_reg;
    reg                e1_ok_reg, d1_ok_reg;
    reg  [TAG_W-1:0]   e1_t_reg;
    reg  [PGW-1:0]     e1_k_reg, d1_k_reg;
    // the interlock's copy on the arbiters' side (hc_adm_hold = adm_hold, hc_rel_hold =
    // rel_hold on every edge; see "Interlock shadow" below)
    wire               hc_adm_hold, hc_rel_hold;
    wire               e1_adv = !e1_v_reg || !hc_adm_hold;   // A1 hands its grant on (or is empty)
    wire               d1_adv = !d1_v_reg || !hc_rel_hold;
    wire [N_PORTS-1:0] e_gnt = f_rr_pick(eh_v_reg, e1_base_reg);
    wire [N_PORTS-1:0] d_gnt = f_rr_pick(dh_v_reg, d1_base_reg);
    wire               e_found = |eh_v_reg;      // a port is held: the pick finds one
    wire               d_found = |dh_v_reg;
    reg  [PW-1:0] e_idx, d_idx;                   // A1's port
    reg  [2:0]    eh_sel_p, dh_sel_p;             // A1's port's holding register, AND-OR
    reg  [PW-1:0] eh_sel_o;
    reg  [SW-1:0] eh_sel_s, dh_sel_s;
    reg  [TAG_W-1:0]  eh_sel_t;
    reg  [PGW-1:0]    eh_sel_k, dh_sel_k;
    always @* begin
        e_idx = {PW{1'b0}};
        d_idx = {PW{1'b0}};
        eh_sel_p = 3'd0;
        dh_sel_p = 3'd0;
        eh_sel_o = {PW{1'b0}};
        eh_sel_s = {SW{1'b0}};
        dh_sel_s = {SW{1'b0}};
        eh_sel_t = {TAG_W{1'b0}};
        eh_sel_k = {PGW{1'b0}};
        dh_sel_k = {PGW{1'b0}};
        for (k = 0; k < N_PORTS; k = k + 1) begin
            eh_sel_k = eh_sel_k | (eh_k_reg[k*PGW +: PGW] & {PGW{e1_gnt_reg[k]}});
            dh_sel_k = dh_sel_k | (dh_k_reg[k*PGW +: PGW] & {PGW{d1_gnt_reg[k]}});
            e_idx   = e_idx   | (k[PW-1:0] & {PW{e1_gnt_reg[k]}});
            d_idx   = d_idx   | (k[PW-1:0] & {PW{d1_gnt_reg[k]}});
            eh_sel_p = eh_sel_p | (eh_p_reg[k*3 +: 3] & {3{e1_gnt_reg[k]}});
            dh_sel_p = dh_sel_p | (dh_p_reg[k*3 +: 3] & {3{d1_gnt_reg[k]}});
            eh_sel_o = eh_sel_o | (eh_o_reg[k*PW +: PW] & {PW{e1_gnt_reg[k]}});
            eh_sel_s = eh_sel_s | (eh_s_reg[k*SW +: SW] & {SW{e1_gnt_reg[k]}});
            dh_sel_s = dh_sel_s | (dh_s_reg[k*SW +: SW] & {SW{d1_gnt_reg[k]}});
            eh_sel_t = eh_sel_t | (eh_t_reg[k*TAG_W +: TAG_W] & {TAG_W{e1_gnt_reg[k]}});
        end
    end
    wire          eh_sel_ok = |(eh_ok_reg & e1_gnt_reg);
    wire          dh_sel_ok = |(dh_ok_reg & d1_gnt_reg);
    // ================================================================== A2: the fields into slot A2
    wire [2:0]        e_sel_p   = e1_cp_reg ? e1_p_reg   : eh_sel_p;
    wire [PW-1:0]     e_sel_o   = e1_cp_reg ? e1_o_reg   : eh_sel_o;
    wire [SW-1:0]     e_sel_s   = e1_cp_reg ? e1_s_reg   : eh_sel_s;
    wire              e_sel_ok  = e1_cp_reg ? e1_ok_reg  : eh_sel_ok;
    wire [TAG_W-1:0]  e_sel_t   = e1_cp_reg ? e1_t_reg   : eh_sel_t;
    wire [PGW-1:0]    e_sel_k   = e1_cp_reg ? e1_k_reg   : eh_sel_k;
    wire [PGW-1:0]    d_sel_k   = d1_cp_reg ? d1_k_reg   : dh_sel_k;
    wire [2:0]        d_sel_p   = d1_cp_reg ? d1_p_reg   : dh_sel_p;
    wire [SW-1:0]     d_sel_s   = d1_cp_reg ? d1_s_reg   : dh_sel_s;
    wire              d_sel_ok  = d1_cp_reg ? d1_ok_reg  : dh_sel_ok;

    // Slot A2 holds indices only: its registers' enable is the interlock's hold, and each bit
    // under it is a load on that net (the one-hots of port, priority and PG, 3*N*P + N + P bits,
    // made it the 4x2 block's worst path: 4 ns of routing behind the compares). R decodes them.
    reg           a_v_reg, r_v_reg;
    reg                a_okr_reg, r_okr_reg; // slot A2's ops name a PG and an EQ
    reg  [PW-1:0] a_i_reg, a_o_reg, r_o_reg;
    reg  [2:0]    a_p_reg, r_p_reg;
    reg  [SW-1:0] a_s_reg, r_s_reg;
    reg  [PGW-1:0] a_k_reg, r_k_reg;         // slot A2's PG indices: the counters' read address
    reg  [PGW-1:0] cr_k_reg;                 // the ring's R1 = S0: the scan's read address
    reg  [TAG_W-1:0] a_t_reg, b_adm_t_reg, k_adm_t_reg;

    // ================================================================== counters and thresholds
    reg  [NPG*CW-1:0]     egress_reg;
    reg  [NPG-1:0]        paused_reg;
    reg  [CW-1:0]         shared_used_reg;
    reg  [N_PORTS-1:0]    hs_oh_reg;
    reg  [2:0]            hs_p_reg;
    reg  [HW-1:0]         hs_acc_reg, rs_acc_reg, carve_a_reg, carve_b_reg, carved_reg;
    reg  [CW-1:0]         pool_reg, pool_free_reg;
    reg  [N_PORTS*CW-1:0] thr_reg;
    reg  [N_PORTS*OW-1:0] thrres_reg;
    reg  [N_PORTS*XW-1:0] rsm_reg;
    reg  [N_PORTS*CW-1:0] dlim_reg;   // per port: the dynamic limit min(thr + reserve, 2^CW-1)
    // Per PG the static limits xlim = xoff + reserve (CW+1 bits; B and the scan clamp it at
    // 2^CW-1) and xrsm = xon + reserve, written by the configuration ring (R1) into a block RAM
    // (u_xl below) that the admission reads like the counters: address A2's PG index, data at
    // F (until 2026-12-02 two registers per PG and an N*P-way AND-OR at B, which was a worst
    // path at 8x2). xl_n_reg counts the PGs the ring has written since reset (it writes 0, 1,
    // ... in order, so PG k holds a value iff k < xl_n_reg; the others read 0, as the
    // registers did after reset, and the RAM needs no reset).
    reg  [PGW:0]          xl_n_reg;
    localparam [PGW:0]    NPG_N   = NPG[PGW:0];
    localparam [PGW:0]    PGN_ONE = 1;
    wire [2*OW-1:0]       ram_xl;     // {xrsm, xlim} of A2's PG as it was before R's edge

    // ================================================================== A2 -> R -> F: the counters' read
    // The PG counters (ingress, headroom: 2*CW bits a PG) are in block RAM (fg_ram_1r1w, two
    // edges from address to data): two write banks, one for the admissions' write-backs (A)
    // and one for the releases' (R), each with a copy per reader (the admission's and the
    // release's read, the scan's), and a live-value table in flops: lvt_bank_reg says which
    // bank a PG was written in last, lvt_wr_reg that it was written since reset (else it reads
    // 0, so the RAMs need no reset). Slot A2's PG index is the read address; the op moves on to
    // R (the RAM's array read; the table read) and F (the RAM's output register; the forward
    // selects), and B selects its PG's values: the write-backs of the three slots ahead of it
    // that the RAM read missed (those writing on its R, F and B edges), newest first, else the
    // bank the table names.
    wire          a_ok = a_okr_reg;
    wire          r_ok = r_okr_reg;
    wire a_live = a_v_reg && a_ok;
    wire r_live = r_v_reg && r_ok;

    // slot A2's PGs, one-hot (0: the op names no PG), decoded at R from the indices
    wire [NPG-1:0] a_pg_oh = f_pg_oh(a_k_reg, a_okr_reg);
    wire [NPG-1:0] r_pg_oh = f_pg_oh(r_k_reg, r_okr_reg);

    // R and F: the ops as they leave A2 (v: live, bad: names no PG), their fields and one-hots
    reg            ra_v_reg, ra_bad_reg, ra_ok_reg, rr_v_reg, rr_bad_reg;
    reg  [PW-1:0]  ra_i_reg, ra_o_reg, rr_o_reg;
    reg  [2:0]     ra_p_reg, rr_p_reg;
    reg  [SW-1:0]  ra_s_reg, rr_s_reg;
    reg  [TAG_W-1:0] ra_t_reg, fa_t_reg;
    reg  [PGW-1:0] ra_k_reg, rr_k_reg;
    reg  [N_PORTS-1:0] ra_ioh_reg, fa_ioh_reg;
    reg  [N_PRIO-1:0]  ra_poh_reg, fa_poh_reg;
    // the static limits' read (u_xl): the ring's writes the RAM read misses (on R's edge:
    // hitr, its value registered at R; on F's edge: hitf, both decided at R from the ring's
    // indices), and whether A2's PG was written before R's edge (live)
    reg            ra_xl_hitr_reg, ra_xl_hitf_reg, ra_xl_live_reg;
    reg  [2*OW-1:0] ra_xl_fwd_reg;
    reg            fa_xl_fwd_v_reg, fa_xl_live_reg;
    reg  [2*OW-1:0] fa_xl_fwd_reg;
    // the dynamic limit of the admission's port, read at F from thrres_reg (dlim_reg's next
    // value, so B sees exactly the dlim_reg it read before)
    reg  [CW-1:0]  fa_dlim_reg;
    reg            ra_lvt_reg, ra_wr_reg, rr_lvt_reg, rr_wr_reg;   // the table read at R
    reg            fa_v_reg, fa_bad_reg, fa_ok_reg, fr_v_reg, fr_bad_reg;
    reg  [PW-1:0]  fa_i_reg, fa_o_reg, fr_o_reg;
    reg  [2:0]     fa_p_reg, fr_p_reg;
    reg  [SW-1:0]  fa_s_reg, fr_s_reg;
    reg  [PGW-1:0] fa_k_reg, fr_k_reg;
    // F: where B takes each op's values from, one-hot: the slot in W, one edge before, two
    // edges before (each its admission or its release lane), bank A, bank R (none: 0)
    reg  [7:0]     fa_sel_reg, fr_sel_reg;

    // ================================================================== B: prepare
    // The admission PG's limits in the configured mode: static, the PG's xlim / xrsm;
    // dynamic, the port's dlim / rsm. lim is the admission limit; lim and rsmk go with the slot
    // to the admission's pause lane (W).
    // the static limits: the newest ring write the RAM read missed, else the RAM's word when
    // the ring had written the PG, else 0 (an op that names no PG reads 0)
    wire [2*OW-1:0] a_xl = !fa_ok_reg ? {(2*OW){1'b0}} :
                           fa_xl_fwd_v_reg ? fa_xl_fwd_reg :
                           (ram_xl & {(2*OW){fa_xl_live_reg}});
    wire [OW-1:0] a_xlim = a_xl[OW-1:0];
    wire [OW-1:0] a_xrsm = a_xl[2*OW-1:OW];
    reg [XW-1:0] a_drsm;
    reg [CW-1:0] a_headroom;
    always @* begin
        a_drsm = {XW{1'b0}};
        a_headroom = {CW{1'b0}};
        for (k = 0; k < N_PORTS; k = k + 1) begin
            a_headroom = a_headroom | (cq_headroom_reg[k*CW +: CW] & {CW{fa_ioh_reg[k]}});
            a_drsm = a_drsm | (rsm_reg[k*XW +: XW] & {XW{fa_ioh_reg[k]}});
        end
    end
    // F's read of the dynamic limit: min(thrres, 2^CW-1) of R's port, i.e. the dlim_reg of that
    // port after F's edge (a one-hot AND-OR commutes with the clamp; no port selected reads 0
    // either way)
    reg [OW-1:0] r_thrres;
    always @* begin
        r_thrres = {OW{1'b0}};
        for (k = 0; k < N_PORTS; k = k + 1)
            r_thrres = r_thrres | (thrres_reg[k*OW +: OW] & {OW{ra_ioh_reg[k]}});
    end
    wire [CW-1:0] a_lc = cq_static_mode_reg ? f_clamp(a_xlim) : fa_dlim_reg;
    wire [XW-1:0] a_rk = cq_static_mode_reg ? {1'b0, a_xrsm} : a_drsm;
    wire          a_lossless = fa_ok_reg && |(cq_lossless_reg & fa_poh_reg);
    // The decision at C2 needs no valid bit: a slot without a live admission writes no PG
    // (w_a_v), no EQ (k_aeq_oh) and no verdict, whatever it selects.
    wire [LW-1:0] a_s_l = {{(LW-SW){1'b0}}, fa_s_reg};
    wire [LW-1:0] x_res = {3'b000, cq_reserve_reg};
    // the headroom limit of the op's port, registered as read (for every priority: C2 ANDs its
    // fit with the lossless bit); C1 subtracts s and hd in one carry-save level and one chain
    // (the AND-OR over the ports in front of B's subtraction was a worst path at 8x2)

    reg           b_adm_v_reg, b_adm_bad_reg, b_lossless_reg;
    reg  [PW-1:0] b_adm_i_reg, b_adm_o_reg;
    reg  [2:0]    b_adm_p_reg;
    reg  [SW-1:0] b_adm_s_reg;
    reg  [LW-1:0] b_lim_res_reg;   // reserve - s
    reg  [CW-1:0] b_headroom_reg;  // the headroom of the admission's port
    reg           b_rel_v_reg, b_rel_bad_reg;
    reg  [PW-1:0] b_rel_o_reg;
    reg  [2:0]    b_rel_p_reg;
    reg  [SW-1:0] b_rel_s_reg;
    reg  [PGW-1:0] b_a_k_reg, b_r_k_reg, k_a_k_reg, k_r_k_reg;   // the ops' PGs (B, C1)
    // the admission PG's limits read at B, carried with the slot to its pause lane (B, C1, W)
    reg  [CW-1:0] b_a_lim_reg, k_a_lim_reg, w_a_lim_reg;
    reg  [XW-1:0] b_a_rsm_reg, k_a_rsm_reg, w_a_rsm_reg;
    // C1: the compares' signs, the candidates and the ops, for C2
    reg           k_adm_v_reg, k_adm_bad_reg, k_lossless_reg, k_rel_v_reg, k_rel_bad_reg;
    reg  [PW-1:0] k_adm_i_reg, k_adm_o_reg, k_rel_o_reg;
    reg  [2:0]    k_adm_p_reg, k_rel_p_reg;
    reg  [SW-1:0] k_adm_s_reg, k_rel_s_reg;
    reg           k_v_res_reg, k_v_shr_reg, k_v_hd_reg, k_r_le_hd_reg, k_r_le_occ_reg;
    reg  [CW-1:0] k_a_ing_reg, k_a_hd_reg, k_a_ing_ps_reg, k_a_hd_ps_reg;
    reg  [CW-1:0] k_r_ing_reg, k_r_hd_reg, k_r_hd_mr_reg, k_r_occ_mr_reg;

    // Interlock (slot A2): an op waits while either of the two slots ahead (in R, in F) names
    // its PG, so the decision never needs their results (B forwards the three slots ahead of
    // those). The hold reads registered PG-equal bits for the slots ahead, not index
    // compares: eq_x_y_reg is (x's PG index == y's) on every edge, for x in slot A2 (a:
    // admission, r: release) and y in R or F (ra, rr, fa, fr). Each is formed one edge ahead
    // from where the indices go next: slot A2 keeps its op (keep) or takes A1's (e_sel_k,
    // d_sel_k), R takes slot A2's, F takes R's. So only slot A2's own same-PG compare is left
    // in front of the hold's fan-out to the slot's enables (the four compares with the slots
    // ahead and their OR were the 4x2 block's worst path: 7.2-8.2 ns). Reset: all indices
    // are 0, every bit 1.
    reg            adm_yield_reg;              // same PG in slot A2: 1 the admission waits
    reg            eq_a_ra_reg, eq_a_rr_reg, eq_a_fa_reg, eq_a_fr_reg;
    reg            eq_r_ra_reg, eq_r_rr_reg, eq_r_fa_reg, eq_r_fr_reg;
    wire a_conf_c = a_live && ((ra_v_reg && eq_a_ra_reg) || (rr_v_reg && eq_a_rr_reg) ||
                               (fa_v_reg && eq_a_fa_reg) || (fr_v_reg && eq_a_fr_reg));
    wire r_conf_c = r_live && ((ra_v_reg && eq_r_ra_reg) || (rr_v_reg && eq_r_rr_reg) ||
                               (fa_v_reg && eq_r_fa_reg) || (fr_v_reg && eq_r_fr_reg));
    // the two slot A2 ops' own compare stays a compare: its next value would need the two
    // arbiters' selects side by side (e_sel_k == d_sel_k, the 8x2 block's worst path)
    wire eq_ar = (a_k_reg == r_k_reg);
    wire same_pg_a = a_live && r_live && eq_ar;
    assign adm_hold = a_conf_c || (same_pg_a && adm_yield_reg);
    assign rel_hold = r_conf_c || (same_pg_a && !adm_yield_reg);
    // the equal bits' next values: slot A2 keeps its admission (a_keep) or takes e_sel_k, its
    // release (r_keep) or d_sel_k
    // written with the same-PG term apart (a_same, r_same), the select that reads it last:
    // slot A2's own compare (r_k_reg -> eq_ar -> the hold -> a_keep -> the eight next values)
    // was the median seed's path on ECP5-85F (6.5 ns), the conflicts with the slots ahead come
    // from registers and can be selected first
    wire a_same = same_pg_a && adm_yield_reg;
    wire r_same = same_pg_a && !adm_yield_reg;
    wire a_keep_c = a_conf_c || !e1_v_reg;          // a_keep = a_keep_c || a_same
    wire r_keep_c = r_conf_c || !d1_v_reg;
    wire e_eq_a  = (e_sel_k == a_k_reg);
    wire e_eq_r  = (e_sel_k == r_k_reg);
    wire e_eq_ra = (e_sel_k == ra_k_reg);
    wire e_eq_rr = (e_sel_k == rr_k_reg);
    wire d_eq_a  = (d_sel_k == a_k_reg);
    wire d_eq_r  = (d_sel_k == r_k_reg);
    wire d_eq_ra = (d_sel_k == ra_k_reg);
    wire d_eq_rr = (d_sel_k == rr_k_reg);
    wire n_eq_a_ra = a_same || (a_keep_c || e_eq_a);                          // R takes a_k_reg
    wire n_eq_a_rr = a_same ? eq_ar       : (a_keep_c ? eq_ar       : e_eq_r);   // R takes r_k_reg
    wire n_eq_a_fa = a_same ? eq_a_ra_reg : (a_keep_c ? eq_a_ra_reg : e_eq_ra);  // F takes ra_k_reg
    wire n_eq_a_fr = a_same ? eq_a_rr_reg : (a_keep_c ? eq_a_rr_reg : e_eq_rr);  // F takes rr_k_reg
    wire n_eq_r_ra = r_same ? eq_ar       : (r_keep_c ? eq_ar       : d_eq_a);
    wire n_eq_r_rr = r_same || (r_keep_c || d_eq_r);
    wire n_eq_r_fa = r_same ? eq_r_ra_reg : (r_keep_c ? eq_r_ra_reg : d_eq_ra);
    wire n_eq_r_fr = r_same ? eq_r_rr_reg : (r_keep_c ? eq_r_rr_reg : d_eq_rr);
    always @(posedge clk) begin
        if (rst) begin
            eq_a_ra_reg <= 1'b1;
            eq_a_rr_reg <= 1'b1;
            eq_a_fa_reg <= 1'b1;
            eq_a_fr_reg <= 1'b1;
            eq_r_ra_reg <= 1'b1;
            eq_r_rr_reg <= 1'b1;
            eq_r_fa_reg <= 1'b1;
            eq_r_fr_reg <= 1'b1;
        end else begin
            eq_a_ra_reg <= n_eq_a_ra;
            eq_a_rr_reg <= n_eq_a_rr;
            eq_a_fa_reg <= n_eq_a_fa;
            eq_a_fr_reg <= n_eq_a_fr;
            eq_r_ra_reg <= n_eq_r_ra;
            eq_r_rr_reg <= n_eq_r_rr;
            eq_r_fa_reg <= n_eq_r_fa;
            eq_r_fr_reg <= n_eq_r_fr;
        end
    end

    // Interlock shadow. The holds gate the slot registers (here) and the arbiters and holding
    // registers (A1, H), which sit apart on the chip (at the inputs): one hold net reaching
    // both was the 4x2 line-rate core's worst path (2.6-3.0 ns of routing across the die). So
    // the arbiters' side computes the same holds from copies of the registers they depend on
    // (the equal bits, the valid bits in A2, R, F, and the turn bit), loaded from the same
    // sources under the same conditions: the copies equal the originals on every edge, so the
    // holds do, and the placer can put each pair near its loads. keep: yosys must not merge
    // a copy back into its original. A (* keep *) reg does not stop that where the copy's D
    // is the original's (yosys 0.23 merged the eight equal bits into eq_*_reg, 2026-12-08):
    // those are an fg_keep_reg of their own; the others' D come from the copies' own holds.
    (* keep *) reg hc_a_v_reg, hc_r_v_reg, hc_a_okr_reg, hc_r_okr_reg;
    (* keep *) reg hc_ra_v_reg, hc_rr_v_reg, hc_fa_v_reg, hc_fr_v_reg, hc_yield_reg;
    wire hc_eq_a_ra_reg, hc_eq_a_rr_reg, hc_eq_a_fa_reg, hc_eq_a_fr_reg;
    wire hc_eq_r_ra_reg, hc_eq_r_rr_reg, hc_eq_r_fa_reg, hc_eq_r_fr_reg;
    fg_keep_reg #(.W(8), .RESET(255)) u_hc_eq (
        .clk(clk), .rst(rst), .load(1'b1),
        .d({n_eq_a_ra, n_eq_a_rr, n_eq_a_fa, n_eq_a_fr, n_eq_r_ra, n_eq_r_rr, n_eq_r_fa, n_eq_r_fr}),
        .q({hc_eq_a_ra_reg, hc_eq_a_rr_reg, hc_eq_a_fa_reg, hc_eq_a_fr_reg,
            hc_eq_r_ra_reg, hc_eq_r_rr_reg, hc_eq_r_fa_reg, hc_eq_r_fr_reg}));
    (* keep *) reg [PGW-1:0] hc_a_k_reg, hc_r_k_reg;   // for the same-PG compare
    wire hc_a_live = hc_a_v_reg && hc_a_okr_reg;
    wire hc_r_live = hc_r_v_reg && hc_r_okr_reg;
    wire hc_a_conf = hc_a_live && ((hc_ra_v_reg && hc_eq_a_ra_reg) || (hc_rr_v_reg && hc_eq_a_rr_reg) ||
                                   (hc_fa_v_reg && hc_eq_a_fa_reg) || (hc_fr_v_reg && hc_eq_a_fr_reg));
    wire hc_r_conf = hc_r_live && ((hc_ra_v_reg && hc_eq_r_ra_reg) || (hc_rr_v_reg && hc_eq_r_rr_reg) ||
                                   (hc_fa_v_reg && hc_eq_r_fa_reg) || (hc_fr_v_reg && hc_eq_r_fr_reg));
    wire hc_same = hc_a_live && hc_r_live && (hc_a_k_reg == hc_r_k_reg);
    assign hc_adm_hold = hc_a_conf || (hc_same && hc_yield_reg);
    assign hc_rel_hold = hc_r_conf || (hc_same && !hc_yield_reg);
    always @(posedge clk) begin
        if (rst) begin
            hc_a_v_reg     <= 1'b0;
            hc_r_v_reg     <= 1'b0;
            hc_a_okr_reg   <= 1'b0;
            hc_r_okr_reg   <= 1'b0;
            hc_ra_v_reg    <= 1'b0;
            hc_rr_v_reg    <= 1'b0;
            hc_fa_v_reg    <= 1'b0;
            hc_fr_v_reg    <= 1'b0;
            hc_yield_reg   <= 1'b0;
            hc_a_k_reg     <= {PGW{1'b0}};
            hc_r_k_reg     <= {PGW{1'b0}};
        end else begin
            // as a_v_reg ... adm_yield_reg in the main block, with the copies' own holds
            if (!hc_adm_hold) hc_a_v_reg <= e1_v_reg;
            if (!hc_adm_hold && e1_v_reg) begin
                hc_a_okr_reg <= e_sel_ok;
                hc_a_k_reg   <= e_sel_k;
            end
            if (!hc_rel_hold) hc_r_v_reg <= d1_v_reg;
            if (!hc_rel_hold && d1_v_reg) begin
                hc_r_okr_reg <= d_sel_ok;
                hc_r_k_reg   <= d_sel_k;
            end
            if (hc_same && !hc_a_conf) hc_yield_reg <= !hc_yield_reg;
            hc_ra_v_reg <= hc_a_live && !hc_adm_hold;
            hc_rr_v_reg <= hc_r_live && !hc_rel_hold;
            hc_fa_v_reg <= hc_ra_v_reg;
            hc_fr_v_reg <= hc_rr_v_reg;
        end
    end

    // W: C2's results for its admission PG (w_a) and release PG (w_r), written into the banks
    // on the next edge (the two are never the same PG: slot A2 makes one of them wait), and
    // the two slots before it (w1: written on this edge's predecessor, w2: the one before)
    reg            w_a_v_reg, w_r_v_reg, w1_a_v_reg, w1_r_v_reg;
    reg  [PGW-1:0] w_a_k_reg, w_r_k_reg, w1_a_k_reg, w1_r_k_reg;
    reg  [NPG-1:0] w_aoh_reg, w_roh_reg;       // the same PGs as one-hots (the table, lane A)
    reg  [CW-1:0]  w_a_ing_reg, w_a_hd_reg, w_r_ing_reg, w_r_hd_reg;
    reg  [CW-1:0]  w1_a_ing_reg, w1_a_hd_reg, w1_r_ing_reg, w1_r_hd_reg;
    reg  [CW-1:0]  w2_a_ing_reg, w2_a_hd_reg, w2_r_ing_reg, w2_r_hd_reg;
    reg  [NPG-1:0] lvt_bank_reg, lvt_wr_reg;

    // F's selects, formed at R from index compares: the slot now in C1 writes on F's edge + 1
    // (in W at B's), the slot in W on F's edge (w1 at B's), w1 one edge before (w2 at B's);
    // none of them: the bank the table names (nothing written since reset: 0). (Functions
    // read their inputs only: a continuous assignment is re-evaluated on its operands.)
    function [7:0] f_fwd_sel;
        input ka, kr;    // the slot in C1's admission / release writes the PG
        input wa, wr_;   // the slot in W's
        input xa, xr;    // the slot one edge before W's (w1)
        input wr;        // the table: the PG was written since reset
        input lvt;       // the table: ... last by a release (bank R)
        begin
            f_fwd_sel[0] = ka;
            f_fwd_sel[1] = kr;
            f_fwd_sel[2] = !ka && !kr && wa;
            f_fwd_sel[3] = !ka && !kr && wr_;
            f_fwd_sel[4] = !ka && !kr && !wa && !wr_ && xa;
            f_fwd_sel[5] = !ka && !kr && !wa && !wr_ && xr;
            f_fwd_sel[6] = !ka && !kr && !wa && !wr_ && !xa && !xr && wr && !lvt;
            f_fwd_sel[7] = !ka && !kr && !wa && !wr_ && !xa && !xr && wr && lvt;
        end
    endfunction

    // the banks' copies read by the admission and the release (rdata valid while the op is in F)
    // the lanes' compares for the op in R (its PG index pk)
    function [5:0] f_fwd_hits;
        input [PGW-1:0] pk;
        input           kav, krv, wav, wrv, xav, xrv;
        input [PGW-1:0] kak, krk, wak, wrk, xak, xrk;
        begin
            f_fwd_hits = {xrv && (xrk == pk), xav && (xak == pk), wrv && (wrk == pk),
                          wav && (wak == pk), krv && (krk == pk), kav && (kak == pk)};
        end
    endfunction
    wire [5:0] ra_hits = f_fwd_hits(ra_k_reg, k_adm_v_reg, k_rel_v_reg, w_a_v_reg, w_r_v_reg, w1_a_v_reg,
                                    w1_r_v_reg, k_a_k_reg, k_r_k_reg, w_a_k_reg, w_r_k_reg, w1_a_k_reg, w1_r_k_reg);
    wire [5:0] rr_hits = f_fwd_hits(rr_k_reg, k_adm_v_reg, k_rel_v_reg, w_a_v_reg, w_r_v_reg, w1_a_v_reg,
                                    w1_r_v_reg, k_a_k_reg, k_r_k_reg, w_a_k_reg, w_r_k_reg, w1_a_k_reg, w1_r_k_reg);

    wire [2*CW-1:0] ram_a_adm, ram_r_adm, ram_a_rel, ram_r_rel;
    // B's operand: an AND-OR of eight sources under F's one-hot select
    wire [2*CW-1:0] fw_w_a  = {w_a_hd_reg,  w_a_ing_reg};
    wire [2*CW-1:0] fw_w_r  = {w_r_hd_reg,  w_r_ing_reg};
    wire [2*CW-1:0] fw_w1_a = {w1_a_hd_reg, w1_a_ing_reg};
    wire [2*CW-1:0] fw_w1_r = {w1_r_hd_reg, w1_r_ing_reg};
    wire [2*CW-1:0] fw_w2_a = {w2_a_hd_reg, w2_a_ing_reg};
    wire [2*CW-1:0] fw_w2_r = {w2_r_hd_reg, w2_r_ing_reg};
    function [2*CW-1:0] f_fwd_val;
        input [7:0]      sel;
        input [2*CW-1:0] v0, v1, v2, v3, v4, v5, ram_a, ram_r;
        begin
            f_fwd_val = (v0 & {(2*CW){sel[0]}}) | (v1 & {(2*CW){sel[1]}}) | (v2 & {(2*CW){sel[2]}}) |
                        (v3 & {(2*CW){sel[3]}}) | (v4 & {(2*CW){sel[4]}}) | (v5 & {(2*CW){sel[5]}}) |
                        (ram_a & {(2*CW){sel[6]}}) | (ram_r & {(2*CW){sel[7]}});
        end
    endfunction
    wire [2*CW-1:0] opb_a = f_fwd_val(fa_sel_reg, fw_w_a, fw_w_r, fw_w1_a, fw_w1_r, fw_w2_a, fw_w2_r,
                                      ram_a_adm, ram_r_adm);
    wire [2*CW-1:0] opb_r = f_fwd_val(fr_sel_reg, fw_w_a, fw_w_r, fw_w1_a, fw_w1_r, fw_w2_a, fw_w2_r,
                                      ram_a_rel, ram_r_rel);

    reg  [CW-1:0] b_a_ing_reg, b_a_hd_reg, b_r_ing_reg, b_r_hd_reg;

    // ================================================================== C1: compare; C2: decide, commit
    // C1: on B's registers only (the interlock keeps the two slots ahead off these PGs) every
    // compare is a subtraction whose sign is registered and every candidate one adder, all
    // registered; C2 selects from those registers: no carry chain output drives more than
    // its own flop.
    wire [CW-1:0] a_ing = b_a_ing_reg;
    wire [CW-1:0] a_hd  = b_a_hd_reg;
    wire [CW-1:0] r_ing = b_r_ing_reg;
    wire [CW-1:0] r_hd  = b_r_hd_reg;
    wire v_res = f_fits({3'b000, a_ing}, b_lim_res_reg);
    // x - s - v >= 0 for a CW-bit limit x, the SW-bit cells s and a CW-bit count v, the three
    // operands in one carry-save level and one chain: x + ~s + ~v + 2 = ps + {pc, 1} + 1
    function f_fits3;
        input [CW-1:0] x;
        input [SW-1:0] s;
        input [CW-1:0] v;
        reg   [LW-1:0] cx, cy, cz, ps, pc;
        reg   [LW:0]   d;
        begin
            cx = {3'b000, x};
            cy = ~{{(LW-SW){1'b0}}, s};
            cz = ~{3'b000, v};
            ps = cx ^ cy ^ cz;
            pc = {(cx[LW-2:0] & cy[LW-2:0]) | (cx[LW-2:0] & cz[LW-2:0]) | (cy[LW-2:0] & cz[LW-2:0]),
                  1'b1};
            d = {ps, 1'b1} + {pc, 1'b1};
            f_fits3 = !d[LW];
        end
    endfunction
    // the shared limit: lim - s - ing >= 0 with lim as read at B (b_a_lim_reg: B registers
    // the read alone, its AND-OR and the mode select were B's worst path in front of a
    // subtraction)
    wire v_shr = f_fits3(b_a_lim_reg, b_adm_s_reg, a_ing);
    // the headroom fit, headroom - s - hd >= 0 (C2 ANDs it with lossless)
    wire v_hd  = f_fits3(b_headroom_reg, b_adm_s_reg, a_hd);
    wire [CW-1:0] s_o  = {{(CW-SW){1'b0}}, b_adm_s_reg};
    wire [CW-1:0] r_o  = {{(CW-SW){1'b0}}, b_rel_s_reg};
    wire [CW-1:0] a_ing_ps = a_ing + s_o;
    wire [CW-1:0] a_hd_ps  = a_hd + s_o;
    wire [CW-1:0] r_c = {{(CW-SW){1'b0}}, b_rel_s_reg};
    wire          r_le_hd  = f_leu({1'b0, r_c}, {1'b0, r_hd});
    wire [CW-1:0] r_hd_mr  = r_hd - r_o;
    // occ - r = ing + hd - r (occupancy is not kept: the banks hold ingress and headroom) in
    // one carry-save level and one chain of CW+2 bits, ing + hd + ~r + 1 = ps + {pc, 1}: its
    // sign is "r > occ", its low CW bits the new ingress when r takes all the headroom
    localparam integer QW = CW + 2;
    wire [QW-1:0] occ_x  = {2'b00, r_ing};
    wire [QW-1:0] occ_y  = {2'b00, r_hd};
    wire [QW-1:0] occ_z  = ~{{(QW-SW){1'b0}}, b_rel_s_reg};
    wire [QW-1:0] occ_ps = occ_x ^ occ_y ^ occ_z;
    wire [QW-1:0] occ_pc = {(occ_x[QW-2:0] & occ_y[QW-2:0]) | (occ_x[QW-2:0] & occ_z[QW-2:0]) |
                            (occ_y[QW-2:0] & occ_z[QW-2:0]), 1'b1};
    wire [QW-1:0] occ_mr = occ_ps + occ_pc;
    wire          r_le_occ = !occ_mr[QW-1];
    wire [CW-1:0] r_occ_mr = occ_mr[CW-1:0];

    // C2: the decision from C1's flags (no valid bit: a slot without a live admission writes
    // no PG, no EQ and no verdict, whatever it selects)
    wire k_v_hd = k_v_hd_reg && k_lossless_reg;   // a lossy priority has no headroom
    wire [1:0] c_where_next = k_v_res_reg ? 2'd0 : k_v_shr_reg ? 2'd1 : k_v_hd ? 2'd2 : 2'd3;
    wire add_ing = k_v_res_reg || k_v_shr_reg;
    wire add_hd  = !k_v_res_reg && !k_v_shr_reg && k_v_hd;
    wire [CW-1:0] new_a_ing = add_ing ? k_a_ing_ps_reg : k_a_ing_reg;
    wire [CW-1:0] new_a_hd  = add_hd ? k_a_hd_ps_reg : k_a_hd_reg;
    // release PG (headroom first); never the admission's PG (slot A2 made one wait)
    reg  [CW-1:0] new_r_ing, new_r_hd;
    always @* begin
        if (k_r_le_hd_reg)       new_r_ing = k_r_ing_reg;
        else if (k_r_le_occ_reg) new_r_ing = k_r_occ_mr_reg;
        else                     new_r_ing = {CW{1'b0}};
        if (k_r_le_hd_reg)       new_r_hd = k_r_hd_mr_reg;
        else                     new_r_hd = {CW{1'b0}};
    end
    wire pg_under_any = k_rel_v_reg && !k_r_le_occ_reg;

    // The ops' EQ one-hots, decoded from B's fields and registered at C1 (decoded from C1's
    // registers at C2, the decode and its wire to the read's N*P*CW AND gates ran in front of
    // the read: the 8x2 block's worst path in all three seeds, 2.0-2.6 ns of wire)
    wire [NPG-1:0] b_aeq_oh, b_reqv_oh;
    generate
        for (gk = 0; gk < NPG; gk = gk + 1) begin : g_eqoh
            localparam integer  KO_I = gk / N_PRIO;
            localparam integer  KP_I = gk % N_PRIO;
            localparam [PW-1:0] KO = KO_I[PW-1:0];
            localparam [2:0]    KP = KP_I[2:0];
            assign b_aeq_oh[gk]  = b_adm_v_reg && (b_adm_o_reg == KO) && (b_adm_p_reg == KP);
            assign b_reqv_oh[gk] = b_rel_v_reg && (b_rel_o_reg == KO) && (b_rel_p_reg == KP);
        end
    endgenerate
    reg  [NPG-1:0] k_aeq_oh_reg, k_reqv_oh_reg;
    wire [NPG-1:0] k_aeq_oh  = k_aeq_oh_reg;
    wire [NPG-1:0] k_reqv_oh = k_reqv_oh_reg;

    // ================================================================== W: write back
    // Each bank takes its lane's write-back (ingress, headroom of one PG); the table records
    // which bank holds a PG's latest values. Three copies of each bank: the admission's read,
    // the release's (addressed from slot A2), the scan's (addressed by the ring's R1).
    wire [2*CW-1:0] ram_a_scan, ram_r_scan;
    fg_ram_1r1w #(.W(2*CW), .AW(PGW)) u_bank_a_adm (
        .clk(clk), .we(w_a_v_reg), .waddr(w_a_k_reg), .wdata({w_a_hd_reg, w_a_ing_reg}),
        .raddr(a_k_reg), .rdata(ram_a_adm));
    fg_ram_1r1w #(.W(2*CW), .AW(PGW)) u_bank_a_rel (
        .clk(clk), .we(w_a_v_reg), .waddr(w_a_k_reg), .wdata({w_a_hd_reg, w_a_ing_reg}),
        .raddr(r_k_reg), .rdata(ram_a_rel));
    fg_ram_1r1w #(.W(2*CW), .AW(PGW)) u_bank_a_scan (
        .clk(clk), .we(w_a_v_reg), .waddr(w_a_k_reg), .wdata({w_a_hd_reg, w_a_ing_reg}),
        .raddr(cr_k_reg), .rdata(ram_a_scan));
    fg_ram_1r1w #(.W(2*CW), .AW(PGW)) u_bank_r_adm (
        .clk(clk), .we(w_r_v_reg), .waddr(w_r_k_reg), .wdata({w_r_hd_reg, w_r_ing_reg}),
        .raddr(a_k_reg), .rdata(ram_r_adm));
    fg_ram_1r1w #(.W(2*CW), .AW(PGW)) u_bank_r_rel (
        .clk(clk), .we(w_r_v_reg), .waddr(w_r_k_reg), .wdata({w_r_hd_reg, w_r_ing_reg}),
        .raddr(r_k_reg), .rdata(ram_r_rel));
    fg_ram_1r1w #(.W(2*CW), .AW(PGW)) u_bank_r_scan (
        .clk(clk), .we(w_r_v_reg), .waddr(w_r_k_reg), .wdata({w_r_hd_reg, w_r_ing_reg}),
        .raddr(cr_k_reg), .rdata(ram_r_scan));
    // the static limits, written by the ring (R1: PG cr_k_reg, every edge after the first)
    fg_ram_1r1w #(.W(2*OW), .AW(PGW)) u_xl (
        .clk(clk), .we(cr_v_reg), .waddr(cr_k_reg), .wdata({cr_xrsm_sum, cr_xlim_sum}),
        .raddr(a_k_reg), .rdata(ram_xl));
    // W's one-hots from C1's indices (the table's write selects, lane A's PG)
    wire [NPG-1:0] k_awr_oh, k_rwr_oh;
    generate
        for (gk = 0; gk < NPG; gk = gk + 1) begin : g_wroh
            localparam integer   KK_I = gk;
            localparam [PGW-1:0] KK   = KK_I[PGW-1:0];
            assign k_awr_oh[gk] = k_adm_v_reg && (k_a_k_reg == KK);
            assign k_rwr_oh[gk] = k_rel_v_reg && (k_r_k_reg == KK);
        end
    endgenerate

    reg           adm_valid_reg, stat_drop_reg, stat_violation_reg;
    reg  [PW-1:0] adm_port_reg;
    reg  [1:0]    adm_where_reg;
    reg  [2:0]    adm_prio_reg;
    reg  [PW-1:0] adm_dst_reg;
    reg  [SW-1:0] adm_cells_reg;
    reg  [TAG_W-1:0] adm_tag_reg;
    // the verdict's fields: the admission's as offered, 0 without a verdict
    wire             adm_any        = k_adm_v_reg || k_adm_bad_reg;
    wire [2:0]       adm_prio_next  = k_adm_p_reg & {3{adm_any}};
    wire [PW-1:0]    adm_dst_next   = k_adm_o_reg & {PW{adm_any}};
    wire [SW-1:0]    adm_cells_next = k_adm_s_reg & {SW{adm_any}};
    wire [TAG_W-1:0] adm_tag_next   = k_adm_t_reg & {TAG_W{adm_any}};
    reg           rel_valid_reg, stat_bad_deq_reg, stat_pg_underflow_reg;
    reg  [PW-1:0] rel_port_reg;
    reg  [2:0]    rel_prio_reg;
    reg  [PW-1:0] rel_src_reg;
    reg  [SW-1:0] rel_cells_reg;
    // the release's source from its PG index (src * N_PRIO + prio: the holding register keeps
    // the index, not the port)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0]   rel_src_16 = {{(16 - PGW){1'b0}}, k_r_k_reg} / N_PRIO_16;
    /* verilator lint_on UNUSEDSIGNAL */

    reg           c_adm_v_reg;
    reg  [SW-1:0] c_adm_s_reg;
    reg  [1:0]    c_where_reg;
    reg  [CW-1:0] c_ing_a_reg, c_ing_r_reg, c_hd_r_reg;
    reg           c_rel_v_reg;
    reg  [SW-1:0] c_rel_s_reg;
    reg  [NPG-1:0] c_aeq_oh_reg;              // admission's EQ (gated by c_adm_v_reg at D: the
                                              // decision's fanout stays small at C2)
    reg  [NPG-1:0] c_reqv_oh_reg;             // valid release's EQ

    // ================================================================== D: egress reads; Q: egress lanes
    // Two lanes update the egress counters, one for the admission's EQ and one for the
    // release's (both ops on one EQ: the admission's lane). A lane's op is
    // g(x) = clamp(x + s - d, s, M), M = 2^CW - 1, x the EQ's counter before it, s the cells
    // an accepted admission adds (0 for the release lane), d the cells a release takes (0 for
    // an admission alone): the counters' sat(sat0(eg - d) + s), exactly (the C twin is the
    // reference and is unchanged).
    //
    // A lane's new value is the next slot's base when both name one EQ (an incast does that
    // on every cycle), so the update is a loop. It runs over two edges, not one, because
    // clamps compose: g2(g1(x)) = clamp(x + c1 + c2, L, H) with c = s - d,
    // L = s2 + max(0, s1 - d2), H = M - max(0, d2 - s2), and
    //   x + c1 + c2 < L  <=>  d2 > s1 ? x + c1 - d2 < 0 : x < d1
    //   x + c1 + c2 > H  <=>  x > M - (c1 + max(0, c2))
    //   g1(x) < d2 (the second op underflows: stat_eq_underflow)  <=>  d2 > s1 and x + c1 - d2 < 0
    // So a slot's result is formed from bases that are registers on D's edge: the two lane
    // bases of the slot ahead (its op composed with this one: candidates fa, fr) and the read
    // (this op alone, the composition with the identity: rd). C2 adds the two ops' short
    // constants (c1 + c2, c1 - d2, M - (c1 + max(0, c2)), L, d2 > s1) for each pairing of
    // lanes; D runs one two-operand chain per sum and compare, from the base register
    // straight into a flop; Q picks: the forward's select and the clamp are LUTs behind
    // registers, with no carry chain in the loop. (Before 2026-12-01 Q ran the chain on the
    // base D registered and its saturation selected behind it, q_base -> sum -> saturation
    // -> the base select: 141 MHz at 4x2.)
    reg  [NPG-1:0] q_aoh_reg, q_roh_reg;       // the EQs Q writes (admission: an accepted one)
    reg  [SW-1:0]  q_d_reg;
    reg            q_same_reg;                 // both ops on one EQ
    reg  [SW-1:0]  q_d1a_reg;                  // the admission lane's d1: d when shared (accepted or
                                               // not: its pairings are used only when accepted), else 0
    reg  [CW-1:0]  q_base_a_reg, q_base_r_reg; // the two EQs' counters after D's edge
    reg  [CW-1:0]  adm_eq_cnt_reg;             // at Q: the verdict's EQ before its admission
    // a lane's op as the next stages need it (the k stage, from B's fields; the c stage, a
    // copy): the admission lane's d2, c2 = s2 - d2 (signed), max(0, c2), -d2 (signed); the
    // release lane's -d (its c2 and -d2); s2 is the admission's size, 0 for the release
    // lane, and d2 the release's size there
    reg            k_match_reg, c_match_reg;   // a valid admission and release name one EQ
    reg  [SW-1:0]  k_d2a_reg, k_pc2a_reg, c_d2a_reg, c_pc2a_reg;
    reg  [SW:0]    k_c2a_reg, k_nd2a_reg, k_ndr_reg, c_c2a_reg, c_nd2a_reg, c_ndr_reg;
    reg  [CW-1:0]  c_hma_reg, c_hmr_reg, q_hma_reg, q_hmr_reg;   // H per lane
    wire           b_match = b_adm_v_reg && b_rel_v_reg && (b_adm_o_reg == b_rel_o_reg) &&
                             (b_adm_p_reg == b_rel_p_reg) && ({29'd0, b_adm_p_reg} < N_PRIO) &&
                             ({{(32-PW){1'b0}}, b_adm_o_reg} < N_PORTS);
    wire [SW:0]    b_sd    = {1'b0, b_adm_s_reg} - {1'b0, b_rel_s_reg};
    wire [SW:0]    b_nd    = ~{1'b0, b_rel_s_reg} + {{SW{1'b0}}, 1'b1};      // -d
    // the slot at D as the first op of a pairing: its admission lane's c1 and d1 are what
    // it had as the second (c_c2a_reg, c_d2a_reg: the admission assumed accepted, as a
    // pairing with it is used only when it was), its release lane's c1 = -d, d1 = d
    wire           c_same  = c_adm_v_reg && c_match_reg;
    // C2: the pairings' constants, {d2 > s1, L, M - (c1 + max(0, c2)), c1 - d2, c1 + c2}
    localparam integer PKW = 1 + (SW + 1) + CW + 2 * (SW + 2);
    function [PKW-1:0] f_pair;
        input [SW:0]   c1;
        input [SW-1:0] s1;
        input [SW-1:0] s2;
        input [SW-1:0] d2;
        input [SW:0]   c2;
        input [SW-1:0] pc2;
        input [SW:0]   nd2;
        reg   [SW+1:0] cc, cl, ch, lx, ly, lz, lps, lpc;
        reg   [SW:0]   sd;
        reg   [CW-1:0] th;
        /* verilator lint_off UNUSEDSIGNAL */
        reg   [CW+SW+1:0] tz;                   // ch zero-extended: its low CW bits
        reg   [SW+1:0] l3;                      // its low SW+1 bits
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            cc = {c1[SW], c1} + {c2[SW], c2};
            cl = {c1[SW], c1} + {nd2[SW], nd2};
            ch = {c1[SW], c1} + {2'b00, pc2};
            tz = {{CW{1'b0}}, ch};
            th = ch[SW+1] ? CMAX : ~tz[CW-1:0];              // M - ch, or M when ch < 0
            sd = {1'b0, s1} - {1'b0, d2};                    // borrow: d2 > s1
            // s2 + s1 - d2 (when s1 >= d2) in one carry-save level and one chain, beside sd's
            // (s2 + sd behind sd's chain put two chains in a row: a 4x2 seed's worst path),
            // s2 + s1 + ~d2 + 1 = ps + {pc, 1}
            lx  = {2'b00, s2};
            ly  = {2'b00, s1};
            lz  = ~{2'b00, d2};
            lps = lx ^ ly ^ lz;
            lpc = {(lx[SW:0] & ly[SW:0]) | (lx[SW:0] & lz[SW:0]) | (ly[SW:0] & lz[SW:0]), 1'b1};
            l3  = lps + lpc;
            f_pair = {sd[SW], sd[SW] ? {1'b0, s2} : l3[SW:0], th, cl, cc};
        end
    endfunction
    reg  [PKW-1:0] c_p_aa_reg, c_p_ra_reg, c_p_ar_reg, c_p_rr_reg;  // first op's lane, second's
    // D: a candidate from base x, {L, x > T, lo, under, sum}: chains, and behind them the two
    // flags Q's clamp and underflow take, lo = (d2 > s1) ? x + c1 - d2 < 0 : x < d1 and
    // under = (d2 > s1) && x + c1 - d2 < 0 (formed at Q, they were a LUT level between Q's
    // candidate select and its clamp: the 4x2 block's worst path on ECP5-85F, 153 MHz)
    localparam integer KW = (SW + 1) + 3 + CW;
    function [KW-1:0] f_cand;
        input [CW-1:0]  x;
        input [PKW-1:0] p;
        input           lb;                     // x < d1, one chain per base (shared)
        input           rd;                     // the read's candidate (a constant)
        /* verilator lint_off UNUSEDSIGNAL */
        reg   [QW-1:0]  sum, la;                // sum: its low CW bits; la: its sign
        /* verilator lint_on UNUSEDSIGNAL */
        reg   [CW:0]    hd;
        reg             sd;                     // d2 > s1
        begin
            sd  = p[PKW-1];
            sum = {2'b00, x} + {{(QW-SW-2){p[SW+1]}}, p[SW+1:0]};
            la  = {2'b00, x} + {{(QW-SW-2){p[2*SW+3]}}, p[2*SW+3:SW+2]};
            hd  = {1'b0, p[2*SW+4 +: CW]} - {1'b0, x};      // borrow: x > T
            // the read's candidates have d2 > s1 exactly when d2 > 0 (s1 = 0), and at d2 = 0
            // x + c1 - d2 = x is not negative: there both flags are the sign alone, with no
            // LUT behind the chain (the read's base comes through a select already)
            if (rd)
                f_cand = {p[PKW-2 -: SW+1], hd[CW], la[QW-1], la[QW-1], sum[CW-1:0]};
            else
                f_cand = {p[PKW-2 -: SW+1], hd[CW], sd ? la[QW-1] : lb, sd && la[QW-1], sum[CW-1:0]};
        end
    endfunction
    reg  [KW-1:0]  q_a_fa_reg, q_a_fr_reg, q_a_rd_reg, q_r_fa_reg, q_r_fr_reg, q_r_rd_reg;
    reg            q_a_sfa_reg, q_a_sfr_reg, q_r_sfa_reg, q_r_sfr_reg;
    // the read: the two EQs' counters read at C2 (AND-OR over the k stage's one-hots) and
    // registered; at D the write of the slot then in Q (two ahead, which the read missed) is
    // taken from its registered results under selects also registered at C2, so D's chains
    // start behind one select, not behind an N*P-way AND-OR
    reg  [CW-1:0]  k_rd_a, k_rd_r;
    always @* begin
        k_rd_a = {CW{1'b0}};
        k_rd_r = {CW{1'b0}};
        for (k = 0; k < NPG; k = k + 1) begin
            k_rd_a = k_rd_a | (egress_reg[k*CW +: CW] & {CW{k_aeq_oh[k]}});
            k_rd_r = k_rd_r | (egress_reg[k*CW +: CW] & {CW{k_reqv_oh[k]}});
        end
    end
    reg  [CW-1:0]  c_rd_a_reg, c_rd_r_reg;     // the read, before the write of the slot in Q
    reg            c_wa_a_reg, c_wr_a_reg, c_wa_r_reg, c_wr_r_reg; // that slot writes the EQ
    reg  [CW-1:0]  w_eg_a_reg, w_eg_r_reg;     // that slot's two lane results
    wire [CW-1:0]  rd_a_eg = c_wa_a_reg ? w_eg_a_reg : c_wr_a_reg ? w_eg_r_reg : c_rd_a_reg;
    wire [CW-1:0]  rd_r_eg = c_wa_r_reg ? w_eg_a_reg : c_wr_r_reg ? w_eg_r_reg : c_rd_r_reg;
    wire [NPG-1:0] d_aoh = c_aeq_oh_reg & {NPG{c_adm_v_reg}};
    // the read alone, per lane: {d2 > 0, L = s2, M - max(0, c2), -d2, c2}
    wire [PKW-1:0] c_p_ia = {c_d2a_reg != {SW{1'b0}}, 1'b0, c_adm_s_reg, ~{{(CW-SW){1'b0}}, c_pc2a_reg},
                             c_nd2a_reg[SW], c_nd2a_reg, c_c2a_reg[SW], c_c2a_reg};
    wire [PKW-1:0] c_p_ir = {c_rel_s_reg != {SW{1'b0}}, {(SW+1){1'b0}}, CMAX,
                             c_ndr_reg[SW], c_ndr_reg, c_ndr_reg[SW], c_ndr_reg};
    wire [CW:0]    d_lb_a = {1'b0, q_base_a_reg} - {{(CW-SW+1){1'b0}}, q_d1a_reg};
    wire [CW:0]    d_lb_r = {1'b0, q_base_r_reg} - {{(CW-SW+1){1'b0}}, q_d_reg};
    wire [KW-1:0]  d_a_fa = f_cand(q_base_a_reg, c_p_aa_reg, d_lb_a[CW], 1'b0);
    wire [KW-1:0]  d_a_fr = f_cand(q_base_r_reg, c_p_ra_reg, d_lb_r[CW], 1'b0);
    wire [KW-1:0]  d_a_rd = f_cand(rd_a_eg, c_p_ia, 1'b0, 1'b1);
    wire [KW-1:0]  d_r_fa = f_cand(q_base_a_reg, c_p_ar_reg, d_lb_a[CW], 1'b0);
    wire [KW-1:0]  d_r_fr = f_cand(q_base_r_reg, c_p_rr_reg, d_lb_r[CW], 1'b0);
    wire [KW-1:0]  d_r_rd = f_cand(rd_r_eg, c_p_ir, 1'b0, 1'b1);
    // Q: a candidate's value, clamp(sum, L, H) from its flags; and its underflow
    function [CW-1:0] f_pick;
        input [KW-1:0] cand;
        input [CW-1:0] hmax;
        reg            lo;
        begin
            lo     = cand[CW+1];
            f_pick = lo ? {{(CW-SW-1){1'b0}}, cand[CW+3 +: SW+1]} : cand[CW+2] ? hmax : cand[CW-1:0];
        end
    endfunction
    wire [KW-1:0] q_a_cand = q_a_sfa_reg ? q_a_fa_reg : q_a_sfr_reg ? q_a_fr_reg : q_a_rd_reg;
    wire [KW-1:0] q_r_cand = q_r_sfa_reg ? q_r_fa_reg : q_r_sfr_reg ? q_r_fr_reg : q_r_rd_reg;
    wire [CW-1:0] eg_a_n   = f_pick(q_a_cand, q_hma_reg);
    wire [CW-1:0] eg_r_n   = f_pick(q_r_cand, q_hmr_reg);
    wire          q_rel_v  = |q_roh_reg;
    wire          eq_under = q_rel_v && (q_same_reg ? q_a_cand[CW] : q_r_cand[CW]);
    // D: the bases, the slot ahead's write on this edge first (its admission lane first); the
    // admission's for any verdict, dropped too (its lane writes nothing then, but adm_eq_cnt
    // reads the EQ). Whether the slot ahead writes D's EQ, |(c_aeq_oh_reg & q_aoh_reg) and
    // the like, is registered one edge ahead (c_fa_a_reg ...) from what the two one-hots are
    // loaded with (c_aeq_oh_reg <= k_aeq_oh, q_aoh_reg <= d_aoh, q_roh_reg <= c_reqv_oh_reg),
    // so the base selects start at a flop: the N*P-way AND-OR in front of them, with its wire
    // to the CW-bit selects, ended two 4x2 seeds of three on ECP5-85F (6.8 ns, 5.4 of it wire)
    reg           c_fa_a_reg, c_fa_r_reg, c_fr_a_reg, c_fr_r_reg;
    wire          d_fa_a = c_fa_a_reg;
    wire          d_fa_r = c_fa_r_reg;
    wire          d_fr_a = c_fr_a_reg;
    wire          d_fr_r = c_fr_r_reg;
    wire [CW-1:0] d_base_a = d_fa_a ? eg_a_n : d_fa_r ? eg_r_n : rd_a_eg;
    wire [CW-1:0] d_base_r = d_fr_a ? eg_a_n : d_fr_r ? eg_r_n : rd_r_eg;
    wire [NPG*CW-1:0] eg_next;
    generate
        for (gk = 0; gk < NPG; gk = gk + 1) begin : g_eq
            assign eg_next[gk*CW +: CW] = q_aoh_reg[gk] ? eg_a_n : q_roh_reg[gk] ? eg_r_n : egress_reg[gk*CW +: CW];
        end
    endgenerate

    // split = s - min(s, sat0(reserve - ing)) for a shared admission and
    // rs = min(r - min(r, hd), sat0(ing - reserve)) for a release: one carry chain per edge,
    // their parts here (D), the min at D2
    wire [CW-1:0] room_w = f_sub0(cq_reserve_reg, c_ing_a_reg);
    /* verilator lint_off UNUSEDSIGNAL */
    wire [CW-1:0] rem_f  = f_sub0({{(CW-SW){1'b0}}, c_rel_s_reg}, c_hd_r_reg);   // < 2^SW
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SW-1:0] rem_w  = rem_f[SW-1:0];                // r - hd < r < 2^SW when positive
    wire [CW-1:0] sh_w   = f_sub0(c_ing_r_reg, cq_reserve_reg);
    reg           dd_split_v_reg, dd_rel_v_reg;
    reg  [SW-1:0] dd_s_reg, dd_rem_reg;
    reg  [CW-1:0] dd_room_reg, dd_sh_reg;

    // ================================================================== D2: split, rs
    // sat0(s - room) < s < 2^SW: the low bits
    /* verilator lint_off UNUSEDSIGNAL */
    wire [CW-1:0] split_f   = f_sub0({{(CW-SW){1'b0}}, dd_s_reg}, dd_room_reg);  // < 2^SW
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SW-1:0] split_w   = dd_split_v_reg ? split_f[SW-1:0] : {SW{1'b0}};
    wire          rem_lt_sh = ({{(CW-SW){1'b0}}, dd_rem_reg} < dd_sh_reg);
    wire [SW-1:0] rs_w      = !dd_rel_v_reg ? {SW{1'b0}} : rem_lt_sh ? dd_rem_reg : dd_sh_reg[SW-1:0];
    reg  [SW-1:0] d_split_reg, d_rs_reg;
    reg            dd_eq_under_reg;             // at Q, the stat on the next edge (D3)
    reg           stat_eq_underflow_reg;

    // ================================================================== E: shared_used
    // sat(sat0(su - rs) + split) = under ? split : sat(su + (split - rs)): one adder on the
    // difference formed at D3, beside the compare
    reg  [SW-1:0] d3_split_reg, d3_rs_reg;
    reg  [SW:0]   d3_diff_reg;                  // split - rs, signed
    // rs > su as the borrow, the top sum bit of an explicit CW+1-bit difference: written as a
    // compare, yosys's `>` became a chain whose carry nextpnr brought out through a CCU2C of its
    // own and a LUT (6.9 ns into shared_used_reg's reset pins, two seeds of three on ECP5-85F)
    wire [CW-1:0] su_rs_w  = {{(CW-SW){1'b0}}, d3_rs_reg};
    wire [CW:0]   su_less  = {1'b0, shared_used_reg} - {1'b0, su_rs_w};   // su - rs
    wire          su_under = su_less[CW];
    wire [CW:0]   su_sum   = {1'b0, shared_used_reg} + {{(CW-SW){d3_diff_reg[SW]}}, d3_diff_reg};
    wire [CW-1:0] su_next  = su_under ? {{(CW-SW){1'b0}}, d3_split_reg} : su_sum[CW] ? CMAX : su_sum[CW-1:0];
    reg           stat_shared_underflow_reg;

    // ================================================================== threshold pipeline
    // The carve-out sum over PGs (i,p) of (lossless[p] ? headroom[i] : 0) + reserve, one PG per
    // edge: port hs_oh_reg (one-hot ring), priority hs_p_reg. No multiplier; the two sums land
    // in carve_a/carve_b every N*P edges.
    reg  [CW-1:0] hs_k_sel;
    reg           hs_lossless;
    wire [N_PORTS-1:0] hs_oh_next;
    always @* begin
        hs_k_sel = {CW{1'b0}};
        hs_lossless = 1'b0;
        for (k = 0; k < N_PORTS; k = k + 1)
            hs_k_sel = hs_k_sel | (cq_headroom_reg[k*CW +: CW] & {CW{hs_oh_reg[k]}});
        for (k = 0; k < N_PRIO; k = k + 1)
            if (hs_p_reg == k[2:0]) hs_lossless = cq_lossless_reg[k];
    end
    generate
        for (gk = 0; gk < N_PORTS; gk = gk + 1) begin : g_hs
            assign hs_oh_next[gk] = hs_oh_reg[(gk + N_PORTS - 1) % N_PORTS];
        end
    endgenerate
    wire          hs_first = hs_oh_reg[0] && (hs_p_reg == 3'd0);
    wire          hs_plast = (hs_p_reg == P_LAST);
    wire          hs_last  = hs_oh_reg[N_PORTS-1] && hs_plast;
    wire [CW-1:0] hs_term  = hs_lossless ? hs_k_sel : {CW{1'b0}};
    // the term is registered (with its first/last flags) and summed on the next edge: the
    // select over ports and the adder are a stage apart
    reg  [CW-1:0] hs_term_reg;
    reg           hs_tfirst_reg, hs_tlast_reg;
    wire [HW-1:0] hs_term_w = {{(HW-CW){1'b0}}, hs_term_reg};
    wire [HW-1:0] rs_term_w = {{(HW-CW){1'b0}}, cq_reserve_reg};
    wire [HW-1:0] hs_acc_next = hs_tfirst_reg ? hs_term_w : (hs_acc_reg + hs_term_w);
    wire [HW-1:0] rs_acc_next = hs_tfirst_reg ? rs_term_w : (rs_acc_reg + rs_term_w);
    wire [HW:0]   pool_d  = {{(HW-CW+1){1'b0}}, cq_total_cells_reg} - {1'b0, carved_reg};
    wire [CW-1:0] pool_next = pool_d[HW] ? {CW{1'b0}} : pool_d[CW-1:0];   // sat0(B - carved)
    wire [CW-1:0] pool_free_next = f_sub0(pool_reg, shared_used_reg);

    // ================================================================== pause lanes
    // The pause of a PG is decided by a lane that registers its four compares (hd == 0,
    // ing > reserve, ing >= lim, ing <= rsmk) and decides it on the next edge; no PG compares
    // anything itself. Event lane A: the admission PG the slot in W writes back, from its new
    // values and the limits read at B. Scan lane S: one PG per edge in turn, behind the
    // configuration ring (R0 registers PG k's xoff/xon; on the next edge, R1 = S0, R1 writes
    // k's static limits and S0 reads k's counters from the banks' scan copies, with those
    // limits or its port's dynamic ones): the values S0 reads are k's after S0's edge (the
    // banks' words before it, or the slot in W's write-back when that slot writes k on S0's
    // edge); they arrive two edges later (SV, registered from the RAMs' outputs), are compared
    // on the next (S2) and decided on the one after (S3). A write-back to k on an edge after
    // S0, up to S2's, makes the read stale: an admission's drops it (occupancy up; lane A
    // decides that PG; one on S2's edge needs nothing, lane A decides that PG on S3's and goes
    // first), a release's lets it only resume (occupancy down: a resume on the old,
    // higher values holds on the real ones; dropping those too once let a PG drained in step
    // with the scan stay paused while the drain lasted). A release has no lane of its own: the
    // scan resumes a PG within N*P + 4 edges of its occupancy reaching the resume threshold and
    // staying there, as it follows threshold drift (N*P + 4) and xoff/xon (N*P + 5), with the
    // exceptions of its phase in docs/blocks/bm_pipe.md; a release only lowers a PG's
    // occupancy, so the delay postpones a resume and never lets a packet in unpaused.
    function [3:0] f_pflags;              // {hd == 0, ing > reserve, ing >= lim, ing <= rsmk}
        input [CW-1:0] ing;
        input [CW-1:0] hd;
        input [CW-1:0] lim;
        input [XW-1:0] rsm;
        input [CW-1:0] reserve;
        begin
            f_pflags = {hd == {CW{1'b0}}, !f_leu({1'b0, ing}, {1'b0, reserve}),
                        f_leu({1'b0, lim}, {1'b0, ing}), f_le({2'b00, ing}, rsm)};
        end
    endfunction
    reg  [NPG-1:0] pa_oh_reg, s2_oh_reg, sc_oh_reg, cr_oh_reg;
    // the ring's PG as an index (R0, R1 = S0, then the scan's stages S0+1 (SA's), S0+2 (SB's),
    // SV), counted from reset as if the ring had been running, so mon_pg names PG
    // (c - MON_DELAY) mod NPG in cycle c after reset (mon_valid low for the first MON_DELAY);
    // s2_oh_reg, the one-hot of the PG decided on the next edge, turns with the ring
    localparam integer   MON_DELAY = 5;
    localparam integer   PG_LAST_I = NPG - 1;
    localparam [PGW-1:0] PG_LAST   = PG_LAST_I[PGW-1:0];
    localparam [PGW-1:0] PG_ONE    = 1;
    /* verilator lint_off UNUSEDSIGNAL */
    function [PGW-1:0] f_k_back;          // PG (0 - n) mod NPG
        input integer n;
        integer v;
        begin
            v = ((n / NPG + 1) * NPG - n) % NPG;
            f_k_back = v[PGW-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function [NPG-1:0] f_oh_back;         // the same as a one-hot
        input integer n;
        integer b;
        begin
            f_oh_back = {NPG{1'b0}};
            for (b = 0; b < NPG; b = b + 1)
                if (((b + n) % NPG) == 0) f_oh_back[b] = 1'b1;
        end
    endfunction
    reg  [PGW-1:0] sc_k_reg, sa_k_reg, sb_k_reg, sv_k_reg;
    reg            cr_v_reg, sa_v_reg, sb_v_reg, sv_v_reg, s2_v_reg;
    reg            mon_valid_reg;
    reg  [PGW-1:0] mon_pg_reg;
    reg  [CW-1:0]  mon_ing_reg, mon_hd_reg;
    reg  [CW:0]    mon_occ_reg;
    // SA (after S0): the table's read for k, whether the slot in W wrote k on S0's edge and
    // its values; SB: the same one edge on; SV: k's values; the stale marks (ka: an admission
    // wrote k since S0, kr: a release did) through SA, SB, SV
    reg            sa_lvt_reg, sa_wr_reg, sa_fa_reg, sa_fr_reg, sb_lvt_reg, sb_wr_reg, sb_fw_reg;
    reg  [CW-1:0]  sa_f_ing_reg, sa_f_hd_reg, sb_f_ing_reg, sb_f_hd_reg;
    reg            sb_ka_reg, sb_kr_reg, sv_ka_reg, sv_kr_reg;
    reg            s2_ronly_reg;                // S3 may resume its PG, not pause it
    reg  [3:0]     pa_flags_reg, s2_flags_reg;
    reg  [CW-1:0]  sv_ing_reg, sv_hd_reg, cr_xoff_reg, cr_xon_reg;
    // S0 registers both modes' limits and the mode, carried to SV, which selects in front of
    // its compares (the ring's sum, its clamp and the mode select into one register was the
    // 4x2 block's worst path in two seeds of three)
    reg  [OW-1:0]  sa_xlim_reg, sb_xlim_reg, sv_xlim_reg;   // xoff + reserve, clamped at SV
    reg  [CW-1:0]  sa_dlim_reg, sb_dlim_reg, sv_dlim_reg;
    reg  [OW-1:0]  sa_xrsm_reg, sb_xrsm_reg, sv_xrsm_reg;
    reg  [XW-1:0]  sa_drsm_reg, sb_drsm_reg, sv_drsm_reg;
    reg            sa_static_reg, sb_static_reg, sv_static_reg;
    wire [CW-1:0]  sv_lim = sv_static_reg ? f_clamp(sv_xlim_reg) : sv_dlim_reg;
    wire [XW-1:0]  sv_rsm = sv_static_reg ? {1'b0, sv_xrsm_reg} : sv_drsm_reg;
    // SB's values: the slot in W's write-back when it wrote k on S0's edge, else the bank the
    // table names (nothing written since reset: 0)
    wire [2*CW-1:0] sb_ram  = sb_lvt_reg ? ram_r_scan : ram_a_scan;
    wire [CW-1:0]   sb_ing  = sb_fw_reg ? sb_f_ing_reg : (sb_ram[CW-1:0] & {CW{sb_wr_reg}});
    wire [CW-1:0]   sb_hd   = sb_fw_reg ? sb_f_hd_reg  : (sb_ram[2*CW-1:CW] & {CW{sb_wr_reg}});
    // a write-back to PG pk on this edge, by an admission / a release
    wire w_a_to_sa = w_a_v_reg && (w_a_k_reg == sa_k_reg);
    wire w_r_to_sa = w_r_v_reg && (w_r_k_reg == sa_k_reg);
    wire w_a_to_sb = w_a_v_reg && (w_a_k_reg == sb_k_reg);
    wire w_r_to_sb = w_r_v_reg && (w_r_k_reg == sb_k_reg);
    wire w_r_to_sv = w_r_v_reg && (w_r_k_reg == sv_k_reg);
    wire w_a_to_cr = w_a_v_reg && (w_a_k_reg == cr_k_reg);
    wire w_r_to_cr = w_r_v_reg && (w_r_k_reg == cr_k_reg);
    // R0's read of the configuration (PG sc_oh_reg), R1's port one-hot (PG cr_oh_reg)
    reg  [CW-1:0]  sc_dlim, sc_xoff, sc_xon;
    reg  [XW-1:0]  sc_drsm;
    wire [N_PORTS-1:0] sc_port_oh;
    wire [NPG-1:0]     sc_oh_next;
    genvar gs;
    generate
        for (gs = 0; gs < N_PORTS; gs = gs + 1) begin : g_scp
            assign sc_port_oh[gs] = |cr_oh_reg[gs*N_PRIO +: N_PRIO];
        end
        for (gs = 0; gs < NPG; gs = gs + 1) begin : g_scr
            assign sc_oh_next[gs] = sc_oh_reg[(gs + NPG - 1) % NPG];
        end
    endgenerate
    // R0's read of xoff/xon: the register block's writes of XOFF/XON are kept here in two
    // block-RAM copies (fg_cfg_copy), so neither its N*P*CW flops of them nor an N*P-way read
    // of them exist (the read was once the 8x2 block's worst path; then two steps of sqrt(N*P)
    // groups). The ring's PG is known two edges ahead (it steps by one every edge), so the
    // copies read the PG of two cycles later (f_ring_ahead2) with NEWEST = 0: in a cycle they
    // give the register's value of the cycle before, as the snapshot register this read
    // replaced held it, and 0 in the cycle right after reset, as it did. (The read addressed
    // in a reset cycle serves the second cycle after it, when no PG is live yet: its word is
    // never taken.)
    function [PGW-1:0] f_ring_ahead2;   // the ring's PG two steps after pg
        input [PGW-1:0] pg;
        integer t;
        begin
            t = {{(32-PGW){1'b0}}, pg} + 2;
            if (t >= NPG) t = t - NPG;
            if (t >= NPG) t = t - NPG;
            f_ring_ahead2 = t[PGW-1:0];
        end
    endfunction
    wire [PGW-1:0] lr_raddr = f_ring_ahead2(sc_k_reg);
    wire [CW-1:0]  lr_xoff, lr_xon;
    fg_cfg_copy #(.W(CW), .AW(PGW), .N(NPG), .NEWEST(0)) u_xoff_copy (
        .clk       (clk),
        .rst       (rst),
        .wr        (cfg_xoff_wr),
        .wr_idx    (cfg_lim_wr_pg),
        .wr_data   (cfg_lim_wr_data),
        .rst_value (cfg_xoff_rst),
        .raddr     (lr_raddr),
        .rdata     (lr_xoff)
    );
    fg_cfg_copy #(.W(CW), .AW(PGW), .N(NPG), .NEWEST(0)) u_xon_copy (
        .clk       (clk),
        .rst       (rst),
        .wr        (cfg_xon_wr),
        .wr_idx    (cfg_lim_wr_pg),
        .wr_data   (cfg_lim_wr_data),
        .rst_value (cfg_xon_rst),
        .raddr     (lr_raddr),
        .rdata     (lr_xon)
    );
    always @* begin
        sc_xoff = lr_xoff;
        sc_xon = lr_xon;
        sc_dlim = {CW{1'b0}};
        sc_drsm = {XW{1'b0}};
        for (k = 0; k < N_PORTS; k = k + 1) begin
            sc_dlim = sc_dlim | (dlim_reg[k*CW +: CW] & {CW{sc_port_oh[k]}});
            sc_drsm = sc_drsm | (rsm_reg[k*XW +: XW] & {XW{sc_port_oh[k]}});
        end
    end
    wire [OW-1:0] cr_xlim_sum = {1'b0, cr_xoff_reg} + {1'b0, cq_reserve_reg};
    wire [OW-1:0] cr_xrsm_sum = {1'b0, cr_xon_reg} + {1'b0, cq_reserve_reg};

    wire [NPG-1:0] paused_next;
    generate
        for (gk = 0; gk < NPG; gk = gk + 1) begin : g_ps
            localparam integer KP = gk % N_PRIO;
            // the lane deciding this PG: A, else S
            wire       by_a  = pa_oh_reg[gk];
            wire       by_s  = s2_oh_reg[gk] && s2_v_reg;
            wire [3:0] fl    = by_a ? pa_flags_reg : s2_flags_reg;
            wire       hd0   = fl[3];
            wire       above = fl[2];
            wire       ge_p  = fl[1];
            wire       le_r  = fl[0];
            wire       pause  = !hd0 || (above && ge_p);
            wire       resume = hd0 && (!above || le_r);
            wire       may_p  = by_a || !s2_ronly_reg;
            wire       dec    = cq_lossless_reg[KP] && (paused_reg[gk] ? !resume : (pause && may_p));
            assign paused_next[gk] = (by_a || by_s) ? dec : paused_reg[gk];
        end
    endgenerate

    // ---- the scan lane, the monitor, the table
    always @(posedge clk) begin
        if (rst) begin
            sc_k_reg <= {PGW{1'b0}};
            cr_k_reg <= f_k_back(1);
            sa_k_reg <= f_k_back(2);
            sb_k_reg <= f_k_back(3);
            sv_k_reg <= f_k_back(4);
            s2_oh_reg <= f_oh_back(MON_DELAY);
            cr_v_reg <= 1'b0;
            sa_v_reg <= 1'b0;
            sb_v_reg <= 1'b0;
            sv_v_reg <= 1'b0;
            s2_v_reg <= 1'b0;
            sa_lvt_reg <= 1'b0;
            sa_wr_reg <= 1'b0;
            sa_fa_reg <= 1'b0;
            sa_fr_reg <= 1'b0;
            sa_f_ing_reg <= {CW{1'b0}};
            sa_f_hd_reg <= {CW{1'b0}};
            sb_lvt_reg <= 1'b0;
            sb_wr_reg <= 1'b0;
            sb_fw_reg <= 1'b0;
            sb_f_ing_reg <= {CW{1'b0}};
            sb_f_hd_reg <= {CW{1'b0}};
            sb_ka_reg <= 1'b0;
            sb_kr_reg <= 1'b0;
            sv_ka_reg <= 1'b0;
            sv_kr_reg <= 1'b0;
            sv_ing_reg <= {CW{1'b0}};
            sv_hd_reg <= {CW{1'b0}};
            sa_xlim_reg <= {OW{1'b0}};
            sa_dlim_reg <= {CW{1'b0}};
            sa_xrsm_reg <= {OW{1'b0}};
            sa_drsm_reg <= {XW{1'b0}};
            sa_static_reg <= 1'b0;
            sb_xlim_reg <= {OW{1'b0}};
            sb_dlim_reg <= {CW{1'b0}};
            sb_xrsm_reg <= {OW{1'b0}};
            sb_drsm_reg <= {XW{1'b0}};
            sb_static_reg <= 1'b0;
            sv_xlim_reg <= {OW{1'b0}};
            sv_dlim_reg <= {CW{1'b0}};
            sv_xrsm_reg <= {OW{1'b0}};
            sv_drsm_reg <= {XW{1'b0}};
            sv_static_reg <= 1'b0;
            s2_ronly_reg <= 1'b0;
            mon_valid_reg <= 1'b0;
            mon_pg_reg <= f_k_back(MON_DELAY);
            mon_ing_reg <= {CW{1'b0}};
            mon_hd_reg <= {CW{1'b0}};
            mon_occ_reg <= {(CW+1){1'b0}};
            lvt_bank_reg <= {NPG{1'b0}};
            lvt_wr_reg <= {NPG{1'b0}};
        end else begin
            sc_k_reg <= (sc_k_reg == PG_LAST) ? {PGW{1'b0}} : sc_k_reg + PG_ONE;
            cr_k_reg <= sc_k_reg;
            cr_v_reg <= 1'b1;
            // S0: the table, the slot in W's write-back to k, the limits
            sa_k_reg <= cr_k_reg;
            sa_v_reg <= cr_v_reg;
            sa_lvt_reg <= |(lvt_bank_reg & cr_oh_reg);
            sa_wr_reg <= |(lvt_wr_reg & cr_oh_reg);
            sa_fa_reg <= w_a_to_cr;
            sa_fr_reg <= w_r_to_cr;
            sa_f_ing_reg <= w_a_to_cr ? w_a_ing_reg : w_r_ing_reg;
            sa_f_hd_reg <= w_a_to_cr ? w_a_hd_reg : w_r_hd_reg;
            sa_xlim_reg <= cr_xlim_sum;
            sa_dlim_reg <= sc_dlim;
            sa_xrsm_reg <= cr_xrsm_sum;
            sa_drsm_reg <= sc_drsm;
            sa_static_reg <= cq_static_mode_reg;
            // S0 + 1: the RAMs' output register; writes on this edge make the read stale
            sb_k_reg <= sa_k_reg;
            sb_v_reg <= sa_v_reg;
            sb_lvt_reg <= sa_lvt_reg;
            sb_wr_reg <= sa_wr_reg;
            sb_fw_reg <= sa_fa_reg || sa_fr_reg;
            sb_f_ing_reg <= sa_f_ing_reg;
            sb_f_hd_reg <= sa_f_hd_reg;
            sb_ka_reg <= w_a_to_sa;
            sb_kr_reg <= w_r_to_sa;
            sb_xlim_reg <= sa_xlim_reg;
            sb_dlim_reg <= sa_dlim_reg;
            sb_xrsm_reg <= sa_xrsm_reg;
            sb_drsm_reg <= sa_drsm_reg;
            sb_static_reg <= sa_static_reg;
            // S0 + 2 (SV): k's values
            sv_k_reg <= sb_k_reg;
            sv_v_reg <= sb_v_reg;
            sv_ing_reg <= sb_ing;
            sv_hd_reg <= sb_hd;
            sv_ka_reg <= sb_ka_reg || w_a_to_sb;
            sv_kr_reg <= sb_kr_reg || w_r_to_sb;
            sv_xlim_reg <= sb_xlim_reg;
            sv_dlim_reg <= sb_dlim_reg;
            sv_xrsm_reg <= sb_xrsm_reg;
            sv_drsm_reg <= sb_drsm_reg;
            sv_static_reg <= sb_static_reg;
            // S0 + 3 (S2): the compares; a read made stale by an admission is dropped
            s2_flags_reg <= f_pflags(sv_ing_reg, sv_hd_reg, sv_lim, sv_rsm, cq_reserve_reg);
            // (an admission's write-back on this edge needs nothing: lane A decides that PG on
            // the next edge, the scan's decision's, and goes first)
            s2_v_reg <= sv_v_reg && !sv_ka_reg;
            s2_ronly_reg <= sv_kr_reg || w_r_to_sv;
            s2_oh_reg <= (s2_oh_reg << 1) | (s2_oh_reg >> (NPG - 1));   // PG k -> k + 1
            // the monitor: what S0 read, as SV has it
            mon_valid_reg <= sv_v_reg;
            mon_pg_reg <= sv_k_reg;
            mon_ing_reg <= sv_ing_reg;
            mon_hd_reg <= sv_hd_reg;
            mon_occ_reg <= {1'b0, sv_ing_reg} + {1'b0, sv_hd_reg};
            // the table: the bank of a PG's last write-back (releases and admissions never
            // write one PG on one edge)
            lvt_wr_reg <= lvt_wr_reg | w_aoh_reg | w_roh_reg;
            lvt_bank_reg <= (lvt_bank_reg & ~w_aoh_reg) | w_roh_reg;
        end
    end

    // ================================================================== flops
    always @(posedge clk) begin
        if (rst) begin
            eh_v_reg <= {N_PORTS{1'b0}};
            dh_v_reg <= {N_PORTS{1'b0}};
            eh_p_reg <= {(N_PORTS*3){1'b0}};
            dh_p_reg <= {(N_PORTS*3){1'b0}};
            eh_o_reg <= {(N_PORTS*PW){1'b0}};
            eh_s_reg <= {(N_PORTS*SW){1'b0}};
            dh_s_reg <= {(N_PORTS*SW){1'b0}};
            eh_ok_reg <= {N_PORTS{1'b0}};
            dh_ok_reg <= {N_PORTS{1'b0}};
            eh_t_reg <= {(N_PORTS*TAG_W){1'b0}};
            eh_k_reg <= {(N_PORTS*PGW){1'b0}};
            dh_k_reg <= {(N_PORTS*PGW){1'b0}};
            e1_t_reg <= {TAG_W{1'b0}};
            e1_k_reg <= {PGW{1'b0}};
            d1_k_reg <= {PGW{1'b0}};
            a_t_reg <= {TAG_W{1'b0}};
            b_adm_t_reg <= {TAG_W{1'b0}};
            k_adm_t_reg <= {TAG_W{1'b0}};
            adm_prio_reg <= 3'd0;
            adm_dst_reg <= {PW{1'b0}};
            adm_cells_reg <= {SW{1'b0}};
            adm_tag_reg <= {TAG_W{1'b0}};
            e1_gnt_reg <= {N_PORTS{1'b0}};
            d1_gnt_reg <= {N_PORTS{1'b0}};
            e1_base_reg <= ONE_N;
            d1_base_reg <= ONE_N;
            e1_v_reg <= 1'b0;
            d1_v_reg <= 1'b0;
            e1_cp_reg <= 1'b0;
            d1_cp_reg <= 1'b0;
            e1_p_reg <= 3'd0;
            d1_p_reg <= 3'd0;
            e1_o_reg <= {PW{1'b0}};
            e1_s_reg <= {SW{1'b0}};
            d1_s_reg <= {SW{1'b0}};
            e1_ok_reg <= 1'b0;
            d1_ok_reg <= 1'b0;
            a_k_reg <= {PGW{1'b0}};
            r_k_reg <= {PGW{1'b0}};
            b_a_lim_reg <= {CW{1'b0}};
            k_a_lim_reg <= {CW{1'b0}};
            w_a_lim_reg <= {CW{1'b0}};
            b_a_rsm_reg <= {XW{1'b0}};
            k_a_rsm_reg <= {XW{1'b0}};
            w_a_rsm_reg <= {XW{1'b0}};
            pa_oh_reg <= {NPG{1'b0}};
            sc_oh_reg <= ONE_PG;
            cr_oh_reg <= {NPG{1'b0}};
            pa_flags_reg <= 4'd0;
            cr_xoff_reg <= {CW{1'b0}};
            cr_xon_reg <= {CW{1'b0}};
            a_okr_reg <= 1'b0;
            r_okr_reg <= 1'b0;
            a_v_reg <= 1'b0;
            r_v_reg <= 1'b0;
            a_i_reg <= {PW{1'b0}};
            a_o_reg <= {PW{1'b0}};
            a_p_reg <= 3'd0;
            a_s_reg <= {SW{1'b0}};
            r_o_reg <= {PW{1'b0}};
            r_p_reg <= 3'd0;
            r_s_reg <= {SW{1'b0}};
            b_adm_v_reg <= 1'b0;
            k_adm_v_reg <= 1'b0;
            k_aeq_oh_reg <= {NPG{1'b0}};
            k_reqv_oh_reg <= {NPG{1'b0}};
            k_adm_bad_reg <= 1'b0;
            k_lossless_reg <= 1'b0;
            k_rel_v_reg <= 1'b0;
            k_rel_bad_reg <= 1'b0;
            k_adm_i_reg <= {PW{1'b0}};
            k_adm_o_reg <= {PW{1'b0}};
            k_rel_o_reg <= {PW{1'b0}};
            k_adm_p_reg <= 3'd0;
            k_rel_p_reg <= 3'd0;
            k_adm_s_reg <= {SW{1'b0}};
            k_rel_s_reg <= {SW{1'b0}};
            k_v_res_reg <= 1'b0;
            k_v_shr_reg <= 1'b0;
            k_v_hd_reg <= 1'b0;
            k_r_le_hd_reg <= 1'b0;
            k_r_le_occ_reg <= 1'b0;
            k_a_ing_reg <= {CW{1'b0}};
            k_a_hd_reg <= {CW{1'b0}};
            k_a_ing_ps_reg <= {CW{1'b0}};
            k_a_hd_ps_reg <= {CW{1'b0}};
            k_r_occ_mr_reg <= {CW{1'b0}};
            k_r_ing_reg <= {CW{1'b0}};
            k_r_hd_reg <= {CW{1'b0}};
            k_r_hd_mr_reg <= {CW{1'b0}};
            b_adm_bad_reg <= 1'b0;
            b_lossless_reg <= 1'b0;
            b_adm_i_reg <= {PW{1'b0}};
            b_adm_o_reg <= {PW{1'b0}};
            b_adm_p_reg <= 3'd0;
            b_adm_s_reg <= {SW{1'b0}};
            b_lim_res_reg <= LNEG;
            b_headroom_reg <= {CW{1'b0}};
            b_rel_v_reg <= 1'b0;
            b_rel_bad_reg <= 1'b0;
            b_rel_o_reg <= {PW{1'b0}};
            b_rel_p_reg <= 3'd0;
            b_rel_s_reg <= {SW{1'b0}};
            b_a_ing_reg <= {CW{1'b0}};
            b_a_hd_reg <= {CW{1'b0}};
            b_r_ing_reg <= {CW{1'b0}};
            b_r_hd_reg <= {CW{1'b0}};
            adm_yield_reg <= 1'b0;
            w_aoh_reg <= {NPG{1'b0}};
            w_roh_reg <= {NPG{1'b0}};
            w_a_v_reg <= 1'b0;
            w_r_v_reg <= 1'b0;
            w_a_k_reg <= {PGW{1'b0}};
            w_r_k_reg <= {PGW{1'b0}};
            w1_a_v_reg <= 1'b0;
            w1_r_v_reg <= 1'b0;
            w1_a_k_reg <= {PGW{1'b0}};
            w1_r_k_reg <= {PGW{1'b0}};
            w1_a_ing_reg <= {CW{1'b0}};
            w1_a_hd_reg <= {CW{1'b0}};
            w1_r_ing_reg <= {CW{1'b0}};
            w1_r_hd_reg <= {CW{1'b0}};
            w2_a_ing_reg <= {CW{1'b0}};
            w2_a_hd_reg <= {CW{1'b0}};
            w2_r_ing_reg <= {CW{1'b0}};
            w2_r_hd_reg <= {CW{1'b0}};
            ra_v_reg <= 1'b0;
            ra_bad_reg <= 1'b0;
            ra_ok_reg <= 1'b0;
            ra_i_reg <= {PW{1'b0}};
            ra_o_reg <= {PW{1'b0}};
            ra_p_reg <= 3'd0;
            ra_s_reg <= {SW{1'b0}};
            ra_t_reg <= {TAG_W{1'b0}};
            ra_k_reg <= {PGW{1'b0}};
            ra_ioh_reg <= HS_FIRST;
            ra_poh_reg <= {N_PRIO{1'b0}};
            ra_xl_hitr_reg <= 1'b0;
            ra_xl_hitf_reg <= 1'b0;
            ra_xl_live_reg <= 1'b0;
            ra_xl_fwd_reg <= {(2*OW){1'b0}};
            ra_lvt_reg <= 1'b0;
            ra_wr_reg <= 1'b0;
            rr_v_reg <= 1'b0;
            rr_bad_reg <= 1'b0;
            rr_o_reg <= {PW{1'b0}};
            rr_p_reg <= 3'd0;
            rr_s_reg <= {SW{1'b0}};
            rr_k_reg <= {PGW{1'b0}};
            rr_lvt_reg <= 1'b0;
            rr_wr_reg <= 1'b0;
            fa_v_reg <= 1'b0;
            fa_bad_reg <= 1'b0;
            fa_ok_reg <= 1'b0;
            fa_i_reg <= {PW{1'b0}};
            fa_o_reg <= {PW{1'b0}};
            fa_p_reg <= 3'd0;
            fa_s_reg <= {SW{1'b0}};
            fa_t_reg <= {TAG_W{1'b0}};
            fa_k_reg <= {PGW{1'b0}};
            fa_ioh_reg <= HS_FIRST;
            fa_poh_reg <= {N_PRIO{1'b0}};
            fa_xl_fwd_v_reg <= 1'b0;
            fa_xl_live_reg <= 1'b0;
            fa_xl_fwd_reg <= {(2*OW){1'b0}};
            fa_dlim_reg <= {CW{1'b0}};
            fa_sel_reg <= 8'd0;
            fr_v_reg <= 1'b0;
            fr_bad_reg <= 1'b0;
            fr_o_reg <= {PW{1'b0}};
            fr_p_reg <= 3'd0;
            fr_s_reg <= {SW{1'b0}};
            fr_k_reg <= {PGW{1'b0}};
            fr_sel_reg <= 8'd0;
            b_a_k_reg <= {PGW{1'b0}};
            b_r_k_reg <= {PGW{1'b0}};
            k_a_k_reg <= {PGW{1'b0}};
            k_r_k_reg <= {PGW{1'b0}};
            w_a_ing_reg <= {CW{1'b0}};
            w_a_hd_reg <= {CW{1'b0}};
            w_r_ing_reg <= {CW{1'b0}};
            w_r_hd_reg <= {CW{1'b0}};
            adm_valid_reg <= 1'b0;
            adm_port_reg <= {PW{1'b0}};
            adm_where_reg <= 2'd0;
            stat_drop_reg <= 1'b0;
            stat_violation_reg <= 1'b0;
            rel_valid_reg <= 1'b0;
            rel_port_reg <= {PW{1'b0}};
            rel_prio_reg <= 3'd0;
            rel_src_reg <= {PW{1'b0}};
            rel_cells_reg <= {SW{1'b0}};
            stat_bad_deq_reg <= 1'b0;
            stat_pg_underflow_reg <= 1'b0;
            c_adm_v_reg <= 1'b0;
            c_adm_s_reg <= {SW{1'b0}};
            c_where_reg <= 2'd0;
            c_ing_a_reg <= {CW{1'b0}};
            c_ing_r_reg <= {CW{1'b0}};
            c_hd_r_reg <= {CW{1'b0}};
            c_rel_v_reg <= 1'b0;
            c_rel_s_reg <= {SW{1'b0}};
            c_aeq_oh_reg <= {NPG{1'b0}};
            c_reqv_oh_reg <= {NPG{1'b0}};
            c_fa_a_reg <= 1'b0;
            c_fa_r_reg <= 1'b0;
            c_fr_a_reg <= 1'b0;
            c_fr_r_reg <= 1'b0;
            dd_split_v_reg <= 1'b0;
            dd_s_reg <= {SW{1'b0}};
            dd_room_reg <= {CW{1'b0}};
            dd_rel_v_reg <= 1'b0;
            dd_rem_reg <= {SW{1'b0}};
            dd_sh_reg <= {CW{1'b0}};
            d_split_reg <= {SW{1'b0}};
            d3_split_reg <= {SW{1'b0}};
            d3_rs_reg <= {SW{1'b0}};
            d3_diff_reg <= {(SW+1){1'b0}};
            d_rs_reg <= {SW{1'b0}};
            stat_eq_underflow_reg <= 1'b0;
            dd_eq_under_reg <= 1'b0;
            q_aoh_reg <= {NPG{1'b0}};
            q_roh_reg <= {NPG{1'b0}};
            q_d_reg <= {SW{1'b0}};
            q_same_reg <= 1'b0;
            adm_eq_cnt_reg <= {CW{1'b0}};
            q_d1a_reg <= {SW{1'b0}};
            q_base_a_reg <= {CW{1'b0}};
            q_base_r_reg <= {CW{1'b0}};
            c_match_reg <= 1'b0;
            k_match_reg <= 1'b0;
            k_d2a_reg <= {SW{1'b0}};
            k_pc2a_reg <= {SW{1'b0}};
            k_c2a_reg <= {(SW+1){1'b0}};
            k_nd2a_reg <= {(SW+1){1'b0}};
            k_ndr_reg <= {(SW+1){1'b0}};
            c_p_aa_reg <= {PKW{1'b0}};
            c_p_ra_reg <= {PKW{1'b0}};
            c_p_ar_reg <= {PKW{1'b0}};
            c_p_rr_reg <= {PKW{1'b0}};
            c_rd_a_reg <= {CW{1'b0}};
            c_rd_r_reg <= {CW{1'b0}};
            c_wa_a_reg <= 1'b0;
            c_wr_a_reg <= 1'b0;
            c_wa_r_reg <= 1'b0;
            c_wr_r_reg <= 1'b0;
            w_eg_a_reg <= {CW{1'b0}};
            w_eg_r_reg <= {CW{1'b0}};
            c_d2a_reg <= {SW{1'b0}};
            c_pc2a_reg <= {SW{1'b0}};
            c_c2a_reg <= {(SW+1){1'b0}};
            c_nd2a_reg <= {(SW+1){1'b0}};
            c_ndr_reg <= {(SW+1){1'b0}};
            c_hma_reg <= CMAX;
            c_hmr_reg <= CMAX;
            q_a_fa_reg <= {KW{1'b0}};
            q_a_fr_reg <= {KW{1'b0}};
            q_a_rd_reg <= {KW{1'b0}};
            q_r_fa_reg <= {KW{1'b0}};
            q_r_fr_reg <= {KW{1'b0}};
            q_r_rd_reg <= {KW{1'b0}};
            q_a_sfa_reg <= 1'b0;
            q_a_sfr_reg <= 1'b0;
            q_r_sfa_reg <= 1'b0;
            q_r_sfr_reg <= 1'b0;
            q_hma_reg <= CMAX;
            q_hmr_reg <= CMAX;
            stat_shared_underflow_reg <= 1'b0;
            egress_reg <= {(NPG*CW){1'b0}};
            paused_reg <= {NPG{1'b0}};
            shared_used_reg <= {CW{1'b0}};
            hs_oh_reg <= HS_FIRST;
            hs_p_reg <= 3'd0;
            hs_acc_reg <= {HW{1'b0}};
            hs_term_reg <= {CW{1'b0}};
            hs_tfirst_reg <= 1'b0;
            hs_tlast_reg <= 1'b0;
            rs_acc_reg <= {HW{1'b0}};
            carve_a_reg <= {HW{1'b0}};
            carve_b_reg <= {HW{1'b0}};
            carved_reg <= {HW{1'b0}};
            pool_reg <= {CW{1'b0}};
            pool_free_reg <= {CW{1'b0}};
            thr_reg <= {(N_PORTS*CW){1'b0}};
            thrres_reg <= {(N_PORTS*OW){1'b0}};
            rsm_reg <= {(N_PORTS*XW){1'b0}};
            dlim_reg <= {(N_PORTS*CW){1'b0}};
            xl_n_reg <= {(PGW+1){1'b0}};
        end else begin
            // H and A
            for (k = 0; k < N_PORTS; k = k + 1) begin
                if (enq_valid[k] && !eh_v_reg[k]) begin
                    eh_v_reg[k] <= 1'b1;
                    eh_p_reg[k*3 +: 3] <= enq_prio[k*3 +: 3];
                    eh_o_reg[k*PW +: PW] <= enq_dst[k*PW +: PW];
                    eh_s_reg[k*SW +: SW] <= enq_cells[k*SW +: SW];
                    eh_t_reg[k*TAG_W +: TAG_W] <= enq_tag[k*TAG_W +: TAG_W];
                    eh_ok_reg[k] <= ({1'b0, enq_prio[k*3 +: 3]} < N_PRIO_W) && ({1'b0, enq_dst[k*PW +: PW]} < N_PORTS_W);
                    eh_k_reg[k*PGW +: PGW] <= f_pgk(k[PW-1:0], enq_prio[k*3 +: 3]);
                end else if (e_gnt[k] && e1_adv) begin
                    eh_v_reg[k] <= 1'b0;
                end
                if (deq_valid[k] && !dh_v_reg[k]) begin
                    dh_v_reg[k] <= 1'b1;
                    dh_p_reg[k*3 +: 3] <= deq_prio[k*3 +: 3];
                    dh_s_reg[k*SW +: SW] <= deq_cells[k*SW +: SW];
                    dh_ok_reg[k] <= ({1'b0, deq_prio[k*3 +: 3]} < N_PRIO_W) && ({1'b0, deq_src[k*PW +: PW]} < N_PORTS_W);
                    dh_k_reg[k*PGW +: PGW] <= f_pgk(deq_src[k*PW +: PW], deq_prio[k*3 +: 3]);
                end else if (d_gnt[k] && d1_adv) begin
                    dh_v_reg[k] <= 1'b0;
                end
            end
            // A1
            if (e1_adv) begin
                e1_v_reg <= e_found;
                e1_cp_reg <= 1'b0;
                if (e_found) begin
                    e1_gnt_reg <= e_gnt;
                    e1_base_reg <= f_rot1(e_gnt);
                end
            end else if (!e1_cp_reg) begin
                e1_cp_reg <= 1'b1;
                e1_p_reg <= eh_sel_p;
                e1_o_reg <= eh_sel_o;
                e1_s_reg <= eh_sel_s;
                e1_ok_reg <= eh_sel_ok;
                e1_t_reg <= eh_sel_t;
                e1_k_reg <= eh_sel_k;
            end
            if (d1_adv) begin
                d1_v_reg <= d_found;
                d1_cp_reg <= 1'b0;
                if (d_found) begin
                    d1_gnt_reg <= d_gnt;
                    d1_base_reg <= f_rot1(d_gnt);
                end
            end else if (!d1_cp_reg) begin
                d1_cp_reg <= 1'b1;
                d1_p_reg <= dh_sel_p;
                d1_s_reg <= dh_sel_s;
                d1_ok_reg <= dh_sel_ok;
                d1_k_reg <= dh_sel_k;
            end
            // A2
            if (!adm_hold) a_v_reg <= e1_v_reg;
            if (!adm_hold && e1_v_reg) begin
                a_k_reg <= e_sel_k;
                a_okr_reg <= e_sel_ok;
                a_i_reg <= e_idx;
                a_p_reg <= e_sel_p;
                a_o_reg <= e_sel_o;
                a_s_reg <= e_sel_s;
                a_t_reg <= e_sel_t;
            end
            if (!rel_hold) r_v_reg <= d1_v_reg;
            if (same_pg_a && !a_conf_c) adm_yield_reg <= !adm_yield_reg;
            if (!rel_hold && d1_v_reg) begin
                r_o_reg <= d_idx;
                r_okr_reg <= d_sel_ok;
                r_k_reg <= d_sel_k;
                r_p_reg <= d_sel_p;
                r_s_reg <= d_sel_s;
            end
            // R: the ops leave A2 (the RAMs' array read), the table read for their PGs
            ra_v_reg <= a_live && !adm_hold;
            ra_bad_reg <= a_v_reg && !a_ok;
            ra_ok_reg <= a_ok;
            ra_i_reg <= a_i_reg;
            ra_o_reg <= a_o_reg;
            ra_p_reg <= a_p_reg;
            ra_s_reg <= a_s_reg;
            ra_t_reg <= a_t_reg;
            ra_k_reg <= a_k_reg;
            ra_ioh_reg <= f_port_oh(a_i_reg);
            ra_poh_reg <= f_prio_oh(a_p_reg);
            ra_xl_hitr_reg <= cr_v_reg && (cr_k_reg == a_k_reg);
            ra_xl_hitf_reg <= (sc_k_reg == a_k_reg);
            ra_xl_live_reg <= ({1'b0, a_k_reg} < xl_n_reg);
            ra_xl_fwd_reg <= {cr_xrsm_sum, cr_xlim_sum};
            ra_lvt_reg <= |(lvt_bank_reg & a_pg_oh);
            ra_wr_reg <= |(lvt_wr_reg & a_pg_oh);
            rr_v_reg <= r_live && !rel_hold;
            rr_bad_reg <= r_v_reg && !r_ok;
            rr_o_reg <= r_o_reg;
            rr_p_reg <= r_p_reg;
            rr_s_reg <= r_s_reg;
            rr_k_reg <= r_k_reg;
            rr_lvt_reg <= |(lvt_bank_reg & r_pg_oh);
            rr_wr_reg <= |(lvt_wr_reg & r_pg_oh);
            // F: the RAMs' output register; where B takes the values from
            fa_v_reg <= ra_v_reg;
            fa_bad_reg <= ra_bad_reg;
            fa_ok_reg <= ra_ok_reg;
            fa_i_reg <= ra_i_reg;
            fa_o_reg <= ra_o_reg;
            fa_p_reg <= ra_p_reg;
            fa_s_reg <= ra_s_reg;
            fa_t_reg <= ra_t_reg;
            fa_k_reg <= ra_k_reg;
            fa_ioh_reg <= ra_ioh_reg;
            fa_poh_reg <= ra_poh_reg;
            fa_xl_fwd_v_reg <= ra_xl_hitf_reg || ra_xl_hitr_reg;
            fa_xl_fwd_reg <= ra_xl_hitf_reg ? {cr_xrsm_sum, cr_xlim_sum} : ra_xl_fwd_reg;
            fa_xl_live_reg <= ra_xl_live_reg;
            fa_dlim_reg <= f_clamp(r_thrres);
            fa_sel_reg <= f_fwd_sel(ra_hits[0], ra_hits[1], ra_hits[2], ra_hits[3], ra_hits[4], ra_hits[5],
                                    ra_wr_reg, ra_lvt_reg);
            fr_v_reg <= rr_v_reg;
            fr_bad_reg <= rr_bad_reg;
            fr_o_reg <= rr_o_reg;
            fr_p_reg <= rr_p_reg;
            fr_s_reg <= rr_s_reg;
            fr_k_reg <= rr_k_reg;
            fr_sel_reg <= f_fwd_sel(rr_hits[0], rr_hits[1], rr_hits[2], rr_hits[3], rr_hits[4], rr_hits[5],
                                    rr_wr_reg, rr_lvt_reg);
            // B
            b_adm_v_reg <= fa_v_reg;
            b_adm_bad_reg <= fa_bad_reg;
            b_lossless_reg <= a_lossless;
            b_adm_i_reg <= fa_i_reg;
            b_adm_o_reg <= fa_o_reg;
            b_adm_p_reg <= fa_p_reg;
            b_adm_s_reg <= fa_s_reg;
            b_adm_t_reg <= fa_t_reg;
            b_a_k_reg <= fa_k_reg;
            b_lim_res_reg <= x_res - a_s_l;
            b_headroom_reg <= a_headroom;
            b_rel_v_reg <= fr_v_reg;
            b_rel_bad_reg <= fr_bad_reg;
            b_rel_o_reg <= fr_o_reg;
            b_rel_p_reg <= fr_p_reg;
            b_rel_s_reg <= fr_s_reg;
            b_r_k_reg <= fr_k_reg;
            b_a_lim_reg <= a_lc;
            b_a_rsm_reg <= a_rk;
            b_a_ing_reg <= opb_a[CW-1:0];
            b_a_hd_reg <= opb_a[2*CW-1:CW];
            b_r_ing_reg <= opb_r[CW-1:0];
            b_r_hd_reg <= opb_r[2*CW-1:CW];
            // C1
            k_adm_v_reg <= b_adm_v_reg;
            k_aeq_oh_reg <= b_aeq_oh;
            k_reqv_oh_reg <= b_reqv_oh;
            k_adm_bad_reg <= b_adm_bad_reg;
            k_lossless_reg <= b_lossless_reg;
            k_adm_i_reg <= b_adm_i_reg;
            k_adm_o_reg <= b_adm_o_reg;
            k_adm_p_reg <= b_adm_p_reg;
            k_adm_s_reg <= b_adm_s_reg;
            k_adm_t_reg <= b_adm_t_reg;
            k_rel_v_reg <= b_rel_v_reg;
            k_rel_bad_reg <= b_rel_bad_reg;
            k_rel_o_reg <= b_rel_o_reg;
            k_rel_p_reg <= b_rel_p_reg;
            k_rel_s_reg <= b_rel_s_reg;
            k_match_reg <= b_match;
            k_d2a_reg <= b_match ? b_rel_s_reg : {SW{1'b0}};
            k_pc2a_reg <= !b_match ? b_adm_s_reg : b_sd[SW] ? {SW{1'b0}} : b_sd[SW-1:0];
            k_c2a_reg <= b_match ? b_sd : {1'b0, b_adm_s_reg};
            k_nd2a_reg <= b_match ? b_nd : {(SW+1){1'b0}};
            k_ndr_reg <= b_nd;
            k_a_lim_reg <= b_a_lim_reg;
            k_a_rsm_reg <= b_a_rsm_reg;
            k_a_k_reg <= b_a_k_reg;
            k_r_k_reg <= b_r_k_reg;
            k_v_res_reg <= v_res;
            k_v_shr_reg <= v_shr;
            k_v_hd_reg <= v_hd;
            k_r_le_hd_reg <= r_le_hd;
            k_r_le_occ_reg <= r_le_occ;
            k_a_ing_reg <= a_ing;
            k_a_hd_reg <= a_hd;
            k_a_ing_ps_reg <= a_ing_ps;
            k_a_hd_ps_reg <= a_hd_ps;
            k_r_ing_reg <= r_ing;
            k_r_hd_reg <= r_hd;
            k_r_hd_mr_reg <= r_hd_mr;
            k_r_occ_mr_reg <= r_occ_mr;
            // C2, and W (the counters)
            adm_valid_reg <= k_adm_v_reg || k_adm_bad_reg;
            adm_port_reg <= k_adm_i_reg;
            adm_where_reg <= (k_adm_v_reg || k_adm_bad_reg) ? (k_adm_bad_reg ? 2'd3 : c_where_next) : 2'd0;
            adm_prio_reg <= adm_prio_next;
            adm_dst_reg <= adm_dst_next;
            adm_cells_reg <= adm_cells_next;
            adm_tag_reg <= adm_tag_next;
            stat_drop_reg <= k_adm_bad_reg || (k_adm_v_reg && c_where_next == 2'd3 && !k_lossless_reg);
            stat_violation_reg <= k_adm_v_reg && c_where_next == 2'd3 && k_lossless_reg;
            rel_valid_reg <= k_rel_v_reg;
            rel_port_reg <= k_rel_o_reg;
            rel_prio_reg <= k_rel_v_reg ? k_rel_p_reg : 3'd0;
            rel_src_reg <= k_rel_v_reg ? rel_src_16[PW-1:0] : {PW{1'b0}};
            rel_cells_reg <= k_rel_v_reg ? k_rel_s_reg : {SW{1'b0}};
            stat_bad_deq_reg <= k_rel_bad_reg;
            stat_pg_underflow_reg <= pg_under_any;
            c_adm_v_reg <= k_adm_v_reg && c_where_next != 2'd3;
            c_adm_s_reg <= k_adm_s_reg;
            c_where_reg <= c_where_next;
            c_ing_a_reg <= k_a_ing_reg;
            c_ing_r_reg <= k_r_ing_reg;
            c_hd_r_reg <= k_r_hd_reg;
            w_aoh_reg <= k_awr_oh;
            w_roh_reg <= k_rwr_oh;
            w_a_v_reg <= k_adm_v_reg;
            w_r_v_reg <= k_rel_v_reg;
            w_a_k_reg <= k_a_k_reg;
            w_r_k_reg <= k_r_k_reg;
            // the two slots before W, for B's forward
            w1_a_v_reg <= w_a_v_reg;
            w1_r_v_reg <= w_r_v_reg;
            w1_a_k_reg <= w_a_k_reg;
            w1_r_k_reg <= w_r_k_reg;
            w1_a_ing_reg <= w_a_ing_reg;
            w1_a_hd_reg <= w_a_hd_reg;
            w1_r_ing_reg <= w_r_ing_reg;
            w1_r_hd_reg <= w_r_hd_reg;
            w2_a_ing_reg <= w1_a_ing_reg;
            w2_a_hd_reg <= w1_a_hd_reg;
            w2_r_ing_reg <= w1_r_ing_reg;
            w2_r_hd_reg <= w1_r_hd_reg;
            w_a_ing_reg <= new_a_ing;
            w_a_hd_reg <= new_a_hd;
            w_r_ing_reg <= new_r_ing;
            w_r_hd_reg <= new_r_hd;
            w_a_lim_reg <= k_a_lim_reg;
            w_a_rsm_reg <= k_a_rsm_reg;
            c_rel_v_reg <= k_rel_v_reg;
            c_rel_s_reg <= k_rel_s_reg;
            c_aeq_oh_reg <= k_aeq_oh;
            c_reqv_oh_reg <= k_reqv_oh;
            c_fa_a_reg <= |(k_aeq_oh & d_aoh);
            c_fa_r_reg <= |(k_aeq_oh & c_reqv_oh_reg);
            c_fr_a_reg <= |(k_reqv_oh & d_aoh);
            c_fr_r_reg <= |(k_reqv_oh & c_reqv_oh_reg);
            c_match_reg <= k_match_reg;
            c_rd_a_reg <= k_rd_a;
            c_rd_r_reg <= k_rd_r;
            c_wa_a_reg <= |(k_aeq_oh & q_aoh_reg);
            c_wr_a_reg <= |(k_aeq_oh & q_roh_reg);
            c_wa_r_reg <= |(k_reqv_oh & q_aoh_reg);
            c_wr_r_reg <= |(k_reqv_oh & q_roh_reg);
            c_d2a_reg <= k_d2a_reg;
            c_pc2a_reg <= k_pc2a_reg;
            c_c2a_reg <= k_c2a_reg;
            c_nd2a_reg <= k_nd2a_reg;
            c_ndr_reg <= k_ndr_reg;
            c_hma_reg <= k_c2a_reg[SW] ? CMAX + {{(CW-SW-1){1'b1}}, k_c2a_reg} : CMAX;   // M + (s - d)
            c_hmr_reg <= CMAX - {{(CW-SW){1'b0}}, k_rel_s_reg};                          // M - d
            c_p_aa_reg <= f_pair(c_c2a_reg, c_adm_s_reg, k_adm_s_reg, k_d2a_reg, k_c2a_reg, k_pc2a_reg, k_nd2a_reg);
            c_p_ra_reg <= f_pair(c_ndr_reg, {SW{1'b0}}, k_adm_s_reg, k_d2a_reg, k_c2a_reg, k_pc2a_reg, k_nd2a_reg);
            c_p_ar_reg <= f_pair(c_c2a_reg, c_adm_s_reg, {SW{1'b0}}, k_rel_s_reg, k_ndr_reg, {SW{1'b0}}, k_ndr_reg);
            c_p_rr_reg <= f_pair(c_ndr_reg, {SW{1'b0}}, {SW{1'b0}}, k_rel_s_reg, k_ndr_reg, {SW{1'b0}}, k_ndr_reg);
            // D
            q_aoh_reg <= d_aoh;
            q_roh_reg <= c_reqv_oh_reg;
            q_d_reg <= c_rel_s_reg;
            q_same_reg <= c_same;
            q_d1a_reg <= c_d2a_reg;
            q_base_a_reg <= d_base_a;
            q_base_r_reg <= d_base_r;
            q_a_fa_reg <= d_a_fa;
            q_a_fr_reg <= d_a_fr;
            q_a_rd_reg <= d_a_rd;
            q_r_fa_reg <= d_r_fa;
            q_r_fr_reg <= d_r_fr;
            q_r_rd_reg <= d_r_rd;
            q_a_sfa_reg <= d_fa_a;
            q_a_sfr_reg <= d_fa_r;
            q_r_sfa_reg <= d_fr_a;
            q_r_sfr_reg <= d_fr_r;
            q_hma_reg <= c_hma_reg;
            q_hmr_reg <= c_hmr_reg;
            // Q (= D2)
            egress_reg <= eg_next;
            w_eg_a_reg <= eg_a_n;
            w_eg_r_reg <= eg_r_n;
            adm_eq_cnt_reg <= q_base_a_reg;
            dd_eq_under_reg <= eq_under;
            // D: parts of split and rs
            dd_split_v_reg <= c_adm_v_reg && (c_where_reg == 2'd1);
            dd_s_reg <= c_adm_s_reg;
            dd_room_reg <= room_w;
            dd_rel_v_reg <= c_rel_v_reg;
            dd_rem_reg <= rem_w;
            dd_sh_reg <= sh_w;
            // D3 (stat) and D2
            stat_eq_underflow_reg <= dd_eq_under_reg;
            d_split_reg <= split_w;
            d_rs_reg <= rs_w;
            // D3
            d3_split_reg <= d_split_reg;
            d3_rs_reg <= d_rs_reg;
            d3_diff_reg <= {1'b0, d_split_reg} - {1'b0, d_rs_reg};
            // E
            shared_used_reg <= su_next;
            stat_shared_underflow_reg <= su_under;
            // thresholds
            hs_acc_reg <= hs_acc_next;
            rs_acc_reg <= rs_acc_next;
            hs_term_reg <= hs_term;
            hs_tfirst_reg <= hs_first;
            hs_tlast_reg <= hs_last;
            if (hs_tlast_reg) begin
                carve_a_reg <= hs_acc_next;
                carve_b_reg <= rs_acc_next;
            end
            if (hs_plast) begin
                hs_p_reg <= 3'd0;
                hs_oh_reg <= hs_oh_next;
            end else begin
                hs_p_reg <= hs_p_reg + 3'd1;
            end
            carved_reg <= carve_a_reg + carve_b_reg;
            pool_reg <= pool_next;
            pool_free_reg <= pool_free_next;
            for (k = 0; k < N_PORTS; k = k + 1) begin
                thr_reg[k*CW +: CW] <= pool_free_reg >> cq_alpha_shift_reg[k*4 +: 4];
                thrres_reg[k*OW +: OW] <= {1'b0, thr_reg[k*CW +: CW]} + {1'b0, cq_reserve_reg};
                rsm_reg[k*XW +: XW] <= {1'b0, thrres_reg[k*OW +: OW]} - {2'b00, cq_resume_offset_reg};
            end
            for (k = 0; k < N_PORTS; k = k + 1)
                dlim_reg[k*CW +: CW] <= f_clamp(thrres_reg[k*OW +: OW]);
            // the ring (R0): the next PG's xoff/xon registered; R1 = S0 (below) writes its static
            // limits into u_xl, and the scan reads the same PG's counters and takes those limits
            cr_oh_reg <= sc_oh_reg;
            cr_xoff_reg <= sc_xoff;
            cr_xon_reg <= sc_xon;
            if (cr_v_reg && xl_n_reg != NPG_N) xl_n_reg <= xl_n_reg + PGN_ONE;
            // pause lanes
            paused_reg <= paused_next;
            pa_oh_reg <= w_aoh_reg;
            pa_flags_reg <= f_pflags(w_a_ing_reg, w_a_hd_reg, w_a_lim_reg, w_a_rsm_reg, cq_reserve_reg);
            sc_oh_reg <= sc_oh_next;
        end
    end

    assign enq_ready             = ~eh_v_reg;
    assign deq_ready             = ~dh_v_reg;
    assign adm_valid             = adm_valid_reg;
    assign adm_port              = adm_port_reg;
    assign adm_where             = adm_where_reg;
    assign adm_prio              = adm_prio_reg;
    assign adm_dst               = adm_dst_reg;
    assign adm_cells             = adm_cells_reg;
    assign adm_tag               = adm_tag_reg;
    assign stat_drop             = stat_drop_reg;
    assign stat_violation        = stat_violation_reg;
    assign rel_valid             = rel_valid_reg;
    assign rel_port              = rel_port_reg;
    assign rel_prio              = rel_prio_reg;
    assign rel_src               = rel_src_reg;
    assign rel_cells             = rel_cells_reg;
    assign stat_bad_deq          = stat_bad_deq_reg;
    assign stat_pg_underflow     = stat_pg_underflow_reg;
    assign stat_eq_underflow     = stat_eq_underflow_reg;
    assign adm_eq_cnt            = adm_eq_cnt_reg;
    assign stat_shared_underflow = stat_shared_underflow_reg;
    assign mon_valid             = mon_valid_reg;
    assign mon_pg                = mon_pg_reg;
    assign mon_ing               = mon_ing_reg;
    assign mon_hd                = mon_hd_reg;
    assign mon_occ               = mon_occ_reg;
    assign paused                = paused_reg;
    assign egress_cnt            = egress_reg;
    assign shared_used           = shared_used_reg;
    assign thr                   = thr_reg;
    assign shared_free           = pool_free_reg;

endmodule

`default_nettype wire
