// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus for aotf_system2 (two nodes back to back): the host drivers and the
 * paper's applications (sw/aotf_apps_lib.c) drive both nodes' ports through nic_hosts, so the
 * whole stack - libaotf, HTLB miss service, LLCM polling - runs against RTL and model at once.
 * The applications check their own data (the scoreboard); the runner compares every output.
 * Modes: apps (all applications, paper host costs), apps_zero (no host costs), loopback,
 * random (random kicks of random lengths/lanes, checked round by round; never stops),
 * botf (BOTF block sends both ways through sw/libaotf_botf: random lengths and header forms, the
 * window status read before each reuse, a busy overwrite, another user's store and a bad
 * length refused and counted; the counters checked), bench_botf (32 sends of 464 bytes from
 * each node at once: the BOTF figures both ways), botf_rel (botf with both link layers on -
 * LINK_CRC and REL - over links that drop, corrupt and duplicate with probability 1e-2 each:
 * every BOTF packet lands exactly once, in order; the same byte and counter checks).
 * In every mode each node's program first reads and checks every node register (the node
 * window, CSR_BASE_AOTF_NODE) against values it knows independently of the model - the
 * generated reset constants, what it wrote, the accesses it made, the interrupts it caused -
 * and checks them again after the applications (directed modes); see node_regs_*(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_apps.h"
#include "aotf_system2.h"
#include "libaotf_botf.h"
#include "libaotf_link.h"
#include "nic_hosts.h"
#include "nic_lockstep.h"
#include "nic_pkg.h"

LS_DECLARE_STIM(aotf_system2)

#define RESET_CYCLES 4
#define NODES 2 /* aotf_system2: nodes a and b */

/* port monitor of one node's CSR bus: the node's requests in order until their ack; for an
 * IRQ_STATUS read, irq_o in the request cycle and in the cycle after it */
#define MON_Q 8
typedef struct {
  struct {
    int irq_read, irq_req, irq_next, next_set;
  } q[MON_Q];
  unsigned qh, qn;
  uint64_t irq_reads, irq_edges; /* IRQ_STATUS reads; of those, irq_o changed right after the request */
} csr_mon_t;

/* node register checks of one node's host program */
typedef struct node_chk {
  aotf_apps_node_t *n;
  const csr_mon_t *mon; /* this node's port monitor (IRQ_STATUS reads at an interrupt edge) */
  uint64_t seed;
  uint32_t unmapped; /* accesses this program made to unmapped windows (UNMAPPED_CNT) */
  uint32_t scratch;  /* last value written to SCRATCH */
  /* rel modes: the link layer on for the applications, in step with the peer */
  int rel;
  int phase;                /* sync points passed */
  struct node_chk *peer;
  int *err_on;              /* error injection on (both nodes' link layers are on) */
  aotf_link_cnt_t lc;       /* link counters once every packet was acknowledged */
  struct rel_bench *b;      /* bench_rel: shared figures */
} node_chk_t;

/* one node's BOTF program (modes botf, bench_botf) */
#define BOTF_LLCM_BASE 0x10000u /* the peer's LLCM window of the BOTF packets (pgid BOTF_PGID) */
#define BOTF_IMG 0x4400u        /* 4 header entries x 4 KiB pages + a packet past the last */
#define BOTF_PGID 0x42u
typedef struct {
  int node, bench, fail, done;
  uint8_t img[BOTF_IMG], known[BOTF_IMG]; /* the peer's LLCM window as this node's packets leave it */
  uint64_t seed;
  uint32_t pkts, bytes;
  uint64_t t0, t1; /* bench: CNT_PKTS seen at n0, then at all packets */
  uint32_t n0;
  int rel;     /* botf_rel: the link layers on, errors injected meanwhile */
  int phase;   /* botf_rel: sync point passed (the peer's is read) */
  int *err_on; /* botf_rel: error injection on */
  aotf_link_cnt_t lc; /* botf_rel: the link layer's counters once every packet is acknowledged */
} botf_prog_t;
/* bench_rel: figures measured by the two host programs (node 0 sends, node 1 receives) */
typedef struct rel_bench {
  uint32_t *err_thr;
  uint64_t t0, t_seen;
  double kpc[5];      /* kicks per cycle: link off, LINK_CRC, REL loss 0, 1e-4, 1e-2 */
  double rtt[2];      /* mean round trip (cycles): REL loss 0, 1e-2 */
  int done;
} rel_bench_t;

typedef struct {
  aotf_apps_t apps;
  nic_hosts_t *hs;
  int botf;
  botf_prog_t bp[NODES];
  aotf_system2_in_t in;
  int random, credits;
  int rel;          /* rel modes: LINK_CRC + REL during the applications */
  uint32_t eseed[2]; /* error injection seeds of the two links (loaded at reset) */
  uint32_t err_thr; /* rel modes: drop, corrupt and duplicate thresholds (probability * 2^32) */
  int err_on;
  rel_bench_t bench;
  node_chk_t chk[NODES];
  csr_mon_t mon[NODES];
  aotf_node_in_t hin[NODES]; /* host fields of this cycle's drive */
} st_t;

/* ---------------------------------------------------------------- node register checks */
#define NODE_REG(r) ((uint16_t)(CSR_BASE_AOTF_NODE + CSR_AOTF_NODE_##r))
#define RX_REG(r) ((uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_##r))
#define SEND_REG(r) ((uint16_t)(CSR_BASE_AOTF_SEND + CSR_AOTF_SEND_##r))
#define IRQ_SEND (1u << AOTF_NODE_IRQ_STATUS_SEND_LSB)
#define IRQ_RX (1u << AOTF_NODE_IRQ_STATUS_RX_LSB)
#define POLL_MAX 20000 /* CSR reads before a wait for an interrupt / a packet gives up */
/* a kick page no application maps (user 0, index 0x180: tag 1, set 0x80): its HTLB miss is
 * serviced by libaotf with a seed the peer's receive path drops (pgid 0xFFFF: DROP_PROT) */
#define UNMAPPED_PAGE_INDEX 0x180u

static int chk_fail(node_chk_t *k, nic_host_t *h, const char *what, uint32_t got, uint32_t want) {
  fprintf(stderr, "aotf_system2: node %d register check FAILED at cycle %llu: %s = 0x%08x, expected 0x%08x\n",
          k->n->node, (unsigned long long)nic_host_now(h), what, got, want);
  k->n->c->fail = 1;
  return 1;
}

static int chk_eq(node_chk_t *k, nic_host_t *h, const char *what, uint32_t got, uint32_t want) {
  return got == want ? 0 : chk_fail(k, h, what, got, want);
}

/* read a node register and compare it with want */
static int chk_rd(node_chk_t *k, nic_host_t *h, uint16_t addr, const char *what, uint32_t want) {
  return chk_eq(k, h, what, nic_host_csr_read(h, addr), want);
}

/* IRQ_STATUS at a point where the interrupt state is known and stable (the sources are sticky
 * status bits): the bits read must be want, and the node's irq_o (as the host sees it in the
 * cycle the read is acknowledged) must be their OR */
static int chk_irq(node_chk_t *k, nic_host_t *h, const char *what, uint32_t want) {
  char buf[96];
  snprintf(buf, sizeof(buf), "IRQ_STATUS (%s)", what);
  if (chk_rd(k, h, NODE_REG(IRQ_STATUS), buf, want)) return 1;
  snprintf(buf, sizeof(buf), "irq_o at the IRQ_STATUS read (%s)", what);
  return chk_eq(k, h, buf, (uint32_t)nic_host_irq(h), want != 0);
}

/* poll IRQ_STATUS until SEND shows (the reads before show 0). The source is a sticky status
 * bit, so irq_o is still 1 when the read that shows it is acknowledged. */
static int poll_irq_send(node_chk_t *k, nic_host_t *h, const char *what) {
  char buf[128];
  for (unsigned i = 0;; i++) {
    uint32_t v = nic_host_csr_read(h, NODE_REG(IRQ_STATUS));
    if (v & IRQ_SEND) {
      snprintf(buf, sizeof(buf), "IRQ_STATUS, first read showing SEND (%s)", what);
      if (chk_eq(k, h, buf, v, IRQ_SEND)) return 1;
      snprintf(buf, sizeof(buf), "irq_o at the first IRQ_STATUS read showing SEND (%s)", what);
      return chk_eq(k, h, buf, (uint32_t)nic_host_irq(h), 1);
    }
    snprintf(buf, sizeof(buf), "IRQ_STATUS while waiting for the send interrupt (%s)", what);
    if (chk_eq(k, h, buf, v, 0)) return 1;
    snprintf(buf, sizeof(buf), "IRQ_STATUS.SEND (no send interrupt: %s)", what);
    if (i == POLL_MAX) return chk_fail(k, h, buf, 0, IRQ_SEND);
  }
}

/* wait (CSR polling) until this node's receive path has dropped the peer's reject packet */
static int wait_rx_drop(node_chk_t *k, nic_host_t *h) {
  for (unsigned i = 0; i < POLL_MAX; i++) {
    if (nic_host_csr_read(h, RX_REG(STATUS)) & (1u << AOTF_RX_STATUS_DROP_PROT_LSB)) return 0;
    nic_host_wait(h, 4);
  }
  return chk_fail(k, h, "rx STATUS.DROP_PROT (the peer's reject packet never arrived)", 0, 1);
}

/* after reset, before and around the driver's open: every node register */
static int node_regs_before(node_chk_t *k, nic_host_t *h) {
  aotf_apps_node_t *n = k->n;
  const int node = n->node;
  /* reset values; writes to the read-only ID are ignored */
  if (chk_rd(k, h, NODE_REG(ID), "ID", AOTF_NODE_ID_RESET)) return 1;
  nic_host_csr_write(h, NODE_REG(ID), 0x12345678u);
  if (chk_rd(k, h, NODE_REG(ID), "ID after a write (read-only)", AOTF_NODE_ID_RESET)) return 1;
  if (chk_rd(k, h, NODE_REG(NODE_ID), "NODE_ID at reset", AOTF_NODE_NODE_ID_ID_RESET)) return 1;
  if (chk_rd(k, h, NODE_REG(CTRL), "CTRL at reset", AOTF_NODE_CTRL_LOOPBACK_RESET)) return 1;
  if (chk_irq(k, h, "at reset", 0)) return 1;
  if (chk_rd(k, h, NODE_REG(SCRATCH), "SCRATCH at reset", AOTF_NODE_SCRATCH_RESET)) return 1;
  if (chk_rd(k, h, NODE_REG(UNMAPPED_CNT), "UNMAPPED_CNT at reset", AOTF_NODE_UNMAPPED_CNT_RESET)) return 1;
  /* CTRL: only LOOPBACK, LINK_CRC and REL are stored. Toggled here, before either node has kicked (the
   * peer's first packet leaves after its driver's open, long after this), so no packet is
   * on the link while the loop is switched */
  nic_host_csr_write(h, NODE_REG(CTRL), 0xffffffffu);
  if (chk_rd(k, h, NODE_REG(CTRL), "CTRL after writing all ones",
             (1u << AOTF_NODE_CTRL_LOOPBACK_LSB) | (1u << AOTF_NODE_CTRL_LINK_CRC_LSB) |
                 (1u << AOTF_NODE_CTRL_REL_LSB)))
    return 1;
  nic_host_csr_write(h, NODE_REG(CTRL), 0);
  if (chk_rd(k, h, NODE_REG(CTRL), "CTRL after writing LOOPBACK=0", 0)) return 1;
  /* SCRATCH: every pattern written reads back (all 32 bits); the last one stays for the end */
  const uint32_t pat[] = {0xffffffffu, 0x00000000u, 0xa5a55a5au ^ (uint32_t)node, 0x80000001u,
                          0x5c000000u | ((uint32_t)node << 16) | (uint32_t)(k->seed & 0xffffu)};
  for (unsigned i = 0; i < sizeof(pat) / sizeof(pat[0]); i++) {
    nic_host_csr_write(h, NODE_REG(SCRATCH), pat[i]);
    k->scratch = pat[i];
    if (chk_rd(k, h, NODE_REG(SCRATCH), "SCRATCH read back", k->scratch)) return 1;
  }
  /* offsets of the node window without a register read CSR_UNMAPPED and are not counted */
  if (chk_rd(k, h, (uint16_t)(CSR_BASE_AOTF_NODE + 0x018u), "node window offset 0x018", CSR_UNMAPPED)) return 1;
  if (chk_rd(k, h, (uint16_t)(CSR_BASE_AOTF_NODE + 0xffcu), "node window offset 0xFFC", CSR_UNMAPPED)) return 1;
  /* UNMAPPED_CNT: N reads and writes to windows no block owns (reads return CSR_UNMAPPED) */
  const uint16_t unm[] = {0xb000u, 0x6004u, 0x7ffcu, 0xf000u, 0x5100u, 0x9abcu, 0xeffcu};
  unsigned nacc = 3u + (unsigned)(k->seed % 4u) + (unsigned)node;
  for (unsigned i = 0; i < nacc; i++) {
    uint16_t a = unm[i % (sizeof(unm) / sizeof(unm[0]))];
    if (i & 1) {
      nic_host_csr_write(h, a, 0xc0ffee00u + i);
    } else if (chk_rd(k, h, a, "unmapped window read", CSR_UNMAPPED)) {
      return 1;
    }
    k->unmapped++;
  }
  if (chk_rd(k, h, NODE_REG(UNMAPPED_CNT), "UNMAPPED_CNT", k->unmapped)) return 1;
  nic_host_csr_write(h, NODE_REG(UNMAPPED_CNT), 0);
  if (chk_rd(k, h, NODE_REG(UNMAPPED_CNT), "UNMAPPED_CNT after a write (read-only)", k->unmapped)) return 1;
  /* NODE_ID: 16 bits stored; then the driver's open writes this node's number */
  nic_host_csr_write(h, NODE_REG(NODE_ID), 0xbeef1234u ^ (uint32_t)node);
  if (chk_rd(k, h, NODE_REG(NODE_ID), "NODE_ID (16 bits)", 0x1234u ^ (uint32_t)node)) return 1;
  if (aotf_open(&n->a, h, (uint16_t)node)) return chk_fail(k, h, "aotf_open", 1, 0);
  if (chk_rd(k, h, NODE_REG(NODE_ID), "NODE_ID written by aotf_open", (uint32_t)node)) return 1;
  /* IRQ_STATUS: an HTLB miss raises the send interrupt (aotf_open set IRQ_EN.MISS); the peer's
   * dropped packet raises the receive interrupt once rx IRQ_EN.DROP_PROT is set. The driver's
   * idle hook (which would service the miss at once) is off until the applications' open. */
  nic_host_set_idle_hook(h, NULL, NULL);
  if (chk_irq(k, h, "after aotf_open", 0)) return 1;
  /* the send interrupt's rising edge under a read: misaligned stores (refused, ERR_ALIGN, no
   * packet) with IRQ_EN.ERR set, polled from a start one cycle later each time, until one
   * IRQ_STATUS read was issued in the last cycle before the line rose (csr_monitor() then
   * checks that the read returned the line of its request cycle, 0) */
  nic_host_csr_write(h, SEND_REG(IRQ_EN), (1u << AOTF_SEND_IRQ_EN_MISS_LSB) | (1u << AOTF_SEND_IRQ_EN_ERR_LSB));
  for (unsigned i = 0; i < 8 && !k->mon->irq_edges; i++) {
    nic_host_store(h, aotf_kick_page(0, UNMAPPED_PAGE_INDEX) | 4u, 0, 0x0f);
    n->a.kicks++; /* a refused store counts as a kick done (CNT_ERR_ALIGN), see aotf_flush */
    nic_host_wait(h, i % 4);
    if (poll_irq_send(k, h, "misaligned store, IRQ_EN.ERR")) return 1;
    nic_host_csr_write(h, SEND_REG(STATUS), 1u << AOTF_SEND_STATUS_ERR_ALIGN_LSB); /* W1C */
    if (chk_irq(k, h, "ERR_ALIGN cleared", 0)) return 1;
  }
  if (!k->mon->irq_edges) return chk_fail(k, h, "IRQ_STATUS reads at a rising interrupt edge (coverage)", 0, 1);
  nic_host_csr_write(h, SEND_REG(IRQ_EN), 1u << AOTF_SEND_IRQ_EN_MISS_LSB); /* the driver's setting */
  /* an HTLB miss: a kick to a page nobody mapped */
  aotf_kick(&n->a, aotf_kick_page(0, UNMAPPED_PAGE_INDEX), 0x600d0000u + (uint32_t)node, 8);
  if (poll_irq_send(k, h, "HTLB miss")) return 1;
  if (chk_irq(k, h, "HTLB miss pending", IRQ_SEND)) return 1;
  const uint32_t rx_en = 1u << AOTF_RX_STATUS_DROP_PROT_LSB;
  if (node == 0) {
    /* both interrupts at once: the miss stays pending until the peer's packet was dropped here
     * (the peer services its own miss without waiting, so its packet comes) */
    if (wait_rx_drop(k, h)) return 1;
    if (chk_irq(k, h, "rx drop seen, rx IRQ_EN still 0", IRQ_SEND)) return 1;
    nic_host_csr_write(h, RX_REG(IRQ_EN), rx_en);
    if (chk_irq(k, h, "miss pending, rx drop enabled", IRQ_SEND | IRQ_RX)) return 1;
    aotf_service(&n->a);
    if (chk_eq(k, h, "miss serviced as an unknown page", (uint32_t)n->a.unknown_misses, 1)) return 1;
    if (chk_irq(k, h, "miss serviced, rx drop pending", IRQ_RX)) return 1;
  } else {
    aotf_service(&n->a);
    if (chk_eq(k, h, "miss serviced as an unknown page", (uint32_t)n->a.unknown_misses, 1)) return 1;
    if (chk_irq(k, h, "miss serviced", 0)) return 1;
    if (wait_rx_drop(k, h)) return 1;
    if (chk_irq(k, h, "rx drop seen, rx IRQ_EN still 0", 0)) return 1;
    nic_host_csr_write(h, RX_REG(IRQ_EN), rx_en);
    if (chk_irq(k, h, "rx drop enabled", IRQ_RX)) return 1;
  }
  nic_host_csr_write(h, RX_REG(STATUS), rx_en); /* W1C */
  if (chk_irq(k, h, "rx drop cleared, rx IRQ_EN still set", 0)) return 1;
  nic_host_csr_write(h, RX_REG(IRQ_EN), 0);
  aotf_flush(&n->a); /* the reject packet has left; the applications' open starts afresh */
  return chk_irq(k, h, "before the applications", 0);
}

/* after the applications (directed modes): nothing of theirs touches the node registers but
 * NODE_ID (the open) and CTRL (loopback, off again at the end) */
static int node_regs_after(node_chk_t *k, nic_host_t *h) {
  const int node = k->n->node;
  if (chk_rd(k, h, NODE_REG(ID), "ID at the end", AOTF_NODE_ID_RESET)) return 1;
  if (chk_rd(k, h, NODE_REG(NODE_ID), "NODE_ID at the end", (uint32_t)node)) return 1;
  if (chk_rd(k, h, NODE_REG(CTRL), "CTRL at the end", 0)) return 1;
  if (chk_irq(k, h, "at the end, every kick done", 0)) return 1;
  if (chk_rd(k, h, NODE_REG(SCRATCH), "SCRATCH at the end", k->scratch)) return 1;
  return chk_rd(k, h, NODE_REG(UNMAPPED_CNT), "UNMAPPED_CNT at the end", k->unmapped);
}

/* rel modes: wait until the peer's program has passed sync point `phase` too */
static void rel_sync(node_chk_t *k, nic_host_t *h, int phase) {
  k->phase = phase;
  while (k->peer->phase < phase && !k->n->c->fail) nic_host_wait(h, 8);
}

#define REL_RTO 400 /* cycles: above the round trip of a packet and its acknowledgement */

static void node_prog(nic_host_t *h, void *arg) {
  node_chk_t *k = arg;
  k->n->a.h = h;
  if (node_regs_before(k, h)) return;
  if (k->rel) {
    /* both nodes flushed and quiet: switch the link layers on, then the error injection */
    rel_sync(k, h, 1);
    nic_host_wait(h, 200);
    if (aotf_link_probe(h)) { chk_fail(k, h, "AOTF_LINK ID", 0, AOTF_LINK_ID_RESET); return; }
    aotf_link_set(h, 1, 1, REL_RTO);
    rel_sync(k, h, 2);
    *k->err_on = 1;
  }
  aotf_apps_prog(h, k->n);
  if (k->rel && !k->n->c->fail) {
    /* every packet acknowledged on both sides, then the counters; link layers off again */
    if (aotf_link_wait_acked(h, POLL_MAX)) { chk_fail(k, h, "AOTF_LINK BUF (never drained)", 1, 0); return; }
    rel_sync(k, h, 3);
    *k->err_on = 0;
    nic_host_wait(h, 4 * REL_RTO);
    aotf_link_counters(h, &k->lc);
    if (k->lc.buf_beats || k->lc.buf_pkts) { chk_fail(k, h, "AOTF_LINK BUF at the end", 1, 0); return; }
    rel_sync(k, h, 4);
    aotf_link_set(h, 0, 0, REL_RTO);
    rel_sync(k, h, 5);
  }
  if (!k->n->c->fail && k->n->c->done[k->n->node]) node_regs_after(k, h);
}

/* ---------------------------------------------------------------- BOTF programs */
#define BOTF_USER 1u
#define BOTF_WINS 32u

static int botf_chk(botf_prog_t *p, nic_host_t *h, const char *what, uint32_t got, uint32_t want) {
  if (got == want) return 0;
  fprintf(stderr, "aotf_system2: node %d BOTF check FAILED at cycle %llu: %s = %u, expected %u\n", p->node,
          (unsigned long long)nic_host_now(h), what, got, want);
  p->fail = 1;
  return 1;
}

/* botf_rel: wait until the peer's BOTF program has passed sync point `phase` too */
static void botf_sync(botf_prog_t *p, nic_host_t *h, int phase) {
  const botf_prog_t *peer = p - p->node + (1 - p->node);
  p->phase = phase;
  while (peer->phase < phase && !peer->fail && !p->fail) nic_host_wait(h, 8);
}

static void botf_prog(nic_host_t *h, void *arg) {
  botf_prog_t *p = arg;
  botf_t b;
  uint64_t rng = p->seed * 2654435761u + (uint64_t)p->node + 1;
  if (botf_open(&b, h)) {
    fprintf(stderr, "aotf_system2: node %d: aotf_botf ID wrong\n", p->node);
    p->fail = 1;
    return;
  }
  /* the peer's receive path accepts packets once its LLCM init sweep is done; the protection
   * table lets the peer's pgid write physical addresses in the BOTF window */
  while (nic_host_csr_read(h, RX_REG(STATUS)) & (1u << AOTF_RX_STATUS_INIT_BUSY_LSB)) nic_host_wait(h, 64);
  nic_host_csr_write(h, RX_REG(PT_INDEX), BOTF_PGID);
  nic_host_csr_write(h, RX_REG(PT_BASE), BOTF_LLCM_BASE);
  nic_host_csr_write(h, RX_REG(PT_LIMIT), BOTF_LLCM_BASE + BOTF_IMG);
  nic_host_csr_write(h, RX_REG(PT_ENTRY), (1u << AOTF_RX_PT_ENTRY_VALID_LSB) | BOTF_PGID);
  for (unsigned w = 0; w < BOTF_WINS; w++) botf_set_owner(&b, w, BOTF_USER, 1);
  if (p->rel) { /* both nodes set up and quiet: the link layers on, then the error injection */
    /* the link layer's acknowledgements carry NODE_ID as their source */
    nic_host_csr_write(h, (uint16_t)(CSR_BASE_AOTF_NODE + CSR_AOTF_NODE_NODE_ID), (uint32_t)p->node);
    botf_sync(p, h, 1);
    aotf_link_set(h, 1, 1, REL_RTO);
    botf_sync(p, h, 2);
    *p->err_on = 1;
  }
  static const unsigned fmts[4] = {HFMT_16, HFMT_32, HFMT_24, HFMT_16};
  for (unsigned e = 0; e < 4; e++) {
    botf_hdr_t hd = {(uint16_t)(1 - p->node), (uint16_t)p->node, BOTF_PGID, 7, 1, FLAG_XLAT_SKIP,
                     BOTF_LLCM_BASE + 0x1000ull * e, 0xa5a5ull + e, fmts[e]};
    botf_set_header(&b, e, BOTF_USER, &hd);
  }
  uint8_t buf[464];
  uint32_t err_busy = 0, err_owner = 0, err_len = 0;
  if (p->bench) {
    for (unsigned w = 0; w < BOTF_WINS; w++) {
      for (unsigned i = 0; i < sizeof(buf); i++) buf[i] = (uint8_t)(w * 7 + i);
      botf_write(&b, BOTF_USER, w, 0, buf, sizeof(buf));
    }
    for (unsigned w = 0; w < BOTF_WINS; w++) botf_send(&b, BOTF_USER, w, 464, 0, 0);
    p->pkts = BOTF_WINS;
    p->bytes = BOTF_WINS * 464u;
    nic_host_store_drain(h);
    /* the steady rate: from the first packet gone to the last (CNT_PKTS polled) */
    uint32_t n;
    while ((n = botf_counter(&b, CSR_AOTF_BOTF_CNT_PKTS)) == 0) {}
    p->t0 = nic_host_now(h);
    p->n0 = n;
    while (botf_counter(&b, CSR_AOTF_BOTF_CNT_PKTS) != BOTF_WINS) {}
    p->t1 = nic_host_now(h);
  } else {
    for (unsigned i = 0; i < 96; i++) {
      unsigned w = i % BOTF_WINS;
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      unsigned len = 1 + (unsigned)((rng >> 33) % 464u), e = (unsigned)(rng >> 20) & 3u;
      for (unsigned k = 0; k < len; k++) buf[k] = (uint8_t)((rng >> (k % 56)) + k);
      unsigned roff = (unsigned)(i * 40u) & 0xff8u;
      botf_wait(&b, w); /* the status check before the window is reused */
      botf_write(&b, BOTF_USER, w, 0, buf, len);
      botf_send(&b, BOTF_USER, w, len, e, roff);
      for (unsigned k = 0; k < len; k++) { /* the packets arrive in order: later ones overwrite */
        unsigned a = 0x1000u * e + roff + k;
        p->img[a] = buf[k];
        p->known[a] = 1;
      }
      p->pkts++;
      p->bytes += len;
      if (i % 16 == 5) { /* the window is busy now: refused, the queued packet unchanged */
        uint8_t junk[8] = {0xde, 0xad, 0xbe, 0xef, 0x0b, 0x0f, 0x99, 0x77};
        botf_write(&b, BOTF_USER, w, 0, junk, 8);
        err_busy++;
      }
      if (i % 16 == 9) { /* another user's store */
        botf_write(&b, BOTF_USER + 1, (w + 1) % BOTF_WINS, 0, buf, 8);
        err_owner++;
      }
      if (i % 32 == 17) { /* a bad length on a free window */
        unsigned f = (w + BOTF_WINS / 2) % BOTF_WINS;
        botf_wait(&b, f);
        botf_send(&b, BOTF_USER, f, 465, 0, 0);
        err_len++;
      }
    }
    for (unsigned w = 0; w < BOTF_WINS; w++) botf_wait(&b, w);
    if (p->rel) { /* every packet acknowledged on both sides before the checks */
      if (aotf_link_wait_acked(h, POLL_MAX)) {
        botf_chk(p, h, "AOTF_LINK BUF drained", 0, 1);
        return;
      }
      botf_sync(p, h, 3);
      *p->err_on = 0;
      aotf_link_counters(h, &p->lc);
    }
    /* the peer's 96 packets in this node's LLCM, byte by byte (the peer's image of them) */
    const botf_prog_t *peer = p - p->node + (1 - p->node);
    for (unsigned i = 0; i < POLL_MAX && nic_host_csr_read(h, RX_REG(CNT_GOOD)) != 96u; i++) nic_host_wait(h, 16);
    if (botf_chk(p, h, "rx CNT_GOOD (the peer's BOTF packets)", nic_host_csr_read(h, RX_REG(CNT_GOOD)), 96)) return;
    for (unsigned a = 0; a < BOTF_IMG; a += 8) {
      int any = 0;
      for (unsigned k = 0; k < 8; k++) any |= peer->known[a + k];
      if (!any) continue;
      uint64_t v = nic_host_load(h, BOTF_LLCM_BASE + a);
      for (unsigned k = 0; k < 8; k++)
        if (peer->known[a + k] && botf_chk(p, h, "LLCM byte of a BOTF payload", (uint32_t)(uint8_t)(v >> (8 * k)),
                                           peer->img[a + k]))
          return;
    }
  }
  nic_host_store_drain(h);
  if (botf_chk(p, h, "CNT_PKTS", botf_counter(&b, CSR_AOTF_BOTF_CNT_PKTS), p->pkts)) return;
  if (botf_chk(p, h, "CNT_SENDS", botf_counter(&b, CSR_AOTF_BOTF_CNT_SENDS), p->pkts)) return;
  if (botf_chk(p, h, "CNT_BYTES", botf_counter(&b, CSR_AOTF_BOTF_CNT_BYTES), p->bytes)) return;
  if (botf_chk(p, h, "CNT_ERR_BUSY", botf_counter(&b, CSR_AOTF_BOTF_CNT_ERR_BUSY), err_busy)) return;
  if (botf_chk(p, h, "CNT_ERR_OWNER", botf_counter(&b, CSR_AOTF_BOTF_CNT_ERR_OWNER), err_owner)) return;
  if (botf_chk(p, h, "CNT_ERR_LEN", botf_counter(&b, CSR_AOTF_BOTF_CNT_ERR_LEN), err_len)) return;
  if (botf_chk(p, h, "CNT_ERR_FULL", botf_counter(&b, CSR_AOTF_BOTF_CNT_ERR_FULL), 0)) return;
  p->done = 1;
}


/* ---------------------------------------------------------------- bench_rel */
#define RB_PGID 9u
#define RB_RTO 256u
#define RB_K 4000u    /* kicks per throughput phase */
#define RB_K4 20000u  /* at loss 1e-4 */
#define RB_N 1000u    /* round trips per latency phase */
#define RB_MARK 64u   /* word of the end-of-phase marker */
#define RB_PING 100u  /* word of the ping; the pong is the next word */

static void rb_step(node_chk_t *k, nic_host_t *h) { rel_sync(k, h, k->phase + 1); }

/* K kicks from node 0 to node 1 as fast as the driver issues them, then a marker behind
 * them; kicks per cycle from the first kick to the marker seen in node 1's LLCM */
static double rb_stream(node_chk_t *k, nic_host_t *h, uint32_t kp, unsigned K, uint64_t mark) {
  aotf_t *a = &k->n->a;
  rel_bench_t *b = k->b;
  if (k->n->node == 0) {
    b->t0 = nic_host_now(h);
    for (unsigned i = 0; i < K; i++) aotf_kick(a, kp + 8u * (i % RB_MARK), i, 8);
    aotf_kick(a, kp + 8u * RB_MARK, mark, 8);
  } else {
    aotf_llcm_poll(a, 8u * RB_MARK, ~0ull, mark, NULL);
    b->t_seen = nic_host_now(h);
  }
  rb_step(k, h);
  return (double)K / (double)(b->t_seen - b->t0);
}

/* N round trips: node 0 kicks i into node 1's ping word, node 1 waits for it and kicks i back
 * into node 0's pong word; the mean kick-to-pong time at node 0 */
static double rb_pingpong(node_chk_t *k, nic_host_t *h, uint32_t kp, unsigned N, uint64_t base) {
  aotf_t *a = &k->n->a;
  uint64_t sum = 0;
  for (unsigned i = 1; i <= N; i++) {
    if (k->n->node == 0) {
      uint64_t t = nic_host_now(h);
      aotf_kick(a, kp + 8u * RB_PING, base + i, 8);
      aotf_llcm_poll(a, 8u * (RB_PING + 1), ~0ull, base + i, NULL);
      sum += nic_host_now(h) - t;
    } else {
      aotf_llcm_poll(a, 8u * RB_PING, ~0ull, base + i, NULL);
      aotf_kick(a, kp + 8u * (RB_PING + 1), base + i, 8);
    }
  }
  rb_step(k, h);
  return (double)sum / N;
}

/* both link layers switched while the links are quiet */
static void rb_link(node_chk_t *k, nic_host_t *h, int crc, int rel) {
  nic_host_wait(h, 4 * RB_RTO);
  rb_step(k, h);
  aotf_link_set(h, crc, rel, RB_RTO);
  rb_step(k, h);
}

static void bench_prog(nic_host_t *h, void *arg) {
  node_chk_t *k = arg;
  rel_bench_t *b = k->b;
  aotf_t *a = &k->n->a;
  a->h = h;
  int me = k->n->node;
  if (aotf_open(a, h, (uint16_t)me)) { chk_fail(k, h, "aotf_open", 1, 0); return; }
  aotf_protect(a, RB_PGID, 0, 0x1000);
  aotf_hdr_t hd = {(uint16_t)(1 - me), RB_PGID, 0, 0, 0, 0};
  uint32_t kp = aotf_kick_page(0, 1);
  aotf_map(a, kp, &hd, 1);
  rb_step(k, h);
  double kpc[5], rtt[2];
  kpc[0] = rb_stream(k, h, kp, RB_K, 1);
  rb_link(k, h, 1, 0);
  kpc[1] = rb_stream(k, h, kp, RB_K, 2);
  rb_link(k, h, 1, 1);
  kpc[2] = rb_stream(k, h, kp, RB_K, 3);
  rtt[0] = rb_pingpong(k, h, kp, RB_N, 0);
  *b->err_thr = 429497u; /* 1e-4 */
  kpc[3] = rb_stream(k, h, kp, RB_K4, 4);
  *b->err_thr = 42949673u; /* 1e-2 */
  kpc[4] = rb_stream(k, h, kp, RB_K, 5);
  rtt[1] = rb_pingpong(k, h, kp, RB_N, 1u << 20);
  *b->err_thr = 0;
  if (aotf_link_wait_acked(h, POLL_MAX)) { chk_fail(k, h, "AOTF_LINK BUF (never drained)", 1, 0); return; }
  rb_step(k, h);
  if (me == 0) {
    for (int i = 0; i < 5; i++) b->kpc[i] = kpc[i];
    b->rtt[0] = rtt[0];
    b->rtt[1] = rtt[1];
    b->done = 1;
  }
}

const char *aotf_system2_stim_modes(void) {
  return "apps apps_zero loopback random credits botf bench_botf botf_rel rel0 rel_1e4 rel_1e2 bench_rel";
}

void *aotf_system2_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  nic_host_cost_t cost = NIC_HOST_COST_PAPER;
  if (!strcmp(mode, "apps")) aotf_apps_init(&s->apps, "all", 3, seed, NODES);
  else if (!strcmp(mode, "apps_zero")) {
    aotf_apps_init(&s->apps, "all", 3, seed, NODES);
    cost = NIC_HOST_COST_ZERO;
  } else if (!strcmp(mode, "loopback")) {
    aotf_apps_init(&s->apps, "loopback", 8, seed, NODES);
    cost = NIC_HOST_COST_ZERO;
  } else if (!strcmp(mode, "credits")) {
    /* CREDIT_LIMIT writes racing takes and returns (the node's precomputed limit compares) */
    aotf_apps_init(&s->apps, "credits", 4, seed, NODES);
    cost = NIC_HOST_COST_ZERO;
    s->credits = 1;
  } else if (!strcmp(mode, "bench_rel")) {
    aotf_apps_init(&s->apps, "random", 1, seed, NODES); /* the node structures only */
    cost = NIC_HOST_COST_ZERO;
    s->rel = 2;
    s->eseed[0] = 0x1234567u;
    s->eseed[1] = 0x7654321u;
  } else if (!strncmp(mode, "rel", 3)) {
    /* random kicks both ways with the link layer on, over links that drop, corrupt and
     * duplicate packets with probability 0, 1e-4 or 1e-2 each */
    double p;
    if (!strcmp(mode, "rel0")) p = 0;
    else if (!strcmp(mode, "rel_1e4")) p = 1e-4;
    else if (!strcmp(mode, "rel_1e2")) p = 1e-2;
    else { free(s); return NULL; }
    aotf_apps_init(&s->apps, "random", 60, seed, NODES);
    cost = NIC_HOST_COST_ZERO;
    s->rel = 1;
    s->err_thr = (uint32_t)(p * 4294967296.0);
    s->eseed[0] = (uint32_t)(seed * 0x9E3779B1u) ^ 0xA5A5u;
    s->eseed[1] = (uint32_t)(seed * 0x85EBCA6Bu) ^ 0x5A5Au;
  } else if (!strcmp(mode, "random")) {
    aotf_apps_init(&s->apps, "random", 0, seed, NODES);
    s->random = 1;
    cost = (seed & 1) ? NIC_HOST_COST_ZERO : NIC_HOST_COST_PAPER;
  } else if (!strcmp(mode, "botf") || !strcmp(mode, "bench_botf") || !strcmp(mode, "botf_rel")) {
    aotf_apps_init(&s->apps, "loopback", 1, seed, NODES); /* unused: the BOTF programs run instead */
    cost = NIC_HOST_COST_ZERO;
    s->botf = 1;
    if (!strcmp(mode, "botf_rel")) {
      s->err_thr = 42949673u; /* 1e-2 */
      s->eseed[0] = (uint32_t)(seed * 0x9E3779B1u) ^ 0xB0F5u;
      s->eseed[1] = (uint32_t)(seed * 0x85EBCA6Bu) ^ 0x5F0Bu;
    }
  } else {
    free(s);
    return NULL;
  }
  if (s->botf) {
    nic_host_prog_t progs[NODES];
    void *args[NODES];
    for (int i = 0; i < NODES; i++) {
      s->bp[i].node = i;
      s->bp[i].seed = seed;
      s->bp[i].bench = !strcmp(mode, "bench_botf");
      s->bp[i].rel = !strcmp(mode, "botf_rel");
      s->bp[i].err_on = &s->err_on;
      progs[i] = botf_prog;
      args[i] = &s->bp[i];
    }
    s->hs = nic_hosts_new(&cost, NODES, progs, args);
    return s;
  }
  if (!s->apps.nodes) {
    free(s);
    return NULL;
  }
  nic_host_prog_t progs[NODES];
  void *args[NODES];
  for (int i = 0; i < NODES; i++) {
    s->chk[i].n = &s->apps.nodes[i];
    s->chk[i].seed = seed;
    s->chk[i].mon = &s->mon[i];
    s->chk[i].rel = s->rel;
    s->chk[i].peer = &s->chk[1 - i];
    s->chk[i].err_on = &s->err_on;
    s->chk[i].b = &s->bench;
    s->bench.err_thr = &s->err_thr;
    progs[i] = s->rel == 2 ? bench_prog : node_prog;
    args[i] = &s->chk[i];
  }
  s->hs = nic_hosts_new(&cost, NODES, progs, args);
  return s;
}

