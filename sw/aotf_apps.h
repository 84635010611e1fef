// SPDX-License-Identifier: Apache-2.0
/* The paper's AOTF applications (DIMMnet-1, sections 4.2, 5.2-5.4) as host programs for
 * nic_sim: ping-pong RTT (4 and 8 bytes), barrier (byte flags, 8-ary tree), global sum
 * (u32, u64, f32, f64), the LLCM ring buffer producer/consumer, a loopback latency probe and a
 * random-traffic program. Every program checks its data; failures are counted in fail. */
#ifndef AOTF_APPS_H
#define AOTF_APPS_H
#include <stdint.h>
#include <stdio.h>
#include "libaotf.h"

#define AOTF_APPS_NODES 2

typedef struct aotf_apps aotf_apps_t;
typedef struct {
  aotf_apps_t *c;
  int node;
  uint8_t bphase; /* barrier phase: every barrier uses the next value (never 0) */
  uint64_t rng;
  aotf_t a;
} aotf_apps_node_t;

struct aotf_apps {
  const char *app; /* all, pingpong, barrier, gsum, ring, loopback, random */
  unsigned iters;  /* random: rounds (0 = run until the simulation stops) */
  int fail;
  aotf_apps_node_t nodes[AOTF_APPS_NODES];
  /* results */
  uint64_t rtt_min[2], rtt_sum[2], rtt_n[2]; /* [0] 4 B, [1] 8 B */
  uint64_t bar_cycles, bar_n;
  uint64_t gs_cycles[4], gs_n[4];
  uint64_t rb_cycles, rb_values;
  uint64_t loop_lat, loop_n;
  uint64_t rnd_rounds, rnd_kicks, rnd_checked;
  uint64_t credit_writes, credit_refused; /* credits: CREDIT_LIMIT writes under traffic, kicks refused */
  uint64_t refills[AOTF_APPS_NODES];
  int done[AOTF_APPS_NODES];
  /* random traffic: expected last value per LLCM word of the peer, per writer */
  uint64_t rnd_expect[AOTF_APPS_NODES][64];
};

void aotf_apps_init(aotf_apps_t *c, const char *app, unsigned iters, uint64_t seed);
/* the program of one node: nic_host_prog_t with arg = &c->nodes[node] */
void aotf_apps_prog(nic_host_t *h, void *arg);
/* print "figure: key value" lines (key suffix sfx) to stdout and to f (may be NULL) */
void aotf_apps_report(const aotf_apps_t *c, const char *sfx, FILE *f);
#endif
