// SPDX-License-Identifier: Apache-2.0
#include "aotf_htlb.h"
#include <string.h>

int aotf_htlb_init(aotf_htlb_t *m, uint32_t sets, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (sets < 2 || sets > 256 || (sets & (sets - 1))) return -1;
  m->sets = sets;
  m->state = (uint32_t)(seed & 3);
  m->tq[0] = seed >> 20;
  m->tqb[0] = seed >> 24;
  m->rb = (uint32_t)(seed >> 13) & 1;
  m->rb2 = (uint32_t)(seed >> 14) & 1;
  m->busy = (uint32_t)((seed >> 2) & 1);
  m->ptr = (uint32_t)(seed >> 3) & (sets - 1);
  m->rr = (uint32_t)(seed >> 11) & 3;
  m->wq_addr = (uint32_t)(seed >> 30) & (sets - 1); /* payload: no reset in RTL */
  m->wq_lane = (uint32_t)(seed >> 36) & 0x3FFFFFu;
  m->wq_be = (uint32_t)(seed >> 40) & 0xFu;
  m->wq_v = (int)((seed >> 44) & 1);
  if (nic_ram_init(&m->ram, sets, 4 * AOTF_HTLB_LW, 4, seed ^ 0x48544c42ull)) return -1;
  return nic_ram_init(&m->ram_b, sets, 4 * AOTF_HTLB_LW, 4, seed ^ 0x48544c42ull ^ 0xb0b0ull);
}

void aotf_htlb_free(aotf_htlb_t *m) {
  nic_ram_free(&m->ram);
  nic_ram_free(&m->ram_b);
}

void aotf_htlb_comb(const aotf_htlb_t *m, const aotf_htlb_in_t *in, aotf_htlb_out_t *o, aotf_htlb_ctl_t *c) {
  uint32_t head_tag = (in->head_page >> 8) & 0xFFu;
  int csr_acc = in->csr_tag_wr || in->csr_tag_rd;
  /* write port: CSR, else the sweep, else the walker */
  c->wr_en = in->csr_tag_wr || (m->busy && !in->csr_tag_rd) || in->wk_tag_wr;
  c->wr_addr = in->csr_tag_wr ? in->csr_set : m->busy ? m->ptr : in->wk_set & (m->sets - 1);
  uint32_t wlane;
  if (in->csr_tag_wr) {
    wlane = ((in->csr_fmt & 0x1FFFu) << 9) | ((uint32_t)(in->csr_valid & 1) << 8) | (in->csr_tag & 0xFFu);
    c->wr_be = 1u << (in->csr_way & 3);
  } else if (m->busy) {
    wlane = 0;
    c->wr_be = 0xF;
  } else {
    wlane = ((in->wk_fmt & 0x1FFFu) << 9) | 0x100u | (in->wk_tag & 0xFFu);
    c->wr_be = 1u << (in->wk_way & 3);
  }
  c->wr_lane = wlane;
  /* the RAM write of this cycle: the write stage, unless a CSR view read takes the port */
  c->ram_we = m->wq_v && !in->csr_tag_rd;
  c->wr_data[0] = c->wr_data[1] = 0;
  for (uint32_t k = 0; k < 4; k++) aotf_htlb_lane_set(c->wr_data, k, m->wq_lane);
  o->wk_port_free = !csr_acc && !m->busy;
  c->tag_write = c->wr_en || in->flush;
  /* no lookup read while the stage holds a write */
  int rd_idle = m->state == AOTF_LK_IDLE && !m->busy && in->next_free && !csr_acc && !m->wq_v;
  c->issue = rd_idle && (in->head_valid || in->early_v);
  /* copy B: a head in the FIFO's hold register; copy A: the rest */
  c->rd_b = rd_idle && in->head_valid && in->hold_sel;
  c->rd_en = in->csr_tag_rd || (rd_idle && !(in->head_valid && in->hold_sel));
  c->rd_addr = in->csr_tag_rd ? in->csr_rd_set : (in->head_valid ? in->byp_set : in->early_set) & (m->sets - 1);
  const uint64_t *tq = m->rb2 ? m->tqb : m->tq; /* the lookup's read data */

  /* LOOK: split compare of the registered RAM read data, registered */
  c->v_d = c->eql_d = c->eqh_d = 0;
  for (int w = 0; w < 4; w++) {
    uint32_t lane = aotf_htlb_lane(tq, (uint32_t)w);
    c->fm_d[w] = lane >> 9;
    if (lane & 0x100u) c->v_d |= 1u << w;
    if ((lane & 0xFu) == (head_tag & 0xFu)) c->eql_d |= 1u << w;
    if (((lane >> 4) & 0xFu) == (head_tag >> 4)) c->eqh_d |= 1u << w;
  }
  /* DEC: decision from the registered compare */
  uint32_t validv = m->v & 0xF, hitv = m->v & m->eql & m->eqh & 0xF;
  o->hit_way = (hitv & 1) ? 0 : (hitv & 2) ? 1 : (hitv & 4) ? 2 : 3;
  o->hit_fmt = m->fm[o->hit_way];
  uint32_t victim_c = !(validv & 1) ? 0 : !(validv & 2) ? 1 : !(validv & 4) ? 2 : !(validv & 8) ? 3 : m->rr;
  c->victim_c = victim_c;
  o->victim = m->state == AOTF_LK_WALK ? m->wv : victim_c;
  o->pop = 0;
  o->miss = 0;
  o->walk_start = 0;
  c->wd_d = m->state == AOTF_LK_WALK && (m->wd || (c->tag_write && !in->wk_tag_wr));
  c->state_d = m->state;
  c->rr_d = m->rr;
  switch (m->state) {
    case AOTF_LK_IDLE:
      if (c->issue) c->state_d = AOTF_LK_TAG;
      break;
    case AOTF_LK_TAG: /* a head read, or an early read whose store is kicked now */
      c->state_d = (c->tag_write || !(in->head_valid || in->early_ok)) ? AOTF_LK_IDLE : AOTF_LK_LOOK;
      break;
    case AOTF_LK_LOOK:
      c->state_d = c->tag_write ? AOTF_LK_IDLE : AOTF_LK_DEC;
      break;
    case AOTF_LK_DEC: /* a hit pops even with a tag RAM write this cycle; a miss retries on one */
      if (hitv) {
        o->pop = 1;
        c->state_d = AOTF_LK_IDLE;
      } else if (c->tag_write) {
        c->state_d = AOTF_LK_IDLE;
      } else {
        if (in->walk_en && !m->rep) { /* once a miss was reported, software refills it */
          o->walk_start = 1;
          c->state_d = AOTF_LK_WALK;
        } else {
          o->miss = 1;
          c->state_d = AOTF_LK_MISS;
        }
        if (validv == 0xF) c->rr_d = (m->rr + 1) & 3;
      }
      break;
    case AOTF_LK_MISS:
      if (c->tag_write) c->state_d = AOTF_LK_IDLE;
      break;
    case AOTF_LK_WALK:
      if (in->flush) c->state_d = AOTF_LK_IDLE;
      else if (in->walk_done) {
        if (in->walk_hit || c->wd_d) c->state_d = AOTF_LK_IDLE; /* stale victim: retry */
        else {
          o->miss = 1;
          c->state_d = AOTF_LK_MISS;
        }
      }
      break;
    default:
      c->state_d = AOTF_LK_IDLE;
  }
  c->miss = o->miss;
  c->pop = o->pop;
  c->busy_d = m->busy;
  c->ptr_d = m->ptr;
  if (m->busy && !csr_acc) {
    c->ptr_d = (m->ptr + 1) & (m->sets - 1);
    if (m->ptr == m->sets - 1) c->busy_d = 0;
  }
  if (in->flush) {
    c->busy_d = 1;
    c->ptr_d = 0;
  }
  o->init_busy = (int)m->busy;
  o->init_busy_d = (int)c->busy_d;
  o->sweep_wr = m->busy && !csr_acc;
  o->state = m->state;
  o->init_ptr = m->ptr;
  o->rr = m->rr;
  o->tag_rd[0] = m->tq[0]; /* copy A's registered read data (RTL tag_rd_o = tq_q) */
  o->tag_rd[1] = m->tq[1];
}

