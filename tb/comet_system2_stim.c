// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboards for comet_system2 (two Comet engines through nic_link,
 * LINK_LATENCY NT_DEPTH: tb/duts/comet_system2.mk). The environment per node:
 *  - host memory (cmodel/nic_hostmem.c, 1 MiB) answering the DMA port with a latency / ready
 *    rate set per phase, a shadow copy updated only with the writes the scoreboard expects, and
 *    a writable-byte map (posted receive buffers + descriptor status words);
 *  - "software": programs own MAC/IP/node and the node table, builds VIA descriptors
 *    (1..16 segments, byte aligned) holding FM messages (header + 1..1464 payload bytes),
 *    rings doorbells over the CSR bus, keeps receive descriptors posted, limits the messages in
 *    flight per direction (software flow control, docs/reference/comet_engine.md).
 * Scoreboards (independent of the C models):
 *  - every frame on a link = comet_frame_build() of the sent message (zlib FCS, RFC 1071), with
 *    the sender's addresses and IP id, byte-exact;
 *  - every receive completion: Status DONE, Length, the bytes in the posted buffers = the sent
 *    message (matched by the sequence number in the handler field, per-VI order); skipped
 *    messages are drops and must equal CNT_RX_NO_DESC / CNT_RX_BAD_VI; send completions: Status
 *    (TX_ERR + code 1 for unknown nodes) and Length, completions in doorbell order;
 *  - every DMA write lands in a writable byte; at every quiescent point both host memories equal
 *    their shadows exactly and the counters (frames, drops, errors, per-VI completions, unmapped
 *    CSR accesses) equal the predicted values.
 * Modes: random fm_exchange unknown_node no_desc bench demo (see docs/reference/comet_engine.md). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "comet_frame.h"
#include "comet_system2.h"
#include "nic_hostmem.h"
#include "nic_lockstep.h"
#include "nic_pcap.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/comet_system2/ls_params.h, generated from tb/duts/comet_system2.mk */

LS_DECLARE_STIM(comet_system2)

#define MEM_SIZE 0x100000u
#define SLOT 0x2000u
#define NSLOT 120
#define MAXMSG 1472
#define CSR_LAT 3 /* comet_engine: a CSR request is acked exactly this many cycles later */
#define MAXSEG 16
#define QCAP 32
#define NSEQ 0x4000
#define EQCAP 256
#define FMAX 2048

#define A_TX(o) (CSR_BASE_COMET + (o))
#define A_VIA(o) (CSR_BASE_COMET_VIA + (o))
#define A_ENG(o) (CSR_BASE_COMET_ENG + (o))

typedef struct {
  uint32_t lo, len;
} seg_t;

typedef struct {
  int used, kind, vi, ring, unknown;
  uint32_t addr, nseg, total, msglen, seq;
  seg_t seg[MAXSEG];
  uint8_t msg[MAXMSG];
} desc_t;

typedef struct {
  uint32_t len, seq;
  int vi, src;
  uint8_t b[MAXMSG];
} msg_t;

typedef struct {
  int we, chk;
  uint32_t addr, wdata, exp;
  desc_t *post;
  const char *what;
} csrop_t;

typedef struct {
  int sends[2];        /* messages to send per node in this phase */
  int vi_mask[2];      /* VIs used by the sends of node n */
  int recv_mask[2];    /* VIs where node n keeps receive descriptors posted */
  int unknown_pct, badvi_pct;
  int lat_min, lat_max, rdy_pct, stall_pct;
  int seg_max, len_min, len_max;
  int exp_nodesc[2];   /* drops expected in this phase at node n (-1: any) */
  int window;
} phase_t;

typedef struct {
  nic_hostmem_t hm;
  uint8_t *shadow, *wmap;
  desc_t pool[NSLOT];
  desc_t *q[8][QCAP];
  int qh[8], qn[8];
  csrop_t cq[128];
  int cqh, cqn;
  int rd_pend;
  csrop_t rd_op;
  /* requests waiting for their ack, in issue order (issue cycle, read): the master waits for
   * the ack; the engine's contract (ack exactly CSR_LAT cycles after the request) is checked */
  uint64_t ack_t[8];
  int ack_rd[8], ackh, ackn;
  /* reference counters (cumulative since reset) */
  uint32_t e_frames, e_txerr, e_nodesc, e_badvi, e_unmapped, e_send[3], e_recv[3], e_rxok;
  /* flow control / progress */
  uint32_t sent_good, consumed, sends_left, sends_done_phase, posted_recv[3];
  int out_send;
  /* link frame assembly (frames this node sends) */
  uint8_t fr[FMAX];
  uint32_t frn, nframes;
  int stall, rdy_pct;
  /* expected messages into this node per VI (0..3), in send order */
  msg_t *eq[4][EQCAP];
  int eqh[4], eqn[4];
  uint32_t seq_next;
  msg_t *by_seq[NSEQ]; /* messages this node sent, by sequence number */
  int v2t_first, r2v_first;
  uint32_t phase_drops;
} node_t;

typedef struct {
  nic_rng_t rng;
  int mode;
  const char *mode_name;
  node_t n[2];
  uint64_t cycle;
  comet_system2_in_t in;
  int fails;
  phase_t ph;
  int state;          /* 0 reset, 1 init wait, 2 config, 3 traffic, 4 quiesce, 5 checking, 6 done */
  uint64_t state_t;
  int phase_no, nphases;
  int csum_en;
  nic_pcap_t *pcap;
  /* bench */
  int bstep;
  uint64_t t_db, t_first_beat, t_v2t, t_rx_last, t_rx_done, b_fb[16];
  int b_nfb, b_target_slot_b;
  uint32_t b_size;
  int b_ready;
  uint32_t b_result_db, b_result_off, b_result_on, b_result_rx;
  double b_rate[6];
  uint64_t n_recv_done, n_send_done;
} st_t;

static const char *MODES = "random fm_exchange unknown_node no_desc bench demo";
const char *comet_system2_stim_modes(void) { return MODES; }
static const uint32_t BENCH_SIZES[6] = {64, 128, 256, 512, 1024, 1518};

static void fail(st_t *s, const char *fmt, unsigned long long a, unsigned long long b) {
  if (s->fails++ < 12) {
    fprintf(stderr, "comet_system2 scoreboard: cycle %llu: ", (unsigned long long)s->cycle);
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
  }
}
static int rnd(st_t *s, int lo, int hi) { return lo + (int)nic_rng_below(&s->rng, (uint64_t)(hi - lo + 1)); }

