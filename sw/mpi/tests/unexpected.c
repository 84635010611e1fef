// SPDX-License-Identifier: Apache-2.0
/* unexpected: messages that arrive before their receive is posted. Every rank sends its right
 * neighbour N messages (distinct tags, sizes from 0 to several fragments) and then enters a
 * barrier; only after it does every rank receive them, in reverse tag order, so every message
 * waits in the unexpected queue and is matched out of arrival order. Byte-exact check. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define N 24

static int msg_len(int k) { return (k * 397) % 3100; }
static unsigned char pat(int src, int k, int i) { return (unsigned char)(src * 17 + k * 5 + i); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int to = (rank + 1) % size, from = (rank + size - 1) % size;
  unsigned char *sb = malloc((size_t)N * 3100), *rb = malloc(3100);
  MPI_Request q[N];
  for (int k = 0; k < N; k++) {
    unsigned char *p = sb + (size_t)k * 3100;
    for (int i = 0; i < msg_len(k); i++) p[i] = pat(rank, k, i);
    MPI_Isend(p, msg_len(k), MPI_BYTE, to, k, MPI_COMM_WORLD, &q[k]);
  }
  MPI_Waitall(N, q, MPI_STATUSES_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int k = N - 1; k >= 0; k--) {
    MPI_Status st;
    int cnt;
    MPI_Recv(rb, 3100, MPI_BYTE, from, k, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    int ok = cnt == msg_len(k) && st.MPI_TAG == k;
    for (int i = 0; ok && i < cnt; i++) ok = rb[i] == pat(from, k, i);
    if (!ok) bad++;
  }
  int all = 0;
  MPI_Allreduce(&bad, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("unexpected: %d messages per rank received in reverse order, %d wrong: %s\n", N, all, all ? "FAIL" : "ok");
  free(sb);
  free(rb);
  MPI_Finalize();
  if (rank == 0) printf("unexpected: %s\n", all ? "FAIL" : "pass");
  return all ? 1 : 0;
}
