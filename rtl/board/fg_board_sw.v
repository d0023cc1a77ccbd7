// fg_board_sw - the switch core as it goes on a board (docs/boards.md): the line-rate core
// (fg_sw_core, LINE_RATE = 1) driven by the on-board test system (fg_tsys) and reached from a
// host over a UART (fg_uart_bridge). Board tops (fpga/boards/<board>/) add only the clock, the
// reset and the pins.
//
// Address regions of the bridge (A[15:12]): 0 the switch core's registers (docs/registers.md),
// 1 the test system's (fg_csr_tsys, docs/registers_tsys.md). The core's PFC frame requests go
// to the test system (counted, acknowledged); received PFC is none; nothing holds an EQ.
// LEDs: led[0] traffic running (TS_CTRL.run), led[1] some ingress PG paused, led[2] an error
// (an illegal register write in either block, or a packet the test system lost), led[3] the
// bridge busy (a request in or an answer out), led[4] a heartbeat (clock / 2^HEARTBEAT_LOG2).
// The stat_* outputs are the test system's counter pulses (for the lock-step; a board leaves
// them open). The C twin is cmodel/board/board_sw.c.
`default_nettype none

module fg_board_sw #(
    parameter integer N_PORTS        = 4,
    parameter integer N_PRIO         = 2,
    parameter integer GFC            = 0,         // the core's build options (fg_sw_core)
    parameter integer ECN            = 0,
    parameter integer CLKS_PER_BIT   = 217,       // UART bit time in clock cycles (25 MHz / 115200)
    parameter integer TIMEOUT_CYCLES = 2500000,   // a request's gap limit (0.1 s at 25 MHz)
    parameter integer EQ_DEPTH_LOG2  = 9,         // 512 packets per egress queue
    parameter integer HEARTBEAT_LOG2 = 24,        // 1..31
    parameter integer CNT_W          = 32
) (
    input  wire                       clk,
    input  wire                       rst,
    input  wire                       uart_rxd,
    output wire                       uart_txd,
    output wire [4:0]                 led,
    output wire [N_PORTS-1:0]         stat_sent,
    output wire [N_PORTS-1:0]         stat_dropped,
    output wire [N_PORTS-1:0]         stat_delivered,
    output wire [N_PORTS-1:0]         stat_xoff,
    output wire [N_PORTS-1:0]         stat_xon,
    output wire [N_PORTS-1:0]         stat_paused,
    output wire [N_PORTS-1:0]         stat_lost
);

    localparam integer PW = (N_PORTS > 1) ? $clog2(N_PORTS) : 1;
    localparam integer SW = 8;

    generate
        if (HEARTBEAT_LOG2 < 1 || HEARTBEAT_LOG2 > 31) begin : g_bad_hb
            fg_board_sw_parameter_HEARTBEAT_LOG2_must_be_1_to_31 u_param_error ();
        end
    endgenerate

    // ---- the bridge and the two register blocks behind it
    wire        bus_wr, bus_rd, bus_busy;
    wire [15:0] bus_addr;
    wire [31:0] bus_wdata;
    wire        core_ready, tsys_ready;
    wire [31:0] core_rdata, tsys_rdata;
    wire        sel_tsys = (bus_addr[15:12] == 4'd1);
    /* verilator lint_off UNUSEDSIGNAL */
    wire        br_ok, br_bad_crc, br_bad_cmd, br_bad_addr, br_timeout, br_framing, br_overrun;
    /* verilator lint_on UNUSEDSIGNAL */

    fg_uart_bridge #(.CLKS_PER_BIT(CLKS_PER_BIT), .TIMEOUT_CYCLES(TIMEOUT_CYCLES), .N_REGIONS(2)) u_bridge (
        .clk(clk), .rst(rst), .rxd(uart_rxd), .txd(uart_txd),
        .bus_wr(bus_wr), .bus_rd(bus_rd), .bus_addr(bus_addr), .bus_wdata(bus_wdata),
        .bus_ready(sel_tsys ? tsys_ready : core_ready), .bus_rdata(sel_tsys ? tsys_rdata : core_rdata),
        .busy(bus_busy), .stat_ok(br_ok), .stat_bad_crc(br_bad_crc), .stat_bad_cmd(br_bad_cmd),
        .stat_bad_addr(br_bad_addr), .stat_timeout(br_timeout), .stat_framing(br_framing),
        .stat_overrun(br_overrun)
    );

    // ---- the test system's registers
    wire                    cfg_run, tsys_error;
    wire [7:0]              cfg_cell_cycles;
    wire [15:0]             cfg_react;
    wire [N_PORTS-1:0]      cfg_src_enable, cfg_src_ect;
    wire [N_PORTS*3-1:0]    cfg_src_prio;
    wire [N_PORTS*5-1:0]    cfg_src_dst;
    wire [N_PORTS*8-1:0]    cfg_src_cells;
    wire [N_PORTS*16-1:0]   cfg_src_gap;

    fg_csr_tsys #(.N_PORTS(N_PORTS), .N_PRIO(N_PRIO), .CNT_W(CNT_W)) u_csr_tsys (
        .clk(clk), .rst(rst),
        .csr_wr(bus_wr && sel_tsys), .csr_rd(bus_rd && sel_tsys), .csr_addr(bus_addr[11:0]),
        .csr_wdata(bus_wdata), .csr_ready(tsys_ready), .csr_rdata(tsys_rdata),
        .stat_sent(stat_sent), .stat_dropped(stat_dropped), .stat_delivered(stat_delivered),
        .stat_xoff(stat_xoff), .stat_xon(stat_xon), .stat_paused(stat_paused), .stat_lost(stat_lost),
        .cfg_run(cfg_run), .cfg_cell_cycles(cfg_cell_cycles), .cfg_react(cfg_react),
        .cfg_src_enable(cfg_src_enable), .cfg_src_ect(cfg_src_ect), .cfg_src_prio(cfg_src_prio),
        .cfg_src_dst(cfg_src_dst), .cfg_src_cells(cfg_src_cells), .cfg_src_gap(cfg_src_gap),
        .cfg_error(tsys_error)
    );

    // ---- the core and the test system around it
    wire [N_PORTS-1:0]        enq_valid, enq_ready, enq_ect, enq_accept, enq_drop;
    wire [N_PORTS*3-1:0]      enq_prio;
    wire [N_PORTS*PW-1:0]     enq_dst;
    wire [N_PORTS*SW-1:0]     enq_cells;
    wire [N_PORTS-1:0]        deq_valid, link_idle, grant_valid, tx_ctrl_valid, tx_ctrl_ack, tx_ctrl_gfc;
    wire [N_PORTS*3-1:0]      deq_prio, grant_prio;
    wire [N_PORTS*PW-1:0]     deq_src;
    wire [N_PORTS*SW-1:0]     deq_cells;
    wire [N_PORTS*8-1:0]      tx_ctrl_xoff;
    wire [N_PORTS*N_PRIO-1:0] paused;
    wire                      core_error;
    // the core's outputs the board does not use
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0]                  u_pause_quanta;
    wire [47:0]                  u_src_mac;
    wire                         u_mode_8023x, u_gfc_enable;
    wire [N_PORTS-1:0]           u_deq_ready, u_mark, u_stat_drop, u_stat_violation;
    wire [N_PORTS*2-1:0]         u_where;
    wire [N_PORTS*8-1:0]         u_cev, u_pred;
    wire [N_PORTS*128-1:0]       u_time;
    wire [N_PORTS*N_PRIO*5-1:0]  u_pg_stage, u_rx_stage;
    wire [N_PORTS*N_PRIO-1:0]    u_gfc_hold, u_stat_pp, u_tx_paused;
    wire [N_PORTS*N_PRIO*18-1:0] u_ing, u_hdrm, u_eg;
    wire [17:0]                  u_shared;
    /* verilator lint_on UNUSEDSIGNAL */

    fg_sw_core #(
        .N_PORTS(N_PORTS), .N_PRIO(N_PRIO), .CW(18), .SW(SW), .PPFC(0), .LINE_RATE(1),
        .GFC(GFC), .ECN(ECN)
    ) u_core (
        .clk(clk), .rst(rst),
        .csr_wr(bus_wr && !sel_tsys), .csr_rd(bus_rd && !sel_tsys), .csr_addr(bus_addr[11:0]),
        .csr_wdata(bus_wdata), .csr_ready(core_ready), .csr_rdata(core_rdata), .cfg_error(core_error),
        .cfg_pause_quanta(u_pause_quanta), .cfg_src_mac(u_src_mac), .cfg_mode_8023x(u_mode_8023x),
        .cfg_gfc_enable(u_gfc_enable),
        .enq_valid(enq_valid), .enq_ready(enq_ready), .enq_prio(enq_prio), .enq_dst(enq_dst),
        .enq_cells(enq_cells), .enq_ect(enq_ect),
        .deq_valid(deq_valid), .deq_prio(deq_prio), .deq_src(deq_src), .deq_cells(deq_cells),
        .rx_pfc_valid({N_PORTS{1'b0}}), .rx_pfc_bad({N_PORTS{1'b0}}), .rx_pfc_cev({(N_PORTS*8){1'b0}}),
        .rx_pfc_time({(N_PORTS*128){1'b0}}), .rx_gfc_valid({N_PORTS{1'b0}}),
        .tx_ctrl_ack(tx_ctrl_ack), .link_idle(link_idle), .tx_hold({(N_PORTS*N_PRIO){1'b0}}),
        .deq_ready(u_deq_ready), .enq_accept(enq_accept), .enq_drop(enq_drop), .enq_where(u_where),
        .enq_mark(u_mark), .stat_drop(u_stat_drop), .stat_violation(u_stat_violation), .paused(paused),
        .tx_ctrl_valid(tx_ctrl_valid), .tx_ctrl_cev(u_cev), .tx_ctrl_xoff(tx_ctrl_xoff),
        .tx_ctrl_time(u_time), .tx_ctrl_pred(u_pred), .tx_ctrl_gfc(tx_ctrl_gfc),
        .gfc_pg_stage(u_pg_stage), .gfc_rx_stage(u_rx_stage), .gfc_hold(u_gfc_hold), .stat_pp(u_stat_pp),
        .tx_paused(u_tx_paused), .grant_valid(grant_valid), .grant_prio(grant_prio),
        .ingress_cnt(u_ing), .hdrm_cnt(u_hdrm), .egress_cnt(u_eg), .shared_used(u_shared)
    );

    fg_tsys #(.N_PORTS(N_PORTS), .N_PRIO(N_PRIO), .SW(SW), .EQ_DEPTH_LOG2(EQ_DEPTH_LOG2)) u_tsys (
        .clk(clk), .rst(rst),
        .cfg_run(cfg_run), .cfg_cell_cycles(cfg_cell_cycles), .cfg_react(cfg_react),
        .cfg_src_enable(cfg_src_enable), .cfg_src_ect(cfg_src_ect), .cfg_src_prio(cfg_src_prio),
        .cfg_src_dst(cfg_src_dst), .cfg_src_cells(cfg_src_cells), .cfg_src_gap(cfg_src_gap),
        .enq_valid(enq_valid), .enq_ready(enq_ready), .enq_prio(enq_prio), .enq_dst(enq_dst),
        .enq_cells(enq_cells), .enq_ect(enq_ect), .enq_accept(enq_accept), .enq_drop(enq_drop),
        .paused(paused), .grant_valid(grant_valid), .grant_prio(grant_prio),
        .deq_valid(deq_valid), .deq_prio(deq_prio), .deq_src(deq_src), .deq_cells(deq_cells),
        .link_idle(link_idle), .tx_ctrl_valid(tx_ctrl_valid), .tx_ctrl_xoff(tx_ctrl_xoff),
        .tx_ctrl_gfc(tx_ctrl_gfc), .tx_ctrl_ack(tx_ctrl_ack),
        .stat_sent(stat_sent), .stat_dropped(stat_dropped), .stat_delivered(stat_delivered),
        .stat_xoff(stat_xoff), .stat_xon(stat_xon), .stat_paused(stat_paused), .stat_lost(stat_lost)
    );

    // ---- LEDs
    reg        lost_seen_reg, paused_any_reg, error_reg;
    reg [30:0] beat_reg;
    wire       lost_seen_next = lost_seen_reg || (stat_lost != {N_PORTS{1'b0}});
    wire [30:0] beat_next     = beat_reg + 31'd1;
    always @(posedge clk) begin
        if (rst) begin
            lost_seen_reg  <= 1'b0;
            paused_any_reg <= 1'b0;
            error_reg      <= 1'b0;
            beat_reg       <= 31'd0;
        end else begin
            lost_seen_reg  <= lost_seen_next;
            paused_any_reg <= (paused != {(N_PORTS*N_PRIO){1'b0}});
            error_reg      <= core_error || tsys_error || lost_seen_reg;
            beat_reg       <= beat_next;
        end
    end
    assign led = {beat_reg[HEARTBEAT_LOG2-1], bus_busy, error_reg, paused_any_reg, cfg_run};

endmodule

`default_nettype wire
