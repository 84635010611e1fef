// SPDX-License-Identifier: Apache-2.0
// RTL components of the star topology of sw/comet_hw.h: one Verilated rtl/comet_engine.v (class
// Vceng, Verilated once as a library by mk/comet_apps.mk, one instance per node) behind
// comet_hw_ports_t with comet_engine_in_t / comet_engine_out_t; sw/comet_hw_star.c joins them
// with the Verilated switch of sw/nic_switch_rtl.cpp. Optional FST waveform per component.
#include "Vceng.h"
#include "comet_hw.h"
#include "comet_hw_vl.hpp"
#include "comet_hw_star.h"
extern "C" {
#include "comet_engine_ports.h"
#include "nic_ports.h"
LS_DECLARE_PORTS(comet_engine)
}

namespace {
void set_inputs(Vceng *top, const comet_engine_in_t *in) {
#define RTL_SET(n, w) top->n = in->n & LS_MASK(w);
  comet_engine_INPUTS(RTL_SET)
#undef RTL_SET
}

void get_outputs(Vceng *top, comet_engine_out_t *out) {
#define RTL_GET(n, w, q) out->n = (uint64_t)top->n;
  comet_engine_OUTPUTS(RTL_GET)
#undef RTL_GET
}
}  // namespace

extern "C" int comet_hw_eng_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path) {
  return comet_hw_vl<Vceng, comet_engine_in_t, comet_engine_out_t, set_inputs, get_outputs>::open(p, seed, fst_path);
}
