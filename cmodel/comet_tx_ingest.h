// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/comet_tx_ingest.v */
#ifndef COMET_TX_INGEST_H
#define COMET_TX_INGEST_H
#include <stdint.h>

typedef struct {
  uint32_t nt_depth;
  uint32_t state, wr_slot, widx, bytes, node, flen, psum;
  uint32_t pb, pb_v, pb_first, pre_code, node_bad; /* beat-sum pipeline, S_CHK flags */
  uint32_t lk_req, lk_wait, lk_done, lk_valid, lk_ip, lk_port;
  uint64_t lk_mac;
  uint32_t rdy; /* S_IDLE tready: en && slot_free[wr_slot] of the previous cycle */
} comet_tx_ingest_t;

typedef struct {
  uint64_t rst_ni, en, tdata, tkeep, tvalid, tlast, slot_free, lk_gnt;
  uint64_t lk_data[2]; /* 128-bit node table read data, low word first */
} comet_tx_ingest_in_t;

typedef struct {
  uint64_t tready, lk_req, lk_node, buf_we, buf_waddr, buf_wdata, st_valid, st_code;
  uint64_t push, push_slot, push_len, push_psum, push_ip, push_mac, push_port;
  uint64_t state, wr_slot, psum;
} comet_tx_ingest_out_t;

void comet_tx_ingest_init(comet_tx_ingest_t *m, uint32_t nt_depth, uint64_t seed);
void comet_tx_ingest_eval(const comet_tx_ingest_t *m, const comet_tx_ingest_in_t *in,
                          comet_tx_ingest_out_t *out);
void comet_tx_ingest_tick(comet_tx_ingest_t *m, const comet_tx_ingest_in_t *in);
#endif
