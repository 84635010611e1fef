// SPDX-License-Identifier: Apache-2.0
// sw/comet_hw.h RTL backend: the Verilated comet_system2 (class Vcsys, mk/comet_sw.mk) behind the
// port-level interface comet_hw_ports_t; sw/comet_hw_model.c does the host side (CSR
// transactions, host memories, frames). Optional FST waveform.
#include "Vcsys.h"
#include "comet_hw.h"
#include "comet_hw_vl.hpp"
extern "C" {
#include "comet_system2_ports.h"
#include "nic_ports.h"
LS_DECLARE_PORTS(comet_system2)
}

namespace {
void set_inputs(Vcsys *top, const comet_system2_in_t *in) {
#define RTL_SET(n, w) top->n = in->n & LS_MASK(w);
  comet_system2_INPUTS(RTL_SET)
#undef RTL_SET
}

void get_outputs(Vcsys *top, comet_system2_out_t *out) {
#define RTL_GET(n, w, q) out->n = (uint64_t)top->n;
  comet_system2_OUTPUTS(RTL_GET)
#undef RTL_GET
}
}  // namespace

extern "C" int comet_hw_rtl_ports(comet_hw_ports_t *p, uint64_t seed, const char *fst_path) {
  return comet_hw_vl<Vcsys, comet_system2_in_t, comet_system2_out_t, set_inputs, get_outputs>::open(p, seed, fst_path);
}
