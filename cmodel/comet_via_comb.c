// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the combinational values of the register state (RTL always @* block):
 * the response skid head, the packer / unpacker levels, the status word of a completion write,
 * and the DMA request stage with its mux between walker, control FSM and prefetcher. */
#include <assert.h>
#include <string.h>
#include "comet_via_int.h"

/* DMA request slice payload (RTL u_dreq: the status-write tag, its kind and VI ride along) */
void cv_dq_pack(const cv_comb_t *c, uint64_t d[NIC_AXIS_SLICE_WORDS]) {
  d[0] = c->dwdata;
  d[1] = (uint64_t)c->dstrb | (uint64_t)c->dwe << 8 | (uint64_t)c->dst << 9 | (uint64_t)c->drk << 10 |
         (uint64_t)c->dvi << 11 | (uint64_t)(c->daddr >> 3) << 13;
}

cv_dq_port_t cv_dq_port(const nic_axis_slice_t *s) {
  nic_axis_slice_sig_out_t so;
  nic_axis_slice_eval(s, &so);
  cv_dq_port_t p;
  uint64_t h = so.m_data[1];
  p.v = (uint32_t)so.m_valid;
  p.wdata = so.m_data[0];
  p.strb = (uint32_t)h & 0xFF;
  p.we = (uint32_t)(h >> 8) & 1;
  p.st = (uint32_t)(h >> 9) & 1;
  p.rk = (uint32_t)(h >> 10) & 1;
  p.vi = (uint32_t)(h >> 11) & 3;
  p.addr = (uint32_t)(h >> 13) << 3;
  return p;
}

/* the control FSM's / prefetcher's request: valid (c->fsm_v, c->pf_v) and its address */
static uint32_t fetch_req(const comet_via_t *m, cv_comb_t *c) {
  const comet_via_regs_t *r = &m->r;
  uint32_t f_addr = 0;
  switch (r->state) {
    case CV_S_CTL:
      c->fsm_v = !r->dbad && r->req_idx < (r->spec ? 4u : 2u) && r->inflight < m->cfg.rsp_depth;
      f_addr = cv_ctl_addr(r->desc, r->req_idx & 3);
      break;
    case CV_S_SEG:
      c->fsm_v = r->req_idx < ((r->segcnt & ((2u << m->saw) - 1)) << 1 & 63) &&
               r->inflight < m->cfg.rsp_depth;
      f_addr = r->desc + 32u + (r->req_idx << 3);
      break;
    case CV_S_WB:
      c->fsm_v = 1;
      f_addr = r->desc + CV_CTL_W3;
      break;
    case CV_S_WBS:
      c->fsm_v = 1;
      f_addr = r->cq_desc[c->h] + CV_CTL_W3;
      break;
    default: break;
  }
  c->pf_v = r->pf_st == CV_P_ISS && r->inflight < m->cfg.rsp_depth;
  c->f_v = r->fsel ? c->pf_v : c->fsm_v;
  if (r->fsel) f_addr = cv_ctl_addr(r->pf_desc, r->pf_idx);
  return f_addr;
}

void cv_comb(const comet_via_t *m, cv_comb_t *c) {
  const comet_via_regs_t *r = &m->r;
  memset(c, 0, sizeof(*c));
  /* the consumers see the skid head */
  c->rsp_v = r->sk_cnt != 0;
  c->rsp_data = r->sk_data[0];
  c->meta_data = r->sk_meta[0] & 0x3FF;
  c->rsp_desc = c->rsp_v && (c->meta_data >> 9 & 1) && !(c->meta_data >> 8 & 1);
  c->rsp_pf = c->rsp_v && (c->meta_data >> 9 & 1) && (c->meta_data >> 8 & 1);
  c->rsp_pay = c->rsp_v && !(c->meta_data >> 9 & 1);

  int rx = r->state == CV_S_RX;
  c->tx_v = !rx && (r->cnt >= 8 || (r->in_done && r->cnt != 0));
  c->tx_last = r->in_done && r->cnt <= 8;
  c->tx_keep = cv_kmask8(r->cnt >= 8 ? 8 : (r->cnt & 15));
  c->rx_ready = r->state == CV_S_DRAIN || (rx && !r->in_done && (r->walk_done || r->cnt <= 8));

  uint32_t room_full = 8 - (r->cur_addr & 7);
  c->room = r->cur_rem < room_full ? (r->cur_rem & 15) : room_full;
  c->rx_n = r->cnt >= c->room ? c->room : (r->cnt & 15);
  c->rx_wr_v = rx && r->seg_vld && r->cnt != 0 && (r->cnt >= c->room || r->in_done);
  c->h = r->cq_rp & 3;
  c->h_nd = r->cq_nd[c->h];
  c->h_code = c->h_nd ? r->cd[r->cd_rp & 3] : 0;
  int wbs = r->state == CV_S_WBS;
  c->c_err = wbs ? r->cq_err[c->h] : r->err;
  c->c_code = wbs ? c->h_code : 0;
  c->status_word = (c->c_code << 8) | ((c->c_err >> 3) & 1) << 5 | (uint32_t)(c->c_code != 0) << 4 |
                   (c->c_err & 7) << 1 | 1u;
  c->wb_len = (c->c_err & 7) ? 0 : (wbs ? r->cq_len[c->h] : r->xfer);

  uint32_t f_addr = fetch_req(m, c);
  c->w_v = r->w_act && (rx ? c->rx_wr_v : (r->seg_vld && r->inflight < m->cfg.rsp_depth));
  c->sel_w = r->gnt;
  int wb = r->state == CV_S_WB || wbs;
  c->dv = c->sel_w ? c->w_v : c->f_v;
  c->dwe = c->sel_w ? (uint32_t)rx : (uint32_t)(wb && !r->fsel);
  c->daddr = c->sel_w ? (r->cur_addr & ~7u) : f_addr;
  if (c->sel_w && rx) {
    /* RTL: the receive ring rotated by rsh, not masked and not gated by the request valid;
     * its strobes gated by w_act && seg_vld (not by w_v), and with a valid request the
     * strobed lanes are the accumulator's chunk (a model invariant) */
    if (r->w_act && r->seg_vld) c->dstrb = (cv_kmask8(c->rx_n) << (r->cur_addr & 7)) & 0xFF;
    c->dwdata = 0;
    for (uint32_t l = 0; l < 8; l++) c->dwdata |= (uint64_t)r->rxr[(l + r->rsh) & 15] << (8 * l);
    assert(!c->w_v || ((c->dwdata ^ (r->acc[0] << (8 * (r->cur_addr & 7)))) & cv_smask64(c->dstrb)) == 0);
  } else if (!c->sel_w && !r->fsel && wb) {
    c->dwdata = ((uint64_t)c->status_word << 32) | c->wb_len;
    c->dstrb = 0xFF;
    c->dst = 1;
  }
  c->drk = r->state == CV_S_WB;
  c->dvi = r->state == CV_S_WB ? r->vi : r->cq_vi[c->h];
}
