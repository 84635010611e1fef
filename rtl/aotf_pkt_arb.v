// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_pkt_arb: merges two packet streams (64-bit AXI4-Stream, tkeep, tlast) into one,
// round robin per packet: a packet, once its first beat is granted, keeps the output until its
// tlast beat has been accepted; between packets, when both inputs are valid, the input that did
// not start the previous packet wins. Combinational (no register on the data path): with
// b idle (b_tvalid 0 between packets) the output is input a exactly, with a's ready the output
// ready, so aotf_node's AOTF traffic is cycle-identical with or without the BOTF path; the next
// packet's first beat follows the previous tlast beat in the next cycle (no bubble).
module aotf_pkt_arb (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [63:0] a_tdata,
  input  wire [7:0]  a_tkeep,
  input  wire        a_tvalid,
  output wire        a_tready,
  input  wire        a_tlast,
  input  wire [63:0] b_tdata,
  input  wire [7:0]  b_tkeep,
  input  wire        b_tvalid,
  output wire        b_tready,
  input  wire        b_tlast,
  output wire [63:0] m_tdata,
  output wire [7:0]  m_tkeep,
  output wire        m_tvalid,
  input  wire        m_tready,
  output wire        m_tlast
);
  reg lock_q, lock_d;   // a packet holds the output (its first beat accepted, not its last)
  reg sel_q, sel_d;     // the input holding the output while lock_q (1 = b)
  reg pri_q, pri_d;     // 1 = b wins the next tie (a started the previous packet)
  wire gnt_b = lock_q ? sel_q : (b_tvalid && (!a_tvalid || pri_q));
  assign m_tdata  = gnt_b ? b_tdata  : a_tdata;
  assign m_tkeep  = gnt_b ? b_tkeep  : a_tkeep;
  assign m_tvalid = gnt_b ? b_tvalid : a_tvalid;
  assign m_tlast  = gnt_b ? b_tlast  : a_tlast;
  assign a_tready = !gnt_b && m_tready;
  assign b_tready = gnt_b && m_tready;
  wire xfer = m_tvalid && m_tready;
  always @* begin
    lock_d = lock_q;
    sel_d  = sel_q;
    pri_d  = pri_q;
    if (xfer) begin
      lock_d = !m_tlast;
      sel_d  = gnt_b;
      if (!lock_q) pri_d = !gnt_b;
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      lock_q <= 1'b0;
      sel_q  <= 1'b0;
      pri_q  <= 1'b0;
    end else begin
      lock_q <= lock_d;
      sel_q  <= sel_d;
      pri_q  <= pri_d;
    end
  end
`ifdef FORMAL
  reg f_rst = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst <= 1'b1;
  always @(posedge clk_i) begin
    if (f_rst && rst_ni) begin
      assert (!(a_tready && b_tready));         // one input served per cycle
      if (!lock_q && !b_tvalid) assert (!gnt_b); // b idle between packets: a passes unchanged
      cover (xfer && gnt_b && m_tlast);
      cover (lock_q && sel_q && a_tvalid);        // a waits for a b packet to finish
    end
  end
`endif
endmodule
`default_nettype wire
