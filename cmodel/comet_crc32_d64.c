// SPDX-License-Identifier: Apache-2.0
#include "comet_crc32_d64.h"
#include <zlib.h>

uint32_t comet_crc32_d64(uint32_t crc, uint64_t data, unsigned nbytes) {
  unsigned char b[8];
  for (int i = 0; i < 8; i++) b[i] = (unsigned char)(data >> (8 * i));
  if (nbytes > 8) nbytes = 8;
  return ~(uint32_t)crc32(~crc & 0xFFFFFFFFul, b, nbytes);
}
