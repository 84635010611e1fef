// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for nic_switch (the RADIX = 4 top rtl/nic_switch_ls4.v; bench
 * parameters: tb/duts/nic_switch.mk).
 * Scoreboard (independent of the model): the forwarding rules of docs/reference/nic_switch.md
 * applied to shadow copies of the tables predict, for every packet accepted on an input, its
 * output mask or its drop reason. Every forwarded packet must leave on each expected output,
 * byte-exact, in order per (input, output) pair, never interleaved; nothing else may leave; the
 * drop counters are read after each drain and must equal the predicted counts; table reads
 * must return what was written; every CSR request is acknowledged exactly one cycle later.
 * Packets carry a tag (input, sequence number) in their first beat, so an output's first beat
 * names its source.
 * CRC check: on inputs with CRC_CHECK (random and crc modes) packets end with a LINK trailer
 * (formats/link_header.csv; the beat before it may be partial), some corrupted after their CRC was
 * computed (a data bit, a trailer bit or the stored CRC); the scoreboard computes each packet's
 * CRC byte by byte from the beats as sent and predicts CRC_ERR and CRC_ERR_PORT exactly (bad
 * packets are still forwarded unchanged).
 * Modes: random (epochs of mixed AOTF packets and Ethernet frames with random destinations incl.
 * unknown and garbled ones, random idle and back-pressure, table rewrites and resets between
 * epochs, random CRC_CHECK inputs), lft_blocks, mcast, hol, bad, crc (epochs with different
 * CRC_CHECK masks, trailers on every input, a quarter of the packets corrupted), bench (figures;
 * at its end the C model alone measures the uniform throughput at RADIX 16 with the default
 * parameters, model_uniform). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_lockstep.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "nic_switch.h"
#include "ls_params.h" /* LS_PARAM_*: build/nic_switch/ls_params.h, from tb/duts/nic_switch.mk */

LS_DECLARE_STIM(nic_switch)

#define R 4
#define LFT_DEPTH LS_PARAM_LFT_DEPTH
#define MFT_DEPTH LS_PARAM_MFT_DEPTH
#define BUF_BEATS LS_PARAM_BUF_BEATS
#define QCAP 8192
#define CCAP 8192

enum { M_RANDOM, M_LFT, M_MCAST, M_HOL, M_BAD, M_BENCH, M_CRC };
enum { PH_RESET, PH_INIT, PH_CSR, PH_TRAFFIC, PH_DRAIN, PH_DONE };
/* destination policies of the traffic phases */
enum { D_MIX, D_UNIFORM, D_HOTSPOT, D_MCAST, D_HOL, D_BAD, D_SINGLE };

typedef struct {
  uint32_t in, seq, nb, lastkeep, mask;
  int mc;
  uint64_t seed, b0;
  /* LINK trailer form: the last beat is tdata (tkeep 0xFF), beat nb - 2 has tkeep pkeep; beat fk
   * (>= 1, 0: none) is sent with fmask XORed in; bad: the CRC check must fail */
  int trl, bad;
  uint32_t pkeep, fk;
  uint64_t tdata, fmask;
} pkt_t;

typedef struct { int we, chk; uint32_t addr, wdata, exp; } csr_op_t;

typedef struct {
  nic_rng_t rng;
  int mode, bench, fails;
  uint64_t cycle;
  nic_switch_in_t in;
  /* shadow tables and expected counters */
  uint32_t lft[LFT_DEPTH]; /* bit 5 valid, 4:0 port */
  uint32_t mft[MFT_DEPTH], eth, blkwr;
  uint32_t cnt_exp[4], cnt_seen[4];
  int crc_on;                    /* CRC counters are read with the drop counters */
  uint32_t crcm, trl_in;         /* CRC_CHECK; inputs whose packets carry trailers */
  uint32_t crc_exp[R], crc_bad_sent, crc_trl_sent;
  /* phase machine */
  int ph, step;
  uint64_t ph_left, ph_start;
  int pol, in_en, p_valid, out_p_ready, out_block;
  uint32_t vr_left;
  /* senders */
  pkt_t cur[R];
  int act[R];
  uint32_t k[R], seq[R];
  int v_hold[R];
  /* expected per (input, output) */
  pkt_t *q[R][R][2]; /* [input][output][class: 0 unicast, 1 multicast] */
  uint32_t qh[R][R][2], qn[R][R][2];
  int lock[R];
  uint32_t lk_in[R], lk_c[R], lk_k[R];
  /* CSR */
  csr_op_t ops[CCAP];
  uint32_t oh, on;
  csr_op_t fl[4];
  uint64_t fl_cyc[4];
  uint32_t fn;
  /* figures */
  uint64_t delivered, dropped, sent, mc_copies, eth_copies, beats_out[R], beats_in_out[R][R];
  uint64_t win_start, win_end, first_acc, first_out;
  int hol_checked;
  uint32_t dsts[R][64], ndst[R];
  uint32_t hot_out;
} st_t;

const char *nic_switch_stim_modes(void) { return "random lft_blocks mcast hol bad crc bench"; }

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "nic_switch scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

static uint64_t mix(uint64_t x) {
  x ^= x >> 31; x *= 0x9E3779B97F4A7C15ull; x ^= x >> 29; x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 32);
}
static uint64_t beat_data(const pkt_t *p, uint32_t k) {
  if (p->trl && k + 1 == p->nb) return p->tdata;
  uint64_t d = k ? mix(p->seed + k) : p->b0;
  return (p->fk && k == p->fk) ? d ^ p->fmask : d;
}
static uint32_t beat_keep(const pkt_t *p, uint32_t k) {
  if (p->trl) return k + 2 == p->nb ? p->pkeep : 0xFF;
  return k + 1 == p->nb ? p->lastkeep : 0xFF;
}

/* CRC-32 of IEEE 802.3 as the LINK trailer defines it, byte by byte (independent of the
 * RTL's beat-wide form): the raw register after n bytes of d, byte 0 first */
