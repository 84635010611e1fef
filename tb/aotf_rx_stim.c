// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboards for aotf_rx (LLCM_BYTES, PT_ENTRIES, WB_DEPTH:
 * tb/duts/aotf_rx.mk). See docs/reference/aotf_rx.md.
 *
 * The scoreboard is a spec-level reference written independently of the RTL and the C model:
 *  - a reference packet parser classifies every accepted beat sequence (good / drop reason)
 *    with the priority of docs/reference/aotf_rx.md, using the protection table the stimulus programmed;
 *  - a shadow LLCM (bytes) updated only by legal writes: good packets (through a reference
 *    write queue: one write per cycle, host CSR writes first, nothing during the init sweep)
 *    and host writes (HW_CMD); cleared by reset / CTRL.INIT;
 *  - every host read response (3 cycles after the request) is checked against the shadow
 *    (write-first: a read issued in the cycle a write lands sees the new bytes), so bytes
 *    outside permitted regions are
 *    checked never to change; full LLCM scans run periodically;
 *  - every CSR read response is checked (counters per drop reason, STATUS, table, ...);
 *  - every cycle: s_axis_tready, dbg_* and irq_o against the reference state.
 * Modes: random (never ends), good, protect, truncated, overlong, badtype, badlen, badkeep,
 * range, poll_while_write, reset_mid, wbfull, csr, forms (32/24/16/8-byte headers), tuser
 * (link-layer aborts on the tlast beat), tlb (translated packets through a preloaded receive
 * TLB), tlb_miss (a small TLB, misses refilled by a software model of the driver after random
 * delays, forged keys dropped with CTRL.MISS_DROP), skip (FLAG_XLAT_SKIP packets from allowed
 * and forged pgids). Packets without FLAG_XLAT_SKIP are only made by the tlb / tlb_miss /
 * random modes; the others send physical-address packets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_rx.h"
#include "nic_lockstep.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/aotf_rx/ls_params.h, generated from tb/duts/aotf_rx.mk */

LS_DECLARE_STIM(aotf_rx)

/* bench parameters (powers of two; tb/duts/aotf_rx.mk) */
#define LLCM_BYTES ((unsigned)LS_PARAM_LLCM_BYTES)
#define LB ((unsigned)__builtin_ctz(LLCM_BYTES))
#define PT_N ((unsigned)LS_PARAM_PT_ENTRIES)
#define PT_LB ((unsigned)__builtin_ctz(PT_N))
#define WB_DEPTH ((unsigned)LS_PARAM_WB_DEPTH)
#define WORDS (LLCM_BYTES / 8u)
#define LMASK ((1u << (LB + 1)) - 1)
#define TLB_N ((unsigned)LS_PARAM_TLB_ENTRIES)
#define DRV_N 12 /* mappings the software model (driver) keeps */

enum { EV_NONE, EV_GOOD, EV_TYPE, EV_LEN, EV_KEEP, EV_RANGE, EV_PROT, EV_TRUNC, EV_OVERLONG, EV_LINK, EV_MISS, EV_N };
static const char *ev_name[EV_N] = {"none", "good", "type", "len", "keep", "range", "prot", "trunc", "overlong", "link", "miss"};
/* counter index of an event (the byte counter sits at 9, LINK at 10, MISS at 11) */
#define CNT_IX(ev) ((ev) == EV_LINK ? 10 : (ev) == EV_MISS ? 11 : (ev))

/* packet kinds the generator makes */
enum { K_GOOD, K_TYPE, K_FLAG, K_LEN, K_KEEP, K_RANGE, K_PROT_NOENT, K_PROT_PGID, K_PROT_OUT, K_TRUNC,
       K_OVERLONG, K_GARBAGE, K_HFMT8, K_TLB_GOOD, K_TLB_FORGE, K_TLB_OUT, K_BOTF, K_BOTF_BAD, K_BOTF_TLB, K_N };
/* header forms (flags.HFMT) */
static const unsigned form_words[4] = {4, 2, 3, 1}; /* HFMT_32, HFMT_16, HFMT_24, HFMT_8 */

enum { M_RANDOM, M_GOOD, M_PROTECT, M_TRUNC, M_OVERLONG, M_BADTYPE, M_BADLEN, M_BADKEEP, M_RANGE, M_POLL,
       M_RESET, M_WBFULL, M_CSR, M_FORMS, M_TUSER, M_TLB, M_TLB_MISS, M_SKIP, M_BOTF, M_BOTF_RATE, M_N };
static const char *mode_name[M_N] = {"random", "good", "protect", "truncated", "overlong", "badtype",
                                     "badlen", "badkeep", "range", "poll_while_write", "reset_mid",
                                     "wbfull", "csr", "forms", "tuser", "tlb", "tlb_miss", "skip", "botf", "botf_rate"};

/* script states */
enum { S_RESET, S_WAITINIT, S_SETUP, S_TRAFFIC, S_DRAIN, S_SCAN, S_CSRCHK, S_END };

#define TXCAP 128
#define CSRCAP 256
#define PENDCAP 128

typedef struct { uint64_t data; uint8_t keep, last, user; } txb_t;
typedef struct { uint32_t addr, len; uint64_t data; uint64_t t, tmiss; int tr; } wr_t;
/* a receive-TLB mapping: key {pgid, pid, region} -> window [vb, vl) at pb */
typedef struct { int v; uint32_t pgid, pid, rg, vb, vl, pb; } tlbe_t;
typedef struct { uint8_t we; uint16_t addr; uint32_t wdata; } csrop_t;

typedef struct {
  nic_rng_t rng;
  int mode, fails;
  uint64_t cycle;
  aotf_rx_in_t in;
  /* transmitter */
  txb_t tx[TXCAP];
  unsigned tx_h, tx_n;
  int presenting;
  /* CSR op queue */
  csrop_t cq[CSRCAP];
  unsigned cq_h, cq_n;
  /* expected responses for the next cycle */
  int exp_ack, exp_rvalid, exp2_rvalid, exp3_rvalid; /* host reads: response 3 cycles after the request */
  uint32_t exp_rdata;
  uint64_t exp_hr, exp2_hr, exp3_hr;
  /* ---- reference */
  int ref_valid;
  uint8_t shadow[LLCM_BYTES];
  wr_t pend[PENDCAP];
  unsigned p_h, p_n;
  unsigned busy_left;
  int rx_en;
  uint32_t status, irq_en, pt_idx, hw_word, cnt[12], ev_q;
  uint32_t sev;   /* last cycle's event: sets its STATUS bit this cycle */
  int hwq;        /* a host write (HW_CMD) accepted last cycle: it writes the LLCM this cycle */
  uint32_t hwq_be;
  /* receive TLB and its hold register */
  tlbe_t tlb[TLB_N];
  uint32_t tlb_idx;
  int hv, hfresh, hfresh2, hmissed; /* hfresh2: the decision's lookup is of this packet and table */
  int hdw;                          /* a VBASE / PBASE write last cycle (the TLB's delta lags it) */
  uint32_t h_pgid, h_pid, h_rg, h_raddr, h_len;
  uint64_t h_data, h_t, h_tmiss;
  uint32_t miss_pgid, miss_pid, miss_rg, miss_addr;
  /* software model: the driver's table and its refill state */
  tlbe_t drv[DRV_N];
  unsigned drv_victim;
  uint64_t refill_at;
  uint64_t hw_data;
  int pt_v[PT_N];
  uint32_t pt_pgid[PT_N], pt_base[PT_N], pt_lim[PT_N];
  unsigned pb;  /* beats of the current packet so far */
  unsigned pdbi; /* data beat index of the current packet */
  int pdisc, pdisc_ty, pstall;
  uint64_t pw[5];
  unsigned pdb, pnb;  /* data beat index, data beats - 1 of the current packet */
  int pbotf, pkbad;
  uint64_t pdata[64]; /* data beats of the current packet */
  /* BOTF packet buffer: slots (0 free, 1 reserved, 2 ready), their LLCM address, length and
   * payload; the drained words in flight (read last cycle, pushed this cycle) */
  int sl_st[2];
  uint32_t sl_addr[2], sl_len[2];
  uint64_t sl_t[2]; /* cycle of the tlast beat of a physical-address packet, 0 for a translated one */
  uint64_t botf_lat_min, botf_lat_max;
  uint64_t sl_data[2][64];
  unsigned sl_fill, sl_rs, sl_dr, sl_di;
  int dr_pv, dr_pv2;
  wr_t dr_w, dr_w2;
  int h_botf;
  /* BOTF rate */
  uint64_t botf_beats, botf_bytes, botf_first, botf_last, botf_good;
  /* ---- generator / script */
  int st, st_after_init;
  unsigned st_left, pkts_left, scan_i, chk_i, rst_left;
  unsigned kind_w[K_N];
  unsigned p_gap, p_csr, p_hread, poll, p_pkt, p_user, form_w[4];
  unsigned phase_left;
  uint32_t hot_word;
  unsigned resets_wanted, hw_burst;
  int setup_wait, cq_fast;
  uint64_t next_event;
  /* ---- statistics / coverage */
  uint64_t ev_seen[EV_N], kind_made[K_N], good_form[4];
  uint64_t reads_checked, reads_fwd, csr_checked, hw_writes, scans, resets, mid_pkt_resets,
      mid_sweep_resets, inits, wb_full_cycles, irq_rise, irq_fall, unmapped_reads, cnt_clears,
      rx_off_cycles, w1c_clears, nonzero_reads;
  uint64_t lat_min, lat_max, lat_sum, lat_n, lat_hist[8];
  uint64_t refills, miss_drops, tlb_good, tlb_prot, miss_lat_min, miss_lat_sum, miss_lat_n, tlb_lat_min;
  int bench, tlb_bench, botf_bench;
  int prev_irq;
} st_t;

const char *aotf_rx_stim_modes(void) {
  return "random good protect truncated overlong badtype badlen badkeep range poll_while_write "
         "reset_mid wbfull csr forms tuser tlb tlb_miss skip botf botf_rate bench bench_tlb bench_botf";
}

static void fail(st_t *s, const char *msg, uint64_t got, uint64_t exp) {
  if (s->fails++ < 12)
    fprintf(stderr, "aotf_rx scoreboard [%s]: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            mode_name[s->mode], (unsigned long long)s->cycle, msg, (unsigned long long)got,
            (unsigned long long)exp);
}

static uint64_t rnd(st_t *s) { return nic_rng_next(&s->rng); }
static uint64_t below(st_t *s, uint64_t n) { return nic_rng_below(&s->rng, n); }
static int pct(st_t *s, unsigned p) { return nic_rng_pct(&s->rng, p); }

/* ------------------------------------------------------------------ CSR queue */
static void csr_push(st_t *s, int we, uint32_t addr, uint32_t wdata) {
  if (s->cq_n >= CSRCAP) return;
  csrop_t op = {(uint8_t)we, (uint16_t)addr, wdata};
  s->cq[(s->cq_h + s->cq_n++) % CSRCAP] = op;
}

static void setup_table(st_t *s, int all_valid) {
  /* program every entry: most valid, random regions inside (and sometimes at the edges of) the LLCM */
  for (uint32_t e = 0; e < PT_N; e++) {
    int valid = all_valid || pct(s, 80);
    uint32_t pgid = ((uint32_t)(rnd(s) & 0xFFFF) & ~(PT_N - 1)) | e;
    uint32_t base, lim;
    switch (below(s, 4)) {
      case 0: base = 0; lim = (uint32_t)(8 + below(s, 256)); break;
      case 1: lim = LLCM_BYTES; base = LLCM_BYTES - (uint32_t)(8 + below(s, 256)); break;
      case 2: base = (uint32_t)below(s, LLCM_BYTES - 8); lim = base + 1 + (uint32_t)below(s, 24); break;
      default: base = (uint32_t)below(s, LLCM_BYTES / 2); lim = base + (uint32_t)below(s, LLCM_BYTES / 2); break;
    }
    if (lim > LLCM_BYTES && pct(s, 90)) lim = LLCM_BYTES;
    csr_push(s, 1, CSR_AOTF_RX_PT_INDEX, e | ((uint32_t)rnd(s) & 0xFFFFFFF0u));
    csr_push(s, 1, CSR_AOTF_RX_PT_BASE, base | ((uint32_t)(rnd(s) & 1) << 20));
    csr_push(s, 1, CSR_AOTF_RX_PT_LIMIT, lim);
    csr_push(s, 1, CSR_AOTF_RX_PT_ENTRY, ((uint32_t)valid << 31) | pgid | ((uint32_t)rnd(s) & 0x7FFF0000u));
    csr_push(s, 0, CSR_AOTF_RX_PT_ENTRY, 0);
  }
}

