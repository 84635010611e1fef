// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/nic_switch.v: see cmodel/nic_switch.h. comb() computes every combinational
 * signal of the RTL in the RTL's dependency order (inputs' stage and route decisions, output
 * muxes and handshakes, pops and connection ends, arbiter, reads, CSR decode); eval copies the
 * outputs, tick applies the register and RAM updates. */
#include "nic_switch.h"
#include <stdlib.h>
#include <string.h>
#include "nic_pkg.h"

int nic_switch_init(nic_switch_t *m, const nic_switch_cfg_t *c, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (c->radix < 4 || c->radix > NSW_MAXR || c->iters < 1 || c->iters > 4) return -1;
  m->radix = c->radix;
  m->lft_depth = c->lft_depth;
  m->mft_depth = c->mft_depth;
  m->buf_beats = c->buf_beats;
  m->iters = c->iters;
  m->nq = c->radix + 1;
  while ((1u << m->aw) < c->buf_beats) m->aw++;
  m->rmask = c->radix == 32 ? 0xFFFFFFFFu : (1u << c->radix) - 1;
  m->init = 1;
  int e = 0;
  for (uint32_t i = 0; i < m->radix; i++) {
    nsw_in_t *p = &m->in[i];
    e |= nic_ram_init(&p->lft, m->lft_depth, 6, 1, seed ^ (0x1000u + i));
    e |= nic_ram_init(&p->mft, m->mft_depth, m->radix, 1, seed ^ (0x2000u + i));
    e |= nic_ram_init(&p->buf, m->buf_beats, 73 + m->aw, 1, seed ^ (0x3000u + i));
    e |= nic_ram_init(&p->fl, m->buf_beats, m->aw, 1, seed ^ (0x6000u + i));
    e |= nic_ram_init(&p->nl, m->buf_beats, 1, 1, seed ^ (0x7000u + i));
  }
  e |= nic_ram_init(&m->lft, m->lft_depth, 6, 1, seed ^ 0x4000u);
  e |= nic_ram_init(&m->mft, m->mft_depth, m->radix, 1, seed ^ 0x5000u);
  return e ? -1 : 0;
}

void nic_switch_free(nic_switch_t *m) {
  for (uint32_t i = 0; i < m->radix; i++) {
    nic_ram_free(&m->in[i].lft);
    nic_ram_free(&m->in[i].mft);
    nic_ram_free(&m->in[i].buf);
    nic_ram_free(&m->in[i].fl);
    nic_ram_free(&m->in[i].nl);
  }
  nic_ram_free(&m->lft);
  nic_ram_free(&m->mft);
}

uint64_t nic_switch_collisions(const nic_switch_t *m) {
  uint64_t n = m->lft.collisions + m->mft.collisions;
  for (uint32_t i = 0; i < m->radix; i++)
    n += m->in[i].lft.collisions + m->in[i].mft.collisions + m->in[i].buf.collisions +
         m->in[i].fl.collisions + m->in[i].nl.collisions;
  return n;
}

/* {eth_bad (bit 16), key}: AOTF dst_node, or the Ethernet destination MAC rule */
static uint32_t route_key(uint64_t d, int eth) {
  if (!eth) return (uint32_t)(d & 0xFFFF);
  if ((d & 0xFFFFFFFFFFFFull) == 0xFFFFFFFFFFFFull) return 0xC000;
  if (d & 2) return (uint32_t)(((d >> 32) & 0xFF) << 8 | ((d >> 40) & 0xFF));
  return 0x10000;
}

/* CRC-32 register (reflected 0xEDB88320) after the first n bytes of d, byte 0 first: the RTL's
 * G (c = 0, 8 bytes) and F_n (d = 0, n zero bytes) of the linear CRC step */
