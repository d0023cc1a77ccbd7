// fg_pfc_refresh - the refresh period of the compact PFC generators (docs/blocks/pfc_gen.md,
// "The compact form").
//
// One counter for every port and class instead of a 24-bit refresh counter per class:
// refresh_tick is high for one cycle every cfg_refresh cycles, and each fg_pfc_gen with
// COMPACT = 1 makes its paused classes pending XOFF on it. A class's taken XOFF is therefore
// followed by a new one within cfg_refresh edges (the per-class counter's bound); a class may be
// refreshed sooner than that, never later.
// count_reg is the edge number within the period, 1 after a tick. Each edge with cfg_enable: if
// count >= cfg_refresh (and cfg_refresh != 0) the tick is set and the count goes back to 1, else
// the count goes up by one and the tick is cleared. The compare is >=, not ==, so a cfg_refresh
// written below the running count gives a tick on the next edge instead of a wait through the
// 24-bit wrap; the count starting from 1 saves the cfg_refresh - 1 a count from 0 would need.
// cfg_refresh = 0 never ticks (the register block rejects it). cfg_enable = 0 (PFC generation
// off) holds the count at 1. Both outputs come from flops. The C twin is
// cmodel/mac/pfc_refresh.c.
`default_nettype none

module fg_pfc_refresh (
    input  wire        clk,
    input  wire        rst,
    input  wire        cfg_enable,
    input  wire [23:0] cfg_refresh,
    output wire        refresh_tick
);

    reg  [23:0] count_reg, count_next;
    reg         tick_reg,  tick_next;

    // The increment feeds only the count, the compare is a chain of its own beside it.
    wire due = (cfg_refresh != 24'd0) && (count_reg >= cfg_refresh);

    always @* begin
        count_next = count_reg + 24'd1;
        tick_next  = 1'b0;
        if (!cfg_enable) begin
            count_next = 24'd1;
        end else if (due) begin
            count_next = 24'd1;
            tick_next  = 1'b1;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            count_reg <= 24'd1;
            tick_reg  <= 1'b0;
        end else begin
            count_reg <= count_next;
            tick_reg  <= tick_next;
        end
    end

    assign refresh_tick = tick_reg;

endmodule

`default_nettype wire
