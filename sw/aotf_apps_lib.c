// SPDX-License-Identifier: Apache-2.0
/* The paper's AOTF applications as nic_sim host programs: see aotf_apps.h. */
#include "aotf_apps.h"
#include <stdlib.h>
#include <string.h>
#include "nic_pkg.h"
#include "libaotf_htt.h"

#define PGID 1
/* LLCM layout (same on every node) */
#define OFF_PING 0x000
#define OFF_BAR_FLAGS 0x100   /* tree level l: 8 bytes at +8l, byte d-1 = phase of child digit d */
#define OFF_BAR_REL 0x140     /* release phase from the root (or the parent) */
#define OFF_GS_SLOT 0x3000    /* type t, level l, child digit d: value at +0x200t+0x80l+16(d-1), phase at +8 */
#define OFF_GS_RES 0x500      /* type t: result from the root (or the parent) at +16t: value, phase at +8 */
#define OFF_RB_TAIL 0x600     /* consumer's LLCM: tail written by the producer */
#define OFF_RB_HEAD 0x608     /* producer's LLCM: head written by the consumer */
#define OFF_RB_RING 0x1000    /* consumer's LLCM: ring slots */
#define RB_SLOTS 64
#define OFF_LOOP 0x2000       /* own LLCM page 2: loopback probe target */
#define OFF_LOOPDONE 0x6f8   /* node 1: node 0 finished its loopback test */
#define OFF_RND 0x4000        /* random traffic: one region per writer (rnd_stride) */
#define LOOP_INDEX 8000       /* kick page index of the loopback probe */
#define GROUP_INDEX 4096      /* kick page index of multicast group g, slot k: 4096 + 4g + k */
#define DST_MCAST 0xC000u     /* dst_node of multicast group 0 */
#define OFF_PROT_LIMIT 0x10000 /* PGID may write [0, this); the fuzz app aims its bad kicks above */
#define FUZZ_INDEX 8100       /* kick page indices of the fuzz app's bad headers */
#define PGID_BAD 2            /* a process group without a protection entry */

typedef aotf_apps_t ctx_t;
typedef aotf_apps_node_t node_t;

/* random traffic: words per writer region and region stride (the last word of a region is the
 * writer's round marker) */
static unsigned rnd_words(const ctx_t *c) { return c->nnodes <= 8 ? 63u : 15u; }
static uint32_t rnd_base(const ctx_t *c, int writer) { return OFF_RND + (uint32_t)writer * 8u * (rnd_words(c) + 1u); }

/* kick page slot of a remote page: 0 and 1 for pages 0 and 1, 2 for the global-sum page 3,
 * 3 for this node's random-traffic page */
static unsigned slot_of(uint32_t remote_off) {
  uint32_t pg = remote_off >> 12;
  return pg < 2 ? pg : pg == 3 ? 2u : 3u;
}

/* kick address of remote_off in node dst's LLCM (user 0): kick page index 4*dst + slot, whose
 * HTT entry names dst and the remote page; offset = low 12 bits */
static uint32_t kick_addr(uint16_t dst, uint32_t remote_off) {
  return aotf_kick_page(0, 4u * dst + slot_of(remote_off)) | (remote_off & 0xfffu);
}
/* the same to every member of multicast group g */
static uint32_t kick_group(unsigned g, uint32_t remote_off) {
  return aotf_kick_page(0, GROUP_INDEX + 4u * g + slot_of(remote_off)) | (remote_off & 0xfffu);
}

/* The combining tree of the barrier and the global sum, by base-8 digits of the node number:
 * level l joins groups of 8 nodes that differ only in digit l; node r's parent is r with its
 * lowest nonzero digit cleared, and r's byte in the parent's level-l word is that digit - 1.
 * A node whose low l digits are 0 has up to 7 children at each level below l, so a parent reads
 * each level's flags with one 8-byte load; there are ceil(log8 N) levels. Nodes numbered as the
 * fabric attaches them (8 per leaf switch in tree8) keep level 0 inside a leaf switch. */
static int levels(const ctx_t *c) {
  int l = 0;
  for (long span = 1; span < c->nnodes; span *= 8) l++;
  return l;
}
static int pow8(int l) { return 1 << (3 * l); }
/* the level at which r reports to its parent (lowest nonzero digit); levels() for node 0 */
static int up_level(const ctx_t *c, int r) {
  int l = 0;
  if (!r) return levels(c);
  while (!((r / pow8(l)) % 8)) l++;
  return l;
}
static int digit(int r, int l) { return (r / pow8(l)) % 8; }
static int parent_of(const ctx_t *c, int r) { return r - digit(r, up_level(c, r)) * pow8(up_level(c, r)); }
/* children of r at level l: r + d * 8^l, d = 1..7, below N; returns how many (d = 1..k) */
static int nkids(const ctx_t *c, int r, int l) {
  int k = 0;
  for (int d = 1; d < 8 && r + d * pow8(l) < c->nnodes; d++) k++;
  return k;
}
static uint64_t byte_mask(int k) { return k >= 8 ? ~0ull : ((1ull << (8 * k)) - 1); }

