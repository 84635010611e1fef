// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_system2: two Comet engines back to back (docs/reference/comet_engine.md). Engine A's m_axis goes
// through a nic_link to engine B's s_axis and vice versa. Both CSR buses and both DMA ports are
// top-level ports (the host side owns the two host memories). The frames entering each link
// (engine m_axis) are brought out (link_ab_* = A -> B, link_ba_* = B -> A) for packet capture.
// Test hook: link_stall_a_i / link_stall_b_i = 1 holds the link output into node A / B (tvalid and
// tready both gated: back-pressure without loss); tie to 0 for normal operation.
module comet_system2 #(
  parameter int LINK_LATENCY = 4,
  parameter int NT_DEPTH     = 256
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire        csr_req_a_i,
  input  wire        csr_we_a_i,
  input  wire [15:0] csr_addr_a_i,
  input  wire [31:0] csr_wdata_a_i,
  input  wire        dma_req_ready_a_i,
  input  wire        dma_rsp_valid_a_i,
  input  wire [63:0] dma_rsp_rdata_a_i,
  input  wire link_stall_a_i,
  output wire        csr_ack_a_o,
  output wire [31:0] csr_rdata_a_o,
  output wire        dma_req_valid_a_o,
  output wire        dma_req_we_a_o,
  output wire [31:0] dma_req_addr_a_o,
  output wire [63:0] dma_req_wdata_a_o,
  output wire [7:0] dma_req_wstrb_a_o,
  output wire        irq_a_o,
  output wire [3:0] dbg_via_state_a_o,
  output wire [7:0] dbg_via_flags_a_o,
  output wire [3:0] dbg_via_vi_a_o,
  output wire [5:0] dbg_via_inflight_a_o,
  output wire [4:0] dbg_via_acc_a_o,
  output wire [39:0] dbg_via_db_level_a_o,
  output wire [8:0] dbg_tx_state_a_o,
  output wire [31:0] dbg_tx_crc_a_o,
  output wire [31:0] dbg_tx_psum_a_o,
  output wire [3:0] dbg_tx_status_a_o,
  output wire [7:0] dbg_rx_state_a_o,
  output wire [31:0] dbg_rx_crc_a_o,
  output wire [31:0] dbg_rx_usum_a_o,
  output wire [4:0] dbg_rx_status_a_o,
  output wire [12:0] dbg_v2t_a_o,
  output wire [63:0] dbg_v2t_tdata_a_o,
  output wire [12:0] dbg_r2v_a_o,
  output wire [63:0] dbg_r2v_tdata_a_o,
  output wire [2:0] dbg_eng_a_o,
  input  wire        csr_req_b_i,
  input  wire        csr_we_b_i,
  input  wire [15:0] csr_addr_b_i,
  input  wire [31:0] csr_wdata_b_i,
  input  wire        dma_req_ready_b_i,
  input  wire        dma_rsp_valid_b_i,
  input  wire [63:0] dma_rsp_rdata_b_i,
  input  wire link_stall_b_i,
  output wire        csr_ack_b_o,
  output wire [31:0] csr_rdata_b_o,
  output wire        dma_req_valid_b_o,
  output wire        dma_req_we_b_o,
  output wire [31:0] dma_req_addr_b_o,
  output wire [63:0] dma_req_wdata_b_o,
  output wire [7:0] dma_req_wstrb_b_o,
  output wire        irq_b_o,
  output wire [3:0] dbg_via_state_b_o,
  output wire [7:0] dbg_via_flags_b_o,
  output wire [3:0] dbg_via_vi_b_o,
  output wire [5:0] dbg_via_inflight_b_o,
  output wire [4:0] dbg_via_acc_b_o,
  output wire [39:0] dbg_via_db_level_b_o,
  output wire [8:0] dbg_tx_state_b_o,
  output wire [31:0] dbg_tx_crc_b_o,
  output wire [31:0] dbg_tx_psum_b_o,
  output wire [3:0] dbg_tx_status_b_o,
  output wire [7:0] dbg_rx_state_b_o,
  output wire [31:0] dbg_rx_crc_b_o,
  output wire [31:0] dbg_rx_usum_b_o,
  output wire [4:0] dbg_rx_status_b_o,
  output wire [12:0] dbg_v2t_b_o,
  output wire [63:0] dbg_v2t_tdata_b_o,
  output wire [12:0] dbg_r2v_b_o,
  output wire [63:0] dbg_r2v_tdata_b_o,
  output wire [2:0] dbg_eng_b_o,
  output wire        link_ab_tvalid_o,
  output wire        link_ab_tready_o,
  output wire [63:0] link_ab_tdata_o,
  output wire [7:0]  link_ab_tkeep_o,
  output wire        link_ab_tlast_o,
  output wire [2:0]  link_ab_out_o,     // link A->B output into B: {tlast, tready, tvalid} (after the stall gate)
  output wire [15:0] dbg_link_ab_o,     // {count, mature} of link A->B
  output wire        link_ba_tvalid_o,
  output wire        link_ba_tready_o,
  output wire [63:0] link_ba_tdata_o,
  output wire [7:0]  link_ba_tkeep_o,
  output wire        link_ba_tlast_o,
  output wire [2:0]  link_ba_out_o,
  output wire [15:0] dbg_link_ba_o
);
  // x_out_*: engine x's m_axis (into its link); x_in_*: engine x's s_axis (from the other link)
  wire [63:0] a_out_tdata, b_out_tdata, ab_tdata, ba_tdata;
  wire [7:0]  a_out_tkeep, b_out_tkeep, ab_tkeep, ba_tkeep;
  wire        a_out_tvalid, a_out_tready, a_out_tlast, b_out_tvalid, b_out_tready, b_out_tlast;
  wire        ab_tvalid, ab_tready, ab_tlast, ba_tvalid, ba_tready, ba_tlast;
  wire        a_in_tready, b_in_tready;
  wire [7:0]  ab_count, ab_mature, ba_count, ba_mature;

  comet_engine #(.NT_DEPTH(NT_DEPTH)) u_eng_a (
    .clk_i, .rst_ni,
    .csr_req_i(csr_req_a_i),
    .csr_we_i(csr_we_a_i),
    .csr_addr_i(csr_addr_a_i),
    .csr_wdata_i(csr_wdata_a_i),
    .dma_req_ready_i(dma_req_ready_a_i),
    .dma_rsp_valid_i(dma_rsp_valid_a_i),
    .dma_rsp_rdata_i(dma_rsp_rdata_a_i),
    .csr_ack_o(csr_ack_a_o),
    .csr_rdata_o(csr_rdata_a_o),
    .dma_req_valid_o(dma_req_valid_a_o),
    .dma_req_we_o(dma_req_we_a_o),
    .dma_req_addr_o(dma_req_addr_a_o),
    .dma_req_wdata_o(dma_req_wdata_a_o),
    .dma_req_wstrb_o(dma_req_wstrb_a_o),
    .irq_o(irq_a_o),
    .dbg_via_state_o(dbg_via_state_a_o),
    .dbg_via_flags_o(dbg_via_flags_a_o),
    .dbg_via_vi_o(dbg_via_vi_a_o),
    .dbg_via_inflight_o(dbg_via_inflight_a_o),
    .dbg_via_acc_o(dbg_via_acc_a_o),
    .dbg_via_db_level_o(dbg_via_db_level_a_o),
    .dbg_tx_state_o(dbg_tx_state_a_o),
    .dbg_tx_crc_o(dbg_tx_crc_a_o),
    .dbg_tx_psum_o(dbg_tx_psum_a_o),
    .dbg_tx_status_o(dbg_tx_status_a_o),
    .dbg_rx_state_o(dbg_rx_state_a_o),
    .dbg_rx_crc_o(dbg_rx_crc_a_o),
    .dbg_rx_usum_o(dbg_rx_usum_a_o),
    .dbg_rx_status_o(dbg_rx_status_a_o),
    .dbg_v2t_o(dbg_v2t_a_o),
    .dbg_v2t_tdata_o(dbg_v2t_tdata_a_o),
    .dbg_r2v_o(dbg_r2v_a_o),
    .dbg_r2v_tdata_o(dbg_r2v_tdata_a_o),
    .dbg_eng_o(dbg_eng_a_o),
    .m_axis_tdata(a_out_tdata), .m_axis_tkeep(a_out_tkeep), .m_axis_tvalid(a_out_tvalid),
    .m_axis_tready(a_out_tready), .m_axis_tlast(a_out_tlast),
    .s_axis_tdata(ba_tdata), .s_axis_tkeep(ba_tkeep), .s_axis_tvalid(ba_tvalid && !link_stall_a_i),
    .s_axis_tready(a_in_tready), .s_axis_tlast(ba_tlast)
  );
  comet_engine #(.NT_DEPTH(NT_DEPTH)) u_eng_b (
    .clk_i, .rst_ni,
    .csr_req_i(csr_req_b_i),
    .csr_we_i(csr_we_b_i),
    .csr_addr_i(csr_addr_b_i),
    .csr_wdata_i(csr_wdata_b_i),
    .dma_req_ready_i(dma_req_ready_b_i),
    .dma_rsp_valid_i(dma_rsp_valid_b_i),
    .dma_rsp_rdata_i(dma_rsp_rdata_b_i),
    .csr_ack_o(csr_ack_b_o),
    .csr_rdata_o(csr_rdata_b_o),
    .dma_req_valid_o(dma_req_valid_b_o),
    .dma_req_we_o(dma_req_we_b_o),
    .dma_req_addr_o(dma_req_addr_b_o),
    .dma_req_wdata_o(dma_req_wdata_b_o),
    .dma_req_wstrb_o(dma_req_wstrb_b_o),
    .irq_o(irq_b_o),
    .dbg_via_state_o(dbg_via_state_b_o),
    .dbg_via_flags_o(dbg_via_flags_b_o),
    .dbg_via_vi_o(dbg_via_vi_b_o),
    .dbg_via_inflight_o(dbg_via_inflight_b_o),
    .dbg_via_acc_o(dbg_via_acc_b_o),
    .dbg_via_db_level_o(dbg_via_db_level_b_o),
    .dbg_tx_state_o(dbg_tx_state_b_o),
    .dbg_tx_crc_o(dbg_tx_crc_b_o),
    .dbg_tx_psum_o(dbg_tx_psum_b_o),
    .dbg_tx_status_o(dbg_tx_status_b_o),
    .dbg_rx_state_o(dbg_rx_state_b_o),
    .dbg_rx_crc_o(dbg_rx_crc_b_o),
    .dbg_rx_usum_o(dbg_rx_usum_b_o),
    .dbg_rx_status_o(dbg_rx_status_b_o),
    .dbg_v2t_o(dbg_v2t_b_o),
    .dbg_v2t_tdata_o(dbg_v2t_tdata_b_o),
    .dbg_r2v_o(dbg_r2v_b_o),
    .dbg_r2v_tdata_o(dbg_r2v_tdata_b_o),
    .dbg_eng_o(dbg_eng_b_o),
    .m_axis_tdata(b_out_tdata), .m_axis_tkeep(b_out_tkeep), .m_axis_tvalid(b_out_tvalid),
    .m_axis_tready(b_out_tready), .m_axis_tlast(b_out_tlast),
    .s_axis_tdata(ab_tdata), .s_axis_tkeep(ab_tkeep), .s_axis_tvalid(ab_tvalid && !link_stall_b_i),
    .s_axis_tready(b_in_tready), .s_axis_tlast(ab_tlast)
  );
  assign ab_tready = b_in_tready && !link_stall_b_i;
  assign ba_tready = a_in_tready && !link_stall_a_i;

  nic_link #(.LATENCY(LINK_LATENCY)) u_link_ab (
    .clk_i, .rst_ni,
    .s_axis_tdata(a_out_tdata), .s_axis_tkeep(a_out_tkeep), .s_axis_tvalid(a_out_tvalid),
    .s_axis_tready(a_out_tready), .s_axis_tlast(a_out_tlast),
    .m_axis_tdata(ab_tdata), .m_axis_tkeep(ab_tkeep), .m_axis_tvalid(ab_tvalid),
    .m_axis_tready(ab_tready), .m_axis_tlast(ab_tlast),
    .dbg_count_o(ab_count), .dbg_mature_o(ab_mature));
  nic_link #(.LATENCY(LINK_LATENCY)) u_link_ba (
    .clk_i, .rst_ni,
    .s_axis_tdata(b_out_tdata), .s_axis_tkeep(b_out_tkeep), .s_axis_tvalid(b_out_tvalid),
    .s_axis_tready(b_out_tready), .s_axis_tlast(b_out_tlast),
    .m_axis_tdata(ba_tdata), .m_axis_tkeep(ba_tkeep), .m_axis_tvalid(ba_tvalid),
    .m_axis_tready(ba_tready), .m_axis_tlast(ba_tlast),
    .dbg_count_o(ba_count), .dbg_mature_o(ba_mature));

  assign link_ab_tvalid_o = a_out_tvalid;
  assign link_ab_tready_o = a_out_tready;
  assign link_ab_tdata_o  = a_out_tdata;
  assign link_ab_tkeep_o  = a_out_tkeep;
  assign link_ab_tlast_o  = a_out_tlast;
  assign link_ab_out_o    = {ab_tlast && ab_tvalid, ab_tready, ab_tvalid && !link_stall_b_i};
  assign dbg_link_ab_o    = {ab_count, ab_mature};
  assign link_ba_tvalid_o = b_out_tvalid;
  assign link_ba_tready_o = b_out_tready;
  assign link_ba_tdata_o  = b_out_tdata;
  assign link_ba_tkeep_o  = b_out_tkeep;
  assign link_ba_tlast_o  = b_out_tlast;
  assign link_ba_out_o    = {ba_tlast && ba_tvalid, ba_tready, ba_tvalid && !link_stall_a_i};
  assign dbg_link_ba_o    = {ba_count, ba_mature};
endmodule
`default_nettype wire
