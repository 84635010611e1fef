// SPDX-License-Identifier: Apache-2.0
/* comet_hw: host-side backend of a 2-node Comet system (rtl/comet_system2.v: two Comet engines
 * back to back through a link), for the VIPL and Comet-FM libraries. Two backends with the same
 * behavior, cycle for cycle:
 *   "model" = the cycle-accurate C model (cmodel/comet_system2.c), sw/comet_hw_model.c
 *   "rtl"   = the Verilated RTL, sw/comet_hw_rtl.cpp (only in builds that link it, see
 *             mk/comet_sw.mk; elsewhere comet_hw_open("rtl") returns NULL)
 *   "lockstep" = both: the RTL's outputs drive the host side and every output of the model must
 *             equal the RTL's on every cycle out of reset; the first mismatch is printed and the
 *             program exits with status 3 (builds with the RTL only)
 *
 * Host memory: each node has COMET_HW_MEM_SIZE bytes (1 MiB) of host memory at physical
 * addresses 0 .. COMET_HW_MEM_SIZE-1 (the engine's HOST_LIMIT reset value), zero-filled at open.
 * The CPU reads/writes it directly through comet_hw_mem() (no cycles); the engine reaches it
 * through its DMA port, answered by cmodel/nic_hostmem with a fixed read latency of
 * COMET_HW_DMA_LATENCY (20) cycles by default (comet_hw_set_dma_latency), always ready.
 * Descriptors (docs/reference/comet_via.md): 32-byte control segment + 16-byte data segments, 8-byte aligned,
 * little-endian; a doorbell write (CSR COMET_HW_DB_SEND(vi) / COMET_HW_DB_RECV(vi)) posts one.
 *
 * After comet_hw_open both nodes are out of reset, the node-table init sweep is done, and the
 * default configuration is programmed (comet_hw_setup_default): node n has FM node number n, MAC
 * 02:00:00:00:00:0(n+1), IPv4 10.0.0.(n+1), UDP port 19779, and its node table maps the other
 * node's number to the other node. Anything else may be reprogrammed through the CSRs.
 *
 * Receive VI rule (rtl/comet_engine.v): a received FM message goes to VI = handler[15:14]
 * (COMET_HW_RX_VI); handler[13:0] is free for the library. handler[15:14] = 3 is an invalid VI:
 * the message is dropped and counted (CNT_RX_BAD_VI). A message for a VI without a posted receive
 * descriptor is dropped and counted (CNT_RX_NO_DESC, STATUS.RX_DROP): software flow control must
 * post receives ahead (docs/reference/comet_engine.md, also for the in-flight window rule).
 * All functions advance only the simulated clock of this instance; no globals. */
#ifndef COMET_HW_H
#define COMET_HW_H
#include <stdint.h>
#include "nic_pkg.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct comet_hw comet_hw_t;          /* a Comet system: nodes 0 and 1, or 0..N-1 on a switch */
comet_hw_t *comet_hw_open(const char *backend /* "model", "rtl" or "lockstep" */, uint64_t seed, const char *fst_path /* NULL = none */);
void     comet_hw_close(comet_hw_t *h);
void     comet_hw_csr_write(comet_hw_t *h, int node, uint32_t addr, uint32_t val);  /* advances the clock until acked */
uint32_t comet_hw_csr_read(comet_hw_t *h, int node, uint32_t addr);                 /* advances the clock until acked */
uint8_t *comet_hw_mem(comet_hw_t *h, int node, uint32_t *size_bytes);  /* host memory of a node: physical address 0..size-1; host CPU accesses are direct (no cycles) */
void     comet_hw_tick(comet_hw_t *h, uint64_t cycles);               /* advance both nodes */
uint64_t comet_hw_cycle(const comet_hw_t *h);
int      comet_hw_irq(const comet_hw_t *h, int node);
uint64_t comet_hw_frames(const comet_hw_t *h, int from_node);         /* frames sent on the link from a node */
int      comet_hw_pcap(comet_hw_t *h, const char *path);              /* write all link frames to a pcap from now on */

