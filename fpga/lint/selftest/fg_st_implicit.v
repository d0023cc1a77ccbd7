// fg_st_implicit - lint self-test fixture: no `default_nettype none, and a net never declared.
// expect: verilator iverilog yosys style
module fg_st_implicit (
    input  wire a,
    output wire q
);

    assign tmp = ~a;
    assign q = tmp;

endmodule
