// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for aotf_botf (parameters: tb/duts/aotf_botf.mk).
 * The scoreboard keeps its own copy of the owner and header tables, the window memory, the
 * busy bits and the counters, built from the stores and CSR writes it drives: every store's
 * outcome (dbg_ev_o) must be the reference's (a SEND while the reference has QDEPTH or more
 * packets unfinished may be queued or refused as full); every SEND builds the expected packet
 * from the reference tables and window memory at that moment, and every beat leaving on m_axis
 * must be the next expected one (so a window overwrite after its SEND would show); CSR reads of
 * ID, CTRL, BUSY* and the counters must return the reference values.
 * Modes: send (directed: every header form, lengths 1..464, no back-pressure), bad (wrong
 * users, busy windows, lengths, header entries, addresses, a full queue, throttled tready),
 * bench (rate: back-to-back packets of 8..464 bytes; prints the bench figures), random (fuzz: stores
 * racing SENDs, busy overwrites, wrong users, lengths, back-pressure, resets). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_botf.h"
#include "nic_lockstep.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "ls_params.h"

LS_DECLARE_STIM(aotf_botf)

#define NWIN LS_PARAM_NWIN
#define HDRS LS_PARAM_HDRS
#define QDEPTH LS_PARAM_QDEPTH
#define WINV 9u

enum { M_SEND, M_BAD, M_RATE, M_RANDOM };
enum { OP_NOP, OP_ST, OP_CW, OP_CR, OP_WAIT_IDLE, OP_RATE_BEGIN, OP_RATE_END, OP_LAT, OP_INIT_DONE };
enum { EV_NONE, EV_WR, EV_SEND, EV_BUSY, EV_LEN, EV_OWNER, EV_HDR, EV_FULL, EV_ADDR };

typedef struct { int op; uint32_t addr; uint64_t data; uint32_t be; } op_t;
typedef struct { uint64_t data, mask; uint32_t keep, last; } beat_t;
typedef struct { beat_t b[64]; uint32_t n, win, len; } pkt_t;

#define PQ 512
#define OPQ 8192

typedef struct {
  nic_rng_t rng;
  int mode;
  uint64_t cycle;
  aotf_botf_in_t in, prev_in;
  int prev_rst;
  /* host program */
  op_t ops[OPQ];
  unsigned oh, on;
  int quiet; /* cycles with no store after a table write */
  int init_done; /* every window byte has been written once */
  nic_vr_phase_t ph;
  int err_pct, st_pct;
  /* reference */
  uint32_t winv, own_idx, hdr_ent, hdr_word, seed_lo;
  uint32_t own_user[NWIN], own_en[NWIN];
  uint32_t hdr_user[HDRS], hdr_en[HDRS], hdr_fmt[HDRS];
  uint64_t seed[HDRS][4];
  uint8_t mem[NWIN][512], memk[NWIN][512]; /* window bytes and which are known (written) */
  uint32_t busy[NWIN];
  pkt_t pq[PQ];
  unsigned ph_, pn, pbeat;
  uint32_t cnt[AOTF_BOTF_NC];
  int cnt_pend; /* the counter of last cycle's store outcome (the block counts one cycle later), -1: none */
  /* CSR reads: issue cycle, address, expected value (taken the cycle after the issue) */
  uint64_t cr_cyc[8];
  uint32_t cr_addr[8], cr_exp[8];
  unsigned crh, crn;
  /* bench */
  int rate_on;
  uint32_t rate_len;
  uint64_t rate_first, rate_last, rate_bytes;
  int lat_arm;
  uint64_t lat_st;
  int64_t lat;
  double bpc[8];
  uint32_t bpc_len[8];
  unsigned nbpc;
  int fails;
  uint64_t pkts, stores, errs[9];
} st_t;

const char *aotf_botf_stim_modes(void) { return "send bad bench random"; }

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "aotf_botf scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

static void push_op(st_t *s, int op, uint32_t addr, uint64_t data, uint32_t be) {
  if (s->on >= OPQ) return;
  op_t *o = &s->ops[(s->oh + s->on++) % OPQ];
  o->op = op; o->addr = addr; o->data = data; o->be = be;
}
static void cw(st_t *s, uint32_t a, uint32_t d) { push_op(s, OP_CW, a, d, 0); }
static uint32_t st_addr(uint32_t user, uint32_t win, uint32_t word) {
  return (WINV << 28) | (user << 25) | (win << 12) | (word << 3);
}
static void store(st_t *s, uint32_t user, uint32_t win, uint32_t word, uint64_t d, uint32_t be) {
  push_op(s, OP_ST, st_addr(user, win, word), d, be);
}
static uint64_t send_data(uint32_t len, uint32_t hdr, uint32_t off) {
  return (uint64_t)len | ((uint64_t)hdr << 16) | ((uint64_t)off << 32);
}