static uint32_t crc_ref(uint32_t c, uint64_t d, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    c ^= (uint32_t)(d >> (8 * i)) & 0xFF;
    for (int b = 0; b < 8; b++) c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
  }
  return c;
}
/* 1 if the packet's trailer CRC does not match the beats as sent */
static int trailer_bad(const pkt_t *p) {
  uint32_t c = 0xFFFFFFFFu;
  for (uint32_t k = 0; k + 1 < p->nb; k++)
    c = crc_ref(c, beat_data(p, k), (unsigned)__builtin_popcount(beat_keep(p, k)));
  uint64_t t = beat_data(p, p->nb - 1);
  c = ~crc_ref(c, t, 4);
  return c != (uint32_t)(t >> 32);
}
/* turns packet p (data and keys chosen) into the trailer form; corrupts a quarter of them */
static void make_trailer(st_t *s, pkt_t *p) {
  p->trl = 1;
  p->pkeep = p->nb >= 2 ? p->lastkeep : 0xFF;
  p->lastkeep = 0xFF;
  p->fk = 0;
  p->tdata = nic_rng_next(&s->rng) & 0xFFFFFFFFull; /* seq, rflags, rsvd */
  if (p->nb == 1) p->b0 = p->tdata;
  uint32_t c = 0xFFFFFFFFu;
  for (uint32_t k = 0; k + 1 < p->nb; k++)
    c = crc_ref(c, beat_data(p, k), (unsigned)__builtin_popcount(beat_keep(p, k)));
  p->tdata |= (uint64_t)~crc_ref(c, p->tdata, 4) << 32;
  if (p->nb == 1) p->b0 = p->tdata;
  if (nic_rng_below(&s->rng, 4) == 0) {
    uint32_t how = (uint32_t)nic_rng_below(&s->rng, 3);
    if (how == 0 && p->nb >= 3) { /* a data bit of beat 1..nb-2, in a valid byte */
      p->fk = 1 + (uint32_t)nic_rng_below(&s->rng, p->nb - 2);
      unsigned nv = (unsigned)__builtin_popcount(beat_keep(p, p->fk));
      p->fmask = 1ull << nic_rng_below(&s->rng, 8 * nv);
    } else if (how == 1 && p->nb >= 2) p->tdata ^= 1ull << nic_rng_below(&s->rng, 32); /* trailer bytes 0..3 */
    else p->tdata ^= (nic_rng_next(&s->rng) | 1) << 32;                               /* the stored CRC */
    if (p->nb == 1) p->b0 = p->tdata;
  }
  p->bad = trailer_bad(p);
}

/* forwarding rules (docs/reference/nic_switch.md), applied to the shadow tables:
 * returns the output mask, or 0 and *why = drop reason bit */
static uint32_t route(const st_t *s, uint32_t in, const pkt_t *p, uint32_t *why) {
  *why = 0;
  if (p->nb == 1) { *why = 4; return 0; }
  uint64_t d = p->b0;
  uint32_t key;
  if (!((s->eth >> in) & 1)) key = (uint32_t)(d & 0xFFFF);
  else if ((d & 0xFFFFFFFFFFFFull) == 0xFFFFFFFFFFFFull) key = 0xC000;
  else if (d & 2) key = (uint32_t)(((d >> 32) & 0xFF) << 8 | ((d >> 40) & 0xFF));
  else { *why = 1; return 0; }
  if (key >= 0xC000) {
    uint32_t g = key & 0x3FF;
    if (g >= MFT_DEPTH) { *why = 2; return 0; }
    uint32_t m = s->mft[g] & 0xF & ~(1u << in);
    if (!m) { *why = 8; return 0; }
    *why = 0x10; /* multicast class */
    return m;
  }
  if (key >= LFT_DEPTH) { *why = 2; return 0; }
  if (!(s->lft[key] & 0x20)) { *why = 1; return 0; }
  if ((s->lft[key] & 31) >= R) { *why = 2; return 0; }
  return 1u << (s->lft[key] & 31);
}

static void op(st_t *s, int we, uint32_t addr, uint32_t wdata, int chk, uint32_t exp) {
  if (s->on >= CCAP) { fail(s, "CSR op queue overflow", s->on, CCAP); return; }
  csr_op_t o = {we, chk, addr, wdata, exp};
  s->ops[(s->oh + s->on++) % CCAP] = o;
}

