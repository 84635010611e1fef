// SPDX-License-Identifier: Apache-2.0
#include "aotf_send.h"
#include <string.h>
#include "nic_pkg.h"

int aotf_send_init(aotf_send_t *m, const aotf_send_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->cfg = *cfg;
  if (!m->cfg.htt_entries) m->cfg.htt_entries = 1024;
  if (cfg->num_users != 8 || cfg->htlb_ways != 4 || cfg->htlb_sets < 2 || cfg->htlb_sets > 256 ||
      (cfg->htlb_sets & (cfg->htlb_sets - 1)) || cfg->csr_reg > 1)
    return -1;
  m->cq_req = (uint32_t)(seed >> 7) & 1; /* arbitrary until reset */
  m->rs_ack = (uint32_t)(seed >> 9) & 1;
  m->rs_rdata = (uint32_t)(seed >> 11);
  while ((1u << m->sw) < cfg->htlb_sets) m->sw++;
  m->uw = 3;
  if (nic_fifo_init(&m->fifo, cfg->fifo_depth, 96, seed ^ 0x1111)) return -1;
  if (aotf_htlb_init(&m->htlb, cfg->htlb_sets, seed ^ 0x2222)) return -1;
  if (aotf_htlb_walk_init(&m->walk, cfg->htlb_sets, m->cfg.htt_entries, seed ^ 0x7777)) return -1;
  if (aotf_pktgen_init(&m->pg, cfg->htlb_sets, seed ^ 0x3333)) return -1;
  if (aotf_credit_init(&m->cred, cfg->num_users, cfg->fifo_depth / cfg->num_users, seed ^ 0x4444)) return -1;
  nic_axis_slice_init(&m->st, seed ^ 0x6666);
  m->st.load_any = 1;
  return aotf_send_csr_init(&m->csr, cfg->num_users, cfg->fifo_depth, cfg->htlb_sets, m->cfg.htt_entries, seed ^ 0x5555);
}

void aotf_send_free(aotf_send_t *m) {
  nic_fifo_free(&m->fifo);
  aotf_htlb_free(&m->htlb);
  aotf_htlb_walk_free(&m->walk);
  aotf_pktgen_free(&m->pg);
}

uint64_t aotf_send_collisions(const aotf_send_t *m) {
  return m->fifo.ram.collisions + m->htlb.ram.collisions + m->htlb.ram_b.collisions + aotf_pktgen_collisions(&m->pg) +
         m->walk.seed.collisions + m->walk.tag.collisions;
}

/* every sub-block's inputs and outputs for one cycle, in the RTL's dependency order */
typedef struct {
  aotf_send_csr_in_t ci;
  aotf_send_csr_out_t co;
  aotf_kick_decode_in_t ki;
  aotf_kick_decode_out_t ko;
  aotf_credit_in_t cri;
  aotf_credit_out_t cro;
  uint64_t fdata[NIC_RAM_MAXW];
  nic_fifo_sig_in_t fi;
  nic_fifo_sig_out_t fo;
  aotf_htlb_in_t hi;
  aotf_htlb_out_t ho;
  aotf_htlb_ctl_t hc;
  aotf_htlb_walk_in_t wi;
  aotf_htlb_walk_out_t wo;
  aotf_pktgen_in_t pi;
  aotf_pktgen_out_t po;
  aotf_pktgen_ctl_t pc;
  nic_axis_slice_sig_out_t so;
  uint64_t sdata[NIC_AXIS_SLICE_WORDS]; /* the decoded store offered to the stage */
  int st_ready, d_go, d_fire, d_ok, d_align, d_window, d_be, kick, e_credit, fifo_byp, byp_ok;
  uint32_t d_page, d_user;
  uint32_t h_off, h_page, h_len;
  uint64_t h_data;
} all_t;

