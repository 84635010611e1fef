// SPDX-License-Identifier: Apache-2.0
/* nic_sim: host coroutines + backends; see nic_sim.h. */
#define _XOPEN_SOURCE 700
#include "nic_sim.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include "nic_fabric.h"
#include "nic_hosts.h"

#define STACK_BYTES (512 * 1024)
#define STQ 64
#define RESET_CYCLES 4

typedef struct {
  uint64_t due;
  uint32_t addr;
  uint64_t data;
  uint8_t be;
} posted_t;

/* what a blocked program waits for (checked by the scheduler every cycle, no context switch) */
enum { W_RUN, W_UNTIL, W_HR, W_CSR, W_PROBE, W_STQ_ROOM, W_STQ_EMPTY };

struct nic_host {
  nic_hosts_t *hs;
  nic_sim_t *sim; /* NULL when the hosts are driven by a lockstep stimulus */
  int node;
  ucontext_t ctx;
  char *stack;
  nic_host_prog_t prog;
  void *arg;
  int running, done;
  int wk, wk_irq;   /* wait kind; wk_irq: an interrupt also wakes it (idle hook installed) */
  uint64_t wake_at; /* W_UNTIL: first cycle to resume in */
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
  int nodes;
  nic_host_t *host;
};

struct nic_sim {
  const char *name;
  nic_topo_t topo;
  nic_fabric_t *f;
  nic_hosts_t hs;
  /* a part of the fabric (nic_sim_open_part): own[node] = the host runs here */
  nic_sim_part_t part;
  uint8_t *own;
  int hosts_on, resume_on; /* the xchg hook observes the hosts / also resumes them */
  unsigned all;            /* the flags of every part after the last exchange */
  int bad;                 /* this part's lockstep mismatches in the cycle */
};

static int hosts_alloc(nic_hosts_t *hs, int nodes, nic_sim_t *sim) {
  hs->nodes = nodes;
  hs->host = calloc((size_t)nodes, sizeof(nic_host_t));
  if (!hs->host) return -1;
  for (int n = 0; n < nodes; n++) {
    hs->host[n].hs = hs;
    hs->host[n].sim = sim;
    hs->host[n].node = n;
  }
  return 0;
}

static void hosts_release(nic_hosts_t *hs) {
  for (int n = 0; hs->host && n < hs->nodes; n++) free(hs->host[n].stack);
  free(hs->host);
  hs->host = NULL;
}

/* ------------------------------------------------------------------ open / close */
static void part_xchg(nic_fabric_t *f, void *ctx);

nic_sim_t *nic_sim_open_topo(const char *topo, const char *backend, uint64_t seed, const nic_host_cost_t *cost,
                             const char *fst) {
  return nic_sim_open_part(topo, backend, seed, cost, fst, NULL);
}

nic_sim_t *nic_sim_open_part(const char *topo, const char *backend, uint64_t seed, const nic_host_cost_t *cost,
                             const char *fst, const nic_sim_part_t *part) {
  nic_sim_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  char err[256];
  if (nic_topo_build(&s->topo, topo ? topo : "pair", err, sizeof(err))) {
    fprintf(stderr, "nic_sim: %s\n", err);
    free(s);
    return NULL;
  }
  s->hs.cost = cost ? *cost : NIC_HOST_COST_PAPER;
  s->name = backend;
  s->f = nic_fabric_open(&s->topo, backend, seed, fst);
  if (!s->f || hosts_alloc(&s->hs, s->topo.nodes, s)) {
    nic_sim_close(s);
    return NULL;
  }
  if (part) {
    s->part = *part;
    s->own = calloc((size_t)(s->topo.nodes + s->topo.switches), 1);
    if (!s->own || part->own(part->ctx, &s->topo, s->own)) {
      nic_sim_close(s);
      return NULL;
    }
    nic_fabric_partition(s->f, s->own, part_xchg, s);
  }
  for (int n = 0; n < s->topo.nodes; n++) memset(nic_fabric_node_in(s->f, n), 0, sizeof(aotf_node_in_t));
  nic_fabric_reset(s->f, RESET_CYCLES);
  s->hs.cycle = RESET_CYCLES;
  nic_fabric_program_routes(s->f);
  if (nic_sim_settle(s)) {
    nic_sim_close(s);
    return NULL;
  }
  return s;
}

