// SPDX-License-Identifier: Apache-2.0
/* Unit test: aotf_node_step / nic_link_step give the same outputs every cycle as eval + tick
 * (the check of tb/unit/bench_node_model.c: two nodes through two links, host set-up, LLCM
 * polls, kicks both ways and CSR reads; it also requires packets to arrive). */
#define BENCH_NODE_MODEL_NO_MAIN
#include "bench_node_model.c"

int main(void) {
  bench_cfg_t cfg = {0, 30, 200, 500, 7};
  if (check(&cfg, 60000)) {
    fprintf(stderr, "test_aotf_node_step: FAIL\n");
    return 1;
  }
  printf("test_aotf_node_step: pass\n");
  return 0;
}
