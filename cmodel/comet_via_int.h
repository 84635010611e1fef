// SPDX-License-Identifier: Apache-2.0
/* Internal interface of the comet_via C model (rtl/comet_via.v): the cycle's combinational
 * values, the working set of one comet_via_tick, and the per-block functions it composes.
 *
 * comet_via_tick (cmodel/comet_via.c) computes the next register state n from the current
 * state m->r in a fixed order of block steps; every step reads the current state and may read
 * what an earlier step already wrote into n (counters that several blocks move, the error and
 * status bits), so the steps must run in the order comet_via_tick calls them.
 *
 *   comet_via_comb.c    the combinational values of the state (cv_comb_t), the DMA request slice
 *   comet_via_csr.c     CSR read/write, STATUS, the event counters, the CSR request register
 *   comet_via_db.c      doorbell rings: CSR pushes, pops, pointers and levels
 *   comet_via_fsm.c     control FSM: arbitration in S_IDLE, doorbell read, the done states
 *   comet_via_desc.c    control FSM S_CTL / S_SEG: descriptor fetch, checks, segment RAM writes
 *   comet_via_pf.c      send descriptor prefetcher and its slots
 *   comet_via_walk.c    segment walker (segment RAM reads, address / remaining length)
 *   comet_via_dma.c     DMA request issue, port grant, response FIFOs -> skid
 *   comet_via_pack.c    send byte packer
 *   comet_via_unpack.c  receive byte ring and unpacker (S_RX)
 *   comet_via_wb.c      tx_done codes, send completion queue, completion events */
#ifndef COMET_VIA_INT_H
#define COMET_VIA_INT_H
#include <stdint.h>
#include "comet_via.h"
#include "nic_pkg.h"

__extension__ typedef unsigned __int128 cv_u128;

#define CV_CTL_W1 (8u * VIA_DESC_HDR_SEG_COUNT_WORD)
#define CV_CTL_W3 (8u * VIA_DESC_HDR_LENGTH_WORD)

static inline uint32_t cv_clog2(uint32_t v) {
  uint32_t r = 0;
  while ((1u << r) < v) r++;
  return r;
}
static inline uint64_t cv_kmask64(uint32_t n) { return n >= 8 ? ~0ull : ((1ull << (8 * n)) - 1); }
static inline uint64_t cv_smask64(uint32_t strb) {
  uint64_t m = 0;
  for (int b = 0; b < 8; b++)
    if (strb >> b & 1) m |= 0xFFull << (8 * b);
  return m;
}
static inline uint32_t cv_kmask8(uint32_t n) { return n >= 8 ? 0xFFu : ((1u << (n & 7)) - 1) & 0xFFu; }
/* descriptor address unusable: unaligned, or its control segment beyond HOST_LIMIT */
static inline int cv_daddr_bad(uint32_t a, uint32_t lim) { return (a & 7) || (uint64_t)a + 32 > lim; }
/* segment 0 (descriptor bytes 32..47) inside HOST_LIMIT: read with the control words */
static inline uint32_t cv_spec_fits(uint32_t a, uint32_t lim) { return (uint64_t)a + 48 <= lim; }
/* address of the descriptor fetch's word n: 0 = word 1, 1 = word 3, 2 / 3 = segment 0 */
static inline uint32_t cv_ctl_addr(uint32_t d, uint32_t n) {
  return d + ((n & 2) ? 32u + 8u * (n & 1) : ((n & 1) ? CV_CTL_W3 : CV_CTL_W1));
}
static inline cv_u128 cv_acc_get(const uint64_t a[2]) { return ((cv_u128)a[1] << 64) | a[0]; }
static inline void cv_acc_set(uint64_t a[2], cv_u128 v) {
  a[0] = (uint64_t)v;
  a[1] = (uint64_t)(v >> 64);
}

/* combinational values that depend on state only (comet_via_comb.c) */
typedef struct {
  int rsp_v, rsp_desc, rsp_pf, rsp_pay;
  uint64_t rsp_data;
  uint32_t meta_data;
  uint32_t room, rx_n, rx_wr_v;
  uint32_t h, h_nd, h_code, c_err, c_code, status_word, wb_len;
  uint32_t tx_v, tx_last, tx_keep;
  uint32_t rx_ready;
  uint32_t fsm_v, pf_v, f_v, w_v, sel_w;
  uint32_t dv, dwe, daddr, dstrb, dst, drk, dvi; /* the request stage (RTL rq_*) */
  uint64_t dwdata;
} cv_comb_t;

