// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_tx_egress.v */
#ifndef COMET_TX_EGRESS_H
#define COMET_TX_EGRESS_H
#include <stdint.h>

/* one beat of the egress pipeline (stages G, V, B, A) */
typedef struct {
  uint32_t valid, first, last, nz, kd, kf, idx, bytes;
  uint64_t data;
} comet_tx_eg_beat_t;

typedef struct {
  uint32_t busy, rd_slot, ready;
  uint32_t d_len[2], d_psum[2], d_ip[2], d_port[2];
  uint64_t d_mac[2];
  uint64_t h_dmac, h_smac;
  uint32_t h_sip, h_dip, h_sport, h_dport, h_id, h_ipcs, h_ucs, h_len;
  uint32_t beat, crc, prev, ipid;
  uint64_t rdq;             /* RAM read data register (one word ahead) */
  int32_t rd, rf;           /* dend - base, fend - base of the generator beat */
  uint32_t h_bytes;         /* fend + 4 */
  uint32_t h_k;             /* CRC prefix length (-fend) mod 8 */
  /* G, V, B and A pipeline stages (m_axis = A + FCS lanes from ~crc); v_vd = the beat realigned
   * for the CRC, b_g = its CRC data term (see rtl/comet_tx_egress.v) */
  comet_tx_eg_beat_t g, v, b, a;  /* first / nz unused in A */
  uint32_t g_k, v_init, b_g;
  uint64_t v_vd;
} comet_tx_egress_t;

typedef struct {
  uint64_t rst_ni, tready;
  uint64_t push, push_slot, push_len, push_psum, push_ip, push_mac, push_port;
  uint64_t src_mac, src_ip, src_port, csum_en, ipid_we, ipid_wdata;
  uint64_t buf_rdata;
} comet_tx_egress_in_t;

typedef struct {
  uint64_t tdata, tkeep, tvalid, tlast;
  uint64_t buf_re, buf_raddr, slot_free, slot_ready, busy, rd_slot, done, done_bytes, ipid, crc;
} comet_tx_egress_out_t;

void comet_tx_egress_init(comet_tx_egress_t *m, uint64_t seed);
void comet_tx_egress_eval(const comet_tx_egress_t *m, const comet_tx_egress_in_t *in,
                          comet_tx_egress_out_t *out);
void comet_tx_egress_tick(comet_tx_egress_t *m, const comet_tx_egress_in_t *in);
#endif
