// SPDX-License-Identifier: Apache-2.0
/* nmpi: the MPI calls of mpi.h over a transport (nmpi_int.h, docs/guide/mpi.md).
 *
 * Point-to-point: every message is sent eagerly as fragments of at most tp->max_frag bytes, the
 * first one carrying the tag and the total length. A send request is complete once its last
 * fragment has been handed to the NIC (the transport copied it), so MPI_Isend + MPI_Wait never
 * waits for the receiver. The receiver matches the first fragment against its posted receives;
 * without a match the message is kept as an unexpected message (malloc'd copy) until a receive
 * takes it. Flow control: the sender holds `window` credits per peer, one per fragment; the
 * receiver returns them when it has taken the fragment off the NIC, piggybacked on its next
 * fragment to that peer or in an ACK once half a window is owed, so the NIC's receive
 * descriptors are never overrun by fragments (Comet-FM drops a frame that finds none).
 * A message to oneself is matched directly, without the NIC.
 *
 * Collectives run on point-to-point in their own context (they never match user messages):
 * barrier = the transport's own barrier when it has one (AOTF: byte flags in the LLCM), else
 * fan-in + fan-out over an 8-ary tree rooted at rank 0; reduce = fan-in over the
 * 8-ary tree rooted at `root`, each node combining its own vector with its children's in child
 * order (deterministic); bcast = fan-out over that tree; allreduce = the transport's own combining
 * tree for up to 8 bytes when it has one (AOTF: value + phase kicks into LLCM slots), else
 * reduce to 0 + bcast. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nmpi_int.h"

nmpi_world_t *nmpi_world;

#define CTX_USER 0
#define CTX_COLL 1
#define TAG_BARRIER 1
#define TAG_BCAST 2
#define TAG_REDUCE 3
#define ARITY 8
#define CALL_COST 8u      /* host cycles charged per MPI call (entry, checks) */
#define COPY_BPC 8u       /* host copy speed, bytes per cycle */
#define FINAL_DRAIN 4000u /* cycles every rank keeps polling after the world went quiet */

static nmpi_rank_t *me(void) { return nmpi_world ? nmpi_world->cur : NULL; }

/* element bytes by datatype handle (0: not a datatype of the subset) */
static const unsigned char dt_bytes[] = {0, 1, 1, sizeof(int), sizeof(int), sizeof(long long), sizeof(float),
                                         sizeof(double), sizeof(long), sizeof(long), sizeof(short), 1,
                                         sizeof(long long)};
static size_t dt_size(MPI_Datatype dt) {
  return (unsigned)dt < sizeof dt_bytes ? dt_bytes[dt] : 0;
}

static const char *err_name(int e) {
  switch (e) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_TAG: return "MPI_ERR_TAG";
    case MPI_ERR_COMM: return "MPI_ERR_COMM";
    case MPI_ERR_RANK: return "MPI_ERR_RANK";
    case MPI_ERR_REQUEST: return "MPI_ERR_REQUEST";
    case MPI_ERR_ROOT: return "MPI_ERR_ROOT";
    case MPI_ERR_OP: return "MPI_ERR_OP";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_TRUNCATE: return "MPI_ERR_TRUNCATE";
    case MPI_ERR_IN_STATUS: return "MPI_ERR_IN_STATUS";
    case MPI_ERR_PENDING: return "MPI_ERR_PENDING";
    case MPI_ERR_INTERN: return "MPI_ERR_INTERN";
    default: return "MPI_ERR_OTHER";
  }
}

/* the error handler of MPI_COMM_WORLD: fatal (default) ends the run, return hands it back */
static int fail(nmpi_rank_t *r, const char *fn, int e) {
  if (e == MPI_SUCCESS) return e;
  if (!r || r->errh != MPI_ERRORS_RETURN) {
    fflush(stdout);
    fprintf(stderr, "nmpi: rank %d: %s: %s (MPI_ERRORS_ARE_FATAL)\n", r ? r->id : -1, fn, err_name(e));
    exit(1);
  }
  return e;
}

static void spend(nmpi_rank_t *r, uint64_t c) {
  if (c) r->w->tp->spend(r, c);
}

/* ---- rank state ---- */

int nmpi_rank_init(nmpi_world_t *w, nmpi_rank_t *r, int id) {
  memset(r, 0, sizeof *r);
  r->w = w;
  r->id = id;
  r->errh = MPI_ERRORS_ARE_FATAL;
  nmpi_slab_init(&r->req_slab, sizeof(nmpi_req_t));
  nmpi_slab_init(&r->ue_slab, sizeof(nmpi_ue_t));
  nmpi_q_init(&r->posted);
  nmpi_q_init(&r->unexpected);
  r->sendq = calloc((size_t)w->n, sizeof *r->sendq);
  r->as = calloc((size_t)w->n, sizeof *r->as);
  r->cred = calloc((size_t)w->n, sizeof *r->cred);
  r->owe = calloc((size_t)w->n, sizeof *r->owe);
  r->posted_from = calloc((size_t)w->n, sizeof *r->posted_from);
  if (!r->sendq || !r->as || !r->cred || !r->owe || !r->posted_from) return -1;
  for (int i = 0; i < w->n; i++) {
    nmpi_q_init(&r->sendq[i]);
    r->cred[i] = w->window ? w->window : 0x3FFFFFFF; /* window 0: the transport has its own flow control */
  }
  return 0;
}

