// SPDX-License-Identifier: Apache-2.0
/* comet_apps: Comet-FM applications on a Comet system (comet_hw backend "model", "rtl" or "lockstep" = both compared every cycle).
 *   comet_apps [--backend model|rtl|lockstep] [--topo pair|star:N] [--app exchange|bw|latency|all] [--sizes 16,64,...]
 *              [--iters N] [--cost default|zero] [--contig] [--seed N] [--fst file] [--pcap file] [--figures file]
 *   --topo    pair (default): the 2-node system back to back; star:N: N nodes on one nic_switch
 *             (sw/comet_hw.h); the figures then get the suffix _star<N>, and the run checks that
 *             the switch delivered every frame sent and dropped only the one exchange sends on
 *             purpose to a node it does not have (DROP_UNKNOWN)
 *   exchange  every node n sends node (n+1) mod N --iters messages of every size at once (with 2
 *             nodes: both send each other; FM_send_nw, 5 outstanding, buffers at offsets crossing
 *             page boundaries); every message is checked byte-exact and in order by the
 *             receiver's handler; no drop, no error
 *   bw        the paper's Fig. 8 program: node 0 sends --iters messages of each size to node 1
 *             with FM_send_nw, 5 send buffers / descriptors, FM_wait every 5 messages; node 1
 *             runs FM_extract; bandwidth = payload bytes / (cycles from the first FM_send_nw to
 *             the handler of the last message on node 1). Prints per size
 *             "figure: comet.fm_bw_bytes_per_cycle_<size> X" and MB/s at 156.25 MHz (and at the
 *             paper's 133 MHz for comparison).
 *   latency   ping-pong: node 0 sends, node 1's handler answers with a message of the same size;
 *             round trip = node 0's FM_send_nw call -> node 0's handler of the answer
 *             ("figure: comet.fm_rtt_cycles_<size>").
 *             bw and latency use nodes 0 and 1 on any topology; the other nodes keep polling.
 * Host CPU costs: --cost default (VIPL_COST_DEFAULT_INIT + FM_COST_DEFAULT_INIT, see sw/vipl.h,
 * sw/comet_fm.h and docs/reference/vipl_fm.md) or zero (the NIC alone). Each node has its own host clock.
 * Exit status 0 only when every check passed. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_fm.h"
#include "comet_hw.h"
#include "vipl.h"
#include "nic_pkg.h"

#define APP_MAX_NODES COMET_HW_MAX_NODES
#define APP_HANDLER 5
#define APP_ECHO 6 /* latency: node 1 answers every message with one of the same size */
#define APP_SLOTS 5 /* the paper: 5 send buffers + descriptors, FM_wait every 5 */
#define APP_CLOCK_MHZ 156.25
#define APP_PAPER_MHZ 133.0
#define APP_TIMEOUT 2000000u
#define APP_MAX_SIZES 64

typedef struct {
  comet_hw_t *hw;
  int n; /* nodes */
  VIP_NIC_HANDLE nic[APP_MAX_NODES];
  comet_fm_t *fm[APP_MAX_NODES];
  VIP_VADDR sbuf[APP_MAX_NODES];
  /* receive checking: the expected message stream of each node (pattern from (src, seq, len)) */
  uint32_t rx_seq[APP_MAX_NODES], rx_bad[APP_MAX_NODES];
  unsigned rx_len[APP_MAX_NODES];
  int rx_src[APP_MAX_NODES]; /* the node a node receives from */
  uint64_t rx_t_last[APP_MAX_NODES];
  uint32_t tx_seq[APP_MAX_NODES];
  uint32_t expect_txerr[APP_MAX_NODES]; /* sends refused on purpose (unknown node) */
  uint32_t expect_sw_drop;              /* frames sent on purpose to a node the switch does not have */
  int in_hook;
} app_t;

/* payload byte i of message seq of size len sent by src */
static uint8_t pat(int src, uint32_t seq, unsigned len, unsigned i) {
  uint32_t x = (uint32_t)src * 0x9E3779B1u ^ seq * 0x85EBCA77u ^ len * 0xC2B2AE3Du ^ i * 0x27D4EB2Fu;
  x ^= x >> 15;
  x *= 0x2C1B3C6Du;
  x ^= x >> 12;
  return (uint8_t)x;
}

