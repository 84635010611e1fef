// SPDX-License-Identifier: Apache-2.0
/* nic_hostmem: host memory model for DMA masters (environment, not hardware).
 * A flat little-endian byte array answering the simple DMA request/response port of
 * rtl/comet_via.v (docs/reference/comet_via.md):
 *   request  valid/ready, we, addr (8-byte aligned), wdata[63:0], wstrb[7:0]
 *   response valid, rdata[63:0]: one per read, in request order, latency lat_min..lat_max >= 1
 *            cycles after the accepting edge, no back-pressure; writes get no response.
 * Use per cycle: nic_hostmem_drive() before the DUT evaluates (ready + response of this cycle),
 * nic_hostmem_observe() after (the request seen this cycle). Accesses outside the array are
 * counted (oob_*) and read as 0. No globals; deterministic for a seed. */
#ifndef NIC_HOSTMEM_H
#define NIC_HOSTMEM_H
#include <stdint.h>

#define NIC_HOSTMEM_QCAP 256

typedef struct {
  uint8_t *mem;
  uint32_t size;
  uint64_t rng;
  uint32_t lat_min, lat_max, ready_pct;
  uint64_t q_data[NIC_HOSTMEM_QCAP], q_due[NIC_HOSTMEM_QCAP];
  uint32_t qh, qn;
  uint64_t last_due;
  int ready_now;
  uint64_t reads, writes, oob_reads, oob_writes, q_overflow;
} nic_hostmem_t;

int nic_hostmem_init(nic_hostmem_t *h, uint32_t size, uint64_t seed);
void nic_hostmem_free(nic_hostmem_t *h);
void nic_hostmem_set(nic_hostmem_t *h, uint32_t lat_min, uint32_t lat_max, uint32_t ready_pct);
/* inputs of this cycle: request ready, response valid/data (a due response is presented once) */
void nic_hostmem_drive(nic_hostmem_t *h, uint64_t cycle, int *ready, int *rsp_valid,
                       uint64_t *rsp_data);
/* the request the master drove this cycle (transfer if valid && the ready of this cycle) */
void nic_hostmem_observe(nic_hostmem_t *h, uint64_t cycle, int valid, int we, uint32_t addr,
                         uint64_t wdata, uint32_t wstrb);
/* drop pending responses (master reset) */
void nic_hostmem_flush(nic_hostmem_t *h);
uint8_t nic_hostmem_rd8(const nic_hostmem_t *h, uint64_t a);
void nic_hostmem_wr8(nic_hostmem_t *h, uint64_t a, uint8_t v);
uint64_t nic_hostmem_rd64(const nic_hostmem_t *h, uint64_t a); /* little-endian, any alignment */
void nic_hostmem_wr64(nic_hostmem_t *h, uint64_t a, uint64_t v);
#endif
