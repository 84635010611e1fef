#include "comet_rx_csr.h"
#include <string.h>
#include "nic_pkg.h"

void comet_rx_csr_init(comet_rx_csr_t *m, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->ack = (uint32_t)(seed & 1); /* power-up: arbitrary until reset */
}

void comet_rx_csr_eval(const comet_rx_csr_t *m, const comet_rx_csr_in_t *in, comet_rx_csr_out_t *o) {
  (void)in;
  o->ack = m->ack;
  o->rdata = m->ack ? m->rdata : 0;
  o->own_mac = m->mac;
  o->own_ip = m->ip;
  o->own_port = m->port;
  o->own_node = m->node;
  o->bcast_en = m->bcast;
}

static int cnt_index(uint64_t a) {
  unsigned ci = (unsigned)(a >> 2) & 15;
  return ((a >> 6) & 0x3F) == 6 && ci != 15 ? (int)ci : -1;
}

void comet_rx_csr_tick(comet_rx_csr_t *m, const comet_rx_csr_in_t *in) {
  if (!in->rst_ni) {
    memset(m, 0, sizeof(*m));
    m->bcast = 1;
    m->mac = 0x020000000001ull;
    m->ip = 0x0A000001u;
    m->port = 0x4D43;
    return;
  }
  comet_rx_csr_t n = *m;
  int wr = in->req && in->we, rd = in->req && !in->we;
  int ci = cnt_index(in->addr);
  uint32_t rv;
  switch (in->addr) {
    case CSR_COMET_RX_ID: rv = 0x434D5258u; break;
    case CSR_COMET_RX_CTRL: rv = m->bcast; break;
    case CSR_COMET_RX_STATUS: rv = (uint32_t)in->status & 0xFF; break;
    case CSR_COMET_RX_MAC_LO: rv = (uint32_t)m->mac; break;
    case CSR_COMET_RX_MAC_HI: rv = (uint32_t)(m->mac >> 32); break;
    case CSR_COMET_RX_IP: rv = m->ip; break;
    case CSR_COMET_RX_PORT: rv = m->port; break;
    case CSR_COMET_RX_NODE: rv = m->node; break;
    default: rv = ci >= 0 ? m->cnt[ci] : CSR_UNMAPPED; break;
  }
  n.ack = (uint32_t)in->req;
  n.rdata = rd ? rv : 0;
  if (in->st_valid && in->st_code < COMET_RX_NCNT) n.cnt[in->st_code]++;
  if (wr) {
    uint32_t w = (uint32_t)in->wdata;
    switch (in->addr) {
      case CSR_COMET_RX_CTRL: n.bcast = w & 1; break;
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
