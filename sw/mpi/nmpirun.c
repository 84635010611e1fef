// SPDX-License-Identifier: Apache-2.0
/* nmpirun: runs an MPI program built by nmpicc on N simulated nodes.
 *   nmpirun -n N [--nic comet|aotf] [--backend model|rtl|lockstep] [--seed S] [--cost default|zero]
 *           [--eager-max BYTES] [--max-cycles C] [--stats] prog.so [args...]
 *
 * The program is a position-independent shared object (nmpicc). It is copied to N temporary
 * files and each copy is dlopen'ed RTLD_LOCAL, so every rank has its own globals, as separate
 * processes would; the MPI_* references of every copy bind to this launcher's exported
 * functions. Each rank's `main` runs as a coroutine (ucontext) on its own 8 MiB stack. A rank
 * runs until it waits in the message layer (nothing to do, or the NIC busy), then the launcher
 * resumes the rank with the earliest host clock (ties: lowest rank), so the run follows
 * simulated time and is the same on every run with the same seed. stdout is shared and appears
 * in that order. Ends with the highest exit status of the ranks' mains; 2 when a run passes
 * --max-cycles (a deadlock: every rank still running is listed with the call it waits in). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include "nmpi_aotf.h"
#include "nmpi_comet.h"
#include "nmpi_int.h"

#define STACK_BYTES (8u << 20)
/* messages above this many bytes use the rendezvous protocol (NMPI_EAGER_MAX, --eager-max);
 * with receives posted ahead rendezvous never beats eager up to 64 KiB on Comet (1.722 vs 1.740
 * bytes/cycle at 64 KiB), so the switch only bounds the receiver's unexpected-message buffer */
#define NMPI_EAGER_MAX_DEFAULT ((size_t)65536)

typedef int (*main_fn)(int, char **);
typedef struct {
  ucontext_t ctx;
  void *stack, *dl;
  main_fn main;
  int argc;
  char **argv;
} co_t;

typedef struct {
  ucontext_t main_ctx;
  co_t *co;
} sched_t;

static void yield_to_sched(nmpi_world_t *w) {
  sched_t *s = w->sched;
  nmpi_rank_t *r = w->cur;
  swapcontext(&s->co[r->id].ctx, &s->main_ctx);
}

static void trampoline(void) {
  nmpi_world_t *w = nmpi_world;
  nmpi_rank_t *r = w->cur;
  sched_t *s = w->sched;
  co_t *c = &s->co[r->id];
  int code = c->main(c->argc, c->argv);
  r = w->cur;
  nmpi_rank_exit(r);
  r->exit_code = code;
  r->done = 1;
  swapcontext(&c->ctx, &s->main_ctx);
}

__attribute__((noinline)) static void co_make(co_t *c) {
  c->stack = malloc(STACK_BYTES);
  getcontext(&c->ctx);
  c->ctx.uc_stack.ss_sp = c->stack;
  c->ctx.uc_stack.ss_size = STACK_BYTES;
  c->ctx.uc_link = NULL;
  makecontext(&c->ctx, trampoline, 0);
}

/* the AOTF transport runs each rank inside its nic_sim host program */
static int run_main_aotf(nmpi_rank_t *r) {
  sched_t *s = r->w->sched;
  co_t *c = &s->co[r->id];
  r->w->cur = r;
  int code = c->main(c->argc, c->argv);
  r = &r->w->rank[r->id];
  r->w->cur = r;
  nmpi_rank_exit(r);
  r->exit_code = code;
  r->done = 1;
  return code;
}

static void report_stuck(nmpi_world_t *w) {
  for (int i = 0; i < w->n; i++) {
    nmpi_rank_t *r = &w->rank[i];
    if (r->done) continue;
    fprintf(stderr, "nmpirun: rank %d waits in %s (posted receives %zu, unexpected %zu, sends queued %zu)\n", i,
            r->where ? r->where : "(program code)", r->posted.n, r->unexpected.n, r->sendq_n);
  }
}

