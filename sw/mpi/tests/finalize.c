// SPDX-License-Identifier: Apache-2.0
/* finalize: rank 0 sends rank size-1 a message it never receives (and one to itself); the run
 * must end, with MPI_Finalize reporting both on stderr (the suite checks the report). */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int v = 7;
  if (rank == 0) {
    MPI_Send(&v, 1, MPI_INT, size - 1, 77, MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_INT, 0, 78, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  if (rank == 0) printf("finalize: returned\n");
  return 0;
}