/* the dst_node of node d (its address in the fabric) */
static uint16_t addr_of(const ctx_t *c, int d) { return (uint16_t)(c->addr ? c->addr[d] : (uint32_t)d); }

static void map_dst(node_t *n, uint16_t dst, unsigned index_base) {
  uint32_t rp = rnd_base(n->c, n->node) >> 12;
  uint32_t pages[4] = {0, 1, 3, rp};
  for (unsigned k = 0; k < 4; k++) {
    aotf_hdr_t hd = {dst, PGID, 0, 0, (uint64_t)pages[k] << 12, 0};
    if (aotf_map(&n->a, aotf_kick_page(0, index_base + k), &hd, 0)) { /* loaded on the first miss */
      fprintf(stderr, "node %d: header translation table full\n", n->node);
      n->c->fail = 1;
    }
  }
}

static void setup(node_t *n) {
  ctx_t *c = n->c;
  if (aotf_open(&n->a, n->a.h, addr_of(c, n->node))) {
    fprintf(stderr, "node %d: aotf_open failed\n", n->node);
    c->fail = 1;
    return;
  }
  n->a.hdr16 = getenv("AOTF_HDR16") != NULL; /* every page with the 16-byte header */
  aotf_protect(&n->a, PGID, 0, OFF_PROT_LIMIT);
  /* kick pages: remote pages 0, 1 and this node's random-traffic page of every other node
   * (dst in the header seed), and the same of this node's multicast group */
  for (int d = 0; d < c->nnodes; d++)
    if (d != n->node) map_dst(n, addr_of(c, d), 4u * (unsigned)d);
  if (n->node == 0) map_dst(n, (uint16_t)DST_MCAST, GROUP_INDEX);
  if (c->fuzz) { /* bad headers: a node the fabric does not have, a foreign process group, a
                  * page outside the protected region (the destination is set per kick below) */
    for (int d = 0; d < c->nnodes; d++) {
      if (d == n->node) continue;
      aotf_hdr_t bad_pg = {addr_of(c, d), PGID_BAD, 0, 0, 0, 0};
      aotf_hdr_t bad_rg = {addr_of(c, d), PGID, 0, 0, (uint64_t)OFF_PROT_LIMIT, 0};
      aotf_map(&n->a, aotf_kick_page(0, FUZZ_INDEX + 4u * (unsigned)d), &bad_pg, 0);
      aotf_map(&n->a, aotf_kick_page(0, FUZZ_INDEX + 4u * (unsigned)d + 1u), &bad_rg, 0);
    }
    aotf_hdr_t none = {(uint16_t)(c->nnodes + 5), PGID, 0, 0, 0, 0};
    aotf_map(&n->a, aotf_kick_page(0, FUZZ_INDEX - 1u), &none, 0);
  }
  if (getenv("AOTF_HW_WALK")) { /* the hardware refill walker: the table into the HTT */
    aotf_htt_init(&n->a);
    aotf_htt_load_all(&n->a);
    aotf_walk_enable(&n->a, 1);
  }
}

void aotf_apps_groups(const aotf_apps_t *c, void (*set)(void *ctx, unsigned g, int src, const int *m, int n), void *ctx) {
  int *m = malloc(sizeof(int) * (size_t)c->nnodes);
  if (!m) return;
  for (int i = 1; i < c->nnodes; i++) m[i - 1] = i;
  set(ctx, 0, 0, m, c->nnodes - 1);
  free(m);
}

/* ---------------------------------------------------------------- ping-pong */
static void pingpong(node_t *n, int eight) {
  ctx_t *c = n->c;
  unsigned len = eight ? 8 : 4;
  uint64_t mask = eight ? ~0ull : 0xffffffffull;
  int peer = n->node == 0 ? c->pp_peer : 0;
  if (n->node != 0 && n->node != c->pp_peer) return;
  for (unsigned i = 1; i <= c->iters; i++) {
    uint64_t v = eight ? ((uint64_t)i << 32) | (0x5a000000u + i) : (0xa5000000u + i);
    if (n->node == 0) {
      uint64_t t0 = nic_host_now(n->a.h);
      aotf_kick(&n->a, kick_addr((uint16_t)peer, OFF_PING), v, len);
      uint64_t got = aotf_llcm_poll(&n->a, OFF_PING, mask, v, NULL);
      uint64_t rtt = nic_host_now(n->a.h) - t0;
      if ((got & mask) != v) c->fail = 1;
      if (i > 1) { /* the first round trip includes the HTLB misses */
        if (!c->rtt_n[eight] || rtt < c->rtt_min[eight]) c->rtt_min[eight] = rtt;
        c->rtt_sum[eight] += rtt;
        c->rtt_n[eight]++;
      }
    } else {
      aotf_llcm_poll(&n->a, OFF_PING, mask, v, NULL);
      aotf_kick(&n->a, kick_addr((uint16_t)peer, OFF_PING), v, len);
    }
  }
}

