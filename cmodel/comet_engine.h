// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_engine.v: comet_via + comet_tx + comet_rx + the engine's CSR decode,
 * unmapped counter, scratch and receive-VI latch, wired exactly as in the RTL
 * (docs/reference/comet_engine.md). The sub-models are evaluated in a fixed-point iteration (like
 * cmodel/aotf_system2.c), so the composition does not depend on the sub-blocks' internal
 * combinational structure. */
#ifndef COMET_ENGINE_H
#define COMET_ENGINE_H
#include <stdint.h>
#include "comet_engine_ports.h"
#include "comet_rx.h"
#include "comet_tx.h"
#include "comet_via.h"
#include "nic_axis_slice.h"
#include "nic_ports.h"

LS_DECLARE_PORTS(comet_engine)

typedef struct {
  comet_via_cfg_t via;
  uint32_t nt_depth;
} comet_engine_cfg_t;

typedef struct {
  uint32_t eng_ack, eng_rdata, unmapped, scratch, rx_first, rx_vi;
  uint32_t in_first, in_vi; /* message boundary / VI on comet_rx's side of the r2v slice */
  uint32_t tx_first, sel;   /* transmit merge: comet_tx frame boundary, ARP reply selected */
  /* CSR request register of the engine's own window (RTL rq_*; comet_via, comet_tx and
   * comet_rx take the request as it comes): decoded window, write, local address, write data */
  uint32_t rq_eng, rq_none, rq_we, rq_loc, rq_wdata;
  /* comet_tx's / comet_rx's answers, registered per window (RTL txr_* / rxr_*) */
  uint32_t txr_ack, txr_rdata, rxr_ack, rxr_rdata;
  /* CSR response register (RTL rs_*): comet_via's answer and the other windows' answers */
  uint32_t rs_via_ack, rs_via_rdata, rs_oth_ack, rs_oth_rdata;
} comet_engine_regs_t;

typedef struct {
  comet_engine_cfg_t cfg;
  comet_via_t via;
  comet_tx_t tx;
  comet_rx_t rx;
  nic_axis_slice_t v2t, r2v; /* register slices comet_via -> comet_tx, comet_rx -> comet_via */
  comet_engine_regs_t r;
} comet_engine_t;

/* the defaults of rtl/comet_engine.v */
extern const comet_engine_cfg_t COMET_ENGINE_DEFAULT;

int comet_engine_init(comet_engine_t *m, const comet_engine_cfg_t *cfg, uint64_t seed); /* 0 = ok */
void comet_engine_free(comet_engine_t *m);
void comet_engine_eval(const comet_engine_t *m, const comet_engine_in_t *in, comet_engine_out_t *out);
void comet_engine_tick(comet_engine_t *m, const comet_engine_in_t *in);
/* RAM read/write collisions of all RAMs (must stay 0) */
uint64_t comet_engine_collisions(const comet_engine_t *m);
#endif