/* the driver's mappings: windows inside the virtual space [0, LLCM_BYTES), mostly mapped inside
 * the LLCM; a few whose physical end passes LLCM_BYTES (those writes drop with PROT) */
static void setup_drv(st_t *s) {
  for (unsigned i = 0; i < DRV_N; i++) {
    tlbe_t *d = &s->drv[i];
    d->v = 1;
    d->pgid = (uint32_t)(rnd(s) & 0xFFFF);
    d->pid = (uint32_t)(rnd(s) & 0xFFFF);
    d->rg = (uint32_t)(rnd(s) & 0xFF);
    if (i && pct(s, 30)) { d->pgid = s->drv[i - 1].pgid; if (pct(s, 50)) d->pid = s->drv[i - 1].pid; }
    uint32_t sz = 8 + (uint32_t)below(s, pct(s, 50) ? 64 : 1024);
    d->vb = (uint32_t)below(s, LLCM_BYTES - sz);
    d->vl = d->vb + sz;
    d->pb = (uint32_t)below(s, LLCM_BYTES - sz + 1);
    if (pct(s, 10)) d->pb = LLCM_BYTES - sz / 2;     /* window runs past the LLCM end */
  }
}

static void tlb_write(st_t *s, unsigned idx, const tlbe_t *d) {
  csr_push(s, 1, CSR_AOTF_RX_TLB_INDEX, idx | ((uint32_t)rnd(s) & 0xFFFFFFF0u));
  csr_push(s, 1, CSR_AOTF_RX_TLB_PGID, d->pgid);   /* invalid while the fields change */
  csr_push(s, 1, CSR_AOTF_RX_TLB_PID, d->pid | d->rg << 16 | ((uint32_t)rnd(s) & 0xFF000000u));
  csr_push(s, 1, CSR_AOTF_RX_TLB_VBASE, d->vb);
  csr_push(s, 1, CSR_AOTF_RX_TLB_VLIMIT, d->vl);
  csr_push(s, 1, CSR_AOTF_RX_TLB_PBASE, d->pb);
  csr_push(s, 1, CSR_AOTF_RX_TLB_PGID, (uint32_t)d->v << 31 | d->pgid | ((uint32_t)rnd(s) & 0x7FFF0000u));
}

/* preload the TLB with the first TLB_N driver mappings (read back) */
static void preload_tlb(st_t *s) {
  for (unsigned i = 0; i < TLB_N; i++) {
    tlb_write(s, i, &s->drv[i]);
    csr_push(s, 0, CSR_AOTF_RX_TLB_PID, 0);
  }
}

static const uint32_t csr_regs[] = {
    CSR_AOTF_RX_ID,        CSR_AOTF_RX_VERSION,    CSR_AOTF_RX_CONFIG,     CSR_AOTF_RX_CTRL,
    CSR_AOTF_RX_STATUS,    CSR_AOTF_RX_IRQ_EN,     CSR_AOTF_RX_PT_INDEX,   CSR_AOTF_RX_PT_ENTRY,
    CSR_AOTF_RX_PT_BASE,   CSR_AOTF_RX_PT_LIMIT,   CSR_AOTF_RX_HW_ADDR,    CSR_AOTF_RX_HW_DATA_LO,
    CSR_AOTF_RX_HW_DATA_HI, CSR_AOTF_RX_HW_CMD,    CSR_AOTF_RX_CNT_GOOD,   CSR_AOTF_RX_CNT_BYTES,
    CSR_AOTF_RX_CNT_TYPE,  CSR_AOTF_RX_CNT_LEN,    CSR_AOTF_RX_CNT_KEEP,   CSR_AOTF_RX_CNT_RANGE,
    CSR_AOTF_RX_CNT_PROT,  CSR_AOTF_RX_CNT_TRUNC,  CSR_AOTF_RX_CNT_OVERLONG, CSR_AOTF_RX_CNT_HOSTWR,
    CSR_AOTF_RX_CNT_LINK, CSR_AOTF_RX_CNT_MISS, CSR_AOTF_RX_TLB_INDEX, CSR_AOTF_RX_TLB_PGID,
    CSR_AOTF_RX_TLB_PID, CSR_AOTF_RX_TLB_VBASE, CSR_AOTF_RX_TLB_VLIMIT, CSR_AOTF_RX_TLB_PBASE,
    CSR_AOTF_RX_MISS_PGID, CSR_AOTF_RX_MISS_PID, CSR_AOTF_RX_MISS_ADDR};
#define N_CSR_REGS (sizeof(csr_regs) / sizeof(csr_regs[0]))

static void read_all_csrs(st_t *s) {
  for (unsigned i = 0; i < N_CSR_REGS; i++) csr_push(s, 0, csr_regs[i], (uint32_t)rnd(s));
}

static void host_write(st_t *s, uint32_t word, uint64_t data, uint32_t be) {
  csr_push(s, 1, CSR_AOTF_RX_HW_ADDR, (word << 3) | (uint32_t)below(s, 8) | ((uint32_t)(rnd(s) & 1) << 30));
  csr_push(s, 1, CSR_AOTF_RX_HW_DATA_LO, (uint32_t)data);
  csr_push(s, 1, CSR_AOTF_RX_HW_DATA_HI, (uint32_t)(data >> 32));
  csr_push(s, 1, CSR_AOTF_RX_HW_CMD, be | ((uint32_t)rnd(s) & 0xFFFFFF00u));
}

/* ------------------------------------------------------------------ packet generator */
static void tx_beat(st_t *s, uint64_t d, unsigned keep, int last) {
  if (s->tx_n >= TXCAP) return;
  /* tuser: only meaningful on the tlast beat (random elsewhere) */
  txb_t b = {d, (uint8_t)keep, (uint8_t)last, (uint8_t)(last ? pct(s, s->p_user) : (int)(rnd(s) & 1))};
  s->tx[(s->tx_h + s->tx_n++) % TXCAP] = b;
}

static uint64_t w0(uint32_t dst, uint32_t src, uint32_t ptype, uint32_t flags, uint32_t pgid) {
  return (uint64_t)dst << AOTF_HDR_DST_NODE_LSB | (uint64_t)src << AOTF_HDR_SRC_NODE_LSB |
         (uint64_t)ptype << AOTF_HDR_PTYPE_LSB | (uint64_t)flags << AOTF_HDR_FLAGS_LSB |
         (uint64_t)pgid << AOTF_HDR_PGID_LSB;
}

/* pick a valid entry whose region can hold len bytes inside the LLCM; -1 if none */
static int pick_entry(st_t *s, uint32_t len) {
  int cand[PT_N], n = 0;
  for (uint32_t e = 0; e < PT_N; e++)
    if (s->pt_v[e] && (s->pt_pgid[e] & (PT_N - 1)) == e && s->pt_lim[e] <= LLCM_BYTES &&
        s->pt_base[e] + len <= s->pt_lim[e])
      cand[n++] = (int)e;
  return n ? cand[below(s, (uint64_t)n)] : -1;
}

