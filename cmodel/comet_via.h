// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_via.v: Comet-VIA host interface engine (docs/reference/comet_via.md).
 * Composed like the RTL: doorbell RAM + segment RAM (nic_ram), response data FIFO + response
 * metadata FIFO (nic_fifo), and the engine/CSR registers. cmodel/comet_via.c holds this API;
 * the per-block steps of a clock edge are in cmodel/comet_via_*.c (listed in comet_via_int.h). */
#ifndef COMET_VIA_H
#define COMET_VIA_H
#include <stdint.h>
#include "comet_via_ports.h"
#include "nic_fifo.h"
#include "nic_axis_slice.h"
#include "nic_ports.h"
#include "nic_ram.h"

LS_DECLARE_PORTS(comet_via)

#define COMET_VIA_MAX_DB 8
#define COMET_VIA_NCNT 11
#define COMET_VIA_CQD 4 /* send completion queue entries */
#define COMET_VIA_PFD 4 /* send descriptor prefetch slots */

/* send descriptor prefetcher states (dbg_pf_o[7:5]) */
enum { CV_P_IDLE = 0, CV_P_RD = 1, CV_P_WAIT = 2, CV_P_CHK = 3, CV_P_ISS = 4 };

/* engine states (dbg_state_o) */
enum {
  CV_S_IDLE = 0, CV_S_DB_RD = 1, CV_S_DB_WAIT = 2, CV_S_CTL = 3, CV_S_SEG = 4, CV_S_TXQ = 5,
  CV_S_WBS = 6, CV_S_RX = 7, CV_S_DRAIN = 8, CV_S_WB = 9, CV_S_DB_CHK = 10
};
/* counter indices (CSR CNT_* at 0x0A0 + 4 * index) */
enum {
  CV_C_FMT, CV_C_LEN, CV_C_ADDR, CV_C_TXERR, CV_C_TRUNC, CV_C_DBOVF, CV_C_NODESC, CV_C_BADVI,
  CV_C_DADDR, CV_C_TXB, CV_C_RXB
};

typedef struct {
  uint32_t num_db, db_depth, max_segs, rsp_depth;
  uint32_t pf_slots; /* send descriptor prefetch slots: 2 or 4 (0 = 4, the RTL default) */
} comet_via_cfg_t;

typedef struct {
  uint32_t state, op_rx, vi, rr, prio_rx;
  uint32_t desc, segcnt, len, err, has_desc, ctl_aerr;
  uint32_t seg0w; /* S_CTL's first cycle after taking a prefetched segment 0: write it */
  uint32_t dbad; /* S_DB_CHK's registered address check: 1 only in the S_CTL cycle after it */
  uint32_t req_idx, rsp_idx, inflight, sum, seghi, spec, sa, f_bank;
  int64_t alim; /* HOST_LIMIT - sa, taken with the segment's address word (its range check) */
  uint32_t w_act, w_bank, w_segcnt, w_vi, pk_vi; /* walker / packer */
  uint32_t gnt;                                  /* DMA port grant: 1 walker, 0 control FSM */
  /* send completion queue + tx_done codes */
  uint32_t cq_desc[COMET_VIA_CQD], cq_len[COMET_VIA_CQD], cq_vi[COMET_VIA_CQD], cq_err[COMET_VIA_CQD],
      cq_nd[COMET_VIA_CQD];
  uint32_t cq_wp, cq_rp, cq_cnt, cd[COMET_VIA_CQD], cd_wp, cd_rp, cd_cnt, aw_cnt;
  uint32_t seg_idx, seg_vld, seg_rd, seg_last, cur_addr, cur_rem, walk_done;
  uint32_t seg_ld; /* a receive's segment load: the cycle between seg_rd and seg_vld */
  /* a segment RAM write lands one cycle after its request (RTL sw_*) */
  uint32_t sw_v, sw_addr;
  uint64_t sw_data;
  uint64_t acc[2]; /* 128-bit byte accumulator, acc[0] = bytes 0..7 */
  /* receive byte ring (RTL rxr_q / rwp_q / rsh_q): the receive write data is its rotation, so
   * the unstrobed lanes carry ring bytes; the strobed lanes equal acc's (checked in comb) */
  uint8_t rxr[16];
  uint32_t rwp, rsh;
  uint32_t cnt, in_done, xfer;
  uint32_t db_wp[COMET_VIA_MAX_DB], db_rp[COMET_VIA_MAX_DB], db_cnt[COMET_VIA_MAX_DB];
  uint32_t en, status, irq_en, limit;
  uint32_t send_cnt[3], recv_cnt[3], err_cnt[COMET_VIA_NCNT];
  uint32_t cinc, cby; /* a cycle's counter events and status-write length, added a cycle later */
  uint32_t csr_ack, csr_rdata, csr_pop;
  /* CSR request input register (RTL ci_*): a request is acted on one cycle after it was
   * presented, its ack comes one cycle after that */
  uint32_t ci_req, ci_we, ci_addr, ci_wdata;
  /* send descriptor prefetcher + its slots */
  uint32_t pf_st, pf_vi, pf_idx, pf_slot, pf_desc, pf_spec, fsel;
  uint32_t s_desc[COMET_VIA_PFD], s_len[COMET_VIA_PFD], s_sa[COMET_VIA_PFD], s_sum0[COMET_VIA_PFD],
      s_segcnt[COMET_VIA_PFD], s_vi[COMET_VIA_PFD], s_spec[COMET_VIA_PFD], s_seghi[COMET_VIA_PFD],
      s_e1[COMET_VIA_PFD], s_e2[COMET_VIA_PFD], s_aerr[COMET_VIA_PFD], s_rdy[COMET_VIA_PFD];
  uint32_t s_wp, s_rp, s_cnt;
  uint32_t dr_v, dr_sl, dr_w; /* a prefetched word, registered before its slot update */
  uint64_t dr_data;
  /* 2-entry skid between the response/metadata FIFOs and their consumers (entry 0 = head) */
  uint32_t sk_cnt, sk_meta[2];
  uint64_t sk_data[2];
} comet_via_regs_t;

typedef struct {
  comet_via_cfg_t cfg;
  uint32_t num_vi, dbaw, saw, pfd;
  nic_ram_t db_ram, seg_ram;
  nic_fifo_t rsp_fifo, meta_fifo;
  /* DMA request slice (RTL u_dreq): m_data[0] = write data, m_data[1] = {address[31:3],
   * VI, receive, status write, we, strobes} from bit 0 up (see dq_pack) */
  nic_axis_slice_t dq;
  comet_via_regs_t r;
} comet_via_t;

int comet_via_init(comet_via_t *m, const comet_via_cfg_t *cfg, uint64_t seed);
void comet_via_free(comet_via_t *m);
void comet_via_eval(const comet_via_t *m, const comet_via_in_t *in, comet_via_out_t *out);
void comet_via_tick(comet_via_t *m, const comet_via_in_t *in);
uint64_t comet_via_collisions(const comet_via_t *m);
#endif
