// fg_bm - shared-buffer manager of the flowgate switch core (SPEC.md section 1,
// docs/ARCHITECTURE.md section 5.1, docs/blocks/bm.md).
//
// Keeps the cell accounting of a shared-memory switch: per ingress priority group PG(i,p)
// the cells charged to reserve+shared (ingress) and to headroom (hdrm), per egress queue
// EQ(o,p) its cells (egress) and their split by ingress port (comp), and the global
// shared_used. Every cycle each ingress port may offer one packet (enq) and each egress port
// may release one (deq); there is no stall. The block decides admission (reserve, shared,
// headroom or drop) against the dynamic threshold thr(i) = (pool - shared_used) >> alpha(i)
// or, in static mode, the per-PG xoff, and the pause state of every lossless PG.
//
// Every decision reads the registered counters and threshold (state of the previous edge);
// the next state is the registered state plus all admissions minus all releases of the
// cycle. Counters are CW bits, saturate at 0 (pulsing stat_underflow) and at 2^CW-1.
// The C twin is cmodel/switch/bm.c.
`default_nettype none

module fg_bm #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width
    parameter integer SW      = 8,   // packet-size width (cells), SW + PW < CW
    // derived, do not override: port-index width clog2(N_PORTS), at least 1
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                             clk,
    input  wire                             rst,

    // runtime configuration
    input  wire [CW-1:0]                    cfg_total_cells,    // B
    input  wire [CW-1:0]                    cfg_reserve,        // per PG
    input  wire [N_PORTS*CW-1:0]            cfg_headroom,       // per PG of port i
    input  wire [N_PORTS*4-1:0]             cfg_alpha_shift,    // alpha = 2^-k per port
    input  wire [CW-1:0]                    cfg_resume_offset,
    input  wire [N_PRIO-1:0]                cfg_lossless,       // bit p: priority p lossless
    input  wire                             cfg_static_mode,    // xoff/xon instead of alpha
    input  wire [N_PORTS*N_PRIO*CW-1:0]     cfg_xoff,           // per PG i*N_PRIO+p
    input  wire [N_PORTS*N_PRIO*CW-1:0]     cfg_xon,            // per PG i*N_PRIO+p

    // per ingress port i: a packet arrives
    input  wire [N_PORTS-1:0]               enq_valid,
    input  wire [N_PORTS*3-1:0]             enq_prio,
    input  wire [N_PORTS*PW-1:0]            enq_dst,
    input  wire [N_PORTS*SW-1:0]            enq_cells,

    // per egress port o: a packet of EQ(o, deq_prio) that came from ingress deq_src leaves
    input  wire [N_PORTS-1:0]               deq_valid,
    input  wire [N_PORTS*3-1:0]             deq_prio,
    input  wire [N_PORTS*PW-1:0]            deq_src,
    input  wire [N_PORTS*SW-1:0]            deq_cells,

    // verdict on the enq of the previous edge
    output wire [N_PORTS-1:0]               enq_accept,
    output wire [N_PORTS-1:0]               enq_drop,
    output wire [N_PORTS*2-1:0]             enq_where,          // 0 res, 1 shared, 2 hdrm, 3 drop
    output wire [N_PORTS-1:0]               stat_drop,
    output wire [N_PORTS-1:0]               stat_violation,
    output wire [N_PORTS-1:0]               stat_underflow,

    // state
    output wire [N_PORTS*N_PRIO-1:0]        paused,             // per PG i*N_PRIO+p
    output wire [N_PORTS*N_PRIO*CW-1:0]     ingress_cnt,        // per PG i*N_PRIO+p
    output wire [N_PORTS*N_PRIO*CW-1:0]     hdrm_cnt,           // per PG i*N_PRIO+p
    output wire [N_PORTS*N_PRIO*CW-1:0]     egress_cnt,         // per EQ o*N_PRIO+p
    output wire [N_PORTS*N_PRIO*N_PORTS*CW-1:0] comp_cnt,       // (o*N_PRIO+p)*N_PORTS+i
    output wire [CW-1:0]                    shared_used,
    output wire [N_PORTS*CW-1:0]            thr,
    // sat0(pool - shared_used), registered like thr (the threshold with alpha = 1): the
    // free shared buffer the predictive engine (fg_ppfc) compares its forecast with
    output wire [CW-1:0]                    shared_free
);

    localparam integer NPG = N_PORTS * N_PRIO;
    // A sum of up to N_PORTS packet sizes fits RW bits: N * (2^SW - 1) < 2^(SW+PW). Every
    // release and admission of one counter in one cycle is such a sum, so counter updates
    // work on RW-bit deltas and need only one CW-bit adder each (RW < CW).
    localparam integer RW = SW + PW;
    // Carve-out of the pool: sum_i headroom[i] * 8 + reserve * 128 < 2^(CW+8).
    localparam integer HW = CW + 9;

    localparam [3:0]    N_PRIO_W  = N_PRIO[3:0];
    localparam [PW:0]   N_PORTS_W = N_PORTS[PW:0];
    localparam [HW-1:0] NPG_W     = {{(HW-8){1'b0}}, NPG[7:0]};

    // rel > cur, for an RW-bit rel: only the low RW bits of cur need a comparator.
    function f_under;
        input [CW-1:0] cur;
        input [RW-1:0] rel;
        begin
            f_under = (cur[CW-1:RW] == {(CW-RW){1'b0}}) && (rel > cur[RW-1:0]);
        end
    endfunction

    // min(a, cur) for an RW-bit a.
    function [RW-1:0] f_min;
        input [RW-1:0] a;
        input [CW-1:0] cur;
        begin
            f_min = f_under(cur, a) ? cur[RW-1:0] : a;
        end
    endfunction

    // cur - min(rel, cur) + add, saturated at 2^CW - 1; `under` is f_under(cur, rel).
    // cur - rel depends only on registers and deq inputs, so it is ready early; the late
    // admission sum goes through a single CW+1-bit adder.
    function [CW-1:0] f_update;
        input [CW-1:0] cur;
        input [RW-1:0] rel;
        input [RW-1:0] add;
        input          under;
        reg   [CW-1:0] kept;
        reg   [CW:0]   sum;
        begin
            kept = under ? {CW{1'b0}} : (cur - {{(CW-RW){1'b0}}, rel});
            sum = {1'b0, kept} + {{(CW+1-RW){1'b0}}, add};
            f_update = sum[CW] ? {CW{1'b1}} : sum[CW-1:0];
        end
    endfunction

    function [3:0] f_popcount;
        input [N_PRIO-1:0] v;
        integer k;
        begin
            f_popcount = 4'd0;
            for (k = 0; k < N_PRIO; k = k + 1) f_popcount = f_popcount + {3'd0, v[k]};
        end
    endfunction

    // ------------------------------------------------------------------ registers
    reg  [CW-1:0]                 pool_reg;
    reg  [N_PORTS*CW-1:0]         thr_reg;
    reg  [CW-1:0]                 shared_free_reg;
    reg  [CW-1:0]                 shared_used_reg;
    reg  [NPG*CW-1:0]             ingress_reg;
    reg  [NPG*CW-1:0]             hdrm_reg;
    reg  [NPG*CW-1:0]             egress_reg;
    reg  [NPG*N_PORTS*CW-1:0]     comp_reg;
    reg  [NPG-1:0]                paused_reg;
    reg  [N_PORTS-1:0]            enq_accept_reg;
    reg  [N_PORTS-1:0]            enq_drop_reg;
    reg  [N_PORTS*2-1:0]          enq_where_reg;
    reg  [N_PORTS-1:0]            stat_drop_reg;
    reg  [N_PORTS-1:0]            stat_violation_reg;
    reg  [N_PORTS-1:0]            stat_underflow_reg;

    reg  [CW-1:0]                 pool_next;
    wire [N_PORTS*CW-1:0]         thr_next;
    wire [CW-1:0]                 shared_used_next;
    wire [NPG*CW-1:0]             ingress_next;
    wire [NPG*CW-1:0]             hdrm_next;
    wire [NPG*CW-1:0]             egress_next;
    wire [NPG*N_PORTS*CW-1:0]     comp_next;
    wire [NPG-1:0]                paused_next;
    wire [N_PORTS-1:0]            enq_accept_next;
    wire [N_PORTS-1:0]            enq_drop_next;
    wire [N_PORTS*2-1:0]          enq_where_next;
    wire [N_PORTS-1:0]            stat_drop_next;
    wire [N_PORTS-1:0]            stat_violation_next;
    wire [N_PORTS-1:0]            stat_underflow_next;

    // ------------------------------------------------------------------ 1. pool
    // pool = sat0(B - sum_i headroom[i] * |lossless| - reserve * N * P). The carve-out is
    // computed in HW bits, so no configuration can wrap it.
    reg [HW-1:0] headroom_sum;
    reg [HW-1:0] carved;
    integer hk;
    always @* begin
        headroom_sum = {HW{1'b0}};
        for (hk = 0; hk < N_PORTS; hk = hk + 1)
            headroom_sum = headroom_sum + {{(HW-CW){1'b0}}, cfg_headroom[hk*CW +: CW]};
        carved = headroom_sum * {{(HW-4){1'b0}}, f_popcount(cfg_lossless)}
               + {{(HW-CW){1'b0}}, cfg_reserve} * NPG_W;
        if (carved < {{(HW-CW){1'b0}}, cfg_total_cells})
            pool_next = cfg_total_cells - carved[CW-1:0];
        else
            pool_next = {CW{1'b0}};
    end

    // ------------------------------------------------------------------ 2. threshold
    // From the registered pool and shared_used: decisions at cycle t see the state of t-1.
    wire [CW-1:0] pool_free = (pool_reg > shared_used_reg) ? (pool_reg - shared_used_reg) : {CW{1'b0}};

    genvar gi, gp, go;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_thr
            assign thr_next[gi*CW +: CW] = pool_free >> cfg_alpha_shift[gi*4 +: 4];
        end
    endgenerate

    // ------------------------------------------------------------------ 3. admission
    // The room a PG has left at each level depends only on registered counters and cfg, so
    // it is computed for every PG in parallel with the packet's arrival; the packet of s
    // cells then needs only SW-bit compares, and the port picks its PG's results by prio:
    //   reserve:  ing + s <= reserve              <=>  s <= reserve - ing
    //   shared:   ing + s - reserve <= T          <=>  s <= T + reserve - ing
    //   headroom: hd + s <= headroom[i]           <=>  s <= headroom[i] - hd
    // Rooms are signed XW-bit values (a negative room fits nothing): the CW+1-bit comparison
    // of the architecture, without wrap.
    localparam integer XW = CW + 2;

    // s <= room, for a signed XW-bit room
    function f_fits;
        input [XW-1:0] room;
        input [SW-1:0] cells;
        begin
            f_fits = !room[XW-1] &&
                     ((room[XW-2:SW] != {(XW-1-SW){1'b0}}) || (cells <= room[SW-1:0]));
        end
    endfunction

    wire [N_PORTS-1:0]    adm_acc;        // accepted (valid, legal indices, not dropped)
    wire [N_PORTS*3-1:0]  adm_prio;
    wire [N_PORTS*PW-1:0] adm_dst;
    wire [N_PORTS*SW-1:0] adm_cells;
    wire [N_PORTS*SW-1:0] adm_shared_add; // cells that go to shared_used
    wire [N_PORTS-1:0]    adm_to_hdrm;

    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_adm
            wire [2:0]    prio  = enq_prio[gi*3 +: 3];
            wire [PW-1:0] dst   = enq_dst[gi*PW +: PW];
            wire [SW-1:0] cells = enq_cells[gi*SW +: SW];
            wire          idx_ok = ({1'b0, prio} < N_PRIO_W) && ({1'b0, dst} < N_PORTS_W);

            // per PG of this port: does the offered packet fit each level?
            wire [N_PRIO-1:0]    pg_fits_reserve;
            wire [N_PRIO-1:0]    pg_fits_shared;
            wire [N_PRIO-1:0]    pg_fits_hdrm;
            wire [N_PRIO*SW-1:0] pg_split;   // cells above reserve if it goes to shared
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_room
                localparam integer IDX = gi*N_PRIO + gp;
                wire [XW-1:0] ing = {2'b00, ingress_reg[IDX*CW +: CW]};
                wire [XW-1:0] hd  = {2'b00, hdrm_reg[IDX*CW +: CW]};
                wire [XW-1:0] res = {2'b00, cfg_reserve};
                wire [XW-1:0] lim = {2'b00, cfg_static_mode ? cfg_xoff[IDX*CW +: CW]
                                                             : thr_reg[gi*CW +: CW]};
                wire [XW-1:0] res_room = res - ing;
                wire [XW-1:0] shr_room = lim + res - ing;
                wire [XW-1:0] hd_room  = {2'b00, cfg_headroom[gi*CW +: CW]} - hd;
                assign pg_fits_reserve[gp] = f_fits(res_room, cells);
                assign pg_fits_shared[gp]  = f_fits(shr_room, cells);
                assign pg_fits_hdrm[gp]    = cfg_lossless[gp] && f_fits(hd_room, cells);
                // not fitting reserve: either ing >= reserve (all s is shared) or
                // 0 <= reserve - ing < s (the part above reserve is s - (reserve - ing))
                assign pg_split[gp*SW +: SW] = res_room[XW-1] ? cells : (cells - res_room[SW-1:0]);
            end

            reg          fits_reserve;
            reg          fits_shared;
            reg          fits_hdrm;
            reg          lossless_sel;
            reg [SW-1:0] split;
            integer q;
            always @* begin
                fits_reserve = 1'b0;
                fits_shared = 1'b0;
                fits_hdrm = 1'b0;
                lossless_sel = 1'b0;
                split = {SW{1'b0}};
                for (q = 0; q < N_PRIO; q = q + 1) begin
                    if (prio == q[2:0]) begin
                        fits_reserve = pg_fits_reserve[q];
                        fits_shared = pg_fits_shared[q];
                        fits_hdrm = pg_fits_hdrm[q];
                        lossless_sel = cfg_lossless[q];
                        split = pg_split[q*SW +: SW];
                    end
                end
            end

            reg [1:0] where;
            always @* begin
                if (!idx_ok)           where = 2'd3;
                else if (fits_reserve) where = 2'd0;
                else if (fits_shared)  where = 2'd1;
                else if (fits_hdrm)    where = 2'd2;
                else                   where = 2'd3;
            end

            wire valid = enq_valid[gi];
            wire drop  = valid && (where == 2'd3);

            assign adm_acc[gi]                 = valid && (where != 2'd3);
            assign adm_prio[gi*3 +: 3]         = prio;
            assign adm_dst[gi*PW +: PW]        = dst;
            assign adm_cells[gi*SW +: SW]      = cells;
            assign adm_shared_add[gi*SW +: SW] = (valid && where == 2'd1) ? split : {SW{1'b0}};
            assign adm_to_hdrm[gi]             = (where == 2'd2);

            assign enq_accept_next[gi]       = valid && (where != 2'd3);
            assign enq_drop_next[gi]         = drop;
            assign enq_where_next[gi*2 +: 2] = valid ? where : 2'd0;
            assign stat_violation_next[gi]   = drop && idx_ok && lossless_sel;
            assign stat_drop_next[gi]        = drop && !(idx_ok && lossless_sel);
        end
    endgenerate

    // ------------------------------------------------------------------ 4. release
    // Legal deq per egress port (an illegal index releases nothing and is flagged).
    wire [N_PORTS-1:0] deq_ok;
    generate
        for (go = 0; go < N_PORTS; go = go + 1) begin : g_deq
            assign deq_ok[go] = deq_valid[go]
                && ({1'b0, deq_prio[go*3 +: 3]} < N_PRIO_W)
                && ({1'b0, deq_src[go*PW +: PW]} < N_PORTS_W);
        end
    endgenerate

    // Per PG: the sum r of this cycle's deqs naming it; headroom first, then shared, then
    // reserve, all from the registered counters.
    wire [NPG*RW-1:0] pg_rel_shared;   // rs per PG
    wire [NPG-1:0]    pg_underflow;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_pg_port
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_pg
                localparam integer IDX = gi*N_PRIO + gp;
                localparam [2:0]    P3 = gp;
                localparam [PW-1:0] IW = gi;

                reg [RW-1:0] r;
                integer k;
                always @* begin
                    r = {RW{1'b0}};
                    for (k = 0; k < N_PORTS; k = k + 1)
                        if (deq_ok[k] && deq_prio[k*3 +: 3] == P3 && deq_src[k*PW +: PW] == IW)
                            r = r + {{(RW-SW){1'b0}}, deq_cells[k*SW +: SW]};
                end

                wire [CW-1:0] ing = ingress_reg[IDX*CW +: CW];
                wire [CW-1:0] hd  = hdrm_reg[IDX*CW +: CW];
                wire [CW-1:0] sh  = (ing > cfg_reserve) ? (ing - cfg_reserve) : {CW{1'b0}};
                wire [RW-1:0] rh  = f_min(r, hd);          // headroom first
                wire [RW-1:0] rem = r - rh;                // owed by the ingress counter
                wire [RW-1:0] rs  = f_min(rem, sh);        // then shared, the rest reserve
                wire          ing_under = f_under(ing, rem);

                wire hit = adm_acc[gi] && (adm_prio[gi*3 +: 3] == P3);
                wire [RW-1:0] add_w   = {{(RW-SW){1'b0}}, adm_cells[gi*SW +: SW]};
                wire [RW-1:0] add_ing = (hit && !adm_to_hdrm[gi]) ? add_w : {RW{1'b0}};
                wire [RW-1:0] add_hd  = (hit &&  adm_to_hdrm[gi]) ? add_w : {RW{1'b0}};

                assign ingress_next[IDX*CW +: CW]  = f_update(ing, rem, add_ing, ing_under);
                assign hdrm_next[IDX*CW +: CW]     = f_update(hd, rh, add_hd, 1'b0);  // rh <= hd
                assign pg_rel_shared[IDX*RW +: RW] = rs;
                assign pg_underflow[IDX]           = ing_under;
            end
        end
    endgenerate

    // shared_used: registered value minus every shared release plus every shared admission.
    reg [RW-1:0] shared_rel_sum;
    reg [RW-1:0] shared_add_sum;
    integer sk;
    always @* begin
        shared_rel_sum = {RW{1'b0}};
        for (sk = 0; sk < NPG; sk = sk + 1)
            shared_rel_sum = shared_rel_sum + pg_rel_shared[sk*RW +: RW];
        shared_add_sum = {RW{1'b0}};
        for (sk = 0; sk < N_PORTS; sk = sk + 1)
            shared_add_sum = shared_add_sum + {{(RW-SW){1'b0}}, adm_shared_add[sk*SW +: SW]};
    end
    wire shared_underflow = f_under(shared_used_reg, shared_rel_sum);
    assign shared_used_next = f_update(shared_used_reg, shared_rel_sum, shared_add_sum, shared_underflow);

    // ------------------------------------------------------------------ 5. egress, comp
    wire [NPG*N_PORTS-1:0] comp_underflow;   // (o*N_PRIO+p)*N_PORTS+i
    wire [NPG-1:0]         eq_underflow;     // o*N_PRIO+p
    generate
        for (go = 0; go < N_PORTS; go = go + 1) begin : g_eq_port
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_eq
                localparam integer EIDX = go*N_PRIO + gp;
                localparam [2:0]    P3 = gp;
                localparam [PW-1:0] OW = go;

                wire          deq_hit = deq_ok[go] && (deq_prio[go*3 +: 3] == P3);
                wire [RW-1:0] dcells  = deq_hit ? {{(RW-SW){1'b0}}, deq_cells[go*SW +: SW]}
                                                : {RW{1'b0}};
                wire [N_PORTS-1:0] to_here;     // ingress port i enqueues into this EQ

                reg [RW-1:0] add;
                integer k;
                always @* begin
                    add = {RW{1'b0}};
                    for (k = 0; k < N_PORTS; k = k + 1)
                        if (to_here[k]) add = add + {{(RW-SW){1'b0}}, adm_cells[k*SW +: SW]};
                end

                wire [CW-1:0] eg = egress_reg[EIDX*CW +: CW];
                wire eg_under = f_under(eg, dcells);
                assign egress_next[EIDX*CW +: CW] = f_update(eg, dcells, add, eg_under);
                assign eq_underflow[EIDX] = eg_under;

                for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_comp
                    localparam integer CIDX = EIDX*N_PORTS + gi;
                    localparam [PW-1:0] IW = gi;
                    assign to_here[gi] = adm_acc[gi] && (adm_dst[gi*PW +: PW] == OW)
                                         && (adm_prio[gi*3 +: 3] == P3);
                    wire [CW-1:0] cur = comp_reg[CIDX*CW +: CW];
                    wire [RW-1:0] rel = (deq_src[go*PW +: PW] == IW) ? dcells : {RW{1'b0}};
                    wire [RW-1:0] cadd = to_here[gi] ? {{(RW-SW){1'b0}}, adm_cells[gi*SW +: SW]}
                                                     : {RW{1'b0}};
                    wire c_under = f_under(cur, rel);
                    assign comp_next[CIDX*CW +: CW] = f_update(cur, rel, cadd, c_under);
                    assign comp_underflow[CIDX] = c_under;
                end
            end
        end
    endgenerate

    // stat_underflow[k]: a counter of port k (its PGs as ingress, its EQs and their
    // composition as egress) was asked to release more than it held, or port k released
    // shared cells in a cycle where shared_used could not cover them, or egress port k
    // dequeued from a PG that does not exist.
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_uf
            wire [N_PRIO-1:0] rel_shared;
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_rs
                assign rel_shared[gp] = (pg_rel_shared[(gi*N_PRIO + gp)*RW +: RW] != {RW{1'b0}});
            end
            assign stat_underflow_next[gi] =
                  (|pg_underflow[gi*N_PRIO +: N_PRIO])
                | (shared_underflow && (|rel_shared))
                | (|eq_underflow[gi*N_PRIO +: N_PRIO])
                | (|comp_underflow[gi*N_PRIO*N_PORTS +: N_PRIO*N_PORTS])
                | (deq_valid[gi] && !deq_ok[gi]);
        end
    endgenerate

    // ------------------------------------------------------------------ 6. pause
    // Per PG from the registered counters and threshold; lossy PGs are never paused.
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_ps_port
            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_ps
                localparam integer IDX = gi*N_PRIO + gp;
                wire [CW-1:0] ing = ingress_reg[IDX*CW +: CW];
                wire [CW-1:0] hd  = hdrm_reg[IDX*CW +: CW];
                wire [CW-1:0] sh  = (ing > cfg_reserve) ? (ing - cfg_reserve) : {CW{1'b0}};
                wire [CW-1:0] t   = thr_reg[gi*CW +: CW];
                wire [CW:0]   sh_off = {1'b0, sh} + {1'b0, cfg_resume_offset};
                wire hd_zero = (hd == {CW{1'b0}});
                wire sh_zero = (sh == {CW{1'b0}});
                // A PG with nothing in shared or headroom never pauses: with a threshold of
                // 0 (just after reset, or an exhausted pool) it would otherwise pause and
                // resume on alternate edges and send XOFF/XON frames for nothing.
                wire dyn_pause  = !hd_zero || (!sh_zero && (sh >= t));
                wire dyn_resume = hd_zero && (sh_zero || (sh_off <= {1'b0, t}));
                wire st_pause   = !hd_zero || (!sh_zero && (sh >= cfg_xoff[IDX*CW +: CW]));
                wire st_resume  = hd_zero && (sh <= cfg_xon[IDX*CW +: CW]);
                wire do_pause   = cfg_static_mode ? st_pause : dyn_pause;
                wire do_resume  = cfg_static_mode ? st_resume : dyn_resume;
                assign paused_next[IDX] = cfg_lossless[gp] &&
                                          (paused_reg[IDX] ? !do_resume : do_pause);
            end
        end
    endgenerate

    // ------------------------------------------------------------------ flops
    integer rk;
    always @(posedge clk) begin
        if (rst) begin
            pool_reg           <= {CW{1'b0}};
            thr_reg            <= {(N_PORTS*CW){1'b0}};
            shared_free_reg    <= {CW{1'b0}};
            shared_used_reg    <= {CW{1'b0}};
            ingress_reg        <= {(NPG*CW){1'b0}};
            hdrm_reg           <= {(NPG*CW){1'b0}};
            egress_reg         <= {(NPG*CW){1'b0}};
            for (rk = 0; rk < NPG*N_PORTS; rk = rk + 1)
                comp_reg[rk*CW +: CW] <= {CW{1'b0}};
            paused_reg         <= {NPG{1'b0}};
            enq_accept_reg     <= {N_PORTS{1'b0}};
            enq_drop_reg       <= {N_PORTS{1'b0}};
            enq_where_reg      <= {(N_PORTS*2){1'b0}};
            stat_drop_reg      <= {N_PORTS{1'b0}};
            stat_violation_reg <= {N_PORTS{1'b0}};
            stat_underflow_reg <= {N_PORTS{1'b0}};
        end else begin
            pool_reg           <= pool_next;
            thr_reg            <= thr_next;
            shared_free_reg    <= pool_free;
            shared_used_reg    <= shared_used_next;
            ingress_reg        <= ingress_next;
            hdrm_reg           <= hdrm_next;
            egress_reg         <= egress_next;
            comp_reg           <= comp_next;
            paused_reg         <= paused_next;
            enq_accept_reg     <= enq_accept_next;
            enq_drop_reg       <= enq_drop_next;
            enq_where_reg      <= enq_where_next;
            stat_drop_reg      <= stat_drop_next;
            stat_violation_reg <= stat_violation_next;
            stat_underflow_reg <= stat_underflow_next;
        end
    end

    assign enq_accept     = enq_accept_reg;
    assign enq_drop       = enq_drop_reg;
    assign enq_where      = enq_where_reg;
    assign stat_drop      = stat_drop_reg;
    assign stat_violation = stat_violation_reg;
    assign stat_underflow = stat_underflow_reg;
    assign paused         = paused_reg;
    assign ingress_cnt    = ingress_reg;
    assign hdrm_cnt       = hdrm_reg;
    assign egress_cnt     = egress_reg;
    assign comp_cnt       = comp_reg;
    assign shared_used    = shared_used_reg;
    assign thr            = thr_reg;
    assign shared_free    = shared_free_reg;

endmodule

`default_nettype wire