/* ---------------------------------------------------------------- barrier (8-ary tree) */

/* gather up the tree (each level's child flags read 8 bytes at once, masked), report to the
 * parent, then the release: one multicast from the root to every node, or point to point down
 * the tree (each node to its children, the highest level first) */
static void barrier(node_t *n) {
  if (++n->bphase == 0) n->bphase = 1;
  uint8_t phase = n->bphase;
  ctx_t *c = n->c;
  int r = n->node, up = up_level(c, r);
  for (int l = 0; l < up; l++) {
    int k = nkids(c, r, l);
    if (!k) continue;
    uint64_t want = 0;
    for (int i = 0; i < k; i++) want |= (uint64_t)phase << (8 * i);
    aotf_llcm_poll(&n->a, OFF_BAR_FLAGS + 8u * (uint32_t)l, byte_mask(k), want, NULL);
  }
  if (r) {
    aotf_kick(&n->a, kick_addr((uint16_t)parent_of(c, r), OFF_BAR_FLAGS + 8u * (uint32_t)up + (uint32_t)(digit(r, up) - 1)),
              phase, 1);
    aotf_llcm_poll(&n->a, OFF_BAR_REL, 0xff, phase, NULL);
  }
  if (c->mcast) {
    if (!r) aotf_kick(&n->a, kick_group(0, OFF_BAR_REL), phase, 1);
    return;
  }
  for (int l = up - 1; l >= 0; l--)
    for (int d = 1; d <= nkids(c, r, l); d++) aotf_kick(&n->a, kick_addr((uint16_t)(r + d * pow8(l)), OFF_BAR_REL), phase, 1);
}

static void barrier_app(node_t *n) {
  ctx_t *c = n->c;
  barrier(n); /* warm-up: HTLB misses */
  uint64_t t0 = nic_host_now(n->a.h);
  for (unsigned i = 0; i < c->iters; i++) barrier(n);
  if (n->node == 0) {
    c->bar_cycles = nic_host_now(n->a.h) - t0;
    c->bar_n = c->iters;
  }
}

/* ---------------------------------------------------------------- global sum */
enum { GS_U32, GS_U64, GS_F32, GS_F64 };
static const char *gs_name[] = {"u32", "u64", "f32", "f64"};

static uint64_t gs_add(int t, uint64_t a, uint64_t b) {
  switch (t) {
    case GS_U32: return (uint32_t)(a + b);
    case GS_U64: return a + b;
    case GS_F32: {
      float x, y;
      uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
      memcpy(&x, &ua, 4);
      memcpy(&y, &ub, 4);
      x += y;
      uint32_t r;
      memcpy(&r, &x, 4);
      return r;
    }
    default: {
      double x, y;
      memcpy(&x, &a, 8);
      memcpy(&y, &b, 8);
      x += y;
      uint64_t r;
      memcpy(&r, &x, 8);
      return r;
    }
  }
}

static uint64_t gs_value(int t, int node, unsigned iter) {
  switch (t) {
    case GS_U32: return 1000u * (uint32_t)node + iter;
    case GS_U64: return ((uint64_t)node << 40) + iter;
    case GS_F32: { float f = 0.5f * (float)node + (float)iter; uint32_t r; memcpy(&r, &f, 4); return r; }
    default: { double d = 0.25 * node + iter; uint64_t r; memcpy(&r, &d, 8); return r; }
  }
}

/* send (value, phase) to LLCM offset off of node dst: 4-byte types in one 8-byte kick
 * {phase:value}; 8-byte types as two kicks, value then phase (AOTF keeps their order) */
static void gs_send_to(node_t *n, int t, uint32_t kaddr, uint64_t v, uint32_t phase) {
  if (t == GS_U32 || t == GS_F32) {
    aotf_kick(&n->a, kaddr, ((uint64_t)phase << 32) | (uint32_t)v, 8);
  } else {
    aotf_kick(&n->a, kaddr, v, 8);
    aotf_kick(&n->a, kaddr + 8, phase, 4);
  }
}
static void gs_send(node_t *n, int t, uint16_t dst, uint32_t off, uint64_t v, uint32_t phase) {
  gs_send_to(n, t, kick_addr(dst, off), v, phase);
}

static uint64_t gs_recv(node_t *n, int t, uint32_t off, uint32_t phase) {
  if (t == GS_U32 || t == GS_F32) {
    uint64_t w = aotf_llcm_poll(&n->a, off, 0xffffffff00000000ull, (uint64_t)phase << 32, NULL);
    return (uint32_t)w;
  }
  aotf_llcm_poll(&n->a, off + 8, 0xffffffffull, phase, NULL);
  return aotf_llcm_read(&n->a, off);
}

