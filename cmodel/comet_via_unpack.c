// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the receive side. Every accepted beat (S_RX or S_DRAIN) goes into a
 * 16-byte ring whose rotation is the receive write data; in S_RX the beat's bytes are also
 * appended to the accumulator, from which each receive write takes the bytes that fit the
 * current segment's 8-byte word. */
#include "comet_via_int.h"

/* receive byte ring: every beat (S_RX or S_DRAIN) writes its 8 tdata bytes from rwp on and
 * moves rwp by its byte count; the read rotation is set in a receive's segment load cycle
 * and moves 8 bytes after a full chunk that does not end its segment */
void cv_rx_ring(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, const cv_tick_t *t,
                comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (in->s_axis_rx_tvalid && c->rx_ready) {
    for (uint32_t k = 0; k < 8; k++) n->rxr[(q->rwp + k) & 15] = (uint8_t)(in->s_axis_rx_tdata >> (8 * k));
    n->rwp = (q->rwp + ((uint32_t)in->s_axis_rx_tcnt & 15)) & 15; /* the byte count sideband */
  }
  if (q->w_act && q->seg_ld) n->rsh = (q->rwp - q->cnt - (q->cur_addr & 7)) & 15;
  else if (t->rx && t->w_acc && q->cnt >= c->room && q->cur_rem != c->room) n->rsh = q->rsh ^ 8;
}

/* control FSM S_RX: the unpacker's accumulator, the bytes written, truncation (err bit 3) */
void cv_unpack_tick(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, const cv_tick_t *t,
                    comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  cv_u128 abase = cv_acc_get(q->acc);
  uint32_t cbase = q->cnt;
  if (t->w_acc) {
    abase = cv_acc_get(q->acc) >> (8 * c->rx_n);
    cbase = q->cnt - c->rx_n;
    n->xfer = q->xfer + c->rx_n;
  }
  if (q->walk_done && q->cnt != 0) {
    abase = 0;
    cbase = 0;
    n->err |= 8;
  }
  if (in->s_axis_rx_tvalid && c->rx_ready) {
    n->in_done = (uint32_t)in->s_axis_rx_tlast;
    if (q->walk_done) n->err |= 8;
    else {
      uint32_t pc = (uint32_t)in->s_axis_rx_tcnt & 15; /* = popcount(tkeep) */
      abase |= (cv_u128)(in->s_axis_rx_tdata & cv_kmask64(pc)) << (8 * cbase);
      cbase += pc;
    }
  }
  cv_acc_set(n->acc, abase);
  n->cnt = cbase & 31;
  if (q->in_done && q->cnt == 0) {
    n->w_act = 0;
    n->in_done = 0;
    n->state = CV_S_WB;
  }
}
