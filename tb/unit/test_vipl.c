// SPDX-License-Identifier: Apache-2.0
/* Unit test of the software-only parts of VIPL and Comet-FM (sw/vipl.c, sw/comet_fm.c):
 * segment splitting, page table / pinning / translation cache, descriptor layout, error codes,
 * and an end-to-end FM exchange on a small FUNCTIONAL fake of comet_hw defined here (doorbell
 * write -> after FAKE_LAT cycles the descriptor is read from host memory, the message is routed
 * by its FM header to the other node's first posted receive descriptor of VI 0, Status/Length
 * are written back). The fake is not the engine: the engine is tested by its own benches; this
 * only checks that the library drives the documented descriptor / doorbell / CSR interface.
 * Built by scripts/run_tests.sh like every tb/unit/test_*.c (all cmodel sources linked, no comet_hw). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../sw/vipl.c"
#include "../../sw/comet_fm.c"

static int fails;
#define CHECK(c)                                                   \
  do {                                                             \
    if (!(c)) {                                                    \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); \
      fails++;                                                     \
    }                                                              \
  } while (0)
#define CHECK_EQ(a, b)                                                                                \
  do {                                                                                                \
    long long _a = (long long)(a), _b = (long long)(b);                                               \
    if (_a != _b) {                                                                                   \
      fprintf(stderr, "FAIL %s:%d: %s = %lld, expected %lld\n", __FILE__, __LINE__, #a, _a, _b);      \
      fails++;                                                                                        \
    }                                                                                                 \
  } while (0)

/* ---------------- functional fake of comet_hw ---------------- */
#define FAKE_MEM (1u << 20)
#define FAKE_DBQ 16u
struct comet_hw {
  uint64_t cycle, lat;
  uint8_t *mem[2];
  struct {
    uint32_t pa[FAKE_DBQ];
    uint64_t due[FAKE_DBQ];
    unsigned h, n;
  } db[2][8];
  uint32_t nt_idx[2], nt_ip[2][256], nt_valid[2][256], rx_node[2], no_desc[2], ovf[2];
  uint64_t frames[2];
};

comet_hw_t *comet_hw_open(const char *backend, uint64_t seed, const char *fst) {
  (void)backend, (void)seed, (void)fst;
  comet_hw_t *h = calloc(1, sizeof *h);
  h->mem[0] = calloc(1, FAKE_MEM);
  h->mem[1] = calloc(1, FAKE_MEM);
  h->lat = 40;
  return h;
}
void comet_hw_close(comet_hw_t *h) {
  free(h->mem[0]);
  free(h->mem[1]);
  free(h);
}
uint8_t *comet_hw_mem(comet_hw_t *h, int node, uint32_t *size) {
  *size = FAKE_MEM;
  return h->mem[node];
}
uint64_t comet_hw_cycle(const comet_hw_t *h) { return h->cycle; }
int comet_hw_nodes(const comet_hw_t *h) { return (void)h, 2; }
int comet_hw_irq(const comet_hw_t *h, int node) { return (void)h, (void)node, 0; }
uint64_t comet_hw_frames(const comet_hw_t *h, int from) { return h->frames[from]; }
int comet_hw_pcap(comet_hw_t *h, const char *p) { return (void)h, (void)p, -1; }

