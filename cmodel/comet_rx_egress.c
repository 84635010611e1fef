// SPDX-License-Identifier: Apache-2.0
#include "comet_rx_egress.h"
#include <string.h>

enum { P_IDLE = 0, P_RD6 = 1, P_BUSY = 2, P_RD7 = 3 };

void comet_rx_egress_init(comet_rx_egress_t *m, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->ph = (uint32_t)(seed % 3); /* power-up: arbitrary until reset */
}

void comet_rx_egress_eval(const comet_rx_egress_t *m, const comet_rx_egress_in_t *in,
                          comet_rx_egress_out_t *o) {
  uint32_t rem = m->rem;
  o->tvalid = m->ph == P_BUSY;
  o->tdata = (m->rdq & 0xFFFF) << 48 | (m->prev & 0xFFFFFFFFFFFFull);
  o->tlast = rem <= 8;
  o->tkeep = 0;
  for (uint32_t i = 0; i < 8; i++) if (rem > i) o->tkeep |= 1u << i;
  for (uint32_t i = 0; i < 8; i++) if (!((o->tkeep >> i) & 1)) o->tdata &= ~(0xFFull << (8 * i));
  int xfer = m->ph == P_BUSY && in->tready;
  int start = m->ph == P_IDLE && ((m->ready >> m->rd_slot) & 1);
  o->buf_re = start || m->ph == P_RD6 || m->ph == P_RD7 || xfer;
  o->buf_raddr = (m->rd_slot << 8) | (start ? 5u : m->ph == P_RD6 ? 6u : m->ph == P_RD7 ? 7u : ((m->beat + 8) & 0xFF));
  o->slot_free = ~m->ready & 3;
  o->slot_ready = m->ready;
  o->phase = m->ph;
  o->rd_slot = m->rd_slot;
}

void comet_rx_egress_tick(comet_rx_egress_t *m, const comet_rx_egress_in_t *in) {
  comet_rx_egress_out_t o;
  comet_rx_egress_eval(m, in, &o);
  if (!in->rst_ni) {
    memset(m, 0, sizeof(*m));
    return;
  }
  comet_rx_egress_t n = *m;
  int xfer = m->ph == P_BUSY && in->tready;
  int start = m->ph == P_IDLE && ((m->ready >> m->rd_slot) & 1);
  if (start) {
    n.ph = P_RD6;
    n.rem = m->rd_slot ? m->len1 : m->len0;
  }
  if (m->ph == P_RD6) {
    n.ph = P_RD7;
    n.prev = in->buf_rdata >> 16;
  }
  if (m->ph == P_RD7) {
    n.ph = P_BUSY;
    n.beat = 0;
    n.rdq = in->buf_rdata;
  }
  if (xfer) {
    n.beat = (m->beat + 1) & 0xFF;
    n.rem = (m->rem - 8) & 0x7FF;
    n.prev = m->rdq >> 16;
    n.rdq = in->buf_rdata;
    if (o.tlast) {
      n.ph = P_IDLE;
      n.ready &= ~(1u << m->rd_slot);
      n.rd_slot = !m->rd_slot;
    }
  }
  if (in->push) {
    n.ready |= 1u << in->push_slot;
    if (in->push_slot) n.len1 = (uint32_t)in->push_len & 0x7FF;
    else n.len0 = (uint32_t)in->push_len & 0x7FF;
  }
  *m = n;
}
