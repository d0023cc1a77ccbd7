// fg_st_range - lint self-test fixture: a constant bit select outside the vector.
// expect: verilator iverilog yosys
`default_nettype none

module fg_st_range (
    input  wire [7:0] a,
    output wire       q
);

    assign q = a[9];

endmodule

`default_nettype wire
