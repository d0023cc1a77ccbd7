// fg_sw_core - the switch core: shared-buffer manager, PFC frame requests, PFC receive
// timers, per-port egress start gates and the register block (docs/ARCHITECTURE.md 5).
//
// The core is the switch's memory-management unit and flow-control engine; it holds no
// packet data. The environment reports arrivals (enq, one per ingress port per cycle) and
// departures (deq, one per egress port per cycle), hands in decoded received PFC frames
// (rx_pfc_*, from fg_pfc_rx), takes the PFC frame requests (tx_ctrl_*, to fg_pfc_tx) and
// starts the head packet of EQ(o, grant_prio) when grant_valid[o] is high.
// Every sub-block sees the others' registered outputs, so each path between them is one
// flop to the next; the only logic here is the per-EQ non-empty reduction and the stat
// pulse ANDs. The C twin is cmodel/top/sw_core.c.
`default_nettype none

module fg_sw_core #(
    parameter integer N_PORTS = 4,   // 1..32
    parameter integer N_PRIO  = 2,   // 1..8
    parameter integer CW      = 18,  // cell-count width
    parameter integer SW      = 8,   // packet-size width (cells)
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
    output wire [31:0]                   csr_rdata,
    output wire                          cfg_error,
    // configuration the frame serialisers outside the core need
    output wire [15:0]                   cfg_pause_quanta,
    output wire [47:0]                   cfg_src_mac,
    output wire                          cfg_mode_8023x,

    // per ingress port i: a packet arrives
    input  wire [N_PORTS-1:0]            enq_valid,
    input  wire [N_PORTS*3-1:0]          enq_prio,
    input  wire [N_PORTS*PW-1:0]         enq_dst,
    input  wire [N_PORTS*SW-1:0]         enq_cells,
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
    // per port: the serialiser took the PFC frame request; the link can start a packet
    input  wire [N_PORTS-1:0]            tx_ctrl_ack,
    input  wire [N_PORTS-1:0]            link_idle,

    // admission verdict on the enq of the previous edge
    output wire [N_PORTS-1:0]            enq_accept,
    output wire [N_PORTS-1:0]            enq_drop,
    output wire [N_PORTS*2-1:0]          enq_where,
    output wire [N_PORTS-1:0]            stat_drop,
    output wire [N_PORTS-1:0]            stat_violation,
    // ingress PG pause state, PG i*N_PRIO+p
    output wire [N_PORTS*N_PRIO-1:0]     paused,
    // PFC frame request per port
    output wire [N_PORTS-1:0]            tx_ctrl_valid,
    output wire [N_PORTS*8-1:0]          tx_ctrl_cev,
    output wire [N_PORTS*8-1:0]          tx_ctrl_xoff,
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
    wire [N_PORTS*N_PRIO*CW-1:0] cfg_xoff;
    wire [N_PORTS*N_PRIO*CW-1:0] cfg_xon;

    // A PFC frame is counted when its request is taken.
    wire [N_PORTS-1:0] stat_pfc_req_tx = tx_ctrl_valid & tx_ctrl_ack;

    fg_csr_sw #(
        .N_PORTS (N_PORTS),
        .N_PRIO  (N_PRIO),
        .CW      (CW)
    ) u_csr (
        .clk               (clk),
        .rst               (rst),
        .csr_wr            (csr_wr),
        .csr_rd            (csr_rd),
        .csr_addr          (csr_addr),
        .csr_wdata         (csr_wdata),
        .csr_rdata         (csr_rdata),
        .stat_drop         (stat_drop),
        .stat_violation    (stat_violation),
        .stat_pfc_req_tx   (stat_pfc_req_tx),
        .stat_pfc_rx_ok    (rx_pfc_valid),
        .stat_pfc_rx_bad   (rx_pfc_bad),
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
        .cfg_error         (cfg_error)
    );

    // ---- shared-buffer manager ----------------------------------------------------------
    // Composition counters and thresholds are for the predictive engine (P-PFC) and the
    // underflow pulse flags an environment that releases more than it enqueued; the core
    // does not use them yet, so synthesis drops them (the fg_bm rows of the report keep them).
    /* verilator lint_off UNUSEDSIGNAL */
    wire [N_PORTS-1:0]                   bm_stat_underflow;
    wire [N_PORTS*N_PRIO*N_PORTS*CW-1:0] bm_comp_cnt;
    wire [N_PORTS*CW-1:0]                bm_thr;
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
        .thr               (bm_thr)
    );

    // ---- per port: PFC requests, receive timers, egress start gate ------------------------
    genvar gi, gp;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_port
            wire [N_PRIO-1:0]    q_nonempty;
            // Timer values and per-block stat pulses are observation points, not counted in
            // registers yet.
            /* verilator lint_off UNUSEDSIGNAL */
            wire [N_PRIO*32-1:0] timer_value;
            wire                 gen_stat_xoff;
            wire                 gen_stat_xon;
            wire                 sched_stat_blocked;
            /* verilator lint_on UNUSEDSIGNAL */

            for (gp = 0; gp < N_PRIO; gp = gp + 1) begin : g_prio
                assign q_nonempty[gp] = |egress_cnt[(gi*N_PRIO+gp)*CW +: CW];
            end

            fg_pfc_gen #(
                .N_PRIO (N_PRIO)
            ) u_gen (
                .clk           (clk),
                .rst           (rst),
                .cfg_enable    (cfg_pfc_enable),
                .cfg_refresh   (cfg_refresh),
                .paused        (paused[gi*N_PRIO +: N_PRIO]),
                .req_valid     (tx_ctrl_valid[gi]),
                .req_cev       (tx_ctrl_cev[gi*8 +: 8]),
                .req_xoff      (tx_ctrl_xoff[gi*8 +: 8]),
                .req_ack       (tx_ctrl_ack[gi]),
                .stat_xoff_req (gen_stat_xoff),
                .stat_xon_req  (gen_stat_xon)
            );

            fg_pfc_timer #(
                .N_PRIO (N_PRIO)
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
                .tx_paused    (tx_paused[gi*N_PRIO +: N_PRIO]),
                .link_idle    (link_idle[gi]),
                .grant_valid  (grant_valid[gi]),
                .grant_prio   (grant_prio[gi*3 +: 3]),
                .stat_blocked (sched_stat_blocked)
            );
        end
    endgenerate

endmodule

`default_nettype wire
