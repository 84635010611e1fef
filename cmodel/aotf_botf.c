// SPDX-License-Identifier: Apache-2.0
#include "aotf_botf.h"
#include <string.h>
#include "nic_pkg.h"

enum { C_SENDS, C_PKTS, C_BYTES, C_STORES, C_BUSY, C_LEN, C_OWNER, C_HDR, C_FULL, C_ADDR };
#define WORD_SEND 0x100u
#define MAXLEN 464u

static uint32_t lg2(uint32_t v) {
  uint32_t r = 0;
  while ((1u << r) < v) r++;
  return r;
}
static int pow2(uint32_t v, uint32_t lo, uint32_t hi) { return v >= lo && v <= hi && !(v & (v - 1)); }

int aotf_botf_init(aotf_botf_t *m, const aotf_botf_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (!pow2(cfg->nwin, 8, 256) || !pow2(cfg->hdrs, 2, 256) || !pow2(cfg->qdepth, 2, 256)) return -1;
  m->cfg = *cfg;
  m->ww = lg2(cfg->nwin);
  m->hw = lg2(cfg->hdrs);
  uint32_t qew = m->ww + 9 + m->hw + 12 + 2 + 7;
  if (nic_ram_init(&m->win, cfg->nwin * 64, 64, 8, seed ^ 0x57494eull)) return -1;
  if (nic_ram_init(&m->seed, cfg->hdrs * 4, 64, 1, seed ^ 0x534545ull)) return -1;
  if (nic_ram_init(&m->own, cfg->nwin, 3, 1, seed ^ 0x4f574eull)) return -1;
  if (nic_ram_init(&m->hcfg, cfg->hdrs, 5, 1, seed ^ 0x484346ull)) return -1;
  if (nic_fifo_init(&m->q, cfg->qdepth, qew, seed ^ 0x5151ull)) return -1;
  /* power-up: control state arbitrary until reset */
  m->g_act = (uint32_t)(seed >> 3) & 1;
  m->ob_cnt = (uint32_t)(seed >> 7) % 6;
  m->room = (uint32_t)(seed >> 9) & 1;
  m->ack = (uint32_t)(seed >> 11) & 1;
  m->winv = (uint32_t)(seed >> 17) & 0xf;
  return 0;
}

void aotf_botf_free(aotf_botf_t *m) {
  nic_ram_free(&m->win);
  nic_ram_free(&m->seed);
  nic_ram_free(&m->own);
  nic_ram_free(&m->hcfg);
  nic_fifo_free(&m->q);
}

uint64_t aotf_botf_collisions(const aotf_botf_t *m) {
  return m->win.collisions + m->seed.collisions + m->own.collisions + m->hcfg.collisions + m->q.ram.collisions;
}

static uint32_t idle(const aotf_botf_t *m) {
  return !m->s2_push && !m->q.out_valid && !m->g_act && !m->p1_v && !m->p2_v && m->ob_cnt == 0;
}

typedef struct {
  uint32_t s_win, s_word, s_len, s_hdr, hcfg;
  int e_addr, e_owner, e_busy, e_len, e_hdr, e_full, s_push, s_wr;
} s1_t;

/* the store stage's checks (rtl e_* / s_push / s_wr) */
static void classify(const aotf_botf_t *m, s1_t *c) {
  const uint32_t nwin = m->cfg.nwin;
  uint32_t a = m->s1_addr;
  c->s_win = (a >> 12) & (nwin - 1);
  c->s_word = (a >> 3) & 0x1ff;
  uint32_t s_user = (a >> 25) & 7;
  c->s_len = (uint32_t)m->s1_data & 0xffff;
  c->s_hdr = (uint32_t)(m->s1_data >> 16) & 0xff;
  int s_send = (int)m->pa_send;
  uint32_t own_user = (uint32_t)nic_ram_rd64(&m->own) & 7;
  c->hcfg = (uint32_t)nic_ram_rd64(&m->hcfg) & 0x1f;
  int busy_sel = m->busy[c->s_win] || (m->s2_push && m->s2_win == c->s_win);
  c->e_addr = m->s1_v && m->pa_bad;
  c->e_owner = m->s1_v && !c->e_addr && !(m->po_v && own_user == s_user);
  c->e_busy = m->s1_v && !c->e_addr && !c->e_owner && busy_sel;
  int s_ok = m->s1_v && !c->e_addr && !c->e_owner && !busy_sel;
  c->e_len = s_ok && s_send && m->pl_bad;
  c->e_hdr = s_ok && s_send && !c->e_len &&
             !(!m->ph_oor && m->ph_v && (c->hcfg & 7) == s_user);
  c->e_full = s_ok && s_send && !c->e_len && !c->e_hdr && m->qcount + m->s2_push >= m->cfg.qdepth;
  c->s_push = s_ok && s_send && !c->e_len && !c->e_hdr && !c->e_full;
  c->s_wr = s_ok && !s_send;
}

