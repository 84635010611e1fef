// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/nic_fifo.v: FWFT FIFO on nic_ram with an output stage and empty bypass.
 * Widths up to 256 bits (data passed as arrays of 64-bit words, low word first). */
#ifndef NIC_FIFO_H
#define NIC_FIFO_H
#include <stdint.h>
#include "nic_ram.h"

typedef struct {
  uint32_t depth, width;
  nic_ram_t ram;
  uint32_t wr_ptr, rd_ptr, ram_cnt;
  int out_valid, byp_sel;
  uint64_t byp[NIC_RAM_MAXW];
} nic_fifo_t;

typedef struct {
  int rst_ni, s_valid, m_ready;
  const uint64_t *s_data; /* width bits */
} nic_fifo_sig_in_t;

typedef struct {
  int s_ready, m_valid;
  uint32_t count;
  uint32_t ram_empty; /* no entry in the RAM */
  uint64_t m_data[NIC_RAM_MAXW];
  /* the sources of m_data: m_data = byp_sel ? byp_data : ram_data (RTL ram_data_o / byp_data_o /
   * byp_sel_o; the data outputs are don't-care while not selected) */
  uint64_t ram_data[NIC_RAM_MAXW], byp_data[NIC_RAM_MAXW];
  int byp_sel;
} nic_fifo_sig_out_t;

int nic_fifo_init(nic_fifo_t *f, uint32_t depth, uint32_t width, uint64_t seed);
void nic_fifo_free(nic_fifo_t *f);
void nic_fifo_eval(const nic_fifo_t *f, const nic_fifo_sig_in_t *in, nic_fifo_sig_out_t *out);
void nic_fifo_tick(nic_fifo_t *f, const nic_fifo_sig_in_t *in);
#endif
