// SPDX-License-Identifier: Apache-2.0
#include "comet_tx_ingest.h"
#include <string.h>
#include "comet_csum64.h"

enum { S_IDLE = 0, S_BODY = 1, S_FIN = 2, S_CHK = 3 };
#define MAX_LEN 1464u

void comet_tx_ingest_init(comet_tx_ingest_t *m, uint32_t nt_depth, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->nt_depth = nt_depth;
  m->state = (uint32_t)(seed % 3); /* power-up: arbitrary until reset */
}

static unsigned popc8(uint64_t k) {
  unsigned n = 0;
  for (int i = 0; i < 8; i++) n += (unsigned)((k >> i) & 1);
  return n;
}

void comet_tx_ingest_eval(const comet_tx_ingest_t *m, const comet_tx_ingest_in_t *in,
                          comet_tx_ingest_out_t *o) {
  uint32_t aw_mask = m->nt_depth - 1;
  o->tready = m->state == S_IDLE ? m->rdy : (m->state == S_BODY);
  int acc = in->tvalid && o->tready;
  o->buf_we = acc && !(m->widx & 0x100);
  o->buf_waddr = (m->wr_slot << 8) | (m->widx & 0xFF);
  o->buf_wdata = in->tdata;
  o->lk_req = m->lk_req;
  o->lk_node = m->node & aw_mask;
  int fin = m->state == S_FIN && m->lk_done;
  uint32_t code;
  if (m->pre_code) code = m->pre_code;
  else if (m->node_bad || !m->lk_valid) code = 1;
  else code = 0;
  o->st_valid = (uint64_t)fin;
  o->st_code = code;
  o->push = fin && code == 0;
  o->push_slot = m->wr_slot;
  o->push_len = m->flen & 0x7FF;
  o->push_psum = m->psum;
  o->push_ip = m->lk_ip;
  o->push_mac = m->lk_mac;
  o->push_port = m->lk_port;
  o->state = m->state;
  o->wr_slot = m->wr_slot;
  o->psum = m->psum;
}

void comet_tx_ingest_tick(comet_tx_ingest_t *m, const comet_tx_ingest_in_t *in) {
  comet_tx_ingest_out_t o;
  comet_tx_ingest_eval(m, in, &o);
  if (!in->rst_ni) {
    uint32_t d = m->nt_depth;
    memset(m, 0, sizeof(*m));
    m->nt_depth = d;
    return;
  }
  comet_tx_ingest_t n = *m;
  unsigned nb = popc8(in->tkeep);
  uint32_t bsum = comet_csum64(in->tdata, (unsigned)in->tkeep);
  if (in->tvalid && o.tready) {
    n.widx = (m->widx & 0x100) ? m->widx : m->widx + 1;
    if (m->state == S_IDLE) {
      n.node = (uint32_t)(in->tdata & 0xFFFF);
      n.flen = (uint32_t)(in->tdata >> 48);
      n.bytes = nb;
      n.lk_req = 1;
    } else {
      uint32_t b = m->bytes + nb;
      n.bytes = b > 0xFFFF ? 0xFFFF : b;
    }
    n.state = in->tlast ? S_CHK : S_BODY;
  }
  /* beat sum registered at acceptance, added one cycle later */
  n.pb_v = in->tvalid && o.tready;
  if (n.pb_v) { n.pb = bsum; n.pb_first = m->state == S_IDLE; }
  if (m->pb_v) n.psum = (m->pb_first ? 0 : m->psum) + m->pb;
  if (m->state == S_CHK) {
    uint32_t pc;
    if (m->bytes < 8) pc = 3;
    else if (m->flen > MAX_LEN) pc = 4;
    else if (m->flen == 0) pc = 2;
    else if (m->bytes != m->flen + 8) pc = 3;
    else pc = 0;
    n.pre_code = pc;
    n.node_bad = m->node >= m->nt_depth;
    n.state = S_FIN;
  }
  if (m->lk_req && in->lk_gnt) {
    n.lk_req = 0;
    n.lk_wait = 1;
  }
  if (m->lk_wait) {
    n.lk_wait = 0;
    n.lk_done = 1;
    n.lk_ip = (uint32_t)in->lk_data[0];
    n.lk_mac = (in->lk_data[0] >> 32) | ((in->lk_data[1] & 0xFFFF) << 32);
    n.lk_port = (uint32_t)(in->lk_data[1] >> 16) & 0xFFFF;
    n.lk_valid = (uint32_t)(in->lk_data[1] >> 32) & 1;
  }
  if (o.st_valid) {
    n.state = S_IDLE;
    n.lk_done = 0;
    n.widx = 0;
    if (o.push) n.wr_slot = !m->wr_slot;
  }
  n.rdy = in->en && ((in->slot_free >> n.wr_slot) & 1);
  *m = n;
}
