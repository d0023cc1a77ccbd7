// fg_sw_admit - the line-rate switch core's admission path (fg_sw_core with LINE_RATE = 1 or 2;
// docs/blocks/sw_core.md, "The line-rate form"; ARCHITECTURE 5.1b).
//
// fg_bm_pipe takes one admission and one release per cycle, time-division multiplexed over
// the ports behind per-port holding registers (enq_ready, deq_ready), and gives one verdict
// per cycle with the admission's fields (ECT rides as its tag). fg_ecn_mark decides the CE
// mark of each verdict six edges later; the verdict waits for it in a six-stage delay line
// whose last stage is per port (enq_accept, enq_drop, enq_where, the stat pulses), so a
// port's verdicts leave in the order of its offers, at most one per edge:
//   edge 1..5   the verdict (valid, port, where, stat pulses, prio, dst) moves down the line
//   edge 6      demultiplexed to its port; enq_mark_raw (the marker's output) is its mark
// The egress start gate cannot use the buffer manager's egress cell counters: they take an
// admission two edges after its verdict (fg_bm_seq: one), four (five) before the environment
// learns of the packet,
// so a grant could name a queue the environment still has empty. eq_nonempty comes from a
// packet count per EQ instead, +1 when its accepted verdict leaves the line (the edge after
// enq_accept shows), -1 on the edge after a grant names it (the environment starts that
// packet; the scheduler gives no grant on the edge right after one, so it never grants a
// packet twice). The count saturates at 2^CW - 1 and never goes below 0. The C twin is the
// LINE_RATE part of cmodel/top/sw_core.c. With BM_SEQ = 1 the buffer manager is fg_bm_seq
// (docs/blocks/bm_seq.md): the same ports and accounting, one operation per five-cycle slot;
// the verdict stream, adm_eq_cnt two edges after it, and everything behind are unchanged.
`default_nettype none

module fg_sw_admit #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,
    parameter integer SW      = 8,
    parameter integer ECN     = 1,   // 0: no marker (enq_mark_raw = 0; the verdict keeps its latency)
    parameter integer BM_SEQ  = 0,   // 1: fg_bm_seq (one op per five-cycle slot, the UP5K form)
                                     //    instead of fg_bm_pipe; its monitor is not a stream
    // derived, do not override: port-index width clog2(N_PORTS), at least 1
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                          clk,
    input  wire                          rst,
    // configuration (the register block's outputs)
    input  wire [CW-1:0]                 cfg_total_cells,
    input  wire [CW-1:0]                 cfg_reserve,
    input  wire [N_PORTS*CW-1:0]         cfg_headroom,
    input  wire [N_PORTS*4-1:0]          cfg_alpha_shift,
    input  wire [CW-1:0]                 cfg_resume_offset,
    input  wire [N_PRIO-1:0]             cfg_lossless,
    input  wire                          cfg_static_mode,
    // the static limits as the register block's writes (both buffer managers keep them in block
    // RAM; the register block's cfg_wr_data and cfg_wr_index are wider than they need)
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire                          cfg_xoff_wr,
    input  wire                          cfg_xon_wr,
    input  wire [7:0]                    cfg_wr_index,
    input  wire [31:0]                   cfg_wr_data,
    input  wire [CW-1:0]                 cfg_xoff_rst,
    input  wire [CW-1:0]                 cfg_xon_rst,
    /* verilator lint_on UNUSEDSIGNAL */
    // the marker's configuration (unused with ECN = 0)
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [N_PRIO-1:0]             cfg_ecn_prio_mask,
    input  wire [CW-1:0]                 cfg_ecn_kmin,
    input  wire [CW-1:0]                 cfg_ecn_kmax,
    input  wire [31:0]                   cfg_ecn_slope,
    input  wire [31:0]                   cfg_ecn_seed,
    input  wire                          cfg_ecn_seed_load,
    /* verilator lint_on UNUSEDSIGNAL */
    // arrivals and departures (the core's ports)
    input  wire [N_PORTS-1:0]            enq_valid,
    output wire [N_PORTS-1:0]            enq_ready,
    input  wire [N_PORTS*3-1:0]          enq_prio,
    input  wire [N_PORTS*PW-1:0]         enq_dst,
    input  wire [N_PORTS*SW-1:0]         enq_cells,
    input  wire [N_PORTS-1:0]            enq_ect,
    input  wire [N_PORTS-1:0]            deq_valid,
    output wire [N_PORTS-1:0]            deq_ready,
    input  wire [N_PORTS*3-1:0]          deq_prio,
    input  wire [N_PORTS*PW-1:0]         deq_src,
    input  wire [N_PORTS*SW-1:0]         deq_cells,
    // the egress schedulers' registered grants
    input  wire [N_PORTS-1:0]            grant_valid,
    input  wire [N_PORTS*3-1:0]          grant_prio,
    // verdicts, per port (registered)
    output wire [N_PORTS-1:0]            enq_accept,
    output wire [N_PORTS-1:0]            enq_drop,
    output wire [N_PORTS*2-1:0]          enq_where,
    output wire                          enq_mark_raw,   // the mark of this edge's verdict
    output wire [N_PORTS-1:0]            stat_drop,
    output wire [N_PORTS-1:0]            stat_violation,
    // buffer state
    output wire [N_PORTS*N_PRIO-1:0]     paused,
    // fg_bm_pipe's monitor: one PG's ingress + headroom per cycle, PG (c - 5) mod N*P in cycle c
    // after reset (the line-rate core's GFC engine takes it, fg_gfc_scan with PHASE 5)
    output wire [CW:0]                   mon_occ,
    output wire [N_PORTS*N_PRIO*CW-1:0]  egress_cnt,
    output wire [CW-1:0]                 shared_used,
    output wire [CW-1:0]                 shared_free,
    output wire [N_PORTS*N_PRIO-1:0]     eq_nonempty,
    // the buffer manager's streams for the composition counters (fg_comp_bank, P-PFC):
    // the admissions it accepted (key dst, prio, port; + cells) and the releases it decided
    // (key port, prio, src; - cells), both registered (one edge after the verdict / release)
    output wire                          cm_adm_valid,
    output wire [PW-1:0]                 cm_adm_port,
    output wire [2:0]                    cm_adm_prio,
    output wire [PW-1:0]                 cm_adm_dst,
    output wire [SW-1:0]                 cm_adm_cells,
    output wire                          cm_rel_valid,
    output wire [PW-1:0]                 cm_rel_port,
    output wire [2:0]                    cm_rel_prio,
    output wire [PW-1:0]                 cm_rel_src,
    output wire [SW-1:0]                 cm_rel_cells
);

    localparam integer NQ    = N_PORTS * N_PRIO;
    localparam integer DEPTH = 5;  // compact stages before the per-port one (6 = the marker's latency)

    // ---- buffer manager ---------------------------------------------------------------------
    // (the monitor's other fields are not used here: its order is fixed from reset, and
    // fg_gfc_scan takes its occupancy in that order)
    localparam integer PGW = (NQ > 1) ? $clog2(NQ) : 1;
    /* verilator lint_off UNUSEDSIGNAL */
    wire                 mon_valid_unused;
    wire [PGW-1:0]       mon_pg_unused;
    wire [CW-1:0]        mon_ing_unused, mon_hd_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    wire          adm_valid;
    wire [PW-1:0] adm_port;
    wire [1:0]    adm_where;
    wire [2:0]    adm_prio;
    wire [PW-1:0] adm_dst;
    /* verilator lint_off UNUSEDSIGNAL */
    wire          adm_ect;      // the marker's inputs (unused with ECN = 0); the verdict's EQ
    wire [CW-1:0] adm_eq_cnt;   // length comes two edges after the verdict
    /* verilator lint_on UNUSEDSIGNAL */
    wire          adm_stat_drop, adm_stat_violation;
    // the admitted size and the release events go out for the composition counters
    wire [SW-1:0]  adm_cells;
    wire           rel_valid;
    wire [PW-1:0]  rel_port, rel_src;
    wire [2:0]     rel_prio;
    wire [SW-1:0]  rel_cells;
    // underflow pulses and thresholds are observation points of the block
    // (docs/blocks/bm_pipe.md, bm_seq.md)
    /* verilator lint_off UNUSEDSIGNAL */
    wire           stat_bad_deq, stat_pg_underflow, stat_eq_underflow, stat_shared_underflow;
    wire [N_PORTS*CW-1:0] thr;
    /* verilator lint_on UNUSEDSIGNAL */
    assign cm_adm_valid = adm_valid && (adm_where != 2'd3);   // 3: dropped
    assign cm_adm_port  = adm_port;
    assign cm_adm_prio  = adm_prio;
    assign cm_adm_dst   = adm_dst;
    assign cm_adm_cells = adm_cells;
    assign cm_rel_valid = rel_valid;
    assign cm_rel_port  = rel_port;
    assign cm_rel_prio  = rel_prio;
    assign cm_rel_src   = rel_src;
    assign cm_rel_cells = rel_cells;

    generate
        if (BM_SEQ == 0) begin : g_bm_pipe
            fg_bm_pipe #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .SW      (SW),
                .TAG_W   (1)
            ) u_bmp (
                .clk                   (clk),
                .rst                   (rst),
                .cfg_total_cells       (cfg_total_cells),
                .cfg_reserve           (cfg_reserve),
                .cfg_headroom          (cfg_headroom),
                .cfg_alpha_shift       (cfg_alpha_shift),
                .cfg_resume_offset     (cfg_resume_offset),
                .cfg_lossless          (cfg_lossless),
                .cfg_static_mode       (cfg_static_mode),
                .cfg_xoff_wr           (cfg_xoff_wr),
                .cfg_xon_wr            (cfg_xon_wr),
                .cfg_lim_wr_pg         (cfg_wr_index[PGW-1:0]),
                .cfg_lim_wr_data       (cfg_wr_data[CW-1:0]),
                .cfg_xoff_rst          (cfg_xoff_rst),
                .cfg_xon_rst           (cfg_xon_rst),
                .enq_valid             (enq_valid),
                .enq_ready             (enq_ready),
                .enq_prio              (enq_prio),
                .enq_dst               (enq_dst),
                .enq_cells             (enq_cells),
                .enq_tag               (enq_ect),
                .deq_valid             (deq_valid),
                .deq_ready             (deq_ready),
                .deq_prio              (deq_prio),
                .deq_src               (deq_src),
                .deq_cells             (deq_cells),
                .adm_valid             (adm_valid),
                .adm_port              (adm_port),
                .adm_where             (adm_where),
                .adm_prio              (adm_prio),
                .adm_dst               (adm_dst),
                .adm_cells             (adm_cells),
                .adm_tag               (adm_ect),
                .stat_drop             (adm_stat_drop),
                .stat_violation        (adm_stat_violation),
                .rel_valid             (rel_valid),
                .rel_port              (rel_port),
                .rel_prio              (rel_prio),
                .rel_src               (rel_src),
                .rel_cells             (rel_cells),
                .stat_bad_deq          (stat_bad_deq),
                .stat_pg_underflow     (stat_pg_underflow),
                .stat_eq_underflow     (stat_eq_underflow),
                .adm_eq_cnt            (adm_eq_cnt),
                .stat_shared_underflow (stat_shared_underflow),
                .paused                (paused),
                .mon_valid             (mon_valid_unused),
                .mon_pg                (mon_pg_unused),
                .mon_ing               (mon_ing_unused),
                .mon_hd                (mon_hd_unused),
                .mon_occ               (mon_occ),
                .egress_cnt            (egress_cnt),
                .shared_used           (shared_used),
                .thr                   (thr),
                .shared_free           (shared_free)
            );
        end else begin : g_bm_seq
            fg_bm_seq #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .SW      (SW),
                .TAG_W   (1)
            ) u_bms (
                .clk                   (clk),
                .rst                   (rst),
                .cfg_total_cells       (cfg_total_cells),
                .cfg_reserve           (cfg_reserve),
                .cfg_headroom          (cfg_headroom),
                .cfg_alpha_shift       (cfg_alpha_shift),
                .cfg_resume_offset     (cfg_resume_offset),
                .cfg_lossless          (cfg_lossless),
                .cfg_static_mode       (cfg_static_mode),
                .cfg_xoff_wr           (cfg_xoff_wr),
                .cfg_xon_wr            (cfg_xon_wr),
                .cfg_lim_wr_pg         (cfg_wr_index[PGW-1:0]),
                .cfg_lim_wr_data       (cfg_wr_data[CW-1:0]),
                .cfg_xoff_rst          (cfg_xoff_rst),
                .cfg_xon_rst           (cfg_xon_rst),
                .enq_valid             (enq_valid),
                .enq_ready             (enq_ready),
                .enq_prio              (enq_prio),
                .enq_dst               (enq_dst),
                .enq_cells             (enq_cells),
                .enq_tag               (enq_ect),
                .deq_valid             (deq_valid),
                .deq_ready             (deq_ready),
                .deq_prio              (deq_prio),
                .deq_src               (deq_src),
                .deq_cells             (deq_cells),
                .adm_valid             (adm_valid),
                .adm_port              (adm_port),
                .adm_where             (adm_where),
                .adm_prio              (adm_prio),
                .adm_dst               (adm_dst),
                .adm_cells             (adm_cells),
                .adm_tag               (adm_ect),
                .stat_drop             (adm_stat_drop),
                .stat_violation        (adm_stat_violation),
                .rel_valid             (rel_valid),
                .rel_port              (rel_port),
                .rel_prio              (rel_prio),
                .rel_src               (rel_src),
                .rel_cells             (rel_cells),
                .stat_bad_deq          (stat_bad_deq),
                .stat_pg_underflow     (stat_pg_underflow),
                .stat_eq_underflow     (stat_eq_underflow),
                .adm_eq_cnt            (adm_eq_cnt),
                .stat_shared_underflow (stat_shared_underflow),
                .paused                (paused),
                .mon_valid             (mon_valid_unused),
                .mon_pg                (mon_pg_unused),
                .mon_ing               (mon_ing_unused),
                .mon_hd                (mon_hd_unused),
                .mon_occ               (mon_occ),
                .egress_cnt            (egress_cnt),
                .shared_used           (shared_used),
                .thr                   (thr),
                .shared_free           (shared_free)
            );
        end
    endgenerate

    // ---- the marker: one verdict per edge, its mark six edges later ---------------------------
    generate
        if (ECN == 0) begin : g_no_ecn
            assign enq_mark_raw = 1'b0;
        end else begin : g_ecn
            fg_ecn_mark #(
                .N_PRIO     (N_PRIO),
                .CW         (CW),
                .RESET_SEED (32'h0000_0002)  // ECN_SEED's reset value
            ) u_mark (
                .clk           (clk),
                .rst           (rst),
                .cfg_prio_mask (cfg_ecn_prio_mask),
                .cfg_kmin      (cfg_ecn_kmin),
                .cfg_kmax      (cfg_ecn_kmax),
                .cfg_slope     (cfg_ecn_slope),
                .cfg_seed      (cfg_ecn_seed),
                .cfg_seed_load (cfg_ecn_seed_load),
                .in_valid      (adm_valid),
                .in_prio       (adm_prio),
                .in_ect        (adm_ect),
                .in_q          (adm_eq_cnt),
                .mark          (enq_mark_raw)
            );
        end
    endgenerate

    // ---- the verdict's delay line ---------------------------------------------------------------
    reg  [DEPTH-1:0]    dl_v_reg, dl_sd_reg, dl_sv_reg;
    reg  [DEPTH*PW-1:0] dl_port_reg, dl_dst_reg;
    reg  [DEPTH*2-1:0]  dl_where_reg;
    reg  [DEPTH*3-1:0]  dl_prio_reg;
    // the last stage, per port, and the accepted verdict's EQ (one-hot)
    reg  [N_PORTS-1:0]   acc_reg, drop_reg, sd_reg, sv_reg;
    reg  [N_PORTS*2-1:0] where_reg;
    reg  [NQ-1:0]        acc_eq_reg;
    reg  [N_PORTS-1:0]   acc_next, drop_next, sd_next, sv_next;
    reg  [N_PORTS*2-1:0] where_next;
    reg  [NQ-1:0]        acc_eq_next;

    localparam integer LP = (DEPTH - 1) * PW;   // the last compact stage's offsets
    wire          last_v     = dl_v_reg[DEPTH-1];
    wire [PW-1:0] last_port  = dl_port_reg[LP +: PW];
    wire [PW-1:0] last_dst   = dl_dst_reg[LP +: PW];
    wire [1:0]    last_where = dl_where_reg[(DEPTH-1)*2 +: 2];
    wire [2:0]    last_prio  = dl_prio_reg[(DEPTH-1)*3 +: 3];
    wire          last_acc   = last_v && (last_where != 2'd3);
    integer ki, kp;
    always @* begin
        for (ki = 0; ki < N_PORTS; ki = ki + 1) begin
            acc_next[ki]  = last_acc && ({{(32-PW){1'b0}}, last_port} == ki);
            drop_next[ki] = last_v && !last_acc && ({{(32-PW){1'b0}}, last_port} == ki);
            sd_next[ki]   = dl_sd_reg[DEPTH-1] && ({{(32-PW){1'b0}}, last_port} == ki);
            sv_next[ki]   = dl_sv_reg[DEPTH-1] && ({{(32-PW){1'b0}}, last_port} == ki);
            where_next[ki*2 +: 2] = last_where & {2{last_v && ({{(32-PW){1'b0}}, last_port} == ki)}};
            for (kp = 0; kp < N_PRIO; kp = kp + 1)
                acc_eq_next[ki*N_PRIO + kp] = last_acc && ({{(32-PW){1'b0}}, last_dst} == ki) &&
                                              ({29'd0, last_prio} == kp);
        end
    end

    // ---- packet count per EQ (the egress start gate's non-empty) ----------------------------
    // (saturating at both ends; pkt_nz_reg and pkt_full_reg are the count's "not 0" and "all
    // ones", kept beside it from compares of the count before its step: as reductions of the
    // count they ran in front of its flops' enables, on the UP5K core one seed's slowest path)
    localparam [CW-1:0] PKT_ONE = {{(CW-1){1'b0}}, 1'b1};
    localparam [CW-1:0] PKT_MAX_M1 = {{(CW-1){1'b1}}, 1'b0};
    reg  [NQ*CW-1:0] pkt_reg;
    reg  [NQ*CW-1:0] pkt_next;
    reg  [NQ-1:0]    pkt_nz_reg, pkt_full_reg, pkt_nz_next, pkt_full_next;
    reg  [NQ-1:0]    granted;
    reg              pkt_inc, pkt_dec;
    integer ko, kq;
    always @* begin
        for (ko = 0; ko < N_PORTS; ko = ko + 1)
            for (kq = 0; kq < N_PRIO; kq = kq + 1)
                granted[ko*N_PRIO + kq] = grant_valid[ko] && ({29'd0, grant_prio[ko*3 +: 3]} == kq);
        for (kq = 0; kq < NQ; kq = kq + 1) begin
            pkt_inc = acc_eq_reg[kq] && !granted[kq] && !pkt_full_reg[kq];
            pkt_dec = granted[kq] && !acc_eq_reg[kq] && pkt_nz_reg[kq];
            pkt_next[kq*CW +: CW] = pkt_reg[kq*CW +: CW];
            pkt_nz_next[kq]       = pkt_nz_reg[kq];
            pkt_full_next[kq]     = pkt_full_reg[kq];
            if (pkt_inc) begin
                pkt_next[kq*CW +: CW] = pkt_reg[kq*CW +: CW] + PKT_ONE;
                pkt_nz_next[kq]       = 1'b1;
                pkt_full_next[kq]     = (pkt_reg[kq*CW +: CW] == PKT_MAX_M1);
            end else if (pkt_dec) begin
                pkt_next[kq*CW +: CW] = pkt_reg[kq*CW +: CW] - PKT_ONE;
                pkt_nz_next[kq]       = (pkt_reg[kq*CW +: CW] != PKT_ONE);
                pkt_full_next[kq]     = 1'b0;
            end
        end
    end

    assign eq_nonempty = pkt_nz_reg;

    // ---- flops --------------------------------------------------------------------------------
    always @(posedge clk) begin
        if (rst) begin
            dl_v_reg     <= {DEPTH{1'b0}};
            dl_sd_reg    <= {DEPTH{1'b0}};
            dl_sv_reg    <= {DEPTH{1'b0}};
            dl_port_reg  <= {(DEPTH*PW){1'b0}};
            dl_dst_reg   <= {(DEPTH*PW){1'b0}};
            dl_where_reg <= {(DEPTH*2){1'b0}};
            dl_prio_reg  <= {(DEPTH*3){1'b0}};
            acc_reg      <= {N_PORTS{1'b0}};
            drop_reg     <= {N_PORTS{1'b0}};
            sd_reg       <= {N_PORTS{1'b0}};
            sv_reg       <= {N_PORTS{1'b0}};
            where_reg    <= {(N_PORTS*2){1'b0}};
            acc_eq_reg   <= {NQ{1'b0}};
            pkt_reg      <= {(NQ*CW){1'b0}};
            pkt_nz_reg   <= {NQ{1'b0}};
            pkt_full_reg <= {NQ{1'b0}};
        end else begin
            dl_v_reg     <= {dl_v_reg[DEPTH-2:0], adm_valid};
            dl_sd_reg    <= {dl_sd_reg[DEPTH-2:0], adm_stat_drop};
            dl_sv_reg    <= {dl_sv_reg[DEPTH-2:0], adm_stat_violation};
            dl_port_reg  <= {dl_port_reg[LP-1:0], adm_port};
            dl_dst_reg   <= {dl_dst_reg[LP-1:0], adm_dst};
            dl_where_reg <= {dl_where_reg[(DEPTH-1)*2-1:0], adm_where};
            dl_prio_reg  <= {dl_prio_reg[(DEPTH-1)*3-1:0], adm_prio};
            acc_reg      <= acc_next;
            drop_reg     <= drop_next;
            sd_reg       <= sd_next;
            sv_reg       <= sv_next;
            where_reg    <= where_next;
            acc_eq_reg   <= acc_eq_next;
            pkt_reg      <= pkt_next;
            pkt_nz_reg   <= pkt_nz_next;
            pkt_full_reg <= pkt_full_next;
        end
    end

    assign enq_accept     = acc_reg;
    assign enq_drop       = drop_reg;
    assign enq_where      = where_reg;
    assign stat_drop      = sd_reg;
    assign stat_violation = sv_reg;

endmodule

`default_nettype wire
