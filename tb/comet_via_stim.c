// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboards for comet_via (NUM_DB DB_DEPTH MAX_SEGS RSP_DEPTH PF_SLOTS:
 * tb/duts/comet_via.mk). The environment:
 *  - host memory (cmodel/nic_hostmem.c) answering the DMA port with random latency and
 *    back-pressure, plus a shadow copy that only the scoreboard's expected writes update;
 *  - "software": builds VIA descriptors (1..16 segments, odd sizes and byte alignments, bad
 *    ones on purpose) in host memory and rings doorbells over the CSR bus; random CSR traffic;
 *  - the frame datapath: consumes m_axis_tx (random tready), returns tx_done codes (sometimes
 *    errors), produces s_axis_rx messages for VIs 0..2 (sometimes VI 3 = invalid).
 * Scoreboards (independent of the C model): sent bytes = gather of the segments; every status
 * write = Status/Length the rules give; received bytes land exactly in the posted buffers; no
 * other host memory byte is ever written (per-write check + shadow compare); CSR reads
 * (counters, STATUS, SYS_POP order, ...) and irq_o match a reference; nothing handed to a VI is
 * lost (directed modes end with every descriptor completed).
 * The engine's op decisions (which queue it serves) are taken from dbg_state_o/dbg_flags_o/
 * dbg_vi_o (compared with the model every cycle) and checked against the reference queues. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_via.h"
#include "nic_hostmem.h"
#include "nic_lockstep.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/comet_via/ls_params.h, generated from tb/duts/comet_via.mk */

LS_DECLARE_STIM(comet_via)

#define NUM_DB LS_PARAM_NUM_DB
#define DB_DEPTH LS_PARAM_DB_DEPTH
#define MAX_SEGS LS_PARAM_MAX_SEGS
#define RSP_DEPTH LS_PARAM_RSP_DEPTH
#define PF_SLOTS LS_PARAM_PF_SLOTS /* send prefetch slots (2 or 4) */
#define NVI 3
#define MEM_SIZE 0x100000u
#define LIMIT_RESET 0x00100000u
#define SLOT 0x2000u
#define NSLOT 126         /* normal slots at SLOT*(i+1) */
#define SPECIAL NSLOT     /* slot 126: descriptor at the very end of memory */
#define MAXMSG 4096
#define QCAP 64

enum { B_NONE, B_FMT0, B_FMTBIG, B_LEN0, B_LENMIS, B_LENBIG, B_SEGZERO, B_SEGBIG, B_ADDRHI,
       B_ADDRRANGE, B_DUNAL, B_DRANGE, B_TABLE, B_NTYPES,
       B_TOPGOOD /* (directed only) good, one segment, the segment list ends at the top of memory */ };

typedef struct {
  uint32_t lo, hi, len;
} seg_t;

typedef struct {
  int used, kind, vi, ring, bad;
  uint32_t addr, segcnt, len_field, nseg, total;
  seg_t seg[MAX_SEGS];
  uint32_t exp_err;
  int daddr_bad;
  uint64_t post_cycle;
  uint32_t tx_code;
  int streamed;                /* send: message left on m_axis_tx */
  int has_msg;
  uint32_t msglen;
  uint8_t msg[MAXMSG];
  uint8_t wr[MAXMSG];
} desc_t;

typedef struct {
  /* generator parameters */
  int p_send, p_recv;          /* per mille per cycle */
  int p_rxmsg;                 /* per mille per cycle when no message is active */
  int seg_min, seg_max, len_min, len_max, align8;
  int p_bad, p_badvi, p_trunc, p_txerr;
  int lat_min, lat_max, rdy_min, rdy_max, trdy_min, trdy_max, rxv_pct;
  int p_reset;                 /* per million */
  int p_csr;                   /* per mille */
  int budget_desc, budget_rx;  /* < 0: unlimited */
  int need_desc, single, max_q;
} prm_t;

typedef struct {
  int we;
  uint32_t addr, wdata;
  desc_t *d;
} csrop_t;

typedef struct {
  nic_rng_t rng;
  int mode;
  prm_t p;
  nic_hostmem_t hm;
  uint8_t *shadow;
  uint64_t cycle;
  comet_via_in_t in;
  int fails;
  desc_t *pool;
  desc_t *q[NUM_DB][QCAP];
  int qh[NUM_DB], qn[NUM_DB];
  uint32_t sysq[2][QCAP];
  int sysh[2], sysn[2];
  desc_t *infl[16];            /* descriptors popped by the engine and not yet completed, in pop order */
  int ninfl;
  int prev_state;
  int prev2_state;             /* control FSM state two cycles ago (S_DB_CHK's check acts in S_CTL) */
  int prev_pf;                 /* prefetcher state at the previous cycle (dbg_pf_o[7:5]) */
  int npf;                     /* descriptors the prefetcher accepted and the control FSM has not taken */
  /* DMA request of the previous cycle (AXI: a refused request must stay unchanged) */
  int pd_refused, pd_we;
  uint32_t pd_addr, pd_strb;
  uint64_t pd_wdata;
  /* CSR */
  csrop_t cq[64];
  int cqh, cqn;
  /* a CSR request: c = driven in this cycle, p = driven in the previous cycle, which the DUT
   * acts on in this cycle (comet_via registers the request first; its ack comes one cycle
   * after that, two after the request) */
  struct {
    int v, we, rd, db_ring;    /* db_ring: ring of a doorbell write, -1 none */
    uint32_t addr, wdata;
    desc_t *db_desc;
  } csr_c, csr_p;
  int rd_pend, rd_check;
  uint32_t rd_exp, rd_addr;
  int clr_cycle_valid;
  uint64_t clr_cycle;
  /* counter events wait one edge (RTL cinc_q): {edge they are added at, counter, amount} */
  struct { uint64_t edge; int idx; uint32_t add; } cpend[64];
  int ncpend;
  /* reference registers */
  uint32_t e_cnt[COMET_VIA_NCNT], e_send[NVI], e_recv[NVI], e_status, e_irq_en, e_en, e_limit;
  /* tx side */
  uint8_t txbuf[MAXMSG + 16];
  uint32_t txn;
  int txd_wait[16];            /* tx_done codes owed, in message order */
  uint32_t txd_code[16];
  int txd_h, txd_n;
  int trdy;
  /* rx side */
  int rx_active, rx_vi, rx_valid;
  uint32_t rx_len, rx_pos, rx_beat_n;
  uint8_t rx_msg[MAXMSG];
  int rx_bound;                /* 0 none, 1 dropped, 2 bound to cur */
  /* phases */
  int phase_left, rst_left;
  int idle_cycles;
  int script;                  /* directed script position */
  uint64_t script_t;
  /* statistics */
  uint64_t n_sent, n_recv, n_err, n_trunc, n_drop, n_daddr, n_ovf, n_reads, n_resets;
  uint64_t lat_sum, lat_n, lat_min, lat_max;
  int lat_armed;
  int last_tx_vi;
  uint64_t tx_first, st_beats, st_cycles;
  uint64_t cov_pop_stall, cov_rx_discard, cov_inflight_full, cov_wb_stall, cov_prefetch, cov_cq2;
  uint64_t cov_limraise;
  int budget_desc, budget_rx;
} st_t;

static const char *MODES =
    "random send_single send_sg recv_single recv_sg bad_desc no_desc trunc doorbell_full "
    "backpressure csr";
const char *comet_via_stim_modes(void) { return MODES; }

static void fail(st_t *s, const char *fmt, unsigned long long a, unsigned long long b) {
  if (s->fails++ < 12) {
    fprintf(stderr, "comet_via scoreboard: cycle %llu: ", (unsigned long long)s->cycle);
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
  }
}

static int rnd(st_t *s, int lo, int hi) { return lo + (int)nic_rng_below(&s->rng, (uint64_t)(hi - lo + 1)); }
static int pm(st_t *s, int permille) { return (int)nic_rng_below(&s->rng, 1000) < permille; }

/* ------------------------------------------------------------------ reference rules */
static uint32_t ref_errs(const desc_t *d, uint32_t limit) {
  uint32_t e = 0;
  if (d->segcnt == 0 || d->segcnt > MAX_SEGS) e |= 1;
  if (d->kind == 0 && (d->len_field == 0 || d->len_field > 0xFFFF)) e |= 2;
  if ((uint64_t)d->addr + 32 + 16ull * d->segcnt > limit) e |= 4;
  if (e) return e;
  uint32_t sum = 0;
  for (uint32_t i = 0; i < d->segcnt; i++) {
    const seg_t *g = &d->seg[i];
    sum += g->len;
    if (g->len == 0 || g->len > 0xFFFF) e |= 2;
    if (g->hi || (uint64_t)g->lo + g->len > limit) e |= 4;
  }
  if (d->kind == 0 && sum != d->len_field) e |= 2;
  return e;
}
static int ref_daddr_bad(uint32_t a, uint32_t limit) { return (a & 7) || (uint64_t)a + 32 > limit; }

