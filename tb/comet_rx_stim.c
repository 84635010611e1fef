// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for comet_rx.
 * Modes: random (never stops), good (valid frames only: unicast/broadcast, 64..1518 bytes,
 * UDP checksum on/off), fuzz (every mutation class), trunc (runts, giants, truncated frames),
 * backpressure, csr, perf, arp (mostly ARP requests, bursts, back-pressure on the reply stream).
 * fuzz and random also send ARP (for own IP / other IP / malformed / replies), VLAN-tagged,
 * IPv6, multicast, ICMP and other-EtherType frames. Frames come from the reference builder
 * cmodel/comet_frame.c; the
 * expected status of every frame is the reference checker comet_frame_check() (independent
 * of the cycle model); delivered messages are compared byte-exact, counters through CSR reads
 * (incl. the RX_TYPE_* class of every TYPE drop). ARP replies are expected from
 * comet_frame_arp_request() / comet_frame_arp_build(): a request for the own IP is answered when
 * ARP_EN is set and no earlier reply is still being sent (else counted as an ARP drop); each
 * reply is compared byte-exact on arp_axis.
 * With NIC_PCAP_DIR set, frames the DUT accepted go to comet_rx_ok_<mode>_<seed>.pcap (they
 * must pass scripts/check_pcap.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_frame.h"
#include "comet_rx.h"
#include "nic_axis_beat.h"
#include "nic_lockstep.h"
#include "nic_pcap.h"
#include "nic_pkg.h"
#include "nic_rng.h"

LS_DECLARE_STIM(comet_rx)

#define FMAX 2200
#define QN 64
#define CSRQ 256

#define NCNT 21 /* counters at 0x180 + 4 i */
#define CNT_TYPE_CLS 15
#define CNT_ARP_REPLY 19
#define CNT_ARP_DROP 20

enum { M_RANDOM, M_GOOD, M_FUZZ, M_TRUNC, M_BP, M_CSR, M_PERF, M_ARP, M_N };
static const char *const mode_names[M_N] = {"random", "good", "fuzz", "trunc", "backpressure", "csr", "perf", "arp"};

typedef struct { int code; uint64_t t0; size_t n; uint8_t b[FMAX]; } frm_t;
typedef struct { int we; uint32_t addr, wdata; } csr_op_t;


typedef struct {
  nic_rng_t rng;
  int mode;
  uint64_t seed, cycle;
  comet_rx_in_t in;
  int fails;
  comet_frame_rxcfg_t rxc;      /* reference checker view of MAC/IP/PORT/NODE/BCAST_EN */
  int arp_en;
  uint32_t cnt[NCNT];
  /* ARP replies: one expected at a time (the responder holds one) */
  int arp_pend; uint8_t arp_exp[COMET_MIN_FRAME]; uint8_t arp_rx[FMAX]; size_t arp_rxn;
  int arp_burst;
  int arp_ev; /* ARP counter event of the previous status cycle (the responder registers it) */
  unsigned seen_cls[4], seen_arp_rep, seen_arp_drop, seen_arp_busy, seen_arp_bp, seen_mcast;
  int rst_left;
  uint64_t rst_at;
  /* driver */
  frm_t cur;
  int cur_active;
  size_t cur_off;
  unsigned p_valid, p_ready;
  int phase_left;
  /* expected statuses (frames sent) and deliveries (messages) */
  frm_t *stq; unsigned st_h, st_n;
  frm_t *dq; unsigned d_h, d_n;
  uint8_t rx[FMAX]; size_t rxn; uint64_t rx_t0;
  /* CSR */
  csr_op_t csrq[CSRQ]; unsigned cq_h, cq_n;
  int op_act, op_we; uint32_t op_addr, op_wdata;
  int pend_act, pend_we; uint32_t pend_addr;
  int quiesce;
  unsigned made, target, phase;
  uint64_t idle_since;
  unsigned seen_huge, ok_since_rst;
  unsigned seen[COMET_RX_NCODES], reads_checked, seen_bp, seen_in_bp, seen_bcast;
  uint64_t lat_sum, lat_n, lat_max;
  /* perf */
  int perf_idx; unsigned perf_L, perf_cnt; uint64_t perf_lat, perf_t9, perf_t19;
  nic_pcap_t *pcap;
} st_t;

const char *comet_rx_stim_modes(void) { return "random good fuzz trunc backpressure csr perf arp"; }

static void fail(st_t *s, const char *msg, uint64_t got, uint64_t exp) {
  if (s->fails++ < 20)
    fprintf(stderr, "comet_rx scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)got, (unsigned long long)exp);
}

static uint64_t rnd(st_t *s, uint64_t n) { return nic_rng_below(&s->rng, n); }

static void shadow_reset(st_t *s) {
  s->rxc.mac = 0x020000000001ull; s->rxc.ip = 0x0A000001u; s->rxc.port = 0x4D43;
  s->rxc.node = 0; s->rxc.bcast_en = 1; s->arp_en = 1;
  memset(s->cnt, 0, sizeof(s->cnt));
  s->arp_pend = 0; s->arp_rxn = 0; s->arp_burst = 0; s->arp_ev = 0;
  s->st_n = s->d_n = s->cq_n = 0;
  s->cur_active = 0; s->rxn = 0; s->quiesce = 0; s->ok_since_rst = 0;
}

void *comet_rx_stim_new(uint64_t seed, const char *mode) {
  int m = -1;
  for (int i = 0; i < M_N; i++) if (!strcmp(mode, mode_names[i])) m = i;
  if (m < 0) return NULL;
  st_t *s = calloc(1, sizeof(*s));
  s->stq = calloc(QN, sizeof(frm_t));
  s->dq = calloc(QN, sizeof(frm_t));
  s->mode = m; s->seed = seed;
  nic_rng_seed(&s->rng, seed);
  shadow_reset(s);
  s->p_valid = s->p_ready = 100;
  s->target = m == M_GOOD ? 300 : m == M_FUZZ ? 900 : m == M_TRUNC ? 600 : m == M_BP ? 220 :
              m == M_CSR ? 200 : m == M_ARP ? 500 : 0;
  char pfx[32];
  snprintf(pfx, sizeof pfx, "comet_rx_ok");
  s->pcap = nic_pcap_open_env(pfx, mode, seed);
  return s;
}

void comet_rx_stim_free(void *p) {
  st_t *s = p;
  nic_pcap_close(s->pcap);
  free(s->stq); free(s->dq); free(s);
}

static void csr_push(st_t *s, int we, uint32_t addr, uint32_t wdata) {
  if (s->cq_n >= CSRQ) return;
  s->csrq[(s->cq_h + s->cq_n++) % CSRQ] = (csr_op_t){we, addr, wdata};
}

static const uint32_t all_regs[] = {
  CSR_COMET_RX_ID, CSR_COMET_RX_CTRL, CSR_COMET_RX_STATUS, CSR_COMET_RX_MAC_LO, CSR_COMET_RX_MAC_HI,
  CSR_COMET_RX_IP, CSR_COMET_RX_PORT, CSR_COMET_RX_NODE,
  0x180, 0x184, 0x188, 0x18C, 0x190, 0x194, 0x198, 0x19C, 0x1A0, 0x1A4, 0x1A8, 0x1AC, 0x1B0, 0x1B4, 0x1B8,
  0x1BC, 0x1C0, 0x1C4, 0x1C8, 0x1CC, 0x1D0, 0x1D4, 0x1D8, 0x1E0,
  0x10C, 0x124, 0x17C, 0x1FC, 0x000, 0x040, 0x0FC, 0x200, 0xFFC, 0x580};
#define N_ALL_REGS (sizeof(all_regs) / sizeof(all_regs[0]))

static int cnt_index(uint32_t a) {
  unsigned ci = (a >> 2) & 31;
  return ((a >> 7) & 0x1F) == 3 && ci < NCNT ? (int)ci : -1;
}

static int all_idle(const st_t *s) { return !s->cur_active && !s->st_n && !s->d_n && !s->rxn && !s->arp_pend; }

static int csr_expect(const st_t *s, uint32_t a, uint32_t *v) {
  int ci = cnt_index(a);
  if (ci >= 0) { *v = s->cnt[ci]; return 1; }
  switch (a) {
    case CSR_COMET_RX_ID: *v = 0x434D5258u; return 1;
    case CSR_COMET_RX_CTRL: *v = (uint32_t)s->rxc.bcast_en | (uint32_t)s->arp_en << 1; return 1;
    case CSR_COMET_RX_MAC_LO: *v = (uint32_t)s->rxc.mac; return 1;
    case CSR_COMET_RX_MAC_HI: *v = (uint32_t)(s->rxc.mac >> 32); return 1;
    case CSR_COMET_RX_IP: *v = s->rxc.ip; return 1;
    case CSR_COMET_RX_PORT: *v = s->rxc.port; return 1;
    case CSR_COMET_RX_NODE: *v = s->rxc.node; return 1;
    case CSR_COMET_RX_STATUS: *v = (s->ok_since_rst & 1) * 0xC0u; return all_idle(s);
    default: *v = CSR_UNMAPPED; return 1;
  }
}

static void apply_write(st_t *s, uint32_t a, uint32_t w) {
  switch (a) {
    case CSR_COMET_RX_CTRL: s->rxc.bcast_en = (int)(w & 1); s->arp_en = (int)(w >> 1 & 1); break;
    case CSR_COMET_RX_MAC_LO: s->rxc.mac = (s->rxc.mac & 0xFFFF00000000ull) | w; break;
    case CSR_COMET_RX_MAC_HI: s->rxc.mac = (s->rxc.mac & 0xFFFFFFFFull) | ((uint64_t)(w & 0xFFFF) << 32); break;
    case CSR_COMET_RX_IP: s->rxc.ip = w; break;
    case CSR_COMET_RX_PORT: s->rxc.port = (uint16_t)w; break;
    case CSR_COMET_RX_NODE: s->rxc.node = (uint16_t)w; break;
    default: break;
  }
}

static void read_all(st_t *s) { for (unsigned i = 0; i < N_ALL_REGS; i++) csr_push(s, 0, all_regs[i], 0); }

static void config_change(st_t *s) {
  csr_push(s, 1, CSR_COMET_RX_MAC_LO, (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_RX_MAC_HI, (uint32_t)nic_rng_next(&s->rng) & 0xFEFF);
  csr_push(s, 1, CSR_COMET_RX_IP, (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_RX_PORT, (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_RX_NODE, (uint32_t)rnd(s, 4) ? (uint32_t)rnd(s, 300) : (uint32_t)nic_rng_next(&s->rng));
  csr_push(s, 1, CSR_COMET_RX_CTRL, (rnd(s, 3) != 0) | (uint32_t)(rnd(s, 4) != 0) << 1);
  read_all(s);
}

/* ------------------------------------------------------------------ frame generation */
static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

static size_t good_frame(st_t *s, uint8_t *f, unsigned L) {
  uint8_t msg[8 + COMET_MAX_LEN];
  unsigned node = s->rxc.node;
  msg[0] = (uint8_t)node; msg[1] = (uint8_t)(node >> 8);
  for (int i = 2; i < 6; i++) msg[i] = (uint8_t)rnd(s, 256);
  msg[6] = (uint8_t)L; msg[7] = (uint8_t)(L >> 8);
  for (unsigned i = 0; i < L; i++) msg[8 + i] = (uint8_t)nic_rng_next(&s->rng);
  comet_frame_cfg_t c;
  c.dmac = (s->rxc.bcast_en && rnd(s, 10) == 0) ? 0xFFFFFFFFFFFFull : s->rxc.mac;
  c.smac = nic_rng_next(&s->rng) & 0xFEFFFFFFFFFFull;
  c.sip = (uint32_t)nic_rng_next(&s->rng);
  c.dip = s->rxc.ip;
  c.sport = (uint16_t)rnd(s, 65536);
  c.dport = s->rxc.port;
  c.ipid = (uint16_t)rnd(s, 65536);
  c.csum_en = rnd(s, 5) != 0;
  return comet_frame_build(f, &c, msg, 8 + L);
}

static unsigned pick_len(st_t *s) {
  if (s->mode == M_PERF) return s->perf_L ? s->perf_L : 1;
  unsigned r = (unsigned)rnd(s, 100);
  if (r < 30) return 1 + (unsigned)rnd(s, 24);
  if (r < 80) return 1 + (unsigned)rnd(s, COMET_MAX_LEN);
  return COMET_MAX_LEN - (unsigned)rnd(s, 20);
}

static void fix_all(uint8_t *f, size_t n) {
  comet_frame_fix_ipcsum(f, n);
  if (n > 41 && (f[40] | f[41])) comet_frame_fix_udpcsum(f, n);
  comet_frame_fix_fcs(f, n);
}

/* mutate a good frame; returns the new length */
static size_t mutate(st_t *s, uint8_t *f, size_t n) {
  unsigned kind = (unsigned)rnd(s, s->mode == M_TRUNC ? 4 : 20);
  if (s->mode == M_TRUNC) kind = kind == 0 ? 1 : kind == 1 ? 2 : kind == 2 ? 17 : 18;
  switch (kind) {
    case 0: { /* bit flips anywhere */
      unsigned k = 1 + (unsigned)rnd(s, 3);
      for (unsigned i = 0; i < k; i++) f[rnd(s, n)] ^= (uint8_t)(1u << rnd(s, 8));
      return n;
    }
    case 1: /* truncation, FCS as it falls */
      return 1 + (size_t)rnd(s, n - 1);
    case 2: { /* truncation with a correct FCS */
      size_t m = 5 + (size_t)rnd(s, n - 5);
      comet_frame_fix_fcs(f, m);
      return m;
    }
    case 3: f[rnd(s, 6)] ^= (uint8_t)(1 + rnd(s, 255)); comet_frame_fix_fcs(f, n); return n;  /* MAC */
    case 4: f[12 + rnd(s, 2)] ^= (uint8_t)(1 + rnd(s, 255)); comet_frame_fix_fcs(f, n); return n; /* type */
    case 5: f[14] = rnd(s, 2) ? 0x46 : 0x65; fix_all(f, n); return n;                       /* ver/IHL */
    case 6: f[24 + rnd(s, 2)] ^= (uint8_t)(1 + rnd(s, 255)); comet_frame_fix_fcs(f, n); return n; /* IP csum */
    case 7: f[20] |= rnd(s, 2) ? 0x20 : 0x01; fix_all(f, n); return n;                      /* fragment */
    case 8: f[23] = rnd(s, 2) ? 6 : (uint8_t)rnd(s, 256); fix_all(f, n); return n;          /* proto */
    case 9: f[30 + rnd(s, 4)] ^= (uint8_t)(1 + rnd(s, 255)); fix_all(f, n); return n;       /* dst IP */
    case 10: f[36 + rnd(s, 2)] ^= (uint8_t)(1 + rnd(s, 255)); fix_all(f, n); return n;     /* port */
    case 11: { unsigned u = (unsigned)(f[38] << 8 | f[39]); put16(f + 38, rnd(s, 2) ? u + 1 + (unsigned)rnd(s, 4) : (u > 3 ? u - 1 - (unsigned)rnd(s, 3) : 3));
               comet_frame_fix_ipcsum(f, n); comet_frame_fix_fcs(f, n); return n; }        /* UDP len */
    case 12: if (f[40] | f[41]) f[42 + rnd(s, n - 46)] ^= 0x5A; else f[40] = 0x12;
             comet_frame_fix_fcs(f, n); return n;                                           /* UDP csum */
    case 13: f[48 + rnd(s, 2)] ^= (uint8_t)(1 + rnd(s, 255)); fix_all(f, n); return n;     /* FM len */
    case 14: f[42 + rnd(s, 2)] ^= (uint8_t)(1 + rnd(s, 255)); fix_all(f, n); return n;     /* FM node */
    case 15: { /* trailing bytes: IP length vs frame length */
      size_t m = n + 1 + (size_t)rnd(s, 16);
      for (size_t i = n - 4; i < m - 4; i++) f[i] = (uint8_t)rnd(s, 256);
      comet_frame_fix_fcs(f, m);
      return m;
    }
    case 16: { /* IP total length changed (and UDP length to match) */
      unsigned tl = (unsigned)(f[16] << 8 | f[17]);
      unsigned d = 1 + (unsigned)rnd(s, 8);
      tl = rnd(s, 2) ? tl + d : tl - d;
      put16(f + 16, tl); put16(f + 38, tl - 20);
      fix_all(f, n);
      return n;
    }
    case 17: { /* giant */
      /* > 64 KiB giants (8k+ cycles each) only outside `fuzz` (`trunc` requires them), so that
       * `fuzz` stays well inside the default 100k-cycle run whatever the DUT latency */
      if (rnd(s, 6) == 0) {
        int huge = !rnd(s, 8) && s->mode != M_FUZZ;
        return huge ? 65536 + (size_t)rnd(s, 100) : 2049 + (size_t)rnd(s, 600);
      }
      size_t m = COMET_MAX_FRAME + 1 + (size_t)rnd(s, 300);
      for (size_t i = n - 4; i < m - 4; i++) f[i] = (uint8_t)rnd(s, 256);
      comet_frame_fix_fcs(f, m);
      return m;
    }
    case 18: { /* runt with a correct FCS */
      size_t m = 5 + (size_t)rnd(s, 59);
      comet_frame_fix_fcs(f, m);
      return m;
    }
    default: { /* random bytes */
      size_t m = 1 + (size_t)rnd(s, 1600);
      for (size_t i = 0; i < m; i++) f[i] = (uint8_t)rnd(s, 256);
      if (rnd(s, 2)) comet_frame_fix_fcs(f, m);
      return m;
    }
  }
}

/* a frame a LAN peer sends besides Comet-FM: ARP (requests for the own IP, other IPs,
 * malformed, replies, unpadded), VLAN-tagged, IPv6, IPv4 multicast, ICMP, other EtherTypes */
static size_t lan_frame(st_t *s, uint8_t *f) {
  uint64_t peer = nic_rng_next(&s->rng) & 0xFEFFFFFFFFFFull, bc = 0xFFFFFFFFFFFFull;
  uint32_t pip = (uint32_t)nic_rng_next(&s->rng);
  unsigned kind = (unsigned)rnd(s, s->mode == M_ARP ? 8 : 14);
  if (s->arp_burst > 0) { s->arp_burst--; kind = 0; }
  switch (kind) {
    case 0: case 1: case 2: { /* ARP request for the own IP (broadcast or own MAC) */
      if (rnd(s, 4) == 0) s->arp_burst = 1 + (int)rnd(s, 3);
      uint64_t d = rnd(s, 4) ? bc : s->rxc.mac;
      return comet_frame_arp_build(f, d, peer, 1, peer, pip, rnd(s, 2) ? 0 : bc, s->rxc.ip);
    }
    case 3: /* request for another IP */
      return comet_frame_arp_build(f, bc, peer, 1, peer, pip, 0, s->rxc.ip ^ (1u + (uint32_t)rnd(s, 0xFFFF)));
    case 4: { /* malformed request: one field off */
      size_t n = comet_frame_arp_build(f, bc, peer, 1, peer, pip, 0, s->rxc.ip);
      static const unsigned off[6] = {14, 15, 16, 17, 18, 19};
      unsigned k = (unsigned)rnd(s, 8);
      if (k < 6) f[off[k]] ^= (uint8_t)(1 + rnd(s, 255));
      else f[20 + (k - 6)] ^= (uint8_t)(2 + rnd(s, 254)); /* oper: never 1 again by xor 2.. */
      comet_frame_fix_fcs(f, n);
      return n;
    }
    case 5: /* ARP reply / gratuitous ARP addressed to the own IP */
      return comet_frame_arp_build(f, rnd(s, 2) ? bc : s->rxc.mac, peer, rnd(s, 2) ? 2 : 1, peer,
                                   s->rxc.ip, s->rxc.mac, s->rxc.ip ^ 0x100u);
    case 6: { /* unpadded ARP request (42 bytes + FCS): a runt */
      comet_frame_arp_build(f, bc, peer, 1, peer, pip, 0, s->rxc.ip);
      comet_frame_fix_fcs(f, 46);
      return 46;
    }
    case 7: case 8: { /* VLAN-tagged Comet frame */
      size_t n = good_frame(s, f, 1 + (unsigned)rnd(s, 200));
      memmove(f + 16, f + 12, n - 4 - 12);
      put16(f + 12, rnd(s, 2) ? 0x8100 : 0x88A8);
      put16(f + 14, (unsigned)rnd(s, 4096));
      comet_frame_fix_fcs(f, n + 4);
      return n + 4;
    }
    case 9: { /* IPv6 (neighbour / router solicitation size), to 33:33:.. or the own MAC */
      size_t n = 64 + (size_t)rnd(s, 100);
      for (size_t i = 0; i < n; i++) f[i] = (uint8_t)rnd(s, 256);
      uint64_t d = rnd(s, 2) ? (0x333300000000ull | (nic_rng_next(&s->rng) & 0xFFFFFFFFu)) : s->rxc.mac;
      for (int i = 0; i < 6; i++) f[i] = (uint8_t)(d >> (40 - 8 * i));
      put16(f + 12, 0x86DD);
      f[14] = 0x60;
      comet_frame_fix_fcs(f, n);
      return n;
    }
    case 10: { /* IPv4 multicast (01:00:5e:..) */
      size_t n = good_frame(s, f, 1 + (unsigned)rnd(s, 100));
      f[0] = 0x01; f[1] = 0x00; f[2] = 0x5E; f[3] &= 0x7F;
      comet_frame_fix_fcs(f, n);
      return n;
    }
    case 11: { /* ICMP echo to the own IP */
      size_t n = good_frame(s, f, 10 + (unsigned)rnd(s, 100));
      f[23] = 1;
      f[34] = 8; f[35] = 0;
      fix_all(f, n);
      return n;
    }
    default: { /* other EtherTypes (LLDP, IEEE 802.3 length field, ...) */
      static const unsigned et[4] = {0x88CC, 0x0842, 0x002E, 0x8035};
      size_t n = good_frame(s, f, 1 + (unsigned)rnd(s, 100));
      put16(f + 12, rnd(s, 5) ? et[rnd(s, 4)] : (unsigned)rnd(s, 65536));
      comet_frame_fix_fcs(f, n);
      return n;
    }
  }
}

static void make_frame(st_t *s) {
  frm_t *c = &s->cur;
  memset(c->b, 0, sizeof(c->b));
  size_t n;
  unsigned pl = s->mode == M_ARP ? 80 : s->mode == M_FUZZ ? 20 : s->mode == M_RANDOM ? 5 : 0;
  if (s->arp_burst > 0 || nic_rng_pct(&s->rng, pl)) {
    n = lan_frame(s, c->b);
  } else {
    n = good_frame(s, c->b, pick_len(s));
    unsigned pm = s->mode == M_FUZZ || s->mode == M_TRUNC ? 90 : s->mode == M_RANDOM ? 40 :
                  s->mode == M_BP || s->mode == M_CSR ? 25 : 0;
    if (nic_rng_pct(&s->rng, pm)) n = mutate(s, c->b, n);
  }
  c->n = n;
  size_t off, len;
  c->code = comet_frame_check(c->b, n, &s->rxc, &off, &len);
  s->cur_active = 1;
  s->cur_off = 0;
  s->made++;
}


int comet_rx_stim_next(void *p, uint64_t cycle, const comet_rx_out_t *prev, comet_rx_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  in->rst_ni = 1;
  if (cycle < 2) { in->rst_ni = 0; s->rst_at = cycle; }
  if (s->rst_left > 0) { in->rst_ni = 0; s->rst_left--; s->rst_at = cycle; }
  else if (s->mode == M_RANDOM && cycle > 100 && rnd(s, 30000) == 0) {
    in->rst_ni = 0; s->rst_left = (int)rnd(s, 4); s->rst_at = cycle;
  }
  if (s->phase_left-- <= 0) {
    static const unsigned pv[] = {100, 100, 90, 50, 10, 0};
    int bp = s->mode == M_BP || s->mode == M_RANDOM;
    s->p_valid = bp ? pv[rnd(s, 6)] : (s->mode == M_PERF ? 100 : (rnd(s, 3) ? 100 : 80));
    s->p_ready = bp ? pv[rnd(s, 6)] : (s->mode == M_PERF ? 100 : (rnd(s, 3) ? 100 : 60));
    if (bp && rnd(s, 8) == 0) s->p_ready = 0;
    s->phase_left = (int)rnd(s, bp ? 400 : 100);
  }
  in->m_axis_tready = (uint64_t)nic_rng_pct(&s->rng, s->p_ready);
  in->arp_axis_tready = (uint64_t)nic_rng_pct(&s->rng, s->mode == M_ARP ? 50 : s->p_ready);
  int directed = s->mode != M_RANDOM && s->mode != M_PERF;
  if (in->rst_ni && cycle > s->rst_at + 1) {
    if (directed && s->made >= s->target && all_idle(s) && s->cq_n == 0) {
      if (s->phase == 0) { read_all(s); s->phase = 1; }
      else if (!s->idle_since) s->idle_since = cycle;
      else if (cycle > s->idle_since + 20) return 0;
    }
    if ((s->mode == M_RANDOM && rnd(s, 4000) == 0) || (s->mode == M_CSR && rnd(s, 500) == 0) ||
        (s->mode == M_GOOD && s->made == 150 && !s->quiesce && s->phase == 0 && !s->cur_active))
      if (!s->quiesce) s->quiesce = 1;
    if (s->quiesce == 1 && all_idle(s) && s->cq_n == 0) {
      config_change(s);
      if (s->mode == M_GOOD) { s->phase = 2; }
      s->quiesce = 2;
    }
    if (s->quiesce == 2 && s->cq_n == 0) s->quiesce = 0;
    unsigned pr = s->mode == M_CSR ? 60 : s->mode == M_RANDOM ? 4 : 1;
    if (s->cq_n == 0 && nic_rng_pct(&s->rng, pr)) {
      uint32_t a = rnd(s, 4) ? all_regs[rnd(s, N_ALL_REGS)] : (uint32_t)rnd(s, 0x1000) & ~3u;
      csr_push(s, 0, a, 0);
      if (s->mode == M_CSR && rnd(s, 8) == 0) csr_push(s, 1, 0x180 + 4 * (uint32_t)rnd(s, NCNT + 1), 0);
    }
  }
  s->op_act = 0;
  if (in->rst_ni && s->cq_n && (s->mode == M_CSR || rnd(s, 4) != 0)) {
    csr_op_t o = s->csrq[s->cq_h];
    s->cq_h = (s->cq_h + 1) % CSRQ; s->cq_n--;
    in->csr_req_i = 1; in->csr_we_i = (uint64_t)o.we; in->csr_addr_i = o.addr; in->csr_wdata_i = o.wdata;
    s->op_act = 1; s->op_we = o.we; s->op_addr = o.addr;
    s->op_wdata = o.wdata;
  }
  if (!in->csr_req_i) { in->csr_addr_i = rnd(s, 0x1000); in->csr_wdata_i = (uint32_t)nic_rng_next(&s->rng); in->csr_we_i = rnd(s, 2); }
  /* perf sweep */
  int gate = 0;
  if (s->mode == M_PERF && in->rst_ni && cycle > 4) {
    static const unsigned Ls[8] = {1, 10, 78, 206, 462, 974, 1200, 1464};
    s->perf_L = Ls[s->perf_idx];
    if (s->made >= 20u * (unsigned)(s->perf_idx + 1)) {
      gate = 1;
      if (all_idle(s)) {
        unsigned F = (50 + s->perf_L < 60 ? 60 : 50 + s->perf_L) + 4;
        double per = (double)(s->perf_t19 - s->perf_t9) / 10.0;
        printf("comet_rx perf: frame=%4u B msg=%4u B  latency (frame last beat -> first message beat, idle) = %llu "
               "cycles  period=%.1f cycles/frame  %.3f frame B/cycle\n", F, 8 + s->perf_L,
               (unsigned long long)s->perf_lat, per, (double)F / per);
        s->perf_idx++;
        s->perf_cnt = 0;
        if (s->perf_idx == 8) return 0;
      }
    }
  }
  if (in->rst_ni && cycle > s->rst_at + 1 && !s->cur_active && !s->quiesce && !gate &&
      (!directed || s->made < s->target))
    make_frame(s);
  in->s_axis_tdata = nic_rng_next(&s->rng);
  if (s->cur_active) {
    nic_axis_beat(s->cur.b, FMAX, s->cur.n, s->cur_off, 5, 1,
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

int comet_rx_stim_check(void *p, const comet_rx_out_t *o) {
  st_t *s = p;
  int before = s->fails;
  if (!o) {
    if (s->mode != M_RANDOM && s->mode != M_PERF) {
      if (!all_idle(s)) fail(s, "directed: frames/messages left over", s->st_n + s->d_n, 0);
      if (s->mode == M_GOOD && (s->seen[0] < 250 || s->seen_bcast == 0)) fail(s, "good: accepted / broadcast", s->seen[0], 250);
      if (s->mode == M_FUZZ) {
        for (int c = 1; c < COMET_RX_NCODES; c++)
          if (!s->seen[c]) { fail(s, "fuzz: drop reason never seen", (uint64_t)c, 1); }
        for (int c = 0; c < 4; c++)
          if (!s->seen_cls[c]) fail(s, "fuzz: EtherType class never seen", (uint64_t)c, 1);
        if (!s->seen_mcast) fail(s, "fuzz: no multicast MAC drop", 0, 1);
      }
      if ((s->mode == M_FUZZ || s->mode == M_ARP) && (!s->seen_arp_rep || !s->seen_arp_drop))
        fail(s, "arp: replies / drops seen", s->seen_arp_rep * 1000ull + s->seen_arp_drop, 1);
      if (s->mode == M_ARP && (s->seen_arp_rep < 50 || !s->seen_arp_busy || !s->seen_arp_bp))
        fail(s, "arp: replies, busy drops, reply back-pressure", s->seen_arp_rep * 1000000ull +
             s->seen_arp_busy * 1000ull + s->seen_arp_bp, 1);
      if (s->mode == M_TRUNC && !s->seen_huge) fail(s, "trunc: no frame past the slot size", 0, 1);
      if (s->mode == M_TRUNC && (!s->seen[COMET_RX_RUNT] || !s->seen[COMET_RX_GIANT] || !s->seen[COMET_RX_TRUNC]))
        fail(s, "trunc: runt/giant/trunc seen", s->seen[2] * 1000000ull + s->seen[3] * 1000 + s->seen[4], 1);
      if (s->mode == M_BP && (s->seen_bp < 100 || s->seen_in_bp < 10)) fail(s, "backpressure: stalls", s->seen_bp, 100);
      if (s->mode == M_CSR && s->reads_checked < 500) fail(s, "csr: reads checked", s->reads_checked, 500);
    }
    if (getenv("COMET_STATS")) {
      fprintf(stderr, "comet_rx stats: made=%u reads=%u codes:", s->made, s->reads_checked);
      for (int c = 0; c < COMET_RX_NCODES; c++) fprintf(stderr, " %u", s->seen[c]);
      fprintf(stderr, " classes: %u %u %u %u arp: reply %u drop %u busy %u", s->seen_cls[0], s->seen_cls[1],
              s->seen_cls[2], s->seen_cls[3], s->seen_arp_rep, s->seen_arp_drop, s->seen_arp_busy);
      fprintf(stderr, " avg_latency=%.2f max=%llu\n", s->lat_n ? (double)s->lat_sum / (double)s->lat_n : 0.0,
              (unsigned long long)s->lat_max);
    }
    return s->fails;
  }
  const comet_rx_in_t *in = &s->in;
  if (!in->rst_ni) {
    uint64_t ra = s->rst_at; int rl = s->rst_left;
    shadow_reset(s);
    s->rst_at = ra; s->rst_left = rl;
    s->op_act = s->pend_act = 0;
    return 0;
  }
  if (s->pend_act) {
    if (o->csr_ack_o != 1) fail(s, "csr_ack_o missing", o->csr_ack_o, 1);
    if (s->pend_we && o->csr_rdata_o != 0) fail(s, "csr_rdata_o after a write", o->csr_rdata_o, 0);
    /* a read returns the register values of its ack cycle (comet_rx_csr): the expectation is
     * taken now, from the shadow state after the request cycle's events and writes */
    uint32_t exp = 0;
    if (!s->pend_we && csr_expect(s, s->pend_addr, &exp)) {
      s->reads_checked++;
      if (o->csr_rdata_o != exp) {
        char b[64];
        snprintf(b, sizeof b, "csr read 0x%03x", s->pend_addr);
        fail(s, b, o->csr_rdata_o, exp);
      }
    }
  } else if (o->csr_ack_o || o->csr_rdata_o) {
    fail(s, "csr_ack_o/csr_rdata_o without a request", o->csr_ack_o << 32 | o->csr_rdata_o, 0);
  }
  s->pend_act = s->op_act; s->pend_we = s->op_we; s->pend_addr = s->op_addr;
  /* input */
  if (s->cur_active && in->s_axis_tvalid && !o->s_axis_tready) s->seen_in_bp++;
  if (in->s_axis_tvalid && o->s_axis_tready) {
    if (!s->cur_active) fail(s, "beat accepted with no frame driven", 0, 1);
    else {
      s->cur_off += 8;
      if (s->cur_off >= s->cur.n) {
        s->cur_active = 0;
        if (s->cur.n > 2048) s->seen_huge++;
        if (s->st_n >= QN) fail(s, "status queue overflow", s->st_n, QN);
        else { s->cur.t0 = s->cycle; s->stq[(s->st_h + s->st_n++) % QN] = s->cur; }
      }
    }
  }
  /* status */
  if (s->arp_ev) { s->cnt[s->arp_ev]++; s->arp_ev = 0; }
  if (o->rx_status_valid_o) {
    if (!s->st_n) fail(s, "status with no frame outstanding", o->rx_status_code_o, 0);
    else {
      frm_t *f = &s->stq[s->st_h];
      if (o->rx_status_code_o != (uint64_t)f->code) fail(s, "rx_status_code_o", o->rx_status_code_o, (uint64_t)f->code);
      else if (f->code == COMET_RX_OK) {
        s->ok_since_rst++;
        if (s->d_n >= QN) fail(s, "delivery queue overflow", s->d_n, QN);
        else {
          frm_t *d = &s->dq[(s->d_h + s->d_n++) % QN];
          size_t ulen = (size_t)(f->b[38] << 8 | f->b[39]);
          d->n = ulen - 8;
          d->t0 = s->cycle; /* FIN cycle */
          memcpy(d->b, f->b + 42, d->n);
          nic_pcap_write(s->pcap, f->b, f->n, s->cycle * 6400ull / 1000ull);
          if (f->b[0] == 0xFF && f->b[1] == 0xFF) s->seen_bcast++;
        }
      }
      if (f->code == COMET_RX_TYPE) {
        int cls = comet_frame_ethclass(f->b);
        s->cnt[CNT_TYPE_CLS + cls]++;
        s->seen_cls[cls]++;
        if (cls == COMET_ETH_ARP && s->arp_en) {
          /* the responder holds one reply until its last beat has been sent (processed below,
           * so a reply finishing in this cycle still counts as pending) */
          uint64_t sha; uint32_t spa;
          if (comet_frame_arp_request(f->b, f->n, s->rxc.ip, &sha, &spa) && !s->arp_pend) {
            comet_frame_arp_build(s->arp_exp, sha, s->rxc.mac, 2, s->rxc.mac, s->rxc.ip, sha, spa);
            s->arp_pend = 1;
            s->arp_ev = CNT_ARP_REPLY;
            s->seen_arp_rep++;
          } else {
            if (s->arp_pend && comet_frame_arp_request(f->b, f->n, s->rxc.ip, &sha, &spa)) s->seen_arp_busy++;
            s->arp_ev = CNT_ARP_DROP;
            s->seen_arp_drop++;
          }
        }
      }
      if (f->code == COMET_RX_MAC && (f->b[0] & 1) && !(f->b[0] == 0xFF && f->b[1] == 0xFF)) s->seen_mcast++;
      s->st_h = (s->st_h + 1) % QN; s->st_n--;
    }
    if (o->rx_status_code_o < COMET_RX_NCODES) { s->seen[o->rx_status_code_o]++; s->cnt[o->rx_status_code_o]++; }
  }
  /* ARP replies */
  if (o->arp_axis_tvalid && !in->arp_axis_tready) s->seen_arp_bp++;
  if (o->arp_axis_tvalid && in->arp_axis_tready) {
    if (o->arp_axis_tkeep != 0xFF) fail(s, "arp_axis_tkeep", o->arp_axis_tkeep, 0xFF);
    for (unsigned i = 0; i < 8; i++)
      if (s->arp_rxn + i < FMAX) s->arp_rx[s->arp_rxn + i] = (uint8_t)(o->arp_axis_tdata >> (8 * i));
    s->arp_rxn += 8;
    if (o->arp_axis_tlast) {
      if (!s->arp_pend) fail(s, "ARP reply with no request answered", s->arp_rxn, 0);
      else if (s->arp_rxn != COMET_MIN_FRAME) fail(s, "ARP reply length", s->arp_rxn, COMET_MIN_FRAME);
      else if (memcmp(s->arp_rx, s->arp_exp, COMET_MIN_FRAME)) {
        size_t i = 0;
        while (s->arp_rx[i] == s->arp_exp[i]) i++;
        fail(s, "ARP reply byte", i, s->arp_exp[i]);
      }
      s->arp_pend = 0;
      s->arp_rxn = 0;
    }
  }
  /* delivered messages */
  if (o->m_axis_tvalid && !in->m_axis_tready) s->seen_bp++;
  if (o->m_axis_tvalid && in->m_axis_tready) {
    unsigned k = (unsigned)o->m_axis_tkeep;
    if (!o->m_axis_tlast && k != 0xFF) fail(s, "partial tkeep before tlast", k, 0xFF);
    if (k == 0 || (k & (k + 1))) fail(s, "tkeep not contiguous from bit 0", k, 0xFF);
    if (s->rxn == 0) s->rx_t0 = s->cycle;
    for (unsigned i = 0; i < 8 && ((k >> i) & 1); i++) {
      if (s->rxn < FMAX) s->rx[s->rxn] = (uint8_t)(o->m_axis_tdata >> (8 * i));
      s->rxn++;
    }
    if (o->m_axis_tlast) {
      if (!s->d_n) fail(s, "message delivered with no frame accepted", s->rxn, 0);
      else {
        frm_t *d = &s->dq[s->d_h];
        if (d->n != s->rxn) fail(s, "message length", s->rxn, d->n);
        else if (memcmp(d->b, s->rx, d->n)) {
          size_t i = 0;
          while (d->b[i] == s->rx[i]) i++;
          fail(s, "message byte", i, d->b[i]);
        }
        uint64_t lat = s->rx_t0 - d->t0;
        s->lat_sum += lat; s->lat_n++;
        if (lat > s->lat_max) s->lat_max = lat;
        if (s->mode == M_PERF) {
          if (s->perf_cnt == 0) s->perf_lat = lat;
          if (s->perf_cnt == 9) s->perf_t9 = s->rx_t0;
          if (s->perf_cnt == 19) s->perf_t19 = s->rx_t0;
          s->perf_cnt++;
        }
        s->d_h = (s->d_h + 1) % QN; s->d_n--;
      }
      s->rxn = 0;
    }
  }
  /* a write acts at the end of its request cycle */
  if (in->csr_req_i && in->csr_we_i) {
    int ci = cnt_index((uint32_t)in->csr_addr_i);
    if (ci >= 0) s->cnt[ci] = 0;
    if (s->op_act) apply_write(s, s->op_addr, s->op_wdata);
  }
  return s->fails != before;
}

typedef struct { comet_rx_t m; } model_t;
void *comet_rx_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  comet_rx_cfg_t cfg = {0};
  if (!m || comet_rx_init(&m->m, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void comet_rx_model_eval(const void *p, const comet_rx_in_t *in, comet_rx_out_t *out) {
  comet_rx_eval(&((const model_t *)p)->m, in, out);
}
void comet_rx_model_tick(void *p, const comet_rx_in_t *in) { comet_rx_tick(&((model_t *)p)->m, in); }
int comet_rx_model_check(const void *p) {
  const model_t *m = p;
  if (m->m.buf.collisions) {
    fprintf(stderr, "comet_rx model: %llu RAM read/write collisions\n", (unsigned long long)m->m.buf.collisions);
    return 1;
  }
  return 0;
}
void comet_rx_model_free(void *p) {
  model_t *m = p;
  comet_rx_free(&m->m);
  free(m);
}
