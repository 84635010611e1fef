// SPDX-License-Identifier: Apache-2.0
// The Verilated nic_switch RADIX 16 (class Vsw16) behind nic_switch_rtl.h.
#include "nic_switch_rtl.h"
#include <verilated.h>
#include <verilated_fst_c.h>
#include "Vsw16.h"

namespace {
struct sw_ctx {
  VerilatedContext ctx;
  Vsw16 *top = nullptr;
  VerilatedFstC *tfp = nullptr;
  uint64_t t = 0;
};
}  // namespace

extern "C" void *nic_switch_rtl_open(uint64_t seed, const char *fst) {
  sw_ctx *c = new sw_ctx;
  c->ctx.randReset(2);
  c->ctx.randSeed((int)(seed & 0x7fffffff));
  if (fst) c->ctx.traceEverOn(true);
  c->top = new Vsw16(&c->ctx);
  if (fst) {
    c->tfp = new VerilatedFstC;
    c->top->trace(c->tfp, 99);
    c->tfp->open(fst);
  }
  c->top->clk_i = 0;
  return c;
}

extern "C" void nic_switch_rtl_step(void *p, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out) {
  sw_ctx *c = static_cast<sw_ctx *>(p);
  Vsw16 *t = c->top;
  const unsigned R = NIC_SWITCH_RTL_RADIX;
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

extern "C" void nic_switch_rtl_close(void *p) {
  sw_ctx *c = static_cast<sw_ctx *>(p);
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
