// SPDX-License-Identifier: Apache-2.0
#include "aotf_send_csr.h"
#include <string.h>
#include "aotf_htlb.h"
#include "nic_pkg.h"

enum { R_REG = 0, R_TAG = 1, R_SLO = 2, R_SHI = 3 };

static uint32_t lg2(uint32_t v) {
  uint32_t r = 0;
  while ((1u << r) < v) r++;
  return r;
}

int aotf_send_csr_init(aotf_send_csr_t *m, uint32_t num_users, uint32_t fifo_depth, uint32_t sets, uint32_t htt_entries,
                       uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->num_users = num_users;
  m->fifo_depth = fifo_depth;
  m->sets = sets;
  m->htt_entries = htt_entries;
  m->ack = (uint32_t)(seed & 1); /* power-up: arbitrary */
  m->rdata = (uint32_t)(seed >> 8);
  m->window = (uint32_t)(seed >> 3) & 0xF;
  return 0;
}

/* the seed view now: this cycle's capture (vl2) comes from the RAM output register */
static uint64_t seed_view(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in) {
  return m->vl2 ? in->seed_rd_data : m->sv;
}

/* the tag view now: this cycle's captured lanes (tc) come from the HTLB's registered read data */
static void tag_view(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in, uint32_t tv[4]) {
  for (uint32_t w = 0; w < 4; w++) tv[w] = (m->tc >> w & 1) ? aotf_htlb_lane(in->tag_rd_data, w) : m->tv[w];
}

static uint32_t status_of(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in) {
  return ((uint32_t)(in->init_busy & 1) << AOTF_SEND_STATUS_INIT_BUSY_LSB) |
         ((uint32_t)(in->miss_wait & 1) << AOTF_SEND_STATUS_MISS_WAIT_LSB) |
         ((uint32_t)(in->pg_busy & 1) << AOTF_SEND_STATUS_PG_BUSY_LSB) |
         ((uint32_t)(in->walk_busy & 1) << AOTF_SEND_STATUS_WALK_BUSY_LSB) |
         (m->sticky << AOTF_SEND_STATUS_IRQ_MISS_LSB);
}

uint32_t aotf_send_csr_status(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in) {
  return status_of(m, in) & 0xFFFF;
}

void aotf_send_csr_eval(const aotf_send_csr_t *m, const aotf_send_csr_in_t *in, aotf_send_csr_out_t *o) {
  int wr = in->csr_req && in->csr_we; /* rtl: no reset term (the seed RAM write has it) */
  uint32_t a = in->csr_addr & 0xFFF;
  o->tag_wr = wr && a == CSR_AOTF_SEND_HTLB_TAG;
  o->seed_wr = wr && a == CSR_AOTF_SEND_SEED_HI;
  o->view_rd = wr && a == CSR_AOTF_SEND_HTLB_IDX; /* read both RAMs at the new index */
  o->flush = wr && a == CSR_AOTF_SEND_CTRL && ((in->csr_wdata >> AOTF_SEND_CTRL_FLUSH_LSB) & 1);
  o->lim_we = wr && a == CSR_AOTF_SEND_CREDIT_LIMIT;
  o->htt_seed_wr = wr && a == CSR_AOTF_SEND_HTT_SEED_HI;
  o->htt_tag_wr = wr && a == CSR_AOTF_SEND_HTT_TAG;
  o->htt_idx = m->htt_idx;
  o->htt_word = m->htt_word;
  o->htt_tag = (in->csr_wdata >> AOTF_SEND_HTT_TAG_PAGE_LSB) & 0x3FFFFFFFu;
  o->htt_seed = ((uint64_t)in->csr_wdata << 32) | m->htt_lo;
  o->walk_en = (int)m->walk_en;
  o->window = m->window;
  o->set = m->set;
  o->way = m->way;
  o->word = m->word;
  o->credit_sel = m->csel;
  o->seed_wdata = ((uint64_t)in->csr_wdata << 32) | m->seed_lo;
  o->ack = (int)m->ack;
  o->status = status_of(m, in) & 0xFFFF;
  o->irq = ((m->irq_en & 1) && (m->sticky & 1)) || ((m->irq_en & 2) && (m->sticky & 0x1E));
  /* HTLB_TAG / SEED_*: the view registers of the response cycle */
  uint32_t tvl[4];
  tag_view(m, in, tvl);
  uint32_t lane = tvl[m->way & 3];
  uint64_t sv = seed_view(m, in);
  switch (m->rsel) {
    case R_TAG: o->rdata = lane; break;
    case R_SLO: o->rdata = (uint32_t)sv; break;
    case R_SHI: o->rdata = (uint32_t)(sv >> 32); break;
    default: o->rdata = m->rdata;
  }
  if (!m->ack) o->rdata = 0;
}

