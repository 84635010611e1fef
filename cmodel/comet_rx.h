// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_rx.v: comet_rx_csr + comet_rx_ingest + comet_rx_egress + comet_rx_arp + the 512 x 64
 * message buffer (nic_ram), wired exactly as in the RTL. */
#ifndef COMET_RX_H
#define COMET_RX_H
#include <stdint.h>
#include "comet_rx_arp.h"
#include "comet_rx_csr.h"
#include "comet_rx_egress.h"
#include "comet_rx_ingest.h"
#include "comet_rx_ports.h"
#include "nic_ports.h"
#include "nic_ram.h"

LS_DECLARE_PORTS(comet_rx)

typedef struct { int unused; } comet_rx_cfg_t;

typedef struct {
  comet_rx_csr_t csr;
  comet_rx_ingest_t ing;
  comet_rx_egress_t eg;
  comet_rx_arp_t arp;
  nic_ram_t buf;
} comet_rx_t;

int comet_rx_init(comet_rx_t *m, const comet_rx_cfg_t *cfg, uint64_t seed); /* 0 = ok */
void comet_rx_free(comet_rx_t *m);
void comet_rx_eval(const comet_rx_t *m, const comet_rx_in_t *in, comet_rx_out_t *out);
void comet_rx_tick(comet_rx_t *m, const comet_rx_in_t *in);
#endif
