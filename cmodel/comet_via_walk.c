// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the segment walker. Started with a checked descriptor (it takes the
 * segment RAM half the fetch filled), it loads one segment at a time (address, remaining
 * length) and advances them by the bytes each DMA request moves: payload reads for a send,
 * receive writes for a receive. */
#include "comet_via_int.h"

void cv_walk_tick(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  const int rx = t->rx;
  if (!q->w_act) return;
  if (q->seg_rd) {
    uint64_t e = nic_ram_rd64(&m->seg_ram);
    n->cur_addr = (uint32_t)e;
    n->cur_rem = (uint32_t)(e >> 32) & 0xFFFF;
    if (rx) n->seg_ld = 1; /* a receive's segment load takes one more cycle */
    else n->seg_vld = 1;
    n->seg_rd = 0;
  } else if (q->seg_ld) {
    n->seg_ld = 0;
    n->seg_vld = 1;
  } else if (!q->seg_vld && !q->walk_done) {
    t->seg_re = 1;
    n->seg_rd = 1;
    n->seg_last = ((q->seg_idx + 1) & t->segmask) == (q->w_segcnt & t->segmask);
    n->seg_idx = (q->seg_idx + 1) & t->segmask;
  }
  uint32_t nb = rx ? c->rx_n : c->room;
  if (t->w_acc) {
    n->cur_addr = q->cur_addr + nb;
    n->cur_rem = (q->cur_rem - nb) & 0xFFFF;
    if (q->cur_rem == nb) {
      n->seg_vld = 0;
      if (q->seg_last) n->walk_done = 1;
    }
  }
  if (!rx && q->walk_done) n->w_act = 0;
}

/* a checked descriptor to the idle walker: it takes the half the fetch filled */
void cv_walk_start(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (!t->w_start) return;
  n->w_act = 1;
  n->w_bank = q->f_bank;
  n->f_bank = !q->f_bank;
  n->w_segcnt = q->segcnt & t->segmask;
  n->w_vi = q->vi;
  t->seg_re = 1; /* segment 0 at once (written at least two cycles earlier) */
  t->seg_raddr = q->f_bank << m->saw;
  n->seg_idx = 1;
  n->seg_last = (q->segcnt & t->segmask) == 1;
  n->seg_vld = 0;
  n->seg_rd = 1;
  n->seg_ld = 0;
  n->walk_done = 0;
}

/* the segment RAM read enable as the RTL builds it (from registers: the walker's load, or
 * segment 0 of the fetch half in the states that may start the walker, whether it starts or
 * not); raised only that way, it reads segment 0 of the fetch half */
void cv_walk_seg_re(const comet_via_t *m, cv_tick_t *t) {
  const comet_via_regs_t *q = &m->r;
  int ld = t->seg_re;
  t->seg_re = (q->w_act && !q->walk_done)
                  ? (!q->seg_vld && !q->seg_rd && !q->seg_ld)
                  : (q->state == CV_S_TXQ ||
                     (q->state == CV_S_SEG && q->op_rx && q->rsp_idx == 2 * (q->segcnt & t->segmask) && !t->sw0));
  if (t->seg_re && !ld) t->seg_raddr = q->f_bank << m->saw;
}
