// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/nic_link_err.v as a lockstep DUT (bench parameters: tb/duts/nic_link_err.mk). */
#define nic_link_err_INPUTS(P)                                                                \
  P(rst_ni, 1) P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) P(s_axis_tlast, 1) \
  P(m_axis_tready, 1) P(cfg_seed_i, 32) P(cfg_drop_thr_i, 32) P(cfg_corrupt_thr_i, 32)       \
  P(cfg_dup_thr_i, 32)
#define nic_link_err_OUTPUTS(P)                                                              \
  P(s_axis_tready, 1, 1) P(m_axis_tdata, 64, o->m_axis_tvalid)                              \
  P(m_axis_tkeep, 8, o->m_axis_tvalid) P(m_axis_tvalid, 1, 1)                               \
  P(m_axis_tlast, 1, o->m_axis_tvalid) P(cnt_drop_o, 32, 1) P(cnt_corrupt_o, 32, 1)         \
  P(cnt_dup_o, 32, 1) P(cnt_pkts_o, 32, 1)
