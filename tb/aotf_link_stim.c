// SPDX-License-Identifier: Apache-2.0
/* Lockstep stimulus + scoreboard for aotf_link (parameters: tb/duts/aotf_link.mk).
 * One link layer talks to itself: m_axis goes through a lossy channel modelled here (latency,
 * back-pressure, per-packet drop / corrupt one bit / duplicate) back into s_axis, and the node
 * id is the destination of every packet, so the instance is both sender and receiver of the
 * data and of the acknowledgements.
 * Scoreboard: packets delivered on m_rx (tuser 0 on tlast) against the packets sent on s_tx:
 *  - pass (CTRL off, lossless): every packet, unchanged, in order;
 *  - crc (LINK_CRC only, drops + corruption): the delivered packets are an ordered subsequence
 *    of the sent ones, each unchanged (a corrupted packet is never delivered);
 *  - rel0 / rel_1e3 / rel_1e2 (LINK_CRC + REL, loss per packet 0, 1e-3, 1e-2 of each of drop,
 *    corrupt, duplicate): every packet exactly once, in order, unchanged; the retransmit buffer
 *    drains at the end.
 * Modes `bench_*` print figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aotf_link.h"
#include "nic_lockstep.h"
#include "nic_pkg.h"
#include "nic_rng.h"
#include "ls_params.h"

LS_DECLARE_STIM(aotf_link)

#define NODE 5u
#define CHCAP 8192
#define PKCAP (1u << 16)
#define MAXB 16

typedef struct { uint64_t d; uint32_t k, l; uint64_t t; } cbeat_t;
typedef struct { uint64_t d[MAXB]; uint32_t k[MAXB]; uint32_t n; uint64_t t_sent; } pkt_t;

typedef struct {
  nic_rng_t rng;
  int crc, rel, lossy;
  uint32_t p_drop, p_corr, p_dup; /* per 2^32 */
  aotf_link_in_t in;
  uint64_t cycle, gen_end, max_cycles;
  int drained; /* the run ended with every packet delivered (not cut short by the runner) */
  /* sent packets (s_tx) */
  pkt_t *sent;
  uint32_t nsent, tx_beat, gen_ok;
  /* channel */
  cbeat_t ch[CHCAP];
  uint32_t chh, chn;
  uint64_t dup_buf_d[MAXB]; uint32_t dup_buf_k[MAXB], dup_n;
  uint32_t c_idx, c_drop, c_corr, c_dup, c_ck;
  uint64_t n_drop, n_corr, n_dup;
  /* receive */
  pkt_t cur;
  uint32_t ndel, nrx_rej;
  uint64_t lat_sum;
  int fails;
  uint32_t p_tx, p_mrdy, p_rxrdy, phase;
} st_t;

const char *aotf_link_stim_modes(void) { return "pass crc rel0 rel_1e3 rel_1e2 random"; }

void *aotf_link_stim_new(uint64_t seed, const char *mode) {
  st_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  s->sent = calloc(PKCAP, sizeof(pkt_t));
  if (!s->sent) { free(s); return NULL; }
  nic_rng_seed(&s->rng, seed);
  s->gen_end = 40000;
  s->max_cycles = 400000;
  double p = 0;
  if (!strcmp(mode, "pass")) { }
  else if (!strcmp(mode, "crc")) { s->crc = 1; p = 1e-2; s->lossy = 1; }
  else if (!strcmp(mode, "rel0")) { s->crc = s->rel = 1; }
  else if (!strcmp(mode, "rel_1e3")) { s->crc = s->rel = 1; p = 1e-3; s->lossy = 1; }
  else if (!strcmp(mode, "rel_1e2") || !strcmp(mode, "random")) { s->crc = s->rel = 1; p = 1e-2; s->lossy = 1; }
  else { free(s->sent); free(s); return NULL; }
  s->p_drop = s->p_corr = (uint32_t)(p * 4294967296.0);
  s->p_dup = s->rel ? s->p_drop : 0;
  return s;
}

void aotf_link_stim_free(void *p) {
  st_t *s = p;
  free(s->sent);
  free(s);
}

static void fail(st_t *s, const char *msg, uint64_t a, uint64_t b) {
  if (s->fails++ < 10)
    fprintf(stderr, "aotf_link scoreboard: cycle %llu: %s (got 0x%llx, expected 0x%llx)\n",
            (unsigned long long)s->cycle, msg, (unsigned long long)a, (unsigned long long)b);
}