/* program LFT block b (64 entries) through the LFT_BLOCK / LFT_DATA sequence */
static void lft_block_write(st_t *s, uint32_t b, int density) {
  op(s, 1, CSR_NIC_SWITCH_LFT_BLOCK, b, 0, 0);
  for (uint32_t e = 0; e < 64; e++) {
    uint32_t r = (uint32_t)nic_rng_below(&s->rng, 100), port = (uint32_t)nic_rng_below(&s->rng, R);
    uint32_t v = 0;
    if ((int)r < density) v = 0x20 | port;
    else if (r < (uint32_t)density + 5) v = 0x20 | (uint32_t)(R + nic_rng_below(&s->rng, 32 - R));
    else v = (uint32_t)nic_rng_below(&s->rng, 32); /* invalid, random port bits */
    s->lft[b * 64 + e] = v;
    op(s, 1, CSR_NIC_SWITCH_LFT_DATA, (v & 0x20 ? 0x80000000u : 0) | (v & 31) |
       ((uint32_t)nic_rng_next(&s->rng) & 0x7FFFFFE0u), 0, 0);
  }
  s->blkwr++;
}
static void lft_block_read(st_t *s, uint32_t b) {
  op(s, 1, CSR_NIC_SWITCH_LFT_BLOCK, b, 0, 0);
  for (uint32_t e = 0; e < 64; e++) {
    uint32_t v = s->lft[b * 64 + e];
    op(s, 0, CSR_NIC_SWITCH_LFT_DATA, 0, 1, (v & 0x20 ? 0x80000000u : 0) | (v & 31));
  }
  op(s, 0, CSR_NIC_SWITCH_LFT_BLOCK, 0, 1, b);
}
static void mft_write(st_t *s, uint32_t g, uint32_t m) {
  s->mft[g] = m & 0xF;
  op(s, 1, CSR_NIC_SWITCH_MFT_GROUP, g, 0, 0);
  op(s, 1, CSR_NIC_SWITCH_MFT_MASK, m, 0, 0);
  op(s, 0, CSR_NIC_SWITCH_MFT_MASK, 0, 1, m & 0xF);
}
static void counters_read(st_t *s) {
  static const uint32_t a[4] = {CSR_NIC_SWITCH_DROP_UNKNOWN, CSR_NIC_SWITCH_DROP_RANGE,
                                CSR_NIC_SWITCH_DROP_RUNT, CSR_NIC_SWITCH_DROP_MCAST_EMPTY};
  for (int r = 0; r < 4; r++) op(s, 0, a[r], 0, 1, s->cnt_exp[r]);
  op(s, 0, CSR_NIC_SWITCH_LFT_BLOCK_WRITES, 0, 1, s->blkwr);
  if (s->crc_on) {
    uint32_t tot = 0;
    op(s, 0, CSR_NIC_SWITCH_CRC_CHECK, 0, 1, s->crcm);
    for (uint32_t i = 0; i < R; i++) {
      tot += s->crc_exp[i];
      op(s, 1, CSR_NIC_SWITCH_CRC_ERR_SEL, i | ((uint32_t)nic_rng_next(&s->rng) & 0xFFFFFFE0u), 0, 0);
      op(s, 0, CSR_NIC_SWITCH_CRC_ERR_SEL, 0, 1, i);
      op(s, 0, CSR_NIC_SWITCH_CRC_ERR_PORT, 0, 1, s->crc_exp[i]);
    }
    op(s, 1, CSR_NIC_SWITCH_CRC_ERR_SEL, R + (uint32_t)nic_rng_below(&s->rng, 32 - R), 0, 0);
    op(s, 0, CSR_NIC_SWITCH_CRC_ERR_PORT, 0, 1, 0); /* no such input */
    op(s, 0, CSR_NIC_SWITCH_CRC_ERR, 0, 1, tot);
  }
}
/* CRC_CHECK = mask; trailers on the inputs in trl */
static void crc_config(st_t *s, uint32_t mask, uint32_t trl) {
  s->crc_on = 1;
  s->crcm = mask & 0xF;
  s->trl_in = trl & 0xF;
  op(s, 1, CSR_NIC_SWITCH_CRC_CHECK, mask, 0, 0);
  op(s, 0, CSR_NIC_SWITCH_CRC_CHECK, 0, 1, s->crcm);
}
static void refresh_dsts(st_t *s) {
  memset(s->ndst, 0, sizeof(s->ndst));
  for (uint32_t d = 0; d < LFT_DEPTH; d++)
    if ((s->lft[d] & 0x20) && (s->lft[d] & 31) < R) {
      uint32_t p = s->lft[d] & 31;
      if (s->ndst[p] < 64) s->dsts[p][s->ndst[p]++] = d;
      else if (nic_rng_below(&s->rng, 4) == 0) s->dsts[p][nic_rng_below(&s->rng, 64)] = d;
    }
}
/* a standard configuration: LFT blocks 0 and 3, MFT groups 0..7, eth-mode ports */
static void std_config(st_t *s, uint32_t eth) {
  s->eth = eth;
  op(s, 1, CSR_NIC_SWITCH_ETH_MODE, eth, 0, 0);
  op(s, 0, CSR_NIC_SWITCH_ETH_MODE, 0, 1, eth);
  op(s, 0, CSR_NIC_SWITCH_ID, 0, 1, NIC_SWITCH_ID_ID_RESET);
  op(s, 0, CSR_NIC_SWITCH_STATUS, 0, 1, 1);
  lft_block_write(s, 0, 85);
  lft_block_write(s, 3, 60);
  /* the AOTF path's node numbers 0x0100.. (block 4) in Ethernet frames' MACs too */
  lft_block_write(s, 4, 90);
  mft_write(s, 0, 0xF);
  for (uint32_t g = 1; g < 8; g++) mft_write(s, g, (uint32_t)nic_rng_next(&s->rng));
  mft_write(s, 7, 0);
  refresh_dsts(s);
}

void *nic_switch_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  nic_rng_seed(&s->rng, seed);
  if (!strcmp(mode, "random")) s->mode = M_RANDOM;
  else if (!strcmp(mode, "lft_blocks")) s->mode = M_LFT;
  else if (!strcmp(mode, "mcast")) s->mode = M_MCAST;
  else if (!strcmp(mode, "hol")) s->mode = M_HOL;
  else if (!strcmp(mode, "bad")) s->mode = M_BAD;
  else if (!strcmp(mode, "crc")) s->mode = M_CRC;
  else if (!strcmp(mode, "bench")) { s->mode = M_BENCH; s->bench = 1; }
  else { free(s); return NULL; }
  for (int i = 0; i < R; i++)
    for (int o = 0; o < R; o++)
      for (int c = 0; c < 2; c++) {
        s->q[i][o][c] = calloc(QCAP, sizeof(pkt_t));
        if (!s->q[i][o][c]) return NULL;
      }
  s->ph = PH_RESET;
  s->ph_left = 4;
  return s;
}

void nic_switch_stim_free(void *p) {
  st_t *s = p;
  for (int i = 0; i < R; i++)
    for (int o = 0; o < R; o++)
      for (int c = 0; c < 2; c++) free(s->q[i][o][c]);
  free(s);
}

static uint32_t qtotal(const st_t *s) {
  uint32_t n = 0;
  for (int i = 0; i < R; i++)
    for (int o = 0; o < R; o++) n += s->qn[i][o][0] + s->qn[i][o][1];
  return n;
}

