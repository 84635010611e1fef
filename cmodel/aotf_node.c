// SPDX-License-Identifier: Apache-2.0
#include "aotf_node.h"
#include <string.h>
#include "nic_pkg.h"

int aotf_node_init(aotf_node_t *m, const aotf_node_cfg_t *cfg, uint64_t seed) {
  return aotf_node_init_sets(m, cfg, 256, seed);
}

int aotf_node_init_sets(aotf_node_t *m, const aotf_node_cfg_t *cfg, uint32_t htlb_sets, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  aotf_send_cfg_t sc = {8, cfg->fifo_depth, htlb_sets, 4, 1, 1024}; /* CSR_REG = 1 */
  aotf_rx_cfg_t rc = {cfg->llcm_bytes, cfg->pt_entries, 4, 1, 8};
  if (aotf_send_init(&m->send, &sc, seed)) return -1;
  if (aotf_rx_init(&m->rx, &rc, seed ^ 0x5258ull)) return -1;
  aotf_botf_cfg_t bc = {64, 16, 64}; /* rtl BOTF_NWIN, aotf_botf HDRS / QDEPTH defaults */
  if (aotf_botf_init(&m->botf, &bc, seed ^ 0x424f5446ull)) return -1;
  aotf_pkt_arb_init(&m->arb, seed >> 21);
  aotf_link_cfg_t lc = {64, 512, 64, 64}; /* rtl LINK_MAX_NODES, LINK_BUF_BEATS, LINK_BUF_PKTS */
  if (aotf_link_init(&m->link, &lc, seed ^ 0x4c4bull)) return -1;
  nic_axis_slice_init(&m->loopq, seed ^ 0x4c50ull);
  m->loop = (uint32_t)(seed & 1); /* arbitrary until reset */
  m->req = (uint32_t)(seed >> 1) & 0xe; /* arbitrary until reset (payload: don't-care while 0) */
  m->rn_ack = (uint32_t)(seed >> 5) & 1;
  m->rn_rdata = (uint32_t)(seed >> 13);
  return 0;
}

void aotf_node_free(aotf_node_t *m) {
  aotf_send_free(&m->send);
  aotf_rx_free(&m->rx);
  aotf_botf_free(&m->botf);
  aotf_link_free(&m->link);
}

uint64_t aotf_node_collisions(const aotf_node_t *m) {
  return aotf_send_collisions(&m->send) + aotf_llcm_collisions(&m->rx.llcm) + aotf_botf_collisions(&m->botf) +
         m->link.ram.collisions + m->link.pt.collisions;
}

/* sub-block inputs and outputs for this cycle. The loopback couples send and receive through
 * the loopback slice only, whose outputs are registers. aotf_botf's outputs are registers; the
 * packet arbiter's grant depends on aotf_send's tvalid only between packets while BOTF is
 * valid (then aotf_send is evaluated once more to learn it: its tvalid does not depend on its
 * tready); aotf_botf's store valid needs aotf_send's st_ready (a register), so aotf_botf is
 * clocked after aotf_send. */
typedef struct {
  aotf_send_in_t si;
  aotf_send_out_t so;
  aotf_botf_in_t bi;
  aotf_botf_out_t bo;
  int is_botf, ds_ready, gnt_b;
  uint64_t tx_tdata, tx_tkeep, tx_tvalid, tx_tlast; /* arbiter output (rtl tx_*) */
  aotf_rx_in_t ri;
  aotf_rx_out_t ro;
  nic_axis_slice_sig_out_t lo; /* loopback slice outputs (registers only) */
  aotf_link_in_t li;
  aotf_link_out_t ko;
  int lk;                      /* link layer evaluated (on, or not yet idle) */
  uint32_t lk_ack, lk_rdata;   /* the link layer's CSR response registers */
} node_comb_t;

enum { REQ_NODE = 4, REQ_NONE = 8 };