static uint64_t node_mac(int n) { return 0x020000000001ull + (uint64_t)n; }
static uint32_t node_ip(int n) { return 0x0A000001u + (uint32_t)n; }

/* ------------------------------------------------------------------ software helpers */
static void csr_push(st_t *s, int n, int we, uint32_t addr, uint32_t wdata, int chk, uint32_t exp,
                     desc_t *post, const char *what) {
  node_t *x = &s->n[n];
  if (x->cqn == 128) { fail(s, "CSR queue overflow node %llu%llu", (unsigned)n, 0); return; }
  csrop_t *o = &x->cq[(x->cqh + x->cqn) % 128];
  o->we = we; o->addr = addr; o->wdata = wdata; o->chk = chk; o->exp = exp; o->post = post; o->what = what;
  x->cqn++;
}
static void csr_w(st_t *s, int n, uint32_t a, uint32_t v) { csr_push(s, n, 1, a, v, 0, 0, NULL, NULL); }
static void csr_r(st_t *s, int n, uint32_t a, uint32_t exp, const char *what) { csr_push(s, n, 0, a, 0, 1, exp, NULL, what); }

static void sw_wr8(node_t *x, uint32_t a, uint8_t v) {
  nic_hostmem_wr8(&x->hm, a, v);
  x->shadow[a] = v;
}
static void sw_wr64(node_t *x, uint32_t a, uint64_t v) {
  for (int i = 0; i < 8; i++) sw_wr8(x, a + (uint32_t)i, (uint8_t)(v >> (8 * i)));
}

static desc_t *alloc_desc(st_t *s, int n) {
  node_t *x = &s->n[n];
  int start = rnd(s, 0, NSLOT - 1);
  for (int k = 0; k < NSLOT; k++) {
    int i = (start + k) % NSLOT;
    if (!x->pool[i].used) {
      memset(&x->pool[i], 0, offsetof(desc_t, msg));
      x->pool[i].used = 1;
      return &x->pool[i];
    }
  }
  return NULL;
}
static uint32_t slot_base(const node_t *x, const desc_t *d) { return SLOT * (uint32_t)(d - x->pool + 1); }

/* split total into nseg positive segments placed in the slot's buffer area, byte aligned */
static void place_segs(st_t *s, node_t *x, desc_t *d, uint32_t total, int nseg, int aligned) {
  if ((uint32_t)nseg > total) nseg = (int)total;
  uint32_t left = total, cursor = slot_base(x, d) + 512;
  for (int i = 0; i < nseg; i++) {
    uint32_t rest = (uint32_t)(nseg - 1 - i);
    uint32_t part = i == nseg - 1 ? left : 1 + (uint32_t)nic_rng_below(&s->rng, left - rest);
    if (i < nseg - 1 && nic_rng_pct(&s->rng, 50)) part = 1 + (left - rest - 1) / (uint32_t)(nseg - i);
    cursor += aligned ? 0 : (uint32_t)rnd(s, 0, 15);
    d->seg[i].lo = cursor;
    d->seg[i].len = part;
    cursor += part;
    left -= part;
  }
  d->nseg = (uint32_t)nseg;
  d->total = total;
}

static void write_desc(st_t *s, node_t *x, desc_t *d, uint32_t len_field) {
  sw_wr64(x, d->addr, nic_rng_next(&s->rng));
  sw_wr64(x, d->addr + 8, (nic_rng_next(&s->rng) & 0xFFFF0000FFFFFFFFull) | (uint64_t)d->nseg << 32);
  sw_wr64(x, d->addr + 16, nic_rng_next(&s->rng));
  sw_wr64(x, d->addr + 24, (nic_rng_next(&s->rng) & 0xFFFFFFFF00000000ull) | len_field);
  for (uint32_t i = 0; i < d->nseg; i++) {
    sw_wr64(x, d->addr + 32 + 16 * i, d->seg[i].lo);
    sw_wr64(x, d->addr + 40 + 16 * i, (uint64_t)d->seg[i].len << 32 | (nic_rng_next(&s->rng) & 0xFFFFFFFFu));
  }
  for (int i = 24; i < 32; i++) x->wmap[d->addr + (uint32_t)i] = 1;
}

static void ring_push(node_t *x, int ring, desc_t *d) {
  x->q[ring][(x->qh[ring] + x->qn[ring]) % QCAP] = d;
  x->qn[ring]++;
}

/* post a send of an FM message with payload L from node n on VI vi (header VI field hvi) */
static desc_t *post_send(st_t *s, int n, int vi, int hvi, uint32_t L, int nseg, int aligned, int unknown,
                         const uint8_t *payload) {
  node_t *x = &s->n[n];
  if (x->qn[2 + 2 * vi] >= 14) return NULL;
  desc_t *d = alloc_desc(s, n);
  if (!d) return NULL;
  d->kind = 0; d->vi = vi; d->ring = 2 + 2 * vi; d->unknown = unknown;
  d->addr = slot_base(x, d) + (aligned ? 0 : 8u * (uint32_t)rnd(s, 0, 15));
  d->msglen = 8 + L;
  d->seq = x->seq_next++ % NSEQ;
  uint32_t dst = unknown ? (uint32_t)rnd(s, 2, 300) : (uint32_t)(1 - n);
  uint32_t handler = (uint32_t)hvi << 14 | d->seq;
  uint64_t hdr = dst | (uint64_t)n << 16 | (uint64_t)handler << 32 | (uint64_t)L << 48;
  for (int i = 0; i < 8; i++) d->msg[i] = (uint8_t)(hdr >> (8 * i));
  for (uint32_t i = 0; i < L; i++) d->msg[8 + i] = payload ? payload[i] : (uint8_t)nic_rng_next(&s->rng);
  place_segs(s, x, d, d->msglen, nseg, aligned);
  write_desc(s, x, d, d->msglen);
  uint32_t p = 0;
  for (uint32_t i = 0; i < d->nseg; i++)
    for (uint32_t j = 0; j < d->seg[i].len; j++) sw_wr8(x, d->seg[i].lo + j, d->msg[p++]);
  if (!unknown) {
    msg_t *m = calloc(1, sizeof(*m));
    m->len = d->msglen; m->seq = d->seq; m->vi = hvi; m->src = n;
    memcpy(m->b, d->msg, d->msglen);
    free(x->by_seq[d->seq]);
    x->by_seq[d->seq] = m;
    node_t *y = &s->n[1 - n];
    if (y->eqn[hvi] == EQCAP) fail(s, "expected queue overflow%llu%llu", 0, 0);
    else y->eq[hvi][(y->eqh[hvi] + y->eqn[hvi]++) % EQCAP] = m;
    x->sent_good++;
  }
  x->out_send++;
  csr_push(s, n, 1, A_VIA(CSR_COMET_VIA_DB0 + 4u * (uint32_t)d->ring), d->addr, 0, 0, d, NULL);
  return d;
}

