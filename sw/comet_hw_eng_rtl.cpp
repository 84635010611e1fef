// SPDX-License-Identifier: Apache-2.0
// RTL components of the star topology of sw/comet_hw.h: one Verilated rtl/comet_engine.v (class
// Vceng, Verilated once as a library by mk/comet_apps.mk, one instance per node) behind
// comet_hw_ports_t with comet_engine_in_t / comet_engine_out_t, and the Verilated nic_switch
// RADIX 16 (class Vsw16, the library of mk/sw.mk); sw/comet_hw_star.c joins them. Optional FST
// waveform per component.
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vceng.h"
#include "Vsw16.h"
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

namespace {
struct sw_ctx {
  VerilatedContext ctx;
  Vsw16 *top = nullptr;
  VerilatedFstC *tfp = nullptr;
  uint64_t t = 0;
};
}  // namespace

extern "C" void *comet_hw_sw_rtl_open(uint64_t seed, const char *fst_path) {
  sw_ctx *c = new sw_ctx;
  c->ctx.randReset(2);
  c->ctx.randSeed((int)(seed & 0x7fffffff));
  if (fst_path) c->ctx.traceEverOn(true);
  c->top = new Vsw16(&c->ctx);
  if (fst_path) {
    c->tfp = new VerilatedFstC;
    c->top->trace(c->tfp, 99);
    c->tfp->open(fst_path);
  }
  c->top->clk_i = 0;
  return c;
}

// the outputs of this cycle (clock low), then the clock edge
extern "C" void comet_hw_sw_rtl_step(void *p, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  sw_ctx *c = static_cast<sw_ctx *>(p);
  Vsw16 *t = c->top;
  const unsigned R = 16;
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
  if (c->tfp) c->tfp->dump(c->t);
  t->clk_i = 1;
  t->eval();
  if (c->tfp) c->tfp->dump(c->t + 1);
  t->clk_i = 0;
  c->t += 2;
}

extern "C" void comet_hw_sw_rtl_close(void *p) {
  sw_ctx *c = static_cast<sw_ctx *>(p);
  if (c->tfp) {
    c->tfp->close();
    delete c->tfp;
  }
  c->top->final();
  Verilated::threadContextp(&c->ctx);
  delete c->top;
  delete c;
}