static uint64_t f_rd64(const uint8_t *m, uint32_t a) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)m[a + i] << (8 * i);
  return v;
}
static void f_wr64(uint8_t *m, uint32_t a, uint64_t v) {
  for (int i = 0; i < 8; i++) m[a + i] = (uint8_t)(v >> (8 * i));
}
static void f_status(uint8_t *m, uint32_t d, uint32_t st, uint32_t len) {
  f_wr64(m, d + 24, ((uint64_t)st << 32) | len);
}
static int f_pop(comet_hw_t *h, int node, int db, uint32_t *pa) {
  if (!h->db[node][db].n) return 0;
  *pa = h->db[node][db].pa[h->db[node][db].h];
  h->db[node][db].h = (h->db[node][db].h + 1) % FAKE_DBQ;
  h->db[node][db].n--;
  return 1;
}
/* one send descriptor: gather, route, deliver */
static void f_send(comet_hw_t *h, int node, uint32_t d) {
  uint8_t *m = h->mem[node], msg[70000];
  unsigned ns = (unsigned)(f_rd64(m, d + 8) >> 32) & 0xFFFFu;
  uint32_t len = (uint32_t)f_rd64(m, d + 24), tot = 0;
  if (ns == 0 || ns > 16) return f_status(m, d, 3, 0);
  for (unsigned i = 0; i < ns; i++) {
    uint32_t a = (uint32_t)f_rd64(m, d + 32 + 16 * i), l = (uint32_t)(f_rd64(m, d + 40 + 16 * i) >> 32);
    if (a + l > FAKE_MEM || tot + l > sizeof msg) return f_status(m, d, 9, 0);
    memcpy(msg + tot, m + a, l);
    tot += l;
  }
  if (tot != len) return f_status(m, d, 5, 0);
  unsigned dst = msg[0] | msg[1] << 8;
  if (dst >= 256 || !h->nt_valid[node][dst] || len < 8) return f_status(m, d, 1 | 0x10 | 0x100, len);
  f_status(m, d, 1, len);
  h->frames[node]++;
  int o = 1 - node;
  if (h->rx_node[o] != dst) return;
  uint32_t r;
  if (!f_pop(h, o, 3, &r)) {
    h->no_desc[o]++;
    return;
  }
  uint8_t *rm = h->mem[o];
  unsigned rn = (unsigned)(f_rd64(rm, r + 8) >> 32) & 0xFFFFu;
  uint32_t put = 0;
  for (unsigned i = 0; i < rn && put < len; i++) {
    uint32_t a = (uint32_t)f_rd64(rm, r + 32 + 16 * i), l = (uint32_t)(f_rd64(rm, r + 40 + 16 * i) >> 32);
    if (l > len - put) l = len - put;
    memcpy(rm + a, msg + put, l);
    put += l;
  }
  f_status(rm, r, put < len ? 0x21 : 1, put);
}
void comet_hw_tick(comet_hw_t *h, uint64_t c) {
  h->cycle += c;
  for (int node = 0; node < 2; node++)
    for (int vi = 0; vi < 3; vi++) {
      uint32_t d;
      while (h->db[node][2 + 2 * vi].n && h->db[node][2 + 2 * vi].due[h->db[node][2 + 2 * vi].h] <= h->cycle &&
             f_pop(h, node, 2 + 2 * vi, &d))
        f_send(h, node, d);
    }
}
void comet_hw_csr_write(comet_hw_t *h, int node, uint32_t a, uint32_t v) {
  comet_hw_tick(h, 2);
  if (a >= CSR_BASE_COMET_VIA + CSR_COMET_VIA_DB0 && a <= CSR_BASE_COMET_VIA + CSR_COMET_VIA_DB7) {
    int db = (int)(a - CSR_BASE_COMET_VIA - CSR_COMET_VIA_DB0) / 4;
    if (h->db[node][db].n == FAKE_DBQ) {
      h->ovf[node]++;
      return;
    }
    unsigned t = (h->db[node][db].h + h->db[node][db].n) % FAKE_DBQ;
    h->db[node][db].pa[t] = v;
    h->db[node][db].due[t] = h->cycle + h->lat;
    h->db[node][db].n++;
  } else if (a == CSR_BASE_COMET + CSR_COMET_TX_NT_IDX) {
    h->nt_idx[node] = v & 0xFF;
  } else if (a == CSR_BASE_COMET + CSR_COMET_TX_NT_IP) {
    h->nt_ip[node][h->nt_idx[node]] = v;
  } else if (a == CSR_BASE_COMET + CSR_COMET_TX_NT_VALID) {
    h->nt_valid[node][h->nt_idx[node]] = v & 1;
  } else if (a == CSR_BASE_COMET + CSR_COMET_RX_NODE) {
    h->rx_node[node] = v & 0xFFFF;
  }
}
uint32_t comet_hw_csr_read(comet_hw_t *h, int node, uint32_t a) {
  comet_hw_tick(h, 2);
  switch (a) {
  case CSR_BASE_COMET_VIA + CSR_COMET_VIA_ID: return COMET_VIA_ID_ID_RESET;
  case CSR_BASE_COMET_VIA + CSR_COMET_VIA_PARAMS: return 0x03101008u;
  case CSR_BASE_COMET + CSR_COMET_TX_STATUS: return 0;
  case CSR_BASE_COMET + CSR_COMET_TX_NT_IP: return h->nt_ip[node][h->nt_idx[node]];
  case CSR_BASE_COMET_VIA + CSR_COMET_VIA_CNT_RX_NO_DESC: return h->no_desc[node];
  default: return CSR_UNMAPPED;
  }
}

