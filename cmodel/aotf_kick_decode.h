// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_kick_decode.v (combinational: no state, so no init/tick). */
#ifndef AOTF_KICK_DECODE_H
#define AOTF_KICK_DECODE_H
#include <stdint.h>

typedef struct {
  uint32_t addr, be, window;
  uint32_t sw; /* log2(HTLB sets): addr[19:12+sw] must be 0 */
  uint64_t data;
} aotf_kick_decode_in_t;

typedef struct {
  int err_align, err_window, err_be, ok;
  uint32_t page, off, len, user;
  uint64_t data;
} aotf_kick_decode_out_t;

/* uw = user id bits (top uw bits of the 8-bit tag) */
void aotf_kick_decode_eval(uint32_t uw, const aotf_kick_decode_in_t *in, aotf_kick_decode_out_t *out);
#endif
