// fg_crc32_byte - one byte of the Ethernet CRC-32 (IEEE 802.3), combinational.
//
// crc_out is crc_in run over `data` (reflected polynomial 0xEDB88320, bits LSB first): the
// update fg_crc32 registers every enabled cycle. It is a module of its own so that a receiver
// can also compare the value a byte will leave (fg_pfc_rx checks the residue on the frame's
// last byte, before the register is preset) without a second copy of the update.
// The C twin is fg_crc32_update() in cmodel/common/crc32.c.
`default_nettype none

module fg_crc32_byte (
    input  wire [31:0] crc_in,
    input  wire [7:0]  data,
    output wire [31:0] crc_out
);

    reg  [31:0] crc;
    integer     k;

    always @* begin
        crc = crc_in ^ {24'd0, data};
        for (k = 0; k < 8; k = k + 1) begin
            crc = {1'b0, crc[31:1]} ^ (crc[0] ? 32'hEDB8_8320 : 32'd0);
        end
    end

    assign crc_out = crc;

endmodule

`default_nettype wire
