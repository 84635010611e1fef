// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for comet_engine (one node): the transmit merge of comet_tx's
 * frames and comet_rx's ARP replies on m_axis.
 * Modes arp and random (the same scenario): the environment owns the host memory
 * (cmodel/nic_hostmem.c), configures the node over the CSR bus and keeps up to 6 sends (VI 0,
 * one segment, 1..300 payload bytes) posted to node-table entry 0, while frames arrive on
 * s_axis: ARP requests for the own IP (bursts), for other IPs, malformed, Comet-FM frames for the
 * node (dropped by comet_via: no receive posted), VLAN, IPv6. m_axis back-pressure changes in
 * phases. Scoreboards, independent of the models: every m_axis frame is either the next expected
 * Comet frame (comet_frame_build(), byte-exact, IP id +1 per frame) or the expected ARP reply
 * (comet_frame_arp_build(), byte-exact); a reply is expected for a request for the own IP when no
 * earlier reply is still waiting or being sent; comet_rx's status of every injected frame
 * (dbg_rx_status_o) equals comet_frame_check(); at the end RX_ARP_REPLY, RX_ARP_DROP,
 * RX_TYPE_ARP and TX_CNT_FRAMES are read and compared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_engine.h"
#include "comet_frame.h"
#include "nic_axis_beat.h"
#include "nic_hostmem.h"
#include "nic_lockstep.h"
#include "nic_pkg.h"
#include "nic_rng.h"

LS_DECLARE_STIM(comet_engine)

#define MEM_SIZE 0x100000u
#define SLOT 0x800u
#define NSEND 300
#define NINJ 400
#define FMAX 2048
#define QN 64
#define A_COMET(o) (CSR_BASE_COMET + (o))
#define A_VIA(o) (CSR_BASE_COMET_VIA + (o))

static const uint64_t OWN_MAC = 0x02AB00000005ull, PEER_MAC = 0x02AB00000009ull;
static const uint32_t OWN_IP = 0xC0A80105u, PEER_IP = 0xC0A80109u;
static const unsigned OWN_NODE = 5;

typedef struct { int we, chk; uint32_t addr, wdata, exp; const char *what; } op_t;
typedef struct { size_t n; int code; uint8_t b[FMAX]; } frm_t;

typedef struct {
  nic_rng_t rng;
  uint64_t cycle;
  comet_engine_in_t in;
  int fails;
  nic_hostmem_t hm;
  /* CSR master: one request in flight */
  op_t cq[128]; int cqh, cqn, busy; op_t cur_op;
  int state; uint64_t state_t;
  /* transmit: expected Comet frames in order */
  uint32_t posted, seen_tx; uint16_t ipid;
  uint8_t *txmsg[NSEND]; uint32_t txlen[NSEND];
  /* receive: injected frames, statuses */
  frm_t cur; int cur_active; size_t cur_off; uint32_t injected; int burst;
  frm_t *stq; unsigned st_h, st_n;
  /* ARP */
  int arp_pend; uint8_t arp_exp[COMET_MIN_FRAME];
  uint32_t e_reply, e_drop, e_type_arp, seen_busy, seen_merge_wait;
  /* m_axis */
  uint8_t fr[FMAX]; size_t frn; unsigned p_ready; int phase_left;
  comet_frame_rxcfg_t rxc;
} st_t;

/* random: the same scenario (the name the generic test loop runs with several seeds and on the
 * netlist) */
const char *comet_engine_stim_modes(void) { return "arp random"; }