/* a new packet on input i under the current destination policy */
static void new_packet(st_t *s, uint32_t i) {
  pkt_t *p = &s->cur[i];
  int eth = (s->eth >> i) & 1;
  memset(p, 0, sizeof(*p));
  p->in = i;
  p->seq = s->seq[i]++;
  p->seed = nic_rng_next(&s->rng);
  p->nb = eth ? 8 + (uint32_t)nic_rng_below(&s->rng, 183) : 5;
  if (s->pol == D_MIX && !eth && nic_rng_below(&s->rng, 10) == 0) p->nb = 2 + (uint32_t)nic_rng_below(&s->rng, 12);
  uint32_t lk = 1 + (uint32_t)nic_rng_below(&s->rng, 8);
  p->lastkeep = (1u << lk) - 1;
  /* destination key */
  uint32_t key = 0, r = (uint32_t)nic_rng_below(&s->rng, 100);
  int kind = 0; /* 0 key, 1 broadcast MAC, 2 non-local MAC */
  uint32_t port = (uint32_t)nic_rng_below(&s->rng, R);
  switch (s->pol) {
  case D_UNIFORM: break;
  case D_HOTSPOT: port = s->hot_out; break;
  case D_HOL: port = s->seq[i] == 1 ? 0 : 1 + (uint32_t)nic_rng_below(&s->rng, R - 1); break;
  case D_SINGLE: port = 1; break;
  default: break;
  }
  key = s->ndst[port] ? s->dsts[port][nic_rng_below(&s->rng, s->ndst[port])] : 0;
  if (s->pol == D_MIX) {
    if (r < 8) key = 0xC000 | (uint32_t)nic_rng_below(&s->rng, 8);
    else if (r < 13) key = (uint32_t)nic_rng_below(&s->rng, LFT_DEPTH);        /* maybe unknown */
    else if (r < 16) key = (uint32_t)nic_rng_next(&s->rng) & 0xFFFF;            /* garbled */
    else if (r < 18) p->nb = 1;                                                  /* runt */
    else if (r < 20 && eth) kind = 1 + (int)nic_rng_below(&s->rng, 2);
  } else if (s->pol == D_MCAST) {
    if (r < 50) key = 0xC000 | (uint32_t)nic_rng_below(&s->rng, 8);
    else if (r < 60 && eth) kind = 1;
  } else if (s->pol == D_BAD) {
    switch (r % 10) {
    case 0: p->nb = 1; break;                                                    /* runt */
    case 1: key = 0xC000 | 7; break;                                             /* empty group */
    case 2: key = 0xC000 | (uint32_t)(MFT_DEPTH + nic_rng_below(&s->rng, 0x400 - MFT_DEPTH)); break;
    case 3: key = LFT_DEPTH + (uint32_t)nic_rng_below(&s->rng, 0xC000 - LFT_DEPTH); break;
    case 4: key = 64 + (uint32_t)nic_rng_below(&s->rng, 128); break;             /* blocks 1, 2: unknown */
    case 5: if (eth) kind = 2; break;
    default: break;
    }
  }
  uint32_t tag = i << 12 | (p->seq & 0xFFF);
  if (!eth) {
    p->b0 = (uint64_t)key | (uint64_t)tag << 16 | (nic_rng_next(&s->rng) & 0xFFFFFFFF00000000ull);
  } else {
    uint64_t mac;
    if (kind == 1) mac = 0xFFFFFFFFFFFFull;
    else if (kind == 2) mac = (nic_rng_next(&s->rng) & 0xFFFFFFFFFCull) | (nic_rng_below(&s->rng, 2)); /* bit 1 clear */
    else mac = 0x02 | (nic_rng_next(&s->rng) & 0xFFFFFF00ull) | (uint64_t)(key >> 8) << 32 | (uint64_t)(key & 0xFF) << 40;
    p->b0 = mac | (uint64_t)(nic_rng_next(&s->rng) & 0xFFFF) << 48;
    p->b0 = (p->b0 & 0x0000FFFFFFFFFFFFull) | (uint64_t)tag << 48;
  }
  if (p->nb == 1) p->lastkeep = 0xFF;
  if ((s->trl_in >> i) & 1) make_trailer(s, p);
  s->act[i] = 1;
  s->k[i] = 0;
}

static void set_phase(st_t *s, int ph, uint64_t len) {
  s->ph = ph;
  s->ph_left = len;
  s->ph_start = s->cycle;
}

static void traffic(st_t *s, int pol, uint64_t len, int p_valid, int out_ready_pct) {
  s->pol = pol;
  s->in_en = 0xF;
  s->p_valid = p_valid;
  s->out_p_ready = out_ready_pct;
  set_phase(s, PH_TRAFFIC, len);
}

