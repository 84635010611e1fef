// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_pkt_arb.v: two packet streams merged round robin per packet
 * (combinational grant from the state and the two valids). */
#ifndef AOTF_PKT_ARB_H
#define AOTF_PKT_ARB_H
#include <stdint.h>

typedef struct {
  int lock, sel, pri; /* rtl lock_q, sel_q, pri_q */
} aotf_pkt_arb_t;

/* power-up state from seed (the RTL resets it) */
void aotf_pkt_arb_init(aotf_pkt_arb_t *a, uint64_t seed);
/* 1 = input b holds the output this cycle */
static inline int aotf_pkt_arb_gnt_b(const aotf_pkt_arb_t *a, int a_valid, int b_valid) {
  return a->lock ? a->sel : (b_valid && (!a_valid || a->pri));
}
/* does the grant depend on a_valid this cycle? (else any a_valid gives the same grant) */
static inline int aotf_pkt_arb_needs_a(const aotf_pkt_arb_t *a, int b_valid) { return !a->lock && b_valid; }
/* the clock edge: the output's valid / ready / last of this cycle and the grant */
void aotf_pkt_arb_tick(aotf_pkt_arb_t *a, int rst_ni, int gnt_b, int m_valid, int m_ready, int m_last);
#endif
