// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/nic_fifo.v as a lockstep DUT (bench parameters: see tb/duts/nic_fifo.mk). */
#define nic_fifo_INPUTS(P) P(rst_ni, 1) P(s_valid_i, 1) P(s_data_i, 40) P(m_ready_i, 1)
#define nic_fifo_OUTPUTS(P) \
  P(s_ready_o, 1, 1) P(m_valid_o, 1, 1) P(m_data_o, 40, o->m_valid_o) P(count_o, 5, 1) P(ram_empty_o, 1, 1) \
  P(ram_data_o, 40, o->m_valid_o && !o->byp_sel_o) P(byp_data_o, 40, o->m_valid_o && o->byp_sel_o) P(byp_sel_o, 1, 1)
