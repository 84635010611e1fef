// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/comet_rx.v as a lockstep DUT (X-macros; see docs/guide/conventions.md). */
#define comet_rx_INPUTS(P)                                                                    \
  P(rst_ni, 1) P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) P(s_axis_tlast, 1) \
  P(m_axis_tready, 1) P(arp_axis_tready, 1) P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 12) P(csr_wdata_i, 32)
#define comet_rx_OUTPUTS(P)                                                                   \
  P(s_axis_tready, 1, 1) P(m_axis_tvalid, 1, 1)                                              \
  P(m_axis_tdata, 64, o->m_axis_tvalid) P(m_axis_tkeep, 8, o->m_axis_tvalid)                 \
  P(m_axis_tlast, 1, o->m_axis_tvalid) P(arp_axis_tvalid, 1, 1)                              \
  P(arp_axis_tdata, 64, o->arp_axis_tvalid) P(arp_axis_tkeep, 8, o->arp_axis_tvalid)         \
  P(arp_axis_tlast, 1, o->arp_axis_tvalid) P(rx_status_valid_o, 1, 1)                        \
  P(rx_status_code_o, 4, o->rx_status_valid_o) P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1)      \
  P(dbg_state_o, 8, 1) P(dbg_crc_o, 32, 1) P(dbg_usum_o, 32, 1)
