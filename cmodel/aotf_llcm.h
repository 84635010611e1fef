// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_llcm.v: LLCM, 2 banks (even/odd words) x 8 byte lanes of nic_ram,
 * init sweep, 3-cycle host read with write-first per-lane forwarding. */
#ifndef AOTF_LLCM_H
#define AOTF_LLCM_H
#include <stdint.h>
#include "nic_ram.h"

typedef struct {
  uint32_t words; /* 64-bit words, power of two >= 4 */
} aotf_llcm_cfg_t;

typedef struct {
  uint32_t words, wa, lb;
  nic_ram_t ram[2][8]; /* [bank][lane] */
  int busy;
  uint32_t swp;
  int rvalid, rzero, rbank;
  uint8_t fsel;
  uint64_t fdat;
  int rvalid2;     /* read stage 2: the word two cycles after rd_en */
  uint64_t rdata2;
  int rvalid3;     /* read stage 3: rd_valid/rd_data three cycles after rd_en */
  uint64_t rdata3;
} aotf_llcm_t;

typedef struct {
  int rst_ni, init, wr_en;
  uint32_t wr_word;
  uint64_t wr_data[2]; /* [0] = word W, [1] = word W+1 */
  uint32_t wr_be;      /* 16 bits */
  int rd_en;
  uint32_t rd_addr;
} aotf_llcm_in_t;

typedef struct {
  int busy, busy_d, rd_valid; /* busy_d: busy of the next cycle */
  uint64_t rd_data;
  uint32_t dbg_we; /* {odd lanes, even lanes} */
} aotf_llcm_out_t;

int aotf_llcm_init(aotf_llcm_t *m, const aotf_llcm_cfg_t *cfg, uint64_t seed);
void aotf_llcm_free(aotf_llcm_t *m);
void aotf_llcm_eval(const aotf_llcm_t *m, const aotf_llcm_in_t *in, aotf_llcm_out_t *out);
void aotf_llcm_tick(aotf_llcm_t *m, const aotf_llcm_in_t *in);
/* aotf_llcm_eval followed by aotf_llcm_tick with the same inputs (one combinational pass) */
void aotf_llcm_step(aotf_llcm_t *m, const aotf_llcm_in_t *in, aotf_llcm_out_t *out);
uint64_t aotf_llcm_collisions(const aotf_llcm_t *m);
#endif
