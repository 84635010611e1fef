// SPDX-License-Identifier: Apache-2.0
#include "comet_tx_csr.h"
#include <string.h>
#include "nic_pkg.h"

void comet_tx_csr_init(comet_tx_csr_t *m, uint32_t nt_depth, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->nt_depth = nt_depth;
  m->req = (uint32_t)(seed & 1); /* power-up: arbitrary until reset */
}

static void reset(comet_tx_csr_t *m) {
  uint32_t d = m->nt_depth;
  memset(m, 0, sizeof(*m));
  m->nt_depth = d;
  m->csum_en = 1;
  m->smac = 0x020000000001ull;
  m->sip = 0x0A000001u;
  m->sport = 0x4D43;
  m->init = 1;
}

static int is_nt(uint64_t a) {
  return a == CSR_COMET_TX_NT_IP || a == CSR_COMET_TX_NT_MAC_LO || a == CSR_COMET_TX_NT_MAC_HI ||
         a == CSR_COMET_TX_NT_VALID;
}

static uint32_t lane_of(uint64_t a) { return (uint32_t)(((a >> 2) & 3) - 1) & 3; }

/* value of a non-NT register at m->addr in this cycle */
static uint32_t read_reg(const comet_tx_csr_t *m, const comet_tx_csr_in_t *in) {
  switch (m->addr) {
    case CSR_COMET_TX_ID: return 0x434D5458u;
    case CSR_COMET_TX_CTRL: return m->csum_en;
    case CSR_COMET_TX_STATUS: return ((uint32_t)in->status << 1) | m->init;
    case CSR_COMET_TX_SRC_MAC_LO: return (uint32_t)m->smac;
    case CSR_COMET_TX_SRC_MAC_HI: return (uint32_t)(m->smac >> 32);
    case CSR_COMET_TX_SRC_IP: return m->sip;
    case CSR_COMET_TX_SRC_PORT: return m->sport;
    case CSR_COMET_TX_IPID: return (uint32_t)in->ipid;
    case CSR_COMET_TX_NT_IDX: return m->ntidx;
    case CSR_COMET_TX_CNT_FRAMES: return m->c_frames;
    case CSR_COMET_TX_CNT_MSGS: return m->c_msgs;
    case CSR_COMET_TX_ERR_NODE: return m->c_node;
    case CSR_COMET_TX_ERR_ZERO: return m->c_zero;
    case CSR_COMET_TX_ERR_LEN: return m->c_len;
    case CSR_COMET_TX_ERR_OVERSIZE: return m->c_ovs;
    case CSR_COMET_TX_CNT_BYTES: return m->c_bytes;
    default: return CSR_UNMAPPED;
  }
}

void comet_tx_csr_eval(const comet_tx_csr_t *m, const comet_tx_csr_in_t *in, comet_tx_csr_out_t *o) {
  memset(o, 0, sizeof(*o));
  /* the request registered last cycle is decoded now: ack + read data of this cycle's values */
  int nt_acc = m->req && is_nt(m->addr);
  int wr = m->req && m->we;
  o->ack = m->req;
  if (m->req && !m->we) {
    if (nt_acc) { /* a lane of the shadow (0 during the init sweep) */
      uint32_t l = lane_of(m->addr);
      uint64_t w = m->sh[l >> 1];
      o->rdata = (l & 1) ? (w >> 32) : (w & 0xFFFFFFFFu);
    } else {
      o->rdata = read_reg(m, in);
    }
  }
  int nt_wr = wr && nt_acc && !m->init;
  /* the shadow's RAM read is decoded from the bus in the request cycle */
  int wr_bus = in->req && in->we;
  int idx_ld = wr_bus && in->addr == CSR_COMET_TX_NT_IDX && !m->init &&
               !(nt_wr && (in->wdata & (m->nt_depth - 1)) == m->ntidx); /* no read on a collision */
  uint32_t am = m->nt_depth - 1;
  o->nt_waddr = m->init_idx;
  o->nt_be = 0xF;
  o->nt_raddr = in->lk_node & am;
  if (nt_acc) { /* any NT access pauses the sweep */
    o->nt_we = (uint64_t)nt_wr;
    o->nt_waddr = m->ntidx;
    uint64_t w = m->wdata;
    o->nt_wdata[0] = o->nt_wdata[1] = w | (w << 32);
    o->nt_be = 1u << lane_of(m->addr);
  } else if (m->init) {
    o->nt_we = 1;
  }
  if (idx_ld) { /* read the new entry for the shadow */
    o->nt_re = 1;
    o->nt_raddr = in->wdata & am;
  } else if (in->lk_req && !m->init && !wr_bus && !wr) {
    /* the lookup waits in a CSR write's request cycle and in the next one */
    o->nt_re = 1;
    o->lk_gnt = 1;
  }
  o->ipid_we = wr && m->addr == CSR_COMET_TX_IPID;
  o->ipid_wdata = m->wdata & 0xFFFFu;
  o->init_busy = m->init;
  o->csum_en = m->csum_en;
  o->src_mac = m->smac;
  o->src_ip = m->sip;
  o->src_port = m->sport;
}

