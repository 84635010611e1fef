// SPDX-License-Identifier: Apache-2.0
#include "comet_tx.h"
#include <string.h>

int comet_tx_init(comet_tx_t *m, const comet_tx_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  m->cfg = *cfg;
  uint32_t d = cfg->nt_depth;
  if (d < 2 || d > 256 || (d & (d - 1))) return -1;
  comet_tx_csr_init(&m->csr, d, seed);
  comet_tx_ingest_init(&m->ing, d, seed >> 3);
  comet_tx_egress_init(&m->eg, seed >> 7);
  if (nic_ram_init(&m->nt, d, 128, 4, seed ^ 0x4E54ull)) return -1;
  if (nic_ram_init(&m->buf, 512, 64, 1, seed ^ 0x425546ull)) return -1;
  return 0;
}

void comet_tx_free(comet_tx_t *m) {
  nic_ram_free(&m->nt);
  nic_ram_free(&m->buf);
}

typedef struct {
  comet_tx_csr_in_t ci;
  comet_tx_csr_out_t co;
  comet_tx_ingest_in_t ii;
  comet_tx_ingest_out_t io;
  comet_tx_egress_in_t ei;
  comet_tx_egress_out_t eo;
} wires_t;

/* evaluate all sub-blocks in dependency order (ingest/egress state-only outputs first) */
static void wire_up(const comet_tx_t *m, const comet_tx_in_t *in, wires_t *w) {
  const uint64_t *nt_rd = nic_ram_rd(&m->nt);
  /* egress: its slot/ready outputs depend on state only */
  memset(w, 0, sizeof(*w));
  w->ei.rst_ni = in->rst_ni;
  w->ei.tready = in->m_axis_tready;
  w->ei.buf_rdata = nic_ram_rd64(&m->buf);
  w->ei.src_mac = m->csr.smac;
  w->ei.src_ip = m->csr.sip;
  w->ei.src_port = m->csr.sport;
  w->ei.csum_en = m->csr.csum_en;
  /* ingest first pass (lk_gnt, push do not affect the outputs we need from it here) */
  w->ii.rst_ni = in->rst_ni;
  w->ii.en = !m->csr.init;
  w->ii.tdata = in->s_axis_tdata;
  w->ii.tkeep = in->s_axis_tkeep;
  w->ii.tvalid = in->s_axis_tvalid;
  w->ii.tlast = in->s_axis_tlast;
  w->ii.slot_free = ~m->eg.ready & 3;
  w->ii.lk_data[0] = nt_rd[0];
  w->ii.lk_data[1] = nt_rd[1];
  comet_tx_ingest_eval(&m->ing, &w->ii, &w->io);
  /* csr */
  w->ci.rst_ni = in->rst_ni;
  w->ci.req = in->csr_req_i;
  w->ci.we = in->csr_we_i;
  w->ci.addr = in->csr_addr_i;
  w->ci.wdata = in->csr_wdata_i;
  w->ci.nt_rdata[0] = nt_rd[0];
  w->ci.nt_rdata[1] = nt_rd[1];
  w->ci.lk_req = w->io.lk_req;
  w->ci.lk_node = w->io.lk_node;
  w->ci.st_valid = w->io.st_valid;
  w->ci.st_code = w->io.st_code;
  w->ci.ipid = m->eg.ipid;
  w->ci.status = (uint64_t)(w->io.state | (m->eg.busy << 2) | (m->eg.ready << 3) |
                            (w->io.wr_slot << 5) | (m->eg.rd_slot << 6) | (w->io.lk_req << 7));
  comet_tx_csr_eval(&m->csr, &w->ci, &w->co);
  w->ii.lk_gnt = w->co.lk_gnt;
  w->ii.en = !w->co.init_busy;
  w->ei.src_mac = w->co.src_mac;
  w->ei.src_ip = w->co.src_ip;
  w->ei.src_port = w->co.src_port;
  w->ei.csum_en = w->co.csum_en;
  comet_tx_ingest_eval(&m->ing, &w->ii, &w->io);
  /* egress */
  w->ei.push = w->io.push;
  w->ei.push_slot = w->io.push_slot;
  w->ei.push_len = w->io.push_len;
  w->ei.push_psum = w->io.push_psum;
  w->ei.push_ip = w->io.push_ip;
  w->ei.push_mac = w->io.push_mac;
  w->ei.push_port = w->io.push_port;
  w->ei.ipid_we = w->co.ipid_we;
  w->ei.ipid_wdata = w->co.ipid_wdata;
  comet_tx_egress_eval(&m->eg, &w->ei, &w->eo);
  w->ci.fr_done = w->eo.done;
  w->ci.fr_bytes = w->eo.done_bytes;
}

void comet_tx_eval(const comet_tx_t *m, const comet_tx_in_t *in, comet_tx_out_t *o) {
  wires_t w;
  wire_up(m, in, &w);
  o->s_axis_tready = w.io.tready;
  o->m_axis_tvalid = w.eo.tvalid;
  o->m_axis_tdata = w.eo.tdata;
  o->m_axis_tkeep = w.eo.tkeep;
  o->m_axis_tlast = w.eo.tlast;
  o->tx_status_valid_o = w.io.st_valid;
  o->tx_status_code_o = w.io.st_code;
  o->csr_ack_o = w.co.ack;
  o->csr_rdata_o = w.co.rdata;
  o->dbg_state_o = (w.ci.status << 1) | m->csr.init;
  o->dbg_crc_o = w.eo.crc;
  o->dbg_psum_o = w.io.psum;
}

void comet_tx_tick(comet_tx_t *m, const comet_tx_in_t *in) {
  wires_t w;
  wire_up(m, in, &w);
  nic_ram_tick(&m->nt, (int)w.co.nt_we, (uint32_t)w.co.nt_waddr, w.co.nt_wdata, w.co.nt_be,
               (int)w.co.nt_re, (uint32_t)w.co.nt_raddr);
  nic_ram_tick64(&m->buf, (int)w.io.buf_we, (uint32_t)w.io.buf_waddr, w.io.buf_wdata, 1,
                 (int)w.eo.buf_re, (uint32_t)w.eo.buf_raddr);
  comet_tx_csr_tick(&m->csr, &w.ci);
  comet_tx_ingest_tick(&m->ing, &w.ii);
  comet_tx_egress_tick(&m->eg, &w.ei);
}
