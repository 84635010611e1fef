// SPDX-License-Identifier: Apache-2.0
/* comet_via C model: the CSR block. A request is registered (RTL ci_*), acted on one cycle
 * later (read data, register writes, doorbell pushes and SYS_POP pops), and acked one cycle
 * after that. Also STATUS / IRQ_EN / HOST_LIMIT / CTRL and the send, receive and event
 * counters (events add one cycle after they happen, RTL cinc_q / cby_q). */
#include <string.h>
#include "comet_via_int.h"

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

/* the request's address is a SYS_POP ring's (read: it pops that doorbell ring) */
int cv_csr_is_sys_pop(uint32_t addr) { return addr == A_SYS_POP || addr == A_SYS_POP + 4; }

void cv_csr_read(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  const uint32_t addr = t->addr;
  n->csr_rdata = 0;
  if (!t->csr_rd) return;
  uint32_t v = 0xDEADBEEFu;
  switch (addr) {
    case A_ID: v = COMET_VIA_ID_ID_RESET; break;
    case A_VERSION: v = COMET_VIA_VERSION_VERSION_RESET; break;
    case A_PARAMS: v = t->nvi << 24 | m->cfg.max_segs << 16 | t->dbd << 8 | t->ndb; break;
    case A_CTRL: v = q->en; break;
    case A_STATUS: v = q->status; break;
    case A_IRQ_EN: v = q->irq_en; break;
    case A_LIMIT: v = q->limit; break;
    default: break;
  }
  for (uint32_t i = 0; i < t->ndb; i++)
    if (addr == A_DB + 4 * i) v = q->db_cnt[i];
  for (uint32_t i = 0; i < 2; i++)
    if (addr == A_SYS_POP + 4 * i) {
      v = 0;
      if (q->db_cnt[i]) {
        t->csr_pop = 1;
        cv_db_pop_req(t, i);
      }
    }
  for (uint32_t i = 0; i < t->nvi; i++) {
    if (addr == A_SEND_CNT + 4 * i) v = q->send_cnt[i];
    if (addr == A_RECV_CNT + 4 * i) v = q->recv_cnt[i];
  }
  for (uint32_t i = 0; i < COMET_VIA_NCNT; i++)
    if (addr == A_ERR + 4 * i) v = q->err_cnt[i];
  n->csr_rdata = v;
}

void cv_csr_write(const comet_via_t *m, cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  const uint32_t addr = t->addr, wd = t->wd;
  if (!t->csr_wr) return;
  if (addr == A_CTRL) n->en = wd & 1;
  if (addr == A_STATUS) n->status = q->status & ~wd & 0x7F;
  if (addr == A_IRQ_EN) n->irq_en = wd & 0x7F;
  if (addr == A_LIMIT) n->limit = wd;
  for (uint32_t i = 0; i < t->ndb; i++)
    if (addr == A_DB + 4 * i) cv_db_write(m, t, n, i);
}

/* RTL cinc_q / cby_q: the events are added one cycle later */
void cv_csr_counters(const comet_via_t *m, const cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  for (uint32_t i = 0; i < COMET_VIA_NCNT; i++)
    if (q->cinc >> i & 1)
      n->err_cnt[i] = q->err_cnt[i] + ((i == CV_C_TXB || i == CV_C_RXB) ? q->cby : 1);
  n->cinc = t->cnt_inc;
  n->cby = t->bytes_add;
}

/* CTRL's counter clear, the ack, and the next request into the input register */
void cv_csr_edge(const comet_via_t *m, const comet_via_in_t *in, const cv_tick_t *t, comet_via_regs_t *n) {
  const comet_via_regs_t *q = &m->r;
  if (t->csr_wr && t->addr == A_CTRL && (t->wd & 2)) {
    memset(n->send_cnt, 0, sizeof(n->send_cnt));
    memset(n->recv_cnt, 0, sizeof(n->recv_cnt));
    memset(n->err_cnt, 0, sizeof(n->err_cnt));
  }
  n->csr_ack = q->ci_req;
  n->ci_req = (uint32_t)in->csr_req_i & 1;
  n->ci_we = (uint32_t)in->csr_we_i & 1;
  n->ci_addr = (uint32_t)in->csr_addr_i & 0xFFF;
  n->ci_wdata = (uint32_t)in->csr_wdata_i;
  n->csr_pop = (uint32_t)t->csr_pop;
}
