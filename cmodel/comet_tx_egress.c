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

/* combinational part shared by eval and tick */
typedef struct {
  uint32_t fend, nd, prep, xfer, p_ipcs, p_ucs;
  uint64_t dmask;
  uint32_t crc_n;
} eg_comb_t;

static void comb(const comet_tx_egress_t *m, const comet_tx_egress_in_t *in,
                 comet_tx_egress_out_t *o, eg_comb_t *c) {
  int s = (int)m->rd_slot;
  uint32_t s_len = m->d_len[s], s_psum = m->d_psum[s], s_ip = m->d_ip[s], s_port = m->d_port[s];
  c->prep = !m->busy && ((m->ready >> s) & 1);
  uint32_t sip = (uint32_t)in->src_ip;
  uint32_t p_tl = 36 + s_len, p_ulen = 16 + s_len;
  uint32_t p_isum = 0x4500 + p_tl + m->ipid + 0x4000 + 0x4011 + (sip >> 16) + (sip & 0xFFFF) +
                    (s_ip >> 16) + (s_ip & 0xFFFF);
  c->p_ipcs = ~comet_fold(p_isum) & 0xFFFF;
  uint32_t p_usum = s_psum + (sip >> 16) + (sip & 0xFFFF) + (s_ip >> 16) + (s_ip & 0xFFFF) + 17 +
                    p_ulen + (uint32_t)in->src_port + s_port + p_ulen;
  uint32_t f2 = ~comet_fold(p_usum) & 0xFFFF;
  c->p_ucs = !in->csum_en ? 0 : (f2 == 0 ? 0xFFFF : f2);

  uint32_t tl = 36 + m->h_len, ulen = 16 + m->h_len;
  uint32_t dend = 50 + m->h_len;
  uint32_t fend = dend < 60 ? 60 : dend;
  uint32_t base = m->beat * 8;
  uint64_t rd = in->buf_rdata;
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
  for (int i = 0; i < 8; i++)
    if (((base + (uint32_t)i) & 0x7FF) < dend) dm |= (uint64_t)r[i] << (8 * i);
  uint32_t ndw = fend > base ? fend - base : 0;
  c->nd = ndw > 8 ? 8 : ndw;
  c->dmask = dm;
  c->fend = fend;
  c->crc_n = comet_crc32_d64(m->crc, dm, c->nd);
  uint32_t fcs = ~c->crc_n;
  uint64_t td = 0, tk = 0;
  for (int i = 0; i < 8; i++) {
    uint32_t pos = (base + (uint32_t)i) & 0x7FF;
    if (pos < fend) {
      td |= ((dm >> (8 * i)) & 0xFF) << (8 * i);
      tk |= 1ull << i;
    } else if (pos < fend + 4) {
      td |= (uint64_t)((fcs >> (8 * (pos - fend))) & 0xFF) << (8 * i);
      tk |= 1ull << i;
    }
  }
  o->tdata = td;
  o->tkeep = tk;
  o->tvalid = m->busy;
  o->tlast = ((base + 8) & 0x7FF) >= fend + 4;
  c->xfer = m->busy && in->tready;
  o->buf_re = c->prep || (c->xfer && m->beat >= 5);
  o->buf_raddr = c->prep ? (m->rd_slot << 8) : ((m->rd_slot << 8) | ((m->beat - 4) & 0xFF));
  o->slot_free = ~m->ready & 3;
  o->slot_ready = m->ready;
  o->busy = m->busy;
  o->rd_slot = m->rd_slot;
  o->done = c->xfer && o->tlast;
  o->done_bytes = (fend + 4) & 0x7FF;
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
    n.beat = 0;
    n.crc = 0xFFFFFFFFu;
    n.ipid = (m->ipid + 1) & 0xFFFF;
  }
  if (c.xfer) {
    n.crc = c.crc_n;
    n.beat = (m->beat + 1) & 0xFF;
    if (m->beat >= 5) n.prev = (uint32_t)(in->buf_rdata >> 48) & 0xFFFF;
    if (o.tlast) {
      n.busy = 0;
      n.ready &= ~(1u << s);
      n.rd_slot = !m->rd_slot;
    }
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
