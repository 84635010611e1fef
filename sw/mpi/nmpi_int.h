// SPDX-License-Identifier: Apache-2.0
/* nmpi_int: internals of the MPI-subset message layer (docs/guide/mpi.md).
 *
 * Layers, top down:
 *   nmpi.c        the MPI calls, the eager protocol with per-peer credit flow control, the
 *                 collectives (8-ary trees over point-to-point)
 *   nmpi_match.c  the matching library shared by every transport: posted-receive and
 *                 unexpected-message queues, wildcards, MPI's per-source non-overtaking order
 *   transport     an MTMI-style interface (nmpi_tp_ops_t): send one fragment to a rank, poll
 *                 for arrived fragments, the rank's simulated clock, idle; nmpi_comet.c runs it
 *                 over Comet-FM
 *   nmpirun.c     the launcher: one coroutine per rank, scheduled by simulated time
 * Requests and unexpected-message records come from per-rank slabs (nmpi_slab.h). */
#ifndef NMPI_INT_H
#define NMPI_INT_H
#include <stddef.h>
#include <stdint.h>
#include "mpi.h"
#include "nmpi_slab.h"

/* ---- wire header of every fragment (16 bytes, host order: every node is little-endian) ---- */
enum { NMPI_FIRST = 1, NMPI_NEXT = 2, NMPI_ACK = 3, NMPI_RTS = 4, NMPI_CTS = 5, NMPI_RDATA = 6 };
typedef struct {
  uint8_t type;     /* NMPI_FIRST (carries tag / length), NMPI_NEXT, NMPI_ACK (credits only),
                       rendezvous: NMPI_RTS (tag, length, pad = sender token), NMPI_CTS (tag =
                       sender token, len = receiver token), NMPI_RDATA (first data fragment,
                       pad = receiver token) */
  uint8_t ctx;      /* 0: user point-to-point, 1: collectives */
  uint16_t credits; /* credits returned to the receiver of this fragment */
  int32_t tag;
  uint32_t len;     /* FIRST: the message's total bytes */
  uint32_t pad;
} nmpi_hdr_t;
#define NMPI_HDR_BYTES 16u

/* ---- doubly linked queues (the link is the second word; the slab uses the first) ---- */
typedef struct nmpi_link {
  struct nmpi_link *next, *prev;
} nmpi_link_t;
typedef struct {
  nmpi_link_t head; /* sentinel */
  size_t n;
} nmpi_queue_t;

enum { NMPI_K_SEND = 1, NMPI_K_RECV = 2 };
typedef struct nmpi_req {
  void *slab_word;
  nmpi_link_t link;
  int kind, done, ctx, started;
  int rndv;        /* send: 0 eager, 1 RTS queued, 2 waiting for CTS, 3 data queued */
  uint32_t token;  /* rendezvous send: own token, then the receiver's */
  int peer, tag;   /* send: destination; recv: source / tag pattern (wildcards allowed) */
  char *buf;
  size_t bytes;    /* send: message bytes; recv: buffer capacity */
  size_t off;      /* send: bytes handed to the transport */
  MPI_Status st;   /* completed receive: source, tag, error, bytes */
} nmpi_req_t;

typedef struct nmpi_ue { /* an unexpected message (arrived before its receive was posted) */
  void *slab_word;
  nmpi_link_t link;
  int src, tag, ctx;
  size_t len, got;
  char *data;
  int rndv;         /* a rendezvous request (no data yet) */
  uint32_t stoken;  /* its sender's token */
} nmpi_ue_t;

typedef struct {   /* the message being received from one source (fragments arrive in order) */
  nmpi_req_t *req; /* matched receive, or */
  nmpi_ue_t *ue;   /* unexpected record */
  size_t total, got;
} nmpi_asm_t;

typedef struct nmpi_world nmpi_world_t;
typedef struct nmpi_rank nmpi_rank_t;

