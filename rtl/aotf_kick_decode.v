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
endmodule
`default_nettype wire
