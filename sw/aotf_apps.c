// SPDX-License-Identifier: Apache-2.0
/* aotf_apps: the paper's AOTF applications on a 2-node system, on any nic_sim backend.
 *   aotf_apps [--backend model|rtl|lockstep] [--app all|pingpong|barrier|gsum|ring|loopback|random]
 *             [--iters N] [--cost paper|zero] [--fst file] [--figures file] [--seed N]
 * Every app checks its data; the program exits non-zero on a wrong value, a timeout or (lockstep)
 * an RTL/model mismatch. Figures are printed as "figure: <key> <value>" lines. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_apps.h"

int main(int argc, char **argv) {
  const char *backend = "model", *app = "all", *fst = NULL, *figs = NULL, *cost = "paper";
  unsigned iters = 20;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--backend") && i + 1 < argc) backend = argv[++i];
    else if (!strcmp(argv[i], "--app") && i + 1 < argc) app = argv[++i];
    else if (!strcmp(argv[i], "--iters") && i + 1 < argc) iters = (unsigned)atoi(argv[++i]);
    else if (!strcmp(argv[i], "--cost") && i + 1 < argc) cost = argv[++i];
    else if (!strcmp(argv[i], "--fst") && i + 1 < argc) fst = argv[++i];
    else if (!strcmp(argv[i], "--figures") && i + 1 < argc) figs = argv[++i];
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--backend model|rtl|lockstep] [--app all|pingpong|barrier|gsum|ring] "
                      "[--iters N] [--cost paper|zero] [--fst file] [--figures file] [--seed N]\n", argv[0]);
      return 2;
    }
  }
  nic_host_cost_t hc = strcmp(cost, "zero") ? NIC_HOST_COST_PAPER : NIC_HOST_COST_ZERO;
  nic_sim_t *s = nic_sim_open(backend, seed, &hc, fst);
  if (!s) return 2;
  static aotf_apps_t c;
  aotf_apps_init(&c, app, iters ? iters : 1, seed);
  nic_host_prog_t progs[AOTF_APPS_NODES];
  void *args[AOTF_APPS_NODES];
  for (int i = 0; i < AOTF_APPS_NODES; i++) {
    progs[i] = aotf_apps_prog;
    args[i] = &c.nodes[i];
  }
  int rc = nic_sim_run(s, progs, args, 50000000ull);
  FILE *ff = figs ? fopen(figs, "w") : NULL;
  aotf_apps_report(&c, strcmp(cost, "zero") ? "" : "_nic_only", ff);
  if (ff) fclose(ff);
  printf("aotf_apps: backend=%s app=%s iters=%u cycles=%llu refills=%llu/%llu mismatches=%llu result=%s\n", backend, app,
         c.iters, (unsigned long long)nic_sim_cycle(s), (unsigned long long)c.refills[0],
         (unsigned long long)c.refills[1], (unsigned long long)nic_sim_mismatches(s),
         (rc == 0 && !c.fail) ? "pass" : "FAIL");
  nic_sim_close(s);
  return (rc == 0 && !c.fail) ? 0 : 1;
}
