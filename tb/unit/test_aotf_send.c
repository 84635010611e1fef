// SPDX-License-Identifier: Apache-2.0
/* Unit tests of the AOTF send-path C models: exhaustive kick decode against a byte-loop
 * reference, and a cycle-level smoke test of aotf_send (init sweep, one mapped page, latency
 * 5 cycles from the store handshake to the first beat, 1 beat/cycle with a backlog). */
#include <stdio.h>
#include <string.h>
#include "aotf_kick_decode.h"
#include "aotf_send.h"
#include "nic_pkg.h"

static int fails;
#define CHECK(c, ...)                        \
  do {                                       \
    if (!(c)) {                              \
      if (fails++ < 10) {                    \
        fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);        \
        fprintf(stderr, "\n");               \
      }                                      \
    }                                        \
  } while (0)

static void test_decode(void) {
  for (uint32_t be = 0; be < 256; be++)
    for (uint32_t lo = 0; lo < 8; lo++)
      for (uint32_t win = 7; win <= 8; win++) {
        aotf_kick_decode_in_t in = {(8u << 28) | (0xA5u << 20) | (0x3Cu << 12) | (0x7F8u) | lo, be, win, 8,
                                    0x0807060504030201ull};
        aotf_kick_decode_out_t o;
        aotf_kick_decode_eval(3, &in, &o);
        int first = -1, last = -1, n = 0;
        for (int i = 0; i < 8; i++)
          if ((be >> i) & 1) { if (first < 0) first = i; last = i; n++; }
        int contig = n > 0 && last - first + 1 == n;
        int e_al = lo != 0, e_win = !e_al && win != 8, e_be = !e_al && !e_win && !contig;
        CHECK(o.err_align == e_al && o.err_window == e_win && o.err_be == e_be && o.ok == (!e_al && !e_win && contig),
              "decode class be=%02x lo=%u win=%u", be, lo, win);
        if (o.ok) {
          uint64_t d = 0;
          for (int i = 0; i < n; i++) d |= (uint64_t)(first + i + 1) << (8 * i);
          CHECK(o.len == (uint32_t)n && o.off == (0x7F8u | (uint32_t)first) && o.data == d && o.user == 5 &&
                    o.page == 0xA53C,
                "decode fields be=%02x", be);
        }
      }
}

typedef struct {
  aotf_send_t m;
  aotf_send_in_t in;
  aotf_send_out_t out;
  uint64_t cycle;
} tb_t;

static void step(tb_t *t) {
  aotf_send_eval(&t->m, &t->in, &t->out);
  aotf_send_tick(&t->m, &t->in);
  t->cycle++;
}
static void csr_wr(tb_t *t, uint32_t a, uint32_t d) {
  t->in.csr_req_i = 1;
  t->in.csr_we_i = 1;
  t->in.csr_addr_i = a;
  t->in.csr_wdata_i = d;
  step(t);
  t->in.csr_req_i = t->in.csr_we_i = 0;
}

static void test_send(void) {
  static tb_t t;
  memset(&t, 0, sizeof(t));
  aotf_send_cfg_t cfg = {8, 2048, 256, 4, 0, 1024};
  CHECK(aotf_send_init(&t.m, &cfg, 42) == 0, "init");
  t.in.m_axis_tready = 1;
  for (int i = 0; i < 3; i++) step(&t); /* rst_ni = 0 */
  t.in.rst_ni = 1;
  int n = 0;
  do { step(&t); n++; } while (t.out.dbg_init_o && n < 1000);
  CHECK(n >= 256 && n <= 258, "init sweep took %d cycles", n);
  uint32_t page = 0x4A17, set = page & 0xFF, way = 2;
  for (uint32_t w = 0; w < 4; w++) {
    csr_wr(&t, CSR_AOTF_SEND_HTLB_IDX, (set << AOTF_SEND_HTLB_IDX_SET_LSB) | (way << AOTF_SEND_HTLB_IDX_WAY_LSB) |
                                           (w << AOTF_SEND_HTLB_IDX_WORD_LSB));
    csr_wr(&t, CSR_AOTF_SEND_SEED_LO, 0x11110000u + w);
    csr_wr(&t, CSR_AOTF_SEND_SEED_HI, 0x22220000u + w);
  }
  csr_wr(&t, CSR_AOTF_SEND_HTLB_IDX, (set << AOTF_SEND_HTLB_IDX_SET_LSB) | (way << AOTF_SEND_HTLB_IDX_WAY_LSB));
  csr_wr(&t, CSR_AOTF_SEND_HTLB_TAG, (1u << AOTF_SEND_HTLB_TAG_VALID_LSB) | (page >> 8));
  for (int i = 0; i < 5; i++) step(&t);
  /* one kick: 3 bytes at lane 2 of offset 0x120 */
  t.in.st_valid_i = 1;
  t.in.st_addr_i = (8u << 28) | (page << 12) | 0x120;
  t.in.st_be_i = 0x1C;
  t.in.st_data_i = 0x8877665544332211ull;
  aotf_send_eval(&t.m, &t.in, &t.out);
  CHECK(t.out.st_ready_o, "st_ready_o");
  uint64_t t0 = t.cycle;
  step(&t);
  t.in.st_valid_i = 0;
  uint64_t first = 0, beats = 0;
  uint64_t exp[5] = {0x2222000011110000ull | (1ull << AOTF_HDR_FLAGS_LSB), 0x2222000111110000ull | 0x122,
                     0x2222000211110000ull | 3, 0x2222000311110003ull, 0x554433};
  for (int i = 0; i < 40; i++) {
    aotf_send_eval(&t.m, &t.in, &t.out);
    if (t.out.m_axis_tvalid) {
      if (!first) first = t.cycle;
      if (beats < 5) {
        CHECK(t.out.m_axis_tdata == exp[beats], "beat %llu data %016llx expected %016llx", (unsigned long long)beats,
              (unsigned long long)t.out.m_axis_tdata, (unsigned long long)exp[beats]);
        CHECK(t.out.m_axis_tkeep == (beats == 4 ? 0x7u : 0xFFu), "beat %llu tkeep", (unsigned long long)beats);
        CHECK(t.out.m_axis_tlast == (beats == 4), "beat %llu tlast", (unsigned long long)beats);
      }
      beats++;
    }
    step(&t);
  }
  CHECK(first - t0 == 5, "latency %llu (expected 5)", (unsigned long long)(first - t0));
  CHECK(beats == 5, "beats %llu", (unsigned long long)beats);
  /* backlog of 20 kicks: 100 beats in 100 consecutive cycles */
  uint64_t run = 0, best = 0;
  for (int i = 0; i < 220; i++) {
    t.in.st_valid_i = i < 20;
    t.in.st_be_i = 0xFF;
    aotf_send_eval(&t.m, &t.in, &t.out);
    run = t.out.m_axis_tvalid ? run + 1 : 0;
    if (run > best) best = run;
    step(&t);
  }
  CHECK(best == 100, "longest beat run %llu (expected 100)", (unsigned long long)best);
  CHECK(aotf_send_collisions(&t.m) == 0, "RAM collisions");
  aotf_send_free(&t.m);
}

