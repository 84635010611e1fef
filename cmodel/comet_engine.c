// SPDX-License-Identifier: Apache-2.0
#include "comet_engine.h"
#include <string.h>
#include "nic_pkg.h"

const comet_engine_cfg_t COMET_ENGINE_DEFAULT = {{8, 16, 16, 32, 4}, 256};

#define WIN_COMET (CSR_BASE_COMET >> 12)
#define WIN_VIA (CSR_BASE_COMET_VIA >> 12)
#define WIN_ENG (CSR_BASE_COMET_ENG >> 12)

int comet_engine_init(comet_engine_t *m, const comet_engine_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->cfg = *cfg;
  comet_tx_cfg_t tc = {cfg->nt_depth};
  comet_rx_cfg_t rc = {0};
  if (comet_via_init(&m->via, &cfg->via, seed * 3 + 1)) return -1;
  if (comet_tx_init(&m->tx, &tc, seed * 3 + 2)) return -1;
  if (comet_rx_init(&m->rx, &rc, seed * 3 + 3)) return -1;
  nic_axis_slice_init(&m->v2t, seed * 5 + 1);
  nic_axis_slice_init(&m->r2v, seed * 5 + 2);
  /* power-up state of the engine's own registers: arbitrary */
  uint64_t z = seed * 0x9E3779B97F4A7C15ull + 0x454E47ull;
  m->r.eng_ack = (uint32_t)(z & 1);
  m->r.eng_rdata = (uint32_t)(z >> 8);
  m->r.unmapped = (uint32_t)(z >> 16);
  m->r.scratch = (uint32_t)(z >> 24);
  m->r.rx_first = (uint32_t)(z >> 33 & 1);
  m->r.rx_vi = (uint32_t)(z >> 40 & 3);
  m->r.in_first = (uint32_t)(z >> 57 & 1);
  m->r.in_vi = (uint32_t)(z >> 58 & 3);
  m->r.tx_first = (uint32_t)(z >> 60 & 1);
  m->r.sel = (uint32_t)(z >> 61 & 1);
  m->r.txr_ack = (uint32_t)(z >> 42 & 1);
  m->r.rxr_rdata = (uint32_t)(z >> 12);
  m->r.rq_none = (uint32_t)(z >> 43 & 1);
  m->r.rq_loc = (uint32_t)(z >> 44 & 0xFFF);
  m->r.rs_via_ack = (uint32_t)(z >> 56 & 1);
  m->r.rs_oth_rdata = (uint32_t)(z >> 20);
  return 0;
}

void comet_engine_free(comet_engine_t *m) {
  comet_via_free(&m->via);
  comet_tx_free(&m->tx);
  comet_rx_free(&m->rx);
}

uint64_t comet_engine_collisions(const comet_engine_t *m) {
  return comet_via_collisions(&m->via) + m->tx.nt.collisions + m->tx.buf.collisions +
         m->rx.buf.collisions;
}

typedef struct {
  comet_via_in_t vi;
  comet_via_out_t vo;
  comet_tx_in_t ti;
  comet_tx_out_t to;
  comet_rx_in_t ri;
  comet_rx_out_t ro;
  nic_axis_slice_sig_out_t v2t, r2v; /* slice outputs (registers only) */
  uint32_t r2v_tuser;
  int req_tx, req_rx;  /* the request to comet_tx / comet_rx (RTL req_tx / req_rx: taken as it comes) */
  int rq_eng, rq_none; /* the request entering the request register */
  int hold;            /* transmit merge: comet_tx held while switching to an ARP reply */
} eng_comb_t;

static int eng_known(uint32_t loc) {
  return loc == CSR_COMET_ENG_ID || loc == CSR_COMET_ENG_UNMAPPED_CNT || loc == CSR_COMET_ENG_SCRATCH ||
         loc == CSR_COMET_ENG_RX_VI;
}

