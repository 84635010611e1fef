// SPDX-License-Identifier: Apache-2.0
/* vipl: VI Provider Library of Comet-VIA. See vipl.h and docs/reference/vipl_fm.md. */
#include "vipl.h"
#include <stdlib.h>
#include <string.h>
#include "nic_pkg.h"

#define NIC_MAGIC 0x4E49434Cu /* "NICL" */
#define VI_MAGIC 0x56495649u  /* "VIVI" */
#define SEG_MAX_LEN 65535u
#define PAGES_PER_SEG 17u
#define VIPL_PEND_CAP 128u /* a 65535-byte buffer touches at most 17 pages */

enum { Q_SEND = 0, Q_RECV = 1 };

struct vipl_vi {
  uint32_t magic;
  struct vipl_nic *nic;
  unsigned num;
  VIP_VI_ATTRIBUTES attr;
  struct {
    VIP_VADDR va[VIPL_QCAP];
    uint32_t pa[VIPL_QCAP];
    unsigned head, n;
  } q[2];
};

typedef struct {
  uint32_t pa;   /* physical address of the page */
  uint32_t pin;  /* registrations covering the page */
  uint32_t run;  /* pages of the allocation starting here (0: not an allocation start) */
  uint8_t mapped;
} vipl_pte_t;

struct vipl_nic {
  uint32_t magic;
  comet_hw_t *hw;
  vipl_config_t cfg;
  uint8_t *mem;
  uint32_t mem_size;
  uint32_t num_vi, db_depth, max_segs;
  uint32_t *free_pages; /* stack of free physical page numbers */
  uint32_t nfree;
  vipl_pte_t pt[VIPL_VA_PAGES];
  struct {
    uint8_t in_use;
    uint16_t gen;
    VIP_VADDR va;
    uint32_t len;
    VIP_PROTECTION_HANDLE ptag;
  } reg[VIPL_MAX_REGIONS];
  struct {
    uint32_t vpn1; /* virtual page number + 1 (0 = empty) */
    uint32_t pa;
  } tc[VIPL_TC_ENTRIES];
  struct vipl_vi vi[VIPL_MAX_VI];
  uint64_t host_t;
  struct vipl_nic *peer; /* the next NIC of the ring of NICs on the same comet_hw (vipl_link_peer / vipl_link_group) */
  struct {
    uint32_t addr, val;
    uint64_t due;
  } pend[VIPL_PEND_CAP]; /* doorbell writes issued at host times the hardware has not reached */
  unsigned pend_h, pend_n;
  void (*idle)(void *);
  void *idle_ctx;
  int in_idle;
  vipl_stats_t st;
};

const char *vipl_strerror(VIP_RETURN r) {
  static const char *const n[] = {"VIP_SUCCESS", "VIP_NOT_DONE", "VIP_INVALID_PARAMETER", "VIP_ERROR_RESOURCE",
                                  "VIP_TIMEOUT", "VIP_REJECT", "VIP_INVALID_RELIABILITY_LEVEL", "VIP_INVALID_MTU",
                                  "VIP_INVALID_QOS", "VIP_INVALID_PTAG", "VIP_INVALID_RDMAREAD",
                                  "VIP_DESCRIPTOR_ERROR", "VIP_INVALID_STATE", "VIP_ERROR_NAMESERVICE",
                                  "VIP_NO_MATCH", "VIP_NOT_REACHABLE", "VIP_ERROR_NOT_SUPPORTED", "VIP_ERROR_HW"};
  return ((unsigned)r < sizeof n / sizeof n[0]) ? n[r] : "VIP_?";
}

/* ---------------- helpers ---------------- */

static int nic_ok(const struct vipl_nic *n) { return n && n->magic == NIC_MAGIC; }
static int vi_ok(const struct vipl_vi *v) { return v && v->magic == VI_MAGIC && nic_ok(v->nic); }

static uint64_t rd64(const struct vipl_nic *n, uint32_t pa) {
  uint64_t v = 0;
  for (unsigned i = 0; i < 8; i++) v |= (uint64_t)n->mem[pa + i] << (8 * i);
  return v;
}
static void wr64(struct vipl_nic *n, uint32_t pa, uint64_t v) {
  for (unsigned i = 0; i < 8; i++) n->mem[pa + i] = (uint8_t)(v >> (8 * i));
}
static uint64_t getf(uint64_t w, unsigned lsb, unsigned width) {
  return width >= 64 ? w : (w >> lsb) & ((1ull << width) - 1);
}
static uint64_t setf(uint64_t w, unsigned lsb, unsigned width, uint64_t v) {
  uint64_t m = width >= 64 ? ~0ull : ((1ull << width) - 1) << lsb;
  return (w & ~m) | ((v << lsb) & m);
}
/* status bits of word 3 (bits 63:32) */
#define STATUS_SHIFT VIA_DESC_HDR_STATUS_DONE_LSB

