// SPDX-License-Identifier: Apache-2.0
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
  m->r.v = (int)((seed >> 5) & 1);
  m->occ = (uint32_t)(seed >> 6) & 7;
  m->s.v = (int)((seed >> 8) & 1);
  m->ea = (int)((seed >> 9) & 1);
  m->p.v = (int)((seed >> 10) & 1);
  m->ea2 = (int)((seed >> 11) & 1);
  m->eb = (int)((seed >> 12) & 1);
  for (uint32_t l = 0; l < 4; l++)
    if (nic_ram_init(&m->ram[l], sets * 4, 64, 1, seed ^ 0x53454544ull ^ ((uint64_t)l << 40))) return -1;
  return 0;
}

void aotf_pktgen_free(aotf_pktgen_t *m) {
  for (uint32_t l = 0; l < 4; l++) nic_ram_free(&m->ram[l]);
}

uint64_t aotf_pktgen_collisions(const aotf_pktgen_t *m) {
  return m->ram[0].collisions + m->ram[1].collisions + m->ram[2].collisions + m->ram[3].collisions;
}

/* the RAM address {set, word} of an index {set, way, word} */
static uint32_t ram_addr(uint32_t idx) { return ((idx >> 4) << 2) | (idx & 3); }

static uint64_t field(uint32_t lsb, uint32_t bits) { return ((1ull << bits) - 1) << lsb; }

void aotf_pktgen_comb(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *o, aotf_pktgen_ctl_t *c) {
  uint32_t inflight = m->occ + (uint32_t)m->r.v + (uint32_t)m->s.v + (uint32_t)m->p.v;
  c->pop = m->occ != 0 && in->tready;
  int space = inflight <= AOTF_PG_NB - 1; /* the pop is not counted (RTL: timing) */
  int seed_busy = m->wq_v || in->csr_seed_rd; /* the RAM write of the write stage, a view read */
  int ram_beat = m->beat != aotf_pkt_words(m->cur.fmt) || !m->cur.v; /* rtl !b4_q */
  c->issue = m->cur.v && space && (!ram_beat || !seed_busy);
  c->finish = c->issue && !ram_beat;
  c->cur_free = !m->cur.v || c->finish;
  /* early reads: E0 in TAG, E1 in LOOK after E0, E2 the cycle after E1 (each with room for the
   * beats read so far); the DEC hit two cycles after E0 commits them */
  c->early0 = in->spec0 && !m->cur.v && !seed_busy && space;
  c->early1 = m->ea && in->spec1 && !seed_busy && m->occ + (uint32_t)m->s.v + (uint32_t)m->p.v <= AOTF_PG_NB - 2;
  c->early2 = m->eb && !seed_busy && m->occ + (uint32_t)m->p.v <= AOTF_PG_NB - 3;
  c->commit = m->ea2 && in->load && !(in->load_fmt >> 12 & 1); /* a format of its own: no early beats */
  c->rd_lanes = ((c->issue && ram_beat) || c->early0 || c->early1 || c->early2) ? 0xFu : 0u;
  if (in->csr_seed_rd) {
    /* a view read uses lane `way` only; not when the write stage writes that lane's word this
     * cycle (the CSR view forwards the write's data instead) */
    uint32_t vl = (in->csr_seed_rd_addr >> 2) & 3;
    int fwd = (m->wq_we >> vl & 1) && ram_addr(m->wq_addr) == ram_addr(in->csr_seed_rd_addr);
    c->rd_lanes = fwd ? 0u : 1u << vl;
  }
  if (in->csr_seed_rd)
    c->rd_addr = ram_addr(in->csr_seed_rd_addr);
  else if (m->cur.v)
    c->rd_addr = (m->cur.set << 2) | (m->beat & 3);
  else
    c->rd_addr = (in->spec_set << 2) | ((uint32_t)(m->eb & 1) << 1) | (uint32_t)(m->ea & 1);

  uint64_t lane = m->sqp[m->p.way & 3];
  c->w.data = (lane & (m->p.ram ? ~m->p.msk : 0)) | m->p.val;
  c->w.keep = m->p.keep;
  c->w.last = m->p.last;
  c->w.user = m->p.user;

  o->next_free = !m->next.v;
  o->seed_rd = aotf_pktgen_view(m);
  o->tvalid = m->occ != 0;
  o->tdata = m->b[0].data;
  o->tkeep = m->b[0].keep;
  o->tlast = (int)m->b[0].last;
  o->ret = c->pop && m->b[0].last;
  o->ret_user = m->b[0].user;
  o->dbg = ((uint32_t)m->cur.v << 9) | ((uint32_t)m->next.v << 8) | ((m->beat & 7) << 5) |
           ((uint32_t)m->r.v << 4) | ((uint32_t)m->s.v << 3) | (m->occ & 7);
}

