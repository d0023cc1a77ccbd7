// fg_egress_sched - strict-priority start gate of one egress port.
//
// Each edge: a start opportunity is link_idle with no grant given on the previous edge (the
// environment needs one cycle to mark the link busy). At an opportunity the highest priority
// p with q_nonempty[p] && !tx_paused[p] is granted: grant_valid = 1, grant_prio = p
// (grant_prio is 0 when grant_valid is 0). stat_blocked pulses at an opportunity where the
// highest non-empty queue is paused, i.e. where PFC changed the decision (a lower class, or
// nothing, starts instead). Inputs >= N_PRIO do not exist; all outputs are registered.
// The C twin is cmodel/switch/egress_sched.c.
`default_nettype none

module fg_egress_sched #(
    parameter integer N_PRIO = 8   // 1..8
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [N_PRIO-1:0] q_nonempty,   // EQ(o,p) holds a packet
    input  wire [N_PRIO-1:0] tx_paused,    // the peer paused priority p (fg_pfc_timer)
    input  wire              link_idle,    // the link can start a packet
    output wire              grant_valid,  // start the head packet of EQ(o, grant_prio)
    output wire [2:0]        grant_prio,
    output wire              stat_blocked
);

    generate
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_param
            // Elaboration stops here in every tool: the module below does not exist.
            fg_egress_sched_N_PRIO_must_be_1_to_8 u_bad_param ();
        end
    endgenerate

    reg              grant_valid_reg, grant_valid_next;
    reg  [2:0]       grant_prio_reg, grant_prio_next;
    reg              stat_blocked_reg, stat_blocked_next;

    wire [N_PRIO-1:0] eligible    = q_nonempty & ~tx_paused;
    wire              opportunity = link_idle && !grant_valid_reg;

    // Highest set bit of eligible, and whether the highest non-empty queue is paused.
    reg  [2:0]       pick_prio;
    reg              top_paused;
    integer          p;

    always @* begin
        pick_prio  = 3'd0;
        top_paused = 1'b0;
        for (p = 0; p < N_PRIO; p = p + 1) begin
            if (eligible[p])   pick_prio  = p[2:0];
            if (q_nonempty[p]) top_paused = tx_paused[p];
        end
    end

    always @* begin
        grant_valid_next  = opportunity && |eligible;
        // Zero by an AND, not a select of zero: yosys makes a select of zero the flops'
        // synchronous reset, and that reset net (rst OR the grant's whole eligibility logic)
        // was the UP5K core's longest path (tx_paused -> eligible -> reset, 42.9 MHz at 2x2).
        grant_prio_next   = pick_prio & {3{grant_valid_next}};
        stat_blocked_next = opportunity && top_paused;
    end

    always @(posedge clk) begin
        if (rst) begin
            grant_valid_reg  <= 1'b0;
            grant_prio_reg   <= 3'd0;
            stat_blocked_reg <= 1'b0;
        end else begin
            grant_valid_reg  <= grant_valid_next;
            grant_prio_reg   <= grant_prio_next;
            stat_blocked_reg <= stat_blocked_next;
        end
    end

    assign grant_valid  = grant_valid_reg;
    assign grant_prio   = grant_prio_reg;
    assign stat_blocked = stat_blocked_reg;

endmodule

`default_nettype wire
