// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_rx_ingest.v */
#ifndef COMET_RX_INGEST_H
#define COMET_RX_INGEST_H
#include <stdint.h>

typedef struct {
  uint32_t state, wr_slot, widx, bytes, crc;
  uint64_t dmac;
  uint32_t type, frag, tl, dport, ulen, ucs, fmnode, fmlen, verihl, proto, dip, ipsum, usum;
  int32_t urem;                                   /* UDP end - beat base, beats >= 5 */
  /* R stage (registered input beat) */
  uint32_t r_valid, r_nb, r_ip01, r_ip23, r_u01, r_u23, r_widx;
  uint64_t r_data;
  uint32_t r_g; /* CRC data term G(beat, bytes past tkeep 0) */
  /* registered check flags */
  uint32_t f_mac, f_type, f_iphdr, f_proto, f_ipdst, f_port;
  uint32_t f_udplen, f_ucsnz, f_fm, iplen_sum, need;
  uint32_t f_cls, cls_fl, cls; /* EtherType class: free running, latched at S_FIN, with code */
  /* registered status */
  uint32_t st_v, code, push_slot;
  uint32_t pv, fl; /* status pending (cycle after S_FIN), latched checks (bit 13 = RUNT, GIANT, FCS, MAC, TYPE, TRUNC, .. 0 = FM) */
} comet_rx_ingest_t;

typedef struct {
  uint64_t rst_ni, tdata, tkeep, tvalid, tlast;
  uint64_t own_mac, own_ip, own_port, own_node, bcast_en, slot_free;
} comet_rx_ingest_in_t;

typedef struct {
  uint64_t tready, buf_we, buf_waddr, buf_wdata, st_valid, st_code, st_class, push, push_slot, push_len;
  uint64_t state, wr_slot, crc, usum;
} comet_rx_ingest_out_t;

void comet_rx_ingest_init(comet_rx_ingest_t *m, uint64_t seed);
void comet_rx_ingest_eval(const comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in,
                          comet_rx_ingest_out_t *out);
void comet_rx_ingest_tick(comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in);
#endif