/* ------------------------------------------------------------------ memory helpers */
static void sw_wr8(st_t *s, uint32_t a, uint8_t v) {
  nic_hostmem_wr8(&s->hm, a, v);
  if (a < MEM_SIZE) s->shadow[a] = v;
}
static void sw_wr64(st_t *s, uint32_t a, uint64_t v) {
  for (int i = 0; i < 8; i++) sw_wr8(s, a + (uint32_t)i, (uint8_t)(v >> (8 * i)));
}

static desc_t *alloc_desc(st_t *s, int special) {
  if (special) {
    if (s->pool[SPECIAL].used) return NULL;
    memset(&s->pool[SPECIAL], 0, offsetof(desc_t, msg));
    s->pool[SPECIAL].used = 1;
    return &s->pool[SPECIAL];
  }
  int start = rnd(s, 0, NSLOT - 1);
  for (int k = 0; k < NSLOT; k++) {
    int i = (start + k) % NSLOT;
    if (!s->pool[i].used) {
      memset(&s->pool[i], 0, offsetof(desc_t, msg));
      s->pool[i].used = 1;
      return &s->pool[i];
    }
  }
  return NULL;
}
static uint32_t slot_base(const st_t *s, const desc_t *d) { return SLOT * (uint32_t)(d - s->pool + 1); }

/* build a descriptor of kind (0 send, 1 recv) for vi in host memory; NULL if no slot */
static desc_t *build_desc(st_t *s, int kind, int vi, int bad) {
  if (bad == B_TABLE && s->pool[SPECIAL].used) bad = B_FMT0;
  if (kind == 1 && (bad == B_LEN0 || bad == B_LENMIS || bad == B_LENBIG)) bad = B_SEGZERO;
  desc_t *d = alloc_desc(s, bad == B_TABLE || bad == B_TOPGOOD);
  if (!d) return NULL;
  d->kind = kind;
  d->vi = vi;
  d->ring = 2 + 2 * vi + kind;
  d->bad = bad;
  uint32_t base = slot_base(s, d);
  d->addr = base + 8u * (uint32_t)rnd(s, 0, 15);
  int nseg = rnd(s, s->p.seg_min, s->p.seg_max);
  /* a bad descriptor often has one segment: segment 0 is fetched (and checked) with the control
   * segment by the send prefetcher, the other segments by the control FSM */
  if (bad != B_NONE && nic_rng_pct(&s->rng, 30)) nseg = s->p.seg_min;
  int L = rnd(s, s->p.len_min, s->p.len_max);
  if (L < nseg) L = nseg;
  d->nseg = (uint32_t)nseg;
  d->total = (uint32_t)L;
  /* split L into nseg positive parts */
  uint32_t left = (uint32_t)L;
  for (int i = 0; i < nseg; i++) {
    uint32_t rest = (uint32_t)(nseg - 1 - i);
    uint32_t part = i == nseg - 1 ? left : 1 + (uint32_t)nic_rng_below(&s->rng, left - rest);
    if (i < nseg - 1 && nic_rng_pct(&s->rng, 50)) part = 1 + (left - rest - 1) / (uint32_t)(nseg - i);
    d->seg[i].len = part;
    left -= part;
  }
  uint32_t cursor = base + 512;
  for (int i = 0; i < nseg; i++) {
    cursor += s->p.align8 ? 0 : (uint32_t)rnd(s, 0, 15);
    if (s->p.align8) cursor = (cursor + 7) & ~7u;
    d->seg[i].lo = cursor;
    cursor += d->seg[i].len;
  }
  d->segcnt = (uint32_t)nseg;
  d->len_field = kind == 0 ? (uint32_t)L : (uint32_t)nic_rng_next(&s->rng);
  int k = nic_rng_pct(&s->rng, 40) ? 0 : rnd(s, 0, nseg - 1);  /* the segment a segment error hits */
  switch (bad) {
    case B_FMT0: d->segcnt = 0; break;
    case B_FMTBIG: d->segcnt = nic_rng_pct(&s->rng, 50) ? MAX_SEGS + 1 : (uint32_t)rnd(s, MAX_SEGS + 1, 40); break;
    case B_LEN0: d->len_field = 0; break;
    case B_LENMIS: d->len_field = (uint32_t)L + (nic_rng_pct(&s->rng, 50) && L > 1 ? -1u : (uint32_t)rnd(s, 1, 100)); break;
    case B_LENBIG: d->len_field = 0x10000u + (nic_rng_pct(&s->rng, 50) ? 0 : (uint32_t)rnd(s, 0, 0xFFFFF)); break;
    case B_SEGZERO: d->seg[k].len = 0; break;
    case B_SEGBIG:
      if (kind == 1 && nic_rng_pct(&s->rng, 50)) {
        /* good receive descriptor with one 65535-byte buffer (messages are <= MAXMSG bytes) */
        d->segcnt = d->nseg = 1;
        d->seg[0].len = 0xFFFF;
        d->total = 0xFFFF;
      } else d->seg[k].len = 0x10000u + (nic_rng_pct(&s->rng, 50) ? 0 : (uint32_t)rnd(s, 0, 100));
      break;
    case B_ADDRHI: d->seg[k].hi = (uint32_t)rnd(s, 1, 0xFFFF); break;
    case B_ADDRRANGE:
      if (nic_rng_pct(&s->rng, 50)) d->seg[k].lo = LIMIT_RESET - (uint32_t)rnd(s, 0, 16) + (uint32_t)rnd(s, 0, 3);
      else d->seg[k].lo = 0x80000000u + (uint32_t)rnd(s, 0, 1000);
      if ((uint64_t)d->seg[k].lo + d->seg[k].len <= s->e_limit) d->seg[k].len += 32;
      break;
    case B_DUNAL: d->addr += (uint32_t)rnd(s, 1, 7); break;
    case B_DRANGE: d->addr = (nic_rng_pct(&s->rng, 50) ? s->e_limit : 0x40000000u) + 8u * (uint32_t)rnd(s, 0, 100); break;
    case B_TOPGOOD:
      d->addr = MEM_SIZE - 48;
      d->segcnt = d->nseg = 1;
      d->seg[0].len = (uint32_t)L;
      d->total = (uint32_t)L;
      break;
    case B_TABLE: /* boundary cases at the top of host memory (special slot) */
      switch (rnd(s, 0, 5)) {
        case 0: d->addr = MEM_SIZE - 32; d->segcnt = (uint32_t)rnd(s, 1, 4); break; /* table beyond */
        case 1: d->addr = MEM_SIZE - 40; d->segcnt = 1; break;                     /* no speculation, table beyond */
        case 2: /* good: segment list ends exactly at the limit (speculation at the boundary) */
          d->addr = MEM_SIZE - 48;
          d->segcnt = d->nseg = 1;
          d->seg[0].len = (uint32_t)L;
          break;
        case 3: /* good: last buffer ends exactly at the limit */
          d->seg[nseg - 1].lo = MEM_SIZE - d->seg[nseg - 1].len;
          break;
        case 4: /* last buffer one byte beyond the limit */
          d->seg[nseg - 1].lo = MEM_SIZE + 1 - d->seg[nseg - 1].len;
          break;
        default: d->addr = MEM_SIZE - 24; break; /* descriptor address beyond */
      }
      break;
    default: break;
  }
  d->daddr_bad = ref_daddr_bad(d->addr, s->e_limit);
  d->exp_err = d->daddr_bad ? 0 : ref_errs(d, s->e_limit);
  if (!d->daddr_bad) {
    /* control segment: Next, NextHandle/SegCount/Control, Reserved/ImmediateData, Length/Status */
    sw_wr64(s, d->addr, nic_rng_next(&s->rng));
    sw_wr64(s, d->addr + 8, (nic_rng_next(&s->rng) & 0xFFFF0000FFFFFFFFull) | (uint64_t)(d->segcnt & 0xFFFF) << 32);
    sw_wr64(s, d->addr + 16, nic_rng_next(&s->rng));
    sw_wr64(s, d->addr + 24, (nic_rng_next(&s->rng) & 0xFFFFFFFF00000000ull) | d->len_field);
    for (uint32_t i = 0; i < d->segcnt && i < MAX_SEGS && d->addr + 48 + 16 * i <= MEM_SIZE; i++) {
        sw_wr64(s, d->addr + 32 + 16 * i, (uint64_t)d->seg[i].hi << 32 | d->seg[i].lo);
        sw_wr64(s, d->addr + 40 + 16 * i, (uint64_t)d->seg[i].len << 32 | (nic_rng_next(&s->rng) & 0xFFFFFFFFu));
      }
  }
  if (kind == 0 && !d->exp_err && !d->daddr_bad) {
    uint32_t p = 0;
    for (uint32_t i = 0; i < d->segcnt; i++)
      for (uint32_t j = 0; j < d->seg[i].len; j++) {
        uint8_t v = (uint8_t)nic_rng_next(&s->rng);
        sw_wr8(s, d->seg[i].lo + j, v);
        d->msg[p++] = v;
      }
    d->msglen = p;
  }
  return d;
}

