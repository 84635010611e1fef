// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx_wbuf: the write buffer of aotf_rx (docs/reference/aotf_rx.md): WB_DEPTH checked packet writes
// between the parser and the LLCM write port. A push (push_i) stores the good data beat at
// raddr_i, len_i bytes; the head entry is offered to the LLCM as its buffer write request
// (bw_*_o) whenever the LLCM is not sweeping, and leaves (pop) unless the host write (hw_wr_i,
// priority) takes the port in that cycle.
module aotf_rx_wbuf #(
  parameter int LLCM_BYTES = 131072,
  parameter int WB_DEPTH   = 4,
  localparam int LB  = $clog2(LLCM_BYTES),  // byte address bits
  localparam int WA  = LB - 3,
  localparam int WBW = $clog2(WB_DEPTH),
  localparam int EW  = (WA - 1) + WA + 16 + 128  // entry: LLCM request, see wb_q
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // the entry a push stores: the checked data beat at raddr_i, len_i bytes
  input  wire          push_i,
  input  wire [LB-1:0] raddr_i,
  input  wire [3:0]    len_i,
  input  wire [63:0]   data_i,
  // LLCM write port
  input  wire          llcm_busy_i,   // init sweep: no write
  input  wire          hw_wr_i,       // the host write takes the port this cycle
  output wire          bw_en_o,
  output wire [WA-1:0] bw_word_o,
  output wire [WA-2:0] bw_idx0_o,
  output wire [127:0]  bw_data_o,
  output wire [15:0]   bw_be_o,
  // fill level
  output wire [WBW:0]  count_o,
  output wire          full_o
);
  // entries (flops, packed), stored as the LLCM write request they become:
  // {even-bank index of the word pair, word, byte enables[15:0], data[127:0]} (timing: the
  // shift to the byte offset and the even-bank index adder are done when the entry is pushed,
  // so only the head mux sits between the buffer and the LLCM write port)
  reg [WB_DEPTH*EW-1:0] wb_q, wb_d;
  reg [WBW-1:0] wb_rd_q, wb_rd_d;
  // write slot one-hot (slot wb_rd_q + wb_cnt_q) and the entry clock enables: the free slot
  // is written with the would-be entry in every cycle the buffer is not full, whether or not
  // a packet is pushed (a push only advances the slot). Timing: the ~EW-bit entry enables come
  // straight from flops (wb_ce_q = wb_woh_q while not full, registered), push is not in them.
  reg [WB_DEPTH-1:0] wb_woh_q, wb_woh_d, wb_ce_q, wb_ce_d;
  reg [WBW:0]   wb_cnt_q, wb_cnt_d;
  // byte enables and word bit 0 of the head entry (entry wb_rd_q of wb_q), kept as a register
  // of their own (timing: the LLCM lane write enables come from flops, not from the head mux
  // behind the high-fanout wb_rd_q); loaded with the next cycle's head entry as wb_d has it
  reg [15:0]    hbe_q, hbe_d;
  reg           hw0_q, hw0_d;

  // wb_cnt_q <= WB_DEPTH (asserted): full is its top bit (timing: one flop, not a compare)
  wire          wb_full = wb_cnt_q[WBW];
  reg           bw_en, pop;
  /* verilator lint_off UNUSEDSIGNAL */  // head be / word bit 0: from hbe_q / hw0_q instead
  reg [EW-1:0]  head;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [EW-1:0]  p_ent;
  reg [WA-2:0]  h_idx0;
  reg [WA-1:0]  h_word, p_word;
  reg [15:0]    h_be, p_be, hbe_now, hbe_nxt;
  reg           hw0_now, hw0_nxt;
  reg [WBW-1:0] rd_nxt;
  reg [127:0]   h_wide;
  integer       k;

  always @* begin
    // timing: the LLCM gets the buffer head as a request of its own and the host write
    // (a register of the CSR block) only as a priority select; pop = the head was written
    bw_en     = (wb_cnt_q != '0) && !llcm_busy_i;
    pop       = bw_en && !hw_wr_i;
    head      = wb_q[0 +: EW];
    for (k = 1; k < WB_DEPTH; k = k + 1)
      if (wb_rd_q == WBW'(k)) head = wb_q[k*EW +: EW];
    h_wide    = head[127:0];
    h_be      = hbe_q;
    h_word    = {head[144 + 1 +: WA - 1], hw0_q};
    h_idx0    = head[EW-1 -: WA-1];
    // the entry a push stores: the checked data beat at raddr_i, len_i bytes
    p_word    = raddr_i[LB-1:3];
    p_be      = {8'h00, ~(8'hFF << len_i)} << raddr_i[2:0];
    p_ent     = {p_word[WA-1:1] + (WA-1)'(p_word[0]), p_word, p_be,
                 {64'd0, data_i} << {raddr_i[2:0], 3'b000}};

    wb_d     = wb_q;
    wb_woh_d = wb_woh_q;
    wb_rd_d  = wb_rd_q;
    for (k = 0; k < WB_DEPTH; k = k + 1)
      if (wb_ce_q[k]) wb_d[k*EW +: EW] = p_ent;
    if (push_i) wb_woh_d = {wb_woh_q[WB_DEPTH-2:0], wb_woh_q[WB_DEPTH-1]};
    if (pop) wb_rd_d = wb_rd_q + 1'b1;
    wb_cnt_d = wb_cnt_q + (WBW+1)'(push_i) - (WBW+1)'(pop);
    wb_ce_d  = wb_woh_d & {WB_DEPTH{wb_cnt_d != (WBW+1)'(WB_DEPTH)}};
    // head be / word bit 0 of the next cycle: entry wb_rd_d of wb_d. Both candidates (entry
    // rd and rd+1, each the pushed-slot value if that slot is written this cycle) come from
    // registered state; pop (the host-write register and the buffer count) only selects
    // (slot rd is the one written iff the buffer is empty, slot rd+1 iff it holds one entry)
    rd_nxt  = wb_rd_q + 1'b1;
    hbe_now = wb_q[0*EW + 128 +: 16];
    hw0_now = wb_q[0*EW + 144];
    hbe_nxt = wb_q[0*EW + 128 +: 16];
    hw0_nxt = wb_q[0*EW + 144];
    for (k = 1; k < WB_DEPTH; k = k + 1) begin
      if (wb_rd_q == WBW'(k)) begin
        hbe_now = wb_q[k*EW + 128 +: 16];
        hw0_now = wb_q[k*EW + 144];
      end
      if (rd_nxt == WBW'(k)) begin
        hbe_nxt = wb_q[k*EW + 128 +: 16];
        hw0_nxt = wb_q[k*EW + 144];
      end
    end
    if (wb_cnt_q == '0) begin
      hbe_now = p_be;
      hw0_now = p_word[0];
    end
    if (wb_cnt_q == (WBW+1)'(1)) begin
      hbe_nxt = p_be;
      hw0_nxt = p_word[0];
    end
    hbe_d = pop ? hbe_nxt : hbe_now;
    hw0_d = pop ? hw0_nxt : hw0_now;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wb_woh_q <= WB_DEPTH'(1);
      wb_ce_q  <= WB_DEPTH'(1);
      wb_rd_q  <= '0;
      wb_cnt_q <= '0;
    end else begin
      wb_woh_q <= wb_woh_d;
      wb_ce_q  <= wb_ce_d;
      wb_rd_q  <= wb_rd_d;
      wb_cnt_q <= wb_cnt_d;
    end
  end

  // payload: no reset (don't-care while the entry is empty)
  always @(posedge clk_i) begin
    wb_q  <= wb_d;
    hbe_q <= hbe_d;
    hw0_q <= hw0_d;
  end

  assign bw_en_o   = bw_en;
  assign bw_word_o = h_word;
  assign bw_idx0_o = h_idx0;
  assign bw_data_o = h_wide;
  assign bw_be_o   = h_be;
  assign count_o   = wb_cnt_q;
  assign full_o    = wb_full;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // hbe_q / hw0_q have no reset: valid from the second cycle after reset on
  reg f_hd_ok = 1'b0;
  always @(posedge clk_i) f_hd_ok <= f_rst_seen && rst_ni;
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      assert (wb_cnt_q <= (WBW+1)'(WB_DEPTH));
      assert (wb_woh_q == (WB_DEPTH'(1) << (wb_rd_q + WBW'(wb_cnt_q))));
      assert (wb_ce_q == (wb_woh_q & {WB_DEPTH{!wb_full}}));
      assert (wb_full == (wb_cnt_q == (WBW+1)'(WB_DEPTH)));
    end
    // head be / word bit 0 registers = those fields of entry wb_rd_q (every cycle but the
    // first after a reset: they have no reset)
    if (f_rst_seen && rst_ni && f_hd_ok) begin
      assert (hbe_q == wb_q[32'(wb_rd_q)*EW + 128 +: 16]);
      assert (hw0_q == wb_q[32'(wb_rd_q)*EW + 144]);
    end
  end
`endif
endmodule
`default_nettype wire
