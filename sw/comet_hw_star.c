// SPDX-License-Identifier: Apache-2.0
/* sw/comet_hw_star.h: N Comet engines on one nic_switch (the "star:N" topology of sw/comet_hw.h),
 * or one engine with an external Ethernet port (the "ext" topology).
 * Backends of the engines and the switch: the C models (cmodel/comet_engine.c,
 * cmodel/nic_switch.c), the Verilated RTL (sw/comet_hw_eng_rtl.cpp: comet_hw_eng_rtl_ports,
 * sw/nic_switch_rtl.cpp), or both in lockstep. No globals. */
#include "comet_hw_star.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "comet_engine.h"
#include "comet_hw.h"
#include "nic_link.h"
#include "nic_switch.h"
#include "nic_switch_rtl.h"

#define STAR_RADIX NIC_SWITCH_RTL_RADIX
#define STAR_LINK_LATENCY 4u

struct comet_star {
  unsigned n;
  comet_hw_ports_t eng[COMET_HW_MAX_NODES];
  comet_engine_in_t ei[COMET_HW_MAX_NODES];
  nic_link_t up[COMET_HW_MAX_NODES], dn[COMET_HW_MAX_NODES]; /* node -> switch, switch -> node */
  int kind;       /* 0 model, 1 rtl, 2 lockstep */
  nic_switch_t sw; /* the switch model (model, lockstep) */
  void *sw_rtl;    /* the Verilated switch (rtl, lockstep) */
  nic_switch_sig_in_t si;
  uint64_t cycle, sw_compared, inject;
  /* ext: engine 0's port is external; xq = frames to feed into its s_axis (ring) */
  int ext;
  struct {
    uint8_t *buf;
    uint32_t len;
  } xq[COMET_HW_EXT_QCAP];
  unsigned xh, xn;  /* ring head, frames queued */
  uint32_t xpos;    /* bytes of the head frame already accepted by the engine */
  unsigned xgap;    /* idle cycles left after the last frame */
};

/* ---------------------------------------------------------------- engine backends */
static void m_eval(void *ctx, const void *in, void *out) { comet_engine_eval(ctx, in, out); }
static void m_tick(void *ctx, const void *in) { comet_engine_tick(ctx, in); }
static void m_close(void *ctx) {
  comet_engine_free(ctx);
  free(ctx);
}
static int model_eng(comet_hw_ports_t *p, uint64_t seed) {
  comet_engine_t *m = calloc(1, sizeof(*m));
  if (!m || comet_engine_init(m, &COMET_ENGINE_DEFAULT, seed)) {
    free(m);
    return -1;
  }
  p->ctx = m;
  p->eval = m_eval;
  p->tick = m_tick;
  p->close = m_close;
  return 0;
}

/* lockstep: the RTL's outputs are used, the model's must equal them (comet_engine_ports.h
 * compare conditions) on every evaluation out of reset */
typedef struct {
  comet_hw_ports_t rtl, mdl;
  int node;
  uint64_t cycle, compared, inject;
} ls_eng_t;
static void ls_eval(void *ctx, const void *in, void *out) {
  ls_eng_t *c = ctx;
  comet_engine_out_t mo;
  c->rtl.eval(c->rtl.ctx, in, out);
  c->mdl.eval(c->mdl.ctx, in, &mo);
  const comet_engine_out_t *o = out;
  if (!((const comet_engine_in_t *)in)->rst_ni) return;
  if (c->inject && c->cycle == c->inject && c->node == 0) mo.dma_req_valid_o ^= 1;
#define LS_CMP(n, w, q)                                                                                   \
  if ((q) && ((o->n ^ mo.n) & LS_MASK(w))) {                                                             \
    fprintf(stderr, "comet_hw lockstep MISMATCH cycle=%llu node=%d signal=%s rtl=0x%llx model=0x%llx\n", \
            (unsigned long long)c->cycle, c->node, #n, (unsigned long long)(o->n & LS_MASK(w)),           \
            (unsigned long long)(mo.n & LS_MASK(w)));                                                     \
    exit(3);                                                                                              \
  }
  comet_engine_OUTPUTS(LS_CMP)
#undef LS_CMP
  c->compared++;
}
static void ls_tick(void *ctx, const void *in) {
  ls_eng_t *c = ctx;
  c->rtl.tick(c->rtl.ctx, in);
  c->mdl.tick(c->mdl.ctx, in);
  c->cycle++;
}
static void ls_close(void *ctx) {
  ls_eng_t *c = ctx;
  fprintf(stderr, "comet_hw lockstep: node %d cycles=%llu compared=%llu mismatches=0\n", c->node,
          (unsigned long long)c->cycle, (unsigned long long)c->compared);
  c->rtl.close(c->rtl.ctx);
  c->mdl.close(c->mdl.ctx);
  free(c);
}
static int lockstep_eng(comet_hw_ports_t *p, int node, uint64_t seed, const char *fst) {
  ls_eng_t *c = calloc(1, sizeof(*c));
  if (!c) return -1;
  if (comet_hw_eng_rtl_ports(&c->rtl, seed, fst)) {
    free(c);
    return -1;
  }
  if (model_eng(&c->mdl, seed)) {
    c->rtl.close(c->rtl.ctx);
    free(c);
    return -1;
  }
  c->node = node;
  const char *inj = getenv("COMET_HW_LS_INJECT");
  c->inject = inj ? strtoull(inj, NULL, 0) : 0;
  p->ctx = c;
  p->eval = ls_eval;
  p->tick = ls_tick;
  p->close = ls_close;
  return 0;
}

