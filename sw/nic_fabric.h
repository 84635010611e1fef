// SPDX-License-Identifier: Apache-2.0
/* nic_fabric: a network of Martini nodes (aotf_node) and switches (nic_switch) joined by links
 * (nic_link), composed at run time from a topology (nic_topo.h) and stepped one cycle at a
 * time.
 *
 * Components exchange beats only through links, and a link's outputs come from its registers
 * (latency >= 1), so every component's inputs in a cycle are known before any component is
 * evaluated: a cycle is (1) every link presents its outputs, (2) every node and switch takes its
 * inputs and clocks once (step = evaluate + clock edge), (3) every link clocks with the beats
 * and ready signals of (2). No combinational path crosses a component boundary, so the order of
 * the components in (2) does not matter and a fabric can be cut at any link.
 *
 * Backends per component (nodes and switches; links are the C model, the fabric's channel):
 *   model     C models (cmodel/aotf_node.c, cmodel/nic_switch.c)
 *   rtl       Verilated rtl/aotf_node.v and rtl/nic_switch.v (RADIX 16), each Verilated once
 *             and instantiated per component (sw/fabric_rtl.cpp)
 *   lockstep  both; every output of every component compared every cycle, the RTL feeding the
 *             links; the first mismatch is reported with its component and signal
 *
 * Switches are programmed by the fabric manager part of this module through each switch's CSR
 * bus: the LFT in 64-entry blocks (LFT_BLOCK + 64 LFT_DATA writes) from nic_topo_route, and the
 * multicast groups given with nic_fabric_mcast_group. */
#ifndef NIC_FABRIC_H
#define NIC_FABRIC_H
#include <stdint.h>
#include "aotf_node.h"
#include "nic_link.h"
#include "nic_switch.h"
#include "nic_topo.h"

/* switch parameters of the fabric (the RTL backend is Verilated with the same) */
#define NIC_FABRIC_SW_RADIX 16u
#define NIC_FABRIC_SW_LFT_DEPTH 4096u
#define NIC_FABRIC_SW_MFT_DEPTH 64u
#define NIC_FABRIC_SW_BUF_BEATS 512u
#define NIC_FABRIC_SW_ITERS 2u

