// fg_cbfc_tx - sender side of InfiniBand-style credit-based flow control, one link / VL.
//
// Keeps FCCL (last credit limit received from the partner's fg_cbfc_rx, 0 after reset) and
// FCTBS (blocks sent, mod 4096). Every output is a register; on each edge:
//   fccl  <= fccl_valid ? fccl_in : fccl;  fctbs <= fctbs + (send ? send_blocks : 0)
//   credits_avail  <= (fccl' - fctbs') mod 4096
//   credits_in_use <= c = max(0, cfg_rx_capacity - credits_avail)   (what PFT watches; from
//                     the registered credits_avail, so one edge behind it)
//   can_send       <= head_valid && !send && (!fccl_valid || raise)
//                     && credits_avail >= head_blocks,
//                     raise = (fccl_in - fccl) mod 4096 < 2048 && credits_avail < 2048
//   stat_no_credit <= send && send_blocks > credits_avail  (the environment broke the rule)
// can_send answers for the head packet of the previous cycle, from the credits before the
// edge; !send leaves a one-cycle gap after a send so the answer is never applied to the
// packet that just left. The answer comes from the registered credits_avail: with no send
// and no new FCCL credits_avail' is the same, and a new FCCL that raises the limit (or
// keeps it) from credits below 2048 cannot lower the credits (no wrap: both terms are below
// 2048), so an answer of yes stays right; a new FCCL that would lower them (only a partner
// that broke the protocol, or after sends without credit) holds can_send low for that
// edge. So credit returned by a new FCCL reaches can_send one edge after credits_avail.
// No credit until the first FCCL (both ends reset at link init).
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

    // Every next value is at most a LUT level and one carry chain from flops and inputs:
    // - avail' = fccl' - fctbs - sent = fccl' + (-fctbs) + ~sent + 1 (mod 4096), with -fctbs
    //   kept in a register of its own (neg_fctbs_reg): the three operands go through one
    //   carry-save level (a LUT per bit) into a single chain (was an addition, then a
    //   subtraction, then the compares: three chains in a row, 102 MHz on ECP5-25F);
    // - can_send compares the registered credits_avail with the head, beside the sign of
    //   fccl_in - fccl_reg (a 12-bit chain) for the raise test. (Deciding on a new FCCL in
    //   its own edge, a carry-save sum of fccl_in, -fctbs and the head into a 14-bit chain
    //   and the wrap select, was the NIC core's worst path on ECP5-85F, 139 MHz.)
    // - credits_in_use is formed from the registered credits_avail (so it is one edge
    //   behind credits_avail): its subtraction then starts from flops instead of following
    //   credits_avail's chain.
    reg  [11:0] neg_fctbs_reg, neg_fctbs_next;   // (-fctbs) mod 4096
    wire [11:0] fccl_sel  = fccl_valid ? fccl_in : fccl_reg;
    wire [11:0] sent_inv  = ~sent;
    wire [11:0] csa_sum   = fccl_sel ^ neg_fctbs_reg ^ sent_inv;
    // (the carry out of bit 11 would add 4096: nothing mod 4096)
    wire [10:0] csa_carry = (fccl_sel[10:0] & neg_fctbs_reg[10:0])
                          | (fccl_sel[10:0] & sent_inv[10:0])
                          | (neg_fctbs_reg[10:0] & sent_inv[10:0]);
    // (only the sign of the raise is read)
    /* verilator lint_off UNUSEDSIGNAL */
    // On iCE40 fccl_in - fccl_reg as fccl_in + ~fccl_reg + 1, ~fccl_reg kept in flops of its
    // own: iCE40's carry takes no inverted operand (an inverter LUT and its route in front of
    // the chain were in the NIC core's worst path on iCE40UP5K in two seeds of three, 21.4 ns
    // of 20.8); bit 0 of the sum is the carry in. ECP5's carry cell inverts in its own LUTs,
    // so there the flops buy nothing: the subtraction (FG_ECP5_FORMS). The same function.
    reg  [11:0] fccl_n_reg;                                     // (read on iCE40 only)
`ifdef FG_ECP5_FORMS
    wire [11:0] fccl_incr = fccl_in - fccl_reg;                   // mod 4096
`else
    wire [12:0] fccl_incr_s = {fccl_in, 1'b1} + {fccl_n_reg, 1'b1};
    wire [11:0] fccl_incr = fccl_incr_s[12:1];                   // mod 4096
`endif
    /* verilator lint_on UNUSEDSIGNAL */
    wire        raise     = !fccl_incr[11] && !avail_reg[11];      // the new FCCL lowers nothing
    wire        ge_reg    = avail_reg >= head;
    wire [12:0] in_use_diff = {1'b0, cfg_rx_capacity} - {1'b0, avail_reg};
    always @* begin
        fccl_next = fccl_sel;
        fctbs_next = fctbs_reg + sent;
        neg_fctbs_next = neg_fctbs_reg - sent;
        avail_next = csa_sum + {csa_carry, 1'b1};
        in_use_next = in_use_diff[11:0] & {12{~in_use_diff[12]}};
        can_send_next = head_valid && !send && (!fccl_valid || raise) && ge_reg;
        no_credit_next = send && (sent > avail_reg);
    end

    always @(posedge clk) begin
        if (rst) begin
            fccl_reg <= 12'd0;
            fccl_n_reg <= 12'hFFF;
            fctbs_reg <= 12'd0;
            neg_fctbs_reg <= 12'd0;
            avail_reg <= 12'd0;
            in_use_reg <= 12'd0;
            can_send_reg <= 1'b0;
            no_credit_reg <= 1'b0;
        end else begin
            fccl_reg <= fccl_next;
            fccl_n_reg <= ~fccl_next;
            fctbs_reg <= fctbs_next;
            neg_fctbs_reg <= neg_fctbs_next;
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
