// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_ram_1r1w: the one RAM primitive of the design.
// One write port, one synchronous read port, no reset on the array, so that Yosys infers block
// RAM on ECP5 (DP16KD), Xilinx (RAMB18/36) and iCE40 (SB_RAM40_4K) with no glue logic.
// Read: rd_data_o is valid the cycle after rd_en_i and holds while rd_en_i is 0.
// Collision rule: reading an address in the same cycle it is written returns UNDEFINED data
// (no_rw_check: no bypass logic is generated). Users must not use such a read; the C model
// (cmodel/nic_ram.c) counts collisions and the benches require the count to stay 0.
// Byte writes: NBE lanes of WIDTH/NBE bits each (NBE = 1: whole-word writes).
module nic_ram_1r1w #(
  parameter int DEPTH  = 256,
  parameter int WIDTH  = 64,
  parameter int NBE    = 1,
  localparam int AW     = (DEPTH > 1) ? $clog2(DEPTH) : 1,
  localparam int LANE_W = WIDTH / NBE
) (
  input  wire             clk_i,
  input  wire             wr_en_i,
  input  wire [AW-1:0]    wr_addr_i,
  input  wire [WIDTH-1:0] wr_data_i,
  input  wire [NBE-1:0]   wr_be_i,
  input  wire             rd_en_i,
  input  wire [AW-1:0]    rd_addr_i,
  output reg  [WIDTH-1:0] rd_data_o
);
`ifndef __ICARUS__  // Icarus 11 has no elaboration-time $error; Verilator and Yosys check
  generate
    if (DEPTH < 2 || WIDTH < 1 || NBE < 1 || (WIDTH % NBE) != 0) begin : g_param_err
      $error("nic_ram_1r1w: bad parameters");
    end
  endgenerate
`endif

  (* no_rw_check *) reg [WIDTH-1:0] mem [DEPTH];

  always @(posedge clk_i) begin
    if (rd_en_i) rd_data_o <= mem[rd_addr_i];
  end

  genvar b;
  generate
    for (b = 0; b < NBE; b = b + 1) begin : g_lane
      always @(posedge clk_i) begin
        if (wr_en_i && wr_be_i[b]) mem[wr_addr_i][b*LANE_W +: LANE_W] <= wr_data_i[b*LANE_W +: LANE_W];
      end
    end
  endgenerate
endmodule
`default_nettype wire
