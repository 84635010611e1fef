// SPDX-License-Identifier: Apache-2.0
#include "comet_tx_egress.h"
#include <string.h>
#include "comet_crc32_d64.h"
#include "comet_csum64.h"

void comet_tx_egress_init(comet_tx_egress_t *m, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->busy = (uint32_t)(seed & 1); /* power-up: arbitrary until reset */
  m->crc = 0xFFFFFFFFu;
}

static uint64_t b8(uint64_t v, int sh) { return (v >> sh) & 0xFF; }

/* CRC register before n zero bytes (inverse of comet_crc32_d64(c, 0, n)) */
static uint32_t crc_unzeros(uint32_t c, unsigned n) {
  for (unsigned j = 0; j < 8 * n; j++) {
    uint32_t b = c >> 31;
    c = ((c ^ (b ? 0xEDB88320u : 0)) << 1) | b;
  }
  return c;
}

/* combinational part shared by eval and tick */
typedef struct {
  uint32_t prep, xfer, adv, p_ipcs, p_ucs;
  uint32_t nd, kd, kf, idx, last;
  uint64_t dmask;
  uint64_t vd;
  uint32_t vinit, crc_g, crc_n;
} eg_comb_t;

static void comb(const comet_tx_egress_t *m, const comet_tx_egress_in_t *in,
                 comet_tx_egress_out_t *o, eg_comb_t *c) {
  int s = (int)m->rd_slot;
  uint32_t s_len = m->d_len[s], s_psum = m->d_psum[s], s_ip = m->d_ip[s], s_port = m->d_port[s];
  c->prep = !m->busy && ((m->ready >> s) & 1);
  uint32_t sip = (uint32_t)in->src_ip;
  uint32_t p_tl = 36 + s_len, p_ulen = 16 + s_len;
  /* the RTL computes these two in a free-running pipeline from the latched header; they are
   * ready before generator beats 3 / 5, so the model computes them at PREP */
  uint32_t p_isum = 0x4500 + p_tl + m->ipid + 0x4000 + 0x4011 + (sip >> 16) + (sip & 0xFFFF) +
                    (s_ip >> 16) + (s_ip & 0xFFFF);
  c->p_ipcs = ~comet_fold(p_isum) & 0xFFFF;
  uint32_t p_usum = s_psum + (sip >> 16) + (sip & 0xFFFF) + (s_ip >> 16) + (s_ip & 0xFFFF) + 17 +
                    p_ulen + (uint32_t)in->src_port + s_port + p_ulen;
  uint32_t f2 = ~comet_fold(p_usum) & 0xFFFF;
  c->p_ucs = !in->csum_en ? 0 : (f2 == 0 ? 0xFFFF : f2);

  uint32_t tl = 36 + m->h_len, ulen = 16 + m->h_len;
  uint64_t rd = m->rdq;
  uint8_t r[8];
  switch (m->beat) {
    case 0:
      for (int i = 0; i < 6; i++) r[i] = (uint8_t)b8(m->h_dmac, 40 - 8 * i);
      r[6] = (uint8_t)b8(m->h_smac, 40); r[7] = (uint8_t)b8(m->h_smac, 32);
      break;
    case 1:
      for (int i = 0; i < 4; i++) r[i] = (uint8_t)b8(m->h_smac, 24 - 8 * i);
      r[4] = 0x08; r[5] = 0x00; r[6] = 0x45; r[7] = 0x00;
      break;
    case 2:
      r[0] = (uint8_t)(tl >> 8); r[1] = (uint8_t)tl; r[2] = (uint8_t)(m->h_id >> 8);
      r[3] = (uint8_t)m->h_id; r[4] = 0x40; r[5] = 0x00; r[6] = 0x40; r[7] = 0x11;
      break;
    case 3:
      r[0] = (uint8_t)(m->h_ipcs >> 8); r[1] = (uint8_t)m->h_ipcs;
      for (int i = 0; i < 4; i++) r[2 + i] = (uint8_t)b8(m->h_sip, 24 - 8 * i);
      r[6] = (uint8_t)b8(m->h_dip, 24); r[7] = (uint8_t)b8(m->h_dip, 16);
      break;
    case 4:
      r[0] = (uint8_t)b8(m->h_dip, 8); r[1] = (uint8_t)m->h_dip;
      r[2] = (uint8_t)(m->h_sport >> 8); r[3] = (uint8_t)m->h_sport;
      r[4] = (uint8_t)(m->h_dport >> 8); r[5] = (uint8_t)m->h_dport;
      r[6] = (uint8_t)(ulen >> 8); r[7] = (uint8_t)ulen;
      break;
    case 5:
      r[0] = (uint8_t)(m->h_ucs >> 8); r[1] = (uint8_t)m->h_ucs;
      for (int i = 0; i < 6; i++) r[2 + i] = (uint8_t)b8(rd, 8 * i);
      break;
    default:
      r[0] = (uint8_t)m->prev; r[1] = (uint8_t)(m->prev >> 8);
      for (int i = 0; i < 6; i++) r[2 + i] = (uint8_t)b8(rd, 8 * i);
      break;
  }
  uint64_t dm = 0;
  uint32_t kd = 0, kf = 0, idx = 0;
  for (int i = 0; i < 8; i++) {
    if (i < m->rd) dm |= (uint64_t)r[i] << (8 * i);
    if (i < m->rf) kd |= 1u << i;
    else if (i < m->rf + 4) kf |= 1u << i;
    idx |= ((uint32_t)(i - m->rf) & 3u) << (2 * i);
  }
  c->dmask = dm;
  c->kd = kd;
  c->kf = kf;
  c->idx = idx;
  c->nd = m->rf <= 0 ? 0 : (m->rf >= 8 ? 8 : (uint32_t)m->rf);
  c->last = m->rf <= 4;
  /* CRC: G -> V the beat realigned by k (the frame gets k zero bytes in front, started from
   * F^-k(0xFFFFFFFF)) and the start value's term F(F^-k(0xFFFFFFFF)), V -> B the data term,
   * B -> A crc = F(crc) ^ b_g (8 bytes) */
  uint64_t prev = m->g.first ? 0 : m->v.data;
  c->vd = m->g_k ? ((m->g.data << (8 * m->g_k)) | (prev >> (64 - 8 * m->g_k))) : m->g.data;
  c->vinit = m->g.first ? comet_crc32_d64(crc_unzeros(0xFFFFFFFFu, m->g_k), 0, 8) : 0;
  c->crc_g = comet_crc32_d64(0, m->v_vd, 8) ^ m->v_init;
  c->crc_n = comet_crc32_d64(m->b.first ? 0 : m->crc, 0, 8) ^ m->b_g;
  /* output = A stage + FCS lanes */
  uint32_t fcs = ~m->crc;
  uint64_t td = m->a.data;
  for (int i = 0; i < 8; i++)
    if ((m->a.kf >> i) & 1)
      td |= (uint64_t)((fcs >> (8 * ((m->a.idx >> (2 * i)) & 3))) & 0xFF) << (8 * i);
  o->tdata = td;
  o->tkeep = m->a.kd | m->a.kf;
  o->tvalid = m->a.valid;
  o->tlast = m->a.last;
  c->adv = !m->a.valid || in->tready;
  c->xfer = m->busy && c->adv;
  o->buf_re = c->prep || (c->xfer && m->beat >= 4);
  o->buf_raddr = c->prep ? (m->rd_slot << 8) : ((m->rd_slot << 8) | ((m->beat - 3) & 0xFF));
  o->slot_free = ~m->ready & 3;
  o->slot_ready = m->ready;
  o->busy = m->busy;
  o->rd_slot = m->rd_slot;
  o->done = m->a.valid && in->tready && m->a.last;
  o->done_bytes = m->a.bytes;
  o->ipid = m->ipid;
  o->crc = m->crc;
}

