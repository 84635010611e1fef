// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_tx: Comet-FM IP encapsulation (see docs/reference/comet_tx_rx.md). s_axis carries one FM message per
// packet (FM header + payload); m_axis carries the Ethernet II / IPv4 / UDP frame with FCS.
// Store-and-forward through a double-buffered message RAM (2 slots x 256 words of 64 bits),
// node table (NT_DEPTH x 128 bits) in nic_ram_1r1w, CSRs at COMET 0x000-0x0FF.
module comet_tx #(
  parameter int NT_DEPTH = 256,
  localparam int NT_AW = $clog2(NT_DEPTH)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast,
  output wire [63:0] m_axis_tdata,
  output wire [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  output wire        tx_status_valid_o,
  output wire [2:0]  tx_status_code_o,
  input  wire        csr_req_i,
  input  wire        csr_we_i,
  input  wire [11:0] csr_addr_i,
  input  wire [31:0] csr_wdata_i,
  output wire        csr_ack_o,
  output wire [31:0] csr_rdata_o,
  output wire [8:0]  dbg_state_o,   // {lk_pend, rd_slot, wr_slot, slot_ready[1:0], eg_busy, ing_state[1:0], init_busy}
  output wire [31:0] dbg_crc_o,     // egress running CRC register
  output wire [31:0] dbg_psum_o     // ingest running payload sum
);
`ifndef __ICARUS__
  generate
    if (NT_DEPTH < 2 || NT_DEPTH > 256 || (NT_DEPTH & (NT_DEPTH - 1)) != 0) begin : g_param_err
      $error("comet_tx: NT_DEPTH must be a power of two in 2..256");
    end
  endgenerate
`endif

  wire             init_busy, csum_en;
  wire [47:0]      src_mac;
  wire [31:0]      src_ip;
  wire [15:0]      src_port;
  wire             nt_we, nt_re;
  wire [NT_AW-1:0] nt_waddr, nt_raddr;
  wire [127:0]     nt_wdata, nt_rdata;
  wire [3:0]       nt_be;
  wire             lk_req, lk_gnt;
  wire [NT_AW-1:0] lk_node;
  wire             buf_we, buf_re;
  wire [8:0]       buf_waddr, buf_raddr;
  wire [63:0]      buf_wdata, buf_rdata;
  wire [1:0]       slot_free, slot_ready, ing_state;
  wire             push, push_slot, eg_busy, rd_slot, wr_slot, fr_done, ipid_we;
  wire [10:0]      push_len, fr_bytes;
  wire [31:0]      push_psum, push_ip;
  wire [47:0]      push_mac;
  wire [15:0]      push_port, ipid, ipid_wdata;
  wire [7:0]       status = {lk_req, rd_slot, wr_slot, slot_ready, eg_busy, ing_state};

  assign dbg_state_o = {status, init_busy};

  comet_tx_csr #(.NT_DEPTH(NT_DEPTH)) u_csr (
    .clk_i, .rst_ni, .csr_req_i, .csr_we_i, .csr_addr_i, .csr_wdata_i, .csr_ack_o, .csr_rdata_o,
    .nt_we_o(nt_we), .nt_waddr_o(nt_waddr), .nt_wdata_o(nt_wdata), .nt_be_o(nt_be),
    .nt_re_o(nt_re), .nt_raddr_o(nt_raddr), .nt_rdata_i(nt_rdata),
    .lk_req_i(lk_req), .lk_node_i(lk_node), .lk_gnt_o(lk_gnt),
    .st_valid_i(tx_status_valid_o), .st_code_i(tx_status_code_o),
    .fr_done_i(fr_done), .fr_bytes_i(fr_bytes), .ipid_i(ipid), .ipid_we_o(ipid_we), .ipid_wdata_o(ipid_wdata),
    .status_i(status), .init_busy_o(init_busy), .csum_en_o(csum_en),
    .src_mac_o(src_mac), .src_ip_o(src_ip), .src_port_o(src_port));

  nic_ram_1r1w #(.DEPTH(NT_DEPTH), .WIDTH(128), .NBE(4)) u_nt (
    .clk_i, .wr_en_i(nt_we), .wr_addr_i(nt_waddr), .wr_data_i(nt_wdata), .wr_be_i(nt_be),
    .rd_en_i(nt_re), .rd_addr_i(nt_raddr), .rd_data_o(nt_rdata));

  comet_tx_ingest #(.NT_DEPTH(NT_DEPTH)) u_ing (
    .clk_i, .rst_ni, .en_i(!init_busy),
    .s_axis_tdata, .s_axis_tkeep, .s_axis_tvalid, .s_axis_tready, .s_axis_tlast,
    .slot_free_i(slot_free), .lk_req_o(lk_req), .lk_node_o(lk_node), .lk_gnt_i(lk_gnt),
    .lk_data_i(nt_rdata), .buf_we_o(buf_we), .buf_waddr_o(buf_waddr), .buf_wdata_o(buf_wdata),
    .st_valid_o(tx_status_valid_o), .st_code_o(tx_status_code_o),
    .push_o(push), .push_slot_o(push_slot), .push_len_o(push_len), .push_psum_o(push_psum),
    .push_ip_o(push_ip), .push_mac_o(push_mac), .push_port_o(push_port),
    .state_o(ing_state), .wr_slot_o(wr_slot), .psum_o(dbg_psum_o));

  nic_ram_1r1w #(.DEPTH(512), .WIDTH(64), .NBE(1)) u_buf (
    .clk_i, .wr_en_i(buf_we), .wr_addr_i(buf_waddr), .wr_data_i(buf_wdata), .wr_be_i(1'b1),
    .rd_en_i(buf_re), .rd_addr_i(buf_raddr), .rd_data_o(buf_rdata));

  comet_tx_egress u_eg (
    .clk_i, .rst_ni, .m_axis_tdata, .m_axis_tkeep, .m_axis_tvalid, .m_axis_tready, .m_axis_tlast,
    .push_i(push), .push_slot_i(push_slot), .push_len_i(push_len), .push_psum_i(push_psum),
    .push_ip_i(push_ip), .push_mac_i(push_mac), .push_port_i(push_port),
    .src_mac_i(src_mac), .src_ip_i(src_ip), .src_port_i(src_port), .csum_en_i(csum_en),
    .ipid_we_i(ipid_we), .ipid_wdata_i(ipid_wdata),
    .buf_re_o(buf_re), .buf_raddr_o(buf_raddr), .buf_rdata_i(buf_rdata),
    .slot_free_o(slot_free), .slot_ready_o(slot_ready), .busy_o(eg_busy), .rd_slot_o(rd_slot),
    .done_o(fr_done), .done_bytes_o(fr_bytes), .ipid_o(ipid), .crc_o(dbg_crc_o));
endmodule
`default_nettype wire
