// SPDX-License-Identifier: Apache-2.0
/* nmpi_aotf: the message layer's transport over Martini AOTF nodes (sw/libaotf.h) on nic_sim
 * (tree8:N, up to 64 ranks and more). Rank r = node r; every rank's program is a nic_sim host
 * program.
 *
 * Per-peer rings in the LLCM, the ring-buffer protocol of DIMMnet-1 section 4.2: sender s owns a
 * ring of RING_WORDS 8-byte words in every receiver's LLCM. It writes a fragment's words with
 * AOTF kicks (one 8-byte store each), then bumps its tail: a 1-byte kick into the receiver's
 * tail table, byte s. AOTF delivers one sender's kicks in order, so a tail the receiver sees
 * covers words already written. The receiver polls its tail table (8 senders per uncached
 * 8-byte load), reads the new words, and returns its head the same way: a 1-byte kick into the
 * sender's head table, byte r. Counters are kept mod 256 in the tables (a ring holds at most
 * RING_WORDS < 256 words in flight), so the tables need no atomic update.
 *
 * LLCM layout of every node: rings at RING_BASE + 1024 * src (pages 0..15); tail table at
 * TAIL_BASE + src, head table at HEAD_BASE + dst, barrier flags at BAR_FLAGS / BAR_REL, allreduce
 * slots at AR_SLOT / AR_RES (page 16). Kick page 2d maps the page holding
 * this rank's ring in node d, kick page 2d+1 node d's page 16 (the HTLB loads them on first use).
 * Fragment = 1 header word (2 when the message has more than one fragment or is a rendezvous
 * control message) + data words.
 * A receiver reads the tails of senders it awaits (nmpi_awaits) every poll and all tails every
 * 8th poll and in MPI_Finalize, so unexpected messages still drain while a poll costs few loads.
 * The ring space is the flow control: the layer's credits are off (window 0). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libaotf.h"
#include "nic_sim.h"
#include "nmpi_aotf.h"

#define RING_WORDS 128u
#define RING_BASE 0x0000u
#define TAIL_BASE 0x10000u
#define HEAD_BASE 0x10040u
#define BAR_FLAGS 0x10100u /* barrier: level l child flags at +8l, byte d-1 = phase of child digit d */
#define BAR_REL 0x10140u   /* barrier: release phase from the parent */
#define AR_SLOT 0x10200u  /* allreduce: level l child slots at +0x80l + 16(d-1): value, then phase at +8 */
#define AR_RES 0x10380u   /* allreduce: the result from the parent, value then phase */
#define PROT_LIMIT 0x10400u
#define MAX_RANKS 64
#define PGID 1
#define FRAG_WORDS 62u /* 2 header words + 60 data words: 480 payload bytes */

typedef struct {
  nmpi_rank_t *r;
  nic_host_t *h;
  aotf_t a;
  uint64_t debt;                        /* host cycles charged, not yet waited */
  uint32_t tail[MAX_RANKS], head[MAX_RANKS]; /* as sender: words written / known consumed per dst */
  uint32_t rx[MAX_RANKS];               /* as receiver: words consumed per src */
  unsigned rounds;                      /* polls: every 8th reads every sender's tail */
  uint8_t bphase;                       /* barrier phase (never 0) */
  uint32_t aphase;                      /* allreduce phase (never 0) */
} at_rank_t;

struct nmpi_aotf {
  nic_sim_t *sim;
  nmpi_world_t *w;
  at_rank_t *rk;
  int (*run_main)(nmpi_rank_t *r);
  int ready; /* ranks through set-up */
};

static uint32_t ring_off(int src, uint32_t word) { return RING_BASE + 1024u * (uint32_t)src + 8u * (word % RING_WORDS); }
static uint32_t kaddr_ring(int dst, uint32_t off) { return aotf_kick_page(0, 2u * (unsigned)dst) | (off & 0xfffu); }
static uint32_t kaddr_tbl(int dst, uint32_t off) { return aotf_kick_page(0, 2u * (unsigned)dst + 1u) | (off & 0xfffu); }

