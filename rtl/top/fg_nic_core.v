// fg_nic_core - one NIC port: register block fg_csr_nic, CBFC sender fg_cbfc_tx (toward the
// switch), PFT throttle fg_pft (c = the sender's credits in use), GFC rate adjuster
// fg_gfc_time + rate limiter fg_rate_limiter, and CBFC receiver fg_cbfc_rx (for what the NIC
// receives), with the register block's counters.
//
// tx_start = can_send AND allow AND (NOT gfc_enable OR gfc_allow), all registers (no
// input-to-output path): the head packet may start this cycle. With GFC_CTRL.gfc_enable = 0
// (reset) the limiter is ignored and the port behaves exactly as without GFC.
// GFC (docs/gfc.md): time mode (gfc_mode 0) - every GFC_PERIOD fg_gfc_time samples
// r = FCCL - FCTBS of the sender and sets rate = C*min(1, r/(B_m - B_0)) (GFC_RECIP), which
// fills the limiter's token bucket (GFC_DEPTH); buffer mode (gfc_mode 1) - the limiter's stage
// engine at the last stage received (rx_gfc_valid / rx_gfc_stage, kept until the next one)
// waits L*(2^k - 1) cycles after a packet of L blocks. The limiter counts every start
// (tx_pkt_start, L = tx_head_blocks) whether or not GFC is on.
// CBFC charges all of a packet's blocks when it starts (tx_pkt_start); PFT gates packet
// starts, and its flit_sent is tx_flit (every cell), so
// FI's idle cycles are counted from the last cell of one packet to the start of the next:
// the cells of one packet go back to back, as in the system simulator. flit_req is
// tx_head_valid. A changed LFSR_SEED register is loaded into PFT's LFSR on the next edge.
// Counters: PFT_STATE_CHANGES, PFT_THROTTLED, FLITS_SENT, NO_CREDIT (cycles a packet waited
// for credit), GFC_WAIT (cycles a packet waited for the GFC limiter with GFC on).
// GFC_PIPE (0..2, default 2) is the PIPE of fg_gfc_time, and fg_rate_limiter's PIPE is
// min(GFC_PIPE, 1): at 1 the rate comes one edge later and the token bucket lags a start by
// one edge (docs/gfc.md), and neither block's arithmetic is then the core's longest path (at
// 0 they were, at 70 MHz on ECP5 and 19 MHz on iCE40); at 2 the rate comes one more edge
// later and is computed with the GFC_RECIP of the sample's edge (docs/blocks/gfc_time.md).
// docs/blocks/nic_core.md; C twin: cmodel/top/nic_core.c.
`default_nettype none

module fg_nic_core #(
    parameter SW = 8,      // packet size width in blocks, 1..12
    parameter FW = 16,     // width of rx_free_blocks, 1..24
    parameter CNT_W = 32,  // counter width (below 32 only in tests)
    parameter GFC_PIPE = 2 // PIPE of fg_gfc_time (0..2); fg_rate_limiter's is min(GFC_PIPE, 1)
) (
    input  wire          clk,
    input  wire          rst,
    // register bus
    input  wire          csr_wr,
    input  wire          csr_rd,
    input  wire [11:0]   csr_addr,
    input  wire [31:0]   csr_wdata,
    output wire          csr_ready,  // takes an access (docs/registers_nic.md, "Bus")
    output wire [31:0]   csr_rdata,
    // transmit side (toward the switch)
    input  wire          tx_head_valid,
    input  wire [SW-1:0] tx_head_blocks,
    input  wire          tx_pkt_start,
    input  wire          tx_flit,
    input  wire          rx_fccl_valid,
    input  wire [11:0]   rx_fccl,
    // receive side (from the switch)
    input  wire          rx_blocks_valid,
    input  wire [SW-1:0] rx_blocks,
    input  wire [FW-1:0] rx_free_blocks,
    input  wire          rx_fccl_req,
    // buffer-based GFC: a stage received from the switch (a GFC frame for this port's class)
    input  wire          rx_gfc_valid,
    input  wire [4:0]    rx_gfc_stage,
    // outputs
    output wire          tx_start,
    output wire          tx_fccl_valid,
    output wire [11:0]   tx_fccl,
    output wire          pft_congested,
    output wire [11:0]   credits_in_use,
    output wire [11:0]   credits_avail,
    output wire [11:0]   fccl,
    output wire [11:0]   fctbs,
    output wire          cfg_error,
    output wire [16:0]   gfc_rate,     // time mode's rate, Q1.16 of line rate
    output wire [4:0]    gfc_stage,    // last stage received
    output wire          gfc_hold      // GFC on and the limiter holds the next start
);

    // configuration from the register block
    wire        cfg_pft_enable, cfg_pft_strategy, cfg_pft_injection;
    wire [15:0] cfg_tfc;
    wire [11:0] cfg_rx_capacity, cfg_t_e, cfg_t_s, cfg_th_e, cfg_th_s;
    wire [15:0] cfg_w_e, cfg_n_e, cfg_w_s, cfg_n_s;
    wire [4:0]  cfg_m, cfg_n;
    wire [31:0] cfg_k, cfg_seed;
    wire        cfg_gfc_enable, cfg_gfc_mode;
    wire [23:0] cfg_gfc_period, cfg_gfc_recip;
    wire [11:0] cfg_gfc_depth;
    // sub-block outputs (the *_unused ones are visible on the sub-blocks' own ports only)
    /* verilator lint_off UNUSEDSIGNAL */
    wire        stat_no_credit_unused;
    wire [31:0] f_value_unused;
    wire [11:0] rx_abr_unused;
    wire [11:0] gfc_free_unused;
    wire        gfc_update_unused, gfc_full_unused, gfc_zero_unused;
    wire        gfc_stat_start_unused, gfc_stat_early_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    wire        can_send;
    wire        pft_allow, stat_enter, stat_exit, stat_throttled;
    wire        gfc_allow;

    // a changed seed register is loaded into the LFSR on the next edge
    reg  [31:0] seed_seen_reg;
    reg         seed_load_reg;
    wire        seed_load_next = (cfg_seed != seed_seen_reg);

    always @(posedge clk) begin
        if (rst) begin
            seed_seen_reg <= 32'd1;  // LFSR_SEED's reset value
            seed_load_reg <= 1'b0;
        end else begin
            seed_seen_reg <= cfg_seed;
            seed_load_reg <= seed_load_next;
        end
    end

    // the stage of buffer-based GFC: the last one received (GFC stages do not expire)
    reg  [4:0]  gfc_stage_reg;
    wire [4:0]  gfc_stage_next = rx_gfc_valid ? rx_gfc_stage : gfc_stage_reg;
    // what gfc_stage_reg holds after this edge: the limiter takes it (STAGE_AHEAD = 1) and
    // registers its unit mask beside gfc_stage_reg, so the stage decode is not in front of its
    // unit-end test (that path was the NIC core's worst on ECP5 in three seeds of three)
    wire [4:0]  gfc_stage_after = rst ? 5'd0 : gfc_stage_next;

    always @(posedge clk) begin
        if (rst) begin
            gfc_stage_reg <= 5'd0;
        end else begin
            gfc_stage_reg <= gfc_stage_next;
        end
    end

    fg_csr_nic #(.CNT_W(CNT_W)) u_csr (
        .clk(clk), .rst(rst),
        .csr_wr(csr_wr), .csr_rd(csr_rd), .csr_addr(csr_addr), .csr_wdata(csr_wdata), .csr_ready(csr_ready),
        .csr_rdata(csr_rdata),
        .stat_pft_change(stat_enter | stat_exit),
        .stat_pft_throttled(stat_throttled),
        .stat_flit(tx_flit),
        .stat_no_credit(tx_head_valid & ~can_send),
        .stat_gfc_wait(tx_head_valid & gfc_hold),
        .cfg_pft_enable(cfg_pft_enable), .cfg_pft_strategy(cfg_pft_strategy), .cfg_pft_injection(cfg_pft_injection),
        .cfg_tfc(cfg_tfc), .cfg_rx_capacity(cfg_rx_capacity),
        .cfg_t_e(cfg_t_e), .cfg_t_s(cfg_t_s), .cfg_w_e(cfg_w_e), .cfg_n_e(cfg_n_e), .cfg_th_e(cfg_th_e),
        .cfg_w_s(cfg_w_s), .cfg_n_s(cfg_n_s), .cfg_th_s(cfg_th_s),
        .cfg_m(cfg_m), .cfg_n(cfg_n), .cfg_k(cfg_k), .cfg_seed(cfg_seed),
        .cfg_gfc_enable(cfg_gfc_enable), .cfg_gfc_mode(cfg_gfc_mode), .cfg_gfc_period(cfg_gfc_period),
        .cfg_gfc_recip(cfg_gfc_recip), .cfg_gfc_depth(cfg_gfc_depth),
        .cfg_error(cfg_error));

    fg_cbfc_tx #(.SW(SW)) u_cbfc_tx (
        .clk(clk), .rst(rst),
        .cfg_rx_capacity(cfg_rx_capacity),
        .fccl_valid(rx_fccl_valid), .fccl_in(rx_fccl),
        .head_valid(tx_head_valid), .head_blocks(tx_head_blocks),
        .send(tx_pkt_start), .send_blocks(tx_head_blocks),
        .fccl(fccl), .fctbs(fctbs), .credits_avail(credits_avail), .credits_in_use(credits_in_use),
        .can_send(can_send), .stat_no_credit(stat_no_credit_unused));

    fg_pft #(.CW_C(12), .FW(32), .WW(16), .RESET_SEED(32'h0000_0001)) u_pft (
        .clk(clk), .rst(rst),
        .c(credits_in_use), .flit_req(tx_head_valid), .flit_sent(tx_flit),
        .cfg_enable(cfg_pft_enable), .cfg_strategy(cfg_pft_strategy), .cfg_injection(cfg_pft_injection),
        .cfg_t_e(cfg_t_e), .cfg_t_s(cfg_t_s), .cfg_w_e(cfg_w_e), .cfg_n_e(cfg_n_e), .cfg_th_e(cfg_th_e),
        .cfg_w_s(cfg_w_s), .cfg_n_s(cfg_n_s), .cfg_th_s(cfg_th_s),
        .cfg_m(cfg_m), .cfg_n(cfg_n), .cfg_k(cfg_k), .cfg_seed(cfg_seed), .cfg_seed_load(seed_load_reg),
        .congested(pft_congested), .allow(pft_allow), .f_value(f_value_unused),
        .stat_enter(stat_enter), .stat_exit(stat_exit), .stat_throttled(stat_throttled));

    // time-based GFC: the rate from the sender's registered FCCL/FCTBS (line rate when off)
    fg_gfc_time #(.PIPE(GFC_PIPE)) u_gfc_time (
        .clk(clk), .rst(rst),
        .cfg_enable(cfg_gfc_enable), .cfg_period(cfg_gfc_period), .cfg_recip(cfg_gfc_recip),
        .fccl(fccl), .fctbs(fctbs),
        .rate(gfc_rate), .free_blocks(gfc_free_unused),
        .stat_update(gfc_update_unused), .stat_full(gfc_full_unused), .stat_zero(gfc_zero_unused));

    // one limiter: token engine in time mode, stage engine in buffer mode
    fg_rate_limiter #(.SW(SW), .MAX_STAGE(20), .DW(12), .PIPE((GFC_PIPE > 0) ? 1 : 0), .STAGE_AHEAD(1)) u_gfc_limiter (
        .clk(clk), .rst(rst),
        .cfg_token_mode(~cfg_gfc_mode), .stage(gfc_stage_after), .cfg_rate(gfc_rate), .cfg_depth(cfg_gfc_depth),
        .pkt_start(tx_pkt_start), .pkt_cells(tx_head_blocks),
        .allow(gfc_allow), .stat_start(gfc_stat_start_unused), .stat_early(gfc_stat_early_unused));

    fg_cbfc_rx #(.SW(SW), .FW(FW)) u_cbfc_rx (
        .clk(clk), .rst(rst),
        .cfg_tfc(cfg_tfc), .rx_valid(rx_blocks_valid), .rx_blocks(rx_blocks),
        .free_blocks(rx_free_blocks), .fccl_req(rx_fccl_req), .fccl_ext(12'd0),
        .fccl_valid(tx_fccl_valid), .fccl(tx_fccl), .abr(rx_abr_unused));

    // all registers: no combinational path from an input
    assign gfc_hold  = cfg_gfc_enable & ~gfc_allow;
    assign tx_start  = can_send & pft_allow & ~gfc_hold;
    assign gfc_stage = gfc_stage_reg;

endmodule

`default_nettype wire
