// SPDX-License-Identifier: Apache-2.0
// nic_fabric RTL backend: Verilated rtl/aotf_node.v (class Vnode) and rtl/nic_switch.v with
// RADIX 16 (class Vsw16), each Verilated once and instantiated per component, behind the
// extern "C" interface of nic_fabric.h.
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vnode.h"
#include "Vsw16.h"
#include "nic_fabric.h"

namespace {
template <class T>
struct comp_t {
  VerilatedContext ctx;
  T *top = nullptr;
  VerilatedFstC *tfp = nullptr;
  uint64_t t = 0;
};

template <class T>
comp_t<T> *open_comp(uint64_t seed, const char *fst) {
  comp_t<T> *c = new comp_t<T>;
  c->ctx.randReset(2);
  c->ctx.randSeed((int)(seed & 0x7fffffff));
  if (fst) c->ctx.traceEverOn(true);
  c->top = new T(&c->ctx);
  if (fst) {
    c->tfp = new VerilatedFstC;
    c->top->trace(c->tfp, 99);
    c->tfp->open(fst);
  }
  c->top->clk_i = 0;
  return c;
}

// outputs of this cycle (clock low), then the clock edge
template <class T>
void edge(comp_t<T> *c) {
  if (c->tfp) c->tfp->dump(c->t);
  c->top->clk_i = 1;
  c->top->eval();
  if (c->tfp) c->tfp->dump(c->t + 1);
  c->top->clk_i = 0;
  c->t += 2;
}

template <class T>
void close_comp(comp_t<T> *c) {
  if (c->tfp) {
    c->tfp->close();
    delete c->tfp;
  }
  // with several Verilated models in one program, a model's destructor erases its scopes from
  // the thread's current context: make that this model's own before deleting it
  Verilated::threadContextp(&c->ctx);
  c->top->final();
  delete c->top;
  delete c;
}

void *node_open(uint64_t seed, const char *fst) { return open_comp<Vnode>(seed, fst); }

void node_step(void *p, const aotf_node_in_t *in, aotf_node_out_t *out) {
  comp_t<Vnode> *c = static_cast<comp_t<Vnode> *>(p);
#define SET(n, w) c->top->n = in->n & LS_MASK(w);
  aotf_node_INPUTS(SET)
#undef SET
  c->top->eval();
#define GET(n, w, q) out->n = (uint64_t)c->top->n;
  aotf_node_OUTPUTS(GET)
#undef GET
  edge(c);
}

void node_close(void *p) { close_comp(static_cast<comp_t<Vnode> *>(p)); }

void *sw_open(unsigned radix, uint64_t seed, const char *fst) {
  if (radix != NIC_FABRIC_SW_RADIX) return nullptr;
  return open_comp<Vsw16>(seed, fst);
}

void sw_step(void *p, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  comp_t<Vsw16> *c = static_cast<comp_t<Vsw16> *>(p);
  Vsw16 *t = c->top;
  const unsigned R = NIC_FABRIC_SW_RADIX;
  t->rst_ni = in->rst_ni & 1;
  uint32_t valid = 0, last = 0, ready = 0;
  for (unsigned i = 0; i < R; i++) {
    t->s_axis_tdata[2 * i] = (uint32_t)in->s_tdata[i];
    t->s_axis_tdata[2 * i + 1] = (uint32_t)(in->s_tdata[i] >> 32);
    valid |= (uint32_t)(in->s_tvalid[i] & 1) << i;
    last |= (uint32_t)(in->s_tlast[i] & 1) << i;
    ready |= (uint32_t)(in->m_tready[i] & 1) << i;
  }
  for (unsigned w = 0; w < R / 4; w++) {
    uint32_t k = 0;
    for (unsigned j = 0; j < 4; j++) k |= (in->s_tkeep[4 * w + j] & 0xffu) << (8 * j);
    t->s_axis_tkeep[w] = k;
  }
  t->s_axis_tvalid = valid;
  t->s_axis_tlast = last;
  t->m_axis_tready = ready;
  t->csr_req_i = in->csr_req & 1;
  t->csr_we_i = in->csr_we & 1;
  t->csr_addr_i = in->csr_addr & 0xfff;
  t->csr_wdata_i = in->csr_wdata;
  t->eval();
  for (unsigned i = 0; i < R; i++) {
    out->s_tready[i] = (t->s_axis_tready >> i) & 1;
    out->m_tdata[i] = (uint64_t)t->m_axis_tdata[2 * i] | ((uint64_t)t->m_axis_tdata[2 * i + 1] << 32);
    out->m_tkeep[i] = (t->m_axis_tkeep[i / 4] >> (8 * (i % 4))) & 0xffu;
    out->m_tvalid[i] = (t->m_axis_tvalid >> i) & 1;
    out->m_tlast[i] = (t->m_axis_tlast >> i) & 1;
  }
  out->csr_ack = t->csr_ack_o;
  out->csr_rdata = t->csr_rdata_o;
  edge(c);
}

void sw_close(void *p) { close_comp(static_cast<comp_t<Vsw16> *>(p)); }

const nic_fabric_backend_t backend_rtl = {"rtl", node_open, node_step, node_close, sw_open, sw_step, sw_close};
}  // namespace

extern "C" const nic_fabric_backend_t *nic_fabric_backend_rtl(void) { return &backend_rtl; }