void aotf_send_csr_tick(aotf_send_csr_t *m, const aotf_send_csr_in_t *in) {
  if (!in->rst_ni) {
    uint32_t nu = m->num_users, fd = m->fifo_depth, s = m->sets, he = m->htt_entries;
    memset(m, 0, sizeof(*m));
    m->num_users = nu;
    m->fifo_depth = fd;
    m->sets = s;
    m->htt_entries = he;
    m->window = 8;
    return;
  }
  int rd = in->csr_req && !in->csr_we;
  int wr = in->csr_req && in->csr_we;
  uint32_t a = in->csr_addr & 0xFFF, wd = in->csr_wdata;
  /* read mux (request cycle, old state; used by a read only) */
  uint32_t rv = CSR_UNMAPPED, rsel = R_REG;
  if (rd) switch (a) {
    case CSR_AOTF_SEND_ID: rv = 0x414F5453u; break;
    case CSR_AOTF_SEND_VERSION: rv = 0x00010000u; break;
    case CSR_AOTF_SEND_PARAMS: rv = (4u << 24) | (lg2(m->sets) << 16) | (lg2(m->fifo_depth) << 8) | m->num_users; break;
    case CSR_AOTF_SEND_CTRL: rv = m->window | (m->walk_en << AOTF_SEND_CTRL_WALK_EN_LSB); break;
    case CSR_AOTF_SEND_HTT_IDX:
      rv = (m->htt_idx << AOTF_SEND_HTT_IDX_ENTRY_LSB) | (m->htt_word << AOTF_SEND_HTT_IDX_WORD_LSB);
      break;
    case CSR_AOTF_SEND_HTT_SEED_LO: rv = m->htt_lo; break;
    case CSR_AOTF_SEND_HTT_SEED_HI: case CSR_AOTF_SEND_HTT_TAG: rv = 0; break;
    case CSR_AOTF_SEND_HTT_PARAMS: rv = lg2(m->htt_entries); break;
    case CSR_AOTF_SEND_CNT_WALKS: rv = m->c_walk + (m->wev & 1); break;
    case CSR_AOTF_SEND_CNT_WALK_HITS: rv = m->c_whit + ((m->wev >> 1) & 1); break;
    case CSR_AOTF_SEND_CNT_WALK_MISSES: rv = m->c_wmiss + ((m->wev >> 2) & 1); break;
    case CSR_AOTF_SEND_STATUS: rv = status_of(m, in); break;
    case CSR_AOTF_SEND_IRQ_EN: rv = m->irq_en; break;
    case CSR_AOTF_SEND_MISS_ADDR: rv = m->miss_addr; break;
    case CSR_AOTF_SEND_MISS_VICTIM: rv = m->victim; break;
    case CSR_AOTF_SEND_HTLB_IDX:
      rv = (m->set << AOTF_SEND_HTLB_IDX_SET_LSB) | (m->way << AOTF_SEND_HTLB_IDX_WAY_LSB) |
           (m->word << AOTF_SEND_HTLB_IDX_WORD_LSB);
      break;
    case CSR_AOTF_SEND_HTLB_TAG: rv = 0; rsel = R_TAG; break;
    case CSR_AOTF_SEND_SEED_LO: rv = 0; rsel = R_SLO; break;
    case CSR_AOTF_SEND_SEED_HI: rv = 0; rsel = R_SHI; break;
    case CSR_AOTF_SEND_CREDIT_SEL: rv = m->csel; break;
    case CSR_AOTF_SEND_CREDIT_LIMIT: rv = in->sel_limit & 0xFFFF; break;
    case CSR_AOTF_SEND_CREDIT_AVAIL: rv = ((in->sel_used & 0xFFFF) << 16) | (in->sel_avail & 0xFFFF); break;
    case CSR_AOTF_SEND_CREDIT_ERR: rv = m->err_user; break;
    case CSR_AOTF_SEND_FIFO_COUNT: rv = in->fifo_count; break;
    case CSR_AOTF_SEND_CNT_KICKS: rv = m->c_kicks + (m->ev & 1); break;
    case CSR_AOTF_SEND_CNT_PKTS: rv = m->c_pkts + ((m->ev >> 1) & 1); break;
    case CSR_AOTF_SEND_CNT_MISSES: rv = m->c_miss + ((m->ev >> 2) & 1); break;
    case CSR_AOTF_SEND_CNT_ERR_ALIGN: rv = m->c_align + ((m->ev >> 3) & 1); break;
    case CSR_AOTF_SEND_CNT_ERR_BE: rv = m->c_be + ((m->ev >> 4) & 1); break;
    case CSR_AOTF_SEND_CNT_ERR_WINDOW: rv = m->c_win + ((m->ev >> 5) & 1); break;
    case CSR_AOTF_SEND_CNT_ERR_CREDIT: rv = m->c_cred + ((m->ev >> 6) & 1); break;
    default: break;
  }
  uint32_t old_window = m->window;
  /* view: the data of a view read is captured two cycles after it (tag lanes tc, seed vl2);
   * this cycle's writes to the entry (current index) win over the view and cancel the capture of
   * what they write; the sweep clears set m->set. A CSR write and a sweep write never share a cycle. */
  int tag_wr = wr && a == CSR_AOTF_SEND_HTLB_TAG, seed_wr = wr && a == CSR_AOTF_SEND_SEED_HI;
  int sweep_set = in->sweep_wr && in->init_ptr == m->set;
  /* the walker's writes to the viewed entry (never with a CSR write of the same RAM) */
  int wk_tag_hit = in->wk_tag_wr && (in->wk_set & (m->sets - 1)) == m->set;
  int wk_seed_hit = in->wk_seed_wr && (in->wk_set & (m->sets - 1)) == m->set && (in->wk_way & 3) == m->way &&
                    (in->wk_word & 3) == m->word;
  uint32_t tv[4];
  tag_view(m, in, tv);
  uint32_t twm = (tag_wr ? 1u << m->way : 0u) | (wk_tag_hit ? 1u << (in->wk_way & 3) : 0u);
  uint32_t tc = (m->vld && !sweep_set) ? 0xFu & ~twm & ~m->tf : 0u;
  /* tag forward: lanes of the set a view read of last cycle read that the write stage held */
  for (uint32_t w = 0; w < 4; w++)
    if (m->tf >> w & 1) tv[w] = m->tfl;
  if (wk_tag_hit) tv[in->wk_way & 3] = ((in->wk_fmt & 0x1FFFu) << 9) | 0x100u | (in->wk_tag & 0xFF);
  if (tag_wr) tv[m->way & 3] = (wd >> AOTF_SEND_HTLB_TAG_TAG_LSB) & 0x3FFFFFu;
  if (sweep_set) tv[0] = tv[1] = tv[2] = tv[3] = 0;
  /* seed forward: a view read of the entry the seed RAM writes this cycle (the write stage) takes
   * the write's data instead of the RAM's (no capture) */
  int view_rd = wr && a == CSR_AOTF_SEND_HTLB_IDX;
  uint32_t vidx = ((((wd >> AOTF_SEND_HTLB_IDX_SET_LSB) & (m->sets - 1)) << 4) |
                   (((wd >> AOTF_SEND_HTLB_IDX_WAY_LSB) & 3) << 2) | ((wd >> AOTF_SEND_HTLB_IDX_WORD_LSB) & 3));
  uint32_t widx = (((in->wq_idx >> 4) & (m->sets - 1)) << 4) | (in->wq_idx & 15);
  int sv_fwd = view_rd && in->wq_v && widx == vidx;
  uint32_t tf = (view_rd && in->tw_v && (in->tw_set & (m->sets - 1)) == vidx >> 4) ? in->tw_be & 0xFu : 0u;
  uint64_t sv = seed_wr       ? (((uint64_t)wd << 32) | m->seed_lo)
                : wk_seed_hit ? in->wk_seed
                : sv_fwd      ? in->wq_data
                              : seed_view(m, in);
  memcpy(m->tv, tv, sizeof(m->tv));
  m->sv = sv;
  m->tc = tc;
  m->tf = tf;
  m->tfl = in->tw_lane & 0x3FFFFFu;
  m->vl2 = m->vls && !seed_wr && !wk_seed_hit; /* a seed write after the view read cancels its capture */
  m->vld = view_rd;
  m->vls = view_rd && !sv_fwd;
  if (wr) {
    switch (a) {
      case CSR_AOTF_SEND_CTRL:
        m->window = (wd >> AOTF_SEND_CTRL_WINDOW_LSB) & 0xF;
        m->walk_en = (wd >> AOTF_SEND_CTRL_WALK_EN_LSB) & 1;
        break;
      case CSR_AOTF_SEND_HTT_IDX:
        m->htt_idx = (wd >> AOTF_SEND_HTT_IDX_ENTRY_LSB) & (m->htt_entries - 1);
        m->htt_word = (wd >> AOTF_SEND_HTT_IDX_WORD_LSB) & 3;
        break;
      case CSR_AOTF_SEND_HTT_SEED_LO: m->htt_lo = wd; break;
      case CSR_AOTF_SEND_IRQ_EN:
        m->irq_en = ((wd >> AOTF_SEND_IRQ_EN_MISS_LSB) & 1) | (((wd >> AOTF_SEND_IRQ_EN_ERR_LSB) & 1) << 1);
        break;
      case CSR_AOTF_SEND_HTLB_IDX:
        m->set = (wd >> AOTF_SEND_HTLB_IDX_SET_LSB) & (m->sets - 1);
        m->way = (wd >> AOTF_SEND_HTLB_IDX_WAY_LSB) & 3;
        m->word = (wd >> AOTF_SEND_HTLB_IDX_WORD_LSB) & 3;
        break;
      case CSR_AOTF_SEND_SEED_LO: m->seed_lo = wd; break;
      case CSR_AOTF_SEND_CREDIT_SEL: m->csel = (wd >> AOTF_SEND_CREDIT_SEL_USER_LSB) & (m->num_users - 1); break;
      case CSR_AOTF_SEND_STATUS: m->sticky &= ~((wd >> AOTF_SEND_STATUS_IRQ_MISS_LSB) & 0x1F); break;
      default: break;
    }
  }
  m->sticky |= (uint32_t)(in->miss & 1) | ((uint32_t)(in->err_align & 1) << 1) | ((uint32_t)(in->err_be & 1) << 2) |
               ((uint32_t)(in->err_window & 1) << 3) | ((uint32_t)(in->err_credit & 1) << 4);
  if (in->miss) {
    m->miss_addr = (old_window << 28) | ((in->miss_page & 0xFFFF) << 12) | (in->miss_off & 0xFFF);
    m->victim = in->miss_victim & 3;
  }
  if (in->err_credit) m->err_user = in->err_user;
  m->c_kicks += m->ev & 1;
  m->c_pkts += (m->ev >> 1) & 1;
  m->c_miss += (m->ev >> 2) & 1;
  m->c_align += (m->ev >> 3) & 1;
  m->c_be += (m->ev >> 4) & 1;
  m->c_win += (m->ev >> 5) & 1;
  m->c_cred += (m->ev >> 6) & 1;
  m->c_walk += m->wev & 1;
  m->c_whit += (m->wev >> 1) & 1;
  m->c_wmiss += (m->wev >> 2) & 1;
  m->wev = (uint32_t)(in->walk_start & 1) | ((uint32_t)(in->walk_hit & 1) << 1) | ((uint32_t)(in->walk_miss & 1) << 2);
  m->ev = (uint32_t)(in->kick & 1) | ((uint32_t)(in->pkt & 1) << 1) | ((uint32_t)(in->miss & 1) << 2) |
          ((uint32_t)(in->err_align & 1) << 3) | ((uint32_t)(in->err_be & 1) << 4) |
          ((uint32_t)(in->err_window & 1) << 5) | ((uint32_t)(in->err_credit & 1) << 6);
  m->ack = (uint32_t)in->csr_req;
  m->rdata = rd ? rv : 0;
  m->rsel = rd ? rsel : R_REG;
}
