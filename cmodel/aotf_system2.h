// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_system2.v: two aotf_node models back to back through two nic_link_err +
 * nic_link models. */
#ifndef AOTF_SYSTEM2_H
#define AOTF_SYSTEM2_H
#include <stdint.h>
#include "aotf_node.h"
#include "aotf_system2_ports.h"
#include "nic_link.h"
#include "nic_link_err.h"
#include "nic_ports.h"

#ifndef AOTF_SYSTEM2_PORTS_DECLARED
#define AOTF_SYSTEM2_PORTS_DECLARED
LS_DECLARE_PORTS(aotf_system2)
#endif

typedef struct {
  uint32_t fifo_depth, llcm_bytes, link_latency;
} aotf_system2_cfg_t;

typedef struct {
  aotf_node_t node[2];
  nic_link_t link[2]; /* [0]: a -> b, [1]: b -> a */
  nic_link_err_t err[2]; /* error injection in front of link[i] (rtl u_err_ab, u_err_ba) */
} aotf_system2_t;

int aotf_system2_init(aotf_system2_t *m, const aotf_system2_cfg_t *cfg, uint64_t seed);
void aotf_system2_free(aotf_system2_t *m);
void aotf_system2_eval(const aotf_system2_t *m, const aotf_system2_in_t *in, aotf_system2_out_t *out);
void aotf_system2_tick(aotf_system2_t *m, const aotf_system2_in_t *in);
/* aotf_system2_eval followed by aotf_system2_tick with the same inputs (one combinational pass) */
void aotf_system2_step(aotf_system2_t *m, const aotf_system2_in_t *in, aotf_system2_out_t *out);
uint64_t aotf_system2_collisions(const aotf_system2_t *m);
/* the default parameters of rtl/aotf_system2.v */
extern const aotf_system2_cfg_t AOTF_SYSTEM2_DEFAULT;
#endif
