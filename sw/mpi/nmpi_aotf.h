// SPDX-License-Identifier: Apache-2.0
/* nmpi_aotf: the AOTF transport of the message layer (nmpi_aotf.c). */
#ifndef NMPI_AOTF_H
#define NMPI_AOTF_H
#include "nmpi_int.h"

typedef struct nmpi_aotf nmpi_aotf_t;
/* w->n ranks on tree8:max(2, n); sets w->tp, w->window (0: no credits), w->ns_per_cycle.
 * run_main(r) runs rank r's program inside its nic_sim host program. */
nmpi_aotf_t *nmpi_aotf_open(nmpi_world_t *w, const char *backend, uint64_t seed, int zero_cost,
                            int (*run_main)(nmpi_rank_t *r));
/* runs every rank to the end; nic_sim_run's result (0, -1 timeout, -2 lockstep mismatch) */
int nmpi_aotf_run(nmpi_aotf_t *at, uint64_t max_cycles);
uint64_t nmpi_aotf_cycle(const nmpi_aotf_t *at);
void nmpi_aotf_close(nmpi_aotf_t *at);
#endif
