// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/nic_axis_slice.v: a register slice (two-entry skid buffer) for a valid/ready
 * stream. Payload up to 128 bits (two 64-bit words, low word first). */
#ifndef NIC_AXIS_SLICE_H
#define NIC_AXIS_SLICE_H
#include <stdint.h>

#define NIC_AXIS_SLICE_WORDS 2

typedef struct {
  int load_any; /* parameter LOAD_ANY (set after init; kept through reset) */
  int out_v, skid_v;
  uint64_t out[NIC_AXIS_SLICE_WORDS], skid[NIC_AXIS_SLICE_WORDS];
} nic_axis_slice_t;

typedef struct {
  int rst_ni, s_valid, m_ready;
  uint64_t s_data[NIC_AXIS_SLICE_WORDS];
} nic_axis_slice_sig_in_t;

typedef struct {
  int s_ready, m_valid;
  uint64_t m_data[NIC_AXIS_SLICE_WORDS];
} nic_axis_slice_sig_out_t;

/* power-up state: arbitrary (from seed); the RTL resets every register */
void nic_axis_slice_init(nic_axis_slice_t *m, uint64_t seed);
/* outputs: functions of the registers only (no input is read) */
void nic_axis_slice_eval(const nic_axis_slice_t *m, nic_axis_slice_sig_out_t *o);
void nic_axis_slice_tick(nic_axis_slice_t *m, const nic_axis_slice_sig_in_t *in);
#endif