static uint32_t crc_bytes(uint32_t c, uint64_t d, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    c ^= (uint32_t)(d >> (8 * i)) & 0xFF;
    for (int b = 0; b < 8; b++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return c;
}
#define NSW_CRC_RES 0xDEBB20E3u /* CRC register after a message and its stored CRC-32 */

/* the clock edge of input i's CRC check pipeline (rtl/nic_switch_in.v); acc, crc_en and in_pkt
 * are this cycle's values */
static void crc_tick(nsw_in_t *p, const nic_switch_sig_in_t *in, uint32_t i, int acc, int crc_en) {
  /* every register from the old state; the data registers load only with their valid bit (the
   * RTL's load every cycle, read only when valid) */
  int rst = !in->rst_ni;
  int ce_pkt_d = acc && !p->in_pkt ? crc_en : p->ce_pkt;
  int ca_v_d = acc && (p->in_pkt ? p->ce_pkt : crc_en);
  int cerr_d = p->cc_v && ((p->cc_h ^ p->cc_g) != NSW_CRC_RES);
  int cc_v_d = p->cb_v && p->cb_last;
  if (cc_v_d) {
    uint32_t base = p->cb_first ? 0xFFFFFFFFu : p->crc, n = p->cb_first ? 8 : p->cn;
    p->cc_h = crc_bytes(base, 0, n);
    p->cc_g = p->cb_g;
  }
  if (p->cb_v && !p->cb_last && !rst) {
    p->crc = (p->cb_first ? crc_bytes(0xFFFFFFFFu, 0, 8) : crc_bytes(p->crc, 0, 8)) ^ p->cb_g;
    p->cn = p->cb_n;
  }
  if (p->ca_v) {
    uint64_t md = 0;
    for (int l = 0; l < 8; l++)
      if ((p->ca_keep >> l) & 1) md |= p->ca_data & (0xFFull << (8 * l));
    p->cb_g = crc_bytes(0, md, 8);
    p->cb_n = p->ca_n;
    p->cb_first = p->ca_first;
    p->cb_last = p->ca_last;
  }
  int cb_v_d = p->ca_v;
  if (ca_v_d) {
    p->ca_data = in->s_tdata[i];
    p->ca_keep = in->s_tkeep[i] & 0xFF;
    p->ca_n = (uint32_t)__builtin_popcount(p->ca_keep);
    p->ca_first = !p->in_pkt;
    p->ca_last = in->s_tlast[i];
  }
  if (rst) {
    p->ce_pkt = p->ca_v = p->cb_v = p->cc_v = p->cerr = 0;
    p->crc = 0xFFFFFFFFu;
    p->cn = 8;
    return;
  }
  p->ce_pkt = ce_pkt_d;
  p->ca_v = ca_v_d;
  p->cb_v = cb_v_d;
  p->cc_v = cc_v_d;
  p->cerr = cerr_d;
}

/* round robin: the first set bit of v at or after bit p, wrapping; -1 if none */
static int rr_pick(uint32_t v, uint32_t p) {
  if (!v) return -1;
  uint32_t hi = p >= 32 ? 0 : v & ~((1u << p) - 1u);
  return __builtin_ctz(hi ? hi : v);
}

typedef struct {
  /* inputs */
  uint32_t why[NSW_MAXR], wq[NSW_MAXR], wa[NSW_MAXR], mmask[NSW_MAXR], kin[NSW_MAXR];
  int drop[NSW_MAXR], wr[NSW_MAXR], st_done[NSW_MAXR], tready[NSW_MAXR], acc[NSW_MAXR];
  int lk_re[NSW_MAXR], mf_push[NSW_MAXR], mf_pop[NSW_MAXR];
  int pop[NSW_MAXR], ending[NSW_MAXR], rd[NSW_MAXR], ifree[NSW_MAXR];
  uint32_t rq[NSW_MAXR], ra[NSW_MAXR], hs[NSW_MAXR], nxt[NSW_MAXR];
  /* slot allocation */
  uint32_t alloc[NSW_MAXR], fra[NSW_MAXR];
  int nl_we[NSW_MAXR], nlok_d[NSW_MAXR], nlbyp_d[NSW_MAXR];
  uint64_t lastw_d[NSW_MAXR];
  int fpush[NSW_MAXR], fpop[NSW_MAXR], fre[NSW_MAXR];
  /* outputs */
  int tvalid[NSW_MAXR];
  uint32_t src[NSW_MAXR], out_free;
  /* arbiter */
  int gnt[NSW_MAXR];
  uint32_t gnt_q[NSW_MAXR], gnt_mask[NSW_MAXR], gptr_d[NSW_MAXR], aptr_d[NSW_MAXR];
  uint32_t mv_d, mo_d[NSW_MAXR];
  int mc_res_d;
  uint32_t mc_in_d, mc_rr_d, mc_mask_d;
  /* CSR */
  int tbl_busy, lre, mre, ack_d, twl_d, twm_d;
  uint32_t crcm_d, csel_d;
  uint32_t la, sel_d, rdata_d, eth_d, blk_d, idx_d, blkwr_d, grp_d, twa_d, twld_d, twmd_d;
  int lft_we, mft_we;
  uint32_t tw_addr, lft_wdata, mft_wdata;
} comb_t;

static void comb(const nic_switch_t *m, const nic_switch_sig_in_t *in, comb_t *c) {
  const uint32_t R = m->radix, NQ = m->nq, B = m->buf_beats;
  memset(c, 0, sizeof(*c));
  c->tbl_busy = m->init || m->twl || m->twm;
  /* input ports: stage decision, write, accept */
  for (uint32_t i = 0; i < R; i++) {
    const nsw_in_t *p = &m->in[i];
    int eth = (m->eth >> i) & 1;
    c->kin[i] = route_key(in->s_tdata[i], eth);
    uint32_t kst = route_key(p->st_data, eth);
    uint32_t lrd = (uint32_t)nic_ram_rd64(&p->lft) & 0x3F;
    uint32_t mrd = (uint32_t)nic_ram_rd64(&p->mft) & m->rmask;
    c->mmask[i] = mrd & ~(1u << i) & m->rmask;
    uint32_t why = 0, wq = p->rt_q;
    int drop = p->rt_drop;
    if (p->st_first) {
      uint32_t qs = 1; /* the port field truncated to QW bits, as the RTL's wq */
      while (qs < NQ) qs <<= 1;
      wq = (lrd & 31) & (qs - 1);
      if (p->st_last) why = 4;
      else if (kst & 0x10000) why = 1;
      else if ((kst & 0xC000) == 0xC000) {
        wq = R;
        if ((kst & 0x3FF) >= m->mft_depth) why = 2;
        else if (!c->mmask[i]) why = 8;
      } else if (kst >= m->lft_depth) why = 2;
      else if (!(lrd & 0x20)) why = 1;
      else if ((lrd & 31) >= R) why = 2;
      drop = why != 0;
    }
    int space = (p->fr != B || p->fv) && !(p->st_first && wq == R && p->mf_n == 4);
    c->why[i] = why;
    c->wq[i] = wq;
    c->drop[i] = drop;
    c->st_done[i] = p->st_v && (drop || space);
    c->wr[i] = p->st_v && !drop && space;
    c->mf_push[i] = c->wr[i] && p->st_first && wq == R;
    c->wa[i] = wq < NQ ? p->tail[wq] : 0;
    c->tready[i] = in->rst_ni && (!p->st_v || c->st_done[i]) && !(c->tbl_busy && !p->in_pkt);
    c->acc[i] = c->tready[i] && in->s_tvalid[i];
    c->lk_re[i] = c->acc[i] && !p->in_pkt;
  }
  /* outputs: connected input, offered beat, handshakes */
  c->out_free = 0;
  uint32_t busy = 0;
  for (uint32_t i = 0; i < R; i++) /* connections cover disjoint output sets */
    if (m->in[i].conn_act)
      for (uint32_t v = m->in[i].conn_mask & m->rmask; v; v &= v - 1) {
        uint32_t o = (uint32_t)__builtin_ctz(v);
        busy |= 1u << o;
        c->src[o] = i;
      }
  for (uint32_t o = 0; o < R; o++) {
    uint32_t s = c->src[o];
    const nsw_in_t *p = &m->in[s];
    c->tvalid[o] = in->rst_ni && ((busy >> o) & 1) && p->rv && !((p->taken >> o) & 1);
    if (c->tvalid[o] && in->m_tready[o]) c->hs[s] |= 1u << o;
  }
  /* pops, connection ends */
  for (uint32_t i = 0; i < R; i++) {
    const nsw_in_t *p = &m->in[i];
    int last = (int)((nic_ram_rd(&p->buf)[1] >> 8) & 1);
    c->pop[i] = p->conn_act && p->rv && (((p->taken | c->hs[i]) & p->conn_mask) == p->conn_mask);
    c->ending[i] = c->pop[i] && last;
    c->ifree[i] = !p->conn_act || c->ending[i];
  }
  c->out_free = m->rmask;
  for (uint32_t i = 0; i < R; i++)
    if (m->in[i].conn_act && !c->ending[i]) c->out_free &= ~m->in[i].conn_mask;
  /* arbiter: apply the registered match, compute the next one from registers */
  uint32_t in_free = 0, in_soon = 0, out_soon = m->rmask, rdy = 0;
  for (uint32_t i = 0; i < R; i++) {
    const nsw_in_t *p = &m->in[i];
    in_free |= (uint32_t)c->ifree[i] << i;
    int last = (int)((nic_ram_rd(&p->buf)[1] >> 8) & 1);
    /* the connection can end in this or the next cycle (rtl/nic_switch_in.v soon) */
    int only_last = p->cnt[p->conn_q] == 1 && ((p->lastw >> p->conn_q) & 1);
    int nl = p->nlok ? (int)(nic_ram_rd64(&p->nl) & 1) : (p->nlbyp || only_last);
    int soon = !p->conn_act || (p->rv ? (last || nl) : only_last);
    in_soon |= (uint32_t)soon << i;
    if (p->conn_act && !soon) out_soon &= ~p->conn_mask;
  }
  for (uint32_t o = 0; o < R; o++) rdy |= (uint32_t)(in->m_tready[o] & 1) << o;
  c->mc_res_d = m->mc_res;
  c->mc_in_d = m->mc_in;
  c->mc_mask_d = m->mc_mask;
  c->mc_rr_d = m->mc_rr;
  int mc_go = m->mc_res && (m->mc_mask & ~c->out_free & m->rmask) == 0 && ((in_free >> m->mc_in) & 1);
  uint32_t mc_in_bit = m->mc_res ? 1u << m->mc_in : 0, mc_out = m->mc_res ? m->mc_mask : 0;
  uint32_t mout = 0;
  for (uint32_t v = m->mv; v; v &= v - 1) {
    uint32_t i = (uint32_t)__builtin_ctz(v), ob = 1u << m->mo[i];
    mout |= ob;
    if (((in_free & ~mc_in_bit) >> i & 1) && (ob & m->in[i].nonempty & c->out_free & rdy & ~mc_out)) {
      c->gnt[i] = 1;
      c->gnt_q[i] = m->mo[i];
      c->gnt_mask[i] = ob;
    }
  }
  uint32_t in_ok = in_soon & ~m->mv & ~mc_in_bit;
  uint32_t avail[NSW_MAXR]; /* requests: queues with a beat for a connection next cycle */
  for (uint32_t v = in_ok; v; v &= v - 1) {
    uint32_t i = (uint32_t)__builtin_ctz(v);
    const nsw_in_t *p = &m->in[i];
    uint32_t av = p->nonempty; /* the connected queue needs a second beat unless its last beat was read */
    if (p->conn_act && p->conn_q < R && p->cnt[p->conn_q] == 1 && !(p->rv && ((nic_ram_rd(&p->buf)[1] >> 8) & 1)))
      av &= ~(1u << p->conn_q);
    if (p->st_v) { /* the stage's beat: a first beat with a valid LFT entry, or its packet's queue */
      uint32_t lrd = (uint32_t)nic_ram_rd64(&p->lft) & 0x3F;
      if (p->st_first ? (lrd & 0x20) && (lrd & 31) < R : !p->rt_drop && p->rt_q < R)
        av |= 1u << (p->st_first ? (lrd & 31) : p->rt_q);
    }
    avail[i] = av;
  }
  uint32_t out_ok = out_soon & m->rdy & ~mout & ~mc_out;
  /* iSLIP, m->iters iterations: each one matches among the inputs and outputs left unmatched
   * by the ones before; only the first iteration's matches move the pointers */
  for (uint32_t k = 0; k < R; k++) { c->gptr_d[k] = m->gptr[k]; c->aptr_d[k] = m->aptr[k]; }
  c->mv_d = 0;
  for (uint32_t it = 0; it < m->iters; it++) {
    uint32_t req[NSW_MAXR], gset[NSW_MAXR];
    memset(req, 0, sizeof(req));
    memset(gset, 0, sizeof(gset));
    for (uint32_t v = in_ok; v; v &= v - 1) { /* requests: inputs free soon to outputs free soon they hold beats for */
      uint32_t i = (uint32_t)__builtin_ctz(v);
      for (uint32_t w = avail[i] & out_ok; w; w &= w - 1) req[__builtin_ctz(w)] |= 1u << i;
    }
    for (uint32_t v = out_ok; v; v &= v - 1) { /* grants */
      uint32_t o = (uint32_t)__builtin_ctz(v);
      int g = rr_pick(req[o], m->gptr[o]);
      if (g >= 0) gset[g] |= 1u << o;
    }
    uint32_t in_m = 0, out_m = 0;
    for (uint32_t v = in_ok; v; v &= v - 1) {
      uint32_t i = (uint32_t)__builtin_ctz(v);
      int a = rr_pick(gset[i], m->aptr[i]);
      if (a >= 0) {
        c->mv_d |= 1u << i;
        c->mo_d[i] = (uint32_t)a;
        in_m |= 1u << i;
        out_m |= 1u << a;
        if (it == 0) {
          c->aptr_d[i] = (uint32_t)a == R - 1 ? 0 : (uint32_t)a + 1;
          c->gptr_d[a] = i == R - 1 ? 0 : i + 1;
        }
      }
    }
    in_ok &= ~in_m;
    out_ok &= ~out_m;
  }
  if (mc_go) {
    c->gnt[m->mc_in] = 1;
    c->gnt_q[m->mc_in] = R;
    c->gnt_mask[m->mc_in] = m->mc_mask;
    c->mc_res_d = 0;
  }
  if (!m->mc_res) {
    uint32_t pend = 0;
    for (uint32_t i = 0; i < R; i++) pend |= (uint32_t)(m->in[i].mf_n != 0) << i;
    int k = rr_pick(pend, m->mc_rr);
    if (k >= 0) {
      const nsw_in_t *p = &m->in[k];
      c->mc_res_d = 1;
      c->mc_in_d = (uint32_t)k;
      c->mc_mask_d = p->mf[p->mf_rp];
      c->mc_rr_d = (uint32_t)k == R - 1 ? 0 : (uint32_t)k + 1;
    }
  }
  /* reads */
  for (uint32_t i = 0; i < R; i++) {
    const nsw_in_t *p = &m->in[i];
    int last = (int)((nic_ram_rd(&p->buf)[1] >> 8) & 1);
    c->rd[i] = c->gnt[i] || (p->conn_act && (!p->rv || (c->pop[i] && !last)) && p->cnt[p->conn_q] != 0);
    c->rq[i] = c->gnt[i] ? c->gnt_q[i] : p->conn_q;
    c->nxt[i] = (uint32_t)(nic_ram_rd(&p->buf)[1] >> 9) & (B - 1);
    c->ra[i] = p->lnk && p->lq == c->rq[i] ? c->nxt[i] : p->head[c->rq[i]];
    c->mf_pop[i] = c->gnt[i] && c->gnt_q[i] == R;
    /* slot allocation: the slot read now, else a never-used one, else the free FIFO's head */
    c->alloc[i] = c->rd[i] ? c->ra[i] : p->fr != B ? p->fr : (uint32_t)nic_ram_rd64(&p->fl);
    c->fpop[i] = c->wr[i] && !c->rd[i] && p->fr == B;
    c->fpush[i] = c->rd[i] && !c->wr[i];
    c->fre[i] = (!p->fv && p->fn != 0) || (c->fpop[i] && p->fn > 1);
    c->fra[i] = c->fpop[i] ? (p->frp + 1) & (B - 1) : p->frp;
    /* next-is-last of the read beat (rtl/nic_switch_in.v) */
    uint32_t cw = c->wr[i] ? p->cnt[c->wq[i]] : 0, cr = c->rd[i] ? p->cnt[c->rq[i]] : 0;
    c->nl_we[i] = c->wr[i] && cw != 0 && !(c->rd[i] && c->rq[i] == c->wq[i] && cw == 1);
    c->nlok_d[i] = c->rd[i] ? cr > 1 : p->nlok;
    c->nlbyp_d[i] = c->rd[i] ? (cr == 1 && c->wr[i] && c->wq[i] == c->rq[i] && p->st_last) : p->nlbyp;
    c->lastw_d[i] = c->wr[i] ? (p->lastw & ~(1ull << c->wq[i])) | (uint64_t)(p->st_last & 1) << c->wq[i] : p->lastw;
  }
  /* CSR */
  int wr = in->csr_req && in->csr_we, rd = in->csr_req && !in->csr_we;
  uint32_t bmask = m->lft_depth / 64 - 1;
  c->ack_d = in->csr_req;
  c->crcm_d = m->crcm; c->csel_d = m->csel;
  c->eth_d = m->eth; c->blk_d = m->blk; c->idx_d = m->idx; c->blkwr_d = m->blkwr; c->grp_d = m->grp;
  c->twa_d = m->twa; c->twld_d = m->twld; c->twmd_d = m->twmd;
  c->la = m->blk * 64 + m->idx;
  switch (in->csr_addr) {
  case CSR_NIC_SWITCH_ID: c->rdata_d = NIC_SWITCH_ID_ID_RESET; break;
  case CSR_NIC_SWITCH_STATUS: c->rdata_d = !m->init; break;
  case CSR_NIC_SWITCH_ETH_MODE:
    c->rdata_d = m->eth;
    if (wr) c->eth_d = in->csr_wdata & m->rmask;
    break;
  case CSR_NIC_SWITCH_CRC_CHECK:
    c->rdata_d = m->crcm;
    if (wr) c->crcm_d = in->csr_wdata & m->rmask;
    break;
  case CSR_NIC_SWITCH_LFT_BLOCK:
    c->rdata_d = m->idx << 8 | m->blk;
    if (wr) { c->blk_d = in->csr_wdata & bmask; c->idx_d = 0; }
    break;
  case CSR_NIC_SWITCH_LFT_DATA:
    if (in->csr_req) c->idx_d = (m->idx + 1) & 63;
    if (wr) {
      c->twl_d = 1;
      c->twa_d = c->la;
      c->twld_d = (in->csr_wdata >> 31) << 5 | (in->csr_wdata & 31);
      if (m->idx == 63) c->blkwr_d = m->blkwr + 1;
    }
    if (rd && !m->init) { c->lre = 1; c->sel_d = 1; }
    break;
  case CSR_NIC_SWITCH_LFT_BLOCK_WRITES: c->rdata_d = m->blkwr; break;
  case CSR_NIC_SWITCH_MFT_GROUP:
    c->rdata_d = m->grp;
    if (wr) c->grp_d = in->csr_wdata & (m->mft_depth - 1);
    break;
  case CSR_NIC_SWITCH_MFT_MASK:
    if (wr) { c->twm_d = 1; c->twa_d = m->grp; c->twmd_d = in->csr_wdata & m->rmask; }
    if (rd && !m->init && m->twm) c->rdata_d = m->twmd;
    else if (rd && !m->init) { c->mre = 1; c->sel_d = 2; }
    break;
  case CSR_NIC_SWITCH_DROP_UNKNOWN: c->rdata_d = m->cnt[0]; break;
  case CSR_NIC_SWITCH_DROP_RANGE: c->rdata_d = m->cnt[1]; break;
  case CSR_NIC_SWITCH_DROP_RUNT: c->rdata_d = m->cnt[2]; break;
  case CSR_NIC_SWITCH_DROP_MCAST_EMPTY: c->rdata_d = m->cnt[3]; break;
  case CSR_NIC_SWITCH_CRC_ERR: c->rdata_d = m->crc_err; break;
  case CSR_NIC_SWITCH_CRC_ERR_SEL:
    c->rdata_d = m->csel;
    if (wr) c->csel_d = in->csr_wdata & 31;
    break;
  case CSR_NIC_SWITCH_CRC_ERR_PORT: c->rdata_d = m->csel < R ? m->crc_err_port[m->csel] : 0; break;
  default: c->rdata_d = CSR_UNMAPPED; break;
  }
  if (!rd) c->rdata_d = 0;
  c->lft_we = in->rst_ni && (m->init || m->twl);
  c->mft_we = in->rst_ni && (m->init ? m->ia < m->mft_depth : m->twm);
  c->tw_addr = m->init ? m->ia : m->twa;
  c->lft_wdata = m->init ? 0 : m->twld;
  c->mft_wdata = m->init ? 0 : m->twmd;
}

static void outputs(const nic_switch_t *m, const nic_switch_sig_in_t *in, const comb_t *cp, nic_switch_sig_out_t *out) {
  memset(out, 0, sizeof(*out));
  for (uint32_t o = 0; o < m->radix; o++) {
    const uint64_t *d = nic_ram_rd(&m->in[cp->src[o]].buf);
    out->s_tready[o] = cp->tready[o];
    out->m_tvalid[o] = cp->tvalid[o];
    out->m_tdata[o] = d[0];
    out->m_tkeep[o] = (uint32_t)d[1] & 0xFF;
    out->m_tlast[o] = (int)((d[1] >> 8) & 1);
  }
  int ack = m->ack && in->rst_ni;
  out->csr_ack = ack;
  if (!ack) out->csr_rdata = 0;
  else if (m->sel == 1) {
    uint32_t l = (uint32_t)nic_ram_rd64(&m->lft);
    out->csr_rdata = (l >> 5 & 1) << 31 | (l & 31);
  } else if (m->sel == 2) out->csr_rdata = (uint32_t)nic_ram_rd64(&m->mft);
  else out->csr_rdata = m->rdata;
}

void nic_switch_sig_eval(const nic_switch_t *m, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  comb_t c;
  comb(m, in, &c);
  outputs(m, in, &c, out);
}

/* the clock edge from this cycle's combinational values */
static void update(nic_switch_t *m, const nic_switch_sig_in_t *in, const comb_t *cp) {
  const uint32_t R = m->radix;
  /* RAMs (writes gated by reset like the RTL's write enables) */
  for (uint32_t i = 0; i < R; i++) {
    nsw_in_t *p = &m->in[i];
    uint64_t w[2] = {p->st_data, (uint64_t)(p->st_keep & 0xFF) | (uint64_t)(p->st_last & 1) << 8 |
                                     (uint64_t)cp->alloc[i] << 9};
    nic_ram_tick64(&p->lft, cp->lft_we, cp->tw_addr, cp->lft_wdata, 1, cp->lk_re[i], cp->kin[i] & (m->lft_depth - 1));
    nic_ram_tick64(&p->mft, cp->mft_we, cp->tw_addr & (m->mft_depth - 1), cp->mft_wdata, 1, cp->lk_re[i],
                   cp->kin[i] & (m->mft_depth - 1));
    nic_ram_tick(&p->buf, cp->wr[i] && in->rst_ni, cp->wa[i], w, 1, cp->rd[i], cp->ra[i] & (m->buf_beats - 1));
    nic_ram_tick64(&p->fl, cp->fpush[i] && in->rst_ni, p->fwp, cp->ra[i], 1, cp->fre[i] && in->rst_ni, cp->fra[i]);
    nic_ram_tick64(&p->nl, cp->nl_we[i] && in->rst_ni, cp->wr[i] ? p->ptail[cp->wq[i]] : 0, (uint64_t)(p->st_last & 1), 1,
                   cp->rd[i], cp->ra[i] & (m->buf_beats - 1));
  }
  nic_ram_tick64(&m->lft, cp->lft_we, cp->tw_addr, cp->lft_wdata, 1, cp->lre, cp->la);
  nic_ram_tick64(&m->mft, cp->mft_we, cp->tw_addr & (m->mft_depth - 1), cp->mft_wdata, 1, cp->mre, m->grp);
  /* unreset registers */
  for (uint32_t i = 0; i < R; i++) {
    nsw_in_t *p = &m->in[i];
    if (cp->mf_push[i]) p->mf[p->mf_wp] = cp->mmask[i];
    if (in->rst_ni) { /* the CSR's CRC mismatch counters add this cycle's pulses */
      m->crc_err += (uint32_t)p->cerr;
      m->crc_err_port[i] += (uint32_t)p->cerr;
    }
    if (p->ca_v || p->cb_v || p->cc_v || p->cerr || cp->acc[i] || !in->rst_ni)
      crc_tick(p, in, i, cp->acc[i], (int)((m->crcm >> i) & 1));
    if (in->rst_ni && p->st_v && p->st_first)
      for (uint32_t r = 0; r < 4; r++) m->cnt[r] += (cp->why[i] >> r) & 1;
    if (in->rst_ni && cp->st_done[i] && p->st_first) {
      p->rt_drop = cp->drop[i];
      p->rt_q = cp->wq[i];
    }
    int st_v = cp->st_done[i] ? 0 : p->st_v;
    if (cp->acc[i]) {
      st_v = 1;
      p->st_data = in->s_tdata[i];
      p->st_keep = in->s_tkeep[i] & 0xFF;
      p->st_last = in->s_tlast[i];
      p->st_first = !p->in_pkt;
    }
    p->st_v = st_v;
  }
  if (!in->rst_ni) {
    for (uint32_t i = 0; i < R; i++) {
      nsw_in_t *p = &m->in[i];
      p->st_v = p->in_pkt = p->rt_drop = 0;
      p->rt_q = 0;
      for (uint32_t q = 0; q < m->nq; q++) p->head[q] = p->tail[q] = p->ptail[q] = q;
      p->nlok = p->nlbyp = 0;
      p->lastw = 0;
      m->mo[i] = 0;
      memset(p->cnt, 0, sizeof(p->cnt));
      p->nonempty = 0;
      p->lnk = p->fv = 0;
      p->lq = p->fn = p->fwp = p->frp = 0;
      p->fr = m->nq;
      p->mf_wp = p->mf_rp = p->mf_n = 0;
      p->conn_act = p->rv = 0;
      p->conn_q = p->conn_mask = p->taken = 0;
      m->gptr[i] = m->aptr[i] = 0;
    }
    m->mc_res = 0;
    m->mc_in = m->mc_rr = m->mc_mask = 0;
    m->mv = m->rdy = 0;
    m->ack = m->twl = m->twm = 0;
    m->sel = m->rdata = m->eth = m->blk = m->idx = m->blkwr = m->grp = m->twa = m->twld = m->twmd = 0;
    m->init = 1;
    m->ia = 0;
    memset(m->cnt, 0, sizeof(m->cnt));
    m->crcm = m->csel = m->crc_err = 0;
    memset(m->crc_err_port, 0, sizeof(m->crc_err_port));
    return;
  }
  for (uint32_t i = 0; i < R; i++) {
    nsw_in_t *p = &m->in[i];
    p->in_pkt = cp->acc[i] ? !in->s_tlast[i] : p->in_pkt;
    const uint32_t B = m->buf_beats;
    if (p->lnk) p->head[p->lq] = cp->nxt[i];
    p->lastw = cp->lastw_d[i];
    if (cp->wr[i]) {
      p->ptail[cp->wq[i]] = p->tail[cp->wq[i]];
      p->cnt[cp->wq[i]]++;
      p->tail[cp->wq[i]] = cp->alloc[i];
    }
    if (cp->rd[i]) p->cnt[cp->rq[i]]--;
    for (int k = 0; k < 2; k++) { /* nonempty: the unicast queues with beats (a model shortcut of cnt != 0) */
      uint32_t q = k ? cp->rq[i] : cp->wq[i];
      if (q < R) p->nonempty = p->cnt[q] ? p->nonempty | 1u << q : p->nonempty & ~(1u << q);
    }
    p->lnk = cp->rd[i];
    p->lq = cp->rq[i];
    p->fr += cp->wr[i] && !cp->rd[i] && p->fr != B;
    p->fv = cp->fre[i] ? 1 : cp->fpop[i] ? 0 : p->fv;
    p->frp = (p->frp + (uint32_t)cp->fpop[i]) & (B - 1);
    p->fwp = (p->fwp + (uint32_t)cp->fpush[i]) & (B - 1);
    p->fn = p->fn + (uint32_t)cp->fpush[i] - (uint32_t)cp->fpop[i];
    p->mf_wp = (p->mf_wp + (uint32_t)cp->mf_push[i]) & 3;
    p->mf_rp = (p->mf_rp + (uint32_t)cp->mf_pop[i]) & 3;
    p->mf_n = p->mf_n + (uint32_t)cp->mf_push[i] - (uint32_t)cp->mf_pop[i];
    uint32_t taken = (cp->pop[i] || !p->conn_act) ? 0 : (p->taken | (cp->hs[i] & p->conn_mask));
    p->rv = cp->rd[i] ? 1 : (cp->pop[i] ? 0 : p->rv);
    if (cp->gnt[i]) {
      p->conn_act = 1;
      p->conn_q = cp->gnt_q[i];
      p->conn_mask = cp->gnt_mask[i];
    } else if (cp->ending[i]) p->conn_act = 0;
    p->taken = taken;
    m->gptr[i] = cp->gptr_d[i];
    m->aptr[i] = cp->aptr_d[i];
    m->mo[i] = (cp->mv_d >> i & 1) ? cp->mo_d[i] : 0;
    p->nlok = cp->nlok_d[i];
    p->nlbyp = cp->nlbyp_d[i];
  }
  m->mv = cp->mv_d;
  m->rdy = 0;
  for (uint32_t o = 0; o < R; o++) m->rdy |= (uint32_t)(in->m_tready[o] & 1) << o;
  m->mc_res = cp->mc_res_d;
  m->mc_in = cp->mc_in_d;
  m->mc_mask = cp->mc_mask_d;
  m->mc_rr = cp->mc_rr_d;
  /* CSR */
  m->ack = cp->ack_d;
  m->sel = cp->sel_d;
  m->rdata = cp->rdata_d;
  m->eth = cp->eth_d;
  m->crcm = cp->crcm_d;
  m->csel = cp->csel_d;
  m->blk = cp->blk_d;
  m->idx = cp->idx_d;
  m->blkwr = cp->blkwr_d;
  m->grp = cp->grp_d;
  m->twl = cp->twl_d;
  m->twm = cp->twm_d;
  m->twa = cp->twa_d;
  m->twld = cp->twld_d;
  m->twmd = cp->twmd_d;
  m->init = m->init && m->ia != m->lft_depth - 1;
  m->ia = (m->ia + 1) & (m->lft_depth - 1);
}

void nic_switch_sig_tick(nic_switch_t *m, const nic_switch_sig_in_t *in) {
  comb_t c;
  comb(m, in, &c);
  update(m, in, &c);
}

void nic_switch_sig_step(nic_switch_t *m, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  comb_t c;
  comb(m, in, &c);
  outputs(m, in, &c, out);
  update(m, in, &c);
}

int nic_switch_sig_diff(const nic_switch_sig_out_t *a, const nic_switch_sig_out_t *b, unsigned radix,
                        nic_switch_sig_diff_t *d) {
#define DIFF(nm, p, va, vb)                          \
  do {                                               \
    *d = (nic_switch_sig_diff_t){nm, p, (uint64_t)(va), (uint64_t)(vb)}; \
    return 1;                                        \
  } while (0)
  for (unsigned p = 0; p < radix; p++) {
    if (a->s_tready[p] != b->s_tready[p]) DIFF("s_axis_tready", p, a->s_tready[p], b->s_tready[p]);
    if (a->m_tvalid[p] != b->m_tvalid[p]) DIFF("m_axis_tvalid", p, a->m_tvalid[p], b->m_tvalid[p]);
    if (!b->m_tvalid[p]) continue;
    if (a->m_tdata[p] != b->m_tdata[p]) DIFF("m_axis_tdata", p, a->m_tdata[p], b->m_tdata[p]);
    if (a->m_tkeep[p] != b->m_tkeep[p]) DIFF("m_axis_tkeep", p, a->m_tkeep[p], b->m_tkeep[p]);
    if (a->m_tlast[p] != b->m_tlast[p]) DIFF("m_axis_tlast", p, a->m_tlast[p], b->m_tlast[p]);
  }
  if (a->csr_ack != b->csr_ack) DIFF("csr_ack_o", radix - 1, a->csr_ack, b->csr_ack);
  if (b->csr_ack && a->csr_rdata != b->csr_rdata) DIFF("csr_rdata_o", radix - 1, a->csr_rdata, b->csr_rdata);
#undef DIFF
  return 0;
}

/* lockstep ports of rtl/nic_switch_ls4.v (RADIX = 4) */
static void map_in(const nic_switch_in_t *in, nic_switch_sig_in_t *s) {
  memset(s, 0, sizeof(*s));
  s->rst_ni = (int)in->rst_ni;
#define NSW_MAP_IN(k)                                      \
  s->s_tdata[k] = in->s##k##_tdata;                        \
  s->s_tkeep[k] = (uint32_t)in->s##k##_tkeep & 0xFF;       \
  s->s_tvalid[k] = (int)(in->s##k##_tvalid & 1);           \
  s->s_tlast[k] = (int)(in->s##k##_tlast & 1);             \
  s->m_tready[k] = (int)(in->m##k##_tready & 1);
  NSW_MAP_IN(0) NSW_MAP_IN(1) NSW_MAP_IN(2) NSW_MAP_IN(3)
#undef NSW_MAP_IN
  s->csr_req = (int)(in->csr_req_i & 1);
  s->csr_we = (int)(in->csr_we_i & 1);
  s->csr_addr = (uint32_t)in->csr_addr_i & 0xFFF;
  s->csr_wdata = (uint32_t)in->csr_wdata_i;
}

void nic_switch_eval(const nic_switch_t *m, const nic_switch_in_t *in, nic_switch_out_t *out) {
  nic_switch_sig_in_t si;
  nic_switch_sig_out_t so;
  map_in(in, &si);
  nic_switch_sig_eval(m, &si, &so);
#define NSW_MAP_OUT(k)                       \
  out->s##k##_tready = (uint64_t)so.s_tready[k]; \
  out->m##k##_tdata = so.m_tdata[k];         \
  out->m##k##_tkeep = so.m_tkeep[k];         \
  out->m##k##_tvalid = (uint64_t)so.m_tvalid[k]; \
  out->m##k##_tlast = (uint64_t)so.m_tlast[k];
  NSW_MAP_OUT(0) NSW_MAP_OUT(1) NSW_MAP_OUT(2) NSW_MAP_OUT(3)
#undef NSW_MAP_OUT
  out->csr_ack_o = (uint64_t)so.csr_ack;
  out->csr_rdata_o = so.csr_rdata;
}

void nic_switch_tick(nic_switch_t *m, const nic_switch_in_t *in) {
  nic_switch_sig_in_t si;
  map_in(in, &si);
  nic_switch_sig_tick(m, &si);
}