/* builds without sw/comet_hw_eng_rtl.cpp and sw/nic_switch_rtl.cpp: no RTL engine or switch */
__attribute__((weak)) int comet_hw_eng_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path) {
  (void)p; (void)seed; (void)fst_path;
  return -1;
}
__attribute__((weak)) void *nic_switch_rtl_open(uint64_t seed, const char *fst_path) {
  (void)seed; (void)fst_path;
  return NULL;
}
__attribute__((weak)) void nic_switch_rtl_step(void *ctx, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  (void)ctx; (void)in;
  memset(out, 0, sizeof(*out));
}
__attribute__((weak)) void nic_switch_rtl_close(void *ctx) { (void)ctx; }

/* one cycle of the switch; lockstep: the RTL's outputs are used and the model's must equal them
 * (stream data while valid, read data while acked) */
static void sw_step(comet_star_t *s, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  if (s->kind == 0) {
    nic_switch_sig_step(&s->sw, in, out);
    return;
  }
  nic_switch_rtl_step(s->sw_rtl, in, out);
  if (s->kind == 1) return;
  nic_switch_sig_out_t m;
  nic_switch_sig_step(&s->sw, in, &m);
  if (!in->rst_ni) return;
  if (s->inject && s->cycle == s->inject) m.s_tready[0] ^= 1;
  nic_switch_sig_diff_t d;
  if (nic_switch_sig_diff(out, &m, STAR_RADIX, &d)) {
    fprintf(stderr, "comet_hw lockstep MISMATCH cycle=%llu switch port=%u signal=%s rtl=0x%llx model=0x%llx\n",
            (unsigned long long)s->cycle, d.port, d.signal, (unsigned long long)d.a, (unsigned long long)d.b);
    exit(3);
  }
  s->sw_compared++;
}

