// SPDX-License-Identifier: Apache-2.0
/* Speed of the aotf_node C model in a fabric: two aotf_node models joined by two nic_link
 * models (latency 4), each node's stream inputs taken from the links' registered outputs, no
 * fixed-point iteration. Each node has a mostly idle host: after reset it waits for the init
 * sweeps, programs NODE_ID, one HTLB entry (seed words + tag) and one protection entry the way
 * sw/libaotf.c does, then reads an LLCM word every ~POLL cycles, kicks an 8-byte store to the
 * peer every ~KICK cycles and reads a counter CSR every ~CSR cycles.
 *
 *   bench_node_model [--cycles N] [--check N] [--poll P] [--kick K] [--csr C] [--path step|evaltick]
 *                    [--seed S] [--reps R] [--pairs P]
 *
 * --check N: first runs N cycles of two copies side by side, one with aotf_node_step /
 * nic_link_step, the other with aotf_node_eval + aotf_node_tick / nic_link_eval +
 * nic_link_tick, and compares every output of every node and link every cycle (exit 1 on a
 * difference). Then times N cycles (--cycles) of the chosen path alone after the set-up phase
 * and prints node-cycles per second (R times, --reps). --pairs P times P independent copies of
 * the two-node fabric stepped in turn (the memory footprint of 2P nodes; 1 MiB each, mostly the
 * LLCM). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "aotf_node.h"
#include "nic_link.h"
#include "nic_pkg.h"

#define NODES 2
#define LINK_LATENCY 4
#define RESET_CYCLES 4
#define SEND(r) ((uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_##r))
#define RX(r) ((uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_##r))
#define NODE(r) ((uint16_t)(CSR_BASE_AOTF_NODE + CSR_AOTF_NODE_##r))
#define MAX_OPS 32
#define PAGE_INDEX 5u      /* kick page: user 0, index 5 (tag 0, set 5) */
#define RADDR 0x1000u      /* remote LLCM window of the page */

typedef struct {
  uint16_t addr;
  int we;
  uint32_t wdata, mask; /* read: repeat until (rdata & mask) == 0 */
} csr_op_t;

/* one node's host: CSR set-up program, then the periodic load */
typedef struct {
  csr_op_t ops[MAX_OPS];
  int nops, op;
  int csr_req, csr_wait;   /* request this cycle; waiting for the ack */
  int hr_req, hr_wait;     /* LLCM read this cycle; waiting for rvalid */
  int st_pend;             /* a kick offered until st_ready */
  uint32_t st_addr;
  uint64_t st_data;
  uint64_t next_poll, next_kick, next_csr, rng;
  uint64_t polls, kicks, csr_reads, last_llcm;
} host_t;

typedef struct {
  uint64_t cycles, poll, kick, csr, seed;
} bench_cfg_t;

typedef struct {
  aotf_node_t node[NODES];
  nic_link_t link[NODES]; /* link n: node n -> node 1-n */
  nic_link_out_t lo[NODES]; /* the links' outputs of this cycle (registers) */
} fabric_t;

