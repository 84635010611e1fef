// SPDX-License-Identifier: Apache-2.0
// nic_sim backend: the Verilated RTL of aotf_system2 (class Vsys), behind an extern "C" shim.
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vsys.h"
#include "nic_backend.h"

namespace {
struct rtl_t {
  VerilatedContext ctx;
  Vsys *top = nullptr;
  VerilatedFstC *tfp = nullptr;
  uint64_t t = 0;
};

void *r_open(uint64_t seed, const char *fst) {
  rtl_t *r = new rtl_t;
  r->ctx.randReset(2);
  r->ctx.randSeed((int)(seed & 0x7fffffff));
  if (fst) r->ctx.traceEverOn(true);
  r->top = new Vsys(&r->ctx);
  if (fst) {
    r->tfp = new VerilatedFstC;
    r->top->trace(r->tfp, 99);
    r->tfp->open(fst);
  }
  r->top->clk_i = 0;
  return r;
}

void r_eval(void *b, const aotf_system2_in_t *in, aotf_system2_out_t *out) {
  rtl_t *r = static_cast<rtl_t *>(b);
#define SET(n, w) r->top->n = in->n & LS_MASK(w);
  aotf_system2_INPUTS(SET)
#undef SET
  r->top->clk_i = 0;
  r->top->eval();
#define GET(n, w, q) out->n = (uint64_t)r->top->n;
  aotf_system2_OUTPUTS(GET)
#undef GET
  if (r->tfp) r->tfp->dump(r->t);
}

void r_tick(void *b, const aotf_system2_in_t *in) {
  rtl_t *r = static_cast<rtl_t *>(b);
  (void)in;  // inputs were applied in r_eval for this cycle
  r->top->clk_i = 1;
  r->top->eval();
  if (r->tfp) r->tfp->dump(r->t + 1);
  r->t += 2;
}

void r_close(void *b) {
  rtl_t *r = static_cast<rtl_t *>(b);
  if (r->tfp) {
    r->tfp->close();
    delete r->tfp;
  }
  r->top->final();
  delete r->top;
  delete r;
}

const nic_backend_t backend_rtl = {"rtl", r_open, r_eval, r_tick, r_close};
}  // namespace

extern "C" const nic_backend_t *nic_backend_rtl_get(void) { return &backend_rtl; }
