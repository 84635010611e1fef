/* C model of rtl/comet_rx_ingest.v */
#ifndef COMET_RX_INGEST_H
#define COMET_RX_INGEST_H
#include <stdint.h>

typedef struct {
  uint32_t state, wr_slot, widx, bytes, crc;
  uint64_t dmac;
  uint32_t type, frag, tl, dport, ulen, ucs, fmnode, fmlen, verihl, proto, sip, dip, ipsum, usum;
} comet_rx_ingest_t;

typedef struct {
  uint64_t rst_ni, tdata, tkeep, tvalid, tlast;
  uint64_t own_mac, own_ip, own_port, own_node, bcast_en, slot_free;
} comet_rx_ingest_in_t;

typedef struct {
  uint64_t tready, buf_we, buf_waddr, buf_wdata, st_valid, st_code, push, push_slot, push_len;
  uint64_t state, wr_slot, crc, usum;
} comet_rx_ingest_out_t;

void comet_rx_ingest_init(comet_rx_ingest_t *m, uint64_t seed);
void comet_rx_ingest_eval(const comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in,
                          comet_rx_ingest_out_t *out);
void comet_rx_ingest_tick(comet_rx_ingest_t *m, const comet_rx_ingest_in_t *in);
#endif