void nmpi_rank_fini(nmpi_rank_t *r) {
  while (r->unexpected.n) {
    nmpi_ue_t *u = NMPI_CONTAINER(r->unexpected.head.next, nmpi_ue_t, link);
    nmpi_q_remove(&r->unexpected, &u->link);
    free(u->data);
  }
  nmpi_slab_fini(&r->req_slab);
  nmpi_slab_fini(&r->ue_slab);
  free(r->sendq);
  free(r->as);
  free(r->cred);
  free(r->owe);
  free(r->posted_from);
  free(r->tok);
  free(r->tok_free);
  free(r->cts);
}

int nmpi_awaits(const nmpi_rank_t *r, int src) {
  return r->posted_any || r->posted_from[src] || r->as[src].req || r->as[src].ue;
}

/* ---- send side ---- */

static int take_owe(nmpi_rank_t *r, int d) {
  int c = r->owe[d] > 0xFFFF ? 0xFFFF : r->owe[d];
  r->owe[d] -= c;
  r->owe_n -= c;
  return c;
}

static uint32_t tok_put(nmpi_rank_t *r, nmpi_req_t *q) {
  if (r->tok_free_n) {
    uint32_t t = r->tok_free[--r->tok_free_n];
    r->tok[t] = q;
    return t;
  }
  if (r->tok_n == r->tok_cap) {
    size_t nc = r->tok_cap ? 2 * r->tok_cap : 64;
    r->tok = realloc(r->tok, nc * sizeof *r->tok);
    r->tok_free = realloc(r->tok_free, nc * sizeof *r->tok_free);
    r->tok_cap = nc;
  }
  r->tok[r->tok_n] = q;
  return (uint32_t)r->tok_n++;
}
static nmpi_req_t *tok_take(nmpi_rank_t *r, uint32_t t) {
  if (t >= r->tok_n) return NULL;
  nmpi_req_t *q = r->tok[t];
  r->tok[t] = NULL;
  r->tok_free[r->tok_free_n++] = t;
  return q;
}
static void cts_queue(nmpi_rank_t *r, int dst, uint32_t stoken, uint32_t rtoken) {
  if (r->cts_n + 3 > r->cts_cap) {
    r->cts_cap = r->cts_cap ? 2 * r->cts_cap : 48;
    r->cts = realloc(r->cts, r->cts_cap * sizeof *r->cts);
  }
  r->cts[r->cts_n++] = (uint32_t)dst;
  r->cts[r->cts_n++] = stoken;
  r->cts[r->cts_n++] = rtoken;
}
static int send_cts(nmpi_rank_t *r) {
  size_t i = 0;
  for (; i < r->cts_n; i += 3) {
    nmpi_hdr_t h = {NMPI_CTS, 0, 0, (int32_t)r->cts[i + 1], r->cts[i + 2], 0};
    if (r->w->tp->send(r, (int)r->cts[i], &h, NULL, 0)) break;
  }
  memmove(r->cts, r->cts + i, (r->cts_n - i) * sizeof *r->cts);
  r->cts_n -= i;
  return (int)(i / 3);
}

/* hand queued fragments to the NIC while credits last; returns fragments sent */
static int push_sends(nmpi_rank_t *r) {
  const nmpi_tp_ops_t *tp = r->w->tp;
  int did = 0;
  for (int d = 0; d < r->w->n && r->sendq_n; d++) {
    nmpi_queue_t *q = &r->sendq[d];
    while (q->n && r->cred[d] > 0) {
      nmpi_req_t *s = NMPI_CONTAINER(q->head.next, nmpi_req_t, link);
      if (s->rndv == 1) { /* rendezvous: the request to send, no data */
        nmpi_hdr_t h = {NMPI_RTS, (uint8_t)s->ctx, 0, s->tag, (uint32_t)s->bytes, s->token};
        h.credits = (uint16_t)take_owe(r, d);
        if (tp->send(r, d, &h, NULL, 0)) {
          r->owe[d] += h.credits;
          r->owe_n += h.credits;
          return did;
        }
        r->cred[d]--;
        r->frags_out++;
        did++;
        nmpi_q_remove(q, &s->link);
        r->sendq_n--;
        s->rndv = 2;
        continue;
      }
      size_t chunk = s->bytes - s->off;
      if (chunk > tp->max_frag) chunk = tp->max_frag;
      nmpi_hdr_t h = {(uint8_t)(s->started ? NMPI_NEXT : NMPI_FIRST), (uint8_t)s->ctx, 0, s->tag, (uint32_t)s->bytes, 0};
      if (s->rndv == 3 && !s->started) {
        h.type = NMPI_RDATA;
        h.pad = s->token;
      }
      h.credits = (uint16_t)take_owe(r, d);
      if (tp->send(r, d, &h, s->buf + s->off, chunk)) {
        r->owe[d] += h.credits;
        r->owe_n += h.credits;
        return did;
      }
      r->cred[d]--;
      r->frags_out++;
      did++;
      s->started = 1;
      s->off += chunk;
      if (s->off == s->bytes) {
        nmpi_q_remove(q, &s->link);
        r->sendq_n--;
        s->done = 1;
        r->sent_msgs++;
      }
    }
  }
  return did;
}

static int send_acks(nmpi_rank_t *r, int thresh) {
  int did = 0;
  if (r->owe_n < thresh || !r->owe_n) return 0;
  for (int d = 0; d < r->w->n; d++) {
    if (r->owe[d] < thresh || r->owe[d] == 0) continue;
    nmpi_hdr_t h = {NMPI_ACK, 0, 0, 0, 0, 0};
    h.credits = (uint16_t)take_owe(r, d);
    if (r->w->tp->send(r, d, &h, NULL, 0)) {
      r->owe[d] += h.credits;
      r->owe_n += h.credits;
      break;
    }
    r->acks_out++;
    did++;
  }
  return did;
}

/* ---- receive side ---- */