/* a new random packet to NODE: header word (ptype AOTF / BOTF) + 0..7 more beats */
static void gen_pkt(st_t *s, pkt_t *p) {
  uint32_t n = 1 + nic_rng_below(&s->rng, 8);
  for (uint32_t i = 0; i < n; i++) { p->d[i] = nic_rng_next(&s->rng); p->k[i] = 0xff; }
  uint64_t ptype = 1 + nic_rng_below(&s->rng, 2);
  p->d[0] = (p->d[0] & ~0xFF00000000ull & ~0xFFFFFFFFull) | (ptype << 32) | (NODE << 16) | NODE;
  if (n > 1) p->k[n - 1] = (1u << (1 + nic_rng_below(&s->rng, 8))) - 1;
  p->n = n;
}

static uint32_t rnd32(st_t *s) { return (uint32_t)nic_rng_next(&s->rng); }

int aotf_link_stim_next(void *p, uint64_t cycle, const aotf_link_out_t *prev, aotf_link_in_t *in) {
  st_t *s = p;
  (void)prev;
  s->cycle = cycle;
  if (cycle >= s->max_cycles) return 0;
  if (cycle > s->gen_end && s->ndel == s->nsent && s->chn == 0 && prev && prev->dbg_occ_o == 0 &&
      cycle > s->gen_end + 2000) {
    s->drained = 1;
    return 0;
  }
  memset(in, 0, sizeof(*in));
  in->rst_ni = cycle >= 3;
  in->crc_en_i = (uint64_t)s->crc;
  in->rel_en_i = (uint64_t)s->rel;
  in->node_id_i = NODE;
  if (s->phase-- == 0) {
    static const uint32_t pv[] = {30, 70, 100, 100};
    s->p_tx = pv[nic_rng_below(&s->rng, 4)];
    s->p_mrdy = pv[nic_rng_below(&s->rng, 4)];
    s->p_rxrdy = pv[nic_rng_below(&s->rng, 4)];
    s->phase = nic_rng_below(&s->rng, 2000);
  }
  /* CSR: RTO once, then occasional reads */
  if (cycle == 5) {
    in->csr_req_i = 1; in->csr_we_i = 1; in->csr_addr_i = CSR_AOTF_LINK_RTO; in->csr_wdata_i = 200;
  } else if (cycle > 5 && nic_rng_below(&s->rng, 50) == 0) {
    in->csr_req_i = 1; in->csr_addr_i = 4 * nic_rng_below(&s->rng, 16);
  }
  /* send stream */
  if (cycle < s->gen_end && s->nsent < PKCAP && in->rst_ni) {
    if (!s->gen_ok) { gen_pkt(s, &s->sent[s->nsent]); s->gen_ok = 1; s->tx_beat = 0; }
  }
  if (s->gen_ok) {
    const pkt_t *pk = &s->sent[s->nsent];
    in->s_tx_tvalid = nic_rng_pct(&s->rng, s->p_tx);
    in->s_tx_tdata = pk->d[s->tx_beat];
    in->s_tx_tkeep = pk->k[s->tx_beat];
    in->s_tx_tlast = s->tx_beat + 1 == pk->n;
  } else {
    in->s_tx_tdata = nic_rng_next(&s->rng);
  }
  /* channel -> s_axis (latency 12 cycles) */
  in->m_axis_tready = s->chn + 2 * MAXB < CHCAP && nic_rng_pct(&s->rng, s->p_mrdy);
  if (s->chn && s->ch[s->chh].t + 12 <= cycle) {
    const cbeat_t *b = &s->ch[s->chh];
    in->s_axis_tvalid = 1;
    in->s_axis_tdata = b->d; in->s_axis_tkeep = b->k; in->s_axis_tlast = b->l;
  }
  in->m_rx_tready = nic_rng_pct(&s->rng, s->p_rxrdy);
  s->in = *in;
  return 1;
}

static void ch_push(st_t *s, uint64_t d, uint32_t k, uint32_t l) {
  cbeat_t b = {d, k, l, s->cycle};
  s->ch[(s->chh + s->chn) % CHCAP] = b;
  s->chn++;
}