/* table setup: window owners and header entries (the reference follows the CSR writes) */
static void setup(st_t *s, int random_owners) { /* 0: window w to user w % 8, 1: random, 2: w % 2 */
  for (uint32_t w = 0; w < NWIN; w++) {
    uint32_t u = random_owners == 1 ? (uint32_t)nic_rng_below(&s->rng, 8) : w % (random_owners ? 2 : 8);
    uint32_t en = random_owners == 1 ? nic_rng_pct(&s->rng, 92) : 1;
    cw(s, CSR_AOTF_BOTF_OWN_IDX, w);
    cw(s, CSR_AOTF_BOTF_OWNER, u | (en << 8));
  }
  for (uint32_t e = 0; e < HDRS; e++) {
    uint32_t u = random_owners == 1 ? (uint32_t)nic_rng_below(&s->rng, 8) : e % 8;
    uint32_t en = random_owners == 1 ? nic_rng_pct(&s->rng, 92) : 1;
    uint32_t f = random_owners == 1 ? (uint32_t)nic_rng_below(&s->rng, 4) : (e / 8 + e) % 4;
    cw(s, CSR_AOTF_BOTF_HDR_IDX, e);
    cw(s, CSR_AOTF_BOTF_HDR_CFG, u | (en << 8) | (f << 12));
    for (uint32_t k = 0; k < 4; k++) {
      cw(s, CSR_AOTF_BOTF_HDR_IDX, e | (k << 12));
      uint64_t v = nic_rng_next(&s->rng);
      cw(s, CSR_AOTF_BOTF_SEED_LO, (uint32_t)v);
      cw(s, CSR_AOTF_BOTF_SEED_HI, (uint32_t)(v >> 32));
    }
  }
  for (int i = 0; i < 4; i++) push_op(s, OP_NOP, 0, 0, 0);
}

/* every payload byte of every window written once (the RTL's and the model's RAMs power up
 * with different random contents; a packet carries the bytes of its window as they are) */
static void init_mem(st_t *s) {
  setup(s, 0);
  for (uint32_t w = 0; w < NWIN; w++)
    for (uint32_t k = 0; k < 58; k++) store(s, w % 8, w, k, nic_rng_next(&s->rng), 0xff);
  push_op(s, OP_INIT_DONE, 0, 0, 0);
}

/* a window of user u that the reference sees idle now and that no queued op touches: the
 * program is generated ahead, so "idle" is approximate; busy outcomes are checked anyway */
static int find_win(st_t *s, uint32_t u, uint32_t start) {
  for (uint32_t i = 0; i < NWIN; i++) {
    uint32_t w = (start + i) % NWIN;
    if (s->own_en[w] && s->own_user[w] == u && !s->busy[w]) return (int)w;
  }
  return -1;
}
static int find_hdr(st_t *s, uint32_t u, uint32_t fmt_want) {
  int any = -1;
  for (uint32_t e = 0; e < HDRS; e++)
    if (s->hdr_en[e] && s->hdr_user[e] == u) {
      if (fmt_want > 3 || s->hdr_fmt[e] == fmt_want) return (int)e;
      any = (int)e;
    }
  return any;
}

/* one packet: payload stores then the SEND */
static void gen_packet(st_t *s, uint32_t u, uint32_t w, uint32_t len, uint32_t hdr) {
  uint32_t words = (len + 7) / 8;
  for (uint32_t k = 0; k < words && k < 58; k++) {
    uint32_t be = 0xff;
    if (s->mode != M_RATE && nic_rng_pct(&s->rng, 10)) be = (uint32_t)nic_rng_below(&s->rng, 256);
    store(s, u, w, k, nic_rng_next(&s->rng), be);
  }
  store(s, u, w, 0x100, send_data(len, hdr, (uint32_t)nic_rng_below(&s->rng, 4096)), 0xff);
}

static uint32_t rand_len(st_t *s) {
  switch (nic_rng_below(&s->rng, 6)) {
    case 0: return 1 + (uint32_t)nic_rng_below(&s->rng, 8);
    case 1: return 464 - (uint32_t)nic_rng_below(&s->rng, 8);
    default: return 1 + (uint32_t)nic_rng_below(&s->rng, 464);
  }
}

