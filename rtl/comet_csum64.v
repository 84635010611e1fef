// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_csum64: the four big-endian 16-bit words of a 64-bit beat (byte 2j is the high byte of
// word j), bytes whose keep_i bit is 0 counted as zero, summed in pairs: s01_o = word 0 + word 1,
// s23_o = word 2 + word 3 (one adder deep each; the user adds both to its running sum). The
// RFC 1071 one's-complement sum is formed later by folding the carries of a running sum.
// Combinational. C model: cmodel/comet_csum64.c (the total s01_o + s23_o).
module comet_csum64 (
  input  wire [63:0] data_i,
  input  wire [7:0]  keep_i,
  output reg  [16:0] s01_o,
  output reg  [16:0] s23_o
);
  integer j;
  reg [63:0] w;                          // word j = w[16*j +: 16]
  always @* begin
    for (j = 0; j < 4; j = j + 1)
      w[16*j +: 16] = {keep_i[2*j] ? data_i[16*j +: 8] : 8'd0,
                       keep_i[2*j + 1] ? data_i[16*j + 8 +: 8] : 8'd0};
    s01_o = {1'b0, w[15:0]} + {1'b0, w[31:16]};
    s23_o = {1'b0, w[47:32]} + {1'b0, w[63:48]};
  end
endmodule
`default_nettype wire