static void comb(const aotf_send_t *m, const aotf_send_in_t *in, all_t *a) {
  /* every field below is assigned before it is read, except: the status inputs of the first CSR
   * evaluation (its status output is replaced at the end) and the FIFO data words above 96 bits */
  a->ci.init_busy = a->ci.miss_wait = a->ci.pg_busy = a->ci.walk_busy = 0;
  a->fdata[2] = a->fdata[3] = 0;
  int rst_ni = (int)(in->rst_ni & 1);
  /* CSR request decode and register outputs (need the RAM read registers only) */
  a->ci.rst_ni = rst_ni;
  a->ci.csr_req = (int)in->csr_req_i;
  a->ci.csr_we = (int)in->csr_we_i;
  a->ci.csr_addr = (uint32_t)in->csr_addr_i;
  a->ci.csr_wdata = (uint32_t)in->csr_wdata_i;
  a->ci.tag_rd_data[0] = m->htlb.tq[0]; /* RTL tag_rd_o = tq_q */
  a->ci.tag_rd_data[1] = m->htlb.tq[1];
  a->ci.seed_rd_data = aotf_pktgen_view(&m->pg);
  aotf_send_csr_eval(&m->csr, &a->ci, &a->co);
  /* kick decode */
  a->ki.addr = (uint32_t)in->st_addr_i;
  a->ki.be = (uint32_t)in->st_be_i;
  a->ki.data = in->st_data_i;
  a->ki.window = a->co.window;
  a->ki.sw = m->sw;
  aotf_kick_decode_eval(m->uw, &a->ki, &a->ko);
  a->sdata[0] = (uint64_t)(a->ko.off & 0xFFF) | ((uint64_t)(a->ko.page & 0xFFFF) << 12) | (a->ko.data << 28);
  a->sdata[1] = (a->ko.data >> 36) | ((uint64_t)(a->ko.len & 0xF) << 28) | ((uint64_t)(a->ko.err_be & 1) << 32) |
                ((uint64_t)(a->ko.err_window & 1) << 33) | ((uint64_t)(a->ko.err_align & 1) << 34) |
                ((uint64_t)(a->ko.ok & 1) << 35);
  /* store stage: the decoded store registered in the slice */
  nic_axis_slice_eval(&m->st, &a->so);
  a->d_page = (uint32_t)(a->so.m_data[0] >> 12) & 0xFFFF;
  a->d_user = (a->d_page >> (16 - m->uw)) & ((1u << m->uw) - 1);
  a->d_be = (int)(a->so.m_data[1] >> 32 & 1);
  a->d_window = (int)(a->so.m_data[1] >> 33 & 1);
  a->d_align = (int)(a->so.m_data[1] >> 34 & 1);
  a->d_ok = (int)(a->so.m_data[1] >> 35 & 1);
  /* credit check */
  a->cri.rst_ni = rst_ni;
  a->cri.chk_user = a->d_user;
  a->cri.take_user = a->d_user;
  a->cri.sel_user = a->co.credit_sel;
  a->cri.lim_we = a->co.lim_we;
  a->cri.lim_data = (uint32_t)in->csr_wdata_i & 0xFFFF;
  aotf_credit_eval(&m->cred, &a->cri, &a->cro);
  /* FIFO status (state only) */
  a->fi.rst_ni = rst_ni;
  a->fi.s_data = a->fdata;
  nic_fifo_eval(&m->fifo, &a->fi, &a->fo);
  /* the store port is the stage's registered ready; the stage acts when the HTLB is not
   * sweeping and the FIFO takes a push */
  a->st_ready = rst_ni && a->so.s_ready;
  a->d_go = !m->htlb.busy && a->fo.s_ready;
  a->d_fire = a->so.m_valid && a->d_go;
  a->kick = a->d_fire && a->d_ok && a->cro.has_credit;
  a->e_credit = a->d_fire && a->d_ok && !a->cro.has_credit;
  a->fi.s_valid = a->kick;
  /* {len, data, page, off}: 96 bits */
  a->fdata[0] = a->so.m_data[0];
  a->fdata[1] = a->so.m_data[1] & 0xFFFFFFFFull;
  /* head register: hd = hd_sel ? hdk : hdr */
  const uint64_t *hd = m->hd_sel ? m->hdk : m->hdr;
  a->h_off = (uint32_t)(hd[0] & 0xFFF);
  a->h_page = (uint32_t)(hd[0] >> 12) & 0xFFFF;
  const uint32_t h_set = a->h_page & (m->cfg.htlb_sets - 1); /* the head's set */
  a->h_data = (hd[0] >> 28) | (hd[1] << 36);
  a->h_len = (uint32_t)(hd[1] >> 28) & 0xF;
  /* HTLB lookup */
  a->hi.rst_ni = rst_ni;
  a->hi.head_valid = m->hd_v;
  a->hi.head_page = a->h_page;
  /* the head's set by where it sits (rtl: hold_sel = !hd_sel_q, page_hold / hdk_q set bits) */
  a->hi.hold_sel = m->hd_hold;
  a->hi.hold_set = h_set;
  a->hi.byp_set = h_set;
  a->hi.next_free = !m->pg.next.v; /* packet generator slot status (state only) */
  /* early tag read: a store taken into the empty stage with the FIFO empty (it is the head two
   * cycles later if the stage kicks it); confirmed in TAG by its kick into the empty FIFO */
  a->hi.early_v = (int)(in->st_valid_i & 1) && !a->so.m_valid && a->fo.count == 0;
  a->hi.early_set = a->ko.page & (m->cfg.htlb_sets - 1);
  a->hi.early_ok = a->kick && a->fo.count == 0;
  a->hi.csr_tag_wr = a->co.tag_wr;
  /* view read (HTLB_IDX write): both RAMs are read at the index being written */
  uint32_t vr_set = ((uint32_t)in->csr_wdata_i >> AOTF_SEND_HTLB_IDX_SET_LSB) & (m->cfg.htlb_sets - 1);
  uint32_t vr_way = ((uint32_t)in->csr_wdata_i >> AOTF_SEND_HTLB_IDX_WAY_LSB) & 3;
  uint32_t vr_word = ((uint32_t)in->csr_wdata_i >> AOTF_SEND_HTLB_IDX_WORD_LSB) & 3;
  a->hi.csr_tag_rd = a->co.view_rd;
  a->hi.csr_rd_set = vr_set;
  a->hi.csr_set = a->co.set;
  a->hi.csr_way = a->co.way;
  a->hi.csr_tag = (uint32_t)(in->csr_wdata_i >> AOTF_SEND_HTLB_TAG_TAG_LSB) & 0xFF;
  a->hi.csr_valid = (int)((in->csr_wdata_i >> AOTF_SEND_HTLB_TAG_VALID_LSB) & 1);
  a->hi.csr_fmt = (uint32_t)(in->csr_wdata_i >> AOTF_SEND_HTLB_TAG_LPOS_LSB) & 0x1FFF;
  a->hi.flush = a->co.flush;
  /* refill walker: its strobes of this cycle (the HTLB's DEC start, page and victim are used at
   * the clock edge only) */
  a->wi.rst_ni = rst_ni;
  a->wi.abort = a->co.flush;
  a->wi.htt_seed_wr = a->co.htt_seed_wr;
  a->wi.htt_tag_wr = a->co.htt_tag_wr;
  a->wi.htt_idx = a->co.htt_idx;
  a->wi.htt_word = a->co.htt_word;
  a->wi.htt_seed = a->co.htt_seed;
  a->wi.htt_tag = a->co.htt_tag;
  a->wi.tag_port_free = !(a->co.tag_wr || a->co.view_rd) && !m->htlb.busy;
  a->wi.pg_busy = m->pg.cur.v;
  a->wi.seed_port_free = !(a->co.seed_wr || a->co.view_rd);
  a->wi.start = 0;
  a->wi.page = a->h_page;
  a->wi.victim = 0;
  aotf_htlb_walk_eval(&m->walk, &a->wi, &a->wo);
  a->hi.walk_en = a->co.walk_en;
  a->hi.walk_done = a->wo.done;
  a->hi.walk_hit = a->wo.hit;
  a->hi.wk_tag_wr = a->wo.tag_wr;
  a->hi.wk_set = a->wo.set;
  a->hi.wk_way = a->wo.way;
  a->hi.wk_tag = a->wo.tag;
  a->hi.wk_fmt = a->wo.fmt;
  aotf_htlb_comb(&m->htlb, &a->hi, &a->ho, &a->hc);
  a->wi.start = a->ho.walk_start;
  a->wi.victim = a->ho.victim;
  a->fi.m_ready = a->ho.pop;
  a->byp_ok = a->fo.count == (uint32_t)a->fo.m_valid && (!a->fo.m_valid || a->ho.pop);
  a->fifo_byp = a->kick && a->byp_ok;
  /* packet generator */
  a->pi.rst_ni = rst_ni;
  a->pi.spec0 = m->htlb.state == AOTF_LK_TAG;
  a->pi.spec1 = m->htlb.state == AOTF_LK_LOOK;
  a->pi.spec_set = m->ts; /* the lookup's set (rtl ts_q), from TAG to DEC */
  a->pi.load = a->ho.pop;
  a->pi.load_set = h_set;
  a->pi.load_way = a->ho.hit_way;
  a->pi.load_off = a->h_off;
  a->pi.load_len = a->h_len;
  a->pi.load_data = a->h_data;
  a->pi.load_user = (a->h_page >> (16 - m->uw)) & ((1u << m->uw) - 1);
  a->pi.load_fmt = a->ho.hit_fmt;
  /* seed write request (the generator's write stage takes it): a CSR SEED_HI write, else the walker */
  a->pi.csr_seed_wr = a->co.seed_wr || a->wo.seed_wr;
  a->pi.csr_seed_rd = a->co.view_rd;
  a->pi.csr_seed_addr = a->co.seed_wr ? (a->co.set << 4) | (a->co.way << 2) | a->co.word
                                      : (a->wo.set << 4) | (a->wo.way << 2) | a->wo.word;
  a->pi.csr_seed_rd_addr = (vr_set << 4) | (vr_way << 2) | vr_word;
  a->pi.csr_seed_wdata = a->co.seed_wr ? a->co.seed_wdata : a->wo.seed;
  a->pi.tready = (int)in->m_axis_tready;
  aotf_pktgen_comb(&m->pg, &a->pi, &a->po, &a->pc);
  /* credits: take / return */
  a->cri.take = a->kick;
  a->cri.ret = a->po.ret;
  a->cri.ret_user = a->po.ret_user;
  /* CSR events */
  a->ci.init_busy = a->ho.init_busy;
  a->ci.sweep_wr = a->ho.sweep_wr;
  a->ci.init_ptr = a->ho.init_ptr;
  a->ci.miss_wait = a->ho.state == AOTF_LK_MISS;
  a->ci.walk_busy = a->ho.state == AOTF_LK_WALK;
  a->ci.walk_start = a->ho.walk_start;
  a->ci.walk_hit = a->wo.done && a->wo.hit;
  a->ci.walk_miss = a->wo.done && !a->wo.hit;
  a->ci.wk_tag_wr = a->wo.tag_wr;
  a->ci.wk_seed_wr = a->wo.seed_wr;
  a->ci.wk_set = a->wo.set;
  a->ci.wk_way = a->wo.way;
  a->ci.wk_word = a->wo.word;
  a->ci.wk_tag = a->wo.tag;
  a->ci.wk_fmt = a->wo.fmt;
  a->ci.wk_seed = a->wo.seed;
  a->ci.wq_v = m->pg.wq_v; /* the seed RAM write of this cycle (state) */
  a->ci.wq_idx = m->pg.wq_addr;
  a->ci.wq_data = m->pg.wq_data;
  a->ci.tw_v = m->htlb.wq_v; /* the tag write stage (state) */
  a->ci.tw_set = m->htlb.wq_addr;
  a->ci.tw_be = m->htlb.wq_be;
  a->ci.tw_lane = m->htlb.wq_lane;
  a->ci.pg_busy = m->pg.cur.v; /* next valid implies cur valid */
  a->ci.miss = a->ho.miss;
  a->ci.miss_page = a->h_page;
  a->ci.miss_off = a->h_off;
  a->ci.miss_victim = a->ho.victim;
  a->ci.kick = a->kick;
  a->ci.pkt = a->po.ret;
  a->ci.err_align = a->d_fire && a->d_align;
  a->ci.err_be = a->d_fire && a->d_be;
  a->ci.err_window = a->d_fire && a->d_window;
  a->ci.err_credit = a->e_credit;
  a->ci.err_user = a->d_user;
  a->ci.fifo_count = a->fo.count;
  a->ci.sel_limit = a->cro.sel_limit;
  a->ci.sel_used = a->cro.sel_used;
  a->ci.sel_avail = a->cro.sel_avail;
  /* status register value with this cycle's state (the only output of the CSR block that
   * depends on the events above) */
  a->co.status = aotf_send_csr_status(&m->csr, &a->ci);
}

