// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_crc32_d64.v and rtl/comet_csum64.v helpers (combinational). */
#ifndef COMET_CRC32_D64_H
#define COMET_CRC32_D64_H
#include <stdint.h>
/* raw CRC-32 register (init 0xFFFFFFFF, FCS = ~crc) after the first nbytes (0..8) of data,
 * byte 0 = data[7:0]. Uses zlib crc32 (same polynomial, reflected). */
uint32_t comet_crc32_d64(uint32_t crc, uint64_t data, unsigned nbytes);
#endif
