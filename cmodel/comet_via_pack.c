// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the send byte packer. Payload read responses (each with its byte offset,
 * count, last flag and VI in the metadata) are appended to a 128-bit accumulator; the
 * transmit stream takes 8 bytes per beat from its bottom. Idle while a receive runs (S_RX
 * uses the accumulator, comet_via_unpack.c). */
#include "comet_via_int.h"

void cv_pack_tick(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (t->rx) return;
  cv_u128 abase;
  uint32_t cbase;
  if (t->tx_emit) {
    abase = cv_acc_get(q->acc) >> 64;
    cbase = q->cnt >= 8 ? q->cnt - 8 : 0;
    if (c->tx_last) n->in_done = 0;
  } else {
    abase = cv_acc_get(q->acc);
    cbase = q->cnt;
  }
  if (c->rsp_pay && (!q->in_done || (t->tx_emit && c->tx_last)) && (q->cnt < 8 || t->tx_emit)) {
    t->rsp_pop = 1;
    uint32_t off = c->meta_data & 7, nn = ((c->meta_data >> 3) & 7) + 1;
    uint64_t piece = (c->rsp_data >> (8 * off)) & cv_kmask64(nn);
    abase |= (cv_u128)piece << (8 * cbase);
    cbase += nn;
    n->in_done = (c->meta_data >> 6) & 1;
    n->pk_vi = (c->meta_data >> 7) & 3;
  }
  cv_acc_set(n->acc, abase);
  n->cnt = cbase & 31;
}
