// fg_ppfc_mux - one-hot AND-OR selector of one W-bit element out of N packed elements
// (element 0 in the least significant bits), used by fg_ppfc to read the buffer manager's
// wide counter buses with a registered, decoded index. AND-OR rather than a priority chain
// so synthesis can balance it into a tree of depth log(N). A zero select gives zero.
`default_nettype none

module fg_ppfc_mux #(
    parameter integer W = 8,  // element width
    parameter integer N = 4   // number of elements
) (
    input  wire [N*W-1:0] data,
    input  wire [N-1:0]   sel,   // one-hot (at most one bit set)
    output reg  [W-1:0]   out
);

    integer k;

    always @* begin
        out = {W{1'b0}};
        for (k = 0; k < N; k = k + 1) begin
            out = out | (data[k*W +: W] & {W{sel[k]}});
        end
    end

endmodule

`default_nettype wire
