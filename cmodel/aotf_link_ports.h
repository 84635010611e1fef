// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/aotf_link.v as a lockstep DUT (bench parameters: tb/duts/aotf_link.mk). */
#define aotf_link_INPUTS(P)                                                                       \
  P(rst_ni, 1) P(crc_en_i, 1) P(rel_en_i, 1) P(node_id_i, 16) P(csr_req_i, 1) P(csr_we_i, 1)     \
  P(csr_addr_i, 12) P(csr_wdata_i, 32) P(s_tx_tdata, 64) P(s_tx_tkeep, 8) P(s_tx_tvalid, 1)     \
  P(s_tx_tlast, 1) P(m_axis_tready, 1) P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) \
  P(s_axis_tlast, 1) P(m_rx_tready, 1)
#define aotf_link_OUTPUTS(P)                                                                     \
  P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1) P(s_tx_tready, 1, 1) P(m_axis_tdata, 64, o->m_axis_tvalid) \
  P(m_axis_tkeep, 8, o->m_axis_tvalid) P(m_axis_tvalid, 1, 1) P(m_axis_tlast, 1, o->m_axis_tvalid) \
  P(s_axis_tready, 1, 1) P(m_rx_tdata, 64, o->m_rx_tvalid) P(m_rx_tkeep, 8, o->m_rx_tvalid)       \
  P(m_rx_tvalid, 1, 1) P(m_rx_tlast, 1, o->m_rx_tvalid) P(m_rx_tuser, 1, o->m_rx_tvalid && o->m_rx_tlast) \
  P(dbg_occ_o, 16, 1) P(dbg_tx_state_o, 2, 1)
