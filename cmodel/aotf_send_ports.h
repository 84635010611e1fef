// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/aotf_send.v (lockstep top). Inputs (name, width); outputs
 * (name, width, qualifier over o = aotf_send_out_t *). Widths for FIFO_DEPTH = 2048. */
#define aotf_send_INPUTS(P)                                                                  \
  P(rst_ni, 1) P(st_valid_i, 1) P(st_addr_i, 32) P(st_data_i, 64) P(st_be_i, 8)              \
  P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 12) P(csr_wdata_i, 32) P(m_axis_tready, 1)
#define aotf_send_OUTPUTS(P)                                                                 \
  P(st_ready_o, 1, 1) P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1)                    \
  P(m_axis_tvalid, 1, 1) P(m_axis_tdata, 64, o->m_axis_tvalid)                               \
  P(m_axis_tkeep, 8, o->m_axis_tvalid) P(m_axis_tlast, 1, o->m_axis_tvalid) P(irq_o, 1, 1)    \
  P(dbg_fifo_count_o, 12, 1) P(dbg_init_o, 1, 1) P(dbg_miss_o, 1, 1)                          \
  P(dbg_lk_state_o, 3, 1) P(dbg_pg_o, 10, 1) P(dbg_init_ptr_o, 8, 1) P(dbg_rr_o, 2, 1)         \
  P(dbg_status_o, 16, 1) P(dbg_used_lo_o, 64, 1) P(dbg_used_hi_o, 64, 1)           \
  P(dbg_st_o, 2, 1) P(dbg_walk_o, 25, 1)