void aotf_pktgen_eval(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *out) {
  aotf_pktgen_ctl_t c;
  aotf_pktgen_comb(m, in, out, &c);
}

/* the fields of beat `beat` of a packet (decided at issue) */
static aotf_pg_beat_t beat_of(uint32_t beat, uint32_t way, uint32_t off, uint32_t len, uint64_t data, uint32_t user,
                              uint32_t fmt) {
  uint32_t nh = aotf_pkt_words(fmt);
  aotf_pg_beat_t b = {1, beat != nh, way, 0xFF, 0, user, 0, 0};
  if (beat == nh) {
    b.msk = ~0ull;
    b.val = data;
    b.last = 1;
    b.keep = 0;
    for (uint32_t i = 0; i < 8; i++)
      if (i < len) b.keep |= 1u << i;
    return b;
  }
  if (fmt >> 12 & 1) { /* a format of its own: offset bytes at rpos, length byte at lpos, flag */
    uint32_t rpos = (fmt >> 5) & 31, lpos = fmt & 31;
    for (uint32_t i = 0; i < 8; i++) {
      uint32_t p = 8 * (beat & 3) + i;
      uint64_t bm = 0xFFull << (8 * i);
      if (p == rpos) { b.msk |= bm; b.val = (b.val & ~bm) | ((uint64_t)(off & 0xFF) << (8 * i)); }
      if (p == rpos + 1) {
        b.msk = (b.msk & ~bm) | (0x0Full << (8 * i));
        b.val = (b.val & ~bm) | ((uint64_t)((off >> 8) & 0xF) << (8 * i));
      }
      if (p == lpos) { b.msk |= bm; b.val = (b.val & ~bm) | ((uint64_t)(len & 0xF) << (8 * i)); }
    }
    if (beat == 0) { b.msk |= field(AOTF_HDR_FLAGS_LSB, 1); b.val |= field(AOTF_HDR_FLAGS_LSB, 1); }
    return b;
  }
  switch (beat) {
    case 0: b.msk = field(AOTF_HDR_FLAGS_LSB, 1); b.val = b.msk; break;
    case 1: b.msk = field(AOTF_HDR_RADDR_LSB, 12); b.val = (uint64_t)(off & 0xFFF) << AOTF_HDR_RADDR_LSB; break;
    case 2: b.msk = field(AOTF_HDR_LEN_LSB, 8); b.val = (uint64_t)(len & 0xF) << AOTF_HDR_LEN_LSB; break;
    default: break;
  }
  return b;
}

void aotf_pktgen_tick(aotf_pktgen_t *m, const aotf_pktgen_in_t *in) {
  aotf_pktgen_ctl_t c;
  aotf_pktgen_out_t o;
  aotf_pktgen_comb(m, in, &o, &c);
  aotf_pktgen_update(m, in, &c);
}