void aotf_system2_stim_free(void *p) {
  st_t *s = p;
  nic_hosts_free(s->hs);
  aotf_apps_free(&s->apps);
  free(s);
}

int aotf_system2_stim_next(void *p, uint64_t cycle, const aotf_system2_out_t *prev, aotf_system2_in_t *in) {
  st_t *s = p;
  (void)prev;
  if (cycle < RESET_CYCLES) {
    memset(in, 0, sizeof(*in));
    in->err_seed_ab_i = s->eseed[0];
    in->err_seed_ba_i = s->eseed[1];
  } else {
    int busy = nic_hosts_drive(s->hs, cycle, s->hin);
    memset(in, 0, sizeof(*in));
    in->rst_ni = 1;
#define HIN(f)                         \
  in->f##_a_i = s->hin[0].f##_i; \
  in->f##_b_i = s->hin[1].f##_i;
    HIN(st_valid) HIN(st_addr) HIN(st_data) HIN(st_be) HIN(hr_valid) HIN(hr_addr)
    HIN(csr_req) HIN(csr_we) HIN(csr_addr) HIN(csr_wdata)
#undef HIN
    in->err_seed_ab_i = s->eseed[0];
    in->err_seed_ba_i = s->eseed[1];
    if (s->err_on || s->rel == 2) {
      in->err_drop_thr_i = in->err_corrupt_thr_i = in->err_dup_thr_i = s->err_thr;
    }
    if (!busy || s->apps.fail || s->bp[0].fail || s->bp[1].fail) return 0;
  }
  s->in = *in;
  return 1;
}