nic_sim_t *nic_sim_open(const char *backend, uint64_t seed, const nic_host_cost_t *cost, const char *fst) {
  return nic_sim_open_topo("pair", backend, seed, cost, fst);
}

void nic_sim_close(nic_sim_t *s) {
  if (!s) return;
  nic_fabric_close(s->f);
  hosts_release(&s->hs);
  nic_topo_free(&s->topo);
  free(s->own);
  free(s);
}

const char *nic_sim_backend(const nic_sim_t *s) { return s->name; }
int nic_sim_nodes(const nic_sim_t *s) { return s->topo.nodes; }
struct nic_fabric *nic_sim_fabric(nic_sim_t *s) { return s->f; }
uint64_t nic_sim_cycle(const nic_sim_t *s) { return s->hs.cycle; }
uint64_t nic_sim_mismatches(const nic_sim_t *s) { return nic_fabric_mismatches(s->f); }

/* ------------------------------------------------------------------ one cycle */
/* the hosts' port drive for this cycle: the host fields of every node's inputs */
static void drive_one(nic_hosts_t *hs, nic_host_t *h, aotf_node_in_t *in) {
  in->st_valid_i = 0;
  in->st_addr_i = 0;
  in->st_data_i = 0;
  in->st_be_i = 0;
  in->hr_valid_i = 0;
  in->hr_addr_i = 0;
  in->csr_req_i = 0;
  in->csr_we_i = 0;
  in->csr_addr_i = 0;
  in->csr_wdata_i = 0;
  if (h->stq_n && h->stq[h->stq_head].due <= hs->cycle) {
    const posted_t *p = &h->stq[h->stq_head];
    in->st_valid_i = 1;
    in->st_addr_i = p->addr;
    in->st_data_i = p->data;
    in->st_be_i = p->be;
  }
  if (h->hr_req) {
    in->hr_valid_i = 1;
    in->hr_addr_i = h->hr_addr;
  }
  if (h->probe && !h->probe_done) {
    if (!h->probe_acc) {
      in->st_valid_i = 1;
      in->st_addr_i = h->probe_st_addr;
      in->st_data_i = h->probe_st_data;
      in->st_be_i = h->probe_st_be;
    }
    in->hr_valid_i = 1;
    in->hr_addr_i = h->probe_hr_addr;
  }
  if (h->csr_req) {
    in->csr_req_i = 1;
    in->csr_we_i = (uint64_t)h->csr_we;
    in->csr_addr_i = h->csr_addr;
    in->csr_wdata_i = h->csr_wdata;
  }
}

/* what a host sees of this cycle's outputs (before the clock edge) */
static void observe_one(nic_hosts_t *hs, nic_host_t *h, const aotf_node_in_t *in, const aotf_node_out_t *out) {
  if (h->probe && !h->probe_done) {
    if (!h->probe_acc && out->st_ready_o) {
      h->probe_acc = 1;
      h->probe_t_acc = hs->cycle;
    }
    if (out->hr_rvalid_o && h->probe_qn) {
      uint64_t t_req = h->probe_q[h->probe_qh];
      h->probe_qh = (h->probe_qh + 1) % 64;
      h->probe_qn--;
      if (h->probe_acc && t_req >= h->probe_t_acc && (out->hr_rdata_o & h->probe_mask) == h->probe_want) {
        h->probe_done = 1;
        h->probe_lat = t_req - h->probe_t_acc;
      }
    }
    if (h->probe_qn < 64) {
      h->probe_q[(h->probe_qh + h->probe_qn) % 64] = hs->cycle;
      h->probe_qn++;
    }
    if (h->probe_done) h->probe = 0;
    h->irq = (int)out->irq_o;
    return;
  }
  if (in->st_valid_i && out->st_ready_o) {
    h->stq_head = (h->stq_head + 1) % STQ;
    h->stq_n--;
  }
  if (h->hr_req) {
    h->hr_req = 0;
    h->hr_wait = 1;
  } else if (h->hr_wait && out->hr_rvalid_o) {
    h->hr_wait = 0;
    h->hr_done = 1;
    h->hr_data = out->hr_rdata_o;
  }
  if (h->csr_req) {
    h->csr_req = 0;
    h->csr_wait = 1;
  } else if (h->csr_wait && out->csr_ack_o) {
    h->csr_wait = 0;
    h->csr_done = 1;
    h->csr_rdata = (uint32_t)out->csr_rdata_o;
  }
  h->irq = (int)out->irq_o;
}

