// SPDX-License-Identifier: Apache-2.0
/* nic_sim: host coroutines + backends; see nic_sim.h. */
#define _XOPEN_SOURCE 700
#include "nic_sim.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include "nic_backend.h"

#define STACK_BYTES (512 * 1024)
#define STQ 64
#define RESET_CYCLES 4

typedef struct {
  uint64_t due;
  uint32_t addr;
  uint64_t data;
  uint8_t be;
} posted_t;

struct nic_host {
  nic_hosts_t *hs;
  nic_sim_t *sim; /* NULL when the hosts are driven by a lockstep stimulus */
  int node;
  ucontext_t ctx;
  char *stack;
  nic_host_prog_t prog;
  void *arg;
  int running, done;
  posted_t stq[STQ];
  unsigned stq_head, stq_n;
  int hr_req;
  uint32_t hr_addr;
  int hr_wait, hr_done;
  uint64_t hr_data;
  int csr_req, csr_we, csr_wait, csr_done;
  uint16_t csr_addr;
  uint32_t csr_wdata, csr_rdata;
  int irq;
  /* latency probe: one kick, then an LLCM read every cycle until the value shows */
  int probe, probe_acc, probe_done;
  uint32_t probe_st_addr, probe_hr_addr;
  uint64_t probe_st_data, probe_mask, probe_want, probe_t_acc, probe_lat;
  uint8_t probe_st_be;
  uint64_t probe_q[64];
  unsigned probe_qh, probe_qn;
  void (*hook)(nic_host_t *h, void *ctx);
  void *hook_ctx;
  int in_hook;
};

struct nic_hosts {
  nic_host_cost_t cost;
  uint64_t cycle;
  ucontext_t main_ctx;
  nic_host_t host[NIC_SIM_NODES];
};

struct nic_sim {
  const nic_backend_t *be[2]; /* [1] only for lockstep */
  void *bs[2];
  int nbe;
  const char *name;
  uint64_t mismatches;
  nic_hosts_t hs;
  aotf_system2_in_t in;
  aotf_system2_out_t out;
};

/* ------------------------------------------------------------------ lockstep compare */
typedef struct { const char *name; int width; size_t off; } port_t;
#define OUT_ENTRY(n, w, q) {#n, w, offsetof(aotf_system2_out_t, n)},
static const port_t out_ports[] = {aotf_system2_OUTPUTS(OUT_ENTRY)};
#define N_OUT (sizeof(out_ports) / sizeof(out_ports[0]))

static int compare(nic_sim_t *s, const aotf_system2_out_t *m, const aotf_system2_out_t *r) {
  unsigned char q[N_OUT];
  int i = 0, bad = 0;
  const aotf_system2_out_t *o = m;
  (void)o;
#define Q(n, w, qual) q[i++] = (qual) ? 1 : 0;
  aotf_system2_OUTPUTS(Q)
#undef Q
  for (size_t k = 0; k < N_OUT; k++) {
    uint64_t mv = *(const uint64_t *)((const char *)m + out_ports[k].off) & LS_MASK(out_ports[k].width);
    uint64_t rv = *(const uint64_t *)((const char *)r + out_ports[k].off) & LS_MASK(out_ports[k].width);
    if (q[k] && mv != rv) {
      if (!s->mismatches)
        fprintf(stderr, "nic_sim lockstep MISMATCH cycle=%llu signal=%s rtl=0x%llx model=0x%llx\n",
                (unsigned long long)s->hs.cycle, out_ports[k].name, (unsigned long long)rv, (unsigned long long)mv);
      bad = 1;
    }
  }
  return bad;
}