static void comb(const comet_engine_t *m, const comet_engine_in_t *in, eng_comb_t *c) {
  memset(c, 0, sizeof(*c));
  uint32_t win = (uint32_t)(in->csr_addr_i >> 12) & 0xF;
  uint32_t loc = (uint32_t)in->csr_addr_i & 0xFFF;
  int req = (int)in->csr_req_i;
  int req_via = req && win == WIN_VIA;
  c->req_tx = req && win == WIN_COMET && !(loc >> 8 & 1);
  c->req_rx = req && win == WIN_COMET && (loc >> 8 & 1);
  c->rq_eng = req && win == WIN_ENG && eng_known(loc);
  c->rq_none = req && !c->req_tx && !c->req_rx && !req_via && !c->rq_eng;
  /* comet_tx / comet_rx take the request as it comes, like comet_via */
  /* inputs that do not depend on other sub-blocks */
  c->vi.rst_ni = in->rst_ni;
  c->vi.csr_req_i = (uint64_t)req_via;
  c->vi.csr_we_i = in->csr_we_i;
  c->vi.csr_addr_i = loc;
  c->vi.csr_wdata_i = in->csr_wdata_i;
  c->vi.dma_req_ready_i = in->dma_req_ready_i;
  c->vi.dma_rsp_valid_i = in->dma_rsp_valid_i;
  c->vi.dma_rsp_rdata_i = in->dma_rsp_rdata_i;
  c->ti.rst_ni = in->rst_ni;
  /* transmit merge (registers only: the ARP reply's valid is comet_rx_arp's rdy flag) */
  c->hold = !m->r.sel && m->r.tx_first && m->rx.arp.rdy;
  c->ti.m_axis_tready = !m->r.sel && !c->hold && in->m_axis_tready;
  c->ri.arp_axis_tready = m->r.sel && in->m_axis_tready;
  c->ti.csr_req_i = (uint64_t)c->req_tx;
  c->ti.csr_we_i = in->csr_we_i;
  c->ti.csr_addr_i = loc;
  c->ti.csr_wdata_i = in->csr_wdata_i;
  c->ri.rst_ni = in->rst_ni;
  c->ri.s_axis_tdata = in->s_axis_tdata;
  c->ri.s_axis_tkeep = in->s_axis_tkeep;
  c->ri.s_axis_tvalid = in->s_axis_tvalid;
  c->ri.s_axis_tlast = in->s_axis_tlast;
  c->ri.csr_req_i = (uint64_t)c->req_rx;
  c->ri.csr_we_i = in->csr_we_i;
  c->ri.csr_addr_i = loc;
  c->ri.csr_wdata_i = in->csr_wdata_i;
  comet_via_out_t pvo;
  comet_tx_out_t pto;
  comet_rx_out_t pro;
  memset(&pvo, 0xff, sizeof(pvo));
  memset(&pto, 0xff, sizeof(pto));
  memset(&pro, 0xff, sizeof(pro));
  /* the register slices' outputs depend on their registers only */
  nic_axis_slice_eval(&m->v2t, &c->v2t);
  nic_axis_slice_eval(&m->r2v, &c->r2v);
  /* slice r2v -> via: data word 1 = {tcnt[3:0], tuser[1:0], tlast, tkeep[7:0]} (the VI and
   * byte count computed at the slice input, see comet_engine_tick) */
  c->r2v_tuser = (uint32_t)(c->r2v.m_data[1] >> 9 & 3);
  c->vi.s_axis_rx_tcnt = c->r2v.m_data[1] >> 11 & 15;
  c->vi.s_axis_rx_tdata = c->r2v.m_data[0];
  c->vi.s_axis_rx_tkeep = c->r2v.m_data[1] & 0xFF;
  c->vi.s_axis_rx_tvalid = (uint64_t)c->r2v.m_valid;
  c->vi.s_axis_rx_tlast = c->r2v.m_data[1] >> 8 & 1;
  c->vi.s_axis_rx_tuser = c->r2v_tuser;
  c->vi.m_axis_tx_tready = (uint64_t)c->v2t.s_ready;
  /* slice v2t -> tx */
  c->ti.s_axis_tdata = c->v2t.m_data[0];
  c->ti.s_axis_tkeep = c->v2t.m_data[1] & 0xFF;
  c->ti.s_axis_tvalid = (uint64_t)c->v2t.m_valid;
  c->ti.s_axis_tlast = c->v2t.m_data[1] >> 8 & 1;
  c->ri.m_axis_tready = (uint64_t)c->r2v.s_ready;
  for (int it = 0; it < 8; it++) {
    c->vi.tx_done_valid_i = c->to.tx_status_valid_o;
    c->vi.tx_done_code_i = c->to.tx_status_code_o & 7;
    comet_via_eval(&m->via, &c->vi, &c->vo);
    comet_tx_eval(&m->tx, &c->ti, &c->to);
    comet_rx_eval(&m->rx, &c->ri, &c->ro);
    if (it && !memcmp(&pvo, &c->vo, sizeof(pvo)) && !memcmp(&pto, &c->to, sizeof(pto)) &&
        !memcmp(&pro, &c->ro, sizeof(pro)))
      break;
    pvo = c->vo;
    pto = c->to;
    pro = c->ro;
  }
}