static void handler(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  app_t *a = ctx;
  int me = FM_node(fm);
  const uint8_t *b = buf;
  uint32_t seq = a->rx_seq[me];
  int bad = src != a->rx_src[me] || len != a->rx_len[me];
  for (unsigned i = 0; !bad && i < len; i++) bad = b[i] != pat(src, seq, len, i);
  if (bad && a->rx_bad[me]++ < 5)
    fprintf(stderr, "comet_apps: node %d: message %u from %d (%u bytes) wrong\n", me, seq, src, len);
  a->rx_seq[me]++;
  a->rx_t_last[me] = vipl_now(FM_nic(fm));
}

static VIP_VADDR slot_va(app_t *a, int node, unsigned k);
static void write_msg(app_t *a, int node, VIP_VADDR va, uint32_t seq, unsigned len);
/* latency: check the message, answer with a fresh message of the same size (node's next seq) */
static void echo_handler(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  app_t *a = ctx;
  int me = FM_node(fm);
  handler(fm, ctx, src, buf, len);
  VIP_VADDR va = slot_va(a, me, a->tx_seq[me] % APP_SLOTS);
  write_msg(a, me, va, a->tx_seq[me], len);
  if (FM_send_nw(fm, (unsigned)src, APP_HANDLER, va, len, NULL) != FM_SUCCESS) a->rx_bad[me]++;
  a->tx_seq[me]++;
}

/* Host CPUs on one simulated clock: node `me` has just acted; let every other node poll
 * (FM_extract, one message per step) as long as its host clock is not ahead of me. A poll makes
 * the hardware catch up with the polling node's clock, so `me` can be at most one poll step late
 * when it next observes the hardware (see docs/reference/vipl_fm.md). */
static void run_peer(app_t *a, int me) {
  if (a->in_hook) return;
  a->in_hook = 1;
  for (int o = 0; o < a->n; o++) {
    if (o == me) continue;
    while (vipl_now(a->nic[o]) <= vipl_now(a->nic[me])) {
      uint64_t before = vipl_now(a->nic[o]);
      FM_extract(a->fm[o], 1);
      if (vipl_now(a->nic[o]) == before) vipl_spend(a->nic[o], 1);
    }
  }
  a->in_hook = 0;
}
/* idle hook of node k's waits (each poll iteration) */
typedef struct {
  app_t *a;
  int me;
} hook_t;
static void idle_hook(void *ctx) {
  hook_t *h = ctx;
  run_peer(h->a, h->me);
}

/* both host clocks and the hardware to the same cycle */
static uint64_t align(app_t *a) {
  uint64_t t = comet_hw_cycle(a->hw);
  for (int i = 0; i < a->n; i++)
    if (vipl_now(a->nic[i]) > t) t = vipl_now(a->nic[i]);
  for (int i = 0; i < a->n; i++) {
    vipl_spend(a->nic[i], t - vipl_now(a->nic[i]));
    vipl_sync(a->nic[i]);
  }
  return comet_hw_cycle(a->hw);
}

/* run node `node`'s receive side until `want` messages arrived (or timeout); 0 = ok */
static int drain(app_t *a, int node, uint32_t want) {
  uint64_t t0 = comet_hw_cycle(a->hw);
  while (a->rx_seq[node] < want) {
    if (FM_extract(a->fm[node], 0) == 0) vipl_spend(a->nic[node], 1);
    if (comet_hw_cycle(a->hw) - t0 > APP_TIMEOUT) return -1;
  }
  return 0;
}

static void write_msg(app_t *a, int node, VIP_VADDR va, uint32_t seq, unsigned len) {
  static uint8_t tmp[FM_MAX_PAYLOAD];
  for (unsigned i = 0; i < len; i++) tmp[i] = pat(node, seq, len, i);
  vipl_vwrite(a->nic[node], va, tmp, len);
}

/* slot k of node's send region: 2 KiB apart, starting 3 KiB in, so slots straddle page
 * boundaries (header + up to 3 payload segments per descriptor with scattered pages) */
static VIP_VADDR slot_va(app_t *a, int node, unsigned k) { return a->sbuf[node] + 3072u + 2048u * k; }

