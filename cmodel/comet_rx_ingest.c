// SPDX-License-Identifier: Apache-2.0
#include "comet_rx_ingest.h"
#include <string.h>
#include "comet_crc32_d64.h"
#include "comet_csum64.h"

enum { S_IDLE = 0, S_FRAME = 1, S_FIN = 2, S_WAIT = 3 };

static void reset(comet_rx_ingest_t *m) {
  memset(m, 0, sizeof(*m));
  m->crc = 0xFFFFFFFFu;
  m->usum = 17;
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

/* expected CRC register at S_FIN: the residue 0xDEBB20E3 after the zero padding (8 - nb bytes)
 * of the last beat */
static uint32_t fcs_res(uint32_t nb) {
  return nb > 8 ? 0xDEBB20E3u : comet_crc32_d64(0xDEBB20E3u, 0, 8 - nb);
}

/* fold(s) == 0xFFFF, as the RTL tests it */
static int ones_ok(uint32_t s) {
  return ((s & 0xFFFF) == (~(s >> 16) & 0xFFFF)) || s == 0xFFFFFFFFu;
}

typedef struct {
  unsigned nb, ipkeep, ukeep, ulen_in, u3;
  unsigned iw[4], uw[4];
  int acc, fin;
  unsigned code_d, fl;
} rx_comb_t;

static void comb(const comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in,
                 comet_rx_ingest_out_t *o, rx_comb_t *c) {
  c->nb = popc8(in->tkeep);
  unsigned ts = m->pv ? !m->wr_slot : m->wr_slot;
  o->tready = m->state == S_IDLE ? ((in->slot_free >> ts) & 1) : (m->state == S_FRAME);
  c->acc = in->tvalid && o->tready;
  /* RAM written from the R stage */
  o->buf_we = m->r_valid && !(m->r_widx & 0x100);
  o->buf_waddr = (m->wr_slot << 8) | (m->r_widx & 0xFF);
  o->buf_wdata = m->r_data;
  c->fin = m->state == S_FIN;
  unsigned keep = (unsigned)in->tkeep & 0xFF;
  c->ipkeep = m->widx == 1 ? (0xC0 & keep) : m->widx == 2 ? keep : m->widx == 3 ? keep : m->widx == 4 ? (0x03 & keep) : 0;
  c->ulen_in = byte_of(in->tdata, 6) << 8 | byte_of(in->tdata, 7);
  /* UDP sum lanes (see RTL): beat 3 lanes 2..7, beat 4 all, beats 5..255 before the UDP end */
  unsigned ulane = 0;
  for (int k = 0; k < 8; k++) if (m->urem > k) ulane |= 1u << k;
  c->ukeep = m->widx == 3 ? 0xFC : m->widx == 4 ? 0xFF :
             (m->widx >= 5 && m->widx < 256) ? (ulane & keep) : 0;
  for (int k = 0; k < 4; k++) {
    unsigned hi = byte_of(in->tdata, 2 * k), lo = byte_of(in->tdata, 2 * k + 1);
    c->iw[k] = (((c->ipkeep >> (2 * k)) & 1) ? hi << 8 : 0) | (((c->ipkeep >> (2 * k + 1)) & 1) ? lo : 0);
    c->uw[k] = (((c->ukeep >> (2 * k)) & 1) ? hi << 8 : 0) | (((c->ukeep >> (2 * k + 1)) & 1) ? lo : 0);
  }
  /* beat 4: word 3 = UDP length, counted twice (data + pseudo header), unmasked (see RTL) */
  c->u3 = m->widx == 4 ? c->ulen_in << 1 : c->uw[3];
  /* checks latched at S_FIN (priority order, bit 13 first) */
  uint32_t fl = m->bytes;
  c->fl = (uint32_t)(fl < 64) << 13 | (uint32_t)(fl > 1518) << 12 |
          (uint32_t)(m->crc != fcs_res(m->r_nb)) << 11 | m->f_mac << 10 | m->f_type << 9 |
          (uint32_t)(m->iplen_sum > fl) << 8 | m->f_iphdr << 7 | (uint32_t)(fl != m->need) << 6 |
          m->f_proto << 5 | m->f_ipdst << 4 | m->f_port << 3 | m->f_udplen << 2 |
          (uint32_t)(m->f_ucsnz && !ones_ok(m->usum)) << 1 | m->f_fm;
  /* status cycle: code from the latched checks */
  static const unsigned codes[14] = {14, 13, 12, 11, 10, 9, 8, 7, 4, 6, 5, 1, 3, 2};
  unsigned code = 0;
  for (int b = 13; b >= 0; b--)
    if ((m->fl >> b) & 1) { code = codes[b]; break; }
  c->code_d = code;
  o->st_valid = m->st_v;
  o->st_code = m->code;
  o->st_class = m->cls;
  o->push = m->st_v && m->code == 0;
  o->push_slot = m->push_slot;
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
  /* input side */
  if (c.acc) {
    n.widx = (m->widx & 0x100) ? m->widx : m->widx + 1;
    if (m->widx == 4) n.urem = (int32_t)c.ulen_in - 6;
    else n.urem = m->urem - 8;
    n.state = in->tlast ? S_WAIT : S_FRAME;
  }
  /* processing of the R stage */
  if (m->r_valid) {
    uint64_t d = m->r_data;
    uint32_t b = m->bytes + m->r_nb;
    n.bytes = m->r_widx == 0 ? m->r_nb : (b > 0xFFFF ? 0xFFFF : b);
    n.crc = comet_crc32_d64(m->crc, 0, 8) ^ m->r_g; /* CRC linear: F(crc) ^ G(data) */
    n.ipsum = m->ipsum + m->r_ip01 + m->r_ip23;
    n.usum = m->usum + m->r_u01 + m->r_u23;
    switch (m->r_widx) {
      case 0:
        n.dmac = 0;
        for (int i = 0; i < 6; i++) n.dmac = n.dmac << 8 | byte_of(d, i);
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
        n.dip = (m->dip & 0xFFFF) | (uint32_t)(byte_of(d, 6) << 8 | byte_of(d, 7)) << 16;
        break;
      case 4:
        n.dip = (m->dip & 0xFFFF0000u) | (byte_of(d, 0) << 8 | byte_of(d, 1));
        n.dport = byte_of(d, 4) << 8 | byte_of(d, 5);
        n.ulen = byte_of(d, 6) << 8 | byte_of(d, 7);
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
  }
  if (m->state == S_WAIT) n.state = S_FIN;
  if (c.fin) {
    n.state = S_IDLE;
    n.widx = 0;
    n.crc = 0xFFFFFFFFu;
    n.ipsum = 0;
    n.usum = 17;
  }
  if (m->pv && c.code_d == 0) n.wr_slot = !m->wr_slot;
  /* R stage */
  n.r_valid = (uint32_t)c.acc;
  if (c.acc) {
    n.r_data = in->tdata;
    n.r_nb = c.nb;
    n.r_ip01 = c.iw[0] + c.iw[1];
    n.r_ip23 = c.iw[2] + c.iw[3];
    n.r_u01 = c.uw[0] + c.uw[1];
    n.r_u23 = c.uw[2] + c.u3;
    n.r_widx = m->widx;
    uint64_t kd = 0;
    for (int k = 0; k < 8; k++)
      if ((in->tkeep >> k) & 1) kd |= in->tdata & (0xFFull << (8 * k));
    n.r_g = comet_crc32_d64(0, kd, 8);
  }
  /* flags (from the current registers; bytes from its next value) */
  uint64_t mac = in->own_mac & 0xFFFFFFFFFFFFull;
  n.iplen_sum = (m->tl + 18) & 0x1FFFF;
  n.need = m->iplen_sum < 64 ? 64 : (m->iplen_sum & 0xFFFF);
  n.f_mac = m->dmac != mac && !(in->bcast_en && m->dmac == 0xFFFFFFFFFFFFull);
  n.f_type = m->type != 0x0800;
  n.f_cls = m->type == 0x0806 ? 0 : (m->type == 0x8100 || m->type == 0x88A8) ? 1 : m->type == 0x86DD ? 2 : 3;
  n.f_iphdr = m->verihl != 0x45 || (m->frag & 0x3FFF) || !ones_ok(m->ipsum);
  n.f_proto = m->proto != 17;
  n.f_ipdst = m->dip != (uint32_t)in->own_ip;
  n.f_port = m->dport != (uint32_t)(in->own_port & 0xFFFF);
  n.f_udplen = m->ulen + 20 != m->tl || m->ulen < 17;
  n.f_ucsnz = m->ucs != 0;
  n.f_fm = m->fmlen + 16 != m->ulen || m->fmnode != (uint32_t)(in->own_node & 0xFFFF);
  n.pv = (uint32_t)c.fin;
  if (c.fin) { n.fl = c.fl; n.cls_fl = m->f_cls; }
  n.st_v = m->pv;
  if (m->pv) { n.code = c.code_d; n.cls = m->cls_fl; n.push_slot = m->wr_slot; }
  *m = n;
}
