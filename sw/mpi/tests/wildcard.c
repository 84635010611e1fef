// SPDX-License-Identifier: Apache-2.0
/* wildcard: MPI_ANY_SOURCE / MPI_ANY_TAG receives and MPI's non-overtaking order.
 * Every rank > 0 sends rank 0 M messages (payload = seq, tags cycling); rank 0 receives them all
 * with (ANY_SOURCE, ANY_TAG) and checks that each source's messages arrive in send order and the
 * status names the right source and tag. Then rank 1 sends tags 1,2,1,2 and rank 0 receives tag 2,
 * tag 1, ANY_TAG, ANY_TAG: the order rule fixes which message each receive gets. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define M 12

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) {
    int *next = calloc((size_t)size, sizeof *next);
    for (int k = 0; k < M * (size - 1); k++) {
      int v[2];
      MPI_Status st;
      MPI_Recv(v, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      int s = st.MPI_SOURCE;
      if (s < 1 || s >= size || v[0] != s || v[1] != next[s] || st.MPI_TAG != 100 + next[s] % 3) bad++;
      if (s >= 1 && s < size) next[s]++;
    }
    for (int s = 1; s < size; s++)
      if (next[s] != M) bad++;
    printf("wildcard any-source any-tag, %d messages: %s\n", M * (size - 1), bad ? "FAIL" : "ok");
    free(next);
  } else {
    for (int k = 0; k < M; k++) {
      int v[2] = {rank, k};
      MPI_Send(v, 2, MPI_INT, 0, 100 + k % 3, MPI_COMM_WORLD);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int b0 = bad;
  if (rank == 1) {
    int v;
    for (v = 0; v < 4; v++) MPI_Send(&v, 1, MPI_INT, 0, 1 + v % 2, MPI_COMM_WORLD);
  } else if (rank == 0 && size > 1) {
    int a = -1, b = -1, c = -1, d = -1;
    MPI_Status sc, sd;
    MPI_Recv(&a, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&b, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&c, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &sc);
    MPI_Recv(&d, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &sd);
    if (a != 1 || b != 0 || c != 2 || sc.MPI_TAG != 1 || d != 3 || sd.MPI_TAG != 2) bad++;
    printf("wildcard order tag2,tag1,any,any got %d %d %d %d: %s\n", a, b, c, d, bad == b0 ? "ok" : "FAIL");
  }
  /* posted before arrival: ANY_SOURCE receives pre-posted, then the sends */
  if (rank == 0) {
    MPI_Request *q = malloc(sizeof *q * (size_t)size);
    int *v = calloc((size_t)size, sizeof *v), sum = 0;
    for (int s = 1; s < size; s++) MPI_Irecv(&v[s], 1, MPI_INT, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &q[s]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(size - 1, q + 1, MPI_STATUSES_IGNORE);
    for (int s = 1; s < size; s++) sum += v[s];
    if (sum != size * (size - 1) / 2) bad++;
    printf("wildcard pre-posted any-source sum %d: %s\n", sum, sum == size * (size - 1) / 2 ? "ok" : "FAIL");
    free(q);
    free(v);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(&rank, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  if (rank == 0) printf("wildcard: %s\n", bad ? "FAIL" : "pass");
  return bad ? 1 : 0;
}