/* the refill walker: a kick to a page only the HTT holds is sent without software, with the
 * entry's 16-byte header format (2 header beats: offset at byte 8, length at byte 11) */
static void test_walk_hdr16(void) {
  static tb_t t;
  memset(&t, 0, sizeof(t));
  aotf_send_cfg_t cfg = {8, 2048, 256, 4, 0, 1024};
  CHECK(aotf_send_init(&t.m, &cfg, 7) == 0, "init");
  t.in.m_axis_tready = 1;
  for (int i = 0; i < 3; i++) step(&t);
  t.in.rst_ni = 1;
  for (int n = 0; n < 300; n++) step(&t);
  uint32_t page = 0x3C81, e = page & 1023;
  uint32_t fmt = (1u << 12) | (1u << 10) | (8u << 5) | 11u;
  csr_wr(&t, CSR_AOTF_SEND_HTT_IDX, e << AOTF_SEND_HTT_IDX_ENTRY_LSB);
  csr_wr(&t, CSR_AOTF_SEND_HTT_TAG, page);
  for (uint32_t w = 0; w < 4; w++) {
    csr_wr(&t, CSR_AOTF_SEND_HTT_IDX, (e << AOTF_SEND_HTT_IDX_ENTRY_LSB) | (w << AOTF_SEND_HTT_IDX_WORD_LSB));
    csr_wr(&t, CSR_AOTF_SEND_HTT_SEED_LO, 0xA0A00000u + w);
    csr_wr(&t, CSR_AOTF_SEND_HTT_SEED_HI, 0xB0B00000u + w);
  }
  csr_wr(&t, CSR_AOTF_SEND_HTT_TAG, (fmt << AOTF_SEND_HTT_TAG_LPOS_LSB) | (1u << AOTF_SEND_HTT_TAG_VALID_LSB) | page);
  csr_wr(&t, CSR_AOTF_SEND_CTRL, (8u << AOTF_SEND_CTRL_WINDOW_LSB) | (1u << AOTF_SEND_CTRL_WALK_EN_LSB));
  t.in.st_valid_i = 1;
  t.in.st_addr_i = (8u << 28) | (page << 12) | 0x5A8;
  t.in.st_be_i = 0x03;
  t.in.st_data_i = 0xBEEF;
  step(&t);
  t.in.st_valid_i = 0;
  /* word 1 = 0xB0B00001A0A00001 with byte 8 (its byte 0) = 0xA8, the low nibble of byte 9 = 0x5
   * (its high nibble stays), byte 11 (its byte 3) = the length 2 */
  uint64_t exp[3] = {0xB0B00000A0A00000ull | (1ull << AOTF_HDR_FLAGS_LSB), 0xB0B0000102A005A8ull, 0xBEEF};
  uint64_t beats = 0;
  for (int i = 0; i < 80; i++) {
    aotf_send_eval(&t.m, &t.in, &t.out);
    if (t.out.m_axis_tvalid) {
      if (beats < 3)
        CHECK(t.out.m_axis_tdata == exp[beats], "walk beat %llu data %016llx expected %016llx", (unsigned long long)beats,
              (unsigned long long)t.out.m_axis_tdata, (unsigned long long)exp[beats]);
      CHECK(t.out.m_axis_tlast == (beats == 2), "walk beat %llu tlast", (unsigned long long)beats);
      beats++;
    }
    step(&t);
  }
  CHECK(beats == 3, "walk beats %llu", (unsigned long long)beats);
  CHECK(!t.out.irq_o && !(t.out.dbg_status_o & (1u << AOTF_SEND_STATUS_IRQ_MISS_LSB)), "walk: no miss interrupt");
  CHECK(aotf_send_collisions(&t.m) == 0, "RAM collisions");
  aotf_send_free(&t.m);
}

int main(void) {
  test_decode();
  test_send();
  test_walk_hdr16();
  printf("test_aotf_send: %s (%d failures)\n", fails ? "FAIL" : "pass", fails);
  return fails != 0;
}