/* the CSR request that acts this cycle: the bus, or (csr_reg) the one registered last cycle */
static const aotf_send_in_t *acting(const aotf_send_t *m, const aotf_send_in_t *in, aotf_send_in_t *tmp) {
  if (!m->cfg.csr_reg) return in;
  *tmp = *in;
  tmp->csr_req_i = m->cq_req;
  tmp->csr_we_i = m->cq_we;
  tmp->csr_addr_i = m->cq_addr;
  tmp->csr_wdata_i = m->cq_wdata;
  return tmp;
}

static void outputs(const aotf_send_t *m, const all_t *a, aotf_send_out_t *o) {
  o->st_ready_o = (uint64_t)a->st_ready;
  o->csr_ack_o = m->cfg.csr_reg ? (uint64_t)m->rs_ack : (uint64_t)a->co.ack;
  o->csr_rdata_o = m->cfg.csr_reg ? m->rs_rdata : a->co.rdata;
  o->m_axis_tvalid = (uint64_t)a->po.tvalid;
  o->m_axis_tdata = a->po.tdata;
  o->m_axis_tkeep = a->po.tkeep & 0xFF;
  o->m_axis_tlast = (uint64_t)a->po.tlast;
  o->irq_o = (uint64_t)a->co.irq;
  o->dbg_fifo_count_o = a->fo.count;
  o->dbg_init_o = (uint64_t)a->ho.init_busy;
  o->dbg_miss_o = a->ho.state == AOTF_LK_MISS;
  o->dbg_lk_state_o = a->ho.state;
  o->dbg_pg_o = a->po.dbg;
  o->dbg_init_ptr_o = a->ho.init_ptr;
  o->dbg_rr_o = a->ho.rr;
  o->dbg_status_o = a->co.status;
  o->dbg_st_o = (uint64_t)((a->d_fire << 1) | a->so.m_valid);
  o->dbg_walk_o = ((uint64_t)a->wo.state << 22) | ((uint64_t)a->wo.tag_wr << 21) | ((uint64_t)a->wo.seed_wr << 20);
  if (a->wo.tag_wr || a->wo.seed_wr)
    o->dbg_walk_o |= ((uint64_t)a->wo.word << 18) | ((uint64_t)a->wo.way << 16) | ((uint64_t)(a->wo.set & 0xFF) << 8) |
                     a->wo.tag;
  o->dbg_used_lo_o = 0;
  o->dbg_used_hi_o = 0;
  for (uint32_t u = 0; u < 4; u++) {
    o->dbg_used_lo_o |= (uint64_t)a->cro.used[u] << (16 * u);
    o->dbg_used_hi_o |= (uint64_t)a->cro.used[u + 4] << (16 * u);
  }
}

