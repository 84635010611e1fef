// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/nic_axis_slice.v as a lockstep DUT (bench parameters: tb/duts/nic_axis_slice.mk).
 * m_data_o is compared every cycle: the slice's registers are reset, so it is always defined. */
#define nic_axis_slice_INPUTS(P) P(rst_ni, 1) P(s_valid_i, 1) P(s_data_i, 40) P(m_ready_i, 1)
#define nic_axis_slice_OUTPUTS(P) P(s_ready_o, 1, 1) P(m_valid_o, 1, 1) P(m_data_o, 40, 1)
