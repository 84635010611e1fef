// SPDX-License-Identifier: Apache-2.0
/* nic_fabric_mpi: one fabric (sw/nic_fabric.h) split over the ranks of an MPI communicator,
 * cycle for cycle the same as the one-process run.
 *
 * Parts: nodes in contiguous blocks (node n on rank n * R / N), each switch on the rank that
 * holds most of its nodes (the lowest such rank on a tie), switches without nodes (a tree's
 * root, a fat tree's spines) round robin from rank 0. A topology file's parts (`parts P`, `part p
 * COMP...`, sw/nic_topo.h) replace the default: part p on rank p * R / P (R <= P ranks; more
 * ranks than parts is an error). NIC_FABRIC_MPI_SPLIT=subtree (or =blocks, the default) replaces
 * the file's parts: whole switches with their nodes, in switch order, balanced by node count.
 * NIC_FABRIC_MPI_PARTS="p0,p1,..." (one rank per component, nodes then switches) replaces all
 * of these. A rank steps the components of its part and runs
 * the host programs of its nodes (sw/nic_sim.h, nic_sim_open_part).
 *
 * Every cycle every rank sends every other rank one message: a header (magic, rank, exchange
 * number, flags of its part: a host program still runs, switch management pending, a lockstep
 * mismatch), for each cut link direction to that rank in link order the half made here (the
 * producer's beat, or the consumer's ready), and a checksum. The window is one cycle: a link's
 * s_axis_tready is a register that follows its consumer's ready of the cycle before, so back
 * pressure crosses a cut one cycle ahead whatever the link's latency.
 *
 * Faults end the run (MPI_Abort, exit status 4) with a message naming the rank: a message with
 * the wrong exchange number (lost), a bad checksum or size, an MPI error (the communicator uses
 * MPI_ERRORS_RETURN), or no message from a rank within NIC_FABRIC_MPI_TIMEOUT seconds (default
 * 60: that rank died or hangs). Self-tests: NIC_FABRIC_MPI_DROP=E makes rank 0 skip its message
 * of exchange E to rank 1, NIC_FABRIC_MPI_CORRUPT=E flips one bit of it, NIC_FABRIC_MPI_STALL=E
 * stops the last rank (R > 1) at exchange E (it sleeps), NIC_FABRIC_MPI_DIE=E makes it exit. */
#ifndef NIC_FABRIC_MPI_H
#define NIC_FABRIC_MPI_H
#include <mpi.h>
#include "nic_sim.h"

typedef struct nic_fabric_mpi nic_fabric_mpi_t;

/* comm is duplicated; NULL on error */
nic_fabric_mpi_t *nic_fabric_mpi_new(MPI_Comm comm);
void nic_fabric_mpi_free(nic_fabric_mpi_t *m);
/* the part description for nic_sim_open_part */
nic_sim_part_t nic_fabric_mpi_part(nic_fabric_mpi_t *m);
/* the rank of each component (nodes, then switches) for R ranks */
void nic_fabric_mpi_parts(const nic_topo_t *t, int R, int *part);
/* the same, whole switches with their nodes (NIC_FABRIC_MPI_SPLIT=subtree) */
void nic_fabric_mpi_parts_subtree(const nic_topo_t *t, int R, int *part);
/* where the parts came from: "env", "subtree", "file" or "blocks" */
const char *nic_fabric_mpi_parts_source(const nic_fabric_mpi_t *m);
/* rank of node n (after nic_sim_open_part) */
int nic_fabric_mpi_node_rank(const nic_fabric_mpi_t *m, int n);
/* cut link directions of this rank, exchanges done */
int nic_fabric_mpi_cut(const nic_fabric_mpi_t *m);
uint64_t nic_fabric_mpi_exchanges(const nic_fabric_mpi_t *m);
/* end the run with a message naming this rank (never returns) */
void nic_fabric_mpi_fatal(const nic_fabric_mpi_t *m, const char *what);
#endif
