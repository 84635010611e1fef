// SPDX-License-Identifier: Apache-2.0
#include "nic_link.h"
#include <string.h>

int nic_link_init(nic_link_t *m, const nic_link_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (cfg->latency < 1 || cfg->latency > 64) return -1;
  m->latency = cfg->latency;
  m->fdepth = 1;
  while (m->fdepth < cfg->latency + 2) m->fdepth <<= 1;
  /* power-up: arbitrary (the bench resets first) */
  m->pipe = seed * 0x9E3779B97F4A7C15ull;
  if (m->latency < 64) m->pipe &= (1ull << m->latency) - 1;
  m->mat = (uint32_t)(seed >> 56);
  return nic_fifo_init(&m->fifo, m->fdepth, 73, seed ^ 0x4c494e4bull);
}

void nic_link_free(nic_link_t *m) { nic_fifo_free(&m->fifo); }

typedef struct {
  uint64_t d[NIC_RAM_MAXW];
  nic_fifo_sig_in_t fi;
  nic_fifo_sig_out_t fo;
  int arrive, avail, pop, acc;
} link_comb_t;

static void comb(const nic_link_t *m, const nic_link_in_t *in, link_comb_t *c) {
  c->d[0] = in->s_axis_tdata;
  c->d[1] = (in->s_axis_tkeep & 0xFF) | ((in->s_axis_tlast & 1) << 8);
  c->d[2] = c->d[3] = 0;
  c->arrive = (int)((m->pipe >> (m->latency - 1)) & 1);
  c->avail = m->mat != 0 || c->arrive;
  c->fi.rst_ni = (int)in->rst_ni;
  c->fi.s_valid = (int)in->s_axis_tvalid;
  c->fi.m_ready = c->avail && in->m_axis_tready;
  c->fi.s_data = c->d;
  nic_fifo_eval(&m->fifo, &c->fi, &c->fo);
  c->acc = in->s_axis_tvalid && c->fo.s_ready;
  c->pop = c->avail && in->m_axis_tready;
}

static void outputs(const nic_link_t *m, const link_comb_t *c, nic_link_out_t *out) {
  out->s_axis_tready = (uint64_t)c->fo.s_ready;
  out->m_axis_tvalid = (uint64_t)c->avail;
  out->m_axis_tdata = c->fo.m_data[0];
  out->m_axis_tkeep = c->fo.m_data[1] & 0xFF;
  out->m_axis_tlast = (c->fo.m_data[1] >> 8) & 1;
  out->dbg_count_o = c->fo.count & 0xFF;
  out->dbg_mature_o = m->mat;
}

static void update(nic_link_t *m, const nic_link_in_t *in, const link_comb_t *c) {
  nic_fifo_tick(&m->fifo, &c->fi);
  if (!in->rst_ni) {
    m->pipe = 0;
    m->mat = 0;
    return;
  }
  uint64_t mask = m->latency >= 64 ? ~0ull : (1ull << m->latency) - 1;
  m->pipe = ((m->pipe << 1) | (uint64_t)c->acc) & mask;
  m->mat = (m->mat + (uint32_t)c->arrive - (uint32_t)c->pop) & 0xFF;
}

void nic_link_eval(const nic_link_t *m, const nic_link_in_t *in, nic_link_out_t *out) {
  link_comb_t c;
  comb(m, in, &c);
  outputs(m, &c, out);
}

void nic_link_tick(nic_link_t *m, const nic_link_in_t *in) {
  link_comb_t c;
  comb(m, in, &c);
  update(m, in, &c);
}

void nic_link_step(nic_link_t *m, const nic_link_in_t *in, nic_link_out_t *out) {
  link_comb_t c;
  comb(m, in, &c);
  outputs(m, &c, out);
  update(m, in, &c);
}

void nic_link_outputs(const nic_link_t *m, nic_link_out_t *out) {
  const nic_fifo_t *f = &m->fifo;
  const uint64_t *d = f->byp_sel ? f->byp : nic_ram_rd(&f->ram); /* nic_fifo_eval's m_data */
  out->s_axis_tready = (uint64_t)(f->ram_cnt != f->depth);
  out->m_axis_tvalid = (uint64_t)(m->mat != 0 || ((m->pipe >> (m->latency - 1)) & 1));
  out->m_axis_tdata = d[0];
  out->m_axis_tkeep = d[1] & 0xFF;
  out->m_axis_tlast = (d[1] >> 8) & 1;
  out->dbg_count_o = (f->ram_cnt + (uint32_t)f->out_valid) & 0xFF;
  out->dbg_mature_o = m->mat;
}
