// SPDX-License-Identifier: Apache-2.0
/* bench: the message layer's figures, printed by rank 0 as "figure: mpi.<key> <value>".
 *   bench NIC [PROTO]  NIC = key suffix (comet / aotf); with PROTO only the bandwidth figures,
 *                      labelled PROTO (the run's protocol: nmpirun --eager-max 0 = rendezvous)
 * Cycles are MPI_Wtime / MPI_Wtick (simulated NIC clock cycles).
 * With 2 ranks: one-way latency (half the ping-pong round trip, average of 20 after a warm-up)
 * for 0, 8, 64, 1024 bytes and more; bandwidth per size (rank 0 sends 16 messages with MPI_Isend
 * into receives rank 1 posted ahead, until rank 1's 0-byte answer arrives) and the half-bandwidth
 * point (the smallest size reaching half the best bandwidth). On any number of ranks: barrier and
 * allreduce (one double, MPI_SUM) cycles, average of 20 after a warm-up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

static double cyc(void) { return MPI_Wtime() / MPI_Wtick(); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *nic = argc > 1 ? argv[1] : "comet";
  const char *proto = argc > 2 ? argv[2] : "eager"; /* key label of the bandwidth figures */
  int bw_only = argc > 2;
  static char buf[65536 * 16];
  if (size == 2) {
    static const int lat[] = {0, 8, 64, 1024, 4096};
    for (unsigned k = 0; !bw_only && k < sizeof lat / sizeof lat[0]; k++) {
      double sum = 0;
      for (int it = -2; it < 20; it++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = cyc();
        if (rank == 0) {
          MPI_Send(buf, lat[k], MPI_BYTE, 1, 1, MPI_COMM_WORLD);
          MPI_Recv(buf, lat[k], MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(buf, lat[k], MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buf, lat[k], MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
        if (it >= 0) sum += cyc() - t0;
      }
      if (rank == 0) printf("figure: mpi.latency_cycles_%dB_%s %.1f\n", lat[k], nic, sum / 20 / 2);
    }
    static const int bw[] = {64, 256, 1024, 1448, 4096, 16384, 65536};
    const int nb = (int)(sizeof bw / sizeof bw[0]), K = 16;
    double bpc[16], best = 0;
    for (int k = 0; k < nb; k++) {
      MPI_Request q[16];
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = cyc();
      if (rank == 0) {
        for (int m = 0; m < K; m++) MPI_Isend(buf + (size_t)m * bw[k], bw[k], MPI_BYTE, 1, 2, MPI_COMM_WORLD, &q[m]);
        MPI_Waitall(K, q, MPI_STATUSES_IGNORE);
        MPI_Recv(NULL, 0, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        bpc[k] = (double)bw[k] * K / (cyc() - t0);
        if (bpc[k] > best) best = bpc[k];
        printf("figure: mpi.bw_bytes_per_cycle_%d_%s_%s %.3f\n", bw[k], proto, nic, bpc[k]);
      } else {
        for (int m = 0; m < K; m++) MPI_Irecv(buf + (size_t)m * bw[k], bw[k], MPI_BYTE, 0, 2, MPI_COMM_WORLD, &q[m]);
        MPI_Waitall(K, q, MPI_STATUSES_IGNORE);
        MPI_Send(NULL, 0, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
      }
    }
    if (rank == 0 && !bw_only) {
      int half = 0;
      for (int k = 0; k < nb && !half; k++)
        if (bpc[k] >= best / 2) half = bw[k];
      printf("figure: mpi.bw_best_bytes_per_cycle_%s %.3f\n", nic, best);
      printf("figure: mpi.half_bw_bytes_%s %d\n", nic, half);
    }
  }
  double sb = 0, sa = 0;
  for (int it = -2; it < 20 && !bw_only; it++) {
    double x = rank + 0.5, y;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = cyc();
    MPI_Barrier(MPI_COMM_WORLD);
    double t1 = cyc();
    MPI_Barrier(MPI_COMM_WORLD);
    double t2 = cyc();
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double t3 = cyc();
    if (it >= 0) {
      sb += t1 - t0;
      sa += t3 - t2;
    }
    if (y != size * size / 2.0) printf("bench: allreduce wrong on rank %d\n", rank);
  }
  if (rank == 0 && !bw_only) {
    printf("figure: mpi.barrier_cycles_n%d_%s %.1f\n", size, nic, sb / 20);
    printf("figure: mpi.allreduce_cycles_n%d_%s %.1f\n", size, nic, sa / 20);
  }
  MPI_Finalize();
  return 0;
}
