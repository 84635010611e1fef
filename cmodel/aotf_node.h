// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_node.v: aotf_send + aotf_botf (store demux, packet arbiter) + aotf_rx +
 * aotf_link + node CSRs (decode, request register, loopback slice). */
#ifndef AOTF_NODE_H
#define AOTF_NODE_H
#include <stdint.h>
#include "aotf_botf.h"
#include "aotf_link.h"
#include "aotf_node_ports.h"
#include "aotf_pkt_arb.h"
#include "aotf_rx.h"
#include "aotf_send.h"
#include "nic_axis_slice.h"
#include "nic_ports.h"

LS_DECLARE_PORTS(aotf_node)

typedef struct {
  uint32_t fifo_depth, llcm_bytes, pt_entries; /* the BOTF path has the RTL defaults (BOTF_NWIN 64) */
} aotf_node_cfg_t;

typedef struct {
  aotf_send_t send;
  aotf_rx_t rx;
  aotf_botf_t botf;
  aotf_pkt_arb_t arb; /* send (a) and BOTF (b) streams -> loopback / link (rtl u_arb) */
  aotf_link_t link;       /* link layer (rtl u_link): between the paths and the link ports */
  uint32_t crc, rel;       /* CTRL.LINK_CRC, CTRL.REL */
  uint32_t lk_req;         /* link window request registered (rtl lk_req_q) */
  nic_axis_slice_t loopq; /* loopback register slice (rtl u_loop): {tdata} / {tlast, tkeep} */
  uint32_t node_id, loop, scratch, unmapped, node_ack, node_rdata;
  /* interrupt lines registered for the IRQ_STATUS read (rtl irqs_q): {rx irq, send irq} of the
   * previous cycle */
  uint32_t irqs;
  /* rx and node responses registered once more (rtl rn_ack_q / rn_rdata_q) */
  uint32_t rn_ack, rn_rdata;
  /* CSR request register (rtl req_q one-hot {none, node, rx} = bits 3..1 here, we_q, loc_q,
   * wdata_q); the send window's request is registered inside aotf_send (CSR_REG) */
  uint32_t req, we, loc, wdata;
} aotf_node_t;

int aotf_node_init(aotf_node_t *m, const aotf_node_cfg_t *cfg, uint64_t seed);  /* HTLB_SETS = 256 */
/* the same with the HTLB_SETS parameter (2..256, power of two) */
int aotf_node_init_sets(aotf_node_t *m, const aotf_node_cfg_t *cfg, uint32_t htlb_sets, uint64_t seed);
void aotf_node_free(aotf_node_t *m);
void aotf_node_eval(const aotf_node_t *m, const aotf_node_in_t *in, aotf_node_out_t *out);
void aotf_node_tick(aotf_node_t *m, const aotf_node_in_t *in);
/* One clock cycle: out = the outputs of this cycle, then the clock edge, both with the same
 * inputs. Equivalent to aotf_node_eval(m, in, out) followed by aotf_node_tick(m, in) (the same
 * outputs and the same next state), with the combinational logic computed once: use it wherever
 * the outputs are not needed before the inputs are known. The stream outputs (m_axis_*,
 * s_axis_tready) are registers, as are all outputs of nic_link, so in a fabric of nodes joined
 * by links each cycle is: nic_link_outputs for every link, aotf_node_step for every node with
 * its stream inputs from those, then nic_link_step (or nic_link_tick) with the nodes' outputs. */
void aotf_node_step(aotf_node_t *m, const aotf_node_in_t *in, aotf_node_out_t *out);
uint64_t aotf_node_collisions(const aotf_node_t *m);
#endif