static void free_desc(desc_t *d) { d->used = 0; }

static int q_count(const st_t *s, int ring) { return s->qn[ring]; }
static int q_count_before(const st_t *s, int ring, uint64_t cyc) {
  int n = 0;
  for (int i = 0; i < s->qn[ring]; i++)
    if (s->q[ring][(s->qh[ring] + i) % QCAP]->post_cycle <= cyc) n++;
  return n;
}
static void q_push(st_t *s, int ring, desc_t *d) {
  s->q[ring][(s->qh[ring] + s->qn[ring]) % QCAP] = d;
  s->qn[ring]++;
}
static desc_t *q_pop(st_t *s, int ring) {
  if (!s->qn[ring]) return NULL;
  desc_t *d = s->q[ring][s->qh[ring]];
  s->qh[ring] = (s->qh[ring] + 1) % QCAP;
  s->qn[ring]--;
  return d;
}

static void csr_push(st_t *s, int we, uint32_t addr, uint32_t wdata, desc_t *d) {
  if (s->cqn == 64) return;
  csrop_t *o = &s->cq[(s->cqh + s->cqn) % 64];
  o->we = we;
  o->addr = addr;
  o->wdata = wdata;
  o->d = d;
  s->cqn++;
}

static int post(st_t *s, int kind, int vi, int bad) {
  desc_t *d = build_desc(s, kind, vi, bad);
  if (!d) return 0;
  csr_push(s, 1, 0x040u + 4u * (uint32_t)d->ring, d->addr, d);
  return 1;
}

/* ------------------------------------------------------------------ modes */
static void set_mode(st_t *s, const char *mode) {
  prm_t *p = &s->p;
  memset(p, 0, sizeof(*p));
  p->seg_min = 1; p->seg_max = 4; p->len_min = 1; p->len_max = 600;
  p->lat_min = 1; p->lat_max = 12; p->rdy_min = 40; p->rdy_max = 100;
  p->trdy_min = 30; p->trdy_max = 100; p->rxv_pct = 80;
  p->budget_desc = 60; p->budget_rx = 0; p->max_q = 12; p->p_rxmsg = 50;
  if (!strcmp(mode, "random")) {
    s->mode = 0;
    p->p_send = 20; p->p_recv = 20; p->seg_max = 16; p->len_max = 1500;
    p->p_bad = 12; p->p_badvi = 3; p->p_trunc = 15; p->p_txerr = 10; p->p_reset = 10;
    p->p_csr = 40; p->budget_desc = -1; p->budget_rx = -1; p->max_q = 15; p->lat_max = 30;
    p->rdy_min = 10; p->trdy_min = 10; p->rxv_pct = 70; p->p_rxmsg = 4;
  } else if (!strcmp(mode, "send_single")) {
    s->mode = 1;
    p->p_send = 1000; p->seg_max = 1; p->len_max = 300; p->single = 1; p->budget_desc = 40;
    p->lat_min = p->lat_max = 8; p->rdy_min = p->rdy_max = 100; p->trdy_min = p->trdy_max = 100;
  } else if (!strcmp(mode, "send_sg")) {
    s->mode = 2;
    p->p_send = 60; p->seg_min = 2; p->seg_max = 16; p->len_max = 2000; p->budget_desc = 80;
  } else if (!strcmp(mode, "recv_single")) {
    s->mode = 3;
    p->p_recv = 60; p->seg_max = 1; p->need_desc = 1; p->budget_rx = 60;
  } else if (!strcmp(mode, "recv_sg")) {
    s->mode = 4;
    p->p_recv = 60; p->seg_min = 2; p->seg_max = 16; p->len_max = 2000; p->need_desc = 1;
    p->budget_rx = 80; p->budget_desc = 80;
  } else if (!strcmp(mode, "bad_desc")) {
    s->mode = 5;
    p->p_send = 40; p->p_recv = 40; p->seg_max = 16; p->p_bad = 60; p->need_desc = 1;
    p->budget_desc = 150; p->budget_rx = 75; p->p_txerr = 30;
  } else if (!strcmp(mode, "no_desc")) {
    s->mode = 6;
    p->p_recv = 5; p->p_badvi = 20; p->budget_desc = 10; p->budget_rx = 60; p->p_rxmsg = 100;
  } else if (!strcmp(mode, "trunc")) {
    s->mode = 7;
    p->p_recv = 60; p->seg_max = 6; p->need_desc = 1; p->p_trunc = 70; p->budget_rx = 60;
  } else if (!strcmp(mode, "doorbell_full")) {
    s->mode = 8;
    p->budget_desc = 0; p->budget_rx = 0; p->seg_max = 3; p->len_max = 200; p->need_desc = 1;
  } else if (!strcmp(mode, "backpressure")) {
    s->mode = 9;
    p->p_send = 30; p->p_recv = 30; p->seg_max = 16; p->len_max = 1200; p->need_desc = 1;
    p->lat_min = 1; p->lat_max = 40; p->rdy_min = 5; p->rdy_max = 40; p->trdy_min = 5;
    p->trdy_max = 40; p->rxv_pct = 30; p->budget_desc = 60; p->budget_rx = 30; p->p_trunc = 20;
  } else if (!strcmp(mode, "csr")) {
    s->mode = 10;
    p->budget_desc = 0; p->budget_rx = 0; p->need_desc = 1; p->seg_max = 4; p->len_max = 300;
  } else {
    s->mode = -1;
  }
  if (p->need_desc) p->budget_rx = -1; /* a message for every posted receive descriptor */
}

void *comet_via_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  set_mode(s, mode);
  if (s->mode < 0) { free(s); return NULL; }
  nic_rng_seed(&s->rng, seed);
  s->pool = calloc(NSLOT + 1, sizeof(desc_t));
  nic_hostmem_init(&s->hm, MEM_SIZE, seed);
  s->shadow = malloc(MEM_SIZE);
  memcpy(s->shadow, s->hm.mem, MEM_SIZE);
  s->budget_desc = s->p.budget_desc;
  s->budget_rx = s->p.budget_rx;
  s->lat_min = ~0ull;
  s->last_tx_vi = NVI - 1;
  /* optional: memory latency of send_single (figure for docs/reference/comet_via.md) */
  const char *lat = getenv("COMET_VIA_LAT");
  if (lat && s->mode == 1) s->p.lat_min = s->p.lat_max = atoi(lat) < 1 ? 1 : atoi(lat);
  return s;
}

void comet_via_stim_free(void *p) {
  st_t *s = p;
  nic_hostmem_free(&s->hm);
  free(s->shadow);
  free(s->pool);
  free(s);
}

static void ref_reset(st_t *s) {
  memset(s->e_cnt, 0, sizeof(s->e_cnt));
  memset(s->e_send, 0, sizeof(s->e_send));
  memset(s->e_recv, 0, sizeof(s->e_recv));
  s->ncpend = 0;
  s->e_status = 0; s->e_irq_en = 0; s->e_en = 1; s->e_limit = LIMIT_RESET;
  for (int r = 0; r < NUM_DB; r++) {
    while (s->qn[r]) free_desc(q_pop(s, r));
  }
  s->sysn[0] = s->sysn[1] = 0;
  while (s->ninfl) free_desc(s->infl[--s->ninfl]);
  s->cqn = 0;
  s->rd_pend = 0;
  if (s->csr_p.db_desc) free_desc(s->csr_p.db_desc); /* the request stage is reset: dropped */
  memset(&s->csr_p, 0, sizeof(s->csr_p));
  s->csr_p.db_ring = -1;
  s->txn = 0; s->txd_n = 0;
  s->rx_active = 0; s->rx_valid = 0; s->rx_bound = 0;
  s->prev_state = CV_S_IDLE;
  s->prev2_state = CV_S_IDLE;
  s->prev_pf = CV_P_IDLE;
  s->npf = 0;
  s->pd_refused = 0;
  s->last_tx_vi = NVI - 1;
  s->clr_cycle_valid = 0;
  nic_hostmem_flush(&s->hm);
}

static int all_done(const st_t *s) {
  for (int r = 0; r < NUM_DB; r++)
    if (s->qn[r]) return 0;
  return !s->ninfl && !s->rx_active && !s->txd_n && !s->cqn && !s->rd_pend && !s->csr_c.v && !s->csr_p.v;
}