static void pay(at_rank_t *t) { /* the layer's CPU time, then the rank is current again */
  if (t->debt) {
    uint64_t d = t->debt;
    t->debt = 0;
    nic_host_wait(t->h, d);
  }
  t->r->w->cur = t->r;
}

static int at_send(nmpi_rank_t *r, int dst, const nmpi_hdr_t *h, const void *data, size_t len) {
  at_rank_t *t = r->tp;
  int one = h->type == NMPI_FIRST ? h->len == len : h->type == NMPI_ACK;
  uint32_t words = (one ? 1u : 2u) + (uint32_t)((len + 7) / 8);
  pay(t);
  if (RING_WORDS - (t->tail[dst] - t->head[dst]) < words) { /* refresh the head from the LLCM */
    uint64_t v = aotf_llcm_read(&t->a, (HEAD_BASE + (uint32_t)dst) & ~7u);
    r->w->cur = r;
    uint8_t hb = (uint8_t)(v >> (8 * ((HEAD_BASE + (uint32_t)dst) & 7u)));
    t->head[dst] = t->tail[dst] - (uint8_t)((uint8_t)t->tail[dst] - hb);
    if (RING_WORDS - (t->tail[dst] - t->head[dst]) < words) return 1;
  }
  /* word 0: type, ctx, fragment bytes (12 bits), "one word" flag, tag; word 1 (only when the
   * fragment is not the whole message): the message's total bytes, the header's pad (token) */
  uint64_t w0 = (uint64_t)h->type | (uint64_t)h->ctx << 8 | (uint64_t)(len & 0xfffu) << 16 | (uint64_t)one << 28 |
                (uint64_t)(uint32_t)h->tag << 32;
  uint32_t k = t->tail[dst];
  aotf_kick(&t->a, kaddr_ring(dst, ring_off(r->id, k++)), w0, 8);
  if (!one) aotf_kick(&t->a, kaddr_ring(dst, ring_off(r->id, k++)), h->len | (uint64_t)h->pad << 32, 8);
  for (size_t i = 0; i < len; i += 8) {
    uint64_t v = 0;
    memcpy(&v, (const char *)data + i, len - i < 8 ? len - i : 8);
    aotf_kick(&t->a, kaddr_ring(dst, ring_off(r->id, k++)), v, 8);
  }
  t->tail[dst] = k;
  aotf_kick(&t->a, kaddr_tbl(dst, TAIL_BASE + (uint32_t)r->id), k & 0xffu, 1);
  r->w->cur = r;
  return 0;
}

