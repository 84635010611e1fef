// SPDX-License-Identifier: Apache-2.0
#include "nic_hostmem.h"
#include <stdlib.h>
#include <string.h>

static uint64_t hm_rand(nic_hostmem_t *h) {
  uint64_t z = (h->rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int nic_hostmem_init(nic_hostmem_t *h, uint32_t size, uint64_t seed) {
  memset(h, 0, sizeof(*h));
  h->mem = calloc(size, 1);
  if (!h->mem) return -1;
  h->size = size;
  h->rng = seed ^ 0x484D454Dull;
  for (uint32_t i = 0; i < size; i++) h->mem[i] = (uint8_t)hm_rand(h);
  h->lat_min = h->lat_max = 1;
  h->ready_pct = 100;
  return 0;
}

void nic_hostmem_free(nic_hostmem_t *h) {
  free(h->mem);
  h->mem = NULL;
}

void nic_hostmem_set(nic_hostmem_t *h, uint32_t lat_min, uint32_t lat_max, uint32_t ready_pct) {
  h->lat_min = lat_min < 1 ? 1 : lat_min;
  h->lat_max = lat_max < h->lat_min ? h->lat_min : lat_max;
  h->ready_pct = ready_pct;
}

void nic_hostmem_drive(nic_hostmem_t *h, uint64_t cycle, int *ready, int *rsp_valid,
                       uint64_t *rsp_data) {
  h->ready_now = (hm_rand(h) % 100) < h->ready_pct;
  *ready = h->ready_now;
  *rsp_valid = 0;
  *rsp_data = hm_rand(h); /* don't-care while invalid: random */
  if (h->qn && h->q_due[h->qh] <= cycle) {
    *rsp_valid = 1;
    *rsp_data = h->q_data[h->qh];
    h->qh = (h->qh + 1) % NIC_HOSTMEM_QCAP;
    h->qn--;
  }
}

uint8_t nic_hostmem_rd8(const nic_hostmem_t *h, uint64_t a) { return a < h->size ? h->mem[a] : 0; }
void nic_hostmem_wr8(nic_hostmem_t *h, uint64_t a, uint8_t v) {
  if (a < h->size) h->mem[a] = v;
}
uint64_t nic_hostmem_rd64(const nic_hostmem_t *h, uint64_t a) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | nic_hostmem_rd8(h, a + (uint64_t)i);
  return v;
}
void nic_hostmem_wr64(nic_hostmem_t *h, uint64_t a, uint64_t v) {
  for (int i = 0; i < 8; i++) nic_hostmem_wr8(h, a + (uint64_t)i, (uint8_t)(v >> (8 * i)));
}

void nic_hostmem_observe(nic_hostmem_t *h, uint64_t cycle, int valid, int we, uint32_t addr,
                         uint64_t wdata, uint32_t wstrb) {
  if (!valid || !h->ready_now) return;
  if (we) {
    h->writes++;
    if ((uint64_t)addr + 8 > h->size) h->oob_writes++;
    for (int i = 0; i < 8; i++)
      if (wstrb >> i & 1) nic_hostmem_wr8(h, (uint64_t)addr + (uint64_t)i, (uint8_t)(wdata >> (8 * i)));
    return;
  }
  h->reads++;
  if ((uint64_t)addr + 8 > h->size) h->oob_reads++;
  if (h->qn == NIC_HOSTMEM_QCAP) {
    h->q_overflow++;
    return;
  }
  uint64_t lat = h->lat_min + hm_rand(h) % (h->lat_max - h->lat_min + 1);
  uint64_t due = cycle + lat;
  if (h->qn && due <= h->last_due) due = h->last_due + 1;
  h->last_due = due;
  uint32_t t = (h->qh + h->qn) % NIC_HOSTMEM_QCAP;
  h->q_data[t] = nic_hostmem_rd64(h, addr);
  h->q_due[t] = due;
  h->qn++;
}

void nic_hostmem_flush(nic_hostmem_t *h) { h->qn = 0; }
