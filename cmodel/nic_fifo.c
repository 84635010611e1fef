// SPDX-License-Identifier: Apache-2.0
#include "nic_fifo.h"
#include <string.h>

int nic_fifo_init(nic_fifo_t *f, uint32_t depth, uint32_t width, uint64_t seed) {
  memset(f, 0, sizeof(*f));
  if (depth < 2 || (depth & (depth - 1)) || width < 1) return -1;
  f->depth = depth;
  f->width = width;
  /* power-up: control state arbitrary until reset; the bench resets first */
  f->wr_ptr = (uint32_t)seed % depth;
  f->rd_ptr = (uint32_t)(seed >> 16) % depth;
  f->out_valid = (int)((seed >> 5) & 1);
  return nic_ram_init(&f->ram, depth, width, 1, seed);
}

void nic_fifo_free(nic_fifo_t *f) { nic_ram_free(&f->ram); }

typedef struct {
  int pop, out_free, push, load_ram, bypass, ram_wr;
} fifo_ctl_t;

static fifo_ctl_t ctl(const nic_fifo_t *f, const nic_fifo_sig_in_t *in) {
  fifo_ctl_t c;
  c.pop = f->out_valid && in->m_ready;
  c.out_free = !f->out_valid || c.pop;
  c.push = in->s_valid && f->ram_cnt != f->depth;
  c.load_ram = c.out_free && f->ram_cnt != 0;
  c.bypass = c.out_free && f->ram_cnt == 0 && c.push;
  c.ram_wr = c.push && !c.bypass;
  return c;
}

void nic_fifo_eval(const nic_fifo_t *f, const nic_fifo_sig_in_t *in, nic_fifo_sig_out_t *out) {
  (void)in;
  out->s_ready = f->ram_cnt != f->depth;
  out->m_valid = f->out_valid;
  out->count = f->ram_cnt + (uint32_t)f->out_valid;
  out->ram_empty = f->ram_cnt == 0;
  memcpy(out->m_data, f->byp_sel ? f->byp : nic_ram_rd(&f->ram), sizeof(out->m_data));
  memcpy(out->ram_data, nic_ram_rd(&f->ram), sizeof(out->ram_data));
  memcpy(out->byp_data, f->byp, sizeof(out->byp_data));
  out->byp_sel = f->byp_sel;
}

void nic_fifo_tick(nic_fifo_t *f, const nic_fifo_sig_in_t *in) {
  fifo_ctl_t c = ctl(f, in);
  nic_ram_tick(&f->ram, c.ram_wr, f->wr_ptr, in->s_data, 1, c.load_ram, f->rd_ptr);
  if (c.bypass) {
    memset(f->byp, 0, sizeof(f->byp));
    memcpy(f->byp, in->s_data, sizeof(uint64_t) * f->ram.nw);
  }
  if (!in->rst_ni) {
    f->wr_ptr = f->rd_ptr = f->ram_cnt = 0;
    f->out_valid = f->byp_sel = 0;
    return;
  }
  uint32_t m = f->depth - 1;
  if (c.ram_wr) f->wr_ptr = (f->wr_ptr + 1) & m;
  if (c.load_ram) f->rd_ptr = (f->rd_ptr + 1) & m;
  f->ram_cnt = f->ram_cnt + (uint32_t)c.ram_wr - (uint32_t)c.load_ram;
  f->out_valid = c.load_ram || c.bypass || (f->out_valid && !c.pop);
  f->byp_sel = c.bypass ? 1 : (c.load_ram ? 0 : f->byp_sel);
}