/* ---------------------------------------------------------------- open / close */
static comet_star_t *star_open(const char *backend, unsigned nodes, uint64_t seed, const char *fst_prefix, int ext) {
  if (!backend || nodes < 1 || nodes > COMET_HW_MAX_NODES || nodes > STAR_RADIX) return NULL;
  int kind = !strcmp(backend, "model") ? 0 : !strcmp(backend, "rtl") ? 1 : !strcmp(backend, "lockstep") ? 2 : -1;
  if (kind < 0) return NULL;
  comet_star_t *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  s->kind = kind;
  s->ext = ext;
  nic_link_cfg_t lc = {STAR_LINK_LATENCY};
  nic_switch_cfg_t sc = {STAR_RADIX, 4096, 64, 512, 2}; /* the parameters of Vsw16 (mk/sw.mk) */
  int bad = ext ? 0 : nic_switch_init(&s->sw, &sc, seed + 303u) != 0;
  if (!bad && kind && !ext) {
    char fst[512];
    if (fst_prefix) snprintf(fst, sizeof fst, "%s_sw.fst", fst_prefix);
    s->sw_rtl = nic_switch_rtl_open(seed + 303u, fst_prefix ? fst : NULL);
    bad = s->sw_rtl == NULL;
  }
  const char *inj = getenv("COMET_HW_LS_INJECT_SW");
  s->inject = inj ? strtoull(inj, NULL, 0) : 0;
  for (unsigned n = 0; n < nodes && !bad; n++) {
    /* seeds as in comet_system2 and nic_fabric: engine seed + 101 n, link seed + 202 + index */
    uint64_t es = seed + 101u * (uint64_t)n;
    char fst[512];
    const char *f = NULL;
    if (fst_prefix && kind) {
      snprintf(fst, sizeof fst, "%s_node%u.fst", fst_prefix, n);
      f = fst;
    }
    int rc = kind == 0 ? model_eng(&s->eng[n], es) : kind == 1 ? comet_hw_eng_rtl_ports(&s->eng[n], es, f)
                                                               : lockstep_eng(&s->eng[n], (int)n, es, f);
    if (rc) {
      bad = 1;
      break;
    }
    s->n = n + 1;
    if (ext) continue;
    bad |= nic_link_init(&s->up[n], &lc, seed + 202u + 2u * (uint64_t)n) != 0;
    bad |= nic_link_init(&s->dn[n], &lc, seed + 203u + 2u * (uint64_t)n) != 0;
  }
  if (bad) {
    comet_star_close(s);
    return NULL;
  }
  return s;
}

comet_star_t *comet_star_open(const char *backend, unsigned nodes, uint64_t seed, const char *fst_prefix) {
  return nodes < 2 ? NULL : star_open(backend, nodes, seed, fst_prefix, 0);
}
comet_star_t *comet_star_open_ext(const char *backend, uint64_t seed, const char *fst_prefix) {
  return star_open(backend, 1, seed, fst_prefix, 1);
}
int comet_star_is_ext(const comet_star_t *s) { return s && s->ext; }

void comet_star_close(comet_star_t *s) {
  if (!s) return;
  for (unsigned n = 0; n < s->n; n++) {
    s->eng[n].close(s->eng[n].ctx);
    if (s->ext) continue;
    nic_link_free(&s->up[n]);
    nic_link_free(&s->dn[n]);
  }
  if (s->kind == 2 && !s->ext)
    fprintf(stderr, "comet_hw lockstep: switch cycles=%llu compared=%llu mismatches=0\n", (unsigned long long)s->cycle,
            (unsigned long long)s->sw_compared);
  if (s->sw_rtl) nic_switch_rtl_close(s->sw_rtl);
  if (!s->ext) nic_switch_free(&s->sw);
  for (unsigned i = 0; i < s->xn; i++) free(s->xq[(s->xh + i) % COMET_HW_EXT_QCAP].buf);
  free(s);
}

/* ---------------------------------------------------------------- the external port */
int comet_star_ext_inject(comet_star_t *s, const uint8_t *frame, uint32_t len) {
  if (!s || !s->ext || !frame || len == 0 || len > COMET_HW_EXT_FRAME_MAX || s->xn == COMET_HW_EXT_QCAP) return -1;
  unsigned t = (s->xh + s->xn) % COMET_HW_EXT_QCAP;
  s->xq[t].buf = malloc(len);
  if (!s->xq[t].buf) return -1;
  memcpy(s->xq[t].buf, frame, len);
  s->xq[t].len = len;
  s->xn++;
  return 0;
}
unsigned comet_star_ext_queued(const comet_star_t *s) { return s && s->ext ? s->xn : 0; }

