// fg_pfc_timer - per-priority PFC pause timers of one transmit port (802.1Qbb reception).
//
// Timer n (n < N_PRIO) counts pause quanta with 16 fraction bits: 32 bits, whole quanta in
// [31:16]. On each edge: pfc_valid with pfc_cev[n] loads {pfc_time[n], 16'h0} (time 0 clears
// the timer: XON); otherwise timer = sat0(timer - cfg_quanta_step). cfg_quanta_step is quanta
// per cycle in Q8.16 (= bits per cycle / 512; 1 GbE byte-wide 24'h000400, one 64-byte cell per
// cycle 24'h010000), so one module serves every link speed and datapath width; the fraction
// bits carry the remainder, so a pause of T quanta lasts exactly T*65536/step cycles when
// step divides T*65536, and rounds up otherwise. pfc_cev bits >= N_PRIO are ignored.
// Outputs are functions of the flops alone: timer[n*32 +: 32] and tx_paused[n] = (timer[n] != 0).
// Two logic forms, one function (docs/synthesis.md, "Logic forms per device"): by default
// (iCE40) each timer is kept inverted, left_n = ~timer, and counts up: ~sat0(t - s) equals
// sat1(~t + s), all ones on the carry out, so one carry chain per class with no inverter in
// front of it (an iCE40 carry cell takes its operands as they are; `t - s` needs a LUT per bit
// of ~s, and `t > s` a second chain), the saturation and the load's fraction bits a
// synchronous set; timer = ~left_n and tx_paused = ~&left_n are read from the flops.
// FG_ECP5_FORMS keeps the timer itself, its difference and the compare as two chains side by
// side and tx_paused in a flop of its own (ECP5's adders take the inversion in their LUTs, and
// at 156.25 MHz the reduction behind the flops is better before them).
// COMPACT = 1, the form for small devices (docs/blocks/pfc_timer.md, "The compact form"): one
// quantum prescaler per port instead of 16 fraction bits per class. acc_reg (16 bits) adds
// cfg_quanta_step[15:0] each edge; a carry out, or a step of a whole quantum or more
// (cfg_quanta_step[23:16] != 0), sets quantum_tick_reg for one cycle. Each class keeps the whole
// quanta left (16 bits) and a skip bit: a load sets both (count = time, skip = 1), the first
// tick after it clears skip, each later tick takes one quantum off (to 0 at most). So a pause of
// T quanta is never shorter than the full form's (the load is between ticks) and, for steps up
// to one quantum per cycle (0x10000), at most one quantum period longer: at 1 GbE byte-wide
// (64-cycle quanta) 64*T + 1 .. 64*T + 64 cycles against the full form's exactly 64*T. It
// counts at most one quantum per cycle, so a larger step pauses T + 1 cycles (longer still).
// timer[n] = {count, 16'h0}; tx_paused[n] = count != 0.
// The C twin is cmodel/mac/pfc_timer.c (one for both logic forms; cfg.compact for COMPACT = 1).
`default_nettype none

module fg_pfc_timer #(
    parameter integer N_PRIO  = 8,  // 1..8
    parameter integer COMPACT = 0   // 1: a quantum prescaler and whole-quanta counts
) (
    input  wire                 clk,
    input  wire                 rst,
    // decoded PFC / PAUSE frame (from fg_pfc_rx)
    input  wire                 pfc_valid,
    input  wire [7:0]           pfc_cev,
    input  wire [127:0]         pfc_time,
    // configuration
    input  wire [23:0]          cfg_quanta_step,
    // state
    output wire [N_PRIO-1:0]    tx_paused,
    output wire [N_PRIO*32-1:0] timer
);

    generate
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_param
            // Elaboration stops here in every tool: the module below does not exist.
            fg_pfc_timer_N_PRIO_must_be_1_to_8 u_bad_param ();
        end
        if (COMPACT < 0 || COMPACT > 1) begin : g_bad_compact
            fg_pfc_timer_COMPACT_must_be_0_or_1 u_bad_param ();
        end
    endgenerate

    // Classes >= N_PRIO are ignored on purpose (the frame format always carries eight).
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_classes = &{1'b0, pfc_cev, pfc_time};
    /* verilator lint_on UNUSEDSIGNAL */

    genvar p;
    generate
        if (COMPACT == 1) begin : g_compact
            // The prescaler: one per port, a quantum tick from the step's fraction bits.
            reg  [15:0] acc_reg;
            reg         quantum_tick_reg;
            wire [16:0] acc_sum = {1'b0, acc_reg} + {1'b0, cfg_quanta_step[15:0]};
            wire        tick_next = acc_sum[16] || (cfg_quanta_step[23:16] != 8'd0);

            always @(posedge clk) begin
                if (rst) begin
                    acc_reg          <= 16'd0;
                    quantum_tick_reg <= 1'b0;
                end else begin
                    acc_reg          <= acc_sum[15:0];
                    quantum_tick_reg <= tick_next;
                end
            end

            for (p = 0; p < N_PRIO; p = p + 1) begin : g_prio
                reg  [15:0] count_reg, count_next;
                reg         skip_reg, skip_next;
                wire        load     = pfc_valid && pfc_cev[p];
                wire        take_one = quantum_tick_reg && !skip_reg;
                // saturating decrement: zero stays zero (the borrow masks the difference).
                // Gating the decrement by count != 0 instead put the 16-input OR in front of
                // the borrow chain: the same LUT count, 44 MHz on the UP5K instead of 70.
                wire [16:0] count_dec = {1'b0, count_reg} - 17'd1;

                always @* begin
                    count_next = count_reg;
                    skip_next  = skip_reg && !quantum_tick_reg;
                    if (load) begin
                        count_next = pfc_time[p*16 +: 16];
                        skip_next  = 1'b1;
                    end else if (take_one) begin
                        count_next = count_dec[15:0] & {16{~count_dec[16]}};
                    end
                end

                always @(posedge clk) begin
                    if (rst) begin
                        count_reg <= 16'd0;
                        skip_reg  <= 1'b0;
                    end else begin
                        count_reg <= count_next;
                        skip_reg  <= skip_next;
                    end
                end

                assign timer[p*32 +: 32] = {count_reg, 16'h0000};
                assign tx_paused[p]      = (count_reg != 16'd0);
            end
        end else begin : g_full
            for (p = 0; p < N_PRIO; p = p + 1) begin : g_prio
`ifdef FG_ECP5_FORMS
                reg  [31:0] timer_reg, timer_next;
                reg         paused_reg, paused_next;
                // The difference and the compare are two carry chains side by side, each straight
                // from timer_reg, and paused_next is the compare, not a zero test of timer_next
                // (when timer > step the difference is non-zero): no 32-input OR behind the
                // subtraction (one chain, then the select, then the OR made 121.8 MHz on ECP5).
                // The saturation is an AND with the compare, not a select of zero: yosys turns a
                // select of zero into the flops' synchronous reset, which on iCE40 goes through a
                // global buffer (3-5 ns more).
                wire [31:0] timer_dec   = timer_reg - {8'd0, cfg_quanta_step};
                wire        timer_above = timer_reg > {8'd0, cfg_quanta_step};

                always @* begin
                    if (pfc_valid && pfc_cev[p]) begin
                        timer_next  = {pfc_time[p*16 +: 16], 16'h0000};
                        paused_next = (pfc_time[p*16 +: 16] != 16'h0000);
                    end else begin
                        timer_next  = timer_dec & {32{timer_above}};
                        paused_next = timer_above;
                    end
                end

                always @(posedge clk) begin
                    if (rst) begin
                        timer_reg  <= 32'd0;
                        paused_reg <= 1'b0;
                    end else begin
                        timer_reg  <= timer_next;
                        paused_reg <= paused_next;
                    end
                end

                assign timer[p*32 +: 32] = timer_reg;
                assign tx_paused[p]      = paused_reg;
`else
                // left_n = ~timer. Counting down by the step is counting left_n up by it: while
                // t >= s, ~(t - s) = ~t + s with no carry out; t < s carries out, and sat0 (t = 0)
                // is left_n all ones, a set. t = 0 stays there (left_n + s carries out, or s = 0
                // adds nothing). A load of {time, 16'h0} is {~time, 16'hFFFF}: the fraction bits
                // are set like the saturation, only the quanta bits select.
                reg  [31:0] left_n_reg;
                reg  [31:0] left_n_next;
                wire        load = pfc_valid && pfc_cev[p];
                wire [32:0] left_n_sum = {1'b0, left_n_reg} + {9'd0, cfg_quanta_step};

                always @* begin
                    left_n_next[15:0]  = (load || left_n_sum[32]) ? 16'hFFFF : left_n_sum[15:0];
                    left_n_next[31:16] = load ? ~pfc_time[p*16 +: 16]
                                       : (left_n_sum[32] ? 16'hFFFF : left_n_sum[31:16]);
                end

                always @(posedge clk) begin
                    if (rst) left_n_reg <= 32'hFFFF_FFFF;
                    else     left_n_reg <= left_n_next;
                end

                assign timer[p*32 +: 32] = ~left_n_reg;
                assign tx_paused[p]      = ~&left_n_reg;
`endif
            end
        end
    endgenerate

endmodule

`default_nettype wire