/* next phase of the mode's script; returns 0 when the mode is done */
static int plan(st_t *s) {
  int st = s->step++;
  s->out_block = 0;
  if (s->ph == PH_RESET) { set_phase(s, PH_INIT, LFT_DEPTH + 4); s->step--; return 1; }
  switch (s->mode) {
  case M_RANDOM: {
    if (st == 0) {
      std_config(s, (uint32_t)nic_rng_below(&s->rng, 16));
      uint32_t cm = (uint32_t)nic_rng_below(&s->rng, 16);
      crc_config(s, cm, cm);
      set_phase(s, PH_CSR, 0);
      return 1;
    }
    int sub = (st - 1) % 2;
    if (sub == 0) {
      static const int pv[] = {10, 50, 90, 100};
      static const int pr[] = {10, 50, 90, 100, -1};
      traffic(s, D_MIX, 1000 + nic_rng_below(&s->rng, 6000), pv[nic_rng_below(&s->rng, 4)], pr[nic_rng_below(&s->rng, 5)]);
      return 1;
    }
    /* after the drain: counters, sometimes a table rewrite or a reset */
    counters_read(s);
    uint32_t r = (uint32_t)nic_rng_below(&s->rng, 10);
    if (r == 0) {
      memset(s->cnt_exp, 0, sizeof(s->cnt_exp));
      memset(s->crc_exp, 0, sizeof(s->crc_exp));
      s->crcm = s->trl_in = 0; /* the reset clears CRC_CHECK */
      memset(s->lft, 0, sizeof(s->lft));
      memset(s->mft, 0, sizeof(s->mft));
      s->blkwr = 0;
      s->step = 0;
      set_phase(s, PH_CSR, 0);
      s->ph_left = 1; /* the reads, then a reset */
      s->step = -1;   /* marks: reset after the CSR phase */
      return 1;
    }
    if (r < 4) {
      uint32_t b = (uint32_t)nic_rng_below(&s->rng, LFT_DEPTH / 64);
      lft_block_write(s, b, 70);
      lft_block_read(s, b);
      mft_write(s, 1 + (uint32_t)nic_rng_below(&s->rng, 6), (uint32_t)nic_rng_next(&s->rng));
      refresh_dsts(s);
    }
    set_phase(s, PH_CSR, 0);
    return 1;
  }
  case M_LFT:
    if (st == 0) {
      s->eth = 0;
      op(s, 0, CSR_NIC_SWITCH_ID, 0, 1, NIC_SWITCH_ID_ID_RESET);
      op(s, 0, 0xFFC, 0, 1, CSR_UNMAPPED);
      op(s, 1, 0x0FC, 0x1234, 0, 0);
      op(s, 0, 0x0FC, 0, 1, CSR_UNMAPPED);
      for (uint32_t b = 0; b < LFT_DEPTH / 64; b++) lft_block_write(s, b, 80);
      for (uint32_t b = 0; b < LFT_DEPTH / 64; b++) lft_block_read(s, b);
      /* partial block: the counter counts only completed blocks */
      op(s, 1, CSR_NIC_SWITCH_LFT_BLOCK, 2, 0, 0);
      for (uint32_t e = 0; e < 10; e++) {
        s->lft[128 + e] = 0x20 | (e & 3);
        op(s, 1, CSR_NIC_SWITCH_LFT_DATA, 0x80000000u | (e & 3), 0, 0);
      }
      op(s, 0, CSR_NIC_SWITCH_LFT_BLOCK, 0, 1, 10u << 8 | 2);
      lft_block_read(s, 2);
      for (uint32_t g = 0; g < MFT_DEPTH; g++) mft_write(s, g, (uint32_t)nic_rng_next(&s->rng));
      counters_read(s);
      refresh_dsts(s);
      set_phase(s, PH_CSR, 0);
      return 1;
    }
    if (st == 1) { traffic(s, D_UNIFORM, 3000, 60, 80); return 1; }
    if (st == 2) { counters_read(s); set_phase(s, PH_CSR, 0); return 1; }
    return 0;
  case M_MCAST:
    if (st == 0) { std_config(s, 0xA); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 1) { traffic(s, D_MCAST, 20000, 90, 70); return 1; }
    if (st == 2) { counters_read(s); mft_write(s, 3, 0xF); mft_write(s, 4, 0x1); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 3) { traffic(s, D_MCAST, 10000, 100, 100); return 1; }
    if (st == 4) { counters_read(s); set_phase(s, PH_CSR, 0); return 1; }
    return 0;
  case M_HOL:
    if (st == 0) { std_config(s, 0); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 1) {
      traffic(s, D_HOL, 4000, 100, 100);
      s->in_en = 0x1;
      s->out_block = 0x1;
      return 1;
    }
    if (st == 2) { counters_read(s); set_phase(s, PH_CSR, 0); return 1; }
    return 0;
  case M_BAD:
    if (st == 0) { std_config(s, 0xC); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 1) { traffic(s, D_BAD, 20000, 80, 90); return 1; }
    if (st == 2) { counters_read(s); set_phase(s, PH_CSR, 0); return 1; }
    return 0;
  case M_CRC:
    /* every input sends trailers; CRC_CHECK on 0 and 2, then all, then none */
    if (st == 0) { std_config(s, 0); crc_config(s, 0x5, 0xF); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 1) { traffic(s, D_MIX, 8000, 80, 80); return 1; }
    if (st == 2) {
      counters_read(s);
      s->eth = 0x6;
      op(s, 1, CSR_NIC_SWITCH_ETH_MODE, 0x6, 0, 0);
      crc_config(s, 0xFFFFFFFFu, 0xF);
      set_phase(s, PH_CSR, 0);
      return 1;
    }
    if (st == 3) { traffic(s, D_UNIFORM, 8000, 100, -1); return 1; }
    if (st == 4) { counters_read(s); crc_config(s, 0, 0xF); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 5) { traffic(s, D_MIX, 4000, 100, 100); return 1; }
    if (st == 6) { counters_read(s); set_phase(s, PH_CSR, 0); return 1; }
    return 0;
  case M_BENCH:
    if (st == 0) { std_config(s, 0); set_phase(s, PH_CSR, 0); return 1; }
    if (st == 1) { traffic(s, D_SINGLE, 40, 100, 100); s->in_en = 0x1; return 1; } /* one packet, idle switch */
    if (st == 2) { traffic(s, D_UNIFORM, 32000, 100, 100); s->win_start = s->cycle + 2000; s->win_end = s->cycle + 32000; return 1; }
    if (st == 3) {
      s->hot_out = 3;
      traffic(s, D_HOTSPOT, 32000, 100, 100);
      s->in_en = 0x7;
      memset(s->beats_in_out, 0, sizeof(s->beats_in_out));
      s->win_start = s->cycle + 2000; s->win_end = s->cycle + 32000;
      return 1;
    }
    if (st == 4) {
      counters_read(s);
      s->eth = 0xF; /* every input carries Ethernet frames */
      op(s, 1, CSR_NIC_SWITCH_ETH_MODE, 0xF, 0, 0);
      set_phase(s, PH_CSR, 0);
      return 1;
    }
    if (st == 5) { traffic(s, D_UNIFORM, 32000, 100, 100); s->win_start = s->cycle + 2000; s->win_end = s->cycle + 32000; return 1; }
    if (st == 6) { counters_read(s); set_phase(s, PH_CSR, 0); return 1; }
    return 0;
  }
  return 0;
}

/* Uniform throughput of the C model alone (nic_switch_sig_*) at any radix: every input at full
 * load with uniform random unicast destinations (LFT entry d -> port d), AOTF packets of 5 beats
 * or Ethernet frames of 64..1518 bytes (8..190 beats), outputs always ready; output beats per
 * port and cycle over 30000 cycles after 2000 of warm-up, in per cent. */
