// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for nic_axis_slice (WIDTH: tb/duts/nic_axis_slice.mk).
 * random: valid / ready probabilities change in phases (0..100%), with rare resets.
 * directed: full rate (both sides always willing: a beat every cycle, latency 1), a stalled
 * sink (the slice parks one beat and drops s_ready), and the release (the parked beat first). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_axis_slice.h"
#include "nic_axis_slice_ports.h"
#include "nic_lockstep.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/nic_axis_slice/ls_params.h, generated from tb/duts/nic_axis_slice.mk */

LS_DECLARE_PORTS(nic_axis_slice)
LS_DECLARE_STIM(nic_axis_slice)

#define WIDTH LS_PARAM_WIDTH
#define QCAP 8

typedef struct {
  nic_rng_t rng;
  int mode; /* 0 random, 1 directed */
  nic_axis_slice_in_t in;
  uint64_t q[QCAP];
  unsigned qh, qn;
  uint64_t cycle, pushes, pops, seq;
  nic_vr_phase_t ph;
  int fails;
  uint64_t full_rate_pops; /* directed: pops in the full-rate window */
  int saw_park, saw_unpark;
} st_t;

const char *nic_axis_slice_stim_modes(void) { return "random directed"; }

void *nic_axis_slice_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  nic_rng_seed(&s->rng, seed);
  if (!strcmp(mode, "random")) s->mode = 0;
  else if (!strcmp(mode, "directed")) s->mode = 1;
  else { free(s); return NULL; }
  return s;
}

void nic_axis_slice_stim_free(void *p) { free(p); }

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "nic_axis_slice scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

/* directed script: cycles 0-3 reset; 4-103 both willing; 104-111 source on, sink off;
 * 112-131 sink on, source off (drain) */
#define D_FULL0 4
#define D_FULL1 104
#define D_STALL1 112
#define D_END 132

int nic_axis_slice_stim_next(void *p, uint64_t cycle, const nic_axis_slice_out_t *prev,
                             nic_axis_slice_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  in->rst_ni = cycle >= 2;
  /* data: a sequence number in the low 16 bits (order is visible), random above */
  in->s_data_i = ((nic_rng_next(&s->rng) << 16) | (s->seq & 0xFFFF)) & LS_MASK(WIDTH);
  if (s->mode == 0) {
    nic_vr_phase_step(&s->rng, &s->ph, 100);
    in->s_valid_i = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->ph.p_valid);
    in->m_ready_i = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->ph.p_ready);
    if (cycle > 10 && nic_rng_below(&s->rng, 20000) == 0) in->rst_ni = 0;
  } else {
    if (cycle >= D_END) return 0;
    if (cycle >= D_FULL0 && cycle < D_STALL1) in->s_valid_i = 1;
    if ((cycle >= D_FULL0 && cycle < D_FULL1) || cycle >= D_STALL1) in->m_ready_i = 1;
  }
  s->in = *in;
  return 1;
}

int nic_axis_slice_stim_check(void *p, const nic_axis_slice_out_t *o) {
  st_t *s = p;
  if (!o) {
    if (s->mode == 1) {
      /* beats enter from cycle 4 and leave from cycle 5: 99 pops in cycles 5..103 */
      if (s->full_rate_pops != D_FULL1 - D_FULL0 - 1)
        fail(s, "directed: full-rate window pops", s->full_rate_pops, D_FULL1 - D_FULL0 - 1);
      if (!s->saw_park) fail(s, "directed: a stalled sink never parked a beat", 0, 1);
      if (!s->saw_unpark) fail(s, "directed: the parked beat never left", 0, 1);
      if (s->qn) fail(s, "directed: beats left", s->qn, 0);
    }
    if (s->pops == 0) fail(s, "no data moved", 0, 1);
    return s->fails;
  }
  const nic_axis_slice_in_t *in = &s->in;
  int before = s->fails;
  if (!in->rst_ni) {
    s->qn = 0;
    return 0;
  }
  /* the reference: a queue of at most two beats; valid = not empty, ready = fewer than two
   * beats held (the skid register is full only with the output register full) */
  if (o->m_valid_o != (s->qn > 0)) fail(s, "m_valid_o vs beats held", o->m_valid_o, s->qn > 0);
  if (o->s_ready_o != (s->qn < 2)) fail(s, "s_ready_o vs beats held", o->s_ready_o, s->qn < 2);
  if (s->qn == 2) s->saw_park = 1;
  int pop = o->m_valid_o && in->m_ready_i, push = in->s_valid_i && o->s_ready_o;
  if (pop) {
    if (s->qn == 0) fail(s, "pop from an empty reference", 0, 0);
    else {
      if (o->m_data_o != s->q[s->qh]) fail(s, "m_data_o", o->m_data_o, s->q[s->qh]);
      if (s->qn == 2) s->saw_unpark = 1;
      s->qh = (s->qh + 1) % QCAP;
      s->qn--;
      s->pops++;
      if (s->mode == 1 && s->cycle < D_FULL1) s->full_rate_pops++;
    }
  }
  if (push) {
    if (s->qn >= 2) fail(s, "push into a full slice", s->qn, 1);
    s->q[(s->qh + s->qn) % QCAP] = in->s_data_i;
    s->qn++;
    s->pushes++;
    s->seq++;
  }
  return s->fails != before;
}

typedef struct { nic_axis_slice_t sl; } model_t;

static void to_sig(const nic_axis_slice_in_t *in, nic_axis_slice_sig_in_t *si) {
  memset(si, 0, sizeof(*si));
  si->rst_ni = (int)in->rst_ni;
  si->s_valid = (int)in->s_valid_i;
  si->m_ready = (int)in->m_ready_i;
  si->s_data[0] = in->s_data_i;
}

void *nic_axis_slice_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  nic_axis_slice_init(&m->sl, seed);
  return m;
}

void nic_axis_slice_model_eval(const void *p, const nic_axis_slice_in_t *in, nic_axis_slice_out_t *out) {
  const model_t *m = p;
  (void)in; /* outputs are registers only */
  nic_axis_slice_sig_out_t so;
  nic_axis_slice_eval(&m->sl, &so);
  out->s_ready_o = (uint64_t)so.s_ready;
  out->m_valid_o = (uint64_t)so.m_valid;
  out->m_data_o = so.m_data[0] & LS_MASK(WIDTH);
}

void nic_axis_slice_model_tick(void *p, const nic_axis_slice_in_t *in) {
  model_t *m = p;
  nic_axis_slice_sig_in_t si;
  to_sig(in, &si);
  nic_axis_slice_tick(&m->sl, &si);
}

int nic_axis_slice_model_check(const void *p) {
  (void)p;
  return 0;
}

void nic_axis_slice_model_free(void *p) { free(p); }
