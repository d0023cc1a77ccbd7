// fg_cbfc_tx - sender side of InfiniBand-style credit-based flow control, one link / VL.
//
// Keeps FCCL (last credit limit received from the partner's fg_cbfc_rx, 0 after reset) and
// FCTBS (blocks sent, mod 4096). Every output is a register; on each edge:
//   fccl  <= fccl_valid ? fccl_in : fccl;  fctbs <= fctbs + (send ? send_blocks : 0)
//   credits_avail  <= (fccl' - fctbs') mod 4096
//   credits_in_use <= c = max(0, cfg_rx_capacity - credits_avail')  (what PFT watches)
//   can_send       <= head_valid && !send && credits_avail' >= head_blocks
//   stat_no_credit <= send && send_blocks > credits_avail  (the environment broke the rule)
// can_send answers for the head packet of the previous cycle with the credits after the
// edge; !send leaves a one-cycle gap after a send so the answer is never applied to the
// packet that just left. No credit until the first FCCL (both ends reset at link init).
// SPEC 3; docs/blocks/cbfc.md. C twin: cmodel/mac/cbfc_tx.c.
`default_nettype none

module fg_cbfc_tx #(
    parameter SW = 8    // width of head_blocks / send_blocks (packet size in blocks)
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [11:0]   cfg_rx_capacity,
    input  wire          fccl_valid,
    input  wire [11:0]   fccl_in,
    input  wire          head_valid,
    input  wire [SW-1:0] head_blocks,
    input  wire          send,
    input  wire [SW-1:0] send_blocks,
    output wire [11:0]   fccl,
    output wire [11:0]   fctbs,
    output wire [11:0]   credits_avail,
    output wire [11:0]   credits_in_use,
    output wire          can_send,
    output wire          stat_no_credit
);

    reg  [11:0] fccl_reg, fccl_next;
    reg  [11:0] fctbs_reg, fctbs_next;
    reg  [11:0] avail_reg, avail_next;
    reg  [11:0] in_use_reg, in_use_next;
    reg         can_send_reg, can_send_next;
    reg         no_credit_reg, no_credit_next;

    // operands zero-extended one bit wider than any legal width (no zero replications)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] send_ext = {{(13-SW){1'b0}}, send_blocks};
    wire [12:0] head_ext = {{(13-SW){1'b0}}, head_blocks};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [11:0] sent = send ? send_ext[11:0] : 12'd0;
    wire [11:0] head = head_ext[11:0];

    always @* begin
        fccl_next = fccl_valid ? fccl_in : fccl_reg;
        fctbs_next = fctbs_reg + sent;
        avail_next = fccl_next - fctbs_next;
        in_use_next = (avail_next > cfg_rx_capacity) ? 12'd0 : cfg_rx_capacity - avail_next;
        can_send_next = head_valid && !send && (avail_next >= head);
        no_credit_next = send && (sent > avail_reg);
    end

    always @(posedge clk) begin
        if (rst) begin
            fccl_reg <= 12'd0;
            fctbs_reg <= 12'd0;
            avail_reg <= 12'd0;
            in_use_reg <= 12'd0;
            can_send_reg <= 1'b0;
            no_credit_reg <= 1'b0;
        end else begin
            fccl_reg <= fccl_next;
            fctbs_reg <= fctbs_next;
            avail_reg <= avail_next;
            in_use_reg <= in_use_next;
            can_send_reg <= can_send_next;
            no_credit_reg <= no_credit_next;
        end
    end

    assign fccl = fccl_reg;
    assign fctbs = fctbs_reg;
    assign credits_avail = avail_reg;
    assign credits_in_use = in_use_reg;
    assign can_send = can_send_reg;
    assign stat_no_credit = no_credit_reg;

endmodule

`default_nettype wire
