// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/aotf_botf.v (lockstep top). Inputs (name, width); outputs
 * (name, width, qualifier over o = aotf_botf_out_t *). */
#define aotf_botf_INPUTS(P)                                                                  \
  P(rst_ni, 1) P(st_valid_i, 1) P(st_addr_i, 32) P(st_data_i, 64) P(st_be_i, 8)              \
  P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 12) P(csr_wdata_i, 32) P(m_axis_tready, 1)
#define aotf_botf_OUTPUTS(P)                                                                 \
  P(window_o, 4, 1) P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1) P(m_axis_tvalid, 1, 1)          \
  P(m_axis_tdata, 64, o->m_axis_tvalid) P(m_axis_tkeep, 8, o->m_axis_tvalid)                 \
  P(m_axis_tlast, 1, o->m_axis_tvalid) P(idle_o, 1, 1) P(dbg_ev_o, 4, 1)