/* ---------------- tests ---------------- */

static void test_split(void) {
  vipl_seg_t s[20];
  uint32_t pages[4] = {0x5000, 0x6000, 0x2000, 0x3000};
  /* contiguous pairs merge: [0x5000,0x6000] and [0x2000,0x3000] */
  int n = vipl_split_phys(VIPL_VA_BASE + 0x100, 4 * 4096 - 0x100, pages, 4, s, 20);
  CHECK_EQ(n, 2);
  CHECK_EQ(s[0].pa, 0x5100);
  CHECK_EQ(s[0].len, 2 * 4096 - 0x100);
  CHECK_EQ(s[1].pa, 0x2000);
  CHECK_EQ(s[1].len, 2 * 4096);
  /* inside one page */
  n = vipl_split_phys(VIPL_VA_BASE + 4096 + 10, 100, pages + 1, 1, s, 20);
  CHECK_EQ(n, 1);
  CHECK_EQ(s[0].pa, 0x600A);
  CHECK_EQ(s[0].len, 100);
  /* crossing one non-adjacent boundary by one byte */
  uint32_t p2[2] = {0x9000, 0x4000};
  n = vipl_split_phys(VIPL_VA_BASE + 4095, 2, p2, 2, s, 20);
  CHECK_EQ(n, 2);
  CHECK_EQ(s[0].pa, 0x9FFF);
  CHECK_EQ(s[0].len, 1);
  CHECK_EQ(s[1].pa, 0x4000);
  CHECK_EQ(s[1].len, 1);
  CHECK_EQ(vipl_split_phys(VIPL_VA_BASE + 4095, 2, p2, 2, s, 1), -1); /* too many segments */
  CHECK_EQ(vipl_split_phys(VIPL_VA_BASE, 0, p2, 2, s, 4), -1);
  CHECK_EQ(vipl_split_phys(VIPL_VA_BASE, 3 * 4096, p2, 2, s, 4), -1); /* pages missing */
  /* 17 physically contiguous pages: one 65535-byte segment cap */
  uint32_t p17[17];
  for (int i = 0; i < 17; i++) p17[i] = 0x10000u + 4096u * (uint32_t)i;
  n = vipl_split_phys(VIPL_VA_BASE, 65535, p17, 17, s, 20);
  CHECK_EQ(n, 1);
  CHECK_EQ(s[0].len, 65535);
  n = vipl_split_phys(VIPL_VA_BASE + 1, 65535 + 4000, p17, 17, s, 20);
  CHECK_EQ(n, 2);
  CHECK_EQ(s[0].len, 65535);
  CHECK_EQ(s[1].pa, 0x10001u + 65535u);
  CHECK_EQ(s[1].len, 4000);
}

static vipl_config_t cfg_of(int node, int contig) {
  vipl_config_t c = {node, 7, contig, VIPL_COST_DEFAULT_INIT};
  return c;
}

