// fg_pcap_rx_top - test wrapper for build/bin/fg_pcap_rx: the receive path of one port,
// fg_pfc_rx feeding fg_pfc_timer (N_PRIO = 8) as the switch core wires them, with every
// output of both blocks brought out so the tool can compare them with the C models.
// GFC frames (gfc_valid) do not reach the timer: their times are stage ids, not pauses.
`default_nettype none

module fg_pcap_rx_top (
    input  wire         clk,
    input  wire         rst,
    input  wire [7:0]   s_data,
    input  wire         s_valid,
    input  wire         s_last,
    input  wire         cfg_accept_8023x,
    input  wire         cfg_accept_gfc,
    input  wire [23:0]  cfg_quanta_step,
    output wire         frame_done,
    output wire [2:0]   frame_status,
    output wire         pfc_valid,
    output wire [7:0]   pfc_cev,
    output wire [127:0] pfc_time,
    output wire         stat_pfc,
    output wire         stat_pause,
    output wire         stat_runt,
    output wire         stat_bad_fcs,
    output wire         stat_bad_da,
    output wire         stat_bad_opcode,
    output wire         stat_not_ctrl,
    output wire         gfc_valid,
    output wire         stat_gfc,
    output wire [7:0]   tx_paused,
    output wire [255:0] timer
);

    fg_pfc_rx u_rx (
        .clk              (clk),
        .rst              (rst),
        .s_data           (s_data),
        .s_valid          (s_valid),
        .s_last           (s_last),
        .cfg_accept_8023x (cfg_accept_8023x),
        .cfg_accept_gfc   (cfg_accept_gfc),
        .frame_done       (frame_done),
        .frame_status     (frame_status),
        .pfc_valid        (pfc_valid),
        .pfc_cev          (pfc_cev),
        .pfc_time         (pfc_time),
        .stat_pfc         (stat_pfc),
        .stat_pause       (stat_pause),
        .stat_runt        (stat_runt),
        .stat_bad_fcs     (stat_bad_fcs),
        .stat_bad_da      (stat_bad_da),
        .stat_bad_opcode  (stat_bad_opcode),
        .stat_not_ctrl    (stat_not_ctrl),
        .gfc_valid        (gfc_valid),
        .stat_gfc         (stat_gfc)
    );

    fg_pfc_timer #(
        .N_PRIO (8)
    ) u_timer (
        .clk             (clk),
        .rst             (rst),
        .pfc_valid       (pfc_valid),
        .pfc_cev         (pfc_cev),
        .pfc_time        (pfc_time),
        .cfg_quanta_step (cfg_quanta_step),
        .tx_paused       (tx_paused),
        .timer           (timer)
    );

endmodule

`default_nettype wire
