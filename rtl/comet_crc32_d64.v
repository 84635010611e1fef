// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_crc32_d64: Ethernet CRC-32 (reflected polynomial 0xEDB88320) over the first nbytes_i
// (0..8; larger values count as 8) bytes of a 64-bit beat, byte 0 = data_i[7:0] first.
// crc_i/crc_o are the raw CRC register (start 0xFFFFFFFF; FCS = ~crc_o, sent least significant
// byte first). The CRC is linear in {data, crc}: for every byte count n = 0..8 an elaboration-
// time function derives the 32 x 96 XOR matrix, each output bit is a reduction XOR of its row
// (a balanced tree, about 4 LUT4 levels), then one 9:1 mux on the byte count.
// Combinational. C model: cmodel/comet_crc32_d64.c (zlib).
module comet_crc32_d64 (
  input  wire [31:0] crc_i,
  input  wire [63:0] data_i,
  input  wire [3:0]  nbytes_i,
  output reg  [31:0] crc_o
);
  // row j of the matrix for n bytes: bit k set when input bit k ({data, crc}, crc = bits 31:0)
  // flips output bit j
  function automatic [32*96-1:0] crc_matrix(input integer n);
    reg [31:0] c;
    integer k, i, b;
    begin
      crc_matrix = '0;
      for (k = 0; k < 96; k = k + 1) begin
        c = (k < 32) ? (32'd1 << k) : 32'd0;
        for (i = 0; i < n; i = i + 1) begin
          if (k >= 32 && (k - 32) / 8 == i) c = c ^ (32'd1 << ((k - 32) % 8));
          for (b = 0; b < 8; b = b + 1) c = (c >> 1) ^ (32'hEDB88320 & {32{c[0]}});
        end
        for (i = 0; i < 32; i = i + 1) crc_matrix[96*i + k] = c[i];
      end
    end
  endfunction

  wire [95:0]     x = {data_i, crc_i};
  wire [9*32-1:0] cn;

  genvar g, j;
  generate
    for (g = 0; g <= 8; g = g + 1) begin : g_len
      localparam logic [32*96-1:0] M = crc_matrix(g);
      for (j = 0; j < 32; j = j + 1) begin : g_bit
        assign cn[32*g + j] = ^(x & M[96*j +: 96]);
      end
    end
  endgenerate

  always @* begin
    case (nbytes_i)
      4'd0:    crc_o = cn[0*32 +: 32];
      4'd1:    crc_o = cn[1*32 +: 32];
      4'd2:    crc_o = cn[2*32 +: 32];
      4'd3:    crc_o = cn[3*32 +: 32];
      4'd4:    crc_o = cn[4*32 +: 32];
      4'd5:    crc_o = cn[5*32 +: 32];
      4'd6:    crc_o = cn[6*32 +: 32];
      4'd7:    crc_o = cn[7*32 +: 32];
      default: crc_o = cn[8*32 +: 32];
    endcase
  end
endmodule
`default_nettype wire
