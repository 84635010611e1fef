`default_nettype none
// comet_csum64: sum of the four big-endian 16-bit words of a 64-bit beat (byte 2j is the high
// byte of word j), bytes whose keep_i bit is 0 counted as zero. The RFC 1071 one's-complement
// sum is formed later by folding the carries of a running sum. Combinational.
module comet_csum64 (
  input  wire [63:0] data_i,
  input  wire [7:0]  keep_i,
  output reg  [17:0] sum_o
);
  integer j;
  reg [7:0] hi, lo;
  always @* begin
    sum_o = 18'd0;
    for (j = 0; j < 4; j = j + 1) begin
      hi = keep_i[2*j]     ? data_i[16*j +: 8]     : 8'd0;
      lo = keep_i[2*j + 1] ? data_i[16*j + 8 +: 8] : 8'd0;
      sum_o = sum_o + {2'd0, hi, lo};
    end
  end
endmodule
`default_nettype wire
