// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_botf.v: the BOTF send path (window memory, owner and header-entry
 * tables, request queue, packet generator, CSRs). Every output is a register: aotf_botf_eval
 * reads no input. */
#ifndef AOTF_BOTF_H
#define AOTF_BOTF_H
#include <stdint.h>
#include "aotf_botf_ports.h"
#include "nic_fifo.h"
#include "nic_ports.h"
#include "nic_ram.h"

LS_DECLARE_PORTS(aotf_botf)

#define AOTF_BOTF_NC 10 /* counters CNT_SENDS .. CNT_ERR_ADDR */

typedef struct {
  uint32_t nwin, hdrs, qdepth; /* rtl NWIN, HDRS, QDEPTH (powers of two) */
} aotf_botf_cfg_t;

/* a beat in the read pipeline (rtl p1_q / p2_q) */
typedef struct {
  uint32_t hdr, k, last, keep, hfmt, len, off, win;
} aotf_botf_meta_t;

/* an output buffer entry (rtl ob_q) */
typedef struct {
  uint64_t data;
  uint32_t keep, last, win, len;
} aotf_botf_ob_t;

typedef struct {
  aotf_botf_cfg_t cfg;
  uint32_t ww, hw;
  nic_ram_t win, seed, own, hcfg;
  nic_fifo_t q;
  /* CSR request register and response */
  uint32_t cq_req, cq_we, cq_addr, cq_wdata, ack, rdata;
  /* CSR registers */
  uint32_t winv, own_idx, hdr_ent, hdr_word, seed_lo;
  uint8_t own_v[256], hdr_v[256], busy[256];
  /* store stage */
  uint32_t s1_v, s1_addr, s1_be;
  uint64_t s1_data;
  /* the store's own checks made before s1 (rtl pa_bad_q, pa_send_q, pl_bad_q, ph_oor_q, po_v_q, ph_v_q) */
  uint32_t pa_bad, pa_send, pl_bad, ph_oor, po_v, ph_v;
  /* s2: the checked store acting (rtl s2_*_q) */
  uint32_t s2_wr, s2_push, s2_win, s2_word, s2_be;
  uint64_t s2_data, s2_qin;
  uint32_t qcount;
  /* generator */
  uint32_t g_act, g_beat, g_left, g_last, g_ih, g_dw, g_nh, g_win, g_hdr, g_len, g_off, g_hfmt;
  uint32_t qpop;  /* rtl qpop_q: the pop of the previous cycle (queue count) */
  uint32_t s2_ev; /* rtl s2_ev_q: the store outcome of the previous cycle (counters) */
  uint32_t p1_v, p2_v;
  aotf_botf_meta_t p1, p2;
  uint64_t sd, wd;
  aotf_botf_ob_t ob[8];
  uint32_t ob_wp, ob_rp, ob_cnt, room;
  uint32_t cnt[AOTF_BOTF_NC];
} aotf_botf_t;

int aotf_botf_init(aotf_botf_t *m, const aotf_botf_cfg_t *cfg, uint64_t seed);
void aotf_botf_free(aotf_botf_t *m);
/* the outputs (registers only: in is not read and may be NULL) */
void aotf_botf_eval(const aotf_botf_t *m, const aotf_botf_in_t *in, aotf_botf_out_t *out);
void aotf_botf_tick(aotf_botf_t *m, const aotf_botf_in_t *in);
void aotf_botf_step(aotf_botf_t *m, const aotf_botf_in_t *in, aotf_botf_out_t *out);
uint64_t aotf_botf_collisions(const aotf_botf_t *m);
#endif
