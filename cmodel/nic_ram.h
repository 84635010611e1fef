// SPDX-License-Identifier: Apache-2.0
/* nic_ram: C model of rtl/nic_ram_1r1w.v (one write port, one synchronous read port).
 * Contents and the read register start random (power-up), like the RTL under
 * Verilator --x-initial unique. A read of the address written in the same cycle returns
 * undefined data in hardware; the model returns the old data and counts a collision.
 * Benches require collisions == 0. */
#ifndef NIC_RAM_H
#define NIC_RAM_H
#include <stdint.h>

#define NIC_RAM_MAXW 4 /* up to 256-bit words */

typedef struct {
  uint32_t depth, width, nbe, nw; /* nw = 64-bit words per entry */
  uint64_t *mem;                  /* depth * nw */
  uint64_t rd[NIC_RAM_MAXW];      /* read data register */
  uint64_t collisions;
  uint64_t rng;
} nic_ram_t;

/* seed: power-up content; returns 0 on success */
int nic_ram_init(nic_ram_t *r, uint32_t depth, uint32_t width, uint32_t nbe, uint64_t seed);
void nic_ram_free(nic_ram_t *r);
/* current read data (valid one cycle after a read, held otherwise) */
static inline const uint64_t *nic_ram_rd(const nic_ram_t *r) { return r->rd; }
static inline uint64_t nic_ram_rd64(const nic_ram_t *r) { return r->rd[0]; }
/* rising edge. wdata has nw words; be has nbe bits (ignored when nbe == 1). */
void nic_ram_tick(nic_ram_t *r, int we, uint32_t waddr, const uint64_t *wdata, uint64_t be,
                  int re, uint32_t raddr);
/* 64-bit convenience */
void nic_ram_tick64(nic_ram_t *r, int we, uint32_t waddr, uint64_t wdata, uint64_t be, int re,
                    uint32_t raddr);
/* direct access for benches / debug dumps (not a hardware port) */
const uint64_t *nic_ram_peek(const nic_ram_t *r, uint32_t addr);
#endif
