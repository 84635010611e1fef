// SPDX-License-Identifier: Apache-2.0
/* aotf_rxtlb_test: the receive TLB driver end to end on two nodes (sw/libaotf_rxtlb.h).
 * Node 0 sends kicks with virtual remote addresses (FLAG_XLAT_SKIP clear) to node 1, whose
 * driver keeps a mapping {pgid, pid, region} -> window but loads no TLB entry: the first packet
 * misses, waits in the receiver and interrupts; the driver's service refills the entry and the
 * packet is written at its physical address. A packet with a key the driver has no mapping for
 * is dropped by the service (CTRL.MISS_DROP), one outside the window by the TLB check (PROT);
 * neither changes the LLCM. Usage: aotf_rxtlb_test [--backend model|rtl|lockstep]. Exit 0 = pass. */
#include <stdio.h>
#include <string.h>
#include "libaotf.h"
#include "libaotf_rxtlb.h"
#include "nic_pkg.h"

#define RX(r) ((uint16_t)(CSR_BASE_AOTF_RX + CSR_AOTF_RX_##r))
#define PGID 0x55u
#define PID 7u
#define REGION 3u
#define VBASE 0x1000u
#define PBASE 0x8000u

typedef struct {
  int fail;
  uint64_t refills, drops, misses, prot, good;
} res_t;

static void sender(nic_host_t *h, void *arg) {
  res_t *r = arg;
  static aotf_t a;
  if (aotf_open(&a, h, 0)) { r->fail = 1; return; }
  aotf_hdr_t ok = {1, PGID, PID, REGION, VBASE, 0};
  aotf_hdr_t forged = {1, PGID, PID + 1, REGION, VBASE, 0};
  aotf_hdr_t out = {1, PGID, PID, REGION, VBASE + 0x1000, 0}; /* past vlimit */
  uint32_t p0 = aotf_kick_page(0, 0), p1 = aotf_kick_page(0, 1), p2 = aotf_kick_page(0, 2);
  if (aotf_map_virtual(&a, p0, &ok) || aotf_map_virtual(&a, p1, &forged) || aotf_map_virtual(&a, p2, &out)) {
    r->fail = 1;
    return;
  }
  aotf_kick(&a, p0 + 0x100, 0x1122334455667788ull, 8);
  aotf_kick(&a, p1 + 0x200, 0xdeadbeefdeadbeefull, 8);
  aotf_kick(&a, p2 + 0x300, 0xbadbadbadbadbad0ull, 8);
  aotf_kick(&a, p0 + 0x108, 0x99aabbccull, 4);
  aotf_flush(&a);
}

static void receiver(nic_host_t *h, void *arg) {
  res_t *r = arg;
  static aotf_t a;
  static aotf_rxtlb_t t;
  if (aotf_open(&a, h, 1)) { r->fail = 1; return; }
  aotf_rxtlb_open(&t, &a);
  aotf_rxmap_t m = {PGID, PID, REGION, VBASE, VBASE + 0x1000, PBASE};
  if (aotf_rxtlb_map(&t, &m, 0)) { r->fail = 1; return; }
  /* every packet decided: 2 written, 2 dropped (PROT) */
  uint64_t t0 = nic_host_now(h);
  while (nic_host_csr_read(h, RX(CNT_GOOD)) + nic_host_csr_read(h, RX(CNT_PROT)) < 4) {
    if (nic_host_irq(h)) aotf_service(&a);
    nic_host_wait(h, 8);
    if (nic_host_now(h) - t0 > 200000) { r->fail = 1; break; }
  }
  if (aotf_llcm_read(&a, PBASE + 0x100) != 0x1122334455667788ull) r->fail |= 2;
  if ((aotf_llcm_read(&a, PBASE + 0x108) & 0xffffffffu) != 0x99aabbccu) r->fail |= 4;
  for (uint32_t off = 0; off < 0x3000; off += 8) { /* nothing else in the window's neighbourhood */
    uint32_t x = PBASE - 0x1000 + off;
    if (x != PBASE + 0x100 && x != PBASE + 0x108 && aotf_llcm_read(&a, x) != 0) r->fail |= 8;
  }
  r->refills = t.refills;
  r->drops = t.drops;
  r->misses = nic_host_csr_read(h, RX(CNT_MISS));
  r->prot = nic_host_csr_read(h, RX(CNT_PROT));
  r->good = nic_host_csr_read(h, RX(CNT_GOOD));
}

int main(int argc, char **argv) {
  const char *backend = argc > 2 && !strcmp(argv[1], "--backend") ? argv[2] : "model";
  nic_host_cost_t hc = NIC_HOST_COST_ZERO;
  nic_sim_t *s = nic_sim_open(backend, 1, &hc, NULL);
  if (!s) return 2;
  res_t r = {0};
  nic_host_prog_t progs[2] = {sender, receiver};
  void *args[2] = {&r, &r};
  int rc = nic_sim_run(s, progs, args, 10000000ull);
  nic_sim_close(s);
  printf("aotf_rxtlb_test [%s]: fail bits %d, good %llu prot %llu misses %llu refills %llu drops %llu\n", backend, r.fail,
         (unsigned long long)r.good, (unsigned long long)r.prot, (unsigned long long)r.misses,
         (unsigned long long)r.refills, (unsigned long long)r.drops);
  int pass = !rc && !r.fail && r.good == 2 && r.prot == 2 && r.refills == 1 && r.drops == 1 && r.misses == 2;
  printf("aotf_rxtlb_test: %s\n", pass ? "pass" : "FAIL");
  return pass ? 0 : 1;
}