static void gen_packet(st_t *s, int kind) {
  uint32_t len = 1 + (uint32_t)below(s, 8);
  unsigned fw = s->form_w[0] + s->form_w[1] + s->form_w[2], fr = (unsigned)below(s, fw ? fw : 1), form = 0;
  while (form < 2 && fr >= s->form_w[form]) fr -= s->form_w[form++];
  if (kind == K_HFMT8) form = HFMT_8;
  uint32_t flags = FLAG_AOTF | FLAG_XLAT_SKIP | ((uint32_t)rnd(s) & 0xF0u) | (form << FLAG_HFMT_LSB);
  uint32_t pid = (uint32_t)(rnd(s) & 0xFFFF), rg = (uint32_t)(rnd(s) & 0xFF);
  uint32_t ptype = PTYPE_AOTF;
  uint64_t raddr = 0;
  uint32_t pgid = 0;
  int e = pick_entry(s, len);
  if (kind == K_PROT_PGID || kind == K_PROT_OUT || kind == K_GOOD || kind == K_TYPE || kind == K_FLAG ||
      kind == K_KEEP || kind == K_TRUNC || kind == K_OVERLONG) {
    if (e < 0) kind = pct(s, 50) ? K_PROT_NOENT : K_RANGE;
  }
  if (e >= 0) {
    pgid = s->pt_pgid[e];
    raddr = s->pt_base[e] + below(s, s->pt_lim[e] - s->pt_base[e] - len + 1);
  }
  unsigned keep = ~(0xFFu << len) & 0xFFu;
  switch (kind) {
    case K_TYPE: ptype = (uint32_t)(2 + below(s, 254)); if (pct(s, 30)) ptype = 0; break;
    case K_FLAG: flags &= ~FLAG_AOTF; if (pct(s, 30)) ptype = (uint32_t)below(s, 256); break;
    case K_LEN:
      len = pct(s, 40) ? 0 : (uint32_t)(9 + below(s, 247));
      if (pct(s, 20)) len = 16 + (uint32_t)below(s, 8); /* low nibble looks legal */
      if (pct(s, 25)) len = (1 + (uint32_t)below(s, 8)) | ((1 + (uint32_t)below(s, 255)) << 8); /* len_hi */
      keep = pct(s, 50) ? 0xFF : (unsigned)(rnd(s) & 0xFF);
      raddr = below(s, LLCM_BYTES);
      break;
    case K_KEEP: {
      unsigned k;
      do { k = (unsigned)(rnd(s) & 0xFF); if (pct(s, 50)) k = ~(0xFFu << (unsigned)below(s, 9)) & 0xFF; } while (k == keep);
      keep = k;
      break;
    }
    case K_RANGE:
      switch (below(s, 4)) {
        case 0: raddr = LLCM_BYTES - len + 1 + below(s, len + 8); break;           /* straddles / past the end */
        case 1: raddr = below(s, LLCM_BYTES) | (1ull << (LB + below(s, 64 - LB))); break; /* high bits */
        case 2: raddr = rnd(s) | (1ull << 63); break;
        default: raddr = LLCM_BYTES + below(s, 1u << 20); break;
      }
      pgid = (uint32_t)(rnd(s) & 0xFFFF);
      break;
    case K_PROT_NOENT: {
      /* an index with no valid entry if any, else a pgid mismatch */
      int inv[PT_N], n = 0;
      for (uint32_t i = 0; i < PT_N; i++) if (!s->pt_v[i]) inv[n++] = (int)i;
      raddr = below(s, LLCM_BYTES - 8);
      pgid = ((uint32_t)rnd(s) & 0xFFF0u) | (n ? (uint32_t)inv[below(s, (uint64_t)n)] : (uint32_t)below(s, PT_N));
      if (!n) pgid ^= 0x8000u;
      break;
    }
    case K_PROT_PGID:
      pgid = s->pt_pgid[e] ^ ((1u + (uint32_t)below(s, 0xFFFu)) << 4);
      break;
    case K_PROT_OUT: {
      uint32_t b = s->pt_base[e], l = s->pt_lim[e];
      int lo_ok = b >= 1, hi_ok = l + 1 <= LLCM_BYTES;
      if (lo_ok && (!hi_ok || pct(s, 50))) { /* starts below the base (maybe overlapping it) */
        uint64_t back = 1 + below(s, b < 16 ? b : 16);
        raddr = b - back;
      } else if (hi_ok) { /* ends past the limit */
        raddr = l - len + 1 + below(s, 8);
        if (raddr + len > LLCM_BYTES) raddr = LLCM_BYTES - len;
      } else {
        kind = K_GOOD; /* region is the whole LLCM: no outside */
      }
      break;
    }
    case K_TLB_GOOD: case K_TLB_OUT: case K_TLB_FORGE: {
      const tlbe_t *d = &s->drv[below(s, s->mode == M_TLB ? TLB_N : DRV_N)];
      flags &= ~FLAG_XLAT_SKIP;
      pgid = d->pgid; pid = d->pid; rg = d->rg;
      raddr = d->vb + below(s, d->vl - d->vb - len + 1);
      if (kind == K_TLB_OUT) {
        if (pct(s, 50) && d->vb >= 1) raddr = d->vb - 1 - below(s, d->vb < 8 ? d->vb : 8);
        else raddr = d->vl - len + 1 + below(s, 8);
        if (raddr + len > LLCM_BYTES) raddr = LLCM_BYTES - len;
      }
      if (kind == K_TLB_FORGE) { /* one key field changed, or a random key */
        switch (below(s, 4)) {
          case 0: pgid ^= 1u << below(s, 16); break;
          case 1: pid ^= 1u << below(s, 16); break;
          case 2: rg ^= 1u << below(s, 8); break;
          default: pgid = (uint32_t)(rnd(s) & 0xFFFF); pid = (uint32_t)(rnd(s) & 0xFFFF); break;
        }
        if (pct(s, 30)) raddr = below(s, LLCM_BYTES - len + 1);
      }
      break;
    }
    default: break;
  }
  s->kind_made[kind]++;
  uint64_t h[5];
  unsigned nh = form_words[form];
  h[0] = w0((uint32_t)rnd(s) & 0xFFFF, (uint32_t)rnd(s) & 0xFFFF, ptype, flags, pgid);
  if (form == HFMT_16) {
    h[1] = (raddr & 0xFFFFFFu) | (uint64_t)(len & 0xFFFF) << AOTF16_HDR_LEN_LSB |
           (uint64_t)rg << AOTF16_HDR_REGION_LSB | (uint64_t)pid << AOTF16_HDR_PID_LSB;
    if (kind == K_RANGE && (raddr & 0xFFFFFFu) < LLCM_BYTES) h[1] |= (uint64_t)(LLCM_BYTES + below(s, 0xFFFFFFu - LLCM_BYTES));
  } else {
    h[1] = raddr;
  }
  h[2] = (uint64_t)(len & 0xFF) | (uint64_t)((len >> 8) & 0xFF) << AOTF_HDR_LEN_HI_LSB |
         (uint64_t)rg << AOTF_HDR_REGION_LSB | (uint64_t)pid << AOTF_HDR_PID_LSB |
         (rnd(s) & (0xFFFFFFull << AOTF_HDR_RSVD2_LSB));
  h[3] = rnd(s);
  if (nh < 4) h[nh] = rnd(s);
  h[4] = rnd(s);
  if (kind == K_GARBAGE) {
    unsigned n = 1 + (unsigned)below(s, 8);
    for (unsigned i = 0; i < n; i++) {
      uint64_t d = rnd(s);
      if (i == 0 && pct(s, 50)) d = w0((uint32_t)rnd(s), (uint32_t)rnd(s), PTYPE_AOTF, FLAG_AOTF | ((uint32_t)rnd(s) & 0xFE), (uint32_t)rnd(s)) ;
      if (i == 2 && pct(s, 50)) d = below(s, 10);
      tx_beat(s, d, (unsigned)(rnd(s) & 0xFF), i + 1 == n || pct(s, 10));
    }
    return;
  }
  if (kind == K_HFMT8) {
    unsigned n = 1 + (unsigned)below(s, 6);
    for (unsigned i = 0; i < n; i++) tx_beat(s, i ? rnd(s) : h[0], (unsigned)(rnd(s) & 0xFF), i + 1 == n);
    return;
  }
  if (kind == K_TRUNC) {
    unsigned n = 1 + (unsigned)below(s, nh);
    for (unsigned i = 0; i < n; i++) tx_beat(s, h[i], pct(s, 70) ? 0xFF : (unsigned)(rnd(s) & 0xFF), i + 1 == n);
    return;
  }
  for (unsigned i = 0; i < nh; i++) tx_beat(s, h[i], pct(s, 90) ? 0xFF : (unsigned)(rnd(s) & 0xFF), 0);
  if (kind == K_OVERLONG) {
    unsigned extra = 1 + (unsigned)below(s, 5);
    tx_beat(s, h[4], keep, 0);
    for (unsigned i = 0; i < extra; i++) tx_beat(s, rnd(s), (unsigned)(rnd(s) & 0xFF), i + 1 == extra);
    return;
  }
  tx_beat(s, h[4], keep, 1);
}

/* a BOTF packet: good (physical address inside a protection entry), bad (length, tkeep of a
 * data beat, truncated / overlong data, outside the region) or translated (a driver mapping) */
static void gen_botf(st_t *s, int kind) {
  unsigned fw = s->form_w[0] + s->form_w[1] + s->form_w[2], fr = (unsigned)below(s, fw ? fw : 1), form = 0;
  while (form < 2 && fr >= s->form_w[form]) fr -= s->form_w[form++];
  uint32_t flags = FLAG_XLAT_SKIP | ((uint32_t)rnd(s) & 0xF0u) | (form << FLAG_HFMT_LSB);
  uint32_t pgid = (uint32_t)(rnd(s) & 0xFFFF), pid = (uint32_t)(rnd(s) & 0xFFFF), rg = (uint32_t)(rnd(s) & 0xFF);
  uint32_t len = s->mode == M_BOTF_RATE ? BOTF_MAX_LEN : 1 + (uint32_t)below(s, pct(s, 30) ? 16 : BOTF_MAX_LEN);
  uint64_t raddr = 0;
  if (kind == K_BOTF_TLB) {
    const tlbe_t *d = &s->drv[below(s, DRV_N)];
    flags &= ~FLAG_XLAT_SKIP;
    pgid = d->pgid; pid = d->pid; rg = d->rg;
    if (len > d->vl - d->vb) len = d->vl - d->vb;
    raddr = d->vb + below(s, d->vl - d->vb - len + 1);
    if (pct(s, 15)) raddr = d->vl - len + 1 + below(s, 4);
    if (raddr + len > LLCM_BYTES) raddr = LLCM_BYTES - len;
  } else {
    int cand[PT_N], n = 0;
    for (uint32_t e = 0; e < PT_N; e++)
      if (s->pt_v[e] && (s->pt_pgid[e] & (PT_N - 1)) == e && s->pt_lim[e] <= LLCM_BYTES && s->pt_base[e] < s->pt_lim[e])
        cand[n++] = (int)e;
    if (n) {
      int e = cand[below(s, (uint64_t)n)];
      uint32_t sz = s->pt_lim[e] - s->pt_base[e];
      if (len > sz) len = sz;
      pgid = s->pt_pgid[e];
      raddr = s->pt_base[e] + below(s, sz - len + 1);
    }
  }
  if (len > BOTF_MAX_LEN) len = BOTF_MAX_LEN;
  unsigned nd = (len + 7) / 8, bad = kind == K_BOTF_BAD ? (unsigned)below(s, 6) : 99;
  if (bad == 0) { len = pct(s, 30) ? 0 : BOTF_MAX_LEN + 1 + (uint32_t)below(s, 100); nd = 1 + (unsigned)below(s, 3); }
  if (bad == 4) raddr = raddr + len > 8 ? raddr + 1 + below(s, 8) : raddr + 8; /* past the region */
  s->kind_made[kind]++;
  uint64_t h[4];
  unsigned nh = form_words[form];
  h[0] = w0((uint32_t)rnd(s) & 0xFFFF, (uint32_t)rnd(s) & 0xFFFF, PTYPE_BOTF, flags, pgid);
  if (form == HFMT_16)
    h[1] = (raddr & 0xFFFFFFu) | (uint64_t)(len & 0xFFFF) << AOTF16_HDR_LEN_LSB |
           (uint64_t)rg << AOTF16_HDR_REGION_LSB | (uint64_t)pid << AOTF16_HDR_PID_LSB;
  else
    h[1] = raddr;
  h[2] = (uint64_t)(len & 0xFF) | (uint64_t)((len >> 8) & 0xFF) << AOTF_HDR_LEN_HI_LSB |
         (uint64_t)rg << AOTF_HDR_REGION_LSB | (uint64_t)pid << AOTF_HDR_PID_LSB;
  h[3] = rnd(s);
  for (unsigned i = 0; i < nh; i++) tx_beat(s, h[i], 0xFF, 0);
  unsigned lastkeep = (len & 7) ? ~(0xFFu << (len & 7)) & 0xFF : 0xFF;
  unsigned kb = bad == 1 ? (unsigned)below(s, nd) : 99;              /* a data beat with a bad tkeep */
  unsigned nsend = nd;
  if (bad == 2 && nd > 1) nsend = 1 + (unsigned)below(s, nd - 1);   /* truncated */
  if (bad == 3) nsend = nd + 1 + (unsigned)below(s, 3);             /* overlong */
  for (unsigned i = 0; i < nsend; i++) {
    unsigned k = i + 1 == nd ? lastkeep : 0xFF;
    if (i >= nd) k = (unsigned)(rnd(s) & 0xFF);
    if (i == kb) { unsigned x; do x = (unsigned)(rnd(s) & 0xFF); while (x == k); k = x; }
    tx_beat(s, rnd(s), k, i + 1 == nsend);
  }
}

static int pick_kind(st_t *s) {
  unsigned tot = 0;
  for (int k = 0; k < K_N; k++) tot += s->kind_w[k];
  if (!tot) return K_GOOD;
  unsigned r = (unsigned)below(s, tot);
  for (int k = 0; k < K_N; k++) {
    if (r < s->kind_w[k]) return k;
    r -= s->kind_w[k];
  }
  return K_GOOD;
}