static double model_uniform(uint32_t radix, uint32_t lft, uint32_t buf, uint32_t iters, int eth, uint64_t seed) {
  nic_switch_t *m = calloc(1, sizeof(*m));
  nic_switch_cfg_t cfg = {radix, lft, 64, buf, iters};
  if (!m || nic_switch_init(m, &cfg, seed)) { free(m); return -1.0; }
  nic_rng_t rng;
  nic_rng_seed(&rng, seed);
  nic_switch_sig_in_t in;
  nic_switch_sig_out_t out;
  uint32_t nb[NSW_MAXR] = {0}, k[NSW_MAXR] = {0}, dst[NSW_MAXR] = {0}, e = 0;
  uint64_t beats = 0, t0 = 0;
  int ph = 0;
  for (uint64_t cyc = 0;; cyc++) {
    memset(&in, 0, sizeof(in));
    in.rst_ni = cyc >= 4;
    for (uint32_t o = 0; o < radix; o++) in.m_tready[o] = 1;
    if (ph == 0 && cyc == 8 + lft) { ph = 1; t0 = cyc; }
    if (ph == 1) { /* CSR writes, one every other cycle: ETH_MODE, LFT block 0 = ports 0..radix-1 */
      uint32_t n = (uint32_t)(cyc - t0);
      if (n % 2 == 0) {
        in.csr_req = in.csr_we = 1;
        if (n == 0) { in.csr_addr = CSR_NIC_SWITCH_ETH_MODE; in.csr_wdata = eth ? 0xFFFFFFFFu : 0; }
        else if (n == 2) in.csr_addr = CSR_NIC_SWITCH_LFT_BLOCK;
        else { in.csr_addr = CSR_NIC_SWITCH_LFT_DATA; in.csr_wdata = 0x80000000u | (e++ % radix); }
      } else if (e == 64) { ph = 2; t0 = cyc + 4; }
    }
    int tr = ph == 2 && cyc >= t0;
    if (tr)
      for (uint32_t i = 0; i < radix; i++) {
        if (nb[i] == 0) {
          nb[i] = eth ? 8 + (uint32_t)nic_rng_below(&rng, 183) : 5;
          dst[i] = (uint32_t)nic_rng_below(&rng, radix);
          k[i] = 0;
        }
        in.s_tvalid[i] = 1;
        in.s_tdata[i] = k[i] ? nic_rng_next(&rng) : eth ? 0x02u | (uint64_t)dst[i] << 40 : dst[i];
        in.s_tkeep[i] = 0xFF;
        in.s_tlast[i] = k[i] + 1 == nb[i];
      }
    nic_switch_sig_eval(m, &in, &out);
    if (tr) {
      for (uint32_t i = 0; i < radix; i++)
        if (out.s_tready[i] && ++k[i] == nb[i]) nb[i] = 0;
      uint64_t t = cyc - t0;
      if (t >= 32000) break;
      if (t >= 2000)
        for (uint32_t o = 0; o < radix; o++) beats += (uint64_t)(out.m_tvalid[o] && in.m_tready[o]);
    }
    nic_switch_sig_tick(m, &in);
  }
  uint64_t col = nic_switch_collisions(m);
  nic_switch_free(m);
  free(m);
  return col ? -1.0 : beats * 100.0 / (radix * 30000.0);
}

int nic_switch_stim_next(void *p, uint64_t cycle, const nic_switch_out_t *prev, nic_switch_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  /* phase transitions */
  for (;;) {
    int done = 0;
    switch (s->ph) {
    case PH_RESET: case PH_INIT: case PH_TRAFFIC: done = s->ph_left == 0; break;
    case PH_CSR: done = s->on == 0 && s->fn == 0; break;
    case PH_DRAIN: {
      int idle = 1;
      for (int i = 0; i < R; i++) idle &= !s->act[i];
      done = idle && qtotal(s) == 0 && s->ph_left == 0;
      if (idle && qtotal(s) == 0 && s->ph_left > 8) s->ph_left = 8;
      if (!done && cycle - s->ph_start > 200000) {
        fail(s, "drain: traffic stuck", qtotal(s), 0);
        return 0;
      }
      break;
    }
    default: return 0;
    }
    if (!done) break;
    if (s->ph == PH_TRAFFIC) { set_phase(s, PH_DRAIN, 1000000); s->in_en = 0; continue; }
    if (s->ph == PH_CSR && s->step == -1) { s->step = 0; set_phase(s, PH_RESET, 3); continue; }
    if (s->ph == PH_DRAIN && s->mode == M_HOL && !s->hol_checked) fail(s, "hol: check not reached", 0, 1);
    if (!plan(s)) { s->ph = PH_DONE; return 0; }
  }
  if (s->ph_left) s->ph_left--;
  in->rst_ni = s->ph != PH_RESET;
  /* CSR requests: one in flight at a time (reads keep their order with the acks) */
  if (s->ph == PH_CSR && s->on && s->fn == 0 && nic_rng_below(&s->rng, 4) != 0) {
    csr_op_t o = s->ops[s->oh];
    s->oh = (s->oh + 1) % CCAP;
    s->on--;
    in->csr_req_i = 1;
    in->csr_we_i = (uint64_t)o.we;
    in->csr_addr_i = o.addr;
    in->csr_wdata_i = o.wdata;
    s->fl[0] = o;
    s->fl_cyc[0] = cycle;
    s->fn = 1;
  } else {
    in->csr_addr_i = nic_rng_next(&s->rng) & 0xFFF;
    in->csr_wdata_i = nic_rng_next(&s->rng) & 0xFFFFFFFF;
  }
  /* senders */
  if (s->ph == PH_TRAFFIC && s->vr_left-- == 0) {
    s->vr_left = (uint32_t)nic_rng_below(&s->rng, 200);
    if (s->pol == D_MIX) s->p_valid = (int)(nic_rng_below(&s->rng, 4) * 33 + 1);
  }
  uint64_t td[R], tk[R], tv[R], tl[R], rdy[R];
  for (uint32_t i = 0; i < R; i++) {
    if (!s->act[i] && s->ph == PH_TRAFFIC && ((s->in_en >> i) & 1)) {
      if (!(s->mode == M_HOL && i == 0 && s->seq[0] >= 400) &&
          !(s->mode == M_BENCH && s->step == 2 && s->seq[0] >= 1))
        new_packet(s, i);
    }
    td[i] = nic_rng_next(&s->rng);
    tk[i] = nic_rng_next(&s->rng) & 0xFF;
    tl[i] = nic_rng_below(&s->rng, 2);
    tv[i] = 0;
    if (s->act[i] && s->ph != PH_RESET) {
      int v = s->v_hold[i] || (int)nic_rng_pct(&s->rng, (unsigned)(s->ph == PH_DRAIN ? 100 : s->p_valid));
      if (v) {
        tv[i] = 1;
        td[i] = beat_data(&s->cur[i], s->k[i]);
        tk[i] = beat_keep(&s->cur[i], s->k[i]);
        tl[i] = s->k[i] + 1 == s->cur[i].nb;
      }
    }
    if (s->ph == PH_DRAIN || s->out_p_ready == 100 || s->ph != PH_TRAFFIC) rdy[i] = 1;
    else if (s->out_p_ready < 0) rdy[i] = (cycle / 64 + i) % 3 != 0; /* periodic stalls */
    else rdy[i] = (uint64_t)nic_rng_pct(&s->rng, (unsigned)s->out_p_ready);
    if ((s->out_block >> i) & 1 && s->ph == PH_TRAFFIC) rdy[i] = 0;
  }
  in->s0_tdata = td[0]; in->s0_tkeep = tk[0]; in->s0_tvalid = tv[0]; in->s0_tlast = tl[0]; in->m0_tready = rdy[0];
  in->s1_tdata = td[1]; in->s1_tkeep = tk[1]; in->s1_tvalid = tv[1]; in->s1_tlast = tl[1]; in->m1_tready = rdy[1];
  in->s2_tdata = td[2]; in->s2_tkeep = tk[2]; in->s2_tvalid = tv[2]; in->s2_tlast = tl[2]; in->m2_tready = rdy[2];
  in->s3_tdata = td[3]; in->s3_tkeep = tk[3]; in->s3_tvalid = tv[3]; in->s3_tlast = tl[3]; in->m3_tready = rdy[3];
  s->in = *in;
  return 1;
}

