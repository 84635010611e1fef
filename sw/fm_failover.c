// SPDX-License-Identifier: Apache-2.0
/* fm_failover: the fabric manager (sw/nic_fm.h) programs a simulated fat tree and repairs it
 * after a failure while the nodes run (docs/reference/fabric_manager.md, "The manager in the
 * simulated fabric").
 *   fm_failover [--topo fattree:K|file:PATH] [--backend model|rtl|lockstep] [--assign leaf|port|both]
 *               [--fail spine:S|link:L:S] [--iters N] [--words N] [--fail-after C] [--figures FILE]
 *               [--seed N]
 * Per assignment: nic_fm's tables are written into every switch (all blocks); the nodes run a
 * barrier loop (iters) with point-to-point release; then every node streams kicks to every other
 * node (words per destination) and, fail-after cycles into it, the spine or leaf-spine link fails
 * in the fabric, the manager recomputes and queues only the blocks nic_fm_diff lists; the
 * stream is checked (every word delivered, or lost and counted by a failed link or a switch
 * drop counter, never wrong); then the barrier loop and a global sum run again.
 * Checks (exit 1 when one fails, 3 on a lockstep mismatch, 2 on bad arguments): the switches'
 * LFT_BLOCK_WRITES grew by exactly nic_fm_diff's count; lost words = packets sunk by failed links
 * + switch drops; no word wrong; the barrier and the global sum complete with the right data.
 * Figures ("figure: key value", and to --figures): fdb.sim_block_writes_<a>,
 * fdb.sim_failover_cycles_<a>, fdb.sim_lost_packets_<a>, fdb.sim_barrier_{before,after}_<a>,
 * fdb.mads_{5832,11664}_<a> and fdb.mads_all_{5832,11664}_<a> (nic_fm on the paper's trees,
 * spine 0 failed: block writes with a node route, Table 4 (e); every block write). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_apps.h"
#include "nic_fabric.h"
#include "nic_fm_sim.h"
#include "nic_pkg.h"
#include "nic_sim.h"

typedef struct {
  nic_fm_sim *m;
  int fail_spine, fail_leaf;
  long queued;
  uint64_t at;
  nic_fm_diff_sum sum;
} fail_t;

static void do_fail(nic_fabric_t *f, void *ctx) {
  fail_t *x = ctx;
  x->at = nic_fabric_cycle(f);
  x->queued = x->fail_leaf < 0 ? nic_fm_sim_fail_spine(x->m, f, x->fail_spine, &x->sum)
                               : nic_fm_sim_fail_link(x->m, f, x->fail_leaf, x->fail_spine, &x->sum);
}

static void set_group(void *ctx, unsigned g, int src, const int *m, int n) {
  nic_fabric_mcast_group(ctx, g, src, m, n);
}

/* sum of a CSR over every switch */
static int sum_sw(nic_sim_t *s, uint16_t addr, uint64_t *out) {
  nic_fabric_t *f = nic_sim_fabric(s);
  int S = nic_fabric_topo(f)->switches;
  uint32_t *v = calloc((size_t)S + 1, sizeof(uint32_t));
  if (!v) return -1;
  for (int k = 0; k < S; k++) nic_fabric_switch_read(f, k, addr, &v[k]);
  int rc = nic_sim_settle(s);
  *out = 0;
  for (int k = 0; k < S; k++) *out += v[k];
  free(v);
  return rc;
}

static int run_app(nic_sim_t *s, aotf_apps_t *c, const char *app, unsigned iters) {
  int N = nic_sim_nodes(s);
  nic_host_prog_t *progs = calloc((size_t)N, sizeof(*progs));
  void **args = calloc((size_t)N, sizeof(*args));
  int rc = -1;
  if (progs && args) {
    for (int i = 0; i < N; i++) {
      progs[i] = aotf_apps_prog;
      args[i] = &c->nodes[i];
    }
    c->app = app;
    c->iters = iters;
    rc = nic_sim_run(s, progs, args, 50000000ull);
  }
  free(progs);
  free(args);
  if (rc) fprintf(stderr, "fm_failover: %s: %s\n", app, rc == -2 ? "lockstep mismatch" : "timeout");
  return rc;
}