/* ---- additions ---- */
#define COMET_HW_MEM_SIZE 0x100000u  /* bytes of host memory per node (1 MiB) */
#define COMET_HW_DMA_LATENCY 20u     /* default DMA read latency, cycles */
#define COMET_HW_CLOCK_NS 6.4        /* 156.25 MHz (pcap time stamps) */
#define COMET_HW_NUM_VI 3
/* CSR byte addresses on a node's bus (generated names in nic_pkg.h, local to each block) */
#define COMET_HW_TX(off) (CSR_BASE_COMET + (off))      /* comet_tx: CSR_COMET_TX_* */
#define COMET_HW_RX(off) (CSR_BASE_COMET + (off))      /* comet_rx: CSR_COMET_RX_* */
#define COMET_HW_VIA(off) (CSR_BASE_COMET_VIA + (off)) /* comet_via: CSR_COMET_VIA_* */
#define COMET_HW_ENG(off) (CSR_BASE_COMET_ENG + (off)) /* engine: CSR_COMET_ENG_* */
#define COMET_HW_DB_SEND(vi) COMET_HW_VIA(CSR_COMET_VIA_DB2 + 8u * (uint32_t)(vi))
#define COMET_HW_DB_RECV(vi) COMET_HW_VIA(CSR_COMET_VIA_DB3 + 8u * (uint32_t)(vi))
/* receive VI of an FM handler id, and a handler id for (vi, library handler 0..0x3FFF) */
#define COMET_HW_RX_VI(handler) (((uint32_t)(handler) >> 14) & 3u)
#define COMET_HW_HANDLER(vi, id) ((uint16_t)(((uint32_t)(vi) << 14) | ((uint32_t)(id) & 0x3FFFu)))
/* descriptor Status bits (word 3, bits 63:32) */
#define COMET_HW_ST_DONE 0x01u
#define COMET_HW_ST_FORMAT 0x02u
#define COMET_HW_ST_LENGTH 0x04u
#define COMET_HW_ST_ADDRESS 0x08u
#define COMET_HW_ST_TX_ERR 0x10u
#define COMET_HW_ST_TRUNC 0x20u
#define COMET_HW_ST_TX_CODE(st) (((st) >> 8) & 0xFu) /* 1 = unknown node */

/* ---- N engines on a switch (sw/comet_hw_star.c, docs/reference/vipl_fm.md "Comet over a switch") ----
 * topo "pair" (or NULL) = comet_hw_open; "star:N" (2 <= N <= COMET_HW_MAX_NODES): N Comet engines,
 * engine n joined to port n of one nic_switch (RADIX 16, LFT_DEPTH 4096, MFT_DEPTH 64, BUF_BEATS
 * 512) by two nic_link models of latency 4 (node -> switch, switch -> node). Backends: "model"
 * (C models), "rtl" (Verilated rtl/comet_engine.v per node, class Vceng, and nic_switch, class
 * Vsw16), "lockstep" (both, every output of every engine and of the switch compared every cycle
 * out of reset; the first mismatch exits with 3); the links are the C model in every backend.
 * fst_path is a prefix: one waveform per RTL component, <fst_path>_node<n>.fst, <fst_path>_sw.fst.
 * The open programs the switch through its CSR bus: STATUS polled until INIT_DONE, ETH_MODE = all
 * ports, LFT block 0 (entry n = port n, VALID, for every node), MFT group 0 = every node port
 * (broadcast). On a switch, node n's MAC is locally administered with the node number in bytes
 * 4-5 (02:00:00:00:nn:nn, the switch's route key, comet_hw_node_mac) and its IPv4 is
 * 10.0.0.(n+1); the 2-node system keeps 02:00:00:00:00:0(n+1). Every node's node table holds
 * every other node. Host memories, CSRs, DMA latency, frames and pcap work per node as above
 * (frames: beats a node's uplink accepted). */
#define COMET_HW_MAX_NODES 16
comet_hw_t *comet_hw_open_topo(const char *backend, const char *topo, uint64_t seed, const char *fst_path);
int      comet_hw_nodes(const comet_hw_t *h);                       /* 2, N of star:N, 1 of ext */
int      comet_hw_has_switch(const comet_hw_t *h);
uint64_t comet_hw_node_mac(const comet_hw_t *h, int node);          /* default MAC of a node (48 bit) */
uint32_t comet_hw_node_ip(const comet_hw_t *h, int node);           /* default IPv4 of a node */
uint64_t comet_hw_frames_to(const comet_hw_t *h, int to_node);      /* frames delivered into a node */
/* a CSR of the switch (offset CSR_NIC_SWITCH_*), advancing the clock until acked;
 * without a switch the read returns CSR_UNMAPPED and the write does nothing */