static void test_nic_vi_mem(comet_hw_t *hw) {
  VIP_NIC_HANDLE nic;
  vipl_config_t c = cfg_of(0, 0);
  CHECK_EQ(VipOpenNic(NULL, &c, &nic), VIP_INVALID_PARAMETER);
  CHECK_EQ(VipOpenNic(hw, &c, &nic), VIP_SUCCESS);
  VIP_VI_ATTRIBUTES a = {VIP_SERVICE_UNRELIABLE, 1472, 0, 0, 0, 0};
  VIP_VI_HANDLE vi[4];
  VIP_VI_ATTRIBUTES bad = a;
  bad.ReliabilityLevel = VIP_SERVICE_RELIABLE_DELIVERY;
  CHECK_EQ(VipCreateVi(nic, &bad, NULL, NULL, &vi[0]), VIP_INVALID_RELIABILITY_LEVEL);
  bad = a;
  bad.MaxTransferSize = 1473;
  CHECK_EQ(VipCreateVi(nic, &bad, NULL, NULL, &vi[0]), VIP_INVALID_MTU);
  bad = a;
  bad.EnableRdmaRead = 1;
  CHECK_EQ(VipCreateVi(nic, &bad, NULL, NULL, &vi[0]), VIP_INVALID_RDMAREAD);
  CHECK_EQ(VipCreateVi(nic, &a, (VIP_CQ_HANDLE)&a, NULL, &vi[0]), VIP_ERROR_NOT_SUPPORTED);
  CHECK_EQ(VipCreateVi(NULL, &a, NULL, NULL, &vi[0]), VIP_INVALID_PARAMETER);
  for (int i = 0; i < 3; i++) CHECK_EQ(VipCreateVi(nic, &a, NULL, NULL, &vi[i]), VIP_SUCCESS);
  CHECK_EQ(VipCreateVi(nic, &a, NULL, NULL, &vi[3]), VIP_ERROR_RESOURCE); /* 8 doorbells -> 3 VIs */
  CHECK_EQ(vipl_vi_number(vi[2]), 2);
  CHECK_EQ(VipDestroyVi(vi[1]), VIP_SUCCESS);
  CHECK_EQ(VipDestroyVi(vi[1]), VIP_INVALID_PARAMETER); /* stale handle */
  VIP_VADDR dummy;
  CHECK_EQ(VipSendDone(vi[1], &dummy), VIP_INVALID_PARAMETER);
  CHECK_EQ(VipPostSend(NULL, 0, 0), VIP_INVALID_PARAMETER);

  /* memory: 8 scattered pages */
  VIP_VADDR buf, dbuf;
  CHECK_EQ(vipl_valloc(nic, 8 * 4096, &buf), VIP_SUCCESS);
  CHECK_EQ(vipl_valloc(nic, 4096, &dbuf), VIP_SUCCESS);
  int adjacent = 0;
  for (int i = 0; i < 7; i++)
    adjacent += vipl_vm_phys(nic, buf + 4096u * (i + 1)) == vipl_vm_phys(nic, buf + 4096u * i) + 4096;
  CHECK(adjacent < 7); /* scattered placement */
  VIP_MEM_HANDLE mh, dmh;
  CHECK_EQ(VipRegisterMem(nic, buf + 100, 0, NULL, &mh), VIP_INVALID_PARAMETER);
  CHECK_EQ(VipRegisterMem(nic, VIPL_VA_BASE + 512u * 4096u, 10, NULL, &mh), VIP_INVALID_PARAMETER); /* unmapped */
  CHECK_EQ(VipRegisterMem(nic, buf, 8 * 4096, NULL, &mh), VIP_SUCCESS);
  CHECK_EQ(VipRegisterMem(nic, dbuf, 4096, NULL, &dmh), VIP_SUCCESS);
  VIP_DESCRIPTOR d;
  memset(&d, 0, sizeof d);
  d.CS.SegCount = 1;
  d.DS[0].Data = buf + 4000;
  d.DS[0].Handle = mh;
  d.DS[0].Length = 5000; /* pages 0,1,2 */
  unsigned ns = 0;
  CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, &ns), VIP_SUCCESS);
  VIP_CONTROL_SEGMENT cs;
  VIP_DATA_SEGMENT ds[16];
  CHECK_EQ(vipl_desc_read(nic, dbuf, &cs, ds), VIP_SUCCESS);
  CHECK_EQ(cs.SegCount, ns);
  CHECK_EQ(cs.Length, 5000);
  CHECK_EQ(cs.Status, 0);
  {
    /* the physical segments cover exactly the bytes of the buffer, in order */
    uint32_t off = 0;
    for (unsigned i = 0; i < ns; i++) {
      CHECK_EQ(ds[i].Data, vipl_vm_phys(nic, buf + 4000 + off));
      CHECK_EQ(ds[i].Handle, mh);
      off += ds[i].Length;
    }
    CHECK_EQ(off, 5000);
    unsigned expect = 1 + (vipl_vm_phys(nic, buf + 4096) != vipl_vm_phys(nic, buf) + 4096) +
                      (vipl_vm_phys(nic, buf + 8192) != vipl_vm_phys(nic, buf + 4096) + 4096);
    CHECK_EQ(ns, expect);
  }
  /* the raw layout against nic_pkg.h: word 1 SegCount, segment 0 address/length */
  {
    uint32_t pa = vipl_vm_phys(nic, dbuf);
    uint64_t w1 = rd64(nic, pa + 8 * VIA_DESC_HDR_SEG_COUNT_WORD);
    CHECK_EQ((w1 >> VIA_DESC_HDR_SEG_COUNT_LSB) & 0xFFFF, ns);
    CHECK_EQ(rd64(nic, pa + 32), vipl_vm_phys(nic, buf + 4000));
    CHECK_EQ(rd64(nic, pa + 40) >> VIA_SEG_HDR_LENGTH_LSB, ds[0].Length);
  }
  /* errors: unregistered buffer, handle of another region, outside region, bad lengths */
  d.DS[0].Handle = dmh;
  CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_INVALID_PARAMETER);
  d.DS[0].Handle = mh;
  d.DS[0].Data = buf + 8 * 4096 - 10;
  d.DS[0].Length = 11;
  CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_INVALID_PARAMETER);
  d.DS[0].Length = 0;
  CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_DESCRIPTOR_ERROR);
  d.CS.SegCount = 17;
  CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_DESCRIPTOR_ERROR);
  /* too many physical segments: 16 buffers each crossing a non-adjacent page boundary */
  {
    VIP_VADDR sc;
    VIP_MEM_HANDLE scm;
    vipl_config_t cc = c;
    (void)cc;
    CHECK_EQ(vipl_valloc(nic, 17 * 4096, &sc), VIP_SUCCESS);
    CHECK_EQ(VipRegisterMem(nic, sc, 17 * 4096, NULL, &scm), VIP_SUCCESS);
    unsigned crossings = 0;
    memset(&d, 0, sizeof d);
    d.CS.SegCount = 16;
    for (unsigned i = 0; i < 16; i++) {
      d.DS[i].Data = sc + 4096u * (i + 1) - 8;
      d.DS[i].Handle = scm;
      d.DS[i].Length = 16;
      crossings += vipl_vm_phys(nic, sc + 4096u * (i + 1)) != vipl_vm_phys(nic, sc + 4096u * i) + 4096;
    }
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, &ns), crossings ? VIP_DESCRIPTOR_ERROR : VIP_SUCCESS);
    CHECK(crossings > 0);
    /* descriptor that would leave its page */
    d.CS.SegCount = 1;
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf + 4096 - 40, dmh, &d, NULL), VIP_INVALID_PARAMETER);
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf + 4, dmh, &d, NULL), VIP_INVALID_PARAMETER); /* misaligned */
    CHECK_EQ(VipDeregisterMem(nic, sc, scm), VIP_SUCCESS);
    CHECK_EQ(VipDeregisterMem(nic, sc, scm), VIP_INVALID_PARAMETER); /* stale handle */
    CHECK_EQ(vipl_vfree(nic, sc), VIP_SUCCESS);
  }
  /* pinning and the translation cache */
  {
    VIP_VADDR p;
    VIP_MEM_HANDLE pm;
    CHECK_EQ(vipl_valloc(nic, 4096, &p), VIP_SUCCESS);
    CHECK_EQ(vipl_vwrite(nic, p + 10, "pinned", 7), VIP_SUCCESS);
    CHECK_EQ(VipRegisterMem(nic, p, 4096, NULL, &pm), VIP_SUCCESS);
    CHECK_EQ(vipl_vm_migrate(nic, p), VIP_ERROR_RESOURCE); /* pinned pages do not move */
    CHECK_EQ(vipl_vfree(nic, p), VIP_INVALID_STATE);
    memset(&d, 0, sizeof d);
    d.CS.SegCount = 1;
    d.DS[0].Data = p + 10;
    d.DS[0].Handle = pm;
    d.DS[0].Length = 7;
    vipl_stats_t st0, st1;
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_SUCCESS);
    vipl_stats(nic, &st0);
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_SUCCESS); /* cached now */
    vipl_stats(nic, &st1);
    CHECK_EQ(st1.tc_misses, st0.tc_misses);
    CHECK(st1.tc_hits > st0.tc_hits);
    uint32_t old = vipl_vm_phys(nic, p);
    CHECK_EQ(VipDeregisterMem(nic, p, pm), VIP_SUCCESS);
    vipl_stats(nic, &st0);
    CHECK(st0.tc_flushed > st1.tc_flushed);
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_INVALID_PARAMETER); /* deregistered above */
    CHECK_EQ(vipl_vm_migrate(nic, p), VIP_SUCCESS);
    CHECK(vipl_vm_phys(nic, p) != old);
    char back[7];
    CHECK_EQ(vipl_vread(nic, p + 10, back, 7), VIP_SUCCESS);
    CHECK(!memcmp(back, "pinned", 7));
    CHECK_EQ(VipRegisterMem(nic, p, 4096, NULL, &pm), VIP_SUCCESS);
    d.DS[0].Handle = pm;
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_SUCCESS);
    CHECK_EQ(vipl_desc_read(nic, dbuf, &cs, ds), VIP_SUCCESS);
    CHECK_EQ(ds[0].Data, vipl_vm_phys(nic, p + 10)); /* new frame, not the stale cached one */
    CHECK_EQ(VipDeregisterMem(nic, p, pm), VIP_SUCCESS);
  }
  /* post / done / wait / queue full / timeout on VI 0 (nothing arrives: VI 0 receive) */
  {
    memset(&d, 0, sizeof d);
    d.CS.SegCount = 1;
    d.DS[0].Data = buf;
    d.DS[0].Handle = mh;
    d.DS[0].Length = 64;
    VIP_VADDR q;
    CHECK_EQ(VipRecvWait(vi[0], 100, &q), VIP_INVALID_STATE); /* nothing posted */
    CHECK_EQ(vipl_cbuf_setup(nic, dbuf, dmh, &d, NULL), VIP_SUCCESS);
    CHECK_EQ(VipPostRecv(vi[0], dbuf + 8, dmh), VIP_DESCRIPTOR_ERROR); /* no descriptor there: SegCount 0 */
    CHECK_EQ(VipPostRecv(vi[0], dbuf, mh), VIP_INVALID_PARAMETER);     /* wrong region */
    int full = 0;
    for (int i = 0; i < 17; i++) {
      VIP_RETURN r = VipPostRecv(vi[0], dbuf, dmh);
      if (i < 16) CHECK_EQ(r, VIP_SUCCESS);
      else full = r == VIP_ERROR_RESOURCE;
    }
    CHECK(full);
    CHECK_EQ(VipRecvDone(vi[0], &q), VIP_NOT_DONE);
    uint64_t t0 = vipl_now(nic);
    CHECK_EQ(VipRecvWait(vi[0], 500, &q), VIP_TIMEOUT);
    CHECK(vipl_now(nic) - t0 >= 500);
    CHECK_EQ(VipDestroyVi(vi[0]), VIP_INVALID_STATE);
  }
  CHECK_EQ(VipCloseNic(nic), VIP_SUCCESS);
}

