// SPDX-License-Identifier: Apache-2.0
#include "comet_rx.h"
#include <string.h>

int comet_rx_init(comet_rx_t *m, const comet_rx_cfg_t *cfg, uint64_t seed) {
  (void)cfg;
  memset(m, 0, sizeof(*m));
  comet_rx_csr_init(&m->csr, seed);
  comet_rx_ingest_init(&m->ing, seed >> 3);
  comet_rx_egress_init(&m->eg, seed >> 7);
  comet_rx_arp_init(&m->arp, seed >> 11);
  return nic_ram_init(&m->buf, 512, 64, 1, seed ^ 0x525842ull);
}

void comet_rx_free(comet_rx_t *m) { nic_ram_free(&m->buf); }

typedef struct {
  comet_rx_csr_in_t ci;
  comet_rx_csr_out_t co;
  comet_rx_ingest_in_t ii;
  comet_rx_ingest_out_t io;
  comet_rx_egress_in_t ei;
  comet_rx_egress_out_t eo;
  comet_rx_arp_in_t ai;
  comet_rx_arp_out_t ao;
  uint64_t status;
} wires_t;

static void wire_up(const comet_rx_t *m, const comet_rx_in_t *in, wires_t *w) {
  memset(w, 0, sizeof(*w));
  /* csr outputs other than the read data depend on state only */
  w->ci.rst_ni = in->rst_ni;
  w->ci.req = in->csr_req_i;
  w->ci.we = in->csr_we_i;
  w->ci.addr = in->csr_addr_i;
  w->ci.wdata = in->csr_wdata_i;
  comet_rx_csr_eval(&m->csr, &w->ci, &w->co);
  /* egress first pass: slot_free depends on state only */
  w->ei.rst_ni = in->rst_ni;
  w->ei.tready = in->m_axis_tready;
  w->ei.buf_rdata = nic_ram_rd64(&m->buf);
  comet_rx_egress_eval(&m->eg, &w->ei, &w->eo);
  /* ingest */
  w->ii.rst_ni = in->rst_ni;
  w->ii.tdata = in->s_axis_tdata;
  w->ii.tkeep = in->s_axis_tkeep;
  w->ii.tvalid = in->s_axis_tvalid;
  w->ii.tlast = in->s_axis_tlast;
  w->ii.own_mac = w->co.own_mac;
  w->ii.own_ip = w->co.own_ip;
  w->ii.own_port = w->co.own_port;
  w->ii.own_node = w->co.own_node;
  w->ii.bcast_en = w->co.bcast_en;
  w->ii.slot_free = w->eo.slot_free;
  comet_rx_ingest_eval(&m->ing, &w->ii, &w->io);
  w->ei.push = w->io.push;
  w->ei.push_slot = w->io.push_slot;
  w->ei.push_len = w->io.push_len;
  comet_rx_egress_eval(&m->eg, &w->ei, &w->eo);
  w->status = w->io.state | (w->eo.phase << 2) | (w->eo.slot_ready << 4) | (w->io.wr_slot << 6) |
              (w->eo.rd_slot << 7);
  w->ci.st_valid = w->io.st_valid;
  w->ci.st_code = w->io.st_code;
  w->ci.st_class = w->io.st_class;
  /* ARP responder: the ingest's buffer writes and status */
  w->ai.rst_ni = in->rst_ni;
  w->ai.we = w->io.buf_we;
  w->ai.widx = w->io.buf_waddr & 0xFF;
  w->ai.wdata = w->io.buf_wdata;
  w->ai.st_valid = w->io.st_valid;
  w->ai.st_code = w->io.st_code;
  w->ai.st_class = w->io.st_class;
  w->ai.own_mac = w->co.own_mac;
  w->ai.own_ip = w->co.own_ip;
  w->ai.arp_en = w->co.arp_en;
  w->ai.tready = in->arp_axis_tready;
  comet_rx_arp_eval(&m->arp, &w->ai, &w->ao);
  w->ci.arp_reply = w->ao.reply;
  w->ci.arp_drop = w->ao.drop;
  w->ci.status = w->status;
  /* csr second pass: the read data of an acked STATUS read is this cycle's status */
  comet_rx_csr_eval(&m->csr, &w->ci, &w->co);
}

void comet_rx_eval(const comet_rx_t *m, const comet_rx_in_t *in, comet_rx_out_t *o) {
  wires_t w;
  wire_up(m, in, &w);
  o->s_axis_tready = w.io.tready;
  o->m_axis_tvalid = w.eo.tvalid;
  o->m_axis_tdata = w.eo.tdata;
  o->m_axis_tkeep = w.eo.tkeep;
  o->m_axis_tlast = w.eo.tlast;
  o->arp_axis_tdata = w.ao.tdata;
  o->arp_axis_tkeep = w.ao.tkeep;
  o->arp_axis_tvalid = w.ao.tvalid;
  o->arp_axis_tlast = w.ao.tlast;
  o->rx_status_valid_o = w.io.st_valid;
  o->rx_status_code_o = w.io.st_code;
  o->csr_ack_o = w.co.ack;
  o->csr_rdata_o = w.co.rdata;
  o->dbg_state_o = w.status;
  o->dbg_crc_o = w.io.crc;
  o->dbg_usum_o = w.io.usum;
}

void comet_rx_tick(comet_rx_t *m, const comet_rx_in_t *in) {
  wires_t w;
  wire_up(m, in, &w);
  nic_ram_tick64(&m->buf, (int)w.io.buf_we, (uint32_t)w.io.buf_waddr, w.io.buf_wdata, 1,
                 (int)w.eo.buf_re, (uint32_t)w.eo.buf_raddr);
  comet_rx_csr_tick(&m->csr, &w.ci);
  comet_rx_ingest_tick(&m->ing, &w.ii);
  comet_rx_egress_tick(&m->eg, &w.ei);
  comet_rx_arp_tick(&m->arp, &w.ai);
}