static void fig(FILE *ff, const char *key, double v) {
  printf("figure: %s %.1f\n", key, v);
  if (ff) fprintf(ff, "%s %.1f\n", key, v);
}

/* nic_fm alone on the paper's tree of `nodes` nodes, spine 0 failed: the changed blocks with a
 * node route (all = 0) or every changed block (all = 1) */
static long paper_mads(int nodes, nic_fm_assign as, int all) {
  char err[NIC_FM_ERR_MAX] = "";
  nic_fm_topo *t = nic_fm_gen_paper(nodes);
  nic_fm_fabric *f = t ? nic_fm_fabric_new(t, nic_fm_plan_paper(), as, err) : NULL;
  nic_fm_tables *a = f ? nic_fm_tables_new(f) : NULL, *b = f ? nic_fm_tables_new(f) : NULL;
  long n = -1;
  if (a && b && !nic_fm_route(f, a) && !nic_fm_fail_spine(f, 0) && !nic_fm_route(f, b)) {
    nic_fm_diff_sum sum;
    nic_fm_diff(f, a, b, NULL, 0, &sum);
    n = (long)(all ? sum.total_mads : sum.node_mads);
  }
  nic_fm_tables_free(a);
  nic_fm_tables_free(b);
  nic_fm_fabric_free(f);
  nic_fm_topo_free(t);
  return n;
}

typedef struct {
  const char *topo, *backend, *fail;
  unsigned iters, words;
  uint64_t fail_after, seed;
  FILE *ff;
} opts_t;

