// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/comet_via.v as a lockstep DUT (parameters: tb/duts/comet_via.mk:
 * NUM_DB=8 DB_DEPTH=16 MAX_SEGS=16 RSP_DEPTH=32). All outputs are functions of state only and
 * deterministic after reset, so every output is compared every cycle. */
#define comet_via_INPUTS(P)                                                                    \
  P(rst_ni, 1) P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 12) P(csr_wdata_i, 32)             \
  P(dma_req_ready_i, 1) P(dma_rsp_valid_i, 1) P(dma_rsp_rdata_i, 64) P(m_axis_tx_tready, 1)   \
  P(tx_done_valid_i, 1) P(tx_done_code_i, 4) P(s_axis_rx_tdata, 64) P(s_axis_rx_tkeep, 8)     \
  P(s_axis_rx_tcnt, 4)                                                                       \
  P(s_axis_rx_tvalid, 1) P(s_axis_rx_tlast, 1) P(s_axis_rx_tuser, 2)
#define comet_via_OUTPUTS(P)                                                                   \
  P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1) P(dma_req_valid_o, 1, 1) P(dma_req_we_o, 1, 1)      \
  P(dma_req_addr_o, 32, 1) P(dma_req_wdata_o, 64, 1) P(dma_req_wstrb_o, 8, 1)                  \
  P(m_axis_tx_tdata, 64, 1) P(m_axis_tx_tkeep, 8, 1) P(m_axis_tx_tvalid, 1, 1)                 \
  P(m_axis_tx_tlast, 1, 1) P(m_axis_tx_tuser, 2, 1) P(s_axis_rx_tready, 1, 1) P(irq_o, 1, 1)   \
  P(dbg_state_o, 4, 1) P(dbg_db_level_o, 40, 1) P(dbg_inflight_o, 6, 1) P(dbg_acc_cnt_o, 5, 1) \
  P(dbg_flags_o, 8, 1) P(dbg_vi_o, 4, 1) P(dbg_pf_o, 8, 1)