static void set_weights(st_t *s) {
  memset(s->kind_w, 0, sizeof(s->kind_w));
  memset(s->form_w, 0, sizeof(s->form_w));
  s->kind_w[K_GOOD] = 10;
  s->form_w[HFMT_32] = 1;
  s->p_user = 0;
  if (s->mode == M_RANDOM || s->mode == M_FORMS) {
    s->form_w[HFMT_32] = (unsigned)below(s, 4);
    s->form_w[HFMT_24] = (unsigned)below(s, 4);
    s->form_w[HFMT_16] = 1 + (unsigned)below(s, 4);
    if (s->mode == M_FORMS) s->form_w[HFMT_32] = s->form_w[HFMT_24] = s->form_w[HFMT_16] = 1;
  }
  if (s->mode == M_RANDOM) s->p_user = pct(s, 50) ? 0 : (unsigned)below(s, 10);
  if (s->mode == M_TUSER) s->p_user = 30;
  if (s->mode == M_RANDOM && pct(s, 60)) {
    s->kind_w[K_TLB_GOOD] = 1 + (unsigned)below(s, 10);
    s->kind_w[K_TLB_FORGE] = (unsigned)below(s, 3);
    s->kind_w[K_TLB_OUT] = (unsigned)below(s, 3);
  }
  switch (s->mode) {
    case M_GOOD: case M_POLL: case M_WBFULL: break;
    case M_PROTECT: s->kind_w[K_PROT_NOENT] = 4; s->kind_w[K_PROT_PGID] = 4; s->kind_w[K_PROT_OUT] = 6; break;
    case M_TRUNC: s->kind_w[K_TRUNC] = 10; break;
    case M_OVERLONG: s->kind_w[K_OVERLONG] = 10; break;
    case M_BADTYPE: s->kind_w[K_TYPE] = 6; s->kind_w[K_FLAG] = 6; break;
    case M_BADLEN: s->kind_w[K_LEN] = 10; break;
    case M_BADKEEP: s->kind_w[K_KEEP] = 10; break;
    case M_RANGE: s->kind_w[K_RANGE] = 10; break;
    case M_FORMS:
      s->kind_w[K_HFMT8] = 2; s->kind_w[K_TRUNC] = 2; s->kind_w[K_OVERLONG] = 2; s->kind_w[K_LEN] = 2;
      s->kind_w[K_RANGE] = 2; s->kind_w[K_PROT_OUT] = 2; s->kind_w[K_KEEP] = 1;
      break;
    case M_TUSER:
      s->kind_w[K_TRUNC] = 2; s->kind_w[K_OVERLONG] = 2; s->kind_w[K_HFMT8] = 1; s->kind_w[K_PROT_OUT] = 2;
      break;
    case M_TLB: s->kind_w[K_GOOD] = 2; s->kind_w[K_TLB_GOOD] = 20; s->kind_w[K_TLB_OUT] = 4; break;
    case M_TLB_MISS:
      s->kind_w[K_GOOD] = 2; s->kind_w[K_TLB_GOOD] = 20; s->kind_w[K_TLB_OUT] = 3; s->kind_w[K_TLB_FORGE] = 4;
      s->kind_w[K_TRUNC] = 1; s->kind_w[K_KEEP] = 1;
      break;
    case M_SKIP: s->kind_w[K_PROT_NOENT] = 6; s->kind_w[K_PROT_PGID] = 6; s->kind_w[K_PROT_OUT] = 4; break;
    case M_BOTF: s->kind_w[K_GOOD] = 6; s->kind_w[K_BOTF] = 12; s->kind_w[K_BOTF_BAD] = 10; s->kind_w[K_BOTF_TLB] = 4;
      s->form_w[HFMT_24] = 1; s->form_w[HFMT_16] = 1; break;
    case M_BOTF_RATE: s->kind_w[K_GOOD] = 0; s->kind_w[K_BOTF] = 10; break;
    case M_RANDOM: {
      unsigned tg = s->kind_w[K_TLB_GOOD], tf = s->kind_w[K_TLB_FORGE], to = s->kind_w[K_TLB_OUT];
      for (int k = 0; k < K_N; k++) s->kind_w[k] = 1 + (unsigned)below(s, 6);
      s->kind_w[K_GOOD] = 4 + (unsigned)below(s, 16);
      s->kind_w[K_TLB_GOOD] = tg; s->kind_w[K_TLB_FORGE] = tf; s->kind_w[K_TLB_OUT] = to;
      if (pct(s, 30)) s->kind_w[K_BOTF] = s->kind_w[K_BOTF_BAD] = s->kind_w[K_BOTF_TLB] = 0;
      else if (!tg) s->kind_w[K_BOTF_TLB] = 0;
      break;
    }
    default: /* reset_mid, csr: every physical-address kind */
      for (int k = 0; k < K_N; k++) s->kind_w[k] = 1 + (unsigned)below(s, 6);
      s->kind_w[K_GOOD] = 4 + (unsigned)below(s, 16);
      s->kind_w[K_TLB_GOOD] = s->kind_w[K_TLB_FORGE] = s->kind_w[K_TLB_OUT] = s->kind_w[K_BOTF_TLB] = 0;
      break;
  }
}

/* ------------------------------------------------------------------ reference model */
static void ref_reset(st_t *s) {
  memset(s->shadow, 0, sizeof(s->shadow));
  s->p_n = 0;
  s->busy_left = WORDS / 2;
  s->rx_en = 1;
  s->status = s->irq_en = s->pt_idx = s->hw_word = s->ev_q = s->sev = 0;
  s->hw_data = 0;
  s->hwq = 0;
  memset(s->cnt, 0, sizeof(s->cnt));
  memset(s->pt_v, 0, sizeof(s->pt_v));
  memset(s->pt_pgid, 0, sizeof(s->pt_pgid));
  memset(s->pt_base, 0, sizeof(s->pt_base));
  memset(s->pt_lim, 0, sizeof(s->pt_lim));
  s->pb = 0;
  s->pdisc = 0;
  s->pstall = 0;
  s->sl_st[0] = s->sl_st[1] = 0;
  s->sl_fill = s->sl_rs = s->sl_dr = s->sl_di = 0;
  s->dr_pv = s->dr_pv2 = 0;
  memset(s->tlb, 0, sizeof(s->tlb));
  s->tlb_idx = 0;
  s->hv = s->hfresh = s->hfresh2 = s->hmissed = s->hdw = 0;
  s->miss_pgid = s->miss_pid = s->miss_rg = s->miss_addr = 0;
  s->refill_at = 0;
  s->ref_valid = 1;
}

static uint64_t shadow_word(const st_t *s, uint32_t word) {
  uint64_t v = 0;
  for (int b = 0; b < 8; b++) v |= (uint64_t)s->shadow[word * 8 + (uint32_t)b] << (8 * b);
  return v;
}

static uint32_t ref_csr(const st_t *s, uint32_t a) {
  uint32_t i = s->pt_idx;
  switch (a) {
    case CSR_AOTF_RX_ID: return 0x41525830u;
    case CSR_AOTF_RX_VERSION: return 0x00010000u;
    case CSR_AOTF_RX_CONFIG: return LB | ((unsigned)PT_LB << 8) | (WB_DEPTH << 16) | ((unsigned)__builtin_ctz(TLB_N) << 24);
    case CSR_AOTF_RX_CTRL: return (uint32_t)s->rx_en;
    case CSR_AOTF_RX_STATUS:
      return s->status | ((uint32_t)(s->busy_left > 0) << 16) | ((uint32_t)s->pdisc << 17) |
             ((uint32_t)(s->hv && s->hmissed) << 18) |
             ((s->pdisc ? 0 : s->pb) << 20) | (s->p_n << 24);
    case CSR_AOTF_RX_IRQ_EN: return s->irq_en;
    case CSR_AOTF_RX_PT_INDEX: return i;
    case CSR_AOTF_RX_PT_ENTRY: return ((uint32_t)s->pt_v[i] << 31) | s->pt_pgid[i];
    case CSR_AOTF_RX_PT_BASE: return s->pt_base[i];
    case CSR_AOTF_RX_PT_LIMIT: return s->pt_lim[i];
    case CSR_AOTF_RX_HW_ADDR: return s->hw_word << 3;
    case CSR_AOTF_RX_HW_DATA_LO: return (uint32_t)s->hw_data;
    case CSR_AOTF_RX_HW_DATA_HI: return (uint32_t)(s->hw_data >> 32);
    case CSR_AOTF_RX_HW_CMD: return 0;
    case CSR_AOTF_RX_CNT_GOOD: return s->cnt[EV_GOOD];
    case CSR_AOTF_RX_CNT_BYTES: return s->cnt[9];
    case CSR_AOTF_RX_CNT_TYPE: return s->cnt[EV_TYPE];
    case CSR_AOTF_RX_CNT_LEN: return s->cnt[EV_LEN];
    case CSR_AOTF_RX_CNT_KEEP: return s->cnt[EV_KEEP];
    case CSR_AOTF_RX_CNT_RANGE: return s->cnt[EV_RANGE];
    case CSR_AOTF_RX_CNT_PROT: return s->cnt[EV_PROT];
    case CSR_AOTF_RX_CNT_TRUNC: return s->cnt[EV_TRUNC];
    case CSR_AOTF_RX_CNT_OVERLONG: return s->cnt[EV_OVERLONG];
    case CSR_AOTF_RX_CNT_HOSTWR: return s->cnt[0];
    case CSR_AOTF_RX_CNT_LINK: return s->cnt[10];
    case CSR_AOTF_RX_CNT_MISS: return s->cnt[11];
    case CSR_AOTF_RX_TLB_INDEX: return s->tlb_idx;
    case CSR_AOTF_RX_TLB_PGID: return (uint32_t)s->tlb[s->tlb_idx].v << 31 | s->tlb[s->tlb_idx].pgid;
    case CSR_AOTF_RX_TLB_PID: return s->tlb[s->tlb_idx].rg << 16 | s->tlb[s->tlb_idx].pid;
    case CSR_AOTF_RX_TLB_VBASE: return s->tlb[s->tlb_idx].vb;
    case CSR_AOTF_RX_TLB_VLIMIT: return s->tlb[s->tlb_idx].vl;
    case CSR_AOTF_RX_TLB_PBASE: return s->tlb[s->tlb_idx].pb;
    case CSR_AOTF_RX_MISS_PGID: return s->miss_pgid;
    case CSR_AOTF_RX_MISS_PID: return s->miss_rg << 16 | s->miss_pid;
    case CSR_AOTF_RX_MISS_ADDR: return s->miss_addr;
    default: return CSR_UNMAPPED;
  }
}

/* spec-level classification of a complete packet of header form `form` (tlast on its data
 * beat, tuser 0): w[0..] header words */
static int classify(const st_t *s, unsigned form, const uint64_t *w, unsigned keep, int kbad, uint32_t *len_o, uint64_t *raddr_o) {
  uint32_t ptype = (uint32_t)(w[0] >> AOTF_HDR_PTYPE_LSB) & 0xFF;
  uint32_t flags = (uint32_t)(w[0] >> AOTF_HDR_FLAGS_LSB) & 0xFF;
  uint32_t pgid = (uint32_t)(w[0] >> AOTF_HDR_PGID_LSB) & 0xFFFF;
  uint64_t raddr;
  uint32_t len;
  if (form == HFMT_16) {
    raddr = w[1] & 0xFFFFFFu;
    len = (uint32_t)(w[1] >> AOTF16_HDR_LEN_LSB) & 0xFFFF;
  } else {
    raddr = w[1];
    len = ((uint32_t)(w[2] >> AOTF_HDR_LEN_LSB) & 0xFF) | (((uint32_t)(w[2] >> AOTF_HDR_LEN_HI_LSB) & 0xFF) << 8);
  }
  *len_o = len;
  *raddr_o = raddr;
  int botf = ptype == PTYPE_BOTF && !(flags & FLAG_AOTF);
  if (!botf && (ptype != PTYPE_AOTF || !(flags & FLAG_AOTF))) return EV_TYPE;
  if (len < 1 || len > (botf ? BOTF_MAX_LEN : 8u)) return EV_LEN;
  if (kbad || keep != ((len & 7) ? (1u << (len & 7)) - 1 : 0xFFu)) return EV_KEEP;
  if (raddr >= LLCM_BYTES || raddr + len > LLCM_BYTES) return EV_RANGE;
  if (!(flags & FLAG_XLAT_SKIP)) return EV_NONE; /* to the receive TLB */
  uint32_t e = pgid % PT_N;
  if (!s->pt_v[e] || s->pt_pgid[e] != pgid) return EV_PROT;
  if (raddr < s->pt_base[e] || raddr + len > s->pt_lim[e]) return EV_PROT;
  return EV_GOOD;
}

/* data beats - 1 of a packet of form `form` whose header words are w[] (BOTF: ceil(len / 8)) */
static unsigned nbeats_m1(unsigned form, const uint64_t *w) {
  uint32_t ptype = (uint32_t)(w[0] >> AOTF_HDR_PTYPE_LSB) & 0xFF, flags = (uint32_t)(w[0] >> AOTF_HDR_FLAGS_LSB) & 0xFF;
  uint32_t len = form == HFMT_16 ? (uint32_t)(w[1] >> AOTF16_HDR_LEN_LSB) & 0xFFFF
                                 : ((uint32_t)(w[2] >> AOTF_HDR_LEN_LSB) & 0xFF) | (((uint32_t)(w[2] >> AOTF_HDR_LEN_HI_LSB) & 0xFF) << 8);
  if (ptype != PTYPE_BOTF || (flags & FLAG_AOTF) || len < 1 || len > BOTF_MAX_LEN) return 0;
  return (len - 1) / 8;
}