/* one assignment: 0 pass, 1 a check failed, 2 setup error, 3 lockstep mismatch */
static int scenario(const opts_t *o, nic_fm_assign as) {
  const char *an = as == NIC_FM_LEAF_MAJOR ? "leaf" : "port";
  nic_sim_t *s = nic_sim_open_topo(o->topo, o->backend, o->seed, &NIC_HOST_COST_PAPER, NULL);
  if (!s) return 2;
  nic_fabric_t *f = nic_sim_fabric(s);
  const nic_topo_t *t = nic_fabric_topo(f);
  char err[NIC_FM_ERR_MAX] = "";
  nic_fm_sim *m = nic_fm_sim_new(t, as, err);
  if (!m) {
    fprintf(stderr, "fm_failover: %s: %s\n", t->name, err);
    nic_sim_close(s);
    return 2;
  }
  fail_t x = {m, 0, -1, -1, 0, {0}};
  if (!strncmp(o->fail, "spine:", 6)) x.fail_spine = atoi(o->fail + 6);
  else if (sscanf(o->fail, "link:%d:%d", &x.fail_leaf, &x.fail_spine) != 2) x.fail_spine = -1;
  const nic_fm_fabric *fab = nic_fm_sim_fabric(m);
  if (x.fail_spine < 0 || x.fail_spine >= nic_fm_nspine(fab) || x.fail_leaf >= nic_fm_nleaf(fab)) {
    fprintf(stderr, "fm_failover: --fail %s: %d leaves, %d spines\n", o->fail, nic_fm_nleaf(fab), nic_fm_nspine(fab));
    nic_fm_sim_free(m);
    nic_sim_close(s);
    return 2;
  }
  int N = t->nodes, rc = 0, bad = 0;
  uint32_t *addr = calloc((size_t)N, sizeof(uint32_t));
  static aotf_apps_t c;
  if (!addr || aotf_apps_init(&c, "barrier", o->iters, o->seed, N)) {
    free(addr);
    nic_fm_sim_free(m);
    nic_sim_close(s);
    return 2;
  }
  for (int i = 0; i < N; i++) addr[i] = nic_fm_sim_addr(m, i);
  c.addr = addr;
  c.mcast = 0; /* multicast trees are not nic_fm's: releases go point to point */
  c.fig_n = N;
  /* the manager's tables replace the index routes nic_sim wrote */
  size_t full = nic_fm_sim_program(m, f);
  aotf_apps_groups(&c, set_group, f);
  rc = nic_sim_settle(s);
  uint64_t bw0 = 0, bw1 = 0, drops0 = 0, drops1 = 0, cyc0 = 0;
  if (!rc) rc = sum_sw(s, (uint16_t)CSR_NIC_SWITCH_LFT_BLOCK_WRITES, &bw0);
  printf("fm_failover: %s assignment %s: %zu blocks programmed, %u blocks per table, node addresses", t->name, an,
         full, nic_fm_lft_blocks(fab));
  for (int i = 0; i < N && i < 16; i++) printf(" %u", addr[i]);
  printf("%s\n", N > 16 ? " ..." : "");
  /* barrier before (after one unmeasured run that loads the HTLBs, as the stream_check has
   * done for the run after) */
  double bar_before = 0, bar_after = 0;
  if (!rc) rc = run_app(s, &c, "barrier", o->iters);
  if (!rc) rc = run_app(s, &c, "barrier", o->iters);
  if (!rc) bar_before = (double)c.bar_cycles / (double)c.bar_n;
  /* failover under the stream */
  if (!rc) {
    cyc0 = nic_sim_cycle(s);
    nic_fabric_at(f, nic_fabric_cycle(f) + o->fail_after, do_fail, &x);
    rc = run_app(s, &c, "stream", o->words);
  }
  if (!rc && x.queued < 0) {
    fprintf(stderr, "fm_failover: the failure did not happen during the stream (%llu cycles); lower --fail-after\n",
            (unsigned long long)(nic_sim_cycle(s) - cyc0));
    rc = -1;
  }
  if (!rc) rc = nic_sim_settle(s);
  uint64_t last = nic_fabric_last_lft_cycle(f);
  if (!rc) rc = sum_sw(s, (uint16_t)CSR_NIC_SWITCH_LFT_BLOCK_WRITES, &bw1);
  for (unsigned r = 0; !rc && r < 4; r++) { /* DROP_UNKNOWN .. DROP_MCAST_EMPTY */
    uint64_t v = 0;
    rc = sum_sw(s, (uint16_t)(CSR_NIC_SWITCH_DROP_UNKNOWN + 4u * r), &v);
    drops0 += v;
  }
  if (!rc) rc = run_app(s, &c, "stream_check", o->words);
  if (!rc) {
    c.bar_n = 0;
    rc = run_app(s, &c, "barrier", o->iters);
  }
  if (!rc) bar_after = (double)c.bar_cycles / (double)c.bar_n;
  if (!rc) rc = run_app(s, &c, "gsum", 1);
  for (unsigned r = 0; !rc && r < 4; r++) {
    uint64_t v = 0;
    rc = sum_sw(s, (uint16_t)(CSR_NIC_SWITCH_DROP_UNKNOWN + 4u * r), &v);
    drops1 += v;
  }
  if (!rc) {
    uint64_t written = bw1 - bw0, lost_pk = nic_fabric_lost_packets(f);
    uint64_t failover = last > x.at ? last - x.at : 0;
    printf("fm_failover: %s %s: fail %s at cycle %llu: nic_fm_diff %ld blocks (node routes %llu, switch routes "
           "%llu), written %llu, last table write %llu cycles after the failure\n",
           t->name, an, o->fail, (unsigned long long)x.at, x.queued, (unsigned long long)x.sum.node_mads,
           (unsigned long long)x.sum.switch_mads, (unsigned long long)written, (unsigned long long)failover);
    printf("fm_failover: %s %s: stream %llu kicks: %llu delivered, %llu lost, %llu wrong; failed links sank %llu "
           "packets (%llu beats); switch drops %llu during the change, %llu after; barrier %.1f -> %.1f cycles\n",
           t->name, an, (unsigned long long)c.st_sent, (unsigned long long)c.st_ok, (unsigned long long)c.st_lost,
           (unsigned long long)c.st_bad, (unsigned long long)lost_pk, (unsigned long long)nic_fabric_lost_beats(f),
           (unsigned long long)drops0, (unsigned long long)(drops1 - drops0), bar_before, bar_after);
    if (written != (uint64_t)x.queued) bad = 1, fprintf(stderr, "fm_failover: written blocks != nic_fm_diff\n");
    if (c.st_ok + c.st_lost + c.st_bad != c.st_sent) bad = 1, fprintf(stderr, "fm_failover: stream words unaccounted\n");
    if (c.st_lost != lost_pk + drops0) bad = 1, fprintf(stderr, "fm_failover: lost words != sunk + dropped packets\n");
    if (drops1 != drops0) bad = 1, fprintf(stderr, "fm_failover: switch drops after the update\n");
    if (c.fail) bad = 1;
    char key[96];
#define FIG(k, v) (snprintf(key, sizeof(key), "fdb.sim_%s_%s", k, an), fig(o->ff, key, (double)(v)))
    FIG("block_writes", written);
    FIG("failover_cycles", failover);
    FIG("lost_packets", c.st_lost);
    FIG("barrier_before", bar_before);
    FIG("barrier_after", bar_after);
#undef FIG
  }
  uint64_t mism = nic_sim_mismatches(s);
  printf("fm_failover: %s %s backend=%s cycles=%llu mismatches=%llu result=%s\n", t->name, an, o->backend,
         (unsigned long long)nic_sim_cycle(s), (unsigned long long)mism, !rc && !bad && !mism ? "pass" : "FAIL");
  aotf_apps_free(&c);
  free(addr);
  nic_fm_sim_free(m);
  nic_sim_close(s);
  return mism ? 3 : (rc || bad) ? 1 : 0;
}

