/* C model of rtl/comet_via.v (cycle accurate; mirrors the RTL's always @* block). */
#include "comet_via.h"
#include <assert.h>
#include <string.h>
#include "nic_pkg.h"

__extension__ typedef unsigned __int128 u128;

#define A_ID CSR_COMET_VIA_ID
#define A_VERSION CSR_COMET_VIA_VERSION
#define A_PARAMS CSR_COMET_VIA_PARAMS
#define A_CTRL CSR_COMET_VIA_CTRL
#define A_STATUS CSR_COMET_VIA_STATUS
#define A_IRQ_EN CSR_COMET_VIA_IRQ_EN
#define A_LIMIT CSR_COMET_VIA_HOST_LIMIT
#define A_DB CSR_COMET_VIA_DB0
#define A_SYS_POP CSR_COMET_VIA_SYS_POP0
#define A_SEND_CNT CSR_COMET_VIA_SEND_CNT0
#define A_RECV_CNT CSR_COMET_VIA_RECV_CNT0
#define A_ERR CSR_COMET_VIA_CNT_FMT
#define CTL_W1 (8u * VIA_DESC_HDR_SEG_COUNT_WORD)
#define CTL_W3 (8u * VIA_DESC_HDR_LENGTH_WORD)

static uint32_t clog2(uint32_t v) {
  uint32_t r = 0;
  while ((1u << r) < v) r++;
  return r;
}
static int pow2(uint32_t v) { return v >= 2 && !(v & (v - 1)); }

static uint64_t kmask64(uint32_t n) { return n >= 8 ? ~0ull : ((1ull << (8 * n)) - 1); }
static uint64_t smask64(uint32_t strb) {
  uint64_t m = 0;
  for (int b = 0; b < 8; b++)
    if (strb >> b & 1) m |= 0xFFull << (8 * b);
  return m;
}
static uint32_t kmask8(uint32_t n) { return n >= 8 ? 0xFFu : ((1u << (n & 7)) - 1) & 0xFFu; }
/* descriptor address unusable: unaligned, or its control segment beyond HOST_LIMIT */
static int daddr_bad(uint32_t a, uint32_t lim) { return (a & 7) || (uint64_t)a + 32 > lim; }
/* segment 0 (descriptor bytes 32..47) inside HOST_LIMIT: read with the control words */
static uint32_t spec_fits(uint32_t a, uint32_t lim) { return (uint64_t)a + 48 <= lim; }
/* address of the descriptor fetch's word n: 0 = word 1, 1 = word 3, 2 / 3 = segment 0 */
static uint32_t ctl_addr(uint32_t d, uint32_t n) {
  return d + ((n & 2) ? 32u + 8u * (n & 1) : ((n & 1) ? CTL_W3 : CTL_W1));
}
static u128 acc_get(const uint64_t a[2]) { return ((u128)a[1] << 64) | a[0]; }
static void acc_set(uint64_t a[2], u128 v) {
  a[0] = (uint64_t)v;
  a[1] = (uint64_t)(v >> 64);
}

int comet_via_init(comet_via_t *m, const comet_via_cfg_t *cfg, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (cfg->num_db < 4 || cfg->num_db > 8 || cfg->num_db % 2 || !pow2(cfg->db_depth) ||
      !pow2(cfg->max_segs) || cfg->max_segs > 16 || !pow2(cfg->rsp_depth))
    return -1;
  m->cfg = *cfg;
  m->num_vi = (cfg->num_db - 2) / 2;
  m->dbaw = clog2(cfg->db_depth);
  m->saw = clog2(cfg->max_segs);
  m->pfd = cfg->pf_slots ? cfg->pf_slots : COMET_VIA_PFD;
  if (m->pfd != 2 && m->pfd != 4) return -1;
  if (nic_ram_init(&m->db_ram, cfg->num_db * cfg->db_depth, 32, 1, seed ^ 0x11)) return -1;
  if (nic_ram_init(&m->seg_ram, 2 * cfg->max_segs, 48, 1, seed ^ 0x22)) return -1;
  if (nic_fifo_init(&m->rsp_fifo, cfg->rsp_depth, 64, seed ^ 0x33)) return -1;
  if (nic_fifo_init(&m->meta_fifo, cfg->rsp_depth, 10, seed ^ 0x44)) return -1;
  nic_axis_slice_init(&m->dq, seed ^ 0x55);
  m->dq.load_any = 1; /* RTL u_dreq LOAD_ANY = 1 */
  /* power-up register state is arbitrary; the bench resets first */
  m->r.state = (uint32_t)(seed % 10);
  return 0;
}

void comet_via_free(comet_via_t *m) {
  nic_ram_free(&m->db_ram);
  nic_ram_free(&m->seg_ram);
  nic_fifo_free(&m->rsp_fifo);
  nic_fifo_free(&m->meta_fifo);
}

uint64_t comet_via_collisions(const comet_via_t *m) {
  return m->db_ram.collisions + m->seg_ram.collisions + m->rsp_fifo.ram.collisions +
         m->meta_fifo.ram.collisions;
}

/* combinational values that depend on state only */
typedef struct {
  int rsp_v, rsp_desc, rsp_pf, rsp_pay;
  uint64_t rsp_data;
  uint32_t meta_data;
  uint32_t room, rx_n, rx_wr_v;
  uint32_t h, h_nd, h_code, c_err, c_code, status_word, wb_len;
  uint32_t tx_v, tx_last, tx_keep;
  uint32_t rx_ready;
  uint32_t fsm_v, pf_v, f_v, w_v, sel_w;
  uint32_t dv, dwe, daddr, dstrb, dst, drk, dvi; /* the request stage (RTL rq_*) */
  uint64_t dwdata;
} cmb_t;

