// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_rx_egress: owns the two buffer slots' ready flags and message lengths. When the next
// slot (rd_slot) holds a checked frame it reads buffer words 5, 6 and 7 (three cycles, IDLE
// start, RD6, RD7) and then delivers the FM message (frame bytes 42 .. 42+len-1) one beat per
// cycle on m_axis, realigned by 2 bytes: beat k = {word(6+k)[15:0], word(5+k)[63:16]}. Stalls
// only on m_axis_tready. Back-to-back messages are separated by three idle cycles.
// Timing (156.25 MHz on ECP5): the RAM read data goes straight into registers (prev_q holds
// word(5+k)[63:16], rdq_q holds word(6+k); the RAM runs one word ahead), and the remaining
// byte count rem_q is a register, so m_axis is driven by registers through one mask level.
// m_axis_tlast is the register last_q (= rem_q <= 8, updated with rem_q), so the slot ready
// flags and the phase do not wait for a comparison of rem_q.
module comet_rx_egress (
  input  wire        clk_i,
  input  wire        rst_ni,
  output reg  [63:0] m_axis_tdata,
  output reg  [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  input  wire        push_i,
  input  wire        push_slot_i,
  input  wire [10:0] push_len_i,
  output reg         buf_re_o,
  output reg  [8:0]  buf_raddr_o,
  input  wire [63:0] buf_rdata_i,
  output wire [1:0]  slot_free_o,
  output wire [1:0]  slot_ready_o,
  output wire [1:0]  phase_o,
  output wire        rd_slot_o
);
  localparam logic [1:0] P_IDLE = 2'd0, P_RD6 = 2'd1, P_BUSY = 2'd2, P_RD7 = 2'd3;

  reg [1:0]  ph_q, ph_d;
  reg        rd_slot_q, rd_slot_d;
  reg [1:0]  ready_q, ready_d;
  reg [10:0] len0_q, len0_d, len1_q, len1_d, rem_q, rem_d;
  reg        last_q, last_d;                // rem_q <= 8
  reg [7:0]  beat_q, beat_d;
  reg [47:0] prev_q, prev_d;
  reg [63:0] rdq_q, rdq_d;
  reg        xfer, start;
  integer i;

  assign m_axis_tvalid = (ph_q == P_BUSY);
  assign m_axis_tlast  = last_q;
  assign slot_free_o   = ~ready_q;
  assign slot_ready_o  = ready_q;
  assign phase_o       = ph_q;
  assign rd_slot_o     = rd_slot_q;

  always @* begin
    for (i = 0; i < 8; i = i + 1) m_axis_tkeep[i] = rem_q > i[10:0];
    // bytes past the message end come from unwritten RAM words: forced to 0
    for (i = 0; i < 8; i = i + 1)
      m_axis_tdata[8*i +: 8] = m_axis_tkeep[i] ? (i < 6 ? prev_q[8*i +: 8] : rdq_q[8*(i-6) +: 8]) : 8'd0;
    xfer  = (ph_q == P_BUSY) && m_axis_tready;
    start = (ph_q == P_IDLE) && (rd_slot_q ? ready_q[1] : ready_q[0]);
    buf_re_o    = start || (ph_q == P_RD6) || (ph_q == P_RD7) || xfer;
    buf_raddr_o = {rd_slot_q, start ? 8'd5 : (ph_q == P_RD6) ? 8'd6 : (ph_q == P_RD7) ? 8'd7 : beat_q + 8'd8};
  end

  always @* begin
    ph_d = ph_q; rd_slot_d = rd_slot_q; ready_d = ready_q; len0_d = len0_q; len1_d = len1_q;
    rem_d = rem_q; beat_d = beat_q; prev_d = prev_q; rdq_d = rdq_q; last_d = last_q;
    if (start) begin
      ph_d   = P_RD6;
      rem_d  = rd_slot_q ? len1_q : len0_q;
      last_d = rem_d <= 11'd8;
    end
    if (ph_q == P_RD6) begin
      ph_d   = P_RD7;
      prev_d = buf_rdata_i[63:16];
    end
    if (ph_q == P_RD7) begin
      ph_d   = P_BUSY;
      beat_d = 8'd0;
      rdq_d  = buf_rdata_i;
    end
    if (xfer) begin
      beat_d = beat_q + 8'd1;
      rem_d  = rem_q - 11'd8;
      last_d = rem_d <= 11'd8;
      prev_d = rdq_q[63:16];
      rdq_d  = buf_rdata_i;
      if (m_axis_tlast) begin
        ph_d = P_IDLE;
        rd_slot_d = !rd_slot_q;
      end
    end
    // slot ready flags bit by bit (a write with a variable index costs an adder chain in Yosys):
    // the last beat clears rd_slot, a push sets push_slot (a push wins)
    ready_d[0] = (ready_q[0] && !(xfer && m_axis_tlast && !rd_slot_q)) || (push_i && !push_slot_i);
    ready_d[1] = (ready_q[1] && !(xfer && m_axis_tlast && rd_slot_q)) || (push_i && push_slot_i);
    if (push_i) begin
      if (push_slot_i) len1_d = push_len_i;
      else             len0_d = push_len_i;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ph_q <= P_IDLE; rd_slot_q <= 1'b0; ready_q <= 2'b00; len0_q <= '0; len1_q <= '0;
      rem_q <= '0; beat_q <= '0; prev_q <= '0; rdq_q <= '0; last_q <= 1'b1;
    end else begin
      ph_q <= ph_d; rd_slot_q <= rd_slot_d; ready_q <= ready_d; len0_q <= len0_d; len1_q <= len1_d;
      rem_q <= rem_d; beat_q <= beat_d; prev_q <= prev_d; rdq_q <= rdq_d; last_q <= last_d;
    end
  end
`ifdef FORMAL
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  // environment (comet_rx_ingest): pushes only into a free slot, legal message lengths
  always @* if (f_rst_seen && push_i) assume (!ready_q[push_slot_i]);
  always @* if (f_rst_seen && rst_ni && push_i) assume (push_len_i >= 11'd9 && push_len_i <= 11'd1472);
  always @* begin
    if (f_rst_seen && rst_ni) begin
      if (ph_q != P_IDLE) assert (ready_q[rd_slot_q]);
      if (ph_q == P_BUSY) assert (rem_q != 11'd0 && rem_q <= 11'd1472);  // no wrap below 0
      if (m_axis_tvalid) assert (m_axis_tkeep[0] && ((m_axis_tkeep & (m_axis_tkeep + 8'd1)) == 8'd0));
      if (m_axis_tvalid && !m_axis_tlast) assert (m_axis_tkeep == 8'hFF);
      if (m_axis_tvalid && !m_axis_tready) assert (!buf_re_o);  // RAM read register holds
    end
  end
  always @(posedge clk_i) begin
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni && $past(m_axis_tvalid && !m_axis_tready)) begin
      assert (m_axis_tvalid);
      assert (m_axis_tkeep == $past(m_axis_tkeep));
      assert (m_axis_tlast == $past(m_axis_tlast));
      assert (prev_q == $past(prev_q));
      assert (rdq_q == $past(rdq_q));
    end
    cover (f_rst_seen && rst_ni && ready_q == 2'b11 && m_axis_tvalid && m_axis_tlast && m_axis_tready);
    cover (f_rst_seen && rst_ni && m_axis_tvalid && !m_axis_tready && beat_q == 8'd1);
  end
`endif
endmodule
`default_nettype wire