/* the DMA port: the request slice's output (RTL u_dreq m_*) */
typedef struct {
  uint32_t v, we, addr, strb, st, rk, vi;
  uint64_t wdata;
} cv_dq_port_t;

/* one comet_via_tick's working set: values derived from the state and inputs at the start of
 * the cycle, and the strobes the blocks raise for the RAMs, FIFOs and each other */
typedef struct {
  uint32_t ndb, dbd, nvi, cntmask, segmask, ifmask;
  int sw0; /* the segment RAM write landing this cycle is segment 0's (RTL sw0_q) */
  int rx;  /* the control FSM is in S_RX */
  /* the CSR request acted on in this cycle (registered at the previous edge) */
  uint32_t addr, wd;
  int csr_rd, csr_wr;
  int ci_spop; /* a SYS_POP read acted on (ring empty or not): the engine's doorbell pop waits */
  /* DMA request stage and port handshakes */
  cv_dq_port_t dp;
  int rq_rdy, dma_acc, dq_acc, f_acc, pf_acc, w_acc, gnt_free;
  int tx_emit, tx_idle;
  /* send / receive turns */
  int any_sdb, tx_turn, rx_turn, rx_active, take, cq_rdy;
  uint32_t th; /* the prefetch slot S_IDLE takes */
  /* strobes collected during the cycle */
  int db_we, db_re;
  uint32_t db_waddr, db_raddr, ring; /* ring: the doorbell a pop (db_re) reads */
  uint32_t db_push, db_pop;
  int seg_we, seg_re;
  uint32_t seg_raddr, seg_waddr;
  uint64_t seg_wdata;
  int rsp_pop, meta_push, fq_pop;
  uint32_t meta_wdata;
  int csr_pop;
  uint32_t cnt_inc, bytes_add;
  int cq_push, cq_pop, w_start;
  uint32_t cq_perr;
} cv_tick_t;

/* comet_via_comb.c */
void cv_comb(const comet_via_t *m, cv_comb_t *c);
void cv_dq_pack(const cv_comb_t *c, uint64_t d[NIC_AXIS_SLICE_WORDS]);
cv_dq_port_t cv_dq_port(const nic_axis_slice_t *s);
/* comet_via_csr.c */
int cv_csr_is_sys_pop(uint32_t addr);
void cv_csr_read(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
void cv_csr_write(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
void cv_csr_counters(const comet_via_t *m, const cv_tick_t *t, comet_via_regs_t *n);
void cv_csr_edge(const comet_via_t *m, const comet_via_in_t *in, const cv_tick_t *t, comet_via_regs_t *n);
/* comet_via_db.c */
void cv_db_write(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n, uint32_t i);
void cv_db_pop_req(cv_tick_t *t, uint32_t ring);
void cv_db_update(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
/* comet_via_fsm.c / comet_via_desc.c */
void cv_fsm_tick(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, cv_tick_t *t,
                 comet_via_regs_t *n);
void cv_fsm_idle(const comet_via_t *m, const comet_via_in_t *in, cv_tick_t *t, comet_via_regs_t *n);
void cv_fsm_desc(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n);
/* comet_via_pf.c */
void cv_pf_tick(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
void cv_pf_fill(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n);
/* comet_via_walk.c */
void cv_walk_tick(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n);
void cv_walk_start(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
void cv_walk_seg_re(const comet_via_t *m, cv_tick_t *t);
/* comet_via_dma.c */
void cv_dma_issue(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n);
void cv_dma_grant(const comet_via_t *m, const cv_comb_t *c, const cv_tick_t *t, comet_via_regs_t *n);
void cv_rsp_skid(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
/* comet_via_pack.c */
void cv_pack_tick(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n);
/* comet_via_unpack.c */
void cv_rx_ring(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, const cv_tick_t *t,
                comet_via_regs_t *n);
void cv_unpack_tick(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, const cv_tick_t *t,
                    comet_via_regs_t *n);
/* comet_via_wb.c */
void cv_wb_codes(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, const cv_tick_t *t,
                 comet_via_regs_t *n);
void cv_wb_cq(const comet_via_t *m, const cv_comb_t *c, const cv_tick_t *t, comet_via_regs_t *n);
void cv_wb_events(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n);
#endif