void vipl_spend(VIP_NIC_HANDLE n, uint64_t c) {
  if (!nic_ok(n)) return;
  n->host_t += c;
  n->st.host_cycles += c;
}
/* issue the pending doorbell writes of n whose host time the hardware has reached */
static void pend_flush(struct vipl_nic *n) {
  while (n->pend_n && n->pend[n->pend_h].due <= comet_hw_cycle(n->hw)) {
    comet_hw_csr_write(n->hw, n->cfg.node, n->pend[n->pend_h].addr, n->pend[n->pend_h].val);
    n->pend_h = (n->pend_h + 1) % VIPL_PEND_CAP;
    n->pend_n--;
  }
}
/* advance the hardware to cycle target, issuing the pending doorbells of every linked node on the way */
static void hw_advance(struct vipl_nic *n, uint64_t target) {
  for (;;) {
    struct vipl_nic *p = n;
    do {
      pend_flush(p);
      p = p->peer;
    } while (p && p != n);
    uint64_t now = comet_hw_cycle(n->hw), next = target;
    if (now >= target) return;
    p = n;
    do {
      if (p->pend_n && p->pend[p->pend_h].due < next) next = p->pend[p->pend_h].due;
      p = p->peer;
    } while (p && p != n);
    comet_hw_tick(n->hw, next > now ? next - now : 1);
  }
}
void vipl_sync(VIP_NIC_HANDLE n) {
  if (!nic_ok(n)) return;
  hw_advance(n, n->host_t);
  uint64_t now = comet_hw_cycle(n->hw);
  if (now > n->host_t) n->host_t = now;
}
/* a doorbell store at host time host_t: the CPU does not wait for it (posted write) */
static void doorbell_write(struct vipl_nic *n, uint32_t addr, uint32_t v) {
  if (n->pend_n == VIPL_PEND_CAP) vipl_sync(n); /* (cannot happen with 3 VIs x 2 x 16) */
  unsigned t = (n->pend_h + n->pend_n) % VIPL_PEND_CAP;
  n->pend[t].addr = addr;
  n->pend[t].val = v;
  n->pend[t].due = n->host_t;
  n->pend_n++;
  hw_advance(n, comet_hw_cycle(n->hw)); /* issue now if the hardware is already there */
}
VIP_RETURN vipl_link_peer(VIP_NIC_HANDLE a, VIP_NIC_HANDLE b) {
  VIP_NIC_HANDLE g[2] = {a, b};
  return vipl_link_group(g, 2);
}
VIP_RETURN vipl_link_group(VIP_NIC_HANDLE *nics, unsigned count) {
  if (!nics || count < 2) return VIP_INVALID_PARAMETER;
  for (unsigned i = 0; i < count; i++) {
    if (!nic_ok(nics[i]) || nics[i]->hw != nics[0]->hw) return VIP_INVALID_PARAMETER;
    for (unsigned j = 0; j < i; j++)
      if (nics[j] == nics[i] || nics[j]->cfg.node == nics[i]->cfg.node) return VIP_INVALID_PARAMETER;
  }
  for (unsigned i = 0; i < count; i++) nics[i]->peer = nics[(i + 1) % count];
  return VIP_SUCCESS;
}
uint64_t vipl_now(VIP_NIC_HANDLE n) { return nic_ok(n) ? n->host_t : 0; }
static void csr_wr(struct vipl_nic *n, uint32_t addr, uint32_t v) {
  vipl_sync(n);
  comet_hw_csr_write(n->hw, n->cfg.node, addr, v);
  vipl_sync(n);
}
static uint32_t csr_rd(struct vipl_nic *n, uint32_t addr) {
  vipl_sync(n);
  uint32_t v = comet_hw_csr_read(n->hw, n->cfg.node, addr);
  vipl_sync(n);
  return v;
}
void vipl_csr_write(VIP_NIC_HANDLE n, uint32_t addr, uint32_t v) {
  if (nic_ok(n)) csr_wr(n, addr, v);
}
uint32_t vipl_csr_read(VIP_NIC_HANDLE n, uint32_t addr) { return nic_ok(n) ? csr_rd(n, addr) : CSR_UNMAPPED; }
void vipl_set_idle_hook(VIP_NIC_HANDLE n, void (*hook)(void *), void *ctx) {
  if (!nic_ok(n)) return;
  n->idle = hook;
  n->idle_ctx = ctx;
}
comet_hw_t *vipl_hw(VIP_NIC_HANDLE n) { return nic_ok(n) ? n->hw : NULL; }
int vipl_node(VIP_NIC_HANDLE n) { return nic_ok(n) ? n->cfg.node : -1; }
unsigned vipl_vi_number(VIP_VI_HANDLE v) { return vi_ok(v) ? v->num : ~0u; }
const vipl_cost_t *vipl_cost(VIP_NIC_HANDLE n) { return nic_ok(n) ? &n->cfg.cost : NULL; }
void vipl_stats(VIP_NIC_HANDLE n, vipl_stats_t *st) {
  if (nic_ok(n) && st) *st = n->st;
}

/* virtual page number of va, or -1 outside the process heap */
static long vpn_of(VIP_VADDR va) {
  if (va < VIPL_VA_BASE) return -1;
  uint64_t p = (va - VIPL_VA_BASE) / VIPL_PAGE_SIZE;
  return p < VIPL_VA_PAGES ? (long)p : -1;
}

/* [va, va+len) mapped? */
static int range_mapped(const struct vipl_nic *n, VIP_VADDR va, uint64_t len) {
  if (len == 0) return 0;
  long a = vpn_of(va), b = vpn_of(va + len - 1);
  if (a < 0 || b < 0) return 0;
  for (long p = a; p <= b; p++)
    if (!n->pt[p].mapped) return 0;
  return 1;
}

