// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_link.v: the node link layer (LINK trailer with CRC-32, per-destination
 * sequence numbers, acknowledgements, go-back-N retransmission from a retransmit buffer). */
#ifndef AOTF_LINK_H
#define AOTF_LINK_H
#include <stdint.h>
#include "aotf_link_ports.h"
#include "nic_ports.h"
#include "nic_ram.h"

LS_DECLARE_PORTS(aotf_link)

#define AOTF_LINK_MAXN 64   /* largest MAX_NODES */
#define AOTF_LINK_MAXP 256  /* largest BUF_PKTS */
#define AOTF_LINK_NCNT 11
enum { ALK_TXP, ALK_RETX, ALK_TO, ALK_ACKTX, ALK_ACKRX, ALK_CRC, ALK_DUP, ALK_OOO, ALK_DEL, ALK_UNSEQ, ALK_FAST };

typedef struct {
  uint32_t max_nodes, buf_beats, buf_pkts, max_pkt_beats; /* powers of two except the last */
} aotf_link_cfg_t;

typedef struct {
  aotf_link_cfg_t cfg;
  nic_ram_t ram; /* retransmit buffer: word 0 tdata, word 1 {tlast, tkeep} */
  /* transmit */
  uint32_t tst, out_v, out_l, out_k, crct, trl_ack, cur_rel, cur_dst, cur_seq, nb;
  uint64_t out_d;
  uint32_t wp, bh, rp, occ, rleft, rv, rpl_req, pth, ptt, pcnt, tmr, rto;
  /* head of the packet table (entry pth), rtl hr_q / hv_q / av_q / hfree_q: the table's read
   * data holds it; hd holds it; hasel holds acked[hd dst] of the last cycle; free it now */
  uint32_t hr, hv, av, hfree, hasel;
  uint64_t hd;
  uint16_t nseq[AOTF_LINK_MAXN], ackd[AOTF_LINK_MAXN], exp[AOTF_LINK_MAXN];
  uint8_t pend[AOTF_LINK_MAXN], gap[AOTF_LINK_MAXN]; /* pending ACK; it reports a gap */
  nic_ram_t pt; /* packet table: {beats[6:0], seq[15:0], dst} per stored packet */
  uint32_t aany, ahold, aidx, aexp, agap; /* the next ACK, from the registers of the last cycle */
  /* receive */
  uint32_t rxf, h_v, h_k, crcr, pk_src, pk_aseq, pk_ack, pk_gap;
  uint64_t h_d;
  /* the trailer accepted in the last cycle */
  uint32_t rt_v, rt_runt, rt_ok, rt_tsq, rt_srcin, rt_ack, rt_gap, rt_alt, rt_nne, rt_src, rt_tseq,
      rt_aseq, rt_exps;
  uint32_t inc[AOTF_LINK_NCNT]; /* counter increments of the last cycle */
  uint32_t cnt[AOTF_LINK_NCNT];
  uint32_t ack, rdata;
  uint32_t fr_v, fr_src, fr_seq; /* the repeated ACK that started the last fast replay */
} aotf_link_t;

int aotf_link_init(aotf_link_t *m, const aotf_link_cfg_t *cfg, uint64_t seed);
void aotf_link_free(aotf_link_t *m);
/* off-and-idle state: with crc_en_i 0 the layer is a pass-through with no state change */
int aotf_link_idle(const aotf_link_t *m);
void aotf_link_eval(const aotf_link_t *m, const aotf_link_in_t *in, aotf_link_out_t *out);
void aotf_link_tick(aotf_link_t *m, const aotf_link_in_t *in);
/* one cycle: aotf_link_eval then aotf_link_tick with the same inputs */
void aotf_link_step(aotf_link_t *m, const aotf_link_in_t *in, aotf_link_out_t *out);
#endif