static uint64_t gsum(node_t *n, int t, unsigned iter, uint32_t phase) {
  ctx_t *c = n->c;
  int r = n->node, up = up_level(c, r);
  uint64_t acc = gs_value(t, r, iter);
  uint32_t slots = OFF_GS_SLOT + 0x200u * (uint32_t)t, res = OFF_GS_RES + 16u * (uint32_t)t;
  for (int l = 0; l < up; l++)
    for (int d = 1; d <= nkids(c, r, l); d++)
      acc = gs_add(t, acc, gs_recv(n, t, slots + 0x80u * (uint32_t)l + 16u * (uint32_t)(d - 1), phase));
  if (r) {
    gs_send(n, t, (uint16_t)parent_of(c, r), slots + 0x80u * (uint32_t)up + 16u * (uint32_t)(digit(r, up) - 1), acc, phase);
    acc = gs_recv(n, t, res, phase);
  }
  if (c->mcast) {
    if (!r) gs_send_to(n, t, kick_group(0, res), acc, phase);
    return acc;
  }
  for (int l = up - 1; l >= 0; l--)
    for (int d = 1; d <= nkids(c, r, l); d++) gs_send(n, t, (uint16_t)(r + d * pow8(l)), res, acc, phase);
  return acc;
}

static void gsum_app(node_t *n) {
  ctx_t *c = n->c;
  uint32_t phase = 1;
  for (int t = 0; t < 4; t++) {
    gsum(n, t, 0, phase++); /* warm-up */
    uint64_t t0 = nic_host_now(n->a.h);
    for (unsigned i = 1; i <= c->iters; i++) {
      uint64_t got = gsum(n, t, i, phase++);
      uint64_t want = gs_value(t, 0, i);
      for (int r = 1; r < c->nnodes; r++) want = gs_add(t, want, gs_value(t, r, i));
      if (got != want) {
        fprintf(stderr, "gsum %s node %d iter %u: got 0x%llx want 0x%llx\n", gs_name[t], n->node, i,
                (unsigned long long)got, (unsigned long long)want);
        c->fail = 1;
      }
    }
    if (n->node == 0) {
      c->gs_cycles[t] = nic_host_now(n->a.h) - t0;
      c->gs_n[t] = c->iters;
    }
  }
}

/* ---------------------------------------------------------------- ring buffer (4.2) */
static uint64_t rb_val(uint64_t i) { return 0x1234000000000000ull ^ (i * 0x9E3779B97F4A7C15ull); }

static void ring_app(node_t *n) {
  ctx_t *c = n->c;
  uint64_t total = 4ull * c->iters + 3 * RB_SLOTS;
  uint64_t t0 = nic_host_now(n->a.h);
  if (n->node > 1) return; /* between nodes 0 and 1 */
  if (n->node == 0) { /* producer */
    uint64_t tail = 0, head = 0;
    while (tail < total) {
      while (tail - head >= RB_SLOTS) head = aotf_llcm_read(&n->a, OFF_RB_HEAD);  /* (2),(3) */
      aotf_kick(&n->a, kick_addr(1, OFF_RB_RING + 8u * (uint32_t)(tail % RB_SLOTS)), rb_val(tail), 8); /* (4) */
      tail++;
      aotf_kick(&n->a, kick_addr(1, OFF_RB_TAIL), tail, 8); /* (5) */
    }
  } else { /* consumer */
    uint64_t head = 0, tail = 0;
    while (head < total) {
      while (tail == head) tail = aotf_llcm_read(&n->a, OFF_RB_TAIL); /* (2),(3) */
      uint64_t v = aotf_llcm_read(&n->a, OFF_RB_RING + 8u * (uint32_t)(head % RB_SLOTS)); /* (4) */
      if (v != rb_val(head)) {
        fprintf(stderr, "ring: value %llu: got 0x%llx want 0x%llx\n", (unsigned long long)head,
                (unsigned long long)v, (unsigned long long)rb_val(head));
        c->fail = 1;
        return;
      }
      head++;
      aotf_kick(&n->a, kick_addr(0, OFF_RB_HEAD), head, 8); /* (5) */
    }
    c->rb_cycles = nic_host_now(n->a.h) - t0;
    c->rb_values = total;
  }
}

/* ---------------------------------------------------------------- latency probes */
static void loopback_app(node_t *n) {
  ctx_t *c = n->c;
  if (n->node != 0) { /* stay quiet on the link until node 0 is back from its loopback test */
    aotf_llcm_poll(&n->a, OFF_LOOPDONE, ~0ull, 1, NULL);
    return;
  }
  /* page 2 of the kick window maps to this node's own LLCM page 2; CTRL.LOOPBACK routes the
   * packet inside the node (the paper's internal loop) */
  aotf_hdr_t hd = {(uint16_t)n->node, PGID, 0, 0, 2ull << 12, 0};
  aotf_map(&n->a, aotf_kick_page(0, LOOP_INDEX), &hd, 1);
  aotf_set_loopback(&n->a, 1);
  for (unsigned i = 1; i <= c->iters; i++) {
    uint64_t v = 0x10000000u + i;
    uint32_t off = OFF_LOOP + 8u * (i % 16);
    uint64_t lat = aotf_probe(&n->a, aotf_kick_page(0, LOOP_INDEX) | (off & 0xfffu), v, 4, off);
    c->loop_lat += lat;
    c->loop_n++;
  }
  aotf_set_loopback(&n->a, 0);
  for (int d = 1; d < c->nnodes; d++) aotf_kick(&n->a, kick_addr((uint16_t)d, OFF_LOOPDONE), 1, 8);
}