uint32_t comet_hw_switch_read(comet_hw_t *h, uint32_t off);
void     comet_hw_switch_write(comet_hw_t *h, uint32_t off, uint32_t val);

/* ---- one engine with an external Ethernet port (topology "ext", sw/comet_hw_star.c) ----
 * topo "ext": node 0 alone (comet_hw_nodes = 1, no switch), MAC 02:00:00:00:00:01, IPv4 10.0.0.1
 * until reprogrammed, an empty node table. Its Ethernet port leaves the simulation: m_axis is
 * always ready and every frame it sends (FCS included) is handed to the tx callback in the
 * cycle of its last beat; frames queued by comet_hw_ext_inject (bytes as on the wire, FCS
 * included, up to COMET_HW_EXT_QCAP queued) enter its s_axis at one beat (8 bytes) per cycle
 * with back-pressure, COMET_HW_EXT_GAP idle cycles after each frame (the 20 bytes of preamble
 * and inter-frame gap of a 64-bit Ethernet port, rounded up). Backends "model", "rtl" (the
 * Verilated engine of the star) and "lockstep". The poll callback runs every `every` cycles
 * from inside the clock (the place to move frames in from outside; fn NULL = none); it and the tx callback may
 * call comet_hw_ext_inject and the read-only functions, nothing that advances the clock. */
#define COMET_HW_EXT_QCAP 64u
#define COMET_HW_EXT_GAP 3u
#define COMET_HW_EXT_FRAME_MAX 16384u
typedef void (*comet_hw_ext_tx_fn)(void *ctx, const uint8_t *frame, uint32_t len);
typedef void (*comet_hw_ext_poll_fn)(void *ctx);
int      comet_hw_is_ext(const comet_hw_t *h);
void     comet_hw_ext_set_tx(comet_hw_t *h, comet_hw_ext_tx_fn fn, void *ctx);
void     comet_hw_ext_set_poll(comet_hw_t *h, uint32_t every, comet_hw_ext_poll_fn fn, void *ctx);
int      comet_hw_ext_inject(comet_hw_t *h, const uint8_t *frame, uint32_t len); /* 0 queued; -1 full, bad length, not ext */
unsigned comet_hw_ext_queued(const comet_hw_t *h);      /* frames queued, the one entering included */
uint64_t comet_hw_ext_quiet(const comet_hw_t *h);       /* cycles since the last beat in or out of the port; 0 while frames are queued */

/* program the defaults described above (called by comet_hw_open) */
void comet_hw_setup_default(comet_hw_t *h);
/* node table entry idx of a node: destination IPv4, MAC (48 bit), UDP port, valid */
void comet_hw_nt_set(comet_hw_t *h, int node, uint32_t idx, uint32_t ip, uint64_t mac, uint16_t port, int valid);
/* DMA read latency of both host memories (>= 1 cycle) */
void comet_hw_set_dma_latency(comet_hw_t *h, uint32_t cycles);
/* tick until the 64-bit little-endian word at host address addr of node has (word & mask) != 0,
 * at most max_cycles; returns the cycles waited or -1 on timeout (e.g. a descriptor's Status) */
int64_t comet_hw_wait_mem(comet_hw_t *h, int node, uint32_t addr, uint64_t mask, uint64_t max_cycles);
/* the backend name ("model" / "rtl") */
const char *comet_hw_backend(const comet_hw_t *h);

/* Port-level backend interface (used by comet_hw_model.c; implemented by comet_hw_rtl.cpp) */
typedef struct {
  void *ctx;
  void (*eval)(void *ctx, const void *in /* comet_system2_in_t */, void *out /* comet_system2_out_t */);
  void (*tick)(void *ctx, const void *in);
  void (*close)(void *ctx);
} comet_hw_ports_t;
/* 0 = ok; the "model" build without the RTL backend returns -1 */
int comet_hw_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path);
/* one Verilated comet_engine (class Vceng, sw/comet_hw_eng_rtl.cpp) behind the same interface,
 * in/out = comet_engine_in_t / comet_engine_out_t; -1 in builds without it */
int comet_hw_eng_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path);

#ifdef __cplusplus
}
#endif
#endif