/* ------------------------------------------------------------------ directed scripts */
static int script_doorbell_full(st_t *s) {
  /* EN=0; 20 posts to VI1 send and VI2 recv and to system doorbell 0 (4 refused each);
   * SYS_POP all of doorbell 0; EN=1; all posted descriptors complete; messages for VI2. */
  switch (s->script) {
    case 0: csr_push(s, 1, 0x010, 0, NULL); s->script++; break;
    case 1:
      if (s->cqn) break;
      for (int i = 0; i < 20; i++) {
        post(s, 0, 1, B_NONE);
        post(s, 1, 2, B_NONE);
        csr_push(s, 1, 0x040, 0x1000u + (uint32_t)i, NULL);
      }
      s->script++;
      break;
    case 2:
      if (s->cqn) break;
      for (int i = 0; i < 18; i++) csr_push(s, 0, 0x060, 0, NULL);
      csr_push(s, 0, 0x0B4, 0, NULL);
      csr_push(s, 0, 0x014, 0, NULL);
      csr_push(s, 1, 0x014, 0x10, NULL);
      csr_push(s, 1, 0x010, 1, NULL);
      s->script++;
      break;
    default: return s->cqn == 0;
  }
  return 0;
}

static int script_csr(st_t *s) {
  static const uint32_t regs[] = {0x000, 0x004, 0x008, 0x00C, 0x010, 0x014, 0x018, 0x01C, 0x020,
                                  0x040, 0x044, 0x05C, 0x060, 0x064, 0x068, 0x080, 0x084, 0x088,
                                  0x08C, 0x090, 0x098, 0x0A0, 0x0C8, 0x0CC, 0xFFC, 0x800};
  switch (s->script) {
    case 0:
      for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) csr_push(s, 0, regs[i], 0, NULL);
      csr_push(s, 1, 0x018, 0xFFFFFFFFu, NULL);
      csr_push(s, 0, 0x018, 0, NULL);
      csr_push(s, 1, 0x01C, 0x12345678u, NULL);
      csr_push(s, 0, 0x01C, 0, NULL);
      csr_push(s, 1, 0x01C, LIMIT_RESET, NULL);
      csr_push(s, 1, 0x000, 0xFFFFFFFFu, NULL); /* RO: ignored */
      csr_push(s, 0, 0x000, 0, NULL);
      csr_push(s, 1, 0x040, 0xABCD0000u, NULL);
      csr_push(s, 1, 0x044, 0x00001238u, NULL);
      csr_push(s, 1, 0x040, 0xABCD0008u, NULL);
      csr_push(s, 0, 0x040, 0, NULL);
      csr_push(s, 0, 0x044, 0, NULL);
      csr_push(s, 0, 0x060, 0, NULL);
      csr_push(s, 0, 0x064, 0, NULL);
      csr_push(s, 0, 0x064, 0, NULL); /* empty: 0 */
      csr_push(s, 0, 0x060, 0, NULL);
      csr_push(s, 0, 0x060, 0, NULL);
      s->script++;
      break;
    case 1:
      if (s->cqn) break;
      /* traffic with IRQ enabled: send + recv on every VI */
      csr_push(s, 1, 0x018, 0x03, NULL);
      for (int v = 0; v < NVI; v++) {
        post(s, 0, v, B_NONE);
        post(s, 1, v, B_NONE);
      }
      s->script++;
      break;
    case 2:
      if (!all_done(s)) break;
      for (int i = 0; i < 3; i++) { csr_push(s, 0, 0x080 + 4u * (uint32_t)i, 0, NULL); csr_push(s, 0, 0x090 + 4u * (uint32_t)i, 0, NULL); }
      for (int i = 0; i < COMET_VIA_NCNT; i++) csr_push(s, 0, 0x0A0 + 4u * (uint32_t)i, 0, NULL);
      csr_push(s, 0, 0x014, 0, NULL);
      csr_push(s, 1, 0x014, 0x01, NULL); /* W1C send done: irq stays (recv done) */
      csr_push(s, 0, 0x014, 0, NULL);
      csr_push(s, 1, 0x014, 0x7F, NULL);
      csr_push(s, 0, 0x014, 0, NULL);
      /* lower the host limit: descriptors/segments above it get ADDRESS / DESC_ADDR */
      csr_push(s, 1, 0x01C, 0x00080000u, NULL);
      s->script++;
      break;
    case 3:
      if (s->cqn) break;
      s->e_limit = 0x00080000u; /* used by build_desc for expectations */
      for (int i = 0; i < 6; i++) post(s, i & 1, i % 3, B_NONE);
      s->script++;
      break;
    case 4:
      if (!all_done(s)) break;
      csr_push(s, 1, 0x01C, LIMIT_RESET, NULL);
      csr_push(s, 1, 0x018, 0x7F, NULL);
      csr_push(s, 1, 0x010, 0x3, NULL); /* CNT_CLR, EN stays 1 */
      for (int i = 0; i < COMET_VIA_NCNT; i++) csr_push(s, 0, 0x0A0 + 4u * (uint32_t)i, 0, NULL);
      csr_push(s, 0, 0x080, 0, NULL);
      csr_push(s, 1, 0x010, 0x0, NULL);
      csr_push(s, 0, 0x010, 0, NULL);
      s->script++;
      break;
    case 5:
      if (s->cqn) break;
      post(s, 0, 0, B_NONE); /* stays pending while disabled */
      s->script_t = s->cycle;
      s->script++;
      break;
    case 6:
      if (s->cycle < s->script_t + 200) break;
      csr_push(s, 0, 0x048, 0, NULL);
      csr_push(s, 1, 0x010, 0x1, NULL);
      s->script++;
      break;
    case 7:
      /* SYS_POP reads while the engine pops its own doorbells (RAM read port priority) */
      if (!all_done(s)) break;
      for (int i = 0; i < 16; i++) csr_push(s, 1, 0x040 + 4u * (uint32_t)(i & 1), 0x5000u + (uint32_t)i, NULL);
      post(s, 0, 1, B_NONE);
      for (int i = 0; i < 5; i++) csr_push(s, 0, 0x060 + 4u * (uint32_t)(i & 1), 0, NULL);
      s->script++;
      break;
    case 8:
      if (!all_done(s)) break;
      post(s, 0, 2, B_NONE);
      for (int i = 0; i < 12; i++) csr_push(s, 0, 0x060 + 4u * (uint32_t)(i & 1), 0, NULL);
      s->script++;
      break;
    /* HOST_LIMIT raised while a receive is between its doorbell check and its control check:
     * the descriptor (MEM_SIZE - 48, one segment) passes the address check under the lowered
     * limit but segment 0 is not fetched with the control segment (descriptor + 48 > limit);
     * the raise makes the control check pass, so segment 0 comes in S_SEG, and the walker's
     * start must wait for its (one cycle late) segment RAM write */
    case 9:
      if (!all_done(s)) break;
      csr_push(s, 1, 0x01C, MEM_SIZE - 8, NULL);
      s->script++;
      break;
    case 10:
      if (s->cqn || s->e_limit != MEM_SIZE - 8) break;
      {
        uint32_t l = s->e_limit;
        s->e_limit = LIMIT_RESET; /* the expectations: checked under the raised limit */
        post(s, 1, 0, B_TOPGOOD);
        s->e_limit = l;
      }
      s->script++;
      break;
    case 11:
      /* driven in the receive's S_DB_CHK cycle, acted on in its first S_CTL cycle */
      if (s->prev_state != CV_S_DB_WAIT) break;
      csr_push(s, 1, 0x01C, LIMIT_RESET, NULL);
      s->cov_limraise++;
      s->script++;
      break;
    default: return all_done(s);
  }
  return 0;
}

