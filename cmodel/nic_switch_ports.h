// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/nic_switch_ls4.v (nic_switch, RADIX = 4) as a lockstep DUT (bench parameters:
 * tb/duts/nic_switch.mk). */
#define nic_switch_INPUTS(P) \
  P(rst_ni, 1) P(s0_tdata, 64) P(s0_tkeep, 8) P(s0_tvalid, 1) P(s0_tlast, 1) P(m0_tready, 1) \
  P(s1_tdata, 64) P(s1_tkeep, 8) P(s1_tvalid, 1) P(s1_tlast, 1) P(m1_tready, 1) \
  P(s2_tdata, 64) P(s2_tkeep, 8) P(s2_tvalid, 1) P(s2_tlast, 1) P(m2_tready, 1) \
  P(s3_tdata, 64) P(s3_tkeep, 8) P(s3_tvalid, 1) P(s3_tlast, 1) P(m3_tready, 1) \
  P(csr_req_i, 1) P(csr_we_i, 1) P(csr_addr_i, 12) P(csr_wdata_i, 32)
#define nic_switch_OUTPUTS(P) \
  P(s0_tready, 1, 1) P(m0_tdata, 64, o->m0_tvalid) P(m0_tkeep, 8, o->m0_tvalid) \
  P(m0_tvalid, 1, 1) P(m0_tlast, 1, o->m0_tvalid) P(s1_tready, 1, 1) \
  P(m1_tdata, 64, o->m1_tvalid) P(m1_tkeep, 8, o->m1_tvalid) P(m1_tvalid, 1, 1) \
  P(m1_tlast, 1, o->m1_tvalid) P(s2_tready, 1, 1) P(m2_tdata, 64, o->m2_tvalid) \
  P(m2_tkeep, 8, o->m2_tvalid) P(m2_tvalid, 1, 1) P(m2_tlast, 1, o->m2_tvalid) \
  P(s3_tready, 1, 1) P(m3_tdata, 64, o->m3_tvalid) P(m3_tkeep, 8, o->m3_tvalid) \
  P(m3_tvalid, 1, 1) P(m3_tlast, 1, o->m3_tvalid) P(csr_ack_o, 1, 1) P(csr_rdata_o, 32, 1)
