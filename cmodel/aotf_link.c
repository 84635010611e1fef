// SPDX-License-Identifier: Apache-2.0
#include "aotf_link.h"
#include <string.h>
#include "nic_pkg.h"

enum { T_IDLE, T_NEW, T_TRL, T_RPL };
#define RESIDUE 0xDEBB20E3u

static uint64_t mix(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* index bits of a table of n entries (n a power of two) */
static uint32_t nwidth(uint32_t n) {
  uint32_t w = 0;
  while ((1u << w) < n) w++;
  return w;
}

int aotf_link_init(aotf_link_t *m, const aotf_link_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (cfg->max_nodes < 2 || cfg->max_nodes > AOTF_LINK_MAXN || (cfg->max_nodes & (cfg->max_nodes - 1)) ||
      cfg->buf_pkts < 2 || cfg->buf_pkts > AOTF_LINK_MAXP || (cfg->buf_pkts & (cfg->buf_pkts - 1)) ||
      (cfg->buf_beats & (cfg->buf_beats - 1)) || cfg->max_pkt_beats < 3 || cfg->max_pkt_beats > 127 ||
      cfg->buf_beats < cfg->max_pkt_beats)
    return -1;
  m->cfg = *cfg;
  /* power-up: payload registers arbitrary (the bench resets first) */
  uint64_t s = seed;
  m->out_d = mix(&s);
  m->h_d = mix(&s);
  m->crct = (uint32_t)mix(&s);
  m->crcr = (uint32_t)mix(&s);
  m->pk_src = (uint32_t)mix(&s) & 0xffff;
  m->cur_seq = (uint32_t)mix(&s) & 0xffff;
  if (nic_ram_init(&m->pt, cfg->buf_pkts, nwidth(cfg->max_nodes) + 23, 1, seed ^ 0x4c4e54ull)) return -1;
  return nic_ram_init(&m->ram, cfg->buf_beats, 73, 1, seed ^ 0x4c4e4bull);
}

void aotf_link_free(aotf_link_t *m) {
  nic_ram_free(&m->ram);
  nic_ram_free(&m->pt);
}

int aotf_link_idle(const aotf_link_t *m) {
  return m->tst == T_IDLE && !m->out_v && m->pcnt == 0 && !m->rpl_req && !m->rt_v && !m->rt_runt;
}

/* raw CRC-32 register (reflected 0xEDB88320) after the first n bytes of d, byte 0 first (the
 * function of rtl/comet_crc32_d64.v) */
static uint32_t crc_d64(uint32_t crc, uint64_t d, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    crc ^= (uint32_t)(d >> (8 * i)) & 0xff;
    for (int b = 0; b < 8; b++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return crc;
}

static unsigned nbytes(uint32_t k) {
  for (int i = 7; i >= 0; i--)
    if ((k >> i) & 1) return (unsigned)i + 1;
  return 0;
}

static int lt16(uint32_t a, uint32_t b) { return ((a - b) & 0xffff) >= 0x8000; }

typedef struct {
  /* outputs */
  aotf_link_out_t o;
  /* transmit decisions */
  int ld, ld_l, ack_clr, push, ram_we, ram_re, r_issue, ack_adv, fast;
  uint64_t ld_d, ram_wd0;
  uint32_t ld_k, ram_wd1, inc[AOTF_LINK_NCNT];
  uint32_t crct_d, trl_ack_d, cur_rel_d, cur_dst_d, cur_seq_d, nb_d, wp_d, rp_d, rleft_d, rv_d, rpl_req_d,
      tst_d, tmr_d;
  /* receive: the trailer beat of this cycle (rtl rx_trl / rx_runt, captured in rt_*) */
  int rx_acc, crc_ok, tsq, src_in, rx_trl, rx_runt;
  uint32_t crc_rx, exps, tseq, src;
} comb_t;

static void comb(const aotf_link_t *m, const aotf_link_in_t *in, comb_t *c) {
  memset(c, 0, sizeof(*c));
  const aotf_link_cfg_t *g = &m->cfg;
  uint32_t nmask = g->max_nodes - 1, bmask = g->buf_beats - 1;
  int crc_en = (int)(in->crc_en_i & 1), rel_en = (int)(in->rel_en_i & 1);
  c->src = m->pk_src & nmask;
  if (!crc_en && aotf_link_idle(m)) {
    /* layer off and idle: the pass-through alone (the full evaluation gives the same) */
    aotf_link_out_t *o = &c->o;
    c->tst_d = T_IDLE; c->crct_d = m->crct; c->trl_ack_d = m->trl_ack; c->cur_rel_d = m->cur_rel;
    c->cur_dst_d = m->cur_dst; c->cur_seq_d = m->cur_seq; c->nb_d = m->nb; c->wp_d = m->wp; c->rp_d = m->rp;
    c->rleft_d = m->rleft; c->rv_d = m->rv; c->rpl_req_d = 0; c->tmr_d = 0;
    o->csr_ack_o = m->ack;
    o->csr_rdata_o = m->rdata;
    o->s_tx_tready = in->m_axis_tready & 1;
    o->m_axis_tdata = in->s_tx_tdata;
    o->m_axis_tkeep = in->s_tx_tkeep & 0xff;
    o->m_axis_tvalid = in->s_tx_tvalid & 1;
    o->m_axis_tlast = in->s_tx_tlast & 1;
    o->s_axis_tready = in->m_rx_tready & 1;
    o->m_rx_tdata = in->s_axis_tdata;
    o->m_rx_tkeep = in->s_axis_tkeep & 0xff;
    o->m_rx_tvalid = in->s_axis_tvalid & 1;
    o->m_rx_tlast = in->s_axis_tlast & 1;
    o->m_rx_tuser = 0;
    o->dbg_occ_o = m->occ & 0xffff;
    o->dbg_tx_state_o = m->tst;
    return;
  }
  int out_free = !m->out_v || (in->m_axis_tready & 1);
  int room = !rel_en || (m->occ <= g->buf_beats - g->max_pkt_beats && m->pcnt != g->buf_pkts);
  uint64_t ack_hdr = ((uint64_t)m->aexp << 48) | ((uint64_t)m->agap << ACK_HDR_FLAGS_LSB) |
                     ((uint64_t)(PTYPE_ACK & 0xff) << 32) | ((in->node_id_i & 0xffff) << 16) | m->aidx;
  int s_in_rng = (in->s_tx_tdata & 0xffff) < g->max_nodes;
  int trl_seq = m->cur_rel && !m->trl_ack;
  uint32_t trl_lo = ((uint32_t)trl_seq << 16) | (trl_seq ? m->cur_seq : 0);
  uint32_t trl_crc = m->tst == T_TRL ? ~crc_d64(m->crct, trl_lo, 4) : 0;
  /* crct is all ones in T_IDLE (rtl: no start mux in front of the stream's CRC unit) */
  int ackh = m->tst == T_IDLE && m->aany;
  uint32_t crc_tx = (!crc_en && m->tst == T_IDLE) ? 0
                    : ackh ? crc_d64(0xFFFFFFFFu, ack_hdr, 8)
                           : crc_d64(m->crct, in->s_tx_tdata, nbytes((uint32_t)in->s_tx_tkeep));

  /* acknowledgement verdicts of the trailer registered in the last cycle */
  int ack_in = m->rt_v && m->rt_ack && m->rt_ok && rel_en && m->rt_srcin;
  c->ack_adv = ack_in && m->rt_alt;
  int ack_rep = ack_in && m->rt_gap && m->rt_nne &&
                !(m->fr_v && m->fr_src == m->rt_src && m->fr_seq == m->rt_aseq);

  int s_tx_rdy = 0;
  c->tst_d = m->tst; c->crct_d = m->crct; c->trl_ack_d = m->trl_ack; c->cur_rel_d = m->cur_rel;
  c->cur_dst_d = m->cur_dst; c->cur_seq_d = m->cur_seq; c->nb_d = m->nb; c->wp_d = m->wp; c->rp_d = m->rp;
  c->rleft_d = m->rleft; c->rv_d = m->rv; c->rpl_req_d = m->rpl_req;
  c->ld_d = in->s_tx_tdata; c->ld_k = (uint32_t)in->s_tx_tkeep & 0xff;
  c->ram_wd0 = in->s_tx_tdata; c->ram_wd1 = (uint32_t)in->s_tx_tkeep & 0xff;
  switch (m->tst) {
    case T_IDLE:
      if (crc_en && out_free && !m->ahold) {
        if (m->aany) {
          c->ld = 1; c->ld_d = ack_hdr; c->ld_k = 0xff;
          c->crct_d = crc_tx; c->trl_ack_d = 1; c->cur_rel_d = 0; c->ack_clr = 1;
          c->inc[ALK_ACKTX] = 1;
          c->tst_d = T_TRL;
        } else if (m->rpl_req) {
          c->rpl_req_d = 0; c->rp_d = m->bh; c->rleft_d = m->occ; c->rv_d = 0;
          c->tst_d = T_RPL;
        } else if ((in->s_tx_tvalid & 1) && room) {
          s_tx_rdy = 1; c->ld = 1; c->crct_d = crc_tx; c->trl_ack_d = 0;
          c->cur_dst_d = (uint32_t)in->s_tx_tdata & nmask;
          c->cur_seq_d = m->nseq[c->cur_dst_d];
          c->cur_rel_d = (uint32_t)(rel_en && s_in_rng);
          c->inc[ALK_UNSEQ] = (uint32_t)(rel_en && !s_in_rng);
          c->ram_we = rel_en && s_in_rng;
          c->wp_d = (m->wp + (uint32_t)c->ram_we) & bmask;
          c->nb_d = 1;
          c->tst_d = (in->s_tx_tlast & 1) ? T_TRL : T_NEW;
        }
      }
      break;
    case T_NEW:
      if (out_free && (in->s_tx_tvalid & 1)) {
        s_tx_rdy = 1; c->ld = 1; c->crct_d = crc_tx;
        c->ram_we = (int)m->cur_rel;
        c->wp_d = (m->wp + (uint32_t)c->ram_we) & bmask;
        c->nb_d = (m->nb + 1) & 0x7f;
        if (in->s_tx_tlast & 1) c->tst_d = T_TRL;
      }
      break;
    case T_TRL:
      if (out_free) {
        c->ld = 1; c->ld_d = ((uint64_t)trl_crc << 32) | trl_lo; c->ld_k = 0xff; c->ld_l = 1;
        c->crct_d = 0xFFFFFFFFu;
        if (!m->trl_ack) c->inc[ALK_TXP] = 1;
        if (m->cur_rel && !m->trl_ack) {
          c->ram_we = 1; c->ram_wd0 = c->ld_d; c->ram_wd1 = 0x1ff;
          c->wp_d = (m->wp + 1) & bmask;
          c->push = 1;
        }
        c->tst_d = T_IDLE;
      }
      break;
    default: {
      const uint64_t *rd = nic_ram_rd(&m->ram);
      int r_load = m->rv && out_free;
      c->r_issue = m->rleft != 0 && (!m->rv || r_load);
      if (r_load) {
        c->ld = 1; c->ld_d = rd[0]; c->ld_k = (uint32_t)rd[1] & 0xff; c->ld_l = (int)((rd[1] >> 8) & 1);
        c->inc[ALK_RETX] = (uint32_t)c->ld_l;
      }
      c->ram_re = c->r_issue;
      if (c->r_issue) {
        c->rp_d = (m->rp + 1) & bmask;
        c->rleft_d = m->rleft - 1;
      }
      c->rv_d = (uint32_t)(c->r_issue || (m->rv && !r_load));
      if (m->rleft == 0 && (!m->rv || r_load)) c->tst_d = T_IDLE;
    }
  }
  /* retransmission timer */
  c->tmr_d = m->tmr;
  if (m->pcnt == 0 || m->hfree || m->tst == T_RPL || m->rpl_req) c->tmr_d = 0;
  else if (m->tmr >= m->rto) { c->tmr_d = 0; c->rpl_req_d = 1; c->inc[ALK_TO] = 1; }
  else c->tmr_d = (m->tmr + 1) & 0xffff;
  /* fast replay on a repeated acknowledgement */
  if (ack_rep && m->tst != T_RPL && !m->rpl_req && !c->inc[ALK_TO]) {
    c->rpl_req_d = 1; c->tmr_d = 0; c->inc[ALK_FAST] = 1; c->fast = 1;
  }

  /* receive */
  int rx_rdy = !m->h_v || m->pk_ack || (in->m_rx_tready & 1);
  c->rx_acc = crc_en && (in->s_axis_tvalid & 1) && rx_rdy;
  /* crcr is all ones while rxf (rtl: no start mux in front of the receive CRC unit) */
  c->crc_rx = !crc_en ? 0 : crc_d64(m->crcr, in->s_axis_tdata, nbytes((uint32_t)in->s_axis_tkeep & 0xff));
  /* a trailer is a full beat: the verdict is the 8-byte CRC of a beat with every byte kept */
  c->crc_ok = crc_en && (in->s_axis_tkeep & 0xff) == 0xff && crc_d64(m->crcr, in->s_axis_tdata, 8) == RESIDUE;
  c->src_in = m->pk_src < g->max_nodes;
  c->exps = m->exp[c->src];
  c->tsq = (int)((in->s_axis_tdata >> LINK_HDR_RFLAGS_LSB) & 1);
  c->tseq = (uint32_t)in->s_axis_tdata & 0xffff;
  int rej = !c->crc_ok || (!m->pk_ack && rel_en && c->tsq && (!c->src_in || c->tseq != c->exps));
  int last = (int)(in->s_axis_tlast & 1);
  c->rx_trl = c->rx_acc && !m->rxf && last;
  c->rx_runt = c->rx_acc && m->rxf && last;

  /* outputs */
  aotf_link_out_t *o = &c->o;
  o->csr_ack_o = m->ack;
  o->csr_rdata_o = m->rdata;
  o->s_tx_tready = crc_en ? (uint64_t)s_tx_rdy : (in->m_axis_tready & 1);
  o->m_axis_tdata = crc_en ? m->out_d : in->s_tx_tdata;
  o->m_axis_tkeep = crc_en ? m->out_k : (in->s_tx_tkeep & 0xff);
  o->m_axis_tvalid = crc_en ? m->out_v : (in->s_tx_tvalid & 1);
  o->m_axis_tlast = crc_en ? m->out_l : (in->s_tx_tlast & 1);
  o->s_axis_tready = crc_en ? (uint64_t)rx_rdy : (in->m_rx_tready & 1);
  o->m_rx_tdata = crc_en ? m->h_d : in->s_axis_tdata;
  o->m_rx_tkeep = crc_en ? m->h_k : (in->s_axis_tkeep & 0xff);
  o->m_rx_tvalid = crc_en ? (uint64_t)(m->h_v && !m->pk_ack && (in->s_axis_tvalid & 1)) : (in->s_axis_tvalid & 1);
  o->m_rx_tlast = (uint64_t)last;
  o->m_rx_tuser = (uint64_t)(crc_en && last && rej);
  o->dbg_occ_o = m->occ & 0xffff;
  o->dbg_tx_state_o = m->tst;
}

static uint32_t csr_read(const aotf_link_t *m, uint32_t a) {
  switch (a) {
    case CSR_AOTF_LINK_ID: return AOTF_LINK_ID_RESET;
    case CSR_AOTF_LINK_RTO: return m->rto;
    case CSR_AOTF_LINK_CTRL: return 0;
    case CSR_AOTF_LINK_BUF: return (m->pcnt << 16) | (m->occ & 0xffff);
    case CSR_AOTF_LINK_TX_PKTS: return m->cnt[ALK_TXP];
    case CSR_AOTF_LINK_TX_RETX: return m->cnt[ALK_RETX];
    case CSR_AOTF_LINK_TIMEOUTS: return m->cnt[ALK_TO];
    case CSR_AOTF_LINK_ACK_TX: return m->cnt[ALK_ACKTX];
    case CSR_AOTF_LINK_ACK_RX: return m->cnt[ALK_ACKRX];
    case CSR_AOTF_LINK_RX_CRC_ERR: return m->cnt[ALK_CRC];
    case CSR_AOTF_LINK_RX_DUP: return m->cnt[ALK_DUP];
    case CSR_AOTF_LINK_RX_OOO: return m->cnt[ALK_OOO];
    case CSR_AOTF_LINK_RX_DELIVERED: return m->cnt[ALK_DEL];
    case CSR_AOTF_LINK_TX_UNSEQ: return m->cnt[ALK_UNSEQ];
    case CSR_AOTF_LINK_FAST_RPL: return m->cnt[ALK_FAST];
    default: return CSR_UNMAPPED;
  }
}

static void update(aotf_link_t *m, const aotf_link_in_t *in, const comb_t *c) {
  const aotf_link_cfg_t *g = &m->cfg;
  uint32_t bmask = g->buf_beats - 1, pmask = g->buf_pkts - 1, nmask = g->max_nodes - 1;
  uint32_t nw = nwidth(g->max_nodes);
  int rst = !(in->rst_ni & 1);
  int rel_en = (int)(in->rel_en_i & 1);
  int req = (int)(in->csr_req_i & 1), we = (int)(in->csr_we_i & 1);
  uint32_t a = (uint32_t)in->csr_addr_i & 0xfff;
  uint32_t rdata = (req && !we) ? csr_read(m, a) : 0; /* the registers of this cycle */
  uint64_t wd[2] = {c->ram_wd0, c->ram_wd1};
  nic_ram_tick(&m->ram, c->ram_we, m->wp, wd, 1, c->ram_re, m->rp);
  /* packet table: the head entry's verdict from the read data of this cycle, then the edge */
  uint32_t nb_inc = (m->nb + 1) & 0x7f;
  uint64_t hd = m->hd, pt_rd = nic_ram_rd64(&m->pt);
  uint32_t hd_dst = (uint32_t)hd & nmask, hd_seq = (uint32_t)(hd >> nw) & 0xffff;
  uint32_t hd_nb = (uint32_t)(hd >> (nw + 16)) & 0x7f;
  uint32_t hfree = m->av && !m->hfree && lt16(hd_seq, m->hasel);
  uint32_t hasel = m->ackd[hd_dst];
  int pt_re = (!m->hr && !m->hv && m->pcnt != 0) || (m->hfree && m->pcnt > 1);
  uint32_t pt_ra = m->hfree ? (m->pth + 1) & pmask : m->pth;
  uint64_t pt_wd = ((uint64_t)nb_inc << (nw + 16)) | ((uint64_t)m->cur_seq << nw) | m->cur_dst;
  nic_ram_tick64(&m->pt, c->push, m->ptt, pt_wd, 1, pt_re, pt_ra);
  /* the registered trailer (rt_*): its effects */
  int rt_sq = m->rt_v && m->rt_ok && !m->rt_ack && rel_en && m->rt_tsq;
  int rt_in = rt_sq && m->rt_srcin;
  int rt_eq = m->rt_tseq == m->rt_exps, rt_lt = lt16(m->rt_tseq, m->rt_exps);
  int rt_rej = !m->rt_ok || (!m->rt_ack && rel_en && m->rt_tsq && (!m->rt_srcin || !rt_eq));
  uint32_t inc[AOTF_LINK_NCNT];
  memcpy(inc, c->inc, sizeof(inc));
  inc[ALK_CRC] |= (uint32_t)(m->rt_runt || (m->rt_v && !m->rt_ok));
  inc[ALK_ACKRX] |= (uint32_t)(m->rt_v && m->rt_ok && m->rt_ack);
  inc[ALK_DUP] |= (uint32_t)(rt_in && rt_lt);
  inc[ALK_OOO] |= (uint32_t)(rt_sq && (!m->rt_srcin || (!rt_eq && !rt_lt)));
  inc[ALK_DEL] |= (uint32_t)(m->rt_v && !m->rt_ack && !rt_rej);
  /* the next ACK: lowest pending source, from the registers of this cycle */
  uint32_t aany = 0, aidx = 0;
  for (int i = (int)g->max_nodes - 1; i >= 0; i--)
    if (m->pend[i]) { aidx = (uint32_t)i; aany = 1; }
  uint32_t aexp = aany ? m->exp[aidx] : 0, agap = aany ? m->gap[aidx] : 0;
  /* payload registers (no reset) */
  if (c->ld) { m->out_d = c->ld_d; m->out_k = c->ld_k; m->out_l = (uint32_t)c->ld_l; }
  m->crct = c->crct_d;
  uint32_t cur_dst = m->cur_dst, cur_seq = m->cur_seq;
  m->cur_dst = c->cur_dst_d;
  m->cur_seq = c->cur_seq_d;
  m->nb = c->nb_d;
  m->hd = pt_rd;
  m->hasel = hasel;
  uint32_t aidx_q = m->aidx;
  m->aidx = aidx; m->aexp = aexp; m->agap = agap;
  /* the trailer of this cycle (payload part) */
  uint32_t src = c->src;
  uint32_t rt_src = m->rt_src, rt_aseq = m->rt_aseq, rt_exps = m->rt_exps;
  m->rt_ok = (uint32_t)c->crc_ok; m->rt_tsq = (uint32_t)c->tsq; m->rt_tseq = c->tseq; m->rt_src = src;
  m->rt_srcin = (uint32_t)c->src_in; m->rt_ack = m->pk_ack; m->rt_gap = m->pk_gap; m->rt_aseq = m->pk_aseq;
  m->rt_exps = c->exps; m->rt_alt = (uint32_t)lt16(m->ackd[src], m->pk_aseq);
  m->rt_nne = m->nseq[src] != m->pk_aseq;
  /* receive payload registers and the receive state (computed before the reset) */
  uint32_t rxf = m->rxf, h_v = m->h_v, pk_ack = m->pk_ack;
  int last = (int)(in->s_axis_tlast & 1);
  /* fast replay record (payload part: no reset) */
  if (c->fast) { m->fr_src = rt_src; m->fr_seq = rt_aseq; }
  if (c->rx_acc) {
    if (m->rxf) {
      h_v = !last; m->h_d = in->s_axis_tdata; m->h_k = (uint32_t)in->s_axis_tkeep & 0xff;
      m->crcr = last ? 0xFFFFFFFFu : c->crc_rx;
      m->pk_src = (uint32_t)(in->s_axis_tdata >> 16) & 0xffff;
      pk_ack = ((in->s_axis_tdata >> 32) & 0xff) == (PTYPE_ACK & 0xff);
      m->pk_gap = (uint32_t)(in->s_axis_tdata >> ACK_HDR_FLAGS_LSB) & 1;
      rxf = (uint32_t)last;
      m->pk_aseq = (uint32_t)(in->s_axis_tdata >> 48) & 0xffff;
    } else if (!last) {
      m->h_d = in->s_axis_tdata; m->h_k = (uint32_t)in->s_axis_tkeep & 0xff; m->crcr = c->crc_rx;
    } else {
      h_v = 0; rxf = 1; m->crcr = 0xFFFFFFFFu;
    }
  }
  if (rst) {
    m->tst = T_IDLE; m->out_v = 0; m->trl_ack = 0; m->cur_rel = 0;
    m->crct = 0xFFFFFFFFu;
    m->wp = m->bh = m->rp = m->occ = m->rleft = m->rv = m->rpl_req = 0;
    m->pth = m->ptt = m->pcnt = m->tmr = 0;
    m->hr = m->hv = m->av = m->hfree = 0;
    m->rto = AOTF_LINK_RTO_CYCLES_RESET;
    memset(m->nseq, 0, sizeof(m->nseq)); memset(m->ackd, 0, sizeof(m->ackd));
    memset(m->exp, 0, sizeof(m->exp)); memset(m->pend, 0, sizeof(m->pend));
    memset(m->gap, 0, sizeof(m->gap));
    m->aany = m->ahold = 0;
    m->rxf = 1; m->crcr = 0xFFFFFFFFu; m->h_v = 0; m->pk_ack = 0; m->rt_v = m->rt_runt = 0;
    memset(m->inc, 0, sizeof(m->inc));
    memset(m->cnt, 0, sizeof(m->cnt));
    m->ack = 0; m->rdata = 0;
    m->fr_v = 0;
    return;
  }
  /* tables (rtl: the loop in the receive block) */
  if (c->ack_clr) m->pend[aidx_q] = m->gap[aidx_q] = 0;
  if (c->ack_adv) m->ackd[rt_src] = (uint16_t)rt_aseq;
  if (rt_in) {
    m->pend[rt_src] = 1;
    if (rt_eq) m->exp[rt_src] = (uint16_t)(rt_exps + 1);
    else if (!rt_lt) m->gap[rt_src] = 1;
  }
  m->aany = aany;
  m->ahold = (uint32_t)rt_in;
  m->rxf = rxf; m->h_v = h_v; m->pk_ack = pk_ack;
  m->rt_v = (uint32_t)c->rx_trl; m->rt_runt = (uint32_t)c->rx_runt;
  /* transmit */
  if (c->push) m->nseq[cur_dst & nmask] = (uint16_t)(cur_seq + 1);
  uint32_t occ = m->occ + (c->push ? nb_inc : 0) - (m->hfree ? hd_nb : 0);
  uint32_t pcnt = m->pcnt + (uint32_t)c->push - m->hfree;
  if (m->hfree) {
    m->bh = (m->bh + hd_nb) & bmask;
    m->pth = (m->pth + 1) & pmask;
  }
  if (c->push) m->ptt = (m->ptt + 1) & pmask;
  uint32_t hv = !m->hfree && (m->hv || m->hr);
  m->av = m->hv && !m->hfree;
  m->hv = hv;
  m->hr = (uint32_t)pt_re;
  m->hfree = hfree;
  m->occ = occ;
  m->pcnt = pcnt;
  m->tst = c->tst_d;
  m->out_v = c->ld ? 1 : ((in->m_axis_tready & 1) ? 0 : m->out_v);
  m->trl_ack = c->trl_ack_d; m->cur_rel = c->cur_rel_d;
  m->wp = c->wp_d; m->rp = c->rp_d; m->rleft = c->rleft_d; m->rv = c->rv_d;
  m->rpl_req = c->rpl_req_d; m->tmr = c->tmr_d;
  if (c->ack_adv) m->fr_v = 0;
  if (c->fast) m->fr_v = 1;
  /* CSR: counters add the increments of the last cycle */
  int clr = req && we && a == CSR_AOTF_LINK_CTRL && ((in->csr_wdata_i >> AOTF_LINK_CTRL_CNT_CLR_LSB) & 1);
  if (req && we && a == CSR_AOTF_LINK_RTO) m->rto = (uint32_t)in->csr_wdata_i & 0xffff;
  for (int i = 0; i < AOTF_LINK_NCNT; i++) {
    m->cnt[i] = clr ? 0 : m->cnt[i] + m->inc[i];
    m->inc[i] = inc[i];
  }
  m->ack = (uint32_t)req;
  m->rdata = rdata;
}

void aotf_link_eval(const aotf_link_t *m, const aotf_link_in_t *in, aotf_link_out_t *out) {
  comb_t c;
  comb(m, in, &c);
  *out = c.o;
}

void aotf_link_tick(aotf_link_t *m, const aotf_link_in_t *in) {
  comb_t c;
  comb(m, in, &c);
  update(m, in, &c);
}

void aotf_link_step(aotf_link_t *m, const aotf_link_in_t *in, aotf_link_out_t *out) {
  comb_t c;
  comb(m, in, &c);
  *out = c.o;
  update(m, in, &c);
}
