// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_csum64.v: sum of the four big-endian 16-bit words of a beat, bytes with
 * keep = 0 counted as zero (18-bit result). */
#ifndef COMET_CSUM64_H
#define COMET_CSUM64_H
#include <stdint.h>
uint32_t comet_csum64(uint64_t data, unsigned keep);
/* 32-bit sum -> 16-bit one's-complement sum (two carry folds), as the RTL fold() */
static inline uint32_t comet_fold(uint32_t s) {
  uint32_t a = (s & 0xFFFF) + (s >> 16);
  return ((a & 0xFFFF) + (a >> 16)) & 0xFFFF;
}
#endif
