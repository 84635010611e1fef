// SPDX-License-Identifier: Apache-2.0
/* nic_fm_sim: the fabric manager of sw/nic_fm.h driving the switches of a simulated fabric
 * (sw/nic_fabric.h); docs/reference/fabric_manager.md, "The manager in the simulated fabric".
 *
 * The nic_fm topology is built from the nic_topo topology one to one: switch s and node n keep
 * their indexes, nic_topo port p (0..radix-1) is nic_fm port p+1. nic_fm then numbers the nodes
 * (leaf order, then leaf port) and assigns their addresses (plan nic_fm_plan_nic(): nodes from
 * 1, then the leaves and spines, all below 4096), leaf-major or port-major. The address of a
 * node is its NODE_ID and the dst_node of every packet to it (aotf_apps_t.addr), so the switch
 * LFTs are nic_fm's tables entry for entry: entry a of switch s is block a/64, index a%64;
 * nic_fm port q is written VALID | q-1; no route and the switch's own address are written 0. */
#ifndef NIC_FM_SIM_H
#define NIC_FM_SIM_H
#include <stddef.h>
#include <stdint.h>
#include "nic_fabric.h"
#include "nic_fm.h"
#include "nic_topo.h"

typedef struct nic_fm_sim nic_fm_sim;

/* t must be a two-level fat tree (e.g. fattree:K) and outlive the manager; NULL with err set */
nic_fm_sim *nic_fm_sim_new(const nic_topo_t *t, nic_fm_assign assign, char *err);
void nic_fm_sim_free(nic_fm_sim *m);
const nic_fm_fabric *nic_fm_sim_fabric(const nic_fm_sim *m);
/* the address of topology node n */
uint32_t nic_fm_sim_addr(const nic_fm_sim *m, int n);
/* the LFT_DATA value of a nic_fm entry */
uint32_t nic_fm_sim_entry(uint16_t e);
/* queue every block of every live switch (the full tables); returns the blocks queued */
size_t nic_fm_sim_program(nic_fm_sim *m, nic_fabric_t *f);
/* fail spine s (nic_fm spine index: every link of it) or the link between leaf l and spine s,
 * in the fabric (nic_fabric_link_fail) and in nic_fm; recompute the tables and queue only the
 * blocks nic_fm_diff lists. Returns the blocks queued (-1 on a bad index); sum may be NULL. */
long nic_fm_sim_fail_spine(nic_fm_sim *m, nic_fabric_t *f, int s, nic_fm_diff_sum *sum);
long nic_fm_sim_fail_link(nic_fm_sim *m, nic_fabric_t *f, int l, int s, nic_fm_diff_sum *sum);
#endif