static uint64_t rnd(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* a gap of about `mean` cycles (mean/2 .. 3*mean/2) */
static uint64_t gap(host_t *h, uint64_t mean) { return mean / 2 + rnd(&h->rng) % (mean + 1); }

static uint32_t kick_page(void) {
  uint32_t tag = (PAGE_INDEX >> 8) & 0x1fu;
  return (0x8u << KICK_WINDOW_LSB) | (tag << KICK_TAG_LSB) | ((PAGE_INDEX & 0xffu) << KICK_SET_LSB);
}

static void op(host_t *h, uint16_t addr, int we, uint32_t wdata, uint32_t mask) {
  csr_op_t o = {addr, we, wdata, mask};
  h->ops[h->nops++] = o;
}

static void host_init(host_t *h, int n, const bench_cfg_t *cfg) {
  memset(h, 0, sizeof(*h));
  h->rng = cfg->seed * 0x9E3779B97F4A7C15ull + 0x1234567ull * (uint64_t)(n + 1);
  uint32_t peer = (uint32_t)(1 - n);
  uint16_t pgid_rx = (uint16_t)(0x20 + n), pgid_tx = (uint16_t)(0x20 + peer);
  op(h, SEND(STATUS), 0, 0, 1u << AOTF_SEND_STATUS_INIT_BUSY_LSB);
  op(h, RX(STATUS), 0, 0, 1u << AOTF_RX_STATUS_INIT_BUSY_LSB);
  op(h, NODE(NODE_ID), 1, (uint32_t)n + 1, 0);
  op(h, SEND(IRQ_EN), 1, 1u << AOTF_SEND_IRQ_EN_MISS_LSB, 0);
  /* header seed of the page: to the peer, its pgid, remote window RADDR */
  uint64_t seed[4] = {0, 0, 0, 0};
  seed[AOTF_HDR_DST_NODE_WORD] |= (uint64_t)(peer + 1) << AOTF_HDR_DST_NODE_LSB;
  seed[AOTF_HDR_SRC_NODE_WORD] |= (uint64_t)(n + 1) << AOTF_HDR_SRC_NODE_LSB;
  seed[AOTF_HDR_PTYPE_WORD] |= (uint64_t)PTYPE_AOTF << AOTF_HDR_PTYPE_LSB;
  seed[AOTF_HDR_FLAGS_WORD] |= (uint64_t)(FLAG_AOTF | FLAG_XLAT_SKIP) << AOTF_HDR_FLAGS_LSB;
  seed[AOTF_HDR_PGID_WORD] |= (uint64_t)pgid_tx << AOTF_HDR_PGID_LSB;
  seed[AOTF_HDR_RADDR_WORD] |= RADDR;
  uint32_t set = PAGE_INDEX & 0xffu, tag = (kick_page() >> KICK_TAG_LSB) & 0xffu;
  for (uint32_t w = 0; w < 4; w++) {
    op(h, SEND(HTLB_IDX), 1, (set << AOTF_SEND_HTLB_IDX_SET_LSB) | (w << AOTF_SEND_HTLB_IDX_WORD_LSB), 0);
    op(h, SEND(SEED_LO), 1, (uint32_t)seed[w], 0);
    op(h, SEND(SEED_HI), 1, (uint32_t)(seed[w] >> 32), 0);
  }
  op(h, SEND(HTLB_TAG), 1, (tag << AOTF_SEND_HTLB_TAG_TAG_LSB) | (1u << AOTF_SEND_HTLB_TAG_VALID_LSB), 0);
  /* receive protection: the peer's packets (pgid_rx) may write [RADDR, RADDR + 4 KiB) */
  op(h, RX(PT_INDEX), 1, pgid_rx, 0);
  op(h, RX(PT_BASE), 1, RADDR, 0);
  op(h, RX(PT_LIMIT), 1, RADDR + 0x1000u, 0);
  op(h, RX(PT_ENTRY), 1, (1u << AOTF_RX_PT_ENTRY_VALID_LSB) | pgid_rx, 0);
}

/* the host's port drive of cycle `cyc` (stream ports are filled in by the fabric) */
static void host_drive(host_t *h, const bench_cfg_t *cfg, uint64_t cyc, aotf_node_in_t *in) {
  memset(in, 0, sizeof(*in));
  in->rst_ni = cyc >= RESET_CYCLES;
  if (!in->rst_ni) return;
  int setup = h->op < h->nops;
  if (!h->csr_wait && !h->csr_req) {
    if (setup) {
      h->csr_req = 1;
    } else if (cyc >= h->next_csr) {
      h->csr_req = 1;
      h->next_csr = cyc + gap(h, cfg->csr);
    }
  }
  if (h->csr_req) {
    const csr_op_t *o = setup ? &h->ops[h->op] : NULL;
    in->csr_req_i = 1;
    in->csr_we_i = o ? (uint64_t)o->we : 0;
    in->csr_addr_i = o ? o->addr : RX(CNT_GOOD);
    in->csr_wdata_i = o ? o->wdata : 0;
  }
  if (setup) return;
  if (!h->hr_wait && !h->hr_req && cyc >= h->next_poll) {
    h->hr_req = 1;
    h->next_poll = cyc + gap(h, cfg->poll);
  }
  if (h->hr_req) {
    in->hr_valid_i = 1;
    in->hr_addr_i = RADDR + 8u * (uint32_t)(h->polls & 7);
  }
  if (!h->st_pend && cyc >= h->next_kick) {
    h->st_pend = 1;
    h->st_addr = kick_page() | (8u * (uint32_t)(rnd(&h->rng) & 7));
    h->st_data = rnd(&h->rng);
    h->next_kick = cyc + gap(h, cfg->kick);
  }
  if (h->st_pend) {
    in->st_valid_i = 1;
    in->st_addr_i = h->st_addr;
    in->st_data_i = h->st_data;
    in->st_be_i = 0xff;
  }
}

/* what the host sees of this cycle's outputs */
static void host_observe(host_t *h, const aotf_node_in_t *in, const aotf_node_out_t *out) {
  if (!in->rst_ni) return;
  if (h->csr_req) {
    h->csr_req = 0;
    h->csr_wait = 1;
  } else if (h->csr_wait && out->csr_ack_o) {
    h->csr_wait = 0;
    if (h->op < h->nops) {
      const csr_op_t *o = &h->ops[h->op];
      if (o->we || !((uint32_t)out->csr_rdata_o & o->mask)) h->op++;
    } else {
      h->csr_reads++;
    }
  }
  if (h->hr_req) {
    h->hr_req = 0;
    h->hr_wait = 1;
  } else if (h->hr_wait && out->hr_rvalid_o) {
    h->hr_wait = 0;
    h->polls++;
    h->last_llcm = out->hr_rdata_o;
  }
  if (in->st_valid_i && out->st_ready_o) {
    h->st_pend = 0;
    h->kicks++;
  }
}

static int fabric_init(fabric_t *f, uint64_t seed) {
  memset(f, 0, sizeof(*f));
  aotf_node_cfg_t nc = {2048, 131072, 16}; /* rtl/aotf_system2.v parameters */
  nic_link_cfg_t lc = {LINK_LATENCY};
  for (int n = 0; n < NODES; n++) {
    if (aotf_node_init(&f->node[n], &nc, seed + 101u * (uint64_t)n)) return -1;
    if (nic_link_init(&f->link[n], &lc, seed + 202u + (uint64_t)n)) return -1;
    nic_link_outputs(&f->link[n], &f->lo[n]);
  }
  return 0;
}

static void fabric_free(fabric_t *f) {
  for (int n = 0; n < NODES; n++) {
    aotf_node_free(&f->node[n]);
    nic_link_free(&f->link[n]);
  }
}

/* node n's stream inputs: link 1-n delivers to it, link n takes from it */
static void node_stream_in(const fabric_t *f, int n, aotf_node_in_t *in) {
  const nic_link_out_t *from = &f->lo[1 - n];
  in->s_axis_tdata = from->m_axis_tdata;
  in->s_axis_tkeep = from->m_axis_tkeep;
  in->s_axis_tvalid = from->m_axis_tvalid;
  in->s_axis_tlast = from->m_axis_tlast;
  in->m_axis_tready = f->lo[n].s_axis_tready;
}

static void link_in(const aotf_node_out_t *no, int rst_ni, int l, nic_link_in_t *li) {
  li->rst_ni = (uint64_t)rst_ni;
  li->s_axis_tdata = no[l].m_axis_tdata;
  li->s_axis_tkeep = no[l].m_axis_tkeep;
  li->s_axis_tvalid = no[l].m_axis_tvalid;
  li->s_axis_tlast = no[l].m_axis_tlast;
  li->m_axis_tready = no[1 - l].s_axis_tready;
}

/* one cycle with the step functions; ni: the nodes' inputs (host ports filled in) */
static void cycle_step(fabric_t *f, aotf_node_in_t *ni, aotf_node_out_t *no, nic_link_out_t *lo_step) {
  for (int n = 0; n < NODES; n++) {
    node_stream_in(f, n, &ni[n]);
    aotf_node_step(&f->node[n], &ni[n], &no[n]);
  }
  for (int l = 0; l < NODES; l++) {
    nic_link_in_t li;
    link_in(no, (int)ni[0].rst_ni, l, &li);
    nic_link_step(&f->link[l], &li, &lo_step[l]);
    nic_link_outputs(&f->link[l], &f->lo[l]); /* the next cycle's */
  }
}

/* the same cycle with eval + tick */
static void cycle_evaltick(fabric_t *f, aotf_node_in_t *ni, aotf_node_out_t *no, nic_link_out_t *lo_eval) {
  for (int n = 0; n < NODES; n++) {
    node_stream_in(f, n, &ni[n]);
    aotf_node_eval(&f->node[n], &ni[n], &no[n]);
  }
  for (int n = 0; n < NODES; n++) aotf_node_tick(&f->node[n], &ni[n]);
  for (int l = 0; l < NODES; l++) {
    nic_link_in_t li;
    link_in(no, (int)ni[0].rst_ni, l, &li);
    nic_link_eval(&f->link[l], &li, &lo_eval[l]);
    nic_link_tick(&f->link[l], &li);
    nic_link_in_t zero;
    memset(&zero, 0, sizeof(zero));
    nic_link_eval(&f->link[l], &zero, &f->lo[l]); /* the next cycle's (registers only) */
  }
}

#define CMP(a, b, what, k)                                                                        \
  do {                                                                                            \
    if (memcmp(&(a), &(b), sizeof(a))) {                                                          \
      fprintf(stderr, "bench_node_model: %s %d outputs differ at cycle %llu\n", what, k,          \
              (unsigned long long)cyc);                                                           \
      return 1;                                                                                   \
    }                                                                                             \
  } while (0)

/* step path against eval + tick, every output every cycle */
static int check(const bench_cfg_t *cfg, uint64_t ncyc) {
  static fabric_t a, b; /* large: off the stack */
  host_t h[NODES];
  if (fabric_init(&a, cfg->seed) || fabric_init(&b, cfg->seed)) return 1;
  for (int n = 0; n < NODES; n++) host_init(&h[n], n, cfg);
  uint64_t cyc;
  for (cyc = 0; cyc < ncyc; cyc++) {
    aotf_node_in_t ni[NODES], nib[NODES];
    aotf_node_out_t noa[NODES], nob[NODES];
    nic_link_out_t loa[NODES], lob[NODES];
    for (int n = 0; n < NODES; n++) host_drive(&h[n], cfg, cyc, &ni[n]);
    memcpy(nib, ni, sizeof(ni));
    for (int n = 0; n < NODES; n++) CMP(a.lo[n], b.lo[n], "link (registered)", n);
    cycle_step(&a, ni, noa, loa);
    cycle_evaltick(&b, nib, nob, lob);
    for (int n = 0; n < NODES; n++) {
      CMP(noa[n], nob[n], "node", n);
      CMP(loa[n], lob[n], "link", n);
      host_observe(&h[n], &ni[n], &noa[n]);
    }
  }
  printf("check: %llu cycles, step == eval+tick (every output of 2 nodes and 2 links, every cycle); "
         "kicks %llu/%llu, LLCM polls %llu/%llu, rx good %u/%u, collisions %llu\n",
         (unsigned long long)cyc, (unsigned long long)h[0].kicks, (unsigned long long)h[1].kicks,
         (unsigned long long)h[0].polls, (unsigned long long)h[1].polls, a.node[0].rx.cnt[1], a.node[1].rx.cnt[1],
         (unsigned long long)(aotf_node_collisions(&a.node[0]) + aotf_node_collisions(&a.node[1])));
  int bad = h[0].op < h[0].nops || h[1].op < h[1].nops || !a.node[0].rx.cnt[1] || !a.node[1].rx.cnt[1] ||
            aotf_node_collisions(&a.node[0]) + aotf_node_collisions(&a.node[1]);
  if (bad) fprintf(stderr, "bench_node_model: the load did not run (set-up unfinished, no packet received or RAM collisions)\n");
  fabric_free(&a);
  fabric_free(&b);
  return bad;
}

#ifndef BENCH_NODE_MODEL_NO_MAIN /* tb/unit/test_aotf_node_step.c uses check() alone */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* `pairs` independent copies of the two-node fabric (seeds seed, seed+1, ...), stepped one after
 * the other every cycle: the memory footprint of 2 * pairs nodes. Set-up phase untimed, then
 * cfg->cycles timed cycles; returns node-cycles per second */
static double timed(const bench_cfg_t *cfg, int use_step, int pairs, uint64_t *kicks, uint64_t *good) {
  fabric_t *f = calloc((size_t)pairs, sizeof(*f));
  host_t(*h)[NODES] = calloc((size_t)pairs, sizeof(*h));
  if (!f || !h) return -1;
  for (int p = 0; p < pairs; p++) {
    bench_cfg_t c = *cfg;
    c.seed += (uint64_t)p;
    if (fabric_init(&f[p], c.seed)) return -1;
    for (int n = 0; n < NODES; n++) host_init(&h[p][n], n, &c);
  }
  uint64_t cyc = 0, end = 0;
  double t0 = 0;
  for (;; cyc++) {
    if (!end) {
      int ready = 1;
      for (int p = 0; p < pairs; p++)
        for (int n = 0; n < NODES; n++) ready &= h[p][n].op == h[p][n].nops;
      if (ready) {
        end = cyc + cfg->cycles;
        t0 = now();
      }
    }
    if (end && cyc == end) break;
    for (int p = 0; p < pairs; p++) {
      aotf_node_in_t ni[NODES];
      aotf_node_out_t no[NODES];
      nic_link_out_t lo[NODES];
      for (int n = 0; n < NODES; n++) host_drive(&h[p][n], cfg, cyc, &ni[n]);
      if (use_step)
        cycle_step(&f[p], ni, no, lo);
      else
        cycle_evaltick(&f[p], ni, no, lo);
      for (int n = 0; n < NODES; n++) host_observe(&h[p][n], &ni[n], &no[n]);
    }
  }
  double t = now() - t0;
  *kicks = *good = 0;
  for (int p = 0; p < pairs; p++) {
    for (int n = 0; n < NODES; n++) {
      *kicks += h[p][n].kicks;
      *good += f[p].node[n].rx.cnt[1];
    }
    fabric_free(&f[p]);
  }
  free(f);
  free(h);
  return (double)NODES * (double)pairs * (double)cfg->cycles / t;
}

int main(int argc, char **argv) {
  bench_cfg_t cfg = {2000000, 30, 400, 1000, 1};
  uint64_t ncheck = 200000;
  int use_step = 1, reps = 1, pairs = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!v) goto usage;
    if (!strcmp(a, "--cycles")) cfg.cycles = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--check")) ncheck = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--poll")) cfg.poll = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--kick")) cfg.kick = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--csr")) cfg.csr = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--seed")) cfg.seed = strtoull(v, NULL, 0);
    else if (!strcmp(a, "--reps")) reps = atoi(v);
    else if (!strcmp(a, "--pairs")) pairs = atoi(v);
    else if (!strcmp(a, "--path") && !strcmp(v, "step")) use_step = 1;
    else if (!strcmp(a, "--path") && !strcmp(v, "evaltick")) use_step = 0;
    else goto usage;
    i++;
  }
  if (cfg.poll < 2 || cfg.kick < 2 || cfg.csr < 2 || pairs < 1) goto usage;
  if (ncheck && check(&cfg, ncheck)) return 1;
  for (int r = 0; r < reps && cfg.cycles; r++) {
    uint64_t kicks, good;
    double ncps = timed(&cfg, use_step, pairs, &kicks, &good);
    if (ncps < 0) return 1;
    printf("bench: path=%s nodes=%d cycles=%llu poll=%llu kick=%llu csr=%llu kicks=%llu rx_good=%llu "
           "node_cycles_per_s=%.0f ns_per_node_cycle=%.1f\n",
           use_step ? "step" : "evaltick", NODES * pairs, (unsigned long long)cfg.cycles, (unsigned long long)cfg.poll,
           (unsigned long long)cfg.kick, (unsigned long long)cfg.csr, (unsigned long long)kicks,
           (unsigned long long)good, ncps, 1e9 / ncps);
  }
  return 0;
usage:
  fprintf(stderr, "usage: bench_node_model [--cycles N] [--check N] [--poll P] [--kick K] [--csr C] "
                  "[--path step|evaltick] [--seed S] [--reps R] [--pairs P]\n");
  return 2;
}
#endif