/* registration index of handle mh covering [va, va+len), or -1 */
static int region_of(const struct vipl_nic *n, VIP_MEM_HANDLE mh, VIP_VADDR va, uint64_t len) {
  uint32_t idx = (mh & 0xFFFFu) - 1u, gen = mh >> 16;
  if (idx >= VIPL_MAX_REGIONS || !n->reg[idx].in_use || n->reg[idx].gen != gen) return -1;
  if (len == 0 || va < n->reg[idx].va || va + len > n->reg[idx].va + n->reg[idx].len) return -1;
  return (int)idx;
}

/* translate a pinned page through the translation cache (charges its cost); -1 if not pinned */
static int xlate_page(struct vipl_nic *n, long vpn, uint32_t *pa) {
  if (vpn < 0 || !n->pt[vpn].mapped || n->pt[vpn].pin == 0) return -1;
  unsigned i = (unsigned)vpn % VIPL_TC_ENTRIES;
  if (n->tc[i].vpn1 == (uint32_t)vpn + 1u) {
    n->st.tc_hits++;
    vipl_spend(n, n->cfg.cost.xlate_hit);
  } else {
    n->st.tc_misses++;
    vipl_spend(n, n->cfg.cost.xlate_miss); /* system call: kernel walks the page table */
    n->tc[i].vpn1 = (uint32_t)vpn + 1u;
    n->tc[i].pa = n->pt[vpn].pa;
  }
  *pa = n->tc[i].pa;
  return 0;
}

static void tc_flush_page(struct vipl_nic *n, long vpn) {
  unsigned i = (unsigned)vpn % VIPL_TC_ENTRIES;
  if (n->tc[i].vpn1 == (uint32_t)vpn + 1u) {
    n->tc[i].vpn1 = 0;
    n->st.tc_flushed++;
  }
}

static uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s ? *s : 0x9E3779B97F4A7C15ull;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *s = x;
  return x;
}

/* ---------------- NIC / VI ---------------- */

VIP_RETURN VipOpenNic(comet_hw_t *hw, const vipl_config_t *cfg, VIP_NIC_HANDLE *nic) {
  if (!hw || !cfg || !nic || cfg->node < 0 || cfg->node >= comet_hw_nodes(hw)) return VIP_INVALID_PARAMETER;
  *nic = NULL;
  uint32_t size = 0;
  uint8_t *mem = comet_hw_mem(hw, cfg->node, &size);
  if (!mem || size < 4 * VIPL_PAGE_SIZE) return VIP_ERROR_HW;
  struct vipl_nic *n = calloc(1, sizeof *n);
  if (!n) return VIP_ERROR_RESOURCE;
  n->magic = NIC_MAGIC;
  n->hw = hw;
  n->cfg = *cfg;
  n->mem = mem;
  n->mem_size = size;
  n->host_t = comet_hw_cycle(hw);
  const uint32_t via = CSR_BASE_COMET_VIA;
  if (csr_rd(n, via + CSR_COMET_VIA_ID) != COMET_VIA_ID_ID_RESET) {
    free(n);
    return VIP_ERROR_HW;
  }
  uint32_t p = csr_rd(n, via + CSR_COMET_VIA_PARAMS);
  n->num_vi = (uint32_t)getf(p, COMET_VIA_PARAMS_NUM_VI_LSB, COMET_VIA_PARAMS_NUM_VI_W);
  n->db_depth = (uint32_t)getf(p, COMET_VIA_PARAMS_DB_DEPTH_LSB, COMET_VIA_PARAMS_DB_DEPTH_W);
  n->max_segs = (uint32_t)getf(p, COMET_VIA_PARAMS_MAX_SEGS_LSB, COMET_VIA_PARAMS_MAX_SEGS_W);
  if (n->num_vi > VIPL_MAX_VI) n->num_vi = VIPL_MAX_VI;
  if (n->db_depth > VIPL_QCAP) n->db_depth = VIPL_QCAP;
  if (n->max_segs > VIPL_MAX_SEGS) n->max_segs = VIPL_MAX_SEGS;
  if (n->num_vi == 0 || n->db_depth == 0 || n->max_segs == 0) {
    free(n);
    return VIP_ERROR_HW;
  }
  csr_wr(n, via + CSR_COMET_VIA_HOST_LIMIT, size);
  csr_wr(n, via + CSR_COMET_VIA_CTRL, 1u << COMET_VIA_CTRL_EN_LSB);
  /* physical page pool: page 0 is never handed out (a 0 address is never valid) */
  uint32_t np = size / VIPL_PAGE_SIZE;
  n->free_pages = calloc(np, sizeof *n->free_pages);
  if (!n->free_pages) {
    free(n);
    return VIP_ERROR_RESOURCE;
  }
  for (uint32_t i = np - 1; i >= 1; i--) n->free_pages[n->nfree++] = i; /* pops ascending */
  if (!cfg->phys_contig) {
    uint64_t s = cfg->seed * 0x9E3779B97F4A7C15ull + 1u + (uint64_t)cfg->node;
    for (uint32_t i = n->nfree - 1; i > 0; i--) {
      uint32_t j = (uint32_t)(rng_next(&s) % (i + 1u)), t = n->free_pages[i];
      n->free_pages[i] = n->free_pages[j];
      n->free_pages[j] = t;
    }
  }
  *nic = n;
  return VIP_SUCCESS;
}

