// SPDX-License-Identifier: Apache-2.0
#include "aotf_rx.h"
#include <string.h>
#include "nic_pkg.h"

static uint32_t log2u(uint32_t v) {
  uint32_t r = 0;
  while ((1u << r) < v) r++;
  return r;
}
static int pow2(uint32_t v) { return v && !(v & (v - 1)); }

int aotf_rx_init(aotf_rx_t *m, const aotf_rx_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (!pow2(cfg->llcm_bytes) || cfg->llcm_bytes < 32 || cfg->llcm_bytes > 131072) return -1;
  if (!pow2(cfg->pt_entries) || cfg->pt_entries < 2 || cfg->pt_entries > AOTF_RX_MAX_PT) return -1;
  if (!pow2(cfg->wb_depth) || cfg->wb_depth < 2 || cfg->wb_depth > AOTF_RX_MAX_WB) return -1;
  if (cfg->csr_reg > 1) return -1;
  m->cfg = *cfg;
  if (!m->cfg.tlb_entries) m->cfg.tlb_entries = 8;
  if (!pow2(m->cfg.tlb_entries) || m->cfg.tlb_entries < 2 || m->cfg.tlb_entries > AOTF_RX_MAX_TLB) return -1;
  m->tb = log2u(m->cfg.tlb_entries);
  m->lb = log2u(cfg->llcm_bytes);
  m->ptb = log2u(cfg->pt_entries);
  aotf_llcm_cfg_t lc = {cfg->llcm_bytes / 8};
  if (aotf_llcm_init(&m->llcm, &lc, seed)) return -1;
  /* power-up: arbitrary control state (the bench starts in reset) */
  m->beat = (uint32_t)(seed % 5);
  m->disc = (int)(seed >> 7) & 1;
  m->wb_cnt = (uint32_t)(seed >> 9) % (cfg->wb_depth + 1);
  m->rx_en = (int)(seed >> 13) & 1;
  return 0;
}

void aotf_rx_free(aotf_rx_t *m) { aotf_llcm_free(&m->llcm); }

typedef struct {
  int tready, acc, csr_wr, csr_rd, push, pop, hw_wr, ctrl_wr;
  int cap, tpush, tw, dw, thit, commit, pbw, issue, twpush, good;
  uint32_t glen, tphys;
  uint32_t ev, tev;
  uint32_t wraddr, wlen;
  uint64_t wdata;
  aotf_llcm_in_t li;
} rx_comb_t;

