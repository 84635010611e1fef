// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/aotf_node.v as a lockstep DUT. */
#define aotf_node_INPUTS(P)                                                                     \
  P(rst_ni, 1) P(st_valid_i, 1) P(st_addr_i, 32) P(st_data_i, 64) P(st_be_i, 8) P(hr_valid_i, 1) \
  P(hr_addr_i, 32) P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 16) P(csr_wdata_i, 32)          \
  P(m_axis_tready, 1) P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) P(s_axis_tlast, 1)
#define aotf_node_OUTPUTS(P)                                                                    \
  P(st_ready_o, 1, 1) P(hr_rvalid_o, 1, 1) P(hr_rdata_o, 64, o->hr_rvalid_o) P(csr_ack_o, 1, 1)  \
  P(csr_rdata_o, 32, o->csr_ack_o) P(irq_o, 1, 1) P(m_axis_tdata, 64, o->m_axis_tvalid)          \
  P(m_axis_tkeep, 8, o->m_axis_tvalid) P(m_axis_tvalid, 1, 1) P(m_axis_tlast, 1, o->m_axis_tvalid) \
  P(s_axis_tready, 1, 1)
