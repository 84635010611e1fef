// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_via.v (cycle accurate; mirrors the RTL's always @* block): the public
 * API and the composition of one clock edge from the per-block steps (comet_via_int.h lists the
 * files). */
#include "comet_via.h"
#include <string.h>
#include "comet_via_int.h"

static int pow2(uint32_t v) { return v >= 2 && !(v & (v - 1)); }

int comet_via_init(comet_via_t *m, const comet_via_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (cfg->num_db < 4 || cfg->num_db > 8 || cfg->num_db % 2 || !pow2(cfg->db_depth) ||
      !pow2(cfg->max_segs) || cfg->max_segs > 16 || !pow2(cfg->rsp_depth))
    return -1;
  m->cfg = *cfg;
  m->num_vi = (cfg->num_db - 2) / 2;
  m->dbaw = cv_clog2(cfg->db_depth);
  m->saw = cv_clog2(cfg->max_segs);
  m->pfd = cfg->pf_slots ? cfg->pf_slots : COMET_VIA_PFD;
  if (m->pfd != 2 && m->pfd != 4) return -1;
  if (nic_ram_init(&m->db_ram, cfg->num_db * cfg->db_depth, 32, 1, seed ^ 0x11)) return -1;
  if (nic_ram_init(&m->seg_ram, 2 * cfg->max_segs, 48, 1, seed ^ 0x22)) return -1;
  if (nic_fifo_init(&m->rsp_fifo, cfg->rsp_depth, 64, seed ^ 0x33)) return -1;
  if (nic_fifo_init(&m->meta_fifo, cfg->rsp_depth, 10, seed ^ 0x44)) return -1;
  nic_axis_slice_init(&m->dq, seed ^ 0x55);
  m->dq.load_any = 1; /* RTL u_dreq LOAD_ANY = 1 */
  /* power-up register state is arbitrary; the bench resets first */
  m->r.state = (uint32_t)(seed % 10);
  return 0;
}

void comet_via_free(comet_via_t *m) {
  nic_ram_free(&m->db_ram);
  nic_ram_free(&m->seg_ram);
  nic_fifo_free(&m->rsp_fifo);
  nic_fifo_free(&m->meta_fifo);
}

uint64_t comet_via_collisions(const comet_via_t *m) {
  return m->db_ram.collisions + m->seg_ram.collisions + m->rsp_fifo.ram.collisions +
         m->meta_fifo.ram.collisions;
}

void comet_via_eval(const comet_via_t *m, const comet_via_in_t *in, comet_via_out_t *o) {
  const comet_via_regs_t *r = &m->r;
  cv_comb_t c;
  (void)in;
  cv_comb(m, &c);
  o->csr_ack_o = r->csr_ack;
  o->csr_rdata_o = r->csr_pop ? (uint32_t)nic_ram_rd64(&m->db_ram) : r->csr_rdata;
  cv_dq_port_t dp = cv_dq_port(&m->dq);
  o->dma_req_valid_o = dp.v;
  o->dma_req_we_o = dp.we;
  o->dma_req_addr_o = dp.addr;
  o->dma_req_wdata_o = dp.wdata;
  o->dma_req_wstrb_o = dp.strb;
  /* RTL: the send ring half masked to tkeep; 0 while a receive runs (acc holds its bytes) */
  o->m_axis_tx_tdata = r->state == CV_S_RX ? 0 : r->acc[0];
  /* tkeep / tlast are registered in the RTL from the packer's next state: 0 while a receive
     runs (S_RX, tvalid 0, cnt is the unpacker's level then) */
  int tx_rx = r->state == CV_S_RX;
  o->m_axis_tx_tkeep = tx_rx ? 0 : c.tx_keep;
  o->m_axis_tx_tvalid = c.tx_v;
  o->m_axis_tx_tlast = !tx_rx && c.tx_last;
  o->m_axis_tx_tuser = r->pk_vi;
  o->s_axis_rx_tready = c.rx_ready;
  o->irq_o = (r->status & r->irq_en) != 0;
  o->dbg_state_o = r->state;
  uint64_t lv = 0;
  for (uint32_t i = 0; i < m->cfg.num_db; i++) lv |= (uint64_t)r->db_cnt[i] << (i * (m->dbaw + 1));
  o->dbg_db_level_o = lv;
  o->dbg_inflight_o = r->inflight;
  o->dbg_acc_cnt_o = r->cnt;
  o->dbg_flags_o = r->prio_rx << 7 | r->op_rx << 6 | r->has_desc << 5 | r->seg_vld << 4 |
                   r->seg_rd << 3 | r->seg_last << 2 | r->walk_done << 1 | r->in_done;
  o->dbg_vi_o = r->rr << 2 | r->vi;
  o->dbg_pf_o = r->pf_st << 5 | r->pf_vi << 3 | r->s_cnt;
}

