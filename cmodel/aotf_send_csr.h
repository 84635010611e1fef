// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_send_csr.v: registers, counters, sticky status, irq, read mux. */
#ifndef AOTF_SEND_CSR_H
#define AOTF_SEND_CSR_H
#include <stdint.h>

typedef struct {
  uint32_t num_users, fifo_depth, sets, htt_entries;
  uint32_t walk_en, htt_idx, htt_word, htt_lo;
  uint32_t c_walk, c_whit, c_wmiss, wev; /* walk counters; wev = registered {miss, hit, start} */
  uint32_t window, irq_en, set, way, word, seed_lo, csel, sticky, miss_addr, victim, err_user;
  uint32_t c_kicks, c_pkts, c_miss, c_align, c_be, c_win, c_cred;
  uint32_t ev; /* registered events {cred, win, be, align, miss, pkt, kick}, added one cycle later */
  uint32_t ack, rsel, rdata;
  /* view of the entry at HTLB_IDX: vld = a view read was issued last cycle; this cycle its
   * seed data (vl2, packet generator sq) and tag lanes (tc, HTLB tq) are captured;
   * tv = tag RAM word of set (lane w = way w), sv = seed word {set, way, word};
   * vls = vld and its seed data is captured (not forwarded from the seed write stage) */
  uint32_t vld, vls, vl2, tc;
  /* tf: tag lanes the view read of last cycle takes from the HTLB's tag write stage (tfl, the
   * stage's lane then) instead of capturing them (rtl tf_q, tfl_q) */
  uint32_t tf, tfl;
  uint32_t tv[4]; /* tag view lanes {fmt, valid, tag} */
  uint64_t sv;
} aotf_send_csr_t;

typedef struct {
  int rst_ni, csr_req, csr_we;
  uint32_t csr_addr, csr_wdata;
  /* events and state of the other blocks */
  int init_busy, sweep_wr, miss_wait, pg_busy, miss, kick, pkt, err_align, err_be, err_window, err_credit;
  uint32_t init_ptr, miss_page, miss_off, miss_victim, err_user, fifo_count, sel_limit, sel_used, sel_avail;
  uint64_t tag_rd_data[2], seed_rd_data; /* RAM read registers (captured into the view) */
  /* refill walker: status, events, its writes into the HTLB (kept in the entry view) */
  int walk_busy, walk_start, walk_hit, walk_miss, wk_tag_wr, wk_seed_wr;
  uint32_t wk_set, wk_way, wk_word, wk_tag, wk_fmt;
  uint64_t wk_seed;
  /* the seed RAM write of this cycle (the packet generator's write stage, requested last cycle) */
  int wq_v;
  uint32_t wq_idx; /* {set, way, word} */
  uint64_t wq_data;
  /* the HTLB tag RAM write stage (a write requested in an earlier cycle, not yet in the RAM) */
  int tw_v;
  uint32_t tw_set, tw_be, tw_lane;
} aotf_send_csr_in_t;

typedef struct {
  int ack, irq, tag_wr, seed_wr, view_rd, flush, lim_we, walk_en, htt_seed_wr, htt_tag_wr;
  uint32_t rdata, window, set, way, word, credit_sel, status, htt_idx, htt_word, htt_tag;
  uint64_t seed_wdata, htt_seed;
} aotf_send_csr_out_t;

int aotf_send_csr_init(aotf_send_csr_t *m, uint32_t num_users, uint32_t fifo_depth, uint32_t sets, uint32_t htt_entries,
                       uint64_t seed);
/* outputs depend on the CSR request and the state only (seed_rd_data: a register of the
 * packet generator; not on events) */
void aotf_send_csr_eval(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in, aotf_send_csr_out_t *out);
/* the status output alone (out->status of aotf_send_csr_eval): the one output that depends on
 * the other blocks' state inputs (init_busy, miss_wait, pg_busy) */
uint32_t aotf_send_csr_status(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in);
void aotf_send_csr_tick(aotf_send_csr_t *m, const aotf_send_csr_in_t *in);
#endif
