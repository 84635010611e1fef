// SPDX-License-Identifier: Apache-2.0
/* nic_fabric: run-time composition of nodes, switches and links; see nic_fabric.h. */
#include "nic_fabric.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nic_link.h"
#include "nic_pkg.h"

/* management CSR operation of one switch */
typedef struct {
  uint8_t we, poll_init; /* poll_init: repeat the STATUS read until INIT_DONE */
  uint16_t addr;
  uint32_t data;
  uint32_t *dst;
} mop_t;

typedef struct {
  mop_t *op;
  size_t n, cap, head;
  int wait; /* request issued, ack due */
} mq_t;

struct nic_fabric {
  const nic_topo_t *t;
  int nbe; /* 1, or 2 for lockstep ([0] rtl drives the links, [1] model) */
  const nic_fabric_backend_t *be[2];
  void **node[2], **sw[2];
  aotf_node_in_t *nin;
  aotf_node_out_t *nout, *nout_m;
  nic_switch_sig_in_t *sin;
  nic_switch_sig_out_t *sout, *sout_m;
  int nlk; /* 2 per topology link: 2l = a -> b, 2l+1 = b -> a */
  nic_link_t *lk;
  nic_link_in_t *lin;
  nic_link_out_t *lout;
  mq_t *mq;
  int rst_n;
  uint64_t cycle, mismatches, lft_blocks;
  uint64_t inject; /* lockstep self-test: at this cycle node 0's model copy sees an extra read */
  /* link failure (nic_fabric_link_fail), per link direction: LS_* state; producer mid-packet */
  uint8_t *lstate, *lopen;
  uint64_t lost_beats, lost_pkts, last_lft_cycle;
  uint64_t at_cycle; /* nic_fabric_at: callback at the start of this cycle */
  void (*at_fn)(nic_fabric_t *f, void *ctx);
  void *at_ctx;
  uint8_t *own; /* nic_fabric_partition: [node, then switch] stepped here; NULL = all */
  void (*xchg)(nic_fabric_t *f, void *ctx);
  void *xctx;
};
enum { LS_UP = 0, LS_DYING = 1, LS_DEAD = 2 }; /* dying: carries the packet it is in, then dead */

/* ------------------------------------------------------------------ model backend */
typedef struct {
  aotf_node_t m;
} mnode_t;

static void *m_node_open(uint64_t seed, const char *fst) {
  (void)fst;
  mnode_t *c = malloc(sizeof(*c));
  aotf_node_cfg_t nc = {2048, 131072, 16};
  if (!c || aotf_node_init(&c->m, &nc, seed)) {
    free(c);
    return NULL;
  }
  return c;
}
static void m_node_step(void *c, const aotf_node_in_t *in, aotf_node_out_t *out) {
  aotf_node_step(&((mnode_t *)c)->m, in, out);
}
static void m_node_close(void *c) {
  aotf_node_free(&((mnode_t *)c)->m);
  free(c);
}
static void *m_sw_open(unsigned radix, uint64_t seed, const char *fst) {
  (void)fst;
  nic_switch_t *s = malloc(sizeof(*s));
  nic_switch_cfg_t cfg = {radix, NIC_FABRIC_SW_LFT_DEPTH, NIC_FABRIC_SW_MFT_DEPTH, NIC_FABRIC_SW_BUF_BEATS,
                          NIC_FABRIC_SW_ITERS};
  if (!s || nic_switch_init(s, &cfg, seed)) {
    free(s);
    return NULL;
  }
  return s;
}
static void m_sw_step(void *c, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  nic_switch_sig_step(c, in, out);
}
static void m_sw_close(void *c) {
  nic_switch_free(c);
  free(c);
}
const nic_fabric_backend_t nic_fabric_backend_model = {"model", m_node_open, m_node_step, m_node_close,
                                                       m_sw_open, m_sw_step, m_sw_close};

