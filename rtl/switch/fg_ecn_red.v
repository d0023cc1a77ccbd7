// fg_ecn_red - ECN marking by RED on the instantaneous egress queue (SPEC 7/9, congestion
// point of DCQCN), one decision per ingress port per cycle (docs/blocks/ecn_red.md).
//
// For the enq of this cycle at ingress port i (enq_valid, prio p, dst o, enq_ect), from the
// buffer manager's registered egress_cnt of EQ(o,p) (q, the queue before this edge's enq):
//   not ECN-capable, p >= N_PRIO or cfg_prio_mask[p] = 0  -> no mark
//   q >= cfg_kmax                                         -> mark (SPEC 7: p = 1 at or above Kmax)
//   q <= cfg_kmin                                         -> no mark
//   else mark when lfsr_i < (q - kmin) * cfg_slope        (Q0.32 probability, a product of
//        2^32 or more marks always; no divider: the driver programs slope = Pmax/(Kmax-Kmin))
// `mark` is registered: it shows on the same edge as fg_bm's enq_accept for that enq (the
// core ANDs them). One fg_lfsr per ingress port steps on every enq of that port (so the
// sequence does not depend on the queue state); port i's LFSR loads cfg_seed ^ SEED_MIX*i
// (mod 2^32; a zero becomes 1 inside fg_lfsr) on cfg_seed_load, and RESET_SEED ^ SEED_MIX*i on
// reset, RESET_SEED being the reset value of the seed register. The C twin is
// cmodel/switch/ecn_red.c.
`default_nettype none

module fg_ecn_red #(
    parameter integer N_PORTS    = 4,   // 1..32
    parameter integer N_PRIO     = 2,   // 1..8
    parameter integer CW         = 18,  // cell-count width
    parameter [31:0]  RESET_SEED = 32'h0000_0002,
    // derived, do not override: port-index width clog2(N_PORTS), at least 1
    parameter integer PW         = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                         clk,
    input  wire                         rst,
    // configuration
    input  wire [N_PRIO-1:0]            cfg_prio_mask,
    input  wire [CW-1:0]                cfg_kmin,
    input  wire [CW-1:0]                cfg_kmax,
    input  wire [31:0]                  cfg_slope,
    input  wire [31:0]                  cfg_seed,
    input  wire                         cfg_seed_load,
    // this cycle's enq per ingress port
    input  wire [N_PORTS-1:0]           enq_valid,
    input  wire [N_PORTS*3-1:0]         enq_prio,
    input  wire [N_PORTS*PW-1:0]        enq_dst,
    input  wire [N_PORTS-1:0]           enq_ect,
    // fg_bm's registered egress queue lengths, EQ o*N_PRIO+p
    input  wire [N_PORTS*N_PRIO*CW-1:0] egress_cnt,
    // registered: CE-mark the enq of the previous edge (if it is admitted)
    output wire [N_PORTS-1:0]           mark
);

    localparam [31:0] SEED_MIX = 32'h9E37_79B9;  // golden-ratio constant: decorrelates ports

    generate
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_n_ports
            fg_ecn_red_parameter_N_PORTS_must_be_1_to_32 u_param_error ();
        end
        if (N_PRIO < 1 || N_PRIO > 8) begin : g_bad_n_prio
            fg_ecn_red_parameter_N_PRIO_must_be_1_to_8 u_param_error ();
        end
    endgenerate

    reg [N_PORTS-1:0] mark_reg;
    reg [N_PORTS-1:0] mark_next;

    // The mask over all eight priority codes: codes >= N_PRIO are never marked.
    wire [7:0] prio_mask8;
    generate
        if (N_PRIO < 8) begin : g_mask_pad
            assign prio_mask8 = {{(8-N_PRIO){1'b0}}, cfg_prio_mask};
        end else begin : g_mask_full
            assign prio_mask8 = cfg_prio_mask[7:0];
        end
    endgenerate

    genvar gi;
    generate
        for (gi = 0; gi < N_PORTS; gi = gi + 1) begin : g_port
            localparam [31:0] MIX = SEED_MIX * gi;
            wire [31:0]  rnd;
            wire [2:0]   prio = enq_prio[gi*3 +: 3];
            wire [PW-1:0] dst = enq_dst[gi*PW +: PW];
            reg  [CW-1:0] q;
            reg           eligible;
            reg  [CW+31:0] prob;  // (q - kmin) * slope, Q(CW).32
            reg           decide;

            // the value one step on: not needed here (the marker draws the value of
            // its cycle)
            /* verilator lint_off UNUSEDSIGNAL */
            wire [31:0] lfsr_step_unused;
            /* verilator lint_on UNUSEDSIGNAL */
            fg_lfsr #(
                .RESET_SEED (RESET_SEED ^ MIX)
            ) u_lfsr (
                .clk   (clk),
                .rst   (rst),
                .load  (cfg_seed_load),
                .seed  (cfg_seed ^ MIX),
                .step  (enq_valid[gi]),
                .value (rnd),
                .value_step (lfsr_step_unused)
            );

            always @* begin
                // A prio >= N_PRIO is not eligible, whatever q reads; a dst >= N_PORTS is
                // outside the core's contract (the bm does not check it either).
                q        = egress_cnt[({{(32-PW){1'b0}}, dst} * N_PRIO + {29'd0, prio}) * CW +: CW];
                eligible = enq_valid[gi] && enq_ect[gi] && prio_mask8[prio];
                prob     = {{32{1'b0}}, q - cfg_kmin} * {{CW{1'b0}}, cfg_slope};
                if (!eligible) begin
                    decide = 1'b0;
                end else if (q >= cfg_kmax) begin
                    decide = 1'b1;
                end else if (q <= cfg_kmin) begin
                    decide = 1'b0;
                end else begin
                    decide = (prob[CW+31:32] != {CW{1'b0}}) || (rnd < prob[31:0]);
                end
                mark_next[gi] = decide;
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            mark_reg <= {N_PORTS{1'b0}};
        end else begin
            mark_reg <= mark_next;
        end
    end

    assign mark = mark_reg;

endmodule

`default_nettype wire