VIP_RETURN VipCloseNic(VIP_NIC_HANDLE n) {
  if (!nic_ok(n)) return VIP_INVALID_PARAMETER;
  vipl_sync(n); /* issue pending doorbells */
  if (n->peer) { /* leave the ring */
    struct vipl_nic *p = n->peer;
    while (p->peer && p->peer != n) p = p->peer;
    p->peer = n->peer == p ? NULL : n->peer;
  }
  for (unsigned i = 0; i < VIPL_MAX_VI; i++) n->vi[i].magic = 0;
  n->magic = 0;
  free(n->free_pages);
  free(n);
  return VIP_SUCCESS;
}

VIP_RETURN VipCreateVi(VIP_NIC_HANDLE n, const VIP_VI_ATTRIBUTES *a, VIP_CQ_HANDLE scq, VIP_CQ_HANDLE rcq,
                       VIP_VI_HANDLE *vi) {
  if (!nic_ok(n) || !a || !vi) return VIP_INVALID_PARAMETER;
  vipl_spend(n, n->cfg.cost.call);
  if (scq || rcq) return VIP_ERROR_NOT_SUPPORTED;
  if (a->ReliabilityLevel != VIP_SERVICE_UNRELIABLE) return VIP_INVALID_RELIABILITY_LEVEL;
  if (a->MaxTransferSize == 0 || a->MaxTransferSize > VIPL_MAX_TRANSFER) return VIP_INVALID_MTU;
  if (a->QoS) return VIP_INVALID_QOS;
  if (a->EnableRdmaRead) return VIP_INVALID_RDMAREAD;
  if (a->EnableRdmaWrite) return VIP_ERROR_NOT_SUPPORTED;
  for (unsigned k = 0; k < n->num_vi; k++) {
    if (n->vi[k].magic == VI_MAGIC) continue;
    memset(&n->vi[k], 0, sizeof n->vi[k]);
    n->vi[k].magic = VI_MAGIC;
    n->vi[k].nic = n;
    n->vi[k].num = k;
    n->vi[k].attr = *a;
    *vi = &n->vi[k];
    return VIP_SUCCESS;
  }
  return VIP_ERROR_RESOURCE;
}

VIP_RETURN VipDestroyVi(VIP_VI_HANDLE v) {
  if (!vi_ok(v)) return VIP_INVALID_PARAMETER;
  vipl_spend(v->nic, v->nic->cfg.cost.call);
  if (v->q[Q_SEND].n || v->q[Q_RECV].n) return VIP_INVALID_STATE;
  v->magic = 0;
  return VIP_SUCCESS;
}

/* ---------------- memory ---------------- */

VIP_RETURN vipl_valloc(VIP_NIC_HANDLE n, VIP_ULONG len, VIP_VADDR *va) {
  if (!nic_ok(n) || !va || len == 0) return VIP_INVALID_PARAMETER;
  uint32_t np = (uint32_t)((len + VIPL_PAGE_SIZE - 1) / VIPL_PAGE_SIZE);
  if (np > n->nfree || np > VIPL_VA_PAGES) return VIP_ERROR_RESOURCE;
  for (uint32_t s = 0; s + np <= VIPL_VA_PAGES; s++) {
    uint32_t k = 0;
    while (k < np && !n->pt[s + k].mapped) k++;
    if (k < np) {
      s += k;
      continue;
    }
    for (k = 0; k < np; k++) {
      uint32_t pp = n->free_pages[--n->nfree];
      vipl_pte_t *e = &n->pt[s + k];
      e->pa = pp * VIPL_PAGE_SIZE;
      e->mapped = 1;
      e->pin = 0;
      e->run = 0;
      memset(n->mem + e->pa, 0, VIPL_PAGE_SIZE);
    }
    n->pt[s].run = np;
    *va = VIPL_VA_BASE + (uint64_t)s * VIPL_PAGE_SIZE;
    return VIP_SUCCESS;
  }
  return VIP_ERROR_RESOURCE;
}

VIP_RETURN vipl_vfree(VIP_NIC_HANDLE n, VIP_VADDR va) {
  if (!nic_ok(n)) return VIP_INVALID_PARAMETER;
  long s = vpn_of(va);
  if (s < 0 || va % VIPL_PAGE_SIZE || !n->pt[s].mapped || n->pt[s].run == 0) return VIP_INVALID_PARAMETER;
  uint32_t np = n->pt[s].run;
  for (uint32_t k = 0; k < np; k++)
    if (n->pt[s + k].pin) return VIP_INVALID_STATE;
  for (uint32_t k = 0; k < np; k++) {
    vipl_pte_t *e = &n->pt[s + k];
    tc_flush_page(n, s + (long)k);
    n->free_pages[n->nfree++] = e->pa / VIPL_PAGE_SIZE;
    memset(e, 0, sizeof *e);
  }
  return VIP_SUCCESS;
}

