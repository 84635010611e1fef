// SPDX-License-Identifier: Apache-2.0
// nic_fabric RTL backend: Verilated rtl/aotf_node.v (class Vnode) and rtl/nic_switch.v with
// RADIX 16 (sw/nic_switch_rtl.cpp), each Verilated once and instantiated per component, behind
// the extern "C" interface of nic_fabric.h.
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vnode.h"
#include "nic_fabric.h"
#include "nic_switch_rtl.h"

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
  return radix == NIC_SWITCH_RTL_RADIX ? nic_switch_rtl_open(seed, fst) : nullptr;
}

const nic_fabric_backend_t backend_rtl = {"rtl", node_open, node_step, node_close, sw_open, nic_switch_rtl_step, nic_switch_rtl_close};
}  // namespace

extern "C" const nic_fabric_backend_t *nic_fabric_backend_rtl(void) { return &backend_rtl; }