static void fail(st_t *s, const char *msg, uint64_t got, uint64_t exp) {
  if (s->fails++ < 20)
    fprintf(stderr, "comet_engine scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)got, (unsigned long long)exp);
}
static uint64_t rnd(st_t *s, uint64_t n) { return nic_rng_below(&s->rng, n); }
static void csr(st_t *s, int we, uint32_t a, uint32_t v, int chk, uint32_t exp, const char *what) {
  if (s->cqn == 128) { fail(s, "CSR queue overflow", 0, 0); return; }
  s->cq[(s->cqh + s->cqn++) % 128] = (op_t){we, chk, a, v, exp, what};
}

void *comet_engine_stim_new(uint64_t seed, const char *mode) {
  if (strcmp(mode, "arp") && strcmp(mode, "random")) return NULL;
  st_t *s = calloc(1, sizeof(*s));
  s->stq = calloc(QN, sizeof(frm_t));
  nic_rng_seed(&s->rng, seed);
  if (nic_hostmem_init(&s->hm, MEM_SIZE, seed * 7 + 3)) { free(s->stq); free(s); return NULL; }
  nic_hostmem_set(&s->hm, 2, 12, 80);
  s->rxc = (comet_frame_rxcfg_t){OWN_MAC, OWN_IP, 0x4D43, (uint16_t)OWN_NODE, 1};
  s->p_ready = 100;
  return s;
}

void comet_engine_stim_free(void *p) {
  st_t *s = p;
  for (int i = 0; i < NSEND; i++) free(s->txmsg[i]);
  nic_hostmem_free(&s->hm);
  free(s->stq);
  free(s);
}

static void config(st_t *s) {
  csr(s, 1, A_COMET(CSR_COMET_TX_SRC_MAC_LO), (uint32_t)OWN_MAC, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_SRC_MAC_HI), (uint32_t)(OWN_MAC >> 32), 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_SRC_IP), OWN_IP, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_RX_MAC_LO), (uint32_t)OWN_MAC, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_RX_MAC_HI), (uint32_t)(OWN_MAC >> 32), 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_RX_IP), OWN_IP, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_RX_NODE), OWN_NODE, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_NT_IDX), 0, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_NT_VALID), 0, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_NT_IP), PEER_IP, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_NT_MAC_LO), (uint32_t)PEER_MAC, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_NT_MAC_HI), (uint32_t)(PEER_MAC >> 32) | 0x4D43u << 16, 0, 0, NULL);
  csr(s, 1, A_COMET(CSR_COMET_TX_NT_VALID), 1, 0, 0, NULL);
  csr(s, 0, A_COMET(CSR_COMET_RX_CTRL), 0, 1, 3, "RX_CTRL (BCAST_EN, ARP_EN after reset)");
}

/* a send of payload L to node 0 on VI 0: descriptor at the slot base, message at base + 512 */
static void post_send(st_t *s) {
  uint32_t i = s->posted, base = SLOT * (i + 1), L = 1 + (uint32_t)rnd(s, 300), mlen = 8 + L;
  uint8_t *m = malloc(mlen);
  uint64_t hdr = 0 | (uint64_t)OWN_NODE << 16 | (uint64_t)(i & 0x3FFF) << 32 | (uint64_t)L << 48;
  for (int k = 0; k < 8; k++) m[k] = (uint8_t)(hdr >> (8 * k));
  for (uint32_t k = 0; k < L; k++) m[8 + k] = (uint8_t)rnd(s, 256);
  nic_hostmem_wr64(&s->hm, base, nic_rng_next(&s->rng));
  nic_hostmem_wr64(&s->hm, base + 8, (nic_rng_next(&s->rng) & 0xFFFF0000FFFFFFFFull) | 1ull << 32);
  nic_hostmem_wr64(&s->hm, base + 16, nic_rng_next(&s->rng));
  nic_hostmem_wr64(&s->hm, base + 24, mlen);
  nic_hostmem_wr64(&s->hm, base + 32, base + 512);
  nic_hostmem_wr64(&s->hm, base + 40, (uint64_t)mlen << 32);
  for (uint32_t k = 0; k < mlen; k++) nic_hostmem_wr8(&s->hm, base + 512 + k, m[k]);
  s->txmsg[i] = m;
  s->txlen[i] = mlen;
  s->posted++;
  csr(s, 1, A_VIA(CSR_COMET_VIA_DB0 + 4u * 2u), base, 0, 0, NULL);
}