static void accept_first(st_t *s, uint32_t i) {
  pkt_t *p = &s->cur[i];
  uint32_t why;
  p->mask = route(s, i, p, &why);
  p->mc = why == 0x10;
  s->sent++;
  if (p->trl) {
    s->crc_trl_sent++;
    s->crc_bad_sent += (uint32_t)p->bad;
    if (p->bad && ((s->crcm >> i) & 1)) s->crc_exp[i]++;
  }
  if (!p->mask) {
    for (int r = 0; r < 4; r++)
      if ((why >> r) & 1) s->cnt_exp[r]++;
    s->dropped++;
    return;
  }
  int c = p->mc;
  for (uint32_t o = 0; o < R; o++)
    if ((p->mask >> o) & 1) {
      if (s->qn[i][o][c] >= QCAP) { fail(s, "expected queue overflow", s->qn[i][o][c], QCAP); continue; }
      s->q[i][o][c][(s->qh[i][o][c] + s->qn[i][o][c]++) % QCAP] = *p;
    }
  if (s->bench && s->step == 2 && s->first_acc == 0) s->first_acc = s->cycle;
}

static void receive(st_t *s, uint32_t o, uint64_t d, uint64_t k, uint64_t l) {
  if (!s->lock[o]) {
    uint32_t src = R, cl = 0;
    for (uint32_t i = 0; i < R; i++)
      for (uint32_t c = 0; c < 2; c++)
        if (s->qn[i][o][c] && s->q[i][o][c][s->qh[i][o][c]].b0 == d) { src = i; cl = c; }
    if (src == R) { fail(s, "unexpected packet on output", o, d); return; }
    s->lock[o] = 1;
    s->lk_in[o] = src;
    s->lk_c[o] = cl;
    s->lk_k[o] = 0;
    if (s->bench && s->step == 2 && s->first_out == 0) s->first_out = s->cycle;
  }
  uint32_t i = s->lk_in[o], c = s->lk_c[o];
  const pkt_t *p = &s->q[i][o][c][s->qh[i][o][c]];
  uint32_t kk = s->lk_k[o];
  if (d != beat_data(p, kk)) fail(s, "output tdata", d, beat_data(p, kk));
  if (k != beat_keep(p, kk)) fail(s, "output tkeep", k, beat_keep(p, kk));
  if (l != (kk + 1 == p->nb)) fail(s, "output tlast", l, kk + 1 == p->nb);
  s->beats_out[o]++;
  if (s->step == 4 && s->cycle >= s->win_start && s->cycle < s->win_end) s->beats_in_out[i][o]++;
  s->lk_k[o]++;
  if (l || s->lk_k[o] >= p->nb) {
    s->lock[o] = 0;
    s->qh[i][o][c] = (s->qh[i][o][c] + 1) % QCAP;
    s->qn[i][o][c]--;
    s->delivered++;
  }
}

