// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_link: the link layer of a Martini node, between the node's send stream (s_tx_*) and its
// link output (m_axis_*), and between the link input (s_axis_*) and the receive path (m_rx_*).
// Protocol, state machines and figures: docs/reference/aotf_link.md.
//  - crc_en_i = 0: a combinational pass-through both ways (the node is cycle-identical to a node
//    without the layer); rel_en_i is then ignored.
//  - crc_en_i = 1: every packet sent gets the LINK trailer (formats/link_header.csv: seq,
//    rflags, CRC-32 over the packet and trailer bytes 0..3) as one extra last beat; the link
//    output is a register (out_*_q). Every packet received is checked: the receiver holds one
//    beat so that the last data beat leaves with tlast and m_rx_tuser (1 = reject: bad CRC, or a
//    sequence number other than the expected one) when the trailer arrives; the trailer itself
//    is stripped. ACK packets (ptype PTYPE_ACK) are consumed here and never reach m_rx.
//  - rel_en_i = 1 (with crc_en_i): per-destination sequence numbers (destinations < MAX_NODES;
//    others are sent without a sequence number, counted TX_UNSEQ, not retransmitted), a copy of
//    every packet (with its trailer) in the retransmit buffer (nic_ram_1r1w, BUF_BEATS beats,
//    BUF_PKTS packets; a packet starts only with MAX_PKT_BEATS beats free, else the send stream
//    waits), freed in order by cumulative ACKs; RTO cycles without progress, or an ACK with
//    flags.GAP (the receiver got a packet behind a missing one; once per missing number)
//    -> go-back-N replay of every packet in the buffer from the oldest, byte-identical. The receiver accepts
//    seq == expected[src] only and asks for an ACK to src after every sequenced packet (one
//    pending ACK per source; the ACK carries expected[src] at the time it is sent).
//  - CSR: the node registers the request (csr_req_i acts in this cycle); the response is
//    registered here (csr_ack_o one cycle later, csr_rdata_o 0 outside the ack cycle).
module aotf_link #(
  parameter int MAX_NODES     = 64,    // sequence state for nodes 0..MAX_NODES-1 (power of two)
  parameter int BUF_BEATS     = 512,   // retransmit buffer beats (power of two)
  parameter int BUF_PKTS      = 64,    // unacknowledged packets held (power of two)
  parameter int MAX_PKT_BEATS = 64,    // largest packet on the link, trailer included
  localparam int NW = $clog2(MAX_NODES),
  localparam int BA = $clog2(BUF_BEATS),
  localparam int PA = $clog2(BUF_PKTS)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        crc_en_i,
  input  wire        rel_en_i,
  input  wire [15:0] node_id_i,
  // CSR (request registered by the node)
  input  wire        csr_req_i,
  input  wire        csr_we_i,
  input  wire [11:0] csr_addr_i,
  input  wire [31:0] csr_wdata_i,
  output wire        csr_ack_o,
  output wire [31:0] csr_rdata_o,
  // node send stream
  input  wire [63:0] s_tx_tdata,
  input  wire [7:0]  s_tx_tkeep,
  input  wire        s_tx_tvalid,
  output wire        s_tx_tready,
  input  wire        s_tx_tlast,
  // link out
  output wire [63:0] m_axis_tdata,
  output wire [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  // link in
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast,
  // node receive stream (m_rx_tuser: on the tlast beat, 1 = drop this packet)
  output wire [63:0] m_rx_tdata,
  output wire [7:0]  m_rx_tkeep,
  output wire        m_rx_tvalid,
  input  wire        m_rx_tready,
  output wire        m_rx_tlast,
  output wire        m_rx_tuser,
  output wire [15:0] dbg_occ_o,        // retransmit buffer beats held
  output wire [1:0]  dbg_tx_state_o
);
`ifndef __ICARUS__
  generate
    if (MAX_NODES < 2 || (1 << NW) != MAX_NODES || (1 << BA) != BUF_BEATS ||
        (1 << PA) != BUF_PKTS || MAX_PKT_BEATS < 3 || MAX_PKT_BEATS > 127 ||
        BUF_BEATS < MAX_PKT_BEATS) begin : g_param_err
      $error("aotf_link: bad parameters");
    end
  endgenerate
`endif
  localparam logic [31:0] RESIDUE = 32'hDEBB20E3;   // raw CRC register after packet + good CRC
  localparam logic [1:0] T_IDLE = 2'd0, T_NEW = 2'd1, T_TRL = 2'd2, T_RPL = 2'd3;
  localparam int NCNT = 11;
  localparam int C_TXP = 0, C_RETX = 1, C_TO = 2, C_ACKTX = 3, C_ACKRX = 4, C_CRC = 5,
                 C_DUP = 6, C_OOO = 7, C_DEL = 8, C_UNSEQ = 9, C_FAST = 10;

  // bytes of a beat from tkeep (contiguous from byte 0)
  function automatic [3:0] nbytes(input [7:0] k);
    nbytes = k[7] ? 4'd8 : k[6] ? 4'd7 : k[5] ? 4'd6 : k[4] ? 4'd5 : k[3] ? 4'd4 :
             k[2] ? 4'd3 : k[1] ? 4'd2 : k[0] ? 4'd1 : 4'd0;
  endfunction
  // a before b in 16-bit sequence space
  function automatic lt16(input [15:0] a, input [15:0] b);
    lt16 = 16'(a - b) >= 16'h8000;
  endfunction

  // one 16-bit entry of a flat per-node table: a balanced 2:1 mux tree on the index bits (no
  // multiplier, depth NW)
  function automatic [15:0] sel16(input [MAX_NODES*16-1:0] v, input [NW-1:0] i);
    reg [2*MAX_NODES*16-1:0] t;
    integer n, l;
    begin
      t = '0;
      t[MAX_NODES*16 +: MAX_NODES*16] = v;
      for (l = NW - 1; l >= 0; l = l - 1)
        for (n = (1 << l); n < (2 << l); n = n + 1)
          t[n*16 +: 16] = i[NW-1-l] ? t[(2*n+1)*16 +: 16] : t[2*n*16 +: 16];
      sel16 = t[16 +: 16];
    end
  endfunction

  // one 16-bit entry of a flat per-node table by a one-hot select: an AND-OR tree
  function automatic [15:0] ohsel16(input [MAX_NODES*16-1:0] v, input [MAX_NODES-1:0] oh);
    integer n;
    begin
      ohsel16 = '0;
      for (n = 0; n < MAX_NODES; n = n + 1) ohsel16 = ohsel16 | ({16{oh[n]}} & v[n*16 +: 16]);
    end
  endfunction

  // ---------------------------------------------------------------- state
  reg [1:0]             tst_q, tst_d;
  reg                   out_v_q, out_v_d, out_l_q, out_l_d;
  reg [63:0]            out_d_q, out_d_d;
  reg [7:0]             out_k_q, out_k_d;
  reg [31:0]            crct_q, crct_d;          // TX running raw CRC (all ones in T_IDLE)
  reg                   trl_ack_q, trl_ack_d;    // trailer of an ACK
  reg                   cur_rel_q, cur_rel_d;    // packet sequenced and stored
  reg [NW-1:0]          cur_dst_q, cur_dst_d;
  reg [15:0]            cur_seq_q, cur_seq_d;    // next_seq[cur_dst] (read when the packet starts)
  reg [6:0]             nb_q, nb_d;              // beats of the packet written so far
  reg [BA-1:0]          wp_q, wp_d, bh_q, bh_d, rp_q, rp_d;
  reg [BA:0]            occ_q, occ_d, rleft_q, rleft_d;
  reg                   rv_q, rv_d, rpl_req_q, rpl_req_d;
  reg [PA-1:0]          pth_q, pth_d, ptt_q, ptt_d;
  reg [PA:0]            pcnt_q, pcnt_d;
  // head of the packet table (entry pth_q), a pipeline of registered steps so that no RAM
  // read data, acked[] mux and sequence compare share one cycle:
  //   hr_q: pt_rd holds entry pth_q (read issued in the last cycle)
  //   hv_q: hd_q holds it (hd_q is the register right behind the RAM: its output register)
  //   av_q: hasel_q holds acked[hd dst] read in the last cycle
  //   hfree_q: the entry is acknowledged: free it now
  reg                   hr_q, hr_d, hv_q, hv_d, av_q, av_d;
  reg                   hfree_q, hfree_d;
  reg [15:0]            hasel_q, hasel_d;
  reg [15:0]            tmr_q, tmr_d, rto_q, rto_d;
  reg [MAX_NODES*16-1:0] nseq_q, nseq_d, ackd_q, ackd_d, exp_q, exp_d;
  reg [MAX_NODES-1:0]   pend_q, pend_d;
  reg [MAX_NODES-1:0]   gap_q, gap_d;          // the pending ACK reports a gap (ACK flags.GAP)
  // the ACK to send next (lowest pending source), taken from the registers of the last cycle
  reg                   aany_q, aany_d, ahold_q, ahold_d, agap_q, agap_d;
  reg [NW-1:0]          aidx_q, aidx_d;
  reg [15:0]            aexp_q, aexp_d;
  // receive
  reg                   rxf_q, rxf_d;            // next beat starts a packet
  reg                   h_v_q, h_v_d;
  reg [63:0]            h_d_q, h_d_d;
  reg [7:0]             h_k_q, h_k_d;
  reg [31:0]            crcr_q, crcr_d;            // RX running raw CRC (all ones while rxf_q)
  reg [15:0]            pk_src_q, pk_src_d, pk_aseq_q, pk_aseq_d;
  reg [MAX_NODES-1:0]   pk_soh_q, pk_soh_d;      // one-hot of pk_src_q[NW-1:0] (table selects)
  reg                   pk_ack_q, pk_ack_d;
  reg                   pk_gap_q, pk_gap_d;    // ACK flags.GAP of the packet being received
  // the trailer accepted in the last cycle (rt_*): its effects on the tables and counters
  reg                   rt_v_q, rt_runt_q, rt_ok_q, rt_tsq_q, rt_srcin_q, rt_ack_q, rt_gap_q;
  reg                   rt_alt_q, rt_nne_q;
  reg [NW-1:0]          rt_src_q;
  reg [15:0]            rt_tseq_q, rt_aseq_q, rt_exps_q;
  reg [NCNT-1:0]        inc_q;                 // counter increments of the last cycle
  reg [32*NCNT-1:0]     cnt_q, cnt_d;
  reg                   ack_q, ack_d;
  reg [31:0]            rdata_q, rdata_d;
  // the repeated acknowledgement that started the last fast replay (src, aseq)
  reg                   fr_v_q, fr_v_d;
  reg [NW-1:0]          fr_src_q, fr_src_d;
  reg [15:0]            fr_seq_q, fr_seq_d;

  // ---------------------------------------------------------------- CRC units
  // send-stream beats: crct_q is all ones in T_IDLE, so the first beat needs no start mux
  wire [31:0] crc_tx_o, crc_rx_o;
  comet_crc32_d64 u_crc_tx (.crc_i(crct_q), .data_i(s_tx_tdata), .nbytes_i(nbytes(s_tx_tkeep)),
                            .crc_o(crc_tx_o));
  wire [6:0]  nb_inc = nb_q + 7'd1;
  // the ACK header (T_IDLE) and trailer bytes 0..3 (T_TRL) on units of their own: registers
  // in, no state or stream muxes in front of the CRC trees
  wire [31:0] trl_lo;
  wire [63:0] ack_hdr;
  wire [31:0] crc_trl_o, crc_ack_o;
  comet_crc32_d64 u_crc_trl (.crc_i(crct_q), .data_i({32'd0, trl_lo}), .nbytes_i(4'd4),
                             .crc_o(crc_trl_o));
  comet_crc32_d64 u_crc_ack (.crc_i(32'hFFFFFFFF), .data_i(ack_hdr), .nbytes_i(4'd8),
                             .crc_o(crc_ack_o));
  // the verdict on a trailer (a full beat): the 8-byte CRC alone, no byte-count mux
  wire [31:0] crc_rx8_o;
  comet_crc32_d64 u_crc_rx8 (.crc_i(crcr_q), .data_i(s_axis_tdata), .nbytes_i(4'd8),
                             .crc_o(crc_rx8_o));
  comet_crc32_d64 u_crc_rx (.crc_i(crcr_q), .data_i(s_axis_tdata),
                            .nbytes_i(nbytes(s_axis_tkeep)), .crc_o(crc_rx_o));

  // ---------------------------------------------------------------- retransmit buffer
  reg          ram_we, ram_re;
  reg [BA-1:0] ram_wa;
  reg [72:0]   ram_wd;
  wire [72:0]  ram_rd;
  nic_ram_1r1w #(.DEPTH(BUF_BEATS), .WIDTH(73)) u_buf (
    .clk_i, .wr_en_i(ram_we), .wr_addr_i(ram_wa), .wr_data_i(ram_wd), .wr_be_i(1'b1),
    .rd_en_i(ram_re), .rd_addr_i(rp_q), .rd_data_o(ram_rd)
  );

  // ---------------------------------------------------------------- packet table
  // one entry per stored packet {beats, seq, dst}, written at ptt on the trailer, read at pth
  // when no entry is held or in flight (pcnt != 0), or at pth + 1 in the cycle that frees pth
  // (pcnt >= 2); neither is the entry written in the same cycle, which is ptt
  localparam int PW = NW + 16 + 7;
  reg           push;
  wire          pt_re = (!hr_q && !hv_q && (pcnt_q != '0)) ||
                        (hfree_q && (pcnt_q > (PA+1)'(1)));
  wire [PA-1:0] pt_ra = hfree_q ? PA'(pth_q + 1'b1) : pth_q;
  wire [PW-1:0] pt_rd;
  reg  [PW-1:0] hd_q;
  nic_ram_1r1w #(.DEPTH(BUF_PKTS), .WIDTH(PW)) u_pt (
    .clk_i, .wr_en_i(push), .wr_addr_i(ptt_q), .wr_data_i({nb_inc, cur_seq_q, cur_dst_q}),
    .wr_be_i(1'b1), .rd_en_i(pt_re), .rd_addr_i(pt_ra), .rd_data_o(pt_rd)
  );
  wire [NW-1:0] hd_dst = hd_q[NW-1:0];
  wire [15:0]   hd_seq = hd_q[NW +: 16];
  wire [6:0]    hd_nb  = hd_q[NW+16 +: 7];

  // ---------------------------------------------------------------- acknowledgement verdicts
  // on the trailer of a good ACK from a node with sequence state (registered in rt_*): it may
  // advance acked[src]; with flags.GAP while packets to src from aseq on were unacknowledged it
  // starts a fast replay (once per (src, aseq): the further packets behind the gap report the
  // same aseq)
  wire ack_in  = rt_v_q && rt_ack_q && rt_ok_q && rel_en_i && rt_srcin_q;
  wire ack_adv = ack_in && rt_alt_q;
  wire ack_rep = ack_in && rt_gap_q && rt_nne_q &&
                 !(fr_v_q && fr_src_q == rt_src_q && fr_seq_q == rt_aseq_q);

  // ---------------------------------------------------------------- transmit
  wire        out_free = !out_v_q || m_axis_tready;
  wire        room     = !rel_en_i || ((occ_q <= (BA+1)'(BUF_BEATS - MAX_PKT_BEATS)) &&
                                       (pcnt_q != (PA+1)'(BUF_PKTS)));
  assign      ack_hdr = {aexp_q, 7'd0, agap_q, nic_pkg::PTYPE_ACK[7:0], node_id_i,
                         {(16-NW){1'b0}}, aidx_q};
  wire        s_in_rng = (s_tx_tdata[15:0] < 16'(MAX_NODES));
  // trailer bytes 0..3 of the packet in T_TRL: {rsvd, rflags, seq}
  wire        trl_seq = cur_rel_q && !trl_ack_q;
  assign      trl_lo = {8'd0, 7'd0, trl_seq, trl_seq ? cur_seq_q : 16'd0};

  reg        s_tx_rdy, ld, ld_l, ack_clr;
  reg [63:0] ld_d;
  reg [7:0]  ld_k;
  reg        r_load, r_issue;
  reg [NCNT-1:0] inc;
  integer    ti;

  always @* begin
    tst_d = tst_q; out_v_d = out_v_q; out_d_d = out_d_q; out_k_d = out_k_q; out_l_d = out_l_q;
    crct_d = crct_q; trl_ack_d = trl_ack_q; cur_rel_d = cur_rel_q; cur_dst_d = cur_dst_q;
    cur_seq_d = cur_seq_q;
    nb_d = nb_q; wp_d = wp_q; bh_d = bh_q; rp_d = rp_q; occ_d = occ_q; rleft_d = rleft_q;
    rv_d = rv_q; rpl_req_d = rpl_req_q; pth_d = pth_q; ptt_d = ptt_q; pcnt_d = pcnt_q;
    tmr_d = tmr_q; nseq_d = nseq_q;
    s_tx_rdy = 1'b0; ld = 1'b0; ld_d = s_tx_tdata; ld_k = s_tx_tkeep; ld_l = 1'b0;
    ack_clr = 1'b0; push = 1'b0; r_load = 1'b0; r_issue = 1'b0;
    ram_we = 1'b0; ram_wa = wp_q; ram_wd = {1'b0, s_tx_tkeep, s_tx_tdata}; ram_re = 1'b0;
    inc = '0;
    case (tst_q)
      // ahold_q: a pending ACK was set in the last cycle (aidx/aexp/agap are of the cycle
      // before): wait one cycle for them
      T_IDLE: if (crc_en_i && out_free && !ahold_q) begin
        if (aany_q) begin
          ld = 1'b1; ld_d = ack_hdr; ld_k = 8'hFF;
          crct_d = crc_ack_o; trl_ack_d = 1'b1; cur_rel_d = 1'b0; ack_clr = 1'b1;
          inc[C_ACKTX] = 1'b1;
          tst_d = T_TRL;
        end else if (rpl_req_q) begin
          rpl_req_d = 1'b0; rp_d = bh_q; rleft_d = occ_q; rv_d = 1'b0;
          tst_d = T_RPL;
        end else if (s_tx_tvalid && room) begin
          s_tx_rdy = 1'b1; ld = 1'b1; crct_d = crc_tx_o; trl_ack_d = 1'b0;
          cur_dst_d = s_tx_tdata[NW-1:0];
          cur_seq_d = sel16(nseq_q, s_tx_tdata[NW-1:0]);
          cur_rel_d = rel_en_i && s_in_rng;
          inc[C_UNSEQ] = rel_en_i && !s_in_rng;
          ram_we = rel_en_i && s_in_rng;
          wp_d = wp_q + BA'(ram_we);
          nb_d = 7'd1;
          tst_d = s_tx_tlast ? T_TRL : T_NEW;
        end
      end
      T_NEW: if (out_free && s_tx_tvalid) begin
        s_tx_rdy = 1'b1; ld = 1'b1; crct_d = crc_tx_o;
        ram_we = cur_rel_q;
        wp_d = wp_q + BA'(ram_we);
        nb_d = nb_q + 7'd1;
        if (s_tx_tlast) tst_d = T_TRL;
      end
      T_TRL: if (out_free) begin
        ld = 1'b1; ld_d = {~crc_trl_o, trl_lo}; ld_k = 8'hFF; ld_l = 1'b1;
        crct_d = 32'hFFFFFFFF;
        if (!trl_ack_q) inc[C_TXP] = 1'b1;
        if (cur_rel_q && !trl_ack_q) begin
          ram_we = 1'b1; ram_wd = {1'b1, 8'hFF, ~crc_trl_o, trl_lo};
          wp_d = wp_q + 1'b1;
          push = 1'b1;
          for (ti = 0; ti < MAX_NODES; ti = ti + 1)
            if (cur_dst_q == NW'(ti)) nseq_d[ti*16 +: 16] = cur_seq_q + 16'd1;
          ptt_d = ptt_q + 1'b1;
        end
        tst_d = T_IDLE;
      end
      default: begin   // T_RPL: replay rleft beats from rp (RAM read one cycle ahead)
        r_load  = rv_q && out_free;
        r_issue = (rleft_q != '0) && (!rv_q || r_load);
        if (r_load) begin
          ld = 1'b1; ld_d = ram_rd[63:0]; ld_k = ram_rd[71:64]; ld_l = ram_rd[72];
          inc[C_RETX] = ram_rd[72];
        end
        ram_re = r_issue;
        if (r_issue) begin
          rp_d = rp_q + 1'b1;
          rleft_d = rleft_q - 1'b1;
        end
        rv_d = r_issue || (rv_q && !r_load);
        if ((rleft_q == '0) && (!rv_q || r_load)) tst_d = T_IDLE;
      end
    endcase
    if (ld) begin
      out_v_d = 1'b1; out_d_d = ld_d; out_k_d = ld_k; out_l_d = ld_l;
    end else if (m_axis_tready) begin
      out_v_d = 1'b0;
    end
    // free the oldest packet once acknowledged (verdict registered in hfree_q); occupancy
    if (hfree_q) begin
      pth_d = pth_q + 1'b1;
      bh_d = bh_q + BA'(hd_nb);
    end
    occ_d = occ_q + (push ? (BA+1)'(nb_inc) : '0) - (hfree_q ? (BA+1)'(hd_nb) : '0);
    pcnt_d = pcnt_q + (PA+1)'(push) - (PA+1)'(hfree_q);
    hr_d = pt_re;
    hv_d = !hfree_q && (hv_q || hr_q);
    av_d = hv_q && !hfree_q;
    hasel_d = sel16(ackd_q, hd_dst);
    hfree_d = av_q && !hfree_q && lt16(hd_seq, hasel_q);
    // retransmission timer: counts while packets wait for acknowledgement and no replay is due
    if (pcnt_q == '0 || hfree_q || tst_q == T_RPL || rpl_req_q) begin
      tmr_d = 16'd0;
    end else if (tmr_q >= rto_q) begin
      tmr_d = 16'd0; rpl_req_d = 1'b1; inc[C_TO] = 1'b1;
    end else begin
      tmr_d = tmr_q + 16'd1;
    end
    // fast replay on a repeated acknowledgement
    fr_v_d = fr_v_q; fr_src_d = fr_src_q; fr_seq_d = fr_seq_q;
    if (ack_adv) fr_v_d = 1'b0;   // a new aseq: a gap there is a new loss
    if (ack_rep && tst_q != T_RPL && !rpl_req_q && !inc[C_TO]) begin
      rpl_req_d = 1'b1; tmr_d = 16'd0; inc[C_FAST] = 1'b1;
      fr_v_d = 1'b1; fr_src_d = rt_src_q; fr_seq_d = rt_aseq_q;
    end
  end

  // ---------------------------------------------------------------- receive
  wire rx_rdy   = !h_v_q || pk_ack_q || m_rx_tready;
  wire rx_acc   = crc_en_i && s_axis_tvalid && rx_rdy;
  wire crc_ok   = (s_axis_tkeep == 8'hFF) && (crc_rx8_o == RESIDUE);
  wire src_in   = (pk_src_q < 16'(MAX_NODES));
  wire [NW-1:0] src = pk_src_q[NW-1:0];
  wire [15:0] exps  = ohsel16(exp_q, pk_soh_q);
  wire tsq = s_axis_tdata[nic_pkg::LINK_HDR_RFLAGS_LSB];   // rflags bit 0: LINK_RF_SEQ
  wire [15:0] tseq  = s_axis_tdata[15:0];
  // verdict on a trailer beat (rxf_q = 0, s_axis_tlast = 1): m_rx_tuser
  reg  rej;
  always @* begin
    rej = 1'b0;
    if (!crc_ok) rej = 1'b1;
    else if (!pk_ack_q && rel_en_i && tsq && (!src_in || tseq != exps)) rej = 1'b1;
  end
  // the registered trailer's effects (rt_*): the tables are written one cycle after the trailer
  // (the next trailer is at least two cycles later and sees them)
  wire rt_sq   = rt_v_q && rt_ok_q && !rt_ack_q && rel_en_i && rt_tsq_q;  // sequenced data
  wire rt_in   = rt_sq && rt_srcin_q;
  wire rt_eq   = (rt_tseq_q == rt_exps_q);
  wire rt_lt   = lt16(rt_tseq_q, rt_exps_q);
  wire rt_rej  = !rt_ok_q || (!rt_ack_q && rel_en_i && rt_tsq_q && (!rt_srcin_q || !rt_eq));
  // the next ACK: the lowest pending source as a one-hot vector (pend & -pend, a carry chain)
  // and AND-OR selects of its index, expected number and gap flag (no index -> mux tree chain)
  wire [MAX_NODES-1:0] aoh = pend_q & (~pend_q + 1'b1);
  reg  [NW-1:0] aoh_idx;
  reg  [15:0]   aoh_exp;
  reg           aoh_gap;
  integer ai;
  always @* begin
    aoh_idx = '0; aoh_exp = '0; aoh_gap = 1'b0;
    for (ai = 0; ai < MAX_NODES; ai = ai + 1) begin
      aoh_idx = aoh_idx | ({NW{aoh[ai]}} & NW'(ai));
      aoh_exp = aoh_exp | ({16{aoh[ai]}} & exp_q[ai*16 +: 16]);
      aoh_gap = aoh_gap | (aoh[ai] & gap_q[ai]);
    end
  end
  integer ri;

  always @* begin
    rxf_d = rxf_q; h_v_d = h_v_q; h_d_d = h_d_q; h_k_d = h_k_q; crcr_d = crcr_q;
    pk_src_d = pk_src_q; pk_soh_d = pk_soh_q; pk_aseq_d = pk_aseq_q; pk_ack_d = pk_ack_q;
    exp_d = exp_q; ackd_d = ackd_q; pend_d = pend_q; gap_d = gap_q; pk_gap_d = pk_gap_q;
    for (ri = 0; ri < MAX_NODES; ri = ri + 1) begin
      if (ack_clr && aidx_q == NW'(ri)) begin
        pend_d[ri] = 1'b0;
        gap_d[ri] = 1'b0;
      end
      if (rt_src_q == NW'(ri)) begin
        if (ack_adv) ackd_d[ri*16 +: 16] = rt_aseq_q;
        if (rt_in) begin
          pend_d[ri] = 1'b1;
          if (rt_eq) exp_d[ri*16 +: 16] = rt_exps_q + 16'd1;
          else if (!rt_lt) gap_d[ri] = 1'b1;
        end
      end
    end
    // the next ACK from this cycle's registers; held one cycle after a pending ACK is set
    aany_d = |pend_q; aidx_d = aoh_idx; aexp_d = aoh_exp; agap_d = aoh_gap;
    ahold_d = rt_in;
    if (rx_acc) begin
      if (rxf_q) begin
        h_v_d = !s_axis_tlast; h_d_d = s_axis_tdata; h_k_d = s_axis_tkeep;
        crcr_d = s_axis_tlast ? 32'hFFFFFFFF : crc_rx_o;
        pk_src_d = s_axis_tdata[31:16]; pk_aseq_d = s_axis_tdata[63:48];
        pk_soh_d = MAX_NODES'(1) << s_axis_tdata[16 +: NW];
        pk_ack_d = (s_axis_tdata[39:32] == nic_pkg::PTYPE_ACK[7:0]);
        pk_gap_d = s_axis_tdata[nic_pkg::ACK_HDR_FLAGS_LSB];
        rxf_d = s_axis_tlast;
      end else if (!s_axis_tlast) begin
        h_d_d = s_axis_tdata; h_k_d = s_axis_tkeep; crcr_d = crc_rx_o;
      end else begin
        h_v_d = 1'b0; rxf_d = 1'b1; crcr_d = 32'hFFFFFFFF;
      end
    end
  end

  // ---------------------------------------------------------------- counters and CSR
  wire rx_trl  = rx_acc && !rxf_q && s_axis_tlast;
  wire rx_runt = rx_acc && rxf_q && s_axis_tlast;
  reg [NCNT-1:0] rinc;
  always @* begin
    rinc = '0;
    rinc[C_CRC]   = rt_runt_q || (rt_v_q && !rt_ok_q);
    rinc[C_ACKRX] = rt_v_q && rt_ok_q && rt_ack_q;
    rinc[C_DUP]   = rt_in && rt_lt;
    rinc[C_OOO]   = rt_sq && (!rt_srcin_q || (!rt_eq && !rt_lt));
    rinc[C_DEL]   = rt_v_q && !rt_ack_q && !rt_rej;
  end

  wire        w_rto = csr_req_i && csr_we_i && csr_addr_i == nic_pkg::CSR_AOTF_LINK_RTO;
  wire        w_clr = csr_req_i && csr_we_i && csr_addr_i == nic_pkg::CSR_AOTF_LINK_CTRL &&
                      csr_wdata_i[nic_pkg::AOTF_LINK_CTRL_CNT_CLR_LSB];
  integer ci;
  always @* begin
    rto_d = w_rto ? csr_wdata_i[15:0] : rto_q;
    for (ci = 0; ci < NCNT; ci = ci + 1)
      cnt_d[32*ci +: 32] = w_clr ? 32'd0 : cnt_q[32*ci +: 32] + {31'd0, inc_q[ci]};
    ack_d = csr_req_i;
    rdata_d = 32'd0;
    if (csr_req_i && !csr_we_i) begin
      case (csr_addr_i)
        nic_pkg::CSR_AOTF_LINK_ID:           rdata_d = nic_pkg::AOTF_LINK_ID_RESET;
        nic_pkg::CSR_AOTF_LINK_RTO:          rdata_d = {16'd0, rto_q};
        nic_pkg::CSR_AOTF_LINK_CTRL:         rdata_d = 32'd0;
        nic_pkg::CSR_AOTF_LINK_BUF:          rdata_d = {16'(pcnt_q), 16'(occ_q)};
        nic_pkg::CSR_AOTF_LINK_TX_PKTS:      rdata_d = cnt_q[32*C_TXP +: 32];
        nic_pkg::CSR_AOTF_LINK_TX_RETX:      rdata_d = cnt_q[32*C_RETX +: 32];
        nic_pkg::CSR_AOTF_LINK_TIMEOUTS:     rdata_d = cnt_q[32*C_TO +: 32];
        nic_pkg::CSR_AOTF_LINK_ACK_TX:       rdata_d = cnt_q[32*C_ACKTX +: 32];
        nic_pkg::CSR_AOTF_LINK_ACK_RX:       rdata_d = cnt_q[32*C_ACKRX +: 32];
        nic_pkg::CSR_AOTF_LINK_RX_CRC_ERR:   rdata_d = cnt_q[32*C_CRC +: 32];
        nic_pkg::CSR_AOTF_LINK_RX_DUP:       rdata_d = cnt_q[32*C_DUP +: 32];
        nic_pkg::CSR_AOTF_LINK_RX_OOO:       rdata_d = cnt_q[32*C_OOO +: 32];
        nic_pkg::CSR_AOTF_LINK_RX_DELIVERED: rdata_d = cnt_q[32*C_DEL +: 32];
        nic_pkg::CSR_AOTF_LINK_TX_UNSEQ:     rdata_d = cnt_q[32*C_UNSEQ +: 32];
        nic_pkg::CSR_AOTF_LINK_FAST_RPL:     rdata_d = cnt_q[32*C_FAST +: 32];
        default:                             rdata_d = nic_pkg::CSR_UNMAPPED;
      endcase
    end
  end

  // ---------------------------------------------------------------- registers
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      tst_q <= T_IDLE; out_v_q <= 1'b0; trl_ack_q <= 1'b0; cur_rel_q <= 1'b0;
      crct_q <= 32'hFFFFFFFF;
      wp_q <= '0; bh_q <= '0; rp_q <= '0; occ_q <= '0; rleft_q <= '0; rv_q <= 1'b0;
      rpl_req_q <= 1'b0; pth_q <= '0; ptt_q <= '0; pcnt_q <= '0; tmr_q <= 16'd0;
      hr_q <= 1'b0; hv_q <= 1'b0; av_q <= 1'b0; hfree_q <= 1'b0;
      rto_q <= 16'(nic_pkg::AOTF_LINK_RTO_CYCLES_RESET);
      nseq_q <= '0; ackd_q <= '0; exp_q <= '0; pend_q <= '0; gap_q <= '0;
      aany_q <= 1'b0; ahold_q <= 1'b0;
      rxf_q <= 1'b1; crcr_q <= 32'hFFFFFFFF; h_v_q <= 1'b0; pk_ack_q <= 1'b0; rt_v_q <= 1'b0; rt_runt_q <= 1'b0;
      inc_q <= '0; cnt_q <= '0; ack_q <= 1'b0; rdata_q <= 32'd0; fr_v_q <= 1'b0;
    end else begin
      tst_q <= tst_d; out_v_q <= out_v_d; trl_ack_q <= trl_ack_d; cur_rel_q <= cur_rel_d;
      crct_q <= crct_d;
      wp_q <= wp_d; bh_q <= bh_d; rp_q <= rp_d; occ_q <= occ_d; rleft_q <= rleft_d; rv_q <= rv_d;
      rpl_req_q <= rpl_req_d; pth_q <= pth_d; ptt_q <= ptt_d; pcnt_q <= pcnt_d; tmr_q <= tmr_d;
      hr_q <= hr_d; hv_q <= hv_d; av_q <= av_d; hfree_q <= hfree_d;
      rto_q <= rto_d;
      nseq_q <= nseq_d; ackd_q <= ackd_d; exp_q <= exp_d; pend_q <= pend_d; gap_q <= gap_d;
      aany_q <= aany_d; ahold_q <= ahold_d;
      rxf_q <= rxf_d; crcr_q <= crcr_d; h_v_q <= h_v_d; pk_ack_q <= pk_ack_d; rt_v_q <= rx_trl; rt_runt_q <= rx_runt;
      inc_q <= inc | rinc; cnt_q <= cnt_d; ack_q <= ack_d; rdata_q <= rdata_d; fr_v_q <= fr_v_d;
    end
  end
  // payload registers: no reset (qualified by the valid / state registers above)
  always @(posedge clk_i) begin
    out_d_q <= out_d_d; out_k_q <= out_k_d; out_l_q <= out_l_d;
    hd_q <= pt_rd; hasel_q <= hasel_d;
    cur_dst_q <= cur_dst_d; cur_seq_q <= cur_seq_d; nb_q <= nb_d;
    fr_src_q <= fr_src_d; fr_seq_q <= fr_seq_d; pk_gap_q <= pk_gap_d;
    aidx_q <= aidx_d; aexp_q <= aexp_d; agap_q <= agap_d;
    h_d_q <= h_d_d; h_k_q <= h_k_d; pk_src_q <= pk_src_d; pk_soh_q <= pk_soh_d; pk_aseq_q <= pk_aseq_d;
    rt_ok_q <= crc_ok; rt_tsq_q <= tsq; rt_tseq_q <= tseq; rt_src_q <= src; rt_srcin_q <= src_in;
    rt_ack_q <= pk_ack_q; rt_gap_q <= pk_gap_q; rt_aseq_q <= pk_aseq_q; rt_exps_q <= exps;
    rt_alt_q <= lt16(ohsel16(ackd_q, pk_soh_q), pk_aseq_q);
    rt_nne_q <= (ohsel16(nseq_q, pk_soh_q) != pk_aseq_q);
  end

  // ---------------------------------------------------------------- outputs
  assign s_tx_tready   = crc_en_i ? s_tx_rdy : m_axis_tready;
  assign m_axis_tdata  = crc_en_i ? out_d_q : s_tx_tdata;
  assign m_axis_tkeep  = crc_en_i ? out_k_q : s_tx_tkeep;
  assign m_axis_tvalid = crc_en_i ? out_v_q : s_tx_tvalid;
  assign m_axis_tlast  = crc_en_i ? out_l_q : s_tx_tlast;
  assign s_axis_tready = crc_en_i ? rx_rdy : m_rx_tready;
  assign m_rx_tdata    = crc_en_i ? h_d_q : s_axis_tdata;
  assign m_rx_tkeep    = crc_en_i ? h_k_q : s_axis_tkeep;
  assign m_rx_tvalid   = crc_en_i ? (h_v_q && !pk_ack_q && s_axis_tvalid) : s_axis_tvalid;
  assign m_rx_tlast    = s_axis_tlast;
  assign m_rx_tuser    = crc_en_i && s_axis_tlast && rej;
  assign csr_ack_o     = ack_q;
  assign csr_rdata_o   = rdata_q;
  assign dbg_occ_o     = 16'(occ_q);
  assign dbg_tx_state_o = tst_q;

`ifdef FORMAL
  reg f_rst = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst <= 1'b1;
  // environment of the proof (not of the lockstep benches, which switch CTRL while idle):
  // CTRL is changed only in reset, and a packet on the send stream has at most
  // MAX_PKT_BEATS - 1 beats
`ifndef VERILATOR
  reg f_past = 1'b0;
  reg [7:0] f_txb = 8'd0;   // beats of the send-stream packet taken so far
  always @(posedge clk_i) begin
    f_past <= 1'b1;
    if (!rst_ni) f_txb <= 8'd0;
    else if (s_tx_tvalid && s_tx_tready) f_txb <= s_tx_tlast ? 8'd0 : f_txb + 8'd1;
  end
  always @* begin
    if (s_tx_tvalid && f_txb >= 8'(MAX_PKT_BEATS - 2)) assume (s_tx_tlast);
  end
  always @(posedge clk_i) begin
    if (f_past && rst_ni) begin
      assume (crc_en_i == $past(crc_en_i));
      assume (rel_en_i == $past(rel_en_i));
    end
  end
`endif
  always @(posedge clk_i) begin
    if (f_rst && rst_ni) begin
      assert (occ_q <= (BA+1)'(BUF_BEATS));
      assert (pcnt_q <= (PA+1)'(BUF_PKTS));
      assert ((pcnt_q == '0) == (occ_q == '0));
      assert (BA'(bh_q + BA'(occ_q)) == wp_q || tst_q == T_NEW || tst_q == T_TRL);
      assert (csr_ack_o || csr_rdata_o == 32'd0);
      assert (h_v_q == !rxf_q);
      assert (tst_q != T_IDLE || crct_q == 32'hFFFFFFFF);
      assert (!rxf_q || crcr_q == 32'hFFFFFFFF);
      cover (tst_q == T_RPL);
      cover (ack_rep && inc[C_FAST]);
      cover (rinc[C_DUP]);
      cover (rinc[C_CRC]);
      cover (hfree_q && push);
      cover (!room && s_tx_tvalid);
    end
  end
`endif
endmodule
`default_nettype wire
