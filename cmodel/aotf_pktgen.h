// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_pktgen.v: header seed RAM (one RAM per way) with its write stage, packet
 * slots, the early beat-0/1/2 reads, stages R, S and P, 5-entry output buffer. */
#ifndef AOTF_PKTGEN_H
#define AOTF_PKTGEN_H
#include <stdint.h>
#include "nic_ram.h"

typedef struct {
  int v;
  uint32_t set, way, off, len, user;
  uint32_t fmt; /* header format {en, words-1, rpos, lpos} (13 bits; en = 0: the 32-byte layout) */
  uint64_t data;
} aotf_pkt_slot_t;
/* header words of a format */
static inline uint32_t aotf_pkt_words(uint32_t fmt) { return (fmt >> 12 & 1) ? ((fmt >> 10) & 3) + 1 : 4; }

typedef struct {
  uint64_t data;
  uint32_t keep, last, user;
} aotf_beat_t;

/* a beat on its way to the buffer: fields decided at issue */
typedef struct {
  int v, ram;             /* valid; takes the seed RAM data (lane way) */
  uint32_t way, keep, last, user;
  uint64_t msk, val;      /* bits replaced (msk) by val */
} aotf_pg_beat_t;

#define AOTF_PG_NB 5 /* output buffer entries */

typedef struct {
  uint32_t sets;
  aotf_pkt_slot_t cur, next;
  uint32_t beat;
  int ea, ea2, eb;        /* E0 read last cycle, two cycles ago; E1 read last cycle */
  aotf_pg_beat_t r, s, p; /* stages R (RAM data on the RAM output), S (data in sq), P (in sqp) */
  uint64_t sq[4];         /* RAM output register, lane = way */
  uint64_t sqp[4];        /* its copy one cycle later (stage P) */
  uint32_t vw1, vw2;      /* way of a view read, 1 and 2 cycles later */
  uint32_t occ;
  aotf_beat_t b[AOTF_PG_NB];
  /* write stage: the write request of last cycle, written into the RAM this cycle */
  int wq_v;
  uint32_t wq_we;         /* lane enables (one-hot or 0) */
  uint32_t wq_addr;       /* {set, way, word} */
  uint64_t wq_data;
  nic_ram_t ram[4]; /* lane (way) l: sets*4 x 64, address {set, word} */
} aotf_pktgen_t;

typedef struct {
  int rst_ni, spec0, spec1, load, csr_seed_rd, tready; /* spec0: HTLB TAG, spec1: LOOK */
  int csr_seed_wr; /* seed write request (CSR or walker; to the write stage) */
  uint32_t spec_set, load_set, load_way, load_off, load_len, load_user, load_fmt, csr_seed_addr;
  uint32_t csr_seed_rd_addr; /* view read (csr_seed_rd = HTLB_IDX write): the index being written */
  uint64_t load_data, csr_seed_wdata;
} aotf_pktgen_in_t;

typedef struct {
  int next_free, tvalid, tlast, ret;
  uint32_t tkeep, ret_user, dbg;
  uint64_t tdata, seed_rd;
} aotf_pktgen_out_t;

/* next-state controls of one cycle (aotf_pktgen_comb) */
typedef struct {
  int pop, issue, finish, cur_free, early0, early1, early2, commit;
  uint32_t rd_lanes; /* RAM lanes read for use (RTL: all, every cycle) */
  uint32_t rd_addr;
  aotf_beat_t w; /* the beat of stage P, formatted */
} aotf_pktgen_ctl_t;

int aotf_pktgen_init(aotf_pktgen_t *m, uint32_t sets, uint64_t seed);
void aotf_pktgen_free(aotf_pktgen_t *m);
/* seed RAM read / write collisions of the four lanes */
uint64_t aotf_pktgen_collisions(const aotf_pktgen_t *m);
/* view read data (state only): lane vw2 of the RAM output register */
static inline uint64_t aotf_pktgen_view(const aotf_pktgen_t *m) { return m->sq[m->vw2 & 3]; }
void aotf_pktgen_eval(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *out);
void aotf_pktgen_tick(aotf_pktgen_t *m, const aotf_pktgen_in_t *in);
/* the cycle in two parts that compute the combinational logic once: aotf_pktgen_comb gives the
 * outputs (as aotf_pktgen_eval) and the next-state controls c; aotf_pktgen_update(m, in, c) with
 * the same inputs is the clock edge (as aotf_pktgen_tick) */
void aotf_pktgen_comb(const aotf_pktgen_t *m, const aotf_pktgen_in_t *in, aotf_pktgen_out_t *out, aotf_pktgen_ctl_t *c);
void aotf_pktgen_update(aotf_pktgen_t *m, const aotf_pktgen_in_t *in, const aotf_pktgen_ctl_t *c);
#endif