/* every IRQ_STATUS read, whoever issues it (the checks above, the polling loop): the value is
 * the interrupt lines registered, i.e. their value in the request cycle, so it is nonzero
 * exactly when irq_o (their OR) was 1 in that cycle; bits above RX read 0 */
static int csr_monitor(st_t *s, int node, const aotf_system2_out_t *out) {
  csr_mon_t *m = &s->mon[node];
  const aotf_system2_in_t *in = &s->in;
  int req = (int)(node ? in->csr_req_b_i : in->csr_req_a_i);
  int we = (int)(node ? in->csr_we_b_i : in->csr_we_a_i);
  uint32_t addr = (uint32_t)(node ? in->csr_addr_b_i : in->csr_addr_a_i);
  int ack = (int)(node ? out->csr_ack_b_o : out->csr_ack_a_o);
  uint32_t rdata = (uint32_t)(node ? out->csr_rdata_b_o : out->csr_rdata_a_o);
  int irq = (int)(node ? out->irq_b_o : out->irq_a_o);
  for (unsigned i = 0; i < m->qn; i++) { /* requests of earlier cycles: irq_o one cycle later */
    unsigned j = (m->qh + i) % MON_Q;
    if (!m->q[j].next_set) {
      m->q[j].irq_next = irq;
      m->q[j].next_set = 1;
    }
  }
  if (ack) {
    if (!m->qn) {
      fprintf(stderr, "aotf_system2: node %d: CSR ack without a request\n", node);
      return 1;
    }
    unsigned j = m->qh;
    m->qh = (m->qh + 1) % MON_Q;
    m->qn--;
    if (m->q[j].irq_read) {
      m->irq_reads++;
      if (m->q[j].irq_req != m->q[j].irq_next) m->irq_edges++;
      if ((rdata & ~(IRQ_SEND | IRQ_RX)) || (rdata != 0) != (m->q[j].irq_req != 0)) {
        fprintf(stderr,
                "aotf_system2: node %d IRQ_STATUS check FAILED: read 0x%08x, but irq_o was %d in the request "
                "cycle (%d the cycle after); IRQ_STATUS is the lines registered, their value in the request cycle\n",
                node, rdata, m->q[j].irq_req, m->q[j].irq_next);
        return 1;
      }
    }
  }
  if (req) {
    if (m->qn == MON_Q) {
      fprintf(stderr, "aotf_system2: node %d: more than %d CSR requests without an ack\n", node, MON_Q);
      return 1;
    }
    unsigned j = (m->qh + m->qn) % MON_Q;
    m->q[j].irq_read = !we && addr == NODE_REG(IRQ_STATUS);
    m->q[j].irq_req = irq;
    m->q[j].next_set = 0;
    m->qn++;
  }
  return 0;
}

