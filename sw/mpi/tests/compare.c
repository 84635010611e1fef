// SPDX-License-Identifier: Apache-2.0
/* compare: one MPI program built twice, against the NIC's message layer (nmpicc / nmpirun) and
 * against Open MPI (mpicc / mpirun); both runs must print the same text. Only rank 0 prints, and
 * only values the MPI standard fixes: a ring pass of a token, point-to-point sums, wildcard
 * receives summed, reductions of integers and exactly representable doubles, a broadcast, and
 * the status of a truncated receive. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) printf("ranks: %d\n", size);
  /* token ring: each rank adds its rank squared */
  long long tok = 0;
  if (rank == 0) {
    tok = 1;
    if (size > 1) {
      MPI_Send(&tok, 1, MPI_LONG_LONG, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&tok, 1, MPI_LONG_LONG, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    printf("ring token: %lld\n", tok);
  } else {
    MPI_Recv(&tok, 1, MPI_LONG_LONG, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    tok += (long long)rank * rank;
    MPI_Send(&tok, 1, MPI_LONG_LONG, (rank + 1) % size, 0, MPI_COMM_WORLD);
  }
  /* every rank sends rank 0 a vector; rank 0 receives with wildcards and sums */
  int vec[300];
  for (int i = 0; i < 300; i++) vec[i] = rank * 1000 + i;
  if (rank == 0) {
    long long s = 0;
    int tags = 0;
    for (int k = 1; k < size; k++) {
      int in[300];
      MPI_Status st;
      int cnt;
      MPI_Recv(in, 300, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      MPI_Get_count(&st, MPI_INT, &cnt);
      for (int i = 0; i < cnt; i++) s += in[i];
      tags += st.MPI_TAG;
    }
    printf("wildcard gather: sum %lld tags %d\n", s, tags);
  } else {
    MPI_Send(vec, 300, MPI_INT, 0, 10 + rank, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* no later message may meet rank 0's wildcard receives */
  /* non-blocking exchange with both neighbours */
  int l = (rank + size - 1) % size, r = (rank + 1) % size, fl = -1, fr = -1;
  MPI_Request q[4];
  MPI_Irecv(&fl, 1, MPI_INT, l, 1, MPI_COMM_WORLD, &q[0]);
  MPI_Irecv(&fr, 1, MPI_INT, r, 2, MPI_COMM_WORLD, &q[1]);
  MPI_Isend(&rank, 1, MPI_INT, r, 1, MPI_COMM_WORLD, &q[2]);
  MPI_Isend(&rank, 1, MPI_INT, l, 2, MPI_COMM_WORLD, &q[3]);
  MPI_Waitall(4, q, MPI_STATUSES_IGNORE);
  int nsum = fl + fr, nall = 0;
  MPI_Reduce(&nsum, &nall, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("neighbour exchange: %d\n", nall);
  /* reductions */
  double d[3] = {rank * 0.5, -rank * 0.25, 1.0}, dr[3];
  MPI_Allreduce(d, dr, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  unsigned u = (unsigned)rank * 7u + 3u, umax, umin;
  MPI_Allreduce(&u, &umax, 1, MPI_UNSIGNED, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&u, &umin, 1, MPI_UNSIGNED, MPI_MIN, MPI_COMM_WORLD);
  float f = (float)rank + 0.5f, fm;
  MPI_Reduce(&f, &fm, 1, MPI_FLOAT, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) printf("allreduce double sum: %.3f %.3f %.3f, unsigned max %u min %u, float max %.1f\n", dr[0], dr[1], dr[2], umax, umin, fm);
  /* broadcast from the last rank */
  char msg[32] = "";
  if (rank == size - 1) snprintf(msg, sizeof msg, "hello from %d", rank);
  MPI_Bcast(msg, 32, MPI_CHAR, size - 1, MPI_COMM_WORLD);
  int same = 1, allsame;
  char want[32];
  snprintf(want, sizeof want, "hello from %d", size - 1);
  for (int i = 0; want[i]; i++)
    if (msg[i] != want[i]) same = 0;
  MPI_Allreduce(&same, &allsame, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (rank == 0) printf("bcast: '%s' on every rank: %s\n", msg, allsame ? "yes" : "no");
  /* truncation, with errors returned */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (size > 1 && rank == 1) MPI_Send(vec, 10, MPI_INT, 0, 5, MPI_COMM_WORLD);
  if (size > 1 && rank == 0) {
    int small[4];
    MPI_Status st;
    int e = MPI_Recv(small, 4, MPI_INT, 1, 5, MPI_COMM_WORLD, &st);
    int cls;
    cls = e; /* an error code; its class is itself for this subset */
    printf("truncated receive: %s, first %d\n", cls == MPI_ERR_TRUNCATE ? "MPI_ERR_TRUNCATE" : "no error", small[0]);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