void aotf_pktgen_update(aotf_pktgen_t *m, const aotf_pktgen_in_t *in, const aotf_pktgen_ctl_t *c) {
  /* RAM output register: the read data of last cycle's read (RTL: read every cycle); the RAM
   * write comes from the write stage (in reset too: a request made before the reset) */
  uint64_t sq[4];
  for (uint32_t l = 0; l < 4; l++) {
    sq[l] = nic_ram_rd64(&m->ram[l]);
    nic_ram_tick(&m->ram[l], (int)(m->wq_we >> l & 1), ram_addr(m->wq_addr), &m->wq_data, 1, (int)(c->rd_lanes >> l & 1),
                 c->rd_addr);
  }
  /* write stage: the request of this cycle (none in reset) */
  m->wq_v = in->csr_seed_wr && in->rst_ni;
  m->wq_we = m->wq_v ? 1u << ((in->csr_seed_addr >> 2) & 3) : 0u;
  m->wq_addr = in->csr_seed_addr;
  m->wq_data = in->csr_seed_wdata;
  aotf_pkt_slot_t ld = {1, in->load_set, in->load_way, in->load_off, in->load_len, in->load_user, in->load_fmt & 0x1FFF,
                        in->load_data};
  /* payload registers (no reset in RTL) */
  aotf_pkt_slot_t cur = m->cur, next = m->next;
  uint32_t beat = c->issue ? (c->finish ? 0 : m->beat + 1) : m->beat;
  if (c->cur_free) {
    if (m->next.v) {
      cur = m->next;
      cur.v = 1;
      next.v = 0;
    } else { /* the lookup's fields (RTL: the payload enable is cur_free alone) */
      cur = ld;
      cur.v = in->load;
    }
  }
  if (c->commit) beat = 1 + (uint32_t)m->eb + (uint32_t)c->early2; /* beats 0 (1, 2) were read early */
  /* next's payload follows the lookup while next is free; it becomes valid on a hit that cur
   * does not take (the lookup only issues while next is free) */
  if (!m->next.v) {
    next = ld;
    next.v = in->load && !c->cur_free;
  }
  /* stage R: the issued beat, or the hit packet's beat 2 read by E2 */
  aotf_pg_beat_t r = beat_of(m->beat, m->cur.way, m->cur.off, m->cur.len, m->cur.data, m->cur.user, m->cur.fmt);
  r.v = c->issue;
  if (c->commit && c->early2) r = beat_of(2, in->load_way, in->load_off, in->load_len, in->load_data, in->load_user, 0);
  /* stage S: the beat in R, or the hit packet's beat 1 read by E1 */
  aotf_pg_beat_t s = m->r;
  if (c->commit && m->eb) s = beat_of(1, in->load_way, in->load_off, in->load_len, in->load_data, in->load_user, 0);
  /* stage P: the beat in S, or the committed E0 (beat 0 of the hit packet) */
  aotf_pg_beat_t pp = m->s;
  if (c->commit) pp = beat_of(0, in->load_way, in->load_off, in->load_len, in->load_data, in->load_user, 0);
  /* output buffer: shift on a pop, the beat in P goes to the first free entry after it */
  if (c->pop) memmove(&m->b[0], &m->b[1], sizeof(m->b[0]) * (AOTF_PG_NB - 1));
  uint32_t lpos = m->occ - (uint32_t)c->pop;
  if (m->p.v && lpos < AOTF_PG_NB) m->b[lpos] = c->w;
  uint32_t occ = m->occ + (uint32_t)m->p.v - (uint32_t)c->pop;
  memcpy(m->sqp, m->sq, sizeof(sq));
  memcpy(m->sq, sq, sizeof(sq));
  m->vw2 = m->vw1;
  m->vw1 = (in->csr_seed_rd_addr >> 2) & 3;
  m->cur = cur;
  m->next = next;
  m->r = r;
  m->s = s;
  m->p = pp;
  if (!in->rst_ni) {
    m->cur.v = 0;
    m->next.v = 0;
    m->beat = 0;
    m->r.v = 0;
    m->s.v = 0;
    m->p.v = 0;
    m->ea = 0;
    m->ea2 = 0;
    m->eb = 0;
    m->occ = 0;
    return;
  }
  m->occ = occ & 7;
  m->beat = beat;
  m->ea2 = m->ea;
  m->ea = c->early0;
  m->eb = c->early1;
}
