// SPDX-License-Identifier: Apache-2.0
#include "aotf_credit.h"
#include <string.h>

int aotf_credit_init(aotf_credit_t *m, uint32_t num_users, uint32_t reset_limit, uint64_t seed) {
  memset(m, 0, sizeof(*m));
  if (num_users < 1 || num_users > AOTF_MAX_USERS) return -1;
  m->n = num_users;
  m->reset_limit = reset_limit;
  for (uint32_t u = 0; u < num_users; u++) { /* power-up: arbitrary */
    m->used[u] = (uint16_t)(seed >> (u * 3));
    m->lim[u] = (uint16_t)(seed >> (u * 5 + 1));
  }
  return 0;
}

void aotf_credit_eval(const aotf_credit_t *m, const aotf_credit_in_t *in, aotf_credit_out_t *out) {
  uint32_t c = in->chk_user % m->n, s = in->sel_user % m->n;
  out->has_credit = m->used[c] < m->lim[c];
  out->sel_limit = m->lim[s];
  out->sel_used = m->used[s];
  out->sel_avail = m->lim[s] > m->used[s] ? (uint32_t)(m->lim[s] - m->used[s]) : 0;
  memcpy(out->used, m->used, sizeof(out->used)); /* the users above n stay 0 */
}

void aotf_credit_tick(aotf_credit_t *m, const aotf_credit_in_t *in) {
  /* rtl: the return is registered (ret_q, ret_user_q) and acts one cycle later */
  uint32_t rq = m->ret_q, ru = m->ret_user_q;
  m->ret_q = in->rst_ni ? (uint32_t)(in->ret != 0) : 0;
  m->ret_user_q = in->ret_user;
  if (!in->rst_ni) {
    for (uint32_t u = 0; u < m->n; u++) {
      m->used[u] = 0;
      m->lim[u] = (uint16_t)m->reset_limit;
    }
    return;
  }
  if (!in->take && !rq && !in->lim_we) return; /* no counter or limit changes */
  for (uint32_t u = 0; u < m->n; u++) {
    uint16_t d = m->used[u];
    if (in->take && in->take_user == u) d++;
    if (rq && ru == u) d--;
    m->used[u] = d;
    if (in->lim_we && in->sel_user == u) m->lim[u] = (uint16_t)in->lim_data;
  }
}