/* ------------------------------------------------------------------ lockstep compare */
typedef struct {
  const char *name;
  int width;
  size_t off;
} port_t;
#define NODE_OUT_ENTRY(n, w, q) {#n, w, offsetof(aotf_node_out_t, n)},
static const port_t node_ports[] = {aotf_node_OUTPUTS(NODE_OUT_ENTRY)};
#define N_NODE_OUT (sizeof(node_ports) / sizeof(node_ports[0]))

static int cmp_node(nic_fabric_t *f, int n, const aotf_node_out_t *r, const aotf_node_out_t *m) {
  unsigned char q[N_NODE_OUT];
  int i = 0, bad = 0;
  const aotf_node_out_t *o = m; /* the qualifiers use o-> */
#define Q(nm, w, qual) q[i++] = (qual) ? 1 : 0;
  aotf_node_OUTPUTS(Q)
#undef Q
  (void)o;
  for (size_t k = 0; k < N_NODE_OUT; k++) {
    uint64_t mv = *(const uint64_t *)((const char *)m + node_ports[k].off) & LS_MASK(node_ports[k].width);
    uint64_t rv = *(const uint64_t *)((const char *)r + node_ports[k].off) & LS_MASK(node_ports[k].width);
    if (q[k] && mv != rv) {
      if (!f->mismatches && !bad)
        fprintf(stderr, "nic_fabric lockstep MISMATCH cycle=%llu node=%d signal=%s rtl=0x%llx model=0x%llx\n",
                (unsigned long long)f->cycle, n, node_ports[k].name, (unsigned long long)rv, (unsigned long long)mv);
      bad = 1;
    }
  }
  return bad;
}

static int cmp_sw(nic_fabric_t *f, int s, const nic_switch_sig_out_t *r, const nic_switch_sig_out_t *m) {
  nic_switch_sig_diff_t d;
  if (!nic_switch_sig_diff(r, m, f->t->radix, &d)) return 0;
  if (!f->mismatches)
    fprintf(stderr, "nic_fabric lockstep MISMATCH cycle=%llu switch=%d port=%u signal=%s rtl=0x%llx model=0x%llx\n",
            (unsigned long long)f->cycle, s, d.port, d.signal, (unsigned long long)d.a, (unsigned long long)d.b);
  return 1;
}

/* ------------------------------------------------------------------ open / close */
static void *zalloc(size_t n, size_t sz) { return calloc(n ? n : 1, sz); }

