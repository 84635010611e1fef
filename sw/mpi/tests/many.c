// SPDX-License-Identifier: Apache-2.0
/* many: thousands of outstanding requests. Every rank posts K receives from its left neighbour
 * (tags 0..K-1) and K sends to its right neighbour in reverse tag order, all before one
 * MPI_Waitall over 2K requests; K is argv[1] (default 2000). Checks every payload and that every
 * request came back as MPI_REQUEST_NULL. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int K = argc > 1 ? atoi(argv[1]) : 2000;
  int to = (rank + 1) % size, from = (rank + size - 1) % size;
  int *sv = malloc(sizeof *sv * (size_t)K), *rv = malloc(sizeof *rv * (size_t)K);
  MPI_Request *q = malloc(sizeof *q * 2 * (size_t)K);
  MPI_Status *st = malloc(sizeof *st * 2 * (size_t)K);
  for (int k = 0; k < K; k++) {
    rv[k] = -1;
    MPI_Irecv(&rv[k], 1, MPI_INT, from, k, MPI_COMM_WORLD, &q[k]);
  }
  for (int k = K - 1; k >= 0; k--) {
    sv[k] = rank * 100000 + k;
    MPI_Isend(&sv[k], 1, MPI_INT, to, k, MPI_COMM_WORLD, &q[K + k]);
  }
  MPI_Waitall(2 * K, q, st);
  for (int k = 0; k < K; k++) {
    if (rv[k] != from * 100000 + k || st[k].MPI_TAG != k || st[k].MPI_SOURCE != from) bad++;
    if (q[k] != MPI_REQUEST_NULL || q[K + k] != MPI_REQUEST_NULL) bad++;
  }
  int all = 0;
  MPI_Reduce(&bad, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("many: %d outstanding requests per rank, %d wrong: %s\n", 2 * K, all, all ? "FAIL" : "ok");
  free(sv);
  free(rv);
  free(q);
  free(st);
  MPI_Finalize();
  if (rank == 0) printf("many: %s\n", all ? "FAIL" : "pass");
  return all ? 1 : 0;
}