static int app_exchange(app_t *a, const unsigned *sizes, unsigned nsizes, unsigned iters) {
  int fail = 0, N = a->n;
  uint32_t *tx_seq = a->tx_seq;
  for (int n = 0; n < N; n++) a->rx_src[n] = (n + N - 1) % N;
  for (unsigned si = 0; si < nsizes; si++) {
    unsigned len = sizes[si];
    for (int n = 0; n < N; n++) a->rx_len[n] = len;
    uint32_t base[APP_MAX_NODES];
    for (int n = 0; n < N; n++) base[n] = a->rx_seq[n];
    for (unsigned m = 0; m < iters; m++) {
      for (int n = 0; n < N; n++) {
        unsigned k = tx_seq[n] % APP_SLOTS;
        if (k == 0 && FM_wait(a->fm[n]) != FM_SUCCESS) fail = 1; /* slots reused: wait first */
        write_msg(a, n, slot_va(a, n, k), tx_seq[n], len);
        FM_RETURN r = FM_send_nw(a->fm[n], (unsigned)((n + 1) % N), APP_HANDLER, slot_va(a, n, k), len, NULL);
        if (r != FM_SUCCESS) {
          fprintf(stderr, "comet_apps: exchange FM_send_nw: %s\n", FM_strerror(r));
          fail = 1;
        }
        tx_seq[n]++;
        run_peer(a, n);
      }
    }
    for (int n = 0; n < N; n++)
      if (FM_wait(a->fm[n]) != FM_SUCCESS) fail = 1;
    for (int n = 0; n < N; n++)
      if (drain(a, n, tx_seq[a->rx_src[n]]) != 0) fail = 1;
    char rs[16 * APP_MAX_NODES], bs[16 * APP_MAX_NODES];
    int rl = 0, bl = 0;
    for (int n = 0; n < N; n++) {
      rl += snprintf(rs + rl, sizeof rs - (size_t)rl, "%s%u", n ? " + " : "", a->rx_seq[n] - base[n]);
      bl += snprintf(bs + bl, sizeof bs - (size_t)bl, "%s%u", n ? " + " : "", a->rx_bad[n]);
    }
    printf("exchange: size %u: %u messages %s, received %s, bad %s\n", len, iters,
           N == 2 ? "each way" : "from each node to the next", rs, bs);
  }
  /* error path: a destination missing from the node table is refused by the adapter (TX_ERR in
   * the descriptor status, engine CNT_TXERR) and reported by FM_wait; nothing reaches the peer */
  FM_RETURN e1 = FM_send_nw(a->fm[0], (unsigned)N + 7, APP_HANDLER, slot_va(a, 0, 0), 16, NULL);
  FM_RETURN e2 = FM_wait(a->fm[0]);
  int err_ok = e1 == FM_SUCCESS && e2 == FM_SEND_ERROR;
  a->expect_txerr[0]++;
  printf("exchange: send to unknown node %u: FM_send_nw %s, FM_wait %s (%s)\n", (unsigned)N + 7, FM_strerror(e1),
         FM_strerror(e2), err_ok ? "expected" : "WRONG");
  /* on a switch: a node in node 0's table but not on the switch (no LFT entry): the adapter
   * sends the frame, the switch drops it and counts it in DROP_UNKNOWN (checked at the end) */
  if (comet_hw_has_switch(a->hw)) {
    unsigned ghost = (unsigned)N + 8;
    fm_node_addr_t g = {comet_hw_node_ip(a->hw, (int)ghost), comet_hw_node_mac(a->hw, (int)ghost), 19779};
    FM_RETURN e3 = FM_set_node(a->fm[0], ghost, &g), e4 = FM_send_nw(a->fm[0], ghost, APP_HANDLER, slot_va(a, 0, 0), 16, NULL);
    FM_RETURN e5 = FM_wait(a->fm[0]);
    a->expect_sw_drop++;
    printf("exchange: send to node %u, not on the switch: FM_set_node %s, FM_send_nw %s, FM_wait %s\n", ghost,
           FM_strerror(e3), FM_strerror(e4), FM_strerror(e5));
    if (e3 != FM_SUCCESS || e4 != FM_SUCCESS || e5 != FM_SUCCESS) fail = 1;
  }
  for (int n = 0; n < N; n++)
    if (a->rx_bad[n] || a->rx_seq[n] != tx_seq[a->rx_src[n]]) fail = 1;
  return fail || !err_ok;
}

