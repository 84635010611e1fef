// SPDX-License-Identifier: Apache-2.0
#include "aotf_kick_decode.h"

void aotf_kick_decode_eval(uint32_t uw, const aotf_kick_decode_in_t *in, aotf_kick_decode_out_t *out) {
  uint32_t be = in->be & 0xFFu;
  uint32_t low = be & ((~be + 1u) & 0xFFu);
  uint32_t sum = (be + low) & 0xFFu;
  int contig = be != 0 && (sum & be) == 0;
  uint32_t lane = be ? (uint32_t)__builtin_ctz(be) : 0;   /* the lowest enabled byte lane */
  uint32_t len = be - ((be >> 1) & 0x55u);                  /* enabled bytes (bit count) */
  len = (len & 0x33u) + ((len >> 2) & 0x33u);
  len = (len + (len >> 4)) & 0x0Fu;
  uint64_t sh = in->data >> (8u * lane);
  uint64_t keep = len >= 8 ? ~0ull : ((1ull << (8u * len)) - 1);
  out->len = len;
  out->data = sh & keep;
  out->off = (((in->addr >> 3) & 0x1FFu) << 3) | lane;
  out->page = (in->addr >> 12) & 0xFFFFu;
  out->user = (in->addr >> (28u - uw)) & ((1u << uw) - 1);
  out->err_align = (in->addr & 7u) != 0;
  out->err_window = !out->err_align && ((((in->addr >> 28) & 0xFu) != (in->window & 0xFu)) ||
                                         ((((in->addr >> 12) & 0xFFu) >> in->sw) != 0));
  out->err_be = !out->err_align && !out->err_window && !contig;
  out->ok = !out->err_align && !out->err_window && contig;
}
