// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_switch: packet switch of the NIC fabric, RADIX ports of 64-bit AXI4-Stream
// (docs/reference/nic_switch.md). Lossless (full back-pressure), cut-through, virtual output
// queues per input (nic_switch_in), pipelined iSLIP unicast (ITERS iterations per cycle) and reserved
// multicast connections (nic_switch_arb), forwarding tables and counters on the CSR bus
// (nic_switch_csr). Output o carries the beats of the one input connected to it; a connection lasts one packet.
// Inputs enabled in CRC_CHECK check the LINK trailer CRC-32 of each packet beside the datapath
// and count mismatches (a cut-through switch has forwarded most of the packet by then: it
// forwards it whole and the receiving node drops it).
module nic_switch #(
  parameter int RADIX     = 16,
  parameter int LFT_DEPTH = 4096,
  parameter int MFT_DEPTH = 64,
  parameter int BUF_BEATS = 512,
  parameter int ITERS     = 2,
  localparam int PW = $clog2(RADIX),
  localparam int QW = $clog2(RADIX + 1),
  localparam int LAW = $clog2(LFT_DEPTH),
  localparam int BW = 64 + 8 + 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [RADIX*64-1:0] s_axis_tdata,
  input  wire [RADIX*8-1:0]  s_axis_tkeep,
  input  wire [RADIX-1:0]    s_axis_tvalid,
  output wire [RADIX-1:0]    s_axis_tready,
  input  wire [RADIX-1:0]    s_axis_tlast,
  output reg  [RADIX*64-1:0] m_axis_tdata,
  output reg  [RADIX*8-1:0]  m_axis_tkeep,
  output reg  [RADIX-1:0]    m_axis_tvalid,
  input  wire [RADIX-1:0]    m_axis_tready,
  output reg  [RADIX-1:0]    m_axis_tlast,
  input  wire                csr_req_i,
  input  wire                csr_we_i,
  input  wire [11:0]         csr_addr_i,
  input  wire [31:0]         csr_wdata_i,
  output wire                csr_ack_o,
  output wire [31:0]         csr_rdata_o
);
`ifndef __ICARUS__
  generate
    if (RADIX < 4 || RADIX > 32 || LFT_DEPTH < 128 || LFT_DEPTH > 4096 ||
        (LFT_DEPTH & (LFT_DEPTH - 1)) != 0 || MFT_DEPTH < 2 || MFT_DEPTH > 1024 ||
        MFT_DEPTH > LFT_DEPTH || (MFT_DEPTH & (MFT_DEPTH - 1)) != 0 ||
        (BUF_BEATS & (BUF_BEATS - 1)) != 0 || (BUF_BEATS >> QW) < 4 || ITERS < 1 || ITERS > 4) begin : g_param_err
      $error("nic_switch: RADIX 4..32, LFT_DEPTH power of two 128..4096, MFT_DEPTH power of two 2..min(1024, LFT_DEPTH), BUF_BEATS power of two >= 4 * 2^clog2(RADIX+1), ITERS 1..4");
    end
  endgenerate
`endif

  wire [RADIX-1:0]       eth_mode, crc_check, crc_err;
  wire                   tbl_busy, lft_we, mft_we;
  wire [LAW-1:0]         tw_addr;
  wire [5:0]             lft_wdata;
  wire [RADIX-1:0]       mft_wdata;
  wire [4*RADIX-1:0]     drop;
  wire [RADIX*RADIX-1:0] voq_avail, voq_ne, mc_mask, conn_mask, taken;
  wire [RADIX-1:0]       mc_pend, conn_act, rv, gnt, in_soon;
  // in_free, ending, out_free: the grants of this cycle see this cycle's ends (from the
  // outputs' tready); the path is not circular per bit, only per vector
  /* verilator lint_off UNOPTFLAT */
  wire [RADIX-1:0]       in_free, ending;
  wire [RADIX*QW-1:0]    gnt_q;
  wire [RADIX*RADIX-1:0] gnt_mask;
  wire [RADIX*BW-1:0]    rdata;
  reg  [RADIX*RADIX-1:0] hs;           // [i*RADIX + o]: output o took input i's beat
  reg  [RADIX-1:0]       out_free, out_soon, busy;
  /* verilator lint_on UNOPTFLAT */
  /* verilator lint_off UNUSEDSIGNAL */  // src: read by the FORMAL properties
  reg  [RADIX*PW-1:0]    src;
  /* verilator lint_on UNUSEDSIGNAL */

  genvar g;
  generate
    for (g = 0; g < RADIX; g = g + 1) begin : g_in
      wire [3:0] d;
      nic_switch_in #(.RADIX(RADIX), .LFT_DEPTH(LFT_DEPTH), .MFT_DEPTH(MFT_DEPTH),
                      .BUF_BEATS(BUF_BEATS), .IDX(g)) u_in (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .s_tdata_i(s_axis_tdata[g*64 +: 64]), .s_tkeep_i(s_axis_tkeep[g*8 +: 8]),
        .s_tvalid_i(s_axis_tvalid[g]), .s_tready_o(s_axis_tready[g]), .s_tlast_i(s_axis_tlast[g]),
        .eth_i(eth_mode[g]), .crc_en_i(crc_check[g]), .tbl_busy_i(tbl_busy), .lft_we_i(lft_we), .mft_we_i(mft_we),
        .tw_addr_i(tw_addr), .lft_wdata_i(lft_wdata), .mft_wdata_i(mft_wdata),
        .voq_avail_o(voq_avail[g*RADIX +: RADIX]),
        .voq_nonempty_o(voq_ne[g*RADIX +: RADIX]), .mc_pend_o(mc_pend[g]),
        .mc_mask_o(mc_mask[g*RADIX +: RADIX]), .free_o(in_free[g]), .soon_o(in_soon[g]), .gnt_i(gnt[g]),
        .gnt_q_i(gnt_q[g*QW +: QW]), .gnt_mask_i(gnt_mask[g*RADIX +: RADIX]),
        .hs_i(hs[g*RADIX +: RADIX]), .tready_i(m_axis_tready), .conn_act_o(conn_act[g]),
        .conn_mask_o(conn_mask[g*RADIX +: RADIX]), .ending_o(ending[g]), .rv_o(rv[g]),
        .taken_o(taken[g*RADIX +: RADIX]), .rdata_o(rdata[g*BW +: BW]), .drop_o(d),
        .crc_err_o(crc_err[g]));
      assign drop[0*RADIX + g] = d[0];
      assign drop[1*RADIX + g] = d[1];
      assign drop[2*RADIX + g] = d[2];
      assign drop[3*RADIX + g] = d[3];
    end
  endgenerate

  // output side: the connected input of each output (s, input 0 when none), its offered beat
  // (an AND-OR over the inputs decoded from s), the handshakes; an output is free when its
  // connection ends in this cycle (out_free) and free soon when it can end in this or the next
  // cycle (out_soon, from registers only)
  integer o, i;
  reg [PW-1:0] s;
  reg [BW-1:0] bt;
  reg          ok;
  always @* begin
    hs = '0;
    for (o = 0; o < RADIX; o = o + 1) begin
      busy[o] = 1'b0;
      s = '0;
      out_free[o] = 1'b1;
      out_soon[o] = 1'b1;
      for (i = 0; i < RADIX; i = i + 1)
        if (conn_act[i] && conn_mask[i*RADIX + o]) begin
          busy[o] = 1'b1;
          s = PW'(i);
          out_free[o] = out_free[o] && ending[i];
          out_soon[o] = out_soon[o] && in_soon[i];
        end
      src[o*PW +: PW] = s;
      bt = '0;
      ok = 1'b0;
      for (i = 0; i < RADIX; i = i + 1)
        if (s == PW'(i)) begin
          bt = bt | rdata[i*BW +: BW];
          ok = ok | (rv[i] && !taken[i*RADIX + o]);
        end
      m_axis_tvalid[o] = rst_ni && busy[o] && ok;
      m_axis_tdata[o*64 +: 64] = bt[63:0];
      m_axis_tkeep[o*8 +: 8]   = bt[71:64];
      m_axis_tlast[o]          = bt[72];
      for (i = 0; i < RADIX; i = i + 1)
        if (s == PW'(i)) hs[i*RADIX + o] = m_axis_tvalid[o] && m_axis_tready[o];
    end
  end

  nic_switch_arb #(.RADIX(RADIX), .ITERS(ITERS)) u_arb (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_free_i(in_free), .out_free_i(out_free), .in_soon_i(in_soon), .out_soon_i(out_soon),
    .out_ready_i(m_axis_tready),
    .voq_avail_i(voq_avail), .voq_nonempty_i(voq_ne), .mc_pend_i(mc_pend), .mc_mask_i(mc_mask),
    .gnt_o(gnt), .gnt_q_o(gnt_q), .gnt_mask_o(gnt_mask));

  nic_switch_csr #(.RADIX(RADIX), .LFT_DEPTH(LFT_DEPTH), .MFT_DEPTH(MFT_DEPTH)) u_csr (
    .clk_i(clk_i), .rst_ni(rst_ni), .csr_req_i(csr_req_i), .csr_we_i(csr_we_i),
    .csr_addr_i(csr_addr_i), .csr_wdata_i(csr_wdata_i), .csr_ack_o(csr_ack_o),
    .csr_rdata_o(csr_rdata_o), .eth_mode_o(eth_mode), .tbl_busy_o(tbl_busy),
    .lft_we_o(lft_we), .mft_we_o(mft_we), .tw_addr_o(tw_addr), .lft_wdata_o(lft_wdata),
    .mft_wdata_o(mft_wdata), .drop_i(drop), .crc_check_o(crc_check), .crc_err_i(crc_err));