/* DMA request slice payload (RTL u_dreq: the status-write tag, its kind and VI ride along) */
static void dq_pack(const cmb_t *c, uint64_t d[NIC_AXIS_SLICE_WORDS]) {
  d[0] = c->dwdata;
  d[1] = (uint64_t)c->dstrb | (uint64_t)c->dwe << 8 | (uint64_t)c->dst << 9 | (uint64_t)c->drk << 10 |
         (uint64_t)c->dvi << 11 | (uint64_t)(c->daddr >> 3) << 13;
}
typedef struct {
  uint32_t v, we, addr, strb, st, rk, vi;
  uint64_t wdata;
} dq_port_t;
static dq_port_t dq_port(const nic_axis_slice_t *s) {
  nic_axis_slice_sig_out_t so;
  nic_axis_slice_eval(s, &so);
  dq_port_t p;
  uint64_t h = so.m_data[1];
  p.v = (uint32_t)so.m_valid;
  p.wdata = so.m_data[0];
  p.strb = (uint32_t)h & 0xFF;
  p.we = (uint32_t)(h >> 8) & 1;
  p.st = (uint32_t)(h >> 9) & 1;
  p.rk = (uint32_t)(h >> 10) & 1;
  p.vi = (uint32_t)(h >> 11) & 3;
  p.addr = (uint32_t)(h >> 13) << 3;
  return p;
}

static void comb(const comet_via_t *m, cmb_t *c) {
  const comet_via_regs_t *r = &m->r;
  memset(c, 0, sizeof(*c));
  /* the consumers see the skid head */
  c->rsp_v = r->sk_cnt != 0;
  c->rsp_data = r->sk_data[0];
  c->meta_data = r->sk_meta[0] & 0x3FF;
  c->rsp_desc = c->rsp_v && (c->meta_data >> 9 & 1) && !(c->meta_data >> 8 & 1);
  c->rsp_pf = c->rsp_v && (c->meta_data >> 9 & 1) && (c->meta_data >> 8 & 1);
  c->rsp_pay = c->rsp_v && !(c->meta_data >> 9 & 1);

  int rx = r->state == CV_S_RX;
  c->tx_v = !rx && (r->cnt >= 8 || (r->in_done && r->cnt != 0));
  c->tx_last = r->in_done && r->cnt <= 8;
  c->tx_keep = kmask8(r->cnt >= 8 ? 8 : (r->cnt & 15));
  c->rx_ready = r->state == CV_S_DRAIN || (rx && !r->in_done && (r->walk_done || r->cnt <= 8));

  uint32_t room_full = 8 - (r->cur_addr & 7);
  c->room = r->cur_rem < room_full ? (r->cur_rem & 15) : room_full;
  c->rx_n = r->cnt >= c->room ? c->room : (r->cnt & 15);
  c->rx_wr_v = rx && r->seg_vld && r->cnt != 0 && (r->cnt >= c->room || r->in_done);
  c->h = r->cq_rp & 3;
  c->h_nd = r->cq_nd[c->h];
  c->h_code = c->h_nd ? r->cd[r->cd_rp & 3] : 0;
  int wbs = r->state == CV_S_WBS;
  c->c_err = wbs ? r->cq_err[c->h] : r->err;
  c->c_code = wbs ? c->h_code : 0;
  c->status_word = (c->c_code << 8) | ((c->c_err >> 3) & 1) << 5 | (uint32_t)(c->c_code != 0) << 4 |
                   (c->c_err & 7) << 1 | 1u;
  c->wb_len = (c->c_err & 7) ? 0 : (wbs ? r->cq_len[c->h] : r->xfer);

  uint32_t f_addr = 0;
  switch (r->state) {
    case CV_S_CTL:
      c->fsm_v = !r->dbad && r->req_idx < (r->spec ? 4u : 2u) && r->inflight < m->cfg.rsp_depth;
      f_addr = ctl_addr(r->desc, r->req_idx & 3);
      break;
    case CV_S_SEG:
      c->fsm_v = r->req_idx < ((r->segcnt & ((2u << m->saw) - 1)) << 1 & 63) &&
               r->inflight < m->cfg.rsp_depth;
      f_addr = r->desc + 32u + (r->req_idx << 3);
      break;
    case CV_S_WB:
      c->fsm_v = 1;
      f_addr = r->desc + CTL_W3;
      break;
    case CV_S_WBS:
      c->fsm_v = 1;
      f_addr = r->cq_desc[c->h] + CTL_W3;
      break;
    default: break;
  }
  c->pf_v = r->pf_st == CV_P_ISS && r->inflight < m->cfg.rsp_depth;
  c->f_v = r->fsel ? c->pf_v : c->fsm_v;
  if (r->fsel) f_addr = ctl_addr(r->pf_desc, r->pf_idx);
  c->w_v = r->w_act && (rx ? c->rx_wr_v : (r->seg_vld && r->inflight < m->cfg.rsp_depth));
  c->sel_w = r->gnt;
  int wb = r->state == CV_S_WB || wbs;
  c->dv = c->sel_w ? c->w_v : c->f_v;
  c->dwe = c->sel_w ? (uint32_t)rx : (uint32_t)(wb && !r->fsel);
  c->daddr = c->sel_w ? (r->cur_addr & ~7u) : f_addr;
  if (c->sel_w && rx) {
    /* RTL: the receive ring rotated by rsh, not masked and not gated by the request valid;
     * its strobes gated by w_act && seg_vld (not by w_v), and with a valid request the
     * strobed lanes are the accumulator's chunk (a model invariant) */
    if (r->w_act && r->seg_vld) c->dstrb = (kmask8(c->rx_n) << (r->cur_addr & 7)) & 0xFF;
    c->dwdata = 0;
    for (uint32_t l = 0; l < 8; l++) c->dwdata |= (uint64_t)r->rxr[(l + r->rsh) & 15] << (8 * l);
    assert(!c->w_v || ((c->dwdata ^ (r->acc[0] << (8 * (r->cur_addr & 7)))) & smask64(c->dstrb)) == 0);
  } else if (!c->sel_w && !r->fsel && wb) {
    c->dwdata = ((uint64_t)c->status_word << 32) | c->wb_len;
    c->dstrb = 0xFF;
    c->dst = 1;
  }
  c->drk = r->state == CV_S_WB;
  c->dvi = r->state == CV_S_WB ? r->vi : r->cq_vi[c->h];
}