static void complete_recv(nmpi_rank_t *r, nmpi_req_t *q) {
  q->done = 1;
  r->recv_msgs++;
}

static void set_recv_status(nmpi_req_t *q, int src, int tag, size_t total) {
  q->st.MPI_SOURCE = src;
  q->st.MPI_TAG = tag;
  q->st.MPI_ERROR = total > q->bytes ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
  q->st.nmpi_bytes = total > q->bytes ? q->bytes : total;
}

void nmpi_rx(nmpi_rank_t *r, int src, const nmpi_hdr_t *h, const void *data, size_t len) {
  r->frags_in++;
  if (h->credits) r->cred[src] += h->credits;
  if (h->type == NMPI_ACK) return;
  if (h->type == NMPI_CTS) { /* the receiver is ready: queue the data */
    nmpi_req_t *q = tok_take(r, (uint32_t)h->tag);
    if (!q) return;
    q->token = h->len;
    q->rndv = 3;
    q->started = 0;
    q->off = 0;
    nmpi_q_push(&r->sendq[src], &q->link);
    r->sendq_n++;
    return;
  }
  if (src != r->id && r->w->window) {
    r->owe[src]++;
    r->owe_n++;
  }
  int one = h->type == NMPI_FIRST && h->len == len; /* a whole message in one fragment */
  nmpi_req_t *m = NULL;
  if (one) { /* posted for: straight into the receive buffer */
    nmpi_req_t *q = m = nmpi_match_posted(&r->posted, src, h->tag, h->ctx);
    if (q) {
      if (q->peer == MPI_ANY_SOURCE)
        r->posted_any--;
      else
        r->posted_from[q->peer]--;
      set_recv_status(q, src, h->tag, len);
      size_t n = len < q->bytes ? len : q->bytes;
      if (n == 8) /* one word: a move, not a library call */
        memcpy(q->buf, data, 8);
      else if (n)
        memcpy(q->buf, data, n);
      spend(r, len / COPY_BPC);
      complete_recv(r, q);
      return;
    }
  }
  nmpi_asm_t *a = &r->as[src];
  if (h->type == NMPI_RTS) {
    nmpi_req_t *q = nmpi_match_posted(&r->posted, src, h->tag, h->ctx);
    if (q) {
      if (q->peer == MPI_ANY_SOURCE)
        r->posted_any--;
      else
        r->posted_from[q->peer]--;
      set_recv_status(q, src, h->tag, h->len);
      cts_queue(r, src, h->pad, tok_put(r, q));
    } else {
      nmpi_ue_t *u = nmpi_slab_alloc(&r->ue_slab);
      u->src = src;
      u->tag = h->tag;
      u->ctx = h->ctx;
      u->len = h->len;
      u->got = 0;
      u->data = NULL;
      u->rndv = 1;
      u->stoken = h->pad;
      nmpi_q_push(&r->unexpected, &u->link);
      if (r->unexpected.n > r->unexpected_max) r->unexpected_max = r->unexpected.n;
    }
    return;
  }
  if (h->type == NMPI_RDATA) {
    a->req = tok_take(r, h->pad);
    a->ue = NULL;
    a->total = h->len;
    a->got = 0;
    if (!a->req) return;
  } else if (h->type == NMPI_FIRST) {
    a->total = h->len;
    a->got = 0;
    a->ue = NULL;
    a->req = one ? m : nmpi_match_posted(&r->posted, src, h->tag, h->ctx);
    if (a->req) {
      if (a->req->peer == MPI_ANY_SOURCE)
        r->posted_any--;
      else
        r->posted_from[a->req->peer]--;
      set_recv_status(a->req, src, h->tag, a->total);
    } else {
      nmpi_ue_t *u = nmpi_slab_alloc(&r->ue_slab);
      u->src = src;
      u->tag = h->tag;
      u->ctx = h->ctx;
      u->len = a->total;
      u->got = 0;
      u->data = malloc(a->total ? a->total : 1);
      u->rndv = 0;
      nmpi_q_push(&r->unexpected, &u->link);
      if (r->unexpected.n > r->unexpected_max) r->unexpected_max = r->unexpected.n;
      a->ue = u;
    }
  } else if (!a->req && !a->ue) {
    return; /* (a fragment without its first one: cannot happen on an in-order transport) */
  }
  if (a->req) {
    nmpi_req_t *q = a->req;
    if (a->got < q->bytes) memcpy(q->buf + a->got, data, len < q->bytes - a->got ? len : q->bytes - a->got);
  } else {
    memcpy(a->ue->data + a->got, data, len);
    a->ue->got += len;
  }
  spend(r, len / COPY_BPC);
  a->got += len;
  if (a->got >= a->total) {
    if (a->req) complete_recv(r, a->req);
    a->req = NULL;
    a->ue = NULL;
  }
}

static int progress(nmpi_rank_t *r, int ack_thresh) {
  int did = r->sendq_n ? push_sends(r) : 0;
  did += r->w->tp->poll(r);
  did += send_acks(r, ack_thresh);
  if (r->cts_n) did += send_cts(r);
  if (r->sendq_n) did += push_sends(r);
  return did;
}

static int ack_thresh(const nmpi_rank_t *r) { return (r->w->window + 1) / 2; }

/* one step of a blocking call: progress, or let time pass when nothing moved */
static void step(nmpi_rank_t *r) {
  if (!progress(r, ack_thresh(r))) r->w->tp->idle(r);
}

/* ---- requests ---- */