static int app_bw(app_t *a, const unsigned *sizes, unsigned nsizes, unsigned iters, FILE *figs, const char *sfx) {
  int fail = 0;
  uint32_t seq = a->tx_seq[0];
  for (unsigned si = 0; si < nsizes; si++) {
    unsigned len = sizes[si];
    a->rx_len[1] = len;
    a->rx_src[1] = 0;
    /* the 5 buffers are written before the timed loop; each message rewrites its buffer after
     * FM_wait freed it (host copy cost included) */
    uint64_t t0 = align(a);
    uint32_t first = a->rx_seq[1];
    for (unsigned m = 0; m < iters; m++) {
      unsigned k = m % APP_SLOTS;
      write_msg(a, 0, slot_va(a, 0, k), seq, len);
      FM_RETURN r = FM_send_nw(a->fm[0], 1, APP_HANDLER, slot_va(a, 0, k), len, NULL);
      if (r != FM_SUCCESS) {
        fprintf(stderr, "comet_apps: bw FM_send_nw: %s\n", FM_strerror(r));
        fail = 1;
      }
      seq++;
      a->tx_seq[0] = seq;
      run_peer(a, 0);
      if (k == APP_SLOTS - 1 && FM_wait(a->fm[0]) != FM_SUCCESS) fail = 1;
    }
    if (FM_wait(a->fm[0]) != FM_SUCCESS) fail = 1;
    if (drain(a, 1, seq) != 0) fail = 1;
    uint64_t cyc = a->rx_t_last[1] - t0;
    double bpc = cyc ? (double)len * iters / (double)cyc : 0.0;
    printf("bw: size %4u: %u messages in %llu cycles: %.3f bytes/cycle = %.1f MB/s at %.2f MHz (%.1f MB/s at %.0f "
           "MHz)%s\n",
           len, a->rx_seq[1] - first, (unsigned long long)cyc, bpc, bpc * APP_CLOCK_MHZ, APP_CLOCK_MHZ,
           bpc * APP_PAPER_MHZ, APP_PAPER_MHZ, a->rx_seq[1] - first == iters ? "" : "  MISSING MESSAGES");
    printf("figure: comet.fm_bw_bytes_per_cycle%s_%u %.4f\n", sfx, len, bpc);
    printf("figure: comet.fm_bw_mbps%s_%u %.2f\n", sfx, len, bpc * APP_CLOCK_MHZ);
    if (figs) {
      fprintf(figs, "comet.fm_bw_bytes_per_cycle%s_%u %.4f\n", sfx, len, bpc);
      fprintf(figs, "comet.fm_bw_mbps%s_%u %.2f\n", sfx, len, bpc * APP_CLOCK_MHZ);
    }
    if (a->rx_seq[1] - first != iters) fail = 1;
  }
  return fail || a->rx_bad[1];
}

/* ping-pong: node 0 sends, node 1's handler answers, node 0's handler sees the answer.
 * Round trip = cycles from node 0's FM_send_nw call to node 0's handler of the answer. */
