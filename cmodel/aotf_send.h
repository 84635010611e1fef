// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_send.v: the AOTF send path, composed of the sub-block models exactly as
 * the RTL composes the sub-modules (aotf_kick_decode, nic_axis_slice, nic_fifo, aotf_htlb,
 * aotf_pktgen, aotf_credit, aotf_send_csr). */
#ifndef AOTF_SEND_H
#define AOTF_SEND_H
#include <stdint.h>
#include "aotf_credit.h"
#include "aotf_htlb.h"
#include "aotf_htlb_walk.h"
#include "aotf_kick_decode.h"
#include "aotf_pktgen.h"
#include "aotf_send_csr.h"
#include "aotf_send_ports.h"
#include "nic_axis_slice.h"
#include "nic_fifo.h"
#include "nic_ports.h"

LS_DECLARE_PORTS(aotf_send)

typedef struct {
  uint32_t num_users, fifo_depth, htlb_sets, htlb_ways;
  uint32_t csr_reg; /* rtl CSR_REG: the CSR request is registered before it acts and the response once more (0 / 1) */
  uint32_t htt_entries; /* rtl HTT_ENTRIES (0: the default 1024) */
} aotf_send_cfg_t;

typedef struct {
  aotf_send_cfg_t cfg;
  uint32_t uw, sw;
  nic_fifo_t fifo;
  aotf_htlb_t htlb;
  aotf_htlb_walk_t walk;
  aotf_pktgen_t pg;
  aotf_credit_t cred;
  aotf_send_csr_t csr;
  /* store stage (rtl u_st, LOAD_ANY): the decoded store {ok, align, window, be, entry}, entry
   * in word 0 and bits 31:0 of word 1, the flags at bits 32 (be) .. 35 (ok) of word 1 */
  nic_axis_slice_t st;
  /* head register (rtl/aotf_send.v): registered copy of the FIFO head */
  int hd_v, hd_sel;
  int hd_hold; /* rtl !hd_sel_q: the head is the FIFO's RAM-side hold register (the HTLB reads its
                * tag RAM copy B then); hd_sel above is the model's own data select */
  uint64_t hdk[2], hdr[2]; /* 96-bit entries {len, data, page, off}, low word first */
  uint32_t ts; /* rtl ts_q: the lookup's set for the generator's early reads (loads in HTLB IDLE) */
  /* CSR request register (cfg.csr_reg; rtl aotf_send_csr rq_*_q) */
  uint32_t cq_req, cq_we, cq_addr, cq_wdata;
  /* CSR response register (cfg.csr_reg; rtl aotf_send_csr RSP_REG): the response one cycle later */
  uint32_t rs_ack, rs_rdata;
} aotf_send_t;

/* 0 on success; cfg must match the RTL parameters (NUM_USERS=8, HTLB 256 x 4) */
int aotf_send_init(aotf_send_t *m, const aotf_send_cfg_t *cfg, uint64_t seed);
void aotf_send_free(aotf_send_t *m);
void aotf_send_eval(const aotf_send_t *m, const aotf_send_in_t *in, aotf_send_out_t *out);
void aotf_send_tick(aotf_send_t *m, const aotf_send_in_t *in);
/* aotf_send_eval followed by aotf_send_tick with the same inputs (one combinational pass) */
void aotf_send_step(aotf_send_t *m, const aotf_send_in_t *in, aotf_send_out_t *out);
/* RAM collisions seen by the model's RAMs (must stay 0) */
uint64_t aotf_send_collisions(const aotf_send_t *m);
#endif