/* the link layer is a combinational pass-through with no state change: off and idle */
static int link_idle(const aotf_node_t *m) {
  const aotf_link_t *k = &m->link;
  return !m->crc && aotf_link_idle(k);
}

/* the block window of a bus request (address bits 15:12, rtl `win`) */
static uint32_t csr_win(const aotf_node_in_t *in) { return (uint32_t)(in->csr_addr_i >> 12) & 0xf; }

/* the sub-blocks' inputs (c->si, c->ri) and the loopback slice's outputs (c->lo) */
static void inputs(const aotf_node_t *m, const aotf_node_in_t *in, node_comb_t *c) {
  memset(&c->si, 0, sizeof(c->si));
  memset(&c->ri, 0, sizeof(c->ri));
  nic_axis_slice_eval(&m->loopq, &c->lo);
  c->si.rst_ni = in->rst_ni;
  aotf_botf_eval(&m->botf, NULL, &c->bo);
  c->is_botf = ((in->st_addr_i >> 28) & 0xf) == c->bo.window_o;
  c->si.st_valid_i = in->st_valid_i && !c->is_botf;
  c->si.st_addr_i = in->st_addr_i;
  c->si.st_data_i = in->st_data_i;
  c->si.st_be_i = in->st_be_i;
  /* send window: the bus (aotf_send registers it, CSR_REG = 1) */
  c->si.csr_req_i = in->csr_req_i && csr_win(in) == (CSR_BASE_AOTF_SEND >> 12);
  c->si.csr_we_i = in->csr_we_i;
  c->si.csr_addr_i = in->csr_addr_i & 0xfff;
  c->si.csr_wdata_i = in->csr_wdata_i;
  c->ds_ready = m->loop ? c->lo.s_ready : (int)in->m_axis_tready;
  memset(&c->bi, 0, sizeof(c->bi));
  c->bi.rst_ni = in->rst_ni;
  c->bi.st_addr_i = in->st_addr_i;
  c->bi.st_data_i = in->st_data_i;
  c->bi.st_be_i = in->st_be_i;
  c->bi.csr_req_i = in->csr_req_i && csr_win(in) == (CSR_BASE_AOTF_BOTF >> 12);
  c->bi.csr_we_i = in->csr_we_i;
  c->bi.csr_addr_i = in->csr_addr_i & 0xfff;
  c->bi.csr_wdata_i = in->csr_wdata_i;
  /* the arbiter's grant; aotf_send's m_axis_tready from it */
  int a_valid = 0;
  if (aotf_pkt_arb_needs_a(&m->arb, (int)c->bo.m_axis_tvalid)) {
    aotf_send_out_t t;
    c->si.m_axis_tready = 0;
    aotf_send_eval(&m->send, &c->si, &t);
    a_valid = (int)t.m_axis_tvalid;
  }
  c->gnt_b = aotf_pkt_arb_gnt_b(&m->arb, a_valid, (int)c->bo.m_axis_tvalid);
  c->si.m_axis_tready = (uint64_t)(!c->gnt_b && c->ds_ready);
  c->ri.rst_ni = in->rst_ni;
  /* rx window: the bus (aotf_rx registers it, CSR_REG = 1) */
  c->ri.csr_req_i = in->csr_req_i && csr_win(in) == (CSR_BASE_AOTF_RX >> 12);
  c->ri.csr_we_i = in->csr_we_i;
  c->ri.csr_addr_i = in->csr_addr_i & 0xfff;
  c->ri.csr_wdata_i = in->csr_wdata_i;
  c->ri.hr_valid_i = in->hr_valid_i;
  c->ri.hr_addr_i = in->hr_addr_i;
  c->ri.s_axis_tdata = m->loop ? c->lo.m_data[0] : in->s_axis_tdata;
  c->ri.s_axis_tkeep = m->loop ? (c->lo.m_data[1] & 0xff) : in->s_axis_tkeep;
  c->ri.s_axis_tvalid = m->loop ? (uint64_t)c->lo.m_valid : in->s_axis_tvalid;
  c->ri.s_axis_tlast = m->loop ? ((c->lo.m_data[1] >> 8) & 1) : in->s_axis_tlast;
  c->ri.s_axis_tuser = 0;
  /* link layer */
  memset(&c->li, 0, sizeof(c->li));
  c->li.rst_ni = in->rst_ni;
  c->li.crc_en_i = m->crc;
  c->li.rel_en_i = m->rel;
  c->li.node_id_i = m->node_id;
  c->li.csr_req_i = m->lk_req;
  c->li.csr_we_i = m->we;
  c->li.csr_addr_i = m->loc;
  c->li.csr_wdata_i = m->wdata;
  c->lk_ack = m->link.ack;
  c->lk_rdata = m->link.rdata;
  c->lk = !link_idle(m);
  if (!c->lk) return; /* pass-through: the paths see the link ports directly (above) */
  /* the send paths' stream outputs do not depend on their m_axis_tready, the receive path's
   * s_axis_tready not on its s_axis inputs: evaluate them, then the link layer between them on
   * the arbiter's output (rtl tx_*) */
  aotf_send_out_t so;
  aotf_rx_out_t ro;
  aotf_send_eval(&m->send, &c->si, &so);
  aotf_rx_eval(&m->rx, &c->ri, &ro);
  c->li.s_tx_tdata = c->gnt_b ? c->bo.m_axis_tdata : so.m_axis_tdata;
  c->li.s_tx_tkeep = c->gnt_b ? c->bo.m_axis_tkeep : so.m_axis_tkeep;
  c->li.s_tx_tvalid = (c->gnt_b ? c->bo.m_axis_tvalid : so.m_axis_tvalid) && !m->loop;
  c->li.s_tx_tlast = c->gnt_b ? c->bo.m_axis_tlast : so.m_axis_tlast;
  c->li.m_axis_tready = in->m_axis_tready;
  c->li.s_axis_tdata = in->s_axis_tdata;
  c->li.s_axis_tkeep = in->s_axis_tkeep;
  c->li.s_axis_tvalid = in->s_axis_tvalid;
  c->li.s_axis_tlast = in->s_axis_tlast;
  c->li.m_rx_tready = ro.s_axis_tready && !m->loop;
  aotf_link_eval(&m->link, &c->li, &c->ko);
  c->ds_ready = m->loop ? c->lo.s_ready : (int)c->ko.s_tx_tready;
  c->si.m_axis_tready = (uint64_t)(!c->gnt_b && c->ds_ready);
  if (!m->loop) {
    c->ri.s_axis_tdata = c->ko.m_rx_tdata;
    c->ri.s_axis_tkeep = c->ko.m_rx_tkeep;
    c->ri.s_axis_tvalid = c->ko.m_rx_tvalid;
    c->ri.s_axis_tlast = c->ko.m_rx_tlast;
    c->ri.s_axis_tuser = c->ko.m_rx_tuser;
  }
}