static void apply_write(st_t *s, uint32_t byte_addr, uint64_t data, unsigned len) {
  for (unsigned b = 0; b < len; b++) s->shadow[(byte_addr + b) % LLCM_BYTES] = (uint8_t)(data >> (8 * b));
}

/* lane write enables {odd bank, even bank} for a write of be16 at word w */
static uint32_t lanes(uint32_t w, uint32_t be16) {
  uint32_t lo = be16 & 0xFF, hi = (be16 >> 8) & 0xFF;
  return (w & 1) ? (hi | (lo << 8)) : (lo | (hi << 8));
}

/* ------------------------------------------------------------------ stimulus */
void *aotf_rx_stim_new(uint64_t seed, const char *mode) {
  int m = -1;
  for (int i = 0; i < M_N; i++)
    if (!strcmp(mode, mode_name[i])) m = i;
  int bench = !strcmp(mode, "bench"); /* = poll_while_write, printing "bench:" figures */
  int tlb_bench = !strcmp(mode, "bench_tlb"); /* = tlb_miss with an immediate refill, figures */
  if (bench) m = M_POLL;
  if (tlb_bench) m = M_TLB_MISS;
  int botf_bench = !strcmp(mode, "bench_botf"); /* = botf_rate, printing figures */
  if (botf_bench) m = M_BOTF_RATE;
  if (m < 0) return NULL;
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  nic_rng_seed(&s->rng, seed);
  s->mode = m;
  s->bench = bench;
  s->tlb_bench = tlb_bench;
  s->botf_bench = botf_bench;
  s->miss_lat_min = ~0ull;
  s->tlb_lat_min = ~0ull;
  s->botf_lat_min = ~0ull;
  s->st = S_RESET;
  s->rst_left = 3;
  s->lat_min = ~0ull;
  set_weights(s);
  s->p_gap = 0;
  s->p_hread = 20;
  s->p_csr = 5;
  s->poll = 1;
  s->p_pkt = 100;
  switch (m) {
    case M_RANDOM: s->pkts_left = ~0u; break;
    case M_POLL: s->pkts_left = 300; s->poll = 2; s->p_gap = 30; break;
    case M_RESET: s->pkts_left = 600; s->resets_wanted = 8; break;
    case M_WBFULL: s->pkts_left = 400; s->hw_burst = 1; break;
    case M_CSR: s->pkts_left = 300; s->p_csr = 30; break;
    case M_FORMS: case M_TUSER: case M_SKIP: s->pkts_left = 600; s->p_gap = 5; break;
    case M_TLB: case M_TLB_MISS: s->pkts_left = 800; s->p_gap = 5; break;
    case M_BOTF: s->pkts_left = 600; s->p_gap = 5; break;
    case M_BOTF_RATE: s->pkts_left = 60; s->p_hread = 5; break;
    default: s->pkts_left = 400; s->p_gap = 10; break;
  }
  return s;
}

void aotf_rx_stim_free(void *p) { free(p); }

/* random-mode knob changes and events (called at phase boundaries) */
static void random_phase(st_t *s) {
  static const unsigned gaps[] = {0, 0, 5, 30, 70};
  s->p_gap = gaps[below(s, 5)];
  s->p_hread = (unsigned)below(s, 4) * 30;
  s->poll = (unsigned)below(s, 4);
  s->p_csr = (unsigned)below(s, 4) * 8;
  s->p_pkt = pct(s, 10) ? 20 : 100;
  set_weights(s);
  s->phase_left = 50 + (unsigned)below(s, 1000);
  switch (below(s, 16)) {
    case 0: setup_table(s, 0); break;
    case 1: s->st = S_SCAN; s->scan_i = 0; s->st_after_init = S_TRAFFIC; break;
    case 2: read_all_csrs(s); break;
    case 3: csr_push(s, 1, CSR_AOTF_RX_CTRL, 0 | ((uint32_t)rnd(s) & 0xFFFFFFF8u)); /* rx off */
            for (int i = 0; i < 20; i++) csr_push(s, 0, CSR_AOTF_RX_STATUS, 0);
            csr_push(s, 1, CSR_AOTF_RX_CTRL, 1); break;
    case 4: if (pct(s, 30)) csr_push(s, 1, CSR_AOTF_RX_CTRL, 1 | 2); break; /* INIT */
    case 5: csr_push(s, 1, CSR_AOTF_RX_CTRL, 1 | 4); break;                 /* CNT_CLR */
    case 6: s->hw_burst = 1; break;
    case 7: csr_push(s, 1, CSR_AOTF_RX_IRQ_EN, (uint32_t)rnd(s)); break;
    case 8: csr_push(s, 1, CSR_AOTF_RX_STATUS, (uint32_t)rnd(s)); break;
    case 9: if (pct(s, 25)) s->resets_wanted = 1; break;
    case 10: for (int i = 0; i < 4; i++) host_write(s, (uint32_t)below(s, WORDS), rnd(s), (uint32_t)(rnd(s) & 0xFF)); break;
    default: break;
  }
}

int aotf_rx_stim_next(void *p, uint64_t cycle, const aotf_rx_out_t *prev, aotf_rx_in_t *in) {
  st_t *s = p;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  in->rst_ni = 1;
  /* don't-care inputs get random values */
  in->s_axis_tdata = rnd(s);
  in->s_axis_tkeep = rnd(s) & 0xFF;
  in->s_axis_tlast = rnd(s) & 1;
  in->s_axis_tuser = rnd(s) & 1;
  in->csr_we_i = rnd(s) & 1;
  in->csr_addr_i = rnd(s) & 0xFFF;
  in->csr_wdata_i = rnd(s) & 0xFFFFFFFFu;
  in->hr_addr_i = rnd(s) & 0xFFFFFFFFu;
  (void)prev;

  /* ---- script */
  switch (s->st) {
    case S_RESET:
      in->rst_ni = 0;
      if (--s->rst_left == 0) { s->st = S_WAITINIT; s->st_after_init = S_SETUP; }
      s->tx_n = 0;
      s->presenting = 0;
      s->cq_n = 0;
      break;
    case S_WAITINIT:
      if (s->ref_valid && s->busy_left == 0) s->st = s->st_after_init;
      break;
    case S_SETUP:
      setup_table(s, s->mode != M_RANDOM && s->mode != M_PROTECT && s->mode != M_RESET && s->mode != M_CSR &&
                         s->mode != M_SKIP);
      setup_drv(s);
      if (s->mode == M_BOTF_RATE) /* every pgid may write the whole LLCM */
        for (uint32_t e = 0; e < PT_N; e++) {
          csr_push(s, 1, CSR_AOTF_RX_PT_INDEX, e);
          csr_push(s, 1, CSR_AOTF_RX_PT_BASE, 0);
          csr_push(s, 1, CSR_AOTF_RX_PT_LIMIT, LLCM_BYTES);
        }
      if (s->mode == M_TLB || s->mode == M_RANDOM || (s->mode == M_TLB_MISS && !s->tlb_bench)) preload_tlb(s);
      if (s->mode == M_CSR) {
        /* register read-back, unmapped addresses, W1C, irq, RX_EN */
        read_all_csrs(s);
        for (int i = 0; i < 12; i++) {
          uint32_t a = (uint32_t)below(s, 0x1000) & ~3u;
          if (pct(s, 50)) a = 0x40 + 4 * (uint32_t)below(s, 48);
          csr_push(s, 0, a, 0);
          csr_push(s, 1, a == CSR_AOTF_RX_CTRL || a == CSR_AOTF_RX_HW_CMD || a == CSR_AOTF_RX_STATUS ? 0x200 : a,
                   (uint32_t)rnd(s));
        }
        csr_push(s, 1, CSR_AOTF_RX_IRQ_EN, 0xFF);
        csr_push(s, 1, CSR_AOTF_RX_HW_DATA_LO, (uint32_t)rnd(s));
        csr_push(s, 1, CSR_AOTF_RX_HW_DATA_HI, (uint32_t)rnd(s));
        csr_push(s, 1, CSR_AOTF_RX_HW_ADDR, (uint32_t)rnd(s));
        read_all_csrs(s);
        setup_table(s, 0);
      }
      s->st = S_TRAFFIC;
      s->setup_wait = 1;
      s->phase_left = 400;
      break;
    case S_TRAFFIC:
      if (s->mode == M_RANDOM) {
        if (s->phase_left-- == 0) random_phase(s);
      } else if (s->mode == M_CSR && below(s, 60) == 0) {
        switch (below(s, 6)) {
          case 0: csr_push(s, 1, CSR_AOTF_RX_STATUS, (uint32_t)rnd(s)); break;
          case 1: csr_push(s, 1, CSR_AOTF_RX_IRQ_EN, (uint32_t)rnd(s)); break;
          case 2: csr_push(s, 1, CSR_AOTF_RX_CTRL, 0); for (int i = 0; i < 10; i++) csr_push(s, 0, CSR_AOTF_RX_STATUS, 0);
                  csr_push(s, 1, CSR_AOTF_RX_CTRL, 1); break;
          case 3: csr_push(s, 1, CSR_AOTF_RX_CTRL, 1 | 4); break;
          case 4: csr_push(s, 1, CSR_AOTF_RX_CTRL, 1 | 2); break;
          default: host_write(s, (uint32_t)below(s, WORDS), rnd(s), (uint32_t)(rnd(s) & 0xFF)); break;
        }
      }
      if (s->setup_wait && s->cq_n == 0) s->setup_wait = 0;
      if (s->tx_n == 0 && s->pkts_left > 0 && !s->setup_wait && pct(s, s->p_pkt)) {
        int k = pick_kind(s);
        if (k == K_BOTF || k == K_BOTF_BAD || k == K_BOTF_TLB) gen_botf(s, k);
        else gen_packet(s, k);
        if (s->pkts_left != ~0u) s->pkts_left--;
      }
      if (s->tx_n == 0 && s->pkts_left == 0) {
        s->st = S_DRAIN;
        s->st_left = 20;
        if (s->mode == M_CSR) { /* irq on, clear all sticky bits (irq falls), read back */
          csr_push(s, 1, CSR_AOTF_RX_IRQ_EN, 0xFF);
          csr_push(s, 0, CSR_AOTF_RX_STATUS, 0);
          csr_push(s, 1, CSR_AOTF_RX_STATUS, 0xFF);
          csr_push(s, 0, CSR_AOTF_RX_STATUS, 0);
        }
      }
      /* WB-full: a burst of back-to-back host writes while packets stream in */
      if (s->hw_burst && s->cq_n == 0 && pct(s, s->mode == M_WBFULL ? 3 : 100)) {
        uint32_t w = (uint32_t)below(s, WORDS);
        csr_push(s, 1, CSR_AOTF_RX_HW_ADDR, w << 3);
        unsigned n = 20 + (unsigned)below(s, 40);
        for (unsigned i = 0; i < n; i++) csr_push(s, 1, CSR_AOTF_RX_HW_CMD, (uint32_t)(rnd(s) & 0xFF));
        s->cq_fast = 1;
        if (s->mode != M_WBFULL) s->hw_burst = 0;
      }
      /* mid-flight resets */
      if (s->resets_wanted && (s->mode == M_RESET ? below(s, 300) == 0 : below(s, 3000) == 0)) {
        if (s->mode == M_RESET && s->resets > 2 && s->mid_sweep_resets == 0) {
          /* make sure one reset hits the init sweep */
        }
        s->resets_wanted--;
        s->st = S_RESET;
        s->rst_left = 1 + (unsigned)below(s, 3);
        in->rst_ni = 0;
        if (s->tx_n) s->mid_pkt_resets++;
        s->tx_n = 0;
        s->presenting = 0;
        s->cq_n = 0;
        if (s->mode == M_RESET && s->resets_wanted) s->resets_wanted += 0;
      }
      break;
    case S_DRAIN:
      if (s->tx_n == 0 && s->p_n == 0 && s->cq_n == 0 && s->busy_left == 0 && --s->st_left == 0) {
        s->st = S_SCAN;
        s->scan_i = 0;
        s->st_after_init = S_CSRCHK;
      }
      break;
    case S_SCAN:
      break;
    case S_CSRCHK:
      if (s->chk_i == 0) { read_all_csrs(s); s->chk_i = 1; }
      else if (s->cq_n == 0 && ++s->chk_i > 5) {
        s->chk_i = 0;
        s->st = S_END;
        s->st_left = 4;
      }
      break;
    case S_END:
      if (s->mode == M_RANDOM) { s->st = S_TRAFFIC; break; }
      if (--s->st_left == 0) return 0;
      break;
  }
  /* reset_mid: also reset during the init sweep */
  if (s->mode == M_RESET && s->st == S_WAITINIT && s->ref_valid && s->busy_left > 10 && s->busy_left < WORDS / 2 - 5 &&
      s->mid_sweep_resets < 2 && below(s, 50) == 0) {
    s->st = S_RESET;
    s->rst_left = 1;
    in->rst_ni = 0;
    s->mid_sweep_resets++;
  }

  /* ---- software model of the driver's miss service: a packet waits on a TLB miss (the driver
   * sees irq_o / STATUS.WAIT): after a delay it reads the miss key and refills the entry from
   * its table (round-robin victim), or drops the packet (CTRL.MISS_DROP) if the key is not in
   * its table; then clears STATUS.MISS. Retried if the packet still waits. */
  if (in->rst_ni && s->ref_valid && s->st != S_RESET) {
    if (!(s->hv && s->hmissed)) s->refill_at = 0;
    else if (!s->refill_at) s->refill_at = cycle + (s->tlb_bench ? 0 : below(s, 4) ? below(s, 40) : below(s, 400));
    else if (cycle >= s->refill_at) {
      int f = -1;
      for (int i = 0; i < DRV_N; i++)
        if (s->drv[i].pgid == s->miss_pgid && s->drv[i].pid == s->miss_pid && s->drv[i].rg == s->miss_rg) { f = i; break; }
      if (!s->tlb_bench) {
        csr_push(s, 0, CSR_AOTF_RX_MISS_PGID, 0);
        csr_push(s, 0, CSR_AOTF_RX_MISS_PID, 0);
        csr_push(s, 0, CSR_AOTF_RX_MISS_ADDR, 0);
      }
      if (f >= 0) {
        tlb_write(s, s->drv_victim, &s->drv[f]);
        s->drv_victim = (s->drv_victim + 1) % TLB_N;
        s->refills++;
      } else {
        csr_push(s, 1, CSR_AOTF_RX_CTRL, 1 | 8);
        s->miss_drops++;
      }
      csr_push(s, 1, CSR_AOTF_RX_STATUS, 1u << 9);
      s->refill_at = cycle + 300 + s->cq_n;
    }
  }

  if (in->rst_ni) {
    /* ---- link side */
    if (s->tx_n && (s->presenting || !pct(s, s->p_gap))) {
      const txb_t *b = &s->tx[s->tx_h];
      in->s_axis_tvalid = 1;
      in->s_axis_tdata = b->data;
      in->s_axis_tkeep = b->keep;
      in->s_axis_tlast = b->last;
      in->s_axis_tuser = b->user;
      s->presenting = 1;
    }
    /* ---- CSR */
    if (s->cq_n == 0) s->cq_fast = 0;
    if (s->cq_n && (s->st != S_TRAFFIC || s->cq_fast || pct(s, 70))) {
      csrop_t op = s->cq[s->cq_h];
      s->cq_h = (s->cq_h + 1) % CSRCAP;
      s->cq_n--;
      in->csr_req_i = 1;
      in->csr_we_i = op.we;
      in->csr_addr_i = op.addr;
      in->csr_wdata_i = op.wdata;
    } else if (s->st == S_TRAFFIC && pct(s, s->p_csr)) {
      in->csr_req_i = 1;
      in->csr_we_i = 0;
      in->csr_addr_i = pct(s, 90) ? csr_regs[below(s, N_CSR_REGS)] : (rnd(s) & 0xFFF);
    }
    /* ---- host reads */
    if (s->st == S_SCAN) {
      in->hr_valid_i = 1;
      in->hr_addr_i = (s->scan_i << 3) | (uint32_t)below(s, 8);
      if (++s->scan_i == WORDS) { s->st = s->st_after_init == S_TRAFFIC ? S_TRAFFIC : S_CSRCHK; s->scans++; }
    } else {
      switch (s->poll) {
        case 0: break;
        case 1: /* random reads */
          if (pct(s, s->p_hread)) { in->hr_valid_i = 1; in->hr_addr_i = (uint32_t)below(s, LLCM_BYTES); }
          break;
        case 2: /* poll the word the last packet targets (and its neighbour) every cycle */
          in->hr_valid_i = 1;
          in->hr_addr_i = ((s->hot_word + (pct(s, 25) ? 1u : 0u)) % WORDS) << 3;
          break;
        default: /* anything, including out of range */
          in->hr_valid_i = pct(s, 60);
          in->hr_addr_i = pct(s, 80) ? (uint32_t)below(s, LLCM_BYTES) : (uint32_t)rnd(s);
          break;
      }
    }
  }
  s->in = *in;
  return 1;
}

