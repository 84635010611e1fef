// SPDX-License-Identifier: Apache-2.0
/* aotf_apps: the paper's AOTF applications on a simulated fabric, on any nic_sim backend.
 *   aotf_apps [--topo pair|star:N|tree8:N|line:N:S|fattree:K|file:PATH] [--backend model|rtl|lockstep]
 *             [--app all|pingpong|barrier|gsum|ring|loopback|random|fuzz|alltoall|credits]
 *             [--release mcast|ucast] [--peer N] [--iters N] [--cost paper|zero]
 *             [--fst prefix] [--figures file] [--seed N]
 * Every app checks its data; the program exits non-zero on a wrong value, a timeout or (lockstep)
 * an RTL/model mismatch (exit 3). Figures are printed as "figure: <key> <value>" lines: the 2-node key
 * names on the default "pair" topology, keys by node count (_nN), switch hops and release mode
 * on any other. The last line gives the simulation speed in node-cycles per second. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "aotf_apps.h"
#include "aotf_apps_cli.h"
#include "nic_fabric.h"
#include "nic_pkg.h"

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int usage(const char *p) {
  fprintf(stderr,
          "usage: %s [--topo pair|star:N|tree8:N|line:N:S|fattree:K|file:PATH] [--backend model|rtl|lockstep]\n"
          "          [--app all|pingpong|barrier|gsum|ring|loopback|random|fuzz|alltoall|credits] [--release mcast|ucast]\n"
          "          [--peer N] [--iters N] [--cost paper|zero] [--fst prefix] [--figures file] [--seed N]\n",
          p);
  return 2;
}

int main(int argc, char **argv) {
  aotf_apps_opts_t o;
  if (aotf_apps_parse(&o, argc, argv, 1)) return usage(argv[0]);
  const char *backend = o.backend, *app = o.app, *topo = o.topo;
  nic_host_cost_t hc = aotf_apps_cost(&o);
  double t_open = now_s();
  nic_sim_t *s = nic_sim_open_topo(topo, backend, o.seed, &hc, o.fst);
  if (!s) return 2;
  int N = nic_sim_nodes(s);
  if (N < 2) {
    fprintf(stderr, "aotf_apps: the applications need at least 2 nodes\n");
    nic_sim_close(s);
    return 2;
  }
  static aotf_apps_t c;
  if (aotf_apps_init(&c, app, o.iters ? o.iters : 1, o.seed, N)) {
    nic_sim_close(s);
    return 2;
  }
  const nic_topo_t *t = nic_fabric_topo(nic_sim_fabric(s));
  nic_host_prog_t *progs = NULL;
  void **args = NULL;
  int rc = aotf_apps_place(&c, s, &o, &progs, &args) ? -1 : nic_sim_settle(s);
  uint64_t c0 = nic_sim_cycle(s);
  double t0 = now_s();
  if (!rc) rc = nic_sim_run(s, progs, args, 200000000ull);
  double dt = now_s() - t0;
  if (!rc && c.fuzz) { /* every kick to a node the fabric lacks is dropped and counted by a switch */
    uint32_t *unk = calloc((size_t)t->switches + 1, sizeof(uint32_t));
    for (int k = 0; unk && k < t->switches; k++)
      nic_fabric_switch_read(nic_sim_fabric(s), k, (uint16_t)CSR_NIC_SWITCH_DROP_UNKNOWN, &unk[k]);
    rc = unk ? nic_sim_settle(s) : -1;
    uint64_t sum = 0;
    for (int k = 0; unk && k < t->switches; k++) sum += unk[k];
    printf("fuzz: %llu kicks to an unknown node, %llu dropped by the switches\n", (unsigned long long)c.fz_unknown,
           (unsigned long long)sum);
    if (sum != c.fz_unknown || !t->switches) c.fail = 1;
    free(unk);
  }
  FILE *ff = o.figs ? fopen(o.figs, "w") : NULL;
  aotf_apps_report(&c, strcmp(o.cost, "zero") ? "" : "_nic_only", ff);
  if (ff) fclose(ff);
  uint64_t refills = 0;
  for (int i = 0; i < N; i++) refills += c.refills[i];
  printf("aotf_apps: topo=%s nodes=%d switches=%d backend=%s app=%s iters=%u cycles=%llu refills=%llu "
         "lft_blocks=%llu mismatches=%llu result=%s\n",
         t->name, N, t->switches, backend, app, c.iters, (unsigned long long)nic_sim_cycle(s),
         (unsigned long long)refills, (unsigned long long)nic_fabric_lft_blocks(nic_sim_fabric(s)),
         (unsigned long long)nic_sim_mismatches(s), (rc == 0 && !c.fail && !nic_sim_mismatches(s)) ? "pass" : "FAIL");
  uint64_t cyc = nic_sim_cycle(s) - c0;
  printf("speed: %s node_cycles_per_s %.0f (%llu cycles x %d nodes in %.2f s; open %.2f s)\n", backend,
         dt > 0 ? (double)cyc * N / dt : 0.0, (unsigned long long)cyc, N, dt, t0 - t_open);
  uint64_t mism = nic_sim_mismatches(s);
  int ok = rc == 0 && !c.fail && !mism;
  free(progs);
  free(args);
  aotf_apps_free(&c);
  nic_sim_close(s);
  return ok ? 0 : mism ? 3 : 1;
}