nic_fabric_t *nic_fabric_open(const nic_topo_t *t, const char *backend, uint64_t seed, const char *fst) {
  nic_fabric_t *f = zalloc(1, sizeof(*f));
  if (!f) return NULL;
  f->t = t;
  const nic_fabric_backend_t *rtl = nic_fabric_backend_rtl();
  if (!strcmp(backend, "model")) {
    f->be[0] = &nic_fabric_backend_model;
    f->nbe = 1;
  } else if (!strcmp(backend, "rtl") || !strcmp(backend, "lockstep")) {
    if (!rtl) {
      fprintf(stderr, "nic_fabric: this program was built without the Verilated RTL backend\n");
      free(f);
      return NULL;
    }
    if (t->switches && t->radix != NIC_FABRIC_SW_RADIX) {
      fprintf(stderr, "nic_fabric: the RTL switch is Verilated with RADIX %u, topology %s has radix %u\n",
              NIC_FABRIC_SW_RADIX, t->name, t->radix);
      free(f);
      return NULL;
    }
    f->be[0] = rtl;
    f->nbe = 1;
    if (!strcmp(backend, "lockstep")) {
      f->be[1] = &nic_fabric_backend_model;
      f->nbe = 2;
    }
  } else {
    fprintf(stderr, "nic_fabric: unknown backend '%s' (model, rtl, lockstep)\n", backend);
    free(f);
    return NULL;
  }
  int N = t->nodes, S = t->switches;
  f->nlk = 2 * t->nlinks;
  f->nin = zalloc((size_t)N, sizeof(*f->nin));
  f->nout = zalloc((size_t)N, sizeof(*f->nout));
  f->nout_m = zalloc((size_t)N, sizeof(*f->nout_m));
  f->sin = zalloc((size_t)S, sizeof(*f->sin));
  f->sout = zalloc((size_t)S, sizeof(*f->sout));
  f->sout_m = zalloc((size_t)S, sizeof(*f->sout_m));
  f->lk = zalloc((size_t)f->nlk, sizeof(*f->lk));
  f->lin = zalloc((size_t)f->nlk, sizeof(*f->lin));
  f->lout = zalloc((size_t)f->nlk, sizeof(*f->lout));
  f->mq = zalloc((size_t)S, sizeof(*f->mq));
  f->lstate = zalloc((size_t)f->nlk, 1);
  f->lopen = zalloc((size_t)f->nlk, 1);
  int ok = f->nin && f->nout && f->nout_m && f->sin && f->sout && f->sout_m && f->lk && f->lin && f->lout && f->mq &&
           f->lstate && f->lopen;
  /* waveforms: PREFIX_nodeN.fst, PREFIX_swN.fst (a ".fst" ending of the prefix is dropped) */
  char pre[400] = "";
  if (fst) {
    snprintf(pre, sizeof(pre), "%s", fst);
    size_t pl = strlen(pre);
    if (pl > 4 && !strcmp(pre + pl - 4, ".fst")) pre[pl - 4] = 0;
  }
  for (int b = 0; ok && b < f->nbe; b++) {
    f->node[b] = zalloc((size_t)N, sizeof(void *));
    f->sw[b] = zalloc((size_t)S, sizeof(void *));
    ok = f->node[b] && f->sw[b];
    char path[512];
    for (int n = 0; ok && n < N; n++) {
      if (fst && b == 0) snprintf(path, sizeof(path), "%s_node%d.fst", pre, n);
      f->node[b][n] = f->be[b]->node_open(seed + 101u * (uint64_t)n, (fst && b == 0) ? path : NULL);
      ok = f->node[b][n] != NULL;
    }
    for (int s = 0; ok && s < S; s++) {
      if (fst && b == 0) snprintf(path, sizeof(path), "%s_sw%d.fst", pre, s);
      f->sw[b][s] = f->be[b]->sw_open(t->radix, seed + 7919u * (uint64_t)(s + 1), (fst && b == 0) ? path : NULL);
      ok = f->sw[b][s] != NULL;
    }
  }
  for (int l = 0; ok && l < f->nlk; l++) {
    nic_link_cfg_t lc = {t->link[l / 2].latency};
    ok = !nic_link_init(&f->lk[l], &lc, seed + 202u + (uint64_t)l);
  }
  if (!ok) {
    fprintf(stderr, "nic_fabric: cannot build the components of %s\n", t->name);
    nic_fabric_close(f);
    return NULL;
  }
  f->rst_n = 0;
  const char *inj = getenv("NIC_FABRIC_LS_INJECT");
  f->inject = inj ? strtoull(inj, NULL, 0) : 0;
  return f;
}

void nic_fabric_close(nic_fabric_t *f) {
  if (!f) return;
  for (int b = 0; b < f->nbe; b++) {
    for (int n = 0; f->node[b] && n < f->t->nodes; n++)
      if (f->node[b][n]) f->be[b]->node_close(f->node[b][n]);
    for (int s = 0; f->sw[b] && s < f->t->switches; s++)
      if (f->sw[b][s]) f->be[b]->sw_close(f->sw[b][s]);
    free(f->node[b]);
    free(f->sw[b]);
  }
  for (int l = 0; f->lk && l < f->nlk; l++) nic_link_free(&f->lk[l]);
  for (int s = 0; f->mq && s < f->t->switches; s++) free(f->mq[s].op);
  free(f->nin);
  free(f->nout);
  free(f->nout_m);
  free(f->sin);
  free(f->sout);
  free(f->sout_m);
  free(f->lk);
  free(f->lin);
  free(f->lout);
  free(f->mq);
  free(f->lstate);
  free(f->lopen);
  free(f->own);
  free(f);
}

