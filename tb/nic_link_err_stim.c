// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for nic_link_err (MAX_BEATS: tb/duts/nic_link_err.mk).
 * Scoreboard: the stimulus predicts the block with its own copy of the generator (xorshift32,
 * four draws per packet, docs/reference/nic_link_err.md): for every packet accepted on s_axis it
 * appends the expected output beats (none if dropped; one bit flipped if corrupted; the packet
 * twice if duplicated and at most MAX_BEATS beats) to a queue; every beat taken from m_axis must
 * be the queue head, and the four counters must equal the reference counts every cycle.
 * Modes (each run ends with a drain; the queue must then be empty):
 *   pass          thresholds 0: m_axis = s_axis in the same cycle, s_axis_tready = m_axis_tready
 *   drop, corrupt, dup   one event at probability 1/4, the others 0
 *   mix           every event at 1e-2, 100000 packets of 1..4 beats at line rate; statistical
 *                 check: each count within 5 standard deviations of its expectation
 *   backpressure  every event at 1/8 with long receiver stalls
 *   random        valid/ready phases, resets with a new seed and new thresholds */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_link_err.h"
#include "nic_lockstep.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/nic_link_err/ls_params.h (tb/duts/nic_link_err.mk) */

LS_DECLARE_STIM(nic_link_err)

#define MAXB LS_PARAM_MAX_BEATS
#define QCAP 4096
#define MIX_PKTS 100000u
#define DIRECTED_CYCLES 200000u
#define DRAIN 400u

enum { M_PASS, M_DROP, M_CORRUPT, M_DUP, M_MIX, M_BP, M_RANDOM };
static const char *const mode_names[] = {"pass", "drop", "corrupt", "dup", "mix", "backpressure", "random"};

typedef struct { uint64_t data, keep, last; } beat_t;

typedef struct {
  nic_rng_t rng;
  int mode;
  nic_link_err_in_t in;
  uint32_t seed, thr_drop, thr_cor, thr_dup;
  /* source */
  int pkt_on;       /* a packet is being offered */
  uint32_t pkt_len, pkt_off;
  int offered;      /* in.s_axis_tvalid held with an unaccepted beat */
  nic_vr_phase_t ph;
  uint64_t starts;  /* packets begun by the source */
  /* reference */
  uint32_t x;       /* generator state: the last draw */
  int r_inpk, r_drop, r_cor, r_dup;
  uint32_t r_tgt, r_bit, r_idx;
  beat_t copy[MAXB];
  beat_t q[QCAP];
  unsigned qh, qn;
  uint32_t c_drop, c_cor, c_dup, c_pkts;
  uint64_t n_drop, n_cor, n_dup, n_pkts, n_long_dup, n_out; /* whole-run totals */
  uint64_t n_fit;  /* not-dropped packets of at most MAXB beats */
  uint64_t cycle, end_cycle;
  int draining, fails;
} st_t;

const char *nic_link_err_stim_modes(void) { return "pass drop corrupt dup mix backpressure random"; }

static void pick_cfg(st_t *s) {
  static const uint32_t t[] = {0, 0, 42949673u, 0x10000000u, 0x40000000u, 0x80000000u, 0xFFFFFFFFu};
  s->seed = (uint32_t)nic_rng_next(&s->rng);
  if (nic_rng_below(&s->rng, 8) == 0) s->seed = 0;
  s->thr_drop = s->thr_cor = s->thr_dup = 0;
  switch (s->mode) {
  case M_DROP: s->thr_drop = 0x40000000u; break;
  case M_CORRUPT: s->thr_cor = 0x40000000u; break;
  case M_DUP: s->thr_dup = 0x40000000u; break;
  case M_MIX: s->thr_drop = s->thr_cor = s->thr_dup = 42949673u; break; /* 1e-2 * 2^32 */
  case M_BP: s->thr_drop = s->thr_cor = s->thr_dup = 0x20000000u; break;
  case M_RANDOM:
    s->thr_drop = t[nic_rng_below(&s->rng, 6)]; /* never all-drop: something must come out */
    s->thr_cor = t[nic_rng_below(&s->rng, 7)];
    s->thr_dup = t[nic_rng_below(&s->rng, 7)];
    break;
  default: break;
  }
}