static VIP_RETURN vcopy(struct vipl_nic *n, VIP_VADDR va, uint8_t *dst, const uint8_t *src, VIP_ULONG len) {
  if (!nic_ok(n) || (!dst && !src)) return VIP_INVALID_PARAMETER;
  if (len == 0) return VIP_SUCCESS;
  if (!range_mapped(n, va, len)) return VIP_INVALID_PARAMETER;
  VIP_ULONG done = 0;
  while (done < len) {
    VIP_VADDR a = va + done;
    uint32_t off = (uint32_t)(a % VIPL_PAGE_SIZE), chunk = VIPL_PAGE_SIZE - off;
    if (chunk > len - done) chunk = len - done;
    uint32_t pa = n->pt[vpn_of(a)].pa + off;
    if (dst)
      memcpy(dst + done, n->mem + pa, chunk);
    else
      memcpy(n->mem + pa, src + done, chunk);
    done += chunk;
  }
  vipl_spend(n, ((uint64_t)n->cfg.cost.copy_per_kib * len + 1023) / 1024);
  return VIP_SUCCESS;
}
VIP_RETURN vipl_vwrite(VIP_NIC_HANDLE n, VIP_VADDR va, const void *src, VIP_ULONG len) {
  if (!src) return VIP_INVALID_PARAMETER;
  return vcopy(n, va, NULL, src, len);
}
VIP_RETURN vipl_vread(VIP_NIC_HANDLE n, VIP_VADDR va, void *dst, VIP_ULONG len) {
  if (!dst) return VIP_INVALID_PARAMETER;
  return vcopy(n, va, dst, NULL, len);
}

VIP_RETURN vipl_vm_migrate(VIP_NIC_HANDLE n, VIP_VADDR va) {
  if (!nic_ok(n)) return VIP_INVALID_PARAMETER;
  long p = vpn_of(va);
  if (p < 0 || !n->pt[p].mapped) return VIP_INVALID_PARAMETER;
  if (n->pt[p].pin) return VIP_ERROR_RESOURCE; /* pinned: the OS may not move it */
  if (n->nfree == 0) return VIP_ERROR_RESOURCE;
  uint32_t npa = n->free_pages[--n->nfree] * VIPL_PAGE_SIZE, opa = n->pt[p].pa;
  memcpy(n->mem + npa, n->mem + opa, VIPL_PAGE_SIZE);
  memset(n->mem + opa, 0xA5, VIPL_PAGE_SIZE); /* the old frame now belongs to someone else */
  n->free_pages[n->nfree++] = opa / VIPL_PAGE_SIZE;
  n->pt[p].pa = npa;
  return VIP_SUCCESS;
}

uint32_t vipl_vm_phys(VIP_NIC_HANDLE n, VIP_VADDR va) {
  if (!nic_ok(n)) return 0;
  long p = vpn_of(va);
  if (p < 0 || !n->pt[p].mapped) return 0;
  return n->pt[p].pa + (uint32_t)(va % VIPL_PAGE_SIZE);
}

VIP_RETURN VipRegisterMem(VIP_NIC_HANDLE n, VIP_VADDR va, VIP_ULONG len, const VIP_MEM_ATTRIBUTES *a,
                          VIP_MEM_HANDLE *mh) {
  if (!nic_ok(n) || !mh || len == 0) return VIP_INVALID_PARAMETER;
  if (a && a->EnableRdmaRead) return VIP_INVALID_RDMAREAD;
  if (a && a->EnableRdmaWrite) return VIP_ERROR_NOT_SUPPORTED;
  if (!range_mapped(n, va, len)) return VIP_INVALID_PARAMETER;
  unsigned idx = 0;
  while (idx < VIPL_MAX_REGIONS && n->reg[idx].in_use) idx++;
  if (idx == VIPL_MAX_REGIONS) return VIP_ERROR_RESOURCE;
  long a0 = vpn_of(va), a1 = vpn_of(va + len - 1);
  for (long p = a0; p <= a1; p++) {
    if (n->pt[p].pin++ == 0) n->st.pinned_pages++;
  }
  vipl_spend(n, n->cfg.cost.reg_call + (uint64_t)n->cfg.cost.reg_page * (uint64_t)(a1 - a0 + 1));
  n->reg[idx].in_use = 1;
  n->reg[idx].gen = (uint16_t)(n->reg[idx].gen + 1u);
  n->reg[idx].va = va;
  n->reg[idx].len = len;
  n->reg[idx].ptag = a ? a->Ptag : 0;
  *mh = (idx + 1u) | ((uint32_t)n->reg[idx].gen << 16);
  return VIP_SUCCESS;
}

VIP_RETURN VipDeregisterMem(VIP_NIC_HANDLE n, VIP_VADDR va, VIP_MEM_HANDLE mh) {
  if (!nic_ok(n)) return VIP_INVALID_PARAMETER;
  int idx = region_of(n, mh, va, 1);
  if (idx < 0 || n->reg[idx].va != va) return VIP_INVALID_PARAMETER;
  long a0 = vpn_of(va), a1 = vpn_of(va + n->reg[idx].len - 1);
  for (long p = a0; p <= a1; p++) {
    if (--n->pt[p].pin == 0) {
      n->st.pinned_pages--;
      tc_flush_page(n, p); /* the page may move now: its cached translation must go */
    }
  }
  vipl_spend(n, n->cfg.cost.reg_call + (uint64_t)n->cfg.cost.reg_page * (uint64_t)(a1 - a0 + 1));
  n->reg[idx].in_use = 0;
  return VIP_SUCCESS;
}

/* ---------------- descriptors ---------------- */