static nmpi_req_t *new_req(nmpi_rank_t *r, int kind, int peer, int tag, int ctx, void *buf, size_t bytes) {
  nmpi_req_t *q = nmpi_slab_alloc(&r->req_slab);
  if (!q) return NULL;
  q->kind = kind;
  q->done = 0;
  q->started = 0;
  q->ctx = ctx;
  q->peer = peer;
  q->tag = tag;
  q->buf = buf;
  q->bytes = bytes;
  q->off = 0;
  q->rndv = 0;
  return q; /* (a receive's status is written when it matches) */
}

static nmpi_req_t *isend(nmpi_rank_t *r, const void *buf, size_t bytes, int dst, int tag, int ctx) {
  nmpi_req_t *q = new_req(r, NMPI_K_SEND, dst, tag, ctx, (void *)(uintptr_t)buf, bytes);
  if (!q) return NULL;
  if (dst == MPI_PROC_NULL) {
    q->done = 1;
  } else if (dst == r->id) {
    nmpi_hdr_t h = {NMPI_FIRST, (uint8_t)ctx, 0, tag, (uint32_t)bytes, 0};
    nmpi_rx(r, dst, &h, buf, bytes);
    q->done = 1;
    r->sent_msgs++;
  } else if (bytes > r->w->eager_max) { /* rendezvous: RTS now, data after the CTS */
    q->rndv = 1;
    q->token = tok_put(r, q);
    nmpi_q_push(&r->sendq[dst], &q->link);
    r->sendq_n++;
    if (r->sendq[dst].n == 1) push_sends(r);
  } else if (!r->sendq[dst].n && r->cred[dst] > 0 && bytes <= r->w->tp->max_frag) {
    /* one fragment, nothing queued ahead of it, a credit left: straight to the NIC */
    nmpi_hdr_t h = {NMPI_FIRST, (uint8_t)ctx, 0, tag, (uint32_t)bytes, 0};
    h.credits = (uint16_t)(r->owe[dst] ? take_owe(r, dst) : 0);
    if (r->w->tp->send(r, dst, &h, buf, bytes)) {
      r->owe[dst] += h.credits;
      r->owe_n += h.credits;
      goto queue;
    }
    r->cred[dst]--;
    r->frags_out++;
    r->sent_msgs++;
    q->done = 1;
  } else {
  queue:
    nmpi_q_push(&r->sendq[dst], &q->link);
    r->sendq_n++;
    if (r->sendq[dst].n == 1) push_sends(r);
  }
  return q;
}

static nmpi_req_t *irecv(nmpi_rank_t *r, void *buf, size_t bytes, int src, int tag, int ctx) {
  nmpi_req_t *q = new_req(r, NMPI_K_RECV, src, tag, ctx, buf, bytes);
  if (!q) return NULL;
  if (src == MPI_PROC_NULL) {
    q->st.MPI_SOURCE = MPI_PROC_NULL;
    q->st.MPI_TAG = MPI_ANY_TAG;
    q->st.MPI_ERROR = MPI_SUCCESS;
    q->st.nmpi_bytes = 0;
    q->done = 1;
    return q;
  }
  nmpi_ue_t *u = nmpi_match_unexpected(&r->unexpected, src, tag, ctx);
  if (!u) {
    nmpi_q_push(&r->posted, &q->link);
    if (src == MPI_ANY_SOURCE)
      r->posted_any++;
    else
      r->posted_from[src]++;
    return q;
  }
  set_recv_status(q, u->src, u->tag, u->len);
  if (u->rndv) { /* the sender waits for this CTS; its data goes straight to buf */
    cts_queue(r, u->src, u->stoken, tok_put(r, q));
    nmpi_slab_free(&r->ue_slab, u);
    return q;
  }
  size_t n = u->got < bytes ? u->got : bytes;
  memcpy(buf, u->data, n);
  spend(r, n / COPY_BPC);
  if (u->got == u->len) {
    complete_recv(r, q);
  } else { /* still arriving: the rest goes straight to the receive buffer */
    r->as[u->src].req = q;
    r->as[u->src].ue = NULL;
  }
  free(u->data);
  nmpi_slab_free(&r->ue_slab, u);
  return q;
}

static void fill_status(const nmpi_req_t *q, MPI_Status *st) {
  if (!st) return;
  if (q->kind == NMPI_K_RECV) {
    *st = q->st;
  } else {
    st->MPI_SOURCE = q->peer;
    st->MPI_TAG = q->tag;
    st->MPI_ERROR = MPI_SUCCESS;
    st->nmpi_bytes = 0;
  }
}

static void wait_req(nmpi_rank_t *r, nmpi_req_t *q, const char *where) {
  r->where = where;
  while (!q->done) step(r);
  r->where = NULL;
}

/* ---- checks ---- */

static int check_comm(MPI_Comm c) { return c == MPI_COMM_WORLD ? MPI_SUCCESS : MPI_ERR_COMM; }
static int check_p2p(nmpi_rank_t *r, const void *buf, int count, MPI_Datatype dt, int peer, int tag, int recv,
                     MPI_Comm comm) {
  if (!r || !r->inited || r->finalized) return MPI_ERR_OTHER;
  if (check_comm(comm)) return MPI_ERR_COMM;
  if (count < 0) return MPI_ERR_COUNT;
  if (!dt_size(dt)) return MPI_ERR_TYPE;
  if (count > 0 && !buf) return MPI_ERR_BUFFER;
  if (!(peer == MPI_PROC_NULL || (recv && peer == MPI_ANY_SOURCE) || (peer >= 0 && peer < r->w->n))) return MPI_ERR_RANK;
  if (!((recv && tag == MPI_ANY_TAG) || (tag >= 0 && tag <= MPI_TAG_UB_VALUE))) return MPI_ERR_TAG;
  return MPI_SUCCESS;
}

