// fg_counter_bank - N_KIND x N_PORTS saturating event counters kept in block RAM
// (docs/blocks/counter_bank.md; the register blocks' statistics, ARCHITECTURE 5.7b).
//
// A counter in flops costs a CNT_W-bit incrementer, its saturation test and a read-mux leg
// (~55 iCE40 LUT4 and 32 flops at CNT_W = 32); the switch's register block has nine kinds
// per port. Here each counter keeps only a small pending count in flops; one scanner visits
// the counters in turn, one per cycle (k = kind * N_PORTS + port, k = 0, 1, .. NC-1, 0, ..),
// and adds the pending count into the counter's word in block RAM. Area per counter is a
// DW-bit incrementer (DW = clog2(NC + 1): a counter is visited every NC edges, so at most
// NC events wait); the adder and the saturation are shared.
//
//   edge s   (snapshot): S1 <= {k, pend[k] (0 if clr[k] now), cleared[k] | clr[k]},
//                        selected within groups of 8 counters; pend[k] <= ev[k];
//                        recl[k] <= 0; the scan copy's word k is read (fg_ram_1r1w: two
//                        edges)
//   edge s+1: S2 <= the OR of S1's groups
//   edge s+2: word + snap (the low bits, and the rest and the rest + 1; the low carry picks
//             at s+3, where a cleared visit writes snap alone)
//   edge s+3 (write-back): word[k] <= min(sum, 2^CNT_W - 1) in both copies; cleared[k] <= 0
//                        unless recl[k] (a clear of k on s+1 or s+2) or clr[k] now (the
//                        write-back's one-hot is the scan ring's, three counters behind)
//
// A clear (clr[k], from a committed register write) sets pend[k] to that edge's event and
// marks the counter cleared until the write-back of its next visit, which writes the pending
// count alone (a write-back of a visit made before the clear leaves the mark).
// A read returns the word as the last write-back left it, or 0 while the counter is cleared:
// the count of events up to at most NC + 3 edges before, exactly, never more than
// 2^CNT_W - 1 (the C twin mirrors every edge).
// Read: rd_kind/rd_port in the cycle before edge e -> rd_count after edge e + 1: the word as it
// is after e (a write-back at e to the same word is bypassed around the RAM) and 0 if the
// counter was cleared after e or the index is outside the bank.
// Two copies of the words (each one write port, one read port) so the scanner and the read
// never compete: fg_ram_1r1w, a DP16KD (ECP5) or EBR (iCE40) each.
// Parameters: N_KIND 1..16, N_PORTS 1..32, N_KIND * N_PORTS >= 4 (the scanner comes back to a
// counter after its write-back), CNT_W 1..32; LIVE_KINDS bit i = 0 for a kind whose ev bits
// are tied to 0 by the user (an engine the design does not build): its counters keep no
// pending count (yosys's iCE40 flow does not see that a count of events that never come stays 0)
// and stay cleared (they read 0; no clear or recl flags), and since they would only ever count
// 0 the bank's outputs are the same. The C twin is
// cmodel/common/counter_bank.c (it has no such parameter: nothing it shows differs).
`default_nettype none

module fg_counter_bank #(
    parameter integer N_KIND  = 9,
    parameter integer N_PORTS = 4,
    parameter integer CNT_W   = 32,
    parameter [15:0]  LIVE_KINDS = 16'hFFFF,
    parameter integer KW      = (N_KIND > 1) ? $clog2(N_KIND) : 1,
    parameter integer PW      = (N_PORTS > 1) ? $clog2(N_PORTS) : 1
) (
    input  wire                        clk,
    input  wire                        rst,
    input  wire [N_KIND*N_PORTS-1:0]   ev,        // event pulse of counter k = kind * N_PORTS + port
    input  wire [N_KIND*N_PORTS-1:0]   clr,       // clear on this edge (an event on it counts 1)
    input  wire [KW-1:0]               rd_kind,
    input  wire [PW-1:0]               rd_port,
    output wire [31:0]                 rd_count   // CNT_W bits, zero-extended
);

    localparam integer NC    = N_KIND * N_PORTS;
    localparam integer DW    = $clog2(NC + 1);          // pending count: 0..NC
    localparam integer SUMW  = ((CNT_W > DW) ? CNT_W : DW) + 1;
    localparam integer AW    = KW + PW;
    localparam integer  K_LAST_I = N_KIND - 1;
    localparam integer  P_LAST_I = N_PORTS - 1;
    localparam [KW-1:0] K_LAST = K_LAST_I[KW-1:0];
    localparam [PW-1:0] P_LAST = P_LAST_I[PW-1:0];

    generate
        if (N_KIND < 1 || N_KIND > 16) begin : g_bad_kind
            fg_counter_bank_ERROR_parameter_N_KIND_must_be_1_to_16 u_bad_kind ();
        end
        if (N_PORTS < 1 || N_PORTS > 32) begin : g_bad_ports
            fg_counter_bank_ERROR_parameter_N_PORTS_must_be_1_to_32 u_bad_ports ();
        end
        if (NC < 4) begin : g_bad_nc
            fg_counter_bank_ERROR_N_KIND_times_N_PORTS_must_be_at_least_4 u_bad_nc ();
        end
        if (CNT_W < 1 || CNT_W > 32) begin : g_bad_w
            fg_counter_bank_ERROR_parameter_CNT_W_must_be_1_to_32 u_bad_w ();
        end
    endgenerate

    integer k;

    // The NC-wide selections are made in groups of G counters on one edge: the visited
    // counter's pending count and flag are ORed on the next edge, the read's flag after its
    // flops, in front of rd_count. At 8 ports one 72-input AND-OR was the block's slowest path
    // on ECP5 (140 MHz).
    localparam integer G  = 8;
    localparam integer NG = (NC + G - 1) / G;

    // ---- flops: scanner, pending counts, cleared flags, the write-back stages, the read ----
    reg  [NC-1:0]    sc_oh_reg, sc_oh_next;        // the counter snapshotted on the next edge
    reg  [KW-1:0]    sc_kind_reg, sc_kind_next;    // its address
    reg  [PW-1:0]    sc_port_reg, sc_port_next;
    reg  [NC*DW-1:0] pend_reg, pend_next;
    reg  [NC-1:0]    cleared_reg, cleared_next;
    reg  [NC-1:0]    recl_reg, recl_next;          // cleared again since its visit: the
                                                   // write-back must not end that clear
    reg  [2:0]       wb_on_reg, wb_on_next;        // the write-back stage holds a visit (not
                                                   // in the three edges after reset)
    reg  [AW-1:0]    s1_addr_reg, s2_addr_reg, s3_addr_reg;   // the word the stage carries
    reg  [NG*DW-1:0] s1_snap_reg, s1_snap_next;    // the events it adds, by group,
    reg  [NG-1:0]    s1_clr_reg, s1_clr_next;      // whether it starts from 0, by group
    reg  [DW-1:0]    s2_snap_reg, s2_snap_next;    // ... gathered
    reg              s2_clr_reg, s2_clr_next;
    reg  [NC-1:0]    rd_oh_reg;                    // the read's counter, one-hot
    reg  [NG-1:0]    rd_clr_reg, rd_clr_next;      // its cleared flag, by group
    reg              rd_in1_reg, rd_in1_next, rd_in_reg;   // the index is in the bank
    reg              byp1_reg, byp1_next, byp2_reg; // the read met a write-back of its word
    reg  [CNT_W-1:0] byp1_word_reg, byp2_word_reg;

    // ---- next state -------------------------------------------------------------------------
    wire [AW-1:0] sc_addr = {sc_kind_reg, sc_port_reg};
    wire [AW-1:0] rd_addr = {rd_kind, rd_port};

    reg  [NC-1:0]    rd_oh;
    reg  [NC-1:0]    s3_oh;                        // the counter written back on the next edge
    always @* begin
        sc_oh_next   = {sc_oh_reg[NC-2:0], sc_oh_reg[NC-1]};
        sc_port_next = (sc_port_reg == P_LAST) ? {PW{1'b0}} : sc_port_reg + 1'b1;
        sc_kind_next = sc_kind_reg;
        if (sc_port_reg == P_LAST)
            sc_kind_next = (sc_kind_reg == K_LAST) ? {KW{1'b0}} : sc_kind_reg + 1'b1;
        s1_snap_next = {(NG * DW){1'b0}};
        s1_clr_next  = {NG{1'b0}};
        rd_clr_next  = {NG{1'b0}};
        for (k = 0; k < NC; k = k + 1) begin
            // the write-back stage is three visits behind the pointer (a ring: no flops)
            s3_oh[k] = wb_on_reg[2] & sc_oh_reg[(k + 3) % NC];
            // visited or cleared: start again from this edge's event; else count it (a kind
            // that is not live keeps 0)
            if (!LIVE_KINDS[k / N_PORTS])
                pend_next[k*DW +: DW] = {DW{1'b0}};
            else if (sc_oh_reg[k] || clr[k])
                pend_next[k*DW +: DW] = {{(DW - 1){1'b0}}, ev[k]};
            else
                pend_next[k*DW +: DW] = pend_reg[k*DW +: DW] + {{(DW - 1){1'b0}}, ev[k]};
            // the visit, by group: cleared on the snapshot edge drops the events before it
            // (this edge's is pend)
            s1_snap_next[(k/G)*DW +: DW] = s1_snap_next[(k/G)*DW +: DW]
                | ({DW{sc_oh_reg[k] & ~clr[k]}} & pend_reg[k*DW +: DW]);
            s1_clr_next[k/G] = s1_clr_next[k/G] | (sc_oh_reg[k] & (cleared_reg[k] | clr[k]));
            // a clear after the visit (on its two edges before the write-back) is remembered
            recl_next[k] = ~sc_oh_reg[k] & (recl_reg[k] | clr[k]);
            // a clear wins over the write-back that ends an earlier one, and a write-back
            // that carries a visit from before a clear does not end it
            cleared_next[k] = clr[k] | (cleared_reg[k] & ~(s3_oh[k] & ~recl_reg[k]));
            // a kind that is not live stays cleared from reset on: its reads are 0, as its
            // word (pending counts of 0 written back) would be, and its flags are constants
            if (!LIVE_KINDS[k / N_PORTS]) begin
                recl_next[k]    = 1'b0;
                cleared_next[k] = 1'b1;
            end
            rd_oh[k] = ({{(32 - KW){1'b0}}, rd_kind} == k / N_PORTS)
                     && ({{(32 - PW){1'b0}}, rd_port} == k % N_PORTS);
            rd_clr_next[k/G] = rd_clr_next[k/G] | (rd_oh_reg[k] & cleared_reg[k]);
        end
        s2_snap_next = {DW{1'b0}};
        for (k = 0; k < NG; k = k + 1)
            s2_snap_next = s2_snap_next | s1_snap_reg[k*DW +: DW];
        s2_clr_next = |s1_clr_reg;
        wb_on_next  = {wb_on_reg[1:0], 1'b1};
        rd_in1_next = ({{(32 - KW){1'b0}}, rd_kind} < N_KIND) && ({{(32 - PW){1'b0}}, rd_port} < N_PORTS);
        byp1_next   = (rd_addr == s3_addr_reg);
    end

    wire [CNT_W-1:0] scan_word, read_word;
    wire [CNT_W-1:0] wb_data;
    // base + snap, clipped at 2^CNT_W - 1 (any carry out of the counter sets every bit). Wide
    // counters add carry-select: at s+2 the pending count into the low DW bits and, beside it,
    // the rest plus one; at s+3 the low carry picks (one 33-bit carry chain is ~11 ns on an
    // iCE40, and on ECP5 the write data must still reach two block RAMs at s+3).
    generate
        if (CNT_W > DW) begin : g_split
            // the sums from the word as read (no clear select in front of the carry chains);
            // a cleared counter's write is the pending count alone, chosen at s+3
            wire [DW:0]          lo_sum = {1'b0, scan_word[DW-1:0]} + {1'b0, s2_snap_reg};
            wire [CNT_W-DW:0]    hi_inc = {1'b0, scan_word[CNT_W-1:DW]} + {{(CNT_W - DW){1'b0}}, 1'b1};
            reg  [DW-1:0]        s3_lo_reg, s3_snap_reg;
            reg  [CNT_W-DW-1:0]  s3_hi_reg;
            reg  [CNT_W-DW:0]    s3_hi_inc_reg;      // with its carry out: the counter is full
            reg                  s3_c_reg, s3_clr_reg;
            always @(posedge clk) begin
                s3_lo_reg     <= lo_sum[DW-1:0];
                s3_c_reg      <= lo_sum[DW];
                s3_hi_reg     <= scan_word[CNT_W-1:DW];
                s3_hi_inc_reg <= hi_inc;
                s3_snap_reg   <= s2_snap_reg;
                s3_clr_reg    <= s2_clr_reg;
            end
            assign wb_data = s3_clr_reg ? {{(CNT_W - DW){1'b0}}, s3_snap_reg}
                           : s3_c_reg   ? ({s3_hi_inc_reg[CNT_W-DW-1:0], s3_lo_reg} | {CNT_W{s3_hi_inc_reg[CNT_W-DW]}})
                                        : {s3_hi_reg, s3_lo_reg};
        end else begin : g_whole
            wire [CNT_W-1:0] s2_base = s2_clr_reg ? {CNT_W{1'b0}} : scan_word;
            wire [SUMW-1:0]  sum = {{(SUMW - CNT_W){1'b0}}, s2_base} + {{(SUMW - DW){1'b0}}, s2_snap_reg};
            reg  [SUMW-1:0] s3_sum_reg;
            always @(posedge clk)
                s3_sum_reg <= sum;
            assign wb_data = s3_sum_reg[CNT_W-1:0] | {CNT_W{|s3_sum_reg[SUMW-1:CNT_W]}};
        end
    endgenerate

    fg_ram_1r1w #(.W(CNT_W), .AW(AW)) u_scan_copy (
        .clk(clk), .we(1'b1), .waddr(s3_addr_reg), .wdata(wb_data), .raddr(sc_addr), .rdata(scan_word)
    );
    fg_ram_1r1w #(.W(CNT_W), .AW(AW)) u_read_copy (
        .clk(clk), .we(1'b1), .waddr(s3_addr_reg), .wdata(wb_data), .raddr(rd_addr), .rdata(read_word)
    );

    // datapath flops with no reset (what they carry is qualified by a reset one)
    always @(posedge clk) begin
        s1_addr_reg   <= sc_addr;
        s2_addr_reg   <= s1_addr_reg;
        s3_addr_reg   <= s2_addr_reg;
        s1_snap_reg   <= s1_snap_next;
        s2_snap_reg   <= s2_snap_next;
        byp1_word_reg <= wb_data;
        byp2_word_reg <= byp1_word_reg;
    end

    always @(posedge clk) begin
        if (rst) begin
            sc_oh_reg   <= {{(NC - 1){1'b0}}, 1'b1};
            sc_kind_reg <= {KW{1'b0}};
            sc_port_reg <= {PW{1'b0}};
            pend_reg    <= {(NC * DW){1'b0}};
            cleared_reg <= {NC{1'b1}};
            recl_reg    <= {NC{1'b0}};
            wb_on_reg   <= 3'b000;
            s1_clr_reg  <= {NG{1'b1}};
            s2_clr_reg  <= 1'b1;
            rd_oh_reg   <= {NC{1'b0}};
            rd_clr_reg  <= {NG{1'b1}};
            rd_in1_reg  <= 1'b0;
            rd_in_reg   <= 1'b0;
            byp1_reg    <= 1'b0;
            byp2_reg    <= 1'b0;
        end else begin
            sc_oh_reg   <= sc_oh_next;
            sc_kind_reg <= sc_kind_next;
            sc_port_reg <= sc_port_next;
            pend_reg    <= pend_next;
            cleared_reg <= cleared_next;
            recl_reg    <= recl_next;
            wb_on_reg   <= wb_on_next;
            s1_clr_reg  <= s1_clr_next;
            s2_clr_reg  <= s2_clr_next;
            rd_oh_reg   <= rd_oh;
            rd_clr_reg  <= rd_clr_next;
            rd_in1_reg  <= rd_in1_next;
            rd_in_reg   <= rd_in1_reg;
            byp1_reg    <= byp1_next;
            byp2_reg    <= byp1_reg;
        end
    end

    wire [CNT_W-1:0] rd_value = (rd_in_reg && !(|rd_clr_reg)) ? (byp2_reg ? byp2_word_reg : read_word) : {CNT_W{1'b0}};
    generate
        if (CNT_W < 32) begin : g_ext
            assign rd_count = {{(32 - CNT_W){1'b0}}, rd_value};
        end else begin : g_full
            assign rd_count = rd_value;
        end
    endgenerate

endmodule

`default_nettype wire