int vipl_split_phys(VIP_VADDR va, uint32_t len, const uint32_t *page_pa, unsigned npages, vipl_seg_t *out,
                    unsigned max) {
  if (len == 0 || !page_pa || (!out && max)) return -1;
  uint64_t first = va / VIPL_PAGE_SIZE, last = (va + len - 1) / VIPL_PAGE_SIZE;
  if (last - first + 1 > npages) return -1;
  unsigned ns = 0;
  uint32_t done = 0;
  while (done < len) {
    uint64_t a = va + done;
    unsigned pg = (unsigned)(a / VIPL_PAGE_SIZE - first);
    uint32_t off = (uint32_t)(a % VIPL_PAGE_SIZE), chunk = VIPL_PAGE_SIZE - off;
    if (chunk > len - done) chunk = len - done;
    uint32_t pa = page_pa[pg] + off;
    if (ns && out[ns - 1].pa + out[ns - 1].len == pa && out[ns - 1].len < SEG_MAX_LEN) {
      uint32_t room = SEG_MAX_LEN - out[ns - 1].len, take = chunk < room ? chunk : room;
      out[ns - 1].len += take; /* physically adjacent: extend the segment */
      done += take;
      continue;
    }
    if (ns == max) return -1;
    uint32_t take = chunk < SEG_MAX_LEN ? chunk : SEG_MAX_LEN;
    out[ns].pa = pa;
    out[ns].len = take;
    ns++;
    done += take;
  }
  return (int)ns;
}

/* physical address of a descriptor of nseg segments at desc: checks registration, alignment and
 * that it stays inside one page; 0 on error */
static uint32_t desc_pa(struct vipl_nic *n, VIP_VADDR desc, VIP_MEM_HANDLE mh, unsigned nseg) {
  uint32_t bytes = VIPL_DESC_BYTES(nseg), pa;
  if (desc % 8 || desc % VIPL_PAGE_SIZE + bytes > VIPL_PAGE_SIZE) return 0;
  if (region_of(n, mh, desc, bytes) < 0) return 0;
  if (xlate_page(n, vpn_of(desc), &pa) < 0) return 0;
  return pa + (uint32_t)(desc % VIPL_PAGE_SIZE);
}

VIP_RETURN vipl_cbuf_setup(VIP_NIC_HANDLE n, VIP_VADDR desc, VIP_MEM_HANDLE desc_mh, const VIP_DESCRIPTOR *d,
                           unsigned *nsegs) {
  if (!nic_ok(n) || !d) return VIP_INVALID_PARAMETER;
  vipl_spend(n, n->cfg.cost.call);
  if (d->CS.SegCount == 0 || d->CS.SegCount > VIPL_MAX_SEGS) return VIP_DESCRIPTOR_ERROR;
  if (desc_pa(n, desc, desc_mh, 0) == 0) return VIP_INVALID_PARAMETER;
  vipl_seg_t seg[VIPL_MAX_SEGS];
  unsigned ns = 0;
  uint32_t total = 0;
  for (unsigned i = 0; i < d->CS.SegCount; i++) {
    const VIP_DATA_SEGMENT *s = &d->DS[i];
    if (s->Length == 0 || s->Length > SEG_MAX_LEN) return VIP_DESCRIPTOR_ERROR;
    if (region_of(n, s->Handle, s->Data, s->Length) < 0) return VIP_INVALID_PARAMETER; /* not registered */
    total += s->Length;
    if (total > SEG_MAX_LEN) return VIP_DESCRIPTOR_ERROR;
    uint32_t pages[PAGES_PER_SEG];
    long p0 = vpn_of(s->Data), p1 = vpn_of(s->Data + s->Length - 1);
    for (long p = p0; p <= p1; p++)
      if (xlate_page(n, p, &pages[p - p0]) < 0) return VIP_INVALID_PARAMETER;
    int k = vipl_split_phys(s->Data, s->Length, pages, (unsigned)(p1 - p0 + 1), seg + ns, n->max_segs - ns);
    if (k < 0) return VIP_DESCRIPTOR_ERROR; /* too many physical segments */
    /* a segment of this buffer may continue the previous buffer's last one physically; keep them
     * separate (one VIP data segment never spans two user segments: simpler to read back) */
    ns += (unsigned)k;
  }
  uint32_t pa = desc_pa(n, desc, desc_mh, ns);
  if (pa == 0) return VIP_INVALID_PARAMETER; /* the segment list leaves the page / region */
  uint64_t w1 = 0, w2 = 0, w3 = 0;
  w1 = setf(w1, VIA_DESC_HDR_NEXT_HANDLE_LSB, VIA_DESC_HDR_NEXT_HANDLE_W, d->CS.NextHandle);
  w1 = setf(w1, VIA_DESC_HDR_SEG_COUNT_LSB, VIA_DESC_HDR_SEG_COUNT_W, ns);
  w1 = setf(w1, VIA_DESC_HDR_CONTROL_LSB, VIA_DESC_HDR_CONTROL_W, d->CS.Control);
  w2 = setf(w2, VIA_DESC_HDR_RESERVED_LSB, VIA_DESC_HDR_RESERVED_W, d->CS.Reserved);
  w2 = setf(w2, VIA_DESC_HDR_IMMEDIATE_LSB, VIA_DESC_HDR_IMMEDIATE_W, d->CS.ImmediateData);
  w3 = setf(w3, VIA_DESC_HDR_LENGTH_LSB, VIA_DESC_HDR_LENGTH_W, total);
  wr64(n, pa + 8 * VIA_DESC_HDR_NEXT_WORD, d->CS.Next);
  wr64(n, pa + 8 * VIA_DESC_HDR_SEG_COUNT_WORD, w1);
  wr64(n, pa + 8 * VIA_DESC_HDR_IMMEDIATE_WORD, w2);
  wr64(n, pa + 8 * VIA_DESC_HDR_LENGTH_WORD, w3);
  /* data segments: the handle of the user segment each physical piece came from */
  unsigned o = 0;
  for (unsigned i = 0; i < d->CS.SegCount; i++) {
    uint32_t left = d->DS[i].Length;
    while (left && o < ns) {
      uint64_t s0 = setf(0, VIA_SEG_HDR_ADDR_LSB, VIA_SEG_HDR_ADDR_W, seg[o].pa);
      uint64_t s1 = setf(0, VIA_SEG_HDR_HANDLE_LSB, VIA_SEG_HDR_HANDLE_W, d->DS[i].Handle);
      s1 = setf(s1, VIA_SEG_HDR_LENGTH_LSB, VIA_SEG_HDR_LENGTH_W, seg[o].len);
      wr64(n, pa + 32 + 16 * o + 8 * VIA_SEG_HDR_ADDR_WORD, s0);
      wr64(n, pa + 32 + 16 * o + 8 * VIA_SEG_HDR_LENGTH_WORD, s1);
      left -= seg[o].len;
      o++;
    }
  }
  vipl_spend(n, (uint64_t)n->cfg.cost.desc_seg * (ns + 1u));
  n->st.segs_written += ns;
  if (nsegs) *nsegs = ns;
  return VIP_SUCCESS;
}

