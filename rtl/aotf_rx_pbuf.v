// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx_pbuf: the BOTF packet buffer of aotf_rx (docs/reference/aotf_rx.md, "BOTF receive").
//  Two slots of 64 x 64-bit words in one nic_ram_1r1w (128 words). The data beats of a BOTF
//  packet are written into the fill slot as they arrive (wr_i); nothing reaches the LLCM before
//  the packet is complete and checked. Then:
//   - commit_i (FLAG_XLAT_SKIP packet, good): the fill slot becomes ready with its LLCM address;
//   - reserve_i (translated packet, to the receive TLB): the fill slot is reserved; tgood_i
//     makes it ready at the TLB's physical address, tdrop_i frees it (and it is the fill slot
//     again: nothing else was filled meanwhile, the stream is held while the TLB decides).
//  The fill slot alternates; the drain takes the slots in the same order: one word per cycle
//  read from the RAM; the read data goes into rd_q (nothing in front: the ECP5 flow folds it
//  into the DP16KD output register) and is pushed from there into the write buffer two cycles
//  after the read as an ordinary 1..8-byte write at base + 8 * i (any byte offset). Timing: the
//  write buffer's entry logic starts from a register, not from the RAM's clock-to-out. A read
//  is issued only while the write buffer entries plus the words in flight (pv_q, pv2_q) are at
//  most WB_DEPTH - 1, so the push two cycles later always finds room; in a steady drain that
//  sum is 3, so WB_DEPTH = 4 keeps one word per cycle. A slot is free
//  again once its last word is read: while one slot drains the other fills, so a stream of
//  464-byte packets (58 data beats + header) is received at line rate.
module aotf_rx_pbuf #(
  parameter int LLCM_BYTES = 131072,
  parameter int WB_DEPTH   = 4,
  localparam int LB  = $clog2(LLCM_BYTES),
  localparam int WBW = $clog2(WB_DEPTH)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // fill
  input  wire          wr_i,
  input  wire [5:0]    widx_i,
  input  wire [63:0]   wdata_i,
  input  wire          commit_i,
  input  wire          reserve_i,
  input  wire [LB-1:0] base_i,       // commit: LLCM address
  input  wire [8:0]    len_i,        // commit / reserve: length 1..464
  input  wire          tgood_i,
  input  wire [LB-1:0] tphys_i,
  input  wire          tdrop_i,
  // drain
  input  wire [WBW:0]  wb_cnt_i,
  output wire          push_o,
  output wire [LB-1:0] addr_o,
  output wire [3:0]    len_o,
  output wire [63:0]   data_o,
  // state (registered)
  output wire          fill_busy_o,  // the fill slot is not free: a BOTF data beat must wait
  output wire          drain_any_o   // a slot is ready or a drained word is in flight / pushed
);
  localparam logic [1:0] S_FREE = 2'd0, S_RES = 2'd1, S_RDY = 2'd2;

  reg [1:0]    st_q [2], st_d [2];
  reg [LB-1:0] base_q [2], base_d [2];
  reg [8:0]    len_q [2], len_d [2];
  reg          fill_q, fill_d, rs_q, rs_d, dr_q, dr_d;
  reg [5:0]    di_q, di_d;
  reg          pv_q, pv_d, pv2_q;
  reg [LB-1:0] pa_q, pa_d, pa2_q;
  reg [3:0]    pl_q, pl_d, pl2_q;
  reg [63:0]   rd_q;

  reg          issue, lastw;
  reg [5:0]    nw;       // words of the draining slot - 1
  reg [3:0]    rem;
  wire [63:0]  rdata;

  always @* begin
    st_d[0]   = st_q[0];
    st_d[1]   = st_q[1];
    base_d[0] = base_q[0];
    base_d[1] = base_q[1];
    len_d[0]  = len_q[0];
    len_d[1]  = len_q[1];
    fill_d    = fill_q;
    rs_d      = rs_q;
    dr_d      = dr_q;
    di_d      = di_q;

    // ---- drain: one word of slot dr_q per cycle while the write buffer has room for it
    nw    = 6'((len_q[dr_q] - 9'd1) >> 3);
    rem   = (len_q[dr_q][2:0] == 3'd0) ? 4'd8 : {1'b0, len_q[dr_q][2:0]};
    lastw = (di_q == nw);
    issue = (st_q[dr_q] == S_RDY) &&
            ((WBW+2)'(wb_cnt_i) + (WBW+2)'(pv_q) + (WBW+2)'(pv2_q) <= (WBW+2)'(WB_DEPTH - 1));
    pv_d  = issue;
    pa_d  = base_q[dr_q] + LB'({di_q, 3'b000});
    pl_d  = lastw ? rem : 4'd8;
    if (issue) begin
      di_d = di_q + 6'd1;
      if (lastw) begin
        st_d[dr_q] = S_FREE;
        dr_d       = !dr_q;
        di_d       = 6'd0;
      end
    end

    // ---- fill side (the parser: a commit / reserve only for a fill slot that is free)
    if (commit_i) begin
      st_d[fill_q]   = S_RDY;
      base_d[fill_q] = base_i;
      len_d[fill_q]  = len_i;
      fill_d         = !fill_q;
    end
    if (reserve_i) begin
      st_d[fill_q]  = S_RES;
      len_d[fill_q] = len_i;
      rs_d          = fill_q;
      fill_d        = !fill_q;
    end
    if (tgood_i) begin
      st_d[rs_q]   = S_RDY;
      base_d[rs_q] = tphys_i;
    end
    if (tdrop_i) begin
      st_d[rs_q] = S_FREE;
      fill_d     = rs_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q[0] <= S_FREE;
      st_q[1] <= S_FREE;
      fill_q  <= 1'b0;
      rs_q    <= 1'b0;
      dr_q    <= 1'b0;
      di_q    <= 6'd0;
      pv_q    <= 1'b0;
      pv2_q   <= 1'b0;
    end else begin
      st_q[0] <= st_d[0];
      st_q[1] <= st_d[1];
      fill_q  <= fill_d;
      rs_q    <= rs_d;
      dr_q    <= dr_d;
      di_q    <= di_d;
      pv_q    <= pv_d;
      pv2_q   <= pv_q;
    end
  end

  // slot address / length and the drained word's address / length: no reset (used only with
  // a slot state that is not free / with pv_q)
  always @(posedge clk_i) begin
    base_q[0] <= base_d[0];
    base_q[1] <= base_d[1];
    len_q[0]  <= len_d[0];
    len_q[1]  <= len_d[1];
    pa_q      <= pa_d;
    pl_q      <= pl_d;
    pa2_q     <= pa_q;
    pl2_q     <= pl_q;
  end

  // the RAM read data register: nothing in front (folded into the DP16KD output register)
  always @(posedge clk_i) rd_q <= rdata;

  nic_ram_1r1w #(.DEPTH(128), .WIDTH(64)) u_ram (
    .clk_i     (clk_i),
    .wr_en_i   (wr_i),
    .wr_addr_i ({fill_q, widx_i}),
    .wr_data_i (wdata_i),
    .wr_be_i   (1'b1),
    .rd_en_i   (issue),
    .rd_addr_i ({dr_q, di_q}),
    .rd_data_o (rdata)
  );

  assign push_o      = pv2_q;
  assign addr_o      = pa2_q;
  assign len_o       = pl2_q;
  assign data_o      = rd_q;
  assign fill_busy_o = st_q[fill_q] != S_FREE;
  assign drain_any_o = st_q[0] == S_RDY || st_q[1] == S_RDY || pv_q || pv2_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // the parser's guarantees: a fill only into a free slot, one fill event per cycle, a TLB
  // decision only for a reserved slot
  always @(posedge clk_i) if (f_rst_seen && rst_ni) begin
    assume (!((commit_i || reserve_i || wr_i) && st_q[fill_q] != S_FREE));
    assume ($onehot0({commit_i, reserve_i, tgood_i, tdrop_i}));
    assume (!((tgood_i || tdrop_i) && st_q[rs_q] != S_RES));
    assume (!(reserve_i && (st_q[0] == S_RES || st_q[1] == S_RES)));
    assume (commit_i || reserve_i ? (len_i != 9'd0 && len_i <= 9'd464) : 1'b1);
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      assert (st_q[0] != 2'd3 && st_q[1] != 2'd3);
      // the drained slot is never written: the fill slot is free whenever it is written
      assert (!(issue && wr_i && fill_q == dr_q));
      assert (!(st_q[dr_q] != S_RDY && di_q != 6'd0));
      cover (issue && lastw && st_q[!dr_q] == S_RDY);
      cover (tdrop_i);
    end
  end
`endif
endmodule
`default_nettype wire
