// SPDX-License-Identifier: Apache-2.0
#include "nic_ram.h"
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t word_mask(const nic_ram_t *r, uint32_t w) {
  uint32_t bits = r->width - 64u * w;
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1);
}

int nic_ram_init(nic_ram_t *r, uint32_t depth, uint32_t width, uint32_t nbe, uint64_t seed) {
  memset(r, 0, sizeof(*r));
  if (depth < 2 || width < 1 || width > 64 * NIC_RAM_MAXW || nbe < 1 || width % nbe) return -1;
  r->depth = depth;
  r->width = width;
  r->nbe = nbe;
  r->nw = (width + 63) / 64;
  r->rng = seed ^ 0x52414dull;
  r->mem = malloc(sizeof(uint64_t) * depth * r->nw);
  if (!r->mem) return -1;
  for (uint32_t i = 0; i < depth; i++)
    for (uint32_t w = 0; w < r->nw; w++) r->mem[i * r->nw + w] = splitmix(&r->rng) & word_mask(r, w);
  for (uint32_t w = 0; w < r->nw; w++) r->rd[w] = splitmix(&r->rng) & word_mask(r, w);
  return 0;
}

void nic_ram_free(nic_ram_t *r) {
  free(r->mem);
  r->mem = NULL;
}

/* an address modulo the depth (a mask for the usual power-of-two depth) */
static uint32_t wrap(const nic_ram_t *r, uint32_t a) {
  return (r->depth & (r->depth - 1)) ? a % r->depth : a & (r->depth - 1);
}

/* the write of one entry: all words (nbe == 1) or the enabled lanes, lane by lane as bit ranges */
static void write_entry(const nic_ram_t *r, uint64_t *e, const uint64_t *wdata, uint64_t be) {
  if (r->nbe == 1) {
    for (uint32_t w = 0; w < r->nw; w++) e[w] = wdata[w] & word_mask(r, w);
    return;
  }
  uint32_t lane = r->width / r->nbe;
  for (uint32_t b = 0; b < r->nbe; b++) {
    if (!((be >> b) & 1)) continue;
    for (uint32_t bit = b * lane, hi = bit + lane; bit < hi;) {
      uint32_t w = bit / 64, s = bit % 64, n = hi - bit < 64 - s ? hi - bit : 64 - s;
      uint64_t m = (n >= 64 ? ~0ull : ((1ull << n) - 1)) << s;
      e[w] = (e[w] & ~m) | (wdata[w] & m);
      bit += n;
    }
  }
}

void nic_ram_tick(nic_ram_t *r, int we, uint32_t waddr, const uint64_t *wdata, uint64_t be,
                  int re, uint32_t raddr) {
  if (re) {
    raddr = wrap(r, raddr);
    if (we && wrap(r, waddr) == raddr) r->collisions++;
    memcpy(r->rd, &r->mem[raddr * r->nw], sizeof(uint64_t) * r->nw);
  }
  if (we) write_entry(r, &r->mem[wrap(r, waddr) * r->nw], wdata, be);
}

void nic_ram_tick64(nic_ram_t *r, int we, uint32_t waddr, uint64_t wdata, uint64_t be, int re,
                    uint32_t raddr) {
  if (!we && !re) return;
  if (r->nw == 1) { /* one word: no array */
    if (re) {
      raddr = wrap(r, raddr);
      if (we && wrap(r, waddr) == raddr) r->collisions++;
      r->rd[0] = r->mem[raddr];
    }
    if (we) write_entry(r, &r->mem[wrap(r, waddr)], &wdata, be);
    return;
  }
  uint64_t w[NIC_RAM_MAXW] = {wdata, 0, 0, 0};
  nic_ram_tick(r, we, waddr, w, be, re, raddr);
}

const uint64_t *nic_ram_peek(const nic_ram_t *r, uint32_t addr) { return &r->mem[(addr % r->depth) * r->nw]; }