`ifdef FORMAL
  // Every output: tvalid holds until tready with the beat unchanged; beats of one packet are
  // never interleaved with another input's (the source stays the same until tlast).
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  reg [RADIX-1:0]    f_stall_q, f_inpkt_q;
  reg [RADIX*PW-1:0] f_src_q;
  reg [RADIX*BW-1:0] f_beat_q;
  integer fo;
  always @(posedge clk_i) begin
    for (fo = 0; fo < RADIX; fo = fo + 1) begin
      f_stall_q[fo] <= rst_ni && m_axis_tvalid[fo] && !m_axis_tready[fo];
      f_beat_q[fo*BW +: BW] <= {m_axis_tlast[fo], m_axis_tkeep[fo*8 +: 8], m_axis_tdata[fo*64 +: 64]};
      if (!rst_ni) f_inpkt_q[fo] <= 1'b0;
      else if (m_axis_tvalid[fo] && m_axis_tready[fo]) begin
        f_inpkt_q[fo] <= !m_axis_tlast[fo];
        f_src_q[fo*PW +: PW] <= src[fo*PW +: PW];
      end
    end
  end
  // checked at the clock edge (settled values of the cycle)
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      for (fo = 0; fo < RADIX; fo = fo + 1) begin
        if (f_stall_q[fo]) begin
          assert (m_axis_tvalid[fo]);
          assert ({m_axis_tlast[fo], m_axis_tkeep[fo*8 +: 8], m_axis_tdata[fo*64 +: 64]} == f_beat_q[fo*BW +: BW]);
        end
        if (f_inpkt_q[fo]) assert (busy[fo] && src[fo*PW +: PW] == f_src_q[fo*PW +: PW]);
      end
      // the connections cover disjoint output sets
      for (fo = 0; fo < RADIX; fo = fo + 1)
        for (i = 0; i < RADIX; i = i + 1)
          if (i != fo && conn_act[fo] && conn_act[i]) assert ((conn_mask[fo*RADIX +: RADIX] & conn_mask[i*RADIX +: RADIX]) == '0);
    end
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      cover (m_axis_tvalid == {RADIX{1'b1}} && m_axis_tready == {RADIX{1'b1}});
      cover (|drop);
      cover (|(gnt & ending));   // a packet follows another without a gap
    end
  end
`endif
endmodule
`default_nettype wire
