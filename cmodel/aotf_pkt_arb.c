// SPDX-License-Identifier: Apache-2.0
#include "aotf_pkt_arb.h"

void aotf_pkt_arb_init(aotf_pkt_arb_t *a, uint64_t seed) {
  a->lock = (int)(seed & 1);
  a->sel = (int)((seed >> 1) & 1);
  a->pri = (int)((seed >> 2) & 1);
}

void aotf_pkt_arb_tick(aotf_pkt_arb_t *a, int rst_ni, int gnt_b, int m_valid, int m_ready, int m_last) {
  if (!rst_ni) {
    a->lock = a->sel = a->pri = 0;
    return;
  }
  if (m_valid && m_ready) {
    if (!a->lock) a->pri = !gnt_b;
    a->lock = !m_last;
    a->sel = gnt_b;
  }
}