static size_t fm_frame(st_t *s, uint8_t *f) {
  uint8_t msg[8 + 200];
  unsigned L = 1 + (unsigned)rnd(s, 200);
  uint64_t hdr = OWN_NODE | (uint64_t)L << 48;
  for (int k = 0; k < 8; k++) msg[k] = (uint8_t)(hdr >> (8 * k));
  for (unsigned k = 0; k < L; k++) msg[8 + k] = (uint8_t)rnd(s, 256);
  comet_frame_cfg_t c = {OWN_MAC, PEER_MAC, PEER_IP, OWN_IP, 0x4D43, 0x4D43, (uint16_t)rnd(s, 65536), 1};
  return comet_frame_build(f, &c, msg, 8 + L);
}

static void make_frame(st_t *s) {
  frm_t *c = &s->cur;
  uint64_t peer = nic_rng_next(&s->rng) & 0xFEFFFFFFFFFFull, bc = 0xFFFFFFFFFFFFull;
  uint32_t pip = (uint32_t)nic_rng_next(&s->rng);
  unsigned k = s->burst > 0 ? 0 : (unsigned)rnd(s, 10);
  memset(c->b, 0, sizeof(c->b));
  if (s->burst > 0) s->burst--;
  else if (k == 0 && rnd(s, 3) == 0) s->burst = 1 + (int)rnd(s, 3);
  if (k < 5) c->n = comet_frame_arp_build(c->b, rnd(s, 3) ? bc : OWN_MAC, peer, 1, peer, pip, 0, OWN_IP);
  else if (k == 5) c->n = comet_frame_arp_build(c->b, bc, peer, 1, peer, pip, 0, OWN_IP ^ 0x10u);
  else if (k == 6) {
    c->n = comet_frame_arp_build(c->b, bc, peer, 1, peer, pip, 0, OWN_IP);
    c->b[14 + rnd(s, 8)] ^= 0x40;
    comet_frame_fix_fcs(c->b, c->n);
  } else if (k < 9) c->n = fm_frame(s, c->b);
  else {
    c->n = fm_frame(s, c->b);
    c->b[12] = rnd(s, 2) ? 0x86 : 0x81; c->b[13] = c->b[12] == 0x86 ? 0xDD : 0x00;
    comet_frame_fix_fcs(c->b, c->n);
  }
  size_t off, len;
  c->code = comet_frame_check(c->b, c->n, &s->rxc, &off, &len);
  s->cur_active = 1;
  s->cur_off = 0;
  s->injected++;
}

