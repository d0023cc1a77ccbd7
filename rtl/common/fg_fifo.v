// fg_fifo - synchronous FIFO, first-word fall-through with a registered read port.
//
// 2^DEPTH_LOG2 entries of WIDTH bits in one clock domain. While !empty, rd_data shows the
// oldest entry (first-word fall-through: no read request is needed to see it); rd_en pops it.
// rd_data comes from a register that is loaded on every edge that changes the head, so a
// word written into an empty FIFO is visible one edge after the write, and the memory read
// is a synchronous read port (a block RAM with a write-through bypass).
// On one edge:
//   rd_ok = rd_en && !empty                       a read of an empty FIFO is ignored
//   wr_ok = wr_en && (!full || rd_ok)             a write to a full FIFO is ignored unless
//                                                 the same edge reads (the read frees a slot)
//   count <= count + wr_ok - rd_ok
//   rd_data <= new head when the new count > 0; it keeps its old value when the FIFO empties
// An ignored write / read pulses stat_overflow / stat_underflow for one cycle and is counted
// in overflow_cnt / underflow_cnt (saturating CNT_W-bit fg_sat_counter); clr_stats clears
// both (an ignored access on the clearing edge counts 1).
// Parameters: WIDTH 1..64, DEPTH_LOG2 1..12, CNT_W 1..62 (the C twin's limits).
// The C twin is cmodel/common/fifo.c.
`default_nettype none

module fg_fifo #(
    parameter integer WIDTH      = 8,
    parameter integer DEPTH_LOG2 = 4,
    parameter integer CNT_W      = 16
) (
    input  wire                  clk,
    input  wire                  rst,
    // write side
    input  wire                  wr_en,
    input  wire [WIDTH-1:0]      wr_data,
    // read side
    input  wire                  rd_en,
    output wire [WIDTH-1:0]      rd_data,
    // status
    output wire                  full,
    output wire                  empty,
    output wire [DEPTH_LOG2:0]   count,
    // misuse, flagged and counted
    input  wire                  clr_stats,
    output wire                  stat_overflow,
    output wire                  stat_underflow,
    output wire [CNT_W-1:0]      overflow_cnt,
    output wire [CNT_W-1:0]      underflow_cnt
);

    // Illegal parameters stop elaboration with a module name that says what is wrong.
    generate
        if (WIDTH < 1 || WIDTH > 64) begin : g_bad_width
            fg_fifo_ERROR_parameter_WIDTH_must_be_1_to_64 u_bad_width ();
        end
        if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 12) begin : g_bad_depth
            fg_fifo_ERROR_parameter_DEPTH_LOG2_must_be_1_to_12 u_bad_depth ();
        end
    endgenerate

    localparam integer        DEPTH     = 1 << DEPTH_LOG2;
    localparam [DEPTH_LOG2:0] DEPTH_CNT = {1'b1, {DEPTH_LOG2{1'b0}}};

    reg  [WIDTH-1:0]      mem_reg [0:DEPTH-1];
    reg  [DEPTH_LOG2-1:0] wr_ptr_reg;
    reg  [DEPTH_LOG2-1:0] rd_ptr_reg;
    reg  [DEPTH_LOG2:0]   count_reg;
    reg  [WIDTH-1:0]      rd_data_reg;
    reg                   full_reg;
    reg                   empty_reg;
    reg                   overflow_reg;
    reg                   underflow_reg;

    reg                   rd_ok;
    reg                   wr_ok;
    reg                   overflow_next;
    reg                   underflow_next;
    reg  [DEPTH_LOG2-1:0] wr_ptr_next;
    reg  [DEPTH_LOG2-1:0] rd_ptr_next;
    reg  [DEPTH_LOG2:0]   count_next;
    reg                   head_from_wr;
    reg                   head_from_mem;
    // Status outputs of the drop counters that this block does not use.
    wire                  unused_ovf_at_max, unused_ovf_over, unused_ovf_under;
    wire                  unused_udf_at_max, unused_udf_over, unused_udf_under;

    always @* begin
        rd_ok          = rd_en && !empty_reg;
        wr_ok          = wr_en && (!full_reg || rd_ok);
        overflow_next  = wr_en && !wr_ok;
        underflow_next = rd_en && !rd_ok;
        wr_ptr_next    = wr_ok ? wr_ptr_reg + {{(DEPTH_LOG2 - 1){1'b0}}, 1'b1} : wr_ptr_reg;
        rd_ptr_next    = rd_ok ? rd_ptr_reg + {{(DEPTH_LOG2 - 1){1'b0}}, 1'b1} : rd_ptr_reg;
        count_next     = count_reg + {{DEPTH_LOG2{1'b0}}, wr_ok} - {{DEPTH_LOG2{1'b0}}, rd_ok};
        // rd_data follows the head: the word written now when it lands in the head slot,
        // else the memory entry at the new read pointer (always a written one, count > 0);
        // when the FIFO empties it keeps the last word shown.
        head_from_wr   = (count_next != {(DEPTH_LOG2 + 1){1'b0}}) && wr_ok && (wr_ptr_reg == rd_ptr_next);
        head_from_mem  = (count_next != {(DEPTH_LOG2 + 1){1'b0}}) && !head_from_wr;
    end

    // Storage and its read port: no reset (block RAM); the pointers and count say which
    // entries are valid. The read stays in this clocked process so that it maps to a
    // synchronous RAM read port (and simulators need not watch every word).
    always @(posedge clk) begin
        if (wr_ok && !rst) begin
            mem_reg[wr_ptr_reg] <= wr_data;
        end
        if (rst) begin
            rd_data_reg <= {WIDTH{1'b0}};
        end else if (head_from_wr) begin
            rd_data_reg <= wr_data;
        end else if (head_from_mem) begin
            rd_data_reg <= mem_reg[rd_ptr_next];
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            wr_ptr_reg    <= {DEPTH_LOG2{1'b0}};
            rd_ptr_reg    <= {DEPTH_LOG2{1'b0}};
            count_reg     <= {(DEPTH_LOG2 + 1){1'b0}};
            full_reg      <= 1'b0;
            empty_reg     <= 1'b1;
            overflow_reg  <= 1'b0;
            underflow_reg <= 1'b0;
        end else begin
            wr_ptr_reg    <= wr_ptr_next;
            rd_ptr_reg    <= rd_ptr_next;
            count_reg     <= count_next;
            full_reg      <= (count_next == DEPTH_CNT);
            empty_reg     <= (count_next == {(DEPTH_LOG2 + 1){1'b0}});
            overflow_reg  <= overflow_next;
            underflow_reg <= underflow_next;
        end
    end

    fg_sat_counter #(
        .W  (CNT_W),
        .AW (1)
    ) u_overflow_cnt (
        .clk            (clk),
        .rst            (rst),
        .clr            (clr_stats),
        .inc            (overflow_next),
        .inc_amt        (1'b1),
        .dec            (1'b0),
        .dec_amt        (1'b0),
        .count          (overflow_cnt),
        .at_max         (unused_ovf_at_max),
        .stat_overflow  (unused_ovf_over),
        .stat_underflow (unused_ovf_under)
    );

    fg_sat_counter #(
        .W  (CNT_W),
        .AW (1)
    ) u_underflow_cnt (
        .clk            (clk),
        .rst            (rst),
        .clr            (clr_stats),
        .inc            (underflow_next),
        .inc_amt        (1'b1),
        .dec            (1'b0),
        .dec_amt        (1'b0),
        .count          (underflow_cnt),
        .at_max         (unused_udf_at_max),
        .stat_overflow  (unused_udf_over),
        .stat_underflow (unused_udf_under)
    );

    assign rd_data        = rd_data_reg;
    assign full           = full_reg;
    assign empty          = empty_reg;
    assign count          = count_reg;
    assign stat_overflow  = overflow_reg;
    assign stat_underflow = underflow_reg;

endmodule

`default_nettype wire
