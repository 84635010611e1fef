// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_rx_csr.v */
#ifndef COMET_RX_CSR_H
#define COMET_RX_CSR_H
#include <stdint.h>
#define COMET_RX_NCNT 21 /* counters at 0x180 + 4 i */
typedef struct {
  uint32_t ack, rsel, bcast, arp_en, ip, port, node;
  uint64_t mac;
  uint32_t cnt[COMET_RX_NCNT];
} comet_rx_csr_t;
typedef struct { uint64_t rst_ni, req, we, addr, wdata, st_valid, st_code, st_class, arp_reply, arp_drop, status; } comet_rx_csr_in_t;
typedef struct { uint64_t ack, rdata, own_mac, own_ip, own_port, own_node, bcast_en, arp_en; } comet_rx_csr_out_t;
void comet_rx_csr_init(comet_rx_csr_t *m, uint64_t seed);
void comet_rx_csr_eval(const comet_rx_csr_t *m, const comet_rx_csr_in_t *in, comet_rx_csr_out_t *out);
void comet_rx_csr_tick(comet_rx_csr_t *m, const comet_rx_csr_in_t *in);
#endif