int aotf_system2_stim_check(void *p, const aotf_system2_out_t *out) {
  st_t *s = p;
  if (!out && s->botf) {
    for (int i = 0; i < NODES; i++)
      if (s->bp[i].fail || !s->bp[i].done) {
        fprintf(stderr, "aotf_system2: node %d BOTF program %s\n", i, s->bp[i].fail ? "failed" : "did not finish");
        return 1;
      }
    if (s->bp[0].bench) {
      double bpc = 0; /* per direction, both at once: the slower node */
      for (int i = 0; i < NODES; i++) {
        double r = (double)(s->bp[i].pkts - s->bp[i].n0) * 464.0 / (double)(s->bp[i].t1 - s->bp[i].t0);
        if (i == 0 || r < bpc) bpc = r;
      }
      printf("bench: botf.node_bytes_per_cycle_464_both_ways %.3f\n", bpc);
      printf("bench: botf.node_link_pct_464_both_ways %.1f\n", 100.0 * bpc / 8.0);
      printf("bench: botf.mbps_both_ways_150mhz %.0f\n", 2.0 * bpc * 150.0);
      printf("bench: botf.paper_mbps_one_way 1017\n");
      printf("bench: botf.paper_mbps_both_ways 2034\n");
    }
    fprintf(stderr, "aotf_system2: BOTF: node 0 sent %u packets (%u bytes), node 1 %u (%u bytes)\n", s->bp[0].pkts,
            s->bp[0].bytes, s->bp[1].pkts, s->bp[1].bytes);
    if (s->bp[0].rel) { /* exactly once over the lossy links: delivered = sent, and errors were injected */
      uint32_t errs = 0;
      for (int i = 0; i < NODES; i++) {
        const aotf_link_cnt_t *c = &s->bp[i].lc;
        fprintf(stderr, "aotf_system2 botf_rel: node %d: tx %u retx %u timeouts %u fast replays %u; rx delivered %u crc_err %u "
                "dup %u ooo %u\n", i, c->tx_pkts, c->tx_retx, c->timeouts, c->fast_rpl, c->rx_delivered, c->rx_crc_err,
                c->rx_dup, c->rx_ooo);
        errs += c->rx_crc_err + c->rx_dup + c->rx_ooo;
        if (c->rx_delivered != s->bp[1 - i].lc.tx_pkts || c->tx_pkts != s->bp[i].pkts) {
          fprintf(stderr, "aotf_system2 botf_rel: node %d delivered %u, the peer sent %u\n", i, c->rx_delivered,
                  s->bp[1 - i].lc.tx_pkts);
          return 1;
        }
      }
      if (!errs) {
        fprintf(stderr, "aotf_system2 botf_rel: no error was injected\n");
        return 1;
      }
    }
    return 0;
  }
  if (!out) {
    if (s->apps.fail) return 1;
    if (s->rel == 2) {
      const rel_bench_t *b = &s->bench;
      if (!b->done) {
        fprintf(stderr, "aotf_system2 bench_rel: did not finish\n");
        return 1;
      }
      printf("bench: rel.kicks_per_cycle_link_off %.4f\n", b->kpc[0]);
      printf("bench: rel.kicks_per_cycle_link_crc %.4f\n", b->kpc[1]);
      printf("bench: rel.kicks_per_cycle_rel %.4f\n", b->kpc[2]);
      printf("bench: rel.goodput_pct_loss_1e-4 %.1f\n", 100.0 * b->kpc[3] / b->kpc[2]);
      printf("bench: rel.goodput_pct_loss_1e-2 %.1f\n", 100.0 * b->kpc[4] / b->kpc[2]);
      printf("bench: rel.rtt_cycles_loss_0 %.1f\n", b->rtt[0]);
      printf("bench: rel.rtt_cycles_loss_1e-2 %.1f\n", b->rtt[1]);
      printf("bench: rel.extra_latency_cycles_loss_1e-2 %.1f\n", (b->rtt[1] - b->rtt[0]) / 2);
      return 0;
    }
    if (!s->random && !(s->apps.done[0] && s->apps.done[1])) {
      fprintf(stderr, "aotf_system2: applications did not finish\n");
      return 1;
    }
    if (s->credits && (s->apps.credit_writes == 0 || s->apps.credit_refused == 0)) {
      fprintf(stderr, "aotf_system2: credits: %llu limit writes, %llu kicks refused (both must be > 0)\n",
              (unsigned long long)s->apps.credit_writes, (unsigned long long)s->apps.credit_refused);
      return 1;
    }
    if (s->rel) {
      /* exactly once: every packet a node sent for the first time was delivered once at the
       * peer (its buffer drained, so each was acknowledged; the receiver accepts only the next
       * sequence number, so none twice and none out of order) */
      int bad = 0;
      for (int i = 0; i < NODES; i++) {
        const aotf_link_cnt_t *c = &s->chk[i].lc, *p = &s->chk[1 - i].lc;
        fprintf(stderr,
                "aotf_system2 rel: node %d: tx %u retx %u timeouts %u fast replays %u acks tx %u rx %u; rx delivered %u "
                "crc_err %u dup %u ooo %u\n",
                i, c->tx_pkts, c->tx_retx, c->timeouts, c->fast_rpl, c->ack_tx, c->ack_rx, c->rx_delivered, c->rx_crc_err,
                c->rx_dup, c->rx_ooo);
        if (c->rx_delivered != p->tx_pkts || c->tx_pkts == 0) bad = 1;
        if (s->err_thr >= 42949673u && c->rx_crc_err + c->rx_dup + c->rx_ooo == 0) bad = 1; /* 1e-2: errors seen */
      }
      if (bad || s->apps.rnd_rounds != 60) {
        fprintf(stderr, "aotf_system2 rel: delivered != sent, no errors injected, or %llu rounds\n",
                (unsigned long long)s->apps.rnd_rounds);
        return 1;
      }
    }
    if (s->random && s->apps.rnd_rounds == 0) {
      fprintf(stderr, "aotf_system2: random traffic completed no round\n");
      return 1;
    }
    return 0;
  }
  if (s->in.rst_ni) {
    for (int i = 0; i < NODES; i++)
      if (csr_monitor(s, i, out)) s->apps.fail = 1;
    aotf_node_out_t ho[NODES];
    memset(ho, 0, sizeof(ho));
#define HOUT(f)                  \
  ho[0].f##_o = out->f##_a_o; \
  ho[1].f##_o = out->f##_b_o;
    HOUT(st_ready) HOUT(hr_rvalid) HOUT(hr_rdata) HOUT(csr_ack) HOUT(csr_rdata) HOUT(irq)
#undef HOUT
    nic_hosts_observe(s->hs, s->hin, ho);
  }
  return s->apps.fail || s->bp[0].fail || s->bp[1].fail;
}

void *aotf_system2_model_new(uint64_t seed) {
  aotf_system2_t *m = malloc(sizeof(*m));
  if (!m || aotf_system2_init(m, &AOTF_SYSTEM2_DEFAULT, seed)) {
    free(m);
    return NULL;
  }
  return m;
}
void aotf_system2_model_eval(const void *m, const aotf_system2_in_t *in, aotf_system2_out_t *out) { aotf_system2_eval(m, in, out); }
void aotf_system2_model_tick(void *m, const aotf_system2_in_t *in) { aotf_system2_tick(m, in); }
int aotf_system2_model_check(const void *m) {
  uint64_t c = aotf_system2_collisions(m);
  if (c) fprintf(stderr, "aotf_system2 model: %llu RAM collisions\n", (unsigned long long)c);
  return c != 0;
}
void aotf_system2_model_free(void *m) {
  aotf_system2_free(m);
  free(m);
}