int aotf_rx_stim_check(void *p, const aotf_rx_out_t *o) {
  st_t *s = p;
  if (!o) {
    /* end of test: coverage and directed expectations */
    int m = s->mode;
    uint64_t drops = 0;
    for (int e = EV_TYPE; e < EV_N; e++) drops += s->ev_seen[e];
#define NEED(cond, msg, got, exp) do { if (!(cond)) fail(s, msg, (uint64_t)(got), (uint64_t)(exp)); } while (0)
    NEED(s->ev_seen[EV_GOOD] > 0, "no good packet", s->ev_seen[EV_GOOD], 1);
    NEED(s->reads_checked > 0, "no host read checked", 0, 1);
    if (m != M_RANDOM && m != M_RESET) NEED(s->scans > 0, "no full LLCM scan", 0, 1);
    if (m == M_GOOD || m == M_POLL || m == M_WBFULL) NEED(drops == 0, "drops in a good-only mode", drops, 0);
    if (m == M_PROTECT) NEED(s->ev_seen[EV_PROT] >= 50, "protect: prot drops", s->ev_seen[EV_PROT], 50);
    if (m == M_TRUNC) NEED(s->ev_seen[EV_TRUNC] >= 100, "truncated drops", s->ev_seen[EV_TRUNC], 100);
    if (m == M_OVERLONG) NEED(s->ev_seen[EV_OVERLONG] >= 100, "overlong drops", s->ev_seen[EV_OVERLONG], 100);
    if (m == M_BADTYPE) NEED(s->ev_seen[EV_TYPE] >= 100, "type drops", s->ev_seen[EV_TYPE], 100);
    if (m == M_BADLEN) NEED(s->ev_seen[EV_LEN] >= 100, "len drops", s->ev_seen[EV_LEN], 100);
    if (m == M_BADKEEP) NEED(s->ev_seen[EV_KEEP] >= 100, "keep drops", s->ev_seen[EV_KEEP], 100);
    if (m == M_RANGE) NEED(s->ev_seen[EV_RANGE] >= 100, "range drops", s->ev_seen[EV_RANGE], 100);
    if (m == M_FORMS) {
      for (unsigned f = 0; f < 3; f++) NEED(s->good_form[f] >= 20, "forms: good packets of each form", s->good_form[f], 20);
      NEED(s->kind_made[K_HFMT8] >= 20 && s->ev_seen[EV_TYPE] >= 20, "forms: HFMT_8 type drops", s->ev_seen[EV_TYPE], 20);
    }
    if (m == M_TUSER) NEED(s->ev_seen[EV_LINK] >= 100, "tuser: link drops", s->ev_seen[EV_LINK], 100);
    if (m == M_TLB) {
      NEED(s->tlb_good >= 200, "tlb: translated packets written", s->tlb_good, 200);
      NEED(s->tlb_prot >= 20, "tlb: translated packets outside their window", s->tlb_prot, 20);
    }
    if (m == M_TLB_MISS) {
      NEED(s->ev_seen[EV_MISS] >= 50, "tlb_miss: misses", s->ev_seen[EV_MISS], 50);
      NEED(s->refills >= 30, "tlb_miss: refills", s->refills, 30);
      NEED(s->tlb_bench || s->miss_drops >= 10, "tlb_miss: forged keys dropped", s->miss_drops, 10);
      NEED(s->miss_lat_n >= 20, "tlb_miss: refilled packets written", s->miss_lat_n, 20);
    }
    double brate = s->botf_beats ? (double)s->botf_beats / (double)(s->botf_last - s->botf_first + 1) : 0.0;
    if (m == M_BOTF) {
      NEED(s->botf_good >= 100, "botf: good BOTF packets", s->botf_good, 100);
      NEED(s->ev_seen[EV_KEEP] >= 10 && s->ev_seen[EV_TRUNC] >= 10 && s->ev_seen[EV_OVERLONG] >= 10 &&
               s->ev_seen[EV_LEN] >= 5 && s->ev_seen[EV_PROT] >= 10,
           "botf: every BOTF drop kind", s->ev_seen[EV_KEEP], 10);
    }
    if (m == M_BOTF_RATE) {
      NEED(s->botf_good == 60, "botf_rate: 464-byte packets written", s->botf_good, 60);
      NEED(brate >= 0.95, "botf_rate: accepted beats per cycle >= 0.95 (x1000)", (uint64_t)(brate * 1000), 950);
      NEED(s->botf_lat_min == 4, "botf_rate: tlast -> first word in the LLCM", s->botf_lat_min, 4);
    }
    if (s->botf_bench)
      printf("bench: botf.rx_beats_per_cycle_464 %.3f\nbench: botf.rx_bytes_per_cycle_464 %.2f\n"
             "bench: botf.rx_last_beat_to_llcm_cycles %llu\n", brate,
             (double)s->botf_bytes / (double)(s->botf_last - s->botf_first + 1), (unsigned long long)s->botf_lat_min);
    if (m == M_SKIP) NEED(s->ev_seen[EV_PROT] >= 100, "skip: protection drops", s->ev_seen[EV_PROT], 100);
    if (m == M_POLL) {
      NEED(s->reads_fwd > 100, "poll: reads forwarded from a same-cycle write", s->reads_fwd, 100);
      NEED(s->lat_max == 1 && s->lat_min == 1, "poll: link->LLCM latency (max)", s->lat_max, 1);
    }
    if (m == M_RESET) {
      NEED(s->resets >= 5, "reset_mid: resets", s->resets, 5);
      NEED(s->mid_pkt_resets >= 2, "reset_mid: resets inside a packet", s->mid_pkt_resets, 2);
      NEED(s->mid_sweep_resets >= 1, "reset_mid: resets during the init sweep", s->mid_sweep_resets, 1);
    }
    if (m == M_WBFULL) {
      NEED(s->wb_full_cycles > 20, "wbfull: cycles with a full write buffer", s->wb_full_cycles, 20);
      NEED(s->hw_writes > 100, "wbfull: host writes", s->hw_writes, 100);
    }
    if (m == M_CSR) {
      NEED(s->unmapped_reads > 5, "csr: unmapped reads", s->unmapped_reads, 5);
      NEED(s->irq_rise > 0 && s->irq_fall > 0, "csr: irq_o rise/fall", s->irq_rise, 1);
      NEED(s->cnt_clears > 0, "csr: counter clears", s->cnt_clears, 1);
      NEED(s->inits > 0, "csr: CTRL.INIT sweeps", s->inits, 1);
      NEED(s->rx_off_cycles > 0, "csr: RX_EN=0 cycles", s->rx_off_cycles, 1);
      NEED(s->w1c_clears > 0, "csr: STATUS W1C clears", s->w1c_clears, 1);
    }
#undef NEED
    if (s->bench && s->lat_n) {
      printf("bench: aotf.link_to_llcm_cycles %llu\n", (unsigned long long)s->lat_min);
      printf("bench: aotf.link_to_llcm_cycles_max %llu\n", (unsigned long long)s->lat_max);
    }
    if (s->tlb_bench && s->miss_lat_n) {
      printf("bench: aotf.rx_tlb_link_to_llcm_cycles %llu\n", (unsigned long long)s->tlb_lat_min);
      printf("bench: aotf.rx_tlb_miss_to_write_cycles %llu\n", (unsigned long long)s->miss_lat_min);
      printf("bench: aotf.rx_tlb_miss_to_write_cycles_avg %.1f\n", (double)s->miss_lat_sum / (double)s->miss_lat_n);
    }
    fprintf(stderr, "aotf_rx [%s]: cycles %llu, events:", mode_name[m], (unsigned long long)s->cycle);
    for (int e = 1; e < EV_N; e++) fprintf(stderr, " %s=%llu", ev_name[e], (unsigned long long)s->ev_seen[e]);
    fprintf(stderr, "; tlb good %llu prot %llu, refills %llu, miss drops %llu; botf good %llu (%llu bytes)",
            (unsigned long long)s->tlb_good, (unsigned long long)s->tlb_prot, (unsigned long long)s->refills,
            (unsigned long long)s->miss_drops, (unsigned long long)s->botf_good, (unsigned long long)s->botf_bytes);
    fprintf(stderr, "; reads %llu (fwd %llu), csr %llu, hostwr %llu, scans %llu, resets %llu, wbfull %llu;"
                    " link->llcm latency (last beat -> first host read seeing it) min %llu max %llu avg %.2f\n",
            (unsigned long long)s->reads_checked, (unsigned long long)s->reads_fwd,
            (unsigned long long)s->csr_checked, (unsigned long long)s->hw_writes,
            (unsigned long long)s->scans, (unsigned long long)s->resets,
            (unsigned long long)s->wb_full_cycles, (unsigned long long)(s->lat_n ? s->lat_min : 0),
            (unsigned long long)s->lat_max, s->lat_n ? (double)s->lat_sum / (double)s->lat_n : 0.0);
    return s->fails;
  }

  const aotf_rx_in_t *in = &s->in;
  int before = s->fails;
  uint64_t c = s->cycle;

  /* ---- transmitter handshake (the stimulus' own view) */
  if (in->rst_ni && in->s_axis_tvalid && o->s_axis_tready && s->tx_n) {
    s->tx_h = (s->tx_h + 1) % TXCAP;
    s->tx_n--;
    s->presenting = 0;
  }

  if (s->ref_valid) {
    /* ---- outputs of this cycle against the reference state */
    int busy = s->busy_left > 0;
    int pdat = s->pb != 0 && s->pb == s->pdbi && !s->pdisc;
    int drain_any = s->sl_st[0] == 2 || s->sl_st[1] == 2 || s->dr_pv || s->dr_pv2;
    int exp_ready = s->rx_en && !busy && s->p_n < WB_DEPTH && !s->pstall && !s->hv &&
                    !(pdat && s->pbotf && s->sl_st[s->sl_fill] != 0) && !(pdat && !s->pbotf && drain_any);
    unsigned pn0 = s->p_n;
    if (o->s_axis_tready != (uint64_t)exp_ready) fail(s, "s_axis_tready", o->s_axis_tready, (uint64_t)exp_ready);
    if (o->dbg_init_o != (uint64_t)busy) fail(s, "dbg_init_o", o->dbg_init_o, (uint64_t)busy);
    if (o->dbg_wb_count_o != s->p_n) fail(s, "dbg_wb_count_o", o->dbg_wb_count_o, s->p_n);
    if (o->dbg_disc_o != (uint64_t)s->pdisc) fail(s, "dbg_disc_o", o->dbg_disc_o, (uint64_t)s->pdisc);
    if (o->dbg_beat_o != (s->pdisc ? 0 : s->pb)) fail(s, "dbg_beat_o", o->dbg_beat_o, s->pb);
    if (o->dbg_ev_o != s->ev_q) fail(s, "dbg_ev_o", o->dbg_ev_o, s->ev_q);
    int exp_irq = (s->status & s->irq_en) != 0;
    if (o->irq_o != (uint64_t)exp_irq) fail(s, "irq_o", o->irq_o, (uint64_t)exp_irq);
    if (exp_irq && !s->prev_irq) s->irq_rise++;
    if (!exp_irq && s->prev_irq) s->irq_fall++;
    s->prev_irq = exp_irq;
    if (o->csr_ack_o != (uint64_t)s->exp_ack) fail(s, "csr_ack_o", o->csr_ack_o, (uint64_t)s->exp_ack);
    if (o->csr_rdata_o != s->exp_rdata) fail(s, "csr_rdata_o", o->csr_rdata_o, s->exp_rdata);
    if (s->exp_ack) s->csr_checked++;
    if (o->hr_rvalid_o != (uint64_t)s->exp_rvalid) fail(s, "hr_rvalid_o", o->hr_rvalid_o, (uint64_t)s->exp_rvalid);
    else if (s->exp_rvalid) {
      s->reads_checked++;
      if (o->hr_rdata_o != s->exp_hr) fail(s, "hr_rdata_o vs shadow LLCM", o->hr_rdata_o, s->exp_hr);
      if (s->exp_hr) s->nonzero_reads++;
    }
    if (!s->rx_en) s->rx_off_cycles++;
    if (s->p_n == WB_DEPTH) s->wb_full_cycles++;

    /* ---- CSR request: read value of this cycle (state before this edge) */
    int csr_wr = in->csr_req_i && in->csr_we_i;
    uint32_t a = (uint32_t)in->csr_addr_i, wd = (uint32_t)in->csr_wdata_i;
    s->exp_ack = in->rst_ni && in->csr_req_i;
    s->exp_rdata = (in->rst_ni && in->csr_req_i && !in->csr_we_i) ? ref_csr(s, a) : 0;
    if (in->csr_req_i && !in->csr_we_i && s->exp_rdata == CSR_UNMAPPED) s->unmapped_reads++;

    /* ---- this edge: LLCM write port (sweep > host write > write queue). A host write
     * (HW_CMD accepted outside the sweep) writes the LLCM in the next cycle, with HW_ADDR /
     * HW_DATA as they are then (a CSR write of them acts in that cycle at the earliest) */
    int hw_wr = csr_wr && a == CSR_AOTF_RX_HW_CMD && !busy;
    uint32_t exp_we = busy ? 0xFFFFu : 0;
    int wrote = 0;
    uint32_t wword = 0, wword2 = 0;
    int two = 0;
    if (!busy && s->hwq) {
      for (unsigned b = 0; b < 8; b++)
        if ((s->hwq_be >> b) & 1) s->shadow[s->hw_word * 8 + b] = (uint8_t)(s->hw_data >> (8 * b));
      exp_we = lanes(s->hw_word, s->hwq_be);
      wrote = s->hwq_be != 0;
      wword = s->hw_word;
      s->hw_writes++;
    } else if (!busy && s->p_n) {
      wr_t *w = &s->pend[s->p_h];
      apply_write(s, w->addr, w->data, w->len);
      uint32_t be16 = ((1u << w->len) - 1) << (w->addr & 7);
      exp_we = lanes(w->addr >> 3, be16);
      wrote = 1;
      wword = w->addr >> 3;
      two = (be16 >> 8) != 0;
      wword2 = wword + 1;
      uint64_t lat = c - w->t;
      if (w->tr == 2) {
        if (w->t && lat < s->botf_lat_min) s->botf_lat_min = lat;
        if (w->t && lat > s->botf_lat_max) s->botf_lat_max = lat;
      } else if (!w->tr) {
        if (lat < s->lat_min) s->lat_min = lat;
        if (lat > s->lat_max) s->lat_max = lat;
        s->lat_sum += lat;
        s->lat_n++;
      } else if (!w->tmiss) {
        if (lat < s->tlb_lat_min) s->tlb_lat_min = lat;
      } else {
        uint64_t ml = c - w->tmiss;
        if (ml < s->miss_lat_min) s->miss_lat_min = ml;
        s->miss_lat_sum += ml;
        s->miss_lat_n++;
      }
      s->p_h = (s->p_h + 1) % PENDCAP;
      s->p_n--;
    }
    if (o->dbg_llcm_we_o != exp_we) fail(s, "dbg_llcm_we_o", o->dbg_llcm_we_o, exp_we);

    /* ---- host read issued this cycle: write-first; its response is due 3 cycles later */
    s->exp_rvalid = s->exp2_rvalid;
    s->exp_hr = s->exp2_hr;
    s->exp2_rvalid = s->exp3_rvalid;
    s->exp2_hr = s->exp3_hr;
    s->exp3_rvalid = in->rst_ni && in->hr_valid_i;
    if (in->hr_valid_i) {
      uint32_t ra = (uint32_t)in->hr_addr_i;
      if (busy || ra >= LLCM_BYTES) s->exp3_hr = 0;
      else {
        s->exp3_hr = shadow_word(s, ra >> 3);
        if (wrote && ((ra >> 3) == wword || (two && (ra >> 3) == wword2))) s->reads_fwd++;
      }
    }


    /* ---- receive TLB: decision of the held packet (the table as it is in this cycle, valid
     * when the packet was held in the two previous cycles, no TLB entry was written then and
     * no VBASE / PBASE write in the cycle before them) */
    unsigned ev = EV_NONE;
    /* ---- BOTF packet buffer: the word read two cycles ago is pushed; the next word is read
     * if the write buffer has room for it two cycles later (entries + words in flight) */
    int dr_room = pn0 + (unsigned)s->dr_pv + (unsigned)s->dr_pv2 + 1 <= WB_DEPTH;
    if (s->dr_pv2) s->pend[(s->p_h + s->p_n++) % PENDCAP] = s->dr_w2;
    s->dr_pv2 = s->dr_pv;
    s->dr_w2 = s->dr_w;
    s->dr_pv = 0;
    if (s->sl_st[s->sl_dr] == 2 && dr_room) {
      unsigned d = s->sl_dr, i = s->sl_di, nw = (s->sl_len[d] - 1) / 8;
      wr_t w = {(s->sl_addr[d] + 8 * i) % LLCM_BYTES, i == nw ? ((s->sl_len[d] & 7) ? s->sl_len[d] & 7 : 8) : 8,
                s->sl_data[d][i], i == 0 ? s->sl_t[d] : 0, 0, 2};
      s->dr_w = w;
      s->dr_pv = 1;
      if (i == nw) { s->sl_st[d] = 0; s->sl_dr ^= 1; s->sl_di = 0; }
      else s->sl_di++;
    }
    int tw = csr_wr && (a == CSR_AOTF_RX_TLB_PGID || a == CSR_AOTF_RX_TLB_PID || a == CSR_AOTF_RX_TLB_VBASE ||
                        a == CSR_AOTF_RX_TLB_VLIMIT || a == CSR_AOTF_RX_TLB_PBASE);
    int hv0 = s->hv;
    if (s->hv) {
      int sel = -1;
      for (unsigned k = 0; k < TLB_N && s->hfresh2; k++)
        if (s->tlb[k].v && s->tlb[k].pgid == s->h_pgid && s->tlb[k].pid == s->h_pid && s->tlb[k].rg == s->h_rg) { sel = (int)k; break; }
      int drop_req = csr_wr && a == CSR_AOTF_RX_CTRL && (wd & 8);
      if (sel >= 0) {
        const tlbe_t *e = &s->tlb[sel];
        uint32_t phys = (e->pb + s->h_raddr - e->vb) & LMASK;
        int ok = s->h_raddr >= e->vb && s->h_raddr + s->h_len <= e->vl && phys + s->h_len <= LLCM_BYTES;
        if (!ok) {
          ev = EV_PROT;
          s->tlb_prot++;
          if (s->h_botf) { s->sl_st[s->sl_rs] = 0; s->sl_fill = s->sl_rs; }
        } else if (s->h_botf) {
          ev = EV_GOOD;
          s->tlb_good++;
          s->sl_st[s->sl_rs] = 2;
          s->sl_addr[s->sl_rs] = phys;
          s->cnt[9] += s->h_len;
          s->botf_bytes += s->h_len;
        } else if (pn0 < WB_DEPTH && !drain_any) {
          ev = EV_GOOD;
          s->tlb_good++;
          s->hot_word = phys >> 3;
          wr_t w = {phys, s->h_len, s->h_data, s->h_t, s->hmissed ? s->h_tmiss : 0, 1};
          s->pend[(s->p_h + s->p_n++) % PENDCAP] = w;
          s->cnt[9] += s->h_len;
        }
      } else if (s->hmissed && drop_req) {
        ev = EV_PROT;
        if (s->h_botf) { s->sl_st[s->sl_rs] = 0; s->sl_fill = s->sl_rs; }
      } else if (s->hfresh2) {
        if (!s->hmissed) {
          ev = EV_MISS;
          s->h_tmiss = c;
          s->miss_pgid = s->h_pgid; s->miss_pid = s->h_pid; s->miss_rg = s->h_rg; s->miss_addr = s->h_raddr;
        }
        s->hmissed = 1;
      }
      if (ev == EV_GOOD || ev == EV_PROT) s->hv = s->hmissed = 0;
    }
    s->hfresh2 = hv0 && s->hfresh && !tw;
    s->hfresh = hv0 && !tw && !s->hdw;
    s->hdw = csr_wr && (a == CSR_AOTF_RX_TLB_VBASE || a == CSR_AOTF_RX_TLB_PBASE);

    /* ---- reference parser on an accepted beat */
    s->pstall = 0;
    if (in->s_axis_tvalid && o->s_axis_tready) {
      int last = (int)in->s_axis_tlast, user = (int)in->s_axis_tuser;
      if (s->pdisc) {
        if (last) { s->pdisc = 0; ev = user ? EV_LINK : s->pdisc_ty ? EV_TYPE : EV_OVERLONG; }
      } else {
        unsigned form = (unsigned)((s->pb ? s->pw[0] : in->s_axis_tdata) >> (AOTF_HDR_FLAGS_LSB + FLAG_HFMT_LSB)) & 3;
        if (s->pb == 0) {
          s->pdbi = form_words[form];
          s->pdb = 0;
          s->pkbad = 0;
          uint64_t w0v = in->s_axis_tdata;
          s->pbotf = ((w0v >> AOTF_HDR_PTYPE_LSB) & 0xFF) == PTYPE_BOTF && !((w0v >> AOTF_HDR_FLAGS_LSB) & FLAG_AOTF);
        }
        if (s->pb == s->pdbi && s->pdb == 0) s->pnb = nbeats_m1(form, s->pw);
        if (s->pb < 5) s->pw[s->pb] = in->s_axis_tdata;
        if (form == HFMT_8) {            /* not receivable: TYPE at its tlast beat */
          if (last) ev = user ? EV_LINK : EV_TYPE;
          else { s->pdisc = 1; s->pdisc_ty = 1; }
        } else if (s->pb < s->pdbi) {    /* a header beat */
          if (last) { ev = user ? EV_LINK : EV_TRUNC; s->pb = 0; }
          else { s->pb++; s->pstall = s->pb == s->pdbi && s->pdbi < 4; }
        } else if (s->pdb < s->pnb) {    /* a BOTF data beat before the last */
          s->pdata[s->pdb] = in->s_axis_tdata;
          if (last) { ev = user ? EV_LINK : EV_TRUNC; s->pb = 0; }
          else { if (in->s_axis_tkeep != 0xFF) s->pkbad = 1; s->pdb++; }
        } else {                         /* the last data beat */
          s->pdata[s->pdb] = in->s_axis_tdata;
          s->pb = 0;
          if (!last) { s->pdisc = 1; s->pdisc_ty = 0; }
          else if (user) ev = EV_LINK;
          else {
            uint32_t len;
            uint64_t raddr;
            ev = (unsigned)classify(s, form, s->pw, (unsigned)in->s_axis_tkeep, s->pkbad, &len, &raddr);
            if (ev == EV_NONE) { /* captured for the receive TLB */
              s->hv = 1;
              s->hmissed = 0;
              s->h_botf = s->pbotf;
              s->h_pgid = (uint32_t)(s->pw[0] >> AOTF_HDR_PGID_LSB) & 0xFFFF;
              if (form == HFMT_16) {
                s->h_pid = (uint32_t)(s->pw[1] >> AOTF16_HDR_PID_LSB) & 0xFFFF;
                s->h_rg = (uint32_t)(s->pw[1] >> AOTF16_HDR_REGION_LSB) & 0xFF;
              } else {
                s->h_pid = (uint32_t)(s->pw[2] >> AOTF_HDR_PID_LSB) & 0xFFFF;
                s->h_rg = (uint32_t)(s->pw[2] >> AOTF_HDR_REGION_LSB) & 0xFF;
              }
              s->h_raddr = (uint32_t)raddr;
              s->h_len = len;
              s->h_data = in->s_axis_tdata;
              s->h_t = c;
              if (s->pbotf) { /* the payload waits in a reserved slot */
                unsigned f = s->sl_fill;
                s->sl_st[f] = 1;
                s->sl_len[f] = len;
                s->sl_t[f] = 0;
                memcpy(s->sl_data[f], s->pdata, sizeof(s->pdata));
                s->sl_rs = f;
                s->sl_fill ^= 1;
              }
            }
            if (ev == EV_GOOD && s->pbotf) {
              unsigned f = s->sl_fill;
              s->sl_st[f] = 2;
              s->sl_addr[f] = (uint32_t)raddr;
              s->sl_t[f] = c;
              s->sl_len[f] = len;
              memcpy(s->sl_data[f], s->pdata, sizeof(s->pdata));
              s->sl_fill ^= 1;
              s->cnt[9] += len;
              s->botf_bytes += len;
              s->botf_good++;
            } else if (ev == EV_GOOD) {
              s->hot_word = (uint32_t)(raddr >> 3); /* polled by poll mode 2 from the next cycle on */
              wr_t w = {(uint32_t)raddr, len, in->s_axis_tdata, c, 0, 0};
              s->pend[(s->p_h + s->p_n++) % PENDCAP] = w;
              s->cnt[9] += len;
              s->good_form[form]++;
            }
          }
        }
      }
      if (s->st == S_TRAFFIC || s->st == S_DRAIN) {
        if (!s->botf_beats) s->botf_first = c;
        s->botf_beats++;
        s->botf_last = c;
      }
    }
    s->ev_q = ev;
    if (ev) { s->ev_seen[ev]++; s->cnt[CNT_IX(ev)]++; }
    if (hw_wr) s->cnt[0]++;
    s->hwq = hw_wr;
    s->hwq_be = wd & 0xFF;

    /* ---- CSR writes (after the checks of this cycle: the table as of this cycle applied) */
    uint32_t st = s->status;
    if (csr_wr) {
      uint32_t i = s->pt_idx;
      switch (a) {
        case CSR_AOTF_RX_CTRL:
          s->rx_en = (int)(wd & 1);
          if (wd & 2) { memset(s->shadow, 0, sizeof(s->shadow)); s->busy_left = WORDS / 2 + 1; s->inits++; }
          if (wd & 4) { memset(s->cnt, 0, sizeof(s->cnt)); s->cnt_clears++; }
          break;
        case CSR_AOTF_RX_STATUS: if (st & wd & 0x3FF) s->w1c_clears++; st &= ~wd; break;
        case CSR_AOTF_RX_IRQ_EN: s->irq_en = wd & 0x3FF; break;
        case CSR_AOTF_RX_TLB_INDEX: s->tlb_idx = wd % TLB_N; break;
        case CSR_AOTF_RX_TLB_PGID: s->tlb[s->tlb_idx].v = (int)(wd >> 31); s->tlb[s->tlb_idx].pgid = wd & 0xFFFF; break;
        case CSR_AOTF_RX_TLB_PID: s->tlb[s->tlb_idx].pid = wd & 0xFFFF; s->tlb[s->tlb_idx].rg = (wd >> 16) & 0xFF; break;
        case CSR_AOTF_RX_TLB_VBASE: s->tlb[s->tlb_idx].vb = wd & LMASK; break;
        case CSR_AOTF_RX_TLB_VLIMIT: s->tlb[s->tlb_idx].vl = wd & LMASK; break;
        case CSR_AOTF_RX_TLB_PBASE: s->tlb[s->tlb_idx].pb = wd & LMASK; break;
        case CSR_AOTF_RX_PT_INDEX: s->pt_idx = wd % PT_N; break;
        case CSR_AOTF_RX_PT_ENTRY: s->pt_v[i] = (int)(wd >> 31); s->pt_pgid[i] = wd & 0xFFFF; break;
        case CSR_AOTF_RX_PT_BASE: s->pt_base[i] = wd & LMASK; break;
        case CSR_AOTF_RX_PT_LIMIT: s->pt_lim[i] = wd & LMASK; break;
        case CSR_AOTF_RX_HW_ADDR: s->hw_word = (wd % LLCM_BYTES) >> 3; break;
        case CSR_AOTF_RX_HW_DATA_LO: s->hw_data = (s->hw_data & ~0xFFFFFFFFull) | wd; break;
        case CSR_AOTF_RX_HW_DATA_HI: s->hw_data = (s->hw_data & 0xFFFFFFFFull) | ((uint64_t)wd << 32); break;
        default: break;
      }
    }
    if (s->sev) st |= 1u << (s->sev - 1);
    s->sev = ev;
    s->status = st & 0x3FF;
    if (s->busy_left) s->busy_left--;
  }

  if (!in->rst_ni) {
    if (s->ref_valid) s->resets++;
    ref_reset(s);
    s->exp_ack = 0;
    s->exp_rvalid = 0;
    s->exp2_rvalid = 0;
    s->exp3_rvalid = 0;
    s->exp_rdata = 0;
  }
  return s->fails != before;
}

/* ------------------------------------------------------------------ model wrappers */
typedef struct { aotf_rx_t m; } model_t;

void *aotf_rx_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  aotf_rx_cfg_t cfg = {LLCM_BYTES, PT_N, WB_DEPTH, 0, TLB_N};   /* CSR_REG 0: the RTL default */
  if (!m || aotf_rx_init(&m->m, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void aotf_rx_model_eval(const void *p, const aotf_rx_in_t *in, aotf_rx_out_t *out) {
  aotf_rx_eval(&((const model_t *)p)->m, in, out);
}
void aotf_rx_model_tick(void *p, const aotf_rx_in_t *in) { aotf_rx_tick(&((model_t *)p)->m, in); }
int aotf_rx_model_check(const void *p) {
  const model_t *m = p;
  uint64_t n = aotf_llcm_collisions(&m->m.llcm);
  if (n) {
    fprintf(stderr, "aotf_rx model: %llu LLCM RAM read/write collisions\n", (unsigned long long)n);
    return 1;
  }
  return 0;
}
void aotf_rx_model_free(void *p) {
  model_t *m = p;
  aotf_rx_free(&m->m);
  free(m);
}
