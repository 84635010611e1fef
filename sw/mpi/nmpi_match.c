// SPDX-License-Identifier: Apache-2.0
/* nmpi_match: MPI matching shared by every transport (nmpi_int.h).
 * A receive (src, tag, ctx) matches a message (s, t, c) when c == ctx and src is s or
 * MPI_ANY_SOURCE and tag is t or MPI_ANY_TAG. Both queues are kept in arrival / post order and
 * searched from the oldest entry, and a transport delivers the fragments of one source in send
 * order, so two messages from one source to one receive pattern are matched in the order they
 * were sent (MPI's non-overtaking rule). */
#include "nmpi_int.h"

void nmpi_q_init(nmpi_queue_t *q) {
  q->head.next = q->head.prev = &q->head;
  q->n = 0;
}

void nmpi_q_push(nmpi_queue_t *q, nmpi_link_t *l) {
  l->prev = q->head.prev;
  l->next = &q->head;
  q->head.prev->next = l;
  q->head.prev = l;
  q->n++;
}

void nmpi_q_remove(nmpi_queue_t *q, nmpi_link_t *l) {
  l->prev->next = l->next;
  l->next->prev = l->prev;
  l->next = l->prev = l;
  q->n--;
}

static int hit(int want_src, int want_tag, int src, int tag) {
  return (want_src == MPI_ANY_SOURCE || want_src == src) && (want_tag == MPI_ANY_TAG || want_tag == tag);
}

nmpi_req_t *nmpi_match_posted(nmpi_queue_t *posted, int src, int tag, int ctx) {
  for (nmpi_link_t *l = posted->head.next; l != &posted->head; l = l->next) {
    nmpi_req_t *r = NMPI_CONTAINER(l, nmpi_req_t, link);
    if (r->ctx == ctx && hit(r->peer, r->tag, src, tag)) {
      nmpi_q_remove(posted, l);
      return r;
    }
  }
  return NULL;
}

nmpi_ue_t *nmpi_find_unexpected(nmpi_queue_t *unexp, int src, int tag, int ctx) {
  for (nmpi_link_t *l = unexp->head.next; l != &unexp->head; l = l->next) {
    nmpi_ue_t *u = NMPI_CONTAINER(l, nmpi_ue_t, link);
    if (u->ctx == ctx && hit(src, tag, u->src, u->tag)) return u;
  }
  return NULL;
}

nmpi_ue_t *nmpi_match_unexpected(nmpi_queue_t *unexp, int src, int tag, int ctx) {
  nmpi_ue_t *u = nmpi_find_unexpected(unexp, src, tag, ctx);
  if (u) nmpi_q_remove(unexp, &u->link);
  return u;
}
