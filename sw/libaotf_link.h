// SPDX-License-Identifier: Apache-2.0
/* libaotf_link: host driver of a node's link layer (aotf_link, CSR window AOTF_LINK): switch
 * LINK_CRC / REL on or off, set the retransmission timeout, wait until every packet sent was
 * acknowledged, read the counters. Runs on nic_sim (either backend). */
#ifndef LIBAOTF_LINK_H
#define LIBAOTF_LINK_H
#include <stdint.h>
#include "nic_sim.h"

typedef struct {
  uint32_t tx_pkts, tx_retx, timeouts, ack_tx, ack_rx, rx_crc_err, rx_dup, rx_ooo, rx_delivered, tx_unseq, fast_rpl;
  uint32_t buf_beats, buf_pkts;
} aotf_link_cnt_t;

/* the ID register of the window, -1 if it does not read "ALNK" */
int aotf_link_probe(nic_host_t *h);
/* set RTO (cycles, 1..65535) and CTRL.LINK_CRC / CTRL.REL (CTRL.LOOPBACK kept). Both nodes of a
 * link must switch while the link is quiet: packets in flight across the switch are dropped as
 * bad CRC (on) or reach the receive path with their trailer (off). */
void aotf_link_set(nic_host_t *h, int crc, int rel, uint32_t rto);
/* poll BUF until the retransmit buffer is empty (every sequenced packet acknowledged); 0 when
 * empty, -1 after max_polls reads */
int aotf_link_wait_acked(nic_host_t *h, unsigned max_polls);
void aotf_link_counters(nic_host_t *h, aotf_link_cnt_t *c);
void aotf_link_clear(nic_host_t *h);
#endif