/* ------------------------------------------------------------------ open / close */
nic_sim_t *nic_sim_open(const char *backend, uint64_t seed, const nic_host_cost_t *cost, const char *fst) {
  nic_sim_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  s->hs.cost = cost ? *cost : NIC_HOST_COST_PAPER;
  const nic_backend_t *rtl = nic_backend_rtl_get();
  if (!strcmp(backend, "model")) {
    s->be[0] = &nic_backend_model;
    s->nbe = 1;
  } else if (!strcmp(backend, "rtl") || !strcmp(backend, "lockstep")) {
    if (!rtl) {
      fprintf(stderr, "nic_sim: this program was built without the Verilated RTL backend\n");
      free(s);
      return NULL;
    }
    s->be[0] = rtl;
    s->nbe = 1;
    if (!strcmp(backend, "lockstep")) {
      s->be[1] = &nic_backend_model;
      s->nbe = 2;
    }
  } else {
    fprintf(stderr, "nic_sim: unknown backend '%s' (model, rtl, lockstep)\n", backend);
    free(s);
    return NULL;
  }
  s->name = backend;
  for (int b = 0; b < s->nbe; b++) {
    s->bs[b] = s->be[b]->open(seed, b == 0 ? fst : NULL);
    if (!s->bs[b]) {
      fprintf(stderr, "nic_sim: backend %s failed to open\n", s->be[b]->name);
      return NULL;
    }
  }
  for (int n = 0; n < NIC_SIM_NODES; n++) {
    s->hs.host[n].hs = &s->hs;
    s->hs.host[n].sim = s;
    s->hs.host[n].node = n;
  }
  /* reset */
  memset(&s->in, 0, sizeof(s->in));
  for (int c = 0; c < RESET_CYCLES; c++) {
    for (int b = 0; b < s->nbe; b++) {
      aotf_system2_out_t o;
      s->be[b]->eval(s->bs[b], &s->in, &o);
      s->be[b]->tick(s->bs[b], &s->in);
    }
    s->hs.cycle++;
  }
  return s;
}

void nic_sim_close(nic_sim_t *s) {
  if (!s) return;
  for (int b = 0; b < s->nbe; b++) s->be[b]->close(s->bs[b]);
  for (int n = 0; n < NIC_SIM_NODES; n++) free(s->hs.host[n].stack);
  free(s);
}

const char *nic_sim_backend(const nic_sim_t *s) { return s->name; }
uint64_t nic_sim_cycle(const nic_sim_t *s) { return s->hs.cycle; }
uint64_t nic_sim_mismatches(const nic_sim_t *s) { return s->mismatches; }

/* ------------------------------------------------------------------ one cycle */
#define NODE_IN(in, n, field) (*((n) == 0 ? &(in)->field##_a_i : &(in)->field##_b_i))
#define NODE_OUT(out, n, field) ((n) == 0 ? (out)->field##_a_o : (out)->field##_b_o)

/* the hosts' port drive for this cycle */
static void drive(nic_hosts_t *hs, aotf_system2_in_t *in) {
  memset(in, 0, sizeof(*in));
  in->rst_ni = 1;
  for (int n = 0; n < NIC_SIM_NODES; n++) {
    nic_host_t *h = &hs->host[n];
    if (h->stq_n && h->stq[h->stq_head].due <= hs->cycle) {
      const posted_t *p = &h->stq[h->stq_head];
      NODE_IN(in, n, st_valid) = 1;
      NODE_IN(in, n, st_addr) = p->addr;
      NODE_IN(in, n, st_data) = p->data;
      NODE_IN(in, n, st_be) = p->be;
    }
    if (h->hr_req) {
      NODE_IN(in, n, hr_valid) = 1;
      NODE_IN(in, n, hr_addr) = h->hr_addr;
    }
    if (h->probe && !h->probe_done) {
      if (!h->probe_acc) {
        NODE_IN(in, n, st_valid) = 1;
        NODE_IN(in, n, st_addr) = h->probe_st_addr;
        NODE_IN(in, n, st_data) = h->probe_st_data;
        NODE_IN(in, n, st_be) = h->probe_st_be;
      }
      NODE_IN(in, n, hr_valid) = 1;
      NODE_IN(in, n, hr_addr) = h->probe_hr_addr;
    }
    if (h->csr_req) {
      NODE_IN(in, n, csr_req) = 1;
      NODE_IN(in, n, csr_we) = (uint64_t)h->csr_we;
      NODE_IN(in, n, csr_addr) = h->csr_addr;
      NODE_IN(in, n, csr_wdata) = h->csr_wdata;
    }
  }
}