void comet_tx_csr_tick(comet_tx_csr_t *m, const comet_tx_csr_in_t *in) {
  if (!in->rst_ni) {
    reset(m);
    return;
  }
  comet_tx_csr_t n = *m;
  int nt_acc = m->req && is_nt(m->addr);
  int wr = m->req && m->we;
  n.req = (uint32_t)in->req;
  n.we = (uint32_t)in->we;
  n.addr = (uint32_t)in->addr & 0xFFFu;
  n.wdata = (uint32_t)in->wdata;
  /* shadow: a lane written this cycle takes the write data, the others the entry read for the
   * NT_IDX write of the last cycle */
  int nt_wr = wr && nt_acc && !m->init;
  uint32_t wl = lane_of(m->addr);
  for (uint32_t j = 0; j < 4; j++) {
    uint64_t *w = &n.sh[j >> 1];
    unsigned sft = (j & 1) * 32;
    uint64_t v;
    if (nt_wr && wl == j) v = m->wdata;
    else if (m->shld) v = (in->nt_rdata[j >> 1] >> sft) & 0xFFFFFFFFu;
    else continue;
    *w = (*w & ~(0xFFFFFFFFull << sft)) | (v << sft);
  }
  /* no reload when the registered request writes the entry read now (collision: the RAM data
   * is undefined, and sh already holds that entry) */
  n.shld = in->req && in->we && in->addr == CSR_COMET_TX_NT_IDX && !m->init &&
           !(nt_wr && (in->wdata & (m->nt_depth - 1)) == m->ntidx);
  if (!nt_acc && m->init) {
    n.init_idx = (m->init_idx + 1) & (m->nt_depth - 1);
    if (m->init_idx == m->nt_depth - 1) n.init = 0;
  }
  n.c_frames += (uint32_t)in->fr_done;
  if (in->fr_done) n.c_bytes += (uint32_t)in->fr_bytes;
  if (in->st_valid) {
    switch (in->st_code) {
      case 0: n.c_msgs++; break;
      case 1: n.c_node++; break;
      case 2: n.c_zero++; break;
      case 3: n.c_len++; break;
      case 4: n.c_ovs++; break;
      default: break;
    }
  }
  if (wr) {
    uint32_t w = m->wdata;
    switch (m->addr) {
      case CSR_COMET_TX_CTRL: n.csum_en = w & 1; break;
      case CSR_COMET_TX_SRC_MAC_LO: n.smac = (m->smac & 0xFFFF00000000ull) | w; break;
      case CSR_COMET_TX_SRC_MAC_HI: n.smac = (m->smac & 0xFFFFFFFFull) | ((uint64_t)(w & 0xFFFF) << 32); break;
      case CSR_COMET_TX_SRC_IP: n.sip = w; break;
      case CSR_COMET_TX_SRC_PORT: n.sport = w & 0xFFFF; break;
      case CSR_COMET_TX_NT_IDX: n.ntidx = w & (m->nt_depth - 1); break;
      case CSR_COMET_TX_CNT_FRAMES: n.c_frames = 0; break;
      case CSR_COMET_TX_CNT_MSGS: n.c_msgs = 0; break;
      case CSR_COMET_TX_ERR_NODE: n.c_node = 0; break;
      case CSR_COMET_TX_ERR_ZERO: n.c_zero = 0; break;
      case CSR_COMET_TX_ERR_LEN: n.c_len = 0; break;
      case CSR_COMET_TX_ERR_OVERSIZE: n.c_ovs = 0; break;
      case CSR_COMET_TX_CNT_BYTES: n.c_bytes = 0; break;
      default: break;
    }
  }
  *m = n;
}