void comet_tx_egress_eval(const comet_tx_egress_t *m, const comet_tx_egress_in_t *in,
                          comet_tx_egress_out_t *o) {
  eg_comb_t c;
  comb(m, in, o, &c);
}

void comet_tx_egress_tick(comet_tx_egress_t *m, const comet_tx_egress_in_t *in) {
  comet_tx_egress_out_t o;
  eg_comb_t c;
  comb(m, in, &o, &c);
  if (!in->rst_ni) {
    memset(m, 0, sizeof(*m));
    m->crc = 0xFFFFFFFFu;
    return;
  }
  comet_tx_egress_t n = *m;
  int s = (int)m->rd_slot;
  if (c.prep) {
    n.busy = 1;
    n.h_dmac = m->d_mac[s];
    n.h_smac = in->src_mac & 0xFFFFFFFFFFFFull;
    n.h_sip = (uint32_t)in->src_ip;
    n.h_dip = m->d_ip[s];
    n.h_sport = (uint32_t)in->src_port & 0xFFFF;
    n.h_dport = m->d_port[s];
    n.h_id = m->ipid;
    n.h_ipcs = c.p_ipcs;
    n.h_ucs = c.p_ucs;
    n.h_len = m->d_len[s];
    int32_t dend = 50 + (int32_t)m->d_len[s];
    int32_t fend = dend < 60 ? 60 : dend;
    n.rd = dend;
    n.rf = fend;
    n.h_bytes = (uint32_t)(fend + 4) & 0x7FF;
    n.h_k = (uint32_t)(-fend) & 7;
    n.beat = 0;
    n.ipid = (m->ipid + 1) & 0xFFFF;
  }
  if (c.xfer) {
    n.beat = (m->beat + 1) & 0xFF;
    n.rd = m->rd - 8;
    n.rf = m->rf - 8;
    if (m->beat >= 5) n.prev = (uint32_t)(m->rdq >> 48) & 0xFFFF;
    if (m->beat >= 4) n.rdq = in->buf_rdata;
    if (c.last) {
      n.busy = 0;
      n.ready &= ~(1u << s);
      n.rd_slot = !m->rd_slot;
    }
  }
  if (c.adv) {
    n.g.valid = m->busy;
    n.g.first = m->busy && m->beat == 0;
    n.g.last = m->busy && c.last;
    n.g.data = m->busy ? c.dmask : 0;
    n.g.nz = m->busy && c.nd != 0;
    n.g.kd = m->busy ? c.kd : 0;
    n.g.kf = m->busy ? c.kf : 0;
    n.g.idx = c.idx;
    n.g.bytes = m->h_bytes;
    n.g_k = m->h_k;
    n.v = m->g;
    n.v_vd = c.vd;
    n.v_init = c.vinit;
    n.b = m->v;
    n.b_g = c.crc_g;
    n.a = m->b;
    if (m->b.valid && m->b.nz) n.crc = c.crc_n;
  }
  if (in->ipid_we) n.ipid = (uint32_t)in->ipid_wdata & 0xFFFF;
  if (in->push) {
    int p = (int)in->push_slot;
    n.ready |= 1u << p;
    n.d_len[p] = (uint32_t)in->push_len & 0x7FF;
    n.d_psum[p] = (uint32_t)in->push_psum;
    n.d_ip[p] = (uint32_t)in->push_ip;
    n.d_mac[p] = in->push_mac & 0xFFFFFFFFFFFFull;
    n.d_port[p] = (uint32_t)in->push_port & 0xFFFF;
  }
  *m = n;
}