int comet_engine_stim_next(void *p, uint64_t cycle, const comet_engine_out_t *prev, comet_engine_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  memset(in, 0, sizeof(*in));
  in->rst_ni = cycle >= 2;
  /* states: 0 reset + node-table init sweep, 1 config, 2 traffic, 3 drain, 4 counters, 5 done */
  if (s->state == 0 && cycle > 300) { config(s); s->state = 1; }
  if (s->state == 1 && s->cqn == 0 && !s->busy) s->state = 2;
  if (s->state == 2) {
    if (s->posted < NSEND && s->posted - s->seen_tx < 6 && s->cqn < 4 && rnd(s, 20) == 0) post_send(s);
    if (!s->cur_active && s->injected < NINJ && rnd(s, 4) == 0) make_frame(s);
    if (s->posted == NSEND && s->injected == NINJ) { s->state = 3; s->state_t = cycle; }
  }
  if (s->state == 3 && s->seen_tx == NSEND && !s->cur_active && !s->st_n && !s->arp_pend &&
      s->cqn == 0 && !s->busy) {
    csr(s, 0, A_COMET(CSR_COMET_RX_ARP_REPLY), 0, 1, s->e_reply, "RX_ARP_REPLY");
    csr(s, 0, A_COMET(CSR_COMET_RX_ARP_DROP), 0, 1, s->e_drop, "RX_ARP_DROP");
    csr(s, 0, A_COMET(CSR_COMET_RX_TYPE_ARP), 0, 1, s->e_type_arp, "RX_TYPE_ARP");
    csr(s, 0, A_COMET(CSR_COMET_TX_CNT_FRAMES), 0, 1, NSEND, "TX_CNT_FRAMES (Comet frames only)");
    s->state = 4;
  }
  if (s->state == 4 && s->cqn == 0 && !s->busy) { s->state = 5; s->state_t = cycle; }
  if (s->state == 5 && cycle > s->state_t + 10) return 0;
  if (cycle > 400000) { fail(s, "timeout in state", (uint64_t)s->state, 5); return 0; }
  /* CSR master */
  if (in->rst_ni && !s->busy && s->cqn) {
    s->cur_op = s->cq[s->cqh];
    s->cqh = (s->cqh + 1) % 128; s->cqn--;
    s->busy = 1;
    in->csr_req_i = 1; in->csr_we_i = (uint64_t)s->cur_op.we;
    in->csr_addr_i = s->cur_op.addr; in->csr_wdata_i = s->cur_op.wdata;
  }
  /* host memory */
  int rdy = 0, rv = 0;
  uint64_t rd = 0;
  nic_hostmem_drive(&s->hm, cycle, &rdy, &rv, &rd);
  if (!in->rst_ni) nic_hostmem_flush(&s->hm);
  in->dma_req_ready_i = (uint64_t)rdy; in->dma_rsp_valid_i = (uint64_t)rv; in->dma_rsp_rdata_i = rd;
  /* m_axis back-pressure in phases */
  if (s->phase_left-- <= 0) {
    static const unsigned pr[4] = {100, 100, 60, 25};
    s->p_ready = pr[rnd(s, 4)];
    s->phase_left = (int)rnd(s, 300);
  }
  in->m_axis_tready = (uint64_t)nic_rng_pct(&s->rng, s->p_ready);
  /* s_axis */
  in->s_axis_tdata = nic_rng_next(&s->rng);
  if (s->cur_active) {
    nic_axis_beat(s->cur.b, FMAX, s->cur.n, s->cur_off, 5, 1, &in->s_axis_tdata, &in->s_axis_tkeep,
                  &in->s_axis_tlast);
    in->s_axis_tvalid = (uint64_t)nic_rng_pct(&s->rng, 90);
  }
  s->in = *in;
  return 1;
}

static void check_frame(st_t *s) {
  if (s->frn >= 14 && s->fr[12] == 0x08 && s->fr[13] == 0x06) {
    if (!s->arp_pend) fail(s, "ARP reply with no request answered", s->frn, 0);
    else if (s->frn != COMET_MIN_FRAME) fail(s, "ARP reply length", s->frn, COMET_MIN_FRAME);
    else if (memcmp(s->fr, s->arp_exp, COMET_MIN_FRAME)) {
      size_t i = 0;
      while (s->fr[i] == s->arp_exp[i]) i++;
      fail(s, "ARP reply byte", i, s->arp_exp[i]);
    }
    s->arp_pend = 0;
    return;
  }
  if (s->seen_tx >= s->posted) { fail(s, "Comet frame with no send posted", s->frn, 0); return; }
  uint8_t exp[FMAX];
  comet_frame_cfg_t c = {PEER_MAC, OWN_MAC, OWN_IP, PEER_IP, 0x4D43, 0x4D43, s->ipid++, 1};
  size_t n = comet_frame_build(exp, &c, s->txmsg[s->seen_tx], s->txlen[s->seen_tx]);
  if (n != s->frn) fail(s, "Comet frame length", s->frn, n);
  else if (memcmp(exp, s->fr, n)) {
    size_t i = 0;
    while (s->fr[i] == exp[i]) i++;
    fail(s, "Comet frame byte", i, exp[i]);
  }
  s->seen_tx++;
}

