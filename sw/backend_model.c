// SPDX-License-Identifier: Apache-2.0
/* nic_sim backend: the C golden model of the 2-node system. */
#include <stdlib.h>
#include "aotf_system2.h"
#include "nic_backend.h"

static void *m_open(uint64_t seed, const char *fst) {
  (void)fst;
  aotf_system2_t *m = malloc(sizeof(*m));
  if (!m || aotf_system2_init(m, &AOTF_SYSTEM2_DEFAULT, seed)) {
    free(m);
    return NULL;
  }
  return m;
}
static void m_eval(void *b, const aotf_system2_in_t *in, aotf_system2_out_t *out) { aotf_system2_eval(b, in, out); }
static void m_tick(void *b, const aotf_system2_in_t *in) { aotf_system2_tick(b, in); }
static void m_close(void *b) {
  aotf_system2_free(b);
  free(b);
}

const nic_backend_t nic_backend_model = {"model", m_open, m_eval, m_tick, m_close};