static int hosts_resume(nic_hosts_t *hs);

/* a part of the fabric: the hosts here observe the cycle and (in a run) resume for the next one
 * before the exchange, so that the flags of every part decide the next cycle as one process
 * would */
static void part_xchg(nic_fabric_t *f, void *ctx) {
  nic_sim_t *s = ctx;
  nic_hosts_t *hs = &s->hs;
  unsigned fl = 0;
  if (s->hosts_on) {
    for (int n = 0; n < hs->nodes; n++)
      if (s->own[n]) observe_one(hs, &hs->host[n], nic_fabric_node_in(f, n), nic_fabric_node_out(f, n));
    hs->cycle++;
    if (s->resume_on && hosts_resume(hs)) fl |= NIC_SIM_F_BUSY;
  }
  if (nic_fabric_mgmt_busy(f)) fl |= NIC_SIM_F_MGMT;
  if (nic_fabric_mismatches(f) != (uint64_t)s->bad) fl |= NIC_SIM_F_BAD; /* this cycle's, counted after */
  s->part.xchg(s->part.ctx, f, fl, &s->all);
}

static unsigned part_flags(nic_sim_t *s, unsigned fl) {
  s->part.xchg(s->part.ctx, NULL, fl, &s->all);
  return s->all;
}

static int step(nic_sim_t *s) {
  nic_hosts_t *hs = &s->hs;
  if (s->own) { /* a part: drive the hosts here; part_xchg observes them */
    for (int n = 0; n < hs->nodes; n++)
      if (s->own[n]) drive_one(hs, &hs->host[n], nic_fabric_node_in(s->f, n));
    s->hosts_on = 1;
    nic_fabric_step(s->f);
    s->hosts_on = 0;
    s->bad = (int)nic_fabric_mismatches(s->f);
    return (s->all & NIC_SIM_F_BAD) != 0;
  }
  for (int n = 0; n < hs->nodes; n++) drive_one(hs, &hs->host[n], nic_fabric_node_in(s->f, n));
  int bad = nic_fabric_step(s->f);
  for (int n = 0; n < hs->nodes; n++)
    observe_one(hs, &hs->host[n], nic_fabric_node_in(s->f, n), nic_fabric_node_out(s->f, n));
  hs->cycle++;
  return bad;
}

int nic_sim_settle(nic_sim_t *s) {
  if (s->own) {
    if (!(part_flags(s, nic_fabric_mgmt_busy(s->f) ? NIC_SIM_F_MGMT : 0) & NIC_SIM_F_MGMT)) return 0;
    do
      if (step(s)) return -2;
    while (s->all & NIC_SIM_F_MGMT);
    return 0;
  }
  while (nic_fabric_mgmt_busy(s->f))
    if (step(s)) return -2;
  return 0;
}

/* ------------------------------------------------------------------ coroutines */
static void yield(nic_host_t *h) { swapcontext(&h->ctx, &h->hs->main_ctx); }

/* block until the condition of kind wk holds */
static void block(nic_host_t *h, int wk) {
  h->wk = wk;
  yield(h);
  h->wk = W_RUN;
}

