// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for aotf_send (parameters NUM_USERS,
 * FIFO_DEPTH, HTLB_SETS x HTLB_WAYS: tb/duts/aotf_send.mk).
 *
 * The scoreboard is independent of the model: it keeps its own picture of what software
 * programmed (window, credit limits, HTLB shadow, header seeds) and of the accepted kicks, and
 * checks every beat on m_axis (content, order, tkeep/tlast, AXI-Stream hold rules), the credit
 * values (dbg_used_* every cycle, CREDIT_AVAIL reads), the counters and the sticky status bits
 * on every CSR read, store acceptance (st_ready_o) and irq_o.
 *
 * Header seeds: the seed of a page is a fixed function of the page (seed_word()), so the
 * expected header of a kick does not depend on the way it lands in. Software rule used by the
 * driver (docs/reference/aotf_send.md): the seed words of a way are rewritten only when no looked-up packet
 * can still read them (STATUS.PG_BUSY = 0 while the head waits on a miss, or no packet of the
 * previous owner page outstanding).
 *
 * Modes: random (never stops), hit, miss_refill, set_conflict, credits, byte_enables,
 * backpressure, reset_mid, csr, walk (the HTLB refill walker with an HTT that holds most pages),
 * hdrlen (pages with header formats of their own) (directed: each ends with a drain and a full
 * readback). The walker's writes into the HTLB are learnt from dbg_walk_o; a page's header
 * format, like its seeds, is a fixed function of the page (fmt_of()).
 * Variants (same scoreboard, used by make demo / make bench):
 *   demo       = miss_refill at a low kick rate (a few hundred kicks, most pages miss first):
 *                every packet is printed and decoded on stdout, every miss service too.
 *   bench      = hit: prints "bench: <key> <value>" lines (kick -> first beat latency on an
 *                empty pipe, sustained beats/kicks per cycle, store-port acceptance).
 *   bench_miss = miss_refill: prints the miss penalty (refill tag write -> first beat of the
 *                waiting packet, and miss raised -> that beat including the driver's CSR work).
 *   bench_walk = walk with every page in the HTT: miss (WALK entered) -> first beat.
 *   bench_hdr16 = hit with the 16-byte header format on every page: kicks per cycle, kick ->
 *                first and last beat.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_send.h"
#include "nic_lockstep.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/aotf_send/ls_params.h, generated from tb/duts/aotf_send.mk */

LS_DECLARE_STIM(aotf_send)

#define NUSERS LS_PARAM_NUM_USERS
#define FDEPTH LS_PARAM_FIFO_DEPTH
#define SETS LS_PARAM_HTLB_SETS
#define WAYS LS_PARAM_HTLB_WAYS
#define QCAP 8192
#define OPCAP 4096
#define NPAGES_MAX 64

enum { V_NONE, V_DEMO, V_BENCH };
enum { M_RANDOM, M_HIT, M_MISS, M_CONFLICT, M_CREDITS, M_BE, M_BP, M_RESET, M_CSR, M_WALK, M_HDR, M_N };
static const char *mode_names[M_N] = {"random", "hit", "miss_refill", "set_conflict", "credits",
                                      "byte_enables", "backpressure", "reset_mid", "csr", "walk", "hdrlen"};
/* header format field {FMT_EN, HWORDS, RPOS, LPOS} (HTLB_TAG bits 21:9) of the 16-byte compact
 * header (formats/aotf16_header.csv: offset at byte 8, length at byte 11) */
#define FMT_HDR16 ((1u << 12) | (1u << 10) | (8u << 5) | 11u)
#define HTT_N 1024 /* HTT_ENTRIES of the DUT (default) */

/* CSR op kinds */
enum {
  OP_WR,       /* plain write */
  OP_RD_CHK,   /* read, compare against a value computed at issue time (with mask) */
  OP_RD_MISSA, /* driver: MISS_ADDR */
  OP_RD_VICT,  /* driver: MISS_VICTIM -> decide refill */
  OP_RD_IRQST, /* driver: STATUS after irq */
  OP_RD_PGPOLL,/* driver: STATUS until PG_BUSY = 0 */
  OP_WAIT_INIT,/* wait until the init sweep is done */
  OP_DELAY,    /* idle cycles */
  OP_WAIT_WALK,/* wait until no refill walk runs (software writes the HTLB only then) */
  OP_WR_SEEDV, /* write SEED_LO / SEED_HI (addr) with the seed word at HTLB_IDX as known at issue
                  time (a rewrite with its own value; skipped if the word was never written) */
  OP_DRV_DONE  /* driver finished its job */
};

typedef struct {
  int kind;
  uint32_t addr, wdata, emask, eval;
} op_t;

typedef struct {
  uint32_t page, off, len, user;
  uint64_t data;
  uint64_t cycle; /* accepted */
  int alt;        /* header from the alternate seeds */
  uint32_t fmt;   /* header format of the entry it was looked up in */
  int empty;      /* accepted into an empty pipe (latency sample) */
} kick_t;

typedef struct {
  int cls; /* 0 ok, 1 align, 2 window, 3 be */
  uint32_t page, off, len, user;
  uint64_t data;
} dec_t;

typedef struct {
  nic_rng_t rng;
  int mode;
  int variant;        /* V_NONE, V_DEMO, V_BENCH */
  char name[16];      /* mode name as given */
  uint64_t cycle, salt;
  aotf_send_in_t in; /* driven this cycle */
  int fails;
  int done;
  /* reference state (what software programmed, what the hardware must do) */
  uint32_t prev_window;
  uint32_t window, irq_en, idx_set, idx_way, idx_word, seed_lo, csel;
  /* refill walker: CTRL.WALK_EN, the HTT index registers; the seeds of an HTT entry are always
   * those of the page in its tag (seed_word), so a walker refill of page p writes p's seeds */
  uint32_t walk_en, htt_idx, htt_word, htt_lo;
  int walk_used;                 /* the walker was on since the last reset */
  int htt_cleared;               /* every HTT entry was written invalid (after the first reset) */
  uint32_t walk_en_last;         /* walk_en at the start of the last cycle */
  int prev_flush;                /* the last cycle's CSR request was a flush */
  uint32_t n_wstart, n_whit, n_wmiss; /* walker events seen (counter reference) */
  uint32_t prev_lk;              /* dbg_lk_state_o of the last cycle */
  uint64_t walk_t;               /* the head entered WALK (bench) */
  int walk_hit_seen;
  uint64_t hw_n, hw_sum, hw_min, hw_max; /* walk start -> first beat */
  uint64_t n_walk_aborts;  uint32_t lim[NUSERS], used[NUSERS];
  /* credit returns in flight: the last beat of a packet returns its credit two cycles later
   * (aotf_credit registers the return), at most one per cycle, applied in order */
  uint32_t rp_user[4];
  uint64_t rp_due[4];
  uint32_t rp_h, rp_n;
  int tag_valid[SETS][WAYS];
  uint32_t tag_page[SETS][WAYS];  /* full page of the entry */
  uint32_t tag_fmt[SETS][WAYS];   /* header format field of the entry */
  int fmts;                       /* pages have header formats of their own (fmt_of) */
  int hdr16;                      /* every page has the 16-byte compact header */
  uint64_t last_min, last_n;      /* kick -> last beat (empty pipe) */
  uint64_t n_fmt_pkts;            /* packets with a header format of their own */
  int seed_written[SETS][WAYS][4];
  uint64_t seed_val[SETS][WAYS][4];
  int32_t seed_owner[SETS][WAYS]; /* page whose seeds are in the way, -1 none / arbitrary */
  uint32_t sticky_err;            /* {credit, window, be, align} */
  uint32_t cnt_kicks, cnt_pkts, cnt_align, cnt_be, cnt_win, cnt_cred, err_user;
  uint32_t out_pending[NUSERS];
  /* expected packets */
  kick_t q[QCAP];
  uint32_t qh, qn, beat;
  /* the store stage (two entries): stores accepted by the port, decoded with the window of
   * that cycle, not yet classified (credit check, counters, FIFO push) */
  dec_t pend[2];
  uint64_t pend_t[2];
  uint32_t pend_n;
  uint64_t n_stage_wait; /* cycles a store waited in the stage (init sweep / FIFO full) */
  int prev_hold; /* last cycle tvalid && !tready */
  uint64_t prev_tdata;
  uint32_t prev_tkeep, prev_tlast;
  /* CSR ops */
  op_t ops[OPCAP];
  uint32_t oh, on;
  int blocked;     /* waiting for a read response */
  op_t inflight;   /* read issued last cycle */
  int inflight_v;
  uint64_t inflight_t;
  uint32_t delay;
  int drv_busy;    /* driver handling a miss/irq */
  uint32_t drv_miss_addr;
  uint64_t drv_start;
  int busy_ref;    /* init sweep may be running (no tag reads) */
  int in_reset;
  uint32_t reset_left;
  /* traffic knobs */
  uint32_t pages[NPAGES_MAX];
  uint32_t npages;
  unsigned p_kick, p_ready, p_bad, p_csr_rand, p_inval, p_premap, p_slow;
  uint32_t phase_left;
  uint32_t be_next;  /* byte_enables mode: next pattern */
  uint32_t scratch_set;  /* a set no page uses */
  int force_page;        /* >= 0: every kick goes to this page */
  int alt_active;        /* kicks now accepted use the alternate seeds (double mapping) */
  uint32_t alt_tag;
  int poke_state, poke_swept, poke_swept_pending;
  int seed_view0;        /* SEED_* view is 0: reset, and no HTLB_IDX / SEED_HI write since */
  uint32_t poke_set, poke_way;
  /* directed script */
  uint32_t step;
  uint64_t step_t;
  /* statistics / coverage */
  uint64_t n_pokes, n_alt;
  uint64_t n_wk_pokes;   /* view reads of the seed word the walker wrote the cycle before */
  uint64_t n_wk_tpokes;  /* view reads of the set whose tag the walker wrote the cycle before */
  uint64_t n_beats, n_pkts, n_kicks, n_refused, n_miss_handled, n_full, n_resets, n_irq;
  uint64_t lat_min, lat_max, lat_sum, lat_n, lat_cnt5;
  uint64_t tp_beats, tp_cycles;
  /* demo / bench */
  uint64_t pkt_beat[5];
  uint64_t acc_offered, acc_taken;                 /* store port while the FIFO has room */
  int miss_prev;                                   /* dbg_miss_o last cycle */
  uint64_t miss_t, tagwr_t;                        /* miss raised, refill tag write (0 = none) */
  uint64_t pen_n, pen_sum, pen_min, pen_max;       /* tag write -> first beat */
  uint64_t mtp_n, mtp_sum;                         /* miss raised -> first beat */
  int saw_victim_nonzero, saw_credit_err, saw_pg_poll, saw_stall;
  uint64_t last_first_seen; /* kick cycle of the packet whose first beat was seen valid */
  int first_seen;
} st_t;

const char *aotf_send_stim_modes(void) {
  return "random hit miss_refill set_conflict credits byte_enables backpressure reset_mid csr walk demo bench bench_miss "
         "bench_walk hdrlen bench_hdr16";
}

static void fail(st_t *s, const char *msg, uint64_t got, uint64_t exp) {
  if (s->fails++ < 12)
    fprintf(stderr, "aotf_send scoreboard [%s] cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            s->name, (unsigned long long)s->cycle, msg, (unsigned long long)got,
            (unsigned long long)exp);
}

static uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
static uint64_t seed_word(const st_t *s, uint32_t page, uint32_t w) { return mix(s->salt ^ ((uint64_t)page << 2) ^ w); }
static uint64_t seed_alt(const st_t *s, uint32_t page, uint32_t w) { return seed_word(s, page, w) ^ 0x5AA5C33C0FF0A55Aull; }
/* the header format of a page (like its seeds, a fixed function of the page, so the expected
 * packet does not depend on how the entry got there): 0 (the 32-byte header) unless the mode
 * gives pages formats of their own: 1..4 words, offset and length positions anywhere (also
 * outside the header, or overlapping) */
static uint32_t fmt_of(const st_t *s, uint32_t page) {
  if (s->hdr16) return FMT_HDR16;
  if (!s->fmts) return 0;
  uint64_t h = mix(s->salt ^ 0xF0F0ull ^ page);
  if ((h & 3) == 0) return 0;
  uint32_t hw = (uint32_t)(h >> 2) & 3, nb = 8 * (hw + 1);
  uint32_t rpos = (uint32_t)(h >> 8) % (h >> 20 & 7 ? nb - 1 : 32), lpos = (uint32_t)(h >> 24) % (h >> 40 & 7 ? nb : 32);
  return (1u << 12) | (hw << 10) | (rpos << 5) | lpos;
}
static uint32_t words_of(uint32_t fmt) { return (fmt >> 12 & 1) ? ((fmt >> 10) & 3) + 1 : 4; }

/* ------------------------------------------------------------------ reference decode */

static dec_t ref_decode(const st_t *s, uint32_t addr, uint32_t be, uint64_t data) {
  dec_t d;
  memset(&d, 0, sizeof(d));
  if (addr & 7) { d.cls = 1; return d; }
  if ((addr >> 28) != s->window) { d.cls = 2; return d; }
  int first = -1, last = -1, n = 0;
  for (int i = 0; i < 8; i++)
    if ((be >> i) & 1) {
      if (first < 0) first = i;
      last = i;
      n++;
    }
  if (n == 0 || last - first + 1 != n) { d.cls = 3; return d; }
  d.len = (uint32_t)n;
  d.off = (addr & 0xFF8u) + (uint32_t)first;
  d.page = (addr >> 12) & 0xFFFF;
  d.user = (addr >> 25) & 7;
  for (int i = 0; i < n; i++) d.data |= ((data >> (8 * (first + i))) & 0xFF) << (8 * i);
  return d;
}

static void expected_beat(const st_t *s, const kick_t *k, uint32_t b, uint64_t *data, uint32_t *keep, uint32_t *last) {
  *keep = 0xFF;
  *last = 0;
  uint32_t nh = words_of(k->fmt);
  if (b < nh && (k->fmt >> 12 & 1)) { /* a format of its own: bytes of the header as one array */
    uint8_t hb[32];
    for (uint32_t w = 0; w < nh; w++)
      for (uint32_t i = 0; i < 8; i++) hb[8 * w + i] = (uint8_t)(seed_word(s, k->page, w) >> (8 * i));
    uint32_t rpos = (k->fmt >> 5) & 31, lpos = k->fmt & 31, nb = 8 * nh;
    if (rpos < nb) hb[rpos] = (uint8_t)k->off;
    if (rpos + 1 < nb) hb[rpos + 1] = (uint8_t)((hb[rpos + 1] & 0xF0) | (k->off >> 8));
    if (lpos < nb) hb[lpos] = (uint8_t)k->len;
    hb[5] |= 1; /* FLAG_AOTF */
    uint64_t w = 0;
    for (uint32_t i = 0; i < 8; i++) w |= (uint64_t)hb[8 * b + i] << (8 * i);
    *data = w;
  } else if (b < nh) {
    uint64_t w = k->alt ? seed_alt(s, k->page, b) : seed_word(s, k->page, b);
    if (b == 0) w |= 1ull << 40;                        /* FLAG_AOTF in flags */
    if (b == 1) w = (w & ~0xFFFull) | k->off;             /* raddr[11:0] */
    if (b == 2) w = (w & ~0xFFull) | k->len;              /* len */
    *data = w;
  } else {
    *data = k->data;
    *keep = (1u << k->len) - 1;
    *last = 1;
  }
}

/* ------------------------------------------------------------------ CSR op queue */
static void push_op(st_t *s, int kind, uint32_t addr, uint32_t wdata) {
  if (s->on >= OPCAP) { fail(s, "stimulus op queue overflow", s->on, OPCAP); return; }
  op_t *o = &s->ops[(s->oh + s->on++) % OPCAP];
  memset(o, 0, sizeof(*o));
  o->kind = kind;
  o->addr = addr;
  o->wdata = wdata;
}
static void push_front_op(st_t *s, op_t o) {
  s->oh = (s->oh + OPCAP - 1) % OPCAP;
  s->ops[s->oh] = o;
  s->on++;
}
static void wr(st_t *s, uint32_t a, uint32_t d) { push_op(s, OP_WR, a, d); }
static void rdchk(st_t *s, uint32_t a) { push_op(s, OP_RD_CHK, a, 0); }
static uint32_t idxv(uint32_t set, uint32_t way, uint32_t word) {
  return (set << AOTF_SEND_HTLB_IDX_SET_LSB) | (way << AOTF_SEND_HTLB_IDX_WAY_LSB) | (word << AOTF_SEND_HTLB_IDX_WORD_LSB);
}

/* write the seeds of page into (set, way), then validate */
static void map_page(st_t *s, uint32_t page, uint32_t way) {
  uint32_t set = page & 0xFF;
  if (s->seed_owner[set][way] != (int32_t)page) {
    for (uint32_t w = 0; w < 4; w++) {
      uint64_t v = seed_word(s, page, w);
      wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, w));
      wr(s, CSR_AOTF_SEND_SEED_LO, (uint32_t)v);
      wr(s, CSR_AOTF_SEND_SEED_HI, (uint32_t)(v >> 32));
    }
  }
  wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, 0));
  wr(s, CSR_AOTF_SEND_HTLB_TAG, (fmt_of(s, page) << AOTF_SEND_HTLB_TAG_LPOS_LSB) | (1u << AOTF_SEND_HTLB_TAG_VALID_LSB) |
                                    (page >> 8));
}
/* an HTT entry: tag invalid, the seed words of tpage, then the tag {valid, tpage} (the walker
 * reads an entry in one cycle, so a walk sees either the old or the new entry, never a mix) */