static int app_latency(app_t *a, const unsigned *sizes, unsigned nsizes, unsigned iters, FILE *figs, const char *sfx) {
  int fail = 0;
  for (unsigned si = 0; si < nsizes; si++) {
    unsigned len = sizes[si];
    a->rx_len[0] = a->rx_len[1] = len;
    a->rx_src[0] = 1;
    a->rx_src[1] = 0;
    uint64_t sum = 0, mn = ~0ull;
    for (unsigned m = 0; m < iters; m++) {
      VIP_VADDR va = slot_va(a, 0, a->tx_seq[0] % APP_SLOTS);
      write_msg(a, 0, va, a->tx_seq[0], len);
      uint32_t want = a->rx_seq[0] + 1;
      uint64_t t0 = align(a);
      if (FM_send_nw(a->fm[0], 1, APP_ECHO, va, len, NULL) != FM_SUCCESS) fail = 1;
      a->tx_seq[0]++;
      uint64_t tl = comet_hw_cycle(a->hw);
      while (a->rx_seq[0] < want) {
        run_peer(a, 0);
        if (FM_extract(a->fm[0], 0) == 0) vipl_spend(a->nic[0], 1);
        if (comet_hw_cycle(a->hw) - tl > APP_TIMEOUT) {
          fail = 1;
          break;
        }
      }
      uint64_t rtt = a->rx_t_last[0] - t0;
      sum += rtt;
      if (rtt < mn) mn = rtt;
      for (int n = 0; n < 2; n++)
        if (FM_wait(a->fm[n]) != FM_SUCCESS) fail = 1; /* (untimed) free the send slots */
    }
    double avg = iters ? (double)sum / iters : 0.0;
    printf("latency: size %4u: round trip min %llu avg %.1f cycles, one-way avg %.1f cycles = %.2f us at %.2f MHz\n",
           len, (unsigned long long)mn, avg, avg / 2, avg / 2 / APP_CLOCK_MHZ, APP_CLOCK_MHZ);
    printf("figure: comet.fm_rtt_cycles%s_%u %.1f\n", sfx, len, avg);
    if (figs) fprintf(figs, "comet.fm_rtt_cycles%s_%u %.1f\n", sfx, len, avg);
  }
  return fail || a->rx_bad[0] || a->rx_bad[1];
}

static unsigned parse_sizes(const char *s, unsigned *out) {
  unsigned n = 0;
  while (s && *s && n < APP_MAX_SIZES) {
    char *e;
    unsigned long v = strtoul(s, &e, 0);
    if (e == s) break;
    out[n++] = (unsigned)v;
    s = *e == ',' ? e + 1 : e;
  }
  return n;
}