const nic_topo_t *nic_fabric_topo(const nic_fabric_t *f) { return f->t; }
aotf_node_in_t *nic_fabric_node_in(nic_fabric_t *f, int n) { return &f->nin[n]; }
const aotf_node_out_t *nic_fabric_node_out(const nic_fabric_t *f, int n) { return &f->nout[n]; }
uint64_t nic_fabric_cycle(const nic_fabric_t *f) { return f->cycle; }
uint64_t nic_fabric_mismatches(const nic_fabric_t *f) { return f->mismatches; }
uint64_t nic_fabric_lft_blocks(const nic_fabric_t *f) { return f->lft_blocks; }

/* ------------------------------------------------------------------ one cycle */
/* the link a component sends on (out) and receives from (in) at an endpoint */
static int out_link(int l, int side) { return 2 * l + side; }
static int in_link(int l, int side) { return 2 * l + 1 - side; }

static void mgmt_drive(nic_fabric_t *f, int s, nic_switch_sig_in_t *si) {
  mq_t *q = &f->mq[s];
  si->csr_req = 0;
  si->csr_we = 0;
  si->csr_addr = 0;
  si->csr_wdata = 0;
  if (!f->rst_n || q->wait || q->head == q->n) return;
  const mop_t *op = &q->op[q->head];
  si->csr_req = 1;
  si->csr_we = op->we;
  si->csr_addr = op->addr;
  si->csr_wdata = op->data;
}

static void mgmt_observe(nic_fabric_t *f, int s, const nic_switch_sig_in_t *si, const nic_switch_sig_out_t *so) {
  mq_t *q = &f->mq[s];
  if (si->csr_req) {
    q->wait = 1;
    return;
  }
  if (!q->wait || !so->csr_ack) return;
  q->wait = 0;
  const mop_t *op = &q->op[q->head];
  if (op->poll_init && !((so->csr_rdata >> NIC_SWITCH_STATUS_INIT_DONE_LSB) & 1u)) return; /* again */
  if (op->dst) *op->dst = so->csr_rdata;
  if (op->we && op->addr == (uint16_t)CSR_NIC_SWITCH_LFT_DATA) f->last_lft_cycle = f->cycle;
  if (++q->head == q->n) q->head = q->n = 0;
}

static int here(const nic_fabric_t *f, const nic_topo_end_t *e) {
  return !f->own || f->own[e->kind == NIC_TOPO_NODE ? e->id : f->t->nodes + e->id];
}

