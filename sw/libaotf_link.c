// SPDX-License-Identifier: Apache-2.0
#include "libaotf_link.h"
#include "nic_pkg.h"

#define LINK(r) ((uint16_t)(CSR_BASE_AOTF_LINK + CSR_AOTF_LINK_##r))
#define NODE(r) ((uint16_t)(CSR_BASE_AOTF_NODE + CSR_AOTF_NODE_##r))

int aotf_link_probe(nic_host_t *h) { return nic_host_csr_read(h, LINK(ID)) == AOTF_LINK_ID_RESET ? 0 : -1; }

void aotf_link_set(nic_host_t *h, int crc, int rel, uint32_t rto) {
  nic_host_csr_write(h, LINK(RTO), rto & 0xffffu);
  uint32_t ctrl = nic_host_csr_read(h, NODE(CTRL));
  ctrl &= ~((1u << AOTF_NODE_CTRL_LINK_CRC_LSB) | (1u << AOTF_NODE_CTRL_REL_LSB));
  if (crc) ctrl |= 1u << AOTF_NODE_CTRL_LINK_CRC_LSB;
  if (crc && rel) ctrl |= 1u << AOTF_NODE_CTRL_REL_LSB;
  nic_host_csr_write(h, NODE(CTRL), ctrl);
}

int aotf_link_wait_acked(nic_host_t *h, unsigned max_polls) {
  for (unsigned i = 0; i < max_polls; i++) {
    if (nic_host_csr_read(h, LINK(BUF)) == 0) return 0;
    nic_host_wait(h, 16);
  }
  return -1;
}

void aotf_link_counters(nic_host_t *h, aotf_link_cnt_t *c) {
  c->tx_pkts = nic_host_csr_read(h, LINK(TX_PKTS));
  c->tx_retx = nic_host_csr_read(h, LINK(TX_RETX));
  c->timeouts = nic_host_csr_read(h, LINK(TIMEOUTS));
  c->ack_tx = nic_host_csr_read(h, LINK(ACK_TX));
  c->ack_rx = nic_host_csr_read(h, LINK(ACK_RX));
  c->rx_crc_err = nic_host_csr_read(h, LINK(RX_CRC_ERR));
  c->rx_dup = nic_host_csr_read(h, LINK(RX_DUP));
  c->rx_ooo = nic_host_csr_read(h, LINK(RX_OOO));
  c->rx_delivered = nic_host_csr_read(h, LINK(RX_DELIVERED));
  c->tx_unseq = nic_host_csr_read(h, LINK(TX_UNSEQ));
  c->fast_rpl = nic_host_csr_read(h, LINK(FAST_RPL));
  uint32_t b = nic_host_csr_read(h, LINK(BUF));
  c->buf_beats = b & 0xffffu;
  c->buf_pkts = b >> 16;
}

void aotf_link_clear(nic_host_t *h) { nic_host_csr_write(h, LINK(CTRL), 1u << AOTF_LINK_CTRL_CNT_CLR_LSB); }
