// fg_crc32 - running Ethernet FCS (CRC-32, IEEE 802.3), one byte per cycle.
//
// Reflected polynomial 0xEDB88320, register preset to 0xFFFFFFFF by `init`, bytes fed LSB
// first (Ethernet bit order). `crc` is the raw register; the FCS sent on the wire is ~crc,
// low byte first. A receiver that runs the register over a frame including its FCS ends
// with the residue 32'hDEBB20E3 when the FCS is right. `init` has priority over `en`.
// The byte update is fg_crc32_byte.
// The C twin is cmodel/common/crc32.c.
`default_nettype none

module fg_crc32 (
    input  wire        clk,
    input  wire        rst,
    input  wire        init,
    input  wire        en,
    input  wire [7:0]  data,
    output wire [31:0] crc
);

    reg  [31:0] crc_reg;
    reg  [31:0] crc_next;
    wire [31:0] crc_upd;

    fg_crc32_byte u_byte (
        .crc_in  (crc_reg),
        .data    (data),
        .crc_out (crc_upd)
    );

    always @* begin
        crc_next = crc_reg;
        if (init) begin
            crc_next = 32'hFFFF_FFFF;
        end else if (en) begin
            crc_next = crc_upd;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            crc_reg <= 32'hFFFF_FFFF;
        end else begin
            crc_reg <= crc_next;
        end
    end

    assign crc = crc_reg;

endmodule

`default_nettype wire