/* the random / bad traffic program: a chunk of operations */
static void gen_random(st_t *s) {
  uint32_t u = (uint32_t)nic_rng_below(&s->rng, 8);
  int w = find_win(s, u, (uint32_t)nic_rng_below(&s->rng, NWIN));
  int r = (int)nic_rng_below(&s->rng, 100);
  if (r < s->err_pct) {
    uint32_t ww = (uint32_t)nic_rng_below(&s->rng, NWIN);
    switch (nic_rng_below(&s->rng, 9)) {
      case 0: store(s, (uint32_t)nic_rng_below(&s->rng, 8), ww, (uint32_t)nic_rng_below(&s->rng, 58), nic_rng_next(&s->rng), 0xff); break;
      case 1: store(s, s->own_user[ww], ww, 0x100, send_data(rand_len(s), (uint32_t)nic_rng_below(&s->rng, HDRS), 0), 0xff); break;
      case 2: if (w >= 0) store(s, u, (uint32_t)w, 0x100, send_data(nic_rng_pct(&s->rng, 50) ? 0 : 465 + (uint32_t)nic_rng_below(&s->rng, 60000), (uint32_t)find_hdr(s, u, 9) & 0xff, 0), 0xff); break;
      case 3: if (w >= 0) store(s, u, (uint32_t)w, 0x100, send_data(rand_len(s), (uint32_t)nic_rng_below(&s->rng, 256), 0), 0xff); break;
      case 4: push_op(s, OP_ST, st_addr(u, ww, (uint32_t)nic_rng_below(&s->rng, 512)) | (uint32_t)nic_rng_below(&s->rng, 8), nic_rng_next(&s->rng), 0xff); break;
      case 5: push_op(s, OP_ST, (uint32_t)nic_rng_next(&s->rng), nic_rng_next(&s->rng), (uint32_t)nic_rng_below(&s->rng, 256)); break;
      case 6: push_op(s, OP_ST, st_addr(u, 64 + (uint32_t)nic_rng_below(&s->rng, 192), 0), 0, 0xff); break;
      case 7: /* a busy window: its payload and its SEND again */
        for (uint32_t i = 0; i < NWIN; i++)
          if (s->busy[(ww + i) % NWIN]) {
            uint32_t b = (ww + i) % NWIN;
            store(s, s->own_user[b], b, (uint32_t)nic_rng_below(&s->rng, 58), nic_rng_next(&s->rng), 0xff);
            store(s, s->own_user[b], b, 0x100, send_data(8, (uint32_t)find_hdr(s, s->own_user[b], 9) & 0xff, 0), 0xff);
            break;
          }
        break;
      default: /* many SENDs of small packets: fill the queue */
        for (uint32_t i = 0; i < NWIN; i++) {
          uint32_t b = (ww + i) % NWIN;
          int h = find_hdr(s, s->own_user[b], 9);
          if (s->own_en[b] && h >= 0) store(s, s->own_user[b], b, 0x100, send_data(1 + (uint32_t)nic_rng_below(&s->rng, 16), (uint32_t)h, 0), 0xff);
        }
        break;
    }
  } else if (w >= 0) {
    int h = find_hdr(s, u, 9);
    if (h < 0) return;
    uint32_t len = rand_len(s);
    if (nic_rng_pct(&s->rng, 20)) { /* a few payload stores racing other SENDs */
      uint32_t n = (uint32_t)nic_rng_below(&s->rng, 6);
      for (uint32_t i = 0; i < n; i++) store(s, u, (uint32_t)w, (uint32_t)nic_rng_below(&s->rng, 58), nic_rng_next(&s->rng), 0xff);
      store(s, u, (uint32_t)w, 0x100, send_data(len, (uint32_t)h, (uint32_t)nic_rng_below(&s->rng, 4096)), 0xff);
    } else {
      gen_packet(s, u, (uint32_t)w, len, (uint32_t)h);
    }
  }
  if (nic_rng_pct(&s->rng, 10)) {
    static const uint32_t rd[] = {CSR_AOTF_BOTF_BUSY0, CSR_AOTF_BOTF_BUSY1, CSR_AOTF_BOTF_CNT_PKTS,
                                  CSR_AOTF_BOTF_CNT_ERR_BUSY, CSR_AOTF_BOTF_CNT_SENDS, CSR_AOTF_BOTF_ID,
                                  CSR_AOTF_BOTF_CNT_ERR_FULL, CSR_AOTF_BOTF_CNT_BYTES, CSR_AOTF_BOTF_CTRL,
                                  /* compared RTL against model only: */
                                  CSR_AOTF_BOTF_PARAMS, CSR_AOTF_BOTF_STATUS, CSR_AOTF_BOTF_QUEUE_COUNT,
                                  CSR_AOTF_BOTF_OWN_IDX, CSR_AOTF_BOTF_HDR_IDX, CSR_AOTF_BOTF_CNT_STORES,
                                  CSR_AOTF_BOTF_CNT_ERR_LEN, CSR_AOTF_BOTF_CNT_ERR_OWNER, CSR_AOTF_BOTF_CNT_ERR_HDR,
                                  CSR_AOTF_BOTF_CNT_ERR_ADDR, CSR_AOTF_BOTF_BUSY0 + 8, 0xffc};
    push_op(s, OP_CR, rd[nic_rng_below(&s->rng, sizeof(rd) / sizeof(rd[0]))], 0, 0);
  }
  uint32_t gap = (uint32_t)nic_rng_below(&s->rng, s->mode == M_BAD ? 4 : 20);
  for (uint32_t i = 0; i < gap; i++) push_op(s, OP_NOP, 0, 0, 0);
}

