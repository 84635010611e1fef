// SPDX-License-Identifier: Apache-2.0
#include "aotf_system2.h"
#include <string.h>

const aotf_system2_cfg_t AOTF_SYSTEM2_DEFAULT = {2048, 131072, 4};

int aotf_system2_init(aotf_system2_t *m, const aotf_system2_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  aotf_node_cfg_t nc = {cfg->fifo_depth, cfg->llcm_bytes, 16};
  nic_link_cfg_t lc = {cfg->link_latency};
  for (int i = 0; i < 2; i++) {
    if (aotf_node_init(&m->node[i], &nc, seed + 101u * (uint64_t)i)) return -1;
    if (nic_link_init(&m->link[i], &lc, seed + 202u + (uint64_t)i)) return -1;
    nic_link_err_cfg_t ec = {64};
    if (nic_link_err_init(&m->err[i], &ec, seed + 303u + (uint64_t)i)) return -1;
  }
  return 0;
}

void aotf_system2_free(aotf_system2_t *m) {
  for (int i = 0; i < 2; i++) {
    aotf_node_free(&m->node[i]);
    nic_link_free(&m->link[i]);
    nic_link_err_free(&m->err[i]);
  }
}

uint64_t aotf_system2_collisions(const aotf_system2_t *m) {
  return aotf_node_collisions(&m->node[0]) + aotf_node_collisions(&m->node[1]) + m->err[0].buf.collisions +
         m->err[1].buf.collisions;
}

typedef struct {
  aotf_node_in_t ni[2];
  aotf_node_out_t no[2];
  nic_link_in_t li[2];
  nic_link_out_t lo[2];
  nic_link_err_in_t ei[2];
  nic_link_err_out_t eo[2];
} sys_comb_t;

#define HOST_IN(c, n, in, f) (c)->ni[n].f##_i = (n) ? (in)->f##_b_i : (in)->f##_a_i

/* the nodes' inputs: host ports from the system inputs, stream ports from the links' outputs.
 * Every output of a link is a register, so the links' outputs (c->lo) come first and one pass
 * settles the cycle. */
static void node_inputs(const aotf_system2_t *m, const aotf_system2_in_t *in, sys_comb_t *c) {
  memset(c, 0, sizeof(*c));
  for (int l = 0; l < 2; l++) {
    nic_link_outputs(&m->link[l], &c->lo[l]);
    /* the error stage's s_axis_tready depends on its registers and the link's ready only */
    c->ei[l].rst_ni = in->rst_ni;
    c->ei[l].m_axis_tready = c->lo[l].s_axis_tready;
    c->ei[l].cfg_seed_i = l ? in->err_seed_ba_i : in->err_seed_ab_i;
    c->ei[l].cfg_drop_thr_i = in->err_drop_thr_i;
    c->ei[l].cfg_corrupt_thr_i = in->err_corrupt_thr_i;
    c->ei[l].cfg_dup_thr_i = in->err_dup_thr_i;
    nic_link_err_eval(&m->err[l], &c->ei[l], &c->eo[l]);
  }
  for (int n = 0; n < 2; n++) {
    c->ni[n].rst_ni = in->rst_ni;
    HOST_IN(c, n, in, st_valid);
    HOST_IN(c, n, in, st_addr);
    HOST_IN(c, n, in, st_data);
    HOST_IN(c, n, in, st_be);
    HOST_IN(c, n, in, hr_valid);
    HOST_IN(c, n, in, hr_addr);
    HOST_IN(c, n, in, csr_req);
    HOST_IN(c, n, in, csr_we);
    HOST_IN(c, n, in, csr_addr);
    HOST_IN(c, n, in, csr_wdata);
    /* link n carries node n's output to node 1-n */
    c->ni[n].m_axis_tready = c->eo[n].s_axis_tready;
    const nic_link_out_t *from = &c->lo[1 - n];
    c->ni[n].s_axis_tdata = from->m_axis_tdata;
    c->ni[n].s_axis_tkeep = from->m_axis_tkeep;
    c->ni[n].s_axis_tvalid = from->m_axis_tvalid;
    c->ni[n].s_axis_tlast = from->m_axis_tlast;
  }
}

/* the links' inputs from the nodes' outputs (c->no) */
static void link_inputs(aotf_system2_t *m, const aotf_system2_in_t *in, sys_comb_t *c) {
  for (int n = 0; n < 2; n++) {
    c->ei[n].s_axis_tdata = c->no[n].m_axis_tdata;
    c->ei[n].s_axis_tkeep = c->no[n].m_axis_tkeep;
    c->ei[n].s_axis_tvalid = c->no[n].m_axis_tvalid;
    c->ei[n].s_axis_tlast = c->no[n].m_axis_tlast;
    nic_link_err_step(&m->err[n], &c->ei[n], &c->eo[n]);
    c->li[n].rst_ni = in->rst_ni;
    c->li[n].s_axis_tdata = c->eo[n].m_axis_tdata;
    c->li[n].s_axis_tkeep = c->eo[n].m_axis_tkeep;
    c->li[n].s_axis_tvalid = c->eo[n].m_axis_tvalid;
    c->li[n].s_axis_tlast = c->eo[n].m_axis_tlast;
    c->li[n].m_axis_tready = c->no[1 - n].s_axis_tready;
  }
}

static void host_outputs(const sys_comb_t *c, aotf_system2_out_t *out) {
#define HOST_OUT(n, f) (n ? &out->f##_b_o : &out->f##_a_o)[0] = c->no[n].f##_o
  for (int n = 0; n < 2; n++) {
    HOST_OUT(n, st_ready);
    HOST_OUT(n, hr_rvalid);
    HOST_OUT(n, hr_rdata);
    HOST_OUT(n, csr_ack);
    HOST_OUT(n, csr_rdata);
    HOST_OUT(n, irq);
  }
#undef HOST_OUT
}

void aotf_system2_eval(const aotf_system2_t *m, const aotf_system2_in_t *in, aotf_system2_out_t *out) {
  sys_comb_t c;
  node_inputs(m, in, &c);
  for (int n = 0; n < 2; n++) aotf_node_eval(&m->node[n], &c.ni[n], &c.no[n]);
  host_outputs(&c, out);
}

void aotf_system2_tick(aotf_system2_t *m, const aotf_system2_in_t *in) {
  aotf_system2_out_t out;
  aotf_system2_step(m, in, &out);
}

void aotf_system2_step(aotf_system2_t *m, const aotf_system2_in_t *in, aotf_system2_out_t *out) {
  sys_comb_t c;
  node_inputs(m, in, &c);
  for (int n = 0; n < 2; n++) aotf_node_step(&m->node[n], &c.ni[n], &c.no[n]);
  link_inputs(m, in, &c);
  for (int l = 0; l < 2; l++) nic_link_tick(&m->link[l], &c.li[l]);
  host_outputs(&c, out);
}