/* after aotf_send's outputs (c->so): the arbiter output and aotf_botf's store valid / tready */
static void merge(const aotf_node_in_t *in, node_comb_t *c) {
  c->tx_tdata = c->gnt_b ? c->bo.m_axis_tdata : c->so.m_axis_tdata;
  c->tx_tkeep = c->gnt_b ? c->bo.m_axis_tkeep : c->so.m_axis_tkeep;
  c->tx_tvalid = c->gnt_b ? c->bo.m_axis_tvalid : c->so.m_axis_tvalid;
  c->tx_tlast = c->gnt_b ? c->bo.m_axis_tlast : c->so.m_axis_tlast;
  c->bi.st_valid_i = in->st_valid_i && c->is_botf && c->so.st_ready_o;
  c->bi.m_axis_tready = (uint64_t)(c->gnt_b && c->ds_ready);
}

static void outputs(const aotf_node_t *m, const node_comb_t *c, aotf_node_out_t *out) {
  out->st_ready_o = c->so.st_ready_o;
  out->hr_rvalid_o = c->ro.hr_rvalid_o;
  out->hr_rdata_o = c->ro.hr_rdata_o;
  out->csr_ack_o = c->so.csr_ack_o | m->rn_ack;
  out->csr_rdata_o = (c->so.csr_ack_o ? c->so.csr_rdata_o : 0) | (m->rn_ack ? m->rn_rdata : 0);
  out->irq_o = c->so.irq_o | c->ro.irq_o;
  out->m_axis_tdata = c->tx_tdata;
  out->m_axis_tkeep = c->tx_tkeep;
  out->m_axis_tvalid = c->tx_tvalid && !m->loop;
  out->m_axis_tlast = c->tx_tlast;
  out->s_axis_tready = c->ro.s_axis_tready && !m->loop;
  if (c->lk) {
    out->m_axis_tdata = c->ko.m_axis_tdata;
    out->m_axis_tkeep = c->ko.m_axis_tkeep;
    out->m_axis_tvalid = c->ko.m_axis_tvalid && !m->loop;
    out->m_axis_tlast = c->ko.m_axis_tlast;
    out->s_axis_tready = c->ko.s_axis_tready && !m->loop;
  }
}

