// SPDX-License-Identifier: Apache-2.0
#include "libaotf_htt.h"
#include "nic_pkg.h"

#define SEND(r) ((uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_##r))

static uint32_t entries(aotf_t *a) {
  return 1u << (nic_host_csr_read(a->h, SEND(HTT_PARAMS)) & 0x1fu);
}

uint32_t aotf_htt_init(aotf_t *a) {
  uint32_t n = entries(a);
  for (uint32_t e = 0; e < n; e++) {
    nic_host_csr_write(a->h, SEND(HTT_IDX), e << AOTF_SEND_HTT_IDX_ENTRY_LSB);
    nic_host_csr_write(a->h, SEND(HTT_TAG), 0);
  }
  return n;
}

void aotf_htt_put(aotf_t *a, const aotf_htt_ent_t *e) {
  nic_host_t *h = a->h;
  uint32_t page = e->page & 0xffffu, idx = page & (entries(a) - 1u);
  nic_host_csr_write(h, SEND(HTT_IDX), idx << AOTF_SEND_HTT_IDX_ENTRY_LSB);
  nic_host_csr_write(h, SEND(HTT_TAG), page);
  for (unsigned w = 0; w < 4; w++) {
    nic_host_csr_write(h, SEND(HTT_IDX), (idx << AOTF_SEND_HTT_IDX_ENTRY_LSB) | (w << AOTF_SEND_HTT_IDX_WORD_LSB));
    nic_host_csr_write(h, SEND(HTT_SEED_LO), (uint32_t)e->seed[w]);
    nic_host_csr_write(h, SEND(HTT_SEED_HI), (uint32_t)(e->seed[w] >> 32));
  }
  nic_host_csr_write(h, SEND(HTT_TAG), (e->fmt << AOTF_SEND_HTT_TAG_LPOS_LSB) | (1u << AOTF_SEND_HTT_TAG_VALID_LSB) | page);
}

uint32_t aotf_hdr_fmt(unsigned words, unsigned raddr_pos, unsigned len_pos) {
  uint32_t w = (words < 1 ? 1u : words > 4 ? 4u : words) - 1u;
  return (1u << 12) | (w << 10) | ((raddr_pos & 31u) << 5) | (len_pos & 31u);
}

int aotf_map_fmt(aotf_t *a, uint32_t kick_page_addr, uint32_t fmt) {
  for (unsigned i = 0; i < a->htt_n; i++)
    if (a->htt[i].page == kick_page_addr >> 12) {
      a->htt[i].fmt = fmt & 0x1fffu;
      return 0;
    }
  return -1;
}

void aotf_htt_remove(aotf_t *a, uint32_t page) {
  /* the HTT is write-only: clear the index only when no other page of the driver's table
   * was written there after this one (aotf_htt_load_all writes in table order) */
  uint32_t n = entries(a), idx = page & (n - 1u);
  for (unsigned i = a->htt_n; i-- > 0;) {
    if ((a->htt[i].page & (n - 1u)) != idx) continue;
    if (a->htt[i].page != page) return;
    break;
  }
  nic_host_csr_write(a->h, SEND(HTT_IDX), idx << AOTF_SEND_HTT_IDX_ENTRY_LSB);
  nic_host_csr_write(a->h, SEND(HTT_TAG), page & 0xffffu);
}

void aotf_htt_load_all(aotf_t *a) {
  for (unsigned i = 0; i < a->htt_n; i++) aotf_htt_put(a, &a->htt[i]);
}

void aotf_walk_enable(aotf_t *a, int on) {
  nic_host_t *h = a->h;
  uint32_t ctrl = nic_host_csr_read(h, SEND(CTRL)) & ~(1u << AOTF_SEND_CTRL_FLUSH_LSB);
  ctrl = on ? ctrl | (1u << AOTF_SEND_CTRL_WALK_EN_LSB) : ctrl & ~(1u << AOTF_SEND_CTRL_WALK_EN_LSB);
  nic_host_csr_write(h, SEND(CTRL), ctrl);
  if (!on) /* a walk started before the write finishes first (polled by reads alone) */
    while (nic_host_csr_read(h, SEND(STATUS)) & (1u << AOTF_SEND_STATUS_WALK_BUSY_LSB)) {
    }
}

void aotf_walk_counts(aotf_t *a, uint32_t *walks, uint32_t *hits, uint32_t *misses) {
  if (walks) *walks = nic_host_csr_read(a->h, SEND(CNT_WALKS));
  if (hits) *hits = nic_host_csr_read(a->h, SEND(CNT_WALK_HITS));
  if (misses) *misses = nic_host_csr_read(a->h, SEND(CNT_WALK_MISSES));
}