static int at_poll(nmpi_rank_t *r) {
  at_rank_t *t = r->tp;
  int n = r->w->n, got = 0;
  char buf[FRAG_WORDS * 8];
  pay(t);
  int all = r->finalizing || (t->rounds++ & 7u) == 0;
  for (int base = 0; base < n; base += 8) {
    int want = all;
    for (int s = base; !want && s < base + 8 && s < n; s++) want = s != r->id && nmpi_awaits(r, s);
    if (!want) continue;
    uint64_t tw = aotf_llcm_read(&t->a, TAIL_BASE + (uint32_t)base);
    for (int s = base; s < base + 8 && s < n; s++) {
      if (s == r->id) continue;
      uint8_t tb = (uint8_t)(tw >> (8 * (s - base)));
      uint32_t avail = (uint8_t)(tb - (uint8_t)t->rx[s]);
      if (!avail) continue;
      while (avail >= 1) {
        uint64_t w0 = aotf_llcm_read(&t->a, ring_off(s, t->rx[s]));
        nmpi_hdr_t h;
        h.type = (uint8_t)w0;
        h.ctx = (uint8_t)(w0 >> 8);
        h.credits = 0;
        uint32_t frag = (uint32_t)(w0 >> 16) & 0xfffu;
        h.tag = (int32_t)(uint32_t)(w0 >> 32);
        uint32_t hw = (w0 >> 28) & 1u ? 1u : 2u;
        uint64_t w1 = hw == 1 ? frag : aotf_llcm_read(&t->a, ring_off(s, t->rx[s] + 1));
        h.len = (uint32_t)w1;
        h.pad = (uint32_t)(w1 >> 32);
        uint32_t dw = (frag + 7) / 8;
        for (uint32_t i = 0; i < dw; i++) {
          uint64_t v = aotf_llcm_read(&t->a, ring_off(s, t->rx[s] + hw + i));
          memcpy(buf + 8 * i, &v, 8);
        }
        t->rx[s] += hw + dw;
        avail -= hw + dw;
        r->w->cur = r;
        nmpi_rx(r, s, &h, buf, frag);
        got++;
      }
      aotf_kick(&t->a, kaddr_tbl(s, HEAD_BASE + (uint32_t)r->id), t->rx[s] & 0xffu, 1);
    }
  }
  r->w->cur = r;
  return got;
}

static uint64_t at_now(nmpi_rank_t *r) {
  at_rank_t *t = r->tp;
  return nic_host_now(t->h) + t->debt;
}
static void at_spend(nmpi_rank_t *r, uint64_t c) { ((at_rank_t *)r->tp)->debt += c; }
static void at_idle(nmpi_rank_t *r) {
  at_rank_t *t = r->tp;
  t->debt += 4;
  pay(t);
}
static int at_quiet(nmpi_rank_t *r) {
  at_rank_t *t = r->tp;
  pay(t);
  aotf_flush(&t->a);
  r->w->cur = r;
  return 1;
}
static void at_report(nmpi_rank_t *r) {
  at_rank_t *t = r->tp;
  if (t->a.unknown_misses)
    fprintf(stderr, "nmpi: rank %d: %llu HTLB misses without a mapping\n", r->id, (unsigned long long)t->a.unknown_misses);
  if (r->w->stats)
    fprintf(stderr, "nmpi: rank %d: kicks %u, HTLB refills %llu\n", r->id, t->a.kicks, (unsigned long long)t->a.refills);
}

/* The barrier of aotf_apps (DIMMnet-1 section 5.3) as the transport's own: an 8-ary combining
 * tree by base-8 digits of the rank (node r's parent is r with its lowest nonzero digit
 * cleared); a parent reads all its children's byte flags of one level with one load, reports
 * with one byte kick, and the release goes down the tree one byte kick per child. */
static int bar_levels(int n) {
  int l = 0;
  for (long span = 1; span < n; span *= 8) l++;
  return l;
}
static int pow8(int l) { return 1 << (3 * l); }
static int digit(int r, int l) { return (r / pow8(l)) % 8; }
static int up_level(int n, int r) {
  int l = 0;
  if (!r) return bar_levels(n);
  while (!digit(r, l)) l++;
  return l;
}
static int nkids(int n, int r, int l) {
  int k = 0;
  for (int d = 1; d < 8 && r + d * pow8(l) < n; d++) k++;
  return k;
}

/* poll a flag word; every 16th read also runs the layer's progress (rings keep draining) */
static void bar_wait(at_rank_t *t, uint32_t off, uint64_t mask, uint64_t want, void (*progress)(nmpi_rank_t *)) {
  for (unsigned i = 1;; i++) {
    uint64_t v = aotf_llcm_read(&t->a, off);
    t->r->w->cur = t->r;
    if ((v & mask) == want) return;
    if (!(i & 15u)) progress(t->r);
  }
}

