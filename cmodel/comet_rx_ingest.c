#include "comet_rx_ingest.h"
#include <string.h>
#include "comet_crc32_d64.h"
#include "comet_csum64.h"

enum { S_IDLE = 0, S_FRAME = 1, S_FIN = 2 };

static void reset(comet_rx_ingest_t *m) {
  memset(m, 0, sizeof(*m));
  m->crc = 0xFFFFFFFFu;
}

void comet_rx_ingest_init(comet_rx_ingest_t *m, uint64_t seed) {
  reset(m);
  m->state = (uint32_t)(seed % 3); /* power-up: arbitrary until reset */
}

static unsigned popc8(uint64_t k) {
  unsigned n = 0;
  for (int i = 0; i < 8; i++) n += (unsigned)((k >> i) & 1);
  return n;
}

static unsigned byte_of(uint64_t d, int i) { return (unsigned)(d >> (8 * i)) & 0xFF; }

typedef struct {
  unsigned nb, ipkeep, ukeep, ulen_cur;
  int acc, fin;
} rx_comb_t;

static void comb(const comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in,
                 comet_rx_ingest_out_t *o, rx_comb_t *c) {
  c->nb = popc8(in->tkeep);
  o->tready = m->state == S_IDLE ? ((in->slot_free >> m->wr_slot) & 1) : (m->state == S_FRAME);
  c->acc = in->tvalid && o->tready;
  o->buf_we = c->acc && !(m->widx & 0x100);
  o->buf_waddr = (m->wr_slot << 8) | (m->widx & 0xFF);
  o->buf_wdata = in->tdata;
  c->fin = m->state == S_FIN;
  unsigned keep = (unsigned)in->tkeep & 0xFF;
  c->ipkeep = m->widx == 1 ? (0xC0 & keep) : m->widx == 2 ? keep : m->widx == 3 ? keep : m->widx == 4 ? (0x03 & keep) : 0;
  c->ulen_cur = m->widx == 4 ? (byte_of(in->tdata, 6) << 8 | byte_of(in->tdata, 7)) : m->ulen;
  uint32_t base = (m->widx & 0xFF) * 8;
  c->ukeep = 0;
  for (int k = 0; k < 8; k++) {
    uint32_t pos = (base + (uint32_t)k) & 0x7FF;
    if (((keep >> k) & 1) && !(m->widx & 0x100) && pos >= 34 && pos < ((34 + c->ulen_cur) & 0xFFFF))
      c->ukeep |= 1u << k;
  }
  /* status code */
  uint32_t fl = m->bytes, iplen_sum = m->tl + 18;
  uint32_t need = iplen_sum < 64 ? 64 : (iplen_sum & 0xFFFF);
  uint32_t ps = m->usum + (m->sip >> 16) + (m->sip & 0xFFFF) + (m->dip >> 16) + (m->dip & 0xFFFF) +
                17 + m->ulen;
  uint32_t uf = comet_fold(ps);
  uint64_t mac = in->own_mac & 0xFFFFFFFFFFFFull;
  unsigned code;
  if (fl < 64) code = 2;
  else if (fl > 1518) code = 3;
  else if (m->crc != 0xDEBB20E3u) code = 1;
  else if (iplen_sum > fl) code = 4;
  else if (m->dmac != mac && !(in->bcast_en && m->dmac == 0xFFFFFFFFFFFFull)) code = 5;
  else if (m->type != 0x0800) code = 6;
  else if (m->verihl != 0x45 || comet_fold(m->ipsum) != 0xFFFF || (m->frag & 0x3FFF)) code = 7;
  else if (fl != need) code = 8;
  else if (m->proto != 17) code = 9;
  else if (m->dip != (uint32_t)in->own_ip) code = 10;
  else if (m->dport != (uint32_t)(in->own_port & 0xFFFF)) code = 11;
  else if (m->ulen + 20 != m->tl || m->ulen < 17) code = 12;
  else if (m->ucs != 0 && uf != 0xFFFF) code = 13;
  else if (m->fmlen + 16 != m->ulen || m->fmnode != (uint32_t)(in->own_node & 0xFFFF)) code = 14;
  else code = 0;
  o->st_valid = (uint64_t)c->fin;
  o->st_code = code;
  o->push = c->fin && code == 0;
  o->push_slot = m->wr_slot;
  o->push_len = (m->ulen - 8) & 0x7FF;
  o->state = m->state;
  o->wr_slot = m->wr_slot;
  o->crc = m->crc;
  o->usum = m->usum;
}

void comet_rx_ingest_eval(const comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in,
                          comet_rx_ingest_out_t *o) {
  rx_comb_t c;
  comb(m, in, o, &c);
}

void comet_rx_ingest_tick(comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in) {
  comet_rx_ingest_out_t o;
  rx_comb_t c;
  comb(m, in, &o, &c);
  if (!in->rst_ni) {
    reset(m);
    return;
  }
  comet_rx_ingest_t n = *m;
  uint64_t d = in->tdata;
  if (c.acc) {
    n.widx = (m->widx & 0x100) ? m->widx : m->widx + 1;
    uint32_t b = m->bytes + c.nb;
    n.bytes = b > 0xFFFF ? 0xFFFF : b;
    n.crc = comet_crc32_d64(m->crc, d, c.nb);
    n.ipsum = m->ipsum + comet_csum64(d, c.ipkeep);
    n.usum = m->usum + comet_csum64(d, c.ukeep);
    switch (m->widx) {
      case 0:
        n.dmac = 0;
        for (int i = 0; i < 6; i++) n.dmac = n.dmac << 8 | byte_of(d, i);
        n.bytes = c.nb;
        break;
      case 1:
        n.type = byte_of(d, 4) << 8 | byte_of(d, 5);
        n.verihl = byte_of(d, 6);
        break;
      case 2:
        n.tl = byte_of(d, 0) << 8 | byte_of(d, 1);
        n.frag = byte_of(d, 4) << 8 | byte_of(d, 5);
        n.proto = byte_of(d, 7);
        break;
      case 3:
        n.sip = (uint32_t)byte_of(d, 2) << 24 | byte_of(d, 3) << 16 | byte_of(d, 4) << 8 | byte_of(d, 5);
        n.dip = (m->dip & 0xFFFF) | (uint32_t)(byte_of(d, 6) << 8 | byte_of(d, 7)) << 16;
        break;
      case 4:
        n.dip = (m->dip & 0xFFFF0000u) | (byte_of(d, 0) << 8 | byte_of(d, 1));
        n.dport = byte_of(d, 4) << 8 | byte_of(d, 5);
        n.ulen = c.ulen_cur;
        break;
      case 5:
        n.ucs = byte_of(d, 0) << 8 | byte_of(d, 1);
        n.fmnode = byte_of(d, 3) << 8 | byte_of(d, 2);
        break;
      case 6:
        n.fmlen = byte_of(d, 1) << 8 | byte_of(d, 0);
        break;
      default: break;
    }
    n.state = in->tlast ? S_FIN : S_FRAME;
  }
  if (c.fin) {
    n.state = S_IDLE;
    n.widx = 0;
    n.crc = 0xFFFFFFFFu;
    n.ipsum = 0;
    n.usum = 0;
    if (o.push) n.wr_slot = !m->wr_slot;
  }
  *m = n;
}
