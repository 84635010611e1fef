// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// ecp5_ram_tb: nic_ram_1r1w (RTL) against its ECP5 mapping (synth_ecp5: DP16KD / TRELLIS_DPR16X4
// cells, simulated with Yosys' cells_sim.v and sim/ecp5_dp16kd.v), both driven with the same
// random traffic: every address written once, then random byte-lane writes and reads (never the
// address written in the same cycle: nic_ram_1r1w leaves that read undefined). The read data is
// compared every cycle once the first read is done. Prints "ecp5_ram_tb: ... mismatches=N".
// Run by scripts/ecp5_ram_check.sh for each RAM shape of the design.
module ecp5_ram_tb;
  parameter integer DEPTH = 256;
  parameter integer WIDTH = 36;
  parameter integer NBE   = 4;
  parameter integer CYCLES = 20000;
  localparam integer AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;

  reg clk = 1'b0;
  reg             wr_en, rd_en;
  reg [AW-1:0]    wr_addr, rd_addr;
  reg [WIDTH-1:0] wr_data;
  reg [NBE-1:0]   wr_be;
  wire [WIDTH-1:0] q_rtl, q_net;

  nic_ram_1r1w #(.DEPTH(DEPTH), .WIDTH(WIDTH), .NBE(NBE)) u_rtl (
    .clk_i(clk), .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data), .wr_be_i(wr_be),
    .rd_en_i(rd_en), .rd_addr_i(rd_addr), .rd_data_o(q_rtl));
  ram_net u_net (
    .clk_i(clk), .wr_en_i(wr_en), .wr_addr_i(wr_addr), .wr_data_i(wr_data), .wr_be_i(wr_be),
    .rd_en_i(rd_en), .rd_addr_i(rd_addr), .rd_data_o(q_net));

  function automatic [WIDTH-1:0] rnd_word(input integer dummy);
    integer k;
    begin
      rnd_word = '0;
      for (k = 0; k < WIDTH; k = k + 32) rnd_word = (rnd_word << 32) | WIDTH'($urandom);
    end
  endfunction

  integer cyc, mism, reads;
  reg seen_rd;
  initial begin
    mism = 0; reads = 0; seen_rd = 1'b0;
    wr_en = 1'b0; rd_en = 1'b0; wr_addr = '0; rd_addr = '0; wr_data = '0; wr_be = '0;
    for (cyc = 0; cyc < DEPTH + CYCLES; cyc = cyc + 1) begin
      if (cyc < DEPTH) begin   // fill: every address once, all lanes
        wr_en = 1'b1; wr_addr = AW'(cyc); wr_data = rnd_word(0); wr_be = '1; rd_en = 1'b0;
      end else begin
        wr_en   = ($urandom % 3) != 0;
        wr_addr = AW'($urandom % DEPTH);
        wr_data = rnd_word(0);
        wr_be   = NBE'($urandom);
        rd_en   = ($urandom % 4) != 0;
        rd_addr = AW'($urandom % DEPTH);
        if (wr_en && rd_addr == wr_addr) rd_en = 1'b0;   // undefined read: not made
      end
      #1 clk = 1'b1;
      #1;
      if (rd_en) begin seen_rd = 1'b1; reads = reads + 1; end
      if (seen_rd && q_rtl !== q_net) begin
        mism = mism + 1;
        if (mism <= 5) $display("ecp5_ram_tb: cycle %0d: rtl %h netlist %h", cyc, q_rtl, q_net);
      end
      #1 clk = 1'b0;
      #1;
    end
    $display("ecp5_ram_tb: DEPTH=%0d WIDTH=%0d NBE=%0d reads=%0d mismatches=%0d", DEPTH, WIDTH,
             NBE, reads, mism);
    $finish;
  end
endmodule
`default_nettype wire
