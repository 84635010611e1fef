// SPDX-License-Identifier: Apache-2.0
// One Verilated top behind comet_hw_ports_t (sw/comet_hw.h): its own VerilatedContext (random
// power-up state from the seed, like the lockstep bench), an optional FST waveform, and eval /
// tick / close on the lockstep port structs In / Out. Set copies In onto the top's inputs, Get
// reads its outputs into Out. Used by sw/comet_hw_rtl.cpp (comet_system2) and
// sw/comet_hw_eng_rtl.cpp (comet_engine).
#ifndef COMET_HW_VL_HPP
#define COMET_HW_VL_HPP
#include <verilated.h>
#include <verilated_fst_c.h>
#include <cstdint>
#include "comet_hw.h"

template <class Top, class In, class Out, void (*Set)(Top *, const In *), void (*Get)(Top *, Out *)>
struct comet_hw_vl {
  VerilatedContext *ctx;
  Top *top;
  VerilatedFstC *tfp;
  uint64_t t;

  static void eval(void *p, const void *vin, void *vout) {
    comet_hw_vl *c = static_cast<comet_hw_vl *>(p);
    Set(c->top, static_cast<const In *>(vin));
    c->top->clk_i = 0;
    c->top->eval();
    Get(c->top, static_cast<Out *>(vout));
  }

  static void tick(void *p, const void *vin) {
    comet_hw_vl *c = static_cast<comet_hw_vl *>(p);
    Set(c->top, static_cast<const In *>(vin));
    c->top->clk_i = 0;
    c->top->eval();
    if (c->tfp) c->tfp->dump(2 * c->t);
    c->top->clk_i = 1;
    c->top->eval();
    if (c->tfp) c->tfp->dump(2 * c->t + 1);
    c->t++;
  }

  static void close(void *p) {
    comet_hw_vl *c = static_cast<comet_hw_vl *>(p);
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

  static int open(comet_hw_ports_t *p, uint64_t seed, const char *fst_path) {
    comet_hw_vl *c = new comet_hw_vl();
    c->ctx = new VerilatedContext();
    c->ctx->randReset(2);
    c->ctx->randSeed((int)(seed & 0x7fffffff));
    if (fst_path) c->ctx->traceEverOn(true);
    c->top = new Top(c->ctx);
    c->tfp = nullptr;
    if (fst_path) {
      c->tfp = new VerilatedFstC();
      c->top->trace(c->tfp, 99);
      c->tfp->open(fst_path);
    }
    c->t = 0;
    p->ctx = c;
    p->eval = eval;
    p->tick = tick;
    p->close = close;
    return 0;
  }
};
#endif