VIP_RETURN vipl_desc_read(VIP_NIC_HANDLE n, VIP_VADDR desc, VIP_CONTROL_SEGMENT *cs, VIP_DATA_SEGMENT *ds) {
  if (!nic_ok(n) || !cs) return VIP_INVALID_PARAMETER;
  uint32_t pa = vipl_vm_phys(n, desc);
  if (pa == 0 || desc % 8 || desc % VIPL_PAGE_SIZE + 32 > VIPL_PAGE_SIZE) return VIP_INVALID_PARAMETER;
  uint64_t w1 = rd64(n, pa + 8 * VIA_DESC_HDR_SEG_COUNT_WORD), w2 = rd64(n, pa + 8 * VIA_DESC_HDR_IMMEDIATE_WORD);
  uint64_t w3 = rd64(n, pa + 8 * VIA_DESC_HDR_LENGTH_WORD);
  cs->Next = rd64(n, pa + 8 * VIA_DESC_HDR_NEXT_WORD);
  cs->NextHandle = (uint32_t)getf(w1, VIA_DESC_HDR_NEXT_HANDLE_LSB, VIA_DESC_HDR_NEXT_HANDLE_W);
  cs->SegCount = (uint16_t)getf(w1, VIA_DESC_HDR_SEG_COUNT_LSB, VIA_DESC_HDR_SEG_COUNT_W);
  cs->Control = (uint16_t)getf(w1, VIA_DESC_HDR_CONTROL_LSB, VIA_DESC_HDR_CONTROL_W);
  cs->Reserved = (uint32_t)getf(w2, VIA_DESC_HDR_RESERVED_LSB, VIA_DESC_HDR_RESERVED_W);
  cs->ImmediateData = (uint32_t)getf(w2, VIA_DESC_HDR_IMMEDIATE_LSB, VIA_DESC_HDR_IMMEDIATE_W);
  cs->Length = (uint32_t)getf(w3, VIA_DESC_HDR_LENGTH_LSB, VIA_DESC_HDR_LENGTH_W);
  cs->Status = (uint32_t)(w3 >> STATUS_SHIFT);
  if (ds) {
    unsigned ns = cs->SegCount <= VIPL_MAX_SEGS ? cs->SegCount : VIPL_MAX_SEGS;
    if (desc % VIPL_PAGE_SIZE + VIPL_DESC_BYTES(ns) > VIPL_PAGE_SIZE) return VIP_INVALID_PARAMETER;
    for (unsigned i = 0; i < ns; i++) {
      uint64_t s0 = rd64(n, pa + 32 + 16 * i + 8 * VIA_SEG_HDR_ADDR_WORD);
      uint64_t s1 = rd64(n, pa + 32 + 16 * i + 8 * VIA_SEG_HDR_LENGTH_WORD);
      ds[i].Data = getf(s0, VIA_SEG_HDR_ADDR_LSB, VIA_SEG_HDR_ADDR_W);
      ds[i].Handle = (uint32_t)getf(s1, VIA_SEG_HDR_HANDLE_LSB, VIA_SEG_HDR_HANDLE_W);
      ds[i].Length = (uint32_t)getf(s1, VIA_SEG_HDR_LENGTH_LSB, VIA_SEG_HDR_LENGTH_W);
    }
  }
  return VIP_SUCCESS;
}

/* ---------------- post / done / wait ---------------- */

