// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the doorbell rings (one doorbell RAM, a write and a read pointer and a
 * level per ring). A CSR write pushes (or counts an overflow), and at most one pop per cycle
 * reads a ring: a SYS_POP CSR read, the control FSM (receive descriptors) or the prefetcher
 * (send descriptors). */
#include "comet_via_int.h"

/* a CSR write to doorbell ring i: pushed, or counted and flagged when the ring is full */
void cv_db_write(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n, uint32_t i) {
  const comet_via_regs_t *q = &m->r;
  if (q->db_cnt[i] == t->dbd) {
    t->cnt_inc |= 1u << CV_C_DBOVF;
    n->status |= 1u << 4;
  } else {
    t->db_we = 1;
    t->db_waddr = i << m->dbaw | q->db_wp[i];
    t->db_push |= 1u << i;
  }
}

/* request this cycle's doorbell pop from ring `ring` (its RAM read) */
void cv_db_pop_req(cv_tick_t *t, uint32_t ring) {
  t->db_re = 1;
  t->ring = ring;
}

/* the pop's RAM read address, and every ring's pointers and level */
void cv_db_update(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (t->db_re) { /* one doorbell pop per cycle: SYS_POP read, control FSM or prefetcher */
    t->db_raddr = t->ring << m->dbaw | q->db_rp[t->ring];
    t->db_pop |= 1u << t->ring;
  }
  for (uint32_t i = 0; i < t->ndb; i++) {
    uint32_t pu = t->db_push >> i & 1, po = t->db_pop >> i & 1;
    if (pu) n->db_wp[i] = (q->db_wp[i] + 1) & (t->dbd - 1);
    if (po) n->db_rp[i] = (q->db_rp[i] + 1) & (t->dbd - 1);
    n->db_cnt[i] = (q->db_cnt[i] + pu - po) & t->cntmask;
  }
}