int nic_fabric_step(nic_fabric_t *f) {
  const nic_topo_t *t = f->t;
  int bad = 0;
  if (f->at_fn && f->cycle == f->at_cycle) {
    void (*fn)(nic_fabric_t *, void *) = f->at_fn;
    f->at_fn = NULL;
    fn(f, f->at_ctx);
  }
  for (int l = 0; l < f->nlk; l++) {
    nic_link_outputs(&f->lk[l], &f->lout[l]);
    if (f->lstate[l] == LS_DEAD) f->lout[l].s_axis_tready = 1; /* a failed link sinks what it is offered */
  }
  for (int n = 0; n < t->nodes; n++) {
    if (f->own && !f->own[n]) continue;
    aotf_node_in_t *in = &f->nin[n];
    int l = t->node_link[n], sd = t->node_side[n];
    const nic_link_out_t *o = &f->lout[out_link(l, sd)], *i = &f->lout[in_link(l, sd)];
    in->rst_ni = (uint64_t)f->rst_n;
    in->m_axis_tready = o->s_axis_tready;
    in->s_axis_tdata = i->m_axis_tdata;
    in->s_axis_tkeep = i->m_axis_tkeep;
    in->s_axis_tvalid = i->m_axis_tvalid;
    in->s_axis_tlast = i->m_axis_tlast;
    f->be[0]->node_step(f->node[0][n], in, &f->nout[n]);
    if (f->nbe == 2) { /* compared once out of reset (power-up outputs are arbitrary) */
      aotf_node_in_t fault;
      if (f->inject && f->cycle == f->inject && n == 0) { /* NIC_FABRIC_LS_INJECT */
        fault = *in;
        fault.hr_valid_i = 1;
        fault.hr_addr_i = 0;
        in = &fault;
      }
      f->be[1]->node_step(f->node[1][n], in, &f->nout_m[n]);
      if (f->rst_n) bad += cmp_node(f, n, &f->nout[n], &f->nout_m[n]);
    }
  }
  for (int s = 0; s < t->switches; s++) {
    if (f->own && !f->own[t->nodes + s]) continue;
    nic_switch_sig_in_t *si = &f->sin[s];
    si->rst_ni = f->rst_n;
    for (unsigned p = 0; p < t->radix; p++) {
      int l = t->sw_link[s * (int)t->radix + (int)p], sd = t->sw_side[s * (int)t->radix + (int)p];
      if (l < 0) {
        si->s_tvalid[p] = 0;
        si->s_tdata[p] = 0;
        si->s_tkeep[p] = 0;
        si->s_tlast[p] = 0;
        si->m_tready[p] = 0;
        continue;
      }
      const nic_link_out_t *o = &f->lout[out_link(l, sd)], *i = &f->lout[in_link(l, sd)];
      si->m_tready[p] = (int)o->s_axis_tready;
      si->s_tdata[p] = i->m_axis_tdata;
      si->s_tkeep[p] = (uint32_t)i->m_axis_tkeep;
      si->s_tvalid[p] = (int)i->m_axis_tvalid;
      si->s_tlast[p] = (int)i->m_axis_tlast;
    }
    mgmt_drive(f, s, si);
    f->be[0]->sw_step(f->sw[0][s], si, &f->sout[s]);
    if (f->nbe == 2) {
      f->be[1]->sw_step(f->sw[1][s], si, &f->sout_m[s]);
      if (f->rst_n) bad += cmp_sw(f, s, &f->sout[s], &f->sout_m[s]);
    }
    mgmt_observe(f, s, si, &f->sout[s]);
  }
  /* links: the beat each producer offers, the ready of each consumer (the halves made here;
   * a partitioned fabric gets the other halves of its cut links from xchg) */
  for (int l = 0; l < t->nlinks; l++)
    for (int sd = 0; sd < 2; sd++) {
      const nic_topo_end_t *src = sd ? &t->link[l].b : &t->link[l].a, *dst = sd ? &t->link[l].a : &t->link[l].b;
      nic_link_in_t *li = &f->lin[out_link(l, sd)];
      if (!here(f, src)) {
        /* produced in another part: xchg writes the beat */
      } else if (src->kind == NIC_TOPO_NODE) {
        const aotf_node_out_t *o = &f->nout[src->id];
        li->s_axis_tdata = o->m_axis_tdata;
        li->s_axis_tkeep = o->m_axis_tkeep;
        li->s_axis_tvalid = o->m_axis_tvalid;
        li->s_axis_tlast = o->m_axis_tlast;
      } else {
        const nic_switch_sig_out_t *o = &f->sout[src->id];
        li->s_axis_tdata = o->m_tdata[src->port];
        li->s_axis_tkeep = o->m_tkeep[src->port];
        li->s_axis_tvalid = (uint64_t)o->m_tvalid[src->port];
        li->s_axis_tlast = (uint64_t)o->m_tlast[src->port];
      }
      if (here(f, dst))
        li->m_axis_tready = dst->kind == NIC_TOPO_NODE ? f->nout[dst->id].s_axis_tready
                                                       : (uint64_t)f->sout[dst->id].s_tready[dst->port];
      li->rst_ni = (uint64_t)f->rst_n;
    }
  if (bad) f->mismatches++;
  if (f->xchg) f->xchg(f, f->xctx);
  for (int l = 0; l < t->nlinks; l++)
    for (int sd = 0; sd < 2; sd++) {
      const nic_topo_end_t *src = sd ? &t->link[l].b : &t->link[l].a, *dst = sd ? &t->link[l].a : &t->link[l].b;
      if (!here(f, src) && !here(f, dst)) continue;
      int k = out_link(l, sd);
      nic_link_in_t *li = &f->lin[k];
      if (li->s_axis_tvalid && f->lout[k].s_axis_tready) {
        if (f->lstate[k] == LS_DEAD) {
          if (here(f, src)) { /* counted once, by the producer's part */
            f->lost_beats++;
            f->lost_pkts += li->s_axis_tlast ? 1u : 0u;
          }
          li->s_axis_tvalid = 0;
        } else {
          f->lopen[k] = li->s_axis_tlast ? 0 : 1;
          if (f->lstate[k] == LS_DYING && li->s_axis_tlast) f->lstate[k] = LS_DEAD;
        }
      }
      nic_link_tick(&f->lk[k], li);
    }
  f->cycle++;
  return bad;
}

