// SPDX-License-Identifier: Apache-2.0
#include "comet_csum64.h"

uint32_t comet_csum64(uint64_t data, unsigned keep) {
  uint32_t s = 0;
  for (int j = 0; j < 4; j++) {
    uint32_t hi = ((keep >> (2 * j)) & 1) ? (uint32_t)(data >> (16 * j)) & 0xFF : 0;
    uint32_t lo = ((keep >> (2 * j + 1)) & 1) ? (uint32_t)(data >> (16 * j + 8)) & 0xFF : 0;
    s += (hi << 8) | lo;
  }
  return s;
}
