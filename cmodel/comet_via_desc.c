// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: control FSM S_CTL / S_SEG. S_CTL fetches a descriptor's control words
 * (segment count, length; with segment 0 when it fits HOST_LIMIT) and checks them, S_SEG
 * fetches the remaining segments; each segment is checked and written to the segment RAM half
 * the fetch fills. A checked send goes to S_TXQ, a receive starts the walker in S_RX; a
 * failed send is queued for its completion write, a failed receive drains. */
#include "comet_via_int.h"

/* a response word of the descriptor fetch (c->rsp_desc) */
static void desc_word(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n,
                      int ctl) {
  const comet_via_regs_t *q = &m->r;
  if (ctl && !(q->rsp_idx & 2)) {
    if (!(q->rsp_idx & 1)) n->segcnt = (uint32_t)(c->rsp_data >> VIA_DESC_HDR_SEG_COUNT_LSB) & 0xFFFF;
    else n->len = (uint32_t)(c->rsp_data >> VIA_DESC_HDR_LENGTH_LSB);
  } else if (!(q->rsp_idx & 1)) {
    n->sa = (uint32_t)c->rsp_data;
    n->alim = (int64_t)q->limit - (int64_t)(uint32_t)c->rsp_data; /* the limit as of the address word */
    n->seghi = (c->rsp_data >> 32) != 0;
  } else {
    uint32_t seglen = (uint32_t)(c->rsp_data >> VIA_SEG_HDR_LENGTH_LSB);
    n->sum = q->sum + seglen;
    if (seglen == 0 || (seglen >> 16)) n->err |= 2;
    if (q->seghi || (int64_t)seglen > q->alim) n->err |= 4;
    t->seg_we = 1;
    t->seg_waddr = ctl ? 0 : (q->rsp_idx >> 1) & (m->cfg.max_segs - 1);
    t->seg_wdata = (uint64_t)(seglen & 0xFFFF) << 32 | q->sa;
  }
}

/* a check failed: a send is queued for its completion write, a receive drains */
static void desc_fail(const comet_via_regs_t *q, cv_tick_t *t, comet_via_regs_t *n, uint32_t err) {
  if (q->op_rx) n->state = CV_S_DRAIN;
  else {
    t->cq_push = 1;
    t->cq_perr = err & 7;
    n->state = CV_S_IDLE;
  }
}

void cv_fsm_desc(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  int ctl = q->state == CV_S_CTL;
  uint32_t nreq = ((q->segcnt & t->segmask) << 1) & 63;
  if (t->f_acc) n->req_idx = (q->req_idx + 1) & 63;
  if (c->rsp_desc) {
    t->rsp_pop = 1;
    n->rsp_idx = (q->rsp_idx + 1) & 63;
    desc_word(m, c, t, n, ctl);
  }
  if (q->seg0w) { /* the prefetched segment 0 taken in S_IDLE */
    t->seg_we = 1;
    t->seg_waddr = 0;
    t->seg_wdata = (uint64_t)(q->sum & 0xFFFF) << 32 | q->sa;
  }
  if (ctl && q->rsp_idx == (q->spec ? 4u : 2u)) {
    uint32_t ce = 0;
    if (q->segcnt == 0 || q->segcnt > m->cfg.max_segs) ce |= 1;
    if (!q->op_rx && (q->len == 0 || (q->len >> 16))) ce |= 2;
    if (q->ctl_aerr) ce |= 4;
    n->req_idx = q->spec ? 2 : 0;
    n->rsp_idx = q->spec ? 2 : 0;
    if (ce) {
      n->err = ce;
      desc_fail(q, t, n, ce);
    } else n->state = CV_S_SEG;
  }
  if (q->dbad) { /* S_CTL's first cycle after a bad S_DB_CHK address (nothing issued) */
    t->cnt_inc |= 1u << CV_C_DADDR;
    n->status |= 1u << 6;
    n->has_desc = 0;
    n->state = q->op_rx ? CV_S_DRAIN : CV_S_IDLE;
  }
  if (!ctl && q->rsp_idx == nreq && !(q->op_rx && t->sw0)) { /* (a receive waits for segment 0's write) */
    if (!q->op_rx && q->sum != q->len) n->err |= 2;
    if (n->err) desc_fail(q, t, n, n->err);
    else if (q->op_rx) {
      t->w_start = 1; /* acc, cnt, in_done are 0: the send side is idle */
      n->xfer = 0;
      n->state = CV_S_RX;
    } else n->state = CV_S_TXQ;
  }
}
