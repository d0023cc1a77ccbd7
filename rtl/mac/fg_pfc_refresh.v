// fg_pfc_refresh - the refresh period of the compact PFC generators (docs/blocks/pfc_gen.md,
// "The compact form").
//
// One counter for every port and class instead of a 24-bit refresh counter per class:
// refresh_tick is high for one cycle every cfg_refresh cycles, and each fg_pfc_gen with
// COMPACT = 1 makes its paused classes pending XOFF on it. A class's taken XOFF is therefore
// followed by a new one within cfg_refresh edges (the per-class counter's bound); a class may be
// refreshed sooner than that, never later.
// A down-counter: left_reg is the edges to the tick. Each edge with cfg_enable: left = 1 sets
// the tick; left <= 1 (the tick's edge, or 0 after reset, while disabled and with
// cfg_refresh = 0) loads cfg_refresh; otherwise left goes down by one and the tick is cleared.
// So the period is exactly cfg_refresh, the first tick comes cfg_refresh + 1 edges after reset
// or enable, cfg_refresh = 0 never ticks (the register block rejects it), and a new
// cfg_refresh takes effect at the next load, as a per-class counter's did at its next XOFF.
// cfg_enable = 0 (PFC generation off) holds left at 0. The decrement ends at the flops and the
// tests of left are a LUT tree beside it: an up-count with a >= compare of cfg_refresh put two
// 24-bit chains in a row (45.6 MHz in the 2x2 UP5K core). Both outputs come from flops. The C
// twin is cmodel/mac/pfc_refresh.c.
`default_nettype none

module fg_pfc_refresh (
    input  wire        clk,
    input  wire        rst,
    input  wire        cfg_enable,
    input  wire [23:0] cfg_refresh,
    output wire        refresh_tick
);

    reg  [23:0] left_reg, left_next;
    reg         tick_reg, tick_next;

    wire left_le1 = (left_reg[23:1] == 23'd0);
    wire left_one = left_le1 && left_reg[0];

    always @* begin
        left_next = left_reg - 24'd1;
        tick_next = 1'b0;
        if (!cfg_enable) begin
            left_next = 24'd0;
        end else begin
            tick_next = left_one;
            if (left_le1) left_next = cfg_refresh;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            left_reg <= 24'd0;
            tick_reg <= 1'b0;
        end else begin
            left_reg <= left_next;
            tick_reg <= tick_next;
        end
    end

    assign refresh_tick = tick_reg;

endmodule

`default_nettype wire
