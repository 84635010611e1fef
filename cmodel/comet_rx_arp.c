// SPDX-License-Identifier: Apache-2.0
#include "comet_rx_arp.h"
#include <string.h>
#include "comet_crc32_d64.h"

static void reset(comet_rx_arp_t *m) {
  memset(m, 0, sizeof(*m));
  m->crc = 0xFFFFFFFFu;
}

void comet_rx_arp_init(comet_rx_arp_t *m, uint64_t seed) {
  reset(m);
  m->bi = (uint32_t)(seed % 8); /* power-up: arbitrary until reset */
}

/* bytes b[0..7] as a beat (byte i = bits 8i+7:8i) */
static uint64_t beat8(const uint8_t *b) {
  uint64_t d = 0;
  for (int i = 7; i >= 0; i--) d = d << 8 | b[i];
  return d;
}

/* beat sel of the reply (the FCS in beat 7 is crc's complement) */
static uint64_t reply_beat(const comet_rx_arp_t *m, const comet_rx_arp_in_t *in, uint32_t sel) {
  uint8_t f[64] = {0};
  uint64_t own = in->own_mac & 0xFFFFFFFFFFFFull;
  uint32_t ip = (uint32_t)in->own_ip;
  for (int i = 0; i < 6; i++) {
    f[i] = (uint8_t)(m->sha >> (40 - 8 * i));
    f[6 + i] = (uint8_t)(own >> (40 - 8 * i));
    f[22 + i] = (uint8_t)(own >> (40 - 8 * i));
    f[32 + i] = (uint8_t)(m->sha >> (40 - 8 * i));
  }
  static const uint8_t hdr[10] = {0x08, 0x06, 0x00, 0x01, 0x08, 0x00, 0x06, 0x04, 0x00, 0x02};
  memcpy(f + 12, hdr, 10);
  for (int i = 0; i < 4; i++) {
    f[28 + i] = (uint8_t)(ip >> (24 - 8 * i));
    f[38 + i] = (uint8_t)(m->spa >> (24 - 8 * i));
  }
  if (sel < 7) return beat8(f + 8 * sel);
  return (uint64_t)(~m->crc & 0xFFFFFFFFu) << 32;
}

typedef struct { int rep, drp; uint64_t beat; } arp_comb_t;

static void comb(const comet_rx_arp_t *m, const comet_rx_arp_in_t *in, comet_rx_arp_out_t *o,
                 arp_comb_t *c) {
  c->beat = reply_beat(m, in, m->rdy ? m->bi : m->ci >> 3);
  int is_arp = in->st_valid && in->st_code == 6 && (in->st_class & 3) == 0 && in->arp_en;
  c->rep = is_arp && m->ok && !m->pend && !m->rep;
  c->drp = is_arp && !(m->ok && !m->pend && !m->rep);
  o->tdata = c->beat;
  o->tkeep = 0xFF;
  o->tvalid = m->rdy;
  o->tlast = m->bi == 7;
  o->reply = m->rep;
  o->drop = m->drp;
}

void comet_rx_arp_eval(const comet_rx_arp_t *m, const comet_rx_arp_in_t *in, comet_rx_arp_out_t *o) {
  arp_comb_t c;
  comb(m, in, o, &c);
}

void comet_rx_arp_tick(comet_rx_arp_t *m, const comet_rx_arp_in_t *in) {
  comet_rx_arp_out_t o;
  arp_comb_t c;
  comb(m, in, &o, &c);
  if (!in->rst_ni) {
    reset(m);
    return;
  }
  comet_rx_arp_t n = *m;
  uint64_t d = in->wdata;
  if (in->we) {
    switch (in->widx & 0xFF) {
      case 1: n.c1 = (uint32_t)(d >> 48) & 0xFFFF; break;
      case 2: n.c2 = d; break;
      case 3: n.c3 = d; break;
      case 4: n.c4 = (uint32_t)(d >> 48) & 0xFFFF; break;
      case 5: n.c5 = (uint32_t)d & 0xFFFF; break;
      default: break;
    }
  }
  uint32_t tpa = (m->c4 & 0xFF) << 24 | (m->c4 >> 8) << 16 | (m->c5 & 0xFF) << 8 | m->c5 >> 8;
  n.ok = m->c1 == 0x0100 && (m->c2 & 0xFFFFFFFFFFFFull) == 0x010004060008ull &&
         tpa == (uint32_t)in->own_ip;
  n.rep = (uint32_t)c.rep;
  n.drp = (uint32_t)c.drp;
  if (m->rep) {
    n.pend = 1;
    n.ci = 0;
    n.crc = 0xFFFFFFFFu;
    n.sha = 0;
    for (int i = 0; i < 6; i++) {
      unsigned b = i < 2 ? (unsigned)(m->c2 >> (48 + 8 * i)) & 0xFF : (unsigned)(m->c3 >> (8 * (i - 2))) & 0xFF;
      n.sha = n.sha << 8 | b;
    }
    n.spa = 0;
    for (int i = 0; i < 4; i++) n.spa = n.spa << 8 | ((uint32_t)(m->c3 >> (32 + 8 * i)) & 0xFF);
  }
  /* FCS: bytes 0..59 into cb, one cycle later into the CRC; ready after byte 59 */
  int fill = m->pend && !m->rdy;
  n.cb = (uint32_t)(c.beat >> (8 * (m->ci & 7))) & 0xFF;
  n.cv = 0;
  if (m->cv) n.crc = comet_crc32_d64(m->crc, m->cb, 1);
  if (fill && m->ci != 60) {
    n.cv = 1;
    n.ci = (m->ci + 1) & 63;
  }
  if (fill && m->ci == 60) n.rdy = 1;
  if (m->rdy && in->tready) {
    n.bi = (m->bi + 1) & 7;
    if (m->bi == 7) n.pend = n.rdy = 0;
  }
  *m = n;
}