static desc_t *post_recv(st_t *s, int n, int vi, uint32_t total, int nseg) {
  node_t *x = &s->n[n];
  if (x->qn[3 + 2 * vi] >= 14) return NULL;
  desc_t *d = alloc_desc(s, n);
  if (!d) return NULL;
  d->kind = 1; d->vi = vi; d->ring = 3 + 2 * vi;
  d->addr = slot_base(x, d) + 8u * (uint32_t)rnd(s, 0, 15);
  place_segs(s, x, d, total, nseg, 0);
  write_desc(s, x, d, (uint32_t)nic_rng_next(&s->rng));
  for (uint32_t i = 0; i < d->nseg; i++)
    for (uint32_t j = 0; j < d->seg[i].len; j++) x->wmap[d->seg[i].lo + j] = 1;
  x->posted_recv[vi]++;
  csr_push(s, n, 1, A_VIA(CSR_COMET_VIA_DB0 + 4u * (uint32_t)d->ring), d->addr, 0, 0, d, NULL);
  return d;
}

/* ------------------------------------------------------------------ modes / phases */
static void set_phase_defaults(phase_t *p) {
  memset(p, 0, sizeof(*p));
  p->vi_mask[0] = p->vi_mask[1] = 7;
  p->recv_mask[0] = p->recv_mask[1] = 7;
  p->lat_min = 1; p->lat_max = 30; p->rdy_pct = 80; p->stall_pct = 10;
  p->seg_max = 4; p->len_min = 1; p->len_max = 1464;
  p->exp_nodesc[0] = p->exp_nodesc[1] = 0;
  p->window = 3;
}

static void plan_phase(st_t *s) {
  phase_t *p = &s->ph;
  set_phase_defaults(p);
  int k = s->phase_no;
  switch (s->mode) {
    case 0: /* random */
      p->sends[0] = rnd(s, 0, 30); p->sends[1] = rnd(s, 0, 30);
      p->vi_mask[0] = rnd(s, 1, 7); p->vi_mask[1] = rnd(s, 1, 7);
      p->recv_mask[0] = rnd(s, 0, 7); p->recv_mask[1] = rnd(s, 0, 7);
      p->unknown_pct = rnd(s, 0, 10); p->badvi_pct = rnd(s, 0, 5);
      p->lat_min = rnd(s, 1, 20); p->lat_max = p->lat_min + rnd(s, 0, 30);
      p->rdy_pct = rnd(s, 20, 100); p->stall_pct = rnd(s, 0, 3) ? rnd(s, 0, 60) : 0;
      p->seg_max = rnd(s, 1, 16);
      p->len_max = rnd(s, 0, 2) ? 1464 : rnd(s, 1, 64);
      p->exp_nodesc[0] = p->exp_nodesc[1] = -1;
      p->window = rnd(s, 1, 3);
      break;
    case 1: /* fm_exchange: two phases, both ways */
      p->sends[0] = p->sends[1] = 30;
      if (k == 1) { p->lat_min = 20; p->lat_max = 20; p->rdy_pct = 100; p->stall_pct = 0; p->seg_max = 1; }
      else { p->seg_max = 16; }
      break;
    case 2: /* unknown_node: good and unknown-node sends mixed, then only good */
      p->sends[0] = 30; p->sends[1] = k ? 10 : 5;
      p->unknown_pct = k ? 0 : 40;
      break;
    case 3: /* no_desc: phase 0 B posts nothing on VI 1 (A's VI 1 messages dropped), phase 1 all posted */
      p->sends[0] = 20; p->sends[1] = 5;
      p->vi_mask[0] = 3; /* A sends on VI 0 and 1 */
      if (k == 0) { p->recv_mask[1] = 1; p->exp_nodesc[1] = -2; /* = number of VI-1 sends, set below */ }
      p->vi_mask[1] = 1;
      break;
    case 5: /* demo */
      p->sends[0] = p->sends[1] = 4;
      p->len_max = 120;
      p->stall_pct = 0;
      break;
    default: break;
  }
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    x->sends_left = (uint32_t)p->sends[n];
    x->sends_done_phase = 0;
    x->phase_drops = 0;
    nic_hostmem_set(&x->hm, (uint32_t)p->lat_min, (uint32_t)p->lat_max, (uint32_t)p->rdy_pct);
  }
}

static int mode_phases(int mode) {
  switch (mode) {
    case 1: return 2;
    case 2: return 2;
    case 3: return 2;
    case 5: return 1;
    default: return 1 << 30;
  }
}

