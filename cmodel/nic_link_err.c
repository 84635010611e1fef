// SPDX-License-Identifier: Apache-2.0
#include "nic_link_err.h"
#include <string.h>

int nic_link_err_init(nic_link_err_t *m, const nic_link_err_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  uint32_t n = cfg->max_beats;
  if (n < 2 || (n & (n - 1))) return -1;
  m->max_beats = n;
  while ((1u << m->bw) < n) m->bw++;
  /* power-up: arbitrary (the bench resets first) */
  m->st = (uint32_t)(seed & 1);
  m->inpk = (uint32_t)(seed >> 1) & 1;
  for (int i = 0; i < 4; i++) m->r[i] = (uint32_t)(seed >> (8 * i)) | 1u;
  return nic_ram_init(&m->buf, n, 73, 1, seed ^ 0x4c45ull);
}

void nic_link_err_free(nic_link_err_t *m) { nic_ram_free(&m->buf); }

typedef struct {
  int first, drop, cor, dup, flip, acc, rep_pop, pass, we, re;
  uint32_t tgt, bit, idx, ra, st_d, ridx_d;
  uint64_t pdata;
  const uint64_t *rd;
} err_comb_t;

static void comb(const nic_link_err_t *m, const nic_link_err_in_t *in, err_comb_t *c) {
  uint32_t tmask = m->max_beats - 1;
  c->first = !m->inpk;
  c->drop = c->first ? (uint32_t)m->r[0] < (uint32_t)in->cfg_drop_thr_i : (int)m->drop;
  c->cor = c->first ? ((uint32_t)m->r[1] < (uint32_t)in->cfg_corrupt_thr_i && !c->drop) : (int)m->cor;
  c->dup = c->first ? ((uint32_t)m->r[2] < (uint32_t)in->cfg_dup_thr_i && !c->drop) : (int)m->dup;
  c->tgt = c->first ? (m->r[3] & tmask) : m->tgt;
  c->bit = c->first ? (m->r[3] >> 26) : m->bit;
  c->idx = c->first ? 0 : m->idx;
  c->pass = m->st == NIC_LINK_ERR_S_PASS;
  c->acc = c->pass && in->s_axis_tvalid && (c->drop || in->m_axis_tready);
  c->flip = c->cor && (c->idx == c->tgt || in->s_axis_tlast);
  uint32_t lane = c->bit >> 3, bitpos = ((in->s_axis_tkeep >> lane) & 1) ? c->bit : (c->bit & 7);
  c->pdata = in->s_axis_tdata ^ (c->flip ? 1ull << bitpos : 0);
  c->rep_pop = m->st == NIC_LINK_ERR_S_REP && in->m_axis_tready;
  c->rd = nic_ram_rd(&m->buf);
  c->we = c->acc && c->dup && c->idx != m->max_beats;
  c->re = 0;
  c->ra = 0;
  c->ridx_d = m->ridx;
  c->st_d = m->st;
  switch (m->st) {
  case NIC_LINK_ERR_S_PASS:
    if (c->acc && in->s_axis_tlast && c->dup && c->idx != m->max_beats) c->st_d = NIC_LINK_ERR_S_RD;
    break;
  case NIC_LINK_ERR_S_RD:
    c->re = 1;
    c->ridx_d = 0;
    c->st_d = NIC_LINK_ERR_S_REP;
    break;
  case NIC_LINK_ERR_S_REP:
    if (c->rep_pop) {
      if ((c->rd[1] >> 8) & 1) c->st_d = NIC_LINK_ERR_S_PASS;
      else {
        c->re = 1;
        c->ra = (m->ridx + 1) & tmask;
        c->ridx_d = c->ra;
      }
    }
    break;
  default:
    c->st_d = NIC_LINK_ERR_S_PASS;
    break;
  }
}

static void outputs(const nic_link_err_t *m, const nic_link_err_in_t *in, const err_comb_t *c,
                    nic_link_err_out_t *out) {
  out->s_axis_tready = (uint64_t)(c->pass && (c->drop || in->m_axis_tready));
  out->m_axis_tvalid = (uint64_t)(c->pass ? (in->s_axis_tvalid && !c->drop) : m->st == NIC_LINK_ERR_S_REP);
  out->m_axis_tdata = c->pass ? c->pdata : c->rd[0];
  out->m_axis_tkeep = c->pass ? (in->s_axis_tkeep & 0xFF) : (c->rd[1] & 0xFF);
  out->m_axis_tlast = c->pass ? (in->s_axis_tlast & 1) : ((c->rd[1] >> 8) & 1);
  out->cnt_drop_o = m->cdrop;
  out->cnt_corrupt_o = m->ccor;
  out->cnt_dup_o = m->cdup;
  out->cnt_pkts_o = m->cpkts;
}

static void update(nic_link_err_t *m, const nic_link_err_in_t *in, const err_comb_t *c) {
  uint64_t wd[NIC_RAM_MAXW] = {c->pdata, (in->s_axis_tkeep & 0xFF) | ((in->s_axis_tlast & 1) << 8), 0, 0};
  nic_ram_tick(&m->buf, c->we, c->idx & (m->max_beats - 1), wd, 1, c->re, c->ra);
  if (!in->rst_ni) {
    uint32_t s = (uint32_t)in->cfg_seed_i ? (uint32_t)in->cfg_seed_i : NIC_LINK_ERR_SEED0;
    for (int i = 0; i < 4; i++) m->r[i] = s = nic_link_err_xs32(s);
    m->st = NIC_LINK_ERR_S_PASS;
    m->inpk = m->drop = m->cor = m->dup = m->tgt = m->bit = m->idx = m->ridx = 0;
    m->cdrop = m->ccor = m->cdup = m->cpkts = 0;
    return;
  }
  if (c->acc && c->first) {
    uint32_t s = m->r[3];
    for (int i = 0; i < 4; i++) m->r[i] = s = nic_link_err_xs32(s);
  }
  m->cpkts += (uint32_t)(c->acc && c->first);
  m->cdrop += (uint32_t)(c->acc && c->first && c->drop);
  m->ccor += (uint32_t)(c->acc && c->flip);
  m->cdup += (uint32_t)(m->st == NIC_LINK_ERR_S_PASS && c->st_d == NIC_LINK_ERR_S_RD);
  if (c->acc) {
    m->inpk = !in->s_axis_tlast;
    m->drop = (uint32_t)c->drop;
    m->cor = (uint32_t)(c->cor && !c->flip);
    m->dup = (uint32_t)c->dup;
    m->tgt = c->tgt;
    m->bit = c->bit;
    m->idx = c->idx + (c->idx != m->max_beats);
  }
  m->st = c->st_d;
  m->ridx = c->ridx_d;
}

void nic_link_err_eval(const nic_link_err_t *m, const nic_link_err_in_t *in, nic_link_err_out_t *out) {
  err_comb_t c;
  comb(m, in, &c);
  outputs(m, in, &c, out);
}

void nic_link_err_tick(nic_link_err_t *m, const nic_link_err_in_t *in) {
  err_comb_t c;
  comb(m, in, &c);
  update(m, in, &c);
}

void nic_link_err_step(nic_link_err_t *m, const nic_link_err_in_t *in, nic_link_err_out_t *out) {
  err_comb_t c;
  comb(m, in, &c);
  outputs(m, in, &c, out);
  update(m, in, &c);
}
