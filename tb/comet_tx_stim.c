// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for comet_tx (NT_DEPTH: tb/duts/comet_tx.mk).
 * Modes: random (never stops) and directed corners min_frame max_frame csum_off unknown_node
 * bad_len backpressure csr perf. The scoreboard builds every expected frame with the
 * reference builder cmodel/comet_frame.c (byte arrays, zlib crc32, RFC 1071) from the message
 * and the CSR values the stimulus wrote, and compares byte-exact; it also checks every status
 * code, CSR read data (registers, node table lanes, counters) and the one-cycle CSR ack.
 * With NIC_PCAP_DIR set every emitted frame goes to NIC_PCAP_DIR/comet_tx_<mode>_<seed>.pcap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_frame.h"
#include "comet_tx.h"
#include "nic_axis_beat.h"
#include "nic_lockstep.h"
#include "nic_pcap.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "ls_params.h" /* LS_PARAM_*: build/comet_tx/ls_params.h, generated from tb/duts/comet_tx.mk */

LS_DECLARE_STIM(comet_tx)

#define NT_DEPTH LS_PARAM_NT_DEPTH
#define MSG_MAX 1700
#define QN 64
#define CSRQ 256

enum { M_RANDOM, M_MIN, M_MAX, M_CSUMOFF, M_UNKNOWN, M_BADLEN, M_BP, M_CSR, M_PERF, M_N };
static const char *const mode_names[M_N] = {"random", "min_frame", "max_frame", "csum_off",
                                             "unknown_node", "bad_len", "backpressure", "csr", "perf"};

typedef struct { uint32_t ip, maclo, machi, l3; } nt_ent_t;
typedef struct { int code; unsigned node; uint64_t t0; size_t n; uint8_t b[MSG_MAX]; } msg_t;
typedef struct { uint64_t t0, dmac; uint32_t dip; uint16_t dport, node; size_t n; uint8_t b[COMET_MAX_FRAME + 64]; } frame_t;
typedef struct { int we; uint32_t addr, wdata; int rel; } csr_op_t;

typedef struct {
  nic_rng_t rng;
  int mode;
  uint64_t seed, cycle;
  comet_tx_in_t in;
  int fails;
  /* shadow of the DUT configuration */
  nt_ent_t nt[NT_DEPTH];
  uint32_t ntidx, csum_en, sip, sport;
  uint64_t smac;
  uint32_t next_ipid;
  uint32_t cnt[7]; /* frames msgs node zero len ovs bytes */
  /* reset / init */
  int rst_left;
  uint64_t rst_at;
  int ready; /* init sweep done and node table programmed */
  /* driver */
  msg_t cur;
  int cur_active;
  size_t cur_off;
  unsigned p_valid, p_ready;
  int phase_left;
  /* expected statuses / frames */
  msg_t *stq; unsigned st_h, st_n;
  frame_t *frq; unsigned fr_h, fr_n;
  /* received frame */
  frame_t rx;
  /* CSR */
  csr_op_t csrq[CSRQ]; unsigned cq_h, cq_n;
  unsigned nt_pend[NT_DEPTH]; /* queued rewrites per node table entry */
  int op_act, op_we, op_known; uint32_t op_exp, op_addr;
  int pend_act, pend_we, pend_known; uint32_t pend_exp, pend_addr;
  uint64_t rx_t0;
  unsigned perf_cnt; uint64_t perf_lat, perf_t9, perf_t19;
  int quiesce;
  /* directed bookkeeping */
  unsigned msgs_made, msgs_target, phase;
  uint64_t idle_since;
  unsigned seen_code[5], seen_pad, seen_csum0, seen_bp, seen_max, reads_checked, nt_ign;
  /* perf */
  uint64_t t_in_first, t_out_first, lat_sum, lat_n;
  int perf_idx;
  uint64_t frames_total;
  unsigned ok_since_rst;
  unsigned seen_huge;
  unsigned perf_L;
  nic_pcap_t *pcap;
} st_t;

const char *comet_tx_stim_modes(void) {
  return "random min_frame max_frame csum_off unknown_node bad_len backpressure csr perf";
}

