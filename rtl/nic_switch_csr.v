// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_switch_csr: CSR bus of nic_switch (formats/csr_nic_switch.csv), ack latency 1.
//  - The request is decoded in its cycle; register read data and the ack are registered. A
//    table read (LFT_DATA, MFT_MASK) reads this block's copy of the table in the request cycle
//    and returns the RAM read register in the ack cycle.
//  - A table write is registered and written the next cycle into every copy (one per input
//    port plus the read-back copy); tbl_busy_o is 1 in that cycle so that no input looks a
//    table up while it is written.
//  - After reset a sweep clears every table entry (LFT_DEPTH cycles, tbl_busy_o = 1);
//    STATUS.INIT_DONE reports its end. Table writes during the sweep are lost.
//  - Drop counters add this cycle's drops of every input by reason. CRC mismatches (crc_err_i,
//    one pulse per bad packet from each CRC_CHECK input) add into CRC_ERR (all inputs) and into
//    one counter per input, read through CRC_ERR_SEL / CRC_ERR_PORT.
module nic_switch_csr #(
  parameter int RADIX     = 16,
  parameter int LFT_DEPTH = 4096,
  parameter int MFT_DEPTH = 64,
  localparam int LAW = $clog2(LFT_DEPTH),
  localparam int MAW = $clog2(MFT_DEPTH),
  localparam int BLW = LAW - 6
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire               csr_req_i,
  input  wire               csr_we_i,
  input  wire [11:0]        csr_addr_i,
  /* verilator lint_off UNUSEDSIGNAL */  // bits 30:5 of an LFT_DATA write are not stored
  input  wire [31:0]        csr_wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire               csr_ack_o,
  output wire [31:0]        csr_rdata_o,
  output wire [RADIX-1:0]   eth_mode_o,
  output wire [RADIX-1:0]   crc_check_o,
  output wire               tbl_busy_o,
  output wire               lft_we_o,
  output wire               mft_we_o,
  output wire [LAW-1:0]     tw_addr_o,
  output wire [5:0]         lft_wdata_o,
  output wire [RADIX-1:0]   mft_wdata_o,
  input  wire [4*RADIX-1:0] drop_i,          // [r*RADIX + i]: input i drops for reason r
  input  wire [RADIX-1:0]   crc_err_i         // input i: a packet with a CRC mismatch
);
  reg             ack_q, ack_d;
  reg [1:0]       sel_q, sel_d;            // 0 register, 1 LFT copy, 2 MFT copy
  reg [31:0]      rdata_q, rdata_d;
  reg [RADIX-1:0] eth_q, eth_d;
  reg [BLW-1:0]   blk_q, blk_d;
  reg [5:0]       idx_q, idx_d;
  reg [31:0]      blkwr_q, blkwr_d;
  reg [MAW-1:0]   grp_q, grp_d;
  reg             twl_q, twl_d, twm_q, twm_d;
  reg [LAW-1:0]   twa_q, twa_d;
  reg [5:0]       twld_q, twld_d;
  reg [RADIX-1:0] twmd_q, twmd_d;
  reg             init_q, init_d;
  reg [LAW-1:0]   ia_q, ia_d;
  reg [4*32-1:0]  cnt_q, cnt_d;
  reg [RADIX-1:0] crcm_q, crcm_d;
  reg [4:0]       csel_q, csel_d;
  reg [31:0]      cerr_q, cerr_d;
  reg [RADIX*32-1:0] cport_q, cport_d;
  reg [31:0]      cport_rd;

  wire [5:0]       lrd;
  wire [RADIX-1:0] mrd;
  reg              wr, rd, lre, mre;
  reg [LAW-1:0]    la;
  integer          r, i;

  always @* begin
    wr = csr_req_i && csr_we_i;
    rd = csr_req_i && !csr_we_i;
    ack_d = csr_req_i;
    sel_d = 2'd0;
    rdata_d = 32'd0;
    eth_d = eth_q; crcm_d = crcm_q; csel_d = csel_q; blk_d = blk_q; idx_d = idx_q; blkwr_d = blkwr_q; grp_d = grp_q;
    twl_d = 1'b0; twm_d = 1'b0; twa_d = twa_q; twld_d = twld_q; twmd_d = twmd_q;
    lre = 1'b0; mre = 1'b0;
    la = {blk_q, idx_q};
    cport_rd = 32'd0;
    for (i = 0; i < RADIX; i = i + 1) if (csel_q == 5'(i)) cport_rd = cport_q[i*32 +: 32];
    case (csr_addr_i)
      nic_pkg::CSR_NIC_SWITCH_ID:     rdata_d = nic_pkg::NIC_SWITCH_ID_ID_RESET;
      nic_pkg::CSR_NIC_SWITCH_STATUS: rdata_d = {31'd0, !init_q};
      nic_pkg::CSR_NIC_SWITCH_ETH_MODE: begin
        rdata_d = 32'(eth_q);
        if (wr) eth_d = csr_wdata_i[RADIX-1:0];
      end
      nic_pkg::CSR_NIC_SWITCH_CRC_CHECK: begin
        rdata_d = 32'(crcm_q);
        if (wr) crcm_d = csr_wdata_i[RADIX-1:0];
      end
      nic_pkg::CSR_NIC_SWITCH_LFT_BLOCK: begin
        rdata_d = {18'd0, idx_q, 2'd0, 6'(blk_q)};
        if (wr) begin blk_d = csr_wdata_i[BLW-1:0]; idx_d = 6'd0; end
      end
      nic_pkg::CSR_NIC_SWITCH_LFT_DATA: begin
        if (csr_req_i) idx_d = idx_q + 6'd1;
        if (wr) begin
          twl_d = 1'b1; twa_d = la; twld_d = {csr_wdata_i[31], csr_wdata_i[4:0]};
          if (idx_q == 6'd63) blkwr_d = blkwr_q + 32'd1;
        end
        if (rd && !init_q) begin lre = 1'b1; sel_d = 2'd1; end
      end
      nic_pkg::CSR_NIC_SWITCH_LFT_BLOCK_WRITES: rdata_d = blkwr_q;
      nic_pkg::CSR_NIC_SWITCH_MFT_GROUP: begin
        rdata_d = 32'(grp_q);
        if (wr) grp_d = csr_wdata_i[MAW-1:0];
      end
      nic_pkg::CSR_NIC_SWITCH_MFT_MASK: begin
        if (wr) begin twm_d = 1'b1; twa_d = LAW'(grp_q); twmd_d = csr_wdata_i[RADIX-1:0]; end
        // a read right after a mask write returns the written mask (the RAM is written now)
        if (rd && !init_q && twm_q) rdata_d = 32'(twmd_q);
        else if (rd && !init_q) begin mre = 1'b1; sel_d = 2'd2; end
      end
      nic_pkg::CSR_NIC_SWITCH_DROP_UNKNOWN:     rdata_d = cnt_q[0*32 +: 32];
      nic_pkg::CSR_NIC_SWITCH_DROP_RANGE:       rdata_d = cnt_q[1*32 +: 32];
      nic_pkg::CSR_NIC_SWITCH_DROP_RUNT:        rdata_d = cnt_q[2*32 +: 32];
      nic_pkg::CSR_NIC_SWITCH_DROP_MCAST_EMPTY: rdata_d = cnt_q[3*32 +: 32];
      nic_pkg::CSR_NIC_SWITCH_CRC_ERR:          rdata_d = cerr_q;
      nic_pkg::CSR_NIC_SWITCH_CRC_ERR_SEL: begin
        rdata_d = {27'd0, csel_q};
        if (wr) csel_d = csr_wdata_i[4:0];
      end
      nic_pkg::CSR_NIC_SWITCH_CRC_ERR_PORT:     rdata_d = cport_rd;
      default: rdata_d = nic_pkg::CSR_UNMAPPED;
    endcase
    if (!rd) rdata_d = 32'd0;
    // clear sweep
    init_d = init_q && 32'(ia_q) != LFT_DEPTH - 1;
    ia_d   = ia_q + LAW'(1);
    // drop counters
    cnt_d = cnt_q;
    for (r = 0; r < 4; r = r + 1)
      for (i = 0; i < RADIX; i = i + 1)
        cnt_d[r*32 +: 32] = cnt_d[r*32 +: 32] + {31'd0, drop_i[r*RADIX + i]};
    cerr_d  = cerr_q;
    cport_d = cport_q;
    for (i = 0; i < RADIX; i = i + 1) begin
      cerr_d = cerr_d + {31'd0, crc_err_i[i]};
      cport_d[i*32 +: 32] = cport_q[i*32 +: 32] + {31'd0, crc_err_i[i]};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ack_q <= 1'b0; sel_q <= 2'd0; rdata_q <= 32'd0; eth_q <= '0; blk_q <= '0; idx_q <= '0;
      blkwr_q <= 32'd0; grp_q <= '0; twl_q <= 1'b0; twm_q <= 1'b0; twa_q <= '0; twld_q <= '0;
      twmd_q <= '0; init_q <= 1'b1; ia_q <= '0; cnt_q <= '0;
      crcm_q <= '0; csel_q <= 5'd0; cerr_q <= 32'd0; cport_q <= '0;
    end else begin
      ack_q <= ack_d; sel_q <= sel_d; rdata_q <= rdata_d; eth_q <= eth_d; blk_q <= blk_d;
      idx_q <= idx_d; blkwr_q <= blkwr_d; grp_q <= grp_d; twl_q <= twl_d; twm_q <= twm_d;
      twa_q <= twa_d; twld_q <= twld_d; twmd_q <= twmd_d; init_q <= init_d; ia_q <= ia_d;
      cnt_q <= cnt_d;
      crcm_q <= crcm_d; csel_q <= csel_d; cerr_q <= cerr_d; cport_q <= cport_d;
    end
  end

  assign tbl_busy_o  = init_q || twl_q || twm_q;
  assign lft_we_o    = rst_ni && (init_q || twl_q);
  assign mft_we_o    = rst_ni && (init_q ? (32'(ia_q) < MFT_DEPTH) : twm_q);
  assign tw_addr_o   = init_q ? ia_q : twa_q;
  assign lft_wdata_o = init_q ? 6'd0 : twld_q;
  assign mft_wdata_o = init_q ? '0 : twmd_q;
  assign eth_mode_o  = eth_q;
  assign crc_check_o = crcm_q;
  assign csr_ack_o   = ack_q && rst_ni;
  assign csr_rdata_o = !(ack_q && rst_ni) ? 32'd0 :
                       sel_q == 2'd1 ? {lrd[5], 26'd0, lrd[4:0]} :
                       sel_q == 2'd2 ? 32'(mrd) : rdata_q;

  // read-back copies of the tables (same writes as the inputs' copies)
  nic_ram_1r1w #(.DEPTH(LFT_DEPTH), .WIDTH(6)) u_lft (
    .clk_i(clk_i), .wr_en_i(lft_we_o), .wr_addr_i(tw_addr_o), .wr_data_i(lft_wdata_o),
    .wr_be_i(1'b1), .rd_en_i(lre), .rd_addr_i(la), .rd_data_o(lrd));
  nic_ram_1r1w #(.DEPTH(MFT_DEPTH), .WIDTH(RADIX)) u_mft (
    .clk_i(clk_i), .wr_en_i(mft_we_o), .wr_addr_i(tw_addr_o[MAW-1:0]), .wr_data_i(mft_wdata_o),
    .wr_be_i(1'b1), .rd_en_i(mre), .rd_addr_i(grp_q), .rd_data_o(mrd));
endmodule
`default_nettype wire