static void gen_directed(st_t *s) {
  static const uint32_t lens[] = {1, 7, 8, 9, 63, 64, 65, 128, 255, 256, 463, 464};
  init_mem(s);
  setup(s, s->mode == M_RATE ? 2 : 0);
  if (s->mode == M_SEND) {
    for (uint32_t i = 0; i < 96; i++) {
      uint32_t w = i % NWIN, u = w % 8, len = lens[i % 12];
      uint32_t e = (u + 8 * ((i / 8) % 2)) % HDRS;
      gen_packet(s, u, w, len, e);
      if (i % 32 == 31) push_op(s, OP_WAIT_IDLE, 0, 0, 0);
    }
    push_op(s, OP_WAIT_IDLE, 0, 0, 0);
    static const uint32_t rd[] = {CSR_AOTF_BOTF_ID, CSR_AOTF_BOTF_CNT_PKTS, CSR_AOTF_BOTF_CNT_BYTES,
                                  CSR_AOTF_BOTF_CNT_SENDS, CSR_AOTF_BOTF_CNT_STORES, CSR_AOTF_BOTF_BUSY0};
    for (int i = 0; i < 6; i++) push_op(s, OP_CR, rd[i], 0, 0);
  } else { /* rate */
    static const uint32_t sz[] = {8, 64, 128, 256, 464};
    /* latency: one 8-byte SEND into an idle block (header entry 1: user 1, form HFMT_16) */
    push_op(s, OP_WAIT_IDLE, 0, 0, 0);
    store(s, 1, 1, 0, 0x1122334455667788ull, 0xff);
    for (int i = 0; i < 4; i++) push_op(s, OP_NOP, 0, 0, 0);
    push_op(s, OP_LAT, 0, 0, 0);
    store(s, 1, 1, 0x100, send_data(8, 1, 0), 0xff);
    push_op(s, OP_WAIT_IDLE, 0, 0, 0);
    for (uint32_t k = 0; k < 6; k++) {
      uint32_t len = k < 5 ? sz[k] : 464;
      uint32_t e = k < 5 ? 1 : 0; /* entry 1: HFMT_16; entry 0: HFMT_32 */
      /* fill QDEPTH windows of user 0 / 1 (windows alternate users), then QDEPTH SENDs */
      uint32_t u = k < 5 ? 1 : 0;
      for (uint32_t j = 0; j < QDEPTH; j++) {
        uint32_t w = 2 * j + u;
        for (uint32_t q = 0; q < (len + 7) / 8; q++) store(s, u, w, q, nic_rng_next(&s->rng), 0xff);
      }
      push_op(s, OP_RATE_BEGIN, 0, 0, len);
      for (uint32_t j = 0; j < QDEPTH; j++) store(s, u, 2 * j + u, 0x100, send_data(len, e, j * 8), 0xff);
      push_op(s, OP_WAIT_IDLE, 0, 0, 0);
      push_op(s, OP_RATE_END, 0, 0, 0);
    }
  }
}

void *aotf_botf_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  nic_rng_seed(&s->rng, seed);
  if (!strcmp(mode, "send")) s->mode = M_SEND;
  else if (!strcmp(mode, "bad")) s->mode = M_BAD;
  else if (!strcmp(mode, "bench")) s->mode = M_RATE;
  else if (!strcmp(mode, "random")) s->mode = M_RANDOM;
  else { free(s); return NULL; }
  s->winv = WINV;
  s->cnt_pend = -1;
  s->err_pct = s->mode == M_BAD ? 60 : 12;
  s->lat = -1;
  if (s->mode == M_SEND || s->mode == M_RATE) gen_directed(s);
  else {
    init_mem(s);
    setup(s, 1);
  }
  return s;
}

void aotf_botf_stim_free(void *p) { free(p); }

/* ------------------------------------------------------------------ reference */
static void ref_reset(st_t *s) {
  s->winv = WINV;
  s->own_idx = s->hdr_ent = s->hdr_word = s->seed_lo = 0;
  memset(s->own_en, 0, sizeof(s->own_en));
  memset(s->hdr_en, 0, sizeof(s->hdr_en));
  memset(s->busy, 0, sizeof(s->busy));
  memset(s->cnt, 0, sizeof(s->cnt));
  s->cnt_pend = -1;
  s->ph_ = s->pn = s->pbeat = 0;
  s->crn = 0;
}