/* every field of *c is assigned (in place: no struct copy of narrow fields) */
static void comb(const aotf_rx_t *m, const aotf_rx_in_t *in, rx_comb_t *c) {
  uint32_t nb = m->cfg.llcm_bytes;
  int busy = m->llcm.busy;
  int dat = m->beat != 0 && m->beat == m->dbi;
  int pb_busy = m->pb_st[m->pb_fill] != 0;
  int pb_drain = m->pb_st[0] == 2 || m->pb_st[1] == 2 || m->pb_pv || m->pb_pv2;
  c->tready = m->rx_en && !busy && m->wb_cnt != m->cfg.wb_depth && !m->stall && !m->hv &&
              !(dat && m->botf && pb_busy) && !(dat && !m->botf && pb_drain);
  c->acc = in->s_axis_tvalid && c->tready;
  c->csr_wr = in->csr_req_i && in->csr_we_i;
  c->csr_rd = in->csr_req_i && !in->csr_we_i;
  c->ev = AOTF_RX_EV_NONE;
  c->cap = 0;
  c->commit = 0;
  c->pbw = 0;
  int last = (int)in->s_axis_tlast, user = (int)in->s_axis_tuser & 1;
  int len_ok = m->len >= 1 && m->len <= (m->botf ? 464u : 8u);
  uint32_t nbeat = (m->botf && len_ok) ? ((m->len & 0x1FF) - 1) >> 3 : 0;
  int lastd = m->dcnt == nbeat;
  if (c->acc && m->disc) {
    if (last) c->ev = user ? AOTF_RX_EV_LINK : m->dev_ty ? AOTF_RX_EV_TYPE : AOTF_RX_EV_OVERLONG;
  } else if (c->acc && !dat) {
    uint32_t fm = (uint32_t)(in->s_axis_tdata >> (AOTF_HDR_FLAGS_LSB + FLAG_HFMT_LSB)) & 3;
    if (m->beat == 0 && fm == HFMT_8) {
      if (last) c->ev = user ? AOTF_RX_EV_LINK : AOTF_RX_EV_TYPE;
    } else if (last) {
      c->ev = user ? AOTF_RX_EV_LINK : AOTF_RX_EV_TRUNC;
    }
  } else if (c->acc && !lastd) {
    c->pbw = m->botf;
    if (last) c->ev = user ? AOTF_RX_EV_LINK : AOTF_RX_EV_TRUNC;
  } else if (c->acc) {
    uint32_t l3 = m->len & 7;
    uint32_t keep_exp = l3 ? ~(0xFFu << l3) & 0xFF : 0xFF;
    uint32_t pend = m->raddr + (m->len & 0x1FF);
    uint32_t e = m->pgid & (m->cfg.pt_entries - 1);
    c->pbw = m->botf;
    int range_ok = !m->raddr_hi && pend <= nb;
    int prot_ok = m->pt_v[e] && m->pt_pgid[e] == m->pgid && m->raddr >= m->pt_base[e] &&
                  pend <= m->pt_lim[e];
    if (!last) c->ev = AOTF_RX_EV_NONE; /* discard to tlast: OVERLONG there */
    else if (user) c->ev = AOTF_RX_EV_LINK;
    else if (!m->type_ok) c->ev = AOTF_RX_EV_TYPE;
    else if (!len_ok) c->ev = AOTF_RX_EV_LEN;
    else if (in->s_axis_tkeep != keep_exp || m->kbad) c->ev = AOTF_RX_EV_KEEP;
    else if (!range_ok) c->ev = AOTF_RX_EV_RANGE;
    else if (!m->skip) c->cap = 1; /* to the receive TLB */
    else if (!prot_ok) c->ev = AOTF_RX_EV_PROT;
    else c->ev = AOTF_RX_EV_GOOD;
  }
  c->push = c->ev == AOTF_RX_EV_GOOD && !m->botf;
  c->commit = c->ev == AOTF_RX_EV_GOOD && m->botf;
  c->ctrl_wr = c->csr_wr && in->csr_addr_i == CSR_AOTF_RX_CTRL;
  /* receive TLB decision of the held packet, from the registered per-entry results */
  uint32_t a = (uint32_t)in->csr_addr_i;
  c->tw = c->csr_wr && (a == CSR_AOTF_RX_TLB_PGID || a == CSR_AOTF_RX_TLB_PID || a == CSR_AOTF_RX_TLB_VBASE ||
                        a == CSR_AOTF_RX_TLB_VLIMIT || a == CSR_AOTF_RX_TLB_PBASE);
  c->dw = c->csr_wr && (a == CSR_AOTF_RX_TLB_VBASE || a == CSR_AOTF_RX_TLB_PBASE);
  int hit = m->d_hit, ok = m->d_ok;
  c->thit = hit;
  int drop_req = c->ctrl_wr && ((in->csr_wdata_i >> 3) & 1);
  c->tpush = m->hv && m->d_fresh && hit && ok && (m->h_botf || (m->wb_cnt != m->cfg.wb_depth && !pb_drain));
  c->tev = 0;
  if (c->tpush) c->tev = AOTF_RX_EV_GOOD;
  else if (m->hv && m->d_fresh && hit && !ok) c->tev = AOTF_RX_EV_PROT;
  else if (m->hv && m->missed && drop_req && !(m->d_fresh && hit)) c->tev = AOTF_RX_EV_PROT;
  else if (m->hv && m->d_fresh && !hit && !m->missed) c->tev = AOTF_RX_EV_MISS;
  if (c->tev) c->ev = c->tev;
  c->twpush = c->tpush && !m->h_botf;
  c->tphys = m->d_ph;
  c->wraddr = m->pb_pv2 ? m->pb_pa2 : m->hv ? m->d_ph : m->raddr;
  c->wlen = m->pb_pv2 ? m->pb_pl2 : m->hv ? (m->h_len & 15) : (m->len & 15);
  c->wdata = m->pb_pv2 ? m->pb_rd : m->hv ? m->h_data : in->s_axis_tdata;
  c->good = c->push || c->commit || c->tpush;
  c->glen = m->hv ? m->h_len : (m->len & 0x1FF);
  /* packet buffer drain: a word read while the write buffer has room for it when it is pushed
     two cycles later (entries + words in flight <= WB_DEPTH - 1) */
  c->issue = m->pb_st[m->pb_dr] == 2 &&
             m->wb_cnt + (uint32_t)m->pb_pv + (uint32_t)m->pb_pv2 <= m->cfg.wb_depth - 1;
  /* host write: HW_CMD acting this cycle is registered (hw_q, hw_be) and written to the LLCM
     next cycle with HW_ADDR / HW_DATA as they are then (unchanged: one CSR write per cycle) */
  c->hw_wr = c->csr_wr && in->csr_addr_i == CSR_AOTF_RX_HW_CMD && !busy;
  c->pop = m->wb_cnt != 0 && !busy && !m->hw_q;
  (void)a;
  c->li.rst_ni = (int)in->rst_ni;
  c->li.init = c->ctrl_wr && ((in->csr_wdata_i >> 1) & 1);
  c->li.wr_en = (m->hw_q && !busy) || c->pop;
  if (m->hw_q) {
    c->li.wr_word = m->hw_addr;
    c->li.wr_data[0] = m->hw_data;
    c->li.wr_data[1] = 0;
    c->li.wr_be = m->hw_be;
  } else {
    uint32_t a = m->wb[m->wb_rd].addr, l = m->wb[m->wb_rd].len, off = a & 7;
    uint64_t d = m->wb[m->wb_rd].data;
    c->li.wr_word = a >> 3;
    c->li.wr_data[0] = d << (8 * off);
    c->li.wr_data[1] = off ? d >> (64 - 8 * off) : 0;
    c->li.wr_be = ((~(0xFFu << l) & 0xFFu) << off) & 0xFFFFu;
  }
  c->li.rd_en = (int)in->hr_valid_i;
  c->li.rd_addr = (uint32_t)in->hr_addr_i;
}

