/* C model of rtl/comet_tx_egress.v */
#ifndef COMET_TX_EGRESS_H
#define COMET_TX_EGRESS_H
#include <stdint.h>

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
  uint32_t g_valid, g_first, g_last, g_nz, g_kd, g_kf, g_idx, g_bytes, g_k;
  uint64_t g_data;
  uint32_t v_valid, v_first, v_last, v_nz, v_kd, v_kf, v_idx, v_bytes, v_init;
  uint64_t v_data, v_vd;
  uint32_t b_valid, b_first, b_last, b_nz, b_kd, b_kf, b_idx, b_bytes, b_g;
  uint64_t b_data;
  uint32_t a_valid, a_last, a_kd, a_kf, a_idx, a_bytes;
  uint64_t a_data;
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