int nic_switch_stim_check(void *p, const nic_switch_out_t *o) {
  st_t *s = p;
  if (!o) {
    if (s->mode != M_RANDOM && s->ph != PH_DONE) fail(s, "mode did not complete", (uint64_t)s->ph, PH_DONE);
    if (s->delivered == 0) fail(s, "no packet delivered", 0, 1);
    if (s->mode == M_CRC && (s->crc_exp[0] == 0 || s->crc_exp[1] == 0 || s->crc_bad_sent <= s->crc_exp[0] + s->crc_exp[1] + s->crc_exp[2] + s->crc_exp[3]))
      fail(s, "crc: a checked input saw no bad packet, or no bad packet went unchecked", s->crc_exp[1], 1);
    if (s->mode == M_BAD)
      for (int r = 0; r < 4; r++)
        if (s->cnt_exp[r] == 0) fail(s, "bad: a drop reason never exercised", (uint64_t)r, 1);
    if (s->bench) {
      uint64_t tot = 0, mn = ~0ull;
      for (int i = 0; i < 3; i++) { tot += s->beats_in_out[i][3]; if (s->beats_in_out[i][3] < mn) mn = s->beats_in_out[i][3]; }
      printf("bench: switch.cut_through_cycles %llu\n", (unsigned long long)(s->first_out - s->first_acc));
      printf("bench: switch.uniform_throughput_pct %.1f\n", s->mc_copies * 100.0 / (R * 30000.0));
      printf("bench: switch.uniform_throughput_eth_pct %.1f\n", s->eth_copies * 100.0 / (R * 30000.0));
      printf("bench: switch.hotspot_min_share_pct %.1f\n", tot ? mn * 300.0 / (double)tot : 0.0);
      /* the C model alone at RADIX 16 with the RTL's default parameters, and at RADIX 4 with a
       * 2048-beat buffer (Ethernet frames need several frames of buffer per input) */
      double r16 = model_uniform(16, 4096, 512, 2, 0, 1), r16e = model_uniform(16, 4096, 512, 2, 1, 1);
      double e2k = model_uniform(R, LFT_DEPTH, 2048, LS_PARAM_ITERS, 1, 1);
      if (r16 < 0 || r16e < 0 || e2k < 0) fail(s, "model-only run failed (init or RAM collisions)", 0, 1);
      printf("bench: switch.uniform_throughput_r16_pct %.1f\n", r16);
      printf("bench: switch.uniform_throughput_r16_eth_pct %.1f\n", r16e);
      printf("bench: switch.uniform_throughput_eth_buf2048_pct %.1f\n", e2k);
    }
    fprintf(stderr, "nic_switch: packets sent %llu delivered %llu dropped %llu, drops %u/%u/%u/%u\n",
            (unsigned long long)s->sent, (unsigned long long)s->delivered, (unsigned long long)s->dropped,
            s->cnt_exp[0], s->cnt_exp[1], s->cnt_exp[2], s->cnt_exp[3]);
    if (s->crc_on)
      fprintf(stderr, "nic_switch: trailer packets %u, bad %u, counted (last epoch) %u/%u/%u/%u\n",
              s->crc_trl_sent, s->crc_bad_sent, s->crc_exp[0], s->crc_exp[1], s->crc_exp[2], s->crc_exp[3]);
    return s->fails;
  }
  int before = s->fails;
  const nic_switch_in_t *in = &s->in;
  if (!in->rst_ni) {
    memset(s->qn, 0, sizeof(s->qn));
    memset(s->lock, 0, sizeof(s->lock));
    memset(s->act, 0, sizeof(s->act));
    memset(s->v_hold, 0, sizeof(s->v_hold));
    s->fn = 0;
    if (o->csr_ack_o) fail(s, "csr ack during reset", 1, 0);
    return s->fails != before;
  }
  /* CSR acks: exactly one cycle after the request */
  if (o->csr_ack_o) {
    if (!s->fn || s->fl_cyc[0] + 1 != s->cycle) fail(s, "csr ack without a request one cycle before", 1, 0);
    else {
      if (s->fl[0].chk && o->csr_rdata_o != s->fl[0].exp) {
        fail(s, "csr read data", o->csr_rdata_o, s->fl[0].exp);
        fprintf(stderr, "  (address 0x%03x)\n", s->fl[0].addr);
      }
      s->fn = 0;
    }
  } else if (s->fn && s->fl_cyc[0] + 1 <= s->cycle) fail(s, "csr ack missing", 0, 1);
  else if (o->csr_rdata_o) fail(s, "csr_rdata_o outside an ack", o->csr_rdata_o, 0);
  /* outputs */
  uint64_t od[R] = {o->m0_tdata, o->m1_tdata, o->m2_tdata, o->m3_tdata};
  uint64_t ok[R] = {o->m0_tkeep, o->m1_tkeep, o->m2_tkeep, o->m3_tkeep};
  uint64_t ov[R] = {o->m0_tvalid, o->m1_tvalid, o->m2_tvalid, o->m3_tvalid};
  uint64_t ol[R] = {o->m0_tlast, o->m1_tlast, o->m2_tlast, o->m3_tlast};
  uint64_t rd[R] = {in->m0_tready, in->m1_tready, in->m2_tready, in->m3_tready};
  uint64_t sr[R] = {o->s0_tready, o->s1_tready, o->s2_tready, o->s3_tready};
  uint64_t sv[R] = {in->s0_tvalid, in->s1_tvalid, in->s2_tvalid, in->s3_tvalid};
  for (uint32_t k = 0; k < R; k++) {
    if (ov[k] && rd[k]) {
      receive(s, k, od[k], ok[k], ol[k]);
      if (s->bench && s->cycle >= s->win_start && s->cycle < s->win_end) {
        if (s->step == 3) s->mc_copies++;
        if (s->step == 6) s->eth_copies++;
      }
    }
  }
  /* inputs */
  for (uint32_t i = 0; i < R; i++) {
    if (!sv[i]) continue;
    if (!s->act[i]) continue;
    if (sr[i]) {
      if (s->k[i] == 0) accept_first(s, i);
      s->k[i]++;
      s->v_hold[i] = 0;
      if (s->k[i] >= s->cur[i].nb) s->act[i] = 0;
    } else s->v_hold[i] = 1;
  }
  /* hol: with output 0 blocked, input 0's packets to the other outputs keep flowing */
  if (s->mode == M_HOL && s->ph == PH_TRAFFIC && s->ph_left == 1) {
    uint32_t others = s->qn[0][1][0] + s->qn[0][2][0] + s->qn[0][3][0];
    if (s->qn[0][0][0] != 1) fail(s, "hol: packet to the blocked output", s->qn[0][0][0], 1);
    if (others > 2) fail(s, "hol: other outputs blocked behind output 0", others, 0);
    if (s->delivered < 300) fail(s, "hol: too few packets delivered", s->delivered, 300);
    s->hol_checked = 1;
  }
  return s->fails != before;
}

typedef struct { nic_switch_t sw; } model_t;

void *nic_switch_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  nic_switch_cfg_t cfg = {R, LFT_DEPTH, MFT_DEPTH, BUF_BEATS, LS_PARAM_ITERS};
  if (!m || nic_switch_init(&m->sw, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void nic_switch_model_eval(const void *p, const nic_switch_in_t *in, nic_switch_out_t *out) {
  nic_switch_eval(&((const model_t *)p)->sw, in, out);
}
void nic_switch_model_tick(void *p, const nic_switch_in_t *in) { nic_switch_tick(&((model_t *)p)->sw, in); }
int nic_switch_model_check(const void *p) {
  const model_t *m = p;
  uint64_t c = nic_switch_collisions(&m->sw);
  if (c) {
    fprintf(stderr, "nic_switch model: %llu RAM read/write collisions\n", (unsigned long long)c);
    return 1;
  }
  return 0;
}
void nic_switch_model_free(void *p) {
  model_t *m = p;
  nic_switch_free(&m->sw);
  free(m);
}
