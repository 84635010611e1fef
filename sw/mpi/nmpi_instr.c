// SPDX-License-Identifier: Apache-2.0
/* nmpi_instr: instruction counts of the message layer's MPI_Isend, MPI_Irecv and MPI_Wait,
 * library code only. Two ranks in one thread over a null transport (a fragment is copied into
 * the destination's inbox; poll hands the inbox to nmpi_rx), ITERS rounds of
 *   rank 0: MPI_Irecv(8 bytes from 1)   rank 1: MPI_Isend(8 bytes to 0), MPI_Wait
 *   rank 0: MPI_Wait
 * Run under callgrind with --toggle-collect=MPI_Isend (or Irecv, Wait): the collected
 * instructions minus the null transport's own (nt_* functions) divided by the calls is the
 * figure (sw/mpi/tests/instr.sh). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nmpi_int.h"

#define ITERS 1000
#define INBOX 64

typedef struct {
  int src;
  nmpi_hdr_t h;
  size_t len;
  char data[64];
} frag_t;
typedef struct {
  frag_t f[INBOX];
  int head, n;
  uint64_t t;
} nt_rank_t;

__attribute__((noinline)) static int nt_send(nmpi_rank_t *r, int dst, const nmpi_hdr_t *h, const void *data, size_t len) {
  nt_rank_t *d = r->w->rank[dst].tp;
  if (d->n == INBOX || len > 64) return 1;
  frag_t *f = &d->f[(d->head + d->n++) % INBOX];
  f->src = r->id;
  f->h = *h;
  f->len = len;
  for (size_t i = 0; i < len; i++) f->data[i] = ((const char *)data)[i]; /* (the NIC's copy: counted here) */
  return 0;
}
__attribute__((noinline)) static int nt_poll(nmpi_rank_t *r) {
  nt_rank_t *t = r->tp;
  int k = 0;
  while (t->n) {
    frag_t *f = &t->f[t->head];
    t->head = (t->head + 1) % INBOX;
    t->n--;
    nmpi_rx(r, f->src, &f->h, f->data, f->len);
    k++;
  }
  return k;
}
__attribute__((noinline)) static uint64_t nt_now(nmpi_rank_t *r) { return ((nt_rank_t *)r->tp)->t; }
__attribute__((noinline)) static void nt_spend(nmpi_rank_t *r, uint64_t c) { ((nt_rank_t *)r->tp)->t += c; }
__attribute__((noinline)) static void nt_idle(nmpi_rank_t *r) { ((nt_rank_t *)r->tp)->t++; }
static int nt_quiet(nmpi_rank_t *r) {
  (void)r;
  return 1;
}
static void nt_report(nmpi_rank_t *r) { (void)r; }
static const nmpi_tp_ops_t nt_ops = {"null", 1448, nt_send, nt_poll, nt_now, nt_spend, nt_idle, nt_quiet, nt_report, NULL, NULL};

int main(void) {
  static nmpi_world_t w;
  static nmpi_rank_t rk[2];
  static nt_rank_t nt[2];
  w.n = 2;
  w.rank = rk;
  w.tp = &nt_ops;
  w.window = 8;
  w.eager_max = 65536;
  w.ns_per_cycle = 6.4;
  nmpi_world = &w;
  for (int i = 0; i < 2; i++) {
    nmpi_rank_init(&w, &rk[i], i);
    rk[i].tp = &nt[i];
  }
  for (int i = 0; i < 2; i++) {
    w.cur = &rk[i];
    MPI_Init(NULL, NULL);
  }
  long long a = 0, b = 0, bad = 0;
  for (int i = 0; i < ITERS; i++) {
    MPI_Request rq, sq;
    a = i;
    w.cur = &rk[0];
    MPI_Irecv(&b, 1, MPI_LONG_LONG, 1, 5, MPI_COMM_WORLD, &rq);
    w.cur = &rk[1];
    MPI_Isend(&a, 1, MPI_LONG_LONG, 0, 5, MPI_COMM_WORLD, &sq);
    MPI_Wait(&sq, MPI_STATUS_IGNORE);
    if (i % 4 == 3) nt_poll(&rk[1]); /* rank 1 takes its credits back */
    w.cur = &rk[0];
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    if (b != i) bad++;
  }
  printf("nmpi_instr: %d rounds, %lld wrong\n", ITERS, bad);
  return bad != 0;
}
