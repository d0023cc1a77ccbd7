// fg_cfg_copy - a block-RAM copy of one register array of the register block, read as the
// array's flops would show it (docs/ARCHITECTURE.md 5.7c, "write_port").
//
// The register block shows each legal write of the array in the cycle before the edge that
// commits it (wr, wr_idx, wr_data: the map's write_port) and the field's reset value
// (rst_value). This block keeps the array in an fg_ram_1r1w, whose read takes two edges and
// misses the writes of those edges; they are kept beside it, and a live bit per entry
// (cleared by reset, set by a write) stands for "written since reset". So:
//
//   raddr in the cycle before edge e -> rdata after edge e + 1 =
//     NEWEST = 0: the entry raddr as the array's flops held it after edge e
//     NEWEST = 1: the entry raddr as the array's flops held it after edge e + 1
//   and 0 in the cycle right after reset;
//   LATENCY = 1 (with NEWEST = 1): raddr in the cycle before edge e -> rdata after edge e =
//     the entry raddr as the array's flops held it after edge e. So a user can give the
//     address one cycle later than NEWEST = 1 needs and have the same word at the same time
//     (fg_bm_seq on iCE40: the address from its op's registers, not through the next op's
//     select); the RAM's own read register gives the word (fg_ram_1r1w RD_LAT = 1; on ECP5
//     that is a slow read).
//
// rdata is one AND-OR level behind registers (the word, a write kept beside it, or the reset
// value, under registered one-hot selects). Used by fg_bm_pipe (NEWEST = 0: its ring reads the
// limits of the cycle before) and fg_bm_seq (NEWEST = 1). No C twin: the blocks' twins read
// the array's values directly, which is what this block reproduces; their lock-step tests
// check it on every edge.
`default_nettype none

module fg_cfg_copy #(
    parameter integer W      = 18,   // field width, 1..1024
    parameter integer AW     = 3,    // index width, 1..16
    parameter integer N      = 8,    // entries, 1..2^AW
    parameter integer NEWEST = 0,    // 0 or 1: rdata as after edge e, or after edge e + 1
    parameter integer LATENCY = 2    // the read's edges, 2 or 1 (1 needs NEWEST = 1)
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          wr,         // this edge commits entry wr_idx := wr_data
    input  wire [AW-1:0] wr_idx,
    input  wire [W-1:0]  wr_data,
    input  wire [W-1:0]  rst_value,  // an entry not written since reset
    input  wire [AW-1:0] raddr,
    output wire [W-1:0]  rdata
);

    generate
        if (N < 1 || N > (1 << AW)) begin : g_bad_n
            fg_cfg_copy_ERROR_parameter_N_must_be_1_to_2_pow_AW u_bad_n ();
        end
        if (NEWEST < 0 || NEWEST > 1) begin : g_bad_newest
            fg_cfg_copy_ERROR_parameter_NEWEST_must_be_0_or_1 u_bad_newest ();
        end
        if (LATENCY < 1 || LATENCY > 2 || (LATENCY == 1 && NEWEST != 1)) begin : g_bad_latency
            fg_cfg_copy_ERROR_parameter_LATENCY_must_be_2_or_1_with_NEWEST_1 u_bad_latency ();
        end
    endgenerate

    wire [W-1:0] ram_rdata;
    fg_ram_1r1w #(.W(W), .AW(AW), .RD_LAT(LATENCY)) u_ram (
        .clk   (clk),
        .we    (wr && !rst),
        .waddr (wr_idx),
        .wdata (wr_data),
        .raddr (raddr),
        .rdata (ram_rdata)
    );

    reg  [N-1:0]  live_reg;          // written since reset
    reg  [AW-1:0] raddr_q_reg;       // the address, one edge on (the read's edge e)
    reg           hit_e_reg;         // edge e wrote the entry read
    reg  [W-1:0]  data_e_reg, data_b_reg;
    // the read's select, registered on edge e + 1: the RAM's word, the write of edge e, the
    // write of edge e + 1 (NEWEST = 1), the reset value; none right after reset. LATENCY = 1:
    // registered on edge e, whose write stands for "edge e + 1"'s (hit_e1; an earlier write is
    // in the RAM's word, so there is no "edge e" select)
    reg           s_ram_reg, s_e_reg, s_e1_reg, s_rst_reg;
    wire [AW-1:0] sel_addr = (LATENCY == 1) ? raddr : raddr_q_reg;  // the selects' edge's
    reg           live_q;            // live_reg[sel_addr] (0 for an index of no entry)
    integer       k;
    always @* begin
        live_q = 1'b0;
        for (k = 0; k < N; k = k + 1)
            if (sel_addr == k[AW-1:0]) live_q = live_reg[k];
    end
    wire hit_e1 = (NEWEST == 1) && wr && (wr_idx == sel_addr);
    wire hit_e  = (LATENCY == 2) && hit_e_reg;
    always @(posedge clk) begin
        if (rst) begin
            live_reg    <= {N{1'b0}};
            hit_e_reg   <= 1'b0;
            s_ram_reg   <= 1'b0;
            s_e_reg     <= 1'b0;
            s_e1_reg    <= 1'b0;
            s_rst_reg   <= 1'b0;
        end else begin
            for (k = 0; k < N; k = k + 1)
                if (wr && (wr_idx == k[AW-1:0])) live_reg[k] <= 1'b1;
            hit_e_reg <= wr && (wr_idx == raddr);
            s_e1_reg  <= hit_e1;
            s_e_reg   <= !hit_e1 && live_q && hit_e;
            s_ram_reg <= !hit_e1 && live_q && !hit_e;
            s_rst_reg <= !hit_e1 && !live_q;
        end
    end
    always @(posedge clk) begin
        raddr_q_reg <= raddr;
        data_e_reg  <= wr_data;
        data_b_reg  <= (NEWEST == 1 && hit_e1) ? wr_data : data_e_reg;
    end
    // (s_e1 and s_e share data_b_reg: it holds edge e + 1's write when that one hit, else e's)
    assign rdata = (ram_rdata & {W{s_ram_reg}}) | (data_b_reg & {W{s_e_reg | s_e1_reg}})
                 | (rst_value & {W{s_rst_reg}});

endmodule

`default_nettype wire