static void htt_put(st_t *s, uint32_t page, uint32_t tpage, int valid) {
  uint32_t e = page & (HTT_N - 1);
  wr(s, CSR_AOTF_SEND_HTT_IDX, e << AOTF_SEND_HTT_IDX_ENTRY_LSB);
  wr(s, CSR_AOTF_SEND_HTT_TAG, tpage);
  for (uint32_t w = 0; w < 4; w++) {
    uint64_t v = seed_word(s, tpage, w);
    wr(s, CSR_AOTF_SEND_HTT_IDX, (e << AOTF_SEND_HTT_IDX_ENTRY_LSB) | (w << AOTF_SEND_HTT_IDX_WORD_LSB));
    wr(s, CSR_AOTF_SEND_HTT_SEED_LO, (uint32_t)v);
    wr(s, CSR_AOTF_SEND_HTT_SEED_HI, (uint32_t)(v >> 32));
  }
  wr(s, CSR_AOTF_SEND_HTT_TAG, (fmt_of(s, tpage) << AOTF_SEND_HTT_TAG_LPOS_LSB) |
                                   ((uint32_t)(valid != 0) << AOTF_SEND_HTT_TAG_VALID_LSB) | tpage);
}
/* the HTT entry of a working-set page: present (70 %), invalid, holding another page of the same
 * index, or left as it is */
static void htt_random(st_t *s, uint32_t page) {
  unsigned r = (unsigned)nic_rng_below(&s->rng, 100);
  if (r < 70) htt_put(s, page, page, 1);
  else if (r < 80) htt_put(s, page, page, 0);
  else if (r < 90) htt_put(s, page, page ^ (HTT_N * (1u + (uint32_t)nic_rng_below(&s->rng, 63))), 1);
}
static void inval(st_t *s, uint32_t set, uint32_t way) {
  wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, 0));
  wr(s, CSR_AOTF_SEND_HTLB_TAG, 0);
}

/* expected value of a register read issued now (state at the start of this cycle) */
static void read_expect(const st_t *s, uint32_t a, uint32_t *val, uint32_t *mask) {
  *mask = 0xFFFFFFFFu;
  *val = 0;
  switch (a) {
    case CSR_AOTF_SEND_ID: *val = 0x414F5453u; break;
    case CSR_AOTF_SEND_VERSION: *val = 0x00010000u; break;
    case CSR_AOTF_SEND_PARAMS: *val = (4u << 24) | (8u << 16) | (11u << 8) | 8u; break;
    case CSR_AOTF_SEND_CTRL: *val = s->window | (s->walk_en << AOTF_SEND_CTRL_WALK_EN_LSB); break;
    case CSR_AOTF_SEND_HTT_IDX:
      *val = (s->htt_idx << AOTF_SEND_HTT_IDX_ENTRY_LSB) | (s->htt_word << AOTF_SEND_HTT_IDX_WORD_LSB);
      break;
    case CSR_AOTF_SEND_HTT_SEED_LO: *val = s->htt_lo; break;
    case CSR_AOTF_SEND_HTT_SEED_HI: case CSR_AOTF_SEND_HTT_TAG: *val = 0; break;
    case CSR_AOTF_SEND_HTT_PARAMS: *val = 10; break;
    case CSR_AOTF_SEND_CNT_WALKS: case CSR_AOTF_SEND_CNT_WALK_HITS: case CSR_AOTF_SEND_CNT_WALK_MISSES:
      /* exact once the send path is idle (directed drain); else compared by lockstep only */
      *val = a == CSR_AOTF_SEND_CNT_WALKS ? s->n_wstart : a == CSR_AOTF_SEND_CNT_WALK_HITS ? s->n_whit : s->n_wmiss;
      if (s->mode == M_RANDOM || s->step < 3) *mask = 0;
      break;
    case CSR_AOTF_SEND_STATUS:
      *val = s->sticky_err << AOTF_SEND_STATUS_ERR_ALIGN_LSB;
      *mask = ~((1u << AOTF_SEND_STATUS_INIT_BUSY_LSB) | (1u << AOTF_SEND_STATUS_MISS_WAIT_LSB) |
                (1u << AOTF_SEND_STATUS_PG_BUSY_LSB) | (1u << AOTF_SEND_STATUS_IRQ_MISS_LSB) |
                (1u << AOTF_SEND_STATUS_WALK_BUSY_LSB));
      break;
    case CSR_AOTF_SEND_IRQ_EN: *val = s->irq_en; break;
    case CSR_AOTF_SEND_HTLB_IDX: *val = idxv(s->idx_set, s->idx_way, s->idx_word); break;
    case CSR_AOTF_SEND_HTLB_TAG:
      *val = (s->tag_fmt[s->idx_set][s->idx_way] << AOTF_SEND_HTLB_TAG_LPOS_LSB) |
             ((uint32_t)s->tag_valid[s->idx_set][s->idx_way] << 8) | (s->tag_page[s->idx_set][s->idx_way] >> 8);
      break;
    case CSR_AOTF_SEND_SEED_LO:
      *val = s->seed_view0 ? 0 : (uint32_t)s->seed_val[s->idx_set][s->idx_way][s->idx_word];
      break;
    case CSR_AOTF_SEND_SEED_HI:
      *val = s->seed_view0 ? 0 : (uint32_t)(s->seed_val[s->idx_set][s->idx_way][s->idx_word] >> 32);
      break;
    case CSR_AOTF_SEND_CREDIT_SEL: *val = s->csel; break;
    case CSR_AOTF_SEND_CREDIT_LIMIT: *val = s->lim[s->csel]; break;
    case CSR_AOTF_SEND_CREDIT_AVAIL: {
      uint32_t l = s->lim[s->csel], u = s->used[s->csel];
      *val = (u << 16) | (l > u ? l - u : 0);
      break;
    }
    case CSR_AOTF_SEND_CREDIT_ERR: *val = s->err_user; break;
    case CSR_AOTF_SEND_CNT_KICKS: *val = s->cnt_kicks; break;
    case CSR_AOTF_SEND_CNT_PKTS: *val = s->cnt_pkts; break;
    case CSR_AOTF_SEND_CNT_ERR_ALIGN: *val = s->cnt_align; break;
    case CSR_AOTF_SEND_CNT_ERR_BE: *val = s->cnt_be; break;
    case CSR_AOTF_SEND_CNT_ERR_WINDOW: *val = s->cnt_win; break;
    case CSR_AOTF_SEND_CNT_ERR_CREDIT: *val = s->cnt_cred; break;
    case CSR_AOTF_SEND_MISS_ADDR: case CSR_AOTF_SEND_MISS_VICTIM: case CSR_AOTF_SEND_FIFO_COUNT:
    case CSR_AOTF_SEND_CNT_MISSES:
      *mask = 0; /* timing dependent: compared by lockstep only */
      break;
    default: *val = CSR_UNMAPPED; break;
  }
}

/* all readable registers */
static const uint32_t all_regs[] = {
    CSR_AOTF_SEND_ID, CSR_AOTF_SEND_VERSION, CSR_AOTF_SEND_PARAMS, CSR_AOTF_SEND_CTRL,
    CSR_AOTF_SEND_STATUS, CSR_AOTF_SEND_IRQ_EN, CSR_AOTF_SEND_MISS_ADDR, CSR_AOTF_SEND_MISS_VICTIM,
    CSR_AOTF_SEND_HTLB_IDX, CSR_AOTF_SEND_CREDIT_SEL, CSR_AOTF_SEND_CREDIT_LIMIT,
    CSR_AOTF_SEND_CREDIT_AVAIL, CSR_AOTF_SEND_CREDIT_ERR, CSR_AOTF_SEND_FIFO_COUNT,
    CSR_AOTF_SEND_CNT_KICKS, CSR_AOTF_SEND_CNT_PKTS, CSR_AOTF_SEND_CNT_MISSES,
    CSR_AOTF_SEND_CNT_ERR_ALIGN, CSR_AOTF_SEND_CNT_ERR_BE, CSR_AOTF_SEND_CNT_ERR_WINDOW,
    CSR_AOTF_SEND_CNT_ERR_CREDIT, CSR_AOTF_SEND_HTT_IDX, CSR_AOTF_SEND_HTT_SEED_LO, CSR_AOTF_SEND_HTT_SEED_HI,
    CSR_AOTF_SEND_HTT_TAG, CSR_AOTF_SEND_CNT_WALKS, CSR_AOTF_SEND_CNT_WALK_HITS, CSR_AOTF_SEND_CNT_WALK_MISSES,
    CSR_AOTF_SEND_HTT_PARAMS, 0x00C, 0x01C, 0x02C, 0x054, 0x07C, 0x0A0, 0x100, 0xFFC};
#define N_ALL_REGS (sizeof(all_regs) / sizeof(all_regs[0]))