/* ---- environment ---- */

int MPI_Init(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  nmpi_rank_t *r = me();
  if (!r) {
    fprintf(stderr, "nmpi: MPI_Init outside nmpirun\n");
    exit(1);
  }
  if (r->inited) return fail(r, "MPI_Init", MPI_ERR_OTHER);
  r->inited = 1;
  spend(r, CALL_COST);
  return MPI_SUCCESS;
}

int MPI_Initialized(int *flag) {
  nmpi_rank_t *r = me();
  *flag = r && r->inited;
  return MPI_SUCCESS;
}
int MPI_Finalized(int *flag) {
  nmpi_rank_t *r = me();
  *flag = r && r->finalized;
  return MPI_SUCCESS;
}

static int world_quiet(nmpi_world_t *w) {
  for (int i = 0; i < w->n; i++) {
    nmpi_rank_t *o = &w->rank[i];
    if (!o->done && !(o->finalizing && o->quiet)) return 0;
  }
  return 1;
}

static int local_quiet(nmpi_rank_t *r) {
  if (r->sendq_n || r->cts_n) return 0;
  for (int d = 0; d < r->w->n; d++)
    if (r->owe[d]) return 0;
  return r->w->tp->quiet(r);
}

int MPI_Finalize(void) {
  nmpi_rank_t *r = me();
  if (!r || !r->inited || r->finalized) return fail(r, "MPI_Finalize", MPI_ERR_OTHER);
  nmpi_world_t *w = r->w;
  r->finalizing = 1;
  r->where = "MPI_Finalize";
  /* keep the NIC serviced (data to others, credits back) until every rank is here and nothing
   * is left to send anywhere, then long enough for the last frames to land */
  uint64_t quiet_at = 0;
  for (;;) {
    int did = progress(r, 1);
    r->quiet = local_quiet(r);
    if (!quiet_at && world_quiet(w)) quiet_at = w->tp->now(r);
    if (quiet_at && w->tp->now(r) >= quiet_at + FINAL_DRAIN) break;
    if (!did) w->tp->idle(r);
  }
  r->where = NULL;
  for (nmpi_link_t *l = r->unexpected.head.next; l != &r->unexpected.head; l = l->next) {
    nmpi_ue_t *u = NMPI_CONTAINER(l, nmpi_ue_t, link);
    fprintf(stderr, "nmpi: rank %d: MPI_Finalize: %s message from rank %d, tag %d, %zu bytes, never received\n", r->id,
            u->ctx == CTX_COLL ? "collective" : "a", u->src, u->tag, u->len);
    w->unreceived++;
  }
  for (nmpi_link_t *l = r->posted.head.next; l != &r->posted.head; l = l->next) {
    nmpi_req_t *q = NMPI_CONTAINER(l, nmpi_req_t, link);
    fprintf(stderr, "nmpi: rank %d: MPI_Finalize: receive from %d, tag %d still posted\n", r->id, q->peer, q->tag);
  }
  r->finalized = 1;
  return MPI_SUCCESS;
}

void nmpi_rank_exit(nmpi_rank_t *r) {
  if (r->inited && !r->finalized) {
    fprintf(stderr, "nmpi: rank %d: main returned without MPI_Finalize\n", r->id);
    MPI_Finalize();
  }
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  (void)comm;
  nmpi_rank_t *r = me();
  fflush(stdout);
  fprintf(stderr, "nmpi: rank %d: MPI_Abort(%d)\n", r ? r->id : -1, errorcode);
  exit(errorcode ? errorcode : 1);
}

int MPI_Comm_rank(MPI_Comm comm, int *rank) {
  nmpi_rank_t *r = me();
  if (comm == MPI_COMM_SELF) {
    *rank = 0;
    return MPI_SUCCESS;
  }
  if (check_comm(comm)) return fail(r, "MPI_Comm_rank", MPI_ERR_COMM);
  *rank = r->id;
  return MPI_SUCCESS;
}

int MPI_Comm_size(MPI_Comm comm, int *size) {
  nmpi_rank_t *r = me();
  if (comm == MPI_COMM_SELF) {
    *size = 1;
    return MPI_SUCCESS;
  }
  if (check_comm(comm)) return fail(r, "MPI_Comm_size", MPI_ERR_COMM);
  *size = r->w->n;
  return MPI_SUCCESS;
}

int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler eh) {
  nmpi_rank_t *r = me();
  if (check_comm(comm)) return fail(r, "MPI_Comm_set_errhandler", MPI_ERR_COMM);
  if (eh != MPI_ERRORS_RETURN && eh != MPI_ERRORS_ARE_FATAL) return fail(r, "MPI_Comm_set_errhandler", MPI_ERR_ARG);
  r->errh = eh;
  return MPI_SUCCESS;
}

int MPI_Error_string(int e, char *s, int *len) {
  snprintf(s, MPI_MAX_ERROR_STRING, "%s", err_name(e));
  *len = (int)strlen(s);
  return MPI_SUCCESS;
}

int MPI_Get_processor_name(char *name, int *len) {
  nmpi_rank_t *r = me();
  snprintf(name, MPI_MAX_PROCESSOR_NAME, "node%d", r ? r->id : 0);
  *len = (int)strlen(name);
  return MPI_SUCCESS;
}

double MPI_Wtime(void) {
  nmpi_rank_t *r = me();
  return (double)r->w->tp->now(r) * r->w->ns_per_cycle * 1e-9;
}
double MPI_Wtick(void) {
  nmpi_rank_t *r = me();
  return r->w->ns_per_cycle * 1e-9;
}

/* ---- point-to-point ---- */

