// SPDX-License-Identifier: Apache-2.0
#include "libaotf_botf.h"
#include <string.h>
#include "nic_pkg.h"

#define BOTF(r) ((uint16_t)(CSR_BASE_AOTF_BOTF + CSR_AOTF_BOTF_##r))

static uint32_t st_addr(unsigned user, unsigned win, unsigned word) {
  return (BOTF_WINDOW << 28) | ((user & 7u) << 25) | ((win & 0xffu) << 12) | ((word & 0x1ffu) << 3);
}

int botf_open(botf_t *b, nic_host_t *h) {
  memset(b, 0, sizeof(*b));
  b->h = h;
  if (nic_host_csr_read(h, BOTF(ID)) != AOTF_BOTF_ID_ID_RESET) return -1;
  uint32_t p = nic_host_csr_read(h, BOTF(PARAMS));
  b->nwin = (p >> AOTF_BOTF_PARAMS_NWIN_LSB) & 0xffffu;
  b->hdrs = (p >> AOTF_BOTF_PARAMS_HDRS_LSB) & 0xffu;
  return 0;
}

void botf_set_owner(botf_t *b, unsigned win, unsigned user, int en) {
  nic_host_csr_write(b->h, BOTF(OWN_IDX), win);
  nic_host_csr_write(b->h, BOTF(OWNER), (user & 7u) | ((en ? 1u : 0u) << AOTF_BOTF_OWNER_EN_LSB));
}

void botf_set_header(botf_t *b, unsigned e, unsigned user, const botf_hdr_t *hd) {
  uint64_t w[4] = {0, 0, 0, 0};
  w[0] = (uint64_t)hd->dst_node | ((uint64_t)hd->src_node << 16) | ((uint64_t)PTYPE_BOTF << 32) |
         ((uint64_t)hd->flags << 40) | ((uint64_t)hd->pgid << 48);
  if (hd->hfmt == HFMT_16) {
    w[1] = (hd->raddr & 0xfff000ull) | ((uint64_t)hd->region << AOTF16_HDR_REGION_LSB) |
           ((uint64_t)hd->pid << AOTF16_HDR_PID_LSB);
  } else {
    w[1] = hd->raddr & ~0xfffull;
    w[2] = ((uint64_t)hd->region << AOTF_HDR_REGION_LSB) | ((uint64_t)hd->pid << AOTF_HDR_PID_LSB);
    w[3] = hd->aux;
  }
  nic_host_csr_write(b->h, BOTF(HDR_IDX), e);
  nic_host_csr_write(b->h, BOTF(HDR_CFG), (user & 7u) | (1u << AOTF_BOTF_HDR_CFG_EN_LSB) |
                                               ((hd->hfmt & 3u) << AOTF_BOTF_HDR_CFG_HFMT_LSB));
  for (unsigned k = 0; k < 4; k++) {
    nic_host_csr_write(b->h, BOTF(HDR_IDX), e | (k << AOTF_BOTF_HDR_IDX_WORD_LSB));
    nic_host_csr_write(b->h, BOTF(SEED_LO), (uint32_t)w[k]);
    nic_host_csr_write(b->h, BOTF(SEED_HI), (uint32_t)(w[k] >> 32));
  }
}

void botf_write(botf_t *b, unsigned user, unsigned win, unsigned off, const uint8_t *p, unsigned len) {
  for (unsigned o = 0; o < len; o += 8) {
    uint64_t v = 0;
    unsigned k = len - o < 8 ? len - o : 8;
    for (unsigned i = 0; i < k; i++) v |= (uint64_t)p[o + i] << (8 * i);
    nic_host_store(b->h, st_addr(user, win, (off + o) / 8), v, (uint8_t)((1u << k) - 1));
  }
}

void botf_send(botf_t *b, unsigned user, unsigned win, unsigned len, unsigned e, unsigned roff) {
  uint64_t d = (uint64_t)(len & 0xffffu) | ((uint64_t)(e & 0xffu) << 16) | ((uint64_t)(roff & 0xfffu) << 32);
  nic_host_store(b->h, st_addr(user, win, BOTF_WORD_SEND), d, 0xff);
}

int botf_busy(botf_t *b, unsigned win) {
  /* the status read after this user's earlier stores (the store port and the CSR bus are
   * separate paths): a SEND still in the store buffer would read as free */
  nic_host_store_drain(b->h);
  uint32_t v = nic_host_csr_read(b->h, (uint16_t)(BOTF(BUSY0) + 4u * (win / 32u)));
  return (int)((v >> (win % 32u)) & 1u);
}

void botf_wait(botf_t *b, unsigned win) {
  while (botf_busy(b, win)) b->busy_polls++;
}

uint32_t botf_counter(botf_t *b, uint16_t reg) { return nic_host_csr_read(b->h, (uint16_t)(CSR_BASE_AOTF_BOTF + reg)); }
