// SPDX-License-Identifier: Apache-2.0
/* C model of rtl/aotf_credit.v: per-user credits (used counters and limits). */
#ifndef AOTF_CREDIT_H
#define AOTF_CREDIT_H
#include <stdint.h>
#define AOTF_MAX_USERS 8

typedef struct {
  uint32_t n, reset_limit;
  uint16_t used[AOTF_MAX_USERS], lim[AOTF_MAX_USERS];
  uint32_t ret_q, ret_user_q; /* registered return (acts one cycle after ret) */
} aotf_credit_t;

typedef struct {
  int rst_ni, take, ret, lim_we;
  uint32_t take_user, ret_user, chk_user, sel_user, lim_data;
} aotf_credit_in_t;

typedef struct {
  int has_credit;
  uint32_t sel_limit, sel_used, sel_avail;
  uint16_t used[AOTF_MAX_USERS];
} aotf_credit_out_t;

int aotf_credit_init(aotf_credit_t *m, uint32_t num_users, uint32_t reset_limit, uint64_t seed);
void aotf_credit_eval(const aotf_credit_t *m, const aotf_credit_in_t *in, aotf_credit_out_t *out);
void aotf_credit_tick(aotf_credit_t *m, const aotf_credit_in_t *in);
#endif
