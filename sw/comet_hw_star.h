// SPDX-License-Identifier: Apache-2.0
/* Internal interface of sw/comet_hw_star.c for sw/comet_hw_model.c: N Comet engines, each joined
 * to one port of a nic_switch by two nic_link models (node -> switch, switch -> node). One cycle
 * as in docs/guide/fabric.md: the links present their registered outputs, every engine and the
 * switch evaluate and clock, the links clock. The host side (CSR requests, DMA ports, host
 * memories) stays in sw/comet_hw_model.c. No globals. */
#ifndef COMET_HW_STAR_H
#define COMET_HW_STAR_H
#include <stdint.h>
#include "nic_switch.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct comet_star comet_star_t;

typedef struct { /* the host-side inputs of one engine */
  int csr_req, csr_we;
  uint32_t csr_addr, csr_wdata;
  int dma_req_ready, dma_rsp_valid;
  uint64_t dma_rsp_rdata;
} comet_star_in_t;

typedef struct { /* the host-side outputs of one engine and its link events in this cycle */
  int csr_ack;
  uint32_t csr_rdata;
  int dma_req_valid, dma_req_we;
  uint32_t dma_req_addr, dma_req_wstrb;
  uint64_t dma_req_wdata;
  int tx_beat, tx_last;  /* a beat of the engine's frame accepted by its uplink */
  uint64_t tx_data;
  uint32_t tx_keep;
  int rx_last;           /* the last beat of a frame accepted by the engine from its downlink */
} comet_star_out_t;

typedef struct { /* the switch's CSR bus */
  int req, we;
  uint32_t addr, wdata;
  int ack;
  uint32_t rdata;
} comet_star_csr_t;

/* backend "model", "rtl" or "lockstep" for the engines and the switch (the links are C models) */
comet_star_t *comet_star_open(const char *backend, unsigned nodes, uint64_t seed, const char *fst_prefix);
void comet_star_close(comet_star_t *s);
/* one clock cycle: in[n] / out[n] per node, sw->req..wdata in, sw->ack / rdata out */
void comet_star_cycle(comet_star_t *s, int rst_ni, const comet_star_in_t *in, comet_star_out_t *out, comet_star_csr_t *sw);
/* irq_o of an engine in the current state */
int comet_star_irq(comet_star_t *s, int node);

/* One engine whose Ethernet port leaves the simulation (topology "ext" of sw/comet_hw.h): no
 * link and no switch. Its m_axis is always ready (out[0].tx_* report the frame's beats); its
 * s_axis is fed from a queue of frames at one beat per cycle with back-pressure and
 * COMET_HW_EXT_GAP idle cycles after each frame. comet_star_cycle serves it like a star
 * (in[0] / out[0]; the switch bus never acks). */
comet_star_t *comet_star_open_ext(const char *backend, uint64_t seed, const char *fst_prefix);
int comet_star_is_ext(const comet_star_t *s);
/* queue a frame (bytes as on the wire, FCS included); 0 = queued, -1 = queue full, bad length
 * or not an ext star */
int comet_star_ext_inject(comet_star_t *s, const uint8_t *frame, uint32_t len);
unsigned comet_star_ext_queued(const comet_star_t *s); /* frames queued, the one being fed included */

#ifdef __cplusplus
}
#endif
#endif
