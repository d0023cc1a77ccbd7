// fg_interop_tx_top - interop harness top: fg_pfc_gen in front of fg_pfc_tx, as a switch
// port wires them (verif/interop/tx/interop_tx.cpp drives it; not part of the IP).
// The pause levels come from the scenario instead of fg_bm, the predictive requests (pp_*)
// instead of fg_ppfc; client data frames and m_ready
// from the scenario; the transmit stream is written to a pcap file. A GFC stage request
// (gfc_valid/gfc_cev/gfc_stage, acknowledged by gfc_ack) from the scenario is merged in
// as fg_sw_core merges fg_gfc_stage's: a PFC request of fg_pfc_gen goes first, and the
// acknowledge goes to whichever request fg_pfc_tx was shown (ctrl_gfc says which).
`default_nettype none

module fg_interop_tx_top (
    input  wire        clk,
    input  wire        rst,
    input  wire        cfg_enable,
    input  wire [23:0] cfg_refresh,
    input  wire        cfg_mode_8023x,
    input  wire [15:0] cfg_pause_quanta,
    input  wire [47:0] cfg_src_mac,
    input  wire [7:0]  paused,
    input  wire        pp_valid,
    input  wire [2:0]  pp_prio,
    input  wire [15:0] pp_quanta,
    input  wire        gfc_valid,
    input  wire [7:0]  gfc_cev,
    input  wire [127:0] gfc_stage,   // stage id of class n at [n*16 +: 16]
    output wire        gfc_ack,
    input  wire [7:0]  s_data,
    input  wire        s_valid,
    input  wire        s_last,
    output wire        s_ready,
    output wire [7:0]  m_data,
    output wire        m_valid,
    output wire        m_last,
    input  wire        m_ready,
    output wire        req_ack,
    output wire        stat_xoff_req,
    output wire        stat_xon_req,
    output wire        stat_pp_dropped,
    output wire        stat_tx_ctrl
);

    wire       req_valid;
    wire [7:0] req_cev;
    wire [7:0] req_xoff;
    wire [127:0] req_time;
    wire [7:0] req_pred;
    wire       pfc_ack;
    wire       show_pfc = req_valid;               // PFC first
    wire       ctrl_gfc = !req_valid && gfc_valid;
    assign pfc_ack = req_ack && show_pfc;
    assign gfc_ack = req_ack && !show_pfc;
    // Which classes were predictive is for counters; the frame only carries the times.
    /* verilator lint_off UNUSEDSIGNAL */
    wire [7:0] unused_pred = req_pred;
    /* verilator lint_on UNUSEDSIGNAL */

    fg_pfc_gen #(
        .N_PRIO (8)
    ) u_gen (
        .clk           (clk),
        .rst           (rst),
        .cfg_enable    (cfg_enable),
        .cfg_refresh   (cfg_refresh),
        .cfg_pause_quanta (cfg_pause_quanta),
        .refresh_tick  (1'b0),
        .pp_valid      (pp_valid),
        .pp_prio       (pp_prio),
        .pp_quanta     (pp_quanta),
        .paused        (paused),
        .req_valid     (req_valid),
        .req_cev       (req_cev),
        .req_xoff      (req_xoff),
        .req_time      (req_time),
        .req_pred      (req_pred),
        .req_ack       (pfc_ack),
        .stat_xoff_req (stat_xoff_req),
        .stat_xon_req  (stat_xon_req),
        .stat_pp_dropped (stat_pp_dropped)
    );

    fg_pfc_tx u_tx (
        .clk              (clk),
        .rst              (rst),
        .cfg_mode_8023x   (cfg_mode_8023x),
        .cfg_src_mac      (cfg_src_mac),
        .req_valid        (req_valid || gfc_valid),
        .req_cev          (show_pfc ? req_cev : gfc_cev),
        .req_xoff         (show_pfc ? req_xoff : 8'd0),
        .ctrl_time        (show_pfc ? req_time : gfc_stage),
        .ctrl_gfc         (ctrl_gfc),
        .req_ack          (req_ack),
        .s_data           (s_data),
        .s_valid          (s_valid),
        .s_last           (s_last),
        .s_ready          (s_ready),
        .m_data           (m_data),
        .m_valid          (m_valid),
        .m_last           (m_last),
        .m_ready          (m_ready),
        .stat_tx_ctrl     (stat_tx_ctrl)
    );

endmodule

`default_nettype wire
