// SPDX-License-Identifier: Apache-2.0
/* The Verilated nic_switch with RADIX 16 (class Vsw16, library $(BUILD)/sw/vl_sw of mk/sw.mk)
 * behind the signal-level ports of the C model (cmodel/nic_switch.h), for every program that
 * puts an RTL switch in a simulated network (sw/fabric_rtl.cpp, sw/comet_hw_star.c).
 * Implemented by sw/nic_switch_rtl.cpp. */
#ifndef NIC_SWITCH_RTL_H
#define NIC_SWITCH_RTL_H
#include <stdint.h>
#include "nic_switch.h"

#define NIC_SWITCH_RTL_RADIX 16u

#ifdef __cplusplus
extern "C" {
#endif
/* seed: random power-up state; fst: waveform file or NULL */
void *nic_switch_rtl_open(uint64_t seed, const char *fst);
/* the outputs of this cycle (clock low), then the clock edge */
void nic_switch_rtl_step(void *c, const nic_switch_sig_in_t *in, nic_switch_sig_out_t *out);
void nic_switch_rtl_close(void *c);
#ifdef __cplusplus
}
#endif
#endif