static void build_packet(st_t *s, uint32_t w, uint32_t len, uint32_t e, uint32_t off) {
  if (s->pn >= PQ) { fail(s, "reference packet queue overflow", s->pn, PQ); return; }
  pkt_t *p = &s->pq[(s->ph_ + s->pn++) % PQ];
  static const uint32_t nh_of[4] = {4, 2, 3, 1};
  uint32_t f = s->hdr_fmt[e], nh = nh_of[f], n = 0;
  for (uint32_t k = 0; k < nh; k++) {
    uint64_t v = s->seed[e][k];
    if (k == 0) { /* ptype, flags: FLAG_AOTF clear, HFMT */
      uint64_t flags = ((v >> 40) & 0xff & ~(uint64_t)FLAG_AOTF & ~(3ull << FLAG_HFMT_LSB)) | ((uint64_t)f << FLAG_HFMT_LSB);
      v = (v & ~(0xffffull << 32)) | ((uint64_t)PTYPE_BOTF << 32) | (flags << 40);
    } else if (k == 1) {
      v = (v & ~0xfffull) | off;
      if (f == HFMT_16) v = (v & ~(0xffffull << 24)) | ((uint64_t)len << 24);
    } else if (k == 2) {
      v = (v & ~0xffull & ~(0xffull << 32)) | (len & 0xff) | ((uint64_t)(len >> 8) << 32);
    }
    p->b[n].data = v; p->b[n].mask = ~0ull; p->b[n].keep = 0xff; p->b[n].last = 0; n++;
  }
  for (uint32_t o = 0; o < len; o += 8) {
    uint64_t v = 0, mk = 0;
    uint32_t k = len - o < 8 ? len - o : 8;
    for (uint32_t i = 0; i < 8; i++) {
      v |= (uint64_t)s->mem[w][o + i] << (8 * i);
      if (i < k && s->memk[w][o + i]) mk |= 0xffull << (8 * i);
    }
    p->b[n].data = v; p->b[n].mask = mk; p->b[n].keep = (1u << k) - 1; p->b[n].last = 0; n++;
  }
  p->b[n - 1].last = 1;
  p->n = n; p->win = w; p->len = len;
}

/* the outcome of a store (the reference's copy of the rules in docs/reference/aotf_botf.md) */
static uint32_t ref_store(st_t *s, uint32_t a, uint64_t d, uint32_t be, uint32_t *alt) {
  uint32_t idx = (a >> 12) & 0xff, word = (a >> 3) & 0x1ff, u = (a >> 25) & 7;
  *alt = 0;
  if ((a & 7) || (a >> 28) != s->winv || idx >= NWIN || !(word < 58 || word == 0x100)) return EV_ADDR;
  if (!s->own_en[idx] || s->own_user[idx] != u) return EV_OWNER;
  if (s->busy[idx]) return EV_BUSY;
  if (word < 58) {
    for (uint32_t i = 0; i < 8; i++)
      if (be >> i & 1) { s->mem[idx][word * 8 + i] = (uint8_t)(d >> (8 * i)); s->memk[idx][word * 8 + i] = 1; }
    return EV_WR;
  }
  uint32_t len = (uint32_t)d & 0xffff, e = (uint32_t)(d >> 16) & 0xff;
  if (len == 0 || len > 464) return EV_LEN;
  if (e >= HDRS || !s->hdr_en[e] || s->hdr_user[e] != u) return EV_HDR;
  if (s->pn >= QDEPTH) *alt = EV_FULL; /* the queue may be full: the generator holds up to 4 packets */
  return EV_SEND;
}

static void ref_csr_write(st_t *s, uint32_t a, uint32_t d) {
  switch (a) {
    case CSR_AOTF_BOTF_CTRL: s->winv = d & 0xf; break;
    case CSR_AOTF_BOTF_OWN_IDX: s->own_idx = d & 0xff; break;
    case CSR_AOTF_BOTF_OWNER:
      if (s->own_idx < NWIN) { s->own_user[s->own_idx] = d & 7; s->own_en[s->own_idx] = (d >> 8) & 1; }
      break;
    case CSR_AOTF_BOTF_HDR_IDX: s->hdr_ent = d & 0xff; s->hdr_word = (d >> 12) & 3; break;
    case CSR_AOTF_BOTF_HDR_CFG:
      if (s->hdr_ent < HDRS) { s->hdr_user[s->hdr_ent] = d & 7; s->hdr_en[s->hdr_ent] = (d >> 8) & 1; s->hdr_fmt[s->hdr_ent] = (d >> 12) & 3; }
      break;
    case CSR_AOTF_BOTF_SEED_LO: s->seed_lo = d; break;
    case CSR_AOTF_BOTF_SEED_HI:
      if (s->hdr_ent < HDRS) s->seed[s->hdr_ent][s->hdr_word] = ((uint64_t)d << 32) | s->seed_lo;
      break;
    default: break;
  }
}

