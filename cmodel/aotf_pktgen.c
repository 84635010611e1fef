#include "aotf_pktgen.h"
#include <string.h>
#include "nic_pkg.h"

int aotf_pktgen_init(aotf_pktgen_t *m, uint32_t sets, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (sets < 2 || sets > 256 || (sets & (sets - 1))) return -1;
  m->sets = sets;
  /* power-up: arbitrary control state (the bench resets first) */
  m->cur.v = (int)(seed & 1);
  m->next.v = (int)((seed >> 1) & 1);
  m->beat = (uint32_t)(seed >> 2) % 5;
  m->if_v = (int)((seed >> 5) & 1);
  m->occ = (uint32_t)(seed >> 6) % 3;
  return nic_ram_init(&m->ram, sets * 16, 64, 1, seed ^ 0x53454544ull);
}

void aotf_pktgen_free(aotf_pktgen_t *m) { nic_ram_free(&m->ram); }

typedef struct {
  int pop, issue, finish, cur_free, rd_en;
  uint32_t lvl, rd_addr;
  aotf_beat_t w;
} pg_ctl_t;

static void comb(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *o, pg_ctl_t *c) {
  c->pop = m->occ != 0 && in->tready;
  c->lvl = m->occ + (uint32_t)m->if_v - (uint32_t)c->pop;
  int space = c->lvl <= 1;
  int seed_busy = in->csr_seed_wr || in->csr_seed_rd;
  int ram_beat = m->beat != 4;
  c->issue = m->cur.v && space && (!ram_beat || !seed_busy);
  c->finish = c->issue && !ram_beat;
  c->cur_free = !m->cur.v || c->finish;
  c->rd_en = in->csr_seed_rd || (c->issue && ram_beat);
  c->rd_addr = in->csr_seed_rd ? in->csr_seed_rd_addr : ((m->cur.set << 4) | (m->cur.way << 2) | (m->beat & 3));

  uint64_t rd = nic_ram_rd64(&m->ram);
  c->w.data = rd;
  c->w.keep = 0xFF;
  c->w.last = 0;
  c->w.user = m->if_user;
  switch (m->if_beat) {
    case 0: c->w.data |= 1ull << AOTF_HDR_FLAGS_LSB; break;
    case 1: c->w.data = (rd & ~(0xFFFull << AOTF_HDR_RADDR_LSB)) | ((uint64_t)(m->if_off & 0xFFF) << AOTF_HDR_RADDR_LSB); break;
    case 2: c->w.data = (rd & ~(0xFFull << AOTF_HDR_LEN_LSB)) | ((uint64_t)(m->if_len & 0xF) << AOTF_HDR_LEN_LSB); break;
    case 4:
      c->w.data = m->if_data;
      c->w.last = 1;
      c->w.keep = 0;
      for (uint32_t i = 0; i < 8; i++)
        if (i < m->if_len) c->w.keep |= 1u << i;
      break;
    default: break;
  }
  o->next_free = !m->next.v;
  o->seed_rd = rd;
  o->tvalid = m->occ != 0;
  o->tdata = m->b0.data;
  o->tkeep = m->b0.keep;
  o->tlast = (int)m->b0.last;
  o->ret = c->pop && m->b0.last;
  o->ret_user = m->b0.user;
  o->dbg = ((uint32_t)m->cur.v << 7) | ((uint32_t)m->next.v << 6) | ((m->beat & 7) << 3) |
           ((uint32_t)m->if_v << 2) | (m->occ & 3);
}

void aotf_pktgen_eval(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *out) {
  pg_ctl_t c;
  comb(m, in, out, &c);
}

void aotf_pktgen_tick(aotf_pktgen_t *m, const aotf_pktgen_in_t *in) {
  pg_ctl_t c;
  aotf_pktgen_out_t o;
  comb(m, in, &o, &c);
  nic_ram_tick64(&m->ram, in->csr_seed_wr && in->rst_ni, in->csr_seed_addr, in->csr_seed_wdata, 1, c.rd_en, c.rd_addr);
  aotf_pkt_slot_t ld = {1, in->load_set, in->load_way, in->load_off, in->load_len, in->load_user, in->load_data};
  /* payload registers (no reset in RTL) */
  aotf_pkt_slot_t cur = m->cur, next = m->next;
  uint32_t beat = c.issue ? (c.finish ? 0 : m->beat + 1) : m->beat;
  if (c.cur_free) {
    if (m->next.v) {
      cur = m->next;
      cur.v = 1;
      next.v = 0;
    } else if (in->load) {
      cur = ld;
    } else {
      cur.v = 0;
    }
  }
  if (in->load && !c.cur_free) next = ld; /* next is free: the lookup only issues while it is */
  if (c.issue) {
    m->if_beat = m->beat;
    m->if_off = m->cur.off;
    m->if_len = m->cur.len;
    m->if_data = m->cur.data;
    m->if_user = m->cur.user;
  }
  aotf_beat_t b0 = m->b0, b1 = m->b1;
  if (c.pop) b0 = m->b1;
  if (m->if_v) {
    if (m->occ - (uint32_t)c.pop == 0) b0 = c.w;
    else b1 = c.w;
  }
  m->b0 = b0;
  m->b1 = b1;
  m->cur = cur;
  m->next = next;
  if (!in->rst_ni) {
    m->cur.v = 0;
    m->next.v = 0;
    m->beat = 0;
    m->if_v = 0;
    m->occ = 0;
    return;
  }
  m->beat = beat;
  m->if_v = c.issue;
  m->occ = c.lvl & 3;
}
