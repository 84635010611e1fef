// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the control FSM. S_IDLE arbitrates between a completion write-back
 * (S_WBS), a receive (doorbell read S_DB_RD .. S_DB_CHK) and the oldest prefetched send
 * descriptor; S_CTL / S_SEG are in comet_via_desc.c, S_RX in comet_via_unpack.c. */
#include "comet_via_int.h"

void cv_fsm_idle(const comet_via_t *m, const comet_via_in_t *in, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  const uint32_t th = t->th;
  if (t->cq_rdy) {
    n->state = CV_S_WBS;
    return;
  }
  uint32_t tu = (uint32_t)in->s_axis_rx_tuser;
  if (t->rx_turn) {
    if (!t->tx_idle) return; /* a receive waits until the send side has drained */
    n->prio_rx = 0;
    n->op_rx = 1;
    n->vi = tu;
    n->has_desc = 0;
    if (tu >= t->nvi) {
      t->cnt_inc |= 1u << CV_C_BADVI;
      n->status |= 1u << 5;
      n->state = CV_S_DRAIN;
    } else if (q->db_cnt[3 + 2 * tu] == 0) {
      t->cnt_inc |= 1u << CV_C_NODESC;
      n->status |= 1u << 5;
      n->state = CV_S_DRAIN;
    } else {
      n->state = CV_S_DB_RD;
    }
  } else if (t->take) { /* the oldest prefetched send descriptor, checked next in S_CTL */
    n->prio_rx = 1;
    n->op_rx = 0;
    n->vi = q->s_vi[th];
    n->desc = q->s_desc[th];
    n->spec = q->s_spec[th];
    n->segcnt = q->s_segcnt[th];
    n->len = q->s_len[th];
    n->ctl_aerr = q->s_aerr[th];
    n->has_desc = 1;
    if (q->s_spec[th]) {
      n->sum = q->s_sum0[th];
      n->err = q->s_e2[th] << 2 | q->s_e1[th] << 1;
      n->sa = q->s_sa[th];
      n->seg0w = 1; /* segment 0 is written in S_CTL's first cycle */
      n->req_idx = n->rsp_idx = 4;
    } else {
      n->sum = 0;
      n->err = 0;
      n->req_idx = n->rsp_idx = 2;
    }
    n->s_rdy[th] = 0;
    n->s_rp = (q->s_rp + 1) & (m->pfd - 1);
    n->s_cnt = (n->s_cnt - 1) & 7;
    n->state = CV_S_CTL;
  }
}

void cv_fsm_tick(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, cv_tick_t *t,
                 comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  switch (q->state) {
    case CV_S_IDLE: cv_fsm_idle(m, in, t, n); break;
    case CV_S_DB_RD:
      if (!t->ci_spop) {
        cv_db_pop_req(t, 2 + 2 * q->vi + q->op_rx);
        n->state = CV_S_DB_WAIT;
      }
      break;
    case CV_S_DB_WAIT: /* the doorbell RAM output goes into a register first */
      n->desc = (uint32_t)nic_ram_rd64(&m->db_ram);
      n->state = CV_S_DB_CHK;
      break;
    case CV_S_DB_CHK: {
      uint32_t d = q->desc;
      n->spec = cv_spec_fits(d, q->limit);
      n->sum = 0;
      n->err = 0;
      n->req_idx = 0;
      n->rsp_idx = 0;
      /* the address check is registered and acted on in S_CTL's first cycle */
      n->dbad = (uint32_t)cv_daddr_bad(d, q->limit);
      n->has_desc = 1;
      n->state = CV_S_CTL;
      break;
    }
    case CV_S_CTL:
    case CV_S_SEG: cv_fsm_desc(m, c, t, n); break;
    case CV_S_TXQ:
      if (!q->w_act || q->walk_done) {
        t->w_start = 1;
        t->cq_push = 1;
        n->state = CV_S_IDLE;
      }
      break;
    case CV_S_RX: cv_unpack_tick(m, in, c, t, n); break;
    case CV_S_DRAIN:
      if (in->s_axis_rx_tvalid && in->s_axis_rx_tlast) n->state = q->has_desc ? CV_S_WB : CV_S_IDLE;
      break;
    case CV_S_WB: /* its events when the port takes the status write (cv_wb_events) */
      if (t->f_acc) n->state = CV_S_IDLE;
      break;
    case CV_S_WBS:
      if (t->f_acc) {
        n->state = CV_S_IDLE;
        t->cq_pop = 1;
      }
      break;
    default: n->state = CV_S_IDLE; break;
  }
}