/* the clock edge: bus = the port inputs, in = the acting request (acting()), a = comb(m, in) */
static void update(aotf_send_t *m, const aotf_send_in_t *bus, const aotf_send_in_t *in, const all_t *a) {
  m->cq_req = bus->rst_ni ? (uint32_t)bus->csr_req_i & 1 : 0;
  m->cq_we = (uint32_t)bus->csr_we_i & 1;
  m->cq_addr = (uint32_t)bus->csr_addr_i & 0xFFF;
  m->cq_wdata = (uint32_t)bus->csr_wdata_i;
  m->rs_ack = bus->rst_ni ? (uint32_t)a->co.ack : 0;
  m->rs_rdata = bus->rst_ni ? a->co.rdata : 0;
  /* the lookup's set (rtl ts_q): IDLE's tag read set, the head's or the early store's */
  if (m->htlb.state == AOTF_LK_IDLE) m->ts = a->hi.head_valid ? a->hi.byp_set : a->hi.early_set;
  /* head register (the FIFO output is read before its tick) */
  m->hd_sel = a->byp_ok; /* rtl: loads on byp_ok (don't-care unless the kick took the bypass) */
  m->hd_hold = !(a->byp_ok || a->fo.byp_sel); /* rtl hd_sel_q <= byp_ok || fifo_byp_sel */
  if (a->byp_ok) {
    m->hdk[0] = a->fdata[0];
    m->hdk[1] = a->fdata[1];
  }
  m->hdr[0] = a->fo.m_data[0];
  m->hdr[1] = a->fo.m_data[1];
  m->hd_v = in->rst_ni ? (a->fifo_byp || (a->fo.m_valid && !a->ho.pop)) : 0;
  nic_axis_slice_sig_in_t si;
  si.rst_ni = (int)(in->rst_ni & 1);
  si.s_valid = (int)(in->st_valid_i & 1);
  si.m_ready = a->d_go;
  si.s_data[0] = a->sdata[0];
  si.s_data[1] = a->sdata[1];
  nic_axis_slice_tick(&m->st, &si);
  nic_fifo_tick(&m->fifo, &a->fi);
  aotf_htlb_update(&m->htlb, &a->hi, &a->hc);
  aotf_htlb_walk_tick(&m->walk, &a->wi);
  aotf_pktgen_update(&m->pg, &a->pi, &a->pc);
  aotf_credit_tick(&m->cred, &a->cri);
  aotf_send_csr_tick(&m->csr, &a->ci);
}

void aotf_send_eval(const aotf_send_t *m, const aotf_send_in_t *bus, aotf_send_out_t *o) {
  all_t a;
  aotf_send_in_t tmp;
  comb(m, acting(m, bus, &tmp), &a);
  outputs(m, &a, o);
}

void aotf_send_tick(aotf_send_t *m, const aotf_send_in_t *bus) {
  all_t a;
  aotf_send_in_t tmp;
  const aotf_send_in_t *in = acting(m, bus, &tmp);
  comb(m, in, &a);
  update(m, bus, in, &a);
}

void aotf_send_step(aotf_send_t *m, const aotf_send_in_t *bus, aotf_send_out_t *o) {
  all_t a;
  aotf_send_in_t tmp;
  const aotf_send_in_t *in = acting(m, bus, &tmp);
  comb(m, in, &a);
  outputs(m, &a, o);
  update(m, bus, in, &a);
}