void nic_fabric_reset(nic_fabric_t *f, unsigned cycles) {
  f->rst_n = 0;
  for (unsigned c = 0; c < cycles; c++) nic_fabric_step(f);
  f->rst_n = 1;
}

/* ------------------------------------------------------------------ fabric manager */
static void mq_push(mq_t *q, int we, uint16_t addr, uint32_t data, uint32_t *dst, int poll) {
  if (q->cap == (size_t)-1) return; /* a switch stepped by another part */
  if (q->n == q->cap) {
    size_t nc = q->cap ? 2 * q->cap : 256;
    mop_t *no = realloc(q->op, nc * sizeof(*no));
    if (!no) {
      fprintf(stderr, "nic_fabric: out of memory\n");
      abort();
    }
    q->op = no;
    q->cap = nc;
  }
  q->op[q->n++] = (mop_t){(uint8_t)we, (uint8_t)poll, addr, data, dst};
}

#define SWCSR(r) ((uint16_t)CSR_NIC_SWITCH_##r)

void nic_fabric_program_routes(nic_fabric_t *f) {
  const nic_topo_t *t = f->t;
  unsigned blocks = ((unsigned)t->nodes + 63u) / 64u;
  for (int s = 0; s < t->switches; s++) {
    mq_t *q = &f->mq[s];
    mq_push(q, 0, SWCSR(STATUS), 0, NULL, 1);
    mq_push(q, 1, SWCSR(ETH_MODE), 0, NULL, 0);
    for (unsigned b = 0; b < blocks; b++) {
      mq_push(q, 1, SWCSR(LFT_BLOCK), b << NIC_SWITCH_LFT_BLOCK_BLOCK_LSB, NULL, 0);
      for (unsigned e = 0; e < 64; e++) {
        int d = (int)(b * 64 + e), p = d < t->nodes ? nic_topo_route(t, s, d) : -1;
        uint32_t v = p < 0 ? 0 : (1u << NIC_SWITCH_LFT_DATA_VALID_LSB) | ((uint32_t)p << NIC_SWITCH_LFT_DATA_PORT_LSB);
        mq_push(q, 1, SWCSR(LFT_DATA), v, NULL, 0);
      }
      f->lft_blocks++;
    }
  }
}

int nic_fabric_mcast_group(nic_fabric_t *f, unsigned g, int src, const int *members, int nm) {
  const nic_topo_t *t = f->t;
  if (g >= NIC_FABRIC_SW_MFT_DEPTH) return -1;
  for (int s = 0; s < t->switches; s++) {
    mq_t *q = &f->mq[s];
    uint32_t mask = nic_topo_mcast_mask(t, s, src, members, nm);
    mq_push(q, 0, SWCSR(STATUS), 0, NULL, 1);
    mq_push(q, 1, SWCSR(MFT_GROUP), g, NULL, 0);
    mq_push(q, 1, SWCSR(MFT_MASK), mask, NULL, 0);
  }
  return 0;
}