/* ------------------------------------------------------------------ config */
static void config_nodes(st_t *s) {
  for (int n = 0; n < 2; n++) {
    uint64_t mac = node_mac(n), pmac = node_mac(1 - n);
    csr_w(s, n, A_TX(CSR_COMET_TX_SRC_MAC_LO), (uint32_t)mac);
    csr_w(s, n, A_TX(CSR_COMET_TX_SRC_MAC_HI), (uint32_t)(mac >> 32));
    csr_w(s, n, A_TX(CSR_COMET_TX_SRC_IP), node_ip(n));
    csr_w(s, n, A_TX(CSR_COMET_RX_MAC_LO), (uint32_t)mac);
    csr_w(s, n, A_TX(CSR_COMET_RX_MAC_HI), (uint32_t)(mac >> 32));
    csr_w(s, n, A_TX(CSR_COMET_RX_IP), node_ip(n));
    csr_w(s, n, A_TX(CSR_COMET_RX_NODE), (uint32_t)n);
    /* node table: entry 1-n = the peer */
    csr_w(s, n, A_TX(CSR_COMET_TX_NT_IDX), (uint32_t)(1 - n));
    csr_w(s, n, A_TX(CSR_COMET_TX_NT_VALID), 0);
    csr_w(s, n, A_TX(CSR_COMET_TX_NT_IP), node_ip(1 - n));
    csr_w(s, n, A_TX(CSR_COMET_TX_NT_MAC_LO), (uint32_t)pmac);
    csr_w(s, n, A_TX(CSR_COMET_TX_NT_MAC_HI), (uint32_t)(pmac >> 32) | 0x4D43u << 16);
    csr_w(s, n, A_TX(CSR_COMET_TX_NT_VALID), 1);
    csr_r(s, n, A_TX(CSR_COMET_TX_NT_IP), node_ip(1 - n), "NT_IP readback");
    csr_r(s, n, A_TX(CSR_COMET_TX_ID), COMET_TX_ID_ID_RESET, "TX_ID");
    csr_r(s, n, A_TX(CSR_COMET_RX_ID), COMET_RX_ID_ID_RESET, "RX_ID");
    csr_r(s, n, A_VIA(CSR_COMET_VIA_ID), COMET_VIA_ID_ID_RESET, "VIA_ID");
    csr_r(s, n, A_ENG(CSR_COMET_ENG_ID), COMET_ENG_ID_ID_RESET, "ENG_ID");
    csr_w(s, n, A_ENG(CSR_COMET_ENG_SCRATCH), 0x5A5A0000u + (uint32_t)n);
    csr_r(s, n, A_ENG(CSR_COMET_ENG_SCRATCH), 0x5A5A0000u + (uint32_t)n, "SCRATCH");
    csr_w(s, n, A_VIA(CSR_COMET_VIA_IRQ_EN), 0x03);
  }
}

/* counter checks at a quiescent point */
static void check_counters(st_t *s) {
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    csr_r(s, n, A_TX(CSR_COMET_TX_CNT_FRAMES), x->e_frames, "TX_CNT_FRAMES");
    csr_r(s, n, A_TX(CSR_COMET_TX_ERR_NODE), x->e_txerr, "TX_ERR_NODE");
    csr_r(s, n, A_TX(CSR_COMET_RX_CNT_OK), x->e_rxok, "RX_CNT_OK");
    csr_r(s, n, A_VIA(CSR_COMET_VIA_CNT_TXERR), x->e_txerr, "CNT_TXERR");
    csr_r(s, n, A_VIA(CSR_COMET_VIA_CNT_RX_NO_DESC), x->e_nodesc, "CNT_RX_NO_DESC");
    csr_r(s, n, A_VIA(CSR_COMET_VIA_CNT_RX_BAD_VI), x->e_badvi, "CNT_RX_BAD_VI");
    for (int v = 0; v < 3; v++) {
      csr_r(s, n, A_VIA(CSR_COMET_VIA_SEND_CNT0 + 4u * (uint32_t)v), x->e_send[v], "SEND_CNT");
      csr_r(s, n, A_VIA(CSR_COMET_VIA_RECV_CNT0 + 4u * (uint32_t)v), x->e_recv[v], "RECV_CNT");
    }
    /* unmapped accesses: other window, hole in the engine window; counted */
    uint32_t ua = (uint32_t)rnd(s, 0, 1) ? 0x7000u + 4u * (uint32_t)rnd(s, 0, 1023) : A_ENG(0x010u + 4u * (uint32_t)rnd(s, 0, 50));
    csr_r(s, n, ua, CSR_UNMAPPED, "unmapped read");
    csr_w(s, n, 0x3000u + 4u * (uint32_t)rnd(s, 0, 1023), (uint32_t)nic_rng_next(&s->rng));
    x->e_unmapped += 2;
    csr_r(s, n, A_ENG(CSR_COMET_ENG_UNMAPPED_CNT), x->e_unmapped, "UNMAPPED_CNT");
  }
}

static void mem_compare(st_t *s) {
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    if (memcmp(x->hm.mem, x->shadow, MEM_SIZE)) {
      for (uint32_t a = 0; a < MEM_SIZE; a++)
        if (x->hm.mem[a] != x->shadow[a]) {
          fail(s, "host memory differs from the shadow at 0x%llx (node %llu)", a, (unsigned)n);
          break;
        }
    }
    if (x->hm.oob_reads || x->hm.oob_writes || x->hm.q_overflow)
      fail(s, "DMA outside host memory / overflow, node %llu (%llu)", (unsigned)n,
           x->hm.oob_reads + x->hm.oob_writes + x->hm.q_overflow);
  }
}

/* at a quiescent point: everything still expected was dropped */
static void account_drops(st_t *s) {
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    for (int v = 0; v < 4; v++) {
      while (x->eqn[v]) {
        x->eqh[v] = (x->eqh[v] + 1) % EQCAP;
        x->eqn[v]--;
        if (v == 3) x->e_badvi++;
        else { x->e_nodesc++; x->phase_drops++; }
      }
    }
  }
}

/* ------------------------------------------------------------------ setup */
void *comet_system2_stim_new(uint64_t seed, const char *mode) {
  int m = -1;
  const char *names[] = {"random", "fm_exchange", "unknown_node", "no_desc", "bench", "demo"};
  for (int i = 0; i < 6; i++)
    if (!strcmp(mode, names[i])) m = i;
  if (m < 0) return NULL;
  st_t *s = calloc(1, sizeof(*s));
  s->mode = m;
  s->mode_name = names[m];
  nic_rng_seed(&s->rng, seed ^ 0xC0E7ull);
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    if (nic_hostmem_init(&x->hm, MEM_SIZE, seed * 2 + (uint64_t)n + 77)) { free(s); return NULL; }
    x->shadow = malloc(MEM_SIZE);
    x->wmap = calloc(MEM_SIZE, 1);
    memcpy(x->shadow, x->hm.mem, MEM_SIZE);
    x->v2t_first = x->r2v_first = 1;
  }
  s->nphases = mode_phases(m);
  s->csum_en = 1;
  mkdir("build", 0777);
  mkdir("build/pcap", 0777);
  char path[256];
  snprintf(path, sizeof(path), "build/pcap/comet_system2_%s.pcap", names[m]);
  s->pcap = nic_pcap_open(path);
  return s;
}

void comet_system2_stim_free(void *pv) {
  st_t *s = pv;
  for (int n = 0; n < 2; n++) {
    nic_hostmem_free(&s->n[n].hm);
    free(s->n[n].shadow);
    free(s->n[n].wmap);
    for (int i = 0; i < NSEQ; i++) free(s->n[n].by_seq[i]);
  }
  nic_pcap_close(s->pcap);
  free(s);
}