int MPI_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm, MPI_Request *req) {
  nmpi_rank_t *r = me();
  size_t sz = dt_size(dt);
  /* the common case in one test (a real peer, a tag, a buffer); anything else gets the full check */
  if (!(r && r->inited && !r->finalized && comm == MPI_COMM_WORLD && sz && (unsigned)dest < (unsigned)r->w->n &&
        (unsigned)tag <= MPI_TAG_UB_VALUE && (unsigned)count <= INT_MAX && (buf || !count))) {
    int e = check_p2p(r, buf, count, dt, dest, tag, 0, comm);
    if (e) return fail(r, "MPI_Isend", e);
  }
  const nmpi_tp_ops_t *tp = r->w->tp;
  size_t bytes = (size_t)count * sz;
  tp->spend(r, CALL_COST);
  if ((unsigned)dest < (unsigned)r->w->n && dest != r->id && bytes <= r->w->eager_max && bytes <= tp->max_frag && !r->sendq[dest].n && r->cred[dest] > 0) {
    /* one eager fragment with nothing queued ahead and a credit left: straight to the NIC here,
     * the request born complete (isend's same path, without the call) */
    nmpi_hdr_t h = {NMPI_FIRST, CTX_USER, 0, tag, (uint32_t)bytes, 0};
    h.credits = (uint16_t)(r->owe[dest] ? take_owe(r, dest) : 0);
    if (!tp->send(r, dest, &h, buf, bytes)) {
      nmpi_req_t *q = nmpi_slab_alloc(&r->req_slab);
      if (!q) return fail(r, "MPI_Isend", MPI_ERR_INTERN);
      q->kind = NMPI_K_SEND;
      q->done = 1;
      q->peer = dest;
      q->tag = tag;
      r->cred[dest]--;
      r->frags_out++;
      r->sent_msgs++;
      *req = q;
      return MPI_SUCCESS;
    }
    r->owe[dest] += h.credits;
    r->owe_n += h.credits;
  }
  *req = isend(r, buf, bytes, dest, tag, CTX_USER);
  return *req ? MPI_SUCCESS : fail(r, "MPI_Isend", MPI_ERR_INTERN);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm, MPI_Request *req) {
  nmpi_rank_t *r = me();
  int e = check_p2p(r, buf, count, dt, src, tag, 1, comm);
  if (e) return fail(r, "MPI_Irecv", e);
  spend(r, CALL_COST);
  *req = irecv(r, buf, (size_t)count * dt_size(dt), src, tag, CTX_USER);
  return *req ? MPI_SUCCESS : fail(r, "MPI_Irecv", MPI_ERR_INTERN);
}

static int finish(nmpi_rank_t *r, MPI_Request *req, MPI_Status *st) {
  nmpi_req_t *q = *req;
  fill_status(q, st);
  int e = q->kind == NMPI_K_RECV ? q->st.MPI_ERROR : MPI_SUCCESS;
  nmpi_slab_free(&r->req_slab, q);
  *req = MPI_REQUEST_NULL;
  return e;
}

static void empty_status(MPI_Status *st) {
  if (!st) return;
  st->MPI_SOURCE = MPI_ANY_SOURCE;
  st->MPI_TAG = MPI_ANY_TAG;
  st->MPI_ERROR = MPI_SUCCESS;
  st->nmpi_bytes = 0;
}

/* the waiting part of MPI_Wait, out of line so the call for a completed request stays short */
__attribute__((noinline)) static void wait_slow(nmpi_rank_t *r, nmpi_req_t *q) { wait_req(r, q, "MPI_Wait"); }

int MPI_Wait(MPI_Request *req, MPI_Status *st) {
  nmpi_rank_t *r = me();
  if (!req) return fail(r, "MPI_Wait", MPI_ERR_REQUEST);
  if (!*req) {
    empty_status(st);
    return MPI_SUCCESS;
  }
  nmpi_req_t *q = *req;
  r->w->tp->spend(r, CALL_COST);
  if (!q->done) wait_slow(r, q);
  if (st) fill_status(q, st);
  int e = q->kind == NMPI_K_RECV ? q->st.MPI_ERROR : MPI_SUCCESS;
  nmpi_slab_free(&r->req_slab, q);
  *req = MPI_REQUEST_NULL;
  return e ? fail(r, "MPI_Wait", e) : MPI_SUCCESS;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st) {
  nmpi_rank_t *r = me();
  if (!req || !flag) return fail(r, "MPI_Test", MPI_ERR_ARG);
  if (!*req) {
    *flag = 1;
    empty_status(st);
    return MPI_SUCCESS;
  }
  spend(r, CALL_COST);
  if (!(*req)->done) step(r);
  *flag = (*req)->done;
  if (!*flag) return MPI_SUCCESS;
  return fail(r, "MPI_Test", finish(r, req, st));
}

int MPI_Waitall(int count, MPI_Request reqs[], MPI_Status sts[]) {
  nmpi_rank_t *r = me();
  if (count < 0 || (count && !reqs)) return fail(r, "MPI_Waitall", MPI_ERR_ARG);
  spend(r, CALL_COST);
  r->where = "MPI_Waitall";
  for (int i = 0; i < count; i++)
    while (reqs[i] && !reqs[i]->done) step(r);
  r->where = NULL;
  int err = 0;
  for (int i = 0; i < count; i++) {
    MPI_Status tmp, *st = sts ? &sts[i] : &tmp;
    if (!reqs[i]) {
      empty_status(st);
      continue;
    }
    if (finish(r, &reqs[i], st)) err = 1;
  }
  return err ? fail(r, "MPI_Waitall", MPI_ERR_IN_STATUS) : MPI_SUCCESS;
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm) {
  nmpi_rank_t *r = me();
  int e = check_p2p(r, buf, count, dt, dest, tag, 0, comm);
  if (e) return fail(r, "MPI_Send", e);
  spend(r, CALL_COST);
  MPI_Request q = isend(r, buf, (size_t)count * dt_size(dt), dest, tag, CTX_USER);
  if (!q) return fail(r, "MPI_Send", MPI_ERR_INTERN);
  wait_req(r, q, "MPI_Send");
  return fail(r, "MPI_Send", finish(r, &q, NULL));
}