static void *load_copy(const char *path, int rank) {
  FILE *in = fopen(path, "rb");
  if (!in) return NULL;
  char tmp[64];
  snprintf(tmp, sizeof tmp, "/tmp/nmpi-%d-%d-XXXXXX", (int)getpid(), rank);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fclose(in);
    return NULL;
  }
  FILE *out = fdopen(fd, "wb");
  char buf[65536];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, k, out);
  fclose(in);
  fclose(out);
  void *h = dlopen(tmp, RTLD_NOW | RTLD_LOCAL);
  if (!h) fprintf(stderr, "nmpirun: %s\n", dlerror());
  unlink(tmp);
  return h;
}

/* run the rank with the earliest host clock until every main returned; -1 past max_cycles */
__attribute__((noinline)) static int run_ranks(nmpi_world_t *w, sched_t *sch) {
  int n = w->n;
  for (;;) {
    int pick = -1;
    uint64_t best = 0;
    for (int i = 0; i < n; i++) {
      if (w->rank[i].done) continue;
      uint64_t t = w->tp->now(&w->rank[i]);
      if (pick < 0 || t < best) {
        pick = i;
        best = t;
      }
    }
    if (pick < 0) return 0;
    if (best > w->max_cycles) {
      fflush(stdout);
      fprintf(stderr, "nmpirun: no progress after %llu cycles (deadlock?)\n", (unsigned long long)best);
      for (int i = 0; i < n; i++)
        if (!w->rank[i].done)
          fprintf(stderr, "nmpirun: rank %d waits in %s (posted receives %zu, unexpected %zu, sends queued %zu)\n", i,
                  w->rank[i].where ? w->rank[i].where : "(program code)", w->rank[i].posted.n, w->rank[i].unexpected.n,
                  w->rank[i].sendq_n);
      for (int i = 0; i < n; i++) {
        nmpi_rank_t *r = &w->rank[i];
        for (nmpi_link_t *l = r->posted.head.next; l != &r->posted.head; l = l->next) {
          nmpi_req_t *q = NMPI_CONTAINER(l, nmpi_req_t, link);
          fprintf(stderr, "nmpirun: rank %d: receive posted: source %d tag %d%s\n", i, q->peer, q->tag,
                  q->ctx ? " (collective)" : "");
        }
        for (nmpi_link_t *l = r->unexpected.head.next; l != &r->unexpected.head; l = l->next) {
          nmpi_ue_t *u = NMPI_CONTAINER(l, nmpi_ue_t, link);
          fprintf(stderr, "nmpirun: rank %d: unexpected: source %d tag %d%s, %zu bytes\n", i, u->src, u->tag,
                  u->ctx ? " (collective)" : "", u->len);
        }
        w->tp->report(r);
      }
      return -1;
    }
    w->cur = &w->rank[pick];
    swapcontext(&sch->main_ctx, &sch->co[pick].ctx);
  }
}

static void usage(void) {
  fprintf(stderr,
          "usage: nmpirun -n N [--nic comet|aotf] [--backend model|rtl|lockstep] [--seed S] [--cost default|zero]\n"
          "               [--eager-max BYTES] [--max-cycles C] [--stats] prog.so [args...]\n");
  exit(2);
}

