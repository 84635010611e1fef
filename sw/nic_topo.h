// SPDX-License-Identifier: Apache-2.0
/* nic_topo: the topology of a simulated fabric (nodes, switches, links) and its routes.
 *
 * A topology is a set of nodes 0..nodes-1 (one Martini NIC each, one network port), switches
 * 0..switches-1 (nic_switch, `radix` ports each) and bidirectional links, each joining two
 * endpoints (a node, or a switch port) with a latency in cycles (>= 1; each direction is one
 * nic_link). It comes from a generator or a text file (docs/guide/fabric.md):
 *
 *   pair          two nodes joined by one link, no switch (the aotf_system2 arrangement)
 *   star:N        N nodes on one switch (N <= radix)
 *   tree8:N       two-level 8-ary tree: leaves of 8 nodes (ports 0-7, port 8 up), a root switch
 *                 joining the leaves (port l = leaf l); one switch when N <= 8
 *   line:N:S      S switches in a chain, N/S nodes on each (node ports first, then the left and
 *                 the right neighbour)
 *   fattree:K     two-level fat tree of radix-K switches: K leaves of K/2 nodes with one link to
 *                 each of K/2 spines (N = K*K/2)
 *   file:PATH     a topology file
 *
 * Parts: a file may cut the fabric into parts for a run over MPI ranks (sw/nic_fabric_mpi.h):
 * `parts P`, then `part p COMP...` lines (COMP = nN, sS or a range nA-B, sA-B). Every node is in
 * exactly one part; a switch without a part line goes to the part holding most of its nodes
 * (the lowest such part on a tie), a switch without nodes round robin from part 0.
 *
 * Routes: every switch forwards destination node d on a shortest path (in switch hops); where
 * several ports lead one hop closer (fat-tree up-links), it takes candidate d mod count, so the
 * spine rotates with the destination. Multicast group g (a source and its member nodes) follows
 * the breadth-first tree from the source's switch. */
#ifndef NIC_TOPO_H
#define NIC_TOPO_H
#include <stddef.h>
#include <stdint.h>

#define NIC_TOPO_MAX_NODES 4096
#define NIC_TOPO_MAX_SWITCHES 1024
#define NIC_TOPO_MAX_RADIX 32
#define NIC_TOPO_DEFAULT_LATENCY 4u
#define NIC_TOPO_DEFAULT_RADIX 16u

enum { NIC_TOPO_NODE = 0, NIC_TOPO_SWITCH = 1 };

typedef struct {
  int kind; /* NIC_TOPO_NODE or NIC_TOPO_SWITCH */
  int id;
  int port; /* switch port; 0 for a node */
} nic_topo_end_t;

typedef struct {
  nic_topo_end_t a, b;
  unsigned latency;
} nic_topo_link_t;

typedef struct {
  char name[96];
  int nodes, switches;
  unsigned radix;
  int nlinks;
  nic_topo_link_t *link;
  /* derived by nic_topo_finish: link index and side (0 = a, 1 = b) at each endpoint, -1 = none */
  int *node_link, *node_side;   /* [node] */
  int *sw_link, *sw_side;       /* [switch * radix + port] */
  int *sw_dist;                 /* [switch * switches + switch]: switch hops, -1 = unreachable */
  int *node_sw;                 /* [node]: the switch the node hangs on, -1 = none */
  int nparts;                   /* parts declared by the file; 0 = none */
  int *part;                    /* [node, then switch]: part 0..nparts-1; NULL when nparts == 0 */
} nic_topo_t;

/* build from a generator spec or "file:PATH"; on error returns -1 and writes a message */
int nic_topo_build(nic_topo_t *t, const char *spec, char *err, size_t errn);
/* read a topology file (format in docs/guide/fabric.md); errors name the line */
int nic_topo_load(nic_topo_t *t, const char *path, char *err, size_t errn);
/* parse a topology from text (what nic_topo_load reads); name is used in messages */
int nic_topo_parse(nic_topo_t *t, const char *text, const char *name, char *err, size_t errn);
void nic_topo_free(nic_topo_t *t);
/* part[nodes + s] of every switch s with part[nodes + s] < 0, from the parts of the nodes: the
 * part (0..P-1) holding most of its nodes (the lowest on a tie), switches without nodes round
 * robin from part 0; -1 when out of memory */
int nic_topo_switch_parts(const nic_topo_t *t, int P, int *part);

/* output port of switch sw for destination node dst; -1 when unreachable */
int nic_topo_route(const nic_topo_t *t, int sw, int dst);
/* switches a packet from node a to node b passes (0 for pair, 1 on one switch, ...) */
int nic_topo_hops(const nic_topo_t *t, int a, int b);
/* multicast: output mask of switch sw for a group sent by node src to members[0..nm-1] */
uint32_t nic_topo_mcast_mask(const nic_topo_t *t, int sw, int src, const int *members, int nm);
/* the endpoint at the other side of a switch port / a node (kind -1 when unconnected) */
nic_topo_end_t nic_topo_peer_of_port(const nic_topo_t *t, int sw, int port);
#endif
