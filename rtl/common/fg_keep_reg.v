// fg_keep_reg - a register with a load enable that synthesis keeps as a register of its own,
// for copies of a register placed near their loads.
//
// A block that drives many loads across the chip from one register can give each group of
// loads a copy, loaded from the same D under the same condition, so that every copy equals
// the original on every edge and the placer puts each copy near its group. Yosys merges
// identical flops (opt_merge), and a (* keep *) on the reg keeps the net but not the flop:
// the copies become one flop again (measured with yosys 0.23: two kept 4-bit copies gave 4
// TRELLIS_FF, not 8). Inside a module that keeps its hierarchy, each instance's flops are its
// own and cannot be merged with another instance's.
//
//   load in the cycle before edge e -> q = d (as it was in that cycle) after edge e;
//   rst on edge e -> q = RESET after edge e; otherwise q holds.
//
// No C twin: a copy is the register it copies; the users' lock-step tests see it on every edge.
`default_nettype none

(* keep_hierarchy *)
module fg_keep_reg #(
    parameter integer W     = 1,   // width, 1..32
    parameter integer RESET = 0    // reset value (its low W bits)
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         load,
    input  wire [W-1:0] d,
    output wire [W-1:0] q
);
    localparam [31:0]  RESET_V = RESET;
    reg  [W-1:0] q_reg;

    always @(posedge clk) begin
        if (rst)       q_reg <= RESET_V[W-1:0];
        else if (load) q_reg <= d;
    end

    assign q = q_reg;

endmodule

`default_nettype wire
