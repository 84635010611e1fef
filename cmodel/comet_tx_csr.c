#include "comet_tx_csr.h"
#include <string.h>
#include "nic_pkg.h"

void comet_tx_csr_init(comet_tx_csr_t *m, uint32_t nt_depth, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->nt_depth = nt_depth;
  m->ack = (uint32_t)(seed & 1); /* power-up: arbitrary until reset */
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

void comet_tx_csr_eval(const comet_tx_csr_t *m, const comet_tx_csr_in_t *in, comet_tx_csr_out_t *o) {
  memset(o, 0, sizeof(*o));
  o->ack = m->ack;
  if (m->ack) {
    if (m->ntrd) {
      uint64_t w = m->sh[m->lane >> 1];
      o->rdata = (m->lane & 1) ? (w >> 32) : (w & 0xFFFFFFFFu);
    } else {
      o->rdata = m->rdata;
    }
  }
  int nt_acc = in->req && is_nt(in->addr);
  int wr = in->req && in->we;
  int nt_wr = wr && nt_acc && !m->init;
  int idx_ld = wr && in->addr == CSR_COMET_TX_NT_IDX && !m->init;
  uint32_t am = m->nt_depth - 1;
  o->nt_waddr = m->init_idx;
  o->nt_be = 0xF;
  o->nt_raddr = in->lk_node & am;
  if (nt_acc) { /* any NT access pauses the sweep */
    o->nt_we = (uint64_t)nt_wr;
    o->nt_waddr = m->ntidx;
    uint64_t w = in->wdata & 0xFFFFFFFFu;
    o->nt_wdata[0] = o->nt_wdata[1] = w | (w << 32);
    o->nt_be = 1u << lane_of(in->addr);
  } else if (m->init) {
    o->nt_we = 1;
  }
  if (idx_ld) { /* read the new entry for the shadow */
    o->nt_re = 1;
    o->nt_raddr = in->wdata & am;
  } else if (in->lk_req && !m->init && !wr) { /* the lookup waits in every CSR write cycle */
    o->nt_re = 1;
    o->lk_gnt = 1;
  }
  o->ipid_we = wr && in->addr == CSR_COMET_TX_IPID;
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
  int nt_acc = in->req && is_nt(in->addr);
  int wr = in->req && in->we, rd = in->req && !in->we;
  uint32_t rv;
  switch (in->addr) {
    case CSR_COMET_TX_ID: rv = 0x434D5458u; break;
    case CSR_COMET_TX_CTRL: rv = m->csum_en; break;
    case CSR_COMET_TX_STATUS: rv = ((uint32_t)in->status << 1) | m->init; break;
    case CSR_COMET_TX_SRC_MAC_LO: rv = (uint32_t)m->smac; break;
    case CSR_COMET_TX_SRC_MAC_HI: rv = (uint32_t)(m->smac >> 32); break;
    case CSR_COMET_TX_SRC_IP: rv = m->sip; break;
    case CSR_COMET_TX_SRC_PORT: rv = m->sport; break;
    case CSR_COMET_TX_IPID: rv = (uint32_t)in->ipid; break;
    case CSR_COMET_TX_NT_IDX: rv = m->ntidx; break;
    case CSR_COMET_TX_CNT_FRAMES: rv = m->c_frames; break;
    case CSR_COMET_TX_CNT_MSGS: rv = m->c_msgs; break;
    case CSR_COMET_TX_ERR_NODE: rv = m->c_node; break;
    case CSR_COMET_TX_ERR_ZERO: rv = m->c_zero; break;
    case CSR_COMET_TX_ERR_LEN: rv = m->c_len; break;
    case CSR_COMET_TX_ERR_OVERSIZE: rv = m->c_ovs; break;
    case CSR_COMET_TX_CNT_BYTES: rv = m->c_bytes; break;
    default: rv = nt_acc ? 0 : CSR_UNMAPPED; break;
  }
  n.ack = (uint32_t)in->req;
  n.rdata = rd ? rv : 0;
  n.ntrd = rd && nt_acc; /* sh is 0 during the init sweep */
  if (n.ntrd) n.lane = lane_of(in->addr);
  /* shadow: a lane written this cycle takes the write data, the others the entry read for the
   * NT_IDX write of the last cycle */
  int nt_wr = wr && nt_acc && !m->init;
  uint32_t wl = lane_of(in->addr);
  for (uint32_t j = 0; j < 4; j++) {
    uint64_t *w = &n.sh[j >> 1];
    unsigned sft = (j & 1) * 32;
    uint64_t v;
    if (nt_wr && wl == j) v = in->wdata & 0xFFFFFFFFu;
    else if (m->shld) v = (in->nt_rdata[j >> 1] >> sft) & 0xFFFFFFFFu;
    else continue;
    *w = (*w & ~(0xFFFFFFFFull << sft)) | (v << sft);
  }
  n.shld = wr && in->addr == CSR_COMET_TX_NT_IDX && !m->init;
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
    uint32_t w = (uint32_t)in->wdata;
    switch (in->addr) {
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