void *nic_link_err_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  s->mode = -1;
  for (int i = 0; i < (int)(sizeof(mode_names) / sizeof(mode_names[0])); i++)
    if (!strcmp(mode, mode_names[i])) s->mode = i;
  if (s->mode < 0) { free(s); return NULL; }
  nic_rng_seed(&s->rng, seed);
  pick_cfg(s);
  s->end_cycle = (s->mode == M_RANDOM || s->mode == M_MIX) ? ~0ull : DIRECTED_CYCLES;
  return s;
}

void nic_link_err_stim_free(void *p) { free(p); }

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "nic_link_err scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

static uint32_t pkt_len(st_t *s) {
  if (s->mode == M_MIX) return 1 + (uint32_t)nic_rng_below(&s->rng, 4);
  switch (nic_rng_below(&s->rng, 8)) {
  case 0: return MAXB - 2 + (uint32_t)nic_rng_below(&s->rng, 11); /* around the buffer size */
  case 1: return 1;
  default: return 1 + (uint32_t)nic_rng_below(&s->rng, 8);
  }
}

static void new_beat(st_t *s, nic_link_err_in_t *in) {
  in->s_axis_tdata = nic_rng_next(&s->rng);
  in->s_axis_tlast = s->pkt_off + 1 == s->pkt_len;
  in->s_axis_tkeep = in->s_axis_tlast ? (1u << (1 + nic_rng_below(&s->rng, 8))) - 1 : 0xFF;
}

int nic_link_err_stim_next(void *p, uint64_t cycle, const nic_link_err_out_t *prev, nic_link_err_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  if (s->mode == M_MIX && s->starts >= MIX_PKTS && !s->draining && !s->pkt_on) {
    s->draining = 1;
    s->end_cycle = cycle + DRAIN;
  }
  if (cycle >= s->end_cycle) return 0;
  if (s->mode != M_MIX && cycle + DRAIN >= s->end_cycle) s->draining = 1;
  nic_link_err_in_t prev_in = s->in;
  *in = prev_in;
  in->rst_ni = cycle >= 3;
  if (s->mode == M_RANDOM && cycle > 10 && nic_rng_below(&s->rng, 40000) == 0) in->rst_ni = 0;
  if (!in->rst_ni) {
    if (cycle > 0 && prev_in.rst_ni) pick_cfg(s);
    s->pkt_on = s->offered = 0;
    in->s_axis_tvalid = 0;
  }
  in->cfg_seed_i = s->seed;
  in->cfg_drop_thr_i = s->thr_drop;
  in->cfg_corrupt_thr_i = s->thr_cor;
  in->cfg_dup_thr_i = s->thr_dup;
  /* valid / ready willingness */
  nic_vr_phase_step(&s->rng, &s->ph, s->mode == M_BP ? 400 : 150);
  int pv = s->ph.p_valid, pr = s->ph.p_ready;
  if (s->mode == M_MIX) { pv = 100; pr = 100; }
  if (s->mode == M_BP && s->ph.left % 3 == 0) { pv = 100; pr = (int)(s->ph.left % 4) * 5; }
  if (s->draining) pr = 100;
  in->m_axis_tready = (uint64_t)nic_rng_pct(&s->rng, (unsigned)pr);
  if (in->rst_ni && !s->offered) {
    if (!s->pkt_on && !s->draining && nic_rng_pct(&s->rng, (unsigned)pv)) {
      s->pkt_on = 1;
      s->pkt_len = pkt_len(s);
      s->pkt_off = 0;
      s->starts++;
    }
    if (s->pkt_on && nic_rng_pct(&s->rng, (unsigned)(pv ? pv : 5))) {
      new_beat(s, in);
      in->s_axis_tvalid = 1;
      s->offered = 1;
    } else {
      in->s_axis_tvalid = 0;
      in->s_axis_tdata = nic_rng_next(&s->rng);
      in->s_axis_tkeep = nic_rng_next(&s->rng) & 0xFF;
      in->s_axis_tlast = nic_rng_next(&s->rng) & 1;
    }
  }
  s->in = *in;
  return 1;
}