/* ------------------------------------------------------------------ next */
static void gen_traffic(st_t *s) {
  prm_t *p = &s->p;
  if (s->cqn) return;
  int can_desc = s->budget_desc != 0;
  if (p->single && !(all_done(s) && s->prev_state == CV_S_IDLE && s->idle_cycles > 3)) can_desc = 0;
  if (can_desc && p->p_send && pm(s, p->p_send)) {
    int vi = rnd(s, 0, NVI - 1);
    int maxq = (s->mode == 0 && pm(s, 20)) ? 20 : p->max_q;
    if (q_count(s, 2 + 2 * vi) < maxq) {
      int bad = nic_rng_pct(&s->rng, (unsigned)p->p_bad) ? (nic_rng_pct(&s->rng, 25) ? B_TABLE : rnd(s, 1, B_NTYPES - 1)) : B_NONE;
      if (post(s, 0, vi, bad) && s->budget_desc > 0) s->budget_desc--;
    }
  } else if (can_desc && p->p_recv && pm(s, p->p_recv)) {
    int vi = rnd(s, 0, NVI - 1);
    int maxq = (s->mode == 0 && pm(s, 20)) ? 20 : p->max_q;
    if (q_count(s, 3 + 2 * vi) < maxq) {
      int bad = nic_rng_pct(&s->rng, (unsigned)p->p_bad) ? (nic_rng_pct(&s->rng, 25) ? B_TABLE : rnd(s, 1, B_NTYPES - 1)) : B_NONE;
      if (post(s, 1, vi, bad) && s->budget_desc > 0) s->budget_desc--;
    }
  } else if (p->p_csr && pm(s, p->p_csr)) {
    static const uint32_t regs[] = {0x000, 0x004, 0x008, 0x010, 0x014, 0x018, 0x01C, 0x040,
                                    0x048, 0x04C, 0x050, 0x058, 0x060, 0x064, 0x080, 0x084,
                                    0x088, 0x090, 0x094, 0x098, 0x0A0, 0x0A4, 0x0A8, 0x0AC,
                                    0x0B0, 0x0B4, 0x0B8, 0x0BC, 0x0C0, 0x0C4, 0x0C8, 0x100};
    int r = rnd(s, 0, 99);
    if (r < 70) csr_push(s, 0, regs[rnd(s, 0, (int)(sizeof(regs) / sizeof(regs[0])) - 1)], 0, NULL);
    else if (r < 78) csr_push(s, 1, 0x018, (uint32_t)nic_rng_next(&s->rng), NULL);
    else if (r < 86) csr_push(s, 1, 0x014, (uint32_t)nic_rng_next(&s->rng), NULL);
    else if (r < 90) csr_push(s, 1, 0x010, 1u | (nic_rng_pct(&s->rng, 30) ? 2u : 0u), NULL);
    else if (r < 95) csr_push(s, 1, 0x040u + 4u * (uint32_t)rnd(s, 0, 1), (uint32_t)nic_rng_next(&s->rng), NULL);
    else if (r < 97) { csr_push(s, 1, 0x010, 0, NULL); csr_push(s, 0, 0x048, 0, NULL); csr_push(s, 1, 0x010, 1, NULL); }
    else csr_push(s, 1, 0x008, 0, NULL);
  }
}

static void gen_rx(st_t *s) {
  prm_t *p = &s->p;
  if (s->rx_active || !pm(s, p->p_rxmsg)) return;
  int vi = rnd(s, 0, NVI - 1);
  int need = p->need_desc;
  if (s->budget_rx == 0) {
    /* out of budget: only messages that consume the receive descriptors still posted */
    if (s->mode == 0) return;
    int any = 0;
    for (int v = 0; v < NVI; v++) any |= s->qn[3 + 2 * v] != 0;
    if (!any) return;
    need = 1;
  } else if (p->p_badvi && nic_rng_pct(&s->rng, (unsigned)p->p_badvi)) vi = 3;
  uint32_t len = (uint32_t)rnd(s, p->len_min, p->len_max);
  if (vi < NVI) {
    int ring = 3 + 2 * vi;
    if (need && q_count_before(s, ring, s->cycle - 4) == 0) return;
    if (s->qn[ring]) {
      const desc_t *d = s->q[ring][s->qh[ring]];
      if (d->total) {
        if (p->p_trunc && nic_rng_pct(&s->rng, (unsigned)p->p_trunc)) len = d->total + (uint32_t)rnd(s, 1, 200);
        else if (need || nic_rng_pct(&s->rng, 80)) len = 1 + (uint32_t)nic_rng_below(&s->rng, d->total);
      }
    }
  }
  if (len > MAXMSG) len = MAXMSG;
  s->rx_active = 1;
  s->rx_vi = vi;
  s->rx_len = len;
  s->rx_pos = 0;
  s->rx_valid = 0;
  s->rx_bound = 0;
  for (uint32_t i = 0; i < len; i++) s->rx_msg[i] = (uint8_t)nic_rng_next(&s->rng);
  if (s->budget_rx > 0) s->budget_rx--;
}

int comet_via_stim_next(void *pv, uint64_t cycle, const comet_via_out_t *prev, comet_via_in_t *in) {
  st_t *s = pv;
  prm_t *p = &s->p;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  if (s->phase_left-- <= 0) {
    nic_hostmem_set(&s->hm, (uint32_t)p->lat_min, (uint32_t)rnd(s, p->lat_min, p->lat_max),
                    (uint32_t)rnd(s, p->rdy_min, p->rdy_max));
    s->trdy = rnd(s, p->trdy_min, p->trdy_max);
    s->phase_left = rnd(s, 50, 3000);
  }
  int rst = cycle < 3;
  if (s->rst_left > 0) { rst = 1; s->rst_left--; }
  else if (cycle > 100 && p->p_reset && (int)nic_rng_below(&s->rng, 1000000) < p->p_reset) {
    rst = 1;
    s->rst_left = rnd(s, 0, 3);
    s->n_resets++;
  }
  in->rst_ni = !rst;
  /* the request driven in the previous cycle moves to the DUT's request stage */
  s->csr_p = s->csr_c;
  memset(&s->csr_c, 0, sizeof(s->csr_c));
  s->csr_c.db_ring = -1;

  /* directed end / scripts */
  if (s->mode != 0 && !rst) {
    int done = 0;
    if (s->mode == 8) done = script_doorbell_full(s);
    else if (s->mode == 10) done = script_csr(s);
    else done = s->budget_desc == 0 && s->budget_rx <= 0;
    if (done && all_done(s) && s->prev_state == CV_S_IDLE && s->idle_cycles > 30) {
      if (s->mode != 8 && s->mode != 10) return 0;
      return 0;
    }
    if (cycle > 3000000) {
      fail(s, "directed mode did not finish (%llu, %llu)", (unsigned long long)s->budget_desc, (unsigned long long)s->budget_rx);
      return 0;
    }
  }
  if (!rst) {
    gen_traffic(s);
    gen_rx(s);
  }

  /* host memory */
  int rdy, rv;
  uint64_t rd;
  nic_hostmem_drive(&s->hm, cycle, &rdy, &rv, &rd);
  in->dma_req_ready_i = (uint64_t)rdy;
  in->dma_rsp_valid_i = (uint64_t)rv;
  in->dma_rsp_rdata_i = rd;
  /* CSR */
  if (!rst && s->cqn && (s->mode != 0 || nic_rng_pct(&s->rng, 70))) {
    csrop_t *o = &s->cq[s->cqh];
    s->cqh = (s->cqh + 1) % 64;
    s->cqn--;
    in->csr_req_i = 1;
    in->csr_we_i = (uint64_t)o->we;
    in->csr_addr_i = o->addr;
    in->csr_wdata_i = o->wdata;
    s->csr_c.v = 1;
    s->csr_c.we = o->we;
    s->csr_c.rd = !o->we;
    s->csr_c.addr = o->addr;
    s->csr_c.wdata = o->wdata;
    if (o->we && o->addr >= 0x040 && o->addr < 0x060) {
      s->csr_c.db_ring = (int)(o->addr - 0x040) / 4;
      s->csr_c.db_desc = o->d;
      /* (queued in the reference ring when the DUT acts on the write, next cycle; the latency
       * is measured from this, the software's doorbell write) */
      if (o->d) o->d->post_cycle = cycle;
    }
  } else {
    in->csr_addr_i = nic_rng_next(&s->rng) & 0xFFF;
    in->csr_wdata_i = nic_rng_next(&s->rng) & 0xFFFFFFFFu;
    in->csr_we_i = nic_rng_next(&s->rng) & 1;
  }
  /* tx datapath */
  in->m_axis_tx_tready = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->trdy);
  if (s->txd_n && !rst) {
    if (s->txd_wait[s->txd_h]-- <= 0) {
      in->tx_done_valid_i = 1;
      in->tx_done_code_i = s->txd_code[s->txd_h];
      s->txd_h = (s->txd_h + 1) % 16;
      s->txd_n--;
    }
  }
  if (!in->tx_done_valid_i) in->tx_done_code_i = nic_rng_next(&s->rng) & 15;
  /* random mode: stray completion pulses while no send can be waiting (must be ignored) */
  if (s->mode == 0 && !rst && prev && !s->txd_n && !s->txn && nic_rng_pct(&s->rng, 1))
    in->tx_done_valid_i = 1;
  /* rx datapath */
  if (s->rx_active && !s->rx_valid && nic_rng_pct(&s->rng, (unsigned)p->rxv_pct)) s->rx_valid = 1;
  in->s_axis_rx_tuser = s->rx_active ? (uint64_t)s->rx_vi : nic_rng_next(&s->rng) & 3;
  if (s->rx_active && s->rx_valid) {
    uint32_t n = s->rx_len - s->rx_pos;
    if (n > 8) n = 8;
    uint64_t d = 0;
    for (uint32_t i = 0; i < n; i++) d |= (uint64_t)s->rx_msg[s->rx_pos + i] << (8 * i);
    in->s_axis_rx_tvalid = 1;
    in->s_axis_rx_tdata = d;
    in->s_axis_rx_tkeep = (1u << n) - 1;
    in->s_axis_rx_tcnt = n;   /* the byte count sideband (comet_engine's r2v slice) */
    in->s_axis_rx_tlast = s->rx_pos + n == s->rx_len;
    s->rx_beat_n = n;
  } else {
    in->s_axis_rx_tdata = nic_rng_next(&s->rng);
    in->s_axis_rx_tkeep = nic_rng_next(&s->rng) & 0xFF;
    in->s_axis_rx_tcnt = nic_rng_next(&s->rng) & 15;   /* don't care while not valid */
    in->s_axis_rx_tlast = nic_rng_next(&s->rng) & 1;
  }
  s->in = *in;
  return 1;
}

