// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: completion and status write-back. A send's completion waits in the send
 * completion queue for its tx_done code (one per sent message, in order) and is written back
 * from S_WBS; a receive's status is written from S_WB. The counters, STATUS bits and irq move
 * when the DMA port accepts the status write. */
#include "comet_via_int.h"

/* tx_done codes: one per sent message, in order; a pulse with no message waiting is ignored */
void cv_wb_codes(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, const cv_tick_t *t,
                 comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (t->tx_emit && c->tx_last) n->aw_cnt = (n->aw_cnt + 1) & 7;
  if (in->tx_done_valid_i && q->aw_cnt) {
    n->aw_cnt = (n->aw_cnt - 1) & 7;
    n->cd[q->cd_wp & 3] = (uint32_t)in->tx_done_code_i & 15;
    n->cd_wp = (q->cd_wp + 1) & 3;
    n->cd_cnt = (n->cd_cnt + 1) & 7;
  }
}

/* the send completion queue: a send queued from S_CTL / S_SEG (failed) or S_TXQ, popped with
 * its tx_done code when S_WBS's write is taken */
void cv_wb_cq(const comet_via_t *m, const cv_comb_t *c, const cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (t->cq_push) {
    uint32_t w = q->cq_wp & 3;
    n->cq_desc[w] = q->desc;
    n->cq_len[w] = q->len & 0xFFFF;
    n->cq_vi[w] = q->vi;
    n->cq_err[w] = t->cq_perr;
    n->cq_nd[w] = t->cq_perr == 0;
    n->cq_wp = (q->cq_wp + 1) & 3;
    n->cq_cnt = (n->cq_cnt + 1) & 7;
  }
  if (t->cq_pop) {
    n->cq_rp = (q->cq_rp + 1) & 3;
    n->cq_cnt = (n->cq_cnt - 1) & 7;
    if (c->h_nd) {
      n->cd_rp = (q->cd_rp + 1) & 3;
      n->cd_cnt = (n->cd_cnt - 1) & 7;
    }
  }
}

/* completion events: when the port accepts a status write (software never sees a counter,
 * STATUS bit or irq before the write has left the engine); status word and length from it */
void cv_wb_events(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  const cv_dq_port_t *dp = &t->dp;
  int ev_send = t->dq_acc && dp->st && !dp->rk;
  int ev_recv = t->dq_acc && dp->st && dp->rk;
  if (!(ev_send || ev_recv)) return;
  uint32_t sw = (uint32_t)(dp->wdata >> 32);
  if (sw >> 1 & 1) t->cnt_inc |= 1u << CV_C_FMT;
  if (sw >> 2 & 1) t->cnt_inc |= 1u << CV_C_LEN;
  if (sw >> 3 & 1) t->cnt_inc |= 1u << CV_C_ADDR;
  if (sw >> 4 & 1) t->cnt_inc |= 1u << CV_C_TXERR;
  if (sw >> 5 & 1) t->cnt_inc |= 1u << CV_C_TRUNC;
  int err = (sw & 0x3E) != 0;
  if (ev_send) {
    uint32_t hv = dp->vi;
    n->send_cnt[hv] = q->send_cnt[hv] + 1;
    n->status |= 1;
    if (err) n->status |= 4;
    t->cnt_inc |= 1u << CV_C_TXB;
  } else {
    n->recv_cnt[dp->vi] = q->recv_cnt[dp->vi] + 1;
    n->status |= 2;
    if (err) n->status |= 8;
    t->cnt_inc |= 1u << CV_C_RXB;
  }
  t->bytes_add = (uint32_t)dp->wdata;
}
