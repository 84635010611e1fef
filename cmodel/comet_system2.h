// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_system2.v: two comet_engine models back to back through two nic_link
 * models (link[0]: A -> B, link[1]: B -> A), the link_stall gates, composed with a fixed-point
 * iteration of the evals like cmodel/aotf_system2.c. */
#ifndef COMET_SYSTEM2_H
#define COMET_SYSTEM2_H
#include <stdint.h>
#include "comet_engine.h"
#include "comet_system2_ports.h"
#include "nic_link.h"
#include "nic_ports.h"

#ifndef COMET_SYSTEM2_PORTS_DECLARED
#define COMET_SYSTEM2_PORTS_DECLARED
LS_DECLARE_PORTS(comet_system2)
#endif

typedef struct {
  uint32_t link_latency, nt_depth;
} comet_system2_cfg_t;

typedef struct {
  comet_system2_cfg_t cfg;
  comet_engine_t eng[2];
  nic_link_t link[2]; /* [0]: a -> b, [1]: b -> a */
} comet_system2_t;

/* the defaults of rtl/comet_system2.v (LINK_LATENCY 4, NT_DEPTH 256) */
extern const comet_system2_cfg_t COMET_SYSTEM2_DEFAULT;

int comet_system2_init(comet_system2_t *m, const comet_system2_cfg_t *cfg, uint64_t seed);
void comet_system2_free(comet_system2_t *m);
void comet_system2_eval(const comet_system2_t *m, const comet_system2_in_t *in, comet_system2_out_t *out);
void comet_system2_tick(comet_system2_t *m, const comet_system2_in_t *in);
uint64_t comet_system2_collisions(const comet_system2_t *m);
#endif
