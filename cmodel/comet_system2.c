// SPDX-License-Identifier: Apache-2.0
#include "comet_system2.h"
#include <string.h>

const comet_system2_cfg_t COMET_SYSTEM2_DEFAULT = {4, 256};

int comet_system2_init(comet_system2_t *m, const comet_system2_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->cfg = *cfg;
  comet_engine_cfg_t ec = COMET_ENGINE_DEFAULT;
  ec.nt_depth = cfg->nt_depth;
  nic_link_cfg_t lc = {cfg->link_latency};
  for (int i = 0; i < 2; i++) {
    if (comet_engine_init(&m->eng[i], &ec, seed + 101u * (uint64_t)i)) return -1;
    if (nic_link_init(&m->link[i], &lc, seed + 202u + (uint64_t)i)) return -1;
  }
  return 0;
}

void comet_system2_free(comet_system2_t *m) {
  for (int i = 0; i < 2; i++) {
    comet_engine_free(&m->eng[i]);
    nic_link_free(&m->link[i]);
  }
}

uint64_t comet_system2_collisions(const comet_system2_t *m) {
  return comet_engine_collisions(&m->eng[0]) + comet_engine_collisions(&m->eng[1]) +
         m->link[0].fifo.ram.collisions + m->link[1].fifo.ram.collisions;
}

typedef struct {
  comet_engine_in_t ei[2];
  comet_engine_out_t eo[2];
  nic_link_in_t li[2];
  nic_link_out_t lo[2];
  int stall[2]; /* stall of the link output into node n */
} sys_comb_t;

#define HIN(n, f) ((n) ? in->f##_b_i : in->f##_a_i)

static void comb(const comet_system2_t *m, const comet_system2_in_t *in, sys_comb_t *c) {
  memset(c, 0, sizeof(*c));
  for (int n = 0; n < 2; n++) {
    comet_engine_in_t *e = &c->ei[n];
    e->rst_ni = in->rst_ni;
    e->csr_req_i = HIN(n, csr_req);
    e->csr_we_i = HIN(n, csr_we);
    e->csr_addr_i = HIN(n, csr_addr);
    e->csr_wdata_i = HIN(n, csr_wdata);
    e->dma_req_ready_i = HIN(n, dma_req_ready);
    e->dma_rsp_valid_i = HIN(n, dma_rsp_valid);
    e->dma_rsp_rdata_i = HIN(n, dma_rsp_rdata);
    c->stall[n] = (int)(HIN(n, link_stall) & 1);
    c->li[n].rst_ni = in->rst_ni;
  }
  sys_comb_t prev;
  memset(&prev, 0xff, sizeof(prev));
  for (int it = 0; it < 8; it++) {
    for (int n = 0; n < 2; n++) { /* link 1-n carries the other node's frames into node n */
      const nic_link_out_t *from = &c->lo[1 - n];
      c->ei[n].m_axis_tready = c->lo[n].s_axis_tready;
      c->ei[n].s_axis_tdata = from->m_axis_tdata;
      c->ei[n].s_axis_tkeep = from->m_axis_tkeep;
      c->ei[n].s_axis_tvalid = from->m_axis_tvalid && !c->stall[n];
      c->ei[n].s_axis_tlast = from->m_axis_tlast;
      comet_engine_eval(&m->eng[n], &c->ei[n], &c->eo[n]);
    }
    for (int n = 0; n < 2; n++) { /* link n: node n -> node 1-n */
      c->li[n].s_axis_tdata = c->eo[n].m_axis_tdata;
      c->li[n].s_axis_tkeep = c->eo[n].m_axis_tkeep;
      c->li[n].s_axis_tvalid = c->eo[n].m_axis_tvalid;
      c->li[n].s_axis_tlast = c->eo[n].m_axis_tlast;
      c->li[n].m_axis_tready = c->eo[1 - n].s_axis_tready && !c->stall[1 - n];
      nic_link_eval(&m->link[n], &c->li[n], &c->lo[n]);
    }
    if (it && !memcmp(prev.eo, c->eo, sizeof(c->eo)) && !memcmp(prev.lo, c->lo, sizeof(c->lo))) break;
    memcpy(prev.eo, c->eo, sizeof(c->eo));
    memcpy(prev.lo, c->lo, sizeof(c->lo));
  }
}

#define HOUT(n, f) (*((n) ? &out->f##_b_o : &out->f##_a_o))
#define HCOPY(n, f) HOUT(n, f) = e->f##_o

void comet_system2_eval(const comet_system2_t *m, const comet_system2_in_t *in, comet_system2_out_t *out) {
  sys_comb_t c;
  comb(m, in, &c);
  for (int n = 0; n < 2; n++) {
    const comet_engine_out_t *e = &c.eo[n];
    HCOPY(n, csr_ack);
    HCOPY(n, csr_rdata);
    HCOPY(n, dma_req_valid);
    HCOPY(n, dma_req_we);
    HCOPY(n, dma_req_addr);
    HCOPY(n, dma_req_wdata);
    HCOPY(n, dma_req_wstrb);
    HCOPY(n, irq);
    HCOPY(n, dbg_via_state);
    HCOPY(n, dbg_via_flags);
    HCOPY(n, dbg_via_vi);
    HCOPY(n, dbg_via_inflight);
    HCOPY(n, dbg_via_acc);
    HCOPY(n, dbg_via_db_level);
    HCOPY(n, dbg_tx_state);
    HCOPY(n, dbg_tx_crc);
    HCOPY(n, dbg_tx_psum);
    HCOPY(n, dbg_tx_status);
    HCOPY(n, dbg_rx_state);
    HCOPY(n, dbg_rx_crc);
    HCOPY(n, dbg_rx_usum);
    HCOPY(n, dbg_rx_status);
    HCOPY(n, dbg_v2t);
    HCOPY(n, dbg_v2t_tdata);
    HCOPY(n, dbg_r2v);
    HCOPY(n, dbg_r2v_tdata);
    HCOPY(n, dbg_eng);
  }
  /* link n input = node n's m_axis; link n output into node 1-n */
#define LINK_OUT(L, n)                                                                          \
  out->link_##L##_tvalid_o = c.eo[n].m_axis_tvalid;                                             \
  out->link_##L##_tready_o = c.lo[n].s_axis_tready;                                             \
  out->link_##L##_tdata_o = c.eo[n].m_axis_tdata;                                               \
  out->link_##L##_tkeep_o = c.eo[n].m_axis_tkeep;                                               \
  out->link_##L##_tlast_o = c.eo[n].m_axis_tlast;                                               \
  out->link_##L##_out_o = (c.lo[n].m_axis_tlast & c.lo[n].m_axis_tvalid & 1) << 2 | (c.li[n].m_axis_tready & 1) << 1 |   \
                          (uint64_t)(c.lo[n].m_axis_tvalid && !c.stall[1 - n]);                 \
  out->dbg_link_##L##_o = (c.lo[n].dbg_count_o & 0xFF) << 8 | (c.lo[n].dbg_mature_o & 0xFF);
  LINK_OUT(ab, 0)
  LINK_OUT(ba, 1)
}

void comet_system2_tick(comet_system2_t *m, const comet_system2_in_t *in) {
  sys_comb_t c;
  comb(m, in, &c);
  for (int n = 0; n < 2; n++) {
    comet_engine_tick(&m->eng[n], &c.ei[n]);
    nic_link_tick(&m->link[n], &c.li[n]);
  }
}