static void readback_all(st_t *s) {
  for (uint32_t i = 0; i < N_ALL_REGS; i++) rdchk(s, all_regs[i]);
  for (uint32_t u = 0; u < NUSERS; u++) {
    wr(s, CSR_AOTF_SEND_CREDIT_SEL, u);
    rdchk(s, CSR_AOTF_SEND_CREDIT_LIMIT);
    rdchk(s, CSR_AOTF_SEND_CREDIT_AVAIL);
  }
}

/* configuration after reset (re-initialization) */
static void config(st_t *s, uint32_t limit, uint32_t irq_en) {
  push_op(s, OP_WAIT_INIT, 0, 0);
  if (s->mode == M_RESET || s->mode == M_CSR || nic_rng_pct(&s->rng, 30)) {
    /* reset values, and the SEED_LO holding register (0 after reset) through a scratch entry */
    for (uint32_t i = 0; i < N_ALL_REGS; i++) rdchk(s, all_regs[i]);
    /* the HTLB_TAG / SEED_* view with no HTLB_IDX write since the reset (seed view 0; tag view
     * swept; an index poked during the sweep: the sweep clears an entry ahead of it) */
    rdchk(s, CSR_AOTF_SEND_HTLB_TAG);
    rdchk(s, CSR_AOTF_SEND_SEED_LO);
    rdchk(s, CSR_AOTF_SEND_SEED_HI);
    uint32_t way = (uint32_t)nic_rng_below(&s->rng, WAYS), w = (uint32_t)nic_rng_below(&s->rng, 4);
    wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(s->scratch_set, way, w));
    wr(s, CSR_AOTF_SEND_SEED_HI, (uint32_t)nic_rng_next(&s->rng));
    rdchk(s, CSR_AOTF_SEND_SEED_LO);
    rdchk(s, CSR_AOTF_SEND_SEED_HI);
    rdchk(s, CSR_AOTF_SEND_HTLB_TAG);
    /* a tag write right after the HTLB_IDX write (the cycle the view captures the RAM data) */
    wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(s->scratch_set, (way + 1) % WAYS, w));
    wr(s, CSR_AOTF_SEND_HTLB_TAG, 1u + (uint32_t)nic_rng_below(&s->rng, 255)); /* invalid, tag != 0 */
    rdchk(s, CSR_AOTF_SEND_HTLB_TAG);
  }
  wr(s, CSR_AOTF_SEND_IRQ_EN, irq_en);
  for (uint32_t u = 0; u < NUSERS; u++) {
    wr(s, CSR_AOTF_SEND_CREDIT_SEL, u);
    wr(s, CSR_AOTF_SEND_CREDIT_LIMIT, limit);
  }
  if ((s->mode == M_RANDOM || s->mode == M_WALK) && !s->htt_cleared) {
    /* the HTT is not reset (power-up content): every entry invalid once, before any walk */
    s->htt_cleared = 1;
    for (uint32_t e = 0; e < HTT_N; e++) {
      wr(s, CSR_AOTF_SEND_HTT_IDX, e << AOTF_SEND_HTT_IDX_ENTRY_LSB);
      wr(s, CSR_AOTF_SEND_HTT_TAG, e);
    }
  }
  if (s->mode == M_RANDOM) { /* the HTT of some pages, the walker on or off */
    for (uint32_t i = 0; i < s->npages; i++)
      if (nic_rng_pct(&s->rng, 50)) htt_random(s, s->pages[i]);
    if (nic_rng_pct(&s->rng, 50))
      wr(s, CSR_AOTF_SEND_CTRL, (8u << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_WALK_EN_LSB));
  }
}

/* ------------------------------------------------------------------ setup */
void *aotf_send_stim_new(uint64_t seed, const char *mode) {
  int m = -1, variant = V_NONE;
  for (int i = 0; i < M_N; i++)
    if (!strcmp(mode, mode_names[i])) m = i;
  if (!strcmp(mode, "demo")) { m = M_MISS; variant = V_DEMO; }
  if (!strcmp(mode, "bench")) { m = M_HIT; variant = V_BENCH; }
  if (!strcmp(mode, "bench_miss")) { m = M_MISS; variant = V_BENCH; }
  if (!strcmp(mode, "bench_walk")) { m = M_WALK; variant = V_BENCH; }
  int hdr16 = !strcmp(mode, "bench_hdr16");
  if (hdr16) { m = M_HIT; variant = V_BENCH; }
  if (m < 0) return NULL;
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  s->mode = m;
  s->variant = variant;
  snprintf(s->name, sizeof(s->name), "%s", mode);
  s->pen_min = ~0ull;
  s->hw_min = ~0ull;
  s->hdr16 = hdr16;
  s->fmts = m == M_HDR || m == M_RANDOM;
  nic_rng_seed(&s->rng, seed * 0x9E37u + (uint64_t)m);
  s->salt = mix(seed ^ 0xA07Full);
  s->lat_min = ~0ull;
  memset(s->seed_owner, 0xFF, sizeof(s->seed_owner));
  s->reset_left = 3;
  s->window = 8;
  for (uint32_t u = 0; u < NUSERS; u++) s->lim[u] = FDEPTH / NUSERS;
  /* working set of pages */
  uint32_t nset = 12;
  switch (m) {
    case M_HIT: s->npages = 8; nset = 8; break;
    case M_MISS: s->npages = 24; nset = 24; break;
    case M_WALK: s->npages = 32; nset = 12; break;
    case M_HDR: s->npages = 24; nset = 8; break;
    case M_CONFLICT: s->npages = 7; nset = 1; break;
    case M_CREDITS: s->npages = 8; nset = 8; break;
    case M_BE: s->npages = 4; nset = 4; break;
    case M_BP: s->npages = 10; nset = 6; break;
    case M_RESET: s->npages = 12; nset = 6; break;
    case M_CSR: s->npages = 4; nset = 4; break;
    default: s->npages = 40; nset = 10; break;
  }
  for (uint32_t i = 0; i < s->npages; i++) {
    uint32_t set = (uint32_t)nic_rng_below(&s->rng, 256);
    if (i >= nset) set = s->pages[nic_rng_below(&s->rng, nset)] & 0xFF; /* share sets */
    uint32_t tag;
    int dup;
    do {
      tag = (uint32_t)nic_rng_below(&s->rng, 256);
      if (m == M_CREDITS || m == M_HIT) tag = (tag & 0x1F) | ((i & 7) << 5); /* every user */
      dup = 0;
      for (uint32_t j = 0; j < i; j++) dup |= s->pages[j] == ((tag << 8) | set);
    } while (dup);
    s->pages[i] = (tag << 8) | set;
  }
  s->force_page = -1;
  s->alt_tag = (uint32_t)nic_rng_below(&s->rng, 256);
  for (;;) {
    int used = 0;
    s->scratch_set = (uint32_t)nic_rng_below(&s->rng, 256);
    for (uint32_t i = 0; i < s->npages; i++) used |= (s->pages[i] & 0xFF) == s->scratch_set;
    if (m == M_CONFLICT) used |= (s->pages[0] & 0xFF) == s->scratch_set;
    if (!used) break;
  }
  if (m == M_CONFLICT) {
    uint32_t set = s->pages[0] & 0xFF;
    for (uint32_t i = 0; i < s->npages; i++) s->pages[i] = (s->pages[i] & 0xFF00) | set;
  }
  /* knobs */
  s->p_kick = 30; s->p_ready = 90; s->p_bad = 3; s->p_csr_rand = 2; s->p_inval = 0; s->p_premap = 0;
  s->p_slow = 10;
  if (m == M_HIT) { s->p_kick = 100; s->p_ready = 100; s->p_bad = 0; s->p_csr_rand = 0; }
  if (m == M_BE) { s->p_kick = 60; s->p_bad = 0; }
  if (m == M_CSR) { s->p_kick = 0; }
  if (variant == V_DEMO) { s->p_kick = 3; s->p_bad = 1; s->p_slow = 0; }
  if (variant == V_BENCH && m == M_MISS) { s->p_kick = 2; s->p_bad = 0; s->p_slow = 0; s->p_csr_rand = 0; }
  if (m == M_WALK) { s->p_inval = 1; s->p_csr_rand = 4; }
  if (m == M_HDR) { s->p_kick = 40; s->p_inval = 1; s->p_csr_rand = 3; }
  if (variant == V_BENCH && m == M_WALK) { s->p_kick = 2; s->p_bad = 0; s->p_slow = 0; s->p_csr_rand = 0; s->p_inval = 0; }
  return s;
}

void aotf_send_stim_free(void *p) { free(p); }

static void ref_reset(st_t *s) {
  s->window = 8;
  s->irq_en = 0;
  s->idx_set = s->idx_way = s->idx_word = 0;
  s->seed_lo = 0;
  s->walk_en = s->htt_idx = s->htt_word = s->htt_lo = 0;
  s->walk_used = 0;
  s->walk_en_last = 0;
  s->n_wstart = s->n_whit = s->n_wmiss = 0;
  s->prev_lk = 0;
  s->walk_t = 0;
  s->seed_view0 = 1;
  s->csel = 0;
  for (uint32_t u = 0; u < NUSERS; u++) {
    s->lim[u] = FDEPTH / NUSERS;
    s->used[u] = 0;
  }
  s->rp_h = s->rp_n = 0;
  memset(s->tag_valid, 0, sizeof(s->tag_valid));
  memset(s->tag_fmt, 0, sizeof(s->tag_fmt));
  for (uint32_t i = 0; i < SETS; i++)
    for (uint32_t w = 0; w < WAYS; w++) s->tag_page[i][w] = i;
  s->sticky_err = 0;
  s->cnt_kicks = s->cnt_pkts = s->cnt_align = s->cnt_be = s->cnt_win = s->cnt_cred = 0;
  s->err_user = 0;
  s->qn = 0;
  s->pend_n = 0;
  s->beat = 0;
  s->prev_hold = 0;
  s->first_seen = 0;
}

/* ------------------------------------------------------------------ driver */
static int is_mapped(const st_t *s, uint32_t page) {
  uint32_t set = page & 0xFF;
  for (int w = 0; w < WAYS; w++)
    if (s->tag_valid[set][w] && s->tag_page[set][w] == page) return 1;
  return 0;
}
static int owner_outstanding(const st_t *s, int32_t owner) {
  if (owner < 0) return 0;
  for (uint32_t i = 0; i < s->qn; i++)
    if (s->q[(s->qh + i) % QCAP].page == (uint32_t)owner) return 1;
  return 0;
}

/* miss handling decided after MISS_ADDR and MISS_VICTIM came back */
static void drv_refill(st_t *s, uint32_t victim) {
  uint32_t page = (s->drv_miss_addr >> 12) & 0xFFFF, set = page & 0xFF;
  /* the suggested victim must be the lowest invalid way when there is one */
  int low = -1;
  for (int w = WAYS - 1; w >= 0; w--)
    if (!s->tag_valid[set][w]) low = w;
  if (low >= 0 && victim != (uint32_t)low) fail(s, "MISS_VICTIM is not the lowest invalid way", victim, (uint64_t)low);
  if (victim) s->saw_victim_nonzero = 1;
  /* the missing kick must be outstanding and unmapped */
  int found = 0;
  for (uint32_t i = 0; i < s->qn && !found; i++) {
    const kick_t *k = &s->q[(s->qh + i) % QCAP];
    found = k->page == page && k->off == (s->drv_miss_addr & 0xFFF);
  }
  if (!found) fail(s, "MISS_ADDR is not an outstanding kick", s->drv_miss_addr, 0);
  if ((s->drv_miss_addr >> 28) != s->window && (s->drv_miss_addr >> 28) != s->prev_window)
    fail(s, "MISS_ADDR window", s->drv_miss_addr >> 28, s->window);
  if (is_mapped(s, page)) {
    fail(s, "miss on a mapped page", page, 0);
  } else {
    uint32_t way = victim;
    if (s->mode == M_CONFLICT || nic_rng_pct(&s->rng, 15)) way = (uint32_t)nic_rng_below(&s->rng, WAYS);
    if (nic_rng_pct(&s->rng, s->p_slow)) push_op(s, OP_DELAY, 0, (uint32_t)nic_rng_below(&s->rng, 300));
    if (s->tag_valid[set][way] || owner_outstanding(s, s->seed_owner[set][way])) {
      if (s->tag_valid[set][way]) inval(s, set, way);
      push_op(s, OP_RD_PGPOLL, CSR_AOTF_SEND_STATUS, 0);
    }
    map_page(s, page, way);
  }
  wr(s, CSR_AOTF_SEND_STATUS, 1u << AOTF_SEND_STATUS_IRQ_MISS_LSB);
  push_op(s, OP_DRV_DONE, 0, 0);
  s->n_miss_handled++;
}

static void drv_start_miss(st_t *s) {
  push_op(s, OP_RD_MISSA, CSR_AOTF_SEND_MISS_ADDR, 0);
  push_op(s, OP_RD_VICT, CSR_AOTF_SEND_MISS_VICTIM, 0);
}

/* ------------------------------------------------------------------ next */
static uint32_t pick_page(st_t *s) {
  if (s->force_page >= 0) return (uint32_t)s->force_page;
  if (s->mode == M_MISS || s->mode == M_WALK) { /* sweep through the pages so that most kicks miss at first */
    uint32_t i = (uint32_t)((s->cycle / 97) % s->npages);
    return s->pages[(i + nic_rng_below(&s->rng, 2)) % s->npages];
  }
  return s->pages[nic_rng_below(&s->rng, s->npages)];
}

