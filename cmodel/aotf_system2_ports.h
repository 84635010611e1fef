// SPDX-License-Identifier: Apache-2.0
/* Port list of rtl/aotf_system2.v (two nodes back to back) as a lockstep DUT and as the
 * port-level interface the host drivers (sw/) drive on either backend. */
#define aotf_system2_INPUTS(P) \
  P(rst_ni, 1) P(st_valid_a_i, 1) P(st_addr_a_i, 32) P(st_data_a_i, 64) P(st_be_a_i, 8) \
  P(hr_valid_a_i, 1) P(hr_addr_a_i, 32) P(csr_req_a_i, 1) P(csr_we_a_i, 1) \
  P(csr_addr_a_i, 16) P(csr_wdata_a_i, 32) P(st_valid_b_i, 1) P(st_addr_b_i, 32) \
  P(st_data_b_i, 64) P(st_be_b_i, 8) P(hr_valid_b_i, 1) P(hr_addr_b_i, 32) P(csr_req_b_i, 1) \
  P(csr_we_b_i, 1) P(csr_addr_b_i, 16) P(csr_wdata_b_i, 32) P(err_seed_ab_i, 32) \
  P(err_seed_ba_i, 32) P(err_drop_thr_i, 32) P(err_corrupt_thr_i, 32) P(err_dup_thr_i, 32)
#define aotf_system2_OUTPUTS(P) \
  P(st_ready_a_o, 1, 1) P(hr_rvalid_a_o, 1, 1) P(hr_rdata_a_o, 64, o->hr_rvalid_a_o) \
  P(csr_ack_a_o, 1, 1) P(csr_rdata_a_o, 32, o->csr_ack_a_o) P(irq_a_o, 1, 1) \
  P(st_ready_b_o, 1, 1) P(hr_rvalid_b_o, 1, 1) P(hr_rdata_b_o, 64, o->hr_rvalid_b_o) \
  P(csr_ack_b_o, 1, 1) P(csr_rdata_b_o, 32, o->csr_ack_b_o) P(irq_b_o, 1, 1)