#ifdef __cplusplus
extern "C" {
#endif

/* one backend: step = outputs of this cycle from the state and inputs, then the clock edge */
typedef struct {
  const char *name;
  void *(*node_open)(uint64_t seed, const char *fst);
  void (*node_step)(void *c, const aotf_node_in_t *in, aotf_node_out_t *out);
  void (*node_close)(void *c);
  void *(*sw_open)(unsigned radix, uint64_t seed, const char *fst);
  void (*sw_step)(void *c, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out);
  void (*sw_close)(void *c);
} nic_fabric_backend_t;

extern const nic_fabric_backend_t nic_fabric_backend_model;
/* NULL when the program was built without the Verilated RTL (sw/fabric_rtl_none.c) */
const nic_fabric_backend_t *nic_fabric_backend_rtl(void);

typedef struct nic_fabric nic_fabric_t;

/* backend: "model", "rtl" or "lockstep"; fst: waveform file prefix (RTL components) or NULL.
 * The fabric is held in reset until nic_fabric_reset. NULL on error (message on stderr). */
nic_fabric_t *nic_fabric_open(const nic_topo_t *t, const char *backend, uint64_t seed, const char *fst);
void nic_fabric_close(nic_fabric_t *f);
const nic_topo_t *nic_fabric_topo(const nic_fabric_t *f);

/* host side of node n: the host fields (st_*, hr_*, csr_*) of its inputs are the caller's; the
 * link fields and rst_ni are the fabric's */
aotf_node_in_t *nic_fabric_node_in(nic_fabric_t *f, int n);
const aotf_node_out_t *nic_fabric_node_out(const nic_fabric_t *f, int n);

/* one cycle (all components evaluate and clock); node outputs of this cycle are readable after
 * it. Returns the number of components that mismatched in this cycle (lockstep) */
int nic_fabric_step(nic_fabric_t *f);
/* reset: rst_ni low for `cycles` steps */
void nic_fabric_reset(nic_fabric_t *f, unsigned cycles);
uint64_t nic_fabric_cycle(const nic_fabric_t *f);
uint64_t nic_fabric_mismatches(const nic_fabric_t *f);

/* ---- fabric manager: switch CSR traffic, run by nic_fabric_step alongside everything else ---- */
/* queue the LFT blocks of every switch (after the switches' clear sweep) */
void nic_fabric_program_routes(nic_fabric_t *f);
/* queue multicast group g (0..NIC_FABRIC_SW_MFT_DEPTH-1): sent by node src to members */
int nic_fabric_mcast_group(nic_fabric_t *f, unsigned g, int src, const int *members, int nm);
/* queue a read of switch sw's CSR at addr; the value lands in *dst when done */
void nic_fabric_switch_read(nic_fabric_t *f, int sw, uint16_t addr, uint32_t *dst);
/* 1 while management CSR traffic is queued */
int nic_fabric_mgmt_busy(const nic_fabric_t *f);
/* LFT block writes issued by the manager (every switch) */
uint64_t nic_fabric_lft_blocks(const nic_fabric_t *f);
/* queue one LFT block write of switch sw: LFT_BLOCK = b, then the 64 LFT_DATA values e[] (an
 * external manager, e.g. sw/nic_fm_sim.h, programs the tables with it) */
void nic_fabric_lft_write(nic_fabric_t *f, int sw, unsigned b, const uint32_t e[64]);
/* the cycle in which the last LFT_DATA write of any switch was acknowledged (0: none) */
uint64_t nic_fabric_last_lft_cycle(const nic_fabric_t *f);
/* callback fn(f, ctx) at the start of cycle `cycle` (before the components step), once; one
 * callback at a time (a new call replaces a pending one) */
void nic_fabric_at(nic_fabric_t *f, uint64_t cycle, void (*fn)(nic_fabric_t *f, void *ctx), void *ctx);

/* ---- link failure ----
 * nic_fabric_link_fail(f, l) fails topology link l, both directions, for the rest of the run.
 * Each direction stops taking packets at a packet boundary of its producer: one that is inside a
 * packet carries it to its tlast, then fails. A failed direction holds its input ready (the
 * producer never blocks on it), discards every beat offered (counted: beats, and packets at
 * their tlast) and delivers only what it held when it failed, so no partial packet reaches any
 * consumer. */
int nic_fabric_link_fail(nic_fabric_t *f, int l);
int nic_fabric_link_failed(const nic_fabric_t *f, int l);
uint64_t nic_fabric_lost_beats(const nic_fabric_t *f);
uint64_t nic_fabric_lost_packets(const nic_fabric_t *f);

/* ---- partition (a part of the fabric in this process, the rest elsewhere: sw/nic_fabric_mpi.h)
 * own[0..nodes-1] (nodes) and own[nodes..nodes+switches-1] (switches): 1 = stepped here, 0 =
 * stepped by another process. Management traffic for a switch not stepped here is not queued;
 * nic_fabric_mgmt_busy counts the switches stepped here. A link direction with its producer
 * here and its consumer elsewhere, or the reverse, is cut: every cycle, after the components
 * stepped and before the links clock, xchg(f, ctx) is called; it finds the half of each cut
 * direction made here in nic_fabric_link_in(f, k) (the producer's s_axis_* beat, or the
 * consumer's m_axis_tready) and writes the other half there. k = 2 * link + side (0: a -> b).
 * Links with neither end here are not clocked; the nodes and switches stepped elsewhere are closed
 * here (a part cannot be widened again). own is copied; NULL: the whole fabric here. */
void nic_fabric_partition(nic_fabric_t *f, const uint8_t *own, void (*xchg)(nic_fabric_t *f, void *ctx), void *ctx);
nic_link_in_t *nic_fabric_link_in(nic_fabric_t *f, int k);
/* 1 when component c (nodes first, then switches) is stepped here */
int nic_fabric_owns(const nic_fabric_t *f, int c);
#ifdef __cplusplus
}
#endif
#endif
