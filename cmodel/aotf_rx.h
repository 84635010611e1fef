// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_rx.v: AOTF receive path (parser/checker, protection table, write
 * buffer, CSRs) composed with the LLCM model (cmodel/aotf_llcm.c). */
#ifndef AOTF_RX_H
#define AOTF_RX_H
#include <stdint.h>
#include "aotf_llcm.h"
#include "aotf_rx_ports.h"
#include "nic_ports.h"

LS_DECLARE_PORTS(aotf_rx)

#define AOTF_RX_MAX_PT 16
#define AOTF_RX_MAX_WB 16

/* packet events (dbg_ev_o; STATUS bit ev-1) */
enum { AOTF_RX_EV_NONE, AOTF_RX_EV_GOOD, AOTF_RX_EV_TYPE, AOTF_RX_EV_LEN, AOTF_RX_EV_KEEP,
       AOTF_RX_EV_RANGE, AOTF_RX_EV_PROT, AOTF_RX_EV_TRUNC, AOTF_RX_EV_OVERLONG, AOTF_RX_EV_LINK };

typedef struct {
  uint32_t llcm_bytes; /* power of two, 32 .. 128 Ki */
  uint32_t pt_entries; /* power of two, 2 .. 16 */
  uint32_t wb_depth;   /* power of two, 2 .. 16 */
  uint32_t csr_reg;    /* rtl CSR_REG: the CSR request is registered before it acts (0 / 1) */
} aotf_rx_cfg_t;

typedef struct {
  uint32_t lb, ptb;
  aotf_rx_cfg_t cfg;
  aotf_llcm_t llcm;
  /* parser */
  uint32_t beat, dbi; /* dbi: data beat index of the packet (4, 3 or 2) */
  int disc, dev_ty, stall, cf, type_ok, raddr_hi; /* dev_ty: the discard ends as TYPE */
  uint32_t pgid, raddr, len, ev;
  /* write buffer */
  struct { uint32_t addr, len; uint64_t data; } wb[AOTF_RX_MAX_WB];
  uint32_t wb_wr, wb_rd, wb_cnt;
  /* protection table */
  int pt_v[AOTF_RX_MAX_PT];
  uint32_t pt_pgid[AOTF_RX_MAX_PT], pt_base[AOTF_RX_MAX_PT], pt_lim[AOTF_RX_MAX_PT];
  /* CSRs */
  int rx_en;
  uint32_t status, irq_en, pt_idx, hw_addr; /* hw_addr: word address */
  uint64_t hw_data;
  uint32_t cnt[11]; /* 1..8 events, 9 bytes, 0 host writes, 10 LINK (event 9) */
  int ack;
  uint32_t rdata;
  /* CSR request register (cfg.csr_reg; rtl rq_*_q) */
  int cq_req, cq_we;
  uint32_t cq_addr, cq_wdata;
} aotf_rx_t;

int aotf_rx_init(aotf_rx_t *m, const aotf_rx_cfg_t *cfg, uint64_t seed);
void aotf_rx_free(aotf_rx_t *m);
void aotf_rx_eval(const aotf_rx_t *m, const aotf_rx_in_t *in, aotf_rx_out_t *out);
void aotf_rx_tick(aotf_rx_t *m, const aotf_rx_in_t *in);
/* aotf_rx_eval followed by aotf_rx_tick with the same inputs (one combinational pass) */
void aotf_rx_step(aotf_rx_t *m, const aotf_rx_in_t *in, aotf_rx_out_t *out);
#endif
