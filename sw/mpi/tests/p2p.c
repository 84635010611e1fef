// SPDX-License-Identifier: Apache-2.0
/* p2p: blocking and non-blocking point-to-point between neighbours, every size class (zero
 * bytes, one fragment, many fragments), byte-exact, in order; send to self; MPI_Get_count;
 * MPI_Test polling. Prints one line per check on rank 0; exit status 1 on any failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

static unsigned char pat(int src, int seq, int i) { return (unsigned char)(src * 31 + seq * 7 + i * 13 + (i >> 8)); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static const int sizes[] = {0, 1, 8, 64, 1024, 1448, 1449, 5000, 70000};
  const int ns = (int)(sizeof sizes / sizeof sizes[0]);
  unsigned char *sb = malloc(70000), *rb = malloc(70000);
  int to = (rank + 1) % size, from = (rank + size - 1) % size;
  for (int k = 0; k < ns; k++) {
    int len = sizes[k];
    for (int i = 0; i < len; i++) sb[i] = pat(rank, k, i);
    memset(rb, 0xEE, 70000);
    MPI_Request rq, sq;
    MPI_Status st;
    MPI_Irecv(rb, 70000, MPI_BYTE, from, k, MPI_COMM_WORLD, &rq);
    MPI_Isend(sb, len, MPI_BYTE, to, k, MPI_COMM_WORLD, &sq);
    MPI_Wait(&sq, MPI_STATUS_IGNORE);
    MPI_Wait(&rq, &st);
    int cnt = -1;
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    int ok = cnt == len && st.MPI_SOURCE == from && st.MPI_TAG == k && st.MPI_ERROR == MPI_SUCCESS &&
             rq == MPI_REQUEST_NULL;
    for (int i = 0; ok && i < len; i++) ok = rb[i] == pat(from, k, i);
    if (ok && len < 70000 && rb[len] != 0xEE) ok = 0;
    if (!ok) bad++;
    if (rank == 0) printf("p2p ring size %d: %s\n", len, ok ? "ok" : "FAIL");
  }
  /* blocking send/recv in order: even ranks send first */
  for (int m = 0; m < 20; m++) {
    int v = rank * 1000 + m, got = -1;
    if (rank % 2 == 0) {
      MPI_Send(&v, 1, MPI_INT, to, 7, MPI_COMM_WORLD);
      MPI_Recv(&got, 1, MPI_INT, from, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&got, 1, MPI_INT, from, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&v, 1, MPI_INT, to, 7, MPI_COMM_WORLD);
    }
    if (got != from * 1000 + m) bad++;
  }
  if (rank == 0) printf("p2p blocking in order: %s\n", bad ? "FAIL" : "ok");
  /* send to self, both orders */
  int a = 42 + rank, b = 0;
  MPI_Request q;
  MPI_Isend(&a, 1, MPI_INT, rank, 3, MPI_COMM_WORLD, &q);
  MPI_Recv(&b, 1, MPI_INT, rank, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  int s1 = b == 42 + rank;
  b = 0;
  MPI_Irecv(&b, 1, MPI_INT, rank, 4, MPI_COMM_WORLD, &q);
  MPI_Send(&a, 1, MPI_INT, rank, 4, MPI_COMM_WORLD);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  s1 = s1 && b == 42 + rank;
  if (!s1) bad++;
  if (rank == 0) printf("p2p send to self: %s\n", s1 ? "ok" : "FAIL");
  /* MPI_Test polling until a message arrives; Get_count of doubles */
  double d[4] = {1.5, 2.5, 3.5, 4.5}, e[8];
  int flag = 0, polls = 0;
  MPI_Status st;
  MPI_Irecv(e, 8, MPI_DOUBLE, from, 9, MPI_COMM_WORLD, &q);
  MPI_Send(d, 3, MPI_DOUBLE, to, 9, MPI_COMM_WORLD);
  while (!flag) {
    MPI_Test(&q, &flag, &st);
    polls++;
  }
  int cnt = 0;
  MPI_Get_count(&st, MPI_DOUBLE, &cnt);
  int t_ok = cnt == 3 && e[2] == 3.5 && q == MPI_REQUEST_NULL;
  if (!t_ok) bad++;
  if (rank == 0) printf("p2p MPI_Test + MPI_Get_count: %s\n", t_ok ? "ok" : "FAIL");
  free(sb);
  free(rb);
  MPI_Finalize();
  if (rank == 0) printf("p2p: %s\n", bad ? "FAIL" : "pass");
  return bad ? 1 : 0;
}
