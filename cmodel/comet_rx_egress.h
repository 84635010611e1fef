// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_rx_egress.v */
#ifndef COMET_RX_EGRESS_H
#define COMET_RX_EGRESS_H
#include <stdint.h>

typedef struct {
  uint32_t ph, rd_slot, ready, len0, len1, rem, beat;
  uint64_t prev, rdq;
} comet_rx_egress_t;

typedef struct { uint64_t rst_ni, tready, push, push_slot, push_len, buf_rdata; } comet_rx_egress_in_t;
typedef struct {
  uint64_t tdata, tkeep, tvalid, tlast, buf_re, buf_raddr, slot_free, slot_ready, phase, rd_slot;
} comet_rx_egress_out_t;

void comet_rx_egress_init(comet_rx_egress_t *m, uint64_t seed);
void comet_rx_egress_eval(const comet_rx_egress_t *m, const comet_rx_egress_in_t *in,
                          comet_rx_egress_out_t *out);
void comet_rx_egress_tick(comet_rx_egress_t *m, const comet_rx_egress_in_t *in);
#endif
