// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/aotf_rx.v as a lockstep DUT (bench parameters: tb/duts/aotf_rx.mk). */
#define aotf_rx_INPUTS(P)                                                                     \
  P(rst_ni, 1) P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) P(s_axis_tlast, 1) P(s_axis_tuser, 1) \
  P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 12) P(csr_wdata_i, 32) P(hr_valid_i, 1)     \
  P(hr_addr_i, 32)
#define aotf_rx_OUTPUTS(P)                                                                  \
  P(s_axis_tready, 1, 1) P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1) P(hr_rvalid_o, 1, 1)     \
  P(hr_rdata_o, 64, o->hr_rvalid_o) P(irq_o, 1, 1) P(dbg_beat_o, 3, 1) P(dbg_disc_o, 1, 1) \
  P(dbg_wb_count_o, 5, 1) P(dbg_init_o, 1, 1) P(dbg_ev_o, 4, 1) P(dbg_llcm_we_o, 16, 1)