/* ---- FM end to end on the fake ---- */
typedef struct {
  uint8_t exp[64][FM_MAX_PAYLOAD];
  unsigned exp_len[64], exp_src, head, tail, got, bad;
} rx_t;
static void h_check(comet_fm_t *fm, void *ctx, int src, const void *buf, unsigned len) {
  rx_t *r = ctx;
  (void)fm;
  if (r->head == r->tail || (unsigned)src != r->exp_src || len != r->exp_len[r->head % 64] ||
      memcmp(buf, r->exp[r->head % 64], len))
    r->bad++;
  r->head++;
  r->got++;
}
typedef struct {
  comet_fm_t *peer;
} hook_t;
static void hook_extract(void *ctx) { FM_extract(((hook_t *)ctx)->peer, 0); }

static void test_fm(comet_hw_t *hw) {
  VIP_NIC_HANDLE nic[2];
  comet_fm_t *fm[2];
  fm_node_addr_t tab[2] = {{0x0A000001u, 0x020000000001ull, 19779}, {0x0A000002u, 0x020000000002ull, 19779}};
  for (int i = 0; i < 2; i++) {
    vipl_config_t c = cfg_of(i, 0);
    CHECK_EQ(VipOpenNic(hw, &c, &nic[i]), VIP_SUCCESS);
    fm_config_t fc = {i, 2, tab, 5, 16, 1000000, FM_COST_DEFAULT_INIT};
    CHECK_EQ(FM_initialize(nic[i], &fc, &fm[i]), FM_SUCCESS);
  }
  CHECK_EQ(vipl_link_peer(nic[0], nic[1]), VIP_SUCCESS);
  CHECK_EQ(vipl_link_peer(nic[0], nic[0]), VIP_INVALID_PARAMETER);
  fm_config_t badc = {3, 2, tab, 5, 16, 0, FM_COST_ZERO_INIT};
  comet_fm_t *x;
  CHECK_EQ(FM_initialize(nic[0], &badc, &x), FM_BAD_PARAM);
  static rx_t rx[2];
  memset(rx, 0, sizeof rx);
  rx[0].exp_src = 1;
  rx[1].exp_src = 0;
  CHECK_EQ(FM_set_handler(fm[0], 7, h_check, &rx[0]), FM_SUCCESS);
  CHECK_EQ(FM_set_handler(fm[1], 7, h_check, &rx[1]), FM_SUCCESS);
  CHECK_EQ(FM_set_handler(fm[1], 64, h_check, &rx[1]), FM_BAD_PARAM);
  hook_t hk[2] = {{fm[1]}, {fm[0]}};
  FM_set_idle_hook(fm[0], hook_extract, &hk[0]);
  FM_set_idle_hook(fm[1], hook_extract, &hk[1]);
  VIP_VADDR sb[2];
  for (int i = 0; i < 2; i++) {
    CHECK_EQ(vipl_valloc(nic[i], 3 * 4096, &sb[i]), VIP_SUCCESS);
    CHECK_EQ(FM_send_nw(fm[i], 1 - i, 7, sb[i], 10, NULL), FM_NOT_REGISTERED);
    CHECK_EQ(FM_register(fm[i], sb[i], 3 * 4096), FM_SUCCESS);
  }
  CHECK_EQ(FM_send_nw(fm[0], 1, 7, sb[0], 0, NULL), FM_BAD_PARAM);
  CHECK_EQ(FM_send_nw(fm[0], 1, 7, sb[0], 1465, NULL), FM_BAD_PARAM);
  CHECK_EQ(FM_send_nw(fm[0], 1, 64, sb[0], 10, NULL), FM_BAD_PARAM);
  /* exchange: 60 messages each way, sizes 1..1464, offsets crossing page boundaries */
  uint64_t seed = 12345;
  unsigned sent[2] = {0, 0};
  for (unsigned k = 0; k < 120; k++) {
    int s = (int)(k & 1), r = 1 - s;
    unsigned len = 1 + (unsigned)(rng_next(&seed) % FM_MAX_PAYLOAD);
    if (k < 4) len = k < 2 ? 1 : FM_MAX_PAYLOAD;
    unsigned off = (unsigned)(rng_next(&seed) % (2 * 4096));
    /* a buffer handed to FM_send_nw may not be touched until FM_wait: wait before reuse */
    CHECK_EQ(FM_wait(fm[s]), FM_SUCCESS);
    uint8_t data[FM_MAX_PAYLOAD];
    for (unsigned i = 0; i < len; i++) data[i] = (uint8_t)rng_next(&seed);
    CHECK_EQ(vipl_vwrite(nic[s], sb[s] + off, data, len), VIP_SUCCESS);
    memcpy(rx[r].exp[rx[r].tail % 64], data, len);
    rx[r].exp_len[rx[r].tail % 64] = len;
    rx[r].tail++;
    fm_handle_t h;
    CHECK_EQ(FM_send_nw(fm[s], (unsigned)r, 7, sb[s] + off, len, &h), FM_SUCCESS);
    CHECK_EQ(h, sent[s]);
    sent[s]++;
    FM_extract(fm[r], 0);
  }
  CHECK_EQ(FM_wait(fm[0]), FM_SUCCESS);
  CHECK_EQ(FM_wait(fm[1]), FM_SUCCESS);
  for (int it = 0; it < 100 && (rx[0].got < 60 || rx[1].got < 60); it++) {
    comet_hw_tick(hw, 100);
    FM_extract(fm[0], 0);
    FM_extract(fm[1], 0);
  }
  CHECK_EQ(rx[0].got, 60);
  CHECK_EQ(rx[1].got, 60);
  CHECK_EQ(rx[0].bad + rx[1].bad, 0);
  fm_stats_t st;
  FM_stats(fm[0], &st);
  CHECK_EQ(st.sent, 60);
  CHECK_EQ(st.received, 60);
  CHECK(st.segs_per_send_max >= 3); /* header + a payload crossing a page boundary */
  CHECK_EQ(hw->no_desc[0] + hw->no_desc[1], 0);
  /* blocking send */
  rx[1].exp_len[rx[1].tail % 64] = 5;
  vipl_vread(nic[0], sb[0], rx[1].exp[rx[1].tail % 64], 5);
  rx[1].tail++;
  unsigned got0 = rx[1].got;
  CHECK_EQ(FM_send(fm[0], 1, 7, sb[0], 5), FM_SUCCESS);
  CHECK_EQ(FM_outstanding(fm[0]), 0);
  comet_hw_tick(hw, 100);
  FM_extract(fm[1], 0); /* (the idle hook of node 0's wait may have run it already) */
  CHECK_EQ(rx[1].got, got0 + 1);
  CHECK_EQ(rx[1].bad, 0);
  /* unknown destination node: the adapter refuses it, FM_wait reports it */
  CHECK_EQ(FM_send_nw(fm[0], 9, 7, sb[0], 10, NULL), FM_SUCCESS);
  CHECK_EQ(FM_wait(fm[0]), FM_SEND_ERROR);
  FM_stats(fm[0], &st);
  CHECK_EQ(st.send_errors, 1);
  /* no handler on the receiver: counted, descriptor re-posted */
  CHECK_EQ(FM_send(fm[0], 1, 9, sb[0], 10), FM_SUCCESS);
  comet_hw_tick(hw, 100);
  FM_extract(fm[1], 0);
  CHECK_EQ(rx[1].got, got0 + 1);
  FM_stats(fm[1], &st);
  CHECK_EQ(st.rx_no_handler, 1);
  /* posted doorbells: node 0's clock runs ahead; its doorbell waits for the hardware to get
   * there and node 1 advancing the hardware issues it (node 0's clock is not dragged back) */
  {
    CHECK_EQ(FM_wait(fm[0]), FM_SUCCESS);
    vipl_sync(nic[0]);
    vipl_sync(nic[1]);
    uint64_t c0 = comet_hw_cycle(hw);
    vipl_spend(nic[0], 5000);
    CHECK_EQ(FM_send_nw(fm[0], 1, 7, sb[0], 10, NULL), FM_SUCCESS);
    CHECK_EQ(comet_hw_cycle(hw), c0); /* nothing issued yet: hardware still at c0 */
    CHECK_EQ(hw->db[0][2].n, 0);
    vipl_spend(nic[1], 4000);
    vipl_sync(nic[1]);
    CHECK_EQ(hw->db[0][2].n, 0); /* not due before node 0's clock */
    vipl_spend(nic[1], 2000);
    vipl_sync(nic[1]);
    CHECK(hw->db[0][2].n == 1 || hw->frames[0] > 0); /* issued at node 0's time on the way */
    rx[1].exp_len[rx[1].tail % 64] = 10;
    vipl_vread(nic[0], sb[0], rx[1].exp[rx[1].tail % 64], 10);
    rx[1].tail++;
    CHECK_EQ(FM_wait(fm[0]), FM_SUCCESS);
    comet_hw_tick(hw, 200);
    FM_extract(fm[1], 0);
    CHECK_EQ(rx[1].bad, 0);
  }
  CHECK_EQ(FM_deregister(fm[0], sb[0] + 1), FM_NOT_REGISTERED);
  CHECK_EQ(FM_deregister(fm[0], sb[0]), FM_SUCCESS);
  CHECK_EQ(FM_send_nw(fm[0], 1, 7, sb[0], 10, NULL), FM_NOT_REGISTERED);
  for (int i = 0; i < 2; i++) {
    CHECK_EQ(FM_finalize(fm[i]), FM_SUCCESS);
    CHECK_EQ(VipCloseNic(nic[i]), VIP_SUCCESS);
  }
}

int main(void) {
  test_split();
  comet_hw_t *hw = comet_hw_open("fake", 1, NULL);
  test_nic_vi_mem(hw);
  comet_hw_close(hw);
  hw = comet_hw_open("fake", 1, NULL);
  test_fm(hw);
  comet_hw_close(hw);
  printf("test_vipl: %s (%d failures)\n", fails ? "FAIL" : "pass", fails);
  return fails ? 1 : 0;
}
