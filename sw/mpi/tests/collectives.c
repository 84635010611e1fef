// SPDX-License-Identifier: Apache-2.0
/* collectives: MPI_Barrier, MPI_Bcast from every root, MPI_Reduce to a non-zero root and
 * MPI_Allreduce with MPI_SUM / MPI_MAX / MPI_MIN on every datatype of the subset, each result
 * checked against the value computed locally. Rank r contributes x(r, i) = (r + 1) * (i + 1)
 * (exact in every type for the sizes used; 1-byte sums compare modulo 256). Also MPI_IN_PLACE, and a barrier order check: a
 * message sent after the barrier by every rank cannot arrive before rank 0 leaves it. */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define CNT 40

static int bad;

#define CHECK_OP(T, DT, NAME)                                                                                 \
  do {                                                                                                        \
    T in[CNT], out[CNT];                                                                                      \
    const MPI_Op ops[3] = {MPI_SUM, MPI_MAX, MPI_MIN};                                                        \
    for (int o = 0; o < 3; o++) {                                                                             \
      for (int i = 0; i < CNT; i++) in[i] = (T)((rank + 1) * ((i % 5) + 1));                                  \
      memset(out, 0, sizeof out);                                                                             \
      MPI_Allreduce(in, out, CNT, DT, ops[o], MPI_COMM_WORLD);                                                \
      int ok = 1;                                                                                             \
      for (int i = 0; i < CNT; i++) {                                                                         \
        long long f = (i % 5) + 1;                                                                            \
        long long want = o == 0 ? f * size * (size + 1) / 2 : o == 1 ? f * size : f;                           \
        if (sizeof(T) == 1 ? (unsigned char)out[i] != (unsigned char)want : (long long)out[i] != want) ok = 0; \
      }                                                                                                       \
      memset(out, 0, sizeof out);                                                                             \
      int root = size - 1;                                                                                    \
      MPI_Reduce(in, out, CNT, DT, ops[o], root, MPI_COMM_WORLD);                                             \
      if (rank == root)                                                                                       \
        for (int i = 0; i < CNT; i++) {                                                                       \
          long long f = (i % 5) + 1;                                                                          \
          long long want = o == 0 ? f * size * (size + 1) / 2 : o == 1 ? f * size : f;                         \
          if (sizeof(T) == 1 ? (unsigned char)out[i] != (unsigned char)want : (long long)out[i] != want) ok = 0; \
        }                                                                                                     \
      int all;                                                                                                \
      MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);                                          \
      if (!all) bad++;                                                                                        \
      if (rank == 0) printf("collectives allreduce+reduce %s %s: %s\n", NAME, o == 0 ? "sum" : o == 1 ? "max" : "min", all ? "ok" : "FAIL"); \
    }                                                                                                         \
  } while (0)

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int k = 0; k < 3; k++) MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("collectives barrier x3: ok\n");
  /* bcast from every root, small and multi-fragment */
  static double big[3000];
  int bok = 1;
  for (int root = 0; root < size; root++) {
    int v = rank == root ? 1000 + root : -1;
    MPI_Bcast(&v, 1, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < 3000; i++) big[i] = rank == root ? root + i * 0.5 : -1.0;
    MPI_Bcast(big, 3000, MPI_DOUBLE, root, MPI_COMM_WORLD);
    if (v != 1000 + root) bok = 0;
    for (int i = 0; i < 3000; i++)
      if (big[i] != root + i * 0.5) bok = 0;
  }
  int ball;
  MPI_Allreduce(&bok, &ball, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!ball) bad++;
  if (rank == 0) printf("collectives bcast from every root (4 B and 24000 B): %s\n", ball ? "ok" : "FAIL");
  CHECK_OP(int, MPI_INT, "int");
  CHECK_OP(unsigned, MPI_UNSIGNED, "unsigned");
  CHECK_OP(long long, MPI_LONG_LONG, "long long");
  CHECK_OP(float, MPI_FLOAT, "float");
  CHECK_OP(double, MPI_DOUBLE, "double");
  CHECK_OP(unsigned char, MPI_BYTE, "byte");
  CHECK_OP(char, MPI_CHAR, "char");
  /* in place */
  int ip[2] = {rank, 1};
  MPI_Allreduce(MPI_IN_PLACE, ip, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  int iok = ip[0] == size * (size - 1) / 2 && ip[1] == size;
  if (!iok) bad++;
  if (rank == 0) printf("collectives allreduce in place: %s\n", iok ? "ok" : "FAIL");
  /* barrier semantics: every rank stamps a message after the barrier; rank 0 saw none before */
  int early = 0, flag = 0;
  MPI_Request q = MPI_REQUEST_NULL;
  int sink = 0;
  if (rank == 0) {
    MPI_Irecv(&sink, 1, MPI_INT, MPI_ANY_SOURCE, 31, MPI_COMM_WORLD, &q);
    MPI_Test(&q, &flag, MPI_STATUS_IGNORE);
    early = flag;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == size - 1) MPI_Send(&rank, 1, MPI_INT, 0, 31, MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    if (early || sink != size - 1) bad++;
    printf("collectives barrier orders messages: %s\n", !early && sink == size - 1 ? "ok" : "FAIL");
  }
  MPI_Finalize();
  if (rank == 0) printf("collectives: %s\n", bad ? "FAIL" : "pass");
  return bad ? 1 : 0;
}