void nic_fabric_switch_read(nic_fabric_t *f, int sw, uint16_t addr, uint32_t *dst) {
  mq_push(&f->mq[sw], 0, addr, 0, dst, 0);
}

int nic_fabric_mgmt_busy(const nic_fabric_t *f) {
  for (int s = 0; s < f->t->switches; s++)
    if (f->mq[s].cap != (size_t)-1 && (f->mq[s].n || f->mq[s].wait)) return 1;
  return 0;
}

void nic_fabric_lft_write(nic_fabric_t *f, int sw, unsigned b, const uint32_t e[64]) {
  mq_t *q = &f->mq[sw];
  mq_push(q, 1, SWCSR(LFT_BLOCK), b << NIC_SWITCH_LFT_BLOCK_BLOCK_LSB, NULL, 0);
  for (unsigned i = 0; i < 64; i++) mq_push(q, 1, SWCSR(LFT_DATA), e[i], NULL, 0);
  f->lft_blocks++;
}

uint64_t nic_fabric_last_lft_cycle(const nic_fabric_t *f) { return f->last_lft_cycle; }

/* ------------------------------------------------------------------ link failure */
int nic_fabric_link_fail(nic_fabric_t *f, int l) {
  if (l < 0 || l >= f->t->nlinks) return -1;
  for (int sd = 0; sd < 2; sd++) {
    int k = out_link(l, sd);
    if (f->lstate[k] == LS_UP) f->lstate[k] = f->lopen[k] ? LS_DYING : LS_DEAD;
  }
  return 0;
}

int nic_fabric_link_failed(const nic_fabric_t *f, int l) {
  return l >= 0 && l < f->t->nlinks && (f->lstate[2 * l] || f->lstate[2 * l + 1]);
}

uint64_t nic_fabric_lost_beats(const nic_fabric_t *f) { return f->lost_beats; }
uint64_t nic_fabric_lost_packets(const nic_fabric_t *f) { return f->lost_pkts; }

void nic_fabric_at(nic_fabric_t *f, uint64_t cycle, void (*fn)(nic_fabric_t *f, void *ctx), void *ctx) {
  f->at_cycle = cycle;
  f->at_fn = fn;
  f->at_ctx = ctx;
}

/* ------------------------------------------------------------------ partition */
void nic_fabric_partition(nic_fabric_t *f, const uint8_t *own, void (*xchg)(nic_fabric_t *f, void *ctx), void *ctx) {
  int C = f->t->nodes + f->t->switches;
  free(f->own);
  f->own = NULL;
  if (own) {
    f->own = malloc((size_t)C);
    if (!f->own) {
      fprintf(stderr, "nic_fabric: out of memory\n");
      abort();
    }
    memcpy(f->own, own, (size_t)C);
  }
  for (int b = 0; own && b < f->nbe; b++) { /* this rank holds only the components it steps */
    for (int n = 0; n < f->t->nodes; n++)
      if (!own[n] && f->node[b][n]) {
        f->be[b]->node_close(f->node[b][n]);
        f->node[b][n] = NULL;
      }
    for (int s = 0; s < f->t->switches; s++)
      if (!own[f->t->nodes + s] && f->sw[b][s]) {
        f->be[b]->sw_close(f->sw[b][s]);
        f->sw[b][s] = NULL;
      }
  }
  for (int s = 0; s < f->t->switches; s++) /* no management queue for a switch stepped elsewhere */
    if (own && !own[f->t->nodes + s]) {
      free(f->mq[s].op);
      f->mq[s] = (mq_t){NULL, 0, (size_t)-1, 0, 0};
    } else if (f->mq[s].cap == (size_t)-1) {
      f->mq[s].cap = 0;
    }
  f->xchg = xchg;
  f->xctx = ctx;
}

nic_link_in_t *nic_fabric_link_in(nic_fabric_t *f, int k) { return &f->lin[k]; }
int nic_fabric_owns(const nic_fabric_t *f, int c) { return !f->own || f->own[c]; }
