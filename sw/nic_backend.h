// SPDX-License-Identifier: Apache-2.0
/* Backend interface of nic_sim: one cycle-level implementation of aotf_system2's ports. */
#ifndef NIC_BACKEND_H
#define NIC_BACKEND_H
#include <stdint.h>
#include "nic_ports.h"
#include "aotf_system2_ports.h"

#ifndef AOTF_SYSTEM2_PORTS_DECLARED
#define AOTF_SYSTEM2_PORTS_DECLARED
LS_DECLARE_PORTS(aotf_system2)
#endif

typedef struct {
  const char *name;
  void *(*open)(uint64_t seed, const char *fst);
  void (*eval)(void *b, const aotf_system2_in_t *in, aotf_system2_out_t *out);
  void (*tick)(void *b, const aotf_system2_in_t *in);
  void (*close)(void *b);
} nic_backend_t;

#ifdef __cplusplus
extern "C" {
#endif
#include "nic_sim.h"
nic_hosts_t *nic_hosts_new(const nic_host_cost_t *cost, nic_host_prog_t prog[NIC_SIM_NODES], void *arg[NIC_SIM_NODES]);
int nic_hosts_drive(nic_hosts_t *hs, uint64_t cycle, aotf_system2_in_t *in);
void nic_hosts_observe(nic_hosts_t *hs, const aotf_system2_in_t *in, const aotf_system2_out_t *out);
void nic_hosts_free(nic_hosts_t *hs);
extern const nic_backend_t nic_backend_model;
/* NULL when the program was built without the Verilated RTL */
const nic_backend_t *nic_backend_rtl_get(void);
#ifdef __cplusplus
}
#endif
#endif
