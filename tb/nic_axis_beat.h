// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus helper: one beat of a byte message on a 64-bit AXI4-Stream (C and C++). */
#ifndef NIC_AXIS_BEAT_H
#define NIC_AXIS_BEAT_H
#include <stddef.h>
#include <stdint.h>

/* Drives bytes off .. off+k-1 (k = min(n - off, 8)) of an n-byte message into the low k lanes
 * of *tdata; the lanes above keep what *tdata held (the caller seeds it with noise, so the DUT
 * must not look at lanes outside tkeep). *tkeep = the k low lanes, *tlast = this is the
 * message's last beat. Message bytes at j >= cap (a message longer than the buffer that holds
 * it, e.g. a giant frame) are the pattern (uint8_t)(j * mul + add). Returns k. */
static inline size_t nic_axis_beat(const uint8_t *buf, size_t cap, size_t n, size_t off,
                                   unsigned mul, unsigned add,
                                   uint64_t *tdata, uint64_t *tkeep, uint64_t *tlast) {
  size_t left = n - off, k = left < 8 ? left : 8;
  uint64_t d = *tdata;
  for (size_t i = 0; i < k; i++) {
    size_t j = off + i;
    uint64_t b = j < cap ? buf[j] : (uint8_t)(j * mul + add);
    d = (d & ~(0xFFull << (8 * i))) | (b << (8 * i));
  }
  *tdata = d;
  *tkeep = (1u << k) - 1;
  *tlast = left <= 8;
  return k;
}
#endif