int aotf_link_stim_check(void *p, const aotf_link_out_t *o) {
  st_t *s = p;
  if (!o) {
    /* a run the runner cuts short (+cycles) may end with packets still in flight */
    if ((s->drained ? s->ndel != s->nsent : s->ndel > s->nsent) && (s->rel || !s->crc))
      fail(s, "packets delivered != sent", s->ndel, s->nsent);
    if (s->ndel == 0) fail(s, "nothing delivered", 0, 1);
    fprintf(stderr, "aotf_link: sent %u delivered %u; channel drops %llu corruptions %llu duplicates %llu\n",
            s->nsent, s->ndel, (unsigned long long)s->n_drop, (unsigned long long)s->n_corr,
            (unsigned long long)s->n_dup);
    return s->fails;
  }
  const aotf_link_in_t *in = &s->in;
  int before = s->fails;
  if (!in->rst_ni) return 0;
  /* send stream */
  if (in->s_tx_tvalid && o->s_tx_tready) {
    pkt_t *pk = &s->sent[s->nsent];
    if (s->tx_beat == 0) pk->t_sent = s->cycle;
    if (++s->tx_beat == pk->n) { s->nsent++; s->gen_ok = 0; }
  }
  /* link out -> channel */
  if (o->m_axis_tvalid && in->m_axis_tready) {
    if (s->c_idx == 0) {
      s->c_drop = s->lossy && rnd32(s) < s->p_drop;
      s->c_corr = s->lossy && rnd32(s) < s->p_corr;
      s->c_dup = s->lossy && rnd32(s) < s->p_dup;
      s->c_ck = nic_rng_below(&s->rng, 3);
      s->dup_n = 0;
    }
    uint64_t d = o->m_axis_tdata;
    uint32_t k = (uint32_t)o->m_axis_tkeep, l = (uint32_t)o->m_axis_tlast;
    if (s->c_corr && (s->c_idx == s->c_ck || (l && s->c_idx < s->c_ck))) {
      uint32_t bit = nic_rng_below(&s->rng, 8 * (k == 0xff ? 8 : 1));
      d ^= 1ull << bit;
      s->c_corr = 0;
      s->n_corr++;
    }
    if (!s->c_drop) ch_push(s, d, k, l);
    if (s->dup_n < MAXB) { s->dup_buf_d[s->dup_n] = d; s->dup_buf_k[s->dup_n] = k; s->dup_n++; }
    s->c_idx++;
    if (l) {
      if (s->c_drop) s->n_drop++;
      if (s->c_dup && !s->c_drop) {
        for (uint32_t i = 0; i < s->dup_n; i++) ch_push(s, s->dup_buf_d[i], s->dup_buf_k[i], i + 1 == s->dup_n);
        s->n_dup++;
      }
      s->c_idx = 0;
    }
  }
  if (in->s_axis_tvalid && o->s_axis_tready) {
    s->chh = (s->chh + 1) % CHCAP;
    s->chn--;
  }
  /* receive path */
  if (o->m_rx_tvalid && in->m_rx_tready) {
    if (s->cur.n < MAXB) { s->cur.d[s->cur.n] = o->m_rx_tdata; s->cur.k[s->cur.n] = (uint32_t)o->m_rx_tkeep; }
    s->cur.n++;
    if (o->m_rx_tlast) {
      if (o->m_rx_tuser) s->nrx_rej++;
      else {
        /* find the packet: the next one (rel, pass) or a later one (crc: losses) */
        uint32_t j = s->ndel, found = 0;
        for (; j < s->nsent; j++) {
          const pkt_t *pk = &s->sent[j];
          int eq = pk->n == s->cur.n;
          for (uint32_t i = 0; eq && i < pk->n; i++) eq = pk->d[i] == s->cur.d[i] && pk->k[i] == s->cur.k[i];
          if (eq) { found = 1; break; }
          if (s->rel || !s->crc) break;
        }
        if (!found) fail(s, "delivered packet is not the next one sent", s->cur.d[0], s->ndel < s->nsent ? s->sent[s->ndel].d[0] : 0);
        else {
          s->lat_sum += s->cycle - s->sent[j].t_sent;
          s->ndel = j + 1;
        }
      }
      s->cur.n = 0;
    }
  }
  return s->fails != before;
}

typedef struct { aotf_link_t l; } model_t;

void *aotf_link_model_new(uint64_t seed) {
  model_t *m = calloc(1, sizeof(*m));
  aotf_link_cfg_t cfg = {LS_PARAM_MAX_NODES, LS_PARAM_BUF_BEATS, LS_PARAM_BUF_PKTS, LS_PARAM_MAX_PKT_BEATS};
  if (!m || aotf_link_init(&m->l, &cfg, seed)) { free(m); return NULL; }
  return m;
}
void aotf_link_model_eval(const void *p, const aotf_link_in_t *in, aotf_link_out_t *out) {
  aotf_link_eval(&((const model_t *)p)->l, in, out);
}
void aotf_link_model_tick(void *p, const aotf_link_in_t *in) { aotf_link_tick(&((model_t *)p)->l, in); }
int aotf_link_model_check(const void *p) {
  const model_t *m = p;
  if (m->l.ram.collisions + m->l.pt.collisions) {
    fprintf(stderr, "aotf_link model: %llu RAM collisions\n",
            (unsigned long long)(m->l.ram.collisions + m->l.pt.collisions));
    return 1;
  }
  return 0;
}
void aotf_link_model_free(void *p) {
  model_t *m = p;
  aotf_link_free(&m->l);
  free(m);
}