static int ref_csr_read(const st_t *s, uint32_t a, uint32_t *v) {
  switch (a) {
    case CSR_AOTF_BOTF_ID: *v = AOTF_BOTF_ID_ID_RESET; return 1;
    case CSR_AOTF_BOTF_CTRL: *v = s->winv; return 1;
    case CSR_AOTF_BOTF_CNT_SENDS: *v = s->cnt[0]; return 1;
    case CSR_AOTF_BOTF_CNT_PKTS: *v = s->cnt[1]; return 1;
    case CSR_AOTF_BOTF_CNT_BYTES: *v = s->cnt[2]; return 1;
    case CSR_AOTF_BOTF_CNT_STORES: *v = s->cnt[3]; return 1;
    case CSR_AOTF_BOTF_CNT_ERR_BUSY: *v = s->cnt[4]; return 1;
    case CSR_AOTF_BOTF_CNT_ERR_FULL: *v = s->cnt[8]; return 1;
    case CSR_AOTF_BOTF_BUSY0:
    case CSR_AOTF_BOTF_BUSY1: {
      uint32_t base = a == CSR_AOTF_BOTF_BUSY0 ? 0 : 32, r = 0;
      for (uint32_t i = 0; i < 32 && base + i < NWIN; i++) r |= s->busy[base + i] << i;
      *v = r;
      return 1;
    }
    default: return 0;
  }
}

/* ------------------------------------------------------------------ stimulus */
int aotf_botf_stim_next(void *p, uint64_t cycle, const aotf_botf_out_t *prev, aotf_botf_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  if (s->mode == M_BAD && cycle >= 300000) return 0; /* directed: a fixed-length run */
  memset(in, 0, sizeof(*in));
  in->rst_ni = cycle >= 3;
  in->st_addr_i = nic_rng_next(&s->rng);
  in->st_data_i = nic_rng_next(&s->rng);
  in->st_be_i = nic_rng_next(&s->rng) & 0xff;
  in->csr_addr_i = nic_rng_next(&s->rng) & 0xfff;
  in->csr_wdata_i = (uint32_t)nic_rng_next(&s->rng);
  if (s->mode == M_RANDOM || s->mode == M_BAD) {
    nic_vr_phase_step(&s->rng, &s->ph, 200);
    in->m_axis_tready = (uint64_t)nic_rng_pct(&s->rng, s->mode == M_BAD ? (unsigned)s->ph.p_ready / 2 : (unsigned)s->ph.p_ready);
    if (s->ph.p_ready == 0 && nic_rng_pct(&s->rng, 3)) in->m_axis_tready = 1;
    if (s->mode == M_RANDOM && cycle > 1000 && nic_rng_below(&s->rng, 60000) == 0) {
      in->rst_ni = 0;
      s->on = 0;
      if (!s->init_done) init_mem(s); /* a reset during the first fill: fill again */
      setup(s, 1);
    }
  } else {
    in->m_axis_tready = 1;
  }
  if (!in->rst_ni) { s->in = *in; return 1; }
  if (s->on == 0) {
    if (s->mode == M_SEND || s->mode == M_RATE) {
      if (s->pn == 0) return 0;
    } else {
      gen_random(s);
    }
  }
  if (s->quiet > 0) s->quiet--;
  while (s->on) {
    op_t *o = &s->ops[s->oh];
    int done = 1;
    if (o->op == OP_WAIT_IDLE) {
      if (s->pn || s->quiet) done = 0;
      else s->quiet = 4;
    } else if (o->op == OP_ST) {
      if (s->quiet) break;
      in->st_valid_i = 1;
      in->st_addr_i = o->addr;
      in->st_data_i = o->data;
      in->st_be_i = o->be;
      if (s->lat_arm == 1) { s->lat_st = cycle; s->lat_arm = 2; }
    } else if (o->op == OP_CW || o->op == OP_CR) {
      in->csr_req_i = 1;
      in->csr_we_i = o->op == OP_CW;
      in->csr_addr_i = o->addr;
      in->csr_wdata_i = (uint32_t)o->data;
      if (o->op == OP_CW && o->addr != CSR_AOTF_BOTF_CTRL) s->quiet = 3;
    } else if (o->op == OP_RATE_BEGIN) {
      s->rate_on = 1; s->rate_len = o->be; s->rate_first = 0; s->rate_bytes = 0;
      s->oh = (s->oh + 1) % OPQ; s->on--;
      continue;
    } else if (o->op == OP_RATE_END) {
      if (s->rate_bytes && s->nbpc < 8) {
        s->bpc[s->nbpc] = (double)s->rate_bytes / (double)(s->rate_last - s->rate_first + 1);
        s->bpc_len[s->nbpc++] = s->rate_len;
      }
      s->rate_on = 0;
      s->oh = (s->oh + 1) % OPQ; s->on--;
      continue;
    } else if (o->op == OP_INIT_DONE) {
      s->init_done = 1;
      s->oh = (s->oh + 1) % OPQ; s->on--;
      continue;
    } else if (o->op == OP_LAT) {
      s->lat_arm = 1;
      s->oh = (s->oh + 1) % OPQ; s->on--;
      continue;
    }
    if (done) { s->oh = (s->oh + 1) % OPQ; s->on--; }
    break;
  }
  s->in = *in;
  return 1;
}

