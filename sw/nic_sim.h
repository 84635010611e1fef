// SPDX-License-Identifier: Apache-2.0
/* nic_sim: runs host programs against a simulated fabric of Martini nodes (sw/nic_fabric.h) on
 * a selectable backend, cycle by cycle, one program per node.
 *
 * The fabric comes from a topology spec (sw/nic_topo.h: "pair", "star:N", "tree8:N",
 * "line:N:S", "fattree:K", "file:PATH"); "pair" is two nodes back to back, the arrangement of
 * aotf_system2. Backends (chosen at run time by name):
 *   "model"    the C models of every node and switch: fast
 *   "rtl"      the Verilated RTL of every node and switch (sw/fabric_rtl.cpp)
 *   "lockstep" both, every output of every component compared every cycle; a mismatch stops
 *              the run
 *
 * Host programs are plain C functions, one per node, run as coroutines (ucontext): a host call
 * (store, load, CSR access, wait) drives the node's ports and blocks until the clock edge that
 * completes it. A blocked program is resumed only in the cycle its condition holds (a cycle
 * count reached, a read returned, room in the store queue, or an interrupt while it waits with
 * the driver's idle hook installed), so a waiting host costs no context switch per cycle. All
 * hosts and the hardware advance together, one cycle at a time, so a run is deterministic and
 * identical on every backend.
 *
 * Host cost model (cycles at the design clock, defaults from the paper, Table 4 and Fig. 6,
 * P3-850 / DIMM 100 MHz scaled to the 133 MHz design clock, 7.5 ns per cycle):
 *   store_cpu      CPU time of an uncached 8-byte store (53 ns)            -> 7
 *   store_chipset  store travel from the CPU through the chipset to the DIMM (~60 ns) -> 8
 *   load_pre       uncached load: CPU + chipset to the NIC (half of 173 ns) -> 11
 *   load_post      load data back from the NIC to the CPU                   -> 11
 * Stores are posted: the program continues after store_cpu; the store reaches the NIC's port
 * store_chipset cycles later, in order. A load blocks the program for load_pre + the NIC's read
 * latency + load_post. All four are parameters (nic_host_cost_t); zero gives the NIC alone. */
#ifndef NIC_SIM_H
#define NIC_SIM_H
#include <stdint.h>
#include "nic_topo.h"

typedef struct {
  unsigned store_cpu, store_chipset, load_pre, load_post;
} nic_host_cost_t;

static const nic_host_cost_t NIC_HOST_COST_PAPER = {7, 8, 11, 11};
static const nic_host_cost_t NIC_HOST_COST_ZERO = {0, 0, 0, 0};

typedef struct nic_sim nic_sim_t;
typedef struct nic_hosts nic_hosts_t;
typedef struct nic_host nic_host_t;
typedef void (*nic_host_prog_t)(nic_host_t *h, void *arg);

/* topo: topology spec (NULL = "pair"); backend: "model", "rtl" or "lockstep"; fst: waveform
 * file prefix (RTL components) or NULL. Resets the fabric and programs the switches' routes. */
nic_sim_t *nic_sim_open_topo(const char *topo, const char *backend, uint64_t seed, const nic_host_cost_t *cost,
                             const char *fst);
/* the 2-node pair */
nic_sim_t *nic_sim_open(const char *backend, uint64_t seed, const nic_host_cost_t *cost, const char *fst);
void nic_sim_close(nic_sim_t *s);
const char *nic_sim_backend(const nic_sim_t *s);
int nic_sim_nodes(const nic_sim_t *s);
struct nic_fabric *nic_sim_fabric(nic_sim_t *s);
/* run one program per node (prog[0..nodes-1], NULL = idle node) until all return or
 * max_cycles pass. Returns 0 on success, -1 on timeout, -2 on a lockstep mismatch. */
int nic_sim_run(nic_sim_t *s, nic_host_prog_t *prog, void **arg, uint64_t max_cycles);
/* run idle cycles (no host program) until the fabric manager's queued switch CSR traffic is
 * done (nic_fabric_mcast_group, nic_fabric_switch_read); -2 on a lockstep mismatch */
int nic_sim_settle(nic_sim_t *s);
uint64_t nic_sim_cycle(const nic_sim_t *s);
uint64_t nic_sim_mismatches(const nic_sim_t *s);

/* ---- a part of the fabric in this process (sw/nic_fabric_mpi.h) ----
 * own(ctx, topo, own) fills own[0..nodes+switches-1] (nodes, then switches): 1 = stepped here;
 * the host program of a node runs where the node is stepped (prog[] may name every node; only
 * those here run). xchg(ctx, f, flags, &all) is called once per cycle, after the components
 * stepped and before the links clock (f != NULL: it also moves the halves of the cut links,
 * nic_fabric_partition), and alone (f == NULL) where the run needs the flags of every part:
 * flags of this part in (NIC_SIM_F_*), their OR over every part out. Every part makes the
 * same sequence of calls, so every part stops at the same cycle. */
enum { NIC_SIM_F_BUSY = 1, NIC_SIM_F_MGMT = 2, NIC_SIM_F_BAD = 4 };
typedef struct {
  int (*own)(void *ctx, const nic_topo_t *t, uint8_t *own);
  void (*xchg)(void *ctx, struct nic_fabric *f, unsigned flags, unsigned *all);
  void *ctx;
} nic_sim_part_t;
/* nic_sim_open_topo for one part (part NULL: the whole fabric) */
nic_sim_t *nic_sim_open_part(const char *topo, const char *backend, uint64_t seed, const nic_host_cost_t *cost,
                             const char *fst, const nic_sim_part_t *part);

/* ---- host calls (inside a program) ---- */
int nic_host_node(const nic_host_t *h);
uint64_t nic_host_now(const nic_host_t *h);       /* current cycle */
void nic_host_wait(nic_host_t *h, uint64_t cycles);
/* kick store: 32-bit physical address, 64-bit data, byte enables (posted) */
void nic_host_store(nic_host_t *h, uint32_t addr, uint64_t data, uint8_t be);
/* wait until every posted store has been accepted by the NIC */
void nic_host_store_drain(nic_host_t *h);
/* uncached 64-bit load from the LLCM window (byte address, 8-byte aligned) */
uint64_t nic_host_load(nic_host_t *h, uint32_t addr);
void nic_host_csr_write(nic_host_t *h, uint16_t addr, uint32_t data);
uint32_t nic_host_csr_read(nic_host_t *h, uint16_t addr);
int nic_host_irq(const nic_host_t *h);
/* latency probe (no host costs): present one kick store, then read hr_addr every cycle; returns
 * the cycles from the store's acceptance to the first read whose data matches (mask, want),
 * i.e. the first cycle a host read sees the new value */
uint64_t nic_host_probe(nic_host_t *h, uint32_t st_addr, uint64_t st_data, uint8_t st_be, uint32_t hr_addr,
                        uint64_t mask, uint64_t want);
/* a hook the driver installs to service interrupts while a program waits (e.g. HTLB misses) */
void nic_host_set_idle_hook(nic_host_t *h, void (*hook)(nic_host_t *h, void *ctx), void *ctx);
nic_sim_t *nic_host_sim(nic_host_t *h); /* NULL under a lockstep stimulus */

/* the host side alone (a lockstep stimulus drives a DUT's ports with host programs):
 * sw/nic_hosts.h */
#endif