/* one cycle of the ext topology: engine 0 alone, its port driven from the queue */
static void ext_cycle(comet_star_t *s, int rst_ni, const comet_star_in_t *in, comet_star_out_t *out, comet_star_csr_t *sw) {
  comet_engine_in_t *e = &s->ei[0];
  comet_engine_out_t eo;
  e->rst_ni = (uint64_t)(rst_ni & 1);
  e->csr_req_i = (uint64_t)in[0].csr_req;
  e->csr_we_i = (uint64_t)in[0].csr_we;
  e->csr_addr_i = in[0].csr_addr & 0xFFFFu;
  e->csr_wdata_i = in[0].csr_wdata;
  e->dma_req_ready_i = (uint64_t)in[0].dma_req_ready;
  e->dma_rsp_valid_i = (uint64_t)in[0].dma_rsp_valid;
  e->dma_rsp_rdata_i = in[0].dma_rsp_rdata;
  e->m_axis_tready = 1; /* the outside takes every frame */
  /* the beat of the head frame at xpos (bytes as on the wire, byte i in tdata[8i+7:8i]) */
  int offer = rst_ni && s->xn && s->xgap == 0;
  uint64_t td = 0;
  uint32_t tk = 0, nb = 0;
  int last = 0;
  if (offer) {
    const uint8_t *f = s->xq[s->xh].buf;
    uint32_t left = s->xq[s->xh].len - s->xpos;
    nb = left < 8 ? left : 8;
    for (uint32_t i = 0; i < nb; i++) td |= (uint64_t)f[s->xpos + i] << (8 * i);
    tk = (1u << nb) - 1u;
    last = left <= 8;
  }
  e->s_axis_tdata = td;
  e->s_axis_tkeep = tk;
  e->s_axis_tvalid = (uint64_t)offer;
  e->s_axis_tlast = (uint64_t)last;
  s->eng[0].eval(s->eng[0].ctx, e, &eo);
  comet_star_out_t *o = &out[0];
  o->csr_ack = (int)(eo.csr_ack_o & 1);
  o->csr_rdata = (uint32_t)eo.csr_rdata_o;
  o->dma_req_valid = (int)(eo.dma_req_valid_o & 1);
  o->dma_req_we = (int)(eo.dma_req_we_o & 1);
  o->dma_req_addr = (uint32_t)eo.dma_req_addr_o;
  o->dma_req_wdata = eo.dma_req_wdata_o;
  o->dma_req_wstrb = (uint32_t)eo.dma_req_wstrb_o;
  o->tx_beat = (int)(eo.m_axis_tvalid & 1);
  o->tx_last = (int)(eo.m_axis_tlast & 1);
  o->tx_data = eo.m_axis_tdata;
  o->tx_keep = (uint32_t)eo.m_axis_tkeep;
  int acc = offer && (eo.s_axis_tready & 1);
  o->rx_last = acc && last;
  sw->ack = 0;
  sw->rdata = 0;
  s->eng[0].tick(s->eng[0].ctx, e);
  if (!rst_ni) { /* a reset empties nothing: the queue waits for the engine */
    s->xpos = 0;
    s->xgap = 0;
  } else if (acc) {
    s->xpos += nb;
    if (last) {
      free(s->xq[s->xh].buf);
      s->xq[s->xh].buf = NULL;
      s->xh = (s->xh + 1) % COMET_HW_EXT_QCAP;
      s->xn--;
      s->xpos = 0;
      s->xgap = COMET_HW_EXT_GAP;
    }
  } else if (s->xgap) {
    s->xgap--;
  }
  s->cycle++;
}