int aotf_botf_stim_check(void *p, const aotf_botf_out_t *o) {
  st_t *s = p;
  if (!o) {
    if (s->pn && s->mode != M_RANDOM && s->mode != M_BAD) fail(s, "packets left at the end", s->pn, 0);
    if (!s->pkts) fail(s, "no packet sent", 0, 1);
    if (s->mode == M_BAD || s->mode == M_RANDOM) {
      static const int need[] = {EV_BUSY, EV_LEN, EV_OWNER, EV_HDR, EV_ADDR, EV_FULL};
      for (int i = 0; i < 6; i++)
        if (!s->errs[need[i]] && (s->mode == M_BAD || need[i] != EV_FULL)) fail(s, "refusal never seen", (uint64_t)need[i], 1);
    }
    if (s->mode == M_RATE) {
      for (unsigned i = 0; i < s->nbpc; i++) {
        if (i == 5) printf("bench: botf.bytes_per_cycle_464_hdr32 %.3f\n", s->bpc[i]);
        else printf("bench: botf.bytes_per_cycle_%u %.3f\n", s->bpc_len[i], s->bpc[i]);
      }
      printf("bench: botf.store_to_first_beat_cycles %lld\n", (long long)s->lat);
      if (s->nbpc == 6) {
        printf("bench: botf.link_pct_464 %.1f\n", 100.0 * s->bpc[4] / 8.0);
        printf("bench: botf.mbps_one_way_150mhz %.0f\n", s->bpc[4] * 150.0);
      }
    }
    fprintf(stderr, "aotf_botf: mode %d: packets %llu, stores %llu, refused busy %llu len %llu owner %llu hdr %llu full %llu addr %llu\n",
            s->mode, (unsigned long long)s->pkts, (unsigned long long)s->stores, (unsigned long long)s->errs[EV_BUSY],
            (unsigned long long)s->errs[EV_LEN], (unsigned long long)s->errs[EV_OWNER], (unsigned long long)s->errs[EV_HDR],
            (unsigned long long)s->errs[EV_FULL], (unsigned long long)s->errs[EV_ADDR]);
    return s->fails;
  }
  const aotf_botf_in_t *in = &s->in;
  int before = s->fails;
  if (!in->rst_ni) { ref_reset(s); s->prev_in = *in; s->prev_rst = 1; return 0; }
  /* CSR read: expected value one cycle after the issue, compared at the ack (two cycles) */
  for (unsigned i = 0; i < s->crn; i++) {
    unsigned k = (s->crh + i) % 8;
    if (s->cr_cyc[k] + 1 == s->cycle) {
      uint32_t v = 0;
      if (ref_csr_read(s, s->cr_addr[k], &v)) s->cr_exp[k] = v;
      else s->cr_cyc[k] = ~0ull - 8; /* not checked */
    }
  }
  if (o->csr_ack_o) {
    if (!s->crn) {
      if (!s->prev_in.csr_req_i || s->prev_rst) { /* write acks are not tracked */ }
    } else {
      unsigned k = s->crh;
      if (s->cr_cyc[k] + 2 == s->cycle) {
        if (o->csr_rdata_o != s->cr_exp[k]) fail(s, "CSR read data", o->csr_rdata_o, s->cr_exp[k]);
        s->crh = (s->crh + 1) % 8; s->crn--;
      } else if (s->cr_cyc[k] > s->cycle) {
        s->crh = (s->crh + 1) % 8; s->crn--;
      }
    }
  } else if (o->csr_rdata_o) {
    fail(s, "csr_rdata_o without ack", o->csr_rdata_o, 0);
  }
  if (o->window_o != s->winv) fail(s, "window_o", o->window_o, s->winv);
  if (s->cnt_pend >= 0) s->cnt[s->cnt_pend]++;
  s->cnt_pend = -1;
  /* the store presented last cycle */
  uint32_t exp = EV_NONE, alt = 0;
  if (!s->prev_rst && s->prev_in.st_valid_i)
    exp = ref_store(s, (uint32_t)s->prev_in.st_addr_i, s->prev_in.st_data_i, (uint32_t)s->prev_in.st_be_i, &alt);
  if (o->dbg_ev_o != exp && !(alt && o->dbg_ev_o == alt)) fail(s, "store outcome (dbg_ev_o)", o->dbg_ev_o, exp);
  if (exp && o->dbg_ev_o <= EV_ADDR) {
    uint32_t ev = (uint32_t)o->dbg_ev_o;
    s->errs[ev]++;
    static const int ci[9] = {-1, 3, 0, 4, 5, 6, 7, 8, 9};
    s->cnt_pend = ci[ev];
    if (ev == EV_WR) s->stores++;
    if (ev == EV_SEND) {
      uint32_t a = (uint32_t)s->prev_in.st_addr_i, w = (a >> 12) & 0xff;
      uint64_t d = s->prev_in.st_data_i;
      build_packet(s, w, (uint32_t)d & 0xffff, (uint32_t)(d >> 16) & 0xff, (uint32_t)(d >> 32) & 0xfff);
      s->busy[w] = 1;
    }
  }
  /* CSR write acting this cycle (requested last cycle) */
  if (!s->prev_rst && s->prev_in.csr_req_i && s->prev_in.csr_we_i)
    ref_csr_write(s, (uint32_t)s->prev_in.csr_addr_i & 0xfff, (uint32_t)s->prev_in.csr_wdata_i);
  if (in->csr_req_i && !in->csr_we_i && s->crn < 8) {
    unsigned k = (s->crh + s->crn++) % 8;
    s->cr_cyc[k] = s->cycle;
    s->cr_addr[k] = (uint32_t)in->csr_addr_i & 0xfff;
  }
  /* beats */
  if (o->m_axis_tvalid && !s->pn) fail(s, "m_axis_tvalid with no packet expected", 1, 0);
  if (o->m_axis_tvalid && in->m_axis_tready && s->pn) {
    pkt_t *pk = &s->pq[s->ph_];
    const beat_t *b = &pk->b[s->pbeat];
    if ((o->m_axis_tdata ^ b->data) & b->mask) fail(s, "m_axis_tdata", o->m_axis_tdata, b->data);
    if (o->m_axis_tkeep != b->keep) fail(s, "m_axis_tkeep", o->m_axis_tkeep, b->keep);
    if (o->m_axis_tlast != b->last) fail(s, "m_axis_tlast", o->m_axis_tlast, b->last);
    if (s->lat_arm == 2 && s->pbeat == 0) { s->lat = (int64_t)(s->cycle - s->lat_st); s->lat_arm = 3; }
    if (s->rate_on) {
      if (!s->rate_first) s->rate_first = s->cycle;
      s->rate_last = s->cycle;
      if (b->last) s->rate_bytes += pk->len;
    }
    if (++s->pbeat == pk->n) {
      s->busy[pk->win] = 0;
      s->cnt[1]++;
      s->cnt[2] += pk->len;
      s->pkts++;
      s->pbeat = 0;
      s->ph_ = (s->ph_ + 1) % PQ;
      s->pn--;
    }
  }
  s->prev_in = *in;
  s->prev_rst = 0;
  return s->fails != before;
}

/* ------------------------------------------------------------------ model wrappers */
typedef struct { aotf_botf_t m; } model_t;
void *aotf_botf_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  aotf_botf_cfg_t cfg = {NWIN, HDRS, QDEPTH};
  if (!m || aotf_botf_init(&m->m, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void aotf_botf_model_eval(const void *p, const aotf_botf_in_t *in, aotf_botf_out_t *out) {
  aotf_botf_eval(&((const model_t *)p)->m, in, out);
}
void aotf_botf_model_tick(void *p, const aotf_botf_in_t *in) { aotf_botf_tick(&((model_t *)p)->m, in); }
int aotf_botf_model_check(const void *p) {
  const model_t *m = p;
  uint64_t c = aotf_botf_collisions(&m->m);
  if (c) {
    fprintf(stderr, "aotf_botf model: %llu RAM read/write collisions\n", (unsigned long long)c);
    return 1;
  }
  return 0;
}
void aotf_botf_model_free(void *p) {
  model_t *m = p;
  aotf_botf_free(&m->m);
  free(m);
}