void comet_via_eval(const comet_via_t *m, const comet_via_in_t *in, comet_via_out_t *o) {
  const comet_via_regs_t *r = &m->r;
  cmb_t c;
  (void)in;
  comb(m, &c);
  o->csr_ack_o = r->csr_ack;
  o->csr_rdata_o = r->csr_pop ? (uint32_t)nic_ram_rd64(&m->db_ram) : r->csr_rdata;
  dq_port_t dp = dq_port(&m->dq);
  o->dma_req_valid_o = dp.v;
  o->dma_req_we_o = dp.we;
  o->dma_req_addr_o = dp.addr;
  o->dma_req_wdata_o = dp.wdata;
  o->dma_req_wstrb_o = dp.strb;
  /* RTL: the send ring half masked to tkeep; 0 while a receive runs (acc holds its bytes) */
  o->m_axis_tx_tdata = r->state == CV_S_RX ? 0 : r->acc[0];
  /* tkeep / tlast are registered in the RTL from the packer's next state: 0 while a receive
     runs (S_RX, tvalid 0, cnt is the unpacker's level then) */
  int tx_rx = r->state == CV_S_RX;
  o->m_axis_tx_tkeep = tx_rx ? 0 : c.tx_keep;
  o->m_axis_tx_tvalid = c.tx_v;
  o->m_axis_tx_tlast = !tx_rx && c.tx_last;
  o->m_axis_tx_tuser = r->pk_vi;
  o->s_axis_rx_tready = c.rx_ready;
  o->irq_o = (r->status & r->irq_en) != 0;
  o->dbg_state_o = r->state;
  uint64_t lv = 0;
  for (uint32_t i = 0; i < m->cfg.num_db; i++) lv |= (uint64_t)r->db_cnt[i] << (i * (m->dbaw + 1));
  o->dbg_db_level_o = lv;
  o->dbg_inflight_o = r->inflight;
  o->dbg_acc_cnt_o = r->cnt;
  o->dbg_flags_o = r->prio_rx << 7 | r->op_rx << 6 | r->has_desc << 5 | r->seg_vld << 4 |
                   r->seg_rd << 3 | r->seg_last << 2 | r->walk_done << 1 | r->in_done;
  o->dbg_vi_o = r->rr << 2 | r->vi;
  o->dbg_pf_o = r->pf_st << 5 | r->pf_vi << 3 | r->s_cnt;
}

