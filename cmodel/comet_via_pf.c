// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the send descriptor prefetcher. It picks the next send VI round robin,
 * pops its doorbell, checks the descriptor address and fetches the control words (and segment
 * 0 when it fits HOST_LIMIT) into a prefetch slot; the words are registered on their way from
 * the response head into the slot, with the checks S_CTL would make precomputed there. */
#include "comet_via_int.h"

void cv_pf_tick(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  switch (q->pf_st) {
    case CV_P_IDLE: {
      /* the candidate VI is registered whether or not it is taken (RTL: pf_vi_q shows it) */
      int found = 0;
      for (uint32_t k = 1; k <= t->nvi; k++) {
        uint32_t pick = (q->rr + k) % t->nvi;
        if (!found && q->db_cnt[2 + 2 * pick]) {
          found = 1;
          n->pf_vi = pick;
        }
      }
      if (q->en && t->any_sdb && q->s_cnt != m->pfd && !t->rx_turn && !t->rx_active) {
        n->rr = n->pf_vi;
        n->pf_st = CV_P_RD;
      }
      break;
    }
    case CV_P_RD:
      if (!t->ci_spop) {
        cv_db_pop_req(t, 2 + 2 * q->pf_vi);
        n->pf_st = CV_P_WAIT;
      }
      break;
    case CV_P_WAIT:
      n->pf_desc = (uint32_t)nic_ram_rd64(&m->db_ram);
      n->pf_st = CV_P_CHK;
      break;
    case CV_P_CHK:
      if (cv_daddr_bad(q->pf_desc, q->limit)) {
        t->cnt_inc |= 1u << CV_C_DADDR;
        n->status |= 1u << 6;
        n->pf_st = CV_P_IDLE;
      } else {
        uint32_t w = q->s_wp & (m->pfd - 1);
        n->pf_spec = cv_spec_fits(q->pf_desc, q->limit);
        n->pf_idx = 0;
        n->pf_slot = w;
        n->s_desc[w] = q->pf_desc;
        n->s_vi[w] = q->pf_vi;
        n->s_spec[w] = n->pf_spec;
        n->s_rdy[w] = 0;
        n->s_wp = (q->s_wp + 1) & (m->pfd - 1);
        n->s_cnt = (n->s_cnt + 1) & 7;
        n->pf_st = CV_P_ISS;
      }
      break;
    case CV_P_ISS:
      if (t->pf_acc) {
        if (q->pf_idx == (q->pf_spec ? 3u : 1u)) n->pf_st = CV_P_IDLE;
        else n->pf_idx = (q->pf_idx + 1) & 3;
      }
      break;
    default: n->pf_st = CV_P_IDLE; break;
  }
}

/* prefetched words: drained from the response head into their slot, checks precomputed */
void cv_pf_fill(const comet_via_t *m, const cv_comb_t *c, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (c->rsp_pf) t->rsp_pop = 1;
  n->dr_v = (uint32_t)c->rsp_pf;
  n->dr_sl = (c->meta_data >> 6) & (m->pfd - 1);
  n->dr_w = (c->meta_data >> 4) & 3;
  n->dr_data = c->rsp_data;
  if (!q->dr_v) return;
  uint32_t sl = q->dr_sl;
  uint64_t dd = q->dr_data;
  switch (q->dr_w) {
    case 0: n->s_segcnt[sl] = (uint32_t)(dd >> VIA_DESC_HDR_SEG_COUNT_LSB) & 0xFFFF; break;
    case 1:
      n->s_len[sl] = (uint32_t)(dd >> VIA_DESC_HDR_LENGTH_LSB);
      n->s_aerr[sl] = (uint64_t)q->s_desc[sl] + 32 + ((uint64_t)q->s_segcnt[sl] << 4) > q->limit;
      if (!q->s_spec[sl]) n->s_rdy[sl] = 1;
      break;
    case 2:
      n->s_sa[sl] = (uint32_t)dd;
      n->s_seghi[sl] = (dd >> 32) != 0;
      break;
    default: {
      uint32_t seglen = (uint32_t)(dd >> VIA_SEG_HDR_LENGTH_LSB);
      n->s_sum0[sl] = seglen;
      n->s_e1[sl] = seglen == 0 || (seglen >> 16);
      n->s_e2[sl] = q->s_seghi[sl] || (uint64_t)q->s_sa[sl] + seglen > q->limit;
      n->s_rdy[sl] = 1;
      break;
    }
  }
}
