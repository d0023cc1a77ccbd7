// fg_onehot_index - the index of the set bit of a one-hot vector (0 when none is set): bit b
// of the index is the OR of the input bits whose position has bit b set. Combinational; the
// input must have at most one bit set (more give the OR of their indices). Used by
// fg_ppfc_decide for its queue, port and priority one-hots.
`default_nettype none

module fg_onehot_index #(
    parameter integer N = 8,   // input width, >= 1
    parameter integer W = 3    // index width, >= 1 (at least clog2 N)
) (
    input  wire [N-1:0] onehot,
    output wire [W-1:0] index
);

    genvar gb, gi;
    generate
        for (gb = 0; gb < W; gb = gb + 1) begin : g_bit
            wire [N-1:0] m;
            for (gi = 0; gi < N; gi = gi + 1) begin : g_in
                localparam [31:0] IDX = gi;
                assign m[gi] = onehot[gi] & IDX[gb];
            end
            assign index[gb] = |m;
        end
    endgenerate

endmodule

`default_nettype wire
