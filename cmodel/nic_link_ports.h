// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/nic_link.v as a lockstep DUT (bench parameters: tb/duts/nic_link.mk). */
#define nic_link_INPUTS(P)                                                                    \
  P(rst_ni, 1) P(s_axis_tdata, 64) P(s_axis_tkeep, 8) P(s_axis_tvalid, 1) P(s_axis_tlast, 1) \
  P(m_axis_tready, 1)
#define nic_link_OUTPUTS(P)                                                                  \
  P(s_axis_tready, 1, 1) P(m_axis_tdata, 64, o->m_axis_tvalid)                              \
  P(m_axis_tkeep, 8, o->m_axis_tvalid) P(m_axis_tvalid, 1, 1)                               \
  P(m_axis_tlast, 1, o->m_axis_tvalid) P(dbg_count_o, 8, 1) P(dbg_mature_o, 8, 1)
