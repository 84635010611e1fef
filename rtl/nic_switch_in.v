// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_switch_in: one input port of nic_switch (docs/reference/nic_switch.md).
//  - Stage: an accepted beat waits one cycle in a stage register while the forwarding tables
//    are read (LFT and MFT copies of this input, nic_ram_1r1w, read with the first beat).
//  - Route: the stage's first beat picks its queue (output port, or RADIX = multicast) or a
//    drop reason; the packet's other beats follow that decision. Dropped beats are consumed at
//    once (tready stays 1).
//  - Virtual output queues: NQ = RADIX + 1 linked lists in one shared buffer RAM (BUF_BEATS
//    slots, each a beat and the slot number of the queue's next beat). Queue q has a head slot
//    (its oldest unread beat) and a tail slot, always allocated and still empty: a beat is
//    written into the tail slot together with a newly allocated slot, which becomes the tail.
//    Free slots come from the slot just read (a read and a write in one cycle), else from a
//    counter over the never-used slots, else from the free FIFO (a RAM of slot numbers whose
//    read register holds its head). No free slot stalls the stage (back-pressure, never a
//    drop). Multicast masks wait in a 4-entry mask FIFO.
//  - Connection: the arbiter grants this input a queue and an output set; the beats are read
//    one ahead (the RAM read register holds the beat offered to the outputs) and a beat is
//    popped when every output of the set has taken it (taken_q marks the ones that have). The
//    cycle after a read, the queue's head is the next-slot field in the read register
//    (lnk_q); it is copied into the head register in that cycle.
//  - Free soon (soon_o, from registers): the connection can end in this or the next cycle. The
//    tlast of the beat after the read one comes from the next-is-last RAM (u_nl, entry s: the
//    tlast of the beat after slot s's), from the stage, or from lastw_q (each queue's latest
//    beat's tlast) when the queue holds one beat.
//  - CRC check (crc_en_i, CSR CRC_CHECK): a side pipeline beside the stage that never holds the
//    stream. Each accepted beat of a packet whose first beat was accepted with crc_en_i is
//    registered (A), its bytes past tkeep zeroed and G (the CRC contribution of 8 data bytes)
//    registered (B); the loop is crc_q <= F8(crc_q) ^ g (F8: 8 zero bytes; the first beat starts
//    from F8(0xFFFFFFFF)), so a partial beat leaves crc_q advanced by its 8 - n padding bytes.
//    For the trailer (tlast beat) C registers F_n(crc_q) (n = bytes of the beat before it: this
//    undoes the padding, F_n(F_(8-n)(c)) = F_8(c)) and G of the trailer; D registers
//    crc_err_o = (F_n ^ G) != 0xDEBB20E3 (the CRC-32 residue after the stored CRC). Bad packets
//    show in the CSR counters five cycles after the trailer is accepted; the packet is forwarded.
module nic_switch_in #(
  parameter int RADIX     = 16,
  parameter int LFT_DEPTH = 4096,
  parameter int MFT_DEPTH = 64,
  parameter int BUF_BEATS = 512,
  parameter int IDX       = 0,
  localparam int NQ  = RADIX + 1,
  localparam int QW  = $clog2(NQ),
  localparam int AW  = $clog2(BUF_BEATS),
  localparam int CW  = AW + 1,
  localparam int LAW = $clog2(LFT_DEPTH),
  localparam int MAW = $clog2(MFT_DEPTH),
  localparam int BW  = 64 + 8 + 1,
  localparam int SW  = BW + AW
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [63:0]      s_tdata_i,
  input  wire [7:0]       s_tkeep_i,
  input  wire             s_tvalid_i,
  output wire             s_tready_o,
  input  wire             s_tlast_i,
  input  wire             eth_i,        // this port carries Ethernet frames
  input  wire             crc_en_i,     // check the LINK trailer CRC of packets begun now
  input  wire             tbl_busy_i,   // a table write this cycle: hold first beats
  input  wire             lft_we_i,
  input  wire             mft_we_i,
  input  wire [LAW-1:0]   tw_addr_i,
  input  wire [5:0]       lft_wdata_i,
  input  wire [RADIX-1:0] mft_wdata_i,
  output wire [RADIX-1:0] voq_avail_o,  // unicast queue o can hold a beat for a connection next cycle
  output wire [RADIX-1:0] voq_nonempty_o, // unicast queue o holds a beat
  output wire             mc_pend_o,    // a multicast packet waits for its grant
  output wire [RADIX-1:0] mc_mask_o,    // its output mask
  output wire             free_o,       // no connection after this cycle
  output wire             soon_o,       // the connection can end in this or the next cycle
  input  wire             gnt_i,        // new connection this cycle
  input  wire [QW-1:0]    gnt_q_i,
  input  wire [RADIX-1:0] gnt_mask_i,
  input  wire [RADIX-1:0] hs_i,         // outputs that took the offered beat this cycle
  input  wire [RADIX-1:0] tready_i,     // the outputs' tready
  output wire             conn_act_o,
  output wire [RADIX-1:0] conn_mask_o,
  output wire             ending_o,     // the connection's last beat is popped this cycle
  output wire             rv_o,         // a beat is offered (RAM read register)
  output wire [RADIX-1:0] taken_o,
  output wire [BW-1:0]    rdata_o,
  output wire [3:0]       drop_o,       // drop this cycle: 0 unknown, 1 range, 2 runt, 3 mcast empty
  output wire             crc_err_o     // a packet with a LINK trailer CRC mismatch
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
  reg [NQ*AW-1:0] head_q, head_d, tail_q, tail_d;
  reg [NQ*CW-1:0] cnt_q, cnt_d;
  reg             lnk_q, lnk_d, fv_q, fv_d;
  reg [QW-1:0]    lq_q, lq_d;
  reg [CW-1:0]    fr_q, fr_d, fn_q, fn_d;
  reg [AW-1:0]    fwp_q, fwp_d, frp_q, frp_d;
  reg [4*RADIX-1:0] mf_q, mf_d;
  reg [1:0]       mf_wp_q, mf_wp_d, mf_rp_q, mf_rp_d;
  reg [2:0]       mf_n_q, mf_n_d;
  reg             conn_act_q, conn_act_d, rv_q, rv_d;
  reg [QW-1:0]    conn_qi_q, conn_qi_d;
  reg [RADIX-1:0] conn_mask_q, conn_mask_d, taken_q, taken_d;
  reg [NQ*AW-1:0] ptail_q, ptail_d;
  reg             nlok_q, nlok_d, nlbyp_q, nlbyp_d;
  reg [NQ-1:0]    lastw_q, lastw_d;   // tlast of each queue's latest beat

  wire [5:0]       lft_rd;
  wire [RADIX-1:0] mft_rd;
  wire [SW-1:0]    buf_rd;
  wire [AW-1:0]    fl_rd;
  wire             nl_rd;
  wire [NQ*AW-1:0] slot0;

  reg              acc, lk_re, drop, space, wr, st_done, pop, rd, mf_push, mf_pop;
  reg              fpush, fpop, fre;
  reg [AW-1:0]     alloc, fra;
  reg              nl_we;
  reg [CW-1:0]     cw, cr, cc;
  reg              nl, soon;
  reg [RADIX-1:0]  mc_mask;
  integer          n;
  // ending feeds the arbiter, whose grant feeds rd: not circular per signal, only across the
  // always block, which Verilator splits no further
  /* verilator lint_off UNOPTFLAT */
  reg              ending;
  /* verilator lint_on UNOPTFLAT */
  reg [3:0]        why;
  reg [QW-1:0]     wq, rq;
  reg [RADIX-1:0]  mmask;
  reg [16:0]       k_st;
  /* verilator lint_off UNUSEDSIGNAL */  // k_in: table address bits only
  reg [16:0]       k_in;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [AW-1:0]     wa, ra;
  reg              s_tready;

  // field q of a vector of NQ fields (0 for q >= NQ): a decoded AND-OR, no shifter
  function automatic [CW-1:0] cnt_of(input [NQ*CW-1:0] v, input [QW-1:0] q);
    integer k;
    cnt_of = '0;
    for (k = 0; k < NQ; k = k + 1) if (q == QW'(k)) cnt_of = cnt_of | v[k*CW +: CW];
  endfunction
  function automatic [AW-1:0] slot_of(input [NQ*AW-1:0] v, input [QW-1:0] q);
    integer k;
    slot_of = '0;
    for (k = 0; k < NQ; k = k + 1) if (q == QW'(k)) slot_of = slot_of | v[k*AW +: AW];
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
    space   = (fr_q != CW'(BUF_BEATS) || fv_q) &&
              !(st_first_q && wq == QW'(RADIX) && mf_n_q == 3'd4);
    st_done = st_v_q && (drop || space);
    wr      = st_v_q && !drop && space;
    mf_push = wr && st_first_q && wq == QW'(RADIX);
    wa      = slot_of(tail_q, wq);
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
    // every output of the set takes the beat when its tready is 1 (the set is this input's own)
    pop    = rst_ni && conn_act_q && rv_q && (((taken_q | tready_i) & conn_mask_q) == conn_mask_q);
    ending = pop && buf_rd[BW-1];
    rd     = gnt_i || (conn_act_q && (!rv_q || (pop && !buf_rd[BW-1])) &&
                       cnt_of(cnt_q, conn_qi_q) != '0);
    rq     = gnt_i ? gnt_q_i : conn_qi_q;
    ra     = (lnk_q && lq_q == rq) ? buf_rd[BW +: AW] : slot_of(head_q, rq);
    mf_pop = gnt_i && gnt_q_i == QW'(RADIX);

    // slot allocation: the slot read in this cycle, else a never-used one, else the free FIFO
    alloc  = rd ? ra : (fr_q != CW'(BUF_BEATS) ? fr_q[AW-1:0] : fl_rd);
    fpop   = wr && !rd && fr_q == CW'(BUF_BEATS);
    fpush  = rd && !wr;
    fre    = (!fv_q && fn_q != '0) || (fpop && fn_q > CW'(1));
    fra    = fpop ? frp_q + AW'(1) : frp_q;
    fr_d   = fr_q + {{AW{1'b0}}, wr && !rd && fr_q != CW'(BUF_BEATS)};
    fv_d   = fre ? 1'b1 : (fpop ? 1'b0 : fv_q);
    frp_d  = frp_q + {{AW-1{1'b0}}, fpop};
    fwp_d  = fwp_q + {{AW-1{1'b0}}, fpush};
    fn_d   = fn_q + {{AW{1'b0}}, fpush} - {{AW{1'b0}}, fpop};

    // next-is-last: nl RAM entry s holds the tlast of the beat after the one in slot s, written
    // with that beat while slot s is unread; a read of a queue with at least 2 beats finds it in
    // the RAM, a read of its only beat while the next one is written takes it from the stage
    cw     = cnt_of(cnt_q, wq);
    cr     = cnt_of(cnt_q, rq);
    nl_we  = wr && cw != '0 && !(rd && rq == wq && cw == CW'(1));
    nlok_d  = rd ? cr > CW'(1) : nlok_q;
    nlbyp_d = rd ? (cr == CW'(1) && wr && wq == rq && st_last_q) : nlbyp_q;
    ptail_d = ptail_q;
    lastw_d = lastw_q;
    cnt_d  = cnt_q;
    head_d = head_q;
    tail_d = tail_q;
    for (n = 0; n < NQ; n = n + 1) begin
      if (lnk_q && lq_q == QW'(n)) head_d[n*AW +: AW] = buf_rd[BW +: AW];
      if (wr && wq == QW'(n)) begin
        cnt_d[n*CW +: CW]  = cnt_d[n*CW +: CW] + CW'(1);
        tail_d[n*AW +: AW] = alloc;
        ptail_d[n*AW +: AW] = tail_q[n*AW +: AW];
        lastw_d[n] = st_last_q;
      end
      if (rd && rq == QW'(n)) cnt_d[n*CW +: CW] = cnt_d[n*CW +: CW] - CW'(1);
    end
    lnk_d  = rd;
    lq_d   = rq;
    mf_d    = mf_q;
    mf_wp_d = mf_wp_q + {1'b0, mf_push};
    mf_rp_d = mf_rp_q + {1'b0, mf_pop};
    mf_n_d  = mf_n_q + {2'd0, mf_push} - {2'd0, mf_pop};
    for (n = 0; n < 4; n = n + 1) if (mf_push && mf_wp_q == 2'(n)) mf_d[n*RADIX +: RADIX] = mmask;
    mc_mask = '0;
    for (n = 0; n < 4; n = n + 1) if (mf_rp_q == 2'(n)) mc_mask = mc_mask | mf_q[n*RADIX +: RADIX];

    conn_act_d  = gnt_i ? 1'b1 : (ending ? 1'b0 : conn_act_q);
    conn_qi_d   = gnt_i ? gnt_q_i : conn_qi_q;
    conn_mask_d = gnt_i ? gnt_mask_i : conn_mask_q;
    taken_d     = (pop || !conn_act_q) ? '0 : (taken_q | (hs_i & conn_mask_q));
    rv_d        = rd ? 1'b1 : (pop ? 1'b0 : rv_q);

    // the connection can end in this or the next cycle: the read register holds the last beat,
    // or the next beat is the last (from the nl RAM or the stage; or the connected queue's only
    // beat, which is its latest), and with the read register empty the queue's only beat is the
    // last (it is read in this cycle)
    cc   = cnt_of(cnt_q, conn_qi_q);
    nl   = nlok_q ? nl_rd : (nlbyp_q || (cc == CW'(1) && lastw_q[conn_qi_q]));
    soon = !conn_act_q || (rv_q ? (buf_rd[BW-1] || nl) : (cc == CW'(1) && lastw_q[conn_qi_q]));
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_v_q <= 1'b0; in_pkt_q <= 1'b0; rt_drop_q <= 1'b0; rt_q_q <= '0;
      head_q <= slot0; tail_q <= slot0; ptail_q <= slot0; nlok_q <= 1'b0; nlbyp_q <= 1'b0; lastw_q <= '0;
      cnt_q <= '0; lnk_q <= 1'b0; lq_q <= '0; fr_q <= CW'(NQ); fv_q <= 1'b0; fn_q <= '0;
      fwp_q <= '0; frp_q <= '0; mf_wp_q <= '0; mf_rp_q <= '0; mf_n_q <= '0;
      conn_act_q <= 1'b0; conn_qi_q <= '0; conn_mask_q <= '0; taken_q <= '0; rv_q <= 1'b0;
    end else begin
      st_v_q <= st_v_d; in_pkt_q <= in_pkt_d; rt_drop_q <= rt_drop_d; rt_q_q <= rt_q_d;
      head_q <= head_d; tail_q <= tail_d; ptail_q <= ptail_d; nlok_q <= nlok_d; nlbyp_q <= nlbyp_d;
      lastw_q <= lastw_d;
      cnt_q <= cnt_d; lnk_q <= lnk_d; lq_q <= lq_d;
      fr_q <= fr_d; fv_q <= fv_d; fn_q <= fn_d; fwp_q <= fwp_d; frp_q <= frp_d; mf_wp_q <= mf_wp_d; mf_rp_q <= mf_rp_d; mf_n_q <= mf_n_d;
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
  nic_ram_1r1w #(.DEPTH(BUF_BEATS), .WIDTH(SW)) u_buf (
    .clk_i(clk_i), .wr_en_i(wr && rst_ni), .wr_addr_i(wa),
    .wr_data_i({alloc, st_last_q, st_keep_q, st_data_q}),
    .wr_be_i(1'b1), .rd_en_i(rd), .rd_addr_i(ra), .rd_data_o(buf_rd));
  nic_ram_1r1w #(.DEPTH(BUF_BEATS), .WIDTH(1)) u_nl (
    .clk_i(clk_i), .wr_en_i(nl_we && rst_ni), .wr_addr_i(slot_of(ptail_q, wq)), .wr_data_i(st_last_q),
    .wr_be_i(1'b1), .rd_en_i(rd), .rd_addr_i(ra), .rd_data_o(nl_rd));
  // free FIFO: slot numbers of read beats
  nic_ram_1r1w #(.DEPTH(BUF_BEATS), .WIDTH(AW)) u_free (
    .clk_i(clk_i), .wr_en_i(fpush && rst_ni), .wr_addr_i(fwp_q), .wr_data_i(ra),
    .wr_be_i(1'b1), .rd_en_i(fre && rst_ni), .rd_addr_i(fra), .rd_data_o(fl_rd));

  genvar g;
  generate
    for (g = 0; g < RADIX; g = g + 1) begin : g_av
      // the connected queue needs a second beat unless the read register holds the packet's
      // last beat (else its next beat may be read in this cycle), or the stage holds a beat for
      // the queue (a first beat with a valid LFT entry to port g: a dropped or stalled beat
      // makes the grant lapse)
      assign voq_avail_o[g] = cnt_q[g*CW +: CW] > ((conn_act_q && conn_qi_q == QW'(g) && !(rv_q && buf_rd[BW-1])) ? CW'(1) : CW'(0)) ||
                              (st_v_q && (st_first_q ? (lft_rd[5] && lft_rd[4:0] == 5'(g)) : (!rt_drop_q && rt_q_q == QW'(g))));
      assign voq_nonempty_o[g] = cnt_q[g*CW +: CW] != '0;
    end
    // after reset queue q's head and tail are slot q
    for (g = 0; g < NQ; g = g + 1) begin : g_slot0
      assign slot0[g*AW +: AW] = AW'(g);
    end
  endgenerate
  assign s_tready_o  = s_tready;
  assign mc_pend_o   = mf_n_q != 3'd0;
  assign mc_mask_o   = mc_mask;
  assign free_o      = !conn_act_q || ending;
  assign soon_o      = soon;
  assign conn_act_o  = conn_act_q;
  assign conn_mask_o = conn_mask_q;
  assign ending_o    = ending;
  assign rv_o        = rv_q;
  assign taken_o     = taken_q;
  assign rdata_o     = buf_rd[BW-1:0];
  assign drop_o      = (st_v_q && st_first_q && rst_ni) ? why : 4'd0;

  // CRC check pipeline (see the header)
  localparam logic [31:0] CRC_RES = 32'hDEBB20E3;
  // F_n(c): the CRC register c advanced by n zero bytes
  function automatic [31:0] crc_zeros(input [31:0] c, input integer nz);
    integer zi;
    begin
      crc_zeros = c;
      for (zi = 0; zi < 8 * nz; zi = zi + 1) crc_zeros = (crc_zeros >> 1) ^ (32'hEDB88320 & {32{crc_zeros[0]}});
    end
  endfunction
  localparam logic [31:0] CRC_K8 = crc_zeros(32'hFFFFFFFF, 8);
  reg          ce_pkt_q, ce_pkt_d;      // the packet in progress is checked
  reg          ca_v_q, ca_v_d, ca_first_q, ca_last_q;
  reg [63:0]   ca_data_q;
  reg [3:0]    ca_n_q;
  reg [7:0]    ca_keep_q;
  reg          cb_v_q, cb_v_d, cb_first_q, cb_last_q;
  reg [31:0]   cb_g_q;
  reg [3:0]    cb_n_q;
  reg [31:0]   crc_q, crc_d;
  reg [3:0]    cn_q, cn_d;              // bytes of the latest folded beat
  reg          cc_v_q, cc_v_d;
  reg [31:0]   cc_h_q, cc_h_d, cc_g_q;
  reg          cerr_q, cerr_d;
  reg [63:0]   cd_data;
  reg [3:0]    ca_n;
  reg [31:0]   cb_base;
  reg [3:0]    cb_n;
  reg [9*32-1:0] cfn;
  wire [31:0]  crc_g8, crc_f8;
  integer      cl;

  always @* begin
    ce_pkt_d = acc && !in_pkt_q ? crc_en_i : ce_pkt_q;
    ca_v_d   = acc && (in_pkt_q ? ce_pkt_q : crc_en_i);
    ca_n     = 4'd0;
    for (cl = 0; cl < 8; cl = cl + 1) ca_n = ca_n + {3'd0, s_tkeep_i[cl]};
    // B: G of the registered beat with its bytes past tkeep zeroed
    for (cl = 0; cl < 8; cl = cl + 1) cd_data[cl*8 +: 8] = ca_data_q[cl*8 +: 8] & {8{ca_keep_q[cl]}};
    cb_v_d = ca_v_q;
    // the loop: every beat but the trailer
    crc_d = crc_q;
    cn_d  = cn_q;
    if (cb_v_q && !cb_last_q) begin
      crc_d = (cb_first_q ? CRC_K8 : crc_f8) ^ cb_g_q;
      cn_d  = cb_n_q;
    end
    // C: the trailer
    cb_base = cb_first_q ? 32'hFFFFFFFF : crc_q;
    cb_n    = cb_first_q ? 4'd8 : cn_q;
    cfn[0 +: 32] = cb_base;
    for (cl = 1; cl <= 8; cl = cl + 1) cfn[cl*32 +: 32] = crc_zeros(cb_base, cl);
    cc_v_d = cb_v_q && cb_last_q;
    cc_h_d = cfn[cb_n*32 +: 32];
    // D: the compare
    cerr_d = cc_v_q && ((cc_h_q ^ cc_g_q) != CRC_RES);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ce_pkt_q <= 1'b0; ca_v_q <= 1'b0; cb_v_q <= 1'b0; cc_v_q <= 1'b0; cerr_q <= 1'b0;
      crc_q <= 32'hFFFFFFFF; cn_q <= 4'd8;
    end else begin
      ce_pkt_q <= ce_pkt_d; ca_v_q <= ca_v_d; cb_v_q <= cb_v_d; cc_v_q <= cc_v_d; cerr_q <= cerr_d;
      crc_q <= crc_d; cn_q <= cn_d;
    end
  end
  // data registers of the CRC pipeline: qualified by the valid bits above, no reset
  always @(posedge clk_i) begin
    ca_data_q <= s_tdata_i; ca_keep_q <= s_tkeep_i; ca_n_q <= ca_n; ca_first_q <= !in_pkt_q; ca_last_q <= s_tlast_i;
    cb_g_q <= crc_g8; cb_n_q <= ca_n_q; cb_first_q <= ca_first_q; cb_last_q <= ca_last_q;
    cc_h_q <= cc_h_d; cc_g_q <= cb_g_q;
  end
  comet_crc32_d64 u_crcg (.crc_i(32'd0), .data_i(cd_data), .nbytes_i(4'd8), .crc_o(crc_g8));
  comet_crc32_d64 u_crcf (.crc_i(crc_q), .data_i(64'd0), .nbytes_i(4'd8), .crc_o(crc_f8));
  assign crc_err_o = cerr_q && rst_ni;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  integer f_q, f_cnt_sum;
  always @* begin
    f_cnt_sum = 0;
    for (f_q = 0; f_q < NQ; f_q = f_q + 1) f_cnt_sum = f_cnt_sum + 32'(cnt_of(cnt_q, QW'(f_q)));
  end
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
      // every slot is a tail, holds an unread beat, is in the free FIFO or was never used
      assert (f_cnt_sum + 32'(fn_q) + NQ == 32'(fr_q));
      if (fv_q) assert (fn_q != '0);
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
