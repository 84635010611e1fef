// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_rx_arp.v (ARP responder of comet_rx) */
#ifndef COMET_RX_ARP_H
#define COMET_RX_ARP_H
#include <stdint.h>
typedef struct {
  uint32_t c1, c4, c5;   /* captured bytes 14..15, 38..39, 40..41 */
  uint64_t c2, c3;       /* captured beats 2, 3 */
  uint32_t ok, pend, rdy, ci, bi, crc, spa; /* rdy: FCS done, reply offered; ci: FCS byte */
  uint32_t rep, drp;                        /* registered decision / events */
  uint32_t cb, cv;                          /* FCS byte registered before the CRC step, valid */
  uint64_t sha;
} comet_rx_arp_t;
typedef struct {
  uint64_t rst_ni, we, widx, wdata, st_valid, st_code, st_class, own_mac, own_ip, arp_en, tready;
} comet_rx_arp_in_t;
typedef struct { uint64_t tdata, tkeep, tvalid, tlast, reply, drop; } comet_rx_arp_out_t;
void comet_rx_arp_init(comet_rx_arp_t *m, uint64_t seed);
void comet_rx_arp_eval(const comet_rx_arp_t *m, const comet_rx_arp_in_t *in, comet_rx_arp_out_t *out);
void comet_rx_arp_tick(comet_rx_arp_t *m, const comet_rx_arp_in_t *in);
#endif