int main(int argc, char **argv) {
  int n = 0, ai = 1, stats = 0, zero = 0;
  const char *nic = "comet", *backend = "model";
  uint64_t seed = 1, max_cycles = 200000000ull;
  long eager = -1;
  const char *env = getenv("NMPI_EAGER_MAX");
  if (env) eager = atol(env);
  for (; ai < argc && argv[ai][0] == '-'; ai++) {
    const char *o = argv[ai];
    if (!strcmp(o, "--stats")) { stats = 1; continue; }
    if (ai + 1 >= argc) usage();
    const char *v = argv[++ai];
    if (!strcmp(o, "-n") || !strcmp(o, "-np")) n = atoi(v);
    else if (!strcmp(o, "--nic")) nic = v;
    else if (!strcmp(o, "--backend")) backend = v;
    else if (!strcmp(o, "--seed")) seed = strtoull(v, NULL, 0);
    else if (!strcmp(o, "--cost")) zero = !strcmp(v, "zero");
    else if (!strcmp(o, "--eager-max")) eager = atol(v);
    else if (!strcmp(o, "--max-cycles")) max_cycles = strtoull(v, NULL, 0);
    else usage();
  }
  if (n < 1 || ai >= argc) usage();
  int aotf = !strcmp(nic, "aotf");
  if (!aotf && strcmp(nic, "comet")) {
    fprintf(stderr, "nmpirun: --nic comet|aotf\n");
    return 2;
  }
  if (!aotf && n > 16) {
    fprintf(stderr, "nmpirun: --nic comet runs up to 16 ranks (star:16)\n");
    return 2;
  }
  static nmpi_world_t world;
  nmpi_world_t *w = &world;
  w->n = n;
  w->stats = stats;
  w->max_cycles = max_cycles;
  w->eager_max = eager >= 0 ? (size_t)eager : NMPI_EAGER_MAX_DEFAULT;
  w->rank = calloc((size_t)n, sizeof *w->rank);
  sched_t sch;
  memset(&sch, 0, sizeof sch);
  sch.co = calloc((size_t)n, sizeof *sch.co);
  w->sched = &sch;
  w->yield = yield_to_sched;
  nmpi_world = w;
  nmpi_comet_t *ct = NULL;
  nmpi_aotf_t *at = NULL;
  /* the transport sets the credit window first: the ranks' credits start from it */
  w->window = 1;
  for (int i = 0; i < n; i++) w->rank[i].w = w;
  if (aotf)
    at = nmpi_aotf_open(w, backend, seed, zero, run_main_aotf);
  else
    ct = nmpi_comet_open(w, backend, seed, zero);
  if (!ct && !at) return 2;
  for (int i = 0; i < n; i++) {
    void *tp = w->rank[i].tp;
    if (nmpi_rank_init(w, &w->rank[i], i)) return 2;
    w->rank[i].tp = tp;
  }
  for (int i = 0; i < n; i++) {
    co_t *c = &sch.co[i];
    c->dl = load_copy(argv[ai], i);
    if (!c->dl) {
      fprintf(stderr, "nmpirun: cannot load %s\n", argv[ai]);
      return 2;
    }
    c->main = (main_fn)(uintptr_t)dlsym(c->dl, "main");
    if (!c->main) {
      fprintf(stderr, "nmpirun: %s has no main\n", argv[ai]);
      return 2;
    }
    c->argc = argc - ai;
    c->argv = calloc((size_t)c->argc + 1, sizeof *c->argv);
    for (int k = 0; k < c->argc; k++) c->argv[k] = strdup(argv[ai + k]);
    if (!aotf) co_make(c);
  }
  if (at) {
    int e = nmpi_aotf_run(at, max_cycles);
    if (e) {
      fflush(stdout);
      fprintf(stderr, "nmpirun: %s after %llu cycles\n", e == -2 ? "lockstep mismatch" : "no progress (deadlock?)",
              (unsigned long long)nmpi_aotf_cycle(at));
      report_stuck(w);
      return e == -2 ? 3 : 2;
    }
  } else if (run_ranks(w, &sch)) {
    return 2;
  }
  int rc = 0;
  fflush(stdout);
  uint64_t end = 0;
  for (int i = 0; i < n; i++) {
    nmpi_rank_t *r = &w->rank[i];
    w->tp->report(r);
    if (r->exit_code > rc) rc = r->exit_code;
    uint64_t t = w->tp->now(r);
    if (t > end) end = t;
    if (stats)
      fprintf(stderr, "nmpi: rank %d: messages sent %llu received %llu, fragments out %llu in %llu, acks %llu, "
              "unexpected queue max %llu\n", i, (unsigned long long)r->sent_msgs, (unsigned long long)r->recv_msgs,
              (unsigned long long)r->frags_out, (unsigned long long)r->frags_in, (unsigned long long)r->acks_out,
              (unsigned long long)r->unexpected_max);
  }
  int nic_bad = ct ? nmpi_comet_errors(ct) : 0;
  fprintf(stderr, "nmpirun: %d ranks nic=%s backend=%s seed=%llu cycles=%llu unreceived=%d nic_errors=%d exit=%d\n", n,
          nic, backend, (unsigned long long)seed, (unsigned long long)end, w->unreceived, nic_bad, rc);
  if (nic_bad && !rc) rc = 3;
  for (int i = 0; i < n; i++) nmpi_rank_fini(&w->rank[i]);
  if (ct) nmpi_comet_close(ct);
  if (at) nmpi_aotf_close(at);
  return rc;
}