/* the cycle's values derived from the state and the inputs before any block step runs */
static void tick_setup(const comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, cv_tick_t *t,
                       comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  memset(t, 0, sizeof(*t));
  t->ndb = m->cfg.num_db;
  t->dbd = m->cfg.db_depth;
  t->nvi = m->num_vi;
  t->cntmask = (2u << m->dbaw) - 1;
  t->segmask = (2u << m->saw) - 1;
  t->sw0 = q->sw_v && (q->sw_addr & (m->cfg.max_segs - 1)) == 0;
  t->ifmask = (2u << cv_clog2(m->cfg.rsp_depth)) - 1;
  t->rx = q->state == CV_S_RX;
  t->seg_raddr = q->w_bank << m->saw | (q->seg_idx & (m->cfg.max_segs - 1));
  t->addr = q->ci_addr;
  t->wd = q->ci_wdata;
  t->ci_spop = q->ci_req && !q->ci_we && cv_csr_is_sys_pop(t->addr);
  /* the request stage is accepted by the slice (its ready: the skid register is empty); the
   * port's acceptance (dp) carries the completion events */
  t->rq_rdy = !m->dq.skid_v;
  t->dma_acc = c->dv && t->rq_rdy;
  t->dp = cv_dq_port(&m->dq);
  t->dq_acc = t->dp.v && in->dma_req_ready_i;
  t->f_acc = t->dma_acc && !c->sel_w && !q->fsel;
  t->pf_acc = t->dma_acc && !c->sel_w && q->fsel;
  t->w_acc = t->dma_acc && c->sel_w;
  n->ctl_aerr = (uint64_t)q->desc + 32 + ((uint64_t)q->segcnt << 4) > q->limit;
  n->dbad = 0;
  n->seg0w = 0;
  t->tx_emit = c->tx_v && in->m_axis_tx_tready;
  t->tx_idle = !q->w_act && q->inflight == 0 && q->sk_cnt == 0 && q->cnt == 0 && !q->in_done &&
               q->pf_st == CV_P_IDLE;
  /* send/receive turns; the prefetcher starts nothing new in the receive's turn or during one */
  for (uint32_t i = 0; i < t->nvi; i++)
    if (q->db_cnt[2 + 2 * i]) t->any_sdb = 1;
  t->tx_turn = q->en && (t->any_sdb || q->s_cnt) && q->cq_cnt != COMET_VIA_CQD;
  int rx_req = q->en && in->s_axis_rx_tvalid;
  t->rx_turn = rx_req && (!t->tx_turn || q->prio_rx);
  t->rx_active = q->op_rx && !(q->state == CV_S_IDLE || q->state == CV_S_WBS);
  t->th = q->s_rp & (m->pfd - 1);
  t->take = q->en && q->s_rdy[t->th] && q->cq_cnt != COMET_VIA_CQD;
  t->cq_rdy = q->cq_cnt != 0 && (!c->h_nd || q->cd_cnt != 0);
  t->gnt_free = !(c->dv && !t->rq_rdy); /* the grant is decided at the end */
  t->csr_wr = q->ci_req && q->ci_we;
  t->csr_rd = q->ci_req && !q->ci_we;
}

/* the RAMs, FIFOs and the request slice take this cycle's strobes at the same edge */
static void tick_sub_blocks(comet_via_t *m, const comet_via_in_t *in, const cv_comb_t *c, cv_tick_t *t,
                            comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  nic_ram_tick64(&m->db_ram, t->db_we, t->db_waddr, t->wd, 1, t->db_re, t->db_raddr);
  cv_walk_seg_re(m, t);
  nic_ram_tick64(&m->seg_ram, (int)q->sw_v, q->sw_addr, q->sw_data, 1, t->seg_re, t->seg_raddr);
  n->sw_v = (uint32_t)t->seg_we;
  n->sw_addr = q->f_bank << m->saw | t->seg_waddr;
  n->sw_data = t->seg_wdata;
  uint64_t rd[NIC_RAM_MAXW] = {in->dma_rsp_rdata_i};
  nic_fifo_sig_in_t fr = {(int)in->rst_ni, (int)in->dma_rsp_valid_i, t->fq_pop, rd};
  nic_fifo_tick(&m->rsp_fifo, &fr);
  uint64_t md[NIC_RAM_MAXW] = {t->meta_wdata};
  nic_fifo_sig_in_t fm = {(int)in->rst_ni, t->meta_push, t->fq_pop, md};
  nic_fifo_tick(&m->meta_fifo, &fm);
  nic_axis_slice_sig_in_t sq = {(int)in->rst_ni, (int)c->dv, (int)in->dma_req_ready_i, {0, 0}};
  cv_dq_pack(c, sq.s_data);
  nic_axis_slice_tick(&m->dq, &sq);
}

/* One clock edge. The next state n starts as the current state; the block steps run in this
 * order (later steps see what earlier ones wrote into n and into the strobes t). */
void comet_via_tick(comet_via_t *m, const comet_via_in_t *in) {
  comet_via_regs_t n = m->r;
  cv_comb_t c;
  cv_tick_t t;
  cv_comb(m, &c);
  tick_setup(m, in, &c, &t, &n);
  cv_csr_read(m, &t, &n);
  cv_csr_write(m, &t, &n);
  cv_dma_issue(m, &c, &t, &n);
  cv_wb_codes(m, in, &c, &t, &n);
  cv_walk_tick(m, &c, &t, &n);
  cv_rx_ring(m, in, &c, &t, &n);
  cv_pack_tick(m, &c, &t, &n);
  cv_fsm_tick(m, in, &c, &t, &n);
  cv_pf_tick(m, &t, &n);
  cv_pf_fill(m, &c, &t, &n);
  cv_dma_grant(m, &c, &t, &n);
  cv_walk_start(m, &t, &n);
  cv_wb_cq(m, &c, &t, &n);
  cv_rsp_skid(m, &t, &n);
  cv_wb_events(m, &t, &n);
  cv_csr_counters(m, &t, &n);
  cv_db_update(m, &t, &n);
  cv_csr_edge(m, in, &t, &n);
  tick_sub_blocks(m, in, &c, &t, &n);

  if (!in->rst_ni) {
    memset(&m->r, 0, sizeof(m->r));
    m->r.state = CV_S_IDLE;
    m->r.rr = m->num_vi - 1;
    m->r.en = 1;
    m->r.limit = COMET_VIA_HOST_LIMIT_LIMIT_RESET;
    return;
  }
  m->r = n;
}