void comet_engine_eval(const comet_engine_t *m, const comet_engine_in_t *in, comet_engine_out_t *o) {
  eng_comb_t c;
  comb(m, in, &c);
  o->csr_ack_o = (m->r.rs_via_ack | m->r.rs_oth_ack) & 1;
  o->csr_rdata_o = m->r.rs_via_rdata | m->r.rs_oth_rdata;
  o->dma_req_valid_o = c.vo.dma_req_valid_o;
  o->dma_req_we_o = c.vo.dma_req_we_o;
  o->dma_req_addr_o = c.vo.dma_req_addr_o;
  o->dma_req_wdata_o = c.vo.dma_req_wdata_o;
  o->dma_req_wstrb_o = c.vo.dma_req_wstrb_o;
  if (m->r.sel) {
    o->m_axis_tdata = c.ro.arp_axis_tdata;
    o->m_axis_tkeep = c.ro.arp_axis_tkeep;
    o->m_axis_tvalid = c.ro.arp_axis_tvalid;
    o->m_axis_tlast = c.ro.arp_axis_tlast;
  } else {
    o->m_axis_tdata = c.to.m_axis_tdata;
    o->m_axis_tkeep = c.to.m_axis_tkeep;
    o->m_axis_tvalid = c.to.m_axis_tvalid && !c.hold;
    o->m_axis_tlast = c.to.m_axis_tlast;
  }
  o->s_axis_tready = c.ro.s_axis_tready;
  o->irq_o = c.vo.irq_o;
  o->dbg_via_state_o = c.vo.dbg_state_o;
  o->dbg_via_flags_o = c.vo.dbg_flags_o;
  o->dbg_via_vi_o = c.vo.dbg_vi_o;
  o->dbg_via_inflight_o = c.vo.dbg_inflight_o;
  o->dbg_via_acc_o = c.vo.dbg_acc_cnt_o;
  o->dbg_via_db_level_o = c.vo.dbg_db_level_o;
  o->dbg_tx_state_o = c.to.dbg_state_o;
  o->dbg_tx_crc_o = c.to.dbg_crc_o;
  o->dbg_tx_psum_o = c.to.dbg_psum_o;
  o->dbg_tx_status_o = c.to.tx_status_valid_o & 1 ? 8 | (c.to.tx_status_code_o & 7) : 0;
  o->dbg_rx_state_o = c.ro.dbg_state_o;
  o->dbg_rx_crc_o = c.ro.dbg_crc_o;
  o->dbg_rx_usum_o = c.ro.dbg_usum_o;
  o->dbg_rx_status_o = c.ro.rx_status_valid_o & 1 ? 16 | (c.ro.rx_status_code_o & 15) : 0;
  o->dbg_v2t_o = (c.vo.m_axis_tx_tuser & 3) << 11 | (c.vo.m_axis_tx_tkeep & 0xFF) << 3 |
                 (c.vo.m_axis_tx_tlast & 1) << 2 | (uint64_t)(c.v2t.s_ready & 1) << 1 |
                 (c.vo.m_axis_tx_tvalid & 1);
  o->dbg_v2t_tdata_o = c.vo.m_axis_tx_tdata;
  o->dbg_r2v_o = (c.vo.s_axis_rx_tready & 1) << 1;
  if (c.r2v.m_valid) /* rx data fields: don't care while not valid */
    o->dbg_r2v_o |= (uint64_t)(c.r2v_tuser & 3) << 11 | (c.r2v.m_data[1] & 0xFF) << 3 |
                    (c.r2v.m_data[1] >> 8 & 1) << 2 | 1;
  o->dbg_r2v_tdata_o = c.r2v.m_data[0];
  o->dbg_eng_o = (uint64_t)(m->r.rx_first & 1) << 2 | (m->r.rx_vi & 3);
}

