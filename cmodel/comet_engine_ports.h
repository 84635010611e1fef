// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/comet_engine.v (defaults NUM_DB=8 DB_DEPTH=16 MAX_SEGS=16 RSP_DEPTH=32
 * NT_DEPTH=256). Every output is a function of registers only; stream data are compared while
 * their valid is 1. */
#define comet_engine_INPUTS(P)                                                                  \
  P(rst_ni, 1) P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 16) P(csr_wdata_i, 32)               \
  P(dma_req_ready_i, 1) P(dma_rsp_valid_i, 1) P(dma_rsp_rdata_i, 64) P(m_axis_tready, 1)        \
  P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) P(s_axis_tlast, 1)
#define comet_engine_OUTPUTS(P)                                                                 \
  P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1) P(dma_req_valid_o, 1, 1) P(dma_req_we_o, 1, 1)        \
  P(dma_req_addr_o, 32, 1) P(dma_req_wdata_o, 64, 1) P(dma_req_wstrb_o, 8, 1)                    \
  P(m_axis_tdata, 64, o->m_axis_tvalid) P(m_axis_tkeep, 8, o->m_axis_tvalid) P(m_axis_tvalid, 1, 1) \
  P(m_axis_tlast, 1, o->m_axis_tvalid) P(s_axis_tready, 1, 1) P(irq_o, 1, 1)                     \
  P(dbg_via_state_o, 4, 1) P(dbg_via_flags_o, 8, 1) P(dbg_via_vi_o, 4, 1)                        \
  P(dbg_via_inflight_o, 6, 1) P(dbg_via_acc_o, 5, 1) P(dbg_via_db_level_o, 40, 1)                \
  P(dbg_tx_state_o, 9, 1) P(dbg_tx_crc_o, 32, 1) P(dbg_tx_psum_o, 32, 1) P(dbg_tx_status_o, 4, 1) \
  P(dbg_rx_state_o, 8, 1) P(dbg_rx_crc_o, 32, 1) P(dbg_rx_usum_o, 32, 1) P(dbg_rx_status_o, 5, 1) \
  P(dbg_v2t_o, 13, 1) P(dbg_v2t_tdata_o, 64, o->dbg_v2t_o & 1) P(dbg_r2v_o, 13, 1)               \
  P(dbg_r2v_tdata_o, 64, o->dbg_r2v_o & 1) P(dbg_eng_o, 3, 1)
