// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_rx: Comet-FM frame checking and decapsulation (see docs/reference/comet_tx_rx.md). s_axis carries
// Ethernet frames with FCS; every frame gets one status (rx_status_valid_o / code) when its
// last beat has been checked; good frames deliver their FM message (FM header + payload) on
// m_axis from a double-buffered RAM (2 slots x 256 words), so nothing is delivered before the
// FCS is checked. ARP requests for the own IP address are answered by comet_rx_arp: the reply
// frames leave on arp_axis (merged with the transmit stream by comet_engine). CSRs at COMET
// 0x100-0x1FF.
module comet_rx (
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
  output wire [63:0] arp_axis_tdata,   // ARP replies (Ethernet frames with FCS, 8 beats)
  output wire [7:0]  arp_axis_tkeep,
  output wire        arp_axis_tvalid,
  input  wire        arp_axis_tready,
  output wire        arp_axis_tlast,
  output wire        rx_status_valid_o,
  output wire [3:0]  rx_status_code_o,
  input  wire        csr_req_i,
  input  wire        csr_we_i,
  input  wire [11:0] csr_addr_i,
  input  wire [31:0] csr_wdata_i,
  output wire        csr_ack_o,
  output wire [31:0] csr_rdata_o,
  output wire [7:0]  dbg_state_o,   // {rd_slot, wr_slot, slot_ready[1:0], eg_phase[1:0], ing_state[1:0]}
  output wire [31:0] dbg_crc_o,     // ingest running CRC register
  output wire [31:0] dbg_usum_o     // ingest running UDP sum
);
  wire [47:0] own_mac;
  wire [31:0] own_ip;
  wire [15:0] own_port, own_node;
  wire        bcast_en, arp_en, arp_reply, arp_drop;
  wire [1:0]  st_class;
  wire        buf_we, buf_re, push, push_slot, wr_slot, rd_slot;
  wire [8:0]  buf_waddr, buf_raddr;
  wire [63:0] buf_wdata, buf_rdata;
  wire [10:0] push_len;
  wire [1:0]  slot_free, slot_ready, ing_state, eg_phase;
  wire [7:0]  status = {rd_slot, wr_slot, slot_ready, eg_phase, ing_state};

  assign dbg_state_o = status;

  comet_rx_csr u_csr (
    .clk_i, .rst_ni, .csr_req_i, .csr_we_i, .csr_addr_i, .csr_wdata_i, .csr_ack_o, .csr_rdata_o,
    .st_valid_i(rx_status_valid_o), .st_code_i(rx_status_code_o), .st_class_i(st_class),
    .arp_reply_i(arp_reply), .arp_drop_i(arp_drop), .status_i(status),
    .own_mac_o(own_mac), .own_ip_o(own_ip), .own_port_o(own_port), .own_node_o(own_node),
    .bcast_en_o(bcast_en), .arp_en_o(arp_en));

  comet_rx_ingest u_ing (
    .clk_i, .rst_ni, .s_axis_tdata, .s_axis_tkeep, .s_axis_tvalid, .s_axis_tready, .s_axis_tlast,
    .own_mac_i(own_mac), .own_ip_i(own_ip), .own_port_i(own_port), .own_node_i(own_node),
    .bcast_en_i(bcast_en), .slot_free_i(slot_free),
    .buf_we_o(buf_we), .buf_waddr_o(buf_waddr), .buf_wdata_o(buf_wdata),
    .st_valid_o(rx_status_valid_o), .st_code_o(rx_status_code_o), .st_class_o(st_class),
    .push_o(push), .push_slot_o(push_slot), .push_len_o(push_len),
    .state_o(ing_state), .wr_slot_o(wr_slot), .crc_o(dbg_crc_o), .usum_o(dbg_usum_o));

  comet_rx_arp u_arp (
    .clk_i, .rst_ni, .we_i(buf_we), .widx_i(buf_waddr[7:0]), .wdata_i(buf_wdata),
    .st_valid_i(rx_status_valid_o), .st_code_i(rx_status_code_o), .st_class_i(st_class),
    .own_mac_i(own_mac), .own_ip_i(own_ip), .arp_en_i(arp_en),
    .m_axis_tdata(arp_axis_tdata), .m_axis_tkeep(arp_axis_tkeep), .m_axis_tvalid(arp_axis_tvalid),
    .m_axis_tready(arp_axis_tready), .m_axis_tlast(arp_axis_tlast),
    .reply_o(arp_reply), .drop_o(arp_drop));

  nic_ram_1r1w #(.DEPTH(512), .WIDTH(64), .NBE(1)) u_buf (
    .clk_i, .wr_en_i(buf_we), .wr_addr_i(buf_waddr), .wr_data_i(buf_wdata), .wr_be_i(1'b1),
    .rd_en_i(buf_re), .rd_addr_i(buf_raddr), .rd_data_o(buf_rdata));

  comet_rx_egress u_eg (
    .clk_i, .rst_ni, .m_axis_tdata, .m_axis_tkeep, .m_axis_tvalid, .m_axis_tready, .m_axis_tlast,
    .push_i(push), .push_slot_i(push_slot), .push_len_i(push_len),
    .buf_re_o(buf_re), .buf_raddr_o(buf_raddr), .buf_rdata_i(buf_rdata),
    .slot_free_o(slot_free), .slot_ready_o(slot_ready), .phase_o(eg_phase), .rd_slot_o(rd_slot));

endmodule
`default_nettype wire
