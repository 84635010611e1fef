// SPDX-License-Identifier: Apache-2.0
/* The host side of nic_sim alone: a lockstep stimulus drives a DUT's node ports with host
 * programs. Each cycle: nic_hosts_drive() resumes the programs and fills the host fields of
 * every node's inputs (returns 0 once every program has returned and no posted store is left),
 * the DUT evaluates, nic_hosts_observe() hands this cycle's outputs to the hosts. Port structs
 * are aotf_node's (only the host fields st_*, hr_*, csr_* and the outputs st_ready, hr_rvalid,
 * hr_rdata, csr_ack, csr_rdata, irq are used). */
#ifndef NIC_HOSTS_H
#define NIC_HOSTS_H
#include <stdint.h>
#include "aotf_node.h"
#include "nic_sim.h"

#ifdef __cplusplus
extern "C" {
#endif
nic_hosts_t *nic_hosts_new(const nic_host_cost_t *cost, int nodes, nic_host_prog_t *prog, void **arg);
int nic_hosts_drive(nic_hosts_t *hs, uint64_t cycle, aotf_node_in_t *in);
void nic_hosts_observe(nic_hosts_t *hs, const aotf_node_in_t *in, const aotf_node_out_t *out);
void nic_hosts_free(nic_hosts_t *hs);
#ifdef __cplusplus
}
#endif
#endif