int MPI_Recv(void *buf, int count, MPI_Datatype dt, int src, int tag, MPI_Comm comm, MPI_Status *st) {
  nmpi_rank_t *r = me();
  int e = check_p2p(r, buf, count, dt, src, tag, 1, comm);
  if (e) return fail(r, "MPI_Recv", e);
  spend(r, CALL_COST);
  MPI_Request q = irecv(r, buf, (size_t)count * dt_size(dt), src, tag, CTX_USER);
  if (!q) return fail(r, "MPI_Recv", MPI_ERR_INTERN);
  wait_req(r, q, "MPI_Recv");
  return fail(r, "MPI_Recv", finish(r, &q, st));
}

int MPI_Get_count(const MPI_Status *st, MPI_Datatype dt, int *count) {
  size_t s = dt_size(dt);
  if (!st || !count || !s) return fail(me(), "MPI_Get_count", MPI_ERR_ARG);
  *count = st->nmpi_bytes % s ? MPI_UNDEFINED : (int)(st->nmpi_bytes / s);
  return MPI_SUCCESS;
}

int MPI_Type_size(MPI_Datatype dt, int *size) {
  size_t s = dt_size(dt);
  if (!s) return fail(me(), "MPI_Type_size", MPI_ERR_TYPE);
  *size = (int)s;
  return MPI_SUCCESS;
}

/* ---- collectives ---- */

static void coll_wait(nmpi_rank_t *r, nmpi_req_t **q, int n, const char *where) {
  for (int i = 0; i < n; i++) {
    wait_req(r, q[i], where);
    nmpi_slab_free(&r->req_slab, q[i]);
  }
}

/* 8-ary tree on virtual ranks v = (rank - root) mod n */
static int tree_parent(int v) { return v ? (v - 1) / ARITY : -1; }
static int tree_child(int v, int k, int n) {
  int c = ARITY * v + 1 + k;
  return c < n ? c : -1;
}
static int real_rank(int v, int root, int n) { return (v + root) % n; }

static void progress_cb(nmpi_rank_t *r) {
  r->w->cur = r;
  progress(r, ack_thresh(r));
  r->w->cur = r;
}

int MPI_Barrier(MPI_Comm comm) {
  nmpi_rank_t *r = me();
  if (!r || !r->inited || check_comm(comm)) return fail(r, "MPI_Barrier", MPI_ERR_COMM);
  spend(r, CALL_COST);
  if (r->w->tp->barrier) {
    r->where = "MPI_Barrier";
    r->w->tp->barrier(r, progress_cb);
    r->where = NULL;
    return MPI_SUCCESS;
  }
  int n = r->w->n, v = r->id, p = tree_parent(v), nc = 0;
  nmpi_req_t *q[ARITY];
  char dummy = 0;
  for (int k = 0; k < ARITY; k++) {
    int c = tree_child(v, k, n);
    if (c >= 0) q[nc++] = irecv(r, &dummy, 0, c, TAG_BARRIER, CTX_COLL);
  }
  coll_wait(r, q, nc, "MPI_Barrier");
  if (p >= 0) {
    q[0] = isend(r, &dummy, 0, p, TAG_BARRIER, CTX_COLL);
    q[1] = irecv(r, &dummy, 0, p, TAG_BARRIER, CTX_COLL);
    coll_wait(r, q, 2, "MPI_Barrier");
  }
  nc = 0;
  for (int k = 0; k < ARITY; k++) {
    int c = tree_child(v, k, n);
    if (c >= 0) q[nc++] = isend(r, &dummy, 0, c, TAG_BARRIER, CTX_COLL);
  }
  coll_wait(r, q, nc, "MPI_Barrier");
  return MPI_SUCCESS;
}

static int bcast(nmpi_rank_t *r, void *buf, size_t bytes, int root) {
  int n = r->w->n, v = (r->id - root + n) % n, p = tree_parent(v), nc = 0;
  nmpi_req_t *q[ARITY];
  if (p >= 0) {
    q[0] = irecv(r, buf, bytes, real_rank(p, root, n), TAG_BCAST, CTX_COLL);
    coll_wait(r, q, 1, "MPI_Bcast");
  }
  for (int k = 0; k < ARITY; k++) {
    int c = tree_child(v, k, n);
    if (c >= 0) q[nc++] = isend(r, buf, bytes, real_rank(c, root, n), TAG_BCAST, CTX_COLL);
  }
  coll_wait(r, q, nc, "MPI_Bcast");
  return MPI_SUCCESS;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  nmpi_rank_t *r = me();
  int e = check_p2p(r, buf, count, dt, root, 0, 0, comm);
  if (e == MPI_ERR_RANK || root == MPI_PROC_NULL) e = MPI_ERR_ROOT;
  if (e) return fail(r, "MPI_Bcast", e);
  spend(r, CALL_COST);
  return bcast(r, buf, (size_t)count * dt_size(dt), root);
}

