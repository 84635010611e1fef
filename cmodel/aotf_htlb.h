/* C model of rtl/aotf_htlb.v: HTLB tag RAM, init sweep, lookup FSM, victim choice. */
#ifndef AOTF_HTLB_H
#define AOTF_HTLB_H
#include <stdint.h>
#include "nic_ram.h"

enum { AOTF_LK_IDLE = 0, AOTF_LK_LOOK = 1, AOTF_LK_MISS = 2, AOTF_LK_DEC = 3, AOTF_LK_TAG = 4 };

typedef struct {
  uint32_t sets;
  uint32_t state, busy, ptr, rr;
  uint64_t tq;          /* TAG -> LOOK: the tag RAM read data, registered */
  uint32_t v, eql, eqh; /* LOOK -> DEC: split compare (per way: valid, tag[3:0] ==, tag[7:4] ==) */
  nic_ram_t ram; /* sets x 36, 4 lanes of {valid, tag[7:0]} */
} aotf_htlb_t;

typedef struct {
  int rst_ni, head_valid, next_free, csr_tag_wr, csr_tag_rd, csr_valid, flush, early_v, early_ok;
  uint32_t head_page, csr_set, csr_way, csr_tag, early_set;
  uint32_t csr_rd_set; /* view read (csr_tag_rd = HTLB_IDX write): the set being written */
} aotf_htlb_in_t;

typedef struct {
  int pop, miss, init_busy, sweep_wr; /* sweep_wr: the sweep writes set init_ptr this cycle */
  uint32_t hit_way, victim, state, init_ptr, rr;
  uint64_t tag_rd;
} aotf_htlb_out_t;

int aotf_htlb_init(aotf_htlb_t *m, uint32_t sets, uint64_t seed);
void aotf_htlb_free(aotf_htlb_t *m);
void aotf_htlb_eval(const aotf_htlb_t *m, const aotf_htlb_in_t *in, aotf_htlb_out_t *out);
void aotf_htlb_tick(aotf_htlb_t *m, const aotf_htlb_in_t *in);
#endif
