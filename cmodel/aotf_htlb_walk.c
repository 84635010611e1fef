// SPDX-License-Identifier: Apache-2.0
#include "aotf_htlb_walk.h"
#include <string.h>

int aotf_htlb_walk_init(aotf_htlb_walk_t *m, uint32_t sets, uint32_t entries, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (entries < 2 || entries > 65536 || (entries & (entries - 1))) return -1;
  m->sets = sets;
  m->entries = entries;
  m->state = (uint32_t)(seed & 7); /* power-up: arbitrary */
  m->word = (uint32_t)(seed >> 3) & 3;
  m->page = (uint32_t)(seed >> 5) & 0xFFFF;
  if (nic_ram_init(&m->seed, entries, 256, 4, seed ^ 0x48545453ull)) return -1;
  return nic_ram_init(&m->tag, entries, 30, 1, seed ^ 0x48545454ull);
}

void aotf_htlb_walk_free(aotf_htlb_walk_t *m) {
  nic_ram_free(&m->seed);
  nic_ram_free(&m->tag);
}

void aotf_htlb_walk_state(const aotf_htlb_walk_t *m, aotf_htlb_walk_out_t *o) {
  o->busy = m->state != AOTF_WK_IDLE;
  o->state = m->state;
  o->set = m->page & (m->sets - 1);
  o->way = m->victim & 3;
  o->tag = (m->page >> 8) & 0xFF;
  o->fmt = (m->ht >> 17) & 0x1FFF;
  o->word = m->word & 3;
  o->seed = m->hs[m->word & 3];
}

void aotf_htlb_walk_eval(const aotf_htlb_walk_t *m, const aotf_htlb_walk_in_t *in, aotf_htlb_walk_out_t *o) {
  aotf_htlb_walk_state(m, o);
  o->done = o->hit = o->tag_wr = o->seed_wr = o->rd_en = 0;
  switch (m->state) {
    case AOTF_WK_RD: o->rd_en = !(in->htt_seed_wr || in->htt_tag_wr); break;
    case AOTF_WK_DEC: o->done = !m->match; break;
    case AOTF_WK_SEED: o->seed_wr = in->seed_port_free; break;
    case AOTF_WK_TAG:
      o->tag_wr = in->tag_port_free;
      o->done = o->hit = in->tag_port_free;
      break;
    default: break;
  }
  if (in->abort) o->done = o->hit = o->tag_wr = o->seed_wr = 0;
}

void aotf_htlb_walk_tick(aotf_htlb_walk_t *m, const aotf_htlb_walk_in_t *in) {
  aotf_htlb_walk_out_t o;
  aotf_htlb_walk_eval(m, in, &o);
  uint32_t st = m->state, word = m->word;
  switch (m->state) {
    case AOTF_WK_IDLE: if (in->start) st = AOTF_WK_RD; break;
    case AOTF_WK_RD: if (o.rd_en) st = AOTF_WK_WT; break;
    case AOTF_WK_WT: st = AOTF_WK_CMP; break;
    case AOTF_WK_CMP: st = AOTF_WK_DEC; break;
    case AOTF_WK_DEC: st = m->match ? AOTF_WK_PG : AOTF_WK_IDLE; break;
    case AOTF_WK_PG:
      word = 0;
      if (!in->pg_busy) st = AOTF_WK_SEED;
      break;
    case AOTF_WK_SEED:
      if (o.seed_wr) {
        word = (m->word + 1) & 3;
        if (m->word == 3) st = AOTF_WK_TAG;
      }
      break;
    case AOTF_WK_TAG: if (o.tag_wr) st = AOTF_WK_IDLE; break;
    default: st = AOTF_WK_IDLE;
  }
  if (in->abort) st = AOTF_WK_IDLE;
  /* payload registers (no reset in RTL): the RAM output registers before their tick */
  const uint64_t *rs = nic_ram_rd(&m->seed);
  uint32_t old_ht = m->ht;
  m->match = (old_ht >> 16 & 1) && (old_ht & 0xFFFF) == m->page;
  memcpy(m->hs, rs, sizeof(m->hs));
  m->ht = (uint32_t)nic_ram_rd64(&m->tag) & 0x3FFFFFFFu;
  uint32_t ridx = m->page & (m->entries - 1);
  uint64_t wd[4] = {in->htt_seed, in->htt_seed, in->htt_seed, in->htt_seed};
  uint32_t widx = in->htt_idx & (m->entries - 1);
  nic_ram_tick(&m->seed, in->htt_seed_wr && in->rst_ni, widx, wd, 1ull << (in->htt_word & 3), o.rd_en, ridx);
  nic_ram_tick64(&m->tag, in->htt_tag_wr && in->rst_ni, widx, in->htt_tag & 0x3FFFFFFFu, 1, o.rd_en, ridx);
  if (m->state == AOTF_WK_IDLE) {
    m->page = in->page & 0xFFFF;
    m->victim = in->victim & 3;
  }
  m->word = word;
  m->state = in->rst_ni ? st : AOTF_WK_IDLE;
}