#define RED_LOOP(T)                                                    \
  do {                                                                 \
    T *a = (T *)acc;                                                   \
    const T *b = (const T *)in;                                        \
    for (size_t i = 0; i < count; i++) {                               \
      if (op == MPI_SUM) a[i] = (T)(a[i] + b[i]);                      \
      else if (op == MPI_PROD) a[i] = (T)(a[i] * b[i]);                \
      else if (op == MPI_MAX) a[i] = a[i] > b[i] ? a[i] : b[i];        \
      else a[i] = a[i] < b[i] ? a[i] : b[i];                           \
    }                                                                  \
  } while (0)

static void combine(void *acc, const void *in, size_t count, MPI_Datatype dt, MPI_Op op) {
  switch (dt) {
    case MPI_CHAR: RED_LOOP(signed char); break;
    case MPI_BYTE: case MPI_UNSIGNED_CHAR: RED_LOOP(unsigned char); break;
    case MPI_SHORT: RED_LOOP(short); break;
    case MPI_INT: RED_LOOP(int); break;
    case MPI_UNSIGNED: RED_LOOP(unsigned); break;
    case MPI_LONG: RED_LOOP(long); break;
    case MPI_UNSIGNED_LONG: RED_LOOP(unsigned long); break;
    case MPI_LONG_LONG: RED_LOOP(long long); break;
    case MPI_UNSIGNED_LONG_LONG: RED_LOOP(unsigned long long); break;
    case MPI_FLOAT: RED_LOOP(float); break;
    case MPI_DOUBLE: RED_LOOP(double); break;
    default: break;
  }
}

typedef struct {
  size_t count;
  MPI_Datatype dt;
  MPI_Op op;
} red_arg_t;
static void comb_cb(void *acc, const void *in, const void *arg) {
  const red_arg_t *a = arg;
  combine(acc, in, a->count, a->dt, a->op);
}

/* fan-in to root; the result lands in recvbuf on the root (acc elsewhere is scratch) */
static int reduce(nmpi_rank_t *r, const void *sendbuf, void *recvbuf, size_t count, MPI_Datatype dt, MPI_Op op,
                  int root) {
  int n = r->w->n, v = (r->id - root + n) % n, p = tree_parent(v), nc = 0;
  size_t bytes = count * dt_size(dt);
  char *acc = r->id == root ? recvbuf : malloc(bytes ? bytes : 1);
  char *tmp = malloc(bytes * ARITY + 1);
  if (!acc || !tmp) return MPI_ERR_INTERN;
  if (sendbuf != MPI_IN_PLACE) memcpy(acc, sendbuf, bytes);
  nmpi_req_t *q[ARITY];
  for (int k = 0; k < ARITY; k++) {
    int c = tree_child(v, k, n);
    if (c >= 0) {
      q[nc] = irecv(r, tmp + (size_t)nc * bytes, bytes, real_rank(c, root, n), TAG_REDUCE, CTX_COLL);
      nc++;
    }
  }
  coll_wait(r, q, nc, "MPI_Reduce");
  for (int k = 0; k < nc; k++) combine(acc, tmp + (size_t)k * bytes, count, dt, op);
  spend(r, (uint64_t)nc * count);
  if (p >= 0) {
    q[0] = isend(r, acc, bytes, real_rank(p, root, n), TAG_REDUCE, CTX_COLL);
    coll_wait(r, q, 1, "MPI_Reduce");
  }
  free(tmp);
  if (acc != recvbuf) free(acc);
  return MPI_SUCCESS;
}

static int check_red(nmpi_rank_t *r, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm) {
  if (!r || !r->inited || r->finalized) return MPI_ERR_OTHER;
  if (check_comm(comm)) return MPI_ERR_COMM;
  if (count < 0) return MPI_ERR_COUNT;
  if (!dt_size(dt)) return MPI_ERR_TYPE;
  if (op < MPI_SUM || op > MPI_PROD) return MPI_ERR_OP;
  return MPI_SUCCESS;
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm) {
  nmpi_rank_t *r = me();
  int e = check_red(r, count, dt, op, comm);
  if (!e && (root < 0 || root >= r->w->n)) e = MPI_ERR_ROOT;
  if (e) return fail(r, "MPI_Reduce", e);
  spend(r, CALL_COST);
  if (sendbuf == MPI_IN_PLACE && r->id != root) return fail(r, "MPI_Reduce", MPI_ERR_BUFFER);
  return fail(r, "MPI_Reduce", reduce(r, sendbuf, recvbuf, (size_t)count, dt, op, root));
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm) {
  nmpi_rank_t *r = me();
  int e = check_red(r, count, dt, op, comm);
  if (e) return fail(r, "MPI_Allreduce", e);
  spend(r, CALL_COST);
  size_t bytes = (size_t)count * dt_size(dt);
  if (r->w->tp->allreduce && bytes <= 8) { /* the transport's own combining tree */
    red_arg_t a = {(size_t)count, dt, op};
    if (sendbuf != MPI_IN_PLACE) memcpy(recvbuf, sendbuf, bytes);
    r->where = "MPI_Allreduce";
    r->w->tp->allreduce(r, recvbuf, bytes, comb_cb, &a, progress_cb);
    r->where = NULL;
    return MPI_SUCCESS;
  }
  if (r->id == 0) {
    e = reduce(r, sendbuf, recvbuf, (size_t)count, dt, op, 0);
  } else {
    char *acc = malloc(bytes ? bytes : 1);
    if (!acc) return fail(r, "MPI_Allreduce", MPI_ERR_INTERN);
    memcpy(acc, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, bytes);
    e = reduce(r, acc, recvbuf, (size_t)count, dt, op, 0);
    free(acc);
  }
  if (e) return fail(r, "MPI_Allreduce", e);
  return bcast(r, recvbuf, bytes, 0);
}