/* what the hosts see of this cycle's outputs (before the clock edge) */
static void observe(nic_hosts_t *hs, const aotf_system2_in_t *in, const aotf_system2_out_t *out) {
  for (int n = 0; n < NIC_SIM_NODES; n++) {
    nic_host_t *h = &hs->host[n];
    if (h->probe && !h->probe_done) {
      if (!h->probe_acc && NODE_OUT(out, n, st_ready)) {
        h->probe_acc = 1;
        h->probe_t_acc = hs->cycle;
      }
      if (NODE_OUT(out, n, hr_rvalid) && h->probe_qn) {
        uint64_t t_req = h->probe_q[h->probe_qh];
        h->probe_qh = (h->probe_qh + 1) % 64;
        h->probe_qn--;
        if (h->probe_acc && t_req >= h->probe_t_acc &&
            (NODE_OUT(out, n, hr_rdata) & h->probe_mask) == h->probe_want) {
          h->probe_done = 1;
          h->probe_lat = t_req - h->probe_t_acc;
        }
      }
      if (h->probe_qn < 64) {
        h->probe_q[(h->probe_qh + h->probe_qn) % 64] = hs->cycle;
        h->probe_qn++;
      }
      if (h->probe_done) h->probe = 0;
      h->irq = (int)NODE_OUT(out, n, irq);
      continue;
    }
    if (NODE_IN(in, n, st_valid) && NODE_OUT(out, n, st_ready)) {
      h->stq_head = (h->stq_head + 1) % STQ;
      h->stq_n--;
    }
    if (h->hr_req) {
      h->hr_req = 0;
      h->hr_wait = 1;
    } else if (h->hr_wait && NODE_OUT(out, n, hr_rvalid)) {
      h->hr_wait = 0;
      h->hr_done = 1;
      h->hr_data = NODE_OUT(out, n, hr_rdata);
    }
    if (h->csr_req) {
      h->csr_req = 0;
      h->csr_wait = 1;
    } else if (h->csr_wait && NODE_OUT(out, n, csr_ack)) {
      h->csr_wait = 0;
      h->csr_done = 1;
      h->csr_rdata = (uint32_t)NODE_OUT(out, n, csr_rdata);
    }
    h->irq = (int)NODE_OUT(out, n, irq);
  }
  hs->cycle++;
}

static int step(nic_sim_t *s) {
  drive(&s->hs, &s->in);
  s->be[0]->eval(s->bs[0], &s->in, &s->out);
  int bad = 0;
  if (s->nbe == 2) {
    aotf_system2_out_t m;
    s->be[1]->eval(s->bs[1], &s->in, &m);
    if (compare(s, &m, &s->out)) {
      s->mismatches++;
      bad = 1;
    }
  }
  observe(&s->hs, &s->in, &s->out);
  for (int b = 0; b < s->nbe; b++) s->be[b]->tick(s->bs[b], &s->in);
  return bad;
}

/* ------------------------------------------------------------------ coroutines */
static void yield(nic_host_t *h) { swapcontext(&h->ctx, &h->hs->main_ctx); }

static void trampoline(unsigned lo, unsigned hi) {
  nic_host_t *h = (nic_host_t *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
  h->prog(h, h->arg);
  h->done = 1;
  yield(h);
}

static void hosts_start(nic_hosts_t *hs, nic_host_prog_t prog[NIC_SIM_NODES], void *arg[NIC_SIM_NODES]) {
  for (int n = 0; n < NIC_SIM_NODES; n++) {
    nic_host_t *h = &hs->host[n];
    h->prog = prog[n];
    h->arg = arg[n];
    h->done = !prog[n];
    if (!prog[n]) continue;
    if (!h->stack) h->stack = malloc(STACK_BYTES);
    getcontext(&h->ctx);
    h->ctx.uc_stack.ss_sp = h->stack;
    h->ctx.uc_stack.ss_size = STACK_BYTES;
    h->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)h;
    makecontext(&h->ctx, (void (*)(void))trampoline, 2, (unsigned)(p & 0xffffffffu), (unsigned)(p >> 32));
  }
}

/* resume every program once; 1 while any program runs or a posted store is pending */
static int hosts_resume(nic_hosts_t *hs) {
  int all_done = 1, pending = 0;
  for (int n = 0; n < NIC_SIM_NODES; n++) {
    nic_host_t *h = &hs->host[n];
    if (!h->done) {
      swapcontext(&hs->main_ctx, &h->ctx);
      if (!h->done) all_done = 0;
    }
    pending |= h->stq_n != 0;
  }
  return !(all_done && !pending);
}

int nic_sim_run(nic_sim_t *s, nic_host_prog_t prog[NIC_SIM_NODES], void *arg[NIC_SIM_NODES], uint64_t max_cycles) {
  hosts_start(&s->hs, prog, arg);
  uint64_t end = s->hs.cycle + max_cycles;
  for (;;) {
    if (!hosts_resume(&s->hs)) return 0;
    if (s->hs.cycle >= end) {
      fprintf(stderr, "nic_sim: timeout after %llu cycles\n", (unsigned long long)max_cycles);
      return -1;
    }
    if (step(s)) return -2;
  }
}

