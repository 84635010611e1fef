// SPDX-License-Identifier: Apache-2.0
/* Unit test of the RAM and FIFO models (cmodel/nic_ram.c, cmodel/nic_fifo.c). */
#include <stdio.h>
#include "nic_fifo.h"
#include "nic_ram.h"

static int fails;
#define CHECK(c)                                                  \
  do {                                                            \
    if (!(c)) {                                                   \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
      fails++;                                                    \
    }                                                             \
  } while (0)

int main(void) {
  nic_ram_t r;
  CHECK(nic_ram_init(&r, 1, 8, 1, 1) != 0); /* depth < 2 rejected */
  CHECK(nic_ram_init(&r, 16, 64, 3, 1) != 0); /* width not a multiple of lanes */
  CHECK(nic_ram_init(&r, 16, 64, 8, 1) == 0);
  nic_ram_tick64(&r, 1, 3, 0x1122334455667788ull, 0xff, 0, 0);
  nic_ram_tick64(&r, 1, 3, 0xAAAAAAAAAAAAAAAAull, 0x0f, 1, 3); /* read-old + byte write */
  CHECK(nic_ram_rd64(&r) == 0x1122334455667788ull);
  CHECK(r.collisions == 1);
  nic_ram_tick64(&r, 0, 0, 0, 0, 1, 3);
  CHECK(nic_ram_rd64(&r) == 0x11223344AAAAAAAAull);
  nic_ram_tick64(&r, 0, 0, 0, 0, 0, 5); /* no read: data held */
  CHECK(nic_ram_rd64(&r) == 0x11223344AAAAAAAAull);
  nic_ram_free(&r);

  /* 100-bit entries */
  CHECK(nic_ram_init(&r, 4, 100, 1, 2) == 0);
  uint64_t w[NIC_RAM_MAXW] = {~0ull, ~0ull, 0, 0};
  nic_ram_tick(&r, 1, 1, w, 1, 0, 0);
  nic_ram_tick(&r, 0, 0, w, 1, 1, 1);
  CHECK(nic_ram_rd(&r)[0] == ~0ull && nic_ram_rd(&r)[1] == 0xFFFFFFFFFull);
  nic_ram_free(&r);

  /* FIFO: bypass latency and order */
  nic_fifo_t f;
  CHECK(nic_fifo_init(&f, 6, 8, 1) != 0);
  CHECK(nic_fifo_init(&f, 4, 8, 1) == 0);
  uint64_t d = 0;
  nic_fifo_sig_in_t in = {0, 0, 0, &d};
  nic_fifo_sig_out_t out;
  nic_fifo_tick(&f, &in); /* reset */
  in.rst_ni = 1;
  nic_fifo_eval(&f, &in, &out);
  CHECK(!out.m_valid && out.s_ready && out.count == 0);
  for (int i = 0; i < 5; i++) { /* capacity 4 + 1 */
    d = 10 + (uint64_t)i;
    in.s_valid = 1;
    nic_fifo_eval(&f, &in, &out);
    CHECK(out.s_ready);
    nic_fifo_tick(&f, &in);
  }
  in.s_valid = 0;
  nic_fifo_eval(&f, &in, &out);
  CHECK(!out.s_ready && out.count == 5 && out.m_valid && out.m_data[0] == 10);
  in.m_ready = 1;
  for (int i = 0; i < 5; i++) {
    nic_fifo_eval(&f, &in, &out);
    CHECK(out.m_valid && out.m_data[0] == 10 + (uint64_t)i);
    nic_fifo_tick(&f, &in);
  }
  nic_fifo_eval(&f, &in, &out);
  CHECK(!out.m_valid && out.count == 0 && f.ram.collisions == 0);
  nic_fifo_free(&f);
  printf("test_nic_ram: %s\n", fails ? "FAIL" : "pass");
  return fails != 0;
}
