// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_pack: comet_via's send byte packer (see comet_via.v). Payload words, aligned at
// the DMA input, are appended to a 16-byte send ring at its fill level and leave as
// m_axis_tx beats, one FM message per packet; the first word of the next message may join
// in the cycle the last beat of a message leaves. Its fill level cnt_q and message-done flag
// in_done_q are shared with the receive unpacker (comet_via_walk), which sets them in S_RX.
module comet_via_pack (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        state_rx_i,  // state S_RX (the unpacker's cnt / in_done)
  input  wire [4:0]  rx_cnt_d_i,
  input  wire        rx_done_d_i,
  // response head (comet_via_dma)
  input  wire [63:0] rsp_data_i,
  input  wire [5:0]  meta_i,      // {VI, last, bytes-1} of a payload word
  input  wire        rsp_pay_i,   // a payload word
  output wire        pk_pop_o,    // the packer takes it
  output wire [4:0]  cnt_o,
  output wire        in_done_o,
  output wire        sent_o,      // a message's last beat leaves
  // send stream to the frame datapath
  output wire [63:0] m_axis_tx_tdata,
  output wire [7:0]  m_axis_tx_tkeep,
  output wire        m_axis_tx_tvalid,
  input  wire        m_axis_tx_tready,
  output wire        m_axis_tx_tlast,
  output wire [1:0]  m_axis_tx_tuser
);
  // a + b + 1 of two 3-bit values, written as gates (Yosys maps a + to a carry chain; these
  // few bits are faster as LUTs next to the logic that uses them)
  function automatic [3:0] add31(input [2:0] a, input [2:0] b);
    reg c1, c2;
    c1 = a[0] | b[0];
    c2 = (a[1] & b[1]) | (c1 & (a[1] ^ b[1]));
    add31 = {(a[2] & b[2]) | (c2 & (a[2] ^ b[2])), a[2] ^ b[2] ^ c2, a[1] ^ b[1] ^ c1, !(a[0] ^ b[0])};
  endfunction
  // the packer's tvalid / tx_last of a fill level c and message-done flag d (cnt_q <= 16)
  function automatic tv_of(input [4:0] c, input d);
    tv_of = c[4] || c[3] || (d && c[2:0] != 3'd0);
  endfunction
  function automatic tl_of(input [4:0] c, input d);
    tl_of = d && !c[4] && (!c[3] || c[2:0] == 3'd0);
  endfunction
  // tkeep of a packer fill level c (8 bytes from c >= 8; c >= 8 as bit logic: a compare with a
  // constant becomes a carry chain, which ABC9 then reuses for the packer pops)
  function automatic [7:0] kkeep(input [4:0] c);
    kkeep = comet_via_pkg::kmask8((c[4] || c[3]) ? 4'd8 : c[3:0]);
  endfunction
  // byte mask of a contiguous keep (= kmask64(popcount(keep)))
  function automatic [63:0] bmask64(input [7:0] keep);
    integer b;
    for (b = 0; b < 8; b = b + 1) bmask64[8*b +: 8] = keep[b] ? 8'hFF : 8'h00;
  endfunction

  reg [1:0]  pk_vi_q, pk_vi_d;
  // send byte ring (timing / size: no shifts of a shared accumulator): the message stream's
  // byte at offset o sits in tr_q byte (8 * trh_q + o) mod 16 counted from the current beat;
  // trh_q is the half holding the current beat. A payload word enters by one rotate to its
  // write position (registers only), a beat leaves as the half trh_q (masked to tkeep: the
  // port still shows 0 beyond tkeep) and flips trh_q. The receive ring is comet_via_walk's;
  // tdata is the send ring half only (0 while a receive runs: tk_q = 0).
  reg [127:0] tr_q, tr_d;
  reg         trh_q, trh_d;
  reg [3:0]   twa, tka;
  reg [63:0]  trw;
  reg [15:0]  tea, teb;
  reg         t_wa, t_wb, t_bsel;
  reg [4:0]  cnt_q, cnt_d;
  reg        in_done_q, in_done_d;
  // byte packer (send): runs outside S_RX; a receive starts only when it is empty
  // (timing: the compares with 8 written as bit logic, no carry chain in front of the pop)
`ifdef FORMAL
  // the packer's tlast by its definition (the port is tl_q, asserted equal outside S_RX)
  wire        tx_last   = in_done_q && !cnt_q[4] && (!cnt_q[3] || cnt_q[2:0] == 3'd0);  // cnt_q <= 8
`endif
  // timing: tvalid (= (state_q != S_RX) && (cnt_q >= 8 || (in_done_q && cnt_q != 0))) and, outside
  // S_RX, tx_last are registered from the packer's next-state candidates (tv_q, tl_q; FORMAL
  // checks both against these definitions), so the packer's pop and the response skid behind it
  // start at a flop, not at the fill-level compare
  reg         tv_q, tv_d, tl_q, tl_d;
  // timing: tkeep is registered the same way (tk_q = kkeep(cnt_q) outside S_RX, 0 in S_RX), so
  // the packer's fill-level logic (cnt_d) shares no LUT with the tkeep output, which the
  // engine's register slice and debug port pull away (a worst path of three of five engine
  // placements: cnt_q -> tkeep LUTs by the debug port -> cnt_d). tlast is tl_q (= tx_last
  // outside S_RX, 0 in S_RX). Both are don't-cares while tvalid is 0, the C model gives 0 in S_RX.
  reg  [7:0]  tk_q, tk_d;
  wire        tx_emit_v = tv_q;
  reg         pop_n, pop_e, pop_t, done_n, done_e;
  reg [4:0]   cnt_n, cnt_e;
  reg [63:0]  piece;
  integer     j, k;

  always @* begin
    pk_vi_d = pk_vi_q;
    piece = 64'd0; pop_t = 1'b0;
    pop_n = 1'b0; pop_e = 1'b0; done_n = 1'b0; done_e = 1'b0; cnt_n = 5'd0; cnt_e = 5'd0;
    tr_d = tr_q; trh_d = trh_q; twa = 4'd0; tka = 4'd0;
    trw = 64'd0; tea = 16'd0; teb = 16'd0; t_wa = 1'b0; t_wb = 1'b0; t_bsel = 1'b0;
    tv_d = 1'b0; tl_d = 1'b0; tk_d = 8'd0;
    // (in S_RX the receive unpacker's values)
    cnt_d = rx_cnt_d_i; in_done_d = rx_done_d_i;
    // emit one beat, append one payload word; the first word of the next message may join in
    // the cycle the last beat leaves
    // into the send byte ring (tr_q, see there): the word goes to the ring position of the fill
    // level, or to the next half when the next message's first word joins as a partial last
    // beat leaves
    // timing: the payload word at the response head was aligned at the DMA input;
    // both outcomes of the late tready are built in parallel and tx_emit picks one at the end
    // (cnt_q < 16 outside S_RX)
    if (!state_rx_i) begin
      piece = rsp_data_i;
      // ring write candidates: A at the fill level (append; or emit + append with a full beat
      // leaving: the same ring position twa), B at the start of the next half (the next
      // message's first word joining as a partial last beat leaves). Ring byte k takes word byte
      // (k - position) mod 8: A's word rotated left by twa[2:0] bytes (trw) serves both halves,
      // B's position is a multiple of 8 so it takes the word as it is; the enables mark the word's
      // bytes from the position
      // (8 * trh_q + cnt_q[3:0] with cnt_q < 16: bit 3 is an XOR, no carry)
      twa = {trh_q ^ cnt_q[3], cnt_q[2:0]};
      trw = comet_via_pkg::rotb64(piece, twa[2:0]);
      for (k = 0; k < 16; k = k + 1) begin
        // timing: ring byte k's offset from the position, tka = (k - twa) mod 16, as a
        // lookup of twa (a LUT level, not a carry chain per byte on the fill level)
        tka = 4'd0;
        for (j = 0; j < 16; j = j + 1)
          if (twa == 4'(j)) tka = 4'(k - j);
        tea[k] = !tka[3] && (tka[2:0] <= meta_i[2:0]);   // tka < the word's bytes (bytes-1 + 1)
        teb[k] = ((k / 8) != 32'(trh_q)) && (3'(k) <= meta_i[2:0]);
      end
      // no beat leaves: append below 8 bytes
      // timing: the fill level after an append is a + bytes-1 + 1 of two 3-bit register fields
      // (add31: gates, not a carry chain), so the metadata goes into LUTs with the level bits
      pop_n = rsp_pay_i && !in_done_q && !cnt_q[3];
      cnt_n = pop_n ? {1'b0, add31(cnt_q[2:0], meta_i[2:0])} : cnt_q;
      done_n = pop_n ? meta_i[3] : in_done_q;
      // a beat leaves (the next message's first word may join in the cycle its last beat leaves)
      pop_e = rsp_pay_i && (!in_done_q || tl_q);
      cnt_e = pop_e ? {1'b0, add31(cnt_q[3] ? cnt_q[2:0] : 3'd0, meta_i[2:0])}  // (cnt_q < 16)
                    : (cnt_q[3] ? {2'b00, cnt_q[2:0]} : 5'd0);
      done_e = pop_e ? meta_i[3] : (tl_q ? 1'b0 : in_done_q);
      // timing: tx_emit = tx_emit_v && tready, written as a select by tx_emit_v (registers)
      // first and the late tready last, so tready only drives the last mux level
      pop_t = m_axis_tx_tready ? (tx_emit_v ? pop_e : pop_n) : pop_n;
      if (pop_t) pk_vi_d = meta_i[5:4];
      // ring: which candidate is written (the late tready picks last), the half flips on an emit
      t_wa = m_axis_tx_tready ? (tx_emit_v ? (pop_e && cnt_q[3]) : pop_n) : pop_n;
      t_wb = m_axis_tx_tready && tx_emit_v && pop_e && !cnt_q[3];
      // timing: a ring byte's data picks the next-half word (B) by t_bsel, from flops: B is
      // written only on an emit below 8 bytes, where A is not (t_wa needs cnt_q[3] with an
      // emit), so t_bsel selects right whenever the byte is written, and the late pops stay
      // out of the 128 data inputs (they drive only the byte enables)
      t_bsel = m_axis_tx_tready && tx_emit_v && !cnt_q[3];
      for (k = 0; k < 16; k = k + 1)
        if ((t_wa && tea[k]) || (t_wb && teb[k]))
          tr_d[8*k +: 8] = t_bsel ? piece[8*(k % 8) +: 8] : trw[8*(k % 8) +: 8];
      if (m_axis_tx_tready && tx_emit_v) trh_d = !trh_q;
      cnt_d = m_axis_tx_tready ? (tx_emit_v ? cnt_e : cnt_n) : cnt_n;
      in_done_d = m_axis_tx_tready ? (tx_emit_v ? done_e : done_n) : done_n;
      // tvalid / tx_last of both outcomes, picked like cnt_d (a receive starts only with the
      // packer empty, and S_RX leaves it empty: 0 in and out of S_RX, asserted)
      tv_d = m_axis_tx_tready ? (tx_emit_v ? tv_of(cnt_e, done_e) : tv_of(cnt_n, done_n)) : tv_of(cnt_n, done_n);
      tl_d = m_axis_tx_tready ? (tx_emit_v ? tl_of(cnt_e, done_e) : tl_of(cnt_n, done_n)) : tl_of(cnt_n, done_n);
      tk_d = m_axis_tx_tready ? (tx_emit_v ? kkeep(cnt_e) : kkeep(cnt_n)) : kkeep(cnt_n);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pk_vi_q <= 2'd0; trh_q <= 1'b0; cnt_q <= 5'd0; in_done_q <= 1'b0;
      tv_q <= 1'b0; tl_q <= 1'b0; tk_q <= 8'd0;
    end else begin
      pk_vi_q <= pk_vi_d; trh_q <= trh_d; cnt_q <= cnt_d; in_done_q <= in_done_d;
      tv_q <= tv_d; tl_q <= tl_d; tk_q <= tk_d;
    end
  end
  always @(posedge clk_i) tr_q <= tr_d;  // no reset: a ring byte is shown (tkeep) only after a write

  assign m_axis_tx_tvalid = tv_q;
  assign m_axis_tx_tdata  = (trh_q ? tr_q[127:64] : tr_q[63:0]) & bmask64(tk_q);
  assign m_axis_tx_tkeep  = tk_q;
  assign m_axis_tx_tlast  = tl_q;
  assign m_axis_tx_tuser  = pk_vi_q;
  assign pk_pop_o  = !state_rx_i && pop_t;
  assign cnt_o     = cnt_q;
  assign in_done_o = in_done_q;
  assign sent_o    = m_axis_tx_tvalid && m_axis_tx_tready && tl_q;

`ifdef FORMAL
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* begin
    if (f_rst_seen) begin
      // the registered tvalid / tx_last equal their definitions
      assert (tv_q == (!state_rx_i && tv_of(cnt_q, in_done_q)));
      assert (tk_q == (!state_rx_i ? kkeep(cnt_q) : 8'd0) && tl_q == (!state_rx_i && tx_last));
      assert (cnt_q <= 5'd16);
      if (!state_rx_i) assert (cnt_q < 5'd16);
    end
  end
  always @(posedge clk_i) begin
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni &&
        $past(m_axis_tx_tvalid && !m_axis_tx_tready)) begin
      assert (m_axis_tx_tvalid);
      assert (m_axis_tx_tdata == $past(m_axis_tx_tdata));
      assert (m_axis_tx_tkeep == $past(m_axis_tx_tkeep));
      assert (m_axis_tx_tlast == $past(m_axis_tx_tlast));
    end
  end
`endif
endmodule
`default_nettype wire