void comet_via_tick(comet_via_t *m, const comet_via_in_t *in) {
  const comet_via_regs_t *q = &m->r;
  comet_via_regs_t n = *q;
  cmb_t c;
  comb(m, &c);
  const uint32_t NDB = m->cfg.num_db, DBD = m->cfg.db_depth, NVI = m->num_vi;
  const uint32_t cntmask = (2u << m->dbaw) - 1, segmask = (2u << m->saw) - 1;
  /* the segment RAM write landing this cycle is segment 0's (RTL: its own flop, sw0_q) */
  const int sw0 = q->sw_v && (q->sw_addr & (m->cfg.max_segs - 1)) == 0;
  const uint32_t ifmask = (2u << clog2(m->cfg.rsp_depth)) - 1;
  int db_we = 0, db_re = 0;
  uint32_t db_waddr = 0, db_raddr = 0, ring = 0; /* ring: the doorbell a pop (db_re) reads */
  int seg_we = 0, seg_re = 0;
  uint32_t seg_raddr = q->w_bank << m->saw | (q->seg_idx & (m->cfg.max_segs - 1));
  uint32_t seg_waddr = 0;
  uint64_t seg_wdata = 0;
  int rsp_pop = 0, meta_push = 0;
  uint32_t meta_wdata = 0;
  uint32_t db_push = 0, db_pop = 0;
  int csr_pop = 0, ev_send = 0, ev_recv = 0;
  uint32_t cnt_inc = 0, bytes_add = 0;
  /* the CSR request acted on in this cycle: the one registered at the previous edge */
  uint32_t addr = q->ci_addr, wd = q->ci_wdata;
  /* a SYS_POP read acted on (ring empty or not): the engine's doorbell pop waits */
  int ci_spop = q->ci_req && !q->ci_we && (addr == A_SYS_POP || addr == A_SYS_POP + 4);

  /* the request stage is accepted by the slice (its ready: the skid register is empty); the
   * port's acceptance (dp) carries the completion events */
  int rq_rdy = !m->dq.skid_v;
  int dma_acc = c.dv && rq_rdy;
  dq_port_t dp = dq_port(&m->dq);
  int dq_acc = dp.v && in->dma_req_ready_i;
  int f_acc = dma_acc && !c.sel_w && !q->fsel, pf_acc = dma_acc && !c.sel_w && q->fsel;
  int w_acc = dma_acc && c.sel_w;
  n.ctl_aerr = (uint64_t)q->desc + 32 + ((uint64_t)q->segcnt << 4) > q->limit;
  n.dbad = 0;
  n.seg0w = 0;
  int tx_emit = c.tx_v && in->m_axis_tx_tready;
  int tx_idle = !q->w_act && q->inflight == 0 && q->sk_cnt == 0 && q->cnt == 0 && !q->in_done && q->pf_st == CV_P_IDLE;
  /* send/receive turns; the prefetcher starts nothing new in the receive's turn or during one */
  int any_sdb = 0;
  for (uint32_t i = 0; i < NVI; i++)
    if (q->db_cnt[2 + 2 * i]) any_sdb = 1;
  int tx_turn = q->en && (any_sdb || q->s_cnt) && q->cq_cnt != COMET_VIA_CQD;
  int rx_req = q->en && in->s_axis_rx_tvalid;
  int rx_turn = rx_req && (!tx_turn || q->prio_rx);
  int rx_active = q->op_rx && !(q->state == CV_S_IDLE || q->state == CV_S_WBS);
  uint32_t th = q->s_rp & (m->pfd - 1);
  int take = q->en && q->s_rdy[th] && q->cq_cnt != COMET_VIA_CQD;
  int cq_rdy = q->cq_cnt != 0 && (!c.h_nd || q->cd_cnt != 0);
  int cq_push = 0, cq_pop = 0, w_start = 0;
  uint32_t cq_perr = 0;
  int gnt_free = !(c.dv && !rq_rdy); /* the grant is decided at the end */
  int csr_wr = q->ci_req && q->ci_we;
  int csr_rd = q->ci_req && !q->ci_we;
  n.csr_rdata = 0;

  if (csr_rd) {
    uint32_t v = 0xDEADBEEFu;
    switch (addr) {
      case A_ID: v = COMET_VIA_ID_ID_RESET; break;
      case A_VERSION: v = COMET_VIA_VERSION_VERSION_RESET; break;
      case A_PARAMS: v = NVI << 24 | m->cfg.max_segs << 16 | DBD << 8 | NDB; break;
      case A_CTRL: v = q->en; break;
      case A_STATUS: v = q->status; break;
      case A_IRQ_EN: v = q->irq_en; break;
      case A_LIMIT: v = q->limit; break;
      default: break;
    }
    for (uint32_t i = 0; i < NDB; i++)
      if (addr == A_DB + 4 * i) v = q->db_cnt[i];
    for (uint32_t i = 0; i < 2; i++)
      if (addr == A_SYS_POP + 4 * i) {
        v = 0;
        if (q->db_cnt[i]) {
          csr_pop = 1;
          db_re = 1;
          ring = i;
        }
      }
    for (uint32_t i = 0; i < NVI; i++) {
      if (addr == A_SEND_CNT + 4 * i) v = q->send_cnt[i];
      if (addr == A_RECV_CNT + 4 * i) v = q->recv_cnt[i];
    }
    for (uint32_t i = 0; i < COMET_VIA_NCNT; i++)
      if (addr == A_ERR + 4 * i) v = q->err_cnt[i];
    n.csr_rdata = v;
  }
  if (csr_wr) {
    if (addr == A_CTRL) n.en = wd & 1;
    if (addr == A_STATUS) n.status = q->status & ~wd & 0x7F;
    if (addr == A_IRQ_EN) n.irq_en = wd & 0x7F;
    if (addr == A_LIMIT) n.limit = wd;
    for (uint32_t i = 0; i < NDB; i++)
      if (addr == A_DB + 4 * i) {
        if (q->db_cnt[i] == DBD) {
          cnt_inc |= 1u << CV_C_DBOVF;
          n.status |= 1u << 4;
        } else {
          db_we = 1;
          db_waddr = i << m->dbaw | q->db_wp[i];
          db_push |= 1u << i;
        }
      }
  }
  if (dma_acc && !c.dwe) {
    n.inflight = (n.inflight + 1) & ifmask;
    meta_push = 1;
    meta_wdata = c.sel_w ? (q->w_vi << 7 | (uint32_t)(q->seg_last && q->cur_rem == c.room) << 6 |
                            ((c.room - 1) & 7) << 3 | (q->cur_addr & 7))
                         : (q->fsel ? 3u << 8 | q->pf_slot << 6 | q->pf_idx << 4 : 1u << 9);
  }
  /* tx_done codes: one per sent message, in order; a pulse with no message waiting is ignored */
  if (tx_emit && c.tx_last) n.aw_cnt = (n.aw_cnt + 1) & 7;
  if (in->tx_done_valid_i && q->aw_cnt) {
    n.aw_cnt = (n.aw_cnt - 1) & 7;
    n.cd[q->cd_wp & 3] = (uint32_t)in->tx_done_code_i & 15;
    n.cd_wp = (q->cd_wp + 1) & 3;
    n.cd_cnt = (n.cd_cnt + 1) & 7;
  }
  /* segment walker */
  int rx = q->state == CV_S_RX;
  if (q->w_act) {
    if (q->seg_rd) {
      uint64_t e = nic_ram_rd64(&m->seg_ram);
      n.cur_addr = (uint32_t)e;
      n.cur_rem = (uint32_t)(e >> 32) & 0xFFFF;
      if (rx) n.seg_ld = 1; /* a receive's segment load takes one more cycle */
      else n.seg_vld = 1;
      n.seg_rd = 0;
    } else if (q->seg_ld) {
      n.seg_ld = 0;
      n.seg_vld = 1;
    } else if (!q->seg_vld && !q->walk_done) {
      seg_re = 1;
      n.seg_rd = 1;
      n.seg_last = ((q->seg_idx + 1) & segmask) == (q->w_segcnt & segmask);
      n.seg_idx = (q->seg_idx + 1) & segmask;
    }
    uint32_t nb = rx ? c.rx_n : c.room;
    if (w_acc) {
      n.cur_addr = q->cur_addr + nb;
      n.cur_rem = (q->cur_rem - nb) & 0xFFFF;
      if (q->cur_rem == nb) {
        n.seg_vld = 0;
        if (q->seg_last) n.walk_done = 1;
      }
    }
    if (!rx && q->walk_done) n.w_act = 0;
  }
  /* receive byte ring: every beat (S_RX or S_DRAIN) writes its 8 tdata bytes from rwp on and
   * moves rwp by its byte count; the read rotation is set in a receive's segment load cycle
   * and moves 8 bytes after a full chunk that does not end its segment */
  if (in->s_axis_rx_tvalid && c.rx_ready) {
    for (uint32_t k = 0; k < 8; k++) n.rxr[(q->rwp + k) & 15] = (uint8_t)(in->s_axis_rx_tdata >> (8 * k));
    n.rwp = (q->rwp + ((uint32_t)in->s_axis_rx_tcnt & 15)) & 15; /* the byte count sideband */
  }
  if (q->w_act && q->seg_ld) n.rsh = (q->rwp - q->cnt - (q->cur_addr & 7)) & 15;
  else if (rx && w_acc && q->cnt >= c.room && q->cur_rem != c.room) n.rsh = q->rsh ^ 8;
  /* byte packer (send) */
  if (!rx) {
    u128 abase;
    uint32_t cbase;
    if (tx_emit) {
      abase = acc_get(q->acc) >> 64;
      cbase = q->cnt >= 8 ? q->cnt - 8 : 0;
      if (c.tx_last) n.in_done = 0;
    } else {
      abase = acc_get(q->acc);
      cbase = q->cnt;
    }
    if (c.rsp_pay && (!q->in_done || (tx_emit && c.tx_last)) && (q->cnt < 8 || tx_emit)) {
      rsp_pop = 1;
      uint32_t off = c.meta_data & 7, nn = ((c.meta_data >> 3) & 7) + 1;
      uint64_t piece = (c.rsp_data >> (8 * off)) & kmask64(nn);
      abase |= (u128)piece << (8 * cbase);
      cbase += nn;
      n.in_done = (c.meta_data >> 6) & 1;
      n.pk_vi = (c.meta_data >> 7) & 3;
    }
    acc_set(n.acc, abase);
    n.cnt = cbase & 31;
  }

  switch (q->state) {
    case CV_S_IDLE: {
      if (cq_rdy) {
        n.state = CV_S_WBS;
        break;
      }
      uint32_t tu = (uint32_t)in->s_axis_rx_tuser;
      if (rx_turn) {
        if (!tx_idle) break; /* a receive waits until the send side has drained */
        n.prio_rx = 0;
        n.op_rx = 1;
        n.vi = tu;
        n.has_desc = 0;
        if (tu >= NVI) {
          cnt_inc |= 1u << CV_C_BADVI;
          n.status |= 1u << 5;
          n.state = CV_S_DRAIN;
        } else if (q->db_cnt[3 + 2 * tu] == 0) {
          cnt_inc |= 1u << CV_C_NODESC;
          n.status |= 1u << 5;
          n.state = CV_S_DRAIN;
        } else {
          n.state = CV_S_DB_RD;
        }
      } else if (take) { /* the oldest prefetched send descriptor, checked next in S_CTL */
        n.prio_rx = 1;
        n.op_rx = 0;
        n.vi = q->s_vi[th];
        n.desc = q->s_desc[th];
        n.spec = q->s_spec[th];
        n.segcnt = q->s_segcnt[th];
        n.len = q->s_len[th];
        n.ctl_aerr = q->s_aerr[th];
        n.has_desc = 1;
        if (q->s_spec[th]) {
          n.sum = q->s_sum0[th];
          n.err = q->s_e2[th] << 2 | q->s_e1[th] << 1;
          n.sa = q->s_sa[th];
          n.seg0w = 1; /* segment 0 is written in S_CTL's first cycle */
          n.req_idx = n.rsp_idx = 4;
        } else {
          n.sum = 0;
          n.err = 0;
          n.req_idx = n.rsp_idx = 2;
        }
        n.s_rdy[th] = 0;
        n.s_rp = (q->s_rp + 1) & (m->pfd - 1);
        n.s_cnt = (n.s_cnt - 1) & 7;
        n.state = CV_S_CTL;
      }
      break;
    }
    case CV_S_DB_RD:
      if (!ci_spop) {
        db_re = 1;
        ring = 2 + 2 * q->vi + q->op_rx;
        n.state = CV_S_DB_WAIT;
      }
      break;
    case CV_S_DB_WAIT: /* the doorbell RAM output goes into a register first */
      n.desc = (uint32_t)nic_ram_rd64(&m->db_ram);
      n.state = CV_S_DB_CHK;
      break;
    case CV_S_DB_CHK: {
      uint32_t d = q->desc;
      n.spec = spec_fits(d, q->limit);
      n.sum = 0;
      n.err = 0;
      n.req_idx = 0;
      n.rsp_idx = 0;
      /* the address check is registered and acted on in S_CTL's first cycle */
      n.dbad = (uint32_t)daddr_bad(d, q->limit);
      n.has_desc = 1;
      n.state = CV_S_CTL;
      break;
    }
    case CV_S_CTL:
    case CV_S_SEG: {
      int ctl = q->state == CV_S_CTL;
      uint32_t nreq = ((q->segcnt & segmask) << 1) & 63;
      if (f_acc) n.req_idx = (q->req_idx + 1) & 63;
      if (c.rsp_desc) {
        rsp_pop = 1;
        n.rsp_idx = (q->rsp_idx + 1) & 63;
      }
      if (c.rsp_desc && ctl && !(q->rsp_idx & 2)) {
        if (!(q->rsp_idx & 1)) n.segcnt = (uint32_t)(c.rsp_data >> VIA_DESC_HDR_SEG_COUNT_LSB) & 0xFFFF;
        else n.len = (uint32_t)(c.rsp_data >> VIA_DESC_HDR_LENGTH_LSB);
      } else if (c.rsp_desc) {
        if (!(q->rsp_idx & 1)) {
          n.sa = (uint32_t)c.rsp_data;
          n.alim = (int64_t)q->limit - (int64_t)(uint32_t)c.rsp_data; /* the limit as of the address word */
          n.seghi = (c.rsp_data >> 32) != 0;
        } else {
          uint32_t seglen = (uint32_t)(c.rsp_data >> VIA_SEG_HDR_LENGTH_LSB);
          n.sum = q->sum + seglen;
          if (seglen == 0 || (seglen >> 16)) n.err |= 2;
          if (q->seghi || (int64_t)seglen > q->alim) n.err |= 4;
          seg_we = 1;
          seg_waddr = ctl ? 0 : (q->rsp_idx >> 1) & (m->cfg.max_segs - 1);
          seg_wdata = (uint64_t)(seglen & 0xFFFF) << 32 | q->sa;
        }
      }
      if (q->seg0w) { /* the prefetched segment 0 taken in S_IDLE */
        seg_we = 1;
        seg_waddr = 0;
        seg_wdata = (uint64_t)(q->sum & 0xFFFF) << 32 | q->sa;
      }
      if (ctl && q->rsp_idx == (q->spec ? 4u : 2u)) {
        uint32_t ce = 0;
        if (q->segcnt == 0 || q->segcnt > m->cfg.max_segs) ce |= 1;
        if (!q->op_rx && (q->len == 0 || (q->len >> 16))) ce |= 2;
        if (q->ctl_aerr) ce |= 4;
        n.req_idx = q->spec ? 2 : 0;
        n.rsp_idx = q->spec ? 2 : 0;
        if (ce) {
          n.err = ce;
          if (q->op_rx) n.state = CV_S_DRAIN;
          else {
            cq_push = 1;
            cq_perr = ce & 7;
            n.state = CV_S_IDLE;
          }
        } else n.state = CV_S_SEG;
      }
      if (q->dbad) { /* S_CTL's first cycle after a bad S_DB_CHK address (nothing issued) */
        cnt_inc |= 1u << CV_C_DADDR;
        n.status |= 1u << 6;
        n.has_desc = 0;
        n.state = q->op_rx ? CV_S_DRAIN : CV_S_IDLE;
      }
      if (!ctl && q->rsp_idx == nreq && !(q->op_rx && sw0)) { /* (a receive waits for segment 0's write) */
        if (!q->op_rx && q->sum != q->len) n.err |= 2;
        if (n.err) {
          if (q->op_rx) n.state = CV_S_DRAIN;
          else {
            cq_push = 1;
            cq_perr = n.err & 7;
            n.state = CV_S_IDLE;
          }
        } else if (q->op_rx) {
          w_start = 1; /* acc, cnt, in_done are 0: the send side is idle */
          n.xfer = 0;
          n.state = CV_S_RX;
        } else n.state = CV_S_TXQ;
      }
      break;
    }
    case CV_S_TXQ:
      if (!q->w_act || q->walk_done) {
        w_start = 1;
        cq_push = 1;
        n.state = CV_S_IDLE;
      }
      break;
    case CV_S_RX: {
      u128 abase = acc_get(q->acc);
      uint32_t cbase = q->cnt;
      if (w_acc) {
        abase = acc_get(q->acc) >> (8 * c.rx_n);
        cbase = q->cnt - c.rx_n;
        n.xfer = q->xfer + c.rx_n;
      }
      if (q->walk_done && q->cnt != 0) {
        abase = 0;
        cbase = 0;
        n.err |= 8;
      }
      if (in->s_axis_rx_tvalid && c.rx_ready) {
        n.in_done = (uint32_t)in->s_axis_rx_tlast;
        if (q->walk_done) n.err |= 8;
        else {
          uint32_t pc = (uint32_t)in->s_axis_rx_tcnt & 15; /* = popcount(tkeep) */
          abase |= (u128)(in->s_axis_rx_tdata & kmask64(pc)) << (8 * cbase);
          cbase += pc;
        }
      }
      acc_set(n.acc, abase);
      n.cnt = cbase & 31;
      if (q->in_done && q->cnt == 0) {
        n.w_act = 0;
        n.in_done = 0;
        n.state = CV_S_WB;
      }
      break;
    }
    case CV_S_DRAIN:
      if (in->s_axis_rx_tvalid && in->s_axis_rx_tlast) n.state = q->has_desc ? CV_S_WB : CV_S_IDLE;
      break;
    case CV_S_WB: /* its events when the port takes the status write (below) */
      if (f_acc) n.state = CV_S_IDLE;
      break;
    case CV_S_WBS:
      if (f_acc) {
        n.state = CV_S_IDLE;
        cq_pop = 1;
      }
      break;
    default: n.state = CV_S_IDLE; break;
  }
  /* send descriptor prefetcher */
  switch (q->pf_st) {
    case CV_P_IDLE: {
      /* the candidate VI is registered whether or not it is taken (RTL: pf_vi_q shows it) */
      int found = 0;
      for (uint32_t k = 1; k <= NVI; k++) {
        uint32_t pick = (q->rr + k) % NVI;
        if (!found && q->db_cnt[2 + 2 * pick]) {
          found = 1;
          n.pf_vi = pick;
        }
      }
      if (q->en && any_sdb && q->s_cnt != m->pfd && !rx_turn && !rx_active) {
        n.rr = n.pf_vi;
        n.pf_st = CV_P_RD;
      }
      break;
    }
    case CV_P_RD:
      if (!ci_spop) {
        db_re = 1;
        ring = 2 + 2 * q->pf_vi;
        n.pf_st = CV_P_WAIT;
      }
      break;
    case CV_P_WAIT:
      n.pf_desc = (uint32_t)nic_ram_rd64(&m->db_ram);
      n.pf_st = CV_P_CHK;
      break;
    case CV_P_CHK:
      if (daddr_bad(q->pf_desc, q->limit)) {
        cnt_inc |= 1u << CV_C_DADDR;
        n.status |= 1u << 6;
        n.pf_st = CV_P_IDLE;
      } else {
        uint32_t w = q->s_wp & (m->pfd - 1);
        n.pf_spec = spec_fits(q->pf_desc, q->limit);
        n.pf_idx = 0;
        n.pf_slot = w;
        n.s_desc[w] = q->pf_desc;
        n.s_vi[w] = q->pf_vi;
        n.s_spec[w] = n.pf_spec;
        n.s_rdy[w] = 0;
        n.s_wp = (q->s_wp + 1) & (m->pfd - 1);
        n.s_cnt = (n.s_cnt + 1) & 7;
        n.pf_st = CV_P_ISS;
      }
      break;
    case CV_P_ISS:
      if (pf_acc) {
        if (q->pf_idx == (q->pf_spec ? 3u : 1u)) n.pf_st = CV_P_IDLE;
        else n.pf_idx = (q->pf_idx + 1) & 3;
      }
      break;
    default: n.pf_st = CV_P_IDLE; break;
  }
  /* prefetched words: drained from the response head into their slot, checks precomputed */
  if (c.rsp_pf) rsp_pop = 1;
  n.dr_v = (uint32_t)c.rsp_pf;
  n.dr_sl = (c.meta_data >> 6) & (m->pfd - 1);
  n.dr_w = (c.meta_data >> 4) & 3;
  n.dr_data = c.rsp_data;
  if (q->dr_v) {
    uint32_t sl = q->dr_sl;
    uint64_t dd = q->dr_data;
    switch (q->dr_w) {
      case 0: n.s_segcnt[sl] = (uint32_t)(dd >> VIA_DESC_HDR_SEG_COUNT_LSB) & 0xFFFF; break;
      case 1:
        n.s_len[sl] = (uint32_t)(dd >> VIA_DESC_HDR_LENGTH_LSB);
        n.s_aerr[sl] = (uint64_t)q->s_desc[sl] + 32 + ((uint64_t)q->s_segcnt[sl] << 4) > q->limit;
        if (!q->s_spec[sl]) n.s_rdy[sl] = 1;
        break;
      case 2:
        n.s_sa[sl] = (uint32_t)dd;
        n.s_seghi[sl] = (dd >> 32) != 0;
        break;
      default: {
        uint32_t seglen = (uint32_t)(dd >> VIA_SEG_HDR_LENGTH_LSB);
        n.s_sum0[sl] = seglen;
        n.s_e1[sl] = seglen == 0 || (seglen >> 16);
        n.s_e2[sl] = q->s_seghi[sl] || (uint64_t)q->s_sa[sl] + seglen > q->limit;
        n.s_rdy[sl] = 1;
        break;
      }
    }
  }
  if (gnt_free) {
    if (c.w_v && (c.fsm_v || c.pf_v)) n.gnt = !q->gnt;
    else if (c.w_v) n.gnt = 1;
    else if (c.fsm_v || c.pf_v) n.gnt = 0;
    else
      n.gnt = !(q->state == CV_S_DB_RD || q->state == CV_S_DB_WAIT || q->state == CV_S_DB_CHK || q->state == CV_S_CTL ||
                q->state == CV_S_SEG ||
                q->state == CV_S_DRAIN || q->state == CV_S_WB || q->state == CV_S_WBS || (q->state == CV_S_IDLE && cq_rdy) ||
                q->pf_st == CV_P_CHK || q->pf_st == CV_P_ISS);
    n.fsel = c.fsm_v ? 0 : (c.pf_v || q->pf_st == CV_P_CHK);
  }
  if (w_start) { /* a checked descriptor to the idle walker: it takes the half the fetch filled */
    n.w_act = 1;
    n.w_bank = q->f_bank;
    n.f_bank = !q->f_bank;
    n.w_segcnt = q->segcnt & segmask;
    n.w_vi = q->vi;
    seg_re = 1; /* segment 0 at once (written at least two cycles earlier) */
    seg_raddr = q->f_bank << m->saw;
    n.seg_idx = 1;
    n.seg_last = (q->segcnt & segmask) == 1;
    n.seg_vld = 0;
    n.seg_rd = 1;
    n.seg_ld = 0;
    n.walk_done = 0;
  }
  if (cq_push) {
    uint32_t w = q->cq_wp & 3;
    n.cq_desc[w] = q->desc;
    n.cq_len[w] = q->len & 0xFFFF;
    n.cq_vi[w] = q->vi;
    n.cq_err[w] = cq_perr;
    n.cq_nd[w] = cq_perr == 0;
    n.cq_wp = (q->cq_wp + 1) & 3;
    n.cq_cnt = (n.cq_cnt + 1) & 7;
  }
  if (cq_pop) {
    n.cq_rp = (q->cq_rp + 1) & 3;
    n.cq_cnt = (n.cq_cnt - 1) & 7;
    if (c.h_nd) {
      n.cd_rp = (q->cd_rp + 1) & 3;
      n.cd_cnt = (n.cd_cnt - 1) & 7;
    }
  }
  /* FIFO -> skid while the skid holds fewer than 2 words; the credit returns then */
  nic_fifo_sig_out_t fo;
  uint64_t z[NIC_RAM_MAXW] = {0};
  nic_fifo_sig_in_t fi = {1, 0, 0, z};
  nic_fifo_eval(&m->rsp_fifo, &fi, &fo);
  int fq_pop = fo.m_valid && q->sk_cnt < 2;
  uint64_t fq_data = fo.m_data[0];
  nic_fifo_eval(&m->meta_fifo, &fi, &fo);
  uint32_t fq_meta = (uint32_t)fo.m_data[0] & 0x3FF;
  if (fq_pop) n.inflight = (n.inflight - 1) & ifmask;
  n.sk_cnt = q->sk_cnt;
  if (rsp_pop) {
    n.sk_data[0] = q->sk_data[1];
    n.sk_meta[0] = q->sk_meta[1];
    n.sk_cnt--;
  }
  if (fq_pop) {
    n.sk_data[n.sk_cnt] = fq_data;
    n.sk_meta[n.sk_cnt] = fq_meta;
    n.sk_cnt++;
  }

  /* completion events: when the port accepts a status write (software never sees a counter,
   * STATUS bit or irq before the write has left the engine); status word and length from it */
  ev_send = dq_acc && dp.st && !dp.rk;
  ev_recv = dq_acc && dp.st && dp.rk;
  if (ev_send || ev_recv) {
    uint32_t sw = (uint32_t)(dp.wdata >> 32);
    if (sw >> 1 & 1) cnt_inc |= 1u << CV_C_FMT;
    if (sw >> 2 & 1) cnt_inc |= 1u << CV_C_LEN;
    if (sw >> 3 & 1) cnt_inc |= 1u << CV_C_ADDR;
    if (sw >> 4 & 1) cnt_inc |= 1u << CV_C_TXERR;
    if (sw >> 5 & 1) cnt_inc |= 1u << CV_C_TRUNC;
    int err = (sw & 0x3E) != 0;
    if (ev_send) {
      uint32_t hv = dp.vi;
      n.send_cnt[hv] = q->send_cnt[hv] + 1;
      n.status |= 1;
      if (err) n.status |= 4;
      cnt_inc |= 1u << CV_C_TXB;
    } else {
      n.recv_cnt[dp.vi] = q->recv_cnt[dp.vi] + 1;
      n.status |= 2;
      if (err) n.status |= 8;
      cnt_inc |= 1u << CV_C_RXB;
    }
    bytes_add = (uint32_t)dp.wdata;
  }
  /* RTL cinc_q / cby_q: the events are added one cycle later */
  for (uint32_t i = 0; i < COMET_VIA_NCNT; i++)
    if (q->cinc >> i & 1)
      n.err_cnt[i] = q->err_cnt[i] + ((i == CV_C_TXB || i == CV_C_RXB) ? q->cby : 1);
  n.cinc = cnt_inc;
  n.cby = bytes_add;
  if (db_re) { /* one doorbell pop per cycle: SYS_POP read, control FSM or prefetcher */
    db_raddr = ring << m->dbaw | q->db_rp[ring];
    db_pop |= 1u << ring;
  }
  for (uint32_t i = 0; i < NDB; i++) {
    uint32_t pu = db_push >> i & 1, po = db_pop >> i & 1;
    if (pu) n.db_wp[i] = (q->db_wp[i] + 1) & (DBD - 1);
    if (po) n.db_rp[i] = (q->db_rp[i] + 1) & (DBD - 1);
    n.db_cnt[i] = (q->db_cnt[i] + pu - po) & cntmask;
  }
  if (csr_wr && addr == A_CTRL && (wd & 2)) {
    memset(n.send_cnt, 0, sizeof(n.send_cnt));
    memset(n.recv_cnt, 0, sizeof(n.recv_cnt));
    memset(n.err_cnt, 0, sizeof(n.err_cnt));
  }
  n.csr_ack = q->ci_req;
  n.ci_req = (uint32_t)in->csr_req_i & 1;
  n.ci_we = (uint32_t)in->csr_we_i & 1;
  n.ci_addr = (uint32_t)in->csr_addr_i & 0xFFF;
  n.ci_wdata = (uint32_t)in->csr_wdata_i;
  n.csr_pop = (uint32_t)csr_pop;

  /* sub-blocks: same edge */
  nic_ram_tick64(&m->db_ram, db_we, db_waddr, wd, 1, db_re, db_raddr);
  /* the read enable as the RTL builds it (from registers: the walker's load, or segment 0 of the
   * fetch half in the states that may start the walker, whether it starts or not) */
  {
    int ld = seg_re;
    seg_re = (q->w_act && !q->walk_done) ? (!q->seg_vld && !q->seg_rd && !q->seg_ld)
                                         : (q->state == CV_S_TXQ ||
                                            (q->state == CV_S_SEG && q->op_rx && q->rsp_idx == 2 * (q->segcnt & segmask) &&
                                             !sw0));
    if (seg_re && !ld) seg_raddr = q->f_bank << m->saw;
  }
  nic_ram_tick64(&m->seg_ram, (int)q->sw_v, q->sw_addr, q->sw_data, 1, seg_re, seg_raddr);
  n.sw_v = (uint32_t)seg_we;
  n.sw_addr = q->f_bank << m->saw | seg_waddr;
  n.sw_data = seg_wdata;
  uint64_t rd[NIC_RAM_MAXW] = {in->dma_rsp_rdata_i};
  nic_fifo_sig_in_t fr = {(int)in->rst_ni, (int)in->dma_rsp_valid_i, fq_pop, rd};
  nic_fifo_tick(&m->rsp_fifo, &fr);
  uint64_t md[NIC_RAM_MAXW] = {meta_wdata};
  nic_fifo_sig_in_t fm = {(int)in->rst_ni, meta_push, fq_pop, md};
  nic_fifo_tick(&m->meta_fifo, &fm);
  nic_axis_slice_sig_in_t sq = {(int)in->rst_ni, (int)c.dv, (int)in->dma_req_ready_i, {0, 0}};
  dq_pack(&c, sq.s_data);
  nic_axis_slice_tick(&m->dq, &sq);

  if (!in->rst_ni) {
    memset(&m->r, 0, sizeof(m->r));
    m->r.state = CV_S_IDLE;
    m->r.rr = NVI - 1;
    m->r.en = 1;
    m->r.limit = COMET_VIA_HOST_LIMIT_LIMIT_RESET;
    return;
  }
  m->r = n;
}
