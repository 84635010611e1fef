// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the DMA request / response path. Requests of the walker, the control FSM
 * and the prefetcher share one request stage (the grant alternates when both want it); a
 * read's routing (metadata) goes into the metadata FIFO next to the response data FIFO, and
 * both drain into a 2-entry skid the consumers read. */
#include "comet_via_int.h"

/* a read request taken by the request slice: one more in flight, its metadata pushed */
void cv_dma_issue(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (!(t->dma_acc && !c->dwe)) return;
  n->inflight = (n->inflight + 1) & t->ifmask;
  t->meta_push = 1;
  t->meta_wdata = c->sel_w ? (q->w_vi << 7 | (uint32_t)(q->seg_last && q->cur_rem == c->room) << 6 |
                              ((c->room - 1) & 7) << 3 | (q->cur_addr & 7))
                           : (q->fsel ? 3u << 8 | q->pf_slot << 6 | q->pf_idx << 4 : 1u << 9);
}

/* the request stage's grant (1 walker, 0 control FSM / prefetcher) and the fetch select
 * (1 prefetcher), decided while the stage is free */
void cv_dma_grant(const comet_via_t *m, const cv_comb_t *c, const cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (!t->gnt_free) return;
  if (c->w_v && (c->fsm_v || c->pf_v)) n->gnt = !q->gnt;
  else if (c->w_v) n->gnt = 1;
  else if (c->fsm_v || c->pf_v) n->gnt = 0;
  else
    n->gnt = !(q->state == CV_S_DB_RD || q->state == CV_S_DB_WAIT || q->state == CV_S_DB_CHK || q->state == CV_S_CTL ||
               q->state == CV_S_SEG ||
               q->state == CV_S_DRAIN || q->state == CV_S_WB || q->state == CV_S_WBS || (q->state == CV_S_IDLE && t->cq_rdy) ||
               q->pf_st == CV_P_CHK || q->pf_st == CV_P_ISS);
  n->fsel = c->fsm_v ? 0 : (c->pf_v || q->pf_st == CV_P_CHK);
}

/* FIFO -> skid while the skid holds fewer than 2 words; the credit returns then */
void cv_rsp_skid(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  nic_fifo_sig_out_t fo;
  uint64_t z[NIC_RAM_MAXW] = {0};
  nic_fifo_sig_in_t fi = {1, 0, 0, z};
  nic_fifo_eval(&m->rsp_fifo, &fi, &fo);
  t->fq_pop = fo.m_valid && q->sk_cnt < 2;
  uint64_t fq_data = fo.m_data[0];
  nic_fifo_eval(&m->meta_fifo, &fi, &fo);
  uint32_t fq_meta = (uint32_t)fo.m_data[0] & 0x3FF;
  if (t->fq_pop) n->inflight = (n->inflight - 1) & t->ifmask;
  n->sk_cnt = q->sk_cnt;
  if (t->rsp_pop) {
    n->sk_data[0] = q->sk_data[1];
    n->sk_meta[0] = q->sk_meta[1];
    n->sk_cnt--;
  }
  if (t->fq_pop) {
    n->sk_data[n->sk_cnt] = fq_data;
    n->sk_meta[n->sk_cnt] = fq_meta;
    n->sk_cnt++;
  }
}
