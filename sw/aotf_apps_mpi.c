// SPDX-License-Identifier: Apache-2.0
/* aotf_apps_mpi: the applications of aotf_apps on a fabric split over MPI ranks
 * (sw/nic_fabric_mpi.h); `mpirun -np R aotf_apps_mpi ARGS` prints what `aotf_apps ARGS` prints,
 * the same per-node results and cycle counts for every R, except the last line (speed: the
 * wall clock, and the ranks).
 *   aotf_apps_mpi [--topo SPEC] [--backend model|rtl|lockstep] [--app APP] [--release mcast|ucast]
 *                 [--peer N] [--iters N] [--cost paper|zero] [--figures file] [--seed N]
 * Each rank runs the host programs of the nodes of its part; the results (sw/aotf_apps.h) are
 * combined on rank 0 in one fixed order (sums, and the maximum of the failure flag and the
 * all-to-all time) and printed there once. Exit status as aotf_apps; 4: a rank or a cut-link
 * message failed (the message names the rank). */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "aotf_apps.h"
#include "aotf_apps_cli.h"
#include "nic_fabric.h"
#include "nic_fabric_mpi.h"
#include "nic_pkg.h"

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int usage(const char *p) {
  fprintf(stderr,
          "usage: %s [--topo SPEC] [--backend model|rtl|lockstep] [--app APP] [--release mcast|ucast]\n"
          "          [--peer N] [--iters N] [--cost paper|zero] [--figures file] [--seed N]\n",
          p);
  return 2;
}

