// fg_st_misnamed - lint self-test fixture: the module is not named like its file.
// expect: verilator style
`default_nettype none

module fg_st_othername (
    input  wire a,
    output wire q
);

    assign q = a;

endmodule

`default_nettype wire
