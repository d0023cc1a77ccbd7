// fg_sw_core - the switch core: shared-buffer manager, PFC frame requests, PFC receive
// timers, per-port egress start gates and the register block (docs/ARCHITECTURE.md 5).
//
// The core is the switch's memory-management unit and flow-control engine; it holds no
// packet data. The environment reports arrivals (enq, one per ingress port per cycle) and
// departures (deq, one per egress port per cycle), hands in decoded received PFC frames
// (rx_pfc_*, from fg_pfc_rx), takes the PFC frame requests (tx_ctrl_*, to fg_pfc_tx) and
// starts the head packet of EQ(o, grant_prio) when grant_valid[o] is high. An outside flow
// control (credits, rate limiters) can hold any EQ through tx_hold.
// P-PFC (fg_ppfc, PPFC=1; the line-rate form: fg_ppfc_decide) predicts congestion from the
// buffer manager's counters and asks the pfc_gen of pp_port for a predictive XOFF with its own
// pause time; fg_ecn_red (the line-rate form: fg_ecn_mark) CE-marks admitted ECN-capable
// packets (enq_ect -> enq_mark) by RED on the egress queue.
// Every sub-block sees the others' registered outputs, so each path between them is one
// flop to the next; the only logic here is the per-EQ non-empty reduction (the line-rate
// form: a packet count's), the PG occupancy for GFC (an adder on two counters; the line-rate
// form reads fg_bm_pipe's occ register as it stands), the pp_port demultiplexer, the seed-load
// strobes, the stat pulse ANDs/ORs, and in the line-rate form the mark's fan-out to the ports
// and link_idle ANDed with the port's free release register.
// Buffer-based GFC (GFC_CTRL.gfc_enable, on the lossless priorities): one fg_gfc_stage per
// ingress PG turns the PG's occupancy into a stage and asks for a GFC frame (opcode 0x0102,
// tx_ctrl_gfc) on every change instead of PFC pauses; received stages (rx_gfc_valid) set one
// fg_rate_limiter per EQ, which gates the egress start like tx_paused (docs/gfc.md).
// LINE_RATE = 1 builds the line-rate form (docs/blocks/sw_core.md, "The line-rate form";
// instead of a stage generator per PG, one fg_gfc_scan engine visits the PGs in turn):
// fg_bm_pipe admits one packet and releases one per cycle, time-division
// multiplexed over the ports behind per-port holding registers (enq_ready), and fg_ecn_mark
// marks one admission per cycle six edges later; a port's verdicts come in the order of its
// offers, each one edge per verdict stage plus the marker's six (ARCHITECTURE 5.1b), and the
// egress start gate sees a packet count per EQ kept from the verdicts and the grants (the
// buffer manager's cell counters run ahead of the environment's queues there). P-PFC there is
// three blocks (docs/blocks/ppfc_decide.md): fg_ppfc_snap on fg_bm_pipe's monitor,
// fg_comp_bank (the composition counters in block RAM) on its accepted admissions and its
// releases, and fg_ppfc_decide between them; the bank clears its RAM after reset (N*N*P
// edges), and until it is ready the core holds enq_ready and deq_ready low (CW <= 19).
// LINE_RATE = 2 is the same form with fg_bm_seq, the compact buffer manager (one operation per
// five-cycle slot, docs/blocks/bm_seq.md) for small devices; its monitor is not the stream
// fg_gfc_scan and fg_ppfc_snap need, so it requires GFC = 0 and PPFC = 0 too.
// The C twin is cmodel/top/sw_core.c (its cfg.no_ppfc, no_gfc, no_ecn, no_stats mirror PPFC, GFC,
// ECN, STATS = 0, cfg.line_rate LINE_RATE).
`default_nettype none

module fg_sw_core #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width
    parameter integer SW      = 8,   // packet-size width (cells)
    parameter integer PPFC    = 1,   // 1: the P-PFC engine is built; 0: left out (no predictions)
    parameter integer PPFC_LANES = 1, // fg_ppfc CAND_LANES (1..N_PORTS, docs/blocks/ppfc.md)
    parameter integer LINE_RATE = 0,   // 1: the line-rate buffer manager, marker and P-PFC;
                                       // 2: the same with the compact fg_bm_seq (needs GFC = 0, PPFC = 0)
    parameter integer GFC     = 1,   // 1: buffer-based GFC built (stage generators, limiters); 0: left out
    parameter integer ECN     = 1,   // 1: the ECN marker built; 0: left out (enq_mark = 0)
    parameter integer STATS   = 1,   // 1: the register block's statistics counters built; 0: left
                                     // out (every counter reads 0; BUILD.stats tells the driver)
    // derived, do not override: port-index width clog2(N_PORTS), at least 1
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                          clk,
    input  wire                          rst,

    // register bus (docs/registers.md)
    input  wire                          csr_wr,
    input  wire                          csr_rd,
    input  wire [11:0]                   csr_addr,
    input  wire [31:0]                   csr_wdata,
    output wire                          csr_ready,  // takes an access (docs/registers.md, "Bus")
    output wire [31:0]                   csr_rdata,
    output wire                          cfg_error,
    // configuration the frame serialisers outside the core need
    output wire [15:0]                   cfg_pause_quanta,
    output wire [47:0]                   cfg_src_mac,
    output wire                          cfg_mode_8023x,
    output wire                          cfg_gfc_enable,  // GFC_CTRL (0 with GFC = 0): for fg_pfc_rx.cfg_accept_gfc

    // per ingress port i: a packet arrives; with LINE_RATE = 1 or 2 it is offered until an edge where
    // enq_ready[i] is 1 (LINE_RATE = 0: always 1, every enq is taken)
    input  wire [N_PORTS-1:0]            enq_valid,
    output wire [N_PORTS-1:0]            enq_ready,
    input  wire [N_PORTS*3-1:0]          enq_prio,
    input  wire [N_PORTS*PW-1:0]         enq_dst,
    input  wire [N_PORTS*SW-1:0]         enq_cells,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [N_PORTS-1:0]            enq_ect,    // the packet is ECN-capable (unused: ECN = 0, LINE_RATE = 0)
    /* verilator lint_on UNUSEDSIGNAL */
    // per egress port o: a packet of EQ(o, deq_prio) from ingress deq_src leaves
    input  wire [N_PORTS-1:0]            deq_valid,
    input  wire [N_PORTS*3-1:0]          deq_prio,
    input  wire [N_PORTS*PW-1:0]         deq_src,
    input  wire [N_PORTS*SW-1:0]         deq_cells,

    // per port: received PFC/PAUSE frame, decoded (fg_pfc_rx)
    input  wire [N_PORTS-1:0]            rx_pfc_valid,
    input  wire [N_PORTS-1:0]            rx_pfc_bad,
    input  wire [N_PORTS*8-1:0]          rx_pfc_cev,
    input  wire [N_PORTS*128-1:0]        rx_pfc_time,
    // per port: a GFC frame was received (instead of rx_pfc_valid): classes in rx_pfc_cev,
    // the stage of class p in rx_pfc_time[p] (above 31 counts as 31)
    input  wire [N_PORTS-1:0]            rx_gfc_valid,
    // per port: the serialiser took the PFC frame request; the link can start a packet
    input  wire [N_PORTS-1:0]            tx_ctrl_ack,
    input  wire [N_PORTS-1:0]            link_idle,
    // per EQ o*N_PRIO+p: an outside flow control (CBFC credits, GFC rate limiters) holds the
    // EQ; OR-ed with the PFC tx_paused into the egress start gate only (tx_paused unchanged)
    input  wire [N_PORTS*N_PRIO-1:0]     tx_hold,

    // the egress port's release register is free (LINE_RATE = 0: always 1); a grant is given only
    // then, so the deq that follows a grant is always taken (an observation point)
    output wire [N_PORTS-1:0]            deq_ready,
    // admission verdict: LINE_RATE = 0 for the enq of the previous edge; LINE_RATE = 1, 2 for the
    // port's oldest taken offer without one, at most one port per edge
    output wire [N_PORTS-1:0]            enq_accept,
    output wire [N_PORTS-1:0]            enq_drop,
    output wire [N_PORTS*2-1:0]          enq_where,
    output wire [N_PORTS-1:0]            enq_mark,   // admitted and CE-marked (ECN, fg_ecn_red)
    output wire [N_PORTS-1:0]            stat_drop,
    output wire [N_PORTS-1:0]            stat_violation,
    // ingress PG pause state, PG i*N_PRIO+p
    output wire [N_PORTS*N_PRIO-1:0]     paused,
    // PFC frame request per port
    output wire [N_PORTS-1:0]            tx_ctrl_valid,
    output wire [N_PORTS*8-1:0]          tx_ctrl_cev,
    output wire [N_PORTS*8-1:0]          tx_ctrl_xoff,
    // pause time per class of the request (port i class k at (i*8+k)*16; XON 0, standard
    // XOFF cfg_pause_quanta, predictive XOFF its own quanta) and its predictive XOFF classes
    output wire [N_PORTS*128-1:0]        tx_ctrl_time,
    output wire [N_PORTS*8-1:0]          tx_ctrl_pred,
    // the pending request is a GFC frame: time[k] = stage id of class k, xoff and pred 0
    output wire [N_PORTS-1:0]            tx_ctrl_gfc,
    // GFC state: ingress PG stage (PG i*N_PRIO+p), received stage and rate-limiter hold per
    // EQ o*N_PRIO+p (the hold is OR-ed into the egress start gate)
    output wire [N_PORTS*N_PRIO*5-1:0]   gfc_pg_stage,
    output wire [N_PORTS*N_PRIO*5-1:0]   gfc_rx_stage,
    output wire [N_PORTS*N_PRIO-1:0]     gfc_hold,
    // predictive pause issued for PG i*N_PRIO+p (fg_ppfc, one-cycle pulse)
    output wire [N_PORTS*N_PRIO-1:0]     stat_pp,
    // egress gating from received PFC, EQ o*N_PRIO+p
    output wire [N_PORTS*N_PRIO-1:0]     tx_paused,
    // start the head packet of EQ(o, grant_prio)
    output wire [N_PORTS-1:0]            grant_valid,
    output wire [N_PORTS*3-1:0]          grant_prio,
    // occupancy in cells
    output wire [N_PORTS*N_PRIO*CW-1:0]  ingress_cnt,
    output wire [N_PORTS*N_PRIO*CW-1:0]  hdrm_cnt,
    output wire [N_PORTS*N_PRIO*CW-1:0]  egress_cnt,
    output wire [CW-1:0]                 shared_used
);

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n_ports
            fg_sw_core_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (LINE_RATE < 0 || LINE_RATE > 2) begin : g_bad_line_rate
            fg_sw_core_parameter_LINE_RATE_must_be_0_to_2 u_param_error ();
        end
        if (LINE_RATE == 2 && GFC != 0) begin : g_bad_line_rate_gfc
            fg_sw_core_parameter_LINE_RATE_2_needs_GFC_0 u_param_error ();
        end
        if (GFC < 0 || GFC > 1 || ECN < 0 || ECN > 1 || PPFC < 0 || PPFC > 1 || STATS < 0 || STATS > 1) begin : g_bad_option
            fg_sw_core_parameter_PPFC_GFC_ECN_STATS_must_be_0_or_1 u_param_error ();
        end
        if (LINE_RATE == 2 && PPFC != 0) begin : g_bad_line_rate_ppfc
            fg_sw_core_parameter_LINE_RATE_2_needs_PPFC_0 u_param_error ();
        end
        if (LINE_RATE == 1 && PPFC != 0 && CW > 19) begin : g_bad_line_rate_ppfc_cw
            fg_sw_core_parameter_LINE_RATE_1_with_PPFC_needs_CW_at_most_19 u_param_error ();
        end
    endgenerate

    // ---- register block --------------------------------------------------------------
    wire                         cfg_static_mode;
    wire                         cfg_pfc_enable;
    wire [CW-1:0]                cfg_total_cells;
    wire [CW-1:0]                cfg_reserve;
    wire [CW-1:0]                cfg_resume_offset;
    wire [N_PRIO-1:0]            cfg_lossless;
    wire [23:0]                  cfg_refresh;
    wire [N_PORTS*CW-1:0]        cfg_headroom;
    wire [N_PORTS*4-1:0]         cfg_alpha_shift;
    wire [N_PORTS*24-1:0]        cfg_quanta_step;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [N_PORTS*N_PRIO*CW-1:0] cfg_xoff;   // read by fg_bm (LINE_RATE = 0) only
    wire [N_PORTS*N_PRIO*CW-1:0] cfg_xon;
    /* verilator lint_on UNUSEDSIGNAL */
    // XOFF/XON as the register block commits them, for the line-rate forms' buffer managers,
    // which keep their own copy in block RAM (fg_bm_pipe, fg_bm_seq; then nothing reads
    // cfg_xoff/cfg_xon and synthesis drops their flops); unused by LINE_RATE = 0 (fg_bm)
    /* verilator lint_off UNUSEDSIGNAL */
    wire                         cfg_xoff_wr, cfg_xon_wr;
    wire [CW-1:0]                cfg_xoff_rst, cfg_xon_rst;
    wire [7:0]                   cfg_wr_index;
    wire [31:0]                  cfg_wr_data;
    /* verilator lint_on UNUSEDSIGNAL */
    // P-PFC configuration: unused when the engine is left out (PPFC = 0).
    /* verilator lint_off UNUSEDSIGNAL */
    wire                         cfg_ppfc_enable;
    wire [23:0]                  cfg_ppfc_interval;
    wire [15:0]                  cfg_ppfc_horizon;
    wire [16:0]                  cfg_ppfc_ratio;
    wire [15:0]                  cfg_ppfc_holdoff;
    wire [31:0]                  cfg_ppfc_seed;
    wire [N_PORTS*16-1:0]        cfg_cell_cycles;
    /* verilator lint_on UNUSEDSIGNAL */
    // GFC configuration: unused when GFC is left out (GFC = 0)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [CW-1:0]                cfg_gfc_b1;
    wire [CW-1:0]                cfg_gfc_bm;
    /* verilator lint_on UNUSEDSIGNAL */
    // GFC replaces PFC on the lossless priorities while GFC_CTRL.gfc_enable is set.
    // (never with GFC = 0: PFC then serves every lossless priority whatever GFC_CTRL says)
    // The register's value, and what the core tells the receive parsers: a core built without
    // GFC accepts no GFC frame (they are then malformed control frames to fg_pfc_rx).
    wire                         gfc_enable_csr;
    assign cfg_gfc_enable = gfc_enable_csr && (GFC != 0);
    wire [N_PRIO-1:0]            gfc_on = {N_PRIO{cfg_gfc_enable}} & cfg_lossless;
    // GFC_CTRL.gfc_pfc_backstop: the buffer manager's pauses of GFC priorities reach the PFC
    // generator too (a pause only where GFC alone would overflow); 0: GFC masks them.
    wire                         cfg_gfc_backstop;
    wire [N_PRIO-1:0]            pfc_masked = gfc_on & {N_PRIO{~cfg_gfc_backstop}};
    // ECN configuration: unused by the core built without the marker (ECN = 0; ECN_KMAX
    // still serves P-PFC)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [N_PRIO-1:0]            cfg_ecn_prio_mask;
    wire [CW-1:0]                cfg_ecn_kmin;
    wire [CW-1:0]                cfg_ecn_kmax;
    wire [31:0]                  cfg_ecn_slope;
    wire [31:0]                  cfg_ecn_seed;
    /* verilator lint_on UNUSEDSIGNAL */
    // Seed-load strobes: a committed legal write of PPFC_CTRL with seed_load = 1, or of
    // ECN_SEED, reloads the LFSRs on the next edge, when the register block already shows the
    // written value: the block's csr_wrote_* strobes (the stored seed_load bit ANDed in).
    wire                         cfg_ppfc_seed_load_bit;
    wire                         csr_wrote_ppfc_ctrl;
    /* verilator lint_off UNUSEDSIGNAL */
    wire                         csr_wrote_ecn_seed;  // unused with ECN = 0
    wire ppfc_seed_load = csr_wrote_ppfc_ctrl & cfg_ppfc_seed_load_bit;  // unused with PPFC = 0
    /* verilator lint_on UNUSEDSIGNAL */

    // ECN marks count when the marked packet is admitted; predictive pauses per ingress port.
    wire [N_PORTS-1:0] ecn_mark;
    assign enq_mark = ecn_mark & enq_accept;
    wire [N_PORTS-1:0] stat_ppfc_port;
    genvar gs;
    generate
        for (gs = 0; gs < N_PORTS; gs = gs + 1) begin : g_stat_pp
            assign stat_ppfc_port[gs] = |stat_pp[gs*N_PRIO +: N_PRIO];
        end
    endgenerate

    // A PFC or GFC frame is counted when its request is taken.
    wire [N_PORTS-1:0] stat_pfc_req_tx = tx_ctrl_valid & tx_ctrl_ack & ~tx_ctrl_gfc;
    wire [N_PORTS-1:0] stat_gfc_tx     = tx_ctrl_valid & tx_ctrl_ack & tx_ctrl_gfc;

    // the engines left out drive their counters' inputs with 0: the bank keeps no pending
    // count for them
    fg_csr_sw #(
        .N_PORTS (N_PORTS),
        .N_PRIO  (N_PRIO),
        .CW      (CW),
        .ECN     (ECN),
        .GFC     (GFC),
        .PPFC    (PPFC),
        .STATS   (STATS)
    ) u_csr (
        .clk               (clk),
        .rst               (rst),
        .csr_wr            (csr_wr),
        .csr_rd            (csr_rd),
        .csr_addr          (csr_addr),
        .csr_wdata         (csr_wdata),
        .csr_ready         (csr_ready),
        .csr_rdata         (csr_rdata),
        .csr_wrote_ppfc_ctrl (csr_wrote_ppfc_ctrl),
        .csr_wrote_ecn_seed (csr_wrote_ecn_seed),
        .cfg_xoff_wr       (cfg_xoff_wr),
        .cfg_xoff_rst      (cfg_xoff_rst),
        .cfg_xon_wr        (cfg_xon_wr),
        .cfg_xon_rst       (cfg_xon_rst),
        .cfg_wr_index      (cfg_wr_index),
        .cfg_wr_data       (cfg_wr_data),
        .stat_drop         (stat_drop),
        .stat_violation    (stat_violation),
        .stat_pfc_req_tx   (stat_pfc_req_tx),
        .stat_pfc_rx_ok    (rx_pfc_valid),
        .stat_pfc_rx_bad   (rx_pfc_bad),
        .stat_ecn_mark     (enq_mark),
        .stat_ppfc         (stat_ppfc_port),
        .stat_gfc_tx       (stat_gfc_tx),
        .stat_gfc_rx       (rx_gfc_valid),
        .cfg_static_mode   (cfg_static_mode),
        .cfg_mode_8023x    (cfg_mode_8023x),
        .cfg_pfc_enable    (cfg_pfc_enable),
        .cfg_total_cells   (cfg_total_cells),
        .cfg_reserve       (cfg_reserve),
        .cfg_resume_offset (cfg_resume_offset),
        .cfg_lossless      (cfg_lossless),
        .cfg_pause_quanta  (cfg_pause_quanta),
        .cfg_refresh       (cfg_refresh),
        .cfg_src_mac       (cfg_src_mac),
        .cfg_headroom      (cfg_headroom),
        .cfg_alpha_shift   (cfg_alpha_shift),
        .cfg_quanta_step   (cfg_quanta_step),
        .cfg_xoff          (cfg_xoff),
        .cfg_xon           (cfg_xon),
        .cfg_ppfc_enable   (cfg_ppfc_enable),
        .cfg_ppfc_seed_load (cfg_ppfc_seed_load_bit),
        .cfg_ppfc_interval (cfg_ppfc_interval),
        .cfg_ppfc_horizon  (cfg_ppfc_horizon),
        .cfg_ppfc_ratio    (cfg_ppfc_ratio),
        .cfg_ppfc_holdoff  (cfg_ppfc_holdoff),
        .cfg_ppfc_seed     (cfg_ppfc_seed),
        .cfg_ecn_prio_mask (cfg_ecn_prio_mask),
        .cfg_ecn_kmin      (cfg_ecn_kmin),
        .cfg_ecn_kmax      (cfg_ecn_kmax),
        .cfg_ecn_slope     (cfg_ecn_slope),
        .cfg_ecn_seed      (cfg_ecn_seed),
        .cfg_cell_cycles   (cfg_cell_cycles),
        .cfg_gfc_enable    (gfc_enable_csr),
        .cfg_gfc_backstop  (cfg_gfc_backstop),
        .cfg_gfc_b1        (cfg_gfc_b1),
        .cfg_gfc_bm        (cfg_gfc_bm),
        .cfg_error         (cfg_error)
    );

    // ---- shared-buffer manager and ECN marking ----------------------------------------------
    // The thresholds and the underflow pulses (an environment releasing more than it
    // enqueued) are observation points; the composition counters and shared_free feed P-PFC
    // (unused, and dropped by synthesis, with PPFC = 0).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [N_PORTS*N_PRIO*N_PORTS*CW-1:0] bm_comp_cnt;
    wire [CW-1:0]                        bm_shared_free;
    /* verilator lint_on UNUSEDSIGNAL */
    // the egress start gate's inputs: EQ non-empty, and the port may take a release
    wire [N_PORTS*N_PRIO-1:0]            eq_nonempty;
    // PG occupancy (ingress + headroom cells) for GFC: saturated to CW bits for the default
    // form's per-PG stage generators, and fg_bm_pipe's monitor (one PG per cycle, CW+1 bits)
    // for the line-rate form's fg_gfc_scan (each unused in the other form, and both with GFC = 0)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [N_PORTS*N_PRIO*CW-1:0]         pg_occ;
    wire [CW:0]                          lr_mon_occ;   // fg_bm_pipe's monitor: PG (c - 5) mod N*P
    // line-rate form: fg_gfc_scan's stage and pending request per PG; per port, its requests
    // are taken (the port's GFC frame goes out)
    wire [N_PORTS*N_PRIO*5-1:0]          scan_stage;
    wire [N_PORTS*N_PRIO-1:0]            scan_pend;
    wire [N_PORTS-1:0]                   gfc_ack;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [N_PORTS-1:0]                   rel_free;
    // line-rate form: the buffer manager's accepted admissions and its releases, for the
    // composition counters of P-PFC (fg_comp_bank; unused without it)
    /* verilator lint_off UNUSEDSIGNAL */
    wire          cm_adm_valid, cm_rel_valid;
    wire [PW-1:0] cm_adm_port, cm_adm_dst, cm_rel_port, cm_rel_src;
    wire [2:0]    cm_adm_prio, cm_rel_prio;
    wire [SW-1:0] cm_adm_cells, cm_rel_cells;
    /* verilator lint_on UNUSEDSIGNAL */
    // the composition counters are cleared (fg_comp_bank's sweep of N*N*P edges after reset):
    // until then the line-rate core with P-PFC takes no packet and no release (enq_ready and
    // deq_ready low), so every counter sees every op; 1 in every other form (unused by
    // LINE_RATE = 0)
    /* verilator lint_off UNUSEDSIGNAL */
    wire                                 comp_ready;
    /* verilator lint_on UNUSEDSIGNAL */

    generate
        if (LINE_RATE == 0) begin : g_bm
            /* verilator lint_off UNUSEDSIGNAL */
            wire [N_PORTS-1:0]   bm_stat_underflow;
            wire [N_PORTS*CW-1:0] bm_thr;
            /* verilator lint_on UNUSEDSIGNAL */
            fg_bm #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .SW      (SW)
            ) u_bm (
                .clk               (clk),
                .rst               (rst),
                .cfg_total_cells   (cfg_total_cells),
                .cfg_reserve       (cfg_reserve),
                .cfg_headroom      (cfg_headroom),
                .cfg_alpha_shift   (cfg_alpha_shift),
                .cfg_resume_offset (cfg_resume_offset),
                .cfg_lossless      (cfg_lossless),
                .cfg_static_mode   (cfg_static_mode),
                .cfg_xoff          (cfg_xoff),
                .cfg_xon           (cfg_xon),
                .enq_valid         (enq_valid),
                .enq_prio          (enq_prio),
                .enq_dst           (enq_dst),
                .enq_cells         (enq_cells),
                .deq_valid         (deq_valid),
                .deq_prio          (deq_prio),
                .deq_src           (deq_src),
                .deq_cells         (deq_cells),
                .enq_accept        (enq_accept),
                .enq_drop          (enq_drop),
                .enq_where         (enq_where),
                .stat_drop         (stat_drop),
                .stat_violation    (stat_violation),
                .stat_underflow    (bm_stat_underflow),
                .paused            (paused),
                .ingress_cnt       (ingress_cnt),
                .hdrm_cnt          (hdrm_cnt),
                .egress_cnt        (egress_cnt),
                .comp_cnt          (bm_comp_cnt),
                .shared_used       (shared_used),
                .thr               (bm_thr),
                .shared_free       (bm_shared_free)
            );
            assign enq_ready = {N_PORTS{1'b1}};
            assign deq_ready = {N_PORTS{1'b1}};
            assign rel_free  = {N_PORTS{1'b1}};
            assign lr_mon_occ = {(CW+1){1'b0}};
            assign cm_adm_valid = 1'b0;
            assign cm_adm_port  = {PW{1'b0}};
            assign cm_adm_prio  = 3'd0;
            assign cm_adm_dst   = {PW{1'b0}};
            assign cm_adm_cells = {SW{1'b0}};
            assign cm_rel_valid = 1'b0;
            assign cm_rel_port  = {PW{1'b0}};
            assign cm_rel_prio  = 3'd0;
            assign cm_rel_src   = {PW{1'b0}};
            assign cm_rel_cells = {SW{1'b0}};

            // ECN marking, one decision per ingress port, beside the admission (same edge)
            if (ECN == 0) begin : g_no_ecn
                assign ecn_mark = {N_PORTS{1'b0}};
            end else begin : g_ecn
                fg_ecn_red #(
                    .N_PORTS    (N_PORTS),
                    .N_PRIO     (N_PRIO),
                    .CW         (CW),
                    .RESET_SEED (32'h0000_0002)  // ECN_SEED's reset value
                ) u_ecn (
                    .clk           (clk),
                    .rst           (rst),
                    .cfg_prio_mask (cfg_ecn_prio_mask),
                    .cfg_kmin      (cfg_ecn_kmin),
                    .cfg_kmax      (cfg_ecn_kmax),
                    .cfg_slope     (cfg_ecn_slope),
                    .cfg_seed      (cfg_ecn_seed),
                    .cfg_seed_load (csr_wrote_ecn_seed),
                    .enq_valid     (enq_valid),
                    .enq_prio      (enq_prio),
                    .enq_dst       (enq_dst),
                    .enq_ect       (enq_ect),
                    .egress_cnt    (egress_cnt),
                    .mark          (ecn_mark)
                );
            end

            genvar gq;
            for (gq = 0; gq < N_PORTS*N_PRIO; gq = gq + 1) begin : g_nonempty
                wire [CW:0] occ_sum = {1'b0, ingress_cnt[gq*CW +: CW]} + {1'b0, hdrm_cnt[gq*CW +: CW]};
                assign eq_nonempty[gq]     = |egress_cnt[gq*CW +: CW];
                assign pg_occ[gq*CW +: CW] = occ_sum[CW] ? {CW{1'b1}} : occ_sum[CW-1:0];
            end
        end else begin : g_line_rate
            wire mark_raw;
            wire [N_PORTS-1:0] admit_enq_ready, admit_deq_ready;
            assign enq_ready = admit_enq_ready & {N_PORTS{comp_ready}};
            assign deq_ready = admit_deq_ready & {N_PORTS{comp_ready}};
            // fg_gfc_scan takes fg_bm_pipe's monitor, the buffer manager's own scan of its PG
            // counters (CW+1 bits, ingress + headroom: no adder, no saturation per PG)
            assign pg_occ = {(N_PORTS*N_PRIO*CW){1'b0}};
            fg_sw_admit #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .SW      (SW),
                .ECN     (ECN),
                .BM_SEQ  ((LINE_RATE == 2) ? 1 : 0)
            ) u_admit (
                .clk                (clk),
                .rst                (rst),
                .cfg_total_cells    (cfg_total_cells),
                .cfg_reserve        (cfg_reserve),
                .cfg_headroom       (cfg_headroom),
                .cfg_alpha_shift    (cfg_alpha_shift),
                .cfg_resume_offset  (cfg_resume_offset),
                .cfg_lossless       (cfg_lossless),
                .cfg_static_mode    (cfg_static_mode),
                .cfg_xoff_wr        (cfg_xoff_wr),
                .cfg_xon_wr         (cfg_xon_wr),
                .cfg_wr_index       (cfg_wr_index),
                .cfg_wr_data        (cfg_wr_data),
                .cfg_xoff_rst       (cfg_xoff_rst),
                .cfg_xon_rst        (cfg_xon_rst),
                .cfg_ecn_prio_mask  (cfg_ecn_prio_mask),
                .cfg_ecn_kmin       (cfg_ecn_kmin),
                .cfg_ecn_kmax       (cfg_ecn_kmax),
                .cfg_ecn_slope      (cfg_ecn_slope),
                .cfg_ecn_seed       (cfg_ecn_seed),
                .cfg_ecn_seed_load  (csr_wrote_ecn_seed),
                .enq_valid          (enq_valid & {N_PORTS{comp_ready}}),
                .enq_ready          (admit_enq_ready),
                .enq_prio           (enq_prio),
                .enq_dst            (enq_dst),
                .enq_cells          (enq_cells),
                .enq_ect            (enq_ect),
                .deq_valid          (deq_valid & {N_PORTS{comp_ready}}),
                .deq_ready          (admit_deq_ready),
                .deq_prio           (deq_prio),
                .deq_src            (deq_src),
                .deq_cells          (deq_cells),
                .grant_valid        (grant_valid),
                .grant_prio         (grant_prio),
                .enq_accept         (enq_accept),
                .enq_drop           (enq_drop),
                .enq_where          (enq_where),
                .enq_mark_raw       (mark_raw),
                .stat_drop          (stat_drop),
                .stat_violation     (stat_violation),
                .paused             (paused),
                .mon_occ            (lr_mon_occ),
                .egress_cnt         (egress_cnt),
                .shared_used        (shared_used),
                .shared_free        (bm_shared_free),
                .eq_nonempty        (eq_nonempty),
                .cm_adm_valid       (cm_adm_valid),
                .cm_adm_port        (cm_adm_port),
                .cm_adm_prio        (cm_adm_prio),
                .cm_adm_dst         (cm_adm_dst),
                .cm_adm_cells       (cm_adm_cells),
                .cm_rel_valid       (cm_rel_valid),
                .cm_rel_port        (cm_rel_port),
                .cm_rel_prio        (cm_rel_prio),
                .cm_rel_src         (cm_rel_src),
                .cm_rel_cells       (cm_rel_cells)
            );
            // the marker's decision belongs to this edge's verdict (at most one port's)
            assign ecn_mark    = {N_PORTS{mark_raw}};
            // fg_bm_pipe keeps its PG counters in block RAM (its monitor shows one PG per
            // cycle): no per-PG ingress and headroom outputs in this form
            assign ingress_cnt = {(N_PORTS*N_PRIO*CW){1'b0}};
            assign hdrm_cnt    = {(N_PORTS*N_PRIO*CW){1'b0}};
            assign rel_free    = deq_ready;
            // (the line-rate P-PFC reads fg_comp_bank, not per-key wires)
            genvar gc;
            for (gc = 0; gc < N_PORTS*N_PRIO*N_PORTS; gc = gc + 1) begin : g_no_comp
                assign bm_comp_cnt[gc*CW +: CW] = {CW{1'b0}};
            end
        end
    endgenerate

    // ---- GFC stage generation of the line-rate form: one engine visiting every PG ----------
    // (docs/blocks/gfc_scan.md: a PG's stage follows its occupancy within 9 to
    // N_PORTS*N_PRIO + 8 edges, fg_bm_pipe's monitor being three edges old; the default form
    // keeps one fg_gfc_stage per PG, below)
    generate
        if (LINE_RATE != 0 && GFC != 0) begin : g_gfc_scan
            fg_gfc_scan #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .PHASE   (5)           // fg_bm_pipe's monitor names PG (c - 5) mod N*P
            ) u_gfc_scan (
                .clk        (clk),
                .rst        (rst),
                .cfg_enable (gfc_on),
                .cfg_b1     (cfg_gfc_b1),
                .cfg_bm     (cfg_gfc_bm),
                .occ_in     (lr_mon_occ),
                .req_ack    (gfc_ack),
                .stage      (scan_stage),
                .req_pend   (scan_pend)
            );
        end else begin : g_no_gfc_scan
            assign scan_stage = {(N_PORTS*N_PRIO*5){1'b0}};
            assign scan_pend  = {(N_PORTS*N_PRIO){1'b0}};
        end
    endgenerate

    // ---- predictive PFC engine ------------------------------------------------------------
    wire          pp_valid;
    wire [PW-1:0] pp_port;
    wire [2:0]    pp_prio_q;
    wire [15:0]   pp_quanta_q;
    generate
        if (PPFC != 0 && LINE_RATE == 0) begin : g_ppfc
            // Decision status and the overrun pulse are observation points (docs/blocks/ppfc.md).
            /* verilator lint_off UNUSEDSIGNAL */
            wire ppfc_stat_predict;
            wire ppfc_stat_overrun;
            wire ppfc_busy;
            /* verilator lint_on UNUSEDSIGNAL */
            fg_ppfc #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .CAND_LANES (PPFC_LANES)
            ) u_ppfc (
                .clk             (clk),
                .rst             (rst),
                .cfg_enable      (cfg_ppfc_enable),
                .cfg_interval    (cfg_ppfc_interval),
                .cfg_horizon     (cfg_ppfc_horizon),
                .cfg_ratio       (cfg_ppfc_ratio),
                .cfg_kmax        (cfg_ecn_kmax),
                .cfg_holdoff     (cfg_ppfc_holdoff),
                .cfg_seed        (cfg_ppfc_seed),
                .cfg_seed_load   (ppfc_seed_load),
                .cfg_lossless    (cfg_lossless),
                .cfg_cell_cycles (cfg_cell_cycles),
                .cfg_quanta_step (cfg_quanta_step),
                .ingress_cnt     (ingress_cnt),
                .hdrm_cnt        (hdrm_cnt),
                .egress_cnt      (egress_cnt),
                .comp_cnt        (bm_comp_cnt),
                .shared_free     (bm_shared_free),
                .paused          (paused),
                .pp_valid        (pp_valid),
                .pp_port         (pp_port),
                .pp_prio         (pp_prio_q),
                .pp_quanta       (pp_quanta_q),
                .stat_predict    (ppfc_stat_predict),
                .stat_pp         (stat_pp),
                .stat_overrun    (ppfc_stat_overrun),
                .busy            (ppfc_busy)
            );
            assign comp_ready = 1'b1;
        end else if (PPFC != 0) begin : g_ppfc_lr
            // The line-rate engine (docs/blocks/ppfc_decide.md): the snapshot pass over the
            // buffer manager's monitor (fg_ppfc_snap, started by the engine's interval tick),
            // the composition counters in block RAM fed by its admissions and releases
            // (fg_comp_bank, read one EQ at a time), and the decision between them. The
            // blocks' status pulses are observation points (docs/blocks/ppfc_snap.md,
            // comp_bank.md, ppfc_decide.md).
            localparam integer NPG = N_PORTS * N_PRIO;
            localparam integer EW  = (NPG > 1) ? $clog2(NPG) : 1;
            wire                  pp_tick;
            wire [NPG*(CW+1)-1:0] snap_inc;
            wire [CW+EW:0]        snap_inc_total;
            wire                  snap_done;
            wire                  rq_valid, rs_valid;
            wire [EW-1:0]         rq_eq;
            wire [N_PORTS*CW-1:0] rs_comp;
            /* verilator lint_off UNUSEDSIGNAL */
            wire                  snap_busy, snap_stat_short;
            wire [EW-1:0]         rs_eq;
            wire                  comp_stat_overflow, comp_stat_underflow, comp_stat_close;
            wire                  comp_stat_early, comp_stat_bad;
            wire                  ppfc_stat_predict, ppfc_stat_overrun, ppfc_busy;
            /* verilator lint_on UNUSEDSIGNAL */
            fg_ppfc_snap #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .PHASE   (5)           // fg_bm_pipe's monitor names PG (c - 5) mod N*P
            ) u_snap (
                .clk        (clk),
                .rst        (rst),
                .cfg_enable (cfg_ppfc_enable),
                .tick       (pp_tick),
                .occ_in     (lr_mon_occ),
                .inc        (snap_inc),
                .inc_total  (snap_inc_total),
                .done       (snap_done),
                .busy       (snap_busy),
                .stat_short (snap_stat_short)
            );
            fg_comp_bank #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW),
                .SW      (SW)
            ) u_comp (
                .clk            (clk),
                .rst            (rst),
                .adm_valid      (cm_adm_valid),
                .adm_port       (cm_adm_port),
                .adm_prio       (cm_adm_prio),
                .adm_dst        (cm_adm_dst),
                .adm_cells      (cm_adm_cells),
                .rel_valid      (cm_rel_valid),
                .rel_port       (cm_rel_port),
                .rel_prio       (cm_rel_prio),
                .rel_src        (cm_rel_src),
                .rel_cells      (cm_rel_cells),
                .rq_valid       (rq_valid),
                .rq_eq          (rq_eq),
                .rs_valid       (rs_valid),
                .rs_eq          (rs_eq),
                .rs_comp        (rs_comp),
                .ready          (comp_ready),
                .stat_overflow  (comp_stat_overflow),
                .stat_underflow (comp_stat_underflow),
                .stat_close     (comp_stat_close),
                .stat_early     (comp_stat_early),
                .stat_bad       (comp_stat_bad)
            );
            fg_ppfc_decide #(
                .N_PORTS (N_PORTS),
                .N_PRIO  (N_PRIO),
                .CW      (CW)
            ) u_ppfc (
                .clk             (clk),
                .rst             (rst),
                .cfg_enable      (cfg_ppfc_enable),
                .cfg_interval    (cfg_ppfc_interval),
                .cfg_horizon     (cfg_ppfc_horizon),
                .cfg_ratio       (cfg_ppfc_ratio),
                .cfg_kmax        (cfg_ecn_kmax),
                .cfg_holdoff     (cfg_ppfc_holdoff),
                .cfg_seed        (cfg_ppfc_seed),
                .cfg_seed_load   (ppfc_seed_load),
                .cfg_lossless    (cfg_lossless),
                .cfg_cell_cycles (cfg_cell_cycles),
                .cfg_quanta_step (cfg_quanta_step),
                .tick            (pp_tick),
                .snap_inc        (snap_inc),
                .snap_inc_total  (snap_inc_total),
                .snap_done       (snap_done),
                .bank_ready      (comp_ready),
                .rq_valid        (rq_valid),
                .rq_eq           (rq_eq),
                .rs_valid        (rs_valid),
                .rs_comp         (rs_comp),
                .egress_cnt      (egress_cnt),
                .shared_free     (bm_shared_free),
                .paused          (paused),
                .pp_valid        (pp_valid),
                .pp_port         (pp_port),
                .pp_prio         (pp_prio_q),
                .pp_quanta       (pp_quanta_q),
                .stat_predict    (ppfc_stat_predict),
                .stat_pp         (stat_pp),
                .stat_overrun    (ppfc_stat_overrun),
                .busy            (ppfc_busy)
            );
        end else begin : g_no_ppfc
            assign pp_valid    = 1'b0;
            assign pp_port     = {PW{1'b0}};
            assign pp_prio_q   = 3'd0;
            assign pp_quanta_q = 16'd0;
            assign stat_pp     = {(N_PORTS*N_PRIO){1'b0}};
            assign comp_ready  = 1'b1;
        end
    endgenerate

    // ---- predictive pause requests (fg_ppfc, registered), to the pfc_gen of pp_port -------
    wire [N_PORTS-1:0] pp_valid_port;
    genvar gd;
    generate
        for (gd = 0; gd < N_PORTS; gd = gd + 1) begin : g_pp_demux
            assign pp_valid_port[gd] = pp_valid && ({{(32-PW){1'b0}}, pp_port} == gd);
        end
    endgenerate

    // ---- the compact form's refresh period (LINE_RATE = 2): one counter for every class -------
    // fg_pfc_gen with COMPACT = 1 refreshes its paused classes on the tick instead of counting
    // cfg_refresh per class (docs/blocks/pfc_gen.md, "The compact form").
    localparam integer GEN_COMPACT = (LINE_RATE == 2) ? 1 : 0;
    wire refresh_tick;
    generate
        if (GEN_COMPACT != 0) begin : g_refresh
            fg_pfc_refresh u_refresh (
                .clk          (clk),
                .rst          (rst),
                .cfg_enable   (cfg_pfc_enable),
                .cfg_refresh  (cfg_refresh),
                .refresh_tick (refresh_tick)
            );
        end else begin : g_no_refresh
            assign refresh_tick = 1'b0;
        end
    endgenerate

    // ---- per port: PFC requests, receive timers, egress start gate ------------------------
    genvar gi, gp;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_port
            wire [N_PRIO-1:0]    q_nonempty;
            // The start gate sees both reasons to hold an EQ: the peer's PFC pause (registered
            // timer output) and the outside hold (this edge's input, like link_idle).
            wire [N_PRIO-1:0]    sched_hold = tx_paused[gi*N_PRIO +: N_PRIO] | tx_hold[gi*N_PRIO +: N_PRIO] |
                                              gfc_hold[gi*N_PRIO +: N_PRIO];
            // PFC request (fg_pfc_gen) and GFC request (the PG stage generators) of this port;
            // the PFC one is shown first, the GFC one when no PFC request is pending.
            wire                 pfc_valid;
            wire [7:0]           pfc_cev;
            wire [7:0]           pfc_xoff;
            wire [127:0]         pfc_time;
            wire [7:0]           pfc_pred;
            wire [7:0]           gfc_cev;
            wire [127:0]         gfc_time;
            wire                 gfc_valid = |gfc_cev;
            wire                 show_gfc  = gfc_valid && !pfc_valid;
            // Timer values and per-block stat pulses are observation points, not counted in
            // registers yet.
            /* verilator lint_off UNUSEDSIGNAL */
            wire [N_PRIO*32-1:0] timer_value;
            wire                 gen_stat_xoff;
            wire                 gen_stat_xon;
            wire                 gen_stat_pp_dropped;
            wire                 sched_stat_blocked;
            /* verilator lint_on UNUSEDSIGNAL */

            assign q_nonempty = eq_nonempty[gi*N_PRIO +: N_PRIO];

            assign gfc_ack[gi]                 = tx_ctrl_ack[gi] && show_gfc;
            assign tx_ctrl_valid[gi]           = pfc_valid || gfc_valid;
            assign tx_ctrl_gfc[gi]             = show_gfc;
            assign tx_ctrl_cev[gi*8 +: 8]      = show_gfc ? gfc_cev : pfc_cev;
            assign tx_ctrl_xoff[gi*8 +: 8]     = show_gfc ? 8'd0 : pfc_xoff;
            assign tx_ctrl_time[gi*128 +: 128] = show_gfc ? gfc_time : pfc_time;
            assign tx_ctrl_pred[gi*8 +: 8]     = show_gfc ? 8'd0 : pfc_pred;

            // ---- GFC: stage generator per ingress PG, stage register and limiter per EQ ----
            for (gp = 0; gp < 8; gp = gp + 1) begin : g_gfc
                if (gp < N_PRIO && GFC != 0) begin : g_on
                    localparam integer K = gi*N_PRIO + gp;
                    wire          allow;
                    reg  [4:0]    rx_stage_reg;
                    reg  [4:0]    rx_stage_next;
                    wire [15:0]   rx_time = rx_pfc_time[(gi*8+gp)*16 +: 16];
                    // The limiter's stat pulses are observation points (GFC_TX counts frames
                    // per port).
                    /* verilator lint_off UNUSEDSIGNAL */
                    wire          lim_stat_start, lim_stat_early;
                    /* verilator lint_on UNUSEDSIGNAL */

                    if (LINE_RATE == 0) begin : g_stage
                        // PG occupancy = ingress (reserve + shared) + headroom cells, saturated.
                        wire [CW-1:0] occ     = pg_occ[K*CW +: CW];
                        wire          req_valid;
                        wire [4:0]    req_stage;
                        // The stage count, stat pulses and the per-PG counter are observation
                        // points.
                        /* verilator lint_off UNUSEDSIGNAL */
                        wire [4:0]    n_stages;
                        wire          st_up, st_down, st_req;
                        wire [1:0]    fb_cnt;
                        /* verilator lint_on UNUSEDSIGNAL */

                        fg_gfc_stage #(
                            .CW    (CW),
                            .CNT_W (2),
                            .PIPE  (0)
                        ) u_stage (
                            .clk        (clk),
                            .rst        (rst),
                            .cfg_enable (gfc_on[gp]),
                            .cfg_b1     (cfg_gfc_b1),
                            .cfg_bm     (cfg_gfc_bm),
                            .occupancy  (occ),
                            .stage      (gfc_pg_stage[K*5 +: 5]),
                            .n_stages   (n_stages),
                            .req_valid  (req_valid),
                            .req_stage  (req_stage),
                            .req_ack    (gfc_ack[gi]),
                            .stat_up    (st_up),
                            .stat_down  (st_down),
                            .stat_req   (st_req),
                            .cnt_clear  (1'b0),
                            .fb_cnt     (fb_cnt)
                        );
                        assign gfc_cev[gp]           = req_valid;
                        assign gfc_time[gp*16 +: 16] = req_valid ? {11'd0, req_stage} : 16'd0;  // 0 outside the cev
                    end else begin : g_scan
                        // fg_gfc_scan's PG K: a pending request carries the current stage
                        assign gfc_pg_stage[K*5 +: 5] = scan_stage[K*5 +: 5];
                        assign gfc_cev[gp]            = scan_pend[K];
                        assign gfc_time[gp*16 +: 16]  = scan_pend[K] ? {11'd0, scan_stage[K*5 +: 5]} : 16'd0;
                    end

                    // Received stage of EQ(gi, gp): kept until the next GFC frame names it.
                    always @* begin
                        rx_stage_next = rx_stage_reg;
                        if (rx_gfc_valid[gi] && rx_pfc_cev[gi*8 + gp])
                            rx_stage_next = (rx_time > 16'd31) ? 5'd31 : rx_time[4:0];
                    end
                    always @(posedge clk) begin
                        if (rst) rx_stage_reg <= 5'd0;
                        else     rx_stage_reg <= rx_stage_next;
                    end
                    assign gfc_rx_stage[K*5 +: 5] = rx_stage_reg;

                    // The limiter counts a start at the deq of the granted packet (the edge
                    // after grant_valid), with its length deq_cells (docs/blocks/sw_core.md).
                    // The start's decode is a kept net: left to ABC, it was merged with the
                    // limiter's count test into one LUT placed by the deq inputs, whose
                    // output went back to the limiter's flops (the line-rate 4x2 core with
                    // P-PFC's worst path, 3.9 ns of routing there and back)
                    (* keep *) wire lim_start;
                    assign lim_start = deq_valid[gi] && (deq_prio[gi*3 +: 3] == gp);
                    fg_rate_limiter #(
                        .SW        (SW),
                        .MAX_STAGE (20),
                        .DW        (1)
                    ) u_limiter (
                        .clk            (clk),
                        .rst            (rst),
                        .cfg_token_mode (1'b0),
                        .stage          (rx_stage_reg),
                        .cfg_rate       (17'h10000),
                        .cfg_depth      (1'b0),
                        .pkt_start      (lim_start),
                        .pkt_cells      (deq_cells[gi*SW +: SW]),
                        .allow          (allow),
                        .stat_start     (lim_stat_start),
                        .stat_early     (lim_stat_early)
                    );
                    assign gfc_hold[K] = gfc_on[gp] && !allow;
                end else if (gp < N_PRIO) begin : g_left_out
                    // GFC = 0: no stage, no received stage, no hold
                    localparam integer K = gi*N_PRIO + gp;
                    assign gfc_cev[gp]            = 1'b0;
                    assign gfc_time[gp*16 +: 16]  = 16'd0;
                    assign gfc_pg_stage[K*5 +: 5] = 5'd0;
                    assign gfc_rx_stage[K*5 +: 5] = 5'd0;
                    assign gfc_hold[K]            = 1'b0;
                end else begin : g_off
                    assign gfc_cev[gp]           = 1'b0;
                    assign gfc_time[gp*16 +: 16] = 16'd0;
                end
            end

            fg_pfc_gen #(
                .N_PRIO  (N_PRIO),
                .COMPACT (GEN_COMPACT)
            ) u_gen (
                .clk           (clk),
                .rst           (rst),
                .cfg_enable    (cfg_pfc_enable),
                .cfg_refresh   (cfg_refresh),
                .cfg_pause_quanta (cfg_pause_quanta),
                .refresh_tick  (refresh_tick),
                .pp_valid      (pp_valid_port[gi]),
                .pp_prio       (pp_prio_q),
                .pp_quanta     (pp_quanta_q),
                .paused        (paused[gi*N_PRIO +: N_PRIO] & ~pfc_masked),
                .req_valid     (pfc_valid),
                .req_cev       (pfc_cev),
                .req_xoff      (pfc_xoff),
                .req_time      (pfc_time),
                .req_pred      (pfc_pred),
                .req_ack       (tx_ctrl_ack[gi] && pfc_valid),
                .stat_xoff_req (gen_stat_xoff),
                .stat_xon_req  (gen_stat_xon),
                .stat_pp_dropped (gen_stat_pp_dropped)
            );

            // LINE_RATE = 2: whole-quanta pause timers behind a quantum prescaler (a pause
            // never shorter, up to one quantum longer for steps <= 0x10000; docs/blocks/pfc_timer.md).
            fg_pfc_timer #(
                .N_PRIO  (N_PRIO),
                .COMPACT (GEN_COMPACT)
            ) u_timer (
                .clk             (clk),
                .rst             (rst),
                .pfc_valid       (rx_pfc_valid[gi]),
                .pfc_cev         (rx_pfc_cev[gi*8 +: 8]),
                .pfc_time        (rx_pfc_time[gi*128 +: 128]),
                .cfg_quanta_step (cfg_quanta_step[gi*24 +: 24]),
                .tx_paused       (tx_paused[gi*N_PRIO +: N_PRIO]),
                .timer           (timer_value)
            );

            fg_egress_sched #(
                .N_PRIO (N_PRIO)
            ) u_sched (
                .clk          (clk),
                .rst          (rst),
                .q_nonempty   (q_nonempty),
                .tx_paused    (sched_hold),
                .link_idle    (link_idle[gi] && rel_free[gi]),
                .grant_valid  (grant_valid[gi]),
                .grant_prio   (grant_prio[gi*3 +: 3]),
                .stat_blocked (sched_stat_blocked)
            );
        end
    endgenerate

endmodule

`default_nettype wire
