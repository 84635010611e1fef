// SPDX-License-Identifier: Apache-2.0
#include "nic_axis_slice.h"
#include <string.h>

void nic_axis_slice_init(nic_axis_slice_t *m, uint64_t seed) {
  uint64_t z = seed * 0x9E3779B97F4A7C15ull + 0x534C43ull;
  memset(m, 0, sizeof(*m));
  m->out_v = (int)(z & 1);
  m->skid_v = (int)(z >> 1 & 1);
  for (int i = 0; i < NIC_AXIS_SLICE_WORDS; i++) {
    m->out[i] = z ^ (uint64_t)i << 32;
    m->skid[i] = ~z ^ (uint64_t)i;
  }
}

void nic_axis_slice_eval(const nic_axis_slice_t *m, nic_axis_slice_sig_out_t *o) {
  o->s_ready = !m->skid_v;
  o->m_valid = m->out_v;
  memcpy(o->m_data, m->out, sizeof(o->m_data));
}

void nic_axis_slice_tick(nic_axis_slice_t *m, const nic_axis_slice_sig_in_t *in) {
  if (!in->rst_ni) {
    int load_any = m->load_any;
    memset(m, 0, sizeof(*m));
    m->load_any = load_any;
    return;
  }
  /* in place: every branch reads the registers it needs before it writes them */
  int take = in->s_valid && !m->skid_v;
  int out_free = !m->out_v || in->m_ready;
  if (out_free) {
    if (m->skid_v) { /* the older beat first */
      m->out_v = 1;
      memcpy(m->out, m->skid, sizeof(m->out));
      m->skid_v = 0;
    } else {
      m->out_v = take;
      if (take || m->load_any) memcpy(m->out, in->s_data, sizeof(m->out));
    }
  } else if (take) { /* output held: park the beat */
    m->skid_v = 1;
    memcpy(m->skid, in->s_data, sizeof(m->skid));
  } else if (m->load_any && !m->skid_v) { /* LOAD_ANY: data follows the input while it could */
    memcpy(m->skid, in->s_data, sizeof(m->skid));
  }
}
