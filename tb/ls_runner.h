// SPDX-License-Identifier: Apache-2.0
/* Generic pieces shared by tb/lockstep_main.cpp and tb/model_main.c: port tables built from
 * the DUT's X-macro port list (cmodel/<dut>_ports.h, included through build/<dut>/ls_dut.h),
 * plusarg parsing and the mismatch history. C and C++. */
#ifndef LS_RUNNER_H
#define LS_RUNNER_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_lockstep.h"
#include "ls_dut.h" /* defines LS_DUT and includes the port X-macros */

#define LS_CAT_(a, b) a##b
#define LS_CAT(a, b) LS_CAT_(a, b)
#define LS_STR_(a) #a
#define LS_STR(a) LS_STR_(a)
#define LS_INPUTS LS_CAT(LS_DUT, _INPUTS)
#define LS_OUTPUTS LS_CAT(LS_DUT, _OUTPUTS)

typedef struct { LS_INPUTS(LS_IN_FIELD) } ls_in_t;
typedef struct { LS_OUTPUTS(LS_OUT_FIELD) } ls_out_t;

#ifdef __cplusplus
extern "C" {
#endif
void *LS_CAT(LS_DUT, _stim_new)(uint64_t seed, const char *mode);
int LS_CAT(LS_DUT, _stim_next)(void *s, uint64_t cycle, const ls_out_t *prev, ls_in_t *in);
int LS_CAT(LS_DUT, _stim_check)(void *s, const ls_out_t *out);
const char *LS_CAT(LS_DUT, _stim_modes)(void);
void LS_CAT(LS_DUT, _stim_free)(void *s);
void *LS_CAT(LS_DUT, _model_new)(uint64_t seed);
void LS_CAT(LS_DUT, _model_eval)(const void *m, const ls_in_t *in, ls_out_t *out);
void LS_CAT(LS_DUT, _model_tick)(void *m, const ls_in_t *in);
int LS_CAT(LS_DUT, _model_check)(const void *m);
void LS_CAT(LS_DUT, _model_free)(void *m);
#ifdef __cplusplus
}
#endif

typedef struct { const char *name; int width; size_t off; } ls_port_t;
#define LS_IN_ENTRY(n, w) {#n, w, offsetof(ls_in_t, n)},
#define LS_OUT_ENTRY(n, w, q) {#n, w, offsetof(ls_out_t, n)},
static const ls_port_t ls_in_ports[] = {LS_INPUTS(LS_IN_ENTRY)};
static const ls_port_t ls_out_ports[] = {LS_OUTPUTS(LS_OUT_ENTRY)};
#define LS_N_IN (sizeof(ls_in_ports) / sizeof(ls_in_ports[0]))
#define LS_N_OUT (sizeof(ls_out_ports) / sizeof(ls_out_ports[0]))

static inline uint64_t ls_get(const void *base, size_t off) { return *(const uint64_t *)((const char *)base + off); }

/* compare mask: which outputs are compared this cycle (qualifier over the model outputs) */
static inline void ls_qual(const ls_out_t *o, unsigned char *q) {
  int i = 0;
  (void)o;
#define LS_Q(n, w, qual) q[i++] = (qual) ? 1 : 0;
  LS_OUTPUTS(LS_Q)
#undef LS_Q
}

/* plusargs: +name=value */
static inline const char *ls_arg(int argc, char **argv, const char *name) {
  size_t n = strlen(name);
  for (int i = 1; i < argc; i++)
    if (argv[i][0] == '+' && !strncmp(argv[i] + 1, name, n) && argv[i][1 + n] == '=') return argv[i] + 2 + n;
  return NULL;
}
static inline uint64_t ls_arg_u64(int argc, char **argv, const char *name, uint64_t dflt) {
  const char *v = ls_arg(argc, argv, name);
  return v ? strtoull(v, NULL, 0) : dflt;
}

/* history ring of the last cycles, printed on a mismatch */
#define LS_HIST_MAX 64
typedef struct {
  uint64_t cycle;
  ls_in_t in;
  ls_out_t model, rtl;
} ls_hist_ent_t;
typedef struct {
  ls_hist_ent_t e[LS_HIST_MAX];
  unsigned n, head;
} ls_hist_t;
static inline void ls_hist_push(ls_hist_t *h, uint64_t cycle, const ls_in_t *in, const ls_out_t *m,
                                const ls_out_t *r) {
  ls_hist_ent_t *e = &h->e[h->head];
  e->cycle = cycle;
  e->in = *in;
  e->model = *m;
  e->rtl = r ? *r : *m;
  h->head = (h->head + 1) % LS_HIST_MAX;
  if (h->n < LS_HIST_MAX) h->n++;
}
static inline void ls_hist_print(const ls_hist_t *h, unsigned last, int with_rtl) {
  if (last > h->n) last = h->n;
  fprintf(stderr, "history (last %u cycles; inputs | model outputs%s):\n", last, with_rtl ? " | rtl where different" : "");
  for (unsigned k = last; k > 0; k--) {
    const ls_hist_ent_t *e = &h->e[(h->head + LS_HIST_MAX - k) % LS_HIST_MAX];
    fprintf(stderr, "  %8llu:", (unsigned long long)e->cycle);
    for (size_t i = 0; i < LS_N_IN; i++)
      fprintf(stderr, " %s=%llx", ls_in_ports[i].name, (unsigned long long)ls_get(&e->in, ls_in_ports[i].off));
    fprintf(stderr, " |");
    for (size_t i = 0; i < LS_N_OUT; i++) {
      uint64_t mv = ls_get(&e->model, ls_out_ports[i].off), rv = ls_get(&e->rtl, ls_out_ports[i].off);
      fprintf(stderr, " %s=%llx", ls_out_ports[i].name, (unsigned long long)mv);
      if (with_rtl && mv != rv) fprintf(stderr, "(rtl %llx)", (unsigned long long)rv);
    }
    fprintf(stderr, "\n");
  }
}
#endif