static void push(st_t *s, beat_t b) {
  if (s->qn >= QCAP) { fail(s, "reference queue overflow", s->qn, QCAP); return; }
  s->q[(s->qh + s->qn) % QCAP] = b;
  s->qn++;
}

static void ref_reset(st_t *s, uint32_t seed) {
  s->x = seed ? seed : NIC_LINK_ERR_SEED0;
  s->r_inpk = 0;
  s->qn = 0;
  s->c_drop = s->c_cor = s->c_dup = s->c_pkts = 0;
}

/* one accepted s_axis beat through the reference */
static void ref_beat(st_t *s, const nic_link_err_in_t *in) {
  if (!s->r_inpk) {
    uint32_t d[4];
    for (int i = 0; i < 4; i++) d[i] = s->x = nic_link_err_xs32(s->x);
    s->r_drop = d[0] < (uint32_t)in->cfg_drop_thr_i;
    s->r_cor = !s->r_drop && d[1] < (uint32_t)in->cfg_corrupt_thr_i;
    s->r_dup = !s->r_drop && d[2] < (uint32_t)in->cfg_dup_thr_i;
    s->r_tgt = d[3] % MAXB;
    s->r_bit = d[3] >> 26;
    s->r_idx = 0;
    s->r_inpk = 1;
    s->c_pkts++;
    s->n_pkts++;
    s->c_drop += (uint32_t)s->r_drop;
    s->n_drop += (uint64_t)s->r_drop;
  }
  beat_t b = {in->s_axis_tdata, in->s_axis_tkeep, in->s_axis_tlast};
  if (s->r_cor && (s->r_idx == s->r_tgt || b.last)) {
    unsigned lane = s->r_bit / 8, pos = (b.keep >> lane) & 1 ? s->r_bit : s->r_bit % 8;
    b.data ^= 1ull << pos;
    s->r_cor = 0;
    s->c_cor++;
    s->n_cor++;
  }
  if (!s->r_drop) push(s, b);
  if (s->r_idx < MAXB) s->copy[s->r_idx] = b;
  s->r_idx++;
  if (b.last) {
    s->r_inpk = 0;
    if (!s->r_drop && s->r_idx <= MAXB) s->n_fit++;
    if (s->r_dup && s->r_idx <= MAXB) {
      for (uint32_t i = 0; i < s->r_idx; i++) push(s, s->copy[i]);
      s->c_dup++;
      s->n_dup++;
    } else if (s->r_dup) s->n_long_dup++;
  }
}

/* square root by Newton's method (no libm needed) */
static double sq_root(double v) {
  double r = v > 1.0 ? v : 1.0;
  for (int i = 0; i < 60; i++) r = 0.5 * (r + v / r);
  return v > 0.0 ? r : 0.0;
}

/* the observed count must be within 5 standard deviations of n p (binomial) */
static void stat_check(st_t *s, const char *what, uint64_t got, double n, double p) {
  double e = n * p, tol = 5.0 * sq_root(e * (1.0 - p)), d = (double)got - e;
  fprintf(stderr, "nic_link_err: %s %llu of %.0f (rate %.5f, expected %.5f, tolerance +-%.1f)\n", what,
          (unsigned long long)got, n, n > 0 ? (double)got / n : 0.0, p, tol);
  if (d > tol || -d > tol) fail(s, what, got, (uint64_t)e);
}

