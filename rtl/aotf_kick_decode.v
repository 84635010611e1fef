// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_kick_decode: classifies a host store on the 64-bit store bus (combinational).
//  - st_addr[2:0] != 0                       -> err_align
//  - else st_addr[31:28] != window           -> err_window
//  - else byte enables zero / not contiguous -> err_be
//  - else ok: len = popcount(be) (1..8), lane = lowest set bit, offset = {addr[11:3], lane},
//    data = (st_data >> 8*lane) with the bytes at and above len cleared,
//    page = addr[27:12] (tag 27:20, set 19:12), user = top UW bits of the tag.
// With fewer than 256 HTLB sets (SW < 8, small FPGAs) the set index is addr[12 +: SW] and the
// kick window is smaller: a store with addr[19:12+SW] != 0 is outside the window.
module aotf_kick_decode #(
  parameter int UW = 3,
  parameter int SW = 8
) (
  input  wire [31:0] addr_i,
  input  wire [7:0]  be_i,
  input  wire [63:0] data_i,
  input  wire [3:0]  window_i,
  output reg         err_align_o,
  output reg         err_window_o,
  output reg         err_be_o,
  output reg         ok_o,
  output reg  [15:0] page_o,
  output reg  [11:0] off_o,
  output reg  [3:0]  len_o,
  output reg  [63:0] data_o,
  output reg  [UW-1:0] user_o
);
  reg        contig, gap;
  reg [2:0]  lane;
  reg [63:0] shifted;
  reg [63:0] keep;
  integer i, j, k;

  function automatic [2:0] pc4(input [3:0] b);   // popcount of a nibble (boolean, no ROM/adder)
    pc4[0] = ^b;
    pc4[1] = ((b[0] & b[1]) | (b[0] & b[2]) | (b[0] & b[3]) | (b[1] & b[2]) | (b[1] & b[3]) |
              (b[2] & b[3])) & !(&b);
    pc4[2] = &b;
  endfunction

  // be classification as plain boolean functions of the 8 enable bits (no adders / carry
  // chains: this sits in front of the kick -> FIFO / credit / HTLB issue path)
  always @* begin
    // not contiguous: a cleared bit with set bits on both sides
    gap = 1'b0;
    for (j = 1; j < 7; j = j + 1)
      for (i = 0; i < j; i = i + 1)
        for (k = j + 1; k < 8; k = k + 1)
          if (be_i[i] && !be_i[j] && be_i[k]) gap = 1'b1;
    contig = (be_i != 8'd0) && !gap;
    lane   = 3'd0;
    for (i = 7; i >= 0; i = i - 1) if (be_i[i]) lane = 3'(i);
    len_o   = {1'b0, pc4(be_i[3:0])} + {1'b0, pc4(be_i[7:4])};   // popcount (3-bit add)
    shifted = data_i >> {lane, 3'b000};
    keep    = 64'd0;
    for (i = 0; i < 8; i = i + 1) if (4'(i) < len_o) keep[i*8 +: 8] = 8'hFF;
    data_o  = shifted & keep;
    off_o   = {addr_i[11:3], lane};
    page_o  = addr_i[27:12];
    user_o  = addr_i[27 -: UW];
    err_align_o  = (addr_i[2:0] != 3'd0);
    err_window_o = !err_align_o && ((addr_i[31:28] != window_i) || ((addr_i[19:12] >> SW) != 8'd0));
    err_be_o     = !err_align_o && !err_window_o && !contig;
    ok_o         = !err_align_o && !err_window_o && contig;
  end
`ifdef FORMAL
  // Properties in a checker module of their own: this module's outputs are plain inputs there,
  // so z3 (4.8) does not expand the decode logic into each property (it stalls if it does).
  aotf_kick_decode_prop #(.UW(UW), .SW(SW)) u_f_prop (
    .addr_i(addr_i), .be_i(be_i), .data_i(data_i), .window_i(window_i),
    .err_align_i(err_align_o), .err_window_i(err_window_o), .err_be_i(err_be_o), .ok_i(ok_o),
    .page_i(page_o), .off_i(off_o), .len_i(len_o), .data_o_i(data_o), .user_i(user_o)
  );
`endif
endmodule
`ifdef FORMAL
// aotf_kick_decode_prop: reference classification of a store, written independently of the
// adder-free boolean form of aotf_kick_decode: popcount by a sum, lowest set bit by be & -be,
// "one run of ones" by the carry trick (be + lowest set bit is a power of two, 9 bits:
// 8'hFF + 1 = 9'h100), kick data by constant shifts and a byte mask.
module aotf_kick_decode_prop #(
  parameter int UW = 3,
  parameter int SW = 8
) (
  input wire [31:0]   addr_i,
  input wire [7:0]    be_i,
  input wire [63:0]   data_i,
  input wire [3:0]    window_i,
  input wire          err_align_i,
  input wire          err_window_i,
  input wire          err_be_i,
  input wire          ok_i,
  input wire [15:0]   page_i,
  input wire [11:0]   off_i,
  input wire [3:0]    len_i,
  input wire [63:0]   data_o_i,
  input wire [UW-1:0] user_i
);
  reg  [3:0]  f_pop;
  reg  [2:0]  f_lane;
  reg  [8:0]  f_lsb, f_sum;
  reg  [63:0] f_shift, f_mask;
  reg         f_contig, f_aligned, f_inwin;
  integer     fb;
  always @* begin
    f_pop   = 4'd0;
    f_lane  = 3'd0;
    f_mask  = 64'd0;
    f_shift = data_i;
    f_lsb   = {1'b0, be_i & (~be_i + 8'd1)};
    for (fb = 0; fb < 8; fb = fb + 1) begin
      f_pop = f_pop + {3'd0, be_i[fb]};
      if (f_lsb[fb]) f_lane = 3'(fb);
    end
    for (fb = 0; fb < 8; fb = fb + 1) begin
      if (4'(fb) < f_pop) f_mask[fb*8 +: 8] = 8'hFF;
      if (f_lane == 3'(fb)) f_shift = data_i >> (fb * 8);
    end
    f_sum     = {1'b0, be_i} + f_lsb;
    f_contig  = (be_i != 8'd0) && ((f_sum & (f_sum - 9'd1)) == 9'd0);
    f_aligned = (addr_i[2:0] == 3'd0);
    // window: addr[31:28] = window and, with fewer than 256 sets, addr[19:12+SW] = 0
    f_inwin   = (addr_i[31:28] == window_i);
    for (fb = 0; fb < 8; fb = fb + 1) if (fb >= SW && addr_i[12 + fb]) f_inwin = 1'b0;

    // exactly one class; first match wins (align, window, byte enables, ok)
    assert (({1'b0, err_align_i} + {1'b0, err_window_i}) + ({1'b0, err_be_i} + {1'b0, ok_i}) == 2'd1);
    assert (err_align_i  == !f_aligned);
    assert (err_window_i == (f_aligned && !f_inwin));
    assert (err_be_i     == (f_aligned && f_inwin && !f_contig));
    assert (ok_i         == (f_aligned && f_inwin && f_contig));
    // a zero or non-contiguous byte-enable pattern is never a kick: it is flagged as an error
    if (!f_contig) assert (!ok_i && (err_align_i || err_window_i || err_be_i));
    if (ok_i) begin
      // len = popcount(be), 1..8; offset = {addr[11:3], lowest enabled lane}; the run fits
      assert (len_i == f_pop && len_i >= 4'd1 && len_i <= 4'd8);
      assert (off_i == {addr_i[11:3], f_lane});
      assert ({1'b0, f_lane} + len_i <= 4'd8);
      // data: the store bytes from the lowest enabled lane on, moved down to byte 0; the bytes
      // at and above len are 0
      assert (data_o_i == (f_shift & f_mask));
    end
    // page and user come from the address for every store
    assert (page_i == addr_i[27:12] && user_i == page_i[15 -: UW]);

    cover (ok_i && len_i == 4'd1 && off_i[2:0] == 3'd7);
    cover (ok_i && len_i == 4'd8);
    cover (ok_i && len_i == 4'd3 && off_i[2:0] == 3'd4 && data_o_i != 64'd0);
    cover (err_be_i && be_i != 8'd0);   // non-contiguous pattern
    cover (err_be_i && be_i == 8'd0);
    cover (err_align_i && be_i == 8'hFF);
  end
  generate
    if (SW < 8) begin : g_f_small_window
      always @* cover (err_window_i && addr_i[31:28] == window_i);  // set index outside the window
    end
  endgenerate
endmodule
`endif
`default_nettype wire