/* the CSR request that acts this cycle: the bus, or (csr_reg) the one registered last cycle */
static const aotf_rx_in_t *acting(const aotf_rx_t *m, const aotf_rx_in_t *in, aotf_rx_in_t *tmp) {
  if (!m->cfg.csr_reg) return in;
  *tmp = *in;
  tmp->csr_req_i = (uint64_t)m->cq_req;
  tmp->csr_we_i = (uint64_t)m->cq_we;
  tmp->csr_addr_i = m->cq_addr;
  tmp->csr_wdata_i = m->cq_wdata;
  return tmp;
}

/* the outputs of the receive path's own registers (the LLCM's come from its outputs) */
static void outputs(const aotf_rx_t *m, const rx_comb_t *c, aotf_rx_out_t *out) {
  out->s_axis_tready = (uint64_t)c->tready;
  out->csr_ack_o = (uint64_t)m->ack;
  out->csr_rdata_o = m->rdata;
  out->irq_o = (m->status & m->irq_en) != 0;
  out->dbg_beat_o = m->beat;
  out->dbg_disc_o = (uint64_t)m->disc;
  out->dbg_wb_count_o = m->wb_cnt;
  out->dbg_ev_o = m->ev;
}

static void llcm_outputs(const aotf_llcm_out_t *lo, aotf_rx_out_t *out) {
  out->hr_rvalid_o = (uint64_t)lo->rd_valid;
  out->hr_rdata_o = lo->rd_data;
  out->dbg_init_o = (uint64_t)lo->busy;
  out->dbg_llcm_we_o = lo->dbg_we;
}