int comet_engine_stim_check(void *p, const comet_engine_out_t *o) {
  st_t *s = p;
  int before = s->fails;
  if (!o) {
    if (s->e_reply < 20 || !s->seen_busy || !s->seen_merge_wait)
      fail(s, "arp: replies / busy drops / replies waiting for a frame boundary",
           s->e_reply * 1000000ull + s->seen_busy * 1000ull + s->seen_merge_wait, 1);
    if (getenv("COMET_STATS"))
      fprintf(stderr, "comet_engine stats: frames %u arp reply %u drop %u busy %u waited %u\n", s->seen_tx,
              s->e_reply, s->e_drop, s->seen_busy, s->seen_merge_wait);
    return s->fails;
  }
  const comet_engine_in_t *in = &s->in;
  if (!in->rst_ni) return 0;
  if (o->csr_ack_o && s->busy) {
    if (s->cur_op.chk && o->csr_rdata_o != s->cur_op.exp) fail(s, s->cur_op.what, o->csr_rdata_o, s->cur_op.exp);
    s->busy = 0;
  }
  nic_hostmem_observe(&s->hm, s->cycle, (int)o->dma_req_valid_o, (int)o->dma_req_we_o,
                      (uint32_t)o->dma_req_addr_o, o->dma_req_wdata_o, (uint32_t)o->dma_req_wstrb_o);
  /* injected frames */
  if (in->s_axis_tvalid && o->s_axis_tready && s->cur_active) {
    s->cur_off += 8;
    if (s->cur_off >= s->cur.n) {
      s->cur_active = 0;
      if (s->st_n >= QN) fail(s, "status queue overflow", s->st_n, QN);
      else s->stq[(s->st_h + s->st_n++) % QN] = s->cur;
    }
  }
  /* comet_rx's status of each injected frame, and the ARP decision */
  if (o->dbg_rx_status_o & 16) {
    if (!s->st_n) fail(s, "rx status with no frame outstanding", o->dbg_rx_status_o, 0);
    else {
      frm_t *f = &s->stq[s->st_h];
      if ((o->dbg_rx_status_o & 15) != (uint64_t)f->code) fail(s, "rx status code", o->dbg_rx_status_o & 15, (uint64_t)f->code);
      if (f->code == COMET_RX_TYPE && comet_frame_ethclass(f->b) == COMET_ETH_ARP) {
        uint64_t sha; uint32_t spa;
        s->e_type_arp++;
        int req = comet_frame_arp_request(f->b, f->n, OWN_IP, &sha, &spa);
        if (req && !s->arp_pend) {
          comet_frame_arp_build(s->arp_exp, sha, OWN_MAC, 2, OWN_MAC, OWN_IP, sha, spa);
          s->arp_pend = 1;
          s->e_reply++;
        } else {
          if (req) s->seen_busy++;
          s->e_drop++;
        }
      }
      s->st_h = (s->st_h + 1) % QN; s->st_n--;
    }
  }
  /* a pending reply while a Comet frame is in progress on m_axis waits for its end */
  if (s->arp_pend && s->frn && s->fr[12] == 0x08 && s->fr[13] == 0x00) s->seen_merge_wait++;
  /* m_axis frames */
  if (o->m_axis_tvalid && in->m_axis_tready) {
    unsigned k = (unsigned)o->m_axis_tkeep;
    if (!o->m_axis_tlast && k != 0xFF) fail(s, "m_axis partial tkeep before tlast", k, 0xFF);
    for (unsigned i = 0; i < 8 && ((k >> i) & 1); i++)
      if (s->frn < FMAX) s->fr[s->frn++] = (uint8_t)(o->m_axis_tdata >> (8 * i));
    if (o->m_axis_tlast) { check_frame(s); s->frn = 0; }
  }
  return s->fails != before;
}

typedef struct { comet_engine_t m; } model_t;
void *comet_engine_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  if (!m || comet_engine_init(&m->m, &COMET_ENGINE_DEFAULT, seed)) { free(m); return NULL; }
  return m;
}
void comet_engine_model_eval(const void *p, const comet_engine_in_t *in, comet_engine_out_t *out) {
  comet_engine_eval(&((const model_t *)p)->m, in, out);
}
void comet_engine_model_tick(void *p, const comet_engine_in_t *in) { comet_engine_tick(&((model_t *)p)->m, in); }
int comet_engine_model_check(const void *p) {
  const model_t *m = p;
  uint64_t c = comet_engine_collisions(&m->m);
  if (c) fprintf(stderr, "comet_engine model: %llu RAM read/write collisions\n", (unsigned long long)c);
  return c != 0;
}
void comet_engine_model_free(void *p) {
  model_t *m = p;
  comet_engine_free(&m->m);
  free(m);
}