/* block until cycle `until`; with irq != 0 an interrupt (idle hook installed) wakes it earlier */
static void block_until(nic_host_t *h, uint64_t until, int irq) {
  h->wake_at = until;
  h->wk_irq = irq && h->hook && !h->in_hook;
  block(h, W_UNTIL);
}

static int ready(const nic_host_t *h, uint64_t cycle) {
  switch (h->wk) {
    case W_UNTIL: return cycle >= h->wake_at || (h->wk_irq && h->irq);
    case W_HR: return h->hr_done;
    case W_CSR: return h->csr_done;
    case W_PROBE: return h->probe_done;
    case W_STQ_ROOM: return h->stq_n < STQ;
    case W_STQ_EMPTY: return !h->stq_n || (h->wk_irq && h->irq);
    default: return 1;
  }
}

static void trampoline(unsigned lo, unsigned hi) {
  nic_host_t *h = (nic_host_t *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
  h->prog(h, h->arg);
  h->done = 1;
  yield(h);
}

static void hosts_start(nic_hosts_t *hs, nic_host_prog_t *prog, void **arg) {
  for (int n = 0; n < hs->nodes; n++) {
    nic_host_t *h = &hs->host[n];
    h->prog = h->sim && h->sim->own && !h->sim->own[n] ? NULL : prog[n]; /* a node of another part */
    if (!h->prog) {
      h->done = 1;
      continue;
    }
    h->arg = arg[n];
    h->done = 0;
    h->wk = W_RUN;
    if (!h->stack) h->stack = malloc(STACK_BYTES);
    getcontext(&h->ctx);
    h->ctx.uc_stack.ss_sp = h->stack;
    h->ctx.uc_stack.ss_size = STACK_BYTES;
    h->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)h;
    makecontext(&h->ctx, (void (*)(void))trampoline, 2, (unsigned)(p & 0xffffffffu), (unsigned)(p >> 32));
  }
}

/* resume every program whose condition holds; 1 while any program runs or a posted store is
 * pending */
static int hosts_resume(nic_hosts_t *hs) {
  int all_done = 1, pending = 0;
  for (int n = 0; n < hs->nodes; n++) {
    nic_host_t *h = &hs->host[n];
    if (!h->done) {
      if (ready(h, hs->cycle)) swapcontext(&hs->main_ctx, &h->ctx);
      if (!h->done) all_done = 0;
    }
    pending |= h->stq_n != 0;
  }
  return !(all_done && !pending);
}

int nic_sim_run(nic_sim_t *s, nic_host_prog_t *prog, void **arg, uint64_t max_cycles) {
  hosts_start(&s->hs, prog, arg);
  uint64_t end = s->hs.cycle + max_cycles;
  if (s->own) { /* a part: the hosts here resume inside the step (part_xchg) */
    unsigned all = part_flags(s, hosts_resume(&s->hs) ? NIC_SIM_F_BUSY : 0);
    for (;;) {
      if (!(all & NIC_SIM_F_BUSY)) return nic_sim_settle(s);
      if (s->hs.cycle >= end) {
        fprintf(stderr, "nic_sim: timeout after %llu cycles\n", (unsigned long long)max_cycles);
        return -1;
      }
      s->resume_on = 1;
      int bad = step(s);
      s->resume_on = 0;
      if (bad) return -2;
      all = s->all;
    }
  }
  for (;;) {
    if (!hosts_resume(&s->hs)) return nic_sim_settle(s);
    if (s->hs.cycle >= end) {
      fprintf(stderr, "nic_sim: timeout after %llu cycles\n", (unsigned long long)max_cycles);
      return -1;
    }
    if (step(s)) return -2;
  }
}

/* ---- host side alone, for a lockstep stimulus (tb/aotf_system2_stim.c) ---- */
nic_hosts_t *nic_hosts_new(const nic_host_cost_t *cost, int nodes, nic_host_prog_t *prog, void **arg) {
  nic_hosts_t *hs = calloc(1, sizeof(*hs));
  if (!hs) return NULL;
  hs->cost = cost ? *cost : NIC_HOST_COST_PAPER;
  if (hosts_alloc(hs, nodes, NULL)) {
    free(hs);
    return NULL;
  }
  hosts_start(hs, prog, arg);
  return hs;
}

