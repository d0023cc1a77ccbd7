// fg_pfc_gen - PFC frame requests for one port (docs/ARCHITECTURE.md 5.2,
// docs/blocks/pfc_gen.md).
//
// Watches the per-priority pause level `paused` coming from the buffer manager and turns it
// into requests for the frame serialiser (fg_pfc_tx). Per priority p there is a pending bit
// and its kind (XOFF/XON): a 0->1 edge of paused[p] makes p pending XOFF, a 1->0 edge makes
// it pending XON, the newest event replacing one not yet taken. While p stays paused, a
// 24-bit refresh counter, loaded with cfg_refresh when an XOFF of p is taken, makes p pending
// XOFF again when it reaches 0, so the peer's pause timer never runs out (cfg_refresh = 0
// never refreshes; the register block rejects it). The request shown is the pending set
// (req_cev) with the kinds (req_xoff = XOFF classes, a subset of req_cev); `req_ack` means the serialiser took what
// is shown in this cycle: exactly those bits are cleared, except a bit that gets a new event
// on the same edge, which stays pending. cfg_enable = 0 clears everything and forgets the
// last pause level, so classes still paused when it is set again send their XOFF.
// Pause time per class (req_time, registered): a standard XOFF carries cfg_pause_quanta, a
// predictive XOFF (from fg_ppfc: pp_valid, pp_prio, pp_quanta) carries its own quanta, an XON
// carries 0; req_pred marks the predictive XOFF classes. Predictive rules (docs/blocks/pfc_gen.md):
// a predictive request for a class that is standard-paused (paused[p] now), has a standard
// event on this edge, or has a standard request waiting, is dropped (stat_pp_dropped), as is
// one for a class >= N_PRIO; a newer predictive request replaces a waiting predictive one; a
// standard event replaces a waiting predictive one. A taken predictive XOFF does not start
// the refresh counter (the predictive pause is meant to expire on its own).
// All outputs are registered. stat_xoff_req / stat_xon_req pulse on the edge after a taken
// request that carried at least one XOFF / XON class. The C twin is cmodel/mac/pfc_gen.c.
// COMPACT = 1, the form for small devices (docs/blocks/pfc_gen.md, "The compact form"): no
// refresh counters and no predictive requests. A paused class is refreshed (made pending XOFF)
// on each refresh_tick, a pulse one period generator (fg_pfc_refresh) sends every cfg_refresh
// cycles to every port, so an XOFF taken is followed by the next one within cfg_refresh edges,
// the bound the per-class counters give; pp_* are ignored (req_pred and stat_pp_dropped stay 0),
// and the times are one 16-bit copy of cfg_pause_quanta ANDed with the kinds (a standard XOFF's
// time_reg is exactly that copy). cfg_refresh is then unused here.
`default_nettype none

module fg_pfc_gen #(
    parameter integer N_PRIO  = 8,
    parameter integer COMPACT = 0   // 1: refresh from refresh_tick, no predictive requests
) (
    input  wire              clk,
    input  wire              rst,
    // configuration
    input  wire              cfg_enable,
    input  wire [23:0]       cfg_refresh,
    input  wire [15:0]       cfg_pause_quanta,
    // COMPACT = 1: refresh every paused class on this edge (fg_pfc_refresh); unused otherwise
    input  wire              refresh_tick,
    // predictive pause request (fg_ppfc, already decoded for this port)
    input  wire              pp_valid,
    input  wire [2:0]        pp_prio,
    input  wire [15:0]       pp_quanta,
    // pause level per priority, from fg_bm (this ingress port)
    input  wire [N_PRIO-1:0] paused,
    // request to the serialiser
    output wire              req_valid,
    output wire [7:0]        req_cev,
    output wire [7:0]        req_xoff,
    output wire [8*16-1:0]   req_time,
    output wire [7:0]        req_pred,
    input  wire              req_ack,
    // statistics pulses
    output wire              stat_xoff_req,
    output wire              stat_xon_req,
    output wire              stat_pp_dropped
);

    // An out-of-range N_PRIO stops elaboration with a module name that says why.
    generate
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_n_prio
            fg_pfc_gen_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
        if (COMPACT < 0 || COMPACT > 1) begin : g_bad_compact
            fg_pfc_gen_parameter_COMPACT_must_be_0_or_1 u_param_error ();
        end
    endgenerate

    // The compact form takes no predictive requests; the full form no refresh tick.
    localparam [0:0]   FULL    = (COMPACT == 0) ? 1'b1 : 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire               pp_on   = FULL && pp_valid;
    wire               tick_on = !FULL && refresh_tick;
    wire [23:0]        refresh_used = FULL ? cfg_refresh : 24'd0;
    /* verilator lint_on UNUSEDSIGNAL */

    reg  [N_PRIO-1:0]    paused_prev_reg;
    reg  [N_PRIO-1:0]    paused_prev_next;
    reg  [N_PRIO-1:0]    pending_reg;
    reg  [N_PRIO-1:0]    pending_next;
    reg  [N_PRIO-1:0]    kind_xoff_reg;
    reg  [N_PRIO-1:0]    kind_xoff_next;
    reg  [N_PRIO-1:0]    pred_reg;
    reg  [N_PRIO-1:0]    pred_next;
    reg  [N_PRIO*16-1:0] time_reg;
    reg  [N_PRIO*16-1:0] time_next;
    reg                  stat_pp_dropped_reg;
    reg                  stat_pp_dropped_next;
    reg  [N_PRIO*24-1:0] refresh_cnt_reg;
    reg  [N_PRIO*24-1:0] refresh_cnt_next;
    reg  [N_PRIO-1:0]    cnt_one_reg;       // refresh_cnt_reg[p] == 1
    reg  [N_PRIO-1:0]    cnt_one_next;
    reg                  req_valid_reg;
    reg                  req_valid_next;
    reg                  stat_xoff_req_reg;
    reg                  stat_xoff_req_next;
    reg                  stat_xon_req_reg;
    reg                  stat_xon_req_next;

    reg  [N_PRIO-1:0]    taken;
    reg  [N_PRIO-1:0]    rise;
    reg  [N_PRIO-1:0]    fall;
    reg  [N_PRIO-1:0]    refresh_fire;
    reg  [23:0]          cnt;
    reg  [24:0]          cnt_dec;
    reg                  std_event;
    reg                  std_waiting;
    reg                  pp_here;
    reg                  pp_take;
    integer              p;

    always @* begin
        paused_prev_next   = paused_prev_reg;
        pending_next       = pending_reg;
        kind_xoff_next     = kind_xoff_reg;
        refresh_cnt_next   = refresh_cnt_reg;
        cnt_one_next       = cnt_one_reg;
        req_valid_next     = req_valid_reg;
        pred_next          = pred_reg;
        time_next          = time_reg;
        stat_xoff_req_next = 1'b0;
        stat_xon_req_next  = 1'b0;
        stat_pp_dropped_next = 1'b0;
        std_event          = 1'b0;
        std_waiting        = 1'b0;
        pp_here            = 1'b0;
        pp_take            = 1'b0;
        taken              = {N_PRIO{1'b0}};
        rise               = {N_PRIO{1'b0}};
        fall               = {N_PRIO{1'b0}};
        refresh_fire       = {N_PRIO{1'b0}};
        cnt                = 24'd0;
        cnt_dec            = 25'd0;

        if (!cfg_enable) begin
            paused_prev_next = {N_PRIO{1'b0}};
            pending_next     = {N_PRIO{1'b0}};
            kind_xoff_next   = {N_PRIO{1'b0}};
            refresh_cnt_next = {(N_PRIO*24){1'b0}};
            cnt_one_next     = {N_PRIO{1'b0}};
            req_valid_next   = 1'b0;
            pred_next        = {N_PRIO{1'b0}};
            time_next        = {(N_PRIO*16){1'b0}};
        end else begin
            // A predictive request for a class this port does not have is dropped.
            stat_pp_dropped_next = pp_on && ({29'd0, pp_prio} >= N_PRIO);
            // The serialiser takes what it saw this cycle: the registered request.
            taken = req_ack ? pending_reg : {N_PRIO{1'b0}};
            rise  = paused & ~paused_prev_reg;
            fall  = ~paused & paused_prev_reg;

            for (p = 0; p < N_PRIO; p = p + 1) begin
                cnt = refresh_cnt_reg[p*24 +: 24];
                // Refresh counter: runs only while p is paused and its XOFF has been taken; it
                // fires when it steps from 1 to 0. Whether it holds 1 is a flop of its own
                // (cnt_one_reg, set from the same choice as the count, with compares of the
                // count's sources instead of the new count), so the request logic does not
                // wait for a 24-bit compare, and the decrement only feeds the count.
                // The compact form has no counter: the tick refreshes every paused class.
                if (!FULL) begin
                    cnt = 24'd0;
                    cnt_one_next[p] = 1'b0;
                    refresh_fire[p] = tick_on && paused[p];
                end else if (!paused[p]) begin
                    cnt = 24'd0;
                    cnt_one_next[p] = 1'b0;
                end else if (taken[p] && kind_xoff_reg[p]) begin
                    cnt = refresh_used;
                    cnt_one_next[p] = (refresh_used == 24'd1);
                end else begin
                    refresh_fire[p] = cnt_one_reg[p];
                    cnt_one_next[p] = (cnt == 24'd2);
                    // saturating decrement: zero stays zero (the borrow masks the difference)
                    cnt_dec = {1'b0, cnt} - 25'd1;
                    cnt = cnt_dec[23:0] & {24{~cnt_dec[24]}};
                end
                refresh_cnt_next[p*24 +: 24] = cnt;

                // A predictive request for p is taken unless the standard machinery owns p:
                // paused now, a standard event on this edge, or a standard request waiting.
                std_event   = rise[p] || refresh_fire[p] || fall[p];
                std_waiting = pending_reg[p] && !pred_reg[p] && !taken[p];
                pp_here     = pp_on && ({29'd0, pp_prio} == p);
                pp_take     = pp_here && !paused[p] && !std_event && !std_waiting;
                if (pp_here && !pp_take) stat_pp_dropped_next = 1'b1;

                // Newest event wins; an event on the edge of the ack keeps the bit pending.
                if (rise[p] || refresh_fire[p]) begin
                    pending_next[p]   = 1'b1;
                    kind_xoff_next[p] = 1'b1;
                    pred_next[p]      = 1'b0;
                end else if (fall[p]) begin
                    pending_next[p]   = 1'b1;
                    kind_xoff_next[p] = 1'b0;
                    pred_next[p]      = 1'b0;
                end else if (pp_take) begin
                    pending_next[p]   = 1'b1;
                    kind_xoff_next[p] = 1'b1;
                    pred_next[p]      = 1'b1;
                end else if (taken[p]) begin
                    pending_next[p]   = 1'b0;
                    kind_xoff_next[p] = 1'b0;  // kinds only of pending bits: req_xoff is a flop
                    pred_next[p]      = 1'b0;
                end

                // Time of the class in the request shown next: a predictive XOFF keeps the
                // quanta it came with, a standard XOFF follows cfg_pause_quanta, XON is 0.
                // Zero by an AND, not a select of zero: yosys makes a select of zero the
                // flops' synchronous reset (on iCE40 through a global buffer), and the event
                // logic in front of that reset was the block's longest path.
                // (The compact form keeps no times: its req_time is pq_reg & the kinds, below.)
                time_next[p*16 +: 16] = {16{FULL}} & ((pp_take ? pp_quanta
                                         : pred_next[p] ? time_reg[p*16 +: 16]
                                         : cfg_pause_quanta)
                                      & {16{pending_next[p] && kind_xoff_next[p]}});
            end

            paused_prev_next   = paused;
            req_valid_next     = |pending_next;
            stat_xoff_req_next = |(taken & kind_xoff_reg);
            stat_xon_req_next  = |(taken & ~kind_xoff_reg);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            paused_prev_reg   <= {N_PRIO{1'b0}};
            pending_reg       <= {N_PRIO{1'b0}};
            kind_xoff_reg     <= {N_PRIO{1'b0}};
            refresh_cnt_reg   <= {(N_PRIO*24){1'b0}};
            cnt_one_reg       <= {N_PRIO{1'b0}};
            req_valid_reg     <= 1'b0;
            pred_reg          <= {N_PRIO{1'b0}};
            time_reg          <= {(N_PRIO*16){1'b0}};
            stat_xoff_req_reg <= 1'b0;
            stat_xon_req_reg  <= 1'b0;
            stat_pp_dropped_reg <= 1'b0;
        end else begin
            paused_prev_reg   <= paused_prev_next;
            pending_reg       <= pending_next;
            kind_xoff_reg     <= kind_xoff_next;
            refresh_cnt_reg   <= refresh_cnt_next;
            cnt_one_reg       <= cnt_one_next;
            req_valid_reg     <= req_valid_next;
            pred_reg          <= pred_next;
            time_reg          <= time_next;
            stat_xoff_req_reg <= stat_xoff_req_next;
            stat_xon_req_reg  <= stat_xon_req_next;
            stat_pp_dropped_reg <= stat_pp_dropped_next;
        end
    end

    // The compact form's times: cfg_pause_quanta as of the last edge, for the XOFF classes. It is
    // what time_reg holds when no request is predictive, one copy instead of one per class.
    reg  [15:0]          pq_reg;
    wire [N_PRIO*16-1:0] time_shown;
    always @(posedge clk) begin
        if (rst) pq_reg <= 16'd0;
        else     pq_reg <= cfg_pause_quanta;
    end
    genvar gt;
    generate
        for (gt = 0; gt < N_PRIO; gt = gt + 1) begin : g_time
            assign time_shown[gt*16 +: 16] = FULL ? time_reg[gt*16 +: 16] : (pq_reg & {16{kind_xoff_reg[gt]}});
        end
    endgenerate

    // Classes above N_PRIO do not exist: their bits are 0.
    generate
        if (N_PRIO < 8) begin : g_pad
            assign req_cev  = {{(8-N_PRIO){1'b0}}, pending_reg};
            assign req_xoff = {{(8-N_PRIO){1'b0}}, kind_xoff_reg};
            assign req_pred = {{(8-N_PRIO){1'b0}}, pred_reg};
            assign req_time = {{((8-N_PRIO)*16){1'b0}}, time_shown};
        end else begin : g_full
            assign req_cev  = pending_reg[7:0];
            assign req_xoff = kind_xoff_reg[7:0];
            assign req_pred = pred_reg[7:0];
            assign req_time = time_shown[127:0];
        end
    endgenerate

    assign req_valid     = req_valid_reg;
    assign stat_xoff_req = stat_xoff_req_reg;
    assign stat_xon_req  = stat_xon_req_reg;
    assign stat_pp_dropped = stat_pp_dropped_reg;

endmodule

`default_nettype wire