static void fail(st_t *s, const char *msg, uint64_t got, uint64_t exp) {
  if (s->fails++ < 20)
    fprintf(stderr, "comet_tx scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)got, (unsigned long long)exp);
}

static void shadow_reset(st_t *s) {
  memset(s->nt, 0, sizeof(s->nt));
  s->ntidx = 0; s->csum_en = 1; s->sip = 0x0A000001u; s->sport = 0x4D43;
  s->smac = 0x020000000001ull; s->next_ipid = 0;
  memset(s->cnt, 0, sizeof(s->cnt));
  s->st_n = s->fr_n = s->cq_n = 0;
  s->cur_active = 0; s->rx.n = 0; s->ready = 0; s->quiesce = 0; s->ok_since_rst = 0;
  memset(s->nt_pend, 0, sizeof(s->nt_pend));
}

void *comet_tx_stim_new(uint64_t seed, const char *mode) {
  int m = -1;
  for (int i = 0; i < M_N; i++) if (!strcmp(mode, mode_names[i])) m = i;
  if (m < 0) return NULL;
  st_t *s = calloc(1, sizeof(*s));
  s->stq = calloc(QN, sizeof(msg_t));
  s->frq = calloc(QN, sizeof(frame_t));
  s->mode = m; s->seed = seed;
  nic_rng_seed(&s->rng, seed);
  shadow_reset(s);
  s->p_valid = 100; s->p_ready = 100;
  s->msgs_target = m == M_MIN ? 300 : m == M_MAX ? 60 : m == M_CSUMOFF ? 200 : m == M_UNKNOWN ? 300
                 : m == M_BADLEN ? 300 : m == M_BP ? 200 : m == M_CSR ? 120 : m == M_PERF ? 100000 : 0;
  s->pcap = nic_pcap_open_env("comet_tx", mode, seed);
  return s;
}

void comet_tx_stim_free(void *p) {
  st_t *s = p;
  nic_pcap_close(s->pcap);
  free(s->stq); free(s->frq); free(s);
}

static uint64_t rnd(st_t *s, uint64_t n) { return nic_rng_below(&s->rng, n); }
static void csr_push(st_t *s, int we, uint32_t addr, uint32_t wdata) {
  if (s->cq_n >= CSRQ) return;
  s->csrq[(s->cq_h + s->cq_n++) % CSRQ] = (csr_op_t){we, addr, wdata, -1};
}

static int node_in_flight(const st_t *s, unsigned node) {
  if (s->cur_active && s->cur.node == node) return 1;
  for (unsigned i = 0; i < s->st_n; i++) if (s->stq[(s->st_h + i) % QN].node == node) return 1;
  return 0;
}

/* queue a full rewrite of node table entry k */
static void nt_program(st_t *s, unsigned k, int valid) {
  s->nt_pend[k]++;
  csr_push(s, 1, CSR_COMET_TX_NT_IDX, k);
  csr_push(s, 1, CSR_COMET_TX_NT_VALID, 0);
  csr_push(s, 1, CSR_COMET_TX_NT_IP, 0xC0A80000u | (uint32_t)rnd(s, 0x10000));
  csr_push(s, 1, CSR_COMET_TX_NT_MAC_LO, (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_TX_NT_MAC_HI, (uint32_t)nic_rng_next(&s->rng) & 0xFFFEFFFEu);
  csr_push(s, 1, CSR_COMET_TX_NT_VALID, (uint32_t)(nic_rng_next(&s->rng) & ~1u) | (valid ? 1u : 0u));
  /* NT_IDX rewritten with the same index right after a lane write: the shadow's RAM read would
   * collide with that (one cycle later) RAM write, comet_tx_csr must not reload the shadow */
  if (rnd(s, 3) == 0) csr_push(s, 1, CSR_COMET_TX_NT_IDX, k);
  if (rnd(s, 2)) csr_push(s, 0, CSR_COMET_TX_NT_IP, 0);
  csr_push(s, 0, CSR_COMET_TX_NT_VALID, 0);
  s->csrq[(s->cq_h + s->cq_n - 1) % CSRQ].rel = (int)k;
}

/* read entry k back through NT_IDX without rewriting it first (the NT_IDX write loads the
 * CSR read shadow of the entry); with upd one data lane is rewritten right after NT_IDX (shadow
 * load and lane write in the same cycle). The lanes are read in a random order. */
static void nt_readback(st_t *s, unsigned k, int upd) {
  static const uint32_t lanes[4] = {CSR_COMET_TX_NT_IP, CSR_COMET_TX_NT_MAC_LO, CSR_COMET_TX_NT_MAC_HI,
                                    CSR_COMET_TX_NT_VALID};
  csr_push(s, 1, CSR_COMET_TX_NT_IDX, k);
  if (upd) {
    unsigned l = (unsigned)rnd(s, 3);
    uint32_t w = (uint32_t)nic_rng_next(&s->rng);
    s->nt_pend[k]++;
    csr_push(s, 1, lanes[l], l == 2 ? w & 0xFFFEFFFEu : l == 0 ? 0xC0A80000u | (w & 0xFFFF) : w);
    s->csrq[(s->cq_h + s->cq_n - 1) % CSRQ].rel = (int)k;
  }
  unsigned r = (unsigned)rnd(s, 4);
  for (unsigned i = 0; i < 4; i++) csr_push(s, 0, lanes[(r + i * (1 + 2 * (r & 1))) & 3], 0);
}

static unsigned pick_len(st_t *s) {
  switch (s->mode) {
    case M_MIN: return 1 + (unsigned)rnd(s, 12);
    case M_MAX: { if (s->msgs_made % 10 == 9) return 1465 + (unsigned)rnd(s, 3);
                  static const unsigned t[] = {1464, 1463, 1462, 1461, 1460, 1459, 1458, 1457, 1456, 1465};
                  return rnd(s, 2) ? 1464 : t[rnd(s, 10)]; }
    case M_PERF: return s->perf_L;
    default: break;
  }
  unsigned r = (unsigned)rnd(s, 100);
  if (r < 30) return 1 + (unsigned)rnd(s, 24);
  if (r < 75) return 1 + (unsigned)rnd(s, 1464);
  if (r < 88) return 1440 + (unsigned)rnd(s, 25);
  if (r < 94) return 1465 + (unsigned)rnd(s, 120);
  return 0;
}

/* make the next message (expected code computed from the shadow node table) */
static void make_msg(st_t *s) {
  msg_t *m = &s->cur;
  unsigned node;
  int tries = 0;
  do {
    unsigned r = (unsigned)rnd(s, 100);
    int unk = s->mode == M_UNKNOWN ? 50 : (s->mode == M_RANDOM ? 8 : 0);
    if (s->mode == M_PERF) node = 1;
    else if ((int)r < unk) node = rnd(s, 3) == 0 ? 256 + (unsigned)rnd(s, 65280) : (unsigned)rnd(s, NT_DEPTH);
    else node = (unsigned)rnd(s, 16);
  } while (node < NT_DEPTH && s->nt_pend[node] && ++tries < 100);
  if (node < NT_DEPTH && s->nt_pend[node]) node = 300;
  unsigned L = pick_len(s);
  size_t n = 8 + L;
  unsigned field = L;
  int badlen = s->mode == M_BADLEN ? 40 : (s->mode == M_RANDOM ? 6 : 0);
  if ((int)rnd(s, 100) < badlen) {
    switch (rnd(s, 5)) {
      case 0: n = 1 + (size_t)rnd(s, 7); break;                       /* header truncated */
      case 1: field = 0; n = 8 + (size_t)rnd(s, 3) * 4; break;         /* zero (or bad) */
      case 2: n = 8 + L + 1 + (size_t)rnd(s, 9); break;                /* longer */
      default: if (L > 1) n = 8 + L - 1 - (size_t)rnd(s, L - 1); else n = 8 + 3; break;
    }
    if (s->mode == M_BADLEN && rnd(s, 6) == 0) { field = 1465 + (unsigned)rnd(s, 64000); n = rnd(s, 2) ? 8 + (field & 0x3FF) : 8 + field; }
  }
  if (s->mode == M_BADLEN && rnd(s, 60) == 0) /* past the 256-word slot, or the 16-bit byte counter */
    n = rnd(s, 4) ? 2049 + (size_t)rnd(s, 600) : 65536 + (size_t)rnd(s, 100);
  for (size_t i = 0; i < n && i < MSG_MAX; i++) m->b[i] = (uint8_t)nic_rng_next(&s->rng);
  uint8_t h[8] = {(uint8_t)node, (uint8_t)(node >> 8), (uint8_t)rnd(s, 256), (uint8_t)rnd(s, 256),
                  (uint8_t)rnd(s, 256), (uint8_t)rnd(s, 256), (uint8_t)field, (uint8_t)(field >> 8)};
  memcpy(m->b, h, n < 8 ? n : 8);
  m->n = n;
  m->node = n >= 2 ? node : 0xFFFFFFFFu;
  if (n < 8) m->code = COMET_TX_ERR_LEN;
  else if (field > COMET_MAX_LEN) m->code = COMET_TX_ERR_OVERSIZE;
  else if (field == 0) m->code = COMET_TX_ERR_ZERO;
  else if (n != 8 + field) m->code = COMET_TX_ERR_LEN;
  else if (node >= NT_DEPTH || !(s->nt[node].l3 & 1)) m->code = COMET_TX_ERR_NODE;
  else m->code = COMET_TX_OK;
  s->cur_active = 1;
  s->cur_off = 0;
  s->msgs_made++;
}

static int counter_index(uint32_t a) {
  switch (a) {
    case CSR_COMET_TX_CNT_FRAMES: return 0;
    case CSR_COMET_TX_CNT_MSGS: return 1;
    case CSR_COMET_TX_ERR_NODE: return 2;
    case CSR_COMET_TX_ERR_ZERO: return 3;
    case CSR_COMET_TX_ERR_LEN: return 4;
    case CSR_COMET_TX_ERR_OVERSIZE: return 5;
    case CSR_COMET_TX_CNT_BYTES: return 6;
    default: return -1;
  }
}

static int all_idle(const st_t *s) {
  return !s->cur_active && s->st_n == 0 && s->fr_n == 0 && s->rx.n == 0;
}

/* expected read value; returns 0 when not predictable */
static int csr_expect(const st_t *s, uint32_t a, uint32_t *v) {
  int ci = counter_index(a);
  if (ci >= 0) { *v = s->cnt[ci]; return 1; }
  switch (a) {
    case CSR_COMET_TX_ID: *v = 0x434D5458u; return 1;
    case CSR_COMET_TX_CTRL: *v = s->csum_en; return 1;
    case CSR_COMET_TX_SRC_MAC_LO: *v = (uint32_t)s->smac; return 1;
    case CSR_COMET_TX_SRC_MAC_HI: *v = (uint32_t)(s->smac >> 32); return 1;
    case CSR_COMET_TX_SRC_IP: *v = s->sip; return 1;
    case CSR_COMET_TX_SRC_PORT: *v = s->sport; return 1;
    case CSR_COMET_TX_NT_IDX: *v = s->ntidx; return 1;
    case CSR_COMET_TX_NT_IP: *v = s->nt[s->ntidx].ip; return s->ready;
    case CSR_COMET_TX_NT_MAC_LO: *v = s->nt[s->ntidx].maclo; return s->ready;
    case CSR_COMET_TX_NT_MAC_HI: *v = s->nt[s->ntidx].machi; return s->ready;
    case CSR_COMET_TX_NT_VALID: *v = s->nt[s->ntidx].l3; return s->ready;
    case CSR_COMET_TX_STATUS: /* idle: only the slot pointers, both = parity of frames since reset */
      *v = (s->ok_since_rst & 1) * 0xC0u;
      return s->ready && all_idle(s);
    case CSR_COMET_TX_IPID: *v = s->next_ipid; return s->ready && all_idle(s);
    default: *v = CSR_UNMAPPED; return 1;
  }
}

static void apply_write(st_t *s, uint32_t a, uint32_t w, int init_busy) {
  switch (a) {
    case CSR_COMET_TX_CTRL: s->csum_en = w & 1; break;
    case CSR_COMET_TX_SRC_MAC_LO: s->smac = (s->smac & 0xFFFF00000000ull) | w; break;
    case CSR_COMET_TX_SRC_MAC_HI: s->smac = (s->smac & 0xFFFFFFFFull) | ((uint64_t)(w & 0xFFFF) << 32); break;
    case CSR_COMET_TX_SRC_IP: s->sip = w; break;
    case CSR_COMET_TX_SRC_PORT: s->sport = w & 0xFFFF; break;
    case CSR_COMET_TX_IPID: s->next_ipid = w & 0xFFFF; break;
    case CSR_COMET_TX_NT_IDX: s->ntidx = w & (NT_DEPTH - 1); break;
    case CSR_COMET_TX_NT_IP: if (!init_busy) s->nt[s->ntidx].ip = w; else s->nt_ign++; break;
    case CSR_COMET_TX_NT_MAC_LO: if (!init_busy) s->nt[s->ntidx].maclo = w; break;
    case CSR_COMET_TX_NT_MAC_HI: if (!init_busy) s->nt[s->ntidx].machi = w; break;
    case CSR_COMET_TX_NT_VALID: if (!init_busy) s->nt[s->ntidx].l3 = w; break;
    default: break;
  }
  /* counters: cleared in check() (a clear wins over an event in the same cycle) */
}


static const uint32_t all_regs[] = {
  CSR_COMET_TX_ID, CSR_COMET_TX_CTRL, CSR_COMET_TX_STATUS, CSR_COMET_TX_SRC_MAC_LO,
  CSR_COMET_TX_SRC_MAC_HI, CSR_COMET_TX_SRC_IP, CSR_COMET_TX_SRC_PORT, CSR_COMET_TX_IPID,
  CSR_COMET_TX_NT_IDX, CSR_COMET_TX_NT_IP, CSR_COMET_TX_NT_MAC_LO, CSR_COMET_TX_NT_MAC_HI,
  CSR_COMET_TX_NT_VALID, CSR_COMET_TX_CNT_FRAMES, CSR_COMET_TX_CNT_MSGS, CSR_COMET_TX_ERR_NODE,
  CSR_COMET_TX_ERR_ZERO, CSR_COMET_TX_ERR_LEN, CSR_COMET_TX_ERR_OVERSIZE, CSR_COMET_TX_CNT_BYTES,
  0x00C, 0x024, 0x02C, 0x044, 0x07C, 0x09C, 0x0FC, 0x100, 0x104, 0x180, 0x1FC, 0x800, 0xFFC};
#define N_ALL_REGS (sizeof(all_regs) / sizeof(all_regs[0]))

static void read_all(st_t *s) {
  for (unsigned i = 0; i < N_ALL_REGS; i++) csr_push(s, 0, all_regs[i], 0);
}

static void program_table(st_t *s) {
  for (unsigned k = 0; k < 16; k++) nt_program(s, k, s->mode == M_UNKNOWN ? (k & 3) != 3 : 1);
  nt_program(s, 255, 1);
}

static void config_change(st_t *s) {
  csr_push(s, 1, CSR_COMET_TX_SRC_MAC_LO, (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_TX_SRC_MAC_HI, (uint32_t)nic_rng_next(&s->rng) & 0xFEFF);
  csr_push(s, 1, CSR_COMET_TX_SRC_IP, (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_TX_SRC_PORT, (uint32_t)nic_rng_next(&s->rng));
  if (s->mode != M_CSUMOFF) csr_push(s, 1, CSR_COMET_TX_CTRL, rnd(s, 4) != 0);
  if (rnd(s, 2)) csr_push(s, 1, CSR_COMET_TX_IPID, (uint32_t)nic_rng_next(&s->rng));
  read_all(s);
}

int comet_tx_stim_next(void *p, uint64_t cycle, const comet_tx_out_t *prev, comet_tx_in_t *in) {
  st_t *s = p;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  in->rst_ni = 1;
  int init_busy = prev ? (int)(prev->dbg_state_o & 1) : 1;
  if (getenv("COMET_DEBUG") && cycle % 20000 == 0)
    fprintf(stderr, "dbg cycle %llu: ready=%d cur=%d off=%zu/%zu st_n=%u fr_n=%u rx=%zu cq=%u quiesce=%d made=%u dbg_state=0x%llx pv=%u pr=%u\n",
            (unsigned long long)cycle, s->ready, s->cur_active, s->cur_off, s->cur.n, s->st_n, s->fr_n, s->rx.n,
            s->cq_n, s->quiesce, s->msgs_made, prev ? (unsigned long long)prev->dbg_state_o : 0ull, s->p_valid, s->p_ready);
  /* ---- reset */
  if (cycle < 2) { in->rst_ni = 0; s->rst_at = cycle; }
  if (s->rst_left > 0) { in->rst_ni = 0; s->rst_left--; s->rst_at = cycle; }
  else if (s->mode == M_RANDOM && cycle > 100 && rnd(s, 30000) == 0) {
    in->rst_ni = 0; s->rst_left = (int)rnd(s, 4); s->rst_at = cycle;
  }
  int since_rst = (int)(cycle - s->rst_at);
  if (in->rst_ni && !s->ready && since_rst > 3 && !init_busy) {
    s->ready = 1;
    program_table(s);
    if (s->mode == M_CSUMOFF) csr_push(s, 1, CSR_COMET_TX_CTRL, 0);
    if (s->mode == M_CSR) read_all(s);
    if (s->mode != M_RANDOM) s->quiesce = 2; /* first messages after the initial configuration */
  }
  /* ---- back-pressure / valid phases */
  if (s->phase_left-- <= 0) {
    static const unsigned pv[] = {100, 100, 90, 50, 10, 0};
    int bp = s->mode == M_BP || s->mode == M_RANDOM;
    s->p_valid = (bp || s->mode == M_CSR) ? pv[rnd(s, 6)] : 100;
    s->p_ready = bp ? pv[rnd(s, 6)] : (s->mode == M_PERF ? 100 : (rnd(s, 4) ? 100 : 70));
    if (bp && rnd(s, 8) == 0) s->p_ready = 0; /* storm */
    s->phase_left = (int)rnd(s, bp ? 400 : 100);
  }
  in->m_axis_tready = (uint64_t)nic_rng_pct(&s->rng, s->p_ready);
  if (s->mode == M_PERF) in->m_axis_tready = 1;

  /* ---- directed phase control */
  int directed = s->mode != M_RANDOM;
  if (s->ready && in->rst_ni) {
    if (directed && s->msgs_made >= s->msgs_target && !s->cur_active && all_idle(s) && s->cq_n == 0) {
      if (s->phase == 0) { read_all(s); s->phase = 1; }
      else if (s->idle_since == 0) s->idle_since = cycle;
      else if (cycle > s->idle_since + 20) return 0;
    }
    if (s->mode == M_CSUMOFF && s->msgs_made == 100 && !s->quiesce && !s->cur_active) s->quiesce = 1;
    if (s->mode == M_RANDOM && !s->quiesce && rnd(s, 3000) == 0) s->quiesce = 1;
    if (s->quiesce == 1 && all_idle(s) && s->cq_n == 0) {
      if (s->mode == M_CSUMOFF) { csr_push(s, 1, CSR_COMET_TX_CTRL, 1); read_all(s); }
      else config_change(s);
      s->quiesce = 2;
    }
    if (s->quiesce == 2 && s->cq_n == 0) s->quiesce = 0;
    /* node table updates on nodes not in flight */
    if ((s->mode == M_RANDOM || s->mode == M_UNKNOWN || s->mode == M_CSR) && s->cq_n == 0 &&
        rnd(s, s->mode == M_CSR ? 20 : 400) == 0) {
      unsigned k = rnd(s, 3) ? (unsigned)rnd(s, 16) : (unsigned)rnd(s, NT_DEPTH);
      if (rnd(s, 2)) nt_readback(s, k, !node_in_flight(s, k) && rnd(s, 2));
      else if (!node_in_flight(s, k)) nt_program(s, k, rnd(s, 5) != 0);
    }
  }
  /* random CSR traffic */
  if (in->rst_ni && s->cq_n == 0) {
    unsigned pr = s->mode == M_CSR ? 60 : (s->mode == M_RANDOM ? 4 : 1);
    if (nic_rng_pct(&s->rng, pr)) {
      uint32_t a = rnd(s, 4) ? all_regs[rnd(s, N_ALL_REGS)] : (uint32_t)rnd(s, 0x1000) & ~3u;
      csr_push(s, 0, a, 0);
      if (s->mode == M_CSR && rnd(s, 10) == 0 && s->ready) {
        static const uint32_t cl[] = {CSR_COMET_TX_CNT_FRAMES, CSR_COMET_TX_CNT_MSGS, CSR_COMET_TX_ERR_NODE,
                                      CSR_COMET_TX_ERR_LEN, CSR_COMET_TX_CNT_BYTES};
        csr_push(s, 1, cl[rnd(s, 5)], 0);
      }
    }
    /* NT writes during the init sweep must be ignored */
    if ((s->mode == M_CSR || s->mode == M_RANDOM) && init_busy && since_rst > 3 && since_rst < 150 &&
        rnd(s, 10) == 0) {
      csr_push(s, 1, CSR_COMET_TX_NT_IDX, (uint32_t)rnd(s, 16));
      csr_push(s, 1, CSR_COMET_TX_NT_VALID, 1);
    }
  }
  /* drive one CSR op (NT writes only with a trusted init state) */
  s->op_act = 0;
  if (in->rst_ni && s->cq_n && (s->mode == M_CSR || rnd(s, 4) != 0)) {
    csr_op_t o = s->csrq[s->cq_h];
    int nt_lane = o.addr >= CSR_COMET_TX_NT_IP && o.addr <= CSR_COMET_TX_NT_VALID;
    int hold = nt_lane && o.we && init_busy && s->ready; /* ready but prev shows busy: cannot be */
    if (!hold) {
      s->cq_h = (s->cq_h + 1) % CSRQ; s->cq_n--;
      if (o.rel >= 0 && s->nt_pend[o.rel]) s->nt_pend[o.rel]--;
      in->csr_req_i = 1; in->csr_we_i = (uint64_t)o.we; in->csr_addr_i = o.addr; in->csr_wdata_i = o.wdata;
      s->op_act = 1; s->op_we = o.we; s->op_addr = o.addr;
      s->op_known = o.we ? 1 : csr_expect(s, o.addr, &s->op_exp);
      if (o.we) { s->op_exp = 0; apply_write(s, o.addr, o.wdata, !s->ready || since_rst < 3); }
    }
  }
  if (!in->csr_req_i) { in->csr_addr_i = rnd(s, 0x1000); in->csr_wdata_i = (uint32_t)nic_rng_next(&s->rng); in->csr_we_i = rnd(s, 2); }
  /* ---- perf sweep: 20 back-to-back messages per size, CSUM_EN 1 then 0 */
  int perf_gate = 0;
  if (s->mode == M_PERF && s->ready && in->rst_ni) {
    static const unsigned Ls[8] = {1, 10, 78, 206, 462, 974, 1200, 1464};
    s->perf_L = Ls[s->perf_idx % 8];
    if (s->msgs_made >= 20u * (unsigned)(s->perf_idx + 1)) {
      perf_gate = 1;
      if (all_idle(s) && s->cq_n == 0) {
        unsigned F = (50 + s->perf_L < 60 ? 60 : 50 + s->perf_L) + 4;
        double per = (double)(s->perf_t19 - s->perf_t9) / 10.0;
        printf("comet_tx perf: csum_en=%u L=%4u frame=%4u B  first-beat latency (msg first beat -> frame "
               "first beat, idle) = %llu cycles  period=%.1f cycles/frame  %.3f B/cycle\n",
               s->csum_en, s->perf_L, F, (unsigned long long)s->perf_lat, per, (double)F / per);
        s->perf_idx++;
        s->perf_cnt = 0;
        if (s->perf_idx == 8) csr_push(s, 1, CSR_COMET_TX_CTRL, 0);
        if (s->perf_idx == 16) return 0;
      }
    }
  }
  /* ---- message driver */
  if (s->mode == M_PERF && s->cq_n) perf_gate = 1;
  /* STATUS / IPID are predicted when idle; they are read in the ack cycle (the cycle after the
   * request), so no message starts in the cycle of such a read */
  int idle_rd = s->op_act && !s->op_we &&
                (s->op_addr == CSR_COMET_TX_STATUS || s->op_addr == CSR_COMET_TX_IPID);
  if (in->rst_ni && s->ready && !s->cur_active && !s->quiesce && !perf_gate && !idle_rd &&
      s->msgs_made < (directed ? s->msgs_target : ~0u))
    make_msg(s);
  in->s_axis_tdata = nic_rng_next(&s->rng);
  if (s->cur_active) {
    nic_axis_beat(s->cur.b, MSG_MAX, s->cur.n, s->cur_off, 7, 3,
                  &in->s_axis_tdata, &in->s_axis_tkeep, &in->s_axis_tlast);
    in->s_axis_tvalid = (uint64_t)nic_rng_pct(&s->rng, s->p_valid);
    if (s->mode == M_PERF) in->s_axis_tvalid = 1;
  } else {
    in->s_axis_tkeep = rnd(s, 256);
    in->s_axis_tlast = rnd(s, 2);
  }
  s->in = *in;
  return 1;
}

static void push_expected_frame(st_t *s, const msg_t *m) {
  if (s->fr_n >= QN) { fail(s, "expected frame queue overflow", s->fr_n, QN); return; }
  frame_t *f = &s->frq[(s->fr_h + s->fr_n++) % QN];
  const nt_ent_t *e = &s->nt[m->node];
  comet_frame_cfg_t c = {((uint64_t)(e->machi & 0xFFFF) << 32) | e->maclo, s->smac, s->sip, e->ip,
                         (uint16_t)s->sport, (uint16_t)(e->machi >> 16), (uint16_t)s->next_ipid,
                         (int)s->csum_en};
  s->next_ipid = (s->next_ipid + 1) & 0xFFFF;
  f->n = comet_frame_build(f->b, &c, m->b, m->n);
  f->t0 = m->t0;
  f->dmac = c.dmac; f->dip = c.dip; f->dport = c.dport; f->node = (uint16_t)m->node;
}

int comet_tx_stim_check(void *p, const comet_tx_out_t *o) {
  st_t *s = p;
  int before = s->fails;
  if (!o) {
    if (s->mode != M_RANDOM && s->mode != M_PERF) {
      if (!all_idle(s)) fail(s, "directed: messages/frames left over", s->st_n + s->fr_n, 0);
      if (s->frames_total == 0 && s->mode != M_UNKNOWN && s->mode != M_BADLEN) fail(s, "no frame sent", 0, 1);
      if (s->mode == M_MIN && s->seen_pad < 50) fail(s, "min_frame: padded frames", s->seen_pad, 50);
      if (s->mode == M_MAX && s->seen_max < 10) fail(s, "max_frame: 1518-byte frames", s->seen_max, 10);
      if (s->mode == M_MAX && !s->seen_code[4]) fail(s, "max_frame: oversize refused", 0, 1);
      if (s->mode == M_CSUMOFF && s->seen_csum0 < 50) fail(s, "csum_off: frames with UDP csum 0", s->seen_csum0, 50);
      if (s->mode == M_UNKNOWN && s->seen_code[1] < 50) fail(s, "unknown_node: ERR_NODE", s->seen_code[1], 50);
      if (s->mode == M_BADLEN && !s->seen_huge) fail(s, "bad_len: no message past the slot size", 0, 1);
      if (s->mode == M_BADLEN && (!s->seen_code[2] || s->seen_code[3] < 20 || !s->seen_code[4]))
        fail(s, "bad_len: ZERO/LEN/OVERSIZE seen", s->seen_code[2] * 10000 + s->seen_code[3] * 100 + s->seen_code[4], 1);
      if (s->mode == M_BP && s->seen_bp < 100) fail(s, "backpressure: stalled beats", s->seen_bp, 100);
      if (s->mode == M_CSR && s->reads_checked < 500) fail(s, "csr: reads checked", s->reads_checked, 500);
    }
    if (getenv("COMET_STATS")) fprintf(stderr, "codes ok=%u node=%u zero=%u len=%u ovs=%u made=%u total=%llu\n", s->seen_code[0], s->seen_code[1], s->seen_code[2], s->seen_code[3], s->seen_code[4], s->msgs_made, (unsigned long long)s->frames_total);
    if (s->mode == M_PERF || getenv("COMET_STATS"))
      printf("comet_tx stats: frames=%u msgs=%u err node=%u zero=%u len=%u ovs=%u bytes=%u reads=%u "
             "avg_latency_hdr_to_first_beat=%.2f\n",
             s->cnt[0], s->cnt[1], s->cnt[2], s->cnt[3], s->cnt[4], s->cnt[5], s->cnt[6],
             s->reads_checked, s->lat_n ? (double)s->lat_sum / (double)s->lat_n : 0.0);
    return s->fails;
  }
  const comet_tx_in_t *in = &s->in;
  if (!in->rst_ni) {
    uint64_t ra = s->rst_at;
    int rl = s->rst_left;
    shadow_reset(s);
    s->rst_at = ra; s->rst_left = rl;
    s->op_act = 0;
    s->pend_act = 0;
    return 0;
  }
  /* CSR response to last cycle's request */
  if (s->pend_act) {
    if (o->csr_ack_o != 1) fail(s, "csr_ack_o missing", o->csr_ack_o, 1);
    if (s->pend_we && o->csr_rdata_o != 0) fail(s, "csr_rdata_o after a write", o->csr_rdata_o, 0);
    if (!s->pend_we && s->pend_known) {
      /* a read returns the register of its ack cycle (comet_tx_csr decodes the registered
       * request): counters include the events of the request cycle */
      int ci = counter_index(s->pend_addr);
      if (ci >= 0) s->pend_exp = s->cnt[ci];
      s->reads_checked++;
      if (o->csr_rdata_o != s->pend_exp) {
        char b[96];
        snprintf(b, sizeof b, "csr read 0x%03x", s->pend_addr);
        fail(s, b, o->csr_rdata_o, s->pend_exp);
      }
    }
  } else if (o->csr_ack_o || o->csr_rdata_o) {
    fail(s, "csr_ack_o/csr_rdata_o without a request", o->csr_ack_o << 32 | o->csr_rdata_o, 0);
  }
  /* a write acts at the end of the cycle after its request: last cycle's clear is this cycle's */
  int clr_ci = (s->pend_act && s->pend_we) ? counter_index(s->pend_addr) : -1;
  s->pend_act = s->op_act; s->pend_we = s->op_we; s->pend_known = s->op_known;
  s->pend_exp = s->op_exp; s->pend_addr = s->op_addr;
  /* input side */
  if (in->s_axis_tvalid && o->s_axis_tready) {
    if (!s->cur_active) fail(s, "beat accepted with no message driven", 0, 1);
    else {
      if (s->cur_off == 0) {
        if (s->st_n >= QN) fail(s, "status queue overflow", s->st_n, QN);
        else {
          s->cur.t0 = s->cycle;
          s->stq[(s->st_h + s->st_n++) % QN] = s->cur;
        }
      }
      s->cur_off += 8;
      if (s->cur_off >= s->cur.n) { s->cur_active = 0; if (s->cur.n > 2048) s->seen_huge++; }
    }
  }
  /* status */
  if (o->tx_status_valid_o) {
    if (!s->st_n) fail(s, "status with no message outstanding", o->tx_status_code_o, 0);
    else {
      msg_t *m = &s->stq[s->st_h];
      if (o->tx_status_code_o != (uint64_t)m->code) fail(s, "tx_status_code_o", o->tx_status_code_o, (uint64_t)m->code);
      else if (m->code == COMET_TX_OK) { push_expected_frame(s, m); s->ok_since_rst++; }
      s->st_h = (s->st_h + 1) % QN; s->st_n--;
    }
    if (o->tx_status_code_o < 5) { s->seen_code[o->tx_status_code_o]++; s->cnt[1 + o->tx_status_code_o]++; }
  }
  /* output side */
  if (o->m_axis_tvalid && !in->m_axis_tready) s->seen_bp++;
  if (o->m_axis_tvalid && in->m_axis_tready) {
    unsigned k = (unsigned)o->m_axis_tkeep;
    if (!o->m_axis_tlast && k != 0xFF) fail(s, "partial tkeep before tlast", k, 0xFF);
    if (k == 0 || (k & (k + 1))) fail(s, "tkeep not contiguous from bit 0", k, 0xFF);
    if (s->rx.n == 0) s->rx_t0 = s->cycle;
    for (unsigned i = 0; i < 8 && ((k >> i) & 1); i++) {
      if (s->rx.n < sizeof(s->rx.b)) s->rx.b[s->rx.n] = (uint8_t)(o->m_axis_tdata >> (8 * i));
      s->rx.n++;
    }
    if (o->m_axis_tlast) {
      if (!s->fr_n) fail(s, "frame with no expected frame", s->rx.n, 0);
      else {
        frame_t *e = &s->frq[s->fr_h];
        if (e->n != s->rx.n) fail(s, "frame length", s->rx.n, e->n);
        else {
          for (size_t i = 0; i < e->n; i++)
            if (e->b[i] != s->rx.b[i]) {
              char b[64];
              snprintf(b, sizeof b, "frame byte %zu (frame length %zu)", i, e->n);
              fail(s, b, s->rx.b[i], e->b[i]);
              break;
            }
        }
        /* the RX reference checker must accept every frame TX sends to that node */
        comet_frame_rxcfg_t rc = {e->dmac, e->dip, e->dport, e->node, 0};
        size_t mo, ml;
        int rcode = comet_frame_check(s->rx.b, s->rx.n, &rc, &mo, &ml);
        if (rcode != COMET_RX_OK) fail(s, "frame rejected by comet_frame_check", (uint64_t)rcode, 0);
        uint64_t lat = s->rx_t0 - e->t0;
        s->lat_sum += lat; s->lat_n++;
        if (s->mode == M_PERF) {
          if (s->perf_cnt == 0) s->perf_lat = lat;
          if (s->perf_cnt == 9) s->perf_t9 = s->rx_t0;
          if (s->perf_cnt == 19) s->perf_t19 = s->rx_t0;
          s->perf_cnt++;
        }
        s->fr_h = (s->fr_h + 1) % QN; s->fr_n--;
      }
      if (s->rx.n == 64) s->seen_pad++;
      if (s->rx.n == 1518) s->seen_max++;
      if (s->rx.n > 42 && s->rx.b[40] == 0 && s->rx.b[41] == 0) s->seen_csum0++;
      nic_pcap_write(s->pcap, s->rx.b, s->rx.n < sizeof(s->rx.b) ? s->rx.n : sizeof(s->rx.b),
                     s->cycle * 6400ull / 1000ull);
      s->cnt[0]++;
      s->frames_total++;
      s->cnt[6] += (uint32_t)s->rx.n;
      s->rx.n = 0;
    }
  }
  /* counter clears (win over the events of this cycle) */
  if (clr_ci >= 0) s->cnt[clr_ci] = 0;
  return s->fails != before;
}

/* ---------------------------------------------------------------- model wrappers */
typedef struct { comet_tx_t m; } model_t;

void *comet_tx_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  comet_tx_cfg_t cfg = {NT_DEPTH};
  if (!m || comet_tx_init(&m->m, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void comet_tx_model_eval(const void *p, const comet_tx_in_t *in, comet_tx_out_t *out) {
  comet_tx_eval(&((const model_t *)p)->m, in, out);
}
void comet_tx_model_tick(void *p, const comet_tx_in_t *in) { comet_tx_tick(&((model_t *)p)->m, in); }
int comet_tx_model_check(const void *p) {
  const model_t *m = p;
  if (m->m.nt.collisions || m->m.buf.collisions) {
    fprintf(stderr, "comet_tx model: RAM read/write collisions: node table %llu, buffer %llu\n",
            (unsigned long long)m->m.nt.collisions, (unsigned long long)m->m.buf.collisions);
    return 1;
  }
  return 0;
}
void comet_tx_model_free(void *p) {
  model_t *m = p;
  comet_tx_free(&m->m);
  free(m);
}