int main(int argc, char **argv) {
  const char *backend = "model", *app = "all", *fst = NULL, *pcap = NULL, *figs_path = NULL, *cost = "default";
  const char *topo = "pair";
  const char *sizes_s = NULL;
  unsigned iters = 0;
  uint64_t seed = 1;
  int contig = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--backend") && i + 1 < argc) backend = argv[++i];
    else if (!strcmp(argv[i], "--topo") && i + 1 < argc) topo = argv[++i];
    else if (!strcmp(argv[i], "--app") && i + 1 < argc) app = argv[++i];
    else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) sizes_s = argv[++i];
    else if (!strcmp(argv[i], "--iters") && i + 1 < argc) iters = (unsigned)atoi(argv[++i]);
    else if (!strcmp(argv[i], "--cost") && i + 1 < argc) cost = argv[++i];
    else if (!strcmp(argv[i], "--contig")) contig = 1;
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--fst") && i + 1 < argc) fst = argv[++i];
    else if (!strcmp(argv[i], "--pcap") && i + 1 < argc) pcap = argv[++i];
    else if (!strcmp(argv[i], "--figures") && i + 1 < argc) figs_path = argv[++i];
    else {
      fprintf(stderr,
              "usage: %s [--backend model|rtl|lockstep] [--topo pair|star:N] [--app exchange|bw|latency|all] [--sizes 16,64,...] [--iters N] "
              "[--cost default|zero] [--contig] [--seed N] [--fst file] [--pcap file] [--figures file]\n",
              argv[0]);
      return 2;
    }
  }
  int zero = !strcmp(cost, "zero");
  if (!zero && strcmp(cost, "default")) {
    fprintf(stderr, "comet_apps: --cost default|zero\n");
    return 2;
  }
  int do_x = !strcmp(app, "all") || !strcmp(app, "exchange"), do_bw = !strcmp(app, "all") || !strcmp(app, "bw");
  int do_lat = !strcmp(app, "all") || !strcmp(app, "latency");
  if (!do_x && !do_bw && !do_lat) {
    fprintf(stderr, "comet_apps: unknown app %s\n", app);
    return 2;
  }
  unsigned sizes[APP_MAX_SIZES], nsizes;
  static const unsigned dflt_bw[] = {16, 64, 128, 256, 512, 1024, 1440};
  static const unsigned dflt_x[] = {1, 7, 16, 64, 200, 1024, 1440, 1464};
  nsizes = parse_sizes(sizes_s, sizes);
  for (unsigned i = 0; i < nsizes; i++)
    if (sizes[i] == 0 || sizes[i] > FM_MAX_PAYLOAD) {
      fprintf(stderr, "comet_apps: sizes must be 1..%u\n", FM_MAX_PAYLOAD);
      return 2;
    }

  static app_t a;
  a.hw = comet_hw_open_topo(backend, topo, seed, fst);
  if (!a.hw) {
    fprintf(stderr, "comet_apps: cannot open backend %s topology %s\n", backend, topo);
    return 2;
  }
  a.n = comet_hw_nodes(a.hw);
  if (pcap && comet_hw_pcap(a.hw, pcap) != 0) fprintf(stderr, "comet_apps: pcap %s not written\n", pcap);
  /* the FM node table: the backend's addresses (on a switch the MAC carries the node number) */
  static fm_node_addr_t table[APP_MAX_NODES];
  for (int n = 0; n < a.n; n++) {
    table[n].ip = comet_hw_node_ip(a.hw, n);
    table[n].mac = comet_hw_node_mac(a.hw, n);
    table[n].port = 19779;
  }
  char sfx[32] = ""; /* figure key suffix of the topology */
  if (comet_hw_has_switch(a.hw)) snprintf(sfx, sizeof sfx, "_star%d", a.n);
  static hook_t hooks[APP_MAX_NODES];
  int fail = 0;
  for (int n = 0; n < a.n; n++) {
    vipl_config_t vc = {n, seed, contig, VIPL_COST_DEFAULT_INIT};
    const vipl_cost_t zc = VIPL_COST_ZERO_INIT;
    if (zero) vc.cost = zc;
    VIP_RETURN r = VipOpenNic(a.hw, &vc, &a.nic[n]);
    if (r != VIP_SUCCESS) {
      fprintf(stderr, "comet_apps: VipOpenNic(node %d): %s\n", n, vipl_strerror(r));
      return 1;
    }
  }
  vipl_link_group(a.nic, (unsigned)a.n);
  for (int n = 0; n < a.n; n++) {
    fm_config_t fc = {n, (unsigned)a.n, table, APP_SLOTS, FM_MAX_RECV_BUFS, APP_TIMEOUT, FM_COST_DEFAULT_INIT};
    const fm_cost_t zc = FM_COST_ZERO_INIT;
    if (zero) fc.cost = zc;
    FM_RETURN r = FM_initialize(a.nic[n], &fc, &a.fm[n]);
    if (r != FM_SUCCESS) {
      fprintf(stderr, "comet_apps: FM_initialize(node %d): %s\n", n, FM_strerror(r));
      return 1;
    }
    FM_set_handler(a.fm[n], APP_HANDLER, handler, &a);
    FM_set_handler(a.fm[n], APP_ECHO, echo_handler, &a);
    hooks[n].a = &a;
    hooks[n].me = n;
    FM_set_idle_hook(a.fm[n], idle_hook, &hooks[n]);
    uint32_t sbytes = 3072u + 2048u * APP_SLOTS + 4096u;
    if (vipl_valloc(a.nic[n], sbytes, &a.sbuf[n]) != VIP_SUCCESS || FM_register(a.fm[n], a.sbuf[n], sbytes) != FM_SUCCESS) {
      fprintf(stderr, "comet_apps: send buffer of node %d\n", n);
      return 1;
    }
  }
  FILE *figs = figs_path ? fopen(figs_path, "w") : NULL;
  if (do_x) {
    unsigned ns = nsizes ? nsizes : sizeof dflt_x / sizeof dflt_x[0];
    int f = app_exchange(&a, nsizes ? sizes : dflt_x, ns, iters ? iters : 20);
    printf("exchange: %s\n", f ? "FAIL" : "pass");
    fail |= f;
  }
  if (do_bw) {
    unsigned ns = nsizes ? nsizes : sizeof dflt_bw / sizeof dflt_bw[0];
    char s2[80];
    snprintf(s2, sizeof s2, "%s%s", sfx, zero ? "_nic_only" : "");
    int f = app_bw(&a, nsizes ? sizes : dflt_bw, ns, iters ? iters : 100, figs, s2);
    printf("bw: %s\n", f ? "FAIL" : "pass");
    fail |= f;
  }
  if (do_lat) {
    unsigned ns = nsizes ? nsizes : sizeof dflt_bw / sizeof dflt_bw[0];
    char s2[80];
    snprintf(s2, sizeof s2, "%s%s", sfx, zero ? "_nic_only" : "");
    int f = app_latency(&a, nsizes ? sizes : dflt_bw, ns, iters ? iters : 20, figs, s2);
    printf("latency: %s\n", f ? "FAIL" : "pass");
    fail |= f;
  }
  if (figs) fclose(figs);
  /* every drop / error counter of every engine must be 0 */
  for (int n = 0; n < a.n; n++) {
    uint32_t nodesc = vipl_csr_read(a.nic[n], CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_RX_NO_DESC);
    uint32_t txerr = vipl_csr_read(a.nic[n], CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_TXERR);
    uint32_t rxok = vipl_csr_read(a.nic[n], CSR_BASE_COMET + CSR_COMET_RX_CNT_OK);
    fm_stats_t st;
    vipl_stats_t vs;
    FM_stats(a.fm[n], &st);
    vipl_stats(a.nic[n], &vs);
    printf("node %d: fm sent %llu received %llu send_errors %llu rx_errors %llu max_segs/send %llu | vipl tc "
           "hits %llu misses %llu polls %llu host_cycles %llu | engine RX_CNT_OK %u CNT_RX_NO_DESC %u CNT_TXERR %u\n",
           n, (unsigned long long)st.sent, (unsigned long long)st.received, (unsigned long long)st.send_errors,
           (unsigned long long)(st.rx_errors + st.rx_bad_header + st.rx_no_handler),
           (unsigned long long)st.segs_per_send_max, (unsigned long long)vs.tc_hits,
           (unsigned long long)vs.tc_misses, (unsigned long long)vs.polls, (unsigned long long)vs.host_cycles, rxok,
           nodesc, txerr);
    if (nodesc || txerr != a.expect_txerr[n] || st.send_errors != a.expect_txerr[n] || st.rx_errors ||
        st.rx_bad_header || st.rx_no_handler)
      fail = 1;
  }
  /* on a switch: nothing dropped, every frame sent delivered */
  uint64_t sent = 0, got = 0;
  for (int n = 0; n < a.n; n++) {
    sent += comet_hw_frames(a.hw, n);
    got += comet_hw_frames_to(a.hw, n);
  }
  if (comet_hw_has_switch(a.hw)) {
    comet_hw_tick(a.hw, 200); /* (frames still on their way) */
    got = 0;
    for (int n = 0; n < a.n; n++) got += comet_hw_frames_to(a.hw, n);
    uint32_t drops[4];
    for (int k = 0; k < 4; k++) drops[k] = comet_hw_switch_read(a.hw, CSR_NIC_SWITCH_DROP_UNKNOWN + 4u * (uint32_t)k);
    int sw_ok = got + a.expect_sw_drop == sent && drops[0] == a.expect_sw_drop && !drops[1] && !drops[2] && !drops[3];
    printf("switch: frames sent %llu delivered %llu, DROP_UNKNOWN %u (expected %u) DROP_RANGE %u DROP_RUNT %u "
           "DROP_MCAST_EMPTY %u (%s)\n",
           (unsigned long long)sent, (unsigned long long)got, drops[0], a.expect_sw_drop, drops[1], drops[2], drops[3],
           sw_ok ? "ok" : "WRONG");
    if (!sw_ok) fail = 1;
  }
  char fs[24 * APP_MAX_NODES];
  int fl = 0;
  for (int n = 0; n < a.n; n++)
    fl += snprintf(fs + fl, sizeof fs - (size_t)fl, "%s%llu", n ? "/" : "", (unsigned long long)comet_hw_frames(a.hw, n));
  printf("comet_apps: backend=%s %s%s%sapp=%s cost=%s cycles=%llu frames=%s result=%s\n", backend,
         comet_hw_has_switch(a.hw) ? "topo=" : "", comet_hw_has_switch(a.hw) ? topo : "",
         comet_hw_has_switch(a.hw) ? " " : "", app, cost,
         (unsigned long long)comet_hw_cycle(a.hw), fs, fail ? "FAIL" : "pass");
  for (int n = 0; n < a.n; n++) {
    FM_finalize(a.fm[n]);
    VipCloseNic(a.nic[n]);
  }
  comet_hw_close(a.hw);
  return fail ? 1 : 0;
}