/* ---- host side alone, for a lockstep stimulus (tb/aotf_system2_stim.c) ---- */
nic_hosts_t *nic_hosts_new(const nic_host_cost_t *cost, nic_host_prog_t prog[NIC_SIM_NODES], void *arg[NIC_SIM_NODES]) {
  nic_hosts_t *hs = calloc(1, sizeof(*hs));
  if (!hs) return NULL;
  hs->cost = cost ? *cost : NIC_HOST_COST_PAPER;
  for (int n = 0; n < NIC_SIM_NODES; n++) {
    hs->host[n].hs = hs;
    hs->host[n].node = n;
  }
  hosts_start(hs, prog, arg);
  return hs;
}

int nic_hosts_drive(nic_hosts_t *hs, uint64_t cycle, aotf_system2_in_t *in) {
  hs->cycle = cycle;
  int busy = hosts_resume(hs);
  drive(hs, in);
  return busy;
}

void nic_hosts_observe(nic_hosts_t *hs, const aotf_system2_in_t *in, const aotf_system2_out_t *out) { observe(hs, in, out); }

void nic_hosts_free(nic_hosts_t *hs) {
  if (!hs) return;
  for (int n = 0; n < NIC_SIM_NODES; n++) free(hs->host[n].stack);
  free(hs);
}

/* ------------------------------------------------------------------ host calls */
int nic_host_node(const nic_host_t *h) { return h->node; }
uint64_t nic_host_now(const nic_host_t *h) { return h->hs->cycle; }
nic_sim_t *nic_host_sim(nic_host_t *h) { return h->sim; }
int nic_host_irq(const nic_host_t *h) { return h->irq; }

void nic_host_set_idle_hook(nic_host_t *h, void (*hook)(nic_host_t *h, void *ctx), void *ctx) {
  h->hook = hook;
  h->hook_ctx = ctx;
}

static void idle(nic_host_t *h) {
  if (h->hook && !h->in_hook) {
    h->in_hook = 1;
    h->hook(h, h->hook_ctx);
    h->in_hook = 0;
  }
}

void nic_host_wait(nic_host_t *h, uint64_t cycles) {
  for (uint64_t i = 0; i < cycles; i++) {
    idle(h);
    yield(h);
  }
}

void nic_host_store(nic_host_t *h, uint32_t addr, uint64_t data, uint8_t be) {
  while (h->stq_n == STQ) yield(h); /* write buffer full: the CPU stalls */
  posted_t *p = &h->stq[(h->stq_head + h->stq_n) % STQ];
  p->due = h->hs->cycle + h->hs->cost.store_chipset;
  p->addr = addr;
  p->data = data;
  p->be = be;
  h->stq_n++;
  for (unsigned i = 0; i < h->hs->cost.store_cpu; i++) yield(h);
}

void nic_host_store_drain(nic_host_t *h) {
  while (h->stq_n) {
    idle(h);
    yield(h);
  }
}

uint64_t nic_host_load(nic_host_t *h, uint32_t addr) {
  idle(h);
  for (unsigned i = 0; i < h->hs->cost.load_pre; i++) yield(h);
  h->hr_req = 1;
  h->hr_addr = addr;
  h->hr_done = 0;
  while (!h->hr_done) yield(h);
  for (unsigned i = 0; i < h->hs->cost.load_post; i++) yield(h);
  return h->hr_data;
}

static uint32_t csr(nic_host_t *h, int we, uint16_t addr, uint32_t data) {
  h->csr_req = 1;
  h->csr_we = we;
  h->csr_addr = addr;
  h->csr_wdata = data;
  h->csr_done = 0;
  while (!h->csr_done) yield(h);
  return h->csr_rdata;
}

void nic_host_csr_write(nic_host_t *h, uint16_t addr, uint32_t data) { (void)csr(h, 1, addr, data); }

uint64_t nic_host_probe(nic_host_t *h, uint32_t st_addr, uint64_t st_data, uint8_t st_be, uint32_t hr_addr,
                        uint64_t mask, uint64_t want) {
  nic_host_store_drain(h);
  while (h->hr_wait || h->csr_wait) yield(h);
  h->probe = 1;
  h->probe_acc = h->probe_done = 0;
  h->probe_qh = h->probe_qn = 0;
  h->probe_st_addr = st_addr;
  h->probe_st_data = st_data;
  h->probe_st_be = st_be;
  h->probe_hr_addr = hr_addr;
  h->probe_mask = mask;
  h->probe_want = want & mask;
  while (!h->probe_done) yield(h);
  /* let the reads still in flight return before the next host call */
  for (int i = 0; i < 8; i++) yield(h);
  return h->probe_lat;
}
uint32_t nic_host_csr_read(nic_host_t *h, uint16_t addr) { return csr(h, 0, addr, 0); }
