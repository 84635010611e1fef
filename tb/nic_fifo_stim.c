// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for nic_fifo (DEPTH, WIDTH: tb/duts/nic_fifo.mk). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_fifo.h"
#include "nic_fifo_ports.h"
#include "nic_lockstep.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/nic_fifo/ls_params.h, generated from tb/duts/nic_fifo.mk */

LS_DECLARE_PORTS(nic_fifo)
LS_DECLARE_STIM(nic_fifo)

#define DEPTH LS_PARAM_DEPTH
#define WIDTH LS_PARAM_WIDTH
#define QCAP 64

typedef struct {
  nic_rng_t rng;
  int mode; /* 0 random, 1 directed */
  nic_fifo_in_t in; /* last driven (lockstep struct) */
  uint64_t q[QCAP];
  unsigned qh, qn;
  uint64_t cycle, pushes, pops;
  nic_vr_phase_t ph;
  int fails;
  int step; /* directed script position */
  int saw_full, saw_bypass1;
  int prev_push_into_empty;
} st_t;

const char *nic_fifo_stim_modes(void) { return "random directed"; }

void *nic_fifo_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  nic_rng_seed(&s->rng, seed);
  if (!strcmp(mode, "random")) s->mode = 0;
  else if (!strcmp(mode, "directed")) s->mode = 1;
  else { free(s); return NULL; }
  return s;
}

void nic_fifo_stim_free(void *p) { free(p); }

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "nic_fifo scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

int nic_fifo_stim_next(void *p, uint64_t cycle, const nic_fifo_out_t *prev, nic_fifo_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  in->rst_ni = cycle >= 2;
  in->s_data_i = nic_rng_next(&s->rng) & LS_MASK(WIDTH);
  if (s->mode == 0) {
    nic_vr_phase_step(&s->rng, &s->ph, 200);
    in->s_valid_i = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->ph.p_valid);
    in->m_ready_i = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->ph.p_ready);
    if (cycle > 10 && nic_rng_below(&s->rng, 20000) == 0) in->rst_ni = 0;
  } else {
    /* directed: (a) single write into empty -> visible next cycle; (b) fill to full with the
     * sink stalled; (c) drain at full rate while writing; (d) drain to empty. */
    uint64_t t = cycle;
    if (t < 4) { /* reset */ }
    else if (t == 4) in->s_valid_i = 1;                       /* bypass write */
    else if (t == 5) in->m_ready_i = 1;                       /* pop it */
    else if (t < 5 + 2 + DEPTH + 4) in->s_valid_i = 1;        /* fill, sink stalled */
    else if (t < 5 + 2 + DEPTH + 4 + 40) { in->s_valid_i = 1; in->m_ready_i = 1; }
    else if (t < 5 + 2 + DEPTH + 4 + 40 + DEPTH + 6) in->m_ready_i = 1;
    else return 0;
  }
  s->in = *in;
  return 1;
}

int nic_fifo_stim_check(void *p, const nic_fifo_out_t *o) {
  st_t *s = p;
  if (!o) {
    if (s->mode == 1) {
      if (!s->saw_full) fail(s, "directed: FIFO never reported full", 0, 1);
      if (!s->saw_bypass1) fail(s, "directed: write into empty not visible next cycle", 0, 1);
      if (s->qn) fail(s, "directed: entries left", s->qn, 0);
    }
    if (s->pops == 0) fail(s, "no data moved", 0, 1);
    return s->fails;
  }
  const nic_fifo_in_t *in = &s->in;
  int before = s->fails;
  if (!in->rst_ni) { /* state is cleared at this edge */
    s->qn = 0;
    s->prev_push_into_empty = 0;
    return 0;
  }
  /* invariants against the reference occupancy */
  if (o->count_o != s->qn) fail(s, "count_o", o->count_o, s->qn);
  if (o->ram_empty_o != (s->qn == o->m_valid_o)) fail(s, "ram_empty_o", o->ram_empty_o, s->qn == o->m_valid_o);
  if (o->m_valid_o != (s->qn > 0)) fail(s, "m_valid_o vs occupancy", o->m_valid_o, s->qn > 0);
  uint64_t ram = s->qn - (s->qn > 0);
  if (o->s_ready_o != (ram < DEPTH)) fail(s, "s_ready_o", o->s_ready_o, ram < DEPTH);
  if (s->prev_push_into_empty && o->m_valid_o) s->saw_bypass1 = 1;
  if (!o->s_ready_o) s->saw_full = 1;
  int pop = o->m_valid_o && in->m_ready_i, push = in->s_valid_i && o->s_ready_o;
  if (pop) {
    if (s->qn == 0) fail(s, "pop from empty reference", 0, 0);
    else {
      if (o->m_data_o != s->q[s->qh]) fail(s, "m_data_o", o->m_data_o, s->q[s->qh]);
      s->qh = (s->qh + 1) % QCAP;
      s->qn--;
      s->pops++;
    }
  }
  s->prev_push_into_empty = push && s->qn == 0;
  if (push) {
    s->q[(s->qh + s->qn) % QCAP] = in->s_data_i;
    s->qn++;
    s->pushes++;
  }
  return s->fails != before;
}

typedef struct { nic_fifo_t f; } model_t;

void *nic_fifo_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  if (nic_fifo_init(&m->f, DEPTH, WIDTH, seed)) { free(m); return NULL; }
  return m;
}

void nic_fifo_model_eval(const void *p, const nic_fifo_in_t *in, nic_fifo_out_t *out) {
  const model_t *m = p;
  uint64_t d[NIC_RAM_MAXW] = {in->s_data_i};
  nic_fifo_sig_in_t si = {(int)in->rst_ni, (int)in->s_valid_i, (int)in->m_ready_i, d};
  nic_fifo_sig_out_t so;
  nic_fifo_eval(&m->f, &si, &so);
  out->s_ready_o = (uint64_t)so.s_ready;
  out->m_valid_o = (uint64_t)so.m_valid;
  out->m_data_o = so.m_data[0] & LS_MASK(WIDTH);
  out->count_o = so.count;
  out->ram_empty_o = so.ram_empty;
  out->ram_data_o = so.ram_data[0] & LS_MASK(WIDTH);
  out->byp_data_o = so.byp_data[0] & LS_MASK(WIDTH);
  out->byp_sel_o = (uint64_t)so.byp_sel;
}

void nic_fifo_model_tick(void *p, const nic_fifo_in_t *in) {
  model_t *m = p;
  uint64_t d[NIC_RAM_MAXW] = {in->s_data_i};
  nic_fifo_sig_in_t si = {(int)in->rst_ni, (int)in->s_valid_i, (int)in->m_ready_i, d};
  nic_fifo_tick(&m->f, &si);
}

int nic_fifo_model_check(const void *p) {
  const model_t *m = p;
  if (m->f.ram.collisions) {
    fprintf(stderr, "nic_fifo model: %llu RAM read/write collisions\n",
            (unsigned long long)m->f.ram.collisions);
    return 1;
  }
  return 0;
}

void nic_fifo_model_free(void *p) {
  model_t *m = p;
  nic_fifo_free(&m->f);
  free(m);
}
