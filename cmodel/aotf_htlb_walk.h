// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_htlb_walk.v: HTLB refill walker and the header translation table (HTT). */
#ifndef AOTF_HTLB_WALK_H
#define AOTF_HTLB_WALK_H
#include <stdint.h>
#include "nic_ram.h"

enum {
  AOTF_WK_IDLE = 0, AOTF_WK_RD = 1, AOTF_WK_WT = 2, AOTF_WK_CMP = 3, AOTF_WK_DEC = 4,
  AOTF_WK_PG = 5, AOTF_WK_SEED = 6, AOTF_WK_TAG = 7
};

typedef struct {
  uint32_t sets, entries;
  uint32_t state, word, match, page, victim;
  uint64_t hs[4]; /* HTT seed words, registered (rtl hs_q) */
  uint32_t ht;    /* HTT {fmt, valid, page}, registered (rtl ht_q) */
  nic_ram_t seed; /* entries x 256, lane = seed word */
  nic_ram_t tag;  /* entries x 30: {fmt, valid, page} */
} aotf_htlb_walk_t;

typedef struct {
  int rst_ni, start, abort, htt_seed_wr, htt_tag_wr, tag_port_free, pg_busy, seed_port_free;
  uint32_t page, victim, htt_idx, htt_word, htt_tag;
  uint64_t htt_seed;
} aotf_htlb_walk_in_t;

typedef struct {
  int done, hit, busy, tag_wr, seed_wr, rd_en;
  uint32_t state, set, way, tag, word, fmt;
  uint64_t seed;
} aotf_htlb_walk_out_t;

int aotf_htlb_walk_init(aotf_htlb_walk_t *m, uint32_t sets, uint32_t entries, uint64_t seed);
void aotf_htlb_walk_free(aotf_htlb_walk_t *m);
/* outputs that depend on the state only (the set / way / tag / seed of the walk, busy, state) */
void aotf_htlb_walk_state(const aotf_htlb_walk_t *m, aotf_htlb_walk_out_t *out);
/* all outputs (strobes from this cycle's inputs) */
void aotf_htlb_walk_eval(const aotf_htlb_walk_t *m, const aotf_htlb_walk_in_t *in, aotf_htlb_walk_out_t *out);
void aotf_htlb_walk_tick(aotf_htlb_walk_t *m, const aotf_htlb_walk_in_t *in);
#endif
