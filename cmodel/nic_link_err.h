// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/nic_link_err.v: error-injecting AXI4-Stream link stage (per packet: drop,
 * corrupt one bit, duplicate, with probabilities thr / 2^32 from a seeded xorshift32;
 * docs/reference/nic_link_err.md). */
#ifndef NIC_LINK_ERR_H
#define NIC_LINK_ERR_H
#include <stdint.h>
#include "nic_link_err_ports.h"
#include "nic_ports.h"
#include "nic_ram.h"

LS_DECLARE_PORTS(nic_link_err)

typedef struct {
  uint32_t max_beats; /* power of two >= 2: the duplicate buffer */
} nic_link_err_cfg_t;

/* the xorshift32 step of the generator (also used by benches that predict it) */
static inline uint32_t nic_link_err_xs32(uint32_t x) {
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return x;
}
#define NIC_LINK_ERR_SEED0 0x2545F491u /* replaces a zero seed */

enum { NIC_LINK_ERR_S_PASS = 0, NIC_LINK_ERR_S_RD = 1, NIC_LINK_ERR_S_REP = 2 };

typedef struct {
  uint32_t max_beats, bw;
  nic_ram_t buf;
  uint32_t r[4]; /* draws of the next packet */
  uint32_t st, inpk, drop, cor, dup, tgt, bit, idx, ridx;
  uint32_t cdrop, ccor, cdup, cpkts;
} nic_link_err_t;

int nic_link_err_init(nic_link_err_t *m, const nic_link_err_cfg_t *cfg, uint64_t seed);
void nic_link_err_free(nic_link_err_t *m);
void nic_link_err_eval(const nic_link_err_t *m, const nic_link_err_in_t *in, nic_link_err_out_t *out);
void nic_link_err_tick(nic_link_err_t *m, const nic_link_err_in_t *in);
/* one clock cycle: nic_link_err_eval(m, in, out) followed by nic_link_err_tick(m, in) */
void nic_link_err_step(nic_link_err_t *m, const nic_link_err_in_t *in, nic_link_err_out_t *out);
#endif
