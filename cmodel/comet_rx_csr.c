// SPDX-License-Identifier: Apache-2.0
#include "comet_rx_csr.h"
#include <string.h>
#include "nic_pkg.h"

void comet_rx_csr_init(comet_rx_csr_t *m, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->ack = (uint32_t)(seed & 1); /* power-up: arbitrary until reset */
}

/* read select (rsel, decoded in the request cycle): 0 none, RS_ID.. a named register,
 * RS_CNT + i counter i, RS_UNM unmapped */
enum { RS_NONE, RS_ID, RS_CTRL, RS_STATUS, RS_MAC_LO, RS_MAC_HI, RS_IP, RS_PORT, RS_NODE, RS_UNM, RS_CNT };

void comet_rx_csr_eval(const comet_rx_csr_t *m, const comet_rx_csr_in_t *in, comet_rx_csr_out_t *o) {
  uint32_t rv = 0;
  /* the read data: the ack cycle's values (status is an input of that cycle) */
  switch (m->rsel) {
    case RS_NONE: rv = 0; break;
    case RS_ID: rv = 0x434D5258u; break;
    case RS_CTRL: rv = m->bcast | m->arp_en << 1; break;
    case RS_STATUS: rv = (uint32_t)in->status & 0xFF; break;
    case RS_MAC_LO: rv = (uint32_t)m->mac; break;
    case RS_MAC_HI: rv = (uint32_t)(m->mac >> 32); break;
    case RS_IP: rv = m->ip; break;
    case RS_PORT: rv = m->port; break;
    case RS_NODE: rv = m->node; break;
    case RS_UNM: rv = CSR_UNMAPPED; break;
    default: rv = m->cnt[m->rsel - RS_CNT]; break;
  }
  o->ack = m->ack;
  o->rdata = rv;
  o->own_mac = m->mac;
  o->own_ip = m->ip;
  o->own_port = m->port;
  o->own_node = m->node;
  o->bcast_en = m->bcast;
  o->arp_en = m->arp_en;
}

static int cnt_index(uint64_t a) {
  unsigned ci = (unsigned)(a >> 2) & 31;
  return ((a >> 7) & 0x1F) == 3 && ci < COMET_RX_NCNT ? (int)ci : -1;
}

void comet_rx_csr_tick(comet_rx_csr_t *m, const comet_rx_csr_in_t *in) {
  if (!in->rst_ni) {
    memset(m, 0, sizeof(*m));
    m->bcast = 1;
    m->arp_en = 1;
    m->mac = 0x020000000001ull;
    m->ip = 0x0A000001u;
    m->port = 0x4D43;
    return;
  }
  comet_rx_csr_t n = *m;
  int wr = in->req && in->we, rd = in->req && !in->we;
  int ci = cnt_index(in->addr);
  uint32_t rs;
  switch (in->addr) {
    case CSR_COMET_RX_ID: rs = RS_ID; break;
    case CSR_COMET_RX_CTRL: rs = RS_CTRL; break;
    case CSR_COMET_RX_STATUS: rs = RS_STATUS; break;
    case CSR_COMET_RX_MAC_LO: rs = RS_MAC_LO; break;
    case CSR_COMET_RX_MAC_HI: rs = RS_MAC_HI; break;
    case CSR_COMET_RX_IP: rs = RS_IP; break;
    case CSR_COMET_RX_PORT: rs = RS_PORT; break;
    case CSR_COMET_RX_NODE: rs = RS_NODE; break;
    default: rs = ci >= 0 ? RS_CNT + (uint32_t)ci : RS_UNM; break;
  }
  n.ack = (uint32_t)in->req;
  n.rsel = rd ? rs : RS_NONE;
  if (in->st_valid && in->st_code < 15) n.cnt[in->st_code]++;
  if (in->st_valid && in->st_code == 6) n.cnt[15 + (in->st_class & 3)]++;
  if (in->arp_reply) n.cnt[19]++;
  if (in->arp_drop) n.cnt[20]++;
  if (wr) {
    uint32_t w = (uint32_t)in->wdata;
    switch (in->addr) {
      case CSR_COMET_RX_CTRL: n.bcast = w & 1; n.arp_en = w >> 1 & 1; break;
      case CSR_COMET_RX_MAC_LO: n.mac = (m->mac & 0xFFFF00000000ull) | w; break;
      case CSR_COMET_RX_MAC_HI: n.mac = (m->mac & 0xFFFFFFFFull) | ((uint64_t)(w & 0xFFFF) << 32); break;
      case CSR_COMET_RX_IP: n.ip = w; break;
      case CSR_COMET_RX_PORT: n.port = w & 0xFFFF; break;
      case CSR_COMET_RX_NODE: n.node = w & 0xFFFF; break;
      default: if (ci >= 0) n.cnt[ci] = 0; break;
    }
  }
  *m = n;
}