static uint32_t ev(const s1_t *c) {
  return c->s_wr ? 1 : c->s_push ? 2 : c->e_busy ? 3 : c->e_len ? 4 : c->e_owner ? 5 : c->e_hdr ? 6 :
         c->e_full ? 7 : c->e_addr ? 8 : 0;
}

void aotf_botf_eval(const aotf_botf_t *m, const aotf_botf_in_t *in, aotf_botf_out_t *out) {
  (void)in;
  const aotf_botf_ob_t *h = &m->ob[m->ob_rp];
  out->window_o = m->winv;
  out->csr_ack_o = m->ack;
  out->csr_rdata_o = m->rdata;
  out->m_axis_tvalid = m->ob_cnt != 0;
  out->m_axis_tdata = h->data;
  out->m_axis_tkeep = h->keep;
  out->m_axis_tlast = h->last;
  out->idle_o = idle(m);
  s1_t c;
  classify(m, &c);
  out->dbg_ev_o = ev(&c);
}

/* header insertion of a header beat (rtl hw) */
static uint64_t insert(uint64_t w, const aotf_botf_meta_t *p) {
  switch (p->k) {
    case 0:
      w = (w & ~(0xffull << 32)) | ((uint64_t)PTYPE_BOTF << 32);
      w &= ~(1ull << 40);
      w = (w & ~(3ull << 42)) | ((uint64_t)p->hfmt << 42);
      break;
    case 1:
      w = (w & ~0xfffull) | p->off;
      if (p->hfmt == HFMT_16) w = (w & ~(0xffffull << 24)) | ((uint64_t)p->len << 24);
      break;
    case 2:
      w = (w & ~0xffull) | (p->len & 0xff);
      w = (w & ~(0xffull << 32)) | ((uint64_t)(p->len >> 8) << 32);
      break;
    default: break;
  }
  return w;
}

static uint32_t rd_csr(const aotf_botf_t *m) {
  uint32_t a = m->cq_addr;
  switch (a) {
    case CSR_AOTF_BOTF_ID: return AOTF_BOTF_ID_ID_RESET;
    case CSR_AOTF_BOTF_PARAMS: return ((lg2(m->cfg.qdepth)) << 24) | ((m->cfg.hdrs & 255) << 16) | m->cfg.nwin;
    case CSR_AOTF_BOTF_CTRL: return m->winv;
    case CSR_AOTF_BOTF_OWN_IDX: return m->own_idx;
    case CSR_AOTF_BOTF_HDR_IDX: return (m->hdr_word << 12) | m->hdr_ent;
    case CSR_AOTF_BOTF_QUEUE_COUNT: return m->qcount;
    case CSR_AOTF_BOTF_STATUS: return idle(m);
    case CSR_AOTF_BOTF_CNT_SENDS: return m->cnt[C_SENDS];
    case CSR_AOTF_BOTF_CNT_PKTS: return m->cnt[C_PKTS];
    case CSR_AOTF_BOTF_CNT_BYTES: return m->cnt[C_BYTES];
    case CSR_AOTF_BOTF_CNT_STORES: return m->cnt[C_STORES];
    case CSR_AOTF_BOTF_CNT_ERR_BUSY: return m->cnt[C_BUSY];
    case CSR_AOTF_BOTF_CNT_ERR_LEN: return m->cnt[C_LEN];
    case CSR_AOTF_BOTF_CNT_ERR_OWNER: return m->cnt[C_OWNER];
    case CSR_AOTF_BOTF_CNT_ERR_HDR: return m->cnt[C_HDR];
    case CSR_AOTF_BOTF_CNT_ERR_FULL: return m->cnt[C_FULL];
    case CSR_AOTF_BOTF_CNT_ERR_ADDR: return m->cnt[C_ADDR];
    default: break;
  }
  if ((a >> 5) == (CSR_AOTF_BOTF_BUSY0 >> 5)) { /* BUSY0..BUSY7 */
    uint32_t v = 0, base = ((a >> 2) & 7) * 32;
    for (uint32_t i = 0; i < 32; i++)
      if (base + i < m->cfg.nwin && (m->busy[base + i] || (m->s2_push && m->s2_win == base + i))) v |= 1u << i;
    return v;
  }
  return 0;
}

