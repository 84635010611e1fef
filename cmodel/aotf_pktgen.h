/* C model of rtl/aotf_pktgen.v: header seed RAM, packet slots, in-flight beat, output buffer. */
#ifndef AOTF_PKTGEN_H
#define AOTF_PKTGEN_H
#include <stdint.h>
#include "nic_ram.h"

typedef struct {
  int v;
  uint32_t set, way, off, len, user;
  uint64_t data;
} aotf_pkt_slot_t;

typedef struct {
  uint64_t data;
  uint32_t keep, last, user;
} aotf_beat_t;

typedef struct {
  uint32_t sets;
  aotf_pkt_slot_t cur, next;
  uint32_t beat;
  int if_v;
  uint32_t if_beat, if_off, if_len, if_user;
  uint64_t if_data;
  uint32_t occ;
  aotf_beat_t b0, b1;
  nic_ram_t ram; /* sets*16 x 64, address {set, way, word} */
} aotf_pktgen_t;

typedef struct {
  int rst_ni, load, csr_seed_wr, csr_seed_rd, tready;
  uint32_t load_set, load_way, load_off, load_len, load_user, csr_seed_addr;
  uint32_t csr_seed_rd_addr; /* view read (csr_seed_rd = HTLB_IDX write): the index being written */
  uint64_t load_data, csr_seed_wdata;
} aotf_pktgen_in_t;

typedef struct {
  int next_free, tvalid, tlast, ret;
  uint32_t tkeep, ret_user, dbg;
  uint64_t tdata, seed_rd;
} aotf_pktgen_out_t;

int aotf_pktgen_init(aotf_pktgen_t *m, uint32_t sets, uint64_t seed);
void aotf_pktgen_free(aotf_pktgen_t *m);
void aotf_pktgen_eval(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *out);
void aotf_pktgen_tick(aotf_pktgen_t *m, const aotf_pktgen_in_t *in);
#endif