void comet_engine_tick(comet_engine_t *m, const comet_engine_in_t *in) {
  eng_comb_t c;
  comb(m, in, &c);
  comet_engine_regs_t n = m->r;
  /* the engine's registers act on the registered request */
  const comet_engine_regs_t *q = &m->r;
  /* response register: the windows' answers of this cycle */
  n.rs_via_ack = (uint32_t)(c.vo.csr_ack_o & 1);
  n.rs_via_rdata = c.vo.csr_ack_o & 1 ? (uint32_t)c.vo.csr_rdata_o : 0;
  n.rs_oth_ack = (q->txr_ack | q->rxr_ack | q->eng_ack) & 1;
  n.rs_oth_rdata = q->txr_rdata | q->rxr_rdata | q->eng_rdata;
  /* comet_tx's / comet_rx's answers of this cycle (read data 0 without a read ack) */
  n.txr_ack = (uint32_t)(c.to.csr_ack_o & 1);
  n.txr_rdata = (uint32_t)c.to.csr_rdata_o;
  n.rxr_ack = (uint32_t)(c.ro.csr_ack_o & 1);
  n.rxr_rdata = (uint32_t)c.ro.csr_rdata_o;
  n.eng_ack = (uint32_t)(q->rq_eng || q->rq_none);
  n.eng_rdata = 0;
  n.unmapped = q->unmapped + q->rq_none;
  if (q->rq_none && !q->rq_we) n.eng_rdata = CSR_UNMAPPED;
  if (q->rq_eng) {
    if (q->rq_we) {
      if (q->rq_loc == CSR_COMET_ENG_UNMAPPED_CNT) n.unmapped = 0;
      if (q->rq_loc == CSR_COMET_ENG_SCRATCH) n.scratch = q->rq_wdata;
    } else {
      if (q->rq_loc == CSR_COMET_ENG_ID) n.eng_rdata = COMET_ENG_ID_ID_RESET;
      if (q->rq_loc == CSR_COMET_ENG_UNMAPPED_CNT) n.eng_rdata = q->unmapped;
      if (q->rq_loc == CSR_COMET_ENG_SCRATCH) n.eng_rdata = q->scratch;
      if (q->rq_loc == CSR_COMET_ENG_RX_VI) n.eng_rdata = q->rx_vi & 3;
    }
  }
  n.rq_eng = (uint32_t)c.rq_eng;
  n.rq_none = (uint32_t)c.rq_none;
  n.rq_we = (uint32_t)in->csr_we_i & 1;
  n.rq_loc = (uint32_t)in->csr_addr_i & 0xFFF;
  n.rq_wdata = (uint32_t)in->csr_wdata_i;
  if (c.r2v.m_valid && c.vo.s_axis_rx_tready) {
    n.rx_vi = c.r2v_tuser; /* the VI registered with the beat */
    n.rx_first = (uint32_t)(c.r2v.m_data[1] >> 8 & 1);
  }
  if (c.ro.m_axis_tvalid && c.r2v.s_ready) {
    if (m->r.in_first) n.in_vi = (uint32_t)(c.ro.m_axis_tdata >> 46 & 3);
    n.in_first = (uint32_t)(c.ro.m_axis_tlast & 1);
  }
  if (c.to.m_axis_tvalid && c.ti.m_axis_tready) n.tx_first = (uint32_t)(c.to.m_axis_tlast & 1);
  if (c.hold) n.sel = 1;
  if (m->r.sel && c.ro.arp_axis_tvalid && in->m_axis_tready && c.ro.arp_axis_tlast) n.sel = 0;
  if (!in->rst_ni) {
    n.tx_first = 1;
    n.sel = 0;
    n.eng_ack = 0;
    n.eng_rdata = 0;
    n.unmapped = 0;
    n.scratch = 0;
    n.rx_first = 1;
    n.rx_vi = 0;
    n.in_first = 1;
    n.in_vi = 0;
    n.rq_eng = n.rq_none = n.rq_we = n.rq_loc = n.rq_wdata = 0;
    n.txr_ack = n.txr_rdata = n.rxr_ack = n.rxr_rdata = 0;
    n.rs_via_ack = n.rs_via_rdata = n.rs_oth_ack = n.rs_oth_rdata = 0;
  }
  nic_axis_slice_sig_in_t si = {(int)in->rst_ni, (int)c.vo.m_axis_tx_tvalid, (int)c.to.s_axis_tready,
                            {c.vo.m_axis_tx_tdata, (c.vo.m_axis_tx_tkeep & 0xFF) | (c.vo.m_axis_tx_tlast & 1) << 8}};
  nic_axis_slice_tick(&m->v2t, &si);
  /* the r2v slice's input: the VI from the first beat as comet_rx offers it, then held
   * (in_first / in_vi track the handshakes on comet_rx's side), and the byte count */
  uint64_t r2s_tuser = m->r.in_first ? (c.ro.m_axis_tdata >> 46 & 3) : m->r.in_vi;
  uint64_t r2s_tcnt = (uint64_t)__builtin_popcount((unsigned)(c.ro.m_axis_tkeep & 0xFF));
  nic_axis_slice_sig_in_t ri = {(int)in->rst_ni, (int)c.ro.m_axis_tvalid, (int)c.vo.s_axis_rx_tready,
                            {c.ro.m_axis_tdata, (c.ro.m_axis_tkeep & 0xFF) | (c.ro.m_axis_tlast & 1) << 8 |
                                                    r2s_tuser << 9 | r2s_tcnt << 11}};
  nic_axis_slice_tick(&m->r2v, &ri);
  comet_via_tick(&m->via, &c.vi);
  comet_tx_tick(&m->tx, &c.ti);
  comet_rx_tick(&m->rx, &c.ri);
  m->r = n;
}
