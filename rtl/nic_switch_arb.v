// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_switch_arb: connection arbiter of nic_switch (docs/reference/nic_switch.md).
//  - Unicast, pipelined: a match computed in one cycle from registers is applied in the next.
//    ITERS iterations of iSLIP per cycle: every input that is free soon (no connection, or its
//    connection can end in this or the next cycle) requests each output that is free soon and
//    was ready in the last cycle, whose virtual output queue holds a beat; each output grants
//    one request round robin from its grant pointer; each input accepts one grant round robin
//    from its accept pointer. Each further iteration repeats this among the inputs and outputs
//    left unmatched. The pointers move one past the partner on a grant accepted in the first
//    iteration. The inputs and outputs of the match being applied do not request. A match is
//    applied (a grant) when its input and output are free in that cycle (an input or output
//    whose connection ends in that cycle counts as free, so packets follow each other without
//    a gap), the output's tready is 1 (a stalled output does not take an input's read port;
//    the outputs expect a sink whose tready does not wait for tvalid) and neither is reserved
//    for multicast; otherwise it lapses.
//  - Multicast: one reservation at a time. When none is held, the next input (round robin)
//    with a waiting multicast packet reserves its mask. Reserved outputs and the reserving
//    input get no new unicast grants; once all of them are free the multicast connection
//    starts (one connection, every output of the mask) and the reservation ends.
module nic_switch_arb #(
  parameter int RADIX = 16,
  parameter int ITERS = 2,
  localparam int PW = $clog2(RADIX),
  localparam int QW = $clog2(RADIX + 1)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire [RADIX-1:0]       in_free_i,
  input  wire [RADIX-1:0]       out_free_i,
  input  wire [RADIX-1:0]       in_soon_i,     // from registers: free in this or the next cycle
  input  wire [RADIX-1:0]       out_soon_i,
  input  wire [RADIX-1:0]       out_ready_i,   // m_axis_tready: a unicast grant needs it
  input  wire [RADIX*RADIX-1:0] voq_avail_i,   // [i*RADIX + o]: for the requests
  input  wire [RADIX*RADIX-1:0] voq_nonempty_i, // [i*RADIX + o]: for the grants
  input  wire [RADIX-1:0]       mc_pend_i,
  input  wire [RADIX*RADIX-1:0] mc_mask_i,     // [i*RADIX +: RADIX]
  output reg  [RADIX-1:0]       gnt_o,
  output reg  [RADIX*QW-1:0]    gnt_q_o,
  output reg  [RADIX*RADIX-1:0] gnt_mask_o
);
  // first set bit of v at or after p (cyclic): {found, index}
  function automatic [PW:0] rr_pick(input [RADIX-1:0] v, input [PW-1:0] p);
    integer k, x;
    rr_pick = '0;
    for (k = RADIX - 1; k >= 0; k = k - 1) begin
      x = 32'(p) + k;
      if (x >= RADIX) x = x - RADIX;
      if (v[x]) rr_pick = {1'b1, PW'(x)};
    end
  endfunction
  // the same pick as a one-hot vector: the lowest set bit of {v, v at or after p}, folded
  function automatic [RADIX-1:0] rr_oh(input [RADIX-1:0] v, input [PW-1:0] p);
    reg [2*RADIX-1:0] x, y;
    reg [RADIX-1:0]   ge;
    integer k;
    for (k = 0; k < RADIX; k = k + 1) ge[k] = k >= 32'(p);
    x = {v, v & ge};
    y = x & ~(x - (2*RADIX)'(1));
    rr_oh = y[2*RADIX-1:RADIX] | y[RADIX-1:0];
  endfunction
  function automatic [PW-1:0] enc(input [RADIX-1:0] v);
    integer k;
    enc = '0;
    for (k = 0; k < RADIX; k = k + 1) if (v[k]) enc = enc | PW'(k);
  endfunction
  function automatic [PW-1:0] nxt(input [PW-1:0] x);
    nxt = (32'(x) == RADIX - 1) ? '0 : x + PW'(1);
  endfunction

  reg [RADIX*PW-1:0] gptr_q, gptr_d, aptr_q, aptr_d;
  reg                mc_res_q, mc_res_d;
  reg [PW-1:0]       mc_in_q, mc_in_d, mc_rr_q, mc_rr_d;
  reg [RADIX-1:0]    mc_mask_q, mc_mask_d;
  reg [RADIX-1:0]    mv_q, mv_d, rdy_q;          // match: input i matched to output mo
  reg [RADIX*PW-1:0] mo_q, mo_d;
  reg [RADIX*RADIX-1:0] mm_q, mm_d;              // its one-hot output mask
  reg [RADIX-1:0]    mout;

  reg [RADIX-1:0]    in_ok, out_ok, req, gset, gto, in_m, out_m;
  reg [RADIX*RADIX-1:0] goh;                     // [o*RADIX + i]: output o grants input i
  reg [PW:0]         pk;
  reg                mc_go;
  integer            i, o, o2, it;

  always @* begin
    gto       = '0;
    pk        = '0;
    mc_res_d  = mc_res_q;
    mc_in_d   = mc_in_q;
    mc_mask_d = mc_mask_q;
    mc_rr_d   = mc_rr_q;
    mc_go  = mc_res_q && ((mc_mask_q & ~out_free_i) == '0) && in_free_i[mc_in_q];
    gnt_o = '0;
    gnt_q_o = '0;
    gnt_mask_o = '0;
    // apply the registered match
    mout = '0;
    for (i = 0; i < RADIX; i = i + 1) begin
      mout = mout | mm_q[i*RADIX +: RADIX];
      if (mv_q[i] && in_free_i[i] && !(mc_res_q && mc_in_q == PW'(i)) &&
          (mm_q[i*RADIX +: RADIX] & voq_nonempty_i[i*RADIX +: RADIX] & out_free_i & out_ready_i &
           ~(mc_res_q ? mc_mask_q : '0)) != '0) begin
        gnt_o[i] = 1'b1;
        gnt_q_o[i*QW +: QW] = QW'(mo_q[i*PW +: PW]);
        gnt_mask_o[i*RADIX +: RADIX] = mm_q[i*RADIX +: RADIX];
      end
    end
    // next match, from registers
    in_ok  = in_soon_i & ~mv_q & ~((mc_res_q ? RADIX'(1) : RADIX'(0)) << mc_in_q);
    out_ok = out_soon_i & rdy_q & ~mout & ~(mc_res_q ? mc_mask_q : '0);
    gptr_d = gptr_q;
    aptr_d = aptr_q;
    mv_d = '0;
    mo_d = '0;
    mm_d = '0;
    for (it = 0; it < ITERS; it = it + 1) begin
      // grant
      for (o = 0; o < RADIX; o = o + 1) begin
        for (i = 0; i < RADIX; i = i + 1) req[i] = in_ok[i] && out_ok[o] && voq_avail_i[i*RADIX + o];
        goh[o*RADIX +: RADIX] = rr_oh(req, gptr_q[o*PW +: PW]);
      end
      // accept; the matched input and output leave the next iteration
      in_m = '0;
      out_m = '0;
      for (i = 0; i < RADIX; i = i + 1) begin
        for (o = 0; o < RADIX; o = o + 1) gset[o] = goh[o*RADIX + i];
        gto = rr_oh(gset, aptr_q[i*PW +: PW]);
        if (gto != '0) begin
          mv_d[i] = 1'b1;
          mo_d[i*PW +: PW] = enc(gto);
          mm_d[i*RADIX +: RADIX] = gto;
          in_m[i] = 1'b1;
          out_m = out_m | gto;
          if (it == 0) begin
            aptr_d[i*PW +: PW] = nxt(enc(gto));
            for (o2 = 0; o2 < RADIX; o2 = o2 + 1)
              if (gto[o2]) gptr_d[o2*PW +: PW] = nxt(PW'(i));
          end
        end
      end
      in_ok  = in_ok & ~in_m;
      out_ok = out_ok & ~out_m;
    end
    for (i = 0; i < RADIX; i = i + 1)
      if (mc_go && mc_in_q == PW'(i)) begin
        gnt_o[i] = 1'b1;
        gnt_q_o[i*QW +: QW] = QW'(RADIX);
        gnt_mask_o[i*RADIX +: RADIX] = mc_mask_q;
      end
    // multicast reservation
    if (mc_go) mc_res_d = 1'b0;
    if (!mc_res_q) begin
      pk = rr_pick(mc_pend_i, mc_rr_q);
      if (pk[PW]) begin
        mc_res_d  = 1'b1;
        mc_in_d   = pk[PW-1:0];
        mc_mask_d = '0;
        for (i = 0; i < RADIX; i = i + 1)
          if (pk[PW-1:0] == PW'(i)) mc_mask_d = mc_mask_d | mc_mask_i[i*RADIX +: RADIX];
        mc_rr_d   = nxt(pk[PW-1:0]);
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      gptr_q <= '0; aptr_q <= '0; mc_res_q <= 1'b0; mc_in_q <= '0; mc_rr_q <= '0; mc_mask_q <= '0;
      mv_q <= '0; mo_q <= '0; mm_q <= '0; rdy_q <= '0;
    end else begin
      gptr_q <= gptr_d; aptr_q <= aptr_d; mc_res_q <= mc_res_d; mc_in_q <= mc_in_d;
      mc_rr_q <= mc_rr_d; mc_mask_q <= mc_mask_d;
      mv_q <= mv_d; mo_q <= mo_d; mm_q <= mm_d; rdy_q <= out_ready_i;
    end
  end

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      cover (mc_go);
      cover (gnt_o == {RADIX{1'b1}});
    end
  end
`endif
endmodule
`default_nettype wire
