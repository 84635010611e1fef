// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_switch_in: one input port of nic_switch (docs/reference/nic_switch.md).
//  - Stage: an accepted beat waits one cycle in a stage register while the forwarding tables
//    are read (LFT and MFT copies of this input, nic_ram_1r1w, read with the first beat).
//  - Route: the stage's first beat picks its queue (output port, or RADIX = multicast) or a
//    drop reason; the packet's other beats follow that decision. Dropped beats are consumed at
//    once (tready stays 1).
//  - Virtual output queues: the buffer RAM (BUF_BEATS beats) is split into 2^QW fixed partitions
//    of PB beats; queue q owns partition q (NQ = RADIX + 1 queues). A full partition stalls the
//    stage (back-pressure, never a drop). Multicast masks wait in a 4-entry mask FIFO.
//  - Connection: the arbiter grants this input a queue and an output set; the beats are read
//    one ahead (the RAM read register holds the beat offered to the outputs) and a beat is
//    popped when every output of the set has taken it (taken_q marks the ones that have).
module nic_switch_in #(
  parameter int RADIX     = 16,
  parameter int LFT_DEPTH = 4096,
  parameter int MFT_DEPTH = 64,
  parameter int BUF_BEATS = 512,
  parameter int IDX       = 0,
  localparam int NQ  = RADIX + 1,
  localparam int QW  = $clog2(NQ),
  localparam int PB  = BUF_BEATS >> QW,
  localparam int PBW = $clog2(PB),
  localparam int CW  = PBW + 1,
  localparam int LAW = $clog2(LFT_DEPTH),
  localparam int MAW = $clog2(MFT_DEPTH),
  localparam int BW  = 64 + 8 + 1,
  localparam int BAW_W = $clog2(BUF_BEATS)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [63:0]      s_tdata_i,
  input  wire [7:0]       s_tkeep_i,
  input  wire             s_tvalid_i,
  output wire             s_tready_o,
  input  wire             s_tlast_i,
  input  wire             eth_i,        // this port carries Ethernet frames
  input  wire             tbl_busy_i,   // a table write this cycle: hold first beats
  input  wire             lft_we_i,
  input  wire             mft_we_i,
  input  wire [LAW-1:0]   tw_addr_i,
  input  wire [5:0]       lft_wdata_i,
  input  wire [RADIX-1:0] mft_wdata_i,
  output wire [RADIX-1:0] voq_avail_o,  // unicast queue o holds a beat not read yet
  output wire             mc_pend_o,    // a multicast packet waits for its grant
  output wire [RADIX-1:0] mc_mask_o,    // its output mask
  output wire             free_o,       // no connection after this cycle
  input  wire             gnt_i,        // new connection this cycle
  input  wire [QW-1:0]    gnt_q_i,
  input  wire [RADIX-1:0] gnt_mask_i,
  input  wire [RADIX-1:0] hs_i,         // outputs that took the offered beat this cycle
  output wire             conn_act_o,
  output wire [RADIX-1:0] conn_mask_o,
  output wire             ending_o,     // the connection's last beat is popped this cycle
  output wire             rv_o,         // a beat is offered (RAM read register)
  output wire [RADIX-1:0] taken_o,
  output wire [BW-1:0]    rdata_o,
  output wire [3:0]       drop_o        // drop this cycle: 0 unknown, 1 range, 2 runt, 3 mcast empty
);
  // route key: {eth_bad, key16}; broadcast MAC -> multicast group 0
  /* verilator lint_off UNUSEDSIGNAL */  // the key uses the first 6 bytes of the beat
  function automatic [16:0] route_key(input [63:0] d, input eth);
    if (!eth) route_key = {1'b0, d[15:0]};
    else if (d[47:0] == 48'hFFFF_FFFF_FFFF) route_key = {1'b0, 16'hC000};
    else if (d[1]) route_key = {1'b0, d[39:32], d[47:40]};
    else route_key = {1'b1, 16'h0000};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  reg             st_v_q, st_v_d, st_last_q, st_last_d, st_first_q, st_first_d;
  reg [63:0]      st_data_q, st_data_d;
  reg [7:0]       st_keep_q, st_keep_d;
  reg             in_pkt_q, in_pkt_d, rt_drop_q, rt_drop_d;
  reg [QW-1:0]    rt_q_q, rt_q_d;
  reg [NQ*PBW-1:0] head_q, head_d;
  reg [NQ*CW-1:0] cnt_q, cnt_d;
  reg [4*RADIX-1:0] mf_q, mf_d;
  reg [1:0]       mf_wp_q, mf_wp_d, mf_rp_q, mf_rp_d;
  reg [2:0]       mf_n_q, mf_n_d;
  reg             conn_act_q, conn_act_d, rv_q, rv_d;
  reg [QW-1:0]    conn_qi_q, conn_qi_d;
  reg [RADIX-1:0] conn_mask_q, conn_mask_d, taken_q, taken_d;

  wire [5:0]       lft_rd;
  wire [RADIX-1:0] mft_rd;
  wire [BW-1:0]    buf_rd;

  reg              acc, lk_re, drop, space, wr, st_done, pop, rd, mf_push, mf_pop;
  // ending feeds the arbiter, whose grant feeds rd: not circular per signal, only across the
  // always block, which Verilator splits no further
  /* verilator lint_off UNOPTFLAT */
  reg              ending;
  /* verilator lint_on UNOPTFLAT */
  reg [3:0]        why;
  reg [QW-1:0]     wq, rq;
  reg [RADIX-1:0]  mmask;
  reg [16:0]       k_st;
  reg [PBW-1:0]    tail;
  /* verilator lint_off UNUSEDSIGNAL */  // k_in: table address bits only; wcnt: the count modulo PB
  reg [16:0]       k_in;
  reg [CW-1:0]     wcnt;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [BAW_W-1:0]  wa, ra;
  reg              s_tready;

  function automatic [CW-1:0] cnt_of(input [NQ*CW-1:0] v, input [QW-1:0] q);
    cnt_of = v[q*CW +: CW];
  endfunction
  function automatic [PBW-1:0] head_of(input [NQ*PBW-1:0] v, input [QW-1:0] q);
    head_of = v[q*PBW +: PBW];
  endfunction

  always @* begin
    k_in  = route_key(s_tdata_i, eth_i);
    k_st  = route_key(st_data_q, eth_i);
    mmask = mft_rd & ~(RADIX'(1) << IDX);
    // routing decision of the staged beat
    why  = 4'd0;
    wq   = rt_q_q;
    drop = rt_drop_q;
    if (st_first_q) begin
      wq = QW'(lft_rd[4:0]);
      if (st_last_q) why[2] = 1'b1;
      else if (k_st[16]) why[0] = 1'b1;
      else if (k_st[15:14] == 2'b11) begin
        wq = QW'(RADIX);
        if (32'(k_st[9:0]) >= MFT_DEPTH) why[1] = 1'b1;
        else if (mmask == '0) why[3] = 1'b1;
      end else if (32'(k_st[15:0]) >= LFT_DEPTH) why[1] = 1'b1;
      else if (!lft_rd[5]) why[0] = 1'b1;
      else if (32'(lft_rd[4:0]) >= RADIX) why[1] = 1'b1;
      drop = why != 4'd0;
    end
    space   = cnt_of(cnt_q, wq) != CW'(PB) &&
              !(st_first_q && wq == QW'(RADIX) && mf_n_q == 3'd4);
    st_done = st_v_q && (drop || space);
    wr      = st_v_q && !drop && space;
    mf_push = wr && st_first_q && wq == QW'(RADIX);
    wcnt    = cnt_of(cnt_q, wq);
    tail    = head_of(head_q, wq) + wcnt[PBW-1:0];
    wa      = BAW_W'({wq, tail});
    s_tready = rst_ni && (!st_v_q || st_done) && !(tbl_busy_i && !in_pkt_q);
    acc     = s_tready && s_tvalid_i;
    lk_re   = acc && !in_pkt_q;

    // stage and route state
    st_v_d = st_v_q; st_data_d = st_data_q; st_keep_d = st_keep_q;
    st_last_d = st_last_q; st_first_d = st_first_q;
    if (st_done) st_v_d = 1'b0;
    if (acc) begin
      st_v_d = 1'b1; st_data_d = s_tdata_i; st_keep_d = s_tkeep_i;
      st_last_d = s_tlast_i; st_first_d = !in_pkt_q;
    end
    in_pkt_d  = acc ? !s_tlast_i : in_pkt_q;
    rt_drop_d = rt_drop_q;
    rt_q_d    = rt_q_q;
    if (st_done && st_first_q) begin
      rt_drop_d = drop;
      rt_q_d    = wq;
    end

    // read side
    pop    = conn_act_q && rv_q && (((taken_q | hs_i) & conn_mask_q) == conn_mask_q);
    ending = pop && buf_rd[BW-1];
    rd     = gnt_i || (conn_act_q && (!rv_q || (pop && !buf_rd[BW-1])) &&
                       cnt_of(cnt_q, conn_qi_q) != '0);
    rq     = gnt_i ? gnt_q_i : conn_qi_q;
    ra     = BAW_W'({rq, head_of(head_q, rq)});
    mf_pop = gnt_i && gnt_q_i == QW'(RADIX);

    cnt_d  = cnt_q;
    head_d = head_q;
    if (wr) cnt_d[wq*CW +: CW] = cnt_d[wq*CW +: CW] + CW'(1);
    if (rd) begin
      cnt_d[rq*CW +: CW]   = cnt_d[rq*CW +: CW] - CW'(1);
      head_d[rq*PBW +: PBW] = head_d[rq*PBW +: PBW] + PBW'(1);
    end
    mf_d    = mf_q;
    mf_wp_d = mf_wp_q + {1'b0, mf_push};
    mf_rp_d = mf_rp_q + {1'b0, mf_pop};
    mf_n_d  = mf_n_q + {2'd0, mf_push} - {2'd0, mf_pop};
    if (mf_push) mf_d[mf_wp_q*RADIX +: RADIX] = mmask;

    conn_act_d  = gnt_i ? 1'b1 : (ending ? 1'b0 : conn_act_q);
    conn_qi_d   = gnt_i ? gnt_q_i : conn_qi_q;
    conn_mask_d = gnt_i ? gnt_mask_i : conn_mask_q;
    taken_d     = (pop || !conn_act_q) ? '0 : (taken_q | (hs_i & conn_mask_q));
    rv_d        = rd ? 1'b1 : (pop ? 1'b0 : rv_q);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_v_q <= 1'b0; in_pkt_q <= 1'b0; rt_drop_q <= 1'b0; rt_q_q <= '0;
      head_q <= '0; cnt_q <= '0; mf_wp_q <= '0; mf_rp_q <= '0; mf_n_q <= '0;
      conn_act_q <= 1'b0; conn_qi_q <= '0; conn_mask_q <= '0; taken_q <= '0; rv_q <= 1'b0;
    end else begin
      st_v_q <= st_v_d; in_pkt_q <= in_pkt_d; rt_drop_q <= rt_drop_d; rt_q_q <= rt_q_d;
      head_q <= head_d; cnt_q <= cnt_d; mf_wp_q <= mf_wp_d; mf_rp_q <= mf_rp_d; mf_n_q <= mf_n_d;
      conn_act_q <= conn_act_d; conn_qi_q <= conn_qi_d; conn_mask_q <= conn_mask_d;
      taken_q <= taken_d; rv_q <= rv_d;
    end
  end
  // written before they are read: no reset
  always @(posedge clk_i) begin
    st_data_q <= st_data_d; st_keep_q <= st_keep_d; st_last_q <= st_last_d;
    st_first_q <= st_first_d; mf_q <= mf_d;
  end

  nic_ram_1r1w #(.DEPTH(LFT_DEPTH), .WIDTH(6)) u_lft (
    .clk_i(clk_i), .wr_en_i(lft_we_i), .wr_addr_i(tw_addr_i), .wr_data_i(lft_wdata_i),
    .wr_be_i(1'b1), .rd_en_i(lk_re), .rd_addr_i(k_in[LAW-1:0]), .rd_data_o(lft_rd));
  nic_ram_1r1w #(.DEPTH(MFT_DEPTH), .WIDTH(RADIX)) u_mft (
    .clk_i(clk_i), .wr_en_i(mft_we_i), .wr_addr_i(tw_addr_i[MAW-1:0]), .wr_data_i(mft_wdata_i),
    .wr_be_i(1'b1), .rd_en_i(lk_re), .rd_addr_i(k_in[MAW-1:0]), .rd_data_o(mft_rd));
  nic_ram_1r1w #(.DEPTH(BUF_BEATS), .WIDTH(BW)) u_buf (
    .clk_i(clk_i), .wr_en_i(wr && rst_ni), .wr_addr_i(wa), .wr_data_i({st_last_q, st_keep_q, st_data_q}),
    .wr_be_i(1'b1), .rd_en_i(rd), .rd_addr_i(ra), .rd_data_o(buf_rd));

  genvar g;
  generate
    for (g = 0; g < RADIX; g = g + 1) begin : g_av
      assign voq_avail_o[g] = cnt_q[g*CW +: CW] != '0;
    end
  endgenerate
  assign s_tready_o  = s_tready;
  assign mc_pend_o   = mf_n_q != 3'd0;
  assign mc_mask_o   = mf_q[mf_rp_q*RADIX +: RADIX];
  assign free_o      = !conn_act_q || ending;
  assign conn_act_o  = conn_act_q;
  assign conn_mask_o = conn_mask_q;
  assign ending_o    = ending;
  assign rv_o        = rv_q;
  assign taken_o     = taken_q;
  assign rdata_o     = buf_rd;
  assign drop_o      = (st_v_q && st_first_q && rst_ni) ? why : 4'd0;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // checked at the clock edge (settled values of the cycle)
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      // a dropped packet's beats are consumed at once: the stage never holds one
      if (st_v_q && drop) assert (st_done);
      // a connection offers only beats of its own queue; the grant finds a beat
      if (gnt_i) assert (!conn_act_q || ending);
      if (gnt_i) assert (cnt_of(cnt_q, gnt_q_i) != '0);
      assert (mf_n_q <= 3'd4);
      if (rv_q) assert (conn_act_q);
      if (mf_n_q != 3'd0) assert (cnt_of(cnt_q, QW'(RADIX)) != '0);
    end
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      cover (st_v_q && drop && !st_first_q);
      cover (st_v_q && !space && !drop);
      cover (mf_n_q == 3'd4);
    end
  end
`endif
endmodule
`default_nettype wire
