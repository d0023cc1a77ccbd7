// fg_cbfc_link_top - test wrapper only (not product RTL): one fg_cbfc_tx and one fg_cbfc_rx
// side by side with every port brought out (rx_* / tx_*), so the combined CBFC link test
// drives both under the lock-step harness and closes the loop (data forward, FCCL back)
// through its modelled link in software, from the C models' outputs.
`default_nettype none

module fg_cbfc_link_top #(
    parameter SW = 8,
    parameter FW = 16
) (
    input  wire          clk,
    input  wire          rst,
    // receiver
    input  wire [15:0]   rx_cfg_tfc,
    input  wire          rx_rx_valid,
    input  wire [SW-1:0] rx_rx_blocks,
    input  wire [FW-1:0] rx_free_blocks,
    input  wire          rx_fccl_req,
    output wire          rx_fccl_valid,
    output wire [11:0]   rx_fccl,
    output wire [11:0]   rx_abr,
    // sender
    input  wire [11:0]   tx_cfg_rx_capacity,
    input  wire          tx_fccl_valid,
    input  wire [11:0]   tx_fccl_in,
    input  wire          tx_head_valid,
    input  wire [SW-1:0] tx_head_blocks,
    input  wire          tx_send,
    input  wire [SW-1:0] tx_send_blocks,
    output wire [11:0]   tx_fccl,
    output wire [11:0]   tx_fctbs,
    output wire [11:0]   tx_credits_avail,
    output wire [11:0]   tx_credits_in_use,
    output wire          tx_can_send,
    output wire          tx_stat_no_credit
);

    fg_cbfc_rx #(.SW(SW), .FW(FW)) u_rx (
        .clk(clk), .rst(rst), .cfg_tfc(rx_cfg_tfc), .rx_valid(rx_rx_valid), .rx_blocks(rx_rx_blocks),
        .free_blocks(rx_free_blocks), .fccl_req(rx_fccl_req), .fccl_valid(rx_fccl_valid),
        .fccl(rx_fccl), .abr(rx_abr));

    fg_cbfc_tx #(.SW(SW)) u_tx (
        .clk(clk), .rst(rst), .cfg_rx_capacity(tx_cfg_rx_capacity), .fccl_valid(tx_fccl_valid),
        .fccl_in(tx_fccl_in), .head_valid(tx_head_valid), .head_blocks(tx_head_blocks), .send(tx_send),
        .send_blocks(tx_send_blocks), .fccl(tx_fccl), .fctbs(tx_fctbs), .credits_avail(tx_credits_avail),
        .credits_in_use(tx_credits_in_use), .can_send(tx_can_send), .stat_no_credit(tx_stat_no_credit));

endmodule

`default_nettype wire
