// SPDX-License-Identifier: Apache-2.0
/* aotf_apps_cli: see aotf_apps_cli.h */
#include "aotf_apps_cli.h"
#include <stdlib.h>
#include <string.h>
#include "nic_fabric.h"

int aotf_apps_parse(aotf_apps_opts_t *o, int argc, char **argv, int with_fst) {
  *o = (aotf_apps_opts_t){.backend = "model", .app = "all", .cost = "paper", .topo = "pair",
                          .release = "mcast", .iters = 20, .peer = -1, .seed = 1};
  for (int i = 1; i < argc; i++) {
    const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!v) return -1;
    if (!strcmp(k, "--backend")) o->backend = v;
    else if (!strcmp(k, "--topo")) o->topo = v;
    else if (!strcmp(k, "--app")) o->app = v;
    else if (!strcmp(k, "--release")) o->release = v;
    else if (!strcmp(k, "--peer")) o->peer = atoi(v);
    else if (!strcmp(k, "--iters")) o->iters = (unsigned)atoi(v);
    else if (!strcmp(k, "--cost")) o->cost = v;
    else if (!strcmp(k, "--fst") && with_fst) o->fst = v;
    else if (!strcmp(k, "--figures")) o->figs = v;
    else if (!strcmp(k, "--seed")) o->seed = strtoull(v, NULL, 0);
    else return -1;
    i++;
  }
  return strcmp(o->release, "mcast") && strcmp(o->release, "ucast") ? -1 : 0;
}

nic_host_cost_t aotf_apps_cost(const aotf_apps_opts_t *o) {
  return strcmp(o->cost, "zero") ? NIC_HOST_COST_PAPER : NIC_HOST_COST_ZERO;
}

static void set_group(void *ctx, unsigned g, int src, const int *m, int n) {
  nic_fabric_mcast_group(ctx, g, src, m, n);
}

int aotf_apps_place(aotf_apps_t *c, nic_sim_t *s, const aotf_apps_opts_t *o, nic_host_prog_t **progs,
                    void ***args) {
  int N = nic_sim_nodes(s);
  nic_fabric_t *f = nic_sim_fabric(s);
  const nic_topo_t *t = nic_fabric_topo(f);
  c->mcast = !strcmp(o->release, "mcast") && t->switches > 0;
  c->pp_peer = o->peer >= 1 && o->peer < N ? o->peer : 1;
  c->fig_n = strcmp(o->topo, "pair") ? N : 0;
  c->pp_hops = nic_topo_hops(t, 0, c->pp_peer);
  aotf_apps_groups(c, set_group, f);
  *progs = calloc((size_t)N, sizeof(**progs));
  *args = calloc((size_t)N, sizeof(**args));
  if (!*progs || !*args) return -1;
  for (int i = 0; i < N; i++) {
    (*progs)[i] = aotf_apps_prog;
    (*args)[i] = &c->nodes[i];
  }
  return 0;
}