static VIP_RETURN vi_post(struct vipl_vi *v, int q, VIP_VADDR desc, VIP_MEM_HANDLE mh) {
  if (!vi_ok(v)) return VIP_INVALID_PARAMETER;
  struct vipl_nic *n = v->nic;
  vipl_spend(n, n->cfg.cost.call);
  uint32_t pa = desc_pa(n, desc, mh, 0);
  if (pa == 0) return VIP_INVALID_PARAMETER;
  uint64_t w1 = rd64(n, pa + 8 * VIA_DESC_HDR_SEG_COUNT_WORD);
  unsigned ns = (unsigned)getf(w1, VIA_DESC_HDR_SEG_COUNT_LSB, VIA_DESC_HDR_SEG_COUNT_W);
  if (ns == 0 || ns > n->max_segs) return VIP_DESCRIPTOR_ERROR;
  if (desc_pa(n, desc, mh, ns) != pa) return VIP_INVALID_PARAMETER;
  unsigned cap = n->db_depth < VIPL_QCAP ? n->db_depth : VIPL_QCAP;
  if (v->q[q].n >= cap) return VIP_ERROR_RESOURCE;
  /* clear Status (keep Length): the engine sets DONE when it completes */
  uint64_t w3 = rd64(n, pa + 8 * VIA_DESC_HDR_LENGTH_WORD);
  wr64(n, pa + 8 * VIA_DESC_HDR_LENGTH_WORD, w3 & ((1ull << STATUS_SHIFT) - 1));
  unsigned t = (v->q[q].head + v->q[q].n) % VIPL_QCAP;
  v->q[q].va[t] = desc;
  v->q[q].pa[t] = pa;
  v->q[q].n++;
  vipl_spend(n, n->cfg.cost.doorbell);
  uint32_t db = q == Q_SEND ? CSR_COMET_VIA_DB2 : CSR_COMET_VIA_DB3;
  doorbell_write(n, CSR_BASE_COMET_VIA + db + 8u * v->num, pa);
  if (q == Q_SEND)
    n->st.posts_send++;
  else
    n->st.posts_recv++;
  return VIP_SUCCESS;
}
VIP_RETURN VipPostSend(VIP_VI_HANDLE v, VIP_VADDR desc, VIP_MEM_HANDLE mh) { return vi_post(v, Q_SEND, desc, mh); }
VIP_RETURN VipPostRecv(VIP_VI_HANDLE v, VIP_VADDR desc, VIP_MEM_HANDLE mh) { return vi_post(v, Q_RECV, desc, mh); }

static VIP_RETURN done_once(struct vipl_vi *v, int q, VIP_VADDR *desc) {
  struct vipl_nic *n = v->nic;
  if (v->q[q].n == 0) return VIP_NOT_DONE;
  vipl_sync(n); /* the host reads memory at its own time: let the hardware catch up */
  uint32_t pa = v->q[q].pa[v->q[q].head];
  uint64_t w3 = rd64(n, pa + 8 * VIA_DESC_HDR_LENGTH_WORD);
  vipl_spend(n, n->cfg.cost.poll);
  n->st.polls++;
  uint32_t st = (uint32_t)(w3 >> STATUS_SHIFT);
  if (!(st & VIP_STATUS_DONE)) return VIP_NOT_DONE;
  *desc = v->q[q].va[v->q[q].head];
  v->q[q].head = (v->q[q].head + 1) % VIPL_QCAP;
  v->q[q].n--;
  if (q == Q_SEND)
    n->st.done_send++;
  else
    n->st.done_recv++;
  if (st & VIP_STATUS_ERROR_MASK) {
    n->st.desc_errors++;
    return VIP_DESCRIPTOR_ERROR;
  }
  return VIP_SUCCESS;
}

static VIP_RETURN vi_done(struct vipl_vi *v, int q, VIP_VADDR *desc) {
  if (!vi_ok(v) || !desc) return VIP_INVALID_PARAMETER;
  vipl_spend(v->nic, v->nic->cfg.cost.call);
  return done_once(v, q, desc);
}
VIP_RETURN VipSendDone(VIP_VI_HANDLE v, VIP_VADDR *desc) { return vi_done(v, Q_SEND, desc); }
VIP_RETURN VipRecvDone(VIP_VI_HANDLE v, VIP_VADDR *desc) { return vi_done(v, Q_RECV, desc); }

static VIP_RETURN vi_wait(struct vipl_vi *v, int q, VIP_ULONG timeout, VIP_VADDR *desc) {
  if (!vi_ok(v) || !desc) return VIP_INVALID_PARAMETER;
  struct vipl_nic *n = v->nic;
  vipl_spend(n, n->cfg.cost.call);
  if (v->q[q].n == 0) return VIP_INVALID_STATE; /* nothing posted: would wait forever */
  vipl_sync(n);
  uint64_t t0 = n->host_t;
  for (;;) {
    VIP_RETURN r = done_once(v, q, desc);
    if (r != VIP_NOT_DONE) return r;
    if (timeout && n->host_t - t0 >= timeout) return VIP_TIMEOUT;
    if (n->idle && !n->in_idle) {
      n->in_idle = 1;
      n->idle(n->idle_ctx);
      n->in_idle = 0;
    }
    if (n->cfg.cost.poll == 0) vipl_spend(n, 1); /* make progress */
  }
}
VIP_RETURN VipSendWait(VIP_VI_HANDLE v, VIP_ULONG timeout, VIP_VADDR *desc) { return vi_wait(v, Q_SEND, timeout, desc); }
VIP_RETURN VipRecvWait(VIP_VI_HANDLE v, VIP_ULONG timeout, VIP_VADDR *desc) { return vi_wait(v, Q_RECV, timeout, desc); }
