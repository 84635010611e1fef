// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_tx.v: composed of comet_tx_csr, comet_tx_ingest, comet_tx_egress and
 * two nic_ram instances (node table NT_DEPTH x 128 with 4 byte-lanes of 32 bits, message
 * buffer 512 x 64), wired exactly as in the RTL. */
#ifndef COMET_TX_H
#define COMET_TX_H
#include <stdint.h>
#include "comet_tx_csr.h"
#include "comet_tx_egress.h"
#include "comet_tx_ingest.h"
#include "comet_tx_ports.h"
#include "nic_ports.h"
#include "nic_ram.h"

LS_DECLARE_PORTS(comet_tx)

typedef struct { uint32_t nt_depth; } comet_tx_cfg_t;

typedef struct {
  comet_tx_cfg_t cfg;
  comet_tx_csr_t csr;
  comet_tx_ingest_t ing;
  comet_tx_egress_t eg;
  nic_ram_t nt, buf;
} comet_tx_t;

int comet_tx_init(comet_tx_t *m, const comet_tx_cfg_t *cfg, uint64_t seed); /* 0 = ok */
void comet_tx_free(comet_tx_t *m);
void comet_tx_eval(const comet_tx_t *m, const comet_tx_in_t *in, comet_tx_out_t *out);
void comet_tx_tick(comet_tx_t *m, const comet_tx_in_t *in);
#endif