/* ---- transport interface ---- */
typedef struct {
  const char *name;
  size_t max_frag; /* payload bytes per fragment after the header */
  /* hand one fragment to the NIC; 0 = sent (data may be reused), 1 = no resource now */
  int (*send)(nmpi_rank_t *r, int dst, const nmpi_hdr_t *h, const void *data, size_t len);
  /* deliver arrived fragments through nmpi_rx; returns how many */
  int (*poll)(nmpi_rank_t *r);
  uint64_t (*now)(nmpi_rank_t *r);
  void (*spend)(nmpi_rank_t *r, uint64_t cycles); /* host CPU time of the layer */
  void (*idle)(nmpi_rank_t *r);                   /* nothing to do: let time pass (may switch rank) */
  int (*quiet)(nmpi_rank_t *r); /* by the rank itself: wait until its sends left the NIC; 1 = none outstanding */
  void (*report)(nmpi_rank_t *r);                 /* end of run: NIC counters, drops */
  /* optional (NULL: the layer's own): a barrier of every rank done by the NIC's own means;
   * it calls progress(r) while it waits, so point-to-point traffic keeps draining */
  void (*barrier)(nmpi_rank_t *r, void (*progress)(nmpi_rank_t *r));
  /* optional (NULL: the layer's own trees): an allreduce of bytes <= 8 in buf over every rank
   * done by the NIC's own means; comb(acc, in, arg) folds one rank's value into acc */
  void (*allreduce)(nmpi_rank_t *r, void *buf, size_t bytes, void (*comb)(void *acc, const void *in, const void *arg),
                    const void *arg, void (*progress)(nmpi_rank_t *r));
} nmpi_tp_ops_t;

struct nmpi_rank {
  nmpi_world_t *w;
  int id;
  int inited, finalizing, finalized, done, exit_code, errh;
  int quiet;         /* in MPI_Finalize: nothing left to send, every send left the NIC */
  const char *where; /* the MPI call the rank is blocked in */
  nmpi_slab_t req_slab, ue_slab;
  nmpi_queue_t posted, unexpected;
  nmpi_queue_t *sendq; /* per destination: send requests not yet fully handed to the NIC */
  size_t sendq_n;
  nmpi_asm_t *as;      /* per source */
  int *cred, *owe;     /* per peer: send credits left, credits owed back */
  int owe_n;           /* sum of owe */
  nmpi_req_t **tok;    /* rendezvous tokens -> requests; free tokens in tok_free */
  uint32_t *tok_free;
  size_t tok_n, tok_cap, tok_free_n;
  uint32_t *cts;       /* CTS not yet sent: (dst, sender token, receiver token) triples */
  size_t cts_n, cts_cap;
  int *posted_from;    /* per source: posted receives naming it; posted_any: MPI_ANY_SOURCE ones */
  int posted_any;
  void *tp;            /* transport state */
  void *sched;         /* launcher state (coroutine) */
  uint64_t sent_msgs, recv_msgs, frags_out, frags_in, acks_out, unexpected_max;
};

struct nmpi_world {
  int n;
  nmpi_rank_t *rank;
  nmpi_rank_t *cur;    /* the rank whose code runs now (set by the scheduler) */
  const nmpi_tp_ops_t *tp;
  void *tp_world;
  int window;          /* credits per peer */
  size_t eager_max;    /* NMPI_EAGER_MAX: messages up to this size go eager */
  double ns_per_cycle;
  uint64_t max_cycles;
  int unreceived;      /* messages nobody received, counted at MPI_Finalize */
  int stats;
  void (*yield)(nmpi_world_t *w); /* the launcher: run other ranks (the current rank's clock moved) */
  void *sched;
};

/* the world of the running program (one per nmpirun process: MPI calls carry no context) */
extern nmpi_world_t *nmpi_world;

/* ---- matching library (nmpi_match.c) ---- */
void nmpi_q_init(nmpi_queue_t *q);
void nmpi_q_push(nmpi_queue_t *q, nmpi_link_t *l);
void nmpi_q_remove(nmpi_queue_t *q, nmpi_link_t *l);
#define NMPI_CONTAINER(p, type, field) ((type *)(void *)((char *)(p) - offsetof(type, field)))
/* first posted receive matching (src, tag, ctx), removed from the queue; NULL if none */
nmpi_req_t *nmpi_match_posted(nmpi_queue_t *posted, int src, int tag, int ctx);
/* first unexpected message matching the receive's pattern, removed; NULL if none */
nmpi_ue_t *nmpi_match_unexpected(nmpi_queue_t *unexp, int src, int tag, int ctx);
/* the same without removing (probe) */
nmpi_ue_t *nmpi_find_unexpected(nmpi_queue_t *unexp, int src, int tag, int ctx);

/* ---- core (nmpi.c) ---- */
int nmpi_rank_init(nmpi_world_t *w, nmpi_rank_t *r, int id);
void nmpi_rank_fini(nmpi_rank_t *r);
/* a fragment arrived at r from src */
void nmpi_rx(nmpi_rank_t *r, int src, const nmpi_hdr_t *h, const void *data, size_t len);
/* the launcher: rank r's main returned without MPI_Finalize (or with it) */
void nmpi_rank_exit(nmpi_rank_t *r);
/* 1 when a fragment from src is awaited: a receive posted for it (or for any source), or a
 * message from it half received (a transport may poll such sources more often) */
int nmpi_awaits(const nmpi_rank_t *r, int src);
#endif