static void gen_store(st_t *s, aotf_send_in_t *in) {
  uint32_t page = pick_page(s);
  uint32_t addr = (s->window << 28) | (page << 12) | ((uint32_t)nic_rng_below(&s->rng, 512) << 3);
  uint32_t be;
  uint32_t len = 1 + (uint32_t)nic_rng_below(&s->rng, 8);
  uint32_t lane = (uint32_t)nic_rng_below(&s->rng, 9 - len);
  be = ((1u << len) - 1) << lane;
  if (s->mode == M_BE) {
    be = s->be_next++ & 0xFF; /* every pattern 0..255 in turn */
    if (nic_rng_pct(&s->rng, 5)) addr ^= 1u + (uint32_t)nic_rng_below(&s->rng, 7);
    if (nic_rng_pct(&s->rng, 5)) addr ^= (1u + (uint32_t)nic_rng_below(&s->rng, 15)) << 28;
  } else if (nic_rng_pct(&s->rng, s->p_bad)) {
    switch (nic_rng_below(&s->rng, 3)) {
      case 0: addr |= 1u + (uint32_t)nic_rng_below(&s->rng, 7); break;
      case 1: addr ^= (1u + (uint32_t)nic_rng_below(&s->rng, 15)) << 28; break;
      default: be = (uint32_t)nic_rng_below(&s->rng, 256); break;
    }
  }
  in->st_valid_i = 1;
  in->st_addr_i = addr;
  in->st_be_i = be;
  in->st_data_i = nic_rng_next(&s->rng);
}

/* random CSR activity while the driver is idle */
static void random_csr(st_t *s) {
  unsigned r = (unsigned)nic_rng_below(&s->rng, 100);
  if (r < 40) {
    rdchk(s, all_regs[nic_rng_below(&s->rng, N_ALL_REGS)]);
  } else if (r < 50) {
    wr(s, CSR_AOTF_SEND_CREDIT_SEL, (uint32_t)nic_rng_below(&s->rng, 8));
    rdchk(s, CSR_AOTF_SEND_CREDIT_AVAIL);
  } else if (r < 60 && !s->busy_ref) { /* read back an HTLB entry and its seed words */
    uint32_t page = s->pages[nic_rng_below(&s->rng, s->npages)], set = page & 0xFF;
    uint32_t way = (uint32_t)nic_rng_below(&s->rng, WAYS);
    if (!s->walk_en && nic_rng_pct(&s->rng, 30)) {
      /* rewrite a seed word with its own value, then at once HTLB_IDX of the same word (the
       * seed write stage writes the RAM in that view read's cycle: the view forward) or of
       * another way's same word (the same RAM word, another lane), and read it back. With the
       * walker off and idle no other write can come between (values taken at issue time) */
      uint32_t w = (uint32_t)nic_rng_below(&s->rng, 4);
      uint32_t way2 = nic_rng_pct(&s->rng, 60) ? way : (uint32_t)nic_rng_below(&s->rng, WAYS);
      if (s->walk_used) push_op(s, OP_WAIT_WALK, 0, 0);
      wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, w));
      push_op(s, OP_WR_SEEDV, CSR_AOTF_SEND_SEED_LO, 0);
      push_op(s, OP_WR_SEEDV, CSR_AOTF_SEND_SEED_HI, 0);
      wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way2, w));
      rdchk(s, CSR_AOTF_SEND_SEED_LO);
      rdchk(s, CSR_AOTF_SEND_SEED_HI);
      return;
    }
    wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, 0));
    rdchk(s, CSR_AOTF_SEND_HTLB_TAG);
    for (uint32_t w = 0; w < 4; w++)
      if (s->seed_written[set][way][w]) {
        wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, w));
        rdchk(s, CSR_AOTF_SEND_SEED_LO);
        rdchk(s, CSR_AOTF_SEND_SEED_HI);
      }
  } else if (r < 70 && s->p_inval) { /* random invalidation */
    uint32_t page = s->pages[nic_rng_below(&s->rng, s->npages)], set = page & 0xFF;
    inval(s, set, (uint32_t)nic_rng_below(&s->rng, WAYS));
  } else if (r < 80 && s->p_premap) { /* map a page ahead of its kicks */
    uint32_t page = s->pages[nic_rng_below(&s->rng, s->npages)], set = page & 0xFF;
    uint32_t way = (uint32_t)nic_rng_below(&s->rng, WAYS);
    if (!is_mapped(s, page) && !s->tag_valid[set][way] && !s->walk_en &&
        (s->seed_owner[set][way] == (int32_t)page || !owner_outstanding(s, s->seed_owner[set][way]))) {
      if (s->walk_used) push_op(s, OP_WAIT_WALK, 0, 0);
      map_page(s, page, way);
    }
  } else if (r < 85) { /* W1C of the error bits */
    wr(s, CSR_AOTF_SEND_STATUS, (uint32_t)nic_rng_below(&s->rng, 32) << AOTF_SEND_STATUS_IRQ_MISS_LSB);
  } else if (r < 90 && s->mode == M_RANDOM) { /* credit limit change */
    uint32_t u = (uint32_t)nic_rng_below(&s->rng, 8);
    static const uint32_t lims[] = {0, 1, 3, 64, 256, 256, 1024, 4096};
    wr(s, CSR_AOTF_SEND_CREDIT_SEL, u);
    wr(s, CSR_AOTF_SEND_CREDIT_LIMIT, lims[nic_rng_below(&s->rng, 8)]);
  } else if (r < 92 && s->mode == M_RANDOM) {
    wr(s, CSR_AOTF_SEND_IRQ_EN, (uint32_t)nic_rng_below(&s->rng, 4) | 1u);
  } else if (r < 93 && (s->mode == M_RANDOM || s->mode == M_WALK) && !s->drv_busy) { /* flush: invalidate everything */
    uint32_t we = s->walk_en << AOTF_SEND_CTRL_WALK_EN_LSB;
    wr(s, CSR_AOTF_SEND_CTRL, (s->window << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_FLUSH_LSB) | we);
    if (nic_rng_pct(&s->rng, 40)) { /* flush again while the sweep runs: it restarts */
      push_op(s, OP_DELAY, 0, 3 + (uint32_t)nic_rng_below(&s->rng, 200));
      wr(s, CSR_AOTF_SEND_CTRL, (s->window << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_FLUSH_LSB) | we);
    }
    push_op(s, OP_WAIT_INIT, 0, 0);
    rdchk(s, CSR_AOTF_SEND_HTLB_TAG); /* same HTLB_IDX: the view was cleared by the sweep */
  } else if (r < 94 && (s->mode == M_RANDOM || s->mode == M_BE)) { /* move the kick window */
    uint32_t we = s->mode == M_RANDOM && nic_rng_pct(&s->rng, 50);
    wr(s, CSR_AOTF_SEND_CTRL, ((uint32_t)nic_rng_below(&s->rng, 16) << AOTF_SEND_CTRL_WINDOW_LSB) |
                                  (we << AOTF_SEND_CTRL_WALK_EN_LSB));
    if (s->mode == M_RANDOM && nic_rng_pct(&s->rng, 30)) htt_random(s, s->pages[nic_rng_below(&s->rng, s->npages)]);
  } else if (r < 95 && (s->mode == M_WALK || (s->mode == M_RANDOM && nic_rng_pct(&s->rng, 50)))) {
    /* rewrite the HTT entry of a page */
    htt_random(s, s->pages[nic_rng_below(&s->rng, s->npages)]);
  } else if (r < 95) {
    rdchk(s, 0x200 + 4 * (uint32_t)nic_rng_below(&s->rng, 0x380)); /* unmapped */
  } else {
    rdchk(s, CSR_AOTF_SEND_STATUS);
  }
}

/* pick the traffic phase (random mode) */
static void new_phase(st_t *s) {
  static const unsigned pk[] = {0, 5, 20, 40, 80, 100};
  static const unsigned pr[] = {0, 10, 50, 90, 100, 100};
  s->p_kick = pk[nic_rng_below(&s->rng, 6)];
  s->p_ready = pr[nic_rng_below(&s->rng, 6)];
  s->p_bad = (unsigned)nic_rng_below(&s->rng, 8);
  s->p_csr_rand = (unsigned)nic_rng_below(&s->rng, 6);
  s->p_inval = nic_rng_pct(&s->rng, 50);
  s->p_premap = nic_rng_pct(&s->rng, 50);
  s->p_slow = (unsigned)nic_rng_below(&s->rng, 40);
  s->phase_left = 200 + (uint32_t)nic_rng_below(&s->rng, 4000);
  if (s->p_ready == 0) s->phase_left = 50 + (uint32_t)nic_rng_below(&s->rng, 600); /* long stall */
  if (nic_rng_pct(&s->rng, 1) && s->on < OPCAP / 2) { /* fill the transaction FIFO to full */
    for (uint32_t u = 0; u < NUSERS; u++) {
      wr(s, CSR_AOTF_SEND_CREDIT_SEL, u);
      wr(s, CSR_AOTF_SEND_CREDIT_LIMIT, 4096);
    }
    s->p_kick = 100;
    s->p_ready = 0;
    s->p_bad = 0;
    s->phase_left = 2600 + (uint32_t)nic_rng_below(&s->rng, 1500);
  }
}

/* map every page at the start, each into a way of its own: the decisions are all taken now,
 * before any of their writes has run, so two pages of one set must not be given the same way
 * (the second mapping would rewrite the seeds of a way whose tag is already valid). A page
 * with no free way left in its set stays unmapped (its kicks miss and the driver refills). */
static void premap_all(st_t *s) {
  uint8_t taken[SETS];
  memset(taken, 0, sizeof(taken));
  for (uint32_t i = 0; i < s->npages; i++) {
    uint32_t set = s->pages[i] & 0xFF;
    for (uint32_t k = 0; k < WAYS; k++) {
      uint32_t way = (i + k) % WAYS;
      if (!(taken[set] & (1u << way))) {
        taken[set] |= (uint8_t)(1u << way);
        map_page(s, s->pages[i], way);
        break;
      }
    }
  }
}