/* ------------------------------------------------------------------ traffic generation */
static int pick_vi(st_t *s, int mask) {
  int v;
  do v = rnd(s, 0, 2); while (!(mask >> v & 1));
  return v;
}

static void gen_traffic(st_t *s) {
  phase_t *p = &s->ph;
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    /* keep receive descriptors posted */
    for (int v = 0; v < 3; v++)
      if ((p->recv_mask[n] >> v & 1) && x->posted_recv[v] < 6 && x->cqn < 100 && nic_rng_pct(&s->rng, 20)) {
        int nseg = rnd(s, 1, p->seg_max);
        post_recv(s, n, v, MAXMSG + (uint32_t)rnd(s, 0, 64), nseg);
      }
    /* sends within the flow-control window */
    uint32_t inflight = x->sent_good - s->n[1 - n].consumed;
    if (x->sends_left && inflight < (uint32_t)p->window && x->out_send < 10 && x->cqn < 100 &&
        nic_rng_pct(&s->rng, 10)) {
      int vi = pick_vi(s, p->vi_mask[n]);
      /* no drop allowed at the peer: only send when a receive descriptor is sure to be there */
      if (p->exp_nodesc[1 - n] == 0 && s->n[1 - n].posted_recv[vi] <= inflight) continue;
      int unknown = nic_rng_pct(&s->rng, (unsigned)p->unknown_pct);
      int hvi = nic_rng_pct(&s->rng, (unsigned)p->badvi_pct) ? 3 : vi;
      uint32_t L = (uint32_t)rnd(s, p->len_min, p->len_max);
      uint8_t text[MAXMSG];
      const uint8_t *pl = NULL;
      if (s->mode == 5) {
        int k = snprintf((char *)text, sizeof(text), "Hello from node %d, message %u, over Comet-FM/UDP/IP!", n,
                         (unsigned)(p->sends[n] - (int)x->sends_left + 1));
        for (uint32_t i = (uint32_t)k; i < L; i++) text[i] = (uint8_t)('a' + i % 26);
        pl = text;
      }
      if (post_send(s, n, vi, hvi, L, rnd(s, 1, p->seg_max), 0, unknown, pl)) x->sends_left--;
    }
  }
}

static int quiescent(const st_t *s, const comet_system2_out_t *o) {
  for (int n = 0; n < 2; n++) {
    const node_t *x = &s->n[n];
    if (x->out_send || x->cqn || x->rd_pend) return 0;
    if (s->n[1 - n].consumed != x->sent_good) return 0;
  }
  if (!o) return 0;
  /* (a status write may still wait in the engine's DMA request slice after the FSM is idle) */
  return o->dbg_via_state_a_o == 0 && o->dbg_via_state_b_o == 0 && o->dbg_link_ab_o == 0 && o->dbg_link_ba_o == 0 &&
         !o->dma_req_valid_a_o && !o->dma_req_valid_b_o &&
         (o->dbg_tx_state_a_o & 0x13E) == 0 && (o->dbg_tx_state_b_o & 0x13E) == 0 &&
         (o->dbg_rx_state_a_o & 0x3F) == 0 && (o->dbg_rx_state_b_o & 0x3F) == 0;
}

/* ------------------------------------------------------------------ bench script */
/* steps: 0 post B receives; 1 doorbell latency send; 2 wait; 3 csum off send; 4 wait; 5 csum on;
 * 6 wait; 7.. throughput per size */
static void bench_step(st_t *s, const comet_system2_out_t *o) {
  node_t *a = &s->n[0];
  int q = quiescent(s, o);
  switch (s->bstep) {
    case 0:
      for (int i = 0; i < 3; i++) post_recv(s, 1, 0, MAXMSG, 1);  /* one per latency send (steps 1, 3, 5) */
      s->bstep = 1;
      break;
    case 1:
      if (!q) break;
      s->t_db = s->t_first_beat = s->t_rx_last = s->t_rx_done = 0;
      s->b_ready = 1;
      post_send(s, 0, 0, 0, 100, 1, 1, 0, NULL);
      s->bstep = 2;
      break;
    case 2:
      if (!q) break;
      s->b_result_db = (uint32_t)(s->t_first_beat - s->t_db);
      s->b_result_rx = (uint32_t)(s->t_rx_done - s->t_rx_last);
      csr_w(s, 0, A_TX(CSR_COMET_TX_CTRL), 0);
      s->csum_en = 0;
      s->t_v2t = s->t_first_beat = 0;
      s->b_ready = 2;
      post_send(s, 0, 0, 0, 100, 1, 1, 0, NULL);
      s->bstep = 3;
      break;
    case 3:
      if (!q) break;
      s->b_result_off = (uint32_t)(s->t_first_beat - s->t_v2t);
      csr_w(s, 0, A_TX(CSR_COMET_TX_CTRL), 1);
      s->csum_en = 1;
      s->t_v2t = s->t_first_beat = 0;
      s->b_ready = 2;
      post_send(s, 0, 0, 0, 100, 1, 1, 0, NULL);
      s->bstep = 4;
      break;
    case 4:
      if (!q) break;
      s->b_result_on = (uint32_t)(s->t_first_beat - s->t_v2t);
      s->bstep = 10;
      break;
    default: {
      int k = (s->bstep - 10) / 2;
      if (k >= 6) { s->state = 4; s->bstep = 100; break; }
      if ((s->bstep & 1) == 0) {
        if (!q) break;
        s->b_size = BENCH_SIZES[k];
        s->b_nfb = 0;
        s->b_ready = 3;
        for (int i = 0; i < 12; i++) post_send(s, 0, 0, 0, s->b_size - 54, 1, 1, 0, NULL);
        s->bstep++;
      } else {
        if (!q) break;
        if (s->b_nfb < 12) fail(s, "bench: %llu of %llu frames seen", (unsigned)s->b_nfb, 12);
        else s->b_rate[k] = (double)(11 * s->b_size) / (double)(s->b_fb[11] - s->b_fb[0]);
        s->b_ready = 0;
        s->bstep++;
      }
    }
  }
  (void)a;
}