void aotf_node_eval(const aotf_node_t *m, const aotf_node_in_t *in, aotf_node_out_t *out) {
  node_comb_t c;
  inputs(m, in, &c);
  aotf_send_eval(&m->send, &c.si, &c.so);
  merge(in, &c);
  aotf_rx_eval(&m->rx, &c.ri, &c.ro);
  outputs(m, &c, out);
}

/* the node's own registers and the loopback slice at the clock edge (the sub-blocks are
 * clocked by the caller); c: this cycle's sub-block inputs and outputs */
static void update(aotf_node_t *m, const aotf_node_in_t *in, const node_comb_t *c) {
  /* the registered request (m->req ...) acts this cycle; the bus request is registered */
  uint32_t win = csr_win(in), loc = m->loc;
  uint32_t req_d = 0;
  if (in->csr_req_i) {
    if (win == (CSR_BASE_AOTF_SEND >> 12) || win == (CSR_BASE_AOTF_RX >> 12) || win == (CSR_BASE_AOTF_BOTF >> 12))
      req_d = 0; /* registered in the block */
    else if (win == (CSR_BASE_AOTF_NODE >> 12)) req_d = REQ_NODE;
    else if (win == (CSR_BASE_AOTF_LINK >> 12)) req_d = 0; /* m->lk_req */
    else req_d = REQ_NONE;
  }
  int req_node = (m->req & REQ_NODE) != 0;
  int req_none = (m->req & REQ_NONE) != 0;
  uint32_t crc = m->crc, rel = m->rel;
  uint32_t node_id = m->node_id, loop = m->loop, scratch = m->scratch, rdata = 0;
  if (req_none && !m->we) rdata = CSR_UNMAPPED;
  if (req_node) {
    if (m->we) {
      if (loc == CSR_AOTF_NODE_NODE_ID) node_id = m->wdata & 0xffff;
      else if (loc == CSR_AOTF_NODE_CTRL) {
        loop = (m->wdata >> AOTF_NODE_CTRL_LOOPBACK_LSB) & 1;
        crc = (m->wdata >> AOTF_NODE_CTRL_LINK_CRC_LSB) & 1;
        rel = (m->wdata >> AOTF_NODE_CTRL_REL_LSB) & 1;
      }
      else if (loc == CSR_AOTF_NODE_SCRATCH) scratch = m->wdata;
    } else {
      switch (loc) {
        case CSR_AOTF_NODE_ID: rdata = AOTF_NODE_ID_RESET; break;
        case CSR_AOTF_NODE_NODE_ID: rdata = m->node_id; break;
        case CSR_AOTF_NODE_CTRL: rdata = m->loop | (m->crc << 1) | (m->rel << 2); break;
        case CSR_AOTF_NODE_IRQ_STATUS: rdata = m->irqs; break; /* the lines of the last cycle */
        case CSR_AOTF_NODE_SCRATCH: rdata = m->scratch; break;
        case CSR_AOTF_NODE_UNMAPPED_CNT: rdata = m->unmapped; break;
        default: rdata = CSR_UNMAPPED;
      }
    }
  }
  nic_axis_slice_sig_in_t li;
  li.rst_ni = (int)in->rst_ni;
  li.s_valid = (int)(c->tx_tvalid && m->loop);
  li.m_ready = (int)c->ro.s_axis_tready;
  li.s_data[0] = c->tx_tdata;
  li.s_data[1] = (c->tx_tkeep & 0xff) | ((c->tx_tlast & 1) << 8);
  nic_axis_slice_tick(&m->loopq, &li);
  aotf_pkt_arb_tick(&m->arb, (int)in->rst_ni, c->gnt_b, (int)c->tx_tvalid, c->ds_ready, (int)c->tx_tlast);
  m->we = (uint32_t)in->csr_we_i & 1;
  m->loc = (uint32_t)in->csr_addr_i & 0xfff;
  m->wdata = (uint32_t)in->csr_wdata_i;
  if (!in->rst_ni) {
    m->node_id = m->loop = m->scratch = m->unmapped = m->node_ack = m->node_rdata = m->req = 0;
    m->rn_ack = m->rn_rdata = 0;
    m->irqs = 0;
    m->crc = m->rel = m->lk_req = 0;
    return;
  }
  /* the rx and node responses of this cycle, registered */
  m->rn_ack = (uint32_t)(c->ro.csr_ack_o | m->node_ack | c->bo.csr_ack_o | c->lk_ack) & 1;
  m->rn_rdata = (c->ro.csr_ack_o ? (uint32_t)c->ro.csr_rdata_o : 0) | m->node_rdata |
                (c->bo.csr_ack_o ? (uint32_t)c->bo.csr_rdata_o : 0) | c->lk_rdata;
  m->lk_req = (uint32_t)(in->csr_req_i && win == (CSR_BASE_AOTF_LINK >> 12));
  m->crc = crc;
  m->rel = rel;
  m->req = req_d;
  m->node_id = node_id;
  m->loop = loop;
  m->scratch = scratch;
  m->unmapped += (uint32_t)req_none;
  m->node_ack = (uint32_t)(req_node || req_none);
  m->node_rdata = rdata;
  m->irqs = (uint32_t)((c->so.irq_o & 1) | ((c->ro.irq_o & 1) << 1)); /* this cycle's lines */
}

/* the sub-blocks' outputs of this cycle (c->so, c->ro) and their clock edges: aotf_send first
 * (aotf_botf's store valid needs its st_ready), then aotf_botf and aotf_rx */
static void step_blocks(aotf_node_t *m, const aotf_node_in_t *in, node_comb_t *c) {
  aotf_send_step(&m->send, &c->si, &c->so);
  merge(in, c);
  aotf_botf_tick(&m->botf, &c->bi);
  aotf_rx_step(&m->rx, &c->ri, &c->ro);
  aotf_link_tick(&m->link, &c->li);
}

void aotf_node_tick(aotf_node_t *m, const aotf_node_in_t *in) {
  node_comb_t c;
  inputs(m, in, &c);
  step_blocks(m, in, &c);
  update(m, in, &c);
}

void aotf_node_step(aotf_node_t *m, const aotf_node_in_t *in, aotf_node_out_t *out) {
  node_comb_t c;
  inputs(m, in, &c);
  step_blocks(m, in, &c);
  outputs(m, &c, out);
  update(m, in, &c);
}
