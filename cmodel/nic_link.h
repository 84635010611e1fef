// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/nic_link.v: fixed-latency AXI4-Stream link with back-pressure
 * (nic_fifo receive buffer + LATENCY-bit arrival shift register + arrived count). */
#ifndef NIC_LINK_H
#define NIC_LINK_H
#include <stdint.h>
#include "nic_fifo.h"
#include "nic_link_ports.h"
#include "nic_ports.h"

LS_DECLARE_PORTS(nic_link)

typedef struct {
  uint32_t latency; /* 1..64 */
} nic_link_cfg_t;

typedef struct {
  uint32_t latency, fdepth;
  nic_fifo_t fifo;
  uint64_t pipe; /* bit k: beat accepted k+1 cycles ago */
  uint32_t mat;
} nic_link_t;

int nic_link_init(nic_link_t *m, const nic_link_cfg_t *cfg, uint64_t seed);
void nic_link_free(nic_link_t *m);
void nic_link_eval(const nic_link_t *m, const nic_link_in_t *in, nic_link_out_t *out);
void nic_link_tick(nic_link_t *m, const nic_link_in_t *in);
/* one clock cycle: the same as nic_link_eval(m, in, out) followed by nic_link_tick(m, in) */
void nic_link_step(nic_link_t *m, const nic_link_in_t *in, nic_link_out_t *out);
/* the outputs of this cycle from the registers alone: every output of the link is a register,
 * so this equals nic_link_eval(m, in, out) for any inputs */
void nic_link_outputs(const nic_link_t *m, nic_link_out_t *out);
#endif