/* ------------------------------------------------------------------ per cycle */
int comet_system2_stim_next(void *pv, uint64_t cycle, const comet_system2_out_t *prev, comet_system2_in_t *in) {
  st_t *s = pv;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  /* phase machine */
  switch (s->state) {
    case 0:
      in->rst_ni = 0;
      if (cycle >= 7) { s->state = 1; s->state_t = cycle; }
      break;
    case 1:
      if (cycle - s->state_t > 270) { /* node table init sweep (256 cycles) */
        config_nodes(s);
        s->state = 2;
      }
      break;
    case 2:
      if (!s->n[0].cqn && !s->n[1].cqn && !s->n[0].rd_pend && !s->n[1].rd_pend) {
        if (s->mode == 4) {
          for (int n = 0; n < 2; n++) nic_hostmem_set(&s->n[n].hm, 20, 20, 100);
          set_phase_defaults(&s->ph);
          s->ph.exp_nodesc[0] = s->ph.exp_nodesc[1] = -1;
          s->ph.stall_pct = 0;
          s->state = 7;
        } else {
          plan_phase(s);
          s->state = 3;
          s->state_t = cycle;
        }
      }
      break;
    case 3:
      gen_traffic(s);
      if (!s->n[0].sends_left && !s->n[1].sends_left) { s->state = 4; s->state_t = cycle; }
      break;
    case 4:
      if (quiescent(s, prev)) {
        account_drops(s);
        for (int n = 0; n < 2; n++) {
          int e = s->ph.exp_nodesc[n];
          if (e >= 0 && s->n[n].phase_drops != (uint32_t)e)
            fail(s, "node %llu: %llu messages dropped, none expected", (unsigned)n, s->n[n].phase_drops);
          if (e == -2 && s->n[n].phase_drops == 0) fail(s, "node %llu: no drop in no_desc phase%llu", (unsigned)n, 0);
        }
        mem_compare(s);
        check_counters(s);
        s->state = 5;
      } else if (cycle - s->state_t > 400000) {
        fail(s, "no quiescence after %llu cycles (deadlock?)%llu", cycle - s->state_t, 0);
        s->state_t = cycle;
      }
      break;
    case 5:
      if (!s->n[0].cqn && !s->n[1].cqn && !s->n[0].rd_pend && !s->n[1].rd_pend) {
        s->phase_no++;
        if (s->phase_no >= s->nphases || s->mode == 4) s->state = 6;
        else { plan_phase(s); s->state = 3; s->state_t = cycle; }
      }
      break;
    case 6:
      return 0;
    case 7:
      bench_step(s, prev);
      break;
    default: break;
  }
  in->rst_ni = s->state != 0;
  /* CSR bus */
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    uint64_t req = 0, we = 0, addr = 0, wd = 0;
    if (x->cqn && !x->rd_pend && s->state != 0 && nic_rng_pct(&s->rng, 70)) {
      csrop_t *op = &x->cq[x->cqh];
      req = 1; we = (uint64_t)op->we; addr = op->addr; wd = op->wdata;
      if (op->post) {
        ring_push(x, op->post->ring, op->post);
        if (s->mode == 4 && s->b_ready == 1 && n == 0 && !s->t_db) s->t_db = cycle;
      }
      if (!op->we) { x->rd_pend = 1; x->rd_op = *op; }
      if (x->ackn < 8) {
        x->ack_t[(x->ackh + x->ackn) % 8] = cycle;
        x->ack_rd[(x->ackh + x->ackn) % 8] = !op->we;
        x->ackn++;
      } else fail(s, "more than 8 CSR requests without an ack (node %llu)", (unsigned)n, 0);
      x->cqh = (x->cqh + 1) % 128;
      x->cqn--;
    }
    if (n == 0) { in->csr_req_a_i = req; in->csr_we_a_i = we; in->csr_addr_a_i = addr; in->csr_wdata_a_i = wd; }
    else { in->csr_req_b_i = req; in->csr_we_b_i = we; in->csr_addr_b_i = addr; in->csr_wdata_b_i = wd; }
    int rdy = 0, rv = 0;
    uint64_t rd = 0;
    nic_hostmem_drive(&x->hm, cycle, &rdy, &rv, &rd);
    if (!in->rst_ni) nic_hostmem_flush(&x->hm);
    int stall = s->state == 3 || s->state == 4 ? nic_rng_pct(&s->rng, (unsigned)s->ph.stall_pct) : 0;
    if (s->mode == 4) stall = 0;
    if (n == 0) { in->dma_req_ready_a_i = (uint64_t)rdy; in->dma_rsp_valid_a_i = (uint64_t)rv; in->dma_rsp_rdata_a_i = rd; in->link_stall_a_i = (uint64_t)stall; }
    else { in->dma_req_ready_b_i = (uint64_t)rdy; in->dma_rsp_valid_b_i = (uint64_t)rv; in->dma_rsp_rdata_b_i = rd; in->link_stall_b_i = (uint64_t)stall; }
  }
  s->in = *in;
  return 1;
}

/* ------------------------------------------------------------------ observation */
static void demo_print(st_t *s, int n, const msg_t *m) {
  uint64_t h = 0;
  for (int i = 0; i < 8; i++) h |= (uint64_t)m->b[i] << (8 * i);
  uint32_t L = m->len - 8;
  printf("demo: cycle %7llu  node %c -> node %c  FM src=%u dst=%u handler=0x%04x (VI %u) length=%u  \"",
         (unsigned long long)s->cycle, 'A' + (1 - n), 'A' + n, (unsigned)(h >> 16 & 0xFFFF), (unsigned)(h & 0xFFFF),
         (unsigned)(h >> 32 & 0xFFFF), (unsigned)(h >> 46 & 3), (unsigned)L);
  for (uint32_t i = 0; i < L && i < 56; i++) putchar(m->b[8 + i] >= 32 && m->b[8 + i] < 127 ? m->b[8 + i] : '.');
  printf("%s\"\n", L > 56 ? "..." : "");
}