void aotf_htlb_eval(const aotf_htlb_t *m, const aotf_htlb_in_t *in, aotf_htlb_out_t *out) {
  aotf_htlb_ctl_t c;
  aotf_htlb_comb(m, in, out, &c);
}

void aotf_htlb_tick(aotf_htlb_t *m, const aotf_htlb_in_t *in) {
  aotf_htlb_ctl_t c;
  aotf_htlb_out_t o;
  aotf_htlb_comb(m, in, &o, &c);
  aotf_htlb_update(m, in, &c);
}

void aotf_htlb_update(aotf_htlb_t *m, const aotf_htlb_in_t *in, const aotf_htlb_ctl_t *c) {
  memcpy(m->tq, nic_ram_rd(&m->ram), sizeof(m->tq)); /* no reset in RTL (read data before the edge) */
  memcpy(m->tqb, nic_ram_rd(&m->ram_b), sizeof(m->tqb));
  m->rb2 = m->rb;
  m->rb = (uint32_t)c->rd_b;
  nic_ram_tick(&m->ram, c->ram_we, m->wq_addr, c->wr_data, m->wq_be, c->rd_en, c->rd_addr);
  nic_ram_tick(&m->ram_b, c->ram_we, m->wq_addr, c->wr_data, m->wq_be, c->rd_b, in->hold_set & (m->sets - 1));
  /* write stage: this cycle's request; a view read cycle (no request) holds the stage */
  if (!in->csr_tag_rd) {
    m->wq_addr = c->wr_addr;
    m->wq_lane = c->wr_lane;
    m->wq_be = c->wr_be;
  }
  m->wq_v = c->wr_en || (m->wq_v && in->csr_tag_rd);
  memcpy(m->fm, c->fm_d, sizeof(m->fm));
  m->v = c->v_d; /* no reset in RTL */
  m->eql = c->eql_d;
  m->eqh = c->eqh_d;
  if (m->state == AOTF_LK_DEC) m->wv = c->victim_c; /* no reset in RTL */
  m->wd = c->wd_d;
  m->rep = (m->rep || c->miss) && !c->pop && !in->flush;
  if (!in->rst_ni) {
    m->wq_v = 0;
    m->rep = 0;
    m->wd = 0;
    m->state = AOTF_LK_IDLE;
    m->busy = 1;
    m->ptr = 0;
    m->rr = 0;
    return;
  }
  m->state = c->state_d;
  m->busy = c->busy_d;
  m->ptr = c->ptr_d;
  m->rr = c->rr_d;
}