int nic_link_err_stim_check(void *p, const nic_link_err_out_t *o) {
  st_t *s = p;
  if (!o) {
    if (s->n_out == 0) fail(s, "no beat delivered", 0, 1);
    if (s->mode != M_RANDOM && s->qn) fail(s, "beats left after the drain", s->qn, 0);
    if (s->mode == M_DROP && !s->n_drop) fail(s, "drop: nothing dropped", 0, 1);
    if (s->mode == M_CORRUPT && !s->n_cor) fail(s, "corrupt: nothing corrupted", 0, 1);
    if (s->mode == M_DUP && (!s->n_dup || !s->n_long_dup)) fail(s, "dup: no copy or no overlong packet", s->n_dup, s->n_long_dup);
    if (s->mode == M_MIX) {
      double pr = 42949673.0 / 4294967296.0, n = (double)s->n_pkts;
      stat_check(s, "dropped", s->n_drop, n, pr);
      stat_check(s, "corrupted", s->n_cor, n, pr * (1.0 - pr));
      stat_check(s, "duplicated", s->n_dup, (double)s->n_fit, pr);
    }
    fprintf(stderr, "nic_link_err: %s: packets %llu, dropped %llu, corrupted %llu, duplicated %llu "
            "(overlong not duplicated %llu), beats out %llu\n", mode_names[s->mode],
            (unsigned long long)s->n_pkts, (unsigned long long)s->n_drop, (unsigned long long)s->n_cor,
            (unsigned long long)s->n_dup, (unsigned long long)s->n_long_dup, (unsigned long long)s->n_out);
    return s->fails;
  }
  const nic_link_err_in_t *in = &s->in;
  int before = s->fails;
  if (!in->rst_ni) { ref_reset(s, (uint32_t)in->cfg_seed_i); return 0; }
  if (o->cnt_pkts_o != s->c_pkts) fail(s, "cnt_pkts_o", o->cnt_pkts_o, s->c_pkts);
  if (o->cnt_drop_o != s->c_drop) fail(s, "cnt_drop_o", o->cnt_drop_o, s->c_drop);
  if (o->cnt_corrupt_o != s->c_cor) fail(s, "cnt_corrupt_o", o->cnt_corrupt_o, s->c_cor);
  if (o->cnt_dup_o != s->c_dup) fail(s, "cnt_dup_o", o->cnt_dup_o, s->c_dup);
  if (s->mode == M_PASS) {
    if (o->s_axis_tready != in->m_axis_tready) fail(s, "pass: s_axis_tready", o->s_axis_tready, in->m_axis_tready);
    if (o->m_axis_tvalid != in->s_axis_tvalid) fail(s, "pass: m_axis_tvalid", o->m_axis_tvalid, in->s_axis_tvalid);
    if (in->s_axis_tvalid && (o->m_axis_tdata != in->s_axis_tdata || o->m_axis_tkeep != in->s_axis_tkeep ||
                              o->m_axis_tlast != in->s_axis_tlast))
      fail(s, "pass: m_axis beat differs from s_axis", o->m_axis_tdata, in->s_axis_tdata);
  }
  if (in->s_axis_tvalid && o->s_axis_tready) {
    ref_beat(s, in);
    s->offered = 0;
    if (++s->pkt_off == s->pkt_len) s->pkt_on = 0;
  }
  if (o->m_axis_tvalid && in->m_axis_tready) {
    if (!s->qn) fail(s, "beat out of an empty link", 1, 0);
    else {
      const beat_t *b = &s->q[s->qh];
      if (o->m_axis_tdata != b->data) fail(s, "m_axis_tdata", o->m_axis_tdata, b->data);
      if (o->m_axis_tkeep != b->keep) fail(s, "m_axis_tkeep", o->m_axis_tkeep, b->keep);
      if (o->m_axis_tlast != b->last) fail(s, "m_axis_tlast", o->m_axis_tlast, b->last);
      s->qh = (s->qh + 1) % QCAP;
      s->qn--;
      s->n_out++;
    }
  }
  return s->fails != before;
}

typedef struct { nic_link_err_t l; } model_t;

void *nic_link_err_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  nic_link_err_cfg_t cfg = {MAXB};
  if (!m || nic_link_err_init(&m->l, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void nic_link_err_model_eval(const void *p, const nic_link_err_in_t *in, nic_link_err_out_t *out) {
  nic_link_err_eval(&((const model_t *)p)->l, in, out);
}
void nic_link_err_model_tick(void *p, const nic_link_err_in_t *in) { nic_link_err_tick(&((model_t *)p)->l, in); }
int nic_link_err_model_check(const void *p) {
  const model_t *m = p;
  if (m->l.buf.collisions) {
    fprintf(stderr, "nic_link_err model: %llu RAM read/write collisions\n",
            (unsigned long long)m->l.buf.collisions);
    return 1;
  }
  return 0;
}
void nic_link_err_model_free(void *p) {
  model_t *m = p;
  nic_link_err_free(&m->l);
  free(m);
}