static void complete(st_t *s, int n, desc_t *d, uint64_t w) {
  node_t *x = &s->n[n];
  desc_t *head = x->qn[d->ring] ? x->q[d->ring][x->qh[d->ring]] : NULL;
  if (head != d) fail(s, "completion out of doorbell order (desc 0x%llx, node %llu)", d->addr, (unsigned)n);
  else { x->qh[d->ring] = (x->qh[d->ring] + 1) % QCAP; x->qn[d->ring]--; }
  uint32_t status = (uint32_t)(w >> 32), len = (uint32_t)w;
  if (d->kind == 0) {
    uint32_t es = d->unknown ? 0x111u : 1u;
    if (status != es || len != d->msglen) fail(s, "send status/length 0x%llx, expected 0x%llx", w, (uint64_t)es << 32 | d->msglen);
    x->e_send[d->vi]++;
    if (d->unknown) x->e_txerr++;
    else x->e_frames++;
    x->out_send--;
    s->n_send_done++;
  } else {
    /* gather what the engine wrote; identify the message by its sequence number */
    uint8_t got[MAXMSG + 64];
    uint32_t p = 0;
    for (uint32_t i = 0; i < d->nseg && p < len && p < MAXMSG; i++)
      for (uint32_t j = 0; j < d->seg[i].len && p < len && p < MAXMSG; j++) got[p++] = x->hm.mem[d->seg[i].lo + j];
    uint32_t seq = p >= 6 ? ((uint32_t)got[4] | (uint32_t)got[5] << 8) & (NSEQ - 1) : 0xFFFFFFFFu;
    int v = d->vi;
    msg_t *m = NULL;
    while (x->eqn[v]) {
      msg_t *c = x->eq[v][x->eqh[v]];
      x->eqh[v] = (x->eqh[v] + 1) % EQCAP;
      x->eqn[v]--;
      if (c->seq == seq) { m = c; break; }
      x->e_nodesc++; /* skipped = dropped (no descriptor posted at that time) */
      x->phase_drops++;
    }
    if (!m) fail(s, "receive completion with an unexpected message (seq 0x%llx, VI %llu)", seq, (unsigned)v);
    else {
      if (status != 1 || len != m->len) fail(s, "receive status/length 0x%llx, expected length %llu", w, m->len);
      else if (memcmp(got, m->b, m->len)) fail(s, "received bytes differ from the sent message (seq 0x%llx len %llu)", seq, m->len);
      /* shadow: the message lands in the buffers */
      uint32_t q = 0;
      for (uint32_t i = 0; i < d->nseg && q < m->len; i++)
        for (uint32_t j = 0; j < d->seg[i].len && q < m->len; j++) x->shadow[d->seg[i].lo + j] = m->b[q++];
      if (s->mode == 5) demo_print(s, n, m);
    }
    x->e_recv[v]++;
    x->posted_recv[v]--;
    s->n_recv_done++;
    for (uint32_t i = 0; i < d->nseg; i++)
      for (uint32_t j = 0; j < d->seg[i].len; j++) x->wmap[d->seg[i].lo + j] = 0;
  }
  for (int i = 0; i < 8; i++) {
    x->shadow[d->addr + 24 + (uint32_t)i] = (uint8_t)(w >> (8 * i));
    x->wmap[d->addr + 24 + (uint32_t)i] = 0;
  }
  d->used = 0;
}

static void link_frame(st_t *s, int n) {
  node_t *x = &s->n[n];
  nic_pcap_write(s->pcap, x->fr, x->frn, (uint64_t)((double)s->cycle * 6.4));
  uint32_t ipid = x->nframes++ & 0xFFFF;
  if (x->frn < 50) { fail(s, "short frame (%llu bytes) from node %llu", x->frn, (unsigned)n); return; }
  uint32_t seq = ((uint32_t)x->fr[46] | (uint32_t)x->fr[47] << 8) & (NSEQ - 1);
  msg_t *m = x->by_seq[seq];
  if (!m) { fail(s, "frame with an unknown message (seq 0x%llx) from node %llu", seq, (unsigned)n); return; }
  comet_frame_cfg_t c = {node_mac(1 - n), node_mac(n), node_ip(n), node_ip(1 - n), 0x4D43, 0x4D43, (uint16_t)ipid,
                         s->csum_en};
  uint8_t exp[FMAX + 64];
  size_t el = comet_frame_build(exp, &c, m->b, m->len);
  if (el != x->frn || memcmp(exp, x->fr, el))
    fail(s, "frame from node %llu differs from the reference (seq 0x%llx)", (unsigned)n, seq);
  s->n[1 - n].e_rxok++;
}

#define OSEL(o, n, f) ((n) ? (o)->f##_b_o : (o)->f##_a_o)

