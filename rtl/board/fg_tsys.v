// fg_tsys - the on-board test system around a line-rate switch core (docs/boards.md): traffic
// sources on the ingress ports, egress queues and links that drain what the core admitted, and
// pulses for the counters of its register block (fg_csr_tsys, sw/regmap/tsys_regmap.json).
//
// Sources (one per ingress port i): while cfg_run is 1, source i offers packets of its
// configured priority, egress port and size to the core (enq_*), holding each offer until an
// edge with enq_ready, then waiting cfg_src_gap idle cycles before the next. Its settings are
// taken from the registers only while cfg_run is 0 and none of its offers is in flight (offered
// or waiting for its verdict), so every verdict names a packet whose fields are known. A
// source whose priority is at or above N_PRIO or whose egress port is at or above N_PORTS
// offers nothing. The upstream's pause: once the source's PG is paused (the core's `paused`,
// the state its PFC frames carry) for more than cfg_react cycles, the source makes no new
// offer until the pause ends (an offer already made stays).
// Egress (one queue per EQ (o, p), one link per port o): an accepted verdict (enq_accept; the
// line-rate core gives at most one per edge) queues its source's index in EQ(dst, prio); a
// second accepted verdict on one edge, or a full queue, counts stat_lost for that egress port
// instead. A grant (grant_valid[o], grant_prio[o]) pops the head of EQ(o, grant_prio): the
// queues of port o are one block RAM (fg_ram_1r1w, N_PRIO regions of 2^EQ_DEPTH_LOG2 entries of
// the source's index and the packet's size),
// so the released packet reaches the core as deq_* two edges after the grant is seen, and the
// link is busy (link_idle 0) from the grant's edge until cells x cfg_cell_cycles cycles after
// that deq. PFC frame requests (tx_ctrl_valid) are taken on the edge after they appear
// (tx_ctrl_ack) and counted as XOFF (any XOFF class) or XON frames; received PFC is none.
// All outputs are flops except deq_src and deq_cells (the RAM's output register and the released
// source's size selected by it, both 0 without deq_valid). The C twin is cmodel/board/tsys.c.
`default_nettype none

module fg_tsys #(
    parameter integer N_PORTS       = 4,   // 1..32
    parameter integer N_PRIO        = 2,   // 1..8
    parameter integer SW            = 8,   // the core's packet-size width (cells), 8..16
    parameter integer EQ_DEPTH_LOG2 = 6,   // packets per egress queue: 2^EQ_DEPTH_LOG2, 1..9
    // derived, do not override
    parameter integer PW            = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                     clk,
    input  wire                     rst,

    // registers (fg_csr_tsys)
    input  wire                     cfg_run,
    input  wire [7:0]               cfg_cell_cycles,
    input  wire [15:0]              cfg_react,
    input  wire [N_PORTS-1:0]       cfg_src_enable,
    input  wire [N_PORTS-1:0]       cfg_src_ect,
    input  wire [N_PORTS*3-1:0]     cfg_src_prio,
    input  wire [N_PORTS*5-1:0]     cfg_src_dst,
    input  wire [N_PORTS*8-1:0]     cfg_src_cells,
    input  wire [N_PORTS*16-1:0]    cfg_src_gap,

    // the switch core's ingress side
    output wire [N_PORTS-1:0]       enq_valid,
    input  wire [N_PORTS-1:0]       enq_ready,
    output wire [N_PORTS*3-1:0]     enq_prio,
    output wire [N_PORTS*PW-1:0]    enq_dst,
    output wire [N_PORTS*SW-1:0]    enq_cells,
    output wire [N_PORTS-1:0]       enq_ect,
    input  wire [N_PORTS-1:0]       enq_accept,
    input  wire [N_PORTS-1:0]       enq_drop,
    input  wire [N_PORTS*N_PRIO-1:0] paused,
    // its egress side
    input  wire [N_PORTS-1:0]       grant_valid,
    input  wire [N_PORTS*3-1:0]     grant_prio,
    output wire [N_PORTS-1:0]       deq_valid,
    output wire [N_PORTS*3-1:0]     deq_prio,
    output wire [N_PORTS*PW-1:0]    deq_src,
    output wire [N_PORTS*SW-1:0]    deq_cells,
    output wire [N_PORTS-1:0]       link_idle,
    // its PFC frame requests
    input  wire [N_PORTS-1:0]       tx_ctrl_valid,
    input  wire [N_PORTS*8-1:0]     tx_ctrl_xoff,
    input  wire [N_PORTS-1:0]       tx_ctrl_gfc,
    output wire [N_PORTS-1:0]       tx_ctrl_ack,

    // one-cycle pulses for the register block's counters
    output wire [N_PORTS-1:0]       stat_sent,
    output wire [N_PORTS-1:0]       stat_dropped,
    output wire [N_PORTS-1:0]       stat_delivered,
    output wire [N_PORTS-1:0]       stat_xoff,
    output wire [N_PORTS-1:0]       stat_xon,
    output wire [N_PORTS-1:0]       stat_paused,
    output wire [N_PORTS-1:0]       stat_lost
);

    localparam integer PB = (N_PRIO > 1) ? $clog2(N_PRIO) : 1;   // priority bits of a RAM address
    localparam integer D  = EQ_DEPTH_LOG2;
    localparam integer AW = PB + D;
    localparam [D:0]   DEPTH = 1 << D;
    localparam [5:0]   N_PORTS_6 = N_PORTS[5:0];
    localparam [3:0]   N_PRIO_4  = N_PRIO[3:0];

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_ports
            fg_tsys_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_prio
            fg_tsys_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (SW < 8 || SW > 16) begin : g_bad_sw
            fg_tsys_parameter_SW_must_be_8_to_16 u_param_error ();
        end
        if (EQ_DEPTH_LOG2 < 1 || EQ_DEPTH_LOG2 > 9) begin : g_bad_depth
            fg_tsys_parameter_EQ_DEPTH_LOG2_must_be_1_to_9 u_param_error ();
        end
    endgenerate

    integer i, k;           // the sources' block
    integer jv, kv;         // the verdicts' block
    integer ie, ke;         // the egress block
    integer ip;             // the PFC block
    genvar go;

    // ================================================================== sources
    reg  [N_PORTS-1:0]    snap_ok_reg, snap_ok_next;      // enabled, prio < N_PRIO, dst < N_PORTS
    reg  [N_PORTS-1:0]    snap_ect_reg, snap_ect_next;
    reg  [N_PORTS*3-1:0]  snap_prio_reg, snap_prio_next;
    reg  [N_PORTS*PW-1:0] snap_dst_reg, snap_dst_next;
    reg  [N_PORTS*8-1:0]  snap_cells_reg, snap_cells_next;
    reg  [N_PORTS*16-1:0] snap_gap_reg, snap_gap_next;
    reg  [N_PORTS-1:0]    offer_reg, offer_next;
    reg  [N_PORTS*16-1:0] gap_cnt_reg, gap_cnt_next;
    reg  [N_PORTS*16-1:0] react_cnt_reg, react_cnt_next;
    reg  [N_PORTS*5-1:0]  inflight_reg, inflight_next;    // offers taken, verdict not yet seen
    reg  [N_PORTS-1:0]    sent_reg, sent_next, dropped_reg, dropped_next, paused_st_reg, paused_st_next;

    reg        pg_paused, can_offer, taken, verdict;
    reg  [2:0] pr;
    reg  [4:0] dst5;
    reg  [15:0] gap_c, react_c;
    reg  [4:0] infl;
    always @* begin
        snap_ok_next    = snap_ok_reg;
        snap_ect_next   = snap_ect_reg;
        snap_prio_next  = snap_prio_reg;
        snap_dst_next   = snap_dst_reg;
        snap_cells_next = snap_cells_reg;
        snap_gap_next   = snap_gap_reg;
        offer_next      = offer_reg;
        gap_cnt_next    = gap_cnt_reg;
        react_cnt_next  = react_cnt_reg;
        inflight_next   = inflight_reg;
        sent_next       = {N_PORTS{1'b0}};
        dropped_next    = enq_drop;
        paused_st_next  = {N_PORTS{1'b0}};
        dst5            = 5'd0;
        for (i = 0; i < N_PORTS; i = i + 1) begin
            taken   = offer_reg[i] && enq_ready[i];
            verdict = enq_accept[i] || enq_drop[i];
            gap_c   = gap_cnt_reg[i*16 +: 16];
            react_c = react_cnt_reg[i*16 +: 16];
            infl    = inflight_reg[i*5 +: 5];
            pr      = snap_prio_reg[i*3 +: 3];
            pg_paused = 1'b0;
            for (k = 0; k < N_PRIO; k = k + 1)
                if (pr == k[2:0] && paused[i*N_PRIO + k]) pg_paused = 1'b1;
            // the pause stops new offers once it has lasted more than cfg_react cycles
            can_offer = cfg_run && snap_ok_reg[i] && !(pg_paused && react_c >= cfg_react);
            react_cnt_next[i*16 +: 16] = !pg_paused ? 16'd0 : (react_c >= cfg_react) ? react_c : react_c + 16'd1;
            sent_next[i] = taken;
            if (taken) begin
                offer_next[i] = (snap_gap_reg[i*16 +: 16] == 16'd0) && can_offer;
                // SRC_GAP idle cycles before the next offer (the offer rises the cycle after the count is 0)
                gap_cnt_next[i*16 +: 16] = (snap_gap_reg[i*16 +: 16] == 16'd0) ? 16'd0 : snap_gap_reg[i*16 +: 16] - 16'd1;
            end else begin
                if (!offer_reg[i] && gap_c == 16'd0 && can_offer) offer_next[i] = 1'b1;
                if (gap_c != 16'd0) gap_cnt_next[i*16 +: 16] = gap_c - 16'd1;
            end
            paused_st_next[i] = !offer_reg[i] && gap_c == 16'd0 && cfg_run && snap_ok_reg[i] && !can_offer;
            inflight_next[i*5 +: 5] = infl + {4'd0, taken} - {4'd0, verdict};
            // the settings, while stopped and with nothing of this source in flight
            if (!cfg_run && !offer_reg[i] && infl == 5'd0) begin
                dst5 = cfg_src_dst[i*5 +: 5];
                snap_ok_next[i]             = cfg_src_enable[i] && ({1'b0, dst5} < N_PORTS_6) &&
                                              ({1'b0, cfg_src_prio[i*3 +: 3]} < N_PRIO_4);
                snap_ect_next[i]            = cfg_src_ect[i];
                snap_prio_next[i*3 +: 3]    = cfg_src_prio[i*3 +: 3];
                snap_dst_next[i*PW +: PW]   = dst5[PW-1:0];
                snap_cells_next[i*8 +: 8]   = cfg_src_cells[i*8 +: 8];
                snap_gap_next[i*16 +: 16]   = cfg_src_gap[i*16 +: 16];
            end
        end
    end

    // ================================================================== egress queues
    // the accepted verdict of this edge (the lowest port when there are more, which are lost)
    reg              push;
    reg  [PW-1:0]    push_src;
    reg  [N_PORTS-1:0] lost_multi;                 // a second accepted verdict on this edge
    reg  [N_PORTS-1:0] lost_full;                  // the queue was full
    reg  [N_PORTS-1:0] lost_reg;
    wire [N_PORTS-1:0] lost_next = lost_multi | lost_full;
    reg  [PW-1:0]    vd;
    always @* begin
        push      = 1'b0;
        push_src  = {PW{1'b0}};
        lost_multi = {N_PORTS{1'b0}};
        vd = {PW{1'b0}};
        for (jv = N_PORTS - 1; jv >= 0; jv = jv - 1) begin
            if (enq_accept[jv]) begin
                push     = 1'b1;
                push_src = jv[PW-1:0];
            end
        end
        // every accepted verdict but the lowest is lost at its egress port
        for (jv = 0; jv < N_PORTS; jv = jv + 1) begin
            vd = snap_dst_reg[jv*PW +: PW];
            if (enq_accept[jv] && push_src != jv[PW-1:0])
                for (kv = 0; kv < N_PORTS; kv = kv + 1)
                    if (vd == kv[PW-1:0]) lost_multi[kv] = 1'b1;
        end
    end
    wire [PW-1:0] push_dst  = snap_dst_reg[push_src*PW +: PW];
    wire [2:0]    push_prio = snap_prio_reg[push_src*3 +: 3];
    wire [7:0]    push_cells = snap_cells_reg[push_src*8 +: 8];

    // per EQ (o, p): head and tail, D+1 bits (full when they differ by 2^D)
    reg  [N_PORTS*N_PRIO*(D+1)-1:0] head_reg, head_next, tail_reg, tail_next;
    reg  [N_PORTS-1:0]  pend1_reg, pend1_next, pend2_reg, pend2_next;
    reg  [N_PORTS*3-1:0] prio1_reg, prio1_next, prio2_reg, prio2_next;
    reg  [N_PORTS-1:0]  busy_reg, busy_next, waitd_reg, waitd_next;
    reg  [N_PORTS*8-1:0] cells_left_reg, cells_left_next, cyc_left_reg, cyc_left_next;
    reg  [N_PORTS-1:0]  deliv_reg, deliv_next;
    reg  [N_PORTS-1:0]  we;
    reg  [N_PORTS*AW-1:0] waddr, raddr;
    wire [N_PORTS*(PW+8)-1:0] rdata;   // per port: the released packet's {cells, source}
    reg  [N_PORTS*SW-1:0] deq_cells_sel;
    reg  [D:0] hd, tl;
    reg  [2:0] gp;
    reg  [7:0] cl, cy;
    always @* begin
        head_next       = head_reg;
        tail_next       = tail_reg;
        pend1_next      = grant_valid;
        prio1_next      = grant_prio;
        pend2_next      = pend1_reg;
        prio2_next      = prio1_reg;
        busy_next       = busy_reg;
        waitd_next      = waitd_reg;
        cells_left_next = cells_left_reg;
        cyc_left_next   = cyc_left_reg;
        deliv_next      = pend2_reg;
        we              = {N_PORTS{1'b0}};
        waddr           = {(N_PORTS*AW){1'b0}};
        raddr           = {(N_PORTS*AW){1'b0}};
        deq_cells_sel   = {(N_PORTS*SW){1'b0}};
        lost_full       = {N_PORTS{1'b0}};
        hd = {(D+1){1'b0}};
        tl = {(D+1){1'b0}};
        gp = 3'd0;
        cl = 8'd0;
        cy = 8'd0;
        for (ie = 0; ie < N_PORTS; ie = ie + 1) begin
            // push
            for (ke = 0; ke < N_PRIO; ke = ke + 1) begin
                hd = head_reg[(ie*N_PRIO + ke)*(D+1) +: D+1];
                tl = tail_reg[(ie*N_PRIO + ke)*(D+1) +: D+1];
                if (push && push_dst == ie[PW-1:0] && push_prio == ke[2:0]) begin
                    if (tl - hd == DEPTH) begin
                        lost_full[ie] = 1'b1;
                    end else begin
                        we[ie] = 1'b1;
                        waddr[ie*AW +: AW] = {ke[PB-1:0], tl[D-1:0]};
                        tail_next[(ie*N_PRIO + ke)*(D+1) +: D+1] = tl + 1'b1;
                    end
                end
            end
            // pop at a grant: the RAM read is addressed now, its word is the deq two edges on
            gp = grant_prio[ie*3 +: 3];
            for (ke = 0; ke < N_PRIO; ke = ke + 1) begin
                hd = head_reg[(ie*N_PRIO + ke)*(D+1) +: D+1];
                if (gp == ke[2:0]) raddr[ie*AW +: AW] = {ke[PB-1:0], hd[D-1:0]};
                if (grant_valid[ie] && gp == ke[2:0])
                    head_next[(ie*N_PRIO + ke)*(D+1) +: D+1] = hd + 1'b1;
            end
            // the released packet's size, queued with it (a source's settings may change while
            // its packets wait)
            deq_cells_sel[ie*SW +: SW] = {{(SW-8){1'b0}}, rdata[ie*(PW+8) + PW +: 8]};
            // the link: busy from the grant's edge; the size loaded with the deq, then cells x
            // cfg_cell_cycles cycles
            cl = cells_left_reg[ie*8 +: 8];
            cy = cyc_left_reg[ie*8 +: 8];
            if (grant_valid[ie]) begin
                busy_next[ie]  = 1'b1;
                waitd_next[ie] = 1'b1;
            end else if (waitd_reg[ie]) begin
                if (pend2_reg[ie]) begin
                    waitd_next[ie] = 1'b0;
                    cells_left_next[ie*8 +: 8] = deq_cells_sel[ie*SW +: 8];
                    cyc_left_next[ie*8 +: 8]   = cfg_cell_cycles - 8'd1;
                end
            end else if (busy_reg[ie]) begin
                if (cy == 8'd0) begin
                    if (cl <= 8'd1) begin
                        busy_next[ie] = 1'b0;
                    end else begin
                        cells_left_next[ie*8 +: 8] = cl - 8'd1;
                        cyc_left_next[ie*8 +: 8]   = cfg_cell_cycles - 8'd1;
                    end
                end else begin
                    cyc_left_next[ie*8 +: 8] = cy - 8'd1;
                end
            end
        end
    end

    generate
        for (go = 0; go < N_PORTS; go = go + 1) begin : g_eq_ram
            fg_ram_1r1w #(.W(PW + 8), .AW(AW)) u_ram (
                .clk(clk), .we(we[go]), .waddr(waddr[go*AW +: AW]), .wdata({push_cells, push_src}),
                .raddr(raddr[go*AW +: AW]), .rdata(rdata[go*(PW+8) +: PW+8])
            );
        end
    endgenerate

    // ================================================================== PFC frame requests
    reg  [N_PORTS-1:0] ack_reg, ack_next, xoff_reg, xoff_next, xon_reg, xon_next;
    always @* begin
        for (ip = 0; ip < N_PORTS; ip = ip + 1) begin
            ack_next[ip]  = tx_ctrl_valid[ip] && !ack_reg[ip];
            // counted on the edge that takes the request (ack high)
            xoff_next[ip] = ack_reg[ip] && tx_ctrl_valid[ip] && !tx_ctrl_gfc[ip] && (tx_ctrl_xoff[ip*8 +: 8] != 8'd0);
            xon_next[ip]  = ack_reg[ip] && tx_ctrl_valid[ip] && !tx_ctrl_gfc[ip] && (tx_ctrl_xoff[ip*8 +: 8] == 8'd0);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            snap_ok_reg    <= {N_PORTS{1'b0}};
            snap_ect_reg   <= {N_PORTS{1'b0}};
            snap_prio_reg  <= {(N_PORTS*3){1'b0}};
            snap_dst_reg   <= {(N_PORTS*PW){1'b0}};
            snap_cells_reg <= {(N_PORTS*8){1'b0}};
            snap_gap_reg   <= {(N_PORTS*16){1'b0}};
            offer_reg      <= {N_PORTS{1'b0}};
            gap_cnt_reg    <= {(N_PORTS*16){1'b0}};
            react_cnt_reg  <= {(N_PORTS*16){1'b0}};
            inflight_reg   <= {(N_PORTS*5){1'b0}};
            sent_reg       <= {N_PORTS{1'b0}};
            dropped_reg    <= {N_PORTS{1'b0}};
            paused_st_reg  <= {N_PORTS{1'b0}};
            lost_reg       <= {N_PORTS{1'b0}};
            head_reg       <= {(N_PORTS*N_PRIO*(D+1)){1'b0}};
            tail_reg       <= {(N_PORTS*N_PRIO*(D+1)){1'b0}};
            pend1_reg      <= {N_PORTS{1'b0}};
            pend2_reg      <= {N_PORTS{1'b0}};
            prio1_reg      <= {(N_PORTS*3){1'b0}};
            prio2_reg      <= {(N_PORTS*3){1'b0}};
            busy_reg       <= {N_PORTS{1'b0}};
            waitd_reg      <= {N_PORTS{1'b0}};
            cells_left_reg <= {(N_PORTS*8){1'b0}};
            cyc_left_reg   <= {(N_PORTS*8){1'b0}};
            deliv_reg      <= {N_PORTS{1'b0}};
            ack_reg        <= {N_PORTS{1'b0}};
            xoff_reg       <= {N_PORTS{1'b0}};
            xon_reg        <= {N_PORTS{1'b0}};
        end else begin
            snap_ok_reg    <= snap_ok_next;
            snap_ect_reg   <= snap_ect_next;
            snap_prio_reg  <= snap_prio_next;
            snap_dst_reg   <= snap_dst_next;
            snap_cells_reg <= snap_cells_next;
            snap_gap_reg   <= snap_gap_next;
            offer_reg      <= offer_next;
            gap_cnt_reg    <= gap_cnt_next;
            react_cnt_reg  <= react_cnt_next;
            inflight_reg   <= inflight_next;
            sent_reg       <= sent_next;
            dropped_reg    <= dropped_next;
            paused_st_reg  <= paused_st_next;
            lost_reg       <= lost_next;
            head_reg       <= head_next;
            tail_reg       <= tail_next;
            pend1_reg      <= pend1_next;
            pend2_reg      <= pend2_next;
            prio1_reg      <= prio1_next;
            prio2_reg      <= prio2_next;
            busy_reg       <= busy_next;
            waitd_reg      <= waitd_next;
            cells_left_reg <= cells_left_next;
            cyc_left_reg   <= cyc_left_next;
            deliv_reg      <= deliv_next;
            ack_reg        <= ack_next;
            xoff_reg       <= xoff_next;
            xon_reg        <= xon_next;
        end
    end

    // enq fields straight from the settings (held while an offer is out)
    genvar gi;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_enq
            assign enq_cells[gi*SW +: SW] = {{(SW-8){1'b0}}, snap_cells_reg[gi*8 +: 8]};
        end
    endgenerate
    assign enq_valid      = offer_reg;
    assign enq_prio       = snap_prio_reg;
    assign enq_dst        = snap_dst_reg;
    assign enq_ect        = snap_ect_reg;
    assign deq_valid      = pend2_reg;
    assign deq_prio       = prio2_reg;
    // the RAM's word only with its deq (between deqs it is whatever the head address holds,
    // unwritten words included)
    genvar gd;
    generate
        for (gd = 0; gd < N_PORTS; gd = gd + 1) begin : g_deq
            assign deq_src[gd*PW +: PW]   = rdata[gd*(PW+8) +: PW] & {PW{pend2_reg[gd]}};
            assign deq_cells[gd*SW +: SW] = deq_cells_sel[gd*SW +: SW] & {SW{pend2_reg[gd]}};
        end
    endgenerate
    assign link_idle      = ~busy_reg;
    assign tx_ctrl_ack    = ack_reg;
    assign stat_sent      = sent_reg;
    assign stat_dropped   = dropped_reg;
    assign stat_delivered = deliv_reg;
    assign stat_xoff      = xoff_reg;
    assign stat_xon       = xon_reg;
    assign stat_paused    = paused_st_reg;
    assign stat_lost      = lost_reg;

endmodule

`default_nettype wire