static void at_barrier(nmpi_rank_t *r, void (*progress)(nmpi_rank_t *)) {
  at_rank_t *t = r->tp;
  int n = r->w->n, me = r->id, up = up_level(n, me);
  pay(t);
  if (++t->bphase == 0) t->bphase = 1;
  uint8_t ph = t->bphase;
  for (int l = 0; l < up; l++) {
    int k = nkids(n, me, l);
    if (!k) continue;
    uint64_t want = 0, mask = k >= 8 ? ~0ull : (1ull << (8 * k)) - 1;
    for (int i = 0; i < k; i++) want |= (uint64_t)ph << (8 * i);
    bar_wait(t, BAR_FLAGS + 8u * (uint32_t)l, mask, want, progress);
  }
  if (me) {
    int parent = me - digit(me, up) * pow8(up);
    aotf_kick(&t->a, kaddr_tbl(parent, BAR_FLAGS + 8u * (uint32_t)up + (uint32_t)(digit(me, up) - 1)), ph, 1);
    bar_wait(t, BAR_REL, 0xff, ph, progress);
  }
  for (int l = up - 1; l >= 0; l--)
    for (int d = 1; d <= nkids(n, me, l); d++) aotf_kick(&t->a, kaddr_tbl(me + d * pow8(l), BAR_REL), ph, 1);
  r->w->cur = r;
}

/* The global sum of aotf_apps (DIMMnet-1 section 5.4) as the transport's allreduce of up to 8
 * bytes: the barrier's tree; a child sends its partial value to its slot in the parent's LLCM
 * as two kicks, the value then the phase (AOTF keeps their order, so a phase seen covers its
 * value); the parent waits for each child's phase, folds the value in, reports up, and the
 * result goes down the tree the same way into AR_RES. A slot is written again only after the
 * result of the phase before left the parent, so one slot per child suffices. */
static void ar_send(at_rank_t *t, int dst, uint32_t off, uint64_t v, uint32_t ph) {
  aotf_kick(&t->a, kaddr_tbl(dst, off), v, 8);
  aotf_kick(&t->a, kaddr_tbl(dst, off + 8u), ph, 4);
}
static uint64_t ar_recv(at_rank_t *t, uint32_t off, uint32_t ph, void (*progress)(nmpi_rank_t *)) {
  bar_wait(t, off + 8u, 0xffffffffull, ph, progress);
  uint64_t v = aotf_llcm_read(&t->a, off);
  t->r->w->cur = t->r;
  return v;
}

static void at_allreduce(nmpi_rank_t *r, void *buf, size_t bytes, void (*comb)(void *, const void *, const void *),
                         const void *arg, void (*progress)(nmpi_rank_t *)) {
  at_rank_t *t = r->tp;
  int n = r->w->n, me = r->id, up = up_level(n, me);
  pay(t);
  if (++t->aphase == 0) t->aphase = 1;
  uint32_t ph = t->aphase;
  uint64_t acc = 0, in;
  memcpy(&acc, buf, bytes);
  for (int l = 0; l < up; l++)
    for (int d = 1; d <= nkids(n, me, l); d++) {
      in = ar_recv(t, AR_SLOT + 0x80u * (uint32_t)l + 16u * (uint32_t)(d - 1), ph, progress);
      comb(&acc, &in, arg);
      t->debt += 1; /* the fold */
      pay(t);
    }
  if (me) {
    int parent = me - digit(me, up) * pow8(up);
    ar_send(t, parent, AR_SLOT + 0x80u * (uint32_t)up + 16u * (uint32_t)(digit(me, up) - 1), acc, ph);
    acc = ar_recv(t, AR_RES, ph, progress);
  }
  for (int l = up - 1; l >= 0; l--)
    for (int d = 1; d <= nkids(n, me, l); d++) ar_send(t, me + d * pow8(l), AR_RES, acc, ph);
  memcpy(buf, &acc, bytes);
  r->w->cur = r;
}