int comet_system2_stim_check(void *pv, const comet_system2_out_t *o) {
  st_t *s = pv;
  if (!o) {
    if (s->mode != 0 && s->state != 6) fail(s, "run ended before the directed test finished (state %llu)%llu", (unsigned)s->state, 0);
    if (s->mode == 4 && s->state == 6) {
      printf("bench: comet.doorbell_to_first_beat_cycles %u\n", s->b_result_db);
      printf("bench: comet.hdr_to_first_beat_cycles_csum_off %u\n", s->b_result_off);
      printf("bench: comet.hdr_to_first_beat_cycles_csum_on %u\n", s->b_result_on);
      for (int k = 0; k < 6; k++) printf("bench: comet.tx_bytes_per_cycle_%u %.3f\n", BENCH_SIZES[k], s->b_rate[k]);
      /* Ethernet line rate at 8 bytes/cycle: every frame also occupies 20 byte times on the wire
       * (preamble + SFD 8, minimum inter-frame gap 12), added by the MAC after m_axis */
      for (int k = 0; k < 6; k++)
        printf("bench: comet.tx_line_rate_pct_%u %.1f\n", BENCH_SIZES[k],
               100.0 * s->b_rate[k] / (8.0 * BENCH_SIZES[k] / (BENCH_SIZES[k] + 20.0)));
      printf("bench: comet.rx_frame_to_completion_cycles %u\n", s->b_result_rx);
      printf("bench: (DMA latency 20 cycles, memory always ready, no link back-pressure, 1-segment descriptors)\n");
    }
    if (s->mode == 0 || s->state == 6) {
      /* random mode ends anywhere: compare only bytes that are not writable right now */
      for (int n = 0; n < 2; n++) {
        node_t *x = &s->n[n];
        for (uint32_t a = 0; a < MEM_SIZE; a++)
          if (!x->wmap[a] && x->hm.mem[a] != x->shadow[a]) {
            fail(s, "final: host memory differs from the shadow at 0x%llx (node %llu)", a, (unsigned)n);
            break;
          }
      }
    }
    for (int n = 0; n < 2 && s->fails; n++)
      fprintf(stderr, "node %d: sends_left %u out_send %d sent_good %u consumed %u posted_recv %u %u %u cqn %d rd_pend %d\n", n,
              s->n[n].sends_left, s->n[n].out_send, s->n[n].sent_good, s->n[n].consumed, s->n[n].posted_recv[0],
              s->n[n].posted_recv[1], s->n[n].posted_recv[2], s->n[n].cqn, s->n[n].rd_pend);
    if (s->mode != 4)
      fprintf(stderr, "comet_system2 %s: sends completed %llu, receives completed %llu, phases %d, frames %u/%u\n",
              s->mode_name, (unsigned long long)s->n_send_done, (unsigned long long)s->n_recv_done, s->phase_no,
              s->n[0].nframes, s->n[1].nframes);
    return s->fails != 0;
  }
  for (int n = 0; n < 2; n++) {
    node_t *x = &s->n[n];
    /* CSR read responses */
    if (x->ackn && s->cycle > x->ack_t[x->ackh] + CSR_LAT)
      fail(s, "no CSR ack %llu cycles after the request (node %llu)", (unsigned long long)CSR_LAT, (unsigned)n);
    if (OSEL(o, n, csr_ack) && s->in.rst_ni) {
      int rd = 0;
      if (!x->ackn) fail(s, "CSR ack without a request (node %llu)", (unsigned)n, 0);
      else {
        if (s->cycle != x->ack_t[x->ackh] + CSR_LAT)
          fail(s, "CSR ack %llu cycles after the request (node %llu)", s->cycle - x->ack_t[x->ackh], (unsigned)n);
        rd = x->ack_rd[x->ackh];
        x->ackh = (x->ackh + 1) % 8;
        x->ackn--;
      }
      if (rd && x->rd_pend) {
        x->rd_pend = 0;
        uint32_t got = (uint32_t)OSEL(o, n, csr_rdata);
        if (x->rd_op.chk && got != x->rd_op.exp) {
          fail(s, "CSR read 0x%llx: 0x%llx", x->rd_op.addr, got);
          fprintf(stderr, "  (%s on node %d: expected 0x%x)\n", x->rd_op.what ? x->rd_op.what : "?", n, x->rd_op.exp);
        }
      }
    }
    /* DMA */
    if (OSEL(o, n, dma_req_valid) && x->hm.ready_now && s->in.rst_ni) {
      uint32_t addr = (uint32_t)OSEL(o, n, dma_req_addr);
      if (OSEL(o, n, dma_req_we)) {
        uint32_t strb = (uint32_t)OSEL(o, n, dma_req_wstrb);
        uint64_t w = OSEL(o, n, dma_req_wdata);
        for (int i = 0; i < 8; i++)
          if ((strb >> i & 1) && (addr + (uint32_t)i >= MEM_SIZE || !x->wmap[addr + (uint32_t)i])) {
            fail(s, "DMA write to a byte that is not writable: 0x%llx (node %llu)", addr + (uint32_t)i, (unsigned)n);
            break;
          }
        uint32_t sl = addr / SLOT;
        if (strb == 0xFF && sl >= 1 && sl <= NSLOT) {
          desc_t *d = &x->pool[sl - 1];
          if (d->used && addr == d->addr + 24) {
            if (s->mode == 4 && n == 1 && !s->t_rx_done && s->b_ready == 1) s->t_rx_done = s->cycle;
            complete(s, n, d, w);
          }
        }
      }
      nic_hostmem_observe(&x->hm, s->cycle, 1, (int)OSEL(o, n, dma_req_we), addr, OSEL(o, n, dma_req_wdata),
                          (uint32_t)OSEL(o, n, dma_req_wstrb));
    }
    /* frames leaving node n */
    uint64_t tv = n ? o->link_ba_tvalid_o : o->link_ab_tvalid_o, tr = n ? o->link_ba_tready_o : o->link_ab_tready_o;
    if (tv && tr && s->in.rst_ni) {
      uint64_t td = n ? o->link_ba_tdata_o : o->link_ab_tdata_o;
      uint32_t tk = (uint32_t)(n ? o->link_ba_tkeep_o : o->link_ab_tkeep_o);
      if (s->mode == 4 && n == 0 && x->frn == 0) {
        if (s->b_ready == 1 && !s->t_first_beat) s->t_first_beat = s->cycle;
        if (s->b_ready == 2 && !s->t_first_beat) s->t_first_beat = s->cycle;
        if (s->b_ready == 3 && s->b_nfb < 16) s->b_fb[s->b_nfb++] = s->cycle;
      }
      for (int i = 0; i < 8; i++)
        if (tk >> i & 1) {
          if (x->frn < FMAX) x->fr[x->frn] = (uint8_t)(td >> (8 * i));
          x->frn++;
        }
      if (n ? o->link_ba_tlast_o : o->link_ab_tlast_o) {
        link_frame(s, n);
        x->frn = 0;
      }
    }
    /* frames arriving at node n (bench: last beat into B) */
    uint64_t lo = n ? o->link_ab_out_o : o->link_ba_out_o;
    if ((lo & 3) == 3 && (lo & 4) && s->mode == 4 && n == 1 && s->b_ready == 1 && !s->t_rx_last) s->t_rx_last = s->cycle;
    /* via -> tx first beat (bench), rx -> via message consumed (flow control) */
    uint64_t v2t = OSEL(o, n, dbg_v2t), r2v = OSEL(o, n, dbg_r2v);
    if ((v2t & 3) == 3 && s->in.rst_ni) {
      if (x->v2t_first && s->mode == 4 && n == 0 && s->b_ready == 2 && !s->t_v2t) s->t_v2t = s->cycle;
      x->v2t_first = (int)(v2t >> 2 & 1);
    }
    if ((r2v & 3) == 3 && s->in.rst_ni) {
      if (r2v >> 2 & 1) x->consumed++;
    }
    if (!s->in.rst_ni) { x->v2t_first = 1; x->frn = 0; }
  }
  return s->fails != 0;
}

/* ------------------------------------------------------------------ model wrappers */
void *comet_system2_model_new(uint64_t seed) {
  comet_system2_t *m = calloc(1, sizeof(*m));
  const comet_system2_cfg_t cfg = {LS_PARAM_LINK_LATENCY, LS_PARAM_NT_DEPTH};
  if (comet_system2_init(m, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void comet_system2_model_eval(const void *m, const comet_system2_in_t *in, comet_system2_out_t *out) {
  comet_system2_eval(m, in, out);
}
void comet_system2_model_tick(void *m, const comet_system2_in_t *in) { comet_system2_tick(m, in); }
int comet_system2_model_check(const void *m) {
  uint64_t c = comet_system2_collisions(m);
  if (c) fprintf(stderr, "comet_system2 model: %llu RAM read/write collisions\n", (unsigned long long)c);
  return c != 0;
}
void comet_system2_model_free(void *m) {
  comet_system2_free(m);
  free(m);
}