/* directed scripts: returns 0 when the test is over */
static int directed(st_t *s, const aotf_send_out_t *prev) {
  uint64_t t = s->cycle - s->step_t;
  int idle = s->on == 0 && !s->blocked && !s->inflight_v;
  switch (s->step) {
    case 0: /* after reset: configuration */
      if (s->mode == M_CREDITS) config(s, 3, 3);
      else config(s, FDEPTH / NUSERS, s->mode == M_MISS || s->mode == M_WALK ? 1 : 3);
      if (s->mode == M_WALK) { /* the HTT, then the walker on */
        for (uint32_t i = 0; i < s->npages; i++) {
          if (s->variant == V_BENCH) htt_put(s, s->pages[i], s->pages[i], 1);
          else htt_random(s, s->pages[i]);
        }
        wr(s, CSR_AOTF_SEND_CTRL, (8u << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_WALK_EN_LSB));
      }
      if (s->mode == M_HIT || s->mode == M_BE || s->mode == M_CREDITS || s->mode == M_BP || s->mode == M_CSR ||
          s->mode == M_HDR)
        premap_all(s);
      if (s->mode == M_HDR) { /* every page in the HTT too: invalidated entries come back by walks */
        for (uint32_t e = 0; e < HTT_N; e++) {
          wr(s, CSR_AOTF_SEND_HTT_IDX, e << AOTF_SEND_HTT_IDX_ENTRY_LSB);
          wr(s, CSR_AOTF_SEND_HTT_TAG, e);
        }
        for (uint32_t i = 0; i < s->npages; i++) htt_put(s, s->pages[i], s->pages[i], 1);
        wr(s, CSR_AOTF_SEND_CTRL, (8u << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_WALK_EN_LSB));
      }
      s->step = 1;
      s->step_t = s->cycle;
      break;
    case 1: /* wait for the configuration */
      if (idle) { s->step = 2; s->step_t = s->cycle; }
      break;
    case 2: { /* traffic */
      uint64_t len = s->mode == M_BE ? 6000 : s->mode == M_CSR ? 8000 : s->mode == M_HIT ? 20000 : 12000;
      if (s->mode == M_WALK && s->variant != V_BENCH) {
        len = 30000;
        if (t == 10000) wr(s, CSR_AOTF_SEND_CTRL, 8u << AOTF_SEND_CTRL_WINDOW_LSB); /* walker off a while */
        if (t == 14000) wr(s, CSR_AOTF_SEND_CTRL, (8u << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_WALK_EN_LSB));
        if (t == 20000) { s->p_ready = 30; s->p_kick = 60; }   /* back-pressure: walks wait for PG_BUSY */
        if (t == 24000) { s->p_ready = 90; s->p_kick = 30; }
      }
      if (s->mode == M_HDR) {
        len = 16000;
        if (t == 6000) wr(s, CSR_AOTF_SEND_CTRL, 8u << AOTF_SEND_CTRL_WINDOW_LSB); /* driver refills */
        if (t == 9000) wr(s, CSR_AOTF_SEND_CTRL, (8u << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_WALK_EN_LSB));
        if (t == 12000) { s->p_kick = 100; s->p_ready = 100; } /* back to back: throughput */
      }
      if (s->mode == M_CSR && t == 10) {
        /* register semantics: arbitrary seed values, tags, W1C, window, unmapped */
        for (uint32_t i = 0; i < 16; i++) {
          uint32_t set = (uint32_t)nic_rng_below(&s->rng, 256), way = (uint32_t)nic_rng_below(&s->rng, 4);
          uint32_t w = (uint32_t)nic_rng_below(&s->rng, 4);
          int used = 0;
          for (uint32_t j = 0; j < s->npages; j++) used |= (s->pages[j] & 0xFF) == set;
          if (used) continue;
          uint64_t v = nic_rng_next(&s->rng);
          wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, way, w));
          wr(s, CSR_AOTF_SEND_SEED_LO, (uint32_t)v);
          wr(s, CSR_AOTF_SEND_SEED_HI, (uint32_t)(v >> 32));
          rdchk(s, CSR_AOTF_SEND_SEED_LO);
          rdchk(s, CSR_AOTF_SEND_SEED_HI);
          wr(s, CSR_AOTF_SEND_HTLB_TAG, (uint32_t)nic_rng_below(&s->rng, 256)); /* invalid, arbitrary tag */
          rdchk(s, CSR_AOTF_SEND_HTLB_TAG);
          rdchk(s, CSR_AOTF_SEND_HTLB_IDX);
        }
        wr(s, CSR_AOTF_SEND_IRQ_EN, 2);
        rdchk(s, CSR_AOTF_SEND_IRQ_EN);
        for (uint32_t i = 0; i < N_ALL_REGS; i++) rdchk(s, all_regs[i]);
        for (uint32_t i = 0; i < 40; i++) rdchk(s, 0x080 + 4 * (uint32_t)nic_rng_below(&s->rng, 0x3E0));
        for (uint32_t i = 0; i < N_ALL_REGS; i++) wr(s, all_regs[i] == CSR_AOTF_SEND_CTRL ? 0x100 : all_regs[i], 0xFFFFFFFFu);
      }
      if (s->mode == M_CSR && t >= 200 && t < 200 + 6 * 900) {
        /* double mappings: a scratch page in ways b (its seeds) and a < b (alternate seeds); the
         * lowest matching way wins, so kicks carry the alternate header until a is invalidated */
        static const uint32_t pa[6] = {0, 0, 0, 1, 1, 2}, pb[6] = {1, 2, 3, 2, 3, 3};
        uint32_t r = (uint32_t)((t - 200) / 900), u = (uint32_t)((t - 200) % 900);
        uint32_t set = s->scratch_set, page = (s->alt_tag << 8) | set, a = pa[r], b = pb[r];
        if (u == 0) {
          for (uint32_t w = 0; w < 4; w++) {
            uint64_t v = seed_alt(s, page, w), n = seed_word(s, page, w);
            wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, a, w));
            wr(s, CSR_AOTF_SEND_SEED_LO, (uint32_t)v);
            wr(s, CSR_AOTF_SEND_SEED_HI, (uint32_t)(v >> 32));
            wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, b, w));
            wr(s, CSR_AOTF_SEND_SEED_LO, (uint32_t)n);
            wr(s, CSR_AOTF_SEND_SEED_HI, (uint32_t)(n >> 32));
          }
          wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, b, 0));
          wr(s, CSR_AOTF_SEND_HTLB_TAG, (1u << AOTF_SEND_HTLB_TAG_VALID_LSB) | s->alt_tag);
          wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv(set, a, 0));
          wr(s, CSR_AOTF_SEND_HTLB_TAG, (1u << AOTF_SEND_HTLB_TAG_VALID_LSB) | s->alt_tag);
          s->force_page = (int)page;
        }
        if (u == 300) {
          if (s->on) fail(s, "csr: double-mapping set-up not done", s->on, 0);
          s->alt_active = 1;
          s->p_kick = 30;
        }
        if (u == 400 || u == 660) s->p_kick = 0;
        if (u == 600) {
          if (s->qn) {
            fail(s, "csr: double-mapping kicks not drained", s->qn, 0);
            if (getenv("AOTF_DBG") && prev)
              fprintf(stderr, "  head page %04x user %u force %04x lk=%llu fifo=%llu pg=%02llx tv=%llu st=%04llx used=%016llx/%016llx\n",
                      s->q[s->qh].page, s->q[s->qh].user, (unsigned)s->force_page, (unsigned long long)prev->dbg_lk_state_o,
                      (unsigned long long)prev->dbg_fifo_count_o, (unsigned long long)prev->dbg_pg_o,
                      (unsigned long long)prev->m_axis_tvalid, (unsigned long long)prev->dbg_status_o,
                      (unsigned long long)prev->dbg_used_hi_o, (unsigned long long)prev->dbg_used_lo_o);
          }
          s->alt_active = 0;
          inval(s, set, a);   /* kicks resume once it has run (a kick before would still hit a) */
        }
        if (u == 620) {
          if (s->on) fail(s, "csr: invalidation of the alternate way not done", s->on, 0);
          s->p_kick = 30;
        }
        if (u == 890) {
          if (s->qn) fail(s, "csr: single-mapping kicks not drained", s->qn, 0);
          inval(s, set, b);
          s->force_page = -1;
        }
      }
      if (s->mode == M_CSR && t == 6000) { s->p_kick = 40; s->p_bad = 20; }
      if (s->mode == M_RESET && (t == 3000 || t == 7000 || t == 9500)) {
        s->reset_left = 1 + (uint32_t)nic_rng_below(&s->rng, 4);
      }
      if (s->mode == M_BP) { /* tready patterns */
        uint64_t ph = (t / 700) % 6;
        static const unsigned pr[] = {100, 0, 50, 10, 90, 0};
        s->p_ready = pr[ph];
        if (ph == 5 && (t % 700) > 400) s->p_ready = 100;
      }
      if (s->mode == M_CREDITS && t == 4000) { /* oversubscribe: FIFO full back-pressure */
        for (uint32_t u = 0; u < NUSERS; u++) {
          wr(s, CSR_AOTF_SEND_CREDIT_SEL, u);
          wr(s, CSR_AOTF_SEND_CREDIT_LIMIT, 4096);
        }
        s->p_kick = 100;
        s->p_ready = 0;
      }
      if (s->mode == M_CREDITS && t == 7000) { s->p_ready = 100; s->p_kick = 30; }
      if (s->mode == M_CREDITS && t == 9000) {
        for (uint32_t u = 0; u < NUSERS; u++) {
          wr(s, CSR_AOTF_SEND_CREDIT_SEL, u);
          wr(s, CSR_AOTF_SEND_CREDIT_LIMIT, u & 1 ? 0 : 2);
        }
      }
      if (s->mode == M_HIT && t == 2500) s->p_kick = 0;   /* drain the backlog */
      if (s->mode == M_HIT && t == 13500) s->p_kick = 20; /* exactly the sustainable rate */
      if (s->mode == M_HIT && t == 15500) s->p_kick = 2;  /* mostly an empty pipe: latency */
      if (t >= len) { s->step = 3; s->step_t = s->cycle; s->p_kick = 0; s->p_ready = 100; }
      break;
    }
    case 3: /* drain: every expected packet out */
      if (s->qn == 0 && s->pend_n == 0 && idle && !s->drv_busy && prev && !prev->dbg_miss_o &&
          prev->dbg_lk_state_o != AOTF_LK_WALK) {
        readback_all(s);
        s->step = 4;
        s->step_t = s->cycle;
      } else if (t > 60000) {
        fail(s, "drain did not finish (lost packets?)", s->qn, 0);
        return 0;
      }
      break;
    case 4:
      if (idle) return 0;
      break;
    default: return 0;
  }
  return 1;
}

/* credit returns due by this cycle (the used count of the cycle includes them); called before
 * the stimulus and the check of a cycle use s->used */
static void apply_returns(st_t *s) {
  while (s->rp_n && s->rp_due[s->rp_h] <= s->cycle) {
    uint32_t ru = s->rp_user[s->rp_h];
    if (s->used[ru] == 0) fail(s, "credit return below zero", ru, 0);
    else s->used[ru]--;
    s->rp_h = (s->rp_h + 1) % 4;
    s->rp_n--;
  }
}

/* A view read right after the walker wrote (dbg_walk_o bit 20: a seed word, bit 21: a tag), read
 * back at once, of the entry written (70 %) or of another way of it:
 *  - seed word: the seed RAM takes it this cycle, so the view of that word is the view forward
 *    (another way's same word: the same RAM word, another lane);
 *  - tag: the HTLB's write stage holds it (the tag RAM takes it after this cycle), so the view of
 *    that set is the tag forward. */
static void walk_poke(st_t *s, const aotf_send_out_t *prev, int tag) {
  if (!(prev && ((prev->dbg_walk_o >> (tag ? 21 : 20)) & 1) && (s->mode == M_RANDOM || s->mode == M_WALK) &&
        s->variant != V_BENCH && s->on == 0 &&
        !s->drv_busy && !s->inflight_v && !s->blocked && !s->delay && nic_rng_pct(&s->rng, 30)))
    return;
  uint32_t wk = (uint32_t)prev->dbg_walk_o;
  uint32_t way2 = nic_rng_pct(&s->rng, 70) ? (wk >> 16) & 3 : (uint32_t)nic_rng_below(&s->rng, WAYS);
  wr(s, CSR_AOTF_SEND_HTLB_IDX, idxv((wk >> 8) & 0xFF, way2, tag ? 0 : (wk >> 18) & 3));
  if (tag) {
    rdchk(s, CSR_AOTF_SEND_HTLB_TAG);
    s->n_wk_tpokes++;
  } else {
    rdchk(s, CSR_AOTF_SEND_SEED_LO);
    rdchk(s, CSR_AOTF_SEND_SEED_HI);
    s->n_wk_pokes++;
  }
}

