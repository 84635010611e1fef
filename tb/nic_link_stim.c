// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for nic_link (LATENCY: tb/duts/nic_link.mk).
 * Scoreboard (independent of the RTL structure): every accepted beat must come out once, in
 * order, unchanged; m_axis_tvalid must be 1 exactly when the oldest beat in flight was accepted
 * LATENCY or more cycles ago; s_axis_tready = receive buffer (capacity FDEPTH+1) has a RAM slot;
 * dbg_count_o = beats held, dbg_mature_o = beats arrived before this cycle and not taken.
 * Modes: random (valid/ready phases incl. back-pressure storms, resets), latency (directed:
 * isolated beats, a line-rate burst, a full stall, drain), backpressure (long storms). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_link.h"
#include "nic_lockstep.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/nic_link/ls_params.h, generated from tb/duts/nic_link.mk */

LS_DECLARE_STIM(nic_link)

#define LATENCY LS_PARAM_LATENCY
#define QCAP 256

typedef struct { uint64_t data, keep, last, acc; } beat_t;

typedef struct {
  nic_rng_t rng;
  int mode; /* 0 random, 1 latency, 2 backpressure */
  nic_link_in_t in;
  uint32_t fdepth;
  beat_t q[QCAP];
  unsigned qh, qn;
  uint64_t cycle, accepted, delivered;
  int p_valid, p_ready, phase_left;
  int fails;
  int saw_full, burst_stall;
  uint64_t lat_min, lat_max, lat_n;
  int bench;
} st_t;

const char *nic_link_stim_modes(void) { return "random latency backpressure bench"; }

void *nic_link_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  nic_rng_seed(&s->rng, seed);
  if (!strcmp(mode, "random")) s->mode = 0;
  else if (!strcmp(mode, "latency")) s->mode = 1;
  else if (!strcmp(mode, "backpressure")) s->mode = 2;
  else if (!strcmp(mode, "bench")) { s->mode = 1; s->bench = 1; } /* latency, printing figures */
  else { free(s); return NULL; }
  s->fdepth = 1;
  while (s->fdepth < LATENCY + 2) s->fdepth <<= 1;
  s->lat_min = ~0ull;
  return s;
}

void nic_link_stim_free(void *p) { free(p); }

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "nic_link scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

int nic_link_stim_next(void *p, uint64_t cycle, const nic_link_out_t *prev, nic_link_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  if (s->mode == 2 && cycle >= 200000) return 0; /* storms: a fixed-length directed run */
  memset(in, 0, sizeof(*in));
  in->rst_ni = cycle >= 3;
  in->s_axis_tdata = nic_rng_next(&s->rng);
  in->s_axis_tkeep = nic_rng_next(&s->rng) & 0xFF;
  in->s_axis_tlast = nic_rng_below(&s->rng, 5) == 0;
  if (s->mode == 0 || s->mode == 2) {
    if (s->phase_left-- <= 0) {
      static const int pv[] = {0, 10, 50, 90, 100};
      s->p_valid = pv[nic_rng_below(&s->rng, 5)];
      s->p_ready = pv[nic_rng_below(&s->rng, 5)];
      if (s->mode == 2 && nic_rng_pct(&s->rng, 60)) { s->p_valid = 100; s->p_ready = (int)nic_rng_below(&s->rng, 3) * 10; }
      s->phase_left = (int)nic_rng_below(&s->rng, s->mode == 2 ? 400 : 150);
    }
    in->s_axis_tvalid = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->p_valid);
    in->m_axis_tready = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->p_ready);
    if (cycle > 10 && nic_rng_below(&s->rng, 30000) == 0) in->rst_ni = 0;
  } else {
    /* latency: t 3..: 10 isolated beats every 20 cycles (ready=1); 60-beat line-rate burst;
     * 40 cycles of valid with the receiver stalled (must fill); drain with ready=1. */
    uint64_t t = cycle;
    const uint64_t t0 = 4, t1 = t0 + 200, t2 = t1 + 60, t3 = t2 + 40 + 2 * s->fdepth, t4 = t3 + 80 + 3 * LATENCY;
    in->m_axis_tready = 1;
    if (t >= t0 && t < t1) in->s_axis_tvalid = ((t - t0) % 20) == 0;
    else if (t >= t1 && t < t2) in->s_axis_tvalid = 1;
    else if (t >= t2 && t < t3) { in->s_axis_tvalid = 1; in->m_axis_tready = 0; }
    else if (t >= t4) return 0;
  }
  s->in = *in;
  return 1;
}