/* the results of every rank's nodes, summed on rank 0 (fail and a2a_cycles: the maximum) */
static void gather(aotf_apps_t *c, MPI_Comm comm, int N) {
  uint64_t v[22] = {c->rtt_min[0], c->rtt_min[1], c->rtt_sum[0], c->rtt_sum[1], c->rtt_n[0], c->rtt_n[1],
                    c->bar_cycles, c->bar_n, c->gs_cycles[0], c->gs_cycles[1], c->gs_cycles[2], c->gs_cycles[3],
                    c->gs_n[0], c->gs_n[1], c->gs_n[2], c->gs_n[3], c->rb_cycles, c->rb_values, c->loop_lat,
                    c->loop_n, c->a2a_bytes, c->fz_unknown};
  uint64_t s[22], mx[2] = {(uint64_t)c->fail, c->a2a_cycles}, smx[2];
  MPI_Allreduce(v, s, 22, MPI_UINT64_T, MPI_SUM, comm);
  MPI_Allreduce(mx, smx, 2, MPI_UINT64_T, MPI_MAX, comm);
  uint64_t *rf = calloc((size_t)N, sizeof(uint64_t));
  if (rf) MPI_Allreduce(c->refills, rf, N, MPI_UINT64_T, MPI_SUM, comm);
  int i = 0;
  c->rtt_min[0] = s[i++], c->rtt_min[1] = s[i++], c->rtt_sum[0] = s[i++], c->rtt_sum[1] = s[i++];
  c->rtt_n[0] = s[i++], c->rtt_n[1] = s[i++], c->bar_cycles = s[i++], c->bar_n = s[i++];
  for (int t = 0; t < 4; t++) c->gs_cycles[t] = s[i++];
  for (int t = 0; t < 4; t++) c->gs_n[t] = s[i++];
  c->rb_cycles = s[i++], c->rb_values = s[i++], c->loop_lat = s[i++], c->loop_n = s[i++];
  c->a2a_bytes = s[i++], c->fz_unknown = s[i++];
  c->fail = (int)smx[0];
  c->a2a_cycles = smx[1];
  if (rf) memcpy(c->refills, rf, sizeof(uint64_t) * (size_t)N);
  free(rf);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, R = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &R);
  aotf_apps_opts_t o;
  if (aotf_apps_parse(&o, argc, argv, 0)) {
    if (!rank) usage(argv[0]);
    MPI_Finalize();
    return 2;
  }
  const char *backend = o.backend, *app = o.app, *topo = o.topo;
  nic_host_cost_t hc = aotf_apps_cost(&o);
  nic_fabric_mpi_t *m = nic_fabric_mpi_new(MPI_COMM_WORLD);
  if (!m) MPI_Abort(MPI_COMM_WORLD, 2);
  nic_sim_part_t part = nic_fabric_mpi_part(m);
  double t_open = now_s();
  nic_sim_t *s = nic_sim_open_part(topo, backend, o.seed, &hc, NULL, &part);
  if (!s) nic_fabric_mpi_fatal(m, "cannot open the fabric");
  int N = nic_sim_nodes(s);
  if (N < 2) nic_fabric_mpi_fatal(m, "the applications need at least 2 nodes");
  static aotf_apps_t c;
  if (aotf_apps_init(&c, app, o.iters ? o.iters : 1, o.seed, N)) nic_fabric_mpi_fatal(m, "bad application");
  nic_fabric_t *f = nic_sim_fabric(s);
  const nic_topo_t *t = nic_fabric_topo(f);
  nic_host_prog_t *progs = NULL;
  void **args = NULL;
  if (aotf_apps_place(&c, s, &o, &progs, &args)) nic_fabric_mpi_fatal(m, "out of memory");
  int rc = nic_sim_settle(s);
  uint64_t c0 = nic_sim_cycle(s);
  double t0 = now_s();
  if (!rc) rc = nic_sim_run(s, progs, args, 200000000ull);
  double dt = now_s() - t0;
  int rc_all = 0;
  MPI_Allreduce(&rc, &rc_all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD); /* -2 mismatch, -1 timeout */
  rc = rc_all;
  if (!rc && c.fuzz) { /* every kick to a node the fabric lacks is dropped and counted by a switch */
    uint32_t *unk = calloc((size_t)t->switches + 1, sizeof(uint32_t));
    if (!unk) nic_fabric_mpi_fatal(m, "out of memory");
    for (int k = 0; k < t->switches; k++) /* queued only where the switch is stepped */
      nic_fabric_switch_read(f, k, (uint16_t)CSR_NIC_SWITCH_DROP_UNKNOWN, &unk[k]);
    rc = nic_sim_settle(s);
    uint64_t sum = 0, all = 0;
    for (int k = 0; k < t->switches; k++) sum += unk[k];
    MPI_Allreduce(&sum, &all, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    free(unk);
    gather(&c, MPI_COMM_WORLD, N);
    if (!rank)
      printf("fuzz: %llu kicks to an unknown node, %llu dropped by the switches\n", (unsigned long long)c.fz_unknown,
             (unsigned long long)all);
    if (all != c.fz_unknown || !t->switches) c.fail = 1;
  } else {
    gather(&c, MPI_COMM_WORLD, N);
  }
  uint64_t mism = 0, lmism = nic_sim_mismatches(s);
  MPI_Allreduce(&lmism, &mism, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  uint64_t cyc = nic_sim_cycle(s) - c0;
  int ok = rc == 0 && !c.fail && !mism;
  if (!rank) {
    FILE *ff = o.figs ? fopen(o.figs, "w") : NULL;
    aotf_apps_report(&c, strcmp(o.cost, "zero") ? "" : "_nic_only", ff);
    if (ff) fclose(ff);
    uint64_t refills = 0;
    for (int i = 0; i < N; i++) refills += c.refills[i];
    printf("aotf_apps: topo=%s nodes=%d switches=%d backend=%s app=%s iters=%u cycles=%llu refills=%llu "
           "lft_blocks=%llu mismatches=%llu result=%s\n",
           t->name, N, t->switches, backend, app, c.iters, (unsigned long long)nic_sim_cycle(s),
           (unsigned long long)refills, (unsigned long long)nic_fabric_lft_blocks(f),
           (unsigned long long)mism, ok ? "pass" : "FAIL");
    printf("speed: %s node_cycles_per_s %.0f (%llu cycles x %d nodes in %.2f s; open %.2f s; ranks %d, parts %s, "
           "%d cut link directions on rank 0, %llu exchanges)\n",
           backend, dt > 0 ? (double)cyc * N / dt : 0.0, (unsigned long long)cyc, N, dt, t0 - t_open, R,
           nic_fabric_mpi_parts_source(m), nic_fabric_mpi_cut(m), (unsigned long long)nic_fabric_mpi_exchanges(m));
    fflush(stdout);
  }
  free(progs);
  free(args);
  aotf_apps_free(&c);
  nic_sim_close(s);
  nic_fabric_mpi_free(m);
  MPI_Finalize();
  return ok ? 0 : mism ? 3 : 1;
}
