// SPDX-License-Identifier: Apache-2.0
/* truncate: a message longer than the receive buffer completes the receive with
 * MPI_ERR_TRUNCATE (MPI_ERRORS_RETURN set), fills exactly the buffer, leaves the bytes after it
 * alone, and loses nothing else: the next messages from the same sender arrive intact. Cases:
 * one fragment posted, many fragments posted, unexpected (arrived before the receive), Irecv +
 * Wait. Runs between ranks 0 and 1; other ranks only finalize. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define BIG 6000

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, bad = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  static int sb[BIG], rb[BIG + 8];
  for (int i = 0; i < BIG; i++) sb[i] = i * 3 + 1;
  static const int lens[] = {100, 5000, 5000, 300}, caps[] = {10, 700, 1, 0};
  const char *what[] = {"one fragment", "many fragments", "unexpected", "irecv+wait"};
  for (int k = 0; k < 4; k++) {
    if (rank == 1) {
      MPI_Send(sb, lens[k], MPI_INT, 0, k, MPI_COMM_WORLD);
      MPI_Send(sb, 3, MPI_INT, 0, 50 + k, MPI_COMM_WORLD);
      if (k == 2) MPI_Barrier(MPI_COMM_WORLD);
    } else if (rank == 0) {
      if (k == 2) MPI_Barrier(MPI_COMM_WORLD); /* rank 1's message arrived before its barrier message */
      for (int i = 0; i < BIG + 8; i++) rb[i] = -7;
      MPI_Status st;
      int e, cnt = -1;
      if (k == 3) {
        MPI_Request q;
        MPI_Irecv(rb, caps[k], MPI_INT, 1, k, MPI_COMM_WORLD, &q);
        e = MPI_Wait(&q, &st);
      } else {
        e = MPI_Recv(rb, caps[k], MPI_INT, 1, k, MPI_COMM_WORLD, &st);
      }
      MPI_Get_count(&st, MPI_INT, &cnt);
      int ok = e == MPI_ERR_TRUNCATE && st.MPI_ERROR == MPI_ERR_TRUNCATE && cnt == caps[k] && st.MPI_SOURCE == 1 &&
               st.MPI_TAG == k;
      for (int i = 0; ok && i < caps[k]; i++) ok = rb[i] == sb[i];
      for (int i = caps[k]; ok && i < BIG + 8; i++) ok = rb[i] == -7;
      int nx[3] = {0, 0, 0};
      int e2 = MPI_Recv(nx, 3, MPI_INT, 1, 50 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      ok = ok && e2 == MPI_SUCCESS && nx[0] == sb[0] && nx[2] == sb[2];
      if (!ok) bad++;
      printf("truncate %s (%d ints into %d): error %s, count %d, next message %s: %s\n", what[k], lens[k], caps[k],
             e == MPI_ERR_TRUNCATE ? "MPI_ERR_TRUNCATE" : "other", cnt, e2 == MPI_SUCCESS ? "intact" : "lost",
             ok ? "ok" : "FAIL");
    } else if (k == 2) {
      MPI_Barrier(MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  if (rank == 0) printf("truncate: %s\n", bad ? "FAIL" : "pass");
  return bad ? 1 : 0;
}