int nic_link_stim_check(void *p, const nic_link_out_t *o) {
  st_t *s = p;
  if (!o) {
    if (s->delivered == 0) fail(s, "no beat delivered", 0, 1);
    if (s->mode == 1) {
      if (s->qn) fail(s, "latency: beats left in the link", s->qn, 0);
      if (!s->saw_full) fail(s, "latency: link never back-pressured", 0, 1);
      if (s->burst_stall) fail(s, "latency: tready dropped during a line-rate burst", 1, 0);
      if (s->lat_min != LATENCY) fail(s, "latency: minimum latency", s->lat_min, LATENCY);
    }
    if (s->bench && s->delivered)
      printf("bench: aotf.link_latency_cycles %llu\n", (unsigned long long)s->lat_min);
    if (s->mode != 0 || s->fails)
      fprintf(stderr, "nic_link: beats %llu, latency min %llu max %llu (LATENCY=%d)\n",
              (unsigned long long)s->delivered, (unsigned long long)s->lat_min,
              (unsigned long long)s->lat_max, LATENCY);
    return s->fails;
  }
  const nic_link_in_t *in = &s->in;
  int before = s->fails;
  if (!in->rst_ni) { s->qn = 0; return 0; }
  uint64_t c = s->cycle;
  /* occupancy, ready, valid and matured count against the reference queue */
  if (o->dbg_count_o != s->qn) fail(s, "dbg_count_o", o->dbg_count_o, s->qn);
  unsigned ram = s->qn - (s->qn > 0);
  if (o->s_axis_tready != (ram < s->fdepth)) fail(s, "s_axis_tready", o->s_axis_tready, ram < s->fdepth);
  int exp_valid = s->qn > 0 && c - s->q[s->qh].acc >= LATENCY;
  if (o->m_axis_tvalid != (uint64_t)exp_valid) fail(s, "m_axis_tvalid", o->m_axis_tvalid, (uint64_t)exp_valid);
  unsigned mat = 0;
  for (unsigned k = 0; k < s->qn; k++)
    if (s->q[(s->qh + k) % QCAP].acc + LATENCY < c) mat++;
  if (o->dbg_mature_o != mat) fail(s, "dbg_mature_o", o->dbg_mature_o, mat);
  if (!o->s_axis_tready) s->saw_full = 1;
  if (s->mode == 1 && c >= 4 + 200 && c < 4 + 260 && !o->s_axis_tready) s->burst_stall = 1;
  /* transfers */
  if (o->m_axis_tvalid && in->m_axis_tready) {
    if (!s->qn) fail(s, "beat out of an empty link", 1, 0);
    else {
      const beat_t *b = &s->q[s->qh];
      if (o->m_axis_tdata != b->data) fail(s, "m_axis_tdata", o->m_axis_tdata, b->data);
      if (o->m_axis_tkeep != b->keep) fail(s, "m_axis_tkeep", o->m_axis_tkeep, b->keep);
      if (o->m_axis_tlast != b->last) fail(s, "m_axis_tlast", o->m_axis_tlast, b->last);
      uint64_t lat = c - b->acc;
      if (lat < s->lat_min) s->lat_min = lat;
      if (lat > s->lat_max) s->lat_max = lat;
      s->qh = (s->qh + 1) % QCAP;
      s->qn--;
      s->delivered++;
    }
  }
  if (in->s_axis_tvalid && o->s_axis_tready) {
    if (s->qn >= QCAP) fail(s, "reference queue overflow", s->qn, QCAP);
    else {
      beat_t b = {in->s_axis_tdata, in->s_axis_tkeep, in->s_axis_tlast, c};
      s->q[(s->qh + s->qn) % QCAP] = b;
      s->qn++;
      s->accepted++;
    }
  }
  return s->fails != before;
}

typedef struct { nic_link_t l; } model_t;

void *nic_link_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  nic_link_cfg_t cfg = {LATENCY};
  if (!m || nic_link_init(&m->l, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void nic_link_model_eval(const void *p, const nic_link_in_t *in, nic_link_out_t *out) {
  nic_link_eval(&((const model_t *)p)->l, in, out);
}
void nic_link_model_tick(void *p, const nic_link_in_t *in) { nic_link_tick(&((model_t *)p)->l, in); }
int nic_link_model_check(const void *p) {
  const model_t *m = p;
  if (m->l.fifo.ram.collisions) {
    fprintf(stderr, "nic_link model: %llu RAM read/write collisions\n",
            (unsigned long long)m->l.fifo.ram.collisions);
    return 1;
  }
  return 0;
}
void nic_link_model_free(void *p) {
  model_t *m = p;
  nic_link_free(&m->l);
  free(m);
}
