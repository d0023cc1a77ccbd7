// fg_st_width - lint self-test fixture: an 8-bit value silently truncated to 4 bits.
// expect: verilator
`default_nettype none

module fg_st_width (
    input  wire [7:0] a,
    output wire [3:0] q
);

    assign q = a;

endmodule

`default_nettype wire