/* ---------------------------------------------------------------- random traffic */
static uint64_t rnd_next(uint64_t *rng) {
  uint64_t z = (*rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static uint64_t rnd(node_t *n) { return rnd_next(&n->rng); }

/* one kick of a random-traffic round, drawn from the writer's generator */
typedef struct {
  int dst, bad, has_wait;
  unsigned w, len, lane, kind, wait;
  uint64_t v;
} rkick_t;

static unsigned rnd_round_kicks(uint64_t *rng) { return 1 + (unsigned)(rnd_next(rng) % 40); }

static void rnd_draw(const ctx_t *c, int me, uint64_t *rng, rkick_t *k) {
  int N = c->nnodes;
  unsigned W = rnd_words(c);
  int dst = N == 2 ? 1 - me : (int)(rnd_next(rng) % (uint64_t)(N - 1));
  if (N > 2 && dst >= me) dst++;
  k->dst = dst;
  k->w = (unsigned)(rnd_next(rng) % W);
  k->len = 1 + (unsigned)(rnd_next(rng) % 8);
  k->lane = (unsigned)(rnd_next(rng) % (9 - k->len));
  k->v = rnd_next(rng);
  k->bad = c->fuzz && rnd_next(rng) % 8 == 0;
  k->has_wait = 0;
  if (k->bad) {
    k->kind = (unsigned)(rnd_next(rng) % 3);
    return;
  }
  k->has_wait = rnd_next(rng) % 4 == 0;
  if (k->has_wait) k->wait = (unsigned)(rnd_next(rng) % 20);
}

/* the words writer src put into every destination's LLCM (and the bad kicks it sent to each)
 * up to round `round`, from its draws: the receiver checks against these wherever the writer
 * runs */
static void rnd_replay(ctx_t *c, int src, unsigned round) {
  int N = c->nnodes;
  unsigned W = rnd_words(c);
  uint64_t *shadow = &c->rnd_expect[(size_t)src * (size_t)N * W];
  while (c->rnd_rep_round[src] < round) {
    uint64_t *rng = &c->rnd_rep_rng[src];
    unsigned kicks = rnd_round_kicks(rng);
    for (unsigned i = 0; i < kicks; i++) {
      rkick_t k;
      rnd_draw(c, src, rng, &k);
      if (k.bad) {
        if (k.kind != 2) c->fz_bad_rx[k.dst]++;
        continue;
      }
      uint64_t m = (k.len == 8 ? ~0ull : ((1ull << (8 * k.len)) - 1)) << (8 * k.lane);
      uint64_t *sw = &shadow[(size_t)k.dst * W + k.w];
      *sw = (*sw & ~m) | ((k.v << (8 * k.lane)) & m);
    }
    c->rnd_rep_round[src]++;
  }
}

/* rounds of random kicks (random destinations, lengths, lanes, words, bursts and idle gaps)
 * into the writer's region of each destination's LLCM; then a round marker to every other node
 * (behind its data on the same path: the fabric keeps the order per source and destination);
 * every node waits for every writer's marker and checks the words the writer put there; a
 * barrier ends the round so nobody writes the next round before all have checked */
static void random_app(node_t *n) {
  ctx_t *c = n->c;
  int N = c->nnodes, me = n->node;
  unsigned W = rnd_words(c);
  for (unsigned round = 1; !c->iters || round <= c->iters; round++) {
    unsigned kicks = rnd_round_kicks(&n->rng);
    for (unsigned i = 0; i < kicks; i++) {
      rkick_t k;
      rnd_draw(c, me, &n->rng, &k);
      if (k.bad) { /* a bad kick: dropped by the switch or the receiver */
        uint32_t off = 8u * (k.w % 8) + k.lane;
        if (k.kind == 2) {
          aotf_kick(&n->a, aotf_kick_page(0, FUZZ_INDEX - 1u) | off, k.v, k.len);
          c->fz_unknown++;
        } else {
          aotf_kick(&n->a, aotf_kick_page(0, FUZZ_INDEX + 4u * (unsigned)k.dst + k.kind) | off, k.v, k.len);
        }
        continue;
      }
      aotf_kick(&n->a, kick_addr((uint16_t)k.dst, rnd_base(c, me) + 8u * k.w + k.lane), k.v, k.len);
      c->rnd_kicks++;
      if (k.has_wait) nic_host_wait(n->a.h, k.wait);
    }
    for (int d = 0; d < N; d++)
      if (d != me) aotf_kick(&n->a, kick_addr((uint16_t)d, rnd_base(c, me) + 8u * W), round, 8);
    for (int src = 0; src < N; src++) {
      if (src == me) continue;
      aotf_llcm_poll(&n->a, rnd_base(c, src) + 8u * W, ~0ull, round, NULL);
      rnd_replay(c, src, round);
      const uint64_t *want = &c->rnd_expect[((size_t)src * (size_t)N + (size_t)me) * W];
      for (unsigned w = 0; w < W; w++) {
        uint64_t got = aotf_llcm_read(&n->a, rnd_base(c, src) + 8u * w);
        if (got != want[w]) {
          fprintf(stderr, "random: node %d word %u from node %d: got 0x%llx want 0x%llx\n", me, w, src,
                  (unsigned long long)got, (unsigned long long)want[w]);
          c->fail = 1;
          return;
        }
        c->rnd_checked++;
      }
    }
    barrier(n);
    if (me == 0) c->rnd_rounds++;
  }
  if (!c->fuzz) return;
  /* every bad kick to this node was dropped by its protection check and counted; the words
   * above the protected region still hold what the reset sweep left (0) */
  aotf_flush(&n->a);
  barrier(n);
  uint32_t dropped = nic_host_csr_read(n->a.h, (uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_CNT_PROT)) +
                     nic_host_csr_read(n->a.h, (uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_CNT_RANGE));
  if (dropped != c->fz_bad_rx[me]) {
    fprintf(stderr, "fuzz: node %d: receiver dropped %u bad packets, %llu were sent to it\n", me, dropped,
            (unsigned long long)c->fz_bad_rx[me]);
    c->fail = 1;
  }
  for (uint32_t w = 0; w < 8; w++) {
    uint64_t v = aotf_llcm_read(&n->a, OFF_PROT_LIMIT + 8u * w);
    if (v) {
      fprintf(stderr, "fuzz: node %d: LLCM 0x%x outside the permitted region changed to 0x%llx\n", me,
              OFF_PROT_LIMIT + 8u * w, (unsigned long long)v);
      c->fail = 1;
    }
  }
}

/* all-to-all throughput: every node sends `iters` 8-byte kicks round robin over the other
 * nodes (no gaps), then a marker to each; the run ends when every node has every marker.
 * Figure: payload bytes delivered per node per cycle */
static void alltoall_app(node_t *n) {
  ctx_t *c = n->c;
  int N = c->nnodes, me = n->node;
  unsigned W = rnd_words(c);
  for (int d = 0; d < N; d++) /* warm-up: load the HTLB entries of every destination */
    if (d != me) aotf_kick(&n->a, kick_addr((uint16_t)d, rnd_base(c, me)), 0, 8);
  aotf_flush(&n->a);
  barrier(n);
  uint64_t t0 = nic_host_now(n->a.h);
  for (unsigned i = 0; i < c->iters; i++) {
    int dst = (me + 1 + (int)(i % (unsigned)(N - 1))) % N;
    aotf_kick(&n->a, kick_addr((uint16_t)dst, rnd_base(c, me) + 8u * (i % W)), ((uint64_t)me << 32) | i, 8);
  }
  for (int d = 0; d < N; d++)
    if (d != me) aotf_kick(&n->a, kick_addr((uint16_t)d, rnd_base(c, me) + 8u * W), 0xA11u, 8);
  for (int src = 0; src < N; src++)
    if (src != me) aotf_llcm_poll(&n->a, rnd_base(c, src) + 8u * W, ~0ull, 0xA11u, NULL);
  uint64_t t = nic_host_now(n->a.h) - t0;
  if (t > c->a2a_cycles) c->a2a_cycles = t;
  c->a2a_bytes += 8ull * c->iters;
  barrier(n);
}

/* ---------------------------------------------------------------- credit limits under traffic */
/* bursts of kicks (user 0) to the peer while the program rewrites user 0's CREDIT_LIMIT with
 * small values, around the number of its kicks in flight, so that limit writes meet takes and
 * returns in the same and the neighbouring cycles; kicks over the limit are refused (counted in
 * CNT_ERR_CREDIT). Which kicks are refused depends on timing, so there is no data check: the
 * lockstep bench compares every cycle. The reset limit is written back at the end. */
static void credits_app(node_t *n) {
  ctx_t *c = n->c;
  nic_host_t *h = n->a.h;
  const uint16_t sel = (uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_CREDIT_SEL);
  const uint16_t lim = (uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_CREDIT_LIMIT);
  const uint16_t par = (uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_PARAMS);
  uint32_t p = nic_host_csr_read(h, par);
  uint32_t users = (p >> AOTF_SEND_PARAMS_NUM_USERS_LSB) & 0xffu;
  uint32_t fifo_log2 = (p >> AOTF_SEND_PARAMS_FIFO_LOG2_LSB) & 0xffu;
  int peer = n->node == 0 ? 1 : 0;
  nic_host_csr_write(h, sel, 0);
  for (unsigned round = 0; round < 16u * c->iters; round++) {
    unsigned kicks = 1 + (unsigned)(rnd(n) % 12);
    for (unsigned k = 0; k < kicks; k++) {
      aotf_kick(&n->a, kick_addr((uint16_t)peer, OFF_RND + 8u * (unsigned)(rnd(n) % 64)), rnd(n), 8);
      c->rnd_kicks++;
      if (rnd(n) % 3 == 0) {
        nic_host_csr_write(h, lim, (uint32_t)(rnd(n) % 7));
        c->credit_writes++;
      }
    }
    if (rnd(n) % 2) nic_host_wait(h, rnd(n) % 24);
  }
  nic_host_csr_write(h, lim, users ? (1u << fifo_log2) / users : 0);
  c->credit_refused += nic_host_csr_read(h, (uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_CNT_ERR_CREDIT));
}

/* ---------------------------------------------------------------- failover traffic */
/* stream: every node writes word w (w < min(iters, region words)) of its region in every other
 * node's LLCM with a value unique to (writer, destination, word), round robin over the
 * destinations with random gaps, and waits for nobody: a kick lost to a failed link leaves its
 * word 0 and cannot stall the run. stream_check (run once the tables are updated): a marker
 * to every other node in the region's last word, then each node waits for every writer's marker
 * (behind the writer's data on the writer's present path) and classifies every word. */
#define ST_TAG 0x5A5Aull
static unsigned st_words(const ctx_t *c) { return c->iters < rnd_words(c) ? c->iters : rnd_words(c); }
static uint64_t st_value(int src, int dst, unsigned w) {
  return ST_TAG << 48 | (uint64_t)(src & 0xfff) << 28 | (uint64_t)(dst & 0xfff) << 16 | (uint64_t)w;
}

static void stream_app(node_t *n) {
  ctx_t *c = n->c;
  int N = c->nnodes, me = n->node;
  for (unsigned w = 0; w < st_words(c); w++)
    for (int k = 1; k < N; k++) {
      int d = (me + k) % N;
      aotf_kick(&n->a, kick_addr((uint16_t)d, rnd_base(c, me) + 8u * w), st_value(me, d, w), 8);
      c->st_sent++;
      if (rnd(n) % 4 == 0) nic_host_wait(n->a.h, rnd(n) % 20);
    }
}

static void stream_check_app(node_t *n) {
  ctx_t *c = n->c;
  int N = c->nnodes, me = n->node;
  unsigned W = rnd_words(c);
  for (int k = 1; k < N; k++)
    aotf_kick(&n->a, kick_addr((uint16_t)((me + k) % N), rnd_base(c, me) + 8u * W), ST_TAG << 48 | 0xE0Fu, 8);
  for (int src = 0; src < N; src++) {
    if (src == me) continue;
    aotf_llcm_poll(&n->a, rnd_base(c, src) + 8u * W, ~0ull, ST_TAG << 48 | 0xE0Fu, NULL);
    for (unsigned w = 0; w < st_words(c); w++) {
      uint64_t got = aotf_llcm_read(&n->a, rnd_base(c, src) + 8u * w);
      if (got == st_value(src, me, w)) c->st_ok++;
      else if (!got) c->st_lost++;
      else {
        fprintf(stderr, "stream: node %d word %u from node %d: got 0x%llx want 0x%llx\n", me, w, src,
                (unsigned long long)got, (unsigned long long)st_value(src, me, w));
        c->st_bad++;
        c->fail = 1;
      }
    }
  }
  barrier(n);
}

/* ---------------------------------------------------------------- driver */
int aotf_apps_init(aotf_apps_t *c, const char *app, unsigned iters, uint64_t seed, int nnodes) {
  memset(c, 0, sizeof(*c));
  if (nnodes < 2) return -1;
  c->app = app;
  c->iters = iters;
  c->nnodes = nnodes;
  c->pp_peer = 1;
  c->mcast = 0;
  c->fuzz = !strcmp(app, "fuzz");
  c->nodes = calloc((size_t)nnodes, sizeof(*c->nodes));
  c->refills = calloc((size_t)nnodes, sizeof(*c->refills));
  c->done = calloc((size_t)nnodes, sizeof(*c->done));
  c->rnd_expect = calloc((size_t)nnodes * (size_t)nnodes * rnd_words(c), sizeof(uint64_t));
  c->fz_bad_rx = calloc((size_t)nnodes, sizeof(uint64_t));
  c->rnd_rep_rng = calloc((size_t)nnodes, sizeof(uint64_t));
  c->rnd_rep_round = calloc((size_t)nnodes, sizeof(unsigned));
  if (!c->nodes || !c->refills || !c->done || !c->rnd_expect || !c->fz_bad_rx || !c->rnd_rep_rng ||
      !c->rnd_rep_round) {
    aotf_apps_free(c);
    return -1;
  }
  for (int i = 0; i < nnodes; i++) {
    c->nodes[i].c = c;
    c->nodes[i].node = i;
    c->nodes[i].rng = seed * 7919u + (uint64_t)i;
    c->rnd_rep_rng[i] = c->nodes[i].rng; /* random traffic draws from the start of the run */
  }
  return 0;
}

void aotf_apps_free(aotf_apps_t *c) {
  free(c->nodes);
  free(c->refills);
  free(c->done);
  free(c->rnd_expect);
  free(c->fz_bad_rx);
  free(c->rnd_rep_rng);
  free(c->rnd_rep_round);
  c->fz_bad_rx = NULL;
  c->rnd_rep_rng = NULL;
  c->rnd_rep_round = NULL;
  c->nodes = NULL;
  c->refills = NULL;
  c->done = NULL;
  c->rnd_expect = NULL;
}

void aotf_apps_prog(nic_host_t *h, void *arg) {
  node_t *n = arg;
  ctx_t *c = n->c;
  n->a.h = h;
  setup(n);
  if (c->fail) return;
  const char *app = c->app;
  int all = !strcmp(app, "all");
  unsigned iters = c->iters;
  if (!iters && strcmp(app, "random") && strcmp(app, "fuzz")) c->iters = 1;
  if (all || !strcmp(app, "pingpong")) {
    pingpong(n, 0);
    pingpong(n, 1);
    barrier(n); /* separate the apps */
  }
  if (all || !strcmp(app, "barrier")) barrier_app(n);
  if (all || !strcmp(app, "gsum")) {
    barrier(n);
    gsum_app(n);
  }
  if (all || !strcmp(app, "ring")) {
    barrier(n);
    ring_app(n);
  }
  if (all || !strcmp(app, "loopback")) {
    barrier(n);
    loopback_app(n);
    barrier(n);
  }
  if (!strcmp(app, "random") || !strcmp(app, "fuzz")) random_app(n);
  if (!strcmp(app, "alltoall")) alltoall_app(n);
  if (!strcmp(app, "credits")) credits_app(n);
  if (!strcmp(app, "stream")) stream_app(n);
  if (!strcmp(app, "stream_check")) stream_check_app(n);
  aotf_flush(&n->a);
  c->refills[n->node] = n->a.refills;
  c->done[n->node] = 1;
}

void aotf_apps_report(const aotf_apps_t *c, const char *sfx, FILE *ff) {
  char key[96];
#define FIG(val)                                                   \
  do {                                                             \
    printf("figure: %s %.1f\n", key, (double)(val));               \
    if (ff) fprintf(ff, "%s %.1f\n", key, (double)(val));          \
  } while (0)
  if (c->fig_n) { /* fabric runs: keys by node count, switch hops and release mode */
    const char *rel = c->mcast ? "mcast" : "ucast";
    for (int e = 0; e < 2; e++)
      if (c->rtt_n[e]) {
        snprintf(key, sizeof(key), "aotf.rtt_cycles_hops%d%s%s", c->pp_hops, e ? "" : "_4B", sfx);
        FIG((double)c->rtt_sum[e] / (double)c->rtt_n[e]);
      }
    if (c->bar_n) {
      snprintf(key, sizeof(key), "aotf.barrier_cycles_n%d_%s%s", c->fig_n, rel, sfx);
      FIG((double)c->bar_cycles / (double)c->bar_n);
    }
    for (int t = 0; t < 4; t++)
      if (c->gs_n[t]) {
        snprintf(key, sizeof(key), "aotf.gsum_cycles_n%d_%s%s%s", c->fig_n, gs_name[t], c->mcast ? "" : "_ucast", sfx);
        FIG((double)c->gs_cycles[t] / (double)c->gs_n[t]);
      }
    if (c->a2a_cycles) {
      snprintf(key, sizeof(key), "aotf.alltoall_bytes_per_node_cycle_n%d%s", c->fig_n, sfx);
      double v = (double)c->a2a_bytes / (double)c->nnodes / (double)c->a2a_cycles;
      printf("figure: %s %.3f\n", key, v);
      if (ff) fprintf(ff, "%s %.3f\n", key, v);
    }
    return;
  }
  for (int e = 0; e < 2; e++)
    if (c->rtt_n[e]) {
      snprintf(key, sizeof(key), "aotf.rtt_cycles_%s%s", e ? "8B" : "4B", sfx);
      FIG((double)c->rtt_sum[e] / (double)c->rtt_n[e]);
      snprintf(key, sizeof(key), "aotf.rtt_cycles_%s_min%s", e ? "8B" : "4B", sfx);
      FIG(c->rtt_min[e]);
    }
  if (c->bar_n) {
    snprintf(key, sizeof(key), "aotf.barrier_cycles_2node%s", sfx);
    FIG((double)c->bar_cycles / (double)c->bar_n);
  }
  for (int t = 0; t < 4; t++)
    if (c->gs_n[t]) {
      snprintf(key, sizeof(key), "aotf.gsum_cycles_2node_%s%s", gs_name[t], sfx);
      FIG((double)c->gs_cycles[t] / (double)c->gs_n[t]);
    }
  if (c->rb_values) {
    snprintf(key, sizeof(key), "aotf.ring_cycles_per_value%s", sfx);
    FIG((double)c->rb_cycles / (double)c->rb_values);
  }
  if (c->loop_n) {
    snprintf(key, sizeof(key), "aotf.loopback_kick_to_llcm_cycles");
    FIG((double)c->loop_lat / (double)c->loop_n);
  }
#undef FIG
}