int nic_hosts_drive(nic_hosts_t *hs, uint64_t cycle, aotf_node_in_t *in) {
  hs->cycle = cycle;
  int busy = hosts_resume(hs);
  for (int n = 0; n < hs->nodes; n++) drive_one(hs, &hs->host[n], &in[n]);
  return busy;
}

void nic_hosts_observe(nic_hosts_t *hs, const aotf_node_in_t *in, const aotf_node_out_t *out) {
  for (int n = 0; n < hs->nodes; n++) observe_one(hs, &hs->host[n], &in[n], &out[n]);
  hs->cycle++;
}

void nic_hosts_free(nic_hosts_t *hs) {
  if (!hs) return;
  hosts_release(hs);
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

/* each cycle of the wait: the idle hook (when an interrupt is pending), then the clock */
void nic_host_wait(nic_host_t *h, uint64_t cycles) {
  uint64_t end = h->hs->cycle + cycles;
  while (h->hs->cycle < end) {
    idle(h);
    block_until(h, end, 1);
  }
}

void nic_host_store(nic_host_t *h, uint32_t addr, uint64_t data, uint8_t be) {
  if (h->stq_n == STQ) block(h, W_STQ_ROOM); /* write buffer full: the CPU stalls */
  posted_t *p = &h->stq[(h->stq_head + h->stq_n) % STQ];
  p->due = h->hs->cycle + h->hs->cost.store_chipset;
  p->addr = addr;
  p->data = data;
  p->be = be;
  h->stq_n++;
  if (h->hs->cost.store_cpu) block_until(h, h->hs->cycle + h->hs->cost.store_cpu, 0);
}

void nic_host_store_drain(nic_host_t *h) {
  while (h->stq_n) {
    idle(h);
    h->wk_irq = h->hook && !h->in_hook;
    block(h, W_STQ_EMPTY);
  }
}

uint64_t nic_host_load(nic_host_t *h, uint32_t addr) {
  idle(h);
  if (h->hs->cost.load_pre) block_until(h, h->hs->cycle + h->hs->cost.load_pre, 0);
  h->hr_req = 1;
  h->hr_addr = addr;
  h->hr_done = 0;
  block(h, W_HR);
  if (h->hs->cost.load_post) block_until(h, h->hs->cycle + h->hs->cost.load_post, 0);
  return h->hr_data;
}

static uint32_t csr(nic_host_t *h, int we, uint16_t addr, uint32_t data) {
  h->csr_req = 1;
  h->csr_we = we;
  h->csr_addr = addr;
  h->csr_wdata = data;
  h->csr_done = 0;
  block(h, W_CSR);
  return h->csr_rdata;
}

void nic_host_csr_write(nic_host_t *h, uint16_t addr, uint32_t data) { (void)csr(h, 1, addr, data); }

uint64_t nic_host_probe(nic_host_t *h, uint32_t st_addr, uint64_t st_data, uint8_t st_be, uint32_t hr_addr,
                        uint64_t mask, uint64_t want) {
  nic_host_store_drain(h);
  while (h->hr_wait || h->csr_wait) block_until(h, h->hs->cycle + 1, 0);
  h->probe = 1;
  h->probe_acc = h->probe_done = 0;
  h->probe_qh = h->probe_qn = 0;
  h->probe_st_addr = st_addr;
  h->probe_st_data = st_data;
  h->probe_st_be = st_be;
  h->probe_hr_addr = hr_addr;
  h->probe_mask = mask;
  h->probe_want = want & mask;
  block(h, W_PROBE);
  /* let the reads still in flight return before the next host call */
  block_until(h, h->hs->cycle + 8, 0);
  return h->probe_lat;
}
uint32_t nic_host_csr_read(nic_host_t *h, uint16_t addr) { return csr(h, 0, addr, 0); }
