/* Lockstep stimulus for aotf_system2 (two nodes back to back): the host drivers and the
 * paper's applications (sw/aotf_apps_lib.c) drive both nodes' ports through nic_hosts, so the
 * whole stack - libaotf, HTLB miss service, LLCM polling - runs against RTL and model at once.
 * The applications check their own data (the scoreboard); the runner compares every output.
 * Modes: apps (all applications, paper host costs), apps_zero (no host costs), loopback,
 * random (random kicks of random lengths/lanes, checked round by round; never stops). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_apps.h"
#include "aotf_system2.h"
#include "nic_backend.h"

LS_DECLARE_STIM(aotf_system2)

#define RESET_CYCLES 4

typedef struct {
  aotf_apps_t apps;
  nic_hosts_t *hs;
  aotf_system2_in_t in;
  int random;
} st_t;

const char *aotf_system2_stim_modes(void) { return "apps apps_zero loopback random"; }

void *aotf_system2_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  nic_host_cost_t cost = NIC_HOST_COST_PAPER;
  if (!strcmp(mode, "apps")) aotf_apps_init(&s->apps, "all", 3, seed);
  else if (!strcmp(mode, "apps_zero")) {
    aotf_apps_init(&s->apps, "all", 3, seed);
    cost = NIC_HOST_COST_ZERO;
  } else if (!strcmp(mode, "loopback")) {
    aotf_apps_init(&s->apps, "loopback", 8, seed);
    cost = NIC_HOST_COST_ZERO;
  } else if (!strcmp(mode, "random")) {
    aotf_apps_init(&s->apps, "random", 0, seed);
    s->random = 1;
    cost = (seed & 1) ? NIC_HOST_COST_ZERO : NIC_HOST_COST_PAPER;
  } else {
    free(s);
    return NULL;
  }
  nic_host_prog_t progs[AOTF_APPS_NODES];
  void *args[AOTF_APPS_NODES];
  for (int i = 0; i < AOTF_APPS_NODES; i++) {
    progs[i] = aotf_apps_prog;
    args[i] = &s->apps.nodes[i];
  }
  s->hs = nic_hosts_new(&cost, progs, args);
  return s;
}

void aotf_system2_stim_free(void *p) {
  st_t *s = p;
  nic_hosts_free(s->hs);
  free(s);
}

int aotf_system2_stim_next(void *p, uint64_t cycle, const aotf_system2_out_t *prev, aotf_system2_in_t *in) {
  st_t *s = p;
  (void)prev;
  if (cycle < RESET_CYCLES) {
    memset(in, 0, sizeof(*in));
  } else if (!nic_hosts_drive(s->hs, cycle, in) || s->apps.fail) {
    return 0;
  }
  s->in = *in;
  return 1;
}

int aotf_system2_stim_check(void *p, const aotf_system2_out_t *out) {
  st_t *s = p;
  if (!out) {
    if (s->apps.fail) return 1;
    if (!s->random && !(s->apps.done[0] && s->apps.done[1])) {
      fprintf(stderr, "aotf_system2: applications did not finish\n");
      return 1;
    }
    if (s->random && s->apps.rnd_rounds == 0) {
      fprintf(stderr, "aotf_system2: random traffic completed no round\n");
      return 1;
    }
    return 0;
  }
  if (s->in.rst_ni) nic_hosts_observe(s->hs, &s->in, out);
  return s->apps.fail;
}

void *aotf_system2_model_new(uint64_t seed) {
  aotf_system2_t *m = malloc(sizeof(*m));
  if (!m || aotf_system2_init(m, &AOTF_SYSTEM2_DEFAULT, seed)) {
    free(m);
    return NULL;
  }
  return m;
}
void aotf_system2_model_eval(const void *m, const aotf_system2_in_t *in, aotf_system2_out_t *out) { aotf_system2_eval(m, in, out); }
void aotf_system2_model_tick(void *m, const aotf_system2_in_t *in) { aotf_system2_tick(m, in); }
int aotf_system2_model_check(const void *m) {
  uint64_t c = aotf_system2_collisions(m);
  if (c) fprintf(stderr, "aotf_system2 model: %llu RAM collisions\n", (unsigned long long)c);
  return c != 0;
}
void aotf_system2_model_free(void *m) {
  aotf_system2_free(m);
  free(m);
}