int aotf_send_stim_next(void *p, uint64_t cycle, const aotf_send_out_t *prev, aotf_send_in_t *in) {
  st_t *s = p;
  s->cycle = cycle;
  apply_returns(s);
  memset(in, 0, sizeof(*in));
  in->rst_ni = 1;
  in->m_axis_tready = 1;
  if (s->done) return 0;

  /* reset */
  if (s->mode == M_RANDOM && cycle > 100 && nic_rng_below(&s->rng, 60000) == 0)
    s->reset_left = 1 + (uint32_t)nic_rng_below(&s->rng, 5);
  if (s->reset_left) {
    s->reset_left--;
    in->rst_ni = 0;
    /* traffic keeps going on the inputs: it must be ignored */
    if (cycle > 3) {
      in->st_valid_i = nic_rng_pct(&s->rng, 50);
      in->st_addr_i = (s->window << 28) | ((uint32_t)nic_rng_next(&s->rng) & 0x0FFFFFF8u);
      in->st_be_i = 0xFF;
      static const uint32_t ra[] = {CSR_AOTF_SEND_CREDIT_LIMIT, CSR_AOTF_SEND_SEED_HI, CSR_AOTF_SEND_HTLB_TAG,
                                    CSR_AOTF_SEND_CTRL, CSR_AOTF_SEND_SEED_LO, CSR_AOTF_SEND_IRQ_EN};
      in->csr_req_i = nic_rng_pct(&s->rng, 30);
      in->csr_we_i = nic_rng_pct(&s->rng, 70);
      in->csr_addr_i = ra[nic_rng_below(&s->rng, 6)];
      in->csr_wdata_i = (uint32_t)nic_rng_next(&s->rng) | 0x100u;
      if (!s->in_reset) { /* first reset cycle: a seed write that must not happen */
        in->csr_req_i = 1;
        in->csr_we_i = 1;
        in->csr_addr_i = CSR_AOTF_SEND_SEED_HI;
      }
      in->m_axis_tready = nic_rng_pct(&s->rng, 50);
    }
    s->on = 0;
    s->blocked = 0;
    s->inflight_v = 0;
    s->delay = 0;
    s->drv_busy = 0;
    s->in_reset = 1;
    s->busy_ref = 1;
    s->in = *in;
    return 1;
  }
  if (s->in_reset) { /* re-initialization after a reset */
    s->in_reset = 0;
    s->n_resets++;
    if (s->mode == M_RANDOM) {
      static const uint32_t cl[] = {8, 64, 256, 256, 1024, 4096};
      config(s, cl[nic_rng_below(&s->rng, 6)], 3);
    }
    if (s->mode == M_RESET && s->n_resets > 1) config(s, 256, 3);
  }

  if (s->mode != M_RANDOM) {
    if (!directed(s, prev)) { s->done = 1; return 0; }
  } else {
    if (s->phase_left-- == 0) new_phase(s);
  }

  /* m_axis back-pressure */
  in->m_axis_tready = nic_rng_pct(&s->rng, s->p_ready);
  if (s->mode == M_RANDOM && (cycle / 5000) % 7 == 3) in->m_axis_tready = (cycle >> 3) & 1; /* pattern */

  /* stores */
  if (nic_rng_pct(&s->rng, s->p_kick)) gen_store(s, in);
  else if (nic_rng_pct(&s->rng, 5)) { /* an idle bus with garbage */
    in->st_addr_i = (uint32_t)nic_rng_next(&s->rng);
    in->st_be_i = (uint32_t)nic_rng_below(&s->rng, 256);
    in->st_data_i = nic_rng_next(&s->rng);
  }

  /* the miss / irq driver and random CSR traffic */
  s->busy_ref = prev && prev->dbg_init_o;
  if (prev && !s->drv_busy && s->on == 0 && !s->blocked && !s->inflight_v && s->delay == 0) {
    int want = 0;
    if (s->irq_en & 1) want = (int)prev->irq_o || ((int)prev->dbg_miss_o && nic_rng_pct(&s->rng, 1));
    else want = (int)prev->dbg_miss_o && nic_rng_pct(&s->rng, 5); /* polling software */
    if (s->irq_en == 2 && prev->irq_o) want = 1;
    if (want) {
      s->drv_busy = 1;
      s->drv_start = cycle;
      s->n_irq++;
      if (nic_rng_pct(&s->rng, s->p_slow)) push_op(s, OP_DELAY, 0, (uint32_t)nic_rng_below(&s->rng, 200));
      push_op(s, OP_RD_IRQST, CSR_AOTF_SEND_STATUS, 0);
    } else if (nic_rng_pct(&s->rng, s->p_csr_rand) && (s->mode == M_RANDOM || s->step == 2)) {
      random_csr(s);
    }
  }

  /* CSR accesses to the tag RAM while the init sweep runs (the sweep pauses for them) */
  s->poke_swept = 0;
  if (s->poke_state == 1) {
    in->csr_req_i = 1;
    in->csr_addr_i = CSR_AOTF_SEND_HTLB_TAG;
    if (s->poke_swept_pending) { /* write an invalid entry */
      in->csr_we_i = 1;
      in->csr_wdata_i = (uint32_t)nic_rng_below(&s->rng, 256);
      s->poke_swept = s->poke_swept_pending == 2; /* ahead of the sweep: it will be cleared */
    } else {
      op_t o;
      memset(&o, 0, sizeof(o));
      o.kind = OP_RD_CHK;
      o.addr = CSR_AOTF_SEND_HTLB_TAG;
      read_expect(s, o.addr, &o.eval, &o.emask);
      s->inflight = o;
      s->inflight_v = 1;
      s->inflight_t = cycle;
    }
    s->poke_state = 0;
    s->in = *in;
    return 1;
  }
  /* (not right after a flush write: the sweep restarts from set 0 this cycle, so the pointer
   * of last cycle would misplace the poke) */
  int flushed = s->in.csr_req_i && s->in.csr_we_i && (s->in.csr_addr_i & 0xFFF) == CSR_AOTF_SEND_CTRL &&
                ((s->in.csr_wdata_i >> AOTF_SEND_CTRL_FLUSH_LSB) & 1);
  if (prev && prev->dbg_init_o && prev->dbg_init_ptr_o > 12 && prev->dbg_init_ptr_o < 240 && !s->inflight_v &&
      !flushed && !s->blocked && !s->delay && s->on && s->ops[s->oh].kind == OP_WAIT_INIT &&
      nic_rng_pct(&s->rng, 10)) {
    uint32_t ptr = (uint32_t)prev->dbg_init_ptr_o;
    unsigned k = (unsigned)nic_rng_below(&s->rng, 4);
    /* k == 3: the set the sweep writes in the cycle after the HTLB_IDX write (the sweep advanced
     * last cycle: no CSR request then), read right away: the sweep clears the view in the cycle
     * it captures the RAM data */
    if (k == 3 && s->in.csr_req_i) k = 0;
    if (k == 3) { s->poke_set = ptr + 1; s->poke_swept_pending = 0; }
    else if (k == 0) { s->poke_set = (uint32_t)nic_rng_below(&s->rng, ptr - 8); s->poke_swept_pending = 0; }
    else if (k == 1) { s->poke_set = (uint32_t)nic_rng_below(&s->rng, ptr - 8); s->poke_swept_pending = 1; }
    else { s->poke_set = ptr + 8 + (uint32_t)nic_rng_below(&s->rng, 256 - ptr - 8); s->poke_swept_pending = 2; }
    s->poke_way = (uint32_t)nic_rng_below(&s->rng, WAYS);
    in->csr_req_i = 1;
    in->csr_we_i = 1;
    in->csr_addr_i = CSR_AOTF_SEND_HTLB_IDX;
    in->csr_wdata_i = idxv(s->poke_set, s->poke_way, 0);
    s->poke_state = 1;
    s->n_pokes++;
    s->in = *in;
    return 1;
  }

  walk_poke(s, prev, 0);
  walk_poke(s, prev, 1);

  /* issue one CSR op */
  if (s->delay) s->delay--;
  else if (!s->blocked && s->on) {
    op_t o = s->ops[s->oh];
    int issue = 1;
    if (o.kind == OP_WAIT_INIT) {
      /* the sweep may start the cycle after a flush write: look twice */
      if (o.wdata < 2) { s->ops[s->oh].wdata++; issue = 0; }
      else if (!prev || prev->dbg_init_o) issue = 0;
      else { s->oh = (s->oh + 1) % OPCAP; s->on--; issue = 0; }
    } else if (o.kind == OP_DELAY) {
      s->delay = o.wdata;
      s->oh = (s->oh + 1) % OPCAP;
      s->on--;
      issue = 0;
    } else if (o.kind == OP_WAIT_WALK) {
      if (prev && prev->dbg_lk_state_o != AOTF_LK_WALK && (prev->dbg_walk_o >> 22) == 0) {
        s->oh = (s->oh + 1) % OPCAP;
        s->on--;
      }
      issue = 0;
    } else if (o.kind == OP_WR_SEEDV) {
      if (!s->seed_written[s->idx_set][s->idx_way][s->idx_word]) {
        s->oh = (s->oh + 1) % OPCAP;
        s->on--;
        issue = 0;
      } else {
        uint64_t v = s->seed_val[s->idx_set][s->idx_way][s->idx_word];
        o.wdata = o.addr == CSR_AOTF_SEND_SEED_LO ? (uint32_t)v : (uint32_t)(v >> 32);
        o.kind = OP_WR;
      }
    } else if (o.kind == OP_DRV_DONE) {
      s->drv_busy = 0;
      s->oh = (s->oh + 1) % OPCAP;
      s->on--;
      issue = 0;
    } else if ((o.addr == CSR_AOTF_SEND_HTLB_TAG && o.kind != OP_WR) && s->busy_ref) {
      issue = 0; /* no tag reads while the sweep runs (RAM content not yet defined) */
    } else if ((o.addr == CSR_AOTF_SEND_SEED_LO || o.addr == CSR_AOTF_SEND_SEED_HI) && o.kind == OP_RD_CHK &&
               !s->seed_view0 && !s->seed_written[s->idx_set][s->idx_way][s->idx_word]) {
      s->oh = (s->oh + 1) % OPCAP; /* power-up seed content (an index poked during the sweep): skip */
      s->on--;
      issue = 0;
    }
    if (issue && s->mode == M_RANDOM && nic_rng_pct(&s->rng, s->p_slow / 2)) issue = 0; /* slow software */
    if (issue) {
      s->oh = (s->oh + 1) % OPCAP;
      s->on--;
      in->csr_req_i = 1;
      in->csr_addr_i = o.addr;
      if (o.kind == OP_WR) {
        in->csr_we_i = 1;
        in->csr_wdata_i = o.wdata;
      } else {
        in->csr_wdata_i = (uint32_t)nic_rng_next(&s->rng); /* ignored on reads */
        read_expect(s, o.addr, &o.eval, &o.emask);
        s->inflight = o;
        s->inflight_v = 1;
        s->inflight_t = cycle;
        if (o.kind != OP_RD_CHK) s->blocked = 1;
      }
    }
  }
  if (!in->csr_req_i && nic_rng_pct(&s->rng, 3)) { /* bus noise without req */
    in->csr_we_i = 1;
    in->csr_addr_i = CSR_AOTF_SEND_HTLB_TAG;
    in->csr_wdata_i = (uint32_t)nic_rng_next(&s->rng);
  }
  s->in = *in;
  return 1;
}

/* ------------------------------------------------------------------ check */
static void csr_write_ref(st_t *s, uint32_t a, uint32_t d) {
  switch (a) {
    case CSR_AOTF_SEND_CTRL:
      if ((d & 0xF) != s->window) s->prev_window = s->window;
      s->window = d & 0xF;
      s->walk_en = (d >> AOTF_SEND_CTRL_WALK_EN_LSB) & 1;
      s->walk_used |= (int)s->walk_en;
      if ((d >> AOTF_SEND_CTRL_FLUSH_LSB) & 1) {
        memset(s->tag_valid, 0, sizeof(s->tag_valid));
        memset(s->tag_fmt, 0, sizeof(s->tag_fmt));
        for (uint32_t i = 0; i < SETS; i++)
          for (uint32_t w = 0; w < WAYS; w++) s->tag_page[i][w] = i;
      }
      break;
    case CSR_AOTF_SEND_IRQ_EN: s->irq_en = d & 3; break;
    case CSR_AOTF_SEND_HTLB_IDX:
      s->seed_view0 = 0;
      s->idx_set = (d >> AOTF_SEND_HTLB_IDX_SET_LSB) & 0xFF;
      s->idx_way = (d >> AOTF_SEND_HTLB_IDX_WAY_LSB) & 3;
      s->idx_word = (d >> AOTF_SEND_HTLB_IDX_WORD_LSB) & 3;
      break;
    case CSR_AOTF_SEND_HTLB_TAG:
      if (getenv("AOTF_DBG")) fprintf(stderr, "csr tag cyc %llu set %02x way %u d %03x\n", (unsigned long long)s->cycle, s->idx_set, s->idx_way, d & 0x1FF);
      s->tag_valid[s->idx_set][s->idx_way] = (d >> AOTF_SEND_HTLB_TAG_VALID_LSB) & 1;
      s->tag_page[s->idx_set][s->idx_way] = ((d & 0xFF) << 8) | s->idx_set;
      s->tag_fmt[s->idx_set][s->idx_way] = (d >> AOTF_SEND_HTLB_TAG_LPOS_LSB) & 0x1FFF;
      break;
    case CSR_AOTF_SEND_SEED_LO: s->seed_lo = d; break;
    case CSR_AOTF_SEND_HTT_IDX:
      s->htt_idx = (d >> AOTF_SEND_HTT_IDX_ENTRY_LSB) & (HTT_N - 1);
      s->htt_word = (d >> AOTF_SEND_HTT_IDX_WORD_LSB) & 3;
      break;
    case CSR_AOTF_SEND_HTT_SEED_LO: s->htt_lo = d; break;
    case CSR_AOTF_SEND_SEED_HI: {
      uint64_t v = ((uint64_t)d << 32) | s->seed_lo;
      s->seed_view0 = 0;
      s->seed_val[s->idx_set][s->idx_way][s->idx_word] = v;
      s->seed_written[s->idx_set][s->idx_way][s->idx_word] = 1;
      /* the way belongs to a page once all four words are that page's seeds */
      int32_t own = -1;
      for (uint32_t tag = 0; tag < 256 && own < 0; tag++) {
        uint32_t page = (tag << 8) | s->idx_set;
        int ok = 1;
        for (uint32_t w = 0; w < 4 && ok; w++)
          ok = s->seed_written[s->idx_set][s->idx_way][w] &&
               s->seed_val[s->idx_set][s->idx_way][w] == seed_word(s, page, w);
        if (ok) own = (int32_t)page;
      }
      s->seed_owner[s->idx_set][s->idx_way] = own;
      break;
    }
    case CSR_AOTF_SEND_CREDIT_SEL: s->csel = d & 7; break;
    case CSR_AOTF_SEND_CREDIT_LIMIT: s->lim[s->csel] = d & 0xFFFF; break;
    case CSR_AOTF_SEND_STATUS: s->sticky_err &= ~((d >> AOTF_SEND_STATUS_ERR_ALIGN_LSB) & 0xF); break;
    default: break;
  }
}

static void read_response(st_t *s, const op_t *o, uint32_t v) {
  switch (o->kind) {
    case OP_RD_CHK:
      if ((v & o->emask) != (o->eval & o->emask)) {
        char msg[96];
        snprintf(msg, sizeof(msg), "CSR read 0x%03x", o->addr);
        fail(s, msg, v, o->eval);
      }
      break;
    case OP_RD_IRQST: {
      uint32_t err = (v >> AOTF_SEND_STATUS_ERR_ALIGN_LSB) & 0xF;
      if ((v & o->emask) != (o->eval & o->emask)) fail(s, "STATUS (driver) sticky errors", v, o->eval);
      if (err) wr(s, CSR_AOTF_SEND_STATUS, err << AOTF_SEND_STATUS_ERR_ALIGN_LSB);
      if ((v >> AOTF_SEND_STATUS_MISS_WAIT_LSB) & 1) {
        drv_start_miss(s);
      } else {
        if ((v >> AOTF_SEND_STATUS_IRQ_MISS_LSB) & 1) wr(s, CSR_AOTF_SEND_STATUS, 1u << AOTF_SEND_STATUS_IRQ_MISS_LSB);
        push_op(s, OP_DRV_DONE, 0, 0);
      }
      break;
    }
    case OP_RD_MISSA: s->drv_miss_addr = v; break;
    case OP_RD_VICT:
      if (v > 3) fail(s, "MISS_VICTIM range", v, 3);
      drv_refill(s, v & 3);
      break;
    case OP_RD_PGPOLL:
      s->saw_pg_poll = 1;
      if ((v >> AOTF_SEND_STATUS_PG_BUSY_LSB) & 1) {
        op_t again = *o;
        push_front_op(s, again);
      }
      break;
    default: break;
  }
}

