// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/comet_system2.v (two Comet engines back to back through nic_link) as a
 * lockstep DUT and as the port-level interface of the sw/comet_hw backends. Suffix _a / _b = node
 * 0 / 1. All outputs are functions of registers (and the link_stall inputs for link_*_out_o and
 * link_*_tready_o), deterministic after reset; stream data are compared while their valid is 1. */
#define comet_system2_INPUTS(P) \
  P(rst_ni, 1) P(csr_req_a_i, 1) P(csr_we_a_i, 1) P(csr_addr_a_i, 16) P(csr_wdata_a_i, 32) \
  P(dma_req_ready_a_i, 1) P(dma_rsp_valid_a_i, 1) P(dma_rsp_rdata_a_i, 64) P(link_stall_a_i, 1) \
  P(csr_req_b_i, 1) P(csr_we_b_i, 1) P(csr_addr_b_i, 16) P(csr_wdata_b_i, 32) \
  P(dma_req_ready_b_i, 1) P(dma_rsp_valid_b_i, 1) P(dma_rsp_rdata_b_i, 64) P(link_stall_b_i, 1)
#define comet_system2_OUTPUTS(P) \
  P(csr_ack_a_o, 1, 1) P(csr_rdata_a_o, 32, 1) P(dma_req_valid_a_o, 1, 1) \
  P(dma_req_we_a_o, 1, 1) P(dma_req_addr_a_o, 32, 1) P(dma_req_wdata_a_o, 64, 1) \
  P(dma_req_wstrb_a_o, 8, 1) P(irq_a_o, 1, 1) P(dbg_via_state_a_o, 4, 1) \
  P(dbg_via_flags_a_o, 8, 1) P(dbg_via_vi_a_o, 4, 1) P(dbg_via_inflight_a_o, 6, 1) \
  P(dbg_via_acc_a_o, 5, 1) P(dbg_via_db_level_a_o, 40, 1) P(dbg_tx_state_a_o, 9, 1) \
  P(dbg_tx_crc_a_o, 32, 1) P(dbg_tx_psum_a_o, 32, 1) P(dbg_tx_status_a_o, 4, 1) \
  P(dbg_rx_state_a_o, 8, 1) P(dbg_rx_crc_a_o, 32, 1) P(dbg_rx_usum_a_o, 32, 1) \
  P(dbg_rx_status_a_o, 5, 1) P(dbg_v2t_a_o, 13, 1) P(dbg_v2t_tdata_a_o, 64, o->dbg_v2t_a_o & 1) \
  P(dbg_r2v_a_o, 13, 1) P(dbg_r2v_tdata_a_o, 64, o->dbg_r2v_a_o & 1) P(dbg_eng_a_o, 3, 1) \
  P(csr_ack_b_o, 1, 1) P(csr_rdata_b_o, 32, 1) P(dma_req_valid_b_o, 1, 1) \
  P(dma_req_we_b_o, 1, 1) P(dma_req_addr_b_o, 32, 1) P(dma_req_wdata_b_o, 64, 1) \
  P(dma_req_wstrb_b_o, 8, 1) P(irq_b_o, 1, 1) P(dbg_via_state_b_o, 4, 1) \
  P(dbg_via_flags_b_o, 8, 1) P(dbg_via_vi_b_o, 4, 1) P(dbg_via_inflight_b_o, 6, 1) \
  P(dbg_via_acc_b_o, 5, 1) P(dbg_via_db_level_b_o, 40, 1) P(dbg_tx_state_b_o, 9, 1) \
  P(dbg_tx_crc_b_o, 32, 1) P(dbg_tx_psum_b_o, 32, 1) P(dbg_tx_status_b_o, 4, 1) \
  P(dbg_rx_state_b_o, 8, 1) P(dbg_rx_crc_b_o, 32, 1) P(dbg_rx_usum_b_o, 32, 1) \
  P(dbg_rx_status_b_o, 5, 1) P(dbg_v2t_b_o, 13, 1) P(dbg_v2t_tdata_b_o, 64, o->dbg_v2t_b_o & 1) \
  P(dbg_r2v_b_o, 13, 1) P(dbg_r2v_tdata_b_o, 64, o->dbg_r2v_b_o & 1) P(dbg_eng_b_o, 3, 1) \
  P(link_ab_tvalid_o, 1, 1) P(link_ab_tready_o, 1, 1) \
  P(link_ab_tdata_o, 64, o->link_ab_tvalid_o) P(link_ab_tkeep_o, 8, o->link_ab_tvalid_o) \
  P(link_ab_tlast_o, 1, o->link_ab_tvalid_o) P(link_ab_out_o, 3, 1) P(dbg_link_ab_o, 16, 1) \
  P(link_ba_tvalid_o, 1, 1) P(link_ba_tready_o, 1, 1) \
  P(link_ba_tdata_o, 64, o->link_ba_tvalid_o) P(link_ba_tkeep_o, 8, o->link_ba_tvalid_o) \
  P(link_ba_tlast_o, 1, o->link_ba_tvalid_o) P(link_ba_out_o, 3, 1) P(dbg_link_ba_o, 16, 1)
