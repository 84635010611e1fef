// SPDX-License-Identifier: Apache-2.0
#include "libaotf_rxtlb.h"
#include <string.h>
#include "nic_pkg.h"

#define RX(r) ((uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_##r))

/* write entry idx: invalid while its fields change, the valid bit last */
static void load(aotf_rxtlb_t *t, unsigned idx, const aotf_rxmap_t *m) {
  nic_host_t *h = t->a->h;
  nic_host_csr_write(h, RX(TLB_INDEX), idx);
  nic_host_csr_write(h, RX(TLB_PGID), m->pgid);
  nic_host_csr_write(h, RX(TLB_PID), (uint32_t)m->pid | (uint32_t)m->region << AOTF_RX_TLB_PID_REGION_LSB);
  nic_host_csr_write(h, RX(TLB_VBASE), m->vbase);
  nic_host_csr_write(h, RX(TLB_VLIMIT), m->vlimit);
  nic_host_csr_write(h, RX(TLB_PBASE), m->pbase);
  nic_host_csr_write(h, RX(TLB_PGID), 1u << AOTF_RX_TLB_PGID_VALID_LSB | m->pgid);
}

void aotf_rxtlb_open(aotf_rxtlb_t *t, aotf_t *a) {
  nic_host_t *h = a->h;
  memset(t, 0, sizeof(*t));
  t->a = a;
  uint32_t cfg = nic_host_csr_read(h, RX(CONFIG));
  t->entries = 1u << ((cfg >> AOTF_RX_CONFIG_TLB_LOG2_LSB) & 0xFu);
  for (unsigned i = 0; i < t->entries; i++) {
    nic_host_csr_write(h, RX(TLB_INDEX), i);
    nic_host_csr_write(h, RX(TLB_PGID), 0);
  }
  nic_host_csr_write(h, RX(IRQ_EN), nic_host_csr_read(h, RX(IRQ_EN)) | 1u << AOTF_RX_STATUS_MISS_LSB);
  a->rxtlb = t;
}

int aotf_rxtlb_map(aotf_rxtlb_t *t, const aotf_rxmap_t *m, int preload) {
  if (t->n >= AOTF_RXTLB_MAX || m->vlimit <= m->vbase) return -1;
  t->map[t->n++] = *m;
  if (preload) {
    load(t, t->victim, m);
    t->victim = (t->victim + 1) % t->entries;
  }
  return 0;
}

void aotf_rxtlb_service(aotf_rxtlb_t *t) {
  nic_host_t *h = t->a->h;
  uint32_t st = nic_host_csr_read(h, RX(STATUS));
  if (!(st & (1u << AOTF_RX_STATUS_WAIT_LSB))) {
    if (st & (1u << AOTF_RX_STATUS_MISS_LSB)) nic_host_csr_write(h, RX(STATUS), 1u << AOTF_RX_STATUS_MISS_LSB);
    return;
  }
  uint32_t pgid = nic_host_csr_read(h, RX(MISS_PGID));
  uint32_t pr = nic_host_csr_read(h, RX(MISS_PID));
  uint32_t pid = pr & 0xFFFFu, region = (pr >> AOTF_RX_MISS_PID_REGION_LSB) & 0xFFu;
  nic_host_csr_write(h, RX(STATUS), 1u << AOTF_RX_STATUS_MISS_LSB); /* W1C before the refill */
  for (unsigned i = 0; i < t->n; i++) {
    const aotf_rxmap_t *m = &t->map[i];
    if (m->pgid == pgid && m->pid == pid && m->region == region) {
      load(t, t->victim, m);
      t->victim = (t->victim + 1) % t->entries;
      t->refills++;
      return;
    }
  }
  /* no mapping has this key: the packet is dropped (PROT), the stream goes on */
  nic_host_csr_write(h, RX(CTRL), 1u << AOTF_RX_CTRL_RX_EN_LSB | 1u << AOTF_RX_CTRL_MISS_DROP_LSB);
  t->drops++;
}

int aotf_map_virtual(aotf_t *a, uint32_t kick_page_addr, const aotf_hdr_t *hdr) {
  if (aotf_map(a, kick_page_addr, hdr, 0)) return -1;
  for (unsigned i = 0; i < a->htt_n; i++)
    if (a->htt[i].page == kick_page_addr >> 12)
      a->htt[i].seed[AOTF_HDR_FLAGS_WORD] &= ~((uint64_t)FLAG_XLAT_SKIP << AOTF_HDR_FLAGS_LSB);
  return 0;
}