int aotf_send_stim_check(void *p, const aotf_send_out_t *o) {
  st_t *s = p;
  int before = s->fails;
  if (!o) { /* end of test */
    if (s->mode != M_RANDOM) {
      if (!s->done) fail(s, "directed test did not finish in the given cycles (use more CYCLES)", s->step, 4);
      if (s->n_pkts == 0) fail(s, "no packet sent", 0, 1);
      if ((s->mode == M_MISS || s->mode == M_CONFLICT) && s->n_miss_handled == 0) fail(s, "no miss handled", 0, 1);
      if (s->mode == M_CONFLICT && !s->saw_victim_nonzero) fail(s, "victim way never > 0", 0, 1);
      if (s->mode == M_CREDITS && !s->saw_credit_err) fail(s, "credits never exhausted", 0, 1);
      if (s->mode == M_CREDITS && !s->n_full) fail(s, "FIFO never full (back-pressure)", 0, 1);
      if ((s->mode == M_CREDITS || s->mode == M_RESET) && !s->n_stage_wait) fail(s, "no store waited in the store stage", 0, 1);
      if (s->mode == M_BP && !s->saw_stall) fail(s, "no stall seen", 0, 1);
      if (s->mode == M_RESET && s->n_resets < 3) fail(s, "resets", s->n_resets, 3);
      if (s->mode == M_CSR && !s->n_alt) fail(s, "csr: no packet through the double mapping", 0, 1);
      if ((s->mode == M_CSR || s->mode == M_RESET) && !s->n_pokes) fail(s, "no CSR access during the init sweep", 0, 1);
      if (s->mode == M_BE && s->be_next < 256) fail(s, "not every byte-enable pattern", s->be_next, 256);
      if (s->mode == M_WALK && !s->n_whit) fail(s, "walk: no walker refill", 0, 1);
      if (s->mode == M_HDR && (!s->n_fmt_pkts || !s->n_whit || !s->n_miss_handled))
        fail(s, "hdrlen: no formatted packet / walker refill / driver refill", s->n_fmt_pkts, 1);
      if (s->mode == M_WALK && s->variant != V_BENCH && (!s->n_wmiss || !s->n_miss_handled))
        fail(s, "walk: no walk fell back to the driver", s->n_wmiss, 1);
    } else if (s->n_pkts == 0 && s->cycle > 20000) {
      fail(s, "no packet sent", 0, 1);
    }
    fprintf(stderr,
            "aotf_send stim [%s]: cycles=%llu kicks=%llu refused=%llu pkts=%llu beats=%llu misses_handled=%llu "
            "irqs=%llu resets=%llu fifo_full=%llu stage_waits=%llu sweep_pokes=%llu alt_pkts=%llu walk_seed_pokes=%llu "
            "walk_tag_pokes=%llu\n",
            s->name, (unsigned long long)s->cycle, (unsigned long long)s->n_kicks,
            (unsigned long long)s->n_refused, (unsigned long long)s->n_pkts, (unsigned long long)s->n_beats,
            (unsigned long long)s->n_miss_handled, (unsigned long long)s->n_irq, (unsigned long long)s->n_resets,
            (unsigned long long)s->n_full, (unsigned long long)s->n_stage_wait, (unsigned long long)s->n_pokes,
            (unsigned long long)s->n_alt, (unsigned long long)s->n_wk_pokes,
            (unsigned long long)s->n_wk_tpokes);
    if (s->lat_n)
      fprintf(stderr, "aotf_send stim [%s]: kick->first beat latency (empty pipe) min=%llu max=%llu avg=%.2f n=%llu\n",
              s->name, (unsigned long long)s->lat_min, (unsigned long long)s->lat_max,
              (double)s->lat_sum / (double)s->lat_n, (unsigned long long)s->lat_n);
    if (s->tp_cycles)
      fprintf(stderr, "aotf_send stim [%s]: sustained %.4f beats/cycle over %llu cycles (tready=1, FIFO non-empty)\n",
              s->name, (double)s->tp_beats / (double)s->tp_cycles, (unsigned long long)s->tp_cycles);
    if (s->variant == V_BENCH && s->mode == M_HIT) {
      if (!s->lat_n || !s->tp_cycles || !s->acc_offered) fail(s, "bench: nothing measured", 0, 1);
      else {
        if (s->hdr16) { /* the 16-byte compact header: 2 header beats + 1 data beat */
          printf("bench: aotf.kick_to_link_cycles_hdr16 %llu\n", (unsigned long long)s->lat_min);
          printf("bench: aotf.kick_to_last_beat_cycles_hdr16 %llu\n", (unsigned long long)s->last_min);
          printf("bench: aotf.link_beats_per_cycle_hdr16 %.4f\n", (double)s->tp_beats / (double)s->tp_cycles);
          printf("bench: aotf.kicks_per_cycle_hdr16 %.4f\n", (double)s->tp_beats / (double)s->tp_cycles / 3.0);
        } else {
          printf("bench: aotf.kick_to_link_cycles %llu\n", (unsigned long long)s->lat_min);
          printf("bench: aotf.kick_to_link_cycles_max %llu\n", (unsigned long long)s->lat_max);
          printf("bench: aotf.kick_to_last_beat_cycles %llu\n", (unsigned long long)s->last_min);
          printf("bench: aotf.link_beats_per_cycle %.4f\n", (double)s->tp_beats / (double)s->tp_cycles);
          printf("bench: aotf.kicks_per_cycle %.4f\n", (double)s->tp_beats / (double)s->tp_cycles / 5.0);
          printf("bench: aotf.store_accept_per_cycle %.4f\n", (double)s->acc_taken / (double)s->acc_offered);
        }
      }
    }
    if (s->variant == V_BENCH && s->mode == M_MISS) {
      if (!s->pen_n || !s->mtp_n) fail(s, "bench: no miss measured", 0, 1);
      else {
        printf("bench: aotf.miss_penalty_cycles %llu\n", (unsigned long long)s->pen_min);
        printf("bench: aotf.miss_penalty_cycles_avg %.1f\n", (double)s->pen_sum / (double)s->pen_n);
        printf("bench: aotf.miss_to_packet_cycles_with_driver %.1f\n", (double)s->mtp_sum / (double)s->mtp_n);
        printf("bench: aotf.misses_measured %llu\n", (unsigned long long)s->pen_n);
      }
    }
    if (s->n_wstart)
      fprintf(stderr, "aotf_send stim [%s]: walks=%u refills=%u fallbacks=%u aborted=%llu walk->first beat min=%llu "
              "max=%llu n=%llu\n", s->name, s->n_wstart, s->n_whit, s->n_wmiss, (unsigned long long)s->n_walk_aborts,
              (unsigned long long)(s->hw_n ? s->hw_min : 0), (unsigned long long)s->hw_max, (unsigned long long)s->hw_n);
    if (s->variant == V_BENCH && s->mode == M_WALK) {
      if (!s->hw_n) fail(s, "bench: no walk measured", 0, 1);
      else {
        printf("bench: aotf.miss_to_packet_cycles_hw_walk %.1f\n", (double)s->hw_sum / (double)s->hw_n);
        printf("bench: aotf.miss_to_packet_cycles_hw_walk_min %llu\n", (unsigned long long)s->hw_min);
        printf("bench: aotf.walks_measured %llu\n", (unsigned long long)s->hw_n);
      }
    }
    if (s->variant == V_DEMO)
      printf("demo: %llu kicks accepted, %llu refused (bad byte enables / window / credits), %llu packets, "
             "%llu HTLB misses serviced by the driver\n", (unsigned long long)s->n_kicks,
             (unsigned long long)s->n_refused, (unsigned long long)s->n_pkts, (unsigned long long)s->n_miss_handled);
    return s->fails;
  }
  const aotf_send_in_t *in = &s->in;
  if (!in->rst_ni) {
    ref_reset(s);
    return 0;
  }
  apply_returns(s);
  /* ---- outputs vs reference state (start of this cycle) */
  for (uint32_t u = 0; u < NUSERS; u++) {
    uint64_t got = ((u < 4 ? o->dbg_used_lo_o : o->dbg_used_hi_o) >> (16 * (u & 3))) & 0xFFFF;
    if (got != s->used[u]) { fail(s, "credits used (dbg_used)", got, s->used[u]); break; }
  }
  /* store stage: the port is ready while the stage holds fewer than two stores; the stage
   * holds exactly the accepted, unclassified stores; it acts on its oldest store whenever the
   * HTLB is not sweeping and the FIFO has room */
  if (o->st_ready_o != (s->pend_n < 2)) fail(s, "st_ready_o vs stores held in the store stage", o->st_ready_o, s->pend_n < 2);
  if ((o->dbg_st_o & 1) != (s->pend_n > 0)) fail(s, "store stage valid (dbg_st_o)", o->dbg_st_o & 1, s->pend_n > 0);
  if (s->pend_n && !o->dbg_init_o && o->dbg_fifo_count_o < FDEPTH && !(o->dbg_st_o & 2))
    fail(s, "store stage holds a store with room in the FIFO", o->dbg_fifo_count_o, FDEPTH);
  if ((o->dbg_st_o & 2) && (o->dbg_init_o || o->dbg_fifo_count_o > FDEPTH))
    fail(s, "store stage acts during the init sweep / with the FIFO full", o->dbg_st_o, 1);
  if (s->pend_n && !(o->dbg_st_o & 2)) s->n_stage_wait++;
  if (o->dbg_fifo_count_o > FDEPTH + 1) fail(s, "FIFO count", o->dbg_fifo_count_o, FDEPTH + 1);
  /* back-pressure from a full FIFO reaching the port (not the stage draining after the sweep) */
  if (!o->st_ready_o && !o->dbg_init_o && o->dbg_fifo_count_o >= FDEPTH) s->n_full++;
  if ((s->irq_en & 2) && s->sticky_err && !o->irq_o) fail(s, "irq_o low with an enabled error", 0, 1);
  if (!(s->irq_en & 1) && !((s->irq_en & 2) && s->sticky_err) && o->irq_o) fail(s, "irq_o high with nothing enabled", 1, 0);
  /* outstanding kicks: FIFO + generator; credits used = outstanding per user */
  if (o->dbg_fifo_count_o > s->qn) fail(s, "FIFO holds more than the outstanding kicks", o->dbg_fifo_count_o, s->qn);

  /* ---- demo / bench observations */
  if (in->st_valid_i && !o->dbg_init_o && o->dbg_fifo_count_o < FDEPTH) {
    s->acc_offered++;
    s->acc_taken += o->st_ready_o;
  }
  if (o->dbg_miss_o && !s->miss_prev) {
    s->miss_t = s->cycle;
    s->tagwr_t = 0;
    if (s->variant == V_DEMO)
      printf("demo: cycle %6llu  HTLB miss raised: the kick waits, irq; the driver reads MISS_ADDR/MISS_VICTIM\n",
             (unsigned long long)s->cycle);
  }
  s->miss_prev = (int)o->dbg_miss_o;
  if (s->miss_t && in->csr_req_i && in->csr_we_i && in->csr_addr_i == CSR_AOTF_SEND_HTLB_TAG &&
      ((in->csr_wdata_i >> AOTF_SEND_HTLB_TAG_VALID_LSB) & 1)) {
    s->tagwr_t = s->cycle;
    if (s->variant == V_DEMO)
      printf("demo: cycle %6llu  refill: page 0x%04x -> set %u way %u (4 seed words, then the tag)\n",
             (unsigned long long)s->cycle, (unsigned)(((in->csr_wdata_i & 0xFF) << 8) | s->idx_set), s->idx_set, s->idx_way);
  }

  /* ---- refill walker: its writes into the HTLB (the shadow learns them), its events */
  {
    uint32_t wk = (uint32_t)o->dbg_walk_o, wset = (wk >> 8) & 0xFF, wway = (wk >> 16) & 3, wword = (wk >> 18) & 3;
    uint32_t wpage = ((wk & 0xFF) << 8) | wset;
    if ((wk >> 20) & 1) { /* seed word: the walked page's (the HTT holds each page's own seeds) */
      if (!s->walk_used) fail(s, "walker write with the walker never enabled", wk, 0);
      s->seed_val[wset][wway][wword] = seed_word(s, wpage, wword);
      s->seed_written[wset][wway][wword] = 1;
      int ok = 1;
      for (uint32_t w = 0; w < 4 && ok; w++)
        ok = s->seed_written[wset][wway][w] && s->seed_val[wset][wway][w] == seed_word(s, wpage, w);
      s->seed_owner[wset][wway] = ok ? (int32_t)wpage : -1;
      s->seed_view0 = s->seed_view0 && !(wset == s->idx_set && wway == s->idx_way && wword == s->idx_word);
    }
    if ((wk >> 21) & 1) { /* the tag: the page must be the head kick's and its seeds complete */
      int found = 0;
      for (uint32_t i = 0; i < s->qn && !found; i++) found = s->q[(s->qh + i) % QCAP].page == wpage;
      if (!found) fail(s, "walker refilled a page with no outstanding kick", wpage, 0);
      if (s->seed_owner[wset][wway] != (int32_t)wpage) fail(s, "walker tag before its seed words", wpage, 0);
      if (is_mapped(s, wpage)) fail(s, "walker refilled a mapped page", wpage, 0);
      s->tag_valid[wset][wway] = 1;
      s->tag_page[wset][wway] = wpage;
      s->tag_fmt[wset][wway] = fmt_of(s, wpage);
      if (getenv("AOTF_DBG")) fprintf(stderr, "walk refill cyc %llu page %04x way %u\n", (unsigned long long)s->cycle, wpage, wway);
      s->n_whit++;
      s->walk_hit_seen = 1;
    }
    /* a HTLB_TAG / SEED_* read issued this cycle returns the entry at the end of the cycle,
     * with this cycle's walker write */
    if (((wk >> 20) & 3) && s->inflight_v && s->inflight_t == s->cycle &&
        (s->inflight.addr == CSR_AOTF_SEND_HTLB_TAG || s->inflight.addr == CSR_AOTF_SEND_SEED_LO ||
         s->inflight.addr == CSR_AOTF_SEND_SEED_HI))
      read_expect(s, s->inflight.addr, &s->inflight.eval, &s->inflight.emask);
    uint32_t lk = (uint32_t)o->dbg_lk_state_o;
    if (lk == AOTF_LK_WALK && s->prev_lk == AOTF_LK_DEC) {
      s->n_wstart++;
      s->walk_t = s->cycle;
      s->walk_hit_seen = 0;
    }
    if (lk == AOTF_LK_MISS && s->prev_lk == AOTF_LK_WALK) s->n_wmiss++;
    /* WALK -> IDLE without a refill: a flush (abort), or a fallback retried because a tag write
     * made the suggested victim stale (counted as a walk miss) */
    if (lk == AOTF_LK_IDLE && s->prev_lk == AOTF_LK_WALK && !s->walk_hit_seen) {
      if (s->prev_flush) s->n_walk_aborts++;
      else s->n_wmiss++;
    }
    s->prev_flush = in->csr_req_i && in->csr_we_i && (in->csr_addr_i & 0xFFF) == CSR_AOTF_SEND_CTRL &&
                    ((in->csr_wdata_i >> AOTF_SEND_CTRL_FLUSH_LSB) & 1);
    /* (the DEC cycle's WALK_EN: the value at the start of the last cycle) */
    if (lk == AOTF_LK_WALK && !s->walk_en_last && s->prev_lk == AOTF_LK_DEC) fail(s, "walk with WALK_EN = 0", lk, 0);
    s->walk_en_last = s->walk_en;
    s->prev_lk = lk;
  }

  /* ---- stores */
  if (in->csr_req_i && in->csr_we_i && in->csr_addr_i == CSR_AOTF_SEND_STATUS)
    csr_write_ref(s, (uint32_t)in->csr_addr_i, (uint32_t)in->csr_wdata_i);
  if ((o->dbg_st_o & 2) && s->pend_n) {
    dec_t d = s->pend[0];
    uint64_t acc_t = s->pend_t[0];
    s->pend[0] = s->pend[1];
    s->pend_t[0] = s->pend_t[1];
    s->pend_n--;
    if (d.cls == 1) { s->cnt_align++; s->sticky_err |= 1; s->n_refused++; }
    else if (d.cls == 2) { s->cnt_win++; s->sticky_err |= 4; s->n_refused++; }
    else if (d.cls == 3) { s->cnt_be++; s->sticky_err |= 2; s->n_refused++; }
    else if (s->used[d.user] >= s->lim[d.user]) {
      s->cnt_cred++;
      s->sticky_err |= 8;
      s->err_user = d.user;
      s->n_refused++;
      s->saw_credit_err = 1;
    } else {
      if (s->qn >= QCAP) fail(s, "scoreboard queue overflow", s->qn, QCAP);
      else {
        kick_t *k = &s->q[(s->qh + s->qn++) % QCAP];
        k->page = d.page;
        k->off = d.off;
        k->len = d.len;
        k->user = d.user;
        k->data = d.data;
        k->cycle = acc_t;
        k->alt = s->alt_active && (int)d.page == s->force_page;
        k->fmt = k->alt ? 0 : fmt_of(s, d.page);
        k->empty = s->qn == 1 && s->cycle > s->last_first_seen && (s->mode == M_RANDOM || s->step == 2);
      }
      s->used[d.user]++;
      s->cnt_kicks++;
      s->n_kicks++;
    }
  }
  if (in->st_valid_i && o->st_ready_o) { /* into the store stage, decoded with this cycle's window */
    if (s->pend_n >= 2) fail(s, "store accepted with the store stage full", s->pend_n, 1);
    else {
      s->pend[s->pend_n] = ref_decode(s, (uint32_t)in->st_addr_i, (uint32_t)in->st_be_i, in->st_data_i);
      s->pend_t[s->pend_n++] = s->cycle;
    }
  }

  /* ---- m_axis */
  if (s->prev_hold) {
    if (!o->m_axis_tvalid) fail(s, "tvalid dropped before tready", 0, 1);
    else if (o->m_axis_tdata != s->prev_tdata || o->m_axis_tkeep != s->prev_tkeep || o->m_axis_tlast != s->prev_tlast)
      fail(s, "m_axis changed while stalled", o->m_axis_tdata, s->prev_tdata);
  }
  if (o->m_axis_tvalid) {
    if (s->qn == 0) {
      fail(s, "m_axis beat with no outstanding kick (extra packet)", o->m_axis_tdata, 0);
    } else {
      const kick_t *k = &s->q[s->qh];
      uint64_t ed;
      uint32_t ek, el;
      expected_beat(s, k, s->beat, &ed, &ek, &el);
      if (o->m_axis_tdata != ed) {
        char msg[80];
        snprintf(msg, sizeof(msg), "tdata beat %u (page 0x%04x off 0x%03x)", s->beat, k->page, k->off);
        fail(s, msg, o->m_axis_tdata, ed);
      }
      if (o->m_axis_tkeep != ek) fail(s, "tkeep", o->m_axis_tkeep, ek);
      if (o->m_axis_tlast != el) fail(s, "tlast", o->m_axis_tlast, el);
      if (s->beat == 0 && !s->first_seen) {
        s->first_seen = 1;
        if (s->miss_t && s->tagwr_t && !o->dbg_miss_o) { /* first beat after a refill */
          uint64_t pen = s->cycle - s->tagwr_t;
          s->pen_n++;
          s->pen_sum += pen;
          if (pen < s->pen_min) s->pen_min = pen;
          if (pen > s->pen_max) s->pen_max = pen;
          s->mtp_n++;
          s->mtp_sum += s->cycle - s->miss_t;
          s->miss_t = s->tagwr_t = 0;
        }
        if (s->walk_t && s->walk_hit_seen) { /* first beat after a walker refill */
          uint64_t d = s->cycle - s->walk_t;
          s->hw_n++;
          s->hw_sum += d;
          if (d < s->hw_min) s->hw_min = d;
          if (d > s->hw_max) s->hw_max = d;
          s->walk_t = 0;
        }
        if (k->empty) { /* latency only for a kick into an empty pipe */
          uint64_t lat = s->cycle - k->cycle;
          if (lat < s->lat_min) s->lat_min = lat;
          if (lat > s->lat_max) s->lat_max = lat;
          s->lat_sum += lat;
          s->lat_n++;
          if (getenv("AOTF_DBG") && lat > 5) fprintf(stderr, "lat %llu kick at %llu page %04x\n", (unsigned long long)lat, (unsigned long long)k->cycle, k->page);
        }
      }
      if (in->m_axis_tready) {
        s->n_beats++;
        s->pkt_beat[s->beat] = o->m_axis_tdata;
        if (s->beat == 4 && s->variant == V_DEMO && !k->fmt) {
          const uint64_t *b = s->pkt_beat;
          unsigned len = (unsigned)((b[AOTF_HDR_LEN_WORD] >> AOTF_HDR_LEN_LSB) & 0xFF);
          printf("demo: cycle %6llu  pkt %4llu  kick@%-6llu user %u page 0x%04x | dst %u src %u type 0x%02x flags 0x%02x "
                 "pgid %u raddr 0x%016llx len %u | data",
                 (unsigned long long)s->cycle, (unsigned long long)s->n_pkts, (unsigned long long)k->cycle, k->user,
                 k->page, (unsigned)((b[0] >> AOTF_HDR_DST_NODE_LSB) & 0xFFFF),
                 (unsigned)((b[0] >> AOTF_HDR_SRC_NODE_LSB) & 0xFFFF), (unsigned)((b[0] >> AOTF_HDR_PTYPE_LSB) & 0xFF),
                 (unsigned)((b[0] >> AOTF_HDR_FLAGS_LSB) & 0xFF), (unsigned)((b[0] >> AOTF_HDR_PGID_LSB) & 0xFFFF),
                 (unsigned long long)b[AOTF_HDR_RADDR_WORD], len);
          for (unsigned i = 0; i < len && i < 8; i++) printf(" %02x", (unsigned)((b[4] >> (8 * i)) & 0xFF));
          printf("\n");
        }
        if (s->beat == words_of(k->fmt) && k->empty) { /* the last beat, kick into an empty pipe */
          uint64_t lat = s->cycle - k->cycle;
          if (!s->last_n || lat < s->last_min) s->last_min = lat;
          s->last_n++;
        }
        if (++s->beat == words_of(k->fmt) + 1) {
          s->beat = 0;
          s->first_seen = 0;
          s->last_first_seen = s->cycle;
          if (getenv("AOTF_DBG")) fprintf(stderr, "pkt done cyc %llu user %u page %04x kick_cyc %llu\n", (unsigned long long)s->cycle, k->user, k->page, (unsigned long long)k->cycle);
          if (s->rp_n == 4) fail(s, "credit return queue (scoreboard)", 0, 0);
          else {
            s->rp_user[(s->rp_h + s->rp_n) % 4] = k->user;
            s->rp_due[(s->rp_h + s->rp_n) % 4] = s->cycle + 2;
            s->rp_n++;
          }
          s->cnt_pkts++;
          s->n_pkts++;
          s->n_alt += (uint64_t)k->alt;
          s->n_fmt_pkts += (uint64_t)(k->fmt != 0);
          s->qh = (s->qh + 1) % QCAP;
          s->qn--;
        }
      }
    }
  }
  if (o->m_axis_tvalid && !in->m_axis_tready) s->saw_stall = 1;
  /* throughput: cycles with tready=1 and something outstanding after the first beat */
  if (in->m_axis_tready && s->qn > 1 && o->dbg_fifo_count_o > 0 &&
      (s->mode != M_HIT || (s->step == 2 && s->cycle - s->step_t >= 200 && s->cycle - s->step_t < 2500))) {
    s->tp_cycles++;
    s->tp_beats += o->m_axis_tvalid;
  }
  s->prev_hold = o->m_axis_tvalid && !in->m_axis_tready;
  s->prev_tdata = o->m_axis_tdata;
  s->prev_tkeep = (uint32_t)o->m_axis_tkeep;
  s->prev_tlast = (uint32_t)o->m_axis_tlast;

  /* ---- CSR (W1C was applied before the events: a set in the same cycle wins) */
  if (o->csr_ack_o && s->inflight_v && s->inflight_t < s->cycle) {
    s->inflight_v = 0;
    s->blocked = 0;
    op_t op = s->inflight;
    read_response(s, &op, (uint32_t)o->csr_rdata_o);
  } else if (s->inflight_v && s->inflight_t < s->cycle) {
    fail(s, "no csr_ack_o the cycle after a read", 0, 1);
    s->inflight_v = 0;
    s->blocked = 0;
  }
  if (in->csr_req_i && in->csr_we_i && in->csr_addr_i != CSR_AOTF_SEND_STATUS)
    csr_write_ref(s, (uint32_t)in->csr_addr_i, (uint32_t)in->csr_wdata_i);
  if (s->poke_swept) { /* the sweep will clear it */
    s->tag_page[s->idx_set][s->idx_way] = s->idx_set;
    s->tag_fmt[s->idx_set][s->idx_way] = 0;
  }
  if (o->csr_ack_o == 0 && o->csr_rdata_o != 0) fail(s, "csr_rdata_o not 0 without ack", o->csr_rdata_o, 0);
  return s->fails != before;
}

/* ------------------------------------------------------------------ model wrappers */
typedef struct {
  aotf_send_t m;
} model_t;

void *aotf_send_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  aotf_send_cfg_t cfg = {NUSERS, FDEPTH, SETS, WAYS, 0, 1024};
  if (!m || aotf_send_init(&m->m, &cfg, seed)) {
    free(m);
    return NULL;
  }
  return m;
}
void aotf_send_model_eval(const void *p, const aotf_send_in_t *in, aotf_send_out_t *out) {
  aotf_send_eval(&((const model_t *)p)->m, in, out);
}
void aotf_send_model_tick(void *p, const aotf_send_in_t *in) { aotf_send_tick(&((model_t *)p)->m, in); }
int aotf_send_model_check(const void *p) {
  uint64_t c = aotf_send_collisions(&((const model_t *)p)->m);
  if (c) {
    fprintf(stderr, "aotf_send model: %llu RAM read/write collisions\n", (unsigned long long)c);
    return 1;
  }
  return 0;
}
void aotf_send_model_free(void *p) {
  model_t *m = p;
  aotf_send_free(&m->m);
  free(m);
}
