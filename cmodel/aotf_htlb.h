// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_htlb.v: HTLB tag RAM, init sweep, lookup FSM, victim choice. */
#ifndef AOTF_HTLB_H
#define AOTF_HTLB_H
#include <stdint.h>
#include "nic_ram.h"

/* tag RAM word: four 22-bit lanes {fmt[12:0], valid, tag[7:0]} (lane = way), 88 bits in two
 * 64-bit words, packed as in the RTL */
#define AOTF_HTLB_LW 22u
static inline uint32_t aotf_htlb_lane(const uint64_t *w, uint32_t k) {
  uint32_t b = AOTF_HTLB_LW * k, i = b / 64, s = b % 64;
  uint64_t v = w[i] >> s;
  if (s + AOTF_HTLB_LW > 64) v |= w[i + 1] << (64 - s);
  return (uint32_t)v & ((1u << AOTF_HTLB_LW) - 1);
}
static inline void aotf_htlb_lane_set(uint64_t *w, uint32_t k, uint32_t lane) {
  for (uint32_t j = 0; j < AOTF_HTLB_LW; j++) {
    uint32_t b = AOTF_HTLB_LW * k + j;
    w[b / 64] = (w[b / 64] & ~(1ull << (b % 64))) | ((uint64_t)((lane >> j) & 1) << (b % 64));
  }
}

enum { AOTF_LK_IDLE = 0, AOTF_LK_LOOK = 1, AOTF_LK_MISS = 2, AOTF_LK_DEC = 3, AOTF_LK_TAG = 4, AOTF_LK_WALK = 5 };

typedef struct {
  uint32_t sets;
  uint32_t state, busy, ptr, rr;
  uint64_t tq[2];       /* TAG -> LOOK: tag RAM copy A's read data, registered (rtl tq_q) */
  uint64_t tqb[2];      /* copy B's (rtl tqb_q) */
  uint32_t fm[4];       /* LOOK -> DEC: the ways' header formats (rtl fm_q) */
  uint32_t rb, rb2;     /* the read one / two cycles ago was copy B's (rtl rb_q, rb2_q) */
  uint32_t v, eql, eqh; /* LOOK -> DEC: split compare (per way: valid, tag[3:0] ==, tag[7:4] ==) */
  uint32_t wv;          /* the victim of the last DEC (rtl wv_q: a walk's fallback reports it) */
  int wd;               /* a CSR / sweep tag write happened during the walk (rtl wd_q) */
  int rep;              /* a miss was reported and no lookup has hit since (rtl rep_q) */
  /* tag RAM write stage (rtl wq_*_q): a write requested in an earlier cycle, written into both
   * copies in a cycle without a CSR view read; wq_be don't-care unless wq_v */
  int wq_v;
  uint32_t wq_addr, wq_be, wq_lane;
  nic_ram_t ram;   /* copy A: sets x 36, 4 lanes of {valid, tag[7:0]} */
  nic_ram_t ram_b; /* copy B: the same writes; read only by the lookup of a head in the FIFO's
                    * hold register, at hold_set (rtl u_tag_ram_b) */
} aotf_htlb_t;

typedef struct {
  int rst_ni, head_valid, next_free, csr_tag_wr, csr_tag_rd, csr_valid, flush, early_v, early_ok;
  uint32_t head_page, csr_set, csr_way, csr_tag, early_set, csr_fmt;
  uint32_t csr_rd_set; /* view read (csr_tag_rd = HTLB_IDX write): the set being written */
  /* the head's set by where it sits (rtl hold_sel_i / hold_set_i / byp_set_i): equal to
   * head_page's set whenever head_valid */
  int hold_sel;
  uint32_t hold_set, byp_set;
  /* refill walker: enable, its answer, its tag RAM write (only when wk_port_free) */
  int walk_en, walk_done, walk_hit, wk_tag_wr;
  uint32_t wk_set, wk_way, wk_tag, wk_fmt;
} aotf_htlb_in_t;

typedef struct {
  int pop, miss, init_busy, init_busy_d, sweep_wr; /* sweep_wr: the sweep writes set init_ptr this cycle */
  int walk_start, wk_port_free;
  uint32_t hit_way, hit_fmt, victim, state, init_ptr, rr;
  uint64_t tag_rd[2];
} aotf_htlb_out_t;

/* next-state controls of one cycle (aotf_htlb_comb) */
typedef struct {
  int wr_en, rd_en, rd_b, issue, tag_write;
  int ram_we;       /* the RAM takes the stage's write this cycle */
  uint32_t wr_lane; /* the request's lane data */
  uint32_t v_d, eql_d, eqh_d;
  uint32_t wr_addr, rd_addr, wr_be;
  uint64_t wr_data[2];
  uint32_t fm_d[4];
  uint32_t state_d, rr_d, busy_d, ptr_d;
  uint32_t victim_c; /* the victim of this cycle's DEC */
  int wd_d;          /* a CSR / sweep tag write since DEC of the walk (rtl wd_d) */
  int miss, pop;     /* this cycle's miss report and hit (= the outputs) */
} aotf_htlb_ctl_t;

int aotf_htlb_init(aotf_htlb_t *m, uint32_t sets, uint64_t seed);
void aotf_htlb_free(aotf_htlb_t *m);
void aotf_htlb_eval(const aotf_htlb_t *m, const aotf_htlb_in_t *in, aotf_htlb_out_t *out);
void aotf_htlb_tick(aotf_htlb_t *m, const aotf_htlb_in_t *in);
/* the cycle in two parts that compute the combinational logic once: aotf_htlb_comb gives the
 * outputs (as aotf_htlb_eval) and the next-state controls c; aotf_htlb_update(m, in, c) with the
 * same inputs is the clock edge (as aotf_htlb_tick) */
void aotf_htlb_comb(const aotf_htlb_t *m, const aotf_htlb_in_t *in, aotf_htlb_out_t *out, aotf_htlb_ctl_t *c);
void aotf_htlb_update(aotf_htlb_t *m, const aotf_htlb_in_t *in, const aotf_htlb_ctl_t *c);
#endif
