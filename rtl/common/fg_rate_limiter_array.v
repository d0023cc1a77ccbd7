// fg_rate_limiter_array - the GFC rate limiters of a whole switch: one fg_rate_limiter per
// transmit port x lossless priority (N_PORTS x N_PRIO, default 24 x 3 = 72, the paper's
// section 5.3 count for RoCE), used to measure what GFC's per-queue limiting costs
// (docs/blocks/rate_limiter.md, fpga/designs.txt). Pure structure, no logic of its own:
// queue q = port*N_PRIO + prio has its own stage and rate; a port starts one packet at a
// time, so the packet length is per port; the token-bucket mode and depth are shared.
// Every output of the array is exactly the output of its limiter, which the lock-step test
// of fg_rate_limiter checks against cmodel/common/rate_limiter.c.
`default_nettype none

module fg_rate_limiter_array #(
    parameter integer N_PORTS   = 24,
    parameter integer N_PRIO    = 3,
    parameter integer SW        = 8,
    parameter integer MAX_STAGE = 20,
    parameter integer DW        = 16
) (
    input  wire                        clk,
    input  wire                        rst,
    input  wire                        cfg_token_mode,
    input  wire [DW-1:0]               cfg_depth,
    input  wire [N_PORTS*N_PRIO*5-1:0]  stage,
    input  wire [N_PORTS*N_PRIO*17-1:0] cfg_rate,
    input  wire [N_PORTS*N_PRIO-1:0]    pkt_start,
    input  wire [N_PORTS*SW-1:0]        pkt_cells,
    output wire [N_PORTS*N_PRIO-1:0]    allow,
    output wire [N_PORTS*N_PRIO-1:0]    stat_start,
    output wire [N_PORTS*N_PRIO-1:0]    stat_early
);

    genvar q;
    generate
        for (q = 0; q < N_PORTS * N_PRIO; q = q + 1) begin : g_queue
            fg_rate_limiter #(
                .SW        (SW),
                .MAX_STAGE (MAX_STAGE),
                .DW        (DW)
            ) u_limiter (
                .clk            (clk),
                .rst            (rst),
                .cfg_token_mode (cfg_token_mode),
                .stage          (stage[q*5 +: 5]),
                .cfg_rate       (cfg_rate[q*17 +: 17]),
                .cfg_depth      (cfg_depth),
                .pkt_start      (pkt_start[q]),
                .pkt_cells      (pkt_cells[(q / N_PRIO)*SW +: SW]),
                .allow          (allow[q]),
                .stat_start     (stat_start[q]),
                .stat_early     (stat_early[q])
            );
        end
    endgenerate

endmodule

`default_nettype wire