/* ------------------------------------------------------------------ check */
static uint32_t ref_csr_read(st_t *s, uint32_t a, int *check) {
  *check = 1;
  switch (a) {
    case 0x000: return 0x43564941u;
    case 0x004: return 0x00010000u;
    case 0x008: return (uint32_t)NVI << 24 | MAX_SEGS << 16 | DB_DEPTH << 8 | NUM_DB;
    case 0x010: return s->e_en;
    case 0x014: return s->e_status;
    case 0x018: return s->e_irq_en;
    case 0x01C: return s->e_limit;
    case 0x040: return (uint32_t)s->sysn[0];
    case 0x044: return (uint32_t)s->sysn[1];
    case 0x060:
    case 0x064: {
      int k = (int)(a - 0x060) / 4;
      if (!s->sysn[k]) return 0;
      uint32_t v = s->sysq[k][s->sysh[k]];
      s->sysh[k] = (s->sysh[k] + 1) % QCAP;
      s->sysn[k]--;
      return v;
    }
    default: break;
  }
  if (a >= 0x048 && a < 0x060) { *check = 0; return 0; }
  if (a >= 0x080 && a < 0x080 + 4 * NVI) return s->e_send[(a - 0x080) / 4];
  if (a >= 0x090 && a < 0x090 + 4 * NVI) return s->e_recv[(a - 0x090) / 4];
  if (a >= 0x0A0 && a < 0x0A0 + 4 * COMET_VIA_NCNT) return s->e_cnt[(a - 0x0A0) / 4];
  return 0xDEADBEEFu;
}

/* an event at an edge is added to its counter at the next edge (the RTL registers the events,
 * cinc_q); a counter clear at that next edge wins over it */
static void ev_count(st_t *s, int idx, uint32_t add, int edge_is_prev) {
  if (s->ncpend >= 64) {
    fail(s, "scoreboard: more than 64 counter events pending", 0, 0);
    return;
  }
  s->cpend[s->ncpend].edge = (edge_is_prev ? s->cycle - 1 : s->cycle) + 1;
  s->cpend[s->ncpend].idx = idx;
  s->cpend[s->ncpend].add = add;
  s->ncpend++;
}
/* the pending events added at edges before this cycle */
static void ev_apply(st_t *s) {
  int k = 0;
  for (int i = 0; i < s->ncpend; i++) {
    if (s->cpend[i].edge < s->cycle) {
      if (!(s->clr_cycle_valid && s->clr_cycle == s->cpend[i].edge))
        s->e_cnt[s->cpend[i].idx] += s->cpend[i].add;
    } else {
      s->cpend[k++] = s->cpend[i];
    }
  }
  s->ncpend = k;
}

/* a doorbell pop the engine did at the previous edge: the reference ring's head. Accepted: in
 * flight from now on (returned). Rejected: must be a bad address; counted (CNT_DESC_ADDR,
 * STATUS.DESC_ADDR) and freed (NULL). */
static desc_t *pop_checked(st_t *s, int ring, int accepted) {
  desc_t *d = q_pop(s, ring);
  if (!d) {
    fail(s, "doorbell pop from empty reference ring %llu", ring, 0);
    return NULL;
  }
  if (accepted) {
    if (d->daddr_bad) fail(s, "descriptor at bad address 0x%llx accepted", d->addr, 0);
    if (s->ninfl >= 16) fail(s, "more than 16 descriptors in flight", 0, 0);
    else s->infl[s->ninfl++] = d;
    return d;
  }
  if (!d->daddr_bad) fail(s, "good descriptor 0x%llx rejected as bad address", d->addr, 0);
  ev_count(s, CV_C_DADDR, 1, 1);
  s->e_status |= 0x40;
  s->n_daddr++;
  free_desc(d);
  return NULL;
}

static void complete(st_t *s, desc_t *d, uint64_t w) {
  uint32_t st, len;
  if (d->exp_err) {
    st = 1u | d->exp_err << 1;
    len = 0;
  } else if (d->kind == 0) {
    st = 1u | (d->tx_code ? (0x10u | d->tx_code << 8) : 0);
    len = d->len_field;
  } else {
    uint32_t n = d->msglen < d->total ? d->msglen : d->total;
    st = 1u | (d->msglen > d->total ? 0x20u : 0);
    len = n;
    uint32_t cnt = 0;
    for (uint32_t i = 0; i < n; i++) cnt += d->wr[i];
    if (cnt != n) fail(s, "recv completion: %llu of %llu bytes written", cnt, n);
    if (!d->has_msg) fail(s, "recv completion without a message", 0, 0);
  }
  uint64_t exp = (uint64_t)st << 32 | len;
  if (w != exp) fail(s, "status write: got 0x%llx expected 0x%llx", w, exp);
  sw_wr64(s, d->addr + 24, exp);
  if (st & 0x3E) s->e_status |= d->kind ? 8u : 4u;
  s->e_status |= d->kind ? 2u : 1u;
  if (!(s->clr_cycle_valid && s->clr_cycle == s->cycle)) {
    if (d->kind) s->e_recv[d->vi]++;
    else s->e_send[d->vi]++;
  }
  if (st & 2) ev_count(s, CV_C_FMT, 1, 0);
  if (st & 4) ev_count(s, CV_C_LEN, 1, 0);
  if (st & 8) ev_count(s, CV_C_ADDR, 1, 0);
  if (st & 0x10) ev_count(s, CV_C_TXERR, 1, 0);
  if (st & 0x20) ev_count(s, CV_C_TRUNC, 1, 0);
  ev_count(s, d->kind ? CV_C_RXB : CV_C_TXB, len, 0);
  if (st & 0x3E) s->n_err++;
  if (st & 0x20) s->n_trunc++;
  if (d->kind) s->n_recv++; else s->n_sent++;
  free_desc(d);
}

