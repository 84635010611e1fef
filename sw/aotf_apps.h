// SPDX-License-Identifier: Apache-2.0
/* The paper's AOTF applications (DIMMnet-1, sections 4.2, 5.2-5.4) as host programs for
 * nic_sim on any number of nodes: ping-pong RTT (4 and 8 bytes, node 0 and a chosen peer),
 * barrier (byte flags, 8-ary tree, release by unicast or by one multicast send), global sum
 * (u32, u64, f32, f64), the LLCM ring buffer producer/consumer (nodes 0 and 1), a loopback
 * latency probe, random traffic between all nodes and an all-to-all throughput run. Every
 * program checks its data; failures are counted in fail. */
#ifndef AOTF_APPS_H
#define AOTF_APPS_H
#include <stdint.h>
#include <stdio.h>
#include "libaotf.h"

/* multicast groups: group r (0..63) = the children of node r in the 8-ary tree */
#define AOTF_APPS_MCAST_GROUPS 64

typedef struct aotf_apps aotf_apps_t;
typedef struct {
  aotf_apps_t *c;
  int node;
  uint8_t bphase; /* barrier phase: every barrier uses the next value (never 0) */
  uint64_t rng;
  aotf_t a;
} aotf_apps_node_t;

struct aotf_apps {
  const char *app; /* all, pingpong, barrier, gsum, ring, loopback, random, fuzz, alltoall, credits,
                    * stream, stream_check */
  unsigned iters;  /* random: rounds (0 = run until the simulation stops) */
  int nnodes;
  int mcast;       /* barrier and global-sum release: 1 = one multicast send, 0 = one per child */
  int pp_peer;     /* ping-pong partner of node 0 */
  int fig_n;       /* figure keys: 0 = the 2-node names, N = "_nN" names */
  int pp_hops;     /* switches between node 0 and pp_peer (figure key of the RTT) */
  int fuzz;        /* random traffic with bad kicks (app "fuzz") */
  uint64_t fz_unknown; /* fuzz: kicks to a node the fabric does not have (dropped by a switch) */
  uint64_t *fz_bad_rx; /* fuzz: [node] kicks to it with a bad process group or address */
  int fail;
  /* fabric address of each node: its NODE_ID and the dst_node of the packets to it (a fabric
   * manager's assignment, sw/nic_fm_sim.h); NULL: the node index */
  const uint32_t *addr;
  /* stream (the failover traffic, no waits on other nodes): kicks sent; stream_check: words
   * delivered, lost (still 0) and wrong (neither 0 nor the value sent) */
  uint64_t st_sent, st_ok, st_lost, st_bad;
  aotf_apps_node_t *nodes;
  /* results */
  uint64_t rtt_min[2], rtt_sum[2], rtt_n[2]; /* [0] 4 B, [1] 8 B */
  uint64_t bar_cycles, bar_n;
  uint64_t gs_cycles[4], gs_n[4];
  uint64_t rb_cycles, rb_values;
  uint64_t loop_lat, loop_n;
  uint64_t rnd_rounds, rnd_kicks, rnd_checked;
  uint64_t a2a_cycles, a2a_bytes; /* all-to-all: cycles of the measured phase, payload bytes */
  uint64_t credit_writes, credit_refused; /* credits: CREDIT_LIMIT writes under traffic, kicks refused */
  uint64_t *refills; /* [node] */
  int *done;         /* [node] */
  /* random traffic: [writer][destination * words + word]: expected value of each word a
   * writer wrote into each destination's LLCM */
  uint64_t *rnd_expect;
  /* random traffic: the writers' draws replayed where they are checked (a writer may run in
   * another process, sw/nic_fabric_mpi.h): [writer] generator state and rounds replayed */
  uint64_t *rnd_rep_rng;
  unsigned *rnd_rep_round;
};

/* nnodes >= 2; 0 on success */
int aotf_apps_init(aotf_apps_t *c, const char *app, unsigned iters, uint64_t seed, int nnodes);
void aotf_apps_free(aotf_apps_t *c);
/* the multicast groups the apps use (group r: node r -> its tree children), for the fabric
 * manager: calls set(ctx, g, src, members, n) for each */
void aotf_apps_groups(const aotf_apps_t *c, void (*set)(void *ctx, unsigned g, int src, const int *m, int n), void *ctx);
/* the program of one node: nic_host_prog_t with arg = &c->nodes[node] */
void aotf_apps_prog(nic_host_t *h, void *arg);
/* print "figure: key value" lines (key suffix sfx) to stdout and to f (may be NULL) */
void aotf_apps_report(const aotf_apps_t *c, const char *sfx, FILE *f);
#endif