void aotf_rx_eval(const aotf_rx_t *m, const aotf_rx_in_t *bus, aotf_rx_out_t *out) {
  aotf_rx_in_t tmp;
  const aotf_rx_in_t *in = acting(m, bus, &tmp);
  rx_comb_t c;
  comb(m, in, &c);
  aotf_llcm_out_t lo;
  aotf_llcm_eval(&m->llcm, &c.li, &lo);
  outputs(m, &c, out);
  llcm_outputs(&lo, out);
}

static uint32_t csr_read(const aotf_rx_t *m, uint32_t a) {
  uint32_t i = m->pt_idx;
  switch (a) {
    case CSR_AOTF_RX_ID: return 0x41525830u;
    case CSR_AOTF_RX_VERSION: return 0x00010000u;
    case CSR_AOTF_RX_CONFIG: return m->lb | (m->ptb << 8) | (m->cfg.wb_depth << 16) | (m->tb << 24);
    case CSR_AOTF_RX_CTRL: return (uint32_t)m->rx_en;
    case CSR_AOTF_RX_STATUS:
      return m->status | ((uint32_t)m->llcm.busy << 16) | ((uint32_t)m->disc << 17) |
             ((uint32_t)(m->hv && m->missed) << 18) | (m->beat << 20) |
             (m->wb_cnt << 24);
    case CSR_AOTF_RX_IRQ_EN: return m->irq_en;
    case CSR_AOTF_RX_PT_INDEX: return i;
    case CSR_AOTF_RX_PT_ENTRY: return ((uint32_t)m->pt_v[i] << 31) | m->pt_pgid[i];
    case CSR_AOTF_RX_PT_BASE: return m->pt_base[i];
    case CSR_AOTF_RX_PT_LIMIT: return m->pt_lim[i];
    case CSR_AOTF_RX_HW_ADDR: return m->hw_addr << 3;
    case CSR_AOTF_RX_HW_DATA_LO: return (uint32_t)m->hw_data;
    case CSR_AOTF_RX_HW_DATA_HI: return (uint32_t)(m->hw_data >> 32);
    case CSR_AOTF_RX_HW_CMD: return 0;
    case CSR_AOTF_RX_CNT_GOOD: return m->cnt[1];
    case CSR_AOTF_RX_CNT_BYTES: return m->cnt[9];
    case CSR_AOTF_RX_CNT_TYPE: return m->cnt[2];
    case CSR_AOTF_RX_CNT_LEN: return m->cnt[3];
    case CSR_AOTF_RX_CNT_KEEP: return m->cnt[4];
    case CSR_AOTF_RX_CNT_RANGE: return m->cnt[5];
    case CSR_AOTF_RX_CNT_PROT: return m->cnt[6];
    case CSR_AOTF_RX_CNT_TRUNC: return m->cnt[7];
    case CSR_AOTF_RX_CNT_OVERLONG: return m->cnt[8];
    case CSR_AOTF_RX_CNT_HOSTWR: return m->cnt[0];
    case CSR_AOTF_RX_CNT_LINK: return m->cnt[10];
    case CSR_AOTF_RX_CNT_MISS: return m->cnt[11];
    case CSR_AOTF_RX_TLB_INDEX: return m->tlb_idx;
    case CSR_AOTF_RX_TLB_PGID: return ((uint32_t)m->tlb_v[m->tlb_idx] << 31) | m->tlb_pgid[m->tlb_idx];
    case CSR_AOTF_RX_TLB_PID: return (m->tlb_rg[m->tlb_idx] << 16) | m->tlb_pid[m->tlb_idx];
    case CSR_AOTF_RX_TLB_VBASE: return m->tlb_vb[m->tlb_idx];
    case CSR_AOTF_RX_TLB_VLIMIT: return m->tlb_vl[m->tlb_idx];
    case CSR_AOTF_RX_TLB_PBASE: return m->tlb_pb[m->tlb_idx];
    case CSR_AOTF_RX_MISS_PGID: return m->miss_pgid;
    case CSR_AOTF_RX_MISS_PID: return (m->miss_rg << 16) | m->miss_pid;
    case CSR_AOTF_RX_MISS_ADDR: return m->miss_addr;
    default: return CSR_UNMAPPED;
  }
}