int comet_via_stim_check(void *pv, const comet_via_out_t *o) {
  st_t *s = pv;
  int before = s->fails;
  if (!o) {
    if (s->hm.oob_reads || s->hm.oob_writes || s->hm.q_overflow)
      fail(s, "DMA outside host memory: %llu reads, %llu writes", s->hm.oob_reads, s->hm.oob_writes);
    if (memcmp(s->shadow, s->hm.mem, MEM_SIZE)) {
      uint32_t i = 0;
      while (s->shadow[i] == s->hm.mem[i]) i++;
      fail(s, "host memory differs from the shadow at 0x%llx (0x%llx)", i, s->hm.mem[i]);
    }
    if (s->mode != 0 && !all_done(s)) fail(s, "descriptors/messages left over", 0, 0);
    if (s->mode != 0 && s->mode != 6 && s->mode != 10 && s->n_sent + s->n_recv == 0) fail(s, "nothing completed", 0, 0);
    fprintf(stderr,
            "comet_via: sent=%llu recv=%llu err=%llu trunc=%llu rx_drop=%llu desc_addr=%llu db_ovf=%llu csr_reads=%llu resets=%llu\n",
            (unsigned long long)s->n_sent, (unsigned long long)s->n_recv, (unsigned long long)s->n_err,
            (unsigned long long)s->n_trunc, (unsigned long long)s->n_drop, (unsigned long long)s->n_daddr,
            (unsigned long long)s->n_ovf, (unsigned long long)s->n_reads, (unsigned long long)s->n_resets);
    fprintf(stderr, "comet_via: coverage: sys_pop_vs_engine=%llu inflight_full=%llu rx_discard=%llu wb_stall=%llu\n",
            (unsigned long long)s->cov_pop_stall, (unsigned long long)s->cov_inflight_full,
            (unsigned long long)s->cov_rx_discard, (unsigned long long)s->cov_wb_stall);
    fprintf(stderr, "comet_via: coverage: fetch_while_streaming=%llu completion_queue_ge2=%llu\n",
            (unsigned long long)s->cov_prefetch, (unsigned long long)s->cov_cq2);
    if (s->mode == 10 && !s->cov_pop_stall) fail(s, "csr: SYS_POP never collided with the engine's doorbell read", 0, 0);
    if (s->mode == 10 && !s->cov_limraise) fail(s, "csr: HOST_LIMIT was never raised between a receive's checks", 0, 0);
    if (s->st_cycles)
      fprintf(stderr, "comet_via: tx streaming: %llu beats in %llu cycles from first to last beat (%.2f beats/cycle)\n",
              (unsigned long long)s->st_beats, (unsigned long long)s->st_cycles, (double)s->st_beats / (double)s->st_cycles);
    if (s->lat_n)
      fprintf(stderr, "comet_via: doorbell->first m_axis_tx beat latency: min %llu avg %.1f max %llu cycles (%llu samples, memory latency %d..%d)\n",
              (unsigned long long)s->lat_min, (double)s->lat_sum / (double)s->lat_n,
              (unsigned long long)s->lat_max, (unsigned long long)s->lat_n, s->p.lat_min, s->p.lat_max);
    return s->fails;
  }
  const comet_via_in_t *in = &s->in;
  if (!in->rst_ni) {
    ref_reset(s);
    return 0;
  }
  int st = (int)o->dbg_state_o, ps = s->prev_state;
  int op_rx = (int)(o->dbg_flags_o >> 6 & 1), has_desc = (int)(o->dbg_flags_o >> 5 & 1);
  int vi = (int)(o->dbg_vi_o & 3);
  s->idle_cycles = st == CV_S_IDLE ? s->idle_cycles + 1 : 0;
  ev_apply(s);

  /* ---- (1) decisions taken at the previous edge */
  if (ps == CV_S_IDLE && st != CV_S_IDLE && st != CV_S_WBS) {
    if (op_rx) {
      if (!s->rx_active || s->rx_pos) fail(s, "rx op started without a fresh message", 0, 0);
      else if (s->rx_vi != vi) fail(s, "rx op VI %llu, message tuser %llu", vi, s->rx_vi);
      int ring = 3 + 2 * s->rx_vi;
      int avail = s->rx_vi < NVI ? q_count_before(s, ring, s->cycle - 3) : 0;
      if (st == CV_S_DRAIN) {
        if (avail) fail(s, "message dropped although %llu descriptors were posted", avail, 0);
        ev_count(s, s->rx_vi >= NVI ? CV_C_BADVI : CV_C_NODESC, 1, 1);
        s->e_status |= 0x20;
        s->rx_bound = 1;
        s->n_drop++;
      } else if (st == CV_S_DB_RD) {
        if (!avail) fail(s, "rx op with no posted descriptor", 0, 0);
      } else fail(s, "unexpected state after IDLE: %llu", (unsigned long long)st, 0);
    } else {
      /* a send: the oldest prefetched descriptor goes to the control checks */
      if (st != CV_S_CTL || s->npf <= 0) fail(s, "send op with no prefetched descriptor (state %llu)", st, 0);
      else s->npf--;
    }
  }
  /* send descriptor prefetcher: doorbell choice (round robin) and pop */
  int pf = (int)(o->dbg_pf_o >> 5 & 7), pf_vi = (int)(o->dbg_pf_o >> 3 & 3), pps = s->prev_pf;
  if (pps == CV_P_IDLE && pf != CV_P_IDLE) {
    if (pf != CV_P_RD || !q_count_before(s, 2 + 2 * pf_vi, s->cycle - 3))
      fail(s, "prefetch on VI %llu with an empty send queue (state %llu)", pf_vi, pf);
    /* round-robin: every VI after the last served one and before pf_vi had nothing posted */
    for (int k = (s->last_tx_vi + 1) % NVI; k != pf_vi; k = (k + 1) % NVI)
      if (q_count_before(s, 2 + 2 * k, s->cycle - 3)) fail(s, "round-robin skipped VI %llu (served %llu)", k, pf_vi);
    s->last_tx_vi = pf_vi;
  }
  if (pps == CV_P_CHK) {
    if (pop_checked(s, 2 + 2 * pf_vi, pf == CV_P_ISS)) {
      s->npf++;
      if (s->npf > PF_SLOTS) fail(s, "more than %llu prefetched descriptors", PF_SLOTS, 0);
    } else if (pf != CV_P_ISS && pf != CV_P_IDLE) fail(s, "prefetcher state %llu after a bad address", pf, 0);
  }
  if (pf != CV_P_IDLE && op_rx && st != CV_S_IDLE && st != CV_S_WBS) fail(s, "prefetch during a receive", 0, 0);
  s->prev_pf = pf;
  /* S_DB_CHK registers the address check and always goes to S_CTL; the first S_CTL cycle acts
   * on it (a bad address leaves S_CTL at once, a good one stays: its reads are outstanding) */
  if (ps == CV_S_DB_CHK && st != CV_S_CTL) fail(s, "state %llu after S_DB_CHK", (unsigned long long)st, 0);
  if (ps == CV_S_CTL && s->prev2_state == CV_S_DB_CHK) {  /* the control FSM pops receive doorbells only */
    if (!op_rx) fail(s, "control FSM doorbell read for a send", 0, 0);
    desc_t *d = pop_checked(s, 3 + 2 * vi, st == CV_S_CTL);
    if (d) {
      if (s->rx_len > MAXMSG) fail(s, "rx len", 0, 0);
      memcpy(d->msg, s->rx_msg, s->rx_len);
      memset(d->wr, 0, sizeof(d->wr));
      d->msglen = s->rx_len;
      d->has_msg = 1;
      s->rx_bound = 2;
    } else if (st != CV_S_CTL) {
      if (!has_desc && st != CV_S_IDLE && st != CV_S_DRAIN) fail(s, "state after bad address", 0, 0);
      s->rx_bound = 1;
      s->n_drop++;
    }
  }
  s->prev2_state = ps;
  s->prev_state = st;
  if ((st == CV_S_DB_RD || pf == CV_P_RD) && s->csr_p.rd && (s->csr_p.addr == 0x060 || s->csr_p.addr == 0x064) &&
      (o->dbg_db_level_o >> (5 * (s->csr_p.addr == 0x064)) & 31))
    s->cov_pop_stall++;
  if (o->dbg_inflight_o == RSP_DEPTH) s->cov_inflight_full++;
  if (st == CV_S_RX && (o->dbg_flags_o & 2) && o->dbg_acc_cnt_o) s->cov_rx_discard++;
  if ((st == CV_S_WB || st == CV_S_WBS) && !in->dma_req_ready_i) s->cov_wb_stall++;
  if ((st == CV_S_CTL || st == CV_S_SEG) && o->m_axis_tx_tvalid) s->cov_prefetch++;
  if (s->ninfl >= 3) s->cov_cq2++;

  /* ---- (2) outputs that reflect the registers now */
  if (o->irq_o != ((s->e_status & s->e_irq_en) != 0)) fail(s, "irq_o %llu, status 0x%llx", o->irq_o, s->e_status);
  if (s->rd_pend) {
    if (!o->csr_ack_o) fail(s, "no csr ack", 0, 0);
    else if (s->rd_check && o->csr_rdata_o != s->rd_exp)
      fail(s, "CSR read 0x%llx: got 0x%llx", (unsigned long long)s->rd_addr << 32 | o->csr_rdata_o, s->rd_exp);
    s->rd_pend = 0;
  }
  if (s->csr_p.rd) {
    s->rd_pend = 1;
    s->rd_addr = s->csr_p.addr;
    s->rd_exp = ref_csr_read(s, s->rd_addr, &s->rd_check);
    s->n_reads++;
  }

  /* ---- (3) transfers of this cycle (take effect at this edge) */
  if (s->csr_p.v && s->csr_p.we) {
    uint32_t a = s->csr_p.addr, w = s->csr_p.wdata;
    if (s->csr_p.db_desc) {
      q_push(s, s->csr_p.db_ring, s->csr_p.db_desc);
      if (s->p.single) s->lat_armed = 1;
    }
    if (a == 0x010) {
      s->e_en = w & 1;
      if (w & 2) {
        memset(s->e_cnt, 0, sizeof(s->e_cnt));
        memset(s->e_send, 0, sizeof(s->e_send));
        memset(s->e_recv, 0, sizeof(s->e_recv));
        s->clr_cycle_valid = 1;
        s->clr_cycle = s->cycle;
      }
    }
    if (a == 0x014) s->e_status &= ~w & 0x7F;
    if (a == 0x018) s->e_irq_en = w & 0x7F;
    if (a == 0x01C) s->e_limit = w;
    if (s->csr_p.db_ring >= 0) {
      int ring = s->csr_p.db_ring;
      uint32_t lvl = (uint32_t)(o->dbg_db_level_o >> (5 * ring) & 31);
      if (ring < 2) {
        if ((uint32_t)s->sysn[ring] != lvl) fail(s, "system doorbell level %llu, expected %llu", lvl, s->sysn[ring]);
        if (s->sysn[ring] == DB_DEPTH) {
          ev_count(s, CV_C_DBOVF, 1, 0);
          s->e_status |= 0x10;
          s->n_ovf++;
        } else {
          s->sysq[ring][(s->sysh[ring] + s->sysn[ring]) % QCAP] = w;
          s->sysn[ring]++;
        }
      } else if (lvl == DB_DEPTH) {
        ev_count(s, CV_C_DBOVF, 1, 0);
        s->e_status |= 0x10;
        s->n_ovf++;
        if (s->csr_p.db_desc) {
          /* refused: the software takes the descriptor back (last one queued on the ring) */
          s->qn[ring]--;
          if (s->q[ring][(s->qh[ring] + s->qn[ring]) % QCAP] != s->csr_p.db_desc) fail(s, "refused desc bookkeeping", 0, 0);
          free_desc(s->csr_p.db_desc);
        }
      } else if (lvl > DB_DEPTH) fail(s, "doorbell level %llu", lvl, 0);
    }
  }
  /* DMA: a refused request is held unchanged until accepted */
  if (s->pd_refused && (!o->dma_req_valid_o || (int)o->dma_req_we_o != s->pd_we || (uint32_t)o->dma_req_addr_o != s->pd_addr ||
                        (uint32_t)o->dma_req_wstrb_o != s->pd_strb || o->dma_req_wdata_o != s->pd_wdata))
    fail(s, "DMA request changed while refused (was address 0x%llx), valid %llu", s->pd_addr, o->dma_req_valid_o);
  s->pd_refused = o->dma_req_valid_o && !in->dma_req_ready_i;
  s->pd_we = (int)o->dma_req_we_o;
  s->pd_addr = (uint32_t)o->dma_req_addr_o;
  s->pd_strb = (uint32_t)o->dma_req_wstrb_o;
  s->pd_wdata = o->dma_req_wdata_o;
  if (o->dma_req_valid_o && in->dma_req_ready_i) {
    uint32_t a = (uint32_t)o->dma_req_addr_o;
    if (a & 7) fail(s, "unaligned DMA address 0x%llx", a, 0);
    if (o->dma_req_we_o) {
      uint64_t w = o->dma_req_wdata_o;
      uint32_t sb = (uint32_t)o->dma_req_wstrb_o;
      int wi = -1, ri = -1, oldest_send = -1;
      for (int i = 0; i < s->ninfl; i++) {
        if (s->infl[i]->addr + 24 == a) wi = i;
        if (s->infl[i]->kind == 1 && ri < 0) ri = i; /* the oldest receive: its data writes come first */
        if (s->infl[i]->kind == 0 && oldest_send < 0) oldest_send = i;
      }
      desc_t *d = ri >= 0 ? s->infl[ri] : NULL;
      if (sb == 0xFF && wi >= 0) {
        /* a status write (word 3 of a descriptor in flight; the request slice delays it, so the
         * FSM may have left S_WB / S_WBS): sends complete in order and only after their
         * message left; complete() checks the value (a data write there would not match) */
        desc_t *dw = s->infl[wi];
        if (dw->kind == 0 && wi != oldest_send) fail(s, "send 0x%llx completed before an older send", dw->addr, 0);
        if (dw->kind == 0 && !dw->exp_err && !dw->streamed) fail(s, "send 0x%llx completed before its message left", dw->addr, 0);
        memmove(&s->infl[wi], &s->infl[wi + 1], (size_t)(s->ninfl - wi - 1) * sizeof(s->infl[0]));
        s->ninfl--;
        if (s->rx_bound == 2 && dw->kind) s->rx_bound = 3;
        complete(s, dw, w);
      } else if (!d) {
        fail(s, "DMA write to 0x%llx with no receive descriptor in progress", a, 0);
      } else if (d->kind != 1 || d->exp_err) {
        fail(s, "unexpected DMA write to 0x%llx (strobes 0x%llx)", a, sb);
      } else {
        for (int b = 0; b < 8; b++) {
          if (!(sb >> b & 1)) continue;
          uint32_t ba = a + (uint32_t)b, pos = 0;
          int found = 0;
          for (uint32_t i = 0; i < d->segcnt && !found; i++) {
            if (ba >= d->seg[i].lo && ba < d->seg[i].lo + d->seg[i].len) { pos += ba - d->seg[i].lo; found = 1; }
            else pos += d->seg[i].len;
          }
          uint8_t v = (uint8_t)(w >> (8 * b));
          if (!found) fail(s, "DMA write outside the posted buffers: 0x%llx", ba, 0);
          else if (pos >= d->msglen) fail(s, "DMA write beyond the message: position %llu of %llu", pos, d->msglen);
          else if (d->wr[pos]) fail(s, "byte position %llu written twice", pos, 0);
          else if (v != d->msg[pos]) fail(s, "received byte %llu: got 0x%llx", pos, v);
          else {
            d->wr[pos] = 1;
            if (ba < MEM_SIZE) s->shadow[ba] = v;
          }
        }
      }
    } else if ((uint64_t)a + 8 > MEM_SIZE) fail(s, "DMA read outside host memory 0x%llx", a, 0);
  }
  nic_hostmem_observe(&s->hm, s->cycle, (int)o->dma_req_valid_o, (int)o->dma_req_we_o,
                      (uint32_t)o->dma_req_addr_o, o->dma_req_wdata_o, (uint32_t)o->dma_req_wstrb_o);
  /* tx stream */
  if (o->m_axis_tx_tvalid && in->m_axis_tx_tready) {
    desc_t *d = NULL;
    for (int i = 0; i < s->ninfl && !d; i++)
      if (s->infl[i]->kind == 0 && !s->infl[i]->exp_err && !s->infl[i]->streamed) d = s->infl[i];
    uint32_t k = (uint32_t)o->m_axis_tx_tkeep;
    int n = 0;
    while (n < 8 && (k >> n & 1)) n++;
    if (k != (1u << n) - 1 || n == 0) fail(s, "tkeep 0x%llx not contiguous", k, 0);
    if (!o->m_axis_tx_tlast && n != 8) fail(s, "partial beat without tlast", 0, 0);
    if (!d || d->kind != 0 || d->exp_err) fail(s, "tx beat with no good send descriptor", 0, 0);
    else {
      if (s->txn == 0) s->tx_first = s->cycle;
      s->st_beats++;
      if (s->txn == 0 && s->lat_armed) {
        uint64_t l = s->cycle - d->post_cycle;
        s->lat_sum += l; s->lat_n++;
        if (l < s->lat_min) s->lat_min = l;
        if (l > s->lat_max) s->lat_max = l;
        s->lat_armed = 0;
      }
      if (o->m_axis_tx_tuser != (uint64_t)d->vi) fail(s, "tx tuser %llu, VI %llu", o->m_axis_tx_tuser, d->vi);
      for (int i = 0; i < n && s->txn < MAXMSG + 8; i++) s->txbuf[s->txn++] = (uint8_t)(o->m_axis_tx_tdata >> (8 * i));
      if (n < 8 && (o->m_axis_tx_tdata >> (8 * n)) != 0) fail(s, "tdata bytes beyond tkeep not zero", 0, 0);
      if (o->m_axis_tx_tlast) {
        if (s->txn != d->msglen) fail(s, "sent message length %llu, expected %llu", s->txn, d->msglen);
        else if (memcmp(s->txbuf, d->msg, s->txn)) fail(s, "sent message bytes differ from the gather", 0, 0);
        s->txn = 0;
        s->st_cycles += s->cycle - s->tx_first + 1;
        int t = (s->txd_h + s->txd_n) % 16;
        if (s->txd_n >= 16) fail(s, "tx_done queue overflow", 0, 0);
        else s->txd_n++;
        s->txd_wait[t] = rnd(s, 0, 12);
        s->txd_code[t] = (s->p.p_txerr && nic_rng_pct(&s->rng, (unsigned)s->p.p_txerr)) ? (uint32_t)rnd(s, 1, 15) : 0;
        d->tx_code = s->txd_code[t];
        d->streamed = 1;
      }
    }
  }
  /* rx stream */
  if (in->s_axis_rx_tvalid && o->s_axis_rx_tready) {
    if (!s->rx_bound) fail(s, "rx beat taken before the engine chose the message's fate", 0, 0);
    s->rx_pos += s->rx_beat_n;
    s->rx_valid = 0;
    if (in->s_axis_rx_tlast) s->rx_active = 0;
  }
  if (s->fails != before && s->fails < 12)
    fprintf(stderr, "  (state %d, %d descriptors in flight, oldest 0x%x)\n", st, s->ninfl,
            s->ninfl ? s->infl[0]->addr : 0);
  return s->fails != before;
}

/* ------------------------------------------------------------------ model wrappers */
void *comet_via_model_new(uint64_t seed) {
  comet_via_t *m = calloc(1, sizeof(*m));
  comet_via_cfg_t cfg = {NUM_DB, DB_DEPTH, MAX_SEGS, RSP_DEPTH, PF_SLOTS};
  if (comet_via_init(m, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void comet_via_model_eval(const void *m, const comet_via_in_t *in, comet_via_out_t *out) { comet_via_eval(m, in, out); }
void comet_via_model_tick(void *m, const comet_via_in_t *in) { comet_via_tick(m, in); }
int comet_via_model_check(const void *m) {
  uint64_t c = comet_via_collisions(m);
  if (c) fprintf(stderr, "comet_via model: %llu RAM read/write collisions\n", (unsigned long long)c);
  return c != 0;
}
void comet_via_model_free(void *m) {
  comet_via_free(m);
  free(m);
}
