// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/nic_switch.v (with nic_switch_in, nic_switch_arb, nic_switch_csr): packet switch
 * with virtual output queues (linked lists in a shared buffer per input), pipelined iSLIP unicast
 * (cfg iters iterations per cycle, the match applied in the next cycle) and reserved multicast connections, forwarding
 * tables on the CSR bus. The core takes RADIX-wide signal arrays (nic_switch_sig_*); the lockstep
 * entry points nic_switch_eval / nic_switch_tick map the ports of rtl/nic_switch_ls4.v
 * (RADIX = 4). docs/reference/nic_switch.md describes the behaviour. */
#ifndef NIC_SWITCH_H
#define NIC_SWITCH_H
#include <stdint.h>
#include "nic_ports.h"
#include "nic_ram.h"
#include "nic_switch_ports.h"

LS_DECLARE_PORTS(nic_switch)

#define NSW_MAXR 32
#define NSW_MAXQ (NSW_MAXR + 1)

typedef struct {
  uint32_t radix, lft_depth, mft_depth, buf_beats, iters;
} nic_switch_cfg_t;

typedef struct {
  int rst_ni;
  uint64_t s_tdata[NSW_MAXR];
  uint32_t s_tkeep[NSW_MAXR];
  int s_tvalid[NSW_MAXR], s_tlast[NSW_MAXR], m_tready[NSW_MAXR];
  int csr_req, csr_we;
  uint32_t csr_addr, csr_wdata;
} nic_switch_sig_in_t;

typedef struct {
  int s_tready[NSW_MAXR];
  uint64_t m_tdata[NSW_MAXR];
  uint32_t m_tkeep[NSW_MAXR];
  int m_tvalid[NSW_MAXR], m_tlast[NSW_MAXR];
  int csr_ack;
  uint32_t csr_rdata;
} nic_switch_sig_out_t;

typedef struct { /* one input port (rtl/nic_switch_in.v) */
  int st_v, st_last, st_first, in_pkt, rt_drop, conn_act, rv;
  uint64_t st_data;
  uint32_t st_keep, rt_q, conn_q, conn_mask, taken;
  uint32_t head[NSW_MAXQ], tail[NSW_MAXQ], cnt[NSW_MAXQ];
  uint32_t nonempty; /* bit o: cnt[o] != 0 (o < radix), kept with cnt for the arbiter */
  int lnk, fv; /* read register holds queue lq's next head; free FIFO head valid */
  uint32_t lq, fr, fn, fwp, frp; /* never-used slot counter, free FIFO count and pointers */
  uint32_t mf[4], mf_wp, mf_rp, mf_n;
  uint32_t ptail[NSW_MAXQ]; /* slot of each queue's latest beat (the one before the tail) */
  int nlok, nlbyp; /* next-is-last of the read beat: from the nl RAM, else nlbyp */
  uint64_t lastw; /* bit q: tlast of queue q's latest beat */
  /* CRC check pipeline (rtl/nic_switch_in.v): A the accepted beat, B its G, the loop, C the
   * trailer's F_n and G, D the mismatch */
  int ce_pkt, ca_v, ca_first, ca_last, cb_v, cb_first, cb_last, cc_v, cerr;
  uint64_t ca_data;
  uint32_t ca_keep, ca_n, cb_g, cb_n, crc, cn, cc_h, cc_g;
  nic_ram_t lft, mft, buf, fl, nl;
} nsw_in_t;

typedef struct {
  uint32_t radix, lft_depth, mft_depth, buf_beats, iters;
  uint32_t nq, aw, rmask;
  nsw_in_t in[NSW_MAXR];
  /* arbiter (rtl/nic_switch_arb.v) */
  uint32_t gptr[NSW_MAXR], aptr[NSW_MAXR];
  uint32_t mv, mo[NSW_MAXR], rdy; /* registered match (input i to output mo[i]), last tready */
  int mc_res;
  uint32_t mc_in, mc_rr, mc_mask;
  /* CSR block (rtl/nic_switch_csr.v) */
  int ack, twl, twm, init;
  uint32_t sel, rdata, eth, blk, idx, blkwr, grp, twa, twld, twmd, ia;
  uint32_t cnt[4]; /* DROP_UNKNOWN, DROP_RANGE, DROP_RUNT, DROP_MCAST_EMPTY */
  uint32_t crcm, csel, crc_err, crc_err_port[NSW_MAXR]; /* CRC_CHECK, CRC_ERR_SEL, CRC_ERR, per input */
  nic_ram_t lft, mft;
} nic_switch_t;

int nic_switch_init(nic_switch_t *m, const nic_switch_cfg_t *cfg, uint64_t seed);
void nic_switch_free(nic_switch_t *m);
void nic_switch_sig_eval(const nic_switch_t *m, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out);
void nic_switch_sig_tick(nic_switch_t *m, const nic_switch_sig_in_t *in);
/* nic_switch_sig_eval followed by nic_switch_sig_tick with the same inputs, computing the
 * combinational logic once (the same outputs and next state) */
void nic_switch_sig_step(nic_switch_t *m, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out);
/* the first output of ports 0..radix-1 and the CSR bus where a (e.g. the RTL) and b (the model)
 * differ: stream data, keep and last only while b's tvalid, csr_rdata only while b acks.
 * Returns 0 when they agree, else 1 with the signal, port and both values in *d */
typedef struct {
  const char *signal;
  unsigned port;
  uint64_t a, b;
} nic_switch_sig_diff_t;
int nic_switch_sig_diff(const nic_switch_sig_out_t *a, const nic_switch_sig_out_t *b, unsigned radix,
                        nic_switch_sig_diff_t *d);
/* lockstep ports (RADIX = 4, rtl/nic_switch_ls4.v) */
void nic_switch_eval(const nic_switch_t *m, const nic_switch_in_t *in, nic_switch_out_t *out);
void nic_switch_tick(nic_switch_t *m, const nic_switch_in_t *in);
/* total nic_ram read/write collisions of every table and buffer RAM */
uint64_t nic_switch_collisions(const nic_switch_t *m);
#endif