/* the clock edge; lo: the LLCM is stepped (its outputs of this cycle to *lo), else ticked */
static void update(aotf_rx_t *m, const aotf_rx_in_t *bus, const aotf_rx_in_t *in, const rx_comb_t *c,
                   aotf_llcm_out_t *lo) {
  /* request register: payload without reset, valid reset */
  m->cq_req = bus->rst_ni ? (int)(bus->csr_req_i & 1) : 0;
  m->cq_we = (int)(bus->csr_we_i & 1);
  m->cq_addr = (uint32_t)bus->csr_addr_i & 0xfff;
  m->cq_wdata = (uint32_t)bus->csr_wdata_i;
  uint32_t a = (uint32_t)in->csr_addr_i, wd = (uint32_t)in->csr_wdata_i;
  uint32_t lmask = (1u << (m->lb + 1)) - 1, i = m->pt_idx;
  uint32_t rdata = c->csr_rd ? csr_read(m, a) : 0;
  uint64_t td = in->s_axis_tdata;
  int ulen_ok = m->len >= 1 && m->len <= (m->botf ? 464u : 8u);
  uint32_t unb = (m->botf && ulen_ok) ? ((m->len & 0x1FF) - 1) >> 3 : 0;
  int ulastd = m->dcnt == unb;
  /* write-buffer payload (no reset) */
  int wpush = c->push || c->twpush || m->pb_pv2;
  if (wpush) {
    m->wb[m->wb_wr].addr = c->wraddr;
    m->wb[m->wb_wr].len = c->wlen;
    m->wb[m->wb_wr].data = c->wdata;
  }
  /* receive TLB: the lowest matching entry's verdict and phys from the registered per-entry
     results (no reset), then the per-entry lookup of the held packet (no reset; phys from the
     registered pbase - vbase, tlb_dl), then tlb_dl from the table before this cycle's writes */
  uint32_t lmax = 1u << (m->lb + 1), nb = m->cfg.llcm_bytes;
  {
    int sel = -1;
    for (uint32_t k = 0; k < m->cfg.tlb_entries; k++)
      if (m->res_m[k]) { sel = (int)k; break; }
    m->d_hit = sel >= 0;
    m->d_ok = sel >= 0 && m->res_ok[sel];
    m->d_ph = sel >= 0 ? m->res_ph[sel] : 0;
  }
  for (uint32_t k = 0; k < m->cfg.tlb_entries; k++) {
    m->res_m[k] = m->tlb_v[k] && m->tlb_pgid[k] == m->h_pgid && m->tlb_pid[k] == m->h_pid && m->tlb_rg[k] == m->h_rg;
    uint32_t ph = (m->tlb_dl[k] + m->h_raddr) & (lmax - 1);
    m->res_ok[k] = m->h_raddr >= m->tlb_vb[k] && m->h_raddr + m->h_len <= m->tlb_vl[k] && ph + m->h_len <= nb;
    m->res_ph[k] = ph & (nb - 1);
  }
  for (uint32_t k = 0; k < m->cfg.tlb_entries; k++) m->tlb_dl[k] = (m->tlb_pb[k] - m->tlb_vb[k]) & (lmax - 1);
  /* packet buffer: the drain's RAM read (before this cycle's write), the fill write, the slots */
  {
    uint32_t nw = (m->pb_len[m->pb_dr] - 1) >> 3, r3 = m->pb_len[m->pb_dr] & 7;
    int lastw = m->pb_di == nw;
    m->pb_pv2 = m->pb_pv && in->rst_ni;
    m->pb_pa2 = m->pb_pa;
    m->pb_pl2 = m->pb_pl;
    m->pb_rd = m->pb_prd; /* the RAM read data register */
    m->pb_pv = c->issue && in->rst_ni;
    m->pb_pa = (m->pb_base[m->pb_dr] + 8 * m->pb_di) & (nb - 1);
    m->pb_pl = lastw ? (r3 ? r3 : 8) : 8;
    if (c->issue) m->pb_prd = m->pb[m->pb_dr][m->pb_di & 63];
    if (c->acc && !m->disc && c->pbw) m->pb[m->pb_fill][m->dcnt & 63] = td;
    if (c->issue) {
      m->pb_di++;
      if (lastw) { m->pb_st[m->pb_dr] = 0; m->pb_dr ^= 1; m->pb_di = 0; }
    }
    if (c->commit) {
      m->pb_st[m->pb_fill] = 2;
      m->pb_base[m->pb_fill] = m->raddr;
      m->pb_len[m->pb_fill] = m->len & 0x1FF;
      m->pb_fill ^= 1;
    }
    if (c->cap && m->botf) {
      m->pb_st[m->pb_fill] = 1;
      m->pb_len[m->pb_fill] = m->len & 0x1FF;
      m->pb_rs = m->pb_fill;
      m->pb_fill ^= 1;
    }
    if (c->tpush && m->h_botf) {
      m->pb_st[m->pb_rs] = 2;
      m->pb_base[m->pb_rs] = c->tphys;
    }
    if (m->h_botf && c->tev == AOTF_RX_EV_PROT) {
      m->pb_st[m->pb_rs] = 0;
      m->pb_fill = m->pb_rs;
    }
  }
  if (c->cap) {
    m->h_botf = m->botf;
    m->h_pgid = m->pgid;
    m->h_pid = m->pid;
    m->h_rg = m->region;
    m->h_raddr = m->raddr;
    m->h_len = m->len & 0x1FF;
    m->h_data = td;
  }
  if (lo)
    aotf_llcm_step(&m->llcm, &c->li, lo);
  else
    aotf_llcm_tick(&m->llcm, &c->li);
  /* header fields (no reset: they load even in a reset cycle, like the RTL) */
  int dat = m->beat != 0 && m->beat == m->dbi;
  if (c->acc && !m->disc && !dat) {
    if (m->beat == 0) {
      uint32_t fm = (uint32_t)(td >> (AOTF_HDR_FLAGS_LSB + FLAG_HFMT_LSB)) & 3;
      m->botf = ((td >> AOTF_HDR_PTYPE_LSB) & 0xFF) == PTYPE_BOTF && ((td >> AOTF_HDR_FLAGS_LSB) & FLAG_AOTF) == 0;
      m->type_ok = (((td >> AOTF_HDR_PTYPE_LSB) & 0xFF) == PTYPE_AOTF &&
                    ((td >> AOTF_HDR_FLAGS_LSB) & FLAG_AOTF) != 0) || m->botf;
      m->dcnt = 0;
      m->kbad = 0;
      m->pgid = (uint32_t)(td >> AOTF_HDR_PGID_LSB) & 0xFFFF;
      m->skip = ((td >> AOTF_HDR_FLAGS_LSB) & FLAG_XLAT_SKIP) != 0;
      m->cf = fm == HFMT_16;
      m->dbi = fm == HFMT_16 ? 2 : fm == HFMT_24 ? 3 : 4;
      if (fm == HFMT_8) m->dev_ty = 1;
    } else if (m->beat == 1) {
      m->raddr = (uint32_t)td & ((1u << m->lb) - 1);
      if (m->cf) {
        m->raddr_hi = ((td & 0xFFFFFFu) >> m->lb) != 0;
        m->len = (uint32_t)(td >> AOTF16_HDR_LEN_LSB) & 0xFFFF;
        m->pid = (uint32_t)(td >> AOTF16_HDR_PID_LSB) & 0xFFFF;
        m->region = (uint32_t)(td >> AOTF16_HDR_REGION_LSB) & 0xFF;
      } else {
        m->raddr_hi = (td >> m->lb) != 0;
      }
    } else if (m->beat == 2) {
      m->len = ((uint32_t)(td >> AOTF_HDR_LEN_LSB) & 0xFF) | (((uint32_t)(td >> AOTF_HDR_LEN_HI_LSB) & 0xFF) << 8);
      m->pid = (uint32_t)(td >> AOTF_HDR_PID_LSB) & 0xFFFF;
      m->region = (uint32_t)(td >> AOTF_HDR_REGION_LSB) & 0xFF;
    }
  }
  if (c->acc && !m->disc && dat && ulastd && !in->s_axis_tlast) m->dev_ty = 0;
  if (c->acc && !m->disc && dat && !ulastd && !in->s_axis_tlast) {
    m->dcnt++;
    m->kbad = m->kbad || in->s_axis_tkeep != 0xFF;
  }
  if (!in->rst_ni) {
    m->beat = 0;
    m->disc = 0;
    m->stall = 0;
    m->pb_st[0] = m->pb_st[1] = 0;
    m->pb_fill = m->pb_rs = m->pb_dr = m->pb_di = 0;
    m->pb_pv = m->pb_pv2 = 0;
    m->ev = 0; /* header fields (dbi, cf, dev_ty, type_ok, pgid, raddr, len) have no reset */
    m->wb_wr = m->wb_rd = m->wb_cnt = 0;
    for (int k = 0; k < AOTF_RX_MAX_PT; k++) {
      m->pt_v[k] = 0;
      m->pt_pgid[k] = m->pt_base[k] = m->pt_lim[k] = 0;
    }
    m->rx_en = 1;
    for (int k = 0; k < AOTF_RX_MAX_TLB; k++) {
      m->tlb_v[k] = 0;
      m->tlb_pgid[k] = m->tlb_pid[k] = m->tlb_rg[k] = m->tlb_vb[k] = m->tlb_vl[k] = m->tlb_pb[k] = 0;
      m->tlb_dl[k] = 0;
    }
    m->tlb_idx = 0;
    m->tlb_dw = 0;
    m->hv = m->fresh = m->d_fresh = m->missed = 0;
    m->miss_pgid = m->miss_pid = m->miss_rg = m->miss_addr = 0;
    m->status = m->irq_en = m->pt_idx = m->hw_addr = 0;
    m->sev = 0;
    m->hw_data = 0;
    m->hw_q = 0;
    m->hw_be = (uint32_t)(in->csr_wdata_i & 0xFF); /* no reset in the rtl: loads every cycle */
    memset(m->cnt, 0, sizeof(m->cnt));
    m->ack = 0;
    m->rdata = 0;
    return;
  }
  /* parser */
  m->stall = 0;
  if (c->acc) {
    uint32_t fm = (uint32_t)(td >> (AOTF_HDR_FLAGS_LSB + FLAG_HFMT_LSB)) & 3;
    int last = (int)in->s_axis_tlast;
    if (m->disc) {
      m->disc = !last;
    } else if (!dat) {
      if (m->beat == 0 && fm == HFMT_8) {
        m->disc = !last;
      } else if (last) {
        m->beat = 0;
      } else {
        m->stall = (m->beat == 2 && m->dbi == 3) || (m->beat == 1 && m->cf);
        m->beat = m->beat + 1;
      }
    } else if (!ulastd) {
      if (last) m->beat = 0; /* a BOTF data beat before the last: TRUNC */
    } else {
      m->beat = 0;
      m->disc = !last;
    }
  }
  m->ev = c->ev;
  /* write buffer */
  uint32_t wm = m->cfg.wb_depth - 1;
  if (wpush) m->wb_wr = (m->wb_wr + 1) & wm;
  if (c->pop) m->wb_rd = (m->wb_rd + 1) & wm;
  m->wb_cnt = m->wb_cnt + (uint32_t)wpush - (uint32_t)c->pop;
  /* receive TLB hold state */
  if (c->tev == AOTF_RX_EV_MISS) {
    m->miss_pgid = m->h_pgid;
    m->miss_pid = m->h_pid;
    m->miss_rg = m->h_rg;
    m->miss_addr = m->h_raddr;
  }
  {
    int hv = m->hv, missed = m->missed;
    if (m->hv && m->d_fresh && !c->thit) missed = 1;
    if (c->tev == AOTF_RX_EV_GOOD || c->tev == AOTF_RX_EV_PROT) hv = missed = 0;
    if (c->cap) { hv = 1; missed = 0; }
    m->d_fresh = m->hv && m->fresh && !c->tw;
    m->fresh = m->hv && !c->tw && !m->tlb_dw; /* tlb_dl lags a VBASE / PBASE write a cycle */
    m->tlb_dw = c->dw;
    m->hv = hv;
    m->missed = missed;
  }
  /* CSR writes */
  uint32_t st = m->status;
  if (c->csr_wr) {
    switch (a) {
      case CSR_AOTF_RX_CTRL: m->rx_en = (int)(wd & 1); break;
      case CSR_AOTF_RX_STATUS: st &= ~wd & 0x3FF; break;
      case CSR_AOTF_RX_IRQ_EN: m->irq_en = wd & 0x3FF; break;
      case CSR_AOTF_RX_TLB_INDEX: m->tlb_idx = wd & (m->cfg.tlb_entries - 1); break;
      case CSR_AOTF_RX_TLB_PGID:
        m->tlb_v[m->tlb_idx] = (int)(wd >> 31);
        m->tlb_pgid[m->tlb_idx] = wd & 0xFFFF;
        break;
      case CSR_AOTF_RX_TLB_PID:
        m->tlb_pid[m->tlb_idx] = wd & 0xFFFF;
        m->tlb_rg[m->tlb_idx] = (wd >> 16) & 0xFF;
        break;
      case CSR_AOTF_RX_TLB_VBASE: m->tlb_vb[m->tlb_idx] = wd & lmask; break;
      case CSR_AOTF_RX_TLB_VLIMIT: m->tlb_vl[m->tlb_idx] = wd & lmask; break;
      case CSR_AOTF_RX_TLB_PBASE: m->tlb_pb[m->tlb_idx] = wd & lmask; break;
      case CSR_AOTF_RX_PT_INDEX: m->pt_idx = wd & (m->cfg.pt_entries - 1); break;
      case CSR_AOTF_RX_PT_ENTRY:
        m->pt_v[i] = (int)(wd >> 31);
        m->pt_pgid[i] = wd & 0xFFFF;
        break;
      case CSR_AOTF_RX_PT_BASE: m->pt_base[i] = wd & lmask; break;
      case CSR_AOTF_RX_PT_LIMIT: m->pt_lim[i] = wd & lmask; break;
      case CSR_AOTF_RX_HW_ADDR: m->hw_addr = (wd & ((1u << m->lb) - 1)) >> 3; break;
      case CSR_AOTF_RX_HW_DATA_LO: m->hw_data = (m->hw_data & ~0xFFFFFFFFull) | wd; break;
      case CSR_AOTF_RX_HW_DATA_HI: m->hw_data = (m->hw_data & 0xFFFFFFFFull) | ((uint64_t)wd << 32); break;
      default: break;
    }
  }
  if (m->sev) st |= 1u << (m->sev - 1); /* the event of the cycle before (RTL sev_q) */
  m->status = st;
  m->sev = c->ev;
  /* counters */
  if (c->ev) m->cnt[c->ev == AOTF_RX_EV_LINK ? 10 : c->ev == AOTF_RX_EV_MISS ? 11 : c->ev]++;
  if (c->good) m->cnt[9] += c->glen;
  if (c->hw_wr) m->cnt[0]++;
  m->hw_q = c->hw_wr;
  m->hw_be = (uint32_t)(in->csr_wdata_i & 0xFF);
  if (c->ctrl_wr && ((wd >> 2) & 1)) memset(m->cnt, 0, sizeof(m->cnt));
  m->ack = (int)in->csr_req_i;
  m->rdata = rdata;
}

void aotf_rx_tick(aotf_rx_t *m, const aotf_rx_in_t *bus) {
  aotf_rx_in_t tmp;
  const aotf_rx_in_t *in = acting(m, bus, &tmp);
  rx_comb_t c;
  comb(m, in, &c);
  update(m, bus, in, &c, NULL);
}

void aotf_rx_step(aotf_rx_t *m, const aotf_rx_in_t *bus, aotf_rx_out_t *out) {
  aotf_rx_in_t tmp;
  const aotf_rx_in_t *in = acting(m, bus, &tmp);
  rx_comb_t c;
  comb(m, in, &c);
  aotf_llcm_out_t lo;
  outputs(m, &c, out); /* the registers before the edge */
  update(m, bus, in, &c, &lo);
  llcm_outputs(&lo, out);
}
