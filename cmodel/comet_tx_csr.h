// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_tx_csr.v */
#ifndef COMET_TX_CSR_H
#define COMET_TX_CSR_H
#include <stdint.h>

typedef struct {
  uint32_t nt_depth;
  uint32_t req, we, addr, wdata; /* the registered CSR request (decoded in the ack cycle) */
  uint32_t csum_en, sip, sport, ntidx, init, init_idx;
  uint64_t sh[2];  /* shadow of node table entry ntidx (lanes 0,1 | 2,3) */
  uint32_t shld;   /* nt_rdata holds the entry NT_IDX was set to: load sh */
  uint64_t smac;
  uint32_t c_frames, c_msgs, c_node, c_zero, c_len, c_ovs, c_bytes;
} comet_tx_csr_t;

typedef struct {
  uint64_t rst_ni, req, we, addr, wdata;
  uint64_t nt_rdata[2];
  uint64_t lk_req, lk_node, st_valid, st_code, fr_done, fr_bytes, ipid, status;
} comet_tx_csr_in_t;

typedef struct {
  uint64_t ack, rdata;
  uint64_t nt_we, nt_waddr, nt_be, nt_re, nt_raddr;
  uint64_t nt_wdata[2];
  uint64_t lk_gnt, ipid_we, ipid_wdata, init_busy, csum_en, src_mac, src_ip, src_port;
} comet_tx_csr_out_t;

void comet_tx_csr_init(comet_tx_csr_t *m, uint32_t nt_depth, uint64_t seed);
void comet_tx_csr_eval(const comet_tx_csr_t *m, const comet_tx_csr_in_t *in, comet_tx_csr_out_t *out);
void comet_tx_csr_tick(comet_tx_csr_t *m, const comet_tx_csr_in_t *in);
#endif
