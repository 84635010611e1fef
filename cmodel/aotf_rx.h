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
#define AOTF_RX_MAX_TLB 16

/* packet events (dbg_ev_o; STATUS bit ev-1) */
enum { AOTF_RX_EV_NONE, AOTF_RX_EV_GOOD, AOTF_RX_EV_TYPE, AOTF_RX_EV_LEN, AOTF_RX_EV_KEEP,
       AOTF_RX_EV_RANGE, AOTF_RX_EV_PROT, AOTF_RX_EV_TRUNC, AOTF_RX_EV_OVERLONG, AOTF_RX_EV_LINK,
       AOTF_RX_EV_MISS };

typedef struct {
  uint32_t llcm_bytes; /* power of two, 32 .. 128 Ki */
  uint32_t pt_entries; /* power of two, 2 .. 16 */
  uint32_t wb_depth;   /* power of two, 2 .. 16 */
  uint32_t csr_reg;    /* rtl CSR_REG: the CSR request is registered before it acts (0 / 1) */
  uint32_t tlb_entries; /* power of two, 2 .. 16; 0 = 8 (the rtl default) */
} aotf_rx_cfg_t;

typedef struct {
  uint32_t lb, ptb, tb;
  aotf_rx_cfg_t cfg;
  aotf_llcm_t llcm;
  /* parser */
  uint32_t beat, dbi; /* dbi: data beat index of the packet (4, 3 or 2) */
  int disc, dev_ty, stall, cf, type_ok, raddr_hi; /* dev_ty: the discard ends as TYPE */
  uint32_t pgid, raddr, len, ev;
  int skip, botf, kbad;
  uint32_t pid, region, dcnt;
  /* BOTF packet buffer (rtl aotf_rx_pbuf): 2 slots, fill / reserved / drain slot, drain index,
   * the drained word's push (pv, pa, pl, prd: the RAM read register) */
  uint64_t pb[2][64];
  int pb_st[2]; /* 0 free, 1 reserved (TLB), 2 ready */
  uint32_t pb_base[2], pb_len[2], pb_fill, pb_rs, pb_dr, pb_di;
  int pb_pv, pb_pv2;
  uint32_t pb_pa, pb_pl, pb_pa2, pb_pl2;
  uint64_t pb_prd, pb_rd;
  /* receive TLB (rtl aotf_rx_tlb) */
  int tlb_v[AOTF_RX_MAX_TLB];
  uint32_t tlb_pgid[AOTF_RX_MAX_TLB], tlb_pid[AOTF_RX_MAX_TLB], tlb_rg[AOTF_RX_MAX_TLB];
  uint32_t tlb_vb[AOTF_RX_MAX_TLB], tlb_vl[AOTF_RX_MAX_TLB], tlb_pb[AOTF_RX_MAX_TLB], tlb_idx;
  uint32_t tlb_dl[AOTF_RX_MAX_TLB]; /* pbase - vbase of the previous cycle's table (rtl dl_q) */
  int tlb_dw;                       /* a VBASE / PBASE write in the previous cycle (rtl dw_q) */
  int hv, fresh, missed;                      /* hold register state */
  uint32_t h_pgid, h_pid, h_rg, h_raddr, h_len;
  int h_botf;
  uint64_t h_data;
  int res_m[AOTF_RX_MAX_TLB], res_ok[AOTF_RX_MAX_TLB]; /* per-entry lookup, registered */
  uint32_t res_ph[AOTF_RX_MAX_TLB];
  int d_fresh, d_hit, d_ok; /* the lowest matching entry's verdict, registered (rtl d_*_q) */
  uint32_t d_ph;
  uint32_t miss_pgid, miss_pid, miss_rg, miss_addr;
  /* write buffer */
  struct { uint32_t addr, len; uint64_t data; } wb[AOTF_RX_MAX_WB];
  uint32_t wb_wr, wb_rd, wb_cnt;
  /* protection table */
  int pt_v[AOTF_RX_MAX_PT];
  uint32_t pt_pgid[AOTF_RX_MAX_PT], pt_base[AOTF_RX_MAX_PT], pt_lim[AOTF_RX_MAX_PT];
  /* CSRs */
  int rx_en;
  uint32_t status, irq_en, pt_idx, hw_addr; /* hw_addr: word address */
  int sev;                                   /* last cycle's event: sets its STATUS bit */
  uint64_t hw_data;
  int hw_q;       /* the host write (HW_CMD) of the previous cycle: written to the LLCM now */
  uint32_t hw_be; /* its byte enables */
  uint32_t cnt[12]; /* 1..8 events, 9 bytes, 0 host writes, 10 LINK (event 9), 11 MISS (event 10) */
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