/* ---------------------------------------------------------------- one cycle */
void comet_star_cycle(comet_star_t *s, int rst_ni, const comet_star_in_t *in, comet_star_out_t *out, comet_star_csr_t *sw) {
  if (s->ext) {
    ext_cycle(s, rst_ni, in, out, sw);
    return;
  }
  nic_link_out_t uo[COMET_HW_MAX_NODES], dno[COMET_HW_MAX_NODES];
  comet_engine_out_t eo[COMET_HW_MAX_NODES];
  nic_switch_sig_out_t so;
  /* 1. the links present their registered outputs */
  for (unsigned n = 0; n < s->n; n++) {
    nic_link_outputs(&s->up[n], &uo[n]);
    nic_link_outputs(&s->dn[n], &dno[n]);
  }
  /* 2. engines and switch evaluate */
  for (unsigned n = 0; n < s->n; n++) {
    comet_engine_in_t *e = &s->ei[n];
    e->rst_ni = (uint64_t)(rst_ni & 1);
    e->csr_req_i = (uint64_t)in[n].csr_req;
    e->csr_we_i = (uint64_t)in[n].csr_we;
    e->csr_addr_i = in[n].csr_addr & 0xFFFFu;
    e->csr_wdata_i = in[n].csr_wdata;
    e->dma_req_ready_i = (uint64_t)in[n].dma_req_ready;
    e->dma_rsp_valid_i = (uint64_t)in[n].dma_rsp_valid;
    e->dma_rsp_rdata_i = in[n].dma_rsp_rdata;
    e->m_axis_tready = uo[n].s_axis_tready;
    e->s_axis_tdata = dno[n].m_axis_tdata;
    e->s_axis_tkeep = dno[n].m_axis_tkeep;
    e->s_axis_tvalid = dno[n].m_axis_tvalid;
    e->s_axis_tlast = dno[n].m_axis_tlast;
    s->eng[n].eval(s->eng[n].ctx, e, &eo[n]);
  }
  nic_switch_sig_in_t *si = &s->si;
  memset(si, 0, sizeof(*si));
  si->rst_ni = rst_ni & 1;
  for (unsigned n = 0; n < s->n; n++) {
    si->s_tdata[n] = uo[n].m_axis_tdata;
    si->s_tkeep[n] = (uint32_t)uo[n].m_axis_tkeep;
    si->s_tvalid[n] = (int)(uo[n].m_axis_tvalid & 1);
    si->s_tlast[n] = (int)(uo[n].m_axis_tlast & 1);
    si->m_tready[n] = (int)(dno[n].s_axis_tready & 1);
  }
  si->csr_req = sw->req;
  si->csr_we = sw->we;
  si->csr_addr = sw->addr & 0xFFFu;
  si->csr_wdata = sw->wdata;
  sw_step(s, si, &so); /* the switch's outputs and its clock edge (its inputs are all known) */
  sw->ack = so.csr_ack;
  sw->rdata = so.csr_rdata;
  /* host-side outputs and link events */
  for (unsigned n = 0; n < s->n; n++) {
    comet_star_out_t *o = &out[n];
    o->csr_ack = (int)(eo[n].csr_ack_o & 1);
    o->csr_rdata = (uint32_t)eo[n].csr_rdata_o;
    o->dma_req_valid = (int)(eo[n].dma_req_valid_o & 1);
    o->dma_req_we = (int)(eo[n].dma_req_we_o & 1);
    o->dma_req_addr = (uint32_t)eo[n].dma_req_addr_o;
    o->dma_req_wdata = eo[n].dma_req_wdata_o;
    o->dma_req_wstrb = (uint32_t)eo[n].dma_req_wstrb_o;
    o->tx_beat = (int)(eo[n].m_axis_tvalid & uo[n].s_axis_tready & 1);
    o->tx_last = (int)(eo[n].m_axis_tlast & 1);
    o->tx_data = eo[n].m_axis_tdata;
    o->tx_keep = (uint32_t)eo[n].m_axis_tkeep;
    o->rx_last = (int)(dno[n].m_axis_tvalid & dno[n].m_axis_tlast & eo[n].s_axis_tready & 1);
  }
  /* 3. the clock edge: links with the beats offered and the consumers' ready */
  for (unsigned n = 0; n < s->n; n++) {
    nic_link_in_t ul = {0}, dl = {0};
    ul.rst_ni = dl.rst_ni = (uint64_t)(rst_ni & 1);
    ul.s_axis_tdata = eo[n].m_axis_tdata;
    ul.s_axis_tkeep = eo[n].m_axis_tkeep;
    ul.s_axis_tvalid = eo[n].m_axis_tvalid;
    ul.s_axis_tlast = eo[n].m_axis_tlast;
    ul.m_axis_tready = (uint64_t)(so.s_tready[n] & 1);
    dl.s_axis_tdata = so.m_tdata[n];
    dl.s_axis_tkeep = so.m_tkeep[n];
    dl.s_axis_tvalid = (uint64_t)(so.m_tvalid[n] & 1);
    dl.s_axis_tlast = (uint64_t)(so.m_tlast[n] & 1);
    dl.m_axis_tready = eo[n].s_axis_tready;
    nic_link_tick(&s->up[n], &ul);
    nic_link_tick(&s->dn[n], &dl);
    s->eng[n].tick(s->eng[n].ctx, &s->ei[n]);
  }
  s->cycle++;
}

int comet_star_irq(comet_star_t *s, int node) {
  if (node < 0 || (unsigned)node >= s->n) return 0;
  comet_engine_in_t e = s->ei[node]; /* irq_o is a register: any inputs give the current value */
  e.csr_req_i = 0;
  e.dma_rsp_valid_i = 0;
  comet_engine_out_t o;
  s->eng[node].eval(s->eng[node].ctx, &e, &o);
  return (int)(o.irq_o & 1);
}