int main(int argc, char **argv) {
  opts_t o = {"fattree:16", "model", "spine:0", 5, 15, 1500, 1, NULL};
  const char *assign = "both", *figs = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--topo") && i + 1 < argc) o.topo = argv[++i];
    else if (!strcmp(argv[i], "--backend") && i + 1 < argc) o.backend = argv[++i];
    else if (!strcmp(argv[i], "--assign") && i + 1 < argc) assign = argv[++i];
    else if (!strcmp(argv[i], "--fail") && i + 1 < argc) o.fail = argv[++i];
    else if (!strcmp(argv[i], "--iters") && i + 1 < argc) o.iters = (unsigned)atoi(argv[++i]);
    else if (!strcmp(argv[i], "--words") && i + 1 < argc) o.words = (unsigned)atoi(argv[++i]);
    else if (!strcmp(argv[i], "--fail-after") && i + 1 < argc) o.fail_after = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--figures") && i + 1 < argc) figs = argv[++i];
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) o.seed = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr,
              "usage: %s [--topo fattree:K|file:PATH] [--backend model|rtl|lockstep] [--assign leaf|port|both]\n"
              "          [--fail spine:S|link:L:S] [--iters N] [--words N] [--fail-after C] [--figures FILE] [--seed N]\n",
              argv[0]);
      return 2;
    }
  }
  if (strcmp(assign, "leaf") && strcmp(assign, "port") && strcmp(assign, "both")) return 2;
  if (!o.iters || !o.words) return 2;
  if (figs && !(o.ff = fopen(figs, "w"))) {
    perror(figs);
    return 2;
  }
  int rc = 0;
  for (int a = 0; a < 2 && (rc == 0 || rc == 1); a++) {
    if ((a == 0 && !strcmp(assign, "port")) || (a == 1 && !strcmp(assign, "leaf"))) continue;
    nic_fm_assign as = a ? NIC_FM_PORT_MAJOR : NIC_FM_LEAF_MAJOR;
    int r = scenario(&o, as);
    if (r > rc) rc = r;
    for (int k = 0; k < 4; k++) {
      int nodes = k % 2 ? 11664 : 5832;
      long n = paper_mads(nodes, as, k / 2);
      char key[64];
      snprintf(key, sizeof(key), "fdb.mads%s_%d_%s", k / 2 ? "_all" : "", nodes, a ? "port" : "leaf");
      if (n < 0) rc = rc ? rc : 1;
      else fig(o.ff, key, (double)n);
    }
  }
  if (o.ff) fclose(o.ff);
  return rc;
}