void aotf_botf_tick(aotf_botf_t *m, const aotf_botf_in_t *in) {
  const uint32_t nwin = m->cfg.nwin, hdrs = m->cfg.hdrs;
  /* idle and nothing arriving (the common case in a node with no BOTF traffic): no register
   * with a valid bit changes and no RAM is read or written; the payload registers the RTL
   * loads anyway are don't-care while their valid bits are 0, and csr_rdata stays 0 */
  if (in->rst_ni && !in->st_valid_i && !in->csr_req_i && !m->cq_req && !m->ack && !m->s1_v && !m->s2_wr &&
      !m->s2_push && !m->s2_ev && !m->qpop && !m->g_act &&
      !m->p1_v && !m->p2_v && !m->ob_cnt && !m->q.out_valid && m->q.ram_cnt == 0)
    return;
  const uint32_t s2_push = m->s2_push, s2_win = m->s2_win; /* the s2 store acting this cycle */
  /* ---- CSR request acting this cycle */
  int cw = m->cq_req && m->cq_we, cr = m->cq_req && !m->cq_we;
  uint32_t ca = m->cq_addr, wd = m->cq_wdata;
  int w_ctrl = cw && ca == CSR_AOTF_BOTF_CTRL, w_own_idx = cw && ca == CSR_AOTF_BOTF_OWN_IDX;
  int w_owner = cw && ca == CSR_AOTF_BOTF_OWNER, w_hdr_idx = cw && ca == CSR_AOTF_BOTF_HDR_IDX;
  int w_hdr_cfg = cw && ca == CSR_AOTF_BOTF_HDR_CFG, w_seed_lo = cw && ca == CSR_AOTF_BOTF_SEED_LO;
  int w_seed_hi = cw && ca == CSR_AOTF_BOTF_SEED_HI;
  uint32_t rdata = cr ? rd_csr(m) : 0, ack_d = m->cq_req;

  /* ---- store stage s1 */
  s1_t c;
  classify(m, &c);
  uint32_t s_win = c.s_win, s_word = c.s_word, s_len = c.s_len, s_hdr = c.s_hdr, hcfg = c.hcfg;
  int s_push = c.s_push, s_wr = c.s_wr;
 static const uint32_t nh_of[4] = {4, 2, 3, 1};
  uint32_t s_left = (nh_of[(hcfg >> 3) & 3] + ((s_len >> 3) & 0x3f) + ((s_len & 7) != 0) - 1) & 127;
  uint64_t q_in = (uint64_t)s_win | ((uint64_t)(s_len & 0x1ff) << m->ww) |
                  ((uint64_t)(s_hdr & (hdrs - 1)) << (m->ww + 9)) | ((uint64_t)(hcfg >> 3) << (m->ww + 9 + m->hw)) |
                  ((uint64_t)((m->s1_data >> 32) & 0xfff) << (m->ww + 11 + m->hw)) |
                  ((uint64_t)s_left << (m->ww + 23 + m->hw));

  /* ---- generator issue */
  nic_fifo_sig_out_t qo;
  nic_fifo_sig_in_t qi = {(int)in->rst_ni, (int)m->s2_push, 0, &m->s2_qin};
  nic_fifo_eval(&m->q, &qi, &qo);
  int room = (int)m->room;
  int iss = m->g_act && room;
  int i_hdr = (int)m->g_ih;
  int i_last = (int)m->g_last;
  int q_pop = qo.m_valid && (!m->g_act || (iss && i_last));
  qi.m_ready = q_pop;
  uint64_t hd = qo.m_data[0];
  uint32_t h_win = (uint32_t)hd & (nwin - 1), h_len = (uint32_t)(hd >> m->ww) & 0x1ff;
  uint32_t h_hdr = (uint32_t)(hd >> (m->ww + 9)) & (hdrs - 1), h_hfmt = (uint32_t)(hd >> (m->ww + 9 + m->hw)) & 3;
  uint32_t h_off = (uint32_t)(hd >> (m->ww + 11 + m->hw)) & 0xfff;
  uint32_t h_left = (uint32_t)(hd >> (m->ww + 23 + m->hw)) & 127;
  uint32_t h_nh = nh_of[h_hfmt];
  uint32_t i_keep = 0xff;
  if (i_last && !i_hdr && (m->g_len & 7)) i_keep = (1u << (m->g_len & 7)) - 1;
  aotf_botf_meta_t im = {(uint32_t)i_hdr, m->g_beat & 3, (uint32_t)i_last, i_keep, m->g_hfmt, m->g_len, m->g_off, m->g_win};

  /* ---- pipeline end and output buffer */
  uint64_t p2_data = m->p2.hdr ? insert(m->sd, &m->p2) : m->wd;
  const aotf_botf_ob_t *oh = &m->ob[m->ob_rp];
  int ob_pop = m->ob_cnt != 0 && in->m_axis_tready;
  int pkt_done = ob_pop && oh->last;
  uint32_t o_win = oh->win, o_len = oh->len;

  /* ---- memories (the RAM read data of this cycle are taken first) */
  uint64_t seed_rd = nic_ram_rd64(&m->seed), win_rd = nic_ram_rd64(&m->win);
  nic_ram_tick64(&m->win, (int)m->s2_wr, (m->s2_win << 6) | m->s2_word, m->s2_data, m->s2_be, iss && !i_hdr,
                 (m->g_win << 6) | m->g_dw);
  nic_ram_tick64(&m->seed, w_seed_hi, ((m->hdr_ent & (hdrs - 1)) << 2) | m->hdr_word,
                 ((uint64_t)wd << 32) | m->seed_lo, 1, iss && i_hdr, (m->g_hdr << 2) | (m->g_beat & 3));
  nic_ram_tick64(&m->own, w_owner, m->own_idx & (nwin - 1), wd & 7, 1, (int)(in->st_valid_i & 1), ((uint32_t)in->st_addr_i >> 12) & (nwin - 1));
  nic_ram_tick64(&m->hcfg, w_hdr_cfg, m->hdr_ent & (hdrs - 1), (((wd >> 12) & 3) << 3) | (wd & 7), 1, (int)(in->st_valid_i & 1),
                 ((uint32_t)(in->st_data_i >> 16)) & (hdrs - 1));
  nic_fifo_tick(&m->q, &qi);

  /* ---- payload registers (no reset) */
  m->s2_win = s_win;
  m->s2_word = s_word & 63;
  m->s2_data = m->s1_data;
  m->s2_be = m->s1_be;
  m->s2_qin = q_in;
  m->cq_addr = (uint32_t)in->csr_addr_i & 0xfff;
  m->cq_wdata = (uint32_t)in->csr_wdata_i;
  {
    uint32_t sa = (uint32_t)in->st_addr_i, pw = (sa >> 3) & 0x1ff, plen = (uint32_t)in->st_data_i & 0xffff;
    uint32_t phdr = (uint32_t)(in->st_data_i >> 16) & 0xff;
    m->pa_send = pw == WORD_SEND;
    m->pa_bad = (sa & 7) || (sa >> 28) != m->winv || (((sa >> 12) & 0xff) >> m->ww) || !(pw < 58 || pw == WORD_SEND);
    m->pl_bad = plen == 0 || plen > MAXLEN;
    m->ph_oor = (phdr >> m->hw) != 0;
    m->po_v = m->own_v[(sa >> 12) & (nwin - 1)];
    m->ph_v = m->hdr_v[phdr & (hdrs - 1)];
  }
  m->s1_addr = (uint32_t)in->st_addr_i;
  m->s1_data = in->st_data_i;
  m->s1_be = (uint32_t)in->st_be_i & 0xff;
  if (m->p2_v) {
    aotf_botf_ob_t *e = &m->ob[m->ob_wp];
    e->data = p2_data;
    e->keep = m->p2.keep;
    e->last = m->p2.last;
    e->win = m->p2.win;
    e->len = m->p2.len;
  }
  m->p2 = m->p1;
  m->p1 = im;
  m->sd = seed_rd;
  m->wd = win_rd;
  uint32_t g_act = m->g_act;
  if (iss) {
    if (!i_hdr) m->g_dw = (m->g_dw + 1) & 63;
    m->g_ih = m->g_nh > m->g_beat + 1;
    m->g_last = m->g_left == 1;
    m->g_left = (m->g_left - 1) & 127;
    m->g_beat = (m->g_beat + 1) & 127;
    if (i_last) g_act = 0;
  }
  if (q_pop) {
    g_act = 1;
    m->g_beat = 0;
    m->g_dw = 0;
    m->g_nh = h_nh;
    m->g_left = h_left;
    m->g_last = 0;
    m->g_ih = 1;
    m->g_win = h_win;
    m->g_hdr = h_hdr;
    m->g_len = h_len;
    m->g_off = h_off;
    m->g_hfmt = h_hfmt;
  }
  if (!in->rst_ni) {
    m->cq_req = m->cq_we = 0;
    m->s1_v = 0;
    m->s2_wr = m->s2_push = 0;
    m->qpop = m->s2_ev = 0;
    m->p1_v = m->p2_v = 0;
    m->ob_wp = m->ob_rp = m->ob_cnt = 0;
    m->room = 1;
    m->winv = AOTF_BOTF_CTRL_WINDOW_RESET;
    m->own_idx = m->hdr_ent = m->hdr_word = m->seed_lo = 0;
    memset(m->own_v, 0, sizeof(m->own_v));
    memset(m->hdr_v, 0, sizeof(m->hdr_v));
    memset(m->busy, 0, sizeof(m->busy));
    m->qcount = 0;
    m->g_act = 0;
    m->ack = m->rdata = 0;
    memset(m->cnt, 0, sizeof(m->cnt));
    return;
  }
  m->cq_req = (uint32_t)in->csr_req_i & 1;
  m->cq_we = (uint32_t)in->csr_we_i & 1;
  m->s1_v = (uint32_t)in->st_valid_i & 1;
  uint32_t ob_cnt = m->ob_cnt;
  m->ob_wp = (m->ob_wp + m->p2_v) & 7;
  m->ob_rp = (m->ob_rp + (uint32_t)ob_pop) & 7;
  m->ob_cnt = ob_cnt + m->p2_v - (uint32_t)ob_pop;
  m->room = ob_cnt + m->p2_v + m->p1_v + (uint32_t)iss < 5;
  m->p2_v = m->p1_v;
  m->p1_v = (uint32_t)iss;
  m->g_act = g_act;
  if (s2_push) m->busy[s2_win] = 1;
  if (pkt_done) m->busy[o_win] = 0;
  m->qcount = m->qcount + s2_push - m->qpop;
  m->qpop = (uint32_t)q_pop;
  m->s2_wr = (uint32_t)s_wr;
  m->s2_push = (uint32_t)s_push;
  if (w_ctrl) m->winv = wd & 0xf;
  if (w_own_idx) m->own_idx = wd & 0xff;
  if (w_hdr_idx) {
    m->hdr_ent = wd & 0xff;
    m->hdr_word = (wd >> 12) & 3;
  }
  if (w_seed_lo) m->seed_lo = wd;
  if (w_owner && (m->own_idx >> m->ww) == 0) m->own_v[m->own_idx] = (uint8_t)((wd >> 8) & 1);
  if (w_hdr_cfg && (m->hdr_ent >> m->hw) == 0) m->hdr_v[m->hdr_ent] = (uint8_t)((wd >> 8) & 1);
  /* the counters count the outcome of the previous cycle (rtl s2_ev_q) */
  static const int ci[9] = {-1, C_STORES, C_SENDS, C_BUSY, C_LEN, C_OWNER, C_HDR, C_FULL, C_ADDR};
  if (m->s2_ev && m->s2_ev < 9) m->cnt[ci[m->s2_ev]]++;
  m->s2_ev = ev(&c);
  m->cnt[C_PKTS] += (uint32_t)pkt_done;
  m->cnt[C_BYTES] += pkt_done ? o_len : 0;
  m->ack = ack_d;
  m->rdata = rdata;
}

void aotf_botf_step(aotf_botf_t *m, const aotf_botf_in_t *in, aotf_botf_out_t *out) {
  aotf_botf_eval(m, in, out);
  aotf_botf_tick(m, in);
}
