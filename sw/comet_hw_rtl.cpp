// SPDX-License-Identifier: Apache-2.0
// sw/comet_hw.h RTL backend: the Verilated comet_system2 (class Vcsys, mk/comet_sw.mk) behind the
// port-level interface comet_hw_ports_t; sw/comet_hw_model.c does the host side (CSR
// transactions, host memories, frames). Optional FST waveform.
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vcsys.h"
#include "comet_hw.h"
extern "C" {
#include "comet_system2_ports.h"
#include "nic_ports.h"
LS_DECLARE_PORTS(comet_system2)
}

namespace {
struct rtl_ctx {
  VerilatedContext *ctx;
  Vcsys *top;
  VerilatedFstC *tfp;
  uint64_t t;
};

void set_inputs(Vcsys *top, const comet_system2_in_t *in) {
#define RTL_SET(n, w) top->n = in->n & LS_MASK(w);
  comet_system2_INPUTS(RTL_SET)
#undef RTL_SET
}

void r_eval(void *p, const void *vin, void *vout) {
  rtl_ctx *c = static_cast<rtl_ctx *>(p);
  const comet_system2_in_t *in = static_cast<const comet_system2_in_t *>(vin);
  comet_system2_out_t *out = static_cast<comet_system2_out_t *>(vout);
  set_inputs(c->top, in);
  c->top->clk_i = 0;
  c->top->eval();
#define RTL_GET(n, w, q) out->n = (uint64_t)c->top->n;
  comet_system2_OUTPUTS(RTL_GET)
#undef RTL_GET
}

void r_tick(void *p, const void *vin) {
  rtl_ctx *c = static_cast<rtl_ctx *>(p);
  set_inputs(c->top, static_cast<const comet_system2_in_t *>(vin));
  c->top->clk_i = 0;
  c->top->eval();
  if (c->tfp) c->tfp->dump(2 * c->t);
  c->top->clk_i = 1;
  c->top->eval();
  if (c->tfp) c->tfp->dump(2 * c->t + 1);
  c->t++;
}

void r_close(void *p) {
  rtl_ctx *c = static_cast<rtl_ctx *>(p);
  if (c->tfp) {
    c->tfp->close();
    delete c->tfp;
  }
  c->top->final();
  delete c->top;
  delete c->ctx;
  delete c;
}
}  // namespace

extern "C" int comet_hw_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path) {
  rtl_ctx *c = new rtl_ctx();
  c->ctx = new VerilatedContext();
  c->ctx->randReset(2);  // random power-up state, like the lockstep bench
  c->ctx->randSeed((int)(seed & 0x7fffffff));
  if (fst_path) c->ctx->traceEverOn(true);
  c->top = new Vcsys(c->ctx);
  c->tfp = nullptr;
  if (fst_path) {
    c->tfp = new VerilatedFstC();
    c->top->trace(c->tfp, 99);
    c->tfp->open(fst_path);
  }
  c->t = 0;
  p->ctx = c;
  p->eval = r_eval;
  p->tick = r_tick;
  p->close = r_close;
  return 0;
}