static const nmpi_tp_ops_t at_ops = {"aotf", (FRAG_WORDS - 2u) * 8u, at_send, at_poll, at_now,
                                     at_spend, at_idle, at_quiet, at_report, at_barrier, at_allreduce};

static void prog(nic_host_t *h, void *arg) {
  at_rank_t *t = arg;
  nmpi_rank_t *r = t->r;
  nmpi_aotf_t *at = r->w->tp_world;
  t->h = h;
  int n = r->w->n;
  if (aotf_open(&t->a, h, (uint16_t)r->id)) {
    fprintf(stderr, "nmpirun: rank %d: aotf_open failed\n", r->id);
    r->exit_code = 3;
    r->done = 1;
    return;
  }
  aotf_protect(&t->a, PGID, 0, PROT_LIMIT);
  for (int d = 0; d < n; d++) {
    if (d == r->id) continue;
    aotf_hdr_t ring = {(uint16_t)d, PGID, 0, 0, (uint64_t)(ring_off(r->id, 0) & ~0xfffu), 0};
    aotf_hdr_t tbl = {(uint16_t)d, PGID, 0, 0, (uint64_t)(TAIL_BASE & ~0xfffu), 0};
    aotf_map(&t->a, aotf_kick_page(0, 2u * (unsigned)d), &ring, 0);
    aotf_map(&t->a, aotf_kick_page(0, 2u * (unsigned)d + 1u), &tbl, 0);
  }
  /* every node set up before anyone sends (a kick into a node still sweeping its LLCM is lost) */
  at->ready++;
  while (at->ready < n) nic_host_wait(h, 16);
  nic_host_wait(h, 64);
  r->w->cur = r;
  at->run_main(r);
}

nmpi_aotf_t *nmpi_aotf_open(nmpi_world_t *w, const char *backend, uint64_t seed, int zero_cost,
                            int (*run_main)(nmpi_rank_t *r)) {
  if (w->n > MAX_RANKS) {
    fprintf(stderr, "nmpirun: --nic aotf runs up to %d ranks\n", MAX_RANKS);
    return NULL;
  }
  nmpi_aotf_t *at = calloc(1, sizeof *at);
  if (!at) return NULL;
  char topo[32];
  snprintf(topo, sizeof topo, "tree8:%d", w->n < 2 ? 2 : w->n);
  at->sim = nic_sim_open_topo(topo, backend, seed, zero_cost ? &NIC_HOST_COST_ZERO : &NIC_HOST_COST_PAPER, NULL);
  if (!at->sim) {
    fprintf(stderr, "nmpirun: cannot open AOTF backend %s topology %s\n", backend, topo);
    free(at);
    return NULL;
  }
  at->w = w;
  at->run_main = run_main;
  at->rk = calloc((size_t)w->n, sizeof *at->rk);
  w->tp = &at_ops;
  w->tp_world = at;
  w->window = 0;
  w->ns_per_cycle = 7.5; /* 133 MHz design clock */
  for (int i = 0; i < w->n; i++) {
    at->rk[i].r = &w->rank[i];
    w->rank[i].tp = &at->rk[i];
  }
  return at;
}

int nmpi_aotf_run(nmpi_aotf_t *at, uint64_t max_cycles) {
  int hn = nic_sim_nodes(at->sim);
  nic_host_prog_t *p = calloc((size_t)hn, sizeof *p);
  void **arg = calloc((size_t)hn, sizeof *arg);
  for (int i = 0; i < at->w->n; i++) {
    p[i] = prog;
    arg[i] = &at->rk[i];
  }
  int rc = nic_sim_run(at->sim, p, arg, max_cycles);
  free(p);
  free(arg);
  return rc;
}

uint64_t nmpi_aotf_cycle(const nmpi_aotf_t *at) { return nic_sim_cycle(at->sim); }

void nmpi_aotf_close(nmpi_aotf_t *at) {
  if (!at) return;
  nic_sim_close(at->sim);
  free(at->rk);
  free(at);
}
