// SPDX-License-Identifier: Apache-2.0
/* The command line and fabric setup shared by aotf_apps (one process) and aotf_apps_mpi (a
 * fabric split over MPI ranks): option parsing, and placing the applications on an open
 * fabric (multicast release, ping-pong peer, figure keys, multicast groups, one host program
 * per node). */
#ifndef AOTF_APPS_CLI_H
#define AOTF_APPS_CLI_H
#include <stdint.h>
#include "aotf_apps.h"
#include "nic_sim.h"

typedef struct {
  const char *backend, *app, *fst, *figs, *cost, *topo, *release;
  unsigned iters;
  int peer;
  uint64_t seed;
} aotf_apps_opts_t;

/* Parses argv into o (defaults first). with_fst: --fst is accepted. Returns 0, or -1 on an
 * unknown option, a missing value or a bad --release. */
int aotf_apps_parse(aotf_apps_opts_t *o, int argc, char **argv, int with_fst);

/* host cost model named by --cost */
nic_host_cost_t aotf_apps_cost(const aotf_apps_opts_t *o);

/* Sets c's fabric-dependent fields from o and the fabric of s, writes the multicast groups
 * and returns per-node program and argument arrays in *progs / *args (free both).
 * Returns 0, or -1 when out of memory. */
int aotf_apps_place(aotf_apps_t *c, nic_sim_t *s, const aotf_apps_opts_t *o, nic_host_prog_t **progs,
                    void ***args);
#endif
