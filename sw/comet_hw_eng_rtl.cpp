// SPDX-License-Identifier: Apache-2.0
// RTL components of the star topology of sw/comet_hw.h: one Verilated rtl/comet_engine.v (class
// Vceng, Verilated once as a library by mk/comet_apps.mk, one instance per node) behind
// comet_hw_ports_t with comet_engine_in_t / comet_engine_out_t; sw/comet_hw_star.c joins them
// with the Verilated switch of sw/nic_switch_rtl.cpp. Optional FST waveform per component.
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vceng.h"
#include "comet_hw.h"
#include "comet_hw_star.h"
extern "C" {
#include "comet_engine_ports.h"
#include "nic_ports.h"
LS_DECLARE_PORTS(comet_engine)
}

namespace {
struct eng_ctx {
  VerilatedContext *ctx;
  Vceng *top;
  VerilatedFstC *tfp;
  uint64_t t;
};

void set_inputs(Vceng *top, const comet_engine_in_t *in) {
#define RTL_SET(n, w) top->n = in->n & LS_MASK(w);
  comet_engine_INPUTS(RTL_SET)
#undef RTL_SET
}

void e_eval(void *p, const void *vin, void *vout) {
  eng_ctx *c = static_cast<eng_ctx *>(p);
  comet_engine_out_t *out = static_cast<comet_engine_out_t *>(vout);
  set_inputs(c->top, static_cast<const comet_engine_in_t *>(vin));
  c->top->clk_i = 0;
  c->top->eval();
#define RTL_GET(n, w, q) out->n = (uint64_t)c->top->n;
  comet_engine_OUTPUTS(RTL_GET)
#undef RTL_GET
}

void e_tick(void *p, const void *vin) {
  eng_ctx *c = static_cast<eng_ctx *>(p);
  set_inputs(c->top, static_cast<const comet_engine_in_t *>(vin));
  c->top->clk_i = 0;
  c->top->eval();
  if (c->tfp) c->tfp->dump(2 * c->t);
  c->top->clk_i = 1;
  c->top->eval();
  if (c->tfp) c->tfp->dump(2 * c->t + 1);
  c->t++;
}

void e_close(void *p) {
  eng_ctx *c = static_cast<eng_ctx *>(p);
  if (c->tfp) {
    c->tfp->close();
    delete c->tfp;
  }
  c->top->final();
  Verilated::threadContextp(c->ctx);  // a scope's destructor erases itself from the thread's context
  delete c->top;
  delete c->ctx;
  delete c;
}
}  // namespace

extern "C" int comet_hw_eng_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path) {
  eng_ctx *c = new eng_ctx();
  c->ctx = new VerilatedContext();
  c->ctx->randReset(2);  // random power-up state, like the lockstep bench
  c->ctx->randSeed((int)(seed & 0x7fffffff));
  if (fst_path) c->ctx->traceEverOn(true);
  c->top = new Vceng(c->ctx);
  c->tfp = nullptr;
  if (fst_path) {
    c->tfp = new VerilatedFstC();
    c->top->trace(c->tfp, 99);
    c->tfp->open(fst_path);
  }
  c->t = 0;
  p->ctx = c;
  p->eval = e_eval;
  p->tick = e_tick;
  p->close = e_close;
  return 0;
}
